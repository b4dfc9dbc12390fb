import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { createNecreauxEngine, necreaux } from '../../../src/games/necreaux/index.ts';
import { MAX_TURNS } from '../../../src/games/necreaux/rules.ts';
import { InputError } from '../../../src/core/errors.ts';
import { checkConservation, reference, variantsPlayable } from './helpers.ts';

const LEVELS = ['intro', '1', '2', '3', '4', '5', '6', '7'];
const CACHES = ['level', 'none', 'upper', 'lower', 'both', 'shuffled-1', 'shuffled-2'];
const NO_TIME_TO_WASTE = ['off', 'random', 'dealt'];
const GAMES_PER_COMBINATION = 12;

describe('fuzzing with the random strategy', () => {
  it('plays every agents x level x No Time To Waste combination (other settings varied) without errors, or rejects it when the countdown cannot start', () => {
    const random = necreaux.strategies.find((s) => s.name === 'random')!.create({});
    const out = new OutcomeRecord(necreaux.metrics.length);
    const turns = necreaux.metrics.findIndex((m) => m.name === 'turns');
    let combination = 0;
    let rejected = 0;
    let games = 0;
    let capped = 0;
    for (let agents = 1; agents <= 5; agents++) {
      for (const level of LEVELS) {
        for (const noTimeToWaste of NO_TIME_TO_WASTE) {
          const settings = {
            agents,
            level,
            noTimeToWaste,
            caches: CACHES[combination % CACHES.length],
            uncertainEnding: combination % 2 === 1,
            players: combination % (agents + 1),
            skillReshuffle: combination % 3 !== 0,
            trapXp: combination % 4 < 2 ? 'card' : 'agent',
          };
          combination++;
          if (!variantsPlayable(agents, settings.uncertainEnding, noTimeToWaste)) {
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
    for (const definition of necreaux.strategies) {
      const strategy = definition.create({});
      for (let agents = 1; agents <= 5; agents++) {
        for (const level of LEVELS) {
          const engine = createNecreauxEngine({ agents, level }, reference, null);
          for (let seed = 0; seed < 5; seed++) engine.playGame(seed, strategy, out);
        }
      }
    }
  });
});
