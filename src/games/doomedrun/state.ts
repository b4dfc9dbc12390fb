import { Deck } from '../../core/deck.ts';
import { InputError } from '../../core/errors.ts';
import { CardTables, type CompiledAdventurer } from '../setawatch/cards.ts';
import { asSetawatchContent, type Boon, type DoomedrunContent, type ItemEffect, type QuestCost, type QuestReward } from './content.ts';

/**
 * Doomed Run's content compiled for a whole Run: one CardTables holding every creature, Summon, Husk and Unhallowed of
 * the seven Realms (one id space, so decks carry across expeditions), every location and every adventurer; plus
 * per-Realm lists of card ids and the campaign cards (Wardens, Items, Side Quests) as plain arrays.
 */

export const MAX_PARTY = 4;
export const REALMS = 7;
export const EXPEDITIONS = 3;
export const ITEM_LIMIT = 2;

/** Where an adventurer is. */
export const Where = { absent: 0, company: 1, party: 2, warden: 3, dead: 4 } as const;

export interface RealmTables {
  readonly realm: number;
  readonly doom: number;
  readonly creatures: readonly number[];
  readonly unhallowed: readonly number[];
  readonly locations: readonly number[];
  readonly final: number;
  readonly graveyard: readonly number[];
}

export interface QuestCard {
  readonly name: string;
  readonly realm: number;
  readonly tiedTo: number;
  readonly estimated: boolean;
  readonly cost: readonly QuestCost[];
  readonly reward: readonly QuestReward[];
}

export interface ItemCard {
  readonly name: string;
  readonly price: number;
  readonly mythic: boolean;
  /** The only adventurer who may equip it (Mythic), or -1. */
  readonly adventurer: number;
  readonly effect: ItemEffect;
  readonly estimated: boolean;
}

export class RunTables {
  readonly cards: CardTables;
  /** Every adventurer, by adventurer index (the order of the content file). */
  readonly adventurers: readonly CompiledAdventurer[];
  readonly adventurerIds: readonly string[];
  readonly adventurerEstimated: Uint8Array;
  readonly realms: readonly RealmTables[];
  readonly respites: readonly number[];
  /** Summon card ids by tier (index 1-3). */
  readonly summonsByTier: readonly (readonly number[])[];
  readonly summonTier: Int8Array;
  readonly summonExtraExhaust: Int8Array;
  readonly summonFire: Int8Array;
  readonly summonDoomOrExhaust: Int8Array;
  readonly molts: Uint8Array;
  readonly husk: Uint8Array;
  readonly cardEstimated: Uint8Array;
  readonly locationEstimated: Uint8Array;
  readonly nemesis: readonly (readonly number[])[];
  readonly boons: readonly Boon[];
  readonly quests: readonly QuestCard[];
  /** Items: the non-Mythic ones first, then one Mythic Item per adventurer index (mythicOf). */
  readonly items: readonly ItemCard[];
  readonly mythicOf: Int16Array;
  readonly startingCompany: readonly number[];
  readonly royal: number;
  readonly bard: number;

