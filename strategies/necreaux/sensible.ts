import { Kind, Op, Rest, Roll, type NecreauxStrategy, type NecreauxView } from '../../src/games/necreaux/decisions.ts';

/** The team that drew the Sliding Wall (view.actingTeam). */
const MAIN_TEAM = 0;
/** Monsters this strong are delayed, evaded or destroyed when a card allows it. */
const DANGEROUS_CV = 8;
/** The kinds of card a peek sends to the bottom (bit per Kind). */
const NOT_WORTH_A_DRAW = (1 << Kind.monster) | (1 << Kind.trap) | (1 << Kind.item) | (1 << Kind.room);

/**
 * Plain, sensible answers to every decision; the named strategies extend it and override the choices that make
 * them what they are (the speed above all). Nothing here allocates.
 */
export abstract class SensibleStrategy implements NecreauxStrategy {
  abstract readonly name: string;
  /** The speed (0 = rest); `chooseSpeed` asks it after clearing the per-turn memory below. */
  protected abstract pickSpeed(view: NecreauxView): number;

  /**
   * Per-turn memory, keyed by the turn and the deck so that it can never carry over from one game to the next (it is
   * also cleared whenever a speed is chosen): the turn start of the last peek (-1: none).
   */
  private peekedKey = -1;

  chooseSpeed(view: NecreauxView): number {
    this.peekedKey = -1;
    return this.pickSpeed(view);
  }

  // --- Agent creation ---

  keepSkills(view: NecreauxView, agent: number): number {
    return handCardBy(view, agent, -1);
  }

  /** The pool's most useful card, when it is more useful than the agent's least useful skill. */
  poolSwap(view: NecreauxView, agent: number): number {
    let best = -1;
    let bestWorth = skillWorth(view, leastUsefulSkill(view, agent));
    for (let i = 0; i < view.poolSize(); i++) {
      const worth = skillWorth(view, view.poolAt(i));
      if (worth > bestWorth) {
        best = view.poolAt(i);
        bestWorth = worth;
      }
    }
    return best;
  }

  swapOut(view: NecreauxView, agent: number): number {
    return leastUsefulSkill(view, agent);
  }

  draftPick(view: NecreauxView, agent: number): number {
    return handCardBy(view, agent, 1);
  }

  /** A lone agent, whose games are lost by dying, keeps the card with more charges (0.5 pp above the worth list). */
  soloBonusKeep(view: NecreauxView, first: number, second: number): number {
    return view.startCharges(second) > view.startCharges(first) ? second : first;
  }

  /** No Time To Waste: keep the most helpful card in the game (rooms, then items, events, traps, monsters). */
  returnCard(view: NecreauxView, player: number): number {
    let best = view.handAt(player, 0);
    for (let i = 1; i < view.handSize(player); i++) {
      const card = view.handAt(player, i);
      if (helpfulness(view.kind(card)) > helpfulness(view.kind(best))) best = card;
    }
    return best;
  }

  // --- Each turn ---

  spendXp(view: NecreauxView, xp: number): number {
    const agent = fewestSkills(view);
    return view.xpCost(agent) <= xp ? agent : -1;
  }

