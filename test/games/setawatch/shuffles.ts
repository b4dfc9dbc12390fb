import { SHUFFLE_DEPTH, type SetawatchState } from '../../../src/games/setawatch/state.ts';

/** The shuffles a card's position is lost in, oldest first ([] when the party knows where it lies). */
export function shufflesOf(state: SetawatchState, card: number): number[] {
  return Array.from(state.cardShuffles.subarray(card * SHUFFLE_DEPTH, (card + 1) * SHUFFLE_DEPTH)).filter((shuffle) => shuffle !== 0);
}

/** The last shuffle that lost the card's position, 0 when the party knows where it lies. */
export function latestShuffle(state: SetawatchState, card: number): number {
  return shufflesOf(state, card).at(-1) ?? 0;
}

/** The card's shuffles become `shuffles` (oldest first). */
export function setShuffles(state: SetawatchState, card: number, shuffles: number[]): void {
  if (shuffles.length > SHUFFLE_DEPTH) throw new Error(`a card holds at most ${SHUFFLE_DEPTH} shuffles, not ${shuffles.length}`);
  state.cardShuffles.fill(0, card * SHUFFLE_DEPTH, (card + 1) * SHUFFLE_DEPTH);
  state.cardShuffles.set(shuffles, card * SHUFFLE_DEPTH);
}
