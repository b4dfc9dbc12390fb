/** JSON.parse, with a syntax error's place given as a line and column (V8 gives a character offset). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = /^(.*) in JSON at position (\d+)/.exec(message);
    if (at === null) throw error;
    const before = text.slice(0, Number(at[2]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    throw new SyntaxError(`${at[1]} at line ${line}, column ${column}`);
  }
}
