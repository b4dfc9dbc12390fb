import { deviation, mean, range, sum } from 'd3-array';
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { bonferroniLevel, bonferroniZ, excludesZero, halfWidth, independentDifference, meanInterval, pairedDifference, studentT975, welchDifference, wilson, Z_95 } from '../../src/sim/statistics.ts';

/** Published limits are printed to 4 decimals, so agreement means a difference below half a unit in the 4th. */
const FOUR_DECIMALS = 5.01e-5;

function expectLimits(actual: { lo: number; hi: number }, lo: number, hi: number): void {
  expect(Math.abs(actual.lo - lo)).toBeLessThan(FOUR_DECIMALS);
  expect(Math.abs(actual.hi - hi)).toBeLessThan(FOUR_DECIMALS);
}

const successesOutOf = fc
  .integer({ min: 1, max: 100_000 })
  .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));

describe('wilson', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Stat Med 17:857-872, Table II,
  // method 3, plus the textbook cases 0/10, 5/10 and 10/10.
  it.each([
    [0, 10, 0, 0.2775],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1],
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i has the published interval [%f, %f]', (successes, n, lo, hi) => {
    const interval = wilson(successes, n);
    expect(interval.rate).toBe(successes / n);
    expectLimits(interval, lo, hi);
  });

  it('ends exactly at 0 and 1 when all trials fail or all succeed', () => {
    expect(wilson(0, 7).lo).toBe(0);
    expect(wilson(7, 7).hi).toBe(1);
  });

  it('knows nothing from no trials', () => {
    expect(wilson(0, 0)).toEqual({ rate: 0, lo: 0, hi: 1 });
  });

  it('contains the rate and stays within [0, 1]', () => {
    fc.assert(
      fc.property(successesOutOf, ([successes, n]) => {
        const { rate, lo, hi } = wilson(successes, n);
        expect(0 <= lo && lo <= rate && rate <= hi && hi <= 1).toBe(true);
      }),
    );
  });

  it('mirrors when successes and failures swap', () => {
    fc.assert(
      fc.property(successesOutOf, ([successes, n]) => {
        const interval = wilson(successes, n);
        const mirrored = wilson(n - successes, n);
        expect(mirrored.lo).toBeCloseTo(1 - interval.hi, 15);
        expect(mirrored.hi).toBeCloseTo(1 - interval.lo, 15);
        expect(mirrored.rate).toBeCloseTo(1 - interval.rate, 15);
      }),
    );
  });

  it('covers the true rate about 95% of the time', () => {
    // Averaged over p ~ U(0, 1), the exact coverage of the Wilson interval for n = 10, 20, 50, 100 is 0.9541, 0.9530,
    // 0.9518, 0.9511 (mean 0.9525; Newcombe 1998 reports 0.952): slightly above nominal. The simulated coverage of
    // `samples` intervals is a binomial proportion with standard error √(c(1 − c)/samples), so it must land within
    // four standard errors of 0.9525; the Wald interval (about 0.88 here) or a 90% interval would not.
    const random = seedrandom.alea('wilson coverage');
    const samples = 40_000;
    const sizes = [10, 20, 50, 100];
    let covered = 0;
    for (let i = 0; i < samples; i++) {
      const p = random();
      const n = sizes[i % sizes.length]!;
      const successes = sum(range(n), () => (random() < p ? 1 : 0));
      const { lo, hi } = wilson(successes, n);
      if (lo <= p && p <= hi) covered++;
    }
    const expected = 0.9525;
    const standardError = Math.sqrt((expected * (1 - expected)) / samples);
    expect(Math.abs(covered / samples - expected)).toBeLessThan(4 * standardError);
  });
});

