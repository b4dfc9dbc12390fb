import { describe, expect, it } from 'vitest';
import { necreauxContentSchema, type NecreauxContent } from '../../../src/games/necreaux/content.ts';
import { Zone } from '../../../src/games/necreaux/state.ts';
import { cardsToShuttle } from '../../../strategies/necreaux/sensible.ts';
import { necreaux } from '../../../src/games/necreaux/index.ts';
import { giveHeld, id, metric, outcome, plainAgents, plainScenario, play, setSkills, testContent, testStrategy } from './helpers.ts';

const definition = (name: string) => necreaux.strategies.find((s) => s.name === name)!;

/** A too-fast trap whose fail text is a shortfall cost, 1 damage (or countdown step) per `per` points. */
const shortfallTrap = (id: string, name: string, roll: 'team' | 'each', per: number, op = 'damageShortfall') => ({
  id,
  source: 'estimated',
  type: 'trap',
  name,
  test: { roll, failWhen: 'belowSpeed' },
  fail: [{ op, per }],
});

/** The scenario cards plus too-fast traps with shortfall costs: damage 1 per 2 points short, countdown 1 per 3. */
const content: NecreauxContent = necreauxContentSchema.parse({
  ...testContent,
  adventure: [
    ...testContent.adventure,
    shortfallTrap('A-901', 'Shortfall Wire', 'team', 2),
    shortfallTrap('A-902', 'Shortfall Floor', 'each', 2),
    shortfallTrap('A-904', 'Shortfall Clock', 'team', 3, 'countdownShortfall'),
    shortfallTrap('A-905', 'Shortfall Clocks', 'each', 3, 'countdownShortfall'),
  ],
});

/** Plain agents (3 plain skill cards, 6 hearts each), this deck on top, one turn on the countdown. */
const scenario = (agents: number, deck: readonly string[], dice: readonly number[]) => ({ ...plainScenario(agents, deck, dice, 1), content });

