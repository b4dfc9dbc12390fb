import { describe, expect, it } from 'vitest';
import { StrategyError } from '../../../src/core/errors.ts';
import { Camp, Decision, OptionKind, type SetawatchStrategy } from '../../../src/games/setawatch/decisions.ts';
import { DICE_PER_SEAT, Die, Slot, SLOTS_PER_SEAT, Status } from '../../../src/games/setawatch/state.ts';
import { CardsMet, tierOf, TIERS } from '../../../src/games/doomedrun/scoring.ts';
import { CampaignDecision, type CampaignView, type DoomedrunStrategy, ESCALATE_ADD, FALCON_HOLD, falconDie, falconOption, falconTarget } from '../../../src/games/doomedrun/decisions.ts';
import { Where } from '../../../src/games/doomedrun/state.ts';
import { doomedrunContentSchema } from '../../../src/games/doomedrun/content.ts';
import { cardWorth, greedyChoice } from '../../../strategies/setawatch/greedy.ts';
import { greedyCampaign } from '../../../strategies/doomedrun/greedy.ts';
import { adventurer, cardIds, cardsInPiles, content, greedyStrategy, inCompany, legacyOf, makeRun, makeWarden, noCostQuest, pickFirst, questCost, scripted, startedRun, watchInvariants } from './helpers.ts';

interface Hooks {
  afterArrival(): void;
  beforeCamp(): void;
  afterRoll(): void;
  campActionTaken(action: number): void;
  beforeWatchActions(): void;
  beforeWatchAction(): void;
  afterSummonExhaust(card: number): void;
  afterSummon(card: number): void;
  enterRevealed(position: number, card: number, depth: number): void;
}
const hooks = (run: ReturnType<typeof startedRun>) => run.rules as unknown as Hooks;

function putInLine(run: ReturnType<typeof startedRun>, cards: number[]): void {
  const s = run.rules.state;
  cards.forEach((card, i) => {
    for (const pile of [s.deck, s.graveyard, s.horde, s.unhallowedDeck]) pile.remove(card);
    s.lineCard[i] = card;
    s.lineRevealed[i] = 1;
    s.lineDamage[i] = 0;
    s.lineFlags[i] = 0;
    s.lineHalvings[i] = 0;
    s.lineBaseHealth[i] = -1;
    s.lineStolenDie[i] = -1;
    s.lineAttacker[i] = -1;
  });
  s.lineLength = cards.length;
}

/** A Party pick (script) taking the adventurer `id` when offered, greedy's pick otherwise. */
function firstPick(id: string) {
  return (view: CampaignView) => (Array.from(view.options.subarray(0, view.count)).includes(view.tables.adventurerIds.indexOf(id)) ? view.tables.adventurerIds.indexOf(id) : null);
}

