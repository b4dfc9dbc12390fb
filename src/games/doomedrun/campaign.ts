/**
 * Doomed Run: a Run of 7 Realms x 3 expeditions (RULES.md, from the top). This file holds the Run itself: its start
 * (the variants: first Run, Curated, Random, New Run+ and the previous Run it needs), the loop over Realms and
 * expeditions, and the engine the platform calls. Each part of the rulebook has its own file:
 * - rules.ts: the expedition engine, DoomedRules (Set a Watch with Doom, Items, coins, Falcon, Summon tiers, Molting,
 *   Multi-Talented);
 * - setup.ts: Realm set-up, steps 1-10; party.ts: the Party, deaths and replacements;
 * - expedition.ts: expeditions, Game Breaks, losses and resets;
 * - market.ts: coins and Items; quests.ts: Side Quests; summons.ts: Doom and Escalate Summons;
 * - realm-end.ts: the end of a Realm and the Warden; scoring.ts: End Run scoring and the record;
 * - context.ts: what they share (tables, state, random streams, campaign decisions).
 */

import type { Deck } from '../../core/deck.ts';
import type { GameEngine, GameLog, OutcomeRecord } from '../../core/game.ts';
import type { GameRandom } from '../../core/rng.ts';
import { forgetAll } from '../setawatch/knowledge.ts';
import { Die } from '../setawatch/state.ts';
import type { Readings } from '../setawatch/watch.ts';
import type { DoomedrunContent } from './content.ts';
import { type RunHooks, RunContext } from './context.ts';
import { CampaignDecision, type DoomedrunStrategy } from './decisions.ts';
import { Expeditions } from './expedition.ts';
import { Market } from './market.ts';
import { Party } from './party.ts';
import { SideQuests } from './quests.ts';
import { RealmEnd } from './realm-end.ts';
import { type DoomedRules, offerBorrow, offerFalcon, takesDoom } from './rules.ts';
import { record, score, TIERS, tierOf } from './scoring.ts';
import { RealmSetup } from './setup.ts';
import { type CampaignState, EXPEDITIONS, MAX_PARTY, REALMS, type RunLegacy, type RunTables, Where } from './state.ts';
import { Summons } from './summons.ts';

export const VARIANTS = ['first', 'new-run-plus', 'random', 'curated'] as const;
export type Variant = (typeof VARIANTS)[number];
export const REINFORCEMENTS = ['chosen', 'random'] as const;
export const REALM_END_QUESTS = ['reward', 'unrewarded'] as const;
export const LOSS_RESTS = ['keep', 'return'] as const;
export const RESET_QUEST_COSTS = ['after', 'before'] as const;
export const RESET_HORDES = ['shuffle', 'pick'] as const;

export interface RunSettings {
  readonly summons: number;
  readonly variant: Variant;
  readonly reinforcements: 'chosen' | 'random';
  /** The Side Quest attempted in a Realm's last expedition: its reward gained at the Realm's end, or none (back to the deck). */
  readonly realmEndQuest?: (typeof REALM_END_QUESTS)[number];
  /** Rest tokens when a lost expedition is reset: kept (the reset does not list them) or returned. */
  readonly lossRests?: (typeof LOSS_RESTS)[number];
  /**
   * A reset's new Side Quest: its cost paid once fire, coins and the Market are reset (as at a Realm's set-up), or
   * where the reset lists the quest, first, so that setting the fire to 7 undoes a fire cost.
   */
  readonly resetQuestCost?: (typeof RESET_QUEST_COSTS)[number];
  /**
   * A reset's Horde card, "a random card from the Unhallowed deck": drawn as from a face-up deck, shuffled face down
   * and the top taken (the rest shuffled too), or one picked at random, the rest keeping their order.
   */
  readonly resetHorde?: (typeof RESET_HORDES)[number];
  readonly readings?: Readings;
  /** Narrate every round (the Set a Watch log), not only the campaign. */
  readonly detail: boolean;
}

/** The Random Run's Company size. */
const RANDOM_COMPANY = 6;

/** The campaign engine. Its steps (set-up, Game Break, reset, end of Realm...) are public for scenario tests. */
export class DoomedRun implements GameEngine<DoomedrunStrategy>, RunHooks {
  readonly tables: RunTables;
  readonly camp: CampaignState;
  readonly rules: DoomedRules;
  readonly random: GameRandom<'campaign' | 'choices'>;
  /** What the previous Run left (New Run+). */
  readonly legacy: RunLegacy;
  /** Test seam: called at every expedition boundary (after set-up, Game Break, reset). */
  checkpoint: ((run: DoomedRun, where: string) => void) | null = null;
  private readonly run: RunContext;
  private readonly summons: Summons;
  private readonly market: Market;
  private readonly party: Party;
  private readonly quests: SideQuests;
  private readonly setup: RealmSetup;
  private readonly expeditions: Expeditions;
  private readonly realmEnd: RealmEnd;
  /** Every pile of a Set a Watch game, emptied at the start of a Run. */
  private readonly allPiles: readonly Deck[];

