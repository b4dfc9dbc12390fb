import { describe, expect, it } from 'vitest';
import { Camp, Decision, type DecisionView, OptionKind } from '../../../src/games/setawatch/decisions.ts';
import { DICE_PER_SEAT, Die } from '../../../src/games/setawatch/state.ts';
import { ability, attack, burn, campAction, card, EVERY_CARD, find, passive, play, type Scenario, type Step } from './scenario.ts';
import { type CardTables, revealsThenDefeats } from '../../../src/games/setawatch/cards.ts';

/** The modes of Blinding Light the Watch options offer. */
function modesOffered(view: DecisionView): number[] {
  const modes = new Set<number>();
  for (let i = 0; i < view.options.count; i++) {
    if (view.options.kind[i] === OptionKind.ability && view.tables.abilities[view.state.slotCard[view.options.slot[i]]].name === 'Blinding Light') modes.add(view.options.mode[i]);
  }
  return [...modes].sort();
}

/** Party beastmaster, cleric, rogue, warrior: the cleric camps; dice in seat order. */
const FIRST = { party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', rolls: [8, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4] };
/** Party cleric, ranger, warrior, wizard: the cleric camps unless said otherwise. */
const SECOND = { camper: 'cleric', rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2] };
const FILLER = ['Bear#2', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant', 'Treant#2'];

const logHas = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log lacks "${text}":\n${log.join('\n')}`).toBe(true);
/** How many cards the log shows revealed. */
const reveals = (log: string[]) => log.filter((line) => line.startsWith('  reveal ')).length;
const checkOptions = (check: Step): Step => (view) => {
  check(view);
  return 0;
};

describe('Beast Master abilities', () => {
  it('Tame Beast tames a revealed Forest Creature into an attack die of its health', () => {
    const game = play({ ...FIRST, active: ['Tame Beast'], deck: ['Wolf', 'Treant', ...FILLER], watch: [ability('Tame Beast', 2, 0), attack(4, 0)] });
    logHas(game.log, 'Beast Master tames Wolf (an attack die of 4)');
    logHas(game.log, 'Beast Master attacks Treant with 4');
    expect(game.names(game.state.graveyard)).toContain('Wolf');
  });

  it('Tame Beast with tamed=rolled: the tamed creature is one more die of the Beast Master, rolled', () => {
    const tamedValues = [1, 2, 3, 4, 5, 6].map((seed) => {
      const game = play({ ...FIRST, tamed: 'rolled', active: ['Tame Beast'], deck: ['Wolf', 'Treant', ...FILLER], watch: [ability('Tame Beast', 2, 0)] }, seed);
      const line = game.log.find((entry) => entry.includes('Beast Master tames Wolf')) ?? '';
      return Number(/an attack die of (\d+)/.exec(line)?.[1]);
    });
    for (const value of tamedValues) expect(value).toBeGreaterThanOrEqual(1), expect(value).toBeLessThanOrEqual(8);
    expect(new Set(tamedValues).size).toBeGreaterThan(1);
  });

  it('a tamed creature kept to the next round is rolled again with tamed=rolled, and keeps its health otherwise', () => {
    // Every card in play keeps the party alive into round 2; the Wolf is tamed in round 1 and kept.
    const tamedDice = (tamed: 'health' | 'rolled') =>
      [1, 2, 3, 4, 5, 6].map((seed) => {
        const game = play({ ...FIRST, tamed, rounds: 2, active: EVERY_CARD, deck: ['Wolf', ...FILLER], watch: [ability('Tame Beast', 2, 0)] }, seed);
        expect(game.state.round).toBe(2);
        const tamedLine = game.log.find((entry) => entry.includes('Beast Master tames Wolf')) ?? '';
        const die = game.state.dieTamed.findIndex((card) => card >= 0);
        return { roundOne: Number(/an attack die of (\d+)/.exec(tamedLine)?.[1]), roundTwo: die < 0 || game.state.dieState[die] !== Die.ready ? null : game.state.dieValue[die] };
      });
    const kept = tamedDice('health');
    expect(kept.every(({ roundOne, roundTwo }) => roundOne === 4 && (roundTwo === null || roundTwo === 4))).toBe(true);
    expect(kept.some(({ roundTwo }) => roundTwo === 4)).toBe(true);
    const rolled = tamedDice('rolled').filter(({ roundTwo }) => roundTwo !== null);
    expect(rolled.some(({ roundOne, roundTwo }) => roundTwo !== roundOne)).toBe(true);
  });

  it('Set Snares puts a revealed creature on top of the Creature deck', () => {
    const game = play({ ...FIRST, active: ['Set Snares'], deck: ['Lich', ...FILLER], watch: [ability('Set Snares', 2, 0)] });
    logHas(game.log, 'Lich goes to the deckTop');
  });

  it('Hunt tames a Forest Creature from the Graveyard', () => {
    const game = play({ ...FIRST, active: ['Hunt'], graveyard: ['Bear#2'], deck: FILLER, watch: [ability('Hunt', 2, 0)] });
    logHas(game.log, 'Beast Master tames Bear (an attack die of 5)');
  });

  it('Animal Sentry spends a tamed creature to defeat the last creature in line', () => {
    const game = play({ ...FIRST, active: ['Hunt', 'Animal Sentry'], graveyard: ['Bear'], deck: ['Eagle', ...FILLER], watch: [ability('Hunt', 2, 0), ability('Animal Sentry', 8, 5)] });
    logHas(game.log, 'Fae is defeated');
    expect(game.names(game.state.graveyard)).toContain('Bear');
  });

  it.each([
    ['the Wolf tamed first', [ability('Tame Beast', 2, 0), ability('Hunt', 7, 0)]],
    ['the Eagle tamed first', [ability('Hunt', 2, 0), ability('Tame Beast', 7, 0)]],
  ])('Animal Sentry spends the lower of two tamed creatures, and the higher stays an attack die (%s)', (_, taming) => {
    const sentryAnywhere: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.ability && view.tables.abilities[view.state.slotCard[o.slot[i]]].name === 'Animal Sentry');
    const game = play({ ...FIRST, active: ['Tame Beast', 'Hunt', 'Animal Sentry'], graveyard: ['Eagle'], deck: ['Wolf', 'Treant', ...FILLER], watch: [...taming, sentryAnywhere] });
    const s = game.state;
    const ready = Array.from({ length: DICE_PER_SEAT }, (_, k) => k).filter((k) => s.dieTamed[k] >= 0 && s.dieState[k] === Die.ready);
    expect(ready.map((k) => game.rules.tables.names[s.dieTamed[k]])).toEqual(['Wolf']);
  });

  it('Tracking tames a Forest Creature in first position once per round', () => {
    // After taming the Eagle, the Bear behind it is a revealed Forest Creature in first position and the Beast Master
    // still has room for it, so only the once-per-round rule keeps Tracking from being offered again.
    let again = -2;
    let front = '';
    const game = play({
      ...FIRST,
      active: ['Tracking'],
      deck: ['Eagle', ...FILLER],
      watch: [
        passive('Tracking'),
        checkOptions((view) => {
          front = view.state.lineRevealed[0] === 1 ? view.tables.names[view.state.lineCard[0]] : '';
          again = passive('Tracking')(view);
          return 0;
        }),
      ],
    });
    logHas(game.log, 'Beast Master tames Eagle');
    expect(front).toBe('Bear');
    expect(again).toBe(-1);
    expect(game.log.filter((line) => line.includes('uses Tracking'))).toHaveLength(1);
  });

  it('Set Trap hits the first creature revealed in first position, and a kill stops its power', () => {
    const game = play({ ...FIRST, camper: 'beastmaster', active: ['Rebuke'], deck: ['Wyvern', ...FILLER], camp: [campAction(Camp.own, 8)] });
    logHas(game.log, 'Set Trap deals 8 to Wyvern');
    expect(game.log.some((line) => line.includes('fire 7 -> 4'))).toBe(false);
  });
});

describe('Set Trap', () => {
  // The Beast Master camps and sets the trap (his own camp action) with one of his dice: he rolls 8, 7, 2.
  it('killing the creature it hits, stops its Reveal power (a Vampire steals nothing)', () => {
    const game = play({ ...FIRST, camper: 'beastmaster', active: ['Rebuke'], deck: ['Vampire', ...FILLER], camp: [campAction(Camp.own, 8)] });
    logHas(game.log, 'Vampire is defeated');
    expect(game.log.filter((line) => line.includes('steals'))).toEqual([]);
  });

  it('equal to its health, kills the creature it hits before its Reveal power (a Graveshifter of 2 takes a 2 and swaps with nothing)', () => {
    const game = play({ ...FIRST, camper: 'beastmaster', active: ['Rebuke'], graveyard: ['Wolf'], deck: ['Graveshifter', ...FILLER], camp: [campAction(Camp.own, 2)] });
    logHas(game.log, 'Set Trap deals 2 to Graveshifter');
    logHas(game.log, 'Graveshifter is defeated');
    expect(game.names(game.state.graveyard)).toContain('Wolf');
  });

  it('too small to kill, leaves the creature damaged and its power working (a Wyvern of 6 takes the 2, then the fire)', () => {
    const game = play({ ...FIRST, camper: 'beastmaster', active: ['Rebuke'], deck: ['Wyvern', ...FILLER], camp: [campAction(Camp.own, 2)] });
    logHas(game.log, 'Set Trap deals 2 to Wyvern');
    logHas(game.log, 'fire 7 -> 4');
    expect(game.log.filter((line) => line.includes('Wyvern is defeated'))).toEqual([]);
  });
});

describe('cards entering the Line face up are revealed there', () => {
  it('Set Trap hits an Unhallowed summoned into first position', () => {
    const game = play({ ...FIRST, camper: 'beastmaster', unhallowed: ['Lich'], deck: ['Summon!', ...FILLER], camp: [campAction(Camp.own, 8)] });
    const enters = game.log.findIndex((line) => line.includes('Lich enters the Line face up at position 1'));
    expect(enters).toBeGreaterThanOrEqual(0);
    expect(game.log[enters + 1]).toBe('  Set Trap deals 8 to Lich');
  });
});

describe('Cleric abilities', () => {
  const clericWatches = { ...SECOND, camper: 'ranger' };

  it('Rebuke moves a revealed creature, or defeats an Undead in first position', () => {
    const moved = play({ ...clericWatches, active: ['Rebuke'], horde: [], deck: ['Treant', 'Bear', ...FILLER], watch: [ability('Rebuke', 1, 1, { aux: 0 })] });
    expect(moved.names(moved.state.horde).slice(0, 2)).toEqual(['Bear', 'Treant']);
    const defeated = play({ ...clericWatches, active: ['Rebuke'], deck: ['Skeletons', ...FILLER], watch: [ability('Rebuke', 1, 0, { mode: 1 })] });
    logHas(defeated.log, 'Skeletons is defeated');
  });

  it('Rebuke may move a creature to any other position, the middle included', () => {
    let destinations: number[] = [];
    let lineLength = 0;
    const rebukeToMiddle: Step = (view) => {
      const o = view.options;
      lineLength = view.state.lineLength;
      destinations = [];
      for (let i = 0; i < o.count; i++) if (o.kind[i] === OptionKind.ability && o.target[i] === 0 && o.mode[i] === 0 && o.die[i] < 0) destinations.push(o.aux[i]);
      return ability('Rebuke', 1, 0, { aux: 1 })(view);
    };
    const game = play({ ...clericWatches, active: ['Rebuke'], fire: 12, horde: [], deck: ['Treant', 'Bear', 'Wolf', ...FILLER], watch: [rebukeToMiddle] });
    expect(destinations).toEqual(Array.from({ length: lineLength - 1 }, (_, i) => i + 1));
    expect(game.names(game.state.horde).slice(0, 3)).toEqual(['Bear', 'Treant', 'Wolf']);
  });

  it('Cleanse Undead defeats every revealed Undead', () => {
    const game = play({ ...clericWatches, active: ['Cleanse Undead'], fire: 12, deck: ['Skeletons', 'Zombie Horde', 'Bear', ...FILLER], watch: [ability('Cleanse Undead', 1)] });
    logHas(game.log, 'Skeletons is defeated');
    logHas(game.log, 'Zombie Horde is defeated');
  });

  it('Banish puts an Undead or Unhallowed at the bottom of the Creature deck', () => {
    const game = play({ ...clericWatches, active: ['Banish'], deck: ['Lich', ...FILLER], watch: [ability('Banish', 1, 0)] });
    expect(game.state.deck.at(0)).toBe(card(game.rules.tables, 'Lich'));
  });

  it('Blinding Light reveals no card behind a Lich (lichReveals=blocked), or reveals them (allowed)', () => {
    const offered = (lichReveals: 'blocked' | 'allowed') => {
      let found = -1;
      const game = play({
        ...clericWatches,
        lichReveals,
        active: ['Blinding Light'],
        fire: 3,
        deck: ['Lich', 'Bear', 'Eagle', ...FILLER],
        watch: [
          (view) => {
            found = ability('Blinding Light', 1)(view);
            return Math.max(found, 0);
          },
        ],
      });
      return { found, revealedBear: game.log.some((line) => line.startsWith('  reveal Bear')) };
    };
    expect(offered('blocked')).toEqual({ found: -1, revealedBear: false });
    const allowed = offered('allowed');
    expect(allowed.found).toBeGreaterThanOrEqual(0);
    expect(allowed.revealedBear).toBe(true);
  });

  it('Blinding Light reveals two creatures without their Reveal powers', () => {
    const game = play({ ...clericWatches, active: ['Blinding Light'], fire: 3, deck: ['Bear', 'Goblins', 'Vampire', ...FILLER], watch: [ability('Blinding Light', 1)] });
    logHas(game.log, "Goblins's Reveal power is negated");
    logHas(game.log, "Vampire's Reveal power is negated");
  });

  it('Blinding Light may reveal only one creature ("up to 2": its second mode)', () => {
    const game = play({ ...clericWatches, active: ['Blinding Light'], fire: 3, deck: ['Bear', 'Goblins', 'Vampire', ...FILLER], watch: [ability('Blinding Light', 1, -1, { mode: 1 })] });
    logHas(game.log, "Goblins's Reveal power is negated");
    expect(game.log.filter((line) => line.includes('Vampire'))).toEqual(['  Vampire goes to the Horde']); // face down, never revealed
  });

  /**
   * Blinding Light's modes offered before and after revealing 1 with it (its second mode), on Mountain Keep's Line of 5
   * at fire 12: 3 cards revealed, 2 face down; revealing 1 of them leaves 1.
   */
  const modesBeforeAndAfterRevealingOne = (ignores?: Scenario['ignores']) => {
    const offered: number[][] = [];
    play({
      ...clericWatches,
      active: ['Blinding Light'],
      fire: 12,
      locations: ['Mountain Keep'],
      deck: ['Bear', 'Eagle', 'Wolf', 'Treant', 'Fae', 'Bear#2'],
      ignores,
      watch: [(view) => (offered.push(modesOffered(view)), ability('Blinding Light', 1, -1, { mode: 1 })(view)), checkOptions((view) => offered.push(modesOffered(view)))],
    });
    return offered;
  };

  it('Blinding Light offers revealing 1 only while 2 could be revealed: no two options of it do the same', () => {
    expect(modesBeforeAndAfterRevealingOne()).toEqual([[0, 1], [0]]);
  });

  it('Blinding Light offers revealing 1 at any time to a strategy that ignores revealing 2', () => {
    const ignoresRevealingTwo = { burns: false, abilityMode: (tables: CardTables, card: number, mode: number) => tables.abilities[card].name === 'Blinding Light' && mode === 0 };
    expect(modesBeforeAndAfterRevealingOne(ignoresRevealingTwo)).toEqual([[1], [1]]);
  });

  it('Protective Ward sends the first creature to the Horde without damage', () => {
    const game = play({ ...clericWatches, active: ['Protective Ward'], deck: ['Lich', ...FILLER], watch: [passive('Protective Ward')] });
    logHas(game.log, 'Lich goes to the Horde');
    expect(game.log.filter((line) => line.includes('the Line deals'))).toEqual(['  the Line deals 5 damage']);
  });
});

describe('Ranger abilities', () => {
  it('Elf Senses reveals one more creature and stops the next Reveal power', () => {
    const game = play({ ...SECOND, active: ['Elf Senses'], fire: 3, deck: ['Bear', 'Goblins', ...FILLER], watch: [ability('Elf Senses', 2)] });
    logHas(game.log, "Goblins's Reveal power is negated");
  });

  it("Elf Senses stops the Reveal power of a creature entering the Line face up too (it is the next Reveal power)", () => {
    const game = play({
      ...SECOND,
      active: ['Elf Senses', 'Polymorph'],
      fire: 3,
      graveyard: ['Goblins'],
      deck: ['Bear', 'Eagle', ...FILLER],
      watch: [ability('Elf Senses', 2), ability('Polymorph', 2, 0, { aux: 0 })],
    });
    logHas(game.log, 'Goblins enters the Line face up at position 1');
    logHas(game.log, "Goblins's Reveal power is negated");
  });

  it.each([
    ['where-abilities-reach', 'Elf Senses cannot stop the Reveal power of Goblins'],
    ['any', "Goblins's Reveal power is negated"],
  ] as const)('Elf Senses behind a Lich, elfSenses=%s: "%s"', (elfSenses, line) => {
    const game = play({ ...SECOND, elfSenses, active: ['Elf Senses'], fire: 3, deck: ['Lich', 'Goblins', ...FILLER], watch: [ability('Elf Senses', 2)] });
    logHas(game.log, 'reveal Goblins');
    logHas(game.log, line);
  });

  it('Far Sight gives every adventurer one more reach', () => {
    let warriorOnSecond = -2;
    play({ ...SECOND, active: ['Far Sight', 'Cleave'], deck: FILLER, watch: [ability('Far Sight', 2), checkOptions((view) => (warriorOnSecond = attack(8, 1, 'warrior')(view)))] });
    expect(warriorOnSecond).toBeGreaterThanOrEqual(0);
  });

  it('Long Shot defeats an unrevealed creature without its Reveal power', () => {
    const game = play({ ...SECOND, active: ['Long Shot'], deck: ['Bear', 'Eagle', 'Vampire', ...FILLER], watch: [ability('Long Shot', 2, 2)] });
    logHas(game.log, 'Vampire is defeated');
    expect(game.log.some((line) => line.includes('Vampire steals'))).toBe(false);
  });

  it('Slumber conceals a creature, returns its stolen die and sends it to the back', () => {
    const eightsReady = (view: DecisionView) => Array.from(view.state.dieValue).filter((value, die) => value === 8 && view.state.dieState[die] === Die.ready).length;
    let before = -1;
    let afterSlumber = { eightsReady: 0, last: '', lastRevealed: -1 };
    const game = play({
      ...SECOND,
      active: ['Slumber'],
      deck: ['Vampire', ...FILLER],
      watch: [
        (view) => ((before = eightsReady(view)), ability('Slumber', 2, 0)(view)),
        checkOptions((view) => {
          const s = view.state;
          afterSlumber = { eightsReady: eightsReady(view), last: view.tables.names[s.lineCard[s.lineLength - 1]], lastRevealed: s.lineRevealed[s.lineLength - 1] };
          return 0;
        }),
      ],
    });
    logHas(game.log, 'Vampire steals a 8');
    // The stolen 8 is ready again; the Vampire waits face down at the back of the Line.
    expect(afterSlumber).toEqual({ eightsReady: before + 1, last: 'Vampire', lastRevealed: 0 });
  });

  it('Slumber sends a creature to the back with the damage on it, still marked attacked (for Curse)', () => {
    let after = { last: '', damage: -1, attacked: false };
    play({
      ...SECOND,
      active: ['Slumber'],
      deck: ['Metal Golem', ...FILLER],
      watch: [
        attack(7, 0, 'ranger'),
        ability('Slumber', 2, 0),
        checkOptions((view) => {
          const s = view.state;
          const last = s.lineLength - 1;
          after = { last: view.tables.names[s.lineCard[last]], damage: s.lineDamage[last], attacked: s.lineAttacker[last] >= 0 };
          return 0;
        }),
      ],
    });
    expect(after).toEqual({ last: 'Metal Golem', damage: 7, attacked: true });
  });

  it('Sharpshooter rerolls a die spent on a direct attack, once per round', () => {
    // After the reroll the Ranger attacks again with another die: a die spent on a direct attack is there to reroll,
    // and only the once-per-round rule keeps Sharpshooter from being offered.
    let again = -2;
    const game = play({
      ...SECOND,
      active: ['Sharpshooter'],
      rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2, 3],
      deck: FILLER,
      watch: [attack(8, 0, 'ranger'), passive('Sharpshooter'), attack(7, 0, 'ranger'), checkOptions((view) => (again = passive('Sharpshooter')(view)))],
    });
    logHas(game.log, 'the die is rerolled: 3');
    expect(game.state.dieState[6]).toBe(Die.ready);
    logHas(game.log, 'Ranger attacks Eagle with 7');
    expect(again).toBe(-1);
    expect(game.log.filter((line) => line.includes('uses Sharpshooter'))).toHaveLength(1);
  });

  it("Sharpshooter with sharpshooter=any rerolls another adventurer's die at that adventurer's die size", () => {
    const rerolled = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((seed) => {
      const game = play({ ...SECOND, sharpshooter: 'any', active: ['Sharpshooter', 'Curse'], deck: FILLER, watch: [attack(6, 0, 'wizard'), passive('Sharpshooter')] }, seed);
      return Number(/the die is rerolled: (\d+)/.exec(game.log.find((line) => line.includes('the die is rerolled')) ?? '')?.[1]);
    });
    expect(rerolled.every((value) => value >= 1 && value <= 6), String(rerolled)).toBe(true);
  });

  it("Sharpshooter rerolls another adventurer's attack die only with sharpshooter=any", () => {
    const offered = (sharpshooter: 'own' | 'any') => {
      let found = -2;
      play({ ...SECOND, sharpshooter, active: ['Sharpshooter', 'Wound'], deck: FILLER, watch: [attack(8, 0, 'warrior'), checkOptions((view) => (found = passive('Sharpshooter')(view)))] });
      return found >= 0;
    };
    expect(offered('any')).toBe(true);
    expect(offered('own')).toBe(false);
  });
});

describe('Rogue abilities', () => {
  it('Poison Blade (poison=flat): the next two direct attacks deal +2', () => {
    const game = play({ ...FIRST, poison: 'flat', active: ['Poison Blade', 'Cleave'], deck: ['Lich', ...FILLER], watch: [ability('Poison Blade', 3), attack(6, 0, 'warrior'), attack(8, 0, 'warrior'), attack(4, 0, 'warrior')] });
    logHas(game.log, 'attacks Lich with 8 (8/14)');
    logHas(game.log, 'attacks Lich with 10 (18/14)');
    expect(game.log.some((line) => line.includes('attacks Lich with 4'))).toBe(false);
    // The third attack, on the Bear that the Lich's defeat brought to first position, is unpoisoned (and leaves it alive).
    logHas(game.log, 'Warrior attacks Bear with 4 (4/5)');
    expect(game.log.some((line) => line.includes('Bear is defeated'))).toBe(false);
  });

  it.each([
    ['per-revealed', 'attacks Lich with 10 (10/14)'],
    ['flat', 'attacks Lich with 8 (8/14)'],
  ] as const)('Poison Blade with two creatures revealed (poison=%s)', (poison, line) => {
    const game = play({ ...FIRST, poison, fire: 8, active: ['Poison Blade', 'Wound'], deck: ['Lich', ...FILLER], watch: [ability('Poison Blade', 3), attack(6, 0, 'warrior')] });
    logHas(game.log, line);
  });

  it('Throwing Daggers with only cards behind a Lich to reveal still maxes a die (lichReveals=blocked)', () => {
    const game = play({ ...FIRST, active: ['Throwing Daggers'], fire: 3, deck: ['Lich', 'Bear', 'Eagle', ...FILLER], watch: [ability('Throwing Daggers', 3)] });
    logHas(game.log, 'a die is raised to 6');
    expect(game.log.some((line) => line.startsWith('  reveal Bear'))).toBe(false);
  });

  /** The name of the creature option i targets. */
  const targetName = (view: DecisionView, i: number) => view.tables.names[view.state.lineCard[view.options.target[i]]];
  /** The names of the creatures a decision's options target, sorted. */
  const targetNames = (view: DecisionView) => Array.from({ length: view.options.count }, (_, i) => targetName(view, i)).sort();

  /** The creatures Backstab (the Rogue's 3) offers to defeat, sorted, in a game with these readings and this deck. */
  const backstabTargets = (readings: Partial<Scenario>, deck: string[]) => {
    let offered: string[] = [];
    const record: Step = (view) => {
      offered = targetNames(view);
      return 0;
    };
    play({ ...FIRST, ...readings, active: ['Backstab'], fire: 3, deck: [...deck, ...FILLER], watch: [ability('Backstab', 3)], other: { [Decision.target]: [record] } });
    return offered;
  };

  it('Backstab may defeat only the two cards it revealed itself, not the one a Forest Giant it revealed keeps face up', () => {
    // The Giant's power is Ongoing, not a Reveal power Backstab could hold: turned face up, it reveals the Eagle behind
    // it at once in either reading, and Backstab's second reveal is the Wolf. (Until 2026-12-05 it was a Reveal power:
    // held with defeat-first, the Eagle was Backstab's second card, ['Eagle', 'Forest Giant'].)
    const deck = ['Bear', 'Forest Giant', 'Eagle', 'Wolf'];
    expect(backstabTargets({ backstab: 'defeat-first' }, deck)).toEqual(['Forest Giant', 'Wolf']);
    expect(backstabTargets({ backstab: 'reveals-first' }, deck)).toEqual(['Forest Giant', 'Wolf']);
  });

  it('Backstab defeats one of the two cards it revealed (backstabTarget=its-reveals), or any revealed creature (any-revealed)', () => {
    const deck = ['Bear', 'Eagle', 'Wolf'];
    expect(backstabTargets({ backstabTarget: 'its-reveals' }, deck)).toEqual(['Eagle', 'Wolf']);
    expect(backstabTargets({ backstabTarget: 'any-revealed' }, deck)).toEqual(['Bear', 'Eagle', 'Wolf']);
  });

  it('only a mode that reveals, then defeats by the roll (Backstab), holds and marks its reveals: revealsThenDefeats', () => {
    const defeat = { op: 'defeatUpToRoll', target: { at: 'revealed' } } as const;
    expect(revealsThenDefeats([{ op: 'reveal', count: 2, negateReveal: false }, defeat])).toBe(true);
    expect(revealsThenDefeats([defeat, { op: 'reveal', count: 2, negateReveal: false }])).toBe(false);
    expect(revealsThenDefeats([{ op: 'maxDie' }, defeat])).toBe(false);
    expect(revealsThenDefeats([{ op: 'reveal', count: 1, negateReveal: false }, { op: 'maxDie' }, { op: 'ownRanged' }])).toBe(false);
  });

  it('a second Backstab may defeat only the cards it revealed, not those the first one revealed (backstabTarget=its-reveals)', () => {
    const offered: string[][] = [];
    const recordThenTake = (name: string): Step => (view) => {
      offered.push(targetNames(view));
      return find(view, (_, i) => targetName(view, i) === name);
    };
    // The first reveals the Eagle and the Wolf and defeats the Eagle; the second, by exhausting, reveals the Fae and the second Bear.
    play({ ...FIRST, active: ['Backstab'], fire: 3, deck: ['Bear', 'Eagle', 'Wolf', 'Fae', ...FILLER], watch: [ability('Backstab', 3), ability('Backstab', 'exhaust')], other: { [Decision.target]: [recordThenTake('Eagle'), recordThenTake('Fae')] } });
    expect(offered).toEqual([['Eagle', 'Wolf'], ['Bear', 'Fae']]);
  });

  it('Backstab defeats a creature whose health is at most the Rogue’s total roll: 8 with 3 + 3 + 2, not 9', () => {
    const rolls = [...FIRST.rolls.slice(0, 6), 3, 3, 2, ...FIRST.rolls.slice(9)];
    expect(backstabTargets({ rolls, backstabTarget: 'any-revealed' }, ['Bear', 'Treant', 'Treant#2'])).toEqual(['Bear', 'Treant']);
  });

  it('Backstab with nothing it may reveal (only cards behind a Lich) still defeats a revealed creature with backstabTarget=any-revealed', () => {
    const game = play({ ...FIRST, backstabTarget: 'any-revealed', active: ['Backstab'], fire: 12, deck: ['Bear', 'Eagle', 'Lich', ...FILLER], watch: [ability('Backstab', 3)], other: { [Decision.target]: [(view) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, 'Eagle'))] } });
    logHas(game.log, 'Eagle is defeated');
  });

  it('Throwing Daggers: the Vampire it reveals steals at once, before the die is raised (only a reveal-then-defeat, Backstab, holds Reveal powers)', () => {
    const rolls = [1, 1, 1, 1, 1, 1, 5, 4, 2, 1, 1, 1];
    const game = play({ ...FIRST, rolls, active: ['Throwing Daggers'], fire: 3, deck: ['Bear', 'Vampire', ...FILLER], watch: [ability('Throwing Daggers', 2)] });
    const steals = game.log.indexOf('  Vampire steals a 5');
    expect(steals, game.log.join('\n')).toBeGreaterThanOrEqual(0);
    expect(game.log.findIndex((line) => line.includes('a die is raised to 6'))).toBeGreaterThan(steals);
  });

  it('Throwing Daggers reveals a creature, maxes a die and makes the Rogue ranged', () => {
    const game = play({ ...FIRST, active: ['Throwing Daggers'], fire: 3, deck: ['Bear', 'Eagle', ...FILLER], watch: [ability('Throwing Daggers', 3), attack(6, 1, 'rogue')] });
    logHas(game.log, 'reveal Eagle');
    logHas(game.log, 'a die is raised to 6');
    logHas(game.log, 'Rogue attacks Eagle');
  });

  it('Backstab reveals two creatures and defeats one with health up to the Rogue roll', () => {
    const game = play({ ...FIRST, active: ['Backstab'], fire: 3, deck: ['Bear', 'Eagle', 'Ember Drake', ...FILLER], watch: [ability('Backstab', 3)], other: { [Decision.target]: [(view) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, 'Ember Drake'))] } });
    logHas(game.log, 'reveal Ember Drake');
    logHas(game.log, 'Ember Drake is defeated');
  });

  it('Backstab defeats before the revealed cards\' Reveal powers: the Vampire it kills steals no die (backstab=defeat-first, the FAQ)', () => {
    const backstabVampire = (backstab: 'defeat-first' | 'reveals-first') =>
      play({ ...FIRST, backstab, active: ['Backstab'], fire: 3, deck: ['Bear', 'Eagle', 'Vampire', ...FILLER], watch: [ability('Backstab', 3)], other: { [Decision.target]: [(view) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, 'Vampire'))] } }).log;
    const defeatFirst = backstabVampire('defeat-first');
    logHas(defeatFirst, 'Vampire is defeated');
    expect(defeatFirst.some((line) => line.includes('Vampire steals'))).toBe(false);
    const revealsFirst = backstabVampire('reveals-first');
    // Only the Rogue has an active card, so only her dice are in the fight: the 6 is the highest left.
    logHas(revealsFirst, 'Vampire steals a 6');
    logHas(revealsFirst, 'Vampire is defeated');
  });

  it('Backstab: a defeated card that a held Reveal power brings back resolves its reveal once (Necromancer pulls the Vampire)', () => {
    const game = play({ ...FIRST, active: ['Backstab'], fire: 3, deck: ['Bear', 'Necromancer', 'Vampire', ...FILLER], watch: [ability('Backstab', 3)], other: { [Decision.target]: [(view) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, 'Vampire'))] } });
    logHas(game.log, 'Vampire enters the Line face up');
    expect(game.log.filter((line) => line.includes('Vampire steals'))).toHaveLength(1);
  });

  it('Backstab holds the Reveal powers only: Song of Discord hits the first card it reveals at once', () => {
    const withDiscord: Step = (view) => {
      view.state.discordDamage = 1;
      return ability('Backstab', 3)(view);
    };
    const game = play({ ...FIRST, active: ['Backstab'], fire: 3, deck: ['Bear', 'Eagle', 'Goblins', ...FILLER], watch: [withDiscord], other: { [Decision.target]: [(view) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, 'Eagle'))] } });
    const discord = game.log.indexOf('  Song of Discord deals 1 to Eagle');
    expect(discord).toBeGreaterThan(game.log.findIndex((line) => line.startsWith('  reveal Eagle')));
    expect(discord).toBeLessThan(game.log.findIndex((line) => line.startsWith('  reveal Goblins')));
  });

  it('Backstab resolves the Reveal power of the revealed card it spares once the defeat is done', () => {
    let first = '';
    const spareGoblins = (view: DecisionView) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, 'Eagle'));
    play({
      ...FIRST,
      active: ['Backstab'],
      fire: 3,
      deck: ['Bear', 'Eagle', 'Goblins', ...FILLER],
      watch: [
        ability('Backstab', 3),
        (view) => {
          first = view.tables.names[view.state.lineCard[0]];
          return 0;
        },
      ],
      other: { [Decision.target]: [spareGoblins] },
    });
    expect(first).toBe('Goblins'); // its Reveal power: move to first position
  });

  it('Smoke Bomb: a blanked Wyvern reaching first position takes no firewood', () => {
    const game = play({ ...FIRST, active: ['Smoke Bomb', 'Cleave'], deck: ['Bear', 'Wyvern', ...FILLER], watch: [ability('Smoke Bomb', 3, 1), attack(8, 0, 'warrior')] });
    logHas(game.log, 'Bear is defeated');
    expect(game.log.filter((line) => line.includes('Wyvern in first position') || line.startsWith('  fire 7 -> 4'))).toEqual([]);
  });

  it('Smoke Bomb blanks a revealed creature', () => {
    const game = play({ ...FIRST, active: ['Smoke Bomb', 'Cleave'], deck: ['Bear', 'Warlord', ...FILLER], fire: 12, watch: [ability('Smoke Bomb', 3, 1), attack(4, 0)] });
    logHas(game.log, 'attacks Bear with 4 (4/4)');
  });

  it("Smoke Bomb on a Vampire: the stolen die stays stolen, and its health is the printed 1, not the die's value", () => {
    let stolenAfterSmokeBomb: number[] = [];
    const stolenNow = (view: DecisionView) => Array.from(view.state.dieValue).filter((_, die) => view.state.dieState[die] === Die.stolen);
    const game = play({
      ...FIRST,
      active: ['Smoke Bomb', 'Cleave'],
      deck: ['Vampire', ...FILLER],
      watch: [ability('Smoke Bomb', 3, 0), (view) => ((stolenAfterSmokeBomb = stolenNow(view)), attack(4, 0, 'warrior')(view))],
    });
    logHas(game.log, 'Vampire steals a 8');
    expect(stolenAfterSmokeBomb).toEqual([8]);
    logHas(game.log, 'attacks Vampire with 4 (4/1)');
    logHas(game.log, 'Vampire is defeated');
  });

  it('Smoke Bomb on a Fire Serpent: the health its text gives ("*") is gone, so it has 0', () => {
    const game = play({ ...FIRST, active: ['Smoke Bomb', 'Cleave'], deck: ['Fire Serpent', ...FILLER], watch: [ability('Smoke Bomb', 3, 0), attack(4, 0, 'warrior')] });
    logHas(game.log, 'attacks Fire Serpent with 4 (4/0)');
  });

  it.each([
    ['third', FIRST],
    ['first, seat number 0', { ...FIRST, party: 'rogue,cleric,beastmaster,warrior', rolls: [6, 5, 3, 1, 1, 1, 8, 7, 2, 8, 6, 4] }],
  ])('Stay Dead removes the creatures the Rogue defeats from the game (the Rogue seated %s)', (_, seating) => {
    const game = play({ ...seating, active: ['Stay Dead'], deck: ['Eagle', ...FILLER], watch: [attack(6, 0, 'rogue')] });
    logHas(game.log, 'Eagle stays dead');
    expect(game.names(game.state.removed)).toContain('Eagle');
  });

  it.each([
    ['removed', 'Hydra stays dead'],
    ['returns', 'Hydra returns to the back of the Line'],
  ] as const)('a Hydra the Rogue defeats with Stay Dead, stayDeadHydra=%s: "%s"', (stayDeadHydra, line) => {
    const game = play({ ...FIRST, stayDeadHydra, active: ['Stay Dead'], deck: ['Hydra', 'Eagle', ...FILLER], watch: [attack(6, 0, 'rogue'), attack(5, 0, 'rogue')] });
    logHas(game.log, 'Hydra is defeated');
    logHas(game.log, line);
    expect(game.names(game.state.removed).includes('Hydra')).toBe(stayDeadHydra === 'removed');
  });

  it.each([
    ['Stay Dead', 'no firewood', false],
    ['Throwing Daggers', '1 firewood', true],
  ] as const)('a Pyromancer charges only for creatures that go to the Graveyard (the Rogue with %s: %s)', (card, _, charged) => {
    const game = play({ ...FIRST, active: [card], fire: 12, deck: ['Pyromancer', 'Eagle', ...FILLER], watch: [attack(6, 0, 'rogue')] });
    logHas(game.log, 'Eagle is defeated');
    expect(game.log.some((line) => line.includes('fire 12 -> 11'))).toBe(charged);
  });
});

describe('Warrior abilities', () => {
  it('Wound halves a revealed creature’s health', () => {
    const game = play({ ...SECOND, active: ['Wound'], deck: ['Lich', ...FILLER], watch: [ability('Wound', 4, 0), attack(8, 0)] });
    logHas(game.log, 'attacks Lich with 8 (8/7)');
  });

  it('an ability card takes one die a round: with a die on it, it offers no other die, only its exhaust', () => {
    let dieUse = -2;
    let exhaustUse = -2;
    const look = checkOptions((view) => {
      dieUse = find(view, (o, i) => o.kind[i] === OptionKind.ability && o.die[i] >= 0 && view.tables.abilities[view.state.slotCard[o.slot[i]]].name === 'Wound');
      exhaustUse = ability('Wound', 'exhaust', 0)(view);
      return 0;
    });
    play({ ...SECOND, active: ['Wound'], deck: ['Lich', ...FILLER], watch: [ability('Wound', 4, 0), look] });
    expect(dieUse).toBe(-1);
    expect(exhaustUse).toBeGreaterThanOrEqual(0);
  });

  it('a second Wound on the same creature (its die, then exhausted) halves its health again', () => {
    // Catches: halving kept as one flag, so the second use spent the card for nothing.
    const game = play({ ...SECOND, active: ['Wound'], deck: ['Lich', ...FILLER], watch: [ability('Wound', 4, 0), ability('Wound', 'exhaust', 0), attack(5, 0)] });
    logHas(game.log, 'attacks Lich with 5 (5/3)');
  });

  it.each([
    ['any', true],
    ['after-die', false],
  ] as const)('exhaustUse=%s: a card with no die on it this round may be exhausted for its effect: %s', (exhaustUse, offered) => {
    let beforeDie = -2;
    let afterDie = -2;
    const woundWithDie: Step = (view) => {
      beforeDie = ability('Wound', 'exhaust', 0)(view);
      return ability('Wound', 4, 0)(view);
    };
    play({ ...SECOND, exhaustUse, active: ['Wound'], deck: ['Lich', ...FILLER], watch: [woundWithDie, checkOptions((view) => (afterDie = ability('Wound', 'exhaust', 0)(view)))] });
    expect(beforeDie >= 0).toBe(offered);
    expect(afterDie).toBeGreaterThanOrEqual(0);
  });

  it('Wound rounds an odd health down', () => {
    const game = play({ ...SECOND, active: ['Wound'], deck: ['Eagle', ...FILLER], watch: [ability('Wound', 4, 0), attack(8, 0)] });
    logHas(game.log, 'attacks Eagle with 8 (8/1)');
  });

  it('Throw Axe deals 8 damage to the creature in second position', () => {
    const game = play({ ...SECOND, active: ['Throw Axe'], deck: ['Bear', 'Treant', ...FILLER], watch: [ability('Throw Axe', 4, 1)] });
    logHas(game.log, '8 damage to Treant');
    logHas(game.log, 'Treant is defeated');
  });

  it('Giants Bane doubles dice on a creature of exactly 10 health (a Treant of 8 beside a Warlord)', () => {
    const game = play({ ...SECOND, active: ['Giants Bane'], deck: ['Treant', 'Warlord', ...FILLER], watch: [ability('Giants Bane', 4), attack(5, 0)] });
    logHas(game.log, 'attacks Treant with 10 (10/10)');
  });

  it('Giants Bane doubles dice on creatures with 10+ health', () => {
    const game = play({ ...SECOND, active: ['Giants Bane'], deck: ['Lich', ...FILLER], watch: [ability('Giants Bane', 4), attack(5, 0)] });
    logHas(game.log, 'attacks Lich with 10 (10/14)');
  });

  it('Giants Bane doubles the die, not the Poison Blade bonus added to its attack', () => {
    const game = play({ ...FIRST, fire: 3, active: ['Poison Blade', 'Giants Bane', 'Wound'], deck: ['Lich', ...FILLER], watch: [ability('Poison Blade', 3), ability('Giants Bane', 4), attack(6, 0, 'warrior')] });
    logHas(game.log, 'Warrior attacks Lich with 14 (14/14)');
  });

  it('Berserker defeats a weaker creature next to the one just defeated', () => {
    const game = play({ ...SECOND, active: ['Berserker', 'Far Sight'], deck: ['Treant', 'Eagle', ...FILLER], watch: [attack(8, 0, 'ranger'), ability('Berserker', 4, 0)] });
    logHas(game.log, 'Eagle is defeated');
  });

  it('Berserker with berserker=own follows a defeat the Warrior finished with Wound', () => {
    let offered = -2;
    play({ ...SECOND, berserker: 'own', active: ['Berserker', 'Wound'], deck: ['Treant', 'Eagle', ...FILLER], watch: [attack(5, 0, 'warrior'), ability('Wound', 4, 0), checkOptions((view) => (offered = ability('Berserker', 8, 0)(view)))] });
    expect(offered).toBeGreaterThanOrEqual(0);
  });

  it('Berserker with berserker=own follows a defeat the Warrior made with Throw Axe', () => {
    let offered = -2;
    play({ ...SECOND, berserker: 'own', fire: 12, active: ['Berserker', 'Throw Axe'], deck: ['Eagle', 'Treant', 'Bear', ...FILLER], watch: [ability('Throw Axe', 5, 1), checkOptions((view) => (offered = ability('Berserker', 8, 0)(view)))] });
    expect(offered).toBeGreaterThanOrEqual(0);
  });

  it('Berserker with berserker=own follows only a defeat its Warrior made', () => {
    const berserkerOffered = (killer: 'ranger' | 'warrior') => {
      let offered = -2;
      play({ ...SECOND, berserker: 'own', active: ['Berserker', 'Far Sight'], deck: ['Treant', 'Eagle', ...FILLER], watch: [attack(8, 0, killer), checkOptions((view) => (offered = ability('Berserker', 4, 0)(view)))] });
      return offered >= 0;
    };
    expect(berserkerOffered('ranger')).toBe(false);
    expect(berserkerOffered('warrior')).toBe(true);
  });

  it("Cleave keeps another adventurer's die at the leftover value only with cleave=any", () => {
    const rangerKills = (cleave: 'own' | 'any', active = ['Cleave', 'Far Sight']) => play({ ...SECOND, cleave, active, deck: ['Eagle', ...FILLER], watch: [attack(8, 0, 'ranger')] }).log;
    const afterTheKill = (log: string[]) => log[log.findIndex((line) => line.includes('Ranger attacks Eagle')) + 1];
    expect(afterTheKill(rangerKills('any'))).toBe('  Cleave: the die stays at 5');
    expect(afterTheKill(rangerKills('own'))).toBe('  Eagle is defeated');
    // cleave=any lends the Warrior's passive to every die, so it needs the Cleave card face up (here in reserve, the Warrior fighting).
    expect(afterTheKill(rangerKills('any', ['Far Sight', 'Wound']))).toBe('  Eagle is defeated');
  });

  it('Cleave keeps nothing after an exact kill (a 4 on a 4-health Bear)', () => {
    const game = play({ ...SECOND, active: ['Cleave'], deck: ['Bear', ...FILLER], watch: [attack(4, 0, 'warrior')] });
    logHas(game.log, 'Bear is defeated');
    expect(game.log.filter((line) => line.includes('Cleave: the die stays'))).toEqual([]);
  });

  it('Cleave keeps a Warrior die at the leftover value', () => {
    const game = play({ ...SECOND, active: ['Cleave'], deck: ['Eagle', ...FILLER], watch: [attack(8, 0, 'warrior')] });
    logHas(game.log, 'Cleave: the die stays at 5');
  });

  it('Cleave keeps at most the value the die showed: a poisoned 1 that deals 3, 2 to spare, stays at 1', () => {
    const rolls = [8, 7, 2, 1, 1, 1, 6, 5, 3, 2, 1, 6];
    const game = play({ ...FIRST, rolls, poison: 'flat', active: ['Poison Blade', 'Cleave'], deck: ['Bear#2', ...FILLER], watch: [ability('Poison Blade', 3), attack(2, 0, 'warrior'), attack(1, 0, 'warrior')] });
    logHas(game.log, 'Warrior attacks Bear with 3 (7/5)');
    logHas(game.log, 'Cleave: the die stays at 1');
  });
});

describe('Wizard abilities', () => {
  it('Curse defeats a creature that already has an attack die on it', () => {
    const game = play({ ...SECOND, active: ['Curse'], deck: ['Lich', ...FILLER], watch: [attack(5, 0), ability('Curse', 2, 0)] });
    logHas(game.log, 'Lich is defeated');
  });

  it('Curse is not offered on a creature damaged without an attack die (Throw Axe)', () => {
    let cursable = true;
    const seeCurse: Step = (view) => ((cursable = ability('Curse', 2, 1)(view) >= 0), 0);
    const game = play({ ...SECOND, active: ['Curse', 'Throw Axe'], deck: ['Bear', 'Fell Beast', ...FILLER], watch: [ability('Throw Axe', 8, 1), seeCurse] });
    logHas(game.log, '8 damage to Fell Beast');
    expect(cursable).toBe(false);
  });

  it('Chaos Blast defeats two adjacent revealed creatures and adds one to the end', () => {
    const game = play({ ...SECOND, active: ['Chaos Blast'], deck: ['Bear', 'Treant', ...FILLER], watch: [ability('Chaos Blast', 2, 0)] });
    logHas(game.log, 'Bear is defeated');
    logHas(game.log, 'Treant is defeated');
    expect(game.log.filter((line) => line.includes('goes to the Horde'))).toHaveLength(5);
  });

  it('Polymorph offers the creatures of the Graveyard, not a Summon card lying there', () => {
    let swaps: string[] = [];
    const readSwaps: Step = (view) => {
      const o = view.options;
      swaps = [];
      for (let i = 0; i < o.count; i++) if (o.kind[i] === OptionKind.ability && o.target[i] === 0) swaps.push(view.tables.names[view.state.graveyard.at(o.aux[i])]);
      return 0;
    };
    play({ ...SECOND, active: ['Polymorph'], graveyard: ['Eagle', 'Summon!', 'Bear'], deck: ['Lich', ...FILLER], watch: [readSwaps] });
    expect([...new Set(swaps)].sort()).toEqual(['Bear', 'Eagle']);
  });

  it('Polymorph swaps a creature for one from the Graveyard, which reveals', () => {
    const game = play({ ...SECOND, active: ['Polymorph'], graveyard: ['Eagle'], deck: ['Lich', ...FILLER], watch: [ability('Polymorph', 2, 0, { aux: 0 })] });
    logHas(game.log, 'Eagle enters the Line face up at position 1');
    expect(game.names(game.state.graveyard)).toContain('Lich');
  });

  it('Shockbolt defeats a creature of 8 health or less, and no more', () => {
    // At the first decision the Treant (health 8) and the Ember Drake (health 11) are both revealed and Shockbolt
    // is unused: it is offered on the Treant, not on the Drake.
    let onTreant = -2;
    let onDrake = -2;
    const game = play({
      ...SECOND,
      fire: 7,
      active: ['Shockbolt'],
      deck: ['Treant', 'Ember Drake', ...FILLER],
      watch: [
        (view) => {
          expect(view.state.lineRevealed[1], 'the Ember Drake is revealed at the first decision').toBe(1);
          onTreant = ability('Shockbolt', 2, 0)(view);
          onDrake = ability('Shockbolt', 2, 1)(view);
          return onTreant;
        },
      ],
    });
    logHas(game.log, 'reveal Treant (position 1, health 8)');
    logHas(game.log, 'reveal Ember Drake (position 2, health 11)');
    expect(onTreant).toBeGreaterThanOrEqual(0);
    expect(onDrake).toBe(-1);
    logHas(game.log, 'Treant is defeated');
  });

  it('Shockbolt measures health, not what damage leaves of it: an Ember Drake attacked down to 3 is still no target', () => {
    let onTreant = -2;
    let onDrake = -2;
    const game = play({
      ...SECOND,
      fire: 7,
      active: ['Shockbolt', 'Long Shot'],
      deck: ['Treant', 'Ember Drake', ...FILLER],
      watch: [
        attack(8, 1, 'ranger'),
        (view) => {
          onTreant = ability('Shockbolt', 2, 0)(view);
          onDrake = ability('Shockbolt', 2, 1)(view);
          return 0;
        },
      ],
    });
    logHas(game.log, 'attacks Ember Drake with 8 (8/11)');
    expect(onTreant).toBeGreaterThanOrEqual(0);
    expect(onDrake).toBe(-1);
  });

  it('Illuminate reveals one more creature for each firewood lost', () => {
    const game = play({ ...SECOND, active: ['Illuminate'], fire: 12, deck: ['Fae', 'Bear', 'Eagle', ...FILLER] });
    logHas(game.log, 'fire 12 -> 11');
    logHas(game.log, 'reveal Eagle (position 3');
    expect(reveals(game.log)).toBe(3); // the fire's two and Illuminate's one
  });

  it('Illuminate does nothing while the Wizard camps (a passive works only in the fight)', () => {
    const game = play({ ...SECOND, camper: 'wizard', active: ['Illuminate', 'Far Sight'], fire: 12, deck: ['Fae', 'Bear', 'Eagle', ...FILLER] });
    logHas(game.log, 'fire 12 -> 11');
    expect(reveals(game.log)).toBe(2);
  });

  it('Illuminate counts firewood lost, not firewood gained: a card burned for +2 takes no reveal away', () => {
    // Fire 3 lights the Bear; a card burned (fire 5), the Bear falls and the Fae comes first: its -1 reveals the Eagle.
    const game = play({ ...SECOND, active: ['Illuminate', 'Wound', 'Far Sight', 'Long Shot'], fire: 3, deck: ['Bear', 'Fae', 'Eagle', 'Wolf', ...FILLER], watch: [burn('Far Sight'), attack(8, 0, 'warrior')] });
    logHas(game.log, 'fire 3 -> 5');
    logHas(game.log, 'fire 5 -> 4');
    expect(game.log.filter((line) => line.startsWith('  reveal ')).map((line) => line.split(' (')[0].trim())).toEqual(['reveal Bear', 'reveal Fae', 'reveal Eagle']);
  });

  it('Illuminate counts every firewood of a larger loss (an Ember Drake’s -3 reveals three more)', () => {
    const game = play({ ...SECOND, active: ['Illuminate', 'Wound'], fire: 12, deck: ['Ember Drake', 'Bear', 'Eagle', 'Wolf', ...FILLER] });
    logHas(game.log, 'fire 12 -> 9');
    logHas(game.log, 'reveal Bear (position 5');
    expect(reveals(game.log)).toBe(5);
  });
});
