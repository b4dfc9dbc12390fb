import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { type GameModule, winCount, winMask } from '../core/game.ts';
import { GameCrash, InputError } from '../core/errors.ts';
import { isModulePath } from '../core/user-module.ts';
import { CellAccumulator, PairAccumulator } from './accumulator.ts';
import { GameWins } from './game-wins.ts';
import { halfWidth, wilson } from './statistics.ts';
import { strategyHead, StrategySpecError, userModuleOf } from './strategy-spec.ts';
import { TaskRunner, type RunSetup, type Task, type TaskFailure, type TaskResult } from './task.ts';
import type { VetTask } from './vetting.ts';
import { bundleWorker } from './worker-bundle.ts';

/**
 * Plays an experiment's cells on a piscina pool, in tasks of consecutive game indices. Task boundaries depend on
 * the run's size and shape only and target-CI rounds are a fixed number of games, never derived from the worker count, and
 * accumulators hold exact integer sums, so results are identical for any --workers and any --shard split.
 */

/**
 * Large runs play 5,000 games a task: fewer, larger result messages between threads keep a 10-million-game run's
 * memory flat (with 1,000-game tasks, RSS crept up by about 45 MB over 10 million games as the allocator fragmented).
 */
const MAX_TASK_GAMES = 5000;
/**
 * A task of a run that compares cells keeps every game's metric values of every cell until it pairs them (task.ts):
 * at most this many, 16 MB a worker, so a grid of many cells and metrics plays fewer games a task.
 */
const MAX_TASK_METRIC_VALUES = 4_000_000;
/** Small runs are cut finer, so that every worker gets games: a round is split into at least this many tasks. */
const MIN_TASKS_PER_ROUND = 16;
const MIN_TASK_GAMES = 10;
/** With --target-ci, cells are checked after every round of this many games, in cell order. */
export const ROUND_GAMES = 5000;
const PROGRESS_INTERVAL_MS = 500;

/**
 * Games per task: MAX_TASK_GAMES, or less for a small run (a round of `roundGames` is cut into MIN_TASKS_PER_ROUND
 * tasks at least) or one whose metric values kept for pairing would not fit a task. It depends only on the run's size
 * and shape, never on the worker count, so every shard of a run cuts the same tasks.
 */
export function gamesPerTask(roundGames: number, metricValuesPerGame: number): number {
  const fitting = metricValuesPerGame === 0 ? MAX_TASK_GAMES : Math.floor(MAX_TASK_METRIC_VALUES / metricValuesPerGame);
  return Math.max(MIN_TASK_GAMES, Math.min(MAX_TASK_GAMES, fitting, Math.ceil(roundGames / MIN_TASKS_PER_ROUND)));
}

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export interface RunOptions {
  readonly workers: number;
  /** Fixed games per cell, or null with a target CI. */
  readonly gamesPerCell: number | null;
  readonly targetCi: number | null;
  readonly maxGames: number;
  readonly shard: Shard | null;
  /** Keep which games each cell won (one bit a game), for results.json; `sim` writes no file and keeps none. */
  readonly keepGameWins: boolean;
  readonly signal?: AbortSignal;
  /** Games finished so far: first (0 games) as play starts, then twice a second and after each task. */
  readonly onProgress?: (gamesDone: number, gamesPlanned: number) => void;
  /** Replay command for a crashed game, given its cell and seed. */
  readonly replayCommand: (cell: number, gameSeed: number) => string;
}

export interface RunOutcome {
  readonly cells: readonly CellAccumulator[];
  readonly pairs: PairAccumulator;
  readonly gameWins: readonly GameWins[] | null;
  /** Per cell: reached its games or its target (false when the run was interrupted first). */
  readonly complete: readonly boolean[];
  readonly interrupted: boolean;
}

export function defaultWorkers(): number {
  return availableParallelism();
}

interface Round {
  readonly start: number;
  readonly end: number;
  readonly cells: readonly number[];
}

export class Runner {
  private readonly cells: CellAccumulator[];
  private readonly pairs: PairAccumulator;
  private readonly gameWins: GameWins[] | null;
  private readonly cellDone: boolean[];
  private readonly isWin: Uint8Array;
  private readonly setup: RunSetup;
  private readonly gamesFinished: Uint32Array;
  private readonly stopRequested: Int32Array;
  private counterRead = 0;
  private gamesFinishedSoFar = 0;
  private plannedGames: number | undefined;

