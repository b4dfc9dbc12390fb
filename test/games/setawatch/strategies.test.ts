import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import setawatch from '../../../src/games/setawatch/index.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { setawatchStrategies } from '../../../strategies/setawatch/index.ts';
import { content } from './scenario.ts';

describe('the shipped strategies', () => {
  it('are greedy, planner and random, with the planner budget as a parameter', () => {
    expect(setawatchStrategies.map((s) => s.name)).toEqual(['greedy', 'planner', 'random']);
    expect(setawatchStrategies[1].params.map((p) => p.name)).toEqual(['budget']);
  });

  it.each(['greedy', 'planner', 'random'])('%s plays legal games to the end at every difficulty', (name) => {
    const definition = setawatchStrategies.find((s) => s.name === name)!;
    const strategy = definition.create({ budget: 40 });
    const out = new OutcomeRecord(3);
    for (let summons = 1; summons <= 4; summons++) {
      const engine = setawatch.createEngine(resolveSettings(setawatch, { summons }, '--set'), content, null);
      for (let seed = 0; seed < 3; seed++) {
        engine.playGame(seed, strategy, out);
        expect(setawatch.outcomes[out.outcome]).toBeDefined();
        expect(out.metrics[1]).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
