import type { StrategyDefinition } from '../../src/core/game.ts';
import type { RandomStream } from '../../src/core/rng.ts';
import { Rest, type NecreauxStrategy, type NecreauxView } from '../../src/games/necreaux/decisions.ts';

/** The highest speed the random strategy picks (0 = rest). */
const MAX_RANDOM_SPEED = 15;

/**
 * Uniformly random legal answers to every decision, drawn only from the engine's `strategy` stream. For fuzzing:
 * it reaches corners of the rules a sensible strategy never visits.
 */
class RandomStrategy implements NecreauxStrategy {
  readonly name = 'random';

  keepSkills(view: NecreauxView, agent: number): number {
    return view.handAt(agent, rng(view).int(view.handSize(agent)));
  }

  poolSwap(view: NecreauxView): number {
    const choice = rng(view).int(view.poolSize() + 1);
    return choice === view.poolSize() ? -1 : view.poolAt(choice);
  }

  swapOut(view: NecreauxView, agent: number): number {
    return view.skillAt(agent, rng(view).int(view.skillCount(agent)));
  }

  draftPick(view: NecreauxView, agent: number): number {
    return view.handAt(agent, rng(view).int(view.handSize(agent)));
  }

  soloBonusKeep(view: NecreauxView, first: number, second: number): number {
    return coin(view) ? first : second;
  }

  returnCard(view: NecreauxView, player: number): number {
    return view.handAt(player, rng(view).int(view.handSize(player)));
  }

  spendXp(view: NecreauxView, xp: number): number {
    return pickAgent(view, (a) => view.isActing(a) && view.xpCost(a) <= xp, true);
  }

  chooseSpeed(view: NecreauxView): number {
    return rng(view).int(MAX_RANDOM_SPEED + 1);
  }

  useAbility(view: NecreauxView): boolean {
    return coin(view);
  }

  chargeTarget(view: NecreauxView, source: number): number {
    return pickTeamCard(view, (card) => view.canCharge(card, source), false);
  }

  enableTarget(view: NecreauxView): number {
    return pickTeamCard(view, (card) => view.canEnable(card), true);
  }

  skillRecipient(view: NecreauxView): number {
    return pickAgent(view, (a) => view.isActing(a), false);
  }

  peekToBottom(view: NecreauxView): boolean {
    return coin(view);
  }

  chooseHolder(view: NecreauxView): number {
    return pickAgent(view, (a) => view.canHold(a), false);
  }

  fight(view: NecreauxView): boolean {
    return coin(view);
  }

  lootPick(view: NecreauxView): number {
    const choice = rng(view).int(view.lootSize() + 1);
    return choice === view.lootSize() ? -1 : view.lootAt(choice);
  }

  parasiteHost(view: NecreauxView): number {
    const choices: number[] = [];
    for (let a = 0; a < view.agents; a++) {
      if (view.isActing(a)) for (let i = 0; i < view.skillCount(a); i++) choices.push(view.skillAt(a, i));
    }
    return pickFrom(view, choices, false);
  }

  damageAgent(view: NecreauxView): number {
    return pickAgent(view, (a) => view.canDamageAgent(a), false);
  }

  damageCard(view: NecreauxView, agent: number): number {
    let legal = 0;
    for (let i = 0; i < view.skillCount(agent); i++) if (view.canDamageCard(agent, view.skillAt(agent, i))) legal++;
    let pick = rng(view).int(legal);
    for (let i = 0; i < view.skillCount(agent); i++) {
      const card = view.skillAt(agent, i);
      if (view.canDamageCard(agent, card) && pick-- === 0) return card;
    }
    return -1;
  }

  speedTestRoller(view: NecreauxView): number {
    return pickAgent(view, (a) => view.isActing(a), false);
  }

  traitTestAgent(view: NecreauxView): number {
    return pickAgent(view, (a) => view.isActing(a), false);
  }

  traitDamageDie(view: NecreauxView, first: number, second: number): number {
    return coin(view) ? first : second;
  }

  claimTraitReward(view: NecreauxView): boolean {
    return coin(view);
  }

