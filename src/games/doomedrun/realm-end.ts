/**
 * The end of a Realm. Rulebook (RULES.md "End of a Realm"): the Side Quest's reward, every creature, Summon,
 * Unhallowed outside the Unhallowed deck, tamed and out-of-game card back in the box, the Warden (with at least 5
 * living adventurers) who keeps their Items, the others' non-Mythic Items discarded. The Final Realm's own rules are
 * in party.ts (who may join its Party) and rules.ts (Molting); its Party is scored (scoring.ts).
 */

import { leavePlay, renumberShuffles } from '../setawatch/knowledge.ts';
import type { RunContext } from './context.ts';
import { CampaignDecision } from './decisions.ts';
import type { SideQuests } from './quests.ts';
import { MAX_PARTY, REALMS, Where } from './state.ts';
import type { Summons } from './summons.ts';

/** A Warden is chosen only when at least this many adventurers can be fielded. */
const WARDEN_MIN_COMPANY = 5;

export class RealmEnd {
  constructor(
    private readonly run: RunContext,
    private readonly quests: SideQuests,
    private readonly summons: Summons,
  ) {}

  /** The end of a Realm: reward, everything back in the box but the Unhallowed deck, the Warden. */
  end(realm: number): void {
    const c = this.run.camp;
    if (this.run.settings.realmEndQuest === 'unrewarded') this.quests.returnUnrewarded();
    else this.quests.reward();
    this.summons.inRealm = false;
    this.run.lastParty.set(c.party);
    this.boxCards();
    c.warden = -1;
    if (realm < REALMS && c.fieldable() >= WARDEN_MIN_COMPANY) this.chooseWarden(realm);
    else this.run.log?.write(`End of Realm ${realm}${realm < REALMS ? ': no Warden (Company below 5)' : ''}`);
    this.disbandParty();
  }

  /** Every creature, Summon, Unhallowed outside the Unhallowed deck, tamed card and location back in the box. */
  private boxCards(): void {
    const c = this.run.camp;
    const s = this.run.rules.state;
    for (let seat = 0; seat < MAX_PARTY; seat++) this.run.rules.releaseTamedOf(seat, s.removed);
    // Sorted into the box behind their dividers, face-down ones too (the Horde's Unhallowed, one Vanquished unseen):
    // the party knows which of its Unhallowed are left under the deck, so rollouts never deal a boxed card back.
    for (const pile of this.summons.piles) {
      for (let i = 0; i < pile.size; i++) leavePlay(s, pile.at(i));
      pile.clear();
    }
    for (let i = 0; i < s.lineLength; i++) leavePlay(s, s.lineCard[i]);
    renumberShuffles(s);
    s.tamed.clear();
    s.lineLength = 0;
    s.mapDeck.clear();
    c.visited.clear();
    c.realmMap.clear();
  }

  /** A Party member (the strategy's choice) becomes the Warden and leaves the Company. */
  private chooseWarden(realm: number): void {
    const c = this.run.camp;
    const choices = this.run.choices;
    choices.clear();
    for (let seat = 0; seat < MAX_PARTY; seat++) if (c.party[seat] >= 0) choices.add(c.party[seat]);
    const warden = choices.ask(CampaignDecision.warden);
    c.warden = warden;
    c.where[warden] = Where.warden;
    c.wardenOf[warden] = realm;
    this.run.log?.write(`End of Realm ${realm}: ${this.run.advName(warden)} becomes the Warden`);
  }

  /** The Party returns to the Company, discarding non-Mythic Items (the Warden keeps theirs). */
  private disbandParty(): void {
    const c = this.run.camp;
    const items = this.run.tables.items;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      const a = c.party[seat];
      if (a < 0) continue;
      if (a !== c.warden) {
        c.where[a] = Where.company;
        for (let i = 0; i < items.length; i++) if (c.itemHolder[i] === a && !items[i].mythic) c.itemHolder[i] = -1;
      }
      c.party[seat] = -1;
    }
  }
}
