import { z } from 'zod';
import { refuseDuplicates } from '../../core/content-checks.ts';
import type { ContentSpec, Provenance } from '../../core/game.ts';

/**
 * The content file of The Island of Doctor Necreaux (2nd ed.): every card as data. Card effects are written in a
 * small typed vocabulary (`op`) that the engine interprets, so a user's own file can describe the printed cards.
 * Each card says where its data comes from: "printed" (read off a real card), "rulebook" (printed in the rulebook)
 * or "estimated" (invented to fill the gaps of the public record; see RULES.md); `estimatedValues` marks a card
 * whose name or text comes from its source but part of whose data is estimated.
 */

export const TRAITS = ['combat', 'heroic', 'psychic', 'tech'] as const;

/** Which rolls a roll modifier applies to; "speed" modifiers move a speed-test roll in the roller's favour. */
export const ROLL_KINDS = ['combat', 'speed', 'trait', 'any'] as const;
export const ADVENTURE_TYPES = ['monster', 'trap', 'event', 'room', 'item'] as const;

/** When an ability may be used (see RULES.md, "Abilities"). `anytime` = turnStart, draw, combat and rest. */
export const TRIGGERS = [
  'passive',
  'turnStart',
  'draw',
  'combat',
  'roll',
  'damage',
  'rest',
  'teammateDoubles',
  'anytime',
] as const;
export type TriggerName = (typeof TRIGGERS)[number];

const count = z.number().int().min(1).max(12);
const source = z.enum(['printed', 'rulebook', 'estimated']);

/** Effects printed on adventure cards (rooms, events, traps). "The team" is the team resolving the card. */
const cardEffect = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('damage'), amount: count }), // the team (or the failing agent of an each-roll test) takes damage
  z.strictObject({ op: z.literal('damageEach'), amount: count }), // every agent on the team takes damage
  z.strictObject({ op: z.literal('damageRoll'), dice: count }), // the team takes damage equal to a roll of `dice` dice
  // A too-fast trap's fail text only: 1 damage per `per` points (rounded up) the roll fell short of the speed, to the
  // team (to the failing agent of an each-roll test). A cost that keeps growing with the speed above 12.
  z.strictObject({ op: z.literal('damageShortfall'), per: count }),
  // The same, paid in time: 1 countdown step per `per` points (rounded up) the roll fell short of the speed.
  z.strictObject({ op: z.literal('countdownShortfall'), per: count }),
  z.strictObject({ op: z.literal('xp'), amount: count }),
  z.strictObject({ op: z.literal('countdown'), steps: z.number().int().min(-5).max(5).refine((s) => s !== 0) }),
  z.strictObject({ op: z.literal('rest') }), // a full rest action, top-card draw included
  z.strictObject({ op: z.literal('enable'), count }), // the team enables up to `count` disabled cards
  z.strictObject({ op: z.literal('charge'), count }), // the team gains `count` charges on cards of its choice
  z.strictObject({ op: z.literal('drawSkill'), count }), // an agent of the team's choice draws skill cards
  z.strictObject({ op: z.literal('peek'), count }), // look at the top cards; put any of them on the bottom
  z.strictObject({ op: z.literal('drawAdventure'), count }), // draw and resolve more cards (draw marker unchanged)
  z.strictObject({ op: z.literal('endTurn') }),
  z.strictObject({ op: z.literal('delay'), dice: count.default(2) }), // delay this card (glossary: Delay)
  z.strictObject({ op: z.literal('neutralize'), count }), // random active skill cards of the team are blank this turn
  z.strictObject({ op: z.literal('discardLoot') }),
  z.strictObject({ op: z.literal('takeLoot'), count }),
  z.strictObject({ op: z.literal('slidingWall') }), // split the team, or regroup when already split
]);
export type CardEffect = z.infer<typeof cardEffect>;

/** Effects of abilities (skills, items, specials, caches): the card effects plus roll, damage and combat effects. */
const abilityEffect = z.discriminatedUnion('op', [
  ...cardEffect.options,
  z.strictObject({ op: z.literal('rollBonus'), amount: z.number().int().min(-6).max(6), roll: z.enum(ROLL_KINDS) }),
  z.strictObject({ op: z.literal('reroll'), roll: z.enum(ROLL_KINDS) }),
  z.strictObject({ op: z.literal('extraDie'), roll: z.enum(['combat', 'trait']) }), // roll 3 dice, keep the best 2
  z.strictObject({ op: z.literal('preventDamage'), amount: count }), // to the card's agent
  z.strictObject({ op: z.literal('monsterHit'), amount: count }), // hit tokens on the monster being fought
  z.strictObject({ op: z.literal('evadeMonster') }), // discard the monster: no loot, no XP, the turn goes on
  z.strictObject({ op: z.literal('avoidCard') }), // discard the drawn card without resolving it
  z.strictObject({ op: z.literal('destroyCard') }), // destroy the current adventure card, else a parasite on the team
  z.strictObject({ op: z.literal('chargeSelf'), amount: count }),
]);
export type AbilityEffect = z.infer<typeof abilityEffect>;

