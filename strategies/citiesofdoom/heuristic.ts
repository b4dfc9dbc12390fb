import type { StrategyDefinition } from '../../src/core/game.ts';
import { type CitiesStrategy, type CombatView, Decision, type DecisionKind, type DecisionView, OptionKind, Upgrade, Use } from '../../src/games/citiesofdoom/decisions.ts';
import { Where } from '../../src/games/citiesofdoom/state.ts';
import { type DiceTables, F } from '../../src/games/citiesofdoom/tables.ts';

/**
 * A small priority-list player, in the style of Dominiate's bots: each decision walks a short ordered list of
 * preferences and takes the first legal one. It rolls the dice it brought in from the sideboard first, heals as soon
 * as it is damaged (with the results just rolled, then saved Magic, then saved Provisions; a special healing die only
 * when the result alone leaves damage), changes Magic to Provisions while short of moves, upgrades the primary weapon
 * first (the character only with the Wilds of Doom rules) with Weaponry and with Magic it need not heal or move with, saves
 * one Magic (more go to the active area), keeps advanced results to block the Opponent, rolls a Magic die for a fight
 * its dice alone are not expected to win, retreats when a loss looks likely and costly, uses every
 * special combat die, uses a combat White Tree only while the attack falls short, rerolls its combat dice one at a
 * time, the one worth least first, while they could still reach the power, and brings in the sideboard dice with the most discovery and
 * Provisions faces.
 */

/** How much a die type helps: discoveries and Provisions most, then Magic and Weaponry. */
function scoreType(tables: DiceTables, type: number): number {
  let score = 0;
  for (let i = 0; i < tables.sides[type]; i++) {
    const face = tables.faceAt(type, i);
    if (face === F.discovery || face === F.provisions) score += 3;
    else if (face === F.magic || face === F.weaponry || face === F.axe || face === F.sword || face === F.bow) score += 2;
    else if (face !== F.blank && face !== F.burningSkull) score += 1;
    if (tables.markAt(type, i) === 2) score -= 1;
  }
  return score / tables.sides[type];
}

function hasFace(tables: DiceTables, type: number, face: number): boolean {
  for (let i = 0; i < tables.sides[type]; i++) if (tables.faceAt(type, i) === face) return true;
  return false;
}

/** Per die type of a content: its score and whether it has a Ring face, worked out once per tables. */
interface TypeFacts {
  readonly score: Float64Array;
  readonly ring: Uint8Array;
}
const factsByTables = new WeakMap<DiceTables, TypeFacts>();
/** The tables of the last call and their facts: one engine asks many times in a row. */
let lastTables: DiceTables | null = null;
let lastFacts: TypeFacts | null = null;

function factsOf(tables: DiceTables): TypeFacts {
  if (tables === lastTables) return lastFacts as TypeFacts;
  let facts = factsByTables.get(tables);
  if (facts === undefined) {
    const types = tables.typeIds.map((_, type) => type);
    facts = { score: Float64Array.from(types, (type) => scoreType(tables, type)), ring: Uint8Array.from(types, (type) => (hasFace(tables, type, F.ring) ? 1 : 0)) };
    factsByTables.set(tables, facts);
  }
  lastTables = tables;
  lastFacts = facts;
  return facts;
}

function typeScore(tables: DiceTables, type: number): number {
  return factsOf(tables).score[type];
}

function countInPlay(view: DecisionView, face: number): number {
  return view.state.player.playCount[face];
}

function pick(view: DecisionView, kind: number, aux = -2): number {
  return view.options.find(kind, aux);
}

/** The first of up to six option indexes that is not -1 (0 when none is). */
function firstOf(a: number, b: number, c = -1, d = -1, e = -1, f = -1): number {
  return a >= 0 ? a : b >= 0 ? b : c >= 0 ? c : d >= 0 ? d : e >= 0 ? e : f >= 0 ? f : 0;
}

const UPGRADE_ORDER = [Upgrade.primary, Upgrade.secondary, Upgrade.character];

