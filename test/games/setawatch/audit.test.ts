import { describe, expect, it } from 'vitest';
import { Camp, Decision } from '../../../src/games/setawatch/decisions.ts';
import { ability, attack, campAction, card, EVERY_CARD, find, play, type Step } from './scenario.ts';

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

  it('Scout Ahead returns the two cards "as you like", to the top or the bottom: both under the deck in either order', () => {
    /** The arrangements offered, and the deck's bottom two (lowest first) after the one that puts both under with the first card lowest. */
    let offered = 0;
    let bottom: string[] = [];
    const scout: Step = (view) => {
      offered = view.options.count;
      // Try every arrangement that sends both cards under; keep the one leaving the former top card (Bear) lowest.
      return find(view, (o, i) => {
        const first = view.seen[0];
        const second = view.seen[1];
        return first === card(view.tables, 'Bear#2') && second === card(view.tables, 'Treant') && o.mode[i] === 5;
      });
    };
    const record: Step = (view) => {
      const names = new Map([[card(view.tables, 'Bear#2'), 'Bear'], [card(view.tables, 'Treant'), 'Treant']]);
      bottom = view.state.deck.toArray().slice(0, 2).map((id) => names.get(id) ?? 'another');
      return 0;
    };
    const deck = ['Bear#2', 'Treant', 'Wolf', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2'];
    play({ camper: 'cleric', active: EVERY_CARD, rolls: [5, 5, 5, 8, 7, 6, 8, 5, 4, 6, 5, 4], deck, camp: [campAction(Camp.scout, 5), () => 0], watch: [record], other: { [Decision.scout]: [scout] } });
    expect(offered).toBe(6);
    expect(bottom).toEqual(['Bear', 'Treant']);
  });

  it('Stay Dead does not remove a creature behind a Lich from the game ("No Ability cards can affect creature cards behind the Lich"): it goes to the Graveyard', () => {
    // Cliff Watch gives the melee Rogue a reach of 2; the Lich is first, the Bear behind it.
    const game = play({
      party: 'beastmaster,cleric,rogue,warrior',
      camper: 'cleric',
      rolls: [8, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4],
      locations: ['Cliff Watch'],
      active: ['Stay Dead', 'Wound'],
      fire: 7,
      deck: ['Lich', 'Bear', ...FILLER],
      watch: [attack(6, 1, 'rogue')],
    });
    expect(game.log.some((line) => line.includes('Bear is defeated'))).toBe(true);
    expect(game.names(game.state.graveyard)).toContain('Bear');
    expect(game.names(game.state.removed)).not.toContain('Bear');
  });
});
