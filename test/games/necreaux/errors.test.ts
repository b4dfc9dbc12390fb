import { describe, expect, it } from 'vitest';
import { InputError, StrategyError } from '../../../src/core/errors.ts';
import type { Settings } from '../../../src/core/game.ts';
import { type NecreauxStrategy, type NecreauxView, Rest } from '../../../src/games/necreaux/decisions.ts';
import { createNecreauxEngine } from '../../../src/games/necreaux/index.ts';
import type { NecreauxEngine } from '../../../src/games/necreaux/rules.ts';
import { captureSetUp, catchError, giveHeld, id, plainScenario, play, reference, stackSkillDeck, testStrategy } from './helpers.ts';

describe('strategy errors', () => {
  it('an illegal answer throws a StrategyError naming the strategy, the decision and the seed', () => {
    const thrown = catchError(() => play({ settings: { agents: 2 } }, testStrategy({}, -1), 42));
    expect(thrown).toBeInstanceOf(StrategyError);
    expect(thrown).toMatchObject({ strategy: 'test', decision: 'chooseSpeed', gameSeed: 42 });
  });

  it('a non-integer answer is illegal', () => {
    const thrown = catchError(() => play({ settings: { agents: 2 } }, testStrategy({ chooseSpeed: () => 2.5 }), 3));
    expect(thrown).toMatchObject({ decision: 'chooseSpeed' });
  });

  it('a fight answer that is not true or false is illegal', () => {
    const thrown = catchError(() => play({ settings: { agents: 2 } }, testStrategy({ fight: () => 1 as unknown as boolean }, 15), 5));
    expect(thrown).toMatchObject({ decision: 'fight', gameSeed: 5 });
    expect(String(thrown)).toContain('answered 1; expected true or false');
  });

  it('a strategy that throws becomes a StrategyError for that decision', () => {
    const thrown = catchError(() =>
      play(
        { settings: { agents: 2 } },
        testStrategy({
          fight: () => {
            throw new Error('boom');
          },
        }, 15),
        5,
      ),
    );
    expect(thrown).toBeInstanceOf(StrategyError);
    expect(thrown).toMatchObject({ decision: 'fight', gameSeed: 5 });
    expect(String(thrown)).toContain('boom');
  });

  it('a damage point on an agent who cannot take it is illegal', () => {
    const thrown = catchError(() => play({ settings: { agents: 3 } }, testStrategy({ damageAgent: () => 7 }, 15), 9));
    expect(thrown).toMatchObject({ decision: 'damageAgent', gameSeed: 9 });
  });
});

describe('settings errors', () => {
  it('more players than agents is an InputError naming the field', () => {
    expect(() => createNecreauxEngine({ agents: 2, players: 3 }, reference, null)).toThrow(InputError);
    expect(() => createNecreauxEngine({ agents: 2, players: 3 }, reference, null)).toThrow(/players/);
  });

  it('variants that would start the countdown below what the rules can play are InputErrors naming the settings and what is playable', () => {
    expect(() => createNecreauxEngine({ agents: 4, noTimeToWaste: 'random' }, reference, null)).toThrow(InputError);
    expect(() => createNecreauxEngine({ agents: 4, noTimeToWaste: 'random' }, reference, null)).toThrow(
      'settings agents=4, noTimeToWaste=random: No Time To Waste moves the countdown from 5 to 0, which the rules cannot play (it must start at 1 or more); use 1-3 agents or noTimeToWaste=off',
    );
    expect(() => createNecreauxEngine({ agents: 3, noTimeToWaste: 'dealt', uncertainEnding: true }, reference, null)).not.toThrow();
    expect(() => createNecreauxEngine({ agents: 5, noTimeToWaste: 'random' }, reference, null)).toThrow(/from 4 to 0/);
    expect(() => createNecreauxEngine({ agents: 3, noTimeToWaste: 'random' }, reference, null)).not.toThrow();
    expect(() => createNecreauxEngine({ agents: 5, uncertainEnding: true }, reference, null)).not.toThrow();
  });

  it('values out of range are InputErrors naming the field', () => {
    expect(() => createNecreauxEngine({ agents: 6 }, reference, null)).toThrow(/agents/);
    expect(() => createNecreauxEngine({ level: '8' }, reference, null)).toThrow(/level/);
    expect(() => createNecreauxEngine({ uncertainEnding: 'yes' }, reference, null)).toThrow(/uncertainEnding/);
  });
});

