import { readFileSync } from 'node:fs';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { DoomedRun, type RunSettings } from '../../../src/games/doomedrun/campaign.ts';
import { type DoomedrunContent, doomedrunContentSchema } from '../../../src/games/doomedrun/content.ts';
import type { DoomedrunStrategy } from '../../../src/games/doomedrun/decisions.ts';
import { Where } from '../../../src/games/doomedrun/state.ts';
import doomedrun from '../../../src/games/doomedrun/index.ts';
import { greedy } from '../../../strategies/doomedrun/greedy.ts';
import { random } from '../../../strategies/doomedrun/random.ts';

export const content: DoomedrunContent = doomedrunContentSchema.parse(JSON.parse(readFileSync(new URL('../../../content/doomedrun/run.json', import.meta.url), 'utf8')));

export const SETTINGS: RunSettings = { summons: 2, variant: 'first', reinforcements: 'chosen', detail: false };

export function makeRun(settings: Partial<RunSettings> = {}, log: string[] | null = null, data: DoomedrunContent = content): DoomedRun {
  return new DoomedRun(data, { ...SETTINGS, ...settings }, log === null ? null : { write: (line) => log.push(line) });
}

export function greedyStrategy(): DoomedrunStrategy {
  return greedy.create({});
}

export function randomStrategy(watch = 'random'): DoomedrunStrategy {
  return random.create({ watch });
}

export function record(): OutcomeRecord {
  return new OutcomeRecord(doomedrun.metrics.length);
}

/** Every creature / Summon / Unhallowed card in the Set a Watch piles and the Line, as a sorted list. */
export function cardsInPiles(run: DoomedRun): number[] {
  const s = run.rules.state;
  const cards: number[] = [];
  for (const pile of [s.deck, s.graveyard, s.horde, s.unhallowedDeck, s.removed, s.tamed]) cards.push(...pile.toArray());
  for (let i = 0; i < s.lineLength; i++) cards.push(s.lineCard[i]);
  return cards.sort((a, b) => a - b);
}

export function locationsInPlay(run: DoomedRun): number[] {
  const s = run.rules.state;
  return [...s.mapDeck.toArray(), ...s.unusedLocations.toArray(), ...run.camp.realmMap.toArray(), ...run.camp.visited.toArray()].sort((a, b) => a - b);
}

export function duplicates(list: readonly number[]): number[] {
  return list.filter((value, i) => i > 0 && list[i - 1] === value);
}

/** What watchInvariants found: the problems (empty when none) and how many checkpoints it checked. */
export interface Watched {
  readonly problems: string[];
  /** Checkpoints seen: with none, an empty `problems` proves nothing, so callers assert this is above 0. */
  checkpoints: number;
}

/**
 * Checks at every expedition boundary of a Run: no card duplicated; the Realm's cards neither lost nor added (Summons
 * change only by Escalation); locations, Items and Side Quests conserved; the dead never come back. Returns the
 * problems found and the number of checkpoints checked.
 */
