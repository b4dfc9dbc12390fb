import { describe, expect, it } from 'vitest';
import type { NecreauxEngine } from '../../../src/games/necreaux/rules.ts';
import { giveHeld, id, metric, outcome, plainAgents, play, setSkills, stackDeck, testStrategy, type Scenario } from './helpers.ts';

/** Plain agents, this deck (top first) and this countdown. The rulebook's Sliding Wall is A-33, the second A-59. */
function scenario(agents: number, deck: readonly string[], dice: readonly number[], countdown: number, extra?: (engine: NecreauxEngine) => void): Scenario {
  return {
    settings: { agents, level: '6' },
    dice,
    arrange: (engine) => {
      plainAgents(engine);
      stackDeck(engine, deck);
      engine.state.countdown = countdown;
      extra?.(engine);
    },
  };
}

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
