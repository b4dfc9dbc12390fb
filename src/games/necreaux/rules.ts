import type { Deck } from '../../core/deck.ts';
import type { DiceSource } from '../../core/dice.ts';
import type { GameEngine, GameLog, OutcomeRecord } from '../../core/game.ts';
import { GameRandom } from '../../core/rng.ts';
import { Ask } from './ask.ts';
import { abilityText, CardTable, Keyword, Kind, Monster, Op, Roll, TrapTest, Trigger } from './cards.ts';
import { Rest, type NecreauxStrategy } from './decisions.ts';
import { scoreOf, writeRecord } from './score.ts';
import { countdownAfterVariants, SetUp, type SetUpRules } from './setup.ts';
import { GameState, LOST_TEAM, MAIN_TEAM, Zone } from './state.ts';

/** Outcome indices, in the order the module declares them. */
export const Outcome = { success: 0, draw: 1, failure: 2, utterFailure: 3 } as const;

export const STREAMS = ['deck', 'dice', 'skills', 'strategy'] as const;
export type StreamName = (typeof STREAMS)[number];

/** Everything a game's rules depend on, derived once from the settings. */
export interface NecreauxRules extends SetUpRules {
  readonly uncertainEnding: boolean;
  /** Level 7: discard what is left in Monster Loot after a claim. */
  readonly discardLootLeftovers: boolean;
  /** When the skill deck runs out, shuffle the skill discard pile into a new skill deck. */
  readonly skillReshuffle: boolean;
  /** An each-player speed test's red text gains 1 XP per failing agent (else once per card). */
  readonly trapXpPerAgent: boolean;
  /** A rest an adventure card grants ends the turn (else the turn goes on at its speed). */
  readonly cardRestEndsTurn: boolean;
}

/** The test seam: scripted dice, and a hook to stack the deck or hand out cards after the set-up. */
export interface EngineHooks {
  readonly dice?: DiceSource;
  readonly afterSetUp?: (engine: NecreauxEngine) => void;
}

const TRAIT_TEST_TARGET = 10;
/**
 * A safety net, not a rule: a game still going after this many team turns ends in failure. Only loops of
 * countdown-gaining abilities (possible with some card files and strategies) get near it.
 */
export const MAX_TURNS = 300;
const UNCERTAIN_ENDING_BLAST = 6;
/** The adventure cards "destroy a card" can destroy while they are being resolved (not caches or specials). */
const DESTROYABLE_KINDS = (1 << Kind.monster) | (1 << Kind.trap) | (1 << Kind.event) | (1 << Kind.room) | (1 << Kind.item);
/** The special cards: their text speaks for the team ("When your team rests"), not for the agent holding them. */
const SPECIAL_KINDS = (1 << Kind.scientists) | (1 << Kind.shuttle);
const EVERY_KIND = -1;

/**
 * The forward model of The Island of Doctor Necreaux (2nd ed.). One engine plays many games: all its state is
 * allocated once; `playGame` resets it, sets the game up and plays turns until an outcome. See RULES.md for how
 * each rule is implemented.
 */
export class NecreauxEngine implements GameEngine<NecreauxStrategy> {
  readonly cards: CardTable;
  readonly state: GameState;
  readonly random: GameRandom<StreamName>;
  private readonly ask: Ask;
  private readonly setUp: SetUp;
  private readonly dice: DiceSource;
  /** Dice of the roll in progress (the two kept). */
  private die1 = 0;
  private die2 = 0;
  /**
   * The roll in progress is measured against `target`: reaching it in the roller's favour (at or above it when
   * `favour` is +1, at or below when -1) passes, except that a combat roll equal to the monster's CV ties.
   */
  private target = 0;
  private favour = 1;
  /** How far the last speed test's final roll fell short of passing (0 when it passed): `damageShortfall` reads it. */
  private shortfall = 0;
  /** Whether the turn in progress moves the countdown at its end (a lost team's turn does not). */
  private turnMovesCountdown = true;
  /** Scratch list of the skill cards a random pick chooses from, reused by every pick. */
  private readonly candidates: Int16Array;

  constructor(
    cards: CardTable,
    readonly rules: NecreauxRules,
    private readonly log: GameLog | null,
    private readonly hooks: EngineHooks = {},
  ) {
    this.cards = cards;
    this.random = new GameRandom(STREAMS);
    this.state = new GameState(cards, this.random.streams.strategy);
    this.ask = new Ask(this.state, log);
    this.setUp = new SetUp(cards, this.state, this.ask, rules, log);
    this.dice = hooks.dice ?? this.random.streams.dice;
    this.candidates = new Int16Array(cards.skillEnd - cards.skillStart);
  }

  playGame(seed: number, strategy: NecreauxStrategy, out: OutcomeRecord): void {
    this.random.reseed(seed);
    this.ask.begin(strategy, seed);
    try {
      this.setUpGame();
      if (this.hooks.afterSetUp !== undefined) this.hooks.afterSetUp(this);
      while (!this.state.finished) this.playTurn();
    } catch (error) {
      throw this.ask.attribute(error);
    }
    writeRecord(this.state, scoreOf(this.state, this.rules), out);
  }

  // --- Set-up ---

  private setUpGame(): void {
    const s = this.state;
    const rules = this.rules;
    s.reset(rules.agents, rules.players, rules.uncertainEnding);
    // The variants instruct their cuts, so the instructed start is the one after them (the settings check that it
    // is playable); only Solo Bonus steps gained at set-up start the game above it.
    s.instructedCountdown = s.countdown = countdownAfterVariants(rules.agents, rules.uncertainEnding, rules.noTimeToWaste);
    this.setUp.createAgents(this.random.streams.skills);
    if (rules.agents === 1) this.applySoloBonuses(0);
    s.startingCountdown = s.countdown;
    this.setUp.buildIsland(this.random.streams.deck);
    if (this.log !== null) this.log.write(`set-up: ${s.deck.size} adventure cards, countdown ${s.countdown}`);
  }

  // --- Turns ---

  private playTurn(): void {
    const s = this.state;
    s.turn++;
    s.turnOver = s.teamWiped = false;
    s.speed = s.drawn = 0;
    this.turnMovesCountdown = !s.split || s.actingTeam === MAIN_TEAM;
    if (this.log !== null) this.log.write(`turn ${s.turn}: team ${s.actingTeam}, countdown ${s.countdown}, ${s.deck.size} cards left, ${s.xp} XP`);
    this.spendXp();
    this.offerTeamAbilities(Trigger.turnStart);
    if (s.finished) return;
    if (!s.turnOver) this.exploreOrRest();
    if (!s.finished) this.endTurn();
    if (!s.finished && s.turn >= MAX_TURNS) this.finish(Outcome.failure);
  }

