import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { cellMoved, diffResults } from '../../src/sim/diff.ts';
import type { CellResult, ResultsFile } from '../../src/sim/results.ts';
import { loadResults } from '../report/fixtures.ts';

const grid = loadResults('necreaux-speed');

/** A copy of the results in which `change` rewrites the cells it is given. */
function withCells(results: ResultsFile, change: (cell: CellResult) => CellResult): ResultsFile {
  return { ...results, cells: results.cells.map(change) };
}

/** The cell with 300 more wins and 300 fewer overruns out of its 2,000 games. */
function winningMore(cell: CellResult): CellResult {
  const won = cell.win.rate + 300 / cell.games;
  const overrun = cell.outcomes.overrun.rate - 300 / cell.games;
  return { ...cell, win: { ...cell.win, rate: won }, outcomes: { ...cell.outcomes, win: { ...cell.win, rate: won }, overrun: { ...cell.outcomes.overrun, rate: overrun } } };
}

describe('diffResults', () => {
  it('finds nothing moved between a run and itself', () => {
    const diff = diffResults(grid, grid);
    expect(diff.cells).toHaveLength(grid.cells.length);
    expect(diff.cells.every((cell) => cell.win.rate === 0 && !cellMoved(cell))).toBe(true);
    const changes = diff.cells.flatMap((cell) => cell.measures.map((measure) => (measure.kind === 'rate' ? measure.change.rate : measure.change.difference)));
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((change) => change === 0)).toBe(true);
    expect([diff.onlyBefore, diff.onlyAfter, diff.settingChanges]).toEqual([[], [], []]);
  });

  it('finds the one cell that moved, and leaves the win outcome out of the other measures', () => {
    const moved = grid.cells[3];
    const after = withCells(grid, (cell) => (cell === moved ? winningMore(cell) : cell));
    const diff = diffResults(grid, after);
    expect(diff.cells.filter(cellMoved).map((cell) => cell.after.id)).toEqual([moved.id]);
    const change = diff.cells.find((cell) => cell.after.id === moved.id)!;
    expect(change.win.rate).toBeCloseTo(0.15, 12);
    expect(change.win.lo).toBeGreaterThan(0);
    expect(change.measures.map((measure) => measure.measure)).toEqual(['overrun', 'exhausted', 'turn-limit', 'score', 'turns', 'lossTurn']);
    expect(change.measures.find((measure) => measure.measure === 'overrun')!.change.hi).toBeLessThan(0);
  });

  it('matches cells by their varied settings and strategy, whatever their order, and lists the rest', () => {
    const reordered = { ...grid, cells: [...grid.cells].reverse().filter((cell) => cell.params.speed !== 5) };
    const diff = diffResults(grid, reordered);
    expect(diff.cells.every((cell) => cell.before.params.speed === cell.after.params.speed && cell.before.params.agents === cell.after.params.agents)).toBe(true);
    expect(diff.cells.every((cell) => !cellMoved(cell))).toBe(true);
    expect(diff.onlyBefore.map((cell) => cell.params.speed)).toEqual(grid.cells.filter((cell) => cell.params.speed === 5).map(() => 5));
    expect(diff.onlyAfter).toEqual([]);
  });

  it('names the fixed settings that differ between matched cells', () => {
    const after = withCells(grid, (cell) => ({ ...cell, params: { ...cell.params, difficulty: 'hard' } }));
    const diff = diffResults(grid, after);
    expect(diff.cells).toHaveLength(grid.cells.length);
    expect(diff.settingChanges).toEqual(['difficulty: standard → hard']);
  });

  it('refuses runs of different games', () => {
    const other = { ...grid, experiment: { ...grid.experiment, game: 'setawatch' } };
    expect(() => diffResults(grid, other)).toThrow(InputError);
    expect(() => diffResults(grid, other)).toThrow(/different games \(necreaux, setawatch\)/);
  });
});
