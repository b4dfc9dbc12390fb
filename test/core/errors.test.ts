import { describe, expect, it } from 'vitest';
import { checkedBoolean, checkedOption, StrategyError, strategyThrew, ViewChanged } from '../../src/core/errors.ts';

describe('checkedOption', () => {
  it('takes an option index and shows the type of an answer that only looks like one', () => {
    expect(checkedOption(2, 3, 's', 'watch', 1)).toBe(2);
    const refusal = (answer: unknown) => () => checkedOption(answer, 3, 's', 'watch', 1);
    expect(refusal('0')).toThrow('answered "0" (a string); expected an option index from 0 to 2');
    expect(refusal(0n)).toThrow('answered 0n (a bigint); expected an option index from 0 to 2');
    expect(refusal(1.5)).toThrow('answered 1.5; expected');
    expect(refusal(undefined)).toThrow('answered undefined; expected');
    expect(refusal({})).toThrow('answered a value of type object; expected');
  });

  it('takes the first and last index, and refuses one either side of them', () => {
    expect([checkedOption(0, 3, 's', 'watch', 1), checkedOption(2, 3, 's', 'watch', 1)]).toEqual([0, 2]);
    expect(() => checkedOption(-1, 3, 's', 'watch', 1)).toThrow('answered -1; expected an option index from 0 to 2');
    expect(() => checkedOption(3, 3, 's', 'watch', 1)).toThrow('answered 3; expected an option index from 0 to 2');
    expect(() => checkedOption(null, 3, 's', 'watch', 1)).toThrow('answered null; expected');
    expect(() => checkedOption(true, 3, 's', 'watch', 1)).toThrow('answered true; expected');
  });
});

describe('checkedBoolean', () => {
  it('takes true or false and refuses what only reads as one', () => {
    expect(checkedBoolean(true, 's', 'fight', 1)).toBe(true);
    expect(checkedBoolean(false, 's', 'fight', 1)).toBe(false);
    const refusal = (answer: unknown) => () => checkedBoolean(answer, 's', 'fight', 1);
    expect(refusal(1)).toThrow('strategy "s" answered decision "fight" illegally in game seed 1: answered 1; expected true or false');
    expect(refusal('true')).toThrow('answered "true" (a string); expected true or false');
    expect(refusal(undefined)).toThrow('answered undefined; expected true or false');
  });
});

describe('strategyThrew', () => {
  it("keeps a strategy's message with line breaks on the one line of the error", () => {
    expect(strategyThrew('mine', 'watch', 3, new Error('a\nb\n  c')).message).toBe('strategy "mine" answered decision "watch" illegally in game seed 3: threw: a b c');
    expect(strategyThrew('mine', 'watch', 3, 'x\ny').message).toMatch(/threw: x y$/);
  });

  it('keeps what was thrown, passes a StrategyError on as it is, and says a changed view was changed, by its name', () => {
    const thrown = new TypeError('no');
    expect(strategyThrew('mine', 'watch', 3, thrown).thrown).toBe(thrown);
    const illegal = new StrategyError('inner', 'camp', 9, 'answered 7');
    expect(strategyThrew('mine', 'watch', 3, illegal)).toBe(illegal);
    const changed = strategyThrew('mine', 'watch', 3, new ViewChanged('view.fire was 7, is 6'));
    expect([changed.message, changed.thrown]).toEqual(['strategy "mine" answered decision "watch" illegally in game seed 3: changed its view, which it must only read: view.fire was 7, is 6', undefined]);
    const foreign = Object.assign(new Error('view.round was 2, is 3'), { name: 'ViewChanged' });
    expect(strategyThrew('mine', 'watch', 3, foreign).message).toMatch(/changed its view, which it must only read: view\.round was 2, is 3$/);
  });
});
