import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { CardTables, Kind } from '../../../src/games/setawatch/cards.ts';
import { Decision, type DecisionKind, type DecisionView, type SetawatchStrategy } from '../../../src/games/setawatch/decisions.ts';
import { SetawatchRules } from '../../../src/games/setawatch/rules.ts';
import type { SetawatchState } from '../../../src/games/setawatch/state.ts';
import type { Watch } from '../../../src/games/setawatch/watch.ts';
import { greedyChoice } from '../../../strategies/setawatch/greedy.ts';
import { content } from './scenario.ts';
import { latestShuffle, setShuffles, shufflesOf } from './shuffles.ts';

/**
 * Leaks of what the party does not know into the planner's rollouts (knowledge.ts), found by indistinguishability:
 * two states that differ only in what the party cannot see (a twin) must `load` into the same distribution of
 * games. Each test builds a twin of a live state met in greedy games, applies the same game event to both, and
 * compares how often an observable holds over many loads (fixed seeds: deterministic). A leak shows as frequencies
 * far apart (0 against 1, or 0.05 against 0.13); fair dealing keeps them within sampling noise, and the tolerances
 * are several standard deviations of it. The last tests check the converse: what the party has seen, rollouts keep.
 * Each test names the mistakes it catches ("Catches:").
 */

const PARTY = ['cleric', 'ranger', 'warrior', 'wizard'];

/** Engine methods the tests drive directly (protected or private in watch.ts and rules.ts). */
interface Engine {
  state: SetawatchState;
  tables: CardTables;
  strategy: SetawatchStrategy | null;
  reseed(seed: number): void;
  reshuffleSummon(): void;
  shuffleGraveyardUnderDeck(): void;
  sealChosen(): void;
  lookAtTop(count: number): number;
  drawUnhallowed(): number;
  insertLine(position: number, card: number, revealed: boolean): void;
}

function engine(rules: SetawatchRules): Engine {
  return rules as unknown as Engine;
}

function newRules(summons: number): SetawatchRules {
  return new SetawatchRules(new CardTables(content, ['base'], PARTY), { summons, startingFire: 7 }, null);
}

/** A rules instance holding a copy of `state`, to change and to apply engine events to (only set-up reads `summons`). */
function copyOf(state: SetawatchState, summons = 2): SetawatchRules {
  const rules = newRules(summons);
  rules.state.copyFrom(state);
  return rules;
}

/**
 * Copies of states met at Watch decisions of greedy games (at most one per game, the first `wanted` accepts),
 * until `count` are found.
 */
function liveStates(summons: number, count: number, wanted: (state: SetawatchState, kind: ArrayLike<number>) => boolean, games = 300): SetawatchState[] {
  const rules = newRules(summons);
  const found: SetawatchState[] = [];
  let taken = false;
  const strategy: SetawatchStrategy = {
    name: 'collect',
    choose(decision: DecisionKind, view: DecisionView): number {
      if (decision === Decision.watch && !taken && wanted(view.state, view.tables.kind)) {
        taken = true;
        found.push(copyOf(view.state, summons).state);
      }
      return greedyChoice(decision, view);
    },
  };
  for (let seed = 0; seed < games && found.length < count; seed++) {
    taken = false;
    rules.playGame(seed, strategy, new OutcomeRecord(3));
  }
  return found;
}

/** How many of `loads` loads (seeds from `firstSeed`) deal a state where `holds` is true. */
function hits(prober: Watch, state: SetawatchState, holds: (loaded: SetawatchState) => boolean, loads: number, firstSeed = 0): number {
  let count = 0;
  for (let seed = firstSeed; seed < firstSeed + loads; seed++) {
    prober.load(state, seed);
    if (holds(prober.state)) count++;
  }
  return count;
}

/** The option whose target is `card`. */
function optionTargeting(view: DecisionView, card: number): number {
  for (let i = 0; i < view.options.count; i++) if (view.options.target[i] === card) return i;
  throw new Error(`no option for card ${card}`);
}

// ---- Places --------------------------------------------------------------------------------------------------------

