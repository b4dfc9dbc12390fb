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
});
