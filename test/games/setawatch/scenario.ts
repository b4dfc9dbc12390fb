import { readFileSync } from 'node:fs';
import { OutcomeRecord, type Settings } from '../../../src/core/game.ts';
import type { Deck } from '../../../src/core/deck.ts';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import { type ContentSet, setawatchContentSchema, type SetawatchContent } from '../../../src/games/setawatch/content.ts';
import { Decision, type DecisionKind, type DecisionView, OptionKind, type SetawatchStrategy, type WatchIgnores } from '../../../src/games/setawatch/decisions.ts';
import setawatch, { READING_SETTINGS, readingsOf } from '../../../src/games/setawatch/index.ts';
import { see } from '../../../src/games/setawatch/knowledge.ts';
import { SetawatchRules } from '../../../src/games/setawatch/rules.ts';
import { DICE_PER_SEAT, Slot, SLOTS_PER_SEAT, type SetawatchState } from '../../../src/games/setawatch/state.ts';
import { greedyChoice } from '../../../strategies/setawatch/greedy.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { ScriptedThenRandom } from '../../fixtures/dice.ts';
import { isOptional } from '../../fixtures/optional.ts';

/**
 * Scenario tests: a real game set up from the seed, then stacked (deck, Graveyard, Horde, Unhallowed deck, map,
 * fire, ability cards), played with fixed dice and a scripted strategy for a round or two, and read from its log.
 */

export const content: SetawatchContent = setawatchContentSchema.parse(JSON.parse(readFileSync(new URL('../../../content/setawatch/base.json', import.meta.url), 'utf8')));

/** A scripted answer: the index of the option to take, or -1 to fall back to greedy. */
export type Step = (view: DecisionView) => number;

export { optional } from '../../fixtures/optional.ts';

export interface Scenario {
  party?: string;
  sets?: string;
  /** The `ongoing` setting: 'always' lets face-down cards' Ongoing powers work. */
  ongoing?: 'face-up' | 'always';
  /** The `poison` setting. */
  poison?: 'per-revealed' | 'flat';
  /** The `tamed` setting. */
  tamed?: 'health' | 'rolled';
  /** The `backstab` setting. */
  backstab?: 'defeat-first' | 'reveals-first';
  /** The `lichReveals` setting. */
  lichReveals?: 'blocked' | 'allowed';
  /** The `berserker` setting. */
  berserker?: 'any' | 'own';
  /** The `cleave` setting. */
  cleave?: 'own' | 'any';
  /** The `sharpshooter` setting. */
  sharpshooter?: 'own' | 'any';
  /** The `backstabTarget` setting. */
  backstabTarget?: 'its-reveals' | 'any-revealed';
  /** The `firstPower` setting. */
  firstPower?: 'once-per-round' | 'each-arrival';
  /** The `exhaustUse` setting. */
  exhaustUse?: 'any' | 'after-die';
  /** The `towerBurn` setting. */
  towerBurn?: 'any' | 'at-zero';
  /** The `elfSenses` setting. */
  elfSenses?: 'where-abilities-reach' | 'any';
  /** The `sacredCity` setting. */
  sacredCity?: 'must' | 'may';
  /** The `stayDeadHydra` setting. */
  stayDeadHydra?: 'removed' | 'returns';
  /** Watch options the scripted strategy declares it never takes. */
  ignores?: WatchIgnores;
  summons?: number;
  /** Creature cards to put on top of the deck, top first ("Bear" is the first copy, "Bear#2" the second). */
  deck?: string[];
  /** The deck holds only `deck`, the other creature cards going to the Graveyard (a deck about to run out). */
  onlyDeck?: boolean;
  graveyard?: string[];
  horde?: string[];
  /** Cards the party has seen and knows the place of (knowledge.ts), as it knows the Graveyard's and the Horde's in play. */
  seen?: string[];
  /** The Unhallowed deck, top first; when given, the other Unhallowed leave the game. */
  unhallowed?: string[];
  /** Locations on top of the map deck, in the order they are reached. */
  locations?: string[];
  /** Locations on top of the unused deck (which Check Map and Teleport draw from), top first. */
  unused?: string[];
  /** The map deck holds only `locations`, the rest going to the unused deck (a Doomed Run expedition's stack). */
  onlyLocations?: boolean;
  fire?: number;
  /** Ability cards face up (every other card waits in reserve), and those face down. */
  active?: string[];
  exhausted?: string[];
  /** Dice for the round, in seat order (three per adventurer). */
  rolls?: number[];
  camper?: string;
  camp?: Step[];
  watch?: Step[];
  /** Answers for other decisions (exhaust, steal, target...) in order. */
  other?: Partial<Record<DecisionKind, Step[]>>;
  rounds?: number;
  /** A card file in place of the shipped one (cards with powers no printed card has). */
  content?: SetawatchContent;
}