export function watchInvariants(run: DoomedRun): Watched {
  const problems: string[] = [];
  const watched: Watched = { problems, checkpoints: 0 };
  let realmCards: number[] | null = null;
  let realmLocations: number[] | null = null;
  let realm = 0;
  const dead = new Set<number>();
  const t = run.tables;
  run.checkpoint = (r, where) => {
    watched.checkpoints++;
    const c = r.camp;
    const cards = cardsInPiles(r);
    const nonSummon = cards.filter((card) => t.summonTier[card] === 0);
    const summons = cards.filter((card) => t.summonTier[card] !== 0);
    const tag = `Realm ${c.realm} exp ${c.expedition} ${where}`;
    if (where === 'realm set-up' && c.realm === 1) dead.clear();
    if (duplicates(cards).length > 0) problems.push(`${tag}: duplicated cards ${duplicates(cards).join(',')}`);
    const expected = Array.from(c.summons.subarray(0, c.summonCount)).sort((a, b) => a - b);
    if (JSON.stringify(summons) !== JSON.stringify(expected)) problems.push(`${tag}: Summons in piles ${summons.join(',')} but the Run has ${expected.join(',')}`);
    const locations = locationsInPlay(r);
    if (duplicates(locations).length > 0) problems.push(`${tag}: duplicated locations`);
    if (where === 'realm set-up') {
      // Exactly the Realm's creatures, the Party's Nemesis pairs and the Husks; Unhallowed only from Realms reached.
      const r = t.realms[c.realm - 1];
      const expectedCreatures = new Set<number>([...r.creatures, ...r.graveyard]);
      for (const a of c.party) for (const card of t.nemesis[a]) expectedCreatures.add(card);
      const creatures = nonSummon.filter((card) => t.cards.kind[card] !== 3);
      if (JSON.stringify(creatures) !== JSON.stringify([...expectedCreatures].sort((x, y) => x - y))) problems.push(`${tag}: the set-up dealt other creatures than the Realm's`);
      const allowed = new Set(t.realms.slice(0, c.realm).flatMap((x) => x.unhallowed));
      for (const card of nonSummon) if (t.cards.kind[card] === 3 && !allowed.has(card)) problems.push(`${tag}: Unhallowed ${t.cards.names[card]} from a later Realm`);
    }
    if (c.realm !== realm || where === 'realm set-up') {
      realm = c.realm;
      realmCards = nonSummon;
      realmLocations = locations;
    } else {
      if (JSON.stringify(nonSummon) !== JSON.stringify(realmCards)) problems.push(`${tag}: the Realm's cards changed (${realmCards?.length} -> ${nonSummon.length})`);
      if (JSON.stringify(locations) !== JSON.stringify(realmLocations)) problems.push(`${tag}: the Realm's locations changed (${realmLocations?.length} -> ${locations.length})`);
    }
    const items = [...c.itemDeck.toArray(), ...c.market.toArray()];
    for (let i = 0; i < t.items.length; i++) if (!t.items[i].mythic && c.itemHolder[i] >= 0) items.push(i);
    const nonMythic = t.items.filter((item) => !item.mythic).length;
    if (new Set(items).size !== items.length || items.length !== nonMythic) problems.push(`${tag}: Items ${items.length} of ${nonMythic}`);
    const quests = [...c.questDeck.toArray(), ...c.questOut.toArray(), ...(c.currentQuest >= 0 ? [c.currentQuest] : [])];
    if (new Set(quests).size !== quests.length) problems.push(`${tag}: duplicated Side Quests`);
    for (let a = 0; a < c.where.length; a++) {
      if (c.where[a] === Where.dead) dead.add(a);
      else if (dead.has(a)) problems.push(`${tag}: ${t.adventurerIds[a]} came back from the dead`);
    }
    const slots = Array.from(r.rules.state.slotCard.subarray(0, 20)).sort((x, y) => x - y);
    if (duplicates(slots).length > 0) problems.push(`${tag}: an Ability card on two boards`);
    for (let seat = 0; seat < 4; seat++) if (c.party[seat] < 0 || c.where[c.party[seat]] !== Where.party) problems.push(`${tag}: seat ${seat} not filled by a Party member`);
  };
  return watched;
}

import { type CampaignDecisionKind, type CampaignView } from '../../../src/games/doomedrun/decisions.ts';
import { greedyCampaign } from '../../../strategies/doomedrun/greedy.ts';
import { greedyChoice } from '../../../strategies/setawatch/greedy.ts';
import { Slot, SLOTS_PER_SEAT } from '../../../src/games/setawatch/state.ts';

/** Every face-up Ability card of the adventurer in `seat` exhausted. */
export function exhaustBoard(run: DoomedRun, seat: number): void {
  const s = run.rules.state;
  for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) if (s.slotState[slot] === Slot.active) s.slotState[slot] = Slot.exhausted;
}

/** A scripted pick of an adventurer: the first of `ids` offered (null, greedy's answer, when none is). */
export function pickFirst(...ids: string[]) {
  return (view: CampaignView) => {
    const options = Array.from(view.options.subarray(0, view.count));
    for (const id of ids) if (options.includes(view.tables.adventurerIds.indexOf(id))) return view.tables.adventurerIds.indexOf(id);
    return null;
  };
}

/** A campaign strategy that answers some decisions by script (the option value wanted, or null for greedy's answer). */
export function scripted(answers: Partial<Record<CampaignDecisionKind, (view: CampaignView) => number | null>>): DoomedrunStrategy & { asked: CampaignDecisionKind[] } {
  const asked: CampaignDecisionKind[] = [];
  return {
    name: 'scripted',
    asked,
    watch: { name: 'greedy', choose: greedyChoice },
    campaign(decision, view) {
      asked.push(decision);
      const script = answers[decision];
      if (script === undefined) return greedyCampaign(decision, view);
      const wanted = script(view);
      if (wanted === null) return greedyCampaign(decision, view);
      const index = Array.from(view.options.subarray(0, view.count)).indexOf(wanted);
      if (index < 0) throw new Error(`scripted answer ${wanted} is not among ${Array.from(view.options.subarray(0, view.count)).join(',')}`);
      return index;
    },
  };
}

