import { z } from 'zod';
import { Deck } from '../../src/core/deck.ts';
import { checkedBoolean, strategyThrew } from '../../src/core/errors.ts';
import type { GameEngine, GameLog, GameModule, OutcomeRecord, Settings, Strategy, StrategyDefinition } from '../../src/core/game.ts';
import { GameRandom, type RandomStream } from '../../src/core/rng.ts';

/**
 * Delve, the example game of docs/writing-a-game.md: a party goes down into a dungeon, one card at a time, for the
 * gold it needs. A treasure gives its gold; a trap takes its damage in hearts. A monster is either fought or snuck
 * past, as the party decides: fought, it is beaten when 2d6 reach its strength, for a third of its strength in gold
 * (rounded down), and otherwise takes 2 hearts; snuck past, it takes 1 heart unless a die shows 4 or more. The party
 * wins as soon as it holds `goal` gold, is lost when its last heart goes, and falls short when the deck runs out.
 */

// --- Content: the cards, validated by a schema, with where each card's values come from. ---

const cardSchema = z.object({
  name: z.string().min(1),
  kind: z.enum(['monster', 'trap', 'treasure']),
  /** A monster's strength, a trap's damage, a treasure's gold. */
  value: z.number().int().min(1).max(12),
  copies: z.number().int().min(1).max(20),
  source: z.enum(['printed', 'estimated']),
});
const contentSchema = z.object({ cards: z.array(cardSchema).min(1) });
type DelveContent = z.infer<typeof contentSchema>;

const KIND = { monster: 0, trap: 1, treasure: 2 } as const;

/** The content compiled once into tables the rules read by card id, and the deck's cards in content order. */
class CardTables {
  readonly kind: Int8Array;
  readonly value: Int8Array;
  readonly deckOrder: Int16Array;

  constructor(readonly content: DelveContent) {
    this.kind = Int8Array.from(content.cards, (card) => KIND[card.kind]);
    this.value = Int8Array.from(content.cards, (card) => card.value);
    this.deckOrder = Int16Array.from(content.cards.flatMap((card, id) => Array.from({ length: card.copies }, () => id)));
  }

  name(id: number): string {
    return this.content.cards[id].name;
  }
}

// --- Decisions: what a strategy answers, and the view it reads. ---

/** What a strategy sees when a monster is revealed: read-only, one object reused for the whole run. */
export interface DelveView {
  readonly hearts: number;
  readonly gold: number;
  readonly goal: number;
  readonly cardsLeft: number;
  /** The strength of the monster revealed. */
  readonly strength: number;
  /** The engine's `strategy` stream, for strategies that randomise (never Math.random). */
  readonly random: RandomStream;
}

export interface DelveStrategy extends Strategy {
  /** true to fight the monster revealed, false to sneak past it. */
  fight(view: DelveView): boolean;
}

const FIGHT_LOST_HEARTS = 2;
const SNEAK_TARGET = 4;

// --- State and rules: flat state reset per game, rules that move it forward. ---

class DelveEngine implements GameEngine<DelveStrategy> {
  private readonly random = new GameRandom(['deck', 'dice', 'strategy'] as const);
  private readonly deck: Deck;
  private readonly view = { hearts: 0, gold: 0, goal: 0, cardsLeft: 0, strength: 0, random: this.random.streams.strategy };
  private cardsDrawn = 0;
  private monstersFought = 0;

  constructor(
    private readonly cards: CardTables,
    private readonly hearts: number,
    private readonly goal: number,
    private readonly log: GameLog | null,
  ) {
    this.deck = new Deck(cards.deckOrder.length);
  }

  playGame(seed: number, strategy: DelveStrategy, out: OutcomeRecord): void {
    this.setUp(seed);
    const view = this.view;
    while (view.hearts > 0 && view.gold < this.goal && this.deck.size > 0) this.resolve(this.deck.draw(), strategy, seed);
    out.outcome = view.hearts === 0 ? OUTCOME.lost : view.gold >= this.goal ? OUTCOME.won : OUTCOME.short;
    out.metrics[0] = view.gold;
    out.metrics[1] = this.cardsDrawn;
    out.metrics[2] = view.hearts;
    out.metrics[3] = this.monstersFought;
  }

  private setUp(seed: number): void {
    this.random.reseed(seed);
    this.deck.clear();
    for (let i = 0; i < this.cards.deckOrder.length; i++) this.deck.push(this.cards.deckOrder[i]);
    this.deck.shuffle(this.random.streams.deck);
    const view = this.view;
    view.hearts = this.hearts;
    view.gold = 0;
    view.goal = this.goal;
    view.cardsLeft = this.deck.size;
    this.cardsDrawn = 0;
    this.monstersFought = 0;
  }