type Place = { pile: 'deck' | 'horde' | 'removed' | 'unhallowedDeck' | 'line'; index: number };

function cardAt(state: SetawatchState, place: Place): number {
  return place.pile === 'line' ? state.lineCard[place.index] : state[place.pile].at(place.index);
}

function putAt(state: SetawatchState, place: Place, card: number): void {
  if (place.pile === 'line') state.lineCard[place.index] = card;
  else state[place.pile].setAt(place.index, card);
}

function deckPlaces(state: SetawatchState): Place[] {
  return Array.from({ length: state.deck.size }, (_, index) => ({ pile: 'deck', index }));
}

/** The face-down Line positions and the Horde (face down too). */
function faceDownPlaces(state: SetawatchState): Place[] {
  const places: Place[] = [];
  for (let index = 0; index < state.lineLength; index++) if (state.lineRevealed[index] === 0) places.push({ pile: 'line', index });
  for (let index = 0; index < state.horde.size; index++) places.push({ pile: 'horde', index });
  return places;
}

/**
 * Swap two unseen cards between their places. A place keeps its shuffle number (the party knows which shuffle lost
 * the order of the card lying there, not which card it is), so the twin differs from the state only in faces the
 * party has not seen.
 */
function swapUnseen(state: SetawatchState, a: Place, b: Place): void {
  const [cardA, cardB] = [cardAt(state, a), cardAt(state, b)];
  expect([state.cardSeen[cardA], state.cardSeen[cardB]]).toEqual([0, 0]);
  const [shufflesA, shufflesB] = [shufflesOf(state, cardA), shufflesOf(state, cardB)];
  putAt(state, a, cardB);
  putAt(state, b, cardA);
  setShuffles(state, cardB, shufflesA);
  setShuffles(state, cardA, shufflesB);
}

// ---- Indistinguishable twins ---------------------------------------------------------------------------------------

