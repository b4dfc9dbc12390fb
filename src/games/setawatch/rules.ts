import type { GameLog, OutcomeRecord } from '../../core/game.ts';
import { METRIC_MISSING } from '../../core/game.ts';
import { campActionName, type CardTables, type CompiledAdventurer, HALVE_FIRE, Kind, LocationKind, Timing } from './cards.ts';
import { Camp, CAMP_NAMES, Decision, type DecisionKind, HEAL_DIE, MapMode, OptionKind, Rune, Scout, type SetawatchStrategy } from './decisions.ts';
import { dealOntoDeck, forgetAll, nextShuffle, placeBy, see, seeUnhallowedTop, shuffleHidden } from './knowledge.ts';
import { DICE_PER_SEAT, Die, ROLLED_DICE, SEATS, Slot, SLOTS_PER_SEAT, Status } from './state.ts';
import { FACE_DOWN, type Readings, Watch } from './watch.ts';

/**
 * Set a Watch from set-up to the final round: the map, the rounds (location, roll, camper, camp, Watch), the end of
 * each round and both losses. The Watch itself (Line, powers, attacks, abilities) is in watch.ts.
 */

export interface RulesOptions {
  readonly summons: number;
  /** Starting firewood: 7, or 0 to roll a d8. */
  readonly startingFire: number;
  /** Readings of two-way rules (default DEFAULT_READINGS). */
  readonly readings?: Readings;
}

export const ROUNDS = 9;
const DECK_SIZE = 30;
const MAP_LOCATIONS = 8;
const STARTING_UNHALLOWED = 7;
const RUNE_PAIRS = [Rune.seal | Rune.vanquish, Rune.seal | Rune.bolster, Rune.vanquish | Rune.bolster];
const SCOUT_NAMES = ['kept in order', 'swapped', 'first on top, second to the bottom', 'second on top, first to the bottom', 'both to the bottom', 'both to the bottom, the first lowest'];

/** Every order of up to four cards, for Elven Scout: PERMUTATIONS[n] lists the orders of n cards. */
const PERMUTATIONS: readonly (readonly (readonly number[])[])[] = [0, 1, 2, 3, 4].map(permutations);

function permutations(n: number): number[][] {
  if (n <= 1) return [[0].slice(0, n)];
  return permutations(n - 1).flatMap((order) => Array.from({ length: n }, (_, at) => [...order.slice(0, at), n - 1, ...order.slice(at)]));
}

export class SetawatchRules extends Watch {
  private readonly deal: Int16Array;
  private readonly pile: Int16Array;
  private lastScoutValue = 0;
  private usedCamp = 0;
  /** Doomed Run seam: the first round's location changes the fire (after a Game Break). */
  private firstRoundFire = false;

  constructor(
    tables: CardTables,
    private readonly settings: RulesOptions,
    log: GameLog | null,
  ) {
    super(tables, log, settings.readings);
    this.deal = new Int16Array(Math.max(tables.cardCount, tables.locations.length));
    this.pile = new Int16Array(tables.cardCount + 1);
  }

  /**
   * Play one game. Test seam: `arrange` runs after set-up (to stack decks, set the fire, choose cards) and the game
   * may stop after `lastRound`; `arrange` may also script the dice (scriptDice).
   */
  playGame(seed: number, strategy: SetawatchStrategy, out: OutcomeRecord, arrange?: (rules: SetawatchRules) => void, lastRound = ROUNDS): void {
    this.reseed(seed);
    this.seed = seed;
    this.strategy = strategy;
    this.setUp();
    if (arrange !== undefined) arrange(this);
    for (let round = 1; round <= lastRound && this.state.status === Status.playing; round++) this.playRound(round);
    this.record(out);
  }

  /**
   * Doomed Run seam: play rounds on a state the caller prepared (no set-up). `beginCarried` reseeds the streams once
   * per campaign; `playCarriedRound` plays one round (`round` counts within the expedition; round 1 applies its
   * location's fire change only when `applyFire`).
   */
  beginCarried(seed: number, strategy: SetawatchStrategy): void {
    this.reseed(seed);
    this.seed = seed;
    this.strategy = strategy;
  }

  playCarriedRound(round: number, applyFire: boolean): void {
    this.firstRoundFire = applyFire;
    this.playRound(round);
    this.firstRoundFire = false;
  }

  /** Extension hooks for expansions (no-ops in the base game). */
  protected afterArrival(): void {}
  protected afterRoll(): void {}
  protected beforeCamp(): void {}
  protected campActionTaken(_action: number): void {}
  protected beforeWatchActions(): void {}
  protected beforeWatchAction(): void {}

  private record(out: OutcomeRecord): void {
    const s = this.state;
    out.outcome = s.status === Status.won ? 0 : s.status === Status.lostExhausted ? 1 : 2;
    out.metrics[0] = s.status === Status.won ? METRIC_MISSING : s.roundOfLoss;
    out.metrics[1] = s.totalActiveCards();
    out.metrics[2] = s.horde.size;
    this.log?.write(`end: ${['playing', 'won', 'lost (exhausted)', 'lost (Summon with no Unhallowed left)'][s.status]}; ${out.metrics[1]} cards left, Horde ${out.metrics[2]}`);
  }

