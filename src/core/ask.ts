import { checkedOption, strategyThrew } from './errors.ts';

/** A strategy that answers a decision by the index of one of the options its view offers. */
export interface OptionChooser<V> {
  readonly name: string;
  choose(decision: number, view: V): number;
}

/** The strategy's choice among `count` options; a throw or an answer out of range is a StrategyError. */
export function chooseOption<V>(strategy: OptionChooser<V>, decision: number, view: V, count: number, decisionName: string, seed: number): number {
  let answer: number;
  try {
    answer = strategy.choose(decision, view);
  } catch (error) {
    throw strategyThrew(strategy.name, decisionName, seed, error);
  }
  return checkedOption(answer, count, strategy.name, decisionName, seed);
}
