import { readFileSync } from 'node:fs';
import type { DiffGame } from '../../src/sim/diff.ts';
import { GameWins } from '../../src/sim/game-wins.ts';
import type { CellResult, MetricResult, ResultsFile } from '../../src/sim/results.ts';
import { meanInterval } from '../../src/sim/statistics.ts';

/** The results fixtures written by test/fixtures/results/generate.ts. */
export type FixtureName = 'necreaux-speed' | 'necreaux-single';

export function loadResults(name: FixtureName): ResultsFile {
  return JSON.parse(readFileSync(new URL(`../fixtures/results/${name}.json`, import.meta.url), 'utf8')) as ResultsFile;
}

/** A copy of the results whose content has no estimated cards. */
export function withPrintedContentOnly(results: ResultsFile): ResultsFile {
  return withProvenance(results, { printed: 102 });
}

/** A copy of the results whose content counts these cards from each source. */
export function withProvenance(results: ResultsFile, bySource: Record<string, number>): ResultsFile {
  const cards = Object.values(bySource).reduce((sum, count) => sum + count, 0);
  return { ...results, content: { ...results.content, provenance: { cards, bySource } } };
}

/** The settings, strategies and win of the game the results fixtures come from (what `playsim diff` reads of a game). */
export const fixtureGame: DiffGame = {
  settings: [
    { name: 'speed', kind: 'int', min: 1, max: 15, default: 7, description: '' },
    { name: 'agents', kind: 'int', min: 1, max: 5, default: 4, description: '' },
    { name: 'difficulty', kind: 'enum', values: ['standard', 'hard'], default: 'standard', description: '' },
    { name: 'vigilance', kind: 'bool', default: false, description: '' },
    { name: 'rule', kind: 'bool', default: false, description: 'a setting the "before" runs do not have' },
  ],
  strategies: [
    {
      name: 'greedy',
      description: '',
      params: [
        { name: 'budget', kind: 'int', min: 1, max: 1000, default: 600, description: '' },
        { name: 'watch', kind: 'enum', values: ['greedy', 'planner'], default: 'greedy', description: '' },
      ],
      create: () => ({ name: 'greedy' }),
    },
  ],
  winOutcome: 'win',
};

/** The cell as a run that kept which games it won records it, its wins being its first games. */
export function withGameWins(cell: CellResult): CellResult {
  const won = Math.round(cell.win.rate * cell.games);
  const wins = new GameWins();
  wins.addTask(0, cell.games, GameWins.pack(Uint8Array.from({ length: cell.games }, (_, game) => (game < won ? 1 : 0)), 0, cell.games));
  return { ...cell, raw: { ...cell.raw, wins: wins.toJSON() } };
}

/**
 * The speed grid as a run of two strategies that chooses among them: the speeds are a `fixed-speed` strategy's
 * parameter, and an `adaptive` strategy (no speed) wins 90% at every team size, above every speed.
 */
export function withStrategiesChosen(results: ResultsFile): ResultsFile {
  const fixed = results.cells.map((cell) => ({ ...cell, strategy: `fixed-speed:speed=${cell.params.speed}` }));
  const agents = [...new Set(results.cells.map((cell) => cell.params.agents))];
  const adaptive = agents.map((count, index) => {
    const { speed: _speed, ...params } = results.cells.find((cell) => cell.params.agents === count)!.params;
    const model = results.cells.find((cell) => cell.params.agents === count)!;
    return { ...model, id: results.cells.length + index, params, strategy: 'adaptive', win: { rate: 0.9, lo: 0.886, hi: 0.912 } };
  });
  return { ...results, experiment: { ...results.experiment, varied: ['speed', 'agents', 'strategy'], choose: ['speed', 'strategy'] }, cells: [...fixed, ...adaptive] };
}

/** A metric's result as a cell publishes it, from each game's value, counted in bins of `binWidth` from `min` over `bins`. */
export function metricOf(values: readonly number[], { min = 0, binWidth = 1, bins = 11, rateOf }: { min?: number; binWidth?: number; bins?: number; rateOf?: number } = {}): MetricResult {
  const counts = new Array<number>(bins).fill(0);
  let below = 0;
  let above = 0;
  for (const value of values) {
    const bin = Math.floor((value - min) / binWidth);
    if (bin < 0) below++;
    else if (bin >= bins) above++;
    else counts[bin]++;
  }
  const sum = values.reduce((total, value) => total + value, 0);
  const sumSquares = values.reduce((total, value) => total + value * value, 0);
  const histogram = { min, binWidth, counts, below, above };
  return { ...meanInterval(values.length, sum, sumSquares), histogram, ...(rateOf === undefined ? {} : { rateOf }) };
}

/** "m1", "m2" ... as many metric names as asked. */
export function numberedMetrics(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `m${index + 1}`);
}

/**
 * The results with these metrics in every cell and comparison, as a results file holds them: one the results have
 * keeps its values, a new one is a copy of `turns`.
 */
export function withMetricNames(results: ResultsFile, metricNames: readonly string[]): ResultsFile {
  const pick = <T>(metrics: Readonly<Record<string, T>>) => Object.fromEntries(metricNames.map((name) => [name, metrics[name] ?? metrics.turns]));
  return {
    ...results,
    metricNames: [...metricNames],
    cells: results.cells.map((cell) => ({ ...cell, metrics: pick(cell.metrics) })),
    comparisons: results.comparisons.map((comparison) => (comparison.metrics === undefined ? comparison : { ...comparison, metrics: pick(comparison.metrics) })),
  };
}
