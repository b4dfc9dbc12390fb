import { OutcomeRecord } from '../src/core/game.ts';
import { gameSeed } from '../src/core/rng.ts';
import setawatch from '../src/games/setawatch/index.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { setawatchStrategies } from '../strategies/setawatch/index.ts';
import { content } from '../test/games/setawatch/scenario.ts';

const [name = 'greedy', gamesArg = '2000', summonsArg = '1,2,3,4', budget = '600'] = process.argv.slice(2);
const games = Number(gamesArg);
const def = setawatchStrategies.find((s) => s.name === name)!;
const strategy = def.create({ budget: Number(budget) });
const out = new OutcomeRecord(3);
const rows: string[] = [];
for (const summons of summonsArg.split(',').map(Number)) {
  const engine = setawatch.createEngine(resolveSettings(setawatch, { summons }, '--set'), content, null);
  let wins = 0, round = 0, cards = 0;
  const start = performance.now();
  const wl: number[] = [];
  for (let i = 0; i < games; i++) {
    engine.playGame(gameSeed(1, i), strategy, out);
    const w = out.outcome === 0 ? 1 : 0;
    wins += w; wl.push(w);
    if (!w) round += out.metrics[0];
    cards += out.metrics[1];
  }
  const secs = (performance.now() - start) / 1000;
  const p = wins / games;
  const z = 1.96, d = 1 + z * z / games, c = (p + z * z / (2 * games)) / d, h = (z * Math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))) / d;
  rows.push(`${name} S${summons}: won ${(100 * p).toFixed(1)}% [${(100 * (c - h)).toFixed(1)}, ${(100 * (c + h)).toFixed(1)}] lossRound ${(round / Math.max(1, games - wins)).toFixed(2)} cards ${(cards / games).toFixed(2)} | ${(games / secs).toFixed(0)} games/s`);
  console.log(rows[rows.length - 1]);
  if (process.env.DUMP) (await import('node:fs')).writeFileSync(`/tmp/saw/${name}-${summons}.txt`, wl.join(''));
}
