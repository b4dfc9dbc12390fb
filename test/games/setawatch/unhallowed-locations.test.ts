import { describe, expect, it } from 'vitest';
import { Decision, OptionKind } from '../../../src/games/setawatch/decisions.ts';
import { DICE_PER_SEAT, Die } from '../../../src/games/setawatch/state.ts';
import { ability, attack, content, EVERY_CARD, find, optional, play, type Step } from './scenario.ts';
import { greedyChoice } from '../../../strategies/setawatch/greedy.ts';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import type { ContentSet } from '../../../src/games/setawatch/content.ts';
import { DEFAULT_PARTY } from '../../../src/games/setawatch/index.ts';

/**
 * The printed Unhallowed and locations (shared/reference/setawatch-cards.md, sections 2 and 3) against the engine:
 * the points of their texts the other scenario tests leave open.
 */

/** Dice in seat order: cleric (camps), ranger, warrior, wizard. */
const ROLLS = [1, 1, 1, 8, 7, 6, 8, 5, 4, 6, 5, 4];
const FILLER = ['Bear#2', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant', 'Treant#2'];
const base = { camper: 'cleric', rolls: ROLLS, active: EVERY_CARD };

const logHas = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log lacks "${text}":\n${log.join('\n')}`).toBe(true);
const logLacks = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log has "${text}":\n${log.join('\n')}`).toBe(false);
/** Attack the first creature with any die, or end the Watch when none is left (padding). */
const firstOrStop = optional((view: Parameters<Step>[0]) => Math.max(0, find(view, (o, i) => o.kind[i] === OptionKind.attack && o.target[i] === 0)));
/** A watch step that looks at the options and then ends the Watch. */
const look = (check: (view: Parameters<Step>[0]) => unknown): Step => (view) => {
  check(view);
  return 0;
};

/**
 * The printed cards, transcribed from shared/reference/setawatch-cards.md sections 2 and 3: each Unhallowed as
 * "name damage/health", each location as "name fire/Line", by set (and kind).
 */
const PRINTED_UNHALLOWED: Record<string, string> = {
  base: 'Hydra 3/9; Lich 3/14; Warlord 3/11; Pyromancer 1/9; Wraith Lord 2/12; Wyvern Rider 2/12; Werewolf 3/11; Goblin Chief 2/8; Necromancer 2/9',
  preproduction: 'Phantom Cat 2/10; Corrupt Druid 2/11; Minotaur 2/10; High Priestess 2/9',
};
const PRINTED_LOCATIONS: Record<string, string> = {
  'base regular':
    "Forgotten Graveyard -2/6; Barren Plains halve/6; Dark Woods 2/7; Ancient Crypt -3/7; Goblin Caves -3/8; Underground Tomb -3/6; Witch's Shack -6/7; Lost Outpost 0/8; " +
    'Fetid Swamp -3/6; Snowy Pass -3/6; Cliff Watch -4/7; Sea Fortress -4/7; Mountain Keep -2/5; Frost Caverns -2/7; The White Monolith -3/6',
  'base final': 'Forbidden Tower -2/9',
  'base respite': 'Elven Grove -1/7; Hidden Temple -4/7; Remote Tavern 0/5; Sacred City -3/6',
  'extra-locations regular': 'Summoning Circle -1/5; Haunted Manor 2/6; Desert Ruins -4/7; Ruined Gate -2/6; Abandoned Village -2/6; The Long Road 3/7; The Grand Arena -4/6',
  'extra-locations final': 'Cursed Cathedral -2/12; The Catacombs -4/10',
  'extra-locations respite': "Wizard's Cottage 1/6; Tranquil Village 0/6",
};

/** "name a/b; ..." as [name, a, b] (a number, or the word printed). */
const entries = (list: string) =>
  list.split('; ').map((entry) => {
    const [, name, a, b] = /^(.+) (\S+)\/(\d+)$/.exec(entry) ?? [];
    return [name, Number.isNaN(Number(a)) ? a : Number(a), Number(b)];
  });

