import { OutcomeRecord, playOneGame, shownMetric, type Strategy } from '../core/game.ts';
import { gameSeed } from '../core/rng.ts';
import { createStrategy, userModuleOf } from './strategy-spec.ts';
import { describeFailure, type Task, type TaskFailure, type TaskRunner } from './task.ts';
import { ViewCheck } from './view-check.ts';

/**
 * Before a run plays, each user strategy module (once, with its first cell's parameters) is vetted on the first games
 * the run plays, a task of its own in a worker (which a stop ends at once), where a mistake costs a second instead of
 * a run's worth of wrong numbers:
 * - its views are checked (view-check.ts) for its first this many decisions (checking costs far more than playing);
 * - it plays at most this many games, and then a fresh copy of it plays them again in the reverse order: every game
 *   must end the same way. A strategy that draws from Math.random or the clock, or carries what it saw in one game
 *   into the next, would make results depend on the worker count and on which worker played which games.
 * These games count for nothing.
 */
const VETTED_DECISIONS = 1000;
const VETTED_GAMES = 10;

/** A worker's task of vetting the strategies on these games: the first of the run's first task, which it plays too. */
export interface VetTask {
  readonly vet: Pick<Task, 'start' | 'count'>;
}

/** The failure of the first user strategy module that fails its vetting, or null. */
export async function vetUserStrategies(runner: TaskRunner, games: VetTask['vet']): Promise<TaskFailure | null> {
  const vetted = new Set<string>();
  for (let cell = 0; cell < runner.setup.cells.length; cell++) {
    const module = userModuleOf(runner.setup.cells[cell].strategy);
    if (module === null || vetted.has(module)) continue;
    vetted.add(module);
    const failure = await vetCell(runner, cell, games);
    if (failure !== null) return failure;
  }
  return null;
}

/** The vetting of the cell's strategy: its failure, or null. */
export async function vetCell(runner: TaskRunner, cell: number, games: VetTask['vet']): Promise<TaskFailure | null> {
  const seeds = Array.from({ length: Math.min(games.count, VETTED_GAMES) }, (_, offset) => gameSeed(runner.setup.runSeed, games.start + offset));
  const check = new ViewCheck(runner.players[cell].strategy, runner.game.strategyMethods, VETTED_DECISIONS);
  const endings = playedInOrder(runner, cell, check.strategy, seeds);
  if (!Array.isArray(endings)) return endings;
  return replayedInReverse(runner, cell, await createStrategy(runner.game, runner.setup.cells[cell].strategy), seeds, endings);
}

/** How each game ended, in order, or the failure one ended in. */
function playedInOrder(runner: TaskRunner, cell: number, strategy: Strategy, seeds: readonly number[]): string[][] | TaskFailure {
  const endings: string[][] = [];
  for (const seed of seeds) {
    const played = playedOrFailure(runner, cell, strategy, seed);
    if (!Array.isArray(played)) return played;
    endings.push(played);
  }
  return endings;
}

/** The games played again, last first: the failure of one, or of one that ended otherwise, or null. */
function replayedInReverse(runner: TaskRunner, cell: number, strategy: Strategy, seeds: readonly number[], endings: readonly string[][]): TaskFailure | null {
  for (let index = seeds.length - 1; index >= 0; index--) {
    const again = playedOrFailure(runner, cell, strategy, seeds[index]);
    if (!Array.isArray(again)) return again;
    if (again.join() !== endings[index].join()) return notReproducible(runner.setup.cells[cell].strategy, seeds[index], endings[index], again);
  }
  return null;
}

/** How the game ended, or the failure it ended in. */
function playedOrFailure(runner: TaskRunner, cell: number, strategy: Strategy, seed: number): string[] | TaskFailure {
  try {
    return ending(runner, cell, strategy, seed);
  } catch (error) {
    return describeFailure(error, cell, seed, userModuleOf(runner.setup.cells[cell].strategy));
  }
}

/** How the game ended: its outcome, then each metric as "name=value". */
function ending(runner: TaskRunner, cell: number, strategy: Strategy, seed: number): string[] {
  const { game, players } = runner;
  const record = new OutcomeRecord(game.metrics.length);
  playOneGame(players[cell].engine, seed, strategy, record);
  return [game.outcomes[record.outcome], ...game.metrics.map((metric, index) => `${metric.name}=${shownMetric(record.metrics[index])}`)];
}

/** Two endings as a message shows them: each outcome, with the metrics that differ. */
function differences(first: readonly string[], again: readonly string[]): [string, string] {
  const differing = first.map((_, index) => index).filter((index) => index > 0 && first[index] !== again[index]);
  const shown = (ending: readonly string[]) => (differing.length === 0 ? ending[0] : `${ending[0]} (${differing.map((index) => ending[index]).join(', ')})`);
  return [shown(first), shown(again)];
}

function notReproducible(spec: string, seed: number, firstEnding: readonly string[], againEnding: readonly string[]): TaskFailure {
  const [first, again] = differences(firstEnding, againEnding);
  return {
    kind: 'input',
    message:
      `--strategy ${spec} is not reproducible: game seed ${seed}, played by two fresh copies of it in opposite orders, ended ${first} and ${again}; ` +
      "draw randomness only from the view's stream, and forget each game in startGame (docs/writing-a-strategy.md)",
  };
}
