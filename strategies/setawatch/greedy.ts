import type { StrategyDefinition } from '../../src/core/game.ts';
import { type CardTables, Kind, LocationKind, Timing } from '../../src/games/setawatch/cards.ts';
import type { AbilityEffect, AbilityOp } from '../../src/games/setawatch/content.ts';
import { Camp, Decision, type DecisionKind, type DecisionView, HEAL_DIE, MapMode, OptionKind, Rune, Scout, type SetawatchStrategy, type WatchIgnores } from '../../src/games/setawatch/decisions.ts';
import { cardWorths } from './card-worth.ts';
import { DICE_PER_SEAT, Die, LINE_CAPACITY, LineFlag, ROLLED_DICE, SEATS, Slot, SLOTS_PER_SEAT } from '../../src/games/setawatch/state.ts';

/**
 * A fast heuristic: every option gets a score from simple rules of thumb and the best one is taken. In the Watch it
 * measures, for each creature in reach, the set of dice that kills it with the fewest pips (counting what Poison Blade
 * and Giants Bane add, what Smoke Bomb takes from a creature whose text gives it health, what Cleave keeps with its die
 * played last, and Harmonize's doubled attack), and ranks kills by the creature's damage, the First-position power it
 * would fire, the firewood a Pyromancer would take from the kills after it, and the pips spent (an ability kill spends
 * only its die; exhausting a card comes after every dice kill, but for a blind kill, Long Shot's or Backstab's, in the
 * final round, and Throw Axe's damage, which costs a third as much; Elf Senses goes first while a face-down card is
 * left for it). It reads a face-down card only when the party knows it (a blind kill takes the known card with the most
 * damage), never burns a card for fire by choice, wards the front creature it cannot kill (or a Hydra that would only
 * return to the back), and exhausts the cards worth least (card-worth.ts: measured worth on the board) while keeping
 * every adventurer fighting. In camp it heals, Equips a reserve card worth more than a board card (Prepared too, and
 * the Bard's Multi-Talented borrowing), Teleports, checks the map (locations by fire, Line size counted thrice,
 * Respites), chops wood below 12 (before runes below 7), spends doubles on Vanquish (the Horde joins the final Line)
 * and Bolster when those actions are done or worth less, and sends to camp whoever the Watch misses least (the fewest
 * active cards, then the lowest roll). It never takes Taunt or Line Dance (pre-production Knight and Bard).
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

/**
 * The dice plan, measured once per Watch decision (prepareWatchScores): the ready dice of the adventurers in combat
 * that reach the Line, in die order, and for each revealed Line position the set of those dice that kills it with the
 * fewest pips (then dice).
 */
const MAX_PLAN_DICE = 12;
const PLAN_POSITIONS = 4;
const planDie = new Int16Array(MAX_PLAN_DICE);
const planValue = new Int16Array(MAX_PLAN_DICE);
/** Per plan die: the Line positions it reaches as a bit mask. */
const planReach = new Int32Array(MAX_PLAN_DICE);
let planDice = 0;
/** The Line positions one adventurer may attack (RulesView.attackTargets). */
const attackable = new Int16Array(LINE_CAPACITY);
/** Per position: a bit mask over the plan's dice (0 when the dice cannot kill it), and the pips they spend. */
const killSet = new Int32Array(PLAN_POSITIONS);
const killPips = new Int16Array(PLAN_POSITIONS);
/**
 * Per position and seat: bit v set when the kill set holds a die of that adventurer showing v. Die values stay under
 * 32: dice are d6 or d8 (a location may add 1), Cleave keeps at most the value shown, and a tamed die shows at most a
 * creature's health, which the content schema caps at 30.
 */
const killValues = new Int32Array(PLAN_POSITIONS * SEATS);
/** Per subset of the plan's dice, their sum and count: built only when cheapestSet walks every subset. */
const subsetSum = new Int16Array(1 << MAX_PLAN_DICE);
const subsetDice = new Uint8Array(1 << MAX_PLAN_DICE);
let subsetTablesBuilt = false;
/**
 * Cleave: the plan's dice that stay ready at the leftover when they defeat a creature with damage to spare, and per
 * subset of them the highest value (the die played last, so the most it can keep), a subset table built with the others.
 */
let planCleave = 0;
const subsetCleave = new Int16Array(1 << MAX_PLAN_DICE);
/** Per seat in this decision: 1 when its dice keep their leftover. */
const seatCleaves = new Uint8Array(SEATS);
/**
 * Harmonize: the Line position of the harmonized creature (-1: none within the plan), the plan's dice whose attack on
 * it deals double (any adventurer's but the Bard's), and per subset the highest of them (played first, it is doubled),
 * a subset table built with the others.
 */
let harmonyPosition = -1;
let planHarmony = 0;
const subsetHarmony = new Int16Array(1 << MAX_PLAN_DICE);

/**
 * Per Watch decision, each Line position's kill worth (killWorth) and health left, each measured when first asked (a
 * face-down card's worth needs no health).
 */
let decisionStamp = 0;
const worthIn = new Int32Array(LINE_CAPACITY);
const worth = new Float64Array(LINE_CAPACITY);
const remainingIn = new Int32Array(LINE_CAPACITY);
const remaining = new Int16Array(LINE_CAPACITY);

function measure(view: DecisionView, position: number): void {
  if (worthIn[position] === decisionStamp) return;
  worthIn[position] = decisionStamp;
  worth[position] = killWorth(view, position);
}

function healthLeft(view: DecisionView, position: number): number {
  if (remainingIn[position] !== decisionStamp) {
    remainingIn[position] = decisionStamp;
    remaining[position] = view.rules.remainingHealth(position);
  }
  return remaining[position];
}

function gatherDice(view: DecisionView): void {
  const s = view.state;
  const positions = Math.min(PLAN_POSITIONS, s.lineLength);
  planDice = 0;
  subsetTablesBuilt = false;
  for (let seat = 0; seat < SEATS; seat++) {
    seatCleaves[seat] = 0;
    if (s.inCombat[seat] === 0 || !s.hasReadyDie(seat)) continue;
    let reach = 0;
    const count = view.rules.attackTargets(seat, attackable);
    for (let i = 0; i < count && attackable[i] < positions; i++) reach |= 1 << attackable[i];
    if (reach === 0) continue;
    seatCleaves[seat] = view.rules.keepsLeftover(seat) ? 1 : 0;
    for (let die = seat * DICE_PER_SEAT; die < (seat + 1) * DICE_PER_SEAT && planDice < MAX_PLAN_DICE; die++) {
      if (s.dieState[die] !== Die.ready) continue;
      planDie[planDice] = die;
      planValue[planDice] = s.dieValue[die];
      planReach[planDice++] = reach;
    }
  }
  markCleavingDice(view);
  markHarmonizedDice(view);
}

function markCleavingDice(view: DecisionView): void {
  let cleave = 0;
  for (let i = 0; i < planDice; i++) {
    const die = planDie[i];
    if (keepsLeftover(view, die)) cleave |= 1 << i;
  }
  planCleave = cleave;
}

/** The die stays ready at the damage to spare when it defeats a creature (Cleave: the Warrior's rolled dice). */
function keepsLeftover(view: DecisionView, die: number): boolean {
  return seatCleaves[Math.floor(die / DICE_PER_SEAT)] === 1 && view.state.dieTamed[die] < 0;
}

