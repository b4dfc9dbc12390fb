import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairAccumulator } from '../../src/sim/accumulator.ts';
import type { CellResult } from '../../src/sim/results.ts';
import { meanInterval, pairedDifference } from '../../src/sim/statistics.ts';
import { comparisons, metricDifference } from '../../src/sim/summarize.ts';

/** The sums of paired differences of a metric that is 0 or c: onlyA games of +c, onlyB of −c, the rest 0. */
function rateSums(c: number, n: number, onlyA: number, onlyB: number) {
  return { n, sum: c * (onlyA - onlyB), sumSquares: c * c * (onlyA + onlyB) };
}

describe('metricDifference', () => {
  it("is the differences' mean with its paired t interval for any metric", () => {
    const sums = { n: 40, sum: -24, sumSquares: 200 };
    expect(metricDifference(sums, undefined)).toEqual(meanInterval(40, -24, 200));
  });

  it("is c times the rates' paired difference with Tango's interval for a metric that is 0 or c in both cells", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.nat(), fc.nat(), fc.constantFrom(1, 7, 100), (n, a, b, c) => {
        const onlyA = a % (n + 1);
        const onlyB = b % (n - onlyA + 1);
        const difference = metricDifference(rateSums(c, n, onlyA, onlyB), c);
        const rates = pairedDifference(n - onlyA - onlyB, onlyA, onlyB, 0);
        expect(difference.mean).toBeCloseTo((c * (onlyA - onlyB)) / n, 9);
        expect(difference.lo).toBeCloseTo(c * rates.lo, 9);
        expect(difference.hi).toBeCloseTo(c * rates.hi, 9);
        expect(difference.rateOf).toBe(c);
        expect(difference.sd).toBe(meanInterval(n, c * (onlyA - onlyB), c * c * (onlyA + onlyB)).sd);
      }),
    );
  });

  it('gives a rate an interval even when every game agrees, which a t interval shrinks to nothing', () => {
    const allFirst = metricDifference(rateSums(100, 20, 20, 0), 100);
    expect(allFirst.mean).toBe(100);
    expect(allFirst.sd).toBe(0);
    expect(allFirst.lo).toBeGreaterThan(60);
    expect(allFirst.lo).toBeLessThan(100);
  });
});

describe('comparisons', () => {
  const cell = (id: number, rateOf?: number) => ({ id, metrics: { won: { rateOf } } }) as unknown as CellResult;

  it("takes a metric as a rate only where both cells' values bear out the same c", () => {
    const pairs = new PairAccumulator(Int32Array.from([0, 1, 0, 2]), 1);
    // Game by game: cell 0 scores 100, 0, 100; cells 1 and 2 score 0, 0, 100.
    for (const values of [[100, 0, 0], [0, 0, 0], [100, 100, 100]]) pairs.addGame(new Uint8Array(3), Uint8Array.of(1, 1, 1), Int32Array.from(values), 0);
    const list = comparisons([[0, 1, 'x'], [0, 2, 'x']], pairs, ['won'], [cell(0, 100), cell(1, 100), cell(2)]);
    expect(list[0].metrics!.won.rateOf).toBe(100);
    expect(list[0].metrics!.won.lo).toBeCloseTo(100 * pairedDifference(2, 1, 0, 0).lo, 12);
    expect(list[1].metrics!.won).toEqual(meanInterval(3, 100, 10000));
    expect(list[1].raw).toEqual({ metricCounts: [3], metricSums: [100], metricSumSquares: [10000] });
  });
});
