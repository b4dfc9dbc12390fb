import type { KyrosTables } from './cards.ts';
import { Counter, ITEM_CAPACITY, type KyrosState, STACK_CAPACITY } from './state.ts';

/**
 * Each side's combat numbers before counters: a town's Giant Lord (card values, the best passive bonus of the stack's
 * usable items per phase, plus the card's own abilities) and a seat's hero (its items' best passive bonuses and travel
 * bonus). They change only when the stack or the items do, so each is kept until the state's stamp for it changes.
 */

export class LordProfile {
  readonly value = new Int16Array(3);
  readonly damage = new Int16Array(3);
  readonly attackBonus = new Int16Array(3);
  readonly defenseBonus = new Int16Array(3);
  life = 0;
  stamina = 0;
  private stamp = -1;

  /** Refill for `town` unless it is already up to date. */
  update(state: KyrosState, tables: KyrosTables, town: number): this {
    if (this.stamp === state.townStamp[town]) return this;
    this.stamp = state.townStamp[town];
    const lord = state.townLord[town];
    bestBonuses(tables, state.stack, town * STACK_CAPACITY, state.stackSize[town], tables.usableByLord, this.attackBonus, this.defenseBonus, this.damage);
    for (let p = 0; p < 3; p++) {
      const at = lord * 3 + p;
      this.value[p] = tables.lordValue[at];
      this.damage[p] += tables.lordDamage[at] + tables.lordAbilityDamage[at];
      this.attackBonus[p] += tables.lordAbilityAttack[at];
      this.defenseBonus[p] += tables.lordAbilityDefense[at];
    }
    this.life = tables.lordLife[lord];
    this.stamina = tables.lordStamina[lord];
    return this;
  }

  // The experience counters of `mask` (see Counter): +2 Mind / Body / Spirit add 2 to the phase's value and 1 to its
  // damage; +2 Stamina and +1 Life add to those.

  valueWith(phase: number, mask: number): number {
    return this.value[phase] + 2 * ((mask >> phase) & 1);
  }

  damageWith(phase: number, mask: number): number {
    return this.damage[phase] + ((mask >> phase) & 1);
  }

  lifeWith(mask: number): number {
    return this.life + ((mask & Counter.life) !== 0 ? 1 : 0);
  }

  staminaWith(mask: number): number {
    return this.stamina + ((mask & Counter.stamina) !== 0 ? 2 : 0);
  }
}

export class HeroProfile {
  readonly attackBonus = new Int16Array(3);
  readonly defenseBonus = new Int16Array(3);
  readonly damage = new Int16Array(3);
  /** Turns the best travel item saves. */
  travelBonus = 0;
  private stamp = -1;

  /** Refill for `seat` unless it is already up to date. */
  update(state: KyrosState, tables: KyrosTables, seat: number): this {
    if (this.stamp === state.seatStamp[seat]) return this;
    this.stamp = state.seatStamp[seat];
    bestBonuses(tables, state.items, seat * ITEM_CAPACITY, state.itemCount[seat], null, this.attackBonus, this.defenseBonus, this.damage);
    const hero = state.seatHero[seat];
    for (let p = 0; p < 3; p++) this.damage[p] += tables.heroDamage[hero * 3 + p];
    this.travelBonus = 0;
    for (let i = 0; i < state.itemCount[seat]; i++) this.travelBonus = Math.max(this.travelBonus, tables.travelTurns[state.itemAt(seat, i)]);
    return this;
  }
}

/** Per phase, the best attack, defence and damage bonus among `count` cards at `cards[start..]` (those `usable` allows). */
function bestBonuses(tables: KyrosTables, cards: Int16Array, start: number, count: number, usable: Uint8Array | null, attack: Int16Array, defense: Int16Array, damage: Int16Array): void {
  attack.fill(0);
  defense.fill(0);
  damage.fill(0);
  for (let i = start; i < start + count; i++) {
    const card = cards[i];
    if (usable !== null && usable[card] === 0) continue;
    for (let p = 0; p < 3; p++) {
      attack[p] = Math.max(attack[p], tables.attackBonus[card * 3 + p]);
      defense[p] = Math.max(defense[p], tables.defenseBonus[card * 3 + p]);
      damage[p] = Math.max(damage[p], tables.damageBonus[card * 3 + p]);
    }
  }
}
