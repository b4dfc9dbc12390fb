import type { StrategyDefinition } from '../../src/core/game.ts';
import type { NecreauxStrategy, NecreauxView } from '../../src/games/necreaux/decisions.ts';
import { cardsToShuttle, SensibleStrategy, turnsLeft } from '../../strategies/necreaux/sensible.ts';

/**
 * An example of a user strategy (docs/writing-a-strategy.md): explore at a steady speed, then, once the countdown is
 * down to `sprintAt` turns, draw as many cards a turn as it takes to reach the expected Escape Shuttle in time.
 * Every other decision (fights, damage, charges, the escape...) is the shipped sensible default it extends.
 */
class SteadyThenSprint extends SensibleStrategy {
  readonly name = 'steady-then-sprint';

  constructor(
    private readonly speed: number,
    private readonly sprintAt: number,
  ) {
    super();
  }

  protected pickSpeed(view: NecreauxView): number {
    if (view.deckSize === 0) return 0;
    const turns = turnsLeft(view);
    if (turns > this.sprintAt) return this.speed;
    return Math.max(1, Math.ceil(cardsToShuttle(view) / Math.max(1, turns)));
  }
}

const steadyThenSprint: StrategyDefinition<NecreauxStrategy> = {
  name: 'steady-then-sprint',
  description: 'Explore at a steady speed, then sprint for the Escape Shuttle in the last turns',
  params: [
    { name: 'speed', kind: 'int', min: 1, max: 15, default: 6, description: 'cards drawn a turn before the sprint' },
    { name: 'sprintAt', kind: 'int', min: 1, max: 11, default: 2, description: 'turns left when the sprint starts' },
  ],
  create: (params) => new SteadyThenSprint(Number(params.speed ?? 6), Number(params.sprintAt ?? 2)),
};

export default steadyThenSprint;
