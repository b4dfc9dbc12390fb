import type { KyrosContent, ItemEffect, LordAbility } from './content.ts';
import { ATTRIBUTES, PHASES } from './content.ts';

/**
 * The content compiled into flat tables indexed by small integers: Giant Lords, heroes and items (one entry per
 * item card; market copies are listed in `marketDeck`). Per-phase values are stored at [card * 3 + phase].
 */

export const Phase = { ranged: 0, melee: 1, magic: 2 } as const;
export const PHASE_NAMES = PHASES;
export const ATTRIBUTE_NAMES = ATTRIBUTES;

/** The activated effect of an item (at most one per item). */
export const Activation = { none: 0, bomb: 1, reflect: 2, heal: 3, surge: 4 } as const;
export const ACTIVATION_NAMES = ['none', 'bomb', 'reflect', 'heal', 'surge'] as const;

function phaseList(phase: string): number[] {
  return phase === 'any' ? [0, 1, 2] : [PHASES.indexOf(phase as (typeof PHASES)[number])];
}

export class KyrosTables {
  readonly townNames: readonly string[];
  readonly defeatedBeforeEndgame: number;

  readonly lordCount: number;
  readonly lordNames: readonly string[];
  readonly lordValue: Int16Array;
  readonly lordDamage: Int16Array;
  readonly lordLife: Int16Array;
  readonly lordStamina: Int16Array;
  readonly lordRewardGold: Int16Array;
  readonly lordNoEscape: Uint8Array;
  /** The card's passive bonuses, per [lord * 3 + phase] (they add to the best item bonus of the town's stack). */
  readonly lordAbilityAttack: Int16Array;
  readonly lordAbilityDefense: Int16Array;
  readonly lordAbilityDamage: Int16Array;
  /** The card's passive reflect (phase -1: none). */
  readonly lordReflectPhase: Int8Array;
  readonly lordReflectAmount: Int16Array;
  /** The card's Before Combat strike, every round: wounds (0: none), test attribute (-1: no test) and difficulty. */
  readonly strikeWounds: Int16Array;
  readonly strikeAttribute: Int8Array;
  readonly strikeDifficulty: Int16Array;

  readonly heroCount: number;
  readonly heroNames: readonly string[];
  readonly heroValue: Int16Array;
  readonly heroDamage: Int16Array;
  readonly heroLife: Int16Array;
  readonly heroStamina: Int16Array;
  readonly heroLevel: Int16Array;
  readonly heroGold: Int16Array;
  readonly heroCounters: Int16Array;
  /** Starting items of each hero: heroItemStart[h] .. heroItemStart[h + 1] in heroItemList. */
  readonly heroItemStart: Int16Array;
  readonly heroItemList: Int16Array;

  readonly itemCount: number;
  readonly itemNames: readonly string[];
  readonly itemIsAlly: Uint8Array;
  /** An ally's combat lines per [item * 3 + phase], and its Life (0 for items). */
  readonly allyValue: Int16Array;
  readonly allyDamage: Int16Array;
  readonly allyLife: Int16Array;
  readonly itemCost: Int16Array;
  readonly attackBonus: Int16Array;
  readonly defenseBonus: Int16Array;
  readonly damageBonus: Int16Array;
  readonly activation: Uint8Array;
  /** Bomb: wounds, test attribute (-1: no test) and difficulty. */
  readonly bombWounds: Int16Array;
  readonly bombAttribute: Int8Array;
  readonly bombDifficulty: Int16Array;
  readonly reflectPhase: Int8Array;
  readonly reflectAmount: Int16Array;
  /** Exhaustion an activation costs (reflect, surge). */
  readonly exhaustCost: Int16Array;
  readonly healAmount: Int16Array;
  readonly surgeAmount: Int16Array;
  readonly travelTurns: Int16Array;
  /** 1 when a Giant Lord may use the item: not an ally, and not a card used only in the Movement Step. */
  readonly usableByLord: Uint8Array;
  /** The market deck: one entry per copy. */
  readonly marketDeck: Int16Array;

