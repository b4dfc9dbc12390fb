import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import setawatch from '../../../src/games/setawatch/index.ts';
import { Camp, Decision, OptionKind } from '../../../src/games/setawatch/decisions.ts';
import { DICE_PER_SEAT, Die, Slot } from '../../../src/games/setawatch/state.ts';
import { ability, attack, content, find, play, type Step } from './scenario.ts';

/** The pre-production Knight and Bard with the Cleric (camping) and the Warrior; dice in seat order, three each. */
const PARTY = { party: 'cleric,warrior,knight,bard', sets: 'base+preproduction', camper: 'cleric', rolls: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4] };
const SEAT = { cleric: 0, warrior: 1, knight: 2, bard: 3 };
const FILLER = ['Bear#2', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant#2', 'Fire Serpent'];

const logHas = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log lacks "${text}":\n${log.join('\n')}`).toBe(true);
const logLacks = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log has "${text}"`).toBe(false);

/** A watch step that adds the target of every passive option offered (an adventurer, or a Line position) to `into`, then ends the Watch. */
const readPassiveTargets = (into: Set<number>): Step => (view) => {
  for (let i = 0; i < view.options.count; i++) if (view.options.kind[i] === OptionKind.passive) into.add(view.options.target[i]);
  return 0;
};

/** A camp action of the camper's own, with a die of this value, for this option target (and slot). */
function ownAction(value: number, target: number, slot?: number): Step {
  return (view) =>
    find(view, (o, i) => o.kind[i] === OptionKind.campAction && o.aux[i] === Camp.own && view.state.dieValue[o.die[i]] === value && o.target[i] === target && (slot === undefined || o.slot[i] === slot));
}

