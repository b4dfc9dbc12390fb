import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../src/core/game.ts';
import { Decision, type DecisionView, type SetawatchStrategy } from '../src/games/setawatch/decisions.ts';
import { loadGame } from '../src/games/registry.ts';
import { loadContent } from '../src/sim/content.ts';
import { planExperiment, readExperimentFile } from '../src/sim/experiment.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { createStrategy } from '../src/sim/strategy-spec.ts';

/** The examples docs/writing-a-strategy.md walks through: they must load, play legal games and plan as described. */

const SPRINT = './examples/strategies/necreaux-steady-then-sprint.ts';
const LOW_ROLL = './examples/strategies/setawatch-low-roll-camper.ts';

async function playSome(gameId: string, spec: string, games: number): Promise<string[]> {
  const game = await loadGame(gameId);
  const engine = game.createEngine(resolveSettings(game, {}, 'test'), loadContent(game, undefined).content, null);
  const strategy = await createStrategy(game, spec);
  const out = new OutcomeRecord(game.metrics.length);
  const outcomes: string[] = [];
  for (let seed = 0; seed < games; seed++) {
    engine.playGame(seed, strategy as never, out);
    outcomes.push(game.outcomes[out.outcome]);
  }
  return outcomes;
}

describe('the example strategies', () => {
  it('steady-then-sprint takes its parameters and plays legal Necreaux games', async () => {
    const outcomes = await playSome('necreaux', `${SPRINT}:speed=7,sprintAt=3`, 30);
    expect(outcomes).toContain('success');
    expect(new Set(outcomes).size).toBeGreaterThan(1);
    await expect(createStrategy(await loadGame('necreaux'), `${SPRINT}:speed=99`)).rejects.toThrow(/speed/);
  });

  it('low-roll-camper plays legal Set a Watch games and sends the lowest roll to camp', async () => {
    const outcomes = await playSome('setawatch', LOW_ROLL, 20);
    expect(outcomes).toContain('won');
    expect(new Set(outcomes).size).toBeGreaterThan(1);
    const strategy = (await createStrategy(await loadGame('setawatch'), LOW_ROLL)) as SetawatchStrategy;
    const view = { options: { count: 3, target: Int16Array.from([0, 2, 3]) }, state: { rollTotal: Int16Array.from([9, 11, 4, 7]) } };
    expect(strategy.choose(Decision.camper, view as unknown as DecisionView)).toBe(1);
  });

  it('the example experiment pairs greedy with the user strategy at each difficulty', async () => {
    const path = 'examples/experiments/setawatch-low-roll-camper.yaml';
    const file = readExperimentFile(path);
    const { cells, pairs } = await planExperiment(file, await loadGame(file.game), path);
    expect(cells.map((cell) => cell.strategy)).toEqual(['greedy', LOW_ROLL, 'greedy', LOW_ROLL]);
    expect(pairs.filter(([, , varied]) => varied === 'strategy')).toHaveLength(2);
  });
});
