/**
 * Measures MEASURED_WORTH (card-worth.ts): for each ability card, the rounds greedy survives (a win counts 10) when the
 * set-up deals the card to the board, minus when it deals it to reserve, at Easy, averaged over parties: the base
 * game's cards over three base parties that hold all six adventurers, the Knight's and Bard's (pre-production) over
 * three parties with both of them. Prints the table to paste into card-worth.ts.
 *
 *   npx tsx strategies/setawatch/measure-card-worth.ts [games per party, default 30000]
 */
import { OutcomeRecord } from '../../src/core/game.ts';
import { gameSeed } from '../../src/core/rng.ts';
import { type DecisionKind, type DecisionView, type SetawatchStrategy } from '../../src/games/setawatch/decisions.ts';
import type { SetawatchContent } from '../../src/games/setawatch/content.ts';
import setawatch from '../../src/games/setawatch/index.ts';
import { Slot } from '../../src/games/setawatch/state.ts';
import { loadContent } from '../../src/sim/content.ts';
import { resolveSettings } from '../../src/sim/settings.ts';
import { greedyChoice } from './greedy.ts';

const MEASUREMENTS = [
  { sets: 'base', parties: ['cleric,ranger,warrior,wizard', 'beastmaster,rogue,warrior,wizard', 'beastmaster,rogue,cleric,ranger'] },
  { sets: 'base+preproduction', parties: ['knight,bard,cleric,ranger', 'knight,bard,beastmaster,warrior', 'knight,bard,rogue,wizard'], only: ['knight', 'bard'] },
];
const WIN_ROUNDS = 10;
const games = Number(process.argv[2] ?? 30_000);
const content = loadContent(setawatch, undefined).content as SetawatchContent;

/** Per card name, the worth measured in each party that holds it. */
const measured = new Map<string, number[]>();
for (const { sets, parties, only } of MEASUREMENTS) {
  const measuredCards = new Set(content.abilities.filter((card) => only === undefined || only.includes(card.adventurer)).map((card) => card.name));
  for (const party of parties) {
    for (const [name, worth] of measureParty(sets, party)) if (measuredCards.has(name)) measured.set(name, [...(measured.get(name) ?? []), worth]);
  }
}
const rows = [...measured].map(([name, worths]) => [name, worths.reduce((a, b) => a + b, 0) / worths.length] as const);
for (const [name, worth] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${JSON.stringify(name)}: ${worth.toFixed(2)},`);

function measureParty(sets: string, party: string): Map<string, number> {
  const engine = setawatch.createEngine(resolveSettings(setawatch, { summons: '1', sets, party }, 'measure-card-worth'), content, null);
  const dealt = { board: new Map<string, number[]>(), reserve: new Map<string, number[]>() };
  const names: string[] = [];
  const strategy: SetawatchStrategy = {
    name: 'greedy',
    choose(decision: DecisionKind, view: DecisionView): number {
      if (names.length === 0) view.state.slotCard.forEach((card, slot) => names.push(`${view.state.slotState[slot] === Slot.reserve ? 'r' : 'b'}${view.tables.abilities[card].name}`));
      return greedyChoice(decision, view);
    },
  };
  const record = new OutcomeRecord(setawatch.metrics.length);
  for (let game = 0; game < games; game++) {
    names.length = 0;
    engine.playGame(gameSeed(1, game), strategy, record);
    const rounds = record.outcome === 0 ? WIN_ROUNDS : record.metrics[0];
    for (const tagged of names) {
      const pile = tagged[0] === 'r' ? dealt.reserve : dealt.board;
      const name = tagged.slice(1);
      const [sum, count] = pile.get(name) ?? [0, 0];
      pile.set(name, [sum + rounds, count + 1]);
    }
  }
  const mean = (pile: Map<string, number[]>, name: string) => (pile.get(name)?.[0] ?? 0) / (pile.get(name)?.[1] ?? 1);
  return new Map([...dealt.board.keys()].map((name) => [name, mean(dealt.board, name) - mean(dealt.reserve, name)]));
}
