import { describe, expect, it } from 'vitest';
import { Decision, type DecisionView, OptionKind, Use } from '../../../src/games/citiesofdoom/decisions.ts';
import { Where } from '../../../src/games/citiesofdoom/state.ts';
import { F, Mark } from '../../../src/games/citiesofdoom/tables.ts';
import { arena, clearAreas, emptySide, facesAt, give, markFace, me, option, optional, rolls, scripted, table, takeOffer, untrained } from './scenario.ts';

const ROUTE = ['town', 'hills', 'forest', 'hills', 'plains', 'city'];

describe('set-up', () => {
  it('rolls a destination, 4 adventure dice (duplicates become doomlands at the end) and the second destination', () => {
    const t = table({ character: 'dwarf' }, scripted(), 1, ROUTE);
    const s = t.rules.state;
    const land = t.tables.typeOf('adventure');
    const site = t.tables.typeOf('destination');
    expect(t.tables.describe(site, s.startFace)).toBe('town 1');
    expect(Array.from(s.routeFace.subarray(0, s.routeLength), (f) => t.tables.describe(land, f))).toEqual(['forest 1', 'plains', 'hills 1', 'hills 1']);
    expect(Array.from(s.routeDoom.subarray(0, s.routeLength))).toEqual([0, 0, 1, 1]);
    expect(t.tables.describe(site, s.destinationFace)).toBe('city 1');
    expect(s.position).toBe(-1);
    expect(t.log[0]).toBe('route: town 1 -> forest 1 -> plains -> hills 1 (doomland) -> hills 1 (doomland) -> city 1 (2 landscapes, 2 doomlands)');
  });

  it('with doomlands=extra only the later copies of a repeated landscape become doomlands', () => {
    const t = table({ character: 'dwarf', doomlands: 'extra' }, scripted(), 1, ROUTE);
    const s = t.rules.state;
    expect(Array.from(s.routeDoom.subarray(0, s.routeLength))).toEqual([0, 0, 0, 1]);
  });

  it('rolls the character die when the character is random, and sets the weapons', () => {
    const t = table({ character: 'random' }, scripted(), 1, [...ROUTE, 'human']);
    expect(t.rules.state.character).toBe(2);
    expect(t.tables.faceNames[t.rules.state.primary]).toBe('sword');
    expect(t.tables.faceNames[t.rules.state.secondary]).toBe('bow');
    const elf = table({ character: 'elf' }, scripted({ [Decision.assign]: Array(7).fill(optional(option(OptionKind.choose, Use.active))) })).rules.state;
    expect([elf.primary, elf.secondary]).toEqual([F.bow, F.axe]);
    expect(elf.characterUpgraded || elf.primaryUpgraded || elf.secondaryUpgraded).toBe(false);
  });

  it('starts with 10 white and 5 other action dice in the reserve and the 25 dice of the chosen sideboard', () => {
    // Up to seven results to place (one with a single use is placed without asking).
    const t = table({ sideboard: 'fighter' }, scripted({ [Decision.assign]: Array(7).fill(optional(option(OptionKind.choose, Use.active))) }));
    const p = t.rules.state.player;
    expect(p.count).toBe(40);
    let sideboard = 0;
    let twelve = 0;
    for (let i = 0; i < p.count; i++) {
      if (p.fromSideboard[i] === 1) sideboard++;
      if (t.tables.typeIds[p.type[i]] === 'combat-12') twelve++;
    }
    expect(sideboard).toBe(25);
    expect(twelve).toBe(8);
    expect(p.countAt(Where.active)).toBe(7);
  });

  it('the Opponent prepares his 7 action dice at set-up (opponentSetup=prepare), or keeps them in his reserve (none)', () => {
    const prepared = table({ character: 'dwarf' }).rules.state.opponent;
    expect(prepared.countAt(Where.reserve)).toBeLessThan(7);
    expect(prepared.countAt(Where.play) + prepared.countAt(Where.active)).toBeGreaterThan(0);
    const unprepared = table({ character: 'dwarf', opponentSetup: 'none' });
    expect(unprepared.rules.state.opponent.countAt(Where.reserve)).toBe(7);
    expect(unprepared.log.some((line) => line.startsWith('the Opponent rolls'))).toBe(false);
  });
});

