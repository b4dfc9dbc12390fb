import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Deck } from '../../src/core/deck.ts';
import { RandomStream } from '../../src/core/rng.ts';

describe('Deck', () => {
  it('keeps order: top at the end, the bottom first, a depth counted from the top', () => {
    const deck = new Deck(6);
    deck.push(1);
    deck.push(2);
    deck.pushBottom(0);
    deck.insertAtDepth(9, 1);
    expect(deck.toArray()).toEqual([0, 1, 9, 2]);
    expect([deck.peek(), deck.peek(3), deck.peek(4), deck.at(0), deck.indexOf(9), deck.indexOf(7)]).toEqual([2, 0, -1, 0, 2, -1]);
    expect(deck.draw()).toBe(2);
    expect(deck.removeAt(1)).toBe(1);
    expect(deck.toArray()).toEqual([0, 9]);
  });

  it('refuses a card over its capacity, whichever way it comes, and keeps its cards', () => {
    const deck = new Deck(2);
    deck.push(1);
    deck.push(2);
    expect(() => deck.push(3)).toThrow('Deck over capacity 2');
    expect(() => deck.pushBottom(3)).toThrow('Deck over capacity 2');
    expect(() => deck.insertAtDepth(3, 1)).toThrow('Deck over capacity 2');
    expect(deck.toArray()).toEqual([1, 2]);
  });

  it('answers -1 and stays empty when drawn or peeked past its bottom', () => {
    const deck = new Deck(3);
    expect(deck.draw()).toBe(-1);
    expect(deck.size).toBe(0);
    deck.push(4);
    expect(deck.peek(1)).toBe(-1);
  });

  it('removes a card only where it is', () => {
    const deck = new Deck(4);
    [3, 5, 3].forEach((card) => deck.push(card));
    expect(deck.remove(9)).toBe(false);
    expect(deck.toArray()).toEqual([3, 5, 3]);
    expect(deck.remove(3)).toBe(true);
    expect(deck.toArray()).toEqual([3, 5]);
  });

  it('does not find a card that has left the pile, though the array still holds it past the top', () => {
    const deck = new Deck(4);
    [1, 2, 3].forEach((card) => deck.push(card));
    deck.draw();
    deck.removeAt(0);
    expect(deck.toArray()).toEqual([2]);
    expect([deck.indexOf(3), deck.indexOf(1)]).toEqual([-1, -1]);
    expect(deck.remove(3)).toBe(false);
    expect(deck.toArray()).toEqual([2]);
  });

  it('finds and removes the bottom card', () => {
    const deck = new Deck(2);
    deck.push(4);
    deck.push(5);
    expect(deck.toArray()).toEqual([4, 5]);
    expect(deck.indexOf(4)).toBe(0);
    expect(deck.remove(4)).toBe(true);
    expect(deck.toArray()).toEqual([5]);
  });

  it('shuffles every card of the pile, the top one too', () => {
    const stream = new RandomStream('deck');
    stream.reseed(1);
    const deck = new Deck(4);
    [0, 1, 2, 3].forEach((card) => deck.push(card));
    const tops = new Set<number>();
    for (let i = 0; i < 100; i++) {
      deck.shuffle(stream);
      tops.add(deck.peek());
    }
    expect([...tops].sort()).toEqual([0, 1, 2, 3]);
    expect(deck.toArray().sort()).toEqual([0, 1, 2, 3]);
  });

  it('stacks another pile on top in its order and empties it', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 50 }), { maxLength: 5 }), fc.array(fc.nat({ max: 50 }), { maxLength: 5 }), (below, above) => {
        const [deck, other] = [new Deck(10), new Deck(5)];
        below.forEach((card) => deck.push(card));
        above.forEach((card) => other.push(card));
        deck.stackOnTop(other);
        expect(deck.toArray()).toEqual([...below, ...above]);
        expect(other.size).toBe(0);
      }),
    );
  });
});