describe('states the party cannot tell apart load alike', () => {
  it("an Acolyte's Summon reshuffle: a face-down Line or Horde card of pile k holds pile k's Summon or not", () => {
    // The party knows: pile k (set-up shuffle k) holds one Summon, unseen; some of pile k's cards lie face down in the
    // Line or the Horde, the rest still in the deck. Swapping that Summon with an unseen non-Summon card of pile k
    // across the Line/deck boundary gives a twin. Then an Acolyte shuffles the Graveyard's Summon into the deck: the
    // new shuffle takes in the whole of pile k (loseOrder merges earlier shuffles wherever their cards lie), so a
    // rollout must not learn whether the Summon is among the face-down cards: pile k is dealt over all its cards first
    // (those now in the deck keep k as their earlier shuffle), then the deck alone.
    // Catches: loseOrder forgetting the earlier shuffle of the deck's cards (the face-down ones stay a group of their
    // own, with or without the Summon).
    const SUMMONS = 3;
    const LOADS = 1000;
    const TOLERANCE = 0.12;
    const states = liveStates(SUMMONS, 6, (s, kind) => s.graveyard.toArray().some((c) => kind[c] === Kind.summon) && twinOfPileSummon(s, kind) !== null);
    expect(states.length).toBe(6);
    const prober = newRules(SUMMONS).createSimulator();
    const kind = prober.tables.kind;
    for (const [n, live] of states.entries()) {
      const { twin, faceDown } = twinOfPileSummon(live, kind) as { twin: SetawatchState; faceDown: Place[] };
      const summonFaceDown = (s: SetawatchState) => faceDown.some((place) => kind[cardAt(s, place)] === Kind.summon);
      expect(summonFaceDown(live)).not.toBe(summonFaceDown(twin));
      // Before the reshuffle: the set-up's shuffles alone.
      expect(Math.abs(hits(prober, live, summonFaceDown, LOADS) - hits(prober, twin, summonFaceDown, LOADS)) / LOADS).toBeLessThan(TOLERANCE);
      // After it, the same deck shuffle in both.
      const [real, other] = [copyOf(live, SUMMONS), copyOf(twin, SUMMONS)];
      for (const rules of [real, other]) {
        engine(rules).reseed(100 + n);
        engine(rules).reshuffleSummon();
      }
      const [p, q] = [hits(prober, real.state, summonFaceDown, LOADS), hits(prober, other.state, summonFaceDown, LOADS)];
      expect(Math.abs(p - q) / LOADS, `state ${n}: ${p} vs ${q} of ${LOADS}`).toBeLessThan(TOLERANCE);
    }
  });

  it("an Acolyte's Summon reshuffle: the Summon the party saw go into the deck never turns up among cards dealt before", () => {
    // The party knows: the face-down Line and Horde cards were dealt before the Acolyte shuffled the Graveyard's
    // Summon into the deck, so that Summon lies in the deck.
    // Catches: an earlier shuffle merged into the new one (rollouts deal the reshuffled Summon face down in the Line).
    const SUMMONS = 3;
    const states = liveStates(SUMMONS, 6, (s, kind) => s.graveyard.toArray().some((c) => kind[c] === Kind.summon) && twinOfPileSummon(s, kind) !== null);
    expect(states.length).toBe(6);
    const prober = newRules(SUMMONS).createSimulator();
    const kind = prober.tables.kind;
    for (const [n, live] of states.entries()) {
      const reshuffled = [...live.graveyard.toArray()].reverse().find((card) => kind[card] === Kind.summon) as number;
      const rules = copyOf(live, SUMMONS);
      engine(rules).reseed(200 + n);
      engine(rules).reshuffleSummon();
      expect(rules.state.deck.indexOf(reshuffled)).toBeGreaterThanOrEqual(0);
      const faceDown = faceDownPlaces(rules.state);
      expect(hits(prober, rules.state, (s) => faceDown.some((place) => cardAt(s, place) === reshuffled), 300)).toBe(0);
    }
  });

  it('a Vanquish of an unseen Horde creature: the card that left the game may have been an Acolyte', () => {
    // The party knows: the Horde's top card is face down and came from the deck; two Acolytes are somewhere among the
    // in-game cards it has not seen. Swapping the Horde top with an unseen Acolyte of the deck gives a twin; Vanquish
    // then removes the Horde top from the game. A rollout's chance that the vanquished card is an Acolyte must be the
    // same in both (a vanquished card is no set-up leftover: it stays in the in-game exchange).
    // Catches: the whole removed pile kept out of the in-game exchange (`pile === state.removed` for `i < setAside`).
    const SUMMONS = 2;
    const LOADS = 2000;
    const states = liveStates(SUMMONS, 6, (s, kind) => vanquishTwin(s, kind) !== null);
    expect(states.length).toBe(6);
    const prober = newRules(SUMMONS).createSimulator();
    const kind = prober.tables.kind;
    let [creatureGone, acolyteGone] = [0, 0];
    for (const live of states) {
      const { real, twin } = vanquishTwin(live, kind) as { real: SetawatchState; twin: SetawatchState };
      const vanquished = real.removed.size - 1;
      const acolyteVanquished = (s: SetawatchState) => kind[s.removed.at(vanquished)] === Kind.acolyte;
      creatureGone += hits(prober, real, acolyteVanquished, LOADS);
      acolyteGone += hits(prober, twin, acolyteVanquished, LOADS);
    }
    // Pooled over the states: about 0.06 in both; a leak of 0.09 against 0.04 would differ by 0.05.
    const total = LOADS * states.length;
    expect(acolyteGone / total).toBeGreaterThan(0);
    expect(Math.abs(creatureGone - acolyteGone) / total, `${creatureGone} vs ${acolyteGone} of ${total}`).toBeLessThan(0.02);
  });

  it("a creature set aside at set-up and an unseen one in the deck: either may be the one in play", () => {
    // The party knows: the set-up's unused creatures left the game unseen, so any creature it has not seen may lie in
    // the deck or among them. Swapping an unseen deck creature with a set-aside one gives a twin; how often the
    // set-aside creature turns up in the deck must be the same.
    // Catches: set-aside creatures kept out of the exchange of unseen creatures (they could never come into play).
    const SUMMONS = 2;
    const LOADS = 2000;
    const states = liveStates(SUMMONS, 4, (s, kind) => setAsideTwin(s, kind) !== null);
    expect(states.length).toBe(4);
    const prober = newRules(SUMMONS).createSimulator();
    const kind = prober.tables.kind;
    let [real, twin] = [0, 0];
    for (const live of states) {
      const made = setAsideTwin(live, kind) as { twin: SetawatchState; card: number };
      const inDeck = (s: SetawatchState) => s.deck.indexOf(made.card) >= 0;
      expect(inDeck(live)).toBe(false);
      expect(inDeck(made.twin)).toBe(true);
      real += hits(prober, live, inDeck, LOADS);
      twin += hits(prober, made.twin, inDeck, LOADS);
    }
    const total = LOADS * states.length;
    expect(Math.abs(real - twin) / total, `${real} vs ${twin} of ${total}`).toBeLessThan(0.05);
    // About 0.63 in both.
    expect(real / total).toBeGreaterThan(0.1);
  });

  it("the Horde's face-down Unhallowed and one under the Unhallowed deck's face-up top", () => {
    // The party knows: the Horde began with one Unhallowed face down; the Unhallowed deck shows only its top card.
    // Swapping the Horde's unseen Unhallowed with an unseen one of the Unhallowed deck gives a twin: how often the
    // Horde's card is found in the Horde must be the same.
    // Catches: no exchange of unseen Unhallowed (rollouts would know the Horde's Unhallowed).
    const SUMMONS = 2;
    const LOADS = 3000;
    const states = liveStates(SUMMONS, 3, (s, kind) => s.round >= 3 && hordeUnhallowedTwin(s, kind) !== null);
    expect(states.length).toBe(3);
    const prober = newRules(SUMMONS).createSimulator();
    for (const live of states) {
      const { twin, place, card } = hordeUnhallowedTwin(live, prober.tables.kind) as { twin: SetawatchState; place: Place; card: number };
      const stillThere = (s: SetawatchState) => cardAt(s, place) === card;
      const [p, q] = [hits(prober, live, stillThere, LOADS), hits(prober, twin, stillThere, LOADS)];
      expect(Math.abs(p - q) / LOADS, `${p} vs ${q} of ${LOADS}`).toBeLessThan(0.06);
      // About 0.14: one of the unseen Unhallowed.
      expect(p).toBeLessThan(LOADS / 2);
    }
  });

  describe('a shuffle that came out another way', () => {
    // The party knows which cards a shuffle took and where it put them, not in what order. Two outcomes of the same
    // shuffle (two seeds of the deck stream) are twins when they show the same face-up cards: a card the shuffle took
    // must be found at the place it has in the first outcome as often in both.
    // Catches: a shuffle that does not call loseOrder (its seen cards keep their places in rollouts), and loseOrder
    // taking in every card whose place is known (`merged[0]` left set).
    const LOADS = 2000;
    const TOLERANCE = 0.08;

    interface Shuffle {
      summons: number;
      /** The seen card the shuffle takes (chosen before it, on the state about to be shuffled). */
      card(rules: Engine): number;
      /** Every card it takes (before it). */
      taken(rules: Engine): number[];
      event(rules: Engine): void;
      /** Where the card lies after the shuffle, or null where the party sees it (a face-up top). */
      place(state: SetawatchState, card: number): Place | null;
      /** The face-up cards after the shuffle, which twins share. */
      faceUp(state: SetawatchState): number;
    }

    function outcome(live: SetawatchState, shuffle: Shuffle, seed: number): { state: SetawatchState; card: number; place: Place | null; taken: number[] } {
      const rules = engine(copyOf(live, shuffle.summons));
      rules.reseed(seed);
      const card = shuffle.card(rules);
      expect(rules.state.cardSeen[card]).toBe(1);
      const taken = shuffle.taken(rules);
      shuffle.event(rules);
      return { state: rules.state, card, place: shuffle.place(rules.state, card), taken };
    }

    /**
     * The cards whose shuffle number a shuffle changed although it neither took them nor any card of their shuffle
     * (a shuffle loses the places of its own cards, not those of every card whose place the party knows).
     */
    function othersChanged(before: SetawatchState, after: SetawatchState, taken: number[]): number[] {
      const takenShuffles = new Set(taken.flatMap((card) => shufflesOf(before, card)));
      const changed: number[] = [];
      for (let card = 0; card < before.cardCount; card++) {
        const untouched = !taken.includes(card) && !shufflesOf(before, card).some((shuffle) => takenShuffles.has(shuffle));
        if (untouched && String(shufflesOf(after, card)) !== String(shufflesOf(before, card))) changed.push(card);
      }
      return changed;
    }

    function compareOutcomes(live: SetawatchState, shuffle: Shuffle): void {
      const outcomes = Array.from({ length: 100 }, (_, seed) => outcome(live, shuffle, seed)).filter((o) => o.place !== null);
      const [first] = outcomes;
      const second = outcomes.find((o) => JSON.stringify(o.place) !== JSON.stringify(first.place) && shuffle.faceUp(o.state) === shuffle.faceUp(first.state));
      if (second === undefined) throw new Error('no second outcome of the shuffle with the same face-up cards');
      const prober = newRules(shuffle.summons).createSimulator();
      const atFirstPlace = (s: SetawatchState) => cardAt(s, first.place as Place) === first.card;
      const [p, q] = [hits(prober, first.state, atFirstPlace, LOADS), hits(prober, second.state, atFirstPlace, LOADS)];
      expect(Math.abs(p - q) / LOADS, `${p} vs ${q} of ${LOADS}`).toBeLessThan(TOLERANCE);
      // The shuffle lost the card's place: it has the new shuffle's number; other cards keep what the party knows.
      expect(latestShuffle(first.state, first.card)).toBe(first.state.shuffles);
      expect(othersChanged(live, first.state, first.taken)).toEqual([]);
    }

    const inDeck = (s: SetawatchState, card: number): Place | null => (s.deck.indexOf(card) >= 0 ? { pile: 'deck', index: s.deck.indexOf(card) } : null);
    const noFaceUp = () => 0;
    /** The Graveyard's topmost card of this kind (the one reshuffleSummon takes). */
    const graveyardTop = (rules: Engine, kind: number) => [...rules.state.graveyard.toArray()].reverse().find((card) => rules.tables.kind[card] === kind) ?? -1;

    it('the Graveyard shuffled under the deck', () => {
      // Every Graveyard card is face up; the deck keeps what it held on top.
      const [live] = liveStates(2, 1, (s) => s.graveyard.size >= 4 && s.deck.size >= 2);
      compareOutcomes(live, {
        summons: 2,
        card: (rules) => rules.state.graveyard.peek(),
        taken: (rules) => rules.state.graveyard.toArray(),
        event: (rules) => rules.shuffleGraveyardUnderDeck(),
        place: inDeck,
        faceUp: noFaceUp,
      });
    });

    it("an Acolyte's Summon reshuffle into the deck", () => {
      // The Graveyard's Summon was face up; the deck is shuffled with it.
      const [live] = liveStates(3, 1, (s, kind) => s.graveyard.toArray().some((c) => kind[c] === Kind.summon) && s.deck.size >= 4);
      compareOutcomes(live, {
        summons: 3,
        card: (rules) => graveyardTop(rules, Kind.summon),
        taken: (rules) => [...rules.state.deck.toArray(), graveyardTop(rules, Kind.summon)],
        event: (rules) => rules.reshuffleSummon(),
        place: inDeck,
        faceUp: noFaceUp,
      });
    });

    it("Sacred City's Seal, then the Unhallowed deck shuffled", () => {
      // A Graveyard Unhallowed (face up) is sealed into the Unhallowed deck, which is shuffled; the deck lies face up,
      // so twins show the same new top card.
      const [live] = liveStates(2, 1, (s, kind) => s.graveyard.toArray().some((c) => kind[c] === Kind.unhallowed) && s.unhallowedDeck.size >= 3);
      compareOutcomes(live, {
        summons: 2,
        card: (rules) => {
          const card = graveyardTop(rules, Kind.unhallowed);
          rules.strategy = { name: 'seal', choose: (_decision, view) => optionTargeting(view, card) };
          return card;
        },
        taken: (rules) => [...rules.state.unhallowedDeck.toArray(), graveyardTop(rules, Kind.unhallowed)],
        event: (rules) => rules.sealChosen(),
        place: (s, card) => {
          const index = s.unhallowedDeck.indexOf(card);
          return index >= 0 && index < s.unhallowedDeck.size - 1 ? { pile: 'unhallowedDeck', index } : null;
        },
        faceUp: (s) => s.unhallowedDeck.peek(),
      });
    });
  });
});

