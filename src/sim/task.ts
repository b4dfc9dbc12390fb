import type { GameEngine, GameModule, Settings, Strategy } from '../core/game.ts';
import { OutcomeRecord, playOneGame, winMask } from '../core/game.ts';
import { INPUT_ERROR_NAME, type InputError } from '../core/errors.ts';
import { gameSeed } from '../core/rng.ts';
import { loadGame } from '../games/registry.ts';
import { CellAccumulator, PairAccumulator } from './accumulator.ts';
import { GameWins } from './game-wins.ts';
import { canonicalStrings } from './json.ts';
import type { CellRaw } from './results.ts';
import { placeInModule } from '../core/user-module.ts';
import { createStrategy, userModuleOf } from './strategy-spec.ts';

/**
 * What one worker does: play a contiguous range of game indices for a set of cells. Every cell plays the same
 * game seeds (common random numbers); the seed of game i is gameSeed(runSeed, i) whatever worker plays it.
 */

export interface RunSetup {
  readonly gameId: string;
  readonly content: unknown;
  readonly cells: readonly { readonly settings: Settings; readonly strategy: string }[];
  /** Flat [a0, b0, a1, b1, ...] cell indices of the paired comparisons. */
  readonly pairs: readonly number[];
  readonly runSeed: number;
  /** Games finished by every worker so far, one Uint32 shared with the main thread, which shows it as progress. */
  readonly gamesFinished: SharedArrayBuffer;
  /** One Int32 the main thread sets to 1 to stop the run: tasks end after the game they are playing. */
  readonly stopRequested: SharedArrayBuffer;
}

export interface Task {
  readonly start: number;
  readonly count: number;
  /** Indices of the cells to play. */
  readonly cells: readonly number[];
}

export type PairsRaw = ReturnType<PairAccumulator['toJSON']>;

/** The game a failure happened in: its cell and seed, from which the run writes the replay command. */
export interface FailedGame {
  readonly cell: number;
  readonly gameSeed: number;
}

/** A failure about strategies names their specs in `strategies`, its message what follows their name (StrategySpecError). */
export type TaskFailure =
  | { readonly kind: 'input'; readonly message: string; readonly strategies?: readonly string[]; readonly game?: FailedGame }
  | { readonly kind: 'crash'; readonly message: string; readonly game: FailedGame };

export interface TaskResult {
  /** Per cell played, its games from the task's first: fewer than the task's count when the run was stopped. */
  readonly cells: readonly (CellRaw | null)[];
  /** Per cell played, its wins packed as bits from the task's first game (GameWins.pack). */
  readonly wins: readonly (Uint8Array | null)[];
  readonly pairs: PairsRaw;
  readonly failure: TaskFailure | null;
}

export interface Player {
  readonly engine: GameEngine<Strategy>;
  readonly strategy: Strategy;
}

export class TaskRunner {
  private readonly record: OutcomeRecord;
  private readonly isWin: Uint8Array;
  private readonly gamesFinished: Uint32Array;
  private readonly stopRequested: Int32Array;
  private wins = new Uint8Array(0);
  /**
   * Each game's metric values by cell, kept only when cells are compared. Game by game (offset · cells + cell), unlike
   * `wins`, so that pairing one game reads every cell's values as one block (PairAccumulator.addGame).
   */
  private metricValues = new Int32Array(0);
  private readonly active: Uint8Array;
  private readonly wonThisGame: Uint8Array;

  private constructor(
    readonly game: GameModule,
    readonly setup: RunSetup,
    readonly players: readonly Player[],
  ) {
    this.record = new OutcomeRecord(game.metrics.length);
    this.isWin = winMask(game);
    this.active = new Uint8Array(setup.cells.length);
    this.wonThisGame = new Uint8Array(setup.cells.length);
    this.gamesFinished = new Uint32Array(setup.gamesFinished);
    this.stopRequested = new Int32Array(setup.stopRequested);
  }

  static async create(setup: RunSetup): Promise<TaskRunner> {
    const game = await loadGame(setup.gameId);
    // The content reached this worker as a copy, its strings no longer canonical.
    const content = canonicalStrings(setup.content);
    const players: Player[] = [];
    for (const cell of setup.cells) {
      players.push({ engine: game.createEngine(cell.settings, content, null), strategy: await createStrategy(game, cell.strategy) });
    }
    return new TaskRunner(game, setup, players);
  }