function markHarmonizedDice(view: DecisionView): void {
  const s = view.state;
  harmonyPosition = -1;
  planHarmony = 0;
  if (s.harmonizedCard < 0) return;
  for (let position = 0; position < Math.min(PLAN_POSITIONS, s.lineLength); position++) if (s.lineCard[position] === s.harmonizedCard) harmonyPosition = position;
  if (harmonyPosition < 0) return;
  for (let i = 0; i < planDice; i++) if (Math.floor(planDie[i] / DICE_PER_SEAT) !== s.harmonizedBy) planHarmony |= 1 << i;
}

/** The highest value among the plan's dice in `set` (0 when none). */
function highestValue(set: number): number {
  let highest = 0;
  for (let i = 0; i < planDice; i++) if ((set & (1 << i)) !== 0) highest = Math.max(highest, planValue[i]);
  return highest;
}

/** Per subset of the plan's dice, the highest value among its `marked` dice (0 when none). */
function highestMarked(table: Int16Array, marked: number): void {
  for (let i = 0; i < planDice; i++) {
    const half = 1 << i;
    const value = (marked & half) !== 0 ? planValue[i] : 0;
    for (let mask = 0; mask < half; mask++) table[half | mask] = Math.max(table[mask], value);
  }
}

/** The subset tables cheapestSet's walk over every subset reads, for this plan and its Cleave and Harmonize dice. */
function prepareSubsetTables(): void {
  if (subsetTablesBuilt) return;
  subsetTablesBuilt = true;
  if (planCleave !== 0) highestMarked(subsetCleave, planCleave);
  if (planHarmony !== 0) highestMarked(subsetHarmony, planHarmony);
  // Die i's subsets are the subsets of the dice before it, each with die i added.
  for (let i = 0; i < planDice; i++) {
    const half = 1 << i;
    const value = planValue[i];
    for (let mask = 0; mask < half; mask++) {
      subsetSum[half | mask] = subsetSum[mask] + value;
      subsetDice[half | mask] = subsetDice[mask] + 1;
    }
  }
}

/** The plan's dice (a mask) that reach `position`, leaving out `except` (a die id, or -1). */
function usableDice(position: number, except = -1): number {
  let usable = 0;
  for (let i = 0; i < planDice; i++) if ((planReach[i] & (1 << position)) !== 0 && planDie[i] !== except) usable |= 1 << i;
  return usable;
}

/**
 * The cheapest kill set of `position` among the `usable` dice, each dealing `multiplier` times, the first `poisoned`
 * attacks `bonus` more (Poison Blade: by default the bonus in force now); 0 when none kills.
 */
function cheapestKillOf(view: DecisionView, position: number, usable: number, multiplier: number, needed = healthLeft(view, position), bonus = view.rules.poisonBonus(), poisoned = view.state.poisonAttacks): number {
  const doubled = position === harmonyPosition ? planHarmony : 0;
  return cheapestSet(usable, needed, multiplier, bonus, poisoned, doubled);
}

/** What each die deals on the creature at `position`: double under Giants Bane. */
function diceMultiplier(view: DecisionView, position: number): number {
  return view.rules.diceDoubledOn(position) ? 2 : 1;
}

/** The pips the last set cheapestSet found spends. */
let cheapestPips = 0;

/**
 * The cheapest set of the `usable` dice that deals `needed` (fewest pips spent, then fewest dice), its pips in
 * cheapestPips. Each die deals its value times `multiplier` (Giants Bane), plus `bonus` for the first `poisoned` of
 * them (Poison Blade). A Cleave die played last keeps the damage to spare, up to its value: those pips are not
 * spent. On the harmonized creature the highest die among `doubled`, played first, deals its value once more.
 */
function cheapestSet(usable: number, needed: number, multiplier: number, bonus: number, poisoned: number, doubled: number): number {
  const walkable = needed > 0 && (bonus === 0 || poisoned === 0) && (usable & doubled) === 0 && (multiplier === 1 || (usable & planCleave) === 0);
  return walkable ? cheapestSetByWalk(usable, needed, multiplier) : cheapestSetOfEverySubset(usable, needed, multiplier, bonus, poisoned, doubled);
}

function cheapestSetOfEverySubset(usable: number, needed: number, multiplier: number, bonus: number, poisoned: number, doubled: number): number {
  prepareSubsetTables();
  let best = 0;
  let bestPips = 0x7fff;
  let bestCount = 99;
  for (let mask = usable; mask !== 0; mask = (mask - 1) & usable) {
    const sum = subsetSum[mask];
    const keepable = subsetCleave[mask & planCleave];
    // Cleave keeps at most `keepable`: a set that cannot beat the best even so is not worth working out.
    const fewestPips = sum - keepable;
    if (fewestPips > bestPips || (fewestPips === bestPips && subsetDice[mask] >= bestCount)) continue;
    const dealt = multiplier * (sum + subsetHarmony[mask & doubled]) + bonus * Math.min(poisoned, subsetDice[mask]);
    if (dealt < needed) continue;
    const pips = sum - Math.min(keepable, dealt - needed);
    if (pips > bestPips || (pips === bestPips && subsetDice[mask] >= bestCount)) continue;
    best = mask;
    bestPips = pips;
    bestCount = subsetDice[mask];
  }
  cheapestPips = best === 0 ? 0 : bestPips;
  return best;
}

/** The depth-first walk's dice (plan indices, highest first), and per place the values of the dice from there on, summed. */
const searchDie = new Int8Array(MAX_PLAN_DICE);
const searchRest = new Int16Array(MAX_PLAN_DICE + 1);
let searchNeeded = 0;
let searchMultiplier = 1;
/** The least sum that kills. */
let searchTarget = 0;
let foundSet = 0;
let foundPips = 0;
let foundCount = 0;

/**
 * Without Harmonize or Poison Blade, and with Cleave only on undoubled dice, no set is cheaper than a smaller set that
 * already kills (a Cleave die added keeps at most what it costs). The answer is then found by a depth-first walk over
 * the dice from the highest plan index, taking each before leaving it out, which meets the sets in
 * cheapestSetOfEverySubset's order (so ties go the same way); it stops adding dice to a set that kills and gives up
 * sets that cannot kill, or that cannot beat the best found: a killing set spends at least `needed` / multiplier pips.
 */
function cheapestSetByWalk(usable: number, needed: number, multiplier: number): number {
  let dice = 0;
  for (let i = planDice - 1; i >= 0; i--) if ((usable & (1 << i)) !== 0) searchDie[dice++] = i;
  searchRest[dice] = 0;
  for (let k = dice - 1; k >= 0; k--) searchRest[k] = searchRest[k + 1] + planValue[searchDie[k]];
  searchNeeded = needed;
  searchMultiplier = multiplier;
  searchTarget = Math.ceil(needed / multiplier);
  foundSet = 0;
  foundPips = 0x7fff;
  foundCount = 99;
  extendSet(0, 0, 0, 0, 0);
  cheapestPips = foundSet === 0 ? 0 : foundPips;
  return foundSet;
}

/** Sets of the dice from searchDie[k] on added to `set` (its sum, dice count and highest Cleave die given). */
function extendSet(k: number, set: number, sum: number, count: number, keepable: number): void {
  if (sum >= searchTarget) {
    const pips = sum - Math.min(keepable, searchMultiplier * sum - searchNeeded);
    if (pips > foundPips || (pips === foundPips && count >= foundCount)) return;
    foundSet = set;
    foundPips = pips;
    foundCount = count;
    return;
  }
  if (sum + searchRest[k] < searchTarget || (searchTarget === foundPips && count + 1 >= foundCount)) return;
  const i = searchDie[k];
  const cleaves = (planCleave & (1 << i)) !== 0;
  extendSet(k + 1, set | (1 << i), sum + planValue[i], count + 1, cleaves ? Math.max(keepable, planValue[i]) : keepable);
  extendSet(k + 1, set, sum, count, keepable);
}

