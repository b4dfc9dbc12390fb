import { z } from 'zod';
import { refuseDuplicates } from '../../core/content-checks.ts';
import type { ContentSpec, Provenance } from '../../core/game.ts';

/**
 * The content file of the Scepter of Kyros endgame: towns in occupation order, Giant Lords, heroes as they stand at
 * the start of the endgame, and the market deck (items and allies). Item effects are written in a small typed
 * vocabulary (`op`) the engine interprets, so a user's file can describe the printed cards. Every card says where its
 * data comes from ("printed": read off a card; "rulebook": printed in the rulebook; "estimated": see RULES.md) and
 * why (`reasoning`).
 */

export const SOURCES = ['printed', 'rulebook', 'estimated'] as const;
export const PHASES = ['ranged', 'melee', 'magic'] as const;
export const PHASE_OR_ANY = ['ranged', 'melee', 'magic', 'any'] as const;
/** Attribute names for tests: Mind goes with Ranged, Body with Melee, Spirit with Magic. */
export const ATTRIBUTES = ['mind', 'body', 'spirit'] as const;

const name = z.string().min(1);
const cardBase = { name, source: z.enum(SOURCES), reasoning: z.string().optional(), text: z.string().optional() };
/** A combat value and its damage, as printed "value/damage". */
const line = z.tuple([z.number().int().min(0).max(40), z.number().int().min(0).max(12)]);
const small = z.number().int().min(1).max(12);

const passiveBonuses = [
  /** Passive: + to the holder's attack rolls in a phase. */
  z.strictObject({ op: z.literal('attackBonus'), phase: z.enum(PHASE_OR_ANY), amount: small }),
  /** Passive: + to the holder's defence rolls in a phase. */
  z.strictObject({ op: z.literal('defenseBonus'), phase: z.enum(PHASE_OR_ANY), amount: small }),
  /** Passive: + to the wounds the holder inflicts in a phase. */
  z.strictObject({ op: z.literal('damageBonus'), phase: z.enum(PHASE_OR_ANY), amount: small }),
] as const;
/** Wounds to the opponent unless it passes the test (2d10 + attribute >= difficulty); no test: always. */
const woundsUnlessTest = {
  wounds: small,
  test: z.strictObject({ attribute: z.enum(ATTRIBUTES), difficulty: z.number().int().min(2).max(40) }).optional(),
};

const itemEffect = z.discriminatedUnion('op', [
  ...passiveBonuses,
  /** Before combat, discard: the opponent takes `wounds`, unless it passes the test. */
  z.strictObject({ op: z.literal('bomb'), ...woundsUnlessTest }),
  /** Before combat, take `exhaust` exhaustion: for the rest of the combat, when the holder takes wounds in `phase`, the opponent takes `amount`. */
  z.strictObject({ op: z.literal('reflect'), phase: z.enum(PHASES), amount: small, exhaust: z.number().int().min(0).max(6) }),
  /** Before a combat round, discard: heal `amount` wounds. */
  z.strictObject({ op: z.literal('heal'), amount: small }),
  /**
   * Before a combat round, take `exhaust` exhaustion: + `amount` to the holder's attack roll this round (a Giant
   * Lord's attacks are the hero's two defence rolls: both targets rise, RULES.md judgement 14).
   */
  z.strictObject({ op: z.literal('surge'), amount: small, exhaust: z.number().int().min(0).max(6) }),
  /** Movement only (a Giant Lord cannot use it): travelling to a town takes `turns` fewer turns (never under 1). */
  z.strictObject({ op: z.literal('travel'), turns: small }),
]);
export type ItemEffect = z.infer<typeof itemEffect>;
export const ACTIVATED_OPS: readonly ItemEffect['op'][] = ['bomb', 'reflect', 'heal', 'surge'];

/** A Giant Lord card's own abilities: passive ones, and a Before Combat effect that resolves every round before its items. */
const lordAbility = z.discriminatedUnion('op', [
  ...passiveBonuses,
  /** Passive: whenever the Lord takes wounds from a combat roll in `phase`, the hero takes `amount`. */
  z.strictObject({ op: z.literal('reflect'), phase: z.enum(PHASES), amount: small }),
  /** Before Combat, every round: the hero takes `wounds` unless it passes the test. */
  z.strictObject({ op: z.literal('strike'), ...woundsUnlessTest }),
]);
export type LordAbility = z.infer<typeof lordAbility>;

