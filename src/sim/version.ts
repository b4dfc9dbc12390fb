import { readFileSync } from 'node:fs';

/** playsim's version, from package.json, recorded in every results file. */
export const TOOL_VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** Whether a results file's playsim version (major.minor.patch) is older than `than`. */
export function versionBefore(version: string, than: string): boolean {
  const [a, b] = [version, than].map((text) => text.split('.').map(Number));
  const differing = a.findIndex((part, index) => part !== b[index]);
  return differing !== -1 && a[differing] < b[differing];
}

/**
 * The playsim version from which a stream's state comes from the whole game seed (src/core/rng.ts); before it, from a
 * 32-bit key of it. A seed deals the same game in two versions only when both are on the same side of it.
 */
export const DEALING_SINCE = '0.7.0';

export function sameDealing(version: string, other: string): boolean {
  return versionBefore(version, DEALING_SINCE) === versionBefore(other, DEALING_SINCE);
}

/** The playsim version from which each paired comparison holds its metric differences too (results.ts). */
export const PAIRED_METRICS_SINCE = '0.9.0';