describe('damageShortfall: 1 damage per `per` points the speed-test roll fell short of the speed', () => {
  it('short by 3 with per 2: 2 damage (rounded up), and the red text XP', () => {
    const game = play(scenario(1, ['Shortfall Wire'], [3, 3]), testStrategy({}, 9));
    expect(game.log).toContain('  agent 0 rolls 3+3 = 6');
    expect(game.log).toContain('  short of speed 9 by 3: 2 damage (1 per 2)');
    expect(game.state.health(0)).toBe(4);
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('short by exactly `per`: 1 damage', () => {
    const game = play(scenario(1, ['Shortfall Wire'], [3, 3]), testStrategy({}, 8));
    expect(game.log).toContain('  short of speed 8 by 2: 1 damage (1 per 2)');
    expect(game.state.health(0)).toBe(5);
  });

  it('a roll at the speed passes: no damage, no XP, no shortfall line', () => {
    const game = play(scenario(1, ['Shortfall Wire'], [4, 4]), testStrategy({}, 8));
    expect(game.state.health(0)).toBe(6);
    expect(metric(game, 'xpGained')).toBe(0);
    expect(game.log.some((line) => line.includes('short of speed'))).toBe(false);
  });

  it("a team test's damage goes through the team's damage assignment", () => {
    const game = play(scenario(2, ['Shortfall Wire'], [1, 2]), testStrategy({ speedTestRoller: () => 0, damageAgent: () => 1 }, 9));
    expect(game.log).toContain('  short of speed 9 by 6: 3 damage (1 per 2)');
    expect(game.state.health(0)).toBe(6);
    expect(game.state.health(1)).toBe(3);
  });

  it('an each-roll test hurts only the failing agents, each by its own shortfall', () => {
    // Speed 9: agent 0 rolls 2 (short by 7: 4 damage), agent 1 rolls 12 (passes), agent 2 rolls 7 (short by 2: 1).
    const game = play(scenario(3, ['Shortfall Floor'], [1, 1, 6, 6, 4, 3]), testStrategy({}, 9));
    expect(game.log).toContain('  short of speed 9 by 7: 4 damage (1 per 2)');
    expect(game.log).toContain('  short of speed 9 by 2: 1 damage (1 per 2)');
    expect([0, 1, 2].map((agent) => game.state.health(agent))).toEqual([2, 6, 5]);
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('a rest draw tests at speed 0, which no roll falls short of: no damage (judgement 38)', () => {
    const game = play(scenario(1, ['Shortfall Wire', 'Medkit'], [1, 1]), testStrategy({ resolveRestDraw: () => true }, 0));
    expect(game.log).toContain('  agent 0 rolls 1+1 = 2');
    expect(game.state.health(0)).toBe(6);
    expect(metric(game, 'xpGained')).toBe(0);
    expect(game.state.zone[id(game.engine, 'Shortfall Wire')]).toBe(Zone.discard);
  });
});

describe('countdownShortfall: 1 countdown step per `per` points the speed-test roll fell short of the speed', () => {
  it('short by 4 with per 3: 2 steps (rounded up), no damage', () => {
    const game = play({ ...plainScenario(1, ['Shortfall Clock', 'Medkit'], [2, 3], 5), content }, testStrategy({}, 9));
    expect(game.log).toContain('  short of speed 9 by 4: 2 countdown steps (1 per 3)');
    expect(game.log).toContain('  countdown -2 -> 3');
    expect(game.state.health(0)).toBe(6);
  });

  it('each failing agent of an each-roll test costs its own steps; the steps left at zero end the game', () => {
    // Speed 9: agent 0 rolls 2 (short by 7: 3 steps), agent 1 rolls 12 (passes), agent 2 rolls 6 (short by 3: 1 step).
    const game = play({ ...plainScenario(3, ['Shortfall Clocks', 'Medkit'], [1, 1, 6, 6, 3, 3], 4), content }, testStrategy({}, 9));
    expect(game.log).toContain('  short of speed 9 by 7: 3 countdown steps (1 per 3)');
    expect(game.log).toContain('  short of speed 9 by 3: 1 countdown steps (1 per 3)');
    expect(outcome(game)).toBe('failure');
  });

  it('a roll at the speed passes: no step lost', () => {
    const game = play({ ...plainScenario(1, ['Shortfall Clock', 'Medkit'], [4, 5], 5), content }, testStrategy({}, 9));
    const test = game.log.indexOf('  agent 0 rolls 4+5 = 9');
    expect(test).toBeGreaterThan(-1);
    expect(game.log[test + 1]).not.toContain('short of speed');
    expect(game.log[test + 1]).not.toContain('countdown');
  });
});

describe('the sensible strategies on a roll that cannot pass a shortfall trap', () => {
  /** One agent with these skills at speed 15 against Shortfall Clock (1 countdown step per 3 points short), 9 turns. */
  const clockAt15 = (skills: readonly string[], dice: readonly number[]) =>
    play(
      { ...plainScenario(1, ['Shortfall Clock'], dice, 9, (engine) => setSkills(engine, 0, [...skills, 'Plain 1', 'Plain 2'].slice(0, 3))), content },
      testStrategy({}, 15),
    );

  it('reroll a roll whose cost is above a fresh roll\'s expected cost: 2 is 13 short (5 steps), a fresh roll costs about 3', () => {
    const game = clockAt15(['Lucky'], [1, 1, 6, 5]);
    expect(game.log).toContain('  decision useAbility (Lucky: reroll) -> true');
    expect(game.log).toContain('  short of speed 15 by 4: 2 countdown steps (1 per 3)');
  });

  it('keep a roll that costs less than a fresh roll is expected to: 12 is 3 short (1 step)', () => {
    const game = clockAt15(['Lucky'], [6, 6]);
    expect(game.log).toContain('  decision useAbility (Lucky: reroll) -> false');
    expect(game.log).toContain('  short of speed 15 by 3: 1 countdown steps (1 per 3)');
  });

  it('spend a bonus only where it crosses a step: +1 takes 8 (7 short, 3 steps) to 6 short (2), not 9 (6 short) to 5', () => {
    const crossing = clockAt15(['Precise'], [4, 4]);
    expect(crossing.log).toContain('  decision useAbility (Precise: rollBonus 1) -> true');
    expect(crossing.log).toContain('  short of speed 15 by 6: 2 countdown steps (1 per 3)');
    const notCrossing = clockAt15(['Precise'], [5, 4]);
    expect(notCrossing.log).toContain('  decision useAbility (Precise: rollBonus 1) -> false');
    expect(notCrossing.log).toContain('  short of speed 15 by 6: 2 countdown steps (1 per 3)');
  });

  it('keep a roll that costs exactly what a fresh roll is expected to: 7 is 8 short (3 steps), a fresh roll 3.0', () => {
    const game = clockAt15(['Lucky'], [3, 4]);
    expect(game.log).toContain('  decision useAbility (Lucky: reroll) -> false');
    expect(game.log).toContain('  short of speed 15 by 8: 3 countdown steps (1 per 3)');
  });

  it("count the roller's passive speed bonus in a fresh roll: with +1, 7 + 1 is 7 short (3 steps), a fresh roll 2.67", () => {
    const game = clockAt15(['Lucky', 'Keen Senses'], [3, 4, 6, 6]);
    expect(game.log).toContain('  decision useAbility (Lucky: reroll) -> true');
    expect(game.log).toContain('  short of speed 15 by 2: 1 countdown steps (1 per 3)');
  });

  it('a reroll keeps the bonuses taken on the roll, and its expected cost counts them', () => {
    // Speed 15, per 3: 2+3 = 5 is 10 short (4 steps); Precise's +1 makes 6, 9 short (3 steps). A fresh roll keeps the +1
    // and is expected to cost 96/36 steps, below 3 (without the +1 it would be 108/36, a tie, kept): Lucky rerolls 4+4,
    // and the +1 stays: 9, 6 short (2 steps).
    const game = clockAt15(['Precise', 'Lucky'], [2, 3, 4, 4]);
    expect(game.log).toContain('  decision useAbility (Precise: rollBonus 1) -> true');
    expect(game.log).toContain('  decision useAbility (Lucky: reroll) -> true');
    expect(game.log).toContain('  reroll: 4+4 +1 = 9');
    expect(game.log).toContain('  short of speed 15 by 6: 2 countdown steps (1 per 3)');
  });

  it('spend nothing on a roll that cannot pass a trap whose cost is fixed', () => {
    const game = play(
      plainScenario(1, ['Tripwire'], [1, 1], 9, (engine) => setSkills(engine, 0, ['Lucky', 'Precise', 'Plain 1'])),
      testStrategy({}, 15),
    );
    expect(game.log).toContain('  decision useAbility (Lucky: reroll) -> false');
    expect(game.log).toContain('  decision useAbility (Precise: rollBonus 1) -> false');
  });
});

describe('damageShortfall in a content file', () => {
  const withCard = (card: Record<string, unknown>) => necreauxContentSchema.safeParse({ ...testContent, adventure: [...testContent.adventure, { id: 'A-903', source: 'estimated', name: 'X', ...card }] });
  const shortfall = [{ op: 'damageShortfall', per: 2 }];

  it('is accepted in the fail text of a too-fast trap, team or each-roll', () => {
    expect(withCard({ type: 'trap', test: { roll: 'team', failWhen: 'belowSpeed' }, fail: shortfall }).success).toBe(true);
    expect(withCard({ type: 'trap', test: { roll: 'each', failWhen: 'belowSpeed' }, fail: shortfall }).success).toBe(true);
  });

  it('is rejected where no roll falls short of a speed: too-slow or untested traps, pass text, events, rooms, abilities', () => {
    expect(withCard({ type: 'trap', test: { roll: 'team', failWhen: 'aboveSpeed' }, fail: shortfall }).success).toBe(false);
    expect(withCard({ type: 'trap', fail: shortfall }).success).toBe(false);
    expect(withCard({ type: 'trap', test: { roll: 'team', failWhen: 'belowSpeed' }, pass: shortfall }).success).toBe(false);
    expect(withCard({ type: 'event', effects: shortfall }).success).toBe(false);
    expect(withCard({ type: 'room', effects: shortfall }).success).toBe(false);
    expect(withCard({ type: 'item', abilities: [{ trigger: 'anytime', effect: shortfall[0] }] }).success).toBe(false);
    expect(withCard({ type: 'trap', test: { roll: 'team', failWhen: 'belowSpeed' }, fail: [{ op: 'damageShortfall', per: 0 }] }).success).toBe(false);
  });

  it('holds for countdownShortfall too, and the error names the effect', () => {
    const time = [{ op: 'countdownShortfall', per: 3 }];
    expect(withCard({ type: 'trap', test: { roll: 'each', failWhen: 'belowSpeed' }, fail: time }).success).toBe(true);
    const slow = withCard({ type: 'trap', test: { roll: 'team', failWhen: 'aboveSpeed' }, fail: time });
    expect(slow.success).toBe(false);
    expect(JSON.stringify(slow.error?.issues)).toContain('countdownShortfall needs a speed test that fails below the speed');
    expect(withCard({ type: 'event', effects: time }).success).toBe(false);
  });
});

describe("adaptive's damage budget", () => {
  /** The scenario cards plus 10 too-fast traps of 1 damage per 2 points short: speed is dear. */
  const dear: NecreauxContent = necreauxContentSchema.parse({
    ...testContent,
    adventure: [
      ...testContent.adventure,
      ...Array.from({ length: 10 }, (_, i) => shortfallTrap(`A-${910 + i}`, `Shortfall ${i}`, 'team', 2)),
    ],
  });
  /** Adaptive's first speed for 4 agents with this many turns, and the cards it expects to draw to the shuttle. */
  const firstSpeed = (deck: NecreauxContent, budget: number, countdown = 5) => {
    let speed = -1;
    let cards = -1;
    play({ settings: { agents: 4 }, content: deck, arrange: (e) => {
      e.state.countdown = countdown;
      speed = definition('adaptive').create({ budget }).chooseSpeed(e.state);
      cards = cardsToShuttle(e.state);
    } }, definition('fixed-speed').create({}));
    return { speed, cards };
  };

  it('is off by default: at most 40 cards a turn', () => {
    expect(definition('adaptive').params).toContainEqual(expect.objectContaining({ name: 'budget', kind: 'int', min: 0, default: 0 }));
    expect(firstSpeed(testContent, 0).speed).toBe(40);
  });

  it('with no too-fast damage in the deck it sets no cap: the pace of the reserve', () => {
    const { speed, cards } = firstSpeed(testContent, 50);
    expect(speed).toBe(cards); // five turns less a reserve of four: one turn
  });

  it('slows the team down to its pace limit, never below the pace that reaches the shuttle in time', () => {
    const tight = firstSpeed(dear, 5);
    expect(tight.speed).toBe(Math.ceil(tight.cards / 5));
    const loose = firstSpeed(dear, 200);
    expect(loose.speed).toBeGreaterThan(tight.speed);
    expect(loose.speed).toBeLessThan(loose.cards);
  });

  it('bounds the last turn by the hearts the team has; without too-fast damage it draws everything', () => {
    const everything = firstSpeed(testContent, 50, 1).speed;
    expect(everything).toBeGreaterThan(60);
    const last = firstSpeed(dear, 50, 1);
    expect(last.speed).toBeGreaterThan(1);
    expect(last.speed).toBeLessThan(everything / 2);
  });
});

describe("adaptive's pace where too-fast traps cost countdown steps that grow with the speed", () => {
  /** The scenario cards plus 10 too-fast traps of 1 countdown step per `per` points short. */
  const timeDeck = (per: number): NecreauxContent =>
    necreauxContentSchema.parse({
      ...testContent,
      adventure: [
        ...testContent.adventure,
        ...Array.from({ length: 10 }, (_, i) => shortfallTrap(`A-${910 + i}`, `Clock ${i}`, 'team', per, 'countdownShortfall')),
      ],
    });
  /** Adaptive's first speed for 4 agents; 11 turns by default, so that the pace that arrives in time is slow. */
  const firstSpeed = (deck: NecreauxContent, countdown = 11, level = '6') => {
    let speed = -1;
    play({ settings: { agents: 4, level }, content: deck, arrange: (e) => {
      e.state.countdown = countdown;
      speed = definition('adaptive').create({}).chooseSpeed(e.state);
    } }, definition('fixed-speed').create({}));
    return speed;
  };

  it('goes no faster than the pace that spares the most turns: slower the dearer each point short', () => {
    expect(firstSpeed(testContent, 5)).toBe(40);
    const cheap = firstSpeed(timeDeck(12));
    const dear = firstSpeed(timeDeck(2));
    expect(cheap).toBeLessThan(40);
    expect(dear).toBeLessThan(cheap);
    expect(dear).toBeGreaterThan(1);
  });

  /** The time deck with Security Expert's avoid changed (its cost in charges, the cards it acts on). */
  const securityExpertDeck = (avoid: { cost: number; on: string[] }): NecreauxContent => {
    const deck = timeDeck(6);
    return necreauxContentSchema.parse({
      ...deck,
      skills: deck.skills.map((skill) =>
        skill.name === 'Security Expert' ? { ...skill, abilities: skill.abilities.map((a) => ({ ...a, cost: { charges: avoid.cost }, on: avoid.on })) } : skill,
      ),
    });
  };

  it('goes faster for each trap the team can avoid or destroy on the way (Security Expert, the Scientists), up to its pace ahead', () => {
    /** Plain agents, agent 0 with `avoids` charges on Security Expert or (negative) on the Scientists; the first speed. */
    let ahead = -1;
    const speedWith = (avoids: number, deck = timeDeck(6)) => {
      let speed = -1;
      play({ settings: { agents: 4 }, content: deck, arrange: (e) => {
        plainAgents(e);
        if (avoids > 0) {
          setSkills(e, 0, ['Security Expert', 'Plain 1', 'Plain 2']);
          e.state.charges[e.state.skillAt(0, 0)] = avoids;
        }
        if (avoids < 0) giveHeld(e, 0, 'The Scientists', -avoids);
        e.state.countdown = 11;
        ahead = Math.ceil(cardsToShuttle(e.state) / (11 - 4));
        speed = definition('adaptive').create({}).chooseSpeed(e.state);
      } }, definition('fixed-speed').create({}));
      return speed;
    };
    const none = speedWith(0);
    expect(speedWith(1)).toBeGreaterThan(none);
    expect(speedWith(3)).toBeGreaterThan(speedWith(1));
    expect(speedWith(-3)).toBe(speedWith(3));
    // Every test on the way avoided: the pace ahead of the clock (the cards over the turns left less the reserve of 4).
    expect(speedWith(20)).toBe(ahead);
    // What counts is the traps the charges pay for: an avoid of 2 charges is used half as often, one on monsters never.
    expect(speedWith(6, securityExpertDeck({ cost: 2, on: ['trap'] }))).toBe(speedWith(3));
    expect(speedWith(3, securityExpertDeck({ cost: 1, on: ['monster'] }))).toBe(none);
    expect(speedWith(1, securityExpertDeck({ cost: 0, on: ['trap'] }))).toBe(ahead);
  });

  it('takes the pace that reaches the shuttle in the turns left when that is faster: the cap bounds only playing ahead', () => {
    let cards = -1;
    let speed = -1;
    play({ settings: { agents: 4 }, content: timeDeck(2), arrange: (e) => {
      e.state.countdown = 2;
      cards = cardsToShuttle(e.state);
      speed = definition('adaptive').create({}).chooseSpeed(e.state);
    } }, definition('fixed-speed').create({}));
    expect(firstSpeed(timeDeck(2))).toBeLessThan(Math.ceil(cards / 2));
    expect(speed).toBe(Math.min(40, Math.ceil(cards / 2)));
  });

  it('knows no piles after No Time To Waste (its cards leave face-down)', () => {
    let piles: number[] = [];
    play({ settings: { agents: 2, level: '1', noTimeToWaste: 'random' }, content: timeDeck(3), arrange: (e) => {
      piles = Array.from({ length: e.state.adventureCount }, (_, card) => e.state.knownPile(card));
    } }, definition('fixed-speed').create({}));
    expect(new Set(piles)).toEqual(new Set([-1]));
  });

  it('still draws everything left on its last turn', () => {
    expect(firstSpeed(timeDeck(2), 1)).toBeGreaterThan(60);
  });

  it("reads each How To Play pile's own tests: time traps that all lie in the bottom pile let it go faster through the top", () => {
    // The ten clock traps come last in the content, so a How To Play deck (Level 1) stacks them in its bottom pile,
    // as the players know from their numbers; a shuffled deck (Level 6) may hold them anywhere.
    let piles: number[] = [];
    play({ settings: { agents: 4, level: '1' }, content: timeDeck(3), arrange: (e) => {
      piles = [0, e.state.adventureCount - 1].map((card) => e.state.knownPile(card));
    } }, definition('fixed-speed').create({}));
    expect(piles).toEqual([0, 2]);
    expect(firstSpeed(timeDeck(3), 11, '1')).toBeGreaterThan(firstSpeed(timeDeck(3), 11, '6'));
  });
});

