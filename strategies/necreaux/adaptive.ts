import type { StrategyDefinition } from '../../src/core/game.ts';
import type { NecreauxStrategy, NecreauxView } from '../../src/games/necreaux/decisions.ts';
import { cardsToShuttle, scientistsReachable, SensibleStrategy, teamHasScientists, teamHealthShare, turnsLeft } from './sensible.ts';

const MAX_SPEED = 20;
/** Below this share of its hearts the team rests, if the countdown allows it. */
const REST_BELOW_HEALTH = 0.4;

/**
 * Spreads the cards still to draw (to the expected place of the Escape Shuttle) over the turns left; rests when
 * the team is hurt and there is time, and once it holds the shuttle and the Scientists (it escapes at the end of
 * that turn).
 */
class Adaptive extends SensibleStrategy {
  readonly name = 'adaptive';

  constructor(private readonly reserve: number) {
    super();
  }

  protected pickSpeed(view: NecreauxView): number {
    const holdingBoth = view.shuttleFound && (teamHasScientists(view) || !scientistsReachable(view));
    if (holdingBoth || view.deckSize === 0) return 0;
    const turns = turnsLeft(view);
    // The last turn: everything left may be needed to reach the shuttle.
    if (turns <= 1 && !view.shuttleFound && !view.uncertainEnding) return Math.max(1, view.deckSize);
    const speed = Math.ceil(cardsToShuttle(view) / Math.max(1, turns - this.reserve));
    const slack = turns * MAX_SPEED - cardsToShuttle(view);
    if (teamHealthShare(view) < REST_BELOW_HEALTH && slack > MAX_SPEED) return 0;
    return Math.min(MAX_SPEED, Math.max(1, speed));
  }
}

export const adaptive: StrategyDefinition<NecreauxStrategy> = {
  name: 'adaptive',
  description: 'Speed = cards left to the expected Escape Shuttle / (turns left - reserve); rests when hurt and there is time',
  params: [{ name: 'reserve', kind: 'int', min: 0, max: 5, default: 0, description: 'turns kept in hand: the cards left are spread over the turns left less these' }],
  create: (params) => new Adaptive(Number(params.reserve ?? 0)),
};

export default adaptive;
