import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GameModule } from '../core/game.ts';
import { InputError } from '../core/errors.ts';

/** Every game the platform ships, loaded on demand so a run pays only for its own game. */
const GAME_LOADERS: Readonly<Record<string, () => Promise<GameModule>>> = {
  necreaux: async () => (await import('./necreaux/index.ts')).default as unknown as GameModule,
};

export const GAME_IDS: readonly string[] = Object.keys(GAME_LOADERS);

const MODULE_PATTERN = /\.(m?js|ts)$/;

/** A game by id, or by the path of a module whose default export is a GameModule (a game of your own). */
export async function loadGame(id: string, where = 'game'): Promise<GameModule> {
  if (MODULE_PATTERN.test(id)) {
    try {
      return (await import(pathToFileURL(resolve(id)).href)).default as GameModule;
    } catch (error) {
      throw new InputError(`${where}: cannot load game module ${id}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  const load = GAME_LOADERS[id];
  if (!load) throw new InputError(`${where}: unknown game "${id}"; games: ${GAME_IDS.join(', ')}, or a path to a game module`);
  return load();
}
