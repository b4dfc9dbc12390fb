import type { MetricDifference, MetricResult } from '../sim/results.ts';
import { wilson } from '../sim/statistics.ts';

/** The interval a report shows for a metric's mean, and whether it is a rate's (Wilson's, not symmetric). */
export interface ShownInterval {
  readonly lo: number;
  readonly hi: number;
  /** The value c of a rate in disguise (0 or c in every game), whose interval is Wilson's; null for any other metric. */
  readonly rateOf: number | null;
  /** Whether `lo` is 0 rather than the t interval's bound below it (see lowestPossible). */
  readonly stopsAtZero: boolean;
  /**
   * Why the games give no interval to show, or null: one game, or a value every game shared (not a rate), whose
   * spread of 0 would claim certainty.
   */
  readonly none: '1 game' | 'every game' | null;
}

/**
 * A metric's mean's 95% CI as the tables and charts show it. A metric that is 0 or one value c in every game (c times
 * an indicator, such as firstAttackWon's 0 or 100) is a rate: its interval is Wilson's, scaled by c, so it stays
 * within [0, c] and does not shrink to nothing when every game agrees. Any other metric keeps its Student-t interval (a
 * metric that was 0 in every game, whose c no game showed, too, and one that was c in every game unless its game
 * declares it from 0 to c: 4 liberations of 0 to 7, or Realm 7 of 1 to 7, in every game is a value every game shared,
 * not a rate whose games all hit).
 */
export function shownInterval(metric: MetricResult): ShownInterval {
  const { mean, n } = metric;
  if (n === 1) return { lo: metric.lo, hi: metric.hi, rateOf: null, none: '1 game', stopsAtZero: false };
  const c = indicatorValue(metric);
  if (c === null) {
    const lo = Math.max(metric.lo, lowestPossible(metric));
    return { lo, hi: metric.hi, rateOf: null, none: metric.sd === 0 ? 'every game' : null, stopsAtZero: lo !== metric.lo };
  }
  const interval = wilson(Math.round((mean * n) / c), n);
  return { lo: c * interval.lo, hi: c * interval.hi, none: null, rateOf: c, stopsAtZero: false };
}

/**
 * 0 for a metric no game had below 0 (a count: deaths, knockouts), else -Infinity. A mean of such values cannot be
 * below 0, so the interval of a rare count whose t interval reaches below it (deaths in Realm 1, 0.02 ± 0.03) is
 * shown from 0: [0.00, 0.05]. results.json keeps the t interval.
 */
function lowestPossible(metric: MetricResult): number {
  return metric.histogram.below === 0 && metric.histogram.min >= 0 ? 0 : -Infinity;
}

/**
 * The value c when every game's value of the metric is 0 or c (c > 0): declared by its game, or read from a histogram
 * of one value a bin (a wider bin holds other values beside 0 and c, which the sums cannot rule out); else null.
 */
function indicatorValue(metric: MetricResult): number | null {
  const { mean, sd, n, histogram } = metric;
  if (metric.rateOf !== undefined) return n > 0 ? metric.rateOf : null;
  if (n === 0 || mean === 0 || histogram.binWidth !== 1) return null;
  // For values 0 and c only: Σx² = c·Σx, so c = (Σx²/n) / mean = (sd²·(n − 1)/n + mean²) / mean.
  const c = Math.round((sd * sd * ((n - 1) / n) + mean * mean) / mean);
  const binOf = (x: number) => Math.floor((x - histogram.min) / histogram.binWidth);
  const onlyZeroAndC = histogram.below === 0 && histogram.above === 0 && histogram.counts.every((count, bin) => count === 0 || bin === binOf(0) || bin === binOf(c));
  const hits = Math.round((mean * n) / c);
  if (!onlyZeroAndC || c <= 0 || Math.abs(mean - (c * hits) / n) >= 1e-9) return null;
  // c in every game is a rate's only when the metric runs from 0 to c (its last bin), as firstAttackWon's 0 or 100 does.
  return hits < n || (binOf(0) >= 0 && binOf(c) === histogram.counts.length - 1) ? c : null;
}

/**
 * The interval a report shows for a paired metric difference: its own, but none for one game's difference or one
 * every game shared (the same value on both sides, or the same gap), which the games give no spread for; a rate's
 * difference (Tango's interval) has one whatever the games.
 */
export function shownDifferenceInterval(difference: MetricDifference): Omit<ShownInterval, 'stopsAtZero'> {
  const rateOf = difference.rateOf ?? null;
  const none = rateOf !== null ? null : difference.n === 1 ? '1 game' : difference.sd === 0 ? 'every game' : null;
  return { lo: difference.lo, hi: difference.hi, rateOf, none };
}
