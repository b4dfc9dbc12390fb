import { winCount, winMask, winningOutcomeNames } from '../core/game.ts';
import { InputError } from '../core/errors.ts';
import { checkRawState, readingCell } from './accumulator.ts';
import { GameWins } from './game-wins.ts';
import { chartAxes, chartMetrics, type CellRaw, type CellResult, type MetricResult, type PairedComparison, type ResultsFile } from './results.ts';
import { meanInterval, scaledSquaredDeviations, wilson } from './statistics.ts';
import { PAIRED_METRICS_SINCE, versionBefore } from './version.ts';
import { rateBorneOut } from './summarize.ts';

/**
 * A results file must agree with itself: each cell's raw state is one adding games gives over the file's outcomes and
 * metrics, the games it kept, when it kept them, are those games with those wins, and the figures it publishes are
 * the ones its raw state gives. `diff` compares the published figures and `merge` adds the raw sums, so a file whose
 * two disagree would say one thing in a diff and another once merged; it is refused rather than one of them trusted.
 * Throws InputError naming the file and the field.
 */
export function checkResultsConsistent(file: string, results: ResultsFile): void {
  checkCellIds(file, results);
  checkSettingNames(file, results);
  checkShardSize(file, results);
  const isWin = winMaskOf(file, results);
  results.cells.forEach((cell, index) => {
    checkRaw(file, results, cell, index);
    const won = winCount(isWin, cell.raw.outcomeCounts);
    checkGameWins(file, cell, index, won);
    checkFigures(file, results, cell, index, won);
  });
  results.comparisons.forEach((comparison, index) => {
    checkPairedTable(file, results, comparison, index);
    checkMetricDifferences(file, results, comparison, index);
  });
}

/** A cell's id is its place in the list (merge numbers the cells it adds so), and each comparison names two cells by it. */
function checkCellIds(file: string, results: ResultsFile): void {
  results.cells.forEach((cell, index) => {
    if (cell.id !== index) throw new InputError(`${file}: field cells[${index}].id: ${cell.id}, expected ${index} (a cell's id is its place in cells)`);
  });
  results.comparisons.forEach((comparison, index) => {
    const stray = (['a', 'b'] as const).find((side) => results.cells[comparison[side]] === undefined);
    if (stray !== undefined) throw new InputError(`${file}: field comparisons[${index}].${stray}: ${comparison[stray]} is not the id of a cell`);
  });
}

/**
 * What the experiment varies and charts, and what each comparison varies, are settings the cells have (a strategy's
 * parameter only its cells) or the strategy; its charts' metrics are the file's. The reports label cells and draw
 * charts by those names.
 */
function checkSettingNames(file: string, results: ResultsFile): void {
  const { cells } = results;
  const has = (cell: CellResult, name: string) => name === 'strategy' || Object.hasOwn(cell.params, name);
  const allowed = () => `allowed: ${['strategy', ...new Set(cells.flatMap((cell) => Object.keys(cell.params)))].join(', ')}`;
  const notVaried = results.experiment.varied.findIndex((name) => !cells.some((cell) => has(cell, name)));
  if (notVaried >= 0) throw new InputError(`${file}: field experiment.varied[${notVaried}]: "${results.experiment.varied[notVaried]}" is not a setting of any cell; ${allowed()}`);
  results.experiment.charts.forEach((chart, index) => {
    const axes = chartAxes(chart);
    if (!cells.some((cell) => axes.every((name) => has(cell, name)))) throw new InputError(`${file}: field experiment.charts[${index}]: no cell has ${axes.join(' and ')}; ${allowed()}`);
    const metric = chartMetrics(chart).find(({ metric }) => !results.metricNames.includes(metric));
    if (metric !== undefined) throw new InputError(`${file}: field experiment.charts[${index}].${metric.field}: "${metric.metric}" is not one of metricNames (${results.metricNames.join(', ')})`);
  });
  results.comparisons.forEach(({ a, b, varied }, index) => {
    const lacking = [a, b].find((id) => !has(cells[id], varied));
    if (lacking !== undefined) throw new InputError(`${file}: field comparisons[${index}].varied: "${varied}" is not a setting of cells[${lacking}], which the comparison pairs`);
  });
}

/** Target-CI runs cannot be split into shards (each would stop on its own games), so a shard has its games per cell. */
function checkShardSize(file: string, results: ResultsFile): void {
  if (results.shard !== null && results.gamesPerCell === null) {
    throw new InputError(`${file}: field gamesPerCell: null, but a shard is of a run of a fixed number of games per cell (--shard cannot be combined with a target CI)`);
  }
}

/**
 * A paired comparison's games are split four ways (both won, only a, only b, neither): three of them cannot exceed all;
 * and they are games both cells played.
 */
