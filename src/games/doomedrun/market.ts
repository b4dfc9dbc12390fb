/**
 * The Merchant: coins and Items. Rulebook (RULES.md): Realm set-up steps 8-9 (coin spots, the Item deck and the
 * Market), Game Break steps 5-6 and the reset (coin spots refilled, the Market refreshed), "Coins" and "Market"
 * under Doomed Run mechanics (a visit at every camp, 2 Items per Adventurer, Mythic Items never bought). Coins
 * taken on Camp actions and Items used in a round are DoomedRules' (rules.ts).
 */

import type { RunContext } from './context.ts';
import { CampaignDecision } from './decisions.ts';
import { ITEM_LIMIT, MAX_PARTY } from './state.ts';

const MARKET_SIZE = 3;

export class Market {
  constructor(private readonly run: RunContext) {}

  /** A coin on each coin spot. */
  refillCoinSpots(): void {
    this.run.camp.coinSpots = (1 << this.run.content.rules.coinSpots.length) - 1;
  }

  /** Realm set-up step 9: every non-Mythic Item not carried is shuffled into the Item deck; 3 form the Market. */
  stock(): void {
    const c = this.run.camp;
    const items = this.run.tables.items;
    c.itemDeck.clear();
    c.market.clear();
    for (let i = 0; i < items.length; i++) if (!items[i].mythic && c.itemHolder[i] < 0) c.itemDeck.push(i);
    c.itemDeck.shuffle(this.run.random.streams.campaign);
    this.fill();
  }

  /** The Market goes under the Item deck; 3 new Items. */
  refresh(): void {
    const c = this.run.camp;
    while (c.market.size > 0) c.itemDeck.pushBottom(c.market.draw());
    this.fill();
  }

  private fill(): void {
    const c = this.run.camp;
    while (c.market.size < MARKET_SIZE && c.itemDeck.size > 0) {
      const item = c.itemDeck.draw();
      c.market.push(item);
      this.run.met.item[item] = 1;
    }
  }

  /** The Merchant, visited at every camp: buy Items from the Market (2 per Adventurer; Mythic Items aside). */
  visit(): void {
    const c = this.run.camp;
    const items = this.run.tables.items;
    const choices = this.run.choices;
    for (;;) {
      choices.clear();
      choices.add(-1);
      for (let i = 0; i < c.market.size; i++) {
        const item = c.market.at(i);
        if (items[item].price <= c.coins && this.hasRoom()) choices.add(item);
      }
      if (choices.count === 1) return;
      const item = choices.ask(CampaignDecision.purchase);
      if (item < 0) return;
      c.market.remove(item);
      c.coins -= items[item].price;
      this.give(item);
      this.run.log?.write(`  ${items[item].name} is bought (${c.coins} coins left)`);
    }
  }

  /** A Party member who may hold one more Item. */
  private canHold(seat: number): boolean {
    const c = this.run.camp;
    return c.party[seat] >= 0 && c.itemsHeld(c.party[seat], this.run.tables.items) < ITEM_LIMIT;
  }

  private hasRoom(): boolean {
    for (let seat = 0; seat < MAX_PARTY; seat++) if (this.canHold(seat)) return true;
    return false;
  }

  /** The Item goes to a Party member with room (the strategy's choice); false when nobody has room. */
  give(item: number): boolean {
    const c = this.run.camp;
    const choices = this.run.choices;
    choices.clear();
    for (let seat = 0; seat < MAX_PARTY; seat++) if (this.canHold(seat)) choices.add(seat);
    const seat = choices.ask(CampaignDecision.holder);
    if (seat < 0) return false;
    c.itemHolder[item] = c.party[seat];
    return true;
  }
}
