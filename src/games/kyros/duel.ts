/**
 * Fast estimates of a hero-against-Giant-Lord combat, for strategies (no dice are rolled). A test or attack succeeds
 * when 2d10 + modifier meets or beats the target; `chance` is that probability, exactly.
 */

const AT_LEAST = new Float64Array(22);
for (let k = 0; k < 22; k++) {
  let ways = 0;
  for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a + b >= k) ways++;
  AT_LEAST[k] = ways / 100;
}

/** P(2d10 + modifier >= target). */
export function chance(modifier: number, target: number): number {
  const need = target - modifier;
  if (need <= 2) return 1;
  if (need > 20) return 0;
  return AT_LEAST[need];
}

/** The numbers of one duel, filled in by the caller; reused, never allocated per decision. */
export class DuelNumbers {
  /** Per phase: the hero's chance to hit when attacking, to avoid wounds when defending; wounds each side inflicts. */
  readonly attack = new Float64Array(3);
  readonly defend = new Float64Array(3);
  readonly heroDamage = new Float64Array(3);
  readonly lordDamage = new Float64Array(3);
  heroLifeLeft = 1;
  lordLifeLeft = 1;
  /** The rolls behind `attack` and `defend`: the hero's modifier and the target it must meet, per phase. */
  readonly attackModifier = new Int16Array(3);
  readonly attackTarget = new Int16Array(3);
  readonly defendModifier = new Int16Array(3);
  readonly defendTarget = new Int16Array(3);

  /** Copy `from` (a duel described with no counters) with the counters of `mask` added (see Counter in state.ts). */
  withCounters(from: DuelNumbers, mask: number): DuelNumbers {
    for (let p = 0; p < 3; p++) {
      const plus = (mask >> p) & 1;
      this.attackModifier[p] = from.attackModifier[p];
      this.attackTarget[p] = from.attackTarget[p] + 2 * plus;
      this.defendModifier[p] = from.defendModifier[p];
      this.defendTarget[p] = from.defendTarget[p] + 2 * plus;
      this.attack[p] = chance(this.attackModifier[p], this.attackTarget[p]);
      this.defend[p] = chance(this.defendModifier[p], this.defendTarget[p]);
      this.heroDamage[p] = from.heroDamage[p];
      this.lordDamage[p] = from.lordDamage[p] + plus;
    }
    this.heroLifeLeft = from.heroLifeLeft;
    this.lordLifeLeft = from.lordLifeLeft + ((mask & 16) !== 0 ? 1 : 0);
    return this;
  }

  /** How good attacking in `phase` is this round: the share of the Lord's life taken minus the share of the hero's. */
  phaseScore(phase: number): number {
    const dealt = this.attack[phase] * this.heroDamage[phase];
    return dealt / Math.max(1, this.lordLifeLeft) - this.taken(phase) / Math.max(1, this.heroLifeLeft);
  }

  /** Expected wounds the hero takes in a round it attacks in `phase` (a failed attack costs the phase's wounds too). */
  taken(phase: number): number {
    let wounds = 0;
    for (let p = 0; p < 3; p++) wounds += (1 - (p === phase ? this.attack[p] : this.defend[p])) * this.lordDamage[p];
    return wounds;
  }

  bestPhase(): number {
    let best = 0;
    for (let p = 1; p < 3; p++) if (this.phaseScore(p) > this.phaseScore(best)) best = p;
    return best;
  }

  /**
   * An approximate chance that the hero wins the duel: the expected rounds each side needs to take the other's life
   * (hits needed over hit chance, against life over wounds per round), turned into a probability by r2^2/(r1^2+r2^2).
   */
  winChance(): number {
    if (this.lordLifeLeft <= 0) return 1;
    let best = 0;
    for (let p = 0; p < 3; p++) {
      if (this.attack[p] <= 0 || this.heroDamage[p] <= 0) continue;
      const toWin = Math.ceil(this.lordLifeLeft / this.heroDamage[p]) / this.attack[p];
      const perRound = this.taken(p);
      const toLose = perRound <= 0 ? 1000 : Math.max(0.5, this.heroLifeLeft / perRound);
      const odds = (toLose * toLose) / (toLose * toLose + toWin * toWin);
      if (odds > best) best = odds;
    }
    return best;
  }
}
