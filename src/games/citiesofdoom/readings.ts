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
}

export const DEFAULT_READINGS: Readings = {
  runes: 6,
  damageLimit: 7,
  character: -1,
  wod: false,
  sideboard: 0,
  glowingEveryRoll: false,
  allDuplicatesDoom: true,
  combatRolls: 0,
  defeatDamage: 0,
  ringBringsAnyDie: true,
  lossEndsTurn: true,
  opponentRollsPlayArea: false,
};
