import { Deck } from '../../core/deck.ts';
import type { GameLog } from '../../core/game.ts';
import type { RandomStream } from '../../core/rng.ts';
import type { Ask } from './ask.ts';
import type { CardTable } from './cards.ts';
import { Zone, type GameState } from './state.ts';

/** Where secret caches go in the adventure deck (the rulebook's Scaling Play levels and the `caches` setting). */
export type CacheMode = 'none' | 'upper' | 'lower' | 'both' | 'shuffled-1' | 'shuffled-2';

/** How many secret caches each placement puts into the adventure deck. */
export const CACHES_PLACED: Readonly<Record<CacheMode, number>> = { none: 0, upper: 1, lower: 1, both: 2, 'shuffled-1': 1, 'shuffled-2': 2 };
export type AgentCreation = 'premade' | 'keep3' | 'draft';
export type NoTimeToWaste = 'off' | 'random' | 'dealt';

/** Everything the set-up depends on, derived once from the settings. */
export interface SetUpRules {
  readonly agents: number;
  readonly players: number;
  /** The How To Play deck (piles by card number) rather than the experienced set-up (shuffled piles). */
  readonly howToPlayDeck: boolean;
  readonly agentCreation: AgentCreation;
  readonly caches: CacheMode;
  readonly noTimeToWaste: NoTimeToWaste;
}

/** The countdown's starting space by team size (1 = 11, 2 = 9, 3 = 7, 4 = 5; Five Players/Agents: 4). */
export const STARTING_COUNTDOWN = [0, 11, 9, 7, 5, 4] as const;
export const UNCERTAIN_ENDING_STEPS = 3;
export const NO_TIME_TO_WASTE_STEPS = 5;
export const NO_TIME_TO_WASTE_CARDS = 24;

/**
 * Where the countdown starts: the space for the team size, less the steps the variants instruct (3 and 5). The
 * marker moves "toward zero" and stops there: the tracker has no space below zero.
 */
export function countdownAfterVariants(agents: number, uncertainEnding: boolean, noTimeToWaste: NoTimeToWaste): number {
  let countdown = STARTING_COUNTDOWN[agents];
  if (uncertainEnding) countdown -= UNCERTAIN_ENDING_STEPS;
  if (noTimeToWaste !== 'off') countdown -= NO_TIME_TO_WASTE_STEPS;
  return Math.max(0, countdown);
}

/**
 * The lowest start the rules can play: one turn, or zero with An Uncertain Ending (where a turn at zero is played
 * and ends with a die roll; "You can use this variant in tandem with any other variant").
 */
export function lowestPlayableCountdown(uncertainEnding: boolean): number {
  return uncertainEnding ? 0 : 1;
}
const HAND_SIZE = 4;
const STARTING_SKILLS = 3;
const PILES = 3;

/**
 * Builds the island (the adventure deck) and the agents at the start of a game, from the `deck` and `skills`
 * streams. Card moves go through the state's piles and zones; the decisions (keep, swap, draft, No Time To Waste
 * returns) go through Ask.
 */
export class SetUp {
  /** Scratch list of card ids, reused by every game. */
  private readonly list: Int16Array;
  /** The secret caches not placed yet (they stay aside, unused, when the set-up is done). */
  private readonly caches: Deck;

  constructor(
    private readonly cards: CardTable,
    private readonly state: GameState,
    private readonly ask: Ask,
    private readonly rules: SetUpRules,
    private readonly log: GameLog | null,
  ) {
    this.list = new Int16Array(cards.count);
    this.caches = new Deck(cards.count);
  }

  // --- Agents ---

  /** Gives every agent its three starting skills and makes the skill deck. */
  createAgents(skillStream: RandomStream): void {
    const s = this.state;
    if (this.rules.agentCreation === 'premade') this.takePremade();
    for (let card = this.cards.skillStart; card < this.cards.skillEnd; card++) {
      if (s.zone[card] === Zone.aside) this.move(card, s.skillDeck, Zone.skillDeck);
    }
    s.skillDeck.shuffle(skillStream);
    if (this.rules.agentCreation === 'premade') this.completeFromDeck();
    else if (this.rules.agentCreation === 'keep3') this.dealKeepThree();
    else this.silentDraft();
  }

