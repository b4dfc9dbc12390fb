import { InputError } from '../../core/errors.ts';
import {
  ADVENTURE_TYPES,
  adventureNumber,
  TRAITS,
  type Ability,
  type AbilityEffect,
  type AdventureCard,
  type CardEffect,
  type NecreauxContent,
  type TriggerName,
} from './content.ts';

/**
 * The content compiled once per engine into typed arrays indexed by card id. Card ids: adventure cards first
 * (sorted by their A-number), then the Scientists, the Escape Shuttle, the secret caches and the skills.
 */

export const Kind = {
  monster: 0,
  trap: 1,
  event: 2,
  room: 3,
  item: 4,
  cache: 5,
  scientists: 6,
  shuttle: 7,
  skill: 8,
} as const;
const KIND_OF_TYPE: Readonly<Record<string, number>> = Kind;

/** Effect op codes, shared by card effects and abilities. */
export const Op = {
  damage: 0,
  damageEach: 1,
  damageRoll: 2,
  xp: 3,
  countdown: 4,
  rest: 5,
  enable: 6,
  charge: 7,
  drawSkill: 8,
  peek: 9,
  drawAdventure: 10,
  endTurn: 11,
  delay: 12,
  neutralize: 13,
  discardLoot: 14,
  takeLoot: 15,
  slidingWall: 16,
  rollBonus: 17,
  reroll: 18,
  extraDie: 19,
  preventDamage: 20,
  monsterHit: 21,
  evadeMonster: 22,
  avoidCard: 23,
  destroyCard: 24,
  chargeSelf: 25,
  damageShortfall: 26,
  countdownShortfall: 27,
} as const;
const OP_OF_NAME: Readonly<Record<string, number>> = Op;
/** Op names by code, for logs. */
export const OP_NAMES: readonly string[] = Object.keys(Op);

/** An ability as the replay log names it: "Scout: peek 3". */
export function abilityText(cards: CardTable, ability: number): string {
  const amount = cards.abilityAmount[ability];
  return `${cards.names[cards.abilityCard[ability]]}: ${OP_NAMES[cards.abilityOp[ability]]}${amount === 0 ? '' : ` ${amount}`}`;
}

/** Ability triggers as bits; "anytime" abilities are offered at turn start, on draw, in combat and at rest. */
export const Trigger = {
  passive: 1,
  turnStart: 2,
  draw: 4,
  combat: 8,
  roll: 16,
  damage: 32,
  rest: 64,
  teammateDoubles: 128,
} as const;
const TRIGGER_BITS: Readonly<Record<TriggerName, number>> = {
  ...Trigger,
  anytime: Trigger.turnStart | Trigger.draw | Trigger.combat | Trigger.rest,
};

/** Roll kinds as bits. */
export const Roll = { combat: 1, speed: 2, trait: 4 } as const;
/** Slots per card or agent for per-roll-kind data, indexed by the roll kind's bit (1, 2, 4). */
export const ROLL_SLOTS = 8;
const ROLL_BITS: Readonly<Record<string, number>> = { ...Roll, any: Roll.combat | Roll.speed | Roll.trait };

export const TRAIT_COUNT = TRAITS.length;

/** Monster keyword flags. */
export const Monster = {
  explosive: 1,
  parasite: 2,
  chaoticDamage: 4,
  chaoticTargets: 8,
  stun: 16,
  swarming: 32,
} as const;

/** Keyword flags of skills and held cards. */
export const Keyword = { unstoppable: 1, irreplaceable: 2, soloBonus: 4 } as const;

export const TrapTest = { none: 0, team: 1, each: 2 } as const;

type Card = AdventureCard | NecreauxContent['specials'][number] | NecreauxContent['caches'][number] | NecreauxContent['skills'][number];
/** An ability and the id of the card that carries it. */
type CardAbility = { card: number; ability: Ability };

export class CardTable {
  readonly count: number;
  readonly ids: readonly string[];
  readonly names: readonly string[];
  readonly adventureCount: number;
  readonly scientists: number;
  readonly shuttle: number;
  readonly cacheStart: number;
  readonly cacheEnd: number;
  readonly skillStart: number;
  readonly skillEnd: number;

