import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { barStep, buildChart, buildCharts, chartName, defaultCharts, histogramWidth, panelColumns } from '../../src/report/charts.ts';
import { renderSvg } from '../../src/report/render.ts';
import { comparisonParts, meanDifferenceWithCi, percentagePointsWithCi } from '../../src/report/format.ts';
import type { ChartRequest, ResultsFile } from '../../src/sim/results.ts';
import { wilson } from '../../src/sim/statistics.ts';
import { loadResults, withMetricNames, withPrintedContentOnly, withProvenance, withStrategiesChosen } from './fixtures.ts';

const grid = loadResults('necreaux-speed');
const single = loadResults('necreaux-single');

/** Compiles a spec to Vega, failing on any warning as well as on an error. */
function compileStrictly(spec: TopLevelSpec) {
  const warnings: string[] = [];
  const logger = vega.logger(vega.Warn, 'warn', (_method, _level, args) => warnings.push(args.join(' ')));
  const compiled = compile(spec, { logger }).spec;
  expect(warnings).toEqual([]);
  return compiled;
}

/** Every object nested anywhere in a value. */
function objectsIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  return [record, ...Object.values(record).flatMap(objectsIn)];
}

const marksOf = (spec: TopLevelSpec) =>
  objectsIn(spec).flatMap((o) => (typeof o.mark === 'string' ? [o.mark] : typeof o.mark === 'object' ? [(o.mark as { type: string }).type] : []));

const dataOf = (spec: TopLevelSpec) => (spec as { data: { values: Record<string, unknown>[] } }).data.values;

describe('chart specs', () => {
  it.each([
    ['a grid', grid],
    ['a single cell', single],
  ])('compile without warnings, titled, with tooltips and titled axes, for %s', (_, results) => {
    const charts = buildCharts(results);
    expect(charts.length).toBeGreaterThan(0);
    for (const { name, spec } of charts) {
      const compiled = compileStrictly(spec);
      expect((spec.title as { text: string }).text).not.toBe('');
      expect(objectsIn(spec).some((o) => 'tooltip' in o)).toBe(true);
      const axes = objectsIn(compiled).flatMap((o) => (Array.isArray(o.axes) ? o.axes : []));
      const titledScales = new Set(axes.filter((axis: { title?: unknown }) => axis.title !== undefined).map((axis: { scale: string }) => axis.scale));
      // A paired-differences chart's y labels name the comparisons themselves.
      const expected = name.startsWith('paired-') ? ['x'] : ['x', 'y'];
      expect({ name, titled: [...titledScales].sort() }).toEqual({ name, titled: expected });
    }
  });

  it('are the experiment charts, with unique file-safe names', () => {
    const names = buildCharts(grid).map((chart) => chart.name);
    expect(names).toEqual([
      'win-rate-speed-by-agents',
      'heatmap-speed-agents',
      'outcomes-speed',
      'score-by-speed',
      'turns-by-speed',
      'paired-speed',
      'paired-agents',
    ]);
    const twice = { ...grid, experiment: { ...grid.experiment, charts: [grid.experiment.charts[0], grid.experiment.charts[0]] } };
    expect(buildCharts(twice).map((chart) => chart.name)).toEqual(['win-rate-speed-by-agents', 'win-rate-speed-by-agents-2']);
    expect(chartName({ type: 'outcomes', x: 'hand size/2' })).toBe('outcomes-hand_size_2');
  });

  it('default to win rate, outcomes and the score and turns distributions', () => {
    const noCharts = { ...grid, experiment: { ...grid.experiment, charts: [] } };
    expect(defaultCharts(noCharts)).toEqual([
      { type: 'winRate', x: 'speed' },
      { type: 'outcomes', x: 'speed' },
      { type: 'distribution', metric: 'score', x: 'speed' },
      { type: 'distribution', metric: 'turns', x: 'speed' },
    ]);
    expect(buildCharts(single).map((chart) => chart.name)).toEqual([
      'win-rate-strategy',
      'outcomes-strategy',
      'score-by-strategy',
      'turns-by-strategy',
    ]);
  });

  it('name the provenance in the subtitle only when cards are estimated', () => {
    const request: ChartRequest = { type: 'outcomes', x: 'speed' };
    expect(buildChart(grid, request).title).toEqual({
      text: 'Outcomes by speed',
      subtitle: 'content: 14 rulebook + 88 estimated cards',
    });
    expect(buildChart(withPrintedContentOnly(grid), request).title).toEqual({ text: 'Outcomes by speed' });
    expect(buildChart(withProvenance(grid, { printed: 101, 'pre-production': 6 }), request).title).toEqual({ text: 'Outcomes by speed' });
    expect(buildChart(withProvenance(grid, { rulebook: 3, 'rulebook in part estimated': 16 }), request).title).toEqual({
      text: 'Outcomes by speed',
      subtitle: 'content: 3 rulebook + 16 rulebook in part estimated cards',
    });
  });

  it('name a chart asked for again by its count: -2, -3 ...', () => {
    const thrice = { ...grid, experiment: { ...grid.experiment, charts: [grid.experiment.charts[0], grid.experiment.charts[0], grid.experiment.charts[0]] } };
    expect(buildCharts(thrice).map((chart) => chart.name)).toEqual(['win-rate-speed-by-agents', 'win-rate-speed-by-agents-2', 'win-rate-speed-by-agents-3']);
  });

  it("draw by default only the distributions of metrics the game has", () => {
    const noCharts = { ...grid, experiment: { ...grid.experiment, charts: [] } };
    expect(defaultCharts(withMetricNames(noCharts, ['score', 'lossTurn'])).filter((request) => request.type === 'distribution')).toEqual([{ type: 'distribution', metric: 'score', x: 'speed' }]);
  });

  it('are none only when no cell has a game', () => {
    const played = (games: (id: number) => number) => ({
      ...grid,
      complete: false,
      cells: grid.cells.map((cell) => ({ ...cell, games: games(cell.id) })),
      comparisons: grid.comparisons.map((comparison) => (games(comparison.a) === 0 || games(comparison.b) === 0 ? { ...comparison, games: 0 } : comparison)),
    });
    expect(buildCharts(played(() => 0))).toEqual([]);
    expect(buildCharts(played((id) => (id === 0 ? 0 : 2000)))).toHaveLength(grid.experiment.charts.length);
  });

  it('refuse an unknown setting or metric', () => {
    expect(() => buildChart(grid, { type: 'winRate', x: 'sped' })).toThrow(/"sped" is not a setting/);
    expect(() => buildChart(grid, { type: 'distribution', metric: 'points', x: 'speed' })).toThrow(/"points" is not a metric/);
  });
});

