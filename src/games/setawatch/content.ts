import { z } from 'zod';
import { refuseDuplicates } from '../../core/content-checks.ts';
import type { ContentSpec, Provenance, Settings } from '../../core/game.ts';

/**
 * The content file of Set a Watch (base game): every card as data. Creature powers, location effects, camp actions
 * and ability cards are written in a small typed vocabulary (`op`) that the engine interprets, so a user's file can
 * change them. Every card says where its data comes from ("printed": read off a retail card; "pre-production": read
 * off an older card scan; "estimated": not on any card, see RULES.md) and which content set it belongs to.
 */

export const SOURCES = ['printed', 'pre-production', 'estimated'] as const;
export const CONTENT_SETS = ['base', 'preproduction', 'extra-locations'] as const;
export type ContentSet = (typeof CONTENT_SETS)[number];
export const ADVENTURERS = ['beastmaster', 'cleric', 'ranger', 'rogue', 'warrior', 'wizard', 'knight', 'bard'] as const;

const name = z.string().min(1);
const amount = z.number().int().min(-16).max(16);
const count = z.number().int().min(0).max(12);
const cardBase = { name, source: z.enum(SOURCES), set: z.enum(CONTENT_SETS).default('base'), text: z.string().optional() };

/** Which creatures an effect may pick. `at` is the place in the Line (or `graveyard`); the rest filter. */
export const target = z.strictObject({
  at: z.enum(['revealed', 'unrevealed', 'any', 'first', 'second', 'last', 'damaged', 'attacked', 'nextToDefeated', 'graveyard']),
  types: z.array(name).optional(),
  unhallowed: z.boolean().optional(),
  maxHealth: z.number().int().min(0).max(99).optional(),
});
export type Target = z.infer<typeof target>;

const match = z.strictObject({ names: z.array(name).optional(), types: z.array(name).optional() });

/** Creature and Unhallowed powers. */
export const powerEffect = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('fire'), amount }),
  z.strictObject({ op: z.literal('exhaust'), count }),
  z.strictObject({ op: z.literal('drawInFront'), count }),
  z.strictObject({ op: z.literal('moveToFront') }),
  z.strictObject({ op: z.literal('moveToBack') }),
  z.strictObject({ op: z.literal('stealDie'), pick: z.enum(['party', 'highest']), setsHealth: z.boolean().default(false) }),
  /** Reveal the face-down card behind this one, once, as the power fires (no printed card since 2026-12-05: see revealBehind). */
  z.strictObject({ op: z.literal('revealNext') }),
  z.strictObject({ op: z.literal('swapWithGraveyardTop') }),
  z.strictObject({ op: z.literal('drawToHorde'), count }),
  z.strictObject({ op: z.literal('reshuffleSummon') }),
  z.strictObject({ op: z.literal('pullFromGraveyard'), match, count, pick: z.enum(['top', 'strongest']), place: z.enum(['front', 'behind']) }),
  z.strictObject({ op: z.literal('returnToBack') }),
  z.strictObject({ op: z.literal('restartLine') }),
  z.strictObject({ op: z.literal('toHordeWith'), match }),
  z.strictObject({ op: z.literal('summon') }),
  // Ongoing powers: they change health, attacks or fire while the creature is in the Line.
  z.strictObject({ op: z.literal('shieldNext') }),
  z.strictObject({ op: z.literal('blockAttacksBehind') }),
  z.strictObject({ op: z.literal('blockAbilitiesBehind') }),
  z.strictObject({ op: z.literal('addGraveyardTopHealth') }),
  z.strictObject({ op: z.literal('healthFromFire'), sign: z.union([z.literal(1), z.literal(-1)]), offset: count.or(z.number().int().max(16)) }),
  z.strictObject({ op: z.literal('buffOthers'), amount }),
  z.strictObject({ op: z.literal('multiplyTypeHealth'), type: name, factor: z.number().int().min(1).max(4) }),
  z.strictObject({ op: z.literal('fireCostPerDefeat'), amount }),
  z.strictObject({ op: z.literal('immuneWhenFlanked') }),
  /** The card directly behind this one is always face up while this one is (Forest Giant): whatever comes there is revealed. */
  z.strictObject({ op: z.literal('revealBehind') }),
]);
export type PowerEffect = z.infer<typeof powerEffect>;
export type PowerOp = PowerEffect['op'];