/**
 * For tests: the cheapest kill set, and its pips, of the `usable` dice showing `values` (`cleave`: those that keep
 * their leftover), found by the depth-first walk and by the walk over every subset. Leaves no plan behind.
 */
export function cheapestSetBothWays(values: readonly number[], cleave: number, usable: number, needed: number, multiplier: number): { byWalk: number[]; ofEverySubset: number[] } {
  planDice = values.length;
  values.forEach((value, i) => (planValue[i] = value));
  planCleave = cleave;
  subsetTablesBuilt = false;
  const byWalk = [cheapestSetByWalk(usable, needed, multiplier), cheapestPips];
  const ofEverySubset = [cheapestSetOfEverySubset(usable, needed, multiplier, 0, 0, 0), cheapestPips];
  planDice = 0;
  return { byWalk, ofEverySubset };
}

/** `set` becomes the kill set of `position`. */
function recordKill(position: number, set: number): void {
  killSet[position] = set;
  killPips[position] = cheapestPips;
  for (let i = 0; i < planDice; i++) {
    if ((set & (1 << i)) !== 0) killValues[position * SEATS + Math.floor(planDie[i] / DICE_PER_SEAT)] |= 1 << planValue[i];
  }
}

/** True when the kill set of `position` holds a die of this adventurer with this value (equal dice are interchangeable). */
function inKillSet(view: DecisionView, position: number, die: number): boolean {
  return (killValues[position * SEATS + Math.floor(die / DICE_PER_SEAT)] & (1 << view.state.dieValue[die])) !== 0;
}

/** What the creature's First-position power would cost if it reached the front: fire at 50 a point, 100 a card. */
function firstPowerCost(view: DecisionView, position: number): number {
  const s = view.state;
  if (position === 0 || (s.lineFlags[position] & LineFlag.firstFired) !== 0) return 0;
  const powers = view.tables.powersOf(s.lineCard[position], Timing.first);
  let cost = 0;
  for (let i = 0; i < powers.length; i++) {
    const power = powers[i];
    if (power.op === 'fire') cost -= 50 * power.amount;
    else if (power.op === 'exhaust') cost += 100 * power.count;
    else if (power.op === 'drawInFront' || power.op === 'stealDie' || power.op === 'reshuffleSummon') cost += 80;
  }
  return cost;
}

/** A face-down card's kill is worth a little more than an average creature's (it never reveals). */
const UNSEEN_KILL = 400;

/**
 * A face-down card the party knows (it saw the card and where it lies: the Horde at the back of the final Line, Mountain
 * Keep's creature from the Graveyard, cards Scout Ahead or Elven Scout looked at) is worth this much more a point of
 * damage above 1 (a Summon, damage 0, this much less), so that Long Shot takes the Lich it knows at the back rather
 * than a card it cannot tell. Measured against reading no face-down card (20,000 games a level, the same seeds):
 * Easy 70.5% -> 73.5%, Normal 47.4% -> 51.0%, Hard 27.6% -> 29.9%, Insane 12.9% -> 14.1%; 300 a point won the same,
 * counting from 2 rather than 1 (a known 1-damage card below an unknown one) 0.8-1.3 points less, and never
 * defeating a known Summon face down nothing more (10,000 games at Normal and Hard).
 */
const KNOWN_DAMAGE_WORTH = 150;

/** True when the party has seen `card` and knows where it lies (knowledge.ts: no shuffle lost its place since). */
function knownToParty(view: DecisionView, card: number): boolean {
  return view.state.cardSeen[card] === 1 && view.state.cardShuffleWords[card] === 0;
}

/** A blind kill: an unknown card at UNSEEN_KILL, a known one by its damage too. */
function unseenKillWorth(view: DecisionView, position: number): number {
  const card = view.state.lineCard[position];
  const known = knownToParty(view, card) ? KNOWN_DAMAGE_WORTH * (view.tables.damage[card] - 1) : 0;
  return 1000 + UNSEEN_KILL + known + unseenDepthBonus(view, position);
}

/** Blind kills: in the final round the deepest card (the Horde holds the survivors), otherwise the next to be revealed. */
function unseenDepthBonus(view: DecisionView, position: number): number {
  return view.rules.isFinalRound() ? position : -position;
}

/** Killing a Hydra that returns to the back only moves the Line on: worth it at the front, below any real kill. */
const PROGRESS_KILL = 800;

/** False for a Hydra that other cards would send straight back to the end of the Line. */
function staysDefeated(view: DecisionView, position: number): boolean {
  const powers = view.tables.powersOf(view.state.lineCard[position], Timing.defeated);
  for (let i = 0; i < powers.length; i++) if (powers[i].op === 'returnToBack' && view.state.lineLength > 1) return false;
  return true;
}

/**
 * What killing the creature at `position` is worth before the pips it costs (measured once per decision): its
 * damage, the First-position power it prevents and the firewood a Pyromancer would take, plus its health left (so
 * that pips spent beyond it are charged); NO_KILL when killing it changes nothing.
 */
function killWorth(view: DecisionView, position: number): number {
  if (view.state.lineRevealed[position] === 0) return unseenKillWorth(view, position);
  if (!staysDefeated(view, position)) return position === 0 ? PROGRESS_KILL + 10 * healthLeft(view, position) : NO_KILL;
  return removalWorth(view, position);
}

/** What taking the revealed creature at `position` out of the Line for good is worth (killWorth's real kill). */
function removalWorth(view: DecisionView, position: number): number {
  return 1000 + 100 * view.tables.damage[view.state.lineCard[position]] + firstPowerCost(view, position) + firewoodSaved(view, position) + 10 * healthLeft(view, position);
}

/**
 * A Pyromancer (Ongoing: each creature that goes to the Graveyard before it costs a firewood; its Reveal puts it at
 * the back of the Line, out of the dice's reach) is killed first: its kill is worth the firewood the rest of the Line
 * would cost, this much a card. Found by comparing greedy's answers with the planner's (the planner Banishes it before
 * the dice attack, most often in the final Line); RULES.md, "Greedy kills the Pyromancer first". At 50 a card it won
 * 0.1-0.2 pp less, at 200 as much; counting only the revealed cards rather than the whole Line, 0.2 pp less.
 */
const FIREWOOD_WORTH = 100;

function firewoodSaved(view: DecisionView, position: number): number {
  return FIREWOOD_WORTH * view.rules.defeatFireCost(position) * (view.state.lineLength - 1);
}

const NO_KILL = -1e9;

/**
 * A pip spent costs twice the 10 a point of health left adds to a kill's worth, so among dice kills the cheapest
 * creature goes first and an ability's kill is worth most on a creature with much health left. Measured at Easy:
 * 10 a pip 32.9%, 20 36.1%, 30 35.9%, 50 28.6%; again with the re-measured card worths (8,000 games, Easy default
 * party): 15 50.9%, 20 51.8%, 25 51.8%.
 */
const PIP_COST = 20;

function killScore(view: DecisionView, position: number, pipsSpent: number): number {
  measure(view, position);
  return worth[position] === NO_KILL ? NOT_WORTH : worth[position] - PIP_COST * pipsSpent;
}

function scoreAttack(view: DecisionView, die: number, position: number): number {
  if (position < PLAN_POSITIONS && killSet[position] !== 0 && inKillSet(view, position, die)) {
    return killScore(view, position, killPips[position]) + playedEarlier(view, die, position) - playedLater(view, die, position);
  }
  return NOT_WORTH;
}