describe('Doom (the reference\'s Doom track; the Doomed Summons estimated)', () => {
  /** A Realm 1 run with a Line of two revealed creatures of the deck, on Watch, Doom at the limit. */
  function atTheLimit(strategy = scripted({ [CampaignDecision.sideQuestKeep]: noCostQuest })) {
    const run = startedRun({ strategy });
    run.setUpRealm(1);
    const s = run.rules.state;
    s.onWatch.set([1, 1, 1, 0]);
    putInLine(run, [s.deck.at(s.deck.size - 1), s.deck.at(s.deck.size - 2)]);
    run.camp.doom = run.tables.content.rules.doomLimit;
    return run;
  }

  it('burns no firewood, and a lost expedition adds none', () => {
    const run = atTheLimit();
    const s = run.rules.state;
    s.fire = 10;
    s.round = 2;
    hooks(run).afterArrival();
    expect(s.fire).toBe(10);
    run.camp.doom = 0;
    run.resetExpedition();
    expect(run.camp.doom).toBe(questCost(run, run.camp.currentQuest, 'doom'));
  });

  it('past the limit during a Watch: an Unhallowed joins the end of the Line face up, the top Creature card goes to the Horde, Doom resets', () => {
    const run = atTheLimit();
    const s = run.rules.state;
    const [unhallowed, top, horde] = [s.unhallowedDeck.peek(), s.deck.peek(), s.horde.size];
    run.addDoom(1);
    expect(s.lineLength).toBe(3);
    expect([s.lineCard[2], s.lineRevealed[2]]).toEqual([unhallowed, 1]);
    expect(s.horde.size).toBe(horde + 1);
    expect(s.horde.peek()).toBe(top);
    expect([run.camp.doom, run.camp.doomMax]).toEqual([0, 4]);
    run.addDoom(3);
    expect(s.lineLength).toBe(3);
  });

  it('with no Line (a Side Quest cost between expeditions), the Unhallowed joins the next Line', () => {
    const run = atTheLimit();
    const s = run.rules.state;
    const lineCards = [s.lineCard[0], s.lineCard[1]];
    s.lineLength = 0;
    run.addDoom(2);
    expect([run.camp.doom, run.camp.doomSummonsPending]).toEqual([0, 1]);
    putInLine(run, lineCards);
    const unhallowed = s.unhallowedDeck.peek();
    hooks(run).beforeWatchActions();
    expect([s.lineLength, s.lineCard[2], run.camp.doomSummonsPending]).toEqual([3, unhallowed, 0]);
  });

  it('with the Unhallowed deck empty, the expedition is lost as to a Summon', () => {
    const run = atTheLimit();
    run.rules.state.unhallowedDeck.clear();
    run.addDoom(1);
    expect(run.rules.state.status).toBe(Status.lostSummon);
  });

  it('a Doomed Summon (tier 2: 1, tier 3: 2): the players gain that much Doom or exhaust as many cards', () => {
    for (const takeDoom of [true, false]) {
      const run = atTheLimit(scripted({ [CampaignDecision.sideQuestKeep]: noCostQuest, [CampaignDecision.doomOrExhaust]: (view) => (takeDoom ? Math.max(view.options[0], view.options[1]) : Math.min(view.options[0], view.options[1])) }));
      const s = run.rules.state;
      run.camp.doom = 0;
      const active = s.watchActiveCards();
      hooks(run).afterSummon(cardIds(run, 'Doomed Summon')[0]);
      hooks(run).afterSummon(cardIds(run, 'Dread Summon')[0]);
      expect([run.camp.doom, s.watchActiveCards()]).toEqual(takeDoom ? [3, active] : [0, active - 3]);
    }
  });

  it('a Doomed Summon revealed at the limit: its Unhallowed takes its place first, then the Doom summons another to the end; no card is lost or doubled', () => {
    const run = atTheLimit(scripted({ [CampaignDecision.sideQuestKeep]: noCostQuest, [CampaignDecision.doomOrExhaust]: (view) => Math.max(view.options[0], view.options[1]) }));
    const s = run.rules.state;
    const doomed = cardIds(run, 'Doomed Summon')[0];
    s.deck.pushBottom(doomed);
    const before = cardsInPiles(run);
    const [first, second] = [s.unhallowedDeck.at(s.unhallowedDeck.size - 1), s.unhallowedDeck.at(s.unhallowedDeck.size - 2)];
    s.deck.remove(doomed);
    hooks(run).enterRevealed(1, doomed, 0);
    expect(s.lineCard[1]).toBe(first);
    expect(s.lineCard[s.lineLength - 1]).toBe(second);
    expect(s.graveyard.toArray()).toContain(doomed);
    expect(Array.from(s.lineCard.subarray(0, s.lineLength))).not.toContain(doomed);
    expect(run.camp.doom).toBe(0);
    expect(cardsInPiles(run)).toEqual(before);
  });

  it('greedy takes the Doom while it stays within the limit, else exhausts the cards if the Watch can spare them', () => {
    const run = atTheLimit();
    const view = { run: run.camp, state: run.rules.state, tables: run.tables, options: Int16Array.from([1, -1]), count: 2 } as unknown as CampaignView;
    run.camp.doom = 2;
    expect(greedyCampaign(CampaignDecision.doomOrExhaust, view)).toBe(0);
    run.camp.doom = 3;
    expect(greedyCampaign(CampaignDecision.doomOrExhaust, view)).toBe(1);
    run.rules.state.onWatch.set([0, 0, 0, 0]);
    expect(greedyCampaign(CampaignDecision.doomOrExhaust, view)).toBe(0);
  });
});