  useAbility(view: NecreauxView, ability: number): boolean {
    const current = view.currentCard;
    const op = view.abilityOp(ability);
    // A combat tie does nothing; rerolling it is only worth it when a hit is likelier than a miss (CV below 7).
    if (op === Op.reroll && view.rollTies && view.monsterCv >= 7) return false;
    if (welcomesSplit(view) && (op === Op.avoidCard || op === Op.reroll || op === Op.rollBonus)) return false;
    if ((op === Op.reroll || op === Op.rollBonus) && speedOutOfReach(view)) return lessensShortfall(view, ability);
    switch (op) {
      case Op.delay:
        return isDangerous(view, current);
      case Op.evadeMonster:
        return isDangerous(view, current) || !fightWorthIt(view);
      case Op.avoidCard:
        return view.kind(current) !== Kind.trap || harmfulTrap(view, current);
      case Op.destroyCard:
        return current < 0 || isDangerous(view, current) || harmfulTrap(view, current);
      case Op.monsterHit:
        // Charges are worth keeping for fights that would hurt.
        return view.monsterHits < view.monsterHealth && fightCost(view) >= MONSTER_HIT_WORTH;
      case Op.peek:
        // Looking again at the same top cards tells nothing new: one peek per team turn.
        if (this.peekedKey === turnKey(view)) return false;
        this.peekedKey = turnKey(view);
        return true;
      case Op.preventDamage:
        // Prevention is bought for the point about to land; more would be wasted.
        return view.preventionHeld(view.holderOf(view.abilityCard(ability))) === 0;
      case Op.charge:
        // The Scientists' charges are kept to destroy a card: one destroys a trap that would cost a countdown step,
        // where Perfect Strategist buys a step for three.
        return view.kind(view.abilityCard(ability)) !== Kind.scientists;
      case Op.rest:
        return isHurt(view);
      default:
        return true;
    }
  }

  /** The Scientists, else the team's skill card that buys time, else the one furthest below its starting charges. */
  chargeTarget(view: NecreauxView, source: number): number {
    if (view.canCharge(view.scientistsCard, source)) return view.scientistsCard;
    let best = -1;
    let bestPriority = 0;
    for (let a = 0; a < view.agents; a++) {
      if (!view.isActing(a)) continue;
      for (let i = 0; i < view.skillCount(a); i++) {
        const card = view.skillAt(a, i);
        if (!view.canCharge(card, source)) continue;
        const priority = chargePriority(view, card);
        if (best < 0 || priority > bestPriority) {
          best = card;
          bestPriority = priority;
        }
      }
    }
    return best >= 0 ? best : anyChargeable(view, source);
  }

  enableTarget(view: NecreauxView): number {
    for (let a = 0; a < view.agents; a++) {
      if (!view.isActing(a)) continue;
      for (let i = 0; i < view.skillCount(a); i++) if (view.canEnable(view.skillAt(a, i))) return view.skillAt(a, i);
    }
    return -1;
  }

  skillRecipient(view: NecreauxView): number {
    return fewestSkills(view);
  }

  /**
   * A card put to the bottom goes under the Escape Shuttle's pile, so the shuttle comes a draw nearer: every card not
   * worth a draw goes (monsters, traps, items, rooms); events, among them the time gifts, stay, and so do the Scientists
   * and caches. A Sliding Wall stays while the team is together (a split explores twice as fast) and goes while it is
   * split (a second one would regroup it). Measured at Level 6 with 4 agents against sending only traps and monsters
   * of CV 8 or more: 46.0% -> 53.1% won (RULES.md, "Then the sensible strategies evade, peek and spend on time").
   */
  peekToBottom(view: NecreauxView, card: number): boolean {
    if (view.isSlidingWall(card)) return view.split;
    return ((1 << view.kind(card)) & NOT_WORTH_A_DRAW) !== 0;
  }

  chooseHolder(view: NecreauxView): number {
    return healthiest(view);
  }

  // --- Combat ---

  /**
   * Fight on while the expected damage of fighting to the end is below the cost of fleeing: one damage per agent,
   * the rest of the turn's draws, and the Monster Loot (and the monster's own loot) given up. Each round is a fresh
   * decision (damage already taken is sunk). A team that cannot survive the expected fight flees, unless it can evade
   * the monster instead (at the round's start), which costs neither damage nor the turn.
   */
  fight(view: NecreauxView): boolean {
    return fightWorthIt(view) || teamCanEvade(view);
  }

  lootPick(view: NecreauxView): number {
    return view.lootAt(view.lootSize() - 1);
  }

  /** A disabled skill card if the team has one (its text is lost already). */
  parasiteHost(view: NecreauxView): number {
    let host = -1;
    for (let a = 0; a < view.agents; a++) {
      if (!view.isActing(a)) continue;
      for (let i = 0; i < view.skillCount(a); i++) {
        const card = view.skillAt(a, i);
        if (host < 0 || (view.isFaceDown(card) && !view.isFaceDown(host))) host = card;
      }
    }
    return host;
  }

