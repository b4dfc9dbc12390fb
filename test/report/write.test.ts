import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeReport } from '../../src/report/write.ts';
import { loadResults } from './fixtures.ts';

const grid = loadResults('necreaux-speed');
const CHARTS = ['win-rate-speed-by-agents', 'heatmap-speed-agents', 'outcomes-speed', 'score-by-speed', 'turns-by-speed', 'paired-speed', 'paired-agents'];

describe('writeReport', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'playsim-report-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes every file of the report into a new folder and nothing else', async () => {
    const outDir = join(dir, 'reports', 'necreaux-speed');
    const written = await writeReport(grid, outDir);
    const expected = ['results.json', 'summary.md', ...CHARTS.flatMap((name) => [`${name}.vl.json`, `${name}.svg`]), 'report.html'];
    expect(written).toEqual(expected.map((name) => join(outDir, name)));
    expect((await readdir(outDir)).sort()).toEqual([...expected].sort());
    expect(JSON.parse(await readFile(join(outDir, 'results.json'), 'utf8'))).toEqual(grid);
    expect(await readFile(join(outDir, 'paired-speed.svg'), 'utf8')).toContain('Paired win-rate differences across speed');
    expect(JSON.parse(await readFile(join(outDir, 'heatmap-speed-agents.vl.json'), 'utf8')).layer[0].mark).toBe('rect');
  });

  it("removes an earlier report's charts that this one does not draw, and nothing else", async () => {
    await writeReport(grid, dir);
    for (const name of ['notes.svg', 'mine.vl.json', 'mine.svg']) await writeFile(join(dir, name), 'mine');
    const stopped = { ...grid, complete: false, cells: grid.cells.map((cell) => ({ ...cell, games: 0, complete: false })) };
    await writeReport(stopped, dir);
    expect((await readdir(dir)).sort()).toEqual(['mine.svg', 'mine.vl.json', 'notes.svg', 'report.html', 'results.json', 'summary.md']);
  });

  it("writes over a folder whose results.json cannot be read, keeping its other files (no earlier report's charts are known)", async () => {
    await writeFile(join(dir, 'results.json'), '{"cut short');
    await writeFile(join(dir, 'old-chart.svg'), 'mine');
    await writeReport(grid, dir);
    expect(JSON.parse(await readFile(join(dir, 'results.json'), 'utf8'))).toEqual(grid);
    expect(await readFile(join(dir, 'old-chart.svg'), 'utf8')).toBe('mine');
  });

  it('writes nothing and keeps what was there when a chart cannot be built', async () => {
    await writeFile(join(dir, 'summary.md'), 'previous run');
    const broken = { ...grid, experiment: { ...grid.experiment, charts: [{ type: 'distribution', metric: 'points', x: 'speed' } as const] } };
    await expect(writeReport(broken, dir)).rejects.toThrow(/"points" is not a metric/);
    expect(await readdir(dir)).toEqual(['summary.md']);
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toBe('previous run');
  });

  it('keeps what the folder held, and leaves no temporary file, when a file cannot be put in place', async () => {
    await writeFile(join(dir, 'summary.md'), 'previous run');
    await writeFile(join(dir, 'results.json'), '{"previous": true}');
    // report.html is put in place last, after every other file of the report.
    await mkdir(join(dir, 'report.html'));
    await expect(writeReport(grid, dir)).rejects.toThrow(/report\.html: something other than a file is in the way/);
    expect((await readdir(dir)).sort()).toEqual(['report.html', 'results.json', 'summary.md']);
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toBe('previous run');
    expect(await readFile(join(dir, 'results.json'), 'utf8')).toBe('{"previous": true}');
  });

  it('replaces the files of an earlier report and leaves no backup behind', async () => {
    await writeFile(join(dir, 'summary.md'), 'previous run');
    await writeReport(grid, dir);
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toContain('#');
    expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('keeps the charts an earlier report drew when this one draws them again', async () => {
    await writeReport(grid, dir);
    const written = await writeReport(grid, dir);
    expect((await readdir(dir)).sort()).toEqual(written.map((path) => path.slice(dir.length + 1)).sort());
    expect(written).toHaveLength(2 + 2 * CHARTS.length + 1);
  });
});
