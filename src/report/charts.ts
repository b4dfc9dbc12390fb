import type { TopLevelSpec } from 'vega-lite';
import type { SettingValue } from '../core/game.ts';
import { chartAxes, type CellResult, type ChartRequest, type HistogramJSON, type MetricDifference, type PairedComparison, type ResultsFile } from '../sim/results.ts';
import { excludesZero, wilson } from '../sim/statistics.ts';
import { shownDifferenceInterval, shownInterval } from './metric-interval.ts';
import { textWidth } from './text-width.ts';
import {
  cellLabel,
  cellValue,
  comparisonParts,
  hasEstimatedContent,
  isSignificant,
  meanDifferenceWithCi,
  percentagePointsWithCi,
  provenanceSubtitle,
} from './format.ts';

/**
 * Vega-Lite specs for the charts an experiment asks for. Each chart reads the cells of a results file; a setting
 * that varies but is not on one of a chart's axes splits the chart into series (win rate) or panels (the others),
 * labelled like "agents=3, strategy=greedy".
 */

export interface NamedChart {
  /** File-name-safe, unique within a report: "win-rate-speed-by-agents". */
  readonly name: string;
  readonly spec: TopLevelSpec;
}

type Request<T extends ChartRequest['type']> = Extract<ChartRequest, { type: T }>;
type FacetSpec = Extract<TopLevelSpec, { facet: unknown }>;
type PanelSpec = FacetSpec['spec'];
type Title = { text: string; subtitle?: string | string[] };
type Row = Record<string, unknown>;
type LayerSpec = Extract<PanelSpec, { layer: unknown }>;
type XChannel = NonNullable<NonNullable<LayerSpec['encoding']>['x']>;
type Tooltip = Extract<NonNullable<NonNullable<LayerSpec['encoding']>['tooltip']>, readonly unknown[]>[number];

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const DEFAULT_DISTRIBUTIONS = ['score', 'turns'];
const PANEL_COLUMNS = 4;
/** The width report.html gives a chart: its 1200 px column less the padding. */
const PAGE_WIDTH = 1150;
/** What a chart in panels takes besides them (the y axis, its labels and title), and the space between panels, as Vega lays them out. */
const PANELS_AXIS_WIDTH = 95;
const PANEL_SPACING = 21;
const PANELS_WIDTH = PAGE_WIDTH - PANELS_AXIS_WIDTH;
const HISTOGRAM_WIDTH = 300;
/** Histograms in many columns are narrowed to fit the page, but no narrower than this. */
const MIN_HISTOGRAM_WIDTH = 180;
/** Colours of the series palette (category10): more lines than this would repeat colours. */
const SERIES_COLOURS = 10;
/** 95% CI bars with short end ticks, whatever the band width of the axis; left out of what screen readers read (each point says its interval). */
const ERROR_BARS = { type: 'errorbar', ticks: { size: 8, aria: false }, rule: { aria: false } } as const;
/** How a chart's tooltips and screen-reader labels write a rate, and a mean or a difference (axes keep their tick formats). */
const RATE_FORMAT = '.1%';
const VALUE_FORMAT = '.3~f';
const WIN_RATE_AXIS = { title: 'win rate', format: RATE_FORMAT, axis: { format: '%' }, scale: { domain: [0, 1] } };
const LINE_CHART_WIDTH = 400;
const SURVIVAL_WIDTH = 360;
/** Pixels per category of an ordinal x axis: a line chart (win rate, mean) grows past its width to give each this much. */
const MIN_CATEGORY_WIDTH = 36;
const HEATMAP_STEP = 56;
const BAR_STEP = 40;
/** Bars in panels are narrowed, to this at least, when that puts more panels side by side. */
const MIN_BAR_STEP = 24;
/** Pixels kept clear between two upright labels of neighbouring categories. */
const LABEL_GAP = 4;
/** Vega-Lite's size of axis labels. */
const AXIS_LABEL_FONT_SIZE = 10;
/** Labels too long for their category (a party of four) are slanted instead of overlapping. */
const SLANTED_LABEL_ANGLE = -40;

/** The experiment's charts, or the default ones when it names none. */
function chartRequests(results: ResultsFile): ChartRequest[] {
  return results.experiment.charts.length > 0 ? [...results.experiment.charts] : defaultCharts(results);
}

/** Win rate and outcomes against the first varied setting (the strategy for a single cell), score and turns. */
export function defaultCharts(results: ResultsFile): ChartRequest[] {
  const x = results.experiment.varied[0] ?? 'strategy';
  const distributions = DEFAULT_DISTRIBUTIONS.filter((metric) => results.metricNames.includes(metric));
  return [
    { type: 'winRate', x },
    { type: 'outcomes', x },
    ...distributions.map((metric): ChartRequest => ({ type: 'distribution', metric, x })),
  ];
}

/** The report's charts: none when no cell has a game (a run stopped before its first). */
export function buildCharts(results: ResultsFile): NamedChart[] {
  if (results.cells.every((cell) => cell.games === 0)) return [];
  const taken = new Set<string>();
  return chartRequests(results).map((request) => ({
    name: uniqueName(chartName(request), taken),
    spec: buildChart(results, request),
  }));
}

/**
 * A chart draws the cells that have its axes and games: a strategy parameter such as `speed` exists only in the
 * cells of the strategy that takes it (the adaptive cells of a speed experiment appear in the tables, not on a speed
 * axis), and a stopped run's cells that never started have no rate to draw (nor their comparisons a difference).
 */
function cellsOnAxes(results: ResultsFile, request: ChartRequest): ResultsFile {
  const axes = chartAxes(request);
  const onAxes = results.cells.filter((cell) => axes.every((name) => name === 'strategy' || name in cell.params));
  const cells = (onAxes.length === 0 ? results.cells : onAxes).filter((cell) => cell.games > 0);
  return { ...results, cells, comparisons: results.comparisons.filter((comparison) => comparison.games > 0) };
}

