import type { GameEngine, GameLog, GameModule, MetricSpec, OutcomeRecord, Settings } from '../../core/game.ts';
import { kyrosStrategies } from '../../../strategies/kyros/index.ts';
import { KyrosTables } from './cards.ts';
import { type KyrosContent, kyrosContent } from './content.ts';
import type { KyrosStrategy } from './decisions.ts';
import { KyrosRules, type RulesOptions } from './rules.ts';
import { MAX_SEATS } from './state.ts';

/** Runebound: The Scepter of Kyros, the Giant Lord endgame, as a platform game module. */

export const DEFAULT_MARKET_CARDS = 3;

export function rulesOptions(settings: Settings): RulesOptions {
  return {
    players: Number(settings.players),
    marketCards: Number(settings.marketCards),
    maxRounds: Number(settings.maxRounds),
    travel: Number(settings.travel),
    recovery: Number(settings.recovery),
    exhaustionRecovery: Number(settings.exhaustionRecovery),
    healCost: Number(settings.healCost),
    knockoutTurns: Number(settings.knockoutTurns),
    priorFame: settings.priorFame === 'none' || settings.priorFame === 'random' ? settings.priorFame : 'eighth',
    lordFallsFirst: settings.bothFall === 'lord-first',
    beforeCombatEveryRound: settings.beforeCombat !== 'first-round',
  };
}

class KyrosEngine implements GameEngine<KyrosStrategy> {
  readonly rules: KyrosRules;

  constructor(settings: Settings, content: KyrosContent, log: GameLog | null) {
    this.rules = new KyrosRules(new KyrosTables(content), rulesOptions(settings), log);
  }

  playGame(seed: number, strategy: KyrosStrategy, out: OutcomeRecord): void {
    this.rules.playGame(seed, strategy, out);
  }
}

const seatNames = Array.from({ length: MAX_SEATS }, (_, seat) => `seat${seat + 1}`);

const metrics: MetricSpec[] = [
  { name: 'rounds', description: 'endgame rounds played (every player one turn per round; maxRounds when unfinished)', min: 1, max: 40 },
  { name: 'attacks', description: 'attacks on Giant Lords', min: 0, max: 60, binWidth: 2 },
  { name: 'liberations', description: 'towns liberated', min: 0, max: 7 },
  { name: 'attacksPerLiberation', description: 'attacks per liberated town x100 (missing when none was liberated)', min: 100, max: 3000, binWidth: 50 },
  { name: 'fameSpread', description: 'most fame minus least fame among the players at the end', min: 0, max: 30 },
  { name: 'winnerFame', description: "the winner's fame (missing when unfinished)", min: 0, max: 40 },
  { name: 'firstAttackWon', description: 'the first attack of the game liberated its town: 100, else 0 (the mean is the per-attack liberation chance of a fresh hero)', min: 0, max: 100, binWidth: 50, rateOf: 100 },
  { name: 'liberationRate', description: 'liberations per attack in the game, x100 (percent)', min: 0, max: 100, binWidth: 5 },
  { name: 'knockouts', description: 'heroes knocked out by Giant Lords', min: 0, max: 40 },
  { name: 'escapes', description: 'heroes escaping from Giant Lords', min: 0, max: 40 },
  { name: 'countersPerAttack', description: 'experience counters given to the Giant Lord per attack, x100', min: 0, max: 500, binWidth: 25 },
  ...seatNames.map((name, seat) => ({ name: `fameSeat${seat + 1}`, description: `fame of ${name} at the end (missing when fewer players)`, min: 0, max: 30 })),
];

const kyros: GameModule<KyrosStrategy, KyrosContent> = {
  id: 'kyros',
  title: 'Runebound: The Scepter of Kyros (Giant Lord endgame)',
  settings: [
    { name: 'players', kind: 'int', min: 1, max: 6, default: 3, description: 'players (heroes); players + 1 towns are occupied' },
    { name: 'marketCards', kind: 'int', min: 0, max: 8, default: DEFAULT_MARKET_CARDS, description: "cards in every occupied town's market stack (estimate of a typical endgame: 3)" },
    { name: 'maxRounds', kind: 'int', min: 1, max: 200, default: 40, description: 'rounds after which an endgame still going counts as unfinished' },
    { name: 'travel', kind: 'int', min: 1, max: 6, default: 2, description: 'turns to reach an occupied town from a free town or the next occupied town (1 more per further town along the row)' },
    { name: 'recovery', kind: 'int', min: 0, max: 6, default: 0, description: 'wounds each hero heals free at the start of each of its turns (0: only for gold in a town, as in Runebound)' },
    { name: 'exhaustionRecovery', kind: 'int', min: 0, max: 6, default: 1, description: 'exhaustion each hero sheds at the start of each of its turns (Runebound: one per movement die left unrolled)' },
    { name: 'healCost', kind: 'int', min: 0, max: 5, default: 1, description: 'gold per wound healed when resting a turn in a free town (0: free)' },
    { name: 'knockoutTurns', kind: 'int', min: 0, max: 6, default: 1, description: 'turns a knocked-out hero loses' },
    { name: 'priorFame', kind: 'enum', values: ['eighth', 'none', 'random'], default: 'eighth', description: 'fame from the 8 Giant Lords defeated before the endgame: the eighth only, held by the player who triggered the endgame (the last seat); none; or the eighth and the other seven to random heroes' },
    { name: 'bothFall', kind: 'enum', values: ['struck-first', 'lord-first'], default: 'struck-first', description: "when a blow's reflected wound (Mirror of Shael) would fell the striker too: the side struck falls first and its reflect no longer counts; or both fall and the Giant Lord first (the hero keeps the spoils, then is knocked out)" },
    { name: 'beforeCombat', kind: 'enum', values: ['every-round', 'first-round'], default: 'every-round', description: "when the Before Combat step (a Giant Lord card's strike, both sides' bombs, potions, surges and reflects) comes: at the start of every combat round (the notes' round order), or once, before a fight's first round (the Kyros example's 'the Before Combat phase of the combat')" },
  ],
  content: kyrosContent,
  strategies: kyrosStrategies,
  strategyMethods: ['choose'],
  defaultStrategy: 'greedy',
  outcomes: [...seatNames, 'unfinished'],
  winOutcome: 'allLiberated',
  winningOutcomes: seatNames,
  metrics,
  createEngine(settings: Settings, content: KyrosContent, log: GameLog | null) {
    return new KyrosEngine(settings, content, log);
  },
};

export default kyros;
