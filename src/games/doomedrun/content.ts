import { z } from 'zod';
import { refuseDuplicates } from '../../core/content-checks.ts';
import type { ContentSpec, Provenance } from '../../core/game.ts';
import { abilityFields, campAction, checkPassiveEffects, checkSummonPowers, checkTypeNames, locationEffect, power } from '../setawatch/content.ts';
import type { SetawatchContent } from '../setawatch/content.ts';

/**
 * The content file of Doomed Run: the seven Realm lists (printed) and every card they name. Card data reuses the Set a
 * Watch effect vocabulary; Doomed Run adds Summon tiers, Warden cards (Nemesis, Boon), Items, Mythic Items, Side
 * Quests and a few campaign constants. Sources: "printed" (base-game cards), "pre-production", "rulebook" (printed in
 * the Doomed Run rulebook) and "estimated" (not public; see RULES.md).
 */

export const SOURCES = ['printed', 'pre-production', 'rulebook', 'estimated'] as const;
export const FROM = ['Set a Watch', 'Swords of the Coin', 'Outriders', 'Forsaken Isles', 'Doomed Run'] as const;

const name = z.string().min(1);
const amount = z.number().int().min(-16).max(16);
const count = z.number().int().min(0).max(12);
const cardBase = { name, source: z.enum(SOURCES), from: z.enum(FROM).default('Doomed Run'), text: z.string().optional() };

const creature = z.strictObject({
  ...cardBase,
  kind: z.enum(['creature', 'acolyte']).default('creature'),
  type: name.optional(),
  damage: z.number().int().min(0).max(9),
  health: z.array(z.number().int().min(0).max(30)).min(1).max(8),
  powers: z.array(power).default([]),
}).superRefine(checkSummonPowers);
const unhallowed = z
  .strictObject({
    ...cardBase,
    damage: z.number().int().min(0).max(9),
    health: z.number().int().min(1).max(30),
    powers: z.array(power).default([]),
    /** Final Realm: replaced by the top Husk of the Graveyard when defeated. */
    molt: z.boolean().default(false),
  })
  .superRefine(checkSummonPowers);
const location = z.strictObject({
  ...cardBase,
  kind: z.enum(['regular', 'final', 'respite']),
  fire: amount.or(z.literal('halve')),
  line: z.number().int().min(1).max(16),
  effects: z.array(locationEffect).default([]),
});
/** A Summon card of a tier; a Doomed Summon (doomOrExhaust > 0) also makes the players gain that much Doom or exhaust as many cards. */
const summon = z.strictObject({ ...cardBase, tier: z.number().int().min(1).max(3), copies: z.number().int().min(1).max(8), extraExhaust: count, fire: amount, doomOrExhaust: count });
const adventurer = z.strictObject({
  ...cardBase,
  id: z.string().regex(/^[a-z0-9]+$/),
  die: z.union([z.literal(6), z.literal(8), z.literal(12)]),
  range: z.enum(['melee', 'ranged']),
  camp: campAction,
  tamedLimit: count.default(0),
});
const ability = z.strictObject({ ...cardBase, adventurer: name, ...abilityFields }).superRefine(checkPassiveEffects);
const boon = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('fire'), amount }),
  z.strictObject({ op: z.literal('refresh'), count }),
  z.strictObject({ op: z.literal('coins'), amount }),
  z.strictObject({ op: z.literal('doom'), amount }),
]);
export type Boon = z.infer<typeof boon>;
const warden = z.strictObject({ adventurer: name, source: z.enum(SOURCES), nemesis: name, boon });
const itemEffect = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('fire'), amount, use: z.enum(['discard', 'expedition']) }),
  z.strictObject({ op: z.literal('refresh'), use: z.enum(['discard', 'expedition']) }),
  z.strictObject({ op: z.literal('dieBonus'), amount, use: z.literal('passive') }),
]);
export type ItemEffect = z.infer<typeof itemEffect>;
const item = z.strictObject({ ...cardBase, price: count, effect: itemEffect });
const mythicItem = item.extend({ adventurer: name });
const questCost = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('exhaustEach') }),
  z.strictObject({ op: z.literal('fire'), amount }),
  z.strictObject({ op: z.literal('doom'), amount }),
  z.strictObject({ op: z.literal('coins'), amount }),
  z.strictObject({ op: z.literal('escalate') }),
]);
export type QuestCost = z.infer<typeof questCost>;
const questReward = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('join'), adventurer: name }),
  z.strictObject({ op: z.literal('mythic'), adventurer: name }),
  z.strictObject({ op: z.literal('coins'), amount }),
  z.strictObject({ op: z.literal('fire'), amount }),
  z.strictObject({ op: z.literal('doom'), amount }),
  z.strictObject({ op: z.literal('refresh'), count }),
  z.strictObject({ op: z.literal('item') }),
]);
export type QuestReward = z.infer<typeof questReward>;
const sideQuest = z.strictObject({
  ...cardBase,
  realm: z.number().int().min(1).max(7),
  number: z.number().int().min(1),
  tiedTo: name.optional(),
  cost: z.array(questCost),
  reward: z.array(questReward).min(1),
});
const named = z.strictObject({ name, copies: z.number().int().min(1).max(8) });
const realm = z.strictObject({
  realm: z.number().int().min(1).max(7),
  doom: z.number().int().min(0).max(20),
  creatures: z.array(named).min(1),
  locations: z.array(name).min(8),
  final: name,
  unhallowed: z.array(name).min(2),
  graveyard: z.array(named).default([]),
});
export const CAMP_SPOTS = ['chop', 'scout', 'checkMap', 'heal', 'equip'] as const;

