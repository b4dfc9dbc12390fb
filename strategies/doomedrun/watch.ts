import { InputError } from '../../src/core/errors.ts';
import type { StrategyParamSpec } from '../../src/core/game.ts';
import type { SetawatchStrategy } from '../../src/games/setawatch/decisions.ts';
import { setawatchStrategies } from '../setawatch/index.ts';

/** The Set a Watch strategies a Doomed Run strategy can play its expeditions with (their default parameters). */
export const WATCH_STRATEGIES = setawatchStrategies.map((definition) => definition.name);

/** The named Set a Watch strategy, with its default parameters overridden by any of `given` it declares. */
export function watchStrategy(name: string, given: Readonly<Record<string, number | string>> = {}): SetawatchStrategy {
  const definition = setawatchStrategies.find((d) => d.name === name);
  if (definition === undefined) throw new InputError(`unknown Set a Watch strategy "${name}"; allowed: ${WATCH_STRATEGIES.join(', ')}`);
  const params: Record<string, number | string> = {};
  for (const param of definition.params) params[param.name] = given[param.name] ?? param.default;
  return definition.create(params);
}

/** The parameters every Doomed Run strategy takes for the Set a Watch strategy under it. */
export function watchParams(defaultWatch: string): StrategyParamSpec[] {
  return [
    { name: 'watch', kind: 'enum', values: WATCH_STRATEGIES, default: defaultWatch, description: 'the Set a Watch strategy that plays the rounds' },
    { name: 'budget', kind: 'int', min: 20, max: 1000000, default: 600, description: "the planner's simulated actions per Watch decision (with watch=planner)" },
  ];
}
