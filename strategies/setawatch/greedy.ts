import type { StrategyDefinition } from '../../src/core/game.ts';
import { LocationKind } from '../../src/games/setawatch/cards.ts';
import * as cardsModule from '../../src/games/setawatch/cards.ts';
import type { AbilityEffect } from '../../src/games/setawatch/content.ts';
import { type DecisionKind, type DecisionView, type SetawatchStrategy } from '../../src/games/setawatch/decisions.ts';
import * as decisionsModule from '../../src/games/setawatch/decisions.ts';
import * as stateModule from '../../src/games/setawatch/state.ts';
import { targetedStep } from '../../src/games/setawatch/watch.ts';

// tsx loads these modules as CommonJS, where every read of an imported binding is a getter call; the hot
// loops read local copies instead.
const { Kind } = cardsModule;
const { Camp, Decision, OptionKind, Rune, Scout } = decisionsModule;
const { DICE_PER_SEAT, Die, SEATS, SLOTS_PER_SEAT } = stateModule;

/**
 * A fast heuristic: every option gets a score from simple rules of thumb and the best one is taken.
 * In the Watch it kills what one die can kill with the least waste, pools dice on creatures the party can finish,
 * spends abilities on the most dangerous creatures, and burns a card only to keep the campfire lit.
 */

export const NOT_WORTH = -1;

function best(view: DecisionView, score: (view: DecisionView, index: number) => number): number {
  let bestIndex = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < view.options.count; i++) {
    const value = score(view, i);
    if (value > bestScore) {
      bestScore = value;
      bestIndex = i;
    }
  }
  return bestIndex;
}

/** How bad a creature card is to face: Summons worst, then by damage and health. */
function threat(view: DecisionView, card: number): number {
  const t = view.tables;
  if (t.kind[card] === Kind.summon) return 100;
  return 10 * t.damage[card] + t.health[card] / 2 + (t.kind[card] === Kind.unhallowed ? 20 : 0);
}

/** Dice that can reach each Line position, computed once per Watch decision (see chooseWatch). */
const reachable = new Float64Array(96);

/** Total value of the ready dice that can attack this position. */
function reachableDice(view: DecisionView, position: number): number {
  const s = view.state;
  let total = 0;
  for (let seat = 0; seat < SEATS; seat++) {
    if (s.inCombat[seat] === 0 || !view.rules.canAttack(seat, position)) continue;
    for (let k = 0; k < DICE_PER_SEAT; k++) if (s.dieState[seat * DICE_PER_SEAT + k] === Die.ready) total += s.dieValue[seat * DICE_PER_SEAT + k];
  }
  return total;
}

/** A kill is worth its danger; the die it costs is charged at its value (so big creatures go to abilities, small to dice). */
function killScore(view: DecisionView, position: number, dieValue: number): number {
  return 1000 + 100 * view.tables.damage[view.state.lineCard[position]] + 10 * (view.rules.remainingHealth(position) - dieValue);
}

function scoreAttack(view: DecisionView, die: number, position: number): number {
  const s = view.state;
  const value = s.dieValue[die];
  const remaining = view.rules.remainingHealth(position);
  if (value >= remaining) return killScore(view, position, value);
  if (reachable[position] >= remaining) return 400 + 10 * view.tables.damage[s.lineCard[position]] + value;
  return NOT_WORTH;
}

const DEFEATS = new Set(['defeat', 'defeatUpToRoll', 'spendTamedDefeat', 'defeatPair', 'defeatAll']);

/** Exhausting a card costs what one point of damage costs; a die costs its value. */
const EXHAUST_COST = 1000;

function scoreAbility(view: DecisionView, index: number): number {
  const s = view.state;
  const o = view.options;
  const steps = view.tables.abilities[s.slotCard[o.slot[index]]].modes[o.mode[index]];
  const dieValue = o.die[index] >= 0 ? s.dieValue[o.die[index]] : 0;
  const step = steps[Math.max(0, targetedStep(steps))];
  const position = o.target[index];
  if (DEFEATS.has(step.op) && position >= 0) return killValue(view, step, position, dieValue) - (o.die[index] >= 0 ? 0 : EXHAUST_COST - 50);
  const value = effectValue(view, step, position, steps);
  return value <= 0 ? NOT_WORTH : value - (o.die[index] >= 0 ? 5 * dieValue : EXHAUST_COST);
}

function killValue(view: DecisionView, step: AbilityEffect, position: number, dieValue: number): number {
  return killScore(view, position, dieValue) + (step.op === 'defeatPair' ? killScore(view, position + 1, 0) - 1000 : 0);
}

function creatureValue(view: DecisionView, position: number): number {
  return 100 * view.tables.damage[view.state.lineCard[position]] + 10 * view.rules.remainingHealth(position) + 200;
}