describe('studentT975', () => {
  it('refuses degrees of freedom that are not a whole number of at least 1', () => {
    for (const df of [0, -1, 1.5, Number.NaN]) expect(() => studentT975(df)).toThrow(RangeError);
  });

  /**
   * P(0 < T < t) for Student's t with df degrees of freedom, by Simpson's rule after substituting x = √df·tan θ,
   * which turns the density into cos^(df−1) θ on a finite range: the ratio of ∫ from 0 to atan(t/√df) to ∫ from 0
   * to π/2.
   */
  function centralMass(t: number, df: number): number {
    const integral = (upper: number): number => {
      const steps = 2000;
      const h = upper / steps;
      const f = (theta: number): number => Math.cos(theta) ** (df - 1);
      const inner = sum(range(1, steps), (i) => (i % 2 === 1 ? 4 : 2) * f(i * h));
      return (h / 3) * (f(0) + inner + f(upper));
    };
    return integral(Math.atan(t / Math.sqrt(df))) / integral(Math.PI / 2) / 2;
  }

  it.each([1, 2, 3, 5, 10, 29, 30, 31, 45, 100, 1000])('leaves a tail of 0.025 on each side for df = %i', (df) => {
    expect(centralMass(studentT975(df), df)).toBeCloseTo(0.475, 7);
  });

  it('tends to the normal quantile', () => {
    expect(studentT975(1e9)).toBeCloseTo(Z_95, 8);
  });

  // The quantile to 15 digits (mpmath, inverting the regularised incomplete beta; scipy.stats.t.ppf agrees): the
  // expansion used above 30 degrees of freedom is within the 3e-8 it claims, and its error falls as df^-5, the order
  // of its first term left out, so that a wrong term of those it keeps (the last is worth 3e-9 at df = 60) shows.
  it.each([
    [31, 2.03951344639641],
    [40, 2.02107539030627],
    [60, 2.00029782201426],
    [120, 1.97993040508244],
  ])('is within 3e-8 x (31 / df)^5 of the exact quantile for df = %i', (df, exact) => {
    expect(Math.abs(studentT975(df) - exact)).toBeLessThan(3e-8 * (31 / df) ** 5);
  });
});

describe('meanInterval', () => {
  it('gives the t interval of a small sample', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample sd √(32/7), and t(7) = 2.364624.
    const interval = meanInterval(8, 40, 232);
    expect(interval.mean).toBe(5);
    expect(interval.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(interval.hi - interval.mean).toBeCloseTo((2.364624252 * Math.sqrt(32 / 7)) / Math.sqrt(8), 8);
    expect(interval.mean - interval.lo).toBeCloseTo(interval.hi - interval.mean, 12);
    expect(interval.n).toBe(8);
  });

  it('agrees with the two-pass mean and deviation of d3-array', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 100_000 }), { minLength: 2, maxLength: 200 }), (values) => {
        const interval = meanInterval(values.length, sum(values), sum(values, (x) => x * x));
        expect(interval.mean).toBeCloseTo(mean(values)!, 9);
        expect(interval.sd).toBeCloseTo(deviation(values)!, 6);
        expect(interval.lo).toBeLessThanOrEqual(interval.mean);
        expect(interval.hi).toBeGreaterThanOrEqual(interval.mean);
      }),
    );
  });

  it('is exact where the one-pass formula in floating point cancels', () => {
    // Two values 6e7 and 6e7 + 1: (Σx)² exceeds 2^53, and Σx² − (Σx)²/n in doubles gives 1 instead of 1/2.
    const value = 6e7;
    const interval = meanInterval(2, 2 * value + 1, value * value + (value + 1) * (value + 1));
    expect(interval.sd).toBe(Math.SQRT1_2);
  });

  it('reports no spread for fewer than two values', () => {
    expect(meanInterval(0, 0, 0)).toEqual({ mean: 0, lo: 0, hi: 0, sd: 0, n: 0 });
    expect(meanInterval(1, 7, 49)).toEqual({ mean: 7, lo: 7, hi: 7, sd: 0, n: 1 });
  });

  it('takes sums past 2^53 in floating point rather than losing the run', () => {
    // A thousand games of 1e8: Σx² = 1e19 is past 2^53; no spread, and no error.
    expect(meanInterval(1000, 1e11, 1e19)).toEqual({ mean: 1e8, lo: 1e8, hi: 1e8, sd: 0, n: 1000 });
    // Half 0, half 2^30 over 2^24 games: sd 2^29 in any arithmetic (n/(n-1) aside).
    const n = 2 ** 24;
    const interval = meanInterval(n, (n / 2) * 2 ** 30, (n / 2) * 2 ** 60);
    expect(interval.mean).toBe(2 ** 29);
    expect(interval.sd / 2 ** 29).toBeCloseTo(Math.sqrt(n / (n - 1)), 12);
  });

  it('never takes the square root of a negative rounded difference', () => {
    // Three games of 2000000001, summed in doubles as an accumulator adds them: Σx² is rounded, and n·Σx² − (Σx)²
    // in floating point comes out at −4096, which must count as no spread rather than give NaN.
    const value = 2_000_000_001;
    let total = 0;
    let squares = 0;
    for (let i = 0; i < 3; i++) {
      total += value;
      squares += value * value;
    }
    const interval = meanInterval(3, total, squares);
    expect(interval.sd).toBe(0);
    expect(Number.isFinite(interval.lo)).toBe(true);
    expect(Number.isFinite(interval.hi)).toBe(true);
    expect(interval.mean).toBe(value);
  });

  it('does not take a rounded Σx² as exact when only Σx is a safe integer', () => {
    // Two games of 2^31 − 1: Σx is below 2^53 but Σx² is not and was rounded; in BigInt n·Σx² − (Σx)² would be −4.
    const value = 2_147_483_647;
    const interval = meanInterval(2, 2 * value, 2 * (value * value));
    expect(interval.sd).toBe(0);
    expect(interval.lo).toBe(value);
    expect(interval.hi).toBe(value);
  });
});