export const doomedrunContentSchema = z
  .strictObject({
    game: z.literal('doomedrun'),
    description: z.string().optional(),
    realms: z.array(realm).length(7),
    creatures: z.array(creature).min(1),
    unhallowed: z.array(unhallowed).min(1),
    locations: z.array(location).min(1),
    summons: z.array(summon).min(1),
    adventurers: z.array(adventurer).min(4),
    abilities: z.array(ability).min(1),
    wardens: z.array(warden),
    items: z.array(item).min(1),
    mythicItems: z.array(mythicItem),
    sideQuests: z.array(sideQuest).min(3),
    startingCompany: z.array(name).min(4),
    rules: z.strictObject({
      /** Whenever Doom exceeds this, an Unhallowed is summoned to the end of the Line, the top Creature card goes to the Horde and Doom resets. */
      doomLimit: z.number().int().min(0).max(20),
      coinSpots: z.array(z.enum(CAMP_SPOTS)),
      falconDamage: count,
    }),
  })
  .superRefine((c, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    refuseListedTwice(c, ctx);
    const creatures = new Map(c.creatures.map((card) => [card.name, card.health.length]));
    const unhallowed = new Set(c.unhallowed.map((card) => card.name));
    const locations = new Map(c.locations.map((card) => [card.name, card.kind]));
    const adventurers = new Set(c.adventurers.map((a) => a.id));
    c.realms.forEach((r, i) => {
      if (r.realm !== i + 1) issue(`realms must be listed 1 to 7; entry ${i + 1} is Realm ${r.realm}`);
      for (const entry of [...r.creatures, ...r.graveyard]) {
        const copies = creatures.get(entry.name);
        if (copies === undefined) issue(`Realm ${r.realm}: creature "${entry.name}" is not defined`);
        else if (copies < entry.copies) issue(`Realm ${r.realm}: creature "${entry.name}" has ${copies} copies, the list needs ${entry.copies}`);
      }
      for (const card of r.unhallowed) if (!unhallowed.has(card)) issue(`Realm ${r.realm}: Unhallowed "${card}" is not defined`);
      for (const card of r.locations) if (locations.get(card) !== 'regular') issue(`Realm ${r.realm}: "${card}" is not a defined regular location`);
      if (locations.get(r.final) !== 'final') issue(`Realm ${r.realm}: final location "${r.final}" is not defined as final`);
    });
    if (c.locations.filter((l) => l.kind === 'respite').length < 6) issue('six Respite locations are needed');
    for (const a of c.adventurers) if (c.abilities.filter((card) => card.adventurer === a.id).length !== 5) issue(`adventurer ${a.id} needs 5 ability cards`);
    for (const w of c.wardens) {
      if (!adventurers.has(w.adventurer)) issue(`Warden card of unknown adventurer "${w.adventurer}"`);
      if (!creatures.has(w.nemesis)) issue(`Nemesis "${w.nemesis}" is not a defined creature`);
      else if ((creatures.get(w.nemesis) ?? 0) < 2) issue(`Nemesis "${w.nemesis}" needs two copies`);
    }
    for (const a of c.adventurers) if (!c.wardens.some((w) => w.adventurer === a.id)) issue(`adventurer ${a.id} has no Warden card`);
    for (const id of c.startingCompany) if (!adventurers.has(id)) issue(`starting company: unknown adventurer "${id}"`);
    for (const m of c.mythicItems) if (!adventurers.has(m.adventurer)) issue(`Mythic Item "${m.name}": unknown adventurer`);
    for (const q of c.sideQuests) {
      for (const r of q.reward) if ((r.op === 'join' || r.op === 'mythic') && !adventurers.has(r.adventurer)) issue(`Side Quest "${q.name}": unknown adventurer "${r.adventurer}"`);
      if (q.tiedTo !== undefined && !adventurers.has(q.tiedTo)) issue(`Side Quest "${q.name}": unknown adventurer "${q.tiedTo}"`);
    }
    if (!c.summons.some((s) => s.tier === 1 && s.copies >= 4)) issue('four tier-1 Summon cards are needed');
    checkTypeNames(c, ctx);
  });

