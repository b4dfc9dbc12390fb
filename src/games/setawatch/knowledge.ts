import type { Deck } from '../../core/deck.ts';
import type { RandomStream } from '../../core/rng.ts';
import { type CardTables, Kind } from './cards.ts';
import type { SetawatchState } from './state.ts';

/**
 * What the party knows of the creature and Unhallowed cards, so that a simulator's rollouts (the planner's) play
 * games the party cannot tell from the real one. Per card, the state keeps whether its face has been seen and the
 * shuffle its position is lost in (0: the party knows where it lies). Set-up numbers one shuffle per creature pile,
 * so a Summon stays in its own pile; the set-up's unused creatures and Unhallowed leave the game unseen (the bottom
 * `setAside` cards of the removed pile), so a rollout may find any unseen creature in the deck and any unseen
 * Unhallowed face down in the Horde or under the Unhallowed deck's face-up top card.
 */

const MAX_SHUFFLE = 255;
/** loseOrder's scratch: the shuffle numbers found in the pile being shuffled (one thread runs one game at a time). */
const merged = new Uint8Array(MAX_SHUFFLE + 1);

/** A new game: nothing seen, no shuffle numbered, nothing set aside. */
export function forgetAll(state: SetawatchState): void {
  state.cardSeen.fill(0);
  state.cardShuffle.fill(0);
  state.shuffles = 0;
  state.setAside = 0;
}

/** The party has seen this card and knows where it is. */
export function see(state: SetawatchState, card: number): void {
  state.cardSeen[card] = 1;
  state.cardShuffle[card] = 0;
}

/**
 * A new shuffle: the cards of `pile` lie there in an order the party no longer knows. A card of an earlier shuffle
 * that is in it joins the new one with every card of that shuffle, wherever they are (a face-down Line card of the
 * pile the deck was dealt from may be the one the reshuffled deck no longer holds). Dealing the earlier shuffle first
 * and then the new one over the pile alone would be exact; the merge knows less than that, never more (RULES.md).
 */
export function loseOrder(state: SetawatchState, pile: Deck): void {
  merged.fill(0);
  for (let i = 0; i < pile.size; i++) merged[state.cardShuffle[pile.at(i)]] = 1;
  merged[0] = 0;
  const shuffle = nextShuffle(state);
  for (let card = 0; card < state.cardCount; card++) if (merged[state.cardShuffle[card]] === 1) state.cardShuffle[card] = shuffle;
  for (let i = 0; i < pile.size; i++) state.cardShuffle[pile.at(i)] = shuffle;
}

/** The Unhallowed deck lies face up: its top card is seen. */
export function seeUnhallowedTop(state: SetawatchState): void {
  if (state.unhallowedDeck.size > 0) see(state, state.unhallowedDeck.peek());
}

/** The number of a new shuffle (the last number is shared when a game runs out of them: less known, never more). */
export function nextShuffle(state: SetawatchState): number {
  state.shuffles = Math.min(MAX_SHUFFLE, state.shuffles + 1);
  return state.shuffles;
}

/** Which cards one exchange deals among their places. */
const Exchange = { unseenCreature: 0, unseenInGame: 1, unseenUnhallowed: 2, shuffled: 3 } as const;
type Exchange = (typeof Exchange)[keyof typeof Exchange];

/** Places are numbered pile * SLOT_STRIDE + index: the piles of `pile()`, then the Line. */
const PILES = 4;
const LINE = PILES;
const SLOT_STRIDE = 256;

/** Deals the hidden cards of a state afresh, consistently with what the party knows. */
export class Redealer {
  private readonly places: Int16Array;
  private readonly cards: Int16Array;
  /** The shuffle of each gathered place: it stays with the place when another card comes to lie there. */
  private readonly shuffles: Uint8Array;
  /** The gathered places and cards grouped by shuffle, and where each shuffle's group starts (counting sort). */
  private readonly groupedPlaces: Int16Array;
  private readonly groupedCards: Int16Array;
  private readonly groupStart = new Uint16Array(MAX_SHUFFLE + 2);

  constructor(private readonly tables: CardTables) {
    this.places = new Int16Array(tables.cardCount);
    this.cards = new Int16Array(tables.cardCount);
    this.shuffles = new Uint8Array(tables.cardCount);
    this.groupedPlaces = new Int16Array(tables.cardCount);
    this.groupedCards = new Int16Array(tables.cardCount);
  }

