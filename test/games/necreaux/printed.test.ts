/**
 * What the rulebook prints, checked one rule at a time: the cards it prints (the Scientists, the Escape Shuttle, the
 * Secret Cache, the Sliding Wall), the Scaling Play levels' score lines, and the variants (An Uncertain Ending, No Time
 * To Waste, five agents, several agents per player). Each test quotes the rule it checks.
 */
import { describe, expect, it } from 'vitest';
import { StrategyError } from '../../../src/core/errors.ts';
import type { Settings } from '../../../src/core/game.ts';
import { Kind, Op } from '../../../src/games/necreaux/decisions.ts';
import type { NecreauxEngine } from '../../../src/games/necreaux/rules.ts';
import { scoreOf } from '../../../src/games/necreaux/score.ts';
import { Zone } from '../../../src/games/necreaux/state.ts';
import { captureSetUp, catchError, giveHeld, id, metric, outcome, plainScenario, play, reference, setSkills, stackDeck, testStrategy } from './helpers.ts';

const capture = captureSetUp;

/** Two plain agents; agent 1 holds one face-down card and what `hold` gives it, and dies of the Pressure Plate's damage. */
function secondAgentDies(hold: (engine: NecreauxEngine) => void) {
  return play(
    plainScenario(2, ['Pressure Plate'], [], 1, (engine) => {
      setSkills(engine, 1, ['Plain 4']);
      engine.state.setFaceDown(id(engine, 'Plain 4'), true);
      hold(engine);
    }),
    testStrategy({ damageAgent: () => 1, useAbility: () => false, escape: () => false }),
  );
}

describe('the card file holds the rulebook’s printed text and implements it', () => {
  const special = (type: string) => reference.specials.find((s) => s.type === type)!;

  it('The Scientists: 3 charges, +1 when the team rests, spend 1: a charge on a card, spend 1: destroy a card', () => {
    const scientists = special('scientists');
    expect(scientists.text).toBe(
      'Put 3 charges on this card the first time it enters play. When your team rests, gain 1 charge on this card. Spend 1 charge: gain 1 charge on a card. Spend 1 charge: destroy a card at any time.',
    );
    expect(scientists.startCharges).toBe(3);
    expect(scientists.abilities.map((a) => [a.trigger, a.cost.charges, a.effect])).toEqual([
      ['rest', 0, { op: 'chargeSelf', amount: 1 }],
      ['anytime', 1, { op: 'charge', count: 1 }],
      ['anytime', 1, { op: 'destroyCard' }],
    ]);
  });

  it('The Escape Shuttle: no ability of its own (the engine offers the escape)', () => {
    const shuttle = special('shuttle');
    expect(shuttle.text).toBe('You may choose to end the game just before you move the countdown marker. (This is not an item.)');
    expect(shuttle.abilities).toEqual([]);
    expect(shuttle.startCharges).toBe(0);
  });

  it('Secret Cache: 6 charges; a teammate’s doubles move one charge to a card of the team', () => {
    for (const cache of reference.caches) {
      expect(cache.text).toBe(
        'Attach this card to an agent on your team and gain 6 charges on it. Each time a teammate rolls doubles, you may move a charge from this card to a card on your team.',
      );
      expect(cache.startCharges).toBe(6);
      expect(cache.abilities.map((a) => [a.trigger, a.cost.charges, a.cost.discardSelf, a.effect])).toEqual([['teammateDoubles', 1, false, { op: 'charge', count: 1 }]]);
    }
  });

  it('Sliding Wall: a team speed test; below the speed the team splits, at or above nothing happens', () => {
    const walls = reference.adventure.filter((c) => c.name === 'Sliding Wall');
    expect(walls.map((w) => w.id)).toEqual(['A-33', 'A-59']);
    for (const wall of walls) {
      if (wall.type !== 'trap') throw new Error('the Sliding Wall is a trap');
      expect(wall.text).toContain('≥ Speed: That was close! (No effect.) < Speed: Split the team into 2 teams.');
      expect(wall.test).toEqual({ roll: 'team', failWhen: 'belowSpeed' });
      expect(wall.fail).toEqual([{ op: 'slidingWall' }]);
      expect(wall.pass).toEqual([]);
    }
  });
});