  private takePremade(): void {
    const premade = this.cards.premade;
    for (let agent = 0; agent < this.rules.agents && agent < premade.length; agent++) {
      for (let i = 0; i < STARTING_SKILLS; i++) this.placeSkill(agent, premade[agent][i]);
    }
  }

  /** Agents the How To Play list has no skill set for (a fifth agent) get the top three skill cards. */
  private completeFromDeck(): void {
    for (let agent = this.cards.premade.length; agent < this.rules.agents; agent++) {
      for (let i = 0; i < STARTING_SKILLS; i++) this.placeSkill(agent, this.state.skillDeck.draw());
    }
  }

  private dealHands(): void {
    const s = this.state;
    for (let agent = 0; agent < this.rules.agents; agent++) {
      for (let i = 0; i < HAND_SIZE; i++) this.move(s.skillDeck.draw(), s.hands[agent], Zone.hand);
    }
  }

  /** Deal four, keep three (the fourth goes to the skill pool), then one swap each with the pool. */
  private dealKeepThree(): void {
    const s = this.state;
    this.dealHands();
    for (let agent = 0; agent < this.rules.agents; agent++) {
      const given = this.ask.keepSkills(agent);
      s.hands[agent].remove(given);
      this.move(given, s.skillPool, Zone.skillPool);
      while (s.hands[agent].size > 0) this.placeSkill(agent, s.hands[agent].draw());
    }
    for (let agent = 0; agent < this.rules.agents; agent++) {
      const taken = this.ask.poolSwap(agent);
      if (taken === -1) continue;
      const returned = this.ask.swapOut(agent, taken);
      s.skillPool.remove(taken);
      this.takeFromAgent(returned);
      this.move(returned, s.skillPool, Zone.skillPool);
      this.placeSkill(agent, taken);
    }
  }

  /** Deal four, pick one and pass the rest left, until each agent has three; the fourth cards are discarded. */
  private silentDraft(): void {
    const s = this.state;
    const agents = this.rules.agents;
    this.dealHands();
    for (let round = 0; round < STARTING_SKILLS; round++) {
      for (let agent = 0; agent < agents; agent++) {
        const pick = this.ask.draftPick(agent);
        s.hands[agent].remove(pick);
        this.placeSkill(agent, pick);
      }
      this.passHandsLeft();
    }
    for (let agent = 0; agent < agents; agent++) {
      while (s.hands[agent].size > 0) s.discardCard(s.hands[agent].draw());
    }
  }

  /** Each agent's hand goes to the next agent (agent a passes to a + 1). */
  private passHandsLeft(): void {
    const s = this.state;
    const agents = this.rules.agents;
    const last = s.hands[agents - 1];
    let count = 0;
    while (last.size > 0) this.list[count++] = last.draw();
    for (let agent = agents - 1; agent > 0; agent--) s.hands[agent].stackOnTop(s.hands[agent - 1]);
    for (let i = 0; i < count; i++) s.hands[0].push(this.list[i]);
  }

  private placeSkill(agent: number, card: number): void {
    const s = this.state;
    s.putSkill(agent, card);
    s.charges[card] = this.cards.startCharges[card];
    if (this.log !== null) this.log.write(`agent ${agent} starts with ${this.cards.names[card]}`);
  }

  private takeFromAgent(card: number): void {
    const s = this.state;
    s.takeSkill(card);
    s.holder[card] = -1;
    s.charges[card] = 0;
  }

  // --- The island ---

  /** Builds the adventure deck: No Time To Waste removals, three piles, the specials, the secret caches. */
  buildIsland(deckStream: RandomStream): void {
    const s = this.state;
    const cards = this.cards;
    this.shuffleCaches(deckStream);
    if (this.rules.noTimeToWaste !== 'off') this.removeCards(deckStream);
    let count = 0;
    for (let card = 0; card < cards.adventureCount; card++) if (s.zone[card] === Zone.aside) this.list[count++] = card;
    count = this.addShuffledCaches(deckStream, count);
    if (!this.rules.howToPlayDeck) deckStream.shuffle(this.list, 0, count);
    const pile = Math.floor(count / PILES);
    const bottomSize = count - 2 * pile;
    this.notePiles(pile, count);
    this.stackPile(deckStream, 2 * pile, count, cards.shuttle);
    const lowerCache = this.hasCache('lower') ? 1 : 0;
    if (lowerCache === 1) this.placeCacheOnTop();
    this.stackPile(deckStream, pile, 2 * pile, cards.scientists);
    if (this.hasCache('upper')) this.placeCacheOnTop();
    this.stackPile(deckStream, 0, pile, -1);
    s.bottomPileSize = bottomSize + 1;
    // The lower cache lies below the middle pile: counted with it, so that neither "above" count includes it wrongly.
    s.middlePileSize = pile + 1 + lowerCache;
  }

