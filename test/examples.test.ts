import { describe, expect, it } from 'vitest';
import { StrategyError } from '../src/core/errors.ts';
import { OutcomeRecord, type GameLog, type Strategy } from '../src/core/game.ts';
import { Decision, type DecisionView, type SetawatchStrategy } from '../src/games/setawatch/decisions.ts';
import { loadGame } from '../src/games/registry.ts';
import { loadContent } from '../src/sim/content.ts';
import { planExperiment, readExperimentFile } from '../src/sim/experiment.ts';
import { resolveSettings } from '../src/sim/settings.ts';
import { createStrategy } from '../src/sim/strategy-spec.ts';

/** The examples docs/writing-a-strategy.md and docs/writing-a-game.md walk through: they must load, play legal games and plan as described. */

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

describe('the example game (docs/writing-a-game.md)', () => {
  const DELVE = 'examples/games/delve.ts';

  async function delveEngine(log: GameLog | null = null) {
    const game = await loadGame(DELVE);
    return { game, engine: game.createEngine(resolveSettings(game, {}, 'test'), loadContent(game, undefined).content, log) };
  }

  it('loads by its path with its card file, and plays legal games, won and lost', async () => {
    const outcomes = await playSome(DELVE, 'brave:upTo=12', 300);
    expect(new Set(outcomes)).toEqual(new Set(['won', 'lost']));
    const game = await loadGame(DELVE);
    expect(game.content.provenance(loadContent(game, undefined).content as never, [])).toEqual({ cards: 26, bySource: { printed: 22, estimated: 4 } });
  });

  it('asks the strategy about each monster and refuses an answer that is not true or false, naming the strategy, decision and seed', async () => {
    const { engine } = await delveEngine();
    const out = new OutcomeRecord(4);
    const strengths: number[] = [];
    const asking = { name: 'asking', fight: (view: { strength: number }) => (strengths.push(view.strength), true) };
    engine.playGame(7, asking as Strategy, out);
    expect(strengths.length).toBe(out.metrics[3]);
    expect(strengths.every((strength) => [6, 9, 11].includes(strength))).toBe(true);
    const unsure = { name: 'unsure', fight: () => 'maybe' };
    expect(() => engine.playGame(7, unsure as Strategy, out)).toThrow(StrategyError);
    expect(() => engine.playGame(7, unsure as Strategy, out)).toThrow(/unsure.*fight.*7.*"maybe" \(a string\); expected true or false/);
  });

  it('replays a game card by card from its seed, the same each time', async () => {
    const lines: string[] = [];
    const { engine } = await delveEngine({ write: (line) => lines.push(line) });
    const strategy = await createStrategy(await loadGame(DELVE), 'brave');
    engine.playGame(4, strategy as never, new OutcomeRecord(4));
    const first = [...lines];
    lines.length = 0;
    engine.playGame(4, strategy as never, new OutcomeRecord(4));
    expect(lines).toEqual(first);
    expect(first.some((line) => / (fought|snuck past): rolled \d+/.test(line))).toBe(true);
  });

  it('the example experiment compares each choice of monsters with the next at each party size', async () => {
    const path = 'examples/experiments/delve-courage.yaml';
    const file = readExperimentFile(path);
    const { cells, pairs } = await planExperiment(file, await loadGame(file.game), path);
    expect(cells).toHaveLength(5 * 4);
    expect(pairs.filter(([, , varied]) => varied === 'upTo')).toHaveLength(5 * 3);
  });
});