// ---- What the party has seen stays ---------------------------------------------------------------------------------

describe('what the party has seen, rollouts keep', () => {
  const LOADS = 200;

  function setUpOnly(summons: number, seed: number): SetawatchRules {
    const rules = newRules(summons);
    rules.playGame(seed, { name: 'none', choose: greedyChoice }, new OutcomeRecord(3), undefined, 0);
    return rules;
  }

  it('the deck cards looked at (Scout Ahead, Elven Scout) stay on top', () => {
    // The party knows: the faces of the top two creature cards it has just looked at.
    // Catches: lookAtTop not calling `see` (rollouts would deal other cards on top).
    const rules = setUpOnly(2, 3);
    const s = rules.state;
    const top = [s.deck.peek(0), s.deck.peek(1)];
    expect(top.map((c) => s.cardSeen[c])).toEqual([0, 0]);
    expect(engine(rules).lookAtTop(2)).toBe(2);
    const prober = rules.createSimulator();
    expect(hits(prober, s, (loaded) => loaded.deck.peek(0) === top[0] && loaded.deck.peek(1) === top[1], LOADS)).toBe(LOADS);
    expect(top.map((c) => [s.cardSeen[c], latestShuffle(s, c)])).toEqual([[1, 0], [1, 0]]);
  });

  it('a face-down creature left in the Line at the end of the Watch goes to the Horde seen (the party reads its damage)', () => {
    // The party knows: the face of every card the end of the Watch sends to the Horde.
    // Catches: endWatch not calling `see` (rollouts would deal any unseen creature into the Horde).
    const rules = setUpOnly(2, 3);
    const s = rules.state;
    const card = s.deck.draw();
    expect(s.cardSeen[card]).toBe(0);
    engine(rules).insertLine(0, card, false);
    rules.endWatch({ name: 'greedy', choose: greedyChoice });
    expect(s.horde.peek()).toBe(card);
    const prober = rules.createSimulator();
    expect(hits(prober, s, (loaded) => loaded.horde.peek() === card, LOADS)).toBe(LOADS);
  });

  it("the Unhallowed deck's new top after a Summon draws one lies face up", () => {
    // The party knows: the face of the Unhallowed deck's top card (the deck lies face up).
    // Catches: drawUnhallowed not calling seeUnhallowedTop.
    const rules = setUpOnly(2, 3);
    const s = rules.state;
    const next = s.unhallowedDeck.peek(1);
    expect(s.cardSeen[next]).toBe(0);
    engine(rules).drawUnhallowed();
    expect(s.unhallowedDeck.peek()).toBe(next);
    const prober = rules.createSimulator();
    expect(hits(prober, s, (loaded) => loaded.unhallowedDeck.peek() === next, LOADS)).toBe(LOADS);
    expect([s.cardSeen[next], latestShuffle(s, next)]).toEqual([1, 0]);
  });
});

