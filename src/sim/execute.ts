import { InputError } from '../core/errors.ts';
import type { GameModule } from '../core/game.ts';
import { loadGame } from '../games/registry.ts';
import { loadContent, type LoadedContent } from './content.ts';
import { besideExperiment, DEFAULT_GAMES, planExperiment, replayOnlyProblem, type ExperimentFile, type ExperimentPlan } from './experiment.ts';
import { MAX_KEPT_GAMES } from './game-wins.ts';
import type { ResultsFile } from './results.ts';
import { Runner, type RunOptions, type Shard } from './runner.ts';
import { checkSettingValues } from './settings.ts';
import { StrategySpecError } from './strategy-spec.ts';
import { resultsFile } from './summarize.ts';
import type { RunSetup } from './task.ts';

/** Runs one experiment from its parsed file to its results: plan, content, pool, statistics. */

export interface ExecuteOptions {
  readonly file: ExperimentFile;
  readonly sourcePath: string;
  /** `sim`: the strategy was given by --strategy, which errors then name; otherwise they name it as the file lists it. */
  readonly strategyFromFlag?: boolean;
  /** --content, overriding the experiment's content file. */
  readonly contentFile?: string;
  /** --set, settings fixed over the experiment's own (never one its grid varies). */
  readonly settings?: Readonly<Record<string, string>>;
  readonly games?: number;
  readonly targetCi?: number;
  readonly maxGames?: number;
  readonly seed?: number;
  readonly workers: number;
  readonly shard: Shard | null;
  /** Keep which games each cell won in results.json (for `playsim diff`), unless the run plans over MAX_KEPT_GAMES. */
  readonly keepGameWins: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (gamesDone: number, gamesPlanned: number) => void;
}

export interface Execution {
  readonly results: ResultsFile;
  readonly interrupted: boolean;
}

/** The experiment with `given` (--set) fixed over its own settings; a setting its grid varies cannot be fixed. */
function withFixedSettings(file: ExperimentFile, game: GameModule, given: Readonly<Record<string, string>>): ExperimentFile {
  const names = Object.keys(given);
  if (names.length === 0) return file;
  checkSettingValues(game, given, '--set');
  const replayOnly = game.settings.find((spec) => spec.replayOnly === true && Object.hasOwn(given, spec.name));
  if (replayOnly !== undefined) throw new InputError(`--set ${replayOnly.name}=${given[replayOnly.name]}: ${replayOnlyProblem(replayOnly.name, game)}`);
  const varied = names.find((name) => Object.hasOwn(file.grid, name));
  if (varied !== undefined) {
    throw new InputError(`--set ${varied}=${given[varied]}: the experiment varies ${varied} (its grid: ${Object.keys(file.grid).join(', ')}); --set fixes only settings it does not vary`);
  }
  return { ...file, settings: { ...file.settings, ...given } };
}

/** Without a target CI, a target-CI run still needs a ceiling. */
export const DEFAULT_MAX_GAMES = 1_000_000;

interface Budget {
  readonly gamesPerCell: number | null;
  readonly targetCi: number | null;
  readonly maxGames: number;
}

function budget(options: ExecuteOptions): Budget {
  const { file } = options;
  if (options.games !== undefined && options.targetCi !== undefined) {
    throw new InputError('--games and --target-ci size a run two ways: give one of them (--games overrides only a target CI the experiment file gives)');
  }
  const targetCi = options.games !== undefined ? null : (options.targetCi ?? file.targetCi ?? null);
  if (targetCi === null) {
    const gamesPerCell = options.games ?? file.games ?? DEFAULT_GAMES;
    if (options.maxGames !== undefined) {
      throw new InputError(`--max-games caps a run with a target CI; without one this run plays ${gamesPerCell} games per cell: add --target-ci, or set the count with --games`);
    }
    return { gamesPerCell, targetCi: null, maxGames: gamesPerCell };
  }
  if (options.shard !== null) {
    throw new InputError('--shard cannot be combined with a target CI: each shard would stop on its own games; use --games');
  }
  return { gamesPerCell: null, targetCi, maxGames: options.maxGames ?? file.maxGames ?? DEFAULT_MAX_GAMES };
}

