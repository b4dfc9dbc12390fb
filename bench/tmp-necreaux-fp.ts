import { OutcomeRecord } from '../src/core/game.ts';
import { gameSeed } from '../src/core/rng.ts';
import { loadGame } from '../src/games/registry.ts';
import { loadContent } from '../src/sim/content.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { createStrategy } from '../src/sim/strategy-spec.ts';

/** Determinism fingerprint: outcome counts, metric sums and a hash over every game's record. */
const game = await loadGame('necreaux');
const content = loadContent(game, undefined).content;
const games = Number(process.argv[2] ?? 20000);
const settingsList: Record<string, string | number | boolean>[] = [
  {},
  { agents: 1 },
  { agents: 2, level: '7' },
  { agents: 5, level: 'intro', uncertainEnding: true },
  { agents: 3, level: '4', noTimeToWaste: 'dealt' },
  { agents: 4, level: '1', noTimeToWaste: 'random', trapXp: 'agent' },
];
for (const spec of ['adaptive', 'cautious', 'fixed-speed:speed=7', 'random']) {
  for (const settings of settingsList) {
    const engine = game.createEngine(resolveSettings(game, settings, 'fp'), content, null);
    const strategy = await createStrategy(game, spec);
    const record = new OutcomeRecord(game.metrics.length);
    const outcomes = [0, 0, 0, 0];
    const sums = new Array(game.metrics.length).fill(0);
    let hash = 0;
    for (let i = 0; i < games; i++) {
      engine.playGame(gameSeed(1, i), strategy, record);
      outcomes[record.outcome]++;
      hash = Math.imul(hash ^ record.outcome, 0x01000193) >>> 0;
      for (let m = 0; m < sums.length; m++) {
        sums[m] += record.metrics[m];
        hash = Math.imul(hash ^ record.metrics[m], 0x01000193) >>> 0;
      }
    }
    console.log(`${spec} ${JSON.stringify(settings)} outcomes=${outcomes.join(',')} sums=${sums.join(',')} hash=${hash.toString(16)}`);
  }
}