/** Triggers each effect makes sense in; anything else is rejected when the file is loaded. */
const TRIGGERS_OF: Readonly<Record<string, readonly TriggerName[]>> = {
  rollBonus: ['passive', 'roll', 'combat'],
  reroll: ['roll'],
  extraDie: ['passive'],
  preventDamage: ['damage'],
  monsterHit: ['combat'],
  evadeMonster: ['combat'],
  avoidCard: ['draw'],
  destroyCard: ['draw', 'combat', 'turnStart', 'anytime'],
  slidingWall: [],
  delay: ['draw'],
  damage: [],
  damageEach: [],
  damageRoll: [],
  damageShortfall: [],
  countdownShortfall: [],
};

const ability = z
  .strictObject({
    trigger: z.enum(TRIGGERS),
    cost: z.strictObject({ charges: z.number().int().min(0).max(6).default(0), discardSelf: z.boolean().default(false) }).default({ charges: 0, discardSelf: false }),
    /** For `draw` abilities: the adventure card types the ability applies to (all when absent). */
    on: z.array(z.enum(ADVENTURE_TYPES)).optional(),
    effect: abilityEffect,
    text: z.string().optional(),
  })
  .superRefine((a, ctx) => {
    const allowed = TRIGGERS_OF[a.effect.op];
    const passiveOnly = a.effect.op === 'rollBonus' || a.effect.op === 'extraDie';
    if (allowed !== undefined && !allowed.includes(a.trigger)) {
      ctx.addIssue({ code: 'custom', message: `effect "${a.effect.op}" cannot trigger on "${a.trigger}"` });
    } else if (allowed === undefined && a.trigger === 'passive') {
      ctx.addIssue({ code: 'custom', message: `effect "${a.effect.op}" cannot be passive` });
    }
    if (a.trigger === 'passive' && passiveOnly && (a.cost.charges > 0 || a.cost.discardSelf)) {
      ctx.addIssue({ code: 'custom', message: 'a passive ability has no cost' });
    }
  });
export type Ability = z.infer<typeof ability>;

const traits = z.array(z.enum(TRAITS)).max(8).default([]);
const cardBase = {
  name: z.string().min(1),
  source,
  /**
   * The card is named (or described) by its source but not all of its data is: the rulebook prints the twelve
   * pre-made skills' names, yet their traits, charges and effects are estimated; it prints one Secret Cache text,
   * which the other three caches are assumed to carry; it prints the Sliding Wall's text, not its number or red text.
   * `provenance()` counts such cards separately, so a report never presents estimated values as printed.
   */
  estimatedValues: z.boolean().optional(),
  notes: z.string().optional(),
  text: z.string().optional(),
};

const monster = z.strictObject({
  ...cardBase,
  type: z.literal('monster'),
  cv: z.number().int().min(0).max(13),
  loot: z.number().int().min(0).max(6),
  keywords: z
    .strictObject({
      boost: z.enum(TRAITS).optional(),
      brutal: z.number().int().min(2).max(6).optional(),
      chaoticDamage: z.boolean().optional(),
      chaoticTargets: z.boolean().optional(),
      durable: z.number().int().min(2).max(4).optional(),
      explosive: z.boolean().optional(),
      /** Parasite: its penalty to the rolls of the agent it is attached to. */
      parasite: z.strictObject({ roll: z.enum(ROLL_KINDS), amount: z.number().int().min(1).max(6) }).optional(),
      relentless: z.number().int().min(1).max(6).optional(),
      stun: z.boolean().optional(),
      swarming: z.boolean().optional(),
    })
    .default({}),
});

const trap = z.strictObject({
  ...cardBase,
  type: z.literal('trap'),
  /** A speed test: who rolls, and which side of the speed fails. Without it the fail effects always happen. */
  test: z.strictObject({ roll: z.enum(['team', 'each']), failWhen: z.enum(['belowSpeed', 'aboveSpeed']) }).optional(),
  fail: z.array(cardEffect).default([]),
  pass: z.array(cardEffect).default([]),
  /** The fail text is red: triggering it gains 1 XP. */
  redText: z.boolean().default(true),
});

const event = z.strictObject({
  ...cardBase,
  type: z.literal('event'),
  effects: z.array(cardEffect).default([]),
  /** A trait test, resolved after the effects. */
  test: z.strictObject({ trait: z.enum(TRAITS) }).optional(),
});

const room = z.strictObject({ ...cardBase, type: z.literal('room'), effects: z.array(cardEffect).min(1) });

const cardKeywords = z
  .strictObject({ unstoppable: z.boolean().optional(), irreplaceable: z.boolean().optional(), soloBonus: z.boolean().optional() })
  .default({});