export type DoomedrunContent = z.infer<typeof doomedrunContentSchema>;

/**
 * What is looked up by name or id must be there once: the engine finds Creatures, Summons and Unhallowed by name in
 * one table (its copies, by the Realm lists), locations by name, adventurers by id, and an adventurer's Warden card
 * and Mythic Item by the adventurer. A Realm list (or the starting company) naming a card twice would deal one card
 * twice. Ability cards, Items and Side Quests are looked up by no name (abilities by their adventurer, five each).
 */
function refuseListedTwice(c: DoomedrunContent, ctx: z.RefinementCtx): void {
  const realmLists = 'the Realm lists name them';
  refuseDuplicates(ctx, [['creatures', c.creatures], ['summons', c.summons], ['unhallowed', c.unhallowed]], 'name', `Creatures, Summons and Unhallowed share one name space; ${realmLists}`);
  refuseDuplicates(ctx, [['locations', c.locations]], 'name', realmLists);
  refuseDuplicates(ctx, [['adventurers', c.adventurers]], 'id');
  refuseDuplicates(ctx, [['wardens', c.wardens]], 'adventurer', 'an adventurer has one Warden card');
  refuseDuplicates(ctx, [['mythicItems', c.mythicItems]], 'adventurer', 'an adventurer has one Mythic Item');
  c.realms.forEach((realm, i) => {
    const at = (list: string) => ['realms', i, list];
    refuseDuplicates(ctx, [[at('creatures'), realm.creatures], [at('graveyard'), realm.graveyard]], 'name', "a card is in one of the Realm's piles; more copies are its `copies`");
    refuseDuplicates(ctx, [[at('unhallowed'), realm.unhallowed]]);
    refuseDuplicates(ctx, [[at('locations'), realm.locations]]);
  });
  refuseDuplicates(ctx, [['startingCompany', c.startingCompany]]);
}

/** Physical cards per source: creatures per copy, Summons per copy, every other entry once. */
export function provenance(content: DoomedrunContent): Provenance {
  const bySource: Record<string, number> = {};
  let cards = 0;
  const add = (source: string, copies: number) => {
    bySource[source] = (bySource[source] ?? 0) + copies;
    cards += copies;
  };
  for (const card of content.creatures) add(card.source, card.health.length);
  for (const card of content.summons) add(card.source, card.copies);
  for (const list of [content.unhallowed, content.locations, content.adventurers, content.abilities, content.wardens, content.items, content.mythicItems, content.sideQuests]) {
    for (const card of list) add(card.source, 1);
  }
  return { cards, bySource };
}

export const doomedrunContent: ContentSpec<DoomedrunContent> = {
  schema: doomedrunContentSchema as unknown as ContentSpec<DoomedrunContent>['schema'],
  defaultFile: 'content/doomedrun/run.json',
  provenance,
};

/**
 * The cards as a Set a Watch content object, so the base engine's CardTables compiles them: every creature, Summon
 * (one entry per tier), Husk and Unhallowed of the Run in one id space, every location, every adventurer.
 */
export function asSetawatchContent(content: DoomedrunContent): SetawatchContent {
  const summonPower = [{ when: 'reveal' as const, effects: [{ op: 'summon' as const }] }];
  return {
    game: 'setawatch',
    creatures: [
      ...content.creatures.map((card) => ({ name: card.name, source: 'printed' as const, set: 'base' as const, kind: card.kind, type: card.type, damage: card.damage, health: card.health, powers: card.powers })),
      ...content.summons.map((card) => ({ name: card.name, source: 'printed' as const, set: 'base' as const, kind: 'summon' as const, damage: 0, health: Array.from({ length: card.copies }, () => 0), powers: summonPower })),
    ],
    unhallowed: content.unhallowed.map((card) => ({ name: card.name, source: 'printed' as const, set: 'base' as const, damage: card.damage, health: card.health, powers: card.powers })),
    locations: content.locations.map((card) => ({ name: card.name, source: 'printed' as const, set: 'base' as const, kind: card.kind, fire: card.fire, line: card.line, effects: card.effects })),
    adventurers: content.adventurers.map((a) => ({ ...a, source: 'printed' as const, set: 'base' as const })) as unknown as SetawatchContent['adventurers'],
    abilities: content.abilities.map((a) => ({ ...a, source: 'printed' as const, set: 'base' as const })) as unknown as SetawatchContent['abilities'],
  };
}
