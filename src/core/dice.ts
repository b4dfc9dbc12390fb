import type { RandomStream } from './rng.ts';

/** Where a game's dice come from: one of its random streams, or a script in tests. */
export interface DiceSource {
  die(sides: number): number;
}

/** Sum of `count` six-sided dice. */
export function rollSum(stream: RandomStream, count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) total += stream.die(6);
  return total;
}

/** Exact probability that the sum of two six-sided dice is strictly greater than `target`. */
export function probability2d6Above(target: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b > target) ways++;
  return ways / 36;
}
