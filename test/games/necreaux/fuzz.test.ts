import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { createNecreauxEngine, necreaux } from '../../../src/games/necreaux/index.ts';
import { MAX_TURNS } from '../../../src/games/necreaux/rules.ts';
import { InputError } from '../../../src/core/errors.ts';
import { checkConservation, reference, variantsPlayable } from './helpers.ts';
import { recordProblems } from '../../fixtures/records.ts';
import { everySetting } from '../../fixtures/settings.ts';

const LEVELS = ['intro', '1', '2', '3', '4', '5', '6', '7'];
const NO_TIME_TO_WASTE = ['off', 'random', 'dealt'];
const GAMES_PER_COMBINATION = 12;

describe('fuzzing with the random strategy', () => {
  it('plays every agents x level x No Time To Waste combination (the other settings drawn) without errors, or rejects it when the countdown cannot start', () => {
    const random = necreaux.strategies.find((s) => s.name === 'random')!.create({});
    const out = new OutcomeRecord(necreaux.metrics.length);
    const turns = necreaux.metrics.findIndex((m) => m.name === 'turns');
    const others = fc.sample(everySetting(necreaux.settings), { numRuns: 5 * LEVELS.length * NO_TIME_TO_WASTE.length, seed: 7919 });
    let combination = 0;
    let rejected = 0;
    let games = 0;
    let capped = 0;
    for (let agents = 1; agents <= 5; agents++) {
      for (const level of LEVELS) {
        for (const noTimeToWaste of NO_TIME_TO_WASTE) {
          const drawn = others[combination];
          const settings = { ...drawn, agents, level, noTimeToWaste, players: Number(drawn.players) % (agents + 1) };
          combination++;
          if (!variantsPlayable(agents, drawn.uncertainEnding === true, noTimeToWaste)) {
            expect(() => createNecreauxEngine(settings, reference, null)).toThrow(InputError);
            rejected++;
            continue;
          }
          const engine = createNecreauxEngine(settings, reference, null);
          for (let game = 0; game < GAMES_PER_COMBINATION; game++) {
            engine.playGame(games * 7919 + 13, random, out);
            checkConservation(engine.state);
            if (out.metrics[turns] >= MAX_TURNS) capped++;
            games++;
          }
        }
      }
    }
    expect(combination).toBe(5 * 8 * 3);
    expect(rejected).toBeGreaterThan(0);
    expect(games).toBe((combination - rejected) * GAMES_PER_COMBINATION);
    expect(capped).toBeLessThan(games / 100);
  });

  it('the built-in strategies play every level with every team size', () => {
    const out = new OutcomeRecord(necreaux.metrics.length);
    const agentsAlive = necreaux.metrics.findIndex((m) => m.name === 'agentsAlive');
    const problems: string[] = [];
    const outcomes = new Set<string>();
    let games = 0;
    for (const definition of necreaux.strategies) {
      const strategy = definition.create({});
      for (let agents = 1; agents <= 5; agents++) {
        for (const level of LEVELS) {
          const engine = createNecreauxEngine({ agents, level }, reference, null);
          for (let seed = 0; seed < 5; seed++) {
            out.outcome = -1;
            out.metrics.fill(-1);
            engine.playGame(seed, strategy, out);
            games++;
            const where = `${definition.name}, ${agents} agents, level ${level}, seed ${seed}`;
            for (const problem of recordProblems(necreaux, out, ['turnScientistsFound'])) problems.push(`${where}: ${problem}`);
            if (out.metrics[agentsAlive] > agents) problems.push(`${where}: ${out.metrics[agentsAlive]} agents alive of ${agents}`);
            outcomes.add(necreaux.outcomes[out.outcome]);
          }
        }
      }
    }
    expect(games).toBe(necreaux.strategies.length * 5 * LEVELS.length * 5);
    expect(problems).toEqual([]);
    // Games end in more than one way: a record stuck on one outcome would not be playing the games out.
    expect(outcomes.size).toBeGreaterThan(1);
  });
});