describe('the Scientists in play', () => {
  it('"Spend 1 charge: gain 1 charge on a card": a charge moves from the Scientists to another card of the team', () => {
    let used = 0;
    const game = play(
      plainScenario(1, ['Medkit'], [], 1, (engine) => giveHeld(engine, 0, 'The Scientists', 3)),
      testStrategy({
        useAbility: (view, ability) => view.abilityOp(ability) === Op.charge && used++ === 0,
        chargeTarget: (view) => view.skillAt(0, 0),
      }),
    );
    expect(game.state.charges[id(game.engine, 'The Scientists')]).toBe(2);
    expect(game.state.charges[id(game.engine, 'Plain 1')]).toBe(1);
  });

  it('"gain 1 charge on a card" is another card: the Scientists cannot charge themselves', () => {
    let used = 0;
    const thrown = catchError(() =>
      play(
        plainScenario(1, ['Medkit'], [], 1, (engine) => giveHeld(engine, 0, 'The Scientists', 3)),
        testStrategy({ useAbility: (view, ability) => view.abilityOp(ability) === Op.charge && used++ === 0, chargeTarget: (view) => view.scientistsCard }),
      ),
    );
    expect(thrown).toBeInstanceOf(StrategyError);
    expect(thrown).toMatchObject({ decision: 'chargeTarget' });
  });

  it('"the first time it enters play": Scientists handed on by a dying agent keep their charges (1), not 3 again', () => {
    const game = secondAgentDies((engine) => giveHeld(engine, 1, 'The Scientists', 1));
    expect(game.state.alive[1]).toBe(0);
    expect(game.state.holder[id(game.engine, 'The Scientists')]).toBe(0);
    expect(game.state.charges[id(game.engine, 'The Scientists')]).toBe(1);
  });
});

describe('the Escape Shuttle and the Secret Cache in play', () => {
  it('"just before you move the countdown marker": a card that costs a step offers the escape first; taking off leaves the countdown where it was', () => {
    let offered = 0;
    const game = play(
      { ...plainScenario(1, ['Alarm Panel', 'Medkit'], [1, 1], 1, (engine) => giveHeld(engine, 0, 'The Escape Shuttle')) },
      testStrategy({ escape: (view) => (offered++, view.drawn === 1) }, 5),
    );
    expect(offered).toBe(1);
    expect(outcome(game)).toBe('draw');
    expect(game.state.countdown).toBe(1);
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.deck);
  });

  it('"(This is not an item.)": the shuttle cannot be moved between agents in a rest as an item can', () => {
    const thrown = catchError(() =>
      play(
        plainScenario(2, ['Medkit'], [], 2, (engine) => {
          giveHeld(engine, 0, 'The Escape Shuttle');
          giveHeld(engine, 0, 'Lucky Charm');
        }),
        testStrategy({ chooseSpeed: () => 0, transferItem: (view) => view.shuttleCard, escape: () => false }),
      ),
    );
    expect(thrown).toBeInstanceOf(StrategyError);
    expect(thrown).toMatchObject({ decision: 'transferItem' });
  });

  it('a dying agent hands on its special cards (the shuttle) and discards the rest: a Secret Cache is not a special card', () => {
    const game = secondAgentDies((engine) => {
      giveHeld(engine, 1, 'The Escape Shuttle');
      const cache = engine.cards.cacheStart;
      engine.state.zone[cache] = Zone.aside;
      engine.state.putHeld(1, cache);
      engine.state.charges[cache] = 4;
    });
    const s = game.state;
    expect(s.alive[1]).toBe(0);
    expect(s.holder[id(game.engine, 'The Escape Shuttle')]).toBe(0);
    expect(s.zone[game.engine.cards.cacheStart]).toBe(Zone.discard);
  });

  it('"Attach this card to an agent on your team": the team picks the agent, who gets the cache with 6 charges', () => {
    const game = play(plainScenario(3, ['Secret Cache', 'Medkit'], [], 1), testStrategy({ chooseHolder: () => 2, useAbility: () => false }, 2));
    const cache = game.state.heldAt(2, 0);
    expect(game.engine.cards.kind[cache]).toBe(Kind.cache);
    expect(game.state.charges[cache]).toBe(6);
  });
});

describe('the Sliding Wall: "each team must have at least one agent on it"', () => {
  it('a lost team of every agent is illegal', () => {
    const thrown = catchError(() => play(plainScenario(2, ['A-33', 'Medkit'], [1, 1], 2), testStrategy({ splitTeam: () => 3 }, 3)));
    expect(thrown).toMatchObject({ decision: 'splitTeam' });
  });

  it('with one agent left alive of a larger team it has no effect (no split is possible)', () => {
    let asked = 0;
    const game = play(
      plainScenario(3, ['A-33', 'Medkit'], [1, 1], 1, (engine) => {
        engine.state.kill(1);
        engine.state.kill(2);
      }),
      testStrategy({ splitTeam: () => (asked++, 1) }, 8),
    );
    expect(asked).toBe(0);
    expect(metric(game, 'splits')).toBe(0);
  });
});