export function replayCommandLine(gameRef: string, plan: ExperimentPlan, cell: number, gameSeed: number, contentFile: string | undefined): string {
  const { settings, strategy } = plan.cells[cell];
  const sets = Object.entries(settings).flatMap(([key, value]) => ['--set', `${key}=${value}`]);
  const content = contentFile === undefined ? [] : ['--content', contentFile];
  return ['playsim', 'replay', gameRef, '--seed', String(gameSeed), ...sets, '--strategy', strategy, ...content].map(shellQuoted).join(' ');
}

/** An argument as a POSIX shell reads it back: as it is when it is plain, else in single quotes. */
function shellQuoted(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replaceAll("'", "'\\''")}'`;
}

/**
 * What `load` gives from a path an experiment file names; its bad-input error starts with `prefix` and says where the
 * path would have been found beside the experiment file.
 */
async function namedByExperiment<T>(path: string, sourcePath: string, load: () => T | Promise<T>, prefix = ''): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`${prefix}${error.message}${besideExperiment(path, sourcePath)}`);
    throw error;
  }
}

export async function executeExperiment(options: ExecuteOptions): Promise<Execution> {
  const { sourcePath } = options;
  const game = await namedByExperiment(options.file.game, sourcePath, () => loadGame(options.file.game, `${sourcePath}: field game`));
  const file = withFixedSettings(options.file, game, options.settings ?? {});
  const plan = await planExperiment(file, game, sourcePath);
  const content = await experimentContent(options, file, game);
  const runBudget = budget(options);
  const seed = options.seed ?? file.seed;
  const outcome = await new Runner(game, runSetup(file, plan, content, seed), runOptions(options, file, plan, runBudget))
    .run()
    .catch((error: unknown) => {
      throw strategiesAsListed(error, options);
    });
  const results = resultsFile({
    game,
    plan,
    contentFile: content.file,
    contentSha256: content.sha256,
    provenance: game.content.provenance(content.content, plan.cells.map((cell) => cell.settings)),
    seed,
    gamesPerCell: runBudget.gamesPerCell,
    targetCi: runBudget.targetCi,
    maxGames: runBudget.targetCi === null ? null : runBudget.maxGames,
    cells: outcome.cells,
    complete: outcome.complete,
    pairs: outcome.pairs,
    gameWins: outcome.gameWins,
    shard: options.shard,
  });
  return { results, interrupted: outcome.interrupted };
}

function strategiesAsListed(error: unknown, options: ExecuteOptions): unknown {
  if (options.strategyFromFlag === true || !(error instanceof StrategySpecError)) return error;
  return new InputError(error.asListedIn(options.sourcePath), { cause: error });
}

/** The content of --content's file, else of the experiment's own (its errors then name the experiment's field), else the game's shipped one. */
async function experimentContent(options: ExecuteOptions, file: ExperimentFile, game: GameModule): Promise<LoadedContent> {
  const { sourcePath } = options;
  const named = file.content;
  if (options.contentFile !== undefined || named === undefined) return loadContent(game, options.contentFile);
  return namedByExperiment(named, sourcePath, () => loadContent(game, named), `${sourcePath}: field content: `);
}

/** What every worker needs to play the experiment's games. */
function runSetup(file: ExperimentFile, plan: ExperimentPlan, content: LoadedContent, seed: number): Omit<RunSetup, 'gamesFinished' | 'stopRequested'> {
  return {
    gameId: file.game,
    content: content.content,
    cells: plan.cells.map((cell) => ({ settings: cell.settings, strategy: cell.strategy })),
    pairs: plan.pairs.flatMap(([a, b]) => [a, b]),
    runSeed: seed,
  };
}

function runOptions(options: ExecuteOptions, file: ExperimentFile, plan: ExperimentPlan, runBudget: Budget): RunOptions {
  return {
    workers: options.workers,
    gamesPerCell: runBudget.gamesPerCell,
    targetCi: runBudget.targetCi,
    maxGames: runBudget.maxGames,
    shard: options.shard,
    keepGameWins: options.keepGameWins && plan.cells.length * runBudget.maxGames <= MAX_KEPT_GAMES,
    signal: options.signal,
    onProgress: options.onProgress,
    replayCommand: (cell, gameSeed) => replayCommandLine(file.game, plan, cell, gameSeed, options.contentFile ?? file.content),
  };
}
