/**
 * Expeditions. Rulebook (RULES.md "Expeditions, Game Breaks, losses"): an expedition's rounds (played by the Set a
 * Watch engine through DoomedRules), deaths and replacements after it, the Game Break card's 7 steps between
 * expeditions, and a loss: the Line's damage, the reset and the replay until the expedition is beaten.
 */

import type { Deck } from '../../core/deck.ts';
import { Kind } from '../setawatch/cards.ts';
import { loseOrder, see, seeAll, seeUnhallowedTop } from '../setawatch/knowledge.ts';
import { Slot, SLOTS_PER_SEAT, Status } from '../setawatch/state.ts';
import type { RunContext } from './context.ts';
import { CampaignDecision } from './decisions.ts';
import type { Market } from './market.ts';
import type { Party } from './party.ts';
import type { SideQuests } from './quests.ts';
import { STARTING_FIRE } from './rules.ts';
import { MAX_PARTY, REALMS } from './state.ts';
import type { Summons } from './summons.ts';

/** A Run that keeps losing the same expedition is called lost after this many attempts (never reached in practice). */
export const MAX_ATTEMPTS = 40;

export class Expeditions {
  constructor(
    private readonly run: RunContext,
    private readonly party: Party,
    private readonly quests: SideQuests,
    private readonly market: Market,
    private readonly summons: Summons,
  ) {}

  /** Play the expedition until it is beaten; false when the Run is lost. */
  playUntilBeaten(expedition: number): boolean {
    const c = this.run.camp;
    const s = this.run.rules.state;
    this.summons.inRealm = true;
    this.dealMap(expedition);
    c.attempts = 0;
    // The first expedition of a Realm ignores its first location's fire; after a Game Break it applies.
    let applyFire = expedition > 1;
    for (;;) {
      c.attempts++;
      c.expeditionsPlayed++;
      if (c.attempts > MAX_ATTEMPTS) return false;
      if (this.playAttempt(expedition, applyFire)) {
        s.status = Status.playing;
        c.expeditionsCleared++;
        this.party.buryDead();
        // The dead are replaced at the Game Break, once its Side Quest reward is gained (a newcomer may fill the seat);
        // after a Realm's last expedition the Party is chosen anew at the next set-up (and scored in Realm 7).
        return true;
      }
      if (c.realm === REALMS) c.finalRealmLost = true;
      if (s.status === Status.lostSummon) this.lineDamage();
      s.status = Status.playing;
      this.party.buryDead();
      if (!this.party.replaceDead()) return false;
      this.reset();
      applyFire = false;
    }
  }

  /** The expedition's stack of the Realm's Map on the engine's map deck. */
  private dealMap(expedition: number): void {
    const c = this.run.camp;
    const s = this.run.rules.state;
    const scratch = this.run.scratch;
    const size = c.stackSizes[expedition - 1];
    s.mapDeck.clear();
    for (let i = 0; i < size; i++) scratch[i] = c.realmMap.draw();
    for (let i = size - 1; i >= 0; i--) s.mapDeck.push(scratch[i]);
    c.visited.clear();
  }

  /** One attempt: rounds until the map runs out or the expedition is lost; true when beaten. */
  private playAttempt(expedition: number, applyFire: boolean): boolean {
    const run = this.run;
    const c = run.camp;
    const s = run.rules.state;
    this.begin();
    run.log?.write(`Realm ${c.realm}, expedition ${expedition}${c.attempts > 1 ? ` (attempt ${c.attempts})` : ''}: fire ${s.fire}, Doom ${c.doom}, coins ${c.coins}; Party ${this.party.partyText()}`);
    for (let round = 1; s.status === Status.playing && s.mapDeck.size > 0; round++) {
      run.rules.playCarriedRound(round, round === 1 && applyFire);
      c.visited.push(s.location);
      run.met.location[s.location] = 1;
    }
    const won = s.status === Status.playing || s.status === Status.won;
    run.log?.write(`  ${won ? 'beaten' : s.status === Status.lostSummon ? 'lost: a Summon with no Unhallowed left' : 'lost: every Adventurer on Watch exhausted'} after ${c.visited.size} round(s): fire ${s.fire}, Horde ${s.horde.size}, visited ${this.locationsText(c.visited)}`);
    return won;
  }

  private locationsText(pile: Deck): string {
    const names: string[] = [];
    for (let i = 0; i < pile.size; i++) names.push(this.run.tables.cards.locations[pile.at(i)].name);
    return names.join(', ');
  }

  /** The start of an expedition: a clear Line, Items usable again, the Warden's refresh Boon. */
  begin(): void {
    const c = this.run.camp;
    const s = this.run.rules.state;
    this.run.choices.startWatchGame();
    s.status = Status.playing;
    s.camper = -1;
    s.lineLength = 0;
    s.restartCard = -1;
    s.onWatch.fill(0);
    s.inCombat.fill(0);
    c.itemUsed.fill(0);
    if (c.warden >= 0) {
      const boon = this.run.tables.boons[c.warden];
      if (boon.op === 'refresh') for (let i = 0; i < boon.count; i++) this.party.refreshOne();
    }
  }