describe('Escalate Summons', () => {
  it("a Summon tier's extra exhausts and fire change (a card file's; the shipped tiers have none) are paid when it exhausts the Watch", () => {
    const dearer = doomedrunContentSchema.parse({ ...content, summons: content.summons.map((card) => (card.name === 'Dread Summon' ? { ...card, extraExhaust: 1, fire: -2 } : card)) });
    const run = startedRun({ data: dearer });
    run.setUpRealm(1);
    const s = run.rules.state;
    s.onWatch.set([1, 1, 1, 0]);
    const [fire, cards] = [s.fire, s.totalActiveCards()];
    hooks(run).afterSummonExhaust(cardIds(run, 'Summon!')[0]);
    expect([s.fire, s.totalActiveCards()]).toEqual([fire, cards]);
    hooks(run).afterSummonExhaust(cardIds(run, 'Dread Summon')[0]);
    expect([s.fire, s.totalActiveCards()]).toEqual([fire - 2, cards - 1]);
  });

  it('adds a Summon card when the strategy prefers it, never beyond four', () => {
    const run = startedRun({ settings: { summons: 3 }, strategy: scripted({ [CampaignDecision.escalate]: (view) => (Array.from(view.options.subarray(0, view.count)).includes(ESCALATE_ADD) ? ESCALATE_ADD : null) }) });
    run.setUpRealm(1);
    const deck = run.rules.state.deck.size;
    run.escalate();
    expect(run.camp.summonCount).toBe(4);
    expect(run.rules.state.deck.size).toBe(deck + 1);
    run.escalate();
    expect(run.camp.summonCount).toBe(4);
    expect(Array.from(run.camp.summons).map((card) => run.tables.summonTier[card]).sort()).toEqual([1, 1, 1, 2]);
  });

  it('adds a Summon card during a Realm at a random depth of the deck, the top and the bottom included', () => {
    const places = new Set<number>();
    let size = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const run = startedRun({ seed, settings: { summons: 3 }, strategy: scripted({ [CampaignDecision.escalate]: () => ESCALATE_ADD }) });
      run.setUpRealm(1);
      run.escalate();
      const deck = run.rules.state.deck;
      size = deck.size;
      places.add(deck.indexOf(run.camp.summons[3]));
    }
    expect([Math.min(...places), Math.max(...places)]).toEqual([0, size - 1]);
  });

  it('adds a Summon card between Realms to the Run only: the next Realm deals it', () => {
    const run = startedRun({ settings: { summons: 3 }, strategy: scripted({ [CampaignDecision.escalate]: () => ESCALATE_ADD }) });
    const deck = run.rules.state.deck;
    const size = deck.size;
    run.escalate();
    expect(run.camp.summonCount).toBe(4);
    expect([deck.size, deck.indexOf(run.camp.summons[3])]).toEqual([size, -1]);
    run.setUpRealm(1);
    expect(deck.indexOf(run.camp.summons[3])).toBeGreaterThanOrEqual(0);
  });

  it('may raise any Summon card that can go up (greedy raises the lowest tier)', () => {
    const raiseSecond = startedRun({ settings: { summons: 2 }, strategy: scripted({ [CampaignDecision.escalate]: (view) => (Array.from(view.options.subarray(0, view.count)).includes(1) ? 1 : null) }) });
    raiseSecond.setUpRealm(1);
    raiseSecond.escalate();
    raiseSecond.escalate();
    const tiers = (run: typeof raiseSecond) => Array.from(run.camp.summons.subarray(0, run.camp.summonCount)).map((card) => run.tables.summonTier[card]);
    expect(tiers(raiseSecond)).toEqual([1, 3]);
    const greedy = startedRun({ settings: { summons: 2 } });
    greedy.setUpRealm(1);
    greedy.escalate();
    greedy.escalate();
    expect(tiers(greedy)).toEqual([2, 2]);
  });

  it("puts a raised Summon card where the old one lay in the Realm's deck, and in no other pile", () => {
    const run = startedRun({ settings: { summons: 2 }, strategy: scripted({ [CampaignDecision.escalate]: () => 1 }) });
    run.setUpRealm(1);
    const deck = run.rules.state.deck;
    const old = run.camp.summons[1];
    const [at, size] = [deck.indexOf(old), deck.size];
    expect(at).toBeGreaterThanOrEqual(0);
    run.escalate();
    const raised = run.camp.summons[1];
    expect(run.tables.summonTier[raised]).toBe(2);
    expect([deck.indexOf(raised), deck.indexOf(old), deck.size]).toEqual([at, -1, size]);
    const { graveyard, horde, removed } = run.rules.state;
    expect([graveyard, horde, removed].map((pile) => pile.indexOf(raised))).toEqual([-1, -1, -1]);
  });

  it('asks nothing and changes nothing when no Summon card can go up and four are in the Run', () => {
    const strategy = scripted({ [CampaignDecision.escalate]: (view) => view.options[0] });
    const run = startedRun({ settings: { summons: 4 }, strategy });
    run.setUpRealm(1);
    // The shipped tiers have 4 / 2 / 2 cards: two raised to tier 3, the other two to tier 2, and nothing can go up.
    for (let i = 0; i < 6; i++) run.escalate();
    const tiers = () => Array.from(run.camp.summons).map((card) => run.tables.summonTier[card]).sort();
    expect(tiers()).toEqual([2, 2, 3, 3]);
    const asked = strategy.asked.length;
    run.escalate();
    expect(strategy.asked.length).toBe(asked);
    expect(tiers()).toEqual([2, 2, 3, 3]);
  });

  it('adds no fifth Summon card, even when a raise has freed a tier-1 card', () => {
    const run = startedRun({ settings: { summons: 4 }, strategy: scripted({ [CampaignDecision.escalate]: (view) => (Array.from(view.options.subarray(0, view.count)).includes(ESCALATE_ADD) ? ESCALATE_ADD : null) }) });
    run.setUpRealm(1);
    run.escalate();
    run.escalate();
    expect(run.camp.summonCount).toBe(4);
  });

});

