import { cellMoved, type CellChange, type MeasureChange, type ResultsDiff } from '../sim/diff.ts';
import type { CellResult, ResultsFile } from '../sim/results.ts';
import { excludesZero } from '../sim/statistics.ts';
import { cellValue, count, percent, percentagePointsWithCi, provenanceStatement } from './format.ts';
import { inline, markdownTable } from './summary.ts';
import type { Table } from './tables.ts';

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
  if (diff.settingChanges.length > 0) lines.push(`- **settings that differ:** ${inline(diff.settingChanges.join('; '))}`);
  return lines.join('\n');
}

function runLine(name: string, results: ResultsFile): string {
  const run = `experiment ${results.experiment.name}, playsim ${results.tool.version}, seed ${results.seed}`;
  return inline(`${name}: ${run}, content ${results.content.file} (${provenanceStatement(results)})`);
}

function verdict(diff: ResultsDiff): string {
  const winMoved = diff.cells.filter((cell) => excludesZero(cell.win)).length;
  const anyMoved = diff.cells.filter(cellMoved).length;
  return (
    `${winMoved} of ${diff.cells.length} matched cells moved in win rate, ${anyMoved} in some outcome or metric ` +
    '(95% CI of the change excludes 0). Each change is after minus before, estimated as between independent samples ' +
    '(Newcombe hybrid score for rates, Welch for means): conservative when the runs share seeds.'
  );
}

function winTable(diff: ResultsDiff): Table {
  return {
    header: [...diff.matchedBy, 'strategy', 'games before', 'games after', 'before %', 'after %', 'change [95% CI]', 'significant'],
    rows: diff.cells.map((cell) => [
      ...cellColumns(diff, cell.after),
      count(cell.before.games),
      count(cell.after.games),
      percent(cell.before.win.rate),
      percent(cell.after.win.rate),
      percentagePointsWithCi(cell.win),
      excludesZero(cell.win) ? 'yes' : 'no',
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
  if (rows.length === 0) return '## Other outcomes and metrics that moved\n\nNone.';
  const header = [...diff.matchedBy, 'strategy', 'measure', 'before', 'after', 'change [95% CI]'];
  return `## Other outcomes and metrics that moved\n\n${markdownTable({ header, rows })}`;
}

function movedRow(diff: ResultsDiff, cell: CellChange, measure: MeasureChange): string[] {
  const columns = cellColumns(diff, cell.after);
  if (measure.kind === 'rate') {
    return [...columns, `${measure.measure} %`, percent(measure.before), percent(measure.after), percentagePointsWithCi(measure.change)];
  }
  const { difference, lo, hi } = measure.change;
  const change = `${difference > 0 ? '+' : ''}${decimal(difference)} [${decimal(lo)}, ${decimal(hi)}]`;
  return [...columns, `${measure.measure} (mean)`, decimal(measure.before), decimal(measure.after), change];
}

function decimal(value: number): string {
  return value.toFixed(Math.abs(value) >= 100 ? 0 : 2);
}

function unmatchedSection(diff: ResultsDiff): string {
  const lines = [
    ...diff.onlyBefore.map((cell) => `- only before: ${cellColumns(diff, cell).join(', ')}`),
    ...diff.onlyAfter.map((cell) => `- only after: ${cellColumns(diff, cell).join(', ')}`),
  ];
  return lines.length === 0 ? '' : `## Cells in only one run\n\n${lines.join('\n')}`;
}
