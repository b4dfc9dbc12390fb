import { describe, expect, it } from 'vitest';
import { OutcomeRecord, winCount, winMask } from '../../src/core/game.ts';
import { CellAccumulator } from '../../src/sim/accumulator.ts';
import { cellResult } from '../../src/sim/summarize.ts';
import kyros from '../../src/games/kyros/index.ts';
import coin from '../fixtures/games/coin.ts';

describe('what counts as a win', () => {
  it('is the win outcome alone by default', () => {
    expect(Array.from(winMask({ outcomes: ['won', 'lost', 'draw'], winOutcome: 'won' }))).toEqual([1, 0, 0]);
  });

  it('is any of the winning outcomes when a game declares several', () => {
    const mask = winMask({ outcomes: ['seat1', 'seat2', 'unfinished'], winOutcome: 'allLiberated', winningOutcomes: ['seat1', 'seat2'] });
    expect(Array.from(mask)).toEqual([1, 1, 0]);
    expect(winCount(mask, [30, 50, 20])).toBe(80);
  });

  it("gives a cell's win rate over every winning outcome (Kyros: any seat liberating the last town)", () => {
    expect(Array.from(winMask(kyros))).toEqual([1, 1, 1, 1, 1, 1, 0]);
    const accumulator = new CellAccumulator(kyros.outcomes.length, kyros.metrics);
    accumulator.games = 100;
    accumulator.outcomeCounts.set([20, 30, 10, 0, 0, 0, 40]);
    const cell = cellResult(kyros, 0, { params: {}, strategy: 'greedy' } as never, accumulator, true, null);
    expect(cell.win.rate).toBeCloseTo(0.6, 12);
    expect(cell.outcomes.unfinished.rate).toBeCloseTo(0.4, 12);
  });

  it("marks a metric declared a rate as one only while its values are 0 or the rate's value", () => {
    const firstAttackWon = kyros.metrics.findIndex((metric) => metric.name === 'firstAttackWon');
    const cellOf = (values: number[], game = kyros) => {
      const accumulator = new CellAccumulator(game.outcomes.length, game.metrics);
      const record = new OutcomeRecord(game.metrics.length);
      for (const value of values) {
        record.metrics[firstAttackWon] = value;
        accumulator.add(record);
      }
      return cellResult(game, 0, { params: {}, strategy: 'greedy' } as never, accumulator, true, null).metrics.firstAttackWon;
    };
    expect(cellOf([0, 100, 100, 0]).rateOf).toBe(100);
    expect(cellOf([0, 0, 0]).rateOf).toBe(100);
    expect(cellOf([0, 100, 40]).rateOf).toBeUndefined();
    // 120 lies in the last bin, [100, 150), not past it, and 0, 40, 120 meet Σx² = c·Σx by coincidence (16000 = 100·160).
    expect(cellOf([0, 40, 120]).rateOf).toBeUndefined();
    // With bins of 4, 120 lies past the last bin and −20 below the first: still no rate (2000 = 100·20 for −20, 40).
    const binsOf4 = { ...kyros, metrics: kyros.metrics.map((metric) => (metric.name === 'firstAttackWon' ? { ...metric, binWidth: 4 } : metric)) };
    expect(cellOf([0, 100, 100, 0], binsOf4).rateOf).toBe(100);
    expect(cellOf([0, 40, 120], binsOf4).rateOf).toBeUndefined();
    expect(cellOf([-20, 40], binsOf4).rateOf).toBeUndefined();
    // A value past c inside c's bin: 101, with 0s making Σx² = c·Σx fail, and Σx = c·k failing where it alone would hold.
    expect(cellOf([0, 101], binsOf4).rateOf).toBeUndefined();
    // Σx = c·k alone is met by −20, 20, 100.
    expect(cellOf([-20, 20, 100]).rateOf).toBeUndefined();
    expect(kyros.metrics.filter((metric) => metric.rateOf !== undefined).map((metric) => metric.name)).toEqual(['firstAttackWon']);
  });

  it('keeps a single-outcome game as it was', () => {
    expect(Array.from(winMask(coin))).toEqual(coin.outcomes.map((name) => (name === coin.winOutcome ? 1 : 0)));
  });
});
