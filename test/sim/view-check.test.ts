import { describe, expect, it } from 'vitest';
import { ViewChanged } from '../../src/core/errors.ts';
import { RandomStream } from '../../src/core/rng.ts';
import { ViewCheck, withDecisions } from '../../src/sim/view-check.ts';

/** A view as the games hand one: state in typed arrays and numbers, tables, a random stream and a question member. */
function toyView() {
  const cache = { asked: 0 };
  return {
    state: { dice: Int8Array.from([3, 5, 1]), round: 2, names: ['a', 'b'], seat: { fire: 7 } },
    tables: [{ name: 'Bear', health: 5 }],
    random: new RandomStream('strategy'),
    rules: { health: () => ++cache.asked, cache },
  };
}
type ToyView = ReturnType<typeof toyView>;

/** A one-decision strategy answering with `decide`, checked for `budget` answers. */
function checkedChoose<A extends unknown[]>(decide: (...args: A) => unknown, budget = Infinity) {
  const strategy = { name: 'toy', choose: decide };
  const check = new ViewCheck(strategy, ['choose'], budget);
  return { check, choose: (...args: A) => (check.strategy as unknown as typeof strategy).choose(...args) };
}

/** A one-decision strategy doing `act` to its view, checked for `budget` answers. */
const checked = (act: (view: ToyView) => void, budget = Infinity) => checkedChoose((view: ToyView) => (act(view), 1), budget);

/** A checked strategy doing `act` to `view`, to be called by expect(...).toThrow. */
const changeTo = <V,>(view: V, act: (v: V) => void) => () => checkedChoose((v: V) => (act(v), 1)).choose(view);

const changeOf = (act: (view: ToyView) => void) => changeTo(toyView(), act);

