import { greatest, group } from 'd3-array';
import { pairedCounts, winDifference } from '../sim/diff.ts';
import type { CellResult, PairedComparison, ResultsFile } from '../sim/results.ts';
import { halfWidth } from '../sim/statistics.ts';
import { strategyHead } from '../sim/strategy-spec.ts';
import {
  cellLabel,
  cellValue,
  comparisonLabel,
  count,
  isSignificant,
  meanDifferenceWithCi,
  meanWithCi,
  exactPercentagePoints,
  percentagePointsWithCi,
  percentWithCi,
  provenanceStatement,
  variedSettings,
} from './format.ts';

/** The summary as plain text facts and tables, rendered to Markdown by summary.ts and to HTML by html.ts. */

export interface Table {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface Fact {
  readonly label: string;
  readonly value: string;
}

export function runFacts(results: ResultsFile): Fact[] {
  const facts: Fact[] = [
    { label: 'experiment', value: results.experiment.name },
    { label: 'game', value: results.experiment.game },
    { label: 'seed', value: String(results.seed) },
    { label: 'games per cell', value: gamesPerCell(results) },
    { label: 'complete', value: completeness(results) },
    { label: 'content', value: `${results.content.file}: ${provenanceStatement(results)}` },
  ];
  const fixed = fixedSettings(results);
  if (fixed !== '') facts.push({ label: 'settings', value: fixed });
  if (results.shard !== null) {
    const { index, count: shards } = results.shard;
    facts.push({ label: 'shard', value: `${index}/${shards} (0-based: this report holds only that slice of each cell's games; \`playsim merge\` the ${shards} shards for the run)` });
  }
  return facts;
}

/** The settings every cell shares (the grid's are in the tables), so a one-cell report says what it measured. */
function fixedSettings(results: ResultsFile): string {
  const [first, ...others] = results.cells;
  if (first === undefined) return '';
  return Object.entries(first.params)
    .filter(([name, value]) => !results.experiment.varied.includes(name) && others.every((cell) => cell.params[name] === value))
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
}

function gamesPerCell(results: ResultsFile): string {
  const parts: string[] = [];
  if (results.gamesPerCell !== null) parts.push(count(results.gamesPerCell));
  if (results.targetCi !== null) parts.push(`until the win-rate CI is ±${exactPercentagePoints(results.targetCi)}`);
  if (results.maxGames !== null) parts.push(`at most ${count(results.maxGames)}`);
  const target = results.targetCi;
  const missed = target === null ? 0 : results.cells.filter((cell) => halfWidth(cell.win) > target).length;
  if (missed > 0) parts.push(`${missed} of ${results.cells.length} cells stopped short of the target CI`);
  return parts.length > 0 ? parts.join(', ') : 'unspecified';
}

function completeness(results: ResultsFile): string {
  if (results.complete) return 'yes';
  const stopped = results.cells.filter((cell) => !cell.complete).length;
  const empty = results.cells.filter((cell) => cell.games === 0).length;
  const unplayed = empty === 0 ? '' : `, ${empty} before their first game`;
  const unequal = new Set(results.cells.map((cell) => cell.games)).size > 1 ? '; the cells played different games, so compare them through the paired comparisons' : '';
  return `no: ${stopped} of ${results.cells.length} cells stopped early${unplayed}${unequal}`;
}

/** A rate or mean of no games: a stopped run's cell that never started, a comparison of such a cell. */
const NO_GAMES = '—';

/** The table shows a game's first metrics (games declare their headline metrics first); results.json has all. */
const HEADLINE_METRICS = 3;
/** Games with more outcomes besides the win than this (Kyros's seats, Doomed Run's campfire grades) give them a table of their own. */
const HEADLINE_OUTCOMES = 4;

/** The outcomes besides the win, in the game's order. */
function otherOutcomes(results: ResultsFile): string[] {
  return results.outcomeNames.filter((name) => name !== results.winOutcome);
}

export function cellTable(results: ResultsFile): Table {
  const settings = variedSettings(results);
  const metrics = results.metricNames.slice(0, HEADLINE_METRICS);
  const others = otherOutcomes(results);
  const outcomes = others.length <= HEADLINE_OUTCOMES ? others : [];
  const header = [
    ...settings,
    'strategy',
    'games',
    `${results.winOutcome} % [95% CI]`,
    ...outcomes.map((name) => `${name} % [95% CI]`),
    ...metrics.map((name) => `${name} (mean ± CI)`),
  ];
  const rows = results.cells.map((cell) => [
    ...cellColumns(settings, cell),
    cellGames(cell),
    cell.games === 0 ? NO_GAMES : percentWithCi(cell.win),
    ...outcomes.map((name) => outcomeText(cell, name)),
    ...metrics.map((name) => metricText(cell, name)),
  ]);
  return { header, rows };
}

/** An outcome's rate with its 95% CI, as the win's: every rate a table shows carries its interval. */
function outcomeText(cell: CellResult, name: string): string {
  return cell.games === 0 ? NO_GAMES : percentWithCi(cell.outcomes[name]);
}

/**
 * Which metrics some games leave unrecorded (Set a Watch's roundOfLoss, missing when won), so that their means are over
 * fewer games than the cell played; null when every game records every metric.
 */
export function partialMetricsNote(results: ResultsFile): string | null {
  const partial = results.metricNames.filter((name) => results.cells.some((cell) => cell.metrics[name].n < cell.games));
  if (partial.length === 0) return null;
  const [names, verb, pronoun] = partial.length === 1 ? [partial[0], 'is', 'it'] : [partial.join(', '), 'are', 'them'];
  return `${names} ${verb} averaged over the games that record ${pronoun}, fewer than a cell's games (see the game's metric descriptions in playsim list).`;
}

export const OUTCOMES_HEADING = 'All outcomes (% of games [95% CI])';

/** Every outcome's rate of every cell with its 95% CI, when the game has more than the cell table shows; else none. */
export function outcomeTables(results: ResultsFile): Table[] {
  const outcomes = otherOutcomes(results);
  if (outcomes.length <= HEADLINE_OUTCOMES) return [];
  const settings = variedSettings(results);
  return inTablesOf(OUTCOMES_PER_TABLE, outcomes, (names) => ({
    header: [...settings, 'strategy', ...names],
    rows: results.cells.map((cell) => [...cellColumns(settings, cell), ...names.map((name) => outcomeText(cell, name))]),
  }));
}

/** An outcome's rate with its interval is wider than a metric's mean: fewer to a table. */
const OUTCOMES_PER_TABLE = 6;

export const METRICS_HEADING = 'All metrics (mean ± 95% CI)';

/** A table wider than this many metrics (Doomed Run has 35) is split into several, in the order of the metrics. */
const METRICS_PER_TABLE = 12;

/**
 * Every metric of every cell with its mean and 95% CI, when a game has more metrics than the cell table shows, in
 * tables of at most METRICS_PER_TABLE metrics; none when the cell table shows them all.
 */
export function metricTables(results: ResultsFile): Table[] {
  if (results.metricNames.length <= HEADLINE_METRICS) return [];
  const settings = variedSettings(results);
  return inTablesOf(METRICS_PER_TABLE, results.metricNames, (names) => ({
    header: [...settings, 'strategy', ...names],
    rows: results.cells.map((cell) => [...cellColumns(settings, cell), ...names.map((name) => metricText(cell, name))]),
  }));
}

/** One table per `perTable` names (metrics or outcomes), in their order. */
function inTablesOf(perTable: number, names: readonly string[], table: (names: readonly string[]) => Table): Table[] {
  const tables: Table[] = [];
  for (let first = 0; first < names.length; first += perTable) tables.push(table(names.slice(first, first + perTable)));
  return tables;
}

/** A cell's values of the varied settings, then its strategy. */
function cellColumns(settings: readonly string[], cell: CellResult): string[] {
  return [...settings.map((name) => String(cellValue(cell, name))), cell.strategy];
}

export function cellGames(cell: CellResult): string {
  return cell.complete ? count(cell.games) : `${count(cell.games)} (stopped)`;
}

function metricText(cell: CellResult, name: string): string {
  return cell.games === 0 ? NO_GAMES : meanWithCi(cell.metrics[name], cell.games);
}

export const BEST_HEADING = 'Best choices';
export const BEST_NOTE =
  'The highest win rate of each row; the cells after it are not measurably worse (the 95% CI of their difference ' +
  'from the best reaches 0: paired over the games both played where the run kept which games each cell won, as ' +
  'independent samples otherwise), so these games do not tell them apart. The best of many cells is also a little ' +
  'lucky: its rate tends to be above what more games would give.';

/**
 * For each combination of the varied settings outside the experiment's `choose`, the cell with the highest win rate,
 * and the cells of that combination whose win rate is not measurably below it (the 95% CI of their difference from
 * the best reaches 0 from below). A combination some of whose choices have no games (a stopped run) names no best.
 * Null when the experiment chooses nothing.
 */
export function bestTable(results: ResultsFile): Table | null {
  const choose = results.experiment.choose ?? [];
  if (choose.length === 0) return null;
  const others = results.experiment.varied.filter((name) => !choose.includes(name));
  return bestOfGroups([...group(results.cells, (cell) => cellLabel(cell, others)).values()], others, choose);
}

export const BEST_OF_EACH_STRATEGY_HEADING = 'Best of each strategy';
export const BEST_OF_EACH_STRATEGY_NOTE =
  'The same among each strategy\'s own cells, for the strategies whose parameters the run chooses: the best of their ' +
  'values even where another strategy beats them all.';

/**
 * When the run chooses among strategies and their parameters, the best choices again within each strategy that has
 * more than one cell in a combination (a fixed speed's best value, beside a strategy that beats every speed). Null
 * when no strategy has, or one strategy (in its variants) is all the combination holds: the best choices say it all.
 */
export function bestOfEachStrategyTable(results: ResultsFile): Table | null {
  const choose = results.experiment.choose ?? [];
  const choosesParameters = results.cells.some((cell) => choose.some((name) => specSets(cell, name)));
  if (!choose.includes('strategy') || !choosesParameters) return null;
  const others = results.experiment.varied.filter((name) => !choose.includes(name));
  const byCombination = group(results.cells, (cell) => cellLabel(cell, others), (cell) => strategyHead(cell.strategy));
  const chosen = [...byCombination.values()].flatMap((byStrategy) => (byStrategy.size > 1 ? [...byStrategy.values()].filter((cells) => cells.length > 1) : []));
  return chosen.length === 0 ? null : bestOfGroups(chosen, others, choose);
}

/** A row per group of cells: the settings the group shares (`others`), then its best choice. */
function bestOfGroups(groups: readonly (readonly CellResult[])[], others: readonly string[], choose: readonly string[]): Table {
  return {
    header: [...others, `best (${choose.join(', ')})`, 'win % [95% CI]', 'not measurably worse (95%)'],
    rows: groups.map((cells) => [...others.map((name) => String(cellValue(cells[0], name))), ...bestChoice(cells, choose)]),
  };
}

/** The best of one combination's cells, its win rate and the cells not measurably worse; no best while some have no games. */
function bestChoice(cells: readonly CellResult[], choose: readonly string[]): string[] {
  const unplayed = cells.filter((cell) => cell.games === 0).length;
  if (unplayed > 0) return [NO_GAMES, NO_GAMES, `none chosen: ${unplayed} of ${cells.length} choices have no games`];
  const best = greatest(cells, (cell) => cell.win.rate)!;
  const close = cells.filter((cell) => cell !== best && winDifference(best, cell, pairedCounts(best, cell)).hi >= 0);
  return [choiceLabel(best, choose), percentWithCi(best.win), close.map((cell) => choiceLabel(cell, choose)).join('; ') || 'none'];
}

/** "fixed-speed:speed=8" rather than "speed=8, strategy=fixed-speed:speed=8": what the strategy spec says is not repeated. */
function choiceLabel(cell: CellResult, choose: readonly string[]): string {
  const inSpec = (name: string) => choose.includes('strategy') && specSets(cell, name);
  const settings = choose.filter((name) => name !== 'strategy' && !inSpec(name) && cellValue(cell, name) !== '—');
  return [...(choose.includes('strategy') ? [cell.strategy] : []), ...settings.map((name) => `${name}=${cellValue(cell, name)}`)].join(', ');
}

/** The cell's strategy spec sets this parameter ("fixed-speed:speed=8" sets speed). */
function specSets(cell: CellResult, name: string): boolean {
  return new RegExp(`[:,]${name}=`).test(cell.strategy);
}

/**
 * The comparisons grouped by what they vary, in the order of the experiment's dimensions (each group in grid order),
 * with their differences in the headline metrics when they hold them.
 */
export function comparisonTable(results: ResultsFile): Table {
  const metrics = comparedMetrics(results).slice(0, HEADLINE_METRICS);
  return {
    header: ['comparison', 'games', 'win-rate difference [95% CI]', 'significant', ...metrics.map(differenceHeader)],
    rows: comparisonsInOrder(results).map((comparison) => [
      comparisonLabel(results, comparison),
      count(comparison.games),
      comparison.games === 0 ? NO_GAMES : percentagePointsWithCi(comparison.difference),
      comparison.games === 0 ? NO_GAMES : isSignificant(comparison) ? 'yes' : 'no',
      ...metrics.map((name) => differenceText(comparison, name)),
    ]),
  };
}

export const METRIC_DIFFERENCES_HEADING = 'All metric differences (first minus second, mean ± 95% CI)';

const METRIC_DIFFERENCES_NOTE =
  "A metric's difference is the first cell's value minus the second's, game by game on the same seeds, averaged over " +
  'the games both played and both recorded it in (— where none did): their number follows in brackets when fewer ' +
  "than the comparison's games (a metric only some outcomes record, such as a round of loss, is then averaged over " +
  "the games both cells lost, which is not the difference of the two cells' means). Its interval is a paired t " +
  "interval, or, for a metric that is 0 or c in every game, c times the rates' paired difference with its Tango interval.";

/** What the comparisons tables' figures are: how many are significant, what a metric's difference is, and how many of those would exclude 0 by chance. */
export function comparisonsNote(results: ResultsFile): string {
  const significance = significanceNote(results.comparisons);
  const metrics = comparedMetrics(results);
  if (metrics.length === 0) return significance;
  const measured = results.comparisons.flatMap((comparison) => metrics.filter((name) => comparison.games > 0 && comparison.metrics![name].n > 0)).length;
  const byChance = measured / 20;
  return (
    `${significance} ${METRIC_DIFFERENCES_NOTE} Each interval is at 95% on its own: of the ${count(measured)} metric ` +
    `differences, about ${byChance.toFixed(byChance < 10 ? 1 : 0)} would exclude 0 by chance alone if no setting mattered.`
  );
}

/** Every metric's paired difference, when the comparisons hold more metrics than their table shows; as metricTables splits them. */
export function metricDifferenceTables(results: ResultsFile): Table[] {
  const metrics = comparedMetrics(results);
  if (metrics.length <= HEADLINE_METRICS) return [];
  const comparisons = comparisonsInOrder(results);
  return inTablesOf(METRICS_PER_TABLE, metrics, (names) => ({
    header: ['comparison', ...names],
    rows: comparisons.map((comparison) => [comparisonLabel(results, comparison), ...names.map((name) => differenceText(comparison, name))]),
  }));
}

/** The metrics whose differences the comparisons hold: all of them, or none in results of playsim before 0.9.0. */
function comparedMetrics(results: ResultsFile): readonly string[] {
  return results.comparisons.length > 0 && results.comparisons.every((comparison) => comparison.metrics !== undefined) ? results.metricNames : [];
}

function comparisonsInOrder(results: ResultsFile): PairedComparison[] {
  const order = (comparison: PairedComparison) => results.experiment.varied.indexOf(comparison.varied);
  return [...results.comparisons].sort((a, b) => order(a) - order(b));
}

function differenceHeader(name: string): string {
  return `${name} difference (mean ± CI)`;
}

function differenceText(comparison: PairedComparison, name: string): string {
  return comparison.games === 0 ? NO_GAMES : meanDifferenceWithCi(comparison.metrics![name], comparison.games);
}

/**
 * "3 of 17 comparisons are significant (95% CI excludes 0)", and which interval the win-rate differences carry.
 * Comparisons of no games (a stopped run's) are left out.
 */
export function significanceNote(comparisons: readonly PairedComparison[]): string {
  const measured = comparisons.filter((comparison) => comparison.games > 0);
  const significant = measured.filter(isSignificant).length;
  const byChance = measured.length / 20;
  const unmeasured = comparisons.length - measured.length;
  return (
    `${significant} of ${measured.length} comparisons are significant (95% CI excludes 0); about ` +
    `${byChance.toFixed(byChance < 10 ? 1 : 0)} would be by chance alone if no setting mattered. ` +
    "A win-rate difference's interval is Tango's score interval for paired proportions, over the games both cells played." +
    (unmeasured === 0 ? '' : ` ${unmeasured} more have no games both cells played.`)
  );
}