/** A Run started and set up to Realm `realm`'s first expedition (Realm set-up done), ready for single steps. */
export function startedRun(options: { settings?: Partial<RunSettings>; strategy?: DoomedrunStrategy; seed?: number; log?: string[]; data?: DoomedrunContent } = {}): DoomedRun {
  const run = makeRun(options.settings ?? {}, options.log ?? null, options.data);
  run.begin(options.seed ?? 1, options.strategy ?? greedyStrategy());
  if (options.settings?.variant === 'new-run-plus') legacyOf(run, ['warrior', 'ranger', 'wizard', 'cleric', 'rogue', 'knight'], ['warrior', 'cleric'], [run.tables.summonsByTier[1][0], run.tables.summonsByTier[1][1]].slice(0, options.settings.summons ?? 2));
  run.startRun(run.settings.variant);
  run.camp.realm = 1;
  return run;
}

/** What the Side Quest `quest` costs of `op` (Doom, coins...), or 0 for none (-1). */
export function questCost(run: DoomedRun, quest: number, op: 'doom' | 'coins'): number {
  if (quest < 0) return 0;
  return run.tables.quests[quest].cost.reduce((total, cost) => total + (cost.op === op ? cost.amount : 0), 0);
}

export function adventurer(run: DoomedRun, id: string): number {
  const index = run.tables.adventurerIds.indexOf(id);
  if (index < 0) throw new Error(`no adventurer ${id}`);
  return index;
}

/** The adventurers in the Company, by number. */
export function inCompany(run: DoomedRun): number[] {
  return Array.from(run.camp.where).flatMap((where, a) => (where === Where.company ? [a] : []));
}

/** Makes adventurer number `a` the Warden of `realm`, and the current Warden when `current`; returns `a`. */
export function makeWarden(run: DoomedRun, a: number, realm: number, current = false): number {
  run.camp.where[a] = Where.warden;
  run.camp.wardenOf[a] = realm;
  if (current) run.camp.warden = a;
  return a;
}

export function cardIds(run: DoomedRun, name: string): number[] {
  const ids: number[] = [];
  for (let id = 0; id < run.tables.cards.cardCount; id++) if (run.tables.cards.names[id] === name) ids.push(id);
  return ids;
}

/** Side Quest choice for scenario tests: the first drawn quest without a cost, else the first one. */
export function noCostQuest(view: CampaignView): number {
  for (let i = 0; i < view.count; i++) if (view.tables.quests[view.options[i]].cost.length === 0) return view.options[i];
  return view.options[0];
}

/** Stand in for a finished previous Run (New Run+): completed, these Adventurers alive, these Mythic Items, these Summons. */
export function legacyOf(run: DoomedRun, living: string[], mythic: string[], summons: number[]): void {
  const legacy = run.legacy;
  legacy.clear();
  legacy.completed = true;
  for (const id of living) legacy.living[adventurer(run, id)] = 1;
  for (const id of mythic) legacy.mythic[adventurer(run, id)] = 1;
  legacy.summons.set(summons);
  legacy.summonCount = summons.length;
}

/** The Line holds `card` alone (taken from its pile), revealed or face down, undamaged. */
export function aloneInLine(run: DoomedRun, card: number, revealed: 0 | 1): void {
  const s = run.rules.state;
  for (const pile of [s.deck, s.graveyard, s.horde, s.unhallowedDeck]) pile.remove(card);
  s.lineCard[0] = card;
  s.lineRevealed[0] = revealed;
  s.lineDamage[0] = 0;
  s.lineFlags[0] = 0;
  s.lineHalvings[0] = 0;
  s.lineBaseHealth[0] = -1;
  s.lineStolenDie[0] = -1;
  s.lineLength = 1;
}

/** The engine defeats the Line's card at `position` (by no adventurer's attack). */
export function defeatInLine(run: DoomedRun, position: number): void {
  (run.rules as unknown as { defeat(position: number, seat: number): void }).defeat(position, -1);
}