// ---- Twin builders -------------------------------------------------------------------------------------------------

/**
 * A twin of `state` with an unseen Summon of some set-up pile k swapped with an unseen non-Summon card of pile k on
 * the other side of the Line/deck boundary, and pile k's face-down Line and Horde places; null when there is none.
 */
function twinOfPileSummon(state: SetawatchState, kind: ArrayLike<number>): { twin: SetawatchState; faceDown: Place[] } | null {
  const deck = deckPlaces(state);
  for (const summonPlace of [...faceDownPlaces(state), ...deck]) {
    const summon = cardAt(state, summonPlace);
    const k = latestShuffle(state, summon);
    if (kind[summon] !== Kind.summon || state.cardSeen[summon] === 1 || k === 0) continue;
    const ofPile = (place: Place) => latestShuffle(state, cardAt(state, place)) === k;
    const faceDown = faceDownPlaces(state).filter(ofPile);
    const inDeck = deck.filter(ofPile);
    if (faceDown.length === 0 || inDeck.length === 0) continue;
    const otherSide = summonPlace.pile === 'deck' ? faceDown : inDeck;
    const partner = otherSide.find((place) => state.cardSeen[cardAt(state, place)] === 0 && kind[cardAt(state, place)] !== Kind.summon);
    if (partner === undefined) continue;
    const twin = copyOf(state).state;
    swapUnseen(twin, summonPlace, partner);
    return { twin, faceDown };
  }
  return null;
}

