import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { StrategyError } from '../../../src/core/errors.ts';
import { loadContent } from '../../../src/sim/content.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { CardTables, Kind, LocationKind } from '../../../src/games/setawatch/cards.ts';
import type { SetawatchContent } from '../../../src/games/setawatch/content.ts';
import setawatch, { DEFAULT_PARTY, PARTIES } from '../../../src/games/setawatch/index.ts';
import { SetawatchRules } from '../../../src/games/setawatch/rules.ts';
import { DICE_PER_SEAT, Slot, Status } from '../../../src/games/setawatch/state.ts';
import { campfireReveals } from '../../../src/games/setawatch/watch.ts';
import { greedy } from '../../../strategies/setawatch/greedy.ts';
import { attack, burn, campAction, card, content, EVERY_CARD, find, optional, play, type Scenario, type Step, targetIs } from './scenario.ts';
import { ScriptedThenRandom } from '../../fixtures/dice.ts';
import { Camp, Decision, type DecisionView, OptionKind, Rune, Scout } from '../../../src/games/setawatch/decisions.ts';

const ROLLS = [1, 1, 1, 8, 7, 6, 8, 5, 4, 6, 5, 4];
const FILLER = ['Bear', 'Eagle', 'Wolf', 'Eagle#2', 'Bear#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant'];
const base = { camper: 'cleric', rolls: ROLLS, active: EVERY_CARD };
const logHas = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log lacks "${text}":\n${log.join('\n')}`).toBe(true);

function setUpOnly(summons: number, fire = 7): SetawatchRules {
  const rules = new SetawatchRules(new CardTables(content, ['base'], DEFAULT_PARTY.split(',')), { summons, startingFire: fire }, null);
  rules.playGame(5, greedy.create({}), new OutcomeRecord(3), undefined, 0);
  return rules;
}

describe('set-up', () => {
  it.each([1, 2, 3, 4])('%i Summon cards: 30 creatures with both Acolytes, one Summon per pile, smaller piles at the bottom', (summons) => {
    const rules = setUpOnly(summons);
    const deck = rules.state.deck.toArray();
    const kinds = deck.map((id) => rules.tables.kind[id]);
    expect(deck).toHaveLength(30 + summons);
    expect(kinds.filter((k) => k === Kind.acolyte)).toHaveLength(2);
    const pileSizes = Array.from({ length: summons }, (_, pile) => Math.floor(30 / summons) + (pile >= summons - (30 % summons) ? 1 : 0) + 1);
    let start = 0;
    for (const size of pileSizes) {
      expect(kinds.slice(start, start + size).filter((k) => k === Kind.summon)).toHaveLength(1);
      start += size;
    }
    expect(rules.state.removed.toArray().filter((id) => rules.tables.kind[id] === Kind.summon)).toHaveLength(4 - summons);
  });

  it('one Unhallowed in the Horde, seven in the Unhallowed deck', () => {
    const s = setUpOnly(2).state;
    expect([s.horde.size, s.unhallowedDeck.size]).toEqual([1, 7]);
  });

  it('the map: 8 regular locations over the final one; the rest and the Respites unused', () => {
    const rules = setUpOnly(2);
    const kinds = rules.state.mapDeck.toArray().map((id) => rules.tables.locations[id].kind);
    expect(kinds).toEqual([LocationKind.final, ...Array(8).fill(LocationKind.regular)]);
    expect(rules.state.unusedLocations.size).toBe(7 + 4);
  });

  it('three ability cards per adventurer, one of them exhausted', () => {
    const s = setUpOnly(2).state;
    for (let seat = 0; seat < 4; seat++) {
      const states = Array.from(s.slotState.subarray(seat * 5, seat * 5 + 5));
      expect(states.filter((x) => x === Slot.active)).toHaveLength(2);
      expect(states.filter((x) => x === Slot.exhausted)).toHaveLength(1);
    }
  });

  it('the d8 variant sets the starting fire from 1 to 8', () => {
    const fires = new Set(Array.from({ length: 40 }, (_, seed) => {
      const rules = new SetawatchRules(new CardTables(content, ['base'], DEFAULT_PARTY.split(',')), { summons: 2, startingFire: 0 }, null);
      rules.playGame(seed, greedy.create({}), new OutcomeRecord(3), undefined, 0);
      return rules.state.fire;
    }));
    expect(Math.min(...fires)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...fires)).toBeLessThanOrEqual(8);
    expect(fires.size).toBeGreaterThan(4);
  });
});

describe('the campfire', () => {
  it.each([
    [0, 0],
    [1, 1],
    [6, 1],
    [7, 2],
    [11, 2],
    [12, 3],
    [15, 3],
  ])('firewood %i lights %i creatures', (fire, lit) => {
    expect(campfireReveals(fire)).toBe(lit);
  });

  it.each([
    [3, 1],
    [7, 2],
    [12, 3],
  ])('at fire %i the Watch starts with %i creatures revealed', (fire, lit) => {
    const game = play({ ...base, active: ['Rebuke'], fire, deck: FILLER });
    expect(game.log.filter((line) => line.includes('reveal '))).toHaveLength(lit);
  });

  it('at 0 a card must be exhausted for +2 at once', () => {
    const game = play({ ...base, fire: 3, deck: ['Wyvern', ...FILLER] });
    logHas(game.log, 'fire 3 -> 0');
    logHas(game.log, 'the fire reaches 0');
    logHas(game.log, 'fire 0 -> 2');
  });

  it('never goes above 15', () => {
    const game = play({ ...base, fire: 14, deck: FILLER, camp: [campAction(Camp.chop, 1)] });
    logHas(game.log, 'fire 14 -> 15');
  });

  it('burning a card gives +2', () => {
    logHas(play({ ...base, deck: FILLER, watch: [burn('Wound')] }).log, 'fire 7 -> 9');
  });
});

describe('direct attacks', () => {
  /** The Line positions each adventurer's ready dice may attack at the first Watch decision, with three creatures revealed. */
  function reachable(): Record<string, number[]> {
    const reach: Record<string, number[]> = {};
    const look: Step = (view) => {
      for (let i = 0; i < view.options.count; i++) {
        if (view.options.kind[i] !== OptionKind.attack) continue;
        const seat = view.tables.adventurers[Math.floor(view.options.die[i] / DICE_PER_SEAT)].id;
        reach[seat] = [...new Set([...(reach[seat] ?? []), view.options.target[i]])].sort((a, b) => a - b);
      }
      return 0;
    };
    play({ ...base, fire: 12, deck: FILLER, watch: [look] });
    return reach;
  }

  it('melee reaches position 1 and ranged positions 1-2, not the third revealed creature', () => {
    const reach = reachable();
    expect(reach.warrior).toEqual([0]);
    expect(reach.ranger).toEqual([0, 1]);
  });
});

describe('camp actions', () => {
  /** The die values the camper (the Cleric, or the Ranger's d8s) rolling `rolls` is offered each camp action with, after the `before` steps. */
  function offeredValues(rolls: number[], before: Step[] = [], camper: 'cleric' | 'ranger' = 'cleric'): Record<string, number[]> {
    const values: Record<string, number[]> = {};
    const look: Step = (view) => {
      for (let i = 0; i < view.options.count; i++) {
        if (view.options.kind[i] !== OptionKind.campAction) continue;
        const action = String(view.options.aux[i]);
        values[action] = [...new Set([...(values[action] ?? []), view.state.dieValue[view.options.die[i]]])].sort((a, b) => a - b);
      }
      return 0;
    };
    const active = EVERY_CARD.filter((name) => name !== 'Wound');
    const seatRolls = camper === 'cleric' ? [...rolls, ...ROLLS.slice(3)] : [...ROLLS.slice(0, 3), ...rolls, ...ROLLS.slice(6)];
    play({ ...base, camper, rolls: seatRolls, active, exhausted: ['Wound'], deck: FILLER, camp: [...before, look] });
    return values;
  }

  it('Check Map needs a die of 4 or more, Heal a die of exactly 6', () => {
    const values = offeredValues([3, 5, 6]);
    expect(values[Camp.checkMap]).toEqual([5, 6]);
    expect(values[Camp.heal]).toEqual([6]);
    expect(offeredValues([6, 7, 8], [], 'ranger')[Camp.heal]).toEqual([6]);
  });

  /** The camp options of one kind the Cleric (camping, rolling `dice`) is offered after the `before` steps, as "card" or "card for spare" per die. */
  function campOptionsOf(action: number, scenario: Partial<Scenario> & { dice: number[] }, before: Step[] = []): string[] {
    let offered: string[] = [];
    const look: Step = (view) => {
      const o = view.options;
      const cardName = (slot: number) => view.tables.abilities[view.state.slotCard[slot]].name;
      offered = [];
      for (let i = 0; i < o.count; i++) {
        if (o.kind[i] !== OptionKind.campAction || o.aux[i] !== action) continue;
        offered.push(`${view.state.dieValue[o.die[i]]}: ${cardName(o.slot[i])}${action === Camp.equip ? ` for ${cardName(o.target[i])}` : ''}`);
      }
      return 0;
    };
    play({ ...base, ...scenario, camper: 'cleric', rolls: [...scenario.dice, ...ROLLS.slice(3)], deck: FILLER, camp: [...before, look] });
    return offered;
  }

  it('Heal refreshes an exhausted card: it is offered on those only', () => {
    expect(campOptionsOf(Camp.heal, { dice: [6, 2, 3], active: EVERY_CARD.filter((name) => name !== 'Wound'), exhausted: ['Wound'] })).toEqual(['6: Wound']);
  });

  it("Equip swaps one of the camper's cards on the board for one of theirs in reserve, once a camp", () => {
    // The Cleric's Rebuke and Cleanse Undead face up, Banish exhausted; Blinding Light and Protective Ward in reserve.
    const cleric = { active: ['Rebuke', 'Cleanse Undead', 'Far Sight', 'Wound', 'Curse'], exhausted: ['Banish'] };
    const pairs = ['Rebuke', 'Cleanse Undead', 'Banish'].flatMap((onBoard) => [`2: ${onBoard} for Blinding Light`, `2: ${onBoard} for Protective Ward`]);
    expect(campOptionsOf(Camp.equip, { ...cleric, dice: [2, 1, 1] }).filter((option) => option.startsWith('2:'))).toEqual(pairs);
    expect(campOptionsOf(Camp.equip, { ...cleric, dice: [2, 3, 3] }, [campAction(Camp.equip, 2)])).toEqual([]);
  });

  it('each further Scout Ahead die must be higher than the one just placed', () => {
    expect(offeredValues([5, 5, 6], [campAction(Camp.scout, 5)])[Camp.scout]).toEqual([6]);
  });

  it('Scout Ahead with one card left in the deck shuffles the Graveyard under it first, and looks at two', () => {
    let arrangements = 0;
    let atWatch = { line: '', graveyard: -1 };
    const scout: Step = (view) => ((arrangements = view.options.count), find(view, (o, i) => o.mode[i] === Scout.keep));
    const record: Step = (view) => ((atWatch = { line: view.tables.names[view.state.lineCard[0]], graveyard: view.state.graveyard.size }), 0);
    const played = play({ ...base, rolls: [5, 5, 5, 8, 7, 6, 8, 5, 4, 6, 5, 4], deck: ['Bear#2'], onlyDeck: true, camp: [campAction(Camp.scout, 5), () => 0], watch: [record], other: { [Decision.scout]: [scout] } });
    expect(arrangements).toBe(6);
    expect(atWatch).toEqual({ line: 'Bear', graveyard: 0 });
    expect(played.log.some((line) => line.includes('the Graveyard is shuffled into a new Creature deck'))).toBe(true);
  });

  it('Scout Ahead puts the two cards it looks at back as the camper arranges them: on top in either order, or under the deck', () => {
    /** The first two cards of the Line dealt after camp (the deck's top then), and the deck's bottom two, lowest first. */
    const afterScouting = (arrangement: number) => {
      let seen = { line: [] as string[], bottom: [] as string[] };
      const record: Step = (view) => {
        const s = view.state;
        const scouted = new Map([[card(view.tables, 'Bear#2'), 'Bear'], [card(view.tables, 'Treant'), 'Treant']]);
        const names = (cards: ArrayLike<number>) => Array.from(cards, (id) => scouted.get(id) ?? 'another');
        seen = { line: names(s.lineCard.subarray(0, 2)), bottom: names(s.deck.toArray().slice(0, 2)) };
        return 0;
      };
      const scout: Step = (view) => find(view, (o, i) => o.mode[i] === arrangement);
      const deck = ['Bear#2', 'Treant', 'Wolf', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2'];
      play({ ...base, rolls: [5, 5, 5, 8, 7, 6, 8, 5, 4, 6, 5, 4], deck, camp: [campAction(Camp.scout, 5), () => 0], watch: [record], other: { [Decision.scout]: [scout] } });
      return seen;
    };
    const kept = afterScouting(Scout.keep);
    expect(kept.line).toEqual(['Bear', 'Treant']);
    expect(afterScouting(Scout.swap)).toEqual({ line: ['Treant', 'Bear'], bottom: kept.bottom });
    const firstOnTop = afterScouting(Scout.firstTopSecondBottom);
    expect([firstOnTop.line[0], firstOnTop.bottom[0]]).toEqual(['Bear', 'Treant']);
    const secondOnTop = afterScouting(Scout.secondTopFirstBottom);
    expect([secondOnTop.line[0], secondOnTop.bottom[0]]).toEqual(['Treant', 'Bear']);
    const bothUnder = afterScouting(Scout.bothBottom);
    expect(bothUnder.bottom).toEqual(['Treant', 'Bear']);
    expect(bothUnder.line).toEqual(['another', 'another']);
  });
});

describe('Check Map', () => {
  /** Whether the camper, with three 5s, is offered Check Map (the Cleric) or Teleport (the Wizard) on the first round of this map (then ends camp: option 0). */
  function offered(locations: string[], onlyLocations: boolean, action: 'Check Map' | 'Teleport' = 'Check Map'): boolean {
    let found = false;
    const [camper, aux, rolls] = action === 'Check Map' ? ['cleric', Camp.checkMap, [5, 5, 5]] : ['wizard', Camp.own, [...ROLLS.slice(0, 9), 5, 5, 5]];
    const look: Step = (view) => ((found = find(view, (o, i) => o.kind[i] === OptionKind.campAction && o.aux[i] === aux) >= 0), 0);
    play({ ...base, camper, rolls, locations, onlyLocations, deck: FILLER, camp: [look] });
    return found;
  }

  it.each(['Check Map', 'Teleport'] as const)('%s may change the next location, not a final one, also on a map that ends without one (a Doomed Run expedition)', (action) => {
    expect(offered(['Barren Plains'], false, action)).toBe(true);
    expect(offered(['Barren Plains', 'Goblin Caves'], true, action)).toBe(true);
    expect(offered(['Barren Plains', 'Forgotten Graveyard'], true, action)).toBe(true); // the card file's first location, number 0
    expect(offered(['Barren Plains', 'Forbidden Tower'], true, action)).toBe(false);
    expect(offered(['Barren Plains'], true, action)).toBe(false);
  });

  it('shows the next location and the top of the unused deck: the camper keeps one as next, the other goes under the unused deck', () => {
    const afterCheck = (keep: 0 | 1) => {
      const game = play({ ...base, rolls: [5, 5, 5, ...ROLLS.slice(3)], locations: ['Barren Plains', 'Goblin Caves'], unused: ['Dark Woods'], deck: FILLER, camp: [campAction(Camp.checkMap, 5)], other: { [Decision.map]: [targetIs(keep)] } });
      const name = (id: number) => game.rules.tables.locations[id].name;
      return { log: game.log.find((line) => line.includes('Check Map:')), next: name(game.state.mapDeck.peek()), unusedBottom: name(game.state.unusedLocations.at(0)) };
    };
    expect(afterCheck(0)).toEqual({ log: '  Check Map: next is Goblin Caves', next: 'Goblin Caves', unusedBottom: 'Dark Woods' });
    expect(afterCheck(1)).toEqual({ log: '  Check Map: next is Dark Woods', next: 'Dark Woods', unusedBottom: 'Goblin Caves' });
  });
});

describe("the camper's own camp action", () => {
  /** The round's dice with the camper's three (seat order: Cleric, Ranger, Warrior, Wizard) replaced by `dice`. */
  const rollsWith = (camper: 'cleric' | 'ranger' | 'warrior' | 'wizard', dice: number[]) => {
    const rolls = [...ROLLS];
    rolls.splice(['cleric', 'ranger', 'warrior', 'wizard'].indexOf(camper) * 3, 3, ...dice);
    return rolls;
  };
  const isOwn = (o: DecisionView['options'], i: number) => o.kind[i] === OptionKind.campAction && o.aux[i] === Camp.own;

  it("the Cleric's Heal refreshes any adventurer's exhausted card with a die of 4 or more", () => {
    let values: number[] = [];
    const look: Step = (view) => {
      for (let i = 0; i < view.options.count; i++) if (isOwn(view.options, i)) values.push(view.state.dieValue[view.options.die[i]]);
      return campAction(Camp.own, 4, 'Wound')(view);
    };
    const game = play({ ...base, rolls: rollsWith('cleric', [3, 4, 5]), active: EVERY_CARD.filter((name) => name !== 'Wound'), exhausted: ['Wound'], deck: FILLER, camp: [look] });
    expect([...new Set(values)].sort()).toEqual([4, 5]);
    logHas(game.log, "camp: a 4 on Heal (Cleric's own)");
    logHas(game.log, 'Warrior refreshes Wound');
  });

  it("the Warrior's Wood Axe adds 4 firewood", () => {
    const game = play({ ...base, camper: 'warrior', deck: FILLER, camp: [campAction(Camp.own, 8)] });
    logHas(game.log, 'camp: a 8 on Wood Axe');
    logHas(game.log, 'fire 7 -> 11');
  });

  it('is named in the log as printed on the board (Wood Axe, Elven Scout, Teleport...), the Cleric\'s Heal as his own', () => {
    const campLine = (camper: 'cleric' | 'ranger' | 'warrior' | 'wizard', die: number) => {
      const cards = { active: EVERY_CARD.filter((name) => name !== 'Wound'), exhausted: ['Wound'] };
      const game = play({ ...base, ...cards, camper, rolls: rollsWith(camper, [die, 2, 1]), deck: FILLER, camp: [campAction(Camp.own, die)] });
      return game.log.filter((line) => line.startsWith('  camp: '));
    };
    expect(campLine('warrior', 8)).toEqual(['  camp: a 8 on Wood Axe']);
    expect(campLine('ranger', 8)).toEqual(['  camp: a 8 on Elven Scout']);
    expect(campLine('wizard', 6)).toEqual(['  camp: a 6 on Teleport']);
    // The board's own Heal (a 6) and the Cleric's (4+) share the printed name.
    expect(campLine('cleric', 6)).toEqual(["  camp: a 6 on Heal (Cleric's own)"]);
  });

  it('without a name in the content (an estimated board) it is described by its effect', () => {
    const unnamed: SetawatchContent = { ...content, adventurers: content.adventurers.map((a) => (a.id === 'warrior' ? { ...a, camp: { op: 'fire', amount: 3 } } : a)) };
    const game = play({ ...base, camper: 'warrior', deck: FILLER, content: unnamed, camp: [campAction(Camp.own, 8)] });
    logHas(game.log, 'camp: a 8 on own camp action (firewood +3)');
    logHas(game.log, 'fire 7 -> 10');
  });

  it('is taken once a round: with dice left, it is not offered again', () => {
    let after = { own: -2, chop: -2 };
    const look: Step = (view) => ((after = { own: find(view, isOwn), chop: campAction(Camp.chop, 5)(view) }), 0);
    play({ ...base, camper: 'warrior', deck: FILLER, camp: [campAction(Camp.own, 8), look] });
    expect(after.own).toBe(-1);
    expect(after.chop).toBeGreaterThan(0);
  });

  it("the Ranger's Elven Scout puts the top four creatures back on top in any order the camper picks", () => {
    const TOP = ['Bear#2', 'Treant', 'Wolf', 'Eagle#2'];
    const orders = new Set<string>();
    let offered = 0;
    for (let pick = 0; pick < 24; pick++) {
      let dealt: string[] = [];
      const record: Step = (view) => {
        const label = new Map(TOP.map((name) => [card(view.tables, name), name]));
        dealt = Array.from(view.state.lineCard.subarray(0, 4), (id) => label.get(id) ?? 'another');
        return 0;
      };
      const arrange: Step = (view) => ((offered = view.options.count), pick);
      const game = play({ ...base, camper: 'ranger', deck: [...TOP, 'Wolf#2', 'Fae', 'Fae#2'], camp: [campAction(Camp.own, 8)], watch: [record], other: { [Decision.arrange]: [arrange] } });
      logHas(game.log, 'camp: a 8 on Elven Scout');
      logHas(game.log, 'Elven Scout: the top is now');
      expect([...dealt].sort()).toEqual([...TOP].sort());
      orders.add(dealt.join(','));
    }
    expect(offered).toBe(24);
    expect(orders.size).toBe(24);
  });

  it("the Rogue's Prepared: an Equip for the Rogue, then one for an adventurer on Watch", () => {
    const party = 'cleric,ranger,rogue,warrior';
    // Every card of the Ranger's on the board; the Cleric's Protective Ward, the Rogue's Smoke Bomb and Stay Dead and
    // the Warrior's Berserker and Cleave in reserve.
    const board = content.abilities.filter((a) => (a.adventurer === 'cleric' && a.name !== 'Protective Ward') || a.adventurer === 'ranger').map((a) => a.name);
    const active = [...board, 'Poison Blade', 'Throwing Daggers', 'Backstab', 'Wound', 'Throw Axe', 'Giants Bane'];
    const equipOf = (out: string, into: string): Step => (view) =>
      find(view, (o, i) => o.slot[i] >= 0 && view.tables.abilities[view.state.slotCard[o.slot[i]]].name === out && view.tables.abilities[view.state.slotCard[o.target[i]]].name === into);
    const seatsOffered: number[][] = [];
    const record = (step: Step): Step => (view) => {
      seatsOffered.push([...new Set(Array.from({ length: view.options.count - 1 }, (_, i) => Math.floor(view.options.slot[i + 1] / 5)))].sort());
      return step(view);
    };
    const game = play({
      party,
      camper: 'rogue',
      rolls: [1, 1, 1, 8, 7, 6, 5, 4, 3, 8, 5, 4],
      active,
      deck: FILLER,
      camp: [campAction(Camp.own, 5)],
      other: { [Decision.equip]: [record(equipOf('Backstab', 'Smoke Bomb')), record(equipOf('Wound', 'Cleave'))] },
    });
    logHas(game.log, 'camp: a 5 on Prepared');
    logHas(game.log, 'Equip: Smoke Bomb replaces Backstab');
    logHas(game.log, 'Equip: Cleave replaces Wound');
    // The Rogue (seat 2) first; then those on Watch with a card in reserve (the Cleric and the Warrior), not the
    // camping Rogue, who still has Stay Dead in reserve.
    expect(seatsOffered, JSON.stringify(seatsOffered)).toEqual([[2], [0, 3]]);
  });
});

describe('runes', () => {
  const runes = (bits: number): Step => (view) => find(view, (o, i) => o.kind[i] === OptionKind.runes && o.target[i] === bits);
  const cleric = (dice: number[]) => [...dice, ...ROLLS.slice(3)];

  it('take doubles (any two runes, a die each) or triples (all three)', () => {
    const offered = (dice: number[], after: Step[] = []) => {
      let sets: number[] = [];
      let options = 0;
      const look: Step = (view) => {
        sets = [...new Set(Array.from({ length: view.options.count }, (_, i) => i).filter((i) => view.options.kind[i] === OptionKind.runes).map((i) => view.options.target[i]))].sort();
        options = view.options.count;
        return 0;
      };
      play({ ...base, rolls: cleric(dice), deck: FILLER, camp: [...after, optional(look)] });
      return { sets, options };
    };
    const pairs = [Rune.seal | Rune.vanquish, Rune.seal | Rune.bolster, Rune.vanquish | Rune.bolster].sort();
    expect(offered([3, 3, 5]).sets).toEqual(pairs);
    expect(offered([4, 4, 4]).sets).toEqual([...pairs, Rune.seal | Rune.vanquish | Rune.bolster].sort());
    expect(offered([2, 4, 6]).sets).toEqual([]);
    // All three runes spend all three dice: nothing is left but to stop (a choice of one the engine does not ask).
    expect(offered([4, 4, 4], [runes(Rune.seal | Rune.vanquish | Rune.bolster)]).options).toBeLessThanOrEqual(1);
    expect(offered([4, 4, 2], [runes(Rune.seal | Rune.bolster)]).options).toBeGreaterThan(1);
  });

  it('take a pair of dice still unspent: a double with one die spent on a camp action offers none', () => {
    const runeOptions = (before: Step[]) => {
      let count = -1;
      const look: Step = (view) => ((count = Array.from(view.options.kind.subarray(0, view.options.count)).filter((kind) => kind === OptionKind.runes).length), 0);
      play({ ...base, rolls: cleric([5, 5, 3]), deck: FILLER, camp: [...before, look] });
      return count;
    };
    expect(runeOptions([])).toBeGreaterThan(0);
    expect(runeOptions([campAction(Camp.chop, 5)])).toBe(0);
  });

  it('a pair does its two runes and not the third', () => {
    const done = (bits: number) =>
      play({ ...base, rolls: cleric([3, 3, 5]), horde: ['Wolf#2'], deck: FILLER, camp: [runes(bits)] })
        .log.filter((line) => line.startsWith('  rune '))
        .map((line) => line.slice('  rune '.length).split(':')[0]);
    expect(done(Rune.seal | Rune.vanquish)).toEqual(['Seal', 'Vanquish']);
    expect(done(Rune.seal | Rune.bolster)).toEqual(['Seal', 'Bolster']);
    expect(done(Rune.vanquish | Rune.bolster)).toEqual(['Vanquish', 'Bolster']);
  });

  it('Vanquish takes the top creature of the Horde out of the game', () => {
    const game = play({ ...base, rolls: cleric([3, 3, 5]), horde: ['Wolf#2', 'Bear#2'], deck: FILLER, camp: [runes(Rune.seal | Rune.vanquish)] });
    logHas(game.log, 'rune Vanquish: Bear leaves the Horde');
    const bear = card(game.rules.tables, 'Bear#2');
    expect(game.state.removed.toArray()).toContain(bear);
    expect(game.state.horde.toArray()).not.toContain(bear);
    expect(game.state.horde.toArray()).toContain(card(game.rules.tables, 'Wolf#2'));
  });

  it('Bolster rerolls each die at most once: the die just rerolled is not offered again', () => {
    const offered: number[][] = [];
    const rerollFirstOffered: Step = (view) => (offered.push(Array.from(view.options.die.subarray(1, view.options.count))), 1);
    play({ ...base, rolls: cleric([3, 3, 5]), deck: FILLER, camp: [runes(Rune.vanquish | Rune.bolster)], other: { [Decision.reroll]: [rerollFirstOffered, rerollFirstOffered, rerollFirstOffered] } });
    const ranger = DICE_PER_SEAT;
    expect(offered).toEqual([[ranger, ranger + 1, ranger + 2], [ranger + 1, ranger + 2], [ranger + 2]]);
  });

  it('Bolster lets each adventurer on Watch reroll their dice; the camper is not on Watch', () => {
    const asked: number[] = [];
    const reroll = (answer: number): Step => (view) => (asked.push(view.seat), answer);
    const game = play({
      ...base,
      rolls: cleric([3, 3, 5]),
      deck: FILLER,
      camp: [runes(Rune.vanquish | Rune.bolster)],
      other: { [Decision.reroll]: [reroll(1), reroll(0), reroll(0), reroll(0)] },
    });
    logHas(game.log, 'rune Bolster');
    logHas(game.log, 'Ranger rerolls a die');
    // The Ranger rerolls one die and stops; the Warrior and the Wizard reroll nothing; the Cleric (camping) is never asked.
    expect(asked).toEqual([1, 1, 2, 3]);
  });
});

describe('rounds', () => {
  it('creatures left in the Line join the Horde and exhaust cards equal to their damage', () => {
    const game = play({ ...base, horde: [], deck: ['Ember Drake', 'Metal Golem', ...FILLER], fire: 3 });
    logHas(game.log, 'the Line deals 9 damage');
    expect(game.state.horde.size).toBe(6);
    const dealt = game.log.findIndex((line) => line.includes('the Line deals'));
    expect(game.log.slice(dealt + 1, dealt + 10).every((line) => line.includes('exhausts'))).toBe(true);
  });

  it("the rune Seal puts the Unhallowed of the camper's choice from the Graveyard under the Unhallowed deck", () => {
    for (const chosen of ['Lich', 'Hydra']) {
      const sealRunes: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.runes && (o.target[i] & Rune.seal) !== 0);
      const pick: Step = (view) => find(view, (o, i) => view.tables.names[o.target[i]] === chosen);
      const game = play({ ...base, graveyard: ['Lich', 'Hydra'], deck: FILLER, camp: [sealRunes], other: { [Decision.unhallowed]: [pick] } });
      logHas(game.log, `rune Seal: ${chosen} goes back under the Unhallowed deck`);
      const other = chosen === 'Lich' ? 'Hydra' : 'Lich';
      expect(game.names(game.state.graveyard)).toContain(other);
      expect(game.names(game.state.graveyard)).not.toContain(chosen);
      expect(game.rules.tables.names[game.state.unhallowedDeck.at(0)]).toBe(chosen);
    }
  });

  it('the final round puts everyone on Watch and the Horde face down at the end of the Line', () => {
    let lineEnd: string[] = [];
    const record: Step = (view) => {
      const s = view.state;
      lineEnd = [9, 10].map((position) => `${view.tables.names[s.lineCard[position]]} ${s.lineRevealed[position] === 1 ? 'face up' : 'face down'}`);
      return 0;
    };
    const game = play({ ...base, locations: ['Forbidden Tower'], horde: ['Lich', 'Bear#2'], deck: FILLER, watch: [record] });
    expect(game.log.some((line) => line.includes('camps'))).toBe(false);
    logHas(game.log, 'the Line: 11 cards');
    expect(lineEnd.sort()).toEqual(['Bear face down', 'Lich face down']);
    expect(game.state.status).toBe(Status.won);
    expect(game.out.outcome).toBe(0);
  });

  it('the final round has no camp: nobody refreshes a card', () => {
    const game = play({ ...base, active: ['Rebuke', 'Far Sight', 'Wound'], exhausted: ['Long Shot', 'Slumber'], locations: ['Forbidden Tower'], deck: FILLER });
    expect(game.log.filter((line) => line.includes('refreshes'))).toEqual([]);
  });

  it('the final round is lost when no ability card is left', () => {
    const game = play({ ...base, active: ['Rebuke'], locations: ['Forbidden Tower'], deck: FILLER });
    expect(game.state.status).toBe(Status.lostExhausted);
  });

  it('a round is lost when everyone on Watch is exhausted at its end', () => {
    const game = play({ ...base, active: ['Rebuke', 'Far Sight'], deck: ['Ember Drake', ...FILLER] });
    expect(game.state.status).toBe(Status.lostExhausted);
    expect(setawatch.outcomes[game.out.outcome]).toBe('lostExhausted');
    expect(Array.from(game.out.metrics)).toEqual([1, 1, game.state.horde.size]);
  });

  it('an adventurer with every card exhausted at the start of the Watch cannot fight', () => {
    let rangerAttacks = -2;
    play({ ...base, active: ['Wound'], deck: FILLER, watch: [(view) => ((rangerAttacks = attack(8, 0, 'ranger')(view)), 0)] });
    expect(rangerAttacks).toBe(-1);
  });

  it('the Graveyard is shuffled into a new deck when the deck runs out', () => {
    const game = play({ ...base, deck: FILLER }, 3);
    const s = game.state;
    while (s.deck.size > 0) s.graveyard.push(s.deck.draw());
    const graveyard = s.graveyard.toArray();
    expect(graveyard.length).toBeGreaterThan(1);
    const logged = game.log.length;
    const rules = game.rules as unknown as { drawCreature(): number };
    const drawn = rules.drawCreature();
    expect(s.graveyard.size).toBe(0);
    expect(s.deck.size).toBe(graveyard.length - 1);
    // Every card of the old Graveyard, once: the one drawn and the new deck.
    expect([drawn, ...s.deck.toArray()].sort((a, b) => a - b)).toEqual([...graveyard].sort((a, b) => a - b));
    expect(game.log.slice(logged)).toEqual([`  the Graveyard is shuffled into a new Creature deck (${graveyard.length} cards)`]);
  });
});

describe('the game module', () => {
  it('lists the 15 parties in canonical form, with the default among them', () => {
    expect(PARTIES).toHaveLength(15);
    expect(PARTIES).toContain(DEFAULT_PARTY);
    for (const party of PARTIES) expect(party.split(',')).toEqual([...party.split(',')].sort());
  });

  it('rejects bad settings like every game', () => {
    expect(() => resolveSettings(setawatch, { summons: '5' }, '--set')).toThrow(/summons=5 is not allowed/);
    expect(() => resolveSettings(setawatch, { party: 'warrior,wizard,rogue,cleric,ranger' }, '--set')).toThrow(/party=/);
    expect(() => resolveSettings(setawatch, { fire: '9' }, '--set')).toThrow(/fire=9/);
  });

  it('loads the shipped content and rejects a broken file with a clear line', () => {
    expect(() => loadContent(setawatch, undefined)).not.toThrow();
    expect(() => loadContent(setawatch, 'package.json')).toThrow(/field/);
  });

  it('plays the same game for the same seed, and logs it', () => {
    const settings = resolveSettings(setawatch, {}, '--set');
    const parsed = setawatch.content.schema.parse(JSON.parse(readFileSync(new URL('../../../content/setawatch/base.json', import.meta.url), 'utf8')));
    const logs = [0, 1].map(() => {
      const lines: string[] = [];
      setawatch.createEngine(settings, parsed, { write: (line) => lines.push(line) }).playGame(42, greedy.create({}), new OutcomeRecord(3));
      return lines;
    });
    expect(logs[0]).toEqual(logs[1]);
    expect(logs[0].some((line) => line.startsWith('round 1: '))).toBe(true);
  });

  it('throws a StrategyError naming the decision and seed for an illegal answer', () => {
    const settings = resolveSettings(setawatch, {}, '--set');
    const engine = setawatch.createEngine(settings, content, null);
    expect(() => engine.playGame(9, { name: 'bad', choose: () => 99 }, new OutcomeRecord(3))).toThrow(StrategyError);
    expect(() => engine.playGame(9, { name: 'bad', choose: () => 99 }, new OutcomeRecord(3))).toThrow(/strategy "bad" answered decision "camper" illegally in game seed 9/);
  });

  it('turns a throw inside a strategy into a StrategyError (bad input) naming the decision and seed', () => {
    const engine = setawatch.createEngine(resolveSettings(setawatch, {}, '--set'), content, null);
    const thrower = { name: 'thrower', choose: () => { throw new Error('boom'); } };
    expect(() => engine.playGame(9, thrower, new OutcomeRecord(3))).toThrow(StrategyError);
    expect(() => engine.playGame(9, thrower, new OutcomeRecord(3))).toThrow(/strategy "thrower" answered decision "camper" illegally in game seed 9: threw: boom/);
  });
});

describe('scripted dice', () => {
  it('end with their game: the next game on the same rules rolls from its own stream', () => {
    const logged = () => {
      const log: string[] = [];
      return { log, rules: new SetawatchRules(new CardTables(content, ['base'], DEFAULT_PARTY.split(',')), { summons: 1, startingFire: 7 }, { write: (line) => log.push(line) }) };
    };
    const reused = logged();
    reused.rules.playGame(5, greedy.create({}), new OutcomeRecord(3), (r) => r.scriptDice(new ScriptedThenRandom(Array(100).fill(1), r.random.streams.dice)), 1);
    reused.log.length = 0;
    reused.rules.playGame(6, greedy.create({}), new OutcomeRecord(3), undefined, 1);
    const fresh = logged();
    fresh.rules.playGame(6, greedy.create({}), new OutcomeRecord(3), undefined, 1);
    expect(reused.log).toEqual(fresh.log);
  });
});

describe('the scenario helper', () => {
  it('fails a scenario that leaves scripted steps unused, unless they are marked optional', () => {
    // Barren Plains offers no reroll, so a scripted reroll answer is never reached.
    const scenario = { camper: 'cleric', rolls: [1, 1, 1, 8, 7, 6, 8, 5, 4, 6, 5, 4], deck: ['Bear', 'Eagle', 'Wolf', 'Eagle#2', 'Bear#2', 'Wolf#2'] };
    expect(() => play({ ...scenario, other: { [Decision.reroll]: [() => 0] } })).toThrow(/left scripted steps unused: 1 decision \d+ step/);
    expect(() => play({ ...scenario, other: { [Decision.reroll]: [optional(() => 0)] } })).not.toThrow();
  });
});
