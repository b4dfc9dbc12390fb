import { OutcomeRecord } from '../src/core/game.ts';
import { gameSeed } from '../src/core/rng.ts';
import { loadGame } from '../src/games/registry.ts';
import { loadContent } from '../src/sim/content.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { createStrategy } from '../src/sim/strategy-spec.ts';

/** Games per CPU-second on one core, like bench/run.ts singleCoreRate but timed by process.cpuUsage(). */
const game = await loadGame('necreaux');
const content = loadContent(game, undefined).content;
const games = Number(process.argv[2] ?? 200000);
for (const spec of (process.argv[3] ?? 'adaptive,fixed-speed:speed=7').split(',')) {
  const engine = game.createEngine(resolveSettings(game, {}, 'bench'), content, null);
  const strategy = await createStrategy(game, spec);
  const record = new OutcomeRecord(game.metrics.length);
  for (let i = 0; i < 20000; i++) engine.playGame(gameSeed(1, i), strategy, record);
  const rates: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    const before = process.cpuUsage();
    for (let i = 20000; i < 20000 + games; i++) engine.playGame(gameSeed(1, i), strategy, record);
    const used = process.cpuUsage(before);
    rates.push(games / ((used.user + used.system) / 1e6));
  }
  console.log(`${spec}: ${rates.map((r) => Math.round(r)).join(' ')} games/cpu-s (best ${Math.round(Math.max(...rates))})`);
}
