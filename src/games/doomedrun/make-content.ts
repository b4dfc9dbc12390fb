/**
 * Writes content/doomedrun/run.json: the seven Realm Deck Lists as printed in the Doomed Run rulebook, base-game cards
 * copied from content/setawatch/base.json with their printed values, and estimates (source "estimated") for every
 * card that is not public. The estimation rules are here and in RULES.md; a user's --content file replaces them.
 *
 *   npx tsx src/games/doomedrun/make-content.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;
const base = JSON.parse(readFileSync(new URL('../../../content/setawatch/base.json', import.meta.url), 'utf8')) as {
  creatures: Json[];
  unhallowed: Json[];
  locations: Json[];
  adventurers: Json[];
  abilities: Json[];
};

const SAW = 'Set a Watch';
const SOTC = 'Swords of the Coin';
const OUT = 'Outriders';
const FI = 'Forsaken Isles';
const DR = 'Doomed Run';

/** Rulebook names that differ from base.json names. */
const ALIAS: Record<string, string> = {
  Bandits: 'Bandit',
  'Grand Arena': 'The Grand Arena',
  'Long Road': 'The Long Road',
  Catacombs: 'The Catacombs',
  'White Monolith': 'The White Monolith',
};

interface RealmList {
  realm: number;
  doom: number;
  creatures: [string, string, number][];
  locations: [string, string][];
  final: [string, string];
  unhallowed: [string, string][];
}

const c = (from: string, names: string, copies = 2): [string, string, number][] =>
  names.split(', ').map((entry) => {
    const m = /^(.*) x(\d)$/.exec(entry);
    return m ? [from, m[1], Number(m[2])] : [from, entry, copies];
  });
const l = (from: string, names: string): [string, string][] => names.split(', ').map((name) => [from, name]);

