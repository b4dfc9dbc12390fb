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

  /** How good attacking in `phase` is this round: the share of the Lord's life taken minus the share of the hero's. */
  phaseScore(phase: number): number {
    const dealt = this.attack[phase] * this.heroDamage[phase];
    return dealt / Math.max(1, this.lordLifeLeft) - this.taken(phase) / Math.max(1, this.heroLifeLeft);
  }

  /** Expected wounds the hero takes in a round it attacks in `phase` (a failed attack costs the phase's wounds too). */
  taken(phase: number): number {
    let wounds = 0;
    for (let p = 0; p < 3; p++) wounds += p === phase ? (1 - this.attack[p]) * this.lordDamage[p] : this.defendLoss(p);
    return wounds;
  }

  /** Expected wounds the hero takes defending in `phase`. */
  defendLoss(phase: number): number {
    return (1 - this.defend[phase]) * this.lordDamage[phase];
  }

  bestPhase(): number {
    let best = 0;
    let bestScore = this.phaseScore(0);
    for (let p = 1; p < 3; p++) {
      const score = this.phaseScore(p);
      if (score > bestScore) {
        best = p;
        bestScore = score;
      }
    }
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
      const chanceHere = odds(toWin, this.taken(p), this.heroLifeLeft);
      if (chanceHere > best) best = chanceHere;
    }
    return best;
  }
}

/** winChance's odds of one attack phase: rounds to win against rounds to lose (life over wounds taken per round). */
function odds(toWin: number, perRound: number, heroLifeLeft: number): number {
  const toLose = perRound <= 0 ? 1000 : Math.max(0.5, heroLifeLeft / perRound);
  return (toLose * toLose) / (toLose * toLose + toWin * toWin);
}

const NO_WIN = -1;

/**
 * One duel (described with no counters) under every counter set at once: per phase, with and without that phase's
 * +2 counter, the wounds the hero expects attacking and defending there, and the rounds it needs to win there (with
 * and without the +1 Life counter). winChance(mask, life) is, bit for bit, DuelNumbers.winChance of the duel
 * described with those counters and that life (the same operations on the same numbers), without describing it.
 */
export class CounterTable {
  /** [(phase * 2 + phase counter) * 2 + life counter]; NO_WIN where the hero cannot hurt the Lord. */
  private readonly toWin = new Float64Array(12);
  /** [phase * 2 + phase counter]: the wounds the hero expects attacking / defending in the phase. */
  private readonly attackLoss = new Float64Array(6);
  private readonly defendLoss = new Float64Array(6);
  /** [(mask & 7) * 3 + attack phase]: the wounds the hero expects a round (DuelNumbers.taken). */
  private readonly perRound = new Float64Array(24);

  fill(base: DuelNumbers): this {
    for (let p = 0; p < 3; p++) {
      for (let plus = 0; plus < 2; plus++) {
        const attack = chance(base.attackModifier[p], base.attackTarget[p] + 2 * plus);
        const lordDamage = base.lordDamage[p] + plus;
        this.attackLoss[p * 2 + plus] = (1 - attack) * lordDamage;
        this.defendLoss[p * 2 + plus] = (1 - chance(base.defendModifier[p], base.defendTarget[p] + 2 * plus)) * lordDamage;
        const hurts = attack > 0 && base.heroDamage[p] > 0;
        for (let life = 0; life < 2; life++) {
          this.toWin[(p * 2 + plus) * 2 + life] = hurts ? Math.ceil((base.lordLifeLeft + life) / base.heroDamage[p]) / attack : NO_WIN;
        }
      }
    }
    const attackLoss = this.attackLoss;
    const defendLoss = this.defendLoss;
    for (let mask = 0; mask < 8; mask++) {
      const ranged = mask & 1;
      const melee = 2 + ((mask >> 1) & 1);
      const magic = 4 + ((mask >> 2) & 1);
      // Summed in phase order, as DuelNumbers.taken does.
      this.perRound[mask * 3] = attackLoss[ranged] + defendLoss[melee] + defendLoss[magic];
      this.perRound[mask * 3 + 1] = defendLoss[ranged] + attackLoss[melee] + defendLoss[magic];
      this.perRound[mask * 3 + 2] = defendLoss[ranged] + defendLoss[melee] + attackLoss[magic];
    }
    return this;
  }

  /** The hero's chance against the counters of `mask` (see Counter in state.ts) with `heroLifeLeft` (a Lord with life left). */
  winChance(mask: number, heroLifeLeft: number): number {
    const life = (mask >> 4) & 1;
    let best = 0;
    for (let p = 0; p < 3; p++) {
      const toWin = this.toWin[(p * 2 + ((mask >> p) & 1)) * 2 + life];
      if (toWin === NO_WIN) continue;
      const chanceHere = odds(toWin, this.perRound[(mask & 7) * 3 + p], heroLifeLeft);
      if (chanceHere > best) best = chanceHere;
    }
    return best;
  }
}
