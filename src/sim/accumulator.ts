import { METRIC_MISSING, type MetricSpec, type OutcomeRecord } from '../core/game.ts';
import { InputError } from '../core/errors.ts';
import type { CellRaw, HistogramJSON } from './results.ts';
import { scaledSquaredDeviations } from './statistics.ts';

/**
 * Streaming accumulators: a run keeps counts and sums, never a list of games, and shards (workers, processes,
 * result files) combine by adding them.
 *
 * Every quantity is a count or a sum of integers (metric values are 32-bit integers, checked as each game is added),
 * held in a Float64Array. Such sums are exact while they stay below 2^53 (Number.MAX_SAFE_INTEGER), so adding records
 * one by one, merging shards in any grouping, and merging them in any order all give bit-identical results: merging
 * is associative and commutative. The one sum that can approach the limit is Σx², e.g. after 10^9 games with values
 * near 3000: past it the sum is rounded as it grows, a metric's interval is computed in floating point (meanInterval)
 * and may then differ in its last digits between worker counts.
 */

/**
 * Statistics of one cell of an experiment: outcome counts and, per metric, count, Σx, Σx², a histogram over the
 * metric's declared range and how many values fell below or beyond it.
 */
export class CellAccumulator {
  games = 0;
  readonly outcomeCounts: Float64Array;
  readonly metricCounts: Float64Array;
  readonly metricSums: Float64Array;
  readonly metricSumSquares: Float64Array;
  readonly histograms: Float64Array[];
  readonly belowRange: Float64Array;
  readonly aboveRange: Float64Array;

  constructor(
    readonly outcomeCount: number,
    readonly metrics: readonly MetricSpec[],
  ) {
    this.outcomeCounts = new Float64Array(outcomeCount);
    this.metricCounts = new Float64Array(metrics.length);
    this.metricSums = new Float64Array(metrics.length);
    this.metricSumSquares = new Float64Array(metrics.length);
    this.histograms = metrics.map((metric) => new Float64Array(binCount(metric)));
    this.belowRange = new Float64Array(metrics.length);
    this.aboveRange = new Float64Array(metrics.length);
  }

  /** Count one game. Metrics that are METRIC_MISSING in this game are left out of that metric's statistics. */
  add(record: OutcomeRecord): void {
    this.checkRecord(record);
    this.games++;
    this.outcomeCounts[record.outcome]++;
    for (let m = 0; m < this.metrics.length; m++) {
      const value = record.metrics[m];
      if (value === METRIC_MISSING) continue;
      this.metricCounts[m]++;
      this.metricSums[m] += value;
      this.metricSumSquares[m] += value * value;
      this.countInHistogram(m, value);
    }
  }

  /** A record a game got wrong is refused before anything is counted. */
  private checkRecord(record: OutcomeRecord): void {
    if (!(record.outcome >= 0 && record.outcome < this.outcomeCount)) {
      // playOneGame clears the record to outcome -1 and every metric NaN: what the game left as it was.
      const unwritten = record.outcome === -1 ? ' (the game wrote no outcome: playGame sets out.outcome in every game)' : '';
      throw new Error(`outcome index ${record.outcome} is outside the ${this.outcomeCount} declared outcomes${unwritten}`);
    }
    for (let m = 0; m < this.metrics.length; m++) {
      const value = record.metrics[m];
      if ((value | 0) !== value) {
        const unwritten = Number.isNaN(value) ? ' (the game did not write it: playGame sets every metric in every game, METRIC_MISSING where it does not apply)' : '';
        throw new Error(`metric "${this.metrics[m].name}" was ${value}: a metric value is a whole number from ${METRIC_MISSING + 1} to ${-(METRIC_MISSING + 1)}${unwritten}`);
      }
    }
  }

  private countInHistogram(m: number, value: number): void {
    const histogram = this.histograms[m];
    const bin = Math.floor((value - this.metrics[m].min) / binWidthOf(this.metrics[m]));
    if (bin < 0) this.belowRange[m]++;
    else if (bin >= histogram.length) this.aboveRange[m]++;
    else histogram[bin]++;
  }

  /** Add another accumulator of the same shape into this one. */
  merge(other: CellAccumulator): void {
    this.assertSameShape(other);
    this.games += other.games;
    addInto(this.outcomeCounts, other.outcomeCounts);
    addInto(this.metricCounts, other.metricCounts);
    addInto(this.metricSums, other.metricSums);
    addInto(this.metricSumSquares, other.metricSumSquares);
    this.histograms.forEach((histogram, m) => addInto(histogram, other.histograms[m]));
    addInto(this.belowRange, other.belowRange);
    addInto(this.aboveRange, other.aboveRange);
  }