const REALMS: RealmList[] = [
  {
    realm: 1,
    doom: 0,
    creatures: [
      ...c(SAW, 'Bandits, Eagle, Goblins'),
      ...c(SOTC, 'Coffin Rat Swarm'),
      ...c(DR, 'Acolyte Initiate, Carrier Dragon, Corrupt Guards, Enraged Farmer, Gargoyle, Haunted Highwayman, Sewer Ghoul, Spooked Horse, Supplicant, Topiary Beasts, Torch-wielding Mob'),
    ],
    locations: [...l(SAW, 'Abandoned Village, Ancient Crypt, Barren Plains, Grand Arena, Lost Outpost, Ruined Gate, White Monolith'), ...l(SOTC, 'Elven Canal, Gated City'), ...l(DR, 'Palace Gardens, Pine Castle, Royal Bridge')],
    final: [SAW, 'Forbidden Tower'],
    unhallowed: [...l(SAW, 'High Priestess'), ...l(SOTC, 'Dark Champion, Dream Master, Mastermind'), ...l(OUT, 'Golem Sculptor, Keeper of Memories, Living Mirror'), ...l(FI, 'Strigoi Lord')],
  },
  {
    realm: 2,
    doom: 1,
    creatures: [
      ...c(SAW, 'Acolyte, Fell Beast, Wolf'),
      ...c(SOTC, 'Clockwork Soldiers, Crawling Ooze, Scoundrel, Vampire (Swords of the Coin)'),
      ...c(OUT, 'Boar, River Troll, Wyvern Hatchling'),
      ...c(DR, 'Masked Creature, Masked Giant, Plague Doctor'),
    ],
    locations: [...l(SAW, 'Underground Tomb'), ...l(SOTC, "Adventurer's Guild, Carnival of Fear, Demolished Caravan, Forsaken Asylum, Grand Bazaar, Nomad Camp, Smuggler's Harbor, The Light House, Thieves Den, Trading Outpost, Tribal Lands")],
    final: [SOTC, 'Tower Ruins'],
    unhallowed: [...l(SAW, 'Pyromancer, Warlord'), ...l(SOTC, 'Clockwork Commander, Collector, Gorgon'), ...l(OUT, 'Hulking Amalgam, Raging Inferno'), ...l(FI, 'Centipede')],
  },
  {
    realm: 3,
    doom: 1,
    creatures: [
      ...c(SAW, 'Bear, Fae, Forest Giant, Graveshifter, Shade, Skeletons, Treant, Wolf'),
      ...c(SOTC, 'Goblin Scouts, Seal Breaker Acolyte'),
      ...c(OUT, 'Evil Apparition, Forest Sprite, Forgotten Sentinel, Goblin Archer'),
    ],
    locations: [...l(SAW, "Dark Woods, Goblin Caves, Long Road, Witch's Shack"), ...l(SOTC, 'Fog of Memory, Tall Grass'), ...l(FI, 'Fae Realms'), ...l(DR, 'Eerie Forest, Enchanted Ruins, Goblin Knoll, Hidden Waterfall, Rising Stones')],
    final: [SOTC, 'Broken Altar'],
    unhallowed: [...l(SAW, 'Corrupt Druid, Hydra, Phantom Cat, Werewolf'), ...l(SOTC, 'Carnivorous Tree, Crow Prime'), ...l(FI, 'Giant Bird, Korganto')],
  },
  {
    realm: 4,
    doom: 2,
    creatures: [
      ...c(SAW, 'Fire Serpent'),
      ...c(SOTC, 'Floating Mind'),
      ...c(OUT, 'Acid Dragon'),
      ...c(FI, 'Cliff Crab, Cursed Wanderer, Drowned Pirates, Fog Shark, Harpy x4, Lantern Goblin, Living Shadow, Ocean Drake, Roctopuss, Sea Foam, Siren Acolyte'),
      ...c(DR, 'Fae Acolyte'),
    ],
    locations: [
      ...l(FI, 'Breeding Grounds, Floating Mausoleum, Ill Winds, Isle of Forsaken Constructs, Jungle Cove, Loggerhead, Luminescent Reef, Phantom Vessel, Prison Barge, Risen City, Ship Graveyard, The Great Sargassum'),
      ...l(DR, 'Coastal Rocks'),
    ],
    final: [FI, 'House of the Unhallowed'],
    unhallowed: [...l(SOTC, 'The Formless'), ...l(FI, 'Hull Spider, Kelpie, Leviathan, Megamaw, MerKing, Sea Dragon, Sleeper')],
  },
  {
    realm: 5,
    doom: 2,
    creatures: [
      ...c(SAW, 'Eagle, Wyvern'),
      ...c(SOTC, 'Enchanted Golem, Frost Wyrm, Hoard Drake, Wandering Giant'),
      ...c(OUT, 'Boar Rider, Dragon Rider, Goblin Acolyte, Yak'),
      ...c(FI, 'Cave Cyclops, Undead Goblin'),
      ...c(DR, 'Giant Acolyte, Haunted Highwayman, Mountain Ape'),
    ],
    locations: [...l(SAW, 'Cliff Watch, Frost Caverns, Mountain Keep, Sea Fortress, Snowy Pass'), ...l(SOTC, 'Hidden Pass, Rope Bridge'), ...l(FI, 'Pillar Rock, Shore Cliffs, Skull Gate, Spear Point Bluff'), ...l(DR, 'Fortified Precipice, Shadowy Ridge, Tall Fortress')],
    final: [SAW, 'Catacombs'],
    unhallowed: [...l(SAW, 'Goblin Chief, Minotaur, Wyvern Rider'), ...l(SOTC, 'Sound of Doom, Wendigo, White Demon'), ...l(OUT, 'Goblin Hurler'), ...l(FI, 'Horn Beetle')],
  },
  {
    realm: 6,
    doom: 3,
    creatures: [
      ...c(SAW, 'Vampire, Zombie Horde'),
      ...c(SOTC, 'Bone Knight, Giant Bat, Herald Acolyte, Poison Spider, Scarecrow'),
      ...c(OUT, 'Living Doll, Undead Acolyte'),
      ...c(FI, 'Mist Terror, Will of the Wisp, Wounded Messenger'),
      ...c(DR, 'Masked Creature, Masked Giant, Plague Doctor'),
    ],
    locations: [
      ...l(SAW, 'Fetid Swamp, Forgotten Graveyard, Haunted Manor, Summoning Circle'),
      ...l(SOTC, 'Bone Henge, Living House, Moving Forest'),
      ...l(FI, 'Crimson Beach, Disappearing Continent, River of Lost Souls'),
      ...l(DR, 'Athenaeum of the Vile, Bewitched Castle, Gnarled Tree, Necropolis Vault, Web Kingdom'),
    ],
    final: [DR, 'Deadly Stairs'],
    unhallowed: [...l(SAW, 'Lich, Necromancer, Wraith Lord'), ...l(SOTC, 'Ghoulish Head, Headless Rider, Prince of Vultures, Revenant'), ...l(FI, 'Gyre Blob')],
  },
  {
    realm: 7,
    doom: 3,
    creatures: [
      ...c(SAW, 'Ember Drake, Metal Golem'),
      ...c(OUT, 'Desert Wyrm, Mesmerist, Trixster Imp'),
      ...c(FI, 'Colossus'),
      ...c(DR, 'Camel, Demon Acolyte, Elite Guard, Flat Adder, Hypnotic Serpent, Portal Wizard, Priests of Kha, Wyrmkin Acolyte'),
    ],
    locations: [
      ...l(SAW, 'Desert Ruins'),
      ...l(SOTC, 'Narrow Switchback, Sunken Civilization'),
      ...l(FI, 'Dark Labyrinth, Volcanic Ruins'),
      ...l(DR, 'Abandoned Cottage, Banners in the Wind, Castle Rock, Dark Rituals, Dusty Gates, Forgotten Crypt, Harbor Fortress, High Places, Ochre Valley, Magic Hour, Swirling Fields'),
    ],
    final: [FI, "Acolyte's Spire"],
    unhallowed: [...l(DR, 'Advisor Fang, Court Noble, Emperor Snake, Empress Snake, General Serpent, Master of Shadows, Prince Snake, Princess Snake')],
  },
];

