import type { StrategyDefinition, StrategyParams } from '../../src/core/game.ts';
import { type Arms, SequentialHalving } from '../../src/core/sequential-halving.ts';
import type { CardTables } from '../../src/games/setawatch/cards.ts';
import { Decision, type DecisionKind, type DecisionView, OptionKind, OptionList, type RoundSimulator, type SetawatchStrategy, type Simulator } from '../../src/games/setawatch/decisions.ts';
import { type SetawatchState, Status } from '../../src/games/setawatch/state.ts';
import { GREEDY_IGNORES, greedyChoice, NOT_WORTH, prepareWatchScores, scoreWatch } from './greedy.ts';

/**
 * A search over the round's Watch: at each Watch decision the planner takes the most promising options (by the
 * greedy score, plus ending the Watch and burning a card) and plays each forward in a simulator to the end of the
 * Watch, greedy playing the rest, several times with the unseen cards reshuffled (the same shuffles and dice for every
 * candidate), spending its rollouts by sequential halving, and takes the option with the best evaluation. `budget`
 * is the simulated actions a decision aims at; below about 500 halving's floor of one rollout per candidate still in
 * per round spends more (budget 100 plays about 15 rollouts a decision, 180 actions).
 * The camper is chosen the same way, by rolling out each candidate's whole round; the camp actions are greedy's
 * (rolling each camp die out to the end of the round made the planner much weaker, Easy 35.8% -> 20.7% on the same
 * 1,500 seeds: a one-round evaluation undervalues what camp builds for later rounds).
 */

const CANDIDATES = 8;
/** Simulated actions one rollout is expected to take, to split the budget into rollouts. */
const ROLLOUT_LENGTH = 12;
const MAX_ROLLOUTS = 4096;
/** Simulated actions a whole round (camp and Watch) is counted as, to split the budget among camper candidates. */
const ROUND_ROLLOUT_LENGTH = 40;
const MIN_CAMPER_ROLLOUTS = 2;

/**
 * The evaluation: cards left and the campfire, against the Horde's threat and the Unhallowed left to summon; a lost
 * game (nobody on Watch with a card left counts as lost) costs a large penalty but keeps the other terms, so that
 * losing lines are still told apart.
 */
export function evaluate(state: SetawatchState, tables: CardTables): number {
  const lost = state.status === Status.lostExhausted || state.status === Status.lostSummon || state.watchActiveCards() === 0;
  let horde = 0;
  for (let i = 0; i < state.horde.size; i++) horde += 20 + 8 * tables.damage[state.horde.at(i)];
  const fire = Math.min(state.fire, 12);
  return (lost ? -10000 : 0) + 100 * state.totalActiveCards() + 6 * fire + (state.fire >= 7 ? 15 : 0) - horde + 25 * state.unhallowedDeck.size + 20 * state.tamed.size;
}

const greedyPolicy: SetawatchStrategy = { name: 'planner', choose: greedyChoice, ignores: GREEDY_IGNORES };

class Planner implements SetawatchStrategy, Arms {
  readonly name = 'planner';
  private simulator: Simulator | null = null;
  private tables: CardTables | null = null;
  private roundSimulator: RoundSimulator | null = null;
  private roundTables: CardTables | null = null;
  private readonly candidates = new OptionList();
  /**
   * The Watch candidates' rollouts are spent by sequential halving. At budget 400 it won 59.6% at Normal and 16.1% at
   * Insane where the same rollouts split evenly among the candidates won 52.4% and 13.2% (1,000 games, same seeds), at
   * about the same cost; at budget 1600, 67.9% and 22.0% against 65.1% and 20.3%.
   */
  private readonly halving = new SequentialHalving(CANDIDATES + 2, MAX_ROLLOUTS);
  /** The Watch decision being searched. */
  private searched: DecisionView | null = null;
  /** One seed per rollout, shared by every candidate: common random numbers, so candidates differ by their play only. */
  private readonly seeds = new Float64Array(MAX_ROLLOUTS);

  constructor(private readonly budget: number) {}

  choose(decision: DecisionKind, view: DecisionView): number {
    if (decision === Decision.camper) return this.chooseCamper(view);
    if (decision !== Decision.watch) return greedyChoice(decision, view);
    this.pickCandidates(view);
    if (this.candidates.count === 1) return this.candidates.mode[0];
    this.searched = view;
    return this.candidates.mode[this.halving.best(this, this.candidates.count, Math.floor(this.budget / ROLLOUT_LENGTH))];
  }

