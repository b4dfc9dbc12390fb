/**
 * Realm set-up, steps 1-10 of the rulebook (RULES.md "Realm set-up"): the Realm's Side Quest envelope, the Party
 * (step 3, party.ts), the Creature deck with the Nemesis pairs and Summons (4), the Unhallowed and the Husks (5), the
 * Map and Unused Location decks (6a, 6b), Doom and fire (7), coins and the Market (8-9, market.ts), the Warden's Boon
 * (10) and the Side Quest (2, once the Party is known; quests.ts).
 */

import { nextShuffle, placeBy, see, seeUnhallowedTop } from '../setawatch/knowledge.ts';
import type { RunContext } from './context.ts';
import type { Market } from './market.ts';
import type { Party } from './party.ts';
import type { SideQuests } from './quests.ts';
import { STARTING_FIRE } from './rules.ts';
import { MAX_PARTY, type RealmTables, Where } from './state.ts';
import type { Summons } from './summons.ts';

/** The locations of each of the Realm's first two expeditions. */
const MAP_STACK = 4;

export class RealmSetup {
  constructor(
    private readonly run: RunContext,
    private readonly party: Party,
    private readonly market: Market,
    private readonly quests: SideQuests,
    private readonly summons: Summons,
  ) {}

  /** Set up Realm `realm`; false when no Party of 4 can be fielded (the Run is lost). */
  setUp(realm: number): boolean {
    const run = this.run;
    const c = run.camp;
    const r = run.tables.realms[realm - 1];
    this.openEnvelope(realm);
    // 3. Select Adventurers (the Side Quest of step 2 is resolved once the Party is known).
    if (!this.party.select(realm)) return false;
    this.dealCreatures(r);
    this.summons.inRealm = true;
    this.dealUnhallowed(r);
    this.dealMap(r);
    this.dealUnusedLocations(realm);
    // 7. Starting Doom and fire.
    c.doom = r.doom;
    c.doomMax = Math.max(c.doomMax, c.doom);
    run.rules.state.fire = STARTING_FIRE;
    // 8-9. The Merchant ("take all the coins" to the Bank) and the Market.
    c.coins = 0;
    this.market.refillCoinSpots();
    this.market.stock();
    // 10. The Warden's Boon.
    if (c.warden >= 0) this.applyBoon(realm);
    // 2. The Side Quest: "shuffle all available Side Quest cards together", in every variant.
    c.questDeck.shuffle(run.random.streams.campaign);
    this.quests.select();
    run.log?.write(`Realm ${realm}: Doom ${c.doom}, ${c.summonCount} Summon card(s) [${this.summonText()}], Party ${this.party.partyText()}${c.warden >= 0 ? `, Warden ${run.advName(c.warden)}` : ''}`);
    run.hooks.reachedCheckpoint('realm set-up');
    return true;
  }

  /**
   * Envelopes: the Realm's Side Quests join the deck (first Run, Curated Run), but for those tied to an Adventurer
   * already met (the starting six's own, as a Random Run removes its six's), which leave the Run.
   */
  private openEnvelope(realm: number): void {
    if (this.run.variant !== 'first' && this.run.variant !== 'curated') return;
    const c = this.run.camp;
    const quests = this.run.tables.quests;
    for (let q = 0; q < quests.length; q++) {
      if (quests[q].realm !== realm) continue;
      const tied = quests[q].tiedTo;
      if (tied >= 0 && c.where[tied] !== Where.absent) c.questOut.push(q);
      else c.questDeck.push(q);
    }
  }

  /** 4. The Creature deck: the Realm's list and each Party member's Nemesis pair, one Summon in each pile. */
  private dealCreatures(r: RealmTables): void {
    const c = this.run.camp;
    const scratch = this.run.scratch;
    let n = 0;
    for (const card of r.creatures) scratch[n++] = card;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      for (const card of this.run.tables.nemesis[c.party[seat]]) {
        let present = false;
        for (let i = 0; i < n; i++) if (scratch[i] === card) present = true;
        if (!present) scratch[n++] = card;
      }
    }
    this.summons.dealWithRunSummons(n);
    for (let i = 0; i < c.summonCount; i++) this.run.met.card[c.summons[i]] = 1;
  }

  /** 5. The Unhallowed: one to the Horde, seven on top of what is left from the previous Realm; the Husks. */
  private dealUnhallowed(r: RealmTables): void {
    const s = this.run.rules.state;
    const scratch = this.run.scratch;
    const met = this.run.met.card;
    let n = 0;
    for (const card of r.unhallowed) scratch[n++] = card;
    this.run.random.streams.campaign.shuffle(scratch, 0, n);
    s.horde.push(scratch[0]);
    for (let i = 1; i < n; i++) s.unhallowedDeck.push(scratch[i]);
    // The Realm's Unhallowed share one shuffle; those left from earlier Realms keep what the party knew of them (until
    // a reset shuffles the whole deck to draw the Horde's card).
    const shuffle = nextShuffle(s);
    for (let i = 0; i < n; i++) placeBy(s, scratch[i], shuffle);
    seeUnhallowedTop(s);
    for (let i = 0; i < n; i++) met[scratch[i]] = 1;
    for (const card of r.graveyard) {
      s.graveyard.push(card);
      see(s, card);
      met[card] = 1;
    }
  }

  /**
   * 6a. The Map deck: two stacks of 4 (each ending in a Game Break), the rest over the Final Location (a card file
   * names at least 8 locations a Realm).
   */
  private dealMap(r: RealmTables): void {
    const c = this.run.camp;
    const scratch = this.run.scratch;
    let n = 0;
    for (const location of r.locations) scratch[n++] = location;
    this.run.random.streams.campaign.shuffle(scratch, 0, n);
    c.realmMap.clear();
    c.realmMap.push(r.final);
    for (let i = n - 1; i >= 0; i--) c.realmMap.push(scratch[i]);
    c.stackSizes[0] = MAP_STACK;
    c.stackSizes[1] = MAP_STACK;
    c.stackSizes[2] = n - 2 * MAP_STACK + 1;
  }

  /** 6b. The Unused Location deck: six Respites and the previous Realm's locations. */
  private dealUnusedLocations(realm: number): void {
    const t = this.run.tables;
    const unused = this.run.rules.state.unusedLocations;
    unused.clear();
    for (const location of t.respites) unused.push(location);
    if (realm > 1) for (const location of t.realms[realm - 2].locations) unused.push(location);
    unused.shuffle(this.run.random.streams.campaign);
  }

  /** 10. The Warden's Boon (a refresh Boon acts at the start of each expedition instead). */
  private applyBoon(realm: number): void {
    const c = this.run.camp;
    const s = this.run.rules.state;
    const boon = this.run.tables.boons[c.warden];
    switch (boon.op) {
      case 'fire':
        s.fire = Math.min(15, s.fire + boon.amount);
        break;
      case 'coins':
        c.coins += boon.amount;
        break;
      case 'doom':
        this.summons.addDoom(boon.amount);
        break;
      case 'refresh':
        break;
    }
    this.run.log?.write(`  Warden ${this.run.advName(c.warden)}'s Boon (Realm ${realm}): ${boon.op}`);
  }

  private summonText(): string {
    const c = this.run.camp;
    const names: string[] = [];
    for (let i = 0; i < c.summonCount; i++) names.push(this.run.tables.cards.names[c.summons[i]]);
    return names.join(', ');
  }
}
