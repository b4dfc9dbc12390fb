import type { Deck } from '../../core/deck.ts';
import type { DiceSource } from '../../core/dice.ts';
import { chooseOption } from '../../core/ask.ts';
import type { GameLog } from '../../core/game.ts';
import { GameRandom, type RandomStream } from '../../core/rng.ts';
import type { AbilityEffect, PowerEffect, Target } from './content.ts';
import { type CardTables, Kind, LocationRules, Timing } from './cards.ts';
import { Decision, DECISION_NAMES, type DecisionKind, OptionKind, OptionList, type RoundSimulator, type SetawatchStrategy, type Simulator, type WatchIgnores } from './decisions.ts';
import { Redealer, see, seeUnhallowedTop, shuffleHidden } from './knowledge.ts';
import { DICE_PER_SEAT, Die, LINE_CAPACITY, LineFlag, ROLLED_DICE, SEATS, SetawatchState, Slot, SLOTS_PER_SEAT, Status } from './state.ts';

/**
 * The Watch: the Line, the campfire light, creature powers, direct attacks, ability cards, burning cards for fire,
 * and the damage of the creatures left at the end. SetawatchRules (rules.ts) adds set-up, rounds and the camp.
 * An instance of this class with its own state is also the simulator that searching strategies play forward.
 */

export const STREAMS = ['setup', 'deck', 'dice', 'strategy'] as const;

const NO_LOCATION = new LocationRules([], { typeMask: () => 0 });
/** Creature powers that enter the Line face up trigger their own Reveal powers at most this deep (Graveshifter loops). */
const MAX_ENTRY_DEPTH = 4;
/** How a card enters the Line (insertLine's `revealed`). */
export const FACE_UP = true;
export const FACE_DOWN = false;

/** Where the rules read two ways, the reading in play: each is a setting (see index.ts and RULES.md). */
export interface Readings {
  /** `ongoing=always`: a face-down card's Ongoing power already works (default `face-up`: only once revealed). */
  readonly ongoingFaceDown: boolean;
  /** `poison=per-revealed` (default): Poison Blade adds its amount per revealed creature; `flat`: its amount once. */
  readonly poisonPerRevealed: boolean;
  /** `tamed=rolled`: a tamed creature is one more die of its tamer, rolled when tamed and every round; `health` (default): worth its printed health. */
  readonly tamedRolled: boolean;
  /**
   * `backstab=defeat-first` (default): an ability that reveals, then defeats (Backstab) defeats before the revealed
   * cards' Reveal powers, so the one it defeats never fires (designers' FAQ); `reveals-first`: the powers fire first.
   */
  readonly backstabDefeatFirst: boolean;
  /** `lichReveals=blocked`: an ability reveals no card behind a Lich ("no Ability cards can affect" them); `allowed`: it does. */
  readonly lichBlocksReveals: boolean;
  /** `berserker=any`: Berserker follows the round's last defeat by anyone; `own`: only one its Warrior made. */
  readonly berserkerAnyDefeat: boolean;
  /** `cleave=any`: Cleave keeps the leftover of any die of the fight; `own` (default): only of its Warrior's dice. */
  readonly cleaveAnyDie: boolean;
  /** `sharpshooter=any`: Sharpshooter rerolls any die spent on a direct attack; `own` (default): only its Ranger's. */
  readonly sharpshooterAnyDie: boolean;
  /** `backstabTarget=its-reveals` (default): Backstab defeats one of the cards it revealed; `any-revealed`: any revealed creature. */
  readonly backstabOwnReveals: boolean;
  /**
   * `firstPower=each-arrival` (default): a First-position power fires every time its creature comes to first
   * position, unless printed "(activates only once)"; `once-per-round`: once per creature per round.
   */
  readonly firstPowerEachArrival: boolean;
  /**
   * `exhaustUse=after-die`: an ability card is exhausted for a second use only once a die was spent on it this round
   * (the rulebook's "after spending a die on them"); `any` (default): at any time (the FAQ).
   */
  readonly exhaustUseAfterDie: boolean;
  /**
   * `towerBurn=at-zero`: a location's burn bonus (the Forbidden Tower's +1, "to keep the firewood from reaching zero")
   * only for the exhaust the fire at 0 forces; `any` (default): for every card burnt for fire.
   */
  readonly towerBonusAtZeroOnly: boolean;
  /**
   * `elfSenses=where-abilities-reach` (default): Elf Senses' stop is spent on the next Reveal power but cannot stop
   * that of a creature Ability cards cannot affect (behind a Lich, a flanked Phantom Cat); `any`: it stops any.
   */
  readonly elfSensesWhereAbilitiesReach: boolean;
  /**
   * `sacredCity=must` (default): Sacred City's camper seals an Unhallowed from the Graveyard if there is one, and the
   * Unhallowed deck is shuffled in every case; `may`: the party may decline, and without a seal there is no shuffle.
   */
  readonly sacredCityMust: boolean;
  /** `stayDeadHydra=removed` (default): a Hydra the Rogue defeats with Stay Dead is removed; `returns`: it returns to the Line. */
  readonly stayDeadBeatsHydra: boolean;
}

const HUMAN: readonly string[] = ['Human'];
/** Tracking's creature type, one array for good: typeMask keeps each array's mask. */
const FOREST_CREATURE: readonly string[] = ['Forest Creature'];

export const DEFAULT_READINGS: Readings = {
  ongoingFaceDown: false,
  poisonPerRevealed: true,
  tamedRolled: false,
  backstabDefeatFirst: true,
  lichBlocksReveals: true,
  berserkerAnyDefeat: true,
  cleaveAnyDie: false,
  sharpshooterAnyDie: false,
  backstabOwnReveals: true,
  firstPowerEachArrival: true,
  exhaustUseAfterDie: false,
  towerBonusAtZeroOnly: false,
  elfSensesWhereAbilitiesReach: true,
  sacredCityMust: true,
  stayDeadBeatsHydra: true,
};

/** Creatures the campfire lights at this firewood: 0 / 1-6 / 7-11 / 12-15. */
export function campfireReveals(fire: number): number {
  if (fire <= 0) return 0;
  if (fire <= 6) return 1;
  if (fire <= 11) return 2;
  return 3;
}

export class Watch implements Simulator {
  readonly state: SetawatchState;
  readonly options = new OptionList();
  /** Scratch for listing an ability's uses. */
  private readonly uses = new OptionList();
  readonly random = new GameRandom(STREAMS);
  readonly seen = new Int16Array(8);
  protected strategy: SetawatchStrategy | null = null;
  /** The `dice` stream, or a test's script (scriptDice) until the next game. */
  protected dice: DiceSource = this.random.streams.dice;
  protected seed = 0;
  protected location: LocationRules = NO_LOCATION;
  private readonly scratch: Int16Array;
  private readonly redealer: Redealer;
  /** Cleanse Undead's targets, as cards (defeatAll). */
  private readonly cleansing = new Int16Array(LINE_CAPACITY);
  /** The positions one adventurer may attack now (attackTargets). */
  private readonly targets = new Int16Array(LINE_CAPACITY);
  /** listHarmonized: 1 for each Line position an adventurer other than the Bard may attack. */
  private readonly attackable = new Uint8Array(LINE_CAPACITY);
  readonly view: { state: SetawatchState; options: OptionList; tables: CardTables; random: RandomStream; seen: Int16Array; seat: number; rules: Watch };

  constructor(
    readonly tables: CardTables,
    /** The replay log; `this.log?.write(...)` builds no text when there is none. */
    protected readonly log: GameLog | null,
    protected readonly readings: Readings = DEFAULT_READINGS,
  ) {
    this.state = new SetawatchState(tables.cardCount, tables.locations.length, tables.abilities.length);
    this.scratch = new Int16Array(tables.cardCount + 8);
    this.redealer = new Redealer(tables);
    this.view = { state: this.state, options: this.options, tables, random: this.random.streams.strategy, seen: this.seen, seat: -1, rules: this };
  }

  // ---- Decisions -------------------------------------------------------------------------------------------------

  /** Ask the strategy to pick one of the listed options; a single option is taken without asking. */
  protected ask(decision: DecisionKind, seat: number): number {
    const count = this.options.count;
    if (count <= 1) return count - 1;
    const strategy = this.strategy as SetawatchStrategy;
    this.view.seat = seat;
    return chooseOption(strategy, decision, this.view, count, DECISION_NAMES[decision], this.seed);
  }

  /** Test seam: roll from `source` until the next game starts. */
  scriptDice(source: DiceSource): void {
    this.dice = source;
  }

  /** Every stream from `seed`, and the dice from their stream (a test's script ends here). */
  protected reseed(seed: number): void {
    this.random.reseed(seed);
    this.dice = this.random.streams.dice;
  }

  protected rollDie(sides: number): number {
    return this.dice.die(sides);
  }

  protected cardName(card: number): string {
    return this.tables.names[card];
  }

  protected abilityName(slot: number): string {
    return this.tables.abilities[this.state.slotCard[slot]].name;
  }

  protected seatName(seat: number): string {
    return this.tables.adventurers[seat].name;
  }

  // ---- The Line --------------------------------------------------------------------------------------------------

  protected insertLine(position: number, card: number, revealed: boolean): void {
    const s = this.state;
    for (let i = s.lineLength; i > position; i--) this.copyLineSlot(i - 1, i);
    if (position === 0 && s.lineLength > 0) this.leftFirstPosition(1);
    s.lineCard[position] = card;
    s.lineRevealed[position] = revealed ? 1 : 0;
    if (revealed) see(s, card);
    s.lineDamage[position] = 0;
    s.lineFlags[position] = 0;
    s.lineHalvings[position] = 0;
    s.lineBaseHealth[position] = -1;
    s.lineStolenDie[position] = -1;
    s.lineAttacker[position] = -1;
    s.lineLength++;
  }

  protected removeLine(position: number): number {
    const s = this.state;
    const card = s.lineCard[position];
    for (let i = position; i < s.lineLength - 1; i++) this.copyLineSlot(i + 1, i);
    s.lineLength--;
    return card;
  }

  /** Move a card and everything it carries (damage, flags, stolen die) to another position. */
  protected moveLine(from: number, to: number): void {
    const s = this.state;
    if (from === to) return;
    const card = s.lineCard[from];
    const revealed = s.lineRevealed[from];
    const damage = s.lineDamage[from];
    const flags = s.lineFlags[from];
    const halvings = s.lineHalvings[from];
    const baseHealth = s.lineBaseHealth[from];
    const stolen = s.lineStolenDie[from];
    const attacker = s.lineAttacker[from];
    this.removeLine(from);
    this.insertLine(to, card, revealed === 1);
    s.lineDamage[to] = damage;
    s.lineFlags[to] = flags;
    s.lineHalvings[to] = halvings;
    s.lineBaseHealth[to] = baseHealth;
    s.lineStolenDie[to] = stolen;
    s.lineAttacker[to] = attacker;
    if (from === 0) this.leftFirstPosition(to);
  }

