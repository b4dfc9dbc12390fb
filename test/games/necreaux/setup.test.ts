import { describe, expect, it } from 'vitest';
import { Keyword } from '../../../src/games/necreaux/cards.ts';
import { Kind } from '../../../src/games/necreaux/decisions.ts';
import type { NecreauxEngine } from '../../../src/games/necreaux/rules.ts';
import { scoreOf } from '../../../src/games/necreaux/score.ts';
import { Zone } from '../../../src/games/necreaux/state.ts';
import { captureSetUp, checkConservation, giveHeld, metric, outcome, play, stackDeck, testStrategy } from './helpers.ts';

/** The adventure deck from the top, as kinds and numbers: "A-12", "scientists", "shuttle", "cache". */
function deckFromTop(engine: NecreauxEngine): string[] {
  const deck = engine.state.deck;
  const names: string[] = [];
  for (let depth = 0; depth < deck.size; depth++) {
    const card = deck.peek(depth);
    const kind = engine.cards.kind[card];
    names.push(kind === Kind.scientists ? 'scientists' : kind === Kind.shuttle ? 'shuttle' : kind === Kind.cache ? 'cache' : engine.cards.ids[card]);
  }
  return names;
}

function numbers(cards: readonly string[]): number[] {
  return cards.filter((c) => c.startsWith('A-')).map((c) => Number(c.slice(2)));
}

const capture = captureSetUp;

describe('the countdown', () => {
  it.each([
    [1, 11],
    [2, 9],
    [3, 7],
    [4, 5],
    [5, 4],
  ])('starts by team size: %i agents = %i', (agents, countdown) => {
    expect(capture({ agents, level: 'intro' }).state.countdown).toBe(countdown);
  });

  it('An Uncertain Ending takes 3 steps, No Time To Waste 5, both 8', () => {
    expect(capture({ agents: 1, level: 'intro', uncertainEnding: true }).state.countdown).toBe(8);
    expect(capture({ agents: 5, level: 'intro', uncertainEnding: true }).state.countdown).toBe(1);
    expect(capture({ agents: 2, level: 'intro', noTimeToWaste: 'random' }).state.countdown).toBe(4);
    expect(capture({ agents: 3, level: 'intro', noTimeToWaste: 'random' }).state.countdown).toBe(2);
    expect(capture({ agents: 1, level: 'intro', noTimeToWaste: 'dealt', uncertainEnding: true }).state.countdown).toBe(3);
    expect(capture({ agents: 2, level: 'intro', noTimeToWaste: 'random', uncertainEnding: true }).state.countdown).toBe(1);
  });

  it.each([3, 4, 5])('both variants move the marker toward zero and stop there: %i agents start at 0', (agents) => {
    expect(capture({ agents, level: 'intro', noTimeToWaste: 'random', uncertainEnding: true }).state.countdown).toBe(0);
  });

  it('a start at zero with An Uncertain Ending plays its first turn, which ends with the blast roll', () => {
    const game = play({ settings: { agents: 3, level: '6', uncertainEnding: true, noTimeToWaste: 'random' }, dice: [6], arrange: (engine) => stackDeck(engine, ['Medkit']) }, testStrategy({}, 1));
    expect(game.log).toContain('  uncertain ending: rolled 6');
    expect(outcome(game)).toBe('failure');
    expect(metric(game, 'turns')).toBe(1);
  });
});

