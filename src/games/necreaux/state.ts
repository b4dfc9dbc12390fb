import { Deck } from '../../core/deck.ts';
import type { RandomStream } from '../../core/rng.ts';
import { Keyword, Kind, Op, ROLL_SLOTS, TrapTest, Trigger, TRAIT_COUNT, type CardTable } from './cards.ts';
import { UNLIMITED_USES, type NecreauxView } from './decisions.ts';

/**
 * Where a card is. Every card is in exactly one zone; a card of any zone but ASIDE (set aside: not in the game, or
 * not yet set up) and CURRENT (being resolved) is in exactly one pile of the state.
 */
export const Zone = {
  aside: 0,
  deck: 1,
  discard: 2,
  loot: 3,
  held: 4,
  parasite: 5,
  box: 6,
  current: 7,
  skillDeck: 8,
  skillDiscard: 9,
  skillPool: 10,
  skill: 11,
  hand: 12,
  /** In the box pile, taken out unseen (No Time To Waste at random): the players do not know which cards these are. */
  removed: 13,
} as const;

export const MAX_AGENTS = 5;
export const MAIN_TEAM = 0;
export const LOST_TEAM = 1;
export const HEARTS_PER_CARD = 2;
/** Slots per agent for per-trigger counts, one per trigger bit. */
const TRIGGER_SLOTS = 8;

/**
 * The whole mutable state of one game, allocated once per engine and reset per game. It is also the read-only
 * view strategies get (NecreauxView), so nothing is copied for them.
 */
export class GameState implements NecreauxView {
  // Piles
  readonly deck: Deck;
  readonly discard: Deck;
  readonly loot: Deck;
  readonly box: Deck;
  readonly skillDeck: Deck;
  readonly skillDiscard: Deck;
  readonly skillPool: Deck;
  readonly skills: Deck[];
  readonly held: Deck[];
  readonly parasites: Deck[];
  /** Agent-creation hands (per agent) and No Time To Waste hands (per player). */
  readonly hands: Deck[];
  /** Every pile above, for resets and for the no-card-lost check. */
  readonly piles: readonly Deck[];

  // Per card
  readonly zone: Uint8Array;
  readonly holder: Int8Array;
  /** The How To Play pile (0 top, 1 middle, 2 bottom) each adventure card was stacked in; -1 in a shuffled deck. */
  readonly pileOfCard: Int8Array;
  readonly faceDown: Uint8Array;
  readonly neutralized: Uint8Array;
  readonly charges: Int16Array;
  /** The skill card a parasite is attached to. */
  readonly host: Int16Array;

  // Per agent
  readonly alive: Uint8Array;
  readonly team: Uint8Array;
  /** Combat-round roll bonus bought by combat-trigger abilities. */
  readonly roundBonus: Int8Array;
  /** Damage still prevented for the agent in the damage being dealt. */
  readonly prevention: Int8Array;

  // Per agent, derived from its cards and kept up to date by every change of them (see `recount`), so that the
  // questions asked before every roll, damage point, trait test and ability offer cost a lookup, not a scan of the cards.
  /** triggerCounts[agent * TRIGGER_SLOTS + bit index]: the agent's counted cards with an ability of that trigger. */
  private readonly triggerCounts: Uint8Array;
  private readonly triggerBits: Uint8Array;
  /** passiveBonuses[agent * ROLL_SLOTS + roll kind bit]: passive roll bonuses less parasite penalties. */
  private readonly passiveBonuses: Int8Array;
  /** extraDice[agent * ROLL_SLOTS + roll kind bit]: the agent's counted cards giving an extra die to that roll. */
  private readonly extraDice: Uint8Array;
  /** Hearts left (2 per face-up skill card, 1 per face-down one). */
  private readonly hearts: Uint8Array;
  /** traitTallies[agent * TRAIT_COUNT + trait]: how often the agent's counted cards show the trait. */
  private readonly traitTallies: Uint8Array;
  /** traitCards[agent * TRAIT_COUNT + trait]: the agent's counted cards showing the trait (each once). */
  private readonly traitCards: Uint8Array;
  /** The agent whose derived data counts the card's abilities and traits now, or -1 (an inactive card, or no agent's). */
  private readonly countedFor: Int8Array;
  /** Bit mask of the living agents of the acting team, and how many they are (kept by the team methods). */
  private actingMask = 0;
  private actingAgents = 0;
  private anyNeutralized = false;

