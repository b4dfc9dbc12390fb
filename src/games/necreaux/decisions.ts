import type { RandomStream } from '../../core/rng.ts';
import type { Strategy } from '../../core/game.ts';

/**
 * The strategy interface: one method per decision the rules leave to the players. Every method gets a read-only
 * view of the live engine state (nothing is copied) and answers with a plain number or boolean; the engine checks
 * every answer and throws a StrategyError naming the strategy, the decision and the game seed when it is illegal.
 *
 * Card ids, agent indices and ability indices are small integers; `view.name(card)` and the kind constants
 * re-exported below make them readable. "The team" is the team acting now (see `split`, `isActing`).
 */

export { Kind, Op, Roll, Trigger } from './cards.ts';
export { TRAITS } from './content.ts';

/** Answers of `restAction`. */
export const Rest = { enable: 0, charge: 1, decline: 2 } as const;
/** `usesOn` of an ability that costs no charge. */
export const UNLIMITED_USES = 99;

export interface NecreauxView {
  // The game
  readonly agents: number;
  readonly players: number;
  readonly turn: number;
  readonly countdown: number;
  /** True when An Uncertain Ending is played: the countdown may sit at zero. */
  readonly uncertainEnding: boolean;
  readonly xp: number;
  /** The speed marker (0 while resting) and the draw marker. */
  readonly speed: number;
  readonly drawn: number;
  readonly deckSize: number;
  /** Cards left above the middle and the bottom pile of the set-up (public: the piles' sizes are known). */
  readonly cardsAboveMiddlePile: number;
  readonly cardsAboveBottomPile: number;
  readonly scientistsFound: boolean;
  readonly shuttleFound: boolean;
  /** The card ids of the Scientists and the Escape Shuttle. */
  readonly scientistsCard: number;
  readonly shuttleCard: number;
  /** The Sliding Wall split: whether the team is split, and which team acts now (0 main, 1 lost). */
  readonly split: boolean;
  readonly actingTeam: number;

  // The card being resolved, the monster being fought, the roll being made, the damage being dealt
  readonly currentCard: number;
  readonly monsterCv: number;
  readonly monsterHits: number;
  readonly monsterHealth: number;
  /** The roll in progress: its total with modifiers so far, its kind (Roll bits), and the total it must beat. */
  readonly rollTotal: number;
  /** The roll's total less its dice: its modifiers (negative where low rolls are good), which a reroll keeps. */
  readonly rollModifier: number;
  readonly rollKind: number;
  readonly rollAgent: number;
  /** Whether the roll in progress fails now (combat: below the CV, a miss; trait: below 10; speed test: per the trap). */
  readonly rollFails: boolean;
  /**
   * Whether the roll in progress ties (combat only: equal to the CV, neither a hit nor a miss; "Ties do nothing").
   * A roll's own abilities are offered while it fails or ties; whether a tie is worth a reroll is the strategy's call.
   */
  readonly rollTies: boolean;
  /** The damage still to deal in the damage being assigned. */
  readonly damageLeft: number;

  // Agents
  isAlive(agent: number): boolean;
  /** Alive and on the acting team. */
  isActing(agent: number): boolean;
  actingCount(): number;
  /** Hearts left: 2 per face-up skill card, 1 per face-down one. */
  health(agent: number): number;
  /** Damage the agent has prevented ahead of the point about to land on it (bought but not yet used). */
  preventionHeld(agent: number): number;
  /** The agent's passive bonus to rolls of this kind (Roll bits), parasite penalties included. */
  passiveBonus(agent: number, rollKind: number): number;
  skillCount(agent: number): number;
  skillAt(agent: number, index: number): number;
  /** Items, secret caches and special cards the agent holds. */
  heldCount(agent: number): number;
  heldAt(agent: number, index: number): number;
  parasiteCount(agent: number): number;
  traitTally(agent: number, trait: number): number;
  xpCost(agent: number): number;
  holderOf(card: number): number;

