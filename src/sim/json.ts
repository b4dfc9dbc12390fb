import { oneLine } from '../core/errors.ts';

/**
 * JSON.parse with a syntax error the user can find: where V8 gives a character offset, the line and column instead;
 * where it quotes the text around the error instead (Node 20 does for an unexpected token), that quote on one line.
 * A key repeated within an object is refused, as YAML files are (JSON.parse keeps the last one without a word).
 */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = /^(.*) ((?:in|after) JSON) at position (\d+)/.exec(message);
    if (at === null) throw new SyntaxError(oneLine(message));
    throw new SyntaxError(`${at[1]} ${at[2] === 'after JSON' ? 'after the JSON value ' : ''}at ${lineAndColumn(text, Number(at[3]))}`);
  }
  const repeated = repeatedKey(text);
  if (repeated !== null) throw new SyntaxError(`duplicate key ${JSON.stringify(repeated.key)} at ${lineAndColumn(text, repeated.offset)}`);
  return value;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  return `line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')}`;
}

/** The first key an object repeats in `text`, which JSON.parse has read (so a string before a colon is a key). */
function repeatedKey(text: string): { key: string; offset: number } | null {
  // One set of keys per open object; null for an open array.
  const open: (Set<string> | null)[] = [];
  let lastString = { start: 0, end: 0 };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '{') open.push(new Set());
    else if (char === '[') open.push(null);
    else if (char === '}' || char === ']') open.pop();
    else if (char === '"') {
      lastString = { start: at, end: closingQuote(text, at) + 1 };
      at = lastString.end - 1;
    } else if (char === ':') {
      const keys = open.at(-1) as Set<string>;
      const key = JSON.parse(text.slice(lastString.start, lastString.end)) as string;
      if (keys.has(key)) return { key, offset: lastString.start };
      keys.add(key);
    }
  }
  return null;
}

/** Where the string opening at `opening` ends; a loop, not a regular expression, which overflows V8's stack on a long string. */
function closingQuote(text: string, opening: number): number {
  let at = opening + 1;
  while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at;
}

/**
 * A copy of `value` (parsed JSON) whose strings are V8's canonical (internalized) copies. Strings parsed from JSON
 * (but the shortest) or copied to a worker thread are fresh strings, which V8 compares with the engines' string
 * literals (`step.op === 'tame'`) through a call, character by character when the lengths match; canonical strings
 * compare by reference. Property names are always canonical, hence the round trip through one.
 */
export function canonicalStrings<T>(value: T): T {
  if (typeof value === 'string') return Object.keys({ [value]: 0 })[0] as T;
  if (Array.isArray(value)) return value.map(canonicalStrings) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, canonicalStrings(each)])) as T;
}