  /** The turn's choice: a speed to explore at, or 0 to rest (a turn-start ability may already have ended the turn). */
  private exploreOrRest(): void {
    const speed = this.ask.chooseSpeed();
    if (speed === 0) this.restTurn();
    else this.explore(speed);
  }

  /** At turn start: 2 XP per skill card the agent has buys it a new skill card. */
  private spendXp(): void {
    const s = this.state;
    while (s.xp >= 2 && this.skillAvailable()) {
      const agent = this.ask.spendXp();
      if (agent === -1) return;
      const cost = s.xpCost(agent);
      s.xp -= cost;
      s.xpSpent += cost;
      if (this.log !== null) this.log.write(`  agent ${agent} spends ${cost} XP on a skill card`);
      this.drawSkill(agent);
    }
  }

  /** Exploring: draw and resolve adventure cards, advancing the draw marker, until it reaches the speed or the turn ends. */
  private explore(speed: number): void {
    const s = this.state;
    s.speed = speed;
    if (this.log !== null) this.log.write(`  explore at speed ${speed}`);
    while (!s.turnOver && s.deck.size > 0) {
      const card = this.drawAdventure();
      s.drawn++;
      if (card >= 0) this.resolveDrawn(card);
      if (s.drawn >= s.speed) break;
    }
  }

  private restTurn(): void {
    if (this.log !== null) this.log.write('  rest');
    this.rest();
    this.state.turnOver = true;
  }

  /**
   * End of turn. A split team may regroup by losing an extra countdown step. Just before the marker moves, a team
   * with the Escape Shuttle may take off as it stands: escaping, it never loses the extra step, so it never regroups
   * (the Scientists on the other team stay behind). Then the marker moves, the teams regroup, and with An Uncertain
   * Ending any turn that ends at zero rolls for the blast, a lost team's too. The other team plays next.
   */
  private endTurn(): void {
    const s = this.state;
    s.clearNeutralized();
    const regroup = s.split && this.ask.regroup();
    const steps = (this.turnMovesCountdown ? 1 : 0) + (regroup ? 1 : 0);
    if (steps > 0) this.loseCountdown(steps);
    if (s.finished) return;
    if (regroup) this.reunite();
    if (this.rules.uncertainEnding && s.countdown === 0) this.rollForTheBlast();
    if (s.finished) return;
    s.setActingTeam(s.split && s.actingTeam === MAIN_TEAM ? LOST_TEAM : MAIN_TEAM);
  }

  // --- Countdown and the end of the game ---

  /**
   * The countdown moves `steps` toward zero; with the Escape Shuttle the acting team may end the game just before.
   * Reaching zero ends the game at once, unless An Uncertain Ending is played (then the end of the turn decides).
   */
  private loseCountdown(steps: number): void {
    const s = this.state;
    if (this.teamHasShuttle() && this.ask.escape()) {
      this.escape();
      return;
    }
    s.countdown = Math.max(0, s.countdown - steps);
    if (this.log !== null) this.log.write(`  countdown -${steps} -> ${s.countdown}`);
    if (s.countdown === 0 && !this.rules.uncertainEnding) this.finish(Outcome.failure);
  }

  /** An Uncertain Ending: a turn ending at zero rolls one unmodifiable die; a 6 blows the island up. */
  private rollForTheBlast(): void {
    const die = this.dice.die(6);
    if (this.log !== null) this.log.write(`  uncertain ending: rolled ${die}`);
    if (die === UNCERTAIN_ENDING_BLAST) this.finish(Outcome.failure);
  }

  private gainCountdown(steps: number): void {
    this.state.countdown += steps;
    if (this.log !== null) this.log.write(`  countdown +${steps} -> ${this.state.countdown}`);
  }

  private teamHasShuttle(): boolean {
    const s = this.state;
    return s.zone[this.cards.shuttle] === Zone.held && s.isActing(s.holder[this.cards.shuttle]);
  }

  /** The acting team takes off: with the Scientists aboard it is a success, without them a draw. */
  private escape(): void {
    const s = this.state;
    const scientists = this.cards.scientists;
    s.escaped = true;
    s.escapedWithScientists = s.zone[scientists] === Zone.held && s.isActing(s.holder[scientists]);
    if (this.log !== null) this.log.write(`  escape ${s.escapedWithScientists ? 'with' : 'without'} the scientists`);
    this.finish(s.escapedWithScientists ? Outcome.success : Outcome.draw);
  }

  private finish(outcome: number): void {
    const s = this.state;
    s.finished = true;
    s.turnOver = true;
    s.outcome = outcome;
  }

  // --- Drawing and resolving adventure cards ---

  /**
   * The top adventure card, now the card being resolved; or -1 when there is nothing to resolve, because it was a
   * Sliding Wall drawn while split. Such a wall lifts on the draw, before any draw ability or rest-draw choice.
   */
  private drawAdventure(): number {
    const s = this.state;
    const card = s.deck.draw();
    s.zone[card] = Zone.current;
    s.cardsDrawn++;
    if (this.log !== null) this.log.write(`  draw ${this.cards.ids[card]} ${this.cards.names[card]}`);
    if (this.cards.slidingWall[card] === 1 && s.split) {
      this.wallLifts(card);
      return -1;
    }
    return card;
  }

  /** Draw-trigger abilities, then the card's own resolution; a card still current afterwards is discarded. */
  private resolveDrawn(card: number): void {
    const s = this.state;
    const outer = s.currentCard;
    s.currentCard = card;
    this.offerTeamAbilities(Trigger.draw);
    if (s.zone[card] === Zone.current && !s.finished) this.resolve(card);
    if (s.zone[card] === Zone.current) this.destroy(card);
    s.currentCard = outer;
  }

  private resolve(card: number): void {
    switch (this.cards.kind[card]) {
      case Kind.monster:
        this.fight(card);
        break;
      case Kind.trap:
        this.resolveTrap(card);
        break;
      case Kind.event:
        this.applyEffects(this.cards.mainStart[card], this.cards.mainEnd[card], -1, card);
        if (this.cards.testTrait[card] >= 0 && !this.state.finished && !this.state.teamWiped) this.traitTest(this.cards.testTrait[card]);
        break;
      case Kind.room:
        this.applyEffects(this.cards.mainStart[card], this.cards.mainEnd[card], -1, card);
        break;
      case Kind.item:
        this.toLoot(card);
        break;
      default:
        this.resolveHeldCard(card);
    }
  }

