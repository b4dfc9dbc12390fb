import { InputError } from '../core/errors.ts';
import type { SettingValue } from '../core/game.ts';
import type { CellResult, RateCI, ResultsFile } from './results.ts';
import { type DifferenceCI, excludesZero, independentDifference, welchDifference } from './statistics.ts';

/**
 * `playsim diff`: how an experiment's results moved between two runs, before and after a change (of the content, a
 * rule, a strategy, a fixed setting or playsim itself), cell by cell. Cells are matched by their values of the settings
 * either run varies and by strategy. Once anything changed, the two runs play different games even from the same
 * seeds, so each difference is estimated as between independent samples: conservative when the runs share seeds,
 * which makes their results correlated.
 */

interface MeasureBase {
  /** An outcome's or a metric's name. */
  readonly measure: string;
  readonly before: number;
  readonly after: number;
}
/** An outcome's rate or a metric's mean, before and after, and the change (after − before). */
export type MeasureChange = (MeasureBase & { readonly kind: 'rate'; readonly change: RateCI }) | (MeasureBase & { readonly kind: 'mean'; readonly change: DifferenceCI });

export interface CellChange {
  readonly before: CellResult;
  readonly after: CellResult;
  /** Win rate after − before. */
  readonly win: RateCI;
  /** Every outcome other than the win, and every metric that applied to at least two games in both cells. */
  readonly measures: readonly MeasureChange[];
}

export interface ResultsDiff {
  readonly before: ResultsFile;
  readonly after: ResultsFile;
  /** The settings cells are matched by, in the order tables show them. */
  readonly matchedBy: readonly string[];
  readonly cells: readonly CellChange[];
  readonly onlyBefore: readonly CellResult[];
  readonly onlyAfter: readonly CellResult[];
  /** Settings that differ between matched cells though no run varies them: "rounds: 1 → 3". */
  readonly settingChanges: readonly string[];
}

export function diffResults(before: ResultsFile, after: ResultsFile): ResultsDiff {
  if (before.experiment.game !== after.experiment.game) {
    throw new InputError(`diff: field experiment.game: the runs are of different games (${before.experiment.game}, ${after.experiment.game})`);
  }
  const matchedBy = [...new Set([...before.experiment.varied, ...after.experiment.varied].filter((name) => name !== 'strategy'))];
  const key = (cell: CellResult) => JSON.stringify([...matchedBy.map((name) => cell.params[name] ?? null), cell.strategy]);
  const afterByKey = new Map(after.cells.map((cell) => [key(cell), cell]));
  const beforeKeys = new Set(before.cells.map(key));
  const pairs = before.cells.flatMap((cell) => {
    const match = afterByKey.get(key(cell));
    return match === undefined ? [] : [{ before: cell, after: match }];
  });
  return {
    before,
    after,
    matchedBy,
    cells: pairs.map(({ before: b, after: a }) => cellChange(b, a, before.winOutcome)),
    onlyBefore: before.cells.filter((cell) => !afterByKey.has(key(cell))),
    onlyAfter: after.cells.filter((cell) => !beforeKeys.has(key(cell))),
    settingChanges: settingChanges(pairs),
  };
}

/** True when a cell's win rate or any other measure moved significantly. */
export function cellMoved(cell: CellChange): boolean {
  return excludesZero(cell.win) || cell.measures.some((measure) => excludesZero(measure.change));
}

function cellChange(before: CellResult, after: CellResult, winOutcome: string): CellChange {
  const measures = [...outcomeChanges(before, after, winOutcome), ...metricChanges(before, after)];
  return { before, after, win: rateChange(before.win.rate, before.games, after.win.rate, after.games), measures };
}

/** Rates are exact fractions of whole games, so the counts are recovered by rounding. */
function rateChange(rateBefore: number, gamesBefore: number, rateAfter: number, gamesAfter: number): RateCI {
  return independentDifference(Math.round(rateAfter * gamesAfter), gamesAfter, Math.round(rateBefore * gamesBefore), gamesBefore);
}

/** The outcomes other than the win (which `win` already holds). */
function outcomeChanges(before: CellResult, after: CellResult, winOutcome: string): MeasureChange[] {
  return Object.keys(before.outcomes)
    .filter((name) => name !== winOutcome && name in after.outcomes)
    .map((name) => {
      const [rateBefore, rateAfter] = [before.outcomes[name].rate, after.outcomes[name].rate];
      return { measure: name, kind: 'rate', before: rateBefore, after: rateAfter, change: rateChange(rateBefore, before.games, rateAfter, after.games) } as const;
    });
}

function metricChanges(before: CellResult, after: CellResult): MeasureChange[] {
  return Object.keys(before.metrics).flatMap((name) => {
    const change = name in after.metrics ? welchDifference(after.metrics[name], before.metrics[name]) : null;
    if (change === null) return [];
    return [{ measure: name, kind: 'mean', before: before.metrics[name].mean, after: after.metrics[name].mean, change } as const];
  });
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

function shown(value: SettingValue | undefined): string {
  return value === undefined ? '(none)' : String(value);
}
