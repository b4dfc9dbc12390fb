import { Deck } from '../../core/deck.ts';

/**
 * The whole state of one game of Set a Watch, in flat typed arrays allocated once per engine and reset per game.
 * Cards are small integers (see cards.ts); the Line is a row of parallel arrays indexed by position (0 = first).
 */

export const SEATS = 4;
export const ROLLED_DICE = 3;
/** Rolled dice plus room for tamed creatures used as attack dice. */
export const DICE_PER_SEAT = 6;
export const SLOTS_PER_SEAT = 5;
/**
 * The shuffles a card's place remembers, one byte each in a word (cardShuffleWords); one more nested shuffle merges
 * the oldest into the next (knowledge.ts).
 */
export const SHUFFLE_DEPTH = Uint32Array.BYTES_PER_ELEMENT;
export const LINE_CAPACITY = 96;

export const Status = { playing: 0, won: 1, lostExhausted: 2, lostSummon: 3 } as const;

/** Dice states. A locked die sits on Snowy Pass; a stolen one sits on a creature. */
export const Die = { absent: 0, ready: 1, spent: 2, attacked: 3, stolen: 4, locked: 5 } as const;

/** Ability slots: the two unused cards wait in reserve for Equip. */
export const Slot = { reserve: 0, active: 1, exhausted: 2 } as const;

/** Per-card flags in the Line. */
/**
 * Per Line card: its First-position power has fired (this round, or since it last came first with
 * `firstPower=each-arrival`); blanked (Smoke Bomb); its reveal waits for Backstab's defeat; revealed by the Backstab
 * in progress.
 */
export const LineFlag = { firstFired: 1, blank: 2, heldReveal: 4, revealedByBackstab: 8, heldAtEndOfLine: 16 } as const;

export class SetawatchState {
  status: number = Status.playing;
  round = 0;
  roundOfLoss = 0;
  fire = 7;
  location = -1;
  readonly mapDeck: Deck;
  readonly unusedLocations: Deck;

  readonly deck: Deck;
  readonly graveyard: Deck;
  readonly horde: Deck;
  readonly unhallowedDeck: Deck;
  readonly removed: Deck;
  readonly tamed: Deck;
  /** Ability cards of adventurers not in the game, which the Bard's Multi-Talented swaps with. */
  readonly outsideAbilities: Deck;

  lineLength = 0;
  readonly lineCard = new Int16Array(LINE_CAPACITY);
  readonly lineRevealed = new Uint8Array(LINE_CAPACITY);
  readonly lineDamage = new Int16Array(LINE_CAPACITY);
  readonly lineFlags = new Uint8Array(LINE_CAPACITY);
  /** How many times the card's health was halved (Wound, each use). */
  readonly lineHalvings = new Uint8Array(LINE_CAPACITY);
  /** Base health set by a power (Vampire), or -1. */
  readonly lineBaseHealth = new Int16Array(LINE_CAPACITY);
  /** The die this creature stole, or -1. */
  readonly lineStolenDie = new Int16Array(LINE_CAPACITY);
  /** The seat whose dice hit this creature first, or -1 (for The Grand Arena). */
  readonly lineAttacker = new Int8Array(LINE_CAPACITY);

  /** 1 once the party has seen the card's face (knowledge.ts). */
  readonly cardSeen: Uint8Array;
  /**
   * Per card, SHUFFLE_DEPTH entries: the shuffles its position is lost in, oldest first, then 0s; all 0 when the party
   * knows where it lies (knowledge.ts).
   */
  readonly cardShuffles: Uint8Array;
  /** The same entries, one card's to a word (a card's shuffles copied in one step). */
  readonly cardShuffleWords: Uint32Array;
  /** Shuffles numbered so far (set-up's piles, then every reshuffle). */
  shuffles = 0;
  /** The bottom cards of `removed` that left the game at set-up unseen (knowledge.ts). */
  setAside = 0;

  readonly seatAdventurer = new Int8Array(SEATS);
  readonly rests = new Uint8Array(SEATS);
  readonly onWatch = new Uint8Array(SEATS);
  /** On Watch with at least one active card when the Watch began. */
  readonly inCombat = new Uint8Array(SEATS);
  readonly rollTotal = new Int16Array(SEATS);
  readonly ownRanged = new Uint8Array(SEATS);
  camper = -1;

