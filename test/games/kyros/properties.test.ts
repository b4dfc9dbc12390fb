import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METRIC_MISSING, type SettingValue } from '../../../src/core/game.ts';
import kyros from '../../../src/games/kyros/index.ts';
import { M, type KyrosRules } from '../../../src/games/kyros/rules.ts';
import { CounterTable, DuelNumbers } from '../../../src/games/kyros/duel.ts';
import { popcount, Status } from '../../../src/games/kyros/state.ts';
import { greedy } from '../../../strategies/kyros/greedy.ts';
import { kyrosStrategies } from '../../../strategies/kyros/index.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { everySetting } from '../../fixtures/settings.ts';
import { content, makeRules, newRecord, tables } from './scenario.ts';

const random = kyrosStrategies.find((definition) => definition.name === 'random')!;

interface Checked {
  rules: KyrosRules;
  violations: string[];
  out: ReturnType<typeof newRecord>;
}

/** Play one game and check the invariants at every line the engine logs. */
function playChecked(seed: number, settings: Record<string, SettingValue>, strategy: 'greedy' | 'greedy-random' | 'random'): Checked {
  const checked = { rules: null as unknown as KyrosRules, violations: [] as string[], out: newRecord() };
  const lines: string[] = [];
  const check = (line: string) => {
    const s = checked.rules.state;
    const bad = (what: string) => checked.violations.length < 5 && checked.violations.push(`${what} after "${line}"`);
    let liberated = 0;
    for (let town = 0; town < s.townCount; town++) {
      liberated += s.townLiberated[town];
      if (s.stackSize[town] > Number(settings.marketCards ?? 3)) bad(`stack of town ${town} grew`);
      if (s.townLiberated[town] === 0 && s.townRedCounter[town] !== 1) bad(`occupied town ${town} lost its red counter`);
    }
    if (liberated !== s.liberations) bad(`liberated towns ${liberated} != liberations ${s.liberations}`);
    // Fame: 1 + counters per Giant Lord held (plus any prior fame, which is 1 per Lord held from before the endgame).
    const fame = new Int32Array(6);
    for (let lord = 0; lord < tables.lordCount; lord++) if (s.lordOwner[lord] >= 0) fame[s.lordOwner[lord]] += 1 + popcount(s.lordCounters[lord]);
    for (let seat = 0; seat < s.players; seat++) {
      if (fame[seat] !== s.fame[seat]) bad(`seat ${seat} fame ${s.fame[seat]} != cards ${fame[seat]}`);
      if (s.gold[seat] < 0) bad(`seat ${seat} gold ${s.gold[seat]}`);
      // (A hero who falls with the Lord it liberates is knocked out right after the liberation line, unless the game ends.)
      const settled = s.status === Status.playing && !line.includes(' is liberated');
      if (settled && !s.inCombat && s.wounds[seat] >= tables.heroLife[s.seatHero[seat]]) bad(`seat ${seat} standing with ${s.wounds[seat]} wounds`);
      if (s.exhaustion[seat] > tables.heroStamina[s.seatHero[seat]]) bad(`seat ${seat} exhaustion over stamina`);
    }
    if (s.inCombat) {
      if (popcount(s.counterMask) > Math.min(5, Number(settings.marketCards ?? 3))) bad(`${popcount(s.counterMask)} counters`);
      if (s.lordExhaustion > s.lordStamina) bad('Giant Lord exhaustion over stamina');
    }
    lines.push(line);
  };
  checked.rules = makeRules(settings, []);
  (checked.rules as unknown as { log: { write(line: string): void } }).log = { write: check };
  const definition = strategy === 'random' ? random : greedy;
  checked.rules.playGame(seed, definition.create(strategy === 'greedy-random' ? { counters: 'random' } : {}), checked.out);
  return checked;
}

const games = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  settings: everySetting(kyros.settings),
  strategy: fc.constantFrom('greedy' as const, 'greedy-random' as const, 'random' as const),
});