  constructor(content: KyrosContent) {
    this.townNames = content.towns.map((town) => town.name);
    this.defeatedBeforeEndgame = content.defeatedBeforeEndgame;

    const lords = content.giantLords;
    this.lordCount = lords.length;
    this.lordNames = lords.map((lord) => lord.name);
    this.lordValue = new Int16Array(lords.length * 3);
    this.lordDamage = new Int16Array(lords.length * 3);
    this.lordLife = Int16Array.from(lords, (lord) => lord.life);
    this.lordStamina = Int16Array.from(lords, (lord) => lord.stamina);
    this.lordRewardGold = Int16Array.from(lords, (lord) => lord.rewardGold);
    this.lordNoEscape = Uint8Array.from(lords, (lord) => (lord.noEscape ? 1 : 0));
    this.lordAbilityAttack = new Int16Array(lords.length * 3);
    this.lordAbilityDefense = new Int16Array(lords.length * 3);
    this.lordAbilityDamage = new Int16Array(lords.length * 3);
    this.lordReflectPhase = new Int8Array(lords.length).fill(-1);
    this.lordReflectAmount = new Int16Array(lords.length);
    this.strikeWounds = new Int16Array(lords.length);
    this.strikeAttribute = new Int8Array(lords.length).fill(-1);
    this.strikeDifficulty = new Int16Array(lords.length);
    lords.forEach((lord, i) => this.compileLord(i, lord));

    const items = content.items;
    this.itemCount = items.length;
    this.itemNames = items.map((card) => card.name);
    this.itemIsAlly = Uint8Array.from(items, (card) => (card.kind === 'ally' ? 1 : 0));
    this.allyValue = new Int16Array(items.length * 3);
    this.allyDamage = new Int16Array(items.length * 3);
    this.allyLife = new Int16Array(items.length);
    this.itemCost = Int16Array.from(items, (card) => card.cost);
    this.attackBonus = new Int16Array(items.length * 3);
    this.defenseBonus = new Int16Array(items.length * 3);
    this.damageBonus = new Int16Array(items.length * 3);
    this.activation = new Uint8Array(items.length);
    this.bombWounds = new Int16Array(items.length);
    this.bombAttribute = new Int8Array(items.length).fill(-1);
    this.bombDifficulty = new Int16Array(items.length);
    this.reflectPhase = new Int8Array(items.length).fill(-1);
    this.reflectAmount = new Int16Array(items.length);
    this.exhaustCost = new Int16Array(items.length);
    this.healAmount = new Int16Array(items.length);
    this.surgeAmount = new Int16Array(items.length);
    this.travelTurns = new Int16Array(items.length);
    this.usableByLord = new Uint8Array(items.length);
    items.forEach((card, i) => this.compileMarketCard(i, card));
    this.marketDeck = marketDeck(items);

    const heroes = content.heroes;
    this.heroCount = heroes.length;
    this.heroNames = heroes.map((h) => h.name);
    this.heroValue = new Int16Array(heroes.length * 3);
    this.heroDamage = new Int16Array(heroes.length * 3);
    heroes.forEach((h, i) => writePhaseLines(this.heroValue, this.heroDamage, i, [h.ranged, h.melee, h.magic]));
    this.heroLife = Int16Array.from(heroes, (h) => h.life);
    this.heroStamina = Int16Array.from(heroes, (h) => h.stamina);
    this.heroLevel = Int16Array.from(heroes, (h) => h.level);
    this.heroGold = Int16Array.from(heroes, (h) => h.gold);
    this.heroCounters = Int16Array.from(heroes, (h) => h.counters);
    this.heroItemStart = new Int16Array(heroes.length + 1);
    this.heroItemList = this.compileHeroItems(heroes);
  }

  private compileLord(i: number, lord: KyrosContent['giantLords'][number]): void {
    writePhaseLines(this.lordValue, this.lordDamage, i, [lord.ranged, lord.melee, lord.magic]);
    for (const ability of lord.abilities) this.addAbility(i, ability);
  }

