/**
 * End Run scoring and the game's record. Rulebook (RULES.md): "End Run scoring and variants" (the points, X, the
 * seven tiers) and "Outcomes and metrics" (outcomes, metrics, the share of estimated cards met).
 */

import type { OutcomeRecord } from '../../core/game.ts';
import { METRIC_MISSING } from '../../core/game.ts';
import { Slot, SLOTS_PER_SEAT } from '../setawatch/state.ts';
import type { RunContext } from './context.ts';
import { MAX_PARTY, REALMS, type RunTables, Where } from './state.ts';

export const TIERS = ['Up in Smoke', 'Dying Embers', 'Smoldering Fire', 'Warming Pyre', 'Roaring Blaze', 'Raging Bonfire', 'Eternal Flame'] as const;

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
  /** The first of seven, one per Realm (Realm 1 first), as for the two below. */
  deathsInRealm: 14,
  resetsInRealm: 14 + REALMS,
  livingAfterRealm: 14 + 2 * REALMS,
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

/** The distinct cards met in a Run, by kind (for the share of estimated cards). */
export class CardsMet {
  readonly card: Uint8Array;
  readonly location: Uint8Array;
  readonly adventurer: Uint8Array;
  readonly item: Uint8Array;
  readonly quest: Uint8Array;

  constructor(private readonly tables: RunTables) {
    this.card = new Uint8Array(tables.cards.cardCount);
    this.location = new Uint8Array(tables.cards.locations.length);
    this.adventurer = new Uint8Array(tables.adventurers.length);
    this.item = new Uint8Array(tables.items.length);
    this.quest = new Uint8Array(tables.quests.length);
  }

  clear(): void {
    this.card.fill(0);
    this.location.fill(0);
    this.adventurer.fill(0);
    this.item.fill(0);
    this.quest.fill(0);
  }

  /** The share (%) of estimated cards among the distinct cards met. */
  estimatedPct(): number {
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
    count(this.card, (i) => t.cardEstimated[i] === 1);
    count(this.location, (i) => t.locationEstimated[i] === 1);
    count(this.adventurer, (i) => t.adventurerEstimated[i] === 1);
    count(this.item, (i) => t.items[i].estimated);
    count(this.quest, (i) => t.quests[i].estimated);
    return met === 0 ? 0 : Math.round((100 * estimated) / met);
  }
}

/** End Run scoring, X per unexhausted Ability card of the Party, other living Adventurer, Mythic Item, Warden Item. */
export function score(run: RunContext): number {
  const c = run.camp;
  const t = run.tables;
  const points = partyCardPoints(run) + livingOthers(run) + c.mythicUnlockedThisRun();
  let wardenItems = 0;
  for (let i = 0; i < t.items.length; i++) if (!t.items[i].mythic && c.itemHolder[i] >= 0 && c.where[c.itemHolder[i]] === Where.warden) wardenItems++;
  return (points + wardenItems) * c.scoreX;
}

/**
 * Each unexhausted Ability card on the boards of the living members of the last Party: the cards aside are not "in
 * the Party" (the rulebook's example counts the three on the board), as for deaths.
 */
function partyCardPoints(run: RunContext): number {
  const s = run.rules.state;
  let points = 0;
  for (let seat = 0; seat < MAX_PARTY; seat++) {
    if (run.lastParty[seat] < 0 || s.activeCards(seat) === 0) continue;
    for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) if (s.slotState[slot] === Slot.active) points++;
  }
  return points;
}

/** Each other living Adventurer (the Company outside the last Party, and the Wardens). */
function livingOthers(run: RunContext): number {
  const c = run.camp;
  let points = 0;
  for (let a = 0; a < c.where.length; a++) if ((c.where[a] === Where.company && !run.lastParty.includes(a)) || c.where[a] === Where.warden) points++;
  return points;
}

/** The game's outcome and metrics. */
export function record(run: RunContext, out: OutcomeRecord): void {
  const c = run.camp;
  const m = out.metrics;
  const newRunPlus = run.settings.variant === 'new-run-plus';
  if (newRunPlus && !run.legacy.unlocksNewRunPlus()) return recordLocked(out);
  m[Metric.newRunPlusUnlocked] = newRunPlus ? 1 : METRIC_MISSING;
  out.outcome = c.won ? tierOf(c.score) - 1 : RUN_LOST;
  m[Metric.score] = c.won ? c.score : METRIC_MISSING;
  m[Metric.realmReached] = c.realm;
  m[Metric.expeditionsPlayed] = c.expeditionsPlayed;
  m[Metric.expeditionsCleared] = c.expeditionsCleared;
  m[Metric.deaths] = c.deaths();
  m[Metric.resets] = c.resets();
  m[Metric.company] = c.living();
  m[Metric.wardens] = c.count(Where.warden);
  m[Metric.doomMax] = c.doomMax;
  m[Metric.summonsAtEnd] = c.summonCount;
  m[Metric.mythicUnlocked] = c.mythicUnlockedThisRun();
  m[Metric.estimatedCardsMetPct] = run.met.estimatedPct();
  m[Metric.lostInRealm] = c.won ? METRIC_MISSING : c.lostInRealm;
  recordByRealm(c, m);
}

/** Deaths, resets and the living Adventurers of each Realm the Run entered; missing for the Realms it never reached. */
function recordByRealm(c: RunContext['camp'], m: Float64Array): void {
  for (let realm = 1; realm <= REALMS; realm++) {
    const entered = realm <= c.realm;
    m[Metric.deathsInRealm + realm - 1] = entered ? c.deathsInRealm[realm - 1] : METRIC_MISSING;
    m[Metric.resetsInRealm + realm - 1] = entered ? c.resetsInRealm[realm - 1] : METRIC_MISSING;
    m[Metric.livingAfterRealm + realm - 1] = entered ? c.livingAfterRealm[realm - 1] : METRIC_MISSING;
  }
}

/** New Run+ not unlocked by its previous Run: no New Run+ was played, so every metric but the unlock is missing. */
function recordLocked(out: OutcomeRecord): void {
  out.outcome = NEW_RUN_PLUS_LOCKED;
  out.metrics.fill(METRIC_MISSING);
  out.metrics[Metric.newRunPlusUnlocked] = 0;
}
