import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { isScalar, parseDocument, visit, type Document, type YAMLError } from 'yaml';

/** Reading the files a user hands in (experiment, content and results files): every problem is refused in one line. */

/**
 * A file's text. Bytes that are not UTF-8 are refused, naming the line: read as UTF-8 anyway they would become U+FFFD
 * in titles and names. (node:buffer's isUtf8 is as strict as a fatal TextDecoder, and can test one line at a time.)
 * Only a regular file is read: a device such as /dev/zero never ends.
 */
export function readTextFile(path: string): string {
  if (!statSync(path).isFile()) throw new SyntaxError('not a file');
  const bytes = readFileSync(path);
  if (!isUtf8(bytes)) throw new SyntaxError(`not UTF-8 text at line ${firstLineNotUtf8(bytes)}`);
  return bytes.toString('utf8');
}

/** For bytes that are not UTF-8 (a newline byte is never part of a longer UTF-8 character, so lines can be tested alone). */
function firstLineNotUtf8(bytes: Buffer): number {
  let start = 0;
  for (let line = 1; ; line++) {
    const end = bytes.indexOf(0x0a, start);
    if (end < 0 || !isUtf8(bytes.subarray(start, end))) return line;
    start = end + 1;
  }
}

/**
 * A YAML document as plain data. The yaml package's warnings (an unknown tag such as !!js/function, which it would
 * read as a plain string) are refused as its errors are, rather than printed as a process warning.
 */
export function parseYaml(text: string): unknown {
  // logLevel 'error': a collection used as a key is stringified without a process warning (the schema then refuses the key).
  const document = parseDocument(text, { logLevel: 'error' });
  const problem = document.errors[0] ?? document.warnings[0];
  if (problem !== undefined) throw new SyntaxError(yamlProblem(problem, document));
  return document.toJS();
}

function yamlProblem(problem: YAMLError, document: Document): string {
  const at = problem.linePos?.[0];
  const key = problem.code === 'DUPLICATE_KEY' ? keyAt(document, problem.pos[0]) : undefined;
  if (key !== undefined && at !== undefined) return `duplicate key ${JSON.stringify(key)} at line ${at.line}, column ${at.col}`;
  // The yaml package's message ends with a colon and the lines around the problem.
  return problem.message.split('\n')[0].replace(/:$/, '');
}

/** The key that starts at `offset`, which the yaml package's duplicate-key error points at without naming it. */
function keyAt(document: Document, offset: number): string | undefined {
  let key: string | undefined;
  visit(document, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || pair.key.range?.[0] !== offset) return undefined;
      key = String(pair.key.value);
      return visit.BREAK;
    },
  });
  return key;
}