function checkPairedTable(file: string, results: ResultsFile, { a, b, games, bothWon, onlyAWon, onlyBWon }: PairedComparison, index: number): void {
  const someoneWon = bothWon + onlyAWon + onlyBWon;
  if (someoneWon > games) {
    throw new InputError(`${file}: field comparisons[${index}].games: ${games}, fewer than the ${someoneWon} that bothWon, onlyAWon and onlyBWon count`);
  }
  const fewer = [a, b].find((id) => results.cells[id].games < games);
  if (fewer !== undefined) throw new InputError(`${file}: field comparisons[${index}].games: ${games}, more than the ${results.cells[fewer].games} cells[${fewer}] played (a comparison pairs games both cells played)`);
}

/**
 * A comparison's metric differences (since playsim PAIRED_METRICS_SINCE): one sum per metric, of no more games than
 * the comparison's, that whole differences can have, and the means and deviations those sums give.
 */
function checkMetricDifferences(file: string, results: ResultsFile, comparison: PairedComparison, index: number): void {
  const at = `${file}: field comparisons[${index}]`;
  const { metrics, raw } = comparison;
  if (metrics === undefined && raw === undefined) {
    if (!versionBefore(results.tool.version, PAIRED_METRICS_SINCE)) throw new InputError(`${at}.raw: missing (playsim ${PAIRED_METRICS_SINCE} and later write each comparison's metric differences)`);
    return;
  }
  if (metrics === undefined || raw === undefined) throw new InputError(`${at}.${metrics === undefined ? 'metrics' : 'raw'}: missing (a comparison has both or neither)`);
  for (const field of ['metricCounts', 'metricSums', 'metricSumSquares'] as const) {
    if (raw[field].length !== results.metricNames.length) throw new InputError(`${at}.raw.${field}: has ${raw[field].length} entries, expected ${results.metricNames.length} (one per metric)`);
  }
  const unlisted = Object.keys(metrics).find((name) => !results.metricNames.includes(name));
  if (unlisted !== undefined) throw new InputError(`${at}.metrics.${unlisted}: not one of metricNames (${results.metricNames.join(', ')})`);
  const recorded = (id: number, m: number) => results.cells.find((cell) => cell.id === id)!.raw.metricCounts[m];
  results.metricNames.forEach((name, m) => {
    if (!Object.hasOwn(metrics, name)) throw new InputError(`${at}.metrics.${name}: missing (the comparison has one for each of metricNames)`);
    const n = raw.metricCounts[m];
    if (n > comparison.games) throw new InputError(`${at}.raw.metricCounts[${m}]: ${n} differences of "${name}" in ${comparison.games} paired games`);
    const fewest = Math.min(recorded(comparison.a, m), recorded(comparison.b, m));
    if (n > fewest) throw new InputError(`${at}.raw.metricCounts[${m}]: ${n} differences of "${name}", but one of its cells recorded it in ${fewest} games`);
    const nonZero = (['metricSums', 'metricSumSquares'] as const).find((field) => raw[field][m] !== 0);
    if (n === 0 && nonZero !== undefined) throw new InputError(`${at}.raw.${nonZero}[${m}]: ${raw[nonZero][m]}, but metricCounts[${m}] is 0: no differences of "${name}" sum to 0`);
    if (scaledSquaredDeviations(n, raw.metricSums[m], raw.metricSumSquares[m]) < 0) {
      throw new InputError(`${at}.raw.metricSumSquares[${m}]: ${raw.metricSumSquares[m]} is less than metricSums[${m}]² / metricCounts[${m}]: no ${n} differences of "${name}" have these sums`);
    }
    const derived = meanInterval(n, raw.metricSums[m], raw.metricSumSquares[m]);
    const wrong = (['n', 'mean', 'sd'] as const).find((figure) => !agrees(metrics[name][figure], derived[figure]));
    if (wrong !== undefined) throw new InputError(`${at}.metrics.${name}.${wrong}: ${metrics[name][wrong]}, but the comparison's raw sums give ${derived[wrong]}`);
  });
}

/** Per outcome of the file, 1 when it is part of the win; every outcome the win names must be one of the file's. */
function winMaskOf(file: string, results: ResultsFile): Uint8Array {
  const unknown = winningOutcomeNames(results).find((name) => !results.outcomeNames.includes(name));
  if (unknown !== undefined) {
    const field = results.winningOutcomes === undefined ? 'winOutcome' : 'winningOutcomes';
    throw new InputError(`${file}: field ${field}: "${unknown}" is not one of outcomeNames (${results.outcomeNames.join(', ')})`);
  }
  return winMask({ ...results, outcomes: results.outcomeNames });
}