describe('winRate', () => {
  it('draws one line per colour value with CI error bars', () => {
    const spec = buildChart(grid, { type: 'winRate', x: 'speed', color: 'agents' });
    expect(marksOf(spec)).toEqual(['errorbar', 'line']);
    expect(JSON.stringify(spec)).toContain('"y2":{"field":"hi"}');
    expect(new Set(dataOf(spec).map((row) => row.group))).toEqual(new Set(['agents=2', 'agents=3', 'agents=4']));
    expect(dataOf(spec)).toHaveLength(12);
    expect(dataOf(spec)[0]).toMatchObject({ value: grid.cells[0].win.rate, lo: grid.cells[0].win.lo, hi: grid.cells[0].win.hi });
  });

  it("leaves out a stopped run's cells that never started, and their comparisons, in every chart", () => {
    const cells = grid.cells.map((cell) => (cell.id === 0 ? { ...cell, games: 0, complete: false, win: { rate: 0, lo: 0, hi: 1 } } : cell));
    const comparisons = grid.comparisons.map((comparison) => (comparison.a === 0 || comparison.b === 0 ? { ...comparison, games: 0 } : comparison));
    const stopped = { ...grid, complete: false, cells, comparisons };
    expect(dataOf(buildChart(stopped, { type: 'winRate', x: 'speed', color: 'agents' }))).toHaveLength(11);
    expect(dataOf(buildChart(stopped, { type: 'outcomes', x: 'speed' }))).toHaveLength(11 * grid.outcomeNames.length);
    const paired = JSON.stringify(buildChart(stopped, { type: 'pairedDifference', varied: 'speed' }));
    const unplayed = comparisons.filter((comparison) => comparison.games === 0 && comparison.varied === 'speed').length;
    expect(unplayed).toBeGreaterThan(0);
    expect(paired.match(/"games":/g)).toHaveLength(grid.comparisons.filter((comparison) => comparison.varied === 'speed').length - unplayed);
  });

  it('draws one line, named by its x axis alone, when nothing else varies', () => {
    const spec = buildChart(single, { type: 'winRate', x: 'strategy' }) as { title: { text: string }; encoding: { color?: unknown } };
    expect(spec.title.text).toBe('Win rate by strategy');
    expect(spec.encoding.color).toBeUndefined();
  });

  it('splits into series by the other varied settings when no colour is given', () => {
    const spec = buildChart(grid, { type: 'winRate', x: 'agents' });
    expect((spec as { encoding: { color: { title: string } } }).encoding.color.title).toBe('speed');
    // The title names the settings the lines tell apart, not only the x axis.
    expect((spec.title as { text: string }).text).toBe('Win rate by agents and speed');
  });
});

describe('mean', () => {
  it('draws the mean of a metric with its 95% CI per x value, one line per colour value, named after the metric', () => {
    const spec = buildChart(grid, { type: 'mean', metric: 'score', x: 'speed', color: 'agents' });
    compileStrictly(spec);
    expect(marksOf(spec)).toEqual(['errorbar', 'line']);
    const score = grid.cells[0].metrics.score;
    expect(dataOf(spec)[0]).toMatchObject({ value: score.mean, lo: score.lo, hi: score.hi, n: score.n, group: 'agents=2' });
    expect((spec.title as { text: string }).text).toBe('score by speed and agents');
    expect(chartName({ type: 'mean', metric: 'score', x: 'speed', color: 'agents' })).toBe('mean-score-speed-by-agents');
  });

  it('gives a metric that is 0 or 100 in every game the Wilson interval of a rate, within [0, 100] however the games agree', () => {
    const indicator = (hits: number, n: number) => {
      const mean = (100 * hits) / n;
      const sd = n > 1 ? Math.sqrt((hits * 10000 - n * mean * mean) / (n - 1)) : 0;
      return { mean, sd, n, lo: 0, hi: 0, histogram: { min: 0, binWidth: 50, counts: [n - hits, 0, hits], below: 0, above: 0 }, rateOf: 100 };
    };
    const cells = grid.cells.slice(0, 2).map((cell, index) => ({ ...cell, metrics: { ...cell.metrics, first: index === 0 ? indicator(197, 200) : indicator(50, 50) } }));
    const rows = dataOf(buildChart({ ...grid, metricNames: [...grid.metricNames, 'first'], cells }, { type: 'mean', metric: 'first', x: 'speed' }));
    const [mostly, all] = [wilson(197, 200), wilson(50, 50)];
    expect(rows[0]).toMatchObject({ value: 98.5, n: 200 });
    expect(rows[0].lo).toBeCloseTo(100 * mostly.lo, 9);
    expect(rows[0].hi).toBeCloseTo(100 * mostly.hi, 9);
    expect(rows[1]).toMatchObject({ value: 100, hi: 100 });
    expect(rows[1].lo).toBeCloseTo(100 * all.lo, 9);
    expect(rows[1].lo as number).toBeLessThan(95);
  });

  it('draws a metric that is 0 or c in every game on the whole range 0 to c, and any other on an axis fitted to its means', () => {
    const indicator = (hits: number, n: number, rateOf?: number) => ({ mean: (100 * hits) / n, sd: 40, n, lo: 0, hi: 0, histogram: { min: 0, binWidth: 50, counts: [n - hits, 0, hits], below: 0, above: 0 }, ...(rateOf === undefined ? {} : { rateOf }) });
    const yScale = (rateOfs: (number | undefined)[]) => {
      const cells = grid.cells.slice(0, 2).map((cell, index) => ({ ...cell, metrics: { ...cell.metrics, first: indicator(120 + 10 * index, 200, rateOfs[index]) } }));
      const spec = buildChart({ ...grid, metricNames: [...grid.metricNames, 'first'], cells }, { type: 'mean', metric: 'first', x: 'speed' });
      compileStrictly(spec);
      return (objectsIn(spec).find((o) => (o.y as { field?: string } | undefined)?.field === 'value')?.y as { scale: object }).scale;
    };
    expect(yScale([100, 100])).toEqual({ domain: [0, 100] });
    expect(yScale([100, undefined])).toEqual({ zero: false });
    expect(yScale([undefined, undefined])).toEqual({ zero: false });
  });

  it('draws no error bar where the games give no interval, and its tooltip says why', () => {
    const score = grid.cells[0].metrics.score;
    const cells = grid.cells.slice(0, 3).map((cell, index) => {
      const metric = [{ ...score, n: 1, sd: 0, lo: 5, hi: 5 }, { ...score, n: 200, sd: 0, lo: 5, hi: 5 }, score][index];
      return { ...cell, metrics: { ...cell.metrics, score: metric } };
    });
    const rows = dataOf(buildChart({ ...grid, cells }, { type: 'mean', metric: 'score', x: 'speed' }));
    expect(rows.map((row) => [row.lo, row.hi, row.interval])).toEqual([
      [null, null, 'none (1 game)'],
      [null, null, 'none (every game)'],
      [score.lo, score.hi, `[${Number(score.lo.toFixed(3))}, ${Number(score.hi.toFixed(3))}]`],
    ]);
  });

  it('leaves out cells where the metric applied to no game, and refuses an unknown metric', () => {
    const cells = grid.cells.map((cell, index) => (index === 0 ? { ...cell, metrics: { ...cell.metrics, lossTurn: { ...cell.metrics.lossTurn, n: 0 } } } : cell));
    expect(dataOf(buildChart({ ...grid, cells }, { type: 'mean', metric: 'lossTurn', x: 'speed' }))).toHaveLength(grid.cells.length - 1);
    expect(() => buildChart(grid, { type: 'mean', metric: 'points', x: 'speed' })).toThrow(/"points" is not a metric/);
  });
});