  // ---- Set-up ----------------------------------------------------------------------------------------------------

  private setUp(): void {
    const s = this.state;
    s.status = Status.playing;
    s.round = 0;
    s.roundOfLoss = 0;
    s.camper = -1;
    s.lineLength = 0;
    s.restartCard = -1;
    s.onWatch.fill(0);
    s.inCombat.fill(0);
    s.rests.fill(0);
    s.dieState.fill(Die.absent);
    s.dieTamed.fill(-1);
    s.dieUntilEndOfRound.fill(0);
    for (const pile of [s.deck, s.graveyard, s.horde, s.unhallowedDeck, s.removed, s.tamed]) pile.clear();
    forgetAll(s);
    this.setUpParty();
    // Numbered before the creature piles' shuffles (the two are independent): a re-deal deals it first, as the
    // planner's measured games did when unseen Unhallowed were exchanged before any shuffle.
    const unhallowedShuffle = nextShuffle(s);
    this.setUpCreatureDeck();
    this.setUpUnhallowed(unhallowedShuffle);
    this.setUpMap();
    const setup = this.random.streams.setup;
    s.fire = this.settings.startingFire > 0 ? this.settings.startingFire : setup.die(8);
    this.log?.write(`set-up: ${this.settings.summons} Summon cards, fire ${s.fire}, party ${this.tables.adventurers.map((a) => a.name).join(', ')}`);
  }

  /** Three random ability cards per adventurer, one of them exhausted; the other two wait for Equip. */
  private setUpParty(): void {
    const s = this.state;
    const setup = this.random.streams.setup;
    for (let seat = 0; seat < SEATS; seat++) {
      const cards = this.tables.adventurers[seat].abilities;
      for (let i = 0; i < SLOTS_PER_SEAT; i++) this.deal[i] = cards[i];
      setup.shuffle(this.deal, 0, SLOTS_PER_SEAT);
      const exhausted = setup.int(3);
      for (let i = 0; i < SLOTS_PER_SEAT; i++) {
        const slot = seat * SLOTS_PER_SEAT + i;
        s.slotCard[slot] = this.deal[i];
        s.slotState[slot] = i >= 3 ? Slot.reserve : i === exhausted ? Slot.exhausted : Slot.active;
      }
    }
    s.outsideAbilities.clear();
    for (const ability of this.tables.outsideAbilities) s.outsideAbilities.push(ability);
  }

  /**
   * 30 cards: random creatures plus both Acolytes, split into one pile per Summon card as evenly as possible, a Summon
   * shuffled into each pile, smaller piles at the bottom. Unused creatures and Summons leave the game.
   */
  private setUpCreatureDeck(): void {
    const s = this.state;
    const t = this.tables;
    const setup = this.random.streams.setup;
    const creatures = t.creatureCards.length;
    for (let i = 0; i < creatures; i++) this.deal[i] = t.creatureCards[i];
    setup.shuffle(this.deal, 0, creatures);
    const randomCount = Math.min(creatures, DECK_SIZE - t.acolyteCards.length);
    for (let i = randomCount; i < creatures; i++) s.removed.push(this.deal[i]);
    for (let i = 0; i < t.acolyteCards.length; i++) this.deal[randomCount + i] = t.acolyteCards[i];
    const size = randomCount + t.acolyteCards.length;
    setup.shuffle(this.deal, 0, size);
    const piles = Math.min(this.settings.summons, t.summonCards.length);
    for (let i = piles; i < t.summonCards.length; i++) s.removed.push(t.summonCards[i]);
    const smaller = Math.floor(size / piles);
    const larger = size % piles;
    let next = 0;
    for (let pile = 0; pile < piles; pile++) {
      const pileSize = smaller + (pile >= piles - larger ? 1 : 0);
      for (let i = 0; i < pileSize; i++) this.pile[i] = this.deal[next++];
      this.pile[pileSize] = t.summonCards[pile];
      setup.shuffle(this.pile, 0, pileSize + 1);
      const shuffle = nextShuffle(s);
      for (let i = 0; i <= pileSize; i++) dealOntoDeck(s, this.pile[i], shuffle);
    }
  }

  /** One Unhallowed face down into the Horde, 7 in the Unhallowed deck, the rest out of the game, all by one shuffle. */
  private setUpUnhallowed(shuffle: number): void {
    const s = this.state;
    const cards = this.tables.unhallowedCards;
    for (let i = 0; i < cards.length; i++) this.deal[i] = cards[i];
    this.random.streams.setup.shuffle(this.deal, 0, cards.length);
    s.horde.push(this.deal[0]);
    for (let i = 1; i < cards.length; i++) (i <= STARTING_UNHALLOWED ? s.unhallowedDeck : s.removed).push(this.deal[i]);
    for (let i = 0; i < cards.length; i++) placeBy(s, this.deal[i], shuffle);
    s.setAside = s.removed.size;
    seeUnhallowedTop(s);
  }