  /** Secret caches and the special cards go to an agent of the team; caches and the Scientists bring charges. */
  private resolveHeldCard(card: number): void {
    const s = this.state;
    if (card === this.cards.scientists) {
      s.scientistsFound = true;
      s.turnScientistsFound = s.turn;
    }
    if (card === this.cards.shuttle) s.shuttleFound = true;
    s.charges[card] = this.cards.startCharges[card];
    this.give(card, this.chooseHolder(card));
  }

  /** An item enters play in Monster Loot, with its starting charges. */
  private toLoot(card: number): void {
    const s = this.state;
    s.charges[card] = this.cards.startCharges[card];
    s.loot.push(card);
    s.zone[card] = Zone.loot;
    if (this.log !== null) this.log.write(`  ${this.cards.names[card]} goes to Monster Loot`);
  }

  // --- Traps ---

  private resolveTrap(trap: number): void {
    const test = this.cards.trapTest[trap];
    this.shortfall = 0;
    if (test === TrapTest.none) this.trapFails(trap);
    else if (test === TrapTest.team) this.teamSpeedTest(trap);
    else this.eachSpeedTest(trap);
  }

  private teamSpeedTest(trap: number): void {
    const s = this.state;
    const roller = s.actingCount() === 1 ? this.firstActing() : this.ask.speedTestRoller();
    this.speedTest(trap, roller);
    if (s.rollFails) this.trapFails(trap);
    else this.applyEffects(this.cards.passStart[trap], this.cards.passEnd[trap], -1, trap);
  }

  /** Every agent rolls; each failing agent suffers the fail text. Red text: 1 XP per card or per failing agent. */
  private eachSpeedTest(trap: number): void {
    const s = this.state;
    let failures = 0;
    for (let agent = 0; agent < s.agents && !s.turnOver; agent++) {
      if (!s.isActing(agent)) continue;
      this.speedTest(trap, agent);
      if (s.rollFails) {
        failures++;
        this.applyEffects(this.cards.mainStart[trap], this.cards.mainEnd[trap], agent, trap);
      } else {
        this.applyEffects(this.cards.passStart[trap], this.cards.passEnd[trap], agent, trap);
      }
    }
    if (failures > 0 && this.cards.redText[trap] === 1) this.gainXp(this.rules.trapXpPerAgent ? failures : 1);
  }

  private speedTest(trap: number, agent: number): void {
    const s = this.state;
    const favour = this.cards.trapFailsAbove[trap] === 1 ? -1 : 1;
    this.roll(agent, Roll.speed, favour, s.speed, 0);
    // The final roll, after rerolls and bonuses; a rest draw tests at speed 0 like any other speed (judgement 38).
    this.shortfall = s.rollFails ? favour * (s.speed - s.rollTotal) : 0;
  }

  /** A trap with no test, or a team test failed: its fail text falls on the team. */
  private trapFails(trap: number): void {
    if (this.cards.redText[trap] === 1) this.gainXp(1);
    this.applyEffects(this.cards.mainStart[trap], this.cards.mainEnd[trap], -1, trap);
  }

  // --- Rolls ---

  /**
   * An agent's 2d6 roll against `target`: dice (three kept two with an extra die), passive modifiers, then the
   * agent's roll abilities (rerolls, bonuses). `favour` is +1 when high rolls are good, -1 when low rolls are
   * (modifiers of speed tests help the roller). Doubles let teammates' secret caches move a charge. Returns the total.
   */
  private roll(agent: number, kind: number, favour: number, target: number, base: number): number {
    const s = this.state;
    s.rollAgent = agent;
    s.rollKind = kind;
    this.favour = favour;
    this.target = target;
    this.rollDice(agent, kind);
    const modifier = base + favour * (s.passiveBonus(agent, kind) + (kind === Roll.combat ? s.roundBonus[agent] : 0));
    this.setRollTotal(this.die1 + this.die2 + modifier);
    if (this.log !== null) this.log.write(`  agent ${agent} rolls ${this.rollText(modifier)}`);
    this.offerCachesOnDoubles();
    if (this.rollFallsShort() || !this.cards.rollAbilitiesOnlyImprove) this.offerAgentAbilities(agent, Trigger.roll);
    return s.rollTotal;
  }

  private rollDice(agent: number, kind: number): void {
    this.die1 = this.dice.die(6);
    this.die2 = this.dice.die(6);
    if (!this.state.hasExtraDie(agent, kind)) return;
    const third = this.dice.die(6);
    if (third > this.die1 && this.die1 <= this.die2) this.die1 = third;
    else if (third > this.die2) this.die2 = third;
  }

  /** The roll's verdict: short of the target fails; a combat roll at the CV ties ("Ties do nothing"); else it passes. */
  private setRollTotal(total: number): void {
    const s = this.state;
    const margin = this.favour * (total - this.target);
    s.rollTotal = total;
    s.rollModifier = total - this.die1 - this.die2;
    s.rollFails = margin < 0;
    s.rollTies = margin === 0 && s.rollKind === Roll.combat;
  }

  /** A roll's own abilities (rerolls, bonuses) are offered while they could still improve it: it fails or ties. */
  private rollFallsShort(): boolean {
    return this.state.rollFails || this.state.rollTies;
  }

  /**
   * Secret caches held by the roller's teammates may move a charge each time the roller rolls doubles: the roll's
   * dice, and again the dice of each reroll (judgement 29).
   */
  private offerCachesOnDoubles(): void {
    const s = this.state;
    if (this.die1 !== this.die2) return;
    for (let agent = 0; agent < s.agents; agent++) {
      if (agent !== s.rollAgent && s.isActing(agent)) this.offerAgentAbilities(agent, Trigger.teammateDoubles);
    }
  }

  // --- Events: trait tests ---

  /** Pick an agent; 2d6 + trait tally below 10 fails (1 XP, damage = one die rolled), else the reward may be taken. */
  private traitTest(trait: number): void {
    const s = this.state;
    const agent = s.actingCount() === 1 ? this.firstActing() : this.ask.traitTestAgent(trait);
    const tally = s.traitTally(agent, trait);
    this.roll(agent, Roll.trait, 1, TRAIT_TEST_TARGET, tally);
    if (s.rollFails) {
      this.gainXp(1);
      const die = this.die1 === this.die2 ? this.die1 : this.ask.traitDamageDie(this.die1, this.die2);
      this.damageAgent(agent, die);
    } else if (this.ask.claimTraitReward(agent)) {
      this.enableAll(agent);
      this.drawSkill(agent);
    }
  }

