import { describe, expect, it } from 'vitest';
import { Kind, Op } from '../../../src/games/necreaux/decisions.ts';
import type { NecreauxEngine } from '../../../src/games/necreaux/rules.ts';
import { Zone } from '../../../src/games/necreaux/state.ts';
import { abilitiesOffered, giveHeld, id, metric, outcome, plainScenario, play, setSkills, testStrategy, type Scenario } from './helpers.ts';

/** Plain agents, this deck (top first) and this countdown. The rulebook's Sliding Wall is A-33, the second A-59. */
const scenario = (agents: number, deck: readonly string[], dice: readonly number[], countdown: number, extra?: (engine: NecreauxEngine) => void): Scenario =>
  plainScenario(agents, deck, dice, countdown, extra);

describe('the Sliding Wall', () => {
  it('a roll below the speed splits the team; the main team finishes the turn; the lost team’s turn does not move the countdown', () => {
    const game = play(scenario(2, ['A-33', 'Medkit', 'Laser Pistol'], [1, 1], 2), testStrategy({}, 3));
    expect(game.log).toContain('  the team splits: lost team 2');
    expect(game.log).toContain('turn 2: team 1, countdown 1, 0 cards left, 0 XP');
    expect(game.log).toContain('turn 3: team 0, countdown 1, 0 cards left, 0 XP');
    expect(metric(game, 'turns')).toBe(3);
    expect(metric(game, 'splits')).toBe(1);
    expect(metric(game, 'xpGained')).toBe(0);
  });

  it('the lost team holding the Escape Shuttle is not offered to escape at the end of its turn: the marker does not move', () => {
    let offered = 0;
    play(
      scenario(2, ['A-33', 'Medkit', 'Laser Pistol'], [1, 1], 2, (engine) => giveHeld(engine, 1, 'The Escape Shuttle')),
      testStrategy({ escape: () => (offered++, false) }, 3),
    );
    expect(offered).toBe(0);
  });

  it('a roll at or above the speed: no effect', () => {
    const game = play(scenario(2, ['A-33'], [2, 1], 3), testStrategy({}, 3));
    expect(metric(game, 'splits')).toBe(0);
  });

  it('has no effect with a single agent', () => {
    const game = play(scenario(1, ['A-33'], [1, 1], 1), testStrategy({}, 8));
    expect(metric(game, 'splits')).toBe(0);
  });

  it('regroup by losing an extra countdown step at the end of a team’s turn', () => {
    const game = play(scenario(2, ['A-33', 'Medkit'], [1, 1], 3), testStrategy({ regroup: () => true }, 3));
    expect(game.log).toContain('  countdown -2 -> 1');
    expect(game.log).toContain('turn 2: team 0, countdown 1, 0 cards left, 0 XP');
  });

  it('drawing another Sliding Wall while split regroups at once; the turn finishes as one team and moves the countdown', () => {
    const game = play(scenario(3, ['A-33', 'Medkit', 'A-59', 'Laser Pistol'], [1, 1], 2), testStrategy({}, 8));
    expect(game.log).toContain('  the teams regroup');
    expect(game.log).toContain('turn 2: team 0, countdown 1, 0 cards left, 0 XP');
  });

  it('the lost team regrouping by Sliding Wall during its own turn moves the countdown normally', () => {
    const game = play(
      scenario(2, ['A-33', 'Medkit', 'Laser Pistol', 'A-59'], [1, 1], 3),
      testStrategy({ chooseSpeed: (view) => (view.turn === 1 ? 3 : 1) }),
    );
    expect(game.log).toContain('turn 2: team 1, countdown 2, 1 cards left, 0 XP');
    expect(game.log).toContain('turn 3: team 0, countdown 1, 0 cards left, 0 XP');
  });

  it('a split team wiped out leaves the other team as the whole team; its turn ends there', () => {
    const game = play(
      scenario(3, ['A-33', 'Lava Surge', 'Medkit'], [1, 1], 3, (engine) => {
        setSkills(engine, 0, ['Plain 1']);
        engine.state.setFaceDown(id(engine, 'Plain 1'), true);
      }),
      testStrategy({ splitTeam: () => 6 }, 3),
    );
    expect(game.state.alive[0]).toBe(0);
    expect(game.state.health(1)).toBe(6);
    expect(game.state.health(2)).toBe(6);
    expect(game.log).toContain('turn 2: team 0, countdown 2, 1 cards left, 0 XP');
    expect(game.state.split).toBe(false);
  });

  it('a split team wiped out mid-card leaves the rest of the card unresolved: the other team does not take its trait test', () => {
    // Found by the rules audit of 2026-12-05: the event's trait test went to the agent behind the wall, who claimed its reward.
    const game = play(
      scenario(2, ['Final Gauntlet', 'Medkit'], [6, 6], 3, (engine) => {
        setSkills(engine, 0, ['Plain 1']);
        engine.state.setFaceDown(id(engine, 'Plain 1'), true);
        engine.state.splitOff(2); // agent 1 is the lost team; agent 0 (main) plays turn 1
      }),
      testStrategy({}, 1),
    );
    expect(game.state.alive[0]).toBe(0);
    expect(game.log.some((line) => line.startsWith('  agent 1 rolls'))).toBe(false);
    expect(game.dice!.used).toBe(0);
  });

  it('escaping with the shuttle while split leaves the lost team (and the Scientists it holds) behind: a draw', () => {
    const game = play(
      scenario(2, ['A-33'], [1, 1], 2, (engine) => {
        giveHeld(engine, 0, 'The Escape Shuttle');
        giveHeld(engine, 1, 'The Scientists', 3);
      }),
      testStrategy({ escape: () => true }, 3),
    );
    expect(outcome(game)).toBe('draw');
    expect(metric(game, 'score')).toBeGreaterThan(0);
  });
});

