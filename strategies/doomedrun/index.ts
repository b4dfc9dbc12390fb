import type { StrategyDefinition } from '../../src/core/game.ts';
import type { DoomedrunStrategy } from '../../src/games/doomedrun/decisions.ts';
import { greedy } from './greedy.ts';
import { random } from './random.ts';

export const doomedrunStrategies: readonly StrategyDefinition<DoomedrunStrategy>[] = [greedy, random];
