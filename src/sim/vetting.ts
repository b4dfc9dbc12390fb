import { OutcomeRecord, playOneGame, shownMetric, type Strategy } from '../core/game.ts';
import { gameSeed } from '../core/rng.ts';
import { createStrategy, memberAt, userModuleOf } from './strategy-spec.ts';
import { describeFailure, type Task, type TaskFailure, type TaskRunner } from './task.ts';
import { ViewCheck, withDecisions } from './view-check.ts';

/**
 * Before a run plays, each user strategy module is vetted with each of its parameter sets (in the first cell playing
 * it) on the first games the run plays, a task of its own in a worker (which a stop ends at once), where a mistake
 * costs a second instead of a run's worth of wrong numbers:
 * - its views are checked (view-check.ts) for its first this many decisions (checking costs far more than playing);
 * - it plays at most this many games, and then a fresh copy of it plays them again in the reverse order: every game
 *   must end the same way. A strategy that draws from Math.random or the clock, or carries what it saw in one game
 *   into the next, would make results depend on the worker count and on which worker played which games;
 * - a strategy naming options it never takes (the game's `ignoresMember`) plays them once more, offered those options
 *   too: every game must end the same way, or the engine leaving them out would change what it measures.
 * These games count for nothing.
 */
const VETTED_DECISIONS = 1000;
const VETTED_GAMES = 10;

/** A worker's task of vetting the strategies on these games: the first of the run's first task, which it plays too. */
export interface VetTask {
  readonly vet: Pick<Task, 'start' | 'count'>;
}

/** The failure of the first user strategy (a module with its parameters) that fails its vetting, or null. */
export async function vetUserStrategies(runner: TaskRunner, games: VetTask['vet']): Promise<TaskFailure | null> {
  const vetted = new Set<string>();
  for (let cell = 0; cell < runner.setup.cells.length; cell++) {
    const spec = runner.setup.cells[cell].strategy;
    if (userModuleOf(spec) === null || vetted.has(spec)) continue;
    vetted.add(spec);
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
  return replayedInReverse(runner, cell, await createStrategy(runner.game, runner.setup.cells[cell].strategy), seeds, endings) ?? (await replayedOfferedEverything(runner, cell, seeds, endings));
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
  const spec = runner.setup.cells[cell].strategy;
  const lastFirst = seeds.map((_, index) => seeds.length - 1 - index);
  return firstOtherEnding(runner, cell, strategy, seeds, lastFirst, endings, (index, again) => notReproducible(spec, seeds[index], endings[index], again));
}

/**
 * The games played again by a fresh copy of a strategy that names options it never takes, offered them: the failure
 * of one, or of one that ended otherwise, or null (as for a strategy that names none).
 */
async function replayedOfferedEverything(runner: TaskRunner, cell: number, seeds: readonly number[], endings: readonly string[][]): Promise<TaskFailure | null> {
  const { game } = runner;
  const spec = runner.setup.cells[cell].strategy;
  const member = game.ignoresMember;
  if (member === undefined) return null;
  const fresh = await createStrategy(game, spec);
  if (memberAt(fresh, member) === undefined) return null;
  const offered = withDecisions(fresh, game.strategyMethods, (decide) => decide, [member]);
  const inOrder = seeds.map((_, index) => index);
  const failure = firstOtherEnding(runner, cell, offered, seeds, inOrder, endings, (index, again) => ignoresNotKept(spec, member, seeds[index], endings[index], again));
  return failure?.game === undefined ? failure : ignoresFailed(spec, member, failure.game.gameSeed, failure.message);
}

/**
 * The games at these indexes played again in this order: the failure of one, or `otherEnding` of the first that ended
 * otherwise than in `endings`, or null.
 */
function firstOtherEnding(
  runner: TaskRunner,
  cell: number,
  strategy: Strategy,
  seeds: readonly number[],
  order: readonly number[],
  endings: readonly string[][],
  otherEnding: (index: number, again: readonly string[]) => TaskFailure,
): TaskFailure | null {
  for (const index of order) {
    const again = playedOrFailure(runner, cell, strategy, seeds[index]);
    if (!Array.isArray(again)) return again;
    if (again.join() !== endings[index].join()) return otherEnding(index, again);
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
export function differences(first: readonly string[], again: readonly string[]): [string, string] {
  const differing = first.map((_, index) => index).filter((index) => index > 0 && first[index] !== again[index]);
  const shown = (ending: readonly string[]) => (differing.length === 0 ? ending[0] : `${ending[0]} (${differing.map((index) => ending[index]).join(', ')})`);
  return [shown(first), shown(again)];
}

function notReproducible(spec: string, seed: number, firstEnding: readonly string[], againEnding: readonly string[]): TaskFailure {
  const [first, again] = differences(firstEnding, againEnding);
  return {
    kind: 'input',
    strategies: [spec],
    message:
      ` is not reproducible: game seed ${seed}, played by two fresh copies of it in opposite orders, ended ${first} and ${again}; ` +
      "draw randomness only from the view's stream, and forget each game in startGame (docs/writing-a-strategy.md)",
  };
}

function ignoresNotKept(spec: string, member: string, seed: number, firstEnding: readonly string[], againEnding: readonly string[]): TaskFailure {
  const [first, again] = differences(firstEnding, againEnding);
  return {
    kind: 'input',
    strategies: [spec],
    message:
      ` takes options its ${member} says it never takes: game seed ${seed} ended ${first}, and ${again} when it was offered them; ` +
      `leave out of ${member} only what it never takes, or set ${member} to undefined (docs/writing-a-strategy.md)`,
  };
}

/** A game failed while offered the options the strategy ignores: no replay shows it (a replay leaves them out), so none is named. */
function ignoresFailed(spec: string, member: string, seed: number, message: string): TaskFailure {
  const [firstLine] = message.split('\n');
  return { kind: 'input', strategies: [spec], message: `, offered the options its ${member} leaves out, failed game seed ${seed}: ${firstLine}` };
}
