import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { GameModule, Strategy, StrategyDefinition, StrategyParamSpec, StrategyParams } from '../core/game.ts';
import { InputError, oneLine } from '../core/errors.ts';
import { withDecisions } from './view-check.ts';
import { describeZodError } from './zod-errors.ts';
import { importDefault, isModulePath } from '../core/user-module.ts';

/**
 * A strategy is named by a spec: `name[:key=value,...]`, where name is a built-in strategy of the game or a path
 * to a user's module (ending in .js, .mjs or .ts) whose default export is a StrategyDefinition.
 */
export interface StrategySpec {
  readonly spec: string;
  readonly name: string;
  readonly modulePath: string | null;
  readonly params: StrategyParams;
}

/**
 * Bad input about strategies, which it names by their specs; `detail` is what follows their name. Its message names
 * them by the --strategy flag; a run from an experiment file names them as the file lists them instead (asListedIn).
 */
export class StrategySpecError extends InputError {
  // Private fields, not own properties, so that the error still equals an InputError of its message (deep equality compares own properties).
  readonly #strategies: readonly string[];
  readonly #detail: string;

  constructor(strategies: readonly string[], detail: string) {
    super(`--strategy ${strategies.join(', ')}${detail}`);
    this.#strategies = strategies;
    this.#detail = detail;
  }

  /** The error's line naming the strategies as the experiment file `where` lists them, each quoted. */
  asListedIn(where: string): string {
    return `${where}: field strategies: ${this.#strategies.map((spec) => JSON.stringify(spec)).join(', ')}${this.#detail}`;
  }
}

const paramSpecSchema = z
  .object({
    name: z.string(),
    kind: z.enum(['int', 'number', 'enum']),
    min: z.number().optional(),
    max: z.number().optional(),
    values: z.array(z.string()).optional(),
    default: z.union([z.number(), z.string()]),
    description: z.string().default(''),
  })
  .superRefine((param, ctx) => {
    const problem = paramSpecProblem(param);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: `parameter "${param.name}": ${problem}` });
  });

/** What is wrong with a parameter's spec (an enum without values, a default it does not allow), or null. */
function paramSpecProblem(param: z.infer<typeof paramSpecSchema>): string | null {
  if (param.kind === 'enum') {
    if (param.values === undefined || param.values.length === 0) return 'an enum needs values';
    return typeof param.default === 'string' && param.values.includes(param.default) ? null : `default ${JSON.stringify(param.default)} is not one of its values (strings)`;
  }
  const kindName = param.kind === 'int' ? 'an integer' : 'a number';
  if (typeof param.default !== 'number' || (param.kind === 'int' && !Number.isInteger(param.default))) return `default ${JSON.stringify(param.default)} is not ${kindName}`;
  if (param.min !== undefined && param.max !== undefined && param.min > param.max) return `min ${param.min} is above max ${param.max}`;
  if ((param.min !== undefined && param.default < param.min) || (param.max !== undefined && param.default > param.max)) return `default ${param.default} is outside min..max`;
  return null;
}

const userDefinitionSchema = z.object({
  name: z.string().min(1),
  description: z.string().default(''),
  game: z.string().optional(),
  params: z.array(paramSpecSchema).default([]),
  create: z.custom<(params: StrategyParams) => Strategy>((value) => typeof value === 'function', {
    message: 'must be a function create(params) returning the strategy',
  }),
});

/** The name or module path, and the text after its colon: null without a colon, "" for a colon with nothing after it. */
function splitSpec(spec: string): { head: string; paramText: string | null } {
  // A module whose path has a colon in it ("/tmp/a:b.mjs") is named by the whole spec.
  if (isModulePath(spec) && existsSync(spec)) return { head: spec, paramText: null };
  // A Windows drive letter ("C:\...") is not a parameter separator.
  const colon = spec.indexOf(':', /^[A-Za-z]:[\\/]/.test(spec) ? 2 : 0);
  return colon < 0 ? { head: spec, paramText: null } : { head: spec.slice(0, colon), paramText: spec.slice(colon + 1) };
}

/** The name (or module path) part of a spec, without its parameters. */
export function strategyHead(spec: string): string {
  return splitSpec(spec.trim()).head;
}

