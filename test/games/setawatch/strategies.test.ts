import { describe, expect, it } from 'vitest';
import { METRIC_MISSING, OutcomeRecord } from '../../../src/core/game.ts';
import setawatch from '../../../src/games/setawatch/index.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { Decision, type DecisionKind, type DecisionView, type SetawatchStrategy } from '../../../src/games/setawatch/decisions.ts';
import type { SetawatchRules } from '../../../src/games/setawatch/rules.ts';
import { Status } from '../../../src/games/setawatch/state.ts';
import { setawatchStrategies } from '../../../strategies/setawatch/index.ts';
import { recordProblems } from '../../fixtures/records.ts';
import { content } from './scenario.ts';

describe('the shipped strategies', () => {
  it('are greedy, planner and random, with the planner budget as a parameter', () => {
    expect(setawatchStrategies.map((s) => s.name)).toEqual(['greedy', 'planner', 'random']);
    expect(setawatchStrategies[1].params.map((p) => p.name)).toEqual(['budget']);
  });

  it.each(['greedy', 'planner', 'random'])('%s plays legal games to the end at every difficulty', (name) => {
    const definition = setawatchStrategies.find((s) => s.name === name)!;
    const strategy = definition.create({ budget: 40 });
    const out = new OutcomeRecord(3);
    // The state's status behind each outcome (the record reads any other status, playing included, as lostSummon).
    const statusOf = { won: Status.won, lostExhausted: Status.lostExhausted, lostSummon: Status.lostSummon };
    for (let summons = 1; summons <= 4; summons++) {
      const engine = setawatch.createEngine(resolveSettings(setawatch, { summons }, '--set'), content, null);
      const state = (engine as unknown as { rules: SetawatchRules }).rules.state;
      for (let seed = 0; seed < 3; seed++) {
        engine.playGame(seed, strategy, out);
        const where = `summons=${summons} seed ${seed}`;
        const outcome = setawatch.outcomes[out.outcome] as keyof typeof statusOf;
        const won = outcome === 'won';
        // A known outcome, every metric in its range; roundOfLoss missing exactly when won.
        expect(recordProblems(setawatch, out, won ? ['roundOfLoss'] : []), where).toEqual([]);
        expect(out.metrics[0] === METRIC_MISSING, where).toBe(won);
        // Ended by the rules (won at the final location, or lost), not mid-play.
        expect(state.status, where).toBe(statusOf[outcome]);
        if (won) expect(out.metrics[1], `${where}: a won game ends with an active card`).toBeGreaterThan(0);
        if (outcome === 'lostSummon') expect(state.unhallowedDeck.size, where).toBe(0);
      }
    }
  });

  it("the planner's round simulator plays a camper's whole round on its own copy of the state", () => {
    const engine = setawatch.createEngine(resolveSettings(setawatch, {}, '--set'), content, null);
    const greedy = setawatchStrategies[0].create({});
    let checked = false;
    const probe: SetawatchStrategy = {
      name: 'probe',
      choose(decision: DecisionKind, view: DecisionView): number {
        if (decision === Decision.camper && !checked) {
          checked = true;
          const liveRests = Array.from(view.state.rests);
          const simulator = view.rules.createRoundSimulator()!;
          simulator.load(view.state, 7);
          const camper = view.options.target[view.options.count - 1];
          simulator.playRoundFromCamper(camper, greedy);
          expect(simulator.state.rests[camper]).toBe(liveRests[camper] + 1);
          expect(simulator.state.onWatch[camper]).toBe(0);
          if (simulator.state.status === Status.playing) expect(simulator.state.lineLength).toBe(0);
          expect(simulator.state.horde.size + simulator.state.graveyard.size).toBeGreaterThan(view.state.horde.size + view.state.graveyard.size);
          expect(Array.from(view.state.rests)).toEqual(liveRests);
        }
        return greedy.choose(decision, view);
      },
    };
    engine.playGame(3, probe, new OutcomeRecord(3));
    expect(checked).toBe(true);
  });
});
