import { describe, expect, it } from 'vitest';
import setawatch, { PARTIES } from '../../../src/games/setawatch/index.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';

describe('Set a Watch settings', () => {
  it('take a party of four in any order and name it in the canonical order', () => {
    expect(resolveSettings(setawatch, { party: 'wizard, rogue,cleric,beastmaster' }, '--set').party).toBe('beastmaster,cleric,rogue,wizard');
    for (const party of PARTIES) expect(resolveSettings(setawatch, { party }, '--set').party).toBe(party);
  });

  it('refuse a party that is not four different adventurers', () => {
    expect(() => resolveSettings(setawatch, { party: 'cleric,cleric,ranger,wizard' }, '--set')).toThrow(
      '--set: setting party=cleric,cleric,ranger,wizard is not allowed; allowed: 4 different of beastmaster, cleric, ranger, rogue, warrior, wizard, knight, bard (comma-separated, any order)',
    );
    expect(() => resolveSettings(setawatch, { party: 'cleric,ranger,wizard' }, '--set')).toThrow(/not allowed/);
  });

  it('take content sets joined by + or commas, in any order, base said or not, and name them as listed', () => {
    const sets = (text: string) => resolveSettings(setawatch, { sets: text }, '--set').sets;
    expect(sets('base+preproduction')).toBe('base+preproduction');
    expect(sets('base,preproduction')).toBe('base+preproduction');
    expect(sets('extra-locations, preproduction')).toBe('base+preproduction+extra-locations');
    expect(sets('extra-locations')).toBe('base+extra-locations');
    expect(resolveSettings(setawatch, { sets: 'preproduction', party: 'cleric,warrior,knight,bard' }, '--set').party).toBe('cleric,warrior,knight,bard');
  });

  it('refuse content sets named twice or unknown', () => {
    for (const text of ['base,base', 'base,promo', '']) {
      expect(() => resolveSettings(setawatch, { sets: text }, '--set')).toThrow(`--set: setting sets=${text} is not allowed; allowed: base, base+preproduction,`);
    }
  });
});
