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
/** loseOrder's scratch, per shuffle number: its cards in the pile, and in all (one thread runs one game at a time). */
const inPile = new Uint16Array(MAX_SHUFFLE + 1);
const inAll = new Uint16Array(MAX_SHUFFLE + 1);

/** A new game: nothing seen, no shuffle numbered, nothing set aside. */
export function forgetAll(state: SetawatchState): void {
  state.cardSeen.fill(0);
  state.cardShuffle.fill(0);
  state.cardEarlierShuffle.fill(0);
  state.shuffles = 0;
  state.setAside = 0;
}

/** The party has seen this card and knows where it is. */
export function see(state: SetawatchState, card: number): void {
  state.cardSeen[card] = 1;
  state.cardShuffle[card] = 0;
  state.cardEarlierShuffle[card] = 0;
}

/** A card dealt onto the creature deck in a new shuffle (a pile of the set-up's deck, a Doomed Run deal). */
export function dealOntoDeck(state: SetawatchState, card: number, shuffle: number): void {
  state.deck.push(card);
  state.cardShuffle[card] = shuffle;
  state.cardEarlierShuffle[card] = 0;
}

/** Shuffle a pile: the party no longer knows its order. */
export function shuffleHidden(state: SetawatchState, pile: Deck, stream: RandomStream): void {
  pile.shuffle(stream);
  loseOrder(state, pile);
}

/**
 * A new shuffle: the cards of `pile` lie there in an order the party no longer knows. A card of an earlier shuffle
 * whose other cards lie elsewhere too (the face-down Line cards dealt from the pile the deck is reshuffled from)
 * keeps that shuffle as its earlier one: a re-deal deals the earlier shuffle first, over all its cards, then the new
 * one over the pile. A card that already has an earlier shuffle merges it into its latest one (knows less, never
 * more: the earlier shuffle's cards elsewhere are dealt from the latest one's).
 */
export function loseOrder(state: SetawatchState, pile: Deck): void {
  countMembers(state, pile);
  const shuffle = nextShuffle(state);
  for (let i = 0; i < pile.size; i++) {
    const card = pile.at(i);
    const old = state.cardShuffle[card];
    if (old !== 0 && inAll[old] > inPile[old]) {
      if (state.cardEarlierShuffle[card] !== 0) mergeShuffle(state, state.cardEarlierShuffle[card], old);
      state.cardEarlierShuffle[card] = old;
    }
    state.cardShuffle[card] = shuffle;
  }
}

/** How many cards of each shuffle lie in `pile`, and in all (latest or earlier). */
function countMembers(state: SetawatchState, pile: Deck): void {
  inPile.fill(0);
  inAll.fill(0);
  for (let i = 0; i < pile.size; i++) inPile[state.cardShuffle[pile.at(i)]]++;
  for (let card = 0; card < state.cardCount; card++) {
    inAll[state.cardShuffle[card]]++;
    if (state.cardEarlierShuffle[card] !== state.cardShuffle[card]) inAll[state.cardEarlierShuffle[card]]++;
  }
}

/** Shuffle `from` becomes part of shuffle `into`, wherever its cards lie. */
function mergeShuffle(state: SetawatchState, from: number, into: number): void {
  for (let card = 0; card < state.cardCount; card++) {
    if (state.cardShuffle[card] === from) state.cardShuffle[card] = into;
    if (state.cardEarlierShuffle[card] === from) state.cardEarlierShuffle[card] = into === state.cardShuffle[card] ? 0 : into;
  }
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
  /** The shuffles of each gathered place: they stay with the place when another card comes to lie there. */
  private readonly shuffles: Uint8Array;
  private readonly earlierShuffles: Uint8Array;
  /** The gathered places' indices grouped by shuffle, and where each shuffle's group starts (counting sort). */
  private readonly grouped: Int16Array;
  private readonly groupStart = new Uint16Array(MAX_SHUFFLE + 2);
  /** The gathered places with an earlier shuffle, and one shuffle's places and cards while it is dealt. */
  private readonly withEarlier: Int16Array;
  private readonly members: Int16Array;
  private readonly dealt: Int16Array;

  constructor(private readonly tables: CardTables) {
    const size = tables.cardCount;
    this.places = new Int16Array(size);
    this.cards = new Int16Array(size);
    this.shuffles = new Uint8Array(size);
    this.earlierShuffles = new Uint8Array(size);
    this.grouped = new Int16Array(size);
    this.withEarlier = new Int16Array(size);
    this.members = new Int16Array(size);
    this.dealt = new Int16Array(size);
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
    this.putAll(state, count);
  }

  /**
   * Every shuffle's cards among its own places, the shuffles taken in their numbers' order, which is the order they
   * were made in: a place whose card a later shuffle took in from an earlier one is dealt in both, the earlier first.
   */
  private exchangeWithinShuffles(state: SetawatchState, stream: RandomStream): void {
    const count = this.gather(state, Exchange.shuffled);
    const last = state.shuffles;
    const start = this.groupStart;
    start.fill(0, 0, last + 2);
    for (let i = 0; i < count; i++) start[this.shuffles[i] + 1]++;
    for (let shuffle = 1; shuffle <= last + 1; shuffle++) start[shuffle] += start[shuffle - 1];
    let withEarlier = 0;
    for (let i = 0; i < count; i++) {
      this.grouped[start[this.shuffles[i]]++] = i;
      if (this.earlierShuffles[i] !== 0) this.withEarlier[withEarlier++] = i;
    }
    // Each group now ends where the next begins; it began where the one before it ends.
    for (let shuffle = 1; shuffle <= last; shuffle++) {
      let members = 0;
      for (let at = start[shuffle - 1]; at < start[shuffle]; at++) this.members[members++] = this.grouped[at];
      for (let j = 0; j < withEarlier; j++) if (this.earlierShuffles[this.withEarlier[j]] === shuffle) this.members[members++] = this.withEarlier[j];
      if (members >= 2) this.deal(stream, members);
    }
    this.putAll(state, count);
  }

  /** The cards of the gathered places `members[0..count)` dealt among those places. */
  private deal(stream: RandomStream, count: number): void {
    for (let i = 0; i < count; i++) this.dealt[i] = this.cards[this.members[i]];
    stream.shuffle(this.dealt, 0, count);
    for (let i = 0; i < count; i++) this.cards[this.members[i]] = this.dealt[i];
  }

  /** Every gathered card into its place, taking the place's shuffles. */
  private putAll(state: SetawatchState, count: number): void {
    for (let i = 0; i < count; i++) {
      const card = this.cards[i];
      this.put(state, this.places[i], card);
      state.cardShuffle[card] = this.shuffles[i];
      state.cardEarlierShuffle[card] = this.earlierShuffles[i];
    }
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
    this.earlierShuffles[index] = state.cardEarlierShuffle[card];
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
