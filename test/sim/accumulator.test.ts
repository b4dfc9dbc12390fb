import { deviation, mean } from 'd3-array';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { type GameEngine, METRIC_MISSING, type MetricSpec, OutcomeRecord, playOneGame, type Strategy } from '../../src/core/game.ts';
import { CellAccumulator, PairAccumulator, RawStateError, readingCell } from '../../src/sim/accumulator.ts';
import type { CellRaw } from '../../src/sim/results.ts';
import { meanInterval } from '../../src/sim/statistics.ts';

const OUTCOMES = 3;
const METRICS: readonly MetricSpec[] = [
  { name: 'turns', description: 'turns played', min: 1, max: 20 },
  { name: 'score', description: 'final score', min: 0, max: 100, binWidth: 10 },
  { name: 'lossTurn', description: 'turn of the loss', min: 0, max: 12, binWidth: 5 },
];

function record(outcome: number, metrics: readonly number[]): OutcomeRecord {
  const result = new OutcomeRecord(metrics.length);
  result.outcome = outcome;
  result.metrics.set(metrics);
  return result;
}

function accumulate(records: readonly OutcomeRecord[]): CellAccumulator {
  const cell = new CellAccumulator(OUTCOMES, METRICS);
  for (const r of records) cell.add(r);
  return cell;
}

/** Values inside and outside every metric's range, and missing ones. */
const metricValue = fc.oneof(fc.integer({ min: -50, max: 150 }), fc.constant(METRIC_MISSING));
const recordArb = fc
  .tuple(fc.nat({ max: OUTCOMES - 1 }), fc.array(metricValue, { minLength: METRICS.length, maxLength: METRICS.length }))
  .map(([outcome, metrics]) => record(outcome, metrics));

/** A record stream cut into shards, each with a key that decides the order they are merged in. */
const shardsArb = fc.array(fc.record({ records: fc.array(recordArb, { maxLength: 20 }), key: fc.nat() }), {
  maxLength: 8,
});

