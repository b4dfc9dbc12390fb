import type { StrategyDefinition } from '../../src/core/game.ts';
import type { SetawatchStrategy } from '../../src/games/setawatch/decisions.ts';
import { greedy } from './greedy.ts';
import { planner } from './planner.ts';
import { random } from './random.ts';

export const setawatchStrategies: readonly StrategyDefinition<SetawatchStrategy>[] = [greedy, planner, random];
