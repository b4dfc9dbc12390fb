import { OutcomeRecord, type Strategy } from '../core/game.ts';
import { gameSeed } from '../core/rng.ts';
import { createStrategy, userModuleOf } from './strategy-spec.ts';
import { describeFailure, type TaskFailure, type TaskRunner } from './task.ts';
import { ViewCheck } from './view-check.ts';

/**
 * Before a run's pool starts, each user strategy module (once, in its first cell) is vetted on the first games the
 * run plays, in the main thread, where a mistake costs a second instead of a run's worth of wrong numbers:
 * - its views are checked (view-check.ts) for this many decisions, in at most this many games (checking costs far
 *   more than playing);
 * - a second copy of it plays the same games in the reverse order, and every game must end the same way. A strategy
 *   that draws from Math.random or the clock, or carries what it saw in one game into the next, would make results
 *   depend on the worker count and on which worker played which games.
 * These games count for nothing. Between games the event loop runs, so Ctrl-C stops the vetting as it stops a run.
 */
const VETTED_DECISIONS = 1000;
const VETTED_GAMES = 10;

/** The games vetted: the first of the run's first task, which the run plays too. */
export interface VettedGames {
  readonly start: number;
  readonly count: number;
}

/** The failure of the first user strategy module that fails its vetting, or null (also when `signal` stops it). */
export async function vetUserStrategies(runner: TaskRunner, games: VettedGames, signal?: AbortSignal): Promise<TaskFailure | null> {
  const vetted = new Set<string>();
  for (let cell = 0; cell < runner.setup.cells.length; cell++) {
    const module = userModuleOf(runner.setup.cells[cell].strategy);
    if (module === null || vetted.has(module)) continue;
    vetted.add(module);
    const failure = await vetCell(runner, cell, games, signal);
    if (failure !== null) return failure;
  }
  return null;
}

/** The vetting of the cell's strategy: its failure, or null. */
export async function vetCell(runner: TaskRunner, cell: number, games: VettedGames, signal?: AbortSignal): Promise<TaskFailure | null> {
  const { game, setup, players } = runner;
  const userModule = userModuleOf(setup.cells[cell].strategy);
  const check = new ViewCheck(players[cell].strategy, game.strategyMethods, VETTED_DECISIONS);
  const seeds: number[] = [];
  const endings: string[] = [];
  for (let index = games.start; index < games.start + Math.min(games.count, VETTED_GAMES) && !check.spent; index++) {
    if (await stopRequested(signal)) return null;
    seeds.push(gameSeed(setup.runSeed, index));
    const played = playedOrFailure(runner, cell, check.strategy, seeds[seeds.length - 1], userModule);
    if (typeof played !== 'string') return played;
    endings.push(played);
  }
  const copy = await createStrategy(game, setup.cells[cell].strategy);
  for (let index = seeds.length - 1; index >= 0; index--) {
    if (await stopRequested(signal)) return null;
    const again = playedOrFailure(runner, cell, copy, seeds[index], userModule);
    if (typeof again !== 'string') return again;
    if (again !== endings[index]) return notReproducible(setup.cells[cell].strategy, seeds[index], endings[index], again);
  }
  return null;
}

/** Lets the event loop run (a Ctrl-C is heard), then says whether the run was stopped. */
async function stopRequested(signal: AbortSignal | undefined): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  return signal?.aborted ?? false;
}

/** How the game ended, or the failure it ended in. */
function playedOrFailure(runner: TaskRunner, cell: number, strategy: Strategy, seed: number, userModule: string | null): string | TaskFailure {
  try {
    return ending(runner, cell, strategy, seed);
  } catch (error) {
    return describeFailure(error, cell, seed, userModule);
  }
}

/** How the game ended: its outcome and metrics, as "won (roundOfLoss=0, cardsLeft=5, hordeSize=2)". */
function ending(runner: TaskRunner, cell: number, strategy: Strategy, seed: number): string {
  const { game, players } = runner;
  const record = new OutcomeRecord(game.metrics.length);
  players[cell].engine.playGame(seed, strategy, record);
  const metrics = game.metrics.map((metric, index) => `${metric.name}=${record.metrics[index]}`).join(', ');
  return `${game.outcomes[record.outcome]} (${metrics})`;
}

function notReproducible(spec: string, seed: number, first: string, again: string): TaskFailure {
  return {
    kind: 'input',
    message:
      `--strategy ${spec} is not reproducible: game seed ${seed}, played by two fresh copies of it in opposite orders, ended ${first} and ${again}; ` +
      "draw randomness only from the view's stream, and let nothing of one game decide the next (docs/writing-a-strategy.md)",
  };
}
