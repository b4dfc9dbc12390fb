import { readFileSync } from 'node:fs';
import { OutcomeRecord, type Settings } from '../../../src/core/game.ts';
import { Deck } from '../../../src/core/deck.ts';
import { necreauxContentSchema, type NecreauxContent } from '../../../src/games/necreaux/content.ts';
import type { NecreauxStrategy, NecreauxView } from '../../../src/games/necreaux/decisions.ts';
import { createNecreauxEngine, necreaux } from '../../../src/games/necreaux/index.ts';
import type { DiceSource } from '../../../src/core/dice.ts';
import type { NecreauxEngine } from '../../../src/games/necreaux/rules.ts';
import { Zone, type GameState } from '../../../src/games/necreaux/state.ts';
import { SensibleStrategy } from '../../../strategies/necreaux/sensible.ts';

/** The shipped reference content. */
export const reference: NecreauxContent = necreauxContentSchema.parse(
  JSON.parse(readFileSync(new URL('../../../content/necreaux/reference.json', import.meta.url), 'utf8')),
);

/**
 * The cards the rule scenarios are written against (fixtures/scenario-cards.json): adventure cards and skills frozen
 * at fixed estimated numbers, so recalibrating the shipped estimates never changes what a rule test checks.
 */
const scenarioCards = JSON.parse(readFileSync(new URL('./fixtures/scenario-cards.json', import.meta.url), 'utf8')) as Pick<NecreauxContent, 'adventure' | 'skills'>;

/** The reference set-up with the scenario cards, plus plain skills ("Plain 1".."Plain 12": one trait, no text). */
export const testContent: NecreauxContent = necreauxContentSchema.parse({
  ...reference,
  adventure: scenarioCards.adventure,
  skills: [
    ...scenarioCards.skills,
    ...Array.from({ length: 12 }, (_, i) => ({ id: `T-${i + 1}`, type: 'skill', name: `Plain ${i + 1}`, source: 'estimated', traits: ['combat'] })),
  ],
});

/** Dice that roll a script, then fail loudly (so a scenario cannot silently use more dice than it meant). */
export class ScriptedDice implements DiceSource {
  private next = 0;
  constructor(private readonly values: readonly number[]) {}
  die(sides: number): number {
    if (this.next >= this.values.length) throw new Error(`scripted dice exhausted after ${this.values.length} dice`);
    const value = this.values[this.next++];
    if (value < 1 || value > sides) throw new Error(`scripted die ${value} does not fit a d${sides}`);
    return value;
  }
  get used(): number {
    return this.next;
  }
}

export interface Scenario {
  readonly settings?: Settings;
  readonly content?: NecreauxContent;
  readonly dice?: readonly number[];
  /** Runs after the set-up: stack the deck, hand out cards, set the countdown. */
  readonly arrange?: (engine: NecreauxEngine) => void;
}

export interface Played {
  readonly engine: NecreauxEngine;
  readonly state: GameState;
  readonly record: OutcomeRecord;
  readonly log: string[];
  readonly dice: ScriptedDice | null;
}

/** Plays one game of a scenario and returns the engine, its final state, the record and the log. */
export function play(scenario: Scenario, strategy: NecreauxStrategy = testStrategy(), seed = 1): Played {
  const log: string[] = [];
  const dice = scenario.dice === undefined ? null : new ScriptedDice(scenario.dice);
  const engine = createNecreauxEngine(scenario.settings ?? {}, scenario.content ?? testContent, { write: (line) => log.push(line) }, {
    dice: dice ?? undefined,
    afterSetUp: scenario.arrange,
  });
  const record = new OutcomeRecord(necreaux.metrics.length);
  engine.playGame(seed, strategy, record);
  return { engine, state: engine.state, record, log, dice };
}

class StopAfterSetUp extends Error {}

