import { z } from 'zod';
import type { GameModule, SettingSpec } from '../core/game.ts';
import { InputError } from '../core/errors.ts';
import { importDefault, isModulePath } from '../core/user-module.ts';
import { settingDefaultProblem } from '../sim/settings.ts';
import { describeZodError } from '../sim/zod-errors.ts';

/** Every game the platform ships, loaded on demand so a run pays only for its own game. */
const GAME_LOADERS: Readonly<Record<string, () => Promise<GameModule>>> = {
  necreaux: async () => (await import('./necreaux/index.ts')).default as unknown as GameModule,
  setawatch: async () => (await import('./setawatch/index.ts')).default as unknown as GameModule,
  kyros: async () => (await import('./kyros/index.ts')).default as unknown as GameModule,
  citiesofdoom: async () => (await import('./citiesofdoom/index.ts')).default as unknown as GameModule,
  doomedrun: async () => (await import('./doomedrun/index.ts')).default as unknown as GameModule,
};

export const GAME_IDS: readonly string[] = Object.keys(GAME_LOADERS);

const names = z.array(z.string()).min(1);
const list = z.array(z.object({ name: z.string() }));
/** A metric's histogram and, when it is declared a rate, its interval depend on these being sound. */
const metricSpec = z
  .object({
    name: z.string(),
    description: z.string(),
    min: z.number().int(),
    max: z.number().int(),
    binWidth: z.number().int().positive().optional(),
    rateOf: z.number().int().positive().optional(),
  })
  .refine((metric) => metric.min <= metric.max, { message: 'min must not exceed max' })
  .refine((metric) => metric.rateOf === undefined || (metric.min === 0 && metric.max === metric.rateOf), { message: 'a metric with rateOf c runs from min 0 to max c' })
  // So that c starts a bin of its own, which tells values of c from values past it inside the last bin (summarize.ts).
  .refine((metric) => metric.rateOf === undefined || metric.rateOf % (metric.binWidth ?? 1) === 0, { message: 'a metric with rateOf c has a binWidth that divides c' });
const func = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { message: 'must be a function' });
/** A setting's shape by kind (other members, such as an enum's `spell`, pass), then its default checked as `--set` would check it. */
const settingBase = { name: z.string().min(1), description: z.string(), replayOnly: z.boolean().optional(), default: z.unknown().optional() };
const settingSpec = z
  .discriminatedUnion('kind', [
    z.looseObject({ ...settingBase, kind: z.literal('int'), min: z.number().int(), max: z.number().int() }).refine((spec) => spec.min <= spec.max, { message: 'min must not exceed max' }),
    z.looseObject({ ...settingBase, kind: z.literal('enum'), values: names, spell: func.optional() }),
    z.looseObject({ ...settingBase, kind: z.literal('bool') }),
    z.looseObject({ ...settingBase, kind: z.literal('subset'), values: names, size: z.number().int().positive() }),
  ])
  .superRefine((spec, ctx) => {
    const problem = defaultProblem(spec as SettingSpec);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['default'], message: problem });
  });

/** settingDefaultProblem, with a `spell` of the game's own that throws said as the problem. */
function defaultProblem(spec: SettingSpec): string | null {
  try {
    return settingDefaultProblem(spec);
  } catch (error) {
    return `spell threw on it: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The members of the game contract (src/core/game.ts) a game of your own must have, checked when it is loaded so that
 * a module that is not a game is refused in one line rather than failing on its first use.
 */
const userGameSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  settings: z.array(settingSpec),
  content: z.object({ schema: z.custom((value) => typeof value === 'object' && value !== null, { message: 'must be a zod schema' }), defaultFile: z.string(), provenance: func }),
  strategies: list.min(1),
  strategyMethods: z.array(z.string()),
  defaultStrategy: z.string(),
  outcomes: names,
  winOutcome: z.string(),
  winningOutcomes: names.optional(),
  metrics: z.array(metricSpec),
  createEngine: func,
}).superRefine((game, ctx) => {
  const outcomes = new Set(game.outcomes);
  const wins = game.winningOutcomes ?? [game.winOutcome];
  const winsField = game.winningOutcomes === undefined ? 'winOutcome' : 'winningOutcomes';
  for (const win of wins) if (!outcomes.has(win)) ctx.addIssue({ code: 'custom', path: [winsField], message: `"${win}" is not one of outcomes (${game.outcomes.join(', ')})` });
  const strategies = game.strategies.map((strategy) => strategy.name);
  if (!strategies.includes(game.defaultStrategy)) {
    ctx.addIssue({ code: 'custom', path: ['defaultStrategy'], message: `"${game.defaultStrategy}" is not one of strategies (${strategies.join(', ')})` });
  }
});

async function importUserGame(path: string, where: string): Promise<GameModule> {
  const exported = await importDefault(path, (problem) => new InputError(`${where}: ${problem}`));
  const parsed = userGameSchema.safeParse(exported);
  if (!parsed.success) {
    throw new InputError(`${where}: ${path}: default export ${describeZodError(parsed.error, exported)}; expected a game module (src/core/game.ts: GameModule)`);
  }
  return exported as GameModule;
}

/** A game by id, or by the path of a module whose default export is a GameModule (a game of your own). */
export async function loadGame(id: string, where = 'game'): Promise<GameModule> {
  if (isModulePath(id)) return importUserGame(id, where);
  const load = GAME_LOADERS[id];
  if (!load) throw new InputError(`${where}: unknown game "${id}"; games: ${GAME_IDS.join(', ')}, or a path to a game module`);
  return load();
}
