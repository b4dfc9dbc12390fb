import { describe, expect, it } from 'vitest';
import { type DecisionView, OptionKind } from '../../../src/games/setawatch/decisions.ts';
import { DICE_PER_SEAT } from '../../../src/games/setawatch/state.ts';
import { attack, ability, play, type Scenario, type Step } from './scenario.ts';

/**
 * What the Watch offers: which creatures each ability is offered on (the target rule of every card whose text names a
 * place in the Line: "in second position", "the last creature in line", "next to one you just defeated"...), and which
 * dice. The scenario files test each power once it is used; these test that it is offered exactly where its card
 * says, and nowhere else.
 */

/** Party cleric, ranger, warrior, wizard, the cleric camping: the ranger rolls 8, 7, 2; the warrior 8, 5, 4; the wizard 6, 5, 2. */
const SECOND = { camper: 'cleric', rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2] };
/** The same party with the ranger camping: the cleric watches with three 1s. An adventurer attacks only with a card face up. */
const CLERIC_WATCHES = { camper: 'ranger', rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2] };
/** The pre-production Knight (third seat, three 3s) with the cleric camping. */
const KNIGHT = { party: 'cleric,warrior,knight,bard', sets: 'base+preproduction', camper: 'cleric', rolls: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4] };
/** Party beastmaster, cleric, rogue, warrior, the cleric camping: the rogue rolls 6, 5, 2. */
const ROGUE = { party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', rolls: [8, 7, 2, 1, 1, 1, 6, 5, 2, 8, 6, 4] };
const FILLER = ['Bear#2', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant', 'Treant#2'];
/** Firewood that lights one creature, two, three. */
const LIGHTS_ONE = 3;
const LIGHTS_THREE = 12;

/**
 * The Line positions an ability is offered on (with any die, by exhausting, in any mode, or as a passive; -1 for a use
 * without a target) at the Watch decision after `before`.
 */
function offeredOn(name: string, scenario: Scenario, before: Step[] = []): number[] {
  const positions = new Set<number>();
  const readOffers: Step = (view) => {
    const o = view.options;
    for (let i = 0; i < o.count; i++) if ((o.kind[i] === OptionKind.ability || o.kind[i] === OptionKind.passive) && view.tables.abilities[view.state.slotCard[o.slot[i]]].name === name) positions.add(o.target[i]);
    return 0;
  };
  play({ ...scenario, watch: [...before, readOffers] });
  return [...positions].sort((a, b) => a - b);
}

describe('abilities are offered on the creatures their cards name, and no others', () => {
  it('Throw Axe: the creature in second position, once it is revealed', () => {
    const scenario = { ...SECOND, active: ['Throw Axe'], deck: ['Bear', 'Treant', 'Eagle', ...FILLER] };
    expect(offeredOn('Throw Axe', { ...scenario, fire: LIGHTS_THREE })).toEqual([1]);
    expect(offeredOn('Throw Axe', { ...scenario, fire: LIGHTS_ONE })).toEqual([]);
  });

  it('Chaos Blast: a revealed creature with a revealed creature behind it (the pair it defeats)', () => {
    const scenario = { ...SECOND, active: ['Chaos Blast'], deck: ['Bear', 'Treant', 'Eagle', ...FILLER] };
    expect(offeredOn('Chaos Blast', { ...scenario, fire: LIGHTS_THREE })).toEqual([0, 1]);
    expect(offeredOn('Chaos Blast', { ...scenario, fire: LIGHTS_ONE })).toEqual([]);
  });

  it('Curse: a creature with an attack die on it, the first seat’s die as well as any other', () => {
    const scenario = { ...CLERIC_WATCHES, active: ['Curse', 'Rebuke'], fire: LIGHTS_THREE, deck: ['Bear', 'Treant', 'Eagle', ...FILLER] };
    expect(offeredOn('Curse', scenario)).toEqual([]);
    expect(offeredOn('Curse', scenario, [attack(1, 0, 'cleric')])).toEqual([0]);
  });

  it('Animal Sentry: the last creature in line only', () => {
    const scenario = { party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', rolls: [8, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4], fire: LIGHTS_THREE };
    const line = { ...scenario, active: ['Hunt', 'Animal Sentry'], graveyard: ['Bear'], deck: ['Eagle', ...FILLER] };
    expect(offeredOn('Animal Sentry', line, [ability('Hunt', 2, 0)])).toEqual([5]);
  });

  it('Berserker: a revealed creature of lesser health in the defeated creature’s place or in front of it', () => {
    // Eagle 3, Bear 4, Wolf 4: the ranger's 8 defeats the Bear in second position, and the Wolf moves into its place.
    const scenario = { ...SECOND, active: ['Berserker', 'Far Sight'], fire: LIGHTS_THREE, deck: ['Eagle', 'Bear', 'Wolf', ...FILLER] };
    expect(offeredOn('Berserker', scenario)).toEqual([]);
    expect(offeredOn('Berserker', scenario, [attack(8, 1, 'ranger')])).toEqual([0]); // the Wolf, of equal health, is not lesser
  });

  it('Taunt: a revealed creature not already in first position (RULES.md, the Knight)', () => {
    const scenario = { ...KNIGHT, active: ['Taunt'], fire: LIGHTS_THREE, deck: ['Bear', 'Eagle', 'Wolf', ...FILLER] };
    expect(offeredOn('Taunt', scenario)).toEqual([1, 2]);
  });

  it('Shield Bash: only while the first two creatures are revealed', () => {
    const scenario = { ...KNIGHT, active: ['Shield Bash'], deck: ['Treant', 'Eagle', ...FILLER] };
    expect(offeredOn('Shield Bash', { ...scenario, fire: 8 })).toEqual([-1]);
    expect(offeredOn('Shield Bash', { ...scenario, fire: LIGHTS_ONE })).toEqual([]);
  });
});

describe('an ability whose effect would do nothing now is not offered', () => {
  it('Cleanse Undead: only while a revealed Undead is in the Line', () => {
    const scenario = { ...CLERIC_WATCHES, active: ['Cleanse Undead'], fire: LIGHTS_THREE };
    expect(offeredOn('Cleanse Undead', { ...scenario, deck: ['Bear', 'Treant', 'Eagle', ...FILLER] })).toEqual([]);
    expect(offeredOn('Cleanse Undead', { ...scenario, deck: ['Bear', 'Skeletons', 'Eagle', ...FILLER] })).toEqual([-1]);
  });

  it('Giants Bane: not again once it is in force this round', () => {
    const scenario = { ...SECOND, active: ['Giants Bane'], fire: LIGHTS_THREE, deck: ['Bear', 'Treant', 'Eagle', ...FILLER] };
    expect(offeredOn('Giants Bane', scenario)).toEqual([-1]);
    expect(offeredOn('Giants Bane', scenario, [ability('Giants Bane', 4)])).toEqual([]);
  });

  it('Poison Blade: not again while its two poisoned attacks are still to come', () => {
    const scenario = { ...ROGUE, active: ['Poison Blade'], fire: LIGHTS_THREE, deck: ['Treant', 'Skeletons', 'Eagle', ...FILLER] };
    expect(offeredOn('Poison Blade', scenario, [ability('Poison Blade', 2), attack(6, 0, 'rogue')])).toEqual([]);
    expect(offeredOn('Poison Blade', scenario, [ability('Poison Blade', 2), attack(6, 0, 'rogue'), attack(5, 0, 'rogue')])).toEqual([-1]);
  });

  it('Throwing Daggers: not once it has nothing to reveal and the Rogue no die to raise', () => {
    // The Lich (health 14) alone lit: an ability may not reveal behind it (lichReveals=blocked), and 6 + 5 + 2 leave it standing.
    const scenario = { ...ROGUE, active: ['Throwing Daggers'], fire: LIGHTS_ONE, deck: ['Lich', 'Bear', 'Eagle', ...FILLER] };
    expect(offeredOn('Throwing Daggers', scenario, [attack(6, 0, 'rogue'), attack(5, 0, 'rogue')])).toEqual([-1]);
    expect(offeredOn('Throwing Daggers', scenario, [attack(6, 0, 'rogue'), attack(5, 0, 'rogue'), attack(2, 0, 'rogue')])).toEqual([]);
  });

  it('Harmonize: only on a creature another adventurer in the fight can attack, not one only the Bard reaches', () => {
    // Song of Pain lets the Bard attack any revealed creature; the Warrior and the Knight reach the front only.
    const scenario = { ...KNIGHT, active: ['Harmonize', 'Song of Pain', 'Wound', 'Taunt'], fire: LIGHTS_THREE, deck: ['Bear', 'Eagle', 'Wolf', ...FILLER] };
    expect(offeredOn('Harmonize', scenario)).toEqual([0]);
  });
});

/** The values of the dice of `seat` offered for a direct attack on the creature at `position`, one entry per option. */
function attackDiceOffered(view: DecisionView, seat: number, position: number): number[] {
  const o = view.options;
  const values: number[] = [];
  for (let i = 0; i < o.count; i++) if (o.kind[i] === OptionKind.attack && o.target[i] === position && Math.floor(o.die[i] / DICE_PER_SEAT) === seat) values.push(view.state.dieValue[o.die[i]]);
  return values.sort((a, b) => a - b);
}

/** Reads the attack dice offered at one Watch decision into `into`, then takes `next`. */
const readAttackDice = (seat: number, into: number[][], next: Step): Step => (view) => (into.push(attackDiceOffered(view, seat, 0)), next(view));

describe('dice of equal value are offered once (they are interchangeable), and only while they are', () => {
  const RANGER = 1;
  const BEASTMASTER = 0;
  const twoEights = { camper: 'cleric', rolls: [1, 1, 1, 8, 8, 2, 8, 5, 4, 6, 5, 2], active: ['Far Sight'], deck: ['Treant', 'Bear', ...FILLER] };

  it('two 8s are one option per target; with one spent, the other is still offered', () => {
    const offered: number[][] = [];
    play({ ...twoEights, watch: [readAttackDice(RANGER, offered, attack(8, 0, 'ranger')), readAttackDice(RANGER, offered, () => 0)] });
    expect(offered).toEqual([[2, 8], [2, 8]]);
  });

  it('a tamed creature’s die is not interchangeable with a rolled die of the same value: both are offered', () => {
    // The Beast Master rolls 4, 7, 2 and tames the Wolf (health 4) with the 2.
    const scenario = { party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', rolls: [4, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4], active: ['Tame Beast'], deck: ['Wolf', 'Treant', ...FILLER] };
    const offered: number[][] = [];
    play({ ...scenario, watch: [ability('Tame Beast', 2, 0), readAttackDice(BEASTMASTER, offered, () => 0)] });
    expect(offered).toEqual([[4, 4, 7]]);
  });
});