const pairedTable = fc.tuple(
  fc.nat({ max: 5000 }),
  fc.nat({ max: 5000 }),
  fc.nat({ max: 5000 }),
  fc.nat({ max: 5000 }),
);

describe('pairedDifference', () => {
  // Tango's limits computed independently (Python, scipy 1.17): the constrained maximum likelihood by numerical
  // maximisation of the multinomial likelihood instead of the closed-form root, each limit by brentq. Tables as
  // (both, only A, only B, neither); the first two are the examples of the R package contingencytables (Bentur et
  // al. 2009, Cavo et al. 2012).
  it.each([
    [1, 1, 7, 12, -0.517232, -0.026003],
    [59, 6, 16, 80, -0.124023, -0.005433],
    [36, 12, 2, 0, 0.061112, 0.344709],
    [2, 97, 1, 0, 0.869842, 0.986587],
    [400, 60, 20, 520, 0.023068, 0.058354],
    [4990, 0, 4, 5006, -0.001028, -0.000016],
    [0, 3, 0, 0, -0.122994, 1],
  ])('(%i, %i, %i, %i) has the interval [%f, %f]', (both, onlyA, onlyB, neither, lo, hi) => {
    const interval = pairedDifference(both, onlyA, onlyB, neither);
    expect(interval.rate).toBeCloseTo((onlyA - onlyB) / (both + onlyA + onlyB + neither), 15);
    expect(interval.lo).toBeCloseTo(lo, 6);
    expect(interval.hi).toBeCloseTo(hi, 6);
  });

  it('reaches z²/(n + z²) either way when no game differs, as a Wilson interval of no successes does', () => {
    const interval = pairedDifference(500, 0, 0, 500);
    const reach = (Z_95 * Z_95) / (1000 + Z_95 * Z_95);
    expect(interval.lo).toBeCloseTo(-reach, 12);
    expect(interval.hi).toBeCloseTo(reach, 12);
  });

  it('knows nothing from no games', () => {
    expect(pairedDifference(0, 0, 0, 0)).toEqual({ rate: 0, lo: -1, hi: 1 });
  });

  it('reaches (n − z²)/(n + z²) when every game went to one side, and refuses counts that are not whole games', () => {
    const interval = pairedDifference(0, 0, 40, 0);
    expect(interval.lo).toBe(-1);
    expect(interval.hi).toBeCloseTo(-(40 - Z_95 * Z_95) / (40 + Z_95 * Z_95), 12);
    expect(() => pairedDifference(0, Number.NaN, 1, 0)).toThrow(RangeError);
    expect(() => pairedDifference(0, 1.5, 1, 0)).toThrow(RangeError);
    expect(() => pairedDifference(-1, 2, 1, 0)).toThrow(RangeError);
  });

  it('holds at 2^28 games, the most a results file keeps the game wins of', () => {
    const half = 2 ** 27;
    const interval = pairedDifference(half, 0, 0, half);
    const reach = (Z_95 * Z_95) / (2 ** 28 + Z_95 * Z_95);
    expect(interval.lo / -reach).toBeCloseTo(1, 9);
    expect(interval.hi / reach).toBeCloseTo(1, 9);
  });

  it('covers the true change at least 93% of the time when a change turns around about two games, all one way', () => {
    // Exact coverage over the counts of 5,000 games where A alone wins with probability 2/5,000 and B alone never:
    // the case where Newcombe's hybrid score interval (playsim before 0.8.0) covered 86%.
    const n = 5000;
    const onlyAProbability = 2 / n;
    let covered = 0;
    let probability = (1 - onlyAProbability) ** n;
    for (let onlyA = 0; onlyA <= 40; onlyA++) {
      const both = Math.floor((n - onlyA) / 2);
      const interval = pairedDifference(both, onlyA, 0, n - onlyA - both);
      if (interval.lo <= onlyAProbability && onlyAProbability <= interval.hi) covered += probability;
      probability *= ((n - onlyA) / (onlyA + 1)) * (onlyAProbability / (1 - onlyAProbability));
    }
    expect(covered).toBeGreaterThan(0.93);
    expect(covered).toBeLessThan(0.999);
  });

  it('contains the difference and stays within [-1, 1]', () => {
    fc.assert(
      fc.property(pairedTable, ([both, onlyA, onlyB, neither]) => {
        fc.pre(both + onlyA + onlyB + neither > 0);
        const { rate, lo, hi } = pairedDifference(both, onlyA, onlyB, neither);
        expect(-1 <= lo && lo <= rate && rate <= hi && hi <= 1).toBe(true);
      }),
    );
  });

  it('negates when A and B swap', () => {
    fc.assert(
      fc.property(pairedTable, ([both, onlyA, onlyB, neither]) => {
        fc.pre(both + onlyA + onlyB + neither > 0);
        const ab = pairedDifference(both, onlyA, onlyB, neither);
        const ba = pairedDifference(both, onlyB, onlyA, neither);
        // True by construction (the upper limit is the swapped table's lower limit), so this guards the construction; the
        // upper limits themselves are checked by the reference tables above. Sums, so that 0 and −0 count alike.
        expect(ba.rate + ab.rate).toBe(0);
        expect(ba.lo + ab.hi).toBe(0);
        expect(ba.hi + ab.lo).toBe(0);
      }),
    );
  });

  it('widens with the level asked for', () => {
    fc.assert(
      fc.property(pairedTable, ([both, onlyA, onlyB, neither]) => {
        fc.pre(both + onlyA + onlyB + neither > 0);
        const usual = pairedDifference(both, onlyA, onlyB, neither);
        const wider = pairedDifference(both, onlyA, onlyB, neither, bonferroniZ(10));
        expect(wider.lo <= usual.lo && usual.hi <= wider.hi).toBe(true);
      }),
    );
  });
});