  // Scalars
  agents = 0;
  players = 0;
  uncertainEnding = false;
  turn = 0;
  countdown = 0;
  instructedCountdown = 0;
  startingCountdown = 0;
  xp = 0;
  xpGained = 0;
  xpSpent = 0;
  speed = 0;
  drawn = 0;
  cardsDrawn = 0;
  middlePileSize = 0;
  bottomPileSize = 0;
  scientistsFound = false;
  shuttleFound = false;
  turnScientistsFound = -1;
  split = false;
  actingTeam = MAIN_TEAM;
  currentCard = -1;
  monsterCv = 0;
  monsterHits = 0;
  monsterHealth = 0;
  rollTotal = 0;
  rollModifier = 0;
  rollKind = 0;
  rollAgent = -1;
  rollFails = false;
  rollTies = false;
  damageLeft = 0;
  damageStun = false;
  /** When one agent takes the damage (an each-roll trap, a trait test, swarming), that agent; else -1. */
  damageOnly = -1;
  skillsLost = 0;
  monstersDefeated = 0;
  splits = 0;
  cachesAdded = 0;
  turnOver = false;
  /** The acting team of a split was wiped out this turn: the rest of the card it was resolving is not resolved. */
  teamWiped = false;
  finished = false;
  outcome = 0;
  escaped = false;
  escapedWithScientists = false;

  constructor(
    readonly cards: CardTable,
    readonly strategyRandom: RandomStream,
  ) {
    const n = cards.count;
    this.deck = new Deck(n);
    this.discard = new Deck(n);
    this.loot = new Deck(n);
    this.box = new Deck(n);
    this.skillDeck = new Deck(n);
    this.skillDiscard = new Deck(n);
    this.skillPool = new Deck(n);
    this.skills = perAgent(() => new Deck(n));
    this.held = perAgent(() => new Deck(n));
    this.parasites = perAgent(() => new Deck(n));
    this.hands = perAgent(() => new Deck(n));
    this.piles = [
      this.deck,
      this.discard,
      this.loot,
      this.box,
      this.skillDeck,
      this.skillDiscard,
      this.skillPool,
      ...this.skills,
      ...this.held,
      ...this.parasites,
      ...this.hands,
    ];
    this.zone = new Uint8Array(n);
    this.holder = new Int8Array(n);
    this.pileOfCard = new Int8Array(n);
    this.faceDown = new Uint8Array(n);
    this.neutralized = new Uint8Array(n);
    this.charges = new Int16Array(n);
    this.host = new Int16Array(n);
    this.alive = new Uint8Array(MAX_AGENTS);
    this.team = new Uint8Array(MAX_AGENTS);
    this.roundBonus = new Int8Array(MAX_AGENTS);
    this.prevention = new Int8Array(MAX_AGENTS);
    this.triggerCounts = new Uint8Array(MAX_AGENTS * TRIGGER_SLOTS);
    this.triggerBits = new Uint8Array(MAX_AGENTS);
    this.passiveBonuses = new Int8Array(MAX_AGENTS * ROLL_SLOTS);
    this.extraDice = new Uint8Array(MAX_AGENTS * ROLL_SLOTS);
    this.hearts = new Uint8Array(MAX_AGENTS);
    this.traitTallies = new Uint8Array(MAX_AGENTS * TRAIT_COUNT);
    this.traitCards = new Uint8Array(MAX_AGENTS * TRAIT_COUNT);
    this.countedFor = new Int8Array(n);
  }

