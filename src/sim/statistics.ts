import { quantileNormal } from 'vega-statistics';
import type { MeanCI, RateCI } from './results.ts';

/**
 * The interval estimates behind every number a report prints. Pure functions of exact counts and sums, all at the
 * 95% level.
 */

/** The two-sided 95% standard normal quantile, Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054;

/**
 * The normal quantile for `tests` intervals taken together at 95% (Bonferroni: each at 1 − 0.05/tests), so that
 * the chance any of them excludes its true value is at most 5%.
 */
export function bonferroniZ(tests: number): number {
  return tests <= 1 ? Z_95 : quantileNormal(1 - (1 - bonferroniLevel(tests)) / 2);
}

/** Half the width of an interval: how far its ends lie from the middle. */
export function halfWidth(interval: { readonly lo: number; readonly hi: number }): number {
  return (interval.hi - interval.lo) / 2;
}

/** The level each of `tests` intervals is taken at so that together they hold at 95%: 1 − 0.05/tests. */
export function bonferroniLevel(tests: number): number {
  return 1 - 0.05 / Math.max(1, tests);
}

/**
 * Wilson score interval for a binomial proportion: Wilson (1927), "Probable inference, the law of succession, and
 * statistical inference", JASA 22:209-212; method 3 of Newcombe (1998), Statistics in Medicine 17:857-872.
 * The upper limit is the lower limit of the failures, mirrored, so swapping successes and failures mirrors the
 * interval and it ends exactly at 0 and 1. With no trials nothing is known: rate 0, interval [0, 1]. `z` is the
 * normal quantile of the level (95% by default).
 */
export function wilson(successes: number, n: number, z = Z_95): RateCI {
  if (n === 0) return { rate: 0, lo: 0, hi: 1 };
  return { rate: successes / n, lo: wilsonLowerLimit(successes, n, z), hi: 1 - wilsonLowerLimit(n - successes, n, z) };
}

/**
 * The limits are the roots of (n + z²)p² − (2x + z²)p + x²/n = 0. The upper root is a sum of positive terms; the
 * lower one is taken from the product of the roots, x²/(n(n + z²)), so it suffers no cancellation and is exactly 0
 * when x = 0.
 */
function wilsonLowerLimit(successes: number, n: number, z: number): number {
  const zz = z * z;
  const discriminantRoot = z * Math.sqrt(zz + (4 * successes * (n - successes)) / n);
  const upperRoot = (2 * successes + zz + discriminantRoot) / (2 * (n + zz));
  return (successes * successes) / (n * (n + zz) * upperRoot);
}

/** Student's t 0.975 quantiles for 1..30 degrees of freedom (standard tables; checked against scipy to 1e-9). */
const T_975 = [
  12.706204736, 4.30265273, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252, 2.306004135,
  2.262157163, 2.228138852, 2.20098516, 2.17881283, 2.160368656, 2.144786688, 2.131449546, 2.119905299, 2.109815578,
  2.10092204, 2.093024054, 2.085963447, 2.079613845, 2.073873068, 2.06865761, 2.063898562, 2.059538553, 2.055529439,
  2.051830516, 2.048407142, 2.045229642, 2.042272456,
];

/**
 * The 0.975 quantile of Student's t with `df` degrees of freedom: the table above for df <= 30, then the
 * Cornish-Fisher expansion of t in powers of 1/df (Abramowitz & Stegun 26.7.5), whose error there is below 3e-8
 * and which tends to Z_95 as df grows. `df` must be a whole number of at least 1 (Welch's fractional df is floored by
 * its caller, which widens the interval a little).
 */