describe('stages', () => {
  const request: ChartRequest = { type: 'stages', metrics: ['turns', 'lossTurn'], stage: 'phase', color: 'agents' };

  it('draws each metric of the family at its stage (1, 2 ...) with its 95% CI, one line per colour value, panels for the rest', () => {
    const spec = buildChart(grid, request) as { title: { text: string }; facet: { title: string }; spec: { encoding: { x: { title: string; scale: { domain: number[] } } } } };
    compileStrictly(spec as never);
    expect(marksOf(spec as never)).toEqual(['errorbar', 'line']);
    expect(spec.title.text).toBe('turns to lossTurn (mean) by phase, agents and speed');
    expect(spec.facet.title).toBe('speed');
    expect(spec.spec.encoding.x).toMatchObject({ field: 'stage', title: 'phase', scale: { domain: [1, 2] } });
    const rows = dataOf(spec as never);
    expect(rows).toHaveLength(2 * grid.cells.length);
    const [turns, lossTurn] = [grid.cells[0].metrics.turns, grid.cells[0].metrics.lossTurn];
    expect(rows.slice(0, 2)).toMatchObject([
      { stage: 1, metric: 'turns', value: turns.mean, lo: turns.lo, hi: turns.hi, n: turns.n, group: 'agents=2', panel: 'speed=5' },
      { stage: 2, metric: 'lossTurn', value: lossTurn.mean, lo: lossTurn.lo, hi: lossTurn.hi, n: lossTurn.n, group: 'agents=2', panel: 'speed=5' },
    ]);
    expect(chartName(request)).toBe('mean-turns-to-lossTurn-by-phase-and-agents');
  });

  it('refuses an unknown setting as its colour', () => {
    expect(() => buildChart(grid, { ...request, color: 'agent' })).toThrow(/"agent" is not a setting/);
  });

  it('leaves out a stage of a cell where its metric applied to no game, and refuses an unknown metric', () => {
    const cells = grid.cells.map((cell, index) => (index === 0 ? { ...cell, metrics: { ...cell.metrics, lossTurn: { ...cell.metrics.lossTurn, n: 0 } } } : cell));
    const rows = dataOf(buildChart({ ...grid, cells }, request));
    expect(rows).toHaveLength(2 * grid.cells.length - 1);
    expect(rows.filter((row) => row.group === 'agents=2' && row.panel === 'speed=5').map((row) => row.metric)).toEqual(['turns']);
    expect(() => buildChart(grid, { ...request, metrics: ['turns', 'points'] })).toThrow(/"points" is not a metric/);
  });
});

describe('the y axis of means (mean, stages)', () => {
  /** A count that is mostly 0 (deaths in Realm 1): 197 games of 0, 2 of 1 and 1 of 2, whose t interval reaches below 0. */
  const withRareLossTurn = (below = 0) => {
    const counts = [197 - below, 2, 1, 0, 0];
    const lossTurn = { mean: 0.02, sd: Math.sqrt((6 - 200 * 0.02 ** 2) / 199), n: 200, lo: -0.004, hi: 0.044, histogram: { min: 0, binWidth: 1, counts, below, above: 0 } };
    return { ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, lossTurn } })) };
  };

  /** Where a chart's rendered y scale starts. */
  async function yDomainStart(spec: TopLevelSpec): Promise<number> {
    const view = new vega.View(vega.parse(compileStrictly(spec)), { renderer: 'none' });
    await view.runAsync();
    return (view.scale('y').domain() as number[])[0];
  }

  it.each<[string, ChartRequest]>([
    ['mean', { type: 'mean', metric: 'lossTurn', x: 'speed', color: 'agents' }],
    ['stages', { type: 'stages', metrics: ['turns', 'lossTurn'], stage: 'phase', color: 'agents' }],
  ])('stops at 0 in a %s chart when a CI reaches below 0 but no game had a value below 0, as its tooltip and the tables do', async (_, request) => {
    const spec = buildChart(withRareLossTurn(), request);
    expect(await yDomainStart(spec)).toBe(0);
    const rare = dataOf(spec).filter((row) => row.value === 0.02);
    expect(rare.length).toBeGreaterThan(0);
    expect(rare.every((row) => row.lo === 0 && row.hi === 0.044 && row.interval === '[0, 0.044]')).toBe(true);
  });

  it('goes below 0 when games had values below 0', async () => {
    // Three games below the histogram's range, which starts at 0.
    expect(await yDomainStart(buildChart(withRareLossTurn(3), { type: 'mean', metric: 'lossTurn', x: 'speed' }))).toBeLessThan(0);
  });
});

