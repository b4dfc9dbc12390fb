import type { Deck } from '../../core/deck.ts';
import { StrategyError } from '../../core/errors.ts';
import type { GameEngine, GameLog, OutcomeRecord } from '../../core/game.ts';
import { METRIC_MISSING } from '../../core/game.ts';
import { GameRandom } from '../../core/rng.ts';
import { Kind } from '../setawatch/cards.ts';
import { Camp, type SetawatchStrategy } from '../setawatch/decisions.ts';
import { SetawatchRules } from '../setawatch/rules.ts';
import { DICE_PER_SEAT, Die, LINE_CAPACITY, ROLLED_DICE, SEATS, Slot, SLOTS_PER_SEAT, Status } from '../setawatch/state.ts';
import type { Readings } from '../setawatch/watch.ts';
import type { DoomedrunContent, QuestCost, QuestReward } from './content.ts';
import { CAMPAIGN_DECISION_NAMES, CampaignDecision, type CampaignDecisionKind, type CampaignView, type DoomedrunStrategy, FALCON_HOLD, falconDie, falconOption, falconTarget } from './decisions.ts';
import { CampaignState, EXPEDITIONS, ITEM_LIMIT, MAX_PARTY, REALMS, RunLegacy, RunTables, Where } from './state.ts';

/**
 * Doomed Run: a Run of 7 Realms x 3 expeditions. Each expedition's rounds are played by the Set a Watch engine
 * (SetawatchRules, through its carried-state seam and hooks); this file holds everything between and around them:
 * Realm set-up, Game Breaks, losing and resetting an expedition, deaths and replacements, the end of a Realm and
 * Wardens, Doom, coins, the Market, Side Quests, Escalating Summons, the Falcon, Molting and the End Run score.
 */

export const VARIANTS = ['first', 'new-run-plus', 'random', 'curated'] as const;
export type Variant = (typeof VARIANTS)[number];
export const REINFORCEMENTS = ['chosen', 'random'] as const;
export const TIERS = ['Up in Smoke', 'Dying Embers', 'Smoldering Fire', 'Warming Pyre', 'Roaring Blaze', 'Raging Bonfire', 'Eternal Flame'] as const;
/** A Run that keeps losing the same expedition is called lost after this many attempts (never reached in practice). */
export const MAX_ATTEMPTS = 40;
const STARTING_FIRE = 7;
const MARKET_SIZE = 3;
const CAMP_ACTIONS: Record<string, number> = { chop: Camp.chop, scout: Camp.scout, checkMap: Camp.checkMap, heal: Camp.heal, equip: Camp.equip };

export interface RunSettings {
  readonly summons: number;
  readonly variant: Variant;
  readonly reinforcements: 'chosen' | 'random';
  readonly readings?: Readings;
  /** Narrate every round (the Set a Watch log), not only the campaign. */
  readonly detail: boolean;
}

export const Metric = {
  score: 0,
  realmReached: 1,
  expeditionsPlayed: 2,
  expeditionsCleared: 3,
  deaths: 4,
  resets: 5,
  company: 6,
  wardens: 7,
  doomMax: 8,
  summonsAtEnd: 9,
  mythicUnlocked: 10,
  estimatedCardsMetPct: 11,
  lostInRealm: 12,
  newRunPlusUnlocked: 13,
} as const;

/** Outcome names: a won Run's End Run tier (the outcome index is the tier - 1), or the Run lost. */
export const OUTCOMES = ['upInSmoke', 'dyingEmbers', 'smolderingFire', 'warmingPyre', 'roaringBlaze', 'ragingBonfire', 'eternalFlame', 'runLost', 'newRunPlusLocked'] as const;
/** The End Run tiers: the outcomes that count as a win. */
export const TIER_OUTCOMES = OUTCOMES.slice(0, 7);
const RUN_LOST = OUTCOMES.indexOf('runLost');
const NEW_RUN_PLUS_LOCKED = OUTCOMES.indexOf('newRunPlusLocked');

/** The End Run tier (1 Up in Smoke ... 7 Eternal Flame) of a score. */
export function tierOf(score: number): number {
  if (score >= 100) return 7;
  if (score >= 90) return 6;
  if (score >= 80) return 5;
  if (score >= 70) return 4;
  if (score >= 60) return 3;
  if (score >= 50) return 2;
  return 1;
}

/** What the campaign does inside a round: the Market visit at camp and the Falcon decisions. */
export interface CampaignHooks {
  visitMarket(): void;
  offerFalcon(last: boolean): void;
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

