import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { gameSeed } from '../../src/core/rng.ts';
import { GAME_IDS, loadGame } from '../../src/games/registry.ts';
import { loadContent } from '../../src/sim/content.ts';
import { executeExperiment } from '../../src/sim/execute.ts';
import { experimentSchema } from '../../src/sim/experiment.ts';
import { resolveSettings } from '../../src/sim/settings.ts';
import { TaskRunner } from '../../src/sim/task.ts';
import { differences, vetCell } from '../../src/sim/vetting.ts';
import { coinExperiment } from '../fixtures/coin-experiment.ts';


/** The error a Set a Watch run with these user strategies (a cell each) fails with before its pool starts. */
async function runFailure(...strategies: string[]): Promise<Error> {
  const file = experimentSchema.parse({ name: 'one', title: 'a cell per strategy', game: 'setawatch', strategies, seed: 3 });
  return executeExperiment({ file, sourcePath: 'test', games: 50, workers: 1, shard: null, keepGameWins: false }).then(
    () => new Error('the run did not fail'),
    (error: Error) => error,
  );
}

describe("vetting a user's strategy before a run", () => {
  it('stops the run when the strategy changes its view, naming the value and the replay command', async () => {
    const error = await runFailure('test/fixtures/strategies/sorts-dice.ts');
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/^strategy "sorts-dice" answered decision "watch" illegally in game seed \d+: changed its view, which it must only read: view\.state\.dieValue\[\d+\] was \d+, is \d+/);
    expect(error.message).toContain('replay it with: playsim replay setawatch --seed');
  });

  it.each([
    ['draws from Math.random', 'math-random'],
    ['lets one game decide the next', 'remembers-games'],
  ])('stops the run when the strategy %s: the same games in another order end otherwise', async (_, name) => {
    const error = await runFailure(`test/fixtures/strategies/${name}.ts`);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(
      new RegExp(`^test: field strategies: "test/fixtures/strategies/${name}.ts" is not reproducible: game seed \\d+, played by two fresh copies of it in opposite orders, ended \\w+( \\([^)]*\\))? and \\w+( \\([^)]*\\))?; draw randomness only from the view's stream`),
    );
  });

  it('names the strategy by --strategy when the run is one cell of that flag (sim), and as the file lists it otherwise', async () => {
    const file = experimentSchema.parse({ name: 'sim', title: 'one cell', game: 'setawatch', strategies: ['test/fixtures/strategies/tires-each-game.ts:forget=no'], seed: 3 });
    const failure = (strategyFromFlag: boolean) =>
      executeExperiment({ file, sourcePath: 'experiments/x.yaml', strategyFromFlag, games: 50, workers: 1, shard: null, keepGameWins: false }).then(
        () => new Error('the run did not fail'),
        (error: Error) => error,
      );
    expect((await failure(true)).message).toMatch(/^--strategy test\/fixtures\/strategies\/tires-each-game.ts:forget=no is not reproducible: game seed \d+/);
    expect((await failure(false)).message).toMatch(/^experiments\/x.yaml: field strategies: "test\/fixtures\/strategies\/tires-each-game.ts:forget=no" is not reproducible: game seed \d+/);
  });

  it('passes a strategy that forgets each game in startGame, which the same strategy without it does not', async () => {
    const run = (workers: number) => {
      const file = experimentSchema.parse({ name: 'one', title: 'one cell', game: 'setawatch', strategies: ['test/fixtures/strategies/tires-each-game.ts:forget=yes'], seed: 3 });
      return executeExperiment({ file, sourcePath: 'test', games: 50, workers, shard: null, keepGameWins: false });
    };
    const [one, two] = [await run(1), await run(2)];
    expect(one.results.cells[0].games).toBe(50);
    expect(two.results.cells[0]).toEqual(one.results.cells[0]);
    expect((await runFailure('test/fixtures/strategies/tires-each-game.ts:forget=no')).message).toMatch(/is not reproducible/);
  });

  it('vets each set of parameters a run gives a module, not only the first', async () => {
    const error = await runFailure('test/fixtures/strategies/tires-each-game.ts:forget=yes', 'test/fixtures/strategies/tires-each-game.ts:forget=no');
    expect(error.message).toMatch(/^test: field strategies: "test\/fixtures\/strategies\/tires-each-game.ts:forget=no" is not reproducible/);
  });

  it('stops a strategy that takes options its ignores say it never takes, which the same strategy offered them passes', async () => {
    const error = await runFailure('test/fixtures/strategies/burns-ignored.ts:keep=yes');
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(
      /^test: field strategies: "test\/fixtures\/strategies\/burns-ignored.ts:keep=yes" takes options its ignores says it never takes: game seed \d+ ended \w+( \([^)]*\))?, and \w+( \([^)]*\))? when it was offered them; leave out of ignores only what it never takes, or set ignores to undefined/,
    );
    expect((await runFailure('test/fixtures/strategies/burns-ignored.ts:keep=yes,offered=throws')).message).toMatch(
      /^test: field strategies: "test\/fixtures\/strategies\/burns-ignored.ts:keep=yes,offered=throws", offered the options its ignores leaves out, failed game seed \d+: .*a burn was offered[^\n]*$/,
    );
    const file = experimentSchema.parse({ name: 'one', title: 'one cell', game: 'setawatch', strategies: ['test/fixtures/strategies/burns-ignored.ts:keep=no'], seed: 3 });
    const run = await executeExperiment({ file, sourcePath: 'test', games: 20, workers: 1, shard: null, keepGameWins: false });
    expect(run.results.cells[0].games).toBe(20);
  });

  it('vets only games the run plays', async () => {
    // Run seed 17: game 8 is the first to roll a 12, on which the coin game crashes. A run of 5 games never meets it.
    const file = coinExperiment({ settings: { crash: true }, strategies: ['test/fixtures/strategies/slow.ts:ms=0'], seed: 17 });
    const { results } = await executeExperiment({ file, sourcePath: 'test', games: 5, workers: 1, shard: null, keepGameWins: false });
    expect(results.cells[0].games).toBe(5);
    const longer = await executeExperiment({ file, sourcePath: 'test', games: 10, workers: 1, shard: null, keepGameWins: false }).catch((error: Error) => error);
    expect(longer).toBeInstanceOf(Error);
    expect((longer as Error).message).toContain(`seed ${gameSeed(17, 8)}`);
    // 20 games are two tasks of 10: shard 1/2 plays games 10-19, so its vetting must not meet game 8.
    const secondShard = await executeExperiment({ file, sourcePath: 'test', games: 20, workers: 1, shard: { index: 1, count: 2 }, keepGameWins: false });
    expect(secondShard.results.cells[0].games).toBe(10);
  });

  it('hears a stop while it vets, even in a game that never ends: the run then plays nothing', async () => {
    const file = coinExperiment({ strategies: ['test/fixtures/strategies/endless.ts'], seed: 1 });
    const interruption = new AbortController();
    setTimeout(() => interruption.abort(), 300);
    const { results, interrupted } = await executeExperiment({ file, sourcePath: 'test', games: 1000, workers: 1, shard: null, keepGameWins: false, signal: interruption.signal });
    expect(interrupted).toBe(true);
    expect(results.cells[0].games).toBe(0);
  }, 20000);

  it('blames a strategy that ends the thread vetting it, in one line', async () => {
    const file = coinExperiment({ strategies: ['test/fixtures/strategies/exits.ts'], seed: 1 });
    const error = await executeExperiment({ file, sourcePath: 'test', games: 10, workers: 1, shard: null, keepGameWins: false }).catch((e) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/^test: field strategies: "test\/fixtures\/strategies\/exits.ts": the worker vetting it ended: [^\n]+$/);
  });

  it('shows two endings by their outcomes, with the metrics that differ when any do', () => {
    expect(differences(['won', 'best=7', 'turns=3'], ['lost', 'best=7', 'turns=3'])).toEqual(['won', 'lost']);
    expect(differences(['won', 'best=7', 'turns=3'], ['won', 'best=9', 'turns=3'])).toEqual(['won (best=7)', 'won (best=9)']);
    expect(differences(['won', 'best=7', 'turns=3'], ['lost', 'best=9', 'turns=4'])).toEqual(['won (best=7, turns=3)', 'lost (best=9, turns=4)']);
  });

  it('passes every built-in strategy of every game (no false alarm)', async () => {
    for (const gameId of GAME_IDS) {
      const game = await loadGame(gameId);
      const cells = game.strategies.map((definition) => ({ settings: resolveSettings(game, {}, 'test'), strategy: definition.name }));
      const shared = () => new SharedArrayBuffer(4);
      const runner = await TaskRunner.create({ gameId, content: loadContent(game, undefined).content, cells, pairs: [], runSeed: 5, gamesFinished: shared(), stopRequested: shared() });
      for (let cell = 0; cell < cells.length; cell++) expect(await vetCell(runner, cell, { start: 0, count: 10 }), `${gameId} ${cells[cell].strategy}`).toBeNull();
    }
  }, 120000);
});