/** Score nudges that order a kill set's dice, far below any difference between options. */
const ORDER_NUDGE = 0.01;

/** On the harmonized creature, the kill set's highest die of another adventurer than the Bard goes first. */
function playedEarlier(view: DecisionView, die: number, position: number): number {
  if (position !== harmonyPosition || (killSet[position] & planHarmony) === 0) return 0;
  const s = view.state;
  return Math.floor(die / DICE_PER_SEAT) !== s.harmonizedBy && s.dieValue[die] === highestValue(killSet[position] & planHarmony) ? 2 * ORDER_NUDGE : 0;
}

/**
 * Among a kill set's dice, those that keep a leftover (Cleave) go last, the highest last of all: when Giants Bane or
 * Poison Blade adds to the damage, the set may hold a smaller die only so that the highest keeps more.
 */
function playedLater(view: DecisionView, die: number, position: number): number {
  const set = killSet[position];
  if ((set & planCleave) === 0 || (set & (set - 1)) === 0) return 0;
  return keepsLeftover(view, die) ? ORDER_NUDGE * (1 + view.state.dieValue[die] / 100) : 0;
}

const DEFEATS = new Set(['defeat', 'defeatUpToRoll', 'spendTamedDefeat', 'defeatPair', 'defeatAll']);

/** What the step an option targets defeats: nothing, its target, or its target and the next creature (defeatPair). */
const Defeats = { nothing: 0, target: 1, pair: 2 } as const;

/**
 * Facts about each ability card's modes, compiled once per card tables and read per option (index card * stride +
 * mode): what the targeted step defeats, whether any step of the mode defeats, whether greedy never takes the mode,
 * whether it is a blind kill (it defeats a face-down creature: Long Shot's targeted step takes only one, Backstab
 * defeats one of the cards it turns over), and the step scoreAbility scores when effectValue values it (null: valued
 * at nothing).
 */
interface ModeFacts {
  readonly stride: number;
  readonly defeats: Uint8Array;
  readonly anyDefeat: Uint8Array;
  readonly ignored: Uint8Array;
  readonly blindKill: Uint8Array;
  readonly valuedStep: readonly (ValuedEffect | null)[];
}
let factsFor: CardTables | null = null;
let facts: ModeFacts = { stride: 0, defeats: new Uint8Array(0), anyDefeat: new Uint8Array(0), ignored: new Uint8Array(0), blindKill: new Uint8Array(0), valuedStep: [] };

function modeFacts(tables: CardTables): ModeFacts {
  if (factsFor === tables) return facts;
  const stride = Math.max(...tables.abilities.map((ability) => ability.modes.length));
  const defeats = new Uint8Array(tables.abilities.length * stride);
  const anyDefeat = new Uint8Array(tables.abilities.length * stride);
  const ignored = new Uint8Array(tables.abilities.length * stride);
  const blindKill = new Uint8Array(tables.abilities.length * stride);
  const valuedStep: (ValuedEffect | null)[] = new Array(tables.abilities.length * stride).fill(null);
  tables.abilities.forEach((ability, card) =>
    ability.modes.forEach((steps, mode) => {
      const step = steps[Math.max(0, ability.targeted[mode])];
      const defeated = step.op === 'defeatPair' ? Defeats.pair : DEFEATS.has(step.op) ? Defeats.target : Defeats.nothing;
      defeats[card * stride + mode] = defeated;
      anyDefeat[card * stride + mode] = steps.some((each) => DEFEATS.has(each.op)) ? 1 : 0;
      // scoreAbility values a targeted defeat by the kill, anything else by effectValue.
      ignored[card * stride + mode] = (defeated === Defeats.nothing || ability.targeted[mode] < 0) && worthless(step) ? 1 : 0;
      blindKill[card * stride + mode] = ('target' in step && step.target.at === 'unrevealed') || ability.revealsThenDefeats[mode] ? 1 : 0;
      valuedStep[card * stride + mode] = isValued(step) ? step : null;
    }),
  );
  facts = { stride, defeats, anyDefeat, ignored, blindKill, valuedStep };
  factsFor = tables;
  return facts;
}

/**
 * The effects effectValue values; it values any other at nothing. Its switch covers exactly these (the compiler
 * checks both ways), so what greedy ignores cannot drift from what it values.
 */
const VALUED_OPS = ['defeatAll', 'reveal', 'damage', 'halveHealth', 'tame', 'move', 'revealBonus', 'attackBonus', 'maxDie', 'rangeBonus', 'doubleDiceOnHealth', 'shieldBash', 'songOfDiscord', 'blank'] as const satisfies readonly AbilityOp[];
type ValuedEffect = Extract<AbilityEffect, { op: (typeof VALUED_OPS)[number] }>;
const VALUED: ReadonlySet<AbilityOp> = new Set(VALUED_OPS);

function isValued(step: AbilityEffect): step is ValuedEffect {
  return VALUED.has(step.op);
}

/**
 * A move is worth its kill when it takes the creature out of the Line, to the deck (a Hydra's too: no defeat sends it
 * back to the Line); within the Line, nothing.
 */
function movesToDeck(step: Extract<AbilityEffect, { op: 'move' }>): boolean {
  return step.to === 'deckTop' || step.to === 'deckBottom';
}

function worthless(step: AbilityEffect): boolean {
  return !isValued(step) || (step.op === 'move' && !movesToDeck(step));
}

/**
 * What greedy never takes in the Watch, left out of its lists: options it scores at most 0, as "done" (listed first,
 * which wins ties) always is. Burning a card scores 0, and so does every use of a mode whose effect is worthless.
 */
export const GREEDY_IGNORES: WatchIgnores = {
  burns: true,
  abilityMode(tables: CardTables, card: number, mode: number): boolean {
    const f = modeFacts(tables);
    return f.ignored[card * f.stride + mode] === 1;
  },
};

/**
 * Exhausting a card for its effect costs a little less than the point of damage a kill prevents (1,000), since the
 * creature killed also stays out of the Horde; a die costs its value. Measured at Easy: 1,000 30.6%, 700 32.9%,
 * 500 31.7%; again with the re-measured card worths (8,000 games, Easy default party): 550 51.3%, 700 51.8%, 850 51.3%.
 */
const EXHAUST_COST = 700;

function scoreAbility(view: DecisionView, index: number): number {
  const s = view.state;
  const o = view.options;
  const card = s.slotCard[o.slot[index]];
  const mode = o.mode[index];
  const dieValue = o.die[index] >= 0 ? s.dieValue[o.die[index]] : 0;
  const position = o.target[index];
  const f = modeFacts(view.tables);
  const factIndex = card * f.stride + mode;
  const defeats = f.defeats[factIndex];
  const exhausts = o.die[index] < 0;
  const value = defeats !== Defeats.nothing && position >= 0 ? killValue(view, defeats, position, dieValue) - (exhausts ? EXHAUST_COST - 50 : 0) : effectScore(view, index, f, factIndex, dieValue);
  const blindKillFirst = exhausts && f.blindKill[factIndex] === 1 && exhaustsBlindKillFirst(view, o.slot[index]);
  return value > 0 && blindKillFirst ? value + BLIND_KILL_FIRST : value;
}

/**
 * An exhaust for damage to the creature in second position (Throw Axe's 8; the pre-production Dragon Lance's 6) costs
 * far less than another: the dice's kill of the creature in front moves its target out of its reach. The planner
 * exhausted Throw Axe about three times as often as greedy did, and greedy following it there alone won about 3 points
 * at Normal and Hard (2,000 games). Measured against 700 (20,000 games a level, the same seeds, default party): 500 +0.1
 * to +0.7 pp, 350 +0.6 to +1.0, 250 +1.0 to +1.5, 200 +1.1 to +1.6, 150 -0.7 to +0.3, 120 -1.5 to -3.2 (the exhaust then
 * goes before dice kills of 6 pips and more), 0 -8 to -14; 250 rather than 200 stays clear of that fall.
 */