  /**
   * Lost to a Summon: the Line's damage exhausts cards of the Adventurers on Watch; the Line goes to the Horde, every
   * card seen (the party reads each one's damage).
   */
  lineDamage(): void {
    const s = this.run.rules.state;
    const choices = this.run.choices;
    let damage = 0;
    for (let i = 0; i < s.lineLength; i++) {
      damage += this.run.tables.cards.damage[s.lineCard[i]];
      see(s, s.lineCard[i]);
      s.horde.push(s.lineCard[i]);
    }
    s.lineLength = 0;
    this.run.log?.write(`  the Line deals ${damage} more damage`);
    for (let i = 0; i < damage; i++) {
      choices.clear();
      for (let seat = 0; seat < MAX_PARTY; seat++) if (s.onWatch[seat] === 1 && s.activeCards(seat) > 0) choices.add(seat);
      const seat = choices.ask(CampaignDecision.lossExhaust);
      if (seat < 0) return;
      s.slotState[this.run.rules.firstSlot(seat, Slot.active)] = Slot.exhausted;
    }
  }

  /** Losing an Expedition: after a loss, Adventurers, Side Quest, Creature deck, Horde, map, fire, coins and Market are reset. */
  reset(): void {
    const c = this.run.camp;
    const s = this.run.rules.state;
    c.countReset();
    this.resetBoards();
    if (this.run.settings.lossRests === 'return') s.rests.fill(0);
    if (c.currentQuest >= 0) c.questDeck.pushBottom(c.currentQuest);
    const questFirst = this.run.settings.resetQuestCost === 'before';
    if (questFirst) this.quests.select();
    this.resetCreatures();
    for (let i = c.visited.size - 1; i >= 0; i--) s.mapDeck.push(c.visited.at(i));
    c.visited.clear();
    s.fire = STARTING_FIRE;
    this.market.refillCoinSpots();
    this.market.refresh();
    if (!questFirst) this.quests.select();
    this.run.log?.write(`  reset: the expedition is replayed (Doom ${c.doom})`);
    this.run.hooks.reachedCheckpoint('reset');
  }

  /** Every board card refreshed, then one at random exhausted per adventurer. */
  private resetBoards(): void {
    const s = this.run.rules.state;
    const scratch = this.run.scratch;
    const stream = this.run.random.streams.campaign;
    for (let seat = 0; seat < MAX_PARTY; seat++) {
      let board = 0;
      for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) {
        if (s.slotState[slot] === Slot.reserve) continue;
        s.slotState[slot] = Slot.active;
        scratch[board++] = slot;
      }
      if (board > 0) s.slotState[scratch[stream.int(board)]] = Slot.exhausted;
    }
  }

  /** Summons out; Unhallowed under the Unhallowed deck; Graveyard and Horde into the deck; Summons dealt back. */
  private resetCreatures(): void {
    const s = this.run.rules.state;
    const kind = this.run.tables.cards.kind;
    for (const pile of [s.deck, s.graveyard, s.horde]) seeAll(s, pile);
    for (const pile of this.summons.piles) {
      for (let i = pile.size - 1; i >= 0; i--) {
        const card = pile.at(i);
        if (kind[card] === Kind.summon) pile.removeAt(i);
        else if (kind[card] === Kind.unhallowed && pile !== s.removed) s.unhallowedDeck.pushBottom(pile.removeAt(i));
      }
    }
    const n = this.summons.gather(s.horde, this.summons.gather(s.graveyard, this.summons.gather(s.deck, 0)));
    this.summons.dealWithRunSummons(n);
    this.drawHordeCard();
    seeUnhallowedTop(s);
  }

  /**
   * The Horde is one random card of the Unhallowed deck (RULES.md, `resetHorde`): by default drawn as a player draws
   * a random card of a face-up deck, shuffling it face down and taking the top; or picked from a random place. Either
   * way the party no longer knows the order (with a pick, not which card left it: its rollouts know less than it).
   */
  private drawHordeCard(): void {
    const s = this.run.rules.state;
    const deck = s.unhallowedDeck;
    const stream = this.run.random.streams.campaign;
    // Before the draw, so that the card drawn is as unknown among them as the rest.
    loseOrder(s, deck);
    if (deck.size === 0) return;
    if (this.run.settings.resetHorde === 'pick') {
      s.horde.push(deck.removeAt(stream.int(deck.size)));
      return;
    }
    deck.shuffle(stream);
    s.horde.push(deck.draw());
  }

  /**
   * The 7 steps of a Game Break; false when the won expedition's dead cannot be replaced (the Run is lost). They are
   * replaced once the reward is gained ("before proceeding to the next expedition"), so a newcomer can fill a seat,
   * and before the new Side Quest, whose cost the whole Party pays.
   */
  gameBreak(): boolean {
    const c = this.run.camp;
    const s = this.run.rules.state;
    this.run.log?.write(`Game Break`);
    this.quests.reward();
    if (!this.party.replaceDead()) return false;
    this.quests.select();
    seeAll(s, s.deck);
    const removed = this.summons.take(s.graveyard, this.summons.take(s.deck, 0));
    this.summons.deal(this.summons.gather(s.graveyard, this.summons.gather(s.deck, 0)), removed);
    for (let i = 0; i < c.visited.size; i++) s.unusedLocations.push(c.visited.at(i));
    c.visited.clear();
    s.unusedLocations.shuffle(this.run.random.streams.campaign);
    this.market.refillCoinSpots();
    this.market.refresh();
    this.run.hooks.reachedCheckpoint('game break');
    return true;
  }
}
