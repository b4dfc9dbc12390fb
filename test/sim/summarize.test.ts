import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameModule, MetricSpec } from '../../src/core/game.ts';
import { CellAccumulator, PairAccumulator } from '../../src/sim/accumulator.ts';
import type { CellResult } from '../../src/sim/results.ts';
import { meanInterval, pairedDifference, wilson } from '../../src/sim/statistics.ts';
import { cellResult, comparisons, metricDifference } from '../../src/sim/summarize.ts';

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

  it('gives a rate metric no games in common the empty t interval, not the rate interval [−c, c]', () => {
    expect(metricDifference({ n: 0, sum: 0, sumSquares: 0 }, 100)).toEqual(meanInterval(0, 0, 0));
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

describe('cellResult', () => {
  const game = (metrics: MetricSpec[]) => ({ outcomes: ['won', 'lost', 'drawn'], winOutcome: 'won', metrics }) as unknown as GameModule;
  const summary = (metrics: MetricSpec[], records: [outcome: number, values: number[]][]) => {
    const accumulator = new CellAccumulator(3, metrics);
    for (const [outcome, values] of records) accumulator.add({ outcome, metrics: Float64Array.from(values) });
    return cellResult(game(metrics), 0, { params: {}, strategy: 's' }, accumulator, true, null);
  };
  const score: MetricSpec = { name: 'score', description: '', min: 0, max: 9, binWidth: 3 };

  it("gives each outcome's and the win's Wilson interval over the cell's games, and each metric's t interval from its sums", () => {
    const cell = summary([score], [[0, [4]], [1, [9]], [0, [0]], [2, [7]], [1, [-2]]]);
    expect(cell.games).toBe(5);
    expect(cell.win).toEqual(wilson(2, 5));
    expect(cell.outcomes).toEqual({ won: wilson(2, 5), lost: wilson(2, 5), drawn: wilson(1, 5) });
    // 4 + 9 + 0 + 7 − 2 = 18; 16 + 81 + 0 + 49 + 4 = 150.
    const { histogram, ...interval } = cell.metrics.score;
    expect(interval).toEqual(meanInterval(5, 18, 150));
    expect(interval.mean).toBe(3.6);
    expect(histogram).toEqual({ min: 0, binWidth: 3, counts: [1, 1, 1, 1], below: 1, above: 0 });
  });

  it('shows a metric as a rate of c only when its values were all 0 or c, finding c in the bin it starts', () => {
    const hit = (c: number, binWidth = 1): MetricSpec => ({ name: 'hit', description: '', min: 0, max: c, binWidth, rateOf: c });
    const rateOf = (metric: MetricSpec, values: number[]) => summary([metric], values.map((value) => [0, [value]])).metrics.hit.rateOf;
    expect(rateOf(hit(100), [0, 100, 100, 0])).toBe(100);
    expect(rateOf(hit(8, 4), [0, 8, 8, 0])).toBe(8);
    expect(rateOf(hit(8, 2), [8, 0, 0])).toBe(8);
    // Σx² = c·Σx alone: 0, 40 and 120 (Σx = 160, Σx² = 16,000), none of them in c's bin.
    expect(rateOf(hit(100), [0, 40, 120])).toBeUndefined();
    // Σx = c·k alone: one value in c's bin, and 30 and −30 (Σx = 100, Σx² = 11,800).
    expect(rateOf(hit(100), [100, 30, -30])).toBeUndefined();
  });
});

describe('comparisons: the win', () => {
  it("counts every game both cells played, and the difference is the first cell's win rate minus the second's", () => {
    const pairs = new PairAccumulator(Int32Array.from([0, 1]), 0);
    // 3 both won, 5 only cell 0, 1 only cell 1, 2 neither.
    const games: [number, number][] = [[1, 1], [1, 1], [1, 1], [1, 0], [1, 0], [1, 0], [1, 0], [1, 0], [0, 1], [0, 0], [0, 0]];
    for (const won of games) pairs.addGame(Uint8Array.from(won), Uint8Array.of(1, 1), new Int32Array(0), 0);
    const [comparison] = comparisons([[0, 1, 'x']], pairs, [], []);
    expect(comparison).toMatchObject({ games: 11, bothWon: 3, onlyAWon: 5, onlyBWon: 1 });
    expect(comparison.difference).toEqual(pairedDifference(3, 5, 1, 2));
    expect(comparison.difference.rate).toBe(4 / 11);
  });
});