export function studentT975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`Student's t needs whole degrees of freedom of at least 1, not ${df}`);
  if (df <= T_975.length) return T_975[df - 1];
  const z = Z_95;
  const z2 = z * z;
  const g1 = (z * (z2 + 1)) / 4;
  const g2 = (z * ((5 * z2 + 16) * z2 + 3)) / 96;
  const g3 = (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / 384;
  const g4 = (z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945)) / 92160;
  return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/**
 * Mean, sample standard deviation and the t interval for the mean (Student, 1908), from a count and the exact
 * integer sums Σx and Σx² an accumulator keeps. The sum of squared deviations, (n·Σx² − (Σx)²)/n, is computed
 * exactly in BigInt, so the one-pass formula loses nothing to cancellation while the sums stay below 2^53 (see
 * scaledSquaredDeviations for past that).
 *
 * Fewer than two values give no estimate of spread: n = 0 returns all zeros, and n = 1 returns sd 0 and the
 * degenerate interval lo = hi = mean (JSON cannot hold the honest ±Infinity), which readers must not take as
 * certainty.
 */
export function meanInterval(n: number, sum: number, sumSquares: number): MeanCI {
  if (n === 0) return { mean: 0, lo: 0, hi: 0, sd: 0, n: 0 };
  const mean = sum / n;
  if (n < 2) return { mean, lo: mean, hi: mean, sd: 0, n };
  const sd = Math.sqrt(scaledSquaredDeviations(n, sum, sumSquares) / (n * (n - 1)));
  const halfWidth = (studentT975(n - 1) * sd) / Math.sqrt(n);
  return { mean, lo: mean - halfWidth, hi: mean + halfWidth, sd, n };
}

/**
 * n·Σx² − (Σx)², which is n times the sum of squared deviations from the mean: exact while the sums are integers below
 * 2^53. Past that (about a billion games of values in the thousands, or values above about 9.5e7) the sums were
 * already rounded as they were added, so the difference is taken in floating point too, never below 0, rather than
 * losing a run after its last game.
 */
export function scaledSquaredDeviations(n: number, sum: number, sumSquares: number): number {
  if (Number.isSafeInteger(n) && Number.isSafeInteger(sum) && Number.isSafeInteger(sumSquares)) {
    return Number(BigInt(n) * BigInt(sumSquares) - BigInt(sum) * BigInt(sum));
  }
  return Math.max(0, n * sumSquares - sum * sum);
}

/**
 * Interval for the difference pA − pB of two proportions measured on the same games: Tango's asymptotic score
 * interval, Tango (1998), "Equivalence test and confidence interval for the difference in proportions for the
 * paired-sample design", Statistics in Medicine 17:891-908; its exact coverage against Newcombe's hybrid score
 * interval, which playsim used before 0.8.0, is in the README. Only the games one side won and the other lost carry
 * information on the difference; the interval holds every difference δ that the score test at the level of `z` (95%
 * by default) does not reject. With no games nothing is known: rate 0, interval [−1, 1].
 */
export function pairedDifference(bothWon: number, onlyAWon: number, onlyBWon: number, neither: number, z = Z_95): RateCI {
  for (const count of [bothWon, onlyAWon, onlyBWon, neither]) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`a paired table holds whole counts of games, not ${count}`);
  }
  const n = bothWon + onlyAWon + onlyBWon + neither;
  if (n === 0) return { rate: 0, lo: -1, hi: 1 };
  const rate = (onlyAWon - onlyBWon) / n;
  // The upper limit is the lower limit of the table with A and B swapped, negated, so that swapping them mirrors the
  // interval exactly (bisecting each end separately leaves rounding differences near ±1).
  return {
    rate,
    lo: lowerLimit({ onlyA: onlyAWon, onlyB: onlyBWon, n }, z, rate),
    hi: -lowerLimit({ onlyA: onlyBWon, onlyB: onlyAWon, n }, z, -rate),
  };
}

interface DiscordantCounts {
  readonly onlyA: number;
  readonly onlyB: number;
  readonly n: number;
}

/**
 * The difference δ between −1 and the observed `rate` where Tango's score equals z, by bisection: the score falls as
 * δ rises, tends to +∞ at δ = −1 and is 0 at the rate. The halving goes on until the midpoint can no longer be told
 * from an end; the limit is then as close as the score's own rounding allows (about 1e-13).
 */
