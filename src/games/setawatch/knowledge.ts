import type { Deck } from '../../core/deck.ts';
import type { RandomStream } from '../../core/rng.ts';
import { type CardTables, Kind } from './cards.ts';
import { SHUFFLE_DEPTH, type SetawatchState } from './state.ts';

/**
 * What the party knows of the creature and Unhallowed cards, so that a simulator's rollouts (the planner's) play
 * games the party cannot tell from the real one. Per card, the state keeps whether its face has been seen and the
 * shuffles its position is lost in, oldest first (none: the party knows where it lies); a re-deal deals every
 * shuffle's cards among their places in the order the shuffles were made. Set-up numbers one shuffle per creature pile,
 * so a Summon stays in its own pile, and one for the Unhallowed, so an unseen one may be face down in the Horde, under
 * the Unhallowed deck's face-up top card or out of the game, but a Doomed Run Realm's new Unhallowed trade places with
 * those left from earlier Realms only after a reset (its random draw for the Horde loses the deck's order); the
 * set-up's unused creatures leave the game unseen (the bottom `setAside` cards of the removed pile), so a rollout may
 * find any unseen creature in the deck.
 */

const MAX_SHUFFLE = 255;
/** loseOrder's scratch, per shuffle number (one thread runs one game at a time). */
const holdersInPile = new Uint16Array(MAX_SHUFFLE + 1);
const holders = new Uint16Array(MAX_SHUFFLE + 1);
const kept = new Uint8Array(MAX_SHUFFLE + 1);
/** renumberShuffles' scratch: each number's new number. */
const renumbered = new Uint8Array(MAX_SHUFFLE + 1);
/** One card's shuffles, oldest first, while they are rewritten. */
const chain = new Uint8Array(SHUFFLE_DEPTH + 1);

/** A new game: nothing seen, no shuffle numbered, nothing set aside. */
export function forgetAll(state: SetawatchState): void {
  state.cardSeen.fill(0);
  state.cardShuffleWords.fill(0);
  state.shuffles = 0;
  state.setAside = 0;
}

/** The party has seen this card and knows where it is. */
export function see(state: SetawatchState, card: number): void {
  state.cardSeen[card] = 1;
  placeBy(state, card, 0);
}

/** The party looks through a pile (a Doomed Run Game Break or reset takes cards out of it): it has seen every card. */
export function seeAll(state: SetawatchState, pile: Deck): void {
  for (let i = 0; i < pile.size; i++) see(state, pile.at(i));
}

/**
 * A card dealt onto the creature deck in a new shuffle (a pile of the set-up's deck, a Doomed Run deal), after the
 * shuffle `splitFrom` that split the cards among the piles (0: none; a pile's own Summon card was not in it).
 */
export function dealOntoDeck(state: SetawatchState, card: number, shuffle: number, splitFrom = 0): void {
  state.deck.push(card);
  placeBy(state, card, splitFrom === 0 ? shuffle : splitFrom);
  if (splitFrom !== 0) state.cardShuffles[card * SHUFFLE_DEPTH + 1] = shuffle;
}

/** The card lies where `shuffle` alone put it (0: where the party knows). */
export function placeBy(state: SetawatchState, card: number, shuffle: number): void {
  state.cardShuffleWords[card] = 0;
  state.cardShuffles[card * SHUFFLE_DEPTH] = shuffle;
}

/** The card leaves play (boxed between Realms, or replaced): it holds no place in any shuffle. */
export function leavePlay(state: SetawatchState, card: number): void {
  state.cardShuffleWords[card] = 0;
}

/** `card` takes `old`'s place, shuffles and all, and `old` leaves play (an Escalated Summon card). */
export function replaceCard(state: SetawatchState, card: number, old: number): void {
  state.cardShuffleWords[card] = state.cardShuffleWords[old];
  leavePlay(state, old);
}

/** Shuffle a pile: the party no longer knows its order. */
export function shuffleHidden(state: SetawatchState, pile: Deck, stream: RandomStream): void {
  pile.shuffle(stream);
  loseOrder(state, pile);
}

/**
 * A new shuffle: the cards of `pile` lie there in an order the party no longer knows. A card keeps the shuffles a
 * re-deal must still deal before the new one (keptShuffles), then takes the new one. A card with more shuffles than
 * it remembers merges its oldest into the next (an approximation: the oldest one's cards elsewhere are dealt with the
 * next one's, so rollouts consider more deals than the party could face, never fewer; no Set a Watch game of 20,000
 * at Easy or Insane needed it, 1,000 greedy Doomed Runs at Normal 261 times: RULES.md).
 */
