import type { StrategyDefinition } from '../../src/core/game.ts';
import type { CitiesStrategy } from '../../src/games/citiesofdoom/decisions.ts';
import { heuristic } from './heuristic.ts';
import { randomOption } from '../shared/random-option.ts';

const random = randomOption<CitiesStrategy>('a uniformly random legal option at every decision (for fuzzing and as a floor)');

/** The built-in strategies for Dicemaster: Cities of Doom (solo). */
export const citiesofdoomStrategies: readonly StrategyDefinition<CitiesStrategy>[] = [heuristic, random];
