import { describe, expect, it } from 'vitest';
import { levelPercent, meanDifferenceWithCi, percentagePointsWithCi, percentWithCi } from '../../src/report/format.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { bonferroniLevel, pairedDifference, wilson } from '../../src/sim/statistics.ts';
import type { MetricResult } from '../../src/sim/results.ts';
import { loadResults, numberedMetrics, withGameWins, withMetricNames, withPrintedContentOnly, withProvenance, withStrategiesChosen } from './fixtures.ts';

const grid = loadResults('necreaux-speed');
const single = loadResults('necreaux-single');

describe('summaryMarkdown', () => {
  const summary = summaryMarkdown(grid);
  const lines = summary.split('\n');

  it('heads the run with its experiment, game, seed, size, completeness and content', () => {
    expect(lines.slice(0, 4)).toEqual(['# Necreaux: speed against team size', '', 'How much harder each point of necro speed makes the game, by number of agents.', '']);
    expect(summaryMarkdown(single).split('\n').slice(0, 3)).toEqual(['# Necreaux: standard game', '', '- **experiment:** necreaux-single']);
    expect(summary).toContain('- **experiment:** necreaux-speed');
    expect(summary).toContain('- **game:** necreaux');
    expect(summary).toContain('- **seed:** 20240611');
    expect(summary).toContain('- **games per cell:** 2,000');
    expect(summary).toContain('- **complete:** yes');
    expect(summary).toContain(
      '- **content:** content/necreaux/cards.yaml: 14 rulebook, 88 estimated — estimates are not printed values',
    );
  });

  it('names the settings every cell shares, and not the ones the grid varies', () => {
    expect(summary).toContain('- **settings:** difficulty=standard, vigilance=false\n');
    expect(summaryMarkdown(single)).toContain('- **settings:** speed=6, agents=3, difficulty=standard, vigilance=false\n');
  });

  it('has a row per cell with win, outcome and metric columns, every rate with its 95% CI', () => {
    expect(summary).toContain(
      '| speed | agents | strategy | games | win % [95% CI] | overrun % [95% CI] | exhausted % [95% CI] | turn-limit % [95% CI] | score (mean ± CI) | turns (mean ± CI) | lossTurn (mean ± CI) |\n' +
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n',
    );
    // Wilson intervals of 246, 169 and 81 games in 2,000.
    expect(summary).toContain('| 5 | 2 | greedy | 2,000 | 75.2% [73.3, 77.0] | 12.3% [10.9, 13.8] | 8.5% [7.3, 9.8] | 4.0% [3.3, 5.0] | 36.3 ± 0.4 |');
    expect(lines.filter((line) => line.startsWith('| ') && line.includes(' | greedy | '))).toHaveLength(grid.cells.length);
  });

  it('says which metrics are averaged over fewer games than the cell played, under the cell table', () => {
    const note = "lossTurn is averaged over the games that record it, fewer than a cell's games";
    expect(summary).toMatch(new RegExp(`\\|\n\n${note}.*\n\n## Paired comparisons`));
    const everyGame = grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, lossTurn: { ...cell.metrics.lossTurn, n: cell.games } } }));
    expect(summaryMarkdown({ ...grid, cells: everyGame })).not.toContain('averaged over the games that record');
  });

  it('shows every metric in a table of its own only when the cell table cannot hold them all', () => {
    expect(summary).not.toContain('## All metrics');
    const wider = withMetricNames(grid, [...grid.metricNames, 'rounds']);
    const cells = wider.cells.map((cell, index) => ({ ...cell, metrics: { ...cell.metrics, rounds: { ...cell.metrics.turns, mean: 10 + index } } }));
    const text = summaryMarkdown({ ...wider, cells });
    expect(text).toContain('## All metrics (mean ± 95% CI)\n\n| speed | agents | strategy | score | turns | lossTurn | rounds |');
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| 36\.3 ± 0\.4 \| .* \| 10\.0 ± [\d.]+ \|$/m);
    expect(text.indexOf('## All metrics')).toBeLessThan(text.indexOf('## Paired comparisons'));
  });

  it('gives the outcomes a table of their own, in tables of at most 6, when there are more than 4 besides the win (Doomed Run has 9)', () => {
    expect(summary).not.toContain('## All outcomes');
    const extra = Array.from({ length: 6 }, (_, index) => `late${index + 1}`);
    const outcomeNames = [...grid.outcomeNames, ...extra];
    const cells = grid.cells.map((cell) => ({ ...cell, outcomes: { ...cell.outcomes, ...Object.fromEntries(extra.map((name) => [name, wilson(0, cell.games)])) } }));
    const text = summaryMarkdown({ ...grid, outcomeNames, cells });
    expect(text).toContain('| speed | agents | strategy | games | win % [95% CI] | score (mean ± CI) | turns (mean ± CI) | lossTurn (mean ± CI) |');
    const section = text.slice(text.indexOf('## All outcomes (% of games [95% CI])'), text.indexOf('## Paired comparisons'));
    const headers = section.split('\n').filter((line) => line.startsWith('| speed |'));
    expect(headers).toEqual(['| speed | agents | strategy | overrun | exhausted | turn-limit | late1 | late2 | late3 |', '| speed | agents | strategy | late4 | late5 | late6 |']);
    expect(section).toContain('| 5 | 2 | greedy | 12.3% [10.9, 13.8] | 8.5% [7.3, 9.8] | 4.0% [3.3, 5.0] | 0.00% [0.00, 0.19] |');
    expect(text.indexOf('## Cells')).toBeLessThan(text.indexOf('## All outcomes'));
    expect(text.indexOf('## All outcomes')).toBeLessThan(text.indexOf('## Paired comparisons'));
  });

  it('splits the metrics into tables of at most 12, each metric once, in order (Doomed Run has 35)', () => {
    const metricNames = numberedMetrics(26);
    const text = summaryMarkdown(withMetricNames(grid, metricNames));
    const section = text.slice(text.indexOf('## All metrics'), text.indexOf('## Paired comparisons'));
    const headers = section.split('\n').filter((line) => line.startsWith('| speed |'));
    expect(headers.map((line) => line.split(' | ').length - 3)).toEqual([12, 12, 2]);
    expect(headers.flatMap((line) => line.slice(0, -2).split(' | ').slice(3))).toEqual(metricNames);
    expect(section.split('\n').filter((line) => line.startsWith('| 5 | 2 | greedy |'))).toHaveLength(3);
  });

  it('shows a metric that is a rate in disguise (0 or c in every game) with the bounds of its Wilson interval', () => {
    const metric = (mean: number, counts: number[]) => ({ mean, sd: 0, n: 2000, lo: mean, hi: mean, histogram: { min: 0, binWidth: 50, counts, below: 0, above: 0 }, rateOf: 100 });
    const rows = (score: MetricResult) => summaryMarkdown({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, score } })) });
    expect(rows(metric(100, [0, 0, 2000]))).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 100\.0 \[99\.8, 100\.0\] \|/m);
    expect(rows({ ...metric(98.5, [30, 0, 1970]), sd: Math.sqrt((1970 * 10000 - 2000 * 98.5 * 98.5) / 1999) })).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 98\.5 \[97\.9, 98\.9\] \|/m);
    // Values outside the histogram's range could be anything: the metric is not shown as a rate.
    const pastRange = { ...metric(100, [0, 0, 1999]), rateOf: undefined, sd: 1, lo: 99.956, hi: 100.044, histogram: { min: 0, binWidth: 1, counts: Array.from({ length: 101 }, (_, value) => (value === 100 ? 1999 : 0)), below: 0, above: 1 } };
    expect(rows(pastRange)).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 100\.00 ± 0\.04 \|/m);
    // Bins of 5 hold 0 and 1-4 alike: 1, 1, 1, 3 (Σx² = 2·Σx) is not a rate of 2 unless its game declares one.
    const wideBins = { mean: 1.5, sd: 1, n: 4, lo: -0.09, hi: 3.09, histogram: { min: 0, binWidth: 5, counts: [4, 0], below: 0, above: 0 } };
    expect(rows(wideBins)).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 1\.5 \[0\.0, 3\.1\] \|/m);
    // 0 or 1 (3 games of 20): two decimals, or the mean would look like its own lower bound (0.1 [0.1, 0.4]).
    const once = { mean: 0.15, sd: Math.sqrt((3 - 20 * 0.15 * 0.15) / 19), n: 20, lo: -0.02, hi: 0.32, histogram: { min: 0, binWidth: 1, counts: [17, 3, 0], below: 0, above: 0 } };
    expect(rows(once)).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 0\.15 \[0\.05, 0\.36\] \|/m);
  });

  it('shows the interval of a count from 0 where its t interval reaches below 0, which no mean of its games can', () => {
    const rows = (score: MetricResult) => summaryMarkdown({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, score } })) });
    // 2 deaths and 1 in 150 games: mean 0.02, t interval [-0.004, 0.044].
    const deaths = { mean: 0.02, sd: 0.14, n: 150, lo: -0.004, hi: 0.044, histogram: { min: 0, binWidth: 1, counts: [148, 1, 1], below: 0, above: 0 } };
    expect(rows(deaths)).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 0\.02 \[0\.00, 0\.04\] \|/m);
    // A game below the histogram's range (which starts at 0): the metric may be negative, and keeps its t interval.
    expect(rows({ ...deaths, histogram: { ...deaths.histogram, counts: [147, 1, 1], below: 1 } })).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 0\.02 ± 0\.02 \|/m);
  });

  it('shows a value every game shared without an interval, which the games give no spread for', () => {
    const zero = { mean: 0, sd: 0, n: 2000, lo: 0, hi: 0, histogram: { min: 0, binWidth: 50, counts: [2000, 0, 0], below: 0, above: 0 } };
    const text = summaryMarkdown({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, score: zero } })) });
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 0\.0 \(every game\) \|/m);
    expect(text).not.toMatch(/± 0\.0 \|/);
  });

  it('shows a value every game shared as that value, not as a rate, unless its game declares it from 0 to that value', () => {
    // 4 liberations in every game (of 0 to 7): no rate of 4 whose games all hit, so no interval reaching down to 3.x.
    const four = { mean: 4, sd: 0, n: 2000, lo: 4, hi: 4, histogram: { min: 0, binWidth: 1, counts: [0, 0, 0, 0, 2000, 0, 0, 0], below: 0, above: 0 } };
    const text = summaryMarkdown({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, score: four } })) });
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 4\.0 \(every game\) \|/m);
    // The top of a metric that cannot be 0 (Realm 4 of 1 to 4), the same.
    const rounds = { ...four, histogram: { min: 1, binWidth: 1, counts: [0, 0, 0, 20], below: 0, above: 0 } };
    expect(summaryMarkdown({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, score: rounds } })) })).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 4\.0 \(every game\) \|/m);
  });

  it('says how many games shared a value when they are fewer than the cell played', () => {
    // A round of loss in the 4 games of 2,000 a cell lost, every one in round 9.
    const nine = { mean: 9, sd: 0, n: 4, lo: 9, hi: 9, histogram: { min: 1, binWidth: 1, counts: [0, 0, 0, 0, 0, 0, 0, 0, 4], below: 0, above: 0 } };
    const text = summaryMarkdown({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, score: nine } })) });
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 9\.0 \(every one of 4 games\) \|/m);
  });

  it('shows an interval too narrow for the usual decimal with as many more as its first significant digit needs', () => {
    const narrow = { mean: 4.02, sd: 0.3, n: 20000, lo: 4.0158, hi: 4.0242, histogram: { min: 3, binWidth: 1, counts: [1800, 16000, 2200], below: 0, above: 0 } };
    const text = summaryMarkdown({ ...grid, cells: grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, score: narrow } })) });
    expect(text).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 4\.020 ± 0\.004 \|/m);
  });

  it("shows one game's mean without an interval, which one game cannot give", () => {
    const cells = grid.cells.map((cell) => ({ ...cell, metrics: { ...cell.metrics, score: { ...cell.metrics.score, mean: 5, lo: 5, hi: 5, sd: 0, n: 1 } } }));
    expect(summaryMarkdown({ ...grid, cells })).toMatch(/^\| 5 \| 2 \| greedy \| .* \| 5\.0 \(1 game\) \|/m);
  });

  it('lists the paired comparisons and says which are significant', () => {
    expect(summary).toContain('13 of 17 comparisons are significant (95% CI excludes 0); about 0.8 would be by chance alone if no setting mattered.');
    expect(summary).toContain("A win-rate difference's interval is Tango's score interval for paired proportions, over the games both cells played.");
    expect(summary).toContain('| speed=6 vs speed=5 (agents=2) | 2,000 | -10.3 pp [-12.1, -8.5] | yes |');
    expect(summary).toContain('| agents=4 vs agents=3 (speed=5) | 2,000 | +0.7 pp [-0.2, 1.6] | no |');
  });

  it("shows each comparison's paired differences in the headline metrics, and says what they are", () => {
    expect(summary).toContain('| comparison | games | win-rate difference [95% CI] | significant | score difference (mean ± CI) | turns difference (mean ± CI) | lossTurn difference (mean ± CI) |');
    const first = grid.comparisons.find((comparison) => comparison.varied === 'speed')!;
    const shown = ['score', 'turns', 'lossTurn'].map((name) => meanDifferenceWithCi(first.metrics![name], first.games)).join(' | ');
    expect(summary).toContain(`| speed=6 vs speed=5 (agents=2) | 2,000 | -10.3 pp [-12.1, -8.5] | yes | ${shown} |`);
    // lossTurn is recorded only in lost games: its difference is over the games both cells lost, fewer than 2,000.
    expect(shown).toMatch(/ \| [-+]?\d+\.\d+ ± \d+\.\d+ \(\d{3} games\)$/);
    expect(summary).toContain("A metric's difference is the first cell's value minus the second's, game by game on the same seeds, averaged over the games both played and both recorded it in");
    expect(summary).toContain('Each interval is at 95% on its own: of the 51 metric differences, about 2.5 would exclude 0 by chance alone if no setting mattered.');
    expect(summary).not.toContain('## All metric differences');
  });

  it('shows no metric differences for results of a playsim that did not record them (before 0.9.0)', () => {
    const older = { ...grid, tool: { ...grid.tool, version: '0.8.0' }, comparisons: grid.comparisons.map(({ metrics, raw, ...comparison }) => comparison) };
    const text = summaryMarkdown(older);
    expect(text).toContain('| comparison | games | win-rate difference [95% CI] | significant |\n');
    expect(text).not.toContain('difference (mean ± CI)');
    expect(text).not.toContain("A metric's difference");
  });

  it('shows every metric difference in tables of at most 12 when the comparisons table cannot hold them all', () => {
    const metricNames = numberedMetrics(14);
    const wide = withMetricNames(grid, metricNames);
    const comparisons = wide.comparisons.map((comparison) => ({ ...comparison, metrics: Object.fromEntries(metricNames.map((name, m) => [name, { ...comparison.metrics!.m1, mean: m }])) }));
    const text = summaryMarkdown({ ...wide, comparisons });
    const section = text.slice(text.indexOf('## All metric differences (first minus second, mean ± 95% CI)'));
    const headers = section.split('\n').filter((line) => line.startsWith('| comparison |'));
    expect(headers.map((line) => line.slice(2, -2).split(' | ').slice(1))).toEqual([metricNames.slice(0, 12), metricNames.slice(12)]);
    expect(section).toMatch(/^\| speed=6 vs speed=5 \(agents=2\) \| 0\.0 ± [\d.]+ \| \+1\.0 ± [\d.]+ \|/m);
    expect(text.indexOf('## Paired comparisons')).toBeLessThan(text.indexOf('## All metric differences'));
  });

  it('writes a difference with its sign, and without an interval where the games give none', () => {
    const difference = (mean: number, sd: number, n: number, half = 0.3) => meanDifferenceWithCi({ mean, sd, n, lo: mean - half, hi: mean + half });
    expect(difference(1.23, 2, 100)).toBe('+1.2 ± 0.3');
    expect(difference(-0.456, 0.4, 100, 0.08)).toBe('-0.46 ± 0.08');
    expect(difference(0, 0, 2000, 0)).toBe('0.0 (every game)');
    expect(difference(3, 0, 1, 0)).toBe('+3.0 (1 game)');
    expect(difference(0, 0, 0, 0)).toBe('—');
    expect(difference(-0.04, 2, 100)).toBe('0.0 ± 0.3');
    // Over fewer games than the comparison's: how many.
    expect(meanDifferenceWithCi({ mean: -0.6, sd: 3, n: 816, lo: -0.8, hi: -0.4 }, 4000)).toBe('-0.6 ± 0.2 (816 games)');
    expect(meanDifferenceWithCi({ mean: -3, sd: 0, n: 2, lo: -3, hi: -3 }, 6)).toBe('-3.0 (every one of 2 games)');
    expect(meanDifferenceWithCi({ mean: -3, sd: 0, n: 1, lo: -3, hi: -3 }, 6)).toBe('-3.0 (1 game)');
    // A rate's difference (0 or 100 in every game) with its Tango bounds, whatever the games.
    expect(meanDifferenceWithCi({ mean: 100, sd: 0, n: 20, lo: 67.77, hi: 100, rateOf: 100 })).toBe('+100.0 [67.8, 100.0]');
  });

  it('groups the comparisons by the setting they vary, in the order of the grid', () => {
    const varied = lines.filter((line) => / vs /.test(line)).map((line) => (line.startsWith('| speed=') ? 'speed' : 'agents'));
    expect(varied).toEqual([...varied].sort((a, b) => (a === b ? 0 : a === 'speed' ? -1 : 1)));
    expect(new Set(varied)).toEqual(new Set(['speed', 'agents']));
  });

  it('summarises a single, stopped cell', () => {
    const text = summaryMarkdown(single);
    expect(text).toContain('- **games per cell:** until the win-rate CI is ±2 pp, at most 20,000, 1 of 1 cells stopped short of the target CI');
    expect(text).toContain('- **complete:** no: 1 of 1 cells stopped early');
    expect(text).toContain('| greedy | 1,500 (stopped) | 75.0% [72.7, 77.1] |');
    expect(text).toContain('## Paired comparisons\n\nNone.');
    // Cells that stopped at ±0.86-0.89 pp must not read as within a target of "±0.9".
    expect(summaryMarkdown({ ...single, targetCi: 0.0085 })).toContain('until the win-rate CI is ±0.85 pp,');
  });

  it('shows a rate or a difference whose interval is too narrow for one decimal with the decimals it needs', () => {
    // 35 of 100,000 games turned around: +0.0 pp [0.0, 0.0] would hide a significant difference.
    expect(percentagePointsWithCi(pairedDifference(60000, 40, 5, 39955))).toBe('+0.03 pp [0.02, 0.05]');
    expect(percentWithCi(wilson(2, 1_000_000))).toBe('0.0002% [0.0001, 0.0007]');
    expect(percentWithCi(wilson(750, 1000))).toBe('75.0% [72.2, 77.6]');
  });

  it('shows a Bonferroni level with the decimals that keep it below 100%', () => {
    // 130 cells compared: each at 99.96%, which one decimal would round to 100.0%.
    expect([11, 130, 1000].map((tests) => levelPercent(bonferroniLevel(tests)))).toEqual(['99.5%', '99.96%', '99.995%']);
  });

  it("shows no rate for a stopped run's cell that never started, and leaves its comparisons out of the count", () => {
    const cells = grid.cells.map((cell) => (cell.id === 0 ? { ...cell, games: 0, complete: false, win: { rate: 0, lo: 0, hi: 1 } } : { ...cell, complete: false }));
    const unplayed = (comparison: (typeof grid.comparisons)[number]) => comparison.a === 0 || comparison.b === 0;
    const comparisons = grid.comparisons.map((comparison) => (unplayed(comparison) ? { ...comparison, games: 0, bothWon: 0, onlyAWon: 0, onlyBWon: 0, difference: { rate: 0, lo: -1, hi: 1 } } : comparison));
    const text = summaryMarkdown({ ...grid, complete: false, cells, comparisons });
    expect(text).toContain('- **complete:** no: 12 of 12 cells stopped early, 1 before their first game; the cells played different games, so compare them through the paired comparisons');
    expect(text).toContain('| 5 | 2 | greedy | 0 (stopped) | — | — | — | — | — | — | — |');
    const left = comparisons.filter(unplayed).length;
    expect(left).toBeGreaterThan(0);
    expect(text).toContain(`of ${17 - left} comparisons are significant`);
    expect(text).toContain(`played. ${left} more have no games both cells played.`);
    expect(text).toMatch(/^\| speed=6 vs speed=5 \(agents=2\) \| 0 \| — \| — \| — \| — \| — \|$/m);
  });

  it('states printed-only content without the estimate warning', () => {
    expect(summaryMarkdown(withPrintedContentOnly(single))).toContain('- **content:** content/necreaux/cards.yaml: 102 printed\n');
  });

  it('warns of estimates when the only estimates are in cards a source gives in part', () => {
    const partly = withProvenance(single, { rulebook: 3, 'rulebook in part estimated': 16 });
    expect(summaryMarkdown(partly)).toContain('- **content:** content/necreaux/cards.yaml: 3 rulebook, 16 rulebook in part estimated — estimates are not printed values\n');
  });

  it('keeps table cells intact whatever a value holds', () => {
    const cells = single.cells.map((cell) => ({ ...cell, strategy: 'a|b\nc' }));
    expect(summaryMarkdown({ ...single, cells })).toContain('| a\\|b c | 1,500 (stopped) |');
  });
});

