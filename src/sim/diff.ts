import { InputError } from '../core/errors.ts';
import { type GameModule, type SettingValue, winningOutcomeNames } from '../core/game.ts';
import type { CellResult, MetricResult, RateCI, ResultsFile } from './results.ts';
import { GameWins, type PairedCounts } from './game-wins.ts';
import { bonferroniZ, type DifferenceCI, excludesZero, independentDifference, pairedDifference, welchDifference } from './statistics.ts';
import { canonicalSpec } from './strategy-spec.ts';
import { sameDealing } from './version.ts';

/**
 * `playsim diff`: how an experiment's results moved between two runs, before and after a change (of the content, a
 * rule, a strategy, a fixed setting or playsim itself), cell by cell. Cells are matched by their values of the game
 * settings either run varies (a setting one run does not have counts at its default) and by strategy, however its
 * parameters are written. When both runs used the same seed and kept which games each cell won (`run` does), a
 * cell's win rate is compared game by game over the games both played: the same seed deals the same game at the same
 * index, so only the games the change turned around count against it. Otherwise, and for the other outcomes and the
 * metrics, each change is estimated as between independent samples, which is conservative when the runs share a seed
 * and, as usual, a game that goes well in one run tends to go well in the other (outcomes positively correlated).
 */

/**
 * How a cell's win rate change is estimated: game by game over the games both runs played, or as between independent
 * samples, because the runs used other seeds, their playsim versions deal a seed's games differently, a run did not
 * keep which games it won, or they played no game in common.
 */
export type WinComparison =
  | { readonly kind: 'paired'; readonly games: number }
  | { readonly kind: 'independent'; readonly because: GamesApart | 'games not kept' | 'no game in common' };

/** Why two runs' games at the same index are not the same game. */
type GamesApart = 'other seeds' | 'other dealing';

/** What diff needs of the game: its settings and strategies (to match cells) and which outcomes make the win. */
export type DiffGame = Pick<GameModule, 'settings' | 'strategies' | 'winOutcome' | 'winningOutcomes'>;

interface MeasureBase {
  /** An outcome's or a metric's name. */
  readonly measure: string;
  readonly before: number;
  readonly after: number;
}
/** An outcome's rate or a metric's mean, before and after, and the change (after − before) at 95%. */
export type MeasureChange = (MeasureBase & { readonly kind: 'rate'; readonly change: RateCI }) | (MeasureBase & { readonly kind: 'mean'; readonly change: DifferenceCI });

export interface CellChange {
  readonly before: CellResult;
  readonly after: CellResult;
  /** Win rate after − before with its 95% CI; null when a side played no game. */
  readonly win: RateCI | null;
  readonly comparison: WinComparison;
  /** The win rate moved even with every matched cell's change taken together (Bonferroni). */
  readonly winMovedTogether: boolean;
  /**
   * The outcomes other than the win and the only other outcome (its complement), and every metric that applied to at
   * least two games in both cells.
   */
  readonly measures: readonly MeasureChange[];
}

/** Names present in only one of the runs. */
export interface OnlyInOne {
  readonly before: readonly string[];
  readonly after: readonly string[];
}

export interface ResultsDiff {
  readonly before: ResultsFile;
  readonly after: ResultsFile;
  /** The game settings cells are matched by (with the strategy), in the order tables show them. */
  readonly matchedBy: readonly string[];
  readonly cells: readonly CellChange[];
  readonly onlyBefore: readonly CellResult[];
  readonly onlyAfter: readonly CellResult[];
  /** Settings that differ between matched cells though no run varies them: "rounds: 1 → 3". */
  readonly settingChanges: readonly string[];
  /** How the win's outcomes differ between the runs ("win: anyone (seat1) → anyone (seat1 or seat2)"), or null when they agree. */
  readonly winChange: string | null;
  readonly outcomesInOneRun: OnlyInOne;
  readonly metricsInOneRun: OnlyInOne;
  /** Outcomes that are parts of a win made of several (each seat's win), listed with the other measures. */
  readonly partsOfWin: readonly string[];
}

