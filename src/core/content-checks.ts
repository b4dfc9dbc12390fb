import type { z } from 'zod';

/** A list of a content file: where it is from the file's root (`'heroes'`, `['realms', 2, 'creatures']`), and its entries. */
export type ContentList = readonly [path: string | readonly (string | number)[], entries: readonly unknown[]];

/**
 * Refuses an entry whose `field` (an id, a name, the adventurer a Warden card belongs to) an earlier entry already
 * has: what other entries or the engine's tables look cards up by, where a second card of one name would be shadowed
 * silently by the first (or the last). Lists given together share one name space (Doomed Run's creatures, Summons
 * and Unhallowed; Necreaux's card ids); without a field, the entries are the values themselves (a list of names). One
 * issue per repeat, at the later entry, rendered as `field adventurers[8] (Ranger).id: "ranger" is already
 * adventurers[2]'s id`; `why` (what looks the value up) follows after a semicolon.
 */
export function refuseDuplicates(ctx: z.RefinementCtx, lists: readonly ContentList[], field?: string, why?: string): void {
  const firstAt = new Map<unknown, string>();
  for (const [where, entries] of lists) {
    const path = typeof where === 'string' ? [where] : where;
    entries.forEach((entry, index) => {
      const value = field === undefined ? entry : (entry as Record<string, unknown> | null)?.[field];
      if (value === undefined) return;
      const at = [...path, index];
      const earlier = firstAt.get(value);
      if (earlier === undefined) {
        firstAt.set(value, pathText(at));
        return;
      }
      const already = field === undefined ? `already listed at ${earlier}` : `already ${earlier}'s ${field}`;
      ctx.addIssue({ code: 'custom', path: field === undefined ? at : [...at, field], message: `${JSON.stringify(value)} is ${already}${why === undefined ? '' : `; ${why}`}` });
    });
  }
}

/** `realms[2].creatures[4]`. */
function pathText(path: readonly (string | number)[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}
