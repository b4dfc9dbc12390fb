import { describe, expect, it } from 'vitest';
import { checkedOption } from '../../src/core/errors.ts';

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
});
