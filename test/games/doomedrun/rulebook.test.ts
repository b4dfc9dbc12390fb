/**
 * Rulebook rules that had no scenario test of their own (the audit of 2026-12-05): the Run's order of Realms and
 * expeditions, the Falcon only with the Royal, End Run scoring's X, "Do not change Nemesis Creatures", a Warden's
 * Items, a dead Adventurer's Mythic Item, Molting with no Husk left.
 */
import { describe, expect, it } from 'vitest';
import { CampaignDecision } from '../../../src/games/doomedrun/decisions.ts';
import { Where } from '../../../src/games/doomedrun/state.ts';
import { Slot, SLOTS_PER_SEAT } from '../../../src/games/setawatch/state.ts';
import { adventurer, aloneInLine, cardIds, defeatInLine, exhaustBoard, greedyStrategy, inCompany, makeRun, noCostQuest, pickFirst, record, scripted, startedRun } from './helpers.ts';

describe('Starting a New Run: Realms 1 to 7 in order, 3 expeditions each', () => {
  it('a won Run sets up Realms 1-7 in order; each Realm plays expeditions 1, 2, 3 with a Game Break after the first two only; no Warden after Realm 7', () => {
    // Catches: a Game Break after the Final Location's expedition, a Realm skipped or repeated, a Warden chosen for an eighth Realm.
    let checked = 0;
    for (let seed = 1; seed <= 6 && checked < 2; seed++) {
      const log: string[] = [];
      const run = makeRun({ summons: 1 }, log);
      run.playGame(seed, greedyStrategy(), record());
      if (!run.camp.won) continue;
      checked++;
      const events = log.flatMap((line) => {
        let m = /^Realm (\d), expedition (\d)(?: \(attempt (\d+)\))?:/.exec(line);
        if (m) return m[3] === undefined || m[3] === '1' ? [`R${m[1]}E${m[2]}`] : [];
        m = /^Realm (\d):/.exec(line);
        if (m) return [`setup${m[1]}`];
        if (line === 'Game Break') return ['GB'];
        m = /^End of Realm (\d)/.exec(line);
        return m ? [`end${m[1]}`] : [];
      });
      const expected = [1, 2, 3, 4, 5, 6, 7].flatMap((r) => [`setup${r}`, `R${r}E1`, 'GB', `R${r}E2`, 'GB', `R${r}E3`, `end${r}`]);
      expect(events, `seed ${seed}`).toEqual(expected);
      expect(log.some((line) => /^End of Realm 7: .* becomes the Warden/.test(line))).toBe(false);
      expect(run.camp.realm).toBe(7);
    }
    expect(checked).toBe(2);
  });
});

describe("The Royal's Falcon needs the Royal", () => {
  it('is never offered in a Party without the Royal (the Falcon card is hers)', () => {
    // Catches: the Falcon striking for any Party.
    for (const withRoyal of [true, false]) {
      const strategy = scripted({ [CampaignDecision.party]: withRoyal ? pickFirst('royal') : pickFirst('warrior', 'ranger', 'wizard', 'cleric') });
      const run = startedRun({ seed: 3, strategy });
      run.camp.where[adventurer(run, 'royal')] = Where.company;
      run.setUpRealm(1);
      expect(Array.from(run.camp.party).includes(adventurer(run, 'royal'))).toBe(withRoyal);
      run.playUntilBeaten(1);
      const offered = strategy.asked.some((d) => d === CampaignDecision.falcon || d === CampaignDecision.falconLast);
      expect(offered, withRoyal ? 'with the Royal' : 'without the Royal').toBe(withRoyal);
    }
  });
});