const DAMAGE_EXHAUST_COST = 250;

function reachesOnlySecond(step: ValuedEffect | null): boolean {
  return step !== null && step.op === 'damage' && step.target.at === 'second';
}

/** An ability option effectValue values (`factIndex`: its mode's place in the mode facts), less its die or exhaust. */
function effectScore(view: DecisionView, index: number, f: ModeFacts, factIndex: number, dieValue: number): number {
  const o = view.options;
  const step = f.valuedStep[factIndex];
  const value = step === null ? 0 : effectValue(view, step, o.target[index], o.die[index], f.anyDefeat[factIndex] === 1);
  return value <= 0 ? NOT_WORTH : value - (o.die[index] >= 0 ? 5 * dieValue : reachesOnlySecond(step) ? DAMAGE_EXHAUST_COST : EXHAUST_COST);
}

/**
 * In the final round a card exhausted for a blind kill (Long Shot, Backstab) goes before every other option once its
 * die use is spent or its owner has no die left: scored 650 below a kill, it waited for the dice's kills, by which time
 * the light had revealed the cards left, and Long Shot went unused in 38% of the final rounds that found it ready
 * (RULES.md, "Greedy's final-round Long Shot": +1.0 / +1.2 pp at Easy / Normal). 400 above its kill gained about half
 * as much; 1,000 and 5,000 played the same games as 2,000. Backstab's exhaust, scored 700 below its die use, waited the
 * same way: first, it won +0.4 / +0.6 pp (Cleric, Rogue, Warrior, Wizard) and +1.0 / +1.0 pp (Cleric, Ranger, Rogue,
 * Warrior) at Easy / Normal (20,000 games, the same seeds); first in the other rounds too, -10 to -12 pp at Easy.
 */
const BLIND_KILL_FIRST = 2000;

function exhaustsBlindKillFirst(view: DecisionView, slot: number): boolean {
  const s = view.state;
  return view.rules.isFinalRound() && (s.slotDieUsed[slot] === 1 || !s.hasReadyDie(Math.floor(slot / SLOTS_PER_SEAT)));
}

function killValue(view: DecisionView, defeats: number, position: number, dieValue: number): number {
  return killScore(view, position, dieValue) + (defeats === Defeats.pair ? killScore(view, position + 1, 0) - 1000 : 0);
}

/**
 * A creature sent to the Horde deals no damage this round but comes back in the final Line: its kill less this much.
 * Measured with the Bard (Song of Discord, 8,000 games in three parties, two seeds): at 0 no better than never using
 * it, at 300 +1.9 to +3.4 pp over never, at 600 between.
 */
const HORDE_RETURN = 300;

/**
 * A revealed creature sent to the deck (Banish, Set Snares) comes back with it, and a move is no defeat (no Cleave die
 * kept, no Berserker after it): its removal less this much. A dice kill spending p pips (20 each) goes before Banish's
 * die of value d (5 a pip) when 20p < DECK_RETURN + 5d: at 100, a kill of 5 pips or fewer (6 against a Banish die of
 * 5 or more), and Banish's die stays for a bigger creature. Measured (20,000 games a level, the same seeds, default
 * party): 75 +0.7 to +1.3 pp, 100 +0.8 to +1.5, 150 +0.4 to +1.7, 200 -0.2 to +0.5, 250 -2.8 to -4.3 (kills of up to 12
 * pips then go first), 300 -4 to -7.
 */
const DECK_RETURN = 100;

/**
 * What an ability's effect other than a defeat is worth, on the scale of a kill (about 1,000 plus 100 a point of
 * damage): damage that finishes a creature is worth its kill (it deals no damage and stays out of the Horde), a
 * revealed creature sent to the deck its removal less DECK_RETURN; damage, Wound and Giants Bane that leave the dice a
 * kill they could not make before are worth that kill; Poison Blade the kill its bonus makes possible or cheaper;
 * reveals and other round bonuses a few hundred.
 * Measured at Easy: these values at a third (a creature moved at its kill less 300) gave 36.1%, as now 45.7%. Far
 * Sight valued by the kill its range would make possible measured -0.2 to 0 pp: it keeps its flat value.
 */
function effectValue(view: DecisionView, step: ValuedEffect, position: number, paidDie: number, modeDefeats: boolean): number {
  const s = view.state;
  switch (step.op) {
    case 'defeatAll':
      return modeDefeats ? 1500 : s.lineLength > 0 ? 450 : 0;
    case 'reveal':
      if (!modeDefeats) return s.lineLength > 0 ? 450 : 0;
      return view.rules.abilityRevealTarget() >= 0 ? 1500 : NOT_WORTH;
    case 'damage':
      return step.amount >= healthLeft(view, position) ? killScore(view, position, 0) : Math.max(100, finishingKillValue(view, position, healthLeft(view, position) - step.amount, paidDie, diceMultiplier(view, position)));
    case 'halveHealth':
      return Math.max(finishingKillValue(view, position, (view.rules.health(position) >> 1) - s.lineDamage[position], paidDie, 1), healthLeft(view, position) >= 8 ? 150 + PIP_COST * (healthLeft(view, position) >> 1) : 0);
    case 'tame':
      return 1350;
    case 'move':
      if (!movesToDeck(step)) return 0;
      return s.lineRevealed[position] === 1 ? removalWorth(view, position) - DECK_RETURN : killScore(view, position, 0);
    case 'attackBonus':
      return poisonValue(view, step, paidDie);
    case 'revealBonus':
      return paidDie >= 0 && view.rules.firstFaceDown() >= 0 ? REVEAL_BONUS_FIRST : 450;
    case 'maxDie':
      return 450;
    case 'rangeBonus':
      return s.lineLength > 1 && s.lineRevealed[1] === 1 ? 360 : 0;
    case 'doubleDiceOnHealth':
      return s.doubleMinHealth === 0 ? doubledKillValue(view, step.min, paidDie) : 0;
    case 'shieldBash':
      return view.rules.health(0) >= healthLeft(view, 1) ? killScore(view, 1, 0) : 100;
    case 'songOfDiscord':
      return killScore(view, position, 0) - HORDE_RETURN;
    case 'blank':
      return blankValue(view, position, paidDie);
    default: {
      const unvalued: never = step;
      return unvalued;
    }
  }
}

/**
 * Elf Senses paid with a die goes before every kill while a face-down card is left for it to reveal: the Line shows
 * one more creature to plan the dice on, and the Reveal power it stops is still to come. Valued at 450 it waited for the
 * dice's kills, where the planner played it first; greedy following the planner in that alone won about 2 points more
 * (2,000 games at Normal and Hard). Measured against 450 (20,000 games a level, the same seeds, default party): Easy /
 * Normal / Hard / Insane +2.4 / +3.0 / +3.0 / +1.8 pp; at 1,500 (above most kills) about half a point less, at 1,200
 * nothing, at 3,000 the same as 2,000.
 */
const REVEAL_BONUS_FIRST = 2000;