  /** 8 random regular locations over a final location; the other regular locations and the Respites are unused. */
  private setUpMap(): void {
    const s = this.state;
    const setup = this.random.streams.setup;
    const locations = this.tables.locations;
    s.mapDeck.clear();
    s.unusedLocations.clear();
    let regular = 0;
    let finals = 0;
    for (let i = 0; i < locations.length; i++) if (locations[i].kind === LocationKind.regular) this.deal[regular++] = i;
    setup.shuffle(this.deal, 0, regular);
    for (let i = 0; i < locations.length; i++) if (locations[i].kind === LocationKind.final) finals++;
    let final = setup.int(finals);
    for (let i = 0; i < locations.length; i++) if (locations[i].kind === LocationKind.final && final-- === 0) s.mapDeck.push(i);
    for (let i = 0; i < regular; i++) (i < MAP_LOCATIONS ? s.mapDeck : s.unusedLocations).push(this.deal[i]);
    for (let i = 0; i < locations.length; i++) if (locations[i].kind === LocationKind.respite) s.unusedLocations.push(i);
    s.unusedLocations.shuffle(setup);
  }

  // ---- A round ---------------------------------------------------------------------------------------------------

  private playRound(round: number): void {
    const s = this.state;
    s.round = round;
    s.resetRoundEffects();
    s.camper = -1;
    s.onWatch.fill(0);
    s.inCombat.fill(0);
    this.arrive(round);
    this.afterArrival();
    this.rollDice();
    this.afterRoll();
    const final = this.tables.locations[s.location].kind === LocationKind.final;
    if (final) s.onWatch.fill(1);
    else this.chooseCamper();
    this.applyArrivalSwaps();
    if (!final) this.camp();
    this.watch(final);
    if (s.status !== Status.playing) return this.lose(round);
    this.endRound(round, final);
  }

  private lose(round: number): void {
    this.state.roundOfLoss = round;
  }

  private arrive(round: number): void {
    const s = this.state;
    s.location = s.mapDeck.draw();
    const location = this.tables.locations[s.location];
    this.location = location.rules;
    this.log?.write(`round ${round}: ${location.name} (fire ${location.fire === HALVE_FIRE ? 'halved' : location.fire}, Line ${location.line})`);
    if (round === 1 && !this.firstRoundFire) return;
    this.changeFire(location.fire === HALVE_FIRE ? Math.floor(s.fire / 2) - s.fire : location.fire);
  }

  private rollDice(): void {
    const s = this.state;
    for (let seat = 0; seat < SEATS; seat++) {
      const sides = this.tables.adventurers[seat].die;
      s.rollTotal[seat] = 0;
      for (let k = 0; k < ROLLED_DICE; k++) {
        const die = seat * DICE_PER_SEAT + k;
        s.dieValue[die] = Math.max(1, this.rollDie(sides) + this.location.allDice);
        s.dieState[die] = Die.ready;
        s.rollTotal[seat] += s.dieValue[die];
      }
      if (this.readings.tamedRolled) this.rollTamedDice(seat, sides);
      if (this.location.raiseLowestDie > 0) this.raiseLowest(seat, sides);
      this.log?.write(`  ${this.seatName(seat)} rolls ${this.diceText(seat)}`);
    }
    if (this.location.lockLowestDie) this.lockLowestDie();
  }

  private diceText(seat: number): string {
    const s = this.state;
    const values: number[] = [];
    for (let k = 0; k < DICE_PER_SEAT; k++) if (s.dieState[seat * DICE_PER_SEAT + k] === Die.ready) values.push(s.dieValue[seat * DICE_PER_SEAT + k]);
    return values.join(' ');
  }

  private raiseLowest(seat: number, sides: number): void {
    const die = this.lowestReadyDie(seat);
    if (this.state.dieValue[die] < sides) this.state.dieValue[die] += this.location.raiseLowestDie;
  }

  private lockLowestDie(): void {
    const s = this.state;
    let lowest = 0;
    for (let seat = 0; seat < SEATS; seat++) {
      for (let k = 0; k < ROLLED_DICE; k++) if (s.dieValue[seat * DICE_PER_SEAT + k] < s.dieValue[lowest]) lowest = seat * DICE_PER_SEAT + k;
    }
    s.dieState[lowest] = Die.locked;
    this.log?.write(`  a ${s.dieValue[lowest]} is locked on Snowy Pass`);
  }

  /** With `tamed=rolled`, a tamed creature not yet spent is rolled with its tamer's dice (not a camp die: not in the total). */
  private rollTamedDice(seat: number, sides: number): void {
    const s = this.state;
    for (let k = ROLLED_DICE; k < DICE_PER_SEAT; k++) {
      const die = seat * DICE_PER_SEAT + k;
      if (s.dieTamed[die] >= 0 && s.dieState[die] === Die.ready) s.dieValue[die] = this.rollDie(sides);
    }
  }

  /** Each adventurer camps exactly twice over rounds 1-8: only those with a rest token left may camp. */
  private chooseCamper(): void {
    const s = this.state;
    let highest = 0;
    for (let seat = 0; seat < SEATS; seat++) if (s.rests[seat] < 2) highest = Math.max(highest, s.rollTotal[seat]);
    this.options.clear();
    for (let seat = 0; seat < SEATS; seat++) {
      if (s.rests[seat] >= 2 || (this.location.highestRollCamps && s.rollTotal[seat] < highest)) continue;
      this.options.add(OptionKind.choose, -1, -1, seat, -1, 0);
    }
    this.sendToCamp(this.options.target[this.ask(Decision.camper, -1)]);
  }