/**
 * Long labels (a party of four, a comparison) and legend titles ("recovery, knockoutTurns") are shown whole rather
 * than cut at vega-lite's 180 px; an axis's labels that would touch ("−6.5−6.0") are thinned out, not run together.
 */
const LABELS_IN_FULL = { axis: { labelLimit: 480, labelSeparation: 4 }, legend: { labelLimit: 0, titleLimit: 0 }, header: { labelLimit: 0 } } as const;

/** Room between a chart's title (and its subtitle) and the chart, whose panels' own header may stand right under it. */
const TITLE_OFFSET = 12;

/**
 * Helvetica, whose metrics lay the SVGs out (text-width.ts), or a face with the same metrics: named rather than left
 * to a viewer's sans-serif, which may be a wider face (DejaVu Sans) that the layout leaves no room for.
 */
export const CHART_FONT = 'Helvetica, Arial, "Liberation Sans", "Nimbus Sans", sans-serif';

export function buildChart(allResults: ResultsFile, request: ChartRequest): TopLevelSpec {
  const spec = chartFor(cellsOnAxes(allResults, request), request);
  const legend = { ...LABELS_IN_FULL.legend, ...spec.config?.legend };
  return { ...spec, config: { ...LABELS_IN_FULL, legend, font: CHART_FONT, title: { offset: TITLE_OFFSET } } } as TopLevelSpec;
}

function chartFor(results: ResultsFile, request: ChartRequest): TopLevelSpec {
  switch (request.type) {
    case 'winRate':
      return winRate(results, request);
    case 'mean':
      return mean(results, request);
    case 'heatmap':
      return heatmap(results, request);
    case 'outcomes':
      return outcomes(results, request);
    case 'distribution':
      return distribution(results, request);
    case 'survival':
      return survival(results, request);
    case 'pairedDifference':
      return pairedDifference(results, request);
    case 'stages':
      return stages(results, request);
  }
}

export function chartName(request: ChartRequest): string {
  return chartNameParts(request).join('-').replace(/[^A-Za-z0-9_-]+/g, '_');
}

function chartNameParts(request: ChartRequest): string[] {
  switch (request.type) {
    case 'winRate':
      return ['win-rate', request.x, ...(request.color === undefined ? [] : ['by', request.color])];
    case 'mean':
      return ['mean', request.metric, request.x, ...(request.color === undefined ? [] : ['by', request.color])];
    case 'heatmap':
      return ['heatmap', request.x, request.y];
    case 'outcomes':
      return ['outcomes', request.x];
    case 'distribution':
      return [request.metric, 'by', request.x];
    case 'survival':
      return ['survival', request.metric, 'by', request.x];
    case 'pairedDifference':
      return ['paired', ...(request.metric === undefined ? [] : [request.metric]), request.varied];
    case 'stages':
      return ['mean', request.metrics[0], 'to', request.metrics[request.metrics.length - 1], 'by', request.stage, ...(request.color === undefined ? [] : ['and', request.color])];
  }
}

