import type { GameModule, Provenance } from '../core/game.ts';
import { winCount, winMask, winningOutcomeNames } from '../core/game.ts';
import { CellAccumulator, PairAccumulator, type PairSums } from './accumulator.ts';
import type { GameWins } from './game-wins.ts';
import type { ExperimentPlan } from './experiment.ts';
import type { CellResult, MetricDifference, MetricResult, PairedComparison, RateCI, ResultsFile } from './results.ts';
import { RESULTS_SCHEMA, RESULTS_SCHEMA_VERSION } from './results.ts';
import type { Shard } from './runner.ts';
import { meanInterval, pairedDifference, wilson } from './statistics.ts';
import { TOOL_VERSION } from './version.ts';

/** Turns exact accumulators into the statistics of results.json: every rate with its Wilson 95% CI. */

export interface CellDescription {
  readonly params: CellResult['params'];
  readonly strategy: string;
}

export function cellResult(game: GameModule, index: number, cell: CellDescription, accumulator: CellAccumulator, complete: boolean, wins: GameWins | null): CellResult {
  const outcomes: Record<string, RateCI> = {};
  game.outcomes.forEach((name, outcome) => (outcomes[name] = wilson(accumulator.outcomeCounts[outcome], accumulator.games)));
  const metrics: Record<string, MetricResult> = {};
  game.metrics.forEach((metric, m) => {
    const interval = meanInterval(accumulator.metricCounts[m], accumulator.metricSums[m], accumulator.metricSumSquares[m]);
    const histogram = accumulator.histogramJSON(m);
    const { rateOf } = metric;
    metrics[metric.name] = rateOf !== undefined && rateBorneOut(rateOf, metric.binWidth ?? 1, accumulator, m) ? { ...interval, histogram, rateOf } : { ...interval, histogram };
  });
  return {
    id: index,
    params: cell.params,
    strategy: cell.strategy,
    games: accumulator.games,
    win: wilson(winCount(winMask(game), accumulator.outcomeCounts), accumulator.games),
    outcomes,
    metrics,
    complete,
    raw: wins === null ? accumulator.toRaw() : { ...accumulator.toRaw(), wins: wins.toJSON() },
  };
}

/** A metric's sums and histogram, as an accumulator or the raw state of results.json holds them. */
type MetricSums = { readonly [field in 'metricSums' | 'metricSumSquares']: ArrayLike<number> } & {
  readonly histograms: ArrayLike<ArrayLike<number>>;
};

/**
 * A metric declared 0 or c in every game (from min 0 to max c, which loading a game checks) is shown as a rate only
 * when its sums say its values were all 0 or c, so a game's mistake is not shown as a rate. c starts a histogram bin
 * (loading a game checks that the bin width divides c); with k values in that bin, Σx = c·k and Σx² = c·Σx hold only
 * for values all 0 or c: writing each value in the bin as c + e (e ≥ 0) and the others as o, the first makes
 * Σe + Σo = 0 and the second then 2c·Σe + Σe² + Σo² = 0, so every e and o is 0. (Σx² = c·Σx alone is met by 0, 40, 120.)
 */
export function rateBorneOut(c: number, binWidth: number, sums: MetricSums, m: number): boolean {
  const atC = c % binWidth === 0 ? sums.histograms[m][c / binWidth] : NaN;
  return sums.metricSums[m] === c * atC && sums.metricSumSquares[m] === c * sums.metricSums[m];
}

/** The comparisons' statistics, from their sums and the cells they compare (which metrics are rates in both). */
export function comparisons(pairList: ExperimentPlan['pairs'], pairs: PairAccumulator, metricNames: readonly string[], cells: readonly CellResult[]): PairedComparison[] {
  return pairList.map(([a, b, varied], index) => {
    const bothWon = pairs.bothWon[index];
    const onlyAWon = pairs.onlyAWon[index];
    const onlyBWon = pairs.onlyBWon[index];
    const neither = pairs.neither[index];
    const sums = metricNames.map((_, m) => pairs.metricSumsOf(index, m));
    return {
      a,
      b,
      varied,
      games: bothWon + onlyAWon + onlyBWon + neither,
      bothWon,
      onlyAWon,
      onlyBWon,
      difference: pairedDifference(bothWon, onlyAWon, onlyBWon, neither),
      metrics: Object.fromEntries(metricNames.map((name, m) => [name, metricDifference(sums[m], sharedRateOf(cells[a], cells[b], name))])),
      raw: { metricCounts: sums.map(({ n }) => n), metricSums: sums.map(({ sum }) => sum), metricSumSquares: sums.map(({ sumSquares }) => sumSquares) },
    };
  });
}

/** The c of a metric that is 0 or c in every game of both cells, else undefined. */
function sharedRateOf(a: CellResult, b: CellResult, name: string): number | undefined {
  const c = a.metrics[name].rateOf;
  return c === b.metrics[name].rateOf ? c : undefined;
}

/**
 * A metric's paired difference (MetricDifference). With values 0 or c in both cells, each difference is −c, 0 or c,
 * and the sums give the games where only a scored c, k, and only b, k′: Σd = c(k − k′), Σd² = c²(k + k′).
 */
export function metricDifference({ n, sum, sumSquares }: PairSums, rateOf: number | undefined): MetricDifference {
  const interval = meanInterval(n, sum, sumSquares);
  if (rateOf === undefined || n === 0) return interval;
  const discordant = Math.round(sumSquares / (rateOf * rateOf));
  const onlyA = (discordant + Math.round(sum / rateOf)) / 2;
  const rates = pairedDifference(n - discordant, onlyA, discordant - onlyA, 0);
  return { ...interval, lo: rateOf * rates.lo, hi: rateOf * rates.hi, rateOf };
}

export interface ResultsInput {
  readonly game: GameModule;
  readonly plan: ExperimentPlan;
  readonly contentFile: string;
  readonly contentSha256: string;
  readonly provenance: Provenance;
  readonly seed: number;
  readonly gamesPerCell: number | null;
  readonly targetCi: number | null;
  readonly maxGames: number | null;
  readonly cells: readonly CellAccumulator[];
  readonly complete: readonly boolean[];
  readonly pairs: PairAccumulator;
  readonly gameWins: readonly GameWins[] | null;
  readonly shard: Shard | null;
}

export function resultsFile(input: ResultsInput): ResultsFile {
  const { game, plan } = input;
  const cells = input.cells.map((accumulator, index) => {
    const cell = plan.cells[index];
    const description = { params: { ...cell.settings, ...cell.params }, strategy: cell.strategy };
    return cellResult(game, index, description, accumulator, input.complete[index], input.gameWins?.[index] ?? null);
  });
  return {
    schema: RESULTS_SCHEMA,
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: { name: 'playsim', version: TOOL_VERSION },
    experiment: {
      name: plan.file.name,
      title: plan.file.title,
      description: plan.file.description,
      game: plan.file.game,
      varied: plan.varied,
      charts: plan.charts,
      choose: plan.choose,
    },
    seed: input.seed,
    gamesPerCell: input.gamesPerCell,
    targetCi: input.targetCi,
    maxGames: input.maxGames,
    content: { file: input.contentFile, sha256: input.contentSha256, provenance: input.provenance },
    outcomeNames: game.outcomes,
    winOutcome: game.winOutcome,
    winningOutcomes: winningOutcomeNames(game),
    metricNames: game.metrics.map((metric) => metric.name),
    cells,
    comparisons: comparisons(plan.pairs, input.pairs, game.metrics.map((metric) => metric.name), cells),
    complete: cells.every((cell) => cell.complete),
    shard: input.shard,
  };
}
