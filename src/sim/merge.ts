import { type GameModule, winningOutcomeNames } from '../core/game.ts';
import { InputError } from '../core/errors.ts';
import { loadGame } from '../games/registry.ts';
import { CellAccumulator, PairAccumulator, readingCell, type PairAccumulatorJSON } from './accumulator.ts';
import { GameWins } from './game-wins.ts';
import type { HistogramJSON, PairedRaw, ResultsFile } from './results.ts';
import { readResultsFile } from './results-file.ts';
import { cellResult, comparisons } from './summarize.ts';
import { TOOL_VERSION } from './version.ts';

/**
 * `playsim merge`: adds the exact sums of shard results. Shards of one run share experiment, seed and cells and
 * hold disjoint task slices, so the sum is exactly what a single run gives.
 */

type Parts = [field: string, value: unknown][];

/**
 * What shards of one run share, by the field of results.json that holds it. The tool version is part of it: which
 * games a shard plays (the task partition) may change between versions, so shards of different versions could
 * overlap or leave games out.
 */
function runParts(results: ResultsFile): Parts {
  const { tool, experiment, seed, gamesPerCell, content, cells, comparisons } = results;
  return [
    ['tool.version', tool.version],
    ['experiment.name', experiment.name],
    ['experiment.game', experiment.game],
    ['seed', seed],
    ['gamesPerCell', gamesPerCell],
    ['content.file', content.file],
    ['content.sha256', content.sha256],
    ['cells', cells.map((cell) => [cell.params, cell.strategy])],
    ['comparisons', comparisons.map((comparison) => [comparison.a, comparison.b, comparison.varied])],
    ...countingParts(fileCounting(results), cells.length),
  ];
}

/** How a run counts its games: its outcomes, which of them are the win, its metrics and their histogram bins by cell. */
interface Counting {
  readonly outcomes: readonly string[];
  readonly winning: readonly string[];
  readonly metrics: readonly string[];
  bins(cell: number, metric: number): { min: number; binWidth: number; bins: number };
}

function countingParts(counting: Counting, cellCount: number): Parts {
  const histograms = Array.from({ length: cellCount }, (_, cell) =>
    counting.metrics.map((name, m): Parts[number] => [`cells[${cell}].metrics.${name}.histogram`, counting.bins(cell, m)]),
  );
  return [['outcomeNames', counting.outcomes], ['winningOutcomes', counting.winning], ['metricNames', counting.metrics], ...histograms.flat()];
}

function fileCounting(results: ResultsFile): Counting {
  return {
    outcomes: results.outcomeNames,
    winning: winningOutcomeNames(results),
    metrics: results.metricNames,
    bins: (cell, m) => binsOf(results.cells[cell].metrics[results.metricNames[m]].histogram),
  };
}

function gameCounting(game: GameModule): Counting {
  const empty = new CellAccumulator(game.outcomes.length, game.metrics);
  return {
    outcomes: game.outcomes,
    winning: winningOutcomeNames(game),
    metrics: game.metrics.map((metric) => metric.name),
    bins: (_, m) => binsOf(empty.histogramJSON(m)),
  };
}

function binsOf({ min, binWidth, counts }: HistogramJSON): { min: number; binWidth: number; bins: number } {
  return { min, binWidth, bins: counts.length };
}

/** The first part in which two lists differ, with both values as JSON; null when none does. */
function firstDifference(mine: Parts, theirs: Parts): { field: string; mine: string; theirs: string } | null {
  for (const [index, [field, value]] of mine.entries()) {
    const [own, other] = [JSON.stringify(value), JSON.stringify(theirs[index]?.[1])];
    if (own !== other) return { field, mine: own, theirs: other };
  }
  return null;
}

/** The first field in which a file's run differs from the first file's, said with both values; null when none does. */
function runDifference(results: ResultsFile, first: ResultsFile, firstPath: string): string | null {
  const difference = firstDifference(runParts(results), runParts(first));
  if (difference === null) return null;
  const { field, mine, theirs } = difference;
  // The cells and comparisons are long: say what differs, which the summaries show.
  const values =
    field === 'cells'
      ? `their settings (--set) or strategies differ from ${firstPath}'s`
      : field === 'comparisons'
        ? `the cells compared differ from ${firstPath}'s (the experiment's baseline)`
        : `${mine}, not ${theirs} as in ${firstPath}`;
  return `field ${field}: ${values}`;
}

/** The game as loaded now must count games as the shards did: a game module of one's own may have changed since. */
function checkFitsGame({ path, results }: { path: string; results: ResultsFile }, game: GameModule): void {
  const difference = firstDifference(countingParts(fileCounting(results), results.cells.length), countingParts(gameCounting(game), results.cells.length));
  if (difference !== null) {
    const { field, mine, theirs } = difference;
    throw new InputError(`${path}: field ${field}: ${mine}, but game ${results.experiment.game} has ${theirs}: merge with the game the shards were run with`);
  }
}

