import type { Strategy } from '../../core/game.ts';
import type { RandomStream } from '../../core/rng.ts';
import type { CardTables } from './cards.ts';
import type { SetawatchState } from './state.ts';

/**
 * The strategy interface. Every decision of the game is a pick from a list of legal options that the engine
 * enumerates into a reused OptionList; the strategy answers the index of the option it takes. The engine checks
 * the answer (an integer in range) and throws a StrategyError otherwise.
 */

export const Decision = {
  /** Who camps this round (option.target = seat). */
  camper: 0,
  /** Which exhausted card to refresh (option.slot), or none (kind done); at The White Monolith refreshing is compulsory (no done). */
  refresh: 1,
  /** Place a camp die (kind campAction / runes), or stop (done). */
  camp: 2,
  /** Arrange the two Scout Ahead cards (option.mode = arrangement). */
  scout: 3,
  /** Order the top cards for Elven Scout (option.mode = permutation index). */
  arrange: 4,
  /**
   * Check Map (option.mode MapMode.checkMap): which of the two seen (option.target: 0 the map's top, 1 the unused
   * deck's) goes on top of the map deck. Teleport (MapMode.teleport): which seen location (option.target) swaps with
   * the map's top; the card says swap one, so there is no keeping.
   */
  map: 5,
  /** Equip: swap option.slot with the reserve card option.target, or none. */
  equip: 6,
  /** Reroll a die (option.die), or stop. */
  reroll: 7,
  /** A Watch action: attack, ability, passive, burn a card for fire, or end the Watch. */
  watch: 8,
  /** Exhaust one card (option.slot) because a rule or power says so. */
  exhaust: 9,
  /** Give up a die (option.die) to a Bandit. */
  steal: 10,
  /** Pick an Unhallowed card (option.target = card): Ancient Crypt, Sacred City, the rune Seal (option.mode 1). */
  unhallowed: 11,
  /** Pick a creature in the Line (option.target = position): Backstab after its reveals, Cursed Cathedral. */
  target: 12,
} as const;
export type DecisionKind = (typeof Decision)[keyof typeof Decision];
export const DECISION_NAMES = ['camper', 'refresh', 'camp', 'scout', 'arrange', 'map', 'equip', 'reroll', 'watch', 'exhaust', 'steal', 'unhallowed', 'target'] as const;

export const OptionKind = {
  done: 0,
  choose: 1,
  attack: 2,
  ability: 3,
  passive: 4,
  burn: 5,
  campAction: 6,
  runes: 7,
} as const;

/** Which camp action a map decision is for (option.mode). */
export const MapMode = { checkMap: 0, teleport: 1 } as const;

/** Camp actions (option.aux of a campAction option). */
export const Camp = { chop: 0, scout: 1, checkMap: 2, heal: 3, equip: 4, own: 5 } as const;
/** Heal takes a die of exactly this value (Elven Grove: any). */
export const HEAL_DIE = 6;
export const CAMP_NAMES = ['Chop Wood', 'Scout Ahead', 'Check Map', 'Heal', 'Equip', 'own camp action'] as const;
/** Rune bits (option.target of a runes option). */
export const Rune = { seal: 1, vanquish: 2, bolster: 4 } as const;

/** Scout Ahead arrangements of the two cards seen (first = the former top card; bothBottom leaves the second lowest, bothBottomFirstLowest the first). */
export const Scout = { keep: 0, swap: 1, firstTopSecondBottom: 2, secondTopFirstBottom: 3, bothBottom: 4, bothBottomFirstLowest: 5 } as const;

export const OPTION_CAPACITY = 2048;

/** Options as parallel arrays: kind, slot (ability slot), die, target (Line position or card), aux, mode. */
export class OptionList {
  count = 0;
  readonly kind = new Int8Array(OPTION_CAPACITY);
  readonly slot = new Int16Array(OPTION_CAPACITY);
  readonly die = new Int16Array(OPTION_CAPACITY);
  readonly target = new Int16Array(OPTION_CAPACITY);
  readonly aux = new Int16Array(OPTION_CAPACITY);
  readonly mode = new Int16Array(OPTION_CAPACITY);

  clear(): void {
    this.count = 0;
  }

  add(kind: number, slot: number, die: number, target: number, aux: number, mode: number): void {
    if (this.count === OPTION_CAPACITY) return;
    const i = this.count++;
    this.kind[i] = kind;
    this.slot[i] = slot;
    this.die[i] = die;
    this.target[i] = target;
    this.aux[i] = aux;
    this.mode[i] = mode;
  }
}