const market = {
  ...cardBase,
  cost: z.number().int().min(0).max(30),
  /** Copies in the market deck the occupied towns' stacks are dealt from (0: only a hero's starting kit). */
  copies: z.number().int().min(0).max(12).default(1),
};
const item = z.strictObject({ ...market, kind: z.literal('item'), effects: z.array(itemEffect).default([]) });
/** An ally fights beside the hero: in a phase the hero would defend in, it may attack instead (its own value/damage, its own Life). */
const ally = z.strictObject({ ...market, kind: z.literal('ally'), ranged: line, melee: line, magic: line, life: small });
const marketCard = z.discriminatedUnion('kind', [item, ally]);

const giantLord = z.strictObject({
  ...cardBase,
  ranged: line,
  melee: line,
  magic: line,
  life: z.number().int().min(1).max(30),
  stamina: z.number().int().min(0).max(12).default(0),
  /** Gold the liberating hero takes (the card's listed reward). */
  rewardGold: z.number().int().min(0).max(20).default(0),
  noEscape: z.boolean().default(false),
  abilities: z.array(lordAbility).default([]),
});

const hero = z.strictObject({
  ...cardBase,
  ranged: line,
  melee: line,
  magic: line,
  life: z.number().int().min(1).max(30),
  stamina: z.number().int().min(0).max(12),
  /** Level at the start of the endgame (first tie-break). */
  level: z.number().int().min(0).max(30),
  gold: z.number().int().min(0).max(99),
  /** Unspent adventure counters at the start of the endgame (third tie-break). */
  counters: z.number().int().min(0).max(20).default(0),
  /** Names of items (from `items`) the hero carries into the endgame. */
  items: z.array(name).max(8).default([]),
});

const town = z.strictObject({ ...cardBase });

export const kyrosContentSchema = z
  .strictObject({
    game: z.literal('kyros'),
    description: z.string().optional(),
    /** Giant Lords defeated in normal play before the endgame begins (the rule: the eighth defeat starts it). */
    defeatedBeforeEndgame: z.number().int().min(0).max(20).default(8),
    towns: z.array(town).min(7).max(12),
    giantLords: z.array(giantLord).min(2).max(40),
    heroes: z.array(hero).min(6).max(40),
    items: z.array(marketCard).min(1).max(200),
  })
  .superRefine((c, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    // A card of several copies says so (`copies`); a Giant Lord or a hero is one card, and two of one name would pass
    // the count of Lords or heroes a game needs.
    refuseDuplicates(ctx, [['items', c.items]], 'name', 'heroes carry items by name; more copies of a card are its `copies`');
    refuseDuplicates(ctx, [['giantLords', c.giantLords]], 'name');
    refuseDuplicates(ctx, [['heroes', c.heroes]], 'name');
    for (const card of c.items) {
      if (card.kind === 'item' && card.effects.filter((effect) => ACTIVATED_OPS.includes(effect.op)).length > 1) {
        issue(`item "${card.name}" has more than one activated effect (bomb, reflect, heal, surge)`);
      }
    }
    for (const lord of c.giantLords) {
      for (const op of ['reflect', 'strike']) if (lord.abilities.filter((ability) => ability.op === op).length > 1) issue(`Giant Lord "${lord.name}" has more than one ${op} ability`);
    }
    const names = new Set(c.items.map((card) => card.name));
    for (const h of c.heroes) for (const carried of h.items) if (!names.has(carried)) issue(`hero "${h.name}" carries unknown item "${carried}"`);
    if (c.giantLords.length < c.defeatedBeforeEndgame + 2) {
      issue(`${c.giantLords.length} Giant Lords cannot occupy even 2 towns after ${c.defeatedBeforeEndgame} were defeated before the endgame`);
    }
  });

export type KyrosContent = z.infer<typeof kyrosContentSchema>;

/** How many entries of the file come from each source; a town counts as a card (its place in the occupation order). */
export function provenance(content: KyrosContent): Provenance {
  const bySource: Record<string, number> = {};
  let cards = 0;
  const add = (source: string, copies: number) => {
    bySource[source] = (bySource[source] ?? 0) + copies;
    cards += copies;
  };
  for (const town of content.towns) add(town.source, 1);
  for (const card of content.giantLords) add(card.source, 1);
  for (const card of content.heroes) add(card.source, 1);
  for (const card of content.items) add(card.source, Math.max(1, card.copies));
  return { cards, bySource };
}

export const kyrosContent: ContentSpec<KyrosContent> = {
  schema: kyrosContentSchema as unknown as ContentSpec<KyrosContent>['schema'],
  defaultFile: 'content/kyros/base.json',
  provenance,
};