describe('Coins, the Merchant and the Market', () => {
  it('a die on a Camp action with a coin takes it, once per expedition', () => {
    const run = startedRun();
    run.setUpRealm(1);
    run.camp.coins = 0;
    hooks(run).campActionTaken(Camp.chop);
    hooks(run).campActionTaken(Camp.chop);
    hooks(run).campActionTaken(Camp.heal);
    expect(run.camp.coins).toBe(1);
    expect(run.camp.coinSpots).toBe(0b110);
  });

  it('Items are bought with coins, at most 2 per Adventurer; Mythic Items are outside the limit', () => {
    const run = startedRun();
    run.setUpRealm(1);
    const hero = run.camp.party[0];
    for (const seat of [1, 2, 3]) for (let i = 0; i < 2; i++) run.camp.itemHolder[run.camp.itemDeck.draw()] = run.camp.party[seat];
    run.camp.itemHolder[run.tables.mythicOf[hero]] = hero;
    run.camp.mythicUnlocked[hero] = 1;
    run.camp.coins = 100;
    run.visitMarket();
    expect(run.camp.itemsHeld(hero, run.tables.items)).toBe(2);
    expect(run.camp.itemHolder[run.tables.mythicOf[hero]]).toBe(hero);
    for (const seat of [1, 2, 3]) expect(run.camp.itemsHeld(run.camp.party[seat], run.tables.items)).toBe(2);
    expect(run.camp.coins).toBeLessThan(100);
  });

  it('nothing is offered for sale once every Party member holds 2 Items', () => {
    const strategy = scripted({});
    const run = startedRun({ strategy });
    run.setUpRealm(1);
    for (const seat of [0, 1, 2, 3]) for (let i = 0; i < 2; i++) run.camp.itemHolder[run.camp.itemDeck.draw()] = run.camp.party[seat];
    run.camp.coins = 100;
    const market = run.camp.market.toArray();
    run.visitMarket();
    expect(strategy.asked).not.toContain(CampaignDecision.purchase);
    expect(run.camp.coins).toBe(100);
    expect(run.camp.market.toArray()).toEqual(market);
  });

  it('a bought Item may go to any Party member with room, the first adventurer of the card file (the Beast Master) too', () => {
    const offered: number[][] = [];
    const strategy = scripted({
      [CampaignDecision.party]: pickFirst('beastmaster', 'cleric', 'ranger', 'wizard'),
      [CampaignDecision.holder]: (view) => (offered.push(Array.from(view.options.subarray(0, view.count))), null),
    });
    const run = startedRun({ strategy });
    run.setUpRealm(1);
    expect(run.camp.party).toContain(adventurer(run, 'beastmaster'));
    run.camp.coins = 100;
    run.visitMarket();
    expect(offered[0]).toEqual([0, 1, 2, 3]);
  });

  it('an Item costing exactly the coins left may be bought', () => {
    let offered: number[] = [];
    const strategy = scripted({ [CampaignDecision.purchase]: (view) => ((offered = Array.from(view.options.subarray(0, view.count))), -1) });
    const run = startedRun({ strategy });
    run.setUpRealm(1);
    const item = run.camp.market.at(0);
    run.camp.coins = run.tables.items[item].price;
    run.rules.state.camper = 0;
    hooks(run).beforeCamp();
    expect(offered).toContain(item);
  });

  it("a bought Item's place in the Market stays empty until the next refresh: nothing is drawn from the Item deck", () => {
    const run = startedRun();
    run.setUpRealm(1);
    const market = run.camp.market.toArray();
    const itemDeck = run.camp.itemDeck.size;
    run.camp.coins = 100;
    run.visitMarket();
    expect(run.camp.market.size).toBeLessThan(market.length);
    expect(market).toEqual(expect.arrayContaining(run.camp.market.toArray()));
    expect(run.camp.itemDeck.size).toBe(itemDeck);
  });

  it('the Market is visited at every camp ("during the game"), not at set-up or Game Breaks', () => {
    const strategy = scripted({});
    const run = startedRun({ strategy });
    run.setUpRealm(1);
    run.camp.coins = 100;
    run.gameBreak();
    expect(strategy.asked).not.toContain(CampaignDecision.purchase);
    expect(run.camp.coins).toBe(100);
    run.rules.state.camper = 0;
    hooks(run).beforeCamp();
    expect(strategy.asked).toContain(CampaignDecision.purchase);
    expect(run.camp.coins).toBeLessThan(100);
  });

  it("a passive die bonus raises the holder's lowest die", () => {
    const run = startedRun();
    run.setUpRealm(1);
    const s = run.rules.state;
    const bonus = run.tables.items.findIndex((item) => !item.mythic && item.effect.op === 'dieBonus');
    run.camp.itemHolder[bonus] = run.camp.party[0];
    // An Item of another kind raises no die.
    run.camp.itemHolder[run.tables.items.findIndex((item) => item.effect.op === 'fire')] = run.camp.party[1];
    s.dieValue.set([2, 5, 3], 0);
    for (let k = 0; k < 3; k++) s.dieState[k] = Die.ready;
    // Lower dice that are not the holder's rolled dice: a ready die in the holder's extra slot (where a tamed
    // creature or a lent die sits) and the next seat's dice. The bonus reaches none of them.
    s.dieValue[3] = 1;
    s.dieState[3] = Die.ready;
    s.dieValue.set([1, 4, 1], DICE_PER_SEAT);
    for (let k = 0; k < 3; k++) s.dieState[DICE_PER_SEAT + k] = Die.ready;
    hooks(run).afterRoll();
    expect(Array.from(s.dieValue.subarray(0, 3))).toEqual([3, 5, 3]);
    expect(s.dieValue[3]).toBe(1);
    expect(Array.from(s.dieValue.subarray(DICE_PER_SEAT, DICE_PER_SEAT + 3))).toEqual([1, 4, 1]);
  });
});

describe('Items used on arrival at a location', () => {
  /** A Realm 1 Run whose first seat holds the Item `name`, its board 3 active cards. */
  function holding(name: string) {
    const run = startedRun();
    run.setUpRealm(1);
    const item = run.tables.items.findIndex((candidate) => candidate.name === name);
    run.camp.itemDeck.remove(item);
    run.camp.market.remove(item);
    run.camp.itemHolder[item] = run.camp.party[0];
    const s = run.rules.state;
    for (let i = 0; i < 3; i++) s.slotState[i] = Slot.active;
    return { run, item, s };
  }

  it('a Discard fire Item (Helm of Prophecy, +3) burns when the fire is 3 or lower, then goes under the Item deck', () => {
    const low = holding('Helm of Prophecy');
    low.s.fire = 3;
    hooks(low.run).afterArrival();
    expect(low.s.fire).toBe(6);
    expect(low.run.camp.itemHolder[low.item]).toBe(-1);
    expect(low.run.camp.itemDeck.at(0)).toBe(low.item);
    const high = holding('Helm of Prophecy');
    high.s.fire = 4;
    hooks(high.run).afterArrival();
    expect(high.s.fire).toBe(4);
    expect(high.run.camp.itemHolder[high.item]).toBe(high.run.camp.party[0]);
  });

  it('a refresh Item refreshes an exhausted board card once its holder has at most one active card', () => {
    const spare = holding('Strength Potion');
    spare.s.slotState[2] = Slot.exhausted;
    hooks(spare.run).afterArrival();
    expect(Array.from(spare.s.slotState.subarray(0, 3))).toEqual([Slot.active, Slot.active, Slot.exhausted]);
    const nearlyOut = holding('Strength Potion');
    nearlyOut.s.slotState[1] = nearlyOut.s.slotState[2] = Slot.exhausted;
    hooks(nearlyOut.run).afterArrival();
    expect(Array.from(nearlyOut.s.slotState.subarray(0, 3))).toEqual([Slot.active, Slot.active, Slot.exhausted]);
    expect(nearlyOut.run.camp.itemHolder[nearlyOut.item]).toBe(-1);
  });

  it('a once-per-expedition Item is kept and not used again in the expedition', () => {
    const { run, item, s } = holding('Item 4');
    s.slotState[1] = s.slotState[2] = Slot.exhausted;
    hooks(run).afterArrival();
    expect(run.camp.itemHolder[item]).toBe(run.camp.party[0]);
    s.slotState[1] = Slot.exhausted;
    hooks(run).afterArrival();
    expect(Array.from(s.slotState.subarray(0, 3))).toEqual([Slot.active, Slot.exhausted, Slot.exhausted]);
  });

  it('an Item held outside the Party (a Warden) is not used', () => {
    const { run, item, s } = holding('Helm of Prophecy');
    const warden = adventurer(run, 'knight');
    run.camp.where[warden] = Where.warden;
    run.camp.itemHolder[item] = warden;
    s.fire = 2;
    hooks(run).afterArrival();
    expect(s.fire).toBe(2);
  });
});

