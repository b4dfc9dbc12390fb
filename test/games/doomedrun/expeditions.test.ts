import { describe, expect, it } from 'vitest';
import { playOneGame } from '../../../src/core/game.ts';
import { Kind } from '../../../src/games/setawatch/cards.ts';
import { SHUFFLE_DEPTH, Slot, SLOTS_PER_SEAT, Status } from '../../../src/games/setawatch/state.ts';
import type { DoomedRun } from '../../../src/games/doomedrun/campaign.ts';
import { CampaignDecision, type CampaignView } from '../../../src/games/doomedrun/decisions.ts';
import { Where } from '../../../src/games/doomedrun/state.ts';
import { doomedrunContentSchema } from '../../../src/games/doomedrun/content.ts';
import { adventurer, aloneInLine, cardIds, cardsInPiles, content, defeatInLine, exhaustBoard, greedyStrategy, inCompany, noCostQuest, pickFirst, questCost, record, scripted, startedRun, makeRun, makeWarden } from './helpers.ts';

function summonsIn(run: DoomedRun, cards: number[]): number {
  return cards.filter((card) => run.tables.cards.kind[card] === Kind.summon).length;
}

describe('Game Break', () => {
  it('keeps fire, Doom, coins, Items, Ability cards, rest tokens and the Horde (the Between Expeditions example)', () => {
    const run = startedRun({ strategy: scripted({ [CampaignDecision.purchase]: () => -1, [CampaignDecision.sideQuestKeep]: noCostQuest }) });
    run.setUpRealm(1);
    // No Side Quest in play, so that nothing but the Game Break acts.
    run.camp.currentQuest = -1;
    while (run.camp.questDeck.size > 0) run.camp.questOut.push(run.camp.questDeck.draw());
    const s = run.rules.state;
    s.fire = 8;
    run.camp.doom = 2;
    run.camp.coins = 3;
    s.rests.set([2, 0, 1, 1]);
    const slots = Array.from(s.slotState);
    const horde = s.horde.toArray();
    run.camp.itemHolder[0] = run.camp.party[2];
    run.camp.itemDeck.remove(0);
    run.camp.market.remove(0);
    run.gameBreak();
    expect(s.fire).toBe(8);
    expect(run.camp.doom).toBe(2);
    expect(run.camp.coins).toBe(3);
    expect(Array.from(s.rests)).toEqual([2, 0, 1, 1]);
    expect(run.camp.itemHolder[0]).toBe(run.camp.party[2]);
    expect(s.horde.toArray()).toEqual(horde);
    expect(Array.from(s.slotState)).toEqual(slots);
  });

  it('step 1-2: the reward is gained and the card leaves; a new Side Quest is drawn', () => {
    const run = startedRun();
    run.setUpRealm(1);
    // The Side Quest in play becomes a known one: a "Call of" whose Adventurer has not joined the Run.
    const quest = run.tables.quests.findIndex((q) => q.reward.length === 1 && q.reward[0].op === 'join' && run.camp.where[adventurer(run, q.reward[0].adventurer)] === Where.absent);
    expect(quest).toBeGreaterThanOrEqual(0);
    const reward = run.tables.quests[quest].reward[0];
    const joining = adventurer(run, reward.op === 'join' ? reward.adventurer : '');
    if (run.camp.currentQuest >= 0) run.camp.questDeck.push(run.camp.currentQuest);
    run.camp.questDeck.remove(quest);
    run.camp.currentQuest = quest;
    run.gameBreak();
    expect(run.camp.where[joining]).toBe(Where.company);
    expect(run.camp.questOut.toArray()).toContain(quest);
    expect(run.camp.questDeck.toArray()).not.toContain(quest);
    expect(run.camp.currentQuest).not.toBe(quest);
    expect(run.camp.currentQuest).toBeGreaterThanOrEqual(0);
  });

  it('a Side Quest fire cost never takes the fire below 1 (judgement: no fire-at-0 exhaust between expeditions)', () => {
    let wanted = -1;
    const run = startedRun({ strategy: scripted({ [CampaignDecision.sideQuestKeep]: (view) => (wanted >= 0 ? wanted : noCostQuest(view)) }) });
    run.setUpRealm(1);
    wanted = run.tables.quests.findIndex((q) => q.cost.length === 1 && q.cost[0].op === 'fire' && q.cost[0].amount <= -2);
    expect(wanted).toBeGreaterThanOrEqual(0);
    if (run.camp.currentQuest === wanted) run.camp.currentQuest = -1;
    run.camp.questDeck.remove(wanted);
    run.camp.questOut.remove(wanted);
    run.camp.questDeck.push(wanted);
    const s = run.rules.state;
    s.fire = 1;
    const slots = Array.from(s.slotState);
    run.selectQuest();
    expect(run.camp.currentQuest).toBe(wanted);
    expect(s.fire).toBe(1);
    expect(Array.from(s.slotState)).toEqual(slots);
  });

  it('step 3: Summons leave the deck and Graveyard, the Graveyard (summoned Unhallowed too) is shuffled in, one pile per Summon removed', () => {
    const run = startedRun({ settings: { summons: 2 } });
    run.setUpRealm(1);
    const s = run.rules.state;
    // One Summon and a summoned Unhallowed in the Graveyard, the other Summon in the Horde (it stays there).
    const [first, second] = run.camp.summons;
    s.deck.remove(first);
    s.deck.remove(second);
    s.graveyard.push(first);
    s.horde.push(second);
    const unhallowed = s.unhallowedDeck.draw();
    s.graveyard.push(unhallowed);
    const before = cardsInPiles(run);
    run.gameBreak();
    expect(cardsInPiles(run)).toEqual(before);
    expect(s.graveyard.size).toBe(0);
    expect(s.deck.toArray()).toContain(unhallowed);
    expect(summonsIn(run, s.deck.toArray())).toBe(1);
    expect(s.horde.toArray()).toContain(second);
  });

  it('step 4-6: visited locations go into the Unused deck; coins reset to one per spot; the Market is refreshed', () => {
    const run = startedRun({ strategy: scripted({ [CampaignDecision.purchase]: () => -1 }) });
    run.setUpRealm(1);
    const s = run.rules.state;
    const visited = [run.camp.realmMap.draw(), run.camp.realmMap.draw()];
    for (const location of visited) run.camp.visited.push(location);
    run.camp.coinSpots = 0;
    const market = run.camp.market.toArray();
    run.gameBreak();
    for (const location of visited) expect(s.unusedLocations.toArray()).toContain(location);
    expect(run.camp.visited.size).toBe(0);
    expect(run.camp.coinSpots).toBe(0b111);
    expect(run.camp.market.size).toBe(3);
    expect(run.camp.itemDeck.toArray().slice(0, 3).sort()).toEqual(market.sort());
  });

  it("step 7: the next expedition's first location changes the fire (the first expedition of a Realm ignores it)", () => {
    const run = startedRun();
    run.setUpRealm(1);
    const s = run.rules.state;
    const forbidden = run.tables.cards.locations.findIndex((l) => l.name === 'Ancient Crypt');
    s.mapDeck.clear();
    s.mapDeck.push(forbidden);
    s.fire = 7;
    run.beginExpedition();
    run.rules.playCarriedRound(1, true);
    expect(run.tables.cards.locations[s.location].name).toBe('Ancient Crypt');
    // Ancient Crypt burns 3 on arrival; the round's own changes come after.
    const log: string[] = [];
    const again = startedRun({ log, settings: { detail: true }, strategy: scripted({ [CampaignDecision.sideQuestKeep]: noCostQuest }) });
    again.setUpRealm(1);
    const t = again.rules.state;
    t.fire = 7;
    t.mapDeck.clear();
    t.mapDeck.push(forbidden);
    again.beginExpedition();
    again.rules.playCarriedRound(1, true);
    expect(log.some((line) => line.includes('fire 7 -> 4'))).toBe(true);
    const ignored: string[] = [];
    const third = startedRun({ log: ignored, settings: { detail: true }, strategy: scripted({ [CampaignDecision.sideQuestKeep]: noCostQuest }) });
    third.setUpRealm(1);
    third.rules.state.fire = 7;
    third.rules.state.mapDeck.clear();
    third.rules.state.mapDeck.push(forbidden);
    third.beginExpedition();
    third.rules.playCarriedRound(1, false);
    expect(ignored.some((line) => line.includes('fire 7 -> 4'))).toBe(false);
  });

  it('the Party is kept across a Game Break: no re-selection, only the dead are replaced (judgement, see RULES.md)', () => {
    const strategy = scripted({});
    const run = startedRun({ strategy });
    run.setUpRealm(1);
    const party = Array.from(run.camp.party);
    // The expedition ends with seat 1's Adventurer dead: only that seat is chosen again.
    exhaustBoard(run, 1);
    strategy.asked.length = 0;
    run.buryDead();
    expect(run.replaceDead()).toBe(true);
    expect(strategy.asked.filter((decision) => decision === CampaignDecision.replacement)).toHaveLength(1);
    expect(strategy.asked).not.toContain(CampaignDecision.party);
    const replaced = Array.from(run.camp.party);
    expect(replaced.filter((a, seat) => a !== party[seat])).toEqual([replaced[1]]);
    strategy.asked.length = 0;
    run.gameBreak();
    expect(Array.from(run.camp.party)).toEqual(replaced);
    expect(strategy.asked).not.toContain(CampaignDecision.party);
  });

  it("a won expedition's dead are replaced after the Game Break's reward: a newcomer it brings can fill the seat (the Run is not lost first)", () => {
    const run = startedRun();
    run.setUpRealm(1);
    const c = run.camp;
    const s = run.rules.state;
    // Nobody outside the Party and no Warden: a death leaves 3 who can be fielded.
    for (let a = 0; a < c.where.length; a++) if (c.where[a] === Where.company) c.where[a] = Where.absent;
    // The Side Quest in play brings the Knight, who has not joined ("Call of the Knight").
    const knight = adventurer(run, 'knight');
    const quest = run.tables.quests.findIndex((q) => q.reward.some((r) => r.op === 'join' && r.adventurer === 'knight'));
    if (c.currentQuest >= 0) c.questDeck.push(c.currentQuest);
    c.questDeck.remove(quest);
    c.currentQuest = quest;
    // Rounds stand in for play: each visits its location; the last leaves seat 0 with every board card exhausted.
    run.rules.playCarriedRound = () => {
      s.location = s.mapDeck.draw();
      if (s.mapDeck.size === 0) for (let i = 0; i < 3; i++) s.slotState[i] = Slot.exhausted;
    };
    const fallen = c.party[0];
    // The expedition is beaten (Party 3 + the Company's none: no one to replace the fallen yet).
    expect(run.playUntilBeaten(1)).toBe(true);
    expect(c.where[fallen]).toBe(Where.dead);
    // "Before proceeding to the next expedition ...: Gain the current Side Quest reward": the Knight joins and fills the seat.
    run.gameBreak();
    expect(c.where[knight]).toBe(Where.party);
    expect(Array.from(c.party)).toContain(knight);
    for (let seat = 0; seat < 4; seat++) expect(c.party[seat]).toBeGreaterThanOrEqual(0);
    expect(s.slotState[SLOTS_PER_SEAT * Array.from(c.party).indexOf(knight)]).not.toBe(Slot.reserve);
  });

  it("a Game Break's refresh reward is offered to living Party members with an exhausted card only, not to a fallen member's empty seat", () => {
    const offered: number[][] = [];
    const run = startedRun({ strategy: scripted({ [CampaignDecision.refresh]: (view) => {
      offered.push(Array.from(view.options.subarray(0, view.count)));
      return view.options[0];
    } }) });
    run.setUpRealm(1);
    const c = run.camp;
    c.currentQuest = 0;
    Object.assign(run.tables.quests[0], { reward: [{ op: 'refresh', count: 1 }] });
    for (const seat of [0, 1]) exhaustBoard(run, seat);
    const s = run.rules.state;
    s.slotState[SLOTS_PER_SEAT] = Slot.active;
    for (let slot = 3 * SLOTS_PER_SEAT; slot < 4 * SLOTS_PER_SEAT; slot++) if (s.slotState[slot] === Slot.exhausted) s.slotState[slot] = Slot.active;
    run.buryDead();
    expect(c.party[0]).toBe(-1);
    run.gameBreak();
    // Seat 1 survives on one card, the rest exhausted; seat 2 was dealt one card exhausted; seat 3 has none left exhausted.
    expect(offered[0]).toEqual([1, 2]);
  });

  it('rest tokens are returned once everyone has rested twice', () => {
    const log: string[] = [];
    const run = startedRun({ log, settings: { detail: true } });
    run.setUpRealm(1);
    const s = run.rules.state;
    s.rests.set([2, 2, 2, 1]);
    for (let i = 0; i < 2; i++) s.mapDeck.pushBottom(run.camp.realmMap.draw());
    run.beginExpedition();
    run.rules.playCarriedRound(1, false);
    expect(log.some((line) => line.includes('camps (rest 2 of 2)'))).toBe(true);
    run.rules.playCarriedRound(2, false);
    expect(log.some((line) => line.includes('camps (rest 1 of 2)'))).toBe(true);
  });

  it.each([0, 1, 2, 3])('rest tokens stay out while one Adventurer (seat %i) has not rested twice', (short) => {
    const log: string[] = [];
    const run = startedRun({ log, settings: { detail: true } });
    run.setUpRealm(1);
    const s = run.rules.state;
    s.rests.set([2, 2, 2, 2]);
    s.rests[short] = 0;
    for (let i = 0; i < 2; i++) s.mapDeck.pushBottom(run.camp.realmMap.draw());
    run.beginExpedition();
    run.rules.playCarriedRound(1, false);
    run.rules.playCarriedRound(2, false);
    // Only that Adventurer may camp, in both rounds: the tokens come back after its second rest.
    expect(log.flatMap((line) => line.match(/camps \(rest \d of 2\)/) ?? [])).toEqual(['camps (rest 1 of 2)', 'camps (rest 2 of 2)']);
  });

  it("rest tokens return as soon as the fourth Adventurer has rested twice: a replacement at the Game Break finds them all returned", () => {
    // "Once every Adventurer has rested twice, return all Rest tokens and reset them": at that moment, not at the
    // next roll, when a fallen member's replacement (who has not rested) would keep the three others' tokens out.
    const run = startedRun();
    run.setUpRealm(1);
    const s = run.rules.state;
    s.rests.set([2, 2, 2, 1]);
    s.mapDeck.push(run.camp.realmMap.draw());
    run.beginExpedition();
    run.rules.playCarriedRound(1, false);
    expect(Array.from(s.rests)).toEqual([0, 0, 0, 0]);
    exhaustBoard(run, 0);
    run.buryDead();
    expect(run.replaceDead()).toBe(true);
    expect(Array.from(s.rests)).toEqual([0, 0, 0, 0]);
  });
});

