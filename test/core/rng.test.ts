import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameRandom, RandomStream, gameSeed } from '../../src/core/rng.ts';

describe('seeded random streams', () => {
  it('derive a game seed from (run seed, game index) alone, as a safe integer', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (run, index) => {
        const seed = gameSeed(run, index);
        expect(Number.isSafeInteger(seed)).toBe(true);
        expect(gameSeed(run, index)).toBe(seed);
      }),
    );
    const seeds = new Set(Array.from({ length: 100_000 }, (_, index) => gameSeed(1, index)));
    expect(seeds.size).toBe(100_000);
  });

  it('replay the same numbers for the same game seed, whatever else was drawn before', () => {
    const stream = new RandomStream('dice');
    stream.reseed(42);
    const first = Array.from({ length: 20 }, () => stream.die(6));
    stream.reseed(7);
    stream.float();
    stream.reseed(42);
    expect(Array.from({ length: 20 }, () => stream.die(6))).toEqual(first);
  });

  it('give each named stream its own numbers, independent of declaration order', () => {
    const ab = new GameRandom(['deck', 'dice'] as const);
    const ba = new GameRandom(['dice', 'deck'] as const);
    ab.reseed(5);
    ba.reseed(5);
    const deck = Array.from({ length: 10 }, () => ab.streams.deck.float());
    expect(Array.from({ length: 10 }, () => ba.streams.deck.float())).toEqual(deck);
    expect(Array.from({ length: 10 }, () => ab.streams.dice.float())).not.toEqual(deck);
  });

  it('roll fair dice and shuffle into permutations', () => {
    const stream = new RandomStream('fairness');
    stream.reseed(1);
    const counts = new Array(7).fill(0);
    for (let i = 0; i < 60_000; i++) counts[stream.die(6)]++;
    for (let face = 1; face <= 6; face++) expect(Math.abs(counts[face] - 10_000)).toBeLessThan(400); // > 4 sd
    const items = Int16Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
    stream.shuffle(items, 2, 6);
    expect(Array.from(items.subarray(0, 2))).toEqual([0, 1]);
    expect(Array.from(items.subarray(6))).toEqual([6, 7]);
    expect(Array.from(items).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
