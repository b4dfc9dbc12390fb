/**
 * The Party and the Company. Rulebook (RULES.md): Realm set-up step 3 (four picks, each dealt 5 Ability cards,
 * Wardens recalled when the Company is short), "Deaths" and replacements after every expedition, the Final Realm's
 * Party (Wardens of Realms 1-5; Realm 6's after a loss) and "Party between expeditions" (only the dead replaced).
 */

import { Slot, SLOTS_PER_SEAT } from '../setawatch/state.ts';
import type { RunContext } from './context.ts';
import { CampaignDecision } from './decisions.ts';
import { MAX_PARTY, REALMS, Where } from './state.ts';

export class Party {
  constructor(private readonly run: RunContext) {}

  /** Four Party members from the Company (and in the Final Realm the Wardens of Realms 1-5). */
  select(realm: number): boolean {
    const choices = this.run.choices;
    this.recallIfShort();
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      choices.clear();
      this.listCandidates(realm);
      if (choices.count === 0) return false;
      this.seat(seat, choices.ask(CampaignDecision.party));
    }
    return true;
  }

  /** Offers the Company and, in the Final Realm, the Wardens who may join it. */
  private listCandidates(realm: number): void {
    const c = this.run.camp;
    for (let a = 0; a < c.where.length; a++) if (c.where[a] === Where.company || (realm === REALMS && this.finalRealmWarden(a))) this.run.choices.add(a);
  }

  /** A Warden of Realms 1-5 (not the current one), or Realm 6's once the Final Realm has been lost. */
  private finalRealmWarden(a: number): boolean {
    const c = this.run.camp;
    if (c.where[a] !== Where.warden) return false;
    if (a !== c.warden && c.wardenOf[a] >= 1 && c.wardenOf[a] <= 5) return true;
    return c.wardenOf[a] === 6 && c.finalRealmLost;
  }

  /**
   * A Company below 4 recalls Wardens, any of them ("any Warden"): recalling the current one ends its Boon (a Warden
   * cannot match an Adventurer in play). The Final Realm keeps its own rule for the Warden of Realm 6.
   */
  private recallIfShort(): void {
    const c = this.run.camp;
    const choices = this.run.choices;
    while (c.fieldable() < MAX_PARTY) {
      choices.clear();
      for (let a = 0; a < c.where.length; a++) if (c.where[a] === Where.warden && (c.realm < REALMS || this.finalRealmWarden(a))) choices.add(a);
      if (choices.count === 0) return;
      const a = choices.ask(CampaignDecision.recall);
      if (a === c.warden) c.warden = -1;
      c.where[a] = Where.company;
      this.run.log?.write(`  ${this.run.advName(a)} leaves the Wardens and rejoins the Company`);
    }
  }

  /** Put an adventurer in a seat with freshly dealt Ability cards: 2 face up, 1 exhausted, 2 aside. */
  seat(seat: number, adventurer: number): void {
    const run = this.run;
    const c = run.camp;
    const t = run.tables;
    run.rules.forgetBorrowed(seat);
    run.rules.reclaim(adventurer);
    // The Warden of Realm 6 joining the Final Realm's Party after a loss: its Boon stops.
    if (adventurer === c.warden) c.warden = -1;
    c.party[seat] = adventurer;
    c.where[adventurer] = Where.party;
    run.met.adventurer[adventurer] = 1;
    run.rules.tables.adventurers[seat] = t.adventurers[adventurer];
    this.dealAbilities(seat, adventurer);
    run.rules.state.rests[seat] = 0;
    if (c.mythicUnlocked[adventurer] === 1 && t.mythicOf[adventurer] >= 0) c.itemHolder[t.mythicOf[adventurer]] = adventurer;
  }

  /** The adventurer's 5 Ability cards shuffled: 3 on the board, one of them exhausted, 2 aside. */
  private dealAbilities(seat: number, adventurer: number): void {
    const s = this.run.rules.state;
    const scratch = this.run.scratch;
    const cards = this.run.tables.adventurers[adventurer].abilities;
    const stream = this.run.random.streams.campaign;
    for (let i = 0; i < SLOTS_PER_SEAT; i++) scratch[i] = cards[i];
    stream.shuffle(scratch, 0, SLOTS_PER_SEAT);
    const exhausted = stream.int(3);
    for (let i = 0; i < SLOTS_PER_SEAT; i++) {
      const slot = seat * SLOTS_PER_SEAT + i;
      s.slotCard[slot] = scratch[i];
      s.slotState[slot] = i >= 3 ? Slot.reserve : i === exhausted ? Slot.exhausted : Slot.active;
    }
  }

  /** Adventurers with every Ability card on their board exhausted die; their Items go under the Item deck. */
  buryDead(): void {
    const c = this.run.camp;
    const s = this.run.rules.state;
    const items = this.run.tables.items;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      const a = c.party[seat];
      if (a < 0 || s.activeCards(seat) > 0) continue;
      c.where[a] = Where.dead;
      c.countDeath();
      c.party[seat] = -1;
      for (let i = 0; i < items.length; i++) {
        if (c.itemHolder[i] !== a) continue;
        c.itemHolder[i] = -1;
        if (!items[i].mythic) c.itemDeck.pushBottom(i);
      }
      this.run.rules.releaseTamedOf(seat, s.graveyard);
      this.run.log?.write(`  ${this.run.advName(a)} dies`);
    }
  }

  /** Fill empty seats from the Company (chosen, or at random with random reinforcements); false when impossible. */
  replaceDead(): boolean {
    const c = this.run.camp;
    const choices = this.run.choices;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      if (c.party[seat] >= 0) continue;
      this.recallIfShort();
      choices.clear();
      this.listCandidates(c.realm);
      if (choices.count === 0) return false;
      const a = this.run.settings.reinforcements === 'random' ? choices.at(this.run.random.streams.campaign.int(choices.count)) : choices.ask(CampaignDecision.replacement);
      this.seat(seat, a);
      this.run.log?.write(`  ${this.run.advName(a)} replaces the fallen`);
    }
    return true;
  }

  /** One exhausted Ability card of a Party member (the strategy's choice of member) is refreshed. */
  refreshOne(): void {
    const rules = this.run.rules;
    const choices = this.run.choices;
    choices.clear();
    for (let seat = 0; seat < MAX_PARTY; seat++) if (this.run.camp.party[seat] >= 0 && rules.firstSlot(seat, Slot.exhausted) >= 0) choices.add(seat);
    const seat = choices.ask(CampaignDecision.refresh);
    if (seat < 0) return;
    rules.state.slotState[rules.firstSlot(seat, Slot.exhausted)] = Slot.active;
  }

  /** The Party for the log: each member with their active cards. */
  partyText(): string {
    const c = this.run.camp;
    const names: string[] = [];
    for (let seat = 0; seat < MAX_PARTY; seat++) if (c.party[seat] >= 0) names.push(`${this.run.advName(c.party[seat])} (${this.run.rules.state.activeCards(seat)} active)`);
    return names.join(', ');
  }

  /** The Company (Party included) for the log. */
  companyText(): string {
    const c = this.run.camp;
    const names: string[] = [];
    for (let a = 0; a < c.where.length; a++) if (c.where[a] === Where.company || c.where[a] === Where.party) names.push(this.run.advName(a));
    return names.join(', ');
  }
}