  constructor(
    readonly content: DoomedrunContent,
    readonly settings: RunSettings,
    log: GameLog | null,
  ) {
    const run = new RunContext(content, settings, log, this);
    this.run = run;
    this.tables = run.tables;
    this.camp = run.camp;
    this.rules = run.rules;
    this.random = run.random;
    this.legacy = run.legacy;
    this.summons = new Summons(run);
    this.market = new Market(run);
    this.party = new Party(run);
    this.quests = new SideQuests(run, this.party, this.market, this.summons);
    this.setup = new RealmSetup(run, this.party, this.market, this.quests, this.summons);
    this.expeditions = new Expeditions(run, this.party, this.quests, this.market, this.summons);
    this.realmEnd = new RealmEnd(run, this.quests, this.summons);
    const s = run.rules.state;
    this.allPiles = [...this.summons.piles, s.unhallowedDeck, s.tamed, s.mapDeck, s.unusedLocations];
  }

  playGame(seed: number, strategy: DoomedrunStrategy, out: OutcomeRecord): void {
    this.playRun(seed, strategy);
    record(this.run, out);
  }

  // ---- Hooks: the campaign inside a round, and the test seam ----------------------------------------------------

  /** The Merchant, visited at every camp. */
  visitMarket(): void {
    this.market.visit();
  }

  offerFalcon(last: boolean): void {
    offerFalcon(this.run, last);
  }

  offerBorrow(slot: number): void {
    offerBorrow(this.run, slot);
  }

  offerDoom(amount: number): boolean {
    if (!takesDoom(this.run, amount)) return false;
    this.summons.addDoom(amount);
    return true;
  }

  reachedCheckpoint(where: string): void {
    if (this.checkpoint !== null) this.checkpoint(this, where);
  }

  // ---- The Run ---------------------------------------------------------------------------------------------------

