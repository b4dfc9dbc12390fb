import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { probability2d6Above } from '../../fixtures/dice.ts';
import { necreauxContentSchema } from '../../../src/games/necreaux/content.ts';
import { createNecreauxEngine, necreaux } from '../../../src/games/necreaux/index.ts';
import { plainAgents, stackDeck, testContent, testStrategy } from './helpers.ts';

/** The test content plus plain monsters "Dummy 2".."Dummy 12" (CV 2..12, no loot, no keywords). */
const content = necreauxContentSchema.parse({
  ...testContent,
  adventure: [
    ...testContent.adventure,
    ...Array.from({ length: 11 }, (_, i) => ({ id: `A-${77 + i}`, type: 'monster', name: `Dummy ${i + 2}`, source: 'estimated', cv: i + 2, loot: 0 })),
  ],
});
const GAMES = 4000;
const DEFEATED = necreaux.metrics.findIndex((m) => m.name === 'monstersDefeated');

/** Games (of GAMES) in which a lone plain agent fights one plain monster of this CV for up to `fightRounds` rounds and defeats it, with the real dice. */
function defeats(cv: number, fightRounds: number, seedBase: number): number {
  let rounds = 0;
  const strategy = testStrategy({ fight: () => rounds++ < fightRounds }, 1);
  const engine = createNecreauxEngine({ agents: 1, level: '6' }, content, null, {
    afterSetUp: (e) => {
      plainAgents(e);
      stackDeck(e, [`Dummy ${cv}`]);
      e.state.countdown = 1;
      rounds = 0;
    },
  });
  const out = new OutcomeRecord(necreaux.metrics.length);
  let wins = 0;
  for (let game = 0; game < GAMES; game++) {
    engine.playGame(seedBase + game, strategy, out);
    wins += out.metrics[DEFEATED];
  }
  return wins;
}

/** Whether `successes` of GAMES trials is inside the normal-approximation CI of the exact probability. */
function inside(successes: number, exact: number, z: number): boolean {
  const estimate = successes / GAMES;
  return Math.abs(estimate - exact) <= z * Math.sqrt((exact * (1 - exact)) / GAMES);
}

describe('Monte Carlo against exact values', () => {
  it('the chance of a 2d6 combat roll beating each CV (95% CIs, Bonferroni-corrected over the 9 CVs)', () => {
    const zFamily = 2.77; // two-sided 95% over 9 comparisons: z for 1 - 0.05 / 18
    for (let cv = 3; cv <= 11; cv++) {
      const wins = defeats(cv, 1, 1000 * cv);
      expect(inside(wins, probability2d6Above(cv), zFamily), `CV ${cv}: ${wins}/${GAMES}`).toBe(true);
    }
  });

  it('a lone agent’s chance to defeat a plain CV 8 monster fighting to the end (95% CI)', () => {
    const hit = probability2d6Above(8);
    const miss = 1 - probability2d6Above(7);
    // Ties change nothing; the agent dies at the sixth miss (three cards, two hearts each).
    const exact = 1 - (miss / (hit + miss)) ** 6;
    const wins = defeats(8, Number.MAX_SAFE_INTEGER, 777);
    expect(inside(wins, exact, 1.96), `${wins}/${GAMES} vs ${exact}`).toBe(true);
  });
});
