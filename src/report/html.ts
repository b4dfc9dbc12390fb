import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ResultsFile } from '../sim/results.ts';
import type { NamedChart } from './charts.ts';
import { BEST_HEADING, BEST_NOTE, BEST_OF_EACH_STRATEGY_HEADING, BEST_OF_EACH_STRATEGY_NOTE, bestOfEachStrategyTable, bestTable, cellTable, comparisonsNote, comparisonTable, METRIC_DIFFERENCES_HEADING, metricDifferenceTables, METRICS_HEADING, metricTables, OUTCOMES_HEADING, outcomeTables, partialMetricsNote, runFacts, type Table } from './tables.ts';

/**
 * report.html: one self-contained page that opens offline. The minified browser builds of Vega, Vega-Lite and
 * vega-embed are inlined from node_modules, the charts are embedded with vega-embed (and its default tooltip
 * handler), and the summary tables are plain HTML.
 */

/** Browser builds in load order: Vega-Lite needs Vega, vega-embed needs both. */
const LIBRARIES = [
  { name: 'vega', build: 'vega.min.js' },
  { name: 'vega-lite', build: 'vega-lite.min.js' },
  { name: 'vega-embed', build: 'vega-embed.min.js' },
] as const;

const EMBED_OPTIONS = { renderer: 'svg', actions: { export: true, source: false, compiled: false, editor: false } };

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #222; margin: 0; }
main { max-width: 1200px; margin: 0 auto; padding: 1.5rem; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 0.2rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.charts { display: flex; flex-wrap: wrap; gap: 2rem; }
.chart { margin: 0; max-width: 100%; overflow-x: auto; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: left; white-space: nowrap; }
th { background: #f3f3f3; }
.list-last td:last-child { white-space: normal; min-width: 16rem; }
footer { margin-top: 2rem; color: #777; font-size: 0.85em; }
`;

export function reportHtml(results: ResultsFile, charts: readonly NamedChart[]): string {
  const title = escapeHtml(results.experiment.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · playsim report</title>
<style>${STYLE}</style>
${LIBRARIES.map((library) => inlineScript(libraryBuild(library.name, library.build))).join('\n')}
</head>
<body>
<main>
<h1>${title}</h1>
${results.experiment.description === '' ? '' : `<p>${escapeHtml(results.experiment.description)}</p>`}
${factList(results)}
${bestSection(results)}
${chartsSection(charts)}
<h2>Cells</h2>
${htmlTable(cellTable(results))}
${noteParagraph(partialMetricsNote(results))}
${tablesSection(OUTCOMES_HEADING, outcomeTables(results))}
${tablesSection(METRICS_HEADING, metricTables(results))}
<h2>Paired comparisons</h2>
${comparisonsSection(results)}
${tablesSection(METRIC_DIFFERENCES_HEADING, metricDifferenceTables(results))}
<footer>${escapeHtml(`${results.tool.name} ${results.tool.version}`)}</footer>
</main>
${inlineScript(embedScript(charts))}
</body>
</html>
`;
}

/** A package's browser build, which sits in the same build/ folder as the entry point Node resolves. */
function libraryBuild(name: string, build: string): string {
  const entry = createRequire(import.meta.url).resolve(name);
  return readFileSync(join(dirname(entry), build), 'utf8');
}

function chartId(chart: NamedChart): string {
  return `chart-${chart.name}`;
}

/** The charts' places, which the embed script fills; nothing when there are none (a run stopped before its first game). */
function chartsSection(charts: readonly NamedChart[]): string {
  if (charts.length === 0) return '';
  const figures = charts.map((chart) => `<figure class="chart" id="${chartId(chart)}"><noscript><img src="${escapeHtml(chart.name)}.svg" alt="${escapeHtml(chart.name)}"></noscript></figure>`);
  return `<h2>Charts</h2>\n<div class="charts">\n${figures.join('\n')}\n</div>`;
}

function embedScript(charts: readonly NamedChart[]): string {
  const embeds = charts.map((chart) => ({ id: chartId(chart), spec: chart.spec }));
  return `
const options = ${scriptJson(EMBED_OPTIONS)};
for (const { id, spec } of ${scriptJson(embeds)}) {
  const container = document.getElementById(id);
  vegaEmbed(container, spec, options).catch((error) => {
    container.textContent = 'This chart could not be drawn: ' + error.message;
    console.error(error);
  });
}`;
}

/** JSON as a script expression, with every "<" escaped so no value can look like markup. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Script text inlined in a <script> element: nothing in it may close the element or open an HTML comment. */
export function inlineScript(code: string): string {
  return `<script>${code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--')}</script>`;
}

function factList(results: ResultsFile): string {
  const items = runFacts(results).map((fact) => `<dt>${escapeHtml(fact.label)}</dt><dd>${escapeHtml(fact.value)}</dd>`);
  return `<dl class="facts">\n${items.join('\n')}\n</dl>`;
}

function bestSection(results: ResultsFile): string {
  const table = bestTable(results);
  if (table === null) return '';
  const ofEach = bestOfEachStrategyTable(results);
  const ofEachHtml = ofEach === null ? '' : `\n<h3>${escapeHtml(BEST_OF_EACH_STRATEGY_HEADING)}</h3>\n<p>${escapeHtml(BEST_OF_EACH_STRATEGY_NOTE)}</p>\n${htmlTable(ofEach, 'list-last')}`;
  return `<h2>${escapeHtml(BEST_HEADING)}</h2>\n<p>${escapeHtml(BEST_NOTE)}</p>\n${htmlTable(table, 'list-last')}${ofEachHtml}`;
}

function noteParagraph(note: string | null): string {
  return note === null ? '' : `<p>${escapeHtml(note)}</p>`;
}

/** A heading over tables that split one wide table, or nothing when there are none. */
function tablesSection(heading: string, tables: readonly Table[]): string {
  return tables.length === 0 ? '' : `<h2>${escapeHtml(heading)}</h2>\n${tables.map((table) => htmlTable(table)).join('\n')}`;
}

function comparisonsSection(results: ResultsFile): string {
  if (results.comparisons.length === 0) return '<p>None.</p>';
  return `<p>${escapeHtml(comparisonsNote(results))}</p>\n${htmlTable(comparisonTable(results))}`;
}

/** `kind` names a table whose last column is a list that may wrap (the best choices' cells not measurably worse). */
function htmlTable(table: Table, kind: 'plain' | 'list-last' = 'plain'): string {
  const header = table.header.map((text) => `<th scope="col">${escapeHtml(text)}</th>`).join('');
  const rows = table.rows.map((row) => `<tr>${row.map((text) => `<td>${escapeHtml(text)}</td>`).join('')}</tr>`);
  return `<div class="table-wrap${kind === 'list-last' ? ' list-last' : ''}"><table>\n<thead><tr>${header}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table></div>`;
}

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]);
}
