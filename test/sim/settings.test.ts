import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/core/game.ts';
import { parseSetFlags, parseSetting, resolveSettings } from '../../src/sim/settings.ts';

const game = {
  id: 'demo',
  settings: [
    { name: 'size', kind: 'int', min: 1, max: 5, default: 2, description: '' },
    { name: 'mode', kind: 'enum', values: ['easy', 'hard'], default: 'easy', description: '' },
    { name: 'fast', kind: 'bool', default: false, description: '' },
    { name: 'party', kind: 'subset', values: ['a', 'b', 'c', 'd'], size: 2, default: 'a,b', description: '' },
  ],
} as unknown as GameModule;

describe('settings', () => {
  it('parse CLI strings and file values into typed values', () => {
    expect(parseSetting(game, 'size', '3', 'x')).toBe(3);
    expect(parseSetting(game, 'size', 4, 'x')).toBe(4);
    expect(parseSetting(game, 'mode', 'hard', 'x')).toBe('hard');
    expect(parseSetting(game, 'fast', 'true', 'x')).toBe(true);
    expect(parseSetting(game, 'fast', false, 'x')).toBe(false);
  });

  it('accept a subset in any order and write it in the canonical order', () => {
    expect(parseSetting(game, 'party', 'd, b', 'x')).toBe('b,d');
    expect(() => parseSetting(game, 'party', 'b,b', 'x')).toThrow('x: setting party=b,b is not allowed; allowed: 2 different of a, b, c, d (comma-separated, any order)');
    expect(() => parseSetting(game, 'party', 'a,b,c', 'x')).toThrow(/not allowed/);
    expect(() => parseSetting(game, 'party', 'a,z', 'x')).toThrow(/not allowed/);
  });

  it('reject values out of range, naming the allowed ones', () => {
    expect(() => parseSetting(game, 'size', '6', 'f.yaml')).toThrow('f.yaml: setting size=6 is not allowed; allowed: an integer from 1 to 5');
    expect(() => parseSetting(game, 'size', '2.5', 'f.yaml')).toThrow(/not allowed/);
    expect(() => parseSetting(game, 'mode', 'insane', 'f.yaml')).toThrow('allowed: easy, hard');
    expect(() => parseSetting(game, 'fast', 'yes', 'f.yaml')).toThrow('allowed: true, false');
    expect(() => parseSetting(game, 'colour', 'red', 'f.yaml')).toThrow('f.yaml: unknown setting "colour" for game demo; settings: size, mode, fast, party');
  });

  it('fill every unset setting with its default', () => {
    expect(resolveSettings(game, { mode: 'hard' }, 'x')).toEqual({ size: 2, mode: 'hard', fast: false, party: 'a,b' });
  });

  it('read --set flags as key=value', () => {
    expect(parseSetFlags(['a=1', ' b = x=y '])).toEqual({ a: '1', b: 'x=y' });
    expect(() => parseSetFlags(['novalue'])).toThrow('--set novalue: expected key=value');
    expect(() => parseSetFlags(['agents=3', 'agents=4'])).toThrow('--set agents=4: agents is already set to 3; give each setting once');
    expect(parseSetFlags(['constructor=1'])).toEqual({ constructor: '1' });
  });
});