describe('the island', () => {
  it('How To Play: piles by card number, the specials shuffled into the middle and bottom piles, caches face-up between', () => {
    const deck = deckFromTop(capture({ agents: 4, level: 'intro' }));
    expect(deck).toHaveLength(80);
    expect(numbers(deck.slice(0, 25)).sort((a, b) => a - b)).toEqual(range(1, 25));
    expect(deck[25]).toBe('cache');
    expect(deck.slice(26, 52)).toContain('scientists');
    expect(numbers(deck.slice(26, 52)).sort((a, b) => a - b)).toEqual(range(26, 50));
    expect(deck[52]).toBe('cache');
    expect(deck.slice(53)).toContain('shuttle');
    expect(numbers(deck.slice(53)).sort((a, b) => a - b)).toEqual(range(51, 76));
  });

  it.each(['none', 'upper', 'lower', 'both'])('How To Play, caches %s: the cards above the middle pile are pile 1 and the upper cache (the lower cache lies below it)', (caches) => {
    const s = capture({ agents: 4, level: 'intro', caches }).state;
    const upper = caches === 'upper' || caches === 'both' ? 1 : 0;
    const lower = caches === 'lower' || caches === 'both' ? 1 : 0;
    expect(s.cardsAboveMiddlePile).toBe(25 + upper);
    expect(s.cardsAboveBottomPile).toBe(25 + upper + 26 + lower);
  });

  it('How To Play: the strategies know the pile each adventure card was stacked in; in a shuffled deck, none', () => {
    const engine = capture({ agents: 4, level: 'intro', caches: 'none' });
    const s = engine.state;
    const piles: number[] = [];
    for (let depth = 0; depth < s.deck.size; depth++) {
      const card = s.deck.peek(depth);
      if (engine.cards.kind[card] !== Kind.scientists && engine.cards.kind[card] !== Kind.shuttle) piles.push(s.knownPile(card));
    }
    expect(piles).toEqual([...Array<number>(25).fill(0), ...Array<number>(25).fill(1), ...Array<number>(26).fill(2)]);
    const shuffled = capture({ agents: 4, level: '6' });
    for (let depth = 0; depth < shuffled.state.deck.size; depth++) expect(shuffled.state.knownPile(shuffled.state.deck.peek(depth))).toBe(-1);
  });

  it.each([
    ['intro', 'both'],
    ['3', 'both'],
    ['4', 'shuffled-2'],
    ['7', 'none'],
  ])('every card is in one place after the set-up (Level %s, caches %s)', (level, caches) => {
    for (const seed of [1, 2, 3]) checkConservation(capture({ agents: 4, level, caches }, testStrategy(), seed).state);
  });

  it('Level 2: only the upper cache', () => {
    const deck = deckFromTop(capture({ agents: 4, level: '2' }));
    expect(deck.filter((c) => c === 'cache')).toHaveLength(1);
    expect(deck[25]).toBe('cache');
  });

  it('experienced set-up: shuffled piles of 25/25/26 with the specials, no caches at Level 6', () => {
    const deck = deckFromTop(capture({ agents: 4, level: '6' }));
    expect(deck).toHaveLength(78);
    expect(deck.slice(0, 25)).not.toContain('scientists');
    expect(deck.slice(25, 51)).toContain('scientists');
    expect(deck.slice(51)).toContain('shuttle');
    expect(deck).not.toContain('cache');
    expect(Math.max(...numbers(deck.slice(0, 25)))).toBeGreaterThan(25);
  });

  it('Level 3: caches between the piles; the caches setting can keep only one', () => {
    const both = deckFromTop(capture({ agents: 4, level: '3' }));
    expect([both[25], both[52]]).toEqual(['cache', 'cache']);
    const lower = deckFromTop(capture({ agents: 4, level: '3', caches: 'lower' }));
    expect(lower.filter((c) => c === 'cache')).toHaveLength(1);
    expect(lower[51]).toBe('cache');
  });

  it('Level 4: caches shuffled in before the deck is split', () => {
    const deck = deckFromTop(capture({ agents: 4, level: '4' }));
    expect(deck).toHaveLength(80);
    expect(deck.filter((c) => c === 'cache')).toHaveLength(2);
    expect(deckFromTop(capture({ agents: 4, level: '4', caches: 'shuffled-1' })).filter((c) => c === 'cache')).toHaveLength(1);
  });

  it('No Time To Waste at random: 24 cards to the box, three piles of what is left', () => {
    const engine = capture({ agents: 3, level: '6', noTimeToWaste: 'random' });
    expect(engine.state.box.size).toBe(24);
    const deck = deckFromTop(engine);
    expect(deck).toHaveLength(54);
    expect(deck.slice(17, 35)).toContain('scientists');
    expect(deck.slice(35)).toContain('shuttle');
  });

  it('No Time To Waste at random: the players cannot tell the boxed cards from the deck, those dealt they can', () => {
    const unseenCount = (engine: ReturnType<typeof capture>) => {
      let unseen = 0;
      for (let card = 0; card < engine.state.adventureCount; card++) if (engine.state.unseen(card)) unseen++;
      return unseen;
    };
    const random = capture({ agents: 3, level: '6', noTimeToWaste: 'random' });
    expect(unseenCount(random)).toBe(unseenCount(capture({ agents: 3, level: '6' })));
    for (let i = 0; i < random.state.box.size; i++) expect(random.state.unseen(random.state.box.at(i))).toBe(true);
    const dealt = capture({ agents: 3, players: 2, level: '6', noTimeToWaste: 'dealt' });
    for (let i = 0; i < dealt.state.box.size; i++) expect(dealt.state.unseen(dealt.state.box.at(i))).toBe(false);
  });

  it('No Time To Waste dealt: the 24 cards are dealt to the players, each puts one back', () => {
    const engine = capture({ agents: 3, players: 2, level: '6', noTimeToWaste: 'dealt' });
    expect(engine.state.box.size).toBe(22);
    expect(engine.state.deck.size).toBe(56);
  });
});

