import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeRecord, type Settings } from '../../../src/core/game.ts';
import { createNecreauxEngine, necreaux } from '../../../src/games/necreaux/index.ts';
import { Outcome } from '../../../src/games/necreaux/rules.ts';
import { Zone, type GameState } from '../../../src/games/necreaux/state.ts';
import { Kind, Op } from '../../../src/games/necreaux/cards.ts';
import type { NecreauxView } from '../../../src/games/necreaux/decisions.ts';
import { checkConservation, reference, testStrategy, variantsPlayable } from './helpers.ts';

const settingsArbitrary: fc.Arbitrary<Settings> = fc
  .record({
    agents: fc.integer({ min: 1, max: 5 }),
    level: fc.constantFrom('intro', '1', '2', '3', '4', '5', '6', '7'),
    caches: fc.constantFrom('level', 'none', 'upper', 'lower', 'both', 'shuffled-1', 'shuffled-2'),
    uncertainEnding: fc.boolean(),
    noTimeToWaste: fc.constantFrom('off', 'random', 'dealt'),
    playersShare: fc.integer({ min: 0, max: 5 }),
    skillReshuffle: fc.boolean(),
    trapXp: fc.constantFrom('card', 'agent'),
  })
  .map(({ playersShare, ...rest }) => ({ ...rest, players: Math.min(playersShare, rest.agents) }))
  .filter((settings) => variantsPlayable(settings.agents, settings.uncertainEnding, settings.noTimeToWaste));

const strategyArbitrary = fc.constantFrom('random', 'adaptive', 'cautious', 'fixed-speed');
const seedArbitrary = fc.integer({ min: 0, max: 2 ** 40 });

interface Watched {
  readonly record: OutcomeRecord;
  readonly state: GameState;
  readonly log: string[];
}

/** Plays one game with a log that checks invariants as the game goes: cards at each turn start, the countdown at every line. */
function watchedGame(settings: Settings, strategyName: string, seed: number): Watched {
  const log: string[] = [];
  let state: GameState | null = null;
  let countdown = -1;
  const engine = createNecreauxEngine(settings, reference, {
    write(line) {
      log.push(line);
      if (state === null) return;
      if (line.startsWith('turn ')) {
        checkConservation(state);
        if (countdown < 0) countdown = state.countdown;
      }
      if (countdown >= 0 && state.countdown > countdown && !line.startsWith('  countdown +')) {
        throw new Error(`countdown rose from ${countdown} to ${state.countdown} at "${line}"`);
      }
      if (countdown >= 0) countdown = state.countdown;
    },
  });
  state = engine.state;
  const record = new OutcomeRecord(necreaux.metrics.length);
  engine.playGame(seed, strategy(strategyName), record);
  return { record, state, log };
}

function strategy(name: string) {
  return necreaux.strategies.find((s) => s.name === name)!.create({});
}

