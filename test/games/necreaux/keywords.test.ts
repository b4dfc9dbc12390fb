import { describe, expect, it } from 'vitest';
import { Keyword } from '../../../src/games/necreaux/cards.ts';
import { necreauxContentSchema } from '../../../src/games/necreaux/content.ts';
import { Op, Rest } from '../../../src/games/necreaux/decisions.ts';
import type { NecreauxEngine } from '../../../src/games/necreaux/rules.ts';
import { Zone } from '../../../src/games/necreaux/state.ts';
import { captureSetUp, checkConservation, disable, giveHeld, id, lift, metric, plainScenario, play, setSkills, stackSkillDeck, testContent, testStrategy, type Played, type Scenario } from './helpers.ts';

/** Plain agents, this deck (top first), `countdown` turns, then the extra arrangement. */
const scenario = (agents: number, deck: readonly string[], dice: readonly number[], extra?: (engine: NecreauxEngine) => void, countdown = 1): Scenario =>
  plainScenario(agents, deck, dice, countdown, extra);

/** Countdown steps gained in play, after the set-up (where a solo game's starting Solo Bonus cards gain theirs). */
function countdownGains(game: Played): number {
  return game.log.slice(game.log.findIndex((line) => line.startsWith('set-up:'))).filter((line) => line.startsWith('  countdown +1')).length;
}

/** The agent's skill cards become these, with no charges. */
function unchargedSkills(engine: NecreauxEngine, agent: number, names: readonly string[]): void {
  setSkills(engine, agent, names);
  for (const name of names) engine.state.charges[id(engine, name)] = 0;
}

