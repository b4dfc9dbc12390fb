import type { StrategyDefinition } from '../../src/core/game.ts';
import { Activation } from '../../src/games/kyros/cards.ts';
import { Decision, type DecisionKind, type DecisionView, type KyrosStrategy, OptionKind } from '../../src/games/kyros/decisions.ts';
import { DuelNumbers } from '../../src/games/kyros/duel.ts';
import { ITEM_CAPACITY, popcount } from '../../src/games/kyros/state.ts';
import { DuelCache, expectedCounters, worstCounters } from './duel-cache.ts';

/**
 * A fast heuristic for every seat. As a hero it travels to the town with the best expected fame per turn (estimated
 * chance to win against the counters it expects, times 1 + those counters, over the travel turns), rests first when
 * the wounds its gold would heal cost it more than a quarter of its chances, attacks in the phase that trades wounds
 * best, escapes when its estimated chance drops below `escapeBelow`, uses every bomb, reflect and surge it can and
 * heals when hurt, sends an ally into a phase it would lose wounds defending in, and takes and buys the dearest
 * cards. As the player to the attacker's left it plays the Giant Lord's side by `counters`: `adversarial` gives the
 * full number of counters, of the types that lower this hero's estimated chance most, and uses every item it can;
 * `random` gives the full number of counters of random types and uses items at random. The duel estimates are cached
 * (see duel-cache.ts).
 */

const combat = new DuelNumbers();

export interface GreedyParams {
  readonly counters: 'adversarial' | 'random';
  readonly escapeBelow: number;
}

/**
 * Where to go: the town with the best expected fame per turn (chance against the counters the hero expects, times
 * 1 + those counters, over the travel turns), or a rest when the wounds a rest would heal (as far as the gold goes)
 * cost more than a quarter of the best score.
 */
function destination(view: DecisionView, cache: DuelCache): number {
  const s = view.state;
  const o = view.options;
  const seat = view.seat;
  const healable = view.rules.restHeals(seat);
  const life = view.rules.lifeLeft(seat);
  let best = -1;
  let bestScore = -1;
  let healthyBest = -1;
  for (let i = 0; i < o.count; i++) {
    if (o.kind[i] !== OptionKind.town) continue;
    const town = o.a[i];
    const cap = s.counterCap(town);
    const duel = cache.duel(view, seat, town);
    const mask = expectedCounters(duel, cap, life);
    const turns = view.rules.travelTurns(seat, town);
    const score = (duel.winChance(mask, life) * (1 + cap)) / turns;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
    if (healable > 0) healthyBest = Math.max(healthyBest, (duel.winChance(mask, life + healable) * (1 + cap)) / turns);
  }
  if (healable > 0 && bestScore < 0.75 * healthyBest) {
    for (let i = 0; i < o.count; i++) if (o.kind[i] === OptionKind.rest) return i;
  }
  return best;
}

function counters(view: DecisionView, params: GreedyParams, cache: DuelCache): number {
  const s = view.state;
  const o = view.options;
  const cap = s.counterCap(s.town);
  if (params.counters === 'random') {
    let full = 0;
    for (let i = 0; i < o.count; i++) if (popcount(o.a[i]) === cap) full++;
    let pick = view.random.int(full);
    for (let i = 0; i < o.count; i++) if (popcount(o.a[i]) === cap && pick-- === 0) return i;
  }
  const mask = worstCounters(cache.duel(view, s.attacker, s.town), cap, view.rules.lifeLeft(s.attacker));
  for (let i = 0; i < o.count; i++) if (o.a[i] === mask) return i;
  return 0;
}

/** The Giant Lord's items: adversarial uses the first usable one each time (bombs, reflects, surges, heals). */
function lordItem(view: DecisionView, params: GreedyParams): number {
  if (params.counters === 'random') return view.random.int(view.options.count);
  return view.options.count > 1 ? 1 : 0;
}

