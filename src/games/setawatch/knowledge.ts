import type { Deck } from '../../core/deck.ts';
import type { RandomStream } from '../../core/rng.ts';
import { type CardTables, Kind } from './cards.ts';
import type { SetawatchState } from './state.ts';

/**
 * What the party knows of the creature and Unhallowed cards, so that a simulator's rollouts (the planner's) play
 * games the party cannot tell from the real one. Per card, the state keeps whether its face has been seen and the
 * shuffle its position is lost in (0: the party knows where it lies). Set-up numbers one shuffle per creature pile,
 * so a Summon stays in its own pile; the set-up's unused creatures and Unhallowed leave the game unseen, so a rollout
 * may find any unseen creature in the deck and any unseen Unhallowed under a Summon or face down in the Horde.
 */

const MAX_SHUFFLE = 255;

/** A new game: nothing seen, no shuffle numbered. */
export function forgetAll(state: SetawatchState): void {
  state.cardSeen.fill(0);
  state.cardShuffle.fill(0);
  state.shuffles = 0;
}

/** The party has seen this card and knows where it is. */
export function see(state: SetawatchState, card: number): void {
  state.cardSeen[card] = 1;
  state.cardShuffle[card] = 0;
}

/** A new shuffle: the cards of `pile` lie there in an order the party no longer knows. */
export function loseOrder(state: SetawatchState, pile: Deck): void {
  const shuffle = nextShuffle(state);
  for (let i = 0; i < pile.size; i++) state.cardShuffle[pile.at(i)] = shuffle;
}

/** The number of a new shuffle (the last number is shared when a game runs out of them: less known, never more). */
export function nextShuffle(state: SetawatchState): number {
  state.shuffles = Math.min(MAX_SHUFFLE, state.shuffles + 1);
  return state.shuffles;
}

/** Which cards one exchange deals among their places. */
const Exchange = { unseenCreature: 0, unseenInGame: 1, unseenUnhallowed: 2, shuffle: 3 } as const;
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

  constructor(private readonly tables: CardTables) {
    this.places = new Int16Array(tables.cardCount);
    this.cards = new Int16Array(tables.cardCount);
    this.shuffles = new Uint8Array(tables.cardCount);
  }

  /**
   * Unseen creatures change places wherever they are (the set-up's unused ones included), then unseen creatures and
   * Acolytes in the game (the Acolytes never left it), then unseen Unhallowed; last, the cards of each shuffle change
   * places among themselves (a Summon moves within its pile, a reshuffled Graveyard within its part of the deck).
   */
  redeal(state: SetawatchState, stream: RandomStream): void {
    this.exchange(state, stream, Exchange.unseenCreature, 0);
    this.exchange(state, stream, Exchange.unseenInGame, 0);
    this.exchange(state, stream, Exchange.unseenUnhallowed, 0);
    for (let shuffle = 1; shuffle <= state.shuffles; shuffle++) this.exchange(state, stream, Exchange.shuffle, shuffle);
  }

  private exchange(state: SetawatchState, stream: RandomStream, exchange: Exchange, shuffle: number): void {
    let count = 0;
    for (let pileNumber = 0; pileNumber < PILES; pileNumber++) count = this.gatherPile(state, pileNumber, exchange, shuffle, count);
    for (let i = 0; i < state.lineLength; i++) {
      if (this.takes(state, state.lineCard[i], exchange, shuffle, false)) this.gather(state, LINE * SLOT_STRIDE + i, state.lineCard[i], count++);
    }
    if (count < 2) return;
    stream.shuffle(this.cards, 0, count);
    for (let i = 0; i < count; i++) {
      this.put(state, this.places[i], this.cards[i]);
      state.cardShuffle[this.cards[i]] = this.shuffles[i];
    }
  }

  private gatherPile(state: SetawatchState, pileNumber: number, exchange: Exchange, shuffle: number, count: number): number {
    const pile = this.pile(state, pileNumber);
    const outOfGame = pile === state.removed;
    for (let i = 0; i < pile.size; i++) if (this.takes(state, pile.at(i), exchange, shuffle, outOfGame)) this.gather(state, pileNumber * SLOT_STRIDE + i, pile.at(i), count++);
    return count;
  }

  private gather(state: SetawatchState, place: number, card: number, index: number): void {
    this.places[index] = place;
    this.cards[index] = card;
    this.shuffles[index] = state.cardShuffle[card];
  }

  private takes(state: SetawatchState, card: number, exchange: Exchange, shuffle: number, outOfGame: boolean): boolean {
    const kind = this.tables.kind[card];
    switch (exchange) {
      case Exchange.unseenCreature:
        return state.cardSeen[card] === 0 && kind === Kind.creature;
      case Exchange.unseenInGame:
        return state.cardSeen[card] === 0 && !outOfGame && (kind === Kind.creature || kind === Kind.acolyte);
      case Exchange.unseenUnhallowed:
        return state.cardSeen[card] === 0 && kind === Kind.unhallowed;
      default:
        return state.cardShuffle[card] === shuffle;
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
