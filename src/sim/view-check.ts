import type { Strategy } from '../core/game.ts';
import { ViewChanged } from '../core/errors.ts';
import { RandomStream } from '../core/rng.ts';

/**
 * Views are the engine's own state, not copies: a strategy that changes one (sorting `view.state.dieValue` to find
 * its best die) corrupts the game without a word. A strategy wrapped in a ViewCheck has its answers checked:
 * what its decision was given is copied before it answers and compared after, and a change ends the game naming the
 * first value that changed. Copying costs far more than a decision, so runs check a user's strategy on a few games
 * before the pool starts, and `replay` checks its one game.
 */

type Decide = (...args: unknown[]) => unknown;

/**
 * A view's `rules` member is the engine answering questions (Set a Watch's reach and health, Kyros's combat odds):
 * its methods may keep caches of their own, so it is not walked. What it answers from is the state, which is.
 */
const QUESTION_MEMBERS = new Set(['rules']);

/** The strategy with each decision method (`a.b` for a member's) replaced by `wrap(the original)`; other members shared. */
export function withDecisions(strategy: Strategy, methods: readonly string[], wrap: (decide: Decide) => Decide): Strategy {
  const members = strategy as unknown as Record<string, unknown>;
  const copy = Object.create(strategy) as Record<string, unknown>;
  const nested = new Map<string, string[]>();
  for (const method of methods) {
    const [head, ...rest] = method.split('.');
    if (rest.length > 0) nested.set(head, [...(nested.get(head) ?? []), rest.join('.')]);
    else copy[method] = wrap((...args) => (members[method] as Decide).apply(strategy, args));
  }
  for (const [member, inner] of nested) copy[member] = withDecisions(members[member] as Strategy, inner, wrap);
  return copy as unknown as Strategy;
}

/** A strategy whose first `budget` answers are checked to leave their arguments (the view) unchanged. */
export class ViewCheck {
  readonly strategy: Strategy;
  private left: number;

  constructor(strategy: Strategy, methods: readonly string[], budget = Infinity) {
    this.left = budget;
    this.strategy = withDecisions(strategy, methods, (decide) => (...args) => (this.left-- > 0 ? checkedAnswer(decide, args) : decide(...args)));
  }

  /** Whether the budget is spent. */
  get spent(): boolean {
    return this.left <= 0;
  }
}

function checkedAnswer(decide: Decide, args: unknown[]): unknown {
  const before = snapshot(args);
  const answer = decide(...args);
  const change = firstChange(before, snapshot(args));
  if (change === null) return answer;
  throw new ViewChanged(`${pathOf(args, change)} ${change.detail}`);
}

type TypedArray = Exclude<ArrayBufferView, DataView>;
/** What a walk meets, in order: a number, string, boolean, null or undefined, or a typed array (copied by snapshot). */
type Item = unknown;

/**
 * Walks everything reachable from `root` in a fixed order (own keys, array elements), calling `visit` with each
 * primitive and each typed array, and its path; also with each array's length and each object's keys, so that an
 * element or key added or removed is named as such. Functions, random streams (a strategy may draw from its own) and
 * question members are not walked; an object met twice is walked once. `visit` returns false to stop the walk.
 */
function walk(root: unknown, path: string, visit: (item: Item, path: () => string) => boolean, seen = new Set<object>()): boolean {
  if (typeof root === 'function' || root instanceof RandomStream) return true;
  if (root === null || typeof root !== 'object' || isTypedArray(root)) return visit(root, () => path);
  if (seen.has(root)) return true;
  seen.add(root);
  if (Array.isArray(root)) {
    if (!visit(root.length, () => `${path}.length`)) return false;
    return root.every((value, index) => walk(value, `${path}[${index}]`, visit, seen));
  }
  const keys = Object.keys(root).filter((key) => !QUESTION_MEMBERS.has(key));
  if (!visit(keys.join(', '), () => `${path}'s key list`)) return false;
  return keys.every((key) => walk((root as Record<string, unknown>)[key], `${path}.${key}`, visit, seen));
}

function isTypedArray(value: object): value is TypedArray {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}

/** The arguments' items, typed arrays copied. */
function snapshot(args: readonly unknown[]): Item[] {
  const items: Item[] = [];
  walk(args, '', (item) => items.push(typeof item === 'object' && item !== null ? (item as TypedArray & { slice(): TypedArray }).slice() : item) > 0);
  return items;
}

interface Change {
  readonly item: number;
  /** The element of a typed array that changed, or -1 for the item as a whole. */
  readonly element: number;
  /** What changed, as "was 5, is 2". */
  readonly detail: string;
}

/** The first item, or typed-array element, that differs; a different number of items differs at the shorter's end. */
function firstChange(before: readonly Item[], after: readonly Item[]): Change | null {
  const common = Math.min(before.length, after.length);
  for (let item = 0; item < common; item++) {
    const [was, is] = [before[item], after[item]];
    if (!isTypedArray(was as object) || !isTypedArray(is as object)) {
      if (!Object.is(was, is)) return { item, element: -1, detail: `was ${shown(was)}, is ${shown(is)}` };
      continue;
    }
    const [old, now] = [was as unknown as ArrayLike<number>, is as unknown as ArrayLike<number>];
    if (old.length !== now.length) return { item, element: -1, detail: `had ${old.length} elements, has ${now.length}` };
    for (let element = 0; element < old.length; element++) {
      if (!Object.is(old[element], now[element])) return { item, element, detail: `was ${old[element]}, is ${now[element]}` };
    }
  }
  return before.length === after.length ? null : { item: common, element: -1, detail: `held ${before.length} values, holds ${after.length}` };
}

/** Where a change is, as `view.state.dieValue[3]` (the one argument that can change is the view). */
function pathOf(args: readonly unknown[], change: Change): string {
  let found = 'view';
  let at = 0;
  walk(args, '', (_, path) => (at++ === change.item ? ((found = path()), false) : true));
  const element = change.element >= 0 ? `[${change.element}]` : '';
  return `${found.replace(/^\[\d+\]/, 'view')}${element}`;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value === 'object' && value !== null ? 'a typed array' : String(value);
}
