import type { Strategy, StrategyDefinition } from '../../src/core/game.ts';
import type { RandomStream } from '../../src/core/rng.ts';

/** What games whose decisions are "pick one of these listed options" show a strategy (Set a Watch, Kyros, Cities of Doom). */
interface OptionView {
  readonly random: RandomStream;
  readonly options: { readonly count: number };
}

/** Uniformly random legal answers, drawn from the engine's `strategy` stream: a fuzzer for the engine and a floor. */
export function randomOption<S extends Strategy>(description: string): StrategyDefinition<S> {
  return {
    name: 'random',
    description,
    params: [],
    create: () => ({ name: 'random', choose: (_decision: number, view: OptionView) => view.random.int(view.options.count) }) as Strategy as S,
  };
}