  // --- Combat ---

  /** Rounds of combat until the monster is defeated, evaded, explodes, attaches or the team flees. */
  private fight(monster: number): void {
    const s = this.state;
    s.monsterHits = 0;
    this.updateMonster(monster);
    if (this.log !== null) this.log.write(`  fight ${this.cards.names[monster]}: CV ${s.monsterCv}, health ${s.monsterHealth}`);
    while (!s.turnOver) {
      if (!this.ask.fight()) {
        this.flee(monster);
        return;
      }
      if (this.combatRound(monster)) return;
    }
  }

  /** The monster's combat value (CV), raised by Boost, and its health: one per acting agent, times Durable. */
  private updateMonster(monster: number): void {
    const s = this.state;
    const boost = this.cards.boostTrait[monster];
    s.monsterCv = this.cards.cv[monster] + (boost >= 0 ? s.cardsWithTrait(boost) : 0);
    s.monsterHealth = s.actingCount() * this.cards.durable[monster];
  }

  /** One round; true when the combat is over. */
  private combatRound(monster: number): boolean {
    const s = this.state;
    for (let agent = 0; agent < s.agents; agent++) s.roundBonus[agent] = 0;
    this.offerTeamAbilities(Trigger.combat);
    if (s.zone[monster] !== Zone.current || s.finished) return true;
    this.updateMonster(monster);
    // Hit tokens an ability placed count with the rolls': the monster is defeated only once every agent has rolled.
    let misses = 0;
    for (let agent = 0; agent < s.agents; agent++) {
      if (!s.isActing(agent)) continue;
      const total = this.roll(agent, Roll.combat, 1, s.monsterCv, 0);
      if (total > s.monsterCv) s.monsterHits++;
      else if (total < s.monsterCv) misses++;
    }
    if (misses > 0) this.monsterHitsTeam(monster, misses);
    if (s.turnOver) return true;
    this.updateMonster(monster);
    if (s.monsterHits >= s.monsterHealth) this.defeat(monster);
    else if (misses > 0 && (this.cards.monsterFlags[monster] & Monster.parasite) !== 0) this.attachParasite(monster);
    else if ((this.cards.monsterFlags[monster] & Monster.explosive) !== 0) this.explode(monster);
    else return false;
    return true;
  }

  /** The monster hits once per missing agent: Brutal, Swarming, Chaotic targets/damage and Stun shape the damage. */
  private monsterHitsTeam(monster: number, misses: number): void {
    const s = this.state;
    const flags = this.cards.monsterFlags[monster];
    const perHit = this.cards.brutal[monster];
    const stun = (flags & Monster.stun) !== 0;
    const chaoticDamage = (flags & Monster.chaoticDamage) !== 0;
    if (this.log !== null) this.log.write(`  ${this.cards.names[monster]} hits ${misses} time(s) for ${perHit} each`);
    if ((flags & Monster.swarming) !== 0) {
      const each = Math.floor((misses * perHit) / 2);
      for (let agent = 0; agent < s.agents && each > 0 && !s.turnOver; agent++) if (s.isActing(agent)) this.damageAgent(agent, each, stun, chaoticDamage);
    } else if ((flags & Monster.chaoticTargets) !== 0) {
      for (let hit = 0; hit < misses && !s.turnOver; hit++) this.damageAgent(this.randomActingAgent(), perHit, stun, chaoticDamage);
    } else {
      this.damageTeam(misses * perHit, stun, chaoticDamage);
    }
  }

  private defeat(monster: number): void {
    const s = this.state;
    s.monstersDefeated++;
    if (this.log !== null) this.log.write(`  ${this.cards.names[monster]} is defeated`);
    const loot = this.cards.loot[monster];
    if (loot > 0 && s.loot.size === 0) this.gainXp(1);
    else if (loot > 0) this.claimLoot(loot);
    const relentless = this.cards.relentless[monster];
    if (relentless > 0) this.delay(monster, this.rollSum(relentless));
  }

  /** Each agent takes 1 damage; the monster and Monster Loot are discarded; 1 XP; the turn ends. */
  private flee(monster: number): void {
    const s = this.state;
    if (this.log !== null) this.log.write(`  flee from ${this.cards.names[monster]}`);
    for (let agent = 0; agent < s.agents && !s.turnOver; agent++) if (s.isActing(agent)) this.damageAgent(agent, 1);
    this.destroy(monster);
    this.discardLoot();
    this.gainXp(1);
    s.turnOver = true;
  }

  private explode(monster: number): void {
    if (this.log !== null) this.log.write(`  ${this.cards.names[monster]} explodes`);
    this.destroy(monster);
    this.discardLoot();
  }

  private attachParasite(parasite: number): void {
    const s = this.state;
    const host = this.ask.parasiteHost(parasite);
    s.putParasite(parasite, host);
    if (this.log !== null) this.log.write(`  ${this.cards.names[parasite]} attaches to ${this.cards.names[host]} of agent ${s.holder[host]}`);
  }

  /** Take up to `count` Monster Loot cards, each to an agent; Level 7 then discards what is left. */
  private claimLoot(count: number): void {
    const s = this.state;
    for (let left = count; left > 0 && s.loot.size > 0; left--) {
      const item = this.ask.lootPick(left);
      if (item === -1) break;
      s.loot.remove(item);
      this.give(item, this.chooseHolder(item));
    }
    if (this.rules.discardLootLeftovers) this.discardLoot();
  }

  private discardLoot(): void {
    const s = this.state;
    while (s.loot.size > 0) {
      const item = s.loot.draw();
      s.zone[item] = Zone.current;
      this.destroy(item);
    }
  }

  // --- Damage ---

  /** `points` of damage the team distributes, point by point; a monster's may stun or be chaotic (its keywords). */
  private damageTeam(points: number, stun = false, chaotic = false): void {
    const s = this.state;
    this.beginDamage(points, stun, -1);
    while (s.damageLeft > 0 && !s.turnOver) {
      const choices = this.damageableAgents();
      if (choices === 0) break;
      this.damagePoint(choices === 1 ? this.firstDamageableAgent() : this.ask.damageAgent(), chaotic);
    }
    this.endDamage();
  }

