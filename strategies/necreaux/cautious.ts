import type { StrategyDefinition } from '../../src/core/game.ts';
import type { NecreauxStrategy, NecreauxView } from '../../src/games/necreaux/decisions.ts';
import { cardsToShuttle, isDangerous, SensibleStrategy, teamHasScientists, teamHealthShare, turnsLeft } from './sensible.ts';

const SLOW = 4;
const MAX_SPEED = 12;

/**
 * Goes slowly while it can afford to, rests whenever any heart is missing and time allows, flees dangerous
 * monsters, and escapes as soon as it holds the shuttle (with the Scientists if it can).
 */
class Cautious extends SensibleStrategy {
  readonly name = 'cautious';

  protected pickSpeed(view: NecreauxView): number {
    if (view.shuttleFound && teamHasScientists(view)) return 0;
    const turns = turnsLeft(view);
    const needed = Math.ceil(cardsToShuttle(view) / turns);
    if (teamHealthShare(view) < 1 && needed < SLOW && turns > 1) return 0;
    return Math.min(MAX_SPEED, Math.max(SLOW, needed));
  }

  override fight(view: NecreauxView): boolean {
    return !isDangerous(view, view.currentCard) || view.monsterHits > 0;
  }
}

export const cautious: StrategyDefinition<NecreauxStrategy> = {
  name: 'cautious',
  description: 'Slow and safe: rests when hurt, flees dangerous monsters',
  params: [],
  create: () => new Cautious(),
};

export default cautious;