/**
 * Decisions picking dice by group and count (options of one group are adjacent, counts ascending): the group whose
 * dice score best (score -1: never; the first group on a tie), as many of its dice as allowed; else stop (done).
 */
function mostOfBestGroup(view: DecisionView, score: (view: DecisionView, option: number) => number): number {
  const o = view.options;
  let best = Math.max(0, o.find(OptionKind.done));
  let bestScore = -1;
  for (let i = 0; i < o.count; i++) {
    if (o.kind[i] !== OptionKind.choose || (i > 0 && o.aux[i] === o.aux[i - 1])) continue;
    const value = score(view, i);
    if (value > bestScore) {
      bestScore = value;
      best = i;
    }
  }
  while (best + 1 < o.count && o.kind[best] === OptionKind.choose && o.aux[best + 1] === o.aux[best]) best++;
  return best;
}

/** Decision bringIn: the die type with the best score. */
function bringInScore(view: DecisionView, option: number): number {
  return view.options.kind[option] === OptionKind.choose ? typeScore(view.tables, view.state.player.type[view.options.aux[option]]) : -1;
}

/** Decision returnDie: the die type with the worst score goes back. */
function returnScore(view: DecisionView, option: number): number {
  return 10 - typeScore(view.tables, view.state.player.type[view.options.aux[option]]);
}

/** Decision select: dice brought in from the sideboard first, then dice with a Ring while the sideboard holds dice, then the best type; never a kept result. */
function selectScore(view: DecisionView, option: number): number {
  const o = view.options;
  if (o.kind[option] !== OptionKind.choose || o.target[option] !== Where.reserve) return -1;
  const p = view.state.player;
  const die = o.aux[option];
  const facts = factsOf(view.tables);
  const ring = facts.ring[p.type[die]] === 1 && p.countAt(Where.sideboard) > 0 ? 5 : 0;
  return facts.score[p.type[die]] + 10 * p.fromSideboard[die] + ring;
}

/**
 * Decision combat: reroll one die at a time, the one worth least of those a reroll could raise (each die rerolled risks
 * a burning skull, and the next decision sees its result), with the cancelled dice, which every reroll includes, on
 * their own first; when no reroll can reach the power, only the dice worth nothing, which can lower the damage of the
 * loss at no risk.
 */
function rerollChoice(view: DecisionView): number {
  const c = view.combat;
  const need = view.toWin - view.attack;
  let gain = 0;
  for (let k = 0; k < c.count; k++) gain += (c.forced & (1 << k)) !== 0 ? c.best[k] : Math.max(0, c.best[k] - c.points[k]);
  if (gain < need) return rerollOrStop(view, c.forced | zeroSlots(c));
  if (c.forced !== 0) return rerollOrStop(view, c.forced);
  return rerollOrStop(view, 1 << worthLeast(c));
}

/** The shown die worth least that a reroll could raise (the most to gain among equals). */
function worthLeast(c: CombatView): number {
  let least = -1;
  for (let k = 0; k < c.count; k++) {
    if (c.face[k] < 0 || c.best[k] <= c.points[k]) continue;
    if (least < 0 || c.points[k] < c.points[least] || (c.points[k] === c.points[least] && c.best[k] > c.best[least])) least = k;
  }
  return least;
}

/** The shown dice worth nothing that a reroll could make score. */
function zeroSlots(c: CombatView): number {
  let mask = 0;
  for (let k = 0; k < c.count; k++) if (c.face[k] >= 0 && c.points[k] === 0 && c.best[k] > 0) mask |= 1 << k;
  return mask;
}

function rerollOrStop(view: DecisionView, mask: number): number {
  return mask === 0 ? pick(view, OptionKind.done) : pick(view, OptionKind.reroll, mask);
}

/**
 * The assign option upgrading the first of primary, secondary, character still possible (mode 1: from Magic). The
 * character only with the Wilds of Doom rules: without them its upgrade only absorbs a demotion, worth less than the
 * result kept or left to discover treasure.
 */