describe('Losing an expedition', () => {
  it('lost to a Summon: the Line deals its damage to Adventurers on Watch, then goes to the Horde, every card seen', () => {
    const offered = new Set<number>();
    const run = startedRun({ strategy: scripted({ [CampaignDecision.lossExhaust]: (view) => {
      for (let i = 0; i < view.count; i++) offered.add(view.options[i]);
      return null;
    } }) });
    run.setUpRealm(1);
    const s = run.rules.state;
    s.onWatch.set([1, 1, 1, 0]);
    for (let seat = 0; seat < 4; seat++) for (let slot = seat * 5; slot < seat * 5 + 5; slot++) if (s.slotState[slot] !== Slot.reserve) s.slotState[slot] = Slot.active;
    // Seat 2 watches with every card exhausted: it has nothing left to exhaust and is not asked.
    exhaustBoard(run, 2);
    const goblins = cardIds(run, 'Goblins')[0];
    const bandit = cardIds(run, 'Bandits')[0];
    s.deck.remove(goblins);
    s.deck.remove(bandit);
    s.lineCard[0] = goblins;
    s.lineCard[1] = bandit;
    s.lineLength = 2;
    s.status = Status.lostSummon;
    const horde = s.horde.size;
    run.lineDamage();
    expect(s.lineLength).toBe(0);
    expect(s.horde.size).toBe(horde + 2);
    expect([s.cardSeen[goblins], s.cardSeen[bandit]]).toEqual([1, 1]);
    expect(s.watchActiveCards()).toBe(6 - 2);
    expect(s.activeCards(3)).toBe(3);
    expect([...offered].sort()).toEqual([0, 1]);
  });

  it('Adventurers with every board card exhausted die; their Items go under the Item deck; the dead never return', () => {
    const run = startedRun();
    run.setUpRealm(1);
    const dying = run.camp.party[1];
    const item = run.camp.market.draw();
    run.camp.itemHolder[item] = dying;
    exhaustBoard(run, 1);
    run.buryDead();
    expect(run.camp.where[dying]).toBe(Where.dead);
    expect(run.camp.party[1]).toBe(-1);
    expect(run.camp.itemHolder[item]).toBe(-1);
    expect(run.camp.itemDeck.at(0)).toBe(item);
    expect(run.replaceDead()).toBe(true);
    expect(run.camp.party[1]).not.toBe(dying);
    expect(Array.from(run.camp.party)).not.toContain(dying);
  });

  it('replacements are chosen by the strategy, or random with random reinforcements', () => {
    const beastmaster = (view: { tables: { adventurerIds: readonly string[] } }) => view.tables.adventurerIds.indexOf('beastmaster');
    const run = startedRun({ strategy: scripted({ [CampaignDecision.replacement]: beastmaster }) });
    run.setUpRealm(1);
    exhaustBoard(run, 0);
    run.buryDead();
    run.replaceDead();
    expect(run.camp.party[0]).toBe(adventurer(run, 'beastmaster'));
    // Random reinforcements, over several deals: each replacement is one of the Company (not the dead, not a Warden,
    // not one who never joined), seated as a Party member, and the strategy is never asked. With two or more in the
    // Company to draw from, 20 runs all drawing the same one would be a 2^-19 chance: the draw must vary.
    const drawn = new Set<number>(); // the replacement's place among the candidates
    for (let seed = 1; seed <= 20; seed++) {
      const strategy = scripted({});
      const random = startedRun({ settings: { reinforcements: 'random' }, strategy, seed });
      random.setUpRealm(1);
      const dead = random.camp.party[0];
      exhaustBoard(random, 0);
      random.buryDead();
      const company = inCompany(random);
      expect(company.length, `seed ${seed}: the Company to draw from`).toBeGreaterThan(1);
      expect(random.replaceDead()).toBe(true);
      const replacement = random.camp.party[0];
      expect(company, `seed ${seed}`).toContain(replacement);
      expect(replacement).not.toBe(dead);
      expect(random.camp.where[replacement]).toBe(Where.party);
      expect(strategy.asked).not.toContain(CampaignDecision.replacement);
      drawn.add(company.indexOf(replacement));
    }
    expect(drawn.size).toBeGreaterThan(1);
  });

  it('the Run is lost when the dead cannot be replaced (no Wardens to recall)', () => {
    const run = startedRun();
    run.setUpRealm(1);
    for (const seat of [0, 1, 2]) exhaustBoard(run, seat);
    run.buryDead();
    expect(run.replaceDead()).toBe(false);
  });

  /** A run with the Rogue an old Warden and the Beastmaster the current one, after two of the Party died. */
  function twoDeadWithWardens(strategy?: Parameters<typeof startedRun>[0]) {
    const run = startedRun(strategy);
    run.setUpRealm(1);
    const oldWarden = adventurer(run, 'rogue');
    const current = adventurer(run, 'beastmaster');
    makeWarden(run, oldWarden, 1);
    makeWarden(run, current, 2, true);
    for (const seat of [0, 1]) exhaustBoard(run, seat);
    run.buryDead();
    return { run, oldWarden, current };
  }

  it('a Company below 4 recalls any Warden: greedy recalls the old ones first, then the current one, whose Boon ends', () => {
    const { run, oldWarden, current } = twoDeadWithWardens();
    expect(run.replaceDead()).toBe(true);
    expect(run.camp.where[oldWarden]).toBe(Where.party);
    expect(run.camp.where[current]).toBe(Where.party);
    expect(run.camp.warden).toBe(-1);
  });

  it('the current Warden is among the Wardens offered for recall', () => {
    const offered: number[][] = [];
    const recallFirst = (view: CampaignView) => {
      offered.push(Array.from(view.options.subarray(0, view.count)));
      return 0;
    };
    const { run, oldWarden, current } = twoDeadWithWardens({ strategy: scripted({ [CampaignDecision.recall]: recallFirst }) });
    run.replaceDead();
    expect(offered[0].sort()).toEqual([oldWarden, current].sort());
  });

  it('reset: Abilities refreshed with one exhausted each; the Side Quest to the bottom; Summons re-dealt; Unhallowed under their deck; Horde of 1; map replayed in order; fire 7; coins and rest tokens kept; the Market refreshed', () => {
    const run = startedRun({ settings: { summons: 2 }, strategy: scripted({ [CampaignDecision.purchase]: () => -1, [CampaignDecision.sideQuestKeep]: noCostQuest }) });
    run.setUpRealm(1);
    const s = run.rules.state;
    const played = [run.camp.realmMap.draw(), run.camp.realmMap.draw()];
    const unplayed = run.camp.realmMap.draw();
    s.mapDeck.clear();
    s.mapDeck.push(unplayed);
    for (const location of played) run.camp.visited.push(location);
    // Unhallowed summoned into the Graveyard and the Horde; a creature in the Horde.
    const summoned = s.unhallowedDeck.draw();
    s.graveyard.push(summoned);
    const creature = s.deck.draw();
    s.horde.push(creature);
    for (let seat = 0; seat < 4; seat++) exhaustBoard(run, seat);
    run.camp.coins = 4;
    run.camp.coinSpots = 0;
    s.fire = 2;
    s.rests.set([1, 2, 0, 1]);
    const before = cardsInPiles(run);
    // Side Quest number 0 (the card file's first) in play: it goes to the bottom like any other.
    if (run.camp.currentQuest !== 0) {
      expect(run.camp.questDeck.remove(0)).toBe(true);
      run.camp.questDeck.push(run.camp.currentQuest);
      run.camp.currentQuest = 0;
    }
    const quest = run.camp.currentQuest;
    const market = run.camp.market.toArray();
    const nextItems = [run.camp.itemDeck.peek(0), run.camp.itemDeck.peek(1), run.camp.itemDeck.peek(2)];
    expect(quest).toBeGreaterThanOrEqual(0);
    run.resetExpedition();
    expect(cardsInPiles(run)).toEqual(before);
    // The Side Quest in play goes to the bottom of the Side Quest deck before the new one is drawn.
    expect(run.camp.questDeck.at(0)).toBe(quest);
    expect(run.camp.currentQuest).not.toBe(quest);
    // The Market is refreshed: its cards under the Item deck, 3 new ones from the top.
    expect(run.camp.itemDeck.toArray().slice(0, 3).sort()).toEqual(market.sort());
    expect(run.camp.market.toArray().sort()).toEqual(nextItems.sort());
    for (let seat = 0; seat < 4; seat++) expect(s.activeCards(seat)).toBe(2);
    expect(summonsIn(run, s.deck.toArray())).toBe(2);
    expect(s.horde.size).toBe(1);
    expect(run.tables.cards.kind[s.horde.peek()]).toBe(Kind.unhallowed);
    expect(s.graveyard.size).toBe(0);
    expect([s.mapDeck.peek(0), s.mapDeck.peek(1), s.mapDeck.peek(2)]).toEqual([played[0], played[1], unplayed]);
    expect(s.fire).toBe(7);
    expect(run.camp.coins).toBe(Math.max(0, 4 + questCost(run, run.camp.currentQuest, 'coins')));
    expect(run.camp.coinSpots).toBe(0b111);
    expect(run.camp.resets()).toBe(1);
    expect(Array.from(s.rests)).toEqual([1, 2, 0, 1]);
  });

  it("reset: the Horde's Unhallowed is drawn as from a face-up deck, shuffled face down: the rest of the deck is shuffled and only its top is known", () => {
    const keptTheirOrder = Array.from({ length: 12 }, (_, index) => {
      const run = startedRun({ seed: index + 1, strategy: scripted({ [CampaignDecision.purchase]: () => -1, [CampaignDecision.sideQuestKeep]: noCostQuest }) });
      run.setUpRealm(1);
      const s = run.rules.state;
      // The reset puts the Horde's Unhallowed under the deck before it draws.
      const before = [s.horde.peek(), ...s.unhallowedDeck.toArray()];
      run.resetExpedition();
      const after = s.unhallowedDeck.toArray();
      expect([...after, s.horde.peek()].sort((x, y) => x - y)).toEqual([...before].sort((x, y) => x - y));
      const lostIn = (card: number) => Array.from(s.cardShuffles.subarray(card * SHUFFLE_DEPTH, (card + 1) * SHUFFLE_DEPTH)).filter((shuffle) => shuffle > 0);
      expect(lostIn(s.unhallowedDeck.peek())).toEqual([]);
      expect(new Set(after.slice(0, -1).map((card) => lostIn(card).at(-1))).size).toBe(1);
      return after.every((card, i) => i === 0 || before.indexOf(after[i - 1]) < before.indexOf(card));
    });
    // Taken from a random place, the rest would keep their order in every deal; shuffled, 7 cards do so 1 time in 5,040.
    expect(keptTheirOrder.filter(Boolean).length).toBeLessThan(3);
  });

  it("reset: the new Side Quest's fire cost is paid after the fire is set to 7; with resetQuestCost=before the fire of 7 undoes it", () => {
    const fireCost = (run: ReturnType<typeof startedRun>, quest: number) => run.tables.quests[quest].cost.reduce((total, cost) => total + (cost.op === 'fire' ? cost.amount : 0), 0);
    /** The fire after a reset whose new Side Quest costs fire, and that cost; null when no such quest was drawn. */
    const afterReset = (resetQuestCost: 'after' | 'before', seed: number) => {
      let run: ReturnType<typeof startedRun> | null = null;
      const costsFire = (view: CampaignView) => Array.from(view.options.subarray(0, view.count)).find((quest) => fireCost(run!, quest) < 0) ?? view.options[0];
      run = startedRun({ seed, settings: { resetQuestCost }, strategy: scripted({ [CampaignDecision.purchase]: () => -1, [CampaignDecision.sideQuestKeep]: costsFire }) });
      run.setUpRealm(1);
      run.rules.state.fire = 2;
      run.resetExpedition();
      const cost = fireCost(run, run.camp.currentQuest);
      return cost < 0 ? { fire: run.rules.state.fire, cost } : null;
    };
    const seed = Array.from({ length: 40 }, (_, i) => i + 1).find((candidate) => afterReset('after', candidate) !== null)!;
    const paid = afterReset('after', seed)!;
    expect(paid.fire).toBe(7 + paid.cost);
    expect(afterReset('before', seed)).toEqual({ fire: 7, cost: paid.cost });
  });

  it('reset with resetHorde=pick: the Horde card is taken from a random place and the rest keep their order', () => {
    const horde = new Set<number>();
    for (let index = 0; index < 12; index++) {
      const run = startedRun({ seed: index + 1, settings: { resetHorde: 'pick' }, strategy: scripted({ [CampaignDecision.purchase]: () => -1, [CampaignDecision.sideQuestKeep]: noCostQuest }) });
      run.setUpRealm(1);
      const s = run.rules.state;
      const before = [...s.unhallowedDeck.toArray().reverse(), s.horde.peek()];
      run.resetExpedition();
      const picked = s.horde.peek();
      expect(s.unhallowedDeck.toArray().reverse()).toEqual(before.filter((card) => card !== picked));
      horde.add(before.indexOf(picked));
    }
    // Picked from anywhere in the deck, not always its top or bottom.
    expect(horde.size).toBeGreaterThan(3);
  });

  it('reset with lossRests=return: the rest tokens are returned too', () => {
    const run = startedRun({ settings: { lossRests: 'return' }, strategy: scripted({ [CampaignDecision.purchase]: () => -1, [CampaignDecision.sideQuestKeep]: noCostQuest }) });
    run.setUpRealm(1);
    run.rules.state.rests.set([1, 2, 0, 1]);
    run.resetExpedition();
    expect(Array.from(run.rules.state.rests)).toEqual([0, 0, 0, 0]);
  });

  it('a lost expedition is replayed until it is beaten', () => {
    let found = false;
    for (let seed = 1; seed < 200 && !found; seed++) {
      const log: string[] = [];
      makeRun({}, log).playGame(seed, greedyStrategy(), record());
      const replay = log.findIndex((line) => line.includes('(attempt 2)'));
      if (replay >= 0 && log[replay + 1]?.includes('beaten')) found = true;
    }
    expect(found).toBe(true);
  });
});

