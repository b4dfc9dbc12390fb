import type { SettingValue } from '../core/game.ts';
import type { CellResult, MetricDifference, MetricResult, PairedComparison, RateCI, ResultsFile } from '../sim/results.ts';
import { excludesZero, halfWidth } from '../sim/statistics.ts';
import { strategyHead } from '../sim/strategy-spec.ts';
import { shownDifferenceInterval, shownInterval } from './metric-interval.ts';

/** Wording and number formats shared by the charts, the summary tables and the HTML report. */

/** A provenance label naming estimates: `estimated`, or a source's cards in part estimated (Necreaux's named skills). */
const NAMES_ESTIMATES = /\bestimated\b/;

/** The varied settings other than "strategy", which every table shows in its own column. */
export function variedSettings(results: ResultsFile): string[] {
  return results.experiment.varied.filter((name) => name !== 'strategy');
}

/** The value a cell has for a setting, or for "strategy"; a dash where the cell's strategy has no such parameter. */
export function cellValue(cell: CellResult, name: string): SettingValue {
  return name === 'strategy' ? cell.strategy : (cell.params[name] ?? '—');
}

/** "agents=3, strategy=greedy" */
export function cellLabel(cell: CellResult, names: readonly string[]): string {
  return names.map((name) => `${name}=${cellValue(cell, name)}`).join(', ');
}

function cellById(results: ResultsFile, id: number): CellResult {
  const cell = results.cells.find((c) => c.id === id);
  if (cell === undefined) throw new Error(`results: comparison refers to unknown cell ${id}`);
  return cell;
}

/** "speed=7 vs speed=6 (agents=2)": what differs, then what the two cells share among the varied settings. */
export function comparisonLabel(results: ResultsFile, comparison: PairedComparison): string {
  const { pair, context } = comparisonParts(results, comparison);
  return context === '' ? pair : `${pair} (${context})`;
}

/**
 * What a comparison varies ("speed=7 vs speed=6", from its first and second cell) and the other varied settings its two cells share ("agents=3"; ''
 * when none). Two specs of one strategy that differ by the varied parameter share the strategy's name
 * ("strategy=fixed-speed", not "strategy=fixed-speed:speed=7").
 */
export function comparisonParts(results: ResultsFile, comparison: PairedComparison): ComparisonParts {
  const a = cellById(results, comparison.a);
  const b = cellById(results, comparison.b);
  const context = results.experiment.varied.flatMap((name) => {
    if (name === comparison.varied) return [];
    if (cellValue(a, name) === cellValue(b, name)) return [`${name}=${cellValue(a, name)}`];
    return name === 'strategy' && strategyHead(a.strategy) === strategyHead(b.strategy) ? [`strategy=${strategyHead(a.strategy)}`] : [];
  });
  const first = cellLabel(a, [comparison.varied]);
  const second = cellLabel(b, [comparison.varied]);
  return { first, second, pair: `${first} vs ${second}`, context: context.join(', ') };
}

export interface ComparisonParts {
  /** The first cell's value of the varied setting ("speed=7"), and the second's. */
  readonly first: string;
  readonly second: string;
  readonly pair: string;
  readonly context: string;
}

/** A paired difference is significant when its 95% CI excludes 0. */
export function isSignificant(comparison: PairedComparison): boolean {
  return excludesZero(comparison.difference);
}

export function hasEstimatedContent(results: ResultsFile): boolean {
  return Object.entries(results.content.provenance.bySource).some(([source, cards]) => cards > 0 && NAMES_ESTIMATES.test(source));
}

/** ["14 rulebook", "88 estimated"] */
function provenanceParts(results: ResultsFile): string[] {
  return Object.entries(results.content.provenance.bySource).map(([source, cards]) => `${cards} ${source}`);
}

/** "14 rulebook, 88 estimated — estimates are not printed values" */
export function provenanceStatement(results: ResultsFile): string {
  const parts = provenanceParts(results).join(', ');
  return hasEstimatedContent(results) ? `${parts} — estimates are not printed values` : parts;
}

/** "content: 14 rulebook + 88 estimated cards", for chart subtitles. */
export function provenanceSubtitle(results: ResultsFile): string {
  return `content: ${provenanceParts(results).join(' + ')} cards`;
}

/** A rate in percent or a difference of rates in percentage points, one decimal unless told: 0.4123 → "41.2" */
function points(rate: number, digits = 1): string {
  return (rate * 100).toFixed(digits);
}

/** One decimal, or more where the interval is too narrow for it: +0.035 pp [0.025, 0.047], not +0.0 pp [0.0, 0.0]. */
function pointDigits(value: RateCI): number {
  return Math.max(1, firstSignificantDigit(((value.hi - value.lo) / 2) * 100));
}

function ciBounds(value: RateCI, digits: number): string {
  return `[${points(value.lo, digits)}, ${points(value.hi, digits)}]`;
}

/** 0.4123 → "41.2%" */
export function percent(rate: number): string {
  return `${points(rate)}%`;
}

/** A confidence level with the decimals that keep it below 100%: 0.995 → "99.5%", 0.999615 → "99.96%". */
export function levelPercent(level: number): string {
  return `${points(level, Math.max(1, firstSignificantDigit((1 - level) * 100)))}%`;
}