describe('independentDifference', () => {
  // Newcombe (1998), "Interval estimation for the difference between independent proportions", Stat Med
  // 17:873-890, Table II, method 10; given as (successes A, n A, successes B, n B).
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ])('%i/%i - %i/%i has the published interval [%f, %f]', (a, nA, b, nB, lo, hi) => {
    const interval = independentDifference(a, nA, b, nB);
    expect(interval.rate).toBeCloseTo(a / nA - b / nB, 15);
    expectLimits(interval, lo, hi);
  });

  it('knows nothing of a side without games: its rate counts as 0 and its interval as [0, 1]', () => {
    const interval = independentDifference(0, 0, 3, 10);
    expect(interval.rate).toBeCloseTo(-0.3, 15);
    expect(interval.lo).toBeLessThan(-0.5);
    expect(interval.hi).toBeGreaterThan(0.6);
    const mirrored = independentDifference(3, 10, 0, 0);
    expect(mirrored.rate).toBeCloseTo(0.3, 15);
    expect(mirrored.lo).toBeCloseTo(-interval.hi, 12);
    expect(mirrored.hi).toBeCloseTo(-interval.lo, 12);
  });

  it('is wider than the paired interval of the same rates when the games agree', () => {
    const paired = pairedDifference(400, 60, 20, 520);
    const independent = independentDifference(460, 1000, 420, 1000);
    expect(independent.rate).toBeCloseTo(paired.rate, 15);
    expect(independent.hi - independent.lo).toBeGreaterThan(paired.hi - paired.lo);
  });
});