  constructor(
    private readonly game: GameModule,
    setup: Omit<RunSetup, 'gamesFinished' | 'stopRequested'>,
    private readonly options: RunOptions,
  ) {
    this.setup = { ...setup, gamesFinished: new SharedArrayBuffer(Uint32Array.BYTES_PER_ELEMENT), stopRequested: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT) };
    this.gamesFinished = new Uint32Array(this.setup.gamesFinished);
    this.stopRequested = new Int32Array(this.setup.stopRequested);
    this.cells = setup.cells.map(() => new CellAccumulator(game.outcomes.length, game.metrics));
    this.pairs = new PairAccumulator(Int32Array.from(setup.pairs), game.metrics.length);
    this.gameWins = options.keepGameWins ? setup.cells.map(() => new GameWins()) : null;
    this.cellDone = setup.cells.map(() => false);
    this.isWin = winMask(game);
  }

  async run(): Promise<RunOutcome> {
    await TaskRunner.create(this.setup); // every engine and strategy builds, so bad input fails before the pool starts
    const bundle = await bundleWorker();
    let pool: Piscina | null = null;
    // The tasks in flight stop after their current game, so a stop request is answered in about a game's time.
    const stopTasks = () => Atomics.store(this.stopRequested, 0, 1);
    this.options.signal?.addEventListener('abort', stopTasks, { once: true });
    let progress: NodeJS.Timeout | undefined;
    try {
      const failure = await this.vetInWorker(bundle.url);
      if (failure !== null) throw this.failureError(failure);
      if (this.stopped()) return this.outcome();
      pool = this.newPool(bundle.url, { minThreads: this.options.workers, maxThreads: this.options.workers });
      // Games are counted as they finish, so a slow strategy shows progress long before its first task is done. The
      // first report, of no games, says that play starts (vetting and loading are not play).
      this.reportProgress();
      progress = setInterval(() => this.reportProgress(), PROGRESS_INTERVAL_MS);
      let round: Round | null = this.firstRound();
      while (round !== null) round = this.nextRound(round, await this.playRound(pool, round));
    } finally {
      this.options.signal?.removeEventListener('abort', stopTasks);
      clearInterval(progress);
      await pool?.destroy();
      bundle.dispose();
    }
    return this.outcome();
  }

  private newPool(bundleUrl: string, threads: { minThreads: number; maxThreads: number }): Piscina {
    const needsTypeScript = [this.setup.gameId, ...this.setup.cells.map((cell) => strategyHead(cell.strategy))].some(isModulePath);
    return new Piscina({
      filename: new URL('./worker.mjs', import.meta.url).href,
      ...threads,
      idleTimeout: 1000,
      // Engines allocate almost nothing per game, so a small young generation costs no speed and keeps each
      // worker's heap, and the run's peak RSS, small (about 17 MB less with two workers than V8's default).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
      workerData: { ...this.setup, bundleUrl, needsTypeScript },
    });
  }

  private outcome(): RunOutcome {
    // A stop that came after the last game interrupted nothing.
    const interrupted = this.stopped() && this.cellDone.includes(false);
    return { cells: this.cells, pairs: this.pairs, gameWins: this.gameWins, complete: this.cellDone, interrupted };
  }

  /**
   * Users' strategies vetted (vetting.ts) before any game counts, on a pool of one worker that keeps none in reserve:
   * a stop ends the worker at once, and none takes its place. A worker that dies (a strategy calling process.exit)
   * is the strategy's doing.
   */
  private async vetInWorker(bundleUrl: string): Promise<TaskFailure | null> {
    const userSpecs = [...new Set(this.setup.cells.map((cell) => cell.strategy).filter((spec) => userModuleOf(spec) !== null))];
    if (userSpecs.length === 0) return null;
    const firstTask = this.tasks(this.firstRound()).next().value;
    const task: VetTask = { vet: { start: firstTask?.start ?? 0, count: firstTask?.count ?? 0 } };
    const pool = this.newPool(bundleUrl, { minThreads: 0, maxThreads: 1 });
    try {
      return (await pool.run(task, { signal: this.options.signal })) as TaskFailure | null;
    } catch (error) {
      if (this.stopped()) return null;
      return { kind: 'input', strategies: userSpecs, message: `: the worker vetting it ended: ${(error as Error).message.split('\n')[0]}` };
    } finally {
      await pool.destroy();
    }
  }

  private stopped(): boolean {
    return this.options.signal?.aborted ?? false;
  }

  /** The games this run plays: its shard's tasks, or with a target CI, the most it may play. */
  private gamesPlanned(): number {
    if (this.options.gamesPerCell === null) return this.setup.cells.length * this.options.maxGames;
    this.plannedGames ??= Array.from(this.tasks(this.firstRound())).reduce((games, task) => games + task.count * task.cells.length, 0);
    return this.plannedGames;
  }

  private allCells(): number[] {
    return this.setup.cells.map((_, index) => index);
  }

  private firstRound(): Round {
    const { gamesPerCell, maxGames } = this.options;
    return { start: 0, end: gamesPerCell ?? Math.min(ROUND_GAMES, maxGames), cells: this.allCells() };
  }

  /**
   * After a round: with a fixed game count the run is over; with a target CI, cells still short of it go on unless
   * the run was stopped. A round cut short by a stop leaves incomplete the cells that did not play all of it.
   */
  private nextRound(previous: Round, playedInFull: boolean): Round | null {
    if (!playedInFull) {
      // The cells a stopped task played before the one in play may still have played every game of the round.
      for (const cell of previous.cells) this.cellDone[cell] = this.playedRound(cell, previous) && (this.options.gamesPerCell !== null || this.reachedTarget(cell, previous.end));
      return null;
    }
    if (this.options.gamesPerCell !== null) {
      this.cellDone.fill(true);
      return null;
    }
    const stillPlaying = previous.cells.filter((cell) => !this.reachedTarget(cell, previous.end));
    for (const cell of previous.cells) this.cellDone[cell] = !stillPlaying.includes(cell);
    if (stillPlaying.length === 0 || this.stopped()) return null;
    return { start: previous.end, end: Math.min(previous.end + ROUND_GAMES, this.options.maxGames), cells: stillPlaying };
  }

  /**
   * Whether the cell has played every game of `round` its shard plays: a target-CI run (never sharded) plays each
   * round's cells from game 0 to the round's end; a fixed run has one round, whose tasks each play every cell.
   */
  private playedRound(cell: number, round: Round): boolean {
    const games = this.options.gamesPerCell === null ? round.end : Array.from(this.tasks(round)).reduce((sum, task) => sum + task.count, 0);
    return this.cells[cell].games === games;
  }

  private reachedTarget(cell: number, gamesPlayed: number): boolean {
    const accumulator = this.cells[cell];
    const interval = wilson(winCount(this.isWin, accumulator.outcomeCounts), accumulator.games);
    return halfWidth(interval) <= (this.options.targetCi ?? 0) || gamesPlayed >= this.options.maxGames;
  }

  private taskGames(): number {
    const metricValuesPerGame = this.setup.pairs.length === 0 ? 0 : this.setup.cells.length * this.game.metrics.length;
    return gamesPerTask(this.options.gamesPerCell ?? ROUND_GAMES, metricValuesPerGame);
  }

  private *tasks(round: Round): Generator<Task> {
    const shard = this.options.shard;
    const taskGames = this.taskGames();
    for (let start = round.start; start < round.end; start += taskGames) {
      const taskIndex = Math.floor(start / taskGames);
      if (shard === null || taskIndex % shard.count === shard.index) {
        yield { start, count: Math.min(taskGames, round.end - start), cells: round.cells };
      }
    }
  }

  /**
   * Plays a round's tasks, at most two per worker in flight, and says whether it played every game of them (not when
   * a stop came first). After a failure no task is started, the ones in flight finish, and the failure of the
   * earliest task is reported: every task before it was started before it, so the report is the same whichever
   * worker got there first.
   */
  private async playRound(pool: Piscina, round: Round): Promise<boolean> {
    const inFlight = new Set<Promise<void>>();
    const failed: { task: Task; failure: TaskFailure }[] = [];
    const limit = this.options.workers * 2;
    let inFull = true;
    try {
      for (const task of this.tasks(round)) {
        if (failed.length > 0) break;
        if (this.stopped()) {
          inFull = false;
          break;
        }
        const pending: Promise<void> = pool.run(task).then((result: TaskResult) => {
          if (result.failure !== null) failed.push({ task, failure: result.failure });
          else if (!this.absorb(task, result)) inFull = false;
        });
        inFlight.add(pending);
        void pending.finally(() => inFlight.delete(pending)).catch(() => undefined);
        if (inFlight.size >= limit) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
    } catch (error) {
      // Let the tasks in flight finish before the pool is destroyed.
      await Promise.allSettled(inFlight);
      throw error;
    }
    if (failed.length > 0) throw this.failureError(failed.reduce((first, next) => (next.task.start < first.task.start ? next : first)).failure);
    return inFull;
  }

  private failureError(failure: TaskFailure): Error {
    if (failure.kind === 'input' && failure.strategies !== undefined) return new StrategySpecError(failure.strategies, failure.message);
    if (failure.game === undefined) return new InputError(failure.message);
    const replay = this.options.replayCommand(failure.game.cell, failure.game.gameSeed);
    if (failure.kind === 'crash') return new GameCrash(failure.game.gameSeed, replay, failure.message);
    return new InputError(`${failure.message}; replay it with: ${replay}`);
  }

  /** Adds a task's results; false when a stop cut it short. */
  private absorb(task: Task, result: TaskResult): boolean {
    result.cells.forEach((raw, cell) => {
      if (raw === null) return;
      this.cells[cell].merge(CellAccumulator.fromRaw(raw, this.game.outcomes.length, this.game.metrics));
      this.gameWins?.[cell].addTask(task.start, raw.games, result.wins[cell]!);
    });
    this.pairs.merge(PairAccumulator.fromJSON(result.pairs));
    this.reportProgress();
    return task.cells.every((cell) => result.cells[cell]?.games === task.count);
  }

  private reportProgress(): void {
    const counter = Atomics.load(this.gamesFinished, 0);
    // The shared counter wraps at 2^32 games; between two reads it moves by far less.
    this.gamesFinishedSoFar += (counter - this.counterRead) >>> 0;
    this.counterRead = counter;
    this.options.onProgress?.(this.gamesFinishedSoFar, this.gamesPlanned());
  }
}
