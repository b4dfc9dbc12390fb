/**
 * Which games a cell played and which of them it won, one bit per game. Two runs on the same seed play the same game
 * at the same index, so `playsim diff` can compare them game by game with these (a paired comparison), which counts
 * and sums alone cannot. Played games are kept as ranges of indices: tasks play consecutive indices, so a whole run
 * is one range and a shard one range per task it played.
 */

/**
 * A run keeps its game wins when it plans at most this many games over all its cells: 32 MB of bits while it runs,
 * 45 MB of base64 in results.json. Bigger runs keep none (`diff` then compares them as independent samples).
 */
export const MAX_KEPT_GAMES = 2 ** 28;

export interface GameWinsJSON {
  /** Half-open ranges [start, end) of the game indices played, sorted, not overlapping. */
  readonly played: readonly (readonly [number, number])[];
  /** Base64 of one bit per game played, in the order of `played`: the k-th game played is bit k % 8 of byte ⌊k / 8⌋. */
  readonly won: string;
}

/** The 2x2 table of two cells over the games both played, as pairedDifference takes it. */
export interface PairedCounts {
  readonly bothWon: number;
  readonly onlyAWon: number;
  readonly onlyBWon: number;
  readonly neither: number;
}

type Range = [start: number, end: number];

export class GameWins {
  private bits = new Uint8Array(0);
  private readonly ranges: Range[] = [];

  /** One task's wins, one byte (0 or 1) per game from `offset`, packed as bits from the task's first game. */
  static pack(wins: Uint8Array, offset: number, count: number): Uint8Array {
    const packed = new Uint8Array(Math.ceil(count / 8));
    for (let i = 0; i < count; i++) if (wins[offset + i] !== 0) packed[i >> 3] |= 1 << (i & 7);
    return packed;
  }

  /** Records the games start..start+count−1 with their packed wins (as `pack` gives them). */
  addTask(start: number, count: number, packed: Uint8Array): void {
    if (count === 0) return; // a cell whose task was stopped before its first game
    this.addRange(start, start + count);
    for (let i = 0; i < count; i++) if (bitAt(packed, i)) this.setWon(start + i);
  }

  /** Adds another cell's games, which must be other games than this one's (another shard's). */
  merge(other: GameWins): void {
    for (const [start, end] of other.ranges) {
      this.addRange(start, end);
      for (let game = start; game < end; game++) if (other.won(game)) this.setWon(game);
    }
  }

  get games(): number {
    return gamesIn(this.ranges);
  }

  get wins(): number {
    let wins = 0;
    for (const [start, end] of this.ranges) for (let game = start; game < end; game++) if (this.won(game)) wins++;
    return wins;
  }

  /** How often both won, only this one, only the other, or neither, over the game indices both played. */
  pairedWith(other: GameWins): PairedCounts {
    const counts = { bothWon: 0, onlyAWon: 0, onlyBWon: 0, neither: 0 };
    for (const [start, end] of this.ranges) {
      for (const [otherStart, otherEnd] of other.ranges) {
        for (let game = Math.max(start, otherStart); game < Math.min(end, otherEnd); game++) {
          const aWon = this.won(game);
          const bWon = other.won(game);
          if (aWon && bWon) counts.bothWon++;
          else if (aWon) counts.onlyAWon++;
          else if (bWon) counts.onlyBWon++;
          else counts.neither++;
        }
      }
    }
    return counts;
  }

  toJSON(): GameWinsJSON {
    const packed = new Uint8Array(Math.ceil(this.games / 8));
    let played = 0;
    for (const [start, end] of this.ranges) {
      for (let game = start; game < end; game++, played++) if (this.won(game)) packed[played >> 3] |= 1 << (played & 7);
    }
    return { played: this.ranges.map(([start, stop]) => [start, stop] as const), won: Buffer.from(packed).toString('base64') };
  }

  /** Rebuilds toJSON's output; throws an Error saying what is wrong with it. */
  static fromJSON(json: GameWinsJSON): GameWins {
    let last = 0;
    for (const [start, end] of json.played) {
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end <= start || end > MAX_KEPT_GAMES) {
        throw new Error(`played range [${start}, ${end}) is not a range of game indices from 0 to ${MAX_KEPT_GAMES}`);
      }
      if (start < last) throw new Error(`played ranges must be sorted and not overlap; [${start}, ${end}) is not`);
      last = end;
    }
    const games = gamesIn(json.played);
    const packed = Buffer.from(json.won, 'base64');
    if (packed.toString('base64') !== json.won || packed.length !== Math.ceil(games / 8)) {
      throw new Error(`won must be the base64 of ${Math.ceil(games / 8)} bytes (one bit per game played, ${games} games)`);
    }
    if (games % 8 !== 0 && packed[packed.length - 1] >> games % 8 !== 0) throw new Error(`won has bits past its ${games} games`);
    const wins = new GameWins();
    let played = 0;
    for (const [start, end] of json.played) {
      wins.addRange(start, end);
      for (let game = start; game < end; game++, played++) if (bitAt(packed, played)) wins.setWon(game);
    }
    return wins;
  }

  private won(game: number): boolean {
    return bitAt(this.bits, game);
  }

  private setWon(game: number): void {
    this.bits[game >> 3] |= 1 << (game & 7);
  }

  /** Inserts [start, end) in order, joining it to the ranges it touches. */
  private addRange(start: number, end: number): void {
    if (end > MAX_KEPT_GAMES) throw new Error(`game ${end - 1} is past the ${MAX_KEPT_GAMES} games a record keeps`);
    const at = this.ranges.findIndex(([otherStart]) => otherStart >= start);
    const index = at < 0 ? this.ranges.length : at;
    const previous = this.ranges[index - 1];
    const next = this.ranges[index];
    if ((previous !== undefined && previous[1] > start) || (next !== undefined && next[0] < end)) {
      throw new Error(`games ${start} to ${end - 1} overlap games already recorded`);
    }
    const joinsPrevious = previous !== undefined && previous[1] === start;
    const joinsNext = next !== undefined && next[0] === end;
    if (joinsPrevious && joinsNext) this.ranges.splice(index - 1, 2, [previous[0], next[1]]);
    else if (joinsPrevious) previous[1] = end;
    else if (joinsNext) next[0] = start;
    else this.ranges.splice(index, 0, [start, end]);
    this.growTo(end);
  }

  private growTo(games: number): void {
    const bytes = Math.ceil(games / 8);
    if (bytes <= this.bits.length) return;
    const grown = new Uint8Array(Math.max(bytes, 2 * this.bits.length));
    grown.set(this.bits);
    this.bits = grown;
  }
}

/** How many games half-open ranges of game indices hold. */
function gamesIn(ranges: readonly (readonly [number, number])[]): number {
  return ranges.reduce((total, [start, end]) => total + end - start, 0);
}

function bitAt(bytes: Uint8Array, index: number): boolean {
  return ((bytes[index >> 3] ?? 0) & (1 << (index & 7))) !== 0;
}