describe('heatmap', () => {
  it('colours cells by win rate and labels them', () => {
    const spec = buildChart(grid, { type: 'heatmap', x: 'speed', y: 'agents' });
    expect(marksOf(spec)).toEqual(['rect', 'text']);
    expect(JSON.stringify(spec)).toContain('"text":{"field":"value","type":"quantitative","format":".0%"}');
  });
});

describe('outcomes', () => {
  it('stacks every outcome per x value, one panel per other varied value', () => {
    const spec = buildChart(grid, { type: 'outcomes', x: 'speed' });
    expect(marksOf(spec)).toEqual(['bar']);
    expect((spec as { facet: { field: string; title: string } }).facet).toMatchObject({ field: 'group', title: 'agents' });
    expect(dataOf(spec)).toHaveLength(12 * grid.outcomeNames.length);
    for (const id of [0, 5, 11]) {
      const rates = dataOf(spec).filter((row) => (row.params as { speed: number }).speed === grid.cells[id].params.speed && row.group === `agents=${grid.cells[id].params.agents}`);
      expect(rates.reduce((sum, row) => sum + (row.rate as number), 0)).toBeCloseTo(1, 9);
    }
  });
});

describe('outcomes legend', () => {
  it('leaves out an outcome no game of the run ended in', () => {
    const never = { ...grid, outcomeNames: [...grid.outcomeNames, 'seat6'], cells: grid.cells.map((cell) => ({ ...cell, outcomes: { ...cell.outcomes, seat6: wilson(0, cell.games) } })) };
    const spec = buildChart(never, { type: 'outcomes', x: 'speed' }) as unknown as { spec: { encoding: { color: { scale: { domain: string[] } } } } };
    expect(spec.spec.encoding.color.scale.domain).toEqual(grid.outcomeNames);
    expect(dataOf(spec as never).some((row) => row.outcome === 'seat6')).toBe(false);
  });
});

describe('distribution', () => {
  it('draws the fixed bins of every cell as shares, a row per x value', () => {
    const spec = buildChart(grid, { type: 'distribution', metric: 'score', x: 'speed' });
    expect(marksOf(spec)).toEqual(['bar']);
    // Each bar spans the whole numbers it counts, half a unit either side, so that a value stands over its tick.
    expect(JSON.stringify(spec)).toContain('"x":{"field":"left","bin":"binned"');
    expect(JSON.stringify(spec)).toContain('"x2":{"field":"right"}');
    expect(dataOf(spec).every((row) => row.left === (row.binStart as number) - 0.5 && row.right === (row.binEnd as number) - 0.5)).toBe(true);
    const firstCell = dataOf(spec).filter((row) => row.group === 'agents=2' && (row.params as { speed: number }).speed === 5);
    expect(firstCell.reduce((sum, row) => sum + (row.count as number), 0)).toBe(grid.cells[0].metrics.score.n);
    expect(firstCell.every((row) => (row.binEnd as number) - (row.binStart as number) === 5)).toBe(true);
    expect(firstCell.find((row) => row.binStart === 40)?.values).toBe('40–44');
  });

  it('draws values outside the declared range as one faded bar past each end, labelled as such', () => {
    const cell = grid.cells[0];
    const score = cell.metrics.score;
    const histogram = { ...score.histogram, below: 3, above: 7 };
    const outside = { ...grid, cells: [{ ...cell, metrics: { ...cell.metrics, score: { ...score, n: score.n + 10, histogram } } }] };
    const spec = buildChart(outside, { type: 'distribution', metric: 'score', x: 'speed' });
    const rows = dataOf(spec);
    const end = histogram.min + histogram.counts.length * histogram.binWidth;
    expect(rows[0]).toMatchObject({ binStart: histogram.min - 5, binEnd: histogram.min, values: `${histogram.min - 1} or less`, count: 3, outOfRange: true });
    expect(rows.at(-1)).toMatchObject({ binStart: end, binEnd: end + 5, values: `${end} or more`, count: 7, outOfRange: true });
    expect(rows.slice(1, -1).every((row) => row.outOfRange === false)).toBe(true);
    expect(rows.reduce((sum, row) => sum + (row.share as number), 0)).toBeCloseTo(1, 12);
    expect(JSON.stringify(spec)).toContain('"opacity":{"condition":{"test":"datum.outOfRange","value":0.4},"value":1}');
    expect((spec.title as { subtitle: string[] }).subtitle.at(-1)).toBe('faded bars: games whose value lies outside the range charted');
    expect(JSON.stringify(buildChart(grid, { type: 'distribution', metric: 'turns', x: 'speed' }).title)).not.toContain('faded bars');
  });

  it('says a metric some games leave out is a share of the games that recorded it', () => {
    const yTitle = (metric: string) => (buildChart(grid, { type: 'distribution', metric, x: 'speed' }) as { spec: { encoding: { y: { title: string } } } }).spec.encoding.y.title;
    expect(grid.cells.some((cell) => cell.metrics.lossTurn.n < cell.games)).toBe(true);
    expect(yTitle('lossTurn')).toBe('share of games recording lossTurn');
    expect(yTitle('score')).toBe('share of games');
  });

  it('says a metric is a share of the games recording it when any cell has games without it', () => {
    const cells = grid.cells.map((cell, index) => (index === 0 ? { ...cell, metrics: { ...cell.metrics, lossTurn: { ...cell.metrics.lossTurn, n: cell.games } } } : cell));
    const spec = buildChart({ ...grid, cells }, { type: 'distribution', metric: 'lossTurn', x: 'speed' }) as { spec: { encoding: { y: { title: string } } } };
    expect(spec.spec.encoding.y.title).toBe('share of games recording lossTurn');
  });

  it('has no column headers when nothing but its x axis varies', () => {
    const spec = buildChart(single, { type: 'distribution', metric: 'score', x: 'strategy' }) as { facet: { row: unknown; column?: unknown } };
    expect(spec.facet.row).toBeDefined();
    expect(spec.facet.column).toBeUndefined();
  });

  it('draws each panel under the headers of its row and column value', async () => {
    const panels = await renderedPanels(buildChart(grid, { type: 'distribution', metric: 'score', x: 'speed' }));
    expect(panels).toHaveLength(grid.cells.length);
    for (const panel of panels) {
      expect(panel.bars.length).toBeGreaterThan(0);
      expect(panel.bars.map((bar) => String((bar.params as { speed: number }).speed))).toEqual(panel.bars.map(() => panel.rowHeader));
      expect(panel.bars.map((bar) => bar.group)).toEqual(panel.bars.map(() => panel.columnHeader));
    }
  });
});