/** A stable small number from a name, for spreading estimates (never random). */
function hash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const creatures = new Map<string, Json>();
const unhallowed = new Map<string, Json>();
const locations = new Map<string, Json>();
const baseByName = (list: Json[], name: string) => list.find((card) => card.name === (ALIAS[name] ?? name));

function strip(card: Json): Json {
  const { set: _set, ...rest } = card;
  return rest;
}

/**
 * Estimated creature of Realm r: the two copies have health h and h+1 with h = 4 + floor(r/2) + (-1..+2 by name), so
 * Realm 1 is a little below the base game's creatures (mean printed health 6.4) and Realm 7 a little above; damage 1,
 * 2 for a third of them from Realm 4, 3 for another third in Realm 7; one in five burns a firewood when revealed.
 */
function estimateCreature(from: string, name: string, copies: number, realm: number): Json {
  const h = hash(name);
  const offset = (h % 4) - 1;
  const damage = 1 + (realm >= 4 && h % 3 === 0 ? 1 : 0) + (realm === 7 && h % 3 === 1 ? 1 : 0);
  const low = Math.max(2, 4 + Math.floor(realm / 2) + offset);
  const health = Array.from({ length: copies }, (_, i) => low + (i % 2));
  const powers = h % 5 === 0 ? [{ when: 'reveal', effects: [{ op: 'fire', amount: -1 }] }] : [];
  const kind = /Acolyte/.test(name) ? 'acolyte' : 'creature';
  return { name, source: 'estimated', from, kind, damage, health, powers, text: `estimated for Realm ${realm}: health ${low}-${low + 1}, damage ${damage}${powers.length ? ', Reveal: fire -1' : ''}` };
}

