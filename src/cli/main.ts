import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { z, type ZodType } from 'zod';
import { EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK, GameCrash, InputError } from '../core/errors.ts';
import { GAME_IDS } from '../games/registry.ts';
import { DEFAULT_GAMES, runSizes } from '../sim/experiment.ts';
import { diffCommand, interruption, listCommand, mergeCommand, replayCommand, runCommand, simCommand, suiteCommand } from './commands.ts';

/**
 * The `playsim` command line. Exit codes: 0 done, 1 failure while running (or interrupted, or `diff --fail-on-change`
 * found a change), 2 bad usage or input.
 */

const WHOLE = 'a whole number of at least 1';
/** More threads than any machine has cores only slows a run; a typo (99999) would hang starting them. */
const MAX_WORKERS = 1024;
const WORKERS = z.number().int().min(1).max(MAX_WORKERS);
const SEED = `a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`;

/**
 * A number flag checked as the experiment file's field is, with the text the user typed in the error. It has no
 * yargs type (yargs would label it [string] in --help, or parse "1e3" and "abc" itself): with number parsing off,
 * the coerce sees the text as typed, or `true` when the flag came without a value. Its help ends with what it takes,
 * in place of the type label.
 */
function sizeFlag(flag: string, schema: ZodType<number>, expected: string, describe: string) {
  const coerce = (typed: string | true | (string | true)[]): number => {
    const text = givenOnce(flag, typed);
    if (text === true || text.trim() === '') throw new InputError(`--${flag} needs a value: ${expected}`);
    const value = Number(text);
    if (!schema.safeParse(value).success) throw new InputError(`--${flag} ${text}: expected ${expected}`);
    return value;
  };
  return { coerce, describe: `${describe} [${expected}]` } as const;
}

/** yargs collects a flag given more than once into an array: refused for every flag that takes one value (all but --set). */
function givenOnce<T>(flag: string, value: T | T[]): T {
  if (Array.isArray(value)) throw new InputError(`--${flag} given ${value.length} times (${value.join(', ')}); give it once`);
  return value;
}

/** A flag that takes one text value. */
function textFlag(flag: string, describe: string) {
  return { type: 'string', describe, coerce: (text: string | string[]) => givenOnce(flag, text) } as const;
}

/** What every command that plays games takes; a content file belongs to one game, so the suite (every game) takes no --content. */
const suiteOptions = {
  games: sizeFlag('games', runSizes.games, WHOLE, "games per cell (overrides the experiment file's games or target CI; not with --target-ci)"),
  'target-ci': sizeFlag('target-ci', runSizes.targetCi, 'a win-rate half-width above 0 and at most 0.5, e.g. 0.01 for ±1 pp', 'play each cell in whole rounds until its win-rate 95% CI half-width is at most W'),
  'max-games': sizeFlag('max-games', runSizes.maxGames, WHOLE, 'ceiling of games per cell with --target-ci'),
  seed: sizeFlag('seed', runSizes.seed, SEED, 'run seed: game i plays seed f(run seed, i) in every cell'),
  workers: sizeFlag('workers', WORKERS, `a whole number from 1 to ${MAX_WORKERS}`, 'worker threads (default: the number of cores)'),
} as const;
const runOptions = {
  ...suiteOptions,
  content: textFlag('content', 'content file replacing the game\'s shipped cards'),
} as const;

/**
 * A second Ctrl-C this soon after the first is the same keypress arriving twice: npm and npx relay the terminal's
 * SIGINT to a process that also receives it directly.
 */
const SAME_INTERRUPT_MS = 1000;
let firstInterruptAt = 0;

function onInterrupt(): void {
  if (interruption.signal.aborted) {
    if (Date.now() - firstInterruptAt > SAME_INTERRUPT_MS) process.exit(EXIT_FAILURE);
    return;
  }
  firstInterruptAt = Date.now();
  process.stderr.write('\nstopping after the games being played, then writing the results marked incomplete (Ctrl-C again to quit now)\n');
  interruption.abort();
}

const COMMANDS = ['run', 'suite', 'sim', 'replay', 'merge', 'diff', 'list'];
/** The flags that take no value. */
const SWITCHES = ['json', 'full', 'detail', 'fail-on-change', 'help', 'version'];
const GAMES = `games: ${GAME_IDS.join(', ')}, or a path to a game module`;
/** The names of the commands' positionals (yargs would take each as a flag too). */
const POSITIONAL_NAMES = ['game', 'experiment', 'files', 'before', 'after'];
/** What each command's positionals are, for the line that says one is missing. */
const POSITIONALS: Readonly<Record<string, string>> = {
  run: '<experiment> (a file, or a name from playsim list)',
  sim: `<game> (${GAMES})`,
  replay: `<game> (${GAMES})`,
  merge: '<results.json...> (the shards of one run)',
  diff: '<before> <after> (two results.json files or report folders)',
};

