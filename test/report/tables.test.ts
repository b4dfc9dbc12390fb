import { describe, expect, it } from 'vitest';
import { bestOfEachStrategyTable, bestTable, cellTable, comparisonsNote, comparisonTable, outcomeTables, partialMetricsNote, runFacts, significanceNote } from '../../src/report/tables.ts';
import type { CellResult, PairedComparison, ResultsFile } from '../../src/sim/results.ts';
import { loadResults, numberedMetrics, withMetricNames, withStrategiesChosen } from './fixtures.ts';

/** The tables and facts the summary and the HTML report are made of, tested one by one on edges the whole summary does not reach. */

const grid = loadResults('necreaux-speed');
const single = loadResults('necreaux-single');

function fact(results: ResultsFile, label: string): string | undefined {
  return runFacts(results).find((each) => each.label === label)?.value;
}

function withCells(results: ResultsFile, change: (cell: CellResult) => CellResult): ResultsFile {
  return { ...results, cells: results.cells.map(change) };
}

/** The grid's comparisons repeated until there are `count` of them. */
function comparisonsOf(count: number): PairedComparison[] {
  return Array.from({ length: count }, (_, index) => grid.comparisons[index % grid.comparisons.length]);
}

describe('the run facts', () => {
  it('name the settings every cell shares, leaving out a varied one even where all cells share its value', () => {
    const speedFive = { ...grid, cells: grid.cells.filter((cell) => cell.params.speed === 5) };
    expect(fact(speedFive, 'settings')).toBe('difficulty=standard, vigilance=false');
    const mixed = withCells(grid, (cell) => ({ ...cell, params: { ...cell.params, difficulty: cell.id === 3 ? 'hard' : 'standard' } }));
    expect(fact(mixed, 'settings')).toBe('vigilance=false');
  });

  it('have no settings line when no setting is shared, or there are no cells', () => {
    const none = withCells(grid, ({ params: { speed, agents }, ...cell }) => ({ ...cell, params: { speed, agents } }));
    expect(runFacts(none).map((each) => each.label)).toEqual(['experiment', 'game', 'seed', 'games per cell', 'complete', 'content']);
    expect(fact({ ...grid, cells: [] }, 'settings')).toBeUndefined();
  });

  it("say which slice a shard's report holds, and how to put the run together", () => {
    expect(fact(grid, 'shard')).toBeUndefined();
    expect(fact({ ...grid, shard: { index: 1, count: 3 } }, 'shard')).toBe("1/3 (0-based: this report holds only that slice of each cell's games; `playsim merge` the 3 shards for the run)");
  });

  it('count as short of a target CI only the cells whose interval is wider than it', () => {
    // Half-widths exact in binary: 0.03125 meets a target of 0.03125, 0.0625 does not.
    const atTarget = { ...single, targetCi: 0.03125, cells: single.cells.map((cell) => ({ ...cell, win: { rate: 0.5, lo: 0.46875, hi: 0.53125 } })) };
    expect(fact(atTarget, 'games per cell')).toBe('until the win-rate CI is ±3.125 pp, at most 20,000');
    const wider = withCells(atTarget, (cell) => ({ ...cell, win: { rate: 0.5, lo: 0.4375, hi: 0.5625 } }));
    expect(fact(wider, 'games per cell')).toBe('until the win-rate CI is ±3.125 pp, at most 20,000, 1 of 1 cells stopped short of the target CI');
  });

  it('say "unspecified" of games per cell that a file leaves out', () => {
    expect(fact({ ...single, gamesPerCell: null, targetCi: null, maxGames: null }, 'games per cell')).toBe('unspecified');
  });

  it('say only what a stopped run has: cells before their first game and unequal cells when there are some', () => {
    const stoppedEvenly = { ...grid, complete: false, cells: grid.cells.map((cell) => ({ ...cell, complete: cell.id !== 0 })) };
    expect(fact(stoppedEvenly, 'complete')).toBe('no: 1 of 12 cells stopped early');
    const unequal = withCells(stoppedEvenly, (cell) => (cell.id === 0 ? { ...cell, games: 1000 } : cell));
    expect(fact(unequal, 'complete')).toBe('no: 1 of 12 cells stopped early; the cells played different games, so compare them through the paired comparisons');
  });
});