  /**
   * The creature now at `position` has just left first position: with `firstPower=each-arrival` its First-position
   * power fires again when it comes back, unless printed "(activates only once)".
   */
  private leftFirstPosition(position: number): void {
    const s = this.state;
    if (this.readings.firstPowerEachArrival && this.tables.firstPowerOnce[s.lineCard[position]] === 0) s.lineFlags[position] &= ~LineFlag.firstFired;
  }

  private copyLineSlot(from: number, to: number): void {
    const s = this.state;
    s.lineCard[to] = s.lineCard[from];
    s.lineRevealed[to] = s.lineRevealed[from];
    s.lineDamage[to] = s.lineDamage[from];
    s.lineFlags[to] = s.lineFlags[from];
    s.lineHalvings[to] = s.lineHalvings[from];
    s.lineBaseHealth[to] = s.lineBaseHealth[from];
    s.lineStolenDie[to] = s.lineStolenDie[from];
    s.lineAttacker[to] = s.lineAttacker[from];
  }

  protected positionOf(card: number): number {
    const s = this.state;
    for (let i = 0; i < s.lineLength; i++) if (s.lineCard[i] === card) return i;
    return -1;
  }

  private isBlank(position: number): boolean {
    return (this.state.lineFlags[position] & LineFlag.blank) !== 0;
  }

  /** The card's Ongoing power works: not blanked, and face up unless the `ongoing` setting says always. */
  private ongoingWorks(position: number): boolean {
    return !this.isBlank(position) && (this.readings.ongoingFaceDown || this.state.lineRevealed[position] === 1);
  }

  /** Draw the top creature, shuffling the Graveyard into a new deck when the deck is empty; -1 when both are. */
  protected drawCreature(): number {
    if (this.state.deck.size === 0) this.shuffleGraveyardUnderDeck();
    return this.state.deck.draw();
  }

  /** The Graveyard, Summons and Unhallowed included, shuffled into a new deck below what is left of the old one. */
  protected shuffleGraveyardUnderDeck(): void {
    const s = this.state;
    if (s.graveyard.size === 0) return;
    shuffleHidden(s, s.graveyard, this.random.streams.deck);
    while (s.graveyard.size > 0) s.deck.pushBottom(s.graveyard.draw());
    this.log?.write(`  the Graveyard is shuffled into a new Creature deck (${s.deck.size} cards)`);
  }

  // ---- Health ----------------------------------------------------------------------------------------------------

  /** A blanked card's text gives it nothing: its printed heart ("*" is 0), whatever die it stole. */
  private baseHealth(position: number): number {
    const s = this.state;
    const card = s.lineCard[position];
    if (this.isBlank(position)) return this.tables.health[card];
    if (s.lineBaseHealth[position] >= 0) return s.lineBaseHealth[position];
    if (this.tables.fireSign[card] !== 0) return this.tables.fireSign[card] * s.fire + this.tables.fireOffset[card];
    return this.tables.health[card];
  }

  /**
   * The creature's health now: base health (printed, or a stolen die's value; plus the Graveyard's top for a Zombie
   * Horde, and a Forest Giant's health in front of it, which its text adds to the base), times a Werewolf's factor,
   * which doubles base health; then the other creatures' +health (Warlord) and the location's, whatever their order in
   * the Line; halved last, once per Wound.
   */
  health(position: number): number {
    const s = this.state;
    const t = this.tables;
    const card = s.lineCard[position];
    let base = this.baseHealth(position);
    if (t.addsGraveyardTop[card] === 1 && !this.isBlank(position) && s.graveyard.size > 0) base += t.health[s.graveyard.peek()];
    let factor = 1;
    let buffs = 0;
    for (let i = 0; i < s.lineLength; i++) {
      const other = s.lineCard[i];
      if (i === position || t.hasAura[other] === 0 || !this.ongoingWorks(i)) continue;
      if ((t.multiplyMask[other] & t.typeBits[card]) !== 0) factor *= t.multiplyFactor[other];
      buffs += t.buffOthers[other];
      if (t.shieldNext[other] === 1 && i === position - 1) base += this.baseHealth(i);
    }
    let health = base * factor + buffs;
    const location = this.location;
    for (let i = 0; i < location.typeHealthMask.length; i++) if ((location.typeHealthMask[i] & t.typeBits[card]) !== 0) health += location.typeHealthAmount[i];
    for (let i = 0; i < s.lineHalvings[position]; i++) health = Math.floor(health / 2);
    return health < 0 ? 0 : health;
  }

  healthIfBlanked(position: number): number {
    const flags = this.state.lineFlags;
    const before = flags[position];
    flags[position] |= LineFlag.blank;
    const health = this.health(position);
    flags[position] = before;
    return health;
  }

  remainingHealth(position: number): number {
    return this.health(position) - this.state.lineDamage[position];
  }

  // ---- Fire and exhausting ---------------------------------------------------------------------------------------

  /** Change the firewood within 0-15; at 0 a card must be exhausted at once for +2. */
  protected changeFire(delta: number): void {
    const s = this.state;
    const before = s.fire;
    s.fire = Math.max(0, Math.min(15, before + delta));
    if (s.fire === before) return;
    this.log?.write(`  fire ${before} -> ${s.fire}`);
    if (s.fire < before && this.passiveActive('illuminate') >= 0) {
      s.revealBonus += before - s.fire;
    }
    if (s.fire === 0) this.burnToKeepFireAlive();
  }

  private burnToKeepFireAlive(): void {
    const slot = this.chooseCardToExhaust();
    if (slot < 0) return;
    this.log?.write(`  the fire reaches 0: ${this.seatName(Math.floor(slot / SLOTS_PER_SEAT))} must exhaust ${this.abilityName(slot)}`);
    this.exhaustSlot(slot);
    this.changeFire(2 + this.location.burnBonus);
  }

  /** Seats that take exhausts: those on Watch, or everyone before the camper is chosen. */
  private exhaustsFrom(seat: number): boolean {
    const s = this.state;
    return s.onWatch[seat] === 1 || s.camper < 0;
  }

  protected chooseCardToExhaust(): number {
    const s = this.state;
    this.options.clear();
    for (let slot = 0; slot < SEATS * SLOTS_PER_SEAT; slot++) {
      if (s.slotState[slot] === Slot.active && this.exhaustsFrom(Math.floor(slot / SLOTS_PER_SEAT))) this.options.add(OptionKind.choose, slot, -1, -1, -1, 0);
    }
    const index = this.ask(Decision.exhaust, -1);
    return index < 0 ? -1 : this.options.slot[index];
  }

  protected exhaustSlot(slot: number): void {
    this.state.slotState[slot] = Slot.exhausted;
    this.log?.write(`  ${this.seatName(Math.floor(slot / SLOTS_PER_SEAT))} exhausts ${this.abilityName(slot)}`);
  }

  /** Exhaust `count` cards of adventurers on Watch, one decision at a time. */
  protected forceExhaust(count: number): void {
    for (let i = 0; i < count; i++) {
      const slot = this.chooseCardToExhaust();
      if (slot < 0) return;
      this.exhaustSlot(slot);
    }
  }

  /** The slot of an active, usable passive with this op, or -1. */
  protected passiveActive(op: string): number {
    const s = this.state;
    if (this.location.noPassives) return -1;
    for (let slot = 0; slot < SEATS * SLOTS_PER_SEAT; slot++) {
      if (s.slotState[slot] !== Slot.active || s.inCombat[Math.floor(slot / SLOTS_PER_SEAT)] === 0) continue;
      if (this.tables.abilities[s.slotCard[slot]].passiveOp === op) return slot;
    }
    return -1;
  }