describe('welchDifference', () => {
  const sample = (mean: number, sd: number, n: number) => ({ mean, sd, n, lo: 0, hi: 0 });

  it('uses the Welch-Satterthwaite degrees of freedom, rounded down', () => {
    // Standard errors² 0.4 and 0.6: df = 1 / (0.4²/9 + 0.6²/14) = 22.99, so t(22) = 2.073873 times SE 1.
    const interval = welchDifference(sample(10, 2, 10), sample(8, 3, 15))!;
    expect(interval.difference).toBe(2);
    expect(interval.lo).toBeCloseTo(2 - 2.073873068, 9);
    expect(interval.hi).toBeCloseTo(2 + 2.073873068, 9);
  });

  it('scales with the standard error of the difference', () => {
    // Standard errors² 0.4 and 1.6: df = 2² / (0.4²/9 + 1.6²/9) = 13.2, so t(13) = 2.160368656 times SE √2.
    const interval = welchDifference(sample(10, 2, 10), sample(8, 4, 10))!;
    expect(interval.hi).toBeCloseTo(2 + 2.160368656 * Math.SQRT2, 8);
    expect(interval.lo).toBeCloseTo(2 - 2.160368656 * Math.SQRT2, 8);
  });

  it('is exact for constant samples and undefined without two values a side', () => {
    expect(welchDifference(sample(5, 0, 10), sample(3, 0, 4))).toEqual({ difference: 2, lo: 2, hi: 2 });
    expect(welchDifference(sample(5, 1, 1), sample(3, 1, 40))).toBeNull();
    expect(welchDifference(sample(5, 1, 40), sample(3, 0, 1))).toBeNull();
  });

  it('negates when the samples swap and contains the difference', () => {
    const moments = fc.tuple(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: 0.01, max: 20, noNaN: true }), fc.integer({ min: 2, max: 5000 }));
    fc.assert(
      fc.property(moments, moments, ([meanA, sdA, nA], [meanB, sdB, nB]) => {
        const ab = welchDifference(sample(meanA, sdA, nA), sample(meanB, sdB, nB))!;
        const ba = welchDifference(sample(meanB, sdB, nB), sample(meanA, sdA, nA))!;
        expect(ab.lo <= ab.difference && ab.difference <= ab.hi).toBe(true);
        expect(ba.lo).toBeCloseTo(-ab.hi, 9);
        expect(ba.hi).toBeCloseTo(-ab.lo, 9);
      }),
    );
  });
});

