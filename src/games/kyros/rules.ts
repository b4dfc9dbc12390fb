import type { DiceSource } from '../../core/dice.ts';
import { chooseOption } from '../../core/ask.ts';
import { InputError } from '../../core/errors.ts';
import type { GameLog, OutcomeRecord } from '../../core/game.ts';
import { METRIC_MISSING } from '../../core/game.ts';
import { GameRandom, type RandomStream } from '../../core/rng.ts';
import { Activation, ACTIVATION_NAMES, ATTRIBUTE_NAMES, type KyrosTables, PHASE_NAMES } from './cards.ts';
import { Decision, DECISION_NAMES, type DecisionKind, type DecisionView, type KyrosStrategy, OPTION_CAPACITY, OptionKind, OptionList, type RulesView } from './decisions.ts';
import { chance, DuelNumbers } from './duel.ts';
import { HeroProfile, LordProfile } from './profiles.ts';
import {
  COUNTER_NAMES,
  COUNTER_TYPES,
  CombatEnd,
  FREE_PLACE,
  ITEM_CAPACITY,
  KyrosState,
  MAX_COMBAT_ROUNDS,
  MAX_SEATS,
  MAX_TOWNS,
  popcount,
  STACK_CAPACITY,
  Status,
} from './state.ts';

/**
 * The Giant Lord endgame of Runebound: The Scepter of Kyros, from the occupation set-up to the liberation of the last
 * town. Heroes travel and heal between fights under a simple model (see RULES.md, "Between fights"); each attack is a
 * full Runebound combat against the town's Giant Lord, strengthened by the counters the player to the attacker's left
 * chooses and by the town's market items.
 */

export interface RulesOptions {
  readonly players: number;
  readonly marketCards: number;
  readonly maxRounds: number;
  /** Turns to reach an occupied town from a free place or the next town along the row (see travelTurns). */
  readonly travel: number;
  /** Wounds every hero heals free at the start of each of its turns (0: wounds heal only for gold in a town). */
  readonly recovery: number;
  /** Exhaustion every hero sheds at the start of each of its turns (the movement dice it leaves unrolled). */
  readonly exhaustionRecovery: number;
  /** Gold per wound healed by resting in a free town (0: free). */
  readonly healCost: number;
  /** Turns a knocked-out hero loses. */
  readonly knockoutTurns: number;
  /**
   * The Giant Lords defeated before the endgame (1 fame each): `eighth`, the one whose defeat triggered the endgame,
   * held by the last seat; `none`; or `random`, the eighth and each of the others to a random hero.
   */
  readonly priorFame: 'eighth' | 'none' | 'random';
  /**
   * `bothFall=lord-first`: a reflected wound counts even when the blow felled the side it reflects from, and when both
   * fall the Giant Lord falls first; `struck-first` (default): the side struck falls first, its reflect uncounted.
   */
  readonly lordFallsFirst: boolean;
  /**
   * `beforeCombat=every-round` (default): each combat round opens with a Before Combat step (the Lord card's strike,
   * then both sides' items); `first-round`: only the combat's first round does, so a strike, bomb, potion or surge is
   * used once a fight (a surge still raises that round only).
   */
  readonly beforeCombatEveryRound: boolean;
}

export const OUTCOME_UNFINISHED = MAX_SEATS;

/** Metric indices (see index.ts for names and descriptions). */
export const M = {
  rounds: 0,
  attacks: 1,
  liberations: 2,
  attacksPerLiberation: 3,
  fameSpread: 4,
  winnerFame: 5,
  firstAttackWon: 6,
  liberationRate: 7,
  knockouts: 8,
  escapes: 9,
  countersPerAttack: 10,
  fameSeat1: 11,
} as const;

/** The counter masks of at most `cap` counters, per cap (0-5), in increasing order. */
const COUNTER_SETS_UP_TO: readonly Int8Array[] = [0, 1, 2, 3, 4, 5].map((cap) => Int8Array.from({ length: 32 }, (_, mask) => mask).filter((mask) => popcount(mask) <= cap));

const NOT_USED = -1;
const USED_FOR_COMBAT = 9999;

export class KyrosRules implements RulesView {
  readonly state: KyrosState;
  readonly options = new OptionList();
  readonly random = new GameRandom(['setup', 'combat', 'strategy', 'tiebreak'] as const);
  /** The `combat` stream's d10s, or a test's script (scriptDice) until the next game. */
  private dice: DiceSource = this.random.streams.combat;
  private readonly view: { state: KyrosState; options: OptionList; tables: KyrosTables; random: DecisionView['random']; seat: number; rules: RulesView };
  private strategy: KyrosStrategy = { name: 'none', choose: () => 0 } as KyrosStrategy;
  private seed = 0;
  private readonly deal: Int16Array;
  /** Per stack slot / hero item slot: the combat round the card was last used, by activation or an ally's attack (NOT_USED, or USED_FOR_COMBAT). */
  private readonly stackUsed = new Int16Array(STACK_CAPACITY);
  private readonly heroUsed = new Int16Array(ITEM_CAPACITY);
  /** Each town's Giant Lord and each seat's hero before counters, kept up to date by the state's stamps. */
  private readonly lordProfiles = Array.from({ length: MAX_TOWNS }, () => new LordProfile());
  private readonly heroProfiles = Array.from({ length: MAX_SEATS }, () => new HeroProfile());

  constructor(
    readonly tables: KyrosTables,
    readonly settings: RulesOptions,
    private readonly log: GameLog | null,
  ) {
    const towns = settings.players + 1;
    if (tables.lordCount - tables.defeatedBeforeEndgame < towns) {
      throw new InputError(
        `content: ${settings.players} players need ${towns} Giant Lords left after the ${tables.defeatedBeforeEndgame} defeated before the endgame; the file lists ${tables.lordCount}`,
      );
    }
    this.state = new KyrosState(tables.lordCount, tables.marketDeck.length);
    this.deal = new Int16Array(Math.max(tables.lordCount, tables.heroCount, tables.marketDeck.length));
    this.view = { state: this.state, options: this.options, tables, random: this.random.streams.strategy, seat: 0, rules: this };
  }

  /** Play one endgame. Test seam: `arrange` runs after set-up (to stack towns, set wounds, give items, scriptDice). */
  playGame(seed: number, strategy: KyrosStrategy, out: OutcomeRecord, arrange?: (rules: KyrosRules) => void): void {
    this.random.reseed(seed);
    this.dice = this.random.streams.combat;
    this.seed = seed;
    this.strategy = strategy;
    this.setUp();
    if (arrange !== undefined) arrange(this);
    const s = this.state;
    for (let round = 1; round <= this.settings.maxRounds && s.status === Status.playing; round++) {
      s.round = round;
      if (this.log !== null) this.log.write(`round ${round}: ${s.occupiedTowns()} town(s) occupied`);
      for (let seat = 0; seat < s.players && s.status === Status.playing; seat++) this.playTurn(seat);
    }
    if (s.status === Status.playing) s.status = Status.unfinished;
    this.record(out);
  }

