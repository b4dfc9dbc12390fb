import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeRecord, type Settings } from '../../../src/core/game.ts';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import type { ContentSet } from '../../../src/games/setawatch/content.ts';
import { PARTIES, READING_SETTINGS, readingsOf, SET_CHOICES } from '../../../src/games/setawatch/index.ts';
import { ROUNDS, SetawatchRules } from '../../../src/games/setawatch/rules.ts';
import { Status } from '../../../src/games/setawatch/state.ts';
import type { SetawatchStrategy } from '../../../src/games/setawatch/decisions.ts';
import { greedy } from '../../../strategies/setawatch/greedy.ts';
import { setawatchStrategies } from '../../../strategies/setawatch/index.ts';
import { mixed } from '../../fixtures/mixed.ts';
import { everySetting } from '../../fixtures/settings.ts';
import { content } from './scenario.ts';

const random = setawatchStrategies.find((definition) => definition.name === 'random')!;

/** Greedy's games broken by one answer in eight at random, offered every option (no `ignores`). */
function mixedGreedy(): SetawatchStrategy {
  return { ...mixed(greedy.create({}), 8), ignores: undefined };
}

type StrategyName = 'greedy' | 'random' | 'mixed';
const STRATEGIES: Record<StrategyName, () => SetawatchStrategy> = { greedy: () => greedy.create({}), random: () => random.create({}), mixed: mixedGreedy };

interface Checked {
  rules: SetawatchRules;
  violations: string[];
  finalRoundReached: boolean;
}

/** Play one game and check the invariants at every line the engine logs. */
function playChecked(seed: number, summons: number, fire: number, party: string, sets: string, strategyName: StrategyName, onLine?: (line: string) => void, readings: Settings = {}): Checked {
  const checked: Checked = { rules: null as unknown as SetawatchRules, violations: [], finalRoundReached: false };
  const log = {
    write: (line: string) => {
      const s = checked.rules.state;
      if (s.cardsInPlaces() !== s.cardCount) checked.violations.push(`cards ${s.cardsInPlaces()} of ${s.cardCount} after "${line}"`);
      if (s.fire < 0 || s.fire > 15) checked.violations.push(`fire ${s.fire} after "${line}"`);
      if (s.round === ROUNDS) checked.finalRoundReached = true;
      onLine?.(line);
    },
  };
  checked.rules = new SetawatchRules(new CardTables(content, sets.split('+') as ContentSet[], party.split(',')), { summons, startingFire: fire, readings: readingsOf(readings) }, log);
  checked.rules.playGame(seed, STRATEGIES[strategyName](), new OutcomeRecord(3));
  return checked;
}

/** Parties with the pre-production Knight and/or Bard (they need the preproduction set). */
const KNIGHT_BARD_PARTIES = ['cleric,warrior,knight,bard', 'beastmaster,ranger,rogue,knight', 'ranger,rogue,wizard,bard', 'beastmaster,cleric,wizard,bard', 'cleric,ranger,warrior,knight'];
const PREPRODUCTION_SETS = SET_CHOICES.filter((sets) => sets.includes('preproduction'));

const games = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  summons: fc.integer({ min: 1, max: 4 }),
  fire: fc.constantFrom(7, 0),
  table: fc.oneof(
    fc.record({ party: fc.constantFrom(...PARTIES), sets: fc.constantFrom(...SET_CHOICES) }),
    fc.record({ party: fc.constantFrom(...KNIGHT_BARD_PARTIES), sets: fc.constantFrom(...PREPRODUCTION_SETS) }),
  ),
  strategy: fc.constantFrom<StrategyName>('greedy', 'random', 'mixed'),
  readings: everySetting(READING_SETTINGS),
});