export const POWER_TIMINGS = ['reveal', 'first', 'ongoing', 'defeated', 'endOfRound', 'endOfLine'] as const;
export const ONGOING_OPS: readonly PowerOp[] = [
  'shieldNext',
  'blockAttacksBehind',
  'blockAbilitiesBehind',
  'addGraveyardTopHealth',
  'healthFromFire',
  'buffOthers',
  'multiplyTypeHealth',
  'fireCostPerDefeat',
  'immuneWhenFlanked',
  'revealBehind',
];

/** The effects a creature's power at the Line (Reveal, First position, End of Line) carries out when it fires. */
const LINE_OPS: readonly PowerOp[] = [
  'fire',
  'exhaust',
  'drawInFront',
  'moveToFront',
  'moveToBack',
  'stealDie',
  'revealNext',
  'swapWithGraveyardTop',
  'drawToHorde',
  'reshuffleSummon',
  'pullFromGraveyard',
  'toHordeWith',
];

/**
 * The effects a power of each timing may have: the engine carries out only these at that timing, so any other would
 * do nothing. A Defeated power changes the fire, exhausts or returns the creature (Hydra); an End of round power
 * starts the next Line (Skeletons); `summon` marks the Summon card's Reveal, which its kind carries out.
 */
export const OPS_AT_TIMING: Record<(typeof POWER_TIMINGS)[number], readonly PowerOp[]> = {
  reveal: [...LINE_OPS, 'summon'],
  first: LINE_OPS,
  endOfLine: LINE_OPS,
  ongoing: ONGOING_OPS,
  defeated: ['fire', 'exhaust', 'returnToBack'],
  endOfRound: ['restartLine'],
};

export const power = z
  .strictObject({
    when: z.enum(POWER_TIMINGS),
    effects: z.array(powerEffect).min(1),
    /** A First-position power printed "(activates only once)": it fires once a round even with `firstPower=each-arrival` or after Slumber. */
    once: z.boolean().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.once === true && p.when !== 'first') ctx.addIssue({ code: 'custom', message: `only a "first" power can be "once"` });
    const allowed = OPS_AT_TIMING[p.when];
    p.effects.forEach((effect, index) => {
      if (allowed.includes(effect.op)) return;
      const message = `effect "${effect.op}" cannot be a "${p.when}" power (allowed: ${allowed.join(', ')})`;
      ctx.addIssue({ code: 'custom', path: ['effects', index, 'op'], message });
    });
  });
export type Power = z.infer<typeof power>;

/**
 * Only a Summon card summons (its kind does): a `summon` effect on any other card would do nothing. A Summon card is
 * never a creature in the Line: revealed, it summons; defeated face down, it goes; so its other Reveal effects and its
 * First position, End of Line and Defeated powers would do nothing either (Ongoing and End of round powers can work).
 */
export function checkSummonPowers(card: { kind?: string; powers: readonly Power[] }, ctx: z.RefinementCtx): void {
  const summonCard = card.kind === 'summon';
  card.powers.forEach((p, index) => {
    p.effects.forEach((effect, position) => {
      const message = summonCard ? summonCardEffectProblem(p.when, effect.op) : effect.op === 'summon' ? 'a summon effect does nothing here: only a Summon card summons' : null;
      if (message !== null) ctx.addIssue({ code: 'custom', path: ['powers', index, 'effects', position, 'op'], message });
    });
  });
}

function summonCardEffectProblem(when: Power['when'], op: PowerOp): string | null {
  if (when === 'reveal') return op === 'summon' ? null : `effect "${op}" does nothing on a Summon card, which summons when revealed (its Reveal takes only "summon")`;
  if (when === 'first' || when === 'endOfLine' || when === 'defeated') return `a "${when}" power does nothing on a Summon card, which never stands revealed in the Line`;
  return null;
}

const creature = z.strictObject({
  ...cardBase,
  kind: z.enum(['creature', 'acolyte', 'summon']).default('creature'),
  type: name.optional(),
  damage: z.number().int().min(0).max(9),
  /** One card per entry: the printed health of each copy (0 where the card prints "*"). */
  health: z.array(z.number().int().min(0).max(30)).min(1).max(8),
  powers: z.array(power).default([]),
}).superRefine(checkSummonPowers);

