import { describe, expect, it } from 'vitest';
import { InputError, StrategyError } from '../../../src/core/errors.ts';
import { createNecreauxEngine } from '../../../src/games/necreaux/index.ts';
import { catchError, play, reference, testStrategy } from './helpers.ts';

describe('strategy errors', () => {
  it('an illegal answer throws a StrategyError naming the strategy, the decision and the seed', () => {
    const thrown = catchError(() => play({ settings: { agents: 2 } }, testStrategy({}, -1), 42));
    expect(thrown).toBeInstanceOf(StrategyError);
    expect(thrown).toMatchObject({ strategy: 'test', decision: 'chooseSpeed', gameSeed: 42 });
  });

  it('a non-integer answer is illegal', () => {
    const thrown = catchError(() => play({ settings: { agents: 2 } }, testStrategy({ chooseSpeed: () => 2.5 }), 3));
    expect(thrown).toMatchObject({ decision: 'chooseSpeed' });
  });

  it('a fight answer that is not true or false is illegal', () => {
    const thrown = catchError(() => play({ settings: { agents: 2 } }, testStrategy({ fight: () => 1 as unknown as boolean }, 15), 5));
    expect(thrown).toMatchObject({ decision: 'fight', gameSeed: 5 });
    expect(String(thrown)).toContain('answered 1; expected true or false');
  });

  it('a strategy that throws becomes a StrategyError for that decision', () => {
    const thrown = catchError(() =>
      play(
        { settings: { agents: 2 } },
        testStrategy({
          fight: () => {
            throw new Error('boom');
          },
        }, 15),
        5,
      ),
    );
    expect(thrown).toBeInstanceOf(StrategyError);
    expect(thrown).toMatchObject({ decision: 'fight', gameSeed: 5 });
    expect(String(thrown)).toContain('boom');
  });

  it('a damage point on an agent who cannot take it is illegal', () => {
    const thrown = catchError(() => play({ settings: { agents: 3 } }, testStrategy({ damageAgent: () => 7 }, 15), 9));
    expect(thrown).toMatchObject({ decision: 'damageAgent', gameSeed: 9 });
  });
});

describe('settings errors', () => {
  it('more players than agents is an InputError naming the field', () => {
    expect(() => createNecreauxEngine({ agents: 2, players: 3 }, reference, null)).toThrow(InputError);
    expect(() => createNecreauxEngine({ agents: 2, players: 3 }, reference, null)).toThrow(/players/);
  });

  it('variants that would start the countdown below what the rules can play are InputErrors naming the settings and what is playable', () => {
    expect(() => createNecreauxEngine({ agents: 4, noTimeToWaste: 'random' }, reference, null)).toThrow(InputError);
    expect(() => createNecreauxEngine({ agents: 4, noTimeToWaste: 'random' }, reference, null)).toThrow(
      'settings agents=4, noTimeToWaste=random: No Time To Waste moves the countdown from 5 to 0, which the rules cannot play (it must start at 1 or more); use 1-3 agents or noTimeToWaste=off',
    );
    expect(() => createNecreauxEngine({ agents: 3, noTimeToWaste: 'dealt', uncertainEnding: true }, reference, null)).not.toThrow();
    expect(() => createNecreauxEngine({ agents: 5, noTimeToWaste: 'random' }, reference, null)).toThrow(/from 4 to 0/);
    expect(() => createNecreauxEngine({ agents: 3, noTimeToWaste: 'random' }, reference, null)).not.toThrow();
    expect(() => createNecreauxEngine({ agents: 5, uncertainEnding: true }, reference, null)).not.toThrow();
  });

  it('values out of range are InputErrors naming the field', () => {
    expect(() => createNecreauxEngine({ agents: 6 }, reference, null)).toThrow(/agents/);
    expect(() => createNecreauxEngine({ level: '8' }, reference, null)).toThrow(/level/);
    expect(() => createNecreauxEngine({ uncertainEnding: 'yes' }, reference, null)).toThrow(/uncertainEnding/);
  });
});
