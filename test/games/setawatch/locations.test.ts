import { describe, expect, it } from 'vitest';
import { Camp, Decision, type DecisionView, OptionKind } from '../../../src/games/setawatch/decisions.ts';
import { Die, Slot, SLOTS_PER_SEAT } from '../../../src/games/setawatch/state.ts';
import { attack, burn, campAction, card, EVERY_CARD, find, optional, play, type Step, targetIs } from './scenario.ts';

const ROLLS = [1, 1, 1, 8, 7, 6, 8, 5, 4, 6, 5, 4];
const FILLER = ['Bear', 'Eagle', 'Wolf', 'Eagle#2', 'Bear#2', 'Wolf#2', 'Fae', 'Fae#2', 'Treant'];
const base = { camper: 'cleric', rolls: ROLLS, active: EVERY_CARD };
/** Round 2 at the location, after a quiet round 1 at Remote Tavern. */
const secondRound = (location: string) => ({ ...base, rounds: 2, rolls: [...ROLLS, ...ROLLS], locations: ['Remote Tavern', location], camper: undefined });

const logHas = (log: string[], text: string) => expect(log.some((line) => line.includes(text)), `log lacks "${text}":\n${log.join('\n')}`).toBe(true);
const checkOptions = (check: Step): Step => (view) => {
  check(view);
  return 0;
};