  toRaw(): CellRaw {
    return {
      games: this.games,
      outcomeCounts: Array.from(this.outcomeCounts),
      metricCounts: Array.from(this.metricCounts),
      metricSums: Array.from(this.metricSums),
      metricSumSquares: Array.from(this.metricSumSquares),
      histograms: this.histograms.map((histogram) => Array.from(histogram)),
      belowRange: Array.from(this.belowRange),
      aboveRange: Array.from(this.aboveRange),
    };
  }

  /**
   * Rebuild an accumulator from results.json; throws RawStateError if the raw sums do not fit these outcomes and
   * metrics, or are not sums adding games could make.
   */
  static fromRaw(raw: CellRaw, outcomeCount: number, metrics: readonly MetricSpec[]): CellAccumulator {
    checkRawState(raw, { outcomeCount, metricNames: metrics.map((metric) => metric.name) });
    metrics.forEach((metric, m) => checkLength(`histograms[${m}]`, raw.histograms[m], binCount(metric), `one per bin of "${metric.name}"`));
    const cell = new CellAccumulator(outcomeCount, metrics);
    cell.games = raw.games;
    cell.outcomeCounts.set(raw.outcomeCounts);
    cell.metricCounts.set(raw.metricCounts);
    cell.metricSums.set(raw.metricSums);
    cell.metricSumSquares.set(raw.metricSumSquares);
    cell.histograms.forEach((histogram, m) => histogram.set(raw.histograms[m]));
    cell.belowRange.set(raw.belowRange);
    cell.aboveRange.set(raw.aboveRange);
    return cell;
  }

  histogramJSON(metricIndex: number): HistogramJSON {
    const metric = this.metrics[metricIndex];
    if (metric === undefined) throw new Error(`no metric ${metricIndex}: the cell has ${this.metrics.length}`);
    return {
      min: metric.min,
      binWidth: binWidthOf(metric),
      counts: Array.from(this.histograms[metricIndex]),
      below: this.belowRange[metricIndex],
      above: this.aboveRange[metricIndex],
    };
  }

  private assertSameShape(other: CellAccumulator): void {
    const same =
      other.outcomeCount === this.outcomeCount &&
      other.metrics.length === this.metrics.length &&
      this.metrics.every((metric, m) => sameBins(metric, other.metrics[m]));
    if (!same) throw new Error('cannot merge cells with different outcomes or metric histograms');
  }
}

function binWidthOf(metric: MetricSpec): number {
  return metric.binWidth ?? 1;
}

/** Bins [min + i·w, min + (i+1)·w) for i = 0, 1, ... until the integer `max` is covered. */
function binCount(metric: MetricSpec): number {
  return Math.floor((metric.max - metric.min) / binWidthOf(metric)) + 1;
}

function sameBins(a: MetricSpec, b: MetricSpec): boolean {
  return a.min === b.min && binWidthOf(a) === binWidthOf(b) && binCount(a) === binCount(b);
}

function addInto(target: Float64Array, source: Float64Array): void {
  for (let i = 0; i < target.length; i++) target[i] += source[i];
}

/** Copy saved counts into their array; a length mismatch means the file does not match this experiment. */
function copyExactly(what: string, source: readonly number[], target: Float64Array): void {
  if (source.length !== target.length) {
    throw new InputError(`${what} has ${source.length} entries, expected ${target.length}`);
  }
  target.set(source);
}

function checkLength(field: string, source: ArrayLike<unknown>, length: number, expected: string): void {
  if (source.length !== length) throw new RawStateError(field, `has ${source.length} entries, expected ${length} (${expected})`);
}

/** A raw state that adding games cannot give; `field` is where, under the cell's `raw`. */
export class RawStateError extends InputError {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`raw.${field}: ${problem}`);
  }
}

/** `read()`, with a RawStateError it throws said of cell `index` of the results file `file`. */
export function readingCell<T>(file: string, index: number, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RawStateError) throw new InputError(`${file}: field cells[${index}].raw.${error.field}: ${error.problem}`);
    throw error;
  }
}

/** What a raw state holds one count of: each outcome, and each metric in every per-metric array. */
export interface RawLayout {
  readonly outcomeCount: number;
  readonly metricNames: readonly string[];
}