/** The Watch is played at the Grand Arena (one adventurer's dice per creature). */
function atGrandArena(run: ReturnType<typeof startedRun>): void {
  const grandArena = run.tables.cards.locations.find((location) => location.name === 'Grand Arena');
  expect(grandArena?.rules.noCombining).toBe(true);
  (run.rules as unknown as { location: unknown }).location = grandArena?.rules;
}

describe("The Royal's Falcon", () => {
  const royalFirst = firstPick('royal');

  function royalRun(log: string[], falcon: (view: CampaignView) => number | null, falconLast: (view: CampaignView) => number | null = () => null) {
    const strategy = scripted({ [CampaignDecision.party]: royalFirst, [CampaignDecision.falcon]: falcon, [CampaignDecision.falconLast]: falconLast });
    const run = startedRun({ log, settings: { detail: true }, strategy });
    run.camp.where[adventurer(run, 'royal')] = Where.company;
    run.setUpRealm(1);
    expect(Array.from(run.camp.party)).toContain(adventurer(run, 'royal'));
    const s = run.rules.state;
    s.onWatch.set([1, 1, 0, 0]);
    s.inCombat.set([1, 1, 0, 0]);
    s.dieValue.set([5, 2, 3], 0);
    s.dieValue.set([6, 4, 1], DICE_PER_SEAT);
    for (const die of [0, 1, 2, DICE_PER_SEAT, DICE_PER_SEAT + 1, DICE_PER_SEAT + 2]) s.dieState[die] = Die.ready;
    hooks(run).afterArrival();
    return { run, asked: strategy.asked, watch: strategy.watch };
  }

  it('strikes where the strategy says, with the die it picks (4 + the die), once per round', () => {
    const log: string[] = [];
    const { run, asked, watch } = royalRun(log, () => falconOption(1, 1));
    const [goblins, eagle] = [cardIds(run, 'Goblins')[0], cardIds(run, 'Eagle')[0]]; // health 6, 4
    putInLine(run, [eagle, goblins]);
    hooks(run).beforeWatchAction();
    const s = run.rules.state;
    expect(s.lineLength).toBe(1);
    expect(run.tables.cards.names[s.lineCard[0]]).toBe('Eagle');
    expect(s.dieState[1]).toBe(Die.spent);
    expect(log.some((line) => line.includes('the Falcon deals 4 + a die of 2 to Goblins'))).toBe(true);
    run.rules.endWatch(watch);
    expect(asked.filter((d) => d === CampaignDecision.falcon || d === CampaignDecision.falconLast)).toEqual([CampaignDecision.falcon]);
  });

  it("adds only a die still ready: a spent one is no option", () => {
    let dice: number[] = [];
    const { run } = royalRun([], (view) => {
      dice = Array.from(view.options.subarray(0, view.count)).filter((option) => option !== FALCON_HOLD).map(falconDie);
      return FALCON_HOLD;
    });
    putInLine(run, [cardIds(run, 'Goblins')[0]]);
    run.rules.state.dieState[1] = Die.spent;
    hooks(run).beforeWatchAction();
    expect(dice.sort((a, b) => a - b)).toEqual([-1, 0, 2, DICE_PER_SEAT, DICE_PER_SEAT + 1, DICE_PER_SEAT + 2]);
  });

  it.each([
    ['a Metal Golem blocks the creatures behind it', ['Metal Golem', 'Eagle', 'Goblins'], [0]],
    ['a flanked Phantom Cat is immune', ['Eagle', 'Phantom Cat', 'Goblins'], [0, 2]],
    ['it reaches the whole Line', ['Eagle', 'Goblins', 'Bear'], [0, 1, 2]],
  ])('strikes only where a direct attack may be assigned: %s', (_, names, positions) => {
    // Catches: every revealed card offered, immunity and blockers ignored.
    let offered: number[] = [];
    const { run } = royalRun([], (view) => {
      offered = Array.from(view.options.subarray(0, view.count), falconTarget).filter((position) => position >= 0);
      return FALCON_HOLD;
    });
    putInLine(run, names.map((name) => cardIds(run, name)[0]));
    hooks(run).beforeWatchAction();
    expect([...new Set(offered)]).toEqual(positions);
  });

  it('adds no die of an adventurer out of the fight, nor, at the Grand Arena, of a second adventurer on a creature', () => {
    let offered: number[] = [];
    const { run } = royalRun([], (view) => {
      offered = Array.from(view.options.subarray(0, view.count)).filter((option) => option !== FALCON_HOLD && falconTarget(option) === 0 && falconDie(option) >= 0).map(falconDie);
      return FALCON_HOLD;
    });
    putInLine(run, [cardIds(run, 'Goblins')[0]]);
    const s = run.rules.state;
    s.inCombat.set([0, 1, 0, 0]);
    hooks(run).beforeWatchAction();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((die) => Math.floor(die / DICE_PER_SEAT) === 1)).toBe(true);
    s.inCombat.set([1, 1, 0, 0]);
    s.lineAttacker[0] = 0;
    atGrandArena(run);
    hooks(run).beforeWatchAction();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((die) => Math.floor(die / DICE_PER_SEAT) === 0)).toBe(true);
  });

  it("a die added to it is its adventurer's attack on the creature (the Grand Arena's one adventurer, Curse's attack die)", () => {
    // Catches: a Falcon strike with a die leaving the creature unmarked, so a second adventurer could combine at the Grand Arena.
    const { run } = royalRun([], () => falconOption(0, DICE_PER_SEAT + 2)); // 4 + 1 against the Goblins' 6
    putInLine(run, [cardIds(run, 'Goblins')[0]]);
    atGrandArena(run);
    hooks(run).beforeWatchAction();
    const s = run.rules.state;
    expect(s.lineLength).toBe(1);
    expect(s.lineAttacker[0]).toBe(1);
    expect(run.rules.combiningAllowed(0, 0)).toBe(false);
    expect(run.rules.combiningAllowed(1, 0)).toBe(true);
  });

  it('is offered before every Watch action until it strikes, once a round', () => {
    const log: string[] = [];
    let offers = 0;
    const { run, asked } = royalRun(log, () => (++offers < 3 ? FALCON_HOLD : falconOption(0, -1)));
    putInLine(run, [cardIds(run, 'Goblins')[0]]);
    for (let action = 0; action < 5; action++) hooks(run).beforeWatchAction();
    expect(asked.filter((d) => d === CampaignDecision.falcon)).toHaveLength(3);
    expect(log.filter((line) => line.includes('the Falcon deals 4 to Goblins'))).toHaveLength(1);
  });

  it('in a played expedition it is offered between Watch actions, not only before the first', () => {
    let round = -1;
    let actionsThisRound = 0;
    const actionsBeforeOffers: number[] = [];
    const counting: SetawatchStrategy = {
      name: 'counting',
      choose: (decision, view) => {
        if (view.state.round !== round) [round, actionsThisRound] = [view.state.round, 0];
        if (decision === Decision.watch) actionsThisRound++;
        return greedyChoice(decision, view);
      },
    };
    const hold = () => {
      actionsBeforeOffers.push(actionsThisRound);
      return FALCON_HOLD;
    };
    const strategy = { ...scripted({ [CampaignDecision.party]: royalFirst, [CampaignDecision.falcon]: hold }), watch: counting };
    const run = startedRun({ log: [], seed: 3, settings: {}, strategy });
    run.camp.where[adventurer(run, 'royal')] = Where.company;
    run.setUpRealm(1);
    run.playUntilBeaten(1);
    expect(actionsBeforeOffers.some((actions) => actions === 0)).toBe(true);
    expect(actionsBeforeOffers.some((actions) => actions > 0)).toBe(true);
  });

  it('held through the Watch, it is offered again as the Watch ends; greedy then finishes a creature with a spare die', () => {
    const log: string[] = [];
    const { run, asked, watch } = royalRun(log, () => FALCON_HOLD, () => null);
    const goblins = cardIds(run, 'Goblins')[0]; // health 6
    putInLine(run, [goblins]);
    hooks(run).beforeWatchAction();
    expect(run.rules.state.lineLength).toBe(1);
    run.rules.endWatch(watch);
    expect(asked).toContain(CampaignDecision.falconLast);
    // The smallest die that finishes the Goblins (4 + 2), so nothing joins the Horde.
    expect(log.some((line) => line.includes('the Falcon deals 4 + a die of 2 to Goblins'))).toBe(true);
    expect(run.rules.state.horde.indexOf(goblins)).toBe(-1);
  });

  it('greedy strikes alone during the Watch only to defeat (the toughest creature it can finish)', () => {
    const log: string[] = [];
    const { run } = royalRun(log, () => null);
    const [goblins, eagle] = [cardIds(run, 'Goblins')[0], cardIds(run, 'Eagle')[0]];
    putInLine(run, [goblins, eagle]);
    hooks(run).beforeWatchAction();
    expect(log.some((line) => line.includes('the Falcon deals 4 to Eagle'))).toBe(true);
    expect(run.rules.state.dieState[1]).toBe(Die.ready);
  });
});