  // --- Damage ---

  damageAgent(view: NecreauxView): number {
    let best = -1;
    for (let a = 0; a < view.agents; a++) {
      if (view.canDamageAgent(a) && (best < 0 || view.health(a) > view.health(best))) best = a;
    }
    return best;
  }

  /**
   * Disable a face-up card while the agent keeps another face-up; otherwise lose a disabled one (the rulebook's tip).
   * Among those, spare the card that buys time, then the one with the most charges.
   */
  damageCard(view: NecreauxView, agent: number): number {
    // Hearts: two per face-up card, one per face-down one.
    const faceUp = view.health(agent) - view.skillCount(agent);
    const preferFaceUp = faceUp >= 2;
    let choice = -1;
    for (let i = 0; i < view.skillCount(agent); i++) {
      const card = view.skillAt(agent, i);
      if (!view.canDamageCard(agent, card)) continue;
      if (choice < 0 || (view.isFaceDown(card) !== preferFaceUp && view.isFaceDown(choice) === preferFaceUp)) choice = card;
      else if (view.isFaceDown(card) === view.isFaceDown(choice) && damageCost(view, card) < damageCost(view, choice)) choice = card;
    }
    return choice;
  }

  // --- Tests ---

  speedTestRoller(view: NecreauxView): number {
    return welcomesSplit(view) ? slowestRoller(view) : bestSpeedRoller(view);
  }

  traitTestAgent(view: NecreauxView, trait: number): number {
    let best = -1;
    let bestTally = 0;
    for (let a = 0; a < view.agents; a++) {
      if (!view.isActing(a)) continue;
      const tally = view.traitTally(a, trait);
      if (best < 0 || tally > bestTally) {
        best = a;
        bestTally = tally;
      }
    }
    return best;
  }

  traitDamageDie(_view: NecreauxView, first: number, second: number): number {
    return Math.min(first, second);
  }

  claimTraitReward(): boolean {
    return true;
  }

  // --- Rest ---

  restAction(view: NecreauxView, agent: number): number {
    for (let i = 0; i < view.skillCount(agent); i++) if (view.isFaceDown(view.skillAt(agent, i))) return Rest.enable;
    return view.parasiteCount(agent) > 0 ? Rest.decline : Rest.charge;
  }

  /** Enable the first disabled card; charge the card that buys time, else the one furthest below its starting charges. */
  restTarget(view: NecreauxView, agent: number, action: number): number {
    return action === Rest.enable ? firstDisabledSkill(view, agent) : neediestSkill(view, agent);
  }

  transferItem(): number {
    return -1;
  }

  resolveRestDraw(view: NecreauxView, card: number): boolean {
    const kind = view.kind(card);
    return kind !== Kind.monster && kind !== Kind.trap && kind !== Kind.event;
  }

  // --- Escape and the Sliding Wall ---

  escape(view: NecreauxView): boolean {
    return teamHasScientists(view) || view.countdown <= 1 || !scientistsReachable(view);
  }

  /** The lost team: the upper half of the acting agents. */
  splitTeam(view: NecreauxView): number {
    const acting = view.actingCount();
    let mask = 0;
    let seen = 0;
    for (let a = 0; a < view.agents; a++) {
      if (!view.isActing(a)) continue;
      if (seen++ >= acting / 2) mask |= 1 << a;
    }
    return mask;
  }

  /**
   * Split teams explore twice as fast (the rulebook's Clue #5), so stay split until the Escape Shuttle is found;
   * then regroup, since the Scientists may be on the other team, but only when the team outlives the steps it costs
   * (a main team's turn loses two). A lost team holding the shuttle regroups anyway: the escape is offered only
   * before a countdown move, and its turns move the countdown only when it regroups.
   */
  regroup(view: NecreauxView): boolean {
    const steps = view.actingTeam === MAIN_TEAM ? 2 : 1;
    const outlivesIt = view.countdown - steps >= (view.uncertainEnding ? 0 : 1);
    return (view.shuttleFound && outlivesIt) || (view.actingTeam !== MAIN_TEAM && teamHasShuttle(view));
  }
}