  // Cards
  name(card: number): string;
  kind(card: number): number;
  cv(card: number): number;
  /** A Sliding Wall trap (failing its speed test splits the team, which the rulebook's Clue #5 says helps). */
  isSlidingWall(card: number): boolean;
  /** A trap's `damageShortfall` fail effect: 1 damage per this many points its roll falls short of the speed (0: none). */
  shortfallPer(card: number): number;
  /** A trap's `countdownShortfall` fail effect: 1 countdown step per this many points its roll falls short (0: none). */
  countdownShortfallPer(card: number): number;
  /** A trap whose speed test every acting agent rolls (each failing agent suffers the fail text). */
  eachRolls(card: number): boolean;
  /** A trap with a speed test (a trap without one always suffers its fail text). */
  hasSpeedTest(card: number): boolean;
  /** A trap whose speed test fails on a roll above the speed (else below it). */
  failsAboveSpeed(card: number): boolean;
  /** Adventure cards of the content: card ids 0 to adventureCount - 1. */
  readonly adventureCount: number;
  /**
   * The players have not seen the card: it is in the adventure deck (where is not known) or was taken out unseen (No
   * Time To Waste at random), which they cannot tell apart.
   */
  unseen(card: number): boolean;
  /**
   * The pile (0 top, 1 middle, 2 bottom) a How To Play deck stacked this adventure card in, which the players know
   * from its number (A-1 to A-25 on top ...); -1 where the deck was shuffled before it was split.
   */
  knownPile(card: number): number;
  lootValue(card: number): number;
  isFaceDown(card: number): boolean;
  /** Face-up and not neutralized, or unstoppable: the card's text and traits count. */
  isActive(card: number): boolean;
  chargesOn(card: number): number;
  startCharges(card: number): number;
  lootSize(): number;
  lootAt(index: number): number;
  poolSize(): number;
  poolAt(index: number): number;
  handSize(owner: number): number;
  handAt(owner: number, index: number): number;

  // Abilities
  abilityCard(ability: number): number;
  abilityOp(ability: number): number;
  /** Whether one of the card's abilities has this op. */
  cardHasOp(card: number, op: number): boolean;
  /** The card is active and one of its abilities with this op is affordable now (its charges cover the cost). */
  canAffordOp(card: number, op: number): boolean;
  /**
   * How many times the card's charges pay for an ability with this op that acts on adventure cards of this kind (its
   * `on` list): the most over its abilities; 0 when the card is not active; UNLIMITED_USES for one that costs nothing.
   */
  usesOn(card: number, op: number, kind: number): number;
  /** The card is active and holds a reroll or a bonus its holder may take on its own roll of this kind (Roll bits) now. */
  canImproveRoll(card: number, rollKind: number): boolean;
  abilityAmount(ability: number): number;
  abilityCost(ability: number): number;

  // Legality, shared with the engine's checks
  /** The team may put the next point of damage on this agent. */
  canDamageAgent(agent: number): boolean;
  /** The next point of damage on this agent may go to this skill card. */
  canDamageCard(agent: number, card: number): boolean;
  /** The team can enable this card (a disabled skill card on the team). */
  canEnable(card: number): boolean;
  /** The team can put a charge from `source` (-1: none) on this card. */
  canCharge(card: number, source: number): boolean;
  /** This item can be moved between agents in a rest. */
  canTransfer(card: number): boolean;
  /** A card can be given to this agent (alive, on the team). */
  canHold(agent: number): boolean;

  /** The strategy's own random stream (the engine's `strategy` stream, reseeded per game). */
  readonly strategyRandom: RandomStream;
}

export interface NecreauxStrategy extends Strategy {
  // Agent creation and set-up
  /** Deal-4-keep-3: the card of hand(agent) that goes to the skill pool. */
  keepSkills(view: NecreauxView, agent: number): number;
  /** The skill pool swap: a pool card to take, or -1 to keep the agent as it is. */
  poolSwap(view: NecreauxView, agent: number): number;
  /** The agent's skill card that goes to the pool in exchange for `taken`. */
  swapOut(view: NecreauxView, agent: number, taken: number): number;
  /** Silent draft: the card of hand(agent) the agent keeps. */
  draftPick(view: NecreauxView, agent: number): number;
  /** Solo Bonus: which of the two drawn skill cards the agent keeps. */
  soloBonusKeep(view: NecreauxView, first: number, second: number): number;
  /** No Time To Waste, dealt: the card of hand(player) the player puts back in the adventure deck. */
  returnCard(view: NecreauxView, player: number): number;

