import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from './errors.ts';

/** Games and strategies can be named by the path of a user's module instead of a built-in name. */
export function isModulePath(reference: string): boolean {
  return /\.(m?js|ts)$/.test(reference);
}

/** The default export of a user's module; a module that cannot load is the user's bad input. */
export async function importDefault(path: string, where: string): Promise<unknown> {
  try {
    return (await import(pathToFileURL(resolve(path)).href)).default;
  } catch (error) {
    throw new InputError(`${where}: cannot load module ${path}: ${firstReason((error as Error).message)}`);
  }
}

/** The error's first line, and the next one when the first only announces it ("Transform failed with 1 error:"). */
function firstReason(message: string): string {
  const [first, second] = message.split('\n');
  return first.endsWith(':') && second !== undefined ? `${first} ${second.trim()}` : first;
}

/**
 * Where in a user's module (or a file beside it) a throw came from, "/path/x.mjs:12:5", read off the stack; null when
 * the stack does not pass through it.
 */
export function placeInModule(thrown: unknown, modulePath: string): string | null {
  const folder = dirname(resolve(modulePath));
  const frames = thrown instanceof Error ? (thrown.stack ?? '').split('\n') : [];
  for (const frame of frames) {
    const place = /\(?(?:file:\/\/)?([^()\s]+:\d+:\d+)\)?\s*$/.exec(frame)?.[1];
    if (place !== undefined && decodeURI(place).startsWith(folder)) return decodeURI(place);
  }
  return null;
}