for (const realm of REALMS) {
  for (const [from, name, copies] of realm.creatures) {
    const existing = creatures.get(name);
    if (existing) {
      if ((existing.health as number[]).length < copies) throw new Error(`${name}: more copies than defined`);
      continue;
    }
    const printed = from === SAW ? baseByName(base.creatures, name) : undefined;
    if (from === SAW && !printed) throw new Error(`base creature not found: ${name}`);
    creatures.set(name, printed ? { ...strip(printed), from, name } : estimateCreature(from, name, copies, realm.realm));
  }
  for (const [from, name] of realm.unhallowed) {
    const printed = from === SAW ? baseByName(base.unhallowed, name) : undefined;
    if (from === SAW && !printed) throw new Error(`base Unhallowed not found: ${name}`);
    if (printed) {
      unhallowed.set(name, { ...strip(printed), from, name, source: printed.set === 'preproduction' ? 'pre-production' : printed.source });
      continue;
    }
    const h = hash(name);
    const molt = realm.realm === 7 && /Snake|Serpent/.test(name);
    unhallowed.set(name, {
      name,
      source: 'estimated',
      from,
      damage: 2 + (realm.realm >= 4 && h % 2 === 0 ? 1 : 0),
      health: 8 + Math.floor(realm.realm / 2) + (h % 3),
      powers: h % 4 === 0 ? [{ when: 'reveal', effects: [{ op: 'exhaust', count: 1 }] }] : [],
      molt,
      text: `estimated for Realm ${realm.realm}: health 8+floor(Realm/2)(+0..2), damage 2 (3 for half from Realm 4)${molt ? '; Molts' : ''}`,
    });
  }
  const allLocations = [...realm.locations.map(([from, name]) => [from, name, 'regular']), [realm.final[0], realm.final[1], 'final']];
  for (const [from, name, kind] of allLocations) {
    const printed = from === SAW ? baseByName(base.locations, name) : undefined;
    if (from === SAW && !printed) throw new Error(`base location not found: ${name}`);
    if (printed) {
      locations.set(name, { ...strip(printed), from, name, kind });
      continue;
    }
    const h = hash(name);
    const fire = kind === 'final' ? -2 : -1 - (h % 3) - (realm.realm >= 5 && h % 2 === 0 ? 1 : 0);
    const line = kind === 'final' ? 8 + Math.floor(realm.realm / 2) : 5 + (h % 2) + Math.floor((realm.realm - 1) / 3);
    locations.set(name, { name, source: 'estimated', from, kind, fire, line, effects: [], text: `estimated for Realm ${realm.realm}: fire ${fire}, Line ${line}` });
  }
}
// Husks: 4 copies, in the Graveyard at the start of Realm 7 (estimated).
creatures.set('Husks', { name: 'Husks', source: 'estimated', from: DR, kind: 'creature', damage: 1, health: [4, 4, 5, 5], powers: [], text: 'estimated: the shell a Molting Unhallowed leaves behind' });
// The six Respites (every printed Respite of base.json).
for (const card of base.locations.filter((card) => card.kind === 'respite')) locations.set(card.name as string, { ...strip(card), from: SAW });

// Summon tiers (8 cards): 4 plain Summon! (printed), 2 + 2 Doom Summons of the higher tiers (estimated, after the
// reference's Forsaken Isles "Doomed Summon" cards, which let the players choose between gaining Doom and exhausting a card).
const summons = [
  { name: 'Summon!', source: 'printed', tier: 1, copies: 4, extraExhaust: 0, fire: 0, doomOrExhaust: 0, text: 'as printed in the base game' },
  { name: 'Doomed Summon', source: 'estimated', tier: 2, copies: 2, extraExhaust: 0, fire: 0, doomOrExhaust: 1, text: 'estimated: Summon!, then gain 1 Doom or exhaust 1 more card' },
  { name: 'Dread Summon', source: 'estimated', tier: 3, copies: 2, extraExhaust: 0, fire: 0, doomOrExhaust: 2, text: 'estimated: Summon!, then gain 2 Doom or exhaust 2 more cards' },
];