describe('bonferroniZ', () => {
  it('is the 95% quantile for one test and Φ⁻¹(1 − 0.025/m) for m', () => {
    expect(bonferroniZ(1)).toBe(Z_95);
    // Standard normal quantiles of 1 − 0.025/m for m = 2, 10, 80 (R: qnorm(1 - 0.025 / m)).
    expect(bonferroniZ(2)).toBeCloseTo(2.241402727604947, 9);
    expect(bonferroniZ(10)).toBeCloseTo(2.807033768343811, 9);
    expect(bonferroniZ(80)).toBeCloseTo(3.4205267011318314, 9);
  });

  it('takes each of m tests at the level 1 − 0.05/m, and a single test at 95%', () => {
    expect(bonferroniLevel(1)).toBeCloseTo(0.95, 15);
    expect(bonferroniLevel(10)).toBeCloseTo(0.995, 15);
  });

  it('widens the intervals built on it', () => {
    const alone = independentDifference(1570, 2000, 1500, 2000);
    const together = independentDifference(1570, 2000, 1500, 2000, bonferroniZ(12));
    expect(together.lo).toBeLessThan(alone.lo);
    expect(together.hi).toBeGreaterThan(alone.hi);
    expect(wilson(30, 100, bonferroniZ(12)).lo).toBeLessThan(wilson(30, 100).lo);
  });
});

describe('excludesZero', () => {
  it('is true only for an interval wholly on one side of zero', () => {
    const intervals = [
      { lo: 0.01, hi: 0.2 },
      { lo: -0.2, hi: -0.01 },
      { lo: 0, hi: 0.2 },
      { lo: -0.2, hi: 0 },
      { lo: -0.1, hi: 0.1 },
    ];
    expect(intervals.map(excludesZero)).toEqual([true, true, false, false, false]);
  });
});

describe('exact values a mutation of the formulas would move', () => {
  /** Wilson's interval as textbooks write it: (p + z²/2n ± z√(p(1 − p)/n + z²/4n²)) / (1 + z²/n). */
  function textbookWilson(x: number, n: number, z: number) {
    const p = x / n;
    const centre = p + (z * z) / (2 * n);
    const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
    return { rate: p, lo: (centre - spread) / (1 + (z * z) / n), hi: (centre + spread) / (1 + (z * z) / n) };
  }

  it("gives the textbook Wilson interval for 0, some and all successes, at 95% and at another level's z", () => {
    for (const z of [Z_95, 2.5]) {
      for (const [x, n] of [[0, 10], [3, 10], [10, 10], [1, 1], [17, 40], [0, 1000]] as const) {
        const ours = z === Z_95 ? wilson(x, n) : wilson(x, n, z);
        const expected = textbookWilson(x, n, z);
        expect(ours.rate).toBe(expected.rate);
        expect(ours.lo).toBeCloseTo(expected.lo, 12);
        expect(ours.hi).toBeCloseTo(expected.hi, 12);
      }
    }
    // 0 of 10 at z = 2.5: [0, z²/(n + z²)] exactly.
    expect(wilson(0, 10, 2.5).hi).toBeCloseTo(6.25 / 16.25, 14);
  });

  it("takes Student's t at 30 degrees of freedom from the table, not the expansion", () => {
    expect(studentT975(30)).toBe(2.042272456);
    expect(studentT975(29)).toBe(2.045229642);
  });

  it('takes the Bonferroni level of no tests as of one: 95%', () => {
    expect(bonferroniLevel(0)).toBe(0.95);
    expect(bonferroniLevel(1)).toBe(0.95);
    expect(bonferroniLevel(4)).toBeCloseTo(0.9875, 15);
  });

  it('gives half the width of an interval', () => {
    expect(halfWidth({ lo: 0.25, hi: 0.75 })).toBe(0.25);
    expect(halfWidth({ lo: -3, hi: 1 })).toBe(2);
  });
});
