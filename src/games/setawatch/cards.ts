import { InputError } from '../../core/errors.ts';
import type { AbilityCard, AbilityEffect, AdventurerCard, CampAction, ContentSet, LocationEffect, Power, PowerEffect, SetawatchContent } from './content.ts';
import { POWER_TIMINGS } from './content.ts';

/**
 * The content of one game configuration (sets in play, party) compiled into flat tables indexed by small integers:
 * creature cards (creatures, Acolytes, Summons and Unhallowed share one id space), locations, ability cards.
 */

export const Kind = { creature: 0, acolyte: 1, summon: 2, unhallowed: 3 } as const;
export const Timing = { reveal: 0, first: 1, ongoing: 2, defeated: 3, endOfRound: 4, endOfLine: 5 } as const;
const TIMINGS = POWER_TIMINGS.length;
export const LocationKind = { regular: 0, final: 1, respite: 2 } as const;
export const HALVE_FIRE = 99;

/** A location's effects as plain fields, so the rules read `location.chopBonus` instead of searching a list. */
export class LocationRules {
  typeHealthMask: number[] = [];
  typeHealthAmount: number[] = [];
  revealAmount = 0;
  revealMin = 0;
  chopBonus = 0;
  raiseLowestDie = 0;
  firstPositionFire = 0;
  lockLowestDie = false;
  rangeBonus = 0;
  summonToDeckBottom = false;
  chooseSummoned = false;
  graveyardStrongestToLine = false;
  swapExhausted = false;
  burnBonus = 0;
  campAnyValue = false;
  cleanClearRefresh = 0;
  /** The cards the camper refreshes: one, two at Remote Tavern, none at Haunted Manor. */
  camperRefreshes = 1;
  sealChosen = false;
  defeatedToDeckBottomMask = 0;
  unhallowedToLine = false;
  summonExtraExhaust = 0;
  highestRollCamps = false;
  allDice = 0;
  noPassives = false;
  noCombining = false;
  defeatOneRevealed = false;
  rerollAfterFirstDefeat = false;
  camperReroll = false;
  lowRollRefreshBelow = 0;

  constructor(effects: readonly LocationEffect[], tables: { typeMask(types: readonly string[]): number }) {
    for (const effect of effects) this.add(effect, tables);
  }

  private add(effect: LocationEffect, tables: { typeMask(types: readonly string[]): number }): void {
    switch (effect.op) {
      case 'typeHealth':
        this.typeHealthMask.push(tables.typeMask([effect.type]));
        this.typeHealthAmount.push(effect.amount);
        return;
      case 'revealCount':
        this.revealAmount = effect.amount;
        this.revealMin = effect.min;
        return;
      case 'chopBonus':
        this.chopBonus = effect.amount;
        return;
      case 'raiseLowestDie':
        this.raiseLowestDie = effect.amount;
        return;
      case 'firstPositionFire':
        this.firstPositionFire = effect.amount;
        return;
      case 'lockLowestDie':
        this.lockLowestDie = true;
        return;
      case 'rangeBonus':
        this.rangeBonus = effect.amount;
        return;
      case 'summonToDeckBottom':
        this.summonToDeckBottom = true;
        return;
      case 'chooseSummoned':
        this.chooseSummoned = true;
        return;
      case 'graveyardStrongestToLine':
        this.graveyardStrongestToLine = true;
        return;
      case 'swapExhausted':
        this.swapExhausted = true;
        return;
      case 'burnBonus':
        this.burnBonus = effect.amount;
        return;
      case 'campAnyValue':
        this.campAnyValue = true;
        return;
      case 'cleanClearRefresh':
        this.cleanClearRefresh = effect.count;
        return;
      case 'camperRefresh':
        this.camperRefreshes = 1 + effect.amount;
        return;
      case 'sealChosen':
        this.sealChosen = true;
        return;
      case 'defeatedToDeckBottom':
        this.defeatedToDeckBottomMask |= tables.typeMask([effect.type]);
        return;
      case 'unhallowedToLine':
        this.unhallowedToLine = true;
        return;
      case 'summonExtraExhaust':
        this.summonExtraExhaust = effect.count;
        return;
      case 'highestRollCamps':
        this.highestRollCamps = true;
        return;
      case 'allDice':
        this.allDice = effect.amount;
        return;
      case 'noPassives':
        this.noPassives = true;
        return;
      case 'noCombining':
        this.noCombining = true;
        return;
      case 'defeatOneRevealed':
        this.defeatOneRevealed = true;
        return;
      case 'rerollAfterFirstDefeat':
        this.rerollAfterFirstDefeat = true;
        return;
      case 'camperReroll':
        this.camperReroll = true;
        return;
      case 'lowRollRefresh':
        this.lowRollRefreshBelow = effect.below;
        return;
    }
  }
}