describe("charts in panels fit report.html's page (1150 px wide) where they can", () => {
  /** The grid's first cell at every combination of `speeds` speeds, `agents` team sizes and `parties` named parties. */
  const wideGrid = (speeds: number, agents: number, party = 'p') => {
    const template = grid.cells[0];
    const cells = Array.from({ length: speeds * agents }, (_, id) => ({ ...template, id, params: { ...template.params, speed: party === 'p' ? 1 + (id % speeds) : `${party}${id % speeds}`, agents: 1 + Math.floor(id / speeds) } }));
    return { ...grid, cells, comparisons: [] };
  };
  const renderedWidth = async (spec: TopLevelSpec) => Number(/width="([\d.]+)"/.exec(await renderSvg(spec))![1]);

  it('puts as many panels side by side as fit, at most four, spread evenly over their rows', () => {
    expect(panelColumns(200, 8)).toBe(4);
    expect(panelColumns(300, 8)).toBe(3);
    expect(panelColumns(400, 8)).toBe(2);
    expect(panelColumns(600, 8)).toBe(1);
    expect(panelColumns(2000, 2)).toBe(1);
    // 2 and 2 rather than 3 and 1; 3 and 2 rather than 4 and 1.
    expect(panelColumns(300, 4)).toBe(2);
    expect(panelColumns(200, 5)).toBe(3);
    expect(panelColumns(200, 2)).toBe(2);
  });

  it('narrows bars, to 24 px at least, only when that puts more panels side by side', () => {
    const upright = () => 0;
    expect(barStep(15, 5, upright)).toBe(33);
    expect(barStep(5, 5, upright)).toBe(40);
    expect(barStep(15, 1, upright)).toBe(40);
    expect(barStep(15, 2, () => 160)).toBe(40);
    expect(barStep(15, 2, () => 100)).toBe(27);
    // 8 bars of 40 px already fit three panels a row, spread 3 and 2: narrowing to fit four would gain nothing.
    expect(barStep(8, 5, upright)).toBe(40);
    // Labels upright at 40 px but slanted (reaching 120 px) below 36: their reach is counted at the narrower width.
    expect(barStep(15, 5, (band) => (band < 36 ? 120 : 0))).toBe(25);
    expect(barStep(15, 5, (band) => (band < 36 ? 300 : 0))).toBe(40);
  });

  it('narrows histograms in many columns, to 180 px at least', () => {
    expect(histogramWidth(1)).toBe(300);
    expect(histogramWidth(3)).toBe(300);
    expect(histogramWidth(5)).toBe(190);
    expect(histogramWidth(12)).toBe(180);
  });

  it('an outcomes chart of 15 values in 5 panels: two columns of narrower bars, each panel with its own x axis', async () => {
    const spec = buildChart(wideGrid(15, 5), { type: 'outcomes', x: 'speed' }) as TopLevelSpec & { columns: number; resolve: unknown; spec: { width: unknown } };
    expect(spec.columns).toBe(2);
    expect(spec.spec.width).toEqual({ step: 33 });
    expect(spec.resolve).toEqual({ axis: { x: 'independent' } });
    expect(await renderedWidth(spec)).toBeLessThanOrEqual(1150);
    compileStrictly(spec);
  });

  it("counts slanted labels, which reach left of their panel, in the panel's width", async () => {
    const stepOf = (spec: TopLevelSpec) => (spec as unknown as { spec: { width: { step: number } } }).spec.width.step;
    const upright = buildChart(wideGrid(9, 3), { type: 'outcomes', x: 'speed' });
    const slanted = buildChart(wideGrid(9, 3, 'a-long-category-name-'), { type: 'outcomes', x: 'speed' });
    expect(stepOf(upright)).toBe(36);
    expect(stepOf(slanted)).toBe(26);
    expect(await renderedWidth(slanted)).toBeLessThanOrEqual(1150);
    // Set a Watch's parties of four: two panels of 15 side by side, narrowed bars under their slanted labels.
    const parties = buildChart(wideGrid(15, 2, 'beastmaster,cleric,ranger,warrior-'), { type: 'outcomes', x: 'speed' }) as TopLevelSpec & { columns: number };
    expect(parties.columns).toBe(2);
    expect(stepOf(parties)).toBeGreaterThanOrEqual(24);
    expect(await renderedWidth(parties)).toBeLessThanOrEqual(1150);
  });

  it('repeats the x axis under every panel only when the panels take more than one row', () => {
    type Laid = TopLevelSpec & { columns: number; resolve?: unknown };
    const oneRow = buildChart(wideGrid(3, 4), { type: 'outcomes', x: 'speed' }) as Laid;
    expect(oneRow.columns).toBe(4);
    expect(oneRow.resolve).toBeUndefined();
    const twoRows = buildChart(wideGrid(12, 4), { type: 'outcomes', x: 'speed' }) as Laid;
    expect(twoRows.columns).toBe(2);
    expect(twoRows.resolve).toEqual({ axis: { x: 'independent' } });
  });

  it('a distribution grid of 5 columns: narrower histograms', async () => {
    const spec = buildChart(wideGrid(3, 5), { type: 'distribution', metric: 'score', x: 'speed' }) as TopLevelSpec & { spec: { width: number } };
    expect(spec.spec.width).toBe(190);
    expect(await renderedWidth(spec)).toBeLessThanOrEqual(1150);
  });
});

interface SceneItem {
  x?: number;
  y?: number;
  text?: string;
  datum?: Record<string, unknown>;
  items?: SceneItem[];
  marktype?: string;
  name?: string;
}

/** Every mark in a rendered scene graph. */
function sceneMarks(node: SceneItem): SceneItem[] {
  const children = (node.items ?? []).flatMap((item) => (item.items ?? []).flatMap(sceneMarks));
  return node.marktype === undefined ? children : [node, ...children];
}

