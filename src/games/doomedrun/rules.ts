/**
 * The expedition engine: the Set a Watch rules (SetawatchRules, unchanged) with Doomed Run's hooks into each round.
 * Rulebook (RULES.md): "Doomed Run mechanics" and the campaign constants of "Estimation rules": the Doom track's
 * Unhallowed, Items (Discard, once per expedition, passive die bonus), coins on Camp actions, the Royal's Falcon, the
 * Summon tiers' costs (a Doomed Summon's Doom or exhaust), Molting in the Final Realm and the Bard's Multi-Talented.
 * The campaign gets control inside a round only through CampaignHooks (the Market visit at camp, the Falcon,
 * Multi-Talented and Doomed Summon decisions).
 */

import type { Deck } from '../../core/deck.ts';
import type { GameLog } from '../../core/game.ts';
import { Kind } from '../setawatch/cards.ts';
import { Camp, type SetawatchStrategy } from '../setawatch/decisions.ts';
import { SetawatchRules } from '../setawatch/rules.ts';
import { DICE_PER_SEAT, Die, ROLLED_DICE, SEATS, Slot, SLOTS_PER_SEAT, Status } from '../setawatch/state.ts';
import { FACE_UP, type Readings } from '../setawatch/watch.ts';
import type { RunContext } from './context.ts';
import { CampaignDecision, FALCON_HOLD, falconDie, falconOption, falconTarget } from './decisions.ts';
import { type CampaignState, REALMS, type RunTables, Where } from './state.ts';

/** The fire at Realm set-up and after a reset. */
export const STARTING_FIRE = 7;
const CAMP_ACTIONS: Record<string, number> = { chop: Camp.chop, scout: Camp.scout, checkMap: Camp.checkMap, heal: Camp.heal, equip: Camp.equip };

/** What the campaign does inside a round: the Market visit at camp, the Falcon and Multi-Talented decisions. */
export interface CampaignHooks {
  visitMarket(): void;
  offerFalcon(last: boolean): void;
  /** Multi-Talented: the card the Bard's slot aside `slot` holds. */
  offerBorrow(slot: number): void;
  /** A Doomed Summon: true when the players gain `amount` Doom (the campaign adds it), false to exhaust as many cards. */
  offerDoom(amount: number): boolean;
}

/** The Set a Watch engine with Doomed Run's hooks: Doom, Items, coins, the Falcon, Summon tiers, Molting. */
export class DoomedRules extends SetawatchRules {
  constructor(
    readonly run: RunTables,
    readonly campaign: CampaignState,
    private readonly hooks: CampaignHooks,
    log: GameLog | null,
    readings?: Readings,
  ) {
    super(run.cards, { summons: 1, startingFire: STARTING_FIRE, readings }, log);
  }

  seatOf(adventurer: number): number {
    for (let seat = 0; seat < SEATS; seat++) if (this.campaign.party[seat] === adventurer) return seat;
    return -1;
  }

  /** Discard / once-per-expedition Items fire and refresh. */
  protected override afterArrival(): void {
    this.falconReady = true;
    for (let i = 0; i < this.run.items.length; i++) this.useOnArrival(i);
  }

  /** A held Discard or once-per-expedition Item: +fire when the fire is low, a refresh when its holder is nearly out. */
  private useOnArrival(item: number): void {
    const s = this.state;
    const holder = this.campaign.itemHolder[item];
    const { name, effect } = this.run.items[item];
    if (holder < 0 || effect.use === 'passive' || this.campaign.itemUsed[item] === 1) return;
    const seat = this.seatOf(holder);
    if (seat < 0) return;
    if (effect.op === 'fire' && s.fire <= 3) {
      this.log?.write(`  ${this.seatName(seat)} uses ${name}`);
      this.changeFire(effect.amount);
      this.useItem(item);
    } else if (effect.op === 'refresh' && s.activeCards(seat) <= 1) {
      const slot = this.firstSlot(seat, Slot.exhausted);
      if (slot < 0) return;
      s.slotState[slot] = Slot.active;
      this.log?.write(`  ${this.seatName(seat)} uses ${name}: ${this.abilityName(slot)} is refreshed`);
      this.useItem(item);
    }
  }

  private useItem(item: number): void {
    if (this.run.items[item].effect.use === 'discard' && !this.run.items[item].mythic) {
      this.campaign.itemHolder[item] = -1;
      this.campaign.itemDeck.pushBottom(item);
    } else {
      this.campaign.itemUsed[item] = 1;
    }
  }