// --- Combat arithmetic ---

/** The ways (of 36) to roll t on 2d6, t = 2..12. */
const TWO_D6_WAYS = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
/** P(2d6 = t), t = 2..12. */
const TWO_D6 = TWO_D6_WAYS.map((n) => n / 36);
/** P(2d6 > cv) and P(2d6 < cv). */
const ABOVE = new Float64Array(20);
const BELOW = new Float64Array(20);
for (let cv = 0; cv < 20; cv++) {
  for (let t = 2; t <= 12; t++) {
    if (t > cv) ABOVE[cv] += TWO_D6[t];
    if (t < cv) BELOW[cv] += TWO_D6[t];
  }
}
/** Paid monster hits are spent only on fights expected to cost at least this much damage. */
const MONSTER_HIT_WORTH = 0.8;
/** Damage-equivalent of one adventure draw lost to fleeing (fleeing ends the turn), when time is short. */
const DRAW_VALUE = 0.4;
/** Damage-equivalent of one Monster Loot card given up. */
const LOOT_VALUE = 1;

/** Expected damage of fighting the current monster to the end (plain 2d6; bonuses and Brutal not counted). */
export function fightCost(view: NecreauxView): number {
  const cv = Math.min(19, Math.max(0, view.monsterCv));
  const agents = view.actingCount();
  const hit = ABOVE[cv];
  if (hit <= 0 || agents === 0) return Infinity;
  const rounds = Math.max(0, view.monsterHealth - view.monsterHits) / (agents * hit);
  const cost = rounds * agents * BELOW[cv];
  // A fight the team cannot expect to survive is not worth any loot.
  return cost >= 0.8 * teamHearts(view) ? Infinity : cost;
}

function fightWorthIt(view: NecreauxView): boolean {
  return fightCost(view) <= fleeCost(view);
}

/** An acting agent holds an active card whose evade ability it can pay for now. */
function teamCanEvade(view: NecreauxView): boolean {
  for (let a = 0; a < view.agents; a++) {
    if (!view.isActing(a)) continue;
    for (let i = 0; i < view.skillCount(a); i++) if (view.canAffordOp(view.skillAt(a, i), Op.evadeMonster)) return true;
    for (let i = 0; i < view.heldCount(a); i++) if (view.canAffordOp(view.heldAt(a, i), Op.evadeMonster)) return true;
  }
  return false;
}

/**
 * One damage per agent, plus the draws the turn loses when time is short, plus the loot given up; on the last turn
 * without the Escape Shuttle fleeing loses the game (it ends the turn, and the countdown runs out).
 */
export function fleeCost(view: NecreauxView): number {
  if (lastTurnWithoutShuttle(view)) return Infinity;
  const drawsLost = view.speed > 0 ? Math.max(0, view.speed - view.drawn) : 0;
  const timeShort = cardsToShuttle(view) > (turnsLeft(view) - 1) * 10 ? 1 : 0.25;
  const loot = view.currentCard >= 0 ? Math.min(view.lootValue(view.currentCard), view.lootSize()) : 0;
  return view.actingCount() + DRAW_VALUE * timeShort * drawsLost + LOOT_VALUE * loot;
}

/** A trap is avoided or destroyed when it is at least this likely to fail (charges are kept for traps that would hurt). */
const AVOID_TRAP_CHANCE = 0.5;

/** A trap likely to fail at the current speed (a Sliding Wall is welcome: see welcomesSplit). */
function harmfulTrap(view: NecreauxView, card: number): boolean {
  return view.kind(card) === Kind.trap && !view.isSlidingWall(card) && trapFailChance(view, card) >= AVOID_TRAP_CHANCE;
}

