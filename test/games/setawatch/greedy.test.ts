import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import type { ContentSet } from '../../../src/games/setawatch/content.ts';
import { Decision, type DecisionKind, type DecisionView, OptionKind, type SetawatchStrategy } from '../../../src/games/setawatch/decisions.ts';
import { SetawatchRules } from '../../../src/games/setawatch/rules.ts';
import { cheapestSetBothWays, greedy, GREEDY_IGNORES, greedyChoice, prepareWatchScores, scoreWatch } from '../../../strategies/setawatch/greedy.ts';
import { MEASURED_WORTH } from '../../../strategies/setawatch/card-worth.ts';
import { ability, attack, content, EVERY_CARD, find, optional, play, type Scenario, type Step } from './scenario.ts';

/** Cards that neither defeat nor damage, so that greedy fights with dice alone. */
const NO_KILLS = ['Blinding Light', 'Slumber', 'Giants Bane', 'Illuminate'];
const greedyWatch: Step[] = Array.from({ length: 12 }, () => optional((view) => greedyChoice(Decision.watch, view)));
const attacks = (log: string[]) => log.filter((line) => line.includes(' attacks '));

/** The log until the first creature falls, which the fight must reach. */
function untilFirstDefeat(log: string[]): string[] {
  const end = log.findIndex((line) => line.includes(' is defeated'));
  expect(end, 'no creature is defeated').toBeGreaterThan(0);
  return log.slice(0, end);
}