  /** The adventurer is in the fight with an active, usable passive of this op. */
  private seatHasPassive(seat: number, op: string): boolean {
    const s = this.state;
    if (this.location.noPassives || s.inCombat[seat] === 0) return false;
    for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) {
      if (s.slotState[slot] === Slot.active && this.tables.abilities[s.slotCard[slot]].passiveOp === op) return true;
    }
    return false;
  }

  // ---- Revealing and powers --------------------------------------------------------------------------------------

  private lightAllowance(): number {
    const s = this.state;
    let lit = campfireReveals(s.fire);
    if (lit > 0 && this.location.revealAmount !== 0) lit = Math.max(this.location.revealMin, lit + this.location.revealAmount);
    return lit + s.revealBonus;
  }

  /**
   * Bring the Line to rest after any change: defeat creatures whose damage meets their health, fire First-position
   * powers, and reveal the next face-down card that must be face up (inside the campfire light, or behind a face-up
   * Forest Giant), one at a time.
   */
  protected settleLine(): void {
    while (this.state.status === Status.playing) {
      if (this.defeatFinishedCreature() || this.fireFirstPosition() || this.revealNextDue()) continue;
      return;
    }
  }

  private defeatFinishedCreature(): boolean {
    const s = this.state;
    for (let i = 0; i < s.lineLength; i++) {
      if (s.lineRevealed[i] === 1 && s.lineDamage[i] > 0 && s.lineDamage[i] >= this.health(i)) {
        this.defeat(i, -1);
        return true;
      }
    }
    return false;
  }

  private fireFirstPosition(): boolean {
    const s = this.state;
    if (s.lineLength === 0 || s.lineRevealed[0] === 0 || (s.lineFlags[0] & LineFlag.firstFired) !== 0) return false;
    s.lineFlags[0] |= LineFlag.firstFired;
    const powers = this.tables.powersOf(s.lineCard[0], Timing.first);
    if (powers.length === 0 || this.isBlank(0)) return true;
    this.log?.write(`  ${this.cardName(s.lineCard[0])} in first position: power`);
    this.runPowers(s.lineCard[0], powers, 0);
    if (this.location.firstPositionFire !== 0) this.changeFire(this.location.firstPositionFire);
    return true;
  }

  /**
   * Reveal the first face-down card, in Line order, that must be face up: one inside the campfire light, or one right
   * behind a face-up Forest Giant (its Ongoing power: whatever creature comes behind it, by a defeat, a move or a card
   * drawn there, is revealed). Only with such a card in play is the Line looked at past the light.
   */
  private revealNextDue(): boolean {
    const s = this.state;
    const lit = Math.min(this.lightAllowance(), s.lineLength);
    const end = this.tables.hasRevealBehind ? s.lineLength : lit;
    for (let i = 0; i < end; i++) {
      if (s.lineRevealed[i] === 0 && (i < lit || this.keepsNextRevealed(i - 1))) {
        this.reveal(i, false, 0);
        return true;
      }
    }
    return false;
  }

  /** The card at `position` is a face-up card whose text works and keeps the creature behind it face up (revealBehind). */
  private keepsNextRevealed(position: number): boolean {
    const s = this.state;
    return position >= 0 && this.tables.revealsBehind[s.lineCard[position]] === 1 && s.lineRevealed[position] === 1 && !this.isBlank(position);
  }

  /**
   * A Forest Giant just turned face up reveals the face-down card behind it at once, inside the reveal that turned it
   * (an ability revealing more cards, Backstab, goes on past it); any later change behind it is settleLine's.
   */
  private revealBehind(card: number, depth: number): void {
    const s = this.state;
    if (this.tables.revealsBehind[card] === 0 || s.status !== Status.playing) return;
    const position = this.positionOf(card);
    if (position >= 0 && position + 1 < s.lineLength && s.lineRevealed[position + 1] === 0 && this.keepsNextRevealed(position)) this.reveal(position + 1, false, depth);
  }

  /** Reveal the first `count` face-down cards of the Line that an ability may reveal (abilities that reveal). */
  protected revealFaceDown(count: number, negate: boolean): void {
    const s = this.state;
    for (let n = 0; n < count && s.status === Status.playing; n++) {
      const position = this.abilityRevealTarget();
      if (position < 0) return;
      // Marked before its powers resolve, so the mark moves with the card; cards its powers reveal are not marked.
      if (s.markingReveals === 1) s.lineFlags[position] |= LineFlag.revealedByBackstab;
      this.reveal(position, negate, 0);
    }
  }

  /** The first face-down card an ability may reveal (with `lichReveals=blocked`, none behind a Lich), or -1. */
  abilityRevealTarget(): number {
    const position = this.firstFaceDown();
    return position >= 0 && this.abilityMayReveal(position) ? position : -1;
  }

  /** Whether an ability may reveal the card at `position`: not behind a Lich, with `lichReveals=blocked`. */
  private abilityMayReveal(position: number): boolean {
    return !(this.readings.lichBlocksReveals && this.behindLich(position));
  }

  private revealedCount(): number {
    const s = this.state;
    let revealed = 0;
    for (let i = 0; i < s.lineLength; i++) revealed += s.lineRevealed[i];
    return revealed;
  }

  /** The first face-down position of the Line, or -1. */
  firstFaceDown(): number {
    const s = this.state;
    for (let i = 0; i < s.lineLength; i++) if (s.lineRevealed[i] === 0) return i;
    return -1;
  }

  protected reveal(position: number, negate: boolean, depth: number): void {
    const s = this.state;
    const card = s.lineCard[position];
    s.lineRevealed[position] = 1;
    see(s, card);
    this.log?.write(`  reveal ${this.cardName(card)} (position ${position + 1}, health ${this.health(position)})`);
    if (s.holdingReveals === 1) this.holdReveal(position);
    else this.resolveReveal(position, negate, depth);
    this.revealBehind(card, depth);
  }

  /** What a card turned face up does: a creature meets Set Trap and Song of Discord; then its reveal fires. */
  private resolveReveal(position: number, negate: boolean, depth: number): void {
    if (!this.waitingDamageDefeats(position)) this.fireReveal(position, negate, depth, position === this.state.lineLength - 1);
  }

  /** Set Trap (in first position) and Song of Discord hit a creature, not a Summon card, as it is revealed. True if they defeat it. */
  private waitingDamageDefeats(position: number): boolean {
    const s = this.state;
    if (this.tables.kind[s.lineCard[position]] === Kind.summon) return false;
    if (position === 0 && s.trapValue > 0 && this.springTrap()) return true;
    return s.discordDamage > 0 && this.discordHits(position);
  }

  /**
   * A revealed card's own effect: a Summon summons; a creature's Reveal powers run, then its End of Line powers when
   * it was revealed last in the Line (furthest from the camp).
   */
  private fireReveal(position: number, negate: boolean, depth: number, atEndOfLine: boolean): void {
    const card = this.state.lineCard[position];
    if (this.tables.kind[card] === Kind.summon) return this.summon(position, depth);
    this.runRevealPowers(position, negate, depth);
    if (atEndOfLine) this.runEndOfLinePowers(card, depth);
  }

  /** End of Line: a power of its own, so negating a creature's Reveal powers (Blinding Light, Elf Senses) leaves it. */
  private runEndOfLinePowers(card: number, depth: number): void {
    const powers = this.tables.powersOf(card, Timing.endOfLine);
    // Its Reveal powers may have ended the game or taken it out of the Line.
    if (powers.length === 0 || depth > MAX_ENTRY_DEPTH || this.state.status !== Status.playing || this.positionOf(card) < 0) return;
    this.log?.write(`  ${this.cardName(card)} at the end of the Line: power`);
    this.runPowers(card, powers, depth);
  }

  /**
   * A reveal held by an ability that reveals, then defeats (Backstab, `backstab=defeat-first`): Set Trap and Song of
   * Discord hit the creature as it turns face up; its Reveal powers, or a Summon card's summoning, wait for the defeat.
   */
  private holdReveal(position: number): void {
    if (this.waitingDamageDefeats(position)) return;
    // Last or not as revealed: the defeat, or a held Reveal power fired first, may change what is behind it.
    const atEndOfLine = position === this.state.lineLength - 1 ? LineFlag.heldAtEndOfLine : 0;
    this.state.lineFlags[position] |= LineFlag.heldReveal | atEndOfLine;
  }

  /** The held reveals of the cards still in the Line where they were revealed, in Line order. */
  private resolveHeldReveals(): void {
    const s = this.state;
    s.holdingReveals = 0;
    for (let position = this.firstHeldReveal(); position >= 0 && s.status === Status.playing; position = this.firstHeldReveal()) {
      const atEndOfLine = (s.lineFlags[position] & LineFlag.heldAtEndOfLine) !== 0;
      s.lineFlags[position] &= ~(LineFlag.heldReveal | LineFlag.heldAtEndOfLine);
      this.fireReveal(position, false, 0, atEndOfLine);
    }
  }

  private firstHeldReveal(): number {
    const s = this.state;
    for (let i = 0; i < s.lineLength; i++) if ((s.lineFlags[i] & LineFlag.heldReveal) !== 0) return i;
    return -1;
  }

  /** The Reveal powers of the creature at `position`, unless this reveal negates them or Elf Senses stops the next one. */
  private runRevealPowers(position: number, negate: boolean, depth: number): void {
    const card = this.state.lineCard[position];
    const powers = this.tables.powersOf(card, Timing.reveal);
    if (powers.length === 0 || depth > MAX_ENTRY_DEPTH) return;
    if (negate || this.elfSensesStops(position)) {
      this.log?.write(`  ${this.cardName(card)}'s Reveal power is negated`);
      return;
    }
    this.runPowers(card, powers, depth);
  }

  /** Elf Senses' stop, waiting for the next Reveal power, is spent on this one; true when it stops it (elfSenses). */
  private elfSensesStops(position: number): boolean {
    const s = this.state;
    if (s.negateNextReveal === 0) return false;
    s.negateNextReveal = 0;
    if (!this.readings.elfSensesWhereAbilitiesReach || this.abilityCanReach(position)) return true;
    this.log?.write(`  Elf Senses cannot stop the Reveal power of ${this.cardName(s.lineCard[position])}`);
    return false;
  }

  /** Set Trap: the camp die hits the first creature revealed in first position. True when it defeats it. */
  private springTrap(): boolean {
    const s = this.state;
    s.lineDamage[0] += s.trapValue;
    this.log?.write(`  Set Trap deals ${s.trapValue} to ${this.cardName(s.lineCard[0])}`);
    s.trapValue = 0;
    if (s.lineDamage[0] < this.health(0)) return false;
    this.defeat(0, -1);
    return true;
  }

  /**
   * Song of Discord's damage goes to the next creature revealed; one its ability cannot affect (behind a Lich, a
   * flanked Phantom Cat) takes none. True when it defeats the creature (whose Reveal powers then never fire).
   */
  private discordHits(position: number): boolean {
    const s = this.state;
    const damage = s.discordDamage;
    s.discordDamage = 0;
    if (!this.abilityCanReach(position)) {
      this.log?.write(`  Song of Discord's ${damage} cannot affect ${this.cardName(s.lineCard[position])}`);
      return false;
    }
    s.lineDamage[position] += damage;
    this.log?.write(`  Song of Discord deals ${damage} to ${this.cardName(s.lineCard[position])}`);
    if (s.lineDamage[position] < this.health(position)) return false;
    this.defeat(position, -1);
    return true;
  }

  /**
   * A card enters the Line face up through a power or ability: it is revealed there (designers' FAQ), so a Summon
   * summons and a creature meets Set Trap, Song of Discord and Elf Senses, then its Reveal powers trigger.
   */
  protected enterRevealed(position: number, card: number, depth: number): void {
    this.insertLine(position, card, FACE_UP);
    this.log?.write(`  ${this.cardName(card)} enters the Line face up at position ${position + 1}`);
    this.resolveReveal(position, false, depth + 1);
    this.revealBehind(card, depth + 1);
  }

  /** The Summon card at `position` summons, then its after-Summon effects resolve (afterSummon). */
  private summon(position: number, depth: number): void {
    const summonCard = this.state.lineCard[position];
    this.summonUnhallowed(position, depth);
    if (this.state.status === Status.playing) this.afterSummon(summonCard);
  }

  /** Summon!: a card exhausted, then an Unhallowed takes the Summon card's place face up (an empty deck loses). */
  private summonUnhallowed(position: number, depth: number): void {
    const unhallowed = this.payForSummon(position);
    if (unhallowed < 0) return;
    this.enterRevealed(position, unhallowed, depth);
  }

  /**
   * The Summon card at `position` exhausts a card, brings an Unhallowed (returned; -1 when the empty deck lost the
   * party) and leaves the Line for the Graveyard (or where the location says).
   */
  private payForSummon(position: number): number {
    const s = this.state;
    const summonCard = s.lineCard[position];
    this.log?.write('  Summon!');
    this.forceExhaust(1 + this.location.summonExtraExhaust);
    this.afterSummonExhaust(summonCard);
    const unhallowed = this.drawUnhallowed();
    if (unhallowed < 0) return -1;
    this.removeLine(position);
    if (this.location.summonToDeckBottom) s.deck.pushBottom(summonCard);
    else this.discard(summonCard);
    return unhallowed;
  }

  /**
   * The Unhallowed a summon brings: the top of the deck, or the one chosen where the location says so. With the deck
   * empty the party is lost, and -1 is returned.
   */
  protected drawUnhallowed(): number {
    const s = this.state;
    if (s.unhallowedDeck.size === 0) {
      this.log?.write('  the Unhallowed deck is empty: the party is lost');
      s.status = Status.lostSummon;
      return -1;
    }
    const unhallowed = this.location.chooseSummoned ? this.chooseUnhallowed() : s.unhallowedDeck.draw();
    seeUnhallowedTop(s);
    return unhallowed;
  }

  /** Pick an Unhallowed from the deck (Ancient Crypt, Sacred City) and take it out of the deck. */
  protected chooseUnhallowed(): number {
    const s = this.state;
    this.options.clear();
    for (let i = 0; i < s.unhallowedDeck.size; i++) {
      see(s, s.unhallowedDeck.at(i));
      this.options.add(OptionKind.choose, -1, -1, s.unhallowedDeck.at(i), -1, 0);
    }
    const card = this.options.target[this.ask(Decision.unhallowed, -1)];
    s.unhallowedDeck.remove(card);
    return card;
  }

  private runPowers(card: number, powers: readonly PowerEffect[], depth: number): void {
    for (let i = 0; i < powers.length && this.state.status === Status.playing; i++) {
      const position = this.positionOf(card);
      if (position < 0) return;
      this.applyPower(card, position, powers[i], depth);
    }
  }

  private applyPower(card: number, position: number, power: PowerEffect, depth: number): void {
    const s = this.state;
    switch (power.op) {
      case 'fire':
        return this.changeFire(power.amount);
      case 'exhaust':
        return this.forceExhaust(power.count);
      case 'drawInFront':
        for (let i = 0; i < power.count; i++) {
          const drawn = this.drawCreature();
          if (drawn >= 0) this.insertLine(this.positionOf(card), drawn, FACE_DOWN);
        }
        return;
      case 'moveToFront':
        return this.moveLine(position, 0);
      case 'moveToBack':
        return this.moveLine(position, s.lineLength - 1);
      case 'stealDie':
        return this.stealDie(position, power.pick === 'party', power.setsHealth);
      case 'revealNext':
        if (position + 1 < s.lineLength && s.lineRevealed[position + 1] === 0) this.reveal(position + 1, false, depth);
        return;
      case 'swapWithGraveyardTop':
        return this.swapWithGraveyardTop(position, depth);
      case 'drawToHorde':
        for (let i = 0; i < power.count; i++) this.drawToHorde();
        return;
      case 'reshuffleSummon':
        return this.reshuffleSummon();
      case 'pullFromGraveyard':
        return this.pullFromGraveyard(card, power, depth);
      case 'toHordeWith':
        return this.toHordeWith(card, power.match.types, power.match.names);
      case 'summon':
      case 'returnToBack':
      case 'restartLine':
        return; // handled where they happen: on reveal, on defeat, at the end of the round
      default:
        return; // ongoing powers are read by health(), attacks and defeat
    }
  }

  /**
   * A creature holds one stolen die: a Bandit coming first again while holding one steals no other. The dice of an
   * adventurer out of the fight are idle, not available.
   */
  private stealDie(position: number, partyChooses: boolean, setsHealth: boolean): void {
    const s = this.state;
    if (s.lineStolenDie[position] >= 0) return;
    this.options.clear();
    let highest = -1;
    for (let die = 0; die < SEATS * DICE_PER_SEAT; die++) {
      if (s.dieState[die] !== Die.ready || s.inCombat[Math.floor(die / DICE_PER_SEAT)] === 0) continue;
      this.options.add(OptionKind.choose, -1, die, -1, -1, 0);
      if (highest < 0 || s.dieValue[die] > s.dieValue[highest]) highest = die;
    }
    if (highest < 0) return;
    const die = partyChooses ? this.options.die[this.ask(Decision.steal, -1)] : highest;
    s.dieState[die] = Die.stolen;
    s.lineStolenDie[position] = die;
    if (setsHealth) s.lineBaseHealth[position] = s.dieValue[die];
    this.log?.write(`  ${this.cardName(s.lineCard[position])} steals a ${s.dieValue[die]}`);
  }

  /** Graveshifter: "swap this card with the creature on top of the Graveyard"; a Summon card on top is no creature. */
  private swapWithGraveyardTop(position: number, depth: number): void {
    const s = this.state;
    if (s.graveyard.size === 0 || this.tables.kind[s.graveyard.peek()] === Kind.summon) return;
    const top = s.graveyard.draw();
    this.discard(this.removeLine(position));
    this.enterRevealed(position, top, depth);
  }

  protected drawToHorde(): void {
    const drawn = this.drawCreature();
    if (drawn < 0) return;
    this.state.horde.push(drawn);
    this.state.hordeEnteredThisRound++;
    this.log?.write(`  a creature is added to the Horde (${this.state.horde.size})`);
  }

  private reshuffleSummon(): void {
    const s = this.state;
    for (let i = s.graveyard.size - 1; i >= 0; i--) {
      if (this.tables.kind[s.graveyard.at(i)] !== Kind.summon) continue;
      s.deck.push(s.graveyard.removeAt(i));
      shuffleHidden(s, s.deck, this.random.streams.deck);
      this.log?.write('  a Summon card is shuffled back into the Creature deck');
      return;
    }
  }

  private matches(card: number, typeMask: number, names: readonly string[] | undefined): boolean {
    if (this.tables.kind[card] === Kind.summon) return false;
    if (names !== undefined) return names.includes(this.tables.names[card]);
    return (this.tables.typeBits[card] & typeMask) !== 0;
  }

  private pullFromGraveyard(card: number, power: Extract<PowerEffect, { op: 'pullFromGraveyard' }>, depth: number): void {
    const s = this.state;
    const mask = this.tables.typeMask(power.match.types);
    const limit = power.count === 0 ? s.graveyard.size : power.count;
    let pulled = 0;
    for (let i = s.graveyard.size - 1; i >= 0; i--) {
      if (!this.matches(s.graveyard.at(i), mask, power.match.names)) continue;
      this.scratch[pulled++] = s.graveyard.at(i);
    }
    if (power.pick === 'strongest') this.sortByHealth(pulled, -1);
    pulled = Math.min(pulled, limit);
    this.sortByHealth(pulled, 1);
    for (let i = 0; i < pulled; i++) {
      if (!s.graveyard.remove(this.scratch[i])) continue; // shuffled away by an earlier card's power
      const self = this.positionOf(card);
      this.enterRevealed(power.place === 'front' ? self : self + 1 + i, this.scratch[i], depth);
    }
  }

  /** Sort the first `count` scratch cards by printed health, ascending (1) or descending (-1). */
  private sortByHealth(count: number, direction: number): void {
    const health = this.tables.health;
    for (let i = 1; i < count; i++) {
      const card = this.scratch[i];
      let j = i - 1;
      while (j >= 0 && (health[this.scratch[j]] - health[card]) * direction > 0) {
        this.scratch[j + 1] = this.scratch[j];
        j--;
      }
      this.scratch[j + 1] = card;
    }
  }

  private toHordeWith(card: number, types: readonly string[] | undefined, names: readonly string[] | undefined): void {
    const s = this.state;
    if (this.isFinalRound()) return;
    const mask = this.tables.typeMask(types);
    for (let i = s.lineLength - 1; i >= 0; i--) {
      if (s.lineCard[i] === card || (s.lineRevealed[i] === 1 && this.matches(s.lineCard[i], mask, names))) this.sendToHorde(i);
    }
    for (let die = 0; die < SEATS * DICE_PER_SEAT; die++) {
      if (s.dieTamed[die] >= 0 && this.matches(s.dieTamed[die], mask, names)) this.releaseTamed(die, s.horde);
    }
  }

  isFinalRound(): boolean {
    return this.state.camper < 0 && this.state.onWatch[0] + this.state.onWatch[1] + this.state.onWatch[2] + this.state.onWatch[3] === SEATS;
  }

  protected sendToHorde(position: number): void {
    const card = this.removeLine(position);
    this.state.horde.push(card);
    this.state.hordeEnteredThisRound++;
    this.log?.write(`  ${this.cardName(card)} goes to the Horde`);
  }

  // ---- Defeat ----------------------------------------------------------------------------------------------------

  /** Defeat the creature at `position`; `seat` is who defeated it (-1 for powers and locations). */
  protected defeat(position: number, seat: number): void {
    const s = this.state;
    const t = this.tables;
    const card = s.lineCard[position];
    if (t.kind[card] === Kind.summon) return this.defeatFaceDownSummon(position, seat);
    // A face-down creature's text is not in play: the rulebook's Long Shot example defeats an Unhallowed "without its
    // ability firing", so its Defeated powers (Hydra's return included) do not fire.
    const blank = this.isBlank(position) || s.lineRevealed[position] === 0;
    const staysDead = this.stayDeadRemoves(position, seat);
    s.lastDefeatPosition = position;
    s.lastDefeatHealth = this.health(position);
    s.lastDefeatSeat = seat;
    this.log?.write(`  ${this.cardName(card)} is defeated`);
    this.removeLine(position);
    s.defeatsThisRound++;
    if (!blank && !(staysDead && this.readings.stayDeadBeatsHydra) && this.returnsToLine(card)) return this.afterFirstDefeat();
    if (this.bury(card, staysDead)) this.payPyromancer();
    if (!blank) {
      this.runDefeatedPowers(card);
      this.afterDefeat(card, position);
    }
    this.afterFirstDefeat();
  }

  /** The Catacombs: after the round's first defeat (a Hydra that returns to the Line included), rerolls. */
  private afterFirstDefeat(): void {
    if (this.location.rerollAfterFirstDefeat && this.state.defeatsThisRound === 1) this.offerRerolls(1);
  }

  /** Extension hooks for expansions (no-ops in the base game): a Summon's extra cost; a creature just defeated. */
  protected afterSummonExhaust(_summonCard: number): void {}
  /** After a Summon card has summoned: its Unhallowed is in its place (or, for a Summon defeated face down, in the Graveyard). */
  protected afterSummon(_summonCard: number): void {}
  /** A creature whose text is in play (face up, not blanked) was just defeated. */
  protected afterDefeat(_card: number, _position: number): void {}

  /**
   * The rules example: a face-down Summon that is defeated still summons, and the Unhallowed "is defeated by Longshot"
   * in its place, face down, so without its powers firing (a defeat all the same: Stay Dead, a Pyromancer's cost).
   */
  private defeatFaceDownSummon(position: number, seat: number): void {
    const s = this.state;
    s.lineRevealed[position] = 1;
    see(s, s.lineCard[position]);
    this.log?.write('  the defeated card is a Summon!');
    const summonCard = s.lineCard[position];
    const unhallowed = this.payForSummon(position);
    if (unhallowed < 0) return;
    this.insertLine(position, unhallowed, FACE_DOWN);
    this.log?.write(`  ${this.cardName(unhallowed)} takes its place face down`);
    this.defeat(position, seat);
    this.afterSummon(summonCard);
  }

  private payPyromancer(): void {
    for (let i = 0; i < this.state.lineLength; i++) {
      const cost = this.defeatFireCost(i);
      if (cost !== 0) this.changeFire(-cost);
    }
  }

  defeatFireCost(position: number): number {
    return this.ongoingWorks(position) ? this.tables.fireCostPerDefeat[this.state.lineCard[position]] : 0;
  }

  /** Hydra: a defeated card that returns to the back of the Line while other creatures remain. */
  private returnsToLine(card: number): boolean {
    const s = this.state;
    const powers = this.tables.powersOf(card, Timing.defeated);
    for (let i = 0; i < powers.length; i++) {
      if (powers[i].op !== 'returnToBack' || s.lineLength === 0) continue;
      this.insertLine(s.lineLength, card, FACE_UP);
      this.log?.write(`  ${this.cardName(card)} returns to the back of the Line`);
      return true;
    }
    return false;
  }

  private runDefeatedPowers(card: number): void {
    const powers = this.tables.powersOf(card, Timing.defeated);
    for (let i = 0; i < powers.length && this.state.status === Status.playing; i++) {
      const power = powers[i];
      if (power.op === 'fire') this.changeFire(power.amount);
      if (power.op === 'exhaust') this.forceExhaust(power.count);
    }
  }

  /**
   * Stay Dead: the creature at `position`, defeated by `seat`, leaves the game. Stay Dead is an Ability card, so not
   * a creature behind a Lich, which goes where defeated creatures go.
   */
  private stayDeadRemoves(position: number, seat: number): boolean {
    return seat >= 0 && !this.behindLich(position) && this.seatHasPassive(seat, 'removeDefeated');
  }

  /** Put a defeated card away; true when it went to the Graveyard (the Pyromancer charges only for those). */
  private bury(card: number, staysDead: boolean): boolean {
    const s = this.state;
    see(s, card);
    if (staysDead) {
      s.removed.push(card);
      this.log?.write(`  ${this.cardName(card)} stays dead (removed from the game)`);
      return false;
    }
    if ((this.tables.typeBits[card] & this.location.defeatedToDeckBottomMask) !== 0) {
      s.deck.pushBottom(card);
      return false;
    }
    s.graveyard.push(card);
    return true;
  }

  /** A card goes face up onto the Graveyard. */
  protected discard(card: number): void {
    see(this.state, card);
    this.state.graveyard.push(card);
  }

  /** Each adventurer on Watch may reroll up to `perSeat` ready dice. */
  protected offerRerolls(perSeat: number): void {
    for (let seat = 0; seat < SEATS; seat++) {
      if (this.state.onWatch[seat] === 1) this.offerSeatRerolls(seat, perSeat);
    }
  }

  /** The seat may reroll up to `limit` of its ready dice, each die once. */
  protected offerSeatRerolls(seat: number, limit: number): void {
    const s = this.state;
    let rerolled = 0;
    for (let n = 0; n < limit; n++) {
      this.options.clear();
      this.options.add(OptionKind.done, -1, -1, -1, -1, 0);
      for (let k = 0; k < ROLLED_DICE; k++) {
        const die = seat * DICE_PER_SEAT + k;
        if (s.dieState[die] === Die.ready && (rerolled & (1 << k)) === 0) this.options.add(OptionKind.choose, -1, die, -1, -1, 0);
      }
      const index = this.ask(Decision.reroll, seat);
      if (index <= 0) return;
      const die = this.options.die[index];
      rerolled |= 1 << (die - seat * DICE_PER_SEAT);
      s.dieValue[die] = this.rollDie(this.tables.adventurers[seat].die);
      this.log?.write(`  ${this.seatName(seat)} rerolls a die: ${s.dieValue[die]}`);
    }
  }

  // ---- Watch options ---------------------------------------------------------------------------------------------

  /** The Watch options, less those the strategy (the last one playing) ignores. */
  listWatchOptions(): OptionList {
    const s = this.state;
    const options = this.options;
    const ignores = this.strategy?.ignores;
    options.clear();
    options.add(OptionKind.done, -1, -1, -1, -1, 0);
    for (let seat = 0; seat < SEATS; seat++) {
      if (s.inCombat[seat] === 0) continue;
      this.listAttacks(seat);
      for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) {
        if (s.slotState[slot] !== Slot.active) continue;
        this.listAbilityUses(seat, slot, ignores);
        if (ignores?.burns !== true) options.add(OptionKind.burn, slot, -1, -1, -1, 0);
      }
    }
    return options;
  }

  private listAttacks(seat: number): void {
    const s = this.state;
    const targets = this.targets;
    const count = this.attackTargets(seat, targets);
    if (count === 0) return;
    for (let k = 0; k < DICE_PER_SEAT; k++) {
      const die = seat * DICE_PER_SEAT + k;
      if (s.dieState[die] !== Die.ready || this.sameValueEarlier(seat, k)) continue;
      for (let i = 0; i < count; i++) this.options.add(OptionKind.attack, -1, die, targets[i], -1, 0);
    }
  }

  /** Dice of equal value are interchangeable: list only the first of them. */
  private sameValueEarlier(seat: number, k: number): boolean {
    const s = this.state;
    const die = seat * DICE_PER_SEAT + k;
    for (let j = 0; j < k; j++) {
      const other = seat * DICE_PER_SEAT + j;
      if (s.dieState[other] === Die.ready && s.dieValue[other] === s.dieValue[die] && s.dieTamed[other] < 0 === s.dieTamed[die] < 0) return true;
    }
    return false;
  }

  /** The last Line position the adventurer's direct attacks reach (0 = melee). */
  private reach(seat: number): number {
    const s = this.state;
    return (this.tables.adventurers[seat].ranged || s.ownRanged[seat] === 1 ? 1 : 0) + s.rangeBonus + this.location.rangeBonus;
  }

  /**
   * The Line positions the adventurer may attack now, in order, into `into` (their count returned): revealed creatures
   * within reach, not immune, none behind a creature that blocks attacks; with Song of Pain any revealed creature.
   */
  attackTargets(seat: number, into: Int16Array): number {
    const s = this.state;
    const anyRevealed = this.tables.hasSongOfPain && this.seatHasPassive(seat, 'attackAnyRevealed');
    const last = anyRevealed ? s.lineLength - 1 : Math.min(s.lineLength - 1, this.reach(seat));
    return this.directAttackTargets(seat, last, anyRevealed, into);
  }

  /**
   * The Line positions a direct attack reaching every position may strike (a Doomed Run's Falcon, which is no
   * adventurer's die: `combiningAllowed` decides a die added to it): revealed, not immune, none behind a blocker.
   */
  directAttackTargetsAnywhere(into: Int16Array): number {
    return this.directAttackTargets(-1, this.state.lineLength - 1, false, into);
  }

  /** Up to `last`; `overridesCreatures` (Song of Pain) ignores immunity and blockers; seat -1 is no adventurer. */
  private directAttackTargets(seat: number, last: number, overridesCreatures: boolean, into: Int16Array): number {
    const s = this.state;
    let count = 0;
    for (let position = 0; position <= last; position++) {
      if (s.lineRevealed[position] === 1 && (overridesCreatures || !this.isImmune(position)) && (seat < 0 || this.combiningAllowed(seat, position))) into[count++] = position;
      if (!overridesCreatures && this.tables.blocksAttacks[s.lineCard[position]] === 1 && this.ongoingWorks(position)) break;
    }
    return count;
  }

  /** The Grand Arena: only one adventurer's dice per creature. */
  combiningAllowed(seat: number, position: number): boolean {
    const attacker = this.state.lineAttacker[position];
    return !this.location.noCombining || attacker < 0 || attacker === seat;
  }

  private isImmune(position: number): boolean {
    const s = this.state;
    return this.tables.immuneWhenFlanked[s.lineCard[position]] === 1 && this.ongoingWorks(position) && position > 0 && position < s.lineLength - 1;
  }

  /** Abilities may target the creature: not immune, not behind a Lich. */
  private abilityCanReach(position: number): boolean {
    return !this.isImmune(position) && !this.behindLich(position);
  }

  /** A Lich whose text works stands before `position`: no Ability card can affect the card there. */
  private behindLich(position: number): boolean {
    const s = this.state;
    for (let i = 0; i < position; i++) if (this.tables.blocksAbilities[s.lineCard[i]] === 1 && this.ongoingWorks(i)) return true;
    return false;
  }

  /** An ability's uses: its targets (the same for every die) once, then one option per die value and one to exhaust it. */
  private listAbilityUses(seat: number, slot: number, ignores: WatchIgnores | undefined): void {
    const s = this.state;
    const card = s.slotCard[slot];
    const ability = this.tables.abilities[card];
    if (ability.passive) return this.listPassiveUses(seat, slot, ability.passiveOp);
    this.listUses(seat, card, ignores);
    if (this.uses.count === 0) return;
    for (let k = 0; k < ROLLED_DICE; k++) {
      const die = seat * DICE_PER_SEAT + k;
      if (s.slotDieUsed[slot] === 0 && s.dieState[die] === Die.ready && !this.sameValueEarlier(seat, k)) this.addUses(slot, die);
    }
    if (!this.readings.exhaustUseAfterDie || s.slotDieUsed[slot] === 1) this.addUses(slot, -1);
  }

  private addUses(slot: number, die: number): void {
    const uses = this.uses;
    for (let u = 0; u < uses.count; u++) this.options.add(OptionKind.ability, slot, die, uses.target[u], uses.aux[u], uses.mode[u]);
  }

  /** Every mode's useful targets into `uses` (target, aux, mode), mode by mode. */
  private listUses(seat: number, card: number, ignores: WatchIgnores | undefined): void {
    const ability = this.tables.abilities[card];
    const modes = ability.modes;
    this.uses.clear();
    for (let mode = 0; mode < modes.length; mode++) {
      if (ignores?.abilityMode(this.tables, card, mode) === true) continue;
      const steps = modes[mode];
      const targeted = ability.targeted[mode];
      if (targeted < 0) {
        if (steps[0].op === 'lineDance') this.listSwaps(mode);
        else if (this.untargetedUseful(seat, steps) && this.revealsDifferently(card, mode, ignores)) this.uses.add(OptionKind.ability, -1, -1, -1, -1, mode);
      } else {
        this.listTargets(seat, mode, steps[targeted]);
      }
    }
  }

  /**
   * "Reveal up to 2" is two modes of the card, revealing 2 and 1: the one revealing fewer is offered only when more
   * cards could be revealed, so that no two options of a card do the same (unless the strategy ignores the other).
   */
  private revealsDifferently(card: number, mode: number, ignores: WatchIgnores | undefined): boolean {
    const modes = this.tables.abilities[card].modes;
    const step = modes[mode][0];
    if (modes.length === 1 || modes[mode].length !== 1 || step.op !== 'reveal') return true;
    for (let other = 0; other < modes.length; other++) {
      const steps = modes[other];
      const revealsMore = steps.length === 1 && steps[0].op === 'reveal' && steps[0].count > step.count;
      if (revealsMore && ignores?.abilityMode(this.tables, card, other) !== true) return this.revealableCount() > step.count;
    }
    return true;
  }

  /** Face-down cards of the Line an ability may reveal (with `lichReveals=blocked`, none behind a Lich). */
  private revealableCount(): number {
    const s = this.state;
    let count = 0;
    for (let i = 0; i < s.lineLength; i++) if (s.lineRevealed[i] === 0 && this.abilityMayReveal(i)) count++;
    return count;
  }

  private listTargets(seat: number, mode: number, step: AbilityEffect): void {
    const s = this.state;
    const target = (step as { target: Target }).target;
    if (target.at === 'graveyard') {
      for (let i = 0; i < s.graveyard.size; i++) {
        if (this.graveyardTargetOk(seat, step, target, s.graveyard.at(i))) this.uses.add(OptionKind.ability, -1, -1, i, -1, mode);
      }
      return;
    }
    for (let position = 0; position < s.lineLength; position++) {
      if (!this.targetOk(seat, step, target, position)) continue;
      if (step.op === 'swapWithGraveyard') this.listGraveyardSwaps(mode, position);
      else if (step.op === 'move' && step.to === 'anywhere') this.listDestinations(mode, position);
      else this.uses.add(OptionKind.ability, -1, -1, position, -1, mode);
    }
  }

  /** Line Dance: any two creatures of the Line (option.target and option.aux) change places. */
  /** Line Dance: any two creatures an ability can affect (none behind a Lich, no flanked Phantom Cat). */
  private listSwaps(mode: number): void {
    const length = this.state.lineLength;
    for (let first = 0; first < length; first++) {
      if (!this.abilityCanReach(first)) continue;
      for (let second = first + 1; second < length; second++) if (this.abilityCanReach(second)) this.uses.add(OptionKind.ability, -1, -1, first, second, mode);
    }
  }

  private listGraveyardSwaps(mode: number, position: number): void {
    const s = this.state;
    for (let i = 0; i < s.graveyard.size; i++) {
      if (this.tables.kind[s.graveyard.at(i)] !== Kind.summon) this.uses.add(OptionKind.ability, -1, -1, position, i, mode);
    }
  }

  /** Rebuke's "different position": any other position of the Line (option.aux). */
  private listDestinations(mode: number, position: number): void {
    for (let to = 0; to < this.state.lineLength; to++) if (to !== position) this.uses.add(OptionKind.ability, -1, -1, position, to, mode);
  }

  private typeOk(target: Target, card: number): boolean {
    const t = this.tables;
    if (target.types === undefined && target.unhallowed === undefined) return t.kind[card] !== Kind.summon;
    if (target.unhallowed === true && t.kind[card] === Kind.unhallowed) return true;
    return (t.typeBits[card] & t.typeMask(target.types)) !== 0;
  }

  protected targetOk(seat: number, step: AbilityEffect, target: Target, position: number): boolean {
    const s = this.state;
    const revealed = s.lineRevealed[position] === 1;
    // The cheap tests first: most targets must be face up, and most of the Line is face down.
    if (!this.placeOk(target.at, position, revealed)) return false;
    if (revealed && !this.typeOk(target, s.lineCard[position])) return false;
    if (!this.abilityCanReach(position)) return false;
    if (target.maxHealth !== undefined && (!revealed || this.health(position) > target.maxHealth)) return false;
    if (target.at === 'nextToDefeated' && !this.readings.berserkerAnyDefeat && s.lastDefeatSeat !== seat) return false;
    if (step.op === 'tame') return revealed && this.tameRoom(seat) >= 0;
    if (step.op === 'taunt') return position > 0;
    if (step.op === 'spendTamedDefeat') return this.tamedDie(seat) >= 0;
    if (step.op === 'defeatPair') return position + 1 < s.lineLength && s.lineRevealed[position + 1] === 1 && this.abilityCanReach(position + 1) && this.typeOk(target, s.lineCard[position + 1]);
    return true;
  }

  private placeOk(at: Target['at'], position: number, revealed: boolean): boolean {
    const s = this.state;
    switch (at) {
      case 'revealed':
        return revealed;
      case 'unrevealed':
        return !revealed;
      case 'any':
        return true;
      case 'first':
        return revealed && position === 0;
      case 'second':
        return revealed && position === 1;
      case 'last':
        return position === s.lineLength - 1;
      case 'damaged':
        return revealed && s.lineDamage[position] > 0;
      case 'attacked':
        return revealed && s.lineAttacker[position] >= 0;
      case 'nextToDefeated':
        return revealed && s.lastDefeatPosition >= 0 && (position === s.lastDefeatPosition || position === s.lastDefeatPosition - 1) && this.health(position) < s.lastDefeatHealth;
      case 'graveyard':
        return false;
    }
  }

  private graveyardTargetOk(seat: number, step: AbilityEffect, target: Target, card: number): boolean {
    if (!this.typeOk(target, card)) return false;
    return step.op !== 'tame' || this.tameRoom(seat) >= 0;
  }

  /** Whether a mode without a target chosen up front would do something now, judged from its step `from` on. */
  private untargetedUseful(seat: number, steps: readonly AbilityEffect[], from = 0): boolean {
    const s = this.state;
    const first = steps[from];
    switch (first.op) {
      case 'reveal':
        // With nothing to reveal (or only cards behind a Lich), the rest still counts: Throwing Daggers' die, Backstab's defeat.
        return this.abilityRevealTarget() >= 0 || (from + 1 < steps.length && this.untargetedUseful(seat, steps, from + 1));
      case 'defeatUpToRoll':
        return this.someTargetOk(seat, first, first.target);
      case 'defeatAll':
        return this.countMatching(seat, first, first.target) > 0;
      case 'maxDie':
        return this.lowestReadyDie(seat) >= 0;
      case 'doubleDiceOnHealth':
        return s.doubleMinHealth === 0;
      case 'attackBonus':
        return s.poisonAttacks === 0;
      case 'shieldBash':
        return s.lineLength > 1 && s.lineRevealed[0] === 1 && s.lineRevealed[1] === 1 && this.abilityCanReach(1);
      default:
        return s.lineLength > 0;
    }
  }

  private countMatching(seat: number, step: AbilityEffect, target: Target): number {
    let count = 0;
    for (let position = 0; position < this.state.lineLength; position++) if (this.targetOk(seat, step, target, position)) count++;
    return count;
  }

  private listPassiveUses(seat: number, slot: number, op: string): void {
    const s = this.state;
    if (this.location.noPassives || s.slotPassiveUsed[slot] === 1) return;
    const front = s.lineLength > 0 && s.lineRevealed[0] === 1;
    if (op === 'tameFirst' && front && (this.tables.typeBits[s.lineCard[0]] & this.tables.typeMask(FOREST_CREATURE)) !== 0 && this.tameRoom(seat) >= 0) {
      this.options.add(OptionKind.passive, slot, -1, 0, -1, 0);
    } else if (op === 'wardFirst' && front) {
      this.options.add(OptionKind.passive, slot, -1, 0, -1, 0);
    } else if (op === 'rerollAttackDie') {
      for (let owner = 0; owner < SEATS; owner++) {
        if (owner !== seat && !this.readings.sharpshooterAnyDie) continue;
        for (let k = 0; k < ROLLED_DICE; k++) {
          const die = owner * DICE_PER_SEAT + k;
          if (s.dieState[die] === Die.attacked) this.options.add(OptionKind.passive, slot, die, -1, -1, 0);
        }
      }
    } else if (op === 'raiseLowestToMax') {
      this.listInspired(slot);
    } else if (op === 'doubleAttack') {
      this.listHarmonized(slot, seat);
    }
  }

  /** Inspire: an adventurer in the fight (option.target) whose lowest ready die (option.die) is below its maximum. */
  private listInspired(slot: number): void {
    const s = this.state;
    for (let seat = 0; seat < SEATS; seat++) {
      const die = s.inCombat[seat] === 1 ? this.lowestReadyDie(seat) : -1;
      if (die >= 0 && s.dieValue[die] < this.tables.adventurers[seat].die) this.options.add(OptionKind.passive, slot, die, seat, -1, 0);
    }
  }

  /** Harmonize: a revealed creature (option.target) that another adventurer in the fight can attack. */
  private listHarmonized(slot: number, bard: number): void {
    const s = this.state;
    const attackable = this.attackable;
    attackable.fill(0, 0, s.lineLength);
    for (let seat = 0; seat < SEATS; seat++) {
      if (seat === bard || s.inCombat[seat] === 0) continue;
      const count = this.attackTargets(seat, this.targets);
      for (let i = 0; i < count; i++) attackable[this.targets[i]] = 1;
    }
    for (let position = 0; position < s.lineLength; position++) if (attackable[position] === 1) this.options.add(OptionKind.passive, slot, -1, position, -1, 0);
  }

  // ---- Applying Watch options ------------------------------------------------------------------------------------

  applyWatch(options: OptionList, index: number, policy: SetawatchStrategy): void {
    this.strategy = policy;
    const kind = options.kind[index];
    const slot = options.slot[index];
    const die = options.die[index];
    const target = options.target[index];
    const aux = options.aux[index];
    const mode = options.mode[index];
    if (kind === OptionKind.attack) this.attack(die, target);
    else if (kind === OptionKind.ability) this.useAbility(slot, die, mode, target, aux);
    else if (kind === OptionKind.passive) this.usePassive(slot, die, target);
    else if (kind === OptionKind.burn) this.burn(slot);
    this.settleLine();
  }

  private attack(die: number, position: number): void {
    const s = this.state;
    const seat = Math.floor(die / DICE_PER_SEAT);
    const card = s.lineCard[position];
    const health = this.health(position);
    const face = s.dieValue[die];
    // Giants Bane doubles the die; Poison Blade's bonus is added to the attack, not to the die.
    let value = this.doublesDiceAt(health) ? 2 * face : face;
    if (s.poisonAttacks > 0) {
      value += this.poisonBonus();
      s.poisonAttacks--;
    }
    if (card === s.harmonizedCard && seat !== s.harmonizedBy) {
      value *= 2;
      s.harmonizedCard = -1;
    }
    s.lineDamage[position] += value;
    if (s.lineAttacker[position] < 0) s.lineAttacker[position] = seat;
    this.log?.write(`  ${this.seatName(seat)} attacks ${this.cardName(card)} with ${value} (${s.lineDamage[position]}/${health})`);
    this.spendAttackDie(die);
    if (s.lineDamage[position] < health) return;
    const spare = Math.min(face, s.lineDamage[position] - health);
    if (spare > 0 && die % DICE_PER_SEAT < ROLLED_DICE && this.keepsLeftover(seat)) {
      s.dieValue[die] = spare;
      s.dieState[die] = Die.ready;
      this.log?.write(`  Cleave: the die stays at ${spare}`);
    }
    this.defeat(position, seat);
  }

  poisonBonus(): number {
    const s = this.state;
    return s.poisonAttacks === 0 ? 0 : this.poisonBonusOf(s.poisonAmount);
  }

  poisonBonusOf(amount: number): number {
    return this.readings.poisonPerRevealed ? amount * this.revealedCount() : amount;
  }

  keepsLeftover(seat: number): boolean {
    return this.readings.cleaveAnyDie ? this.state.inCombat[seat] === 1 && this.passiveActive('cleave') >= 0 : this.seatHasPassive(seat, 'cleave');
  }

  diceDoubledOn(position: number): boolean {
    // Working out the health costs a walk of the Line: only while Giants Bane is in force.
    return this.state.doubleMinHealth > 0 && this.doublesDiceAt(this.health(position));
  }

  /** Giants Bane: dice are doubled on creatures of this health. */
  private doublesDiceAt(health: number): boolean {
    return this.state.doubleMinHealth > 0 && health >= this.state.doubleMinHealth;
  }

  private spendAttackDie(die: number): void {
    if (this.state.dieTamed[die] < 0) this.state.dieState[die] = Die.attacked;
    else this.releaseTamed(die);
  }

  private burn(slot: number): void {
    this.log?.write(`  ${this.seatName(Math.floor(slot / SLOTS_PER_SEAT))} burns ${this.abilityName(slot)} for fire`);
    this.exhaustSlot(slot);
    this.changeFire(2 + (this.readings.towerBonusAtZeroOnly ? 0 : this.location.burnBonus));
  }

  private usePassive(slot: number, die: number, target: number): void {
    const s = this.state;
    const seat = Math.floor(slot / SLOTS_PER_SEAT);
    const op = this.tables.abilities[s.slotCard[slot]].passiveOp;
    s.slotPassiveUsed[slot] = 1;
    this.log?.write(`  ${this.seatName(seat)} uses ${this.abilityName(slot)}`);
    if (op === 'tameFirst') this.tame(seat, this.removeLine(0));
    else if (op === 'wardFirst') this.sendToHorde(0);
    else if (op === 'rerollAttackDie') {
      s.dieValue[die] = this.rollDie(this.tables.adventurers[Math.floor(die / DICE_PER_SEAT)].die);
      s.dieState[die] = Die.ready;
      this.log?.write(`  the die is rerolled: ${s.dieValue[die]}`);
    } else if (op === 'raiseLowestToMax') {
      s.dieValue[die] = this.tables.adventurers[target].die;
      this.log?.write(`  ${this.seatName(target)}'s lowest die is raised to ${s.dieValue[die]}`);
    } else if (op === 'doubleAttack') {
      s.harmonizedCard = s.lineCard[target];
      s.harmonizedBy = seat;
    }
  }

  private useAbility(slot: number, die: number, mode: number, target: number, aux: number): void {
    const s = this.state;
    const seat = Math.floor(slot / SLOTS_PER_SEAT);
    if (die >= 0) {
      s.dieState[die] = Die.spent;
      s.slotDieUsed[slot] = 1;
      this.log?.write(`  ${this.seatName(seat)} puts a ${s.dieValue[die]} on ${this.abilityName(slot)}`);
    } else {
      this.log?.write(`  ${this.seatName(seat)} exhausts ${this.abilityName(slot)} for its effect`);
      s.slotState[slot] = Slot.exhausted;
    }
    const ability = this.tables.abilities[s.slotCard[slot]];
    const steps = ability.modes[mode];
    const holdReveals = this.readings.backstabDefeatFirst && ability.revealsThenDefeats[mode];
    if (holdReveals) s.holdingReveals = 1;
    const markReveals = this.readings.backstabOwnReveals && ability.revealsThenDefeats[mode];
    if (markReveals) s.markingReveals = 1;
    let revealed = false;
    for (let i = 0; i < steps.length && s.status === Status.playing; i++) {
      const step = steps[i];
      if (step.op === 'reveal') revealed = true;
      const position = revealed && 'target' in step ? this.pickTarget(seat, step) : target;
      this.applyStep(seat, step, position, aux);
    }
    if (markReveals) this.unmarkReveals();
    if (holdReveals) this.resolveHeldReveals();
  }

  private unmarkReveals(): void {
    const s = this.state;
    s.markingReveals = 0;
    for (let i = 0; i < s.lineLength; i++) s.lineFlags[i] &= ~LineFlag.revealedByBackstab;
  }

  /** A target chosen after the ability revealed cards (Backstab). */
  private pickTarget(seat: number, step: AbilityEffect): number {
    const s = this.state;
    const target = (step as { target: Target }).target;
    this.options.clear();
    for (let position = 0; position < s.lineLength; position++) {
      if (this.canPickTarget(seat, step, target, position)) this.options.add(OptionKind.choose, -1, -1, position, -1, 0);
    }
    const index = this.ask(Decision.target, seat);
    return index < 0 ? -1 : this.options.target[index];
  }

  /** Some creature of the Line is a target pickTarget would offer for `step` now. */
  private someTargetOk(seat: number, step: AbilityEffect, target: Target): boolean {
    for (let position = 0; position < this.state.lineLength; position++) if (this.canPickTarget(seat, step, target, position)) return true;
    return false;
  }

  private canPickTarget(seat: number, step: AbilityEffect, target: Target, position: number): boolean {
    return this.targetOk(seat, step, target, position) && this.stepOk(seat, step, position) && this.revealedByThisBackstab(step, position);
  }

  /** With `backstabTarget=its-reveals`, Backstab's defeat takes one of the cards it revealed. */
  private revealedByThisBackstab(step: AbilityEffect, position: number): boolean {
    return !this.readings.backstabOwnReveals || step.op !== 'defeatUpToRoll' || (this.state.lineFlags[position] & LineFlag.revealedByBackstab) !== 0;
  }

  private stepOk(seat: number, step: AbilityEffect, position: number): boolean {
    return step.op !== 'defeatUpToRoll' || this.health(position) <= this.state.rollTotal[seat];
  }

  private applyStep(seat: number, step: AbilityEffect, position: number, aux: number): void {
    const s = this.state;
    switch (step.op) {
      case 'defeat':
      case 'defeatUpToRoll':
        if (position >= 0) this.defeat(position, seat);
        return;
      case 'damage':
        s.lineDamage[position] += step.amount;
        this.log?.write(`  ${step.amount} damage to ${this.cardName(s.lineCard[position])}`);
        if (s.lineDamage[position] >= this.health(position)) this.defeat(position, seat);
        return;
      case 'halveHealth':
        s.lineHalvings[position]++;
        if (s.lineDamage[position] >= this.health(position)) this.defeat(position, seat);
        return;
      case 'move':
        return this.moveCreature(position, step.to, aux);
      case 'conceal':
        return this.conceal(position);
      case 'reveal':
        return this.revealFaceDown(step.count, step.negateReveal);
      case 'revealBonus':
        s.revealBonus += step.amount;
        if (step.negateNextReveal) s.negateNextReveal = 1;
        return;
      case 'rangeBonus':
        s.rangeBonus += step.amount;
        return;
      case 'attackBonus':
        s.poisonAttacks = step.attacks;
        s.poisonAmount = step.amount;
        return;
      case 'maxDie':
        return this.raiseLowestDieToMax(seat);
      case 'ownRanged':
        s.ownRanged[seat] = 1;
        return;
      case 'defeatAll':
        return this.defeatAll(seat, step, step.target);
      case 'tame':
        return this.tame(seat, step.target.at === 'graveyard' ? s.graveyard.removeAt(position) : this.removeLine(position), step.untilEndOfRound === true);
      case 'spendTamedDefeat':
        this.spendAttackDie(this.tamedDie(seat));
        return this.defeat(position, seat);
      case 'blank':
        s.lineFlags[position] |= LineFlag.blank;
        return;
      case 'doubleDiceOnHealth':
        s.doubleMinHealth = step.min;
        return;
      case 'defeatPair':
        this.defeat(position + 1, seat);
        if (position < s.lineLength) this.defeat(position, seat);
        return;
      case 'drawToLineEnd':
        for (let i = 0; i < step.count; i++) {
          const drawn = this.drawCreature();
          if (drawn >= 0) this.insertLine(s.lineLength, drawn, FACE_DOWN);
        }
        return;
      case 'swapWithGraveyard':
        return this.polymorph(position, aux);
      case 'shieldBash':
        return this.shieldBash(seat);
      case 'taunt':
        return this.taunt(position);
      case 'songOfDiscord':
        return this.songOfDiscord(position);
      case 'lineDance':
        this.swapLine(position, aux);
        return this.offerPartyReroll(seat);
      default:
        return; // passive effects are not activated here
    }
  }

  /** Shield Bash: the first creature's health as damage to the second. */
  private shieldBash(seat: number): void {
    const s = this.state;
    const damage = this.health(0);
    s.lineDamage[1] += damage;
    this.log?.write(`  ${damage} damage to ${this.cardName(s.lineCard[1])}`);
    if (s.lineDamage[1] >= this.health(1)) this.defeat(1, seat);
  }

  /** Taunt: the creature comes to first position and its First-position power does not fire. */
  private taunt(position: number): void {
    this.moveLine(position, 0);
    this.state.lineFlags[0] |= LineFlag.firstFired;
    this.log?.write(`  ${this.cardName(this.state.lineCard[0])} is taunted to first position`);
  }

  /** Song of Discord: the creature goes to the Horde; a Human's health hits the next creature revealed. */
  private songOfDiscord(position: number): void {
    const s = this.state;
    const human = (this.tables.typeBits[s.lineCard[position]] & this.tables.typeMask(HUMAN)) !== 0;
    const health = this.health(position);
    this.sendToHorde(position);
    if (human) s.discordDamage += health;
  }

  private swapLine(first: number, second: number): void {
    this.moveLine(second, first);
    this.moveLine(first + 1, second);
    this.log?.write(`  positions ${first + 1} and ${second + 1} change places`);
  }

  /** Line Dance's reroll: any one unspent die of an adventurer in the fight. */
  private offerPartyReroll(seat: number): void {
    const s = this.state;
    this.options.clear();
    this.options.add(OptionKind.done, -1, -1, -1, -1, 0);
    for (let die = 0; die < SEATS * DICE_PER_SEAT; die++) {
      if (die % DICE_PER_SEAT < ROLLED_DICE && s.inCombat[Math.floor(die / DICE_PER_SEAT)] === 1 && s.dieState[die] === Die.ready) this.options.add(OptionKind.choose, -1, die, -1, -1, 0);
    }
    const index = this.ask(Decision.reroll, seat);
    if (index <= 0) return;
    const die = this.options.die[index];
    const owner = Math.floor(die / DICE_PER_SEAT);
    s.dieValue[die] = this.rollDie(this.tables.adventurers[owner].die);
    this.log?.write(`  ${this.seatName(owner)} rerolls a die: ${s.dieValue[die]}`);
  }

  private moveCreature(position: number, to: string, aux: number): void {
    const s = this.state;
    if (to === 'anywhere' || to === 'front' || to === 'back') {
      this.moveLine(position, to === 'front' ? 0 : to === 'back' ? s.lineLength - 1 : aux);
      return;
    }
    const card = this.removeLine(position);
    if (to === 'deckTop') s.deck.push(card);
    else if (to === 'deckBottom') s.deck.pushBottom(card);
    else {
      s.horde.push(card);
      s.hordeEnteredThisRound++;
    }
    this.log?.write(`  ${this.cardName(card)} goes to the ${to}`);
  }

  private conceal(position: number): void {
    const s = this.state;
    const stolen = s.lineStolenDie[position];
    if (stolen >= 0) s.dieState[stolen] = Die.ready;
    s.lineStolenDie[position] = -1;
    s.lineBaseHealth[position] = -1;
    s.lineRevealed[position] = 0;
    if (this.tables.firstPowerOnce[s.lineCard[position]] === 0) s.lineFlags[position] &= ~LineFlag.firstFired;
    this.moveLine(position, s.lineLength - 1);
  }

  /**
   * Cleanse Undead: "defeat all revealed Undead in an order you choose": the targets are the creatures matching when
   * it is used, each defeated once, the party choosing the next one (decision `target`) while more than one is left.
   */
  private defeatAll(seat: number, step: AbilityEffect, target: Target): void {
    const s = this.state;
    const cards = this.cleansing;
    let count = 0;
    for (let position = 0; position < s.lineLength; position++) if (this.targetOk(seat, step, target, position)) cards[count++] = s.lineCard[position];
    while (count > 0 && s.status === Status.playing) {
      this.options.clear();
      for (let i = 0; i < count; i++) {
        const position = this.positionOf(cards[i]);
        if (position >= 0 && this.targetOk(seat, step, target, position)) this.options.add(OptionKind.choose, -1, -1, position, -1, 0);
      }
      if (this.options.count === 0) return;
      const position = this.options.target[this.ask(Decision.target, seat)];
      const defeated = s.lineCard[position];
      this.defeat(position, seat);
      for (let i = 0; i < count; i++) {
        if (cards[i] !== defeated) continue;
        cards[i] = cards[--count];
        break;
      }
    }
  }

  private polymorph(position: number, graveyardIndex: number): void {
    const s = this.state;
    const incoming = s.graveyard.removeAt(graveyardIndex);
    this.discard(this.removeLine(position));
    this.enterRevealed(position, incoming, 0);
  }

  protected lowestReadyDie(seat: number): number {
    const s = this.state;
    let lowest = -1;
    for (let k = 0; k < ROLLED_DICE; k++) {
      const die = seat * DICE_PER_SEAT + k;
      if (s.dieState[die] === Die.ready && (lowest < 0 || s.dieValue[die] < s.dieValue[lowest])) lowest = die;
    }
    return lowest;
  }

  private raiseLowestDieToMax(seat: number): void {
    const die = this.lowestReadyDie(seat);
    if (die < 0) return;
    this.state.dieValue[die] = this.tables.adventurers[seat].die;
    this.log?.write(`  a die is raised to ${this.state.dieValue[die]}`);
  }

  /** A free die slot for a tamed creature, or -1 at the tamed limit. */
  private tameRoom(seat: number): number {
    const s = this.state;
    let tamed = 0;
    for (let k = ROLLED_DICE; k < DICE_PER_SEAT; k++) if (s.dieTamed[seat * DICE_PER_SEAT + k] >= 0) tamed++;
    const limit = this.tables.adventurers[seat].tamedLimit;
    return limit > 0 && tamed >= limit ? -1 : this.freeExtraDie(seat);
  }

  /** A die slot beyond the rolled dice holding nothing usable (no tamed creature, no die given by Assist), or -1. */
  protected freeExtraDie(seat: number): number {
    const s = this.state;
    for (let k = ROLLED_DICE; k < DICE_PER_SEAT; k++) {
      const die = seat * DICE_PER_SEAT + k;
      if (s.dieTamed[die] < 0 && s.dieState[die] !== Die.ready) return die;
    }
    return -1;
  }

  /** Assist: an attack die of this value for the adventurer; it cannot pay for abilities and lasts the round. */
  protected giveAttackDie(seat: number, value: number): void {
    const s = this.state;
    const die = this.freeExtraDie(seat);
    s.dieValue[die] = value;
    s.dieState[die] = Die.ready;
    this.log?.write(`  ${this.seatName(seat)} gets an attack die of ${value}`);
  }

  /**
   * End of the round: dice given by Assist are gone; creatures tamed by Siren Song, and a tamed creature a thief took
   * (spent, as if it had attacked), go to the Graveyard.
   */
  protected endRoundDice(): void {
    const s = this.state;
    for (let seat = 0; seat < SEATS; seat++) {
      for (let k = ROLLED_DICE; k < DICE_PER_SEAT; k++) {
        const die = seat * DICE_PER_SEAT + k;
        if (s.dieTamed[die] < 0) s.dieState[die] = Die.absent;
        else if (s.dieUntilEndOfRound[die] === 1 || s.dieState[die] === Die.stolen) this.releaseTamed(die);
      }
    }
  }

  /** A tamed creature stops being an attack die and goes to the Graveyard (or `to`). */
  protected releaseTamed(die: number, to: Deck = this.state.graveyard): void {
    const s = this.state;
    this.log?.write(`  ${this.cardName(s.dieTamed[die])} leaves the party${to === s.graveyard ? ' for the Graveyard' : ''}`);
    s.tamed.remove(s.dieTamed[die]);
    to.push(s.dieTamed[die]);
    s.dieTamed[die] = -1;
    s.dieUntilEndOfRound[die] = 0;
    s.dieState[die] = Die.absent;
  }

  /**
   * Animal Sentry's "tamed forest creature": the adventurer's lowest ready die that is a tamed Forest Creature (not an
   * extra die given by the Knight's Assist, nor a Human or Goblin tamed by Siren Song). The card lets the party choose;
   * the lower die is the one to give up, the higher hits harder.
   */
  private tamedDie(seat: number): number {
    const s = this.state;
    const forest = this.tables.typeMask(FOREST_CREATURE);
    let lowest = -1;
    for (let die = seat * DICE_PER_SEAT + ROLLED_DICE; die < (seat + 1) * DICE_PER_SEAT; die++) {
      const tamedForest = s.dieState[die] === Die.ready && s.dieTamed[die] >= 0 && (this.tables.typeBits[s.dieTamed[die]] & forest) !== 0;
      if (tamedForest && (lowest < 0 || s.dieValue[die] < s.dieValue[lowest])) lowest = die;
    }
    return lowest;
  }

  /** A tamed creature becomes an attack die worth its printed health, or a die of its tamer with `tamed=rolled` (see RULES.md). */
  private tame(seat: number, card: number, untilEndOfRound = false): void {
    const s = this.state;
    const die = this.tameRoom(seat);
    s.tamed.push(card);
    s.dieTamed[die] = card;
    s.dieUntilEndOfRound[die] = untilEndOfRound ? 1 : 0;
    s.dieValue[die] = this.readings.tamedRolled ? this.rollDie(this.tables.adventurers[seat].die) : this.tables.health[card];
    s.dieState[die] = Die.ready;
    this.log?.write(`  ${this.seatName(seat)} tames ${this.cardName(card)} (an attack die of ${s.dieValue[die]})`);
  }

  // ---- End of the Watch ------------------------------------------------------------------------------------------

  /**
   * Creatures left in the Line join the Horde and exhaust as many cards of the Watch as their damage; the party reads
   * each one's damage, so it has seen them all (face-down ones included).
   */
  endWatch(policy: SetawatchStrategy): void {
    this.strategy = policy;
    const s = this.state;
    let damage = 0;
    while (s.lineLength > 0 && s.status === Status.playing) {
      damage += this.tables.damage[s.lineCard[0]];
      see(s, s.lineCard[0]);
      this.sendToHorde(0);
    }
    if (damage > 0) this.log?.write(`  the Line deals ${damage} damage`);
    this.forceExhaust(damage);
  }

  // ---- Simulation ------------------------------------------------------------------------------------------------

  createSimulator(): Watch {
    return new Watch(this.tables, null, this.readings);
  }

  createRoundSimulator(): RoundSimulator | null {
    return null;
  }

  /** Copy a live game in, with what the party has not seen dealt afresh (knowledge.ts). */
  load(state: SetawatchState, seed: number): void {
    const s = this.state;
    s.copyFrom(state);
    this.location = s.location >= 0 ? this.tables.locations[s.location].rules : NO_LOCATION;
    this.reseed(seed);
    this.redealer.redeal(s, this.random.streams.deck);
  }
}