  // ---- Set-up ----------------------------------------------------------------------------------------------------

  private setUp(): void {
    const s = this.state;
    const o = this.settings;
    s.status = Status.playing;
    s.players = o.players;
    s.townCount = o.players + 1;
    s.round = 0;
    s.inCombat = false;
    s.attacks = s.liberations = s.knockouts = s.escapes = s.countersGiven = 0;
    s.firstAttack = -1;
    s.winner = -1;
    this.dealHeroes();
    this.setAsideEarlierLords();
    this.stockMarkets();
    this.occupyTowns();
    if (this.log !== null) this.logSetUp();
  }

  /** Heroes dealt at random, as they stand when the endgame begins. */
  private dealHeroes(): void {
    const s = this.state;
    const t = this.tables;
    const setup = this.random.streams.setup;
    for (let h = 0; h < t.heroCount; h++) this.deal[h] = h;
    setup.shuffle(this.deal, 0, t.heroCount);
    for (let seat = 0; seat < MAX_SEATS; seat++) {
      const hero = seat < s.players ? this.deal[seat] : -1;
      s.seatHero[seat] = hero;
      s.wounds[seat] = s.exhaustion[seat] = s.fame[seat] = 0;
      s.heading[seat] = -1;
      s.travelLeft[seat] = 0;
      s.skipTurns[seat] = 0;
      s.itemCount[seat] = 0;
      s.restampSeat(seat);
      if (hero < 0) continue;
      s.gold[seat] = t.heroGold[hero];
      s.level[seat] = t.heroLevel[hero];
      s.adventureCounters[seat] = t.heroCounters[hero];
      for (let i = t.heroItemStart[hero]; i < t.heroItemStart[hero + 1] && s.itemCount[seat] < ITEM_CAPACITY; i++) this.giveItem(seat, t.heroItemList[i]);
      // Somewhere on the board: next to one of the towns about to be occupied, or at a free place (-1, FREE_PLACE).
      s.position[seat] = setup.int(s.townCount + 1) - 1;
    }
  }

  /**
   * The Giant Lords defeated in normal play are set aside; the rest (those never drawn and those on the
   * undefeated challenge track, shuffled back) form the deck the occupiers are drawn from.
   */
  private setAsideEarlierLords(): void {
    const s = this.state;
    const t = this.tables;
    const setup = this.random.streams.setup;
    s.lordCounters.fill(0);
    s.lordOwner.fill(-1);
    for (let l = 0; l < t.lordCount; l++) this.deal[l] = l;
    setup.shuffle(this.deal, 0, t.lordCount);
    s.lordDeck.clear();
    for (let l = 0; l < t.lordCount; l++) {
      const lord = this.deal[l];
      if (l < t.defeatedBeforeEndgame) this.giveEarlierLord(lord, l === t.defeatedBeforeEndgame - 1, setup);
      else s.lordDeck.push(lord);
    }
  }

  /** The market deck, shuffled, and each town-to-be-occupied's stack dealt from it. */
  private stockMarkets(): void {
    const s = this.state;
    const t = this.tables;
    s.marketDeck.clear();
    s.marketDiscard.clear();
    for (let i = 0; i < t.marketDeck.length; i++) s.marketDeck.push(t.marketDeck[i]);
    s.marketDeck.shuffle(this.random.streams.setup);
    for (let town = 0; town < s.townCount; town++) {
      s.stackSize[town] = 0;
      for (let c = 0; c < this.settings.marketCards && s.marketDeck.size > 0; c++) this.addToStack(town, s.marketDeck.draw());
    }
  }

  /** Occupation: top-most free market stack first (Frostgate, Greyhaven, Nerekhall, ...), each with a red adventure counter. */
  private occupyTowns(): void {
    const s = this.state;
    for (let town = 0; town < s.townCount; town++) {
      s.townLord[town] = s.lordDeck.draw();
      s.restampTown(town);
      s.townLiberated[town] = 0;
      s.townRedCounter[town] = 1;
    }
  }

  /** A Giant Lord defeated before the endgame, by the setting: the eighth to the last seat, the others at random. */
  private giveEarlierLord(lord: number, eighth: boolean, setup: RandomStream): void {
    const mode = this.settings.priorFame;
    if (mode === 'none' || (mode === 'eighth' && !eighth)) return;
    const seat = eighth ? this.settings.players - 1 : setup.int(this.settings.players);
    this.state.lordOwner[lord] = seat;
    this.state.fame[seat] += 1;
  }

  private logSetUp(): void {
    const s = this.state;
    const t = this.tables;
    const log = this.log as GameLog;
    log.write(`set-up: ${s.players} player(s), ${s.townCount} Giant Lords occupy ${s.townCount} towns, ${this.settings.marketCards} market card(s) per town`);
    for (let town = 0; town < s.townCount; town++) {
      const lord = s.townLord[town];
      log.write(`  ${t.townNames[town]} is occupied by ${t.lordNames[lord]} (${this.lordLine(lord)}); market: ${this.stackText(town)}`);
    }
    for (let seat = 0; seat < s.players; seat++) {
      const hero = s.seatHero[seat];
      const where = s.position[seat] === FREE_PLACE ? 'a free town' : `near ${t.townNames[s.position[seat]]}`;
      log.write(`  seat ${seat + 1}: ${t.heroNames[hero]} (${this.heroLine(hero)}), level ${s.level[seat]}, ${s.gold[seat]} gold, fame ${s.fame[seat]}, ${where}; items: ${this.itemsText(seat)}`);
    }
  }

  // ---- A turn ----------------------------------------------------------------------------------------------------

