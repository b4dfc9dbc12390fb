/** The rules an engine plays by: the settings, with each unclear rule's reading (`RULES.md`, judgement calls). */

export interface Readings {
  /** Runes to win (6, or 4 for the short game). */
  readonly runes: number;
  /** Damage you may take; one more loses (7, or 12 for the easier game). */
  readonly damageLimit: number;
  /** 0 dwarf, 1 elf, 2 human, -1 roll the character die. */
  readonly character: number;
  readonly wod: boolean;
  /** Index of the sideboard in the content. */
  readonly sideboard: number;
  /** Glowing rerolls when preparing the character only (false), or on every preparation roll (true). */
  readonly glowingEveryRoll: boolean;
  /** Duplicate adventure dice: every die of a repeated landscape becomes a doomland (true), or only the extra copies. */
  readonly allDuplicatesDoom: boolean;
  /** Combat rolls per fight (the first roll and the rerolls); 0 = until you win or no die can be rerolled. */
  readonly combatRolls: number;
  /** Damage for a lost fight; 0 = the power minus your last attack (at least 1). */
  readonly defeatDamage: number;
  /** A Ring brings in any die of the sideboard (true), or action dice only (false, as written). */
  readonly ringBringsAnyDie: boolean;
  /** A lost fight or a retreat ends the turn (true), or you stay put and go on with Steps 5-7 and may move again. */
  readonly lossEndsTurn: boolean;
  /** At Step 1 the Opponent rolls his reserve only (false), or his play area's dice again too (true). */
  readonly opponentRollsPlayArea: boolean;
  /** The Opponent's Provisions rerolls the eagle dice that missed (false), or all three (true). */
  readonly eagleRerollAll: boolean;
  /** The Opponent prepares his dice at set-up, as you prepare your character (true), or first in turn 2's Step 1. */
  readonly opponentPreparesAtSetup: boolean;
  /** What your Step 7 results may do ("keep the dice you want, as in Step 1"): a STEP7_USES name. */
  readonly step7Uses: Step7Uses;
  /** An upgrade try of a weapon keeps Magic and that weapon's results (false), or Magic and both weapons' (true). */
  readonly weaponUpgradeKeepsBoth: boolean;
  /** A combat attack equal to the monster's power wins (true), or the attack must exceed it (false). */
  readonly tieWins: boolean;
}

/** `all`: every Step 1 use; `keep`: keep or leave active only; `keep-change`: those, and Magic changed to Provisions. */
export const STEP7_USES = ['all', 'keep', 'keep-change'] as const;
export type Step7Uses = (typeof STEP7_USES)[number];