describe('CellAccumulator', () => {
  it('lays out fixed bins covering [min, max], binWidth 1 by default', () => {
    const cell = new CellAccumulator(OUTCOMES, METRICS);
    expect(cell.histograms.map((h) => h.length)).toEqual([20, 11, 3]);
    expect(cell.histogramJSON(2)).toEqual({ min: 0, binWidth: 5, counts: [0, 0, 0], below: 0, above: 0 });
  });

  it('counts outcomes, sums metrics, counts values outside the range apart and skips missing values', () => {
    const cell = accumulate([
      record(0, [1, 95, METRIC_MISSING]),
      record(2, [20, 100, 4]),
      record(2, [-7, 250, 13]),
      record(1, [METRIC_MISSING, 9, 5]),
    ]);
    expect(cell.games).toBe(4);
    expect(Array.from(cell.outcomeCounts)).toEqual([1, 1, 2]);
    expect(Array.from(cell.metricCounts)).toEqual([3, 4, 3]);
    expect(Array.from(cell.metricSums)).toEqual([14, 454, 22]);
    expect(Array.from(cell.metricSumSquares)).toEqual([450, 81_606, 210]);
    expect(cell.histogramJSON(0)).toEqual({ min: 1, binWidth: 1, counts: [1, ...Array<number>(18).fill(0), 1], below: 1, above: 0 });
    expect(cell.histogramJSON(1)).toEqual({ min: 0, binWidth: 10, counts: [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1], below: 0, above: 1 });
    expect(cell.histogramJSON(2)).toEqual({ min: 0, binWidth: 5, counts: [1, 1, 1], below: 0, above: 0 });
  });

  it('keeps a value past max in the last bin while the bin reaches it, and counts it above the range past that', () => {
    const withinLastBin = accumulate([record(0, [20, 100, 14])]);
    expect(withinLastBin.histogramJSON(2).counts).toEqual([0, 0, 1]);
    const pastLastBin = accumulate([record(0, [21, 110, 15])]);
    expect([0, 1, 2].map((m) => pastLastBin.histogramJSON(m).above)).toEqual([1, 1, 1]);
    expect([0, 1, 2].flatMap((m) => pastLastBin.histogramJSON(m).counts).every((count) => count === 0)).toBe(true);
  });

  it('gives the mean and sd of the values that applied', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { minLength: 1, maxLength: 100 }), (records) => {
        const cell = accumulate(records);
        METRICS.forEach((_, m) => {
          const applied = records.map((r) => r.metrics[m]!).filter((value) => value !== METRIC_MISSING);
          const interval = meanInterval(cell.metricCounts[m]!, cell.metricSums[m]!, cell.metricSumSquares[m]!);
          expect(interval.n).toBe(applied.length);
          if (applied.length > 0) expect(interval.mean).toBeCloseTo(mean(applied)!, 10);
          if (applied.length > 1) expect(interval.sd).toBeCloseTo(deviation(applied)!, 10);
        });
      }),
    );
  });

  it('merges any split of a stream, in any order and grouping, into exactly what adding it all gives', () => {
    // Every field is an integer count or sum, exact in a double, so addition is associative and commutative.
    fc.assert(
      fc.property(shardsArb, (shards) => {
        const whole = accumulate(shards.flatMap((shard) => shard.records)).toRaw();
        const parts = [...shards].sort((a, b) => a.key - b.key).map((shard) => accumulate(shard.records));

        const leftFold = new CellAccumulator(OUTCOMES, METRICS);
        for (const part of parts) leftFold.merge(part);
        expect(leftFold.toRaw()).toEqual(whole);

        const rightFold = parts.reduceRight((merged, part) => {
          part.merge(merged);
          return part;
        }, new CellAccumulator(OUTCOMES, METRICS));
        expect(rightFold.toRaw()).toEqual(whole);
      }),
    );
  });

  it('round-trips through toRaw, JSON and fromRaw', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 50 }), (records) => {
        const raw = accumulate(records).toRaw();
        const restored = CellAccumulator.fromRaw(JSON.parse(JSON.stringify(raw)), OUTCOMES, METRICS);
        expect(restored.toRaw()).toEqual(raw);
      }),
    );
  });

  it('refuses raw sums of another shape, naming the field', () => {
    const raw = accumulate([record(1, [3, 40, 2])]).toRaw();
    expect(() => CellAccumulator.fromRaw(raw, OUTCOMES + 1, METRICS)).toThrow(
      new RawStateError('outcomeCounts', 'has 3 entries, expected 4 (one per outcome)'),
    );
    expect(() => CellAccumulator.fromRaw(raw, OUTCOMES, METRICS.slice(0, 2))).toThrow('raw.metricCounts: has 3 entries, expected 2 (one per metric)');
    const widerScore = METRICS.map((metric) => (metric.name === 'score' ? { ...metric, max: 120 } : metric));
    expect(() => CellAccumulator.fromRaw(raw, OUTCOMES, widerScore)).toThrow('raw.histograms[1]: has 11 entries, expected 13 (one per bin of "score")');
    expect(() => CellAccumulator.fromRaw({ ...raw, histograms: raw.histograms.slice(1) }, OUTCOMES, METRICS)).toThrow(
      'raw.histograms: has 2 entries, expected 3 (one per metric)',
    );
    expect(() => CellAccumulator.fromRaw({ ...raw, aboveRange: [0, 0] }, OUTCOMES, METRICS)).toThrow('raw.aboveRange: has 2 entries, expected 3 (one per metric)');
  });

  it('refuses a raw state that adding games cannot give, naming the field', () => {
    const raw = accumulate([record(1, [3, 40, 2]), record(0, [4, 50, METRIC_MISSING])]).toRaw();
    const refusal = (changed: Partial<CellRaw>) => () => CellAccumulator.fromRaw({ ...raw, ...changed }, OUTCOMES, METRICS);
    expect(refusal({ outcomeCounts: [1, 2, 0] })).toThrow(new RawStateError('outcomeCounts', 'add up to 3 games, but raw.games is 2'));
    expect(refusal({ metricCounts: [2, 3, 1], histograms: [raw.histograms[0], [0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0], raw.histograms[2]] })).toThrow(
      new RawStateError('metricCounts[1]', '3 values of "score" in 2 games, but a game gives a metric one value at most'),
    );
    expect(refusal({ aboveRange: [0, 1, 0] })).toThrow(
      new RawStateError('histograms[1]', 'counts 3 values of "score" with those below and above its range, but metricCounts[1] is 2'),
    );
    // 40 and 50 have Σx² = 4100; no two whole numbers summing to 90 have a Σx² below 4050.
    expect(refusal({ metricSumSquares: [25, 4049, 4] })).toThrow(
      new RawStateError('metricSumSquares[1]', '4049 is less than metricSums[1]² / metricCounts[1]: no 2 values of "score" have these sums'),
    );
    expect(() => CellAccumulator.fromRaw({ ...raw, metricSumSquares: [25, 4050, 4] }, OUTCOMES, METRICS)).not.toThrow();
    // One value of "lossTurn" summing to 2 has Σx² = 4: 3 is short by a quarter, the least a whole-number state can be.
    expect(refusal({ metricSumSquares: [25, 4100, 3] })).toThrow(
      new RawStateError('metricSumSquares[2]', '3 is less than metricSums[2]² / metricCounts[2]: no 1 values of "lossTurn" have these sums'),
    );
  });

  it('says a raw state error of a results file with the file and the cell', () => {
    const refused = () => readingCell('shard.json', 3, () => CellAccumulator.fromRaw(accumulate([]).toRaw(), OUTCOMES + 1, METRICS));
    expect(refused).toThrow(new InputError('shard.json: field cells[3].raw.outcomeCounts: has 3 entries, expected 4 (one per outcome)'));
  });

  it('passes any other error of a results file on as it was', () => {
    const other = new RangeError('not a raw state error');
    expect(() =>
      readingCell('shard.json', 3, () => {
        throw other;
      }),
    ).toThrow(other);
  });

  it('refuses to merge cells of another shape', () => {
    const cell = new CellAccumulator(OUTCOMES, METRICS);
    const finerScore = METRICS.map((metric) => (metric.name === 'score' ? { ...metric, binWidth: 5 } : metric));
    expect(() => cell.merge(new CellAccumulator(OUTCOMES + 1, METRICS))).toThrow(/different outcomes or metric/);
    expect(() => cell.merge(new CellAccumulator(OUTCOMES, finerScore))).toThrow(/different outcomes or metric/);
    // Bins that line up in number but not in place, or one metric more, would be added into the wrong bins or lost.
    const shiftedTurns = METRICS.map((metric) => (metric.name === 'turns' ? { ...metric, min: 2, max: 21 } : metric));
    const widerScoreBins = METRICS.map((metric) => (metric.name === 'score' ? { ...metric, max: 120, binWidth: 11 } : metric));
    const oneMore = [...METRICS, { name: 'extra', description: 'one metric more', min: 0, max: 1 }];
    for (const metrics of [shiftedTurns, widerScoreBins, oneMore]) {
      expect(() => cell.merge(new CellAccumulator(OUTCOMES, metrics))).toThrow(/different outcomes or metric/);
    }
    // The same min and bin width but another max: more bins (whose counts would be dropped) or fewer (read past the end
    // as NaN), in either order of merging.
    for (const max of [30, 10]) {
      const otherMax = METRICS.map((metric) => (metric.name === 'turns' ? { ...metric, max } : metric));
      expect(() => cell.merge(new CellAccumulator(OUTCOMES, otherMax))).toThrow(/different outcomes or metric/);
      expect(() => new CellAccumulator(OUTCOMES, otherMax).merge(cell)).toThrow(/different outcomes or metric/);
    }
  });

  it('refuses an outcome index outside the declared outcomes', () => {
    expect(() => accumulate([record(OUTCOMES, [1, 1, 1])])).toThrow('outcome index 3 is outside the 3 declared outcomes');
    expect(() => accumulate([record(-1, [1, 1, 1])])).toThrow('outcome index -1 is outside the 3 declared outcomes');
  });

  it('refuses a metric value that is no 32-bit whole number, which a 32-bit record would have cut in silence', () => {
    for (const wrong of [2.5, 2 ** 31, -(2 ** 31) - 1, Number.NaN]) {
      expect(() => accumulate([record(0, [1, wrong, 1])])).toThrow(`metric "score" was ${wrong}: a metric value is a whole number from -2147483647 to 2147483647`);
    }
    const cell = new CellAccumulator(OUTCOMES, METRICS);
    expect(() => cell.add(record(0, [1, 2.5, 1]))).toThrow('metric "score" was 2.5');
    expect([cell.games, cell.outcomeCounts[0], cell.metricCounts[0]]).toEqual([0, 0, 0]); // nothing of the game counted
    const extremes = accumulate([record(0, [1, 2 ** 31 - 1, 1]), record(0, [1, -(2 ** 31) + 1, 1])]);
    expect(Array.from(extremes.metricSums)).toEqual([2, 0, 2]);
  });
});

