/** Where a game's dice come from: one of its random streams, or a script in tests. */
export interface DiceSource {
  die(sides: number): number;
}
