import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import { loseOrder, renumberShuffles, replaceCard, see } from '../../../src/games/setawatch/knowledge.ts';
import { SetawatchRules } from '../../../src/games/setawatch/rules.ts';
import { SHUFFLE_DEPTH, type SetawatchState } from '../../../src/games/setawatch/state.ts';
import { greedyChoice } from '../../../strategies/setawatch/greedy.ts';
import { content } from './scenario.ts';
import { shufflesOf } from './shuffles.ts';

/**
 * Shuffles nested in shuffles (knowledge.ts): the deck is shuffled, its top card dealt face down into the Line, a
 * known card joins the deck and it is shuffled again, and so on. Card A stays in the deck throughout; X1, X2, ...
 * are dealt out one per shuffle, so a card in the Line may be any card of the shuffles before it, and no other.
 */

const LOADS = 400;

/** A set-up game with every card seen and only card A in the deck; cards holds A, X1, X2, ... */
function setUp(count = SHUFFLE_DEPTH + 2): { rules: SetawatchRules; cards: number[] } {
  const rules = new SetawatchRules(new CardTables(content, ['base'], ['cleric', 'ranger', 'warrior', 'wizard']), { summons: 2, startingFire: 7 }, null);
  rules.playGame(1, { name: 'none', choose: greedyChoice }, new OutcomeRecord(3), undefined, 0);
  const s = rules.state;
  const cards = s.deck.toArray().slice(0, count);
  for (let card = 0; card < s.cardCount; card++) see(s, card);
  s.shuffles = 0;
  s.deck.clear();
  s.lineLength = 0;
  s.deck.push(cards[0]);
  return { rules, cards };
}

/** A known card joins the deck, which is shuffled. */
function shuffleIn(s: SetawatchState, card: number): void {
  s.deck.push(card);
  loseOrder(s, s.deck);
}

/** The card goes face down into the Line (the party knows only that it came from the shuffled deck). */
function dealToLine(s: SetawatchState, card: number): void {
  s.deck.remove(card);
  s.lineCard[s.lineLength++] = card;
}

/** After shuffles 1..depth: A and X_depth in the deck, X1..X_(depth-1) in the Line in that order. */
function nested(depth: number): { rules: SetawatchRules; cards: number[] } {
  const built = setUp();
  const s = built.rules.state;
  for (let n = 1; n <= depth; n++) {
    if (n > 1) dealToLine(s, built.cards[n - 1]);
    shuffleIn(s, built.cards[n]);
  }
  return built;
}

/** The first Line card goes back on top of the deck face down, keeping its shuffles. */
function returnFirstLineCard(s: SetawatchState): void {
  const card = s.lineCard[0];
  s.lineCard.copyWithin(0, 1, s.lineLength--);
  s.deck.push(card);
}

/** How often each card lies at each Line place and in the deck, over many loads. */
function frequencies(rules: SetawatchRules, cards: number[]): { line: Map<number, number>[]; deck: Map<number, number> } {
  const simulator = rules.createSimulator();
  const line = Array.from({ length: rules.state.lineLength }, () => new Map<number, number>());
  const deck = new Map<number, number>();
  const tally = (counts: Map<number, number>, card: number) => counts.set(cards.indexOf(card), (counts.get(cards.indexOf(card)) ?? 0) + 1 / LOADS);
  for (let seed = 0; seed < LOADS; seed++) {
    simulator.load(rules.state, seed);
    line.forEach((counts, place) => tally(counts, simulator.state.lineCard[place]));
    tally(deck, simulator.state.deck.peek());
  }
  return { line, deck };
}

const sorted = (counts: Map<number, number>) => [...counts.keys()].sort((a, b) => a - b);