/** Two plain agents already split (agent 0 the main team, agent 1 the lost team), this deck and this countdown. */
function split(deck: readonly string[], dice: readonly number[], countdown: number, extra?: (engine: NecreauxEngine) => void): Scenario {
  return scenario(2, deck, dice, countdown, (engine) => {
    engine.state.splitOff(0b10);
    extra?.(engine);
  });
}

describe('drawing a Sliding Wall while split reunites the teams on the draw, and the wall is discarded', () => {
  it('in a rest draw, before the choice to resolve or discard the card', () => {
    const asked: string[] = [];
    const game = play(
      split(['Medkit', 'A-59', 'Laser Pistol'], [], 3),
      testStrategy({
        chooseSpeed: (view) => (view.turn === 2 ? 0 : 1),
        resolveRestDraw: (view, card) => {
          asked.push(view.name(card));
          return false;
        },
      }),
    );
    expect(game.log).toContain('  a secret wall lifts');
    expect(asked).toEqual([]);
    expect(game.state.zone[game.engine.cards.idOf('A-59')]).toBe(Zone.discard);
    // The lost team's rest, finished as one team, moves the countdown; then the reunited team plays.
    expect(game.log).toContain('turn 3: team 0, countdown 1, 1 cards left, 0 XP');
  });

  it('before draw abilities: Security Expert is never offered the wall', () => {
    const game = play(split(['A-59', 'Medkit'], [], 2, (engine) => setSkills(engine, 0, ['Security Expert', 'Plain 2', 'Plain 3'])), testStrategy({}, 2));
    expect(game.log).toContain('  the teams regroup');
    expect(game.log.some((line) => line.startsWith('  Security Expert:'))).toBe(false);
    expect(game.state.charges[id(game.engine, 'Security Expert')]).toBe(2);
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.loot);
    expect(game.log).toContain('turn 2: team 0, countdown 1, 0 cards left, 0 XP');
  });

  it('in a draw a card instructs, before the Scientists could destroy it', () => {
    const game = play(
      split(['Elevator Shaft', 'A-59', 'Medkit'], [], 2, (engine) => giveHeld(engine, 0, 'The Scientists', 3)),
      testStrategy({ useAbility: (view, ability) => view.abilityOp(ability) === Op.destroyCard && view.currentCard >= 0 && view.kind(view.currentCard) === Kind.trap }, 1),
    );
    expect(game.log).toContain('  a secret wall lifts');
    expect(game.state.charges[id(game.engine, 'The Scientists')]).toBe(3);
    expect(game.log).toContain('turn 2: team 0, countdown 1, 0 cards left, 0 XP');
  });
});