  constructor(readonly content: DoomedrunContent) {
    this.adventurerIds = content.adventurers.map((a) => a.id);
    this.cards = new CardTables(asSetawatchContent(content), ['base'], this.adventurerIds);
    this.adventurers = this.cards.adventurers.slice();
    // The engine's table holds the four seated adventurers only (the campaign sets them per expedition).
    this.cards.adventurers.length = MAX_PARTY;
    const cardIds = new CardIdsByName(this.cards);
    const locationIndex = new Map(this.cards.locations.map((l, i) => [l.name, i]));
    this.realms = content.realms.map((realm) => realmTables(realm, cardIds, locationIndex));
    this.respites = content.locations.filter((l) => l.kind === 'respite').map((l) => locationIndex.get(l.name) as number).slice(0, 6);

    const cardCount = this.cards.cardCount;
    this.summonTier = new Int8Array(cardCount);
    this.summonExtraExhaust = new Int8Array(cardCount);
    this.summonFire = new Int8Array(cardCount);
    this.summonDoomOrExhaust = new Int8Array(cardCount);
    this.summonsByTier = this.compileSummons(content.summons, cardIds);
    this.molts = new Uint8Array(cardCount);
    this.husk = new Uint8Array(cardCount);
    this.cardEstimated = new Uint8Array(cardCount);
    this.compileUnhallowed(content.unhallowed, cardIds);
    for (const card of [...content.creatures, ...content.summons]) for (const id of cardIds.everyCopy(card.name)) this.cardEstimated[id] = estimatedBit(card);
    for (const realm of this.realms) for (const id of realm.graveyard) this.husk[id] = 1;
    this.locationEstimated = Uint8Array.from(content.locations, estimatedBit);
    this.adventurerEstimated = Uint8Array.from(content.adventurers, estimatedBit);

    const wardens = this.adventurerIds.map((id) => content.wardens.find((w) => w.adventurer === id));
    this.nemesis = wardens.map((warden) => (warden === undefined ? [] : cardIds.copies(warden.nemesis, 2)));
    this.boons = wardens.map((warden) => warden?.boon ?? { op: 'fire', amount: 0 });
    this.quests = content.sideQuests.map((q) => this.questCard(q));
    this.mythicOf = new Int16Array(this.adventurerIds.length).fill(-1);
    this.items = this.compileItems(content);
    this.startingCompany = content.startingCompany.map((id) => this.adventurerIndex(id));
    this.royal = this.adventurerIndex('royal');
    this.bard = this.adventurerIndex('bard');
    if (this.respites.length < 6) throw new InputError('content: six Respite locations are needed');
  }

  /** Fills the per-card Summon tables; returns the Summon card ids by tier. */
  private compileSummons(summons: DoomedrunContent['summons'], cardIds: CardIdsByName): number[][] {
    const byTier: number[][] = [[], [], [], []];
    for (const summon of summons) {
      for (const id of cardIds.copies(summon.name, summon.copies)) {
        byTier[summon.tier].push(id);
        this.summonTier[id] = summon.tier;
        this.summonExtraExhaust[id] = summon.extraExhaust;
        this.summonFire[id] = summon.fire;
        this.summonDoomOrExhaust[id] = summon.doomOrExhaust;
      }
    }
    return byTier;
  }

  private compileUnhallowed(unhallowed: DoomedrunContent['unhallowed'], cardIds: CardIdsByName): void {
    for (const card of unhallowed) {
      for (const id of cardIds.copies(card.name, 1)) {
        this.molts[id] = card.molt ? 1 : 0;
        this.cardEstimated[id] = estimatedBit(card);
      }
    }
  }

  private questCard(q: DoomedrunContent['sideQuests'][number]): QuestCard {
    return {
      name: q.name,
      realm: q.realm,
      tiedTo: q.tiedTo === undefined ? -1 : this.adventurerIndex(q.tiedTo),
      estimated: q.source === 'estimated',
      cost: q.cost,
      reward: q.reward,
    };
  }

  /** The Items, the non-Mythic ones first; fills mythicOf with the first Mythic Item the content gives each adventurer. */
  private compileItems(content: DoomedrunContent): ItemCard[] {
    const items: ItemCard[] = content.items.map((i) => ({ name: i.name, price: i.price, mythic: false, adventurer: -1, effect: i.effect, estimated: i.source === 'estimated' }));
    for (const m of content.mythicItems) {
      const owner = this.adventurerIndex(m.adventurer);
      if (this.mythicOf[owner] >= 0) continue;
      this.mythicOf[owner] = items.length;
      items.push({ name: m.name, price: m.price, mythic: true, adventurer: owner, effect: m.effect, estimated: m.source === 'estimated' });
    }
    return items;
  }

  private adventurerIndex(id: string): number {
    return this.adventurerIds.indexOf(id);
  }
}