describe('nested shuffles', () => {
  it('a card remembers each earlier shuffle whose other cards lie elsewhere', () => {
    const { rules, cards } = nested(SHUFFLE_DEPTH);
    const s = rules.state;
    expect(cards.slice(0, SHUFFLE_DEPTH + 1).map((card) => shufflesOf(s, card))).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('a shuffle whose cards all lie in the pile is forgotten', () => {
    const { rules, cards } = setUp();
    const s = rules.state;
    shuffleIn(s, cards[1]);
    loseOrder(s, s.deck);
    expect([shufflesOf(s, cards[0]), shufflesOf(s, cards[1])]).toEqual([[2], [2]]);
  });

  it('a load deals each shuffle in turn: a Line card is one of the cards of the shuffles before it, each as likely as the deal makes it', () => {
    const { rules, cards } = nested(SHUFFLE_DEPTH);
    const { line, deck } = frequencies(rules, cards);
    // The first Line card is A or X1; the next X2 or the one of those left in the deck; and so on.
    expect(line.map(sorted)).toEqual([[0, 1], [0, 1, 2], [0, 1, 2, 3]]);
    expect(sorted(deck)).toEqual([0, 1, 2, 3, 4]);
    const expected = [[1 / 2, 1 / 2], [1 / 4, 1 / 4, 1 / 2], [1 / 8, 1 / 8, 1 / 4, 1 / 2]];
    line.forEach((counts, place) => expected[place].forEach((p, card) => expect(Math.abs((counts.get(card) ?? 0) - p), `Line ${place}, X${card}`).toBeLessThan(0.08)));
  });

  it('a shuffle whose cards all lie in the pile stays while one of them went on into a shuffle that stays', () => {
    // C0 and C1 shuffled, one dealt face down; X2 joins, shuffled, X2 dealt; the first Line card comes back and the
    // deck is shuffled. The party cannot tell which of C0 and C1 was dealt first: the Line card is X2 half the time,
    // C0 or C1 a quarter each, whichever truth the twins hold. Catches: forgetting the first shuffle because both its
    // cards are in the deck (rollouts then put in the Line only the one that truly went on into the second shuffle).
    const share = (dealtFirst: number) => {
      const { rules, cards } = setUp(3);
      const s = rules.state;
      shuffleIn(s, cards[1]);
      dealToLine(s, cards[dealtFirst]);
      shuffleIn(s, cards[2]);
      dealToLine(s, cards[2]);
      returnFirstLineCard(s);
      loseOrder(s, s.deck);
      return frequencies(rules, cards).line[0];
    };
    for (const counts of [share(0), share(1)]) [1 / 4, 1 / 4, 1 / 2].forEach((p, card) => expect(Math.abs((counts.get(card) ?? 0) - p), `C${card}`).toBeLessThan(0.08));
  });

  it("a card replacing another (an Escalated Summon card) takes its shuffles, and the replaced card leaves play holding none", () => {
    const { rules, cards } = nested(2);
    const s = rules.state;
    const replacement = cards[SHUFFLE_DEPTH + 1];
    replaceCard(s, replacement, cards[0]);
    expect([shufflesOf(s, replacement), shufflesOf(s, cards[0])]).toEqual([[1, 2], []]);
  });

  it('renumbering keeps the shuffles still held, in their order, from 1', () => {
    const { rules, cards } = nested(SHUFFLE_DEPTH);
    const s = rules.state;
    see(s, cards[0]);
    see(s, cards[1]);
    renumberShuffles(s);
    expect(cards.slice(0, SHUFFLE_DEPTH + 1).map((card) => shufflesOf(s, card))).toEqual([[], [], [1], [2], [3]]);
    expect(s.shuffles).toBe(3);
  });

  it('past 255 shuffles the last number is shared, never held twice by a card', () => {
    const { rules, cards } = setUp(3);
    const s = rules.state;
    s.shuffles = 254;
    shuffleIn(s, cards[1]);
    dealToLine(s, cards[1]);
    shuffleIn(s, cards[2]);
    expect(cards.map((card) => shufflesOf(s, card))).toEqual([[255], [255], [255]]);
    const { line, deck } = frequencies(rules, cards);
    expect([sorted(line[0]), sorted(deck)]).toEqual([[0, 1, 2], [0, 1, 2]]);
  });

  it('one shuffle deeper than a card remembers merges its oldest into the next: rollouts know less, never more', () => {
    const { rules, cards } = nested(SHUFFLE_DEPTH + 1);
    const s = rules.state;
    expect(cards.map((card) => shufflesOf(s, card))).toEqual([[2, 3, 4, 5], [2], [2], [3], [4], [5]]);
    const { line } = frequencies(rules, cards);
    expect(line.map(sorted)).toEqual([[0, 1, 2], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4]]);
  });

  it('a merge renames the oldest shuffle on every card, each holding it once', () => {
    // B goes into the Line after the second shuffle, holding the first two; the fifth shuffle merges the first into
    // the second. Catches: a card holding both keeping the merged number twice (its place then dealt twice).
    const { rules, cards } = setUp(7);
    const s = rules.state;
    const [b, x1, x2, x3, x4, x5] = cards.slice(1);
    s.deck.push(b);
    shuffleIn(s, x1);
    dealToLine(s, x1);
    shuffleIn(s, x2);
    dealToLine(s, b);
    for (const x of [x3, x4]) {
      shuffleIn(s, x);
      dealToLine(s, x);
    }
    shuffleIn(s, x5);
    expect([b, x1, cards[0]].map((card) => shufflesOf(s, card))).toEqual([[2], [2], [2, 3, 4, 5]]);
    const simulator = rules.createSimulator();
    const everyCard = (state: SetawatchState) => [...state.deck.toArray(), ...state.lineCard.subarray(0, state.lineLength)].sort((p, q) => p - q);
    for (let seed = 0; seed < 50; seed++) {
      simulator.load(s, seed);
      expect(everyCard(simulator.state)).toEqual(everyCard(s));
    }
  });
});
