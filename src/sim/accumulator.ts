import { METRIC_MISSING, type MetricSpec, type OutcomeRecord } from '../core/game.ts';
import { InputError } from '../core/errors.ts';
import type { CellRaw, HistogramJSON } from './results.ts';

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
      throw new Error(`outcome index ${record.outcome} is outside the ${this.outcomeCount} declared outcomes`);
    }
    for (let m = 0; m < this.metrics.length; m++) {
      const value = record.metrics[m];
      if ((value | 0) !== value) throw new Error(`metric "${this.metrics[m].name}" was ${value}: a metric value is a whole number from ${METRIC_MISSING + 1} to ${-(METRIC_MISSING + 1)}`);
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
   * Rebuild an accumulator from results.json; throws InputError if the raw sums do not fit these outcomes and
   * metrics.
   */
  static fromRaw(raw: CellRaw, outcomeCount: number, metrics: readonly MetricSpec[]): CellAccumulator {
    const cell = new CellAccumulator(outcomeCount, metrics);
    copyExactly('raw outcomeCounts', raw.outcomeCounts, cell.outcomeCounts);
    copyExactly('raw metricCounts', raw.metricCounts, cell.metricCounts);
    copyExactly('raw metricSums', raw.metricSums, cell.metricSums);
    copyExactly('raw metricSumSquares', raw.metricSumSquares, cell.metricSumSquares);
    if (raw.histograms.length !== metrics.length) {
      throw new InputError(`raw cell has ${raw.histograms.length} histograms, expected ${metrics.length} (one per metric)`);
    }
    cell.histograms.forEach((histogram, m) => {
      copyExactly(`raw histogram of "${metrics[m].name}"`, raw.histograms[m], histogram);
    });
    copyExactly('raw belowRange', raw.belowRange, cell.belowRange);
    copyExactly('raw aboveRange', raw.aboveRange, cell.aboveRange);
    metrics.forEach((metric, m) => cell.checkHistogramHoldsEveryValue(metric.name, m));
    cell.games = raw.games;
    return cell;
  }

  private checkHistogramHoldsEveryValue(name: string, m: number): void {
    const counted = this.histograms[m].reduce((sum, count) => sum + count, this.belowRange[m] + this.aboveRange[m]);
    if (counted !== this.metricCounts[m]) {
      throw new InputError(`raw histogram of "${name}" counts ${counted} values with those below and above its range, but metricCounts has ${this.metricCounts[m]}`);
    }
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

/** The 2x2 counts of a paired comparison, as results.json stores them. */
export interface PairAccumulatorJSON {
  readonly pairs: number[];
  readonly bothWon: number[];
  readonly onlyAWon: number[];
  readonly onlyBWon: number[];
  readonly neither: number[];
}

/**
 * Paired comparisons of cells: for each pair (a, b), over the games (seeds) both cells played, how often both won,
 * only a, only b, or neither. These four counts are what pairedDifference takes.
 */
export class PairAccumulator {
  readonly bothWon: Float64Array;
  readonly onlyAWon: Float64Array;
  readonly onlyBWon: Float64Array;
  readonly neither: Float64Array;

  /** `pairs` holds cell indices as [a0, b0, a1, b1, ...]. */
  constructor(readonly pairs: Int32Array) {
    if (pairs.length % 2 !== 0) throw new Error(`pairs must hold cell indices two by two, got ${pairs.length} entries`);
    const pairCount = pairs.length / 2;
    this.bothWon = new Float64Array(pairCount);
    this.onlyAWon = new Float64Array(pairCount);
    this.onlyBWon = new Float64Array(pairCount);
    this.neither = new Float64Array(pairCount);
  }

  /** Count one seed: every pair whose two cells both played it gets one game in its 2x2 table. */
  addGame(wonByCell: Uint8Array, activeByCell: Uint8Array): void {
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
    }
  }

  /** Add another accumulator over the same pairs into this one. */
  merge(other: PairAccumulator): void {
    const samePairs = other.pairs.length === this.pairs.length && this.pairs.every((cell, i) => other.pairs[i] === cell);
    if (!samePairs) throw new Error('cannot merge paired comparisons over different pairs of cells');
    addInto(this.bothWon, other.bothWon);
    addInto(this.onlyAWon, other.onlyAWon);
    addInto(this.onlyBWon, other.onlyBWon);
    addInto(this.neither, other.neither);
  }

  toJSON(): PairAccumulatorJSON {
    return {
      pairs: Array.from(this.pairs),
      bothWon: Array.from(this.bothWon),
      onlyAWon: Array.from(this.onlyAWon),
      onlyBWon: Array.from(this.onlyBWon),
      neither: Array.from(this.neither),
    };
  }

  /** Rebuild from toJSON's output; throws InputError if the counts do not have one entry per pair. */
  static fromJSON(json: PairAccumulatorJSON): PairAccumulator {
    const accumulator = new PairAccumulator(Int32Array.from(json.pairs));
    copyExactly('paired bothWon', json.bothWon, accumulator.bothWon);
    copyExactly('paired onlyAWon', json.onlyAWon, accumulator.onlyAWon);
    copyExactly('paired onlyBWon', json.onlyBWon, accumulator.onlyBWon);
    copyExactly('paired neither', json.neither, accumulator.neither);
    return accumulator;
  }
}
