import { OutcomeRecord } from '../src/core/game.ts';
import { gameSeed } from '../src/core/rng.ts';
import { loadGame } from '../src/games/registry.ts';
import { loadContent } from '../src/sim/content.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { createStrategy } from '../src/sim/strategy-spec.ts';

const game = await loadGame('necreaux');
const engine = game.createEngine(resolveSettings(game, {}, 'bench'), loadContent(game, undefined).content, null);
const strategy = await createStrategy(game, process.argv[2] ?? 'adaptive');
const record = new OutcomeRecord(game.metrics.length);
for (let i = 0; i < 100000; i++) engine.playGame(gameSeed(1, i), strategy, record);