  /**
   * Plays the task cell by cell (an engine's state stays in cache). A stop request ends it after the game being
   * played: the cells before have played the whole task, the one in play part of it, the rest none of it.
   */
  run(task: Task): TaskResult {
    const accumulators = this.setup.cells.map(() => null as CellAccumulator | null);
    const pairs = new PairAccumulator(Int32Array.from(this.setup.pairs), this.game.metrics.length);
    this.makeRoomFor(task);
    let cell = -1;
    let seed = 0;
    try {
      for (cell of task.cells) {
        if (this.stopWasRequested()) break;
        const accumulator = new CellAccumulator(this.game.outcomes.length, this.game.metrics);
        accumulators[cell] = accumulator;
        const { engine, strategy } = this.players[cell];
        for (let offset = 0; offset < task.count && !this.stopWasRequested(); offset++) {
          seed = gameSeed(this.setup.runSeed, task.start + offset);
          playOneGame(engine, seed, strategy, this.record);
          accumulator.add(this.record);
          this.wins[cell * task.count + offset] = this.isWin[this.record.outcome];
          if (this.comparesCells()) this.metricValues.set(this.record.metrics, this.metricsAt(offset, cell));
          Atomics.add(this.gamesFinished, 0, 1);
        }
      }
    } catch (error) {
      return { cells: [], wins: [], pairs: pairs.toJSON(), failure: describeFailure(error, cell, seed, userModuleOf(this.setup.cells[cell].strategy)) };
    }
    this.countPairs(task, accumulators, pairs);
    return {
      cells: accumulators.map((accumulator) => accumulator?.toRaw() ?? null),
      wins: accumulators.map((accumulator, cell) => (accumulator === null ? null : GameWins.pack(this.wins, cell * task.count, accumulator.games))),
      pairs: pairs.toJSON(),
      failure: null,
    };
  }

  private makeRoomFor(task: Task): void {
    const cells = this.setup.cells.length;
    if (this.wins.length < cells * task.count) this.wins = new Uint8Array(cells * task.count);
    const metricValues = this.comparesCells() ? task.count * cells * this.game.metrics.length : 0;
    if (this.metricValues.length < metricValues) this.metricValues = new Int32Array(metricValues);
  }

  private comparesCells(): boolean {
    return this.setup.pairs.length > 0;
  }

  /** Where game `offset` of the task has cell `cell`'s metric values in metricValues. */
  private metricsAt(offset: number, cell: number): number {
    return (offset * this.setup.cells.length + cell) * this.game.metrics.length;
  }

  private stopWasRequested(): boolean {
    return Atomics.load(this.stopRequested, 0) !== 0;
  }

  /** Pairs the cells' wins and metric values game by game, over the games both cells of a pair played. */
  private countPairs(task: Task, accumulators: readonly (CellAccumulator | null)[], pairs: PairAccumulator): void {
    this.active.fill(0);
    for (let offset = 0; offset < task.count; offset++) {
      for (const cell of task.cells) {
        this.active[cell] = offset < (accumulators[cell]?.games ?? 0) ? 1 : 0;
        this.wonThisGame[cell] = this.wins[cell * task.count + offset];
      }
      pairs.addGame(this.wonThisGame, this.active, this.metricValues, this.metricsAt(offset, 0));
    }
  }
}

/**
 * Bad input is recognised by name, not by class: a user's game module loaded from its own path brings its own
 * copy of the error classes, which the bundled worker's `instanceof` would not recognise.
 */
function isInputError(error: unknown): error is InputError {
  return error instanceof Error && error.name === INPUT_ERROR_NAME;
}

/**
 * What every task of a worker that could not build the engines answers. The main thread built them from the same
 * set-up first, so what fails only in a worker is the user's (a module that loads in one thread and not another).
 */
export function startFailure(error: unknown): TaskResult {
  const detail = isInputError(error) ? error.message : error instanceof Error ? error.message.split('\n')[0] : String(error);
  return { cells: [], wins: [], pairs: new PairAccumulator(new Int32Array(0), 0).toJSON(), failure: { kind: 'input', message: `a worker could not build the games: ${detail}` } };
}

/**
 * A user's strategy throwing is bad input (with the place in its module the throw came from); a built-in one throwing
 * (an engine it runs included) is a bug: a crash. Either names the game, so the run can say how to replay it.
 */
export function describeFailure(error: unknown, cell: number, seed: number, userModule: string | null): TaskFailure {
  const thrown = (error as { thrown?: unknown } | null)?.thrown;
  if (isInputError(error) && (userModule !== null || thrown === undefined)) {
    const place = userModule === null || thrown === undefined ? null : placeInModule(thrown, userModule);
    return { kind: 'input', message: place === null ? error.message : `${error.message} (at ${place})`, game: { cell, gameSeed: seed } };
  }
  const cause = thrown ?? error;
  const message = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
  return { kind: 'crash', message, game: { cell, gameSeed: seed } };
}