describe("The Bard's Multi-Talented", () => {
  const bardFirst = firstPick('bard');
  const offered = (view: CampaignView) => Array.from(view.options.subarray(0, view.count));
  /** A Watch that Equips whenever it can, so borrowed cards reach the Bard's board. */
  const equipping: SetawatchStrategy = {
    name: 'equipping',
    choose: (decision, view) => {
      if (decision !== Decision.camp) return greedyChoice(decision, view);
      for (let i = 0; i < view.options.count; i++) if (view.options.kind[i] === OptionKind.campAction && view.options.aux[i] === Camp.equip) return i;
      return greedyChoice(decision, view);
    },
  };

  /** Realm 1 set up with the Bard in the Party and the Artificer and Trophy Hunter in the Company; the Bard camps. */
  function bardCamps(strategy: DoomedrunStrategy, log: string[] = []) {
    const run = startedRun({ log, settings: { detail: true }, strategy });
    run.camp.where[adventurer(run, 'bard')] = Where.company;
    run.setUpRealm(1);
    run.camp.where[adventurer(run, 'artificer')] = Where.company;
    run.camp.where[adventurer(run, 'trophyhunter')] = Where.company;
    const seat = run.rules.seatOf(adventurer(run, 'bard'));
    expect(seat).toBeGreaterThanOrEqual(0);
    run.rules.state.camper = seat;
    const aside: number[] = [];
    for (let slot = seat * SLOTS_PER_SEAT; slot < (seat + 1) * SLOTS_PER_SEAT; slot++) if (run.rules.state.slotState[slot] === Slot.reserve) aside.push(slot);
    return { run, seat, aside, own: aside.map((slot) => run.rules.state.slotCard[slot]) };
  }

  it("each slot aside is the strategy's decision: his own card (first option) or a card of a Company member outside the Party", () => {
    const options: number[][] = [];
    let wanted = -1;
    const pick = (view: CampaignView) => {
      options.push(offered(view));
      wanted = view.options[view.count - 1];
      return wanted;
    };
    const log: string[] = [];
    const strategy = scripted({ [CampaignDecision.party]: bardFirst, [CampaignDecision.borrow]: pick });
    const { run, aside, own } = bardCamps(strategy, log);
    const t = run.tables;
    hooks(run).beforeCamp();
    expect(strategy.asked.filter((d) => d === CampaignDecision.borrow)).toHaveLength(2);
    expect(options.map((list) => list[0])).toEqual(own);
    const owner = (card: number) => t.adventurerIds[t.adventurers.findIndex((a) => a.abilities.includes(card))];
    for (const list of options) {
      for (const card of list.slice(1)) {
        expect(run.camp.where[adventurer(run, owner(card))]).toBe(Where.company);
        expect(['artificer', 'trophyhunter']).not.toContain(owner(card));
      }
    }
    expect(options[1]).not.toContain(run.rules.state.slotCard[aside[0]]);
    expect(run.rules.state.slotCard[aside[1]]).toBe(wanted);
    expect(own).not.toContain(run.rules.state.slotCard[aside[0]]);
    expect(log.filter((line) => line.includes('Multi-Talented: the Bard may equip'))).toHaveLength(2);
    run.rules.reclaim(adventurer(run, owner(wanted)));
    expect(run.rules.state.slotCard[aside[1]]).toBe(own[1]);
  });

  it('borrowed cards still aside go back to their owners before the Watch; his own return to those slots', () => {
    const strategy = scripted({ [CampaignDecision.party]: bardFirst, [CampaignDecision.borrow]: (view) => view.options[view.count - 1] });
    const { run, aside, own } = bardCamps(strategy);
    hooks(run).beforeCamp();
    expect(aside.map((slot) => run.rules.state.slotCard[slot])).not.toEqual(own);
    run.rules.returnBorrowedAside();
    expect(aside.map((slot) => run.rules.state.slotCard[slot])).toEqual(own);
  });

  it("a card of a Party member, of a dead Adventurer, of a Warden or of the Artificer is no option; an answer outside the options is a StrategyError", () => {
    const { run, seat } = bardCamps(scripted({ [CampaignDecision.party]: bardFirst }));
    const partyMember = run.camp.party[(seat + 1) % 4];
    const lenders = Array.from(run.camp.where.keys()).filter((a) => run.rules.isLender(a));
    expect(lenders.length).toBeGreaterThanOrEqual(2);
    const [dead, warden] = lenders;
    const firstCard = (a: number) => run.tables.adventurers[a].abilities[0];
    const cases: [number, number][] = [[firstCard(partyMember), -1], [firstCard(adventurer(run, 'artificer')), -1], [firstCard(dead), Where.dead], [firstCard(warden), Where.warden]];
    for (const [card, where] of cases) {
      const attempt = bardCamps(scripted({ [CampaignDecision.party]: bardFirst, [CampaignDecision.borrow]: () => card }));
      if (where >= 0) attempt.run.camp.where[attempt.run.tables.adventurers.findIndex((a) => a.abilities.includes(card))] = where;
      expect(() => hooks(attempt.run).beforeCamp()).toThrow(/is not among/);
    }
    const broken = scripted({ [CampaignDecision.party]: bardFirst });
    const answer = broken.campaign;
    broken.campaign = (decision, view) => (decision === CampaignDecision.borrow ? view.count : answer(decision, view));
    const rejected = bardCamps(broken);
    expect(() => hooks(rejected.run).beforeCamp()).toThrow(StrategyError);
    expect(() => hooks(bardCamps(broken).run).beforeCamp()).toThrow(/decision "borrow" illegally/);
  });

  it('greedy borrows the card Set a Watch greedy values most (measured worth), keeping his own only when it is worth more', () => {
    const choices: { offered: number[]; picked: number }[] = [];
    const recordGreedy = (view: CampaignView) => {
      const picked = view.options[greedyCampaign(CampaignDecision.borrow, view)];
      choices.push({ offered: offered(view), picked });
      return picked;
    };
    const { run } = bardCamps(scripted({ [CampaignDecision.party]: bardFirst, [CampaignDecision.borrow]: recordGreedy }));
    hooks(run).beforeCamp();
    const worth = (card: number) => cardWorth(run.tables.cards, card);
    expect(choices.length).toBe(2);
    for (const { offered: cards, picked } of choices) expect(worth(picked)).toBe(Math.max(...cards.map(worth)));
    expect(choices.some(({ offered: cards, picked }) => picked !== cards[0])).toBe(true);
  });

  it('borrowed cards reach his board by Equip; no card is ever on two boards', () => {
    let borrowed = 0;
    let equipped = 0;
    for (let seed = 0; seed < 20; seed++) {
      const log: string[] = [];
      const strategy = { ...scripted({ [CampaignDecision.party]: bardFirst, [CampaignDecision.borrow]: (view: CampaignView) => view.options[view.count - 1] }), watch: equipping };
      const run = startedRun({ log, seed, settings: { detail: true }, strategy });
      run.camp.where[adventurer(run, 'bard')] = Where.company;
      const watched = watchInvariants(run);
      run.setUpRealm(1);
      run.playUntilBeaten(1);
      const names = log.filter((line) => line.includes('Multi-Talented: the Bard may equip')).map((line) => line.replace(/.*may equip (.*) \(.*\)$/, '$1'));
      borrowed += names.length;
      equipped += log.filter((line) => names.some((name) => line.includes(`Equip: ${name} replaces`))).length;
      expect(watched.problems).toEqual([]);
      expect(watched.checkpoints).toBeGreaterThan(0);
      const slots = Array.from(run.rules.state.slotCard.subarray(0, 20));
      expect(new Set(slots).size).toBe(20);
    }
    expect(borrowed).toBeGreaterThan(0);
    expect(equipped).toBeGreaterThan(0);
  });
});