function checkRaw(file: string, results: ResultsFile, cell: CellResult, index: number): void {
  readingCell(file, index, () => checkRawState(cell.raw, { outcomeCount: results.outcomeNames.length, metricNames: results.metricNames }));
}

/** A cell's game wins, when kept, must be well formed and be the games and wins of its raw counts. */
function checkGameWins(file: string, cell: CellResult, index: number, won: number): void {
  if (cell.raw.wins === undefined) return;
  const field = `${file}: field cells[${index}].raw.wins`;
  let wins: GameWins;
  try {
    wins = GameWins.fromJSON(cell.raw.wins);
  } catch (error) {
    throw new InputError(`${field}: ${(error as Error).message}`);
  }
  if (wins.games !== cell.raw.games || wins.wins !== won) {
    throw new InputError(`${field}: holds ${wins.wins} wins in ${wins.games} games, but raw.outcomeCounts count ${won} in ${cell.raw.games}`);
  }
}

/** A figure a cell publishes and the value its raw state gives for it. */
interface Figure {
  readonly field: string;
  readonly published: number | readonly number[];
  readonly derived: number | readonly number[];
}

function checkFigures(file: string, results: ResultsFile, cell: CellResult, index: number, won: number): void {
  const at = `${file}: field cells[${index}]`;
  for (const [field, names, listed] of [['outcomes', results.outcomeNames, 'outcomeNames'], ['metrics', results.metricNames, 'metricNames']] as const) {
    const unlisted = Object.keys(cell[field]).find((name) => !names.includes(name));
    if (unlisted !== undefined) throw new InputError(`${at}.${field}.${unlisted}: not one of ${listed} (${names.join(', ')})`);
    const missing = names.find((name) => !Object.hasOwn(cell[field], name));
    if (missing !== undefined) throw new InputError(`${at}.${field}.${missing}: missing (the cell has one for each of ${listed})`);
  }
  const wrong = cellFigures(results, cell, won).find((figure) => !agrees(figure.published, figure.derived));
  if (wrong !== undefined) throw new InputError(`${at}.${wrong.field}: ${shown(wrong.published)}, but the cell's raw state gives ${shown(wrong.derived)}`);
  results.metricNames.forEach((name, m) => {
    const c = cell.metrics[name].rateOf;
    if (c !== undefined && !rateBorneOut(c, cell.metrics[name].histogram.binWidth, cell.raw, m)) {
      throw new InputError(`${at}.metrics.${name}.rateOf: ${c}, but the cell's raw sums are not those of values all 0 or ${c}`);
    }
  });
}

/** What summarize.ts derives from the raw state, beside what the cell publishes. */
function cellFigures(results: ResultsFile, cell: CellResult, won: number): Figure[] {
  const { raw } = cell;
  return [
    { field: 'games', published: cell.games, derived: raw.games },
    { field: 'win.rate', published: cell.win.rate, derived: wilson(won, raw.games).rate },
    ...results.outcomeNames.map((name, o) => ({ field: `outcomes.${name}.rate`, published: cell.outcomes[name].rate, derived: wilson(raw.outcomeCounts[o], raw.games).rate })),
    ...results.metricNames.flatMap((name, m) => metricFigures(`metrics.${name}`, cell.metrics[name], raw, m)),
  ];
}

function metricFigures(field: string, metric: MetricResult, raw: CellRaw, m: number): Figure[] {
  const { n, mean, sd } = meanInterval(raw.metricCounts[m], raw.metricSums[m], raw.metricSumSquares[m]);
  const { histogram } = metric;
  return [
    { field: `${field}.n`, published: metric.n, derived: n },
    { field: `${field}.mean`, published: metric.mean, derived: mean },
    { field: `${field}.sd`, published: metric.sd, derived: sd },
    { field: `${field}.histogram.counts`, published: histogram.counts, derived: raw.histograms[m] },
    { field: `${field}.histogram.below`, published: histogram.below, derived: raw.belowRange[m] },
    { field: `${field}.histogram.above`, published: histogram.above, derived: raw.aboveRange[m] },
  ];
}

/**
 * Counts must be equal; rates, means and deviations may differ in their last digits, as another playsim version may
 * compute them in another order, but not more.
 */
function agrees(published: Figure['published'], derived: Figure['derived']): boolean {
  if (typeof published === 'number' && typeof derived === 'number') return Math.abs(published - derived) <= 1e-9 * Math.max(1, Math.abs(derived));
  return JSON.stringify(published) === JSON.stringify(derived);
}

function shown(value: number | readonly number[]): string {
  return typeof value === 'number' ? String(value) : `[${value.join(', ')}]`;
}