const CELLS = 4;
const PAIRS = Int32Array.from([0, 1, 0, 2, 3, 1]);
const PAIR_METRICS = 2;

interface Game {
  won: Uint8Array;
  active: Uint8Array;
  /** Cell c's value of metric m at c · PAIR_METRICS + m. */
  metrics: Int32Array;
}

const metricValueArb = fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constant(METRIC_MISSING));
const gameArb: fc.Arbitrary<Game> = fc
  .tuple(
    fc.array(fc.boolean(), { minLength: CELLS, maxLength: CELLS }),
    fc.array(fc.boolean(), { minLength: CELLS, maxLength: CELLS }),
    fc.array(metricValueArb, { minLength: CELLS * PAIR_METRICS, maxLength: CELLS * PAIR_METRICS }),
  )
  .map(([won, active, metrics]) => ({ won: Uint8Array.from(won, Number), active: Uint8Array.from(active, Number), metrics: Int32Array.from(metrics) }));

/** Adds the games as a task does, each game's metric values one after another in one array. */
function accumulatePairs(games: readonly Game[]): PairAccumulator {
  const pairs = new PairAccumulator(PAIRS, PAIR_METRICS);
  const metrics = new Int32Array(games.length * CELLS * PAIR_METRICS);
  games.forEach((game, g) => metrics.set(game.metrics, g * CELLS * PAIR_METRICS));
  games.forEach((game, g) => pairs.addGame(game.won, game.active, metrics, g * CELLS * PAIR_METRICS));
  return pairs;
}

