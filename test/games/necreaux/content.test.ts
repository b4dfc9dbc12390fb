import { describe, expect, it } from 'vitest';
import { adventureNumber, ESTIMATED_VALUES_LABEL, necreauxContentSchema, provenance } from '../../../src/games/necreaux/content.ts';
import { reference } from './helpers.ts';
import { refusal, refusalOfChanged } from '../../fixtures/content-refusal.ts';

const NAMED_SKILLS = [
  'Lucky',
  'Martial Artist',
  'Keen Senses',
  'Pyrokinetic',
  'Danger Sense',
  'Psychic Blaster',
  'Clairvoyant',
  'Polymath',
  'Perfect Strategist',
  'Scout',
  'Charmed',
  'Security Expert',
];

describe('the reference content', () => {
  it('has the rulebook’s components: 76 adventure cards A-1..A-76, 26 skills, 4 caches, the two specials', () => {
    expect(reference.adventure.map((c) => adventureNumber(c.id)).sort((a, b) => a - b)).toEqual(Array.from({ length: 76 }, (_, i) => i + 1));
    expect(reference.skills).toHaveLength(26);
    expect(reference.caches).toHaveLength(4);
    expect(reference.specials.map((s) => s.type).sort()).toEqual(['scientists', 'shuttle']);
  });

  it('marks what the rulebook prints as "rulebook" and everything else as "estimated"', () => {
    const skill = (name: string) => reference.skills.find((s) => s.name === name)!;
    for (const name of NAMED_SKILLS) {
      expect(skill(name).source).toBe('rulebook');
      expect(skill(name).estimatedValues).toBe(true);
      expect(skill(name).notes).toMatch(/estimated/);
    }
    expect(reference.specials.every((s) => s.source === 'rulebook')).toBe(true);
    expect(reference.caches.every((c) => c.source === 'rulebook' && c.startCharges === 6)).toBe(true);
    expect(reference.adventure.filter((c) => c.source === 'rulebook').map((c) => c.name)).toEqual(['Sliding Wall']);
    // Cards the rulebook gives only in part are counted apart from the rulebook's whole cards: the twelve pre-made
    // skills (names only), the three caches assumed to carry the one printed cache text, the Sliding Wall (number and
    // red text estimated). The Scientists, the Escape Shuttle and the cache whose text is printed are whole.
    expect(reference.caches.map((c) => c.estimatedValues === true)).toEqual([false, true, true, true]);
    expect(reference.adventure.find((c) => c.source === 'rulebook')!.estimatedValues).toBe(true);
    expect(provenance(reference)).toEqual({ cards: 108, bySource: { estimated: 89, rulebook: 3, [`rulebook ${ESTIMATED_VALUES_LABEL}`]: 16 } });
  });

  it('gives the rulebook’s timing hints to the named skills', () => {
    const triggers = (name: string) => reference.skills.find((s) => s.name === name)!.abilities.map((a) => a.trigger);
    expect(triggers('Scout')).toContain('turnStart');
    expect(triggers('Psychic Blaster')).toContain('turnStart');
    expect(triggers('Martial Artist')).toContain('combat');
    expect(triggers('Clairvoyant')).toContain('draw');
    expect(reference.skills.find((s) => s.name === 'Clairvoyant')!.startCharges).toBe(0);
  });

  it('uses every glossary keyword on at least one card', () => {
    const monsters = reference.adventure.flatMap((c) => (c.type === 'monster' ? [c] : []));
    const keywordsOf = (key: string) => monsters.some((m) => (m.keywords as Record<string, unknown>)[key] !== undefined);
    for (const key of ['boost', 'brutal', 'chaoticDamage', 'chaoticTargets', 'durable', 'explosive', 'parasite', 'relentless', 'stun', 'swarming']) {
      expect(keywordsOf(key), key).toBe(true);
    }
    expect(monsters.some((m) => m.loot > 0)).toBe(true);
    const held = [...reference.skills, ...reference.adventure.flatMap((c) => (c.type === 'item' ? [c] : []))];
    for (const key of ['unstoppable', 'irreplaceable', 'soloBonus'] as const) expect(held.some((c) => c.keywords[key]), key).toBe(true);
    const effects = JSON.stringify(reference);
    expect(effects).toContain('"op":"delay"');
    expect(effects).toContain('"op":"neutralize"');
  });

  it('spreads the card types over the three How To Play piles', () => {
    const pile = (n: number) => (n <= 25 ? 0 : n <= 50 ? 1 : 2);
    for (const type of ['monster', 'trap', 'event', 'room', 'item']) {
      const piles = new Set(reference.adventure.filter((c) => c.type === type).map((c) => pile(adventureNumber(c.id))));
      expect(piles.size, type).toBe(3);
    }
  });

  it('rejects duplicate ids', () => {
    const duplicate = structuredClone(reference);
    duplicate.skills[1].id = duplicate.skills[0].id;
    expect(refusal(necreauxContentSchema, duplicate)).toBe(`field skills[1] (${duplicate.skills[1].name}).id: "${duplicate.skills[0].id}" is already skills[0]'s id`);
    const across = structuredClone(reference);
    across.caches[0].id = across.adventure[5].id;
    expect(refusal(necreauxContentSchema, across)).toBe(`field caches[0] (Secret Cache).id: "${across.adventure[5].id}" is already adventure[5]'s id`);
  });

  type Editable = {
    specials: { type: string }[];
    premade: string[][];
    adventure: { id: string; type: string; pass?: unknown[]; fail?: unknown[]; effects?: unknown[]; test?: { failWhen?: string } }[];
    skills: { id: string; abilities?: { trigger: string; cost?: unknown; effect: unknown }[] }[];
  };
  const cardOf = (content: Editable, id: string) => content.adventure.find((card) => card.id === id)!;
  const abilitiesOf = (content: Editable, id: string) => content.skills.find((skill) => skill.id === id)!.abilities!;
  const tooFastTrap = 'A-8';

  it.each<[string, (content: Editable) => void, string]>([
    ['two Scientists cards', (c) => (c.specials[1].type = 'scientists'), 'field specials: specials must be one scientists and one shuttle card'],
    ['a pre-made skill no skill card names', (c) => (c.premade[0] = ['Lucky', 'Martial Artist', 'Nobody']), 'field premade[0][2]: premade skill "Nobody" is not a skill card'],
    ['a shortfall effect in a trap\'s pass text', (c) => (cardOf(c, tooFastTrap).pass = cardOf(c, tooFastTrap).fail), 'field adventure[7] (Tripwire): A-8: countdownShortfall belongs in the fail text, not the pass text'],
    ['a shortfall effect on a trap too slow to fall short', (c) => (cardOf(c, tooFastTrap).test!.failWhen = 'aboveSpeed'), 'field adventure[7] (Tripwire): A-8: countdownShortfall needs a speed test that fails below the speed (a too-fast test)'],
    ['a shortfall effect on an event', (c) => (cardOf(c, 'A-13').effects = [{ op: 'damageShortfall', per: 8 }]), "field adventure[12] (Collapsing Bridge): A-13: damageShortfall is a too-fast trap's fail effect only"],
    ['an effect at a trigger where it cannot happen', (c) => (abilitiesOf(c, 'S-1')[0].trigger = 'turnStart'), 'field skills[0] (Lucky).abilities[0]: effect "reroll" cannot trigger on "turnStart"'],
    ['a passive effect that only a trigger can start', (c) => (abilitiesOf(c, 'S-1')[0] = { trigger: 'passive', effect: { op: 'chargeSelf', amount: 1 } }), 'field skills[0] (Lucky).abilities[0]: effect "chargeSelf" cannot be passive'],
    ['a passive bonus with a cost', (c) => (abilitiesOf(c, 'S-3')[0].cost = { charges: 1 }), 'field skills[2] (Keen Senses).abilities[0]: a passive ability has no cost'],
  ])('refuses %s, naming the field and saying why', (_, change, message) => {
    const refused = refusalOfChanged(necreauxContentSchema, reference, change);
    expect(refused.endsWith(message), refused).toBe(true);
  });

  it('refuses a second skill of a name (the pre-made sets name skills), and a skill in two pre-made places', () => {
    const lucky = reference.skills.findIndex((s) => s.name === 'Lucky');
    const twoLuckies = structuredClone(reference);
    twoLuckies.skills.push({ ...twoLuckies.skills[lucky], id: 'S-99', startCharges: 3 });
    expect(refusal(necreauxContentSchema, twoLuckies)).toBe(`field skills[26] (Lucky).name: "Lucky" is already skills[${lucky}]'s name; the pre-made sets name skills by name`);
    const twice = structuredClone(reference);
    twice.premade[2][1] = twice.premade[0][0];
    expect(refusal(necreauxContentSchema, twice)).toBe(`field premade[2][1]: "${twice.premade[0][0]}" is already listed at premade[0][0]; a skill card starts with one agent only`);
  });

  it('takes adventure cards and caches that share a name (two Sliding Walls, four Secret Caches)', () => {
    expect(reference.adventure.filter((c) => c.name === 'Sliding Wall')).toHaveLength(2);
    expect(reference.caches.filter((c) => c.name === 'Secret Cache')).toHaveLength(4);
    const more = structuredClone(reference);
    more.adventure.push({ ...more.adventure[0], id: 'A-77' });
    expect(refusal(necreauxContentSchema, more)).toBe('accepted');
  });
});
