import { cellMoved, gamesApart, type CellChange, type MeasureChange, type OnlyInOne, type ResultsDiff, type WinComparison } from '../sim/diff.ts';
import { MAX_KEPT_GAMES } from '../sim/game-wins.ts';
import { DEALING_SINCE } from '../sim/version.ts';
import type { CellResult, ResultsFile } from '../sim/results.ts';
import { bonferroniLevel, excludesZero, halfWidth } from '../sim/statistics.ts';
import { cellLabel, cellValue, count, levelPercent, meanDigitsWithin, percent, percentagePointsWithCi } from './format.ts';
import { inline, markdownTable } from './summary.ts';
import { cellGames, runFacts, type Table } from './tables.ts';

/** `playsim diff` in Markdown, for a CI log or a pull-request comment. */
export function diffMarkdown(diff: ResultsDiff, beforeName: string, afterName: string): string {
  const sections = [
    `# Before and after: ${inline(diff.after.experiment.title)}`,
    runLines(diff, beforeName, afterName),
    verdict(diff),
    `## Win rate\n\n${markdownTable(winTable(diff))}${pairedOverFewer(diff)}`,
    movedSection(diff),
    unmatchedSection(diff),
  ];
  return `${sections.filter((section) => section !== '').join('\n\n')}\n`;
}

function runLines(diff: ResultsDiff, beforeName: string, afterName: string): string {
  const lines = [`- **before:** ${runLine(beforeName, diff.before)}`, `- **after:** ${runLine(afterName, diff.after)}`];
  const [before, after] = [diff.before.experiment.name, diff.after.experiment.name];
  const differences = [
    ...(before === after ? [] : [`different experiments: ${before} before, ${after} after (cells are matched by their settings and strategy)`]),
    ...diff.settingChanges,
    ...(diff.winChange === null ? [] : [`${diff.winChange}, so the win rates count different outcomes`]),
    ...inOneRunNotes('outcomes', diff.outcomesInOneRun),
    ...inOneRunNotes('metrics', diff.metricsInOneRun),
  ];
  if (differences.length > 0) lines.push(`- **differences:** ${inline(differences.join('; '))}`);
  return lines.join('\n');
}

/** The run's facts as the report states them (experiment, seed, games per cell, complete, content, shard; the cells name their settings). */
function runLine(name: string, results: ResultsFile): string {
  const facts = runFacts(results).filter((fact) => fact.label !== 'game' && fact.label !== 'settings');
  return inline(`${name} (playsim ${results.tool.version}): ${facts.map((fact) => `${fact.label} ${fact.value}`).join('; ')}`);
}

function inOneRunNotes(what: string, names: OnlyInOne): string[] {
  return [
    ...(names.before.length > 0 ? [`${what} only before: ${names.before.join(', ')}`] : []),
    ...(names.after.length > 0 ? [`${what} only after: ${names.after.join(', ')}`] : []),
  ];
}

function verdict(diff: ResultsDiff): string {
  const compared = diff.cells.filter((cell) => cell.win !== null);
  const tests = compared.length;
  const alone = compared.filter((cell) => excludesZero(cell.win!)).length;
  const together = diff.cells.filter((cell) => cell.winMovedTogether).length;
  const anything = diff.cells.filter(cellMoved).length;
  const noGames = diff.cells.length - tests;
  const unchanged = noGames === 0 ? '' : `; ${noGames} with no games on a side has none`;
  return (
    `**${together} of ${diff.cells.length} matched cells moved in win rate** with all ${tests} changes taken together ` +
    `(Bonferroni: each at ${levelPercent(bonferroniLevel(tests))}${unchanged}); ${alone} on its own at 95% (about ` +
    `${(tests / 20).toFixed(tests < 20 ? 1 : 0)} would by chance alone when nothing changed), ${anything} in win rate or ` +
    `another outcome or metric${byChanceInAnything(compared)}. Each change is after minus before. ${howEstimated(diff, compared)}`
  );
}

/** Each of a cell's measures is tested at 95% on its own, so with many a cell "moves in something" by chance alone. */
function byChanceInAnything(compared: readonly CellChange[]): string {
  const measures = Math.max(0, ...compared.map((cell) => 1 + cell.measures.length));
  if (measures < 2) return '';
  const share = 1 - 0.95 ** measures;
  return ` (up to ${measures} measures a cell, each at 95%: about ${percent(share)} of cells would by chance alone, if the measures were independent)`;
}