export function loseOrder(state: SetawatchState, pile: Deck): void {
  const shuffle = nextShuffle(state);
  keptShuffles(state, pile, shuffle);
  for (let i = 0; i < pile.size; i++) {
    const card = pile.at(i);
    let length = 0;
    for (let k = 0; k < SHUFFLE_DEPTH; k++) {
      const old = state.cardShuffles[card * SHUFFLE_DEPTH + k];
      if (kept[old] === 1) chain[length++] = old;
    }
    chain[length++] = shuffle;
    if (length > SHUFFLE_DEPTH) length = mergeOldest(state, length);
    writeChain(state, card, length);
  }
}

/**
 * Marks the shuffles of the pile's cards that stay: those with holders outside the pile (the face-down Line cards
 * dealt from the pile the deck is reshuffled from), and those before a kept one in a card's chain (they decide which
 * of their cards went on into it). Any other shuffle has all its cards in the pile and leads only to the new shuffle,
 * which deals them anyway.
 */
function keptShuffles(state: SetawatchState, pile: Deck, shuffle: number): void {
  countHolders(state, pile);
  for (let old = 0; old <= MAX_SHUFFLE; old++) kept[old] = old !== 0 && old !== shuffle && holders[old] > holdersInPile[old] ? 1 : 0;
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < pile.size; i++) changed = keepBeforeKept(state, pile.at(i)) || changed;
  }
}

/** Marks the card's shuffles before its latest kept one; whether a mark was new. */
function keepBeforeKept(state: SetawatchState, card: number): boolean {
  let later = false;
  let changed = false;
  for (let k = SHUFFLE_DEPTH - 1; k >= 0; k--) {
    const old = state.cardShuffles[card * SHUFFLE_DEPTH + k];
    if (old === 0) continue;
    if (later && kept[old] === 0) {
      kept[old] = 1;
      changed = true;
    }
    later = later || kept[old] === 1;
  }
  return changed;
}

/** How many cards hold each shuffle, in `pile` and in all. */
function countHolders(state: SetawatchState, pile: Deck): void {
  holdersInPile.fill(0);
  holders.fill(0);
  const entries = state.cardShuffles;
  for (let i = 0; i < pile.size; i++) {
    const base = pile.at(i) * SHUFFLE_DEPTH;
    for (let k = 0; k < SHUFFLE_DEPTH; k++) holdersInPile[entries[base + k]]++;
  }
  for (let entry = 0; entry < entries.length; entry++) holders[entries[entry]]++;
}

/** The chain's oldest shuffle becomes part of its next, wherever its cards lie; returns the chain's new length. */
function mergeOldest(state: SetawatchState, length: number): number {
  const from = chain[0];
  const into = chain[1];
  chain.copyWithin(0, 1, length);
  for (let card = 0; card < state.cardCount; card++) renameShuffle(state, card, from, into);
  return length - 1;
}

/** The card's shuffle `from`, if it has it, becomes `into`; its shuffles stay oldest first, each once. */
function renameShuffle(state: SetawatchState, card: number, from: number, into: number): void {
  const entries = state.cardShuffles;
  const end = (card + 1) * SHUFFLE_DEPTH;
  let at = card * SHUFFLE_DEPTH;
  while (at < end && entries[at] !== from) at++;
  if (at === end) return;
  let held = at + 1;
  while (held < end && entries[held] !== into) held++;
  if (held < end) {
    entries.copyWithin(at, at + 1, end);
    entries[end - 1] = 0;
    return;
  }
  for (; at + 1 < end && entries[at + 1] !== 0 && entries[at + 1] < into; at++) entries[at] = entries[at + 1];
  entries[at] = into;
}

/** `chain[0..length)` becomes the card's shuffles. */
function writeChain(state: SetawatchState, card: number, length: number): void {
  const base = card * SHUFFLE_DEPTH;
  for (let k = 0; k < SHUFFLE_DEPTH; k++) state.cardShuffles[base + k] = k < length ? chain[k] : 0;
}