  /** `points` of damage to one agent; stun damage it cannot use (its cards disabled, a teammate's not) is lost. */
  private damageAgent(agent: number, points: number, stun = false, chaotic = false): void {
    const s = this.state;
    this.beginDamage(points, stun, agent);
    while (s.damageLeft > 0 && s.alive[agent] === 1 && this.damageableCards(agent) > 0) this.damagePoint(agent, chaotic);
    if (s.damageLeft > 0 && s.alive[agent] === 1 && this.log !== null) this.log.write(`  agent ${agent} has no card the stun damage may reach: ${s.damageLeft} lost`);
    this.endDamage();
  }

  /** How many of the agent's skill cards the damage being dealt may reach. */
  private damageableCards(agent: number): number {
    const s = this.state;
    const skills = s.skills[agent];
    let count = 0;
    for (let i = 0; i < skills.size; i++) if (s.canDamageCard(agent, skills.at(i))) count++;
    return count;
  }

  private beginDamage(points: number, stun: boolean, only: number): void {
    const s = this.state;
    s.damageLeft = points;
    s.damageStun = stun;
    s.damageOnly = only;
    if (this.log !== null) this.log.write(`  ${points} damage${only >= 0 ? ` to agent ${only}` : ''}${stun ? ' (stun)' : ''}`);
  }

  private endDamage(): void {
    const s = this.state;
    s.damageLeft = 0;
    s.damageStun = false;
    s.damageOnly = -1;
    for (let agent = 0; agent < s.agents; agent++) s.prevention[agent] = 0;
  }

  private damageableAgents(): number {
    const s = this.state;
    let count = 0;
    for (let agent = 0; agent < s.agents; agent++) if (s.canDamageAgent(agent)) count++;
    return count;
  }

  private firstDamageableAgent(): number {
    const s = this.state;
    for (let agent = 0; agent < s.agents; agent++) if (s.canDamageAgent(agent)) return agent;
    return -1;
  }

  /** Taking Damage, one point: a face-up skill card is disabled (flipped face-down), a face-down one destroyed. */
  private damagePoint(agent: number, chaotic: boolean): void {
    const s = this.state;
    s.damageLeft--;
    if (s.prevention[agent] === 0) this.offerAgentAbilities(agent, Trigger.damage);
    if (s.prevention[agent] > 0) {
      s.prevention[agent]--;
      if (this.log !== null) this.log.write(`  agent ${agent} prevents 1 damage`);
      return;
    }
    const card = chaotic ? this.randomDamageableCard(agent) : this.chooseDamagedCard(agent);
    if (s.faceDown[card] === 0) this.disable(card);
    else this.destroySkill(card);
  }

  private chooseDamagedCard(agent: number): number {
    const s = this.state;
    const skills = s.skills[agent];
    return skills.size === 1 ? skills.at(0) : this.ask.damageCard(agent);
  }

  private randomDamageableCard(agent: number): number {
    const s = this.state;
    const skills = s.skills[agent];
    let pick = this.dice.die(this.damageableCards(agent)) - 1;
    for (let i = 0; i < skills.size; i++) {
      if (s.canDamageCard(agent, skills.at(i)) && pick-- === 0) return skills.at(i);
    }
    return skills.at(0);
  }

  private randomActingAgent(): number {
    const s = this.state;
    let pick = this.dice.die(s.actingCount()) - 1;
    for (let agent = 0; agent < s.agents; agent++) if (s.isActing(agent) && pick-- === 0) return agent;
    return this.firstActing();
  }

  /** Flip face-down (an unstoppable card gets an unstoppable token instead and stays active). */
  private disable(card: number): void {
    this.state.setFaceDown(card, true);
    if (this.log !== null) this.log.write(`  ${this.cards.names[card]} is disabled`);
  }

  private enable(card: number): void {
    this.state.setFaceDown(card, false);
    if (this.log !== null) this.log.write(`  ${this.cards.names[card]} is enabled`);
  }

  private enableAll(agent: number): void {
    const skills = this.state.skills[agent];
    for (let i = 0; i < skills.size; i++) this.state.setFaceDown(skills.at(i), false);
  }

  /** A skill card leaves play with what is attached to it; an agent with no skill card left dies. */
  private destroySkill(card: number): void {
    const s = this.state;
    const agent = s.holder[card];
    if (this.log !== null) this.log.write(`  ${this.cards.names[card]} of agent ${agent} is destroyed`);
    this.destroyParasitesOn(card);
    s.takeSkill(card);
    this.destroy(card);
    s.skillsLost++;
    if (s.skills[agent].size === 0) this.die(agent);
  }

  private destroyParasitesOn(host: number): void {
    const s = this.state;
    const agent = s.holder[host];
    const parasites = s.parasites[agent];
    for (let i = parasites.size - 1; i >= 0; i--) {
      const parasite = parasites.at(i);
      if (s.host[parasite] === host) this.destroyParasite(parasite);
    }
  }

  private destroyParasite(parasite: number): void {
    const s = this.state;
    s.takeParasite(parasite);
    this.destroy(parasite);
  }

  /** The agent perishes: its special cards go to a teammate, everything else is discarded. */
  private die(agent: number): void {
    const s = this.state;
    s.kill(agent);
    if (this.log !== null) this.log.write(`  agent ${agent} dies`);
    if (s.aliveCount() === 0) {
      this.finish(Outcome.utterFailure);
      return;
    }
    if (s.actingCount() === 0) {
      this.reunite();
      s.turnOver = s.teamWiped = true;
    }
    const held = s.held[agent];
    while (held.size > 0) {
      const card = held.at(held.size - 1);
      s.takeHeld(card);
      const special = card === this.cards.scientists || card === this.cards.shuttle;
      if (special) this.give(card, this.chooseHolder(card));
      else this.destroy(card);
    }
    while (s.parasites[agent].size > 0) this.destroyParasite(s.parasites[agent].at(0));
  }

  /** Discard a card that is current (not in a pile); an irreplaceable card goes to the box instead. */
  private destroy(card: number): void {
    const s = this.state;
    s.holder[card] = -1;
    s.charges[card] = 0;
    s.setFaceDown(card, false);
    s.host[card] = -1;
    s.discardCard(card);
  }

  // --- Holding cards ---

  private chooseHolder(card: number): number {
    const s = this.state;
    return s.actingCount() === 1 ? this.firstActing() : this.ask.chooseHolder(card);
  }

  private give(card: number, agent: number): void {
    this.state.putHeld(agent, card);
    if (this.log !== null) this.log.write(`  agent ${agent} takes ${this.cards.names[card]}`);
  }

  private skillAvailable(): boolean {
    const s = this.state;
    return s.skillDeck.size > 0 || (this.rules.skillReshuffle && s.skillDiscard.size > 0);
  }