/**
 * The state and its twin after a Vanquish of the Horde's top card, an unseen creature in the state, an unseen
 * Acolyte of the deck in the twin; null when the Horde top is no unseen creature or the deck holds no unseen Acolyte.
 */
function vanquishTwin(state: SetawatchState, kind: ArrayLike<number>): { real: SetawatchState; twin: SetawatchState } | null {
  if (state.horde.size === 0) return null;
  const hordeTop: Place = { pile: 'horde', index: state.horde.size - 1 };
  if (state.cardSeen[cardAt(state, hordeTop)] === 1 || kind[cardAt(state, hordeTop)] !== Kind.creature) return null;
  const acolyte = deckPlaces(state).find((place) => kind[cardAt(state, place)] === Kind.acolyte && state.cardSeen[cardAt(state, place)] === 0);
  if (acolyte === undefined) return null;
  const real = copyOf(state).state;
  const twin = copyOf(state).state;
  swapUnseen(twin, hordeTop, acolyte);
  // As rules.ts vanquish(): the Horde's top card leaves the game, face down.
  for (const s of [real, twin]) s.removed.push(s.horde.draw());
  return { real, twin };
}

/**
 * A twin with the Horde's unseen Unhallowed swapped with an unseen one of the Unhallowed deck; the Horde place and
 * the card the state has there. Null when the Horde holds no unseen Unhallowed or the deck none below its top.
 */
