import type { StrategyDefinition } from '../../src/core/game.ts';
import { Decision, type DecisionKind, type DecisionView, type SetawatchStrategy } from '../../src/games/setawatch/decisions.ts';
import { greedyChoice } from '../../strategies/setawatch/greedy.ts';

/**
 * An example of a user strategy (docs/writing-a-strategy.md): the shipped greedy everywhere, except that the
 * adventurer with the lowest roll camps (its dice are worth least on Watch). Greedy camps whoever the Watch misses
 * least and gains most at camp (a weighted sum: mostly the fewest active cards, then the lowest roll, then an exhausted
 * card to refresh); comparing the two runs on the same seeds says whether the roll alone is better.
 */
function lowestRoll(view: DecisionView): number {
  const { options, state } = view;
  let best = 0;
  for (let i = 1; i < options.count; i++) if (state.rollTotal[options.target[i]] < state.rollTotal[options.target[best]]) best = i;
  return best;
}

const lowRollCamper: StrategyDefinition<SetawatchStrategy> = {
  name: 'low-roll-camper',
  description: 'Greedy, but the adventurer with the lowest roll camps',
  params: [],
  create: () => ({
    name: 'low-roll-camper',
    choose: (decision: DecisionKind, view: DecisionView) => (decision === Decision.camper ? lowestRoll(view) : greedyChoice(decision, view)),
  }),
};

export default lowRollCamper;