describe('view check', () => {
  it('passes answers through when the view is only read, its random stream drawn from and its questions asked', () => {
    const { choose } = checked((view) => {
      view.random.int(6);
      view.rules.health();
      void view.state.dice.reduce((a, b) => a + b);
    });
    expect(choose(toyView())).toBe(1);
  });

  it('names the first value a strategy changed, where it is and what it was', () => {
    expect(changeOf((view) => view.state.dice.sort())).toThrow(new ViewChanged('view.state.dice[0] was 3, is 1'));
    expect(changeOf((view) => (view.state.seat.fire = 6))).toThrow(new ViewChanged('view.state.seat.fire was 7, is 6'));
    expect(changeOf((view) => view.state.names.reverse())).toThrow(new ViewChanged('view.state.names[0] was "a", is "b"'));
    expect(changeOf((view) => (view.tables[0].health = 9))).toThrow(new ViewChanged('view.tables[0].health was 5, is 9'));
    expect(changeOf((view) => view.state.names.push('c'))).toThrow(new ViewChanged('view.state.names.size was 2, is 3'));
    expect(changeOf((view) => Object.assign(view.state, { best: 5 }))).toThrow(new ViewChanged("view.state's key count was 4, is 5"));
    const renamedLastKey = (view: ToyView) => {
      const { fire } = view.state.seat;
      Object.assign(view.state, { seat: { heat: fire } });
    };
    expect(changeOf(renamedLastKey)).toThrow(new ViewChanged(`view.state.seat's key was "fire", is "heat"`));
    expect(changeOf((view) => (view.state.dice = Int8Array.from([3, 5])))).toThrow(new ViewChanged('view.state.dice had 3 elements, has 2'));
  });

  it("compares Maps and Sets, and a `rules` deeper in the view: only the view's own question member is skipped", () => {
    const view = () => ({ ...toyView(), lookup: new Map([['Bear', 5]]), types: new Set(['Undead']), content: { rules: { limit: 3 } } });
    const check = (act: (v: ReturnType<typeof view>) => void) => changeTo(view(), act);
    expect(check((v) => v.lookup.set('Bear', 6))).toThrow(new ViewChanged('view.lookup[0][1] was 5, is 6'));
    expect(check((v) => v.types.add('Beast'))).toThrow(new ViewChanged('view.types.size was 1, is 2'));
    expect(check((v) => (v.content.rules.limit = 4))).toThrow(new ViewChanged('view.content.rules.limit was 3, is 4'));
  });

  it('wraps a frozen strategy, a member behind a getter and a name read from a private field', () => {
    class Private {
      readonly #name = 'private';
      get name() {
        return this.#name;
      }
      choose() {
        return 2;
      }
    }
    class Campaign {
      readonly name = 'campaign';
      readonly #watch = Object.freeze({ name: 'watch', choose: () => 3 });
      get watch() {
        return this.#watch;
      }
      campaign() {
        return 1;
      }
    }
    const frozen = new ViewCheck(Object.freeze({ name: 'frozen', choose: () => 1 }), ['choose']).strategy as unknown as { name: string; choose(): number };
    const hidden = new ViewCheck(new Private(), ['choose']).strategy as unknown as Private;
    const nested = new ViewCheck(new Campaign(), ['campaign', 'watch.choose']).strategy as unknown as Campaign;
    expect([frozen.name, frozen.choose(), hidden.name, hidden.choose(), nested.campaign(), nested.watch.choose(), nested.watch.name]).toEqual(['frozen', 1, 'private', 2, 1, 3, 'watch']);
  });

  it('checks only the answers of its budget, and says when it is spent', () => {
    const { check, choose } = checked((view) => (view.state.round += 1), 2);
    expect(check.spent).toBe(false);
    expect(() => choose(toyView())).toThrow(ViewChanged);
    expect(() => choose(toyView())).toThrow(ViewChanged);
    expect(check.spent).toBe(true);
    expect(choose(toyView())).toBe(1);
  });

  it("wraps a member's decision methods (Doomed Run's watch.choose), leaving the others alone", () => {
    const calls: string[] = [];
    const strategy = { name: 's', campaign: () => 1, watch: { name: 'w', choose: () => 2, helper: () => 3 } };
    const wrapped = withDecisions(strategy, ['campaign', 'watch.choose'], (decide) => (...args) => (calls.push('decided'), decide(...args))) as unknown as typeof strategy;
    expect([wrapped.campaign(), wrapped.watch.choose(), wrapped.watch.helper(), wrapped.name, wrapped.watch.name]).toEqual([1, 2, 3, 's', 'w']);
    expect(calls).toEqual(['decided', 'decided']);
  });

  it("reads the members it is told to unset, its own or a member's, as undefined, leaving the strategy itself alone", () => {
    const ignores = { burns: true };
    const strategy = { name: 's', ignores, campaign: () => 1, watch: { name: 'w', choose: () => 2, ignores } };
    const copy = withDecisions(strategy, ['campaign', 'watch.choose'], (decide) => decide, ['ignores', 'watch.ignores']) as unknown as typeof strategy;
    expect([copy.ignores, copy.watch.ignores, copy.campaign(), copy.watch.choose()]).toEqual([undefined, undefined, 1, 2]);
    expect([strategy.ignores, strategy.watch.ignores]).toEqual([ignores, ignores]);
    const memberOnly = withDecisions(strategy, ['campaign'], (decide) => decide, ['watch.ignores']) as unknown as typeof strategy;
    expect([memberOnly.ignores, memberOnly.watch.ignores, memberOnly.watch.choose()]).toEqual([ignores, undefined, 2]);
  });

  it('calls startGame on the strategy itself, so the decisions read what it reset', () => {
    class Counting {
      readonly name = 'counting';
      decisions = 0;
      startGame() {
        this.decisions = 0;
      }
      choose() {
        return ++this.decisions;
      }
    }
    const wrapped = withDecisions(new Counting(), ['choose'], (decide) => decide) as Counting;
    expect([wrapped.choose(), wrapped.choose()]).toEqual([1, 2]);
    wrapped.startGame();
    expect(wrapped.choose()).toBe(1);
  });

  it('checks every argument of a decision, past a null one, and walks past the functions a view holds', () => {
    const { choose } = checkedChoose((_view: ToyView, _none: null, other: { n: number }) => ((other.n = 2), 1));
    expect(() => choose(toyView(), null, { n: 1 })).toThrow(new ViewChanged('view.n was 1, is 2'));
    const withCallback = { describe: () => 'a view', ...toyView() };
    expect(changeTo(withCallback, (v) => (v.state.round = 3))).toThrow(new ViewChanged('view.state.round was 2, is 3'));
  });

  it('says a typed array replaced by a number was a typed array', () => {
    expect(changeOf((view) => Object.assign(view.state, { dice: 5 }))).toThrow(new ViewChanged('view.state.dice was a typed array, is 5'));
  });

  it('names a change to what two fields share: one of them given its own copy, or made to share', () => {
    const shared = () => {
      const seat = { fire: 7, light: 3 };
      return { first: seat, second: seat };
    };
    expect(changeTo(shared(), (v) => (v.second = { ...v.first }))).toThrow(new ViewChanged("view.second's key count held 8 values, holds 13"));
    const apart = { first: { fire: 7, light: 3 }, second: { fire: 7, light: 3 } };
    expect(changeTo(apart, (v) => (v.second = v.first))).toThrow(new ViewChanged('view held 13 values, holds 8'));
  });

  it("wraps a member's methods only where named, when two members' methods are", () => {
    const calls: string[] = [];
    const strategy = { name: 's', watch: { choose: () => 1, other: () => 2 }, camp: { other: () => 3 } };
    const wrapped = withDecisions(strategy, ['watch.choose', 'camp.other'], (decide) => (...args) => (calls.push('decided'), decide(...args))) as unknown as typeof strategy;
    expect([wrapped.watch.choose(), wrapped.watch.other(), wrapped.camp.other()]).toEqual([1, 2, 3]);
    expect(calls).toEqual(['decided', 'decided']);
  });

  it('gives a strategy without startGame none', () => {
    const strategy = { name: 's', choose: () => 1 };
    const wrapped = withDecisions(strategy, ['choose'], (decide) => decide);
    expect(wrapped.startGame).toBeUndefined();
  });
});