function hordeUnhallowedTwin(state: SetawatchState, kind: ArrayLike<number>): { twin: SetawatchState; place: Place; card: number } | null {
  const unseenUnhallowed = (place: Place) => kind[cardAt(state, place)] === Kind.unhallowed && state.cardSeen[cardAt(state, place)] === 0;
  const place = Array.from({ length: state.horde.size }, (_, index): Place => ({ pile: 'horde', index })).find(unseenUnhallowed);
  const inDeck = Array.from({ length: state.unhallowedDeck.size }, (_, index): Place => ({ pile: 'unhallowedDeck', index })).find(unseenUnhallowed);
  if (place === undefined || inDeck === undefined) return null;
  const twin = copyOf(state).state;
  swapUnseen(twin, place, inDeck);
  return { twin, place, card: cardAt(state, place) };
}

/** A twin with a set-aside creature (the bottom `setAside` cards of `removed`) swapped with an unseen deck creature. */
function setAsideTwin(state: SetawatchState, kind: ArrayLike<number>): { twin: SetawatchState; card: number } | null {
  const unseenCreature = (place: Place) => kind[cardAt(state, place)] === Kind.creature && state.cardSeen[cardAt(state, place)] === 0;
  const aside = Array.from({ length: state.setAside }, (_, index): Place => ({ pile: 'removed', index })).find(unseenCreature);
  const inDeck = deckPlaces(state).find(unseenCreature);
  if (aside === undefined || inDeck === undefined) return null;
  const twin = copyOf(state).state;
  const card = cardAt(state, aside);
  swapUnseen(twin, aside, inDeck);
  return { twin, card };
}
