import type { StrategyDefinition } from '../../src/core/game.ts';
import type { CampaignDecisionKind, CampaignView, DoomedrunStrategy } from '../../src/games/doomedrun/decisions.ts';
import { watchStrategy, WATCH_STRATEGIES } from './watch.ts';

/** Uniformly random legal campaign answers (a fuzzer), over a Set a Watch strategy (random by default). */
export const random: StrategyDefinition<DoomedrunStrategy> = {
  name: 'random',
  description: 'a uniformly random legal option at every campaign decision; the Watch by `watch` (default random)',
  params: [
    { name: 'watch', kind: 'enum', values: WATCH_STRATEGIES, default: 'random', description: 'the Set a Watch strategy that plays the rounds' },
    { name: 'budget', kind: 'int', min: 20, max: 1000000, default: 600, description: "the planner's simulated actions per Watch decision (with watch=planner)" },
  ],
  create: (params) => ({
    name: 'random',
    watch: watchStrategy(String(params.watch ?? 'random'), params),
    campaign: (_decision: CampaignDecisionKind, view: CampaignView) => view.random.int(view.count),
  }),
};