  private playTurn(seat: number): void {
    const s = this.state;
    const t = this.tables;
    s.seat = seat;
    const name = t.heroNames[s.seatHero[seat]];
    if (s.skipTurns[seat] > 0) {
      s.skipTurns[seat]--;
      if (this.log !== null) this.log.write(`  seat ${seat + 1} ${name} recovers from being knocked out (turn lost)`);
      return;
    }
    s.wounds[seat] -= Math.min(this.settings.recovery, s.wounds[seat]);
    s.exhaustion[seat] -= Math.min(this.settings.exhaustionRecovery, s.exhaustion[seat]);

    if (s.heading[seat] >= 0 && s.townLiberated[s.heading[seat]] === 1) {
      if (this.log !== null) this.log.write(`  seat ${seat + 1} ${name}: ${t.townNames[s.heading[seat]]} was liberated on the way; choosing again from there`);
      s.position[seat] = FREE_PLACE;
      s.heading[seat] = -1;
    }
    // Next to a town another hero has since liberated (after an escape, or from set-up): a free town now.
    if (s.position[seat] !== FREE_PLACE && s.townLiberated[s.position[seat]] === 1) s.position[seat] = FREE_PLACE;
    if (s.heading[seat] < 0) {
      const o = this.options;
      o.clear();
      for (let town = 0; town < s.townCount; town++) if (s.townLiberated[town] === 0) o.add(OptionKind.town, town);
      o.add(OptionKind.rest, -1);
      const pick = this.ask(Decision.destination, seat);
      if (o.kind[pick] === OptionKind.rest) return this.rest(seat);
      const town = o.a[pick];
      s.heading[seat] = town;
      s.travelLeft[seat] = this.travelTurns(seat, town);
    }
    s.travelLeft[seat]--;
    const town = s.heading[seat];
    if (s.travelLeft[seat] > 0) {
      if (this.log !== null) this.log.write(`  seat ${seat + 1} ${name} travels toward ${t.townNames[town]} (${s.travelLeft[seat]} turn(s) to go)`);
      return;
    }
    s.heading[seat] = -1;
    s.position[seat] = town;
    this.attack(seat, town);
  }

  /** Rest a turn in a free town: a Market Step there heals, and the hero starts its next journey from a free place. */
  private rest(seat: number): void {
    this.state.position[seat] = FREE_PLACE;
    this.healInTown(seat, this.log === null ? '' : `  seat ${seat + 1} ${this.tables.heroNames[this.state.seatHero[seat]]} rests in a free town`);
  }

  /**
   * Healing in a town's Market Step: all exhaustion goes; the hero chooses how many wounds to pay healCost gold each
   * for, as far as its gold goes (healing is bought, like a card, so the hero may keep its gold for one); they heal
   * the hero's first, then its allies'.
   */
  private healInTown(seat: number, who: string): void {
    const s = this.state;
    s.exhaustion[seat] = 0;
    let budget = this.healChoice(seat);
    let healed = this.healWounds(seat, s.wounds, seat, budget);
    budget -= healed;
    for (let i = 0; i < s.itemCount[seat]; i++) {
      const more = this.healWounds(seat, s.allyWounds, seat * ITEM_CAPACITY + i, budget);
      healed += more;
      budget -= more;
    }
    if (this.log !== null) this.log.write(`${who}: heals ${healed} wound(s) for ${healed * this.settings.healCost} gold (wounds ${s.wounds[seat]}, gold ${s.gold[seat]})`);
  }

  /** The hero's choice of how many wounds to heal: every count from the most its gold pays for down to 0. */
  private healChoice(seat: number): number {
    const most = this.restHeals(seat);
    if (most === 0) return 0;
    const o = this.options;
    o.clear();
    for (let wounds = most; wounds > 0 && o.count < OPTION_CAPACITY - 1; wounds--) o.add(OptionKind.heal, wounds);
    o.add(OptionKind.heal, 0);
    return o.a[this.ask(Decision.heal, seat)];
  }

  /** Heal the wounds at `wounds[at]`, at most `budget`, as far as the seat's gold goes; returns how many. */
  private healWounds(seat: number, wounds: Int16Array, at: number, budget: number): number {
    const healed = Math.min(budget, this.affordableHeals(seat, wounds[at]));
    wounds[at] -= healed;
    this.state.gold[seat] -= healed * this.settings.healCost;
    return healed;
  }

  /** How many of `wounds` the seat's gold pays to heal. */
  private affordableHeals(seat: number, wounds: number): number {
    const cost = this.settings.healCost;
    return cost === 0 ? wounds : Math.min(wounds, Math.floor(this.state.gold[seat] / cost));
  }

  /** Wounds of the hero and its allies that a rest in a free town would heal now. */
  restHeals(seat: number): number {
    const s = this.state;
    let wounds = s.wounds[seat];
    for (let i = 0; i < s.itemCount[seat]; i++) wounds += s.allyWounds[seat * ITEM_CAPACITY + i];
    return this.affordableHeals(seat, wounds);
  }

  travelTurns(seat: number, town: number): number {
    const s = this.state;
    const from = s.position[seat];
    const turns = from === FREE_PLACE ? this.settings.travel : from === town ? 1 : this.settings.travel + Math.abs(from - town) - 1;
    const faster = turns - this.heroProfiles[seat].update(s, this.tables, seat).travelBonus;
    return faster < 1 ? 1 : faster;
  }

  // ---- An attack -------------------------------------------------------------------------------------------------

  private attack(seat: number, town: number): void {
    const s = this.state;
    const t = this.tables;
    const lord = s.townLord[town];
    s.attacks++;
    s.inCombat = true;
    s.attacker = seat;
    // Play passes to the right (the rulebook's set-up example), so the player to the attacker's left took the previous turn.
    s.chooser = (seat + s.players - 1) % s.players;
    s.town = town;
    s.lord = lord;
    if (this.log !== null) {
      this.log.write(`  seat ${seat + 1} ${t.heroNames[s.seatHero[seat]]} attacks ${t.lordNames[lord]} in ${t.townNames[town]} (wounds ${s.wounds[seat]}/${t.heroLife[s.seatHero[seat]]}, exhaustion ${s.exhaustion[seat]})`);
    }
    const mask = this.giveCounters(town);
    this.setUpCombat(seat, town, mask);
    if (this.log !== null) {
      this.log.write(
        `    seat ${s.chooser + 1} gives ${popcount(mask)} of ${s.counterCap(town)} counter(s): ${this.countersText(mask)} -> ${this.combatLordText()}; ${t.lordNames[lord]} may use: ${this.stackText(town)}`,
      );
    }
    this.endCombat(this.fightRounds(seat, lord));
  }

  /** The player to the attacker's left chooses the experience counters: at most one per market card, one of each type. */
  private giveCounters(town: number): number {
    const s = this.state;
    const cap = s.counterCap(town);
    const o = this.options;
    o.clear();
    const masks = COUNTER_SETS_UP_TO[cap];
    for (let i = 0; i < masks.length; i++) o.add(OptionKind.counters, masks[i]);
    const mask = o.a[this.ask(Decision.counters, s.chooser)];
    s.counterMask = mask;
    s.countersGiven += popcount(mask);
    return mask;
  }

