import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameWins, type GameWinsJSON, MAX_KEPT_GAMES } from '../../src/sim/game-wins.ts';

/** One byte (0 or 1) per game, as a worker holds them. */
function bytes(wins: readonly boolean[]): Uint8Array {
  return Uint8Array.from(wins, (won) => (won ? 1 : 0));
}

/** A cell that played games start..start+wins.length−1, recorded as one task. */
function played(start: number, wins: readonly boolean[]): GameWins {
  const cell = new GameWins();
  cell.addTask(start, wins.length, GameWins.pack(bytes(wins), 0, wins.length));
  return cell;
}

/** Per-game wins cut into consecutive tasks; each task has a key that decides the order it arrives in. */
const tasksArb = fc.array(fc.record({ wins: fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }), key: fc.nat() }), { minLength: 1, maxLength: 10 });

function withStarts(tasks: readonly { wins: boolean[]; key: number }[]) {
  let start = 0;
  return tasks.map((task) => {
    const placed = { ...task, start };
    start += task.wins.length;
    return placed;
  });
}

describe('GameWins', () => {
  it('packs a task from its offset in the worker buffer, bit i of byte i / 8', () => {
    const buffer = bytes([true, true, false, true, false, false, false, false, false, true, true]);
    expect(Array.from(GameWins.pack(buffer, 1, 10))).toEqual([0b00000101, 0b00000011]);
  });

  it('gives the same record however tasks arrive and shards are merged, equal to one task of every game', () => {
    fc.assert(
      fc.property(tasksArb, fc.integer({ min: 1, max: 4 }), (tasks, shardCount) => {
        const placed = withStarts(tasks);
        const all = placed.flatMap((task) => task.wins);
        const shards = Array.from({ length: shardCount }, () => new GameWins());
        [...placed].sort((a, b) => a.key - b.key).forEach((task) => {
          shards[task.key % shardCount].addTask(task.start, task.wins.length, GameWins.pack(bytes(task.wins), 0, task.wins.length));
        });
        const merged = new GameWins();
        for (const shard of shards) merged.merge(GameWins.fromJSON(JSON.parse(JSON.stringify(shard))));
        expect(merged.toJSON()).toEqual(played(0, all).toJSON());
        expect(merged.toJSON().played).toEqual([[0, all.length]]);
        expect([merged.games, merged.wins]).toEqual([all.length, all.filter(Boolean).length]);
      }),
    );
  });

  it('counts the 2x2 table over the games both cells played, as a game-by-game count does', () => {
    const cellArb = fc.record({ start: fc.nat({ max: 40 }), wins: fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }) });
    fc.assert(
      fc.property(cellArb, cellArb, (a, b) => {
        const expected = { bothWon: 0, onlyAWon: 0, onlyBWon: 0, neither: 0 };
        for (let game = Math.max(a.start, b.start); game < Math.min(a.start + a.wins.length, b.start + b.wins.length); game++) {
          const [aWon, bWon] = [a.wins[game - a.start], b.wins[game - b.start]];
          if (aWon && bWon) expected.bothWon++;
          else if (aWon) expected.onlyAWon++;
          else if (bWon) expected.onlyBWon++;
          else expected.neither++;
        }
        expect(played(a.start, a.wins).pairedWith(played(b.start, b.wins))).toEqual(expected);
      }),
    );
  });

  it('pairs only the games both played when a cell has gaps (a stopped run, a shard)', () => {
    const gappy = new GameWins();
    gappy.addTask(0, 4, GameWins.pack(bytes([true, true, false, false]), 0, 4));
    gappy.addTask(8, 4, GameWins.pack(bytes([true, false, true, false]), 0, 4));
    expect(gappy.toJSON().played).toEqual([[0, 4], [8, 12]]);
    const whole = played(0, Array.from({ length: 12 }, () => true));
    expect(gappy.pairedWith(whole)).toEqual({ bothWon: 4, onlyAWon: 0, onlyBWon: 4, neither: 0 });
  });

  it('records nothing for a task stopped before its first game, and still reads back what it wrote', () => {
    const cell = played(0, [true, false]);
    cell.addTask(10, 0, new Uint8Array(0));
    expect(cell.toJSON().played).toEqual([[0, 2]]);
    expect(GameWins.fromJSON(cell.toJSON()).games).toBe(2);
  });

  it('stores one bit per game played, however far apart the games are (a shard of a big run)', () => {
    const shard = new GameWins();
    shard.addTask(0, 8, GameWins.pack(bytes([true, false, false, false, false, false, false, true]), 0, 8));
    shard.addTask(1_000_000, 8, GameWins.pack(bytes([false, true, false, false, false, false, false, false]), 0, 8));
    const json = shard.toJSON();
    expect(Array.from(Buffer.from(json.won, 'base64'))).toEqual([0b10000001, 0b00000010]);
    expect(GameWins.fromJSON(json).pairedWith(shard)).toEqual({ bothWon: 3, onlyAWon: 0, onlyBWon: 0, neither: 13 });
  });

  it('refuses games past the ones a record keeps', () => {
    expect(() => new GameWins().addTask(MAX_KEPT_GAMES - 4, 8, new Uint8Array(1))).toThrow(`game ${MAX_KEPT_GAMES + 3} is past the ${MAX_KEPT_GAMES} games a record keeps`);
  });

  it('refuses games recorded twice', () => {
    const cell = played(10, [true, false, true]);
    expect(() => cell.addTask(12, 2, new Uint8Array(1))).toThrow('games 12 to 13 overlap games already recorded');
    expect(() => cell.merge(played(0, Array.from({ length: 11 }, () => false)))).toThrow('games 0 to 10 overlap');
  });

  it('refuses a malformed record, saying what is wrong', () => {
    const good = played(0, [true, false, false, true, true, false, true, false, true]).toJSON();
    const bad = (json: Partial<GameWinsJSON>) => () => GameWins.fromJSON({ ...good, ...json });
    expect(bad({ played: [[3, 3]] })).toThrow(`played range [3, 3) is not a range of game indices from 0 to ${MAX_KEPT_GAMES}`);
    expect(bad({ played: [[-1, 9]] })).toThrow('is not a range of game indices');
    expect(bad({ played: [[0, 1e12]] })).toThrow('is not a range of game indices');
    expect(bad({ played: [[0.5, 9]] })).toThrow('is not a range of game indices');
    expect(bad({ played: [[0, 9.5]] })).toThrow('is not a range of game indices');
    expect(bad({ played: [[4, 9], [0, 2]] })).toThrow('must be sorted and not overlap; [0, 2) is not');
    expect(bad({ played: [[0, 5], [4, 9]] })).toThrow('must be sorted and not overlap; [4, 9) is not');
    expect(bad({ won: 'AAAA' })).toThrow('won must be the base64 of 2 bytes (one bit per game played, 9 games)');
    expect(bad({ won: '!!' })).toThrow('won must be the base64 of 2 bytes');
    // Base64 whose last character carries bits no byte holds: it reads as two bytes, but is no record's writing.
    expect(Buffer.from('SQB=', 'base64')).toHaveLength(2);
    expect(bad({ won: 'SQB=' })).toThrow('won must be the base64 of 2 bytes');
    expect(bad({ won: Buffer.from([0xff, 0x03]).toString('base64') })).toThrow('won has bits past its 9 games');
    expect(GameWins.fromJSON(good).toJSON()).toEqual(good);
    const last = { played: [[MAX_KEPT_GAMES - 8, MAX_KEPT_GAMES]], won: Buffer.from([1]).toString('base64') } satisfies GameWinsJSON;
    expect(GameWins.fromJSON(last).toJSON()).toEqual(last);
  });
});