export interface CompiledLocation {
  readonly name: string;
  readonly kind: number;
  readonly fire: number;
  readonly line: number;
  readonly rules: LocationRules;
}

export interface CompiledAbility {
  readonly name: string;
  readonly passive: boolean;
  readonly modes: readonly (readonly AbilityEffect[])[];
  /** The passive's op, or '' for an activated card. */
  readonly passiveOp: string;
  /** Per mode, the step whose target an option names (targetedStep), or -1. */
  readonly targeted: readonly number[];
  /** Per mode, whether it reveals cards, then defeats one of them (Backstab: revealsThenDefeats). */
  readonly revealsThenDefeats: readonly boolean[];
}

/** A mode that reveals cards, then defeats one of them (Backstab). */
export function revealsThenDefeats(steps: readonly AbilityEffect[]): boolean {
  const reveal = steps.findIndex((step) => step.op === 'reveal');
  return reveal >= 0 && steps.some((step, i) => i > reveal && step.op === 'defeatUpToRoll');
}

/** The step whose target the option names: the first targeted step not preceded by a reveal; -1 when none. */
export function targetedStep(steps: readonly AbilityEffect[]): number {
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step.op === 'reveal') return -1;
    if ('target' in step && step.op !== 'defeatAll') return i;
  }
  return -1;
}

/**
 * What the log calls an adventurer's own camp action: its printed name (the Warrior's "Wood Axe"), or for an action
 * the content leaves unnamed (an estimated board), its effect: "own camp action (firewood +3)".
 */
export function campActionName(action: CampAction): string {
  return action.name ?? `own camp action (${campActionEffect(action)})`;
}

function campActionEffect(action: CampAction): string {
  switch (action.op) {
    case 'setTrap':
      return 'set a trap';
    case 'heal':
      return `refresh a card, ${action.minDie}+`;
    case 'arrangeTop':
      return `arrange the top ${action.count} creatures`;
    case 'prepared':
      return 'Equip, then one on Watch Equips';
    case 'fire':
      return `firewood ${action.amount >= 0 ? '+' : ''}${action.amount}`;
    case 'teleport':
      return `teleport, ${action.count} locations`;
    case 'assist':
      return 'give the die to one on Watch';
    case 'multiTalented':
      return 'swap an ability';
  }
}

export interface CompiledAdventurer {
  readonly id: string;
  readonly name: string;
  readonly die: number;
  readonly ranged: boolean;
  readonly camp: CampAction;
  readonly tamedLimit: number;
  /** Ability ids of the adventurer's five cards. */
  readonly abilities: readonly number[];
}