/**
 * yargs takes a positional's name as a flag too, so `sim necreaux --game 100` (meaning --games) played 10,000 games
 * without a word: such a flag is refused.
 */
function refusePositionalFlags(argv: readonly string[]): void {
  const name = POSITIONAL_NAMES.find((candidate) => argv.some((arg) => arg === `--${candidate}` || arg.startsWith(`--${candidate}=`)));
  if (name === undefined) return;
  const command = argv.find((arg) => COMMANDS.includes(arg));
  const games = name === 'game' && (command === 'run' || command === 'sim' || command === 'suite') ? '; games per cell is --games' : '';
  throw new InputError(`--${name} is not an option: <${name}> is given without a flag (playsim --help)${games}`);
}

/**
 * yargs reads a switch's value itself, before any coerce: `--json=maybe` as false, and `--json --json=false` as its
 * last. A switch given with another value than true or false, or given twice, is refused, in either of the spellings
 * yargs takes (--fail-on-change and --failOnChange).
 */
function refuseSwitchValues(argv: readonly string[]): void {
  for (const name of SWITCHES) {
    const spellings = [name, name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())];
    const given = argv.filter((arg) => spellings.some((spelling) => arg === `--${spelling}` || arg.startsWith(`--${spelling}=`)));
    const odd = given.find((arg) => arg.includes('=') && !['true', 'false'].includes(arg.slice(arg.indexOf('=') + 1)));
    if (odd !== undefined) throw new InputError(`${odd}: --${name} is a switch: give it alone, or as --${name}=true or --${name}=false`);
    if (given.length > 1) throw new InputError(`--${name} given ${given.length} times (${given.join(', ')}); give it once`);
  }
}

/** yargs' own usage errors, said in the words the rest of playsim uses. */
function usageError(message: string, argv: readonly string[]): InputError {
  const command = argv.find((arg) => COMMANDS.includes(arg)) ?? argv.find((arg) => !arg.startsWith('-') && Number.isNaN(Number(arg)));
  if (message.startsWith('Not enough non-option arguments') && command !== undefined && command in POSITIONALS) {
    return new InputError(`${command}: missing ${POSITIONALS[command]}`);
  }
  // "--shard -1/4": yargs reads a value that starts with "-" and is not a number as short flags ("-1", "/", "4").
  const takesValue = (flag: string) => flag.startsWith('--') && !flag.includes('=') && !SWITCHES.includes(flag.slice(2));
  const dashed = argv.findIndex((arg, index) => index > 0 && /^-\d/.test(arg) && Number.isNaN(Number(arg)) && takesValue(argv[index - 1]));
  if (message.startsWith('Unknown argument') && dashed > 0) {
    return new InputError(`${argv[dashed - 1]} ${argv[dashed]}: a value starting with "-" reads as a flag; write ${argv[dashed - 1]}=${argv[dashed]}`);
  }
  if (message.startsWith('Unknown argument') && command !== undefined && !COMMANDS.includes(command)) {
    return new InputError(`unknown command "${command}"; commands: ${COMMANDS.join(', ')} (playsim --help)`);
  }
  // yargs names a flag without its dashes ("Unknown argument: content"): said as typed, with where the command's options are.
  const named = /^(Unknown|Missing required) arguments?: (.*)$/.exec(message);
  if (named !== null && command !== undefined && COMMANDS.includes(command)) {
    const names = named[2].split(', ');
    // yargs lists --bogus-flag twice, as bogus-flag and bogusFlag.
    const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const asTyped = names
      .filter((name) => kebab(name) === name || !names.includes(kebab(name)))
      .map((name) => argv.find((arg) => arg === `-${name}` || arg === `--${name}` || arg.startsWith(`--${name}=`))?.split('=')[0] ?? name);
    const what = named[1] === 'Unknown' ? `unknown option or argument ${asTyped.join(', ')}` : `missing ${asTyped.map((name) => `--${name}`).join(', ')}`;
    // "--set a=1 b=2": each --set takes one setting.
    const hint = named[1] === 'Unknown' && asTyped.some((name) => /^\w+=/.test(name)) ? '; give each setting its own --set' : '';
    return new InputError(`${command}: ${what}${hint} (playsim ${command} --help lists its options)`);
  }
  return new InputError(message);
}