const unhallowed = z
  .strictObject({ ...cardBase, damage: z.number().int().min(0).max(9), health: z.number().int().min(1).max(30), powers: z.array(power).default([]) })
  .superRefine(checkSummonPowers);

/** Location effects: what the current location changes during its round. */
export const locationEffect = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('typeHealth'), type: name, amount }),
  z.strictObject({ op: z.literal('revealCount'), amount, min: count }),
  z.strictObject({ op: z.literal('chopBonus'), amount }),
  z.strictObject({ op: z.literal('raiseLowestDie'), amount }),
  z.strictObject({ op: z.literal('firstPositionFire'), amount }),
  z.strictObject({ op: z.literal('lockLowestDie') }),
  z.strictObject({ op: z.literal('rangeBonus'), amount }),
  z.strictObject({ op: z.literal('summonToDeckBottom') }),
  z.strictObject({ op: z.literal('chooseSummoned') }),
  z.strictObject({ op: z.literal('graveyardStrongestToLine') }),
  z.strictObject({ op: z.literal('swapExhausted') }),
  z.strictObject({ op: z.literal('burnBonus'), amount }),
  z.strictObject({ op: z.literal('campAnyValue') }),
  z.strictObject({ op: z.literal('cleanClearRefresh'), count }),
  z.strictObject({ op: z.literal('camperRefresh'), amount }),
  z.strictObject({ op: z.literal('sealChosen') }),
  z.strictObject({ op: z.literal('defeatedToDeckBottom'), type: name }),
  z.strictObject({ op: z.literal('unhallowedToLine') }),
  z.strictObject({ op: z.literal('summonExtraExhaust'), count }),
  z.strictObject({ op: z.literal('highestRollCamps') }),
  z.strictObject({ op: z.literal('allDice'), amount }),
  z.strictObject({ op: z.literal('noPassives') }),
  z.strictObject({ op: z.literal('noCombining') }),
  z.strictObject({ op: z.literal('defeatOneRevealed') }),
  z.strictObject({ op: z.literal('rerollAfterFirstDefeat') }),
  z.strictObject({ op: z.literal('camperReroll') }),
  z.strictObject({ op: z.literal('lowRollRefresh'), below: count }),
]);
export type LocationEffect = z.infer<typeof locationEffect>;

const location = z.strictObject({
  ...cardBase,
  kind: z.enum(['regular', 'final', 'respite']),
  /** Fire change on arrival (ignored in round 1), or "halve". */
  fire: amount.or(z.literal('halve')),
  line: z.number().int().min(1).max(16),
  effects: z.array(locationEffect).default([]),
});

/**
 * Camp actions printed on the adventurer boards. `name` is the action's printed name (the Warrior's "Wood Axe"), which
 * the log shows; an action without one (an estimated board) is described by its effect instead.
 */
const campName = { name: name.optional() };
export const campAction = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('setTrap'), ...campName }),
  z.strictObject({ op: z.literal('heal'), ...campName, minDie: count }),
  z.strictObject({ op: z.literal('arrangeTop'), ...campName, count }),
  z.strictObject({ op: z.literal('prepared'), ...campName }),
  z.strictObject({ op: z.literal('fire'), ...campName, amount }),
  z.strictObject({ op: z.literal('teleport'), ...campName, count }),
  z.strictObject({ op: z.literal('assist'), ...campName }),
  z.strictObject({ op: z.literal('multiTalented'), ...campName }),
]);
export type CampAction = z.infer<typeof campAction>;

const adventurer = z.strictObject({
  ...cardBase,
  id: z.enum(ADVENTURERS),
  die: z.union([z.literal(6), z.literal(8)]),
  range: z.enum(['melee', 'ranged']),
  camp: campAction,
  tamedLimit: count.default(0),
});
export type AdventurerCard = z.infer<typeof adventurer>;