// Adventurers: the 6 base, the Knight and the Bard (their pre-production boards and cards, which the rulebook's
// portraits match: the Knight's magic sword, dragon slaying and boosted dice, the Bard's songs and borrowed
// abilities), the Royal and 4 secret (Doomed Run), and 12 from the other expansions. Only Barbarian, Artificer and
// Trophy Hunter are named in the rulebook; the others are placeholders.
const BASE_IDS = ['beastmaster', 'cleric', 'ranger', 'rogue', 'warrior', 'wizard'];
const PREPRODUCTION_IDS = ['knight', 'bard'];
const NEW: [string, string, string][] = [
  ['knight', 'Knight', DR],
  ['bard', 'Bard', DR],
  ['royal', 'Royal', DR],
  ['secret1', 'Secret Adventurer 1', DR],
  ['secret2', 'Secret Adventurer 2', DR],
  ['secret3', 'Secret Adventurer 3', DR],
  ['secret4', 'Secret Adventurer 4', DR],
  ['barbarian', 'Barbarian', SOTC],
  ['artificer', 'Artificer', SOTC],
  ['trophyhunter', 'Trophy Hunter', SOTC],
  ['sotc4', 'Swords of the Coin Adventurer 4', SOTC],
  ['outriders1', 'Outriders Adventurer 1', OUT],
  ['outriders2', 'Outriders Adventurer 2', OUT],
  ['outriders3', 'Outriders Adventurer 3', OUT],
  ['isles1', 'Forsaken Isles Adventurer 1', FI],
  ['isles2', 'Forsaken Isles Adventurer 2', FI],
  ['isles3', 'Forsaken Isles Adventurer 3', FI],
  ['isles4', 'Forsaken Isles Adventurer 4', FI],
  ['isles5', 'Forsaken Isles Adventurer 5', FI],
];

/** Ability templates built from the playable effect vocabulary, for the adventurers whose cards are not public. */
const TEMPLATES: [string, Json[][]][] = [
  ['Strike', [[{ op: 'damage', amount: 5, target: { at: 'revealed' } }]]],
  ['Execute', [[{ op: 'defeat', target: { at: 'first', maxHealth: 7 } }]]],
  ['Finisher', [[{ op: 'defeat', target: { at: 'damaged' } }]]],
  ['Volley', [[{ op: 'damage', amount: 4, target: { at: 'second' } }]]],
  ['Battle Cry', [[{ op: 'attackBonus', amount: 2, attacks: 2 }]]],
  ['Flare', [[{ op: 'revealBonus', amount: 1, negateNextReveal: true }]]],
  ['Shove', [[{ op: 'move', target: { at: 'revealed' }, to: 'deckBottom' }]]],
  ['Slay', [[{ op: 'defeat', target: { at: 'revealed', maxHealth: 6 } }]]],
  ['Weaken', [[{ op: 'halveHealth', target: { at: 'revealed' } }]]],
  ['Hide', [[{ op: 'conceal', target: { at: 'revealed' } }]]],
];
const CAMPS: Json[] = [{ op: 'fire', amount: 3 }, { op: 'heal', minDie: 4 }, { op: 'arrangeTop', count: 3 }, { op: 'setTrap' }, { op: 'prepared' }];
/**
 * What is known of an estimated adventurer's board: the Royal is "deadly at range with her crossbow" (rulebook); the
 * Barbarian rolls d12s (a review of Swords of the Coin, ../shared/reference/setawatch-cards.md section 7).
 */
const KNOWN: Record<string, { die?: number; range?: string; text: string }> = {
  royal: { range: 'ranged', text: 'estimated board: ranged from the rulebook ("deadly at range with her crossbow"); dice, camp action and abilities from the playable vocabulary' },
  barbarian: { die: 12, text: 'estimated board: d12s from a review of Swords of the Coin; range, camp action and abilities from the playable vocabulary' },
};