  /**
   * Unseen creatures change places wherever they are (the set-up's unused ones included), then unseen creatures and
   * Acolytes outside the set-up's unused ones (the Acolytes never leave at set-up), then unseen Unhallowed; last, the cards of each shuffle change
   * places among themselves (a Summon moves within its pile, a reshuffled Graveyard within its part of the deck).
   */
  redeal(state: SetawatchState, stream: RandomStream): void {
    this.exchange(state, stream, Exchange.unseenCreature);
    this.exchange(state, stream, Exchange.unseenInGame);
    this.exchange(state, stream, Exchange.unseenUnhallowed);
    this.exchangeWithinShuffles(state, stream);
  }

  private exchange(state: SetawatchState, stream: RandomStream, exchange: Exchange): void {
    const count = this.gather(state, exchange);
    if (count < 2) return;
    stream.shuffle(this.cards, 0, count);
    for (let i = 0; i < count; i++) {
      this.put(state, this.places[i], this.cards[i]);
      state.cardShuffle[this.cards[i]] = this.shuffles[i];
    }
  }

  /** Every shuffle's cards among its own places, the shuffles taken in their numbers' order. */
  private exchangeWithinShuffles(state: SetawatchState, stream: RandomStream): void {
    const count = this.gather(state, Exchange.shuffled);
    const last = state.shuffles;
    const start = this.groupStart;
    start.fill(0, 0, last + 2);
    for (let i = 0; i < count; i++) start[this.shuffles[i] + 1]++;
    for (let shuffle = 1; shuffle <= last + 1; shuffle++) start[shuffle] += start[shuffle - 1];
    for (let i = 0; i < count; i++) {
      const at = start[this.shuffles[i]]++;
      this.groupedPlaces[at] = this.places[i];
      this.groupedCards[at] = this.cards[i];
    }
    // Each group now ends where the next begins; it began where the one before it ends.
    for (let shuffle = 1; shuffle <= last; shuffle++) {
      const from = start[shuffle - 1];
      if (start[shuffle] - from >= 2) stream.shuffle(this.groupedCards, from, start[shuffle]);
    }
    for (let i = 0; i < count; i++) this.put(state, this.groupedPlaces[i], this.groupedCards[i]);
  }

  /** The places of the cards an exchange deals, into places, cards and shuffles; returns how many. */
  private gather(state: SetawatchState, exchange: Exchange): number {
    let count = 0;
    for (let pileNumber = 0; pileNumber < PILES; pileNumber++) {
      const pile = this.pile(state, pileNumber);
      const setAside = pile === state.removed ? state.setAside : 0;
      for (let i = 0; i < pile.size; i++) if (this.takes(state, pile.at(i), exchange, i < setAside)) this.keep(state, pileNumber * SLOT_STRIDE + i, pile.at(i), count++);
    }
    for (let i = 0; i < state.lineLength; i++) if (this.takes(state, state.lineCard[i], exchange, false)) this.keep(state, LINE * SLOT_STRIDE + i, state.lineCard[i], count++);
    return count;
  }

  private keep(state: SetawatchState, place: number, card: number, index: number): void {
    this.places[index] = place;
    this.cards[index] = card;
    this.shuffles[index] = state.cardShuffle[card];
  }

  private takes(state: SetawatchState, card: number, exchange: Exchange, setAside: boolean): boolean {
    const kind = this.tables.kind[card];
    switch (exchange) {
      case Exchange.unseenCreature:
        return state.cardSeen[card] === 0 && kind === Kind.creature;
      case Exchange.unseenInGame:
        return state.cardSeen[card] === 0 && !setAside && (kind === Kind.creature || kind === Kind.acolyte);
      case Exchange.unseenUnhallowed:
        return state.cardSeen[card] === 0 && kind === Kind.unhallowed;
      default:
        return state.cardShuffle[card] !== 0;
    }
  }

  private put(state: SetawatchState, place: number, card: number): void {
    const index = place % SLOT_STRIDE;
    const pile = (place - index) / SLOT_STRIDE;
    if (pile === LINE) state.lineCard[index] = card;
    else this.pile(state, pile).setAt(index, card);
  }

  /** The piles where a card may lie unseen or in a lost order (the Graveyard and tamed creatures are face up). */
  private pile(state: SetawatchState, pileNumber: number): Deck {
    switch (pileNumber) {
      case 0:
        return state.deck;
      case 1:
        return state.horde;
      case 2:
        return state.unhallowedDeck;
      default:
        return state.removed;
    }
  }
}
