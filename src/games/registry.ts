import type { GameModule } from '../core/game.ts';
import { InputError } from '../core/errors.ts';
import { importDefault, isModulePath } from '../core/user-module.ts';

/** Every game the platform ships, loaded on demand so a run pays only for its own game. */
const GAME_LOADERS: Readonly<Record<string, () => Promise<GameModule>>> = {
  necreaux: async () => (await import('./necreaux/index.ts')).default as unknown as GameModule,
  setawatch: async () => (await import('./setawatch/index.ts')).default as unknown as GameModule,
  kyros: async () => (await import('./kyros/index.ts')).default as unknown as GameModule,
  citiesofdoom: async () => (await import('./citiesofdoom/index.ts')).default as unknown as GameModule,
  doomedrun: async () => (await import('./doomedrun/index.ts')).default as unknown as GameModule,
};

export const GAME_IDS: readonly string[] = Object.keys(GAME_LOADERS);

/** A game by id, or by the path of a module whose default export is a GameModule (a game of your own). */
export async function loadGame(id: string, where = 'game'): Promise<GameModule> {
  if (isModulePath(id)) return (await importDefault(id, where)) as GameModule;
  const load = GAME_LOADERS[id];
  if (!load) throw new InputError(`${where}: unknown game "${id}"; games: ${GAME_IDS.join(', ')}, or a path to a game module`);
  return load();
}