/**
 * Poison Blade: the best kill the dice (not the one paid for it) make with its bonus on the next attacks (as the Line
 * stands now), whether they could make it without (then with fewer pips, so Poison Blade comes before that kill) or
 * not; 450 when it helps no kill. Valued at a flat 450, as a reveal is, greedy played it only once its kills were made
 * (about 4.6 times a game with the Rogue), where the planner plays it before them, its bonus counted on every revealed
 * creature. Measured against the flat 450 (20,000 games, the same seeds, before Poison Blade's worth was measured
 * again): Cleric, Rogue, Warrior, Wizard +14.2 / +10.8 pp at Easy / Normal (39.9 -> 54.1%, 19.9 -> 30.8%); Cleric,
 * Ranger, Rogue, Warrior +14.1 / +15.6 pp; counting only the kills the dice could not make without it, about half that.
 * Skipping a kill the bonus makes no cheaper changes no choice (the attack that makes it scores higher): 80,000 games of
 * both parties at Easy and Normal the same.
 */
function poisonValue(view: DecisionView, step: Extract<AbilityEffect, { op: 'attackBonus' }>, paidDie: number): number {
  const s = view.state;
  const bonus = view.rules.poisonBonusOf(step.amount);
  let value = 450;
  for (let position = 0; position < Math.min(PLAN_POSITIONS, s.lineLength); position++) {
    if (s.lineRevealed[position] === 0) continue;
    value = Math.max(value, killMadeOrCheaper(view, position, paidDie, healthLeft(view, position), bonus, step.attacks));
  }
  return value;
}

/**
 * The kill of the creature at `position` that the dice (not the one paid for the effect) make once an effect leaves
 * `needed` to deal, with `bonus` on the next `poisoned` attacks: its score when the dice could not make it before or
 * make it now with fewer pips (so the effect comes before that kill), else 0.
 */
function killMadeOrCheaper(view: DecisionView, position: number, paidDie: number, needed: number, bonus: number, poisoned: number): number {
  const usable = usableDice(position, paidDie);
  if (usable === 0 || cheapestKillOf(view, position, usable, diceMultiplier(view, position), needed, bonus, poisoned) === 0) return 0;
  if (killSet[position] !== 0 && cheapestPips >= killPips[position]) return 0;
  return killScore(view, position, cheapestPips);
}

/**
 * Smoke Bomb: a creature whose own text gives it health (a Fire Serpent's or Shade's "*", a Vampire's stolen die, a
 * Zombie Horde's Graveyard) falls to what other cards leave it: worth the kill that makes possible or cheaper.
 */
function blankValue(view: DecisionView, position: number, paidDie: number): number {
  if (position >= PLAN_POSITIONS) return 0;
  const blanked = view.rules.healthIfBlanked(position);
  if (blanked >= view.rules.health(position)) return 0;
  return killMadeOrCheaper(view, position, paidDie, Math.max(1, blanked - view.state.lineDamage[position]), view.rules.poisonBonus(), view.state.poisonAttacks);
}

/** Giants Bane: the best kill that doubled dice (not the one paid for it) would make of a creature they cannot kill now. */
function doubledKillValue(view: DecisionView, min: number, paidDie: number): number {
  const s = view.state;
  let value = 0;
  for (let position = 0; position < Math.min(PLAN_POSITIONS, s.lineLength); position++) {
    if (killSet[position] !== 0 || s.lineRevealed[position] === 0 || view.rules.health(position) < min) continue;
    if (cheapestKillOf(view, position, usableDice(position, paidDie), 2) !== 0) value = Math.max(value, killScore(view, position, cheapestPips));
  }
  return value;
}

/**
 * An effect that leaves `needed` for the dice (not the one paid for it, each dealing `multiplier` times) to finish: the
 * kill it makes possible of a creature they cannot kill now (0 when none); the kill itself when nothing is left.
 */
function finishingKillValue(view: DecisionView, position: number, needed: number, paidDie: number, multiplier: number): number {
  if (position >= PLAN_POSITIONS || killSet[position] !== 0) return 0;
  if (needed <= 0) return killScore(view, position, 0);
  return cheapestKillOf(view, position, usableDice(position, paidDie), multiplier, needed) !== 0 ? killScore(view, position, cheapestPips) : 0;
}

/** Passives on the same scale (measured at Easy: at two thirds of these values 45.7%, as now 47.1%, at 4/3 of them 46.7%). */
function scorePassive(view: DecisionView, index: number): number {
  const s = view.state;
  const o = view.options;
  const op = view.tables.abilities[s.slotCard[o.slot[index]]].passiveOp;
  if (op === 'tameFirst') return 1350;
  // A bigger die rerolls to more on average (with sharpshooter=any the dice may differ).
  if (op === 'rerollAttackDie') return 1050 + view.tables.adventurers[Math.floor(o.die[index] / DICE_PER_SEAT)].die;
  if (op === 'raiseLowestToMax') return 900 + 15 * (view.tables.adventurers[o.target[index]].die - s.dieValue[o.die[index]]);
  if (op === 'doubleAttack') return killSet[0] === 0 && o.target[index] === 0 ? 750 : NOT_WORTH;
  if (op !== 'wardFirst') return NOT_WORTH;
  if (!staysDefeated(view, 0)) return wardOverProgress(view);
  return killSet[0] === 0 ? 450 + 15 * view.tables.damage[s.lineCard[0]] : NOT_WORTH;
}

/**
 * A Hydra in front that a kill would only send to the back of the Line (where it still deals its 3 damage) is warded
 * instead, just above that kill: the ward takes it out of this round's Line for nothing (to the Horde; in the final
 * round to the new one, for good). Real kills of other creatures still come first. Measured against killing it to move
 * the Line on (20,000 games a level, the same seeds): Easy 74.1% -> 74.5%, Normal 51.6% -> 52.3%, Hard 30.7% -> 31.6%,
 * Insane 14.8% -> 15.5%; warding it in the final round only gained a little less (10,000 games).
 */
function wardOverProgress(view: DecisionView): number {
  return PROGRESS_KILL + 10 * healthLeft(view, 0) + 1;
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
    default:
      return 0;
  }
}

/** The card to lose: from the adventurer with the most cards left (so every adventurer keeps fighting), the least useful one. */
function scoreExhaust(view: DecisionView, index: number): number {
  const s = view.state;
  const slot = view.options.slot[index];
  const seat = Math.floor(slot / SLOTS_PER_SEAT);
  return 10 * s.activeCards(seat) + s.slotDieUsed[slot] - 40 * cardWorth(view.tables, s.slotCard[slot]) - (s.onWatch[seat] === 0 ? 50 : 0);
}

/** A card's kind for its worth when it was not measured: passives, then cards that defeat, damage or tame, then the rest. */
function worthKind(tables: CardTables, card: number): number {
  const ability = tables.abilities[card];
  if (ability.passive) return 3;
  for (const steps of ability.modes) for (const step of steps) if (DEFEATS.has(step.op) || step.op === 'damage' || step.op === 'tame') return 2;
  return 1;
}

/**
 * The camper: whoever the Watch misses least (no active card: their dice could not fight; then the fewest active
 * cards, then low dice) and who gains most at camp (10 for each exhausted card of theirs the location lets them
 * refresh; a die to Heal a card the refresh leaves exhausted, HEAL_DIE_WORTH). A pip on Watch is worth about 1.5 points.
 */
function scoreCamper(view: DecisionView, index: number): number {
  const s = view.state;
  const seat = view.options.target[index];
  const watchValue = s.activeCards(seat) === 0 ? 0 : 1.5 * s.rollTotal[seat] + CAMPER_CARD_WORTH * s.activeCards(seat);
  const refreshed = Math.min(s.exhaustedCards(seat), view.tables.locations[s.location].rules.camperRefreshes);
  return 10 * refreshed + (canHealAtCamp(view, seat, refreshed) ? HEAL_DIE_WORTH : 0) - watchValue;
}

