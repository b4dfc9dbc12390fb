import type { StrategyDefinition } from '../../src/core/game.ts';
import { CampaignDecision, type CampaignDecisionKind, type CampaignView, type DoomedrunStrategy, ESCALATE_ADD, FALCON_HOLD, falconDie, falconTarget } from '../../src/games/doomedrun/decisions.ts';
import { MAX_PARTY, Where } from '../../src/games/doomedrun/state.ts';
import { cardWorth } from '../setawatch/greedy.ts';
import { watchParams, watchStrategy } from './watch.ts';

/**
 * Campaign rules of thumb over a Set a Watch strategy (greedy by default): field the strongest printed adventurers,
 * keep Side Quests that add Adventurers or Mythic Items at a low cost, leave the weakest Party member as Warden (not
 * the one holding Items: that pulled strong members out), spread damage so nobody dies, refresh whoever is closest to
 * death, raise Summon tiers rather than add cards, strike with the Falcon only to defeat, let the Bard borrow a card
 * only when it is worth more than his own card aside by Set a Watch greedy's measured card worth (card-worth.ts).
 */

/**
 * Party preference, strongest first: the order of deaths per expedition fielded with greedy Watch play (Random Runs,
 * random reinforcements, 400 seeds: Warrior 9% ... Artificer 14%); unlisted adventurers after.
 */
const PREFERENCE = ['warrior', 'ranger', 'wizard', 'cleric', 'beastmaster', 'bard', 'royal', 'rogue', 'barbarian', 'artificer'];

/** Recalling the current Warden ends its Boon: greedy recalls them only when no other Warden is left. */
const BOON_KEPT = 100;

function strength(view: CampaignView, adventurer: number): number {
  const id = view.tables.adventurerIds[adventurer];
  const rank = PREFERENCE.indexOf(id);
  let items = 0;
  for (let i = 0; i < view.run.itemHolder.length; i++) if (view.run.itemHolder[i] === adventurer) items++;
  return (rank < 0 ? 0 : 20 - rank) + 3 * items;
}

function questValue(view: CampaignView, quest: number): number {
  const q = view.tables.quests[quest];
  const run = view.run;
  let value = 0;
  for (const r of q.reward) {
    if (r.op === 'join') value += run.where[view.tables.adventurerIds.indexOf(r.adventurer)] === Where.absent ? 12 : 0;
    else if (r.op === 'mythic') {
      const where = run.where[view.tables.adventurerIds.indexOf(r.adventurer)];
      value += where === Where.company || where === Where.party || where === Where.warden ? 6 : 0;
    } else if (r.op === 'coins') value += r.amount;
    else if (r.op === 'fire') value += r.amount;
    else if (r.op === 'doom') value -= 3 * r.amount;
    else if (r.op === 'refresh') value += 3 * r.count;
    else value += 3;
  }
  for (const c of q.cost) {
    if (c.op === 'exhaustEach') value -= exhaustEachCost(view);
    else if (c.op === 'fire') value += c.amount;
    else if (c.op === 'doom') value -= 5 * c.amount;
    else if (c.op === 'coins') value -= Math.min(run.coins, -c.amount);
    else value -= 8;
  }
  return value;
}

/** "Each Adventurer exhausts one Ability": dearer for each Party member it would leave at one card or none. */
function exhaustEachCost(view: CampaignView): number {
  let cost = 0;
  for (let seat = 0; seat < MAX_PARTY; seat++) cost += view.state.activeCards(seat) <= 1 ? 3 : 1;
  return cost;
}

/** The option with the highest score for this decision (the first of equals); no closure per decision. */
function best(decision: CampaignDecisionKind, view: CampaignView): number {
  let bestIndex = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < view.count; i++) {
    const value = optionScore(decision, view, view.options[i]);
    if (value > bestScore) {
      bestScore = value;
      bestIndex = i;
    }
  }
  return bestIndex;
}

/** How much greedy likes option `value` (an adventurer, quest, item, seat, card or choice, by decision). */
function optionScore(decision: CampaignDecisionKind, view: CampaignView, value: number): number {
  switch (decision) {
    case CampaignDecision.party:
    case CampaignDecision.replacement:
      return strength(view, value);
    case CampaignDecision.recall:
      return value === view.run.warden ? -BOON_KEPT : strength(view, value);
    case CampaignDecision.sideQuestKeep:
    case CampaignDecision.sideQuestTop:
      return questValue(view, value);
    case CampaignDecision.warden:
      return -strength(view, value);
    case CampaignDecision.purchase:
      return value < 0 ? 0 : 10 - view.tables.items[value].price;
    case CampaignDecision.holder:
    case CampaignDecision.refresh:
      return -view.state.activeCards(value);
    case CampaignDecision.escalate:
      return value === ESCALATE_ADD ? 0 : 10 - view.tables.summonTier[view.run.summons[value]];
    case CampaignDecision.lossExhaust:
      return view.state.activeCards(value);
    case CampaignDecision.falcon:
      return falconValue(view, value, false);
    case CampaignDecision.falconLast:
      return falconValue(view, value, true);
    case CampaignDecision.borrow:
      return cardWorth(view.tables.cards, value);
    case CampaignDecision.doomOrExhaust:
      return doomValue(view, value);
    default:
      return 0;
  }
}

export function greedyCampaign(decision: CampaignDecisionKind, view: CampaignView): number {
  return best(decision, view);
}

/**
 * The Falcon strikes only to defeat: during the Watch alone (the dice are the Watch's), when the Watch ends with a
 * spare die too. The most damaging creature first, then the toughest, then the smallest die.
 */
function falconValue(view: CampaignView, option: number, last: boolean): number {
  if (option === FALCON_HOLD) return 0;
  const die = falconDie(option);
  if (die >= 0 && !last) return -1;
  const position = falconTarget(option);
  const dieValue = die < 0 ? 0 : view.state.dieValue[die];
  const left = view.line.remainingHealth(position);
  if (view.tables.content.rules.falconDamage + dieValue < left) return -1;
  return 100 * (1 + view.tables.cards.damage[view.state.lineCard[position]]) + 10 * left - dieValue;
}

/**
 * A Doomed Summon: take the Doom while it stays within the limit (it costs nothing yet), else exhaust the cards when
 * those on Watch keep more than that many active, else take the Doom and its Unhallowed.
 */
function doomValue(view: CampaignView, option: number): number {
  const amount = Math.abs(option);
  const takesDoom = option > 0;
  if (view.run.doom + amount <= view.tables.content.rules.doomLimit) return takesDoom ? 1 : 0;
  return takesDoom === view.state.watchActiveCards() <= amount ? 1 : 0;
}

export const greedy: StrategyDefinition<DoomedrunStrategy> = {
  name: 'greedy',
  description: 'campaign rules of thumb (strongest Party, cheap Side Quests that add Adventurers, weakest Warden) over a Set a Watch strategy',
  params: watchParams('greedy'),
  create: (params) => ({ name: 'greedy', watch: watchStrategy(String(params.watch ?? 'greedy'), params), campaign: greedyCampaign }),
};
