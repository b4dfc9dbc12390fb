import { describe, expect, it } from 'vitest';
import { shownInterval } from '../../src/report/metric-interval.ts';
import { wilson } from '../../src/sim/statistics.ts';
import { metricOf } from './fixtures.ts';

describe('the interval a report shows for a metric (shownInterval)', () => {
  it('one game: its value, no interval, not a rate', () => {
    expect(shownInterval(metricOf([4]))).toEqual({ lo: 4, hi: 4, rateOf: null, none: '1 game', stopsAtZero: false });
  });

  it("a metric of values 0 or c (here 10) in a few games is a rate: Wilson's interval scaled by c", () => {
    const shown = shownInterval(metricOf([0, 0, 10, 10]));
    const rate = wilson(2, 4);
    expect(shown).toEqual({ lo: 10 * rate.lo, hi: 10 * rate.hi, rateOf: 10, none: null, stopsAtZero: false });
  });

  it('a declared rate (rateOf) is one whatever the histogram; with no games there is none', () => {
    expect(shownInterval(metricOf([0, 100, 100], { binWidth: 10, rateOf: 100 })).rateOf).toBe(100);
    expect(shownInterval(metricOf([], { rateOf: 100 })).rateOf).toBeNull();
  });

  it('values 0 and c counted in wider bins are not a rate: a bin of c holds other values the sums cannot rule out', () => {
    expect(shownInterval(metricOf([0, 0, 10, 10], { binWidth: 5 })).rateOf).toBeNull();
  });

  it('a metric 0 in every game is not a rate: a value every game shared, with no interval to claim', () => {
    expect(shownInterval(metricOf([0, 0, 0]))).toMatchObject({ rateOf: null, none: 'every game' });
  });

  it("a count's interval stops at 0, but one of a metric that runs below 0 (a score) keeps its t interval", () => {
    const rare = metricOf([0, 0, 0, 0, 0, 0, 0, 0, 1, 3]);
    expect(rare.lo).toBeLessThan(0);
    expect(shownInterval(rare)).toMatchObject({ lo: 0, stopsAtZero: true });
    const score = metricOf([-1, 0, 0, 0, 0, 0, 0, 0, 1, 3], { min: -10 });
    expect(shownInterval(score)).toMatchObject({ lo: score.lo, stopsAtZero: false });
  });

  it('c in every game is a rate only when the metric runs from 0 to c (its last bin), else a value every game shared', () => {
    expect(shownInterval(metricOf([10, 10, 10], { bins: 11 })).rateOf).toBe(10);
    expect(shownInterval(metricOf([10, 10, 10], { bins: 21 }))).toMatchObject({ rateOf: null, none: 'every game' });
  });

  it('0 and c read from a histogram that starts below 0 (bins found from its min)', () => {
    expect(shownInterval(metricOf([0, 0, 6, 6, 6], { min: -3, bins: 12 })).rateOf).toBe(6);
  });
});
