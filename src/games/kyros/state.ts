import { Deck } from '../../core/deck.ts';

/**
 * The whole state of one endgame, in flat typed arrays allocated once per engine and reset per game. Towns are
 * indexed in occupation order (0 = Frostgate); seats 0..players-1 take their turns in that order each round.
 */

export const MAX_SEATS = 6;
export const MAX_TOWNS = MAX_SEATS + 1;
export const STACK_CAPACITY = 16;
export const ITEM_CAPACITY = 12;
/** A combat that lasts this many rounds ends as if the hero had escaped (it only happens when neither side can hurt the other). */
export const MAX_COMBAT_ROUNDS = 30;
/** A hero's position at a free place: a town that is not occupied (one it freed, or rests in), or the wilds. */
export const FREE_PLACE = -1;

export const Status = { playing: 0, finished: 1, unfinished: 2 } as const;

/** Experience counter bits of a Giant Lord: +2 Mind (Ranged), +2 Body (Melee), +2 Spirit (Magic), +2 Stamina, +1 Life. */
export const Counter = { mind: 1, body: 2, spirit: 4, stamina: 8, life: 16 } as const;
export const COUNTER_NAMES = ['+2 Mind', '+2 Body', '+2 Spirit', '+2 Stamina', '+1 Life'] as const;
export const COUNTER_TYPES = 5;

/** How a combat ended. */
export const CombatEnd = { liberated: 0, knockedOut: 1, escaped: 2 } as const;

export function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

export class KyrosState {
  status: number = Status.playing;
  players = 0;
  townCount = 0;
  round = 0;
  /** The seat whose turn it is. */
  seat = 0;

  // Towns (occupied in order 0..townCount-1).
  readonly townLord = new Int16Array(MAX_TOWNS);
  readonly townLiberated = new Uint8Array(MAX_TOWNS);
  readonly townRedCounter = new Uint8Array(MAX_TOWNS);
  readonly stack = new Int16Array(MAX_TOWNS * STACK_CAPACITY);
  readonly stackSize = new Uint8Array(MAX_TOWNS);
  readonly marketDeck: Deck;
  readonly marketDiscard: Deck;
  /** The Giant Lord deck at the start of the endgame, and the Lords defeated in normal play. */
  readonly lordDeck: Deck;

  // Giant Lords: counters left on a defeated card, and who holds the card (-1: nobody).
  readonly lordCounters: Uint8Array;
  readonly lordOwner: Int8Array;

  // Heroes, by seat.
  readonly seatHero = new Int16Array(MAX_SEATS);
  readonly wounds = new Int16Array(MAX_SEATS);
  readonly exhaustion = new Int16Array(MAX_SEATS);
  readonly gold = new Int16Array(MAX_SEATS);
  readonly level = new Int16Array(MAX_SEATS);
  /** Unspent adventure counters (red counters from liberated towns add to them). */
  readonly adventureCounters = new Int16Array(MAX_SEATS);
  readonly fame = new Int16Array(MAX_SEATS);
  readonly items = new Int16Array(MAX_SEATS * ITEM_CAPACITY);
  readonly itemCount = new Uint8Array(MAX_SEATS);
  /** Wounds an ally has taken (per item slot). */
  readonly allyWounds = new Int16Array(MAX_SEATS * ITEM_CAPACITY);
  /** The occupied town the hero is next to, or FREE_PLACE (a town that is not occupied, or the wilds). */
  readonly position = new Int8Array(MAX_SEATS);
  /** The town the hero travels to (-1: none) and the turns left; the attack comes on the turn it reaches 0. */
  readonly heading = new Int8Array(MAX_SEATS);
  readonly travelLeft = new Int8Array(MAX_SEATS);
  readonly skipTurns = new Int8Array(MAX_SEATS);

  /**
   * Change stamps for strategies' caches: a town gets a fresh one whenever its market stack changes, a seat whenever
   * its hero's items change, and all of them at each set-up. Never reused, not even across games.
   */
  readonly townStamp = new Float64Array(MAX_TOWNS);
  readonly seatStamp = new Float64Array(MAX_SEATS);
  private lastStamp = 0;

  // The combat in progress.
  inCombat = false;
  attacker = -1;
  chooser = -1;
  town = -1;
  lord = -1;
  counterMask = 0;
  combatRound = 0;
  lordWounds = 0;
  lordExhaustion = 0;
  lordLife = 0;
  lordStamina = 0;
  readonly lordValue = new Int16Array(3);
  readonly lordDamage = new Int16Array(3);
  readonly lordAttackBonus = new Int16Array(3);
  readonly lordDefenseBonus = new Int16Array(3);
  readonly heroValue = new Int16Array(3);
  readonly heroDamage = new Int16Array(3);
  readonly heroAttackBonus = new Int16Array(3);
  readonly heroDefenseBonus = new Int16Array(3);
  heroLife = 0;
  heroStamina = 0;
  /** Reflect effects active this combat: phase (-1: none) and wounds returned. */
  lordReflectPhase = -1;
  lordReflectAmount = 0;
  heroReflectPhase = -1;
  heroReflectAmount = 0;
  /** Surge bonuses to this round's attack roll. */
  heroSurge = 0;
  lordSurge = 0;
  attackPhase = -1;
  /** The phase being resolved (-1: the Before Combat step). */
  phase = -1;

  // Counts for the metrics.
  attacks = 0;
  liberations = 0;
  knockouts = 0;
  escapes = 0;
  countersGiven = 0;
  /** Result of the first attack of the game: -1 none yet, 0 failed, 1 liberated. */
  firstAttack = -1;
  winner = -1;

  constructor(lordCount: number, marketCards: number) {
    this.marketDeck = new Deck(Math.max(1, marketCards));
    this.marketDiscard = new Deck(Math.max(1, marketCards + MAX_SEATS * ITEM_CAPACITY));
    this.lordDeck = new Deck(Math.max(1, lordCount));
    this.lordCounters = new Uint8Array(lordCount);
    this.lordOwner = new Int8Array(lordCount);
  }

  restampTown(town: number): void {
    this.townStamp[town] = ++this.lastStamp;
  }

  restampSeat(seat: number): void {
    this.seatStamp[seat] = ++this.lastStamp;
  }

  stackAt(town: number, slot: number): number {
    return this.stack[town * STACK_CAPACITY + slot];
  }

  itemAt(seat: number, slot: number): number {
    return this.items[seat * ITEM_CAPACITY + slot];
  }

  occupiedTowns(): number {
    let n = 0;
    for (let t = 0; t < this.townCount; t++) if (this.townLiberated[t] === 0) n++;
    return n;
  }

  /** Counters the chooser may give at this town: one per market card, at most one of each type, so at most five. */
  counterCap(town: number): number {
    return Math.min(COUNTER_TYPES, this.stackSize[town]);
  }
}
