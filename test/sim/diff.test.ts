import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { cellMoved, diffResults } from '../../src/sim/diff.ts';
import type { CellResult, ResultsFile } from '../../src/sim/results.ts';
import { bonferroniZ, type DifferenceCI, independentDifference, pairedDifference, welchDifference } from '../../src/sim/statistics.ts';
import { fixtureGame as game, loadResults, withGameWins } from '../report/fixtures.ts';

const grid = loadResults('necreaux-speed');

/** A copy of the results in which `change` rewrites each cell. */
function withCells(results: ResultsFile, change: (cell: CellResult, index: number) => CellResult): ResultsFile {
  return { ...results, cells: results.cells.map(change) };
}

/** The cell with `more` more wins and as many fewer overruns out of its games. */
function winningMore(cell: CellResult, more: number): CellResult {
  const won = cell.win.rate + more / cell.games;
  const overrun = cell.outcomes.overrun.rate - more / cell.games;
  return { ...cell, win: { ...cell.win, rate: won }, outcomes: { ...cell.outcomes, win: { ...cell.win, rate: won }, overrun: { ...cell.outcomes.overrun, rate: overrun } } };
}

/** The cell's games as a run keeps them, with `turned` more games won (lost before: they follow its wins). */
function keepingGames(cell: CellResult, turned = 0): CellResult {
  return withGameWins(turned === 0 ? cell : winningMore(cell, turned));
}

/** The cell with a metric `hit` worth 100 in `hits` of `n` games and 0 in the rest, declared a rate of 100 or not. */
function hitting(cell: CellResult, hits: number, rateOf: number | undefined, n = 5000): CellResult {
  const p = hits / n;
  const sd = 100 * Math.sqrt((p * (1 - p) * n) / (n - 1));
  const hit = { mean: 100 * p, lo: 0, hi: 100, sd, n, histogram: cell.metrics.score.histogram, ...(rateOf === undefined ? {} : { rateOf }) };
  return { ...cell, metrics: { ...cell.metrics, hit } };
}