  /** Combat rounds until one side falls or the hero escapes; returns how the combat ended (CombatEnd). */
  private fightRounds(seat: number, lord: number): number {
    const s = this.state;
    const o = this.options;
    for (let round = 1; ; round++) {
      s.combatRound = round;
      if (round > MAX_COMBAT_ROUNDS) {
        if (this.log !== null) this.log.write(`    neither side can win; after ${MAX_COMBAT_ROUNDS} rounds the hero withdraws`);
        return CombatEnd.escaped;
      }
      s.heroSurge = 0;
      s.lordSurge = 0;
      if (round > 1 && this.tables.lordNoEscape[lord] === 0) {
        o.clear();
        o.add(OptionKind.fight, 0);
        o.add(OptionKind.escape, 0);
        if (o.kind[this.ask(Decision.escape, seat)] === OptionKind.escape) {
          if (this.log !== null) this.log.write(`    round ${round}: the hero escapes`);
          return CombatEnd.escaped;
        }
      }
      let end = round === 1 || this.settings.beforeCombatEveryRound ? this.beforeCombat() : -1;
      if (end >= 0) return end;
      o.clear();
      for (let p = 0; p < 3; p++) o.add(OptionKind.phase, p);
      s.attackPhase = o.a[this.ask(Decision.phase, seat)];
      end = this.combatRound(round);
      if (end >= 0) return end;
    }
  }

  /** The live combat's effective numbers: each side's profile (see profiles.ts), the counters added to the Lord's. */
  private setUpCombat(seat: number, town: number, mask: number): void {
    const s = this.state;
    const t = this.tables;
    const lord = this.lordProfiles[town].update(s, t, town);
    const hero = this.heroProfiles[seat].update(s, t, seat);
    for (let p = 0; p < 3; p++) {
      s.lordValue[p] = lord.valueWith(p, mask);
      s.lordDamage[p] = lord.damageWith(p, mask);
      s.lordAttackBonus[p] = lord.attackBonus[p];
      s.lordDefenseBonus[p] = lord.defenseBonus[p];
      s.heroValue[p] = t.heroValue[s.seatHero[seat] * 3 + p];
      s.heroDamage[p] = hero.damage[p];
      s.heroAttackBonus[p] = hero.attackBonus[p];
      s.heroDefenseBonus[p] = hero.defenseBonus[p];
    }
    s.lordLife = lord.lifeWith(mask);
    s.lordStamina = lord.staminaWith(mask);
    s.lordWounds = 0;
    s.lordExhaustion = 0;
    s.heroLife = t.heroLife[s.seatHero[seat]];
    s.heroStamina = t.heroStamina[s.seatHero[seat]];
    s.lordReflectPhase = t.lordReflectPhase[s.lord];
    s.lordReflectAmount = t.lordReflectAmount[s.lord];
    s.heroReflectPhase = -1;
    s.heroReflectAmount = 0;
    for (let i = 0; i < s.stackSize[town]; i++) this.stackUsed[i] = NOT_USED;
    for (let i = 0; i < s.itemCount[seat]; i++) this.heroUsed[i] = NOT_USED;
  }

  /** Life the hero has left, plus its allies' (an estimate: allies take exchanges the hero would defend). */
  lifeLeft(seat: number): number {
    const s = this.state;
    let left = this.tables.heroLife[s.seatHero[seat]] - s.wounds[seat];
    for (let i = 0; i < s.itemCount[seat]; i++) {
      const item = s.itemAt(seat, i);
      if (this.tables.itemIsAlly[item] === 1) left += this.tables.allyLife[item] - s.allyWounds[seat * ITEM_CAPACITY + i];
    }
    return left;
  }

  describeDuel(seat: number, town: number, counterMask: number, into: DuelNumbers): DuelNumbers {
    const s = this.state;
    const t = this.tables;
    const lord = this.lordProfiles[town].update(s, t, town);
    const hero = this.heroProfiles[seat].update(s, t, seat);
    for (let p = 0; p < 3; p++) {
      const value = t.heroValue[s.seatHero[seat] * 3 + p];
      const lordValue = lord.valueWith(p, counterMask);
      into.attackModifier[p] = value + hero.attackBonus[p];
      into.attackTarget[p] = lordValue + lord.defenseBonus[p];
      into.defendModifier[p] = value + hero.defenseBonus[p];
      into.defendTarget[p] = lordValue + lord.attackBonus[p];
      into.attack[p] = chance(into.attackModifier[p], into.attackTarget[p]);
      into.defend[p] = chance(into.defendModifier[p], into.defendTarget[p]);
      into.heroDamage[p] = hero.damage[p];
      into.lordDamage[p] = lord.damageWith(p, counterMask);
    }
    into.heroLifeLeft = this.lifeLeft(seat);
    into.lordLifeLeft = lord.lifeWith(counterMask);
    return into;
  }

  describeCombat(into: DuelNumbers): DuelNumbers {
    const s = this.state;
    for (let p = 0; p < 3; p++) {
      into.attackModifier[p] = s.heroValue[p] + s.heroAttackBonus[p] + s.heroSurge;
      into.attackTarget[p] = s.lordValue[p] + s.lordDefenseBonus[p];
      into.defendModifier[p] = s.heroValue[p] + s.heroDefenseBonus[p];
      into.defendTarget[p] = s.lordValue[p] + s.lordAttackBonus[p] + s.lordSurge;
      into.attack[p] = chance(into.attackModifier[p], into.attackTarget[p]);
      into.defend[p] = chance(into.defendModifier[p], into.defendTarget[p]);
      into.heroDamage[p] = s.heroDamage[p];
      into.lordDamage[p] = s.lordDamage[p];
    }
    into.heroLifeLeft = this.lifeLeft(s.attacker);
    into.lordLifeLeft = s.lordLife - s.lordWounds;
    return into;
  }

  /** The Before Combat step: the Giant Lord card's strike, its items (the chooser decides), then the hero's. -1: the fight goes on. */
  private beforeCombat(): number {
    const s = this.state;
    const t = this.tables;
    const o = this.options;
    s.phase = -1;
    if (t.strikeWounds[s.lord] > 0) {
      this.woundHeroUnlessTest(t.lordNames[s.lord], t.strikeWounds[s.lord], t.strikeAttribute[s.lord], t.strikeDifficulty[s.lord]);
      const end = this.combatEnd();
      if (end >= 0) return end;
    }
    for (;;) {
      o.clear();
      o.add(OptionKind.done, -1);
      for (let i = 0; i < s.stackSize[s.town]; i++) {
        const item = s.stackAt(s.town, i);
        if (t.usableByLord[item] === 1 && this.canActivate(item, this.stackUsed[i], s.lordWounds, s.lordExhaustion, s.lordStamina, s.lordReflectPhase)) o.add(OptionKind.item, i);
      }
      if (o.count === 1) break;
      const pick = this.ask(Decision.lordItem, s.chooser);
      if (o.kind[pick] === OptionKind.done) break;
      this.lordUses(o.a[pick]);
      const end = this.combatEnd();
      if (end >= 0) return end;
    }
    for (;;) {
      o.clear();
      o.add(OptionKind.done, -1);
      const seat = s.attacker;
      for (let i = 0; i < s.itemCount[seat]; i++) {
        const item = s.itemAt(seat, i);
        if (this.canActivate(item, this.heroUsed[i], s.wounds[seat], s.exhaustion[seat], s.heroStamina, s.heroReflectPhase)) o.add(OptionKind.item, i);
      }
      if (o.count === 1) break;
      const pick = this.ask(Decision.heroItem, seat);
      if (o.kind[pick] === OptionKind.done) break;
      this.heroUses(o.a[pick]);
      const end = this.combatEnd();
      if (end >= 0) return end;
    }
    return -1;
  }