  readonly kind: Uint8Array;
  readonly number: Int16Array;
  readonly cv: Uint8Array;
  readonly loot: Uint8Array;
  readonly brutal: Uint8Array;
  readonly durable: Uint8Array;
  readonly relentless: Uint8Array;
  readonly boostTrait: Int8Array;
  readonly monsterFlags: Uint8Array;
  readonly parasiteRoll: Uint8Array;
  readonly parasitePenalty: Uint8Array;
  readonly trapTest: Uint8Array;
  readonly trapFailsAbove: Uint8Array;
  readonly redText: Uint8Array;
  readonly slidingWall: Uint8Array;
  /** The `per` of a trap's `damageShortfall` fail effect (0: none). */
  readonly shortfallPer: Uint8Array;
  /** The `per` of a trap's `countdownShortfall` fail effect (0: none). */
  readonly countdownShortfallPer: Uint8Array;
  readonly testTrait: Int8Array;
  readonly keywords: Uint8Array;
  readonly startCharges: Uint8Array;
  /** traitCount[card * TRAIT_COUNT + trait]: how many times the card shows the trait. */
  readonly traitCount: Uint8Array;
  readonly traitMask: Uint8Array;
  /** Union of the trigger bits of the card's abilities, to skip cards quickly. */
  readonly triggers: Uint8Array;
  /** passiveBonus[card * ROLL_SLOTS + roll kind bit]: the card's passive roll bonus for that kind of roll. */
  readonly passiveBonus: Int8Array;
  /** extraDie[card * ROLL_SLOTS + roll kind bit]: 1 when the card passively gives an extra die for that roll. */
  readonly extraDie: Uint8Array;

  /** Effect lists: the main list (room/event effects, trap fail text) and the trap pass text. */
  readonly mainStart: Int16Array;
  readonly mainEnd: Int16Array;
  readonly passStart: Int16Array;
  readonly passEnd: Int16Array;
  readonly effectOp: Uint8Array;
  readonly effectAmount: Int8Array;

  readonly abilityStart: Int16Array;
  readonly abilityEnd: Int16Array;
  readonly abilityCard: Int16Array;
  readonly abilityTrigger: Uint8Array;
  readonly abilityCost: Uint8Array;
  readonly abilityDiscards: Uint8Array;
  readonly abilityOp: Uint8Array;
  readonly abilityAmount: Int8Array;
  readonly abilityRoll: Uint8Array;
  /** For draw abilities: the adventure kinds they apply to, as bits (1 << kind). */
  readonly abilityOn: Uint8Array;
  /** Every roll ability is a bonus or a reroll, which only a roll that fails or ties can use. */
  readonly rollAbilitiesOnlyImprove: boolean;

  /** premade[agent] = the three skill ids of the How To Play agent, for as many agents as the file names. */
  readonly premade: readonly Int16Array[];

  constructor(content: NecreauxContent) {
    const all = cardsInIdOrder(content);
    const n = all.length;
    this.count = n;
    this.ids = all.map((c) => c.id);
    this.names = all.map((c) => c.name);
    this.adventureCount = content.adventure.length;
    this.scientists = this.adventureCount;
    this.shuttle = this.adventureCount + 1;
    this.cacheStart = this.adventureCount + 2;
    this.cacheEnd = this.cacheStart + content.caches.length;
    this.skillStart = this.cacheEnd;
    this.skillEnd = n;

    this.kind = new Uint8Array(n);
    this.number = new Int16Array(n);
    this.cv = new Uint8Array(n);
    this.loot = new Uint8Array(n);
    this.brutal = new Uint8Array(n).fill(1);
    this.durable = new Uint8Array(n).fill(1);
    this.relentless = new Uint8Array(n);
    this.boostTrait = new Int8Array(n).fill(-1);
    this.monsterFlags = new Uint8Array(n);
    this.parasiteRoll = new Uint8Array(n);
    this.parasitePenalty = new Uint8Array(n);
    this.trapTest = new Uint8Array(n);
    this.trapFailsAbove = new Uint8Array(n);
    this.redText = new Uint8Array(n);
    this.slidingWall = new Uint8Array(n);
    this.shortfallPer = new Uint8Array(n);
    this.countdownShortfallPer = new Uint8Array(n);
    this.testTrait = new Int8Array(n).fill(-1);
    this.keywords = new Uint8Array(n);
    this.startCharges = new Uint8Array(n);
    this.traitCount = new Uint8Array(n * TRAIT_COUNT);
    this.traitMask = new Uint8Array(n);
    this.triggers = new Uint8Array(n);
    this.passiveBonus = new Int8Array(n * ROLL_SLOTS);
    this.extraDie = new Uint8Array(n * ROLL_SLOTS);
    this.mainStart = new Int16Array(n);
    this.mainEnd = new Int16Array(n);
    this.passStart = new Int16Array(n);
    this.passEnd = new Int16Array(n);
    this.abilityStart = new Int16Array(n);
    this.abilityEnd = new Int16Array(n);

    const effects: CardEffect[] = [];
    const abilities: CardAbility[] = [];
    all.forEach((card, id) => this.compileCard(id, card, effects, abilities));

    this.effectOp = Uint8Array.from(effects, (e) => OP_OF_NAME[e.op]);
    this.effectAmount = Int8Array.from(effects, effectAmount);

    this.abilityCard = Int16Array.from(abilities, (a) => a.card);
    this.abilityTrigger = Uint8Array.from(abilities, (a) => TRIGGER_BITS[a.ability.trigger]);
    this.abilityCost = Uint8Array.from(abilities, (a) => a.ability.cost.charges);
    this.abilityDiscards = Uint8Array.from(abilities, (a) => (a.ability.cost.discardSelf ? 1 : 0));
    this.abilityOp = Uint8Array.from(abilities, (a) => OP_OF_NAME[a.ability.effect.op]);
    this.abilityAmount = Int8Array.from(abilities, (a) => effectAmount(a.ability.effect));
    this.abilityRoll = Uint8Array.from(abilities, (a) => rollBits(a.ability.effect));
    this.abilityOn = Uint8Array.from(abilities, (a) => kindBits(a.ability.on ?? ADVENTURE_TYPES));
    this.rollAbilitiesOnlyImprove = abilities.every(({ ability }) => ability.trigger !== 'roll' || ability.effect.op === 'rollBonus' || ability.effect.op === 'reroll');
    abilities.forEach((a, i) => this.addToTriggersAndPassives(a.card, i));

    const skillByName = new Map(content.skills.map((s, i) => [s.name, this.skillStart + i]));
    this.premade = content.premade.map((names) => Int16Array.from(names, (name) => skillByName.get(name)!));
  }

