import type { StrategyDefinition } from '../../src/core/game.ts';
import type { NecreauxStrategy, NecreauxView } from '../../src/games/necreaux/decisions.ts';
import { cardsToShuttle, isHurt, scientistsReachable, SensibleStrategy, teamHasScientists, turnsLeft } from './sensible.ts';

const MAX_SPEED = 20;
/** Turns kept in hand by default: playing ahead of the clock absorbs lost countdown steps and cut-short turns. */
const DEFAULT_RESERVE = 4;

/**
 * Spreads the cards still to draw (to the expected place of the Escape Shuttle) over the turns left less a reserve;
 * rests when the team is hurt and the rest leaves that reserve, and once it holds the shuttle and the Scientists (it
 * escapes at the end of that turn).
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
    const cards = cardsToShuttle(view);
    if (isHurt(view) && this.canAffordRest(cards, turns)) return 0;
    const speed = Math.ceil(cards / Math.max(1, turns - this.reserve));
    return Math.min(MAX_SPEED, Math.max(1, speed));
  }

  /** A rest costs a turn: affordable while the cards left fit, at full speed, in the turns after it less the reserve. */
  private canAffordRest(cards: number, turns: number): boolean {
    const spareTurns = turns - 1 - this.reserve;
    return spareTurns > 0 && cards <= spareTurns * MAX_SPEED;
  }
}

export const adaptive: StrategyDefinition<NecreauxStrategy> = {
  name: 'adaptive',
  description: 'Speed = cards left to the expected Escape Shuttle / (turns left - reserve); rests when hurt and the rest leaves the reserve',
  params: [
    {
      name: 'reserve',
      kind: 'int',
      min: 0,
      max: 5,
      default: DEFAULT_RESERVE,
      description: 'turns kept in hand: the cards left are spread over the turns left less these',
    },
  ],
  create: (params) => new Adaptive(Number(params.reserve ?? DEFAULT_RESERVE)),
};

export default adaptive;
