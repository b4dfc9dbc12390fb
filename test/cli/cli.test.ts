import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { defaultOutDir, experimentPathOf, parseShard, REPORTS_DIR, shownPath } from '../../src/cli/commands.ts';
import { InputError } from '../../src/core/errors.ts';
import { readExperimentFile } from '../../src/sim/experiment.ts';
import { COIN } from '../fixtures/coin-experiment.ts';
import { tempDir } from '../fixtures/temp-dir.ts';
import { loadResults } from '../report/fixtures.ts';

const GRID = 'test/fixtures/experiments/coin-grid.yaml';

function playsim(...args: string[]) {
  return playsimWith({}, ...args);
}

/** `playsim` with these environment variables set over the test's. */
function playsimWith(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync('node', ['bin/playsim.mjs', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function expectBadInput(result: ReturnType<typeof playsim>, pattern: RegExp) {
  expect(result.code).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
}

describe('playsim CLI', () => {
  it('list names every game, setting and strategy parameter with its default and allowed values, and the experiments', () => {
    const result = playsim('list');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\n    fixed-speed: Explore at the same speed every turn, never rest\n      speed (default 7; an integer from 1 to 40): ');
    expect(result.stdout).toMatch(/^ {6}avoid \(default none; none, chop, scout, map, heal, equip, own, .*seal, vanquish, bolster\): /m);
    expect(result.stdout).toMatch(/^ {6}escapeBelow \(default 0\.2; a number from 0 to 1\): /m);
    expect(result.stdout).toMatch(/^ {4}summons \(default 2; an integer from 1 to 4\): /m);
    expect(result.stdout).toMatch(/^ {2}setawatch-difficulty \(setawatch\): /m);
  });

  it('list says what each metric measures, as the reports\' note on metrics some games leave unrecorded points there', () => {
    const result = playsim('list');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}metrics:\n {4}roundOfLoss: round the game was lost in \(missing when won\)$/m);
    expect(result.stdout).toMatch(/^ {4}turnScientistsFound: \S/m);
  });

  it("run's default folder names what sets the run apart, so it never overwrites the report it is compared with", () => {
    const file = readExperimentFile(GRID);
    expect(defaultOutDir(file, {}, null)).toBe(join(REPORTS_DIR, 'coin-grid'));
    expect(defaultOutDir(file, { set: ['crash=true', 'party=a,b'], content: 'cards/mine.json' }, { index: 1, count: 4 })).toBe(
      join(REPORTS_DIR, 'coin-grid-crash-true-party-a_b-mine-shard-1-of-4'),
    );
  });

  it('shows a path relative to the working directory under it, and absolute elsewhere', () => {
    expect(shownPath(join(process.cwd(), 'reports', 'x', 'report.html'))).toBe(join('reports', 'x', 'report.html'));
    expect(shownPath(join(process.cwd(), '..odd', 'report.html'))).toBe(join('..odd', 'report.html'));
    expect(shownPath(join(process.cwd(), '..', 'elsewhere'))).toBe(join(process.cwd(), '..', 'elsewhere'));
    expect(shownPath('/tmp/x')).toBe('/tmp/x');
  });

  it('takes a shard count up to the largest safe integer, past which it would be stored rounded', () => {
    expect(parseShard('0/9007199254740991')).toEqual({ index: 0, count: Number.MAX_SAFE_INTEGER });
    expect(() => parseShard('0/100000000000000000000')).toThrow(/^--shard 0\/100000000000000000000: expected i\/n with 0 <= i < n <= 9007199254740991, e\.g\. 0\/4$/);
  });

  it('takes --shard i/n only with 0 <= i < n, both written as whole numbers and nothing else', () => {
    expect(parseShard('3/4')).toEqual({ index: 3, count: 4 });
    for (const text of ['4/4', '5/4', '0/0', 'x1/4', '1/4x', '1.0/4', '1/4/8', ' 1/4', '']) {
      expect(() => parseShard(text), text).toThrow(new InputError(`--shard ${text}: expected i/n with 0 <= i < n <= 9007199254740991, e.g. 0/4`));
    }
  });

  it('run takes an experiment by the name list shows, or a path', () => {
    expect(experimentPathOf('setawatch-difficulty')).toMatch(/experiments\/setawatch-difficulty\.yaml$/);
    expect(experimentPathOf(GRID)).toBe(GRID);
    // A file in the working directory named without a dot or a slash is a path too.
    const bare = `setawatch-difficulty-${process.pid}`;
    writeFileSync(bare, '');
    onTestFinished(() => rmSync(bare));
    expect(experimentPathOf(bare)).toBe(bare);
  });

  it('sim --json prints the cell results object', () => {
    const result = playsim('sim', COIN, '--set', 'target=7', '--games', '2000', '--workers', '1', '--json');
    expect(result.code).toBe(0);
    const cell = JSON.parse(result.stdout);
    expect(Object.keys(cell)).toEqual(expect.arrayContaining(['params', 'strategy', 'games', 'win', 'outcomes', 'metrics', 'complete']));
    expect(cell.games).toBe(2000);
    expect(cell.win.lo).toBeLessThanOrEqual(cell.win.rate);
    expect(cell.metrics.best).toMatchObject({ mean: expect.any(Number), lo: expect.any(Number), hi: expect.any(Number) });
    expect(cell.raw.wins).toBeUndefined();
  });

  it('loads a TypeScript strategy module, or a JavaScript one importing TypeScript, from a folder outside any package, in the workers too', () => {
    const dir = tempDir('playsim-cli-');
    const module = join(dir, 'mine.ts');
    writeFileSync(module, `interface Mine { name: string; keepRolling(): boolean }\nexport const create = (): Mine => ({ name: 'mine', keepRolling: () => true });\nexport default { name: 'mine', description: 'always', params: [], create };\n`);
    // On a busy machine the workers' loading may take long enough for a progress line, which is not a problem.
    const problems = (stderr: string) => stderr.split('\n').filter((line) => line !== '' && !/^sim: \d+\/1000 games/.test(line));
    const result = playsim('sim', COIN, '--strategy', module, '--games', '1000', '--workers', '2', '--json');
    expect(problems(result.stderr)).toEqual([]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).games).toBe(1000);
    const javascript = join(dir, 'wrapper.mjs');
    writeFileSync(javascript, `import { create } from './mine.ts';\nexport default { name: 'wrapper', description: 'always', params: [], create };\n`);
    const wrapped = playsim('sim', COIN, '--strategy', javascript, '--games', '1000', '--workers', '2', '--json');
    expect(problems(wrapped.stderr)).toEqual([]);
    expect(wrapped.code).toBe(0);
  });

  it('names a strategy that fails its vetting by the --strategy flag that gave it (sim)', () => {
    const spec = 'test/fixtures/strategies/tires-each-game.ts:forget=no';
    expectBadInput(playsim('sim', 'setawatch', '--strategy', spec, '--games', '50', '--workers', '1'), /^playsim: --strategy test\/fixtures\/strategies\/tires-each-game\.ts:forget=no is not reproducible: /m);
  });

  it('reports a module that loads in the main thread but not in the workers as one line, exit code 2', () => {
    const dir = tempDir('playsim-cli-');
    const module = join(dir, 'main-only.mjs');
    writeFileSync(module, `import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) throw new Error('not in a worker');\nexport default { name: 'm', description: 'm', params: [], create: () => ({ name: 'm', keepRolling: () => true }) };\n`);
    expectBadInput(playsim('sim', COIN, '--strategy', module, '--games', '1000', '--workers', '2'), /^playsim: a worker could not build the games: .*main-only.mjs: not in a worker$/m);
  });

  it("leaves nothing of its own in the temporary folder after a run, finished or crashed (the workers' bundle is removed)", () => {
    const temp = tempDir('playsim-tmp-');
    const sim = (...args: string[]) => playsimWith({ TMPDIR: temp }, 'sim', COIN, '--games', '2000', '--workers', '1', ...args);
    expect(sim().code).toBe(0);
    expect(sim('--set', 'crash=true').code).toBe(1);
    expect(readdirSync(temp).filter((name) => name.startsWith('playsim-'))).toEqual([]); // tsx keeps its cache there
  });

  it('replay narrates one game', () => {
    const result = playsim('replay', COIN, '--seed', '5', '--set', 'rounds=3');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^replay of coin, seed 5, strategy always; settings target=7 rounds=3 crash=false; content /);
    expect(result.stdout).toMatch(/round 3: rolled \d+/);
    expect(result.stdout).toMatch(/outcome: (won|lost); best=\d+/);
  });

  it('replay read only in part (piped to head) ends with exit code 0, its output cut short without an error', () => {
    // 165 kB, more than a pipe holds: playsim is still writing when head has read its line and gone.
    const pipeline = 'set -o pipefail; node bin/playsim.mjs replay doomedrun --seed 1 --detail | head -n 1';
    const result = spawnSync('bash', ['-c', pipeline], { encoding: 'utf8' });
    expect(result.stdout).toMatch(/^replay of doomedrun, seed 1, /);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('replay says a strategy that ends the process mid-game cut it short, exit 2 (the strategy exits 0)', () => {
    const strategy = 'test/fixtures/strategies/exits.ts';
    const result = playsim('replay', COIN, '--seed', '1', '--strategy', strategy);
    expectBadInput(result, /^playsim: --strategy test\/fixtures\/strategies\/exits\.ts: ended the process \(process\.exit\(0\)\) before the game's end; the replay above is cut short$/m);
    expect(result.stdout).toMatch(/^replay of coin, seed 1, strategy test\/fixtures/);
    expect(result.stdout).not.toMatch(/outcome:/);
  });

  it("replay stops a user's strategy that changes its view, naming the value, exit 2", () => {
    const result = playsim('replay', 'setawatch', '--seed', '1', '--strategy', 'test/fixtures/strategies/sorts-dice.ts');
    expectBadInput(result, /^playsim: strategy "sorts-dice" answered decision "watch" illegally in game seed 1: changed its view, which it must only read: view\.state\.dieValue\[\d+\] was \d+, is \d+$/m);
  });

  it('replay shows a metric a game does not have (the round of loss of a won game) as a dash', () => {
    const won = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => playsim('replay', 'setawatch', '--seed', String(seed))).find((result) => result.stdout.includes('outcome: won;'));
    expect(won?.stdout).toMatch(/outcome: won; roundOfLoss=— cardsLeft=\d+/);
  });

  it('replay takes --detail alongside --set detail=true, for a game that has the setting; sim refuses detail, which changes only a replay', () => {
    expect(playsim('replay', 'doomedrun', '--seed', '1', '--set', 'detail=true', '--detail').code).toBe(0);
    expectBadInput(playsim('replay', COIN, '--seed', '1', '--detail'), new RegExp(`^playsim: --detail: game "${COIN}" has no detail setting$`, 'm'));
    expectBadInput(playsim('sim', 'doomedrun', '--set', 'detail=true', '--games', '2'), /--set detail=true: detail changes only what a replay narrates, not the games played; give it to playsim replay doomedrun$/m);
  });

  it('refuses an unknown game, setting value, strategy and command with exit code 2', () => {
    expectBadInput(playsim('sim', 'nosuchgame'), /unknown game "nosuchgame"; games: necreaux/);
    const notAGame = join(tempDir('playsim-cli-'), 'not-a-game.mjs');
    writeFileSync(notAGame, "export default { name: 'a strategy, not a game' };\n");
    expectBadInput(playsim('sim', notAGame), /^playsim: game: .*not-a-game\.mjs: default export field id: .*; expected a game module/m);
    expectBadInput(playsim('replay', notAGame, '--seed', '1'), /^playsim: game: .*not-a-game\.mjs: default export field id: /m);
    expectBadInput(playsim('sim', COIN, '--set', 'target=99'), /setting target=99 is not allowed; allowed: an integer from 2 to 12/);
    expectBadInput(playsim('sim', COIN, '--set', 'colour=red'), /unknown setting "colour"/);
    expectBadInput(playsim('sim', COIN, '--strategy', 'genius'), /^playsim: --strategy genius: unknown strategy "genius" for game coin; strategies: always/);
    expectBadInput(playsim('frobnicate'), /^playsim: unknown command "frobnicate"; commands: run, suite, sim, replay, merge, diff, list/m);
    expectBadInput(playsim(), /^playsim: name a command: run, suite, sim/m);
    expectBadInput(playsim('sim'), /^playsim: sim: missing <game> \(games: necreaux, /m);
    expectBadInput(playsim('diff', 'a'), /^playsim: diff: missing <before> <after>/m);
    expectBadInput(playsim('replay', COIN), /^playsim: replay: missing --seed \(playsim replay --help lists its options\)$/m);
    expectBadInput(playsim('suite', '--content', 'x.json', '--no-such-flag=1'), /^playsim: suite: unknown option or argument --content, --no-such-flag \(playsim suite --help lists its options\)$/m);
    expectBadInput(playsim('list', 'necreaux'), /^playsim: list: unknown option or argument necreaux \(playsim list --help/m);
    expectBadInput(playsim('sim', COIN, '--game', '100'), /^playsim: --game is not an option: <game> is given without a flag \(playsim --help\); games per cell is --games$/m);
    expectBadInput(playsim('suite', '--game', '5'), /^playsim: --game is not an option: <game> is given without a flag \(playsim --help\); games per cell is --games$/m);
    expectBadInput(playsim('replay', '--game', COIN, '--seed', '1'), /^playsim: --game is not an option: <game> is given without a flag \(playsim --help\)$/m);
    expectBadInput(playsim('run', GRID, '--experiment=x'), /^playsim: --experiment is not an option/m);
    expectBadInput(playsim('suite', '--target-ci', '0.05'), /^playsim: --target-ci needs --full: without it the suite plays each experiment's quick game count \(or --games\)$/m);
    expectBadInput(playsim('suite', '--full', '--max-games', '100'), /^playsim: --max-games needs --target-ci: it caps the games of a run with a target CI$/m);
    expectBadInput(playsim('run', GRID, '--shard', '3/2'), /--shard 3\/2: expected i\/n/);
    expectBadInput(playsim('run', GRID, '--shard', '-1/4'), /^playsim: --shard -1\/4: a value starting with "-" reads as a flag; write --shard=-1\/4$/m);
    expectBadInput(playsim('sim', COIN, '--json', '-1x'), /^playsim: sim: unknown option or argument 1/m);
    expectBadInput(playsim('sim', COIN, '--games=5', '-1x'), /^playsim: sim: unknown option or argument 1/m);
    expectBadInput(playsim('run', 'no-such-experiment'), /^playsim: no-such-experiment: not an experiment file, and no experiment of that name in experiments\/ \(playsim list names them\)$/m);
  });

  it('refuses a number flag that is not what the experiment file would accept, naming the text typed', () => {
    expectBadInput(playsim('sim', COIN, '--games', 'abc'), /^playsim: --games abc: expected a whole number of at least 1$/m);
    expectBadInput(playsim('sim', COIN, '--games', '0'), /^playsim: --games 0: expected a whole number of at least 1$/m);
    expectBadInput(playsim('run', GRID, '--max-games', '10.5'), /^playsim: --max-games 10\.5: expected a whole number/m);
    expectBadInput(playsim('sim', COIN, '--seed', '1.5'), /^playsim: --seed 1\.5: expected a whole number from 0 to /m);
    expectBadInput(playsim('replay', COIN, '--seed', '5x'), /^playsim: --seed 5x: expected a whole number from 0 to /m);
    expectBadInput(playsim('sim', COIN, '--target-ci', '2'), /^playsim: --target-ci 2: expected a win-rate half-width above 0 and at most 0\.5/);
    expectBadInput(playsim('sim', COIN, '--games', '5', '--games', '6'), /^playsim: --games given 2 times \(5, 6\); give it once$/m);
    expectBadInput(playsim('--workers', '2', 'bogus'), /^playsim: unknown command "bogus"/m);
    expectBadInput(playsim('sim', COIN, '--max-games', '100'), /^playsim: --max-games caps a run with a target CI; without one this run plays \d+ games per cell: add --target-ci, or set the count with --games$/m);
    expectBadInput(playsim('sim', COIN, '--workers', '0'), /^playsim: --workers 0: expected a whole number from 1 to 1024$/m);
    expectBadInput(playsim('sim', COIN, '--workers', '99999'), /^playsim: --workers 99999: expected a whole number from 1 to 1024$/m);
    expectBadInput(playsim('sim', COIN, '--games'), /^playsim: --games needs a value: a whole number of at least 1$/m);
    expectBadInput(playsim('sim', COIN, '--games', '50', '--target-ci', '0.05'), /^playsim: --games and --target-ci size a run two ways: give one of them/m);
    expectBadInput(playsim('sim', COIN, '--seed='), /^playsim: --seed needs a value: a whole number from 0 to /m);
  });

  it('refuses a flag that takes one value given twice, and dotted or negated flags, as one line each', () => {
    expectBadInput(playsim('sim', COIN, '--strategy', 'always', '--strategy', 'always'), /^playsim: --strategy given 2 times \(always, always\); give it once$/m);
    expectBadInput(playsim('replay', COIN, '--seed', '1', '--strategy', 'a', '--strategy', 'b'), /^playsim: --strategy given 2 times \(a, b\); give it once$/m);
    expectBadInput(playsim('sim', COIN, '--content', 'x.json', '--content', 'y.json'), /^playsim: --content given 2 times \(x\.json, y\.json\); give it once$/m);
    expectBadInput(playsim('run', GRID, '--shard', '0/2', '--shard', '1/2'), /^playsim: --shard given 2 times \(0\/2, 1\/2\); give it once$/m);
    for (const command of [['run', GRID], ['merge', 'x.json'], ['suite']]) {
      expectBadInput(playsim(...command, '--out', 'a', '--out', 'b'), /^playsim: --out given 2 times \(a, b\); give it once$/m);
    }
    expectBadInput(playsim('sim', COIN, '--set.target', '4'), /^playsim: sim: unknown option or argument --set\.target \(playsim sim --help lists its options\)$/m);
    expectBadInput(playsim('sim', COIN, '--games.x', '5'), /^playsim: sim: unknown option or argument --games\.x /m);
    expectBadInput(playsim('sim', COIN, '--strategy.a', 'x'), /^playsim: sim: unknown option or argument --strategy\.a /m);
    expectBadInput(playsim('suite', '--out.x', 'd'), /^playsim: suite: unknown option or argument --out\.x /m);
    expectBadInput(playsim('sim', COIN, '--no-games'), /^playsim: sim: unknown option or argument --no-games /m);
    expectBadInput(playsim('sim', COIN, '--no-json'), /^playsim: sim: unknown option or argument --no-json /m);
  });

  it('refuses a switch given a value other than true or false, or given twice, and takes it as --switch=true or =false', () => {
    expect(playsim('sim', COIN, '--games', '5', '--json=false').stdout).toMatch(/^# Coin/);
    expect(JSON.parse(playsim('sim', COIN, '--games', '5', '--json=true').stdout).games).toBe(5);
    expectBadInput(playsim('sim', COIN, '--json=maybe'), /^playsim: --json=maybe: --json is a switch: give it alone, or as --json=true or --json=false$/m);
    expectBadInput(playsim('sim', COIN, '--json=1'), /^playsim: --json=1: --json is a switch/m);
    expectBadInput(playsim('sim', COIN, '--json', '--json=false'), /^playsim: --json given 2 times \(--json, --json=false\); give it once$/m);
    expectBadInput(playsim('suite', '--full', '--full'), /^playsim: --full given 2 times \(--full, --full\); give it once$/m);
    // yargs takes a dashed switch camel-cased too: --failOnChange=maybe was read as false, a moved diff exiting 0.
    expectBadInput(playsim('diff', 'a.json', 'b.json', '--failOnChange=maybe'), /^playsim: --failOnChange=maybe: --fail-on-change is a switch: give it alone/m);
    expectBadInput(playsim('diff', 'a.json', 'b.json', '--fail-on-change', '--failOnChange=false'), /^playsim: --fail-on-change given 2 times \(--fail-on-change, --failOnChange=false\); give it once$/m);
  });

  it('says in --help what each number flag takes, never [string]', () => {
    const help = playsim('run', '--help');
    expect(help.code).toBe(0);
    const optionHelp = help.stdout.replace(/\s+/g, ' ');
    const takes = { games: 'a whole number of at least 1', 'target-ci': 'a win-rate half-width above 0', 'max-games': 'a whole number of at least 1', seed: 'a whole number from 0 to', workers: 'a whole number from 1 to 1024' };
    for (const [flag, expected] of Object.entries(takes)) {
      const text = new RegExp(`--${flag} ([^\\[]*)\\[([^\\]]*)\\]`).exec(optionHelp);
      expect(text, flag).not.toBeNull();
      expect(text![2], flag).toContain(expected);
    }
  });

  it('refuses an --out that cannot hold a report before playing any game', () => {
    const file = join(tempDir('playsim-cli-'), 'a-file');
    writeFileSync(file, 'not a folder');
    expectBadInput(playsim('run', GRID, '--games', '100000000', '--out', file), /^playsim: --out .*a-file: cannot write the report there: .*a-file is not a folder$/m);
    expectBadInput(playsim('merge', 'x.json', '--out', join(file, 'below')), /^playsim: --out .*below: cannot write the report there: .*a-file is not a folder$/m);
    expectBadInput(playsim('suite', '--games', '100000000', '--out', file), /^playsim: --out .*a-file: cannot write the report there: .*a-file is not a folder$/m);
    // A file where the suite would write one experiment's folder stops it before the first experiment plays.
    const suiteOut = tempDir('playsim-cli-');
    writeFileSync(join(suiteOut, 'setawatch-difficulty'), 'not a folder');
    expectBadInput(playsim('suite', '--games', '100000000', '--out', suiteOut), /^playsim: setawatch-difficulty's report folder .*setawatch-difficulty: cannot write the report there: .*setawatch-difficulty is not a folder$/m);
    expect(readdirSync(suiteOut)).toEqual(['setawatch-difficulty']);
    // A folder bearing a report file's name in the report folder would fail the report after every game was played.
    const blocked = tempDir('playsim-cli-');
    mkdirSync(join(blocked, 'report.html'));
    expectBadInput(playsim('run', GRID, '--games', '100000000', '--out', blocked), /^playsim: --out .*: cannot write the report there: .*report\.html is not a file, and a report file goes there$/m);
    mkdirSync(join(suiteOut, 'necreaux-speed', 'win-rate.svg'), { recursive: true });
    rmSync(join(suiteOut, 'setawatch-difficulty'));
    expectBadInput(playsim('suite', '--games', '100000000', '--out', suiteOut), /^playsim: necreaux-speed's report folder .*: cannot write the report there: .*win-rate\.svg is not a file/m);
    // Permission checks pass on /proc for root, where Node's recursive mkdir never returns: a folder is tried instead.
    expectBadInput(playsim('run', GRID, '--games', '100000000', '--out', '/proc/playsim'), /^playsim: --out \/proc\/playsim: cannot write the report there: \/proc is not writable$/m);
    // An unset CI variable ("--out $DIR" quoted) must not put the report in the working directory.
    expectBadInput(playsim('run', GRID, '--games', '100000000', '--out', ''), /^playsim: --out is empty: give the report folder/m);
    expectBadInput(playsim('merge', 'x.json', '--out', ' '), /^playsim: --out is empty: give the report folder/m);
  });

  it('refuses a malformed experiment or content file naming file and field', () => {
    const dir = tempDir('playsim-cli-');
    const experiment = join(dir, 'broken.yaml');
    writeFileSync(experiment, `name: broken\ntitle: t\ngame: ${COIN}\ngames: -5\n`);
    expectBadInput(playsim('run', experiment, '--out', join(dir, 'out')), /broken.yaml: field games: .*/);
    writeFileSync(experiment, `name: broken\ntitle: t\ngame: ${COIN}\nstrategies:\n  - { name: always, params: { x: 1 } }\n`);
    expectBadInput(playsim('run', experiment), /broken.yaml: field strategies\[0\] \(always\): Unrecognized key: "params"/);
    writeFileSync(experiment, `name: broken\ntitle: t\ngame: ${COIN}\nstrategies:\n  - 42\n`);
    expectBadInput(playsim('run', experiment), /broken.yaml: field strategies\[0\]: expected a strategy spec \("name" or "name:parameter=value,..."\), or \{ name, grid/);
    writeFileSync(experiment, `name: broken\ntitle: t\ngame: ${COIN}\ngrid:\n  target: { from: 1.5, to: 3 }\n`);
    expectBadInput(playsim('run', experiment), /broken.yaml: field grid.target: ranges take whole numbers up to 9007199254740991: list decimal values instead/);
    writeFileSync(experiment, `name: broken\ntitle: !foo t\ngame: ${COIN}\n`);
    expectBadInput(playsim('run', experiment, '--out', join(dir, 'out')), /^playsim: .*broken.yaml: cannot read experiment file: Unresolved tag: !foo at line 2, column 8$/m);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    const content = join(dir, 'cards.json');
    writeFileSync(content, '{"cards": [{"name": "x", "source": "guessed"}]}');
    expectBadInput(playsim('sim', COIN, '--content', content), /cards.json: field cards\[0\] \(x\)\.source: .*printed.*estimated/);
  });

  it('refuses a results file whose shard index is not below its shard count, as one line naming file, field and allowed values, exit code 2', () => {
    const dir = tempDir('playsim-cli-');
    const file = join(dir, 'results.json');
    writeFileSync(file, JSON.stringify({ ...loadResults('necreaux-speed'), shard: { index: 2, count: 2 } }));
    const problem = /^playsim: .*results\.json: field shard\.index: expected a whole number from 0 to 1 \(0-based, below shard\.count 2\), got 2$/m;
    expectBadInput(playsim('merge', file, '--out', join(dir, 'merged')), problem);
    expectBadInput(playsim('diff', file, file), problem);
    expect(existsSync(join(dir, 'merged'))).toBe(false);
  });

  it('runs an experiment into a report folder, and merges shards into the same results', () => {
    const dir = tempDir('playsim-cli-');
    expect(playsim('run', GRID, '--games', '2000', '--workers', '2', '--out', join(dir, 'whole')).code).toBe(0);
    for (const shard of ['0/2', '1/2']) {
      expect(playsim('run', GRID, '--games', '2000', '--workers', '1', '--shard', shard, '--out', join(dir, shard.replace('/', 'of'))).code).toBe(0);
    }
    const merged = playsim('merge', join(dir, '0of2', 'results.json'), join(dir, '1of2', 'results.json'), '--out', join(dir, 'merged'));
    expect(merged.code).toBe(0);
    expect(readFileSync(join(dir, 'merged', 'results.json'), 'utf8')).toBe(readFileSync(join(dir, 'whole', 'results.json'), 'utf8'));
    const shard = readFileSync(join(dir, '0of2', 'results.json'), 'utf8');
    expectBadInput(
      playsim('merge', join(dir, '0of2', 'results.json'), join(dir, '1of2', 'results.json'), '--out', join(dir, '0of2')),
      /^playsim: --out .*0of2: cannot write the report there: it is the folder of the input .*0of2\/results\.json, which a report there would overwrite; give another folder$/m,
    );
    expectBadInput(playsim('merge', join(dir, '0of2'), join(dir, '1of2'), '--out', `${join(dir, '1of2')}/`), /cannot write the report there: it is the folder of the input .*1of2, which a report there would overwrite; give another folder$/m);
    expect(readFileSync(join(dir, '0of2', 'results.json'), 'utf8')).toBe(shard);
    expect(readdirSync(join(dir, 'whole'))).toEqual(expect.arrayContaining(['results.json', 'summary.md', 'report.html']));
    expect(readFileSync(join(dir, '1of2', 'summary.md'), 'utf8')).toContain('- **shard:** 1/2 (0-based: this report holds only that slice');
  });

  it('suite runs every experiment into its own report folder under --out, one line each', () => {
    const dir = tempDir('playsim-cli-');
    const result = playsim('suite', '--games', '2', '--workers', '1', '--out', dir);
    expect(result.code).toBe(0);
    const names = readdirSync('experiments').map((file) => file.replace(/\.(ya?ml|json)$/, ''));
    expect(readdirSync(dir).sort()).toEqual(names.sort());
    expect(result.stdout.trim().split('\n')).toHaveLength(names.length + 1);
    for (const name of names) {
      expect(result.stdout).toContain(`-> ${join(dir, name, 'report.html')}\n`);
      expect(result.stdout).toMatch(new RegExp(`^${name}: \\d+ cells in [\\d.]+ s -> `, 'm'));
      expect(readdirSync(join(dir, name))).toEqual(expect.arrayContaining(['results.json', 'summary.md', 'report.html']));
      expect(JSON.parse(readFileSync(join(dir, name, 'results.json'), 'utf8')).cells.every((cell: { games: number }) => cell.games === 2)).toBe(true);
    }
  }, 120_000);

  it('run --set fixes a setting the experiment does not vary, and refuses one it varies or a value out of range', () => {
    const dir = tempDir('playsim-cli-');
    // --set before the experiment: each --set takes one value, so the experiment is not read as a second setting.
    const fixed = playsim('run', '--set', 'crash=true', GRID, '--games', '2000', '--workers', '1', '--out', join(dir, 'crash'));
    expect(fixed.code).toBe(1);
    expect(fixed.stderr).toMatch(/crashed: Error: boom on a 12/);
    expectBadInput(playsim('run', GRID, '--set', 'target=5', '--out', join(dir, 'varied')), /^playsim: --set target=5: the experiment varies target \(its grid: target, rounds\); --set fixes only settings it does not vary$/m);
    expectBadInput(playsim('run', GRID, '--set', 'crash=maybe', '--out', join(dir, 'bad')), /--set: setting crash=maybe is not allowed; allowed: true, false/);
    expectBadInput(playsim('sim', COIN, '--set', 'target=7', 'rounds=2'), /^playsim: sim: unknown option or argument rounds=2; give each setting its own --set/);
  });

  it('diff prints how the results moved, and with --fail-on-change exits 1 when a win rate moved', () => {
    const dir = tempDir('playsim-cli-');
    /** One experiment, coin-diff, as a CI job runs it on a pull request's base and head: a folder per run. */
    const experiment = (name: string, fixed: string, targets = '[5, 7, 9]') => {
      mkdirSync(join(dir, name));
      const path = join(dir, name, 'coin-diff.yaml');
      writeFileSync(path, `name: coin-diff\ntitle: Coin diff\ngame: ${COIN}\n${fixed}grid:\n  target: ${targets}\ngames: 2000\nseed: 42\n`);
      expect(playsim('run', path, '--workers', '1', '--out', join(dir, name)).code).toBe(0);
      return join(dir, name);
    };
    const before = experiment('before', '');
    const after = experiment('after', 'settings:\n  rounds: 2\n');
    const moved = playsim('diff', before, join(after, 'results.json'), '--fail-on-change');
    expect(moved.code).toBe(1);
    expect(moved.stdout).toContain('**3 of 3 matched cells moved in win rate**');
    expect(moved.stdout).toContain('- **differences:** rounds: 1 → 2');
    expect(moved.stdout).toContain('Both runs used seed 42, which deals the same game at the same index, so the win rates of every cell are compared game by game');
    expect(moved.stdout.match(/^\| \d \| always \| 2,000 \| 2,000 \| 2,000 \| /gm)).toHaveLength(3);
    expect(playsim('diff', before, after).code).toBe(0);
    const same = playsim('diff', before, before, '--fail-on-change');
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('**0 of 3 matched cells moved in win rate**');
    expectBadInput(playsim('diff', before, experiment('elsewhere', '', '[2, 3]')), /diff: no cell of the second run matches one of the first \(cells are matched by target, strategy\)/);
    expectBadInput(playsim('diff', before, join(dir, 'missing.json')), /missing.json: cannot read results file/);
    type Cell = { raw: { wins: { played: number[][]; won: string } }; metrics: { best: { mean: number } } };
    const tampered = (change: (cell: Cell) => void) => {
      const results = JSON.parse(readFileSync(join(before, 'results.json'), 'utf8'));
      change(results.cells[1]);
      writeFileSync(join(dir, 'tampered.json'), JSON.stringify(results));
      return playsim('diff', before, join(dir, 'tampered.json'));
    };
    expectBadInput(
      tampered(({ raw: { wins } }) => (wins.played = [[5, 3]])),
      /tampered.json: field cells\[1\].raw.wins: played range \[5, 3\) is not a range of game indices/,
    );
    const oneBitFlipped = (won: string) => {
      const bytes = Buffer.from(won, 'base64');
      bytes[0] ^= 1;
      return bytes.toString('base64');
    };
    expectBadInput(
      tampered(({ raw: { wins } }) => (wins.won = oneBitFlipped(wins.won))),
      /tampered.json: field cells\[1\].raw.wins: holds \d+ wins in 2000 games, but raw.outcomeCounts count \d+ in 2000/,
    );
    expectBadInput(
      tampered((cell) => (cell.metrics.best.mean = -1e9)),
      /tampered.json: field cells\[1\].metrics.best.mean: -1000000000, but the cell's raw state gives \d+\.\d+$/m,
    );
    writeFileSync(join(dir, 'broken.json'), '{"schema": "playsim/results", "schemaVersion": 1}');
    expectBadInput(playsim('diff', before, join(dir, 'broken.json')), /broken.json: field tool: /);
  });

  /**
   * Starts `playsim args` and waits until its stderr says `playing` (or it exits): what follows can stop it mid-run.
   * `stderr()` is what it has written so far; `exited` its exit code.
   */
  async function startedRun(args: readonly string[], playing: (stderr: string) => boolean, env: Record<string, string> = {}) {
    const child = spawn('node', ['bin/playsim.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    onTestFinished(() => void child.kill('SIGKILL'));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stderr = '';
    const started = new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (playing(stderr)) resolve();
      }),
    );
    await Promise.race([started, exited]);
    expect(child.exitCode, stderr).toBeNull();
    return { child, exited, stderr: () => stderr };
  }

  it.each([
    ['Ctrl-C, relayed twice as npm and npx do', ['SIGINT', 'SIGINT']],
    ['SIGTERM, as Kubernetes stops a pod', ['SIGTERM']],
  ] as const)('on %s writes the games finished so far, marked incomplete, without temp files', async (_, signals) => {
    const dir = tempDir('playsim-cli-');
    // The signal comes once a progress line shows games finished, however long loading takes on a busy machine.
    const run = await startedRun(['run', GRID, '--games', '100000000', '--workers', '1', '--out', dir], (stderr) => /: [1-9]\d*\/\d+ games/.test(stderr));
    for (const signal of signals) {
      run.child.kill(signal);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const code = await run.exited;
    expect(run.stderr()).toMatch(/interrupted/);
    expect(code).toBe(1);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    expect(results.complete).toBe(false);
    expect(results.cells[0].games).toBeGreaterThan(0);
    expect(results.cells[0].complete).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes('tmp'))).toEqual([]);
    expect(playsim('diff', dir, dir).stdout).toContain('**0 of 6 matched cells moved in win rate**'); // the games kept agree with the counts
  }, 60000);

  it('quits at once, writing nothing, on a second Ctrl-C more than a second after the first', async () => {
    const dir = tempDir('playsim-cli-');
    const temp = tempDir('playsim-tmp-');
    const experiment = join(tempDir('playsim-cli-'), 'slows-down.yaml');
    // Each game takes 5 s once the strategy slows down, so the first Ctrl-C alone would end the run seconds later.
    writeFileSync(experiment, `name: slows-down\ntitle: t\ngame: ${COIN}\nstrategies: ['test/fixtures/strategies/slow.ts:ms=5000,from=100']\ngames: 100000\n`);
    const run = await startedRun(['run', experiment, '--workers', '1', '--out', dir], (stderr) => stderr.includes('slow: answering slowly'), { TMPDIR: temp });
    run.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('Ctrl-C again to quit now');
    expect(run.stderr()).not.toMatch(/^interrupted/m);
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(temp).filter((name) => name.startsWith('playsim-'))).toEqual([]); // the workers' bundle too
  }, 60000);

  it('stopped before any game finished, leaves the report folder as it was', async () => {
    const dir = tempDir('playsim-cli-');
    writeFileSync(join(dir, 'summary.md'), 'the earlier report');
    const experiment = join(tempDir('playsim-cli-'), 'never-answers.yaml');
    writeFileSync(experiment, `name: never-answers\ntitle: t\ngame: ${COIN}\nstrategies: [test/fixtures/strategies/endless.ts]\ngames: 10\n`);
    // The strategy says when it is first asked: the run is under way, and no game can finish.
    const run = await startedRun(['run', experiment, '--workers', '1', '--out', dir], (stderr) => stderr.includes('endless: asked'));
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toMatch(/^interrupted before any game finished: nothing written to /m);
    expect(readdirSync(dir)).toEqual(['summary.md']);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toBe('the earlier report');
  }, 60000);
});