  firstSlot(seat: number, state: number): number {
    for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) if (this.state.slotState[slot] === state) return slot;
    return -1;
  }

  /** Passive die bonuses raise the holder's lowest rolled die. */
  protected override afterRoll(): void {
    const s = this.state;
    const items = this.run.items;
    for (let i = 0; i < items.length; i++) {
      const effect = items[i].effect;
      if (effect.op !== 'dieBonus' || this.campaign.itemHolder[i] < 0) continue;
      const seat = this.seatOf(this.campaign.itemHolder[i]);
      if (seat < 0) continue;
      const die = this.lowestReadyDie(seat);
      if (die < 0) continue;
      s.dieValue[die] = Math.min(this.tables.adventurers[seat].die, s.dieValue[die] + effect.amount);
    }
  }

  /**
   * "Once every Adventurer has rested twice, return all Rest tokens": as the camper takes the fourth one's second rest
   * (before a Game Break's replacement, who has not rested, could keep the others' tokens out).
   */
  private returnRestsOnceAllRested(): void {
    const rests = this.state.rests;
    if (rests[0] >= 2 && rests[1] >= 2 && rests[2] >= 2 && rests[3] >= 2) rests.fill(0);
  }

  /** A die on a Camp action with a coin on it takes the coin. */
  protected override campActionTaken(action: number): void {
    const spots = this.run.content.rules.coinSpots;
    for (let i = 0; i < spots.length; i++) {
      if ((this.campaign.coinSpots & (1 << i)) === 0 || CAMP_ACTIONS[spots[i]] !== action) continue;
      this.campaign.coinSpots &= ~(1 << i);
      this.campaign.coins++;
      this.log?.write(`  a coin is taken (${this.campaign.coins} coins)`);
      return;
    }
  }

  /** The Bard's own cards set aside while he holds borrowed ones (Multi-Talented), per slot of his seat; -1 = none. */
  readonly bardOwn = new Int16Array(SLOTS_PER_SEAT).fill(-1);
  bardSeat = -1;
  /** Adventurers whose Abilities the Bard cannot borrow (unique mechanics, as the rulebook warns). */
  private readonly unborrowable = new Set(['artificer', 'trophyhunter']);

  /**
   * Multi-Talented: when the Bard camps, each of his slots aside may take an Ability card of a Company member outside
   * the Party (the campaign strategy's choice, decision `borrow`), which his Equip may then put on his board. A
   * borrowed card left aside goes back first.
   */
  protected override beforeCamp(): void {
    this.returnRestsOnceAllRested();
    this.hooks.visitMarket();
    const s = this.state;
    const bard = this.run.bard;
    if (bard < 0 || this.campaign.party[s.camper] !== bard) return;
    this.returnBorrowedAside();
    const seat = s.camper;
    this.bardSeat = seat;
    for (let i = 0; i < SLOTS_PER_SEAT; i++) {
      const slot = seat * SLOTS_PER_SEAT + i;
      if (s.slotState[slot] === Slot.reserve && this.bardOwn[i] < 0) this.hooks.offerBorrow(slot);
    }
  }

  /** A Company member (outside the Party) whose Ability cards the Bard may borrow. */
  isLender(adventurer: number): boolean {
    return this.campaign.where[adventurer] === Where.company && !this.unborrowable.has(this.run.adventurerIds[adventurer]);
  }

  /** The pick for the Bard's slot aside `slot`: his own card there stays, or a lender's `card` is set in its place. */
  setAside(slot: number, card: number): void {
    const s = this.state;
    if (card === s.slotCard[slot]) {
      this.log?.write(`  Multi-Talented: the Bard keeps ${this.tables.abilities[card].name} aside`);
      return;
    }
    this.bardOwn[slot % SLOTS_PER_SEAT] = s.slotCard[slot];
    s.slotCard[slot] = card;
    this.log?.write(`  Multi-Talented: the Bard may equip ${this.tables.abilities[card].name} (${this.ownerName(card)})`);
  }

  private ownerName(card: number): string {
    const adventurers = this.run.adventurers;
    for (let a = 0; a < adventurers.length; a++) if (adventurers[a].abilities.includes(card)) return adventurers[a].name;
    return '?';
  }

  /** The Ability card is in some seat's slot (on a board or aside). */
  onAnySlot(card: number): boolean {
    const s = this.state;
    for (let slot = 0; slot < SEATS * SLOTS_PER_SEAT; slot++) if (s.slotCard[slot] === card) return true;
    return false;
  }

  /** Borrowed cards still aside go back to their owner; the Bard's own cards return to those slots. */
  returnBorrowedAside(): void {
    if (this.bardSeat < 0) return;
    const s = this.state;
    for (let i = 0; i < SLOTS_PER_SEAT; i++) {
      const slot = this.bardSeat * SLOTS_PER_SEAT + i;
      if (this.bardOwn[i] >= 0 && s.slotState[slot] === Slot.reserve) {
        s.slotCard[slot] = this.bardOwn[i];
        this.bardOwn[i] = -1;
      }
    }
  }

  /** An adventurer joins the Party: the Bard gives back any card of theirs (his own card takes its place and state). */
  reclaim(adventurer: number): void {
    if (this.bardSeat < 0) return;
    const s = this.state;
    const own = this.run.adventurers[adventurer].abilities;
    for (let i = 0; i < SLOTS_PER_SEAT; i++) {
      const slot = this.bardSeat * SLOTS_PER_SEAT + i;
      if (this.bardOwn[i] >= 0 && own.includes(s.slotCard[slot])) {
        s.slotCard[slot] = this.bardOwn[i];
        this.bardOwn[i] = -1;
      }
    }
  }

  /** The Bard's seat is dealt anew (Realm set-up, or someone else sits there): nothing is borrowed any more. */
  forgetBorrowed(seat: number): void {
    if (seat !== this.bardSeat) return;
    this.bardOwn.fill(-1);
    this.bardSeat = -1;
  }

  /** The Falcon may strike once per round (set on arrival, cleared by a strike). */
  private falconReady = false;

  protected override beforeWatchActions(): void {
    this.returnBorrowedAside();
    if (this.campaign.doomSummonsPending === 0) return;
    while (this.campaign.doomSummonsPending > 0 && this.state.status === Status.playing) {
      this.campaign.doomSummonsPending--;
      this.doomSummon();
    }
    if (this.state.status === Status.playing) this.settleLine();
  }

  /** There is a Line to summon to (a Watch is on). */
  hasLine(): boolean {
    return this.state.lineLength > 0;
  }

  /**
   * Doom exceeded its limit: an Unhallowed is summoned to the end of the Line (face up, its Reveal powers fire) and
   * the top Creature card goes to the Horde. With the Unhallowed deck empty, the expedition is lost, as to a Summon.
   */
  doomSummon(): void {
    this.log?.write('  Doom summons an Unhallowed to the end of the Line');
    const unhallowed = this.drawUnhallowed();
    if (unhallowed < 0) return;
    this.enterRevealed(this.state.lineLength, unhallowed, 0);
    this.drawToHorde();
  }

  /** The Royal's Falcon, with the Royal in the Party: the campaign strategy may strike before any Watch action... */
  protected override beforeWatchAction(): void {
    if (this.falconCanStrike() && this.state.lineLength > 0) this.hooks.offerFalcon(false);
  }

  /** ...or, still unused, when the Watch ends (before the Line joins the Horde). */
  override endWatch(policy: SetawatchStrategy): void {
    if (this.falconCanStrike() && this.state.lineLength > 0) this.hooks.offerFalcon(true);
    super.endWatch(policy);
  }

  private falconCanStrike(): boolean {
    return this.falconReady && this.state.status === Status.playing && this.seatOf(this.run.royal) >= 0;
  }

  /** The Falcon's direct attack: 4 damage to the Line position, plus the value of a die spent with it (-1 = none). */
  falconStrike(position: number, die: number): void {
    const s = this.state;
    const extra = die < 0 ? 0 : s.dieValue[die];
    if (die >= 0) {
      s.dieState[die] = Die.spent;
      if (s.lineAttacker[position] < 0) s.lineAttacker[position] = Math.floor(die / DICE_PER_SEAT);
    }
    this.falconReady = false;
    s.lineDamage[position] += this.run.content.rules.falconDamage + extra;
    this.log?.write(`  the Falcon deals ${this.run.content.rules.falconDamage}${extra > 0 ? ` + a die of ${extra}` : ''} to ${this.cardName(s.lineCard[position])}`);
    if (this.remainingHealth(position) > 0) return;
    this.defeat(position, this.seatOf(this.run.royal));
    this.settleLine();
  }

  /** Summon tiers: the higher tiers cost more (content: extraExhaust, fire). */
  protected override afterSummonExhaust(card: number): void {
    const extra = this.run.summonExtraExhaust[card];
    const fire = this.run.summonFire[card];
    if (extra > 0) this.forceExhaust(extra);
    if (fire !== 0) this.changeFire(fire);
  }

  /** A Doomed Summon, once its Unhallowed is placed (in the Line, or in the Graveyard): the players gain its Doom or exhaust as many cards. */
  protected override afterSummon(card: number): void {
    const amount = this.run.summonDoomOrExhaust[card];
    if (amount > 0 && !this.hooks.offerDoom(amount)) this.forceExhaust(amount);
  }

  /** Molting (Final Realm): the defeated Unhallowed is replaced by the top Husk of the Graveyard. */
  protected override afterDefeat(card: number, position: number): void {
    if (this.run.molts[card] === 0 || this.campaign.realm !== REALMS) return;
    const g = this.state.graveyard;
    for (let i = g.size - 1; i >= 0; i--) {
      if (this.run.husk[g.at(i)] === 0) continue;
      const husk = g.removeAt(i);
      this.insertLine(Math.min(position, this.state.lineLength), husk, FACE_UP);
      this.log?.write(`  ${this.cardName(card)} Molts: ${this.cardName(husk)} takes its place`);
      return;
    }
  }

  /** The seat's tamed creatures leave its dice for `to` (a dead adventurer's, or every one at a reset). */
  releaseTamedOf(seat: number, to: Deck): void {
    for (let k = ROLLED_DICE; k < DICE_PER_SEAT; k++) {
      const die = seat * DICE_PER_SEAT + k;
      if (this.state.dieTamed[die] >= 0) this.releaseTamed(die, to);
    }
  }
}

