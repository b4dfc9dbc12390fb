import { readFileSync } from 'node:fs';

/** playsim's version, from package.json, recorded in every results file. */
export const TOOL_VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** Whether a results file's playsim version (major.minor.patch) is older than `than`. */
export function versionBefore(version: string, than: string): boolean {
  const [a, b] = [version, than].map((text) => text.split('.').map(Number));
  const differing = a.findIndex((part, index) => part !== b[index]);
  return differing !== -1 && a[differing] < b[differing];
}
