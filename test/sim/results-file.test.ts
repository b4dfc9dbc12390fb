import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResultsFile } from '../../src/sim/results-file.ts';
import { loadResults } from '../report/fixtures.ts';

describe('readResultsFile', () => {
  it('reads results written before the out-of-range counts as having none, which is what their histograms say', () => {
    const results = loadResults('necreaux-speed');
    const older = {
      ...results,
      cells: results.cells.map(({ raw: { belowRange, aboveRange, ...raw }, metrics, ...cell }) => ({
        ...cell,
        metrics: Object.fromEntries(Object.entries(metrics).map(([name, { histogram: { below, above, ...histogram }, ...metric }]) => [name, { ...metric, histogram }])),
        raw,
      })),
    };
    const file = join(mkdtempSync(join(tmpdir(), 'playsim-results-')), 'results.json');
    writeFileSync(file, JSON.stringify(older));
    const read = readResultsFile(file);
    expect(read.cells[0].raw.belowRange).toEqual([0, 0, 0]);
    expect(read.cells[0].raw.aboveRange).toEqual([0, 0, 0]);
    expect(read.cells[0].metrics.score.histogram).toMatchObject({ below: 0, above: 0 });
    expect(read).toEqual(results);
  });
});
