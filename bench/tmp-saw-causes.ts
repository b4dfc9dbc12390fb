import { OutcomeRecord } from '../src/core/game.ts';
import { gameSeed } from '../src/core/rng.ts';
import setawatch from '../src/games/setawatch/index.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { setawatchStrategies } from '../strategies/setawatch/index.ts';
import { content } from '../test/games/setawatch/scenario.ts';

const [name = 'greedy', gamesArg = '300', summons = '2'] = process.argv.slice(2);
const strategy = setawatchStrategies.find((s) => s.name === name)!.create({ budget: 600 });
const counts: Record<string, number> = {};
let cause = '';
const log = { write(line: string) {
  if (line.includes('the Line deals')) cause = 'lineDamage';
  else if (line.includes('Summon!')) cause = 'summon';
  else if (line.includes('the fire reaches 0')) cause = 'fire0';
  else if (line.includes('burns')) { counts.burn = (counts.burn ?? 0) + 1; return; }
  else if (line.includes('for its effect')) { counts.abilityExhaust = (counts.abilityExhaust ?? 0) + 1; return; }
  else if (line.includes('in first position: power')) cause = 'firstPower:' + line.trim().split(' in first')[0];
  else if (line.includes('is defeated')) cause = 'defeated:' + line.trim().split(' is defeated')[0];
  else if (line.startsWith('round')) cause = 'arrival';
  else if (line.includes('refreshes')) { counts.refresh = (counts.refresh ?? 0) + 1; return; }
  if (/ exhausts /.test(line) && !line.includes('refreshes')) counts[cause] = (counts[cause] ?? 0) + 1;
  if (line.includes('goes to the Horde')) counts.toHorde = (counts.toHorde ?? 0) + 1;
  if (line.startsWith('round')) counts.rounds = (counts.rounds ?? 0) + 1;
} };
const engine = setawatch.createEngine(resolveSettings(setawatch, { summons: Number(summons) }, '--set'), content, log);
const out = new OutcomeRecord(3);
for (let i = 0; i < Number(gamesArg); i++) engine.playGame(gameSeed(1, i), strategy, out);
const g = Number(gamesArg);
console.log(Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}: ${(v / g).toFixed(2)}`).join('\n'));