describe('End of a Realm and Wardens', () => {
  it("the Warden is offered from the Party's living members only, the first adventurer of the card file too", () => {
    let offered: number[] = [];
    const run = startedRun({ strategy: scripted({
      [CampaignDecision.warden]: (view) => (offered = Array.from(view.options.subarray(0, view.count)))[0],
      [CampaignDecision.party]: pickFirst('beastmaster', 'cleric', 'ranger', 'wizard'),
    }) });
    run.setUpRealm(1);
    // The Ranger dies in the Realm's last expedition: buried, not replaced before the Realm ends.
    exhaustBoard(run, Array.from(run.camp.party).indexOf(adventurer(run, 'ranger')));
    run.buryDead();
    run.endRealm(1);
    expect(offered.sort((a, b) => a - b)).toEqual(['beastmaster', 'cleric', 'wizard'].map((id) => adventurer(run, id)));
  });

  it('the Warden comes from the living Party when the Company has at least 5; the others discard their Items (the Between Realms example)', () => {
    const wizard = (view: { tables: { adventurerIds: readonly string[] } }) => view.tables.adventurerIds.indexOf('wizard');
    const run = startedRun({ strategy: scripted({ [CampaignDecision.warden]: wizard, [CampaignDecision.party]: pickFirst('cleric', 'ranger', 'wizard', 'warrior') }) });
    run.setUpRealm(1);
    const seatOf = (id: string) => Array.from(run.camp.party).indexOf(adventurer(run, id));
    // The Ranger died, completely exhausted, at the Final Location.
    exhaustBoard(run, seatOf('ranger'));
    run.buryDead();
    run.replaceDead();
    const items = [run.camp.itemDeck.draw(), run.camp.itemDeck.draw(), run.camp.itemDeck.draw()];
    run.camp.itemHolder[items[0]] = adventurer(run, 'wizard');
    run.camp.itemHolder[items[1]] = adventurer(run, 'wizard');
    run.camp.itemHolder[items[2]] = adventurer(run, 'cleric');
    const s = run.rules.state;
    const unhallowedLeft = s.unhallowedDeck.toArray();
    run.endRealm(1);
    expect(run.camp.warden).toBe(adventurer(run, 'wizard'));
    expect(run.camp.where[adventurer(run, 'wizard')]).toBe(Where.warden);
    expect(run.camp.where[adventurer(run, 'ranger')]).toBe(Where.dead);
    expect(run.camp.itemHolder[items[0]]).toBe(adventurer(run, 'wizard'));
    expect(run.camp.itemHolder[items[1]]).toBe(adventurer(run, 'wizard'));
    expect(run.camp.itemHolder[items[2]]).toBe(-1);
    // Everything goes back in the box but the Unhallowed deck; the next Realm's Unhallowed go on top of it.
    expect(s.deck.size + s.graveyard.size + s.horde.size + s.removed.size).toBe(0);
    expect(s.unhallowedDeck.toArray()).toEqual(unhallowedLeft);
    run.camp.realm = 2;
    run.setUpRealm(2);
    expect(s.unhallowedDeck.toArray().slice(0, unhallowedLeft.length)).toEqual(unhallowedLeft);
    expect(Array.from(run.camp.party)).not.toContain(adventurer(run, 'wizard'));
  });

  it("the Side Quest of the Realm's last expedition: its reward at the Realm's end, or back in the deck unrewarded (realmEndQuest)", () => {
    for (const realmEndQuest of ['reward', 'unrewarded'] as const) {
      const run = startedRun({ settings: { realmEndQuest } });
      run.setUpRealm(1);
      const knight = adventurer(run, 'knight');
      const quest = run.tables.quests.findIndex((candidate) => candidate.reward.some((reward) => reward.op === 'join' && reward.adventurer === 'knight'));
      run.camp.currentQuest = quest;
      const deck = run.camp.questDeck.size;
      run.endRealm(1);
      expect(run.camp.currentQuest).toBe(-1);
      expect(run.camp.where[knight] === Where.company).toBe(realmEndQuest === 'reward');
      expect(run.camp.questDeck.size).toBe(realmEndQuest === 'reward' ? deck : deck + 1);
      expect(run.camp.questOut.toArray().includes(quest)).toBe(realmEndQuest === 'reward');
    }
  });

  it('no Warden when the Company is below 5', () => {
    const run = startedRun();
    run.setUpRealm(1);
    run.camp.where[adventurer(run, 'beastmaster')] = Where.dead;
    run.camp.where[adventurer(run, 'rogue')] = Where.dead;
    run.camp.currentQuest = -1; // no Side Quest reward adds an Adventurer
    run.endRealm(1);
    expect(run.camp.warden).toBe(-1);
    expect(run.camp.count(Where.warden)).toBe(0);
  });
});