  // Each turn
  /** At turn start: an agent to give a skill card for xpCost(agent) XP, or -1 to stop spending. */
  spendXp(view: NecreauxView, maxXp: number): number;
  /**
   * Explore at this speed (1 to MAX_SPEED, 200), or 0 to rest. The draws stop when the deck is empty, but speed tests
   * are still rolled against the speed chosen.
   */
  chooseSpeed(view: NecreauxView): number;
  /** Use this ability now (it costs charges or discards its card)? Asked again after each use. */
  useAbility(view: NecreauxView, ability: number): boolean;
  /** The card that gains a charge (from `source`, or -1 when the charge comes from an effect). */
  chargeTarget(view: NecreauxView, source: number): number;
  /** A disabled card to enable, or -1 to stop. */
  enableTarget(view: NecreauxView): number;
  /** The agent who draws a skill card. */
  skillRecipient(view: NecreauxView): number;
  /** Peek: put this card (the top of those looked at) on the bottom of the adventure deck? */
  peekToBottom(view: NecreauxView, card: number): boolean;
  /** The agent who receives this item, secret cache or special card. */
  chooseHolder(view: NecreauxView, card: number): number;

  // Combat
  /** Fight the next round (true) or flee (false). */
  fight(view: NecreauxView): boolean;
  /** A Monster Loot card to claim, or -1 to stop. */
  lootPick(view: NecreauxView, left: number): number;
  /** The skill card on the team the parasite attaches to. */
  parasiteHost(view: NecreauxView, parasite: number): number;

  // Damage, point by point
  damageAgent(view: NecreauxView): number;
  damageCard(view: NecreauxView, agent: number): number;

  // Tests
  speedTestRoller(view: NecreauxView): number;
  traitTestAgent(view: NecreauxView, trait: number): number;
  /** A failed trait test: the die (one of the two values rolled) that becomes the damage. */
  traitDamageDie(view: NecreauxView, first: number, second: number): number;
  /** A passed trait test: enable all the agent's cards and draw a skill card? */
  claimTraitReward(view: NecreauxView, agent: number): boolean;

  // Rest
  restAction(view: NecreauxView, agent: number): number;
  /** The agent's card to enable (Rest.enable) or to charge (Rest.charge). */
  restTarget(view: NecreauxView, agent: number, action: number): number;
  /** An item to move to another agent, or -1 to stop. */
  transferItem(view: NecreauxView): number;
  /** The top card drawn in a rest: resolve it at speed 0 (true) or discard it. */
  resolveRestDraw(view: NecreauxView, card: number): boolean;

  // Escape and the Sliding Wall
  /** Just before the countdown moves, with the Escape Shuttle: end the game now? */
  escape(view: NecreauxView): boolean;
  /** Sliding Wall: the lost team, as a bit mask of acting agents (not empty, not all). */
  splitTeam(view: NecreauxView): number;
  /**
   * At the end of a split team's turn: lose an extra countdown step to regroup? Asked before the escape, which is
   * then offered with the teams as they stand; taking off means the step is never lost, so there is no regroup.
   */
  regroup(view: NecreauxView): boolean;
}

/** The names of the decisions, as used in StrategyError messages and logs. */
export type DecisionName = Exclude<keyof NecreauxStrategy, keyof Strategy>;

/** What a decision's answer is (a card, an agent, or a plain value), for the replay's log. */
export type AnswerKind = 'card' | 'agent' | 'value';

/**
 * Every decision of the interface with the kind of its answer; the Record type keeps the list complete, so it also
 * serves the check of a user's strategy.
 */
export const ANSWER_KINDS: Record<DecisionName, AnswerKind> = {
  keepSkills: 'card',
  poolSwap: 'card',
  swapOut: 'card',
  draftPick: 'card',
  soloBonusKeep: 'card',
  returnCard: 'card',
  spendXp: 'agent',
  chooseSpeed: 'value',
  useAbility: 'value',
  chargeTarget: 'card',
  enableTarget: 'card',
  skillRecipient: 'agent',
  peekToBottom: 'value',
  chooseHolder: 'agent',
  fight: 'value',
  lootPick: 'card',
  parasiteHost: 'card',
  damageAgent: 'agent',
  damageCard: 'card',
  speedTestRoller: 'agent',
  traitTestAgent: 'agent',
  traitDamageDie: 'value',
  claimTraitReward: 'value',
  restAction: 'value',
  restTarget: 'card',
  transferItem: 'card',
  resolveRestDraw: 'value',
  escape: 'value',
  splitTeam: 'value',
  regroup: 'value',
};
export const STRATEGY_METHODS = Object.keys(ANSWER_KINDS) as DecisionName[];

/** Where a card answer goes, where the decision's name does not say it (the replay's log adds it). */
export const CARD_DESTINATIONS: Partial<Record<DecisionName, string>> = {
  keepSkills: 'to the skill pool',
  swapOut: 'to the skill pool',
  poolSwap: 'from the skill pool',
  returnCard: 'back into the adventure deck',
};