/** Effects of ability cards. A card has one or more modes; each use picks one mode and applies its steps in order. */
export const abilityEffect = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('defeat'), target }),
  z.strictObject({ op: z.literal('damage'), amount: count.or(z.number().int().max(30)), target }),
  z.strictObject({ op: z.literal('halveHealth'), target }),
  z.strictObject({ op: z.literal('move'), target, to: z.enum(['anywhere', 'back', 'deckTop', 'deckBottom', 'horde', 'front']) }),
  z.strictObject({ op: z.literal('conceal'), target }),
  z.strictObject({ op: z.literal('reveal'), count, negateReveal: z.boolean().default(false) }),
  z.strictObject({ op: z.literal('revealBonus'), amount, negateNextReveal: z.boolean().default(false) }),
  z.strictObject({ op: z.literal('rangeBonus'), amount }),
  z.strictObject({ op: z.literal('attackBonus'), amount, attacks: count }),
  z.strictObject({ op: z.literal('maxDie') }),
  z.strictObject({ op: z.literal('ownRanged') }),
  z.strictObject({ op: z.literal('defeatAll'), target }),
  z.strictObject({ op: z.literal('tame'), target, untilEndOfRound: z.boolean().optional() }),
  z.strictObject({ op: z.literal('spendTamedDefeat'), target }),
  z.strictObject({ op: z.literal('defeatUpToRoll'), target }),
  z.strictObject({ op: z.literal('blank'), target }),
  z.strictObject({ op: z.literal('doubleDiceOnHealth'), min: count.or(z.number().int().max(30)) }),
  z.strictObject({ op: z.literal('defeatPair'), target }),
  z.strictObject({ op: z.literal('drawToLineEnd'), count }),
  z.strictObject({ op: z.literal('swapWithGraveyard'), target }),
  // Passive abilities: always on while the card is face up.
  z.strictObject({ op: z.literal('tameFirst') }),
  z.strictObject({ op: z.literal('wardFirst') }),
  z.strictObject({ op: z.literal('rerollAttackDie') }),
  z.strictObject({ op: z.literal('removeDefeated') }),
  z.strictObject({ op: z.literal('cleave') }),
  z.strictObject({ op: z.literal('illuminate') }),
  z.strictObject({ op: z.literal('raiseLowestToMax') }),
  z.strictObject({ op: z.literal('doubleAttack') }),
  z.strictObject({ op: z.literal('attackAnyRevealed') }),
  // Pre-production abilities (Knight, Bard).
  z.strictObject({ op: z.literal('shieldBash') }),
  z.strictObject({ op: z.literal('taunt'), target }),
  z.strictObject({ op: z.literal('songOfDiscord'), target }),
  z.strictObject({ op: z.literal('lineDance') }),
]);
export type AbilityEffect = z.infer<typeof abilityEffect>;
export type AbilityOp = AbilityEffect['op'];

export const PASSIVE_OPS: readonly AbilityOp[] = [
  'tameFirst',
  'wardFirst',
  'rerollAttackDie',
  'removeDefeated',
  'cleave',
  'illuminate',
  'raiseLowestToMax',
  'doubleAttack',
  'attackAnyRevealed',
];

/** The fields every ability card has (Set a Watch and Doomed Run): its modes of effects, and whether it is passive. */
export const abilityFields = { passive: z.boolean().default(false), modes: z.array(z.array(abilityEffect).min(1)).min(1).max(3) };

/** A passive ability has only passive effects, an activated one none. */
export function checkPassiveEffects(a: { passive: boolean; modes: readonly (readonly AbilityEffect[])[] }, ctx: z.RefinementCtx): void {
  for (const mode of a.modes) {
    for (const effect of mode) {
      if (a.passive !== PASSIVE_OPS.includes(effect.op)) {
        ctx.addIssue({ code: 'custom', message: `effect "${effect.op}" cannot be on a ${a.passive ? 'passive' : 'activated'} ability` });
      }
    }
  }
}

/** The effects whose `type` is a creature type (other effects' `types` lists are their targets' and matches'). */
const TYPE_NAMING_OPS: ReadonlySet<unknown> = new Set(['multiplyTypeHealth', 'typeHealth', 'defeatedToDeckBottom']);

/**
 * Every creature type an effect names (its `type`, or an entry of a target's `types`) must be a creature's type: a
 * misspelt one would match no card, silently.
 */