function upgradeOption(view: DecisionView, mode: number): number {
  const o = view.options;
  const upgrades = view.state.wildsOfDoom ? UPGRADE_ORDER.length : UPGRADE_ORDER.length - 1;
  for (let k = 0; k < upgrades; k++) {
    for (let i = 0; i < o.count; i++) if (o.aux[i] === Use.upgrade && o.target[i] === UPGRADE_ORDER[k] && o.mode[i] === mode) return i;
  }
  return -1;
}

/** Decision assign: heal when damaged, Magic to Provisions while short of moves, upgrade, keep, else active. */
function assignChoice(view: DecisionView, healAt: number): number {
  const face = view.face;
  const active = pick(view, OptionKind.choose, Use.active);
  if (face === F.weaponry) return firstOf(upgradeOption(view, 0), active);
  if (face === F.ring) return firstOf(pick(view, OptionKind.choose, Use.ring), active);
  if (face === F.whiteTree) return firstOf(pick(view, OptionKind.choose, Use.whiteTree), active);
  const keep = pick(view, OptionKind.choose, Use.keep);
  if (face !== F.provisions && face !== F.magic) return firstOf(keep, active);
  const damage = view.state.damage;
  const heal = damage >= healAt ? pick(view, OptionKind.choose, Use.heal) : -1;
  if (face === F.provisions) return firstOf(heal, keep, active);
  const toProvisions = countInPlay(view, F.provisions) < 2 ? pick(view, OptionKind.choose, Use.toProvisions) : -1;
  // An upgrade lasts the game (and with WOD the character's brings the expert dice): it comes before keeping. One
  // saved Magic is kept for a Magic die or a heal; a second is worth more discovering treasure in the active area.
  return firstOf(heal, toProvisions, upgradeOption(view, 1), countInPlay(view, F.magic) === 0 ? keep : -1, active);
}

/** Decision healKept: while damaged, return a saved Magic result (with WOD it rolls the Healing die), else a Provisions. */
function healKeptChoice(view: DecisionView, healAt: number): number {
  const o = view.options;
  if (view.state.damage < healAt) return pick(view, OptionKind.done);
  let provisions = -1;
  for (let i = 0; i < o.count; i++) {
    if (o.kind[i] !== OptionKind.choose) continue;
    if (o.target[i] === F.magic) return i;
    if (provisions < 0) provisions = i;
  }
  return firstOf(provisions, pick(view, OptionKind.done));
}

/** Decision glowing: reroll the other rolled dice unless three of them already show Provisions, Magic, a discovery or Weaponry. */
function glowingChoice(view: DecisionView): number {
  const p = view.state.player;
  let useful = 0;
  for (let i = 0; i < p.count; i++) {
    if (p.where[i] !== Where.rolling || i === view.die) continue;
    const face = view.tables.faceAt(p.type[i], p.face[i]);
    if (face === F.provisions || face === F.magic || face === F.discovery || face === F.weaponry) useful++;
  }
  return useful < 3 ? pick(view, OptionKind.reroll) : pick(view, OptionKind.done);
}

/** With WOD an upgraded character's 3 expert dice: about 2.3 weapon bonuses, each on about 1.25 results. */
const EXPERT_ATTACK = 3;

/**
 * The attack expected without Magic dice, with rerolls until every die scores or burns: 3 of 4 dice score, at the
 * weapons' mean value, plus the expert dice's bonuses, less the damage.
 */
function attackWithoutMagic(view: DecisionView): number {
  const s = view.state;
  const primary = s.primaryUpgraded ? 3 : 2;
  const secondary = s.secondaryUpgraded ? 2 : 1;
  const expert = s.wildsOfDoom && s.characterUpgraded ? EXPERT_ATTACK : 0;
  return 5 * 0.75 * ((primary + secondary + 1) / 3) + expert - s.damage;
}