/** How the win rates were compared (game by game, or why not), then how everything else was. */
function howEstimated(diff: ResultsDiff, compared: readonly CellChange[]): string {
  const cells = (way: ReturnType<typeof howCompared>) => compared.filter(({ comparison }) => howCompared(comparison) === way).length;
  const which = (n: number) => (n === diff.cells.length ? 'every cell' : `${n} of the ${diff.cells.length} cells`);
  const sentences: string[] = [];
  const paired = cells('paired');
  if (paired > 0) {
    sentences.push(
      `Both runs used seed ${diff.before.seed}, which deals the same game at the same index, so the win rates of ${which(paired)} ` +
        `are compared game by game over the games both played (Tango's score interval for paired proportions): ` +
        `only the games the change turned around count.`,
    );
  }
  if (cells('other seeds') > 0) sentences.push(`The runs used different seeds (${diff.before.seed}, ${diff.after.seed}), so their games are independent samples.`);
  if (cells('other dealing') > 0) {
    sentences.push(
      `playsim ${diff.before.tool.version} and ${diff.after.tool.version} deal a seed's games differently (the dealing changed in ` +
        `${DEALING_SINCE}), so the runs' games are independent samples.`,
    );
  }
  const notKept = cells('games not kept');
  if (notKept > 0) {
    sentences.push(
      `For ${which(notKept)}, a run did not keep which games were won (a results.json of playsim before 0.3.0, or of a run of ` +
        `over ${count(MAX_KEPT_GAMES)} games), so the runs cannot be compared game by game.`,
    );
  }
  const apart = cells('no game in common');
  if (apart > 0) sentences.push(`For ${which(apart)}, the runs played no game in common (two shards of one run, say).`);
  const conservative = gamesApart(diff.before, diff.after) === null ? ', which is conservative on a shared seed when, as usual, a game that goes well in one run goes well in the other' : '';
  sentences.push(`Everything not compared game by game is estimated ${INDEPENDENT}${conservative}.`);
  return sentences.join(' ');
}

function howCompared(comparison: WinComparison) {
  return comparison.kind === 'paired' ? comparison.kind : comparison.because;
}

const INDEPENDENT = "as between independent samples (Newcombe's hybrid score interval for rates, Welch's for means)";

function winTable(diff: ResultsDiff): Table {
  return {
    header: [...diff.matchedBy, 'strategy', 'games before', 'games after', 'paired games', 'before %', 'after %', 'change [95% CI]', 'moved', 'moved with all cells together'],
    rows: diff.cells.map((cell) => [
      ...cellColumns(diff, cell.after),
      cellGames(cell.before),
      cellGames(cell.after),
      cell.comparison.kind === 'paired' ? count(cell.comparison.games) : '—',
      cell.before.games > 0 ? percent(cell.before.win.rate) : '—',
      cell.after.games > 0 ? percent(cell.after.win.rate) : '—',
      cell.win === null ? '— (no games on a side)' : percentagePointsWithCi(cell.win),
      cell.win !== null && excludesZero(cell.win) ? 'yes' : 'no',
      cell.winMovedTogether ? 'yes' : 'no',
    ]),
  };
}

/** A note under the win table when some change is over fewer games than a run played. */
function pairedOverFewer(diff: ResultsDiff): string {
  const fewer = diff.cells.some(({ comparison, before, after }) => comparison.kind === 'paired' && comparison.games < Math.max(before.games, after.games));
  return fewer
    ? '\n\nWhere the paired games are fewer than a run played, the change is over the paired games only, so it need not equal after % minus before %.'
    : '';
}

function cellColumns(diff: ResultsDiff, cell: CellResult): string[] {
  return [...diff.matchedBy.map((name) => String(cellValue(cell, name))), cell.strategy];
}

function movedSection(diff: ResultsDiff): string {
  const rows = diff.cells.flatMap((cell) =>
    cell.measures.filter((measure) => excludesZero(measure.change)).map((measure) => movedRow(diff, cell, measure)),
  );
  const heading = '## Other outcomes and metrics that moved\n\nEach on its own at 95%: about 1 in 20 moves by chance when nothing changed.';
  if (rows.length === 0) return `${heading}\n\nNone.`;
  const header = [...diff.matchedBy, 'strategy', 'measure', 'before', 'after', 'change [95% CI]'];
  return `${heading}\n\n${markdownTable({ header, rows })}`;
}

function movedRow(diff: ResultsDiff, cell: CellChange, measure: MeasureChange): string[] {
  const columns = cellColumns(diff, cell.after);
  if (measure.kind === 'rate') {
    const name = `${measure.measure} %${diff.partsOfWin.includes(measure.measure) ? ' (part of the win)' : ''}`;
    return [...columns, name, percent(measure.before), percent(measure.after), percentagePointsWithCi(measure.change)];
  }
  const { difference, lo, hi } = measure.change;
  const digits = meanDigitsWithin(Math.max(Math.abs(measure.before), Math.abs(measure.after)), halfWidth(measure.change));
  const shown = (value: number) => value.toFixed(digits);
  const change = `${difference > 0 ? '+' : ''}${shown(difference)} [${shown(lo)}, ${shown(hi)}]`;
  return [...columns, `${measure.measure} (mean)`, shown(measure.before), shown(measure.after), change];
}

function unmatchedSection(diff: ResultsDiff): string {
  const names = [...diff.matchedBy, 'strategy'];
  const lines = [
    ...diff.onlyBefore.map((cell) => `- only before: ${cellLabel(cell, names)}`),
    ...diff.onlyAfter.map((cell) => `- only after: ${cellLabel(cell, names)}`),
  ];
  return lines.length === 0 ? '' : `## Cells in only one run\n\n${lines.join('\n')}`;
}