  /** Whether an item may be activated now: exhaustion costs must fit under Stamina (a Giant Lord has 0 unless given the counter). */
  private canActivate(item: number, used: number, wounds: number, exhaustion: number, stamina: number, reflectPhase: number): boolean {
    const t = this.tables;
    switch (t.activation[item]) {
      case Activation.bomb:
        return true;
      case Activation.heal:
        return wounds > 0;
      case Activation.reflect:
        return reflectPhase < 0 && exhaustion + t.exhaustCost[item] <= stamina;
      case Activation.surge:
        return used !== this.state.combatRound && exhaustion + t.exhaustCost[item] <= stamina;
      default:
        return false;
    }
  }

  private lordUses(slot: number): void {
    const s = this.state;
    const t = this.tables;
    const item = s.stackAt(s.town, slot);
    const name = t.itemNames[item];
    switch (t.activation[item]) {
      case Activation.bomb: {
        this.removeFromStack(s.town, slot);
        s.marketDiscard.push(item);
        this.woundHeroUnlessTest(this.log === null ? '' : `${t.lordNames[s.lord]} uses ${name}`, t.bombWounds[item], t.bombAttribute[item], t.bombDifficulty[item]);
        return;
      }
      case Activation.heal: {
        this.removeFromStack(s.town, slot);
        s.marketDiscard.push(item);
        const healed = Math.min(t.healAmount[item], s.lordWounds);
        s.lordWounds -= healed;
        if (this.log !== null) this.log.write(`    ${t.lordNames[s.lord]} uses ${name}: heals ${healed}`);
        return;
      }
      case Activation.reflect:
        s.lordExhaustion += t.exhaustCost[item];
        s.lordReflectPhase = t.reflectPhase[item];
        s.lordReflectAmount = t.reflectAmount[item];
        this.stackUsed[slot] = USED_FOR_COMBAT;
        if (this.log !== null) this.log.write(`    ${t.lordNames[s.lord]} activates ${name} (takes ${t.exhaustCost[item]} exhaustion)`);
        return;
      case Activation.surge:
        s.lordExhaustion += t.exhaustCost[item];
        s.lordSurge += t.surgeAmount[item];
        this.stackUsed[slot] = s.combatRound;
        if (this.log !== null) this.log.write(`    ${t.lordNames[s.lord]} uses ${name}: +${t.surgeAmount[item]} this round`);
        return;
    }
  }

  /** A Giant Lord's bomb or strike: the hero takes `wounds` unless it passes the test (attribute -1: no test). */
  private woundHeroUnlessTest(source: string, wounds: number, attribute: number, difficulty: number): void {
    const passed = attribute >= 0 && this.test(this.state.heroValue[attribute], difficulty);
    if (this.log !== null) this.log.write(`    ${source}: ${passed ? 'the hero passes the test' : `${wounds} wound(s) to the hero`}`);
    if (!passed) this.heroTakes(wounds, -1);
  }

  private heroUses(slot: number): void {
    const s = this.state;
    const t = this.tables;
    const seat = s.attacker;
    const item = s.itemAt(seat, slot);
    const name = t.itemNames[item];
    switch (t.activation[item]) {
      case Activation.bomb: {
        this.removeItem(seat, slot);
        const attribute = t.bombAttribute[item];
        // For tests, a Giant Lord's Mind, Body and Spirit are its Ranged, Melee and Magic values - 10.
        const passed = attribute >= 0 && this.test(s.lordValue[attribute] - 10, t.bombDifficulty[item]);
        if (this.log !== null) {
          const test = attribute >= 0 ? ` (${ATTRIBUTE_NAMES[attribute]} test at ${s.lordValue[attribute] - 10} against ${t.bombDifficulty[item]}: ${passed ? 'passed' : 'failed'})` : '';
          this.log.write(`    the hero uses ${name}${test}${passed ? '' : `: ${t.bombWounds[item]} wound(s) to ${t.lordNames[s.lord]}`}`);
        }
        if (!passed) this.lordTakes(t.bombWounds[item], -1);
        return;
      }
      case Activation.heal: {
        this.removeItem(seat, slot);
        const healed = Math.min(t.healAmount[item], s.wounds[seat]);
        s.wounds[seat] -= healed;
        if (this.log !== null) this.log.write(`    the hero uses ${name}: heals ${healed}`);
        return;
      }
      case Activation.reflect:
        s.exhaustion[seat] += t.exhaustCost[item];
        s.heroReflectPhase = t.reflectPhase[item];
        s.heroReflectAmount = t.reflectAmount[item];
        this.heroUsed[slot] = USED_FOR_COMBAT;
        if (this.log !== null) this.log.write(`    the hero activates ${name} (takes ${t.exhaustCost[item]} exhaustion)`);
        return;
      case Activation.surge:
        s.exhaustion[seat] += t.exhaustCost[item];
        s.heroSurge += t.surgeAmount[item];
        this.heroUsed[slot] = s.combatRound;
        if (this.log !== null) this.log.write(`    the hero uses ${name}: +${t.surgeAmount[item]} to this round's attack`);
        return;
    }
  }

  /**
   * One round of Ranged, Melee and Magic: the hero attacks in its chosen phase and defends in the other two, unless an
   * ally attacks in its place there (the ally then takes the whole exchange of that phase).
   */
  private combatRound(round: number): number {
    const s = this.state;
    for (let p = 0; p < 3; p++) {
      s.phase = p;
      if (p === s.attackPhase) this.heroAttacks(p, round);
      else {
        const ally = this.allyInstead(round);
        if (ally >= 0) this.allyAttacks(ally, p, round);
        else this.heroDefends(p, round);
      }
      const end = this.combatEnd();
      if (end >= 0) return end;
    }
    return -1;
  }

