import { existsSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import type { GameModule, SettingValue, Settings, StrategyParams } from '../core/game.ts';
import { InputError } from '../core/errors.ts';
import { chartAxes, chartMetrics, type ChartRequest } from './results.ts';
import { parseSetting, resolveSettings } from './settings.ts';
import { strategyDefinition, strategyHead, StrategySpecError } from './strategy-spec.ts';
import { parseJson } from './json.ts';
import { parseYaml, readTextFile } from './data-file.ts';
import { describeZodError } from './zod-errors.ts';

/** An experiment file (JSON or YAML): a game, fixed settings, a grid of varied settings, strategies, charts. */

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const range = z.object({ from: z.number(), to: z.number(), step: z.number().positive().default(1) }).strict();
const values = z
  .union([z.array(scalar).min(1), range], { error: 'expected a list of values, or { from, to, step }' })
  .superRefine((entry, context) => {
    if (Array.isArray(entry)) return;
    if (![entry.from, entry.to, entry.step].every(Number.isSafeInteger)) context.addIssue({ code: 'custom', message: `ranges take whole numbers up to ${Number.MAX_SAFE_INTEGER}: list decimal values instead` });
    else if (entry.from > entry.to) context.addIssue({ code: 'custom', message: `from ${entry.from} is above to ${entry.to}: a range counts up, from the lower value to the higher` });
  });

const strategyEntry = z.union(
  [z.string().min(1), z.object({ name: z.string().min(1), grid: z.record(z.string(), values) }).strict()],
  { error: 'expected a strategy spec ("name" or "name:parameter=value,..."), or { name, grid: { parameter: [values] } }' },
);

/** A chart an experiment asks for; results.json keeps the experiment's list. */
export const chartRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('winRate'), x: z.string(), color: z.string().optional() }).strict(),
  z.object({ type: z.literal('mean'), metric: z.string(), x: z.string(), color: z.string().optional() }).strict(),
  z.object({ type: z.literal('heatmap'), x: z.string(), y: z.string() }).strict(),
  z.object({ type: z.literal('outcomes'), x: z.string() }).strict(),
  z.object({ type: z.literal('distribution'), metric: z.string(), x: z.string() }).strict(),
  z.object({ type: z.literal('survival'), metric: z.string(), x: z.string() }).strict(),
  z.object({ type: z.literal('pairedDifference'), varied: z.string(), metric: z.string().optional(), sort: z.literal('difference').optional() }).strict(),
  z.object({ type: z.literal('stages'), metrics: z.array(z.string()).min(2), stage: z.string().min(1), color: z.string().optional() }).strict(),
]);

/** The run sizes an experiment file and the command line both set (the CLI checks its flags against these). */
export const runSizes = {
  games: z.number().int().positive(),
  targetCi: z.number().positive().max(0.5),
  maxGames: z.number().int().positive(),
  seed: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
};

export const experimentSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
    title: z.string().min(1),
    description: z.string().default(''),
    game: z.string().min(1),
    content: z.string().optional(),
    settings: z.record(z.string(), scalar).default({}),
    grid: z.record(z.string(), values).default({}),
    strategies: z.array(strategyEntry).min(1).optional(),
    /** Games per cell; without it and without targetCi, DEFAULT_GAMES. */
    games: runSizes.games.optional(),
    quickGames: runSizes.games.default(1000),
    targetCi: runSizes.targetCi.optional(),
    maxGames: runSizes.maxGames.optional(),
    seed: runSizes.seed.default(1),
    charts: z.array(chartRequestSchema).default([]),
    /** The varied settings or strategy parameters the experiment chooses among ("strategy" for the strategies). */
    choose: z.array(z.string().min(1)).min(1).optional(),
    /** Per grid setting, the value every other value of it is compared with, instead of each with the next. */
    baseline: z.record(z.string(), scalar).optional(),
  })
  .strict()
  .refine((file) => file.maxGames === undefined || file.targetCi !== undefined, {
    path: ['maxGames'],
    message: 'maxGames caps a run with a target CI: give targetCi too, or drop maxGames',
  })
  .refine((file) => file.games === undefined || file.targetCi === undefined, {
    path: ['games'],
    message: 'games sets a fixed run and targetCi a run until the CI is narrow enough: give one of them',
  });

/** Games per cell when an experiment file gives neither games nor targetCi. */
export const DEFAULT_GAMES = 10000;

export type ExperimentFile = z.infer<typeof experimentSchema>;

