import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeRecord, type SettingValue } from '../../../src/core/game.ts';
import citiesofdoom, { readingsOf } from '../../../src/games/citiesofdoom/index.ts';
import { CitiesRules } from '../../../src/games/citiesofdoom/rules.ts';
import { Status, Where } from '../../../src/games/citiesofdoom/state.ts';
import type { CitiesStrategy } from '../../../src/games/citiesofdoom/decisions.ts';
import { DiceTables } from '../../../src/games/citiesofdoom/tables.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { heuristic } from '../../../strategies/citiesofdoom/heuristic.ts';
import { citiesofdoomStrategies } from '../../../strategies/citiesofdoom/index.ts';
import { mixed } from '../../fixtures/mixed.ts';
import { everySetting } from '../../fixtures/settings.ts';
import { content } from './scenario.ts';

const random = citiesofdoomStrategies.find((definition) => definition.name === 'random')!;
type StrategyName = 'heuristic' | 'random' | 'mixed';
const STRATEGIES: Record<StrategyName, () => CitiesStrategy> = { heuristic: () => heuristic.create({}), random: () => random.create({}), mixed: () => mixed(heuristic.create({}), 8) };

interface Checked {
  rules: CitiesRules;
  violations: string[];
  out: OutcomeRecord;
  lines: string[];
}

/** Play one game and check the invariants at every line the engine logs. */
function playChecked(seed: number, settings: Record<string, SettingValue>, strategyName: StrategyName, keepLines = false): Checked {
  const checked: Checked = { rules: null as unknown as CitiesRules, violations: [], out: new OutcomeRecord(citiesofdoom.metrics.length), lines: [] };
  let last = { damageTaken: 0, opponentRunes: 0, runesCollected: 0 };
  const log = {
    write: (line: string) => {
      if (keepLines) checked.lines.push(line);
      if (line.startsWith('route:') && checked.rules.state.player.count === 0) return; // before the dice are dealt
      const s = checked.rules.state;
      const p = s.player;
      const v = checked.violations;
      if (p.count !== 40) v.push(`player dice ${p.count} after "${line}"`);
      let inPlaces = 0;
      for (let i = 0; i < p.count; i++) if (p.where[i] >= Where.reserve && p.where[i] <= Where.combat) inPlaces++;
      if (inPlaces !== p.count) v.push(`player dice outside the bag, pools and out of play after "${line}"`);
      if (p.countAt(Where.outOfPlay) !== p.outOfPlayFaces.reduce((a, b) => a + b, 0)) v.push(`out-of-play count mismatch after "${line}"`);
      for (let face = 0; face < 64; face++) if (checked.rules.countFace(p, Where.play, face) > 3) v.push(`more than 3 of face ${face} kept after "${line}"`);
      for (const side of [p, s.opponent]) {
        const inArea = new Array<number>(side.inArea.length).fill(0);
        const playCount = new Array<number>(64).fill(0);
        for (let i = 0; i < side.count; i++) {
          inArea[side.where[i]]++;
          const code = side.face[i] < 0 ? -1 : side.changed[i] >= 0 ? side.changed[i] : checked.rules.tables.faceAt(side.type[i], side.face[i]);
          if (side.code[i] !== code) v.push(`die ${i} code ${side.code[i]}, expected ${code} after "${line}"`);
          if (side.where[i] === Where.play && code >= 0) playCount[code]++;
        }
        if (inArea.some((n, where) => n !== side.inArea[where])) v.push(`area counts ${Array.from(side.inArea)} != ${inArea} after "${line}"`);
        for (let where = 0; where < inArea.length; where++) {
          const walked: number[] = [];
          for (let i = side.nextAt(where, 0); i >= 0; i = side.nextAt(where, i + 1)) walked.push(i);
          const scanned = [...Array(side.count).keys()].filter((i) => side.where[i] === where);
          if (walked.join() !== scanned.join()) v.push(`area ${where} walks ${walked} but holds ${scanned} after "${line}"`);
          for (const type of new Set(scanned.map((i) => side.type[i]))) {
            if (side.countTypeAt(where, type) !== scanned.filter((i) => side.type[i] === type).length) v.push(`type ${type} count in area ${where} after "${line}"`);
            if (side.nextOfType(where, type, 0) !== scanned.find((i) => side.type[i] === type)) v.push(`first of type ${type} in area ${where} after "${line}"`);
          }
        }
        if (playCount.some((n, face) => n !== side.playCount[face])) v.push(`play counts out of date after "${line}"`);
      }
      if (s.damageTaken < last.damageTaken || s.opponentRunes < last.opponentRunes || s.runesCollected < last.runesCollected) v.push(`not monotone after "${line}"`);
      if (s.damage < 0 || s.damage > s.damageTaken) v.push(`damage ${s.damage} after "${line}"`);
      let bits = 0;
      for (let r = 0; r < 16; r++) if (s.hasRune(r)) bits++;
      if (bits !== s.runes || s.runes > s.runesCollected || s.runesCollected - s.runesStolen !== s.runes) v.push(`runes ${s.runes} bits ${bits} after "${line}"`);
      last = { damageTaken: s.damageTaken, opponentRunes: s.opponentRunes, runesCollected: s.runesCollected };
    },
  };
  checked.rules = new CitiesRules(new DiceTables(content), readingsOf(resolveSettings(citiesofdoom as never, settings, 'test'), content), log);
  checked.rules.playGame(seed, STRATEGIES[strategyName](), checked.out);
  return checked;
}