/** The engine just after the set-up of a game with these settings (the game is stopped there). */
export function captureSetUp(settings: Settings, strategy: NecreauxStrategy = testStrategy(), seed = 7): NecreauxEngine {
  let engine: NecreauxEngine | null = null;
  try {
    play({ settings, arrange: (e) => {
      engine = e;
      throw new StopAfterSetUp();
    } }, strategy, seed);
  } catch (error) {
    if (!(error instanceof StopAfterSetUp)) throw error;
  }
  return engine!;
}

/** What `run` throws, or null. */
export function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

/** A sensible strategy exploring at `speed`, with some decisions overridden. */
export function testStrategy(overrides: Partial<NecreauxStrategy> = {}, speed = 1): NecreauxStrategy {
  class Test extends SensibleStrategy {
    readonly name = 'test';
    protected pickSpeed(): number {
      return speed;
    }
    /** Scenarios are written for a team that fights (anything up to CV 9) and never regroups unless told to. */
    override fight(view: NecreauxView): boolean {
      return view.monsterCv <= 9;
    }
    override regroup(): boolean {
      return false;
    }
  }
  return Object.assign(new Test(), overrides);
}

/**
 * The rulebook's countdown arithmetic, written out apart from the engine: the start for the team size (11/9/7/5/4)
 * less An Uncertain Ending's 3 and No Time To Waste's 5 steps (the marker stops at zero) must leave a turn, or zero
 * with An Uncertain Ending.
 */
export function variantsPlayable(agents: number, uncertainEnding: boolean, noTimeToWaste: string): boolean {
  const start = Math.max(0, [0, 11, 9, 7, 5, 4][agents] - (uncertainEnding ? 3 : 0) - (noTimeToWaste === 'off' ? 0 : 5));
  return start >= (uncertainEnding ? 0 : 1);
}

export function metric(played: Played, name: string): number {
  return played.record.metrics[necreaux.metrics.findIndex((m) => m.name === name)];
}

export function outcome(played: Played): string {
  return necreaux.outcomes[played.record.outcome];
}

export function id(engine: NecreauxEngine, name: string): number {
  return engine.cards.named(name);
}

/** The pile a card is in, or null when it is aside or being resolved. */
export function pileOf(s: GameState, card: number): Deck | null {
  switch (s.zone[card]) {
    case Zone.deck:
      return s.deck;
    case Zone.discard:
      return s.discard;
    case Zone.loot:
      return s.loot;
    case Zone.box:
    case Zone.removed:
      return s.box;
    case Zone.skillDeck:
      return s.skillDeck;
    case Zone.skillDiscard:
      return s.skillDiscard;
    case Zone.skillPool:
      return s.skillPool;
    case Zone.skill:
      return s.skills[s.holder[card]];
    case Zone.held:
      return s.held[s.holder[card]];
    case Zone.parasite:
      return s.parasites[s.holder[card]];
    case Zone.hand:
      return s.hands.find((hand) => hand.indexOf(card) >= 0) ?? null;
    default:
      return null;
  }
}

/** Takes a card out of wherever it is (its zone becomes ASIDE). */
export function lift(s: GameState, card: number): void {
  const zone = s.zone[card];
  if (zone === Zone.skill) s.takeSkill(card);
  else if (zone === Zone.held) s.takeHeld(card);
  else if (zone === Zone.parasite) s.takeParasite(card);
  else pileOf(s, card)?.remove(card);
  s.zone[card] = Zone.aside;
  s.holder[card] = -1;
  s.faceDown[card] = 0;
}

/** The adventure deck becomes exactly these cards, top first; what was in it goes to the box. */
export function stackDeck(engine: NecreauxEngine, names: readonly string[]): void {
  const cards = names.map((name) => (name.startsWith('A-') ? engine.cards.idOf(name) : id(engine, name)));
  stackPile(engine.state, engine.state.deck, Zone.deck, cards);
}

/** The skill deck becomes exactly these cards, top first; what was in it goes to the box. */
export function stackSkillDeck(engine: NecreauxEngine, names: readonly string[]): void {
  stackPile(engine.state, engine.state.skillDeck, Zone.skillDeck, names.map((name) => id(engine, name)));
}

