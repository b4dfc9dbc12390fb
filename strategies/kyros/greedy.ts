import type { StrategyDefinition } from '../../src/core/game.ts';
import { Activation } from '../../src/games/kyros/cards.ts';
import { Decision, type DecisionKind, type DecisionView, type KyrosStrategy, OptionKind } from '../../src/games/kyros/decisions.ts';
import { DuelNumbers } from '../../src/games/kyros/duel.ts';
import { ITEM_CAPACITY, popcount } from '../../src/games/kyros/state.ts';

/**
 * A fast heuristic for every seat. As a hero it travels to the town with the best expected fame per turn (estimated
 * chance to win against the counters it expects, times 1 + those counters, over the travel turns), rests first when
 * its wounds cost it more than a quarter of its chances, attacks in the phase that trades wounds best, escapes when
 * its estimated chance drops below `escapeBelow`, uses every bomb, reflect and surge it can and heals when hurt, and
 * takes and buys the dearest cards. As the player to the attacker's left it plays the Giant Lord's side by `counters`:
 * `adversarial` gives the full number of counters, of the types that lower this hero's estimated chance most, and
 * uses every item it can; `random` gives the full number of counters of random types and uses items at random.
 */

const duel = new DuelNumbers();
const base = new DuelNumbers();
const shifted = new DuelNumbers();
/** Counter masks of each size (0-5 counters), smallest mask first. */
const MASKS_OF_SIZE: readonly Int8Array[] = [0, 1, 2, 3, 4, 5].map((size) => Int8Array.from(Array.from({ length: 32 }, (_, mask) => mask).filter((mask) => popcount(mask) === size)));

export interface GreedyParams {
  readonly counters: 'adversarial' | 'random';
  readonly escapeBelow: number;
}

/** The counter set of `cap` types that lowers the hero's estimated chance most (the first such mask on ties); fills `duel` with it. */
export function worstCounters(view: DecisionView, seat: number, town: number, cap: number): number {
  view.rules.describeDuel(seat, town, 0, base);
  const masks = MASKS_OF_SIZE[cap];
  let worst = masks[0];
  let lowest = 2;
  for (let i = 0; i < masks.length; i++) {
    const odds = shifted.withCounters(base, masks[i]).winChance();
    if (odds < lowest) {
      lowest = odds;
      worst = masks[i];
    }
  }
  duel.withCounters(base, worst);
  return worst;
}

const harm = new Float64Array(5);

/**
 * The hero's own guess of the counters it will face, cheaper than worstCounters: the `cap` types that each lower its
 * estimated chance most on their own. Fills `duel` with the duel against them.
 */
function expectedCounters(view: DecisionView, seat: number, town: number, cap: number): void {
  view.rules.describeDuel(seat, town, 0, base);
  for (let c = 0; c < 5; c++) harm[c] = shifted.withCounters(base, 1 << c).winChance();
  let mask = 0;
  for (let k = 0; k < cap; k++) {
    let pick = -1;
    for (let c = 0; c < 5; c++) if ((mask & (1 << c)) === 0 && (pick < 0 || harm[c] < harm[pick])) pick = c;
    mask |= 1 << pick;
  }
  duel.withCounters(base, mask);
}

function destination(view: DecisionView): number {
  const s = view.state;
  const o = view.options;
  const seat = view.seat;
  let best = -1;
  let bestScore = -1;
  let healthyBest = -1;
  for (let i = 0; i < o.count; i++) {
    if (o.kind[i] !== OptionKind.town) continue;
    const town = o.a[i];
    const cap = s.counterCap(town);
    expectedCounters(view, seat, town, cap);
    const turns = view.rules.travelTurns(seat, town);
    const score = (duel.winChance() * (1 + cap)) / turns;
    duel.heroLifeLeft += s.wounds[seat];
    const healthy = (duel.winChance() * (1 + cap)) / turns;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
    if (healthy > healthyBest) healthyBest = healthy;
  }
  if (s.wounds[seat] > 0 && bestScore < 0.75 * healthyBest) {
    for (let i = 0; i < o.count; i++) if (o.kind[i] === OptionKind.rest) return i;
  }
  return best;
}

function counters(view: DecisionView, params: GreedyParams): number {
  const s = view.state;
  const o = view.options;
  const cap = s.counterCap(s.town);
  if (params.counters === 'random') {
    let full = 0;
    for (let i = 0; i < o.count; i++) if (popcount(o.a[i]) === cap) full++;
    let pick = view.random.int(full);
    for (let i = 0; i < o.count; i++) if (popcount(o.a[i]) === cap && pick-- === 0) return i;
  }
  const mask = worstCounters(view, s.attacker, s.town, cap);
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
  return view.rules.describeCombat(duel).bestPhase();
}

function escape(view: DecisionView, params: GreedyParams): number {
  return view.rules.describeCombat(duel).winChance() < params.escapeBelow ? 1 : 0;
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
  return {
    name,
    choose(decision: DecisionKind, view: DecisionView): number {
      switch (decision) {
        case Decision.destination:
          return destination(view);
        case Decision.counters:
          return counters(view, params);
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