const adventurers: Json[] = [];
const abilities: Json[] = [];
function copyFromBase(id: string, from: string): void {
  const board = base.adventurers.find((a) => a.id === id) as Json;
  adventurers.push({ ...strip(board), from });
  for (const card of base.abilities.filter((a) => a.adventurer === id)) abilities.push({ ...strip(card), from });
}
for (const id of BASE_IDS) copyFromBase(id, SAW);
NEW.forEach(([id, name, from], index) => {
  if (PREPRODUCTION_IDS.includes(id)) return copyFromBase(id, from);
  const h = hash(id);
  const known = KNOWN[id];
  const die = known?.die ?? (h % 2 === 0 ? 8 : 6);
  const range = known?.range ?? (h % 3 === 0 ? 'melee' : 'ranged');
  const text = known?.text ?? 'estimated board: dice, range and camp action from the playable vocabulary';
  adventurers.push({ id, name, source: 'estimated', from, die, range, camp: CAMPS[h % CAMPS.length], text });
  for (let k = 0; k < 5; k++) {
    const [cardName, modes] = TEMPLATES[(index * 3 + k * 2) % TEMPLATES.length];
    abilities.push({ name: `${cardName} (${name})`, source: 'estimated', from, adventurer: id, modes, text: 'estimated ability, built from the base-game effect vocabulary' });
  }
});
const ALL_IDS = [...BASE_IDS, ...NEW.map(([id]) => id)];

// Nemesis pairs and Boons (Warden cards: estimated).
const nemesisPool = [...creatures.values()].filter((card) => card.name !== 'Husks' && (card.health as number[]).length === 2).map((card) => card.name as string);
const BOONS: Json[] = [{ op: 'fire', amount: 2 }, { op: 'refresh', count: 1 }, { op: 'coins', amount: 2 }, { op: 'doom', amount: -1 }];
const wardens = ALL_IDS.map((id, i) => ({
  adventurer: id,
  source: 'estimated',
  nemesis: nemesisPool[(hash(id) + i * 7) % nemesisPool.length],
  boon: BOONS[i % BOONS.length],
}));

// Items (Swords of the Coin, Forsaken Isles): 16 estimated; Mythic Items: one per adventurer (25, estimated).
const ITEM_EFFECTS: Json[] = [
  { op: 'fire', amount: 3, use: 'discard' },
  { op: 'refresh', use: 'discard' },
  { op: 'dieBonus', amount: 1, use: 'passive' },
  { op: 'refresh', use: 'expedition' },
];
const ITEM_NAMES = ['Helm of Prophecy', 'Strength Potion'];
const items = Array.from({ length: 16 }, (_, i) => {
  const effect = ITEM_EFFECTS[i % ITEM_EFFECTS.length];
  return { name: ITEM_NAMES[i] ?? `Item ${i + 1}`, source: 'estimated', from: i % 2 === 0 ? SOTC : FI, price: 2 + (i % 3), effect };
});
const MYTHIC_NAMES: Record<string, string> = { cleric: 'Healing Staff' };
const mythicItems = ALL_IDS.map((id, i) => ({
  name: MYTHIC_NAMES[id] ?? `Mythic Item of the ${adventurers.find((a) => a.id === id)?.name as string}`,
  source: 'estimated',
  adventurer: id,
  price: 6,
  effect: i % 2 === 0 ? { op: 'dieBonus', amount: 1, use: 'passive' } : { op: 'refresh', use: 'expedition' },
}));

