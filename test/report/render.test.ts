import { describe, expect, it } from 'vitest';
import { buildChart } from '../../src/report/charts.ts';
import { renderSvg } from '../../src/report/render.ts';
import { loadResults } from './fixtures.ts';

/** The opacity of each legend symbol of a rendered chart. */
function legendSymbolOpacities(svg: string): string[] {
  return [...svg.matchAll(/role-legend-symbol[^>]*><path [^>]*opacity="([\d.]+)"/g)].map((match) => match[1]);
}

/** What a screen reader is told of each mark of a rendered chart (axes, legends and titles left out). */
function markLabels(svg: string): string[] {
  return [...svg.matchAll(/role-mark[^>]*>(.*?)<\/g>/g)].flatMap((group) => [...group[1].matchAll(/aria-label="([^"]*)"/g)].map((label) => label[1]));
}

describe('renderSvg', () => {
  it('renders a chart to SVG with its title, subtitle and marks', async () => {
    const svg = await renderSvg(buildChart(loadResults('necreaux-speed'), { type: 'winRate', x: 'speed', color: 'agents' }));
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('Win rate by speed and agents');
    expect(svg).toContain('content: 14 rulebook + 88 estimated cards');
    expect(svg).toContain('class="mark-line');
    expect(svg).toContain('>agents=3</text>');
  });

  it('renders a faceted chart of a single cell', async () => {
    const svg = await renderSvg(buildChart(loadResults('necreaux-single'), { type: 'distribution', metric: 'turns', x: 'strategy' }));
    expect(svg).toContain('turns distribution by strategy');
    expect(svg).toContain('class="mark-rect');
  });

  it('renders a survival chart: a band and a stepped line per x value', async () => {
    const svg = await renderSvg(buildChart(loadResults('necreaux-speed'), { type: 'survival', metric: 'turns', x: 'agents' }));
    expect(svg).toContain('turns: share of games reaching each value, by agents');
    expect(svg).toContain('class="mark-area');
    expect(svg).toContain('class="mark-line');
  });

  it.each([
    ['winRate', { type: 'winRate', x: 'speed', color: 'agents' }],
    ['pairedDifference', { type: 'pairedDifference', varied: 'agents' }],
    ['mean', { type: 'mean', metric: 'turns', x: 'speed', color: 'agents' }],
  ] as const)('reads a %s chart to a screen reader point by point, each with its interval as the tooltips write it, and not its error bars by their internal fields', async (_type, chart) => {
    const labels = markLabels(await renderSvg(buildChart(loadResults('necreaux-speed'), chart)));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((label) => /95% CI/.test(label))).toBe(true);
    expect(labels.some((label) => /\b(upper_lo|lo|hi):/.test(label))).toBe(false);
    expect(labels.filter((label) => /\d\.\d{4}/.test(label))).toEqual([]);
  });

  it("draws a survival chart's legend symbols opaque, as its lines are, not faint as its bands", async () => {
    const svg = await renderSvg(buildChart(loadResults('necreaux-speed'), { type: 'survival', metric: 'turns', x: 'agents' }));
    const opacities = legendSymbolOpacities(svg);
    expect(opacities.length).toBeGreaterThan(0);
    expect(new Set(opacities)).toEqual(new Set(['1']));
  });

  it('writes a legend title in full, however long', async () => {
    const results = loadResults('necreaux-speed');
    // Cells varying a setting with a long name too, each of the grid's cells once per value.
    const longName = {
      ...results,
      experiment: { ...results.experiment, varied: [...results.experiment.varied, 'knockoutTurns'] },
      cells: [0, 1].flatMap((turns) => results.cells.map((cell) => ({ ...cell, id: cell.id + 100 * turns, params: { ...cell.params, knockoutTurns: turns } }))),
    };
    const svg = await renderSvg(buildChart(longName, { type: 'winRate', x: 'speed', color: 'agents' }));
    expect(svg).toContain('>agents, knockoutTurns</text>');
  });

  it('puts no ticks between the integer values of a distribution, one under each bar (a metric of 0 or 1)', async () => {
    const results = loadResults('necreaux-single');
    const cells = results.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, turns: { ...cell.metrics.turns, histogram: { min: 0, binWidth: 1, counts: [30, 70], below: 0, above: 0 } } } }));
    const svg = await renderSvg(buildChart({ ...results, cells }, { type: 'distribution', metric: 'turns', x: 'strategy' }));
    const tickLabels = [...svg.matchAll(/role-axis-label[\s\S]*?<\/g>/g)].flatMap((group) => [...group[0].matchAll(/>([^<]+)<\/text>/g)].map((match) => match[1]));
    expect(tickLabels.filter((label) => /^[-−]?\d+(\.\d+)?$/.test(label))).toEqual(['0', '1']);
  });
});
