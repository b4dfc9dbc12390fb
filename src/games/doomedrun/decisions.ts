import type { Strategy } from '../../core/game.ts';
import type { RandomStream } from '../../core/rng.ts';
import type { RulesView, SetawatchStrategy } from '../setawatch/decisions.ts';
import type { SetawatchState } from '../setawatch/state.ts';
import type { CampaignState, RunTables } from './state.ts';

/**
 * Campaign decisions of Doomed Run. Like Set a Watch's, each is a pick from a list of legal options (here a list of
 * small integers whose meaning depends on the decision); the strategy answers an index, the engine checks it. The
 * Watch and camp decisions of every expedition go to the strategy's `watch` (a Set a Watch strategy).
 */
export const CampaignDecision = {
  /** Realm set-up: one more Party member (options: adventurer indices). */
  party: 0,
  /** After a death: the replacement (options: adventurer indices). */
  replacement: 1,
  /** Side Quest draw: the one to attempt (options: quest indices). */
  sideQuestKeep: 2,
  /** Side Quest draw: of the two left, the one to put back on top (the other leaves the Run). */
  sideQuestTop: 3,
  /** End of a Realm: the Warden (options: adventurer indices of the living Party). */
  warden: 4,
  /** Company below 4: a Warden who rejoins (options: adventurer indices; -1 = none). */
  recall: 5,
  /** Market: an Item to buy (options: item indices; -1 = stop buying). */
  purchase: 6,
  /** Who carries a new Item (options: seats). */
  holder: 7,
  /** Escalate Summons: raise the tier of one of the Run's Summon cards (options: its index) or add one (ESCALATE_ADD). */
  escalate: 8,
  /** Damage when an expedition is lost to a Summon: whose card is exhausted (options: seats). */
  lossExhaust: 9,
  /** A refresh (Boon, Side Quest): which Party member refreshes a card (options: seats). */
  refresh: 10,
  /** The Royal's Falcon, unused this round, before each Watch action (options: FALCON_HOLD or falconOption(position, die)). */
  falcon: 11,
  /** The Royal's Falcon, still unused, when the Watch ends and the Line is about to join the Horde (same options). */
  falconLast: 12,
  /**
   * Multi-Talented, when the Bard camps: the card one of his slots aside holds (options: Ability card ids; the first
   * is his own card there, kept; the others are the cards he may borrow). Asked once per slot aside.
   */
  borrow: 13,
  /** A Doomed Summon is revealed: gain its Doom or exhaust as many cards (options: +n = gain n Doom, −n = exhaust n cards). */
  doomOrExhaust: 14,
} as const;
export type CampaignDecisionKind = (typeof CampaignDecision)[keyof typeof CampaignDecision];
export const CAMPAIGN_DECISION_NAMES = ['party', 'replacement', 'sideQuestKeep', 'sideQuestTop', 'warden', 'recall', 'purchase', 'holder', 'escalate', 'lossExhaust', 'refresh', 'falcon', 'falconLast', 'borrow', 'doomOrExhaust'] as const;


/** The Escalate Summons option that adds a Summon card (the others are indices of the Run's Summon cards). */
export const ESCALATE_ADD = 8;

/** Falcon options: hold the Falcon this time, or strike the Line position with 4 damage plus a die (-1 = none). */
export const FALCON_HOLD = -1;
const FALCON_STRIDE = 64;
export function falconOption(position: number, die: number): number {
  return position * FALCON_STRIDE + die + 1;
}
export function falconTarget(option: number): number {
  return Math.floor(option / FALCON_STRIDE);
}
export function falconDie(option: number): number {
  return (option % FALCON_STRIDE) - 1;
}

export interface CampaignView {
  readonly run: CampaignState;
  /** The Set a Watch state of the expedition (ability cards by seat, fire, piles). */
  readonly state: SetawatchState;
  readonly tables: RunTables;
  /** Questions about the current Line (health left, reach), as the Set a Watch strategies ask them. */
  readonly line: RulesView;
  readonly options: Int16Array;
  readonly count: number;
  readonly random: RandomStream;
}

export interface DoomedrunStrategy extends Strategy {
  /** The Set a Watch strategy that plays every expedition's rounds. */
  readonly watch: SetawatchStrategy;
  campaign(decision: CampaignDecisionKind, view: CampaignView): number;
}