/** Each facet panel of a rendered chart: the data its bars draw and the labels of the row and column headers it sits under. */
async function renderedPanels(spec: TopLevelSpec) {
  const view = new vega.View(vega.parse(compileStrictly(spec)), { renderer: 'none' });
  await view.runAsync();
  const marks = sceneMarks((view.scenegraph() as unknown as { root: SceneItem }).root);
  const items = (name: string) => marks.find((mark) => mark.name === name)?.items ?? [];
  const label = (header: SceneItem) => sceneMarks({ items: [header] }).filter((mark) => mark.marktype === 'text').flatMap((mark) => mark.items ?? []).at(-1)?.text;
  const headerAt = (name: string, at: (item: SceneItem) => number | undefined, position: number | undefined) => {
    const header = items(name).find((item) => at(item) === position);
    return header === undefined ? undefined : String(label(header));
  };
  return items('cell').map((cell) => ({
    bars: sceneMarks({ items: [cell] }).filter((mark) => mark.marktype === 'rect').flatMap((mark) => (mark.items ?? []).map((bar) => bar.datum!)),
    rowHeader: headerAt('row_header', (item) => item.y, cell.y),
    columnHeader: headerAt('column_header', (item) => item.x, cell.x),
  }));
}

describe('line charts with a third varied setting', () => {
  /** The grid's cells once per value of a made-up setting `fire`, which varies too. */
  const withFire = (fires: number[]): ResultsFile => ({
    ...grid,
    experiment: { ...grid.experiment, varied: [...grid.experiment.varied, 'fire'] },
    cells: fires.flatMap((fire, f) => grid.cells.map((cell) => ({ ...cell, id: cell.id + 1000 * f, params: { ...cell.params, fire } }))),
  });
  const agents = new Set(grid.cells.map((cell) => cell.params.agents)).size;

  it('draw a line per colour value and third setting while that fits the palette', () => {
    const fires = [1, 2];
    expect(agents * fires.length).toBeLessThanOrEqual(10);
    const spec = buildChart(withFire(fires), { type: 'winRate', x: 'speed', color: 'agents' }) as { facet?: unknown; encoding: { color: { title: string } } };
    expect(spec.facet).toBeUndefined();
    expect(spec.encoding.color.title).toBe('agents, fire');
    compileStrictly(spec as TopLevelSpec);
  });

  it('keep every line in one chart when they are exactly as many as the colours', () => {
    const fires = withFire([1, 2, 3, 4, 5]);
    const twoSpeeds = { ...fires, cells: fires.cells.filter((cell) => cell.params.speed === 5 || cell.params.speed === 6) };
    const spec = buildChart(twoSpeeds, { type: 'winRate', x: 'agents', color: 'fire' }) as { facet?: unknown; encoding: { color: { title: string } } };
    expect(spec.facet).toBeUndefined();
    expect(spec.encoding.color.title).toBe('fire, speed');
  });

  it('put the third setting into panels when the lines would outnumber the colours', () => {
    const fires = [1, 2, 3, 4, 5, 6];
    expect(agents * fires.length).toBeGreaterThan(10);
    const spec = buildChart(withFire(fires), { type: 'winRate', x: 'speed', color: 'agents' }) as {
      facet: { field: string; title: string };
      spec: { encoding: { color: { title: string } } };
      config: { legend: unknown };
    };
    expect(spec.facet).toMatchObject({ field: 'panel', title: 'fire' });
    expect(spec.spec.encoding.color.title).toBe('agents');
    // Panels may run past the page: the legend goes above them, its labels still in full.
    expect(spec.config.legend).toEqual({ labelLimit: 0, titleLimit: 0, orient: 'top' });
    expect((buildChart(grid, { type: 'winRate', x: 'speed', color: 'agents' }) as { config: { legend: unknown } }).config.legend).toEqual({ labelLimit: 0, titleLimit: 0 });
    expect(new Set(dataOf(spec as never).map((row) => row.panel))).toEqual(new Set(fires.map((fire) => `fire=${fire}`)));
    compileStrictly(spec as never);
  });
});