function heroItem(view: DecisionView): number {
  const s = view.state;
  const t = view.tables;
  const o = view.options;
  const seat = view.seat;
  const life = t.heroLife[s.seatHero[seat]];
  for (let i = 0; i < o.count; i++) {
    if (o.kind[i] !== OptionKind.item) continue;
    const item = s.itemAt(seat, o.a[i]);
    const activation = t.activation[item];
    if (activation !== Activation.heal) return i;
    if (s.wounds[seat] >= t.healAmount[item] || life - s.wounds[seat] <= 3) return i;
  }
  return 0;
}

function phase(view: DecisionView): number {
  return view.rules.describeCombat(combat).bestPhase();
}

/**
 * An ally takes this phase's exchange when the hero would lose wounds defending here and no more allies are needed for
 * the phases still to come where the hero would lose more; the ally most likely to hit goes.
 */
function allyAttack(view: DecisionView): number {
  const s = view.state;
  const t = view.tables;
  const o = view.options;
  const here = view.rules.describeCombat(combat).defendLoss(s.phase);
  if (here <= 0) return 0;
  let worseLater = 0;
  for (let p = s.phase + 1; p < 3; p++) if (p !== s.attackPhase && combat.defendLoss(p) > here) worseLater++;
  if (o.count - 1 <= worseLater) return 0;
  let best = 0;
  let bestValue = -1;
  for (let i = 0; i < o.count; i++) {
    if (o.kind[i] !== OptionKind.ally) continue;
    const value = t.allyValue[s.itemAt(view.seat, o.a[i]) * 3 + s.phase];
    if (value > bestValue) {
      bestValue = value;
      best = i;
    }
  }
  return best;
}

function escape(view: DecisionView, params: GreedyParams): number {
  return view.rules.describeCombat(combat).winChance() < params.escapeBelow ? 1 : 0;
}

/** The dearest card (free card), or the dearest affordable one that leaves 2 gold for healing (buying). */
function card(view: DecisionView, reserve: number): number {
  const s = view.state;
  const t = view.tables;
  const o = view.options;
  let best = 0;
  let bestCost = -1;
  for (let i = 0; i < o.count; i++) {
    if (o.kind[i] !== OptionKind.card) continue;
    const cost = t.itemCost[s.stackAt(s.town, o.a[i])];
    if (s.gold[view.seat] - (reserve > 0 ? cost : 0) < reserve) continue;
    if (cost > bestCost) {
      bestCost = cost;
      best = i;
    }
  }
  return s.itemCount[view.seat] < ITEM_CAPACITY ? best : 0;
}

export function createGreedy(params: GreedyParams, name = 'greedy'): KyrosStrategy {
  const cache = new DuelCache();
  return {
    name,
    choose(decision: DecisionKind, view: DecisionView): number {
      switch (decision) {
        case Decision.destination:
          return destination(view, cache);
        case Decision.counters:
          return counters(view, params, cache);
        case Decision.lordItem:
          return lordItem(view, params);
        case Decision.heroItem:
          return heroItem(view);
        case Decision.phase:
          return phase(view);
        case Decision.escape:
          return escape(view, params);
        case Decision.freeCard:
          return card(view, 0);
        case Decision.buy:
          return card(view, 2);
        case Decision.allyAttack:
          return allyAttack(view);
        case Decision.heal:
          return 0; // as far as the gold goes

        default:
          return 0;
      }
    },
  };
}

export const greedy: StrategyDefinition<KyrosStrategy> = {
  name: 'greedy',
  description: 'fast heuristic heroes; the player to the left plays the Giant Lord adversarially (counters=adversarial) or at random (counters=random)',
  params: [
    { name: 'counters', kind: 'enum', values: ['adversarial', 'random'], default: 'adversarial', description: "how the player to the attacker's left gives counters and uses the Giant Lord's items" },
    { name: 'escapeBelow', kind: 'number', min: 0, max: 1, default: 0.2, description: 'escape when the estimated chance to win the combat drops below this' },
  ],
  create: (params) => createGreedy({ counters: params.counters === 'random' ? 'random' : 'adversarial', escapeBelow: Number(params.escapeBelow ?? 0.2) }),
};
