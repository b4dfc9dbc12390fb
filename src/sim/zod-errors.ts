import type { core } from 'zod';

/** One zod issue as "field a.b[2].c: message", the form every bad-input line uses. */
export function describeZodIssue(issue: core.$ZodIssue): string {
  const field = issue.path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
    '',
  );
  return `field ${field === '' ? '(root)' : field}: ${issue.message}`;
}