  /** Fills card `id`'s entries in the per-card tables; appends its effect lists and abilities to the shared lists. */
  private compileCard(id: number, card: Card, effects: CardEffect[], abilities: CardAbility[]): void {
    this.kind[id] = KIND_OF_TYPE[card.type];
    if (id < this.adventureCount) this.number[id] = adventureNumber(card.id);
    if (card.type === 'monster') this.compileMonster(id, card);
    if (card.type === 'trap') this.compileTrap(id, card, effects);
    if (card.type === 'event') this.compileEvent(id, card, effects);
    if (card.type === 'room') [this.mainStart[id], this.mainEnd[id]] = appendEffects(effects, card.effects);
    if ('traits' in card) this.compileHoldable(id, card, abilities);
    if ('keywords' in card && card.type !== 'monster') this.keywords[id] = keywordFlags(card.keywords);
  }

  private compileTrap(id: number, card: Extract<Card, { type: 'trap' }>, effects: CardEffect[]): void {
    if (card.test !== undefined) {
      this.trapTest[id] = card.test.roll === 'team' ? TrapTest.team : TrapTest.each;
      this.trapFailsAbove[id] = card.test.failWhen === 'aboveSpeed' ? 1 : 0;
    }
    this.redText[id] = card.redText ? 1 : 0;
    this.slidingWall[id] = card.fail.some((e) => e.op === 'slidingWall') ? 1 : 0;
    for (const e of card.fail) {
      if (e.op === 'damageShortfall') this.shortfallPer[id] = e.per;
      if (e.op === 'countdownShortfall') this.countdownShortfallPer[id] = e.per;
    }
    [this.mainStart[id], this.mainEnd[id]] = appendEffects(effects, card.fail);
    [this.passStart[id], this.passEnd[id]] = appendEffects(effects, card.pass);
  }

  private compileEvent(id: number, card: Extract<Card, { type: 'event' }>, effects: CardEffect[]): void {
    [this.mainStart[id], this.mainEnd[id]] = appendEffects(effects, card.effects);
    if (card.test !== undefined) this.testTrait[id] = TRAITS.indexOf(card.test.trait);
  }

  /** A card an agent can hold: its traits, starting charges and the range of its abilities. */
  private compileHoldable(id: number, card: Extract<Card, { traits: unknown }>, abilities: CardAbility[]): void {
    for (const trait of card.traits) {
      const t = TRAITS.indexOf(trait);
      this.traitCount[id * TRAIT_COUNT + t]++;
      this.traitMask[id] |= 1 << t;
    }
    this.startCharges[id] = card.startCharges;
    this.abilityStart[id] = abilities.length;
    for (const ability of card.abilities) abilities.push({ card: id, ability });
    this.abilityEnd[id] = abilities.length;
  }