describe('location effects', () => {
  it('Forgotten Graveyard: defeated Undead go to the bottom of the Creature deck', () => {
    const game = play({ ...base, locations: ['Forgotten Graveyard'], deck: ['Skeletons', ...FILLER], watch: [attack(8, 0, 'ranger')] });
    expect(game.state.deck.at(0)).toBe(card(game.rules.tables, 'Skeletons'));
  });

  it('Barren Plains halves the firewood, rounding down', () => {
    logHas(play({ ...secondRound('Barren Plains'), fire: 7, deck: FILLER }).log, 'fire 7 -> 3');
  });

  it.each([
    ['Dark Woods', 'Bear', 5],
    ['Goblin Caves', 'Goblins', 9],
    ['Frost Caverns', 'Wyvern', 4],
  ])('%s changes the health of a type: %s has %i', (location, creature, health) => {
    logHas(play({ ...base, locations: [location], deck: [creature, ...FILLER] }).log, `reveal ${creature} (position 1, health ${health})`);
  });

  it('Ancient Crypt lets the party pick the summoned Unhallowed', () => {
    const game = play({ ...base, locations: ['Ancient Crypt'], unhallowed: ['Lich', 'Hydra'], deck: ['Summon!', ...FILLER], other: { [Decision.unhallowed]: [(view) => targetIs(card(view.tables, 'Hydra'))(view)] } });
    logHas(game.log, 'Hydra enters the Line face up');
  });

  // The campfire table gives 1 reveal at fire 1-6, 2 at 7-11 and 3 from 12: one fewer, but never below 1.
  it.each([
    [4, 1],
    [7, 1],
    [13, 2],
  ])('Underground Tomb reveals one creature fewer (at least 1): fire %i reveals %i', (fire, reveals) => {
    const game = play({ ...base, active: ['Rebuke'], locations: ['Underground Tomb'], deck: FILLER, fire });
    expect(game.log.filter((line) => line.includes('reveal '))).toHaveLength(reveals);
  });

  it("Witch's Shack gives +1 firewood per die chopping wood", () => {
    logHas(play({ ...base, locations: ["Witch's Shack"], deck: FILLER, camp: [campAction(Camp.chop, 1)] }).log, 'fire 7 -> 10');
  });

  it('Lost Outpost raises each lowest die by 1', () => {
    logHas(play({ ...base, locations: ['Lost Outpost'], deck: FILLER }).log, 'Cleric rolls 2 1 1');
  });

  it('Fetid Swamp: each First-position power costs 1 more firewood', () => {
    const game = play({ ...base, locations: ['Fetid Swamp'], deck: ['Fae', ...FILLER] });
    logHas(game.log, 'fire 7 -> 6');
    logHas(game.log, 'fire 6 -> 5');
  });

  it('Snowy Pass locks the lowest die', () => {
    const game = play({ ...base, locations: ['Snowy Pass'], deck: FILLER });
    logHas(game.log, 'a 1 is locked on Snowy Pass');
    expect(game.state.dieState[0]).toBe(Die.locked);
  });

  it('Cliff Watch gives melee adventurers a reach of 2', () => {
    let warriorOnSecond = -2;
    play({ ...base, locations: ['Cliff Watch'], deck: FILLER, watch: [checkOptions((view) => (warriorOnSecond = attack(8, 1, 'warrior')(view)))] });
    expect(warriorOnSecond).toBeGreaterThanOrEqual(0);
  });

  it('Sea Fortress puts the Summon card at the bottom of the Creature deck', () => {
    const game = play({ ...base, locations: ['Sea Fortress'], deck: ['Summon!', ...FILLER] });
    expect(game.names(game.state.deck)[0]).toBe('Summon!');
  });

  it('Mountain Keep adds no Summon card: with only one in the Graveyard, the Line keeps its 5 cards', () => {
    const game = play({ ...base, locations: ['Mountain Keep'], graveyard: ['Summon!'], deck: FILLER });
    logHas(game.log, 'the Line: 5 cards');
    expect(game.names(game.state.graveyard)).toEqual(['Summon!']);
  });

  it('Mountain Keep adds the strongest creature of the Graveyard to the end of the Line', () => {
    // The last card listed is the Graveyard's top: the strongest is under it.
    const game = play({ ...base, locations: ['Mountain Keep'], graveyard: ['Ember Drake', 'Bear'], deck: FILLER });
    logHas(game.log, 'the Line: 6 cards');
    logHas(game.log, 'Ember Drake goes to the Horde');
  });

  it('The White Monolith refreshes an exhausted card and exhausts another', () => {
    const game = play({ ...base, active: ['Rebuke', 'Far Sight', 'Wound', 'Curse'], exhausted: ['Long Shot'], locations: ['The White Monolith'], deck: FILLER });
    logHas(game.log, 'Ranger refreshes Long Shot and exhausts Far Sight');
  });

  it('The White Monolith offers to refresh only the exhausted cards and to exhaust only the active ones', () => {
    const offered: Record<string, string[]> = {};
    const record = (decision: string): Step => (view) => {
      offered[decision] = Array.from({ length: view.options.count }, (_, i) => view.tables.abilities[view.state.slotCard[view.options.slot[i]]].name).sort();
      return 0;
    };
    play({ ...base, active: ['Rebuke', 'Far Sight', 'Elf Senses', 'Wound'], exhausted: ['Long Shot', 'Slumber'], locations: ['The White Monolith'], deck: FILLER, other: { [Decision.refresh]: [record('refresh')], [Decision.exhaust]: [record('exhaust')] } });
    // The Ranger's fifth card waits in reserve.
    expect(offered).toEqual({ refresh: ['Long Shot', 'Slumber'], exhaust: ['Elf Senses', 'Far Sight'] });
  });

  it('The White Monolith: with two cards exhausted, the adventurer chooses which one to refresh', () => {
    const pickSlumber: Step = (view) => find(view, (o, i) => view.tables.abilities[view.state.slotCard[o.slot[i]]].name === 'Slumber');
    const game = play({ ...base, active: ['Rebuke', 'Far Sight'], exhausted: ['Long Shot', 'Slumber'], locations: ['The White Monolith'], deck: FILLER, other: { [Decision.refresh]: [pickSlumber] } });
    expect(game.log.some((line) => line.includes('Ranger refreshes Slumber and exhausts Far Sight')), game.log.join('\n')).toBe(true);
  });

  it.each([
    ['any', 'fire 7 -> 10'],
    ['at-zero', 'fire 7 -> 9'],
  ] as const)('Forbidden Tower (towerBurn=%s): burning a card for fire: %s', (towerBurn, change) => {
    const game = play({ ...base, towerBurn, locations: ['Forbidden Tower'], deck: FILLER, watch: [burn('Wound')] });
    logHas(game.log, change);
  });

  it("Witch's Shack bringing the fire to 0 as the round starts: the exhaust it forces may be anyone's, as no one camps yet", () => {
    let offered: number[] = [];
    let withCards: number[] = [];
    const readSeatsAtZero: Step = ({ options, state }) => {
      if (state.fire > 0) return 0; // round 1's Line exhausting cards of the three on Watch (the cleric camps)
      offered = [...new Set(Array.from({ length: options.count }, (_, i) => Math.floor(options.slot[i] / SLOTS_PER_SEAT)))].sort();
      withCards = [0, 1, 2, 3].filter((seat) => state.slotState.subarray(seat * SLOTS_PER_SEAT, (seat + 1) * SLOTS_PER_SEAT).includes(Slot.active));
      return 0;
    };
    const exhausts = Array.from({ length: 12 }, () => optional(readSeatsAtZero));
    const game = play({ ...base, fire: 5, rounds: 2, locations: ['Barren Plains', "Witch's Shack"], deck: FILLER, other: { [Decision.exhaust]: exhausts } });
    logHas(game.log, 'fire 5 -> 0');
    logHas(game.log, 'the fire reaches 0');
    expect(offered).toContain(0);
    expect(offered).toEqual(withCards);
  });

  it.each(['any', 'at-zero'] as const)('Forbidden Tower (towerBurn=%s): the exhaust the fire at 0 forces gives +3', (towerBurn) => {
    const game = play({ ...base, towerBurn, fire: 3, locations: ['Forbidden Tower'], deck: ['Wyvern', ...FILLER] });
    logHas(game.log, 'the fire reaches 0');
    logHas(game.log, 'fire 0 -> 3');
  });

  it('Elven Grove: camp actions take any die (Heal with a 1)', () => {
    const game = play({ ...base, active: ['Rebuke', 'Far Sight'], exhausted: ['Wound'], locations: ['Elven Grove'], deck: FILLER, camp: [campAction(Camp.heal, 1, 'Wound')] });
    logHas(game.log, 'Warrior refreshes Wound');
  });

  it('Hidden Temple: clearing the Line with nothing to the Horde refreshes 2 cards', () => {
    const game = play({ ...base, active: ['Rebuke', 'Cleanse Undead', 'Far Sight', 'Wound', 'Curse'], exhausted: ['Long Shot', 'Throw Axe'], fire: 12, locations: ['Hidden Temple'], deck: ['Eagle', 'Eagle#2', 'Bear', 'Wolf', 'Bear#2', 'Wolf#2', 'Fae'], rolls: [1, 1, 1, 8, 8, 8, 8, 8, 8, 6, 6, 6], watch: [attack(8, 0), attack(8, 0), attack(8, 0), attack(8, 0), attack(8, 0), attack(8, 0), attack(6, 0)] });
    logHas(game.log, 'refreshes Long Shot');
    logHas(game.log, 'refreshes Throw Axe');
  });

  it('Remote Tavern: the camper refreshes one more card', () => {
    const game = play({ ...base, active: ['Far Sight'], exhausted: ['Rebuke', 'Banish'], locations: ['Remote Tavern'], deck: FILLER });
    logHas(game.log, 'Cleric refreshes Rebuke');
    logHas(game.log, 'Cleric refreshes Banish');
  });

  /** Declines Sacred City's Seal where the party may; it is not asked where the one Unhallowed must be sealed. */
  const declineSeal = optional((view: DecisionView) => Math.max(0, find(view, (o, i) => o.kind[i] === OptionKind.done)));

  it.each([
    ['must', true],
    ['may', false],
  ] as const)('Sacred City, sacredCity=%s, a party declining what it can: the Graveyard\'s Unhallowed sealed and the deck shuffled: %s', (sacredCity, sealed) => {
    const game = play({ ...base, sacredCity, locations: ['Sacred City'], graveyard: ['Lich'], deck: FILLER, other: { [Decision.unhallowed]: [declineSeal] } });
    expect(game.log.some((line) => line.includes('Sacred City: Lich is sealed'))).toBe(sealed);
    expect(game.log.some((line) => line.includes('Sacred City: the Unhallowed deck is shuffled'))).toBe(sealed);
    expect(game.names(game.state.graveyard).includes('Lich')).toBe(!sealed);
  });

  it('Sacred City, sacredCity=may, a party choosing to seal: the Graveyard\'s Unhallowed is sealed and the deck shuffled', () => {
    const seal = (view: DecisionView) => find(view, (o, i) => o.kind[i] === OptionKind.choose);
    const game = play({ ...base, sacredCity: 'may', locations: ['Sacred City'], graveyard: ['Lich'], deck: FILLER, other: { [Decision.unhallowed]: [seal] } });
    logHas(game.log, 'Sacred City: Lich is sealed');
    logHas(game.log, 'Sacred City: the Unhallowed deck is shuffled');
  });

  it('Sacred City with no Unhallowed in the Graveyard still shuffles the Unhallowed deck (sacredCity=must)', () => {
    const game = play({ ...base, locations: ['Sacred City'], deck: FILLER });
    logHas(game.log, 'Sacred City: the Unhallowed deck is shuffled');
  });
});

