/**
 * Side Quests. Rulebook (RULES.md): Realm set-up step 2 and Game Break step 2 (draw 3: one attempted, its cost paid,
 * one back on top, one out of the Run), Game Break step 1 and the end of a Realm (the reward), the reset (the Side
 * Quest under the deck, a new one drawn) and the Side Quest estimation rules (costs and rewards).
 */

import { Slot } from '../setawatch/state.ts';
import type { QuestCost, QuestReward } from './content.ts';
import type { RunContext } from './context.ts';
import { CampaignDecision } from './decisions.ts';
import type { Market } from './market.ts';
import type { Party } from './party.ts';
import { MAX_PARTY, Where } from './state.ts';
import type { Summons } from './summons.ts';

/** Side Quests drawn at a time. */
const DRAW = 3;

export class SideQuests {
  constructor(
    private readonly run: RunContext,
    private readonly party: Party,
    private readonly market: Market,
    private readonly summons: Summons,
  ) {}

  /** Draw 3: one to attempt (its cost is paid now), one back on top, one out of the Run. */
  select(): void {
    const c = this.run.camp;
    const drawn = this.draw();
    c.currentQuest = -1;
    if (drawn === 0) return;
    const scratch = this.run.scratch;
    const base = scratch.length - 8;
    const choices = this.run.choices;
    choices.clear();
    for (let i = 0; i < drawn; i++) choices.add(scratch[base + i]);
    const keep = choices.ask(CampaignDecision.sideQuestKeep);
    choices.clear();
    for (let i = 0; i < drawn; i++) if (scratch[base + i] !== keep) choices.add(scratch[base + i]);
    const top = choices.ask(CampaignDecision.sideQuestTop);
    for (let i = 0; i < drawn; i++) {
      const q = scratch[base + i];
      if (q === top) c.questDeck.push(q);
      else if (q !== keep) c.questOut.push(q);
    }
    c.currentQuest = keep;
    const quest = this.run.tables.quests[keep];
    this.run.log?.write(`  Side Quest: ${quest.name}`);
    for (const cost of quest.cost) this.payCost(cost);
  }

  /** Up to 3 Side Quests from the deck into the last 8 entries of scratch; returns how many. */
  private draw(): number {
    const c = this.run.camp;
    const scratch = this.run.scratch;
    const base = scratch.length - 8;
    let drawn = 0;
    while (drawn < DRAW && c.questDeck.size > 0) {
      const q = c.questDeck.draw();
      scratch[base + drawn++] = q;
      this.run.met.quest[q] = 1;
    }
    return drawn;
  }

  private payCost(cost: QuestCost): void {
    const c = this.run.camp;
    const s = this.run.rules.state;
    switch (cost.op) {
      case 'exhaustEach':
        for (let seat = 0; seat < MAX_PARTY; seat++) {
          const slot = this.run.rules.firstSlot(seat, Slot.active);
          if (slot >= 0) s.slotState[slot] = Slot.exhausted;
        }
        return;
      case 'fire':
        return this.changeFire(cost.amount);
      case 'doom':
        return this.summons.addDoom(cost.amount);
      case 'coins':
        c.coins = Math.max(0, c.coins + cost.amount);
        return;
      case 'escalate':
        return this.summons.escalate();
    }
  }

  /** The current Side Quest back in the Side Quest deck, its reward not gained. */
  returnUnrewarded(): void {
    const c = this.run.camp;
    if (c.currentQuest < 0) return;
    this.run.log?.write(`  Side Quest ${this.run.tables.quests[c.currentQuest].name} goes back to the deck unrewarded`);
    c.questDeck.push(c.currentQuest);
    c.currentQuest = -1;
  }

  /** The current Side Quest's reward; the card leaves the Run. */
  reward(): void {
    const c = this.run.camp;
    if (c.currentQuest < 0) return;
    const quest = this.run.tables.quests[c.currentQuest];
    c.questOut.push(c.currentQuest);
    c.currentQuest = -1;
    for (const reward of quest.reward) this.gain(reward);
    this.run.log?.write(`  Side Quest ${quest.name} completed`);
  }

  private gain(reward: QuestReward): void {
    const c = this.run.camp;
    switch (reward.op) {
      case 'join':
        return this.join(this.run.tables.adventurerIds.indexOf(reward.adventurer));
      case 'mythic':
        return this.unlockMythic(this.run.tables.adventurerIds.indexOf(reward.adventurer));
      case 'coins':
        c.coins += reward.amount;
        return;
      case 'fire':
        return this.changeFire(reward.amount);
      case 'doom':
        return this.summons.addDoom(reward.amount);
      case 'refresh':
        for (let i = 0; i < reward.count; i++) this.party.refreshOne();
        return;
      case 'item':
        return this.gainItem();
    }
  }

  /** A newcomer not yet in the Run joins the Company. */
  private join(a: number): void {
    const c = this.run.camp;
    if (c.where[a] !== Where.absent) return;
    c.where[a] = Where.company;
    this.run.log?.write(`  ${this.run.advName(a)} joins the Company`);
  }

  /** A living adventurer of the Run unlocks their Mythic Item (and holds it). */
  private unlockMythic(a: number): void {
    const c = this.run.camp;
    const t = this.run.tables;
    if (c.where[a] === Where.absent || c.where[a] === Where.dead || c.mythicUnlocked[a] === 1) return;
    c.mythicUnlocked[a] = 1;
    if (t.mythicOf[a] < 0) return;
    c.itemHolder[t.mythicOf[a]] = a;
    this.run.met.item[t.mythicOf[a]] = 1;
    this.run.log?.write(`  ${this.run.advName(a)} unlocks ${t.items[t.mythicOf[a]].name}`);
  }

  /** The top Item of the Item deck goes to a Party member with room (else back under the deck). */
  private gainItem(): void {
    const c = this.run.camp;
    const item = c.itemDeck.draw();
    if (item < 0) return;
    this.run.met.item[item] = 1;
    if (!this.market.give(item)) c.itemDeck.pushBottom(item);
  }

  /** A Side Quest's fire cost or reward (the fire stays within 1-15). */
  private changeFire(amount: number): void {
    const s = this.run.rules.state;
    s.fire = Math.max(1, Math.min(15, s.fire + amount));
  }
}
