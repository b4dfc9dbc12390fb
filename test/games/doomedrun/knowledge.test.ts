import { describe, expect, it } from 'vitest';
import type { DoomedRun } from '../../../src/games/doomedrun/campaign.ts';
import { Kind } from '../../../src/games/setawatch/cards.ts';
import { latestShuffle, shufflesOf } from '../setawatch/shuffles.ts';
import { greedyStrategy, makeRun, record } from './helpers.ts';

/**
 * What the planner's rollouts know in a Doomed Run (Set a Watch's knowledge.ts): the deals between expeditions
 * (Realm set-up, Game Break, the reset after a loss) shuffle every gathered card together before splitting them into
 * piles, one Summon card each, and cards leaving play hold no shuffle.
 */

const DEAL_CHECKPOINTS = ['realm set-up', 'game break', 'reset'];
/** A Realm's set-up puts 7 of its 8 Unhallowed on top of the Unhallowed deck (and 1 face down in the Horde). */
const NEW_UNHALLOWED_IN_DECK = 7;
const byNumber = (a: number, b: number) => a - b;

describe("a Doomed Run's knowledge", () => {
  it('a seen creature re-dealt into a Summon pile can be in another pile after a load', () => {
    // The truth is the other pile about half the time with 2 piles. Catches: each pile numbered alone (a seen card,
    // such as a face-up Graveyard one at a Game Break, then stays in the pile it went to).
    const shares = new Map<string, number>();
    const LOADS = 200;
    for (let seed = 0; seed < 6 && shares.size < DEAL_CHECKPOINTS.length; seed++) {
      const run = makeRun({ summons: 2 });
      run.checkpoint = (r, where) => {
        if (shares.has(where) || !DEAL_CHECKPOINTS.includes(where)) return;
        const s = r.rules.state;
        const deck = s.deck.toArray();
        const card = deck.find((c) => s.cardSeen[c] === 1 && r.tables.cards.kind[c] !== Kind.summon);
        if (card === undefined || new Set(deck.map((c) => latestShuffle(s, c))).size < 2) return;
        const otherPile = new Set(deck.flatMap((c, i) => (latestShuffle(s, c) !== latestShuffle(s, card) ? [i] : [])));
        const simulator = r.rules.createSimulator();
        let elsewhere = 0;
        for (let load = 0; load < LOADS; load++) {
          simulator.load(s, load);
          if (otherPile.has(simulator.state.deck.indexOf(card))) elsewhere++;
        }
        shares.set(where, elsewhere / LOADS);
      };
      run.playGame(seed, greedyStrategy(), record());
    }
    expect([...shares.keys()].sort()).toEqual([...DEAL_CHECKPOINTS].sort());
    for (const [where, share] of shares) expect(share, where).toBeGreaterThan(0.25);
  });

  it('a Game Break or a reset looks through the piles it takes Summon cards out of: every card dealt again is seen', () => {
    // Catches: the deck searched for Summon cards (and at a reset the Graveyard and Horde for Unhallowed) left unseen,
    // so a rollout could swap its creatures with unseen ones elsewhere (the Horde, vanquished cards).
    const checked = new Set<string>();
    for (let seed = 0; seed < 6 && checked.size < 2; seed++) {
      const run = makeRun({ summons: 3 });
      run.checkpoint = (r, where) => {
        if (where !== 'game break' && where !== 'reset') return;
        const s = r.rules.state;
        const unseen = s.deck.toArray().filter((card) => r.tables.cards.kind[card] !== Kind.summon && s.cardSeen[card] === 0);
        expect(unseen, where).toEqual([]);
        checked.add(where);
      };
      run.playGame(seed, greedyStrategy(), record());
    }
    expect([...checked].sort()).toEqual(['game break', 'reset']);
  });

  it("a Realm's new Unhallowed trade places with each other, never with those left from earlier Realms", () => {
    // The truth: the Horde's face-down card and the 7 new ones on top are the Realm's 8 in an unknown order; under
    // them lie the earlier Realms' leftovers, whose set the party knows (a Realm's end shows it the cards it boxes). Catches: the whole Unhallowed deck losing its order at
    // set-up, or every unseen Unhallowed trading places (a leftover could then be the Horde's card).
    const LOADS = 60;
    let checked = 0;
    for (let seed = 0; seed < 4; seed++) {
      const run = makeRun({ summons: 2 });
      run.checkpoint = (r, where) => {
        const s = r.rules.state;
        const leftovers = s.unhallowedDeck.size - NEW_UNHALLOWED_IN_DECK;
        if (where !== 'realm set-up' || leftovers === 0) return;
        const deck = s.unhallowedDeck.toArray();
        const leftoverCards = deck.slice(0, leftovers).sort(byNumber);
        const realmCards = [...s.horde.toArray(), ...deck.slice(leftovers)].sort(byNumber);
        const hordeCards = new Set<number>();
        const simulator = r.rules.createSimulator();
        for (let load = 0; load < LOADS; load++) {
          simulator.load(s, load);
          const dealt = simulator.state.unhallowedDeck.toArray();
          expect(dealt.slice(0, leftovers).sort(byNumber)).toEqual(leftoverCards);
          expect([...simulator.state.horde.toArray(), ...dealt.slice(leftovers)].sort(byNumber)).toEqual(realmCards);
          hordeCards.add(simulator.state.horde.at(0));
        }
        expect(hordeCards.size).toBeGreaterThan(3);
        checked++;
      };
      run.playGame(seed, greedyStrategy(), record());
    }
    expect(checked).toBeGreaterThan(2);
  });

  it("no card out of play holds a shuffle (boxed at a Realm's end), and each Realm starts with few shuffle numbers", () => {
    // Catches: a Realm's end leaving shuffles on cards out of play (they kept other cards' shuffles alive and came
    // back with them when re-dealt), or not renumbering the shuffles left.
    let checked = 0;
    for (const variant of ['first', 'new-run-plus'] as const) {
      for (let seed = 0; seed < 3; seed++) {
        const run = makeRun({ summons: 3, variant });
        run.checkpoint = (r, where) => {
          expect(cardsOutOfPlayWithShuffles(r)).toEqual([]);
          // A Realm's end renumbers the few shuffles left, so a Run never runs out of numbers (255).
          if (where === 'realm set-up') expect(r.rules.state.shuffles).toBeLessThanOrEqual(12);
          checked++;
        };
        run.playGame(seed, greedyStrategy(), record());
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

function cardsOutOfPlayWithShuffles(run: DoomedRun): number[] {
  const s = run.rules.state;
  const inPlay = new Set([...s.deck.toArray(), ...s.horde.toArray(), ...s.unhallowedDeck.toArray(), ...s.removed.toArray(), ...s.lineCard.subarray(0, s.lineLength)]);
  const out: number[] = [];
  for (let card = 0; card < s.cardCount; card++) if (!inPlay.has(card) && shufflesOf(s, card).length > 0) out.push(card);
  return out;
}