const item = z.strictObject({
  ...cardBase,
  type: z.literal('item'),
  traits,
  startCharges: z.number().int().min(0).max(6).default(0),
  abilities: z.array(ability).default([]),
  keywords: cardKeywords,
});

const adventureCard = z
  .discriminatedUnion('type', [monster, trap, event, room, item])
  .and(z.strictObject({ id: z.string().regex(/^A-\d+$/, 'adventure ids are A-<number>') }));
export type AdventureCard = z.infer<typeof adventureCard>;

const holdable = {
  ...cardBase,
  id: z.string().min(1),
  traits,
  startCharges: z.number().int().min(0).max(12).default(0),
  abilities: z.array(ability).default([]),
};

const special = z.strictObject({ ...holdable, type: z.enum(['scientists', 'shuttle']) });

const cache = z.strictObject({ ...holdable, type: z.literal('cache') });

const skill = z.strictObject({ ...holdable, type: z.literal('skill'), keywords: cardKeywords });

export const necreauxContentSchema = z
  .strictObject({
    game: z.literal('necreaux'),
    description: z.string().optional(),
    adventure: z.array(adventureCard).min(9).max(200),
    specials: z.array(special).length(2),
    caches: z.array(cache).max(8),
    skills: z.array(skill).min(3).max(120),
    /** The How To Play pre-made agents: skill names per agent, in player order. */
    premade: z.array(z.array(z.string()).length(3)).min(1).max(5),
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    // Card ids are one name space; skills are named by the pre-made sets. Adventure cards and caches share names
    // (two Sliding Walls, four Secret Caches): no one looks them up by name.
    refuseDuplicates(ctx, [['adventure', c.adventure], ['specials', c.specials], ['caches', c.caches], ['skills', c.skills]], 'id');
    refuseDuplicates(ctx, [['skills', c.skills]], 'name', 'the pre-made sets name skills by name');
    refuseDuplicates(ctx, c.premade.map((set, i) => [['premade', i], set] as const), undefined, 'a skill card starts with one agent only');
    if (c.specials.length === 2 && c.specials[0].type === c.specials[1].type) issue(['specials'], 'specials must be one scientists and one shuttle card');
    const skillNames = new Set(c.skills.map((s) => s.name));
    c.premade.forEach((set, agent) =>
      set.forEach((name, place) => {
        if (!skillNames.has(name)) issue(['premade', agent, place], `premade skill "${name}" is not a skill card`);
      }),
    );
    c.adventure.forEach((card, index) => {
      const problem = shortfallProblem(card);
      if (problem !== null) issue(['adventure', index], `${card.id}: ${problem}`);
    });
  });

/**
 * `damageShortfall` and `countdownShortfall` measure how far a roll fell short of the speed, so they belong only in the
 * fail text of a trap whose speed test fails below the speed (a too-fast test): anywhere else there is no such roll.
 */
function shortfallProblem(card: AdventureCard): string | null {
  const shortfallOp = (list: readonly CardEffect[]) => list.find((e) => e.op === 'damageShortfall' || e.op === 'countdownShortfall')?.op;
  if (card.type === 'trap') {
    const inPass = shortfallOp(card.pass);
    if (inPass !== undefined) return `${inPass} belongs in the fail text, not the pass text`;
    const inFail = shortfallOp(card.fail);
    if (inFail !== undefined && card.test?.failWhen !== 'belowSpeed') return `${inFail} needs a speed test that fails below the speed (a too-fast test)`;
    return null;
  }
  const inEffects = card.type === 'event' || card.type === 'room' ? shortfallOp(card.effects) : undefined;
  return inEffects === undefined ? null : `${inEffects} is a too-fast trap's fail effect only`;
}

export type NecreauxContent = z.infer<typeof necreauxContentSchema>;

/** The provenance label of cards whose source gives their name or text but not all of their data. */
export const ESTIMATED_VALUES_LABEL = 'in part estimated';

/** How many cards of the file come from each source (a source's cards in part estimated under their own label). */
export function provenance(content: NecreauxContent): Provenance {
  const bySource: Record<string, number> = {};
  const cards = [...content.adventure, ...content.specials, ...content.caches, ...content.skills];
  for (const card of cards) {
    const label = card.estimatedValues === true && card.source !== 'estimated' ? `${card.source} ${ESTIMATED_VALUES_LABEL}` : card.source;
    bySource[label] = (bySource[label] ?? 0) + 1;
  }
  return { cards: cards.length, bySource };
}

/** The adventure-card number of an id such as "A-17". */
export function adventureNumber(id: string): number {
  return Number(id.slice(2));
}

export const necreauxContent: ContentSpec<NecreauxContent> = {
  schema: necreauxContentSchema,
  defaultFile: 'content/necreaux/reference.json',
  provenance,
};
