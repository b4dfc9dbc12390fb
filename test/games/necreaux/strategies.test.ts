import { describe, expect, it } from 'vitest';
import { necreaux } from '../../../src/games/necreaux/index.ts';
import { giveHeld, metric, play, plainAgents, stackDeck } from './helpers.ts';

const definition = (name: string) => necreaux.strategies.find((s) => s.name === name)!;

describe('the built-in strategies', () => {
  it('are fixed-speed, adaptive, cautious and random; adaptive is the default', () => {
    expect(necreaux.strategies.map((s) => s.name)).toEqual(['fixed-speed', 'adaptive', 'cautious', 'random']);
    expect(necreaux.defaultStrategy).toBe('adaptive');
    expect(definition('fixed-speed').params).toEqual([expect.objectContaining({ name: 'speed', kind: 'int', min: 1, max: 15, default: 7 })]);
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
});