/** What a strategy sees: the state (it should read only what the players could see), the options, the tables. */
export interface DecisionView {
  readonly state: SetawatchState;
  readonly options: OptionList;
  readonly tables: CardTables;
  /** The engine's `strategy` stream, for strategies that randomise. */
  readonly random: RandomStream;
  /** Cards looked at by a Scout Ahead / Elven Scout / map decision, top first. */
  readonly seen: Int16Array;
  /** The seat the decision is about (the camper, the adventurer exhausting...), or -1. */
  readonly seat: number;
  /** Read-only questions about the current Line that strategies need. */
  readonly rules: RulesView;
}

export interface RulesView {
  /** True in the final round: everyone on Watch, no camper, and the game ends with it. */
  isFinalRound(): boolean;
  /** The Line positions the adventurer may attack now, in order, into `into`; returns their count. */
  attackTargets(seat: number, into: Int16Array): number;
  firstFaceDown(): number;
  /** The first face-down card an ability may reveal (none behind a Lich with `lichReveals=blocked`), or -1. */
  abilityRevealTarget(): number;
  health(position: number): number;
  /** The creature's health were its text blanked (Smoke Bomb): other cards' bonuses to it stay, its own go. */
  healthIfBlanked(position: number): number;
  remainingHealth(position: number): number;
  /** The firewood each defeat costs while the creature stands (a Pyromancer's Ongoing; 0 when its text is blanked). */
  defeatFireCost(position: number): number;
  /** The damage Poison Blade adds to each of the next state.poisonAttacks direct attacks now (0 when none). */
  poisonBonus(): number;
  /** The damage a Poison Blade of `amount` would add to a direct attack now (`poison` reading: per revealed creature, or flat). */
  poisonBonusOf(amount: number): number;
  /** True when direct attacks on the creature deal double (Giants Bane). */
  diceDoubledOn(position: number): boolean;
  /**
   * True when the adventurer's die that defeats a creature with damage to spare stays ready at the leftover, up to the
   * value it showed (Cleave).
   */
  keepsLeftover(seat: number): boolean;
  /** A simulator with its own state, for strategies that search (see strategies/setawatch/planner.ts). */
  createSimulator(): Simulator;
  /** A simulator that can also play a round's camp, or null when this engine has no camp (a Watch alone). */
  createRoundSimulator(): RoundSimulator | null;
}

export interface Simulator extends RulesView {
  readonly state: SetawatchState;
  readonly options: OptionList;
  /** The view the simulator's own decisions are asked with. */
  readonly view: DecisionView;
  /**
   * Copy a live state in, shuffling the cards the players cannot see (deck and face-down Line cards); `seed` drives
   * that shuffle and every later draw and roll, so equal seeds replay the same hidden cards and dice.
   */
  load(state: SetawatchState, seed: number): void;
  /** Apply one Watch option; sub-decisions go to `policy`. */
  applyWatch(options: OptionList, index: number, policy: SetawatchStrategy): void;
  /** The Watch options, less those ignored by the policy last given to applyWatch, endWatch or playRoundFromCamper. */
  listWatchOptions(): OptionList;
  /** End the Watch: the Line goes to the Horde and deals its damage. */
  endWatch(policy: SetawatchStrategy): void;
}

export interface RoundSimulator extends Simulator {
  /** From a loaded state at the camper decision: this camper camps, then the camp and the Watch are played by `policy`. */
  playRoundFromCamper(camper: number, policy: SetawatchStrategy): void;
}

export interface SetawatchStrategy extends Strategy {
  choose(decision: DecisionKind, view: DecisionView): number;
  /** Watch options the strategy never takes, which the engine leaves out of the Watch lists it asks it with. */
  readonly ignores?: WatchIgnores;
}

/**
 * A promise that the strategy's Watch choices would be the same were these options offered: the engine leaves them
 * out of the Watch decisions (only those) it asks the strategy, and the strategy's answer indexes the shorter list,
 * checked as any answer is. A Watch left with "done" alone is not asked. A strategy spread from greedy keeps greedy's
 * (GREEDY_IGNORES): set `ignores: undefined` to be offered everything. Vetting (src/sim/vetting.ts) plays a strategy's
 * first games again offered everything, and refuses it if one ends otherwise.
 */
export interface WatchIgnores {
  /** Burning a card for fire. */
  readonly burns: boolean;
  /**
   * Every use, with a die or exhausting the card, of this mode of this ability card: asked for every mode at every
   * listing, so it must be cheap, and the same answer each time (a function of its arguments).
   */
  abilityMode(tables: CardTables, card: number, mode: number): boolean;
}

/** What is wrong with a strategy's `ignores` (at `path`), or null. */
export function ignoresProblem(ignores: unknown, path: string): string | null {
  if (ignores === undefined) return null;
  const shaped = ignores !== null && typeof ignores === 'object' && typeof (ignores as WatchIgnores).burns === 'boolean' && typeof (ignores as WatchIgnores).abilityMode === 'function';
  return shaped ? null : `${path} is not { burns: boolean, abilityMode(tables, card, mode): boolean } (the Watch options it never takes)`;
}