describe('the cell table', () => {
  it("shows a game's first 3 metrics, however many it has", () => {
    expect(cellTable(withMetricNames(grid, numberedMetrics(5))).header.slice(-4)).toEqual(['turn-limit % [95% CI]', 'm1 (mean ± CI)', 'm2 (mean ± CI)', 'm3 (mean ± CI)']);
  });

  it('shows up to 4 outcomes besides the win, leaving more to tables of their own', () => {
    const fourOthers: ResultsFile = { ...grid, outcomeNames: [...grid.outcomeNames, 'fled'], cells: grid.cells.map((cell) => ({ ...cell, outcomes: { ...cell.outcomes, fled: cell.outcomes.overrun } })) };
    expect(cellTable(fourOthers).header).toContain('fled % [95% CI]');
    expect(outcomeTables(fourOthers)).toEqual([]);
    const fiveOthers = { ...fourOthers, outcomeNames: [...fourOthers.outcomeNames, 'lost'], cells: fourOthers.cells.map((cell) => ({ ...cell, outcomes: { ...cell.outcomes, lost: cell.outcomes.overrun } })) };
    expect(cellTable(fiveOthers).header).not.toContain('fled % [95% CI]');
    expect(outcomeTables(fiveOthers)).toHaveLength(1);
  });

  it('notes the metrics some games leave unrecorded, and only them', () => {
    expect(partialMetricsNote({ ...grid, metricNames: ['score', 'turns'] })).toBeNull();
    expect(partialMetricsNote({ ...grid, metricNames: ['score', 'lossTurn'] })).toBe(
      "lossTurn is averaged over the games that record it, fewer than a cell's games (see the game's metric descriptions in playsim list).",
    );
  });
});

describe('the best choices', () => {
  it("name a strategy's parameter by its value when the run chooses it but not among strategies", () => {
    const fixed = withCells(grid, (cell) => ({ ...cell, strategy: `fixed-speed:speed=${cell.params.speed}` }));
    const table = bestTable({ ...fixed, experiment: { ...fixed.experiment, choose: ['speed'] } })!;
    expect(table.rows[0].slice(0, 2)).toEqual(['2', 'speed=5']);
  });

  it('have no table of each strategy when every combination holds one strategy, in its variants', () => {
    const chosen = withStrategiesChosen(grid);
    expect(bestOfEachStrategyTable(chosen)).not.toBeNull();
    const fixedOnly = { ...chosen, cells: chosen.cells.filter((cell) => cell.strategy !== 'adaptive') };
    expect(bestOfEachStrategyTable(fixedOnly)).toBeNull();
  });
});

describe('the comparisons', () => {
  it("show the first 3 metrics' differences, however many the comparisons hold", () => {
    expect(comparisonTable(withMetricNames(grid, numberedMetrics(5))).header.slice(4)).toEqual(['m1 difference (mean ± CI)', 'm2 difference (mean ± CI)', 'm3 difference (mean ± CI)']);
  });

  it('show no metric differences unless every comparison holds them', () => {
    const some = { ...grid, comparisons: grid.comparisons.map(({ metrics, ...comparison }, index) => (index === 0 ? comparison : { ...comparison, metrics })) };
    expect(comparisonTable(some).header).toEqual(['comparison', 'games', 'win-rate difference [95% CI]', 'significant']);
    expect(comparisonsNote(some)).not.toContain("A metric's difference");
  });

  it('say how many would be significant by chance, with a decimal below 10', () => {
    expect(significanceNote(comparisonsOf(199))).toMatch(/; about 9\.9 would be by chance alone/);
    expect(significanceNote(comparisonsOf(200))).toMatch(/; about 10 would be by chance alone/);
    expect(comparisonsNote(withMetricNames({ ...grid, comparisons: comparisonsOf(20) }, numberedMetrics(10)))).toMatch(
      /of the 200 metric differences, about 10 would exclude 0 by chance alone/,
    );
    expect(comparisonsNote(withMetricNames(grid, numberedMetrics(11)))).toMatch(/of the 187 metric differences, about 9\.3 would exclude 0 by chance alone/);
  });

  it('count the comparisons of no games apart, after the sentence on the interval', () => {
    const unplayed = comparisonsOf(17).map((comparison, index) => (index < 2 ? { ...comparison, games: 0 } : comparison));
    expect(significanceNote(unplayed)).toMatch(/over the games both cells played\. 2 more have no games both cells played\.$/);
    expect(significanceNote(comparisonsOf(17))).toMatch(/over the games both cells played\.$/);
  });
});