  /**
   * Which pile each adventure card of a How To Play deck goes to (public: the piles are sorted by number). Not after No
   * Time To Waste: its cards leave face-down, and knowing the piles would tell which remain.
   */
  private notePiles(pile: number, count: number): void {
    const known = this.state.pileOfCard;
    known.fill(-1);
    if (!this.rules.howToPlayDeck || this.rules.noTimeToWaste !== 'off' || pile === 0) return;
    for (let i = 0; i < count; i++) known[this.list[i]] = Math.min(PILES - 1, Math.floor(i / pile));
  }

  private hasCache(position: 'upper' | 'lower'): boolean {
    return this.rules.caches === position || this.rules.caches === 'both';
  }

  /** The secret caches, shuffled face-down: placed caches are drawn from the top of this pile (the settings check that it holds enough). */
  private shuffleCaches(deckStream: RandomStream): void {
    this.caches.clear();
    for (let card = this.cards.cacheStart; card < this.cards.cacheEnd; card++) this.caches.push(card);
    this.caches.shuffle(deckStream);
  }

  private placeCacheOnTop(): void {
    this.move(this.caches.draw(), this.state.deck, Zone.deck);
    this.state.cachesAdded++;
  }

  /** Level 4: caches shuffled into the deck before it is split (in the How To Play deck: at random places). */
  private addShuffledCaches(deckStream: RandomStream, count: number): number {
    const mode = this.rules.caches;
    const caches = mode === 'shuffled-1' || mode === 'shuffled-2' ? CACHES_PLACED[mode] : 0;
    for (let i = 0; i < caches; i++) {
      const cache = this.caches.draw();
      const at = deckStream.int(count + 1);
      this.list.copyWithin(at + 1, at, count);
      this.list[at] = cache;
      count++;
      this.state.cachesAdded++;
    }
    return count;
  }

  /**
   * Shuffles list[start, end) with the special card (if any) and puts the pile on the deck. Piles are stacked
   * bottom first, so the slot at `end` that the special pushes into is free.
   */
  private stackPile(deckStream: RandomStream, start: number, end: number, special: number): void {
    let stop = end;
    if (special >= 0) {
      this.list.copyWithin(start + 1, start, end);
      this.list[start] = special;
      stop++;
    }
    deckStream.shuffle(this.list, start, stop);
    for (let i = start; i < stop; i++) this.move(this.list[i], this.state.deck, Zone.deck);
  }

  /** No Time To Waste: 24 adventure cards go to the box, at random or dealt to the players who each return one. */
  private removeCards(deckStream: RandomStream): void {
    const s = this.state;
    const total = this.cards.adventureCount;
    for (let card = 0; card < total; card++) this.list[card] = card;
    deckStream.shuffle(this.list, 0, total);
    if (this.rules.noTimeToWaste === 'random') {
      for (let i = 0; i < NO_TIME_TO_WASTE_CARDS; i++) this.move(this.list[i], s.box, Zone.removed);
      return;
    }
    const players = this.rules.players;
    for (let i = 0; i < NO_TIME_TO_WASTE_CARDS; i++) this.move(this.list[i], s.hands[i % players], Zone.hand);
    for (let player = 0; player < players; player++) {
      const hand = s.hands[player];
      const kept = this.ask.returnCard(player);
      hand.remove(kept);
      s.zone[kept] = Zone.aside;
      while (hand.size > 0) this.move(hand.draw(), s.box, Zone.box);
    }
  }

  /** Puts a card that is in no pile (aside, or just drawn) on a pile. */
  private move(card: number, to: Deck, zone: number): void {
    to.push(card);
    this.state.zone[card] = zone;
  }
}