describe('glossary keywords', () => {
  it('Boost: +1 CV per active card of the trait on the team', () => {
    const game = play(scenario(1, ['Psi-Hound'], [5, 5], (e) => unchargedSkills(e, 0, ['Pyrokinetic', 'Danger Sense', 'Clairvoyant'])));
    expect(game.log).toContain('  fight Psi-Hound: CV 9, health 1');
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it('Boost by the first trait of the list (combat): the Doctor’s Bodyguard gains +1 CV per active combat card', () => {
    const game = play(scenario(1, ["Doctor's Bodyguard"], [6, 6]));
    expect(game.log).toContain("  fight Doctor's Bodyguard: CV 12, health 1");
  });

  it('Brutal: each hit deals # damage', () => {
    const game = play(scenario(1, ['Cyborg Gorilla'], [1, 1, 6, 6]));
    expect(game.log).toContain('  2 damage');
    expect(game.state.health(0)).toBe(4);
  });

  it('Chaotic targets: each hit goes to a random agent', () => {
    const game = play(scenario(2, ['Mutant Piranhas'], [1, 2, 1, 2, 2, 2, 6, 6, 6, 6]));
    expect(game.state.health(0)).toBe(6);
    expect(game.state.health(1)).toBe(4);
  });

  it('Chaotic damage: each point goes to a random skill card of the agent', () => {
    const game = play(scenario(1, ['Tentacle Horror'], [1, 2, 2, 6, 6]));
    expect(game.state.isFaceDown(id(game.engine, 'Plain 2'))).toBe(true);
    expect(game.state.isFaceDown(id(game.engine, 'Plain 1'))).toBe(false);
  });

  it('Delay: the card goes back into the deck with 2d6 cards above it (Clairvoyant)', () => {
    const game = play(
      scenario(1, ['Guard Dog', 'Medkit', 'Laser Pistol', 'Lucky Charm'], [1, 1], (e) => {
        setSkills(e, 0, ['Clairvoyant', 'Plain 1', 'Plain 2']);
        e.state.charges[id(e, 'Clairvoyant')] = 1;
      }),
      testStrategy({ useAbility: (view, ability) => view.abilityOp(ability) === Op.delay }),
    );
    const deck = game.state.deck;
    expect([deck.peek(0), deck.peek(1), deck.peek(2), deck.peek(3)].map((card) => game.engine.cards.names[card])).toEqual([
      'Medkit',
      'Laser Pistol',
      'Guard Dog',
      'Lucky Charm',
    ]);
  });

  it('Durable: health is multiplied', () => {
    const game = play(scenario(1, ['Armoured Sentry'], [6, 6, 6, 6]));
    expect(game.log).toContain('  fight Armoured Sentry: CV 7, health 2');
    expect(game.log.filter((line) => line === '  decision fight -> true')).toHaveLength(2);
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it('Explosive: undefeated at the end of a round, it is discarded with Monster Loot; play goes on', () => {
    const game = play(scenario(1, ['Medkit', 'Exploding Mutant', 'Laser Pistol'], [4, 4]), testStrategy({}, 3));
    expect(game.state.zone[id(game.engine, 'Exploding Mutant')]).toBe(Zone.discard);
    expect(game.state.zone[id(game.engine, 'Medkit')]).toBe(Zone.discard);
    expect(game.state.zone[id(game.engine, 'Laser Pistol')]).toBe(Zone.loot);
    expect(metric(game, 'monstersDefeated')).toBe(0);
  });

  it('Irreplaceable: a destroyed irreplaceable card goes to the box', () => {
    const game = play(
      scenario(1, ['Pressure Plate'], [], (e) => {
        setSkills(e, 0, ['Rapid Healer', 'Plain 1', 'Plain 2']);
        e.state.setFaceDown(id(e, 'Rapid Healer'), true);
      }),
      testStrategy({ damageCard: (view) => view.skillAt(0, 0) }),
    );
    expect(game.state.zone[id(game.engine, 'Rapid Healer')]).toBe(Zone.box);
  });

  it('Irreplaceable items go to the box when used up', () => {
    const game = play(scenario(1, ['Lava Golem'], [], (e) => giveHeld(e, 0, 'Prototype Jetpack')));
    expect(game.state.zone[id(game.engine, 'Lava Golem')]).toBe(Zone.discard);
    expect(game.state.zone[id(game.engine, 'Prototype Jetpack')]).toBe(Zone.box);
  });

  it('Loot: Level 7 discards what is left in Monster Loot after a claim; below Level 7 it stays', () => {
    const claim = (level: string, strategy = testStrategy({}, 3)) => {
      const game = play({ ...scenario(1, ['Medkit', 'Laser Pistol', 'Henchman'], [6, 6]), settings: { agents: 1, level } }, strategy);
      return [game.state.zone[id(game.engine, 'Laser Pistol')], game.state.zone[id(game.engine, 'Medkit')]];
    };
    expect(claim('7')).toEqual([Zone.held, Zone.discard]);
    expect(claim('6')).toEqual([Zone.held, Zone.loot]);
    const declined = play(scenario(1, ['Medkit', 'Laser Pistol', 'Henchman'], [6, 6]), testStrategy({ lootPick: () => -1 }, 3));
    expect([declined.state.zone[id(declined.engine, 'Laser Pistol')], declined.state.zone[id(declined.engine, 'Medkit')]]).toEqual([Zone.loot, Zone.loot]);
    checkConservation(declined.state);
  });

  it('Neutralize: neutralized cards are blank for the rest of the turn', () => {
    const game = play(
      scenario(1, ['Neural Scrambler', 'Tripwire'], [1, 1, 1, 1, 3, 3], (e) => setSkills(e, 0, ['Keen Senses', 'Plain 1', 'Plain 2'])),
      testStrategy({}, 8),
    );
    expect(game.log).toContain('  agent 0 rolls 1+1 +1 = 3');
    expect(game.log).toContain('  Keen Senses is neutralized');
    expect(game.log).toContain('  agent 0 rolls 3+3 = 6');
  });

  it('Neutralize: the cards are whole again the next turn', () => {
    // Turn 1: the Scrambler (1+1 +1 against speed 8) neutralizes Keen Senses and Plain 1; Lockdown (1+1, no +1) ends
    // the turn. Turn 2: Keen Senses adds its +1 to the Dart Corridor's roll again.
    const game = play(
      scenario(1, ['Neural Scrambler', 'Lockdown', 'Dart Corridor'], [1, 1, 1, 1, 1, 1, 3, 3], (e) => setSkills(e, 0, ['Keen Senses', 'Plain 1', 'Plain 2']), 2),
      testStrategy({}, 8),
    );
    expect(game.log).toContain('  Keen Senses is neutralized');
    expect(game.log).toContain('  agent 0 rolls 1+1 = 2');
    expect(game.log).toContain('  agent 0 rolls 3+3 +1 = 7');
  });

  it('Parasite: a hit ends the combat and attaches it; its penalty applies to the host agent', () => {
    const game = play(scenario(1, ['Leech Bat', 'Guard Dog'], [1, 1, 4, 4]), testStrategy({}, 2));
    expect(game.state.zone[id(game.engine, 'Leech Bat')]).toBe(Zone.parasite);
    expect(game.log).toContain('  agent 0 rolls 4+4 -1 = 7');
  });

  it('Parasite: a round the agent ties (neither a hit nor a miss) attaches nothing, and the fight goes on', () => {
    const game = play(scenario(1, ['Leech Bat'], [2, 3, 6, 6]), testStrategy({}, 1));
    expect(game.log).toContain('  agent 0 rolls 2+3 = 5');
    expect(game.state.zone[id(game.engine, 'Leech Bat')]).toBe(Zone.discard);
    expect(metric(game, 'monstersDefeated')).toBe(1);
  });

  it('Parasite: it leaves play with the skill card it is attached to, and a parasite on another card stays', () => {
    let plain2 = -1;
    const game = play(
      scenario(1, ['Guard Dog'], [3, 3, 6, 6], (e) => {
        plain2 = id(e, 'Plain 2');
        e.state.setFaceDown(plain2, true);
        for (const [parasite, host] of [['Leech Bat', 'Plain 2'], ['Brain Slug', 'Plain 3']]) {
          lift(e.state, id(e, parasite));
          e.state.putParasite(id(e, parasite), id(e, host));
        }
      }),
      testStrategy({ damageCard: () => plain2 }),
    );
    expect(game.log).toContain('  agent 0 rolls 3+3 -2 = 4');
    expect(game.state.zone[plain2]).toBe(Zone.skillDiscard);
    expect(game.state.zone[id(game.engine, 'Leech Bat')]).toBe(Zone.discard);
    expect(game.state.zone[id(game.engine, 'Brain Slug')]).toBe(Zone.parasite);
  });

  it('Parasite: declining all benefits of a rest destroys it', () => {
    const game = play(
      scenario(1, ['Leech Bat'], [1, 1], undefined, 2),
      testStrategy({ chooseSpeed: (view) => (view.turn === 1 ? 1 : 0), restAction: () => Rest.decline }),
    );
    expect(game.state.zone[id(game.engine, 'Leech Bat')]).toBe(Zone.discard);
  });

  it('Parasite: declining a rest gives up the host agent’s own rest abilities, not the team’s (the Scientists still gain their charge)', () => {
    const rest = (action: number) =>
      play(
        scenario(1, ['Medkit'], [], (e) => {
          setSkills(e, 0, ['Gadgeteer', 'Plain 2', 'Plain 3']);
          const leechBat = id(e, 'Leech Bat');
          lift(e.state, leechBat);
          e.state.putParasite(leechBat, id(e, 'Plain 2'));
          giveHeld(e, 0, 'The Scientists', 3);
        }),
        testStrategy({ restAction: () => action, useAbility: () => false, chargeTarget: (view) => view.skillAt(0, 2) }, 0),
      );
    const declined = rest(Rest.decline);
    expect(declined.state.zone[id(declined.engine, 'Leech Bat')]).toBe(Zone.discard);
    expect(declined.state.charges[id(declined.engine, 'The Scientists')]).toBe(4);
    expect(declined.log.some((line) => line.startsWith('  Gadgeteer:'))).toBe(false);
    const taken = rest(Rest.charge);
    expect(taken.state.charges[id(taken.engine, 'The Scientists')]).toBe(4);
    expect(taken.log.some((line) => line.startsWith('  Gadgeteer:'))).toBe(true);
  });

  it('Relentless: after its defeat it is delayed by the roll of # dice', () => {
    const game = play(scenario(1, ['Ninja Assassin', 'Medkit', 'Laser Pistol', 'Lucky Charm', 'Stim Pack'], [6, 6, 1, 2]));
    expect(game.engine.cards.names[game.state.deck.peek(3)]).toBe('Ninja Assassin');
    expect(game.state.deck.size).toBe(5);
  });

  it('Solo Bonus: in a solo game the card is discarded, the countdown gains a step, two skills are drawn and one kept', () => {
    const game = play(
      scenario(1, ['Training Hall'], [], (e) => {
        for (const name of ['Plain 11', 'Plain 10', 'Daredevil']) {
          lift(e.state, id(e, name));
          e.state.skillDeck.push(id(e, name));
          e.state.zone[id(e, name)] = Zone.skillDeck;
        }
      }),
    );
    // RULES.md judgement 3: the Solo Bonus card goes to the box (Irreplaceable or not), lest it loop through a reshuffle.
    expect(game.state.zone[id(game.engine, 'Daredevil')]).toBe(Zone.box);
    expect(game.state.box.toArray()).toContain(id(game.engine, 'Daredevil'));
    expect(game.state.holder[id(game.engine, 'Plain 10')]).toBe(0);
    expect(game.state.zone[id(game.engine, 'Plain 11')]).toBe(Zone.skillDiscard);
    expect(game.log).toContain('  countdown +1 -> 2');
    expect(metric(game, 'turns')).toBe(2);
  });

  it('Solo Bonus: a solo game replaces a starting card with Solo Bonus at set-up, its countdown step starting the game', () => {
    const engine = captureSetUp({ agents: 1, level: '6' });
    const s = engine.state;
    const boxed = s.box.toArray().filter((card) => engine.cards.hasKeyword(card, Keyword.soloBonus));
    expect(boxed.length).toBeGreaterThan(0);
    expect(s.startingCountdown).toBe(s.instructedCountdown + boxed.length);
    for (let i = 0; i < s.skills[0].size; i++) expect(engine.cards.hasKeyword(s.skills[0].at(i), Keyword.soloBonus)).toBe(false);
  });

  it('Solo Bonus at set-up reaches every starting card, the first one too (a pre-made agent starting with Daredevil)', () => {
    const content = necreauxContentSchema.parse({ ...testContent, premade: [['Daredevil', 'Plain 1', 'Plain 2'], ...testContent.premade.slice(1)] });
    let engine: NecreauxEngine | null = null;
    play({ settings: { agents: 1, level: '5' }, content, arrange: (e) => (engine = e) });
    expect(engine!.state.zone[id(engine!, 'Daredevil')]).toBe(Zone.box);
  });

  it('Solo Bonus: only in a solo game, and only for a card that has it', () => {
    const drawn = (agents: number, top: string) => {
      const game = play(scenario(agents, ['Training Hall'], [], (e) => stackSkillDeck(e, [top, 'Plain 10', 'Plain 11'])), testStrategy({ skillRecipient: () => 0 }));
      return { zone: game.state.zone[id(game.engine, top)], countdownGained: countdownGains(game) > 0, skills: game.state.skillCount(0) };
    };
    expect(drawn(2, 'Daredevil')).toEqual({ zone: Zone.skill, countdownGained: false, skills: 4 });
    expect(drawn(1, 'Plain 12')).toEqual({ zone: Zone.skill, countdownGained: false, skills: 4 });
    expect(drawn(1, 'Daredevil')).toEqual({ zone: Zone.box, countdownGained: true, skills: 4 });
  });

  it('Solo Bonus: a kept card that has Solo Bonus too is replaced in turn; with one card left to draw it is kept unasked', () => {
    const keepPrecise = testStrategy({ soloBonusKeep: (view, first, second) => (view.name(first) === 'Precise' ? first : second) });
    const chain = play(scenario(1, ['Training Hall'], [], (e) => stackSkillDeck(e, ['Daredevil', 'Precise', 'Plain 10', 'Plain 11', 'Plain 12'])), keepPrecise);
    expect(chain.state.zone[id(chain.engine, 'Precise')]).toBe(Zone.box);
    expect(countdownGains(chain)).toBe(2);
    expect(chain.state.skillCount(0)).toBe(4);

    const asked: string[] = [];
    const drawnFrom = (skillDeck: readonly string[]) =>
      play(
        { ...scenario(1, ['Training Hall'], [], (e) => stackSkillDeck(e, skillDeck)), settings: { agents: 1, level: '6', skillReshuffle: false } },
        testStrategy({ soloBonusKeep: (view, first) => (view.turn > 0 && asked.push('asked'), first) }),
      );
    const last = drawnFrom(['Daredevil', 'Plain 10']);
    expect(asked).toEqual([]);
    expect(last.state.holder[id(last.engine, 'Plain 10')]).toBe(0);
    checkConservation(last.state);
    const none = drawnFrom(['Daredevil']);
    expect(asked).toEqual([]);
    expect(none.state.skillCount(0)).toBe(3);
    expect(none.state.zone[id(none.engine, 'Daredevil')]).toBe(Zone.box);
  });

  it('Irreplaceable: the Solo Bonus draw not kept goes to the box, not the skill discard', () => {
    // Catches: a discard outside destroy() sending an irreplaceable card where a reshuffle brings it back.
    let plain10 = -1;
    const game = play(
      scenario(1, ['Training Hall'], [], (e) => {
        plain10 = id(e, 'Plain 10');
        for (const name of ['Rapid Healer', 'Plain 10', 'Daredevil']) {
          lift(e.state, id(e, name));
          e.state.skillDeck.push(id(e, name));
          e.state.zone[id(e, name)] = Zone.skillDeck;
        }
      }),
      testStrategy({ soloBonusKeep: (_, first, second) => (first === plain10 ? first : second) }),
    );
    expect(game.state.holder[id(game.engine, 'Plain 10')]).toBe(0);
    expect(game.state.zone[id(game.engine, 'Rapid Healer')]).toBe(Zone.box);
  });

  it('Stun: its damage must disable cards while the team has a face-up skill card', () => {
    // The strategy would put every point of damage on agent 0 (its cards all disabled): Stun alone sends it to agent 1.
    const game = play(
      scenario(2, ['Taser Drone'], [1, 1, 6, 6, 6, 6, 6, 6], (e) => {
        disable(e, ['Plain 1', 'Plain 2', 'Plain 3']);
      }),
      testStrategy({ damageAgent: () => 0 }),
    );
    expect(game.state.skillCount(0)).toBe(3);
    expect(game.state.health(0)).toBe(3);
    expect(game.state.health(1)).toBe(5);
  });

  it("Stun damage forced onto one agent whose cards are all disabled is lost while a teammate's card is face up", () => {
    // "You may not use damage from this monster to destroy a skill card unless all skill cards on your team are
    // disabled." Catches: the agent's own face-down cards counted, so the damage destroyed one of them.
    let after: number[] = [];
    play(
      scenario(2, ['Medkit'], [], (e) => {
        disable(e, ['Plain 1', 'Plain 2', 'Plain 3']);
        (e as unknown as { damageAgent(agent: number, points: number, stun: boolean, chaotic: boolean): void }).damageAgent(0, 2, true, false);
        after = [e.state.skillCount(0), e.state.health(0)];
      }),
    );
    expect(after).toEqual([3, 3]);
  });

  it('Swarming: damage halved (rounded down) and dealt to every agent', () => {
    const game = play(scenario(2, ['Lab Rat Swarm'], [1, 1, 1, 2, 6, 6, 6, 6]));
    expect(game.state.health(0)).toBe(5);
    expect(game.state.health(1)).toBe(5);
  });

  it('Swarming: a single hit halves to no damage (rounded down, not up)', () => {
    const game = play(scenario(2, ['Lab Rat Swarm'], [1, 1, 6, 6, 6, 6, 6, 6]));
    expect(game.log).toContain('  Lab Rat Swarm hits 1 time(s) for 1 each');
    expect(game.state.health(0)).toBe(6);
    expect(game.state.health(1)).toBe(6);
  });

  it('Unstoppable: the card stays active face-down', () => {
    const game = play(
      scenario(1, ['Collapsing Bridge'], [4, 4], (e) => {
        setSkills(e, 0, ['Iron Will', 'Plain 1', 'Plain 2']);
        e.state.setFaceDown(id(e, 'Iron Will'), true);
      }),
    );
    expect(game.log).toContain('  agent 0 rolls 4+4 +2 = 10');
  });
});
