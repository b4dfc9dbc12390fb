import { describe, expect, it } from 'vitest';
import { comparisonLabel, meanDigits, meanDigitsWithin, meanWithCi, percentWithCi, provenanceStatement, variedSettings } from '../../src/report/format.ts';
import type { PairedComparison, ResultsFile } from '../../src/sim/results.ts';
import { wilson } from '../../src/sim/statistics.ts';
import { loadResults, metricOf, withProvenance, withStrategiesChosen } from './fixtures.ts';

const grid = loadResults('necreaux-speed');
const chosen = withStrategiesChosen(grid);

/** A comparison of the cells with these settings (speed, agents), varying `varied`. */
function comparing(results: ResultsFile, varied: string, [speedA, agentsA]: number[], [speedB, agentsB]: number[]): PairedComparison {
  const id = (speed: number, agents: number) => results.cells.find((cell) => cell.params.speed === speed && cell.params.agents === agents)!.id;
  return { ...grid.comparisons[0], a: id(speedA, agentsA), b: id(speedB, agentsB), varied };
}

describe('the comparison labels', () => {
  it('name what differs, then what the two cells share among the varied settings', () => {
    expect(comparisonLabel(grid, comparing(grid, 'speed', [6, 2], [5, 2]))).toBe('speed=6 vs speed=5 (agents=2)');
    const speedOnly = { ...grid, experiment: { ...grid.experiment, varied: ['speed'] } };
    expect(comparisonLabel(speedOnly, comparing(grid, 'speed', [6, 2], [5, 2]))).toBe('speed=6 vs speed=5');
  });

  it("name two specs of one strategy by the strategy's name, unless the strategy is what they compare", () => {
    expect(comparisonLabel(chosen, comparing(chosen, 'speed', [6, 2], [5, 2]))).toBe('speed=6 vs speed=5 (agents=2, strategy=fixed-speed)');
    expect(comparisonLabel(chosen, comparing(chosen, 'strategy', [6, 2], [5, 2]))).toBe('strategy=fixed-speed:speed=6 vs strategy=fixed-speed:speed=5 (agents=2)');
  });

  it('refuse a comparison of a cell the results do not have', () => {
    expect(() => comparisonLabel(grid, { ...grid.comparisons[0], b: 99 })).toThrow('results: comparison refers to unknown cell 99');
  });

  it('leave "strategy" out of the varied settings, which the tables show in a column of their own', () => {
    expect(variedSettings(chosen)).toEqual(['speed', 'agents']);
  });
});

describe('the provenance statement', () => {
  it('warns of estimates only when some cards are estimated', () => {
    expect(provenanceStatement(withProvenance(grid, { printed: 102, estimated: 0 }))).toBe('102 printed, 0 estimated');
    expect(provenanceStatement(withProvenance(grid, { printed: 101, estimated: 1 }))).toBe('101 printed, 1 estimated — estimates are not printed values');
  });
});

describe('the numbers', () => {
  it("give a rate the decimals its interval needs, from the interval's width and not its place", () => {
    // A million games at 75%: ±0.08 pp, which one decimal would show as [74.9, 75.1].
    expect(percentWithCi(wilson(750_000, 1_000_000))).toBe('75.00% [74.92, 75.08]');
  });

  it('show a dash for a metric no game recorded', () => {
    expect(meanWithCi(metricOf([]))).toBe('—');
  });

  it("show a rate in disguise with two decimals below c = 10 and one from it", () => {
    expect(meanWithCi(metricOf([0, 0, 9, 9]))).toMatch(/^4\.50 \[\d\.\d\d, \d\.\d\d\]$/);
    expect(meanWithCi(metricOf([0, 0, 10, 10]))).toMatch(/^5\.0 \[\d\.\d, \d\.\d\]$/);
  });

  it('show a mean with one decimal below 100 and none from it, and more where its interval needs them', () => {
    expect([meanDigits(99.9), meanDigits(100), meanDigits(-100)]).toEqual([1, 0, 0]);
    expect([meanDigitsWithin(5, 0), meanDigitsWithin(5, 0.03), meanDigitsWithin(150, 2), meanDigitsWithin(150, 0.5)]).toEqual([1, 2, 0, 1]);
  });
});