describe('End Run scoring', () => {
  it('the tiers as printed', () => {
    const cases: [number, string][] = [
      [0, 'Up in Smoke'],
      [49, 'Up in Smoke'],
      [50, 'Dying Embers'],
      [59, 'Dying Embers'],
      [60, 'Smoldering Fire'],
      [69, 'Smoldering Fire'],
      [70, 'Warming Pyre'],
      [79, 'Warming Pyre'],
      [80, 'Roaring Blaze'],
      [89, 'Roaring Blaze'],
      [90, 'Raging Bonfire'],
      [99, 'Raging Bonfire'],
      [100, 'Eternal Flame'],
      [140, 'Eternal Flame'],
    ];
    for (const [score, tier] of cases) expect(TIERS[tierOf(score) - 1]).toBe(tier);
  });

  it('X per unexhausted Ability card in the Party, other living Adventurer (Wardens included), Mythic Item, Warden Item', () => {
    const run = startedRun({ settings: { summons: 3 } });
    run.camp.realm = 7;
    run.setUpRealm(7);
    const s = run.rules.state;
    // Party: 3 + 2 + 1 unexhausted cards on the boards, 2 aside each; the fourth member is dead (all board cards exhausted).
    const states = [
      [Slot.active, Slot.active, Slot.active, Slot.reserve, Slot.reserve],
      [Slot.active, Slot.active, Slot.exhausted, Slot.reserve, Slot.reserve],
      [Slot.active, Slot.exhausted, Slot.exhausted, Slot.reserve, Slot.reserve],
      [Slot.exhausted, Slot.exhausted, Slot.exhausted, Slot.reserve, Slot.reserve],
    ];
    states.forEach((list, seat) => list.forEach((state, i) => (s.slotState[seat * SLOTS_PER_SEAT + i] = state)));
    run.buryDead();
    // The other living Adventurers: the Company's two and one Warden holding one Item.
    const others = inCompany(run);
    expect(others).toHaveLength(2);
    const warden = adventurer(run, 'knight');
    makeWarden(run, warden, 2);
    run.camp.itemHolder[run.camp.itemDeck.draw()] = warden;
    run.camp.mythicUnlocked[adventurer(run, 'cleric')] = 1;
    run.camp.mythicUnlocked[adventurer(run, 'knight')] = 1;
    run.camp.currentQuest = -1;
    run.endRealm(7);
    // (6 unexhausted cards on the boards, not the 6 aside + 3 Adventurers + 2 Mythic Items + 1 Warden Item) x 3 = 36.
    expect(run.score()).toBe(36);
    expect(TIERS[tierOf(36) - 1]).toBe('Up in Smoke');
    expect(TIERS[tierOf(54) - 1]).toBe('Dying Embers');
  });

  it('the share of estimated cards counts the distinct cards met, and nothing met is 0%', () => {
    const t = startedRun().tables;
    const met = new CardsMet(t);
    expect(met.estimatedPct()).toBe(0);
    const printed = t.cardEstimated.indexOf(0);
    const estimated = t.cardEstimated.indexOf(1);
    met.card[printed] = met.card[estimated] = 1;
    expect(met.estimatedPct()).toBe(50);
    met.location[t.locationEstimated.indexOf(1)] = 1;
    expect(met.estimatedPct()).toBe(67);
  });

  it("New Run+ scores X + 1 per point, X the previous Run's Summon cards (not the summons setting)", () => {
    const run = makeRun({ variant: 'new-run-plus', summons: 1 });
    run.begin(1, greedyStrategy());
    const tier1 = run.tables.summonsByTier[1];
    legacyOf(run, ['warrior', 'ranger', 'wizard', 'cleric', 'rogue', 'knight'], ['warrior', 'cleric'], [tier1[0], tier1[1], tier1[2]]);
    run.startRun('new-run-plus');
    expect(run.camp.startingSummons).toBe(3);
    expect(run.camp.scoreX).toBe(4);
  });
});