export interface CellPlan {
  readonly settings: Settings;
  readonly strategy: string;
  /** Varied settings and strategy parameters of this cell, for charts and tables. */
  readonly params: Readonly<Record<string, SettingValue>>;
  /** Position along each dimension of the grid (settings, then the strategy list). */
  readonly coordinates: readonly number[];
}

export interface ExperimentPlan {
  readonly file: ExperimentFile;
  readonly sourcePath: string;
  readonly varied: readonly string[];
  readonly cells: readonly CellPlan[];
  /** Cell pairs [a, b] adjacent along one dimension (or b its dimension's baseline), and the name of that dimension. */
  readonly pairs: readonly (readonly [number, number, string])[];
  readonly charts: readonly ChartRequest[];
  /** What the report names the best of, per combination of the other varied settings (empty: no such table). */
  readonly choose: readonly string[];
}

export function readExperimentFile(path: string): ExperimentFile {
  let raw: unknown;
  try {
    const text = readTextFile(path);
    raw = extname(path) === '.json' ? parseJson(text) : parseYaml(text);
  } catch (error) {
    throw new InputError(`${path}: cannot read experiment file: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = experimentSchema.safeParse(raw);
  if (!parsed.success) throw new InputError(`${path}: ${describeZodError(parsed.error, raw)}`);
  if (parsed.data.name !== basename(path, extname(path))) {
    throw new InputError(`${path}: field name: "${parsed.data.name}" must match the file name "${basename(path, extname(path))}"`);
  }
  return parsed.data;
}

/** How many values a grid entry lists, without listing them. */
function valueCount(entry: z.infer<typeof values>): number {
  return Array.isArray(entry) ? entry.length : Math.floor((entry.to - entry.from) / entry.step) + 1;
}

/** More cells than a report can show, or memory hold, is a mistake in the file: said before anything is expanded. */
export const MAX_CELLS = 10_000;

function checkCellCount(file: ExperimentFile, where: string): void {
  const product = (entries: Iterable<z.infer<typeof values>>) => [...entries].reduce((count, entry) => count * valueCount(entry), 1);
  // Without strategies, the game's default strategy is the one.
  const strategies = file.strategies?.reduce((count, entry) => count + (typeof entry === 'string' ? 1 : product(Object.values(entry.grid))), 0) ?? 1;
  const cells = product(Object.values(file.grid)) * strategies;
  if (cells > MAX_CELLS) {
    throw new InputError(`${where}: fields grid and strategies: they make ${cells.toLocaleString('en-US')} cells; at most ${MAX_CELLS.toLocaleString('en-US')} (split the experiment, or take larger steps)`);
  }
}

function expandValues(entry: z.infer<typeof values>): SettingValue[] {
  if (Array.isArray(entry)) return entry;
  const expanded: number[] = [];
  for (let value = entry.from; value <= entry.to; value += entry.step) expanded.push(value);
  return expanded;
}

interface StrategyCell {
  readonly spec: string;
  readonly params: Readonly<Record<string, SettingValue>>;
  /** Which entry of the file's strategies it comes from, and the index of each of its grid parameters' values. */
  readonly entry: number;
  readonly at: readonly number[];
}

function expandStrategies(entries: ExperimentFile['strategies'], game: GameModule): StrategyCell[] {
  if (!entries) return [{ spec: game.defaultStrategy, params: {}, entry: 0, at: [] }];
  return entries.flatMap((entry, index) => {
    if (typeof entry === 'string') return [{ spec: entry, params: {}, entry: index, at: [] }];
    const grid = Object.entries(entry.grid).map(([param, entryValues]) => [param, expandValues(entryValues)] as const);
    return cartesian(grid.map(([, list]) => list.length)).map((at) => {
      const combo = Object.fromEntries(grid.map(([param, list], dimension) => [param, list[at[dimension]]]));
      const paramText = Object.entries(combo).map(([key, value]) => `${key}=${value}`).join(',');
      return { spec: paramText === '' ? entry.name : `${entry.name}:${paramText}`, params: combo, entry: index, at };
    });
  });
}

/**
 * The strategies after each one in the comparisons: within an entry's grid, the next value of each parameter (the
 * others the same), as grid settings are compared; from an entry's last strategy, the next entry's first.
 */
function strategyNeighbours(strategies: readonly StrategyCell[]): number[][] {
  return strategies.map((strategy, index) => {
    const sameEntry = strategies.flatMap((other, otherIndex) => (other.entry === strategy.entry && isNextAlongOne(strategy.at, other.at) ? [otherIndex] : []));
    const next = strategies[index + 1];
    return next !== undefined && next.entry !== strategy.entry ? [...sameEntry, index + 1] : sameEntry;
  });
}

/** `b` is `a` with one coordinate one further. */
function isNextAlongOne(a: readonly number[], b: readonly number[]): boolean {
  let steps = 0;
  for (let i = 0; i < a.length; i++) {
    if (b[i] === a[i] + 1) steps++;
    else if (b[i] !== a[i]) return false;
  }
  return steps === 1;
}

/** Grid points in order: the first grid setting varies slowest, the strategy list fastest. */
function cartesian(dimensionSizes: readonly number[]): number[][] {
  let points: number[][] = [[]];
  for (const size of dimensionSizes) points = points.flatMap((point) => Array.from({ length: size }, (_, index) => [...point, index]));
  return points;
}

/**
 * What two compared cells (next along a dimension, or a value and its baseline) differ in: the setting, the one
 * strategy parameter, or "strategy".
 */
function differenceLabel(a: CellPlan, b: CellPlan, dimension: number, gridNames: readonly string[]): string {
  if (dimension < gridNames.length) return gridNames[dimension];
  if (strategyHead(a.strategy) !== strategyHead(b.strategy)) return 'strategy';
  const keys = new Set([...Object.keys(a.params), ...Object.keys(b.params)]);
  const differing = [...keys].filter((key) => !gridNames.includes(key) && a.params[key] !== b.params[key]);
  return differing.length === 1 ? differing[0] : 'strategy';
}

/**
 * The pairs the run compares game by game: along each dimension, each cell (b) with the next along it (a), or, along
 * a grid setting with a baseline (its value's index in `baselines`), each other cell (a) with the baseline's (b).
 */
function comparedPairs(cells: readonly CellPlan[], gridNames: readonly string[], strategyNext: readonly number[][], baselines: readonly (number | undefined)[]): [number, number, string][] {
  const byKey = new Map(cells.map((cell, index) => [cell.coordinates.join(','), index]));
  const pairs: [number, number, string][] = [];
  const pairWith = (a: number | undefined, b: number | undefined, dimension: number) => {
    if (a !== undefined && b !== undefined) pairs.push([a, b, differenceLabel(cells[a], cells[b], dimension, gridNames)]);
  };
  const cellAt = (cell: CellPlan, dimension: number, value: number) => byKey.get(cell.coordinates.map((at, d) => (d === dimension ? value : at)).join(','));
  cells.forEach((cell, index) => {
    cell.coordinates.forEach((position, dimension) => {
      const baseline = baselines[dimension];
      if (baseline !== undefined) {
        if (position !== baseline) pairWith(index, cellAt(cell, dimension, baseline), dimension);
        return;
      }
      const along = dimension < gridNames.length ? [position + 1] : strategyNext[position];
      for (const value of along) pairWith(cellAt(cell, dimension, value), index, dimension);
    });
  });
  return pairs;
}

/** Per grid setting, the index of its baseline value among the grid's values (undefined: compared with the next). */
function baselineIndexes(file: ExperimentFile, game: GameModule, gridValues: readonly SettingValue[][], where: string): (number | undefined)[] {
  const gridNames = Object.keys(file.grid);
  const baseline = file.baseline ?? {};
  for (const name of Object.keys(baseline)) {
    if (!gridNames.includes(name)) {
      throw new InputError(`${where}: field baseline: "${name}" is not a grid setting (strategies and their parameters are compared each with the next); grid: ${gridNames.join(', ') || 'none'}`);
    }
  }
  return gridNames.map((name, dimension) => {
    if (!Object.hasOwn(baseline, name)) return undefined;
    const field = `${where}: field baseline.${name}`;
    const shown = (value: SettingValue) => String(parseSetting(game, name, value, field));
    const index = gridValues[dimension].map(shown).indexOf(shown(baseline[name]));
    if (index < 0) throw new InputError(`${field}: ${JSON.stringify(baseline[name])} is not one of the grid's values (${gridValues[dimension].join(', ')})`);
    return index;
  });
}