describe('Side Quest rewards', () => {
  /** A Realm 1 Run whose current Side Quest is the one rewarding `op` for the adventurer `id`. */
  function attempting(op: 'join' | 'mythic', id: string) {
    const run = startedRun();
    run.setUpRealm(1);
    const quest = run.tables.quests.findIndex((q) => q.reward.some((r) => r.op === op && r.adventurer === id));
    expect(quest).toBeGreaterThanOrEqual(0);
    run.camp.questDeck.remove(quest);
    run.camp.currentQuest = quest;
    return { run, a: adventurer(run, id) };
  }

  it("a Mythic reward unlocks a living adventurer's Mythic Item, which they hold", () => {
    const { run, a } = attempting('mythic', 'cleric');
    run.rewardQuest();
    expect(run.camp.mythicUnlocked[a]).toBe(1);
    expect(run.camp.itemHolder[run.tables.mythicOf[a]]).toBe(a);
  });

  it('a Mythic reward for an adventurer who is dead, or not in the Run, unlocks nothing', () => {
    for (const where of [Where.dead, Where.absent]) {
      const { run, a } = attempting('mythic', 'cleric');
      run.camp.where[a] = where;
      run.rewardQuest();
      expect(run.camp.mythicUnlocked[a]).toBe(0);
      expect(run.camp.itemHolder[run.tables.mythicOf[a]]).toBe(-1);
    }
  });

  it("a card file's other rewards: coins, fire (up to 15), Doom, a refresh and the Item deck's top Item for the Party", () => {
    const rewards = [{ op: 'coins', amount: 2 }, { op: 'fire', amount: 3 }, { op: 'doom', amount: 1 }, { op: 'refresh', count: 1 }, { op: 'item' }];
    const generous = doomedrunContentSchema.parse({ ...content, sideQuests: content.sideQuests.map((q, i) => (i === 0 ? { ...q, cost: [], reward: rewards } : q)) });
    const run = startedRun({ data: generous });
    run.setUpRealm(1);
    const quest = run.tables.quests.findIndex((q) => q.name === generous.sideQuests[0].name);
    run.camp.questDeck.remove(quest);
    run.camp.currentQuest = quest;
    const s = run.rules.state;
    s.fire = 5;
    const [coins, doom, top] = [run.camp.coins, run.camp.doom, run.camp.itemDeck.peek(0)];
    const cards = s.totalActiveCards();
    run.rewardQuest();
    expect([run.camp.coins - coins, s.fire, run.camp.doom - doom, s.totalActiveCards() - cards]).toEqual([2, 8, 1, 1]);
    expect(Array.from(run.camp.party)).toContain(run.camp.itemHolder[top]);
    run.camp.questOut.remove(quest);
    run.camp.currentQuest = quest;
    s.fire = 14;
    run.rewardQuest();
    expect(s.fire).toBe(15);
  });

  it('a join reward brings a newcomer into the Company, and never the dead back', () => {
    const newcomer = attempting('join', 'knight');
    newcomer.run.rewardQuest();
    expect(newcomer.run.camp.where[newcomer.a]).toBe(Where.company);
    const dead = attempting('join', 'knight');
    dead.run.camp.where[dead.a] = Where.dead;
    dead.run.rewardQuest();
    expect(dead.run.camp.where[dead.a]).toBe(Where.dead);
  });
});