/**
 * One spelling for every way of writing the same built-in strategy: parameters sorted, defaults filled in
 * ("greedy", "greedy:watch=greedy" and "greedy:budget=600,watch=greedy" are one strategy). A module path, or a spec
 * this version of the game cannot read, stays as written.
 */
export function canonicalSpec(game: Pick<GameModule, 'strategies'>, spec: string): string {
  const { head, paramText } = splitSpec(spec.trim());
  const definition = builtInDefinition(game, head);
  if (definition === undefined) return spec;
  try {
    const params = parseParams(definition, paramText, spec);
    const names = Object.keys(params).sort();
    return names.length === 0 ? head : `${head}:${names.map((name) => `${name}=${params[name]}`).join(',')}`;
  } catch (error) {
    if (error instanceof InputError) return spec;
    throw error;
  }
}

function builtInDefinition(game: Pick<GameModule, 'strategies'>, name: string): StrategyDefinition | undefined {
  return game.strategies.find((candidate) => candidate.name === name);
}

/** The values a strategy parameter takes, as `list` and the errors state them. */
export function allowedParamValues(param: StrategyParamSpec): string {
  if (param.kind === 'enum') return param.values?.join(', ') ?? '';
  return `${param.kind === 'int' ? 'an integer' : 'a number'} from ${param.min ?? '-inf'} to ${param.max ?? 'inf'}`;
}

function parseParamValue(param: StrategyParamSpec, raw: string, spec: string): number | string {
  const notAllowed = () => new StrategySpecError([spec], `: ${param.name}=${raw} is not allowed; allowed: ${allowedParamValues(param)}`);
  if (param.kind === 'enum') {
    if (!param.values?.includes(raw)) throw notAllowed();
    return raw;
  }
  const value = Number(raw);
  const isValid = raw.trim() !== '' && Number.isFinite(value) && (param.kind === 'number' || Number.isInteger(value));
  const inRange = (param.min === undefined || value >= param.min) && (param.max === undefined || value <= param.max);
  if (!isValid || !inRange) throw notAllowed();
  return value;
}

function parseParams(definition: StrategyDefinition, paramText: string | null, spec: string): StrategyParams {
  const params: Record<string, number | string> = {};
  for (const param of definition.params) params[param.name] = param.default;
  if (paramText === null) return params;
  const given: Record<string, string> = {};
  for (const pair of paramText.split(',')) {
    const [key, raw, extra] = pair.split('=').map((part) => part.trim());
    if (key === '') throw new StrategySpecError([spec], `: a parameter without a name; write ${strategyHead(spec)} or ${strategyHead(spec)}:key=value,...`);
    if (extra !== undefined) throw new StrategySpecError([spec], `: "${pair.trim()}" has more than one "="; write ${strategyHead(spec)}:key=value,...`);
    const param = definition.params.find((candidate) => candidate.name === key);
    if (param !== undefined && raw === undefined) {
      throw new StrategySpecError([spec], `: parameter "${key}" needs a value, ${key}=V (${allowedParamValues(param)})`);
    }
    if (!param || raw === undefined) {
      const known = definition.params.map((candidate) => candidate.name).join(', ') || 'none';
      throw new StrategySpecError([spec], `: unknown parameter "${key}" for strategy ${definition.name}; parameters: ${known}`);
    }
    if (Object.hasOwn(given, key)) throw new StrategySpecError([spec], `: parameter "${key}" given twice (${given[key]}, ${raw}); give each parameter once`);
    given[key] = raw;
    params[key] = parseParamValue(param, raw, spec);
  }
  return params;
}

async function importUserDefinition(modulePath: string, spec: string): Promise<StrategyDefinition> {
  const exported = await importDefault(modulePath, (problem) => new StrategySpecError([spec], `: ${problem}`));
  const parsed = userDefinitionSchema.safeParse(exported);
  if (!parsed.success) {
    throw new StrategySpecError([spec], `: ${modulePath}: default export ${describeZodError(parsed.error, exported)}; expected { name, description, params, create(params) }`);
  }
  return parsed.data as StrategyDefinition;
}