/** 0.4123 [0.39, 0.434] → "41.2% [39.0, 43.4]" */
export function percentWithCi(value: RateCI): string {
  const digits = pointDigits(value);
  return `${points(value.rate, digits)}% ${ciBounds(value, digits)}`;
}

/** A difference of rates: 0.031 [0.012, 0.05] → "+3.1 pp [1.2, 5.0]" */
export function percentagePointsWithCi(value: RateCI): string {
  const digits = pointDigits(value);
  return `${signed(value.rate * 100, digits)} pp ${ciBounds(value, digits)}`;
}

/** A difference with its sign, "+3.1", "-0.4"; one that rounds to zero has none, "0.0" (not "-0.0"). */
function signed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  if (Number(text) === 0) return (0).toFixed(digits);
  return value > 0 ? `+${text}` : text;
}

/** A target half-width as given: 0.0085 → "0.85 pp" (one decimal would round it to a target it is not). */
export function exactPercentagePoints(rate: number): string {
  return `${Number((rate * 100).toFixed(6))} pp`;
}

/**
 * 23.41 [22.9, 23.9] → "23.4 ± 0.5"; a rate in disguise (shownInterval) with its bounds, "98.5 [95.7, 99.5]", as is a
 * count whose interval stops at 0, "0.02 [0.00, 0.04]"; "—" when the metric applied to no game; one game's value has
 * no interval, nor has a value every game shared ("0.0 (every game)": the games show no spread to measure an interval
 * from, and "± 0.0" would claim certainty); shared by fewer games than the cell's `games`, it says how many ("9.0
 * (every one of 4 games)": a round of loss in a cell that won 36 of 40). An interval too narrow for the usual decimals
 * gets more, "11.42 ± 0.03", for the same reason.
 */
export function meanWithCi(metric: MetricResult, games = metric.n): string {
  if (metric.n === 0) return '—';
  const interval = shownInterval(metric);
  const none = noInterval(interval.none, metric.n, games);
  return writtenMean(metric.mean, { ...interval, none, halfWidth: halfWidth(metric), withBounds: interval.stopsAtZero }, (value, digits) => value.toFixed(digits));
}

/** Why there is no interval, saying how many games shared the value when they are fewer than the `games` shown beside it. */
function noInterval(none: string | null, n: number, games: number): string | null {
  return n < games && none === 'every game' ? `every one of ${count(n)} games` : none;
}

/**
 * A paired mean difference as meanWithCi writes a mean, with its sign: "+1.2 ± 0.3", "-0.45 ± 0.08", "0.0 (every
 * game)" (the same difference in every game); a rate's, "+5.0 [3.1, 6.9]". Over fewer games than the comparison's
 * `games`, it says how many: "-0.6 ± 0.2 (816 games)", "-3.0 (every one of 2 games)".
 */
export function meanDifferenceWithCi(difference: MetricDifference, games = difference.n): string {
  if (difference.n === 0) return '—';
  const interval = shownDifferenceInterval(difference);
  const fewer = difference.n < games;
  const none = noInterval(interval.none, difference.n, games);
  const text = writtenMean(difference.mean, { ...interval, none, halfWidth: halfWidth(difference), withBounds: false }, signed);
  return fewer && none === null ? `${text} (${count(difference.n)} games)` : text;
}

/** An interval as a mean is written with it: none, its bounds, or its half-width. */
interface WrittenInterval {
  readonly lo: number;
  readonly hi: number;
  readonly none: string | null;
  readonly rateOf: number | null;
  readonly halfWidth: number;
  /** Bounds rather than ± the half-width (a count's interval stopped at 0). */
  readonly withBounds: boolean;
}

function writtenMean(mean: number, interval: WrittenInterval, written: (value: number, digits: number) => string): string {
  if (interval.none !== null) return `${written(mean, meanDigits(mean))} (${interval.none})`;
  // A rate's bounds with one decimal from c = 10 up: 100 games of 100 show [99.8, 100.0], not [100, 100]; with two below
  // it, so that 3 games of 20 with 0 or 1 show 0.15 [0.05, 0.36], not 0.1 [0.1, 0.4].
  const digits = interval.rateOf !== null ? (interval.rateOf < 10 ? 2 : 1) : meanDigitsWithin(mean, interval.halfWidth);
  if (interval.rateOf !== null || interval.withBounds) return `${written(mean, digits)} [${interval.lo.toFixed(digits)}, ${interval.hi.toFixed(digits)}]`;
  return `${written(mean, digits)} ± ${interval.halfWidth.toFixed(digits)}`;
}

/** meanDigits, or more when the interval's half-width would round to nothing: its first significant digit (0.03 → 2). */
export function meanDigitsWithin(mean: number, halfWidth: number): number {
  return Math.max(meanDigits(mean), firstSignificantDigit(halfWidth));
}

/** The decimal place of a half-width's first significant digit below 1 (at most 6), else 0. */
function firstSignificantDigit(halfWidth: number): number {
  return halfWidth > 0 && halfWidth < 1 ? Math.min(6, Math.ceil(-Math.log10(halfWidth))) : 0;
}

/** Decimals a mean of this size is shown with: none from 100 up, else one. */
export function meanDigits(mean: number): number {
  return Math.abs(mean) >= 100 ? 0 : 1;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}