function checkShardsFitTogether(files: readonly { path: string; results: ResultsFile }[]): void {
  const first = files[0];
  const seen = new Set<number>();
  for (const { path, results } of files) {
    const difference = runDifference(results, first.results, first.path);
    if (difference !== null) {
      throw new InputError(`${path}: ${difference}: not the same run (playsim version, experiment, seed, games per cell, content file and its content, cells, their settings (--set) and strategies, the cells compared, outcomes, metrics and their histograms must match)`);
    }
    if (results.tool.version !== TOOL_VERSION) {
      throw new InputError(`${path}: field tool.version: written by playsim ${results.tool.version}; merge it with that version (this is ${TOOL_VERSION}, whose games and metrics may differ)`);
    }
    const shard = results.shard;
    if (shard === null || shard.count !== first.results.shard?.count) {
      throw new InputError(`${path}: field shard: every file must be a shard of the same --shard i/n split`);
    }
    if (seen.has(shard.index)) throw new InputError(`${path}: field shard: shard ${shard.index}/${shard.count} is given twice`);
    seen.add(shard.index);
  }
  const missing = missingShards(seen, first.results.shard?.count ?? 0);
  if (missing !== null) throw new InputError(`merge: ${missing}`);
}

/** The most missing shards an error names: a split may have millions, and listing them all would not fit a string. */
const MISSING_SHOWN = 10;

/**
 * "missing shards 1/4, 3/4", naming the first MISSING_SHOWN at most, or null when none is missing. `seen` holds
 * indices below `count` only (reading a results file checks its shard), so the search ends after seen.size + 10 of them.
 */
function missingShards(seen: ReadonlySet<number>, count: number): string | null {
  const missing = count - seen.size;
  if (missing === 0) return null;
  const named: string[] = [];
  for (let index = 0; named.length < Math.min(missing, MISSING_SHOWN); index++) if (!seen.has(index)) named.push(`${index}/${count}`);
  const more = missing > named.length ? ` and ${missing - named.length} more` : '';
  return `missing shard${missing > 1 ? 's' : ''} ${named.join(', ')}${more}`;
}

/** The shards' game wins of one cell added together, or null unless every shard kept them. */
function mergedWins(files: readonly { path: string; results: ResultsFile }[], cell: number): GameWins | null {
  if (files.some(({ results }) => results.cells[cell].raw.wins === undefined)) return null;
  const total = new GameWins();
  for (const { path, results } of files) {
    try {
      total.merge(GameWins.fromJSON(results.cells[cell].raw.wins!));
    } catch (error) {
      throw new InputError(`${path}: field cells[${cell}].raw.wins: ${(error as Error).message}`);
    }
  }
  return total;
}

export async function mergeShards(paths: readonly string[]): Promise<ResultsFile> {
  if (paths.length === 0) throw new InputError('merge: give at least one results.json');
  const files = paths.map((path) => ({ path, results: readResultsFile(path) }));
  checkShardsFitTogether(files);
  const base = files[0].results;
  const game = await loadGame(base.experiment.game, `${files[0].path}: field experiment.game`);
  checkFitsGame(files[0], game);
  const cells = base.cells.map((cell, index) => {
    const total = new CellAccumulator(game.outcomes.length, game.metrics);
    for (const { path, results } of files) {
      total.merge(readingCell(path, index, () => CellAccumulator.fromRaw(results.cells[index].raw, game.outcomes.length, game.metrics)));
    }
    const wins = mergedWins(files, index);
    const complete = files.every(({ results }) => results.cells[index].complete);
    if (complete && total.games !== base.gamesPerCell) {
      throw new InputError(`merge: cell ${index} adds up to ${total.games} games, not the run's ${base.gamesPerCell}: the shards do not partition the run`);
    }
    return cellResult(game, index, cell, total, complete, wins);
  });
  const pairList = base.comparisons.map((comparison) => [comparison.a, comparison.b, comparison.varied] as const);
  const pairs = new PairAccumulator(Int32Array.from(pairList.flatMap(([a, b]) => [a, b])), base.metricNames.length);
  for (const { results } of files) pairs.merge(PairAccumulator.fromJSON(pairsOf(results)));
  return {
    ...base,
    cells,
    comparisons: comparisons(pairList, pairs, base.metricNames, cells),
    complete: cells.every((cell) => cell.complete),
    shard: null,
  };
}

/**
 * A results file's comparisons as the accumulator of their counts and metric differences, which every comparison
 * holds: merge takes only files of this playsim version, and reading one of 0.9.0 or later requires them.
 */
function pairsOf(results: ResultsFile): PairAccumulatorJSON {
  const { comparisons: list } = results;
  const raw = (field: keyof PairedRaw) => list.flatMap((comparison) => comparison.raw![field]);
  return {
    pairs: list.flatMap((comparison) => [comparison.a, comparison.b]),
    metricCount: results.metricNames.length,
    bothWon: list.map((comparison) => comparison.bothWon),
    onlyAWon: list.map((comparison) => comparison.onlyAWon),
    onlyBWon: list.map((comparison) => comparison.onlyBWon),
    neither: list.map((comparison) => comparison.games - comparison.bothWon - comparison.onlyAWon - comparison.onlyBWon),
    metricCounts: raw('metricCounts'),
    metricSums: raw('metricSums'),
    metricSumSquares: raw('metricSumSquares'),
  };
}