describe('the performance evaluation line by line, per Scaling Play level', () => {
  /**
   * At the end of set-up nothing is discarded, no XP spent, no card held or lost: the score is 5 per countdown step,
   * 10 for never spending XP, and the level's set-up lines: +10 silent draft, -3 pre-made agents, -5 per cache put
   * in the deck, -30 How To Play deck.
   */
  it.each([
    ['intro', 0, -3, 2, -30],
    ['1', 0, 0, 2, -30],
    ['2', 0, 0, 1, -30],
    ['3', 0, 0, 2, 0],
    ['4', 0, -3, 2, 0],
    ['5', 0, -3, 0, 0],
    ['6', 0, 0, 0, 0],
    ['7', 10, 0, 0, 0],
  ] as const)('Level %s: draft %i, pre-made %i, %i caches, deck %i', (level, draft, premade, caches, deck) => {
    const engine = capture({ agents: 3, level });
    expect(engine.state.cachesAdded).toBe(caches);
    expect(scoreOf(engine.state, engine.rules)).toBe(5 * 7 + 10 + draft + premade - 5 * caches + deck);
  });

  it('the caches setting scores -5 per cache it puts in the deck, whatever the level', () => {
    const score = (caches: string) => {
      const engine = capture({ agents: 3, level: '6', caches });
      return scoreOf(engine.state, engine.rules);
    };
    expect([score('none'), score('upper'), score('lower'), score('both'), score('shuffled-1'), score('shuffled-2')]).toEqual([45, 40, 40, 35, 40, 35]);
  });

  it('+1 per adventure card in the discard pile, +5 per turn left, -10 per skill card damage destroyed; spent XP loses the +10', () => {
    const engine = capture({ agents: 3, level: '6' });
    const s = engine.state;
    const base = scoreOf(s, engine.rules);
    for (const name of ['Guard Dog', 'Medkit']) {
      const card = id(engine, name);
      s.deck.remove(card);
      s.discardCard(card);
    }
    s.countdown -= 2;
    s.skillsLost = 1;
    s.xpSpent = 2;
    expect(scoreOf(s, engine.rules)).toBe(base + 2 - 10 - 10 - 10);
  });
});

describe('An Uncertain Ending', () => {
  it('"The game does not end when the countdown timer reaches zero": a card that takes the last step mid-turn ends nothing; the turn goes on and ends with the die', () => {
    const game = play(
      { ...plainScenario(1, ['Alarm Panel', 'Medkit', 'Laser Pistol'], [1, 1, 6], 1), settings: { agents: 1, level: '6', uncertainEnding: true } },
      testStrategy({}, 2),
    );
    expect(game.log).toContain('  countdown -1 -> 0');
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.loot);
    expect(game.log).toContain('  uncertain ending: rolled 6');
    expect(metric(game, 'turns')).toBe(1);
  });

  it('a team with the shuttle at zero is still offered the escape just before the (zero) marker moves', () => {
    const game = play(
      { ...plainScenario(1, ['Medkit', 'Laser Pistol'], [], 0, (engine) => giveHeld(engine, 0, 'The Escape Shuttle')), settings: { agents: 1, level: '6', uncertainEnding: true } },
      testStrategy({ escape: () => true }, 1),
    );
    expect(outcome(game)).toBe('draw');
    expect(metric(game, 'turns')).toBe(1);
  });

  it('"This roll cannot be modified, re-rolled, or substituted": a reroll ability is not offered on the blast die', () => {
    let offered = 0;
    const game = play(
      {
        ...plainScenario(1, ['Medkit', 'Laser Pistol'], [6], 0, (engine) => setSkills(engine, 0, ['Lucky', 'Plain 2', 'Plain 3'])),
        settings: { agents: 1, level: '6', uncertainEnding: true },
      },
      testStrategy({ useAbility: () => (offered++, true) }, 1),
    );
    expect(offered).toBe(0);
    expect(outcome(game)).toBe('failure');
  });
});