describe("the lost team takes no part in the acting team's turn", () => {
  /** A speed answer: the main team (team 0) rests, the lost team explores at speed 1. */
  const mainTeamRests = (view: { actingTeam: number }) => (view.actingTeam === 0 ? 0 : 1);

  it('only the acting team rolls in combat, and the monster strikes only it (Swarming)', () => {
    const fought = play(split(['Guard Dog'], [4, 4], 1), testStrategy({}, 1));
    expect(fought.dice?.used).toBe(2);
    expect(metric(fought, 'monstersDefeated')).toBe(1);
    const swarmed = play(
      scenario(3, ['Lab Rat Swarm'], [1, 1, 1, 1, 6, 6, 6, 6], 1, (engine) => engine.state.splitOff(0b100)),
      testStrategy({}, 1),
    );
    expect([0, 1, 2].map((agent) => swarmed.state.health(agent))).toEqual([5, 5, 6]);
  });

  it('fleeing costs only the acting team a heart; so does damage to each agent (Lava Surge)', () => {
    const fled = play(split(['Guard Dog'], [], 1), testStrategy({ fight: () => false }, 1));
    expect([fled.state.health(0), fled.state.health(1)]).toEqual([5, 6]);
    const surge = play(split(['Lava Surge'], [], 1), testStrategy({}, 1));
    expect([surge.state.health(0), surge.state.health(1)]).toEqual([5, 6]);
  });

  it("the lost team's abilities are not offered in the acting team's combat", () => {
    const offered = abilitiesOffered(
      split(['Guard Dog'], [4, 4], 1, (engine) => {
        setSkills(engine, 1, ['Martial Artist', 'Plain 1', 'Plain 2']);
        engine.state.charges[id(engine, 'Martial Artist')] = 1;
      }),
    );
    expect(offered).toEqual([]);
  });

  it("in the acting team's rest, the lost team's rest abilities do not fire and its items are not counted for moving", () => {
    const gadgeteer = play(
      split([], [], 1, (engine) => setSkills(engine, 1, ['Gadgeteer', 'Plain 1', 'Plain 2'])),
      testStrategy({ chooseSpeed: mainTeamRests }),
    );
    expect(gadgeteer.log.some((line) => line.includes('Gadgeteer'))).toBe(false);
    let asked = 0;
    let medkit = -1;
    play(
      scenario(3, [], [], 1, (engine) => {
        engine.state.splitOff(0b100);
        medkit = giveHeld(engine, 0, 'Medkit');
        giveHeld(engine, 2, 'Laser Pistol');
        giveHeld(engine, 2, 'Lucky Charm');
      }),
      testStrategy({ chooseSpeed: mainTeamRests, transferItem: () => (asked++, medkit), chooseHolder: () => asked % 2 }),
    );
    expect(asked).toBe(1);
  });
});

describe('escaping and regrouping', () => {
  it('the escape comes just before the marker moves, with the teams as they stand: escaping, the team never loses the regroup step, so the lost team and its Scientists stay behind (a draw)', () => {
    const game = play(
      split(['Medkit'], [], 3, (engine) => {
        giveHeld(engine, 0, 'The Escape Shuttle');
        giveHeld(engine, 1, 'The Scientists', 3);
      }),
      testStrategy({ regroup: () => true, escape: () => true }, 1),
    );
    expect(outcome(game)).toBe('draw');
    expect(game.log).not.toContain('  the teams regroup');
    expect(game.state.countdown).toBe(3);
  });

  it('a lost team holding the shuttle is offered the escape only at the end of a turn in which it regroups, and leaves as it stands', () => {
    let offers = 0;
    const game = play(
      split(['Medkit', 'Laser Pistol'], [], 3, (engine) => {
        giveHeld(engine, 1, 'The Escape Shuttle');
        giveHeld(engine, 0, 'The Scientists', 3);
      }),
      testStrategy({ regroup: (view) => view.actingTeam === 1, escape: () => ++offers > 0 }, 1),
    );
    expect(offers).toBe(1);
    expect(metric(game, 'turns')).toBe(2);
    expect(outcome(game)).toBe('draw');
    expect(game.state.countdown).toBe(2);
  });

  it('declining the escape, the team loses the extra step and regroups', () => {
    const game = play(
      split(['Medkit'], [], 3, (engine) => giveHeld(engine, 0, 'The Escape Shuttle')),
      testStrategy({ regroup: () => true, escape: (view) => view.countdown === 1 }, 1),
    );
    expect(game.log).toContain('  countdown -2 -> 1');
    expect(game.log).toContain('  the teams regroup');
    expect(game.log).toContain('turn 2: team 0, countdown 1, 0 cards left, 0 XP');
  });
});

describe('An Uncertain Ending while split', () => {
  it('the die is rolled at the end of the lost team’s turn at zero too', () => {
    const game = play({ ...split(['Medkit', 'Laser Pistol', 'Lucky Charm'], [3, 6], 1), settings: { agents: 2, level: '6', uncertainEnding: true } }, testStrategy({}, 1));
    expect(game.log).toContain('  uncertain ending: rolled 3');
    expect(game.log).toContain('  uncertain ending: rolled 6');
    expect(metric(game, 'turns')).toBe(2);
    expect(outcome(game)).toBe('failure');
  });

  it('at zero the teams may regroup: the extra step, like the turn’s own, moves the marker no further', () => {
    const game = play({ ...split(['Medkit', 'Laser Pistol', 'Lucky Charm'], [3, 6], 0), settings: { agents: 2, level: '6', uncertainEnding: true } }, testStrategy({ regroup: () => true }, 1));
    expect(game.log).toContain('  countdown -2 -> 0');
    expect(game.log).toContain('  the teams regroup');
    expect(game.log).toContain('turn 2: team 0, countdown 0, 2 cards left, 0 XP');
  });
});