export class CardTables {
  readonly names: string[] = [];
  readonly kind: number[] = [];
  readonly damage: number[] = [];
  readonly health: number[] = [];
  /** Bit mask of creature types. */
  readonly typeBits: number[] = [];
  readonly typeIds = new Map<string, number>();
  private readonly masks = new WeakMap<readonly string[], number>();
  /** Powers per card and timing: powers[card * TIMINGS + timing]. */
  readonly powers: (readonly PowerEffect[])[] = [];
  /** Ongoing powers as plain per-card numbers, for the health computation. */
  readonly shieldNext: number[] = [];
  readonly blocksAttacks: number[] = [];
  readonly blocksAbilities: number[] = [];
  readonly addsGraveyardTop: number[] = [];
  /** Health = fireSign * fire + fireOffset when fireSign is not 0. */
  readonly fireSign: number[] = [];
  readonly fireOffset: number[] = [];
  readonly buffOthers: number[] = [];
  readonly multiplyMask: number[] = [];
  readonly multiplyFactor: number[] = [];
  readonly fireCostPerDefeat: number[] = [];
  readonly immuneWhenFlanked: number[] = [];
  /** 1 when the card keeps the creature behind it face up while it is face up itself (Forest Giant: revealBehind). */
  readonly revealsBehind: number[] = [];
  /** Some card in play has revealBehind: only then does the engine look behind face-up cards for one to reveal. */
  readonly hasRevealBehind: boolean;
  /** The card changes other cards' health (Forest Giant, Warlord, Werewolf). */
  readonly hasAura: number[] = [];
  /** 1 when the card's First-position power is printed "(activates only once)" (Fell Beast). */
  readonly firstPowerOnce: number[] = [];
  readonly creatureCards: number[] = [];
  readonly acolyteCards: number[] = [];
  readonly summonCards: number[] = [];
  readonly unhallowedCards: number[] = [];

  readonly locations: CompiledLocation[] = [];
  readonly abilities: CompiledAbility[] = [];
  readonly adventurers: CompiledAdventurer[] = [];
  /** Ability ids of the adventurers in the sets in play but not in the party (what Multi-Talented borrows from). */
  readonly outsideAbilities: number[] = [];
  /** Some party card has Song of Pain: the engine then checks it on every direct attack. */
  readonly hasSongOfPain: boolean;

  constructor(content: SetawatchContent, sets: readonly ContentSet[], party: readonly string[]) {
    const inPlay = (card: { set: ContentSet }) => sets.includes(card.set);
    for (const card of content.creatures.filter(inPlay)) {
      for (const health of card.health) {
        const id = this.addCard(card.name, Kind[card.kind], card.damage, health, card.type, card.powers);
        const pile = card.kind === 'summon' ? this.summonCards : card.kind === 'acolyte' ? this.acolyteCards : this.creatureCards;
        pile.push(id);
      }
    }
    for (const card of content.unhallowed.filter(inPlay)) {
      this.unhallowedCards.push(this.addCard(card.name, Kind.unhallowed, card.damage, card.health, undefined, card.powers));
    }
    for (const location of content.locations.filter(inPlay)) {
      this.locations.push({
        name: location.name,
        kind: LocationKind[location.kind],
        fire: location.fire === 'halve' ? HALVE_FIRE : location.fire,
        line: location.line,
        rules: new LocationRules(location.effects, this),
      });
    }
    for (const id of party) this.adventurers.push(this.compileAdventurer(content, id));
    for (const board of content.adventurers.filter(inPlay)) {
      if (!party.includes(board.id)) this.outsideAbilities.push(...this.compileAbilities(content.abilities.filter((a) => a.adventurer === board.id)));
    }
    this.hasSongOfPain = this.abilities.some((ability) => ability.passiveOp === 'attackAnyRevealed');
    this.hasRevealBehind = this.revealsBehind.includes(1);
  }

  get cardCount(): number {
    return this.names.length;
  }

  typeId(type: string): number {
    let id = this.typeIds.get(type);
    if (id === undefined) {
      id = this.typeIds.size;
      if (id >= 31) throw new InputError(`content: more than 31 creature types`);
      this.typeIds.set(type, id);
    }
    return id;
  }

