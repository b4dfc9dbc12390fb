import { describe, expect, it } from 'vitest';
import { necreaux } from '../../../src/games/necreaux/index.ts';
import { cardsToShuttle } from '../../../strategies/necreaux/sensible.ts';
import { Op, Roll, type NecreauxView } from '../../../src/games/necreaux/decisions.ts';
import { giveHeld, id, lift, metric, outcome, play, plainAgents, plainScenario, setSkills, stackDeck, testStrategy } from './helpers.ts';

const definition = (name: string) => necreaux.strategies.find((s) => s.name === name)!;

describe('the built-in strategies', () => {
  it('are fixed-speed, adaptive, cautious and random; adaptive is the default', () => {
    expect(necreaux.strategies.map((s) => s.name)).toEqual(['fixed-speed', 'adaptive', 'cautious', 'random']);
    expect(necreaux.defaultStrategy).toBe('adaptive');
    expect(definition('fixed-speed').params).toEqual([expect.objectContaining({ name: 'speed', kind: 'int', min: 1, max: 40, default: 7 })]);
  });

  it('fixed-speed explores at its speed', () => {
    const game = play(
      { settings: { agents: 1 }, arrange: (e) => {
        plainAgents(e);
        stackDeck(e, ['Medkit', 'Laser Pistol', 'Lucky Charm', 'Stim Pack']);
        e.state.countdown = 1;
      } },
      definition('fixed-speed').create({ speed: 3 }),
    );
    expect(metric(game, 'cardsDrawn')).toBe(3);
  });

  it('adaptive spreads the cards to the shuttle over the turns left, less the turns its reserve keeps in hand', () => {
    const firstTurn = (reserve: number) => {
      const adaptive = definition('adaptive').create({ reserve });
      let asked: { cards: number; turns: number; speed: number } | null = null;
      const strategy = Object.assign(Object.create(adaptive) as typeof adaptive, {
        chooseSpeed: (view: Parameters<typeof adaptive.chooseSpeed>[0]) => {
          const speed = adaptive.chooseSpeed(view);
          asked ??= { cards: cardsToShuttle(view), turns: view.countdown, speed };
          return speed;
        },
      });
      play({ settings: { agents: 4 } }, strategy);
      return asked!;
    };
    const even = firstTurn(0);
    expect(even.turns).toBe(5);
    expect(even.speed).toBe(Math.ceil(even.cards / 5));
    expect(firstTurn(1).speed).toBe(Math.ceil(even.cards / 4));
    expect(definition('adaptive').params).toContainEqual(expect.objectContaining({ name: 'reserve', kind: 'int', min: 0, max: 5, default: 4 }));
  });

  it('adaptive rests when half its skill cards are disabled, if the turns after the rest still hold its reserve', () => {
    /** The first speed adaptive picks for a lone plain agent with `disabled` of its 3 skill cards face-down. */
    const firstSpeed = (disabled: number, countdown: number) => {
      let speed = -1;
      play({ settings: { agents: 1 }, arrange: (e) => {
        plainAgents(e);
        for (let i = 0; i < disabled; i++) e.state.setFaceDown(e.state.skillAt(0, i), true);
        e.state.countdown = countdown;
        speed = definition('adaptive').create({}).chooseSpeed(e.state);
      } }, definition('fixed-speed').create({}));
      return speed;
    };
    // Two of three cards disabled: 4 of 6 hearts, a share of 0.67 (one disabled card keeps one heart, so the share
    // never falls below one half; the old threshold of 0.4 could never be reached).
    expect(firstSpeed(2, 11)).toBe(0);
    expect(firstSpeed(1, 11)).toBeGreaterThan(0);
    // Four turns left, a reserve of four: a rest would eat into the reserve.
    expect(firstSpeed(2, 4)).toBeGreaterThan(0);
  });

  it("sensible strategies take a skill's free rest (Resourceful) when the team is hurt, by adaptive's measure", () => {
    /** Free rests a lone agent with Resourceful and `disabled` of its other two skill cards face-down takes in one turn. */
    const freeRests = (disabled: number) => {
      const game = play({ settings: { agents: 1 }, arrange: (e) => {
        setSkills(e, 0, ['Resourceful', 'Plain 2', 'Plain 3']);
        e.state.charges[id(e, 'Resourceful')] = 2;
        for (let i = 1; i <= disabled; i++) e.state.setFaceDown(e.state.skillAt(0, i), true);
        stackDeck(e, ['Medkit', 'Laser Pistol']);
        e.state.countdown = 1;
      } }, definition('fixed-speed').create({ speed: 1 }));
      return game.log.filter((line) => line === '  Resourceful: rest').length;
    };
    // Two of three cards disabled: 4 of 6 hearts, below three quarters.
    expect(freeRests(2)).toBe(1);
    expect(freeRests(1)).toBe(0);
  });

  it('adaptive rests and then escapes once it holds the shuttle and the Scientists', () => {
    const game = play(
      { settings: { agents: 2 }, arrange: (e) => {
        giveHeld(e, 0, 'The Escape Shuttle');
        giveHeld(e, 1, 'The Scientists', 3);
        e.state.shuttleFound = e.state.scientistsFound = true;
      } },
      definition('adaptive').create({}),
    );
    expect(game.log).toContain('  rest');
    expect(game.record.outcome).toBe(0);
    expect(metric(game, 'turns')).toBe(1);
  });

  it('sensible strategies regroup once the shuttle is found only if the team outlives the steps; a lost team with the shuttle regroups to be offered the escape', () => {
    /** The adaptive strategy's regroup answer for a split team of two (agent 1 lost), asked of the state after the set-up. */
    const regroups = (countdown: number, actingTeam: number, shuttleHolder: number) => {
      let answer: boolean | null = null;
      play({ settings: { agents: 2 }, arrange: (e) => {
        plainAgents(e);
        stackDeck(e, []);
        giveHeld(e, shuttleHolder, 'The Escape Shuttle');
        e.state.shuttleFound = true;
        e.state.splitOff(0b10);
        e.state.setActingTeam(actingTeam);
        e.state.countdown = countdown;
        answer = definition('adaptive').create({}).regroup(e.state);
      } }, definition('fixed-speed').create({}));
      return answer;
    };
    expect(regroups(3, 0, 0)).toBe(true);
    expect(regroups(2, 0, 0)).toBe(false);
    expect(regroups(1, 1, 1)).toBe(true);
    expect(regroups(1, 1, 0)).toBe(false);
  });

  it('random answers come from the strategy stream only: the same seed replays the same game', () => {
    const first = play({ settings: { agents: 3, level: '7' } }, definition('random').create({}), 99);
    const second = play({ settings: { agents: 3, level: '7' } }, definition('random').create({}), 99);
    expect(second.log).toEqual(first.log);
  });

  describe('welcome the Sliding Wall ("Sliding Wall traps actually help you", Clue #5)', () => {
    const adaptive = definition('adaptive').create({});
    /** Two plain agents; the Sliding Wall on top; both dice 1, against speed 3 a roll of 2 (3 with Keen Senses). */
    const wallScenario = (skills: string[]) => plainScenario(2, ['A-33', 'Medkit', 'Laser Pistol'], [1, 1], 2, (e) => setSkills(e, 0, skills));

    it('does not spend Security Expert to avoid it', () => {
      const welcomed = play(wallScenario(['Security Expert', 'Plain 2', 'Plain 3']), testStrategy({ useAbility: (view, ability) => adaptive.useAbility(view, ability) }, 3));
      expect(metric(welcomed, 'splits')).toBe(1);
      const avoided = play(wallScenario(['Security Expert', 'Plain 2', 'Plain 3']), testStrategy({ useAbility: () => true }, 3));
      expect(metric(avoided, 'splits')).toBe(0);
    });

    it('lets the agent likeliest to fail roll its speed test (not the one with Keen Senses)', () => {
      const welcomed = play(wallScenario(['Keen Senses', 'Plain 2', 'Plain 3']), testStrategy({ speedTestRoller: (view) => adaptive.speedTestRoller(view), useAbility: () => false }, 3));
      expect(metric(welcomed, 'splits')).toBe(1);
      const resisted = play(wallScenario(['Keen Senses', 'Plain 2', 'Plain 3']), testStrategy({ speedTestRoller: () => 0, useAbility: () => false }, 3));
      expect(metric(resisted, 'splits')).toBe(0);
    });
  });

  describe('make agents by what a skill does, not by its charges', () => {
    const adaptive = definition('adaptive').create({});
    /** Asks `question` of adaptive with agent 0 holding these skills, this hand and this skill pool; answers by name. */
    const ask = (skills: string[], hand: string[], pool: string[], question: (view: NecreauxView, card: (name: string) => number) => number) => {
      let answer = '';
      play({ settings: { agents: 1 }, arrange: (e) => {
        setSkills(e, 0, skills);
        const placed = [...hand.map((name) => [e.state.hands[0], id(e, name)] as const), ...pool.map((name) => [e.state.skillPool, id(e, name)] as const)];
        for (const [pile, card] of placed) {
          lift(e.state, card);
          pile.push(card);
        }
        const card = question(e.state, (name) => id(e, name));
        answer = card < 0 ? 'none' : e.state.name(card);
        for (const [pile, card] of placed) pile.remove(card);
      } }, definition('fixed-speed').create({}));
      return answer;
    };
    const plain = ['Plain 1', 'Plain 2', 'Plain 3'];

    it('deal 4 keep 3: the least useful card goes to the pool (a loot grab, not the single-charge evade)', () => {
      expect(ask(plain, ['Charmed', 'Scrounger', 'Hacker', 'Security Expert'], [], (view) => adaptive.keepSkills(view, 0))).toBe('Scrounger');
    });

    it('among cards that do the same, the one with fewer starting charges goes to the pool', () => {
      expect(ask(plain, ['Lucky', 'Ninja', 'Scout', 'Charmed'], [], (view) => adaptive.keepSkills(view, 0))).toBe('Ninja');
    });

    it('the silent draft picks the most useful card', () => {
      expect(ask(plain, ['Scrounger', 'Hacker', 'Charmed', 'Polymath'], [], (view) => adaptive.draftPick(view, 0))).toBe('Charmed');
    });

    it('a lone agent keeps the Solo Bonus card with more starting charges, not the more useful one (its games are lost by dying)', () => {
      expect(ask(plain, [], [], (view, card) => adaptive.soloBonusKeep(view, card('Charmed'), card('Hacker')))).toBe('Hacker');
    });

    it("the pool swap takes the pool's most useful card for the agent's least useful one, only when it is more useful", () => {
      const skills = ['Medic', 'Lucky', 'Scout'];
      expect(ask(skills, [], ['Scrounger', 'Security Expert'], (view) => adaptive.poolSwap(view, 0))).toBe('Security Expert');
      expect(ask(skills, [], ['Scrounger', 'Security Expert'], (view) => adaptive.swapOut(view, 0, -1))).toBe('Medic');
      expect(ask(skills, [], ['Scrounger'], (view) => adaptive.poolSwap(view, 0))).toBe('none');
    });
  });

  it('send a charge to a skill that buys countdown steps before the skill furthest below its starting charges', () => {
    const adaptive = definition('adaptive').create({});
    let target = '';
    play({ settings: { agents: 1 }, arrange: (e) => {
      setSkills(e, 0, ['Perfect Strategist', 'Martial Artist', 'Plain 3']);
      const martialArtist = e.state.skillAt(0, 1);
      e.state.charges[martialArtist] = 0;
      target = e.state.name(adaptive.chargeTarget(e.state, -1));
    } }, definition('fixed-speed').create({}));
    expect(target).toBe('Perfect Strategist');
  });

  it("send a charge to the Scientists, held by the team, before a skill that buys countdown steps (Clue #4)", () => {
    const adaptive = definition('adaptive').create({});
    const targets: string[] = [];
    play({ settings: { agents: 2 }, arrange: (e) => {
      setSkills(e, 0, ['Perfect Strategist', 'Plain 2', 'Plain 3']);
      targets.push(e.state.name(adaptive.chargeTarget(e.state, -1)));
      giveHeld(e, 1, 'The Scientists', 0);
      targets.push(e.state.name(adaptive.chargeTarget(e.state, -1)));
      targets.push(e.state.name(adaptive.chargeTarget(e.state, e.state.cards.scientists)));
    } }, definition('fixed-speed').create({}));
    expect(targets).toEqual(['Perfect Strategist', 'The Scientists', 'Perfect Strategist']);
  });

  it('sensible strategies evade a monster they would flee from when a card lets them, rather than flee', () => {
    const adaptive = definition('adaptive').create({});
    const asAdaptive = testStrategy({ fight: (view) => adaptive.fight(view), useAbility: (view, ability) => adaptive.useAbility(view, ability) });
    // A lone agent with one skill card (2 hearts) flees the Armoured Sentry (CV 7, health 2): the fight is expected to
    // cost most of its hearts (with a turn left after this one: on the last, fleeing would lose the game). Holding the
    // Prototype Jetpack, it goes into the round and evades it instead.
    const meet = (withJetpack: boolean) =>
      play(plainScenario(1, ['Armoured Sentry', 'Medkit'], [6, 6, 6, 6], 2, (e) => {
        setSkills(e, 0, ['Plain 1']);
        if (withJetpack) giveHeld(e, 0, 'Prototype Jetpack');
      }), asAdaptive).log;
    expect(meet(false)).toContain('  flee from Armoured Sentry');
    const evading = meet(true);
    expect(evading).not.toContain('  flee from Armoured Sentry');
    expect(evading).toContain('  Prototype Jetpack: evadeMonster');
  });

  it('sensible strategies do not flee on the last turn without the shuttle (fleeing ends the turn, and the game)', () => {
    const adaptive = definition('adaptive').create({});
    const asAdaptive = testStrategy({ fight: (view) => adaptive.fight(view), useAbility: (view, ability) => adaptive.useAbility(view, ability) });
    // The lone agent of the test above, its 2 hearts no match for the Armoured Sentry: it flees with a turn left, and
    // fights on the last (double sixes: it wins).
    const meet = (countdown: number) =>
      play(plainScenario(1, ['Armoured Sentry', 'Medkit'], [6, 6, 6, 6], countdown, (e) => setSkills(e, 0, ['Plain 1'])), asAdaptive).log;
    expect(meet(2)).toContain('  flee from Armoured Sentry');
    const last = meet(1);
    expect(last).not.toContain('  flee from Armoured Sentry');
    expect(last).toContain('  Armoured Sentry is defeated');
  });

  it('sensible strategies avoid a trap (Security Expert) only when it is likely to fail at the speed', () => {
    const adaptive = definition('adaptive').create({});
    const avoided: Record<string, boolean> = {};
    play({ settings: { agents: 1 }, arrange: (e) => {
      setSkills(e, 0, ['Security Expert', 'Plain 2', 'Plain 3']);
      const card = e.state.skillAt(0, 0);
      const avoid = e.cards.abilityStart[card];
      for (const [trap, speed] of [['Laser Grid', 12], ['Laser Grid', 2], ['Sleeping Gas', 12], ['Sleeping Gas', 2], ['Pressure Plate', 12]] as const) {
        e.state.currentCard = id(e, trap);
        e.state.speed = speed;
        avoided[`${trap} at ${speed}`] = adaptive.useAbility(e.state, avoid);
      }
      e.state.currentCard = -1;
      e.state.speed = 0;
    } }, definition('fixed-speed').create({}));
    // Laser Grid fails a roll below the speed, Sleeping Gas one above it; the Pressure Plate has no test.
    expect(avoided).toEqual({
      'Laser Grid at 12': true,
      'Laser Grid at 2': false,
      'Sleeping Gas at 12': false,
      'Sleeping Gas at 2': true,
      'Pressure Plate at 12': true,
    });
  });

  it("sensible strategies give a trap's speed test to the agent with the most speed help: a passive bonus, then a reroll or bonus of its own, then the most hearts", () => {
    const adaptive = definition('adaptive').create({});
    /** Three agents with these skills (the rest plain); Tripwire (too fast) against speed 9; who rolls it. */
    const roller = (skills: Record<number, string[]>, hurt = -1) => {
      const game = play(
        plainScenario(3, ['Tripwire'], [3, 3], 1, (e) => {
          for (const [agent, names] of Object.entries(skills)) setSkills(e, Number(agent), [...names, 'Plain 10', 'Plain 11'].slice(0, 3));
          if (hurt >= 0) e.state.setFaceDown(e.state.skillAt(hurt, 0), true);
        }),
        testStrategy({ speedTestRoller: (view) => adaptive.speedTestRoller(view), useAbility: () => false }, 9),
      );
      return game.log.find((line) => / agent \d rolls /.test(line));
    };
    expect(roller({ 1: ['Lucky'], 2: ['Keen Senses'] })).toContain('agent 2 rolls');
    expect(roller({ 1: ['Lucky'] })).toContain('agent 1 rolls');
    expect(roller({ 1: ['Hacker'] })).toContain('agent 0 rolls');
    expect(roller({}, 0)).toContain('agent 1 rolls');
  });

  it('sensible strategies count as speed help only a roll ability the engine would offer the roller now: charged, active, triggered on its roll', () => {
    const adaptive = definition('adaptive').create({});
    /** Three plain agents, arranged further; Tripwire (too fast) against speed 9; who rolls it. */
    const roller = (arrange: (e: Parameters<NonNullable<Parameters<typeof plainScenario>[4]>>[0]) => void) => {
      const game = play(
        plainScenario(3, ['Tripwire'], [3, 3], 1, arrange),
        testStrategy({ speedTestRoller: (view) => adaptive.speedTestRoller(view), useAbility: () => false }, 9),
      );
      return game.log.find((line) => / agent \d rolls /.test(line));
    };
    // Lucky without a charge: nothing to offer, so the first of three equals rolls.
    expect(roller((e) => {
      setSkills(e, 1, ['Lucky', 'Plain 4', 'Plain 5']);
      e.state.charges[id(e, 'Lucky')] = 0;
    })).toContain('agent 0 rolls');
    // Lucky face down (its holder hurt): not offered either.
    expect(roller((e) => {
      setSkills(e, 1, ['Lucky', 'Plain 4', 'Plain 5']);
      e.state.setFaceDown(id(e, 'Lucky'), true);
    })).toContain('agent 0 rolls');
    // A passive speed bonus counts once, as a bonus, not again as a bonus taken on the roll: Keen Senses (+1) alone is
    // less help than the Motion Scanner (+1) with Lucky.
    expect(roller((e) => {
      setSkills(e, 1, ['Keen Senses', 'Plain 4', 'Plain 5']);
      setSkills(e, 2, ['Lucky', 'Plain 7', 'Plain 8']);
      giveHeld(e, 2, 'Motion Scanner');
    })).toContain('agent 2 rolls');
  });

  it('sensible strategies do not reroll a speed test that fails below a speed no roll reaches', () => {
    const adaptive = definition('adaptive').create({});
    const rerolled: Record<string, boolean> = {};
    play({ settings: { agents: 1 }, arrange: (e) => {
      setSkills(e, 0, ['Lucky', 'Plain 2', 'Plain 3']);
      const reroll = e.cards.abilityStart[e.state.skillAt(0, 0)];
      e.state.rollKind = Roll.speed;
      e.state.rollAgent = 0;
      e.state.rollTotal = 9;
      for (const [trap, speed] of [['Laser Grid', 12], ['Laser Grid', 13], ['Sleeping Gas', 13]] as const) {
        e.state.currentCard = id(e, trap);
        e.state.speed = speed;
        rerolled[`${trap} at ${speed}`] = adaptive.useAbility(e.state, reroll);
      }
      e.state.currentCard = e.state.rollAgent = -1;
      e.state.speed = e.state.rollKind = e.state.rollTotal = 0;
    } }, definition('fixed-speed').create({}));
    expect(rerolled).toEqual({ 'Laser Grid at 12': true, 'Laser Grid at 13': false, 'Sleeping Gas at 13': true });
  });

  it('sensible strategies peek to the bottom every card not worth a draw, and a Sliding Wall only while the team is split', () => {
    const adaptive = definition('adaptive').create({});
    const toBottom: Record<string, boolean> = {};
    play({ settings: { agents: 2 }, arrange: (e) => {
      plainAgents(e);
      for (const name of ['Armoured Sentry', 'Tripwire', 'Medkit', 'Supply Closet', 'Shortcut Found', 'The Scientists', 'Sliding Wall']) {
        toBottom[name] = adaptive.peekToBottom(e.state, id(e, name));
      }
      e.state.split = true;
      toBottom['Sliding Wall, split'] = adaptive.peekToBottom(e.state, id(e, 'Sliding Wall'));
      e.state.split = false;
    } }, definition('fixed-speed').create({}));
    expect(toBottom).toEqual({
      'Armoured Sentry': true,
      Tripwire: true,
      Medkit: true,
      'Supply Closet': true,
      'Shortcut Found': false,
      'The Scientists': false,
      'Sliding Wall': false,
      'Sliding Wall, split': true,
    });
  });

  it("sensible strategies keep the Scientists' charges, even with a card that buys time, and destroy a trap likely to fail with them", () => {
    const adaptive = definition('adaptive').create({});
    /** The Scientists' charges spent in a short game of two agents, one with `timeBuyer` among its skill cards. */
    const chargesSpent = (timeBuyer: string) =>
      play(plainScenario(2, ['Medkit', 'Laser Pistol'], [6, 6, 6, 6], 2, (e) => {
        setSkills(e, 0, [timeBuyer, 'Plain 2', 'Plain 3']);
        giveHeld(e, 1, 'The Scientists', 3);
        e.state.scientistsFound = true;
      }), testStrategy({ useAbility: (view, ability) => adaptive.useAbility(view, ability) })).log.filter((line) => line === '  The Scientists: charge 1').length;
    expect(chargesSpent('Perfect Strategist')).toBe(0);
    expect(chargesSpent('Plain 1')).toBe(0);
    const destroyed: Record<string, boolean> = {};
    play({ settings: { agents: 1 }, arrange: (e) => {
      plainAgents(e);
      const scientists = giveHeld(e, 0, 'The Scientists', 3);
      let destroy = e.cards.abilityStart[scientists];
      while (e.state.abilityOp(destroy) !== Op.destroyCard) destroy++;
      for (const [card, speed] of [['Laser Grid', 12], ['Laser Grid', 2], ['Sleeping Gas', 12], ['Sliding Wall', 12], ['Medkit', 12]] as const) {
        e.state.currentCard = id(e, card);
        e.state.speed = speed;
        destroyed[`${card} at ${speed}`] = adaptive.useAbility(e.state, destroy);
      }
      e.state.currentCard = -1;
      e.state.speed = 0;
    } }, definition('fixed-speed').create({}));
    expect(destroyed).toEqual({
      'Laser Grid at 12': true,
      'Laser Grid at 2': false,
      'Sleeping Gas at 12': false,
      'Sliding Wall at 12': false,
      'Medkit at 12': false,
    });
  });

  it('sensible strategies buy prevention once for each point about to land, in every round of a fight', () => {
    const adaptive = definition('adaptive').create({});
    let armor = -1;
    // A lone agent misses the Guard Dog twice (1+1), then hits (6+6): Body Armor's two charges take both hits.
    const game = play(plainScenario(1, ['Guard Dog', 'Medkit'], [1, 1, 1, 1, 6, 6], 1, (e) => (armor = giveHeld(e, 0, 'Body Armor', 2))), testStrategy({ useAbility: (view, ability) => adaptive.useAbility(view, ability) }));
    expect(game.log.filter((line) => line === '  agent 0 prevents 1 damage')).toHaveLength(2);
    expect([game.state.health(0), game.state.charges[armor]]).toEqual([6, 0]);
  });

  it('sensible strategies disable the card that buys time last, whatever its charges', () => {
    const adaptive = definition('adaptive').create({});
    let damaged = '';
    play({ settings: { agents: 1 }, arrange: (e) => {
      setSkills(e, 0, ['Perfect Strategist', 'Martial Artist', 'Plain 3']);
      e.state.charges[id(e, 'Perfect Strategist')] = 0;
      e.state.charges[id(e, 'Martial Artist')] = 1;
      e.state.charges[id(e, 'Plain 3')] = 2;
      damaged = e.state.name(adaptive.damageCard(e.state, 0));
    } }, definition('fixed-speed').create({}));
    expect(damaged).toBe('Martial Artist');
  });

  describe('cautious ("slow and safe: rests when hurt, flees dangerous monsters")', () => {
    /**
     * The first speeds cautious and adaptive pick for a lone plain agent with `disabled` of its 3 skill cards
     * face-down, `countdown` turns left and the set-up's deck (or `deck`, top first), with the cards it expects to draw
     * to the shuttle.
     */
    const speeds = (countdown: number, disabled = 0, deck?: string[]) => {
      let asked = { cards: -1, cautious: -1, adaptive: -1 };
      play({ settings: { agents: 1 }, arrange: (e) => {
        plainAgents(e);
        if (deck !== undefined) stackDeck(e, deck);
        for (let i = 0; i < disabled; i++) e.state.setFaceDown(e.state.skillAt(0, i), true);
        e.state.countdown = countdown;
        asked = { cards: cardsToShuttle(e.state), cautious: definition('cautious').create({}).chooseSpeed(e.state), adaptive: definition('adaptive').create({}).chooseSpeed(e.state) };
      } }, definition('fixed-speed').create({}));
      return asked;
    };

    it('goes at the pace that reaches the shuttle in the turns left (no reserve, unlike adaptive), never below 4 cards a turn nor above 12', () => {
      const cards = speeds(10).cards;
      // Time to spare: fewer than 4 cards a turn would do; cautious still draws 4, adaptive fewer.
      expect(Math.ceil(cards / 40)).toBeLessThan(4);
      expect(speeds(40)).toMatchObject({ cautious: 4, adaptive: Math.ceil(cards / (40 - 4)) });
      // Between 4 and 12: the cards over the turns left; adaptive keeps 4 turns in hand and goes faster.
      expect(Math.ceil(cards / 10)).toBeGreaterThan(4);
      expect(speeds(10)).toMatchObject({ cautious: Math.ceil(cards / 10), adaptive: Math.ceil(cards / (10 - 4)) });
      // Short of time: at most 12, where adaptive goes up to 40 and takes the whole deck on its last turn.
      expect(Math.ceil(cards / 2)).toBeGreaterThan(12);
      expect(cards).toBeGreaterThan(40);
      expect(speeds(2)).toMatchObject({ cautious: 12, adaptive: 40 });
      expect(speeds(1)).toMatchObject({ cautious: 12, adaptive: 78 });
      expect(definition('cautious').params).toEqual([]);
    });

    it('rests when any heart is missing, if the pace to the shuttle stays below 4 and a turn is left after the rest', () => {
      expect(speeds(40, 0).cautious).toBe(4);
      // One of three cards disabled (5 of 6 hearts): cautious rests; adaptive waits until half its hearts' worth is gone.
      expect(speeds(40, 1)).toMatchObject({ cautious: 0, adaptive: Math.ceil(speeds(40).cards / 36) });
      // The pace to the shuttle is 4 or more: no time for a rest.
      expect(speeds(10, 1).cautious).toBe(Math.ceil(speeds(10).cards / 10));
      // A shuttle one card away (two cards left): a rest with two turns left, none on the last turn.
      expect(speeds(2, 1, ['Medkit', 'Laser Pistol'])).toMatchObject({ cards: 1, cautious: 0 });
      expect(speeds(1, 1, ['Medkit', 'Laser Pistol'])).toMatchObject({ cards: 1, cautious: 4 });
    });

    it('rests once it holds the shuttle and the Scientists, even unhurt, and escapes at the end of that turn; with the shuttle alone it explores on', () => {
      const firstSpeed = (withScientists: boolean) => {
        let speed = -1;
        play({ settings: { agents: 2 }, arrange: (e) => {
          plainAgents(e);
          giveHeld(e, 0, 'The Escape Shuttle');
          e.state.shuttleFound = true;
          if (withScientists) giveHeld(e, 1, 'The Scientists', 3);
          e.state.scientistsFound = withScientists;
          speed = definition('cautious').create({}).chooseSpeed(e.state);
        } }, definition('fixed-speed').create({}));
        return speed;
      };
      expect(firstSpeed(true)).toBe(0);
      expect(firstSpeed(false)).toBe(4);
      const game = play(
        { settings: { agents: 2 }, arrange: (e) => {
          plainAgents(e);
          giveHeld(e, 0, 'The Escape Shuttle');
          giveHeld(e, 1, 'The Scientists', 3);
          e.state.shuttleFound = e.state.scientistsFound = true;
        } },
        definition('cautious').create({}),
      );
      expect(game.log).toContain('  rest');
      expect([outcome(game), metric(game, 'turns')]).toEqual(['success', 1]);
    });

    it('flees a monster of CV 8 or more before landing a hit, where the sensible default (adaptive) fights; fights on once it has hit; fights any weaker one', () => {
      const cautious = definition('cautious').create({});
      const adaptive = definition('adaptive').create({});
      const asked: { hits: number; cautious: boolean; adaptive: boolean }[] = [];
      // The team always fights, recording each round's answers: cautious's fight is asked, not played.
      const record = (view: NecreauxView) => (asked.push({ hits: view.monsterHits, cautious: cautious.fight(view), adaptive: adaptive.fight(view) }), true);
      // Two agents against the Robo-Shark (CV 8, health 2), drawn first of 12 cards on the last turn (fleeing would give
      // up the other 11 draws, which makes the sensible default fight): round 1 a hit (12) and a tie (8), round 2 two hits.
      play(plainScenario(2, ['Robo-Shark', 'Medkit'], [6, 6, 4, 4, 6, 6, 6, 6], 1), testStrategy({ fight: record }, 12));
      expect(asked).toEqual([
        { hits: 0, cautious: false, adaptive: true },
        { hits: 1, cautious: true, adaptive: true },
      ]);
      asked.length = 0;
      // The Armoured Sentry (CV 7, health 2) is no danger: fought from the first round, even by a lone agent with one
      // skill card (2 hearts), whom the sensible default sends fleeing with a turn left (the fight is expected to cost most
      // of its hearts).
      play(plainScenario(1, ['Armoured Sentry', 'Medkit'], [6, 6, 6, 6], 2, (e) => setSkills(e, 0, ['Plain 1'])), testStrategy({ fight: record }, 1));
      expect(asked[0]).toEqual({ hits: 0, cautious: true, adaptive: false });
    });
  });
});
