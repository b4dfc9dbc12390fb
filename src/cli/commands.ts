import { existsSync, mkdtempSync, readdirSync, realpathSync, rmdirSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { OutcomeRecord, playOneGame, shownMetric, type GameModule, type Settings } from '../core/game.ts';
import { EXIT_BAD_INPUT, InputError } from '../core/errors.ts';
import { GAME_IDS, loadGame } from '../games/registry.ts';
import { REPOSITORY_ROOT, loadContent, type LoadedContent } from '../sim/content.ts';
import { executeExperiment, type ExecuteOptions, type Execution } from '../sim/execute.ts';
import { experimentSchema, readExperimentFile, type ExperimentFile } from '../sim/experiment.ts';
import { diffResults } from '../sim/diff.ts';
import { mergeShards } from '../sim/merge.ts';
import { readResultsFile } from '../sim/results-file.ts';
import type { ResultsFile } from '../sim/results.ts';
import { defaultWorkers, type Shard } from '../sim/runner.ts';
import { allowedValues, parseSetFlags, resolveSettings } from '../sim/settings.ts';
import { allowedParamValues, createStrategy, strategyDefinition, userModuleOf } from '../sim/strategy-spec.ts';
import { ViewCheck } from '../sim/view-check.ts';
import { diffMarkdown } from '../report/diff.ts';
import { reportFileObstacle } from '../report/report-files.ts';
import { summaryMarkdown } from '../report/summary.ts';
import { createProgress } from './progress.ts';

export const EXPERIMENTS_DIR = join(REPOSITORY_ROOT, 'experiments');
export const REPORTS_DIR = join(REPOSITORY_ROOT, 'reports');

export interface RunFlags {
  readonly games?: number;
  readonly targetCi?: number;
  readonly maxGames?: number;
  readonly seed?: number;
  readonly workers?: number;
  readonly content?: string;
  /** --set key=value: settings fixed over the experiment's own. */
  readonly set?: readonly string[];
}

/** Set by the first Ctrl-C or SIGTERM: runs stop after the games being played and write them, marked incomplete. */
export const interruption = new AbortController();

export function parseShard(text: string | undefined): Shard | null {
  if (text === undefined) return null;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  // n = 0 fails i < n. Beyond the largest safe integer, n is stored rounded (1e20) and i % n no longer splits the tasks.
  if (!match || index >= count || count > Number.MAX_SAFE_INTEGER) {
    throw new InputError(`--shard ${text}: expected i/n with 0 <= i < n <= ${Number.MAX_SAFE_INTEGER}, e.g. 0/4`);
  }
  return { index, count };
}

/**
 * The report folder --out names, checked before any game is played, so a long run is not lost to a typo: the folder,
 * or its nearest existing ancestor, must be a folder this process may write into, and nothing but files may bear a
 * report file's name in it. Nothing is created until the report is written. An empty --out (a CI variable left
 * unset) is refused rather than taken as the working directory.
 * `named` is how an error names the folder: the flag, or what the folder is when the user did not type its path.
 */
export function outputFolder(out: string, named = '--out'): string {
  if (out.trim() === '') throw new InputError('--out is empty: give the report folder (--out . for the working directory)');
  const outDir = resolve(out);
  let path = outDir;
  while (!existsSync(path) && dirname(path) !== path) path = dirname(path);
  const problem = folderProblem(path, outDir);
  if (problem !== null) throw new InputError(`${named} ${outDir}: cannot write the report there: ${problem}`);
  return outDir;
}

function folderProblem(path: string, outDir: string): string | null {
  if (!statSync(path).isDirectory()) return `${path} is not a folder`;
  if (!writable(path)) return `${path} is not writable`;
  const obstacle = path === outDir ? reportFileObstacle(outDir) : null;
  return obstacle === null ? null : `${obstacle} is not a file, and a report file goes there`;
}

/**
 * Whether a folder can be made in `path`, tried by making (and removing) one: a permission check alone passes on
 * /proc for root, where Node's recursive mkdir then never returns.
 */
function writable(path: string): boolean {
  try {
    rmdirSync(mkdtempSync(join(path, '.playsim-probe-')));
    return true;
  } catch {
    return false;
  }
}

/**
 * `run` keeps in results.json which games each cell won (for `playsim diff`); `sim` writes no file, and its errors name
 * the strategy by its --strategy flag.
 */
type Caller = Pick<ExecuteOptions, 'keepGameWins' | 'strategyFromFlag'>;

async function execute(file: ExperimentFile, sourcePath: string, flags: RunFlags, shard: Shard | null, caller: Caller): Promise<Execution> {
  const progress = createProgress(file.name);
  try {
    return await executeExperiment({
      file,
      sourcePath,
      strategyFromFlag: caller.strategyFromFlag,
      contentFile: flags.content,
      settings: parseSetFlags(flags.set ?? []),
      games: flags.games,
      targetCi: flags.targetCi,
      maxGames: flags.maxGames,
      seed: flags.seed,
      workers: flags.workers ?? defaultWorkers(),
      shard,
      keepGameWins: caller.keepGameWins,
      signal: interruption.signal,
      onProgress: (done, planned) => progress.update(done, planned),
    });
  } finally {
    progress.stop();
  }
}

/** The report renderer (vega, vega-lite) is loaded only once results exist, keeping it out of a run's memory. */
async function writeReport(results: ResultsFile, outDir: string): Promise<string[]> {
  const { writeReport: write } = await import('../report/write.ts');
  return write(results, outDir);
}

/** A path as the user would type it: relative when under the working directory, else absolute. */
export function shownPath(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere === '..' || fromHere.startsWith(`..${sep}`) || isAbsolute(fromHere) ? path : fromHere;
}

/**
 * Runs and writes the report; `run` prints the summary, the suite (`npm start`) one line per experiment. A run stopped
 * before any game finished writes nothing, so that a report already in the folder is not replaced by an empty one.
 */
async function runAndReport(file: ExperimentFile, sourcePath: string, flags: RunFlags, shard: Shard | null, outDir: string, inSuite = false): Promise<boolean> {
  const started = Date.now();
  const { results, interrupted } = await execute(file, sourcePath, flags, shard, { keepGameWins: true });
  if (interrupted && results.cells.every((cell) => cell.games === 0)) {
    process.stderr.write(`interrupted before any game finished: nothing written to ${outDir}\n`);
    return false;
  }
  const written = await writeReport(results, outDir);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (inSuite) process.stdout.write(`${file.name}: ${results.cells.length} cells in ${seconds} s -> ${shownPath(join(outDir, 'report.html'))}\n`);
  else process.stdout.write(`${summaryMarkdown(results)}\n`);
  if (interrupted) process.stderr.write(`interrupted: wrote the games finished so far, marked incomplete, to ${outDir}\n`);
  else if (!inSuite) process.stderr.write(`wrote ${written.length} files to ${outDir}\n`);
  return !interrupted;
}

/** A bare experiment name, as `list` shows it, means that experiment's file in experiments/. */
export function experimentPathOf(reference: string): string {
  if ((existsSync(reference) && statSync(reference).isFile()) || /[\\/.]/.test(reference)) return reference;
  const named = experimentFiles().find((path) => basename(path, extname(path)) === reference);
  if (named === undefined) throw new InputError(`${reference}: not an experiment file, and no experiment of that name in experiments/ (playsim list names them)`);
  return named;
}

/**
 * reports/<experiment>, with what sets this run apart from the experiment as written (--set, --content, --shard) in
 * its name, so that a changed run never overwrites the report it is to be compared with.
 */
export function defaultOutDir(file: ExperimentFile, flags: RunFlags, shard: Shard | null): string {
  const settings = Object.entries(parseSetFlags(flags.set ?? [])).map(([key, value]) => `-${key}-${value}`);
  const content = flags.content === undefined ? [] : [`-${basename(flags.content, extname(flags.content))}`];
  const shardPart = shard === null ? [] : [`-shard-${shard.index}-of-${shard.count}`];
  return join(REPORTS_DIR, [file.name, ...settings, ...content, ...shardPart].join('').replace(/[^\w.+-]/g, '_'));
}

export async function runCommand(reference: string, flags: RunFlags & { shard?: string; out?: string }): Promise<boolean> {
  const shard = parseShard(flags.shard);
  const experimentPath = experimentPathOf(reference);
  const file = readExperimentFile(experimentPath);
  const outDir = outputFolder(flags.out ?? defaultOutDir(file, flags, shard));
  return runAndReport(file, experimentPath, flags, shard, outDir);
}

export function experimentFiles(): string[] {
  return readdirSync(EXPERIMENTS_DIR)
    .filter((name) => /\.(ya?ml|json)$/.test(name))
    .sort()
    .map((name) => join(EXPERIMENTS_DIR, name));
}

/** `npm start`: every experiment at its quick size, one report folder each under reports/ (or --out). */
export async function suiteCommand(flags: RunFlags & { full?: boolean; out?: string }): Promise<boolean> {
  const sizing = flags.targetCi !== undefined ? '--target-ci' : flags.maxGames !== undefined ? '--max-games' : null;
  if (sizing !== null && flags.full !== true) {
    throw new InputError(`${sizing} needs --full: without it the suite plays each experiment's quick game count (or --games)`);
  }
  if (flags.maxGames !== undefined && flags.targetCi === undefined) {
    throw new InputError('--max-games needs --target-ci: it caps the games of a run with a target CI');
  }
  const reportsDir = flags.out === undefined ? REPORTS_DIR : outputFolder(flags.out);
  // Every experiment and report folder is checked before the first game, so bad input never costs a run.
  const experiments = experimentFiles().map((path) => ({ path, file: readExperimentFile(path) }));
  for (const { file } of experiments) outputFolder(join(reportsDir, file.name), `${file.name}'s report folder`);
  for (const { path, file } of experiments) {
    const games = flags.games ?? (flags.full ? undefined : file.quickGames);
    const finished = await runAndReport(file, path, { ...flags, games }, null, join(reportsDir, file.name), true);
    if (!finished) return false;
  }
  process.stdout.write(`each folder under ${shownPath(reportsDir) || '.'}/ holds summary.md (the tables), results.json, the charts and report.html (open it in a browser)\n`);
  return true;
}

/** One cell: an experiment of the game's default settings, with --set's fixed over them as `run` fixes them. */
export async function simCommand(gameId: string, flags: RunFlags & { strategy?: string; json?: boolean }): Promise<boolean> {
  const game = await loadGame(gameId);
  const strategy = flags.strategy ?? game.defaultStrategy;
  // Checked here, so that a bad --strategy is reported as such rather than as part of the one-cell experiment.
  await strategyDefinition(game, strategy);
  const file = experimentSchema.parse({
    name: 'sim',
    title: `${game.title}: one cell`,
    game: gameId,
    strategies: [strategy],
  });
  const { results, interrupted } = await execute(file, '--set', flags, null, { keepGameWins: false, strategyFromFlag: true });
  process.stdout.write(flags.json ? `${JSON.stringify(results.cells[0], null, 2)}\n` : `${summaryMarkdown(results)}\n`);
  return !interrupted;
}

export async function replayCommand(gameId: string, flags: { seed: number; set?: string[]; strategy?: string; content?: string; detail?: boolean }): Promise<void> {
  const game = await loadGame(gameId);
  if (flags.detail === true && !game.settings.some((spec) => spec.name === 'detail')) throw new InputError(`--detail: game "${gameId}" has no detail setting`);
  const settings = resolveSettings(game, { ...parseSetFlags(flags.set ?? []), ...(flags.detail === true ? { detail: 'true' } : {}) }, '--set');
  const content = loadContent(game, flags.content);
  const spec = flags.strategy ?? game.defaultStrategy;
  await untilReplayed(spec, () => replayGame(game, settings, content, spec, flags.seed));
}

async function replayGame(game: GameModule, settings: Settings, content: LoadedContent, spec: string, seed: number): Promise<void> {
  const created = await createStrategy(game, spec);
  // A user's strategy is checked to leave its views alone all game (see view-check.ts): slower, but one game.
  const strategy = userModuleOf(spec) === null ? created : new ViewCheck(created, game.strategyMethods).strategy;
  const engine = game.createEngine(settings, content.content, { write: (line) => process.stdout.write(`${line}\n`) });
  const record = new OutcomeRecord(game.metrics.length);
  const settingsText = Object.entries(settings).map(([key, value]) => `${key}=${value}`).join(' ');
  process.stdout.write(`replay of ${game.id}, seed ${seed}, strategy ${spec}; settings ${settingsText}; content ${content.file}\n`);
  playOneGame(engine, seed, strategy, record);
  const metrics = game.metrics.map((metric, index) => `${metric.name}=${shownMetric(record.metrics[index])}`).join(' ');
  process.stdout.write(`outcome: ${game.outcomes[record.outcome]}; ${metrics}\n`);
}

/**
 * A user strategy that ends the process (process.exit) in the replay's thread would leave the narration cut short
 * under its own exit code, 0 perhaps: said, and exit code 2, as a run says of a strategy that ends its worker.
 */
async function untilReplayed(spec: string, replay: () => Promise<void>): Promise<void> {
  const cutShort = (code: number) => {
    process.stderr.write(`playsim: --strategy ${spec}: ended the process (process.exit(${code})) before the game's end; the replay above is cut short\n`);
    process.exitCode = EXIT_BAD_INPUT;
  };
  process.once('exit', cutShort);
  try {
    await replay();
  } finally {
    process.off('exit', cutShort);
  }
}

export async function mergeCommand(paths: readonly string[], outDir: string): Promise<void> {
  const folder = outputFolder(outDir);
  checkNotAnInputFolder(folder, paths);
  const results = await mergeShards(paths);
  const written = await writeReport(results, folder);
  process.stdout.write(`${summaryMarkdown(results)}\n`);
  process.stderr.write(`merged ${paths.length} shards; wrote ${written.length} files to ${folder}\n`);
}

/** The merged report must not go into the folder of an input, whose report (results.json with it) it would overwrite. */
function checkNotAnInputFolder(folder: string, paths: readonly string[]): void {
  const input = paths.find((path) => samePath(folderOf(path), folder));
  if (input !== undefined) throw new InputError(`--out ${folder}: cannot write the report there: it is the folder of the input ${input}, which a report there would overwrite; give another folder`);
}

/** A results file's folder, or the report folder given in its place. */
function folderOf(path: string): string {
  return existsSync(path) && statSync(path).isDirectory() ? path : dirname(path);
}

/** Whether two paths name the same file or folder, through symbolic links. */
function samePath(a: string, b: string): boolean {
  const real = (path: string) => (existsSync(path) ? realpathSync(path) : resolve(path));
  return real(a) === real(b);
}

/**
 * Prints how the results moved from one run to another; false (exit code 1) with `failOnChange` when some matched
 * cell's win rate moved with all the cells' changes taken together.
 */
export async function diffCommand(beforePath: string, afterPath: string, failOnChange: boolean): Promise<boolean> {
  const [before, after] = [readResultsFile(beforePath), readResultsFile(afterPath)];
  const game = await loadGame(after.experiment.game, `${afterPath}: field experiment.game`);
  const diff = diffResults(before, after, game);
  process.stdout.write(diffMarkdown(diff, beforePath, afterPath));
  return !(failOnChange && diff.cells.some((cell) => cell.winMovedTogether));
}

function describeGame(game: GameModule): string {
  const settings = game.settings.map((spec) => `    ${spec.name} (default ${spec.default}; ${allowedValues(spec)}): ${spec.description}`);
  const strategies = game.strategies.flatMap((definition) => [
    `    ${definition.name}: ${definition.description}`,
    ...definition.params.map((param) => `      ${param.name} (default ${param.default}; ${allowedParamValues(param)}): ${param.description}`),
  ]);
  return [
    `${game.id}: ${game.title}`,
    '  settings (--set key=value):',
    ...settings,
    `  strategies (--strategy name[:param=value,...] or a path to a module; default ${game.defaultStrategy}):`,
    ...strategies,
    `  outcomes: ${game.outcomes.join(', ')} (win = ${game.winningOutcomes === undefined ? game.winOutcome : `${game.winOutcome}: ${game.winningOutcomes.join(' or ')}`})`,
    '  metrics:',
    ...game.metrics.map((metric) => `    ${metric.name}: ${metric.description}`),
  ].join('\n');
}

export async function listCommand(): Promise<void> {
  const games = await Promise.all(GAME_IDS.map((id) => loadGame(id)));
  const experiments = experimentFiles().map((path) => {
    const file = readExperimentFile(path);
    return `  ${file.name} (${file.game}): ${file.title}`;
  });
  process.stdout.write(`${['games:', ...games.map(describeGame), '', 'experiments (experiments/):', ...experiments].join('\n')}\n`);
}
