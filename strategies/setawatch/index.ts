import type { StrategyDefinition } from '../../src/core/game.ts';
import type { SetawatchStrategy } from '../../src/games/setawatch/decisions.ts';
import { greedy } from './greedy.ts';
import { planner } from './planner.ts';
import { randomOption } from '../shared/random-option.ts';

const random = randomOption<SetawatchStrategy>('a uniformly random legal option at every decision (for fuzzing)');

export const setawatchStrategies: readonly StrategyDefinition<SetawatchStrategy>[] = [greedy, planner, random];