/**
 * Every strategy spec of the plan names a real strategy with legal parameters (checked before any game); returns
 * each one's parameters, defaults filled in.
 */
async function checkStrategies(game: GameModule, strategies: readonly StrategyCell[], where: string): Promise<StrategyParams[]> {
  checkNoRepeats(strategies.map((strategy) => strategy.spec), `${where}: field strategies`);
  const params: StrategyParams[] = [];
  for (const strategy of strategies) {
    try {
      params.push((await strategyDefinition(game, strategy.spec)).parsed.params);
    } catch (error) {
      if (error instanceof StrategySpecError) throw new InputError(`${error.asListedIn(where)}${besideExperiment(strategyHead(strategy.spec), where)}`);
      throw error;
    }
  }
  const played = strategies.map((strategy, index) => `${strategyHead(strategy.spec)} ${JSON.stringify(Object.entries(params[index]).sort())}`);
  const again = played.findIndex((key, index) => played.indexOf(key) !== index);
  if (again >= 0) {
    throw new InputError(`${where}: field strategies: "${strategies[again].spec}" plays the same strategy as "${strategies[played.indexOf(played[again])].spec}"; list it once`);
  }
  return params;
}

/**
 * The varied strategy parameters a cell shows: its grid's, and for a spec of the same strategy written out
 * ("adaptive:reserve=4" beside a grid of adaptive's `reserve`) the value it plays with, so that it is not shown as
 * missing nor compared on the wrong parameter. Another strategy's parameter of the same name is not shown.
 */
