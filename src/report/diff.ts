import { cellMoved, type CellChange, type MeasureChange, type OnlyInOne, type ResultsDiff } from '../sim/diff.ts';
import type { CellResult, ResultsFile } from '../sim/results.ts';
import { bonferroniLevel, excludesZero } from '../sim/statistics.ts';
import { cellLabel, cellValue, count, meanDigits, percent, percentagePointsWithCi } from './format.ts';
import { inline, markdownTable } from './summary.ts';
import { cellGames, runFacts, type Table } from './tables.ts';

/** `playsim diff` in Markdown, for a CI log or a pull-request comment. */
export function diffMarkdown(diff: ResultsDiff, beforeName: string, afterName: string): string {
  const sections = [
    `# Before and after: ${inline(diff.after.experiment.title)}`,
    runLines(diff, beforeName, afterName),
    verdict(diff),
    `## Win rate\n\n${markdownTable(winTable(diff))}`,
    movedSection(diff),
    unmatchedSection(diff),
  ];
  return `${sections.filter((section) => section !== '').join('\n\n')}\n`;
}

function runLines(diff: ResultsDiff, beforeName: string, afterName: string): string {
  const lines = [`- **before:** ${runLine(beforeName, diff.before)}`, `- **after:** ${runLine(afterName, diff.after)}`];
  const differences = [
    ...diff.settingChanges,
    ...inOneRunNotes('outcomes', diff.outcomesInOneRun),
    ...inOneRunNotes('metrics', diff.metricsInOneRun),
  ];
  if (differences.length > 0) lines.push(`- **differences:** ${inline(differences.join('; '))}`);
  return lines.join('\n');
}

/** The run's facts as the report states them (experiment, seed, games per cell, complete, content, shard). */
function runLine(name: string, results: ResultsFile): string {
  const facts = runFacts(results).filter((fact) => fact.label !== 'game');
  return inline(`${name} (playsim ${results.tool.version}): ${facts.map((fact) => `${fact.label} ${fact.value}`).join('; ')}`);
}

function inOneRunNotes(what: string, names: OnlyInOne): string[] {
  return [
    ...(names.before.length > 0 ? [`${what} only before: ${names.before.join(', ')}`] : []),
    ...(names.after.length > 0 ? [`${what} only after: ${names.after.join(', ')}`] : []),
  ];
}

function verdict(diff: ResultsDiff): string {
  const cells = diff.cells.length;
  const alone = diff.cells.filter((cell) => cell.win !== null && excludesZero(cell.win)).length;
  const together = diff.cells.filter((cell) => cell.winMovedTogether).length;
  const anything = diff.cells.filter(cellMoved).length;
  return (
    `**${together} of ${cells} matched cells moved in win rate** with all ${cells} changes taken together (Bonferroni: ` +
    `each at ${percent(bonferroniLevel(cells))}); ${alone} on its own at 95% (about ${(cells / 20).toFixed(cells < 20 ? 1 : 0)} ` +
    `would by chance alone when nothing changed), ${anything} in win rate or another outcome or metric. Each change is ` +
    `after minus before. ${howEstimated(diff)}`
  );
}

const INDEPENDENT = "as between independent samples (Newcombe's hybrid score interval for rates, Welch's for means)";

function howEstimated(diff: ResultsDiff): string {
  const paired = diff.cells.filter((cell) => cell.pairedGames !== null).length;
  const seed = diff.before.seed;
  if (paired === 0) {
    const sameSeed = diff.before.seed === diff.after.seed
      ? ` Both runs used seed ${seed}, but not both kept which games their cells won (results.json before playsim 0.3.0), so they cannot be compared game by game and these intervals are conservative.`
      : '';
    return `Changes are estimated ${INDEPENDENT}.${sameSeed}`;
  }
  const which = paired === diff.cells.length ? 'the win rates are' : `the win rates of ${paired} of the ${diff.cells.length} cells are`;
  const rest = paired === diff.cells.length ? 'The other outcomes and the metrics are' : 'The other cells, outcomes and metrics are';
  return (
    `Both runs used seed ${seed}, which deals the same game at the same index: ${which} compared game by game over the ` +
    `games both played (Newcombe's hybrid score interval for paired proportions), so only the games the change turned ` +
    `around count. ${rest} estimated ${INDEPENDENT}, which is conservative here.`
  );
}

function winTable(diff: ResultsDiff): Table {
  return {
    header: [...diff.matchedBy, 'strategy', 'games before', 'games after', 'paired games', 'before %', 'after %', 'change [95% CI]', 'moved', 'moved with all cells together'],
    rows: diff.cells.map((cell) => [
      ...cellColumns(diff, cell.after),
      cellGames(cell.before),
      cellGames(cell.after),
      cell.pairedGames === null ? '—' : count(cell.pairedGames),
      cell.before.games > 0 ? percent(cell.before.win.rate) : '—',
      cell.after.games > 0 ? percent(cell.after.win.rate) : '—',
      cell.win === null ? '— (no games on a side)' : percentagePointsWithCi(cell.win),
      cell.win !== null && excludesZero(cell.win) ? 'yes' : 'no',
      cell.winMovedTogether ? 'yes' : 'no',
    ]),
  };
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
  const digits = meanDigits(Math.max(Math.abs(measure.before), Math.abs(measure.after)));
  const shown = (value: number) => value.toFixed(digits);
  const { difference, lo, hi } = measure.change;
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
