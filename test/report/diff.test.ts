import { describe, expect, it } from 'vitest';
import { diffMarkdown } from '../../src/report/diff.ts';
import { diffResults } from '../../src/sim/diff.ts';
import type { CellResult } from '../../src/sim/results.ts';
import { loadResults } from './fixtures.ts';

const grid = loadResults('necreaux-speed');

/** The cell with every game lost to the turn limit: its win rate and outcomes all move. */
function neverWinning(cell: CellResult): CellResult {
  const zero = { rate: 0, lo: 0, hi: 0 };
  return { ...cell, win: zero, outcomes: { win: zero, overrun: zero, exhausted: zero, 'turn-limit': { rate: 1, lo: 1, hi: 1 } } };
}

describe('diffMarkdown', () => {
  it('says nothing moved between a run and itself, with a row per cell', () => {
    const text = diffMarkdown(diffResults(grid, grid), 'old/results.json', 'new/results.json');
    expect(text).toContain('# Before and after: ');
    expect(text).toContain('- **before:** old/results.json: experiment necreaux-speed');
    expect(text).toContain(`0 of ${grid.cells.length} matched cells moved in win rate, 0 in some outcome or metric`);
    expect(text.match(/^\| \d+ \| \d+ \| greedy \|.* \| no \|$/gm)).toHaveLength(grid.cells.length);
    expect(text).toContain('## Other outcomes and metrics that moved\n\nNone.');
    expect(text).not.toContain('Cells in only one run');
  });

  it('lists the moved cell, its other moved outcomes, the cells in one run only and the settings that differ', () => {
    const after = { ...grid, cells: grid.cells.slice(1).map((cell, index) => (index === 0 ? neverWinning({ ...cell, params: { ...cell.params, vigilance: true } }) : cell)) };
    const text = diffMarkdown(diffResults(grid, after), 'before', 'after');
    expect(text).toContain(`1 of ${grid.cells.length - 1} matched cells moved in win rate`);
    expect(text).toMatch(/^\| 5 \| 3 \| greedy \| 2,000 \| 2,000 \| [\d.]+% \| 0\.0% \| -[\d.]+ pp \[-[\d.]+, -[\d.]+\] \| yes \|$/m);
    expect(text).toMatch(/^\| 5 \| 3 \| greedy \| turn-limit % \| [\d.]+% \| 100\.0% \| \+[\d.]+ pp/m);
    expect(text).toContain('- only before: 5, 2, greedy');
    expect(text).toContain('- **settings that differ:** vigilance: false → true');
  });
});