describe('PairAccumulator', () => {
  it('counts the 2x2 table of each pair over the games both cells played', () => {
    fc.assert(
      fc.property(fc.array(gameArb, { maxLength: 60 }), (games) => {
        const json = accumulatePairs(games).toJSON();
        for (let p = 0; p < PAIRS.length / 2; p++) {
          const [a, b] = [PAIRS[2 * p]!, PAIRS[2 * p + 1]!];
          const shared = games.filter((game) => game.active[a] && game.active[b]);
          const count = (aWon: boolean, bWon: boolean): number =>
            shared.filter((game) => Boolean(game.won[a]) === aWon && Boolean(game.won[b]) === bWon).length;
          expect([json.bothWon[p], json.onlyAWon[p], json.onlyBWon[p], json.neither[p]]).toEqual([
            count(true, true),
            count(true, false),
            count(false, true),
            count(false, false),
          ]);
        }
      }),
    );
  });

  it("sums each metric's differences, first cell's value minus second's, over the games both played and both recorded", () => {
    fc.assert(
      fc.property(fc.array(gameArb, { maxLength: 60 }), (games) => {
        const pairs = accumulatePairs(games);
        for (let p = 0; p < PAIRS.length / 2; p++) {
          const [a, b] = [PAIRS[2 * p]!, PAIRS[2 * p + 1]!];
          for (let m = 0; m < PAIR_METRICS; m++) {
            const differences = games
              .filter((game) => game.active[a] && game.active[b])
              .map((game) => [game.metrics[a * PAIR_METRICS + m]!, game.metrics[b * PAIR_METRICS + m]!])
              .filter(([x, y]) => x !== METRIC_MISSING && y !== METRIC_MISSING)
              .map(([x, y]) => x - y);
            expect(pairs.metricSumsOf(p, m)).toEqual({
              n: differences.length,
              sum: differences.reduce((sum, d) => sum + d, 0),
              sumSquares: differences.reduce((sum, d) => sum + d * d, 0),
            });
          }
        }
      }),
    );
  });

  it('merges any split of the games, in any order, into exactly what adding them all gives', () => {
    const shards = fc.array(fc.record({ games: fc.array(gameArb, { maxLength: 20 }), key: fc.nat() }), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(shards, (split) => {
        const whole = accumulatePairs(split.flatMap((shard) => shard.games)).toJSON();
        const merged = new PairAccumulator(PAIRS, PAIR_METRICS);
        for (const shard of [...split].sort((a, b) => a.key - b.key)) merged.merge(accumulatePairs(shard.games));
        expect(merged.toJSON()).toEqual(whole);
      }),
    );
  });

  it('round-trips through JSON', () => {
    fc.assert(
      fc.property(fc.array(gameArb, { maxLength: 60 }), (games) => {
        const json = accumulatePairs(games).toJSON();
        const restored = PairAccumulator.fromJSON(JSON.parse(JSON.stringify(accumulatePairs(games))));
        expect(restored.toJSON()).toEqual(json);
        expect(restored.pairs).toEqual(PAIRS);
      }),
    );
  });

  it('refuses malformed pairs, counts and merges', () => {
    expect(() => new PairAccumulator(Int32Array.from([0, 1, 2]), PAIR_METRICS)).toThrow(/two by two, got 3 entries/);
    const json = accumulatePairs([]).toJSON();
    expect(() => PairAccumulator.fromJSON({ ...json, neither: [0, 0] })).toThrow(
      new InputError('paired neither has 2 entries, expected 3'),
    );
    for (const field of ['bothWon', 'onlyAWon', 'onlyBWon', 'neither', 'metricCounts', 'metricSums', 'metricSumSquares'] as const) {
      const expected = json[field].length;
      expect(() => PairAccumulator.fromJSON({ ...json, [field]: [0, ...json[field]] })).toThrow(
        new InputError(`paired ${field} has ${expected + 1} entries, expected ${expected}`),
      );
    }
    expect(() => accumulatePairs([]).merge(new PairAccumulator(Int32Array.from([0, 1, 0, 2, 1, 3]), PAIR_METRICS))).toThrow(
      /different pairs of cells/,
    );
    expect(() => accumulatePairs([]).merge(new PairAccumulator(Int32Array.from([0, 1, 0, 2, 3, 1, 1, 2]), PAIR_METRICS))).toThrow(
      /different pairs of cells/,
    );
    expect(() => accumulatePairs([]).merge(new PairAccumulator(PAIRS, 3))).toThrow(/of 3 metrics into 2/);
  });
});

