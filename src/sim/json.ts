/**
 * JSON.parse with a syntax error the user can find: where V8 gives a character offset, the line and column instead;
 * where it quotes the text around the error instead (Node 20 does for an unexpected token), that quote on one line.
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = /^(.*) ((?:in|after) JSON) at position (\d+)/.exec(message);
    if (at === null) throw new SyntaxError(message.replace(/\s*\n\s*/g, ' '));
    const before = text.slice(0, Number(at[3]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    throw new SyntaxError(`${at[1]} ${at[2] === 'after JSON' ? 'after the JSON value ' : ''}at line ${line}, column ${column}`);
  }
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