describe('invariants over random games', () => {
  it('cards are conserved across deck, Line, Graveyard, Horde, Unhallowed deck, tamed and removed piles; fire stays in 0-15', () => {
    fc.assert(
      fc.property(games, (g) => {
        const checked = playChecked(g.seed, g.summons, g.fire, g.table.party, g.table.sets, g.strategy, undefined, g.readings);
        expect(checked.violations.slice(0, 3)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('each adventurer has camped exactly twice when the game reaches the final round', () => {
    let reached = 0;
    fc.assert(
      fc.property(games, (g) => {
        const checked = playChecked(g.seed, g.summons, g.fire, g.table.party, g.table.sets, g.strategy, undefined, g.readings);
        if (!checked.finalRoundReached) return;
        reached++;
        expect(Array.from(checked.rules.state.rests)).toEqual([2, 2, 2, 2]);
      }),
      { numRuns: 300 },
    );
    // Greedy's and the mixed strategy's games, two thirds of the runs, often reach it (the random strategy's hardly ever
    // do): 58 to 91 of the 300 games in 30 samples (mean 75, sd 8), so the old bound of 60 failed about one run in 20.
    // 30 is over five sd below, and still fails a test that checks almost no game.
    expect(reached).toBeGreaterThan(30);
  });
});

describe('fuzzing with random answers', () => {
  it('plays thousands of games on every content set and party without crashing', () => {
    const outcomes = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const sets = SET_CHOICES[i % SET_CHOICES.length];
      const checked = playChecked(i * 7919, 1 + (i % 4), i % 2 === 0 ? 7 : 0, PARTIES[i % PARTIES.length], sets, 'random');
      outcomes.set(checked.rules.state.status, (outcomes.get(checked.rules.state.status) ?? 0) + 1);
      expect(checked.violations).toEqual([]);
    }
    expect(outcomes.get(Status.playing)).toBeUndefined();
  });

  it("plays greedy's games broken by random answers, under every reading, on every content set and party, without crashing", () => {
    let finalRounds = 0;
    const readings = fc.sample(everySetting(READING_SETTINGS), { numRuns: 1200, seed: 6007 });
    for (const [i, reading] of readings.entries()) {
      const sets = SET_CHOICES[i % SET_CHOICES.length];
      const parties = sets.includes('preproduction') && i % 3 === 0 ? KNIGHT_BARD_PARTIES : PARTIES;
      const checked = playChecked(i * 6007, 1 + (i % 4), i % 2 === 0 ? 7 : 0, parties[i % parties.length], sets, 'mixed', undefined, reading);
      expect(checked.violations).toEqual([]);
      expect(checked.rules.state.status).not.toBe(Status.playing);
      if (checked.finalRoundReached) finalRounds++;
    }
    // Deep games, not the random strategy's first-round losses.
    expect(finalRounds).toBeGreaterThan(120);
  });

  it('plays the Knight and the Bard without crashing, using every camp action and ability they have', () => {
    const effects: Record<string, RegExp> = {
      Assist: /gets an attack die of/,
      'Multi-Talented': /is swapped for/,
      'Shield Bash': /puts a \d+ on Shield Bash|exhausts Shield Bash for its effect/,
      'Magic Sword': /puts a \d+ on Magic Sword|exhausts Magic Sword for its effect/,
      Taunt: /is taunted to first position/,
      'Dragon Lance': /puts a \d+ on Dragon Lance|exhausts Dragon Lance for its effect/,
      Inspire: /lowest die is raised to/,
      'Song of Discord': /puts a \d+ on Song of Discord|exhausts Song of Discord for its effect/,
      'Siren Song': /puts a \d+ on Siren Song|exhausts Siren Song for its effect/,
      'Line Dance': /change places/,
      Harmonize: /uses Harmonize/,
    };
    const used = new Set<string>();
    const notice = (line: string) => {
      for (const [name, pattern] of Object.entries(effects)) if (pattern.test(line)) used.add(name);
    };
    for (let i = 0; i < 1500; i++) {
      const checked = playChecked(i * 104729, 1 + (i % 4), 7, KNIGHT_BARD_PARTIES[i % KNIGHT_BARD_PARTIES.length], PREPRODUCTION_SETS[i % PREPRODUCTION_SETS.length], 'random', notice);
      expect(checked.violations).toEqual([]);
      expect(checked.rules.state.status).not.toBe(Status.playing);
    }
    expect([...used].sort()).toEqual(Object.keys(effects).sort());
  });
});