  /** Seed the streams and take the strategy (the first step of a Run; scenario tests call it, then single steps). */
  begin(seed: number, strategy: DoomedrunStrategy): void {
    this.run.choices.take(strategy, seed);
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
    this.run.log?.write('The previous Run (New Run+ needs a completed Run):');
    this.startRun('first');
    this.playRealms();
    this.legacy.keep(this.camp);
    if (!this.legacy.unlocksNewRunPlus()) this.run.log?.write('New Run+ is not unlocked: the previous Run was not completed with at least 4 living Adventurers');
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
        if (expedition < EXPEDITIONS && !this.gameBreak()) return this.loseRun();
      }
      this.endRealm(realm);
      this.camp.closeRealm();
    }
    this.camp.won = true;
    this.camp.score = this.score();
    this.run.log?.write(`Run won: score ${this.camp.score} (${TIERS[tierOf(this.camp.score) - 1]})`);
  }

  private loseRun(): void {
    this.camp.won = false;
    this.camp.lostInRealm = this.camp.realm;
    this.camp.closeRealm();
    this.run.log?.write(`Run lost in Realm ${this.camp.realm}, expedition ${this.camp.expedition}: ${this.camp.fieldable()} Adventurers can be fielded`);
  }

  /** A new Run of the variant: the campaign and the engine's piles cleared, the Summons, Company and Side Quests. */
  startRun(variant: Variant): void {
    this.run.variant = variant;
    const c = this.camp;
    this.clearCampaign();
    this.clearEngine();
    c.startingSummons = this.settings.summons;
    c.scoreX = this.settings.summons;
    c.summonCount = 0;
    for (let i = 0; i < this.settings.summons; i++) c.summons[c.summonCount++] = this.tables.summonsByTier[1][i];
    this.formCompany(variant);
    if (variant === 'random' || variant === 'new-run-plus') this.dealQuestDeck();
    this.run.log?.write(`Run: ${c.summonCount} Summon card(s), ${variant} variant, ${this.settings.reinforcements} reinforcements; Company ${this.party.companyText()}`);
  }

  private clearCampaign(): void {
    const c = this.camp;
    c.realm = 1;
    c.expedition = 1;
    c.attempts = 0;
    c.doom = 0;
    c.doomMax = 0;
    c.doomSummonsPending = 0;
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
    c.deathsInRealm.fill(0);
    c.resetsInRealm.fill(0);
    c.livingAfterRealm.fill(0);
    c.lostInRealm = 0;
    c.won = false;
    c.score = 0;
    this.run.met.clear();
  }

  private clearEngine(): void {
    const s = this.rules.state;
    for (const pile of this.allPiles) pile.clear();
    forgetAll(s);
    s.lineLength = 0;
    s.dieState.fill(Die.absent);
    s.dieTamed.fill(-1);
    s.dieUntilEndOfRound.fill(0);
    s.rests.fill(0);
    this.rules.bardOwn.fill(-1);
    this.rules.bardSeat = -1;
  }

  /** The starting Company: the starting six, 6 of the 25 at random, or New Run+'s four. */
  private formCompany(variant: Variant): void {
    const c = this.camp;
    const t = this.tables;
    if (variant === 'random') {
      const scratch = this.run.scratch;
      const n = t.adventurers.length;
      for (let a = 0; a < n; a++) scratch[a] = a;
      this.random.streams.campaign.shuffle(scratch, 0, n);
      for (let i = 0; i < Math.min(RANDOM_COMPANY, n); i++) c.where[scratch[i]] = Where.company;
    } else if (variant === 'new-run-plus') {
      this.startNewRunPlus();
    } else {
      for (const a of t.startingCompany) c.where[a] = Where.company;
    }
  }

  /** The Side Quest deck all at once (Random Run, New Run+), without the Company's own quests and kept Mythic Items'. */
  private dealQuestDeck(): void {
    const c = this.camp;
    const t = this.tables;
    for (let q = 0; q < t.quests.length; q++) {
      const tied = t.quests[q].tiedTo;
      const mythicKept = t.quests[q].reward.some((r) => r.op === 'mythic' && c.mythicCarried[t.adventurerIds.indexOf(r.adventurer)] === 1);
      if ((tied >= 0 && c.where[tied] === Where.company) || mythicKept) c.questOut.push(q);
      else c.questDeck.push(q);
    }
    c.questDeck.shuffle(this.random.streams.campaign);
  }

  /**
   * New Run+ from the previous Run (this.legacy): four of its living Adventurers are the Company and keep their
   * unlocked Mythic Items; another of them, if any, is the Warden whose Boon carries into Realm 1; the previous Run's
   * Summon cards escalate once; X is their count + 1.
   */
  private startNewRunPlus(): void {
    const c = this.camp;
    const legacy = this.legacy;
    const choices = this.run.choices;
    for (let pick = 0; pick < MAX_PARTY; pick++) {
      this.listLegacyAdventurers();
      const a = choices.ask(CampaignDecision.party);
      c.where[a] = Where.company;
      c.mythicUnlocked[a] = legacy.mythic[a];
      c.mythicCarried[a] = legacy.mythic[a];
    }
    this.listLegacyAdventurers();
    const warden = choices.ask(CampaignDecision.warden);
    if (warden >= 0) {
      c.where[warden] = Where.warden;
      c.wardenOf[warden] = 0;
      c.warden = warden;
    }
    c.summons.set(legacy.summons);
    c.summonCount = legacy.summonCount;
    c.startingSummons = legacy.summonCount;
    c.scoreX = legacy.summonCount + 1;
    this.summons.escalate();
  }

  /** The previous Run's living Adventurers not yet placed in this Run. */
  private listLegacyAdventurers(): void {
    const choices = this.run.choices;
    choices.clear();
    for (let a = 0; a < this.camp.where.length; a++) if (this.legacy.living[a] === 1 && this.camp.where[a] === Where.absent) choices.add(a);
  }

  // ---- The steps, public for scenario tests ---------------------------------------------------------------------

  setUpRealm(realm: number): boolean {
    return this.setup.setUp(realm);
  }

  playUntilBeaten(expedition: number): boolean {
    return this.expeditions.playUntilBeaten(expedition);
  }

  beginExpedition(): void {
    this.expeditions.begin();
  }

  lineDamage(): void {
    this.expeditions.lineDamage();
  }

  buryDead(): void {
    this.party.buryDead();
  }

  replaceDead(): boolean {
    return this.party.replaceDead();
  }

  resetExpedition(): void {
    this.expeditions.reset();
  }

  gameBreak(): boolean {
    return this.expeditions.gameBreak();
  }

  endRealm(realm: number): void {
    this.realmEnd.end(realm);
  }

  selectQuest(): void {
    this.quests.select();
  }

  rewardQuest(): void {
    this.quests.reward();
  }

  addDoom(amount: number): void {
    this.summons.addDoom(amount);
  }

  escalate(): void {
    this.summons.escalate();
  }

  score(): number {
    return score(this.run);
  }
}