describe('End Run scoring: X', () => {
  it('X is the number of Summon cards the Run started with, not the count after an Escalate; a Mythic Item unlocked by an Adventurer who later died still counts', () => {
    // Catches: X read from the Run's Summon cards at the end; Mythic Items counted only for the living.
    const run = startedRun({ settings: { summons: 2 }, strategy: scripted({ [CampaignDecision.escalate]: (view) => view.options[view.count - 1] }) });
    run.camp.realm = 7;
    run.setUpRealm(7);
    run.escalate();
    expect(run.camp.summonCount).toBe(3);
    const s = run.rules.state;
    // One unexhausted board card per seat but the last, whose Adventurer dies; it had unlocked its Mythic Item.
    for (let seat = 0; seat < 4; seat++) {
      for (let i = 0; i < 3; i++) s.slotState[seat * SLOTS_PER_SEAT + i] = i === 0 && seat < 3 ? Slot.active : Slot.exhausted;
    }
    const dying = run.camp.party[3];
    run.camp.mythicUnlocked[dying] = 1;
    run.buryDead();
    expect(run.camp.where[dying]).toBe(Where.dead);
    run.camp.currentQuest = -1;
    const others = Array.from(run.camp.where).filter((where) => where === Where.company).length;
    run.endRealm(7);
    // (3 board cards + the others + 1 Mythic Item) x 2.
    expect(run.score()).toBe((3 + others + 1) * 2);
  });
});

describe('Losing an expedition: "Do not change Nemesis Creatures"', () => {
  it("a reset after a death keeps the set-up Party's Nemesis pairs: the dead one's stay, the replacement's do not join", () => {
    // Catches: the Nemesis pairs re-dealt for the Party after its replacement.
    const strategy = scripted({
      [CampaignDecision.party]: pickFirst('warrior', 'ranger', 'wizard', 'cleric'),
      [CampaignDecision.replacement]: pickFirst('rogue'),
      [CampaignDecision.purchase]: () => -1,
      [CampaignDecision.sideQuestKeep]: noCostQuest,
    });
    const run = startedRun({ strategy });
    run.setUpRealm(1);
    const s = run.rules.state;
    const inPlay = () => [...s.deck.toArray(), ...s.graveyard.toArray(), ...s.horde.toArray()];
    const giants = cardIds(run, 'Wandering Giant'); // the Warrior's Nemesis, not in Realm 1's list
    const hatchlings = cardIds(run, 'Wyvern Hatchling'); // the Rogue's
    expect(run.tables.nemesis[adventurer(run, 'warrior')]).toEqual(giants);
    expect(run.tables.nemesis[adventurer(run, 'rogue')]).toEqual(hatchlings);
    for (const card of giants) expect(inPlay()).toContain(card);
    const warriorSeat = Array.from(run.camp.party).indexOf(adventurer(run, 'warrior'));
    exhaustBoard(run, warriorSeat);
    run.buryDead();
    expect(run.replaceDead()).toBe(true);
    expect(run.camp.party[warriorSeat]).toBe(adventurer(run, 'rogue'));
    run.resetExpedition();
    for (const card of giants) expect(inPlay()).toContain(card);
    for (const card of hatchlings) expect(inPlay()).not.toContain(card);
  });
});

describe('Summon cards out of the game (a Vanquish rune on the Horde)', () => {
  it('stay out at a Game Break ("any remaining Summon cards"), are dealt again by a reset ("all Summon cards") and at the next Realm set-up', () => {
    // Catches: a Game Break dealing a removed Summon back, a reset or a Realm leaving it out.
    const strategy = scripted({ [CampaignDecision.purchase]: () => -1, [CampaignDecision.sideQuestKeep]: noCostQuest });
    const run = startedRun({ settings: { summons: 2 }, strategy });
    run.setUpRealm(1);
    const s = run.rules.state;
    const [vanquished, kept] = run.camp.summons;
    const summonsInDeck = () => s.deck.toArray().filter((card) => card === vanquished || card === kept).sort();
    s.deck.remove(vanquished);
    s.removed.push(vanquished);
    run.gameBreak();
    expect(summonsInDeck()).toEqual([kept]);
    expect(s.removed.toArray()).toContain(vanquished);
    run.resetExpedition();
    expect(summonsInDeck()).toEqual([vanquished, kept].sort());
    expect(s.removed.toArray()).not.toContain(vanquished);
    s.deck.remove(vanquished);
    s.removed.push(vanquished);
    run.camp.currentQuest = -1;
    run.endRealm(1);
    run.camp.realm = 2;
    run.setUpRealm(2);
    expect(summonsInDeck()).toEqual([vanquished, kept].sort());
  });
});