  /** The top skill card (reshuffling the skill discard pile if allowed), or -1 when there is none. */
  private takeSkill(): number {
    const s = this.state;
    if (s.skillDeck.size === 0 && this.rules.skillReshuffle && s.skillDiscard.size > 0) {
      while (s.skillDiscard.size > 0) {
        const card = s.skillDiscard.draw();
        s.skillDeck.push(card);
        s.zone[card] = Zone.skillDeck;
      }
      s.skillDeck.shuffle(this.random.streams.skills);
    }
    return s.skillDeck.draw();
  }

  /** The agent draws a skill card and adds it with its starting charges (Solo Bonus applies in a solo game). */
  private drawSkill(agent: number): void {
    const card = this.takeSkill();
    if (card < 0) return;
    this.addSkill(agent, card);
    if (this.rules.agents === 1 && this.cards.hasKeyword(card, Keyword.soloBonus)) this.soloBonus(agent, card);
  }

  private addSkill(agent: number, card: number): void {
    const s = this.state;
    s.putSkill(agent, card);
    s.setFaceDown(card, false);
    s.charges[card] = this.cards.startCharges[card];
    if (this.log !== null) this.log.write(`  agent ${agent} gains skill ${this.cards.names[card]}`);
  }

  private applySoloBonuses(agent: number): void {
    const skills = this.state.skills[agent];
    for (let i = skills.size - 1; i >= 0; i--) {
      const card = skills.at(i);
      if (this.cards.hasKeyword(card, Keyword.soloBonus)) this.soloBonus(agent, card);
    }
  }

  /** Solo Bonus: discard the card (to the box, so it cannot loop), gain a countdown step, draw two and keep one. */
  private soloBonus(agent: number, card: number): void {
    const s = this.state;
    if (this.log !== null) this.log.write(`  solo bonus: ${this.cards.names[card]}`);
    s.takeSkill(card);
    s.holder[card] = -1;
    s.charges[card] = 0;
    s.box.push(card);
    s.zone[card] = Zone.box;
    this.gainCountdown(1);
    const first = this.takeSkill();
    const second = this.takeSkill();
    if (first < 0) return;
    const kept = second < 0 ? first : this.ask.soloBonusKeep(first, second);
    if (second >= 0) s.discardCard(kept === first ? second : first);
    this.addSkill(agent, kept);
    if (this.cards.hasKeyword(kept, Keyword.soloBonus)) this.soloBonus(agent, kept);
  }

  // --- Rest ---

  /**
   * A rest action: each agent enables a card, adds a charge, or declines (destroying a parasite); rest abilities;
   * items move freely; then the top card is drawn and resolved at speed 0 or discarded. An agent that declines gives
   * up its own cards' rest abilities, not the team's: the Scientists it holds still gain their charge.
   */
  private rest(): void {
    const s = this.state;
    let declined = 0;
    for (let agent = 0; agent < s.agents; agent++) {
      if (!s.isActing(agent)) continue;
      if (this.restAgent(agent)) declined |= 1 << agent;
    }
    for (let agent = 0; agent < s.agents; agent++) {
      if (!s.isActing(agent)) continue;
      if ((declined & (1 << agent)) === 0) this.offerAgentAbilities(agent, Trigger.rest);
      else this.offerPile(s.held[agent], Trigger.rest, SPECIAL_KINDS);
    }
    this.transferItems();
    if (s.deck.size > 0 && !s.finished) this.restDraw();
  }

  /** One agent's share of a rest; true when the agent declined it. */
  private restAgent(agent: number): boolean {
    const s = this.state;
    const action = this.ask.restAction(agent);
    if (action === Rest.decline) {
      if (s.parasites[agent].size > 0) this.destroyParasite(s.parasites[agent].at(s.parasites[agent].size - 1));
      return true;
    }
    const card = this.ask.restTarget(agent, action);
    if (action === Rest.enable) this.enable(card);
    else this.addCharge(card);
    return false;
  }

  private transferItems(): void {
    const s = this.state;
    if (s.actingCount() < 2) return;
    let moves = this.teamItemCount();
    while (moves-- > 0) {
      const item = this.ask.transferItem();
      if (item === -1) return;
      s.takeHeld(item);
      this.give(item, this.ask.chooseHolder(item));
    }
  }

  private teamItemCount(): number {
    const s = this.state;
    let items = 0;
    for (let agent = 0; agent < s.agents; agent++) {
      if (!s.isActing(agent)) continue;
      for (let i = 0; i < s.held[agent].size; i++) if (this.cards.kind[s.held[agent].at(i)] === Kind.item) items++;
    }
    return items;
  }

  private restDraw(): void {
    const s = this.state;
    const card = this.drawAdventure();
    if (card < 0) return;
    if (!this.ask.resolveRestDraw(card)) {
      this.destroy(card);
      return;
    }
    const speed = s.speed;
    s.speed = 0;
    this.resolveDrawn(card);
    s.speed = speed;
  }

  // --- Card effects ---

  /** A card of the adventure deck (a monster, trap, event or room), not an agent's skill, item or special card. */
  private isAdventureCard(card: number): boolean {
    const kind = this.cards.kind[card];
    return kind === Kind.monster || kind === Kind.trap || kind === Kind.event || kind === Kind.room;
  }

  private applyEffects(start: number, end: number, agent: number, source: number): void {
    // A card's own "end the turn" leaves its other effects to resolve; a wiped-out team leaves nobody to resolve them for.
    for (let i = start; i < end && !this.state.finished && !this.state.teamWiped; i++) {
      this.applyEffect(this.cards.effectOp[i], this.cards.effectAmount[i], agent, source);
    }
  }

