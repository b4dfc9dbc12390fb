import type { StrategyDefinition } from '../../src/core/game.ts';
import type { NecreauxStrategy } from '../../src/games/necreaux/decisions.ts';
import { adaptive } from './adaptive.ts';
import { cautious } from './cautious.ts';
import { fixedSpeed } from './fixed-speed.ts';
import { random } from './random.ts';

/** The built-in strategies for The Island of Doctor Necreaux. */
export const necreauxStrategies: readonly StrategyDefinition<NecreauxStrategy>[] = [fixedSpeed, adaptive, cautious, random];