describe('The start of an expedition', () => {
  it("a Warden's refresh Boon (the Cleric's) refreshes an exhausted card at each expedition's start; no Warden, none", () => {
    const refreshed = (withWarden: boolean) => {
      const run = startedRun();
      run.setUpRealm(1);
      const cleric = adventurer(run, 'cleric');
      if (withWarden) {
        run.camp.where[cleric] = Where.warden;
        run.camp.warden = cleric;
      } else {
        run.camp.warden = -1;
      }
      expect(run.tables.boons[cleric]).toEqual({ op: 'refresh', count: 1 });
      const s = run.rules.state;
      const before = s.totalActiveCards();
      run.beginExpedition();
      return s.totalActiveCards() - before;
    };
    expect(refreshed(true)).toBe(1);
    expect(refreshed(false)).toBe(0);
  });

  it("the first location's fire change is ignored in a Realm's first expedition and applies after a Game Break", () => {
    const run = startedRun({ strategy: scripted({ [CampaignDecision.sideQuestKeep]: noCostQuest }) });
    run.setUpRealm(1);
    const firstRounds: boolean[] = [];
    const play = run.rules.playCarriedRound.bind(run.rules);
    run.rules.playCarriedRound = (round, applyFire) => {
      if (round === 1) firstRounds.push(applyFire);
      play(round, applyFire);
    };
    expect(run.playUntilBeaten(1)).toBe(true);
    expect(run.gameBreak()).toBe(true);
    expect(run.playUntilBeaten(2)).toBe(true);
    expect(firstRounds).toEqual([false, true]);
  });

  it('an Adventurer who has unlocked their Mythic Item takes it on joining the Party', () => {
    const clericFirst = (view: CampaignView) => {
      const cleric = view.tables.adventurerIds.indexOf('cleric');
      return Array.from(view.options.subarray(0, view.count)).includes(cleric) ? cleric : null;
    };
    const run = startedRun({ strategy: scripted({ [CampaignDecision.party]: clericFirst }) });
    const cleric = adventurer(run, 'cleric');
    run.camp.mythicUnlocked[cleric] = 1;
    run.setUpRealm(1);
    expect(Array.from(run.camp.party)).toContain(cleric);
    expect(run.camp.itemHolder[run.tables.mythicOf[cleric]]).toBe(cleric);
  });
});