describe('properties of every game', () => {
  it('no card is lost or duplicated, and the countdown rises only by card effects', () => {
    fc.assert(
      fc.property(settingsArbitrary, strategyArbitrary, seedArbitrary, (settings, strategyName, seed) => {
        const { state } = watchedGame(settings, strategyName, seed);
        let current = 0;
        for (let card = 0; card < state.cards.count; card++) if (state.zone[card] === Zone.current) current++;
        expect(current).toBeLessThanOrEqual(3);
        checkConservation(state);
      }),
      { numRuns: 150 },
    );
  });

  it('offers each ability only in its window: a hit or an evasion against the monster fought, loot with loot, a reroll on a roll that falls short (fails or ties)', () => {
    const windows: Record<number, (view: NecreauxView, state: GameState) => boolean> = {
      [Op.monsterHit]: (view) => view.currentCard >= 0 && view.kind(view.currentCard) === Kind.monster,
      [Op.evadeMonster]: (view) => view.currentCard >= 0 && view.kind(view.currentCard) === Kind.monster,
      [Op.takeLoot]: (_, state) => state.loot.size > 0,
      [Op.reroll]: (view) => view.rollFails || view.rollTies,
    };
    const asked = new Set<number>();
    const outside: string[] = [];
    for (let seed = 0; seed < 300; seed++) {
      const random = strategy('random');
      const answer = random.useAbility.bind(random);
      const engine = createNecreauxEngine({ agents: 1 + (seed % 5) }, reference, null);
      random.useAbility = (view, ability) => {
        const op = view.abilityOp(ability);
        const window = windows[op];
        if (window !== undefined) {
          asked.add(op);
          if (!window(view, engine.state)) outside.push(`seed ${seed}: ${view.name(ability)} (op ${op}) outside its window`);
        }
        return answer(view, ability);
      };
      engine.playGame(seed, random, new OutcomeRecord(necreaux.metrics.length));
    }
    expect(outside.slice(0, 5)).toEqual([]);
    expect([...asked].sort()).toEqual(Object.keys(windows).map(Number).sort()); // each window met at least once
  });

  it('the outcomes partition the games', () => {
    fc.assert(
      fc.property(settingsArbitrary, strategyArbitrary, seedArbitrary, (settings, strategyName, seed) => {
        const { record, state } = watchedGame(settings, strategyName, seed);
        const alive = state.aliveCount();
        expect([Outcome.success, Outcome.draw, Outcome.failure, Outcome.utterFailure]).toContain(record.outcome);
        expect(record.outcome === Outcome.success || record.outcome === Outcome.draw).toBe(state.escaped);
        expect(record.outcome === Outcome.success).toBe(state.escapedWithScientists);
        expect(record.outcome === Outcome.utterFailure).toBe(alive === 0);
        expect(record.outcome === Outcome.failure).toBe(!state.escaped && alive > 0);
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic: the same seed gives the same record and log, on a fresh engine or a reused one', () => {
    fc.assert(
      fc.property(settingsArbitrary, strategyArbitrary, seedArbitrary, (settings, strategyName, seed) => {
        const first = watchedGame(settings, strategyName, seed);
        const second = watchedGame(settings, strategyName, seed);
        expect(second.log).toEqual(first.log);
        expect(Array.from(second.record.metrics)).toEqual(Array.from(first.record.metrics));
        const engine = necreaux.createEngine(settings, reference, null);
        const reused = new OutcomeRecord(necreaux.metrics.length);
        engine.playGame(seed + 1, strategy(strategyName), reused);
        engine.playGame(seed, strategy(strategyName), reused);
        expect(reused.outcome).toBe(first.record.outcome);
        expect(Array.from(reused.metrics)).toEqual(Array.from(first.record.metrics));
      }),
      { numRuns: 60 },
    );
  });

  it('different settings with the same seed still give valid games', () => {
    fc.assert(
      fc.property(fc.array(settingsArbitrary, { minLength: 2, maxLength: 4 }), seedArbitrary, (all, seed) => {
        for (const settings of all) {
          const { record, state } = watchedGame(settings, 'random', seed);
          expect(record.outcome).toBeGreaterThanOrEqual(0);
          expect(record.outcome).toBeLessThan(necreaux.outcomes.length);
          checkConservation(state);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a setting that does not touch the deck leaves the shuffled deck unchanged (streams are per purpose)', () => {
    fc.assert(
      fc.property(seedArbitrary, (seed) => {
        const deckOf = (uncertainEnding: boolean) => {
          let order: number[] = [];
          const engine = createNecreauxEngine({ agents: 3, uncertainEnding }, reference, null);
          const out = new OutcomeRecord(necreaux.metrics.length);
          const spy = testStrategy({
            chooseSpeed: (view) => {
              if (view.turn === 1) order = engine.state.deck.toArray();
              return 0;
            },
          });
          engine.playGame(seed, spy, out);
          return order;
        };
        expect(deckOf(true)).toEqual(deckOf(false));
      }),
      { numRuns: 20 },
    );
  });
});
