import { describe, expect, it } from 'vitest';
import { canonicalSpec } from '../../src/sim/strategy-spec.ts';
import { fixtureGame } from '../report/fixtures.ts';

describe('canonicalSpec', () => {
  it('writes every spelling of a built-in strategy the same way: parameters sorted, defaults filled in', () => {
    const spellings = ['greedy', 'greedy:watch=greedy', 'greedy:budget=600,watch=greedy', ' greedy:watch=greedy, budget=600 '];
    expect(new Set(spellings.map((spec) => canonicalSpec(fixtureGame, spec)))).toEqual(new Set(['greedy:budget=600,watch=greedy']));
    expect(canonicalSpec(fixtureGame, 'greedy:budget=400')).toBe('greedy:budget=400,watch=greedy');
  });

  it('leaves a module path and a spec the game cannot read as written', () => {
    expect(canonicalSpec(fixtureGame, './mine.ts:x=1')).toBe('./mine.ts:x=1');
    expect(canonicalSpec(fixtureGame, 'greedy:colour=red')).toBe('greedy:colour=red');
    expect(canonicalSpec(fixtureGame, 'planner')).toBe('planner');
  });
});