describe('the best choices', () => {
  const chooseSpeed = (results: typeof grid) => ({ ...results, experiment: { ...results.experiment, choose: ['speed'] } });
  /** Speed 6 with 2 agents a hair below speed 5's 75.2%. */
  const close = { ...grid, cells: grid.cells.map((cell) => (cell.params.speed === 6 && cell.params.agents === 2 ? { ...cell, win: { rate: 0.745, lo: 0.725, hi: 0.764 } } : cell)) };

  it('are left out when the experiment chooses nothing', () => {
    expect(summaryMarkdown(grid)).not.toContain('## Best choices');
  });

  it('name, per combination of the other settings, the best cell and those not measurably worse', () => {
    const text = summaryMarkdown(chooseSpeed(close));
    expect(text).toContain('| agents | best (speed) | win % [95% CI] | not measurably worse (95%) |');
    expect(text).toContain('| 2 | speed=5 | 75.2% [73.3, 77.0] | speed=6 |');
    expect(text).toContain('| 3 | speed=5 | 83.0% ');
    expect(text).toMatch(/\| 3 \| speed=5 \| [^|]+ \| none \|/);
  });

  it('name no best for a combination some of whose choices a stopped run never played', () => {
    const stopped = { ...close, complete: false, cells: close.cells.map((cell) => (cell.params.speed === 6 && cell.params.agents === 2 ? { ...cell, games: 0, complete: false } : cell)) };
    const text = summaryMarkdown(chooseSpeed(stopped));
    expect(text).toContain('| 2 | — | — | none chosen: 1 of 4 choices have no games |');
    expect(text).toContain('| 3 | speed=5 | 83.0% ');
    // Among strategies too: the combination has 5 choices (4 speeds and adaptive), its fixed speeds 4.
    const ofEach = summaryMarkdown(withStrategiesChosen(stopped));
    expect(ofEach).toContain('| 2 | — | — | none chosen: 1 of 5 choices have no games |');
    expect(ofEach.slice(ofEach.indexOf('### Best of each strategy'))).toContain('| 2 | — | — | none chosen: 1 of 4 choices have no games |');
  });

  it("name the best of each strategy's own cells when another strategy beats every value of its parameter", () => {
    const text = summaryMarkdown(withStrategiesChosen(close));
    expect(text).toContain('| 2 | adaptive | 90.0% [88.6, 91.2] | none |');
    const ofEach = text.slice(text.indexOf('### Best of each strategy'), text.indexOf('## Cells'));
    expect(ofEach).toContain('| agents | best (speed, strategy) | win % [95% CI] | not measurably worse (95%) |');
    expect(ofEach).toContain('| 2 | fixed-speed:speed=5 | 75.2% [73.3, 77.0] | fixed-speed:speed=6 |');
    expect(ofEach.split('\n').filter((line) => line.startsWith('| ') && line.includes('fixed-speed'))).toHaveLength(3);
    expect(ofEach).not.toContain('adaptive');
    // Choosing among the values of one strategy: the best choices say it all.
    expect(summaryMarkdown(chooseSpeed(close))).not.toContain('Best of each strategy');
    // Choosing among strategies but none of their parameters: no strategy's values to choose from.
    const strategiesOnly = withStrategiesChosen(close);
    const noParameters = { ...strategiesOnly, experiment: { ...strategiesOnly.experiment, varied: ['agents', 'strategy'], choose: ['strategy'] } };
    expect(summaryMarkdown(noParameters)).toContain('| 2 | adaptive | 90.0% [88.6, 91.2] | none |');
    expect(summaryMarkdown(noParameters)).not.toContain('Best of each strategy');
  });

  it('compare game by game when the cells kept their wins, which tells closer cells apart', () => {
    const paired = { ...close, cells: close.cells.map(withGameWins) };
    expect(summaryMarkdown(chooseSpeed(paired))).toMatch(/\| 2 \| speed=5 \| 75\.2% \[73\.3, 77\.0\] \| none \|/);
  });
});
