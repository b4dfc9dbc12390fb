import type { StrategyDefinition } from '../../src/core/game.ts';
import type { CampaignDecisionKind, CampaignView, DoomedrunStrategy } from '../../src/games/doomedrun/decisions.ts';
import { watchParams, watchStrategy } from './watch.ts';

/** Uniformly random legal campaign answers (a fuzzer), over a Set a Watch strategy (random by default). */
export const random: StrategyDefinition<DoomedrunStrategy> = {
  name: 'random',
  description: 'a uniformly random legal option at every campaign decision; the Watch by `watch` (default random)',
  params: watchParams('random'),
  create: (params) => ({
    name: 'random',
    watch: watchStrategy(String(params.watch ?? 'random'), params),
    campaign: (_decision: CampaignDecisionKind, view: CampaignView) => view.random.int(view.count),
  }),
};
