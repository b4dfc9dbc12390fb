import type { DecisionView } from '../../src/games/kyros/decisions.ts';
import { CounterTable, DuelNumbers } from '../../src/games/kyros/duel.ts';
import { type KyrosState, MAX_SEATS, MAX_TOWNS, popcount } from '../../src/games/kyros/state.ts';

/** Counter masks of each size (0-5 counters), smallest mask first. */
const MASKS_OF_SIZE: readonly Int8Array[] = [0, 1, 2, 3, 4, 5].map((size) => Int8Array.from(Array.from({ length: 32 }, (_, mask) => mask).filter((mask) => popcount(mask) === size)));
const PAIRS = MAX_SEATS * MAX_TOWNS;

/**
 * The greedy strategy's duel estimates. A hero's estimated chance against a town's Giant Lord depends only on the
 * duel with no counters (the Lord, the town's market stack, the hero, its items), the counters given and the life the
 * hero has left. So each (seat, town) pair keeps that duel as a CounterTable, which answers for any counters and life,
 * for as long as the engine's stamps say neither the stack nor the items changed. Nothing is allocated after
 * construction.
 */
export class DuelCache {
  private state: KyrosState | null = null;
  /** Per pair: the stamps its table was filled under, and the table. */
  private readonly townStamp = new Float64Array(PAIRS).fill(-1);
  private readonly seatStamp = new Float64Array(PAIRS).fill(-1);
  private readonly tables: readonly CounterTable[] = Array.from({ length: PAIRS }, () => new CounterTable());
  private readonly base = new DuelNumbers();

  /** The duel `seat` would fight at `town`, under any counters and life; filled afresh when the stack or the items changed. */
  duel(view: DecisionView, seat: number, town: number): CounterTable {
    const s = view.state;
    if (s !== this.state) this.forget(s);
    const pair = seat * MAX_TOWNS + town;
    if (this.townStamp[pair] !== s.townStamp[town] || this.seatStamp[pair] !== s.seatStamp[seat]) {
      this.townStamp[pair] = s.townStamp[town];
      this.seatStamp[pair] = s.seatStamp[seat];
      this.tables[pair].fill(view.rules.describeDuel(seat, town, 0, this.base));
    }
    return this.tables[pair];
  }

  /** A strategy used with another engine's state: its stamps mean nothing here. */
  private forget(state: KyrosState): void {
    this.state = state;
    this.townStamp.fill(-1);
    this.seatStamp.fill(-1);
  }
}

/** The counter set of `cap` types that lowers the hero's estimated chance most (the first such mask on ties). */
export function worstCounters(duel: CounterTable, cap: number, life: number): number {
  const masks = MASKS_OF_SIZE[cap];
  let worst = masks[0];
  let lowest = 2;
  for (let i = 0; i < masks.length; i++) {
    const odds = duel.winChance(masks[i], life);
    if (odds < lowest) {
      lowest = odds;
      worst = masks[i];
    }
  }
  return worst;
}

const harm = new Float64Array(5);

/**
 * The hero's own guess of the counters it will face, cheaper than worstCounters: the `cap` types that each lower its
 * estimated chance most on their own, with `life` left.
 */
export function expectedCounters(duel: CounterTable, cap: number, life: number): number {
  if (cap === 0 || cap === 5) return MASKS_OF_SIZE[cap][0];
  for (let c = 0; c < 5; c++) harm[c] = duel.winChance(1 << c, life);
  let mask = 0;
  for (let k = 0; k < cap; k++) {
    let pick = -1;
    for (let c = 0; c < 5; c++) if ((mask & (1 << c)) === 0 && (pick < 0 || harm[c] < harm[pick])) pick = c;
    mask |= 1 << pick;
  }
  return mask;
}