/**
 * The Falcon's options: hold it, or strike a creature a direct attack may be assigned to, anywhere in the Line, alone
 * or with a ready die of an Adventurer in the fight (the Grand Arena's one adventurer's dice per creature holds).
 */
export function offerFalcon(run: RunContext, last: boolean): void {
  const s = run.rules.state;
  const choices = run.choices;
  const targets = run.falconTargets;
  choices.clear();
  choices.add(FALCON_HOLD);
  const count = run.rules.directAttackTargetsAnywhere(targets);
  for (let i = 0; i < count; i++) {
    const position = targets[i];
    if (run.tables.cards.kind[s.lineCard[position]] === Kind.summon) continue;
    choices.add(falconOption(position, -1));
    for (let seat = 0; seat < SEATS; seat++) {
      if (s.inCombat[seat] !== 1 || !run.rules.combiningAllowed(seat, position)) continue;
      for (let k = 0; k < ROLLED_DICE; k++) {
        const die = seat * DICE_PER_SEAT + k;
        if (s.dieState[die] === Die.ready && s.dieTamed[die] < 0) choices.add(falconOption(position, die));
      }
    }
  }
  const choice = choices.ask(last ? CampaignDecision.falconLast : CampaignDecision.falcon);
  if (choice !== FALCON_HOLD) run.rules.falconStrike(falconTarget(choice), falconDie(choice));
}

/** A Doomed Summon: the players gain `amount` Doom (true) or exhaust as many cards (false). */
export function takesDoom(run: RunContext, amount: number): boolean {
  const choices = run.choices;
  choices.clear();
  choices.add(amount);
  choices.add(-amount);
  return choices.ask(CampaignDecision.doomOrExhaust) > 0;
}

/** Multi-Talented: the Bard's slot aside keeps his own card (the first option) or takes a lender's card on no board. */
export function offerBorrow(run: RunContext, slot: number): void {
  const rules = run.rules;
  const own = rules.state.slotCard[slot];
  const choices = run.choices;
  choices.clear();
  choices.add(own);
  for (let a = 0; a < run.camp.where.length; a++) {
    if (!rules.isLender(a)) continue;
    const cards = run.tables.adventurers[a].abilities;
    for (let k = 0; k < cards.length; k++) if (!rules.onAnySlot(cards[k])) choices.add(cards[k]);
  }
  if (choices.count > 1) rules.setAside(slot, choices.ask(CampaignDecision.borrow));
}
