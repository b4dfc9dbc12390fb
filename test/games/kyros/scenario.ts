import { readFileSync } from 'node:fs';
import { OutcomeRecord, type SettingValue } from '../../../src/core/game.ts';
import { KyrosTables } from '../../../src/games/kyros/cards.ts';
import { type KyrosContent, kyrosContentSchema } from '../../../src/games/kyros/content.ts';
import { Decision, type DecisionKind, type DecisionView, type KyrosStrategy, OptionKind } from '../../../src/games/kyros/decisions.ts';
import kyros, { rulesOptions } from '../../../src/games/kyros/index.ts';
import { KyrosRules } from '../../../src/games/kyros/rules.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { ScriptedThenRandom } from '../../fixtures/dice.ts';

export const shipped = JSON.parse(readFileSync(new URL('../../../content/kyros/base.json', import.meta.url), 'utf8')) as unknown;
export const content: KyrosContent = kyrosContentSchema.parse(shipped);
export const tables = new KyrosTables(content);

export const lordIndex = (name: string): number => tables.lordNames.indexOf(name);
export const itemIndex = (name: string): number => tables.itemNames.indexOf(name);
export const heroIndex = (name: string): number => tables.heroNames.indexOf(name);

export function makeRules(settings: Record<string, SettingValue> = {}, lines: string[] | null = null, cards: KyrosTables = tables): KyrosRules {
  const resolved = resolveSettings(kyros, settings, 'test');
  return new KyrosRules(cards, rulesOptions(resolved), lines === null ? null : { write: (line) => lines.push(line) });
}

/** The shipped cards with these Giant Lords and market cards added (written as in a card file). */
export function tablesWith(extra: { giantLords?: object[]; items?: object[] }): KyrosTables {
  const base = shipped as KyrosContent;
  return new KyrosTables(kyrosContentSchema.parse({ ...base, giantLords: [...base.giantLords, ...(extra.giantLords ?? [])], items: [...base.items, ...(extra.items ?? [])] }));
}

/** The d10s the rules roll next, then the combat stream's. */
export function scriptRolls(rules: KyrosRules, rolls: readonly number[]): void {
  rules.scriptDice(new ScriptedThenRandom(rolls, rules.random.streams.combat));
}

export function newRecord(): OutcomeRecord {
  return new OutcomeRecord(kyros.metrics.length);
}

/** A scripted strategy: per decision, a function of the view returning an option index; defaults are listed below. */
export type Script = Partial<Record<DecisionKind, (view: DecisionView) => number>>;

/** Index of the first option with this kind and value, or throws. */
export function option(view: DecisionView, kind: number, a: number): number {
  for (let i = 0; i < view.options.count; i++) if (view.options.kind[i] === kind && view.options.a[i] === a) return i;
  throw new Error(`no option kind ${kind} a ${a}`);
}

/**
 * Defaults: travel to the first occupied town, no counters, use no item, attack in Melee, never escape, take and buy
 * nothing. `asked` records every decision asked, with its seat.
 */
export function scripted(script: Script = {}, asked: [DecisionKind, number][] = []): KyrosStrategy {
  return {
    name: 'scripted',
    choose(decision, view) {
      asked.push([decision, view.seat]);
      const answer = script[decision];
      if (answer) return answer(view);
      switch (decision) {
        case Decision.destination:
          return 0;
        case Decision.counters:
          return option(view, OptionKind.counters, 0);
        case Decision.phase:
          return 1;
        default:
          return 0;
      }
    },
  };
}

/** An answer to an item decision: the first item offered, while one is (option 0 is done). */
export const firstItem = (view: DecisionView) => (view.options.count > 1 ? 1 : 0);

/** An answer to the destination decision: rest. */
export const rest = (view: DecisionView) => option(view, OptionKind.rest, -1);

/** An answer to the escape decision: fight on until combat round `round` begins, then escape. */
export const escapeAt = (round: number) => (view: DecisionView) => (view.state.combatRound >= round ? option(view, OptionKind.escape, 0) : 0);

/** Put a named Giant Lord in `town` with exactly these market cards. */
export function occupy(rules: KyrosRules, town: number, lord: string, cards: readonly string[]): void {
  const s = rules.state;
  s.townLord[town] = rules.tables.lordNames.indexOf(lord);
  s.stackSize[town] = 0;
  s.restampTown(town);
  for (const card of cards) rules.addToStack(town, rules.tables.itemNames.indexOf(card));
}

/** Seat a named hero with no items, unhurt, next to `town`. */
export function seatHero(rules: KyrosRules, seat: number, hero: string, town: number, items: readonly string[] = []): void {
  const s = rules.state;
  const h = heroIndex(hero);
  s.seatHero[seat] = h;
  s.restampSeat(seat);
  s.gold[seat] = tables.heroGold[h];
  s.level[seat] = tables.heroLevel[h];
  s.adventureCounters[seat] = tables.heroCounters[h];
  s.wounds[seat] = 0;
  s.exhaustion[seat] = 0;
  s.itemCount[seat] = 0;
  for (const item of items) rules.giveItem(seat, rules.tables.itemNames.indexOf(item));
  s.position[seat] = town;
  s.heading[seat] = -1;
  s.travelLeft[seat] = 0;
}

/** Mark every town but `keep` liberated (by nobody), so one liberation ends the game. */
export function liberateAllBut(rules: KyrosRules, keep: number): void {
  const s = rules.state;
  for (let town = 0; town < s.townCount; town++) if (town !== keep) s.townLiberated[town] = 1;
}