function effectValue(view: DecisionView, step: AbilityEffect, position: number, steps: readonly AbilityEffect[]): number {
  const s = view.state;
  switch (step.op) {
    case 'defeatAll':
    case 'reveal':
      return steps.some((other) => DEFEATS.has(other.op)) ? 500 : s.lineLength > 0 ? 150 : 0;
    case 'damage':
      return step.amount >= view.rules.remainingHealth(position) ? creatureValue(view, position) : 100;
    case 'halveHealth':
      return view.rules.remainingHealth(position) >= 8 ? 150 + 10 * view.rules.remainingHealth(position) : 0;
    case 'tame':
      return 450;
    case 'move':
      return step.to === 'deckTop' || step.to === 'deckBottom' ? creatureValue(view, position) - 150 : 0;
    case 'revealBonus':
    case 'attackBonus':
    case 'maxDie':
      return 150;
    case 'rangeBonus':
      return s.lineLength > 1 && s.lineRevealed[1] === 1 ? 120 : 0;
    case 'doubleDiceOnHealth':
      return s.lineLength > 0 && view.rules.health(0) >= step.min ? 200 : 0;
    default:
      return 0;
  }
}

function scorePassive(view: DecisionView, index: number): number {
  const s = view.state;
  const op = view.tables.abilities[s.slotCard[view.options.slot[index]]].passiveOp;
  if (op === 'tameFirst') return 900;
  if (op === 'rerollAttackDie') return 700;
  const cannotKill = reachable[0] < view.rules.remainingHealth(0);
  return op === 'wardFirst' && cannotKill && view.tables.damage[s.lineCard[0]] >= 2 ? 300 : NOT_WORTH;
}

function scoreBurn(view: DecisionView): number {
  const s = view.state;
  return s.fire <= 2 && view.rules.firstFaceDown() >= 0 ? 100 : NOT_WORTH;
}

export function scoreWatch(view: DecisionView, index: number): number {
  const o = view.options;
  switch (o.kind[index]) {
    case OptionKind.attack:
      return scoreAttack(view, o.die[index], o.target[index]);
    case OptionKind.ability:
      return scoreAbility(view, index);
    case OptionKind.passive:
      return scorePassive(view, index);
    case OptionKind.burn:
      return scoreBurn(view);
    default:
      return 0;
  }
}

/** The card to lose: one already used this round, from the adventurer with the most cards left. */
function scoreExhaust(view: DecisionView, index: number): number {
  const s = view.state;
  const slot = view.options.slot[index];
  const seat = Math.floor(slot / SLOTS_PER_SEAT);
  return 10 * s.slotDieUsed[slot] + s.activeCards(seat) - (s.onWatch[seat] === 0 ? 5 : 0);
}

function scoreCamper(view: DecisionView, index: number): number {
  const s = view.state;
  const seat = view.options.target[index];
  return -10 * s.activeCards(seat) - s.rollTotal[seat] / 4;
}

function unhallowedInGraveyard(view: DecisionView): boolean {
  const g = view.state.graveyard;
  for (let i = 0; i < g.size; i++) if (view.tables.kind[g.at(i)] === Kind.unhallowed) return true;
  return false;
}

function scoreRunes(view: DecisionView, runes: number): number {
  let score = 0;
  if ((runes & Rune.vanquish) !== 0 && view.state.horde.size > 0) score += 50;
  if ((runes & Rune.seal) !== 0 && unhallowedInGraveyard(view)) score += 45;
  if ((runes & Rune.bolster) !== 0) score += 20;
  return score;
}

function scoreOwnAction(view: DecisionView, value: number): number {
  const s = view.state;
  const action = view.tables.adventurers[s.camper].camp;
  switch (action.op) {
    case 'heal':
      return 75;
    case 'fire':
      return s.fire <= 11 ? 70 : NOT_WORTH;
    case 'setTrap':
      return 30 + value;
    case 'arrangeTop':
      return 30;
    default:
      return NOT_WORTH;
  }
}

function scoreCamp(view: DecisionView, index: number): number {
  const s = view.state;
  const o = view.options;
  if (o.kind[index] === OptionKind.runes) return scoreRunes(view, o.target[index]);
  if (o.kind[index] === OptionKind.done) return 0;
  const value = s.dieValue[o.die[index]];
  const sides = view.tables.adventurers[s.camper].die;
  switch (o.aux[index]) {
    case Camp.heal:
      return 80 + (s.onWatch[Math.floor(o.slot[index] / SLOTS_PER_SEAT)] === 1 ? 1 : 0);
    case Camp.own:
      return scoreOwnAction(view, value);
    case Camp.chop:
      return (s.fire < 7 ? 60 : s.fire < 12 ? 35 : NOT_WORTH) - value;
    case Camp.scout:
      return 25 - value + (value === sides ? -20 : 0);
    case Camp.checkMap:
      return 5;
    default:
      return NOT_WORTH;
  }
}

function badCard(view: DecisionView, card: number): boolean {
  return threat(view, card) >= 20;
}

