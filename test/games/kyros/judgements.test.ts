import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../src/core/rng.ts';
import { KyrosTables } from '../../../src/games/kyros/cards.ts';
import { kyrosContentSchema } from '../../../src/games/kyros/content.ts';
import { Decision, type DecisionKind, type DecisionView, OptionKind } from '../../../src/games/kyros/decisions.ts';
import kyros, { rulesOptions } from '../../../src/games/kyros/index.ts';
import { KyrosRules, M } from '../../../src/games/kyros/rules.ts';
import { Counter, MAX_COMBAT_ROUNDS, Status } from '../../../src/games/kyros/state.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { liberateAllBut, makeRules, newRecord, occupy, option, scripted, scriptRolls, seatHero, shipped } from './scenario.ts';

describe("judgement 14: a Giant Lord's surge raises the hero's targets in both phases it defends", () => {
  /** Hrolvath (15/2, 15/3, 15/2) with a Mystic Amulet (+2, 1 exhaustion) and the +2 Stamina counter; Hawthorne attacks in melee. */
  function surgeRound(useAmulet: boolean) {
    const lines: string[] = [];
    const rules = makeRules({ players: 1, maxRounds: 1, travel: 1 }, lines);
    const script = {
      [Decision.counters]: (view: DecisionView) => option(view, OptionKind.counters, Counter.stamina),
      [Decision.lordItem]: (view: DecisionView) => (useAmulet ? option(view, OptionKind.item, 0) : 0),
      [Decision.escape]: (view: DecisionView) => option(view, OptionKind.escape, 0),
    };
    rules.playGame(3, scripted(script), newRecord(), (r) => {
      occupy(r, 0, 'Hrolvath the Old', ['Mystic Amulet']);
      seatHero(r, 0, 'Lord Hawthorne', 0);
      liberateAllBut(r, 0);
      // Round 1: ranged defence 5+5, melee attack 10+10, magic defence 5+5; the hero escapes at round 2.
      scriptRolls(r, [5, 5, 10, 10, 5, 5]);
    });
    return { rules, lines };
  }

  it('a used Mystic Amulet puts both defence targets at 17 (the hero takes 2 + 2); the hero attack target stays 15', () => {
    const { rules, lines } = surgeRound(true);
    expect(lines).toContain('    Hrolvath the Old uses Mystic Amulet: +2 this round');
    expect(lines).toContain('    round 1 ranged: the hero defends, 10 + 5 = 15 vs 17: takes 2');
    expect(lines).toContain('    round 1 melee: the hero attacks, 20 + 8 = 28 vs 15: hits for 3');
    expect(lines).toContain('    round 1 magic: the hero defends, 10 + 5 = 15 vs 17: takes 2');
    expect(rules.state.wounds[0]).toBe(4);
    expect(rules.state.lordExhaustion).toBe(1);
  });

  it('without the surge the same rolls meet both targets at 15 and the hero takes no wound', () => {
    const { rules, lines } = surgeRound(false);
    expect(lines.some((line) => line.includes('uses Mystic Amulet'))).toBe(false);
    expect(lines).toContain('    round 1 ranged: the hero defends, 10 + 5 = 15 vs 15: no wounds');
    expect(lines).toContain('    round 1 magic: the hero defends, 10 + 5 = 15 vs 15: no wounds');
    expect(rules.state.wounds[0]).toBe(0);
  });
});