describe('the Knight', () => {
  it('Shield Bash deals the first creature’s health to the second', () => {
    const game = play({ ...PARTY, active: ['Shield Bash'], fire: 8, deck: ['Treant', 'Eagle', ...FILLER], watch: [ability('Shield Bash', 3)] });
    logHas(game.log, '8 damage to Eagle');
    logHas(game.log, 'Eagle is defeated');
  });

  it('Magic Sword defeats the creature in first position', () => {
    const game = play({ ...PARTY, active: ['Magic Sword'], deck: ['Metal Golem', ...FILLER], watch: [ability('Magic Sword', 3, 0)] });
    logHas(game.log, 'Metal Golem is defeated');
  });

  it('Taunt pulls a creature to first position and stops its First-position power', () => {
    const game = play({ ...PARTY, active: ['Taunt'], fire: 8, horde: [], deck: ['Bear', 'Wyvern', ...FILLER], watch: [ability('Taunt', 3, 1)] });
    logHas(game.log, 'Wyvern is taunted to first position');
    logLacks(game.log, 'fire 8 -> 5');
    expect(game.names(game.state.horde).slice(0, 2)).toEqual(['Wyvern', 'Bear']);
  });

  it('Dragon Lance defeats a revealed Dragon, or deals 6 to the second position', () => {
    const dragon = play({ ...PARTY, active: ['Dragon Lance'], fire: 8, deck: ['Bear', 'Wyvern', ...FILLER], watch: [ability('Dragon Lance', 3, 1)] });
    logHas(dragon.log, 'Wyvern is defeated');
    const lance = play({ ...PARTY, active: ['Dragon Lance'], fire: 8, deck: ['Bear', 'Eagle', ...FILLER], watch: [ability('Dragon Lance', 3, 1, { mode: 1 })] });
    logHas(lance.log, '6 damage to Eagle');
  });

  it('Inspire is offered for each adventurer in the fight whose lowest die is below its maximum: not the Bard at 6, not the camper', () => {
    const seats = new Set<number>();
    play({ ...PARTY, rolls: [1, 1, 1, 2, 2, 2, 3, 3, 3, 6, 6, 6], active: ['Inspire', 'Throw Axe', 'Line Dance'], deck: ['Treant', ...FILLER], watch: [readPassiveTargets(seats)] });
    expect([...seats].sort()).toEqual([SEAT.warrior, SEAT.knight]);
  });

  it('Inspire raises one adventurer’s lowest die to its maximum, once a round', () => {
    let inspireOptions = 0;
    const inspireWarrior: Step = (view) => {
      inspireOptions = view.options.count;
      return find(view, (o, i) => o.kind[i] === OptionKind.passive && o.target[i] === SEAT.warrior);
    };
    // After the first Inspire, the Knight and the Bard (and the Warrior's other dice) are still below their maximum:
    // only the once-a-round rule keeps Inspire from being offered again.
    let again = -2;
    const inspireAgain: Step = (view) => {
      again = find(view, (o, i) => o.kind[i] === OptionKind.passive);
      return 0;
    };
    const game = play({ ...PARTY, active: ['Inspire', 'Throw Axe'], deck: ['Treant', ...FILLER], watch: [inspireWarrior, attack(8, 0, 'warrior'), inspireAgain] });
    expect(inspireOptions).toBeGreaterThan(1);
    expect(again).toBe(-1);
    logHas(game.log, "Warrior's lowest die is raised to 8");
    logHas(game.log, 'Warrior attacks Treant with 8');
    const inspired = game.log.filter((line) => line.includes('uses Inspire'));
    expect(inspired).toHaveLength(1);
  });

  it('Assist is offered to each adventurer on Watch, not the Knight camping, once a camp', () => {
    const assisted = (before: Step[]) => {
      const seats = new Set<number>();
      const look: Step = (view) => {
        for (let i = 0; i < view.options.count; i++) if (view.options.kind[i] === OptionKind.campAction && view.options.aux[i] === Camp.own) seats.add(view.options.target[i]);
        return 0;
      };
      play({ ...PARTY, camper: 'knight', active: ['Rebuke', 'Throw Axe', 'Shield Bash', 'Line Dance'], deck: FILLER, camp: [...before, look] });
      return [...seats].sort();
    };
    expect(assisted([])).toEqual([SEAT.cleric, SEAT.warrior, SEAT.bard]);
    expect(assisted([ownAction(3, SEAT.warrior)])).toEqual([]);
  });

  it('Assist gives the camp die to an adventurer on Watch as an attack die for the round, not for abilities', () => {
    let diePaysForAbility = true;
    const checkThenAttack: Step = (view) => {
      const given = SEAT.warrior * DICE_PER_SEAT + 3;
      diePaysForAbility = find(view, (o, i) => o.kind[i] === OptionKind.ability && o.die[i] === given) >= 0;
      return attack(3, 0, 'warrior')(view);
    };
    const game = play({ ...PARTY, camper: 'knight', active: ['Throw Axe', 'Shield Bash'], deck: ['Eagle', ...FILLER], camp: [ownAction(3, SEAT.warrior)], watch: [checkThenAttack] });
    logHas(game.log, 'Warrior gets an attack die of 3');
    logHas(game.log, 'Warrior attacks Eagle with 3');
    expect(diePaysForAbility).toBe(false);
    expect(game.state.dieState[SEAT.warrior * DICE_PER_SEAT + 3]).toBe(Die.absent);
  });

  it("an Assist die does not Cleave: Cleave keeps the leftover of the Warrior's own rolled dice", () => {
    // Catches: any untamed die of the Warrior's, the one Assist gave included, kept its leftover.
    const rolls = [1, 1, 1, 2, 2, 2, 6, 6, 6, 4, 4, 4];
    const game = play({ ...PARTY, rolls, camper: 'knight', active: ['Cleave', 'Throw Axe'], deck: ['Eagle', ...FILLER], camp: [ownAction(6, SEAT.warrior)], watch: [attack(6, 0, 'warrior')] });
    logHas(game.log, 'Warrior attacks Eagle with 6');
    logLacks(game.log, 'Cleave: the die stays');
  });

  it("Animal Sentry cannot spend an Assist die: it spends a tamed creature, and the Beast Master has none", () => {
    let sentryOffered = true;
    const lookThenEnd: Step = (view) => {
      sentryOffered = find(view, (o, i) => o.kind[i] === OptionKind.ability && view.tables.abilities[view.state.slotCard[o.slot[i]]].name === 'Animal Sentry') >= 0;
      return 0;
    };
    const game = play({ ...PARTY, party: 'cleric,beastmaster,knight,bard', camper: 'knight', active: ['Animal Sentry', 'Rebuke'], deck: FILLER, camp: [ownAction(3, 1)], watch: [lookThenEnd] });
    logHas(game.log, 'Beast Master gets an attack die of 3');
    expect(sentryOffered).toBe(false);
  });
});

