import type { StrategyDefinition } from '../../src/core/game.ts';
import { type CitiesStrategy, Decision, type DecisionKind, type DecisionView, OptionKind, Reroll, Upgrade, Use } from '../../src/games/citiesofdoom/decisions.ts';
import { Where } from '../../src/games/citiesofdoom/state.ts';
import { type DiceTables, F } from '../../src/games/citiesofdoom/tables.ts';

/**
 * A small priority-list player, in the style of Dominiate's bots: each decision walks a short ordered list of
 * preferences and takes the first legal one. It heals only near the damage limit, changes Magic to Provisions while
 * short of moves, upgrades the primary weapon first, keeps advanced results to block the Opponent, fights unless a
 * lost fight would end the game, and brings in the sideboard dice with the most discovery and Provisions faces.
 */

/** How much a die type helps: discoveries and Provisions most, then Magic and Weaponry. */
function typeScore(tables: DiceTables, type: number): number {
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

function countInPlay(view: DecisionView, face: number): number {
  const p = view.state.player;
  let n = 0;
  for (let i = 0; i < p.count; i++) {
    if (p.where[i] !== Where.play || p.face[i] < 0) continue;
    const code = p.changed[i] >= 0 ? p.changed[i] : view.tables.faceAt(p.type[i], p.face[i]);
    if (code === face) n++;
  }
  return n;
}

function pick(view: DecisionView, kind: number, aux = -2): number {
  return view.options.find(kind, aux);
}

/** The first of up to six option indexes that is not -1 (0 when none is). */
function firstOf(a: number, b: number, c = -1, d = -1, e = -1, f = -1): number {
  return a >= 0 ? a : b >= 0 ? b : c >= 0 ? c : d >= 0 ? d : e >= 0 ? e : f >= 0 ? f : 0;
}

const UPGRADE_ORDER = [Upgrade.primary, Upgrade.secondary, Upgrade.character];

/** The assign option upgrading the first of primary, secondary, character still possible (mode 1: from Magic). */
function upgradeOption(view: DecisionView, mode: number): number {
  const o = view.options;
  for (let k = 0; k < UPGRADE_ORDER.length; k++) {
    for (let i = 0; i < o.count; i++) if (o.aux[i] === Use.upgrade && o.target[i] === UPGRADE_ORDER[k] && o.mode[i] === mode) return i;
  }
  return -1;
}

export function heuristicChoice(decision: DecisionKind, view: DecisionView, healAt: number): number {
  const s = view.state;
  const o = view.options;
  switch (decision) {
    case Decision.glowing: {
      let useful = 0;
      const p = s.player;
      for (let i = 0; i < p.count; i++) {
        if (p.where[i] !== Where.rolling || i === view.die) continue;
        const face = view.tables.faceAt(p.type[i], p.face[i]);
        if (face === F.provisions || face === F.magic || face === F.discovery || face === F.weaponry) useful++;
      }
      return useful < 3 ? pick(view, OptionKind.reroll) : pick(view, OptionKind.done);
    }
    case Decision.assign: {
      const face = view.face;
      const limit = view.state.damage;
      const nearDeath = limit > 0 && limit >= healAt;
      const heal = pick(view, OptionKind.choose, Use.heal);
      const keep = pick(view, OptionKind.choose, Use.keep);
      const active = pick(view, OptionKind.choose, Use.active);
      if (face === F.provisions) return firstOf(nearDeath ? heal : -1, keep, active);
      if (face === F.magic) {
        const provisions = countInPlay(view, F.provisions);
        const toProvisions = pick(view, OptionKind.choose, Use.toProvisions);
        return firstOf(nearDeath ? heal : -1, provisions < 2 ? toProvisions : -1, countInPlay(view, F.magic) < 2 ? keep : -1, upgradeOption(view, 1), keep, active);
      }
      if (face === F.weaponry) return firstOf(upgradeOption(view, 0), active);
      if (face === F.ring) return firstOf(pick(view, OptionKind.choose, Use.ring), active);
      if (face === F.whiteTree) return firstOf(pick(view, OptionKind.choose, Use.whiteTree), active);
      return firstOf(keep, active);
    }
    case Decision.bringIn: {
      let best = pick(view, OptionKind.done);
      let bestScore = -1;
      for (let i = 0; i < o.count; i++) {
        if (o.kind[i] !== OptionKind.choose) continue;
        const score = typeScore(view.tables, o.aux[i]);
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      }
      return best;
    }
    case Decision.returnDie: {
      let worst = 0;
      let worstScore = 1e9;
      for (let i = 0; i < o.count; i++) {
        const score = typeScore(view.tables, o.aux[i]);
        if (score < worstScore) {
          worstScore = score;
          worst = i;
        }
      }
      return worst;
    }
    case Decision.move:
      return pick(view, OptionKind.choose);
    case Decision.retreat: {
      // Expected attack with rerolls until every die scores or burns: 3 of 4 dice score, at the weapons' mean value,
      // plus about 2 per Magic result kept for the Magic dice. Retreat when a loss looks likely and would cost a lot.
      const primary = s.primaryUpgraded ? 3 : 2;
      const secondary = s.secondaryUpgraded ? 2 : 1;
      const expected = 5 * 0.75 * ((primary + secondary + 1) / 3) + 2 * Math.min(2, countInPlay(view, F.magic)) - s.damage;
      const gap = view.power - expected;
      const lossCost = Math.max(1, Math.round(gap));
      const deadly = s.damage + lossCost > healLimit(view);
      return (deadly && gap > -1) || gap > 2 ? pick(view, OptionKind.retreat) : pick(view, OptionKind.done);
    }
    case Decision.magic: {
      const gap = view.power - 2 * Math.max(1, view.attack);
      if (gap <= 0) return pick(view, OptionKind.done);
      return firstOf(pick(view, OptionKind.choose, 2), pick(view, OptionKind.choose, 1));
    }
    case Decision.magicWeapon:
      return pick(view, OptionKind.choose, 0);
    case Decision.block:
      return pick(view, OptionKind.block);
    case Decision.combat:
      return view.power - view.attack > 4 ? firstOf(pick(view, OptionKind.reroll, Reroll.belowBest), 0) : firstOf(pick(view, OptionKind.reroll, Reroll.zeros), 0);
    case Decision.defendRune:
      return firstOf(pick(view, OptionKind.choose, 2), 0);
    case Decision.destination: {
      let missing = 0;
      for (let i = 0; i < o.count; i++) if (o.kind[i] === OptionKind.choose) missing++;
      const needed = view.state.runes + 1 >= runesToWin(view);
      return missing >= 4 && !needed ? pick(view, OptionKind.roll) : 0;
    }
    default:
      return 0;
  }
}

function healLimit(view: DecisionView): number {
  return view.state.damageLimit;
}
function runesToWin(view: DecisionView): number {
  return view.state.runesToWin;
}

export const heuristic: StrategyDefinition<CitiesStrategy> = {
  name: 'heuristic',
  description: 'priority lists: heal near the damage limit, Magic to Provisions when short, primary weapon first, always block, retreat when a loss looks likely and costly',
  params: [],
  create: () => ({
    name: 'heuristic',
    choose: (decision: DecisionKind, view: DecisionView) => heuristicChoice(decision, view, view.state.damageLimit - 1),
  }),
};
