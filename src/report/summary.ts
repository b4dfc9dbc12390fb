import { oneLine } from '../core/errors.ts';
import type { ResultsFile } from '../sim/results.ts';
import { BEST_HEADING, BEST_NOTE, BEST_OF_EACH_STRATEGY_HEADING, BEST_OF_EACH_STRATEGY_NOTE, bestOfEachStrategyTable, bestTable, cellTable, comparisonTable, comparisonsNote, METRIC_DIFFERENCES_HEADING, metricDifferenceTables, METRICS_HEADING, metricTables, OUTCOMES_HEADING, outcomeTables, partialMetricsNote, runFacts, type Table } from './tables.ts';

/** The run in Markdown, for a CI log or a pull-request comment. */
export function summaryMarkdown(results: ResultsFile): string {
  const sections = [
    `# ${inline(results.experiment.title)}`,
    inline(results.experiment.description),
    runFacts(results)
      .map((fact) => `- **${fact.label}:** ${inline(fact.value)}`)
      .join('\n'),
    bestSection(results),
    cellsSection(results),
    tablesSection(OUTCOMES_HEADING, outcomeTables(results)),
    tablesSection(METRICS_HEADING, metricTables(results)),
    comparisonsSection(results),
    tablesSection(METRIC_DIFFERENCES_HEADING, metricDifferenceTables(results)),
  ];
  return `${sections.filter((section) => section !== '').join('\n\n')}\n`;
}

function bestSection(results: ResultsFile): string {
  const table = bestTable(results);
  if (table === null) return '';
  const ofEach = bestOfEachStrategyTable(results);
  const ofEachText = ofEach === null ? '' : `\n\n### ${BEST_OF_EACH_STRATEGY_HEADING}\n\n${BEST_OF_EACH_STRATEGY_NOTE}\n\n${markdownTable(ofEach)}`;
  return `## ${BEST_HEADING}\n\n${BEST_NOTE}\n\n${markdownTable(table)}${ofEachText}`;
}

function cellsSection(results: ResultsFile): string {
  const note = partialMetricsNote(results);
  return `## Cells\n\n${markdownTable(cellTable(results))}${note === null ? '' : `\n\n${note}`}`;
}

/** A heading over tables that split one wide table, or nothing when there are none. */
function tablesSection(heading: string, tables: readonly Table[]): string {
  return tables.length === 0 ? '' : `## ${heading}\n\n${tables.map(markdownTable).join('\n\n')}`;
}

function comparisonsSection(results: ResultsFile): string {
  if (results.comparisons.length === 0) return '## Paired comparisons\n\nNone.';
  return `## Paired comparisons\n\n${comparisonsNote(results)}\n\n${markdownTable(comparisonTable(results))}`;
}

export function markdownTable(table: Table): string {
  const line = (cells: readonly string[]) => `| ${cells.map(tableCell).join(' | ')} |`;
  return [line(table.header), line(table.header.map(() => '---')), ...table.rows.map(line)].join('\n');
}

/** Text on one line, so a value cannot break the Markdown structure around it. */
export function inline(text: string): string {
  return oneLine(text);
}

function tableCell(text: string): string {
  return inline(text).replace(/\|/g, '\\|');
}