  /** 2d10 + value + bonuses against the Lord's value + its defence bonus: a hit deals the hero's damage, a miss costs the Lord's. */
  private heroAttacks(p: number, round: number): void {
    const s = this.state;
    const roll = this.roll2d10();
    const total = roll + s.heroValue[p] + s.heroAttackBonus[p] + s.heroSurge;
    const target = s.lordValue[p] + s.lordDefenseBonus[p];
    const hit = total >= target;
    if (this.log !== null) this.log.write(`    round ${round} ${PHASE_NAMES[p]}: the hero attacks, ${roll} + ${total - roll} = ${total} vs ${target}: ${hit ? `hits for ${s.heroDamage[p]}` : `misses, takes ${s.lordDamage[p]}`}`);
    if (hit) this.lordTakes(s.heroDamage[p], p);
    else this.heroTakes(s.lordDamage[p], p);
  }

  /** 2d10 + value + defence bonus against the Lord's value + its attack bonus and surge: a failure costs the Lord's damage. */
  private heroDefends(p: number, round: number): void {
    const s = this.state;
    const roll = this.roll2d10();
    const total = roll + s.heroValue[p] + s.heroDefenseBonus[p];
    const target = s.lordValue[p] + s.lordAttackBonus[p] + s.lordSurge;
    const wounds = total < target ? s.lordDamage[p] : 0;
    if (this.log !== null) this.log.write(`    round ${round} ${PHASE_NAMES[p]}: the hero defends, ${roll} + ${total - roll} = ${total} vs ${target}: ${wounds > 0 ? `takes ${wounds}` : 'no wounds'}`);
    if (wounds > 0) this.heroTakes(wounds, p);
  }

  /** In a phase the hero would defend in: the hero's choice of an ally that has not fought this round, or -1 (the hero defends). */
  private allyInstead(round: number): number {
    const s = this.state;
    const o = this.options;
    const seat = s.attacker;
    o.clear();
    o.add(OptionKind.done, -1);
    for (let i = 0; i < s.itemCount[seat]; i++) if (this.tables.itemIsAlly[s.itemAt(seat, i)] === 1 && this.heroUsed[i] !== round) o.add(OptionKind.ally, i);
    if (o.count === 1) return -1;
    const pick = this.ask(Decision.allyAttack, seat);
    return o.kind[pick] === OptionKind.ally ? o.a[pick] : -1;
  }

  /** The ally attacks with its own line, 2d10 + value against the Lord's value + defence bonus; a miss wounds the ally. */
  private allyAttacks(slot: number, p: number, round: number): void {
    const s = this.state;
    const t = this.tables;
    const ally = s.itemAt(s.attacker, slot);
    this.heroUsed[slot] = round;
    const roll = this.roll2d10();
    const total = roll + t.allyValue[ally * 3 + p];
    const target = s.lordValue[p] + s.lordDefenseBonus[p];
    const hit = total >= target;
    if (this.log !== null) {
      this.log.write(`    round ${round} ${PHASE_NAMES[p]}: ${t.itemNames[ally]} attacks, ${roll} + ${total - roll} = ${total} vs ${target}: ${hit ? `hits for ${t.allyDamage[ally * 3 + p]}` : `misses, takes ${s.lordDamage[p]}`}`);
    }
    if (hit) this.lordTakes(t.allyDamage[ally * 3 + p], p);
    else this.allyTakes(slot, s.lordDamage[p]);
  }

  /** Wounds to an ally: at its Life it dies (is discarded). */
  private allyTakes(slot: number, wounds: number): void {
    const s = this.state;
    const seat = s.attacker;
    const at = seat * ITEM_CAPACITY + slot;
    const ally = s.items[at];
    s.allyWounds[at] += wounds;
    if (s.allyWounds[at] < this.tables.allyLife[ally]) return;
    if (this.log !== null) this.log.write(`    ${this.tables.itemNames[ally]} dies`);
    this.removeItem(seat, slot);
  }

  /** Wounds to the hero; in a phase where its reflect effect is active, the Giant Lord takes the reflected wounds. */
  private heroTakes(wounds: number, phase: number): void {
    const s = this.state;
    s.wounds[s.attacker] += wounds;
    if (phase >= 0 && phase === s.heroReflectPhase && wounds > 0 && this.reflectCounts(s.wounds[s.attacker], s.heroLife)) {
      if (this.log !== null) this.log.write(`    the hero's reflect effect: ${s.heroReflectAmount} wound(s) to the Giant Lord`);
      s.lordWounds += s.heroReflectAmount;
    }
  }

  private lordTakes(wounds: number, phase: number): void {
    const s = this.state;
    s.lordWounds += wounds;
    if (phase >= 0 && phase === s.lordReflectPhase && wounds > 0 && this.reflectCounts(s.lordWounds, s.lordLife)) {
      if (this.log !== null) this.log.write(`    the Giant Lord's reflect effect: ${s.lordReflectAmount} wound(s) to the hero`);
      this.heroTakes(s.lordReflectAmount, -1);
    }
  }

  /** A side's reflect effect answers the blow it took, unless (bothFall=struck-first) that blow felled it. */
  private reflectCounts(wounds: number, life: number): boolean {
    return this.settings.lordFallsFirst || wounds < life;
  }

  /** The Giant Lord falls first if both fall at once (only with bothFall=lord-first). */
  private combatEnd(): number {
    const s = this.state;
    if (s.lordWounds >= s.lordLife) return CombatEnd.liberated;
    if (s.wounds[s.attacker] >= s.heroLife) return CombatEnd.knockedOut;
    return -1;
  }

  private endCombat(end: number): void {
    const s = this.state;
    s.inCombat = false;
    if (s.firstAttack < 0) s.firstAttack = end === CombatEnd.liberated ? 1 : 0;
    if (end === CombatEnd.liberated) this.liberate(s.attacker, s.town, s.lord);
    else this.lordHolds(end);
  }

  /** The hero is knocked out or escaped (the Giant Lord's counters and wounds are shed when the next combat sets it up). */
  private lordHolds(end: number): void {
    const s = this.state;
    const t = this.tables;
    if (end === CombatEnd.knockedOut) {
      this.knockOut(s.attacker);
      if (this.log !== null) this.log.write(`    the hero is knocked out; ${t.lordNames[s.lord]} sheds its counters and wounds; the hero goes to a free town to recover`);
    } else {
      s.escapes++;
      if (this.log !== null) this.log.write(`    ${t.lordNames[s.lord]} sheds its counters and wounds`);
    }
  }

