import { describe, expect, it } from 'vitest';
import { Kind } from '../../../src/games/setawatch/cards.ts';
import { Slot, SLOTS_PER_SEAT } from '../../../src/games/setawatch/state.ts';
import { CampaignDecision, type CampaignView } from '../../../src/games/doomedrun/decisions.ts';
import type { DoomedRun } from '../../../src/games/doomedrun/campaign.ts';
import { Where } from '../../../src/games/doomedrun/state.ts';
import { METRIC_MISSING } from '../../../src/core/game.ts';
import { Metric, OUTCOMES } from '../../../src/games/doomedrun/scoring.ts';
import { adventurer, cardIds, greedyStrategy, legacyOf, makeRun, makeWarden, record, scripted, startedRun } from './helpers.ts';

/** A drawn Side Quest without a cost, else greedy's pick. */
function noCost(view: CampaignView): number {
  for (let i = 0; i < view.count; i++) if (view.tables.quests[view.options[i]].cost.length === 0) return view.options[i];
  return view.options[0];
}

/** The first of the seeds 1-20 whose previous Run (greedy's, under New Run+) ends as `wanted` asks. */
function firstNewRunPlusSeed(summons: number, wanted: (run: DoomedRun) => boolean): number | undefined {
  return Array.from({ length: 20 }, (_, i) => i + 1).find((seed) => {
    const trial = makeRun({ variant: 'new-run-plus', summons });
    trial.playGame(seed, greedyStrategy(), record());
    return wanted(trial);
  });
}

