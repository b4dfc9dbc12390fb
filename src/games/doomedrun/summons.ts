/**
 * Doom and the Run's Summon cards between rounds. Rulebook (RULES.md): Realm set-up step 4 (the Creature deck dealt
 * in piles, one Summon each), Game Break step 3 and the reset after a loss (Summons out, the piles dealt again),
 * "Escalate Summons" (Side Quest costs, New Run+) and the Doom track (the reference's: Doom past its limit summons
 * an Unhallowed and resets). The Summon tiers' costs inside a round are DoomedRules' (rules.ts).
 */

import type { Deck } from '../../core/deck.ts';
import { Kind } from '../setawatch/cards.ts';
import { dealOntoDeck, loseOrder, nextShuffle, replaceCard } from '../setawatch/knowledge.ts';
import type { RunContext } from './context.ts';
import { CampaignDecision, ESCALATE_ADD } from './decisions.ts';

export class Summons {
  /** The creature piles a Summon card can be in between rounds (the deck, Graveyard, Horde and removed cards). */
  readonly piles: readonly Deck[];
  /** Set while a Realm's piles are dealt (Summons live in the piles). */
  inRealm = false;
  /** The Summon cards dealt by the next deal (the Run's, or those just removed from the piles). */
  private readonly pending = new Int16Array(8);

  constructor(private readonly run: RunContext) {
    const s = run.rules.state;
    this.piles = [s.deck, s.graveyard, s.horde, s.removed];
  }

  /** Moves every card of `pile` to `scratch[n..)`; returns the new count. */
  gather(pile: Deck, n: number): number {
    let next = n;
    while (pile.size > 0) this.run.scratch[next++] = pile.draw();
    return next;
  }

  /** Moves the pile's Summon cards to the pending Summons from index `from` on; returns the next free index. */
  take(pile: Deck, from: number): number {
    let next = from;
    for (let i = pile.size - 1; i >= 0; i--) if (this.run.tables.cards.kind[pile.at(i)] === Kind.summon) this.pending[next++] = pile.removeAt(i);
    return next;
  }

  /** Deals `scratch[0..n)` with the Run's Summon cards (Realm set-up, reset). */
  dealWithRunSummons(n: number): void {
    const c = this.run.camp;
    for (let i = 0; i < c.summonCount; i++) this.pending[i] = c.summons[i];
    this.deal(n, c.summonCount);
  }

  /** Shuffle `scratch[0..n)` and deal it in `piles` piles, one pending Summon each, the smaller piles at the bottom. */
  deal(n: number, piles: number): void {
    const scratch = this.run.scratch;
    const state = this.run.rules.state;
    const stream = this.run.random.streams.campaign;
    for (let i = 0; i < n; i++) this.run.met.card[scratch[i]] = 1;
    stream.shuffle(scratch, 0, n);
    if (piles === 0) {
      const shuffle = nextShuffle(state);
      for (let i = 0; i < n; i++) dealOntoDeck(state, scratch[i], shuffle);
      return;
    }
    const pile = scratch.subarray(n);
    const smaller = Math.floor(n / piles);
    const larger = n % piles;
    // The party knows each pile's Summon card, not which pile a gathered card went to (a seen one included).
    const split = nextShuffle(state);
    let next = 0;
    for (let p = 0; p < piles; p++) {
      const size = smaller + (p >= piles - larger ? 1 : 0);
      for (let i = 0; i < size; i++) pile[i] = scratch[next++];
      pile[size] = this.pending[p];
      stream.shuffle(pile, 0, size + 1);
      const shuffle = nextShuffle(state);
      for (let i = 0; i <= size; i++) dealOntoDeck(state, pile[i], shuffle, pile[i] === this.pending[p] ? 0 : split);
    }
  }

  /**
   * Doom changes. Whenever it exceeds its limit, it resets to 0 and an Unhallowed is summoned to the end of the Line,
   * or, with no Line (between rounds), to the next Line dealt.
   */
  addDoom(amount: number): void {
    const c = this.run.camp;
    c.doom = Math.max(0, c.doom + amount);
    c.doomMax = Math.max(c.doomMax, c.doom);
    const limit = this.run.content.rules.doomLimit;
    if (c.doom <= limit) return;
    this.run.log?.write(`  Doom ${c.doom} exceeds ${limit}: it resets, and an Unhallowed is summoned`);
    c.doom = 0;
    if (this.run.rules.hasLine()) this.run.rules.doomSummon();
    else c.doomSummonsPending++;
  }

  /** Escalate Summons: raise the tier of any of the Run's Summon cards that can go up, or add a Summon card (not beyond 4). */
  escalate(): void {
    const c = this.run.camp;
    const choices = this.run.choices;
    choices.clear();
    for (let i = 0; i < c.summonCount; i++) if (this.raisable(i)) choices.add(i);
    if (c.summonCount < 4 && this.freeSummon(1) >= 0) choices.add(ESCALATE_ADD);
    if (choices.count === 0) return;
    const choice = choices.ask(CampaignDecision.escalate);
    if (choice === ESCALATE_ADD) this.add();
    else this.raise(choice);
    this.run.met.card[c.summons[choice === ESCALATE_ADD ? c.summonCount - 1 : choice]] = 1;
  }

  /** The Run's Summon card `index` has a higher tier with a card not yet in the Run. */
  private raisable(index: number): boolean {
    const tier = this.run.tables.summonTier[this.run.camp.summons[index]];
    return tier < 3 && this.freeSummon(tier + 1) >= 0;
  }

  /** The Summon card `index` becomes the next tier's, which takes its place in its pile. */
  private raise(index: number): void {
    const c = this.run.camp;
    const t = this.run.tables;
    const old = c.summons[index];
    const card = this.freeSummon(t.summonTier[old] + 1);
    c.summons[index] = card;
    for (const pile of this.piles) {
      const at = pile.indexOf(old);
      if (at < 0) continue;
      pile.removeAt(at);
      pile.insertAtDepth(card, pile.size - at);
    }
    replaceCard(this.run.rules.state, card, old);
    this.run.log?.write(`  Escalate: ${t.cards.names[old]} becomes ${t.cards.names[card]}`);
  }

  /** A tier-1 Summon card joins the Run (at a random depth of the deck during a Realm). */
  private add(): void {
    const c = this.run.camp;
    const deck = this.run.rules.state.deck;
    const card = this.freeSummon(1);
    c.summons[c.summonCount++] = card;
    if (this.inRealm) {
      deck.insertAtDepth(card, this.run.random.streams.campaign.int(deck.size + 1));
      loseOrder(this.run.rules.state, deck);
    }
    this.run.log?.write(`  Escalate: a Summon card is added (${c.summonCount})`);
  }

  /** A Summon card of the tier not yet in the Run, or -1. */
  private freeSummon(tier: number): number {
    const c = this.run.camp;
    for (const card of this.run.tables.summonsByTier[tier] ?? []) {
      let used = false;
      for (let i = 0; i < c.summonCount; i++) if (c.summons[i] === card) used = true;
      if (!used) return card;
    }
    return -1;
  }
}