/**
 * Throws RawStateError unless `raw` is what adding games gives: one entry per outcome and per metric, outcome counts
 * that add up to the games, no metric with more values than games, histograms that with the values below and above
 * their range hold every value of their metric, and sums that whole values can have (n·Σx² ≥ (Σx)²). That every
 * count is a whole number from 0 is the reader's to check (results-file.ts).
 */
export function checkRawState(raw: CellRaw, layout: RawLayout): void {
  checkLength('outcomeCounts', raw.outcomeCounts, layout.outcomeCount, 'one per outcome');
  for (const field of ['metricCounts', 'metricSums', 'metricSumSquares', 'histograms', 'belowRange', 'aboveRange'] as const) {
    checkLength(field, raw[field], layout.metricNames.length, 'one per metric');
  }
  const outcomeGames = sumOf(raw.outcomeCounts);
  if (outcomeGames !== raw.games) throw new RawStateError('outcomeCounts', `add up to ${outcomeGames} games, but raw.games is ${raw.games}`);
  layout.metricNames.forEach((name, m) => checkMetricState(raw, name, m));
}

function checkMetricState(raw: CellRaw, name: string, m: number): void {
  const values = raw.metricCounts[m];
  if (values > raw.games) throw new RawStateError(`metricCounts[${m}]`, `${values} values of "${name}" in ${raw.games} games, but a game gives a metric one value at most`);
  const counted = sumOf(raw.histograms[m]) + raw.belowRange[m] + raw.aboveRange[m];
  if (counted !== values) {
    throw new RawStateError(`histograms[${m}]`, `counts ${counted} values of "${name}" with those below and above its range, but metricCounts[${m}] is ${values}`);
  }
  if (scaledSquaredDeviations(values, raw.metricSums[m], raw.metricSumSquares[m]) < 0) {
    throw new RawStateError(`metricSumSquares[${m}]`, `${raw.metricSumSquares[m]} is less than metricSums[${m}]² / metricCounts[${m}]: no ${values} values of "${name}" have these sums`);
  }
}

function sumOf(counts: readonly number[]): number {
  return counts.reduce((sum, count) => sum + count, 0);
}

/** A pair's differences of one metric: how many, Σ(a − b) and Σ(a − b)². */
export interface PairSums {
  readonly n: number;
  readonly sum: number;
  readonly sumSquares: number;
}

/**
 * A paired comparison's counts as results.json stores them: the 2x2 table of wins, and per pair and metric (pair by
 * pair, the metrics in the game's order) the games in which both cells recorded the metric, Σ(a − b) and Σ(a − b)².
 */
export interface PairAccumulatorJSON {
  readonly pairs: number[];
  readonly metricCount: number;
  readonly bothWon: number[];
  readonly onlyAWon: number[];
  readonly onlyBWon: number[];
  readonly neither: number[];
  readonly metricCounts: number[];
  readonly metricSums: number[];
  readonly metricSumSquares: number[];
}

/**
 * Paired comparisons of cells: for each pair (a, b), over the games (seeds) both cells played, how often both won,
 * only a, only b, or neither (what pairedDifference takes), and for each metric the sums of a's value minus b's over
 * the games that recorded it in both (what meanInterval takes, a paired t interval). Like CellAccumulator's, every sum
 * is of integers, so merging in any grouping is exact while it stays below 2^53; a difference can be twice a value,
 * so Σ(a − b)² passes it four times sooner than Σx² (differences above about 9.5e7 in a single game).
 */
export class PairAccumulator {
  readonly bothWon: Float64Array;
  readonly onlyAWon: Float64Array;
  readonly onlyBWon: Float64Array;
  readonly neither: Float64Array;
  /** Pair p's metric m is at p · metricCount + m. */
  readonly metricCounts: Float64Array;
  readonly metricSums: Float64Array;
  readonly metricSumSquares: Float64Array;

  /** `pairs` holds cell indices as [a0, b0, a1, b1, ...]; `metricCount` is the game's number of metrics. */
  constructor(
    readonly pairs: Int32Array,
    readonly metricCount: number,
  ) {
    if (pairs.length % 2 !== 0) throw new Error(`pairs must hold cell indices two by two, got ${pairs.length} entries`);
    const pairCount = pairs.length / 2;
    this.bothWon = new Float64Array(pairCount);
    this.onlyAWon = new Float64Array(pairCount);
    this.onlyBWon = new Float64Array(pairCount);
    this.neither = new Float64Array(pairCount);
    this.metricCounts = new Float64Array(pairCount * metricCount);
    this.metricSums = new Float64Array(pairCount * metricCount);
    this.metricSumSquares = new Float64Array(pairCount * metricCount);
  }