  /** One effect. `agent` >= 0 when it concerns one agent (a failed each-roll test); `source` is its card. */
  private applyEffect(op: number, amount: number, agent: number, source: number): void {
    const s = this.state;
    switch (op) {
      case Op.damage:
        if (agent >= 0) this.damageAgent(agent, amount);
        else this.damageTeam(amount);
        return;
      case Op.damageEach:
        for (let a = 0; a < s.agents && !s.turnOver; a++) if (s.isActing(a)) this.damageAgent(a, amount);
        return;
      case Op.damageRoll:
        this.damageTeam(this.rollSum(amount));
        return;
      case Op.damageShortfall: {
        const points = Math.ceil(this.shortfall / amount);
        if (this.log !== null) this.log.write(`  short of speed ${s.speed} by ${this.shortfall}: ${points} damage (1 per ${amount})`);
        if (points <= 0) return;
        if (agent >= 0) this.damageAgent(agent, points);
        else this.damageTeam(points);
        return;
      }
      case Op.countdownShortfall: {
        const steps = Math.ceil(this.shortfall / amount);
        if (this.log !== null) this.log.write(`  short of speed ${s.speed} by ${this.shortfall}: ${steps} countdown steps (1 per ${amount})`);
        if (steps > 0) this.loseCountdown(steps);
        return;
      }
      case Op.xp:
        this.gainXp(amount);
        return;
      case Op.countdown:
        if (amount > 0) this.gainCountdown(amount);
        else this.loseCountdown(-amount);
        return;
      case Op.rest:
        this.rest();
        if (this.rules.cardRestEndsTurn && this.isAdventureCard(source)) this.state.turnOver = true;
        return;
      case Op.enable:
        this.enableCards(amount);
        return;
      case Op.charge:
        for (let i = 0; i < amount; i++) this.addCharge(this.ask.chargeTarget(source));
        return;
      case Op.drawSkill: {
        const recipient = s.actingCount() === 1 ? this.firstActing() : this.ask.skillRecipient();
        for (let i = 0; i < amount; i++) this.drawSkill(recipient);
        return;
      }
      case Op.peek:
        this.peek(amount);
        return;
      case Op.drawAdventure:
        for (let i = 0; i < amount && !s.turnOver && s.deck.size > 0; i++) {
          const card = this.drawAdventure();
          if (card >= 0) this.resolveDrawn(card);
        }
        return;
      case Op.endTurn:
        s.turnOver = true;
        return;
      case Op.delay:
        if (s.currentCard >= 0 && s.zone[s.currentCard] === Zone.current) this.delay(s.currentCard, this.rollSum(amount));
        return;
      case Op.neutralize:
        for (let i = 0; i < amount; i++) this.neutralizeRandomSkill();
        return;
      case Op.discardLoot:
        this.discardLoot();
        return;
      case Op.takeLoot:
        this.claimLoot(amount);
        return;
      case Op.slidingWall:
        this.slidingWall();
        return;
    }
  }

  private gainXp(amount: number): void {
    this.state.xp += amount;
    this.state.xpGained += amount;
    if (this.log !== null) this.log.write(`  +${amount} XP -> ${this.state.xp}`);
  }

  private addCharge(card: number): void {
    this.state.charges[card]++;
    if (this.log !== null) this.log.write(`  ${this.cards.names[card]} gains a charge -> ${this.state.charges[card]}`);
  }

  private enableCards(count: number): void {
    for (let i = 0; i < count && this.state.teamHasDisabledSkill(); i++) {
      const card = this.ask.enableTarget();
      if (card === -1) return;
      this.enable(card);
    }
  }

  /** Look at the top `count` cards one by one (each once, however small the deck); each may go to the bottom. */
  private peek(count: number): void {
    const s = this.state;
    const looks = Math.min(count, s.deck.size);
    let depth = 0;
    for (let looked = 0; looked < looks; looked++) {
      const card = s.deck.peek(depth);
      if (this.ask.peekToBottom(card)) {
        s.deck.removeAt(s.deck.size - 1 - depth);
        s.deck.pushBottom(card);
        if (this.log !== null) this.log.write(`  ${this.cards.names[card]} goes to the bottom`);
      } else {
        depth++;
      }
    }
  }

  /** Delay: the card goes back into the deck with `depth` cards above it. */
  private delay(card: number, depth: number): void {
    const s = this.state;
    s.deck.insertAtDepth(card, depth);
    s.zone[card] = Zone.deck;
    s.holder[card] = -1;
    if (this.log !== null) this.log.write(`  ${this.cards.names[card]} is delayed by ${depth}`);
  }

  /** A random active, not yet neutralized skill card of the team is blank until the end of the turn. */
  private neutralizeRandomSkill(): void {
    let count = 0;
    for (let card = this.cards.skillStart; card < this.cards.skillEnd; card++) if (this.neutralizable(card)) this.candidates[count++] = card;
    if (count === 0) return;
    const card = this.candidates[this.dice.die(count) - 1];
    this.state.neutralize(card);
    if (this.log !== null) this.log.write(`  ${this.cards.names[card]} is neutralized`);
  }

  private neutralizable(card: number): boolean {
    const s = this.state;
    return s.zone[card] === Zone.skill && s.isActing(s.holder[card]) && s.faceDown[card] === 0 && s.neutralized[card] === 0 && !this.cards.hasKeyword(card, Keyword.unstoppable);
  }

  private rollSum(dice: number): number {
    let total = 0;
    for (let i = 0; i < dice; i++) total += this.dice.die(6);
    return total;
  }

  // --- The Sliding Wall ---

  /** Split the team in two (no effect with a single agent on the team). */
  private slidingWall(): void {
    const s = this.state;
    if (s.actingCount() < 2) return;
    const lost = this.ask.splitTeam();
    s.splitOff(lost);
    s.splits++;
    if (this.log !== null) this.log.write(`  the team splits: lost team ${lost}`);
  }

  private reunite(): void {
    this.state.reunite();
    if (this.log !== null) this.log.write('  the teams regroup');
  }

  /**
   * "If you draw a Sliding Wall trap while split, a secret wall lifts. Immediately discard the Sliding Wall and
   * reunite the teams." The turn, finished as one team, moves the countdown even if it began as the lost team's.
   */
  private wallLifts(wall: number): void {
    if (this.log !== null) this.log.write('  a secret wall lifts');
    this.destroy(wall);
    this.reunite();
    this.turnMovesCountdown = true;
  }

  // --- Abilities ---

  private offerTeamAbilities(trigger: number): void {
    const s = this.state;
    for (let agent = 0; agent < s.agents && !s.turnOver; agent++) if (s.isActing(agent)) this.offerAgentAbilities(agent, trigger);
  }

  private offerAgentAbilities(agent: number, trigger: number): void {
    if ((this.state.triggersOf(agent) & trigger) === 0) return;
    this.offerPile(this.state.skills[agent], trigger);
    this.offerPile(this.state.held[agent], trigger);
  }