  /** Doom burns firewood each round after the first; Discard / once-per-expedition Items fire and refresh. */
  protected override afterArrival(): void {
    const s = this.state;
    this.falconReady = true;
    const every = this.run.content.rules.doomFireEvery;
    if (s.round > 1 && this.campaign.doom >= every) {
      this.log?.write(`  Doom ${this.campaign.doom} burns ${Math.floor(this.campaign.doom / every)} firewood`);
      this.changeFire(-Math.floor(this.campaign.doom / every));
    }
    const items = this.run.items;
    for (let i = 0; i < items.length; i++) {
      const holder = this.campaign.itemHolder[i];
      const effect = items[i].effect;
      if (holder < 0 || effect.use === 'passive' || this.campaign.itemUsed[i] === 1) continue;
      const seat = this.seatOf(holder);
      if (seat < 0) continue;
      if (effect.op === 'fire' && s.fire <= 3) {
        this.log?.write(`  ${this.seatName(seat)} uses ${items[i].name}`);
        this.changeFire(effect.amount);
        this.useItem(i);
      } else if (effect.op === 'refresh' && s.activeCards(seat) <= 1) {
        const slot = this.firstSlot(seat, Slot.exhausted);
        if (slot < 0) continue;
        s.slotState[slot] = Slot.active;
        this.log?.write(`  ${this.seatName(seat)} uses ${items[i].name}: ${this.abilityName(slot)} is refreshed`);
        this.useItem(i);
      }
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

  /** Rest tokens come back once everyone has rested twice; passive die bonuses raise the holder's lowest rolled die. */
  protected override afterRoll(): void {
    const s = this.state;
    if (s.rests[0] >= 2 && s.rests[1] >= 2 && s.rests[2] >= 2 && s.rests[3] >= 2) s.rests.fill(0);
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
   * Multi-Talented: when the Bard camps, his two cards aside are swapped for two random Ability cards of Company
   * members outside the Party, which his Equip may then put on his board. A borrowed card left aside goes back.
   */
  protected override beforeCamp(): void {
    this.hooks.visitMarket();
    const s = this.state;
    const bard = this.run.bard;
    if (bard < 0 || this.campaign.party[s.camper] !== bard) return;
    this.returnBorrowedAside();
    const seat = s.camper;
    this.bardSeat = seat;
    const stream = this.random.streams.setup;
    for (let i = 0; i < SLOTS_PER_SEAT; i++) {
      const slot = seat * SLOTS_PER_SEAT + i;
      if (s.slotState[slot] !== Slot.reserve || this.bardOwn[i] >= 0) continue;
      let candidates = 0;
      for (let a = 0; a < this.campaign.where.length; a++) {
        if (this.campaign.where[a] !== Where.company || this.unborrowable.has(this.run.adventurerIds[a])) continue;
        for (const card of this.run.adventurers[a].abilities) if (!this.onAnySlot(card)) candidates++;
      }
      if (candidates === 0) return;
      let pick = stream.int(candidates);
      for (let a = 0; a < this.campaign.where.length && pick >= 0; a++) {
        if (this.campaign.where[a] !== Where.company || this.unborrowable.has(this.run.adventurerIds[a])) continue;
        for (const card of this.run.adventurers[a].abilities) {
          if (this.onAnySlot(card) || pick-- !== 0) continue;
          this.bardOwn[i] = s.slotCard[slot];
          s.slotCard[slot] = card;
          this.log?.write(`  Multi-Talented: the Bard may equip ${this.tables.abilities[card].name} (${this.run.adventurers[a].name})`);
        }
      }
    }
  }

  private onAnySlot(card: number): boolean {
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

  /** The Royal's Falcon, with the Royal in the Party: the campaign strategy may strike at the start of the Watch. */
  protected override beforeWatchActions(): void {
    this.returnBorrowedAside();
    if (this.falconCanStrike()) this.hooks.offerFalcon(false);
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
    if (die >= 0) s.dieState[die] = Die.spent;
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

  /** Molting (Final Realm): the defeated Unhallowed is replaced by the top Husk of the Graveyard. */
  protected override afterDefeat(card: number, position: number): void {
    if (this.run.molts[card] === 0 || this.campaign.realm !== REALMS) return;
    const g = this.state.graveyard;
    for (let i = g.size - 1; i >= 0; i--) {
      if (this.run.husk[g.at(i)] === 0) continue;
      const husk = g.removeAt(i);
      this.insertLine(Math.min(position, this.state.lineLength), husk, true);
      this.log?.write(`  ${this.cardName(card)} Molts: ${this.cardName(husk)} takes its place`);
      return;
    }
  }

  /** The Set a Watch helpers the campaign uses between rounds. */
  exhaustFor(slot: number): void {
    this.exhaustSlot(slot);
  }

  /** The seat's tamed creatures leave its dice for `to` (a dead adventurer's, or every one at a reset). */
  releaseTamedOf(seat: number, to: Deck): void {
    for (let k = ROLLED_DICE; k < DICE_PER_SEAT; k++) {
      const die = seat * DICE_PER_SEAT + k;
      if (this.state.dieTamed[die] >= 0) this.releaseTamed(die, to);
    }
  }
}

/** The campaign engine. Its steps (set-up, Game Break, reset, end of Realm...) are public for scenario tests. */
export class DoomedRun implements GameEngine<DoomedrunStrategy>, CampaignHooks {
  readonly tables: RunTables;
  readonly camp: CampaignState;
  readonly rules: DoomedRules;
  readonly random = new GameRandom(['campaign', 'choices'] as const);
  private strategy: DoomedrunStrategy | null = null;
  /** The variant being played (a New Run+ game first plays its previous Run as a first Run). */
  private variant: Variant = 'first';
  /** What the previous Run left (New Run+). */
  readonly legacy: RunLegacy;
  private seed = 0;
  private readonly options: Int16Array;
  private count = 0;
  /** The view campaign decisions are asked with (its `count` is updated per decision). */
  private readonly view: { -readonly [K in keyof CampaignView]: CampaignView[K] };
  private readonly scratch: Int16Array;
  private readonly metCard: Uint8Array;
  private readonly metLocation: Uint8Array;
  private readonly metAdventurer: Uint8Array;
  private readonly metItem: Uint8Array;
  private readonly metQuest: Uint8Array;
  /** Test seam: called at every expedition boundary (after set-up, Game Break, reset). */
  checkpoint: ((run: DoomedRun, where: string) => void) | null = null;
  /** The creature piles a Summon card can be in between rounds (the deck, Graveyard, Horde and removed cards). */
  private readonly summonPiles: readonly Deck[];
  /** Every pile of a Set a Watch game, emptied at the start of a Run. */
  private readonly allPiles: readonly Deck[];

  constructor(
    readonly content: DoomedrunContent,
    readonly settings: RunSettings,
    private readonly log: GameLog | null,
  ) {
    this.tables = new RunTables(content);
    this.camp = new CampaignState(this.tables);
    this.legacy = new RunLegacy(this.tables.adventurers.length);
    this.rules = new DoomedRules(this.tables, this.camp, this, settings.detail ? log : null, settings.readings);
    const t = this.tables;
    this.options = new Int16Array(Math.max(t.adventurers.length + t.items.length + t.quests.length + 8, 1 + LINE_CAPACITY * (1 + SEATS * ROLLED_DICE)));
    this.scratch = new Int16Array(t.cards.cardCount + t.cards.locations.length + 16);
    this.view = { run: this.camp, state: this.rules.state, tables: t, line: this.rules, options: this.options, count: 0, random: this.random.streams.choices };
    this.metCard = new Uint8Array(t.cards.cardCount);
    this.metLocation = new Uint8Array(t.cards.locations.length);
    this.metAdventurer = new Uint8Array(t.adventurers.length);
    this.metItem = new Uint8Array(t.items.length);
    this.metQuest = new Uint8Array(t.quests.length);
    const s = this.rules.state;
    this.summonPiles = [s.deck, s.graveyard, s.horde, s.removed];
    this.allPiles = [...this.summonPiles, s.unhallowedDeck, s.tamed, s.mapDeck, s.unusedLocations];
  }

  playGame(seed: number, strategy: DoomedrunStrategy, out: OutcomeRecord): void {
    this.playRun(seed, strategy);
    this.record(out);
  }

  // ---- Decisions -------------------------------------------------------------------------------------------------

  private clearOptions(): void {
    this.count = 0;
  }

  private addOption(value: number): void {
    this.options[this.count++] = value;
  }

  /** The chosen option's value; a single option is taken without asking. */
  private ask(decision: CampaignDecisionKind): number {
    if (this.count === 0) return -1;
    if (this.count === 1) return this.options[0];
    const strategy = this.strategy as DoomedrunStrategy;
    this.view.count = this.count;
    const answer = strategy.campaign(decision, this.view);
    if (!Number.isInteger(answer) || answer < 0 || answer >= this.count) {
      throw new StrategyError(strategy.name, CAMPAIGN_DECISION_NAMES[decision], this.seed, `answered ${String(answer)}; expected an option index from 0 to ${this.count - 1}`);
    }
    return this.options[answer];
  }

  private advName(adventurer: number): string {
    return this.tables.adventurers[adventurer].name;
  }

  private partyText(): string {
    const names: string[] = [];
    for (let seat = 0; seat < MAX_PARTY; seat++) if (this.camp.party[seat] >= 0) names.push(`${this.advName(this.camp.party[seat])} (${this.rules.state.activeCards(seat)} active)`);
    return names.join(', ');
  }

  // ---- The Run ---------------------------------------------------------------------------------------------------

  /** Seed the streams and take the strategy (the first step of a Run; scenario tests call it, then single steps). */
  begin(seed: number, strategy: DoomedrunStrategy): void {
    this.seed = seed;
    this.strategy = strategy;
    this.random.reseed(seed);
    this.rules.beginCarried(seed, strategy.watch);
  }

  playRun(seed: number, strategy: DoomedrunStrategy): void {
    this.begin(seed, strategy);
    this.legacy.clear();
    if (this.settings.variant === 'new-run-plus' && !this.playPreviousRun()) return;
    this.startRun(this.settings.variant);
    this.playRealms();
  }

  /**
   * New Run+ builds on a finished Run: the previous Run is a first Run played here, from this game's seed, by the same
   * strategy. False (New Run+ not unlocked) unless it was completed with at least 4 living Adventurers.
   */
  playPreviousRun(): boolean {
    this.log?.write('The previous Run (New Run+ needs a completed Run):');
    this.startRun('first');
    this.playRealms();
    this.legacy.keep(this.camp);
    if (!this.legacy.unlocksNewRunPlus()) this.log?.write('New Run+ is not unlocked: the previous Run was not completed with at least 4 living Adventurers');
    return this.legacy.unlocksNewRunPlus();
  }

  /** Realm 1 to 7; the Run is won (and scored) or lost. */
  private playRealms(): void {
    for (let realm = 1; realm <= REALMS; realm++) {
      this.camp.realm = realm;
      if (!this.setUpRealm(realm)) return this.loseRun();
      for (let expedition = 1; expedition <= EXPEDITIONS; expedition++) {
        this.camp.expedition = expedition;
        if (!this.playUntilBeaten(expedition)) return this.loseRun();
        if (expedition < EXPEDITIONS) this.gameBreak();
      }
      this.endRealm(realm);
    }
    this.camp.won = true;
    this.camp.score = this.score();
    this.log?.write(`Run won: score ${this.camp.score} (${TIERS[tierOf(this.camp.score) - 1]})`);
  }

  private loseRun(): void {
    this.camp.won = false;
    this.camp.lostInRealm = this.camp.realm;
    this.log?.write(`Run lost in Realm ${this.camp.realm}, expedition ${this.camp.expedition}: ${this.camp.fieldable()} Adventurers can be fielded`);
  }

  startRun(variant: Variant): void {
    this.variant = variant;
    const c = this.camp;
    const t = this.tables;
    const stream = this.random.streams.campaign;
    c.realm = 1;
    c.expedition = 1;
    c.attempts = 0;
    c.doom = 0;
    c.doomMax = 0;
    c.coins = 0;
    c.coinSpots = 0;
    c.warden = -1;
    c.party.fill(-1);
    c.where.fill(Where.absent);
    c.wardenOf.fill(0);
    c.itemHolder.fill(-1);
    c.itemUsed.fill(0);
    c.itemDeck.clear();
    c.market.clear();
    c.mythicUnlocked.fill(0);
    c.mythicCarried.fill(0);
    c.questDeck.clear();
    c.questOut.clear();
    c.currentQuest = -1;
    c.realmMap.clear();
    c.visited.clear();
    c.finalRealmLost = false;
    c.expeditionsPlayed = 0;
    c.expeditionsCleared = 0;
    c.deaths = 0;
    c.resets = 0;
    c.lostInRealm = 0;
    c.won = false;
    c.score = 0;
    this.metCard.fill(0);
    this.metLocation.fill(0);
    this.metAdventurer.fill(0);
    this.metItem.fill(0);
    this.metQuest.fill(0);
    const s = this.rules.state;
    for (const pile of this.allPiles) pile.clear();
    s.lineLength = 0;
    s.dieState.fill(Die.absent);
    s.dieTamed.fill(-1);
    s.dieUntilEndOfRound.fill(0);
    s.rests.fill(0);
    this.rules.bardOwn.fill(-1);
    this.rules.bardSeat = -1;
    c.startingSummons = this.settings.summons;
    c.scoreX = this.settings.summons;
    c.summonCount = 0;
    for (let i = 0; i < this.settings.summons; i++) c.summons[c.summonCount++] = t.summonsByTier[1][i];
    if (variant === 'random') {
      const n = t.adventurers.length;
      for (let a = 0; a < n; a++) this.scratch[a] = a;
      stream.shuffle(this.scratch, 0, n);
      for (let i = 0; i < Math.min(6, n); i++) c.where[this.scratch[i]] = Where.company;
    } else if (variant === 'new-run-plus') {
      this.startNewRunPlus();
    } else {
      for (const a of t.startingCompany) c.where[a] = Where.company;
    }
    // The Side Quest deck: by Realm (first Run, Curated Run), or all at once without the company's own quests.
    if (variant === 'random' || variant === 'new-run-plus') {
      for (let q = 0; q < t.quests.length; q++) {
        const tied = t.quests[q].tiedTo;
        const mythicKept = t.quests[q].reward.some((r) => r.op === 'mythic' && c.mythicCarried[t.adventurerIds.indexOf(r.adventurer)] === 1);
        if ((tied >= 0 && c.where[tied] === Where.company) || mythicKept) c.questOut.push(q);
        else c.questDeck.push(q);
      }
      c.questDeck.shuffle(stream);
    }
    this.log?.write(`Run: ${c.summonCount} Summon card(s), ${variant} variant, ${this.settings.reinforcements} reinforcements; Company ${this.companyText()}`);
  }

  /**
   * New Run+ from the previous Run (this.legacy): four of its living Adventurers are the Company and keep their
   * unlocked Mythic Items; another of them, if any, is the Warden whose Boon carries into Realm 1; the previous Run's
   * Summon cards escalate once; X is their count + 1.
   */
  private startNewRunPlus(): void {
    const c = this.camp;
    const legacy = this.legacy;
    for (let pick = 0; pick < MAX_PARTY; pick++) {
      this.listLegacyAdventurers();
      const a = this.ask(CampaignDecision.party);
      c.where[a] = Where.company;
      c.mythicUnlocked[a] = legacy.mythic[a];
      c.mythicCarried[a] = legacy.mythic[a];
    }
    this.listLegacyAdventurers();
    const warden = this.ask(CampaignDecision.warden);
    if (warden >= 0) {
      c.where[warden] = Where.warden;
      c.wardenOf[warden] = 0;
      c.warden = warden;
    }
    c.summons.set(legacy.summons);
    c.summonCount = legacy.summonCount;
    c.startingSummons = legacy.summonCount;
    c.scoreX = legacy.summonCount + 1;
    this.escalate();
  }

  /** The previous Run's living Adventurers not yet placed in this Run. */
  private listLegacyAdventurers(): void {
    this.clearOptions();
    for (let a = 0; a < this.camp.where.length; a++) if (this.legacy.living[a] === 1 && this.camp.where[a] === Where.absent) this.addOption(a);
  }

  private companyText(): string {
    const names: string[] = [];
    for (let a = 0; a < this.camp.where.length; a++) if (this.camp.where[a] === Where.company || this.camp.where[a] === Where.party) names.push(this.advName(a));
    return names.join(', ');
  }

  // ---- Realm set-up ----------------------------------------------------------------------------------------------

  setUpRealm(realm: number): boolean {
    const c = this.camp;
    const t = this.tables;
    const r = t.realms[realm - 1];
    const s = this.rules.state;
    const stream = this.random.streams.campaign;
    // Envelopes: the Realm's Side Quests join the deck (first Run, Curated Run).
    if (this.variant === 'first' || this.variant === 'curated') {
      for (let q = 0; q < t.quests.length; q++) if (t.quests[q].realm === realm) c.questDeck.push(q);
      c.questDeck.shuffle(stream);
    }
    // 3. Select Adventurers (the Side Quest of step 2 is resolved once the Party is known).
    if (!this.selectParty(realm)) return false;
    // 4. The Creature deck: the Realm's list and each Party member's Nemesis pair.
    let n = 0;
    for (const card of r.creatures) this.scratch[n++] = card;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      for (const card of t.nemesis[c.party[seat]]) {
        let present = false;
        for (let i = 0; i < n; i++) if (this.scratch[i] === card) present = true;
        if (!present) this.scratch[n++] = card;
      }
    }
    for (let i = 0; i < c.summonCount; i++) this.pendingSummons[i] = c.summons[i];
    this.dealCreatureDeck(n, c.summonCount);
    for (let i = 0; i < c.summonCount; i++) this.metCard[c.summons[i]] = 1;
    this.inRealm = true;
    // 5. The Unhallowed: one to the Horde, seven on top of what is left from the previous Realm.
    n = 0;
    for (const card of r.unhallowed) this.scratch[n++] = card;
    stream.shuffle(this.scratch, 0, n);
    s.horde.push(this.scratch[0]);
    for (let i = 1; i < n; i++) s.unhallowedDeck.push(this.scratch[i]);
    for (let i = 0; i < n; i++) this.metCard[this.scratch[i]] = 1;
    for (const card of r.graveyard) {
      s.graveyard.push(card);
      this.metCard[card] = 1;
    }
    // 6a. The Map deck: two stacks of 4 (each ending in a Game Break), the rest over the Final Location.
    n = 0;
    for (const location of r.locations) this.scratch[n++] = location;
    stream.shuffle(this.scratch, 0, n);
    c.realmMap.clear();
    c.realmMap.push(r.final);
    for (let i = n - 1; i >= 0; i--) c.realmMap.push(this.scratch[i]);
    c.stackSizes[0] = Math.min(4, n);
    c.stackSizes[1] = Math.min(4, n - c.stackSizes[0]);
    c.stackSizes[2] = n - c.stackSizes[0] - c.stackSizes[1] + 1;
    // 6b. The Unused Location deck: six Respites and the previous Realm's locations.
    s.unusedLocations.clear();
    for (const location of t.respites) s.unusedLocations.push(location);
    if (realm > 1) for (const location of t.realms[realm - 2].locations) s.unusedLocations.push(location);
    s.unusedLocations.shuffle(stream);
    // 7. Doom and fire.
    c.doom = r.doom;
    c.doomMax = Math.max(c.doomMax, c.doom);
    s.fire = STARTING_FIRE;
    // 8-9. The Merchant and the Market.
    c.coinSpots = (1 << this.content.rules.coinSpots.length) - 1;
    c.itemDeck.clear();
    c.market.clear();
    for (let i = 0; i < t.items.length; i++) if (!t.items[i].mythic && c.itemHolder[i] < 0) c.itemDeck.push(i);
    c.itemDeck.shuffle(stream);
    this.fillMarket();
    // 10. The Warden's Boon.
    if (c.warden >= 0) this.applyBoon(realm);
    // 2. The Side Quest.
    this.selectQuest();
    this.log?.write(`Realm ${realm}: Doom ${c.doom}, ${c.summonCount} Summon card(s) [${this.summonText()}], Party ${this.partyText()}${c.warden >= 0 ? `, Warden ${this.advName(c.warden)}` : ''}`);
    this.check('realm set-up');
    return true;
  }

  private summonText(): string {
    const names: string[] = [];
    for (let i = 0; i < this.camp.summonCount; i++) names.push(this.tables.cards.names[this.camp.summons[i]]);
    return names.join(', ');
  }

  /** Four Party members from the Company (and in the Final Realm the Wardens of Realms 1-5). */
  selectParty(realm: number): boolean {
    this.recallIfShort();
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      this.clearOptions();
      this.listCandidates(realm);
      if (this.count === 0) return false;
      const a = this.ask(CampaignDecision.party);
      this.seat(seat, a);
    }
    return true;
  }

  private listCandidates(realm: number): void {
    const c = this.camp;
    for (let a = 0; a < c.where.length; a++) {
      if (c.where[a] === Where.company) this.addOption(a);
      else if (realm === REALMS && c.where[a] === Where.warden && a !== c.warden && c.wardenOf[a] >= 1 && c.wardenOf[a] <= 5) this.addOption(a);
      else if (realm === REALMS && c.where[a] === Where.warden && c.wardenOf[a] === 6 && c.finalRealmLost) this.addOption(a);
    }
  }

  /** A Company below 4 recalls Wardens (never the Warden whose Boon is in play). */
  private recallIfShort(): void {
    const c = this.camp;
    while (c.fieldable() < MAX_PARTY) {
      this.clearOptions();
      for (let a = 0; a < c.where.length; a++) if (c.where[a] === Where.warden && a !== c.warden) this.addOption(a);
      if (this.count === 0) return;
      const a = this.ask(CampaignDecision.recall);
      c.where[a] = Where.company;
      this.log?.write(`  ${this.advName(a)} leaves the Wardens and rejoins the Company`);
    }
  }

  /** Put an adventurer in a seat with freshly dealt Ability cards: 2 face up, 1 exhausted, 2 aside. */
  seat(seat: number, adventurer: number): void {
    const c = this.camp;
    const s = this.rules.state;
    this.rules.forgetBorrowed(seat);
    this.rules.reclaim(adventurer);
    // The Warden of Realm 6 joining the Final Realm's Party after a loss: its Boon stops.
    if (adventurer === c.warden) c.warden = -1;
    c.party[seat] = adventurer;
    c.where[adventurer] = Where.party;
    this.metAdventurer[adventurer] = 1;
    this.rules.tables.adventurers[seat] = this.tables.adventurers[adventurer];
    const cards = this.tables.adventurers[adventurer].abilities;
    const stream = this.random.streams.campaign;
    for (let i = 0; i < SLOTS_PER_SEAT; i++) this.scratch[i] = cards[i];
    stream.shuffle(this.scratch, 0, SLOTS_PER_SEAT);
    const exhausted = stream.int(3);
    for (let i = 0; i < SLOTS_PER_SEAT; i++) {
      const slot = seat * SLOTS_PER_SEAT + i;
      s.slotCard[slot] = this.scratch[i];
      s.slotState[slot] = i >= 3 ? Slot.reserve : i === exhausted ? Slot.exhausted : Slot.active;
    }
    s.rests[seat] = 0;
    if (c.mythicUnlocked[adventurer] === 1 && this.tables.mythicOf[adventurer] >= 0) c.itemHolder[this.tables.mythicOf[adventurer]] = adventurer;
  }

  /** Shuffle `scratch[0..n)` and deal it in `piles` piles, one Summon each, the smaller piles at the bottom. */
  private dealCreatureDeck(n: number, piles: number): void {
    const s = this.rules.state;
    const stream = this.random.streams.campaign;
    for (let i = 0; i < n; i++) this.metCard[this.scratch[i]] = 1;
    stream.shuffle(this.scratch, 0, n);
    if (piles === 0) {
      for (let i = 0; i < n; i++) s.deck.push(this.scratch[i]);
      return;
    }
    const pile = this.scratch.subarray(n);
    const smaller = Math.floor(n / piles);
    const larger = n % piles;
    let next = 0;
    for (let p = 0; p < piles; p++) {
      const size = smaller + (p >= piles - larger ? 1 : 0);
      for (let i = 0; i < size; i++) pile[i] = this.scratch[next++];
      pile[size] = this.pendingSummons[p];
      stream.shuffle(pile, 0, size + 1);
      for (let i = 0; i <= size; i++) s.deck.push(pile[i]);
    }
  }

  /** The Summon cards dealt by the next dealCreatureDeck (the Run's, or those just removed from the piles). */
  private readonly pendingSummons = new Int16Array(8);

  private fillMarket(): void {
    const c = this.camp;
    while (c.market.size < MARKET_SIZE && c.itemDeck.size > 0) {
      const item = c.itemDeck.draw();
      c.market.push(item);
      this.metItem[item] = 1;
    }
  }

  private refreshMarket(): void {
    const c = this.camp;
    while (c.market.size > 0) c.itemDeck.pushBottom(c.market.draw());
    this.fillMarket();
  }

  // ---- Side Quests, Boons, Doom, Escalation ---------------------------------------------------------------------

  /** Draw 3: one to attempt (its cost is paid now), one back on top, one out of the Run. */
  selectQuest(): void {
    const c = this.camp;
    let drawn = 0;
    const base = this.scratch.length - 8;
    while (drawn < 3 && c.questDeck.size > 0) {
      const q = c.questDeck.draw();
      this.scratch[base + drawn++] = q;
      this.metQuest[q] = 1;
    }
    c.currentQuest = -1;
    if (drawn === 0) return;
    this.clearOptions();
    for (let i = 0; i < drawn; i++) this.addOption(this.scratch[base + i]);
    const keep = this.ask(CampaignDecision.sideQuestKeep);
    this.clearOptions();
    for (let i = 0; i < drawn; i++) if (this.scratch[base + i] !== keep) this.addOption(this.scratch[base + i]);
    const top = this.ask(CampaignDecision.sideQuestTop);
    for (let i = 0; i < drawn; i++) {
      const q = this.scratch[base + i];
      if (q === top) c.questDeck.push(q);
      else if (q !== keep) c.questOut.push(q);
    }
    c.currentQuest = keep;
    const quest = this.tables.quests[keep];
    this.log?.write(`  Side Quest: ${quest.name}`);
    for (const cost of quest.cost) this.payCost(cost);
  }

  private payCost(cost: QuestCost): void {
    const c = this.camp;
    const s = this.rules.state;
    switch (cost.op) {
      case 'exhaustEach':
        for (let seat = 0; seat < MAX_PARTY; seat++) {
          const slot = this.rules.firstSlot(seat, Slot.active);
          if (slot >= 0) s.slotState[slot] = Slot.exhausted;
        }
        return;
      case 'fire':
        s.fire = Math.max(1, Math.min(15, s.fire + cost.amount));
        return;
      case 'doom':
        return this.addDoom(cost.amount);
      case 'coins':
        c.coins = Math.max(0, c.coins + cost.amount);
        return;
      case 'escalate':
        return this.escalate();
    }
  }

  /** The current Side Quest's reward; the card leaves the Run. */
  rewardQuest(): void {
    const c = this.camp;
    if (c.currentQuest < 0) return;
    const quest = this.tables.quests[c.currentQuest];
    c.questOut.push(c.currentQuest);
    c.currentQuest = -1;
    for (const reward of quest.reward) this.gainReward(reward);
    this.log?.write(`  Side Quest ${quest.name} completed`);
  }

  private gainReward(reward: QuestReward): void {
    const c = this.camp;
    const t = this.tables;
    const s = this.rules.state;
    switch (reward.op) {
      case 'join': {
        const a = t.adventurerIds.indexOf(reward.adventurer);
        if (c.where[a] !== Where.absent) return;
        c.where[a] = Where.company;
        this.log?.write(`  ${this.advName(a)} joins the Company`);
        return;
      }
      case 'mythic': {
        const a = t.adventurerIds.indexOf(reward.adventurer);
        if (c.where[a] === Where.absent || c.where[a] === Where.dead || c.mythicUnlocked[a] === 1) return;
        c.mythicUnlocked[a] = 1;
        if (t.mythicOf[a] >= 0) {
          c.itemHolder[t.mythicOf[a]] = a;
          this.metItem[t.mythicOf[a]] = 1;
          this.log?.write(`  ${this.advName(a)} unlocks ${t.items[t.mythicOf[a]].name}`);
        }
        return;
      }
      case 'coins':
        c.coins += reward.amount;
        return;
      case 'fire':
        s.fire = Math.max(1, Math.min(15, s.fire + reward.amount));
        return;
      case 'doom':
        return this.addDoom(reward.amount);
      case 'refresh':
        for (let i = 0; i < reward.count; i++) this.refreshOne();
        return;
      case 'item': {
        const item = c.itemDeck.draw();
        if (item < 0) return;
        this.metItem[item] = 1;
        if (!this.giveItem(item)) c.itemDeck.pushBottom(item);
        return;
      }
    }
  }

  /** One exhausted Ability card of a Party member (the strategy's choice of member) is refreshed. */
  private refreshOne(): void {
    this.clearOptions();
    for (let seat = 0; seat < MAX_PARTY; seat++) if (this.rules.firstSlot(seat, Slot.exhausted) >= 0) this.addOption(seat);
    const seat = this.ask(CampaignDecision.refresh);
    if (seat < 0) return;
    this.rules.state.slotState[this.rules.firstSlot(seat, Slot.exhausted)] = Slot.active;
  }

  private applyBoon(realm: number): void {
    const c = this.camp;
    const boon = this.tables.boons[c.warden];
    switch (boon.op) {
      case 'fire':
        this.rules.state.fire = Math.min(15, this.rules.state.fire + boon.amount);
        break;
      case 'coins':
        c.coins += boon.amount;
        break;
      case 'doom':
        this.addDoom(boon.amount);
        break;
      case 'refresh':
        break;
    }
    this.log?.write(`  Warden ${this.advName(c.warden)}'s Boon (Realm ${realm}): ${boon.op}`);
  }

  addDoom(amount: number): void {
    const c = this.camp;
    c.doom = Math.max(0, c.doom + amount);
    c.doomMax = Math.max(c.doomMax, c.doom);
    const at = this.content.rules.doomEscalateAt;
    while (c.doom >= at) {
      c.doom -= at;
      this.log?.write(`  Doom reaches ${at}: the Summons escalate`);
      this.escalate();
    }
  }

  /** Escalate Summons: raise one card's tier, or add a Summon card (not beyond 4). */
  escalate(): void {
    const c = this.camp;
    const t = this.tables;
    let lowest = -1;
    for (let i = 0; i < c.summonCount; i++) {
      const tier = t.summonTier[c.summons[i]];
      if (tier < 3 && this.freeSummon(tier + 1) >= 0 && (lowest < 0 || tier < t.summonTier[c.summons[lowest]])) lowest = i;
    }
    const canAdd = c.summonCount < 4 && this.freeSummon(1) >= 0;
    this.clearOptions();
    if (lowest >= 0) this.addOption(0);
    if (canAdd) this.addOption(1);
    const choice = this.ask(CampaignDecision.escalate);
    if (choice < 0) return;
    const s = this.rules.state;
    if (choice === 0) {
      const old = c.summons[lowest];
      const card = this.freeSummon(t.summonTier[old] + 1);
      c.summons[lowest] = card;
      for (const pile of this.summonPiles) {
        const index = pile.indexOf(old);
        if (index < 0) continue;
        pile.removeAt(index);
        pile.insertAtDepth(card, pile.size - index);
      }
      this.log?.write(`  Escalate: ${t.cards.names[old]} becomes ${t.cards.names[card]}`);
    } else {
      const card = this.freeSummon(1);
      c.summons[c.summonCount++] = card;
      if (this.inRealm) s.deck.insertAtDepth(card, this.random.streams.campaign.int(s.deck.size + 1));
      this.log?.write(`  Escalate: a Summon card is added (${c.summonCount})`);
    }
    this.metCard[c.summons[choice === 0 ? lowest : c.summonCount - 1]] = 1;
  }

  /** Set while a Realm's piles are dealt (Summons live in the piles). */
  private inRealm = false;

  private freeSummon(tier: number): number {
    const c = this.camp;
    for (const card of this.tables.summonsByTier[tier] ?? []) {
      let used = false;
      for (let i = 0; i < c.summonCount; i++) if (c.summons[i] === card) used = true;
      if (!used) return card;
    }
    return -1;
  }

  // ---- Expeditions ----------------------------------------------------------------------------------------------

  /** Play the expedition until it is beaten; false when the Run is lost. */
  playUntilBeaten(expedition: number): boolean {
    const c = this.camp;
    const s = this.rules.state;
    this.inRealm = true;
    s.mapDeck.clear();
    for (let i = 0; i < c.stackSizes[expedition - 1]; i++) this.scratch[i] = c.realmMap.draw();
    for (let i = c.stackSizes[expedition - 1] - 1; i >= 0; i--) s.mapDeck.push(this.scratch[i]);
    c.visited.clear();
    c.attempts = 0;
    // The first expedition of a Realm ignores its first location's fire; after a Game Break it applies.
    let applyFire = expedition > 1;
    for (;;) {
      c.attempts++;
      c.expeditionsPlayed++;
      if (c.attempts > MAX_ATTEMPTS) return false;
      this.beginExpedition();
      this.log?.write(`Realm ${c.realm}, expedition ${expedition}${c.attempts > 1 ? ` (attempt ${c.attempts})` : ''}: fire ${s.fire}, Doom ${c.doom}, coins ${c.coins}; Party ${this.partyText()}`);
      for (let round = 1; s.status === Status.playing && s.mapDeck.size > 0; round++) {
        this.rules.playCarriedRound(round, round === 1 && applyFire);
        c.visited.push(s.location);
        this.metLocation[s.location] = 1;
      }
      const won = s.status === Status.playing || s.status === Status.won;
      this.log?.write(`  ${won ? 'beaten' : s.status === Status.lostSummon ? 'lost: a Summon with no Unhallowed left' : 'lost: every Adventurer on Watch exhausted'} after ${c.visited.size} round(s): fire ${s.fire}, Horde ${s.horde.size}, visited ${this.locationsText(c.visited)}`);
      if (won) {
        s.status = Status.playing;
        c.expeditionsCleared++;
        this.buryDead();
        // After a Realm's last expedition the Party is chosen anew at the next set-up (and scored in Realm 7).
        return expedition === EXPEDITIONS || this.replaceDead();
      }
      if (c.realm === REALMS) c.finalRealmLost = true;
      if (s.status === Status.lostSummon) this.lineDamage();
      s.status = Status.playing;
      this.buryDead();
      if (!this.replaceDead()) return false;
      this.resetExpedition();
      applyFire = false;
    }
  }

  private locationsText(pile: Deck): string {
    const names: string[] = [];
    for (let i = 0; i < pile.size; i++) names.push(this.tables.cards.locations[pile.at(i)].name);
    return names.join(', ');
  }

  beginExpedition(): void {
    const c = this.camp;
    const s = this.rules.state;
    s.status = Status.playing;
    s.camper = -1;
    s.lineLength = 0;
    s.restartCard = -1;
    s.onWatch.fill(0);
    s.inCombat.fill(0);
    for (let i = 0; i < this.tables.items.length; i++) c.itemUsed[i] = 0;
    if (c.warden >= 0) {
      const boon = this.tables.boons[c.warden];
      if (boon.op === 'refresh') for (let i = 0; i < boon.count; i++) this.refreshOne();
    }
  }

  /** Lost to a Summon: the Line's damage exhausts cards of the Adventurers on Watch; the Line goes to the Horde. */
  lineDamage(): void {
    const s = this.rules.state;
    let damage = 0;
    for (let i = 0; i < s.lineLength; i++) damage += this.tables.cards.damage[s.lineCard[i]];
    for (let i = 0; i < s.lineLength; i++) s.horde.push(s.lineCard[i]);
    s.lineLength = 0;
    this.log?.write(`  the Line deals ${damage} more damage`);
    for (let i = 0; i < damage; i++) {
      this.clearOptions();
      for (let seat = 0; seat < MAX_PARTY; seat++) if (s.onWatch[seat] === 1 && s.activeCards(seat) > 0) this.addOption(seat);
      const seat = this.ask(CampaignDecision.lossExhaust);
      if (seat < 0) return;
      s.slotState[this.rules.firstSlot(seat, Slot.active)] = Slot.exhausted;
    }
  }

  /** Adventurers with every Ability card on their board exhausted die; their Items go under the Item deck. */
  buryDead(): void {
    const c = this.camp;
    const s = this.rules.state;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      const a = c.party[seat];
      if (a < 0 || s.activeCards(seat) > 0) continue;
      c.where[a] = Where.dead;
      c.deaths++;
      c.party[seat] = -1;
      for (let i = 0; i < this.tables.items.length; i++) {
        if (c.itemHolder[i] !== a) continue;
        c.itemHolder[i] = -1;
        if (!this.tables.items[i].mythic) c.itemDeck.pushBottom(i);
      }
      this.rules.releaseTamedOf(seat, s.graveyard);
      this.log?.write(`  ${this.advName(a)} dies`);
    }
  }

  /** Fill empty seats from the Company (chosen, or at random with random reinforcements); false when impossible. */
  replaceDead(): boolean {
    const c = this.camp;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      if (c.party[seat] >= 0) continue;
      this.recallIfShort();
      this.clearOptions();
      this.listCandidates(c.realm);
      if (this.count === 0) return false;
      const a = this.settings.reinforcements === 'random' ? this.options[this.random.streams.campaign.int(this.count)] : this.ask(CampaignDecision.replacement);
      this.seat(seat, a);
      this.log?.write(`  ${this.advName(a)} replaces the fallen`);
    }
    return true;
  }

  /** After a loss: Adventurers, Side Quest, Creature deck, Horde, map, fire, coins and Market are reset. */
  resetExpedition(): void {
    const c = this.camp;
    const s = this.rules.state;
    const t = this.tables;
    const stream = this.random.streams.campaign;
    c.resets++;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      let board = 0;
      for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) {
        if (s.slotState[slot] === Slot.reserve) continue;
        s.slotState[slot] = Slot.active;
        this.scratch[board++] = slot;
      }
      if (board > 0) s.slotState[this.scratch[stream.int(board)]] = Slot.exhausted;
    }
    s.rests.fill(0);
    if (c.currentQuest >= 0) c.questDeck.pushBottom(c.currentQuest);
    this.selectQuest();
    // Summons out; Unhallowed under the Unhallowed deck; Graveyard and Horde into the deck; Summons dealt back.
    for (const pile of this.summonPiles) {
      for (let i = pile.size - 1; i >= 0; i--) {
        const card = pile.at(i);
        if (t.cards.kind[card] === Kind.summon) pile.removeAt(i);
        else if (t.cards.kind[card] === Kind.unhallowed && pile !== s.removed) s.unhallowedDeck.pushBottom(pile.removeAt(i));
      }
    }
    let n = 0;
    while (s.deck.size > 0) this.scratch[n++] = s.deck.draw();
    while (s.graveyard.size > 0) this.scratch[n++] = s.graveyard.draw();
    while (s.horde.size > 0) this.scratch[n++] = s.horde.draw();
    for (let i = 0; i < c.summonCount; i++) this.pendingSummons[i] = c.summons[i];
    this.dealCreatureDeck(n, c.summonCount);
    if (s.unhallowedDeck.size > 0) s.horde.push(s.unhallowedDeck.removeAt(stream.int(s.unhallowedDeck.size)));
    for (let i = c.visited.size - 1; i >= 0; i--) s.mapDeck.push(c.visited.at(i));
    c.visited.clear();
    s.fire = STARTING_FIRE;
    c.coinSpots = (1 << this.content.rules.coinSpots.length) - 1;
    this.refreshMarket();
    this.addDoom(this.content.rules.doomOnLoss);
    this.log?.write(`  reset: the expedition is replayed (Doom ${c.doom})`);
    this.check('reset');
  }

  /** The 7 steps of a Game Break. */
  gameBreak(): void {
    const c = this.camp;
    const s = this.rules.state;
    this.log?.write(`Game Break`);
    this.rewardQuest();
    this.selectQuest();
    const removed = this.takeSummons(s.graveyard, this.takeSummons(s.deck, 0));
    let n = 0;
    while (s.deck.size > 0) this.scratch[n++] = s.deck.draw();
    while (s.graveyard.size > 0) this.scratch[n++] = s.graveyard.draw();
    this.dealCreatureDeck(n, removed);
    for (let i = 0; i < c.visited.size; i++) s.unusedLocations.push(c.visited.at(i));
    c.visited.clear();
    s.unusedLocations.shuffle(this.random.streams.campaign);
    c.coinSpots = (1 << this.content.rules.coinSpots.length) - 1;
    this.refreshMarket();
    this.check('game break');
  }

  /** Moves the pile's Summon cards to pendingSummons from index `from` on; returns the next free index. */
  private takeSummons(pile: Deck, from: number): number {
    let next = from;
    for (let i = pile.size - 1; i >= 0; i--) if (this.tables.cards.kind[pile.at(i)] === Kind.summon) this.pendingSummons[next++] = pile.removeAt(i);
    return next;
  }

  /** The Merchant, visited at every camp: buy Items from the Market (2 per Adventurer; Mythic Items aside). */
  visitMarket(): void {
    const c = this.camp;
    const t = this.tables;
    for (;;) {
      this.clearOptions();
      this.addOption(-1);
      for (let i = 0; i < c.market.size; i++) {
        const item = c.market.at(i);
        if (t.items[item].price <= c.coins && this.hasRoom()) this.addOption(item);
      }
      if (this.count === 1) return;
      const item = this.ask(CampaignDecision.purchase);
      if (item < 0) return;
      c.market.remove(item);
      c.coins -= t.items[item].price;
      this.giveItem(item);
      this.log?.write(`  ${t.items[item].name} is bought (${c.coins} coins left)`);
    }
  }

  private hasRoom(): boolean {
    for (let seat = 0; seat < MAX_PARTY; seat++) if (this.camp.party[seat] >= 0 && this.camp.itemsHeld(this.camp.party[seat], this.tables.items) < ITEM_LIMIT) return true;
    return false;
  }

  private giveItem(item: number): boolean {
    const c = this.camp;
    this.clearOptions();
    for (let seat = 0; seat < MAX_PARTY; seat++) if (c.party[seat] >= 0 && c.itemsHeld(c.party[seat], this.tables.items) < ITEM_LIMIT) this.addOption(seat);
    const seat = this.ask(CampaignDecision.holder);
    if (seat < 0) return false;
    c.itemHolder[item] = c.party[seat];
    return true;
  }

  /** The Falcon's options: hold it, or strike a revealed creature alone or with a ready die of an Adventurer on Watch. */
  offerFalcon(last: boolean): void {
    const s = this.rules.state;
    this.clearOptions();
    this.addOption(FALCON_HOLD);
    for (let position = 0; position < s.lineLength; position++) {
      if (s.lineRevealed[position] !== 1 || this.tables.cards.kind[s.lineCard[position]] === Kind.summon) continue;
      this.addOption(falconOption(position, -1));
      for (let seat = 0; seat < SEATS; seat++) {
        if (s.onWatch[seat] !== 1) continue;
        for (let k = 0; k < ROLLED_DICE; k++) {
          const die = seat * DICE_PER_SEAT + k;
          if (s.dieState[die] === Die.ready && s.dieTamed[die] < 0) this.addOption(falconOption(position, die));
        }
      }
    }
    const choice = this.ask(last ? CampaignDecision.falconLast : CampaignDecision.falcon);
    if (choice !== FALCON_HOLD) this.rules.falconStrike(falconTarget(choice), falconDie(choice));
  }

  /** The end of a Realm: reward, everything back in the box but the Unhallowed deck, the Warden. */
  endRealm(realm: number): void {
    const c = this.camp;
    const s = this.rules.state;
    this.rewardQuest();
    this.inRealm = false;
    this.lastParty.set(c.party);
    for (let seat = 0; seat < MAX_PARTY; seat++) this.rules.releaseTamedOf(seat, s.removed);
    for (const pile of this.summonPiles) pile.clear();
    s.tamed.clear();
    s.lineLength = 0;
    s.mapDeck.clear();
    c.visited.clear();
    c.realmMap.clear();
    c.warden = -1;
    if (realm < REALMS && c.fieldable() >= 5) {
      this.clearOptions();
      for (let seat = 0; seat < MAX_PARTY; seat++) if (c.party[seat] >= 0) this.addOption(c.party[seat]);
      const warden = this.ask(CampaignDecision.warden);
      c.warden = warden;
      c.where[warden] = Where.warden;
      c.wardenOf[warden] = realm;
      this.log?.write(`End of Realm ${realm}: ${this.advName(warden)} becomes the Warden`);
    } else {
      this.log?.write(`End of Realm ${realm}${realm < REALMS ? ': no Warden (Company below 5)' : ''}`);
    }
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      const a = c.party[seat];
      if (a < 0) continue;
      if (a !== c.warden) {
        c.where[a] = Where.company;
        for (let i = 0; i < this.tables.items.length; i++) if (c.itemHolder[i] === a && !this.tables.items[i].mythic) c.itemHolder[i] = -1;
      }
      c.party[seat] = -1;
    }
  }

  // ---- Scoring and metrics ---------------------------------------------------------------------------------------

  /** End Run scoring, X per unexhausted Ability card of the Party, other living Adventurer, Mythic Item, Warden Item. */
  score(): number {
    const c = this.camp;
    const s = this.rules.state;
    const t = this.tables;
    let points = 0;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      if (this.lastParty[seat] < 0 || s.activeCards(seat) === 0) continue;
      for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) if (s.slotState[slot] !== Slot.exhausted) points++;
    }
    for (let a = 0; a < c.where.length; a++) if ((c.where[a] === Where.company && !this.inLastParty(a)) || c.where[a] === Where.warden) points++;
    points += c.mythicUnlockedThisRun();
    for (let i = 0; i < t.items.length; i++) if (!t.items[i].mythic && c.itemHolder[i] >= 0 && c.where[c.itemHolder[i]] === Where.warden) points++;
    return points * c.scoreX;
  }

  private readonly lastParty = new Int8Array(MAX_PARTY).fill(-1);

  private inLastParty(a: number): boolean {
    for (let seat = 0; seat < MAX_PARTY; seat++) if (this.lastParty[seat] === a) return true;
    return false;
  }

  private record(out: OutcomeRecord): void {
    const c = this.camp;
    const m = out.metrics;
    const newRunPlus = this.settings.variant === 'new-run-plus';
    if (newRunPlus && !this.legacy.unlocksNewRunPlus()) return this.recordLocked(out);
    m[Metric.newRunPlusUnlocked] = newRunPlus ? 1 : METRIC_MISSING;
    out.outcome = c.won ? tierOf(c.score) - 1 : RUN_LOST;
    m[Metric.score] = c.won ? c.score : METRIC_MISSING;
    m[Metric.realmReached] = c.realm;
    m[Metric.expeditionsPlayed] = c.expeditionsPlayed;
    m[Metric.expeditionsCleared] = c.expeditionsCleared;
    m[Metric.deaths] = c.deaths;
    m[Metric.resets] = c.resets;
    m[Metric.company] = c.fieldable() + c.count(Where.warden);
    m[Metric.wardens] = c.count(Where.warden);
    m[Metric.doomMax] = c.doomMax;
    m[Metric.summonsAtEnd] = c.summonCount;
    m[Metric.mythicUnlocked] = c.mythicUnlockedThisRun();
    m[Metric.estimatedCardsMetPct] = this.estimatedMetPct();
    m[Metric.lostInRealm] = c.won ? METRIC_MISSING : c.lostInRealm;
  }

  /** New Run+ not unlocked by its previous Run: no New Run+ was played, so every metric but the unlock is missing. */
  private recordLocked(out: OutcomeRecord): void {
    out.outcome = NEW_RUN_PLUS_LOCKED;
    out.metrics.fill(METRIC_MISSING);
    out.metrics[Metric.newRunPlusUnlocked] = 0;
  }

  /** The share (%) of estimated cards among the distinct cards met in this Run. */
  estimatedMetPct(): number {
    const t = this.tables;
    let met = 0;
    let estimated = 0;
    const count = (flags: Uint8Array, est: (i: number) => boolean) => {
      for (let i = 0; i < flags.length; i++) {
        if (flags[i] === 0) continue;
        met++;
        if (est(i)) estimated++;
      }
    };
    count(this.metCard, (i) => t.cardEstimated[i] === 1);
    count(this.metLocation, (i) => t.locationEstimated[i] === 1);
    count(this.metAdventurer, (i) => t.adventurerEstimated[i] === 1);
    count(this.metItem, (i) => t.items[i].estimated);
    count(this.metQuest, (i) => t.quests[i].estimated);
    return met === 0 ? 0 : Math.round((100 * estimated) / met);
  }

  private check(where: string): void {
    if (this.checkpoint !== null) this.checkpoint(this, where);
  }
}