/** The chance that the trap fails at the current speed (plain 2d6, the roller's bonuses not counted). */
function trapFailChance(view: NecreauxView, trap: number): number {
  if (!view.hasSpeedTest(trap)) return 1;
  const speed = Math.min(19, view.speed);
  return view.failsAboveSpeed(trap) ? ABOVE[speed] : BELOW[speed];
}

/**
 * On a trap whose cost grows with how far its roll falls short (`countdownShortfall`, `damageShortfall`), a roll that
 * cannot pass may still cost less: a bonus that crosses a step, or a reroll whose expected cost is below this roll's.
 */
function lessensShortfall(view: NecreauxView, ability: number): boolean {
  const trap = view.currentCard;
  const per = view.countdownShortfallPer(trap) || view.shortfallPer(trap);
  if (per === 0) return false;
  const short = view.speed - view.rollTotal;
  const cost = shortfallCost(short, per);
  if (view.abilityOp(ability) === Op.rollBonus) return shortfallCost(short - view.abilityAmount(ability), per) < cost;
  // Counted in 36ths: a fresh roll expected to cost exactly this roll's cost is a tie (kept), not a rounding error.
  return expectedShortfall36(view.speed - view.rollModifier, per) < 36 * cost;
}

/** A shortfall effect's cost: one per `per` points short, rounded up. */
function shortfallCost(short: number, per: number): number {
  return short <= 0 ? 0 : Math.ceil(short / per);
}

/** A shortfall test's expected cost, in 36ths, for a plain 2d6 roll against `target` (the speed less the modifier). */
export function expectedShortfall36(target: number, per: number): number {
  let expected36 = 0;
  for (let t = 2; t <= 12; t++) expected36 += TWO_D6_WAYS[t] * shortfallCost(target - t, per);
  return expected36;
}

/** The turn ends the game unless the shuttle is found: the countdown moves to 0 at its end. */
function lastTurnWithoutShuttle(view: NecreauxView): boolean {
  return view.countdown <= 1 && !view.uncertainEnding && view.actingTeam === MAIN_TEAM && !teamHasShuttle(view);
}

/**
 * A speed test that fails below a speed no roll reaches (double six and the roller's bonus), as every such test does at
 * a fast pace: a reroll or a bonus would only waste its charge.
 */
function speedOutOfReach(view: NecreauxView): boolean {
  const trap = view.currentCard;
  if (view.rollKind !== Roll.speed || trap < 0 || view.kind(trap) !== Kind.trap || view.failsAboveSpeed(trap)) return false;
  return view.speed > 12 + view.passiveBonus(view.rollAgent, Roll.speed);
}

/** The turn, the countdown and the deck size as one number. */
function turnKey(view: NecreauxView): number {
  return (view.turn * 32 + view.countdown) * 256 + view.deckSize;
}

export function teamHearts(view: NecreauxView): number {
  let hearts = 0;
  for (let a = 0; a < view.agents; a++) if (view.isActing(a)) hearts += view.health(a);
  return hearts;
}

// --- Reading the view ---

export function isDangerous(view: NecreauxView, card: number): boolean {
  return card >= 0 && view.kind(card) === Kind.monster && view.cv(card) >= DANGEROUS_CV;
}

export function teamHasScientists(view: NecreauxView): boolean {
  const holder = view.holderOf(view.scientistsCard);
  return holder >= 0 && view.isActing(holder);
}

function teamHasShuttle(view: NecreauxView): boolean {
  const holder = view.holderOf(view.shuttleCard);
  return holder >= 0 && view.isActing(holder);
}

/** The Scientists can still be found or are held by some agent. */
export function scientistsReachable(view: NecreauxView): boolean {
  return view.scientistsFound ? view.holderOf(view.scientistsCard) >= 0 : view.deckSize > 0;
}

/**
 * Below this share of its hearts the team is hurt: half its skill cards disabled (a disabled card keeps one of its
 * two hearts, so the share never falls below one half while an agent lives).
 */
const HURT_BELOW_HEALTH = 0.75;

