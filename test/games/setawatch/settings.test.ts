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
});
