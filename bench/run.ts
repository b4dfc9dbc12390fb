import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { OutcomeRecord, playOneGame, type Strategy } from '../src/core/game.ts';
import { gameSeed } from '../src/core/rng.ts';
import { loadGame } from '../src/games/registry.ts';
import { loadContent } from '../src/sim/content.ts';
import { executeExperiment } from '../src/sim/execute.ts';
import { experimentSchema } from '../src/sim/experiment.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { createStrategy } from '../src/sim/strategy-spec.ts';
import { withDecisions } from '../src/sim/view-check.ts';

/**
 * `npm run bench`: games/s on one core per game and strategy, the 2-worker speed-up through the real runner, and
 * the peak RSS of a `playsim sim` process streaming 1 and 10 million Necreaux games (flat in the number of games). Record the figures in docs/benchmarks.md.
 * Options: --quick (smaller counts, for a smoke check), --games N (streaming run size), --only
 * necreaux|setawatch|doomedrun|kyros|citiesofdoom.
 */

const SECTIONS = ['necreaux', 'setawatch', 'doomedrun', 'kyros', 'citiesofdoom'];

/** The value after `--name`, or null when the flag is absent. */
function flagValue(name: string): string | null {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? null : (process.argv[at + 1] ?? '');
}

function badUsage(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const quick = process.argv.includes('--quick');
const only = flagValue('only');
if (only !== null && !SECTIONS.includes(only)) badUsage(`--only must be one of ${SECTIONS.join(', ')}; got "${only}"`);
const gamesFlag = flagValue('games');
if (gamesFlag !== null && !/^[1-9]\d*$/.test(gamesFlag)) badUsage(`--games must be a positive integer; got "${gamesFlag}"`);
const streamingGames = gamesFlag !== null ? Number(gamesFlag) : quick ? 1_000_000 : 10_000_000;

/** Let the JIT settle: a fifth of the measured games, and at least one CPU-second (compilation is not the engine's speed). */
function warmUp(play: (from: number, count: number) => void, games: number): void {
  const started = process.cpuUsage();
  const chunk = Math.max(1, Math.floor(games / 5));
  // Games beyond the measured range [games, 2 * games), so the measured games are not ones the warm-up played.
  let from = 2 * games;
  do {
    play(from, chunk);
    from += chunk;
  } while (cpuSeconds(process.cpuUsage(started)) < 1);
}

function cpuSeconds(used: NodeJS.CpuUsage): number {
  return (used.user + used.system) / 1e6;
}

/** One engine, its strategy and an outcome record, as a worker builds them. */
async function benchEngine(gameId: string, strategySpec: string, settings: Record<string, string>) {
  const game = await loadGame(gameId);
  const engine = game.createEngine(resolveSettings(game, settings, 'bench'), loadContent(game, undefined).content, null);
  const strategy = await createStrategy(game, strategySpec);
  const record = new OutcomeRecord(game.metrics.length);
  const playWith = (answering: Strategy, from: number, count: number) => {
    for (let index = from; index < from + count; index++) playOneGame(engine, gameSeed(1, index), answering, record);
  };
  return { game, strategy, playWith };
}

/** Games per CPU-second of one engine on this thread, after a warm-up (CPU time: the machine may be shared). */
async function singleCoreRate(gameId: string, strategySpec: string, games: number, settings: Record<string, string> = {}): Promise<number> {
  const { strategy, playWith } = await benchEngine(gameId, strategySpec, settings);
  const play = (from: number, count: number) => playWith(strategy, from, count);
  warmUp(play, games);
  const started = process.cpuUsage();
  play(games, games);
  return games / cpuSeconds(process.cpuUsage(started));
}

/**
 * Games per CPU-second of the engine alone: the strategy plays the measured games once while its answers are recorded,
 * then the engine plays them again from the recording (set-up, listing and checking options, applying them, chance).
 * The gap to singleCoreRate is what the strategy's thinking costs.
 */
async function engineAloneRate(gameId: string, strategySpec: string, games: number, settings: Record<string, string> = {}): Promise<number> {
  const { game, strategy, playWith } = await benchEngine(gameId, strategySpec, settings);
  const answers: unknown[] = [];
  let next = 0;
  playWith(withDecisions(strategy, game.strategyMethods, (decide) => (...args) => recorded(answers, decide(...args))), games, games);
  const replaying = withDecisions(strategy, game.strategyMethods, () => () => answers[next++]);
  const replay = () => {
    next = 0;
    playWith(replaying, games, games);
    if (next !== answers.length) throw new Error(`bench: the replay of ${gameId} took ${next} answers of the ${answers.length} recorded`);
  };
  const warmUpStarted = process.cpuUsage();
  do replay();
  while (cpuSeconds(process.cpuUsage(warmUpStarted)) < 1);
  const started = process.cpuUsage();
  replay();
  return games / cpuSeconds(process.cpuUsage(started));
}

function recorded(answers: unknown[], answer: unknown): unknown {
  answers.push(answer);
  return answer;
}

function cellFile(games: number) {
  return experimentSchema.parse({ name: 'bench', title: 'bench', game: 'necreaux', strategies: ['adaptive'], games, seed: 1 });
}

async function runnerSeconds(games: number, workers: number): Promise<number> {
  const started = process.hrtime.bigint();
  await executeExperiment({ file: cellFile(games), sourcePath: 'bench', workers, shard: null, keepGameWins: true });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const count = (value: number) => Math.round(value).toLocaleString('en-US');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function necreaux(): Promise<void> {
  console.log(`necreaux, one core, adaptive: ${count(await singleCoreRate('necreaux', 'adaptive', quick ? 50_000 : 300_000))} games/s`);
  console.log(`necreaux, one core, fixed-speed:speed=7: ${count(await singleCoreRate('necreaux', 'fixed-speed:speed=7', quick ? 50_000 : 300_000))} games/s`);
  // The replay keeps every recorded answer (about 290 a game): 50,000 games hold them in about 120 MB.
  console.log(`necreaux, one core, engine alone (adaptive's answers replayed): ${count(await engineAloneRate('necreaux', 'adaptive', 50_000))} games/s`);

  const scalingGames = quick ? 400_000 : 2_000_000;
  const one = await runnerSeconds(scalingGames, 1);
  const two = await runnerSeconds(scalingGames, 2);
  console.log(`necreaux runner, ${count(scalingGames)} games: 1 worker ${one.toFixed(2)} s, 2 workers ${two.toFixed(2)} s, speed-up ${(one / two).toFixed(2)}x`);

  const short = await streamingRun(streamingGames / 10);
  const long = await streamingRun(streamingGames);
  console.log(`necreaux streaming ${count(streamingGames)} games on 2 workers: ${long.seconds.toFixed(1)} s (${count(streamingGames / long.seconds)} games/s)`);
  console.log(`peak RSS of the whole playsim process (main + 2 workers): ${megabytes(short.peakRss)} for ${count(streamingGames / 10)} games, ${megabytes(long.peakRss)} for ${count(streamingGames)} games`);
}

/**
 * Peak RSS of a real `playsim sim` run, sampled from /proc (Linux) every 200 ms: a separate process, so nothing
 * this benchmark did before counts.
 */
async function streamingRun(games: number): Promise<{ seconds: number; peakRss: number }> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['bin/playsim.mjs', 'sim', 'necreaux', '--games', String(games), '--workers', '2', '--json'], { stdio: 'ignore' });
  let peakRss = 0;
  const sample = setInterval(() => {
    peakRss = Math.max(peakRss, highWaterMark(child.pid));
  }, 200);
  child.on('exit', () => clearInterval(sample));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`playsim sim exited with ${code}`);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, peakRss };
}