  /** The spoils, then the game ends with the last occupied town, or else the hero takes the Market Step unless it fell too. */
  private liberate(seat: number, town: number, lord: number): void {
    const s = this.state;
    this.takeSpoils(seat, town, lord);
    // bothFall=lord-first: the Lord's reflected wound knocked the hero out too: it keeps the spoils, misses the market.
    const fell = s.wounds[seat] >= s.heroLife;
    if (s.occupiedTowns() === 0) {
      s.status = Status.finished;
      // The knock-out counts in the metric also when this liberation ends the game.
      if (fell) s.knockouts++;
      if (this.log !== null) {
        if (fell) this.log.write('    the hero falls with the Giant Lord and is knocked out');
        this.log.write('  the last occupied town is liberated: the game ends');
      }
      return;
    }
    if (fell) {
      this.knockOut(seat);
      if (this.log !== null) this.log.write('    the hero falls with the Giant Lord and is knocked out; it goes to a free town to recover');
      return;
    }
    this.marketStep(seat, town);
  }

  /**
   * The town is liberated and the hero, now at a free place, takes the Giant Lord's card (its counters stay on it:
   * 1 fame plus 1 per counter), the town's red counter and the reward gold.
   */
  private takeSpoils(seat: number, town: number, lord: number): void {
    const s = this.state;
    const t = this.tables;
    s.liberations++;
    s.townLiberated[town] = 1;
    s.position[seat] = FREE_PLACE;
    s.lordOwner[lord] = seat;
    s.lordCounters[lord] = s.counterMask;
    const fame = 1 + popcount(s.counterMask);
    s.fame[seat] += fame;
    s.gold[seat] += t.lordRewardGold[lord];
    if (s.townRedCounter[town] === 1) {
      s.townRedCounter[town] = 0;
      s.adventureCounters[seat]++;
    }
    if (this.log !== null) {
      this.log.write(
        `    ${t.townNames[town]} is liberated: seat ${seat + 1} takes ${t.lordNames[lord]} (+${fame} fame, now ${s.fame[seat]}), the red counter and ${t.lordRewardGold[lord]} gold`,
      );
    }
  }

  /** A knocked-out hero recovers in a free town (wounds and exhaustion cleared) and loses knockoutTurns turns. */
  private knockOut(seat: number): void {
    const s = this.state;
    s.knockouts++;
    s.wounds[seat] = 0;
    s.exhaustion[seat] = 0;
    s.position[seat] = FREE_PLACE;
    s.heading[seat] = -1;
    s.skipTurns[seat] = this.settings.knockoutTurns;
  }

  /** The Market Step in the liberated town, as normal (healing, buying at the printed cost) with one card free first. */
  private marketStep(seat: number, town: number): void {
    this.takeFreeCard(seat, town);
    if (this.state.exhaustion[seat] > 0 || this.restHeals(seat) > 0) this.healInTown(seat, '    the Market Step');
    this.buyCards(seat, town);
  }