function scoutArrangement(view: DecisionView): number {
  const [first, second] = [badCard(view, view.seen[0]), view.options.count > 2 && badCard(view, view.seen[1])];
  const wanted = first && second ? Scout.bothBottom : first ? (view.options.count > 2 ? Scout.secondTopFirstBottom : Scout.bothBottom) : second ? Scout.firstTopSecondBottom : Scout.keep;
  for (let i = 0; i < view.options.count; i++) if (view.options.mode[i] === wanted) return i;
  return 0;
}

/** Elven Scout: the order that puts the most threatening cards deepest. */
function arrangement(view: DecisionView): number {
  const count = view.options.count === 24 ? 4 : view.options.count === 6 ? 3 : view.options.count;
  let bestOrder = 0;
  let bestDepthThreat = -Infinity;
  const orders = permutationsOf(count);
  for (let i = 0; i < orders.length; i++) {
    let depthThreat = 0;
    for (let at = 0; at < count; at++) depthThreat += at * threat(view, view.seen[orders[i][at]]);
    if (depthThreat > bestDepthThreat) {
      bestDepthThreat = depthThreat;
      bestOrder = i;
    }
  }
  return bestOrder;
}

const ORDERS = new Map<number, number[][]>();
function permutationsOf(n: number): number[][] {
  let orders = ORDERS.get(n);
  if (orders === undefined) {
    orders = n <= 1 ? [[0].slice(0, n)] : permutationsOf(n - 1).flatMap((order) => Array.from({ length: n }, (_, at) => [...order.slice(0, at), n - 1, ...order.slice(at)]));
    ORDERS.set(n, orders);
  }
  return orders;
}

function locationScore(view: DecisionView, location: number): number {
  const l = view.tables.locations[location];
  if (l.kind === LocationKind.final) return -100;
  const fire = l.fire === 99 ? -view.state.fire / 2 : l.fire;
  return fire - 2 * l.line + (l.kind === LocationKind.respite ? 4 : 0);
}

function mapChoice(view: DecisionView): number {
  const o = view.options;
  if (o.kind[0] === OptionKind.done) {
    // Teleport: the best seen location, if it beats the current top of the map.
    let choice = 0;
    let bestScore = locationScore(view, view.state.mapDeck.peek());
    for (let i = 1; i < o.count; i++) {
      const score = locationScore(view, view.seen[o.target[i]]);
      if (score > bestScore) [choice, bestScore] = [i, score];
    }
    return choice;
  }
  return locationScore(view, view.seen[1]) > locationScore(view, view.seen[0]) ? 1 : 0;
}

function rerollChoice(view: DecisionView): number {
  const s = view.state;
  const sides = view.tables.adventurers[view.seat].die;
  let choice = 0;
  for (let i = 1; i < view.options.count; i++) {
    const value = s.dieValue[view.options.die[i]];
    if (value * 2 < sides + 1 && (choice === 0 || value < s.dieValue[view.options.die[choice]])) choice = i;
  }
  return choice;
}

function lowestDie(view: DecisionView): number {
  return best(view, (v, i) => -v.state.dieValue[v.options.die[i]]);
}

function weakestUnhallowed(view: DecisionView): number {
  if (view.options.kind[0] === OptionKind.done) return view.options.count > 1 ? 1 : 0;
  return best(view, (v, i) => -threat(v, v.options.target[i]));
}

function mostDangerous(view: DecisionView): number {
  return best(view, (v, i) => threat(v, v.state.lineCard[v.options.target[i]]));
}

/** Score every Watch option after measuring, once, the dice that can reach each revealed creature. */
function chooseWatch(view: DecisionView): number {
  prepareWatchScores(view);
  return best(view, scoreWatch);
}

/** Call before scoreWatch on a new position of the game. */
export function prepareWatchScores(view: DecisionView): void {
  const s = view.state;
  for (let position = 0; position < s.lineLength; position++) reachable[position] = s.lineRevealed[position] === 1 ? reachableDice(view, position) : 0;
}

export function greedyChoice(decision: DecisionKind, view: DecisionView): number {
  switch (decision) {
    case Decision.watch:
      return chooseWatch(view);
    case Decision.exhaust:
      return best(view, scoreExhaust);
    case Decision.camper:
      return best(view, scoreCamper);
    case Decision.camp:
      return best(view, scoreCamp);
    case Decision.refresh:
      return view.options.count > 1 ? 1 : 0;
    case Decision.scout:
      return scoutArrangement(view);
    case Decision.arrange:
      return arrangement(view);
    case Decision.map:
      return mapChoice(view);
    case Decision.reroll:
      return rerollChoice(view);
    case Decision.steal:
      return lowestDie(view);
    case Decision.unhallowed:
      return weakestUnhallowed(view);
    case Decision.target:
      return mostDangerous(view);
    default:
      return 0;
  }
}

export const greedy: StrategyDefinition<SetawatchStrategy> = {
  name: 'greedy',
  description: 'fast rules of thumb: cheapest kills first, pool dice on what can be finished, abilities on the worst threats',
  params: [],
  create: () => ({ name: 'greedy', choose: greedyChoice }),
};
