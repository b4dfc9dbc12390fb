import { describe, expect, it } from 'vitest';
import { GameCrash } from '../../src/core/errors.ts';
import { DEFAULT_MAX_GAMES, executeExperiment, type ExecuteOptions } from '../../src/sim/execute.ts';
import type { ExperimentFile } from '../../src/sim/experiment.ts';
import { MAX_KEPT_GAMES } from '../../src/sim/game-wins.ts';
import { coinExperiment } from '../fixtures/coin-experiment.ts';

/** executeExperiment's own choices: which of the command line and the experiment file wins, and what results.json records. */

const COIN_CONTENT = 'test/fixtures/games/coin-content.json';

function execute(file: ExperimentFile, options: Partial<ExecuteOptions> = {}) {
  return executeExperiment({ file, sourcePath: 'test', workers: 1, shard: null, keepGameWins: true, ...options });
}

describe('executeExperiment', () => {
  it("fixes --set settings over the experiment file's own", async () => {
    const { results } = await execute(coinExperiment({ settings: { target: 5, rounds: 2 } }), { games: 10, settings: { target: '9' } });
    expect(results.cells[0].params).toMatchObject({ target: 9, rounds: 2 });
  });

  it("caps a target-CI run at --max-games, else the file's maxGames, else DEFAULT_MAX_GAMES, and records the cap", async () => {
    const target = coinExperiment({ targetCi: 0.5, maxGames: 40_000 });
    expect((await execute(target)).results.maxGames).toBe(40_000);
    expect((await execute(target, { maxGames: 30_000 })).results.maxGames).toBe(30_000);
    expect((await execute(coinExperiment({ targetCi: 0.5 }))).results.maxGames).toBe(DEFAULT_MAX_GAMES);
    expect(DEFAULT_MAX_GAMES).toBe(1_000_000); // as the README's --max-games says
  });

  it("records no cap for a run of a fixed number of games: --games replaces the file's target CI and its cap", async () => {
    const { results } = await execute(coinExperiment({ targetCi: 0.5, maxGames: 40_000 }), { games: 10 });
    expect([results.gamesPerCell, results.targetCi, results.maxGames]).toEqual([10, null, null]);
  });

  it("plays --content's cards instead of the experiment file's, and names that file in results.json and in a crash's replay command", async () => {
    const file = coinExperiment({ content: 'no-such-cards.json', settings: { crash: true } });
    const error = await execute(file, { games: 2000, contentFile: COIN_CONTENT }).catch((e) => e);
    expect(error).toBeInstanceOf(GameCrash);
    expect(error.replayCommand).toContain(`--content ${COIN_CONTENT}`);
    const { results } = await execute(coinExperiment({ content: 'no-such-cards.json' }), { games: 10, contentFile: COIN_CONTENT });
    expect(results.content.file).toBe(COIN_CONTENT);
  });

  it('keeps game wins when the run plans up to MAX_KEPT_GAMES games, and never when told not to', async () => {
    const twoCells = coinExperiment({ targetCi: 0.5, grid: { target: [5, 7] } });
    const atTheLimit = await execute(twoCells, { maxGames: MAX_KEPT_GAMES / 2 });
    expect(atTheLimit.results.cells.every((cell) => cell.raw.wins !== undefined)).toBe(true);
    const unwanted = await execute(twoCells, { maxGames: 1000, keepGameWins: false });
    expect(unwanted.results.cells.every((cell) => cell.raw.wins === undefined)).toBe(true);
  });
});