describe('greedy in the Watch', () => {
  it('kills with the set of dice that wastes the fewest pips (2 + 1 on a 3-health Eagle, not the 6)', () => {
    // Seat order: cleric (camps), ranger, warrior, wizard.
    const game = play({ camper: 'cleric', fire: 3, active: NO_KILLS, deck: ['Eagle', 'Bear', 'Wolf'], rolls: [1, 1, 1, 6, 2, 1, 1, 1, 1, 1, 1, 1], watch: greedyWatch });
    const eagle = attacks(game.log).filter((line) => line.includes('Eagle'));
    expect(eagle.map((line) => line.replace(/ \(.*/, '').split(' with ')[1]).sort()).toEqual(['1', '2']);
  });

  it('wards a Hydra in front that a kill would only send to the back, rather than spending 8 + 8 on it', () => {
    const game = play({ camper: 'ranger', fire: 3, active: [...NO_KILLS, 'Protective Ward'], deck: ['Summon!', 'Eagle'], unhallowed: ['Hydra'], rolls: [1, 1, 1, 1, 1, 1, 8, 8, 8, 1, 1, 1], watch: greedyWatch });
    const events = game.log.filter((line) => /Hydra (is defeated|goes to the Horde)|Protective Ward/.test(line)).map((line) => line.trim());
    expect(events.slice(0, 2)).toEqual(['Cleric uses Protective Ward', 'Hydra goes to the Horde']);
  });

  it('Banishes a Hydra behind the front creature first: sent to the deck, no defeat brings it back to the Line', () => {
    // Fire 8 lights the Bear and the Hydra; the Cleric's 2 on Banish is worth more there than the dice's kill of the Bear.
    const game = play({ camper: 'ranger', fire: 8, active: [...NO_KILLS, 'Banish'], deck: ['Bear', 'Hydra', 'Eagle', 'Wolf', 'Eagle#2', 'Wolf#2'], rolls: [2, 2, 2, 1, 1, 1, 4, 4, 4, 4, 4, 4], watch: greedyWatch });
    const plays = game.log.map((line) => line.trim()).filter((line) => / attacks | puts a | goes to the deckBottom/.test(line));
    expect(plays.slice(0, 2), game.log.join('\n')).toEqual(['Cleric puts a 2 on Banish', 'Hydra goes to the deckBottom']);
  });

  it("kills a 2-health Graveshifter with the Wizard's 2 rather than Banish it with a 1: the dice's kill stays out of the deck", () => {
    // Seat order: cleric, ranger (camps), warrior, wizard. Banish with the Cleric's 1 would cost the fewest pips.
    const game = play({ camper: 'ranger', fire: 8, active: [...NO_KILLS, 'Banish'], deck: ['Graveshifter', 'Eagle', 'Wolf', 'Bear'], rolls: [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1], watch: greedyWatch });
    const fate = game.log.map((line) => line.trim()).find((line) => /^Graveshifter (is defeated|goes to the deckBottom)/.test(line));
    expect(fate, game.log.join('\n')).toBe('Graveshifter is defeated');
  });

  it('kills a Hydra only to move the Line on (in front), then clears the rest before killing it for good', () => {
    const game = play({ camper: 'cleric', fire: 3, active: NO_KILLS, deck: ['Summon!', 'Eagle'], unhallowed: ['Hydra'], rolls: [1, 1, 1, 8, 8, 8, 8, 8, 8, 6, 6, 6], watch: greedyWatch });
    const events = game.log.filter((line) => /Hydra (is defeated|returns)|Eagle is defeated/.test(line)).map((line) => line.trim());
    expect(events.slice(0, 3)).toEqual(['Hydra is defeated', 'Hydra returns to the back of the Line', 'Eagle is defeated']);
  });
});

describe('greedy reads the face-down cards the party knows', () => {
  it('Long Shot defeats the Ember Drake Mountain Keep brought from the Graveyard to the back, not the next unknown card', () => {
    // Fire 3 lights only the Bear; the Ember Drake (3 damage), seen in the Graveyard, lies face down at the end.
    const game = play({ camper: 'cleric', fire: 3, locations: ['Mountain Keep'], active: [...NO_KILLS, 'Long Shot'], deck: ['Bear', 'Eagle', 'Wolf', 'Bear#2', 'Eagle#2'], graveyard: ['Ember Drake'], seen: ['Ember Drake'], rolls: Array(12).fill(1), watch: greedyWatch });
    expect(game.log.find((line) => line.includes(' is defeated'))?.trim()).toBe('Ember Drake is defeated');
  });
});

/**
 * A card exhausted for a blind kill, each with an owner whose three dice come second in the roll (seat order) and a
 * Line of creatures those dice, the others' and the card's die use can each defeat.
 */
const BLIND_KILLS = [
  // The Ranger's 1 on Long Shot defeats a face-down creature; his three 1s defeat the Eagle.
  { card: 'Long Shot', owner: 'ranger', party: 'cleric,ranger,warrior,wizard', ownerDie: 1 },
  // Seat order: cleric, rogue, warrior, wizard. The Rogue's 4 + 4 + 4 lets Backstab defeat any creature it reveals.
  { card: 'Backstab', owner: 'rogue', party: 'cleric,rogue,warrior,wizard', ownerDie: 4 },
] as const;

describe.each(BLIND_KILLS)("greedy's $card exhaust", ({ card, owner, party, ownerDie }) => {
  const Owner = owner[0].toUpperCase() + owner.slice(1);
  const scenario = (location: string, watch: Step[]) =>
    play({ party, camper: 'cleric', fire: 3, locations: [location], active: [...NO_KILLS, card], deck: ['Eagle', 'Bear', 'Wolf', 'Bear#2', 'Eagle#2', 'Wolf#2'], rolls: [2, 2, 2, ownerDie, ownerDie, ownerDie, 3, 4, 5, 3, 4, 5], watch });
  /** Where the owner's die on the card, the card's exhaust (-1: none) and the first dice attack come in the log. */
  const order = (location: string) => {
    const game = scenario(location, greedyWatch);
    const at = (text: string) => game.log.findIndex((line) => line.includes(text));
    expect(at(' attacks '), game.log.join('\n')).toBeGreaterThan(0);
    return { die: at(`${Owner} puts a ${ownerDie} on ${card}`), exhaust: at(`${Owner} exhausts ${card}`), firstAttack: at(' attacks ') };
  };

  it(`in the final round, exhausts ${card} for a blind kill after its die use and before any dice attack (Forbidden Tower)`, () => {
    const { die, exhaust, firstAttack } = order('Forbidden Tower');
    expect(die).toBeGreaterThan(0);
    expect(exhaust).toBeGreaterThan(die);
    expect(exhaust).toBeLessThan(firstAttack);
  });

  it(`in the final round, exhausts ${card} first once its owner has no die left, its die use unspent (Forbidden Tower)`, () => {
    // The owner's three dice attack first; the Warrior's and the Wizard's dice would then attack on.
    const ownerAttacks = [attack(ownerDie, 0, owner), attack(ownerDie, 0, owner), attack(ownerDie, 0, owner)];
    const game = scenario('Forbidden Tower', [...ownerAttacks, ...greedyWatch]);
    const ownerDone = game.log.reduce((last, line, at) => (line.includes(`${Owner} attacks `) ? at : last), -1);
    const actions = game.log.slice(ownerDone + 1).filter((line) => / attacks | exhausts | puts a /.test(line)).map((line) => line.trim());
    expect(actions[0], game.log.join('\n')).toBe(`${Owner} exhausts ${card} for its effect`);
  });

  it(`in the other rounds, attacks with its dice before any exhaust of ${card} (Barren Plains)`, () => {
    const { die, exhaust, firstAttack } = order('Barren Plains');
    expect(die).toBeGreaterThan(0);
    expect(exhaust < 0 || exhaust > firstAttack).toBe(true);
  });
});

describe('greedy kills the Pyromancer first', () => {
  /** The Pyromancer, revealed first, goes to the back of the Line, where only an ability reaches it; fire 8 then lights the Bear and the Eagle. */
  const PYROMANCER_FIRST = ['Pyromancer', 'Bear', 'Eagle', 'Wolf', 'Bear#2', 'Eagle#2', 'Wolf#2', 'Treant', 'Treant#2'];
  const firewoodLost = (log: string[]) =>
    log.flatMap((line) => {
      const change = /fire (\d+) -> (\d+)/.exec(line);
      return change !== null && Number(change[2]) < Number(change[1]) ? [line.trim()] : [];
    });

  it.each(['Goblin Caves', 'Forbidden Tower'])('exhausts Banish on it, at the back of the Line, before the dice finish the Bear in front, whose defeat would cost a firewood (%s)', (location) => {
    // The Cleric's three 1s go on the 4-health Bear first, so that Banish has no die to take; the others' dice finish the Bear.
    const clericAttacks = [attack(1, 0, 'cleric'), attack(1, 0, 'cleric'), attack(1, 0, 'cleric')];
    const game = play({ camper: 'ranger', fire: 8, locations: [location], horde: [], active: [...NO_KILLS, 'Banish'], deck: PYROMANCER_FIRST, rolls: [1, 1, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4], watch: [...clericAttacks, ...greedyWatch] });
    const afterCleric = game.log.slice(game.log.findIndex((line) => line.includes('Cleric attacks Bear with 1 (3/4)')) + 1);
    const actions = afterCleric.filter((line) => / attacks | exhausts | puts a /.test(line)).map((line) => line.trim());
    expect(actions[0], game.log.join('\n')).toBe('Cleric exhausts Banish for its effect');
    expect(game.log.map((line) => line.trim())).toContain('Pyromancer goes to the deckBottom');
    expect(firewoodLost(game.log)).toEqual([]);
  });
});

describe('greedy plans with the dice still ready', () => {
  it('counts only the dice still ready: the spent 4 that killed an Eagle does not stand in for the 2 + 2 a Bear needs', () => {
    const game = play({ camper: 'cleric', fire: 3, active: NO_KILLS, deck: ['Eagle#2', 'Bear'], rolls: [1, 1, 1, 4, 6, 6, 2, 2, 6, 6, 6, 6], watch: greedyWatch });
    const kills = attacks(game.log).map((line) => line.trim().replace(/ \(.*/, ''));
    expect(kills.slice(0, 3)).toEqual(['Ranger attacks Eagle with 4', 'Warrior attacks Bear with 2', 'Warrior attacks Bear with 2']);
  });
});

describe('greedy counts what its attacks will deal', () => {
  /** The Rogue (Poison Blade, poison=flat: +2 on the next two direct attacks) and the Warrior (Giants Bane) fight. */
  const ROGUE_AND_WARRIOR: Scenario = { party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', poison: 'flat', fire: 3, active: ['Poison Blade', 'Giants Bane'] };
  const firstAttack = (log: string[]) => attacks(log)[0]?.trim();

  it('Giants Bane: the 7 alone, doubled, defeats a 14-health Lich (the 8 is kept)', () => {
    const game = play({ camper: 'cleric', fire: 3, active: ['Giants Bane'], deck: ['Lich'], rolls: [1, 1, 1, 1, 1, 1, 8, 7, 4, 1, 1, 1], watch: [ability('Giants Bane', 4), ...greedyWatch] });
    expect(firstAttack(game.log)).toBe('Warrior attacks Lich with 14 (14/14)');
  });

  it('Poison Blade: the 2, poisoned, defeats a 4-health Bear (the 3 is kept)', () => {
    const game = play({ ...ROGUE_AND_WARRIOR, deck: ['Bear'], rolls: [1, 1, 1, 1, 1, 1, 3, 2, 1, 1, 1, 1], watch: [ability('Poison Blade', 1), ...greedyWatch] });
    expect(firstAttack(game.log)).toBe('Rogue attacks Bear with 4 (4/4)');
  });

  it('Poison Blade poisons two attacks only: an 8-health Treant takes a 1 and the 3, not three 1s', () => {
    const game = play({ ...ROGUE_AND_WARRIOR, deck: ['Treant'], rolls: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3], watch: [ability('Poison Blade', 1), ...greedyWatch] });
    // Greedy then exhausts Poison Blade to poison the 1s that kill the Fire Serpent behind the Treant: only the Treant's attacks are checked.
    expect(attacks(game.log).filter((line) => line.includes('Treant')).map((line) => line.trim())).toEqual(['Warrior attacks Treant with 3 (3/8)', 'Warrior attacks Treant with 5 (8/8)']);
  });

  it('Poison Blade (+2 a revealed creature) before the kill it makes cheaper: the 1 on it, then a 4 alone defeats 6-health Goblins', () => {
    // Only the Rogue fights (his cards alone are active); fire 8 lights the Bear and the Goblins behind it: +4 an attack.
    const game = play({ party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', fire: 8, active: ['Poison Blade'], deck: ['Bear#2', 'Goblins'], rolls: [1, 1, 1, 1, 1, 1, 1, 4, 4, 1, 1, 1], watch: greedyWatch });
    const plays = game.log.map((line) => line.trim()).filter((line) => / attacks | puts a /.test(line));
    expect(plays.slice(0, 2)).toEqual(['Rogue puts a 1 on Poison Blade', 'Rogue attacks Goblins with 8 (8/6)']);
  });

  it("Giants Bane doubles a poisoned die but not its poison: a 6 defeats a 14-health Lich as 6 x 2 + 2, the 5's 12 would not", () => {
    const game = play({ ...ROGUE_AND_WARRIOR, deck: ['Lich'], rolls: [1, 1, 1, 1, 1, 1, 1, 5, 6, 1, 6, 6], watch: [ability('Poison Blade', 1), ability('Giants Bane', 1), ...greedyWatch] });
    expect(firstAttack(game.log)).toBe('Warrior attacks Lich with 14 (14/14)');
  });
});

describe('greedy values an effect by the kill it makes possible', () => {
  const firstPlays = (log: string[]) => log.map((line) => line.trim()).filter((line) => / attacks | puts a | is defeated/.test(line)).slice(0, 3);

  it("Throw Axe's 8 on an 11-health Ember Drake first, for the Ranger's 3 to finish, before the 1s spent on a Bear", () => {
    const game = play({ camper: 'cleric', fire: 8, active: [...NO_KILLS, 'Throw Axe'], deck: ['Bear#2', 'Ember Drake'], rolls: [1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1], watch: greedyWatch });
    expect(firstPlays(game.log)).toEqual(['Warrior puts a 1 on Throw Axe', 'Ranger attacks Ember Drake with 3 (11/11)', 'Ember Drake is defeated']);
  });

  it("Wound on 6-health Goblins that the Warrior's 2 + 1 then finish (3 left), though they have less than 8 health", () => {
    const game = play({ camper: 'cleric', fire: 3, active: ['Wound'], deck: ['Goblins'], rolls: [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1], watch: greedyWatch });
    expect(firstPlays(game.log)[0]).toBe('Warrior puts a 1 on Wound');
    expect(game.log).toContain('  Goblins is defeated');
  });

  it("Smoke Bomb on a Fire Serpent whose health, the firewood's 13, is more than all the dice, for a 1 to defeat it", () => {
    const game = play({ party: 'cleric,rogue,warrior,wizard', camper: 'cleric', fire: 13, active: [...NO_KILLS, 'Smoke Bomb'], deck: ['Fire Serpent', 'Bear', 'Eagle', 'Wolf', 'Eagle#2', 'Wolf#2'], rolls: [1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1], watch: greedyWatch });
    expect(firstPlays(game.log), game.log.join('\n')).toEqual(['Rogue puts a 2 on Smoke Bomb', 'Wizard attacks Fire Serpent with 1 (1/0)', 'Fire Serpent is defeated']);
  });

  it("no Smoke Bomb on Goblins at Goblin Caves: the location's +3 is no text of theirs, so blanked they keep their 9", () => {
    const game = play({ party: 'cleric,rogue,warrior,wizard', camper: 'cleric', fire: 3, locations: ['Goblin Caves'], active: [...NO_KILLS, 'Smoke Bomb'], deck: ['Goblins', 'Bear', 'Eagle', 'Wolf', 'Eagle#2', 'Wolf#2'], rolls: [1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1], watch: greedyWatch });
    expect(game.log, game.log.join('\n')).toContain('  Goblins is defeated');
    expect(game.log.some((line) => / on Smoke Bomb|exhausts Smoke Bomb for/.test(line))).toBe(false);
  });

  it('no Giants Bane on a 14-health Lich that even doubled dice (2 + 1) cannot kill; Giants Bane where doubled 7 + 4 can', () => {
    const lichWith = (rolls: number[]) => play({ camper: 'cleric', fire: 3, active: ['Giants Bane'], deck: ['Lich'], rolls, watch: greedyWatch }).log;
    expect(lichWith([1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]).some((line) => line.includes('on Giants Bane'))).toBe(false);
    expect(lichWith([1, 1, 1, 1, 1, 1, 7, 4, 1, 1, 1, 1])).toContain('  Warrior puts a 1 on Giants Bane');
  });
});

describe('greedy plays Cleave for its leftover', () => {
  const WARRIOR_CLEAVES = [...NO_KILLS, 'Cleave'];
  /** The attacks and Cleave's leftover until the first creature falls. */
  const fight = (log: string[]) => untilFirstDefeat(log).filter((line) => line.includes(' attacks ') || line.includes('Cleave:')).map((line) => line.trim());
  const bearAttacks = (rolls: number[]) => fight(play({ camper: 'cleric', fire: 3, active: WARRIOR_CLEAVES, deck: ['Bear#2'], rolls, watch: greedyWatch }).log);

  it("kills a 5-health Bear with the Warrior's 7 alone, keeping 2, rather than the 3 + 3 that waste a pip", () => {
    expect(bearAttacks([1, 1, 1, 3, 3, 3, 7, 7, 7, 3, 3, 3])).toEqual(['Warrior attacks Bear with 7 (7/5)', 'Cleave: the die stays at 2']);
  });

  it("plays the Warrior's die last in a kill set: the Wizard's 4, then the Warrior's 2, which keeps 1", () => {
    expect(bearAttacks([1, 1, 1, 6, 6, 6, 2, 2, 2, 4, 4, 4])).toEqual(['Wizard attacks Bear with 4 (4/5)', 'Warrior attacks Bear with 2 (6/5)', 'Cleave: the die stays at 1']);
  });

  it("under Giants Bane, plays the Warrior's 1 before his 8 on a 14-health Lich, so that the 8 keeps 4", () => {
    const game = play({ camper: 'cleric', fire: 3, active: WARRIOR_CLEAVES, deck: ['Lich'], rolls: [1, 1, 1, 6, 6, 6, 8, 1, 4, 6, 6, 6], watch: [ability('Giants Bane', 4), ...greedyWatch] });
    expect(fight(game.log)).toEqual(['Warrior attacks Lich with 2 (2/14)', 'Warrior attacks Lich with 16 (18/14)', 'Cleave: the die stays at 4']);
  });
});

describe('greedy plays Elf Senses', () => {
  // Seat order: cleric, ranger (6 2 3), warrior, wizard; the Ranger holds Elf Senses.
  const rangerSenses = (scenario: Scenario) => {
    const game = play({ ...scenario, active: ['Blinding Light', 'Elf Senses', 'Giants Bane', 'Illuminate'], rolls: [1, 1, 1, 6, 2, 3, 4, 4, 4, 1, 1, 1] });
    return game.log.filter((line) => / puts a \d on | attacks | for its effect/.test(line)).map((line) => line.trim());
  };

  it("with its lowest die before any kill while a face-down card is left for it to reveal", () => {
    const fights = rangerSenses({ camper: 'cleric', fire: 3, deck: ['Eagle', 'Bear', 'Wolf'], watch: greedyWatch });
    expect(fights[0]).toBe('Ranger puts a 2 on Elf Senses');
    expect(fights[1]).toMatch(/ attacks /); // not Elf Senses again, exhausted for its second use
  });

  it('after the kills when the whole Line is revealed (Blinding Light showed the last two)', () => {
    const fights = rangerSenses({ camper: 'wizard', fire: 15, locations: ['Remote Tavern'], deck: ['Eagle', 'Bear', 'Wolf', 'Eagle#2', 'Wolf#2'], watch: [ability('Blinding Light', 1), ...greedyWatch] });
    expect(fights.slice(0, 2)).toEqual(['Cleric puts a 1 on Blinding Light', 'Ranger attacks Eagle with 3 (3/3)']);
    expect(fights).not.toContain('Ranger puts a 2 on Elf Senses');
  });
});

describe("greedy exhausts Throw Axe", () => {
  it('on the Metal Golem in second position before the dice kill the Skeletons in front, which would move it out of reach', () => {
    // Seat order: cleric (camps), ranger, warrior (4 4 1), wizard. Throw Axe's die use takes the Wolf; the Golem comes second.
    const game = play({ camper: 'cleric', fire: 8, active: ['Blinding Light', 'Slumber', 'Throw Axe', 'Illuminate'], deck: ['Skeletons', 'Wolf', 'Metal Golem', 'Eagle'], rolls: [1, 1, 1, 1, 1, 1, 4, 4, 1, 1, 1, 1], watch: [ability('Throw Axe', 1, 1), ...greedyWatch] });
    const events = game.log.map((line) => line.trim()).filter((line) => / is defeated$|exhausts Throw Axe/.test(line));
    expect(events.slice(0, 4)).toEqual(['Wolf is defeated', 'Warrior exhausts Throw Axe for its effect', 'Metal Golem is defeated', 'Eagle is defeated']);
  });
});

describe("greedy plays Harmonize's doubled attack", () => {
  /**
   * The Bard harmonizes the 8-health Treant in front; the Warrior and the Knight fight with cards that kill nothing
   * (Giants Bane needs 10 health; greedy never Taunts). Dice in seat order: Cleric (camping), Warrior, Knight, Bard.
   */
  const treantAttacks = (rolls: number[]) => {
    const harmonizeFront: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.passive && o.target[i] === 0);
    const { log } = play({ party: 'cleric,warrior,knight,bard', sets: 'base+preproduction', camper: 'cleric', fire: 3, active: ['Harmonize', 'Giants Bane', 'Taunt'], deck: ['Treant'], rolls, watch: [harmonizeFront, ...greedyWatch] });
    return attacks(untilFirstDefeat(log)).map((line) => line.trim());
  };

  it("kills with the Warrior's 5 alone, doubled, rather than the Knight's 2 and the Bard's 6", () => {
    expect(treantAttacks([1, 1, 1, 5, 5, 5, 2, 2, 2, 6, 6, 6])).toEqual(['Warrior attacks Treant with 10 (10/8)']);
  });

  it("plays the kill set's highest die first, so that it is the one doubled: the Knight's 3, then the Warrior's 2", () => {
    expect(treantAttacks([1, 1, 1, 2, 2, 2, 3, 3, 3, 1, 1, 1])).toEqual(['Knight attacks Treant with 6 (6/8)', 'Warrior attacks Treant with 2 (8/8)']);
  });
});

describe('greedy plays Song of Discord', () => {
  it('sends a creature its dice cannot kill to the Horde before it deals its damage (an 11-health Ember Drake against 1s)', () => {
    const { log } = play({ party: 'cleric,warrior,knight,bard', sets: 'base+preproduction', camper: 'cleric', fire: 3, active: ['Song of Discord', 'Giants Bane', 'Taunt'], deck: ['Ember Drake'], rolls: Array(12).fill(1), watch: greedyWatch });
    const discord = log.map((line) => line.trim()).filter((line) => /Song of Discord|Ember Drake goes|Line deals/.test(line));
    expect(discord.slice(0, 2)).toEqual(['Bard puts a 1 on Song of Discord', 'Ember Drake goes to the Horde']);
  });
});

describe('greedy at camp', () => {
  const greedyCamp: Step[] = Array.from({ length: 3 }, () => optional((view) => greedyChoice(Decision.camp, view)));

  it('sends to camp the adventurer with the fewest active cards (the Wizard, one card, rolling 6 6 6), not the low roll with two', () => {
    // Seat order: cleric, ranger, warrior, wizard. The Warrior rolls 1 1 1 but would take Throw Axe and Berserker out of the Watch.
    const game = play({ fire: 12, active: ['Banish', 'Rebuke', 'Protective Ward', 'Long Shot', 'Sharpshooter', 'Far Sight', 'Throw Axe', 'Berserker', 'Shockbolt'], rolls: [4, 4, 4, 4, 4, 4, 1, 1, 1, 6, 6, 6], watch: greedyWatch });
    expect(game.log.filter((line) => line.includes(' camps ')).map((line) => line.trim())).toEqual(['Wizard camps (rest 1 of 2)']);
  });

  it("sends to camp an adventurer who rolled a 6 when a card is exhausted that the camper's own refresh cannot take back, and Heals it", () => {
    // Seat order: cleric, ranger, warrior, wizard. The Cleric (3 3 2) and the Wizard (6 2 1) hold one active card each.
    const board = ['Banish', 'Long Shot', 'Sharpshooter', 'Far Sight', 'Berserker', 'Shockbolt'];
    const camp = (exhausted: string[], wizardRolls = [6, 2, 1], locations?: string[], clericRolls = [3, 3, 2]) => {
      const game = play({ fire: 12, locations, active: board, exhausted, rolls: [...clericRolls, 4, 4, 4, 4, 4, 4, ...wizardRolls], camp: greedyCamp, watch: greedyWatch });
      return game.log.filter((line) => line.includes(' camps ') || line.includes(' on Heal')).map((line) => line.trim());
    };
    expect(camp([])).toEqual(['Cleric camps (rest 1 of 2)']); // the lower roll
    expect(camp(['Throw Axe'])).toEqual(['Wizard camps (rest 1 of 2)', 'camp: a 6 on Heal']);
    // The Wizard's own exhausted card is the only one: the refresh takes it back, a 6 would Heal nothing more.
    expect(camp(['Chaos Blast'], [6, 6, 6])).toEqual(['Cleric camps (rest 1 of 2)']);
    // Two of his own: the refresh takes back one, the 6 the other.
    expect(camp(['Chaos Blast', 'Curse'], [6, 6, 6])).toEqual(['Wizard camps (rest 1 of 2)', 'camp: a 6 on Heal']);
    // At Remote Tavern the refresh takes both, worth his 18 pips with no Heal: not worth a Cleric's 1 1 2.
    expect(camp(['Chaos Blast', 'Curse'], [6, 6, 6], ['Remote Tavern'])).toEqual(['Wizard camps (rest 1 of 2)']);
    expect(camp(['Chaos Blast', 'Curse'], [6, 6, 6], ['Remote Tavern'], [1, 1, 2])).toEqual(['Cleric camps (rest 1 of 2)']);
  });

  it('counts a camper\'s exhausted card only where the camper refreshes one: not at Haunted Manor', () => {
    // The Wizard (5 4 2) rolls higher than the Cleric (3 3 2); his exhausted Chaos Blast is worth the difference.
    const camper = (exhausted: string[], locations?: string[]) => {
      const game = play({ fire: 12, sets: 'base+extra-locations', locations, active: ['Banish', 'Long Shot', 'Sharpshooter', 'Far Sight', 'Berserker', 'Shockbolt'], exhausted, rolls: [3, 3, 2, 4, 4, 4, 4, 4, 4, 5, 4, 2], camp: greedyCamp, watch: greedyWatch });
      return game.log.filter((line) => line.includes(' camps ')).map((line) => line.trim());
    };
    expect(camper([])).toEqual(['Cleric camps (rest 1 of 2)']);
    expect(camper(['Chaos Blast'])).toEqual(['Wizard camps (rest 1 of 2)']);
    expect(camper(['Chaos Blast'], ['Haunted Manor'])).toEqual(['Cleric camps (rest 1 of 2)']);
  });

  it('Equips the reserve card measured worth most in place of the board card worth least', () => {
    const game = play({ camper: 'ranger', fire: 12, active: ['Elf Senses', 'Far Sight', 'Slumber', 'Rebuke', 'Berserker', 'Shockbolt'], rolls: [1, 1, 1, 2, 3, 5, 1, 1, 1, 1, 1, 1], camp: greedyCamp, watch: greedyWatch });
    const byWorth = (names: string[]) => [...names].sort((a, b) => MEASURED_WORTH[b] - MEASURED_WORTH[a]);
    const [bestReserve] = byWorth(['Long Shot', 'Sharpshooter']);
    const worstOnBoard = byWorth(['Elf Senses', 'Far Sight', 'Slumber']).at(-1);
    expect(game.log).toContain(`  Equip: ${bestReserve} replaces ${worstOnBoard}`);
  });

  it('spends doubles on Chop Wood under fire 7 rather than on runes, and on Vanquish and Bolster from fire 7, first', () => {
    // The Ranger camps with 4, 4, 2; a Bear waits in the Horde.
    const rangerCamps = (fire: number) => play({ camper: 'ranger', fire, horde: ['Bear'], rolls: [1, 1, 1, 4, 4, 2, 1, 1, 1, 1, 1, 1], camp: greedyCamp, watch: greedyWatch }).log;
    const low = rangerCamps(4);
    expect(low).toContain('  camp: a 4 on Chop Wood');
    expect(low.some((line) => line.startsWith('  rune'))).toBe(false);
    for (const fire of [7, 12]) {
      const camp = rangerCamps(fire).filter((line) => line.startsWith('  camp:') || line.startsWith('  rune'));
      expect(camp.slice(0, 2), `fire ${fire}`).toEqual(['  rune Vanquish: Bear leaves the Horde', '  rune Bolster']);
    }
  });

  it('Equips only a card worth more than a board card (the Warrior camping: fire 12, no doubles, nothing else worth more)', () => {
    const warriorCamps = (board: string[]) =>
      play({ camper: 'warrior', fire: 12, active: [...board, 'Rebuke', 'Long Shot', 'Shockbolt'], rolls: [1, 1, 1, 1, 1, 1, 1, 2, 3, 1, 1, 1], camp: greedyCamp, watch: greedyWatch });
    const equips = (board: string[]) => warriorCamps(board).log.filter((line) => line.includes('Equip:'));
    const [best, second, third, , worst] = ['Berserker', 'Cleave', 'Giants Bane', 'Throw Axe', 'Wound'].sort((a, b) => MEASURED_WORTH[b] - MEASURED_WORTH[a]);
    // The three best on the board: nothing in reserve is worth more...
    expect(equips([best, second, third])).toEqual([]);
    // ...but with the worst on the board instead of the best, the best replaces it (and the fourth stays in reserve).
    expect(equips([worst, second, third])).toEqual([`  Equip: ${best} replaces ${worst}`]);
  });

  it("Multi-Talented: the Bard swaps his card worth least for the absent adventurers' card worth most", () => {
    const bardsBoard = ['Line Dance', 'Harmonize', 'Song of Pain'];
    const bardCamps = play({ party: 'bard,cleric,ranger,warrior', sets: 'base+preproduction', camper: 'bard', fire: 12, active: [...bardsBoard, 'Rebuke', 'Long Shot', 'Berserker'], rolls: [1, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1], camp: greedyCamp, watch: greedyWatch });
    const byWorth = (names: string[]) => [...names].sort((a, b) => MEASURED_WORTH[b] - MEASURED_WORTH[a]);
    const absent = content.abilities.filter((card) => ['beastmaster', 'rogue', 'wizard', 'knight'].includes(card.adventurer)).map((card) => card.name);
    expect(bardCamps.log).toContain(`  ${byWorth(bardsBoard).at(-1)} is swapped for ${byWorth(absent)[0]}`);
  });

  it('Multi-Talented again next round: the borrowed card stays on the board and the next best absent card comes in', () => {
    const bardsBoard = ['Line Dance', 'Harmonize', 'Song of Pain'];
    // Two cards for each of the others, so that the Line's damage cannot exhaust the Watch in round 1.
    const twoRounds = play({ party: 'bard,cleric,ranger,warrior', sets: 'base+preproduction', camper: 'bard', fire: 12, rounds: 2, active: [...bardsBoard, 'Rebuke', 'Long Shot', 'Berserker', ...NO_KILLS.slice(0, 3)], rolls: [1, 2, 3, 6, 5, 4, 6, 5, 4, 6, 5, 4], camp: [...greedyCamp, ...greedyCamp], watch: [...greedyWatch, ...greedyWatch] });
    const byWorth = (names: string[]) => [...names].sort((a, b) => MEASURED_WORTH[b] - MEASURED_WORTH[a]);
    const absent = byWorth(content.abilities.filter((card) => ['beastmaster', 'rogue', 'wizard', 'knight'].includes(card.adventurer)).map((card) => card.name));
    const swaps = twoRounds.log.filter((line) => line.includes(' is swapped for '));
    expect(swaps).toHaveLength(2);
    expect(swaps[0]).toBe(`  ${byWorth(bardsBoard).at(-1)} is swapped for ${absent[0]}`);
    expect(swaps[1].endsWith(` is swapped for ${absent[1]}`)).toBe(true);
    expect(swaps[1].startsWith(`  ${absent[0]} `)).toBe(false);
  });

  it('Teleports to a location better than the next one on the map (Goblin Caves: Line 8, goblins +3)', () => {
    // Teleport shows the top four of the unused deck. Greedy scores a location as fire - 3 x Line (+4 for a Respite):
    // Lost Outpost 0 - 24 = -24, Witch's Shack -6 - 21 = -27, Mountain Keep -2 - 15 = -17, Dark Woods 2 - 21 = -19,
    // against Goblin Caves' -3 - 24 = -27 and the average regular location's -22.4. The best is third of the four.
    const unused = ['Lost Outpost', "Witch's Shack", 'Mountain Keep', 'Dark Woods'];
    const game = play({ camper: 'wizard', fire: 12, locations: ['Barren Plains', 'Goblin Caves'], unused, active: EVERY_CARD, rolls: [6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 2, 3], camp: greedyCamp, watch: greedyWatch });
    expect(game.log.filter((line) => line.startsWith('  Teleport: '))).toEqual(['  Teleport: next is Mountain Keep']);
  });
});

describe("greedy's cheapest kill set", () => {
  /** Dice as greedy's plan holds them (d6 and d8, a location's +1, tamed dice up to 30), which reach, and what kills. */
  const question = fc
    .array(fc.oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 10, max: 30 })), { maxLength: 12 })
    .chain((values) => {
      const masks = fc.nat({ max: (1 << values.length) - 1 });
      return fc.record({ values: fc.constant(values), usable: masks, cleave: masks, needed: fc.integer({ min: 1, max: 60 }), multiplier: fc.constantFrom(1, 2) });
    });

  it('is the same set, with the same pips and tie-breaks, by the pruned walk as over every subset', () => {
    fc.assert(
      fc.property(question, ({ values, usable, cleave, needed, multiplier }) => {
        // The walk answers only where Cleave dice are not doubled (Giants Bane), as cheapestSet asks it.
        const { byWalk, ofEverySubset } = cheapestSetBothWays(values, multiplier === 1 ? cleave : cleave & ~usable, usable, needed, multiplier);
        expect(byWalk).toEqual(ofEverySubset);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('what greedy ignores in the Watch', () => {
  const PARTIES: [string, string][] = [
    ['beastmaster,cleric,ranger,warrior', 'base'],
    ['rogue,wizard,cleric,warrior', 'base'],
    ['cleric,warrior,knight,bard', 'base+preproduction'],
    ['beastmaster,ranger,rogue,knight', 'base+preproduction'],
  ];

  function playLogged(seed: number, party: string, sets: string, summons: number, strategy: SetawatchStrategy): string[] {
    const lines: string[] = [];
    const rules = new SetawatchRules(new CardTables(content, sets.split('+') as ContentSet[], party.split(',')), { summons, startingFire: 7 }, { write: (line) => lines.push(line) });
    rules.playGame(seed, strategy, new OutcomeRecord(3));
    return lines;
  }

  function ignored(view: DecisionView, index: number): boolean {
    const o = view.options;
    if (o.kind[index] === OptionKind.burn) return GREEDY_IGNORES.burns;
    return o.kind[index] === OptionKind.ability && GREEDY_IGNORES.abilityMode(view.tables, view.state.slotCard[o.slot[index]], o.mode[index]);
  }

  it('leaves out only options it scores at most 0, as "done" (listed first)', () => {
    let left = 0;
    const worthSome: string[] = [];
    const checking: SetawatchStrategy = {
      name: 'checking',
      choose(decision: DecisionKind, view: DecisionView): number {
        if (decision !== Decision.watch) return greedyChoice(decision, view);
        prepareWatchScores(view);
        for (let i = 0; i < view.options.count; i++) {
          if (!ignored(view, i)) continue;
          left++;
          const score = scoreWatch(view, i);
          if (score > 0) worthSome.push(`${view.tables.abilities[view.state.slotCard[view.options.slot[i]]].name}: ${score}`);
        }
        return greedyChoice(decision, view);
      },
    };
    for (const [party, sets] of PARTIES) for (const summons of [1, 4]) for (let seed = 0; seed < 30; seed++) playLogged(seed, party, sets, summons, checking);
    expect(left).toBeGreaterThan(10000);
    expect(worthSome).toEqual([]);
  });

  it('plays the same games, line for line, as when it is offered every option', () => {
    const offeredAll: SetawatchStrategy = { name: 'greedy', choose: greedyChoice };
    for (const [party, sets] of PARTIES) {
      for (const summons of [1, 4]) {
        for (let seed = 0; seed < 10; seed++) expect(playLogged(seed, party, sets, summons, greedy.create({}))).toEqual(playLogged(seed, party, sets, summons, offeredAll));
      }
    }
  });
});
