import { readFileSync } from 'node:fs';

/** playsim's version, from package.json, recorded in every results file. */
export const TOOL_VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