describe('the Bard', () => {
  it('Song of Discord sends a creature to the Horde; a Human’s health hits the next creature revealed', () => {
    const game = play({ ...PARTY, active: ['Song of Discord'], horde: [], deck: ['Bear', 'Bandit', 'Wolf', ...FILLER], watch: [ability('Song of Discord', 4, 1)] });
    logHas(game.log, 'Bandit goes to the Horde');
    logHas(game.log, 'Song of Discord deals 7 to Wolf');
    logHas(game.log, 'Wolf is defeated');
    expect(game.names(game.state.horde)).toContain('Bandit');
  });

  it("Song of Discord's damage equal to the next creature's health defeats it before its Reveal power (a Bandit's 7 on the second Acolyte, of 7: nothing added to the Horde)", () => {
    const game = play({ ...PARTY, active: ['Song of Discord'], horde: [], deck: ['Bear', 'Bandit', 'Acolyte#2', ...FILLER], watch: [ability('Song of Discord', 4, 1)] });
    logHas(game.log, 'Song of Discord deals 7 to Acolyte');
    logHas(game.log, 'Acolyte is defeated');
    logLacks(game.log, 'a creature is added to the Horde');
  });

  it('Song of Discord on a creature that is not Human hits nobody', () => {
    const game = play({ ...PARTY, active: ['Song of Discord'], deck: ['Bear', 'Eagle', 'Wolf', ...FILLER], watch: [ability('Song of Discord', 4, 1)] });
    logLacks(game.log, 'Song of Discord deals');
  });

  it('Siren Song tames a Human or Goblin until the end of the round, then it goes to the Graveyard', () => {
    const game = play({ ...PARTY, active: ['Siren Song'], deck: ['Bear', 'Goblins', ...FILLER], watch: [ability('Siren Song', 4, 0)] });
    logHas(game.log, 'Bard tames Goblins (an attack die of 6)');
    logHas(game.log, 'Goblins leaves the party for the Graveyard');
    expect(game.names(game.state.graveyard)).toContain('Goblins');
    expect(game.state.tamed.size).toBe(0);
  });

  it('Line Dance swaps any two creatures and rerolls one unspent die', () => {
    const rerollWarrior: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.choose && Math.floor(o.die[i] / DICE_PER_SEAT) === SEAT.warrior);
    const game = play({ ...PARTY, active: ['Line Dance', 'Throw Axe'], fire: 12, horde: [], deck: ['Bear', 'Wolf', 'Eagle', ...FILLER], watch: [ability('Line Dance', 4, 0, { aux: 2 })], other: { [Decision.reroll]: [rerollWarrior] } });
    logHas(game.log, 'positions 1 and 3 change places');
    logHas(game.log, 'Warrior rerolls a die');
    expect(game.names(game.state.horde).slice(0, 3)).toEqual(['Eagle', 'Wolf', 'Bear']);
  });

  it("Line Dance's reroll offers the unspent rolled dice of those in the fight: not the camper's, not the die Line Dance took", () => {
    let offered: number[] = [];
    const readDice: Step = (view) => ((offered = Array.from(view.options.die.subarray(1, view.options.count))), 0);
    play({ ...PARTY, active: ['Line Dance', 'Throw Axe', 'Shield Bash'], fire: 12, deck: ['Bear', 'Wolf', 'Eagle', ...FILLER], watch: [ability('Line Dance', 4, 0, { aux: 2 })], other: { [Decision.reroll]: [readDice] } });
    const dice = (seat: number, from = 0) => [0, 1, 2].slice(from).map((k) => seat * DICE_PER_SEAT + k);
    expect(offered).toEqual([...dice(SEAT.warrior), ...dice(SEAT.knight), ...dice(SEAT.bard, 1)]);
  });

  it('Line Dance moves no creature behind a Lich', () => {
    // "No Ability cards can affect creature cards behind the Lich." Catches: swaps listed for any two positions.
    let lineDanceOptions = -1;
    const count: Step = (view) => {
      lineDanceOptions = 0;
      for (let i = 0; i < view.options.count; i++) if (view.options.kind[i] === OptionKind.ability && view.tables.abilities[view.state.slotCard[view.options.slot[i]]].name === 'Line Dance') lineDanceOptions++;
      return 0;
    };
    play({ ...PARTY, active: ['Line Dance'], fire: 12, deck: ['Lich', 'Bear', 'Wolf', ...FILLER], watch: [count] });
    expect(lineDanceOptions).toBe(0);
  });

  it("Song of Discord's stored damage killing the next creature revealed stops its Reveal power (the Bandit's 7 on a Vampire)", () => {
    const game = play({ ...PARTY, active: ['Song of Discord'], horde: [], deck: ['Bear', 'Bandit', 'Vampire', ...FILLER], fire: 8, watch: [ability('Song of Discord', 4, 1)] });
    logHas(game.log, 'Song of Discord deals 7 to Vampire');
    logHas(game.log, 'Vampire is defeated');
    logLacks(game.log, 'Vampire steals');
  });

  it("Song of Discord's stored damage short of the next creature's health leaves it damaged (the Bandit's 7 on a Treant of 8)", () => {
    const game = play({ ...PARTY, active: ['Song of Discord'], horde: [], deck: ['Bear', 'Bandit', 'Treant', ...FILLER], fire: 8, watch: [ability('Song of Discord', 4, 1)] });
    logHas(game.log, 'Song of Discord deals 7 to Treant');
    logLacks(game.log, 'Treant is defeated');
  });

  it("Song of Discord's stored damage does not affect a flanked Phantom Cat, the next creature revealed", () => {
    // Catches: the damage dealt to a creature immune to abilities.
    const game = play({ ...PARTY, active: ['Song of Discord'], horde: [], deck: ['Bear', 'Bandit', 'Phantom Cat', 'Eagle', ...FILLER], fire: 8, watch: [ability('Song of Discord', 4, 1)] });
    logHas(game.log, 'Bandit goes to the Horde');
    logHas(game.log, "Song of Discord's 7 cannot affect Phantom Cat");
    logLacks(game.log, 'Song of Discord deals 7 to Phantom Cat');
  });

  it('Harmonize is offered on the creatures another adventurer in the fight can attack: the ranged Cleric camping reaches none', () => {
    const harmonizedOn = (camper: string) => {
      const positions = new Set<number>();
      play({ ...PARTY, camper, fire: 12, active: ['Harmonize', 'Rebuke', 'Throw Axe', 'Shield Bash'], deck: ['Bear', 'Wolf', 'Eagle', ...FILLER], watch: [readPassiveTargets(positions)] });
      return [...positions].sort();
    };
    expect(harmonizedOn('cleric')).toEqual([0]);
    expect(harmonizedOn('knight')).toEqual([0, 1]);
  });

  it('Harmonize doubles another adventurer’s next direct attack on the creature', () => {
    const harmonizeFront: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.passive && o.target[i] === 0);
    const game = play({ ...PARTY, active: ['Harmonize', 'Throw Axe'], deck: ['Treant', ...FILLER], watch: [harmonizeFront, attack(2, 0, 'warrior'), attack(2, 0, 'warrior')] });
    logHas(game.log, 'Warrior attacks Treant with 4 (4/8)');
    logHas(game.log, 'Warrior attacks Treant with 2 (6/8)');
  });

  it('Harmonize doubles no attack of the Bard’s own', () => {
    const harmonizeFront: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.passive && o.target[i] === 0);
    const game = play({ ...PARTY, active: ['Harmonize', 'Throw Axe'], deck: ['Treant', ...FILLER], watch: [harmonizeFront, attack(4, 0, 'bard'), attack(2, 0, 'warrior')] });
    logHas(game.log, 'Bard attacks Treant with 4 (4/8)');
    logHas(game.log, 'Warrior attacks Treant with 4 (8/8)');
  });

  it('Song of Pain lets the Bard attack any revealed creature, past his melee reach', () => {
    const canHitThird = (active: string[]) => {
      let found = false;
      const look: Step = (view) => {
        found = find(view, (o, i) => o.kind[i] === OptionKind.attack && o.target[i] === 2 && Math.floor(o.die[i] / DICE_PER_SEAT) === SEAT.bard) >= 0;
        return 0;
      };
      play({ ...PARTY, active, fire: 12, deck: ['Bear', 'Wolf', 'Eagle', ...FILLER], watch: [look] });
      return found;
    };
    expect(canHitThird(['Song of Pain'])).toBe(true);
    expect(canHitThird(['Line Dance'])).toBe(false);
  });

  const refreshNothing: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.done);

  it('Multi-Talented swaps one of his cards for a card of an adventurer not in the game, in the same state', () => {
    const borrowLongShot: Step = (view) => {
      const outside = view.state.outsideAbilities;
      const longShot = outside.toArray().findIndex((id) => view.tables.abilities[id].name === 'Long Shot');
      const sirenSlot = Array.from(view.state.slotCard).findIndex((id, slot) => Math.floor(slot / 5) === SEAT.bard && view.tables.abilities[id].name === 'Siren Song');
      return ownAction(4, longShot, sirenSlot)(view);
    };
    const game = play({ ...PARTY, camper: 'bard', active: ['Line Dance', 'Throw Axe', 'Shield Bash'], exhausted: ['Siren Song'], deck: FILLER, camp: [borrowLongShot], other: { [Decision.refresh]: [refreshNothing] } });
    logHas(game.log, 'Siren Song is swapped for Long Shot');
    const names = (ids: number[]) => ids.map((id) => game.rules.tables.abilities[id].name);
    const bardSlots = [0, 1, 2, 3, 4].map((i) => SEAT.bard * 5 + i);
    const longShotSlot = bardSlots.find((slot) => game.rules.tables.abilities[game.state.slotCard[slot]].name === 'Long Shot');
    expect(longShotSlot).toBeDefined();
    expect(game.state.slotState[longShotSlot!]).toBe(Slot.exhausted);
    expect(names(game.state.outsideAbilities.toArray())).toContain('Siren Song');
    expect(names(game.state.outsideAbilities.toArray())).not.toContain('Long Shot');
  });
});

describe('choosing the Knight and the Bard', () => {
  it('needs the preproduction set', () => {
    const settings = resolveSettings(setawatch, { party: 'bard,cleric,knight,warrior', sets: 'base+preproduction' }, '--set');
    expect(settings.party).toBe('cleric,warrior,knight,bard');
    expect(() => setawatch.createEngine(settings, content, null)).not.toThrow();
    expect(() => setawatch.createEngine({ ...settings, sets: 'base' }, content, null)).toThrow(InputError);
    expect(() => resolveSettings(setawatch, { party: 'bard,cleric,knight,warrior' }, 'experiments/x.yaml')).toThrow(
      /^experiments\/x\.yaml: setting party=cleric,warrior,knight,bard: the Knight and the Bard need the preproduction set/,
    );
  });
});
