import { describe, expect, it } from 'vitest';
import { setawatchContentSchema } from '../../../src/games/setawatch/content.ts';
import setawatch from '../../../src/games/setawatch/index.ts';
import { Decision, OptionKind } from '../../../src/games/setawatch/decisions.ts';
import { DICE_PER_SEAT, Die, LineFlag, Status } from '../../../src/games/setawatch/state.ts';
import { ability, attack, card, content, EVERY_CARD, find, play, type Played, type Scenario, type Step, targetIs } from './scenario.ts';

/** Dice in seat order: cleric (camps), ranger, warrior, wizard. */
const ROLLS = [1, 1, 1, 8, 7, 6, 8, 5, 4, 6, 5, 4];
const FILLER = ['Bear#2', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant', 'Treant#2'];
const cleric = { camper: 'cleric', rolls: ROLLS, active: ['Rebuke', 'Far Sight', 'Long Shot', 'Wound', 'Throw Axe', 'Curse', 'Shockbolt'] };
/** Party beastmaster, cleric, rogue, warrior: the cleric camps; the Beast Master rolls 8, 7, 2. */
const beastmaster = { party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', rolls: [8, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4] };

const logHas = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log lacks "${text}":\n${log.join('\n')}`).toBe(true);

/** A watch step that checks the options and then ends the Watch. */
const checkOptions = (check: Step): Step => (view) => {
  check(view);
  return 0;
};

describe('creature powers', () => {
  it.each([
    ['Bear', 4],
    ['Bear#2', 5],
    ['Eagle', 3],
    ['Wolf#2', 5],
  ])('%s has no power and falls to dice meeting its health %i', (name, health) => {
    const game = play({ ...cleric, deck: [name], watch: [attack(health === 3 ? 4 : health === 4 ? 4 : 5, 0)] });
    logHas(game.log, `reveal ${name.split('#')[0]} (position 1, health ${health})`);
    logHas(game.log, `${name.split('#')[0]} is defeated`);
    expect(game.names(game.state.graveyard)).toContain(name.split('#')[0]);
  });

  it('Forest Giant adds its health to the creature behind it and reveals it', () => {
    const game = play({ ...cleric, fire: 3, deck: ['Forest Giant', 'Wolf'] });
    logHas(game.log, 'reveal Forest Giant (position 1, health 7)');
    logHas(game.log, 'reveal Wolf (position 2, health 11)');
  });

  it("Forest Giant adds its base health, not a Warlord's +2 on it: a Wolf behind it has 4 + 7 + its own +2", () => {
    const game = play({ ...cleric, fire: 12, deck: ['Warlord', 'Forest Giant', 'Wolf'] });
    logHas(game.log, 'reveal Forest Giant (position 2, health 9)');
    logHas(game.log, 'reveal Wolf (position 3, health 13)');
  });

  it('Forest Giant adds its health to the creature right behind it only', () => {
    logHas(play({ ...cleric, fire: 12, deck: ['Forest Giant', 'Wolf', 'Bear'] }).log, 'reveal Bear (position 3, health 4)');
  });

  it('a creature whose damage meets its health once the Forest Giant in front falls is defeated (4 damage on a Wolf of 4 + 7)', () => {
    const game = play({ ...cleric, rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2], deck: ['Forest Giant', 'Wolf', ...FILLER], watch: [attack(2, 1, 'ranger'), attack(2, 1, 'wizard'), attack(8, 0, 'warrior')] });
    logHas(game.log, 'reveal Wolf (position 2, health 11)');
    logHas(game.log, 'Forest Giant is defeated');
    logHas(game.log, 'Wolf is defeated');
  });

  describe('Forest Giant keeps the creature behind it face up while it is face up (Ongoing, 2026-12-05): whatever comes behind it mid-Watch is revealed', () => {
    // Fire 3 lights one card: the Giant; the card behind it is face up only through the Giant. Until 2026-12-05 the
    // Giant revealed it once, as a Reveal power, and the Bear coming behind it later stayed face down.
    const giantLine = ['Forest Giant', 'Wolf', 'Bear', ...FILLER];

    it('the Wolf behind it defeated: the Bear now behind it is revealed', () => {
      const game = play({ ...cleric, fire: 3, deck: giantLine, watch: [attack(8, 1, 'ranger'), attack(7, 1, 'ranger')] });
      logHas(game.log, 'reveal Wolf (position 2, health 11)');
      logHas(game.log, 'Wolf is defeated');
      logHas(game.log, 'reveal Bear (position 2, health 11)');
    });

    it('the Wolf behind it moved to the back (Rebuke): the Bear now behind it is revealed', () => {
      let line: string[] = [];
      const readLine = checkOptions(({ state, tables }) => {
        line = Array.from(state.lineCard.subarray(0, state.lineLength), (id, i) => `${tables.names[id]}${state.lineRevealed[i] === 1 ? '' : ' (face down)'}`);
        return 0;
      });
      const game = play({ ...cleric, camper: 'ranger', fire: 3, deck: giantLine, watch: [ability('Rebuke', 1, 1, { aux: 5 }), readLine] });
      logHas(game.log, 'reveal Bear (position 2, health 11)');
      expect(line.slice(0, 3)).toEqual(['Forest Giant', 'Bear', 'Bear (face down)']); // the second Bear, unlit
      expect(line[5]).toBe('Wolf');
    });

    it('turned face up in front of a revealed Vampire (Rebuke moved it behind), it reveals nothing: the Vampire steals once', () => {
      const game = play({ ...cleric, camper: 'ranger', active: ['Rebuke'], fire: 3, deck: ['Vampire', 'Forest Giant', 'Bear', ...FILLER], watch: [ability('Rebuke', 1, 0, { aux: 1 })] });
      logHas(game.log, 'reveal Forest Giant (position 1, health 7)');
      expect(game.log.filter((line) => line.startsWith('  reveal Vampire') || line.startsWith('  Vampire steals'))).toEqual(['  reveal Vampire (position 1, health 1)', '  Vampire steals a 1']);
    });

    it('the Goblins it revealed rush to the front: the Bear now behind it is revealed, its Reveal power resolving first', () => {
      const game = play({ ...cleric, fire: 3, deck: ['Forest Giant', 'Goblins', 'Bear', ...FILLER] });
      const goblinsMove = game.log.findIndex((line) => line.startsWith('  reveal Goblins (position 2, health 13)'));
      const bear = game.log.findIndex((line) => line.startsWith('  reveal Bear (position 3, health 11)'));
      expect(goblinsMove).toBeGreaterThanOrEqual(0);
      expect(bear).toBeGreaterThan(goblinsMove);
    });

    it('is no Reveal power: a Giant Blinding Light reveals still reveals the Goblins behind it, whose own Reveal power fires', () => {
      const clericWatches = { ...cleric, camper: 'ranger', active: [...cleric.active, 'Blinding Light'] };
      const game = play({ ...clericWatches, fire: 3, deck: ['Bear', 'Forest Giant', 'Goblins', 'Wolf', ...FILLER], watch: [ability('Blinding Light', 1, -1, { mode: 1 })] });
      logHas(game.log, 'reveal Forest Giant (position 2, health 7)');
      logHas(game.log, 'reveal Goblins (position 3, health 13)');
      expect(game.log.filter((line) => line.includes('Reveal power is negated'))).toEqual([]);
      // The Goblins rush to the front, and the Wolf now behind the Giant is revealed too.
      logHas(game.log, 'reveal Wolf (position 4, health 11)');
    });

    it('a card file from before (its Giant: Reveal, revealNext) still loads and plays as it says: the Giant reveals once, the Bear stays face down', () => {
      const older = structuredClone(content);
      const giant = older.creatures.find((c) => c.name === 'Forest Giant');
      if (giant === undefined) throw new Error('no Forest Giant');
      giant.powers = [{ when: 'ongoing', effects: [{ op: 'shieldNext' }] }, { when: 'reveal', effects: [{ op: 'revealNext' }] }];
      const game = play({ ...cleric, fire: 3, deck: giantLine, content: setawatchContentSchema.parse(older), watch: [attack(8, 1, 'ranger'), attack(7, 1, 'ranger')] });
      logHas(game.log, 'reveal Wolf (position 2, health 11)');
      logHas(game.log, 'Wolf is defeated');
      expect(game.log.filter((line) => line.startsWith('  reveal Bear'))).toEqual([]);
    });
  });

  it.each([
    ['face-up', 4],
    ['always', 6],
  ] as const)('a face-down Warlord buffs the Line only when Ongoing powers work face down (ongoing=%s: Bear %i)', (ongoing, health) => {
    const game = play({ ...cleric, ongoing, fire: 3, deck: ['Bear', 'Warlord'] });
    logHas(game.log, `reveal Bear (position 1, health ${health})`);
  });

  it.each([
    ['face-up', 'fire 3 -> 2', false],
    ['always', 'fire 3 -> 2', true],
  ] as const)('a face-down Pyromancer charges no firewood for defeats unless ongoing=always (%s)', (ongoing, change, charged) => {
    const game = play({ ...cleric, ongoing, fire: 3, deck: ['Bear', 'Pyromancer'], watch: [attack(4, 0)] });
    logHas(game.log, 'Bear is defeated');
    expect(game.log.some((line) => line.includes(change))).toBe(charged);
  });

  it('Fae in first position lowers the fire by 1', () => {
    logHas(play({ ...cleric, deck: ['Fae'] }).log, 'fire 7 -> 6');
  });

  it('Ember Drake in first position exhausts a card and lowers the fire by 3', () => {
    const game = play({ ...cleric, deck: ['Ember Drake'] });
    const power = game.log.findIndex((line) => line.includes('Ember Drake in first position'));
    expect(game.log[power + 1]).toMatch(/exhausts/);
    expect(game.log[power + 2]).toContain('fire 7 -> 4');
  });

  it.each(['once-per-round', 'each-arrival'] as const)('Fell Beast in first position draws a creature in front of it, once, even back in first position (firstPower=%s)', (firstPower) => {
    const game = play({ ...cleric, firstPower, deck: ['Fell Beast', 'Bear', 'Bear#2', 'Eagle', 'Eagle#2', 'Wolf', 'Treant'], watch: [attack(8, 0)] });
    logHas(game.log, 'reveal Treant (position 1');
    logHas(game.log, 'Treant is defeated');
    expect(game.log.filter((line) => line.includes('Fell Beast in first position'))).toHaveLength(1);
  });

  it('a Wyvern pushed off first position and back within one action (Backstab revealing Goblins, then defeating them) fires again', () => {
    const rogue = { party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', rolls: [8, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4] };
    const goblins: Step = (view) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, 'Goblins'));
    const game = play({ ...rogue, backstab: 'reveals-first', active: ['Backstab'], fire: 7, deck: ['Wyvern', 'Goblins', ...FILLER], watch: [ability('Backstab', 3)], other: { [Decision.target]: [goblins] } });
    logHas(game.log, 'Goblins is defeated');
    expect(game.log.filter((line) => line.includes('Wyvern in first position'))).toHaveLength(2);
  });

  it('a Bandit coming first again while holding a stolen die steals no other', () => {
    let stolen = -1;
    const count: Step = (view) => {
      stolen = Array.from(view.state.dieState).filter((state) => state === Die.stolen).length;
      return 0;
    };
    const game = play({ ...cleric, fire: 12, deck: ['Bandit', 'Goblins', 'Bear', 'Eagle', 'Wolf', 'Treant', 'Fae', 'Bear#2'], watch: [attack(6, 0), count] });
    logHas(game.log, 'Goblins is defeated');
    expect(game.log.filter((line) => line.includes('Bandit in first position'))).toHaveLength(2);
    expect(stolen).toBe(1);
  });

  /** Play Slumber on `position` and read, at the next decision, where `name` is, whether it is face up, and its flags. */
  const slumbered = (deck: string[], position: number, name: string, more: Partial<Scenario> = {}) => {
    const seen = { position: -2, length: -2, revealed: -2, flags: -1 };
    const read: Step = (view) => {
      seen.position = Array.from(view.state.lineCard.subarray(0, view.state.lineLength)).indexOf(card(view.tables, name));
      seen.length = view.state.lineLength;
      seen.revealed = view.state.lineRevealed[seen.position];
      seen.flags = view.state.lineFlags[seen.position];
      return 0;
    };
    const game = play({ camper: 'cleric', rolls: [1, 1, 1, 8, 7, 2, 8, 6, 4, 6, 5, 2], active: ['Slumber'], fire: 12, horde: [], deck, watch: [ability('Slumber', 2, position), read], ...more });
    return { game, ...seen };
  };

  it("Slumber does not re-arm Fell Beast's \"(activates only once)\" power", () => {
    const { game, position, length, revealed, flags } = slumbered(['Fell Beast', 'Eagle', 'Bear', 'Wolf', 'Treant', 'Fae', 'Fae#2', 'Bear#2', 'Eagle#2'], 1, 'Fell Beast');
    logHas(game.log, 'Fell Beast in first position');
    // Concealed: face down at the back of the Line, and still marked as having fired.
    expect(position).toBe(length - 1);
    expect(revealed).toBe(0);
    expect(flags & LineFlag.firstFired).toBe(LineFlag.firstFired);
  });

  // With firstPower=once-per-round, leaving first position re-arms nothing, so only Slumber's own re-arm is seen.
  it("Slumber re-arms the First-position power of a creature without \"(activates only once)\" (a Wyvern, firstPower=once-per-round)", () => {
    const { game, position, length, revealed, flags } = slumbered(['Wyvern', 'Eagle', 'Bear', 'Wolf', 'Treant', 'Fae', 'Fae#2', 'Bear#2', 'Eagle#2'], 0, 'Wyvern', { firstPower: 'once-per-round' });
    logHas(game.log, 'Wyvern in first position');
    expect(position).toBe(length - 1);
    expect(revealed).toBe(0);
    expect(flags & LineFlag.firstFired).toBe(0);
  });

  it.each([
    ['once-per-round', 1],
    ['each-arrival', 2],
  ] as const)('a Wyvern pushed back by Goblins fires again when it comes first again only with firstPower=each-arrival (%s: %i)', (firstPower, fires) => {
    const game = play({ ...cleric, firstPower, fire: 12, deck: ['Wyvern', 'Goblins'], watch: [attack(6, 0)] });
    logHas(game.log, 'Goblins is defeated');
    expect(game.log.filter((line) => line.includes('Wyvern in first position'))).toHaveLength(fires);
  });

  it('Goblins move to first position when revealed', () => {
    const game = play({ ...cleric, deck: ['Bear', 'Goblins'], watch: [attack(6, 0)] });
    logHas(game.log, 'attacks Goblins with 6 (6/6)');
  });

  it('Wyvern in first position lowers the fire by 3', () => {
    logHas(play({ ...cleric, deck: ['Wyvern'] }).log, 'fire 7 -> 4');
  });

  it("Bandit in first position steals the die of the party's choosing, and keeps its own health (the Vampire's is the die's)", () => {
    let health = -1;
    const readHealth: Step = (view) => ((health = view.rules.health(0)), 0);
    const game = play({ ...cleric, deck: ['Bandit'], watch: [readHealth], other: { [Decision.steal]: [(view) => find(view, (o, i) => view.state.dieValue[o.die[i]] === 5)] } });
    logHas(game.log, 'Bandit steals a 5');
    expect(health).toBe(7);
  });

  it('Vampire steals the highest die still unspent: a spent 8 is not available', () => {
    const oneEight = [1, 1, 1, 8, 7, 6, 7, 5, 4, 6, 5, 4];
    const game = play({ ...cleric, rolls: oneEight, fire: 3, deck: ['Eagle', 'Vampire', ...FILLER], watch: [attack(8, 0, 'ranger')] });
    logHas(game.log, 'Eagle is defeated');
    logHas(game.log, 'Vampire steals a 7');
  });

  describe('an adventurer out of the fight (every card exhausted when the Watch began) has no die to steal', () => {
    // Catches: the dice of any adventurer on Watch offered, so the party could hand a Bandit a die it could never use.
    const warriorOut = { ...cleric, rolls: [1, 1, 1, 7, 6, 5, 8, 8, 8, 6, 5, 4], active: cleric.active.filter((name) => name !== 'Wound' && name !== 'Throw Axe') };
    const WARRIOR = 2;
    const warriorsDie = (die: number) => Math.floor(die / DICE_PER_SEAT) === WARRIOR;

    it('Bandit', () => {
      let offered: number[] = [];
      const steal: Step = (view) => {
        offered = Array.from({ length: view.options.count }, (_, i) => view.options.die[i]);
        return 0;
      };
      play({ ...warriorOut, deck: ['Bandit'], other: { [Decision.steal]: [steal] } });
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.filter(warriorsDie)).toEqual([]);
    });

    it('Vampire', () => {
      logHas(play({ ...warriorOut, deck: ['Vampire'] }).log, 'Vampire steals a 7');
    });
  });

  it('Metal Golem stops direct attacks on the creatures behind it', () => {
    let attacksBehind = -2;
    play({ ...cleric, deck: ['Metal Golem', 'Bear'], watch: [checkOptions((view) => (attacksBehind = find(view, (o, i) => o.kind[i] === OptionKind.attack && o.target[i] === 1)))] });
    expect(attacksBehind).toBe(-1);
  });

  it('Skeletons on top of the Graveyard at the end of the round start the next Line', () => {
    const game = play({ ...cleric, active: EVERY_CARD, rounds: 2, rolls: [...ROLLS, ...ROLLS], deck: ['Skeletons', 'Bear', 'Eagle', 'Wolf', 'Eagle#2'], watch: [attack(8, 0, 'ranger')], locations: ['Remote Tavern', 'Mountain Keep'] });
    logHas(game.log, 'Skeletons start the Line');
  });

  it('Vampire steals the highest die, which becomes its base health', () => {
    const game = play({ ...cleric, deck: ['Vampire'], watch: [attack(8, 0)] });
    logHas(game.log, 'Vampire steals a 8');
    logHas(game.log, 'attacks Vampire with 8 (8/8)');
  });

  it('Zombie Horde adds the base health of the Graveyard top', () => {
    logHas(play({ ...cleric, graveyard: ['Bear#2'], deck: ['Zombie Horde'] }).log, 'reveal Zombie Horde (position 1, health 12)');
  });

  it('Treant raises the fire by 2 when defeated', () => {
    logHas(play({ ...cleric, deck: ['Treant'], watch: [attack(8, 0, 'ranger')] }).log, 'fire 7 -> 9');
  });

  it('Fire Serpent has the firewood as health; Shade has 16 minus it', () => {
    logHas(play({ ...cleric, deck: ['Fire Serpent', 'Shade'] }).log, 'reveal Fire Serpent (position 1, health 7)');
    logHas(play({ ...cleric, deck: ['Fire Serpent', 'Shade'] }).log, 'reveal Shade (position 2, health 9)');
  });

  it('Graveshifter swaps with the top of the Graveyard, which enters face up', () => {
    const game = play({ ...cleric, graveyard: ['Wolf'], deck: ['Graveshifter'] });
    logHas(game.log, 'Wolf enters the Line face up at position 1');
    expect(game.names(game.state.graveyard)).toContain('Graveshifter');
  });

  it('Graveshifter stays when a Summon card is on top of the Graveyard: it is no creature', () => {
    const game = play({ ...cleric, graveyard: ['Wolf', 'Summon!'], deck: ['Graveshifter'] });
    expect(game.log.some((line) => line.includes('enters the Line face up at position 1'))).toBe(false);
    expect(game.names(game.state.graveyard).filter((name) => name === 'Summon!')).toHaveLength(1);
  });

  it('a creature defeated face down does not fire its Defeated power: no Hydra return, no Treant fire', () => {
    const hydra = play({ ...cleric, deck: ['Bear', 'Eagle', 'Hydra'], watch: [ability('Long Shot', 7, 2)] });
    expect(hydra.log.some((line) => line.includes('Hydra returns'))).toBe(false);
    expect(hydra.names(hydra.state.graveyard)).toContain('Hydra');
    const treant = play({ ...cleric, deck: ['Bear', 'Eagle', 'Treant'], watch: [ability('Long Shot', 7, 2)] });
    logHas(treant.log, 'Treant is defeated');
    expect(treant.log.some((line) => /fire \d+ -> \d+/.test(line) && line.includes('+2'))).toBe(false);
    expect(treant.log.some((line) => line.includes('fire 7 -> 9'))).toBe(false);
  });

  it('Acolyte adds a creature to the Horde on reveal and reshuffles a Summon in first position', () => {
    const game = play({ ...cleric, graveyard: ['Summon!'], deck: ['Acolyte'] });
    logHas(game.log, 'a creature is added to the Horde');
    logHas(game.log, 'a Summon card is shuffled back into the Creature deck');
  });

  it('Summon exhausts a card and brings the top Unhallowed into the Line', () => {
    const game = play({ ...cleric, unhallowed: ['Warlord', 'Hydra'], deck: ['Summon!'] });
    const summon = game.log.findIndex((line) => line.includes('Summon!') && !line.includes('reveal'));
    expect(game.log[summon + 1]).toMatch(/exhausts/);
    logHas(game.log, 'Warlord enters the Line face up at position 1');
    expect(game.names(game.state.graveyard)).toContain('Summon!');
  });

  it('a Summon revealed with the Unhallowed deck empty loses the game', () => {
    const game = play({ ...cleric, unhallowed: [], deck: ['Summon!'] });
    expect(game.state.status).toBe(Status.lostSummon);
    expect(setawatch.outcomes[game.out.outcome]).toBe('lostSummon');
    expect(game.out.metrics[0]).toBe(1);
  });

  it('a Summon defeated face down by Long Shot still summons; the Unhallowed, defeated in its place, goes to the Graveyard', () => {
    let lineAfter: string[] = [];
    const game = play({
      ...cleric,
      unhallowed: ['Lich'],
      deck: ['Bear', 'Eagle', 'Summon!', 'Wolf'],
      watch: [
        ability('Long Shot', 7, 2),
        (view) => {
          lineAfter = Array.from(view.state.lineCard.subarray(0, view.state.lineLength), (id) => view.tables.names[id]);
          return 0;
        },
      ],
    });
    logHas(game.log, 'Lich takes its place face down');
    logHas(game.log, 'Lich is defeated');
    expect(game.log.some((line) => line.includes('Lich enters the Line'))).toBe(false);
    expect(game.names(game.state.graveyard).slice(-2)).toEqual(['Summon!', 'Lich']);
    expect(lineAfter.slice(0, 3)).toEqual(['Bear', 'Eagle', 'Wolf']);
    // The Lich was drawn from the Unhallowed deck and never reached the Line.
    expect(lineAfter).not.toContain('Lich');
    expect(game.names(game.state.unhallowedDeck)).not.toContain('Lich');
  });

  it("the Unhallowed a face-down Summon brings is defeated by Long Shot: a Pyromancer in the Line takes a firewood for it", () => {
    const longShotOnSummon: Step = (view) => {
      const s = view.state;
      let summon = -1;
      for (let i = 0; i < s.lineLength; i++) if (view.tables.names[s.lineCard[i]] === 'Summon!' && s.lineRevealed[i] === 0) summon = i;
      return find(view, (o, i) => o.kind[i] === OptionKind.ability && view.tables.abilities[s.slotCard[o.slot[i]]].name === 'Long Shot' && o.target[i] === summon);
    };
    const game = play({ camper: 'cleric', rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2], fire: 5, summons: 2, active: EVERY_CARD, unhallowed: ['Pyromancer', 'Lich'], deck: ['Summon!', 'Bear#2', 'Summon!#2', 'Eagle#2', 'Wolf#2', 'Fae'], watch: [longShotOnSummon] });
    const defeated = game.log.findIndex((line) => line.includes('Lich is defeated'));
    expect(defeated, game.log.join('\n')).toBeGreaterThan(0);
    expect(game.log[defeated + 1].trim()).toBe('fire 5 -> 4');
  });

  describe('End of Line (no printed creature has one: a Wolf given "End of Line: +2 firewood")', () => {
    const endOfLineWolf = { ...content, creatures: content.creatures.map((c) => (c.name === 'Wolf' ? { ...c, powers: [{ when: 'endOfLine' as const, effects: [{ op: 'fire' as const, amount: 2 }] }] } : c)) };
    /** Mountain Keep's Line of 5 at fire 12: three cards revealed, two face down. */
    const keep = { ...cleric, content: endOfLineWolf, locations: ['Mountain Keep'], fire: 12 };
    const lineOfFive = ['Bear', 'Eagle', 'Bear#2', 'Treant', 'Wolf'];

    it('fires when the creature is revealed last in the Line (the light reaching it after two defeats)', () => {
      const game = play({ ...keep, deck: lineOfFive, watch: [attack(8, 0, 'ranger'), attack(4, 0, 'warrior')] });
      const revealed = game.log.indexOf('  reveal Wolf (position 3, health 4)');
      expect(revealed).toBeGreaterThan(0);
      expect(game.log.slice(revealed + 1, revealed + 3)).toEqual(['  Wolf at the end of the Line: power', '  fire 12 -> 14']);
    });

    it('does not fire anywhere else in the Line', () => {
      const game = play({ ...keep, deck: ['Bear', 'Eagle', 'Wolf', 'Bear#2', 'Treant'] });
      logHas(game.log, '  reveal Wolf (position 3, health 4)');
      expect(game.log.filter((line) => line.includes('end of the Line'))).toEqual([]);
    });

    it('is not a Reveal power: Blinding Light, negating Reveal powers, leaves it', () => {
      const clericWatches = { ...keep, camper: 'ranger', active: [...cleric.active, 'Blinding Light'] };
      const game = play({ ...clericWatches, deck: lineOfFive, watch: [ability('Blinding Light', 1)] });
      logHas(game.log, '  reveal Wolf (position 5, health 4)');
      logHas(game.log, '  Wolf at the end of the Line: power');
    });

    describe('Backstab holding the reveals (backstab=defeat-first): the place the Wolf was revealed in counts, not the one it is in when its held powers fire', () => {
      const rogue = { ...keep, party: 'beastmaster,cleric,rogue,warrior', active: ['Backstab'], rolls: [8, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4] };
      const backstab = (deck: string[], defeated: string): Played =>
        play({ ...rogue, deck, watch: [ability('Backstab', 3)], other: { [Decision.target]: [(view) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, defeated))] } });

      it('revealed fourth of five, last once Backstab defeats the fifth: no End of Line', () => {
        const game = backstab(['Bear', 'Bear#2', 'Treant', 'Wolf', 'Eagle'], 'Eagle');
        logHas(game.log, '  reveal Wolf (position 4, health 4)');
        logHas(game.log, 'Eagle is defeated');
        expect(game.log.filter((line) => line.includes('end of the Line'))).toEqual([]);
      });

      it('revealed last, fourth once Backstab defeats the one before it: End of Line', () => {
        const game = backstab(['Bear', 'Bear#2', 'Treant', 'Eagle', 'Wolf'], 'Eagle');
        logHas(game.log, '  reveal Wolf (position 5, health 4)');
        logHas(game.log, 'Eagle is defeated');
        logHas(game.log, '  Wolf at the end of the Line: power');
      });
    });
  });
});

describe('creature powers: points of the printed texts the tests above leave open (creature audit, 2026-12-05)', () => {
  const logLacks = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log has "${text}":\n${log.join('\n')}`).toBe(false);

  it('Fire Serpent and Shade: their health follows the firewood through the Watch (Ongoing), not only when revealed', () => {
    // Fire 12 lights 3; the Treant's defeat raises it to 14.
    const game = play({ ...cleric, fire: 12, deck: ['Treant', 'Fire Serpent', 'Shade'], watch: [attack(8, 0, 'ranger'), attack(7, 0, 'ranger'), attack(6, 1, 'ranger')] });
    logHas(game.log, 'reveal Fire Serpent (position 2, health 12)');
    logHas(game.log, 'reveal Shade (position 3, health 4)');
    logHas(game.log, 'fire 12 -> 14');
    logHas(game.log, 'attacks Fire Serpent with 7 (7/14)');
    logHas(game.log, 'attacks Shade with 6 (6/2)');
    logHas(game.log, 'Shade is defeated');
  });

  it('a damaged Shade falls when the fire rises to where its damage meets its health (a Treant defeated behind it)', () => {
    // Shade 16 - 7 = 9, 8 on it; the Treant's +2 makes it 7.
    const game = play({ ...cleric, deck: ['Shade', 'Treant'], watch: [attack(8, 0, 'warrior'), attack(8, 1, 'ranger')] });
    logHas(game.log, 'attacks Shade with 8 (8/9)');
    logHas(game.log, 'fire 7 -> 9');
    logHas(game.log, 'Shade is defeated');
    expect(game.names(game.state.graveyard)).toEqual(expect.arrayContaining(['Shade', 'Treant']));
  });

  it('Zombie Horde: the Graveyard top counts as it is now, a creature defeated in front of it raising its health', () => {
    const game = play({ ...cleric, deck: ['Bear', 'Zombie Horde'], watch: [attack(4, 0, 'warrior'), attack(8, 0, 'ranger')] });
    logHas(game.log, 'reveal Zombie Horde (position 2, health 7)');
    logHas(game.log, 'Bear is defeated');
    logHas(game.log, 'attacks Zombie Horde with 8 (8/11)');
  });

  it('Metal Golem stops direct attacks only: an Ability card still defeats the revealed creature behind it', () => {
    let attacksBehind = -2;
    const game = play({ ...cleric, deck: ['Metal Golem', 'Bear'], watch: [(view) => ((attacksBehind = find(view, (o, i) => o.kind[i] === OptionKind.attack && o.target[i] === 1)), ability('Shockbolt', 6, 1)(view))] });
    expect(attacksBehind).toBe(-1);
    logHas(game.log, 'Bear is defeated');
  });

  it('Skeletons defeated but not on top of the Graveyard at the end of the round do not start the next Line', () => {
    const game = play({ ...cleric, active: EVERY_CARD, rounds: 2, rolls: [...ROLLS, ...ROLLS], deck: ['Skeletons', 'Bear', 'Eagle', 'Wolf', 'Eagle#2', 'Fae', 'Fae#2'], watch: [attack(8, 0, 'ranger'), attack(4, 0, 'warrior')], locations: ['Remote Tavern', 'Mountain Keep'] });
    logHas(game.log, 'Skeletons is defeated');
    logHas(game.log, 'Bear is defeated');
    logHas(game.log, 'round 2');
    logLacks(game.log, 'start the Line');
  });

  it('Skeletons starting the Line take one of its places: the location Line size counts them', () => {
    // Remote Tavern, then Barren Plains, Line 6 (no Mountain Keep addition): 6 cards, the Skeletons first.
    const game = play({ ...cleric, active: EVERY_CARD, rounds: 2, rolls: [...ROLLS, ...ROLLS], deck: ['Skeletons', 'Bear', 'Eagle', 'Wolf', 'Eagle#2', 'Fae', 'Fae#2'], watch: [attack(8, 0, 'ranger')], locations: ['Remote Tavern', 'Barren Plains'] });
    const start = game.log.indexOf('  Skeletons start the Line');
    expect(start).toBeGreaterThan(0);
    expect(game.log[start + 1]).toBe('  the Line: 6 cards');
  });

  it('Acolyte: its Reveal adds exactly one card to the Horde; with no Summon in the Graveyard its First-position power changes nothing', () => {
    let hordeAtWatch = -1;
    const game = play({ ...cleric, horde: [], deck: ['Acolyte'], watch: [(view) => ((hordeAtWatch = view.state.horde.size), 0)] });
    expect(hordeAtWatch).toBe(1);
    logHas(game.log, 'a creature is added to the Horde (1)');
    logHas(game.log, 'Acolyte in first position: power');
    logLacks(game.log, 'a Summon card is shuffled back');
  });

  it('Graveshifter with an empty Graveyard stays in the Line', () => {
    let line: number[] = [];
    const game = play({ ...cleric, deck: ['Graveshifter'], watch: [(view) => ((line = Array.from(view.state.lineCard.subarray(0, view.state.lineLength))), 0)] });
    expect(game.log.some((l) => l.includes('enters the Line face up'))).toBe(false);
    expect(line.map((id) => game.rules.tables.names[id])[0]).toBe('Graveshifter');
  });

  it('Ember Drake left in the Line deals its printed 3 damage', () => {
    // Barren Plains deals 6: the Drake and five creatures of damage 1.
    const game = play({ ...cleric, deck: ['Ember Drake', 'Bear', 'Eagle', 'Wolf', 'Fae', 'Treant'] });
    logHas(game.log, 'the Line deals 8 damage');
  });

  it('Fell Beast places the creature it draws in front of it: the Beast goes to second place', () => {
    let line: string[] = [];
    const game = play({ ...cleric, deck: ['Fell Beast', 'Bear', 'Eagle', 'Wolf', 'Eagle#2', 'Wolf#2', 'Treant'], watch: [(view) => ((line = Array.from(view.state.lineCard.subarray(0, view.state.lineLength), (id) => view.tables.names[id])), 0)] });
    logHas(game.log, 'reveal Treant (position 1');
    expect(line.slice(0, 2)).toEqual(['Treant', 'Fell Beast']);
    expect(line).toHaveLength(7);
  });
});

