import type { StrategyDefinition } from '../../src/core/game.ts';
import type { NecreauxStrategy } from '../../src/games/necreaux/decisions.ts';
import { SensibleStrategy } from './sensible.ts';

/** Explores at the same speed every turn and never rests; every other decision is the sensible default. */
class FixedSpeed extends SensibleStrategy {
  readonly name = 'fixed-speed';

  constructor(private readonly speed: number) {
    super();
  }

  protected pickSpeed(): number {
    return this.speed;
  }
}

export const fixedSpeed: StrategyDefinition<NecreauxStrategy> = {
  name: 'fixed-speed',
  description: 'Explore at the same speed every turn, never rest',
  params: [{ name: 'speed', kind: 'int', min: 1, max: 40, default: 7, description: 'Cards to draw each turn' }],
  create: (params) => new FixedSpeed(Number(params.speed ?? 7)),
};

export default fixedSpeed;
