import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { GameWins } from '../../src/sim/game-wins.ts';
import type { ResultsFile } from '../../src/sim/results.ts';
import { readResultsFile } from '../../src/sim/results-file.ts';
import { loadResults } from '../report/fixtures.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

const results = loadResults('necreaux-speed');

function written(json: unknown): string {
  const file = join(tempDir('playsim-results-'), 'results.json');
  writeFileSync(file, JSON.stringify(json));
  return file;
}

/**
 * The results as a playsim `version` wrote them before values outside a histogram's range were counted apart: in
 * the end bins.
 */
function withoutRangeCounts(version: string) {
  const inEndBins = (counts: readonly number[], below: number, above: number) => counts.map((count, bin) => count + (bin === 0 ? below : 0) + (bin === counts.length - 1 ? above : 0));
  return {
    ...results,
    tool: { ...results.tool, version },
    cells: results.cells.map(({ raw: { belowRange, aboveRange, ...raw }, metrics, ...cell }) => ({
      ...cell,
      metrics: Object.fromEntries(
        Object.entries(metrics).map(([name, { histogram: { below, above, ...histogram }, ...metric }]) => [name, { ...metric, histogram: { ...histogram, counts: inEndBins(histogram.counts, below, above) } }]),
      ),
      raw: { ...raw, histograms: raw.histograms.map((counts, m) => inEndBins(counts, belowRange[m], aboveRange[m])) },
    })),
  };
}

