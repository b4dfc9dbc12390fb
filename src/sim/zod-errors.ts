import type { core, ZodError } from 'zod';

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

/** What zod says of a union when the schema gives no message of its own. */
const DEFAULT_UNION_MESSAGE = 'Invalid input';

/** The first issue a union branch found inside the value (not on the value's own type), or null. */
function issueInsideBranch(issue: core.$ZodIssueInvalidUnion): core.$ZodIssue | null {
  for (const branch of issue.errors) {
    const first = branch[0];
    if (first !== undefined && (first.path.length > 0 || first.code === 'invalid_union')) return first;
  }
  return null;
}

/** "expected 6 or 8", "expected a number or "halve"": what each branch of the union would have taken. */
function allowedByBranches(issue: core.$ZodIssueInvalidUnion): string {
  const allowed = issue.errors.map((branch) => {
    const first = branch[0];
    if (first?.code === 'invalid_value') return first.values.map((value) => JSON.stringify(value)).join(' or ');
    if (first?.code === 'invalid_type') return `${/^[aeiou]/.test(first.expected) ? 'an' : 'a'} ${first.expected}`;
    return first?.message ?? 'something else';
  });
  return `expected ${[...new Set(allowed)].join(' or ')}`;
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

function shown(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
