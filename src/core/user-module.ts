import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InputError } from './errors.ts';

/** The folder name playsim's worker bundle is written under (in the system's temporary folder). */
export const WORKER_BUNDLE_PREFIX = 'playsim-worker-';

/** Games and strategies can be named by the path of a user's module instead of a built-in name. */
export function isModulePath(reference: string): boolean {
  return /\.(m?js|ts)$/.test(reference);
}

/**
 * The default export of a user's module; a module that cannot load is the user's bad input: the error `failed` makes
 * of what went wrong ("cannot load module ..."), naming where the module was given.
 */
export async function importDefault(path: string, failed: (problem: string) => InputError): Promise<unknown> {
  try {
    return (await import(pathToFileURL(resolve(path)).href)).default;
  } catch (error) {
    throw failed(`cannot load module ${path}: ${firstReason((error as Error).message)}`);
  }
}

/** The error's first line, and the next one when the first only announces it ("Transform failed with 1 error:"). */
function firstReason(message: string): string {
  const [first, second] = message.split('\n');
  return first.endsWith(':') && second !== undefined ? `${first} ${second.trim()}` : first;
}

/**
 * Where in a user's module (or a file in its folder or below) a throw came from, "/path/x.mjs:12:5", read off the
 * stack's frames; null when no frame passes through it. Reporting a failure must not fail, so anything odd is null.
 */
export function placeInModule(thrown: unknown, modulePath: string): string | null {
  try {
    const module = resolve(modulePath);
    const frames = thrown instanceof Error ? (thrown.stack ?? '').split('\n').slice(1).map(framePlace) : [];
    const places = frames.filter((place) => place !== null);
    const inModule = places.find((candidate) => candidate.file === module);
    // Else a helper beside it, never playsim's worker bundle (the module may sit in the temporary folder it is in).
    const besideModule = places.find((candidate) => isWithin(dirname(module), candidate.file) && !candidate.file.includes(WORKER_BUNDLE_PREFIX));
    const place = inModule ?? besideModule;
    return place === undefined ? null : `${place.file}:${place.line}:${place.column}`;
  } catch {
    return null;
  }
}

/** The file, line and column of one V8 stack frame ("    at f (file:///a/b.mjs:3:9)" or "    at /a/b.ts:3:9"). */
function framePlace(frame: string): { file: string; line: string; column: string } | null {
  const match = /^\s*at (?:.*? \()?(.+):(\d+):(\d+)\)?$/.exec(frame);
  if (match === null) return null;
  const [, location, line, column] = match;
  const file = location.startsWith('file:') ? fileURLToPath(location) : location;
  return { file, line, column };
}

function isWithin(folder: string, file: string): boolean {
  const path = relative(folder, file);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}