  readonly dieValue = new Int8Array(SEATS * DICE_PER_SEAT);
  readonly dieState = new Uint8Array(SEATS * DICE_PER_SEAT);
  /** The tamed creature a die stands for, or -1 for a rolled die. */
  readonly dieTamed = new Int16Array(SEATS * DICE_PER_SEAT);
  /** 1 for a creature tamed only until the end of the round (Siren Song). */
  readonly dieUntilEndOfRound = new Uint8Array(SEATS * DICE_PER_SEAT);

  readonly slotCard = new Int16Array(SEATS * SLOTS_PER_SEAT);
  readonly slotState = new Uint8Array(SEATS * SLOTS_PER_SEAT);
  readonly slotDieUsed = new Uint8Array(SEATS * SLOTS_PER_SEAT);
  readonly slotPassiveUsed = new Uint8Array(SEATS * SLOTS_PER_SEAT);

  // Effects that last until the end of the round.
  rangeBonus = 0;
  revealBonus = 0;
  negateNextReveal = 0;
  poisonAttacks = 0;
  poisonAmount = 0;
  doubleMinHealth = 0;
  trapValue = 0;
  lastDefeatPosition = -1;
  lastDefeatHealth = 0;
  /** Who defeated the last creature defeated this round (-1: a power, a location or a camp die). */
  lastDefeatSeat = -1;
  defeatsThisRound = 0;
  hordeEnteredThisRound = 0;
  restartCard = -1;
  /** Harmonize: the creature whose next direct attack by another adventurer is doubled, and the Bard's seat. */
  harmonizedCard = -1;
  harmonizedBy = -1;
  /** Song of Discord on a Human: damage waiting for the next creature revealed. */
  discordDamage = 0;
  /** 1 while an ability that reveals, then defeats (Backstab, `backstab=defeat-first`) holds its reveals. */
  holdingReveals = 0;
  /** 1 while such an ability marks the cards it reveals, the only ones it may defeat (`backstabTarget=its-reveals`). */
  markingReveals = 0;

  constructor(readonly cardCount: number, locationCount: number, abilityCount: number) {
    this.mapDeck = new Deck(locationCount);
    this.unusedLocations = new Deck(locationCount);
    this.deck = new Deck(cardCount);
    this.graveyard = new Deck(cardCount);
    this.horde = new Deck(cardCount);
    this.unhallowedDeck = new Deck(cardCount);
    this.removed = new Deck(cardCount);
    this.tamed = new Deck(cardCount);
    this.outsideAbilities = new Deck(Math.max(1, abilityCount));
    this.cardSeen = new Uint8Array(cardCount);
    this.cardShuffleWords = new Uint32Array(cardCount);
    this.cardShuffles = new Uint8Array(this.cardShuffleWords.buffer);
  }

  resetRoundEffects(): void {
    this.rangeBonus = 0;
    this.revealBonus = 0;
    this.negateNextReveal = 0;
    this.poisonAttacks = 0;
    this.poisonAmount = 0;
    this.doubleMinHealth = 0;
    this.trapValue = 0;
    this.holdingReveals = 0;
    this.markingReveals = 0;
    this.lastDefeatPosition = -1;
    this.lastDefeatHealth = 0;
    this.lastDefeatSeat = -1;
    this.defeatsThisRound = 0;
    this.hordeEnteredThisRound = 0;
    this.harmonizedCard = -1;
    this.harmonizedBy = -1;
    this.discordDamage = 0;
    this.ownRanged.fill(0);
    this.slotDieUsed.fill(0);
    this.slotPassiveUsed.fill(0);
  }

  activeCards(seat: number): number {
    let active = 0;
    for (let i = seat * SLOTS_PER_SEAT; i < (seat + 1) * SLOTS_PER_SEAT; i++) if (this.slotState[i] === Slot.active) active++;
    return active;
  }

  exhaustedCards(seat: number): number {
    let exhausted = 0;
    for (let i = seat * SLOTS_PER_SEAT; i < (seat + 1) * SLOTS_PER_SEAT; i++) if (this.slotState[i] === Slot.exhausted) exhausted++;
    return exhausted;
  }