export function diffResults(before: ResultsFile, after: ResultsFile, game: DiffGame): ResultsDiff {
  if (before.experiment.game !== after.experiment.game) {
    throw new InputError(`diff: field experiment.game: the runs are of different games (${before.experiment.game}, ${after.experiment.game})`);
  }
  const settings = new Set(game.settings.map((setting) => setting.name));
  const matchedBy = [...new Set([...before.experiment.varied, ...after.experiment.varied])].filter((name) => settings.has(name));
  const key = cellKey(game, matchedBy);
  const afterByKey = cellsByKey(after, key);
  const beforeByKey = cellsByKey(before, key);
  const pairs = [...beforeByKey].flatMap(([cellKey, cell]) => (afterByKey.has(cellKey) ? [{ before: cell, after: afterByKey.get(cellKey)! }] : []));
  if (pairs.length === 0) {
    throw new InputError(`diff: no cell of the second run matches one of the first (cells are matched by ${[...matchedBy, 'strategy'].join(', ')})`);
  }
  const measured = measuredOutcomes(before, after, game);
  const comparable = pairs.filter((pair) => pair.before.games > 0 && pair.after.games > 0).length;
  return {
    before,
    after,
    matchedBy,
    cells: pairs.map((pair) => cellChange(pair.before, pair.after, measured, bonferroniZ(comparable), gamesApart(before, after))),
    onlyBefore: [...beforeByKey].filter(([cellKey]) => !afterByKey.has(cellKey)).map(([, cell]) => cell),
    onlyAfter: [...afterByKey].filter(([cellKey]) => !beforeByKey.has(cellKey)).map(([, cell]) => cell),
    settingChanges: settingChanges(pairs),
    winChange: winChange(before, after),
    outcomesInOneRun: inOneRun(before.outcomeNames, after.outcomeNames),
    metricsInOneRun: inOneRun(before.metricNames, after.metricNames),
    partsOfWin: measured.filter((name) => winningOutcomeNames(game).includes(name)),
  };
}

/** True when a cell's win rate or any other measure moved (each on its own, at 95%). */
export function cellMoved(cell: CellChange): boolean {
  return (cell.win !== null && excludesZero(cell.win)) || cell.measures.some((measure) => excludesZero(measure.change));
}

function cellKey(game: DiffGame, matchedBy: readonly string[]): (cell: CellResult) => string {
  const defaults = new Map<string, SettingValue>(game.settings.map((setting) => [setting.name, setting.default]));
  return (cell) => JSON.stringify([...matchedBy.map((name) => cell.params[name] ?? defaults.get(name)!), canonicalSpec(game, cell.strategy)]);
}

function cellsByKey(results: ResultsFile, key: (cell: CellResult) => string): Map<string, CellResult> {
  const byKey = new Map<string, CellResult>();
  for (const cell of results.cells) {
    const cellKey = key(cell);
    if (byKey.has(cellKey)) throw new InputError(`diff: experiment ${results.experiment.name}: cells ${byKey.get(cellKey)!.id} and ${cell.id} cannot be told apart by their settings and strategy`);
    byKey.set(cellKey, cell);
  }
  return byKey;
}

/**
 * The outcomes both runs have that say more than the win rate: not a single winning outcome (it is the win) and
 * not the only losing one (it is the win's complement).
 */
function measuredOutcomes(before: ResultsFile, after: ResultsFile, game: DiffGame): string[] {
  const winning = winningOutcomeNames(game);
  const shared = before.outcomeNames.filter((name) => after.outcomeNames.includes(name));
  const losing = shared.filter((name) => !winning.includes(name));
  return shared.filter((name) => (winning.includes(name) ? winning.length > 1 : losing.length > 1));
}

/** Null when game i of one run is game i of the other. */
export function gamesApart(before: ResultsFile, after: ResultsFile): GamesApart | null {
  if (before.seed !== after.seed) return 'other seeds';
  return sameDealing(before.tool.version, after.tool.version) ? null : 'other dealing';
}

function cellChange(before: CellResult, after: CellResult, outcomes: readonly string[], togetherZ: number, apart: GamesApart | null): CellChange {
  const comparable = before.games > 0 && after.games > 0;
  const paired = apart === null ? pairedCounts(before, after) : null;
  const winChange = (z?: number) => winDifference(before, after, paired, z);
  return {
    before,
    after,
    win: comparable ? winChange() : null,
    comparison: winComparison(before, after, apart, paired),
    winMovedTogether: comparable && excludesZero(winChange(togetherZ)),
    measures: comparable ? [...outcomeChanges(before, after, outcomes), ...metricChanges(before, after)] : [],
  };
}

/** After's win rate minus before's: over the games both played when `paired` counts them, else as independent samples. */
export function winDifference(before: CellResult, after: CellResult, paired: PairedCounts | null, z?: number): RateCI {
  return paired === null
    ? rateChange(before.win.rate, before.games, after.win.rate, after.games, z)
    : pairedDifference(paired.bothWon, paired.onlyAWon, paired.onlyBWon, paired.neither, z);
}

