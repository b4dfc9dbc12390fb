import { type core, z, type ZodError } from 'zod';

/**
 * zod's English defaults, said as the rest of playsim says them: an unknown key with the fields its object allows (zod
 * names only the key), a missing field as missing ("expected string, received undefined"), a number out of bounds with
 * the bound in words and the value given ("Too small: expected number to be >0"), a value not among those allowed with
 * them and the value given (an enum's "Invalid option: expected one of "a"|"b"", a literal's "Invalid input: expected
 * "a"", a discriminated union's "Invalid discriminator value. Expected 'a' | 'b'").
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'unrecognized_keys') return unknownKeysMessage(issue.keys, issue.inst);
    if (issue.code === 'invalid_type' && issue.input === undefined) return `missing: expected ${withArticle(issue.expected)}`;
    if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') return numberBoundMessage(issue);
    if (issue.code === 'invalid_value') return allowedMessage(issue.values, issue.input);
    if (issue.code === 'invalid_union' && typeof issue.discriminator === 'string' && Array.isArray(issue.options)) {
      return allowedMessage(issue.options, valueAt(issue.input, [issue.discriminator]));
    }
    return undefined;
  },
});

function withArticle(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** 'expected "7", got "9"' or 'expected one of "a", "b", "c", got "d"'. */
function allowedMessage(values: readonly unknown[], input: unknown): string {
  const allowed = values.map((value) => JSON.stringify(value));
  return `expected ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`}, got ${shown(input)}`;
}

function numberBoundMessage(issue: core.$ZodRawIssue<core.$ZodIssueTooSmall | core.$ZodIssueTooBig>): string {
  const small = issue.code === 'too_small';
  const bound = small ? (issue as core.$ZodIssueTooSmall).minimum : (issue as core.$ZodIssueTooBig).maximum;
  const words = small ? (issue.inclusive ? 'at least' : 'above') : issue.inclusive ? 'at most' : 'below';
  return `expected a number ${words} ${String(bound)}, got ${shown(issue.input)}`;
}

function unknownKeysMessage(keys: readonly string[], schema: unknown): string {
  const named = `Unrecognized key${keys.length > 1 ? 's' : ''}: ${keys.map((key) => JSON.stringify(key)).join(', ')}`;
  return schema instanceof z.ZodObject ? `${named}; allowed: ${Object.keys(schema.shape).join(', ')}` : named;
}

/**
 * A failed parse as the one line every bad-input message uses: "field a.b[2].c: message". An unknown key is reported
 * first, since a misspelt field is also a missing one. Array elements that carry a name or an id are named
 * ("creatures[5] (Ember Drake).health"), and a value no branch of a union takes is listed with what is allowed.
 */
export function describeZodError(error: ZodError, input: unknown): string {
  const issue = error.issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? error.issues[0];
  return describeZodIssue(issue, input);
}

function describeZodIssue(issue: core.$ZodIssue, input: unknown, within: readonly PropertyKey[] = []): string {
  const path = [...within, ...issue.path];
  if (issue.code === 'invalid_union') {
    const inner = issueInsideBranch(issue);
    if (inner !== null) return describeZodIssue(inner, input, path);
    if (issue.message !== DEFAULT_UNION_MESSAGE) return `field ${fieldName(path, input)}: ${issue.message}`;
    return `field ${fieldName(path, input)}: ${allowedByBranches(issue)}, got ${shown(valueAt(input, path))}`;
  }
  return `field ${fieldName(path, input)}: ${issue.message}`;
}

/** What zod says of a union when the schema gives no message of its own (its English default). */
const DEFAULT_UNION_MESSAGE = 'Invalid input';

/**
 * The issue of the union branch the value meant to take: one that found something wrong inside the value (not with
 * the value's own type), preferring a branch whose literal fields (an `op`) the value matches; its unknown key first.
 * Null when every branch refused the value's type.
 */
function issueInsideBranch(issue: core.$ZodIssueInvalidUnion): core.$ZodIssue | null {
  const inside = issue.errors.filter((branch) => {
    const first = branch[0];
    return first !== undefined && (first.path.length > 0 || (first.code === 'invalid_union' && issueInsideBranch(first) !== null));
  });
  const meant = inside.find((branch) => !branch.some(isLiteralMismatch)) ?? inside[0];
  if (meant === undefined) return null;
  return meant.find((candidate) => candidate.code === 'unrecognized_keys') ?? meant[0];
}

/** A field of an object branch holding another literal than the branch's (an effect's `op`). */
function isLiteralMismatch(issue: core.$ZodIssue): boolean {
  return issue.code === 'invalid_value' && issue.path.length === 1;
}

/** "expected 6 or 8", "expected a number or "halve"": what each branch of the union (and of unions in it) would take. */
function allowedByBranches(issue: core.$ZodIssueInvalidUnion): string {
  return `expected ${[...new Set(allowedValues(issue))].join(' or ')}`;
}

function allowedValues(issue: core.$ZodIssueInvalidUnion): string[] {
  return issue.errors.flatMap((branch) => {
    const first = branch[0];
    if (first?.code === 'invalid_union') return allowedValues(first);
    if (first?.code === 'invalid_value') return first.values.map((value) => JSON.stringify(value));
    if (first?.code === 'invalid_type') return [first.expected === 'null' ? 'null' : withArticle(first.expected)];
    return [first?.message ?? 'something else'];
  });
}

function fieldName(path: readonly PropertyKey[], input: unknown): string {
  let text = '';
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (typeof key === 'number') text += `[${key}]${cardLabel(valueAt(input, path.slice(0, i + 1)))}`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? '(root)' : text;
}

/** " (Ember Drake)" for an element with a name (or an id), so a card is found without counting. */
function cardLabel(element: unknown): string {
  if (element === null || typeof element !== 'object') return '';
  const { name, id } = element as { name?: unknown; id?: unknown };
  const label = typeof name === 'string' ? name : typeof id === 'string' ? id : null;
  return label === null ? '' : ` (${label})`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The value given, as JSON, cut short when long (a whole object given where a number goes). */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length <= SHOWN_LENGTH ? text : `${text.slice(0, SHOWN_LENGTH)}…`;
}

const SHOWN_LENGTH = 60;