describe('diffResults', () => {
  it("compares a rate metric by its hits' rates, where Welch's interval would call 0 against 4 hits in 5,000 a move", () => {
    const hitChange = (rateOf: number | undefined) => {
      const diff = diffResults(withCells(grid, (cell) => hitting(cell, 0, rateOf)), withCells(grid, (cell) => hitting(cell, 4, rateOf)), game);
      return diff.cells[0].measures.find((measure) => measure.measure === 'hit')!.change as DifferenceCI;
    };
    const asRate = hitChange(100);
    expect(asRate.difference).toBeCloseTo(0.08, 10);
    expect(asRate.lo).toBeLessThan(0);
    const byWelch = hitChange(undefined);
    expect(byWelch.lo).toBeGreaterThan(0);
  });

  it("gives a rate metric's interval as the rate interval of its hits scaled by the rate, each side over its own games", () => {
    const hitChange = (after: (cell: CellResult) => CellResult, before = (cell: CellResult) => hitting(cell, 0, 100)) =>
      diffResults(withCells(grid, before), withCells(grid, after), game).cells[0].measures.find((measure) => measure.measure === 'hit')!.change as DifferenceCI;
    const scaled = (rates: { rate: number; lo: number; hi: number }) => ({ difference: 100 * rates.rate, lo: 100 * rates.lo, hi: 100 * rates.hi });
    expect(hitChange((cell) => hitting(cell, 4, 100))).toEqual(scaled(independentDifference(4, 5000, 0, 5000)));
    expect(hitChange((cell) => hitting(cell, 4, 100, 2000))).toEqual(scaled(independentDifference(4, 2000, 0, 5000)));
    expect(hitChange((cell) => hitting(cell, 4, 100), (cell) => hitting(cell, 10, 100))).toEqual(scaled(independentDifference(4, 5000, 10, 5000)));
    // A rate on one side only is compared as any metric is, by Welch's interval.
    const oneSided = (cell: CellResult) => hitting(cell, 4, undefined);
    expect(hitChange(oneSided)).toEqual(welchDifference(oneSided(grid.cells[0]).metrics.hit, hitting(grid.cells[0], 0, 100).metrics.hit));
  });

  it("gives a metric's mean before and after with the change, after − before", () => {
    const diff = diffResults(withCells(grid, (cell) => hitting(cell, 10, undefined)), withCells(grid, (cell) => hitting(cell, 4, undefined)), game);
    const hit = diff.cells[0].measures.find((measure) => measure.measure === 'hit')!;
    expect(hit.before).toBe(0.2);
    expect(hit.after).toBe(0.08);
    expect((hit.change as DifferenceCI).difference).toBeCloseTo(-0.12, 12);
  });

  it('recovers the win counts from published rates by rounding: 15 of 22 games is 15 wins, though 15/22 × 22 falls short of 15', () => {
    const of22 = (wins: number) => withCells(grid, (cell) => ({ ...cell, games: 22, win: { ...cell.win, rate: wins / 22 } }));
    expect((15 / 22) * 22).toBeLessThan(15);
    expect(diffResults(of22(0), of22(15), game).cells[0].win!.rate).toBe(15 / 22);
    expect(diffResults(of22(15), of22(0), game).cells[0].win!.rate).toBe(-15 / 22);
  });

  it('finds nothing moved between a run and itself', () => {
    const diff = diffResults(grid, grid, game);
    expect(diff.cells).toHaveLength(grid.cells.length);
    expect(diff.cells.every((cell) => cell.win?.rate === 0 && !cellMoved(cell) && !cell.winMovedTogether)).toBe(true);
    const changes = diff.cells.flatMap((cell) => cell.measures.map((measure) => (measure.kind === 'rate' ? measure.change.rate : measure.change.difference)));
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((change) => change === 0)).toBe(true);
    expect([diff.onlyBefore, diff.onlyAfter, diff.settingChanges, diff.partsOfWin]).toEqual([[], [], [], []]);
    expect(diff.winChange).toBeNull();
  });

  it('finds the cell that moved, alone and with all cells together, and leaves the win out of the other measures', () => {
    const after = withCells(grid, (cell, index) => (index === 3 ? winningMore(cell, 300) : cell));
    const diff = diffResults(grid, after, game);
    expect(diff.cells.filter(cellMoved).map((cell) => cell.after.id)).toEqual([grid.cells[3].id]);
    const change = diff.cells.find((cell) => cell.after.id === grid.cells[3].id)!;
    expect(change.win!.rate).toBeCloseTo(0.15, 12);
    expect(change.win!.lo).toBeGreaterThan(0);
    expect(change.winMovedTogether).toBe(true);
    expect(change.measures.map((measure) => measure.measure)).toEqual(['overrun', 'exhausted', 'turn-limit', 'score', 'turns', 'lossTurn']);
    expect(change.measures.find((measure) => measure.measure === 'overrun')!.change.hi).toBeLessThan(0);
  });

  it('tells a change that is significant on its own from one that survives all cells taken together', () => {
    // 70 more wins in 2,000 games: outside the 95% interval of one cell, inside the Bonferroni interval of twelve.
    const diff = diffResults(grid, withCells(grid, (cell, index) => (index === 3 ? winningMore(cell, 70) : cell)), game);
    const change = diff.cells[3];
    expect(change.win!.lo).toBeGreaterThan(0);
    expect(change.winMovedTogether).toBe(false);
  });

  it('corrects for the cells compared on both sides only, not for the cells that played no game on one', () => {
    // 82 more wins: inside the Bonferroni interval of all twelve cells, outside that of the six with games on both sides.
    const emptied = (cell: CellResult, index: number) => ([0, 1, 2, 4, 5, 6].includes(index) ? { ...cell, games: 0 } : cell);
    const after = withCells(grid, (cell, index) => (index === 3 ? winningMore(cell, 82) : emptied(cell, index)));
    expect(diffResults(grid, after, game).cells[3].winMovedTogether).toBe(true);
    expect(diffResults(withCells(grid, emptied), withCells(grid, (cell, index) => (index === 3 ? winningMore(cell, 82) : cell)), game).cells[3].winMovedTogether).toBe(true);
    expect(diffResults(grid, withCells(grid, (cell, index) => (index === 3 ? winningMore(cell, 82) : cell)), game).cells[3].winMovedTogether).toBe(false);
  });

  it('calls a cell moved when its win rate moved, or when only another of its measures did', () => {
    const still = { rate: 0, lo: -0.1, hi: 0.1 };
    expect(cellMoved({ win: { rate: 0.1, lo: 0.05, hi: 0.15 }, measures: [] } as never)).toBe(true);
    expect(cellMoved({ win: still, measures: [{ change: { lo: 0.01, hi: 0.2 } }] } as never)).toBe(true);
    expect(cellMoved({ win: still, measures: [{ change: { lo: -0.01, hi: 0.2 } }] } as never)).toBe(false);
  });

  it('matches cells by their settings and strategy, whatever their order and spelling, and lists the rest', () => {
    const respelled = withCells(grid, (cell) => ({ ...cell, strategy: 'greedy:watch=greedy,budget=600' }));
    const after = { ...respelled, cells: [...respelled.cells].reverse().filter((cell) => cell.params.speed !== 5) };
    const diff = diffResults(grid, after, game);
    expect(diff.cells.every((cell) => cell.before.params.speed === cell.after.params.speed && cell.before.params.agents === cell.after.params.agents)).toBe(true);
    expect(diff.cells.every((cell) => !cellMoved(cell))).toBe(true);
    expect(diff.onlyBefore.map((cell) => cell.params.speed)).toEqual([5, 5, 5]);
    expect(diff.onlyAfter).toEqual([]);
    const extra = { ...grid, cells: [...grid.cells, { ...grid.cells[0], params: { ...grid.cells[0].params, speed: 99 } }] };
    expect(diffResults(grid, extra, game).onlyAfter.map((cell) => cell.params.speed)).toEqual([99]);
  });

  it("names only the game's settings among the varied names it matches by: the strategy and its parameters are matched apart", () => {
    const withStrategyVaried = { ...grid, experiment: { ...grid.experiment, varied: [...grid.experiment.varied, 'strategy', 'budget'] } };
    const diff = diffResults(withStrategyVaried, grid, game);
    expect(diff.matchedBy).toEqual(['speed', 'agents']);
    expect(diff.cells).toHaveLength(grid.cells.length);
  });

  it('matches a setting one run does not have at its default, and names the fixed settings that differ', () => {
    const after = {
      ...withCells(grid, (cell) => ({ ...cell, params: { ...cell.params, rule: false, difficulty: 'hard' } })),
      experiment: { ...grid.experiment, varied: [...grid.experiment.varied, 'rule'] },
    };
    const diff = diffResults(grid, after, game);
    expect(diff.cells).toHaveLength(grid.cells.length);
    expect(diff.matchedBy).toEqual(['speed', 'agents', 'rule']);
    expect(diff.settingChanges).toEqual(['difficulty: standard → hard', 'rule: (none) → false']);
  });

  it('names a change in the outcomes that make up the win, from what each run recorded, in any order', () => {
    const seats = (winningOutcomes?: string[]) => ({ ...grid, winOutcome: 'anyone', winningOutcomes });
    expect(diffResults(seats(['win']), seats(['win', 'overrun']), game).winChange).toBe('win: anyone (win) → anyone (overrun or win)');
    expect(diffResults(seats(['win', 'overrun']), seats(['overrun', 'win']), game).winChange).toBeNull();
    // A run before playsim 0.5.0 recorded only the win's name: its one outcome when the game has an outcome so named.
    expect(diffResults(seats(undefined), seats(['win', 'overrun']), game).winChange).toBeNull();
    expect(diffResults(grid, seats(['win', 'overrun']), game).winChange).toBe('win: win → anyone (overrun or win)');
    expect(diffResults(grid, { ...grid, winningOutcomes: ['win'] }, game).winChange).toBeNull();
    expect(diffResults(grid, seats(undefined), game).winChange).toBe('win: win → anyone');
  });

  it('compares no rate of a cell that played no game on a side', () => {
    const diff = diffResults(grid, withCells(grid, (cell, index) => (index === 0 ? { ...cell, games: 0 } : cell)), game);
    expect(diff.cells[0]).toMatchObject({ win: null, winMovedTogether: false, measures: [] });
    expect(cellMoved(diff.cells[0])).toBe(false);
    const beforeEmpty = diffResults(withCells(grid, (cell, index) => (index === 0 ? { ...cell, games: 0 } : cell)), grid, game);
    expect(beforeEmpty.cells[0].win).toBeNull();
  });

  it('shows the parts of a win made of several outcomes, and never the only losing outcome', () => {
    const seats = diffResults(grid, grid, { ...game, winOutcome: 'anyone', winningOutcomes: ['win', 'overrun'] });
    expect(seats.partsOfWin).toEqual(['win', 'overrun']);
    expect(seats.cells[0].measures.filter((measure) => measure.kind === 'rate').map((measure) => measure.measure)).toEqual(['win', 'overrun', 'exhausted', 'turn-limit']);
    const complement = diffResults(grid, grid, { ...game, winOutcome: 'anyone', winningOutcomes: ['win', 'overrun', 'exhausted'] });
    expect(complement.cells[0].measures.filter((measure) => measure.kind === 'rate').map((measure) => measure.measure)).toEqual(['win', 'overrun', 'exhausted']);
  });

  it('lists outcomes and metrics only one run has', () => {
    const after = { ...grid, outcomeNames: [...grid.outcomeNames, 'stalemate'], metricNames: grid.metricNames.filter((name) => name !== 'lossTurn') };
    const diff = diffResults(grid, after, game);
    expect(diff.outcomesInOneRun).toEqual({ before: [], after: ['stalemate'] });
    expect(diff.metricsInOneRun).toEqual({ before: ['lossTurn'], after: [] });
    const beforeOnly = diffResults({ ...grid, outcomeNames: [...grid.outcomeNames, 'stalemate'] }, grid, game);
    expect(beforeOnly.cells[0].measures.map((measure) => measure.measure)).not.toContain('stalemate');
  });

  it('refuses runs of different games, runs with no cell in common and cells it cannot tell apart', () => {
    expect(() => diffResults(grid, { ...grid, experiment: { ...grid.experiment, game: 'setawatch' } }, game)).toThrow(/different games \(necreaux, setawatch\)/);
    const disjoint = withCells(grid, (cell) => ({ ...cell, params: { ...cell.params, agents: (cell.params.agents as number) + 10 } }));
    expect(() => diffResults(grid, disjoint, game)).toThrow(InputError);
    expect(() => diffResults(grid, disjoint, game)).toThrow(/no cell of the second run matches one of the first \(cells are matched by speed, agents, strategy\)/);
    expect(() => diffResults(grid, withCells(grid, (cell) => ({ ...cell, params: { ...cell.params, speed: 5 } })), game)).toThrow(/cannot be told apart/);
  });

  describe('on the same seed, with the games kept', () => {
    const before = withCells(grid, (cell) => keepingGames(cell));

    it('compares each win rate game by game, so a change of a few games shows where independent samples cannot see it', () => {
      // 40 games of 2,000 turned from losses into wins, none the other way: 2 pp.
      const after = withCells(grid, (cell, index) => keepingGames(cell, index === 3 ? 40 : 0));
      const diff = diffResults(before, after, game);
      const change = diff.cells[3];
      const won = Math.round(grid.cells[3].win.rate * 2000);
      expect(change.comparison).toEqual({ kind: 'paired', games: 2000 });
      expect(change.win).toEqual(pairedDifference(won, 40, 0, 2000 - won - 40));
      expect(change.win!.lo).toBeGreaterThan(0.01);
      expect(change.winMovedTogether).toBe(true);
      expect(diff.cells.filter((cell) => cell.win!.lo > 0 || cell.win!.hi < 0)).toHaveLength(1);
      const unpaired = diffResults(grid, withCells(grid, (cell, index) => (index === 3 ? winningMore(cell, 40) : cell)), game).cells[3];
      expect(unpaired.comparison).toEqual({ kind: 'independent', because: 'games not kept' });
      expect(unpaired.win!.rate).toBeCloseTo(0.02, 12);
      expect(unpaired.win!.lo).toBeLessThan(0);
    });

    it('takes all cells together with the Bonferroni z on the paired interval', () => {
      // 7 games turned: significant on their own, not with twelve cells together.
      const diff = diffResults(before, withCells(grid, (cell, index) => keepingGames(cell, index === 3 ? 7 : 0)), game);
      const won = Math.round(grid.cells[3].win.rate * 2000);
      expect(diff.cells[3].win!.lo).toBeGreaterThan(0);
      expect(pairedDifference(won, 7, 0, 2000 - won - 7, bonferroniZ(12)).lo).toBeLessThan(0);
      expect(diff.cells[3].winMovedTogether).toBe(false);
    });

    it('pairs only the games both runs played', () => {
      const firstHalf = withCells(grid, (cell) => keepingGames({ ...cell, games: 1000, win: { ...cell.win, rate: Math.round(cell.win.rate * 1000) / 1000 } }));
      const diff = diffResults(before, firstHalf, game);
      expect(diff.cells.every((cell) => cell.comparison.kind === 'paired' && cell.comparison.games === 1000)).toBe(true);
      diff.cells.forEach((cell) => {
        const wonInFirstThousandBefore = Math.min(1000, Math.round(cell.before.win.rate * 2000));
        expect(cell.win!.rate).toBeCloseTo(cell.after.win.rate - wonInFirstThousandBefore / 1000, 12);
      });
    });

    it('falls back to independent samples on different seeds or dealings, when a run did not keep its games, or played none of the other run', () => {
      const comparisons = (after: ResultsFile, from = before) => new Set(diffResults(from, after, game).cells.map((cell) => JSON.stringify(cell.comparison)));
      expect(comparisons({ ...before, seed: before.seed + 1 })).toEqual(new Set([JSON.stringify({ kind: 'independent', because: 'other seeds' })]));
      const dealtSince = (results: ResultsFile, version: string) => ({ ...results, tool: { ...results.tool, version } });
      expect(comparisons(dealtSince(before, '0.7.0'), dealtSince(before, '0.6.0'))).toEqual(new Set([JSON.stringify({ kind: 'independent', because: 'other dealing' })]));
      expect(comparisons(dealtSince(before, '0.8.1'), dealtSince(before, '0.7.0'))).toEqual(new Set([JSON.stringify({ kind: 'paired', games: 2000 })]));
      expect(comparisons(before, grid)).toEqual(new Set([JSON.stringify({ kind: 'independent', because: 'games not kept' })]));
      const laterGames = withCells(before, (cell) => ({ ...cell, raw: { ...cell.raw, wins: { ...cell.raw.wins!, played: [[5000, 7000]] } } }));
      expect(comparisons(laterGames)).toEqual(new Set([JSON.stringify({ kind: 'independent', because: 'no game in common' })]));
      expect(diffResults(before, before, game).cells.every((cell) => cell.comparison.kind === 'paired' && cell.win!.rate === 0 && !cell.winMovedTogether)).toBe(true);
    });
  });
});
