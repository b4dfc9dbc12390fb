import { OutcomeRecord } from '../src/core/game.ts';
import { gameSeed } from '../src/core/rng.ts';
import { loadGame } from '../src/games/registry.ts';
import { loadContent } from '../src/sim/content.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { createStrategy } from '../src/sim/strategy-spec.ts';
import { NecreauxEngine } from '../src/games/necreaux/rules.ts';
import { GameState } from '../src/games/necreaux/state.ts';
import { Ask } from '../src/games/necreaux/ask.ts';
import { Deck } from '../src/core/deck.ts';
import { RandomStream } from '../src/core/rng.ts';

const counts = new Map<string, number>();
function wrap(proto: any, label: string) {
  for (const key of Object.getOwnPropertyNames(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, key)!;
    if (key === 'constructor' || typeof d.value !== 'function') continue;
    const f = d.value;
    const name = `${label}.${key}`;
    proto[key] = function (this: unknown, ...args: unknown[]) { counts.set(name, (counts.get(name) ?? 0) + 1); return f.apply(this, args); };
  }
}
wrap(NecreauxEngine.prototype, 'E'); wrap(GameState.prototype, 'S'); wrap(Ask.prototype, 'A'); wrap(Deck.prototype, 'D'); wrap(RandomStream.prototype, 'R');
const game = await loadGame('necreaux');
const engine = game.createEngine(resolveSettings(game, {}, 'bench'), loadContent(game, undefined).content, null);
const strategy = await createStrategy(game, process.argv[2] ?? 'adaptive');
wrap(Object.getPrototypeOf(Object.getPrototypeOf(strategy)), 'Sens'); wrap(Object.getPrototypeOf(strategy), 'Strat');
const record = new OutcomeRecord(game.metrics.length);
const N = 2000;
for (let i = 0; i < N; i++) engine.playGame(gameSeed(1, i), strategy, record);
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1])) console.log((v / N).toFixed(1).padStart(8), k);
