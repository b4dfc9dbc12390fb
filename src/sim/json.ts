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