  restAction(view: NecreauxView, agent: number): number {
    let disabled = false;
    for (let i = 0; i < view.skillCount(agent); i++) if (view.isFaceDown(view.skillAt(agent, i))) disabled = true;
    const action = rng(view).int(disabled ? 3 : 2);
    return disabled ? action : action === 0 ? Rest.charge : Rest.decline;
  }

  restTarget(view: NecreauxView, agent: number, action: number): number {
    const cards = action === Rest.enable ? view.skillCount(agent) : view.skillCount(agent) + view.heldCount(agent);
    let legal = 0;
    for (let i = 0; i < cards; i++) if (restTargetLegal(view, agent, action, i)) legal++;
    let pick = rng(view).int(legal);
    for (let i = 0; i < cards; i++) if (restTargetLegal(view, agent, action, i) && pick-- === 0) return agentCard(view, agent, i);
    return -1;
  }

  transferItem(view: NecreauxView): number {
    return pickHeldCard(view, (card) => view.canTransfer(card));
  }

  resolveRestDraw(view: NecreauxView): boolean {
    return coin(view);
  }

  escape(view: NecreauxView): boolean {
    return coin(view);
  }

  /** A uniformly random non-empty proper subset of the acting agents. */
  splitTeam(view: NecreauxView): number {
    const acting: number[] = [];
    for (let a = 0; a < view.agents; a++) if (view.isActing(a)) acting.push(a);
    const subset = 1 + rng(view).int((1 << acting.length) - 2);
    let mask = 0;
    acting.forEach((agent, i) => {
      if ((subset & (1 << i)) !== 0) mask |= 1 << agent;
    });
    return mask;
  }

  regroup(view: NecreauxView): boolean {
    return coin(view);
  }
}

function rng(view: NecreauxView): RandomStream {
  return view.strategyRandom;
}

function coin(view: NecreauxView): boolean {
  return view.strategyRandom.int(2) === 1;
}

/** A uniformly random legal agent (or -1 as one more choice when `orStop`). */
function pickAgent(view: NecreauxView, legal: (agent: number) => boolean, orStop: boolean): number {
  const choices: number[] = [];
  for (let a = 0; a < view.agents; a++) if (legal(a)) choices.push(a);
  return pickFrom(view, choices, orStop);
}

/** A uniformly random legal card (skill or held) of the acting team. */
function pickTeamCard(view: NecreauxView, legal: (card: number) => boolean, orStop: boolean): number {
  const choices: number[] = [];
  for (let a = 0; a < view.agents; a++) {
    if (!view.isActing(a)) continue;
    for (let i = 0; i < view.skillCount(a) + view.heldCount(a); i++) {
      const card = agentCard(view, a, i);
      if (legal(card)) choices.push(card);
    }
  }
  return pickFrom(view, choices, orStop);
}

/** A legal card held by an acting agent, or -1 (stop), uniformly. */
function pickHeldCard(view: NecreauxView, legal: (card: number) => boolean): number {
  const choices: number[] = [];
  for (let a = 0; a < view.agents; a++) {
    if (!view.isActing(a)) continue;
    for (let i = 0; i < view.heldCount(a); i++) if (legal(view.heldAt(a, i))) choices.push(view.heldAt(a, i));
  }
  return pickFrom(view, choices, true);
}

function pickFrom(view: NecreauxView, choices: readonly number[], orStop: boolean): number {
  const pick = rng(view).int(choices.length + (orStop ? 1 : 0));
  return pick === choices.length ? -1 : choices[pick];
}

/** The agent's i-th card: its skill cards first, then the cards it holds. */
function agentCard(view: NecreauxView, agent: number, index: number): number {
  return index < view.skillCount(agent) ? view.skillAt(agent, index) : view.heldAt(agent, index - view.skillCount(agent));
}

function restTargetLegal(view: NecreauxView, agent: number, action: number, index: number): boolean {
  const card = agentCard(view, agent, index);
  return action === Rest.enable ? view.canEnable(card) : view.canCharge(card, -1);
}

export const random: StrategyDefinition<NecreauxStrategy> = {
  name: 'random',
  description: 'Uniformly random legal answers (for fuzzing), from the strategy stream only',
  params: [],
  create: () => new RandomStrategy(),
};

export default random;