  /** Every card aside, every pile empty, every counter at its start. */
  reset(agents: number, players: number, uncertainEnding: boolean): void {
    for (const pile of this.piles) pile.clear();
    this.zone.fill(Zone.aside);
    this.holder.fill(-1);
    this.faceDown.fill(0);
    this.neutralized.fill(0);
    this.anyNeutralized = false;
    this.charges.fill(0);
    this.host.fill(-1);
    this.alive.fill(0);
    this.alive.fill(1, 0, agents);
    this.team.fill(MAIN_TEAM);
    this.roundBonus.fill(0);
    this.prevention.fill(0);
    this.triggerCounts.fill(0);
    this.triggerBits.fill(0);
    this.passiveBonuses.fill(0);
    this.extraDice.fill(0);
    this.hearts.fill(0);
    this.traitTallies.fill(0);
    this.traitCards.fill(0);
    this.countedFor.fill(-1);
    this.agents = agents;
    this.players = players;
    this.uncertainEnding = uncertainEnding;
    this.turn = 0;
    this.countdown = this.instructedCountdown = this.startingCountdown = 0;
    this.xp = this.xpGained = this.xpSpent = 0;
    this.speed = this.drawn = this.cardsDrawn = 0;
    this.middlePileSize = this.bottomPileSize = 0;
    this.scientistsFound = this.shuttleFound = false;
    this.turnScientistsFound = -1;
    this.split = false;
    this.actingTeam = MAIN_TEAM;
    this.refreshActing();
    this.currentCard = -1;
    this.monsterCv = this.monsterHits = this.monsterHealth = 0;
    this.rollTotal = this.rollModifier = this.rollKind = 0;
    this.rollAgent = -1;
    this.rollFails = this.rollTies = false;
    this.damageLeft = 0;
    this.damageStun = false;
    this.damageOnly = -1;
    this.skillsLost = this.monstersDefeated = this.splits = this.cachesAdded = 0;
    this.turnOver = this.teamWiped = this.finished = false;
    this.outcome = 0;
    this.escaped = this.escapedWithScientists = false;
  }

  // --- Agents and teams (all changes of who is alive and who acts go through these) ---

  kill(agent: number): void {
    this.alive[agent] = 0;
    this.refreshActing();
  }

  /** The Sliding Wall: the agents of the mask become the lost team. */
  splitOff(lost: number): void {
    for (let agent = 0; agent < this.agents; agent++) if ((lost & (1 << agent)) !== 0) this.team[agent] = LOST_TEAM;
    this.split = true;
    this.refreshActing();
  }

  reunite(): void {
    this.team.fill(MAIN_TEAM);
    this.split = false;
    this.actingTeam = MAIN_TEAM;
    this.refreshActing();
  }

  setActingTeam(team: number): void {
    this.actingTeam = team;
    this.refreshActing();
  }

  private refreshActing(): void {
    this.actingMask = 0;
    this.actingAgents = 0;
    for (let agent = 0; agent < this.agents; agent++) {
      if (this.alive[agent] === 1 && this.team[agent] === this.actingTeam) {
        this.actingMask |= 1 << agent;
        this.actingAgents++;
      }
    }
  }

  // --- Card changes (all flips and moves of agents' cards go through these, to keep the derived data fresh) ---

  putSkill(agent: number, card: number): void {
    this.skills[agent].push(card);
    this.zone[card] = Zone.skill;
    this.holder[card] = agent;
    this.hearts[agent] += heartsOf(this.faceDown[card]);
    this.recount(card);
  }

  /** Takes a skill card from its agent; the caller puts it somewhere (its zone becomes CURRENT meanwhile). */
  takeSkill(card: number): void {
    const agent = this.holder[card];
    this.skills[agent].remove(card);
    this.zone[card] = Zone.current;
    this.hearts[agent] -= heartsOf(this.faceDown[card]);
    this.recount(card);
  }

  /** A card not in play goes to its discard pile; an irreplaceable one to the box, never to come back (destroy = discard). */
  discardCard(card: number): void {
    if (this.cards.hasKeyword(card, Keyword.irreplaceable)) {
      this.box.push(card);
      this.zone[card] = Zone.box;
    } else if (this.cards.isSkill(card)) {
      this.skillDiscard.push(card);
      this.zone[card] = Zone.skillDiscard;
    } else {
      this.discard.push(card);
      this.zone[card] = Zone.discard;
    }
  }

  putHeld(agent: number, card: number): void {
    this.held[agent].push(card);
    this.zone[card] = Zone.held;
    this.holder[card] = agent;
    this.recount(card);
  }

  takeHeld(card: number): void {
    this.held[this.holder[card]].remove(card);
    this.zone[card] = Zone.current;
    this.recount(card);
  }

  putParasite(parasite: number, host: number): void {
    const agent = this.holder[host];
    this.parasites[agent].push(parasite);
    this.zone[parasite] = Zone.parasite;
    this.holder[parasite] = agent;
    this.host[parasite] = host;
    this.addParasitePenalty(parasite, agent, 1);
  }

  takeParasite(parasite: number): void {
    this.parasites[this.holder[parasite]].remove(parasite);
    this.zone[parasite] = Zone.current;
    this.addParasitePenalty(parasite, this.holder[parasite], -1);
  }

