import { describe, expect, it } from 'vitest';
import { Decision } from '../../../src/games/citiesofdoom/decisions.ts';
import { Where } from '../../../src/games/citiesofdoom/state.ts';
import { F } from '../../../src/games/citiesofdoom/tables.ts';
import { type Answer, arena, give, me, opp, rolls, scripted, type Table, takeOffer } from './scenario.ts';

/** takeOffer, noting too what the decision showed besides its options: the die and the face it is about. */
function takeNoting(t: Table, entry: string, offered: string[][], shown: number[][]): Answer {
  return (view) => {
    shown.push([view.die, view.face]);
    return takeOffer(t, entry, offered)(view);
  };
}

/** Bring dice in as a Ring does (3, a 4th while all share one ink), with these answers in order. */
function ringBringsIn(t: Table, answers: Answer[]): void {
  t.rules.strategy = scripted({ [Decision.bringIn]: answers });
  t.rules.bringIn(-1, 3, true);
}

describe('picking dice: select, bringIn and the Opponent\'s Ring (picking.ts)', () => {
  it('select offers action dice only, groups play-area dice by type and face, and takes the dice of the group chosen', () => {
    const t = arena();
    const p = me(t);
    give(t, p, 'white-action', Where.play, 'provisions');
    const magic = give(t, p, 'white-action', Where.play, 'magic');
    give(t, p, 'white-action', Where.play, 'provisions');
    give(t, p, 'healing-potion', Where.reserve);
    const offered: string[][] = [];
    const shown: number[][] = [];
    const take = (entry: string) => takeNoting(t, entry, offered, shown);
    t.rules.strategy = scripted({ [Decision.select]: [take('white-action play area provisions x2'), take('done')] });
    rolls(t, 'discovery', 'discovery');
    t.rules.preparePlayer(false);
    expect(offered).toEqual([
      ['done', 'white-action play area provisions x1', 'white-action play area provisions x2', 'white-action play area magic x1'],
      ['done', 'white-action play area magic x1'],
    ]);
    expect(t.log[0]).toBe('  you roll 2 action dice: discovery, discovery');
    expect([p.where[magic], t.tables.faceNames[t.rules.faceOf(p, magic)]]).toEqual([Where.play, 'magic']);
    expect(shown).toEqual([[-1, -1], [-1, -1]]);
  });

  it('a group whose first die is taken moves behind the groups that now start before it', () => {
    const t = arena();
    const p = me(t);
    for (const id of ['white-action', 'blue-action', 'white-action']) give(t, p, id, Where.reserve);
    const offered: string[][] = [];
    t.rules.strategy = scripted({ [Decision.select]: [takeOffer(t, 'white-action reserve x1', offered), takeOffer(t, 'done', offered)] });
    rolls(t, 'discovery');
    t.rules.preparePlayer(false);
    expect(offered).toEqual([
      ['done', 'white-action reserve x1', 'white-action reserve x2', 'blue-action reserve x1'],
      ['done', 'blue-action reserve x1', 'white-action reserve x1'],
    ]);
  });

  it('a Ring offers the sideboard only, up to 4 dice of one ink at once, and a 4th die only of the ink of the first three', () => {
    const t = arena();
    const p = me(t);
    for (const id of ['blue-action', 'blue-action', 'blue-action', 'blue-action', 'gold-action', 'white-action']) give(t, p, id, Where.sideboard);
    give(t, p, 'white-action', Where.play, 'magic');
    const offered: string[][] = [];
    const shown: number[][] = [];
    ringBringsIn(t, [takeNoting(t, 'blue-action sideboard x3', offered, shown), takeOffer(t, 'done', offered)]);
    const upTo = (id: string, most: number) => Array.from({ length: most }, (_, n) => `${id} sideboard x${n + 1}`);
    expect(offered).toEqual([
      ['done', ...upTo('blue-action', 4), ...upTo('gold-action', 1), ...upTo('white-action', 1)],
      ['done', 'blue-action sideboard x1'],
    ]);
    expect(shown).toEqual([[-1, -1]]);
  });

  it('a Ring that brought in dice of two inks offers no 4th die, whichever ink came first (the first ink number 0)', () => {
    for (const [first, second] of [
      ['white-action', 'blue-action'],
      ['blue-action', 'white-action'],
    ]) {
      const t = arena();
      const p = me(t);
      for (const id of [first, second, second, second]) give(t, p, id, Where.sideboard);
      expect(t.tables.ink[t.tables.typeOf('white-action')]).toBe(0);
      const offered: string[][] = [];
      ringBringsIn(t, [first, second, second].map((id) => takeOffer(t, `${id} sideboard x1`, offered)));
      expect(offered, first).toHaveLength(3);
      expect(p.countAt(Where.sideboard), first).toBe(1);
    }
  });

  it("the Opponent's Ring returns 3 reserve dice that came from the sideboard, the ones of the group chosen, with no way to stop", () => {
    const t = arena();
    const p = me(t);
    const fromSideboard = (id: string) => {
      const die = give(t, p, id, Where.reserve);
      p.markFromSideboard(die);
      return die;
    };
    const returned = [fromSideboard('blue-action')];
    const stays = [give(t, p, 'blue-action', Where.reserve), give(t, p, 'gold-action', Where.reserve)];
    returned.push(fromSideboard('blue-action'), fromSideboard('blue-action'));
    const offered: string[][] = [];
    const shown: number[][] = [];
    t.rules.strategy = scripted({ [Decision.returnDie]: [takeNoting(t, 'blue-action reserve x3', offered, shown)] });
    give(t, opp(t), 'opponent-action', Where.reserve);
    rolls(t, 'ring');
    t.rules.prepareOpponent();
    expect(offered).toEqual([['blue-action reserve x1', 'blue-action reserve x2', 'blue-action reserve x3']]);
    expect(shown).toEqual([[-1, F.ring]]);
    expect(returned.map((die) => p.where[die])).toEqual([Where.sideboard, Where.sideboard, Where.sideboard]);
    expect(stays.map((die) => p.where[die])).toEqual([Where.reserve, Where.reserve]);
  });
});