describe('Unhallowed powers', () => {
  it('Hydra goes to the back of the Line when defeated while creatures remain', () => {
    const game = play({ ...cleric, deck: ['Hydra', 'Bear'], watch: [attack(8, 0, 'ranger'), attack(4, 0, 'wizard')] });
    logHas(game.log, 'Hydra returns to the back of the Line');
  });

  it('The Catacombs offer their rerolls after the first defeat, also when it is a Hydra returning to the Line', () => {
    // Catches: the Hydra's return leaving defeat() before the reroll; the next defeat, the second, offered none.
    const anyDie: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.choose);
    const game = play({ ...cleric, sets: 'base+extra-locations', locations: ['The Catacombs'], horde: [], deck: ['Hydra', 'Bear', ...FILLER], watch: [attack(8, 0, 'ranger'), attack(4, 0, 'wizard')], other: { [Decision.reroll]: [anyDie] } });
    logHas(game.log, 'Hydra returns to the back of the Line');
    logHas(game.log, 'rerolls a die');
  });

  it('Lich shields the creatures behind it from abilities', () => {
    let shockbolt = -2;
    play({ ...cleric, deck: ['Lich', 'Eagle'], watch: [checkOptions((view) => (shockbolt = ability('Shockbolt', 6, 1)(view)))] });
    expect(shockbolt).toBe(-1);
  });

  it('Warlord gives every other creature +2 health', () => {
    logHas(play({ ...cleric, deck: ['Warlord', 'Bear'] }).log, 'reveal Bear (position 2, health 6)');
  });

  it("Werewolf doubles a Forest Creature's base health, not the Warlord's +2, whichever comes first in the Line", () => {
    const wolfHealth = (deck: string[]) => {
      let health = -1;
      play({ ...cleric, fire: 12, deck: [...deck, 'Eagle'], watch: [checkOptions((view) => (health = view.rules.health(2)))] });
      return health;
    };
    expect(wolfHealth(['Warlord', 'Werewolf', 'Wolf'])).toBe(2 * 4 + 2);
    expect(wolfHealth(['Werewolf', 'Warlord', 'Wolf'])).toBe(2 * 4 + 2);
  });

  it("Werewolf doubles a Forest Giant's health added to the base of the Forest Creature behind it", () => {
    let health = -1;
    play({ ...cleric, fire: 12, deck: ['Werewolf', 'Forest Giant', 'Wolf', 'Eagle'], watch: [checkOptions((view) => (health = view.rules.health(2)))] });
    expect(health).toBe(2 * (4 + 7));
  });

  it('Pyromancer goes to the back and each creature defeated before it costs 1 firewood', () => {
    const game = play({ ...cleric, fire: 12, deck: ['Pyromancer', 'Bear', 'Eagle'], watch: [attack(4, 0)] });
    logHas(game.log, 'Bear is defeated');
    logHas(game.log, 'fire 12 -> 11');
  });

  it('Wraith Lord exhausts a card when defeated', () => {
    const game = play({ ...cleric, deck: ['Wraith Lord'], watch: [attack(8, 0, 'ranger'), attack(6, 0, 'wizard')] });
    const defeated = game.log.findIndex((line) => line.includes('Wraith Lord is defeated'));
    expect(game.log[defeated + 1]).toMatch(/exhausts/);
  });

  it('Wyvern Rider brings every Wyvern of the Graveyard behind it', () => {
    const game = play({ ...cleric, graveyard: ['Wyvern', 'Wyvern#2'], deck: ['Wyvern Rider'] });
    expect(game.log.filter((line) => /Wyvern enters the Line face up at position [23]/.test(line))).toHaveLength(2);
  });

  it('Werewolf doubles the base health of Forest Creatures, and of no other creature', () => {
    const game = play({ ...cleric, fire: 12, deck: ['Werewolf', 'Bear', 'Fae'] });
    logHas(game.log, 'reveal Bear (position 2, health 8)');
    logHas(game.log, 'reveal Fae (position 3, health 5)');
  });

  it.each([
    ['the stronger under the weaker', ['Goblins#2', 'Goblins']],
    ['the stronger on top', ['Goblins', 'Goblins#2']],
  ])('Goblin Chief brings the two strongest Goblins in front of it, weakest first, whatever their order in the Graveyard (%s)', (_, graveyard) => {
    let front: string[] = [];
    const record: Step = (view) => {
      const copy = (label: string) => card(view.tables, label);
      const named = new Map([[copy('Goblins'), 'Goblins (health 6)'], [copy('Goblins#2'), 'Goblins#2 (health 7)'], [copy('Goblin Chief'), 'Goblin Chief']]);
      front = Array.from(view.state.lineCard.subarray(0, 3), (id) => named.get(id) ?? view.tables.names[id]);
      return 0;
    };
    const game = play({ ...cleric, graveyard, deck: ['Goblin Chief'], watch: [record] });
    logHas(game.log, 'Goblins enters the Line face up at position 1');
    logHas(game.log, 'Goblins enters the Line face up at position 2');
    // Pulled weakest first, each Goblins' Reveal moves it to first position: the stronger one, pulled last, leads.
    // Pulled strongest first, the 6 would lead.
    expect(front).toEqual(['Goblins#2 (health 7)', 'Goblins (health 6)', 'Goblin Chief']);
  });

  it('Goblin Chief leaves a weaker third Goblin in the Graveyard (a card file where the Eagle is a Goblin)', () => {
    const goblinEagle = setawatchContentSchema.parse({ ...content, creatures: content.creatures.map((c) => (c.name === 'Eagle' ? { ...c, type: 'Goblin' } : c)) });
    const game = play({ ...cleric, content: goblinEagle, graveyard: ['Goblins#2', 'Goblins', 'Eagle'], deck: ['Goblin Chief'] });
    expect(game.names(game.state.graveyard)).toEqual(['Eagle']);
  });

  it.each([
    ['the weaker on top', ['Skeletons', 'Zombie Horde', 'Vampire']],
    ['the stronger on top', ['Skeletons', 'Vampire', 'Zombie Horde']],
  ])('Necromancer brings the top two Undead in front of it, weakest first, and they reveal (%s)', (_, graveyard) => {
    const game = play({ ...cleric, graveyard, deck: ['Necromancer'] });
    const vampire = game.log.findIndex((line) => line.includes('Vampire enters the Line face up at position 1'));
    expect(vampire).toBeGreaterThan(0);
    logHas(game.log, 'Zombie Horde enters the Line face up at position 2');
    logHas(game.log, 'Vampire steals');
  });

  it('Phantom Cat is immune while flanked (pre-production)', () => {
    let attackOnCat = -2;
    play({ ...cleric, sets: 'base+preproduction', deck: ['Bear', 'Phantom Cat', 'Eagle'], watch: [checkOptions((view) => (attackOnCat = targetIs(1)(view)))] });
    expect(attackOnCat).toBe(-1);
  });

  it('Phantom Cat in first position, with creatures behind it only, may be attacked', () => {
    let attackOnCat = -2;
    play({ ...cleric, sets: 'base+preproduction', deck: ['Phantom Cat', 'Bear', 'Eagle'], watch: [checkOptions((view) => (attackOnCat = find(view, (o, i) => o.kind[i] === OptionKind.attack && o.target[i] === 0)))] });
    expect(attackOnCat).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['face-up', true],
    ['always', false],
  ] as const)('a face-down flanked Phantom Cat is immune only when Ongoing powers work face down (ongoing=%s: targetable %s)', (ongoing, targetable) => {
    let onCat = -2;
    play({ ...cleric, ongoing, fire: 3, sets: 'base+preproduction', deck: ['Bear', 'Phantom Cat', 'Eagle'], watch: [checkOptions((view) => (onCat = targetIs(1)(view)))] });
    expect(onCat >= 0).toBe(targetable);
  });

  it('Corrupt Druid takes itself and the revealed Forest Creatures to the Horde (pre-production)', () => {
    const game = play({ ...cleric, sets: 'base+preproduction', horde: [], deck: ['Bear', 'Corrupt Druid'] });
    expect(game.names(game.state.horde).slice(0, 2)).toEqual(['Corrupt Druid', 'Bear']);
  });

  it('Corrupt Druid leaves a face-down Forest Creature in the Line: only revealed ones go (pre-production)', () => {
    let front = '';
    const record: Step = (view) => ((front = view.tables.names[view.state.lineCard[0]]), 0);
    play({ ...cleric, sets: 'base+preproduction', deck: ['Bear', 'Corrupt Druid', 'Wolf', 'Fae', 'Eagle'], watch: [record] });
    expect(front).toBe('Wolf');
  });

  it('Corrupt Druid takes tamed Forest Creatures to the Horde too (pre-production)', () => {
    const game = play({ ...beastmaster, sets: 'base+preproduction', horde: [], active: ['Tame Beast'], deck: ['Wolf', 'Bear', 'Corrupt Druid', ...FILLER], watch: [ability('Tame Beast', 2, 0)] });
    logHas(game.log, 'Wolf leaves the party');
    expect(game.names(game.state.horde)).toEqual(expect.arrayContaining(['Corrupt Druid', 'Bear', 'Wolf']));
    expect(game.names(game.state.tamed)).toEqual([]);
  });

  it('a tamed creature a Vampire steals is spent: it goes to the Graveyard at the end of the round', () => {
    const game = play({ ...beastmaster, rolls: [3, 2, 2, 1, 1, 1, 3, 2, 1, 3, 2, 1], active: ['Tame Beast'], deck: ['Wolf', 'Bear', 'Vampire', ...FILLER], watch: [ability('Tame Beast', 2, 0)] });
    logHas(game.log, 'Vampire steals a 4');
    expect(game.names(game.state.tamed)).toEqual([]);
    expect(game.names(game.state.graveyard)).toContain('Wolf');
  });

  it('Minotaur moves to first position and exhausts a card there (pre-production)', () => {
    const game = play({ ...cleric, sets: 'base+preproduction', deck: ['Bear', 'Minotaur'] });
    const first = game.log.findIndex((line) => line.includes('Minotaur in first position'));
    expect(game.log[first + 1]).toMatch(/exhausts/);
  });

  it('High Priestess brings two Acolytes from the Graveyard (pre-production)', () => {
    const game = play({ ...cleric, sets: 'base+preproduction', graveyard: ['Acolyte', 'Acolyte#2'], deck: ['High Priestess'] });
    expect(game.log.filter((line) => line.includes('Acolyte enters the Line face up'))).toHaveLength(2);
  });
});