/**
 * A camper who rolled a Heal die, when a card is exhausted that the camper's own refresh (one of their cards; two at
 * Remote Tavern, none at Haunted Manor) leaves exhausted. The planner, choosing its camper by rolling out each one's
 * round, took one with a 6 far more often than greedy did. Measured (20,000 games a level, the same seeds, default
 * party): Easy / Normal / Hard / Insane +0.5 / +1.9 / +3.0 / +1.0 points; at 8,000 games a level, 5, 10 and 20 gained
 * within a point of 15, 30 less, 45 and more lost (a camper with many active cards leaves the Watch); a Cleric's Heal
 * 4+ or a Warrior's Wood Axe counted the same way, at 30, lost 2.5 and 1.8 points at Easy.
 */
const HEAL_DIE_WORTH = 15;

function canHealAtCamp(view: DecisionView, seat: number, refreshed: number): boolean {
  const s = view.state;
  let healDie = false;
  for (let die = seat * DICE_PER_SEAT; die < seat * DICE_PER_SEAT + ROLLED_DICE; die++) if (s.dieValue[die] === HEAL_DIE) healDie = true;
  return healDie && s.totalExhaustedCards() > refreshed;
}

/**
 * An active card the camper takes out of the Watch: it neither fights nor takes the Line's damage this round, and the
 * round is lost when the Watch's cards run out. Worth more than a pip-heavy roll (a card is about 20 pips), so the
 * adventurer with the fewest active cards camps. Measured against 5 (20,000 games a level, the same seeds): Easy
 * 73.5% -> 74.1%, Normal 51.0% -> 51.6%, Hard 29.9% -> 30.7%, Insane 14.1% -> 14.8%; 10 gained about half of that,
 * 20 and 40 as much, 15 less at Normal (10,000 games).
 */
const CAMPER_CARD_WORTH = 30;

function unhallowedInGraveyard(view: DecisionView): boolean {
  const g = view.state.graveyard;
  for (let i = 0; i < g.size; i++) if (view.tables.kind[g.at(i)] === Kind.unhallowed) return true;
  return false;
}

/**
 * Runes come in pairs (doubles), so a pair with Vanquish scores 45 with Bolster or with Seal (an Unhallowed in the
 * Graveyard), Seal and Bolster 40: below Heal, Chop Wood while the fire is under 7 and the own actions worth most
 * (Heal 4+, Wood Axe, Teleport, an Equip gaining 0.35 or more of card-worth.ts), above Chop Wood from 7, Elven
 * Scout, Set Trap, Assist and Scout Ahead, and level with Check Map or above it. Two dice on runes are two camp
 * actions not taken. Re-measured 2026-12-02 (10,000 games each, Easy / Normal): Vanquish at 150 (above every camp
 * action) won 60.5 / 38.5%, at 60 65.9 / 42.5%, at 20-35 69.2-69.9 / 45.8-46.3%, at 10 67.0 / 42.0%, never 66.0 /
 * 41.4%; Seal at 20 rather than 45 a further +0.5 / +0.9 points.
 */
function scoreRunes(view: DecisionView, runes: number): number {
  let score = 0;
  if ((runes & Rune.vanquish) !== 0 && view.state.horde.size > 0) score += 25;
  if ((runes & Rune.seal) !== 0 && unhallowedInGraveyard(view)) score += 20;
  if ((runes & Rune.bolster) !== 0) score += 20;
  return score;
}

function scoreOwnAction(view: DecisionView, value: number, slot: number, target: number): number {
  const s = view.state;
  const action = view.tables.adventurers[s.camper].camp;
  switch (action.op) {
    case 'heal':
      return 75 + refreshValue(view, slot);
    case 'fire':
      return s.fire <= 11 ? 70 : NOT_WORTH;
    case 'setTrap':
      return 30 + value;
    case 'arrangeTop':
      return 30;
    case 'assist':
      return 30 + value;
    case 'teleport':
      return TELEPORT_WORTH - value;
    case 'prepared':
      return equipScore(preparedGain(view), value);
    case 'multiTalented':
      return equipScore(borrowGain(view, slot, target), value);
    default:
      return NOT_WORTH;
  }
}

/**
 * Teleport (four locations to choose the next from, mapChoice) above Heal and Chop Wood; Check Map (two) below them.
 * Measured at Easy: Teleport never 24.6%, at 55 28.7%, at 120 29.4%; Check Map at 5 29.4%, 40 29.9%, 70 26.7%.
 */
const TELEPORT_WORTH = 120;
const CHECK_MAP_WORTH = 40;

/** Prepared: the camper's best Equip, then the best Equip of an adventurer on Watch. */
function preparedGain(view: DecisionView): number {
  const s = view.state;
  let onWatch = 0;
  for (let seat = 0; seat < SEATS; seat++) if (s.onWatch[seat] === 1) onWatch = Math.max(onWatch, bestEquipGain(view, seat));
  return bestEquipGain(view, s.camper) + onWatch;
}

function bestEquipGain(view: DecisionView, seat: number): number {
  const s = view.state;
  let gain = 0;
  for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) {
    if (s.slotState[slot] === Slot.reserve) continue;
    for (let spare = seat * SLOTS_PER_SEAT; spare < (seat + 1) * SLOTS_PER_SEAT; spare++) {
      if (s.slotState[spare] === Slot.reserve) gain = Math.max(gain, equipGain(view, slot, spare));
    }
  }
  return gain;
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
      return 80 + refreshValue(view, o.slot[index]);
    case Camp.own:
      return scoreOwnAction(view, value, o.slot[index], o.target[index]);
    case Camp.chop:
      return (s.fire < 7 ? 60 : s.fire < 12 ? 35 : NOT_WORTH) - value;
    case Camp.scout:
      return 25 - value + (value === sides ? -20 : 0);
    case Camp.checkMap:
      return CHECK_MAP_WORTH;
    case Camp.equip:
      return equipScore(equipGain(view, o.slot[index], o.target[index]), value);
    default:
      return NOT_WORTH;
  }
}

/**
 * A camp die on Equip is worth this much per round of measured worth gained (card-worth.ts). With the re-measured
 * worths (8,000 games at Easy): 100 52.9% for the default party but lower for parties with the Rogue, 150 51.8%,
 * 220 50.3%.
 */
const EQUIP_WORTH = 150;

/** A camp die on an Equip (or Prepared) that gains this much worth; none when nothing is gained. */
function equipScore(gain: number, dieValue: number): number {
  return gain > 0 ? EQUIP_WORTH * gain - dieValue : NOT_WORTH;
}

/** What swapping a board card for a reserve card gains in measured worth (0 or less: no gain). */
function equipGain(view: DecisionView, slot: number, spare: number): number {
  const s = view.state;
  return cardWorth(view.tables, s.slotCard[spare]) - cardWorth(view.tables, s.slotCard[slot]);
}

/** What Multi-Talented's swap of a board card for the card of an absent adventurer (its place among them) gains. */
function borrowGain(view: DecisionView, slot: number, outsideIndex: number): number {
  const s = view.state;
  return cardWorth(view.tables, s.outsideAbilities.at(outsideIndex)) - cardWorth(view.tables, s.slotCard[slot]);
}

let worthsFor: CardTables | null = null;
let worths: Float64Array = new Float64Array(0);

/** How much a card is worth on the board (measured, see card-worth.ts): what greedy Equips, refreshes and keeps. */
export function cardWorth(tables: CardTables, card: number): number {
  if (worthsFor !== tables) measureWorths(tables);
  return worths[card];
}

