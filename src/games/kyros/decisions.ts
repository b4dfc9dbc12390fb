import type { Strategy } from '../../core/game.ts';
import type { RandomStream } from '../../core/rng.ts';
import type { KyrosTables } from './cards.ts';
import type { DuelNumbers } from './duel.ts';
import type { KyrosState } from './state.ts';

/**
 * The strategy interface. Every decision is a pick from a list of legal options the engine enumerates into a
 * reused OptionList; the strategy answers the index of the option it takes. The engine checks the answer (an integer
 * in range) and throws a StrategyError otherwise. `view.seat` is the seat deciding: the hero for its own decisions,
 * the player to the attacker's left (the chooser) for the Giant Lord's counters and items.
 */

export const Decision = {
  /** At the start of a turn with nowhere to go: travel to an occupied town (kind town, a = town), or rest. */
  destination: 0,
  /** The chooser gives the Giant Lord experience counters (a = counter mask, see Counter in state.ts). */
  counters: 1,
  /** Before a combat round, the chooser activates one of the Giant Lord's items (a = stack slot), or is done. */
  lordItem: 2,
  /** Before a combat round, the hero activates one of its items (a = item slot), or is done. */
  heroItem: 3,
  /** The phase the hero attacks in this round (a = phase). */
  phase: 4,
  /** At the start of a combat round after the first: fight on, or escape. */
  escape: 5,
  /** After a liberation: the free market card (a = stack slot), or none. */
  freeCard: 6,
  /** In the Market Step of a liberated town: buy a card (a = stack slot), or stop. */
  buy: 7,
  /** In a phase the hero would defend in (state.phase): an ally that has not fought this round attacks instead (kind ally, a = item slot), or the hero defends (done). */
  allyAttack: 8,
  /**
   * In a Market Step (a rest, or the one after a liberation, before buying): how many wounds to pay healCost gold each
   * to heal, the hero's first, then its allies' (kind heal, a = wounds). Options from the most the gold pays for down to
   * 0; the first heals as far as the gold goes.
   */
  heal: 9,
} as const;
export type DecisionKind = (typeof Decision)[keyof typeof Decision];
export const DECISION_NAMES = ['destination', 'counters', 'lordItem', 'heroItem', 'phase', 'escape', 'freeCard', 'buy', 'allyAttack', 'heal'] as const;

export const OptionKind = {
  done: 0,
  town: 1,
  rest: 2,
  counters: 3,
  item: 4,
  phase: 5,
  fight: 6,
  escape: 7,
  card: 8,
  ally: 9,
  heal: 10,
} as const;

export const OPTION_CAPACITY = 64;

export class OptionList {
  count = 0;
  readonly kind = new Int8Array(OPTION_CAPACITY);
  readonly a = new Int16Array(OPTION_CAPACITY);

  clear(): void {
    this.count = 0;
  }

  add(kind: number, a: number): void {
    const i = this.count++;
    this.kind[i] = kind;
    this.a[i] = a;
  }
}

/** Read-only questions strategies need answered by the rules. */
export interface RulesView {
  /** Turns for `seat` to reach occupied town `town` and attack it (never under 1). */
  travelTurns(seat: number, town: number): number;
  /** Life the hero of `seat` has left, plus its allies' (the duel estimates' `heroLifeLeft`). */
  lifeLeft(seat: number): number;
  /** Wounds of the hero of `seat` and its allies that resting now would heal (as far as its gold goes). */
  restHeals(seat: number): number;
  /** Fill `into` with the duel `seat` would fight at `town` if given `counterMask` now (bombs excluded). */
  describeDuel(seat: number, town: number, counterMask: number, into: DuelNumbers): DuelNumbers;
  /** Fill `into` with the combat in progress as it stands (this round's surges included). */
  describeCombat(into: DuelNumbers): DuelNumbers;
}

/** What a strategy sees: the state (it should read only what the players could see), the options, the tables. */
export interface DecisionView {
  readonly state: KyrosState;
  readonly options: OptionList;
  readonly tables: KyrosTables;
  /** The engine's `strategy` stream, for strategies that randomise. */
  readonly random: RandomStream;
  readonly seat: number;
  readonly rules: RulesView;
}

export interface KyrosStrategy extends Strategy {
  choose(decision: DecisionKind, view: DecisionView): number;
}