function lowerLimit(table: DiscordantCounts, z: number, rate: number): number {
  let below = -1;
  let above = rate;
  for (;;) {
    const middle = (below + above) / 2;
    if (middle === below || middle === above) return middle;
    if (tangoScore(table, middle) > z) below = middle;
    else above = middle;
  }
}

/**
 * Tango's score statistic for the null hypothesis pA − pB = δ: (onlyA − onlyB − nδ) / √(n(2p̃ + δ(1 − δ))), where
 * p̃ is the maximum-likelihood probability of a game only B wins given δ, the larger root of
 * 2n·p² + (−onlyA − onlyB + (2n − onlyA + onlyB)δ)·p − onlyB·δ(1 − δ) = 0.
 */
function tangoScore({ onlyA, onlyB, n }: DiscordantCounts, delta: number): number {
  const a = 2 * n;
  const b = -onlyA - onlyB + (2 * n - onlyA + onlyB) * delta;
  const c = -onlyB * delta * (1 - delta);
  const onlyBProbability = (Math.sqrt(Math.max(0, b * b - 4 * a * c)) - b) / (2 * a);
  const variance = Math.max(0, 2 * onlyBProbability + delta * (1 - delta));
  return (onlyA - onlyB - n * delta) / Math.sqrt(n * variance);
}

/**
 * Interval for the difference pA − pB of two proportions measured on different games: Newcombe's method 10 (hybrid
 * score interval), Newcombe (1998), "Interval estimation for the difference between independent proportions",
 * Statistics in Medicine 17:873-890: the Wilson margins of the two rates, at the level of `z` (95% by default),
 * combined as independent errors. With no games on a side nothing is known of it: its Wilson interval is [0, 1].
 */
export function independentDifference(successesA: number, nA: number, successesB: number, nB: number, z = Z_95): RateCI {
  const rate = (nA === 0 ? 0 : successesA / nA) - (nB === 0 ? 0 : successesB / nB);
  const a = marginalMargins(successesA, nA, z);
  const b = marginalMargins(successesB, nB, z);
  return {
    rate,
    lo: Math.max(-1, rate - Math.hypot(a.below, b.above)),
    hi: Math.min(1, rate + Math.hypot(b.below, a.above)),
  };
}

interface WilsonMargins {
  readonly below: number;
  readonly above: number;
}

/** How far a Wilson interval reaches below and above its rate. */
function marginalMargins(successes: number, n: number, z = Z_95): WilsonMargins {
  const { rate, lo, hi } = wilson(successes, n, z);
  return { below: rate - lo, above: hi - rate };
}

/** A difference is significant at the 95% level when its interval leaves out zero. */
export function excludesZero(interval: { readonly lo: number; readonly hi: number }): boolean {
  return interval.lo > 0 || interval.hi < 0;
}

export interface DifferenceCI {
  readonly difference: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Welch's interval for the difference of two means measured on different games, a − b (Welch, 1947, Biometrika
 * 34:28-35): the standard error of each mean combined, with the Welch-Satterthwaite degrees of freedom. Null when a
 * side has fewer than two values (no estimate of its spread). Two constant samples give the exact difference.
 */
export function welchDifference(a: MeanCI, b: MeanCI): DifferenceCI | null {
  if (a.n < 2 || b.n < 2) return null;
  const difference = a.mean - b.mean;
  const varianceA = (a.sd * a.sd) / a.n;
  const varianceB = (b.sd * b.sd) / b.n;
  const variance = varianceA + varianceB;
  if (variance === 0) return { difference, lo: difference, hi: difference };
  const df = (variance * variance) / ((varianceA * varianceA) / (a.n - 1) + (varianceB * varianceB) / (b.n - 1));
  const halfWidth = studentT975(Math.max(1, Math.floor(df))) * Math.sqrt(variance);
  return { difference, lo: difference - halfWidth, hi: difference + halfWidth };
}
