import type { GameModule, SettingSpec, SettingValue, Settings, SubsetSetting } from '../core/game.ts';
import { InputError } from '../core/errors.ts';

export function allowedValues(spec: SettingSpec): string {
  switch (spec.kind) {
    case 'int':
      return `an integer from ${spec.min} to ${spec.max}`;
    case 'enum':
      return spec.values.join(', ');
    case 'bool':
      return 'true, false';
    case 'subset':
      return `${spec.size} different of ${spec.values.join(', ')} (comma-separated, any order)`;
  }
}

function parseInt32(raw: SettingValue): number | null {
  const text = String(raw).trim();
  return /^-?\d+$/.test(text) ? Number(text) : null;
}

/** The setting's value from a CLI string or a JSON/YAML value, or null when it is not allowed. */
function coerce(spec: SettingSpec, raw: SettingValue): SettingValue | null {
  switch (spec.kind) {
    case 'int': {
      const value = parseInt32(raw);
      return value !== null && value >= spec.min && value <= spec.max ? value : null;
    }
    case 'enum': {
      const text = spec.spell === undefined ? String(raw) : spec.spell(String(raw));
      return spec.values.includes(text) ? text : null;
    }
    case 'bool':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      return null;
    case 'subset':
      return canonicalSubset(spec, String(raw));
  }
}

/** The chosen values in the order the setting lists them, or null unless they are `size` different known values. */
function canonicalSubset(spec: SubsetSetting, raw: string): string | null {
  const chosen = new Set(raw.split(',').map((value) => value.trim()));
  const known = spec.values.filter((value) => chosen.has(value));
  return known.length === spec.size && chosen.size === spec.size ? known.join(',') : null;
}

/** What is wrong with a setting's declared default (a game of your own): one its own values do not allow, or null. */
export function settingDefaultProblem(spec: SettingSpec): string | null {
  const given: unknown = spec.default;
  if (given === undefined) return `missing (allowed: ${allowedValues(spec)})`;
  const shown = typeof given === 'string' ? JSON.stringify(given) : String(given);
  const value = coerce(spec, given as SettingValue);
  if (value === given) return null;
  // A subset's default is written in the order of its values, as --set's values are stored.
  return value === null ? `${shown} is not allowed (allowed: ${allowedValues(spec)})` : `${shown} must be written ${JSON.stringify(value)}`;
}

/** One setting's value; `where` names the file or flag for the error line. */
export function parseSetting(game: GameModule, name: string, raw: SettingValue, where: string): SettingValue {
  const spec = game.settings.find((setting) => setting.name === name);
  if (!spec) {
    const known = game.settings.map((setting) => setting.name).join(', ');
    throw new InputError(`${where}: unknown setting "${name}" for game ${game.id}; settings: ${known}`);
  }
  const value = coerce(spec, raw);
  if (value === null) {
    throw new InputError(`${where}: setting ${name}=${String(raw)} is not allowed; allowed: ${allowedValues(spec)}`);
  }
  return value;
}

/** Each given setting is one of the game's, with a value it allows (an error names `where`). */
export function checkSettingValues(game: GameModule, given: Readonly<Record<string, SettingValue>>, where: string): void {
  for (const [name, value] of Object.entries(given)) parseSetting(game, name, value, where);
}

/** Every setting of the game: the given ones parsed, the rest at their defaults, in declaration order; checked together. */
export function resolveSettings(game: GameModule, given: Readonly<Record<string, SettingValue>>, where: string): Settings {
  const resolved: Record<string, SettingValue> = {};
  checkSettingValues(game, given, where);
  for (const spec of game.settings) {
    resolved[spec.name] = spec.name in given ? parseSetting(game, spec.name, given[spec.name], where) : spec.default;
  }
  const problem = game.settingsProblem?.(resolved) ?? null;
  if (problem !== null) throw new InputError(`${where}: ${problem}`);
  return resolved;
}

/** `--set key=value` flags as a record (values still strings). */
export function parseSetFlags(flags: readonly string[]): Record<string, string> {
  const given: Record<string, string> = {};
  for (const flag of flags) {
    const equals = flag.indexOf('=');
    if (equals <= 0) throw new InputError(`--set ${flag}: expected key=value`);
    const key = flag.slice(0, equals).trim();
    if (Object.hasOwn(given, key)) throw new InputError(`--set ${flag}: ${key} is already set to ${given[key]}; give each setting once`);
    given[key] = flag.slice(equals + 1).trim();
  }
  return given;
}