/** The team has lost enough hearts that a rest is worth a turn. */
export function isHurt(view: NecreauxView): boolean {
  return teamHealthShare(view) < HURT_BELOW_HEALTH;
}

/** Hearts left on the acting team as a share of the hearts its skill cards can have. */
export function teamHealthShare(view: NecreauxView): number {
  let hearts = 0;
  let most = 0;
  for (let a = 0; a < view.agents; a++) {
    if (!view.isActing(a)) continue;
    hearts += view.health(a);
    most += 2 * view.skillCount(a);
  }
  return most === 0 ? 0 : hearts / most;
}

/** Cards the team expects to draw before it has the Escape Shuttle (the shuttle is somewhere in the bottom pile). */
export function cardsToShuttle(view: NecreauxView): number {
  if (view.shuttleFound) return 0;
  const above = view.cardsAboveBottomPile;
  return above + Math.ceil((view.deckSize - above) / 2);
}

/** Turns left before the countdown runs out (at least one). */
export function turnsLeft(view: NecreauxView): number {
  return Math.max(1, view.countdown);
}

/**
 * A Sliding Wall is being drawn or tested: "Sliding Wall traps actually help you instead of hinder" (Clue #5), so the
 * team neither avoids it nor improves the speed test that would keep it together.
 */
function welcomesSplit(view: NecreauxView): boolean {
  return view.currentCard >= 0 && view.isSlidingWall(view.currentCard);
}

/** The acting agent with the smallest bonus to speed tests: the likeliest to fail one. */
function slowestRoller(view: NecreauxView): number {
  let best = -1;
  for (let a = 0; a < view.agents; a++) {
    if (view.isActing(a) && (best < 0 || view.passiveBonus(a, Roll.speed) < view.passiveBonus(best, Roll.speed))) best = a;
  }
  return best;
}

/**
 * The agent whose speed-test roll is likeliest to pass or to fall less short: the largest passive speed bonus, then one
 * that can reroll its roll or take a bonus on it (only the roller's own roll abilities are offered), then the healthiest.
 */
function bestSpeedRoller(view: NecreauxView): number {
  let best = -1;
  let bestHelp = 0;
  for (let a = 0; a < view.agents; a++) {
    if (!view.isActing(a)) continue;
    const help = 2 * view.passiveBonus(a, Roll.speed) + (canImproveOwnRoll(view, a, Roll.speed) ? 1 : 0);
    if (best < 0 || help > bestHelp || (help === bestHelp && view.health(a) > view.health(best))) {
      best = a;
      bestHelp = help;
    }
  }
  return best;
}

function canImproveOwnRoll(view: NecreauxView, agent: number, rollKind: number): boolean {
  for (let i = 0; i < view.skillCount(agent); i++) if (view.canImproveRoll(view.skillAt(agent, i), rollKind)) return true;
  for (let i = 0; i < view.heldCount(agent); i++) if (view.canImproveRoll(view.heldAt(agent, i), rollKind)) return true;
  return false;
}

function healthiest(view: NecreauxView): number {
  let best = -1;
  for (let a = 0; a < view.agents; a++) if (view.isActing(a) && (best < 0 || view.health(a) > view.health(best))) best = a;
  return best;
}

function fewestSkills(view: NecreauxView): number {
  let best = -1;
  for (let a = 0; a < view.agents; a++) if (view.isActing(a) && (best < 0 || view.skillCount(a) < view.skillCount(best))) best = a;
  return best;
}

/**
 * What a skill's most useful ability is worth when agents are made (a priority list, higher first): sparing the team a
 * trap, a look ahead or a monster evaded above all, then time and cards destroyed, then help in fights, rolls and
 * damage, then upkeep. Passive abilities count by their op too (a passive roll bonus, Iron Will's to trait tests
 * included, is a `rollBonus`); a card without any of these ops is worth 0.
 */