describe('invariants over random games', () => {
  it('fame always equals the cards held (1 + counters each), towns and stacks stay consistent, no hero stands knocked out', () => {
    fc.assert(
      fc.property(games, ({ seed, settings, strategy }) => {
        const checked = playChecked(seed, settings, strategy);
        expect(checked.violations).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a finished game has every town liberated and a winner with the most fame; the metrics agree with the state', () => {
    fc.assert(
      fc.property(games, ({ seed, settings, strategy }) => {
        const { rules, out } = playChecked(seed, { ...settings, priorFame: 'none' }, strategy);
        const s = rules.state;
        const fame = Array.from(s.fame.subarray(0, s.players));
        if (s.status === Status.finished) {
          expect(s.occupiedTowns()).toBe(0);
          expect(out.outcome).toBe(s.winner);
          expect(s.fame[s.winner]).toBe(Math.max(...fame));
          expect(out.metrics[M.liberations]).toBe(s.players + 1);
        } else {
          expect(kyros.outcomes[out.outcome]).toBe('unfinished');
        }
        expect(out.metrics[M.fameSpread]).toBe(Math.max(...fame) - Math.min(...fame));
        for (let seat = 0; seat < 6; seat++) expect(out.metrics[M.fameSeat1 + seat]).toBe(seat < s.players ? s.fame[seat] : METRIC_MISSING);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the metrics against the narration', () => {
  it('rounds, attacks, liberations, knock-outs, escapes, counters given, the first attack and the rates agree with the replay log', () => {
    // Catches a metric unwired or a counter missing its event (kyros-market-size reads firstAttackWon and liberationRate).
    const seen = { knockouts: 0, escapes: 0, firstLost: 0, firstWon: 0 };
    for (let seed = 0; seed < 60; seed++) {
      const lines: string[] = [];
      const rules = makeRules({ players: 1 + (seed % 6), marketCards: seed % 9 }, lines);
      const out = newRecord();
      const definition = seed % 3 === 2 ? random : greedy;
      rules.playGame(seed, definition.create({}), out);
      const m = out.metrics;
      const count = (pattern: RegExp) => lines.filter((line) => pattern.test(line)).length;
      const attacks = count(/^ {2}seat \d .* attacks .* in /);
      const liberations = count(/ is liberated: seat \d takes /);
      const rounds = lines.filter((line) => /^round \d+:/.test(line)).length;
      const counters = lines.map((line) => /^ {4}seat \d gives (\d) of /.exec(line)).reduce((sum, match) => sum + (match ? Number(match[1]) : 0), 0);
      const where = `seed ${seed}`;
      expect([where, m[M.rounds]]).toEqual([where, rounds]);
      expect([where, m[M.attacks]]).toEqual([where, attacks]);
      expect([where, m[M.liberations]]).toEqual([where, liberations]);
      expect([where, m[M.knockouts]]).toEqual([where, count(/the hero is knocked out;|the hero falls with the Giant Lord and is knocked out/)]);
      expect([where, m[M.escapes]]).toEqual([where, count(/: the hero escapes$/)]);
      expect([where, m[M.liberationRate]]).toEqual([where, attacks > 0 ? Math.round((100 * liberations) / attacks) : METRIC_MISSING]);
      expect([where, m[M.attacksPerLiberation]]).toEqual([where, liberations > 0 ? Math.round((100 * attacks) / liberations) : METRIC_MISSING]);
      expect([where, m[M.countersPerAttack]]).toEqual([where, attacks > 0 ? Math.round((100 * counters) / attacks) : METRIC_MISSING]);
      // The first attack won when the next attack line (or the end) comes after a liberation.
      const first = lines.findIndex((line) => /^ {2}seat \d .* attacks .* in /.test(line));
      if (first < 0) expect(m[M.firstAttackWon]).toBe(METRIC_MISSING);
      else {
        const next = lines.findIndex((line, i) => i > first && /^ {2}seat \d .* attacks .* in /.test(line));
        const won = lines.slice(first, next < 0 ? undefined : next).some((line) => / is liberated: /.test(line));
        expect([where, m[M.firstAttackWon]]).toEqual([where, won ? 100 : 0]);
        if (won) seen.firstWon++;
        else seen.firstLost++;
      }
      seen.knockouts += m[M.knockouts];
      seen.escapes += m[M.escapes];
    }
    expect(seen.knockouts).toBeGreaterThan(0);
    expect(seen.escapes).toBeGreaterThan(0);
    expect(seen.firstWon).toBeGreaterThan(0);
    expect(seen.firstLost).toBeGreaterThan(0);
  });
});

describe("the greedy strategy's duel estimates", () => {
  it('a CounterTable answers, bit for bit, what the duel described with those counters and that life answers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 8 }), (seed, marketCards) => {
        const rules = makeRules({ players: 4, marketCards });
        rules.playGame(seed, greedy.create({}), newRecord(), (r) => {
          const described = new DuelNumbers();
          for (let seat = 0; seat < 4; seat++) {
            for (let town = 0; town < 5; town++) {
              const table = new CounterTable().fill(r.describeDuel(seat, town, 0, new DuelNumbers()));
              for (let mask = 0; mask < 32; mask++) {
                for (const life of [1, 4, 9, 17]) {
                  r.describeDuel(seat, town, mask, described).heroLifeLeft = life;
                  expect(table.winChance(mask, life)).toBe(described.winChance());
                }
              }
            }
          }
          r.state.status = Status.finished;
        });
      }),
      { numRuns: 20 },
    );
  });
});

describe('fuzzing with the random strategy', () => {
  it('plays thousands of games at every player count and stack size, the other settings drawn, without crashing', () => {
    const drawn = fc.sample(everySetting(kyros.settings), { numRuns: 2000, seed: 7919 });
    for (const [i, settings] of drawn.entries()) {
      const checked = playChecked(i * 7919, { ...settings, players: 1 + (i % 6), marketCards: i % 9, maxRounds: 20 }, 'random');
      expect(checked.violations).toEqual([]);
      expect(kyros.outcomes[checked.out.outcome]).toBeDefined();
    }
  });
});

describe('determinism', () => {
  it('the same seed gives the same game, on one engine or on two', () => {
    for (const strategy of ['greedy', 'random'] as const) {
      const first = kyros.createEngine({ ...resolveSettings(kyros, {}, 'test'), players: 4 }, content, null);
      const second = kyros.createEngine({ ...resolveSettings(kyros, {}, 'test'), players: 4 }, content, null);
      const definition = strategy === 'greedy' ? greedy : random;
      for (let seed = 0; seed < 30; seed++) {
        const a = newRecord();
        const b = newRecord();
        const c = newRecord();
        first.playGame(seed, definition.create({}), a);
        first.playGame(seed + 1000, definition.create({}), c);
        second.playGame(seed, definition.create({}), b);
        first.playGame(seed, definition.create({}), c);
        expect([b.outcome, ...b.metrics]).toEqual([a.outcome, ...a.metrics]);
        expect([c.outcome, ...c.metrics]).toEqual([a.outcome, ...a.metrics]);
      }
    }
  });

  it('the replay log is the same for the same seed', () => {
    const play = () => {
      const lines: string[] = [];
      makeRules({ players: 3 }, lines).playGame(5, greedy.create({}), newRecord());
      return lines;
    };
    const lines = play();
    expect(play()).toEqual(lines);
    expect(lines.length).toBeGreaterThan(10);
  });
});