/** The shuffles still held numbered 1, 2, ... in their order (between a Doomed Run's Realms, when few are left). */
export function renumberShuffles(state: SetawatchState): void {
  const entries = state.cardShuffles;
  renumbered.fill(0);
  for (let entry = 0; entry < entries.length; entry++) renumbered[entries[entry]] = 1;
  renumbered[0] = 0;
  let next = 0;
  for (let shuffle = 1; shuffle <= MAX_SHUFFLE; shuffle++) if (renumbered[shuffle] === 1) renumbered[shuffle] = ++next;
  for (let entry = 0; entry < entries.length; entry++) entries[entry] = renumbered[entries[entry]];
  state.shuffles = next;
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
const Exchange = { unseenCreature: 0, unseenInGame: 1, shuffled: 2 } as const;
type Exchange = (typeof Exchange)[keyof typeof Exchange];

/** Places are numbered pile * SLOT_STRIDE + index: the piles of `pile()`, then the Line. */
const PILES = 4;
const LINE = PILES;
const SLOT_STRIDE = 256;

/** Deals the hidden cards of a state afresh, consistently with what the party knows. */
export class Redealer {
  private readonly places: Int16Array;
  private readonly cards: Int16Array;
  /** The shuffles of each gathered place (SHUFFLE_DEPTH each): they stay with the place when another card comes there. */
  private readonly placeShuffles: Uint8Array;
  private readonly placeShuffleWords: Uint32Array;
  /** The gathered places' indices grouped by shuffle, and where each shuffle's group starts (counting sort). */
  private readonly grouped: Int16Array;
  private readonly groupStart = new Uint16Array(MAX_SHUFFLE + 2);
  /** One shuffle's cards while it is dealt. */
  private readonly dealt: Int16Array;

  constructor(private readonly tables: CardTables) {
    const size = tables.cardCount;
    this.places = new Int16Array(size);
    this.cards = new Int16Array(size);
    this.placeShuffleWords = new Uint32Array(size);
    this.placeShuffles = new Uint8Array(this.placeShuffleWords.buffer);
    this.grouped = new Int16Array(size * SHUFFLE_DEPTH);
    this.dealt = new Int16Array(size);
  }

  /**
   * Unseen creatures change places wherever they are (the set-up's unused ones included), then unseen creatures and
   * Acolytes outside the set-up's unused ones (the Acolytes never leave at set-up); last, the cards of each shuffle
   * change places among themselves (a Summon moves within its pile, a reshuffled Graveyard within its part of the
   * deck, an unseen Unhallowed among the places its Realm's Unhallowed were dealt to).
   */
  redeal(state: SetawatchState, stream: RandomStream): void {
    this.exchange(state, stream, Exchange.unseenCreature);
    this.exchange(state, stream, Exchange.unseenInGame);
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
   * were made in: a place whose card a later shuffle took in from earlier ones is dealt in each, the earliest first.
   */
  private exchangeWithinShuffles(state: SetawatchState, stream: RandomStream): void {
    const count = this.gather(state, Exchange.shuffled);
    const entries = this.placeShuffles;
    const last = state.shuffles;
    const start = this.groupStart;
    start.fill(0, 0, last + 2);
    for (let i = 0; i < count; i++) {
      for (let k = i * SHUFFLE_DEPTH; k < (i + 1) * SHUFFLE_DEPTH && entries[k] !== 0; k++) start[entries[k] + 1]++;
    }
    for (let shuffle = 1; shuffle <= last + 1; shuffle++) start[shuffle] += start[shuffle - 1];
    for (let i = 0; i < count; i++) {
      for (let k = i * SHUFFLE_DEPTH; k < (i + 1) * SHUFFLE_DEPTH && entries[k] !== 0; k++) this.grouped[start[entries[k]]++] = i;
    }
    // Each group now ends where the next begins; it began where the one before it ends.
    for (let shuffle = 1; shuffle <= last; shuffle++) if (start[shuffle] - start[shuffle - 1] >= 2) this.deal(stream, start[shuffle - 1], start[shuffle]);
    this.putAll(state, count);
  }

  /** The cards of the gathered places `grouped[from..to)` dealt among those places. */
  private deal(stream: RandomStream, from: number, to: number): void {
    const count = to - from;
    for (let i = 0; i < count; i++) this.dealt[i] = this.cards[this.grouped[from + i]];
    stream.shuffle(this.dealt, 0, count);
    for (let i = 0; i < count; i++) this.cards[this.grouped[from + i]] = this.dealt[i];
  }

  /** Every gathered card into its place, taking the place's shuffles. */
  private putAll(state: SetawatchState, count: number): void {
    for (let i = 0; i < count; i++) {
      const card = this.cards[i];
      this.put(state, this.places[i], card);
      state.cardShuffleWords[card] = this.placeShuffleWords[i];
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
    this.placeShuffleWords[index] = state.cardShuffleWords[card];
  }

  private takes(state: SetawatchState, card: number, exchange: Exchange, setAside: boolean): boolean {
    const kind = this.tables.kind[card];
    switch (exchange) {
      case Exchange.unseenCreature:
        return state.cardSeen[card] === 0 && kind === Kind.creature;
      case Exchange.unseenInGame:
        return state.cardSeen[card] === 0 && !setAside && (kind === Kind.creature || kind === Kind.acolyte);
      default:
        return state.cardShuffleWords[card] !== 0;
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