describe('pairedDifference', () => {
  it('plots the matching comparisons in percentage points around a zero rule, one row of the chart per other setting', () => {
    const spec = buildChart(grid, { type: 'pairedDifference', varied: 'agents' });
    expect(marksOf(spec)).toEqual(['rule', 'errorbar', 'point']);
    const rows = dataOf(spec);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({ pair: 'agents=3 vs agents=2', context: 'speed=5', significant: 'yes' });
    expect(rows[1]).toMatchObject({ pair: 'agents=4 vs agents=3', context: 'speed=5', significant: 'no' });
    expect(rows[0].difference).toBeCloseTo(grid.comparisons[0].difference.rate * 100, 9);
    expect(rows[0].shown).toBe(percentagePointsWithCi(grid.comparisons[0].difference));
    expect((spec as { facet: { row: { field: string } } }).facet.row.field).toBe('context');
    compileStrictly(spec);
  });

  it('is one chart labelled in full when the other settings do not form a regular grid of comparisons', () => {
    const firstAgents = grid.comparisons.find((comparison) => comparison.varied === 'agents');
    const irregular = { ...grid, comparisons: grid.comparisons.filter((comparison) => comparison.varied !== 'agents' || comparison === firstAgents) };
    const spec = buildChart(irregular, { type: 'pairedDifference', varied: 'agents' }) as { facet?: unknown };
    expect(spec.facet).toBeUndefined();
    expect(dataOf(spec as never)).toHaveLength(1);
    expect(dataOf(spec as never)[0]).toMatchObject({ comparison: 'agents=3 vs agents=2 (speed=5)' });
  });

  it('labels the rows by the other settings, and names the comparison on the axis, when each setting holds the same one comparison', () => {
    const pairOf = (comparison: (typeof grid.comparisons)[number]) => comparisonParts(grid, comparison).pair;
    const agents = grid.comparisons.filter((comparison) => comparison.varied === 'agents');
    const onePair = { ...grid, comparisons: agents.filter((comparison) => pairOf(comparison) === pairOf(agents[0])) };
    const spec = buildChart(onePair, { type: 'pairedDifference', varied: 'agents' }) as {
      facet?: unknown;
      layer: { encoding: { y?: { field: string }; x: { title: string } } }[];
    };
    expect(spec.facet).toBeUndefined();
    expect(spec.layer[2].encoding.y?.field).toBe('context');
    expect(dataOf(spec as never).map((row) => row.context)).toEqual(['speed=5', 'speed=6', 'speed=7', 'speed=8']);
    expect(spec.layer[2].encoding.x.title).toBe('difference in win rate, agents=3 minus agents=2 (percentage points)');
    compileStrictly(spec as never);
  });

  it('lists the comparisons from the largest difference down with sort: difference, in one list labelled in full', () => {
    type Sorted = TopLevelSpec & { facet?: unknown; layer: { encoding: { y?: { field: string } } }[]; title: { text: string } };
    const spec = buildChart(grid, { type: 'pairedDifference', varied: 'agents', sort: 'difference' }) as Sorted;
    const differences = dataOf(spec).map((row) => row.difference as number);
    expect(differences).toEqual([...differences].sort((a, b) => b - a));
    expect(differences).not.toEqual(dataOf(buildChart(grid, { type: 'pairedDifference', varied: 'agents' })).map((row) => row.difference));
    expect(spec.facet).toBeUndefined();
    expect(spec.layer[2].encoding.y?.field).toBe('comparison');
    expect(spec.title.text).toBe('Paired win-rate differences across agents, largest first');
    compileStrictly(spec);
  });

  it("plots a metric's paired mean differences in its own units, leaving out comparisons no game recorded it in both cells of", () => {
    type MetricChart = TopLevelSpec & { facet: unknown; spec: { layer: { encoding: { x: { title: string }; tooltip?: { title: string }[] } }[] }; title: { text: string } };
    const request = { type: 'pairedDifference', varied: 'speed', metric: 'score' } as const;
    const spec = buildChart(grid, request) as MetricChart;
    const bySpeed = grid.comparisons.filter((comparison) => comparison.varied === 'speed');
    const rows = dataOf(spec);
    expect(rows).toHaveLength(bySpeed.length);
    const score = bySpeed[0].metrics!.score;
    expect(rows[0]).toMatchObject({ pair: 'speed=6 vs speed=5', context: 'agents=2', difference: score.mean, lo: score.lo, hi: score.hi, games: score.n, shown: meanDifferenceWithCi(score) });
    // The toy game's score falls by a point a speed step, with luck shared between the cells.
    expect(rows.every((row) => row.significant === 'yes' && (row.hi as number) < 0)).toBe(true);
    expect(spec.title.text).toBe('Paired differences in score across speed');
    expect(spec.spec.layer[2].encoding.x.title).toBe('difference in score (mean), first minus second');
    expect(spec.spec.layer[2].encoding.tooltip!.map((tooltip) => tooltip.title)).not.toContain('only first won');
    expect(chartName(request)).toBe('paired-score-speed');
    compileStrictly(spec);
    // One game's difference, or the same in every game, has no interval: no error bar, and not marked significant.
    const degenerate = { mean: -3, lo: -3, hi: -3, sd: 0, n: 1 };
    const oneGame = { ...grid, comparisons: grid.comparisons.map((comparison) => (comparison === bySpeed[0] ? { ...comparison, metrics: { ...comparison.metrics, score: degenerate } } : comparison)) };
    expect(dataOf(buildChart(oneGame, request))[0]).toMatchObject({ difference: -3, lo: null, hi: null, shown: '-3.0 (1 game)', significant: 'no' });
    const unrecorded = { ...grid, comparisons: grid.comparisons.map((comparison) => (comparison === bySpeed[0] ? { ...comparison, metrics: { ...comparison.metrics, score: { mean: 0, lo: 0, hi: 0, sd: 0, n: 0 } } } : comparison)) };
    expect(dataOf(buildChart(unrecorded, request))).toHaveLength(bySpeed.length - 1);
  });

  it('is one plain chart when nothing else varies', () => {
    const oneSetting = { ...grid, experiment: { ...grid.experiment, varied: ['agents'] } };
    const spec = buildChart(oneSetting, { type: 'pairedDifference', varied: 'agents' }) as { facet?: unknown; layer: unknown[] };
    expect(spec.facet).toBeUndefined();
    expect(spec.layer).toHaveLength(3);
    expect(dataOf(spec as never)[0]).toMatchObject({ pair: 'agents=3 vs agents=2', context: '' });
  });
});

describe('charts over a strategy parameter', () => {
  it('draw only the cells whose strategy has the parameter, one line per colour value', () => {
    const results = grid;
    const withAdaptive = {
      ...results,
      experiment: { ...results.experiment, varied: [...results.experiment.varied, 'strategy'] },
      cells: [
        ...results.cells.map((cell) => ({ ...cell, strategy: `fixed-speed:speed=${cell.params.speed}` })),
        ...results.cells.filter((cell) => cell.params.speed === 5).map((cell, index) => {
          const { speed: _speed, ...params } = cell.params;
          return { ...cell, id: 1000 + index, strategy: 'adaptive', params };
        }),
      ],
    };
    const spec = buildChart(withAdaptive, { type: 'winRate', x: 'speed', color: 'agents' }) as unknown as { data: { values: Record<string, unknown>[] } };
    const rows = spec.data.values;
    expect(rows).toHaveLength(results.cells.length);
    expect(new Set(rows.map((row) => row.group))).toEqual(new Set(results.cells.map((cell) => `agents=${cell.params.agents}`)));
  });

  it('draw only the cells whose strategy has the parameter when the strategy is the colour', () => {
    const spec = buildChart(withStrategiesChosen(grid), { type: 'winRate', x: 'speed', color: 'strategy' });
    expect(dataOf(spec)).toHaveLength(grid.cells.length);
  });
});