describe('Losing in the Final Realm', () => {
  it("marks the Final Realm lost (the Warden of Realm 6 may then join); a loss in another Realm does not", () => {
    const loseFirstAttempt = (realm: number) => {
      const run = startedRun();
      run.camp.realm = realm;
      run.setUpRealm(realm);
      const play = run.rules.playCarriedRound.bind(run.rules);
      let attempts = 0;
      run.rules.playCarriedRound = (round, applyFire) => {
        if (round === 1) attempts++;
        play(round, applyFire);
        if (attempts === 1) run.rules.state.status = Status.lostExhausted;
      };
      run.playUntilBeaten(1);
      expect(attempts).toBeGreaterThan(1);
      return run.camp.finalRealmLost;
    };
    expect(loseFirstAttempt(7)).toBe(true);
    expect(loseFirstAttempt(6)).toBe(false);
  });
});

describe('A Warden at the end of a Realm', () => {
  it('is chosen with exactly 5 Adventurers able to play, and not with 4', () => {
    const wardenWith = (fieldable: number) => {
      const run = startedRun();
      run.setUpRealm(1);
      for (let a = 0; a < run.camp.where.length && run.camp.fieldable() > fieldable; a++) {
        if (run.camp.where[a] === Where.company) run.camp.where[a] = Where.dead;
      }
      expect(run.camp.fieldable()).toBe(fieldable);
      // No Side Quest reward (a newcomer joining) at the end of the Realm.
      run.camp.currentQuest = -1;
      run.endRealm(1);
      return run.camp.warden >= 0;
    };
    expect(wardenWith(5)).toBe(true);
    expect(wardenWith(4)).toBe(false);
  });
});

