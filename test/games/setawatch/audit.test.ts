import { describe, expect, it } from 'vitest';
import { Decision } from '../../../src/games/setawatch/decisions.ts';
import { ability, card, find, play, type Step } from './scenario.ts';

/** Party cleric, ranger, warrior, wizard: the Ranger camps, the Cleric is on Watch; dice in seat order. */
const CLERIC_WATCHES = { camper: 'ranger', rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2] };
const FILLER = ['Bear#2', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant', 'Treant#2'];

/** The option naming the Line position that holds this card. */
const positionOf = (label: string): Step => (view) => find(view, (o, i) => view.state.lineCard[o.target[i]] === card(view.tables, label));

describe('rules audit', () => {
  it('Cleanse Undead defeats the revealed Undead "in an order you choose": Skeletons first, so they are not left on top of the Graveyard', () => {
    const game = play({
      ...CLERIC_WATCHES,
      active: ['Cleanse Undead'],
      fire: 12,
      deck: ['Skeletons', 'Zombie Horde', 'Bear', ...FILLER],
      watch: [ability('Cleanse Undead', 1)],
      other: { [Decision.target]: [positionOf('Skeletons')] },
    });
    expect(game.log.some((line) => line.includes('Skeletons is defeated'))).toBe(true);
    expect(game.log.some((line) => line.includes('Zombie Horde is defeated'))).toBe(true);
    expect(game.rules.tables.names[game.state.graveyard.peek()]).toBe('Zombie Horde');
  });
});
