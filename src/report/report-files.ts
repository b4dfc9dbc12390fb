import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The names of the files a report folder holds: results.json, summary.md, report.html, and per chart .vl.json and .svg. */
function isReportFileName(name: string): boolean {
  return name === 'results.json' || name === 'summary.md' || name === 'report.html' || name.endsWith('.vl.json') || name.endsWith('.svg');
}

/**
 * An entry of an existing report folder that bears a report file's name but is not a file (a folder), which would
 * stop the report from being written after every game was played; null when there is none.
 */
export function reportFileObstacle(dir: string): string | null {
  const entry = readdirSync(dir, { withFileTypes: true }).find((each) => isReportFileName(each.name) && !each.isFile());
  return entry === undefined ? null : join(dir, entry.name);
}