  /**
   * The camper: each candidate's round (its camp and the Watch, greedy playing both) is rolled out on the same
   * reshuffles of the hidden cards, and the best average evaluation camps. Engines without a camp fall back to greedy.
   */
  private chooseCamper(view: DecisionView): number {
    const options = view.options;
    const simulator = options.count > 1 ? this.roundSimulatorFor(view) : null;
    if (simulator === null) return greedyChoice(Decision.camper, view);
    const rollouts = Math.min(MAX_ROLLOUTS, Math.max(MIN_CAMPER_ROLLOUTS, Math.floor(this.budget / (options.count * ROUND_ROLLOUT_LENGTH))));
    this.drawSeeds(view, 0, rollouts);
    let bestOption = 0;
    let bestScore = -Infinity;
    for (let i = 0; i < options.count; i++) {
      let total = 0;
      for (let r = 0; r < rollouts; r++) {
        simulator.load(view.state, this.seeds[r]);
        simulator.playRoundFromCamper(options.target[i], greedyPolicy);
        total += evaluate(simulator.state, view.tables);
      }
      if (total > bestScore) [bestOption, bestScore] = [i, total];
    }
    return bestOption;
  }

  private roundSimulatorFor(view: DecisionView): RoundSimulator | null {
    if (this.roundTables !== view.tables) {
      this.roundSimulator = view.rules.createRoundSimulator();
      this.roundTables = view.tables;
    }
    return this.roundSimulator;
  }

  private simulatorFor(view: DecisionView): Simulator {
    if (this.simulator === null || this.tables !== view.tables) {
      this.simulator = view.rules.createSimulator();
      this.tables = view.tables;
    }
    return this.simulator;
  }

  /** The options worth simulating: ending the Watch, one burn, and the best few by greedy score. The option index rides in `mode`. */
  private pickCandidates(view: DecisionView): void {
    prepareWatchScores(view);
    const options = view.options;
    const candidates = this.candidates;
    candidates.clear();
    candidates.add(OptionKind.done, -1, -1, -1, -1, 0);
    let burn = -1;
    for (let i = 0; i < options.count; i++) if (options.kind[i] === OptionKind.burn && (burn < 0 || this.burnOrder(view, i) > this.burnOrder(view, burn))) burn = i;
    if (burn >= 0) candidates.add(OptionKind.burn, -1, -1, -1, -1, burn);
    for (let n = 0; n < CANDIDATES; n++) {
      let bestOption = -1;
      let bestScore = NOT_WORTH;
      for (let i = 0; i < options.count; i++) {
        if (options.kind[i] === OptionKind.done || options.kind[i] === OptionKind.burn || this.isCandidate(i)) continue;
        const score = scoreWatch(view, i);
        if (score > bestScore) [bestOption, bestScore] = [i, score];
      }
      if (bestOption < 0) return;
      candidates.add(options.kind[bestOption], -1, -1, -1, -1, bestOption);
    }
  }

  private burnOrder(view: DecisionView, index: number): number {
    const slot = view.options.slot[index];
    return view.state.slotDieUsed[slot] * 10 + view.state.activeCards(Math.floor(slot / 5));
  }

  private isCandidate(index: number): boolean {
    for (let c = 0; c < this.candidates.count; c++) if (this.candidates.mode[c] === index) return true;
    return false;
  }

  prepare(from: number, to: number): void {
    this.drawSeeds(this.searched!, from, to);
  }

  private drawSeeds(view: DecisionView, from: number, to: number): void {
    for (let r = from; r < to; r++) this.seeds[r] = view.random.int(2147483647);
  }

  /** The total evaluation of Watch candidate `candidate` over rollouts `from` to `to` (their seeds). */
  rollouts(candidate: number, from: number, to: number): number {
    const view = this.searched!;
    const simulator = this.simulatorFor(view);
    const option = this.candidates.mode[candidate];
    let total = 0;
    for (let r = from; r < to; r++) {
      simulator.load(view.state, this.seeds[r]);
      if (view.options.kind[option] !== OptionKind.done) {
        simulator.applyWatch(view.options, option, greedyPolicy);
        this.playOutWatch(simulator);
      }
      if (simulator.state.status === Status.playing) simulator.endWatch(greedyPolicy);
      total += evaluate(simulator.state, view.tables);
    }
    return total;
  }

  private playOutWatch(simulator: Simulator): void {
    for (let steps = 0; steps < 4 * ROLLOUT_LENGTH && simulator.state.status === Status.playing; steps++) {
      const options = simulator.listWatchOptions();
      const index = greedyChoice(Decision.watch, simulator.view);
      if (options.kind[index] === OptionKind.done) return;
      simulator.applyWatch(options, index, greedyPolicy);
    }
  }
}

export const planner: StrategyDefinition<SetawatchStrategy> = {
  name: 'planner',
  description: 'searches each Watch decision by simulated rollouts (greedy play-outs, unseen cards reshuffled) and takes the best evaluation',
  params: [{ name: 'budget', kind: 'int', min: 20, max: 1000000, default: 600, description: 'simulated actions per Watch decision (a target: at least one rollout per candidate still in per halving round)' }],
  create: (params: StrategyParams) => new Planner(Number(params.budget)),
};