  /** An ally's combat lines and Life, or an item's effects. */
  private compileMarketCard(i: number, card: KyrosContent['items'][number]): void {
    if (card.kind === 'ally') {
      writePhaseLines(this.allyValue, this.allyDamage, i, [card.ranged, card.melee, card.magic]);
      this.allyLife[i] = card.life;
      return;
    }
    for (const effect of card.effects) this.addEffect(i, effect);
    const movementOnly = card.effects.length > 0 && card.effects.every((effect) => effect.op === 'travel');
    this.usableByLord[i] = movementOnly ? 0 : 1;
  }

  /** Fills heroItemStart; returns the item ids the heroes carry, hero after hero. */
  private compileHeroItems(heroes: KyrosContent['heroes']): Int16Array {
    const list: number[] = [];
    heroes.forEach((h, i) => {
      this.heroItemStart[i] = list.length;
      for (const carried of h.items) list.push(this.itemNames.indexOf(carried));
    });
    this.heroItemStart[heroes.length] = list.length;
    return Int16Array.from(list);
  }

  private addEffect(i: number, effect: ItemEffect): void {
    switch (effect.op) {
      case 'attackBonus':
        return raise(this.attackBonus, i, effect.phase, effect.amount);
      case 'defenseBonus':
        return raise(this.defenseBonus, i, effect.phase, effect.amount);
      case 'damageBonus':
        return raise(this.damageBonus, i, effect.phase, effect.amount);
      case 'bomb':
        this.activation[i] = Activation.bomb;
        this.bombWounds[i] = effect.wounds;
        if (effect.test) {
          this.bombAttribute[i] = ATTRIBUTES.indexOf(effect.test.attribute);
          this.bombDifficulty[i] = effect.test.difficulty;
        }
        return;
      case 'reflect':
        this.activation[i] = Activation.reflect;
        this.reflectPhase[i] = PHASES.indexOf(effect.phase);
        this.reflectAmount[i] = effect.amount;
        this.exhaustCost[i] = effect.exhaust;
        return;
      case 'heal':
        this.activation[i] = Activation.heal;
        this.healAmount[i] = effect.amount;
        return;
      case 'surge':
        this.activation[i] = Activation.surge;
        this.surgeAmount[i] = effect.amount;
        this.exhaustCost[i] = effect.exhaust;
        return;
      case 'travel':
        this.travelTurns[i] = effect.turns;
        return;
    }
  }

  private addAbility(lord: number, ability: LordAbility): void {
    switch (ability.op) {
      case 'attackBonus':
        return raise(this.lordAbilityAttack, lord, ability.phase, ability.amount);
      case 'defenseBonus':
        return raise(this.lordAbilityDefense, lord, ability.phase, ability.amount);
      case 'damageBonus':
        return raise(this.lordAbilityDamage, lord, ability.phase, ability.amount);
      case 'reflect':
        this.lordReflectPhase[lord] = PHASES.indexOf(ability.phase);
        this.lordReflectAmount[lord] = ability.amount;
        return;
      case 'strike':
        this.strikeWounds[lord] = ability.wounds;
        if (ability.test) {
          this.strikeAttribute[lord] = ATTRIBUTES.indexOf(ability.test.attribute);
          this.strikeDifficulty[lord] = ability.test.difficulty;
        }
        return;
    }
  }
}

/** The market deck: each item's index, once per copy. */
function marketDeck(items: KyrosContent['items']): Int16Array {
  const deck: number[] = [];
  items.forEach((card, i) => {
    for (let copy = 0; copy < card.copies; copy++) deck.push(i);
  });
  return Int16Array.from(deck);
}

/** A passive bonus of one card in `phase` ('any': all three): the best of its bonuses of that kind counts. */
function raise(table: Int16Array, card: number, phase: string, amount: number): void {
  for (const p of phaseList(phase)) table[card * 3 + p] = Math.max(table[card * 3 + p], amount);
}

/** A card's combat lines (value and damage, ranged, melee, magic) into its three per-phase places. */
function writePhaseLines(value: Int16Array, damage: Int16Array, card: number, lines: readonly (readonly [number, number])[]): void {
  lines.forEach(([lineValue, lineDamage], phase) => {
    value[card * 3 + phase] = lineValue;
    damage[card * 3 + phase] = lineDamage;
  });
}