describe('the Scaling Play levels', () => {
  /**
   * What a level's set-up did, read from the game it sets up (3 agents): the deck (How To Play piles by card number,
   * or the experienced shuffled piles), where the secret caches lie, how the agents were made (pre-made: agent 1 is
   * Lucky / Martial Artist / Keen Senses; keep 3: the three fourth cards form the skill pool; silent draft: the three
   * fourth cards are discarded), and whether Monster Loot's leftovers are discarded.
   */
  function setUpOf(level: string) {
    const engine = capture({ agents: 3, level });
    const deck = deckFromTop(engine);
    const firstPile = numbers(deck.slice(0, 25));
    const s = engine.state;
    const premade = range(0, 2).map((i) => engine.cards.names[s.skillAt(0, i)]).join('/') === 'Lucky/Martial Artist/Keen Senses';
    const creation = s.skillDiscard.size === 3 && s.skillPool.size === 0 ? 'draft' : s.skillPool.size === 3 ? 'keep3' : premade && s.skillPool.size === 0 ? 'premade' : 'other';
    return {
      deck: firstPile.length === 25 && Math.max(...firstPile) === 25 ? 'how-to-play' : 'experienced',
      caches: deck.flatMap((c, at) => (c === 'cache' ? [at] : [])),
      creation,
      lootLeftovers: engine.rules.discardLootLeftovers ? 'discarded' : 'kept',
    };
  }

  it.each([
    ['intro', 'how-to-play', [25, 52], 'premade'],
    ['1', 'how-to-play', [25, 52], 'keep3'],
    ['2', 'how-to-play', [25], 'keep3'],
    ['3', 'experienced', [25, 52], 'keep3'],
    ['4', 'experienced', 'shuffled-2', 'premade'],
    ['5', 'experienced', [], 'premade'],
    ['6', 'experienced', [], 'keep3'],
    ['7', 'experienced', [], 'draft'],
  ] as const)('Level %s: %s deck, caches %j, %s agents', (level, deck, caches, creation) => {
    const got = setUpOf(level);
    expect({ ...got, caches: caches === 'shuffled-2' ? got.caches.length : got.caches }).toEqual({
      deck,
      caches: caches === 'shuffled-2' ? 2 : caches,
      creation,
      lootLeftovers: level === '7' ? 'discarded' : 'kept',
    });
    // Shuffled in before the split, the caches lie anywhere: not just between the piles.
    if (caches === 'shuffled-2') expect(range(0, 9).some((seed) => ![25, 51, 52].includes(deckFromTop(capture({ agents: 3, level }, testStrategy(), seed)).indexOf('cache')))).toBe(true);
  });

  it.each([
    ['none', []],
    ['upper', [25]],
    ['lower', [51]],
    ['both', [25, 52]],
  ] as const)('the caches setting on its own: %s on the experienced deck', (caches, at) => {
    expect(deckFromTop(capture({ agents: 3, level: '6', caches })).flatMap((c, i) => (c === 'cache' ? [i] : []))).toEqual(at);
  });

  it('the caches setting: two shuffled in', () => {
    expect(deckFromTop(capture({ agents: 3, level: '6', caches: 'shuffled-2' })).filter((c) => c === 'cache')).toHaveLength(2);
  });
});