function uniqueName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}-${n}`;
  taken.add(unique);
  return unique;
}

/**
 * Win rate against x with 95% CI error bars, one line per value of the color setting and the other varied ones (in
 * panels, when lines for all of them would be more than the palette's colours).
 */
export function winRate(results: ResultsFile, request: Request<'winRate'>): TopLevelSpec {
  const rows = (lines: Lines) => results.cells.map((cell) => ({ ...lineFields(cell, lines), ...winFields(cell) }));
  const y = { ...WIN_RATE_AXIS, tooltips: winTooltips() };
  return lineWithErrorBars(results, request, 'Win rate', rows, y);
}

/**
 * A metric's mean against x with its 95% CI error bars, one line per value of the color setting and the other
 * varied ones (e.g. the chance a fresh hero's first attack wins, by market size). Cells where the metric applied to
 * no game are left out.
 */
export function mean(results: ResultsFile, request: Request<'mean'>): TopLevelSpec {
  requireMetric(results, request.metric);
  const measured = results.cells.filter((cell) => cell.metrics[request.metric].n > 0);
  const rows = (lines: Lines) => measured.map((cell) => ({ ...lineFields(cell, lines), ...meanFields(cell, request.metric) }));
  const rateOf = sharedRateOf(measured, request.metric);
  const scale = rateOf === null ? { zero: false } : { domain: [0, rateOf] };
  const y = { title: `${request.metric} (mean)`, format: VALUE_FORMAT, scale, tooltips: meanTooltips(`${request.metric} (mean)`) };
  return lineWithErrorBars(results, request, request.metric, rows, y);
}

/**
 * The c of a metric that is 0 or c in every game of every cell (a rate in disguise, Kyros's firstAttackWon), or null:
 * its means are drawn on the whole range 0 to c, as win rates are on 0 to 100%, not on an axis cropped to the data.
 */
function sharedRateOf(cells: readonly CellResult[], metric: string): number | null {
  const rateOf = cells[0]?.metrics[metric].rateOf;
  return rateOf !== undefined && cells.every((cell) => cell.metrics[metric].rateOf === rateOf) ? rateOf : null;
}

interface LineAxis {
  readonly title: string;
  readonly format: string;
  readonly axis?: object;
  readonly scale: object;
  readonly tooltips: readonly object[];
}

/** The settings a line chart draws as lines (its colour) and as panels. */
interface Lines {
  readonly series: string[];
  readonly panels: string[];
}

/** A line per value of the color setting and the other varied ones, unless that is more lines than colours: then the others go into panels. */
function linesOf(results: ResultsFile, request: Request<'winRate' | 'mean' | 'stages'>, axes: string[]): Lines {
  const others = otherVaried(results, axes);
  if (request.color === undefined) return { series: others, panels: [] };
  const series = [request.color, ...others];
  if (others.length === 0 || groupLabels(results, series).length <= SERIES_COLOURS) return { series, panels: [] };
  return { series: [request.color], panels: others };
}

/** "<what> x, a and b": the x axis and every setting the lines or panels tell apart, so none is left to the legend alone. */
function linesTitle(what: string, x: string, lines: Lines): string {
  const named = [x, ...lines.series, ...lines.panels];
  const last = named.pop();
  return named.length === 0 ? `${what} ${last}` : `${what} ${named.join(', ')} and ${last}`;
}

/** A line chart row's settings, its line (`group`) and its panel. */
function lineFields(cell: CellResult, lines: Lines): Row {
  return { ...cellFields(cell, lines.series), panel: cellLabel(cell, lines.panels) };
}

/** Rows with value, lo and hi fields drawn as points joined by lines with error bars, against x; titled "<what> by x". */
function lineWithErrorBars(results: ResultsFile, request: Request<'winRate' | 'mean'>, what: string, rows: (lines: Lines) => Row[], y: LineAxis): TopLevelSpec {
  const axes = chartAxes(request);
  axes.forEach((name) => requireSetting(results, name));
  const lines = linesOf(results, request, axes);
  const width = isNumeric(results, request.x) ? LINE_CHART_WIDTH : Math.max(LINE_CHART_WIDTH, MIN_CATEGORY_WIDTH * categories(results, request.x).length);
  const title = chartTitle(results, linesTitle(`${what} by`, request.x, lines));
  const panel = errorBarPanel(results, lines, width, continuousOrOrdinal(results, request.x, width), y, settingTooltips(results, axes));
  const overhang = isNumeric(results, request.x) ? 0 : labelOverhang(results, request.x, width / categories(results, request.x).length);
  return inPanels(results, title, rows(lines), lines.panels, panel, width + overhang, 'panel');
}

/** Points joined by lines, one per series, with their 95% CI error bars (rows' value, lo and hi fields). */
function errorBarPanel(results: ResultsFile, lines: Lines, width: number, x: XChannel, y: LineAxis, settings: readonly Tooltip[]): PanelSpec {
  const { tooltips, ...axis } = y;
  return {
    width,
    encoding: {
      x,
      ...(lines.series.length > 0 ? { color: groupChannel(results, lines.series) } : {}),
    },
    layer: [
      { mark: ERROR_BARS, encoding: { y: { field: 'lo', type: 'quantitative', ...axis }, y2: { field: 'hi' } } },
      {
        mark: { type: 'line', point: true },
        encoding: { y: { field: 'value', type: 'quantitative', ...axis }, tooltip: [...settings, ...tooltips] },
      },
    ],
  };
}

/**
 * A metric per stage of a game (deaths in Realm 1, 2 ... 7 of a Doomed Run), their means with 95% CI error bars
 * against the stage, one line per value of the color setting and the other varied ones. A stage's point is left out
 * of a cell where its metric applied to no game (no Run of the cell entered that Realm).
 */
export function stages(results: ResultsFile, request: Request<'stages'>): TopLevelSpec {
  request.metrics.forEach((metric) => requireMetric(results, metric));
  const axes = chartAxes(request);
  axes.forEach((name) => requireSetting(results, name));
  const lines = linesOf(results, request, axes);
  const rows = results.cells.flatMap((cell) =>
    request.metrics.flatMap((metric, index) => (cell.metrics[metric].n > 0 ? [{ ...lineFields(cell, lines), stage: index + 1, metric, ...meanFields(cell, metric) }] : [])),
  );
  const first = request.metrics[0];
  const last = request.metrics[request.metrics.length - 1];
  const title = chartTitle(results, linesTitle(`${first} to ${last} (mean) by`, request.stage, lines));
  const x: XChannel = { field: 'stage', type: 'quantitative', title: request.stage, scale: { domain: [1, request.metrics.length] }, axis: { tickMinStep: 1 } };
  const stageTooltips = [{ field: 'stage', type: 'quantitative', title: request.stage }, { field: 'metric', type: 'nominal', title: 'metric' }] as const;
  const y = { title: 'mean', format: VALUE_FORMAT, scale: { zero: true }, tooltips: meanTooltips('mean') };
  const panel = errorBarPanel(results, lines, LINE_CHART_WIDTH, x, y, [...stageTooltips, ...settingTooltips(results, axes)]);
  return inPanels(results, title, rows, lines.panels, panel, LINE_CHART_WIDTH, 'panel');
}

/** Win rate over x × y as coloured cells labelled with their rate. */
export function heatmap(results: ResultsFile, request: Request<'heatmap'>): TopLevelSpec {
  const axes = chartAxes(request);
  axes.forEach((name) => requireSetting(results, name));
  const panels = otherVaried(results, axes);
  const rows = results.cells.map((cell) => ({ ...cellFields(cell, panels), ...winFields(cell) }));
  const panel: PanelSpec = {
    width: { step: HEATMAP_STEP },
    height: { step: 32 },
    encoding: {
      x: ordinalX(results, request.x, HEATMAP_STEP),
      y: ordinal(results, request.y),
      tooltip: [...settingTooltips(results, axes), ...winTooltips()],
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: {
            field: 'value',
            type: 'quantitative',
            title: 'win rate',
            scale: { domain: [0, 1], scheme: 'viridis' },
            legend: { format: '%' },
          },
        },
      },
      {
        mark: { type: 'text', baseline: 'middle' },
        encoding: {
          text: { field: 'value', type: 'quantitative', format: '.0%' },
          color: { condition: { test: 'datum.value < 0.5', value: 'white' }, value: 'black' },
        },
      },
    ],
  };
  const title = chartTitle(results, `Win rate over ${request.x} × ${request.y}`);
  const width = HEATMAP_STEP * categories(results, request.x).length + labelOverhang(results, request.x, HEATMAP_STEP);
  return inPanels(results, title, rows, panels, panel, width);
}

/**
 * The mix of outcomes per value of x as stacked bars, of the outcomes some game of the run ended in (Kyros's sixth seat
 * is not in a legend of games of at most five players; the tables still give each outcome's 0 with its interval).
 */
export function outcomes(results: ResultsFile, request: Request<'outcomes'>): TopLevelSpec {
  requireSetting(results, request.x);
  const panels = otherVaried(results, [request.x]);
  const shown = results.outcomeNames.filter((outcome) => results.cells.some((cell) => cell.outcomes[outcome].rate > 0));
  const rows = results.cells.flatMap((cell) =>
    shown.map((outcome, order) => {
      const { rate, lo, hi } = cell.outcomes[outcome];
      return { ...cellFields(cell, panels), games: cell.games, outcome, order, rate, lo, hi };
    }),
  );
  const count = categories(results, request.x).length;
  const step = barStep(count, groupLabels(results, panels).length, (band) => labelOverhang(results, request.x, band));
  const panel: PanelSpec = {
    mark: 'bar',
    width: { step },
    encoding: {
      x: ordinalX(results, request.x, step),
      y: { field: 'rate', type: 'quantitative', stack: 'zero', title: 'share of games', axis: { format: '%' } },
      color: { field: 'outcome', type: 'nominal', title: 'outcome', scale: { domain: shown } },
      order: { field: 'order' },
      tooltip: [
        ...settingTooltips(results, [request.x]),
        { field: 'outcome', type: 'nominal', title: 'outcome' },
        { field: 'rate', type: 'quantitative', title: 'share', format: RATE_FORMAT },
        { field: 'lo', type: 'quantitative', title: '95% CI low', format: RATE_FORMAT },
        { field: 'hi', type: 'quantitative', title: '95% CI high', format: RATE_FORMAT },
        { field: 'games', type: 'quantitative', title: 'games', format: ',' },
      ],
    },
  };
  return inPanels(results, chartTitle(results, `Outcomes by ${request.x}`), rows, panels, panel, step * count + labelOverhang(results, request.x, step));
}

/** A metric's fixed-bin histogram per value of x, as the share of the games the metric applied to. */
export function distribution(results: ResultsFile, request: Request<'distribution'>): TopLevelSpec {
  requireSetting(results, request.x);
  requireMetric(results, request.metric);
  const columns = otherVaried(results, [request.x]);
  const rowValues = categories(results, request.x);
  const columnLabels = groupLabels(results, columns);
  const rows = results.cells.flatMap((cell) => {
    const place = { rowIndex: rowValues.indexOf(cellValue(cell, request.x)), columnIndex: columnLabels.indexOf(cellLabel(cell, columns)) };
    return histogramRows(cell, request.metric).map((bin) => ({ ...cellFields(cell, columns), ...place, ...bin }));
  });
  const title = chartTitle(results, `${request.metric} distribution by ${request.x}`);
  // A metric some games leave out (a round of loss) is a share of the games that recorded it, not of every game.
  const everyGame = results.cells.every((cell) => cell.metrics[request.metric].n === cell.games);
  return {
    $schema: SCHEMA,
    title: rows.some((row) => row.outOfRange) ? withSubtitleLine(title, OUT_OF_RANGE_NOTE) : title,
    data: { values: rows },
    facet: {
      row: indexFacet('rowIndex', request.x, rowValues),
      ...(columns.length > 0 ? { column: indexFacet('columnIndex', columns.join(', '), columnLabels) } : {}),
    },
    spec: {
      mark: 'bar',
      width: histogramWidth(columnLabels.length),
      height: 80,
      encoding: {
        // Metrics are integers: no ticks between them (0.4, 0.8 ... on a metric of 0 or 1).
        x: { field: 'left', bin: 'binned', type: 'quantitative', title: request.metric, axis: { tickMinStep: 1 } },
        x2: { field: 'right' },
        opacity: { condition: { test: 'datum.outOfRange', value: 0.4 }, value: 1 },
        y: { field: 'share', type: 'quantitative', title: everyGame ? 'share of games' : `share of games recording ${request.metric}`, axis: { format: '%' } },
        tooltip: [
          ...settingTooltips(results, [request.x]),
          { field: 'values', type: 'nominal', title: request.metric },
          { field: 'count', type: 'quantitative', title: 'games', format: ',' },
          { field: 'share', type: 'quantitative', title: 'share', format: RATE_FORMAT },
        ],
      },
    },
  };
}

/**
 * Survival: for each value k of a metric (e.g. expeditions cleared), the share of games that reached at least k, with
 * its 95% Wilson interval as a band; one line per value of x.
 */
export function survival(results: ResultsFile, request: Request<'survival'>): TopLevelSpec {
  requireSetting(results, request.x);
  requireMetric(results, request.metric);
  const columns = otherVaried(results, [request.x]);
  const rows = results.cells.flatMap((cell) => survivalRows(cell, request.metric).map((point) => ({ ...cellFields(cell, columns), ...point })));
  const x = { field: 'atLeast', type: 'quantitative', title: `${request.metric} at least`, axis: { tickMinStep: 1 } } as const;
  // Categorical colours (in the experiment's order) keep every line visible; an ordinal scale fades the first.
  // Its legend's symbols drawn opaque, as the lines are, not faint as the first layer's bands.
  const color = { ...ordinal(results, request.x), type: 'nominal', legend: { symbolOpacity: 1 } } as const;
  const panel = {
    width: SURVIVAL_WIDTH,
    height: 220,
    encoding: { x, color },
    layer: [
      { mark: { type: 'area', opacity: 0.2, interpolate: 'step-after' }, encoding: { y: { field: 'lo', type: 'quantitative', title: 'share of games', axis: { format: '%' }, scale: { domain: [0, 1] } }, y2: { field: 'hi' } } },
      {
        mark: { type: 'line', interpolate: 'step-after', point: true },
        encoding: {
          y: { field: 'share', type: 'quantitative' },
          tooltip: [
            ...settingTooltips(results, [request.x]),
            { field: 'atLeast', type: 'quantitative', title: `${request.metric} at least` },
            { field: 'share', type: 'quantitative', title: 'share of games', format: RATE_FORMAT },
            { field: 'lo', type: 'quantitative', title: '95% CI low', format: RATE_FORMAT },
            { field: 'hi', type: 'quantitative', title: '95% CI high', format: RATE_FORMAT },
          ],
        },
      },
    ],
  } as unknown as PanelSpec;
  return inPanels(results, chartTitle(results, `${request.metric}: share of games reaching each value, by ${request.x}`), rows, columns, panel, SURVIVAL_WIDTH);
}

/**
 * P(metric ≥ k) over all the cell's games at each bin start k, from its histogram (exact for integer metrics of bin
 * width 1), and at the end of the last bin when some values lay past it. A game in which the metric is missing, or
 * below the histogram's range, reaches no k.
 */
function survivalRows(cell: CellResult, metric: string): Row[] {
  const histogram = cell.metrics[metric]?.histogram;
  if (histogram === undefined || cell.games === 0) return [];
  const binCounts = histogram.above > 0 ? [...histogram.counts, histogram.above] : histogram.counts;
  let reached = binCounts.reduce((sum, n) => sum + n, 0);
  return binCounts.map((count, i) => {
    const interval = wilson(reached, cell.games);
    const point = { atLeast: binStart(histogram, i), share: interval.rate, lo: interval.lo, hi: interval.hi };
    reached -= count;
    return point;
  });
}

/** Where bin i of a histogram starts; bin counts.length, one past the last, is where values above its range start. */
function binStart(histogram: HistogramJSON, bin: number): number {
  return histogram.min + bin * histogram.binWidth;
}

interface HistogramBar {
  readonly binStart: number;
  readonly binEnd: number;
  /** Where the bar is drawn: half a unit either side of the whole numbers it counts, so that each stands over its tick. */
  readonly left: number;
  readonly right: number;
  readonly values: string;
  readonly count: number;
  readonly share: number;
  readonly outOfRange: boolean;
}

/**
 * The non-empty bins of a cell's histogram; metrics are integers, so bin [10, 15) holds "10–14". Values outside the
 * declared range are drawn as one bar just past each end, labelled as such ("9 or less", "61 or more").
 */
function histogramRows(cell: CellResult, metric: string): HistogramBar[] {
  const histogram = cell.metrics[metric]?.histogram;
  if (histogram === undefined) return [];
  const { min, binWidth, counts, below, above } = histogram;
  const total = counts.reduce((sum, n) => sum + n, below + above);
  const bar = (start: number, values: string, count: number, outOfRange: boolean): HistogramBar => ({
    binStart: start,
    binEnd: start + binWidth,
    left: start - 0.5,
    right: start + binWidth - 0.5,
    values,
    count,
    share: count / total,
    outOfRange,
  });
  const inRange = counts.flatMap((count, i) => {
    const start = binStart(histogram, i);
    return count === 0 ? [] : [bar(start, binWidth === 1 ? `${start}` : `${start}–${start + binWidth - 1}`, count, false)];
  });
  const end = binStart(histogram, counts.length);
  return [
    ...(below > 0 ? [bar(min - binWidth, `${min - 1} or less`, below, true)] : []),
    ...inRange,
    ...(above > 0 ? [bar(end, `${end} or more`, above, true)] : []),
  ];
}

/** A facet row's header: the settings its comparisons share, written across the top of the row. */
const CONTEXT_HEADER = { labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelAlign: 'left', labelFontWeight: 'bold', labelLimit: 0 } as const;

/**
 * The paired differences of the comparisons that vary one setting, in win rate or in a metric's mean (`metric`), with
 * CIs and a rule at zero. When the other settings vary too and each combination of them holds the same two or more
 * comparisons (a regular grid), one row of the chart per combination, headed by it; when each holds the same one
 * comparison, one chart whose rows are labelled by the combination and whose axis names the comparison; otherwise one
 * chart labelled with each comparison in full. The comparisons come in the grid's order, or from the largest
 * difference down (`sort: difference`: one list, never rows of a grid). A metric's comparisons that no game recorded
 * it in both cells of are left out.
 */
export function pairedDifference(results: ResultsFile, request: Request<'pairedDifference'>): TopLevelSpec {
  requireSetting(results, request.varied);
  if (request.metric !== undefined) requireMetric(results, request.metric);
  const rows = differenceRows(results, request.varied, request.metric);
  const sorted = request.sort === 'difference';
  // Sorted, one list from the largest difference down: rows of a grid would share one order, the first row's.
  const contexts = sorted ? null : gridContexts(rows);
  if (sorted) rows.sort((a, b) => b.difference - a.difference);
  const label = contexts !== null ? 'pair' : onePairAcross(rows) ? 'context' : 'comparison';
  // Labelled by context, every row is the same comparison, which the x axis names.
  const which = label === 'context' ? `${rows[0].first} minus ${rows[0].second}` : 'first minus second';
  const chart = differencePanel(label, differenceMeasure(request.metric, which));
  const measured = request.metric === undefined ? 'win-rate differences' : `differences in ${request.metric}`;
  const title = chartTitle(results, `Paired ${measured} across ${request.varied}${sorted ? ', largest first' : ''}`);
  // As in inPanels: the layer spec is a top-level spec too, which TypeScript cannot see through the spread.
  if (contexts === null) return { $schema: SCHEMA, title, data: { values: rows }, ...chart } as TopLevelSpec;
  return {
    $schema: SCHEMA,
    title,
    data: { values: rows },
    facet: { row: { field: 'context', type: 'nominal', title: null, sort: contexts, header: CONTEXT_HEADER } },
    resolve: EVERY_PANEL_ITS_X_AXIS,
    spec: chart,
  };
}

/** What a difference chart measures: its axis title and the tooltips of each comparison. */
interface DifferenceMeasure {
  readonly axisTitle: string;
  readonly tooltips: typeof WIN_DIFFERENCE_TOOLTIPS | typeof METRIC_DIFFERENCE_TOOLTIPS;
}

function differenceMeasure(metric: string | undefined, which: string): DifferenceMeasure {
  if (metric === undefined) return { axisTitle: `difference in win rate, ${which} (percentage points)`, tooltips: WIN_DIFFERENCE_TOOLTIPS };
  return { axisTitle: `difference in ${metric} (mean), ${which}`, tooltips: METRIC_DIFFERENCE_TOOLTIPS };
}

/** One row per comparison that varies `varied`: its labels, and its difference in win rate (percentage points) or in the metric's mean. */
function differenceRows(results: ResultsFile, varied: string, metric: string | undefined) {
  return results.comparisons
    .filter((comparison) => comparison.varied === varied)
    .flatMap((comparison) => {
      const difference = metric === undefined ? winDifferenceFields(comparison) : metricDifferenceFields(comparison.metrics?.[metric]);
      if (difference === null) return [];
      const { first, second, pair, context } = comparisonParts(results, comparison);
      return [{ first, second, pair, context, comparison: context === '' ? pair : `${pair} (${context})`, ...difference }];
    });
}

function winDifferenceFields(comparison: PairedComparison) {
  return {
    difference: comparison.difference.rate * 100,
    lo: comparison.difference.lo * 100,
    hi: comparison.difference.hi * 100,
    // As the tables write it: more decimals where one would show +0.0 [0.0, 0.0] for a significant difference.
    shown: percentagePointsWithCi(comparison.difference),
    games: comparison.games,
    onlyAWon: comparison.onlyAWon,
    onlyBWon: comparison.onlyBWon,
    significant: isSignificant(comparison) ? 'yes' : 'no',
  };
}

/**
 * A metric's difference as the chart draws it; null when no game recorded the metric in both cells. A difference
 * without an interval (one game's, or the same in every game) has no error bar and is not marked significant.
 */
function metricDifferenceFields(difference: MetricDifference | undefined) {
  if (difference === undefined || difference.n === 0) return null;
  const interval = shownDifferenceInterval(difference);
  const [lo, hi] = interval.none === null ? [interval.lo, interval.hi] : [null, null];
  const significant = interval.none === null && excludesZero(interval) ? 'yes' : 'no';
  return { difference: difference.mean, lo, hi, shown: meanDifferenceWithCi(difference), games: difference.n, significant };
}

/**
 * The differences with their CIs against a dashed rule at zero, a row per comparison labelled by `label`: its pair
 * (one facet row per context), its context or both.
 */
function differencePanel(label: 'pair' | 'context' | 'comparison', measure: DifferenceMeasure): PanelSpec {
  const byContext = label === 'pair';
  // No axis title: the labels name each row, and a title beside labels this long would be drawn over them.
  const y = { field: label, type: 'nominal', title: null, sort: null, axis: { labelLimit: 0 } } as const;
  const x = { type: 'quantitative', title: measure.axisTitle, format: VALUE_FORMAT } as const;
  return {
    width: 400,
    height: { step: 24 },
    layer: [
      {
        // One zero line per panel, not one per comparison row.
        transform: [{ aggregate: [{ op: 'count', as: 'comparisons' }], groupby: byContext ? ['context'] : [] }],
        mark: { type: 'rule', color: 'gray', strokeDash: [4, 4] },
        encoding: { x: { datum: 0, ...x } },
      },
      {
        mark: ERROR_BARS,
        encoding: { y, x: { field: 'lo', ...x }, x2: { field: 'hi' } },
      },
      {
        mark: { type: 'point', filled: true, size: 60 },
        encoding: { y, x: { field: 'difference', ...x }, color: SIGNIFICANCE_COLOUR, tooltip: [...measure.tooltips] },
      },
    ],
  };
}

const SIGNIFICANCE_COLOUR = {
  field: 'significant',
  type: 'nominal',
  title: 'CI excludes 0',
  scale: { domain: ['yes', 'no'], range: ['#d62728', '#7f7f7f'] },
} as const;

const WIN_DIFFERENCE_TOOLTIPS = [
  { field: 'comparison', type: 'nominal', title: 'comparison' },
  { field: 'shown', type: 'nominal', title: 'difference [95% CI]' },
  { field: 'games', type: 'quantitative', title: 'paired games', format: ',' },
  { field: 'onlyAWon', type: 'quantitative', title: 'only first won', format: ',' },
  { field: 'onlyBWon', type: 'quantitative', title: 'only second won', format: ',' },
  { field: 'significant', type: 'nominal', title: 'CI excludes 0' },
] as const;

const METRIC_DIFFERENCE_TOOLTIPS = [
  { field: 'comparison', type: 'nominal', title: 'comparison' },
  { field: 'shown', type: 'nominal', title: 'difference (mean ± 95% CI)' },
  { field: 'games', type: 'quantitative', title: 'paired games recording it', format: ',' },
  { field: 'significant', type: 'nominal', title: 'CI excludes 0' },
] as const;

/** Whether the rows are one comparison (one pair) in each of two or more contexts. */
function onePairAcross(rows: readonly { pair: string; context: string }[]): boolean {
  const contexts = new Set(rows.map((row) => row.context));
  return contexts.size >= 2 && contexts.size === rows.length && new Set(rows.map((row) => row.pair)).size === 1;
}

/**
 * The contexts of a regular grid of comparisons, in order: two or more of them, each with the same two or more pairs,
 * none twice. Else null.
 */
function gridContexts(rows: readonly { pair: string; context: string }[]): string[] | null {
  const pairsByContext = new Map<string, string[]>();
  for (const { pair, context } of rows) pairsByContext.set(context, [...(pairsByContext.get(context) ?? []), pair]);
  const lists = [...pairsByContext.values()];
  const first = lists[0] ?? [];
  const regular = lists.length >= 2 && first.length >= 2 && new Set(first).size === first.length && lists.every((pairs) => pairs.join('\n') === first.join('\n'));
  return regular ? [...pairsByContext.keys()] : null;
}

function chartTitle(results: ResultsFile, text: string): Title {
  return hasEstimatedContent(results) ? { text, subtitle: provenanceSubtitle(results) } : { text };
}

const OUT_OF_RANGE_NOTE = 'faded bars: games whose value lies outside the range charted';

function withSubtitleLine(title: Title, line: string): Title {
  const lines = title.subtitle === undefined ? [] : Array.isArray(title.subtitle) ? title.subtitle : [title.subtitle];
  return { ...title, subtitle: [...lines, line] };
}

/** The chart as it is when nothing else varies, or one panel of it per value of the other varied settings. */
function inPanels(results: ResultsFile, title: Title, rows: Row[], panels: string[], panel: PanelSpec, panelWidth: number, field: 'group' | 'panel' = 'group'): TopLevelSpec {
  const data = { values: rows };
  // A panel is a unit or a layer spec, either of which is a top-level spec too; TypeScript cannot see that through the spread.
  if (panels.length === 0) return { $schema: SCHEMA, title, data, ...panel } as TopLevelSpec;
  const count = groupLabels(results, panels).length;
  const columns = panelColumns(panelWidth, count);
  const layout = count > columns ? { columns, resolve: EVERY_PANEL_ITS_X_AXIS } : { columns };
  return { $schema: SCHEMA, title, data, facet: groupChannel(results, panels, field), ...layout, spec: panel, config: { legend: LEGEND_ABOVE } };
}

/** Panels in several rows each show their x axis: without, only the bottom panel of each column is labelled. */
const EVERY_PANEL_ITS_X_AXIS = { axis: { x: 'independent' } } as const;

/**
 * As many panels side by side (up to PANEL_COLUMNS) as fit the page, so that a chart grows down rather than
 * sideways, spread evenly over the rows they take (2 and 2 rather than 3 and 1).
 */
export function panelColumns(panelWidth: number, panelCount: number): number {
  const fitting = Math.min(PANEL_COLUMNS, Math.max(1, Math.floor(PANELS_WIDTH / (panelWidth + PANEL_SPACING))));
  return Math.ceil(panelCount / Math.ceil(panelCount / fitting));
}

/**
 * The widest bars, from BAR_STEP down to MIN_BAR_STEP, that put more panels side by side than bars of BAR_STEP would
 * (at most PANEL_COLUMNS, spread as panelColumns spreads them), with the slanted labels' reach at that width
 * (`overhangAt`) counted in; BAR_STEP when narrowing gains no column.
 */
export function barStep(categoryCount: number, panelCount: number, overhangAt: (band: number) => number): number {
  const columnsAt = (step: number) => panelColumns(step * categoryCount + overhangAt(step), panelCount);
  const widest = columnsAt(BAR_STEP);
  for (let columns = Math.min(PANEL_COLUMNS, panelCount); columns > widest; columns--) {
    const room = panelRoom(columns);
    let step = Math.min(BAR_STEP, Math.floor(room / categoryCount));
    while (step >= MIN_BAR_STEP && step * categoryCount + overhangAt(step) > room) step--;
    if (step >= MIN_BAR_STEP && columnsAt(step) > widest) return step;
  }
  return BAR_STEP;
}

/** Histograms in a grid of `columns` columns: as wide as the page allows, between MIN_HISTOGRAM_WIDTH and HISTOGRAM_WIDTH. */
export function histogramWidth(columns: number): number {
  return Math.min(HISTOGRAM_WIDTH, Math.max(MIN_HISTOGRAM_WIDTH, Math.floor(panelRoom(columns))));
}

/** The width each panel may take when `columns` of them stand side by side on the page. */
function panelRoom(columns: number): number {
  return PANELS_WIDTH / Math.max(1, columns) - PANEL_SPACING;
}

/** Panels may make a chart wider than the report's page: its legend goes above them, seen without scrolling sideways. */
const LEGEND_ABOVE = { orient: 'top' } as const;

/** A row's setting values (under `params`, so they cannot clash with the chart's own fields) and its group label. */
function cellFields(cell: CellResult, groupNames: readonly string[]): Row {
  const params: Record<string, SettingValue> = { ...cell.params, strategy: cell.strategy };
  return { params, group: cellLabel(cell, groupNames) };
}

function winFields(cell: CellResult): Row {
  return { games: cell.games, value: cell.win.rate, lo: cell.win.lo, hi: cell.win.hi };
}

function winTooltips() {
  return [
    { field: 'value', type: 'quantitative', title: 'win rate', format: RATE_FORMAT },
    { field: 'lo', type: 'quantitative', title: '95% CI low', format: RATE_FORMAT },
    { field: 'hi', type: 'quantitative', title: '95% CI high', format: RATE_FORMAT },
    { field: 'games', type: 'quantitative', title: 'games', format: ',' },
  ] as const;
}

/**
 * A metric's mean and the 95% CI the reports show for it (shownInterval), as bounds for the error bar and as text for
 * the tooltip. One game, or a value every game shared (not a rate), gives no interval: no bar, and the tooltip says
 * why, as the tables do ("(1 game)", "(every game)"), instead of a bar of no width claiming certainty.
 */
function meanFields(cell: CellResult, metric: string): Row {
  const result = cell.metrics[metric];
  const { lo, hi, none } = shownInterval(result);
  const value = { n: result.n, value: result.mean };
  if (none !== null) return { ...value, lo: null, hi: null, interval: `none (${none})` };
  return { ...value, lo, hi, interval: `[${shortDecimal(lo)}, ${shortDecimal(hi)}]` };
}

/** At most three decimals, without trailing zeros (as the tooltips' '.3~f' format). */
function shortDecimal(value: number): string {
  return String(Number(value.toFixed(3)));
}

/** The tooltip of a mean titled `title`, its interval and the games it applied to. */
function meanTooltips(title: string) {
  return [
    { field: 'value', type: 'quantitative', title, format: VALUE_FORMAT },
    { field: 'interval', type: 'nominal', title: '95% CI' },
    { field: 'n', type: 'quantitative', title: 'games it applied to', format: ',' },
  ] as const;
}

/** Tooltip entries for the chart's own settings and every varied one. */
function settingTooltips(results: ResultsFile, names: readonly string[]) {
  const shown = [...new Set([...names, ...results.experiment.varied])];
  return shown.map((name) => ({ field: settingField(name), type: 'nominal', title: name }) as const);
}

/** The channel (series colour or panel facet) of the group label, its values in the order of the cells. */
function groupChannel(results: ResultsFile, names: readonly string[], field: 'group' | 'panel' = 'group') {
  return { field, type: 'nominal', title: names.join(', '), sort: groupLabels(results, names) } as const;
}

function groupLabels(results: ResultsFile, names: readonly string[]): string[] {
  return [...new Set(results.cells.map((cell) => cellLabel(cell, names)))];
}

/**
 * A row or column facet over the index of each value, its header showing the value. Vega-Lite misplaces the panels
 * when both a row and a column facet are sorted by a list of values (vega/vega-lite#3900, #8675: panels under the
 * wrong headers), but lays out indices in their natural order correctly.
 */
function indexFacet(field: string, title: string, values: readonly SettingValue[]) {
  return { field, type: 'ordinal', title, header: { labelExpr: `${JSON.stringify(values.map(String))}[datum.value]` } } as const;
}

/** The varied settings a chart must also separate: those not on its axes and not already fixed by them. */
function otherVaried(results: ResultsFile, used: readonly string[]): string[] {
  return results.experiment.varied.filter((name) => !used.includes(name) && !isDeterminedBy(results, name, used));
}

/** True when the cells' values of `used` fix the value of `name` (e.g. `speed` fixes the strategy spec). */
function isDeterminedBy(results: ResultsFile, name: string, used: readonly string[]): boolean {
  const valueAt = new Map<string, SettingValue>();
  return results.cells.every((cell) => {
    const key = cellLabel(cell, used);
    const value = cellValue(cell, name);
    if (!valueAt.has(key)) valueAt.set(key, value);
    return valueAt.get(key) === value;
  });
}

/** A setting on an x axis `width` pixels wide: integers on a continuous scale fitted to them, anything else in order of value. */
function continuousOrOrdinal(results: ResultsFile, name: string, width: number) {
  return isNumeric(results, name)
    ? ({ field: settingField(name), type: 'quantitative', title: name, scale: { zero: false }, axis: { tickMinStep: 1 } } as const)
    : ordinalX(results, name, width / categories(results, name).length);
}

function isNumeric(results: ResultsFile, name: string): boolean {
  return results.cells.every((cell) => typeof cellValue(cell, name) === 'number');
}

/** A setting in order of value on an x axis, its values upright when they fit in their `band` pixels, else slanted. */
function ordinalX(results: ResultsFile, name: string, band: number) {
  return { ...ordinal(results, name), axis: { labelAngle: labelsSlanted(results, name, band) ? SLANTED_LABEL_ANGLE : 0 } } as const;
}

function labelsSlanted(results: ResultsFile, name: string, band: number): boolean {
  return widestLabel(results, name) + LABEL_GAP > band;
}

/** The width in pixels of a setting's widest value as an axis label. */
function widestLabel(results: ResultsFile, name: string): number {
  return Math.max(...categories(results, name).map((value) => textWidth(String(value), AXIS_LABEL_FONT_SIZE, false)));
}

/** How far slanted labels of an ordinal x axis may reach left of their panel (the widest label, across), or 0 when upright. */
function labelOverhang(results: ResultsFile, name: string, band: number): number {
  if (!labelsSlanted(results, name, band)) return 0;
  const angle = (SLANTED_LABEL_ANGLE * Math.PI) / 180;
  return Math.ceil(widestLabel(results, name) * Math.cos(angle) + AXIS_LABEL_FONT_SIZE * Math.abs(Math.sin(angle)));
}

/** Categories in the order the experiment lists them (intro before level 1), not alphabetically. */
function ordinal(results: ResultsFile, name: string) {
  // A setting's values share one type; the cast only meets vega-lite's homogeneous-array type.
  return { field: settingField(name), type: 'ordinal', title: name, sort: categories(results, name) as string[] } as const;
}

function categories(results: ResultsFile, name: string): SettingValue[] {
  return [...new Set(results.cells.map((cell) => cellValue(cell, name)))];
}

/** The field path of a setting; dots and brackets in its name are escaped so Vega-Lite reads it as one name. */
function settingField(name: string): string {
  return `params.${name.replace(/[.[\]\\]/g, '\\$&')}`;
}

function requireSetting(results: ResultsFile, name: string): void {
  if (name === 'strategy' || results.cells.every((cell) => name in cell.params)) return;
  throw new Error(`chart: "${name}" is not a setting of ${results.experiment.game}`);
}

function requireMetric(results: ResultsFile, metric: string): void {
  if (results.metricNames.includes(metric)) return;
  throw new Error(`chart: "${metric}" is not a metric of ${results.experiment.game} (${results.metricNames.join(', ')})`);
}
