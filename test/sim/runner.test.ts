import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { GameCrash, InputError, StrategyError, strategyThrew } from '../../src/core/errors.ts';
import { OutcomeRecord, playOneGame } from '../../src/core/game.ts';
import { gameSeed } from '../../src/core/rng.ts';
import { loadGame } from '../../src/games/registry.ts';
import { loadContent } from '../../src/sim/content.ts';
import { createStrategy } from '../../src/sim/strategy-spec.ts';
import { probability2d6Above } from '../fixtures/dice.ts';
import { executeExperiment, replayCommandLine } from '../../src/sim/execute.ts';
import { experimentSchema, readExperimentFile, type ExperimentPlan } from '../../src/sim/experiment.ts';
import { GameWins, type GameWinsJSON, MAX_KEPT_GAMES } from '../../src/sim/game-wins.ts';
import { mergeShards } from '../../src/sim/merge.ts';
import { gamesPerTask, ROUND_GAMES } from '../../src/sim/runner.ts';
import { halfWidth, wilson } from '../../src/sim/statistics.ts';
import { describeFailure } from '../../src/sim/task.ts';
import type { ResultsFile } from '../../src/sim/results.ts';
import { tempDir } from '../fixtures/temp-dir.ts';
import { COIN, coinExperiment } from '../fixtures/coin-experiment.ts';

const GRID = 'test/fixtures/experiments/coin-grid.yaml';
function oneCell(settings: Record<string, string | number | boolean>, strategy = 'always') {
  return coinExperiment({ settings, strategies: [strategy] });
}

/** The coin grid's results as `count` shards, and a way to write a (changed) results file to a fresh folder. */
async function shardsOfGrid(count: number) {
  const file = readExperimentFile(GRID);
  const dir = tempDir('playsim-shards-');
  const shards: ResultsFile[] = [];
  for (let index = 0; index < count; index++) shards.push((await executeExperiment({ file, sourcePath: GRID, workers: 1, shard: { index, count }, keepGameWins: true })).results);
  const write = (name: string, results: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(results));
    return path;
  };
  return { shards, write };
}

/** The results as a run that kept no game wins writes them. */
function withoutGameWins(results: ResultsFile): ResultsFile {
  return { ...results, cells: results.cells.map(({ raw: { wins: _, ...raw }, ...cell }) => ({ ...cell, raw })) };
}

/** The results as a game that counts its other outcome, "lost", as the win would have written them (without game wins). */
function wonByLosing(results: ResultsFile): ResultsFile {
  const cells = withoutGameWins(results).cells.map((cell) => ({ ...cell, win: cell.outcomes.lost }));
  return { ...results, winOutcome: 'lost', winningOutcomes: ['lost'], cells };
}

/** The results with every histogram of metric `best` starting at `min`: bins the coin game does not have. */
function withBestFrom(results: ResultsFile, min: number): ResultsFile {
  const cells = results.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, best: { ...cell.metrics.best, histogram: { ...cell.metrics.best.histogram, min } } } }));
  return { ...results, cells };
}

/** The results with an outcome or a metric called by another name, consistently throughout. */
function renamed(results: ResultsFile, field: 'outcomes' | 'metrics', from: string, to: string): ResultsFile {
  const rename = (name: string) => (name === from ? to : name);
  const renameKeys = (record: object) => Object.fromEntries(Object.entries(record).map(([name, value]) => [rename(name), value]));
  const names = field === 'outcomes' ? { outcomeNames: results.outcomeNames.map(rename), winningOutcomes: results.winningOutcomes?.map(rename) } : { metricNames: results.metricNames.map(rename) };
  const cells = results.cells.map((cell) => ({ ...cell, [field]: renameKeys(cell[field]) }));
  if (field === 'outcomes') return { ...results, ...names, cells };
  return { ...results, ...names, cells, comparisons: results.comparisons.map((comparison) => ({ ...comparison, metrics: renameKeys(comparison.metrics!) })) };
}

