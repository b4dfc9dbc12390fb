import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameModule } from '../core/game.ts';
import { InputError } from '../core/errors.ts';
import { canonicalStrings, parseJson } from './json.ts';
import { readTextFile } from './data-file.ts';
import { describeZodError } from './zod-errors.ts';

export const REPOSITORY_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface LoadedContent {
  /** The file the content came from, as given (or the game's shipped file, relative to the repository). */
  readonly file: string;
  readonly content: unknown;
  /** SHA-256 of the content as read (its JSON, whatever the file's spacing or line ends), so that shards run on two versions of one card file are told apart. */
  readonly sha256: string;
}

/** A game's content: the user's file when given, else the shipped one; validated against the game's schema. */
export function loadContent(game: GameModule, file: string | undefined): LoadedContent {
  if (file?.trim() === '') throw new InputError(`--content is empty: give a ${game.id} content file, or leave --content out for the shipped one`);
  const path = file === undefined ? resolve(REPOSITORY_ROOT, game.content.defaultFile) : resolve(file);
  const shownName = file ?? game.content.defaultFile;
  let json: unknown;
  try {
    json = parseJson(readTextFile(path));
  } catch (error) {
    throw new InputError(`${shownName}: cannot read content file as JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  // Another game's card file would otherwise be refused for its first unknown key, not for what it is.
  const fileGame = typeof json === 'object' && json !== null ? (json as { game?: unknown }).game : undefined;
  if (typeof fileGame === 'string' && fileGame !== game.id) {
    throw new InputError(`${shownName}: field game: "${fileGame}": a content file of another game; expected a ${game.id} content file (field game: "${game.id}")`);
  }
  const parsed = game.content.schema.safeParse(json);
  if (!parsed.success) throw new InputError(`${shownName}: ${describeZodError(parsed.error, json)}`);
  return { file: shownName, content: canonicalStrings(parsed.data), sha256: createHash('sha256').update(JSON.stringify(parsed.data)).digest('hex') };
}