/** Apart from cardWorth: a closure over `tables` in cardWorth itself would allocate its context on every call. */
function measureWorths(tables: CardTables): void {
  worths = cardWorths(tables, (each) => worthKind(tables, each));
  worthsFor = tables;
}

/** Prepared's Equip: the swap that gains most, if any. */
function equipChoice(view: DecisionView): number {
  return best(view, (v, i) => (v.options.kind[i] === OptionKind.done ? 0 : equipGain(v, v.options.slot[i], v.options.target[i])));
}

/** Refreshing a card: most for one that brings an adventurer on Watch back into the fight, then by its use. */
function refreshValue(view: DecisionView, slot: number): number {
  const s = view.state;
  const seat = Math.floor(slot / SLOTS_PER_SEAT);
  return (s.onWatch[seat] === 1 && s.activeCards(seat) === 0 ? 10 : 0) + (s.onWatch[seat] === 1 ? 1 : 0) + 2 + 5 * cardWorth(view.tables, s.slotCard[slot]);
}

function scoreRefresh(view: DecisionView, index: number): number {
  return view.options.kind[index] === OptionKind.done ? 0 : 1 + refreshValue(view, view.options.slot[index]);
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
  return fire - 3 * l.line + (l.kind === LocationKind.respite ? 4 : 0);
}

function mapChoice(view: DecisionView): number {
  // Teleport: the best seen location.
  if (view.options.mode[0] === MapMode.teleport) return best(view, (v, i) => locationScore(v, v.seen[v.options.target[i]]));
  return locationScore(view, view.seen[1]) > locationScore(view, view.seen[0]) ? 1 : 0;
}

/** Reroll the lowest die below its average, if any. */
function rerollChoice(view: DecisionView): number {
  const s = view.state;
  let choice = 0;
  for (let i = 1; i < view.options.count; i++) {
    const die = view.options.die[i];
    const value = s.dieValue[die];
    const sides = view.tables.adventurers[Math.floor(die / DICE_PER_SEAT)].die;
    if (value * 2 < sides + 1 && (choice === 0 || value < s.dieValue[view.options.die[choice]])) choice = i;
  }
  return choice;
}

function lowestDie(view: DecisionView): number {
  return best(view, (v, i) => -v.state.dieValue[v.options.die[i]]);
}

/** The weakest Unhallowed offered (Ancient Crypt, Seal), or to seal at Sacred City (never declining it). */
function weakestUnhallowed(view: DecisionView): number {
  return best(view, (v, i) => (v.options.kind[i] === OptionKind.done ? -Infinity : -threat(v, v.options.target[i])));
}

function mostDangerous(view: DecisionView): number {
  return best(view, (v, i) => threat(v, v.state.lineCard[v.options.target[i]]));
}

/** Score every Watch option after measuring, once, the dice that can reach each revealed creature. */
function chooseWatch(view: DecisionView): number {
  prepareWatchScores(view);
  // best(view, scoreWatch) unrolled: the hottest loop of the strategy, kept free of best's shared callback site.
  let bestIndex = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < view.options.count; i++) {
    const value = scoreWatch(view, i);
    if (value > bestScore) {
      bestScore = value;
      bestIndex = i;
    }
  }
  return bestIndex;
}

/** Call before scoreWatch on a new position of the game. */
export function prepareWatchScores(view: DecisionView): void {
  const s = view.state;
  decisionStamp++;
  gatherDice(view);
  for (let position = 0; position < PLAN_POSITIONS; position++) {
    killSet[position] = 0;
    for (let seat = 0; seat < SEATS; seat++) killValues[position * SEATS + seat] = 0;
    if (position >= s.lineLength || s.lineRevealed[position] === 0) continue;
    const usable = usableDice(position);
    if (usable !== 0) recordKill(position, cheapestKillOf(view, position, usable, diceMultiplier(view, position)));
  }
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
      return best(view, scoreRefresh);
    case Decision.scout:
      return scoutArrangement(view);
    case Decision.arrange:
      return arrangement(view);
    case Decision.map:
      return mapChoice(view);
    case Decision.equip:
      return equipChoice(view);
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

/**
 * Camp habits a policy can be told to drop, to measure what each is worth (experiments/setawatch-camp.yaml): a camp
 * action (`map` is Check Map, `own` every adventurer's own action), one adventurer's own action (by adventurer id), or
 * a rune (no rune option that includes it).
 */
export const AVOIDABLE = ['none', 'chop', 'scout', 'map', 'heal', 'equip', 'own', 'beastmaster', 'cleric', 'ranger', 'rogue', 'warrior', 'wizard', 'seal', 'vanquish', 'bolster'] as const;
export type Avoidable = (typeof AVOIDABLE)[number];
/** Camp happens in rounds 1-8; nobody camps in the final round. */
const LAST_CAMP_ROUND = 8;
const CAMP_ACTION_OF: Partial<Record<Avoidable, number>> = { chop: Camp.chop, scout: Camp.scout, map: Camp.checkMap, heal: Camp.heal, equip: Camp.equip, own: Camp.own };
const RUNE_OF: Partial<Record<Avoidable, number>> = { seal: Rune.seal, vanquish: Rune.vanquish, bolster: Rune.bolster };

/** True when camp option `index` uses the avoided action, adventurer's own action or rune. */
export function usesAvoided(view: DecisionView, index: number, avoid: Avoidable): boolean {
  const o = view.options;
  if (o.kind[index] === OptionKind.runes) return (o.target[index] & (RUNE_OF[avoid] ?? 0)) !== 0;
  if (o.kind[index] !== OptionKind.campAction) return false;
  const action = o.aux[index];
  if (action === CAMP_ACTION_OF[avoid]) return true;
  return action === Camp.own && view.tables.adventurers[view.state.camper].id === avoid;
}

/** Greedy, except that from round `from` on it never takes the avoided camp habit at camp (it ends camp instead). */
function avoiding(avoid: Avoidable, from: number): SetawatchStrategy {
  const score = (view: DecisionView, index: number): number => (usesAvoided(view, index, avoid) ? -Infinity : scoreCamp(view, index));
  return {
    name: 'greedy',
    ignores: GREEDY_IGNORES,
    choose(decision: DecisionKind, view: DecisionView): number {
      if (decision !== Decision.camp || view.state.round < from) return greedyChoice(decision, view);
      // Option 0 is always "done", which no habit forbids, so `best` never picks a forbidden option.
      return best(view, score);
    },
  };
}

export const greedy: StrategyDefinition<SetawatchStrategy> = {
  name: 'greedy',
  description: 'fast rules of thumb: cheapest kills first, pool dice on what can be finished, abilities on the worst threats',
  params: [
    {
      name: 'avoid',
      kind: 'enum',
      values: AVOIDABLE,
      default: 'none',
      description: 'a camp habit never taken: chop, scout, map (Check Map), heal, equip, own (every own action), an adventurer id (their own action), or a rune (seal, vanquish, bolster)',
    },
    { name: 'avoidFrom', kind: 'int', min: 1, max: LAST_CAMP_ROUND + 1, default: 1, description: `the round from which \`avoid\` applies: 1 the whole game, ${LAST_CAMP_ROUND + 1} never (plain greedy)` },
  ],
  create: (params) => {
    const avoid = (params.avoid ?? 'none') as Avoidable;
    const from = Number(params.avoidFrom ?? 1);
    return avoid === 'none' || from > LAST_CAMP_ROUND ? { name: 'greedy', choose: greedyChoice, ignores: GREEDY_IGNORES } : avoiding(avoid, from);
  },
};