/** The process's peak RSS so far (VmHWM), or 0 once it has exited. */
function highWaterMark(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

async function setawatch(): Promise<void> {
  await ladder('setawatch', 'games', quick ? 2_000 : 20_000, 250_000);
  for (const summons of ['1', '4']) {
    const rate = await engineAloneRate('setawatch', 'greedy', quick ? 2_000 : 20_000, { summons });
    console.log(`setawatch summons=${summons}, one core, engine alone (greedy's answers replayed): ${count(rate)} games/s`);
  }
  for (const budget of [400, 600]) {
    const rate = await singleCoreRate('setawatch', `planner:budget=${budget}`, quick ? 10 : 60, { summons: '2' });
    console.log(`setawatch summons=2, one core, planner:budget=${budget}: ${rate.toFixed(1)} games/s (${(1000 / rate).toFixed(0)} ms per game)`);
  }
}

async function kyros(): Promise<void> {
  for (const players of ['3', '6']) {
    console.log(`kyros players=${players}, one core, greedy: ${count(await singleCoreRate('kyros', 'greedy', quick ? 5_000 : 50_000, { players }))} games/s`);
  }
}

async function citiesofdoom(): Promise<void> {
  for (const settings of [{}, { wod: 'true' }] as Record<string, string>[]) {
    const label = settings.wod ? 'wod=true' : 'default settings';
    console.log(`citiesofdoom ${label}, one core, heuristic: ${count(await singleCoreRate('citiesofdoom', 'heuristic', quick ? 20_000 : 100_000, settings))} games/s`);
  }
}

/** Doomed Run: Runs (7 Realms x 3 expeditions) per CPU-second with the greedy campaign over greedy Set a Watch play. */
async function doomedrun(): Promise<void> {
  await ladder('doomedrun', 'Runs', quick ? 200 : 2_000, 25_000);
}

/**
 * `greedy` at each Summon count (1-4) on one core, then the time of the difficulty ladder that plays `perLevel` games
 * at every level, in CPU-minutes and on two cores.
 */
async function ladder(gameId: string, unit: string, games: number, perLevel: number): Promise<void> {
  let seconds = 0;
  for (const summons of ['1', '2', '3', '4']) {
    const rate = await singleCoreRate(gameId, 'greedy', games, { summons });
    seconds += perLevel / rate;
    console.log(`${gameId} summons=${summons}, one core, greedy: ${count(rate)} ${unit}/s`);
  }
  console.log(`${gameId} greedy ladder (${count(4 * perLevel)} ${unit}): about ${(seconds / 60).toFixed(1)} CPU-minutes, ${(seconds / 120).toFixed(1)} minutes on two cores`);
}

if (only === null || only === 'necreaux') await necreaux();
if (only === null || only === 'setawatch') await setawatch();
if (only === null || only === 'doomedrun') await doomedrun();
if (only === null || only === 'kyros') await kyros();
if (only === null || only === 'citiesofdoom') await citiesofdoom();