// Side Quests (50, estimated but for Berserker Defender, which the rulebook prints): one per adventurer that makes
// them join (the Side Quest "tied to" them, which a Random Run removes for its starting six and New Run+ for its
// Company), and one per adventurer that unlocks their Mythic Item (New Run+ removes those of the Mythic Items kept).
// Costs, picked by a hash of the card's name. None asks to Escalate Summons, though the rulebook says Side Quests can:
// how many printed ones do is unknown, and Runs are very sensitive to it (see RULES.md, "Side Quests").
const COSTS: Json[][] = [[{ op: 'exhaustEach' }], [{ op: 'fire', amount: -2 }], [{ op: 'doom', amount: 1 }], [], [{ op: 'coins', amount: -2 }], [{ op: 'fire', amount: -1 }]];
const realmOf = (i: number, count: number) => 1 + Math.floor((i * 7) / count);
const sideQuests: Json[] = [];
const newcomers = NEW.map(([id]) => id);
newcomers.forEach((id, i) => {
  if (id === 'barbarian') return;
  sideQuests.push({ name: `Call of the ${NEW[i][1]}`, source: 'estimated', realm: realmOf(i, newcomers.length), tiedTo: id, cost: COSTS[hash(id) % COSTS.length], reward: [{ op: 'join', adventurer: id }] });
});
sideQuests.push({ name: 'Berserker Defender', source: 'rulebook', realm: 1, tiedTo: 'barbarian', cost: [{ op: 'exhaustEach' }], reward: [{ op: 'join', adventurer: 'barbarian' }], text: 'Each Adventurer exhausts one Ability. REWARD: The Barbarian joins your Company. (R1-2)', number: 2 });
BASE_IDS.forEach((id, i) => {
  const name = adventurers.find((a) => a.id === id)?.name as string;
  sideQuests.push({ name: `Call of the ${name}`, source: 'estimated', realm: 1 + i, tiedTo: id, cost: COSTS[hash(id) % COSTS.length], reward: [{ op: 'join', adventurer: id }] });
});
ALL_IDS.forEach((id, i) => {
  const mythic = mythicItems[i].name;
  sideQuests.push({ name: `Quest for the ${mythic}`, source: 'estimated', realm: realmOf(i, ALL_IDS.length), cost: COSTS[(hash(mythic) + 1) % COSTS.length], reward: [{ op: 'mythic', adventurer: id }] });
});
// Card numbers within each realm (R1-1, R1-2...): a printed card keeps its own, the estimated ones take the others in turn.
const printedNumbers = new Set(sideQuests.filter((quest) => quest.number !== undefined).map((quest) => `${quest.realm}-${quest.number}`));
const lastNumber = new Map<number, number>();
for (const quest of sideQuests) {
  if (quest.number !== undefined) continue;
  const realm = quest.realm as number;
  let n = (lastNumber.get(realm) ?? 0) + 1;
  while (printedNumbers.has(`${realm}-${n}`)) n++;
  lastNumber.set(realm, n);
  quest.number = n;
}

const content = {
  game: 'doomedrun',
  description:
    'Set a Watch: Doomed Run. Realm lists as printed in the rulebook; base-game cards with their printed values; every card that is not public is an estimate (source "estimated", see src/games/doomedrun/RULES.md).',
  realms: REALMS.map((realm) => ({
    realm: realm.realm,
    doom: realm.doom,
    creatures: realm.creatures.map(([, name, copies]) => ({ name, copies })),
    locations: realm.locations.map(([, name]) => name),
    final: realm.final[1],
    unhallowed: realm.unhallowed.map(([, name]) => name),
    graveyard: realm.realm === 7 ? [{ name: 'Husks', copies: 4 }] : [],
  })),
  creatures: [...creatures.values()],
  unhallowed: [...unhallowed.values()],
  locations: [...locations.values()],
  summons,
  adventurers,
  abilities,
  wardens,
  items,
  mythicItems,
  sideQuests,
  startingCompany: BASE_IDS,
  rules: { doomLimit: 3, coinSpots: ['chop', 'scout', 'checkMap'], falconDamage: 4 },
};
/** The text of content/doomedrun/run.json as this script writes it (a test holds the shipped file to it). */
export const RUN_JSON_TEXT = `${JSON.stringify(content, null, 1)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('../../../content/doomedrun/run.json', import.meta.url), RUN_JSON_TEXT);
  process.stdout.write(`wrote content/doomedrun/run.json: ${content.creatures.length} creatures, ${content.unhallowed.length} Unhallowed, ${content.locations.length} locations, ${sideQuests.length} Side Quests\n`);
}