describe('agent creation', () => {
  it('How To Play: the pre-made agents', () => {
    const engine = capture({ agents: 4, level: 'intro' });
    const names = (agent: number) => range(0, 2).map((i) => engine.cards.names[engine.state.skillAt(agent, i)]);
    expect(names(0)).toEqual(['Lucky', 'Martial Artist', 'Keen Senses']);
    expect(names(3)).toEqual(['Scout', 'Charmed', 'Security Expert']);
    expect(engine.state.charges[engine.cards.named('Clairvoyant')]).toBe(0);
  });

  it('a smaller team takes only its own agents\' pre-made sets; the others stay in the skill deck', () => {
    const engine = capture({ agents: 2, level: 'intro' });
    const s = engine.state;
    expect([s.skillCount(0), s.skillCount(1), s.skills[2].size, s.skills[3].size]).toEqual([3, 3, 0, 0]);
    expect(s.zone[engine.cards.named('Scout')]).toBe(Zone.skillDeck);
  });

  it('a fifth pre-made agent takes three skill cards from the skill deck', () => {
    const engine = capture({ agents: 5, level: 'intro' });
    expect(engine.state.skillCount(4)).toBe(3);
  });

  it('deal four, keep three, then one swap each with the skill pool', () => {
    const swapper = testStrategy({ poolSwap: (view, agent) => (agent === 0 ? view.poolAt(view.poolSize() - 1) : -1) });
    const engine = capture({ agents: 3, level: '6' }, swapper);
    expect(engine.state.skillPool.size).toBe(3);
    for (let agent = 0; agent < 3; agent++) expect(engine.state.skillCount(agent)).toBe(3);
    expect(engine.state.skillDeck.size).toBe(38 - 12);
  });

  it('the swaps go one agent at a time: a card one agent gives back is in the pool for the next', () => {
    // Catches: the pool fixed before the swaps (each agent offered only the kept-three leftovers), or swaps applied at once.
    let givenBack = -1;
    const offeredToSecond: number[] = [];
    const chain = testStrategy({
      poolSwap: (view, agent) => {
        if (agent === 0) return view.poolAt(0);
        if (agent !== 1) return -1;
        for (let i = 0; i < view.poolSize(); i++) offeredToSecond.push(view.poolAt(i));
        return givenBack;
      },
      swapOut: (view, agent) => {
        const out = view.skillAt(agent, 0);
        if (agent === 0) givenBack = out;
        return out;
      },
    });
    const engine = capture({ agents: 3, level: '6' }, chain);
    expect(offeredToSecond).toContain(givenBack);
    const skillsOf = (agent: number) => range(0, 2).map((i) => engine.state.skillAt(agent, i));
    expect(skillsOf(1)).toContain(givenBack);
    expect(skillsOf(0)).not.toContain(givenBack);
    expect(engine.state.skillPool.size).toBe(3);
  });

  it('silent draft: pick one, pass the rest left, three times; the fourth cards are discarded', () => {
    const offered: number[][] = [];
    const drafter = testStrategy({
      draftPick: (view, agent) => {
        offered.push(range(0, view.handSize(agent) - 1).map((i) => view.handAt(agent, i)));
        return view.handAt(agent, 0);
      },
    });
    const engine = capture({ agents: 3, level: '7' }, drafter);
    expect(engine.state.skillDiscard.size).toBe(3);
    // Round 2: agent 1 is offered what agent 0 left in round 1.
    expect(offered[4]).toEqual(offered[0].slice(1));
    for (let agent = 0; agent < 3; agent++) expect(engine.state.skillCount(agent)).toBe(3);
  });

  it('silent draft: an irreplaceable fourth card goes to the box, not the skill discard', () => {
    // Catches: the fourth cards moved straight to the skill discard, where a reshuffle brings an irreplaceable one back.
    const { cards } = capture({ agents: 3, level: '7' });
    const irreplaceable = (card: number) => cards.hasKeyword(card, Keyword.irreplaceable);
    const avoider = testStrategy({
      draftPick: (view, agent) => {
        const hand = range(0, view.handSize(agent) - 1).map((i) => view.handAt(agent, i));
        return hand.find((card) => !irreplaceable(card)) ?? hand[0];
      },
    });
    let checked = 0;
    for (let seed = 0; seed < 40 && checked < 2; seed++) {
      const engine = capture({ agents: 3, level: '7' }, avoider, seed);
      expect(engine.state.skillDiscard.toArray().filter(irreplaceable)).toEqual([]);
      if (engine.state.box.toArray().some(irreplaceable)) checked++;
    }
    expect(checked).toBe(2);
  });
});

