import { describe, expect, it } from 'vitest';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import type { ContentSet, SetawatchContent } from '../../../src/games/setawatch/content.ts';
import { Camp, Decision, type DecisionView, MapMode, OptionKind } from '../../../src/games/setawatch/decisions.ts';
import { DICE_PER_SEAT } from '../../../src/games/setawatch/state.ts';
import { ability, campAction, content, EVERY_CARD, find, passive, play, type Step } from './scenario.ts';

/**
 * The adventurer boards and ability cards (shared/reference/setawatch-cards.md, section 4) against the card file and
 * the engine: the printed numbers as a table, then the points of the cards' texts the other scenario tests leave open.
 */

const logHas = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log lacks "${text}":\n${log.join('\n')}`).toBe(true);
/** A watch (or camp) step that looks at the options and then ends the phase. */
const look = (check: (view: DecisionView) => unknown): Step => (view) => {
  check(view);
  return 0;
};

/** The boards, transcribed from section 4's table: "id name dN range", with the camp action's printed numbers below. */
const PRINTED_BOARDS =
  'beastmaster Beast Master d8 ranged; cleric Cleric d6 ranged; ranger Ranger d8 ranged; rogue Rogue d6 melee; warrior Warrior d8 melee; wizard Wizard d6 ranged; knight Knight d8 melee; bard Bard d6 melee';
/** Set Trap; Heal "(Requirement: 4+)"; Elven Scout "top 4"; Prepared; Wood Axe "firewood +4"; Teleport "draw 4"; Assist; Multi-Talented. */
const PRINTED_CAMP: Record<string, object> = {
  beastmaster: { op: 'setTrap', name: 'Set Trap' },
  cleric: { op: 'heal', name: 'Heal', minDie: 4 },
  ranger: { op: 'arrangeTop', name: 'Elven Scout', count: 4 },
  rogue: { op: 'prepared', name: 'Prepared' },
  warrior: { op: 'fire', name: 'Wood Axe', amount: 4 },
  wizard: { op: 'teleport', name: 'Teleport', count: 4 },
  knight: { op: 'assist', name: 'Assist' },
  bard: { op: 'multiTalented', name: 'Multi-Talented' },
};
/** "Tamed Creature Limit: 2", on the Beast Master's (pre-production) board only. */
const PRINTED_TAMED_LIMIT: Record<string, number> = { beastmaster: 2 };
/** The ability cards, as section 4 lists them; "(P)" marks a passive card. */
const PRINTED_ABILITIES: Record<string, string> = {
  beastmaster: 'Tame Beast; Set Snares; Hunt; Animal Sentry; Tracking (P)',
  cleric: 'Rebuke; Cleanse Undead; Banish; Blinding Light; Protective Ward (P)',
  ranger: 'Elf Senses; Far Sight; Long Shot; Slumber; Sharpshooter (P)',
  rogue: 'Poison Blade; Throwing Daggers; Backstab; Smoke Bomb; Stay Dead (P)',
  warrior: 'Wound; Throw Axe; Giants Bane; Berserker; Cleave (P)',
  wizard: 'Curse; Chaos Blast; Polymorph; Shockbolt; Illuminate (P)',
  knight: 'Shield Bash; Magic Sword; Taunt; Dragon Lance; Inspire (P)',
  bard: 'Song of Discord; Siren Song; Line Dance; Harmonize (P); Song of Pain (P)',
};
/** Every number printed on an ability card, and the target its text names, as the card file's steps must carry them. */
const PRINTED_NUMBERS: Record<string, object[][]> = {
  'Blinding Light': [[{ op: 'reveal', count: 2, negateReveal: true }], [{ op: 'reveal', count: 1, negateReveal: true }]],
  'Elf Senses': [[{ op: 'revealBonus', amount: 1, negateNextReveal: true }]],
  'Far Sight': [[{ op: 'rangeBonus', amount: 1 }]],
  'Poison Blade': [[{ op: 'attackBonus', amount: 2, attacks: 2 }]],
  'Throwing Daggers': [[{ op: 'reveal', count: 1 }, { op: 'maxDie' }, { op: 'ownRanged' }]],
  Backstab: [[{ op: 'reveal', count: 2 }, { op: 'defeatUpToRoll', target: { at: 'revealed' } }]],
  'Throw Axe': [[{ op: 'damage', amount: 8, target: { at: 'second' } }]],
  'Giants Bane': [[{ op: 'doubleDiceOnHealth', min: 10 }]],
  Shockbolt: [[{ op: 'defeat', target: { at: 'revealed', maxHealth: 8 } }]],
  'Chaos Blast': [[{ op: 'defeatPair', target: { at: 'revealed' } }, { op: 'drawToLineEnd', count: 1 }]],
  'Long Shot': [[{ op: 'defeat', target: { at: 'unrevealed' } }]],
  'Animal Sentry': [[{ op: 'spendTamedDefeat', target: { at: 'last' } }]],
  Rebuke: [[{ op: 'move', target: { at: 'revealed' }, to: 'anywhere' }], [{ op: 'defeat', target: { at: 'first', types: ['Undead'] } }]],
  Banish: [[{ op: 'move', target: { types: ['Undead'], unhallowed: true }, to: 'deckBottom' }]],
  'Set Snares': [[{ op: 'move', target: { at: 'revealed' }, to: 'deckTop' }]],
  Hunt: [[{ op: 'tame', target: { at: 'graveyard', types: ['Forest Creature'] } }]],
  'Tame Beast': [[{ op: 'tame', target: { at: 'revealed', types: ['Forest Creature'] } }]],
  'Dragon Lance': [[{ op: 'defeat', target: { types: ['Dragon'] } }], [{ op: 'damage', amount: 6, target: { at: 'second' } }]],
  'Magic Sword': [[{ op: 'defeat', target: { at: 'first' } }]],
  'Siren Song': [[{ op: 'tame', target: { types: ['Human', 'Goblin'] }, untilEndOfRound: true }]],
};

const boards = () =>
  PRINTED_BOARDS.split('; ').map((entry) => {
    const [, id, name, die, range] = /^(\S+) (.+) d(\d) (ranged|melee)$/.exec(entry) ?? [];
    return { id, name, die: Number(die), range };
  });

/** The compiled tables of every adventurer (two parties of four, with the pre-production set). */
function compiled(): CardTables['adventurers'][number][] {
  const sets: ContentSet[] = ['base', 'preproduction'];
  return [['beastmaster', 'cleric', 'ranger', 'rogue'], ['warrior', 'wizard', 'knight', 'bard']].flatMap((party) => [...new CardTables(content, sets, party).adventurers]);
}

describe('the adventurer boards and ability cards against the printed cards', () => {
  it('every board: die, range, camp action and its numbers, tamed limit', () => {
    expect(content.adventurers.map((a) => ({ id: a.id, name: a.name, die: a.die, range: a.range }))).toEqual(boards());
    for (const adventurer of content.adventurers) {
      expect(adventurer.camp, adventurer.id).toEqual(PRINTED_CAMP[adventurer.id]);
      expect(adventurer.tamedLimit, adventurer.id).toBe(PRINTED_TAMED_LIMIT[adventurer.id] ?? 0);
    }
  });

  it('the engine compiles each board as printed', () => {
    const byId = new Map(compiled().map((a) => [a.id, a]));
    for (const { id, die, range } of boards()) {
      const adventurer = byId.get(id);
      expect({ die: adventurer?.die, ranged: adventurer?.ranged, camp: adventurer?.camp, tamedLimit: adventurer?.tamedLimit }, id).toEqual({ die, ranged: range === 'ranged', camp: PRINTED_CAMP[id], tamedLimit: PRINTED_TAMED_LIMIT[id] ?? 0 });
    }
  });

  it('every adventurer: the five ability cards printed for them, the passive ones passive', () => {
    for (const [id, list] of Object.entries(PRINTED_ABILITIES)) {
      const printed = list.split('; ').map((entry) => ({ name: entry.replace(' (P)', ''), passive: entry.endsWith(' (P)') }));
      expect(content.abilities.filter((a) => a.adventurer === id).map((a) => ({ name: a.name, passive: a.passive })), id).toEqual(printed);
    }
    expect(content.abilities).toHaveLength(40);
  });

  it("every number and named target printed on an ability card is in the card's steps", () => {
    for (const [name, modes] of Object.entries(PRINTED_NUMBERS)) {
      const card = content.abilities.find((a) => a.name === name);
      expect(card?.modes, name).toHaveLength(modes.length);
      expect(card?.modes, name).toMatchObject(modes);
    }
  });

  it('direct attacks reach position 1 for a melee board, positions 1-2 for a ranged one (no card in play adding range)', () => {
    // Three creatures revealed at fire 12; every card face up except those that change a reach (Far Sight only when
    // used; Song of Pain is passive and would let the Bard strike anywhere).
    const active = EVERY_CARD.filter((name) => name !== 'Song of Pain');
    const reaches = new Map<string, number[]>();
    const record = look((view) => {
      for (let i = 0; i < view.options.count; i++) {
        if (view.options.kind[i] !== OptionKind.attack) continue;
        const id = view.tables.adventurers[Math.floor(view.options.die[i] / DICE_PER_SEAT)].id;
        reaches.set(id, [...new Set([...(reaches.get(id) ?? []), view.options.target[i]])].sort());
      }
    });
    const deck = ['Lich', 'Warlord', 'Werewolf', 'Bear', 'Wolf', 'Eagle', 'Treant', 'Treant#2'];
    const rolls = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
    for (const [party, campers] of [['beastmaster,cleric,ranger,rogue', ['rogue', 'beastmaster']], ['bard,knight,warrior,wizard', ['bard', 'knight']]] as const) {
      for (const camper of campers) play({ party, sets: 'base+preproduction', camper, fire: 12, rolls, active, deck, watch: [record] });
    }
    const expected = Object.fromEntries(boards().map(({ id, range }) => [id, range === 'ranged' ? [0, 1] : [0]]));
    expect(Object.fromEntries([...reaches].sort())).toEqual(Object.fromEntries(Object.entries(expected).sort()));
  });
});

/** Party beastmaster, cleric, rogue, warrior: the cleric camps; dice in seat order. */
const FIRST = { party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', rolls: [8, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4] };
/** Party cleric, ranger, warrior, wizard; the ranger camps, the cleric (dice 1 1 1) watches. */
const SECOND = { camper: 'ranger', rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2] };
const FILLER = ['Bear#2', 'Eagle#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant', 'Treant#2'];

/** Hunt, with a die of this value or exhausted, on the Graveyard card of this name. */
const hunt = (name: string, use: number | 'exhaust'): Step => (view) => find(view, (o, i) => o.kind[i] === OptionKind.ability && view.tables.abilities[view.state.slotCard[o.slot[i]]].name === 'Hunt' && (use === 'exhaust' ? o.die[i] < 0 : o.die[i] >= 0 && view.state.dieValue[o.die[i]] === use) && view.tables.names[view.state.graveyard.at(o.target[i])] === name);

describe('Beast Master', () => {
  /** Whether Tame Beast and Tracking are still offered once Hunt has tamed two creatures. */
  function afterTwoTamed(cards: SetawatchContent) {
    const offered = { tameBeast: false, tracking: false };
    const game = play({
      ...FIRST,
      content: cards,
      active: ['Hunt', 'Tame Beast', 'Tracking'],
      graveyard: ['Bear', 'Wolf'],
      deck: ['Eagle', ...FILLER.filter((name) => name !== 'Eagle#2')],
      watch: [hunt('Bear', 2), hunt('Wolf', 'exhaust'), look((view) => (offered.tameBeast = ability('Tame Beast', 8, 0)(view) >= 0, offered.tracking = passive('Tracking')(view) >= 0))],
    });
    logHas(game.log, 'Beast Master tames Bear');
    logHas(game.log, 'Beast Master tames Wolf');
    return offered;
  }

  /** The shipped cards with the Beast Master's limit left out, as a card file may. */
  function withoutTamedLimit(): SetawatchContent {
    const unlimited = structuredClone(content);
    unlimited.adventurers.find((a) => a.id === 'beastmaster')!.tamedLimit = 0;
    return unlimited;
  }

  it('"Tamed Creature Limit: 2": with two tamed, neither Tame Beast nor Tracking tames a third', () => {
    expect(afterTwoTamed(content)).toEqual({ tameBeast: false, tracking: false });
    // The same board without the limit tames a third: the limit is what stops it.
    expect(afterTwoTamed(withoutTamedLimit())).toEqual({ tameBeast: true, tracking: true });
  });

  it('"Tamed Creature Limit: 2": with two tamed by Tame Beast, Hunt takes no third from the Graveyard', () => {
    const huntOffered = (cards: SetawatchContent) => {
      let offered = false;
      play({ ...FIRST, content: cards, active: ['Tame Beast', 'Hunt'], graveyard: ['Bear'], deck: ['Eagle', 'Wolf', ...FILLER], watch: [ability('Tame Beast', 2, 0), ability('Tame Beast', 'exhaust', 0), look((view) => (offered = hunt('Bear', 8)(view) >= 0))] });
      return offered;
    };
    expect(huntOffered(content)).toBe(false);
    expect(huntOffered(withoutTamedLimit())).toBe(true);
  });

  it('Hunt tames only a Forest Creature from the Graveyard; Tracking only a Forest Creature in first position', () => {
    const offered = { goblins: true, bear: false, tracking: true };
    play({
      ...FIRST,
      active: ['Hunt', 'Tracking'],
      graveyard: ['Goblins', 'Bear'],
      deck: ['Bandit', ...FILLER],
      other: { [Decision.steal]: [(view) => Math.max(0, find(view, (o, i) => view.state.dieValue[o.die[i]] === 1))] },
      watch: [look((view) => ((offered.goblins = hunt('Goblins', 2)(view) >= 0), (offered.bear = hunt('Bear', 2)(view) >= 0), (offered.tracking = passive('Tracking')(view) >= 0)))],
    });
    expect(offered).toEqual({ goblins: false, bear: true, tracking: false });
  });
});

describe('Cleric', () => {
  it('Protective Ward works once per round: the creature coming first after the warded one is not warded', () => {
    let again = -2;
    const game = play({ ...SECOND, active: ['Protective Ward'], deck: ['Bear', 'Wolf', ...FILLER], watch: [passive('Protective Ward'), look((view) => (again = passive('Protective Ward')(view)))] });
    logHas(game.log, 'Bear goes to the Horde');
    expect(again).toBe(-1);
  });

  it('Banish takes an Undead that is not Unhallowed too (Skeletons), and no other creature', () => {
    let onBear = -2;
    const game = play({ ...SECOND, active: ['Banish'], deck: ['Bear', 'Skeletons', ...FILLER], watch: [(view) => ((onBear = ability('Banish', 1, 0)(view)), ability('Banish', 1, 1)(view))] });
    expect(onBear).toBe(-1);
    logHas(game.log, 'Skeletons goes to the deckBottom');
    expect(game.names(game.state.deck).includes('Skeletons')).toBe(true);
  });

  it("Rebuke's defeat takes an Undead in first position only: not one second, not a first creature of another type", () => {
    const defeatOffered = (deck: string[]) => {
      const positions: number[] = [];
      play({
        ...SECOND,
        active: ['Rebuke'],
        deck: [...deck, ...FILLER],
        watch: [look((view) => [0, 1].forEach((p) => ability('Rebuke', 1, p, { mode: 1 })(view) >= 0 && positions.push(p)))],
      });
      return positions;
    };
    expect(defeatOffered(['Skeletons', 'Bear'])).toEqual([0]);
    expect(defeatOffered(['Bear', 'Skeletons'])).toEqual([]);
  });
});

describe('Wizard', () => {
  it('Teleport: four from the unused deck, one chosen ("swap one": keeping the next location is not offered) on top of the map, the old next location and the other three under the unused deck', () => {
    let offered: number[][] = [];
    const pick = (view: DecisionView) => {
      offered = Array.from({ length: view.options.count }, (_, i) => [view.options.kind[i], view.options.target[i], view.options.mode[i]]);
      return find(view, (o, i) => o.kind[i] === OptionKind.choose && o.target[i] === 2);
    };
    const game = play({
      camper: 'wizard',
      rolls: [1, 1, 1, 8, 7, 2, 8, 5, 4, 6, 5, 2],
      active: EVERY_CARD,
      locations: ['Barren Plains', 'Goblin Caves'],
      // The Forgotten Graveyard is the card file's first location (number 0): it goes back under the unused deck too.
      unused: ['Dark Woods', 'Forgotten Graveyard', 'Mountain Keep', 'Frost Caverns', 'Cliff Watch'],
      deck: FILLER,
      camp: [campAction(Camp.own, 6)],
      other: { [Decision.map]: [pick] },
    });
    expect(offered).toEqual([0, 1, 2, 3].map((seen) => [OptionKind.choose, seen, MapMode.teleport]));
    const name = (id: number) => game.rules.tables.locations[id].name;
    logHas(game.log, 'Teleport: next is Mountain Keep');
    expect(name(game.state.mapDeck.peek())).toBe('Mountain Keep');
    const unused = game.state.unusedLocations.toArray().map(name);
    expect(unused.at(-1)).toBe('Cliff Watch');
    expect(new Set(unused.slice(0, 4))).toEqual(new Set(['Goblin Caves', 'Dark Woods', 'Forgotten Graveyard', 'Frost Caverns']));
  });
});

describe('Animal Sentry: "spend a tamed forest creature"', () => {
  it('a Bard holding it (Multi-Talented borrows it when the Beast Master is not in the game) cannot spend a Goblin tamed by Siren Song', () => {
    // The card file gives the Bard Animal Sentry in place of Song of Pain (the state Multi-Talented leaves).
    const cards = structuredClone(content);
    cards.abilities.find((a) => a.name === 'Animal Sentry')!.adventurer = 'bard';
    cards.abilities.find((a) => a.name === 'Song of Pain')!.adventurer = 'beastmaster';
    let sentry = -2;
    const game = play({
      party: 'cleric,warrior,knight,bard',
      sets: 'base+preproduction',
      camper: 'cleric',
      rolls: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4],
      content: cards,
      active: ['Siren Song', 'Animal Sentry'],
      deck: ['Goblins', ...FILLER],
      watch: [ability('Siren Song', 4, 0), look((view) => (sentry = ability('Animal Sentry', 4, view.state.lineLength - 1)(view)))],
    });
    logHas(game.log, 'Bard tames Goblins');
    expect(sentry).toBe(-1);
  });

  it('with two tamed Forest Creatures, spends the lower die (the Eagle of 3, tamed second, not the Bear of 4)', () => {
    const game = play({
      ...FIRST,
      active: ['Hunt', 'Tame Beast', 'Animal Sentry'],
      graveyard: ['Bear'],
      deck: ['Eagle', ...FILLER],
      watch: [ability('Hunt', 2, 0), ability('Tame Beast', 7, 0), (view) => ability('Animal Sentry', 8, view.state.lineLength - 1)(view)],
    });
    logHas(game.log, 'Beast Master tames Bear (an attack die of 4)');
    logHas(game.log, 'Beast Master tames Eagle (an attack die of 3)');
    expect(game.names(game.state.graveyard)).toContain('Eagle');
    expect(game.names(game.state.tamed)).toEqual(['Bear']);
  });
});