describe("The Warden's Boon at a Realm's set-up", () => {
  /** Realm 2 set up with the Warden `id` (or none): its fire, coins and Doom. */
  function setUpWith(id: string | null) {
    const run = startedRun();
    if (id !== null) {
      const warden = adventurer(run, id);
      makeWarden(run, warden, 1, true);
    }
    run.camp.realm = 2;
    run.setUpRealm(2);
    return { fire: run.rules.state.fire, coins: run.camp.coins, doom: run.camp.doom };
  }

  it('a fire Boon (the Beast Master) adds to the fire of 7, a coins Boon (the Ranger) to the coins, a Doom Boon (the Rogue, -1) to the Doom', () => {
    const none = setUpWith(null);
    expect(setUpWith('beastmaster')).toEqual({ ...none, fire: none.fire + 2 });
    expect(setUpWith('ranger')).toEqual({ ...none, coins: none.coins + 2 });
    expect(setUpWith('rogue')).toEqual({ ...none, doom: none.doom - 1 });
  });
});

describe('The Final Realm', () => {
  it('the 4 Husks start in the Graveyard; Wardens of Realms 1-5 may join the Party, not the Warden of Realm 6 until Realm 7 is lost', () => {
    let offered: number[] = [];
    const run = startedRun({ strategy: scripted({ [CampaignDecision.party]: (view) => {
      offered = Array.from(view.options.subarray(0, view.count));
      const warden = offered.find((a) => view.run.where[a] === Where.warden);
      return warden ?? null;
    } }) });
    // New Run+'s Warden of "Realm 0" is never playable in the Final Realm.
    const realm0 = adventurer(run, 'warrior');
    makeWarden(run, realm0, 0);
    const old = adventurer(run, 'rogue');
    const sixth = adventurer(run, 'beastmaster');
    makeWarden(run, old, 3);
    makeWarden(run, sixth, 6, true);
    run.camp.realm = 7;
    run.setUpRealm(7);
    const s = run.rules.state;
    expect(s.graveyard.toArray().map((card) => run.tables.cards.names[card])).toEqual(['Husks', 'Husks', 'Husks', 'Husks']);
    expect(Array.from(run.camp.party)).toContain(old);
    expect(Array.from(run.camp.party)).not.toContain(sixth);
    for (const a of inCompany(run)) run.camp.where[a] = Where.dead;
    exhaustBoard(run, 0);
    run.buryDead();
    expect(run.replaceDead()).toBe(false);
    run.camp.finalRealmLost = true;
    expect(run.replaceDead()).toBe(true);
    expect(run.camp.party[0]).toBe(sixth);
    expect(offered).not.toContain(realm0);
  });

  it('the Warden of Realm 6 chosen as a replacement after a loss there, with no recall, loses its Boon as it joins', () => {
    let sixth = -1;
    const strategy = scripted({ [CampaignDecision.replacement]: () => sixth });
    const run = startedRun({ strategy });
    sixth = makeWarden(run, adventurer(run, 'beastmaster'), 6, true);
    run.camp.realm = 7;
    run.setUpRealm(7);
    for (const a of inCompany(run).slice(1)) run.camp.where[a] = Where.dead;
    run.camp.finalRealmLost = true;
    exhaustBoard(run, 0);
    run.buryDead();
    expect(run.camp.fieldable()).toBe(4);
    expect(run.replaceDead()).toBe(true);
    expect(strategy.asked).not.toContain(CampaignDecision.recall);
    expect(run.camp.party[0]).toBe(sixth);
    expect(run.camp.warden).toBe(-1);
  });

  it("the Warden of Realm 6 recalled after a loss there loses its Boon at once, even when another Warden takes the seat", () => {
    let [old, sixth] = [-1, -1];
    const run = startedRun({ strategy: scripted({ [CampaignDecision.recall]: () => sixth, [CampaignDecision.replacement]: () => old }) });
    [old, sixth] = [adventurer(run, 'rogue'), adventurer(run, 'beastmaster')];
    makeWarden(run, old, 2);
    makeWarden(run, sixth, 6, true);
    run.camp.realm = 7;
    run.setUpRealm(7);
    expect(Array.from(run.camp.party)).not.toContain(old);
    for (const a of inCompany(run)) run.camp.where[a] = Where.dead;
    run.camp.finalRealmLost = true;
    exhaustBoard(run, 0);
    run.buryDead();
    expect(run.replaceDead()).toBe(true);
    expect(run.camp.party[0]).toBe(old);
    expect(run.camp.where[sixth]).toBe(Where.company);
    expect(run.camp.warden).toBe(-1);
  });

  it.each([1, 5])('with the Company full, the Party pick offers a Warden of Realm %i alongside it, none recalled, but not the current Warden', (realm) => {
    let offered: number[] = [];
    const strategy = scripted({ [CampaignDecision.party]: (view) => {
      if (offered.length === 0) offered = Array.from(view.options.subarray(0, view.count));
      return null;
    } });
    const run = startedRun({ strategy });
    const old = adventurer(run, 'rogue');
    makeWarden(run, old, realm);
    // No Warden was chosen after Realm 6 (fewer than 5 living then): Realm 4's is still the current one.
    const current = adventurer(run, 'beastmaster');
    makeWarden(run, current, 4, true);
    expect(run.camp.fieldable()).toBeGreaterThanOrEqual(4);
    run.camp.realm = 7;
    run.setUpRealm(7);
    expect(offered).toContain(old);
    expect(offered).not.toContain(current);
    expect(strategy.asked).not.toContain(CampaignDecision.recall);
  });

  it('before the Final Realm, a replacement comes from the Company only, not from the Wardens', () => {
    const strategy = scripted({});
    const run = startedRun({ strategy });
    run.setUpRealm(3);
    const [warden, reserve] = inCompany(run);
    makeWarden(run, warden, 1);
    exhaustBoard(run, 0);
    run.buryDead();
    expect(run.camp.fieldable()).toBe(4);
    strategy.asked.length = 0;
    expect(run.replaceDead()).toBe(true);
    // One candidate, the Company's last member: nothing to ask.
    expect(strategy.asked).not.toContain(CampaignDecision.replacement);
    expect(run.camp.party[0]).toBe(reserve);
    expect(run.camp.where[warden]).toBe(Where.warden);
  });

  it('an empty seat is no death: burying the dead again counts none', () => {
    const run = startedRun();
    run.setUpRealm(1);
    exhaustBoard(run, 1);
    run.buryDead();
    expect(run.camp.deathsInRealm[0]).toBe(1);
    run.buryDead();
    expect(run.camp.deathsInRealm[0]).toBe(1);
  });

  it.each([
    ['face up', true, 1],
    ['face down', false, 0],
  ] as const)('a Molting Unhallowed defeated %s Molts (the top Husk of the Graveyard takes its place): %s', (_, molts, revealed) => {
    // Catches (face down): Molting fired for a card whose text is not in play, as Defeated powers do not.
    const log: string[] = [];
    const run = startedRun({ log, settings: { detail: true } });
    run.camp.realm = 7;
    run.setUpRealm(7);
    const s = run.rules.state;
    const snake = cardIds(run, 'Emperor Snake')[0];
    expect(run.tables.molts[snake]).toBe(1);
    aloneInLine(run, snake, revealed);
    defeatInLine(run, 0);
    expect(s.lineLength).toBe(molts ? 1 : 0);
    if (molts) expect(run.tables.cards.names[s.lineCard[0]]).toBe('Husks');
    expect(s.graveyard.toArray().filter((card) => run.tables.husk[card] === 1)).toHaveLength(molts ? 3 : 4);
    expect(log.some((line) => line.includes('Molts'))).toBe(molts);
  });
});

describe('startGame', () => {
  it("is called on the Run's strategy before each Run, and on its watch strategy before each expedition it plays", () => {
    const greedy = greedyStrategy();
    const calls = { runs: 0, expeditions: 0 };
    const watch = Object.assign(Object.create(greedy.watch), { startGame: () => calls.expeditions++ });
    const strategy = Object.assign(Object.create(greedy), { watch, startGame: () => calls.runs++ });
    const run = makeRun();
    for (const seed of [3, 4]) {
      const before = calls.expeditions;
      playOneGame(run, seed, strategy, record());
      expect(calls.expeditions - before).toBe(run.camp.expeditionsPlayed);
    }
    expect(calls.runs).toBe(2);
    expect(calls.expeditions).toBeGreaterThan(4);
  });
});