function shownParams(strategies: readonly StrategyCell[], played: readonly StrategyParams[]): Record<string, SettingValue>[] {
  const gridded = new Map<string, Set<string>>();
  for (const strategy of strategies) {
    const head = strategyHead(strategy.spec);
    for (const name of Object.keys(strategy.params)) gridded.set(head, (gridded.get(head) ?? new Set()).add(name));
  }
  return strategies.map((strategy, index) => {
    const shown: Record<string, SettingValue> = {};
    for (const name of gridded.get(strategyHead(strategy.spec)) ?? []) shown[name] = played[index][name];
    return Object.assign(shown, strategy.params);
  });
}

/**
 * Paths in an experiment file are read from the working directory (changing that would break existing files). When
 * a path is missing there but found beside the experiment file, an error about it says so.
 */
export function besideExperiment(path: string, experimentPath: string): string {
  if (isAbsolute(path) || existsSync(resolve(path))) return '';
  const beside = join(dirname(experimentPath), path);
  if (!existsSync(beside)) return '';
  return ` (paths in an experiment file are read from the working directory, ${process.cwd()}; ${beside} exists: name it so, or run from ${dirname(experimentPath)})`;
}

/** Every chart names settings, strategy parameters and metrics the run has: a typo fails before any game, not after all of them. */
function checkCharts(charts: readonly ChartRequest[], game: GameModule, strategyParamNames: readonly string[], where: string): void {
  const axes = ['strategy', ...game.settings.map((setting) => setting.name), ...strategyParamNames];
  const metrics = game.metrics.map((metric) => metric.name);
  charts.forEach((chart, index) => {
    for (const name of chartAxes(chart)) {
      if (!axes.includes(name)) throw new InputError(`${where}: field charts[${index}]: "${name}" is not a setting or strategy parameter of this experiment; allowed: ${axes.join(', ')}`);
    }
    const named = chartMetrics(chart);
    const unknown = named.find(({ metric }) => !metrics.includes(metric));
    if (unknown !== undefined) {
      throw new InputError(`${where}: field charts[${index}].${unknown.field}: "${unknown.metric}" is not a metric of ${game.id}; metrics: ${metrics.join(', ')}`);
    }
  });
}

/**
 * A chart's axes are what the cells differ in: along a setting every cell shares (fixed, or a grid of one value) there
 * is nothing to draw.
 */
function checkChartsVary(charts: readonly ChartRequest[], varied: readonly string[], cells: readonly CellPlan[], where: string): void {
  const differs = (name: string) => varied.includes(name) && new Set(cells.map((cell) => JSON.stringify(name === 'strategy' ? cell.strategy : cell.params[name]))).size > 1;
  charts.forEach((chart, index) => {
    const fixed = chartAxes(chart).find((name) => !differs(name));
    if (fixed !== undefined) {
      throw new InputError(`${where}: field charts[${index}]: "${fixed}" is not varied by this experiment (every cell has the same ${fixed}); varied: ${varied.filter(differs).join(', ') || 'none (one cell)'}`);
    }
  });
}

export function replayOnlyProblem(name: string, game: GameModule): string {
  return `${name} changes only what a replay narrates, not the games played; give it to playsim replay ${game.id}`;
}

