import type { RandomStream } from './rng.ts';

/**
 * A fixed-capacity pile of card ids (small integers). The top of the pile is the end of the array, so drawing
 * and placing on top are O(1); nothing is allocated after construction.
 */
export class Deck {
  private readonly cards: Int16Array;
  size = 0;

  constructor(readonly capacity: number) {
    this.cards = new Int16Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  /** Put a card on top. */
  push(card: number): void {
    if (this.size === this.capacity) throw new Error(`Deck over capacity ${this.capacity}`);
    this.cards[this.size++] = card;
  }

  /** Put a card at the bottom. */
  pushBottom(card: number): void {
    this.insertAtDepth(card, this.size);
  }

  /** Put a card with `depth` cards above it (0 = on top). */
  insertAtDepth(card: number, depth: number): void {
    if (this.size === this.capacity) throw new Error(`Deck over capacity ${this.capacity}`);
    const index = this.size - Math.min(depth, this.size);
    // Piles are small: a plain loop beats copyWithin's call into the runtime.
    for (let i = this.size; i > index; i--) this.cards[i] = this.cards[i - 1];
    this.cards[index] = card;
    this.size++;
  }

  /** Remove and return the top card, or -1 when empty. */
  draw(): number {
    return this.size === 0 ? -1 : this.cards[--this.size];
  }

  /** The card `depth` cards below the top (0 = top), or -1 past the bottom. */
  peek(depth = 0): number {
    return depth < this.size ? this.cards[this.size - 1 - depth] : -1;
  }

  /** The card at position `index` counted from the bottom (0 = bottom). */
  at(index: number): number {
    return this.cards[index];
  }

  /** Put `card` at position `index` counted from the bottom, in place of the card there. */
  setAt(index: number, card: number): void {
    this.cards[index] = card;
  }

  /** Remove the card at `index` counted from the bottom and return it. */
  removeAt(index: number): number {
    const card = this.cards[index];
    this.size--;
    for (let i = index; i < this.size; i++) this.cards[i] = this.cards[i + 1];
    return card;
  }

  /** Position of `card` counted from the bottom, or -1. */
  indexOf(card: number): number {
    for (let i = this.size - 1; i >= 0; i--) if (this.cards[i] === card) return i;
    return -1;
  }

  /** Remove `card` wherever it is; true when it was there. */
  remove(card: number): boolean {
    const index = this.indexOf(card);
    if (index < 0) return false;
    this.removeAt(index);
    return true;
  }

  shuffle(stream: RandomStream): void {
    stream.shuffle(this.cards, 0, this.size);
  }

  /** Move every card of `other` onto this pile, keeping their order (other's top becomes the new top). */
  stackOnTop(other: Deck): void {
    for (let i = 0; i < other.size; i++) this.push(other.cards[i]);
    other.size = 0;
  }

  /** The cards from bottom to top, for logs and tests; allocates, so not for hot loops. */
  toArray(): number[] {
    return Array.from(this.cards.subarray(0, this.size));
  }
}
