import { describe, expect, it } from 'vitest';
import { chance, CounterTable, DuelNumbers } from '../../../src/games/kyros/duel.ts';

/** A duel described by hand: per phase (ranged, melee, magic) the chances, each side's wounds, and both lives. */
function duel(numbers: { attack: number[]; defend: number[]; heroDamage: number[]; lordDamage: number[]; heroLife: number; lordLife: number }): DuelNumbers {
  const described = new DuelNumbers();
  described.attack.set(numbers.attack);
  described.defend.set(numbers.defend);
  described.heroDamage.set(numbers.heroDamage);
  described.lordDamage.set(numbers.lordDamage);
  described.heroLifeLeft = numbers.heroLife;
  described.lordLifeLeft = numbers.lordLife;
  return described;
}

const mixed = () => duel({ attack: [0.5, 0.8, 0.2], defend: [0.6, 0.3, 0.9], heroDamage: [1, 2, 3], lordDamage: [2, 1, 3], heroLife: 6, lordLife: 4 });

describe('chance: P(2d10 + modifier >= target)', () => {
  it('is the share of the 100 rolls of two d10 that reach the target, for every target, however far out of reach', () => {
    for (let modifier = -3; modifier <= 3; modifier++) {
      for (let target = -5; target <= 27; target++) {
        let ways = 0;
        for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a + b + modifier >= target) ways++;
        expect(chance(modifier, target), `modifier ${modifier}, target ${target}`).toBe(ways / 100);
      }
    }
  });
});

describe('DuelNumbers', () => {
  it('expects, attacking in a phase, the wounds of a failed attack there plus the defences lost in the other two', () => {
    const numbers = mixed();
    expect([0, 1, 2].map((p) => numbers.defendLoss(p))).toEqual([0.4 * 2, 0.7 * 1, expect.closeTo(0.1 * 3, 12)]);
    expect(numbers.taken(0)).toBeCloseTo(0.5 * 2 + 0.7 + 0.3, 12);
    expect(numbers.taken(1)).toBeCloseTo(0.8 + 0.2 * 1 + 0.3, 12);
    expect(numbers.taken(2)).toBeCloseTo(0.8 + 0.7 + 0.8 * 3, 12);
  });

  it("scores a phase as the share of the Lord's life it takes less the share of the hero's, and picks the best", () => {
    const numbers = mixed();
    expect(numbers.phaseScore(0)).toBeCloseTo((0.5 * 1) / 4 - 2.0 / 6, 12);
    expect(numbers.phaseScore(1)).toBeCloseTo((0.8 * 2) / 4 - 1.3 / 6, 12);
    expect(numbers.phaseScore(2)).toBeCloseTo((0.2 * 3) / 4 - 3.9 / 6, 12);
    expect(numbers.bestPhase()).toBe(1);
  });

  it('keeps the earliest phase when phases score the same', () => {
    const even = duel({ attack: [0.5, 0.5, 0.5], defend: [0.5, 0.5, 0.5], heroDamage: [1, 1, 1], lordDamage: [1, 1, 1], heroLife: 3, lordLife: 3 });
    expect(even.bestPhase()).toBe(0);
  });

  it("gives the best phase's odds, rounds to lose squared over the sum of both squares", () => {
    // Melee: 2 hits at 0.8 = 2.5 rounds to win; 6 life at 1.3 wounds a round = 4.615 rounds to lose.
    const toLose = 6 / 1.3;
    expect(mixed().winChance()).toBeCloseTo((toLose * toLose) / (toLose * toLose + 2.5 * 2.5), 12);
  });

  it('is sure of a Lord with no life left, even when the hero could not hurt it', () => {
    const helpless = { attack: [0, 0, 0], defend: [0, 0, 0], heroDamage: [0, 0, 0], lordDamage: [1, 1, 1], heroLife: 3, lordLife: 0 };
    expect(duel(helpless).winChance()).toBe(1);
    expect(duel({ ...helpless, lordLife: 2 }).winChance()).toBe(0);
  });

  it('counts a Lord that deals no wounds as a thousand rounds to lose, and never fewer than half a round', () => {
    const harmless = duel({ attack: [1, 0, 0], defend: [0, 0, 0], heroDamage: [1, 0, 0], lordDamage: [0, 0, 0], heroLife: 2, lordLife: 2 });
    expect(harmless.winChance()).toBeCloseTo(1e6 / (1e6 + 4), 12);
    // Attacking at range: 2 rounds to win; 8 wounds a round against 2 life is a quarter round, taken as half.
    const deadly = duel({ attack: [1, 0, 0], defend: [0, 0, 0], heroDamage: [1, 0, 0], lordDamage: [4, 4, 4], heroLife: 2, lordLife: 2 });
    expect(deadly.winChance()).toBeCloseTo(0.25 / (0.25 + 4), 12);
  });
});

describe('CounterTable', () => {
  it('gives no chance against any counters when the hero cannot hurt the Lord: out of reach, or no damage', () => {
    // Ranged and magic need 25, 27 with their counter (2d10 reaches 20); melee hits but deals no wounds.
    const base = duel({ attack: [0, 0, 0], defend: [0, 0, 0], heroDamage: [2, 0, 2], lordDamage: [1, 1, 1], heroLife: 5, lordLife: 4 });
    base.attackTarget.set([25, 10, 25]);
    base.defendTarget.set([10, 10, 10]);
    const table = new CounterTable().fill(base);
    for (let mask = 0; mask < 32; mask++) expect(table.winChance(mask, 5), `counters ${mask}`).toBe(0);
  });
});