  /** Offer the abilities with this trigger of a pile's active cards of these kinds (the pile may change as they are used). */
  private offerPile(pile: Deck, trigger: number, kinds = EVERY_KIND): void {
    const cards = this.cards;
    for (let i = 0; i < pile.size; i++) {
      const card = pile.at(i);
      if ((cards.triggers[card] & trigger) === 0 || ((1 << cards.kind[card]) & kinds) === 0 || !this.state.isActive(card)) continue;
      for (let ability = cards.abilityStart[card]; ability < cards.abilityEnd[card]; ability++) {
        if ((cards.abilityTrigger[ability] & trigger) !== 0) this.offerAbility(ability, trigger);
        if (!stillAt(pile, i, card)) break;
      }
      if (!stillAt(pile, i, card)) i--;
    }
  }

  /**
   * Free abilities happen once; paid ones are offered until declined or unaffordable ("as many times as you want,
   * as long as you can pay"), except that a teammate's doubles allow one use and a free rest is taken once
   * (judgement 37).
   */
  private offerAbility(ability: number, trigger: number): void {
    const cards = this.cards;
    const s = this.state;
    const card = cards.abilityCard[ability];
    const free = cards.abilityCost[ability] === 0 && cards.abilityDiscards[ability] === 0;
    if (free) {
      if (this.applicable(ability, trigger)) this.useAbility(ability);
      return;
    }
    while (s.charges[card] >= cards.abilityCost[ability] && this.applicable(ability, trigger) && !s.finished && this.ask.useAbility(ability)) {
      s.charges[card] -= cards.abilityCost[ability];
      this.useAbility(ability);
      if (cards.abilityDiscards[ability] === 1) {
        this.discardHeld(card);
        return;
      }
      if (trigger === Trigger.teammateDoubles || cards.abilityOp[ability] === Op.rest) return;
    }
  }

  /** Whether the ability's effect has something to act on now. */
  private applicable(ability: number, trigger: number): boolean {
    const s = this.state;
    const cards = this.cards;
    const current = s.currentCard;
    const onCurrent = current >= 0 && s.zone[current] === Zone.current;
    switch (cards.abilityOp[ability]) {
      case Op.avoidCard:
      case Op.delay:
        return onCurrent && trigger === Trigger.draw && (cards.abilityOn[ability] & (1 << cards.kind[current])) !== 0;
      case Op.destroyCard:
        return this.destroyTarget() >= 0;
      case Op.monsterHit:
      case Op.evadeMonster:
        return onCurrent && cards.kind[current] === Kind.monster && trigger === Trigger.combat;
      case Op.rollBonus:
        if (trigger === Trigger.combat) return (cards.abilityRoll[ability] & Roll.combat) !== 0;
        return (cards.abilityRoll[ability] & s.rollKind) !== 0 && this.rollFallsShort();
      case Op.reroll:
        return (cards.abilityRoll[ability] & s.rollKind) !== 0 && this.rollFallsShort();
      case Op.enable:
        return s.teamHasDisabledSkill();
      case Op.takeLoot:
        return s.loot.size > 0;
      case Op.peek:
      case Op.drawAdventure:
        return s.deck.size > 0;
      case Op.charge:
        return this.hasChargeTarget(cards.abilityCard[ability]);
      default:
        return true;
    }
  }

  /** Some card on the team other than the source can take a charge. */
  private hasChargeTarget(source: number): boolean {
    const s = this.state;
    return s.teamCardCount() > (s.teamHolds(source) ? 1 : 0);
  }

  /** What "destroy a card" destroys: the adventure card being resolved, else a parasite on the team, else -1. */
  private destroyTarget(): number {
    const s = this.state;
    const current = s.currentCard;
    if (current >= 0 && s.zone[current] === Zone.current && ((1 << this.cards.kind[current]) & DESTROYABLE_KINDS) !== 0) return current;
    for (let agent = 0; agent < s.agents; agent++) if (s.isActing(agent) && s.parasites[agent].size > 0) return s.parasites[agent].at(0);
    return -1;
  }

  private useAbility(ability: number): void {
    const s = this.state;
    const cards = this.cards;
    const card = cards.abilityCard[ability];
    const amount = cards.abilityAmount[ability];
    const agent = s.holder[card];
    if (this.log !== null) this.log.write(`  ${abilityText(cards, ability)}`);
    switch (cards.abilityOp[ability]) {
      case Op.rollBonus:
        if (cards.abilityTrigger[ability] === Trigger.combat) s.roundBonus[agent] += amount;
        else {
          this.setRollTotal(s.rollTotal + this.favour * amount);
          if (this.log !== null) this.log.write(`  roll now ${s.rollTotal}`);
        }
        return;
      case Op.reroll:
        this.reroll();
        return;
      case Op.preventDamage:
        s.prevention[agent] += amount;
        return;
      case Op.monsterHit:
        s.monsterHits += amount;
        return;
      case Op.evadeMonster:
      case Op.avoidCard:
        this.destroy(s.currentCard);
        return;
      case Op.destroyCard:
        this.destroyTargetCard(this.destroyTarget());
        return;
      case Op.chargeSelf:
        s.charges[card] += amount;
        return;
      default:
        this.applyEffect(cards.abilityOp[ability], amount, -1, card);
    }
  }

  private destroyTargetCard(target: number): void {
    if (this.state.zone[target] === Zone.parasite) this.destroyParasite(target);
    else this.destroy(target);
  }

  /** Roll the roll in progress again: new dice (an extra die too: the best two of three), the same modifiers. */
  private reroll(): void {
    const s = this.state;
    const modifier = s.rollTotal - this.die1 - this.die2;
    this.rollDice(s.rollAgent, s.rollKind);
    this.setRollTotal(this.die1 + this.die2 + modifier);
    if (this.log !== null) this.log.write(`  reroll: ${this.rollText(modifier)}`);
    this.offerCachesOnDoubles();
  }

  /** The dice, the modifier and the total of the roll in progress, for the log: "3+2 +3 = 8". */
  private rollText(modifier: number): string {
    return `${this.die1}+${this.die2}${modifier === 0 ? '' : ` ${modifier > 0 ? '+' : ''}${modifier}`} = ${this.state.rollTotal}`;
  }

  /** An item (or other held card) discarded to pay for its ability. */
  private discardHeld(card: number): void {
    const s = this.state;
    if (s.zone[card] !== Zone.held) return;
    s.takeHeld(card);
    this.destroy(card);
  }

  // --- Helpers ---

  private firstActing(): number {
    const s = this.state;
    for (let agent = 0; agent < s.agents; agent++) if (s.isActing(agent)) return agent;
    return -1;
  }
}

/** The card is still at this place of the pile (using an ability can remove cards). */
function stillAt(pile: Deck, index: number, card: number): boolean {
  return index < pile.size && pile.at(index) === card;
}
