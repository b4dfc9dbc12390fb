import { describe, expect, it } from 'vitest';
import { diffMarkdown } from '../../src/report/diff.ts';
import { diffResults } from '../../src/sim/diff.ts';
import type { CellResult, ResultsFile } from '../../src/sim/results.ts';
import { fixtureGame, loadResults, withGameWins, withMetricNames } from './fixtures.ts';

const grid = loadResults('necreaux-speed');

/** The cell with every game lost to the turn limit: its win rate and outcomes all move. */
function neverWinning(cell: CellResult): CellResult {
  const zero = { rate: 0, lo: 0, hi: 0 };
  return { ...cell, win: zero, outcomes: { win: zero, overrun: zero, exhausted: zero, 'turn-limit': { rate: 1, lo: 1, hi: 1 } } };
}

/** The grid with 8 more cells, speeds 9 to 11: 20 in all. */
function withTwentyCells(results: ResultsFile): ResultsFile {
  const settings = [[9, 2], [9, 3], [9, 4], [10, 2], [10, 3], [10, 4], [11, 2], [11, 3]];
  const more = settings.map(([speed, agents], index) => ({ ...results.cells[index], id: results.cells.length + index, params: { ...results.cells[index].params, speed, agents } }));
  return { ...results, cells: [...results.cells, ...more] };
}

/** The line of the report that starts so. */
function lineOf(text: string, start: string): string | undefined {
  return text.split('\n').find((line) => line.startsWith(start));
}