  /** The adventurer has a die still to spend this round. */
  hasReadyDie(seat: number): boolean {
    for (let die = seat * DICE_PER_SEAT; die < (seat + 1) * DICE_PER_SEAT; die++) if (this.dieState[die] === Die.ready) return true;
    return false;
  }

  /** Active cards of every adventurer on Watch. */
  watchActiveCards(): number {
    let active = 0;
    for (let seat = 0; seat < SEATS; seat++) if (this.onWatch[seat] === 1) active += this.activeCards(seat);
    return active;
  }

  totalActiveCards(): number {
    let active = 0;
    for (let seat = 0; seat < SEATS; seat++) active += this.activeCards(seat);
    return active;
  }

  totalExhaustedCards(): number {
    let exhausted = 0;
    for (let seat = 0; seat < SEATS; seat++) exhausted += this.exhaustedCards(seat);
    return exhausted;
  }

  /** Every creature card of the game is in exactly one of these places. */
  cardsInPlaces(): number {
    return this.deck.size + this.graveyard.size + this.horde.size + this.unhallowedDeck.size + this.removed.size + this.tamed.size + this.lineLength;
  }

  copyFrom(other: SetawatchState): void {
    this.status = other.status;
    this.round = other.round;
    this.roundOfLoss = other.roundOfLoss;
    this.fire = other.fire;
    this.location = other.location;
    copyDeck(this.mapDeck, other.mapDeck);
    copyDeck(this.unusedLocations, other.unusedLocations);
    copyDeck(this.deck, other.deck);
    copyDeck(this.graveyard, other.graveyard);
    copyDeck(this.horde, other.horde);
    copyDeck(this.unhallowedDeck, other.unhallowedDeck);
    copyDeck(this.removed, other.removed);
    copyDeck(this.tamed, other.tamed);
    copyDeck(this.outsideAbilities, other.outsideAbilities);
    this.lineLength = other.lineLength;
    this.lineCard.set(other.lineCard);
    this.lineRevealed.set(other.lineRevealed);
    this.lineDamage.set(other.lineDamage);
    this.lineFlags.set(other.lineFlags);
    this.lineHalvings.set(other.lineHalvings);
    this.lineBaseHealth.set(other.lineBaseHealth);
    this.lineStolenDie.set(other.lineStolenDie);
    this.lineAttacker.set(other.lineAttacker);
    this.cardSeen.set(other.cardSeen);
    this.cardShuffles.set(other.cardShuffles);
    this.shuffles = other.shuffles;
    this.setAside = other.setAside;
    this.seatAdventurer.set(other.seatAdventurer);
    this.rests.set(other.rests);
    this.onWatch.set(other.onWatch);
    this.inCombat.set(other.inCombat);
    this.rollTotal.set(other.rollTotal);
    this.ownRanged.set(other.ownRanged);
    this.camper = other.camper;
    this.dieValue.set(other.dieValue);
    this.dieState.set(other.dieState);
    this.dieTamed.set(other.dieTamed);
    this.dieUntilEndOfRound.set(other.dieUntilEndOfRound);
    this.slotCard.set(other.slotCard);
    this.slotState.set(other.slotState);
    this.slotDieUsed.set(other.slotDieUsed);
    this.slotPassiveUsed.set(other.slotPassiveUsed);
    this.rangeBonus = other.rangeBonus;
    this.revealBonus = other.revealBonus;
    this.negateNextReveal = other.negateNextReveal;
    this.poisonAttacks = other.poisonAttacks;
    this.poisonAmount = other.poisonAmount;
    this.doubleMinHealth = other.doubleMinHealth;
    this.trapValue = other.trapValue;
    this.holdingReveals = other.holdingReveals;
    this.markingReveals = other.markingReveals;
    this.lastDefeatPosition = other.lastDefeatPosition;
    this.lastDefeatHealth = other.lastDefeatHealth;
    this.lastDefeatSeat = other.lastDefeatSeat;
    this.defeatsThisRound = other.defeatsThisRound;
    this.hordeEnteredThisRound = other.hordeEnteredThisRound;
    this.restartCard = other.restartCard;
    this.harmonizedCard = other.harmonizedCard;
    this.harmonizedBy = other.harmonizedBy;
    this.discordDamage = other.discordDamage;
  }
}

function copyDeck(into: Deck, from: Deck): void {
  into.clear();
  for (let i = 0; i < from.size; i++) into.push(from.at(i));
}
