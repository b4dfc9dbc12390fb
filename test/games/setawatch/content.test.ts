import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { provenance, setawatchContentSchema, type SetawatchContent } from '../../../src/games/setawatch/content.ts';
import { refusal } from '../../fixtures/content-refusal.ts';
import { InputError } from '../../../src/core/errors.ts';
import { CardTables } from '../../../src/games/setawatch/cards.ts';

const shipped = JSON.parse(readFileSync(new URL('../../../content/setawatch/base.json', import.meta.url), 'utf8')) as unknown;

function parse(json: unknown): SetawatchContent {
  return setawatchContentSchema.parse(json);
}

const cardsOf = (content: SetawatchContent, set: string) => ({
  creatures: content.creatures.filter((c) => c.set === set).reduce((total, c) => total + c.health.length, 0),
  unhallowed: content.unhallowed.filter((c) => c.set === set).length,
  locations: content.locations.filter((c) => c.set === set).length,
  adventurers: content.adventurers.filter((c) => c.set === set).length,
  abilities: content.abilities.filter((c) => c.set === set).length,
});

describe('setawatch content file', () => {
  const content = parse(shipped);

  it('holds every base card', () => {
    expect(cardsOf(content, 'base')).toEqual({ creatures: 42, unhallowed: 9, locations: 20, adventurers: 6, abilities: 30 });
    const base = content.locations.filter((l) => l.set === 'base');
    expect(base.filter((l) => l.kind === 'regular')).toHaveLength(15);
    expect(base.filter((l) => l.kind === 'final').map((l) => l.name)).toEqual(['Forbidden Tower']);
    expect(base.filter((l) => l.kind === 'respite')).toHaveLength(4);
    const summons = content.creatures.find((c) => c.kind === 'summon');
    const acolytes = content.creatures.find((c) => c.kind === 'acolyte');
    expect(summons?.health).toHaveLength(4);
    expect(acolytes?.health).toHaveLength(2);
  });

  it('holds the optional sets', () => {
    expect(cardsOf(content, 'preproduction')).toEqual({ creatures: 0, unhallowed: 4, locations: 0, adventurers: 2, abilities: 10 });
    expect(cardsOf(content, 'extra-locations').locations).toBe(11);
  });

  it('gives every adventurer five ability cards, one of them passive', () => {
    for (const adventurer of content.adventurers) {
      const cards = content.abilities.filter((a) => a.adventurer === adventurer.id);
      expect(cards, adventurer.id).toHaveLength(5);
      expect(cards.filter((a) => a.passive).length, adventurer.id).toBeGreaterThanOrEqual(1);
    }
  });

  it("names every adventurer's own camp action as printed, the name its board text starts with", () => {
    expect(content.adventurers.map((a) => a.camp.name)).toEqual(['Set Trap', 'Heal', 'Elven Scout', 'Prepared', 'Wood Axe', 'Teleport', 'Assist', 'Multi-Talented']);
    for (const adventurer of content.adventurers) expect(adventurer.text?.startsWith(`${adventurer.camp.name}: `), adventurer.id).toBe(true);
  });

  it('counts provenance card by card, over the sets any cell plays', () => {
    const counted = provenance(content, [{ sets: 'base+preproduction+extra-locations' }]);
    const total = Object.values(counted.bySource).reduce((a, b) => a + b, 0);
    expect(total).toBe(counted.cards);
    expect(counted.cards).toBe(42 + 13 + 31 + 8 + 40);
    // The six base adventurer boards are known only from the pre-production scans.
    expect(counted.bySource['pre-production']).toBe(4 + 2 + 10 + 6);
    const base = provenance(content, [{ sets: 'base' }]);
    expect(base.bySource['pre-production']).toBe(6);
    expect(content.adventurers.filter((a) => a.source === 'printed')).toEqual([]);
    expect(base.cards).toBe(42 + 9 + 20 + 6 + 30);
    expect(provenance(content, [{ sets: 'base' }, { sets: 'base+extra-locations' }]).cards).toBe(base.cards + 11);
  });

  it('rejects a power at the wrong timing and an unknown effect', () => {
    const bad = structuredClone(shipped) as { creatures: { powers?: unknown[] }[] };
    bad.creatures[4].powers = [{ when: 'reveal', effects: [{ op: 'shieldNext' }] }];
    expect(() => parse(bad)).toThrow(/shieldNext.{0,2} cannot be a .{0,2}reveal/);
    bad.creatures[4].powers = [{ when: 'reveal', effects: [{ op: 'explode' }] }];
    expect(() => parse(bad)).toThrow();
    bad.creatures[4].powers = [{ when: 'reveal', effects: [{ op: 'fire', amount: -1 }], once: true }];
    expect(() => parse(bad)).toThrow(/only a .{0,2}first.{0,2} power can be .{0,2}once/);
  });

  it('refuses an effect at a timing where the engine would do nothing with it, naming the timing and what it allows', () => {
    const bad = structuredClone(shipped) as { creatures: { name: string; powers?: unknown[] }[]; unhallowed: { powers?: unknown[] }[] };
    bad.creatures[4].powers = [{ when: 'defeated', effects: [{ op: 'fire', amount: 1 }, { op: 'drawInFront', count: 1 }] }];
    expect(refusal(setawatchContentSchema, bad)).toBe(
      `field creatures[4] (Fae).powers[0].effects[1].op: effect "drawInFront" cannot be a "defeated" power (allowed: fire, exhaust, returnToBack)`,
    );
    bad.creatures[4].powers = [{ when: 'reveal', effects: [{ op: 'restartLine' }] }];
    expect(refusal(setawatchContentSchema, bad)).toMatch(/effect "restartLine" cannot be a "reveal" power \(allowed: fire, .*, summon\)$/);
    bad.creatures[4].powers = [{ when: 'endOfRound', effects: [{ op: 'returnToBack' }] }];
    expect(refusal(setawatchContentSchema, bad)).toMatch(/effect "returnToBack" cannot be a "endOfRound" power \(allowed: restartLine\)$/);
  });

  it('refuses a summon effect on any card but a Summon card', () => {
    const bad = structuredClone(shipped) as { creatures: { powers?: unknown[] }[]; unhallowed: { powers?: unknown[] }[] };
    bad.creatures[4].powers = [{ when: 'reveal', effects: [{ op: 'summon' }] }];
    expect(refusal(setawatchContentSchema, bad)).toBe(`field creatures[4] (Fae).powers[0].effects[0].op: a summon effect does nothing here: only a Summon card summons`);
    bad.creatures[4].powers = [];
    bad.unhallowed[1].powers = [{ when: 'reveal', effects: [{ op: 'summon' }] }];
    expect(refusal(setawatchContentSchema, bad)).toMatch(/^field unhallowed\[1\] \(Lich\)\.powers\[0\]\.effects\[0\]\.op: a summon effect does nothing here/);
  });

  it("refuses a Summon card's powers that would never fire: Reveal effects beside summon, First position, End of Line, Defeated", () => {
    type File = { creatures: { kind?: string; powers?: unknown[] }[] };
    const summonIndex = (shipped as File).creatures.findIndex((card) => card.kind === 'summon');
    const withPowers = (powers: unknown[]) => {
      const file = structuredClone(shipped) as File;
      file.creatures[summonIndex].powers = powers;
      return file;
    };
    const field = `field creatures[${summonIndex}] (Summon!).powers`;
    expect(refusal(setawatchContentSchema, withPowers([{ when: 'reveal', effects: [{ op: 'summon' }, { op: 'fire', amount: -1 }] }]))).toBe(
      `${field}[0].effects[1].op: effect "fire" does nothing on a Summon card, which summons when revealed (its Reveal takes only "summon")`,
    );
    for (const when of ['first', 'endOfLine', 'defeated']) {
      expect(refusal(setawatchContentSchema, withPowers([{ when: 'reveal', effects: [{ op: 'summon' }] }, { when, effects: [{ op: 'fire', amount: -1 }] }]))).toBe(
        `${field}[1].effects[0].op: a "${when}" power does nothing on a Summon card, which never stands revealed in the Line`,
      );
    }
    const endOfRound = { when: 'endOfRound', effects: [{ op: 'restartLine' }] };
    expect(() => parse(withPowers([{ when: 'reveal', effects: [{ op: 'summon' }] }, endOfRound]))).not.toThrow();
  });

  it('rejects a passive effect on an activated ability', () => {
    const bad = structuredClone(shipped) as { abilities: { passive?: boolean }[] };
    bad.abilities[4].passive = false;
    expect(() => parse(bad)).toThrow(/cannot be on a activated ability/);
  });

  it('refuses a second adventurer board of an id (the party and the ability cards name it), naming both entries', () => {
    const bad = structuredClone(shipped) as { adventurers: { id: string; die: number }[] };
    const ranger = bad.adventurers.findIndex((a) => a.id === 'ranger');
    bad.adventurers.push({ ...bad.adventurers[ranger], die: 8 });
    expect(refusal(setawatchContentSchema, bad)).toBe(
      `field adventurers[8] (Ranger).id: "ranger" is already adventurers[${ranger}]'s id; the party and the ability cards name adventurers by id`,
    );
  });

  it('takes creatures, Unhallowed and locations that repeat a name: nothing looks them up by name, each entry is its own cards', () => {
    const repeated = structuredClone(shipped) as Record<'creatures' | 'unhallowed' | 'locations', unknown[]>;
    for (const list of ['creatures', 'unhallowed', 'locations'] as const) repeated[list].push(repeated[list][0]);
    const content = parse(repeated);
    expect(content.creatures.filter((c) => c.name === content.creatures[0].name)).toHaveLength(2);
  });

  describe('a card file the game cannot be played with is refused with one line naming what is wrong', () => {
    const party = ['cleric', 'ranger', 'warrior', 'wizard'];
    const tablesOf = (json: unknown) => () => new CardTables(parse(json), ['base'], party);
    type Editable = { adventurers: { id: string }[]; abilities: { adventurer: string }[]; creatures: { type?: string }[] };

    it('an adventurer of the party missing from the file', () => {
      const bad = structuredClone(shipped) as Editable;
      bad.adventurers = bad.adventurers.filter((a) => a.id !== 'wizard');
      bad.abilities = bad.abilities.filter((a) => a.adventurer !== 'wizard');
      expect(tablesOf(bad)).toThrow(new InputError('party: adventurer "wizard" is not in the content file'));
    });

    it('an adventurer with fewer than 3 ability cards (3 are dealt): the schema refuses the file', () => {
      const bad = structuredClone(shipped) as Editable;
      let wizardCards = 0;
      bad.abilities = bad.abilities.filter((a) => a.adventurer !== 'wizard' || ++wizardCards <= 2);
      expect(refusal(setawatchContentSchema, bad)).toBe('field (root): adventurer wizard needs at least 3 ability cards, has 2');
    });

    it('no Summon card, or no final location in the base set: the schema refuses the file', () => {
      type Kinds = { creatures: { kind?: string }[]; locations: { kind: string; set?: string }[] };
      const noSummon = structuredClone(shipped) as Kinds;
      noSummon.creatures = noSummon.creatures.filter((card) => card.kind !== 'summon');
      expect(refusal(setawatchContentSchema, noSummon)).toBe('field (root): there must be a summon card');
      const noFinal = structuredClone(shipped) as Kinds;
      // Left out: the Forbidden Tower, the base set's final location (a card that names no set is in the base set).
      noFinal.locations = noFinal.locations.filter((card) => card.kind !== 'final' || card.set !== undefined);
      expect(refusal(setawatchContentSchema, noFinal)).toBe('field (root): the base set needs a final location');
    });

    it("a power naming a creature type no creature has, with the types there are (or that there are none)", () => {
      type Powered = { name: string; type?: string; powers?: { effects: { type?: string }[] }[] };
      type Typed = { creatures: Powered[]; unhallowed: Powered[] };
      const misspelt = structuredClone(shipped) as Typed;
      const werewolf = misspelt.unhallowed.findIndex((card) => card.name === 'Werewolf');
      misspelt.unhallowed[werewolf].powers![0].effects[0].type = 'Forest Creatre';
      const refused = refusal(setawatchContentSchema, misspelt);
      expect(refused).toMatch(new RegExp(`^field unhallowed\\[${werewolf}\\] \\(Werewolf\\)\\.powers\\[0\\]\\.effects\\[0\\]\\.type: "Forest Creatre" is no creature's type; the types are ("[^"]+", )+"[^"]+"$`));
      expect(refused).toContain('"Forest Creature"');
      const untyped = structuredClone(shipped) as Typed;
      for (const card of untyped.creatures) delete card.type;
      expect(refusal(setawatchContentSchema, untyped)).toMatch(/: "[^"]+" is no creature's type; no creature has a type$/);
    });

    it('more than 31 creature types (a type is a bit of a 32-bit mask)', () => {
      const bad = structuredClone(shipped) as Editable;
      bad.creatures.push(...Array.from({ length: 32 }, (_, i) => ({ ...bad.creatures[0], type: `Type ${i}` })));
      expect(tablesOf(bad)).toThrow(new InputError('content: more than 31 creature types'));
    });
  });
});