describe('judgement 8: no escape from a noEscape Lord; a fight reaching MAX_COMBAT_ROUNDS ends as a withdrawal', () => {
  /** Throk the Unbowed made harmless (0 damage in every phase); Hawthorne rolls only 1s, so his attacks miss too. */
  function stalemate(noEscape: boolean) {
    const data = structuredClone(shipped) as { giantLords: { name: string; ranged: number[]; melee: number[]; magic: number[]; noEscape?: boolean }[] };
    const throk = data.giantLords.find((lord) => lord.name === 'Throk the Unbowed')!;
    for (const line of [throk.ranged, throk.melee, throk.magic]) line[1] = 0;
    throk.noEscape = noEscape;
    const lines: string[] = [];
    const settings = rulesOptions(resolveSettings(kyros, { players: 1, maxRounds: 1, travel: 1 }, 'test'));
    const rules = new KyrosRules(new KyrosTables(kyrosContentSchema.parse(data)), settings, { write: (line) => lines.push(line) });
    const asked: [DecisionKind, number][] = [];
    const escapeOffers: number[] = [];
    // Escape whenever offered against the noEscape Lord; fight on against the escapable one, counting the offers.
    const strategy = scripted(
      {
        [Decision.escape]: (view) => {
          escapeOffers.push(view.state.combatRound);
          return noEscape ? option(view, OptionKind.escape, 0) : option(view, OptionKind.fight, 0);
        },
      },
      asked,
    );
    const out = newRecord();
    rules.playGame(8, strategy, out, (r) => {
      occupy(r, 0, 'Throk the Unbowed', []);
      seatHero(r, 0, 'Lord Hawthorne', 0);
      liberateAllBut(r, 0);
      scriptRolls(r, Array(6 * MAX_COMBAT_ROUNDS).fill(1));
    });
    return { rules, lines, asked, escapeOffers, out };
  }

  it('never asks the escape decision against a noEscape Lord, and the stalemate ends after MAX_COMBAT_ROUNDS as a withdrawal', () => {
    const { rules, lines, asked, out } = stalemate(true);
    expect(asked.some(([decision]) => decision === Decision.escape)).toBe(false);
    expect(asked.filter(([decision]) => decision === Decision.phase)).toHaveLength(MAX_COMBAT_ROUNDS);
    expect(lines.some((line) => line.includes('the hero escapes'))).toBe(false);
    expect(lines.some((line) => line.includes(`round ${MAX_COMBAT_ROUNDS} magic: the hero defends`))).toBe(true);
    expect(lines.some((line) => line.includes(`round ${MAX_COMBAT_ROUNDS + 1} `))).toBe(false);
    const withdraw = lines.indexOf(`    neither side can win; after ${MAX_COMBAT_ROUNDS} rounds the hero withdraws`);
    expect(withdraw).toBeGreaterThan(0);
    expect(lines[withdraw + 1]).toBe('    Throk the Unbowed sheds its counters and wounds');
    const s = rules.state;
    expect(s.escapes).toBe(1);
    expect(s.knockouts).toBe(0);
    expect(s.townLiberated[0]).toBe(0);
    expect(s.inCombat).toBe(false);
    expect(out.metrics[M.escapes]).toBe(1);
    expect(kyros.outcomes[out.outcome]).toBe('unfinished');
  });

  it('the same Lord without noEscape is offered an escape at the start of every round after the first', () => {
    const { lines, escapeOffers } = stalemate(false);
    expect(escapeOffers).toEqual(Array.from({ length: MAX_COMBAT_ROUNDS - 1 }, (_, i) => i + 2));
    expect(lines).toContain(`    neither side can win; after ${MAX_COMBAT_ROUNDS} rounds the hero withdraws`);
  });
});

describe('judgement 12: a full tie after the three tie-breaks is drawn from the `tiebreak` stream', () => {
  /**
   * Three seats; Mad Carthos (seat 1) liberates the last town (Yanesh, +1 fame, +2 gold, +1 red counter), which
   * leaves every seat at fame 1, level 6, 5 gold, 2 counters, plus `extra`. Only the tiebreak stream is reseeded.
   */
  function finalWinner(tiebreakSeed: number, extra: (s: KyrosRules['state']) => void = () => {}) {
    const lines: string[] = [];
    const rules = makeRules({ players: 3, maxRounds: 1 }, lines);
    const out = newRecord();
    rules.playGame(21, scripted(), out, (r) => {
      const s = r.state;
      occupy(r, 0, 'Yanesh the Bloodthirsty', []);
      seatHero(r, 0, 'Mad Carthos', 0);
      seatHero(r, 1, 'Corbin', -1);
      seatHero(r, 2, 'Corbin', -1);
      liberateAllBut(r, 0);
      s.fame.set([0, 1, 1]);
      s.level.set([6, 6, 6]);
      s.gold.set([3, 5, 5]);
      s.adventureCounters.set([1, 2, 2]);
      extra(s);
      scriptRolls(r, Array(12).fill(10));
      r.random.streams.tiebreak.reseed(tiebreakSeed);
    });
    expect(rules.state.status).toBe(Status.finished);
    return { winner: kyros.outcomes[out.outcome], lines, s: rules.state };
  }

  /** The reservoir draw the rules describe, replayed on a fresh `tiebreak` stream: seat 2 with 1/2, then seat 3 with 1/3. */
  function drawn(tiebreakSeed: number): string {
    const stream = new RandomStream('tiebreak');
    stream.reseed(tiebreakSeed);
    let best = 0;
    if (stream.int(2) === 0) best = 1;
    if (stream.int(3) === 0) best = 2;
    return `seat${best + 1}`;
  }

  const seeds = Array.from({ length: 24 }, (_, i) => 1000 + i);

  it('the winner of a full tie is what the tiebreak stream draws, and changes with that stream alone', () => {
    const first = finalWinner(seeds[0]);
    expect(Array.from(first.s.fame.subarray(0, 3))).toEqual([1, 1, 1]);
    expect(Array.from(first.s.gold.subarray(0, 3))).toEqual([5, 5, 5]);
    expect(Array.from(first.s.adventureCounters.subarray(0, 3))).toEqual([2, 2, 2]);
    const winners = seeds.map((seed) => finalWinner(seed).winner);
    expect(winners).toEqual(seeds.map(drawn));
    expect(new Set(winners)).toEqual(new Set(['seat1', 'seat2', 'seat3']));
  });

  it('level, then gold, then counters decide before any draw, whatever the tiebreak seed', () => {
    for (const seed of seeds.slice(0, 8)) {
      expect(finalWinner(seed, (s) => (s.adventureCounters[1] += 1)).winner).toBe('seat2');
      expect(finalWinner(seed, (s) => ((s.gold[2] += 1), (s.adventureCounters[1] += 5))).winner).toBe('seat3');
      expect(finalWinner(seed, (s) => ((s.level[0] += 1), (s.gold[1] += 5))).winner).toBe('seat1');
    }
  });
});