describe('the card file against the printed cards', () => {
  it('every Unhallowed: damage and health as printed, in its set', () => {
    for (const [set, list] of Object.entries(PRINTED_UNHALLOWED)) {
      expect(content.unhallowed.filter((u) => (u.set ?? 'base') === set).map((u) => [u.name, u.damage, u.health]), set).toEqual(entries(list));
    }
    expect(content.unhallowed).toHaveLength(13);
  });

  it('a game deals only the Unhallowed of the content sets in play', () => {
    const unhallowedOf = (sets: ContentSet[]) => new CardTables(content, sets, DEFAULT_PARTY.split(',')).unhallowedCards.length;
    expect(unhallowedOf(['base'])).toBe(9);
    expect(unhallowedOf(['base', 'preproduction'])).toBe(13);
  });

  it('every location: fire change and Line size as printed, in its set and kind', () => {
    for (const [group, list] of Object.entries(PRINTED_LOCATIONS)) {
      const [set, kind] = group.split(' ');
      expect(content.locations.filter((l) => (l.set ?? 'base') === set && l.kind === kind).map((l) => [l.name, l.fire, l.line]), group).toEqual(entries(list));
    }
    expect(content.locations).toHaveLength(31);
  });
});

describe('Unhallowed', () => {
  it('Hydra: "if creatures remain in the line": defeated last, it goes to the Graveyard', () => {
    // Remote Tavern deals 5; at fire 15 the light reaches 3. Each creature falls in first position.
    const game = play({ ...base, fire: 15, locations: ['Remote Tavern'], deck: ['Eagle', 'Eagle#2', 'Bear', 'Wolf', 'Hydra', ...FILLER], watch: [attack(4, 0, 'wizard'), attack(4, 0, 'warrior'), attack(5, 0, 'wizard'), attack(5, 0, 'warrior'), attack(8, 0, 'ranger'), attack(7, 0, 'ranger')] });
    logHas(game.log, 'Hydra is defeated');
    logLacks(game.log, 'Hydra returns');
    expect(game.state.lineLength).toBe(0);
    expect(game.names(game.state.graveyard).at(-1)).toBe('Hydra');
  });

  it('Hydra returns to the back face up and undamaged, with its printed health', () => {
    let back = '';
    const record: Step = (view) => {
      const s = view.state;
      const last = s.lineLength - 1;
      back = `${view.tables.names[s.lineCard[last]]} ${s.lineRevealed[last] === 1 ? 'face up' : 'face down'}, damage ${s.lineDamage[last]}, health ${view.rules.health(last)}`;
      return 0;
    };
    const game = play({ ...base, fire: 15, deck: ['Hydra', 'Bear', ...FILLER], watch: [attack(8, 0, 'ranger'), attack(4, 0, 'wizard'), record] });
    logHas(game.log, 'Hydra returns to the back of the Line');
    expect(back).toBe('Hydra face up, damage 0, health 9');
  });

  it('Lich: Ability cards still affect the Lich itself (only the creatures behind it are shielded)', () => {
    let onLich = -2;
    // Wound ("halve a revealed creature's health") on the Lich in first position.
    play({ ...base, deck: ['Lich', 'Eagle', ...FILLER], watch: [look((view) => (onLich = ability('Wound', 8, 0)(view)))] });
    expect(onLich).toBeGreaterThanOrEqual(0);
  });

  it('Warlord: "all other creatures": not itself (health 11)', () => {
    logHas(play({ ...base, deck: ['Bear', 'Warlord', ...FILLER] }).log, 'reveal Warlord (position 2, health 11)');
  });

  it('Pyromancer: no firewood for its own defeat, nor for creatures defeated once it is gone', () => {
    // Rebuke brings the Pyromancer (moved to the back by its Reveal) to first position.
    // The Ranger camps, the Cleric (1 1 1) watches: Rebuke moves the Pyromancer from the back (position 5) to the front.
    const game = play({ ...base, camper: 'ranger', fire: 12, locations: ['Remote Tavern'], deck: ['Pyromancer', 'Eagle', 'Bear', 'Wolf', 'Eagle#2', ...FILLER], watch: [ability('Rebuke', 'exhaust', 4, { aux: 0 }), attack(8, 0, 'warrior'), attack(1, 0, 'cleric'), attack(4, 0, 'wizard')] });
    logHas(game.log, 'Pyromancer is defeated');
    logHas(game.log, 'Eagle is defeated');
    expect(game.log.filter((line) => /fire \d+ -> /.test(line))).toEqual([]);
  });

  it('Pyromancer face down (not yet revealed) costs nothing: its text is not in play (ongoing=face-up)', () => {
    const game = play({ ...base, fire: 7, deck: ['Eagle', 'Bear', 'Wolf', 'Bear#2', 'Wolf#2', 'Pyromancer', ...FILLER], watch: [attack(4, 0, 'wizard')] });
    logHas(game.log, 'Eagle is defeated');
    expect(game.log.filter((line) => /fire \d+ -> /.test(line))).toEqual([]);
  });

  it('Pyromancer: a Hydra returning to the Line does not go to the Graveyard: no firewood for it', () => {
    const game = play({ ...base, fire: 12, deck: ['Hydra', 'Pyromancer', 'Eagle', ...FILLER], watch: [attack(8, 0, 'ranger'), attack(4, 0, 'wizard'), attack(5, 0, 'wizard')] });
    logHas(game.log, 'Hydra returns to the back of the Line');
    logHas(game.log, 'Eagle is defeated');
    // The Eagle's defeat alone costs a firewood.
    expect(game.log.filter((line) => /fire \d+ -> /.test(line))).toEqual(['  fire 12 -> 11']);
  });

  it('Wraith Lord defeated face down (Long Shot) exhausts nothing', () => {
    const game = play({ ...base, fire: 3, deck: ['Eagle', 'Wraith Lord', ...FILLER], watch: [ability('Long Shot', 8, 1)] });
    logHas(game.log, 'Wraith Lord is defeated');
    const defeated = game.log.findIndex((line) => line.includes('Wraith Lord is defeated'));
    expect(game.log[defeated + 1] ?? '').not.toMatch(/exhausts/);
  });

  it('Wyvern Rider pulls only Wyverns: a Wyvern Rider or other Dragon in the Graveyard stays', () => {
    const game = play({ ...base, graveyard: ['Ember Drake', 'Wyvern', 'Bear'], deck: ['Wyvern Rider', ...FILLER] });
    expect(game.log.filter((line) => line.includes('enters the Line face up'))).toEqual(['  Wyvern enters the Line face up at position 2']);
  });

  it('Necromancer: only Undead, the top two of them (a third Undead under them stays)', () => {
    const game = play({ ...base, graveyard: ['Graveshifter', 'Skeletons', 'Bear', 'Zombie Horde'], deck: ['Necromancer', ...FILLER] });
    logHas(game.log, 'Skeletons enters the Line face up');
    logHas(game.log, 'Zombie Horde enters the Line face up');
    expect(game.names(game.state.graveyard).slice(0, 2)).toEqual(['Graveshifter', 'Bear']);
  });

  it('Goblin Chief at the Goblin Caves: the Goblins it pulls have +3 health, the Chief (an Unhallowed, not a Goblin) not', () => {
    const game = play({ ...base, locations: ['Goblin Caves'], graveyard: ['Goblins#2', 'Goblins'], deck: ['Goblin Chief', ...FILLER] });
    logHas(game.log, 'reveal Goblin Chief (position 1, health 8)');
  });

  it('Corrupt Druid does nothing in the final round ("unless it is the final round") (pre-production)', () => {
    let line: string[] = [];
    const game = play({ ...base, sets: 'base+preproduction', locations: ['Forbidden Tower'], horde: [], deck: ['Bear', 'Corrupt Druid', ...FILLER], watch: [look((view) => (line = Array.from(view.state.lineCard.subarray(0, 2), (id) => view.tables.names[id])))] });
    logHas(game.log, 'reveal Corrupt Druid');
    // Looked at the first Watch decision, after the reveals: both still in the Line (the Watch then ends and the Line goes to the Horde).
    expect(line).toEqual(['Bear', 'Corrupt Druid']);
  });

  it('Minotaur at the Fetid Swamp: its First-position power costs 1 firewood (pre-production)', () => {
    const game = play({ ...base, sets: 'base+preproduction', locations: ['Fetid Swamp'], deck: ['Bear', 'Minotaur', ...FILLER] });
    logHas(game.log, 'Minotaur in first position');
    logHas(game.log, 'fire 7 -> 6');
  });

  it('Werewolf at the Dark Woods: a Bear is 4 x 2 + 1', () => {
    logHas(play({ ...base, locations: ['Dark Woods'], deck: ['Werewolf', 'Bear', ...FILLER] }).log, 'reveal Bear (position 2, health 9)');
  });
});

