import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import type { Deck } from '../../../src/core/deck.ts';
import { Roll, ROLL_SLOTS, TRAIT_COUNT, Trigger } from '../../../src/games/necreaux/cards.ts';
import { createNecreauxEngine, necreaux } from '../../../src/games/necreaux/index.ts';
import type { GameState } from '../../../src/games/necreaux/state.ts';
import { reference, testContent, variantsPlayable } from './helpers.ts';

const ROLL_KINDS = [Roll.combat, Roll.speed, Roll.trait];

/** What the state keeps up to date incrementally, counted again from the agents' cards. */
function fromScratch(s: GameState, agent: number): Record<string, number | boolean> {
  const cards = s.cards;
  const active = (pile: Deck) => pile.toArray().filter((card) => s.isActive(card));
  const counted = [...active(s.skills[agent]), ...active(s.held[agent])];
  const skills = s.skills[agent].toArray();
  const derived: Record<string, number | boolean> = {
    hearts: skills.reduce((sum, card) => sum + 2 - s.faceDown[card], 0),
    disabledSkills: skills.filter((card) => s.faceDown[card] === 1).length,
    triggers: counted.reduce((bits, card) => bits | cards.triggers[card], 0),
  };
  for (let trait = 0; trait < TRAIT_COUNT; trait++) {
    derived[`traitTally ${trait}`] = counted.reduce((sum, card) => sum + cards.traitCount[card * TRAIT_COUNT + trait], 0);
  }
  const passive = counted.filter((card) => (cards.triggers[card] & Trigger.passive) !== 0);
  for (const kind of ROLL_KINDS) {
    const bonus = passive.reduce((sum, card) => sum + cards.passiveBonus[card * ROLL_SLOTS + kind], 0);
    const penalty = s.parasites[agent]
      .toArray()
      .filter((parasite) => (cards.parasiteRoll[parasite] & kind) !== 0)
      .reduce((sum, parasite) => sum + cards.parasitePenalty[parasite], 0);
    derived[`passiveBonus ${kind}`] = bonus - penalty;
    derived[`extraDie ${kind}`] = passive.some((card) => cards.extraDie[card * ROLL_SLOTS + kind] === 1);
  }
  return derived;
}

function cached(s: GameState, agent: number): Record<string, number | boolean> {
  const derived: Record<string, number | boolean> = {
    hearts: s.health(agent),
    disabledSkills: s.disabledSkills(agent),
    triggers: s.triggersOf(agent),
  };
  for (let trait = 0; trait < TRAIT_COUNT; trait++) derived[`traitTally ${trait}`] = s.traitTally(agent, trait);
  for (const kind of ROLL_KINDS) {
    derived[`passiveBonus ${kind}`] = s.passiveBonus(agent, kind);
    derived[`extraDie ${kind}`] = s.hasExtraDie(agent, kind);
  }
  return derived;
}

/** Active cards on the acting team showing the trait. */
function cardsWithTraitFromScratch(s: GameState, trait: number): number {
  let count = 0;
  for (let agent = 0; agent < s.agents; agent++) {
    if (!s.isActing(agent)) continue;
    for (const pile of [s.skills[agent], s.held[agent]]) count += pile.toArray().filter((card) => s.isActive(card) && (s.cards.traitMask[card] & (1 << trait)) !== 0).length;
  }
  return count;
}

/** The cards that could take a charge from a card outside the team. */
function chargeableCards(s: GameState): number {
  let count = 0;
  for (let card = 0; card < s.cards.count; card++) if (s.canCharge(card, -1)) count++;
  return count;
}

describe('derived data', () => {
  it('every agent’s derived data matches a count from its cards at every logged step of random games', () => {
    fc.assert(
      fc.property(
        // The test content has skills with traits and no abilities.
        fc.constantFrom(reference, testContent),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('intro', '1', '4', '6', '7'),
        fc.boolean(),
        fc.constantFrom('random', 'adaptive', 'cautious'),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (content, agents, level, uncertainEnding, strategyName, seed) => {
          fc.pre(variantsPlayable(agents, uncertainEnding, 'off'));
          let state: GameState | null = null;
          let checks = 0;
          const engine = createNecreauxEngine({ agents, level, uncertainEnding }, content, {
            write(line) {
              if (state === null) return;
              for (let agent = 0; agent < state.agents; agent++) {
                expect(cached(state, agent), `agent ${agent} at "${line}"`).toEqual(fromScratch(state, agent));
              }
              for (let trait = 0; trait < TRAIT_COUNT; trait++) {
                expect(state.cardsWithTrait(trait), `cards with trait ${trait} at "${line}"`).toBe(cardsWithTraitFromScratch(state, trait));
              }
              expect(state.teamCardCount(), `team cards at "${line}"`).toBe(chargeableCards(state));
              checks++;
            },
          });
          state = engine.state;
          const strategy = necreaux.strategies.find((s) => s.name === strategyName)!.create({});
          engine.playGame(seed, strategy, new OutcomeRecord(necreaux.metrics.length));
          expect(checks).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