export interface Played {
  readonly rules: SetawatchRules;
  readonly state: SetawatchState;
  readonly log: string[];
  readonly out: OutcomeRecord;
  names(pile: Deck): string[];
  lineNames(): string[];
}

/** Every ability card of the base game, to keep a party alive through longer scenarios. */
export const EVERY_CARD = content.abilities.map((a) => a.name);

export function card(tables: CardTables, label: string): number {
  const [name, copy] = label.split('#');
  const copies = tables.names.flatMap((n, id) => (n === name ? [id] : []));
  const id = copies[copy === undefined ? 0 : Number(copy) - 1];
  if (id === undefined) throw new Error(`no card ${label}`);
  return id;
}

function take(state: SetawatchState, id: number): void {
  for (const pile of [state.deck, state.graveyard, state.horde, state.unhallowedDeck, state.removed, state.tamed]) if (pile.remove(id)) return;
  throw new Error(`card ${id} is nowhere`);
}

function location(tables: CardTables, name: string): number {
  const id = tables.locations.findIndex((l) => l.name === name);
  if (id < 0) throw new Error(`no location ${name}`);
  return id;
}

function stack(rules: SetawatchRules, scenario: Scenario): void {
  const s = rules.state;
  const t = rules.tables;
  if (scenario.unhallowed !== undefined) {
    while (s.unhallowedDeck.size > 0) s.removed.push(s.unhallowedDeck.draw());
    for (const label of [...scenario.unhallowed].reverse()) {
      const id = card(t, label);
      take(s, id);
      s.unhallowedDeck.push(id);
    }
  }
  if (scenario.onlyDeck === true) while (s.deck.size > 0) s.graveyard.push(s.deck.draw());
  for (const label of [...(scenario.deck ?? [])].reverse()) {
    const id = card(t, label);
    take(s, id);
    s.deck.push(id);
  }
  if (scenario.horde !== undefined) while (s.horde.size > 0) s.removed.push(s.horde.draw());
  for (const [pile, labels] of [[s.graveyard, scenario.graveyard], [s.horde, scenario.horde]] as const) {
    for (const label of labels ?? []) {
      const id = card(t, label);
      take(s, id);
      pile.push(id);
    }
  }
  for (const label of scenario.seen ?? []) see(s, card(t, label));
  if (scenario.onlyLocations === true) while (s.mapDeck.size > 0) s.unusedLocations.pushBottom(s.mapDeck.draw());
  for (const name of [...(scenario.locations ?? ['Barren Plains'])].reverse()) {
    const id = location(t, name);
    if (!s.mapDeck.remove(id)) s.unusedLocations.remove(id);
    s.mapDeck.push(id);
  }
  for (const name of [...(scenario.unused ?? [])].reverse()) {
    const id = location(t, name);
    if (!s.mapDeck.remove(id)) s.unusedLocations.remove(id);
    s.unusedLocations.push(id);
  }
  if (scenario.fire !== undefined) s.fire = scenario.fire;
  if (scenario.active !== undefined) setCards(rules, scenario.active, scenario.exhausted ?? []);
  rules.scriptDice(new ScriptedThenRandom(scenario.rolls ?? [], rules.random.streams.dice));
}

function setCards(rules: SetawatchRules, active: string[], exhausted: string[]): void {
  const s = rules.state;
  for (let seat = 0; seat < 4; seat++) {
    const cards = rules.tables.adventurers[seat].abilities;
    for (let i = 0; i < SLOTS_PER_SEAT; i++) {
      const slot = seat * SLOTS_PER_SEAT + i;
      const name = rules.tables.abilities[cards[i]].name;
      s.slotCard[slot] = cards[i];
      s.slotState[slot] = active.includes(name) ? Slot.active : exhausted.includes(name) ? Slot.exhausted : Slot.reserve;
    }
  }
}

function scripted(rules: SetawatchRules, scenario: Scenario): SetawatchStrategy & { unused(): string[] } {
  const watch = [...(scenario.watch ?? [])];
  const camp = [...(scenario.camp ?? [])];
  const other: Partial<Record<number, Step[]>> = {};
  for (const [decision, steps] of Object.entries(scenario.other ?? {})) other[Number(decision)] = [...(steps ?? [])];
  const fromScript = (steps: Step[] | undefined, view: DecisionView, otherwise: number): number => {
    const step = steps?.shift();
    if (step === undefined) return otherwise;
    const index = step(view);
    if (index < 0) throw new Error('scripted step found no matching option');
    return index;
  };
  return {
    name: 'script',
    unused: () =>
      [['camp', camp] as const, ['watch', watch] as const, ...Object.entries(other).map(([decision, steps]) => [`decision ${decision}`, steps ?? []] as const)].flatMap(([kind, steps]) => {
        const left = steps.filter((step) => !isOptional(step)).length;
        return left > 0 ? [`${left} ${kind} step(s)`] : [];
      }),
    ignores: scenario.ignores,
    choose(decision: DecisionKind, view: DecisionView): number {
      if (decision === Decision.camper && scenario.camper !== undefined) {
        const seat = rules.tables.adventurers.findIndex((a) => a.id === scenario.camper);
        return find(view, (o, i) => o.target[i] === seat);
      }
      if (decision === Decision.camp) return fromScript(camp, view, 0);
      if (decision === Decision.watch) return fromScript(watch, view, 0);
      return fromScript(other[decision], view, greedyChoice(decision, view));
    },
  };
}

