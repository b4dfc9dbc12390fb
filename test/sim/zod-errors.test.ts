import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from '../../src/sim/zod-errors.ts';

/** The one line a failed parse of `input` gives. */
function described(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected the parse to fail');
  return describeZodError(parsed.error, input);
}

describe('describeZodError', () => {
  it('lists what every branch of a union takes, unions inside it included', () => {
    expect(described(z.object({ x: z.union([z.union([z.literal(1), z.literal(2)]), z.string()]) }), { x: true })).toBe('field x: expected 1 or 2 or a string, got true');
    expect(described(z.object({ x: z.union([z.number(), z.null()]) }), { x: 'q' })).toBe('field x: expected a number or null, got "q"');
  });

  it('cuts a long value short', () => {
    const message = described(z.object({ x: z.union([z.number(), z.literal('halve')]) }), { x: { text: 'long '.repeat(30) } });
    expect(message).toMatch(/^field x: expected a number or "halve", got \{"text":"long long .{20,}…$/);
    expect(message.length).toBeLessThan(120);
  });

  it("reports the branch an object meant to take by its literal field, and that branch's unknown key", () => {
    const effect = z.union([z.strictObject({ op: z.literal('a'), n: z.number() }), z.strictObject({ op: z.literal('b'), s: z.string() })]);
    expect(described(z.object({ e: z.array(effect) }), { e: [{ op: 'b', s: 'x', ss: 'x' }] })).toBe('field e[0]: Unrecognized key: "ss"; allowed: op, s');
    expect(described(z.object({ e: z.array(effect) }), { e: [{ op: 'b' }] })).toMatch(/^field e\[0\]\.s: /);
  });

  it('says a missing field is missing, and a number out of bounds with its bound and the value given', () => {
    const file = z.object({ title: z.string(), games: z.number().int().positive(), budget: z.number().max(5000), share: z.number().min(0).lt(1) });
    expect(described(file, { games: 3, budget: 1, share: 0 })).toBe('field title: missing: expected a string');
    expect(described(file, { title: 't', games: -3, budget: 1, share: 0 })).toBe('field games: expected a number above 0, got -3');
    expect(described(file, { title: 't', games: 3, budget: 9000, share: 0 })).toBe('field budget: expected a number at most 5000, got 9000');
    expect(described(file, { title: 't', games: 3, budget: 1, share: 1 })).toBe('field share: expected a number below 1, got 1');
    expect(described(file, { title: 't', games: 3, budget: 1, share: -1 })).toBe('field share: expected a number at least 0, got -1');
  });

  it('names the values allowed and the value given, for a literal, an enum and a discriminated union', () => {
    expect(described(z.object({ sort: z.literal('difference') }), { sort: 'name' })).toBe('field sort: expected "difference", got "name"');
    expect(described(z.object({ source: z.enum(['printed', 'estimated']) }), { source: 'printd' })).toBe('field source: expected one of "printed", "estimated", got "printd"');
    const chart = z.discriminatedUnion('type', [z.object({ type: z.literal('winRate') }), z.object({ type: z.literal('heatmap') })]);
    expect(described(z.object({ c: chart }), { c: { type: 'pie' } })).toBe('field c.type: expected one of "winRate", "heatmap", got "pie"');
    expect(described(z.object({ c: chart }), { c: {} })).toBe('field c.type: expected one of "winRate", "heatmap", got nothing');
  });

  it('keeps a message the schema gives its union', () => {
    const spec = z.union([z.string(), z.object({ name: z.string() })], { error: 'expected a spec' });
    expect(described(z.object({ s: spec }), { s: 42 })).toBe('field s: expected a spec');
  });

  it("leaves zod's words for a value of the wrong type and for a length out of bounds", () => {
    const file = z.object({ title: z.string(), name: z.string().min(2).optional(), tags: z.array(z.string()).max(1).optional() });
    expect(described(file, { title: 5 })).toBe('field title: Invalid input: expected string, received number');
    expect(described(file, { title: 't', name: 'a' })).toBe('field name: Too small: expected string to have >=2 characters');
    expect(described(file, { title: 't', tags: ['a', 'b'] })).toBe('field tags: Too big: expected array to have <=1 items');
  });

  it('names every unknown key of an object, and for a record only the key', () => {
    expect(described(z.strictObject({ a: z.number() }), { a: 1, b: 2, c: 3 })).toBe('field (root): Unrecognized keys: "b", "c"; allowed: a');
    expect(described(z.record(z.enum(['a']), z.number()), { a: 1, b: 2 })).toBe('field (root): Unrecognized key: "b"');
  });

  it('labels an array element by its name, else its id, and only by a string', () => {
    const cards = z.object({ cards: z.array(z.object({ name: z.string().optional(), id: z.unknown(), n: z.number() })) });
    expect(described(cards, { cards: [{ name: 'Drake', id: 'x1', n: 'q' }] })).toMatch(/^field cards\[0\] \(Drake\)\.n: /);
    expect(described(cards, { cards: [{ id: 'x1', n: 1 }, { id: 'x2', n: 'q' }] })).toMatch(/^field cards\[1\] \(x2\)\.n: /);
    expect(described(cards, { cards: [{ id: 3, n: 'q' }] })).toMatch(/^field cards\[0\]\.n: /);
    expect(described(z.object({ cards: z.array(z.number()) }), { cards: [1, null] })).toBe('field cards[1]: Invalid input: expected number, received null');
  });

  it('shows a value of exactly the shown length whole', () => {
    const whole = `"${'q'.repeat(58)}"`;
    expect(described(z.object({ x: z.union([z.number(), z.null()]) }), { x: 'q'.repeat(58) })).toBe(`field x: expected a number or null, got ${whole}`);
  });

  it('says what a discriminated union takes when the value is no object', () => {
    const chart = z.discriminatedUnion('type', [z.object({ type: z.literal('winRate') }), z.object({ type: z.literal('heatmap') })]);
    expect(described(z.object({ c: chart }), { c: null })).toBe('field c: Invalid input: expected object, received null');
  });

  it('finds the branch an object meant inside a union nested in a union, and prefers its unknown key to its other faults', () => {
    const a = z.strictObject({ op: z.literal('a'), n: z.number() });
    const b = z.strictObject({ op: z.literal('b'), s: z.string() });
    expect(described(z.object({ x: z.union([z.number(), z.union([a, b])]) }), { x: { op: 'b', s: 1 } })).toMatch(/^field x\.s: /);
    expect(described(z.object({ e: z.union([a, b]) }), { e: { op: 'b', s: 1, zz: 2 } })).toBe('field e: Unrecognized key: "zz"; allowed: op, s');
  });

  it("takes a value deeper in a branch that is not among those allowed for a fault of that branch, not for another branch's literal", () => {
    const a = z.strictObject({ op: z.literal('a'), n: z.number() });
    const c = z.strictObject({ op: z.literal('c'), inner: z.object({ kind: z.enum(['k1', 'k2']) }) });
    expect(described(z.object({ e: z.union([a, c]) }), { e: { op: 'c', inner: { kind: 'q' } } })).toBe('field e.inner.kind: expected one of "k1", "k2", got "q"');
  });

  it("quotes each branch's own words when a branch refuses the value for neither its type nor its value", () => {
    const message = described(z.object({ x: z.union([z.string().min(5), z.string().regex(/x/)]) }), { x: 'ab' });
    expect(message).toMatch(/^field x: expected Too small: .* or Invalid string: must match pattern \/x\/, got "ab"$/);
  });
});