  private takeFreeCard(seat: number, town: number): void {
    const s = this.state;
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, -1);
    if (s.itemCount[seat] < ITEM_CAPACITY) for (let i = 0; i < s.stackSize[town]; i++) o.add(OptionKind.card, i);
    if (o.count === 1) return;
    const pick = this.ask(Decision.freeCard, seat);
    if (o.kind[pick] !== OptionKind.card) return;
    const item = s.stackAt(town, o.a[pick]);
    this.removeFromStack(town, o.a[pick]);
    this.giveItem(seat, item);
    if (this.log !== null) this.log.write(`    free market card: ${this.tables.itemNames[item]}`);
  }

  private buyCards(seat: number, town: number): void {
    const s = this.state;
    const t = this.tables;
    const o = this.options;
    for (;;) {
      o.clear();
      o.add(OptionKind.done, -1);
      if (s.itemCount[seat] < ITEM_CAPACITY) {
        for (let i = 0; i < s.stackSize[town]; i++) if (t.itemCost[s.stackAt(town, i)] <= s.gold[seat]) o.add(OptionKind.card, i);
      }
      if (o.count === 1) return;
      const pick = this.ask(Decision.buy, seat);
      if (o.kind[pick] === OptionKind.done) return;
      const item = s.stackAt(town, o.a[pick]);
      this.removeFromStack(town, o.a[pick]);
      s.gold[seat] -= t.itemCost[item];
      this.giveItem(seat, item);
      if (this.log !== null) this.log.write(`    buys ${t.itemNames[item]} for ${t.itemCost[item]} gold (${s.gold[seat]} left)`);
    }
  }

  // ---- Helpers ---------------------------------------------------------------------------------------------------

  private ask(decision: DecisionKind, seat: number): number {
    const count = this.options.count;
    this.view.seat = seat;
    return chooseOption(this.strategy, decision, this.view, count, DECISION_NAMES[decision], this.seed);
  }

  private roll2d10(): number {
    return this.d10() + this.d10();
  }

  /** Test seam: roll from `source` until the next game starts. */
  scriptDice(source: DiceSource): void {
    this.dice = source;
  }

  private d10(): number {
    return this.dice.die(10);
  }

  /** A test: 2d10 + attribute meets or beats the difficulty. */
  private test(attribute: number, difficulty: number): boolean {
    return this.roll2d10() + attribute >= difficulty;
  }

  addToStack(town: number, item: number): void {
    const s = this.state;
    if (s.stackSize[town] >= STACK_CAPACITY) return;
    s.stack[town * STACK_CAPACITY + s.stackSize[town]++] = item;
    s.restampTown(town);
  }

  private removeFromStack(town: number, slot: number): void {
    const s = this.state;
    const base = town * STACK_CAPACITY;
    for (let i = slot; i < s.stackSize[town] - 1; i++) {
      s.stack[base + i] = s.stack[base + i + 1];
      this.stackUsed[i] = this.stackUsed[i + 1];
    }
    s.stackSize[town]--;
    s.restampTown(town);
  }

  giveItem(seat: number, item: number): void {
    const s = this.state;
    if (s.itemCount[seat] >= ITEM_CAPACITY) return;
    const at = seat * ITEM_CAPACITY + s.itemCount[seat]++;
    s.items[at] = item;
    s.allyWounds[at] = 0;
    s.restampSeat(seat);
  }

  private removeItem(seat: number, slot: number): void {
    const s = this.state;
    const base = seat * ITEM_CAPACITY;
    s.marketDiscard.push(s.items[base + slot]);
    for (let i = slot; i < s.itemCount[seat] - 1; i++) {
      s.items[base + i] = s.items[base + i + 1];
      s.allyWounds[base + i] = s.allyWounds[base + i + 1];
      this.heroUsed[i] = this.heroUsed[i + 1];
    }
    s.itemCount[seat]--;
    s.restampSeat(seat);
  }

  // ---- The end ---------------------------------------------------------------------------------------------------

  /** Most fame wins; ties go to the highest level, then the most gold, then the most unspent adventure counters, then a draw. */
  private decideWinner(): number {
    const s = this.state;
    let best = 0;
    let tied = 1;
    for (let seat = 1; seat < s.players; seat++) {
      const order = this.compareSeats(seat, best);
      if (order > 0) {
        best = seat;
        tied = 1;
      } else if (order === 0) {
        tied++;
        // Reservoir draw among the fully tied seats, from the `tiebreak` stream.
        if (this.random.streams.tiebreak.int(tied) === 0) best = seat;
      }
    }
    return best;
  }

  /** > 0 when seat a ranks above seat b. */
  compareSeats(a: number, b: number): number {
    const s = this.state;
    if (s.fame[a] !== s.fame[b]) return s.fame[a] - s.fame[b];
    if (s.level[a] !== s.level[b]) return s.level[a] - s.level[b];
    if (s.gold[a] !== s.gold[b]) return s.gold[a] - s.gold[b];
    return s.adventureCounters[a] - s.adventureCounters[b];
  }

  private record(out: OutcomeRecord): void {
    const s = this.state;
    const m = out.metrics;
    const finished = s.status === Status.finished;
    s.winner = finished ? this.decideWinner() : -1;
    out.outcome = finished ? s.winner : OUTCOME_UNFINISHED;
    let most = -1;
    let least = 1 << 30;
    for (let seat = 0; seat < s.players; seat++) {
      if (s.fame[seat] > most) most = s.fame[seat];
      if (s.fame[seat] < least) least = s.fame[seat];
    }
    m[M.rounds] = s.round;
    m[M.attacks] = s.attacks;
    m[M.liberations] = s.liberations;
    m[M.attacksPerLiberation] = s.liberations > 0 ? Math.round((100 * s.attacks) / s.liberations) : METRIC_MISSING;
    m[M.fameSpread] = most - least;
    m[M.winnerFame] = finished ? s.fame[s.winner] : METRIC_MISSING;
    m[M.firstAttackWon] = s.firstAttack < 0 ? METRIC_MISSING : 100 * s.firstAttack;
    m[M.liberationRate] = s.attacks > 0 ? Math.round((100 * s.liberations) / s.attacks) : METRIC_MISSING;
    m[M.knockouts] = s.knockouts;
    m[M.escapes] = s.escapes;
    m[M.countersPerAttack] = s.attacks > 0 ? Math.round((100 * s.countersGiven) / s.attacks) : METRIC_MISSING;
    for (let seat = 0; seat < MAX_SEATS; seat++) m[M.fameSeat1 + seat] = seat < s.players ? s.fame[seat] : METRIC_MISSING;
    if (this.log !== null) {
      const fame = Array.from(s.fame.subarray(0, s.players), (f, seat) => `seat ${seat + 1} ${f}`).join(', ');
      this.log.write(
        finished
          ? `end after ${s.round} round(s), ${s.attacks} attack(s): fame ${fame}; seat ${s.winner + 1} (${this.tables.heroNames[s.seatHero[s.winner]]}) wins`
          : `end: ${s.occupiedTowns()} town(s) still occupied after ${this.settings.maxRounds} rounds (unfinished); fame ${fame}`,
      );
    }
  }

  // ---- Text for the log ------------------------------------------------------------------------------------------

  private lordLine(lord: number): string {
    const t = this.tables;
    const phases = [0, 1, 2].map((p) => `${PHASE_NAMES[p]} ${t.lordValue[lord * 3 + p]}/${t.lordDamage[lord * 3 + p]}`).join(', ');
    return `${phases}, life ${t.lordLife[lord]}, stamina ${t.lordStamina[lord]}${this.abilitiesText(lord)}`;
  }

  private abilitiesText(lord: number): string {
    const t = this.tables;
    const parts: string[] = [];
    for (let p = 0; p < 3; p++) {
      const at = lord * 3 + p;
      if (t.lordAbilityAttack[at] > 0) parts.push(`+${t.lordAbilityAttack[at]} ${PHASE_NAMES[p]} attack`);
      if (t.lordAbilityDefense[at] > 0) parts.push(`+${t.lordAbilityDefense[at]} ${PHASE_NAMES[p]} defence`);
      if (t.lordAbilityDamage[at] > 0) parts.push(`+${t.lordAbilityDamage[at]} ${PHASE_NAMES[p]} damage`);
    }
    if (t.lordReflectPhase[lord] >= 0) parts.push(`returns ${t.lordReflectAmount[lord]} wound(s) when wounded in ${PHASE_NAMES[t.lordReflectPhase[lord]]}`);
    if (t.strikeWounds[lord] > 0) {
      const test = t.strikeAttribute[lord] >= 0 ? ` unless ${ATTRIBUTE_NAMES[t.strikeAttribute[lord]]} ${t.strikeDifficulty[lord]}` : '';
      parts.push(`strikes for ${t.strikeWounds[lord]} each round${test}`);
    }
    if (t.lordNoEscape[lord] === 1) parts.push('may not be escaped');
    return parts.length === 0 ? '' : `; ${parts.join(', ')}`;
  }

  private heroLine(hero: number): string {
    const t = this.tables;
    const phases = [0, 1, 2].map((p) => `${PHASE_NAMES[p]} ${t.heroValue[hero * 3 + p]}/${t.heroDamage[hero * 3 + p]}`).join(', ');
    return `${phases}, life ${t.heroLife[hero]}, stamina ${t.heroStamina[hero]}`;
  }

  private combatLordText(): string {
    const s = this.state;
    const phases = [0, 1, 2].map((p) => `${PHASE_NAMES[p]} ${s.lordValue[p]}/${s.lordDamage[p]}`).join(', ');
    return `${phases}, life ${s.lordLife}, stamina ${s.lordStamina}`;
  }

  private stackText(town: number): string {
    const s = this.state;
    const t = this.tables;
    if (s.stackSize[town] === 0) return 'nothing';
    const names: string[] = [];
    for (let i = 0; i < s.stackSize[town]; i++) {
      const item = s.stackAt(town, i);
      names.push(`${t.itemNames[item]}${t.usableByLord[item] === 0 ? ' (unusable)' : t.activation[item] !== Activation.none ? ` (${ACTIVATION_NAMES[t.activation[item]]})` : ''}`);
    }
    return names.join(', ');
  }

  private itemsText(seat: number): string {
    const s = this.state;
    if (s.itemCount[seat] === 0) return 'none';
    const names: string[] = [];
    for (let i = 0; i < s.itemCount[seat]; i++) names.push(this.tables.itemNames[s.itemAt(seat, i)]);
    return names.join(', ');
  }

  countersText(mask: number): string {
    if (mask === 0) return 'none';
    const names: string[] = [];
    for (let c = 0; c < COUNTER_TYPES; c++) if ((mask >> c) & 1) names.push(COUNTER_NAMES[c]);
    return names.join(', ');
  }
}
