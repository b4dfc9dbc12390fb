import { z } from 'zod';
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

const itemEffect = z.discriminatedUnion('op', [
  /** Passive: + to the holder's attack rolls in a phase. */
  z.object({ op: z.literal('attackBonus'), phase: z.enum(PHASE_OR_ANY), amount: small }),
  /** Passive: + to the holder's defence rolls in a phase. */
  z.object({ op: z.literal('defenseBonus'), phase: z.enum(PHASE_OR_ANY), amount: small }),
  /** Passive: + to the wounds the holder inflicts in a phase. */
  z.object({ op: z.literal('damageBonus'), phase: z.enum(PHASE_OR_ANY), amount: small }),
  /** Before combat, discard: the opponent takes `wounds`, unless it passes the test (2d10 + attribute >= difficulty). */
  z.object({
    op: z.literal('bomb'),
    wounds: small,
    test: z.object({ attribute: z.enum(ATTRIBUTES), difficulty: z.number().int().min(2).max(40) }).optional(),
  }),
  /** Before combat, take `exhaust` exhaustion: for the rest of the combat, when the holder takes wounds in `phase`, the opponent takes `amount`. */
  z.object({ op: z.literal('reflect'), phase: z.enum(PHASES), amount: small, exhaust: z.number().int().min(0).max(6) }),
  /** Before a combat round, discard: heal `amount` wounds. */
  z.object({ op: z.literal('heal'), amount: small }),
  /** Before a combat round, take `exhaust` exhaustion: + `amount` to the holder's attack roll this round. */
  z.object({ op: z.literal('surge'), amount: small, exhaust: z.number().int().min(0).max(6) }),
  /** Movement only (a Giant Lord cannot use it): travelling to a town takes `turns` fewer turns (never under 1). */
  z.object({ op: z.literal('travel'), turns: small }),
  /** Ally only: absorbs the holder's wounds until it has taken `life` of them, then dies (is discarded). */
  z.object({ op: z.literal('shield'), life: small }),
]);
export type ItemEffect = z.infer<typeof itemEffect>;
export const ACTIVATED_OPS: readonly ItemEffect['op'][] = ['bomb', 'reflect', 'heal', 'surge'];

const item = z
  .object({
    ...cardBase,
    kind: z.enum(['item', 'ally']),
    cost: z.number().int().min(0).max(30),
    /** Copies in the market deck the occupied towns' stacks are dealt from (0: only a hero's starting kit). */
    copies: z.number().int().min(0).max(12).default(1),
    effects: z.array(itemEffect).default([]),
  })
  .superRefine((card, ctx) => {
    if (card.effects.filter((effect) => ACTIVATED_OPS.includes(effect.op)).length > 1) {
      ctx.addIssue({ code: 'custom', message: `item "${card.name}" has more than one activated effect (bomb, reflect, heal, surge)` });
    }
    for (const effect of card.effects) {
      if ((effect.op === 'shield') !== (card.kind === 'ally') && (effect.op === 'shield' || card.kind === 'ally')) {
        ctx.addIssue({ code: 'custom', message: `"${card.name}": a shield effect belongs on an ally, and an ally has only a shield` });
      }
    }
  });
export type ItemCard = z.infer<typeof item>;

const giantLord = z.object({
  ...cardBase,
  ranged: line,
  melee: line,
  magic: line,
  life: z.number().int().min(1).max(30),
  stamina: z.number().int().min(0).max(12).default(0),
  /** Gold the liberating hero takes (the card's listed reward). */
  rewardGold: z.number().int().min(0).max(20).default(0),
  noEscape: z.boolean().default(false),
});
export type GiantLordCard = z.infer<typeof giantLord>;

const hero = z.object({
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
export type HeroCard = z.infer<typeof hero>;

const town = z.object({ ...cardBase });

export const kyrosContentSchema = z
  .object({
    game: z.literal('kyros'),
    description: z.string().optional(),
    /** Giant Lords defeated in normal play before the endgame begins (the rule: the eighth defeat starts it). */
    defeatedBeforeEndgame: z.number().int().min(0).max(20).default(8),
    towns: z.array(town).min(7).max(12),
    giantLords: z.array(giantLord).min(2).max(40),
    heroes: z.array(hero).min(6).max(40),
    items: z.array(item).min(1).max(200),
  })
  .superRefine((c, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    const names = new Set(c.items.map((card) => card.name));
    for (const h of c.heroes) for (const carried of h.items) if (!names.has(carried)) issue(`hero "${h.name}" carries unknown item "${carried}"`);
    if (c.giantLords.length < c.defeatedBeforeEndgame + 2) {
      issue(`${c.giantLords.length} Giant Lords cannot occupy even 2 towns after ${c.defeatedBeforeEndgame} were defeated before the endgame`);
    }
  });

export type KyrosContent = z.infer<typeof kyrosContentSchema>;

export function provenance(content: KyrosContent): Provenance {
  const bySource: Record<string, number> = {};
  let cards = 0;
  const add = (source: string, copies: number) => {
    bySource[source] = (bySource[source] ?? 0) + copies;
    cards += copies;
  };
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