  /** The strategy's answer, checked: anything but a boolean is illegal and names the strategy, decision and seed. */
  private askFight(strategy: DelveStrategy, seed: number): boolean {
    let answer: unknown;
    try {
      answer = strategy.fight(this.view);
    } catch (error) {
      throw strategyThrew(strategy.name, 'fight', seed, error);
    }
    return checkedBoolean(answer, strategy.name, 'fight', seed);
  }

  private resolve(id: number, strategy: DelveStrategy, seed: number): void {
    const value = this.cards.value[id];
    this.cardsDrawn++;
    this.view.cardsLeft = this.deck.size;
    switch (this.cards.kind[id]) {
      case KIND.monster:
        this.view.strength = value;
        if (this.askFight(strategy, seed)) this.fightMonster(id);
        else this.sneakPast(id);
        return;
      case KIND.trap:
        this.loseHearts(value);
        if (this.log !== null) this.log.write(`${this.cards.name(id)}: ${value} heart${value === 1 ? '' : 's'} lost`);
        return;
      case KIND.treasure:
        this.view.gold += value;
        if (this.log !== null) this.log.write(`${this.cards.name(id)}: ${value} gold`);
        return;
    }
  }

  private fightMonster(id: number): void {
    const strength = this.cards.value[id];
    const roll = this.random.streams.dice.die(6) + this.random.streams.dice.die(6);
    this.monstersFought++;
    if (roll >= strength) this.view.gold += Math.floor(strength / 3);
    else this.loseHearts(FIGHT_LOST_HEARTS);
    if (this.log !== null) {
      const result = roll >= strength ? `beaten, ${Math.floor(strength / 3)} gold` : `${FIGHT_LOST_HEARTS} hearts lost`;
      this.log.write(`${this.cards.name(id)} (strength ${strength}) fought: rolled ${roll}, ${result}`);
    }
  }

  private sneakPast(id: number): void {
    const roll = this.random.streams.dice.die(6);
    if (roll < SNEAK_TARGET) this.loseHearts(1);
    if (this.log !== null) this.log.write(`${this.cards.name(id)} (strength ${this.cards.value[id]}) snuck past: rolled ${roll}${roll < SNEAK_TARGET ? ', 1 heart lost' : ''}`);
  }

  private loseHearts(hearts: number): void {
    this.view.hearts = Math.max(0, this.view.hearts - hearts);
  }
}

const OUTCOME = { won: 0, short: 1, lost: 2 } as const;

// --- Strategies: small policies that answer the decisions. ---

const brave: StrategyDefinition<DelveStrategy> = {
  name: 'brave',
  description: 'fights every monster up to a strength, and sneaks past the stronger ones',
  params: [{ name: 'upTo', kind: 'int', min: 2, max: 12, default: 7, description: 'the strongest monster fought' }],
  create: (params) => {
    const upTo = params.upTo as number;
    return { name: 'brave', fight: (view) => view.strength <= upTo };
  },
};

const random: StrategyDefinition<DelveStrategy> = {
  name: 'random',
  description: 'fights or sneaks past at random, evenly (for fuzzing)',
  params: [],
  create: () => ({ name: 'random', fight: (view) => view.random.int(2) === 0 }),
};

// --- The module: what the platform knows of the game. ---

const delve: GameModule<DelveStrategy, DelveContent> = {
  id: 'delve',
  title: 'Delve (the example game of docs/writing-a-game.md)',
  settings: [
    { name: 'hearts', kind: 'int', min: 1, max: 10, default: 5, description: "the party's hearts at the start" },
    { name: 'goal', kind: 'int', min: 1, max: 40, default: 10, description: 'the gold that wins the game' },
  ],
  content: {
    schema: contentSchema,
    defaultFile: 'examples/games/delve-cards.json',
    provenance: (content) => {
      const bySource: Record<string, number> = {};
      for (const card of content.cards) bySource[card.source] = (bySource[card.source] ?? 0) + card.copies;
      return { cards: content.cards.reduce((sum, card) => sum + card.copies, 0), bySource };
    },
  },
  strategies: [brave, random],
  strategyMethods: ['fight'],
  defaultStrategy: 'brave',
  outcomes: ['won', 'short', 'lost'],
  winOutcome: 'won',
  metrics: [
    { name: 'gold', description: 'gold the party held at the end', min: 0, max: 60, binWidth: 2 },
    { name: 'cardsDrawn', description: 'cards drawn before the game ended', min: 0, max: 40 },
    { name: 'heartsLeft', description: 'hearts left at the end (0 when the party fell)', min: 0, max: 10 },
    { name: 'monstersFought', description: 'monsters the party fought rather than snuck past', min: 0, max: 40 },
  ],
  createEngine: (settings: Settings, content: DelveContent, log: GameLog | null) => new DelveEngine(new CardTables(content), settings.hearts as number, settings.goal as number, log),
};

export default delve;