const games = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  settings: everySetting(citiesofdoom.settings),
  strategy: fc.constantFrom<StrategyName>('heuristic', 'random', 'mixed'),
});

describe('invariants over random games', () => {
  it('dice are conserved across sideboard, reserve, play and active areas, combat and out of play; damage taken and runes are monotone', () => {
    fc.assert(
      fc.property(games, ({ seed, settings, strategy }) => {
        const checked = playChecked(seed, settings, strategy);
        expect(checked.violations.slice(0, 3)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('outcomes partition the games: exactly one of win, opponentRunes, damage, matching the final state', () => {
    fc.assert(
      fc.property(games, ({ seed, settings, strategy }) => {
        const { rules, out } = playChecked(seed, settings, strategy);
        const s = rules.state;
        const runes = Number(settings.runes);
        expect(s.status).not.toBe(Status.playing);
        const won = s.runes >= runes;
        const opponent = s.opponentRunes >= runes;
        const damaged = s.damage > Number(settings.damageLimit);
        expect([won, opponent, damaged].filter(Boolean)).toHaveLength(1);
        expect(citiesofdoom.outcomes[out.outcome]).toBe(won ? 'win' : opponent ? 'opponentRunes' : 'damage');
        expect(out.metrics[0]).toBeLessThanOrEqual(runes);
        expect(out.metrics[1]).toBe(s.runes);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the metrics against the narration', () => {
  it('turns, fights won, destinations entered, upgrades, damage taken and the runes agree with the replay log', () => {
    // Catches a metric unwired or a counter missing its event (the turns and runesCollected among them).
    const seen = { fights: 0, routes: 0, upgrades: 0 };
    for (let seed = 0; seed < 120; seed++) {
      const settings = { runes: seed % 2 === 0 ? '6' : '4', damageLimit: seed % 3 === 0 ? '12' : '7', wod: seed % 5 < 2 };
      const { rules, out, lines } = playChecked(seed, settings, seed % 4 === 3 ? 'random' : 'heuristic', true);
      const s = rules.state;
      const count = (pattern: RegExp) => lines.filter((line) => pattern.test(line)).length;
      // A free try back after a demotion restores an upgrade, not a new one.
      const triedBack = lines.filter((line, i) => i > 0 && / is demoted; one free try/.test(lines[i - 1]) && /: your .* is upgraded$/.test(line)).length;
      const [turns, runesCollected, damageTaken, opponentRunes, fightsWon, routesCompleted, upgrades] = out.metrics;
      const where = `seed ${seed}`;
      expect([where, turns]).toEqual([where, count(/^-- turn \d+ /)]);
      expect([where, fightsWon]).toEqual([where, count(/^ {2}you win: your identity die moves to /)]);
      expect([where, routesCompleted]).toEqual([where, count(/^step 6: you enter /)]);
      expect([where, upgrades]).toEqual([where, count(/: your .* is upgraded$/) - triedBack]);
      const end = /end after turn (\d+): .*; your runes (\d+), Opponent's runes (\d+), damage \d+ \(taken (\d+)\)/.exec(lines.at(-1) ?? '');
      expect(end).not.toBeNull();
      expect([where, turns, runesCollected, opponentRunes, damageTaken]).toEqual([where, ...end!.slice(1).map(Number)]);
      expect(runesCollected).toBe(s.runes);
      seen.fights += fightsWon;
      seen.routes += routesCompleted;
      seen.upgrades += upgrades;
    }
    expect(seen.fights).toBeGreaterThan(0);
    expect(seen.routes).toBeGreaterThan(0);
    expect(seen.upgrades).toBeGreaterThan(0);
  });
});

describe('determinism', () => {
  it('the same seed gives the same game, on a fresh engine or a reused one', () => {
    for (const seed of [0, 5, 77, 123456789]) {
      const a = playChecked(seed, { wod: true }, 'heuristic', true);
      const b = playChecked(seed, { wod: true }, 'heuristic', true);
      expect(b.lines).toEqual(a.lines);
      expect(Array.from(b.out.metrics)).toEqual(Array.from(a.out.metrics));
    }
    const engine = citiesofdoom.createEngine(resolveSettings(citiesofdoom as never, {}, 'test'), content, null);
    const strategy = heuristic.create({});
    const first = new OutcomeRecord(7);
    const again = new OutcomeRecord(7);
    engine.playGame(42, strategy, first);
    for (let seed = 0; seed < 20; seed++) engine.playGame(seed, strategy, new OutcomeRecord(7));
    engine.playGame(42, strategy, again);
    expect([again.outcome, ...again.metrics]).toEqual([first.outcome, ...first.metrics]);
  });
});

describe('fuzzing with random answers', () => {
  it("plays 2,000 games, every setting drawn, half of them the heuristic's broken by random answers, without crashing or breaking an invariant", () => {
    const outcomes = new Map<number, number>();
    const drawn = fc.sample(everySetting(citiesofdoom.settings), { numRuns: 2000, seed: 7919 });
    for (const [i, settings] of drawn.entries()) {
      const checked = playChecked(i * 7919, settings, i % 2 === 0 ? 'random' : 'mixed');
      outcomes.set(checked.out.outcome, (outcomes.get(checked.out.outcome) ?? 0) + 1);
      expect(checked.violations).toEqual([]);
    }
    // The mixed games, half of them, win often enough to reach every stage of a game.
    expect(outcomes.get(0)).toBeGreaterThan(100);
    expect(outcomes.get(1)).toBeGreaterThan(0);
    expect(outcomes.get(2)).toBeGreaterThan(0);
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(drawn.length);
  });
});