/** Card ids by card name: the content lists a card once, the table holds one id per copy. */
class CardIdsByName {
  private readonly ids = new Map<string, number[]>();

  constructor(cards: CardTables) {
    for (let id = 0; id < cards.cardCount; id++) {
      const list = this.ids.get(cards.names[id]) ?? [];
      list.push(id);
      this.ids.set(cards.names[id], list);
    }
  }

  /** The ids of the first `count` copies. */
  copies(name: string, count: number): number[] {
    return (this.ids.get(name) ?? []).slice(0, count);
  }

  everyCopy(name: string): readonly number[] {
    return this.ids.get(name) ?? [];
  }
}

function realmTables(realm: DoomedrunContent['realms'][number], cardIds: CardIdsByName, locationIndex: ReadonlyMap<string, number>): RealmTables {
  return {
    realm: realm.realm,
    doom: realm.doom,
    creatures: realm.creatures.flatMap((entry) => cardIds.copies(entry.name, entry.copies)),
    unhallowed: realm.unhallowed.map((name) => cardIds.copies(name, 1)[0]),
    locations: realm.locations.map((name) => locationIndex.get(name) as number),
    final: locationIndex.get(realm.final) as number,
    graveyard: realm.graveyard.flatMap((entry) => cardIds.copies(entry.name, entry.copies)),
  };
}

/** Everything a Run carries between expeditions (the Set a Watch state carries the piles, fire and ability cards). */
export class CampaignState {
  realm = 1;
  expedition = 1;
  /** Attempts at the current expedition. */
  attempts = 0;
  doom = 0;
  doomMax = 0;
  /** Doom exceeded its limit with no Line: Unhallowed waiting for the next Line. */
  doomSummonsPending = 0;
  coins = 0;
  /** Bit per coin spot (index in content.rules.coinSpots): the coin is still on the Camp board. */
  coinSpots = 0;
  startingSummons = 2;
  scoreX = 2;
  /** Summon cards of the Run (card ids). */
  readonly summons = new Int16Array(4);
  summonCount = 0;
  readonly where: Int8Array;
  /** The Realm at whose end an adventurer became Warden (0 = not a Warden). */
  readonly wardenOf: Int8Array;
  /** The current Warden (boon of this Realm), or -1. */
  warden = -1;
  readonly party = new Int8Array(MAX_PARTY);
  /** Item index -> adventurer holding it, or -1. */
  readonly itemHolder: Int16Array;
  readonly itemUsed: Uint8Array;
  readonly itemDeck: Deck;
  readonly market: Deck;
  readonly mythicUnlocked: Uint8Array;
  /** Mythic Items a New Run+ kept from the previous Run (not unlocked during this Run). */
  readonly mythicCarried: Uint8Array;
  readonly questDeck: Deck;
  currentQuest = -1;
  /** Quests out of the Run (boxed or completed). */
  readonly questOut: Deck;
  /** The Realm's map: locations of the expeditions still to come, top = next. */
  readonly realmMap: Deck;
  /** Locations per remaining expedition (the first stacks), for splitting realmMap. */
  readonly stackSizes = new Int8Array(EXPEDITIONS);
  /** Locations visited this expedition, in order (for a reset). */
  readonly visited: Deck;
  /** Realm 7 was attempted and lost once: the Warden of Realm 6 may play. */
  finalRealmLost = false;
  // Counters for metrics.
  expeditionsPlayed = 0;
  expeditionsCleared = 0;
  lostInRealm = 0;
  won = false;
  score = 0;
  /** Per Realm (index Realm - 1): Adventurers who died in it, expeditions lost and reset in it. */
  readonly deathsInRealm = new Int8Array(REALMS);
  readonly resetsInRealm = new Int16Array(REALMS);
  /** Per Realm: the living Adventurers when it ended, or when the Run ended in it. */
  readonly livingAfterRealm = new Int8Array(REALMS);

