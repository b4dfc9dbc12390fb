import { describe, expect, it } from 'vitest';
import { METRIC_MISSING } from '../../../src/core/game.ts';
import { necreauxContentSchema } from '../../../src/games/necreaux/content.ts';
import { Op, Rest } from '../../../src/games/necreaux/decisions.ts';
import type { NecreauxEngine } from '../../../src/games/necreaux/rules.ts';
import { Zone } from '../../../src/games/necreaux/state.ts';
import { abilitiesOffered, checkConservation, disable, giveHeld, id, lift, metric, outcome, plainAgents, plainScenario, play, setSkills, stackDeck, stackSkillDeck, stackSkillDiscard, testContent, testStrategy, type Scenario } from './helpers.ts';

/** A scenario with plain agents, this deck (top first) and one turn on the countdown. */
const scenario = (agents: number, deck: readonly string[], dice: readonly number[], extra?: Scenario['arrange']): Scenario =>
  plainScenario(agents, deck, dice, 1, extra);

describe('exploring', () => {
  it('draws cards until the draw marker reaches the speed, then the countdown moves', () => {
    const game = play(scenario(1, ['Medkit', 'Laser Pistol', 'Lucky Charm'], []), testStrategy({}, 2));
    expect(metric(game, 'cardsDrawn')).toBe(2);
    expect(game.state.deck.size).toBe(1);
    expect(game.state.countdown).toBe(0);
    expect(outcome(game)).toBe('failure');
  });

  it('exploring stops when the deck runs out, short of the speed', () => {
    const game = play(scenario(1, ['Medkit'], []), testStrategy({}, 3));
    expect(metric(game, 'cardsDrawn')).toBe(1);
    expect(game.state.drawn).toBe(1);
  });

  it('does not move the draw marker for cards drawn by a card instruction, which are resolved as drawn', () => {
    const game = play(scenario(1, ['Elevator Shaft', 'Medkit', 'Laser Pistol', 'Lucky Charm'], []), testStrategy({}, 1));
    expect(metric(game, 'cardsDrawn')).toBe(3);
    expect(game.state.drawn).toBe(1);
    expect(game.state.deck.size).toBe(1);
    expect(['Medkit', 'Laser Pistol'].map((name) => game.state.zone[id(game.engine, name)])).toEqual([Zone.loot, Zone.loot]);
  });

  it('puts items drawn into Monster Loot', () => {
    const game = play(scenario(1, ['Medkit'], []), testStrategy({}, 1));
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.loot);
  });

  it('an item enters Monster Loot with its starting charges, and keeps them when claimed', () => {
    const loot = play(scenario(1, ['Power Cell'], []), testStrategy({}, 1));
    expect(loot.state.charges[id(loot.engine, 'Power Cell')]).toBe(3);
    const claimed = play(scenario(1, ['Body Armor', 'Henchman'], [6, 6]), testStrategy({}, 2));
    const armor = id(claimed.engine, 'Body Armor');
    expect(claimed.state.zone[armor]).toBe(Zone.held);
    expect(claimed.state.charges[armor]).toBe(2);
  });
});

