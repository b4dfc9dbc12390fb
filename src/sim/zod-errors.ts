import type { core } from 'zod';

/**
 * One zod issue as "field a.b[2].c: message", the form every bad-input line uses. When a value took the shape of one
 * branch of a union (an object where an object is allowed) and failed inside it, that branch's own issue is the one
 * that says what is wrong.
 */
export function describeZodIssue(issue: core.$ZodIssue, within: readonly PropertyKey[] = []): string {
  const path = [...within, ...issue.path];
  const inner = issue.code === 'invalid_union' ? issueInsideBranch(issue) : null;
  if (inner !== null) return describeZodIssue(inner, path);
  const field = path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
    '',
  );
  return `field ${field === '' ? '(root)' : field}: ${issue.message}`;
}

/** The first issue a union branch found inside the value (not on the value's own type), or null. */
function issueInsideBranch(issue: core.$ZodIssueInvalidUnion): core.$ZodIssue | null {
  for (const branch of issue.errors) {
    const first = branch[0];
    if (first !== undefined && (first.path.length > 0 || first.code === 'invalid_union')) return first;
  }
  return null;
}
