import { describe, expect, it } from 'vitest';
import { buildCharts } from '../../src/report/charts.ts';
import { inlineScript, reportHtml } from '../../src/report/html.ts';
import { loadResults, numberedMetrics, withMetricNames, withStrategiesChosen } from './fixtures.ts';

const grid = loadResults('necreaux-speed');

describe('reportHtml', () => {
  const charts = buildCharts(grid);
  const html = reportHtml(grid, charts);

  it('inlines Vega, Vega-Lite and vega-embed instead of loading them', () => {
    expect(html).not.toMatch(/<script[^>]*\bsrc=/i);
    expect(html).not.toMatch(/src=["']?https?:/i);
    expect(html).toContain('.vegaEmbed=');
    expect(html).toContain('vegaLite');
    expect(html.match(/<script>/g)).toHaveLength(4);
  });

  it('has a container per chart, showing its SVG file without JavaScript, and embeds every spec', () => {
    for (const chart of charts) {
      expect(html).toContain(`<figure class="chart" id="chart-${chart.name}"><noscript><img src="${chart.name}.svg" alt="${chart.name}"></noscript></figure>`);
    }
    expect(html).toContain('"text":"Paired win-rate differences across agents"');
  });

  it('has no charts section for a run stopped before its first game', () => {
    const stopped = { ...grid, complete: false, cells: grid.cells.map((cell) => ({ ...cell, games: 0, complete: false })) };
    expect(buildCharts(stopped)).toEqual([]);
    const page = reportHtml(stopped, []);
    expect(page).not.toContain('<h2>Charts</h2>');
    expect(page).toContain('<h2>Cells</h2>');
  });

  it('opens with the best choices, before the charts, when the experiment chooses', () => {
    const choosing = reportHtml({ ...grid, experiment: { ...grid.experiment, choose: ['speed'] } }, charts);
    expect(choosing.indexOf('<h2>Best choices</h2>')).toBeGreaterThan(0);
    expect(choosing.indexOf('<h2>Best choices</h2>')).toBeLessThan(choosing.indexOf('<h2>Charts</h2>'));
    expect(choosing).not.toContain('Best of each strategy');
    // Its last column, the choices not measurably worse, may be a long list: it wraps, where other tables scroll.
    expect(choosing.match(/<div class="table-wrap list-last">/g)).toHaveLength(1);
    const strategies = reportHtml(withStrategiesChosen(grid), charts);
    expect(strategies.indexOf('<h3>Best of each strategy</h3>')).toBeGreaterThan(strategies.indexOf('<h2>Best choices</h2>'));
    expect(strategies).toContain('<td>2</td><td>fixed-speed:speed=5</td><td>75.2% [73.3, 77.0]</td>');
  });

  it('shows the summary tables and the provenance statement', () => {
    expect(html).toContain('<dt>content</dt><dd>content/necreaux/cards.yaml: 14 rulebook, 88 estimated — estimates are not printed values</dd>');
    expect(html).toContain('<td>speed=6 vs speed=5 (agents=2)</td><td>2,000</td><td>-10.3 pp [-12.1, -8.5]</td><td>yes</td>');
    expect(html.match(/<td>greedy<\/td>/g)).toHaveLength(grid.cells.length);
  });

  it('adds a table of every outcome when the cell table cannot hold them all', () => {
    expect(html).not.toContain('All outcomes');
    const extra = ['late1', 'late2'];
    const cells = grid.cells.map((cell) => ({ ...cell, outcomes: { ...cell.outcomes, late1: cell.outcomes.overrun, late2: cell.outcomes.overrun } }));
    const wider = reportHtml({ ...grid, outcomeNames: [...grid.outcomeNames, ...extra], cells }, charts);
    expect(wider).toContain('<h2>All outcomes (% of games [95% CI])</h2>');
    expect(wider).toContain('<th scope="col">late2</th>');
    expect(wider).not.toContain('<th scope="col">overrun % [95% CI]</th>');
    expect(wider.match(/<td>greedy<\/td>/g)).toHaveLength(2 * grid.cells.length);
  });

  it('adds a table of every metric when the cell table cannot hold them all', () => {
    expect(html).not.toContain('All metrics');
    const wider = reportHtml(withMetricNames(grid, [...grid.metricNames, 'rounds']), charts);
    expect(wider).toContain('<h2>All metrics (mean ± 95% CI)</h2>');
    expect(wider).toContain('<th scope="col">rounds</th>');
    expect(wider.match(/<td>greedy<\/td>/g)).toHaveLength(2 * grid.cells.length);
  });

  it('adds a table of every metric difference of the comparisons when their table cannot hold them all', () => {
    expect(html).not.toContain('All metric differences');
    const wider = reportHtml(withMetricNames(grid, [...grid.metricNames, 'rounds']), charts);
    const section = wider.slice(wider.indexOf('<h2>All metric differences (first minus second, mean ± 95% CI)</h2>'), wider.indexOf('<footer>'));
    expect(section).toContain('<th scope="col">comparison</th><th scope="col">score</th><th scope="col">turns</th><th scope="col">lossTurn</th><th scope="col">rounds</th>');
    expect(section.match(/<td>speed=6 vs speed=5 \(agents=2\)<\/td>/g)).toHaveLength(1);
  });

  it('splits a table of more than 12 metrics into several', () => {
    const wide = reportHtml(withMetricNames(grid, numberedMetrics(13)), charts);
    const section = wide.slice(wide.indexOf('<h2>All metrics'));
    expect(section.match(/<th scope="col">strategy<\/th>/g)?.length).toBeGreaterThanOrEqual(2);
    expect(wide.match(/<td>greedy<\/td>/g)).toHaveLength(3 * grid.cells.length);
  });

  it('escapes every value, in the page and in the embedded specs', () => {
    const hostile = '</script><img src=x onerror=alert(1)>';
    const results = { ...grid, experiment: { ...grid.experiment, title: hostile, charts: [] } };
    const page = reportHtml(results, buildCharts({ ...results, cells: grid.cells.map((cell) => ({ ...cell, strategy: hostile })) }));
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('<h1>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(page.match(/<\/script>/gi)).toHaveLength(4);
  });

  it('gives the description, the run facts, the notes on partial metrics and the tool, each in its element', () => {
    expect(html).toContain(`<h1>${grid.experiment.title}</h1>\n<p>${grid.experiment.description}</p>\n<dl class="facts">\n<dt>`);
    expect(reportHtml({ ...grid, experiment: { ...grid.experiment, description: '' } }, charts)).toContain(`<h1>${grid.experiment.title}</h1>\n\n<dl class="facts">`);
    expect(html).toContain('</table></div>\n<p>lossTurn is averaged over the games that record it, fewer than a cell&#39;s games');
    expect(html).toContain('<footer>playsim 0.9.0</footer>');
    expect(html).toContain('<h2>Cells</h2>\n<div class="table-wrap"><table>\n<thead><tr><th scope="col">');
  });

  it('says there are no comparisons, or what its comparisons are', () => {
    expect(reportHtml({ ...grid, comparisons: [] }, charts)).toContain('<h2>Paired comparisons</h2>\n<p>None.</p>');
    expect(html).toMatch(/<h2>Paired comparisons<\/h2>\n<p>[^<]+<\/p>\n<div class="table-wrap"><table>/);
  });

  it("embeds each chart's spec with its container's id, and every '<' in them escaped", () => {
    for (const chart of charts) expect(html).toContain(`{"id":"chart-${chart.name}","spec":{`);
    expect(html).toContain('const options = {"renderer":"svg"');
    const hostile = '</script><img src=x>';
    const page = reportHtml(grid, buildCharts({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, strategy: hostile })) }));
    expect(page).toContain('\\u003c/script>\\u003cimg src=x>');
  });
});

describe('inlineScript', () => {
  it('lets nothing in the code close its element or open an HTML comment, and leaves what the code does unchanged', () => {
    const code = 'return ["a</script>b", "</SCRIPT >", "<!-- c", /<!--/.test("x<!--")];';
    const element = inlineScript(code);
    const inner = element.slice('<script>'.length, -'</script>'.length);
    expect(element.startsWith('<script>') && element.endsWith('</script>')).toBe(true);
    expect(inner).not.toMatch(/<\/script|<!--/i);
    expect(new Function(inner)()).toEqual(new Function(code)());
  });
});