describe('extra locations', () => {
  const extra = { ...base, sets: 'base+extra-locations' };

  it('Summoning Circle adds the top Unhallowed to the end of the Line', () => {
    // Line 5 from the stacked deck, then the Warlord (the whole Unhallowed deck) last; read at the first Watch decision.
    let line: string[] = [];
    const look: Step = (view) => {
      line = Array.from(view.state.lineCard.subarray(0, view.state.lineLength), (id) => view.tables.names[id]);
      return 0; // the default answer
    };
    const game = play({ ...extra, locations: ['Summoning Circle'], unhallowed: ['Warlord'], deck: FILLER, watch: [look] });
    logHas(game.log, 'the Line: 6 cards');
    expect(line).toEqual([...FILLER.slice(0, 5).map((label) => label.split('#')[0]), 'Warlord']);
    expect(game.state.unhallowedDeck.size).toBe(0);
  });

  it('Haunted Manor: the camper refreshes nothing', () => {
    const game = play({ ...extra, active: ['Far Sight'], exhausted: ['Rebuke'], locations: ['Haunted Manor'], deck: FILLER });
    expect(game.log.some((line) => line.includes('Cleric refreshes'))).toBe(false);
  });

  it('Desert Ruins: a Summon exhausts one card more', () => {
    const game = play({ ...extra, locations: ['Desert Ruins'], unhallowed: ['Lich'], deck: ['Summon!', ...FILLER] });
    const summon = game.log.findIndex((line) => line === '  Summon!');
    expect(game.log[summon + 1]).toMatch(/exhausts/);
    expect(game.log[summon + 2]).toMatch(/exhausts/);
  });

  it('Ruined Gate: the highest roll among those able to rest must camp', () => {
    const game = play({ ...extra, camper: undefined, locations: ['Ruined Gate'], deck: FILLER });
    logHas(game.log, 'Ranger camps');
  });

  it('Abandoned Village: every die -1, to a minimum of 1', () => {
    logHas(play({ ...extra, locations: ['Abandoned Village'], deck: FILLER }).log, 'Ranger rolls 7 6 5');
  });

  it('The Long Road: no passive abilities', () => {
    // The Cleric stays on Watch with Protective Ward face up, so a revealed first creature makes the passive
    // available: it is offered at Barren Plains (the control) and not at The Long Road.
    const passivesAt = (location: string) => {
      let passives = -2;
      const game = play({ ...extra, camper: 'ranger', active: ['Protective Ward', 'Wound'], locations: [location], deck: ['Bear', ...FILLER], watch: [checkOptions((view) => (passives = find(view, (o, i) => o.kind[i] === OptionKind.passive)))] });
      logHas(game.log, 'reveal Bear (position 1');
      return passives;
    };
    expect(passivesAt('Barren Plains')).toBeGreaterThanOrEqual(0);
    expect(passivesAt('The Long Road')).toBe(-1);
  });

  it("The Long Road: a passive of the attacker's own does nothing either (Stay Dead: the Eagle the Rogue defeats goes to the Graveyard)", () => {
    const rogueKills = (location: string) => play({ ...extra, party: 'beastmaster,cleric,rogue,warrior', camper: 'cleric', rolls: [8, 7, 2, 1, 1, 1, 6, 5, 3, 8, 6, 4], active: ['Stay Dead'], locations: [location], deck: ['Eagle', ...FILLER], watch: [attack(6, 0, 'rogue')] });
    const control = rogueKills('Barren Plains');
    expect(control.names(control.state.removed)).toContain('Eagle');
    const game = rogueKills('The Long Road');
    logHas(game.log, 'Eagle is defeated');
    expect(game.names(game.state.graveyard)).toContain('Eagle');
    expect(game.names(game.state.removed)).not.toContain('Eagle');
  });

  it('The Grand Arena: dice of two adventurers may not be combined', () => {
    let wizardJoins = -2;
    play({ ...extra, locations: ['The Grand Arena'], deck: ['Treant', ...FILLER], watch: [attack(7, 0, 'ranger'), checkOptions((view) => (wizardJoins = attack(6, 0, 'wizard')(view)))] });
    expect(wizardJoins).toBe(-1);
  });

  it('Cursed Cathedral defeats one revealed creature at the start', () => {
    logHas(play({ ...extra, locations: ['Cursed Cathedral'], deck: ['Ember Drake', ...FILLER] }).log, 'Ember Drake is defeated');
  });

  it('The Catacombs: after the first defeat, each adventurer on Watch may reroll a die', () => {
    const game = play({ ...extra, locations: ['The Catacombs'], deck: ['Eagle', ...FILLER], watch: [attack(4, 0)], other: { [Decision.reroll]: Array.from({ length: 3 }, (): Step => () => 1) } });
    expect(game.log.filter((line) => line.includes('rerolls a die'))).toHaveLength(3);
  });

  it("Wizard's Cottage: the camper may reroll", () => {
    const game = play({ ...extra, locations: ["Wizard's Cottage"], deck: FILLER, other: { [Decision.reroll]: [() => 1] } });
    logHas(game.log, 'Cleric rerolls a die');
  });

  it('Tranquil Village: an adventurer on Watch with a roll under 6 may refresh', () => {
    const game = play({ ...extra, active: ['Far Sight', 'Wound'], exhausted: ['Curse'], rolls: [6, 6, 6, 8, 8, 8, 8, 8, 8, 1, 2, 2], locations: ['Tranquil Village'], deck: FILLER });
    logHas(game.log, 'Wizard refreshes Curse');
  });
});
