import { describe, expect, it } from 'vitest';
import { canonicalSpec, strategyDefinition } from '../../src/sim/strategy-spec.ts';
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

describe('strategyDefinition', () => {
  it('asks for the value of a parameter named without one, and names an unknown parameter', async () => {
    await expect(strategyDefinition(fixtureGame, 'greedy:budget')).rejects.toThrow(/--strategy greedy:budget: parameter "budget" needs a value, budget=V \(/);
    await expect(strategyDefinition(fixtureGame, 'greedy:colour=red')).rejects.toThrow(/unknown parameter "colour=red" for strategy greedy/);
  });
});
