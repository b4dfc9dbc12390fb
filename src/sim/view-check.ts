import type { Strategy } from '../core/game.ts';
import { ViewChanged } from '../core/errors.ts';

/**
 * Views are the engine's own state, not copies: a strategy that changes one (sorting `view.state.dieValue` to find
 * its best die) corrupts the game without a word. A strategy wrapped in a ViewCheck has its answers checked: what
 * its decision was given is copied before it answers and compared after, and a change ends the game naming the
 * first value that changed. Copying costs far more than a decision, so runs check a user's strategy on a few games
 * before the pool starts (vetting.ts), and `replay` checks its one game.
 */

type Decide = (...args: unknown[]) => unknown;

/**
 * What each argument holds under these names is its own to change, so it is not compared: `rules`, the engine
 * answering questions (its methods may keep caches; Doomed Run's campaign view calls it `line`), and the strategy's
 * random stream, which it draws from.
 */
const OWN_MEMBERS = ['rules', 'line', 'random', 'strategyRandom'];

/**
 * The strategy with each decision method (`a.b` for a member's) replaced by `wrap(the original)`, and each member named
 * in `unset` (`a.b` for a member's) read as undefined. The copy holds its name (`name` where it has none), startGame and
 * wrapped members as its own properties, so a frozen strategy, a getter without a setter or a getter reading private
 * fields works as before; the originals are called on the strategy itself (what startGame resets is what the decisions
 * read).
 */
export function withDecisions(strategy: Strategy, methods: readonly string[], wrap: (decide: Decide) => Decide, unset: readonly string[] = [], name?: string): Strategy {
  const members = strategy as unknown as Record<string, unknown>;
  const own: PropertyDescriptorMap = { name: { value: strategy.name ?? name } };
  if (strategy.startGame !== undefined) own.startGame = { value: () => strategy.startGame?.() };
  for (const method of methods.filter((path) => !path.includes('.'))) own[method] = { value: wrap((...args) => (members[method] as Decide).apply(strategy, args)) };
  for (const member of unset.filter((path) => !path.includes('.'))) own[member] = { value: undefined };
  for (const member of new Set([...methods, ...unset].filter((path) => path.includes('.')).map(headOf))) {
    own[member] = { value: withDecisions(members[member] as Strategy, innerPaths(methods, member), wrap, innerPaths(unset, member), name) };
  }
  return Object.create(strategy, own) as Strategy;
}

function headOf(path: string): string {
  return path.slice(0, path.indexOf('.'));
}

/** The paths under `member`, relative to it. */
function innerPaths(paths: readonly string[], member: string): string[] {
  return paths.filter((path) => path.startsWith(`${member}.`)).map((path) => path.slice(member.length + 1));
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

type TypedArray = Exclude<ArrayBufferView, DataView> & { slice(): TypedArray };

function isTypedArray(value: unknown): value is TypedArray {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}

/**
 * Calls `visit` with everything the arguments hold, in a fixed order: each primitive and typed array, each array's,
 * Map's and Set's size, each object's key count (so that an element or key added is named as such) and each key
 * before its value (so that a key renamed is named, even with its value unchanged), with its path
 * when `withPaths` (building paths for every value would cost more than the walk). Functions and the arguments' own
 * members are not walked, and an object met twice is walked once. `visit` returns false to stop the walk.
 */
function walkArguments(args: readonly unknown[], withPaths: boolean, visit: (value: unknown, path: string) => boolean): void {
  const seen = new Set<object>();
  for (const arg of args) {
    if (arg === null || typeof arg !== 'object') continue;
    for (const name of OWN_MEMBERS) {
      const member = (arg as Record<string, unknown>)[name];
      if (member !== null && typeof member === 'object') seen.add(member);
    }
  }
  const walker = { visit, seen, withPaths };
  args.every((arg) => walk(arg, 'view', walker));
}

interface Walker {
  readonly visit: (value: unknown, path: string) => boolean;
  readonly seen: Set<object>;
  readonly withPaths: boolean;
}

function walk(value: unknown, path: string, walker: Walker): boolean {
  if (typeof value === 'function') return true;
  if (value === null || typeof value !== 'object' || isTypedArray(value)) return walker.visit(value, path);
  if (walker.seen.has(value)) return true;
  walker.seen.add(value);
  if (Array.isArray(value)) return walkElements(value, path, walker);
  if (value instanceof Map || value instanceof Set) return walkElements([...value], path, walker);
  const keys = Object.keys(value);
  if (!walker.visit(keys.length, walker.withPaths ? `${path}'s key count` : '')) return false;
  for (const key of keys) {
    if (!walker.visit(key, walker.withPaths ? `${path}'s key` : '')) return false;
    if (!walk((value as Record<string, unknown>)[key], walker.withPaths ? `${path}.${key}` : '', walker)) return false;
  }
  return true;
}

function walkElements(elements: readonly unknown[], path: string, walker: Walker): boolean {
  if (!walker.visit(elements.length, walker.withPaths ? `${path}.size` : '')) return false;
  for (let index = 0; index < elements.length; index++) if (!walk(elements[index], walker.withPaths ? `${path}[${index}]` : '', walker)) return false;
  return true;
}

/** What the arguments hold, in walk order, typed arrays copied. */
function snapshot(args: readonly unknown[]): unknown[] {
  const values: unknown[] = [];
  walkArguments(args, false, (value) => {
    values.push(isTypedArray(value) ? value.slice() : value);
    return true;
  });
  return values;
}

interface Change {
  /** The place in walk order of what changed. */
  readonly index: number;
  /** The element of a typed array that changed, or -1 for the value as a whole. */
  readonly element: number;
  /** What changed, as "was 5, is 2". */
  readonly detail: string;
}

/** The first value, or typed-array element, that differs; a different number of values differs at the shorter's end. */
function firstChange(before: readonly unknown[], after: readonly unknown[]): Change | null {
  const common = Math.min(before.length, after.length);
  for (let index = 0; index < common; index++) {
    const [was, is] = [before[index], after[index]];
    if (isTypedArray(was) && isTypedArray(is)) {
      const change = typedArrayChange(index, was, is);
      if (change !== null) return change;
    } else if (!Object.is(was, is)) {
      return { index, element: -1, detail: `was ${shown(was)}, is ${shown(is)}` };
    }
  }
  return before.length === after.length ? null : { index: common, element: -1, detail: `held ${before.length} values, holds ${after.length}` };
}

function typedArrayChange(index: number, was: TypedArray, is: TypedArray): Change | null {
  const [old, now] = [was as unknown as ArrayLike<number>, is as unknown as ArrayLike<number>];
  if (old.length !== now.length) return { index, element: -1, detail: `had ${old.length} elements, has ${now.length}` };
  for (let element = 0; element < old.length; element++) {
    if (!Object.is(old[element], now[element])) return { index, element, detail: `was ${old[element]}, is ${now[element]}` };
  }
  return null;
}

/** Where a change is, as `view.state.dieValue[3]`. */
function pathOf(args: readonly unknown[], change: Change): string {
  let path = 'view';
  let index = 0;
  walkArguments(args, true, (_, pathHere) => {
    if (index++ < change.index) return true;
    path = pathHere;
    return false;
  });
  return change.element >= 0 ? `${path}[${change.element}]` : path;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return isTypedArray(value) ? 'a typed array' : String(value);
}
