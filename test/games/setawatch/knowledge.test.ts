import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import type { Deck } from '../../../src/core/deck.ts';
import { Kind } from '../../../src/games/setawatch/cards.ts';
import { Decision, type DecisionKind, type DecisionView, type SetawatchStrategy } from '../../../src/games/setawatch/decisions.ts';
import setawatch from '../../../src/games/setawatch/index.ts';
import type { SetawatchState } from '../../../src/games/setawatch/state.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { greedyChoice } from '../../../strategies/setawatch/greedy.ts';
import { greedyStrategy, makeRun, record } from '../doomedrun/helpers.ts';
import { content } from './scenario.ts';
import { latestShuffle, shufflesOf } from './shuffles.ts';

/**
 * A simulator's `load` deals again what the party has not seen (knowledge.ts): rollouts must neither know the unseen
 * cards (the set-up's unused creatures and Unhallowed can turn up) nor forget the seen ones (scouted cards stay on top).
 */

const LOADS = 40;
/** Set-up numbers one shuffle per creature pile, as many as Summon cards. */
const SUMMONS = 2;

type Place = { pile: string; index: number };

function piles(state: SetawatchState): Record<string, Deck> {
  return { deck: state.deck, horde: state.horde, unhallowedDeck: state.unhallowedDeck, removed: state.removed, graveyard: state.graveyard, tamed: state.tamed };
}

function cardAt(state: SetawatchState, place: Place): number {
  return place.pile === 'line' ? state.lineCard[place.index] : piles(state)[place.pile].at(place.index);
}

function placesOf(state: SetawatchState): Place[] {
  const places: Place[] = [];
  for (const [pile, deck] of Object.entries(piles(state))) for (let index = 0; index < deck.size; index++) places.push({ pile, index });
  for (let index = 0; index < state.lineLength; index++) places.push({ pile: 'line', index });
  return places;
}

interface Tally {
  states: number;
  setAsideCreatureInGame: number;
  hordeUnhallowedChanged: number;
  scoutedTops: number;
  reshuffledDecks: number;
  /** Seen cards whose place a shuffle made unknown, found elsewhere after a load. */
  seenCardsMoved: number;
}

/** Every `load` of this live state keeps what the party knows and conserves the cards. */
function checkLoads(view: DecisionView, tally: Tally): void {
  const live = view.state;
  const kind = view.tables.kind;
  const simulator = view.rules.createSimulator();
  const places = placesOf(live);
  const liveCards = places.map((place) => cardAt(live, place)).sort((a, b) => a - b);
  const setAside = new Set(live.removed.toArray().filter((card) => live.cardSeen[card] === 0 && kind[card] === Kind.creature));
  const component = shuffleComponents(live, places);
  const summonsPerComponent = new Map<number, number>();
  for (const place of places) if (kind[cardAt(live, place)] === Kind.summon) count(summonsPerComponent, component(cardAt(live, place)));
  tally.states++;
  if (live.deck.size > 0 && live.cardSeen[live.deck.peek()] === 1) tally.scoutedTops++;
  if (live.shuffles > SUMMONS) tally.reshuffledDecks++;
  for (let seed = 0; seed < LOADS; seed++) {
    simulator.load(live, seed);
    const loaded = simulator.state;
    expect(places.map((place) => cardAt(loaded, place)).sort((a, b) => a - b)).toEqual(liveCards);
    const loadedSummons = new Map<number, number>();
    for (const place of places) {
      const was = cardAt(live, place);
      const now = cardAt(loaded, place);
      if (live.cardSeen[was] === 1 && latestShuffle(live, was) === 0) expect(now).toBe(was);
      if (live.cardSeen[was] === 1 && latestShuffle(live, was) !== 0 && now !== was) tally.seenCardsMoved++;
      expect(shufflesOf(loaded, now)).toEqual(shufflesOf(live, was));
      if (kind[now] === Kind.summon) count(loadedSummons, component(was));
      if (place.pile === 'removed' && latestShuffle(live, was) === 0) expect(kind[now]).not.toBe(Kind.acolyte);
      if (place.pile !== 'removed' && setAside.has(now)) tally.setAsideCreatureInGame++;
    }
    expect(loadedSummons).toEqual(summonsPerComponent);
    if (live.horde.size > 0 && live.cardSeen[live.horde.at(0)] === 0 && loaded.horde.at(0) !== live.horde.at(0)) tally.hordeUnhallowedChanged++;
  }
}