describe('diffMarkdown', () => {
  it('says nothing moved between a run and itself, with a row per cell', () => {
    const text = diffMarkdown(diffResults(grid, grid, fixtureGame), 'old/results.json', 'new/results.json');
    expect(text).toContain('# Before and after: ');
    expect(text).toContain('- **before:** old/results.json (playsim 0.9.0): experiment necreaux-speed; seed 20240611; games per cell 2,000; complete yes;');
    expect(text).toContain(`**0 of ${grid.cells.length} matched cells moved in win rate** with all ${grid.cells.length} changes taken together`);
    expect(text).toMatch(/0 on its own at 95% \(about 0\.6 would by chance alone when nothing changed\), 0 in win rate or another outcome or metric \(up to (\d+) measures a cell, each at 95%: about [\d.]+% of cells would by chance alone, if the measures were independent\)\./);
    // The win rate, the three losing outcomes (overrun, exhausted, turn-limit) and three metrics: 1 - 0.95^7.
    expect(text).toContain('up to 7 measures a cell, each at 95%: about 30.2% of cells would by chance alone');
    expect(text).toContain('For every cell, a run did not keep which games were won (a results.json of playsim before 0.3.0, or of a run of over 268,435,456 games), so the runs cannot be compared game by game. Everything not compared game by game is estimated as between independent samples (Newcombe\'s hybrid score interval for rates, Welch\'s for means), which is conservative on a shared seed when, as usual, a game that goes well in one run goes well in the other.');
    expect(text.match(/^\| \d+ \| \d+ \| greedy \|.* \| no \| no \|$/gm)).toHaveLength(grid.cells.length);
    expect(text).toContain('1 in 20 moves by chance when nothing changed.\n\nNone.');
    expect(text).not.toContain('Cells in only one run');
  });

  it('says a run of a playsim that deals seeds otherwise played other games, and is not conservative then', () => {
    const dealtBefore = { ...grid, tool: { ...grid.tool, version: '0.6.0' } };
    const dealtSince = { ...grid, tool: { ...grid.tool, version: '0.7.0' } };
    const text = diffMarkdown(diffResults(dealtBefore, dealtSince, fixtureGame), 'old', 'new');
    expect(text).toContain("playsim 0.6.0 and 0.7.0 deal a seed's games differently (the dealing changed in 0.7.0), so the runs' games are independent samples.");
    expect(text).toContain("Welch's for means).");
  });

  it('lists the moved cell, its other moved outcomes, the cells in one run only and the settings that differ', () => {
    const after = { ...grid, cells: grid.cells.slice(1).map((cell, index) => (index === 0 ? neverWinning({ ...cell, params: { ...cell.params, vigilance: true } }) : cell)) };
    const text = diffMarkdown(diffResults(grid, after, fixtureGame), 'before', 'after');
    expect(text).toContain(`**1 of ${grid.cells.length - 1} matched cells moved in win rate**`);
    expect(text).toMatch(/^\| 5 \| 3 \| greedy \| 2,000 \| 2,000 \| — \| [\d.]+% \| 0\.0% \| -[\d.]+ pp \[-[\d.]+, -[\d.]+\] \| yes \| yes \|$/m);
    expect(text).toMatch(/^\| 5 \| 3 \| greedy \| turn-limit % \| [\d.]+% \| 100\.0% \| \+[\d.]+ pp/m);
    expect(text).toContain('- only before: speed=5, agents=2, strategy=greedy');
    expect(text).toContain('- **differences:** vigilance: false → true');
  });

  it('shows a metric that moved by less than its usual decimal with the decimals its interval needs', () => {
    const withTurns = (mean: number) => ({
      ...grid,
      cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, turns: { ...cell.metrics.turns, mean, sd: 1, n: 20000 } } })),
    });
    const text = diffMarkdown(diffResults(withTurns(11.4), withTurns(11.44), fixtureGame), 'before', 'after');
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| turns \(mean\) \| 11\.40 \| 11\.44 \| \+0\.04 \[0\.02, 0\.06\] \|$/m);
  });

  it('says when the two runs are of different experiments', () => {
    const other = { ...grid, experiment: { ...grid.experiment, name: 'necreaux-levels' } };
    const text = diffMarkdown(diffResults(grid, other, fixtureGame), 'before', 'after');
    expect(text).toContain('- **differences:** different experiments: necreaux-speed before, necreaux-levels after (cells are matched by their settings and strategy)');
    expect(diffMarkdown(diffResults(grid, grid, fixtureGame), 'a', 'b')).not.toContain('different experiments');
  });

  it('says when the win counts other outcomes in the two runs', () => {
    const wider = { ...grid, winningOutcomes: ['win', 'turn-limit'] };
    const text = diffMarkdown(diffResults({ ...grid, winningOutcomes: ['win'] }, wider, fixtureGame), 'before', 'after');
    expect(text).toContain('- **differences:** win: win → win (turn-limit or win), so the win rates count different outcomes');
  });

  it('marks a stopped cell, a cell with no games and a run that is not complete', () => {
    const after = { ...grid, complete: false, cells: grid.cells.map((cell, index) => (index === 0 ? { ...cell, games: 0, complete: false } : cell)) };
    const text = diffMarkdown(diffResults(grid, after, fixtureGame), 'before', 'after');
    expect(text).toContain('complete no: 1 of 12 cells stopped early');
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| 2,000 \| 0 \(stopped\) \| — \| [\d.]+% \| — \| — \(no games on a side\) \| no \| no \|$/m);
  });

  it('says which win rates are compared game by game, over how many games, and why the others are not', () => {
    const kept = { ...grid, cells: grid.cells.map(withGameWins) };
    const all = diffMarkdown(diffResults(kept, kept, fixtureGame), 'before', 'after');
    expect(all).toContain('Both runs used seed 20240611, which deals the same game at the same index, so the win rates of every cell are compared game by game over the games both played (Tango\'s score interval for paired proportions)');
    expect(all).toContain('Everything not compared game by game is estimated as between independent samples');
    expect(all.match(/^\| \d+ \| \d+ \| greedy \| 2,000 \| 2,000 \| 2,000 \| .* \| no \| no \|$/gm)).toHaveLength(grid.cells.length);
    expect(all).not.toContain('need not equal');
    const half = { ...grid, cells: grid.cells.map((cell, index) => (index < 6 ? withGameWins(cell) : cell)) };
    const some = diffMarkdown(diffResults(kept, half, fixtureGame), 'before', 'after');
    expect(some).toContain('so the win rates of 6 of the 12 cells are compared game by game');
    expect(some).toContain('For 6 of the 12 cells, a run did not keep which games were won');
    expect(some.match(/^\| \d+ \| \d+ \| greedy \| 2,000 \| 2,000 \| — \| /gm)).toHaveLength(6);
    const shards = { ...kept, cells: kept.cells.map((cell) => ({ ...cell, raw: { ...cell.raw, wins: { ...cell.raw.wins!, played: [[2000, 4000]] as [number, number][] } } })) };
    const apart = diffMarkdown(diffResults(kept, shards, fixtureGame), 'before', 'after');
    expect(apart).toContain('For every cell, the runs played no game in common (two shards of one run, say).');
    expect(apart).not.toContain('did not keep');
    const otherSeed = diffMarkdown(diffResults(kept, { ...kept, seed: 7 }, fixtureGame), 'before', 'after');
    expect(otherSeed).toContain('The runs used different seeds (20240611, 7), so their games are independent samples.');
    expect(otherSeed).toContain("Welch's for means).");
  });

  it('notes a change over fewer games than a run played, and counts only the cells with games in the Bonferroni level', () => {
    const kept = { ...grid, cells: grid.cells.map(withGameWins) };
    const shorter = { ...grid, cells: grid.cells.map((cell, index) => (index === 0 ? { ...cell, games: 0, complete: false } : withGameWins({ ...cell, games: 1000, win: { ...cell.win, rate: Math.round(cell.win.rate * 1000) / 1000 } }))) };
    const text = diffMarkdown(diffResults(kept, shorter, fixtureGame), 'before', 'after');
    expect(text).toContain('Where the paired games are fewer than a run played, the change is over the paired games only');
    expect(text).toContain('matched cells moved in win rate** with all 11 changes taken together (Bonferroni: each at 99.5%; 1 with no games on a side has none)');
    expect(text).toContain('so the win rates of 11 of the 12 cells are compared game by game');
  });

  it('heads the tables with the settings cells are matched by, and says only what the runs hold', () => {
    const text = diffMarkdown(diffResults(grid, grid, fixtureGame), 'old/results.json', 'new/results.json');
    expect(lineOf(text, '- **before:**')).toBe(
      '- **before:** old/results.json (playsim 0.9.0): experiment necreaux-speed; seed 20240611; games per cell 2,000; complete yes; content content/necreaux/cards.yaml: 14 rulebook, 88 estimated — estimates are not printed values',
    );
    expect(text).not.toContain('- **differences:**');
    expect(text).toMatch(/\(Bonferroni: each at [\d.]+%\); 0 on its own/);
    expect(text).not.toMatch(/Both runs used seed|different seeds|deal a seed's games differently/);
    expect(lineOf(text, '| speed |')).toBe('| speed | agents | strategy | games before | games after | paired games | before % | after % | change [95% CI] | moved | moved with all cells together |');
    const moved = diffMarkdown(diffResults(grid, { ...grid, cells: grid.cells.map((cell, index) => (index === 0 ? neverWinning(cell) : cell)) }, fixtureGame), 'before', 'after');
    expect(moved.slice(moved.indexOf('## Other outcomes'))).toContain('\n| speed | agents | strategy | measure | before | after | change [95% CI] |\n');
  });

  it('names the outcomes and metrics only one run has', () => {
    const withFled = { ...grid, outcomeNames: [...grid.outcomeNames, 'fled'], cells: grid.cells.map((cell) => ({ ...cell, outcomes: { ...cell.outcomes, fled: cell.outcomes.overrun } })) };
    const withCards = withMetricNames(grid, [...grid.metricNames, 'cards']);
    expect(lineOf(diffMarkdown(diffResults(withFled, withCards, fixtureGame), 'before', 'after'), '- **differences:**')).toBe('- **differences:** outcomes only before: fled; metrics only after: cards');
    expect(lineOf(diffMarkdown(diffResults(withCards, withFled, fixtureGame), 'before', 'after'), '- **differences:**')).toBe('- **differences:** outcomes only after: fled; metrics only before: cards');
  });

  it('says how many would move by chance with a decimal below 20 cells, and nothing of other measures when a cell has none', () => {
    const twenty = withTwentyCells(grid);
    expect(diffMarkdown(diffResults(twenty, twenty, fixtureGame), 'before', 'after')).toContain('(about 1 would by chance alone when nothing changed)');
    const winOnly = { ...grid, outcomeNames: ['win'], metricNames: [], cells: grid.cells.map((cell) => ({ ...cell, outcomes: { win: cell.win }, metrics: {} })) };
    expect(diffMarkdown(diffResults(winOnly, winOnly, fixtureGame), 'before', 'after')).toContain('0 in win rate or another outcome or metric. Each change is after minus before.');
  });

  it('shows no win rate for the run whose cell has no games, before as after', () => {
    const before = { ...grid, complete: false, cells: grid.cells.map((cell, index) => (index === 0 ? { ...cell, games: 0, complete: false } : cell)) };
    const text = diffMarkdown(diffResults(before, grid, fixtureGame), 'before', 'after');
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| 0 \(stopped\) \| 2,000 \| — \| — \| [\d.]+% \| — \(no games on a side\) \| no \| no \|$/m);
  });

  it("shows a mean from 100 up without decimals when its interval needs none, by the larger of the two means", () => {
    const withTurns = (mean: number) => ({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, turns: { ...cell.metrics.turns, mean, sd: 100, n: 20000 } } })) });
    const text = diffMarkdown(diffResults(withTurns(95), withTurns(105), fixtureGame), 'before', 'after');
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| turns \(mean\) \| 95 \| 105 \| \+10 \[8, 12\] \|$/m);
  });

  it('lists the cells only the later run has', () => {
    const text = diffMarkdown(diffResults(grid, withTwentyCells(grid), fixtureGame), 'before', 'after');
    expect(text).toContain('## Cells in only one run\n\n- only after: speed=9, agents=2, strategy=greedy\n');
    expect(text.match(/^- only after: /gm)).toHaveLength(8);
  });
});
