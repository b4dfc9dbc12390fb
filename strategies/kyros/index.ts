import type { StrategyDefinition } from '../../src/core/game.ts';
import type { KyrosStrategy } from '../../src/games/kyros/decisions.ts';
import { greedy } from './greedy.ts';
import { randomOption } from '../shared/random-option.ts';

const random = randomOption<KyrosStrategy>('a uniformly random legal option at every decision, for every seat (for fuzzing)');

export const kyrosStrategies: readonly StrategyDefinition<KyrosStrategy>[] = [greedy, random];