  /** Flips a card (cards in no agent's play area are always face-up). */
  setFaceDown(card: number, down: boolean): void {
    const faceDown = down ? 1 : 0;
    if (this.faceDown[card] === faceDown) return;
    if (this.zone[card] === Zone.skill) this.hearts[this.holder[card]] += heartsOf(faceDown) - heartsOf(this.faceDown[card]);
    this.faceDown[card] = faceDown;
    this.recount(card);
  }

  neutralize(card: number): void {
    this.neutralized[card] = 1;
    this.anyNeutralized = true;
    this.recount(card);
  }

  clearNeutralized(): void {
    if (!this.anyNeutralized) return;
    for (let card = 0; card < this.cards.count; card++) {
      if (this.neutralized[card] === 0) continue;
      this.neutralized[card] = 0;
      this.recount(card);
    }
    this.anyNeutralized = false;
  }

  // --- Derived per-agent data ---

  /** After a change of the card: its abilities and traits count for its holder exactly while it is an active skill or held card. */
  private recount(card: number): void {
    if (this.cards.triggers[card] === 0 && this.cards.traitMask[card] === 0) return;
    const zone = this.zone[card];
    const agent = (zone === Zone.skill || zone === Zone.held) && this.isActive(card) ? this.holder[card] : -1;
    const counted = this.countedFor[card];
    if (agent === counted) return;
    if (counted >= 0) this.count(card, counted, -1);
    if (agent >= 0) this.count(card, agent, 1);
    this.countedFor[card] = agent;
  }

  /** Adds (sign 1) or removes (sign -1) the card's abilities and traits to or from the agent's derived data. */
  private count(card: number, agent: number, sign: number): void {
    const cards = this.cards;
    for (let rest = cards.traitMask[card]; rest !== 0; rest &= rest - 1) {
      const trait = lowestBitIndex(rest);
      this.traitTallies[agent * TRAIT_COUNT + trait] += sign * cards.traitCount[card * TRAIT_COUNT + trait];
      this.traitCards[agent * TRAIT_COUNT + trait] += sign;
    }
    const triggers = cards.triggers[card];
    for (let rest = triggers; rest !== 0; rest &= rest - 1) {
      const bit = rest & -rest;
      const at = agent * TRIGGER_SLOTS + lowestBitIndex(rest);
      this.triggerCounts[at] += sign;
      if (this.triggerCounts[at] === 0) this.triggerBits[agent] &= ~bit;
      else this.triggerBits[agent] |= bit;
    }
    if ((triggers & Trigger.passive) === 0) return;
    for (let kind = 1; kind < ROLL_SLOTS; kind <<= 1) {
      this.passiveBonuses[agent * ROLL_SLOTS + kind] += sign * cards.passiveBonus[card * ROLL_SLOTS + kind];
      this.extraDice[agent * ROLL_SLOTS + kind] += sign * cards.extraDie[card * ROLL_SLOTS + kind];
    }
  }

  private addParasitePenalty(parasite: number, agent: number, sign: number): void {
    for (let kind = 1; kind < ROLL_SLOTS; kind <<= 1) {
      if ((this.cards.parasiteRoll[parasite] & kind) !== 0) this.passiveBonuses[agent * ROLL_SLOTS + kind] -= sign * this.cards.parasitePenalty[parasite];
    }
  }

  /** Trigger bits of the agent's active cards' abilities. */
  triggersOf(agent: number): number {
    return this.triggerBits[agent];
  }

  /** The agent's passive roll bonus for this roll kind, parasite penalties included. */
  passiveBonus(agent: number, rollKind: number): number {
    return this.passiveBonuses[agent * ROLL_SLOTS + rollKind];
  }

  hasExtraDie(agent: number, rollKind: number): boolean {
    return this.extraDice[agent * ROLL_SLOTS + rollKind] > 0;
  }

  // --- Queries (NecreauxView) ---

  get scientistsCard(): number {
    return this.cards.scientists;
  }

  get shuttleCard(): number {
    return this.cards.shuttle;
  }

  get deckSize(): number {
    return this.deck.size;
  }

  get cardsAboveMiddlePile(): number {
    return Math.max(0, this.deck.size - this.middlePileSize - this.bottomPileSize);
  }