  /** Adds an ability to its card's trigger union and, when passive, to the card's passive roll modifiers. */
  private addToTriggersAndPassives(card: number, ability: number): void {
    this.triggers[card] |= this.abilityTrigger[ability];
    if (this.abilityTrigger[ability] === Trigger.passive) this.compilePassive(card, ability);
  }

  /** Passive roll modifiers, summed per card and roll kind. */
  private compilePassive(card: number, ability: number): void {
    for (let kind = 1; kind < ROLL_SLOTS; kind <<= 1) {
      if ((this.abilityRoll[ability] & kind) === 0) continue;
      if (this.abilityOp[ability] === Op.rollBonus) this.passiveBonus[card * ROLL_SLOTS + kind] += this.abilityAmount[ability];
      if (this.abilityOp[ability] === Op.extraDie) this.extraDie[card * ROLL_SLOTS + kind] = 1;
    }
  }

  private compileMonster(id: number, card: Extract<AdventureCard, { type: 'monster' }>): void {
    const k = card.keywords;
    this.cv[id] = card.cv;
    this.loot[id] = card.loot;
    this.brutal[id] = k.brutal ?? 1;
    this.durable[id] = k.durable ?? 1;
    this.relentless[id] = k.relentless ?? 0;
    this.boostTrait[id] = k.boost === undefined ? -1 : TRAITS.indexOf(k.boost);
    this.monsterFlags[id] =
      (k.explosive ? Monster.explosive : 0) |
      (k.parasite ? Monster.parasite : 0) |
      (k.chaoticDamage ? Monster.chaoticDamage : 0) |
      (k.chaoticTargets ? Monster.chaoticTargets : 0) |
      (k.stun ? Monster.stun : 0) |
      (k.swarming ? Monster.swarming : 0);
    if (k.parasite) {
      this.parasiteRoll[id] = ROLL_BITS[k.parasite.roll];
      this.parasitePenalty[id] = k.parasite.amount;
    }
  }

  /** The card id of a content id such as "A-17" or "S-3"; an InputError for an unknown id. */
  idOf(contentId: string): number {
    const id = this.ids.indexOf(contentId);
    if (id < 0) throw new InputError(`no card with id "${contentId}"`);
    return id;
  }

  /** The card id of the first card with this name. */
  named(name: string): number {
    const id = this.names.indexOf(name);
    if (id < 0) throw new InputError(`no card named "${name}"`);
    return id;
  }

  hasKeyword(card: number, keyword: number): boolean {
    return (this.keywords[card] & keyword) !== 0;
  }

  isSkill(card: number): boolean {
    return card >= this.skillStart;
  }
}

/** Every card in card-id order (see the top of this file). */
function cardsInIdOrder(content: NecreauxContent): Card[] {
  const adventure = [...content.adventure].sort((a, b) => adventureNumber(a.id) - adventureNumber(b.id));
  const scientists = content.specials.find((s) => s.type === 'scientists')!;
  const shuttle = content.specials.find((s) => s.type === 'shuttle')!;
  return [...adventure, scientists, shuttle, ...content.caches, ...content.skills];
}

/** Appends a card's effect list to the shared list; returns where it starts and ends there. */
function appendEffects(effects: CardEffect[], list: readonly CardEffect[]): [number, number] {
  const start = effects.length;
  effects.push(...list);
  return [start, effects.length];
}

function keywordFlags(k: { unstoppable?: boolean; irreplaceable?: boolean; soloBonus?: boolean }): number {
  return (k.unstoppable ? Keyword.unstoppable : 0) | (k.irreplaceable ? Keyword.irreplaceable : 0) | (k.soloBonus ? Keyword.soloBonus : 0);
}

/** The roll kinds an effect applies to, as bits (0 for an effect that names no roll). */
function rollBits(effect: AbilityEffect): number {
  return 'roll' in effect ? ROLL_BITS[effect.roll] : 0;
}

/** Adventure card types as bits (1 << kind). */
function kindBits(types: readonly (typeof ADVENTURE_TYPES)[number][]): number {
  return types.reduce((bits, type) => bits | (1 << KIND_OF_TYPE[type]), 0);
}

/** The one number an effect carries (amount, count, steps or dice; 0 when it has none). */
function effectAmount(effect: AbilityEffect): number {
  if ('amount' in effect) return effect.amount;
  if ('count' in effect) return effect.count;
  if ('steps' in effect) return effect.steps;
  if ('dice' in effect) return effect.dice;
  if ('per' in effect) return effect.per;
  return 0;
}