describe('combat', () => {
  it('a roll above the CV hits; a lone agent defeats a monster with one hit and the turn goes on', () => {
    const game = play(scenario(1, ['Guard Dog', 'Medkit'], [4, 4]), testStrategy({}, 2));
    expect(metric(game, 'monstersDefeated')).toBe(1);
    expect(game.state.zone[id(game.engine, 'Guard Dog')]).toBe(Zone.discard);
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.loot);
  });

  it('an extra die: roll three and keep the best two', () => {
    const game = play(scenario(1, ['Guard Dog'], [2, 1, 6], (engine) => setSkills(engine, 0, ['Brawler', 'Plain 1', 'Plain 2'])));
    expect(game.log).toContain('  agent 0 rolls 2+6 = 8');
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it('a reroll of an agent with an extra die rolls three again and keeps the best two', () => {
    // Catches: a reroll of two dice only (Brawler's third die lost on Lucky's reroll).
    const game = play(scenario(1, ['Guard Dog'], [2, 1, 1, 1, 1, 6], (engine) => setSkills(engine, 0, ['Brawler', 'Lucky', 'Plain 2'])), testStrategy({ useAbility: () => true }, 1));
    expect(game.log).toContain('  agent 0 rolls 2+1 = 3');
    expect(game.log).toContain('  reroll: 6+1 = 7');
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it('an extra die replaces the lower of the first two when it beats it, and is dropped when it beats neither', () => {
    const rolled = (dice: readonly number[]) =>
      play(scenario(1, ['Guard Dog'], dice, (engine) => setSkills(engine, 0, ['Brawler', 'Plain 1', 'Plain 2']))).log.find((line) => line.startsWith('  agent 0 rolls'));
    expect(rolled([5, 2, 4])).toBe('  agent 0 rolls 5+4 = 9');
    expect(rolled([5, 4, 1])).toBe('  agent 0 rolls 5+4 = 9');
    expect(rolled([2, 5, 1])).toBe('  agent 0 rolls 2+5 = 7');
  });

  it("a combat ability's bonus (Martial Artist +2) lasts the combat round it is used in, and no other roll", () => {
    // Used in rounds 1 and 3: 1+2 +2 ties the Guard Dog (CV 5), 2+2 misses in round 2, 2+2 +2 hits in round 3. The
    // Collapsing Bridge's trait test straight after rolls 4+4 with no bonus (none of the agent's cards has its trait).
    let round = 0;
    let usedIn = 0;
    const useInRounds1And3 = () => {
      if (round === 2 || usedIn === round) return false;
      usedIn = round;
      return true;
    };
    const game = play(
      scenario(1, ['Guard Dog', 'Collapsing Bridge'], [1, 2, 2, 2, 2, 2, 4, 4], (engine) => setSkills(engine, 0, ['Martial Artist', 'Plain 1', 'Plain 2'])),
      testStrategy({ fight: () => (round++, true), useAbility: useInRounds1And3 }, 2),
    );
    const rolls = game.log.filter((line) => line.startsWith('  agent 0 rolls'));
    expect(rolls).toEqual(['  agent 0 rolls 1+2 +2 = 5', '  agent 0 rolls 2+2 = 4', '  agent 0 rolls 2+2 +2 = 6', '  agent 0 rolls 4+4 = 8']);
  });

  it('a roll that is not a combat roll cannot tie: at exactly its target it passes and no reroll is offered', () => {
    const offered: string[] = [];
    const game = play(
      scenario(1, ['Guard Checkpoint'], [4, 4], (engine) => setSkills(engine, 0, ['Lucky', 'Plain 2', 'Plain 3'])),
      testStrategy({ useAbility: (view) => (offered.push(`ties ${view.rollTies}`), false) }, 1),
    );
    expect(game.log).toContain('  agent 0 rolls 4+4 +2 = 10');
    expect(offered).toEqual([]);
    expect(game.state.skillCount(0)).toBe(4);
  });

  it('ties do nothing, rolls below the CV deal one damage each; health equals the number of agents', () => {
    const game = play(scenario(2, ['Guard Dog'], [2, 3, 1, 1, 6, 6, 6, 6]), testStrategy({}, 1));
    expect(game.log).toContain('  fight Guard Dog: CV 5, health 2');
    expect(game.log).toContain('  1 damage');
    expect(metric(game, 'monstersDefeated')).toBe(1);
    expect(game.state.health(0) + game.state.health(1)).toBe(11);
  });

  it("health is the team's agents when the round's rolls are resolved, after its damage: an agent the misses kill lowers it (judgement 7)", () => {
    const oneCardAgent = (engine: NecreauxEngine) => {
      setSkills(engine, 1, ['Plain 4']);
      engine.state.setFaceDown(id(engine, 'Plain 4'), true);
    };
    const game = play(plainScenario(2, ['Guard Dog', 'Medkit'], [4, 4, 1, 2], 3, oneCardAgent), testStrategy({ damageAgent: () => 1, useAbility: () => false }, 1));
    expect(game.log).toContain('  fight Guard Dog: CV 5, health 2');
    expect(game.log).toContain('  agent 1 dies');
    expect(game.log).toContain('  Guard Dog is defeated');
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it('a tie is neither a miss nor a hit: a roll ability is offered with rollTies set and rollFails not; declined, the tie does nothing', () => {
    const seen: string[] = [];
    const game = play(
      scenario(1, ['Guard Dog'], [2, 3, 6, 6], (engine) => setSkills(engine, 0, ['Lucky', 'Plain 2', 'Plain 3'])),
      testStrategy(
        {
          useAbility: (view) => {
            seen.push(`total ${view.rollTotal} fails ${view.rollFails} ties ${view.rollTies}`);
            return false;
          },
        },
        1,
      ),
    );
    expect(seen).toEqual(['total 5 fails false ties true']);
    expect(game.state.health(0)).toBe(6);
    expect(metric(game, 'monstersDefeated')).toBe(1);
    expect(game.state.charges[id(game.engine, 'Lucky')]).toBe(2);
  });

  it('a tie may be rerolled by the strategy’s choice; a miss is offered with rollFails set', () => {
    const seen: string[] = [];
    const game = play(
      scenario(1, ['Guard Dog'], [2, 3, 1, 1, 6, 6], (engine) => setSkills(engine, 0, ['Lucky', 'Plain 2', 'Plain 3'])),
      testStrategy(
        {
          useAbility: (view) => {
            seen.push(`total ${view.rollTotal} fails ${view.rollFails} ties ${view.rollTies}`);
            return true;
          },
        },
        1,
      ),
    );
    expect(seen).toEqual(['total 5 fails false ties true', 'total 2 fails true ties false']);
    expect(game.state.charges[id(game.engine, 'Lucky')]).toBe(0);
    expect(game.state.health(0)).toBe(6);
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it('a roll that passes is offered no bonus or reroll', () => {
    const offered: number[] = [];
    play(
      scenario(1, ['Guard Dog'], [6, 6], (engine) => setSkills(engine, 0, ['Lucky', 'Plain 2', 'Plain 3'])),
      testStrategy(
        {
          useAbility: (_view, ability) => {
            offered.push(ability);
            return true;
          },
        },
        1,
      ),
    );
    expect(offered).toEqual([]);
  });

  it('a roll ability that is neither a bonus nor a reroll is offered on a roll that passes too', () => {
    const luckyStreak = { id: 'T-99', type: 'skill', name: 'Lucky Streak', source: 'estimated', abilities: [{ trigger: 'roll', effect: { op: 'xp', amount: 1 } }] };
    const content = necreauxContentSchema.parse({ ...testContent, skills: [...testContent.skills, luckyStreak] });
    const arrange = (engine: NecreauxEngine): void => setSkills(engine, 0, ['Lucky Streak', 'Plain 2', 'Plain 3']);
    const game = play({ ...scenario(1, ['Guard Dog'], [6, 6], arrange), content }, testStrategy({}, 1));
    expect(game.log).toContain('  Lucky Streak: xp 1');
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('the sensible strategies keep a reroll rather than spend it on a tie against CV 7 or more', () => {
    const game = play(scenario(1, ['Elite Henchman'], [3, 4, 6, 6], (engine) => setSkills(engine, 0, ['Lucky', 'Plain 2', 'Plain 3'])), testStrategy({}, 1));
    expect(game.state.charges[id(game.engine, 'Lucky')]).toBe(2);
    expect(game.state.health(0)).toBe(6);
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it("hit tokens an ability places count once every agent has rolled: a miss still costs damage", () => {
    const game = play(scenario(1, ['Guard Dog'], [1, 1], (engine) => giveHeld(engine, 0, 'Grenade')), testStrategy({ useAbility: () => true }, 1));
    expect(metric(game, 'monstersDefeated')).toBe(1);
    expect(game.log).toContain('  Guard Dog hits 1 time(s) for 1 each');
    // Six hearts before the fight (as in the test above, which takes no damage): the miss cost one.
    expect(game.state.health(0)).toBe(5);
    expect(game.dice?.used).toBe(2);
  });

  it('a damage-trigger ability prevents damage before it is dealt: Medkit takes the hit, then it is discarded', () => {
    const withMedkit = (use: boolean) => {
      let medkit = -1;
      const game = play(
        scenario(1, ['Guard Dog'], [1, 1, 6, 6], (engine) => (medkit = giveHeld(engine, 0, 'Medkit'))),
        testStrategy({ useAbility: (view, ability) => use && view.abilityCard(ability) === medkit }, 1),
      );
      return { health: game.state.health(0), medkitZone: game.state.zone[medkit] };
    };
    expect(withMedkit(false)).toEqual({ health: 5, medkitZone: Zone.held });
    expect(withMedkit(true)).toEqual({ health: 6, medkitZone: Zone.discard });
  });

  it('a peek looks at the top cards of the deck one by one, each kept or sent to the bottom (Surveillance Room: 3 here)', () => {
    const deckAfter = (toBottom: readonly string[]) => {
      let names: readonly string[] = [];
      const game = play(
        scenario(1, ['Surveillance Room', 'Guard Dog', 'Medkit', 'Laser Pistol'], [], (engine) => (names = engine.cards.names)),
        testStrategy({ peekToBottom: (_view, card) => toBottom.includes(names[card]) }, 1),
      );
      return game.state.deck.toArray().map((card) => names[card]);
    };
    // The deck's last card is its top.
    expect(deckAfter([])).toEqual(['Laser Pistol', 'Medkit', 'Guard Dog']);
    expect(deckAfter(['Guard Dog'])).toEqual(['Guard Dog', 'Laser Pistol', 'Medkit']);
    expect(deckAfter(['Medkit'])).toEqual(['Medkit', 'Laser Pistol', 'Guard Dog']);
  });

  it('a peek deeper than the deck looks at each card once (Surveillance Room over 2 cards, both sent to the bottom)', () => {
    const looked: string[] = [];
    let names: readonly string[] = [];
    play(
      scenario(1, ['Surveillance Room', 'Guard Dog', 'Medkit'], [], (engine) => (names = engine.cards.names)),
      testStrategy({ peekToBottom: (_view, card) => looked.push(names[card]) > 0 }, 1),
    );
    expect(looked).toEqual(['Guard Dog', 'Medkit']);
  });

  it('defeating a monster with loot claims Monster Loot cards for an agent', () => {
    const game = play(scenario(1, ['Medkit', 'Henchman'], [6, 6]), testStrategy({}, 2));
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.held);
    expect(game.state.holder[id(game.engine, 'Medkit')]).toBe(0);
    expect(metric(game, 'xpGained')).toBe(0);
  });

  it('defeating a monster with loot when Monster Loot is empty gains 1 XP', () => {
    const game = play(scenario(1, ['Henchman'], [6, 6]), testStrategy({}, 1));
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('fleeing: each agent takes 1 damage, the monster and Monster Loot are discarded, 1 XP, the turn ends', () => {
    const game = play(scenario(2, ['Medkit', 'Guard Dog', 'Laser Pistol'], []), testStrategy({ fight: () => false }, 3));
    const s = game.state;
    expect(s.health(0)).toBe(5);
    expect(s.health(1)).toBe(5);
    expect(s.zone[id(game.engine, 'Guard Dog')]).toBe(Zone.discard);
    expect(s.zone[id(game.engine, 'Medkit')]).toBe(Zone.discard);
    expect(s.deck.size).toBe(1);
    expect(metric(game, 'xpGained')).toBe(1);
  });
});

describe('damage', () => {
  it('each point disables a face-up card or destroys a face-down one; the sixth point kills a three-card agent', () => {
    // Short of speed 8 by 5, so a damage roll read as the shortfall would leave the agent alive.
    const game = play(scenario(1, ['Spike Pit'], [2, 1, 6]), testStrategy({}, 8));
    expect(game.log).toContain('  6 damage');
    expect(outcome(game)).toBe('utterFailure');
    expect(metric(game, 'skillsLost')).toBe(3);
    expect(metric(game, 'agentsAlive')).toBe(0);
  });

  it('prevention is spent one point at a time: Body Armor’s 1 takes one of the Robo-Shark’s 2 damage and the other lands', () => {
    const game = play(scenario(1, ['Robo-Shark'], [1, 1, 6, 6], (engine) => giveHeld(engine, 0, 'Body Armor', 1)), testStrategy({ useAbility: () => true }, 1));
    expect(game.log.filter((line) => line === '  agent 0 prevents 1 damage')).toHaveLength(1);
    expect(game.state.health(0)).toBe(5);
  });

  it('while prevention bought is left, no damage ability is offered again (Medkit’s 2 covers both points; Body Armor offered once)', () => {
    const offered: string[] = [];
    const game = play(
      scenario(1, ['Robo-Shark'], [1, 1, 6, 6], (engine) => {
        giveHeld(engine, 0, 'Medkit');
        giveHeld(engine, 0, 'Body Armor', 2);
      }),
      testStrategy({ useAbility: (view, ability) => (offered.push(view.name(view.abilityCard(ability))), offered.length === 1) }, 1),
    );
    expect(offered).toEqual(['Medkit', 'Body Armor']);
    expect(game.state.health(0)).toBe(6);
  });

  it('prevention left when the damage is over is lost: Medkit’s second point does not cover the next round’s hit', () => {
    let medkit = -1;
    const game = play(
      scenario(1, ['Guard Dog'], [1, 1, 1, 1, 6, 6], (engine) => (medkit = giveHeld(engine, 0, 'Medkit'))),
      testStrategy({ useAbility: (view, ability) => view.abilityCard(ability) === medkit }, 1),
    );
    expect(game.log.filter((line) => line === '  agent 0 prevents 1 damage')).toHaveLength(1);
    expect(game.state.health(0)).toBe(5);
  });

  it('a dead agent hands its special cards to a teammate and discards its other cards', () => {
    const game = play(
      scenario(2, ['Pressure Plate'], [], (engine) => {
        setSkills(engine, 1, ['Plain 4']);
        engine.state.setFaceDown(id(engine, 'Plain 4'), true);
        giveHeld(engine, 1, 'The Scientists', 3);
        giveHeld(engine, 1, 'Laser Pistol');
      }),
      // No abilities: the Scientists would destroy the Pressure Plate.
      testStrategy({ damageAgent: () => 1, useAbility: () => false }, 1),
    );
    const s = game.state;
    expect(s.alive[1]).toBe(0);
    expect(s.holder[id(game.engine, 'The Scientists')]).toBe(0);
    expect(s.zone[id(game.engine, 'Laser Pistol')]).toBe(Zone.discard);
    expect(outcome(game)).toBe('failure');
  });

  it("an agent's death leaves the turn to the living: the team goes on exploring", () => {
    const game = play(
      scenario(2, ['Pressure Plate', 'Medkit'], [], (engine) => {
        setSkills(engine, 1, ['Plain 4']);
        engine.state.setFaceDown(id(engine, 'Plain 4'), true);
      }),
      testStrategy({ damageAgent: () => 1 }, 2),
    );
    expect(game.state.alive[1]).toBe(0);
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.loot);
  });
});

describe('traps', () => {
  it('a team speed test below the speed triggers the red text: its effect and 1 XP', () => {
    const game = play(scenario(1, ['Tripwire'], [3, 4]), testStrategy({}, 8));
    expect(game.state.health(0)).toBe(5);
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('a roll at or above the speed passes', () => {
    const game = play(scenario(1, ['Tripwire'], [4, 4]), testStrategy({}, 8));
    expect(game.state.health(0)).toBe(6);
    expect(metric(game, 'xpGained')).toBe(0);
  });

  it('an each-player test: every agent rolls and only the failing ones suffer; 1 XP for the card', () => {
    const game = play(scenario(2, ['Dart Corridor'], [6, 6, 1, 1]), testStrategy({}, 7));
    expect(game.state.health(0)).toBe(6);
    expect(game.state.health(1)).toBe(5);
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('the trapXp setting gives 1 XP per failing agent instead', () => {
    const game = play({ ...scenario(2, ['Dart Corridor'], [1, 1, 1, 1]), settings: { agents: 2, trapXp: 'agent' } }, testStrategy({}, 7));
    expect(metric(game, 'xpGained')).toBe(2);
  });

  it('an above-speed trap punishes going slowly', () => {
    const game = play(scenario(1, ['Sleeping Gas'], [3, 3]), testStrategy({}, 5));
    expect(game.state.health(0)).toBe(4);
  });

  it('an each-player test every agent passes gains no XP', () => {
    const game = play(scenario(2, ['Dart Corridor'], [6, 6, 6, 6]), testStrategy({}, 7));
    expect(metric(game, 'xpGained')).toBe(0);
  });

  it("an each-player test gives the pass text to each agent who passes, and a trap without red text gives no XP for failing", () => {
    const drill = { id: 'A-990', type: 'trap', name: 'Drill Floor', source: 'estimated', test: { roll: 'each', failWhen: 'belowSpeed' }, fail: [{ op: 'damage', amount: 1 }], pass: [{ op: 'xp', amount: 1 }], redText: false };
    const content = necreauxContentSchema.parse({ ...testContent, adventure: [...testContent.adventure, drill] });
    const game = play({ ...scenario(2, ['Drill Floor'], [6, 6, 1, 1]), content }, testStrategy({}, 7));
    expect([game.state.health(0), game.state.health(1)]).toEqual([6, 5]);
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('an each-player test is rolled by the living agents only', () => {
    const game = play(scenario(2, ['Dart Corridor'], [6, 6], (engine) => engine.state.kill(1)), testStrategy({}, 7));
    expect(game.dice?.used).toBe(2);
  });

  it('Crushing Ceiling punishes each agent rolling above the speed with 1 damage; Laser Grid each one below with 2', () => {
    const ceiling = play(scenario(2, ['Crushing Ceiling'], [1, 1, 4, 4]), testStrategy({}, 5));
    expect([ceiling.state.health(0), ceiling.state.health(1)]).toEqual([6, 5]);
    const grid = play(scenario(2, ['Laser Grid'], [1, 1, 4, 4]), testStrategy({}, 5));
    expect([grid.state.health(0), grid.state.health(1)]).toEqual([4, 6]);
  });
});

describe('card effects', () => {
  it('Armory takes a Monster Loot card for an agent', () => {
    const game = play(scenario(1, ['Medkit', 'Armory'], []), testStrategy({}, 2));
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.held);
  });

  it('Acid Spray, failed, deals 1 damage to every agent', () => {
    const game = play(scenario(2, ['Acid Spray'], [1, 2]), testStrategy({}, 8));
    expect([game.state.health(0), game.state.health(1)]).toEqual([5, 5]);
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('Psychic Storm neutralizes a random active card, then tests psychic', () => {
    const game = play(scenario(1, ['Psychic Storm'], [2, 5, 5]), testStrategy({}, 1));
    expect(game.log).toContain('  Plain 2 is neutralized');
    expect(game.log).toContain('  agent 0 rolls 5+5 = 10');
  });

  it('a neutralized card is picked among the face-up cards not yet neutralized; with none, no die is rolled for it', () => {
    const neutralized = (deck: readonly string[], dice: readonly number[], faceDown: readonly string[], speed = 1) => {
      const game = play(scenario(1, deck, dice, (engine) => disable(engine, faceDown)), testStrategy({}, speed));
      return game.log.filter((line) => line.endsWith(' is neutralized'));
    };
    expect(neutralized(['Psychic Storm'], [1, 5, 5], ['Plain 1'])).toEqual(['  Plain 2 is neutralized']);
    expect(neutralized(['Neural Scrambler'], [1, 1, 1, 1], [], 8)).toEqual(['  Plain 1 is neutralized', '  Plain 2 is neutralized']);
    expect(neutralized(['Psychic Storm'], [5, 5], ['Plain 1', 'Plain 2', 'Plain 3'])).toEqual([]);
  });

  it('the Scientists and the Escape Shuttle, drawn, are each marked found for the strategies', () => {
    const found = (card: string) => {
      const game = play(scenario(1, [card], []), testStrategy({}, 1));
      return [game.state.scientistsFound, game.state.shuttleFound];
    };
    expect(found('The Scientists')).toEqual([true, false]);
    expect(found('The Escape Shuttle')).toEqual([false, true]);
  });

  describe('enabling', () => {
    const sensible = testStrategy();
    const enabling = (room: string, disabled: readonly string[], decline = false) => {
      let asked = 0;
      const game = play(
        scenario(1, [room], [], (engine) => disable(engine, disabled)),
        testStrategy({ enableTarget: (view) => (asked++, decline ? -1 : sensible.enableTarget(view)) }, 1),
      );
      return { stillDisabled: ['Plain 1', 'Plain 2', 'Plain 3'].filter((name) => game.state.isFaceDown(id(game.engine, name))).length, asked };
    };

    it('Infirmary enables two disabled cards', () => {
      expect(enabling('Infirmary', ['Plain 1', 'Plain 2', 'Plain 3'])).toEqual({ stillDisabled: 1, asked: 2 });
    });

    it('Med Bay stops asking once no card is left to enable', () => {
      expect(enabling('Med Bay', ['Plain 1'])).toEqual({ stillDisabled: 0, asked: 1 });
    });

    it('an enable the strategy declines ends the effect', () => {
      expect(enabling('Infirmary', ['Plain 1', 'Plain 2'], true)).toEqual({ stillDisabled: 2, asked: 1 });
    });
  });

  it('Power Station adds three charges where the team chooses', () => {
    const game = play(scenario(1, ['Power Station'], []), testStrategy({}, 1));
    expect(game.log.filter((line) => / gains a charge -> /.test(line))).toHaveLength(3);
  });

  it('Flooding Chamber, failed above the speed, costs a countdown step', () => {
    const game = play(plainScenario(1, ['Flooding Chamber'], [4, 4], 3), testStrategy({}, 5));
    expect(game.log.slice(game.log.indexOf('  agent 0 rolls 4+4 = 8'))).toContain('  countdown -1 -> 2');
    expect(metric(game, 'turns')).toBe(2);
  });

  it('Lockdown, failed, ends the turn: the next card waits for the next turn', () => {
    const game = play(plainScenario(1, ['Lockdown', 'Medkit'], [1, 2], 2), testStrategy({}, 8));
    const turn2 = game.log.findIndex((line) => line.startsWith('turn 2'));
    expect(game.log.indexOf('  draw A-22 Medkit')).toBeGreaterThan(turn2);
  });

  it('Incinerator, failed, discards Monster Loot and deals 1 damage', () => {
    const game = play(plainScenario(1, ['Medkit', 'Incinerator'], [4, 4], 2), testStrategy({}, 2));
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.discard);
    expect(game.state.health(0)).toBe(5);
  });

  it('Secret Passage gains a countdown step', () => {
    const game = play(scenario(1, ['Secret Passage'], []), testStrategy({}, 1));
    expect(game.log).toContain('  countdown +1 -> 2');
    expect(metric(game, 'turns')).toBe(2);
  });

  it('XP gained adds to the team’s XP', () => {
    const game = play(scenario(1, ['Collapsing Bridge'], [2, 5]), testStrategy({}, 1));
    expect(game.state.xp).toBe(1);
  });
});

describe('abilities offered', () => {
  it("a disabled card's ability is not offered, though another card of the agent has the same window", () => {
    const disabledLucky = (engine: NecreauxEngine) => {
      setSkills(engine, 0, ['Lucky', 'Precise', 'Plain 1']);
      engine.state.setFaceDown(id(engine, 'Lucky'), true);
    };
    expect(abilitiesOffered(scenario(1, ['Guard Dog'], [1, 1, 6, 6], disabledLucky))).toEqual(['Precise']);
  });

  it('a loot-taking ability (Scrounger) is offered only while Monster Loot holds a card', () => {
    const scrounger = (loot: boolean) => (engine: NecreauxEngine) => {
      setSkills(engine, 0, ['Scrounger', 'Plain 1', 'Plain 2']);
      if (loot) {
        lift(engine.state, id(engine, 'Medkit'));
        engine.state.loot.push(id(engine, 'Medkit'));
        engine.state.zone[id(engine, 'Medkit')] = Zone.loot;
      }
    };
    expect(abilitiesOffered(scenario(1, ['Laser Pistol'], [], scrounger(false)))).toEqual([]);
    expect(abilitiesOffered(scenario(1, ['Laser Pistol'], [], scrounger(true)))).toEqual(['Scrounger']);
  });

  it('a peek (Scout) is offered only while the adventure deck holds a card', () => {
    const scout = (engine: NecreauxEngine) => setSkills(engine, 0, ['Scout', 'Plain 1', 'Plain 2']);
    expect(abilitiesOffered(scenario(1, [], [], scout))).toEqual([]);
    expect(abilitiesOffered(scenario(1, ['Laser Pistol'], [], scout))).toEqual(['Scout']);
  });

  it('a roll ability is offered for its own kind of roll, and only while the roll falls short', () => {
    // Sharpshooter: +2 to a combat roll; Hacker: +2 to a trait roll; Ninja: a speed roll again.
    const rollHelpers = (engine: NecreauxEngine) => {
      setSkills(engine, 0, ['Sharpshooter', 'Hacker', 'Ninja']);
      for (const name of ['Sharpshooter', 'Hacker', 'Ninja']) engine.state.charges[id(engine, name)] = 1;
    };
    expect(abilitiesOffered(scenario(1, ['Guard Dog'], [1, 1, 6, 6], rollHelpers))).toEqual(['Sharpshooter']);
    expect(abilitiesOffered(scenario(1, ['Guard Dog'], [6, 6], rollHelpers))).toEqual([]);
    expect(abilitiesOffered(scenario(1, ['Tripwire'], [1, 1], rollHelpers), 9)).toEqual(['Ninja']);
    expect(abilitiesOffered(scenario(1, ['Guard Checkpoint'], [1, 1], rollHelpers))).toEqual(['Hacker']);
  });

  it("a roll ability's bonus adds its whole amount to the roll (Sharpshooter's +2 turns a 4 into a hit on CV 5)", () => {
    const game = play(
      scenario(1, ['Guard Dog'], [3, 1], (engine) => {
        setSkills(engine, 0, ['Sharpshooter', 'Plain 1', 'Plain 2']);
        engine.state.charges[id(engine, 'Sharpshooter')] = 1;
      }),
      testStrategy({ useAbility: () => true }),
    );
    expect(game.log).toContain('  roll now 6');
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it('an enabling ability (Medic) is offered only while the team has a disabled card', () => {
    const medic = (disabled: boolean) => (engine: NecreauxEngine) => {
      setSkills(engine, 0, ['Medic', 'Plain 1', 'Plain 2']);
      engine.state.charges[id(engine, 'Medic')] = 1;
      if (disabled) engine.state.setFaceDown(id(engine, 'Plain 1'), true);
    };
    expect(abilitiesOffered(scenario(1, ['Laser Pistol'], [], medic(false)))).toEqual([]);
    expect(abilitiesOffered(scenario(1, ['Laser Pistol'], [], medic(true)))).toEqual(['Medic']);
  });

  it('destroying a card with nothing being resolved destroys a parasite on the team', () => {
    const game = play(
      scenario(1, ['Medkit'], [], (engine) => {
        giveHeld(engine, 0, 'The Scientists', 3);
        lift(engine.state, id(engine, 'Leech Bat'));
        engine.state.putParasite(id(engine, 'Leech Bat'), id(engine, 'Plain 2'));
      }),
      testStrategy({ useAbility: (view, ability) => view.abilityOp(ability) === Op.destroyCard && view.currentCard < 0 }, 1),
    );
    expect(game.state.zone[id(game.engine, 'Leech Bat')]).toBe(Zone.discard);
    expect(game.state.charges[id(game.engine, 'The Scientists')]).toBe(2);
    checkConservation(game.state);
  });
});

describe('events', () => {
  it("an event's damage is the team's to share out (Training Drone Ambush: the team puts it on agent 0)", () => {
    const game = play(scenario(2, ['Training Drone Ambush'], []), testStrategy({ damageAgent: () => 0 }, 1));
    expect([game.state.health(0), game.state.health(1)]).toEqual([5, 6]);
    expect(metric(game, 'xpGained')).toBe(1);
  });
});

describe('events: trait tests', () => {
  it('a failed test gains 1 XP and deals damage equal to the die the team picks', () => {
    const game = play(scenario(1, ['Collapsing Bridge'], [2, 5]), testStrategy({}, 1));
    expect(game.log).toContain('  decision traitDamageDie -> 2');
    expect(game.state.health(0)).toBe(4);
    expect(metric(game, 'xpGained')).toBe(1);
  });

  it('2d6 + the trait tally (of active cards) reaching 10 succeeds: all cards enabled and a new skill card', () => {
    const game = play(
      scenario(1, ['Guard Checkpoint'], [4, 4], (engine) => engine.state.setFaceDown(id(engine, 'Plain 1'), true)),
      testStrategy({}, 1),
    );
    expect(game.log).toContain('  agent 0 rolls 4+4 +2 = 10');
    expect(game.state.skillCount(0)).toBe(4);
    expect(game.state.isFaceDown(id(game.engine, 'Plain 1'))).toBe(false);
  });

  it('a reward the team declines leaves the cards as they are and draws no skill', () => {
    const game = play(
      scenario(1, ['Guard Checkpoint'], [4, 4], (engine) => engine.state.setFaceDown(id(engine, 'Plain 1'), true)),
      testStrategy({ claimTraitReward: () => false }, 1),
    );
    expect(game.state.skillCount(0)).toBe(3);
    expect(game.state.isFaceDown(id(game.engine, 'Plain 1'))).toBe(true);
  });

  it("the team picks which agent takes the test; a lone agent left, not agent 0, takes it unasked", () => {
    const picked = play(scenario(2, ['Collapsing Bridge'], [2, 5]), testStrategy({ traitTestAgent: () => 1 }, 1));
    expect(picked.log).toContain('  agent 1 rolls 2+5 = 7');
    expect([picked.state.health(0), picked.state.health(1)]).toEqual([6, 4]);
    let asked = 0;
    const lone = play(scenario(2, ['Collapsing Bridge'], [2, 5], (engine) => engine.state.kill(0)), testStrategy({ traitTestAgent: () => (asked++, 0) }, 1));
    expect(lone.log).toContain('  agent 1 rolls 2+5 = 7');
    expect(lone.state.health(1)).toBe(4);
    expect(asked).toBe(0);
  });

  it("a held item's trait counts in its own trait's tests (the Motion Scanner's tech in a tech test)", () => {
    const game = play(scenario(1, ['Locked Terminal'], [4, 5], (engine) => giveHeld(engine, 0, 'Motion Scanner')), testStrategy({}, 1));
    expect(game.log).toContain('  agent 0 rolls 4+5 +1 = 10');
  });

  it('2d6 + the trait tally at 9, one short of 10, fails', () => {
    const game = play(scenario(1, ['Guard Checkpoint'], [3, 3]), testStrategy({}, 1));
    expect(game.log).toContain('  agent 0 rolls 3+3 +3 = 9');
    expect(metric(game, 'xpGained')).toBe(1);
    expect(game.state.health(0)).toBe(3);
  });
});

describe('rooms and rest', () => {
  it('rest: each agent enables a card or adds a charge, then the top card is resolved at speed 0', () => {
    const game = play(
      scenario(1, ['Sleeping Gas', 'Medkit'], [1, 1], (engine) => engine.state.setFaceDown(id(engine, 'Plain 1'), true)),
      testStrategy({ resolveRestDraw: () => true }, 0),
    );
    expect(game.log).toContain('  Plain 1 is enabled');
    expect(game.log).toContain('  agent 0 rolls 1+1 = 2');
    expect(game.state.health(0)).toBe(4);
    expect(game.state.deck.size).toBe(1);
  });

  it('rest: the top card may be discarded instead', () => {
    const game = play(scenario(1, ['Guard Dog'], []), testStrategy({ resolveRestDraw: () => false }, 0));
    expect(game.state.zone[id(game.engine, 'Guard Dog')]).toBe(Zone.discard);
    expect(metric(game, 'monstersDefeated')).toBe(0);
  });

  it("a room's rest is a full rest that ends the turn (cardRest=endsTurn), or after which the turn goes on (continue)", () => {
    const deck = ['Barracks', 'Medkit', 'Laser Pistol', 'Lucky Charm'];
    const ends = play(scenario(1, deck, []), testStrategy({ resolveRestDraw: () => false }, 3));
    expect(ends.state.zone[id(ends.engine, 'Medkit')]).toBe(Zone.discard);
    expect(ends.state.deck.size).toBe(2);
    const goesOn = play({ ...scenario(1, deck, []), settings: { agents: 1, cardRest: 'continue' } }, testStrategy({ resolveRestDraw: () => false }, 3));
    expect(goesOn.state.zone[id(goesOn.engine, 'Medkit')]).toBe(Zone.discard);
    expect(goesOn.state.deck.size).toBe(0);
  });

  it("a skill's rest at turn start (Resourceful) is a free rest: the turn goes on at the speed the team picks", () => {
    let speedsAsked = 0;
    const strategy = testStrategy({ useAbility: () => true, resolveRestDraw: () => false, chooseSpeed: () => (speedsAsked++, 1) });
    const resourceful = (engine: NecreauxEngine) => {
      setSkills(engine, 0, ['Resourceful', 'Plain 2', 'Plain 3']);
      engine.state.charges[id(engine, 'Resourceful')] = 2;
    };
    const game = play(scenario(1, ['Medkit', 'Laser Pistol'], [], resourceful), strategy);
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.discard);
    expect(speedsAsked).toBe(1);
    expect(game.state.zone[id(game.engine, 'Laser Pistol')]).toBe(Zone.loot);
  });

  it('a free rest is taken once per turn start, however many charges would pay for more (judgement 37)', () => {
    // Each rest charges Resourceful twice (the agent's rest charge, and the Scientists' charge gained at the rest and
    // spent on it), what the rest cost: without the limit it would pay for itself and rest forever.
    const strategy = testStrategy({
      useAbility: () => true,
      resolveRestDraw: () => false,
      restAction: () => Rest.charge,
      restTarget: (view) => resourcefulOf(view),
      chargeTarget: (view) => resourcefulOf(view),
    });
    const resourceful = (engine: NecreauxEngine) => {
      setSkills(engine, 0, ['Resourceful', 'Plain 2', 'Plain 3']);
      engine.state.charges[id(engine, 'Resourceful')] = 6;
      giveHeld(engine, 0, 'The Scientists');
    };
    const game = play(scenario(1, ['Medkit', 'Laser Pistol', 'Lucky Charm'], [], resourceful), strategy);
    expect(game.log.filter((line) => line === '  Resourceful: rest')).toHaveLength(1);
    expect(game.state.charges[id(game.engine, 'Resourceful')]).toBe(6);
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.discard);
    expect(game.state.zone[id(game.engine, 'Laser Pistol')]).toBe(Zone.loot);
  });

  it('a game whose answers never let it end is stopped, naming the strategy, the decision and the seed', () => {
    // A user's card that pays for itself: spend a charge, gain it back, as often as the strategy says yes.
    const perpetual = { id: 'T-99', type: 'skill', name: 'Perpetual', source: 'estimated', traits: ['tech'], startCharges: 1, abilities: [{ trigger: 'turnStart', cost: { charges: 1 }, effect: { op: 'chargeSelf', amount: 1 } }] };
    const content = necreauxContentSchema.parse({ ...testContent, skills: [...testContent.skills, perpetual] });
    const loop = { ...scenario(1, ['Medkit'], [], (engine: NecreauxEngine) => setSkills(engine, 0, ['Perpetual', 'Plain 2', 'Plain 3'])), content };
    expect(() => play(loop, testStrategy({ useAbility: () => true }), 42)).toThrow(/"test" answered decision "useAbility" illegally in game seed 42: the game has taken 100000 answers without ending: the answers loop \(an ability that pays for itself\?\)$/);
    let uses = 0;
    expect(outcome(play(loop, testStrategy({ useAbility: () => ++uses <= 1000 }), 42))).toBe('failure');
  });

  it('a rest with the adventure deck empty draws nothing', () => {
    const game = play(scenario(1, [], []), testStrategy({}, 0));
    expect(game.log).toContain('  rest');
    expect(metric(game, 'cardsDrawn')).toBe(0);
  });

  it('rest: a charge instead of enabling', () => {
    const game = play(scenario(1, [], []), testStrategy({ restAction: () => Rest.charge }, 0));
    expect(game.state.charges[id(game.engine, 'Plain 1')]).toBe(1);
  });

  it('rest: items move freely between agents', () => {
    const game = play(
      scenario(2, [], [], (engine) => giveHeld(engine, 0, 'Medkit')),
      testStrategy({ transferItem: (view) => (view.holderOf(view.currentCard) === 1 ? -1 : firstItem(view)), chooseHolder: () => 1 }, 0),
    );
    expect(game.state.holder[id(game.engine, 'Medkit')]).toBe(1);
  });

  it('rest: the team moves at most as many items as it holds, and a lone agent is not asked', () => {
    const transfers = (agents: number) => {
      let asked = 0;
      let medkit = -1;
      const game = play(
        scenario(agents, [], [], (engine) => (medkit = giveHeld(engine, 0, 'Medkit'))),
        testStrategy({ transferItem: () => (asked++, medkit), chooseHolder: () => asked % 2 }, 0),
      );
      checkConservation(game.state);
      return asked;
    };
    expect(transfers(2)).toBe(1);
    expect(transfers(1)).toBe(0);
  });

  it('rest: declining with no parasite attached destroys nothing', () => {
    const game = play(scenario(1, [], [], (engine) => giveHeld(engine, 0, 'Medkit')), testStrategy({ restAction: () => Rest.decline }, 0));
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.held);
    checkConservation(game.state);
  });
});

/** The first item held by agent 0, or -1. */
function firstItem(view: { heldCount(a: number): number; heldAt(a: number, i: number): number }): number {
  return view.heldCount(0) > 0 ? view.heldAt(0, 0) : -1;
}

describe('experience', () => {
  it('a turn a turn-start ability ends (its rest draws a monster the team flees) asks for no speed: no second rest', () => {
    let speedsAsked = 0;
    const strategy = testStrategy({ fight: () => false, useAbility: () => true, resolveRestDraw: () => true, chooseSpeed: () => (speedsAsked++, 0) });
    const resourceful = (engine: NecreauxEngine) => {
      setSkills(engine, 0, ['Resourceful', 'Plain 2', 'Plain 3']);
      engine.state.charges[id(engine, 'Resourceful')] = 2;
    };
    const game = play(scenario(1, ['Guard Dog', 'Medkit'], [], resourceful), strategy);
    expect(game.log.some((line) => line.includes('flee'))).toBe(true);
    expect(speedsAsked).toBe(0);
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.deck);
  });

  it('at turn start 2 XP per skill card the agent has buys a new skill card', () => {
    const game = play(
      scenario(1, [], [], (engine) => {
        setSkills(engine, 0, ['Plain 1', 'Plain 2']);
        engine.state.xp = 4;
      }),
      testStrategy({}, 1),
    );
    expect(game.state.skillCount(0)).toBe(3);
    expect(metric(game, 'xpSpent')).toBe(4);
  });

  it('an agent with one skill card buys a new one with exactly 2 XP', () => {
    const game = play(scenario(1, [], [], (engine) => {
      setSkills(engine, 0, ['Plain 1']);
      engine.state.xp = 2;
    }));
    expect(game.state.skillCount(0)).toBe(2);
    expect(game.state.xp).toBe(0);
  });

  it('with no skill card left to draw, XP is kept; skillReshuffle shuffles the skill discard into a new skill deck', () => {
    const buying = (skillReshuffle: boolean, discard = ['Plain 10']) => {
      const game = play({
        ...scenario(1, [], [], (engine) => {
          stackSkillDeck(engine, []);
          stackSkillDiscard(engine, discard);
          engine.state.xp = 6;
        }),
        settings: { agents: 1, level: '6', skillReshuffle },
      });
      return { xp: game.state.xp, plain10: game.state.zone[id(game.engine, 'Plain 10')] };
    };
    expect(buying(false)).toEqual({ xp: 6, plain10: Zone.skillDiscard });
    expect(buying(true)).toEqual({ xp: 0, plain10: Zone.skill });
    expect(buying(true, []).xp).toBe(6);
  });

  it("without skillReshuffle a card's skill draw (Training Hall) finds no skill card once the skill deck is empty", () => {
    const game = play({
      ...scenario(1, ['Training Hall'], [], (engine) => {
        stackSkillDeck(engine, []);
        stackSkillDiscard(engine, ['Plain 10']);
      }),
      settings: { agents: 1, level: '6', skillReshuffle: false },
    });
    expect(game.state.skillCount(0)).toBe(3);
    expect(game.state.zone[id(game.engine, 'Plain 10')]).toBe(Zone.skillDiscard);
  });
});

describe('the Scientists, the Escape Shuttle and secret caches', () => {
  it('the Scientists enter play with 3 charges and gain 1 when the team rests', () => {
    const game = play(
      { ...scenario(1, ['The Scientists', 'Medkit'], []), arrange: undefined, ...withCountdown(2, ['The Scientists', 'Medkit']) },
      testStrategy({ chooseSpeed: (view) => (view.turn === 1 ? 1 : 0) }),
    );
    expect(game.state.charges[id(game.engine, 'The Scientists')]).toBe(4);
    expect(metric(game, 'turnScientistsFound')).toBe(1);
  });

  it('a game that never finds the Scientists records their turn as missing, not as a turn', () => {
    const game = play(scenario(1, ['Medkit'], []), testStrategy({}, 1));
    expect(metric(game, 'turnScientistsFound')).toBe(METRIC_MISSING);
  });

  it('the Scientists spend a charge to destroy a card', () => {
    const game = play(
      scenario(1, ['The Scientists', 'Guard Dog'], []),
      testStrategy({ useAbility: (view, ability) => view.abilityOp(ability) === Op.destroyCard }, 2),
    );
    expect(game.state.zone[id(game.engine, 'Guard Dog')]).toBe(Zone.discard);
    expect(game.state.charges[id(game.engine, 'The Scientists')]).toBe(2);
    expect(metric(game, 'monstersDefeated')).toBe(0);
  });

  it('the Scientists cannot destroy the Escape Shuttle or a secret cache as it is drawn: the team takes them', () => {
    const game = play(
      scenario(1, ['The Scientists', 'The Escape Shuttle', 'Secret Cache'], []),
      testStrategy({ useAbility: (view, ability) => view.abilityOp(ability) === Op.destroyCard }, 3),
    );
    expect(['The Escape Shuttle', 'Secret Cache'].map((name) => game.state.zone[id(game.engine, name)])).toEqual([Zone.held, Zone.held]);
    expect(game.state.charges[id(game.engine, 'The Scientists')]).toBe(3);
  });

  it('escaping with the Scientists just before the countdown moves is a success', () => {
    const game = play(
      scenario(1, ['Medkit'], [], (engine) => {
        giveHeld(engine, 0, 'The Escape Shuttle');
        giveHeld(engine, 0, 'The Scientists', 3);
      }),
      testStrategy({}, 1),
    );
    expect(outcome(game)).toBe('success');
    expect(game.state.countdown).toBe(1);
  });

  it('escaping without the Scientists is a draw', () => {
    const game = play(scenario(1, ['Medkit'], [], (engine) => giveHeld(engine, 0, 'The Escape Shuttle')), testStrategy({}, 1));
    expect(outcome(game)).toBe('draw');
  });

  it('a secret cache is attached with 6 charges; a teammate rolling doubles may move one of them', () => {
    const game = play(scenario(2, ['Secret Cache', 'Guard Dog'], [6, 5, 3, 3]), testStrategy({ chooseHolder: () => 0 }, 2));
    const cache = game.state.heldAt(0, 0);
    expect(game.state.charges[cache]).toBe(5);
    expect(game.state.charges[id(game.engine, 'Plain 1')]).toBe(1);
  });

  it('doubles a teammate rerolls away still let the cache move a charge (each roll counts)', () => {
    const arrange: Scenario['arrange'] = (engine) => setSkills(engine, 1, ['Lucky', 'Plain 2', 'Plain 3']);
    const game = play(scenario(2, ['Secret Cache', 'Guard Dog'], [6, 5, 1, 1, 6, 5], arrange), testStrategy({ chooseHolder: () => 0, useAbility: () => true }, 2));
    expect(game.log).toContain('  agent 1 rolls 1+1 = 2');
    expect(game.log.some((line) => line.startsWith('  reroll: 6+5'))).toBe(true);
    expect(game.state.charges[game.state.heldAt(0, 0)]).toBe(5);
  });

  it('the cache holder rolling doubles moves nothing', () => {
    const game = play(scenario(2, ['Secret Cache', 'Guard Dog'], [3, 3, 6, 5]), testStrategy({ chooseHolder: () => 0 }, 2));
    expect(game.state.charges[id(game.engine, 'Plain 1')]).toBe(0);
  });
});

/** Arrange plain agents, this deck and this countdown. */
function withCountdown(countdown: number, deck: readonly string[]): Pick<Scenario, 'arrange'> {
  return {
    arrange: (engine) => {
      plainAgents(engine);
      stackDeck(engine, deck);
      engine.state.countdown = countdown;
    },
  };
}

describe('the end of the game', () => {
  it('An Uncertain Ending rolls for the blast only at the end of a turn at zero', () => {
    const game = play({ settings: { agents: 1, level: '6', uncertainEnding: true }, dice: [6], ...withCountdown(2, ['Medkit', 'Laser Pistol', 'Lucky Charm']) }, testStrategy({}, 1));
    expect(metric(game, 'turns')).toBe(2);
    expect(game.log.filter((line) => line.startsWith('  uncertain ending'))).toEqual(['  uncertain ending: rolled 6']);
  });

  it('An Uncertain Ending: at zero a die is rolled at the end of each turn; a 6 ends the game', () => {
    const game = play(
      { settings: { agents: 1, level: '6', uncertainEnding: true }, dice: [3, 6], ...withCountdown(1, ['Medkit', 'Laser Pistol', 'Lucky Charm']) },
      testStrategy({}, 1),
    );
    expect(metric(game, 'turns')).toBe(2);
    expect(outcome(game)).toBe('failure');
  });

  it('a card that costs countdown steps can end the game at once', () => {
    const game = play({ ...withCountdown(1, ['Alarm Panel', 'Medkit']), settings: { agents: 1 }, dice: [1, 1] }, testStrategy({}, 5));
    expect(outcome(game)).toBe('failure');
    expect(game.state.deck.size).toBe(1);
  });
});

describe('the game log', () => {
  it('names a card answer by its card, an agent answer by its agent, and -1 as none', () => {
    const { log, engine } = play({ settings: { level: '1' } });
    const cardAnswers = log.filter((line) => /^ {2}decision (keepSkills|poolSwap|damageCard) -> /.test(line));
    expect(cardAnswers.length).toBeGreaterThan(0);
    const named = (line: string) => engine.state.cards.names.some((name) => line.endsWith(`-> ${name}`) || line.endsWith(`-> ${name} (to the skill pool)`) || line.endsWith(`-> ${name} (from the skill pool)`));
    for (const line of cardAnswers) expect(line.endsWith('-> none') || named(line), line).toBe(true);
    expect(cardAnswers.some((line) => line.startsWith('  decision keepSkills -> ') && line.endsWith(' (to the skill pool)'))).toBe(true);
    expect(cardAnswers.some((line) => !line.endsWith('-> none'))).toBe(true);
    const agentAnswers = log.filter((entry) => /^ {2}decision (spendXp|speedTestRoller|skillRecipient|chooseHolder) -> /.test(entry));
    expect(agentAnswers.length).toBeGreaterThan(0);
    for (const line of agentAnswers) expect(line).toMatch(/ -> (none|agent \d)$/);
  });

  it('writes a reroll with the modifiers the roll had (its total less its dice), bonuses already added included', () => {
    const DICE = /(\d)\+(\d)(?: ([+-]\d+))? = (-?\d+)$/;
    let withModifier = 0;
    for (let seed = 1; seed <= 30; seed++) {
      let dice = 0;
      let total = 0;
      for (const line of play({ settings: { level: '1' } }, undefined, seed).log) {
        const bonus = /^ {2}roll now (-?\d+)$/.exec(line);
        if (bonus !== null) total = Number(bonus[1]);
        const roll = DICE.exec(line);
        if (roll === null || !/^ {2}(agent \d rolls|reroll:) /.test(line)) continue;
        const [newDice, modifier, newTotal] = [Number(roll[1]) + Number(roll[2]), Number(roll[3] ?? 0), Number(roll[4])];
        if (line.startsWith('  reroll:')) {
          expect(modifier, line).toBe(total - dice);
          if (modifier !== 0) withModifier++;
        }
        expect(newTotal, line).toBe(newDice + modifier);
        [dice, total] = [newDice, newTotal];
      }
    }
    expect(withModifier).toBeGreaterThan(0);
  });

  it('names the ability each useAbility question offers, declined ones too, as the line of its use does', () => {
    // Games until one has declined an offer and accepted another (whether a game does depends on its deal).
    const games = Array.from({ length: 20 }, (_, seed) => play({ settings: { level: '1' } }, testStrategy(), seed + 1));
    const { log, engine } = games.find(({ log }) => log.some((line) => line.startsWith('  decision useAbility') && line.endsWith('-> false')) && log.some((line) => line.startsWith('  decision useAbility (') && line.endsWith('-> true'))) ?? games[0];
    const offers = log.filter((line) => line.startsWith('  decision useAbility'));
    expect(offers.some((line) => line.endsWith('-> false'))).toBe(true);
    const cardName = (line: string) => engine.state.cards.names.find((name) => line.startsWith(`  decision useAbility (${name}: `));
    for (const line of offers) expect(cardName(line), line).toBeDefined();
    const accepted = log.findIndex((line) => line.startsWith('  decision useAbility (') && line.endsWith('-> true'));
    expect(log[accepted + 1]).toBe(`  ${/\((.*)\) -> true$/.exec(log[accepted])![1]}`);
  });
});

/** The team's Resourceful card (-1 if none). */
function resourcefulOf(view: { skillCount(a: number): number; skillAt(a: number, i: number): number; name(card: number): string; agents: number }): number {
  for (let agent = 0; agent < view.agents; agent++) {
    for (let i = 0; i < view.skillCount(agent); i++) if (view.name(view.skillAt(agent, i)) === 'Resourceful') return view.skillAt(agent, i);
  }
  return -1;
}