/** After (a) against before (b) over the games both played, when both kept their game wins and share some game. */
export function pairedCounts(before: CellResult, after: CellResult): PairedCounts | null {
  if (before.raw.wins === undefined || after.raw.wins === undefined) return null;
  const counts = GameWins.fromJSON(after.raw.wins).pairedWith(GameWins.fromJSON(before.raw.wins));
  return gamesIn(counts) > 0 ? counts : null;
}

function gamesIn(counts: PairedCounts): number {
  return counts.bothWon + counts.onlyAWon + counts.onlyBWon + counts.neither;
}

function winComparison(before: CellResult, after: CellResult, apart: GamesApart | null, paired: PairedCounts | null): WinComparison {
  if (paired !== null) return { kind: 'paired', games: gamesIn(paired) };
  if (apart !== null) return { kind: 'independent', because: apart };
  if (before.raw.wins === undefined || after.raw.wins === undefined) return { kind: 'independent', because: 'games not kept' };
  return { kind: 'independent', because: 'no game in common' };
}

/** Rates are exact fractions of whole games, so the counts are recovered by rounding. */
function rateChange(rateBefore: number, gamesBefore: number, rateAfter: number, gamesAfter: number, z?: number): RateCI {
  return independentDifference(Math.round(rateAfter * gamesAfter), gamesAfter, Math.round(rateBefore * gamesBefore), gamesBefore, z);
}

function outcomeChanges(before: CellResult, after: CellResult, outcomes: readonly string[]): MeasureChange[] {
  return outcomes.map((name) => {
    const [rateBefore, rateAfter] = [before.outcomes[name].rate, after.outcomes[name].rate];
    return { measure: name, kind: 'rate', before: rateBefore, after: rateAfter, change: rateChange(rateBefore, before.games, rateAfter, after.games) } as const;
  });
}

function metricChanges(before: CellResult, after: CellResult): MeasureChange[] {
  return Object.keys(before.metrics).flatMap((name) => {
    const change = name in after.metrics ? metricChange(before.metrics[name], after.metrics[name]) : null;
    if (change === null) return [];
    return [{ measure: name, kind: 'mean', before: before.metrics[name].mean, after: after.metrics[name].mean, change } as const];
  });
}

/**
 * A metric's change, after − before: for a rate metric on both sides (every game's value 0 or c) the difference of
 * the two rates of c as for outcomes, scaled by c (Welch's interval, whose t treats the values as roughly normal,
 * is far too sure of sparse hits); else Welch's difference of means.
 */
function metricChange(before: MetricResult, after: MetricResult): DifferenceCI | null {
  const c = before.rateOf;
  if (c === undefined || c !== after.rateOf) return welchDifference(after, before);
  const rates = rateChange(before.mean / c, before.n, after.mean / c, after.n);
  return { difference: c * rates.rate, lo: c * rates.lo, hi: c * rates.hi };
}

function settingChanges(pairs: readonly { before: CellResult; after: CellResult }[]): string[] {
  const changes = new Map<string, Set<string>>();
  for (const { before, after } of pairs) {
    for (const name of new Set([...Object.keys(before.params), ...Object.keys(after.params)])) {
      if (before.params[name] === after.params[name]) continue;
      const values = changes.get(name) ?? new Set<string>();
      values.add(`${shown(before.params[name])} → ${shown(after.params[name])}`);
      changes.set(name, values);
    }
  }
  return [...changes].map(([name, values]) => `${name}: ${[...values].join(', ')}`);
}

/**
 * The win's outcomes, as sets, before and after. A run of playsim before 0.5.0 records only the win's name, which is
 * its one outcome when the game has an outcome of that name; otherwise only a change of name can be seen.
 */
function winChange(before: ResultsFile, after: ResultsFile): string | null {
  const [was, is] = [winningOutcomesOf(before), winningOutcomesOf(after)];
  const same = was === null || is === null ? before.winOutcome === after.winOutcome : was.join() === is.join();
  return same ? null : `win: ${describeWin(before.winOutcome, was)} → ${describeWin(after.winOutcome, is)}`;
}

function winningOutcomesOf(results: ResultsFile): string[] | null {
  if (results.winningOutcomes !== undefined) return [...results.winningOutcomes].sort();
  return results.outcomeNames.includes(results.winOutcome) ? [results.winOutcome] : null;
}

function describeWin(name: string, outcomes: readonly string[] | null): string {
  return outcomes === null || (outcomes.length === 1 && outcomes[0] === name) ? name : `${name} (${outcomes.join(' or ')})`;
}

function shown(value: SettingValue | undefined): string {
  return value === undefined ? '(none)' : String(value);
}

function inOneRun(before: readonly string[], after: readonly string[]): OnlyInOne {
  return { before: before.filter((name) => !after.includes(name)), after: after.filter((name) => !before.includes(name)) };
}
