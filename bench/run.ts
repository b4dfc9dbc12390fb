import { OutcomeRecord } from '../src/core/game.ts';
import { gameSeed } from '../src/core/rng.ts';
import { loadGame } from '../src/games/registry.ts';
import { loadContent } from '../src/sim/content.ts';
import { executeExperiment } from '../src/sim/execute.ts';
import { experimentSchema } from '../src/sim/experiment.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { createStrategy } from '../src/sim/strategy-spec.ts';

/**
 * `npm run bench`: Necreaux games/s on one core (adaptive strategy), the 2-worker speed-up through the real
 * runner, and peak RSS while streaming 10 million games. Record the figures in docs/benchmarks.md.
 * Options: --quick (smaller counts, for a smoke check), --games N (streaming run size).
 */

const quick = process.argv.includes('--quick');
const streamingGames = Number(process.argv[process.argv.indexOf('--games') + 1]) || (quick ? 1_000_000 : 10_000_000);
const GAME = 'necreaux';
const STRATEGY = 'adaptive';

async function singleCoreRate(): Promise<number> {
  const game = await loadGame(GAME);
  const engine = game.createEngine(resolveSettings(game, {}, 'bench'), loadContent(game, undefined).content, null);
  const strategy = await createStrategy(game, STRATEGY);
  const record = new OutcomeRecord(game.metrics.length);
  const play = (from: number, count: number) => {
    for (let index = from; index < from + count; index++) engine.playGame(gameSeed(1, index), strategy, record);
  };
  play(0, 20_000); // warm-up: let the JIT settle
  const games = quick ? 100_000 : 500_000;
  const started = process.hrtime.bigint();
  play(20_000, games);
  return games / (Number(process.hrtime.bigint() - started) / 1e9);
}

function cellFile(games: number) {
  return experimentSchema.parse({ name: 'bench', title: 'bench', game: GAME, strategies: [STRATEGY], games, seed: 1 });
}

async function runnerSeconds(games: number, workers: number, onProgress?: (done: number) => void): Promise<number> {
  const started = process.hrtime.bigint();
  await executeExperiment({ file: cellFile(games), sourcePath: 'bench', workers, shard: null, onProgress });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

async function main(): Promise<void> {
  const rate = await singleCoreRate();
  console.log(`single core, ${STRATEGY}: ${Math.round(rate).toLocaleString('en-US')} games/s`);

  const scalingGames = quick ? 400_000 : 2_000_000;
  const one = await runnerSeconds(scalingGames, 1);
  const two = await runnerSeconds(scalingGames, 2);
  console.log(`runner, ${scalingGames.toLocaleString('en-US')} games: 1 worker ${one.toFixed(2)} s, 2 workers ${two.toFixed(2)} s, speed-up ${(one / two).toFixed(2)}x`);

  let rssAtTenth = 0;
  let peakRss = 0;
  const seconds = await runnerSeconds(streamingGames, 2, (done) => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (rssAtTenth === 0 && done >= streamingGames / 10) rssAtTenth = peakRss;
  });
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(`streaming ${streamingGames.toLocaleString('en-US')} games on 2 workers: ${seconds.toFixed(1)} s (${Math.round(streamingGames / seconds).toLocaleString('en-US')} games/s)`);
  console.log(`peak RSS (whole process, main + workers): ${megabytes(maxRss)}; sampled RSS after 10% of the games ${megabytes(rssAtTenth)}, at the end ${megabytes(peakRss)}`);
}

await main();
