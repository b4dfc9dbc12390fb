import { InputError, StrategyError } from '../../core/errors.ts';
import type { GameLog, OutcomeRecord } from '../../core/game.ts';
import { METRIC_MISSING } from '../../core/game.ts';
import { GameRandom } from '../../core/rng.ts';
import { Activation, ACTIVATION_NAMES, ATTRIBUTE_NAMES, type KyrosTables, PHASE_NAMES } from './cards.ts';
import { Decision, DECISION_NAMES, type DecisionKind, type DecisionView, type KyrosStrategy, OptionKind, OptionList, type RulesView } from './decisions.ts';
import { chance, DuelNumbers } from './duel.ts';
import {
  COUNTER_NAMES,
  COUNTER_TYPES,
  Counter,
  CombatEnd,
  ITEM_CAPACITY,
  KyrosState,
  MAX_COMBAT_ROUNDS,
  MAX_SEATS,
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
  /** Wounds and exhaustion every hero recovers at the start of each of its turns. */
  readonly recovery: number;
  /** Gold per wound healed by resting in a free town (0: free). */
  readonly healCost: number;
  /** Turns a knocked-out hero loses. */
  readonly knockoutTurns: number;
  /** Give each Giant Lord defeated before the endgame (1 fame) to a random hero. */
  readonly priorFame: boolean;
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

const NOT_USED = -1;
const USED_FOR_COMBAT = 9999;

export class KyrosRules implements RulesView {
  readonly state: KyrosState;
  readonly options = new OptionList();
  readonly random = new GameRandom(['setup', 'combat', 'strategy', 'tiebreak'] as const);
  /** Test seam: d10 results to use before the combat stream (consumed front first). */
  fixedRolls: number[] = [];
  private readonly view: { state: KyrosState; options: OptionList; tables: KyrosTables; random: DecisionView['random']; seat: number; rules: RulesView };
  private strategy: KyrosStrategy = { name: 'none', choose: () => 0 } as KyrosStrategy;
  private seed = 0;
  private readonly deal: Int16Array;
  /** Per stack slot / hero item slot: the combat round an activated item was last used (NOT_USED, or USED_FOR_COMBAT). */
  private readonly stackUsed = new Int16Array(STACK_CAPACITY);
  private readonly heroUsed = new Int16Array(ITEM_CAPACITY);
  // Scratch for describeDuel (never the live combat's arrays).
  private readonly scratchLordValue = new Int16Array(3);
  private readonly scratchLordDamage = new Int16Array(3);
  private readonly scratchLordAttack = new Int16Array(3);
  private readonly scratchLordDefense = new Int16Array(3);
  private scratchLordLife = 0;
  private scratchLordStamina = 0;
  private readonly scratchHeroAttack = new Int16Array(3);
  private readonly scratchHeroDefense = new Int16Array(3);
  private readonly scratchHeroDamage = new Int16Array(3);

  constructor(
    readonly tables: KyrosTables,
    readonly settings: RulesOptions,
    private readonly log: GameLog | null,
  ) {
    const towns = settings.players + 1;
    if (tables.townNames.length < towns) throw new InputError(`content: ${settings.players} players need ${towns} towns; the file lists ${tables.townNames.length}`);
    if (tables.lordCount - tables.defeatedBeforeEndgame < towns) {
      throw new InputError(
        `content: ${settings.players} players need ${towns} Giant Lords left after the ${tables.defeatedBeforeEndgame} defeated before the endgame; the file lists ${tables.lordCount}`,
      );
    }
    if (tables.heroCount < settings.players) throw new InputError(`content: ${settings.players} players need ${settings.players} heroes; the file lists ${tables.heroCount}`);
    this.state = new KyrosState(tables.lordCount, tables.marketDeck.length);
    this.deal = new Int16Array(Math.max(tables.lordCount, tables.heroCount, tables.marketDeck.length));
    this.view = { state: this.state, options: this.options, tables, random: this.random.streams.strategy, seat: 0, rules: this };
  }

  /** Play one endgame. Test seam: `arrange` runs after set-up (to stack towns, set wounds, give items). */
  playGame(seed: number, strategy: KyrosStrategy, out: OutcomeRecord, arrange?: (rules: KyrosRules) => void): void {
    this.random.reseed(seed);
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
    const t = this.tables;
    const setup = this.random.streams.setup;
    const o = this.settings;
    s.status = Status.playing;
    s.players = o.players;
    s.townCount = o.players + 1;
    s.round = 0;
    s.inCombat = false;
    s.attacks = s.liberations = s.knockouts = s.escapes = s.countersGiven = 0;
    s.firstAttack = -1;
    s.winner = -1;
    this.fixedRolls.length = 0;

    // Heroes: dealt at random, as they stand when the endgame begins.
    for (let h = 0; h < t.heroCount; h++) this.deal[h] = h;
    setup.shuffle(this.deal, 0, t.heroCount);
    for (let seat = 0; seat < MAX_SEATS; seat++) {
      const hero = seat < o.players ? this.deal[seat] : -1;
      s.seatHero[seat] = hero;
      s.wounds[seat] = s.exhaustion[seat] = s.fame[seat] = 0;
      s.heading[seat] = -1;
      s.travelLeft[seat] = 0;
      s.skipTurns[seat] = 0;
      s.itemCount[seat] = 0;
      if (hero < 0) continue;
      s.gold[seat] = t.heroGold[hero];
      s.level[seat] = t.heroLevel[hero];
      s.adventureCounters[seat] = t.heroCounters[hero];
      for (let i = t.heroItemStart[hero]; i < t.heroItemStart[hero + 1] && s.itemCount[seat] < ITEM_CAPACITY; i++) this.giveItem(seat, t.heroItemList[i]);
      // Somewhere on the board: next to one of the towns about to be occupied, or at a free place.
      s.position[seat] = setup.int(s.townCount + 1) - 1;
    }

    // Giant Lords: the ones defeated in normal play are set aside; the rest (those never drawn and those on the
    // undefeated track, shuffled back) form the deck the occupiers are drawn from.
    s.lordCounters.fill(0);
    s.lordOwner.fill(-1);
    for (let l = 0; l < t.lordCount; l++) this.deal[l] = l;
    setup.shuffle(this.deal, 0, t.lordCount);
    s.lordDeck.clear();
    for (let l = 0; l < t.lordCount; l++) {
      const lord = this.deal[l];
      if (l < t.defeatedBeforeEndgame) {
        if (o.priorFame) {
          const seat = setup.int(o.players);
          s.lordOwner[lord] = seat;
          s.fame[seat] += 1;
        }
      } else s.lordDeck.push(lord);
    }

    // The market deck, and each occupied town's stack.
    s.marketDeck.clear();
    s.marketDiscard.clear();
    for (let i = 0; i < t.marketDeck.length; i++) s.marketDeck.push(t.marketDeck[i]);
    s.marketDeck.shuffle(setup);
    for (let town = 0; town < s.townCount; town++) {
      s.stackSize[town] = 0;
      for (let c = 0; c < o.marketCards && s.marketDeck.size > 0; c++) this.addToStack(town, s.marketDeck.draw());
    }

    // Occupation: top-most free market stack first (Frostgate, Greyhaven, Nerekhall, ...), then red counters.
    for (let town = 0; town < s.townCount; town++) {
      s.townLord[town] = s.lordDeck.draw();
      s.townLiberated[town] = 0;
      s.townRedCounter[town] = 1;
    }
    if (this.log !== null) this.logSetUp();
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
      const where = s.position[seat] < 0 ? 'a free town' : `near ${t.townNames[s.position[seat]]}`;
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
    const recovery = this.settings.recovery;
    s.wounds[seat] -= Math.min(recovery, s.wounds[seat]);
    s.exhaustion[seat] -= Math.min(recovery, s.exhaustion[seat]);

    if (s.heading[seat] >= 0 && s.townLiberated[s.heading[seat]] === 1) {
      if (this.log !== null) this.log.write(`  seat ${seat + 1} ${name}: ${t.townNames[s.heading[seat]]} was liberated on the way; choosing again`);
      s.position[seat] = s.heading[seat];
      s.heading[seat] = -1;
    }
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

  /** Rest in a free town: all exhaustion goes, and each wound heals for healCost gold (as far as the gold goes). */
  private rest(seat: number): void {
    const s = this.state;
    const cost = this.settings.healCost;
    const healed = cost === 0 ? s.wounds[seat] : Math.min(s.wounds[seat], Math.floor(s.gold[seat] / cost));
    s.wounds[seat] -= healed;
    s.gold[seat] -= healed * cost;
    s.exhaustion[seat] = 0;
    s.position[seat] = -1;
    if (this.log !== null) this.log.write(`  seat ${seat + 1} ${this.tables.heroNames[s.seatHero[seat]]} rests in a free town: heals ${healed} wound(s) for ${healed * cost} gold (wounds ${s.wounds[seat]}, gold ${s.gold[seat]})`);
  }

  travelTurns(seat: number, town: number): number {
    const s = this.state;
    const from = s.position[seat];
    let turns = from < 0 ? this.settings.travel : from === town ? 1 : this.settings.travel + Math.abs(from - town) - 1;
    let faster = 0;
    for (let i = 0; i < s.itemCount[seat]; i++) faster = Math.max(faster, this.tables.travelTurns[s.itemAt(seat, i)]);
    turns -= faster;
    return turns < 1 ? 1 : turns;
  }

  // ---- An attack -------------------------------------------------------------------------------------------------

  private attack(seat: number, town: number): void {
    const s = this.state;
    const t = this.tables;
    const lord = s.townLord[town];
    s.attacks++;
    s.inCombat = true;
    s.attacker = seat;
    s.chooser = (seat + 1) % s.players;
    s.town = town;
    s.lord = lord;
    if (this.log !== null) {
      this.log.write(`  seat ${seat + 1} ${t.heroNames[s.seatHero[seat]]} attacks ${t.lordNames[lord]} in ${t.townNames[town]} (wounds ${s.wounds[seat]}/${t.heroLife[s.seatHero[seat]]}, exhaustion ${s.exhaustion[seat]})`);
    }

    // The player to the attacker's left chooses the counters: at most one per market card, one of each type.
    const cap = s.counterCap(town);
    const o = this.options;
    o.clear();
    for (let mask = 0; mask < 32; mask++) if (popcount(mask) <= cap) o.add(OptionKind.counters, mask);
    const mask = o.a[this.ask(Decision.counters, s.chooser)];
    s.counterMask = mask;
    s.countersGiven += popcount(mask);
    this.setUpCombat(seat, town, mask);
    if (this.log !== null) {
      this.log.write(
        `    seat ${s.chooser + 1} gives ${popcount(mask)} of ${cap} counter(s): ${this.countersText(mask)} -> ${this.combatLordText()}; ${t.lordNames[lord]} may use: ${this.stackText(town)}`,
      );
    }

    let end: number = CombatEnd.escaped;
    for (let round = 1; ; round++) {
      s.combatRound = round;
      if (round > MAX_COMBAT_ROUNDS) {
        if (this.log !== null) this.log.write(`    neither side can win; after ${MAX_COMBAT_ROUNDS} rounds the hero withdraws`);
        end = CombatEnd.escaped;
        break;
      }
      s.heroSurge = 0;
      s.lordSurge = 0;
      if (round > 1 && t.lordNoEscape[lord] === 0) {
        o.clear();
        o.add(OptionKind.fight, 0);
        o.add(OptionKind.escape, 0);
        if (o.kind[this.ask(Decision.escape, seat)] === OptionKind.escape) {
          end = CombatEnd.escaped;
          if (this.log !== null) this.log.write(`    round ${round}: the hero escapes`);
          break;
        }
      }
      end = this.beforeCombat();
      if (end >= 0) break;
      o.clear();
      for (let p = 0; p < 3; p++) o.add(OptionKind.phase, p);
      s.attackPhase = o.a[this.ask(Decision.phase, seat)];
      end = this.combatRound(round);
      if (end >= 0) break;
    }
    this.endCombat(end);
  }

  /** The live combat's effective numbers: card values + counters + the best passive item bonus per phase. */
  private setUpCombat(seat: number, town: number, mask: number): void {
    const s = this.state;
    this.describeLord(town, mask, s.lordValue, s.lordDamage, s.lordAttackBonus, s.lordDefenseBonus);
    s.lordLife = this.scratchLordLife;
    s.lordStamina = this.scratchLordStamina;
    s.lordWounds = 0;
    s.lordExhaustion = 0;
    this.describeHero(seat, s.heroAttackBonus, s.heroDefenseBonus, s.heroDamage);
    const hero = s.seatHero[seat];
    for (let p = 0; p < 3; p++) s.heroValue[p] = this.tables.heroValue[hero * 3 + p];
    s.heroLife = this.tables.heroLife[hero];
    s.heroStamina = this.tables.heroStamina[hero];
    s.lordReflectPhase = s.heroReflectPhase = -1;
    s.lordReflectAmount = s.heroReflectAmount = 0;
    this.stackUsed.fill(NOT_USED);
    this.heroUsed.fill(NOT_USED);
  }

  private describeLord(town: number, mask: number, value: Int16Array, damage: Int16Array, attackBonus: Int16Array, defenseBonus: Int16Array): void {
    const s = this.state;
    const t = this.tables;
    const lord = s.townLord[town];
    for (let p = 0; p < 3; p++) {
      const counter = (mask >> p) & 1;
      let attack = 0;
      let defense = 0;
      let extra = 0;
      for (let i = 0; i < s.stackSize[town]; i++) {
        const item = s.stackAt(town, i);
        if (t.usableByLord[item] === 0) continue;
        attack = Math.max(attack, t.attackBonus[item * 3 + p]);
        defense = Math.max(defense, t.defenseBonus[item * 3 + p]);
        extra = Math.max(extra, t.damageBonus[item * 3 + p]);
      }
      value[p] = t.lordValue[lord * 3 + p] + 2 * counter;
      damage[p] = t.lordDamage[lord * 3 + p] + counter + extra;
      attackBonus[p] = attack;
      defenseBonus[p] = defense;
    }
    this.scratchLordLife = t.lordLife[lord] + ((mask & Counter.life) !== 0 ? 1 : 0);
    this.scratchLordStamina = t.lordStamina[lord] + ((mask & Counter.stamina) !== 0 ? 2 : 0);
  }

  private describeHero(seat: number, attackBonus: Int16Array, defenseBonus: Int16Array, damage: Int16Array): void {
    const s = this.state;
    const t = this.tables;
    const hero = s.seatHero[seat];
    for (let p = 0; p < 3; p++) {
      let attack = 0;
      let defense = 0;
      let extra = 0;
      for (let i = 0; i < s.itemCount[seat]; i++) {
        const item = s.itemAt(seat, i);
        attack = Math.max(attack, t.attackBonus[item * 3 + p]);
        defense = Math.max(defense, t.defenseBonus[item * 3 + p]);
        extra = Math.max(extra, t.damageBonus[item * 3 + p]);
      }
      attackBonus[p] = attack;
      defenseBonus[p] = defense;
      damage[p] = t.heroDamage[hero * 3 + p] + extra;
    }
  }

  /** Life the hero has left, counting wounds its allies can still absorb. */
  private lifeLeft(seat: number): number {
    const s = this.state;
    let left = this.tables.heroLife[s.seatHero[seat]] - s.wounds[seat];
    for (let i = 0; i < s.itemCount[seat]; i++) {
      const item = s.itemAt(seat, i);
      if (this.tables.itemIsAlly[item] === 1) left += this.tables.shieldLife[item] - s.allyWounds[seat * ITEM_CAPACITY + i];
    }
    return left;
  }

  describeDuel(seat: number, town: number, counterMask: number, into: DuelNumbers): DuelNumbers {
    const t = this.tables;
    const hero = this.state.seatHero[seat];
    this.describeLord(town, counterMask, this.scratchLordValue, this.scratchLordDamage, this.scratchLordAttack, this.scratchLordDefense);
    this.describeHero(seat, this.scratchHeroAttack, this.scratchHeroDefense, this.scratchHeroDamage);
    for (let p = 0; p < 3; p++) {
      const value = t.heroValue[hero * 3 + p];
      into.attackModifier[p] = value + this.scratchHeroAttack[p];
      into.attackTarget[p] = this.scratchLordValue[p] + this.scratchLordDefense[p];
      into.defendModifier[p] = value + this.scratchHeroDefense[p];
      into.defendTarget[p] = this.scratchLordValue[p] + this.scratchLordAttack[p];
      into.attack[p] = chance(into.attackModifier[p], into.attackTarget[p]);
      into.defend[p] = chance(into.defendModifier[p], into.defendTarget[p]);
      into.heroDamage[p] = this.scratchHeroDamage[p];
      into.lordDamage[p] = this.scratchLordDamage[p];
    }
    into.heroLifeLeft = this.lifeLeft(seat);
    into.lordLifeLeft = this.scratchLordLife;
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

  /** The Before Combat step: the Giant Lord's items first (the chooser decides), then the hero's. -1: the fight goes on. */
  private beforeCombat(): number {
    const s = this.state;
    const t = this.tables;
    const o = this.options;
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
      const end = this.combatOver();
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
      const end = this.combatOver();
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
        const attribute = t.bombAttribute[item];
        const passed = attribute >= 0 && this.test(s.heroValue[attribute], t.bombDifficulty[item]);
        if (this.log !== null) this.log.write(`    ${t.lordNames[s.lord]} uses ${name}: ${passed ? 'the hero passes the test' : `${t.bombWounds[item]} wound(s) to the hero`}`);
        if (!passed) this.heroTakes(t.bombWounds[item], -1);
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

  /** One round of Ranged, Melee and Magic: the hero attacks in its chosen phase and defends in the other two. */
  private combatRound(round: number): number {
    const s = this.state;
    for (let p = 0; p < 3; p++) {
      let wounds = 0;
      let toLord = 0;
      if (p === s.attackPhase) {
        const roll = this.roll2d10();
        const total = roll + s.heroValue[p] + s.heroAttackBonus[p] + s.heroSurge;
        const target = s.lordValue[p] + s.lordDefenseBonus[p];
        if (total >= target) toLord = s.heroDamage[p];
        else wounds = s.lordDamage[p];
        if (this.log !== null) this.log.write(`    round ${round} ${PHASE_NAMES[p]}: the hero attacks, ${roll} + ${total - roll} = ${total} vs ${target}: ${toLord > 0 ? `hits for ${toLord}` : `misses, takes ${wounds}`}`);
      } else {
        const roll = this.roll2d10();
        const total = roll + s.heroValue[p] + s.heroDefenseBonus[p];
        const target = s.lordValue[p] + s.lordAttackBonus[p] + s.lordSurge;
        if (total < target) wounds = s.lordDamage[p];
        if (this.log !== null) this.log.write(`    round ${round} ${PHASE_NAMES[p]}: the hero defends, ${roll} + ${total - roll} = ${total} vs ${target}: ${wounds > 0 ? `takes ${wounds}` : 'no wounds'}`);
      }
      if (toLord > 0) this.lordTakes(toLord, p);
      if (wounds > 0) this.heroTakes(wounds, p);
      const end = this.combatOver();
      if (end >= 0) return end;
    }
    return -1;
  }

  /** Wounds to the hero: its allies absorb first; a reflect effect of the Giant Lord's... see lordTakes. */
  private heroTakes(wounds: number, phase: number): void {
    const s = this.state;
    const t = this.tables;
    const seat = s.attacker;
    let left = wounds;
    for (let i = 0; i < s.itemCount[seat] && left > 0; i++) {
      const item = s.itemAt(seat, i);
      if (t.itemIsAlly[item] === 0) continue;
      const at = seat * ITEM_CAPACITY + i;
      const absorbed = Math.min(left, t.shieldLife[item] - s.allyWounds[at]);
      s.allyWounds[at] += absorbed;
      left -= absorbed;
      if (s.allyWounds[at] >= t.shieldLife[item]) {
        if (this.log !== null) this.log.write(`    ${t.itemNames[item]} dies shielding the hero`);
        this.removeItem(seat, i);
        i--;
      }
    }
    s.wounds[seat] += left;
    if (phase >= 0 && phase === s.heroReflectPhase && wounds > 0) {
      if (this.log !== null) this.log.write(`    the hero's reflect effect: ${s.heroReflectAmount} wound(s) to the Giant Lord`);
      s.lordWounds += s.heroReflectAmount;
    }
  }

  private lordTakes(wounds: number, phase: number): void {
    const s = this.state;
    s.lordWounds += wounds;
    if (phase >= 0 && phase === s.lordReflectPhase && wounds > 0) {
      if (this.log !== null) this.log.write(`    the Giant Lord's reflect effect: ${s.lordReflectAmount} wound(s) to the hero`);
      this.heroTakes(s.lordReflectAmount, -1);
    }
  }

  /** The Giant Lord falls first if both fall at once (the hero's blow lands before the reflected wound). */
  private combatOver(): number {
    const s = this.state;
    if (s.lordWounds >= s.lordLife) return CombatEnd.liberated;
    if (s.wounds[s.attacker] >= s.heroLife) return CombatEnd.knockedOut;
    return -1;
  }

  private endCombat(end: number): void {
    const s = this.state;
    const t = this.tables;
    const seat = s.attacker;
    const town = s.town;
    const lord = s.lord;
    s.inCombat = false;
    if (s.firstAttack < 0) s.firstAttack = end === CombatEnd.liberated ? 1 : 0;
    if (end !== CombatEnd.liberated) {
      // The Giant Lord sheds its counters and any wounds or exhaustion it took.
      if (end === CombatEnd.knockedOut) {
        this.knockOut(seat);
        if (this.log !== null) this.log.write(`    the hero is knocked out; ${t.lordNames[lord]} sheds its counters and wounds; the hero goes to a free town to recover`);
      } else {
        s.escapes++;
        if (this.log !== null) this.log.write(`    ${t.lordNames[lord]} sheds its counters and wounds`);
      }
      return;
    }
    // Liberation: the card (its counters stay on it), the red counter, the reward, a free market card.
    s.liberations++;
    s.townLiberated[town] = 1;
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
    if (s.occupiedTowns() === 0) {
      s.status = Status.finished;
      if (this.log !== null) this.log.write('  the last occupied town is liberated: the game ends');
      return;
    }
    if (s.wounds[seat] >= s.heroLife) {
      // The Lord's last blow (a reflected wound) knocked the hero out too: it keeps the spoils but misses the market.
      this.knockOut(seat);
      if (this.log !== null) this.log.write('    the hero falls with the Giant Lord and is knocked out; it goes to a free town to recover');
      return;
    }
    this.marketStep(seat, town);
  }

  /** A knocked-out hero recovers in a free town (wounds and exhaustion cleared) and loses knockoutTurns turns. */
  private knockOut(seat: number): void {
    const s = this.state;
    s.knockouts++;
    s.wounds[seat] = 0;
    s.exhaustion[seat] = 0;
    s.position[seat] = -1;
    s.heading[seat] = -1;
    s.skipTurns[seat] = this.settings.knockoutTurns;
  }

  /** The Market Step in the liberated town: one card free, then buying at the printed cost. */
  private marketStep(seat: number, town: number): void {
    const s = this.state;
    const t = this.tables;
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, -1);
    if (s.itemCount[seat] < ITEM_CAPACITY) for (let i = 0; i < s.stackSize[town]; i++) o.add(OptionKind.card, i);
    if (o.count > 1) {
      const pick = this.ask(Decision.freeCard, seat);
      if (o.kind[pick] === OptionKind.card) {
        const item = s.stackAt(town, o.a[pick]);
        this.removeFromStack(town, o.a[pick]);
        this.giveItem(seat, item);
        if (this.log !== null) this.log.write(`    free market card: ${t.itemNames[item]}`);
      }
    }
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
    const answer = this.strategy.choose(decision, this.view);
    if (!Number.isInteger(answer) || answer < 0 || answer >= count) {
      throw new StrategyError(this.strategy.name, DECISION_NAMES[decision], this.seed, `answered ${String(answer)}; expected an option index from 0 to ${count - 1}`);
    }
    return answer;
  }

  private roll2d10(): number {
    return this.d10() + this.d10();
  }

  private d10(): number {
    return this.fixedRolls.length > 0 ? (this.fixedRolls.shift() as number) : this.random.streams.combat.die(10);
  }

  /** A test: 2d10 + attribute meets or beats the difficulty. */
  private test(attribute: number, difficulty: number): boolean {
    return this.roll2d10() + attribute >= difficulty;
  }

  addToStack(town: number, item: number): void {
    const s = this.state;
    if (s.stackSize[town] >= STACK_CAPACITY) return;
    s.stack[town * STACK_CAPACITY + s.stackSize[town]++] = item;
  }

  private removeFromStack(town: number, slot: number): void {
    const s = this.state;
    const base = town * STACK_CAPACITY;
    for (let i = slot; i < s.stackSize[town] - 1; i++) {
      s.stack[base + i] = s.stack[base + i + 1];
      this.stackUsed[i] = this.stackUsed[i + 1];
    }
    s.stackSize[town]--;
  }

  giveItem(seat: number, item: number): void {
    const s = this.state;
    if (s.itemCount[seat] >= ITEM_CAPACITY) return;
    const at = seat * ITEM_CAPACITY + s.itemCount[seat]++;
    s.items[at] = item;
    s.allyWounds[at] = 0;
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
    return `${phases}, life ${t.lordLife[lord]}, stamina ${t.lordStamina[lord]}`;
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