describe('preparing the character', () => {
  function sevenGreen(glowing = 'setup') {
    const t = arena({ glowing });
    for (let i = 0; i < 7; i++) give(t, me(t), 'green-action', Where.reserve);
    return t;
  }

  it('a glowing die lets you reroll all the other dice; the glowing die goes to the reserve', () => {
    const t = sevenGreen();
    const p = t.rules.state.player;
    t.rules.strategy = scripted({ [Decision.glowing]: [option(OptionKind.reroll)] });
    rolls(t, 'glowing', 'ring', 'ring', 'ring', 'ring', 'ring', 'ring', ...['provisions', 'provisions', 'provisions', 'provisions', 'magic', 'discovery']);
    t.rules.preparePlayer(true);
    // The glowing die and the Magic the heuristic changed to Weaponry for an upgrade try are in the reserve.
    expect(facesAt(t, p, Where.reserve).sort()).toEqual(['glowing', 'magic']);
    // Keep limit: 3 Provisions kept, the 4th goes to the active area; discovery active.
    expect(facesAt(t, p, Where.play).sort()).toEqual(['provisions', 'provisions', 'provisions']);
    expect(facesAt(t, p, Where.active).sort()).toEqual(['discovery', 'provisions']);
    expect(t.log.some((l) => l.includes('glowing die to the reserve; you reroll the others: provisions, provisions, provisions, provisions, magic, discovery'))).toBe(true);
  });

  it.each([
    ['setup', false],
    ['every', true],
  ])('glowing=%s: a glowing die rolled in a later Step 1 (Step 7) offers a reroll: %s', (glowing, offered) => {
    const t = sevenGreen(glowing);
    const asked: number[] = [];
    t.rules.strategy = scripted({ [Decision.glowing]: offered ? [option(OptionKind.done)] : [] }, asked as never);
    rolls(t, 'glowing', 'ring', 'ring', 'ring', 'ring', 'ring', 'ring');
    t.rules.preparePlayer(false);
    expect(asked.includes(Decision.glowing)).toBe(offered);
  });

  it('glowing rerolls repeat as long as glowing dice are rolled, and may be declined', () => {
    const t = sevenGreen();
    const asked: number[] = [];
    t.rules.strategy = scripted({ [Decision.glowing]: [option(OptionKind.reroll), option(OptionKind.done)] }, asked as never);
    rolls(t, 'glowing', 'ring', 'ring', 'ring', 'ring', 'ring', 'ring', 'glowing', 'magic', 'magic', 'magic', 'magic', 'magic');
    t.rules.preparePlayer(true);
    expect(asked.filter((d) => d === Decision.glowing)).toHaveLength(2);
    expect(facesAt(t, t.rules.state.player, Where.reserve).filter((f) => f === 'glowing')).toHaveLength(1);
    expect(facesAt(t, t.rules.state.player, Where.active)).toContain('glowing');
  });

  it('in Step 1 a glowing die gives no reroll unless glowing=every', () => {
    for (const glowing of ['setup', 'every']) {
      const t = table({ character: 'dwarf', glowing });
      const p = t.rules.state.player;
      emptySide(p);
      for (let i = 0; i < 7; i++) give(t, p, 'green-action', Where.reserve);
      const asked: number[] = [];
      t.rules.strategy = scripted({ [Decision.glowing]: [optional(option(OptionKind.done))] }, asked as never);
      rolls(t, 'glowing', 'magic', 'magic', 'magic', 'magic', 'magic', 'magic');
      t.rules.preparePlayer(false);
      expect(asked.includes(Decision.glowing), glowing).toBe(glowing === 'every');
    }
  });

  it('offers only the uses each result allows: keep up to 3, heal when damaged, Magic to Provisions or Weaponry', () => {
    const t = sevenGreen();
    const s = t.rules.state;
    s.damage = 2;
    const seen: string[][] = [];
    t.rules.strategy = scripted({
      [Decision.assign]: Array(7).fill((view: { options: { count: number; aux: Int16Array; target: Int16Array } }) => {
        seen.push(Array.from({ length: view.options.count }, (_, i) => `${view.options.aux[i]}:${view.options.target[i]}`));
        return 0;
      }),
    });
    give(t, s.player, 'blue-action', Where.sideboard);
    give(t, s.player, 'improvised', Where.sideboard);
    rolls(t, 'magic', 'provisions', 'provisions', 'provisions', 'provisions', 'ring', 'whiteTree');
    t.rules.preparePlayer(false);
    const magicUses = seen[0].map((o) => Number(o.split(':')[0]));
    expect(magicUses).toEqual([Use.keep, Use.active, Use.heal, Use.toProvisions, Use.upgrade, Use.upgrade, Use.upgrade]);
    // The 4th Provisions (three already kept) may not be kept.
    expect(seen[4].map((o) => Number(o.split(':')[0]))).toEqual([Use.active, Use.heal]);
    expect(seen[5].map((o) => Number(o.split(':')[0]))).toEqual([Use.active, Use.ring]);
    expect(seen[6].map((o) => Number(o.split(':')[0]))).toEqual([Use.active, Use.whiteTree]);
  });

  it('you select up to 7 action dice to roll, by type and count, from the reserve or (to reroll them) the play area', () => {
    const t = sevenGreen();
    const p = t.rules.state.player;
    const rerolled = give(t, p, 'white-action', Where.play, 'provisions');
    give(t, p, 'white-action', Where.play, 'provisions');
    give(t, p, 'blue-action', Where.reserve);
    const offered: string[][] = [];
    const take = (entry: string) => takeOffer(t, entry, offered);
    t.rules.strategy = scripted({ [Decision.select]: [take('white-action play area provisions x1'), take('green-action reserve x5'), take('done')] });
    rolls(t, 'magic', 'magic', 'magic', 'magic', 'magic', 'discovery');
    t.rules.preparePlayer(false);
    const greens = (most: number) => Array.from({ length: most }, (_, n) => `green-action reserve x${n + 1}`);
    expect(offered[0]).toEqual(['done', ...greens(7), 'white-action play area provisions x1', 'white-action play area provisions x2', 'blue-action reserve x1']);
    expect(offered[1]).toEqual(['done', ...greens(6), 'white-action play area provisions x1', 'blue-action reserve x1']);
    expect(offered[2]).toEqual(['done', 'green-action reserve x1', 'white-action play area provisions x1', 'blue-action reserve x1']);
    expect(t.log[0]).toBe('  you roll 6 action dice: magic, magic, magic, magic, magic, discovery');
    expect(p.where[rerolled]).toBe(Where.active);
    const all = sevenGreen();
    for (let i = 0; i < 3; i++) give(all, all.rules.state.player, 'white-action', Where.reserve);
    all.rules.preparePlayer(false);
    expect(all.log[0]).toMatch(/^ {2}you roll 7 action dice/);
  });

  it('a White Tree brings in improvised weapon dice; the White Tree die then goes to the active area', () => {
    const t = sevenGreen();
    const p = t.rules.state.player;
    emptySide(p);
    const tree = give(t, p, 'green-action', Where.reserve);
    give(t, p, 'improvised', Where.sideboard);
    t.rules.strategy = scripted({ [Decision.assign]: [option(OptionKind.choose, Use.whiteTree)] });
    rolls(t, 'whiteTree');
    t.rules.preparePlayer(false);
    expect(p.where[tree]).toBe(Where.active);
    expect(p.countAt(Where.reserve)).toBe(1);
  });

  it('a star keeps an advanced result out of the play area, not a Magic, Provisions or Monster result', () => {
    const t = sevenGreen();
    const p = t.rules.state.player;
    emptySide(p);
    markFace(t, 'white-action', 'magic', Mark.star);
    markFace(t, 'black-advanced', 'greatTroll', Mark.star);
    give(t, p, 'white-action', Where.reserve);
    const troll = give(t, p, 'black-advanced', Where.reserve);
    const uses: number[][] = [];
    const record = (v: DecisionView) => (uses.push(Array.from(v.options.aux.subarray(0, v.options.count))), 0);
    t.rules.strategy = scripted({ [Decision.assign]: [record, optional(record)] });
    rolls(t, 'magic', 'greatTroll');
    t.rules.preparePlayer(false);
    expect(uses[0][0]).toBe(Use.keep);
    expect(uses).toHaveLength(1); // the starred Great-troll had one use, the active area, so nothing was asked
    expect(p.where[troll]).toBe(Where.active);
  });

  it('a Ring brings in any die of the sideboard (ring=any), or action dice only (ring=action, as written)', () => {
    for (const ring of ['any', 'action']) {
      const t = table({ character: 'dwarf', ring });
      const p = t.rules.state.player;
      emptySide(p);
      for (const id of ['combat-12', 'healing-potion', 'blue-action']) give(t, p, id, Where.sideboard);
      give(t, p, 'green-action', Where.reserve);
      const offered: string[] = [];
      const record = (v: DecisionView) => {
        for (let i = 0; i < v.options.count; i++) if (v.options.kind[i] === OptionKind.choose) offered.push(t.tables.typeIds[p.type[v.options.aux[i]]]);
        return v.options.find(OptionKind.done);
      };
      t.rules.strategy = scripted({ [Decision.assign]: [option(OptionKind.choose, Use.ring)], [Decision.bringIn]: [record] });
      rolls(t, 'ring');
      t.rules.preparePlayer(false);
      expect(offered, ring).toEqual(ring === 'any' ? ['combat-12', 'healing-potion', 'blue-action'] : ['blue-action']);
    }
  });

  it('a Ring brings in 3 action dice from the sideboard, 4 when they share ink and base', () => {
    const t = table({ character: 'dwarf' });
    const p = t.rules.state.player;
    clearAreas(t, p);
    const before = p.countAt(Where.sideboard);
    const ofType = (id: string) => (v: DecisionView) => v.options.find(OptionKind.choose, [...Array(p.count).keys()].find((i) => p.where[i] === Where.sideboard && p.type[i] === t.tables.typeOf(id))!);
    t.rules.strategy = scripted({ [Decision.bringIn]: Array(4).fill(ofType('blue-action')) });
    t.rules.bringIn(0, 3, true);
    expect(before - p.countAt(Where.sideboard)).toBe(4);
    const mixed = table({ character: 'dwarf' });
    const q = mixed.rules.state.player;
    const blue = mixed.tables.typeOf('blue-action');
    const gold = mixed.tables.typeOf('gold-action');
    const first = (type: number) => (v: DecisionView) => v.options.find(OptionKind.choose, [...Array(q.count).keys()].find((i) => q.where[i] === Where.sideboard && q.type[i] === type)!);
    mixed.rules.strategy = scripted({ [Decision.bringIn]: [first(blue), first(gold), first(blue)] });
    const had = q.countAt(Where.sideboard);
    mixed.rules.bringIn(0, 3, true);
    expect(had - q.countAt(Where.sideboard)).toBe(3);
  });

  it('Weaponry upgrades after 5 kept results in at most 5 rolls of the combat dice', () => {
    const t = table({ character: 'dwarf' });
    const s = t.rules.state;
    rolls(t, 'axe', 'magic', 'bow', 'bow', 'bow', 'axe', 'axe', 'bow', 'magic');
    expect(t.rules.tryUpgrade(1)).toBe(true);
    expect(s.primaryUpgraded).toBe(true);
    rolls(t, ...Array(25).fill('axe'));
    expect(t.rules.tryUpgrade(2)).toBe(false); // the secondary (sword) keeps only swords and magic
    rolls(t, 'axe', 'sword', 'axe', 'sword', 'axe');
    expect(t.rules.tryUpgrade(0)).toBe(true); // the character keeps both weapons
    expect(s.characterUpgraded).toBe(true);
  });

  it('the heuristic upgrades the character only with the Wilds of Doom rules (its expert dice); without, Weaponry stays active', () => {
    // Catches: without WOD it spent Weaponry on the character, whose upgrade only absorbs a demotion.
    for (const wod of [false, true]) {
      const t = table({ character: 'dwarf', wod });
      const s = t.rules.state;
      const p = s.player;
      clearAreas(t, p);
      s.characterUpgraded = false;
      s.primaryUpgraded = true;
      s.secondaryUpgraded = true;
      const weaponry = give(t, p, 'white-action', Where.rolling, 'weaponry');
      t.log.length = 0;
      rolls(t, ...Array(5).fill('axe'));
      t.rules.assignRolled('all');
      expect(p.where[weaponry]).toBe(wod ? Where.reserve : Where.active);
      expect(s.characterUpgraded).toBe(wod);
    }
  });

  it('the heuristic changes a Magic result it needs neither to heal nor to move into Weaponry while an upgrade is left', () => {
    // Catches: it kept the Magic for a Magic die while it held fewer than two, and upgraded only with a third.
    const t = table({ character: 'dwarf' });
    const s = t.rules.state;
    const p = s.player;
    clearAreas(t, p);
    untrained(s);
    s.damage = 0;
    give(t, p, 'white-action', Where.play, 'provisions');
    give(t, p, 'white-action', Where.play, 'provisions');
    const magic = give(t, p, 'white-action', Where.rolling, 'magic');
    t.log.length = 0;
    rolls(t, ...Array(5).fill('axe'));
    t.rules.assignRolled('all');
    expect(t.log[0]).toBe('  change magic (white action die) to Weaponry: try to upgrade your primary weapon');
    expect(p.where[magic]).toBe(Where.reserve);
    expect(s.primaryUpgraded).toBe(true);
  });

  it('the heuristic saves one Magic result it needs neither to heal, move nor upgrade with; a second goes to the active area', () => {
    // Catches: it kept every such Magic (up to 3), out of the treasure roll.
    const t = table({ character: 'dwarf' });
    const s = t.rules.state;
    const p = s.player;
    clearAreas(t, p);
    s.damage = 0;
    s.primaryUpgraded = true;
    s.secondaryUpgraded = true;
    give(t, p, 'white-action', Where.play, 'provisions');
    give(t, p, 'white-action', Where.play, 'provisions');
    const first = give(t, p, 'white-action', Where.rolling, 'magic');
    const second = give(t, p, 'white-action', Where.rolling, 'magic');
    t.rules.assignRolled('all');
    expect(p.where[first]).toBe(Where.play);
    expect(p.where[second]).toBe(Where.active);
  });

  it('healing returns Magic or Provisions for one damage each; with WOD Magic rolls the Healing die, plus a special Healing die', () => {
    const t = table({ character: 'dwarf' });
    t.rules.state.damage = 3;
    t.rules.heal(F.provisions);
    expect(t.rules.state.damage).toBe(2);
    const w = table({ character: 'dwarf', wod: true });
    const p = w.rules.state.player;
    w.rules.state.damage = 5;
    give(w, p, 'healing-potion', Where.reserve);
    rolls(w, 'heal 3', 'heal 2');
    w.rules.heal(F.magic);
    expect(w.rules.state.damage).toBe(0);
    expect(w.log.at(-1)).toBe('  return magic to heal 5 (Healing die 3, special Healing die 2): damage 5 -> 0');
  });

  it('rolling a special healing die with a healing result is your choice (one option per type in your reserve)', () => {
    const t = table({ character: 'dwarf' });
    const p = t.rules.state.player;
    emptySide(p);
    const potion = give(t, p, 'healing-potion', Where.reserve);
    const offered: number[][] = [];
    t.rules.strategy = scripted({ [Decision.healingDie]: [(v) => (offered.push([v.face, v.heal, v.options.count]), v.options.find(OptionKind.done))] });
    t.rules.state.damage = 3;
    t.rules.heal(F.provisions);
    expect(offered).toEqual([[F.provisions, 1, 2]]);
    expect(t.rules.state.damage).toBe(2);
    expect(p.where[potion]).toBe(Where.reserve);
    t.rules.strategy = scripted({ [Decision.healingDie]: [option(OptionKind.choose)] });
    rolls(t, 'heal 2');
    t.rules.heal(F.magic);
    expect(t.rules.state.damage).toBe(0);
    expect(t.log.at(-1)).toBe('  return magic to heal 3 (special Healing die 2): damage 2 -> 0');
    // The heuristic rolls it only when the result alone leaves damage to heal.
    t.rules.strategy = scripted();
    t.rules.state.damage = 1;
    t.rules.heal(F.provisions);
    expect(t.log.at(-1)).toBe('  return provisions to heal 1: damage 1 -> 0');
  });

  it('after assigning, results saved in the play area may be returned to heal, one at a time, until you stop', () => {
    const t = table({ character: 'dwarf' });
    const p = t.rules.state.player;
    emptySide(p);
    const magic = give(t, p, 'white-action', Where.play, 'magic');
    give(t, p, 'white-action', Where.play, 'provisions');
    give(t, p, 'white-action', Where.play, 'provisions');
    give(t, p, 'white-action', Where.play, 'monster');
    const offered: string[][] = [];
    const list = (v: DecisionView) => Array.from({ length: v.options.count }, (_, i) => (v.options.kind[i] === OptionKind.done ? 'done' : t.tables.faceNames[v.options.target[i]]));
    t.rules.strategy = scripted({
      [Decision.healKept]: [(v) => (offered.push(list(v)), option(OptionKind.choose, magic)(v)), (v) => (offered.push(list(v)), v.options.find(OptionKind.done))],
    });
    t.rules.state.damage = 3;
    t.rules.assignRolled('all');
    expect(offered).toEqual([
      ['done', 'magic', 'provisions'],
      ['done', 'provisions'],
    ]);
    expect(t.rules.state.damage).toBe(2);
    expect(p.where[magic]).toBe(Where.reserve);
    expect(t.log.at(-1)).toBe('  return your saved magic to heal 1: damage 3 -> 2');
    // The heuristic heals while damaged: saved Magic first, then Provisions; nothing is asked without damage.
    t.rules.strategy = scripted();
    t.rules.assignRolled('all');
    expect(t.rules.state.damage).toBe(0);
    expect(facesAt(t, p, Where.play)).toEqual(['monster']);
  });
});
