import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doomedrunContentSchema, provenance } from '../../../src/games/doomedrun/content.ts';
import { RUN_JSON_TEXT } from '../../../src/games/doomedrun/make-content.ts';
import { RunTables } from '../../../src/games/doomedrun/state.ts';
import { content } from './helpers.ts';
import { refusal, refusalOfChanged } from '../../fixtures/content-refusal.ts';

const base = JSON.parse(readFileSync(new URL('../../../content/setawatch/base.json', import.meta.url), 'utf8')) as {
  creatures: { name: string; damage: number; health: number[] }[];
  unhallowed: { name: string; damage: number; health: number }[];
  locations: { name: string; fire: number | string; line: number }[];
};

/** The rulebook's Realm lists spell a few base-game cards differently from the printed cards. */
const ALIAS: Record<string, string> = { Bandits: 'Bandit', 'Grand Arena': 'The Grand Arena', 'Long Road': 'The Long Road', Catacombs: 'The Catacombs', 'White Monolith': 'The White Monolith' };
const printedName = (name: string) => ALIAS[name] ?? name;

describe('Doomed Run content', () => {
  it('is what make-content.ts writes from base.json, so a fix to a base card reaches the campaign', () => {
    expect(readFileSync(new URL('../../../content/doomedrun/run.json', import.meta.url), 'utf8')).toBe(RUN_JSON_TEXT);
  });


  it('has the seven Realm lists of the rulebook: Doom, 8 Unhallowed, the Final Location', () => {
    expect(content.realms.map((r) => r.doom)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(content.realms.map((r) => r.unhallowed.length)).toEqual([8, 8, 8, 8, 8, 8, 8]);
    expect(content.realms.map((r) => r.final)).toEqual(['Forbidden Tower', 'Tower Ruins', 'Broken Altar', 'House of the Unhallowed', 'Catacombs', 'Deadly Stairs', "Acolyte's Spire"]);
    expect(content.realms.map((r) => r.locations.length)).toEqual([12, 12, 12, 13, 14, 15, 16]);
    expect(content.realms[0].creatures.reduce((n, c) => n + c.copies, 0)).toBe(30);
    expect(content.realms[3].creatures.find((c) => c.name === 'Harpy')?.copies).toBe(4);
    expect(content.realms[6].graveyard).toEqual([{ name: 'Husks', copies: 4 }]);
  });

  it("numbers the Side Quests within each Realm once each, the printed Berserker Defender as its R1-2", () => {
    expect(content.sideQuests.find((quest) => quest.name === 'Berserker Defender')).toMatchObject({ realm: 1, number: 2 });
    const numbers = content.sideQuests.map((quest) => `R${quest.realm}-${quest.number}`);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('copies base-game cards with their printed values', () => {
    for (const card of content.creatures.filter((c) => c.from === 'Set a Watch')) {
      const printed = base.creatures.find((b) => b.name === printedName(card.name));
      expect(printed, card.name).toBeDefined();
      expect([card.damage, card.health]).toEqual([printed?.damage, printed?.health]);
    }
    for (const card of content.unhallowed.filter((c) => c.from === 'Set a Watch')) {
      const printed = base.unhallowed.find((b) => b.name === printedName(card.name));
      expect([card.damage, card.health]).toEqual([printed?.damage, printed?.health]);
    }
    for (const card of content.locations.filter((c) => c.from === 'Set a Watch')) {
      const printed = base.locations.find((b) => b.name === printedName(card.name));
      expect([card.fire, card.line]).toEqual([printed?.fire, printed?.line]);
    }
  });

  it('marks every card from the expansions, Doomed Run and the campaign decks as estimated, but the Knight and the Bard', () => {
    const preproduction = (card: { name: string; adventurer?: string }) => ['Knight', 'Bard'].includes(card.name) || ['knight', 'bard'].includes(card.adventurer ?? '');
    for (const card of [...content.creatures, ...content.unhallowed, ...content.locations, ...content.adventurers, ...content.abilities]) {
      if (preproduction(card)) expect(card.source, card.name).toBe('pre-production');
      else if (card.from !== 'Set a Watch') expect(card.source, card.name).toBe('estimated');
      else expect(card.source, card.name).not.toBe('estimated');
    }
    for (const card of [...content.items, ...content.mythicItems]) expect(card.source).toBe('estimated');
    expect(content.sideQuests).toHaveLength(50);
    expect(content.sideQuests.filter((q) => q.source !== 'estimated').map((q) => q.name)).toEqual(['Berserker Defender']);
    expect(content.adventurers).toHaveLength(25);
    expect(content.summons.reduce((n, s) => n + s.copies, 0)).toBe(8);
  });

  it('keeps what is known of the new adventurers: the pre-production Knight and Bard, the Royal at range, the Barbarian’s d12s', () => {
    const board = (id: string) => content.adventurers.find((a) => a.id === id)!;
    expect([board('knight').die, board('knight').range, board('knight').camp.op]).toEqual([8, 'melee', 'assist']);
    expect([board('bard').die, board('bard').range, board('bard').camp.op]).toEqual([6, 'melee', 'multiTalented']);
    expect(content.abilities.filter((a) => a.adventurer === 'knight').map((a) => a.name)).toEqual(['Shield Bash', 'Magic Sword', 'Taunt', 'Dragon Lance', 'Inspire']);
    expect(board('royal').range).toBe('ranged');
    expect(board('barbarian').die).toBe(12);
  });

  it("copies the base boards' camp actions with their printed names; an estimated board's has none (the log describes it)", () => {
    const named = Object.fromEntries(content.adventurers.filter((a) => a.camp.name !== undefined).map((a) => [a.id, a.camp.name]));
    expect(named).toEqual({ beastmaster: 'Set Trap', cleric: 'Heal', ranger: 'Elven Scout', rogue: 'Prepared', warrior: 'Wood Axe', wizard: 'Teleport', knight: 'Assist', bard: 'Multi-Talented' });
    for (const adventurer of content.adventurers) if (adventurer.camp.name === undefined) expect(adventurer.source, adventurer.id).toBe('estimated');
  });

  it('scales estimated creatures and Unhallowed with the Realm', () => {
    const tables = new RunTables(content);
    const mean = (ids: readonly number[]) => ids.reduce((n, id) => n + tables.cards.health[id], 0) / ids.length;
    const estimated = tables.realms.map((r) => mean(r.creatures.filter((id) => tables.cardEstimated[id] === 1)));
    expect(estimated[6]).toBeGreaterThan(estimated[0]);
    const unhallowed = tables.realms.map((r) => mean(r.unhallowed.filter((id) => tables.cardEstimated[id] === 1)));
    expect(unhallowed[6]).toBeGreaterThan(unhallowed[0]);
  });

  it('rejects a passive effect on an activated ability, as Set a Watch does', () => {
    const raw = JSON.parse(readFileSync(new URL('../../../content/doomedrun/run.json', import.meta.url), 'utf8')) as { abilities: { passive?: boolean }[] };
    const passive = raw.abilities.findIndex((a) => a.passive === true);
    raw.abilities[passive].passive = false;
    expect(() => doomedrunContentSchema.parse(raw)).toThrow(/cannot be on a activated ability/);
  });

  it('refuses a Realm of fewer than 8 locations: its Map deck is two stacks of 4 over the rest', () => {
    const run = runFile();
    run.realms[0].locations.splice(7);
    expect(refusal(doomedrunContentSchema, run)).toMatch(/^field realms\[0\]\.locations: .*8/);
  });

  it("refuses a summon effect on a creature and an effect at a timing where it does nothing, as Set a Watch does", () => {
    const raw = JSON.parse(readFileSync(new URL('../../../content/doomedrun/run.json', import.meta.url), 'utf8')) as { creatures: { name: string; powers?: unknown[] }[] };
    raw.creatures[0].powers = [{ when: 'reveal', effects: [{ op: 'summon' }] }];
    expect(refusal(doomedrunContentSchema, raw)).toBe(`field creatures[0] (${raw.creatures[0].name}).powers[0].effects[0].op: a summon effect does nothing here: only a Summon card summons`);
    raw.creatures[0].powers = [{ when: 'defeated', effects: [{ op: 'stealDie', pick: 'highest' }] }];
    expect(refusal(doomedrunContentSchema, raw)).toMatch(/effect "stealDie" cannot be a "defeated" power \(allowed: fire, exhaust, returnToBack\)$/);
  });

  type Named = { name: string; damage?: number; adventurer?: string; copies?: number; kind?: string; tier?: number };
  type RunFile = Record<'creatures' | 'summons' | 'unhallowed' | 'locations' | 'adventurers' | 'abilities' | 'wardens' | 'mythicItems', (Named & { id?: string })[]> & {
    realms: { realm: number; creatures: Named[]; graveyard: Named[]; unhallowed: string[]; locations: string[]; final: string }[];
    startingCompany: string[];
  };
  const runFile = () => JSON.parse(readFileSync(new URL('../../../content/doomedrun/run.json', import.meta.url), 'utf8')) as RunFile;
  const bandits = content.creatures.findIndex((c) => c.name === 'Bandits');
  const lastOf = (list: keyof RunFile) => content[list].length;

  it.each<[string, (run: RunFile) => void, string]>([
    [
      'a second creature of a name, with other damage',
      (run) => run.creatures.push({ ...run.creatures[bandits], damage: 1 }),
      `field creatures[${lastOf('creatures')}] (Bandits).name: "Bandits" is already creatures[${bandits}]'s name; Creatures, Summons and Unhallowed share one name space; the Realm lists name them`,
    ],
    [
      'an Unhallowed named as a creature (one table holds both)',
      (run) => (run.unhallowed[2].name = 'Bandits'),
      `field unhallowed[2] (Bandits).name: "Bandits" is already creatures[${bandits}]'s name; Creatures, Summons and Unhallowed share one name space; the Realm lists name them`,
    ],
    [
      'a second location of a name',
      (run) => run.locations.push(run.locations[3]),
      `field locations[${lastOf('locations')}] (${content.locations[3].name}).name: "${content.locations[3].name}" is already locations[3]'s name; the Realm lists name them`,
    ],
    ['a second adventurer of an id', (run) => (run.adventurers[4].id = run.adventurers[2].id), `field adventurers[4] (${content.adventurers[4].name}).id: "${content.adventurers[2].id}" is already adventurers[2]'s id`],
    [
      'a second Warden card of an adventurer',
      (run) => run.wardens.push({ ...run.wardens[1] }),
      `field wardens[${lastOf('wardens')}].adventurer: "${content.wardens[1].adventurer}" is already wardens[1]'s adventurer; an adventurer has one Warden card`,
    ],
    [
      'a second Mythic Item of an adventurer',
      (run) => run.mythicItems.push({ ...run.mythicItems[0], name: 'Second Mythic' }),
      `field mythicItems[${lastOf('mythicItems')}] (Second Mythic).adventurer: "${content.mythicItems[0].adventurer}" is already mythicItems[0]'s adventurer; an adventurer has one Mythic Item`,
    ],
    [
      "a creature in a Realm's list and its Graveyard",
      (run) => (run.realms[0].graveyard = [{ ...run.realms[0].creatures[1], copies: 1 }]),
      `field realms[0].graveyard[0] (${content.realms[0].creatures[1].name}).name: "${content.realms[0].creatures[1].name}" is already realms[0].creatures[1]'s name; a card is in one of the Realm's piles; more copies are its \`copies\``,
    ],
    [
      "an Unhallowed twice in a Realm's list",
      (run) => (run.realms[3].unhallowed[5] = run.realms[3].unhallowed[0]),
      `field realms[3].unhallowed[5]: "${content.realms[3].unhallowed[0]}" is already listed at realms[3].unhallowed[0]`,
    ],
    [
      "a location twice in a Realm's list",
      (run) => (run.realms[1].locations[1] = run.realms[1].locations[0]),
      `field realms[1].locations[1]: "${content.realms[1].locations[0]}" is already listed at realms[1].locations[0]`,
    ],
    ['an adventurer twice in the starting company', (run) => run.startingCompany.push('cleric'), `field startingCompany[6]: "cleric" is already listed at startingCompany[1]`],
  ])('refuses %s, naming both entries', (_, change, message) => {
    expect(refusalOfChanged(doomedrunContentSchema, runFile(), change)).toBe(message);
  });

  it.each<[string, (run: RunFile) => void, string]>([
    ['Realms out of order', (run) => ([run.realms[0], run.realms[1]] = [run.realms[1], run.realms[0]]), 'realms must be listed 1 to 7; entry 1 is Realm 2'],
    ['a Realm naming a creature no card defines', (run) => (run.realms[0].creatures[0].name = 'Nobody'), 'Realm 1: creature "Nobody" is not defined'],
    ['a Realm needing more copies than a creature has', (run) => (run.realms[0].creatures[0].copies = 3), 'Realm 1: creature "Bandits" has 2 copies, the list needs 3'],
    ['a final location in a Realm\'s list', (run) => (run.realms[0].locations[0] = 'Tower Ruins'), 'Realm 1: "Tower Ruins" is not a defined regular location'],
    ['a regular location as a Realm\'s final one', (run) => (run.realms[0].final = 'Abandoned Village'), 'Realm 1: final location "Abandoned Village" is not defined as final'],
    ['five Respites', (run) => (run.locations = run.locations.filter((card) => card.name !== 'Elven Grove')), 'six Respite locations are needed'],
    ['an adventurer with four ability cards', (run) => run.abilities.splice(run.abilities.findIndex((card) => card.adventurer === 'wizard'), 1), 'adventurer wizard needs 5 ability cards'],
    ['an adventurer without a Warden card', (run) => (run.wardens = run.wardens.filter((card) => card.adventurer !== 'wizard')), 'adventurer wizard has no Warden card'],
    ['a Warden card of an unknown adventurer', (run) => (run.wardens.find((card) => card.adventurer === 'wizard')!.adventurer = 'sage'), 'Warden card of unknown adventurer "sage"'],
    ['an unknown adventurer in the starting company', (run) => (run.startingCompany[0] = 'sage'), 'starting company: unknown adventurer "sage"'],
    ['fewer than four tier-1 Summon cards', (run) => (run.summons.find((card) => card.tier === 1)!.copies = 3), 'four tier-1 Summon cards are needed'],
  ])('refuses %s, saying what the lists lack', (_, change, message) => {
    expect(refusalOfChanged(doomedrunContentSchema, runFile(), change)).toBe(`field (root): ${message}`);
  });

  it('counts cards by source', () => {
    const p = provenance(content);
    expect(p.bySource.estimated).toBeGreaterThan(p.bySource.printed);
    expect(Object.values(p.bySource).reduce((a, b) => a + b, 0)).toBe(p.cards);
  });

  it('counts every card of every list: a creature per printed health, a Summon per copy, one for any other entry', () => {
    const cards = provenance(content).cards;
    const without = (list: string) => provenance({ ...content, [list]: [] }).cards;
    expect(without('creatures')).toBe(cards - content.creatures.reduce((total, card) => total + card.health.length, 0));
    expect(without('summons')).toBe(cards - content.summons.reduce((total, card) => total + card.copies, 0));
    for (const list of ['unhallowed', 'locations', 'adventurers', 'abilities', 'wardens', 'items', 'mythicItems', 'sideQuests'] as const) {
      expect(content[list].length, list).toBeGreaterThan(0);
      expect(without(list), list).toBe(cards - content[list].length);
    }
  });
});