/**
 * A worker reuses one OutcomeRecord for every game it plays. An engine that leaves a field unwritten in some game must
 * be refused, not given the value of whichever game the worker played before (which depends on the worker count).
 */
const bestRoll: MetricSpec[] = [{ name: 'best', description: 'best roll', min: 2, max: 12 }];

/** Writes the metric only in games it wins (even seeds), forgetting it on a loss. */
const forgetful: GameEngine<Strategy> = {
  playGame(seed, _strategy, out) {
    out.outcome = seed % 2 === 0 ? 0 : 1;
    if (seed % 2 === 0) out.metrics[0] = 10;
  },
};

/** Writes the metric but never the outcome. */
const noOutcome: GameEngine<Strategy> = {
  playGame(_seed, _strategy, out) {
    out.metrics[0] = 4;
  },
};

const strategy: Strategy = { name: 'any' };

describe('the record of a game', () => {
  it('refuses a metric the engine left unwritten instead of counting the previous game\'s value', () => {
    const record = new OutcomeRecord(1);
    const cell = new CellAccumulator(2, bestRoll);
    playOneGame(forgetful, 2, strategy, record);
    cell.add(record);
    playOneGame(forgetful, 3, strategy, record);
    expect(() => cell.add(record)).toThrow(/metric "best" was NaN.*the game did not write it/);
    expect(cell.metricSums[0]).toBe(10);
  });

  it('refuses an outcome the engine left unwritten', () => {
    const record = new OutcomeRecord(1);
    record.outcome = 1; // the previous game's
    playOneGame(noOutcome, 1, strategy, record);
    expect(() => new CellAccumulator(2, bestRoll).add(record)).toThrow(/outcome index -1 .*the game wrote no outcome/);
  });
});