describe('the performance evaluation', () => {
  /** A lone agent holding the shuttle and the Scientists, on the last turn of an Intro game: it escapes with them. */
  const escapeWithEverything = () =>
    play(
      {
        settings: { agents: 1, level: 'intro' },
        arrange: (engine) => {
          stackDeck(engine, ['Medkit']);
          engine.state.countdown = 1;
          giveHeld(engine, 0, 'The Escape Shuttle');
          giveHeld(engine, 0, 'The Scientists', 3);
        },
      },
      testStrategy({}, 1),
    );

  it('scores every line of the rulebook', () => {
    const game = escapeWithEverything();
    // 0 discarded + 5 x 1 turn left + 10 no XP spent + 10 scientists + 10 shuttle + 10 escaped + 10 with the
    // scientists - 3 pre-made agents - 5 x 2 caches - 30 How To Play deck.
    expect(metric(game, 'score')).toBe(12);
  });

  it('an utter failure scores no Scientists or shuttle: the dead still hold them, with no teammate to take them', () => {
    const game = escapeWithEverything();
    const held = metric(game, 'score');
    game.state.kill(0);
    expect(scoreOf(game.state, game.engine.rules)).toBe(held - 20);
  });

  it('scores -10 per skill card destroyed by damage', () => {
    const game = escapeWithEverything();
    const before = metric(game, 'score');
    game.state.skillsLost = 2;
    expect(scoreOf(game.state, game.engine.rules)).toBe(before - 20);
  });

  it('"Started with extra turns" scores -10 per countdown step a set-up Solo Bonus adds to the instructed start', () => {
    const engine = captureSetUp({ agents: 1, level: '6' });
    const s = engine.state;
    const extra = s.startingCountdown - s.instructedCountdown;
    expect(extra).toBeGreaterThan(0);
    // 5 per turn left (the countdown as it started) + 10 no XP spent; Level 6 has no other set-up line.
    expect(scoreOf(s, engine.rules)).toBe(5 * s.countdown + 10 - 10 * extra);
  });

  it('the variants instruct their cuts: they score nothing as "fewer turns than instructed"', () => {
    const game = play(
      {
        settings: { agents: 2, level: '6', noTimeToWaste: 'random', uncertainEnding: true },
        dice: [6],
        arrange: (engine) => stackDeck(engine, []),
      },
      testStrategy({}, 1),
    );
    expect(game.state.instructedCountdown).toBe(1);
    expect(game.state.startingCountdown).toBe(1);
    expect(outcome(game)).toBe('failure');
    // 0 discarded + 5 x 0 turns left + 10 no XP spent; nothing for the 8 steps the variants cut.
    expect(metric(game, 'score')).toBe(10);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