/** Realm set-up, steps 1-10, each from a known state. */
describe('Realm set-up', () => {
  it('step 3: four Party members from the Company, each with 2 cards face up, 1 exhausted and 2 aside', () => {
    const run = startedRun();
    expect(run.setUpRealm(1)).toBe(true);
    const s = run.rules.state;
    const party = Array.from(run.camp.party);
    expect(new Set(party).size).toBe(4);
    for (let seat = 0; seat < 4; seat++) {
      expect(run.camp.where[party[seat]]).toBe(Where.party);
      const states = Array.from(s.slotState.subarray(seat * SLOTS_PER_SEAT, (seat + 1) * SLOTS_PER_SEAT)).sort();
      expect(states).toEqual([Slot.reserve, Slot.reserve, Slot.active, Slot.active, Slot.exhausted].sort());
      const own = new Set(run.tables.adventurers[party[seat]].abilities);
      for (let i = 0; i < SLOTS_PER_SEAT; i++) expect(own.has(s.slotCard[seat * SLOTS_PER_SEAT + i])).toBe(true);
    }
    // The Set a Watch engine sees the four seated adventurers.
    expect(run.rules.tables.adventurers.map((a) => a.id)).toEqual(party.map((a) => run.tables.adventurerIds[a]));
  });

  it('step 3: the Run is lost when 4 Adventurers cannot be selected', () => {
    const run = startedRun();
    for (const id of ['beastmaster', 'cleric', 'ranger']) run.camp.where[adventurer(run, id)] = Where.dead;
    expect(run.setUpRealm(1)).toBe(false);
  });

  it("step 4: the Realm's Creature list plus each Party member's Nemesis pair, one Summon per pile, smaller piles below", () => {
    const run = startedRun({ settings: { summons: 3 } });
    run.setUpRealm(1);
    const s = run.rules.state;
    const expected = new Set<number>(run.tables.realms[0].creatures);
    for (const a of run.camp.party) for (const card of run.tables.nemesis[a]) expected.add(card);
    const deck = s.deck.toArray();
    expect(deck.filter((card) => run.tables.cards.kind[card] !== Kind.summon).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    const summonsAt = deck.map((card, i) => (run.tables.cards.kind[card] === Kind.summon ? i : -1)).filter((i) => i >= 0);
    expect(summonsAt).toHaveLength(3);
    // Piles from the bottom: sizes floor(n/3) (+1 for the top ones); each holds exactly one Summon.
    const n = deck.length - 3;
    const sizes = [0, 1, 2].map((p) => Math.floor(n / 3) + (p >= 3 - (n % 3) ? 1 : 0) + 1);
    let start = 0;
    for (const size of sizes) {
      expect(summonsAt.filter((i) => i >= start && i < start + size)).toHaveLength(1);
      start += size;
    }
  });

  it('step 4: a Nemesis already in the Realm list is not added twice', () => {
    // The Artificer, in the Company and picked first for the Party: his Nemesis (Goblins) is among Realm 1's creatures.
    let artificer = -1;
    let picked = false;
    const run = startedRun({ strategy: scripted({ [CampaignDecision.party]: () => (picked ? null : ((picked = true), artificer)) }) });
    artificer = adventurer(run, 'artificer');
    run.camp.where[artificer] = Where.company;
    const nemesis = run.tables.nemesis[artificer];
    expect(nemesis.some((card) => run.tables.realms[0].creatures.includes(card))).toBe(true);
    run.setUpRealm(1);
    expect(run.camp.party[0]).toBe(artificer);
    const deck = run.rules.state.deck.toArray();
    expect(new Set(deck).size).toBe(deck.length);
    for (const card of nemesis) expect(deck.filter((dealt) => dealt === card)).toHaveLength(1);
  });

  it("step 5: one of the Realm's 8 Unhallowed in the Horde, the other 7 on top of the previous Realm's remainder", () => {
    const run = startedRun();
    const s = run.rules.state;
    const leftover = cardIds(run, 'Hydra')[0];
    s.unhallowedDeck.push(leftover);
    run.setUpRealm(1);
    const listed = new Set(run.tables.realms[0].unhallowed);
    expect(s.horde.size).toBe(1);
    expect(listed.has(s.horde.peek())).toBe(true);
    expect(s.unhallowedDeck.size).toBe(8);
    expect(s.unhallowedDeck.at(0)).toBe(leftover);
    for (let i = 1; i < 8; i++) expect(listed.has(s.unhallowedDeck.at(i))).toBe(true);
  });

  it('step 6a: two stacks of 4 locations (each closed by a Game Break) and the rest over the Final Location', () => {
    const run = startedRun();
    run.setUpRealm(1);
    const r = run.tables.realms[0];
    const map = run.camp.realmMap.toArray().reverse();
    expect(map).toHaveLength(r.locations.length + 1);
    expect(map[map.length - 1]).toBe(r.final);
    expect(Array.from(run.camp.stackSizes)).toEqual([4, 4, r.locations.length - 8 + 1]);
    expect(r.locations.length - 8 + 1).toBe(5);
    expect(new Set(map.slice(0, -1))).toEqual(new Set(r.locations));
  });

  it("step 6b: the Unused Location deck holds 6 Respites, plus the previous Realm's locations from Realm 2 on", () => {
    const run = startedRun();
    run.setUpRealm(1);
    expect(new Set(run.rules.state.unusedLocations.toArray())).toEqual(new Set(run.tables.respites));
    run.endRealm(1);
    run.camp.realm = 2;
    run.setUpRealm(2);
    expect(new Set(run.rules.state.unusedLocations.toArray())).toEqual(new Set([...run.tables.respites, ...run.tables.realms[0].locations]));
  });

  it("step 7: the Realm's starting Doom and fire 7", () => {
    const run = startedRun({ strategy: scripted({ [CampaignDecision.sideQuestKeep]: (view) => noCost(view) }) });
    run.camp.realm = 4;
    run.setUpRealm(4);
    expect(run.camp.doom).toBe(2);
    expect(run.rules.state.fire).toBe(7);
  });

  it('steps 8-9: a coin on each coin spot; a Market of 3 Items from the shuffled Item deck', () => {
    const run = startedRun({ strategy: scripted({ [CampaignDecision.purchase]: () => -1 }) });
    run.setUpRealm(1);
    expect(run.camp.coinSpots).toBe(0b111);
    expect(run.camp.market.size).toBe(3);
    expect(run.camp.itemDeck.size + run.camp.market.size).toBe(run.tables.items.filter((i) => !i.mythic).length);
  });

  it('step 8: the coins go back to the Bank ("take all the coins"), then the spots get one each', () => {
    const run = startedRun({ strategy: scripted({ [CampaignDecision.purchase]: () => -1, [CampaignDecision.sideQuestKeep]: noCost }) });
    run.camp.coins = 5;
    run.camp.realm = 2;
    run.setUpRealm(2);
    expect(run.camp.coins).toBe(0);
    expect(run.camp.coinSpots).toBe(0b111);
  });

  it('step 2: the Side Quest deck is shuffled at every Realm set-up, in the Random Run and New Run+ too', () => {
    for (const variant of ['random', 'new-run-plus'] as const) {
      const run = startedRun({ settings: { variant } });
      const before = run.camp.questDeck.toArray();
      run.setUpRealm(1);
      const after = run.camp.questDeck.toArray();
      const kept = before.filter((quest) => after.includes(quest));
      expect(kept.length).toBeGreaterThan(10);
      expect(after.filter((quest) => before.includes(quest))).not.toEqual(kept);
    }
  });

  it("step 10: the previous Realm's Warden Boon is triggered", () => {
    const run = startedRun();
    const warden = run.tables.boons.findIndex((b) => b.op === 'fire');
    const amount = (run.tables.boons[warden] as { amount: number }).amount;
    makeWarden(run, warden, 1, true);
    run.camp.realm = 2;
    run.setUpRealm(2);
    expect(run.rules.state.fire).toBe(Math.min(15, 7 + amount));
    expect(Array.from(run.camp.party)).not.toContain(warden);
  });

  it('step 2: draw 3 Side Quests: one attempted (its cost paid), one back on top, one out of the Run', () => {
    const log: string[] = [];
    const pick = (view: CampaignView) => {
      const berserker = view.tables.quests.findIndex((q) => q.name === 'Berserker Defender');
      return Array.from(view.options.subarray(0, view.count)).includes(berserker) ? berserker : null;
    };
    const run = startedRun({ log, strategy: scripted({ [CampaignDecision.sideQuestKeep]: pick }) });
    // Stack the deck: Berserker Defender and two others on top.
    const berserker = run.tables.quests.findIndex((q) => q.name === 'Berserker Defender');
    run.setUpRealm(1);
    const s = run.rules.state;
    run.camp.questDeck.remove(berserker);
    run.camp.questDeck.push(berserker);
    const before = run.camp.questDeck.size;
    const activeBefore = [0, 1, 2, 3].map((seat) => s.activeCards(seat));
    const outBefore = run.camp.questOut.size;
    const third = run.camp.questDeck.peek(2);
    run.selectQuest();
    expect(run.camp.currentQuest).toBe(berserker);
    expect(run.camp.questDeck.size).toBe(before - 2);
    expect(run.camp.questOut.size).toBe(outBefore + 1);
    expect(run.camp.questDeck.toArray().concat(run.camp.questOut.toArray())).toContain(third);
    // Berserker Defender: each Adventurer exhausts one Ability.
    expect([0, 1, 2, 3].map((seat) => s.activeCards(seat))).toEqual(activeBefore.map((n) => Math.max(0, n - 1)));
    // Reward: the Barbarian joins the Company.
    run.rewardQuest();
    expect(run.camp.where[adventurer(run, 'barbarian')]).toBe(Where.company);
    expect(run.camp.questOut.toArray()).toContain(berserker);
  });

  it('first Run: each Realm adds its own Side Quests to the deck; Random Run: all but the starting Company\'s own', () => {
    const first = startedRun();
    expect(first.camp.questDeck.size).toBe(0);
    first.setUpRealm(1);
    const realm1 = first.tables.quests.filter((q) => q.realm === 1).length;
    expect(first.camp.questDeck.size + first.camp.questOut.size + 1).toBe(realm1);
    const random = startedRun({ settings: { variant: 'random' } });
    const company = Array.from(random.camp.where).filter((w) => w === Where.company).length;
    expect(company).toBe(6);
    const tied = random.tables.quests.filter((q) => q.tiedTo >= 0 && random.camp.where[q.tiedTo] === Where.company).length;
    expect(random.camp.questOut.size).toBe(tied);
    expect(random.camp.questDeck.size).toBe(random.tables.quests.length - tied);
  });

  it('every Adventurer has one Side Quest tied to them, which makes them join; Mythic Item quests are tied to no one', () => {
    const run = startedRun();
    const { quests, adventurerIds } = run.tables;
    for (let a = 0; a < adventurerIds.length; a++) {
      const tied = quests.filter((quest) => quest.tiedTo === a);
      expect(tied).toHaveLength(1);
      expect(tied[0].reward).toEqual([{ op: 'join', adventurer: adventurerIds[a] }]);
    }
    expect(quests.filter((quest) => quest.reward.some((reward) => reward.op === 'mythic')).every((quest) => quest.tiedTo < 0)).toBe(true);
    expect(quests).toHaveLength(2 * adventurerIds.length);
  });

  it("first Run: the starting six's own Side Quests leave the Run when their envelope opens; Random Run: a base Adventurer outside the six can join, and the six keep their Mythic quests", () => {
    const first = startedRun();
    for (let realm = 1; realm <= 7; realm++) {
      first.camp.realm = realm;
      first.setUpRealm(realm);
    }
    const own = first.tables.quests.map((quest, q) => [quest, q] as const).filter(([quest]) => first.tables.startingCompany.includes(quest.tiedTo));
    expect(own).toHaveLength(6);
    for (const [, q] of own) expect([first.camp.questOut.indexOf(q) >= 0, first.camp.questDeck.indexOf(q) >= 0]).toEqual([true, false]);
    const random = startedRun({ settings: { variant: 'random' } });
    const inDeck = (q: number) => random.camp.questDeck.indexOf(q) >= 0;
    random.tables.quests.forEach((quest, q) => {
      if (quest.tiedTo >= 0) expect(inDeck(q)).toBe(random.camp.where[quest.tiedTo] !== Where.company);
      else expect(inDeck(q)).toBe(true);
    });
  });

  it("New Run+: four of the previous Run's living Adventurers keep their Mythic Items, a Warden from the others, its Summons escalated, X = their count + 1", () => {
    // One starting Summon in the settings, two in the previous Run: the Run's own count is the legacy's.
    const run = makeRun({ variant: 'new-run-plus', summons: 1 });
    run.begin(5, greedyStrategy());
    const tier2 = run.tables.summonsByTier[2][0];
    legacyOf(run, ['warrior', 'ranger', 'wizard', 'knight', 'bard', 'royal'], ['warrior', 'knight'], [tier2, run.tables.summonsByTier[1][0]]);
    run.startRun('new-run-plus');
    const c = run.camp;
    const company = [...c.where.keys()].filter((a) => c.where[a] === Where.company);
    expect(company.map((a) => run.tables.adventurerIds[a]).sort()).toEqual(['bard', 'ranger', 'warrior', 'wizard']);
    expect(['knight', 'royal']).toContain(run.tables.adventurerIds[c.warden]);
    expect(c.wardenOf[c.warden]).toBe(0);
    // The original six not carried over are gone; Mythic Items kept, but not unlocked during this Run.
    expect(c.where[adventurer(run, 'cleric')]).toBe(Where.absent);
    expect(c.mythicUnlocked[adventurer(run, 'warrior')]).toBe(1);
    expect(c.mythicUnlocked[adventurer(run, 'knight')]).toBe(0);
    expect(c.mythicUnlockedThisRun()).toBe(0);
    // The previous Run's Summons (tier 2 and tier 1) escalate: the tier-1 card is raised.
    expect(Array.from(c.summons.subarray(0, c.summonCount)).map((card) => run.tables.summonTier[card])).toEqual([2, 2]);
    expect(c.startingSummons).toBe(2);
    expect(c.scoreX).toBe(3);
    // Side Quests: those tied to the new Company and to kept Mythic Items are out; the Warden's own stays in.
    for (let q = 0; q < run.tables.quests.length; q++) {
      const quest = run.tables.quests[q];
      const out = c.questOut.indexOf(q) >= 0;
      if (quest.tiedTo >= 0 && c.where[quest.tiedTo] === Where.company) expect(out).toBe(true);
      if (quest.tiedTo === c.warden) expect(out).toBe(false);
      if (quest.reward.some((r) => r.op === 'mythic' && c.mythicCarried[adventurer(run, r.adventurer)] === 1)) expect(out).toBe(true);
    }
    expect(c.mythicCarried[adventurer(run, 'warrior')]).toBe(1);
  });

  it('New Run+ first plays its previous Run from the same seed; not completed, New Run+ stays locked (its own outcome, nothing else recorded)', () => {
    // Most of greedy's Runs at Insane are not completed.
    const seed = firstNewRunPlusSeed(4, (run) => !run.legacy.completed);
    expect(seed).toBeDefined();
    const log: string[] = [];
    const run = makeRun({ variant: 'new-run-plus', summons: 4 }, log);
    const out = record();
    run.playGame(seed as number, greedyStrategy(), out);
    expect(log[0]).toContain('The previous Run');
    expect(log.some((line) => line.startsWith('Run: 4 Summon card(s), first variant'))).toBe(true);
    expect(run.legacy.completed).toBe(false);
    expect(log.at(-1)).toContain('New Run+ is not unlocked');
    expect(out.outcome).toBe(OUTCOMES.indexOf('newRunPlusLocked'));
    expect(out.metrics[Metric.newRunPlusUnlocked]).toBe(0);
    expect(out.metrics[Metric.realmReached]).toBe(METRIC_MISSING);
  });

  it('New Run+ is played when the previous Run was completed with 4+ living Adventurers', () => {
    // About half of greedy's Runs at Easy are completed with 4+ living Adventurers.
    const newRunPlus = (log: string[] | null = null) => makeRun({ variant: 'new-run-plus', summons: 1 }, log);
    const seed = firstNewRunPlusSeed(1, (run) => run.legacy.unlocksNewRunPlus());
    expect(seed).toBeDefined();
    const log: string[] = [];
    const run = newRunPlus(log);
    const out = record();
    run.playGame(seed as number, greedyStrategy(), out);
    expect(run.legacy.unlocksNewRunPlus()).toBe(true);
    expect(log.some((line) => line.startsWith('Run: ') && line.includes('new-run-plus variant'))).toBe(true);
    expect(out.metrics[Metric.newRunPlusUnlocked]).toBe(1);
    expect(out.metrics[Metric.realmReached]).toBe(run.camp.realm);
    // It started from the previous Run's Summon cards.
    expect(run.camp.startingSummons).toBe(run.legacy.summonCount);
  });
});