export function checkTypeNames(content: { creatures: readonly { type?: string }[] }, ctx: z.RefinementCtx): void {
  const known = new Set(content.creatures.flatMap((card) => (card.type === undefined ? [] : [card.type])));
  const typesText = known.size === 0 ? 'no creature has a type' : `the types are ${[...known].map((t) => `"${t}"`).join(', ')}`;
  const check = (type: unknown, path: PropertyKey[]) => {
    if (typeof type === 'string' && !known.has(type)) ctx.addIssue({ code: 'custom', path, message: `"${type}" is no creature's type; ${typesText}` });
  };
  const visit = (node: unknown, path: PropertyKey[]): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((element, index) => visit(element, [...path, index]));
    const fields = node as Record<string, unknown>;
    if (TYPE_NAMING_OPS.has(fields.op)) check(fields.type, [...path, 'type']);
    if (Array.isArray(fields.types)) fields.types.forEach((type, index) => check(type, [...path, 'types', index]));
    for (const [key, value] of Object.entries(fields)) visit(value, [...path, key]);
  };
  visit(content, []);
}

const ability = z.strictObject({ ...cardBase, adventurer: z.enum(ADVENTURERS), ...abilityFields }).superRefine(checkPassiveEffects);
export type AbilityCard = z.infer<typeof ability>;

export const setawatchContentSchema = z
  .strictObject({
    game: z.literal('setawatch'),
    description: z.string().optional(),
    creatures: z.array(creature).min(1),
    unhallowed: z.array(unhallowed).min(1),
    locations: z.array(location).min(1),
    adventurers: z.array(adventurer).min(4),
    abilities: z.array(ability).min(1),
  })
  .superRefine((c, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    // The party and the ability cards name adventurers by id. Names of creatures, Unhallowed, locations and ability
    // cards are looked up by no one (a power's `match.names` takes every card of the name), so they may repeat.
    refuseDuplicates(ctx, [['adventurers', c.adventurers]], 'id', 'the party and the ability cards name adventurers by id');
    const baseFinals = c.locations.filter((l) => l.kind === 'final' && l.set === 'base');
    if (baseFinals.length === 0) issue('the base set needs a final location');
    for (const adventurer of c.adventurers) {
      const cards = c.abilities.filter((a) => a.adventurer === adventurer.id).length;
      if (cards < 3) issue(`adventurer ${adventurer.id} needs at least 3 ability cards, has ${cards}`);
    }
    if (!c.creatures.some((card) => card.kind === 'summon')) issue('there must be a summon card');
    checkTypeNames(c, ctx);
  });

export type SetawatchContent = z.infer<typeof setawatchContentSchema>;

/** How many physical cards each entry stands for (a creature entry is one card per printed health). */
function cardCount(card: object): number {
  return 'health' in card && Array.isArray(card.health) ? card.health.length : 1;
}

/**
 * A `sets` value as the setting lists it: the sets joined by '+' in the order of CONTENT_SETS, base first. Commas
 * join them too, in any order, and base may go unsaid ("preproduction,extra-locations").
 */
export function spellContentSets(text: string): string {
  const named = text.split(/[+,]/).map((name) => name.trim());
  const known = (name: string) => (CONTENT_SETS as readonly string[]).includes(name);
  if (!named.every(known) || new Set(named).size < named.length) return text;
  return CONTENT_SETS.filter((name) => name === 'base' || named.includes(name)).join('+');
}

/** The content sets a game with these settings plays (`sets=base+preproduction`). */
export function contentSets(settings: Settings): ContentSet[] {
  return String(settings.sets).split('+') as ContentSet[];
}

/** How many cards of the sets in play in any of the cells come from each source; adventurer boards count as cards. */
export function provenance(content: SetawatchContent, cells: readonly Settings[]): Provenance {
  const inPlay = new Set(cells.flatMap(contentSets));
  const bySource: Record<string, number> = {};
  let cards = 0;
  for (const card of [...content.creatures, ...content.unhallowed, ...content.locations, ...content.adventurers, ...content.abilities]) {
    if (!inPlay.has(card.set)) continue;
    const copies = cardCount(card);
    bySource[card.source] = (bySource[card.source] ?? 0) + copies;
    cards += copies;
  }
  return { cards, bySource };
}

export const setawatchContent: ContentSpec<SetawatchContent> = {
  schema: setawatchContentSchema as unknown as ContentSpec<SetawatchContent>['schema'],
  defaultFile: 'content/setawatch/base.json',
  provenance,
};
