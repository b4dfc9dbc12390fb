import { describe, expect, it } from 'vitest';
import { content } from './scenario.ts';

/**
 * The printed creature cards (shared/reference/setawatch-cards.md, section 1: the 18 creatures in two copies each, the
 * 2 Acolytes, the 4 Summon! cards) against the card file: name, type, damage, both health lines, and the timings of
 * their powers.
 */

/**
 * Transcribed from the reference's table, one card a line: "name | type | damage | health A/B | timings", the timings
 * as the printed text starts its powers (Reveal:, First position:, Ongoing:, Defeated:). A printed "*" health (Fire
 * Serpent, Shade: the text gives it) is written *. Skeletons' "If ... on top of the Graveyard at end of round" is the
 * end of round; the Summon's "Immediately" is its Reveal (the rulebook: "Summon always triggers on reveal").
 */
const PRINTED_CREATURES = `
Bear | Forest Creature | 1 | 4/5 | -
Eagle | Forest Creature | 1 | 3/4 | -
Wolf | Forest Creature | 1 | 4/5 | -
Forest Giant | Giant | 2 | 7/8 | ongoing
Fae | Fairy | 1 | 5/6 | first
Ember Drake | Dragon | 3 | 11/12 | first
Fell Beast | Fire Demon | 2 | 10/11 | first
Goblins | Goblin | 1 | 6/7 | reveal
Wyvern | Dragon | 2 | 6/7 | first
Bandit | Human | 1 | 7/7 | first
Metal Golem | Golem | 2 | 8/8 | ongoing
Skeletons | Undead | 1 | 8/9 | endOfRound
Vampire | Undead | 1 | 1/1 | reveal
Zombie Horde | Undead | 1 | 7/8 | ongoing
Treant | Earth Elemental | 1 | 8/9 | defeated
Fire Serpent | Fire Elemental | 1 | */* | ongoing
Shade | Shadow Elemental | 1 | */* | ongoing
Graveshifter | Undead | 1 | 2/3 | reveal
Acolyte | Human | 1 | 6/7 | reveal,first
Summon! | - | 0 | 0/0/0/0 | reveal
`;

const printed = PRINTED_CREATURES.trim()
  .split('\n')
  .map((line) => {
    const [name, type, damage, health, timings] = line.split(' | ');
    return {
      name,
      type: type === '-' ? undefined : type,
      damage: Number(damage),
      // "*" is no number on the card: the file holds 0 and gives the health by the card's Ongoing power.
      health: health.split('/').map((h) => (h === '*' ? 0 : Number(h))),
      timings: timings === '-' ? [] : timings.split(','),
    };
  });
const filed = (name: string) => content.creatures.find((c) => c.name === name);

describe('the creature cards against the printed cards', () => {
  it('every creature, Acolyte and Summon: name, type, damage and each copy health as printed, in the printed order', () => {
    const base = content.creatures.filter((c) => (c.set ?? 'base') === 'base');
    expect(base.map((c) => ({ name: c.name, type: c.type, damage: c.damage, health: c.health }))).toEqual(printed.map(({ name, type, damage, health }) => ({ name, type, damage, health })));
  });

  it('42 creature cards: 18 creatures in two copies, 2 Acolytes, 4 Summons', () => {
    const base = content.creatures.filter((c) => (c.set ?? 'base') === 'base');
    expect(base.reduce((sum, c) => sum + c.health.length, 0)).toBe(42);
    expect(base.filter((c) => c.kind === undefined || c.kind === 'creature').map((c) => c.health.length)).toEqual(Array(18).fill(2));
    expect(base.filter((c) => c.kind === 'acolyte').map((c) => [c.name, c.health.length])).toEqual([['Acolyte', 2]]);
    expect(base.filter((c) => c.kind === 'summon').map((c) => [c.name, c.health.length])).toEqual([['Summon!', 4]]);
  });

  it("the reference's totals by type across the 36 creatures", () => {
    const count: Record<string, number> = {};
    for (const c of content.creatures.filter((c) => (c.set ?? 'base') === 'base' && (c.kind === undefined || c.kind === 'creature'))) count[c.type ?? ''] = (count[c.type ?? ''] ?? 0) + c.health.length;
    expect(count).toEqual({
      'Forest Creature': 6,
      Undead: 8,
      Dragon: 4,
      Giant: 2,
      Fairy: 2,
      'Fire Demon': 2,
      Goblin: 2,
      Human: 2,
      Golem: 2,
      'Earth Elemental': 2,
      'Fire Elemental': 2,
      'Shadow Elemental': 2,
    });
  });

  it.each(printed.map((p) => [p.name, p.timings] as const))('%s: its powers fire at the printed timings %j', (name, timings) => {
    const card = filed(name);
    expect(card, name).toBeDefined();
    expect([...new Set((card?.powers ?? []).map((p) => p.when))].sort()).toEqual([...timings].sort());
  });

  it("the numbers in the powers' texts as printed", () => {
    const effects = (name: string, when: string) => filed(name)?.powers?.filter((p) => p.when === when).flatMap((p) => p.effects);
    // "First position: fire -1." / "fire -3." / "exhaust an Ability card and fire -3."
    expect(effects('Fae', 'first')).toEqual([{ op: 'fire', amount: -1 }]);
    expect(effects('Wyvern', 'first')).toEqual([{ op: 'fire', amount: -3 }]);
    expect(effects('Ember Drake', 'first')).toEqual([
      { op: 'exhaust', count: 1 },
      { op: 'fire', amount: -3 },
    ]);
    // "draw a creature and place it in front of Fell Beast (activates only once)"
    expect(effects('Fell Beast', 'first')).toEqual([{ op: 'drawInFront', count: 1 }]);
    expect(filed('Fell Beast')?.powers?.[0].once).toBe(true);
    // "Defeated: fire +2."
    expect(effects('Treant', 'defeated')).toEqual([{ op: 'fire', amount: 2 }]);
    // "base health = current firewood" / "base health = 16 - current firewood"
    expect(effects('Fire Serpent', 'ongoing')).toEqual([{ op: 'healthFromFire', sign: 1, offset: 0 }]);
    expect(effects('Shade', 'ongoing')).toEqual([{ op: 'healthFromFire', sign: -1, offset: 16 }]);
    // "Reveal: draw a creature and add it to the Horde."
    expect(effects('Acolyte', 'reveal')).toEqual([{ op: 'drawToHorde', count: 1 }]);
    // "steals one available die of the party's choosing" / "steal the highest available die; its value becomes ... base health"
    expect(effects('Bandit', 'first')).toEqual([{ op: 'stealDie', pick: 'party', setsHealth: false }]);
    expect(effects('Vampire', 'reveal')).toEqual([{ op: 'stealDie', pick: 'highest', setsHealth: true }]);
  });
});