  get cardsAboveBottomPile(): number {
    return Math.max(0, this.deck.size - this.bottomPileSize);
  }

  isAlive(agent: number): boolean {
    return agent >= 0 && agent < this.agents && this.alive[agent] === 1;
  }

  isActing(agent: number): boolean {
    return agent >= 0 && agent < MAX_AGENTS && ((this.actingMask >> agent) & 1) === 1;
  }

  actingCount(): number {
    return this.actingAgents;
  }

  aliveCount(): number {
    let count = 0;
    for (let a = 0; a < this.agents; a++) count += this.alive[a];
    return count;
  }

  health(agent: number): number {
    return this.hearts[agent];
  }

  preventionHeld(agent: number): number {
    return this.prevention[agent];
  }

  skillCount(agent: number): number {
    return this.skills[agent].size;
  }

  skillAt(agent: number, index: number): number {
    return this.skills[agent].at(index);
  }

  heldCount(agent: number): number {
    return this.held[agent].size;
  }

  heldAt(agent: number, index: number): number {
    return this.held[agent].at(index);
  }

  parasiteCount(agent: number): number {
    return this.parasites[agent].size;
  }

  traitTally(agent: number, trait: number): number {
    return this.traitTallies[agent * TRAIT_COUNT + trait];
  }

  /** Active cards on the acting team showing the trait (a card counts once however often it shows it). */
  cardsWithTrait(trait: number): number {
    let count = 0;
    for (let a = 0; a < this.agents; a++) if (this.isActing(a)) count += this.traitCards[a * TRAIT_COUNT + trait];
    return count;
  }

  xpCost(agent: number): number {
    return 2 * this.skills[agent].size;
  }

  holderOf(card: number): number {
    return this.holder[card];
  }

  /** The acting team holds this card (skill, item, cache or special). */
  teamHolds(card: number): boolean {
    const zone = this.zone[card];
    return (zone === Zone.held || zone === Zone.skill) && this.isActing(this.holder[card]);
  }

  name(card: number): string {
    return this.cards.names[card];
  }

  kind(card: number): number {
    return this.cards.kind[card];
  }

  cv(card: number): number {
    return this.cards.cv[card];
  }

  isSlidingWall(card: number): boolean {
    return this.cards.slidingWall[card] === 1;
  }

  shortfallPer(card: number): number {
    return this.cards.shortfallPer[card];
  }

  countdownShortfallPer(card: number): number {
    return this.cards.countdownShortfallPer[card];
  }

  eachRolls(card: number): boolean {
    return this.cards.trapTest[card] === TrapTest.each;
  }

  hasSpeedTest(card: number): boolean {
    return this.cards.trapTest[card] !== TrapTest.none;
  }

  failsAboveSpeed(card: number): boolean {
    return this.cards.trapFailsAbove[card] === 1;
  }

  get adventureCount(): number {
    return this.cards.adventureCount;
  }

  knownPile(card: number): number {
    return this.pileOfCard[card];
  }

  unseen(card: number): boolean {
    return this.zone[card] === Zone.deck || this.zone[card] === Zone.removed;
  }

  lootValue(card: number): number {
    return this.cards.loot[card];
  }

  isFaceDown(card: number): boolean {
    return this.faceDown[card] === 1;
  }

  isActive(card: number): boolean {
    return (this.faceDown[card] === 0 && this.neutralized[card] === 0) || this.cards.hasKeyword(card, Keyword.unstoppable);
  }

  chargesOn(card: number): number {
    return this.charges[card];
  }

  startCharges(card: number): number {
    return this.cards.startCharges[card];
  }

  lootSize(): number {
    return this.loot.size;
  }

  lootAt(index: number): number {
    return this.loot.at(index);
  }

  poolSize(): number {
    return this.skillPool.size;
  }

  poolAt(index: number): number {
    return this.skillPool.at(index);
  }

  handSize(owner: number): number {
    return this.hands[owner].size;
  }

  handAt(owner: number, index: number): number {
    return this.hands[owner].at(index);
  }

  abilityCard(ability: number): number {
    return this.cards.abilityCard[ability];
  }

  abilityOp(ability: number): number {
    return this.cards.abilityOp[ability];
  }

  cardHasOp(card: number, op: number): boolean {
    const cards = this.cards;
    for (let ability = cards.abilityStart[card]; ability < cards.abilityEnd[card]; ability++) if (cards.abilityOp[ability] === op) return true;
    return false;
  }