/** The definition a spec names; throws InputError naming the allowed strategies when it names none. */
export async function strategyDefinition(game: GameModule, spec: string): Promise<{ definition: StrategyDefinition; parsed: StrategySpec }> {
  const { head, paramText } = splitSpec(spec.trim());
  if (isModulePath(head)) {
    const modulePath = isAbsolute(head) ? head : resolve(head);
    const definition = await importUserDefinition(modulePath, spec);
    if (definition.game !== undefined && definition.game !== game.id) {
      throw new StrategySpecError([spec], `: ${modulePath} is a strategy for ${definition.game}, not ${game.id}`);
    }
    return { definition, parsed: { spec, name: definition.name, modulePath, params: parseParams(definition, paramText, spec) } };
  }
  const definition = builtInDefinition(game, head);
  if (!definition) {
    const known = game.strategies.map((candidate) => candidate.name).join(', ');
    throw new StrategySpecError([spec], `: unknown strategy "${head}" for game ${game.id}; strategies: ${known}, or a path to a .js/.mjs/.ts module`);
  }
  return { definition, parsed: { spec, name: head, modulePath: null, params: parseParams(definition, paramText, spec) } };
}

/** `watch.choose`: the member of a member (Doomed Run's strategy carries a Set a Watch strategy as `watch`). */
export function memberAt(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((object, key) => (object === null || typeof object !== 'object' ? undefined : (object as Record<string, unknown>)[key]), value);
}

/** The member strategies a strategy answers through (Doomed Run's `watch`), by path. */
function memberStrategies(game: GameModule): string[] {
  return [...new Set(game.strategyMethods.filter((method) => method.includes('.')).map((method) => method.slice(0, method.lastIndexOf('.'))))];
}

/** Where a strategy may have startGame: on itself, and on each member strategy it answers through. */
function startGamePaths(game: GameModule): string[] {
  return ['startGame', ...memberStrategies(game).map((member) => `${member}.startGame`)];
}

/** The path of the user's module a strategy spec names, or null for a built-in strategy. */
export function userModuleOf(spec: string): string | null {
  const head = strategyHead(spec);
  return isModulePath(head) ? head : null;
}

/** A fresh strategy instance for a spec; a create() that throws is the user's bad input. */
export async function createStrategy(game: GameModule, spec: string): Promise<Strategy> {
  const { definition, parsed } = await strategyDefinition(game, spec);
  let strategy: Strategy;
  try {
    strategy = definition.create(parsed.params);
  } catch (error) {
    throw new StrategySpecError([spec], `: create() threw: ${oneLine((error as Error).message)}`);
  }
  const missing = game.strategyMethods.filter((method) => typeof memberAt(strategy, method) !== 'function');
  if (missing.length > 0) {
    throw new StrategySpecError([spec], `: create() returned a strategy without ${missing.join(', ')} (a ${game.id} strategy answers every decision; see docs/writing-a-strategy.md)`);
  }
  const badStart = startGamePaths(game).find((path) => memberAt(strategy, path) !== undefined && typeof memberAt(strategy, path) !== 'function');
  if (badStart !== undefined) {
    throw new StrategySpecError([spec], `: create() returned a strategy whose ${badStart} is not a function (it is called before each game, with no arguments)`);
  }
  const problem = game.strategyProblem?.(strategy) ?? null;
  if (problem !== null) throw new StrategySpecError([spec], `: create() returned a strategy whose ${problem}; see docs/writing-a-strategy.md`);
  return named(game, strategy, definition.name, spec);
}

/**
 * Error messages name a strategy, and a member strategy it answers through (Doomed Run's `watch`), by its `name`: one
 * without takes its module's, given in place, or on a copy when the object is frozen.
 */
function named(game: GameModule, strategy: Strategy, name: string, spec: string): Strategy {
  const strategies = [strategy, ...memberStrategies(game).map((member) => memberAt(strategy, member) as object)];
  const nameless = strategies.filter((object) => typeof memberAt(object, 'name') !== 'string');
  const misnamed = nameless.find((object) => memberAt(object, 'name') !== undefined);
  if (misnamed !== undefined) throw new StrategySpecError([spec], ': create() returned a strategy whose name is not a string');
  if (!nameless.every((object) => Object.isExtensible(object))) return withDecisions(strategy, game.strategyMethods, (decide) => decide, [], name);
  for (const object of nameless) Object.defineProperty(object, 'name', { value: name, writable: true, configurable: true });
  return strategy;
}