describe('every decision refuses an illegal answer, naming the decision', () => {
  /** Plain agents, this deck and one turn, played with `answers` overriding the test strategy at `speed`. */
  const game = (agents: number, deck: readonly string[], dice: readonly number[], answers: Partial<NecreauxStrategy>, speed = 1, arrange?: (engine: NecreauxEngine) => void) =>
    () => play(plainScenario(agents, deck, dice, 1, arrange), testStrategy(answers, speed));
  /** The set-up of a two-agent game with these settings and answers. */
  const setUp = (settings: Settings, answers: Partial<NecreauxStrategy>) => () => captureSetUp({ agents: 2, ...settings }, testStrategy(answers));
  /** A card, by name, looked up once the engine exists (the strategy's answers run after the set-up). */
  const named = (name: string) => {
    const card = { id: -1 };
    return { card, note: (engine: NecreauxEngine) => void (card.id = id(engine, name)) };
  };
  const plain2 = named('Plain 2');
  const medkit = named('Medkit');
  const leechBat = named('Leech Bat');
  const xp = (amount: number) => (engine: NecreauxEngine) => void (engine.state.xp = amount);
  /**
   * The first answer a card of the other hand (owner 1's, to owner 0), the owner's own first card after: the refusal
   * must name hand 0, since accepting the first would only see a later answer refused.
   */
  const anotherHandFirst = () => {
    let answered = 0;
    return (view: NecreauxView, owner: number) => view.handAt(answered++ === 0 ? 1 - owner : owner, 0);
  };

  const firstRefused = /is not in hand 0$/;

  it.each<[decision: string, answer: string, run: () => unknown, detail?: RegExp]>([
    ['keepSkills', "a card of another agent's hand", setUp({ level: '6' }, { keepSkills: anotherHandFirst() }), firstRefused],
    ['poolSwap', "one of the agent's own skills", setUp({ level: '6' }, { poolSwap: (view, agent) => view.skillAt(agent, 0) })],
    ['poolSwap', 'a negative card number other than -1 (none)', setUp({ level: '6' }, { poolSwap: () => -2 })],
    ['swapOut', 'a card of the skill pool', setUp({ level: '6' }, { poolSwap: (view) => view.poolAt(0), swapOut: (view) => view.poolAt(1) })],
    ['draftPick', "a card of another agent's hand", setUp({ level: '7' }, { draftPick: anotherHandFirst() }), firstRefused],
    ['returnCard', "a card of another player's hand", setUp({ players: 2, level: '6', noTimeToWaste: 'dealt' }, { returnCard: anotherHandFirst() }), firstRefused],
    ['chooseSpeed', 'a speed above 200', game(1, ['Medkit'], [], { chooseSpeed: () => 201 })],
    ['spendXp', 'an agent whose skills cost more XP than the team has', game(1, ['Medkit'], [], { spendXp: () => 0 }, 1, xp(4))],
    ['spendXp', 'an agent not on the team', game(1, ['Medkit'], [], { spendXp: () => 3 }, 1, xp(6))],
    ['enableTarget', 'a card already face up', game(1, ['Infirmary'], [], { enableTarget: () => plain2.card.id }, 1, (engine) => {
      plain2.note(engine);
      engine.state.setFaceDown(id(engine, 'Plain 1'), true);
    })],
    ['skillRecipient', 'an agent not on the team', game(2, ['Training Hall'], [], { skillRecipient: () => 5 })],
    ['chooseHolder', 'an agent not on the team', game(2, [], [], { transferItem: () => medkit.card.id, chooseHolder: () => 5 }, 0, (engine) => {
      medkit.note(engine);
      giveHeld(engine, 0, 'Medkit');
    })],
    ['lootPick', 'a card not in Monster Loot', game(1, ['Laser Pistol', 'Henchman'], [6, 6], { lootPick: () => plain2.card.id }, 2, plain2.note)],
    ['parasiteHost', 'the parasite itself', game(1, ['Leech Bat'], [1, 1], { parasiteHost: () => leechBat.card.id }, 1, leechBat.note)],
    ['damageCard', 'a card the agent does not have', game(1, ['Pressure Plate'], [], { damageCard: () => medkit.card.id }, 1, medkit.note)],
    ['speedTestRoller', 'an agent not on the team', game(2, ['Tripwire'], [], { speedTestRoller: () => 5 })],
    ['traitTestAgent', 'an agent not on the team', game(2, ['Collapsing Bridge'], [], { traitTestAgent: () => 5 })],
    ['traitDamageDie', 'neither die rolled', game(1, ['Collapsing Bridge'], [2, 5], { traitDamageDie: () => 3 })],
    ['restAction', 'an unknown action', game(1, [], [], { restAction: () => 9 }, 0)],
    ['restAction', 'enabling with no disabled card', game(1, [], [], { restAction: () => Rest.enable }, 0)],
    ['restTarget', "another agent's card", game(2, [], [], { restAction: () => Rest.charge, restTarget: (view, agent) => view.skillAt(1 - agent, 0) }, 0)],
    ['restTarget', 'a face-up card to enable', game(1, [], [], { restAction: () => Rest.enable, restTarget: () => plain2.card.id }, 0, (engine) => {
      plain2.note(engine);
      engine.state.setFaceDown(id(engine, 'Plain 1'), true);
    })],
    ['soloBonusKeep', 'neither card drawn', game(1, ['Training Hall'], [], { soloBonusKeep: () => -1 }, 1, (engine) => stackSkillDeck(engine, ['Daredevil', 'Plain 10', 'Plain 11']))],
    ['splitTeam', 'no agent', game(2, ['A-33'], [1, 1], { splitTeam: () => 0 }, 3)],
    ['splitTeam', 'a dead agent', game(3, ['A-33'], [1, 1], { splitTeam: () => 0b101 }, 3, (engine) => engine.state.kill(2))],
  ])('%s: %s', (decision, _answer, run, detail) => {
    const thrown = catchError(run);
    expect(thrown).toBeInstanceOf(StrategyError);
    expect(thrown).toMatchObject({ decision });
    if (detail !== undefined) expect(String(thrown)).toMatch(detail);
  });

  it('the legal edges are accepted: speed 200, and XP spent on an agent it exactly pays for', () => {
    expect(catchError(game(1, ['Medkit'], [], { chooseSpeed: () => 200 }))).toBeNull();
    expect(catchError(game(1, ['Medkit'], [], { spendXp: () => 0 }, 1, xp(6)))).toBeNull();
  });
});