const SKILL_OP_WORTH: readonly (readonly [op: number, worth: number])[] = [
  [Op.avoidCard, 6],
  [Op.peek, 5],
  [Op.evadeMonster, 5],
  [Op.countdown, 4],
  [Op.destroyCard, 4],
  [Op.delay, 3],
  [Op.monsterHit, 3],
  [Op.extraDie, 3],
  [Op.rollBonus, 2],
  [Op.reroll, 2],
  [Op.preventDamage, 2],
  [Op.rest, 1],
  [Op.enable, 1],
  [Op.takeLoot, 1],
  [Op.charge, 1],
];
/** Among skills worth the same, one more starting charge counts this much (less than a step of the list). */
const START_CHARGE_WORTH = 0.1;

function skillWorth(view: NecreauxView, card: number): number {
  let worth = 0;
  for (const [op, opWorth] of SKILL_OP_WORTH) if (opWorth > worth && view.cardHasOp(card, op)) worth = opWorth;
  return worth + START_CHARGE_WORTH * view.startCharges(card);
}

/** The hand card worth most (sign 1) or least (sign -1) to an agent. */
function handCardBy(view: NecreauxView, owner: number, sign: number): number {
  let best = view.handAt(owner, 0);
  let bestWorth = skillWorth(view, best);
  for (let i = 1; i < view.handSize(owner); i++) {
    const worth = skillWorth(view, view.handAt(owner, i));
    if (sign * (worth - bestWorth) > 0) {
      best = view.handAt(owner, i);
      bestWorth = worth;
    }
  }
  return best;
}

function leastUsefulSkill(view: NecreauxView, agent: number): number {
  let least = view.skillAt(agent, 0);
  let leastWorth = skillWorth(view, least);
  for (let i = 1; i < view.skillCount(agent); i++) {
    const worth = skillWorth(view, view.skillAt(agent, i));
    if (worth < leastWorth) {
      least = view.skillAt(agent, i);
      leastWorth = worth;
    }
  }
  return least;
}

function helpfulness(kind: number): number {
  switch (kind) {
    case Kind.room:
      return 4;
    case Kind.item:
      return 3;
    case Kind.event:
      return 2;
    case Kind.trap:
      return 1;
    default:
      return 0;
  }
}

/**
 * Charges buy time first: a card that turns charges into countdown steps (Perfect Strategist) before the skill
 * furthest below its starting charges, at a rest too (measured at Level 6 with 4 agents on the seeds of
 * necreaux-levels: 67.5% -> 73.6% won).
 */
function chargePriority(view: NecreauxView, card: number): number {
  return (view.cardHasOp(card, Op.countdown) ? TIME_FIRST : 0) + chargesMissing(view, card);
}
const TIME_FIRST = 100;

/** What damaging the card loses: a card that buys time above any other, then its charges. */
function damageCost(view: NecreauxView, card: number): number {
  return (view.cardHasOp(card, Op.countdown) ? TIME_FIRST : 0) + view.chargesOn(card);
}

/** The agent's first face-down skill card (else its first skill card). */
function firstDisabledSkill(view: NecreauxView, agent: number): number {
  for (let i = 0; i < view.skillCount(agent); i++) if (view.isFaceDown(view.skillAt(agent, i))) return view.skillAt(agent, i);
  return view.skillAt(agent, 0);
}

/** The agent's skill card of the highest charge priority (the first of equals). */
function neediestSkill(view: NecreauxView, agent: number): number {
  let best = view.skillAt(agent, 0);
  let bestPriority = chargePriority(view, best);
  for (let i = 1; i < view.skillCount(agent); i++) {
    const card = view.skillAt(agent, i);
    const priority = chargePriority(view, card);
    if (priority > bestPriority) {
      best = card;
      bestPriority = priority;
    }
  }
  return best;
}

function chargesMissing(view: NecreauxView, card: number): number {
  return view.startCharges(card) - view.chargesOn(card);
}

function anyChargeable(view: NecreauxView, source: number): number {
  for (let a = 0; a < view.agents; a++) {
    if (!view.isActing(a)) continue;
    for (let i = 0; i < view.heldCount(a); i++) if (view.canCharge(view.heldAt(a, i), source)) return view.heldAt(a, i);
  }
  return -1;
}