describe('category axes', () => {
  it('keep the order the experiment lists the values in', () => {
    const levels = ['intro', '1', '2', '10'];
    const results = { ...single, cells: levels.map((level, id) => ({ ...single.cells[0], id, params: { ...single.cells[0].params, level } })), experiment: { ...single.experiment, varied: ['level'] } };
    const spec = buildChart(results, { type: 'outcomes', x: 'level' }) as unknown as { encoding: { x: { sort: unknown } } };
    expect(spec.encoding.x.sort).toEqual(levels);
  });

  const PARTIES = ['beastmaster,cleric,ranger,rogue', 'beastmaster,cleric,ranger,warrior', 'beastmaster,cleric,ranger,wizard', 'beastmaster,cleric,rogue,warrior', 'beastmaster,cleric,rogue,wizard', 'beastmaster,cleric,warrior,wizard', 'beastmaster,ranger,rogue,warrior', 'beastmaster,ranger,rogue,wizard', 'beastmaster,ranger,warrior,wizard', 'beastmaster,rogue,warrior,wizard', 'cleric,ranger,rogue,warrior', 'cleric,ranger,rogue,wizard', 'cleric,ranger,warrior,wizard', 'cleric,rogue,warrior,wizard', 'ranger,rogue,warrior,wizard'];
  const byValues = (name: string, values: readonly string[]) => ({ ...single, cells: values.map((value, id) => ({ ...single.cells[0], id, params: { ...single.cells[0].params, [name]: value } })), experiment: { ...single.experiment, varied: [name] } });
  type XAxis = { encoding: { x: { axis: { labelAngle: number } } }; width: number };
  const xAxisOf = (results: ReturnType<typeof byValues>, request: ChartRequest) => {
    const spec = buildChart(results, request);
    compileStrictly(spec);
    return spec as unknown as XAxis;
  };

  it('write short values upright and slant values too long for their band (parties of four)', () => {
    const levels = byValues('level', ['intro', '1', '2', '3', '4', '5', '6', '7']);
    const parties = byValues('party', PARTIES);
    for (const request of [{ type: 'winRate', x: 'level' }, { type: 'outcomes', x: 'level' }] as const) expect(xAxisOf(levels, request).encoding.x.axis.labelAngle).toBe(0);
    for (const request of [{ type: 'winRate', x: 'party' }, { type: 'outcomes', x: 'party' }] as const) expect(xAxisOf(parties, request).encoding.x.axis.labelAngle).toBeLessThan(0);
  });

  it("slant labels by their measured width, not their length: six W's outgrow a 40 px bar, nine i's do not", () => {
    const angleOf = (values: readonly string[]) => xAxisOf(byValues('name', values), { type: 'outcomes', x: 'name' }).encoding.x.axis.labelAngle;
    expect(angleOf(['WWWWWW', 'W'])).toBeLessThan(0);
    expect(angleOf(['iiiiiiiii', 'i'])).toBe(0);
  });

  it('widen the win-rate chart past 400 px when it has many categories, not when its axis is numeric', () => {
    expect(xAxisOf(byValues('level', ['intro', '1', '2', '3']), { type: 'winRate', x: 'level' }).width).toBe(400);
    expect(xAxisOf(byValues('party', PARTIES), { type: 'winRate', x: 'party' }).width).toBeGreaterThanOrEqual(15 * 36);
    expect((buildChart(grid, { type: 'winRate', x: 'speed', color: 'agents' }) as unknown as XAxis).width).toBe(400);
  });
});

describe('survival', () => {
  it('draws the share of games reaching at least each value, from 100% down, with Wilson bands', () => {
    const spec = buildChart(grid, { type: 'survival', metric: 'turns', x: 'speed' });
    expect(marksOf(spec)).toEqual(['area', 'line']);
    const cell = grid.cells[0];
    const rows = dataOf(spec).filter((row) => row.group === 'agents=2' && (row.params as { speed: number }).speed === cell.params.speed);
    const histogram = cell.metrics.turns.histogram;
    expect(rows).toHaveLength(histogram.counts.length);
    expect(rows[0]).toMatchObject({ atLeast: histogram.min, share: 1 });
    const shares = rows.map((row) => row.share as number);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    const k = 3;
    const reached = histogram.counts.slice(k).reduce((sum, n) => sum + n, 0);
    expect(rows[k].share).toBeCloseTo(reached / cell.metrics.turns.n, 12);
    expect(rows.every((row) => (row.lo as number) <= (row.share as number) && (row.share as number) <= (row.hi as number))).toBe(true);
  });

  it('counts values below the range as reaching no value, and those past it at one more point, the end of the last bin', () => {
    const cell = grid.cells[0];
    const turns = cell.metrics.turns;
    const histogram = { ...turns.histogram, below: 4, above: 6 };
    const games = turns.n + 10;
    const outside = { ...grid, cells: [{ ...cell, games, metrics: { ...cell.metrics, turns: { ...turns, n: games, histogram } } }] };
    const rows = dataOf(buildChart(outside, { type: 'survival', metric: 'turns', x: 'speed' }));
    expect(rows).toHaveLength(histogram.counts.length + 1);
    expect(rows[0].share).toBeCloseTo((games - 4) / games, 12);
    expect(rows.at(-1)).toMatchObject({ atLeast: histogram.min + histogram.counts.length * histogram.binWidth });
    expect(rows.at(-1)?.share).toBeCloseTo(6 / games, 12);
  });

  it('counts the games in which the metric is missing as reaching no value', () => {
    const cell = grid.cells[0];
    const withMissing = { ...grid, cells: [{ ...cell, games: cell.metrics.turns.n + 100 }] };
    const rows = dataOf(buildChart(withMissing, { type: 'survival', metric: 'turns', x: 'speed' }));
    expect(rows[0].share).toBeCloseTo(cell.metrics.turns.n / (cell.metrics.turns.n + 100), 12);
  });

  it('refuses a metric the game does not have', () => {
    expect(() => buildChart(grid, { type: 'survival', metric: 'points', x: 'speed' })).toThrow(/"points" is not a metric/);
  });
});

describe('comparison labels across strategies that share a parameter', () => {
  it("keep each strategy's name in the context, so the comparisons of two strategies stay apart", () => {
    const cellsOf = (head: string, id: number) =>
      [6, 7].map((speed, i) => ({ ...grid.cells[0], id: id + i, strategy: `${head}:speed=${speed}`, params: { agents: 3, speed } }));
    const results = {
      ...grid,
      experiment: { ...grid.experiment, varied: ['agents', 'speed', 'strategy'] },
      cells: [...cellsOf('fixed-speed', 0), ...cellsOf('./my-strategy.ts', 2)],
      comparisons: [0, 2].map((a) => ({ ...grid.comparisons[0], a: a + 1, b: a, varied: 'speed' })),
    };
    const spec = buildChart(results, { type: 'pairedDifference', varied: 'speed' });
    expect(dataOf(spec).map((row) => row.comparison)).toEqual([
      'speed=7 vs speed=6 (agents=3, strategy=fixed-speed)',
      'speed=7 vs speed=6 (agents=3, strategy=./my-strategy.ts)',
    ]);
    compileStrictly(spec);
  });
});
