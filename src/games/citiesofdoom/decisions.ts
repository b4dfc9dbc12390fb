import type { Strategy } from '../../core/game.ts';
import type { RandomStream } from '../../core/rng.ts';
import type { CitiesState } from './state.ts';
import type { DiceTables } from './tables.ts';

/**
 * The decision interface. Every player decision is a pick from a list of legal options that the engine enumerates
 * into a reused OptionList; the strategy answers the index of the option it takes. The engine checks the answer (an
 * integer in range) and throws a StrategyError otherwise. A decision with a single option is not asked.
 */

export const Decision = {
  /** A glowing die was rolled while preparing: reroll all the other dice (kind reroll) or not (done). */
  glowing: 0,
  /** What to do with one rolled action result (view.die, view.face): an option of kind Use.*. */
  assign: 1,
  /** Ring or White Tree: bring in option.mode dice of the type of die option.aux from the sideboard, or stop (done). Asked again while more may come. */
  bringIn: 2,
  /** The Opponent's Ring: option.mode dice of the type of die option.aux go back from the reserve to the sideboard (3 in all). */
  returnDie: 3,
  /** Step 2: move to the next landscape die (spend Provisions) or end the turn (done). */
  move: 4,
  /** Step 3: fight (done) or retreat (kind retreat). */
  retreat: 5,
  /** Step 3: return the Magic result view.die to roll a Magic die (kind choose) or not (done); asked again for a second die after the first is rolled. */
  magic: 6,
  /** A Magic die changed one weapon: primary (option.aux 0) or secondary (1). */
  magicWeapon: 7,
  /** The Opponent plays view.face, and you saved the same face: block it (kind block) or not (done). */
  block: 8,
  /** Combat: after a roll that falls short, reroll the dice of option.aux (a bitmask of combat slots; view.combat) or stop and lose (done). */
  combat: 9,
  /** The Opponent tries to steal a rune: roll one rune die (aux 1) or spend a Magic for both (aux 2). */
  defendRune: 10,
  /** Step 6: take this rune (option.aux = rune face code) or roll both rune dice (kind roll). */
  destination: 11,
  /**
   * Step 1 (and the set-up): roll option.mode dice like die option.aux (same type; in the play area, same face too)
   * from option.target (Where.reserve or Where.play), or stop selecting (done). Asked again until 7 are selected.
   */
  select: 12,
  /** Step 4: use this special combat die from your reserve (option.aux = die index) or take no more (done). */
  combatDice: 13,
  /**
   * Combat: a die shows White Tree and an improvised weapon die is in your reserve: roll it, then reroll the White Tree
   * die (kind choose), or leave the White Tree showing (done). view.power and view.attack (without it), view.combat.
   */
  improvise: 14,
  /** Healing with view.face for view.heal damage: also roll this special healing die of your reserve (option.aux = die index), or not (done). */
  healingDie: 15,
  /**
   * Steps 1 and 7 (and the set-up), after the rolled results are assigned: return a Magic or Provisions result saved in
   * your play area to heal (option.aux = die index, option.target = its face code), or stop (done). Asked again while
   * you have damage and such results.
   */
  healKept: 16,
} as const;
export type DecisionKind = (typeof Decision)[keyof typeof Decision];
export const DECISION_NAMES = ['glowing', 'assign', 'bringIn', 'returnDie', 'move', 'retreat', 'magic', 'magicWeapon', 'block', 'combat', 'defendRune', 'destination', 'select', 'combatDice', 'improvise', 'healingDie', 'healKept'] as const;

/** Option kinds. `done` is the "no / stop / nothing more" answer. */
export const OptionKind = { done: 0, choose: 1, reroll: 2, retreat: 3, block: 4, roll: 5 } as const;

/** Uses of one rolled action result (option.kind of an assign option is OptionKind.choose; option.aux is the use). */
export const Use = {
  /** Keep it in the play area (Magic, Provisions, Monster, advanced results; up to 3 each). */
  keep: 0,
  /** Leave it in the active area (it helps discover treasure). */
  active: 1,
  /** Return Magic or Provisions to the reserve to heal. */
  heal: 2,
  /** Weaponry (or Magic changed to Weaponry, option.mode 1): try to upgrade option.target (Upgrade.*). */
  upgrade: 3,
  /** Change Magic to Provisions and keep it. */
  toProvisions: 4,
  /** Return a Ring to bring in action dice from the sideboard. */
  ring: 5,
  /** Use a White Tree to bring in up to 2 improvised weapon dice (the die then goes to the active area). */
  whiteTree: 6,
} as const;

export const Upgrade = { character: 0, primary: 1, secondary: 2 } as const;
export const UPGRADE_NAMES = ['character', 'primary weapon', 'secondary weapon'] as const;

/** Enough for every reroll subset of the 6 combat dice plus stopping, and for every group and count of dice to select. */
export const OPTION_CAPACITY = 128;
/** Combat dice of one fight: 5, a 10-sided sixth. */
export const MAX_COMBAT = 6;

/** The dice of the fight as a strategy sees them when asked Decision.combat. */
export class CombatView {
  count = 0;
  /** Per slot: the face code shown, or -1 when the die is out of the fight (burning skull) or must be rerolled. */
  readonly face = new Int16Array(MAX_COMBAT);
  /** Per slot: the attack points the result is worth now (0 when face is -1). */
  readonly points = new Int8Array(MAX_COMBAT);
  /** Per slot still in the fight: the most attack points a reroll of the die could show now (0 when it is out). */
  readonly best = new Int8Array(MAX_COMBAT);
  /** Slots that must be rerolled (cancelled by the monster's combat dice): part of every reroll option. */
  forced = 0;
}

/** Options as parallel arrays: kind, aux, target, mode. */
export class OptionList {
  count = 0;
  readonly kind = new Int8Array(OPTION_CAPACITY);
  readonly aux = new Int16Array(OPTION_CAPACITY);
  readonly target = new Int16Array(OPTION_CAPACITY);
  readonly mode = new Int16Array(OPTION_CAPACITY);

  clear(): void {
    this.count = 0;
  }

  add(kind: number, aux: number, target = -1, mode = 0): void {
    if (this.count === OPTION_CAPACITY) return;
    const i = this.count++;
    this.kind[i] = kind;
    this.aux[i] = aux;
    this.target[i] = target;
    this.mode[i] = mode;
  }

  /** Index of the first option with this kind and aux, or -1. */
  find(kind: number, aux = -2): number {
    for (let i = 0; i < this.count; i++) if (this.kind[i] === kind && (aux === -2 || this.aux[i] === aux)) return i;
    return -1;
  }
}

/** What a strategy sees: the state (read what a player could see), the options, the tables and a few numbers. */
export interface DecisionView {
  readonly state: CitiesState;
  readonly options: OptionList;
  readonly tables: DiceTables;
  /** The engine's `strategy` stream, for strategies that randomise. */
  readonly random: RandomStream;
  /** The player's die the decision is about (an index into state.player), or -1. */
  die: number;
  /** The face the decision is about (a face code), or -1. */
  face: number;
  /** Combat and encounter numbers: the monster's power now, and your attack points now (damage subtracted). */
  power: number;
  attack: number;
  /** The attack that wins the fight: the power, or one more when a tie loses (setting combatTie). */
  toWin: number;
  /** Combat rolls left after this one. */
  rollsLeft: number;
  /** Decision healingDie: the damage the result heals without the special die. */
  heal: number;
  readonly combat: CombatView;
}

export interface CitiesStrategy extends Strategy {
  choose(decision: DecisionKind, view: DecisionView): number;
}