  private sendToCamp(camper: number): void {
    const s = this.state;
    s.camper = camper;
    s.rests[camper]++;
    for (let seat = 0; seat < SEATS; seat++) s.onWatch[seat] = seat === camper ? 0 : 1;
    this.log?.write(`  ${this.seatName(camper)} camps (rest ${s.rests[camper]} of 2)`);
  }

  override createRoundSimulator(): SetawatchRules {
    return new SetawatchRules(this.tables, this.settings, null);
  }

  /** Round simulator: the rest of a regular round after its camper decision (see RoundSimulator). */
  playRoundFromCamper(camper: number, policy: SetawatchStrategy): void {
    this.strategy = policy;
    this.sendToCamp(camper);
    this.applyArrivalSwaps();
    this.camp();
    this.watch(false);
  }

  /** The White Monolith and Tranquil Village change cards as the party arrives. */
  private applyArrivalSwaps(): void {
    const s = this.state;
    for (let seat = 0; seat < SEATS; seat++) {
      if (this.location.swapExhausted && s.exhaustedCards(seat) > 0 && s.activeCards(seat) > 0) this.monolithSwap(seat);
      if (this.location.lowRollRefreshBelow > 0 && s.onWatch[seat] === 1 && s.rollTotal[seat] < this.location.lowRollRefreshBelow) this.refreshOne(seat);
    }
  }

  /** The White Monolith: the adventurer refreshes an exhausted card of its choice and exhausts an active one. */
  private monolithSwap(seat: number): void {
    const s = this.state;
    const exhausted = this.pickSlot(seat, Slot.exhausted, Decision.refresh);
    const active = this.pickSlot(seat, Slot.active, Decision.exhaust);
    s.slotState[exhausted] = Slot.active;
    s.slotState[active] = Slot.exhausted;
    this.log?.write(`  ${this.seatName(seat)} refreshes ${this.abilityName(exhausted)} and exhausts ${this.abilityName(active)}`);
  }