/** The results with the field at a path such as "experiment.charts" or "cells[2].id" set to `value` (removed when undefined). */
function withField(path: string, value: unknown, base: ResultsFile = results): ResultsFile {
  const copy = structuredClone(base);
  const keys = path.match(/[^.[\]]+/g)!;
  const last = keys.pop()!;
  const parent = keys.reduce((object, key) => object[key] as Record<string, unknown>, copy as unknown as Record<string, unknown>);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

/** The results with one field of the first cell, at a path such as "raw.histograms[0][2]", set to `value`. */
function withFirstCellField(path: string, value: unknown, base: ResultsFile = results): ResultsFile {
  return withField(`cells[0].${path}`, value, base);
}

/** The results with these cells, and the first comparison naming its two cells as a and b in the order given. */
function withFirstComparisonAs(cells: ResultsFile['cells'], a: number, b: number): ResultsFile {
  return { ...results, cells, comparisons: results.comparisons.map((comparison, index) => (index === 0 ? { ...comparison, a, b } : comparison)) };
}

describe('readResultsFile', () => {
  it('keeps the counts of values below and above each histogram', () => {
    const read = readResultsFile(written(results));
    expect(read).toEqual(results);
    expect(read.cells.some((cell) => cell.metrics.score.histogram.below > 0)).toBe(true);
    expect(read.cells.some((cell) => cell.raw.aboveRange[0] > 0)).toBe(true);
  });

  it('reads results written before 0.6.0 as having no value outside the range, which is what their histograms say', () => {
    const read = readResultsFile(written(withoutRangeCounts('0.5.0')));
    const none = (cell: ResultsFile['cells'][number]) => [cell.raw.belowRange, cell.raw.aboveRange, cell.metrics.score.histogram.below, cell.metrics.score.histogram.above];
    expect(read.cells.map(none)).toEqual(results.cells.map(() => [[0, 0, 0], [0, 0, 0], 0, 0]));
  });

  it('refuses bytes that are not UTF-8 text, naming the line', () => {
    const file = written(results);
    writeFileSync(file, Buffer.concat([Buffer.from('{\n"schema": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]));
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: cannot read results file: not UTF-8 text at line 2`));
  });

  it('refuses results of 0.6.0 or later without those counts, naming the field', () => {
    const file = written(withoutRangeCounts('0.10.0'));
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field cells[0].raw.belowRange: missing (playsim 0.10.0 writes it)`));
    const { below: _, ...histogram } = results.cells[0].metrics.turns.histogram;
    const withoutBelow = written(withFirstCellField('metrics.turns.histogram', histogram));
    expect(() => readResultsFile(withoutBelow)).toThrow(new InputError(`${withoutBelow}: field cells[0].metrics.turns.histogram.below: missing (playsim ${results.tool.version} writes it)`));
  });

  it.each([
    ['raw.outcomeCounts[1]', -1, 'a count: a whole number from 0 to 9007199254740991, got -1'],
    ['raw.histograms[0][2]', 1.5, 'a count: a whole number from 0 to 9007199254740991, got 1.5'],
    ['raw.games', 1e300, 'a count: a whole number from 0 to 9007199254740991, got 1e+300'],
    ['raw.metricSums[0]', 0.5, 'a whole number (a sum of whole metric values), got 0.5'],
    ['raw.metricSumSquares[0]', -4, 'a whole number from 0 (a sum of squares of whole metric values), got -4'],
    ['games', -5, 'a count: a whole number from 0 to 9007199254740991, got -5'],
  ])('refuses %s = %s, a number adding games cannot make, naming that field', (field, value, allowed) => {
    const file = written(withFirstCellField(field, value));
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field cells[0].${field}: expected ${allowed}`));
  });

  it.each([
    ['raw.outcomeCounts', [1508, 246, 169, 81], 'raw.outcomeCounts: add up to 2004 games, but raw.games is 2000'],
    ['raw.histograms[0]', [1], 'raw.histograms[0]: counts 2 values of "score" with those below and above its range, but metricCounts[0] is 2000'],
    ['raw.metricCounts[2]', 2001, 'raw.metricCounts[2]: 2001 values of "lossTurn" in 2000 games, but a game gives a metric one value at most'],
    ['raw.metricSumSquares[1]', 355477, 'raw.metricSumSquares[1]: 355477 is less than metricSums[1]² / metricCounts[1]: no 2000 values of "turns" have these sums'],
    ['raw.aboveRange', [0, 0], 'raw.aboveRange: has 2 entries, expected 3 (one per metric)'],
  ])('refuses a raw state adding games cannot give (%s), naming the file and the field', (field, value, problem) => {
    const file = written(withFirstCellField(field, value));
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field cells[0].${problem}`));
  });
  it.each([
    [{ index: 4, count: 4 }, 'index: expected a whole number from 0 to 3 (0-based, below shard.count 4), got 4'],
    [{ index: 7, count: 2 }, 'index: expected a whole number from 0 to 1 (0-based, below shard.count 2), got 7'],
    [{ index: -1, count: 2 }, 'index: expected a shard index: a whole number from 0, got -1'],
    [{ index: 0, count: 0 }, 'count: expected a shard count: a whole number from 1 to 9007199254740991, got 0'],
  ])('refuses shard %j, which names no slice of a --shard i/n split, naming the field and the values allowed', (shard, problem) => {
    const file = written({ ...results, shard });
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field shard.${problem}`));
  });

  it('reads the last shard of a split, and the one shard of a split in one', () => {
    expect(readResultsFile(written({ ...results, shard: { index: 3, count: 4 } })).shard).toEqual({ index: 3, count: 4 });
    expect(readResultsFile(written({ ...results, shard: { index: 0, count: 1 } })).shard).toEqual({ index: 0, count: 1 });
  });

  it('refuses a win its outcomes do not have, naming the field', () => {
    const file = written({ ...results, winOutcome: 'victory' });
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field winOutcome: "victory" is not one of outcomeNames (win, overrun, exhausted, turn-limit)`));
  });

  it('refuses kept game wins that are not the games and wins the outcome counts give', () => {
    const { games, outcomeCounts } = results.cells[0].raw;
    const kept = new GameWins();
    kept.addTask(0, games, GameWins.pack(Uint8Array.from({ length: games }, (_, game) => (game < outcomeCounts[0] ? 1 : 0)), 0, games));
    const withWins = withFirstCellField('raw.wins', kept.toJSON());
    expect(readResultsFile(written(withWins)).cells[0].raw.wins).toEqual(kept.toJSON());
    const file = written(withFirstCellField('raw.outcomeCounts', [1505, 245, 169, 81], withWins));
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field cells[0].raw.wins: holds 1504 wins in 2000 games, but raw.outcomeCounts count 1505 in 2000`));
    const oneGameMore = new GameWins();
    oneGameMore.addTask(0, games + 1, GameWins.pack(Uint8Array.from({ length: games + 1 }, (_, game) => (game < outcomeCounts[0] ? 1 : 0)), 0, games + 1));
    const longer = written(withFirstCellField('raw.wins', oneGameMore.toJSON()));
    expect(() => readResultsFile(longer)).toThrow(new InputError(`${longer}: field cells[0].raw.wins: holds 1504 wins in 2001 games, but raw.outcomeCounts count 1504 in 2000`));
  });

  it.each([
    ['games', 1000, '1000, but the cell\'s raw state gives 2000'],
    ['win.rate', 0.9, '0.9, but the cell\'s raw state gives 0.752'],
    ['outcomes.overrun.rate', 5, '5, but the cell\'s raw state gives 0.123'],
    ['outcomes.overrun', undefined, 'missing (the cell has one for each of outcomeNames)'],
    ['outcomes.lost', { rate: 0, lo: 0, hi: 1 }, 'not one of outcomeNames (win, overrun, exhausted, turn-limit)'],
    ['metrics.turns.mean', -1e9, '-1000000000, but the cell\'s raw state gives 13.332'],
    ['metrics.turns.sd', -3, '-3, but the cell\'s raw state gives 3.793807122962779'],
    ['metrics.lossTurn.n', 0, '0, but the cell\'s raw state gives 496'],
    ['metrics.score.histogram.counts', [52, 119, 176, 124, 164, 420, 567, 313, 64], '[52, 119, 176, 124, 164, 420, 567, 313, 64], but the cell\'s raw state gives [52, 119, 176, 124, 164, 420, 567, 312, 65]'],
    ['metrics.score.histogram.below', 0, '0, but the cell\'s raw state gives 1'],
    ['metrics.turns.rateOf', 1, '1, but the cell\'s raw sums are not those of values all 0 or 1'],
  ])('refuses a published figure its raw state does not give (%s), naming the file and the field', (field, value, problem) => {
    const file = written(withFirstCellField(field, value));
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field cells[0].${field}: ${problem}`));
  });

  it('takes published figures that differ from the raw state\'s only in their last digits: by a billionth of the value at most', () => {
    const mean = results.cells[0].metrics.turns.mean;
    expect(readResultsFile(written(withFirstCellField('metrics.turns.mean', mean * (1 + 1e-15)))).cells[0].metrics.turns.mean).not.toBe(mean);
    expect(readResultsFile(written(withFirstCellField('metrics.turns.mean', mean * (1 + 5e-10)))).cells[0].metrics.turns.mean).toBe(mean * (1 + 5e-10));
    expect(() => readResultsFile(written(withFirstCellField('metrics.turns.mean', mean * (1 + 2e-9))))).toThrow(/field cells\[0\]\.metrics\.turns\.mean/);
  });

  it('takes a paired comparison in which some cell won every game', () => {
    const comparison = results.comparisons[1];
    const everyGame = { ...comparison, bothWon: comparison.games - comparison.onlyAWon - comparison.onlyBWon };
    expect(() => readResultsFile(written({ ...results, comparisons: results.comparisons.map((c, index) => (index === 1 ? everyGame : c)) }))).not.toThrow();
  });

  it('refuses a paired comparison whose games are fewer than those it counts won', () => {
    // With 52 games only a won and 38 only b won, of 2000.
    const comparisons = results.comparisons.map((comparison, index) => (index === 1 ? { ...comparison, bothWon: 1911 } : comparison));
    const file = written({ ...results, comparisons });
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field comparisons[1].games: 2000, fewer than the 2001 that bothWon, onlyAWon and onlyBWon count`));
  });

  it("refuses a comparison's metric differences that are missing, of the wrong length or not those its sums give", () => {
    const withSecond = (change: (comparison: ResultsFile['comparisons'][number]) => object, version = results.tool.version) =>
      written({ ...results, tool: { ...results.tool, version }, comparisons: results.comparisons.map((comparison, index) => (index === 1 ? change(comparison) : comparison)) });
    const missing = withSecond(({ metrics, raw, ...comparison }) => comparison);
    expect(() => readResultsFile(missing)).toThrow(new InputError(`${missing}: field comparisons[1].raw: missing (playsim 0.9.0 and later write each comparison's metric differences)`));
    const older = withSecond(({ metrics, raw, ...comparison }) => comparison, '0.8.0');
    expect(readResultsFile(older).comparisons[1].metrics).toBeUndefined();
    const half = withSecond(({ raw, ...comparison }) => comparison);
    expect(() => readResultsFile(half)).toThrow(new InputError(`${half}: field comparisons[1].raw: missing (a comparison has both or neither)`));
    const short = withSecond((comparison) => ({ ...comparison, raw: { ...comparison.raw!, metricSums: [1, 2] } }));
    expect(() => readResultsFile(short)).toThrow(new InputError(`${short}: field comparisons[1].raw.metricSums: has 2 entries, expected 3 (one per metric)`));
    const tooMany = withSecond((comparison) => ({ ...comparison, raw: { ...comparison.raw!, metricCounts: [2001, 2000, 100] } }));
    expect(() => readResultsFile(tooMany)).toThrow(new InputError(`${tooMany}: field comparisons[1].raw.metricCounts[0]: 2001 differences of "score" in 2000 paired games`));
    const unmade = withSecond((comparison) => ({ ...comparison, raw: { ...comparison.raw!, metricSumSquares: [0, ...comparison.raw!.metricSumSquares.slice(1)] } }));
    expect(() => readResultsFile(unmade)).toThrow(/field comparisons\[1\]\.raw\.metricSumSquares\[0\]: 0 is less than metricSums\[0\]² \/ metricCounts\[0\]: no 2000 differences of "score" have these sums/);
    const unlisted = withSecond((comparison) => ({ ...comparison, metrics: { ...comparison.metrics, bogus: comparison.metrics!.turns } }));
    expect(() => readResultsFile(unlisted)).toThrow(new InputError(`${unlisted}: field comparisons[1].metrics.bogus: not one of metricNames (score, turns, lossTurn)`));
    const emptySums = withSecond((comparison) => ({ ...comparison, raw: { metricCounts: [0, ...comparison.raw!.metricCounts.slice(1)], metricSums: [0, ...comparison.raw!.metricSums.slice(1)], metricSumSquares: [12345, ...comparison.raw!.metricSumSquares.slice(1)] } }));
    expect(() => readResultsFile(emptySums)).toThrow(new InputError(`${emptySums}: field comparisons[1].raw.metricSumSquares[0]: 12345, but metricCounts[0] is 0: no differences of "score" sum to 0`));
    const { a, b } = results.comparisons[1];
    const fewest = Math.min(results.cells[a].raw.metricCounts[2], results.cells[b].raw.metricCounts[2]);
    const moreThanRecorded = withSecond((comparison) => ({ ...comparison, raw: { ...comparison.raw!, metricCounts: [...comparison.raw!.metricCounts.slice(0, 2), fewest + 1] } }));
    expect(() => readResultsFile(moreThanRecorded)).toThrow(new InputError(`${moreThanRecorded}: field comparisons[1].raw.metricCounts[2]: ${fewest + 1} differences of "lossTurn", but one of its cells recorded it in ${fewest} games`));
    const moved = withSecond((comparison) => ({ ...comparison, metrics: { ...comparison.metrics, turns: { ...comparison.metrics!.turns, mean: 5 } } }));
    expect(() => readResultsFile(moved)).toThrow(new RegExp(`field comparisons\\[1\\]\\.metrics\\.turns\\.mean: 5, but the comparison's raw sums give ${results.comparisons[1].metrics!.turns.mean}`));
  });

  it("refuses a cell whose id is not its place in cells, and a comparison naming no cell", () => {
    const twice = written({ ...results, cells: [results.cells[0], ...results.cells] });
    expect(() => readResultsFile(twice)).toThrow(new InputError(`${twice}: field cells[1].id: 0, expected 1 (a cell's id is its place in cells)`));
    for (const b of [99, results.cells.length, -1, 0.5]) {
      const stray = written(withFirstComparisonAs(results.cells, results.comparisons[0].a, b));
      expect(() => readResultsFile(stray)).toThrow(new InputError(`${stray}: field comparisons[0].b: ${b} is not the id of a cell`));
    }
  });

  it.each([
    ['gamesPerCell', 'x', 'Invalid input: expected number, received string'],
    ['gamesPerCell', 0, 'expected a number above 0, got 0'],
    ['targetCi', 0.6, 'expected a number at most 0.5, got 0.6'],
    ['maxGames', 1.5, 'Invalid input: expected int, received number'],
    ['complete', 'no', 'Invalid input: expected boolean, received string'],
    ['experiment.description', undefined, 'missing: expected a string'],
    ['experiment.charts', 5, 'Invalid input: expected array, received number'],
    ['content.provenance', undefined, 'missing: expected an object'],
    ['cells[2].id', undefined, 'missing: expected a number'],
  ])('refuses %s = %j, which merge and the reports read, naming the field', (path, value, problem) => {
    const file = written(withField(path, value));
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field ${path}: ${problem}`));
  });

  it("refuses a chart or a card count of a kind the experiment file and the content could not give", () => {
    const chart = written(withField('experiment.charts', [{ type: 'bars', x: 'speed' }]));
    expect(() => readResultsFile(chart)).toThrow(new InputError(`${chart}: field experiment.charts[0].type: expected one of "winRate", "mean", "heatmap", "outcomes", "distribution", "survival", "pairedDifference", "stages", got "bars"`));
    const cards = written(withField('content.provenance.bySource', { printed: 'all' }));
    expect(() => readResultsFile(cards)).toThrow(new InputError(`${cards}: field content.provenance.bySource.printed: Invalid input: expected number, received string`));
  });

  it("refuses a varied setting, chart axis, chart metric or comparison's setting the cells lack, naming the field", () => {
    const allowed = `allowed: strategy, ${Object.keys(results.cells[0].params).join(', ')}`;
    const varied = written(withField('experiment.varied', ['sped', 'speed']));
    expect(() => readResultsFile(varied)).toThrow(new InputError(`${varied}: field experiment.varied[0]: "sped" is not a setting of any cell; ${allowed}`));
    const axis = written(withField('experiment.charts', [{ type: 'winRate', x: 'strategy' }, { type: 'winRate', x: 'speed', color: 'agnets' }]));
    expect(() => readResultsFile(axis)).toThrow(new InputError(`${axis}: field experiment.charts[1]: no cell has speed and agnets; ${allowed}`));
    const metric = written(withField('experiment.charts', [{ type: 'stages', metrics: ['turns', 'points'], stage: 'turn' }]));
    expect(() => readResultsFile(metric)).toThrow(new InputError(`${metric}: field experiment.charts[0].metrics[1]: "points" is not one of metricNames (${results.metricNames.join(', ')})`));
    const { a, b, varied: setting } = results.comparisons[0];
    const { [setting]: _, ...lacking } = results.cells[b].params;
    const cells = results.cells.map((cell) => (cell.id === b ? { ...cell, params: { ...lacking, other: 1 } } : cell));
    for (const [first, second] of [[a, b], [b, a]]) {
      const unpaired = written(withFirstComparisonAs(cells, first, second));
      expect(() => readResultsFile(unpaired)).toThrow(new InputError(`${unpaired}: field comparisons[0].varied: "${setting}" is not a setting of cells[${b}], which the comparison pairs`));
    }
  });

  it('takes a chart whose axes only some cells have, as a strategy parameter only its own cells have', () => {
    const { speed, ...withoutSpeed } = results.cells[0].params;
    const cells = results.cells.map((cell) => (cell.params.speed === speed ? cell : { ...cell, params: withoutSpeed }));
    const comparisons = results.comparisons.filter(({ a, b, varied }) => varied !== 'speed' || (cells[a].params.speed !== undefined && cells[b].params.speed !== undefined));
    const read = readResultsFile(written({ ...results, cells, comparisons, experiment: { ...results.experiment, charts: [{ type: 'winRate', x: 'speed' }] } }));
    expect(read.cells).toEqual(cells);
    expect(cells.filter((cell) => cell.params.speed === undefined)).not.toHaveLength(0);
  });

  it('refuses a comparison of more games than either of its cells played', () => {
    const { a, b, games } = results.comparisons[0];
    const [shorter] = loadResults('necreaux-single').cells;
    const cells = results.cells.map((cell) => (cell.id === b ? { ...shorter, id: b, params: cell.params } : cell));
    for (const [first, second] of [[a, b], [b, a]]) {
      const file = written(withFirstComparisonAs(cells, first, second));
      expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field comparisons[0].games: ${games}, more than the ${shorter.games} cells[${b}] played (a comparison pairs games both cells played)`));
    }
  });

  it('refuses a shard of a target-CI run, which no run makes', () => {
    const file = written({ ...results, gamesPerCell: null, targetCi: 0.05, maxGames: 10000, shard: { index: 0, count: 2 } });
    expect(() => readResultsFile(file)).toThrow(new InputError(`${file}: field gamesPerCell: null, but a shard is of a run of a fixed number of games per cell (--shard cannot be combined with a target CI)`));
    expect(readResultsFile(written({ ...results, gamesPerCell: null, targetCi: 0.05, maxGames: 10000 })).targetCi).toBe(0.05);
  });
});