  /** A mask of the given type names (0 when none); cached per list, since effects ask for it in the hot loop. */
  typeMask(types: readonly string[] | undefined): number {
    if (types === undefined) return 0;
    let mask = this.masks.get(types);
    if (mask === undefined) {
      mask = 0;
      for (const type of types) mask |= 1 << this.typeId(type);
      this.masks.set(types, mask);
    }
    return mask;
  }

  powersOf(card: number, timing: number): readonly PowerEffect[] {
    return this.powers[card * TIMINGS + timing];
  }

  private addCard(name: string, kind: number, damage: number, health: number, type: string | undefined, powers: readonly Power[]): number {
    const id = this.names.length;
    this.names.push(name);
    this.kind.push(kind);
    this.damage.push(damage);
    this.health.push(health);
    this.typeBits.push(type === undefined ? 0 : 1 << this.typeId(type));
    for (let timing = 0; timing < TIMINGS; timing++) {
      this.powers.push(powers.filter((p) => p.when === POWER_TIMINGS[timing]).flatMap((p) => p.effects));
    }
    this.compileOngoing(this.powers[id * TIMINGS + Timing.ongoing]);
    this.firstPowerOnce.push(powers.some((p) => p.once === true) ? 1 : 0);
    return id;
  }

  private compileOngoing(effects: readonly PowerEffect[]): void {
    const value = (op: string) => effects.find((e) => e.op === op);
    const flag = (op: string) => (value(op) === undefined ? 0 : 1);
    const fire = value('healthFromFire') as Extract<PowerEffect, { op: 'healthFromFire' }> | undefined;
    const buff = value('buffOthers') as Extract<PowerEffect, { op: 'buffOthers' }> | undefined;
    const multiply = value('multiplyTypeHealth') as Extract<PowerEffect, { op: 'multiplyTypeHealth' }> | undefined;
    const fireCost = value('fireCostPerDefeat') as Extract<PowerEffect, { op: 'fireCostPerDefeat' }> | undefined;
    this.shieldNext.push(flag('shieldNext'));
    this.blocksAttacks.push(flag('blockAttacksBehind'));
    this.blocksAbilities.push(flag('blockAbilitiesBehind'));
    this.addsGraveyardTop.push(flag('addGraveyardTopHealth'));
    this.fireSign.push(fire?.sign ?? 0);
    this.fireOffset.push(fire?.offset ?? 0);
    this.buffOthers.push(buff?.amount ?? 0);
    this.multiplyMask.push(multiply === undefined ? 0 : this.typeMask([multiply.type]));
    this.multiplyFactor.push(multiply?.factor ?? 1);
    this.fireCostPerDefeat.push(fireCost?.amount ?? 0);
    this.immuneWhenFlanked.push(flag('immuneWhenFlanked'));
    this.revealsBehind.push(flag('revealBehind'));
    this.hasAura.push(flag('shieldNext') || (buff === undefined ? 0 : 1) || (multiply === undefined ? 0 : 1));
  }

  private compileAdventurer(content: SetawatchContent, id: string): CompiledAdventurer {
    const board = content.adventurers.find((a: AdventurerCard) => a.id === id);
    if (board === undefined) throw new InputError(`party: adventurer "${id}" is not in the content file`);
    const abilities = content.abilities.filter((a) => a.adventurer === id);
    return { id, name: board.name, die: board.die, ranged: board.range === 'ranged', camp: board.camp, tamedLimit: board.tamedLimit, abilities: this.compileAbilities(abilities) };
  }

  private compileAbilities(cards: readonly AbilityCard[]): number[] {
    return cards.map((card) => {
      this.abilities.push({
        name: card.name,
        passive: card.passive,
        modes: card.modes,
        passiveOp: card.passive ? card.modes[0][0].op : '',
        targeted: card.modes.map(targetedStep),
        revealsThenDefeats: card.modes.map(revealsThenDefeats),
      });
      return this.abilities.length - 1;
    });
  }
}