describe('No Time To Waste', () => {
  it('dealt: 24 cards "evenly divided, to the players", each puts back the card of its choice; the rest go to the box', () => {
    const returned: number[] = [];
    const handSizes: number[] = [];
    const engine = capture(
      { agents: 3, players: 2, level: '6', noTimeToWaste: 'dealt' },
      testStrategy({
        returnCard: (view, player) => {
          handSizes.push(view.handSize(player));
          const card = view.handAt(player, view.handSize(player) - 1);
          returned.push(card);
          return card;
        },
      }),
    );
    expect(handSizes).toEqual([12, 12]);
    for (const card of returned) expect(engine.state.zone[card]).toBe(Zone.deck);
    expect(engine.state.box.size).toBe(22);
    for (let i = 0; i < engine.state.box.size; i++) expect(engine.cards.kind[engine.state.box.at(i)]).not.toBe(Kind.cache);
  });

  /**
   * Sets up 40 games with these settings and checks the piles: `piles` adventure cards from the top, the Scientists
   * somewhere in the middle pile and the shuttle in the bottom one in every game. Returns the last game's engine.
   */
  function expectPiles(settings: Settings, piles: readonly [number, number, number]): NecreauxEngine {
    const [top, middle, bottom] = piles;
    let engine: NecreauxEngine | null = null;
    for (let seed = 0; seed < 40; seed++) {
      engine = capture(settings, testStrategy(), seed);
      const deck = engine.state.deck;
      const depth = (card: number) => deck.size - 1 - deck.indexOf(card);
      expect(deck.size).toBe(top + middle + bottom + 2);
      expect([engine.state.middlePileSize, engine.state.bottomPileSize]).toEqual([middle + 1, bottom + 1]);
      expect(depth(engine.cards.scientists)).toBeGreaterThanOrEqual(top);
      expect(depth(engine.cards.scientists)).toBeLessThanOrEqual(top + middle);
      expect(depth(engine.cards.shuttle)).toBeGreaterThan(top + middle);
    }
    return engine!;
  }

  it('"If there are excess cards, put them in one of the three piles and use that pile as the bottom": 53 cards are 17/17/19', () => {
    expectPiles({ agents: 1, players: 1, level: '6', noTimeToWaste: 'dealt' }, [17, 17, 19]);
  });

  it('with the How To Play deck the 52 cards left keep their number order in piles of 17/17/18 (judgement 30)', () => {
    const engine = expectPiles({ agents: 2, level: 'intro', noTimeToWaste: 'random', caches: 'none' }, [17, 17, 18]);
    const deck = engine.state.deck;
    const top: number[] = [];
    for (let depth = 0; depth < deck.size; depth++) top.push(deck.peek(depth));
    const numbers = (cards: number[]) => cards.filter((c) => c < engine.cards.adventureCount).map((c) => engine.cards.number[c]);
    const piles = [numbers(top.slice(0, 17)), numbers(top.slice(17, 35)), numbers(top.slice(35))];
    expect(piles.map((pile) => pile.length)).toEqual([17, 17, 18]);
    expect(Math.max(...piles[0])).toBeLessThan(Math.min(...piles[1]));
    expect(Math.max(...piles[1])).toBeLessThan(Math.min(...piles[2]));
  });
});

describe('five agents and several agents per player', () => {
  it('"Each monster\'s health is equal to the number of agents on your team": 5 with five agents', () => {
    const game = play({ settings: { agents: 5, level: '6' }, arrange: (engine) => {
      stackDeck(engine, ['Guard Dog']);
      engine.state.countdown = 1;
    } }, testStrategy({}, 1));
    expect(game.log.some((line) => /^ {2}fight Guard Dog: CV \d+, health 5$/.test(line))).toBe(true);
  });

  it('"create and control each agent as if it were controlled by a different player": one player with three agents deals, keeps and swaps per agent', () => {
    const engine = capture({ agents: 3, players: 1, level: '6' });
    expect(engine.state.skillPool.size).toBe(3);
    for (let agent = 0; agent < 3; agent++) expect(engine.state.skillCount(agent)).toBe(3);
    const drafted = capture({ agents: 3, players: 1, level: '7' });
    expect(drafted.state.skillDiscard.size).toBe(3);
  });

  it('"roll separately for each agent you control": one player with three agents rolls three times a combat round', () => {
    const game = play(
      { ...plainScenario(3, ['Guard Dog'], [6, 5, 6, 5, 6, 5], 1), settings: { agents: 3, players: 1, level: '6' } },
      testStrategy({}, 1),
    );
    const rollers = game.log.flatMap((line) => /^ {2}agent (\d) rolls/.exec(line)?.[1] ?? []);
    expect(rollers).toEqual(['0', '1', '2']);
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });
});