  /** The card of `seat` in state `slotState` that the strategy picks for `decision`. */
  private pickSlot(seat: number, slotState: number, decision: DecisionKind): number {
    this.options.clear();
    for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) {
      if (this.state.slotState[slot] === slotState) this.options.add(OptionKind.choose, slot, -1, -1, -1, 0);
    }
    return this.options.slot[this.ask(decision, seat)];
  }

  /** Refresh one exhausted card of `seat` (or of anyone on Watch or camping when seat is -1), if the strategy wants. */
  private refreshOne(seat: number): void {
    const s = this.state;
    this.options.clear();
    this.options.add(OptionKind.done, -1, -1, -1, -1, 0);
    for (let slot = 0; slot < SEATS * SLOTS_PER_SEAT; slot++) {
      const owner = Math.floor(slot / SLOTS_PER_SEAT);
      if (s.slotState[slot] === Slot.exhausted && (seat < 0 || owner === seat)) this.options.add(OptionKind.choose, slot, -1, -1, -1, 0);
    }
    const index = this.ask(Decision.refresh, seat);
    if (index <= 0) return;
    this.refreshSlot(this.options.slot[index]);
  }

  private refreshSlot(slot: number): void {
    this.state.slotState[slot] = Slot.active;
    this.log?.write(`  ${this.seatName(Math.floor(slot / SLOTS_PER_SEAT))} refreshes ${this.abilityName(slot)}`);
  }

  // ---- Camp ------------------------------------------------------------------------------------------------------

  /** The Camp phase: the camper refreshes a card, then places dice on camp actions and Runes one at a time. */
  private camp(): void {
    const s = this.state;
    const camper = s.camper;
    this.beforeCamp();
    for (let i = 0; i < this.location.camperRefreshes; i++) this.refreshOne(camper);
    if (this.location.camperReroll) this.offerSeatRerolls(camper, ROLLED_DICE);
    if (this.location.sealChosen) this.sealChosen();
    this.lastScoutValue = 0;
    this.usedCamp = 0;
    while (s.status === Status.playing) {
      this.listCampOptions(camper);
      const index = this.ask(Decision.camp, camper);
      if (index <= 0) return;
      this.applyCamp(camper, index);
    }
  }

  private valueOk(value: number, minimum: number, exactly: boolean): boolean {
    if (this.location.campAnyValue) return true;
    return exactly ? value === minimum : value >= minimum;
  }

  private listCampOptions(camper: number): void {
    const s = this.state;
    const options = this.options;
    options.clear();
    options.add(OptionKind.done, -1, -1, -1, -1, 0);
    for (let k = 0; k < ROLLED_DICE; k++) {
      const die = camper * DICE_PER_SEAT + k;
      if (s.dieState[die] !== Die.ready) continue;
      const value = s.dieValue[die];
      // Chop Wood and Scout Ahead have three spaces each, one per die the camper rolls, so they never fill (Scout Ahead
      // with each die higher than the last); Check Map on 4+, Heal on a 6.
      options.add(OptionKind.campAction, -1, die, -1, Camp.chop, 0);
      if ((value > this.lastScoutValue || this.location.campAnyValue) && s.deck.size + s.graveyard.size > 0) options.add(OptionKind.campAction, -1, die, -1, Camp.scout, 0);
      if (this.unused(Camp.checkMap) && this.valueOk(value, 4, false) && this.mapCanChange()) options.add(OptionKind.campAction, -1, die, -1, Camp.checkMap, 0);
      if (this.unused(Camp.heal) && this.valueOk(value, HEAL_DIE, true)) this.listHeals(die, Camp.heal);
      if (this.unused(Camp.equip)) this.listEquips(camper, die, Camp.equip);
      if (this.unused(Camp.own)) this.listOwnAction(camper, die, value);
    }
    this.listRunes(camper);
  }

  private unused(action: number): boolean {
    return (this.usedCamp & (1 << action)) === 0;
  }

  /**
   * Whether Check Map or a Teleport may change the next location: there is one and it is not a final location (a
   * Doomed Run expedition's map need not end in one), and the unused deck has a card to offer.
   */
  private mapCanChange(): boolean {
    const s = this.state;
    const next = s.mapDeck.peek();
    return next >= 0 && this.tables.locations[next].kind !== LocationKind.final && s.unusedLocations.size > 0;
  }

  private listHeals(die: number, action: number): void {
    const s = this.state;
    for (let slot = 0; slot < SEATS * SLOTS_PER_SEAT; slot++) {
      if (s.slotState[slot] === Slot.exhausted) this.options.add(OptionKind.campAction, slot, die, -1, action, 0);
    }
  }

  private listEquips(seat: number, die: number, action: number): void {
    const s = this.state;
    for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) {
      if (s.slotState[slot] === Slot.reserve) continue;
      for (let spare = seat * SLOTS_PER_SEAT; spare < (seat + 1) * SLOTS_PER_SEAT; spare++) {
        if (s.slotState[spare] === Slot.reserve) this.options.add(OptionKind.campAction, slot, die, spare, action, 0);
      }
    }
  }

  private listOwnAction(camper: number, die: number, value: number): void {
    const action = this.tables.adventurers[camper].camp;
    if (action.op === 'heal') {
      if (this.valueOk(value, action.minDie, false)) this.listHeals(die, Camp.own);
    } else if (action.op === 'teleport') {
      if (this.mapCanChange()) this.options.add(OptionKind.campAction, -1, die, -1, Camp.own, 0);
    } else if (action.op === 'assist') {
      this.listAssists(die);
    } else if (action.op === 'multiTalented') {
      this.listBorrowings(camper, die);
    } else {
      this.options.add(OptionKind.campAction, -1, die, -1, Camp.own, 0);
    }
  }

  /** Assist: the die goes to an adventurer on Watch (option.target) with room for one more attack die. */
  private listAssists(die: number): void {
    for (let seat = 0; seat < SEATS; seat++) {
      if (this.state.onWatch[seat] === 1 && this.freeExtraDie(seat) >= 0) this.options.add(OptionKind.campAction, -1, die, seat, Camp.own, 0);
    }
  }

  /** Multi-Talented: one of the camper's cards on the board (option.slot) for a card of an adventurer not in the game (option.target: its place among them). */
  private listBorrowings(camper: number, die: number): void {
    const s = this.state;
    for (let slot = camper * SLOTS_PER_SEAT; slot < (camper + 1) * SLOTS_PER_SEAT; slot++) {
      if (s.slotState[slot] === Slot.reserve) continue;
      for (let i = 0; i < s.outsideAbilities.size; i++) this.options.add(OptionKind.campAction, slot, die, i, Camp.own, 0);
    }
  }

  /** Runes need doubles (two runes) or triples (all three), one die per rune, on the next location's back. */
  private listRunes(camper: number): void {
    const base = camper * DICE_PER_SEAT;
    if (this.sameReadyDice(base, base + 1) && this.sameReadyDice(base + 1, base + 2)) {
      this.options.add(OptionKind.runes, -1, base, Rune.seal | Rune.vanquish | Rune.bolster, base + 1, base + 2);
    }
    for (let a = base; a < base + ROLLED_DICE; a++) {
      for (let b = a + 1; b < base + ROLLED_DICE; b++) {
        if (!this.sameReadyDice(a, b)) continue;
        for (let i = 0; i < RUNE_PAIRS.length; i++) this.options.add(OptionKind.runes, -1, a, RUNE_PAIRS[i], b, -1);
      }
    }
  }

  private sameReadyDice(a: number, b: number): boolean {
    const s = this.state;
    return s.dieState[a] === Die.ready && s.dieState[b] === Die.ready && s.dieValue[a] === s.dieValue[b];
  }

  private applyCamp(camper: number, index: number): void {
    const s = this.state;
    const kind = this.options.kind[index];
    const slot = this.options.slot[index];
    const die = this.options.die[index];
    const target = this.options.target[index];
    const action = this.options.aux[index];
    const third = this.options.mode[index];
    if (kind === OptionKind.runes) return this.useRunes(die, target, this.options.aux[index], third);
    s.dieState[die] = Die.spent;
    const value = s.dieValue[die];
    this.log?.write(`  camp: a ${value} on ${action === Camp.own ? this.ownActionName(camper) : CAMP_NAMES[action]}`);
    if (action !== Camp.chop && action !== Camp.scout) this.usedCamp |= 1 << action;
    this.campActionTaken(action);
    switch (action) {
      case Camp.chop: // Chop Wood: +2 firewood a die (Witch's Shack: +3)
        return this.changeFire(2 + this.location.chopBonus);
      case Camp.scout:
        this.lastScoutValue = value;
        return this.scoutAhead();
      case Camp.checkMap:
        return this.checkMap();
      case Camp.heal:
        return this.refreshSlot(slot);
      case Camp.equip:
        return this.equip(slot, target);
      case Camp.own:
        return this.ownAction(this.tables.adventurers[camper], die, slot, target);
    }
  }

  /** The camper's own camp action as the log names it; the Cleric's Heal, named like the board's Heal, says whose. */
  private ownActionName(camper: number): string {
    const adventurer = this.tables.adventurers[camper];
    const name = campActionName(adventurer.camp);
    return (CAMP_NAMES as readonly string[]).includes(name) ? `${name} (${adventurer.name}'s own)` : name;
  }

  /** The camper's own camp action (the special camp action on the adventurer's board), once a round. */
  private ownAction(adventurer: CompiledAdventurer, die: number, slot: number, target: number): void {
    const action = adventurer.camp;
    const value = this.state.dieValue[die];
    switch (action.op) {
      case 'setTrap':
        this.state.trapValue = value;
        return;
      case 'heal':
        return this.refreshSlot(slot);
      case 'arrangeTop':
        return this.arrangeTop(action.count);
      case 'prepared':
        this.offerEquip(this.state.camper);
        return this.offerEquip(-1);
      case 'fire':
        return this.changeFire(action.amount);
      case 'teleport':
        return this.teleport(action.count);
      case 'assist':
        return this.giveAttackDie(target, value);
      case 'multiTalented':
        return this.borrowAbility(slot, target);
    }
  }

  /** The camper's card in `slot` goes out of the game; a card of an absent adventurer takes its place, in its state. */
  private borrowAbility(slot: number, outsideIndex: number): void {
    const s = this.state;
    const borrowed = s.outsideAbilities.removeAt(outsideIndex);
    this.log?.write(`  ${this.abilityName(slot)} is swapped for ${this.tables.abilities[borrowed].name}`);
    s.outsideAbilities.push(s.slotCard[slot]);
    s.slotCard[slot] = borrowed;
  }

  /** Look at the top `count` creatures into `seen` (top first), leaving them on the deck; returns how many. */
  private lookAtTop(count: number): number {
    const s = this.state;
    if (s.deck.size < count) this.shuffleGraveyardUnderDeck();
    const seen = Math.min(count, s.deck.size);
    for (let i = 0; i < seen; i++) {
      this.seen[i] = s.deck.peek(i);
      see(s, this.seen[i]);
    }
    return seen;
  }

  private takeSeen(seen: number): void {
    for (let i = 0; i < seen; i++) this.state.deck.draw();
  }

  private scoutAhead(): void {
    const s = this.state;
    const seen = this.lookAtTop(2);
    if (seen === 0) return;
    this.options.clear();
    const arrangements = seen === 2 ? [Scout.keep, Scout.swap, Scout.firstTopSecondBottom, Scout.secondTopFirstBottom, Scout.bothBottom, Scout.bothBottomFirstLowest] : [Scout.keep, Scout.bothBottom];
    for (const arrangement of arrangements) this.options.add(OptionKind.choose, -1, -1, -1, -1, arrangement);
    const arrangement = this.options.mode[this.ask(Decision.scout, s.camper)];
    this.takeSeen(seen);
    this.putBackScouted(arrangement, seen);
    this.log?.write(`  Scout Ahead: ${this.cardName(this.seen[0])}${seen === 2 ? `, ${this.cardName(this.seen[1])}` : ''} -> ${SCOUT_NAMES[arrangement]}`);
  }

  private putBackScouted(arrangement: number, seen: number): void {
    const s = this.state;
    const [first, second] = [this.seen[0], this.seen[1]];
    if (seen === 1) return arrangement === Scout.keep ? s.deck.push(first) : s.deck.pushBottom(first);
    switch (arrangement) {
      case Scout.keep:
        s.deck.push(second);
        return s.deck.push(first);
      case Scout.swap:
        s.deck.push(first);
        return s.deck.push(second);
      case Scout.firstTopSecondBottom:
        s.deck.pushBottom(second);
        return s.deck.push(first);
      case Scout.secondTopFirstBottom:
        s.deck.pushBottom(first);
        return s.deck.push(second);
      case Scout.bothBottomFirstLowest:
        s.deck.pushBottom(second);
        return s.deck.pushBottom(first);
      default:
        s.deck.pushBottom(first);
        return s.deck.pushBottom(second);
    }
  }

  private arrangeTop(count: number): void {
    const s = this.state;
    const seen = this.lookAtTop(count);
    const orders = PERMUTATIONS[seen];
    this.options.clear();
    for (let i = 0; i < orders.length; i++) this.options.add(OptionKind.choose, -1, -1, -1, -1, i);
    const order = orders[this.options.mode[this.ask(Decision.arrange, s.camper)]];
    this.takeSeen(seen);
    for (let i = seen - 1; i >= 0; i--) this.deal[i] = this.seen[order[i]];
    for (let i = seen - 1; i >= 0; i--) s.deck.push(this.deal[i]);
    this.log?.write(`  Elven Scout: the top is now ${Array.from(this.deal.subarray(0, seen), (card) => this.cardName(card)).join(', ')}`);
  }

  private checkMap(): void {
    const s = this.state;
    this.seen[0] = s.mapDeck.draw();
    this.seen[1] = s.unusedLocations.draw();
    this.options.clear();
    this.options.add(OptionKind.choose, -1, -1, 0, -1, MapMode.checkMap);
    this.options.add(OptionKind.choose, -1, -1, 1, -1, MapMode.checkMap);
    const keep = this.options.target[this.ask(Decision.map, s.camper)];
    s.mapDeck.push(this.seen[keep]);
    s.unusedLocations.pushBottom(this.seen[1 - keep]);
    this.log?.write(`  Check Map: next is ${this.tables.locations[this.seen[keep]].name}`);
  }

  private teleport(count: number): void {
    const s = this.state;
    let seen = 0;
    while (seen < count && s.unusedLocations.size > 0) this.seen[seen++] = s.unusedLocations.draw();
    this.options.clear();
    for (let i = 0; i < seen; i++) this.options.add(OptionKind.choose, -1, -1, i, -1, MapMode.teleport);
    const chosen = this.options.target[this.ask(Decision.map, s.camper)];
    s.unusedLocations.pushBottom(s.mapDeck.draw());
    s.mapDeck.push(this.seen[chosen]);
    this.seen[chosen] = -1;
    this.log?.write(`  Teleport: next is ${this.tables.locations[s.mapDeck.peek()].name}`);
    for (let i = 0; i < seen; i++) if (this.seen[i] >= 0) s.unusedLocations.pushBottom(this.seen[i]);
  }

  /** Swap a board card with a reserve card; an exhausted card's replacement comes in exhausted. */
  private equip(slot: number, spare: number): void {
    const s = this.state;
    s.slotState[spare] = s.slotState[slot];
    s.slotState[slot] = Slot.reserve;
    this.log?.write(`  Equip: ${this.abilityName(spare)} replaces ${this.abilityName(slot)}`);
  }

  /** Prepared: an Equip for `seat`, or (seat -1) for one adventurer on Watch; the strategy may decline. */
  private offerEquip(seat: number): void {
    const s = this.state;
    this.options.clear();
    this.options.add(OptionKind.done, -1, -1, -1, -1, 0);
    for (let each = 0; each < SEATS; each++) if (each === seat || (seat < 0 && s.onWatch[each] === 1)) this.listEquips(each, -1, Camp.equip);
    const index = this.ask(Decision.equip, seat);
    if (index > 0) this.equip(this.options.slot[index], this.options.target[index]);
  }

  private useRunes(first: number, runes: number, second: number, third: number): void {
    const s = this.state;
    s.dieState[first] = Die.spent;
    s.dieState[second] = Die.spent;
    if (third >= 0) s.dieState[third] = Die.spent;
    if ((runes & Rune.seal) !== 0) this.seal();
    if ((runes & Rune.vanquish) !== 0) this.vanquish();
    if ((runes & Rune.bolster) !== 0) this.bolster();
  }

  /** Seal: an Unhallowed of the Graveyard (the camper's choice, option.mode 1) to the bottom of the Unhallowed deck. */
  private seal(): void {
    const s = this.state;
    this.options.clear();
    for (let i = 0; i < s.graveyard.size; i++) if (this.tables.kind[s.graveyard.at(i)] === Kind.unhallowed) this.options.add(OptionKind.choose, -1, -1, s.graveyard.at(i), -1, 1);
    if (this.options.count === 0) {
      this.log?.write('  rune Seal: no Unhallowed in the Graveyard');
      return;
    }
    const card = this.options.target[this.ask(Decision.unhallowed, s.camper)];
    s.graveyard.remove(card);
    s.unhallowedDeck.pushBottom(card);
    seeUnhallowedTop(s);
    this.log?.write(`  rune Seal: ${this.cardName(card)} goes back under the Unhallowed deck`);
  }

  /**
   * Sacred City: choose an Unhallowed to Seal from the Graveyard, then shuffle the Unhallowed deck. With
   * `sacredCity=may` the party may decline, and then the deck is not shuffled.
   */
  private sealChosen(): void {
    const s = this.state;
    const may = !this.readings.sacredCityMust;
    this.options.clear();
    if (may) this.options.add(OptionKind.done, -1, -1, -1, -1, 0);
    for (let i = 0; i < s.graveyard.size; i++) if (this.tables.kind[s.graveyard.at(i)] === Kind.unhallowed) this.options.add(OptionKind.choose, -1, -1, s.graveyard.at(i), -1, 0);
    if (this.options.count > 0) {
      const index = this.ask(Decision.unhallowed, s.camper);
      if (may && index === 0) return;
      const card = this.options.target[index];
      s.graveyard.remove(card);
      s.unhallowedDeck.push(card);
      this.log?.write(`  Sacred City: ${this.cardName(card)} is sealed`);
    }
    shuffleHidden(s, s.unhallowedDeck, this.random.streams.deck);
    seeUnhallowedTop(s);
    this.log?.write('  Sacred City: the Unhallowed deck is shuffled');
  }

  /** Vanquish: the top creature of the Horde leaves the game. */
  private vanquish(): void {
    const s = this.state;
    if (s.horde.size === 0) return this.log?.write('  rune Vanquish: the Horde is empty');
    const card = s.horde.draw();
    s.removed.push(card);
    this.log?.write(`  rune Vanquish: ${this.cardName(card)} leaves the Horde`);
  }

  /** Bolster: every adventurer on Watch may reroll any of their dice. */
  private bolster(): void {
    this.log?.write('  rune Bolster');
    this.offerRerolls(ROLLED_DICE);
  }

  // ---- Watch and end of round ------------------------------------------------------------------------------------

  /** The Watch phase: deal the Line, let the light reveal it, then direct attacks and abilities until the party stops. */
  private watch(final: boolean): void {
    const s = this.state;
    for (let seat = 0; seat < SEATS; seat++) s.inCombat[seat] = s.onWatch[seat] === 1 && s.activeCards(seat) > 0 ? 1 : 0;
    this.dealLine(final);
    this.settleLine();
    if (this.location.defeatOneRevealed) this.defeatOneRevealed();
    this.beforeWatchActions();
    while (s.status === Status.playing) {
      this.beforeWatchAction();
      if (s.status !== Status.playing) break;
      const options = this.listWatchOptions();
      const index = this.ask(Decision.watch, -1);
      if (options.kind[index] === OptionKind.done) break;
      this.applyWatch(options, index, this.strategy as SetawatchStrategy);
    }
    if (s.status === Status.playing) this.endWatch(this.strategy as SetawatchStrategy);
  }

  /** The location's creatures face down; in the final round the Horde follows them, unshuffled. */
  private dealLine(final: boolean): void {
    const s = this.state;
    s.lineLength = 0;
    if (s.restartCard >= 0 && s.graveyard.peek() === s.restartCard) {
      this.insertLine(0, s.graveyard.draw(), FACE_DOWN);
      this.log?.write(`  ${this.cardName(s.restartCard)} start the Line`);
    }
    s.restartCard = -1;
    const size = this.tables.locations[s.location].line;
    while (s.lineLength < size) {
      const card = this.drawCreature();
      if (card < 0) break;
      this.insertLine(s.lineLength, card, FACE_DOWN);
    }
    if (this.location.graveyardStrongestToLine) this.strongestFromGraveyardToLine();
    if (this.location.unhallowedToLine && s.unhallowedDeck.size > 0) {
      this.insertLine(s.lineLength, s.unhallowedDeck.draw(), FACE_DOWN);
      seeUnhallowedTop(s);
    }
    if (final) while (s.horde.size > 0) this.insertLine(s.lineLength, s.horde.draw(), FACE_DOWN);
    this.log?.write(`  the Line: ${s.lineLength} cards`);
  }

  private strongestFromGraveyardToLine(): void {
    const s = this.state;
    let strongest = -1;
    for (let i = 0; i < s.graveyard.size; i++) {
      const card = s.graveyard.at(i);
      if (this.tables.kind[card] !== Kind.summon && (strongest < 0 || this.tables.health[card] > this.tables.health[s.graveyard.at(strongest)])) strongest = i;
    }
    if (strongest >= 0) this.insertLine(s.lineLength, s.graveyard.removeAt(strongest), FACE_DOWN);
  }

  private defeatOneRevealed(): void {
    const s = this.state;
    this.options.clear();
    for (let i = 0; i < s.lineLength; i++) if (s.lineRevealed[i] === 1) this.options.add(OptionKind.choose, -1, -1, i, -1, 0);
    const index = this.ask(Decision.target, -1);
    if (index < 0) return;
    this.defeat(this.options.target[index], -1);
    this.settleLine();
  }

  /**
   * End of the round: a regular round is lost when everyone on Watch is exhausted; the final round is won while any
   * ability card is still active after the damage, Line cleared or not.
   */
  private endRound(round: number, final: boolean): void {
    const s = this.state;
    if (this.location.cleanClearRefresh > 0 && s.hordeEnteredThisRound === 0) {
      for (let i = 0; i < this.location.cleanClearRefresh; i++) this.refreshOne(-1);
    }
    this.markSkeletons();
    this.endRoundDice();
    const left = final ? s.totalActiveCards() : s.watchActiveCards();
    this.log?.write(`  end of round ${round}: fire ${s.fire}, ${s.totalActiveCards()} cards active, Horde ${s.horde.size}`);
    if (final) s.status = left > 0 ? Status.won : Status.lostExhausted;
    else if (left === 0) s.status = Status.lostExhausted;
    if (s.status === Status.lostExhausted) s.roundOfLoss = round;
  }

  /** Skeletons on top of the Graveyard at the end of a round start the next Line. */
  private markSkeletons(): void {
    const s = this.state;
    const top = s.graveyard.peek();
    if (top < 0) return;
    const powers = this.tables.powersOf(top, Timing.endOfRound);
    for (let i = 0; i < powers.length; i++) if (powers[i].op === 'restartLine') s.restartCard = top;
  }
}