  canImproveRoll(card: number, rollKind: number): boolean {
    const cards = this.cards;
    if (!this.isActive(card)) return false;
    for (let ability = cards.abilityStart[card]; ability < cards.abilityEnd[card]; ability++) {
      const op = cards.abilityOp[ability];
      if (cards.abilityTrigger[ability] !== Trigger.roll || (op !== Op.reroll && op !== Op.rollBonus)) continue;
      if ((cards.abilityRoll[ability] & rollKind) !== 0 && this.charges[card] >= cards.abilityCost[ability]) return true;
    }
    return false;
  }

  usesOn(card: number, op: number, kind: number): number {
    const cards = this.cards;
    if (!this.isActive(card)) return 0;
    let uses = 0;
    for (let ability = cards.abilityStart[card]; ability < cards.abilityEnd[card]; ability++) {
      if (cards.abilityOp[ability] !== op || (cards.abilityOn[ability] & (1 << kind)) === 0) continue;
      const cost = cards.abilityCost[ability];
      uses = Math.max(uses, cost === 0 ? UNLIMITED_USES : Math.floor(this.charges[card] / cost));
    }
    return uses;
  }

  canAffordOp(card: number, op: number): boolean {
    const cards = this.cards;
    if (!this.isActive(card)) return false;
    for (let ability = cards.abilityStart[card]; ability < cards.abilityEnd[card]; ability++) {
      if (cards.abilityOp[ability] === op && this.charges[card] >= cards.abilityCost[ability]) return true;
    }
    return false;
  }

  abilityAmount(ability: number): number {
    return this.cards.abilityAmount[ability];
  }

  abilityCost(ability: number): number {
    return this.cards.abilityCost[ability];
  }

  // --- Legality ---

  /** Some skill card on the acting team is face-up (stun damage must disable before it destroys). */
  teamHasFaceUpSkill(): boolean {
    for (let a = 0; a < this.agents; a++) if (this.isActing(a) && this.hasFaceUpSkill(a)) return true;
    return false;
  }

  hasFaceUpSkill(agent: number): boolean {
    return this.disabledSkills(agent) < this.skills[agent].size;
  }

  /** Face-down skill cards of the agent: each has one heart where a face-up card has two. */
  disabledSkills(agent: number): number {
    return HEARTS_PER_CARD * this.skills[agent].size - this.hearts[agent];
  }

  /** Some skill card on the acting team is face-down. */
  teamHasDisabledSkill(): boolean {
    for (let a = 0; a < this.agents; a++) if (this.isActing(a) && this.disabledSkills(a) > 0) return true;
    return false;
  }

  /** Cards on the acting team (skills and held cards: every one of them can take a charge). */
  teamCardCount(): number {
    let count = 0;
    for (let a = 0; a < this.agents; a++) if (this.isActing(a)) count += this.skills[a].size + this.held[a].size;
    return count;
  }

  canDamageAgent(agent: number): boolean {
    if (!this.isActing(agent) || (this.damageOnly >= 0 && agent !== this.damageOnly)) return false;
    return !this.damageStun || this.hasFaceUpSkill(agent) || !this.teamHasFaceUpSkill();
  }

  canDamageCard(agent: number, card: number): boolean {
    if (this.zone[card] !== Zone.skill || this.holder[card] !== agent) return false;
    return !this.damageStun || this.faceDown[card] === 0 || !this.teamHasFaceUpSkill();
  }

  canEnable(card: number): boolean {
    return this.zone[card] === Zone.skill && this.faceDown[card] === 1 && this.isActing(this.holder[card]);
  }

  canCharge(card: number, source: number): boolean {
    return card !== source && card >= 0 && card < this.cards.count && this.teamHolds(card);
  }

  canTransfer(card: number): boolean {
    return card >= 0 && card < this.cards.count && this.cards.kind[card] === Kind.item && this.teamHolds(card);
  }

  canHold(agent: number): boolean {
    return this.isActing(agent);
  }
}

function perAgent(make: () => Deck): Deck[] {
  return Array.from({ length: MAX_AGENTS }, make);
}

/** The index of the lowest set bit of a non-zero mask. */
function lowestBitIndex(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Hearts of a skill card: 2 face-up, 1 face-down. */
function heartsOf(faceDown: number): number {
  return HEARTS_PER_CARD - faceDown;
}
