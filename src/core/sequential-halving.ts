/** The candidates a search compares, each judged by the total value of its rollouts. */
export interface Arms {
  /** Rollouts `from` to `to` (exclusive) are about to be played: draw what they share (their seeds). */
  prepare(from: number, to: number): void;
  /** Plays rollouts `from` to `to` of arm `arm`, returning the total of their values. */
  rollouts(arm: number, from: number, to: number): number;
}

/**
 * Sequential halving (Karnin, Koren and Somekh, "Almost optimal exploration in multi-armed bandits", 2013): every arm
 * gets a few rollouts, the better half goes on with more, and so on until one is left, so that most of a fixed budget
 * goes to telling the best arms apart instead of being spread evenly over arms that are plainly worse. Arms still in
 * have played the same rollouts (the same seeds: common random numbers), so their totals compare directly. Equal
 * totals go to the arm listed first. Allocation-free after construction.
 */
export class SequentialHalving {
  private readonly totals: Float64Array;
  /** The arms still in, best first after each round. */
  private readonly alive: Int32Array;

  constructor(
    maxArms: number,
    private readonly maxRollouts: number,
  ) {
    this.totals = new Float64Array(maxArms);
    this.alive = new Int32Array(maxArms);
  }

  /**
   * The best of arms 0..count-1 after about `budget` rollouts in all. Every arm still in plays at least one rollout a
   * round, so a budget under about twice the arms is exceeded: halving needs that many to compare them at all.
   */
  best(arms: Arms, count: number, budget: number): number {
    if (count > this.alive.length) throw new RangeError(`sequential halving over ${count} arms, built for at most ${this.alive.length}`);
    const rounds = Math.ceil(Math.log2(count));
    let alive = count;
    let played = 0;
    for (let arm = 0; arm < count; arm++) {
      this.alive[arm] = arm;
      this.totals[arm] = 0;
    }
    while (alive > 1 && played < this.maxRollouts) {
      const more = Math.min(this.maxRollouts - played, Math.max(1, Math.floor(budget / (alive * rounds))));
      arms.prepare(played, played + more);
      for (let i = 0; i < alive; i++) this.totals[this.alive[i]] += arms.rollouts(this.alive[i], played, played + more);
      played += more;
      this.sortAlive(alive);
      alive = Math.ceil(alive / 2);
    }
    return this.alive[0];
  }

  /** Insertion sort of the arms still in, best first. */
  private sortAlive(alive: number): void {
    for (let i = 1; i < alive; i++) {
      const arm = this.alive[i];
      let j = i - 1;
      for (; j >= 0 && this.ranksAbove(arm, this.alive[j]); j--) this.alive[j + 1] = this.alive[j];
      this.alive[j + 1] = arm;
    }
  }

  private ranksAbove(a: number, b: number): boolean {
    return this.totals[a] > this.totals[b] || (this.totals[a] === this.totals[b] && a < b);
  }
}