/** The attack expected with about 2 more per Magic result kept for the Magic dice. */
function expectedAttack(view: DecisionView): number {
  return attackWithoutMagic(view) + 2 * Math.min(2, countInPlay(view, F.magic));
}

/**
 * Decision retreat: retreat when a loss looks likely and would cost a lot: the expected attack falls more than 2.5 short
 * (2 retreated from fights worth taking: 0.9 pp fewer default games won), or a loss would end the game and the expected
 * attack is not at least 1 above what it takes to win. Never in the Opponent's last turn when a retreat ends the turn:
 * the turn's end gives him the game, so a loss costs nothing a retreat does not.
 */
function retreatChoice(view: DecisionView): number {
  const s = view.state;
  if (s.lossEndsTurn && s.opponentRunes + 1 >= s.runesToWin) return pick(view, OptionKind.done);
  const gap = view.toWin - expectedAttack(view);
  const lossCost = Math.max(1, Math.round(gap));
  const deadly = s.damage + lossCost > s.damageLimit;
  return (deadly && gap > -1) || gap > 2.5 ? pick(view, OptionKind.retreat) : pick(view, OptionKind.done);
}

/** Decision destination: roll both rune dice while four or more runes are lacking and the next one does not win; else take the first rune lacking. */
function destinationChoice(view: DecisionView): number {
  const o = view.options;
  let missing = 0;
  for (let i = 0; i < o.count; i++) if (o.kind[i] === OptionKind.choose) missing++;
  const nextRuneWins = view.state.runes + 1 >= view.state.runesToWin;
  return missing >= 4 && !nextRuneWins ? pick(view, OptionKind.roll) : 0;
}

/** Heal from this much damage on: every point of damage is subtracted from every combat total. */
export const HEAL_AT = 1;

export function heuristicChoice(decision: DecisionKind, view: DecisionView, healAt = HEAL_AT): number {
  switch (decision) {
    case Decision.glowing:
      return glowingChoice(view);
    case Decision.assign:
      return assignChoice(view, healAt);
    case Decision.bringIn:
      return mostOfBestGroup(view, bringInScore);
    case Decision.select:
      return mostOfBestGroup(view, selectScore);
    case Decision.combatDice:
      return pick(view, OptionKind.choose);
    case Decision.returnDie:
      return mostOfBestGroup(view, returnScore);
    case Decision.move:
      return pick(view, OptionKind.choose);
    case Decision.retreat:
      return retreatChoice(view);
    case Decision.magic:
      // A saved Magic heals or moves too: roll a Magic die only for a fight the dice alone are not expected to win.
      return view.toWin > attackWithoutMagic(view) ? pick(view, OptionKind.choose) : pick(view, OptionKind.done);
    case Decision.magicWeapon:
      return pick(view, OptionKind.choose, 0);
    case Decision.block:
      return pick(view, OptionKind.block);
    case Decision.combat:
      return rerollChoice(view);
    case Decision.improvise:
      // An improvised die that scores goes to the sideboard: use the White Tree only while the attack falls short.
      return view.attack < view.toWin ? pick(view, OptionKind.choose) : pick(view, OptionKind.done);
    case Decision.healingDie:
      // A used healing die may leave the reserve (circle, X): roll it only when the result alone leaves damage to heal.
      return view.state.damage > view.heal ? pick(view, OptionKind.choose) : pick(view, OptionKind.done);
    case Decision.healKept:
      return healKeptChoice(view, healAt);
    case Decision.defendRune:
      return firstOf(pick(view, OptionKind.choose, 2), 0);
    case Decision.destination:
      return destinationChoice(view);
    default:
      return 0;
  }
}

export const heuristic: StrategyDefinition<CitiesStrategy> = {
  name: 'heuristic',
  description: 'priority lists: heal whenever damaged, Magic to Provisions when short, primary weapon first, always block, retreat when a loss looks likely and costly',
  params: [],
  create: () => ({
    name: 'heuristic',
    choose: (decision: DecisionKind, view: DecisionView) => heuristicChoice(decision, view),
  }),
};
