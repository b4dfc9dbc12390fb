import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refuseDuplicates } from '../../src/core/content-checks.ts';

const card = z.object({ name: z.string().optional(), id: z.string().optional() });

/** Every message a file of realms' creatures and Summons gets when names are refused across both lists. */
function repeats(file: { realms: { creatures: unknown[] }[]; summons: unknown[] }, why?: string): string[] {
  const schema = z
    .object({ realms: z.array(z.object({ creatures: z.array(card.nullable()) })), summons: z.array(card) })
    .superRefine((value, ctx) => refuseDuplicates(ctx, [...value.realms.map((realm, index) => [['realms', index, 'creatures'], realm.creatures] as const), ['summons', value.summons]], 'name', why));
  const parsed = schema.safeParse(file);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('/')}: ${issue.message}`);
}

describe('refuseDuplicates', () => {
  it('refuses each later entry whose field an earlier one has, across the lists given together, at the later one', () => {
    const file = { realms: [{ creatures: [{ name: 'Bat' }, { name: 'Imp' }] }, { creatures: [{ name: 'Bat' }] }], summons: [{ name: 'Imp' }, { name: 'Bat' }] };
    expect(repeats(file, 'powers name creatures')).toEqual([
      `realms/1/creatures/0/name: "Bat" is already realms[0].creatures[0]'s name; powers name creatures`,
      `summons/0/name: "Imp" is already realms[0].creatures[1]'s name; powers name creatures`,
      `summons/1/name: "Bat" is already realms[0].creatures[0]'s name; powers name creatures`,
    ]);
  });

  it('passes over entries without the field, and null ones', () => {
    expect(repeats({ realms: [{ creatures: [{ id: 'a' }, null, { id: 'b' }, { name: 'Bat' }] }], summons: [{ id: 'c' }] })).toEqual([]);
  });

  it('without a field, refuses a value listed twice, saying where it was first', () => {
    const schema = z.object({ premade: z.array(z.array(z.string())) }).superRefine((value, ctx) => refuseDuplicates(ctx, value.premade.map((set, index) => [['premade', index], set] as const)));
    const parsed = schema.safeParse({ premade: [['Lucky', 'Brawn'], ['Lucky']] });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path, issue.message])).toEqual([[['premade', 1, 0], '"Lucky" is already listed at premade[0][0]']]);
  });
});