  /**
   * Count one seed: every pair whose two cells both played it gets one game in its 2x2 table and, for each metric
   * both cells recorded, one difference. Cell c's value of metric m is at metrics[metricsStart + c · metricCount + m].
   */
  addGame(wonByCell: Uint8Array, activeByCell: Uint8Array, metrics: Int32Array, metricsStart: number): void {
    for (let p = 0; p < this.bothWon.length; p++) {
      const a = this.pairs[2 * p];
      const b = this.pairs[2 * p + 1];
      if (activeByCell[a] === 0 || activeByCell[b] === 0) continue;
      const aWon = wonByCell[a] !== 0;
      const bWon = wonByCell[b] !== 0;
      if (aWon && bWon) this.bothWon[p]++;
      else if (aWon) this.onlyAWon[p]++;
      else if (bWon) this.onlyBWon[p]++;
      else this.neither[p]++;
      this.addDifferences(p, metrics, metricsStart + a * this.metricCount, metricsStart + b * this.metricCount);
    }
  }

  private addDifferences(p: number, metrics: Int32Array, aStart: number, bStart: number): void {
    for (let m = 0; m < this.metricCount; m++) {
      const aValue = metrics[aStart + m];
      const bValue = metrics[bStart + m];
      if (aValue === METRIC_MISSING || bValue === METRIC_MISSING) continue;
      const difference = aValue - bValue;
      const at = p * this.metricCount + m;
      this.metricCounts[at]++;
      this.metricSums[at] += difference;
      this.metricSumSquares[at] += difference * difference;
    }
  }

  /** Add another accumulator over the same pairs and metrics into this one. */
  merge(other: PairAccumulator): void {
    const samePairs = other.pairs.length === this.pairs.length && this.pairs.every((cell, i) => other.pairs[i] === cell);
    if (!samePairs) throw new Error('cannot merge paired comparisons over different pairs of cells');
    if (other.metricCount !== this.metricCount) throw new Error(`cannot merge paired comparisons of ${other.metricCount} metrics into ${this.metricCount}`);
    addInto(this.bothWon, other.bothWon);
    addInto(this.onlyAWon, other.onlyAWon);
    addInto(this.onlyBWon, other.onlyBWon);
    addInto(this.neither, other.neither);
    addInto(this.metricCounts, other.metricCounts);
    addInto(this.metricSums, other.metricSums);
    addInto(this.metricSumSquares, other.metricSumSquares);
  }

  /** Pair p's sums of metric m's differences. */
  metricSumsOf(p: number, m: number): PairSums {
    const at = p * this.metricCount + m;
    return { n: this.metricCounts[at], sum: this.metricSums[at], sumSquares: this.metricSumSquares[at] };
  }

  toJSON(): PairAccumulatorJSON {
    return {
      pairs: Array.from(this.pairs),
      metricCount: this.metricCount,
      bothWon: Array.from(this.bothWon),
      onlyAWon: Array.from(this.onlyAWon),
      onlyBWon: Array.from(this.onlyBWon),
      neither: Array.from(this.neither),
      metricCounts: Array.from(this.metricCounts),
      metricSums: Array.from(this.metricSums),
      metricSumSquares: Array.from(this.metricSumSquares),
    };
  }

  /** Rebuild from toJSON's output; throws InputError if the counts do not have one entry per pair (and metric). */
  static fromJSON(json: PairAccumulatorJSON): PairAccumulator {
    const accumulator = new PairAccumulator(Int32Array.from(json.pairs), json.metricCount);
    copyExactly('paired bothWon', json.bothWon, accumulator.bothWon);
    copyExactly('paired onlyAWon', json.onlyAWon, accumulator.onlyAWon);
    copyExactly('paired onlyBWon', json.onlyBWon, accumulator.onlyBWon);
    copyExactly('paired neither', json.neither, accumulator.neither);
    copyExactly('paired metricCounts', json.metricCounts, accumulator.metricCounts);
    copyExactly('paired metricSums', json.metricSums, accumulator.metricSums);
    copyExactly('paired metricSumSquares', json.metricSumSquares, accumulator.metricSumSquares);
    return accumulator;
  }
}