function count(counts: Map<number, number>, key: number): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * Which shuffles' cards a load may exchange, as a function of a live card: places that share a shuffle are
 * connected, and a card keeps to its place's connected shuffles (its smallest one names them; 0: none). So a Summon
 * stays in its set-up pile, or in the piles a reshuffle joined it with.
 */
function shuffleComponents(live: SetawatchState, places: Place[]): (card: number) => number {
  const parent = Array.from({ length: live.shuffles + 1 }, (_, shuffle) => shuffle);
  const root = (shuffle: number): number => (parent[shuffle] === shuffle ? shuffle : root(parent[shuffle]));
  for (const place of places) {
    const [first, ...rest] = shufflesOf(live, cardAt(live, place));
    for (const shuffle of rest) parent[Math.max(root(first), root(shuffle))] = Math.min(root(first), root(shuffle));
  }
  return (card) => root(latestShuffle(live, card));
}

function noTally(): Tally {
  return { states: 0, setAsideCreatureInGame: 0, hordeUnhallowedChanged: 0, scoutedTops: 0, reshuffledDecks: 0, seenCardsMoved: 0 };
}

function probe(tally: Tally, states = 60): SetawatchStrategy {
  return {
    name: 'probe',
    choose(decision: DecisionKind, view: DecisionView): number {
      if (decision === Decision.watch && tally.states < states && view.state.round % 2 === 1) checkLoads(view, tally);
      return greedyChoice(decision, view);
    },
  };
}

describe('what a simulator deals again on load', () => {
  it('keeps seen cards, shuffles and one Summon per pile, and deals the unseen creatures and Unhallowed afresh', () => {
    const engine = setawatch.createEngine(resolveSettings(setawatch, { summons: SUMMONS }, '--set'), content, null);
    const tally = noTally();
    for (let seed = 0; seed < 12; seed++) engine.playGame(seed, probe(tally), new OutcomeRecord(3));
    expect(tally.states).toBeGreaterThan(20);
    expect(tally.setAsideCreatureInGame).toBeGreaterThan(0);
    expect(tally.hordeUnhallowedChanged).toBeGreaterThan(0);
    expect(tally.scoutedTops).toBeGreaterThan(0);
    expect(tally.reshuffledDecks).toBeGreaterThan(0);
    expect(tally.seenCardsMoved).toBeGreaterThan(0);
  });

  it('in a Doomed Run too: every deal and reshuffle is numbered, seen cards keep their places', () => {
    const tally = noTally();
    const strategy = { ...greedyStrategy(), watch: probe(tally, 40) };
    for (let seed = 0; seed < 2; seed++) makeRun().playGame(seed, strategy, record());
    expect(tally.states).toBe(40);
    expect(tally.seenCardsMoved).toBeGreaterThan(0);
  });

  it('leaves the live game untouched', () => {
    const engine = setawatch.createEngine(resolveSettings(setawatch, {}, '--set'), content, null);
    let checked = false;
    const strategy: SetawatchStrategy = {
      name: 'probe',
      choose(decision: DecisionKind, view: DecisionView): number {
        if (decision === Decision.watch && !checked) {
          checked = true;
          const before = JSON.stringify([view.state.deck.toArray(), view.state.removed.toArray(), view.state.horde.toArray(), Array.from(view.state.lineCard), Array.from(view.state.cardShuffles)]);
          view.rules.createSimulator().load(view.state, 5);
          expect(JSON.stringify([view.state.deck.toArray(), view.state.removed.toArray(), view.state.horde.toArray(), Array.from(view.state.lineCard), Array.from(view.state.cardShuffles)])).toBe(before);
        }
        return greedyChoice(decision, view);
      },
    };
    engine.playGame(1, strategy, new OutcomeRecord(3));
    expect(checked).toBe(true);
  });
});