describe('runner', () => {
  it('gives identical results for 1 and 2 workers', async () => {
    const file = readExperimentFile(GRID);
    const one = await executeExperiment({ file, sourcePath: GRID, workers: 1, shard: null, keepGameWins: true });
    const two = await executeExperiment({ file, sourcePath: GRID, workers: 2, shard: null, keepGameWins: true });
    expect(two.results).toEqual(one.results);
    expect(one.results.cells).toHaveLength(6);
    expect(one.results.cells.every((cell) => cell.games === 3000 && cell.complete)).toBe(true);
  });

  it('merges 3 shards, each run on its own number of workers, into exactly the single run', async () => {
    const file = readExperimentFile(GRID);
    const whole = await executeExperiment({ file, sourcePath: GRID, workers: 2, shard: null, keepGameWins: true });
    const dir = tempDir('playsim-shards-');
    const paths: string[] = [];
    for (let index = 0; index < 3; index++) {
      // The tasks a shard plays must not depend on its --workers: the machines running a split need not be alike.
      const { results } = await executeExperiment({ file, sourcePath: GRID, workers: index === 1 ? 2 : 1, shard: { index, count: 3 }, keepGameWins: true });
      expect(results.cells[0].games).toBeLessThan(3000);
      const path = join(dir, `shard-${index}.json`);
      writeFileSync(path, JSON.stringify(results));
      paths.push(path);
    }
    expect(await mergeShards(paths)).toEqual(whole.results);
    await expect(mergeShards(paths.slice(0, 2))).rejects.toThrow(/missing shard 2\/3/);
    await expect(mergeShards([])).rejects.toThrow(new InputError('merge: give at least one results.json'));
  });

  it("splits each cell's games evenly among the shards, to within one task", async () => {
    const { shards } = await shardsOfGrid(2);
    const taskGames = gamesPerTask(3000, shards[0].cells.length * shards[0].metricNames.length);
    for (const shard of shards) expect(shard.cells.every((cell) => Math.abs(cell.games - 3000 / 2) <= taskGames)).toBe(true);
  });

  it('names at most 10 missing shards, however many the split has', async () => {
    const { shards, write } = await shardsOfGrid(1);
    const shardOf = (index: number, count: number) => write(`${index}-of-${count}.json`, { ...shards[0], shard: { index, count } });
    const named = (count: number, indices: number[]) => indices.map((index) => `${index}/${count}`).join(', ');
    await expect(mergeShards([shardOf(0, 25), shardOf(3, 25)])).rejects.toThrow(new InputError(`merge: missing shards ${named(25, [1, 2, 4, 5, 6, 7, 8, 9, 10, 11])} and 13 more`));
    await expect(mergeShards([shardOf(0, 11)])).rejects.toThrow(new InputError(`merge: missing shards ${named(11, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])}`));
    // Past 2^32 shards, no array has room for one entry per shard.
    const count = 5_000_000_000;
    await expect(mergeShards([shardOf(0, count)])).rejects.toThrow(new InputError(`merge: missing shards ${named(count, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])} and ${count - 11} more`));
  });

  it("plans a shard's progress as the games of its own tasks, so it ends at 100%", async () => {
    const file = readExperimentFile(GRID);
    let last = [0, 0];
    const { results } = await executeExperiment({ file, sourcePath: GRID, workers: 1, shard: { index: 0, count: 4 }, keepGameWins: true, onProgress: (done, planned) => (last = [done, planned]) });
    expect(last[0]).toBe(last[1]);
    expect(last[1]).toBe(results.cells.reduce((games, cell) => games + cell.games, 0));
  });

  it('merges shards that stopped early into cells marked incomplete, and keeps game wins only when every shard has them', async () => {
    const { shards, write } = await shardsOfGrid(3);
    const [p0, p1, p2] = shards.map((results, index) => write(`${index}.json`, results));
    const stopped = write('stopped.json', { ...shards[1], complete: false, cells: shards[1].cells.map((cell, i) => (i === 0 ? { ...cell, complete: false } : cell)) });
    const merged = await mergeShards([p0, stopped, p2]);
    expect(merged.cells.map((cell) => cell.complete)).toEqual(shards[0].cells.map((_, i) => i !== 0));
    expect(merged.complete).toBe(false);
    const withoutWins = write('no-wins.json', withoutGameWins(shards[2]));
    expect((await mergeShards([p0, p1, withoutWins])).cells.every((cell) => cell.raw.wins === undefined)).toBe(true);
    await expect(mergeShards([p0])).rejects.toThrow(/missing shards 1\/3, 2\/3/);
    await expect(mergeShards([p0, p0, p1, p2])).rejects.toThrow(/shard 0\/3 is given twice/);
    const otherCells = write('other-cells.json', { ...shards[1], cells: shards[1].cells.map((cell, i) => (i === 0 ? { ...cell, params: { ...cell.params, target: 99 } } : cell)) });
    await expect(mergeShards([p0, otherCells, p2])).rejects.toThrow(/other-cells\.json: field cells: their settings \(--set\) or strategies differ from .*0\.json's: not the same run/);
    // A baseline changes which cells are compared, not the cells: such shards would add up tables of different pairs.
    const otherPairs = write('other-pairs.json', { ...shards[1], comparisons: shards[1].comparisons.map((comparison, i) => (i === 0 ? { ...comparison, a: comparison.b, b: comparison.a } : comparison)) });
    await expect(mergeShards([p0, otherPairs, p2])).rejects.toThrow(/other-pairs\.json: field comparisons: the cells compared differ from .*0\.json's \(the experiment's baseline\): not the same run/);
    const otherSplit = write('other-split.json', { ...shards[1], shard: { index: 1, count: 2 } });
    await expect(mergeShards([p0, otherSplit])).rejects.toThrow(/every file must be a shard of the same --shard i\/n split/);
    const notAShard = write('whole.json', { ...shards[1], shard: null });
    await expect(mergeShards([p0, notAShard])).rejects.toThrow(/every file must be a shard of the same --shard i\/n split/);
  });

  it('merges a shard that was really stopped, with fewer games (here none), into cells marked incomplete', async () => {
    const { shards, write } = await shardsOfGrid(3);
    const file = readExperimentFile(GRID);
    const interruption = new AbortController();
    interruption.abort();
    const stopped = await executeExperiment({ file, sourcePath: GRID, workers: 1, shard: { index: 1, count: 3 }, keepGameWins: true, signal: interruption.signal });
    expect(stopped.interrupted).toBe(true);
    expect(stopped.results.cells.every((cell) => cell.games === 0 && !cell.complete)).toBe(true);
    const merged = await mergeShards([write('0.json', shards[0]), write('stopped.json', stopped.results), write('2.json', shards[2])]);
    expect(merged.cells.map((cell) => cell.games)).toEqual(shards[0].cells.map((cell, i) => cell.games + shards[2].cells[i].games));
    expect(merged.cells.every((cell) => cell.games < 3000 && !cell.complete)).toBe(true);
    expect(merged.complete).toBe(false);
    // Said to be complete, the stopped shard's cells leave out games of the run: only their sum shows it.
    const claimed = write('claimed.json', { ...stopped.results, complete: true, cells: stopped.results.cells.map((cell) => ({ ...cell, complete: true })) });
    const games = merged.cells[0].games;
    await expect(mergeShards([write('0.json', shards[0]), claimed, write('2.json', shards[2])])).rejects.toThrow(
      new InputError(`merge: cell 0 adds up to ${games} games, not the run's 3000: the shards do not partition the run`),
    );
  });

  it('refuses shards run with different --games, naming the field', async () => {
    const file = readExperimentFile(GRID);
    const dir = tempDir('playsim-shards-');
    const paths = await Promise.all(
      [3000, 6000].map(async (games, index) => {
        const { results } = await executeExperiment({ file, sourcePath: GRID, games, workers: 1, shard: { index, count: 2 }, keepGameWins: true });
        const path = join(dir, `${index}.json`);
        writeFileSync(path, JSON.stringify(results));
        return path;
      }),
    );
    await expect(mergeShards(paths)).rejects.toThrow(/1\.json: field gamesPerCell: 6000, not 3000 as in .*0\.json: not the same run/);
  });

  it('refuses shards of another playsim version, and shards that do not add up to the run', async () => {
    const { shards, write } = await shardsOfGrid(2);
    const older = write('older.json', { ...shards[1], tool: { ...shards[1].tool, version: '0.0.1' } });
    await expect(mergeShards([write('0.json', shards[0]), older])).rejects.toThrow(/older\.json: field tool\.version: "0\.0\.1", not "\d+\.\d+\.\d+" as in .*0\.json: not the same run \(playsim version/);
    const bothOlder = [write('o0.json', { ...shards[0], tool: { ...shards[0].tool, version: '0.4.0' } }), write('o1.json', { ...shards[1], tool: { ...shards[1].tool, version: '0.4.0' } })];
    await expect(mergeShards(bothOlder)).rejects.toThrow(/o0\.json: field tool\.version: written by playsim 0\.4\.0; merge it with that version \(this is \d+\.\d+\.\d+/);
    const otherSeed = write('seed.json', { ...shards[1], seed: shards[1].seed + 1 });
    await expect(mergeShards([write('0e.json', shards[0]), otherSeed])).rejects.toThrow(/seed\.json: .*not the same run/);
    const otherContent = write('content.json', { ...shards[1], content: { ...shards[1].content, file: 'my-cards.json' } });
    await expect(mergeShards([write('0d.json', shards[0]), otherContent])).rejects.toThrow(/content\.json: field content\.file: "my-cards\.json", not ".*" as in .*0d\.json: not the same run/);
    // The same card file, edited between the shards' runs.
    expect(shards[0].content.sha256).toMatch(/^[0-9a-f]{64}$/);
    const editedContent = write('edited.json', { ...shards[1], content: { ...shards[1].content, sha256: '0'.repeat(64) } });
    await expect(mergeShards([write('0f.json', shards[0]), editedContent])).rejects.toThrow(/edited\.json: field content\.sha256: "0{64}", not "[0-9a-f]{64}" as in .*0f\.json: not the same run/);
    const overlapping = write('overlap.json', { ...shards[1], cells: shards[1].cells.map((cell, i) => (i === 0 ? shards[0].cells[0] : cell)) });
    await expect(mergeShards([write('0b.json', shards[0]), overlapping])).rejects.toThrow(/overlap.json: field cells\[0\].raw.wins: games 0 to \d+ overlap games already recorded/);
    const countedTwice = write('twice.json', withoutGameWins({ ...shards[1], cells: shards[1].cells.map((cell, i) => (i === 0 ? shards[0].cells[0] : cell)) }));
    await expect(mergeShards([write('0c.json', withoutGameWins(shards[0])), countedTwice])).rejects.toThrow(/cell 0 adds up to .* games, not the run's 3000/);
  });

  it('refuses shards of another experiment, game or win, naming the field and both values', async () => {
    const { shards, write } = await shardsOfGrid(2);
    const p0 = write('0.json', shards[0]);
    const others: [string, ResultsFile, RegExp][] = [
      ['name.json', { ...shards[1], experiment: { ...shards[1].experiment, name: 'coin-grid-2' } }, /name\.json: field experiment\.name: "coin-grid-2", not "coin-grid" as in .*0\.json: not the same run/],
      ['game.json', { ...shards[1], experiment: { ...shards[1].experiment, game: 'test/fixtures/games/coin-2.ts' } }, /game\.json: field experiment\.game: "test\/fixtures\/games\/coin-2\.ts", not "test\/fixtures\/games\/coin\.ts" as in .*0\.json: not the same run/],
      ['win.json', wonByLosing(shards[1]), /win\.json: field winningOutcomes: \["lost"\], not \["won"\] as in .*0\.json: not the same run/],
    ];
    for (const [name, results, problem] of others) await expect(mergeShards([p0, write(name, results)])).rejects.toThrow(problem);
  });

  it('refuses shards that count other outcomes, metrics or histogram bins than each other or the game, naming both', async () => {
    const { shards, write } = await shardsOfGrid(2);
    const p0 = write('0.json', shards[0]);
    const lostIsDefeat = write('defeat.json', renamed(shards[1], 'outcomes', 'lost', 'defeat'));
    await expect(mergeShards([p0, lostIsDefeat])).rejects.toThrow(
      /defeat\.json: field outcomeNames: \["won","defeat"\], not \["won","lost"\] as in .*0\.json: not the same run \(.*outcomes, metrics and their histograms must match\)$/,
    );
    const highest = write('highest.json', renamed(shards[1], 'metrics', 'best', 'highest'));
    await expect(mergeShards([p0, highest])).rejects.toThrow(/highest\.json: field metricNames: \["highest"\], not \["best"\] as in .*0\.json: not the same run/);
    const shiftedBins = JSON.parse(JSON.stringify(shards[1]));
    shiftedBins.cells[2].metrics.best.histogram.min = 1;
    await expect(mergeShards([p0, write('shifted.json', shiftedBins)])).rejects.toThrow(
      /shifted\.json: field cells\[2\]\.metrics\.best\.histogram: \{"min":1,"binWidth":1,"bins":11\}, not \{"min":2,"binWidth":1,"bins":11\} as in .*0\.json: not the same run/,
    );
    const bothDefeat = [write('d0.json', renamed(shards[0], 'outcomes', 'lost', 'defeat')), lostIsDefeat];
    await expect(mergeShards(bothDefeat)).rejects.toThrow(
      /d0\.json: field outcomeNames: \["won","defeat"\], but game test\/fixtures\/games\/coin\.ts has \["won","lost"\]: merge with the game the shards were run with$/,
    );
    // Shards that agree with each other, not with the game as it is now.
    const bothHighest = [write('h0.json', renamed(shards[0], 'metrics', 'best', 'highest')), highest];
    await expect(mergeShards(bothHighest)).rejects.toThrow(/h0\.json: field metricNames: \["highest"\], but game test\/fixtures\/games\/coin\.ts has \["best"\]: merge with/);
    const bothShifted = [write('s0.json', withBestFrom(shards[0], 1)), write('s1.json', withBestFrom(shards[1], 1))];
    await expect(mergeShards(bothShifted)).rejects.toThrow(
      /s0\.json: field cells\[0\]\.metrics\.best\.histogram: \{"min":1,"binWidth":1,"bins":11\}, but game test\/fixtures\/games\/coin\.ts has \{"min":2,"binWidth":1,"bins":11\}: merge with/,
    );
  });

  it('plays every cell on the same seeds, so neighbouring cells are paired', async () => {
    const file = readExperimentFile(GRID);
    const { results } = await executeExperiment({ file, sourcePath: GRID, workers: 2, shard: null, keepGameWins: true });
    const byTarget = results.comparisons.filter((comparison) => comparison.varied === 'target');
    expect(byTarget).toHaveLength(4);
    for (const comparison of byTarget) {
      // A lower target wins whenever a higher one does, on the same dice: the higher target never wins alone.
      expect(results.cells[comparison.a].params.target).toBeGreaterThan(results.cells[comparison.b].params.target as number);
      expect(comparison.onlyAWon).toBe(0);
      expect(comparison.difference.hi).toBeLessThan(0);
    }
  });

  it("pairs each metric game by game: the first cell's value minus the second's, as playing each seed in both gives", async () => {
    const file = readExperimentFile(GRID);
    const { results } = await executeExperiment({ file, sourcePath: GRID, games: 300, workers: 2, shard: null, keepGameWins: true });
    const game = await loadGame(COIN);
    const content = loadContent(game, undefined);
    const always = await createStrategy(game, 'always');
    const bestRolls = (cell: number) => {
      const engine = game.createEngine(results.cells[cell].params, content.content, null);
      const record = new OutcomeRecord(1);
      return Array.from({ length: 300 }, (_, index) => (playOneGame(engine, gameSeed(results.seed, index), always, record), record.metrics[0]));
    };
    for (const comparison of results.comparisons) {
      const [a, b] = [bestRolls(comparison.a), bestRolls(comparison.b)];
      const differences = a.map((value, index) => value - b[index]);
      const sum = differences.reduce((total, d) => total + d, 0);
      expect(comparison.raw).toEqual({ metricCounts: [300], metricSums: [sum], metricSumSquares: [differences.reduce((total, d) => total + d * d, 0)] });
      expect(comparison.metrics!.best.mean).toBeCloseTo(sum / 300, 12);
    }
    // The same dice whatever the target: the best roll is the same in both cells; a second round only raises it.
    const byTarget = results.comparisons.filter((comparison) => comparison.varied === 'target');
    expect(byTarget.every((comparison) => comparison.metrics!.best.mean === 0 && comparison.metrics!.best.sd === 0)).toBe(true);
    const byRounds = results.comparisons.filter((comparison) => comparison.varied === 'rounds');
    expect(byRounds.every((comparison) => comparison.metrics!.best.lo > 0)).toBe(true);
  });

  it('cuts tasks by the run\'s size, and smaller when the metric values a task keeps for pairing would pass 4 million', () => {
    expect(gamesPerTask(3000, 0)).toBe(188);
    expect(gamesPerTask(1_000_000, 0)).toBe(5000);
    expect(gamesPerTask(50, 0)).toBe(10);
    // necreaux-speed's 80 cells x 12 metrics keep 960 values a game: 4,166 games a task.
    expect(gamesPerTask(1_000_000, 960)).toBe(4166);
    // 10,000 cells of 35 metrics: 11 games a task, 15 MB of values; of 100 metrics, as few as any task plays.
    expect(gamesPerTask(1_000_000, 350_000)).toBe(11);
    expect(gamesPerTask(1_000_000, 1_000_000)).toBe(10);
  });

  it("plays the games of --seed's run seed instead of the file's, and records it", async () => {
    const play = (seed?: number) => executeExperiment({ file: oneCell({ target: 7 }), sourcePath: 'test', games: 2000, seed, workers: 1, shard: null, keepGameWins: true });
    const [own, same, other] = [await play(), await play(7), await play(8)];
    expect([own.results.seed, same.results.seed, other.results.seed]).toEqual([7, 7, 8]);
    expect(same.results.cells[0].raw.wins).toEqual(own.results.cells[0].raw.wins);
    expect(other.results.cells[0].raw.wins!.won).not.toBe(own.results.cells[0].raw.wins!.won);
  });

  it('estimates a known probability inside its 95% CI', async () => {
    const { results } = await executeExperiment({ file: oneCell({ target: 7 }), sourcePath: 'test', games: 20000, workers: 2, shard: null, keepGameWins: true });
    const exact = probability2d6Above(7);
    expect(results.cells[0].win.lo).toBeLessThanOrEqual(exact);
    expect(results.cells[0].win.hi).toBeGreaterThanOrEqual(exact);
  });

  it('plays whole rounds until the target CI is reached, up to the cap, in a reproducible way', async () => {
    const file = readExperimentFile(GRID);
    const [target, cap] = [0.009, 12000];
    const run = () => executeExperiment({ file, sourcePath: GRID, targetCi: target, maxGames: cap, workers: 2, shard: null, keepGameWins: true });
    const { results } = await run();
    for (const cell of results.cells) {
      expect(cell.games % ROUND_GAMES === 0 || cell.games === cap).toBe(true);
      expect(halfWidth(cell.win) <= target || cell.games === cap).toBe(true);
      expect(cell.complete).toBe(true);
      // It stopped at the first round that met the target: after the round before, the interval was still wider.
      const before = cell.games === cap ? Math.floor(cap / ROUND_GAMES) * ROUND_GAMES : cell.games - ROUND_GAMES;
      if (before > 0) expect(halfWidth(wilson(winsAmongFirst(cell.raw.wins!, before), before))).toBeGreaterThan(target);
    }
    expect([...new Set(results.cells.map((cell) => cell.games))].sort((a, b) => a - b)).toEqual([5000, 10000, 12000]);
    expect((await run()).results).toEqual(results);
    for (const cell of results.cells) {
      const wins = GameWins.fromJSON(cell.raw.wins!);
      expect(wins.toJSON().played).toEqual([[0, cell.games]]);
      expect(wins.wins).toBe(Math.round(cell.win.rate * cell.games));
    }
    expect(results.comparisons.length).toBeGreaterThan(0);
    for (const comparison of results.comparisons) {
      const [a, b] = [results.cells[comparison.a], results.cells[comparison.b]].map((cell) => GameWins.fromJSON(cell.raw.wins!));
      const neither = comparison.games - comparison.bothWon - comparison.onlyAWon - comparison.onlyBWon;
      expect(a.pairedWith(b)).toEqual({ bothWon: comparison.bothWon, onlyAWon: comparison.onlyAWon, onlyBWon: comparison.onlyBWon, neither });
    }
  });

  it('ends a target-CI run at the cap when its cells reach it short of the target: every cell plays exactly --max-games and is complete', async () => {
    const file = readExperimentFile(GRID);
    const { results } = await executeExperiment({ file, sourcePath: GRID, targetCi: 0.001, maxGames: ROUND_GAMES, workers: 2, shard: null, keepGameWins: true });
    expect(results.cells.every((cell) => cell.games === ROUND_GAMES && cell.complete)).toBe(true);
    expect(results.complete).toBe(true);
  });

  it('cuts the first round of a target-CI run to a cap below one round', async () => {
    const file = readExperimentFile(GRID);
    const { results } = await executeExperiment({ file, sourcePath: GRID, targetCi: 0.001, maxGames: 1000, workers: 2, shard: null, keepGameWins: true });
    expect(results.cells.every((cell) => cell.games === 1000 && cell.complete)).toBe(true);
    expect(results.complete).toBe(true);
  });

  it('marks the cells short of their target CI incomplete when a target-CI run is stopped after a round, and the run too', async () => {
    // Target 12 is never beaten: no win in 5,000 games meets the target at once. Target 7 is far from it.
    const file = coinExperiment({ grid: { target: [7, 12] } });
    const interruption = new AbortController();
    let planned = 0;
    const { results, interrupted } = await executeExperiment({
      file, sourcePath: 'test', targetCi: 0.001, maxGames: 1_000_000, workers: 1, shard: null, keepGameWins: false, signal: interruption.signal,
      onProgress: (done, gamesPlanned) => {
        planned = gamesPlanned;
        if (done >= 2 * ROUND_GAMES) interruption.abort();
      },
    });
    // Progress plans the most a target-CI run may play: --max-games for every cell.
    expect(planned).toBe(2 * 1_000_000);
    expect(interrupted).toBe(true);
    expect(results.cells.map((cell) => [cell.params.target, cell.games, cell.complete])).toEqual([
      [7, ROUND_GAMES, false],
      [12, ROUND_GAMES, true],
    ]);
    expect(results.complete).toBe(false);
  });

  it('marks complete a target-CI cell that played all of its second round before a stop cut the round short', async () => {
    // Two cells that never meet the target play rounds 1 and 2 (games 0-9,999); a task plays the first cell's games,
    // then the second's, whose game 9,998 takes 3 s: the stop comes during it, so game 9,999 of the second is never played.
    const slow = 'test/fixtures/strategies/slow.ts';
    const file = coinExperiment({ strategies: [`${slow}:ms=0`, `${slow}:ms=3000,from=9998`] });
    const interruption = new AbortController();
    const { results, interrupted } = await executeExperiment({
      file, sourcePath: 'test', targetCi: 0.0001, maxGames: 2 * ROUND_GAMES, workers: 1, shard: null, keepGameWins: false, signal: interruption.signal,
      onProgress: (done) => done >= 4 * ROUND_GAMES - 2 && interruption.abort(),
    });
    expect(interrupted).toBe(true);
    expect(results.cells.map((cell) => [cell.games, cell.complete])).toEqual([
      [2 * ROUND_GAMES, true],
      [2 * ROUND_GAMES - 1, false],
    ]);
  }, 30000);

  it('keeps no game wins for a run that plans more games than a record keeps', async () => {
    const file = readExperimentFile(GRID);
    const { results } = await executeExperiment({ file, sourcePath: GRID, targetCi: 0.5, maxGames: MAX_KEPT_GAMES, workers: 2, shard: null, keepGameWins: true });
    expect(results.cells.every((cell) => cell.games === ROUND_GAMES && cell.raw.wins === undefined)).toBe(true);
    const small = await executeExperiment({ file, sourcePath: GRID, targetCi: 0.5, maxGames: MAX_KEPT_GAMES / 8, workers: 2, shard: null, keepGameWins: true });
    expect(small.results.cells.every((cell) => cell.raw.wins !== undefined)).toBe(true);
  });

  it("refuses --shard with a target CI, --target-ci's or the experiment file's, unless --games replaces it", async () => {
    const file = readExperimentFile(GRID);
    const shard = { index: 0, count: 2 };
    await expect(executeExperiment({ file, sourcePath: GRID, targetCi: 0.01, workers: 1, shard, keepGameWins: true })).rejects.toThrow(/^--shard cannot be combined with a target CI/);
    const withTarget = coinExperiment({ targetCi: 0.01 });
    await expect(executeExperiment({ file: withTarget, sourcePath: 'test', workers: 1, shard, keepGameWins: true })).rejects.toThrow(/^--shard cannot be combined with a target CI/);
    const { results } = await executeExperiment({ file: withTarget, sourcePath: 'test', games: 40, workers: 1, shard, keepGameWins: true });
    expect([results.shard, results.gamesPerCell, results.targetCi, results.cells[0].games]).toEqual([shard, 40, null, 20]);
  });

  it('names the game seed that reproduces a crash', async () => {
    const error = await executeExperiment({ file: oneCell({ crash: true }), sourcePath: 'test', games: 2000, workers: 1, shard: null, keepGameWins: true }).catch((e) => e);
    expect(error).toBeInstanceOf(GameCrash);
    expect(error.message).toMatch(/boom on a 12/);
    expect(error.replayCommand).toContain(`playsim replay ${COIN} --seed ${error.gameSeed}`);
  });

  it('reports the crash of the earliest failing task, whichever worker finished first', async () => {
    // Run seed 382: games 0-9 (task 0, and the view check before the run) roll no 12, the first 12 of games 10-19
    // (task 1) is game 19, and game 20 (task 2's first) is a 12. With a strategy taking 60 ms a game, task 2 (started
    // when task 0 ends) crashes long before task 1 does; the report must still be game 19's.
    const file = coinExperiment({ settings: { crash: true }, strategies: ['test/fixtures/strategies/slow.ts:ms=60'], seed: 382 });
    const error = await executeExperiment({ file, sourcePath: 'test', games: 30, workers: 2, shard: null, keepGameWins: true }).catch((e) => e);
    expect(error).toBeInstanceOf(GameCrash);
    expect(error.gameSeed).toBe(gameSeed(382, 19));
  });

  it('rejects an illegal answer naming strategy, decision and seed', async () => {
    const file = oneCell({}, 'test/fixtures/strategies/illegal.ts');
    const error = await executeExperiment({ file, sourcePath: 'test', games: 10, workers: 1, shard: null, keepGameWins: true }).catch((e) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/strategy "illegal" answered decision "keepRolling" illegally in game seed (\d+)/);
    const seed = /game seed (\d+)/.exec(error.message)?.[1];
    expect(error.message).toContain(`; replay it with: playsim replay ${COIN} --seed ${seed} `);
    expect(error.message).toContain('--strategy test/fixtures/strategies/illegal.ts');
  });

  it('writes a replay command a shell reads back as it was meant: odd arguments quoted', () => {
    const plan = { cells: [{ settings: { party: 'cleric,ranger,rogue,wizard', name: "Bob's team" }, strategy: 'my strats/x.mjs:speed=7' }] } as unknown as ExperimentPlan;
    expect(replayCommandLine('setawatch', plan, 0, 12, '/tmp/my cards.json')).toBe(
      "playsim replay setawatch --seed 12 --set party=cleric,ranger,rogue,wizard --set 'name=Bob'\\''s team' --strategy 'my strats/x.mjs:speed=7' --content '/tmp/my cards.json'",
    );
  });

  it('reports games as they finish, not only when a task is done (a slow strategy shows progress)', async () => {
    const file = oneCell({}, 'test/fixtures/strategies/slow.ts:ms=100');
    const seen: number[] = [];
    await executeExperiment({ file, sourcePath: 'test', games: 20, workers: 1, shard: null, keepGameWins: true, onProgress: (done) => seen.push(done) });
    // Tasks of this run hold 10 games: a count that is not a multiple of 10 was read while a task was being played.
    expect(seen.some((done) => done % 10 !== 0)).toBe(true);
    expect(seen.at(-1)).toBe(20);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('records which outcomes make up the win, so the file explains its own win counts', async () => {
    const file = experimentSchema.parse({ name: 'one', title: 'one cell', game: 'kyros', strategies: ['greedy'] });
    const { results } = await executeExperiment({ file, sourcePath: 'test', games: 10, workers: 1, shard: null, keepGameWins: false });
    expect(results.winOutcome).toBe('allLiberated');
    expect(results.winningOutcomes).toEqual(['seat1', 'seat2', 'seat3', 'seat4', 'seat5', 'seat6']);
  });

  it('reports no games as play starts, before the first timed report or finished task', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    onTestFinished(() => void vi.useRealTimers());
    const seen: number[] = [];
    await executeExperiment({ file: oneCell({}), sourcePath: 'test', games: 20, workers: 1, shard: null, keepGameWins: true, onProgress: (done) => seen.push(done) });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(20);
  });

  it('stops a task after the game being played; each cell keeps its games, paired over the games both played', async () => {
    // 6 cells of 200 games play tasks of 13 games, cell by cell: at 30 ms an answer, a task takes seconds. Stopped at
    // the first progress report, the run must not wait for its tasks to end.
    const file = { ...readExperimentFile(GRID), strategies: ['test/fixtures/strategies/slow.ts:ms=30'] };
    const interruption = new AbortController();
    let doneAtStop = 0;
    const { results, interrupted } = await executeExperiment({
      file, sourcePath: GRID, games: 200, workers: 1, shard: null, keepGameWins: true, signal: interruption.signal,
      onProgress: (done) => {
        if (done === 0 || interruption.signal.aborted) return;
        doneAtStop = done;
        interruption.abort();
      },
    });
    expect(interrupted).toBe(true);
    const games = results.cells.map((cell) => cell.games);
    expect(games[0]).toBeGreaterThan(0);
    // The game in play when the stop came, and one that may end between the count read and the stop: no more.
    expect(games.reduce((sum, played) => sum + played, 0)).toBeLessThanOrEqual(doneAtStop + 2);
    expect(games).toEqual([...games].sort((a, b) => b - a)); // the cells before the one in play finished the task
    for (const cell of results.cells) {
      const wins = GameWins.fromJSON(cell.raw.wins!);
      expect(wins.games).toBe(cell.games);
      expect(wins.wins).toBe(Math.round(cell.win.rate * cell.games));
      expect(cell.complete).toBe(false);
    }
    for (const comparison of results.comparisons) expect(comparison.games).toBe(Math.min(games[comparison.a], games[comparison.b]));
  });

  it.each([
    ['--games 10', { games: 10 }],
    ['--target-ci 0.5 --max-games 10', { targetCi: 0.5, maxGames: 10 }],
    ['--games 20 --shard 1/2', { games: 20, shard: { index: 1, count: 2 } }],
  ])('marks complete the cells that played all their games before the stop, and only those (%s)', async (_, size) => {
    // One task of 10 games (a shard's: its half of 20) plays the 6 cells one after the other, each game 30-60 ms:
    // stopped once 20 games are done, the first two cells have played all their games.
    const file = { ...readExperimentFile(GRID), strategies: ['test/fixtures/strategies/slow.ts:ms=30'] };
    const interruption = new AbortController();
    const { results, interrupted } = await executeExperiment({
      file, sourcePath: GRID, shard: null, ...size, workers: 1, keepGameWins: true, signal: interruption.signal,
      onProgress: (done) => done >= 20 && interruption.abort(),
    });
    expect(interrupted).toBe(true);
    expect(results.cells[0].games).toBe(10);
    expect(results.cells.some((cell) => cell.games < 10)).toBe(true);
    expect(results.cells.map((cell) => cell.complete)).toEqual(results.cells.map((cell) => cell.games === 10));
    expect(results.complete).toBe(false);
  });

  it('counts a stop that comes after the last game as no interruption: every cell complete', async () => {
    const file = readExperimentFile(GRID);
    const interruption = new AbortController();
    const { results, interrupted } = await executeExperiment({
      file, sourcePath: GRID, games: 200, workers: 1, shard: null, keepGameWins: true, signal: interruption.signal,
      onProgress: (done, planned) => done === planned && interruption.abort(),
    });
    expect(interruption.signal.aborted).toBe(true);
    expect(interrupted).toBe(false);
    expect(results.complete).toBe(true);
    expect(results.cells.every((cell) => cell.games === 200 && cell.complete)).toBe(true);
  });

  it("names the place in the user's module a strategy's throw came from", async () => {
    const file = oneCell({}, 'test/fixtures/strategies/throws.ts');
    const error = await executeExperiment({ file, sourcePath: 'test', games: 10, workers: 1, shard: null, keepGameWins: true }).catch((e) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/threw: no idea \(at \/.*\/test\/fixtures\/strategies\/throws\.ts:9:\d+\); replay it with: /);
  });

  it("blames a strategy's throw on the user only when the strategy is the user's module", () => {
    const thrown = strategyThrew('greedy', 'watch', 5, new TypeError('an engine bug in a rollout'));
    expect(describeFailure(thrown, 0, 5, 'strategies/mine.mjs')).toEqual({
      kind: 'input',
      message: 'strategy "greedy" answered decision "watch" illegally in game seed 5: threw: an engine bug in a rollout',
      game: { cell: 0, gameSeed: 5 },
    });
    expect(describeFailure(thrown, 0, 5, null)).toMatchObject({ kind: 'crash', game: { cell: 0, gameSeed: 5 }, message: expect.stringMatching(/^TypeError: an engine bug in a rollout\n {4}at /) });
    expect(describeFailure(new StrategyError('greedy', 'watch', 5, 'answered 9; expected an option index from 0 to 3'), 0, 5, null)).toMatchObject({ kind: 'input' });
  });

  it('reports a strategy whose create() throws as bad input', async () => {
    const file = oneCell({}, 'test/fixtures/strategies/throws-on-create.ts');
    await expect(executeExperiment({ file, sourcePath: 'x.yaml', games: 10, workers: 1, shard: null, keepGameWins: true })).rejects.toThrow(
      /^x\.yaml: field strategies: "test\/fixtures\/strategies\/throws-on-create\.ts": create\(\) threw: no strategy for you/,
    );
  });

  it('rejects a setting out of range naming its field and the allowed values', async () => {
    await expect(executeExperiment({ file: oneCell({ target: 13 }), sourcePath: 'x.yaml', workers: 1, shard: null, keepGameWins: true })).rejects.toThrow(
      'x.yaml: field settings.target: setting target=13 is not allowed; allowed: an integer from 2 to 12',
    );
    const grid = coinExperiment({ grid: { target: { from: 10, to: 13 } } });
    await expect(executeExperiment({ file: grid, sourcePath: 'x.yaml', workers: 1, shard: null, keepGameWins: true })).rejects.toThrow(
      'x.yaml: field grid.target: setting target=13 is not allowed; allowed: an integer from 2 to 12',
    );
    const both = coinExperiment({ settings: { target: 5 }, grid: { target: [5, 7] } });
    await expect(executeExperiment({ file: both, sourcePath: 'x.yaml', workers: 1, shard: null, keepGameWins: true })).rejects.toThrow(
      'x.yaml: field settings.target: the grid varies target too; give it in one of them',
    );
  });
});

/** Wins among a cell's first `games` games, read from the bits it kept (it played games 0 to its count). */
function winsAmongFirst(wins: GameWinsJSON, games: number): number {
  const bits = Buffer.from(wins.won, 'base64');
  let count = 0;
  for (let game = 0; game < games; game++) count += (bits[game >> 3] >> (game & 7)) & 1;
  return count;
}