export function play(scenario: Scenario, seed = 1): Played {
  const party = (scenario.party ?? 'cleric,ranger,warrior,wizard').split(',');
  const sets = (scenario.sets ?? 'base').split('+') as ContentSet[];
  const log: string[] = [];
  const rules = new SetawatchRules(new CardTables(scenario.content ?? content, sets, party), { summons: scenario.summons ?? 2, startingFire: 7, readings: readingsOf(readingSettings(scenario)) }, { write: (line) => log.push(line) });
  const out = new OutcomeRecord(3);
  const strategy = scripted(rules, scenario);
  rules.playGame(seed, strategy, out, (r) => stack(r, scenario), scenario.rounds ?? 1);
  const unused = strategy.unused();
  if (unused.length > 0) throw new Error(`the scenario left scripted steps unused: ${unused.join(', ')} (mark padding with optional())\n${log.join('\n')}`);
  const names = (pile: Deck) => pile.toArray().map((id) => rules.tables.names[id]);
  const lineNames = () => Array.from(rules.state.lineCard.subarray(0, rules.state.lineLength), (id) => rules.tables.names[id]);
  return { rules, state: rules.state, log, out, names, lineNames };
}

/** The scenario's reading settings, the others at their defaults. */
function readingSettings(scenario: Scenario): Settings {
  const given = READING_SETTINGS.flatMap(({ name }) => {
    const value = (scenario as Record<string, unknown>)[name];
    return value === undefined ? [] : [[name, String(value)]];
  });
  return resolveSettings(setawatch, Object.fromEntries(given) as Record<string, string>, 'scenario');
}

type OptionTest = (o: DecisionView['options'], i: number, view: DecisionView) => boolean;

export function find(view: DecisionView, test: OptionTest): number {
  for (let i = 0; i < view.options.count; i++) if (test(view.options, i, view)) return i;
  return -1;
}

const seatOf = (view: DecisionView, id: string) => view.tables.adventurers.findIndex((a) => a.id === id);

/** A direct attack with a die of this value (of this adventurer, if given) on the creature at `position`. */
export function attack(value: number, position: number, by?: string): Step {
  return (view) =>
    find(view, (o, i) => o.kind[i] === OptionKind.attack && o.target[i] === position && view.state.dieValue[o.die[i]] === value && (by === undefined || Math.floor(o.die[i] / DICE_PER_SEAT) === seatOf(view, by)));
}

/** Use an ability by name, with a die of `die` value or by exhausting it ('exhaust'), at a target position. */
export function ability(name: string, use: number | 'exhaust', target = -1, more: { aux?: number; mode?: number } = {}): Step {
  return (view) =>
    find(view, (o, i) => {
      if (o.kind[i] !== OptionKind.ability || view.tables.abilities[view.state.slotCard[o.slot[i]]].name !== name) return false;
      const dieOk = use === 'exhaust' ? o.die[i] < 0 : o.die[i] >= 0 && view.state.dieValue[o.die[i]] === use;
      return dieOk && o.target[i] === target && (more.aux === undefined || o.aux[i] === more.aux) && o.mode[i] === (more.mode ?? 0);
    });
}

export function passive(name: string): Step {
  return (view) => find(view, (o, i) => o.kind[i] === OptionKind.passive && view.tables.abilities[view.state.slotCard[o.slot[i]]].name === name);
}

export function burn(name: string): Step {
  return (view) => find(view, (o, i) => o.kind[i] === OptionKind.burn && view.tables.abilities[view.state.slotCard[o.slot[i]]].name === name);
}

/** A camp action (Camp.*) with a die of this value. */
export function campAction(action: number, value: number, slotName?: string): Step {
  return (view) =>
    find(view, (o, i) => o.kind[i] === OptionKind.campAction && o.aux[i] === action && view.state.dieValue[o.die[i]] === value && (slotName === undefined || view.tables.abilities[view.state.slotCard[o.slot[i]]].name === slotName));
}

/** An option whose target (position or card) is this value. */
export function targetIs(target: number): Step {
  return (view) => find(view, (o, i) => o.target[i] === target);
}