describe('Wardens and Items', () => {
  it('a Warden keeps its Items through the next Realm (out of its Item deck and Market) and starts with them when recalled', () => {
    // Catches: a Warden's Items shuffled back into the Item deck at set-up, or dropped when the Warden rejoins.
    const run = startedRun({ strategy: scripted({ [CampaignDecision.warden]: pickFirst('wizard'), [CampaignDecision.party]: pickFirst('warrior', 'ranger', 'wizard', 'cleric', 'rogue', 'beastmaster') }) });
    run.setUpRealm(1);
    const wizard = adventurer(run, 'wizard');
    const items = [run.camp.itemDeck.draw(), run.camp.itemDeck.draw()];
    for (const item of items) run.camp.itemHolder[item] = wizard;
    run.camp.currentQuest = -1;
    run.endRealm(1);
    expect(run.camp.where[wizard]).toBe(Where.warden);
    run.camp.realm = 2;
    run.setUpRealm(2);
    for (const item of items) {
      expect(run.camp.itemHolder[item]).toBe(wizard);
      expect(run.camp.itemDeck.toArray()).not.toContain(item);
      expect(run.camp.market.toArray()).not.toContain(item);
    }
    // Two of the Party die with nobody left in the Company: the Wizard is recalled, his Items equipped.
    for (const a of inCompany(run)) run.camp.where[a] = Where.dead;
    exhaustBoard(run, 0);
    run.buryDead();
    expect(run.replaceDead()).toBe(true);
    expect(run.camp.party[0]).toBe(wizard);
    for (const item of items) expect(run.camp.itemHolder[item]).toBe(wizard);
  });

  it("a dead Adventurer's Mythic Item leaves the Run: not under the Item deck, never in the Market; the other Items go under the deck", () => {
    // Catches: Mythic Items returned to the Item deck with the dead one's other Items.
    const run = startedRun();
    run.setUpRealm(1);
    const dying = run.camp.party[0];
    const mythic = run.tables.mythicOf[dying];
    expect(mythic).toBeGreaterThanOrEqual(0);
    run.camp.mythicUnlocked[dying] = 1;
    run.camp.itemHolder[mythic] = dying;
    const item = run.camp.itemDeck.draw();
    run.camp.itemHolder[item] = dying;
    exhaustBoard(run, 0);
    run.buryDead();
    expect(run.camp.itemHolder[mythic]).toBe(-1);
    expect(run.camp.itemDeck.toArray()).not.toContain(mythic);
    expect(run.camp.itemDeck.at(0)).toBe(item);
    run.replaceDead();
    run.gameBreak();
    expect(run.camp.market.toArray()).not.toContain(mythic);
  });
});

describe('The Final Realm: Molting', () => {
  it('a Molting Unhallowed with no Husk left in the Graveyard is not replaced (the top creature of the Graveyard stays there)', () => {
    // Catches: the Graveyard's top card taken in a Husk's place.
    const run = startedRun();
    run.camp.realm = 7;
    run.setUpRealm(7);
    const s = run.rules.state;
    for (const husk of cardIds(run, 'Husks')) {
      s.graveyard.remove(husk);
      s.removed.push(husk);
    }
    const camel = s.deck.indexOf(cardIds(run, 'Camel')[0]) >= 0 ? cardIds(run, 'Camel')[0] : cardIds(run, 'Camel')[1];
    s.deck.remove(camel);
    s.graveyard.push(camel);
    const snake = cardIds(run, 'Emperor Snake')[0];
    aloneInLine(run, snake, 1);
    defeatInLine(run, 0);
    expect(s.lineLength).toBe(0);
    expect(s.graveyard.toArray()).toContain(camel);
  });
});