describe('locations', () => {
  it('the fire change is ignored in round 1: Barren Plains does not halve it', () => {
    const game = play({ ...base, fire: 7, locations: ['Barren Plains'], deck: FILLER });
    logLacks(game.log, 'fire 7 -> 3');
  });

  it('Mountain Keep: an Unhallowed is a creature ("Los profanos se consideran criaturas"): a Lich (14) beats an Ember Drake (11)', () => {
    let last = '';
    const game = play({ ...base, locations: ['Mountain Keep'], graveyard: ['Lich', 'Ember Drake', 'Bear'], deck: FILLER, watch: [look((view) => (last = view.tables.names[view.state.lineCard[view.state.lineLength - 1]]))] });
    expect(last).toBe('Lich');
    expect(game.names(game.state.graveyard)).toEqual(['Ember Drake', 'Bear']);
  });

  it('Mountain Keep adds the creature face down', () => {
    let revealed = -1;
    play({ ...base, locations: ['Mountain Keep'], graveyard: ['Ember Drake'], deck: FILLER, watch: [look((view) => (revealed = view.state.lineRevealed[view.state.lineLength - 1]))] });
    expect(revealed).toBe(0);
  });

  it('Snowy Pass: the locked die cannot attack', () => {
    // The lowest die of the party is the camper's unless the Watch rolls lower: the Wizard rolls a 1 here.
    let lockedAttacks = -2;
    const game = play({ ...base, rolls: [3, 3, 3, 8, 7, 6, 8, 5, 4, 6, 5, 1], locations: ['Snowy Pass'], deck: ['Eagle', ...FILLER], watch: [look((view) => (lockedAttacks = attack(1, 0, 'wizard')(view)))] });
    expect(game.state.dieState[3 * DICE_PER_SEAT + 2]).toBe(Die.locked);
    expect(lockedAttacks).toBe(-1);
  });

  it('Lost Outpost does not raise a die already at its maximum', () => {
    logHas(play({ ...base, rolls: [6, 6, 6, 8, 7, 6, 8, 5, 4, 6, 5, 4], locations: ['Lost Outpost'], deck: FILLER }).log, 'Cleric rolls 6 6 6');
  });

  it('Sea Fortress: also a Summon defeated face down goes under the Creature deck', () => {
    const game = play({ ...base, fire: 3, locations: ['Sea Fortress'], unhallowed: ['Warlord'], deck: ['Eagle', 'Summon!', ...FILLER], watch: [ability('Long Shot', 8, 1)] });
    logHas(game.log, 'the defeated card is a Summon!');
    expect(game.names(game.state.deck)[0]).toBe('Summon!');
    expect(game.names(game.state.graveyard)).not.toContain('Summon!');
  });

  it('Ancient Crypt: the party may pick any card of the Unhallowed deck, not only the top one', () => {
    let offered: string[] = [];
    const pick: Step = (view) => {
      offered = Array.from({ length: view.options.count }, (_, i) => view.tables.names[view.options.target[i]]);
      return find(view, (o, i) => view.tables.names[o.target[i]] === 'Necromancer');
    };
    const game = play({ ...base, locations: ['Ancient Crypt'], unhallowed: ['Lich', 'Hydra', 'Necromancer'], deck: ['Summon!', ...FILLER], other: { [Decision.unhallowed]: [pick] } });
    expect(offered.sort()).toEqual(['Hydra', 'Lich', 'Necromancer']);
    logHas(game.log, 'Necromancer enters the Line face up');
    expect(game.names(game.state.unhallowedDeck)).toEqual(expect.arrayContaining(['Lich', 'Hydra']));
  });

  it('Forgotten Graveyard: a defeated Undead under the deck costs no Pyromancer firewood (it does not go to the Graveyard)', () => {
    const game = play({ ...base, fire: 12, locations: ['Forgotten Graveyard'], deck: ['Pyromancer', 'Graveshifter', ...FILLER], watch: [attack(4, 0, 'wizard')] });
    logHas(game.log, 'Graveshifter is defeated');
    expect(game.log.filter((line) => /fire \d+ -> /.test(line))).toEqual([]);
  });

  it('Hidden Temple: a creature an Acolyte adds to the Horde spoils the clean clear', () => {
    const game = play({ ...base, active: ['Rebuke', 'Cleanse Undead', 'Far Sight', 'Wound', 'Curse'], exhausted: ['Long Shot', 'Throw Axe'], fire: 12, locations: ['Hidden Temple'], deck: ['Eagle', 'Eagle#2', 'Bear', 'Wolf', 'Bear#2', 'Wolf#2', 'Acolyte', ...FILLER], rolls: [1, 1, 1, 8, 8, 8, 8, 8, 8, 6, 6, 6], watch: Array.from({ length: 9 }, () => firstOrStop) });
    expect(game.state.lineLength).toBe(0);
    logHas(game.log, 'a creature is added to the Horde');
    logLacks(game.log, 'refreshes Long Shot');
    logLacks(game.log, 'refreshes Throw Axe');
  });

  it('Tranquil Village: a total roll of exactly 6 is not under 6', () => {
    const game = play({ ...base, sets: 'base+extra-locations', active: ['Far Sight', 'Wound'], exhausted: ['Curse'], rolls: [6, 6, 6, 8, 8, 8, 8, 8, 8, 1, 2, 3], locations: ['Tranquil Village'], deck: FILLER });
    logLacks(game.log, 'Wizard refreshes Curse');
  });

  it('Ruined Gate: with two tied for the highest roll, either may camp (and no other)', () => {
    const offered: number[] = [];
    play({ ...base, camper: undefined, sets: 'base+extra-locations', rolls: [1, 1, 1, 8, 8, 2, 8, 8, 2, 6, 5, 4], locations: ['Ruined Gate'], deck: FILLER, other: { [Decision.camper]: [(view) => { for (let i = 0; i < view.options.count; i++) offered.push(view.options.target[i]); return 0; }] } });
    expect(offered).toEqual([1, 2]);
  });

  it('Ruined Gate: an adventurer who has camped twice cannot rest, however high their roll; the highest of the others must camp', () => {
    // The Ranger camps in rounds 1 and 2 (the others, rolling high, fight as greedy does), then rolls three 8s at the
    // Ruined Gate in round 3; the Warrior's 7, 7, 7 is next, and is the only choice (so the party is not asked).
    const ranger: Step = (view) => find(view, (o, i) => o.target[i] === 1);
    const high = [6, 6, 5, 8, 7, 6, 8, 8, 7, 6, 6, 5];
    const rounds = [high, high, [1, 1, 1, 8, 8, 8, 7, 7, 7, 6, 5, 4]].flat();
    const fight = Array.from({ length: 60 }, () => optional((view: Parameters<Step>[0]) => greedyChoice(Decision.watch, view)));
    const game = play({ ...base, camper: undefined, sets: 'base+extra-locations', rounds: 3, rolls: rounds, locations: ['Barren Plains', 'Dark Woods', 'Ruined Gate'], deck: FILLER, watch: fight, other: { [Decision.camper]: [ranger, ranger] } });
    const round3 = game.log.slice(game.log.findIndex((line) => line.startsWith('round 3: Ruined Gate')));
    expect(round3.filter((line) => line.includes(' camps (rest'))).toEqual(['  Warrior camps (rest 1 of 2)']);
  });

  it('Tranquil Village refreshes only adventurers on Watch: the camper rolling under 6 refreshes just the one card every camper does', () => {
    const game = play({ ...base, sets: 'base+extra-locations', active: ['Far Sight', 'Wound', 'Curse'], exhausted: ['Rebuke', 'Banish'], rolls: [1, 1, 2, ...ROLLS.slice(3)], locations: ['Tranquil Village'], deck: FILLER });
    expect(game.log.filter((line) => line.startsWith('  Cleric refreshes'))).toHaveLength(1);
  });

  it('Cursed Cathedral: the party chooses which revealed creature falls', () => {
    const pickSecond: Step = (view) => find(view, (o, i) => o.target[i] === 1);
    const game = play({ ...base, sets: 'base+extra-locations', locations: ['Cursed Cathedral'], deck: ['Bear', 'Ember Drake', ...FILLER], other: { [Decision.target]: [pickSecond] } });
    logHas(game.log, 'Ember Drake is defeated');
  });

  it('The Catacombs: no rerolls again after the second defeat', () => {
    const anyDie: Step = (view) => find(view, (o, i) => o.kind[i] === OptionKind.choose);
    const game = play({ ...base, sets: 'base+extra-locations', locations: ['The Catacombs'], deck: ['Eagle', 'Eagle#2', ...FILLER], watch: [attack(4, 0, 'wizard'), attack(5, 0, 'wizard')], other: { [Decision.reroll]: [anyDie, anyDie, anyDie, anyDie] } });
    expect(game.log.filter((line) => line.includes('Eagle is defeated'))).toHaveLength(2);
    expect(game.log.filter((line) => line.includes('rerolls a die'))).toHaveLength(4);
  });
});