/** A value listed twice would play the same cell twice and compare it with itself. */
function checkNoRepeats(values: readonly (SettingValue | string)[], where: string): void {
  const repeated = values.find((value, index) => values.indexOf(value) !== index);
  if (repeated !== undefined) throw new InputError(`${where}: ${JSON.stringify(repeated)} is listed twice; list each value once`);
}

/** Every fixed and varied setting's value on its own, so that an error names the field it is in; none both fixed and varied. */
function checkSettings(file: ExperimentFile, game: GameModule, gridValues: readonly SettingValue[][], where: string): void {
  const replayOnly = game.settings.find((spec) => spec.replayOnly === true && (Object.hasOwn(file.settings, spec.name) || Object.hasOwn(file.grid, spec.name)));
  if (replayOnly !== undefined) throw new InputError(`${where}: field ${Object.hasOwn(file.grid, replayOnly.name) ? 'grid' : 'settings'}.${replayOnly.name}: ${replayOnlyProblem(replayOnly.name, game)}`);
  for (const [name, value] of Object.entries(file.settings)) {
    if (Object.hasOwn(file.grid, name)) throw new InputError(`${where}: field settings.${name}: the grid varies ${name} too; give it in one of them`);
    parseSetting(game, name, value, `${where}: field settings.${name}`);
  }
  Object.keys(file.grid).forEach((name, dimension) => {
    const parsed = gridValues[dimension].map((value) => parseSetting(game, name, value, `${where}: field grid.${name}`));
    checkNoRepeats(parsed, `${where}: field grid.${name}`);
  });
}

export async function planExperiment(file: ExperimentFile, game: GameModule, sourcePath: string): Promise<ExperimentPlan> {
  checkCellCount(file, sourcePath);
  const gridNames = Object.keys(file.grid);
  const gridValues = gridNames.map((name) => expandValues(file.grid[name]));
  const strategies = expandStrategies(file.strategies, game);
  const played = await checkStrategies(game, strategies, sourcePath);
  const strategyParamNames = [...new Set(strategies.flatMap((strategy) => Object.keys(strategy.params)))];
  const strategyParams = shownParams(strategies, played);
  checkCharts(file.charts, game, strategyParamNames, sourcePath);
  checkSettings(file, game, gridValues, sourcePath);
  const cells = cartesian([...gridValues.map((list) => list.length), strategies.length]).map((point): CellPlan => {
    const given: Record<string, SettingValue> = { ...file.settings };
    gridNames.forEach((name, dimension) => (given[name] = gridValues[dimension][point[dimension]]));
    const settings = resolveSettings(game, given, sourcePath);
    const strategyIndex = point[point.length - 1];
    const params: Record<string, SettingValue> = {};
    for (const name of gridNames) params[name] = settings[name];
    Object.assign(params, strategyParams[strategyIndex]);
    return { settings, strategy: strategies[strategyIndex].spec, params, coordinates: point };
  });
  const strategyNames = new Set(strategies.map((strategy) => strategyHead(strategy.spec)));
  const comparesStrategies = strategies.length > 1 && (strategyNames.size > 1 || strategyParamNames.length === 0);
  const varied = [...gridNames, ...strategyParamNames, ...(comparesStrategies ? ['strategy'] : [])];
  checkChartsVary(file.charts, varied, cells, sourcePath);
  return {
    file,
    sourcePath,
    varied,
    cells,
    pairs: comparedPairs(cells, gridNames, strategyNeighbours(strategies), baselineIndexes(file, game, gridValues, sourcePath)),
    charts: file.charts,
    choose: checkedChoice(file.choose ?? [], varied, strategyParamNames, sourcePath),
  };
}

/**
 * Names the experiment varies. When the strategies are themselves varied, a strategy parameter is part of the
 * strategy spec, so the two are chosen together or not at all (else every row of the table would hold one cell).
 */
function checkedChoice(choose: readonly string[], varied: readonly string[], strategyParams: readonly string[], where: string): readonly string[] {
  const stray = choose.find((name) => !varied.includes(name));
  if (stray !== undefined) throw new InputError(`${where}: field choose: "${stray}" is not varied by this experiment; varied: ${varied.join(', ') || 'none (no grid, one strategy)'}`);
  const strategyParts = varied.includes('strategy') ? ['strategy', ...strategyParams] : [];
  const chosenParts = strategyParts.filter((name) => choose.includes(name));
  if (chosenParts.length > 0 && chosenParts.length < strategyParts.length) {
    throw new InputError(`${where}: field choose: the strategies are varied, so choose ${strategyParts.join(', ')} together (the parameters are part of each strategy)`);
  }
  return choose;
}
