/**
 * What every part of the campaign shares: the Run's tables and state, the expedition engine, the random streams,
 * the log, the campaign decisions (options offered to the strategy, its answer), the cards met and scratch space.
 * Rulebook: none in particular; "Outcomes and metrics" for the cards met, "Party between expeditions" for lastParty.
 */

import { checkedOption, strategyThrew } from '../../core/errors.ts';
import type { GameLog } from '../../core/game.ts';
import { GameRandom } from '../../core/rng.ts';
import { LINE_CAPACITY, ROLLED_DICE, SEATS } from '../setawatch/state.ts';
import type { RunSettings, Variant } from './campaign.ts';
import type { DoomedrunContent } from './content.ts';
import { CAMPAIGN_DECISION_NAMES, type CampaignDecisionKind, type CampaignView, type DoomedrunStrategy } from './decisions.ts';
import { type CampaignHooks, DoomedRules } from './rules.ts';
import { CardsMet } from './scoring.ts';
import { CampaignState, MAX_PARTY, RunLegacy, RunTables } from './state.ts';

/**
 * The campaign's callbacks: the Market, the Falcon and Multi-Talented inside a round, and the test seam at expedition
 * boundaries.
 */
export interface RunHooks extends CampaignHooks {
  reachedCheckpoint(where: string): void;
}

/** Campaign decisions: the options offered (values in a reused array) and the strategy's answer. */
export class Choices {
  private readonly options: Int16Array;
  /** The number of options offered. */
  count = 0;
  private strategy: DoomedrunStrategy | null = null;
  private seed = 0;
  /** The view campaign decisions are asked with (its `count` is updated per decision). */
  private readonly view: { -readonly [K in keyof CampaignView]: CampaignView[K] };

  constructor(tables: RunTables, camp: CampaignState, rules: DoomedRules, random: GameRandom<'campaign' | 'choices'>) {
    const falconOptions = 1 + LINE_CAPACITY * (1 + SEATS * ROLLED_DICE);
    const borrowOptions = 1 + tables.cards.abilities.length;
    this.options = new Int16Array(Math.max(tables.adventurers.length + tables.items.length + tables.quests.length + 8, falconOptions, borrowOptions));
    this.view = { run: camp, state: rules.state, tables, line: rules, options: this.options, count: 0, random: random.streams.choices };
  }

  /** The strategy answering this game's decisions (the seed names the game in a StrategyError). */
  take(strategy: DoomedrunStrategy, seed: number): void {
    this.strategy = strategy;
    this.seed = seed;
  }

  /** An expedition (or a replay of one) starts: the watch strategy plays it as a Set a Watch game, so it hears so. */
  startWatchGame(): void {
    this.strategy?.watch.startGame?.();
  }

  clear(): void {
    this.count = 0;
  }

  add(value: number): void {
    this.options[this.count++] = value;
  }

  /** The value of option `index`. */
  at(index: number): number {
    return this.options[index];
  }

  /** The chosen option's value; a single option is taken without asking; -1 when there is none. */
  ask(decision: CampaignDecisionKind): number {
    if (this.count === 0) return -1;
    if (this.count === 1) return this.options[0];
    const strategy = this.strategy as DoomedrunStrategy;
    this.view.count = this.count;
    let answer: number;
    try {
      answer = strategy.campaign(decision, this.view);
    } catch (error) {
      throw strategyThrew(strategy.name, CAMPAIGN_DECISION_NAMES[decision], this.seed, error);
    }
    return this.options[checkedOption(answer, this.count, strategy.name, CAMPAIGN_DECISION_NAMES[decision], this.seed)];
  }
}

/** The Run's shared state and services, handed to each part of the campaign. */
export class RunContext {
  readonly tables: RunTables;
  readonly camp: CampaignState;
  readonly rules: DoomedRules;
  readonly random = new GameRandom(['campaign', 'choices'] as const);
  readonly choices: Choices;
  /** What the previous Run left (New Run+). */
  readonly legacy: RunLegacy;
  readonly met: CardsMet;
  /** Scratch space for dealing (cards, locations); its last 8 entries hold the Side Quests drawn. */
  readonly scratch: Int16Array;
  /** The variant being played (a New Run+ game first plays its previous Run as a first Run). */
  variant: Variant = 'first';
  /** The Party as the last Realm ended (Realm 7's is scored). */
  readonly lastParty = new Int8Array(MAX_PARTY).fill(-1);
  /** The Line positions the Falcon may strike, while its options are listed. */
  readonly falconTargets = new Int16Array(LINE_CAPACITY);

  constructor(
    readonly content: DoomedrunContent,
    readonly settings: RunSettings,
    readonly log: GameLog | null,
    readonly hooks: RunHooks,
  ) {
    this.tables = new RunTables(content);
    this.camp = new CampaignState(this.tables);
    this.legacy = new RunLegacy(this.tables.adventurers.length);
    this.rules = new DoomedRules(this.tables, this.camp, hooks, settings.detail ? log : null, settings.readings);
    this.choices = new Choices(this.tables, this.camp, this.rules, this.random);
    this.met = new CardsMet(this.tables);
    this.scratch = new Int16Array(this.tables.cards.cardCount + this.tables.cards.locations.length + 16);
  }

  advName(adventurer: number): string {
    return this.tables.adventurers[adventurer].name;
  }
}