function exitCodeFor(error: unknown): number {
  if (error instanceof InputError) {
    process.stderr.write(`playsim: ${error.message}\n`);
    return EXIT_BAD_INPUT;
  }
  if (error instanceof GameCrash) {
    process.stderr.write(`playsim: ${error.message}\n`);
    return EXIT_FAILURE;
  }
  process.stderr.write(`playsim: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return EXIT_FAILURE;
}

// Each command's positionals and options, in the order --help lists them.

const setFlag = { type: 'string', array: true, nargs: 1, describe: 'setting as key=value (repeatable)' } as const;
const strategyFlag = textFlag('strategy', 'strategy name[:param=value,...] or a path to a module');

function runArguments(y: Argv) {
  return y.positional('experiment', { type: 'string', demandOption: true }).options({
    ...runOptions,
    set: { ...setFlag, describe: 'fix a setting the experiment does not vary, as key=value (repeatable)' },
    shard: textFlag('shard', 'run slice i of n (0-based), e.g. 0/4; combine with playsim merge'),
    out: textFlag('out', 'output folder (default reports/<experiment>, with any --set, --content and --shard in its name)'),
  });
}

function suiteArguments(y: Argv) {
  return y.options({
    ...suiteOptions,
    full: { type: 'boolean', describe: 'use each experiment\'s full game count (and --target-ci, --max-games)' },
    out: textFlag('out', 'folder to write each experiment\'s report folder in (default reports/)'),
  });
}

function simArguments(y: Argv) {
  return y.positional('game', { type: 'string', demandOption: true }).options({
    ...runOptions,
    games: sizeFlag('games', runSizes.games, WHOLE, `games to play (default ${DEFAULT_GAMES.toLocaleString('en-US')}; not with --target-ci)`),
    set: setFlag,
    strategy: strategyFlag,
    json: { type: 'boolean', describe: 'print the cell\'s results object as JSON' },
  });
}

function replayArguments(y: Argv) {
  return y.positional('game', { type: 'string', demandOption: true }).options({
    seed: { ...sizeFlag('seed', runSizes.seed, SEED, 'the game seed (as printed in errors and logs)'), demandOption: true },
    set: setFlag,
    strategy: strategyFlag,
    content: runOptions.content,
    detail: { type: 'boolean', describe: 'narrate every round (games with a `detail` setting, e.g. doomedrun)' },
  });
}

function mergeArguments(y: Argv) {
  return y
    .positional('files', { type: 'string', array: true, demandOption: true })
    .options({ out: { ...textFlag('out', 'output folder'), demandOption: true } });
}

function diffArguments(y: Argv) {
  return y
    .positional('before', { type: 'string', demandOption: true })
    .positional('after', { type: 'string', demandOption: true })
    .options({ 'fail-on-change': { type: 'boolean', describe: 'exit 1 when a matched cell\'s win rate moved (all cells taken together)' } });
}

export async function main(argv: string[]): Promise<number> {
  let exitCode = EXIT_OK;
  const finish = (completed: boolean | void) => {
    if (completed === false) exitCode = EXIT_FAILURE;
  };
  try {
    refusePositionalFlags(argv);
    refuseSwitchValues(argv);
    await yargs(argv)
      .scriptName('playsim')
      // A dotted (--games.x) or negated (--no-games) flag would reach the commands as an object or a false: unknown instead.
      .parserConfiguration({ 'parse-numbers': false, 'dot-notation': false, 'boolean-negation': false })
      .command('run <experiment>', 'run an experiment file (JSON or YAML), or one of experiments/ by name, and write its report', runArguments, async (args) =>
        finish(await runCommand(args.experiment, args)),
      )
      .command('suite', 'run every experiment in experiments/ at its quick size (npm start)', suiteArguments, async (args) => finish(await suiteCommand(args)))
      .command('sim <game>', 'simulate one cell', simArguments, async (args) => finish(await simCommand(args.game, args)))
      .command('replay <game>', 'play one game and narrate it', replayArguments, async (args) => finish(await replayCommand(args.game, args)))
      .command('merge <files..>', 'merge shard results into one report', mergeArguments, async (args) => finish(await mergeCommand(args.files, args.out)))
      .command('diff <before> <after>', 'how the results moved between two runs (results.json files or report folders)', diffArguments, async (args) =>
        finish(await diffCommand(args.before, args.after, args.failOnChange === true)),
      )
      .command('list', 'list games, settings, strategies and experiments', {}, async () => finish(await listCommand()))
      .demandCommand(1, `name a command: ${COMMANDS.join(', ')} (playsim --help)`)
      .strict()
      .help()
      .fail((message, error) => {
        // yargs reports its own usage errors (a flag's coerce included) as a YError: bad usage, exit 2.
        if (error === undefined || error.name === 'YError') throw usageError(message ?? error.message, argv);
        throw error;
      })
      .parseAsync();
  } catch (error) {
    exitCode = exitCodeFor(error);
  }
  return exitCode;
}

process.on('SIGINT', onInterrupt);
// A batch system stops a job with SIGTERM: the finished games are written as for Ctrl-C.
process.on('SIGTERM', onInterrupt);
// A reader that stops early (`playsim replay ... | head`) is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT_OK);
  throw error;
});
process.exitCode = await main(hideBin(process.argv));
