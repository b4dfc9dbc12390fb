import type { StrategyDefinition } from '../../src/core/game.ts';
import type { DecisionKind, DecisionView, SetawatchStrategy } from '../../src/games/setawatch/decisions.ts';

/** Uniformly random legal answers, drawn from the engine's `strategy` stream: a fuzzer for the engine. */
export const random: StrategyDefinition<SetawatchStrategy> = {
  name: 'random',
  description: 'a uniformly random legal option at every decision (for fuzzing)',
  params: [],
  create: () => ({
    name: 'random',
    choose: (_decision: DecisionKind, view: DecisionView) => view.random.int(view.options.count),
  }),
};
