import type { Provenance, SettingValue } from '../core/game.ts';
import type { GameWinsJSON } from './game-wins.ts';

/** The versioned shape of results.json, also what `playsim sim --json` prints for one cell. */

export const RESULTS_SCHEMA = 'playsim/results';
export const RESULTS_SCHEMA_VERSION = 1;

export interface RateCI {
  readonly rate: number;
  readonly lo: number;
  readonly hi: number;
}

export interface MeanCI {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
  readonly sd: number;
  /** Games in which the metric applied (see METRIC_MISSING). */
  readonly n: number;
}

export interface HistogramJSON {
  /** Lower edge of the first bin; bins are [min + i*binWidth, min + (i+1)*binWidth). */
  readonly min: number;
  readonly binWidth: number;
  readonly counts: readonly number[];
  /** Values below min, and values past the last bin's end: the declared range is a chart's, not a limit on games. */
  readonly below: number;
  readonly above: number;
}

export interface MetricResult extends MeanCI {
  readonly histogram: HistogramJSON;
  /** The metric's declared `rateOf`, when the cell's values bear it out (every one 0 or it). */
  readonly rateOf?: number;
}

/** Exact sums a cell's statistics are computed from; merging shards adds these. */
export interface CellRaw {
  readonly games: number;
  readonly outcomeCounts: readonly number[];
  readonly metricCounts: readonly number[];
  readonly metricSums: readonly number[];
  readonly metricSumSquares: readonly number[];
  readonly histograms: readonly (readonly number[])[];
  /** Per metric, the values below its histogram's range and past its end. */
  readonly belowRange: readonly number[];
  readonly aboveRange: readonly number[];
  /** Which games the cell played and won, when the run kept them (not in `sim --json`). */
  readonly wins?: GameWinsJSON;
}

export interface CellResult {
  readonly id: number;
  /** Every setting of the game for this cell, fixed and varied. */
  readonly params: Readonly<Record<string, SettingValue>>;
  readonly strategy: string;
  readonly games: number;
  readonly win: RateCI;
  readonly outcomes: Readonly<Record<string, RateCI>>;
  readonly metrics: Readonly<Record<string, MetricResult>>;
  /** False when the run stopped (Ctrl-C) before this cell reached its games or target. */
  readonly complete: boolean;
  readonly raw: CellRaw;
}

/** Paired comparison of two cells over the games (seeds) both played. */
export interface PairedComparison {
  readonly a: number;
  readonly b: number;
  /** The one setting (or "strategy") in which a and b differ. */
  readonly varied: string;
  readonly games: number;
  readonly bothWon: number;
  readonly onlyAWon: number;
  readonly onlyBWon: number;
  /** win rate of a minus win rate of b, with its 95% CI (Tango's score interval for paired data since playsim 0.8.0). */
  readonly difference: RateCI;
  /** Per metric, a's value minus b's over the games both recorded it in; absent in results of playsim before 0.9.0. */
  readonly metrics?: Readonly<Record<string, MetricDifference>>;
  /** The exact sums of those differences, one entry per metric in metricNames' order; merging shards adds them. */
  readonly raw?: PairedRaw;
}

export type PairedRaw = Pick<CellRaw, 'metricCounts' | 'metricSums' | 'metricSumSquares'>;

/**
 * A metric's paired difference: the mean of the differences with a paired t 95% CI, or, for a metric that is 0 or c
 * in every game of both cells (`rateOf`, as a cell's), c times the paired difference of the two rates with its
 * Tango interval, as the win rates' (`sd` is the differences' either way).
 */
export interface MetricDifference extends MeanCI {
  readonly rateOf?: number;
}

export type ChartRequest =
  | { readonly type: 'winRate'; readonly x: string; readonly color?: string }
  | { readonly type: 'mean'; readonly metric: string; readonly x: string; readonly color?: string }
  | { readonly type: 'heatmap'; readonly x: string; readonly y: string }
  | { readonly type: 'outcomes'; readonly x: string }
  | { readonly type: 'distribution'; readonly metric: string; readonly x: string }
  | { readonly type: 'survival'; readonly metric: string; readonly x: string }
  /**
   * The differences in win rate, or in a metric's mean (`metric`); `sort: difference`: the comparisons from the
   * largest difference down, instead of in the grid's order.
   */
  | { readonly type: 'pairedDifference'; readonly varied: string; readonly metric?: string; readonly sort?: 'difference' }
  | { readonly type: 'stages'; readonly metrics: readonly string[]; readonly stage: string; readonly color?: string };

/** The settings a chart puts on its axes. */
export function chartAxes(request: ChartRequest): string[] {
  switch (request.type) {
    case 'winRate':
    case 'mean':
      return request.color === undefined ? [request.x] : [request.x, request.color];
    case 'heatmap':
      return [request.x, request.y];
    case 'outcomes':
    case 'distribution':
    case 'survival':
      return [request.x];
    case 'pairedDifference':
      return [request.varied];
    case 'stages':
      return request.color === undefined ? [] : [request.color];
  }
}

/** The metrics a chart names, with the field that names each. */
export function chartMetrics(chart: ChartRequest): { field: string; metric: string }[] {
  if ('metrics' in chart) return chart.metrics.map((metric, i) => ({ field: `metrics[${i}]`, metric }));
  return 'metric' in chart && chart.metric !== undefined ? [{ field: 'metric', metric: chart.metric }] : [];
}

export interface ResultsFile {
  readonly schema: typeof RESULTS_SCHEMA;
  readonly schemaVersion: typeof RESULTS_SCHEMA_VERSION;
  readonly tool: { readonly name: 'playsim'; readonly version: string };
  readonly experiment: {
    readonly name: string;
    readonly title: string;
    readonly description: string;
    readonly game: string;
    /** Names of the settings the grid varies, plus "strategy" when several strategies are compared. */
    readonly varied: readonly string[];
    readonly charts: readonly ChartRequest[];
    /** The experiment file's `choose` (absent in results of playsim before 0.4.0). */
    readonly choose?: readonly string[];
  };
  readonly seed: number;
  readonly gamesPerCell: number | null;
  readonly targetCi: number | null;
  readonly maxGames: number | null;
  /** `sha256` of the file's text: absent in results of playsim before 0.7.0. */
  readonly content: { readonly file: string; readonly sha256?: string; readonly provenance: Provenance };
  readonly outcomeNames: readonly string[];
  readonly winOutcome: string;
  /** The outcomes that make up the win (several for Kyros and Doomed Run; absent in results of playsim before 0.5.0). */
  readonly winningOutcomes?: readonly string[];
  readonly metricNames: readonly string[];
  readonly cells: readonly CellResult[];
  readonly comparisons: readonly PairedComparison[];
  readonly complete: boolean;
  /** Which slice of the work this file holds; null for a whole run or a merge of all shards. */
  readonly shard: { readonly index: number; readonly count: number } | null;
}
