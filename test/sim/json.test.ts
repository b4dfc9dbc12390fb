import { describe, expect, it } from 'vitest';
import { canonicalStrings, parseJson } from '../../src/sim/json.ts';

describe('parseJson', () => {
  it('says where a syntax error is by line and column, or quotes the text around it on one line', () => {
    expect(() => parseJson('{\n  "a": 1,\n  "b": 2')).toThrow(/^Expected ',' or '}' after property value at line 3, column 9$/);
    expect(() => parseJson('{\n  "a": 1,\n  "b": }')).toThrow(`Unexpected token '}', "{ "a": 1, "b": }" is not valid JSON`);
    expect(() => parseJson('{"a": 1}\n x')).toThrow(/^Unexpected non-whitespace character after the JSON value at line 2, column 2$/);
  });

  it('refuses a key repeated within one object, at any depth, and allows it in sibling objects', () => {
    expect(() => parseJson('{"cards": [{"id": "a", "n": 1, "id": "b"}]}')).toThrow('duplicate key "id" at line 1, column 32');
    expect(parseJson('{"cards": [{"id": "a"}, {"id": "b"}], "id": "c"}')).toEqual({ cards: [{ id: 'a' }, { id: 'b' }], id: 'c' });
  });

  it('reads past escaped quotes and colons inside strings', () => {
    const text = String.raw`{"text": "say \"hi\": twice", "say \"hi\"": 1, "n": ["a:b", "c"]}`;
    expect(parseJson(text)).toEqual({ text: 'say "hi": twice', 'say "hi"': 1, n: ['a:b', 'c'] });
    expect(() => parseJson(String.raw`{"a\"b": 1, "a\"b": 2}`)).toThrow('duplicate key "a\\"b" at line 1, column 13');
  });
});

describe('canonicalStrings', () => {
  it('copies parsed JSON whole: strings, numbers, booleans, null, arrays and objects', () => {
    const value = { name: 'Bear', health: [5, 6], printed: true, set: null, powers: [{ op: 'fire', amount: -1 }], text: '' };
    const copy = canonicalStrings(value);
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expect([canonicalStrings(null), canonicalStrings(3), canonicalStrings('x')]).toEqual([null, 3, 'x']);
  });
});
