import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../core/errors.ts';
import type { ResultsFile } from '../sim/results.ts';
import { readResultsFile } from '../sim/results-file.ts';
import { buildCharts } from './charts.ts';
import { reportHtml } from './html.ts';
import { renderSvg } from './render.ts';
import { summaryMarkdown } from './summary.ts';

interface ReportFile {
  readonly name: string;
  readonly content: string;
}

/**
 * Writes a run's report folder: results.json, summary.md, <chart>.vl.json and <chart>.svg per chart, report.html.
 * Everything is rendered before the first byte is written, and each file is written under a temporary name and then
 * renamed into place, so a failure leaves no half-written file and whatever the folder held before intact. Then the
 * charts an earlier report in the folder drew and this one does not are removed, so that none is mistaken for this
 * run's; other files stay. Returns the paths written.
 */
export async function writeReport(results: ResultsFile, outDir: string): Promise<string[]> {
  const files = await renderReport(results);
  const earlier = earlierChartFiles(outDir);
  await mkdir(outDir, { recursive: true });
  const written = await writeAtomically(outDir, files);
  const current = new Set(files.map((file) => file.name));
  // Leftovers cost nothing but a stale picture: a file that cannot be removed must not fail a report already written.
  await Promise.allSettled(earlier.filter((name) => !current.has(name)).map((name) => rm(join(outDir, name), { force: true })));
  return written;
}

/** The chart files of the report the folder holds, read from its results.json; none when there is no such report. */
function earlierChartFiles(dir: string): string[] {
  const path = join(dir, 'results.json');
  if (!existsSync(path)) return [];
  try {
    return buildCharts(readResultsFile(path)).flatMap((chart) => [`${chart.name}.vl.json`, `${chart.name}.svg`]);
  } catch {
    return [];
  }
}

async function renderReport(results: ResultsFile): Promise<ReportFile[]> {
  const charts = buildCharts(results);
  const svgs = await Promise.all(charts.map((chart) => renderSvg(chart.spec)));
  return [
    { name: 'results.json', content: json(results) },
    { name: 'summary.md', content: summaryMarkdown(results) },
    ...charts.flatMap((chart, i) => [
      { name: `${chart.name}.vl.json`, content: json(chart.spec) },
      { name: `${chart.name}.svg`, content: svgs[i] },
    ]),
    { name: 'report.html', content: reportHtml(results, charts) },
  ];
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

interface StagedFile {
  readonly temp: string;
  readonly path: string;
  /** Where the file it replaces waits until every new file is in place. */
  readonly backup: string;
}

/** Stages every file under a temporary name in the folder, then renames them all into place. */
async function writeAtomically(dir: string, files: readonly ReportFile[]): Promise<string[]> {
  const staged: StagedFile[] = [];
  try {
    for (const file of files) {
      const id = randomUUID();
      const entry = { temp: join(dir, `.${file.name}.${id}.tmp`), path: join(dir, file.name), backup: join(dir, `.${file.name}.${id}.bak`) };
      staged.push(entry);
      await writeFile(entry.temp, file.content, { flag: 'wx' });
    }
    await putInPlace(staged);
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw error;
  }
  return staged.map(({ path }) => path);
}

/**
 * Renames the staged files into place, each file they replace first moved to its backup; if one cannot be put in
 * place, the ones already placed are taken out again and the replaced files restored, so the folder is as it was.
 */
async function putInPlace(staged: readonly StagedFile[]): Promise<void> {
  const replaced: StagedFile[] = [];
  const placed: StagedFile[] = [];
  try {
    for (const entry of staged) {
      if (await isFileAt(entry.path)) {
        await rename(entry.path, entry.backup);
        replaced.push(entry);
      }
      await rename(entry.temp, entry.path);
      placed.push(entry);
    }
  } catch (error) {
    for (const { path } of placed) await rm(path, { force: true });
    for (const { backup, path } of replaced) await rename(backup, path);
    throw error;
  }
  await Promise.allSettled(replaced.map(({ backup }) => rm(backup, { force: true })));
}

/** True when a file is at `path`; an error when something else (a folder) is in the way of one. */
async function isFileAt(path: string): Promise<boolean> {
  try {
    if ((await lstat(path)).isFile()) return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  throw new InputError(`cannot write ${path}: something other than a file is in the way`);
}