  constructor(tables: RunTables) {
    const adventurers = tables.adventurers.length;
    this.where = new Int8Array(adventurers);
    this.wardenOf = new Int8Array(adventurers);
    this.itemHolder = new Int16Array(tables.items.length);
    this.itemUsed = new Uint8Array(tables.items.length);
    this.itemDeck = new Deck(tables.items.length);
    this.market = new Deck(tables.items.length);
    this.mythicUnlocked = new Uint8Array(adventurers);
    this.mythicCarried = new Uint8Array(adventurers);
    this.questDeck = new Deck(tables.quests.length);
    this.questOut = new Deck(tables.quests.length);
    this.realmMap = new Deck(tables.cards.locations.length);
    this.visited = new Deck(tables.cards.locations.length);
  }

  countDeath(): void {
    this.deathsInRealm[this.realm - 1]++;
  }

  countReset(): void {
    this.resetsInRealm[this.realm - 1]++;
  }

  /** Adventurers who died in the Run. */
  deaths(): number {
    return this.deathsInRealm.reduce((sum, n) => sum + n, 0);
  }

  /** Expeditions of the Run lost and reset. */
  resets(): number {
    return this.resetsInRealm.reduce((sum, n) => sum + n, 0);
  }

  /** The Realm is over (ended, or the Run lost in it): the living Adventurers are counted. */
  closeRealm(): void {
    this.livingAfterRealm[this.realm - 1] = this.living();
  }

  /** Living adventurers: the Company, the Party and the Wardens. */
  living(): number {
    return this.fieldable() + this.count(Where.warden);
  }

  /** Living adventurers who can be fielded: the Company and the Party. */
  fieldable(): number {
    let n = 0;
    for (let a = 0; a < this.where.length; a++) if (this.where[a] === Where.company || this.where[a] === Where.party) n++;
    return n;
  }

  count(where: number): number {
    let n = 0;
    for (let a = 0; a < this.where.length; a++) if (this.where[a] === where) n++;
    return n;
  }

  mythicUnlockedThisRun(): number {
    let n = 0;
    for (let a = 0; a < this.mythicUnlocked.length; a++) n += this.mythicUnlocked[a] - this.mythicCarried[a];
    return n;
  }

  itemsHeld(adventurer: number, items: readonly ItemCard[]): number {
    let n = 0;
    for (let i = 0; i < items.length; i++) if (this.itemHolder[i] === adventurer && !items[i].mythic) n++;
    return n;
  }
}

/** What a finished Run leaves for a New Run+: whether it was completed, its living Adventurers, their unlocked Mythic Items, its Summon cards. */
export class RunLegacy {
  completed = false;
  readonly living: Uint8Array;
  readonly mythic: Uint8Array;
  readonly summons = new Int16Array(4);
  summonCount = 0;

  constructor(adventurers: number) {
    this.living = new Uint8Array(adventurers);
    this.mythic = new Uint8Array(adventurers);
  }

  clear(): void {
    this.completed = false;
    this.living.fill(0);
    this.mythic.fill(0);
    this.summonCount = 0;
  }

  keep(run: CampaignState): void {
    this.completed = run.won;
    for (let a = 0; a < this.living.length; a++) {
      const where = run.where[a];
      this.living[a] = where === Where.company || where === Where.party || where === Where.warden ? 1 : 0;
      this.mythic[a] = this.living[a] & run.mythicUnlocked[a];
    }
    this.summons.set(run.summons);
    this.summonCount = run.summonCount;
  }

  /** A New Run+ needs a completed Run that ended with at least 4 living Adventurers (Wardens count, as in scoring). */
  unlocksNewRunPlus(): boolean {
    let living = 0;
    for (let a = 0; a < this.living.length; a++) living += this.living[a];
    return this.completed && living >= 4;
  }
}

/** 1 for a card whose values are estimated, 0 for a printed one. */
function estimatedBit(card: { readonly source: string }): number {
  return card.source === 'estimated' ? 1 : 0;
}