/** The skill discard pile becomes exactly these cards, top first; what was in it goes to the box. */
export function stackSkillDiscard(engine: NecreauxEngine, names: readonly string[]): void {
  stackPile(engine.state, engine.state.skillDiscard, Zone.skillDiscard, names.map((name) => id(engine, name)));
}

function stackPile(s: GameState, pile: Deck, zone: number, cards: readonly number[]): void {
  while (pile.size > 0) {
    const card = pile.draw();
    s.box.push(card);
    s.zone[card] = Zone.box;
  }
  for (const card of [...cards].reverse()) {
    lift(s, card);
    pile.push(card);
    s.zone[card] = zone;
  }
}

/** The agent's skill cards become exactly these (with their starting charges); its old ones are discarded. */
export function setSkills(engine: NecreauxEngine, agent: number, names: readonly string[]): void {
  const s = engine.state;
  while (s.skills[agent].size > 0) {
    const card = s.skills[agent].at(0);
    lift(s, card);
    s.skillDiscard.push(card);
    s.zone[card] = Zone.skillDiscard;
  }
  for (const name of names) {
    const card = id(engine, name);
    lift(s, card);
    s.putSkill(agent, card);
    s.charges[card] = engine.cards.startCharges[card];
  }
}

/** These skill cards are disabled (face down). */
export function disable(engine: NecreauxEngine, names: readonly string[]): void {
  for (const name of names) engine.state.setFaceDown(id(engine, name), true);
}

/** Gives an agent a held card (item, cache, special) from wherever it is. */
export function giveHeld(engine: NecreauxEngine, agent: number, name: string, charges = 0): number {
  const card = id(engine, name);
  lift(engine.state, card);
  engine.state.putHeld(agent, card);
  engine.state.charges[card] = charges;
  return card;
}

/** Plain skills for every agent: Plain 1-3 for agent 0, Plain 4-6 for agent 1, ... */
export function plainAgents(engine: NecreauxEngine): void {
  for (let agent = 0; agent < engine.state.agents; agent++) {
    setSkills(engine, agent, [1, 2, 3].map((i) => `Plain ${agent * 3 + i}`));
  }
}

/** Every card of the game is in exactly one pile (or aside), and each pile's cards have that pile's zone. */
export function checkConservation(s: GameState): void {
  const seen = new Int32Array(s.cards.count);
  for (const pile of s.piles) {
    for (const card of pile.toArray()) {
      seen[card]++;
      if (pileOf(s, card) !== pile) throw new Error(`card ${card} (${s.cards.names[card]}) has zone ${s.zone[card]} but is in another pile`);
    }
  }
  for (let card = 0; card < s.cards.count; card++) {
    const expected = s.zone[card] === Zone.aside || s.zone[card] === Zone.current ? 0 : 1;
    if (seen[card] !== expected) throw new Error(`card ${card} (${s.cards.names[card]}) is in ${seen[card]} piles, zone ${s.zone[card]}`);
  }
}

/** Plain agents, this deck (top first) and `countdown` turns, then any further arrangement. */
export function plainScenario(agents: number, deck: readonly string[], dice: readonly number[], countdown: number, extra?: Scenario['arrange']): Scenario {
  return {
    settings: { agents, level: '6' },
    dice,
    arrange: (engine) => {
      plainAgents(engine);
      stackDeck(engine, deck);
      engine.state.countdown = countdown;
      extra?.(engine);
    },
  };
}

/** The names of the cards whose abilities the strategy is offered in a game of this scenario, each offer declined. */
export function abilitiesOffered(scenario: Scenario, speed = 1): string[] {
  const offered: string[] = [];
  play(scenario, testStrategy({ useAbility: (view, ability) => (offered.push(view.name(view.abilityCard(ability))), false) }, speed));
  return offered;
}
