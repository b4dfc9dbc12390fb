import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../src/core/rng.ts';
import { type Arms, SequentialHalving } from '../../src/core/sequential-halving.ts';

/** Arms whose rollouts are worth fixed values (or the value plus noise), counting the rollouts each plays. */
class TestArms implements Arms {
  readonly played: number[];
  prepared = 0;

  constructor(
    private readonly value: (arm: number, rollout: number) => number,
    count: number,
  ) {
    this.played = Array(count).fill(0);
  }

  prepare(from: number, to: number): void {
    expect(from).toBe(this.prepared);
    this.prepared = to;
  }

  rollouts(arm: number, from: number, to: number): number {
    // An arm goes on from its last rollout: arms still in have played the same rollouts, never one twice.
    expect(from).toBe(this.played[arm]);
    expect(to).toBeLessThanOrEqual(this.prepared);
    let total = 0;
    for (let r = from; r < to; r++) total += this.value(arm, r);
    this.played[arm] += to - from;
    return total;
  }
}

describe('sequential halving', () => {
  it('finds the best of arms with fixed values, the first listed of equals, within the budget', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 2, maxLength: 10 }), fc.integer({ min: 1, max: 200 }), (values, budget) => {
        const arms = new TestArms((arm) => values[arm], values.length);
        const best = new SequentialHalving(10, 4096).best(arms, values.length, budget);
        expect(best).toBe(values.indexOf(Math.max(...values)));
        const rounds = Math.ceil(Math.log2(values.length));
        // Each round spends at most budget / rounds, or one rollout per arm still in when that is more.
        expect(arms.played.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(Math.max(budget, values.length * rounds));
      }),
    );
  });

  it('spends most rollouts on the best arms: the winner plays the most, an arm out in the first round the fewest', () => {
    const arms = new TestArms((arm) => arm, 8);
    expect(new SequentialHalving(8, 4096).best(arms, 8, 96)).toBe(7);
    expect(arms.played).toEqual([4, 4, 4, 4, 12, 12, 28, 28]);
  });

  it('needs no rollout to choose among one arm, and refuses more arms than it was built for', () => {
    const arms = new TestArms(() => 1, 1);
    expect(new SequentialHalving(4, 4096).best(arms, 1, 100)).toBe(0);
    expect(arms.prepared).toBe(0);
    expect(() => new SequentialHalving(4, 4096).best(new TestArms(() => 1, 5), 5, 100)).toThrow(RangeError);
  });

  it('stops at the rollout cap, keeping the best so far', () => {
    const arms = new TestArms((arm) => arm, 4);
    expect(new SequentialHalving(4, 3).best(arms, 4, 1000)).toBe(3);
    expect(arms.prepared).toBe(3);
  });

  it('stops at the rollout cap when a later round would pass it', () => {
    // Four arms, two rounds of 80 / (arms in x 2) rollouts: 10 each, then 20 for the two left, cut to the 10 the cap leaves.
    const arms = new TestArms((arm) => arm, 4);
    expect(new SequentialHalving(4, 20).best(arms, 4, 80)).toBe(3);
    expect(arms.prepared).toBe(20);
    expect(arms.played).toEqual([10, 10, 20, 20]);
  });

  it('gives equal totals to the arm listed first, even when it ranked below the other a round before', () => {
    // A round of one rollout each, then two for the two left: arm 1 leads after the first (1 against 0), and arm 0
    // draws level in the second (2 against 2).
    const values = [
      [0, 1, 1],
      [1, 1, 0],
      [-5, -5, -5],
      [-5, -5, -5],
    ];
    const arms = new TestArms((arm, rollout) => values[arm][rollout], 4);
    expect(new SequentialHalving(4, 4096).best(arms, 4, 8)).toBe(0);
    expect(arms.played).toEqual([3, 3, 1, 1]);
  });

  it('tells a slightly better noisy arm apart more often than an even split of the same budget', () => {
    const stream = new RandomStream('test');
    stream.reseed(7);
    // Ten arms whose rollouts win with probability 0.5, arm 6 with 0.65; 60 rollouts per decision.
    const noisy = () => new TestArms((arm) => (stream.float() < (arm === 6 ? 0.65 : 0.5) ? 1 : 0), 10);
    const halving = new SequentialHalving(10, 4096);
    let halvingRight = 0;
    let evenRight = 0;
    for (let trial = 0; trial < 2000; trial++) {
      if (halving.best(noisy(), 10, 60) === 6) halvingRight++;
      const even = noisy();
      even.prepare(0, 6);
      const totals = Array.from({ length: 10 }, (_, arm) => even.rollouts(arm, 0, 6));
      if (totals.indexOf(Math.max(...totals)) === 6) evenRight++;
    }
    expect(halvingRight).toBeGreaterThan(evenRight + 40);
  });
});
