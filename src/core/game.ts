import type { ZodType } from 'zod';

/**
 * The contract between the platform and a game. The platform (runner, statistics, reports, CLI) knows games only
 * through this file: a game module declares its settings, content, strategies, outcomes and metrics, and builds an
 * engine that plays one game at a time into an OutcomeRecord.
 */

export type SettingValue = string | number | boolean;
export type Settings = Readonly<Record<string, SettingValue>>;

interface SettingBase {
  readonly name: string;
  readonly description: string;
  /** Changes only what `playsim replay` narrates, not the games: sim and run refuse it rather than ignore it. */
  readonly replayOnly?: boolean;
}
export interface IntSetting extends SettingBase {
  readonly kind: 'int';
  readonly min: number;
  readonly max: number;
  readonly default: number;
}
export interface EnumSetting extends SettingBase {
  readonly kind: 'enum';
  readonly values: readonly string[];
  readonly default: string;
  /** Other spellings of a value, turned into the value they mean (e.g. content sets listed in any order). */
  readonly spell?: (text: string) => string;
}
export interface BoolSetting extends SettingBase {
  readonly kind: 'bool';
  readonly default: boolean;
}
/** `size` different values out of `values`, written comma-separated in any order (e.g. a party of four). */
export interface SubsetSetting extends SettingBase {
  readonly kind: 'subset';
  readonly values: readonly string[];
  readonly size: number;
  /** In canonical form: the chosen values in the order of `values`. */
  readonly default: string;
}
export type SettingSpec = IntSetting | EnumSetting | BoolSetting | SubsetSetting;

export interface StrategyParamSpec {
  readonly name: string;
  readonly kind: 'int' | 'number' | 'enum';
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly string[];
  readonly default: number | string;
  readonly description: string;
}
export type StrategyParams = Readonly<Record<string, number | string>>;

/** Every strategy instance carries the name it was chosen by, so errors can name it. */
export interface Strategy {
  readonly name: string;
  /**
   * Called before each game the strategy plays, if it has it: a strategy object plays game after game, so what it
   * remembers of one game (cards seen, a plan) is forgotten here.
   */
  startGame?(): void;
}

/** What a strategy module (built in, or a user's file) exports as its default export. */
export interface StrategyDefinition<S extends Strategy = Strategy> {
  readonly name: string;
  readonly description: string;
  /** The game the strategy plays (optional in a user's module; when given, the strategy is refused for any other). */
  readonly game?: string;
  readonly params: readonly StrategyParamSpec[];
  create(params: StrategyParams): S;
}

/**
 * Integer metric with a fixed-bin histogram for the charts: bins of binWidth (default 1) from min until max is covered;
 * values below min or past the last bin's end are counted apart (below, above).
 */
export interface MetricSpec {
  readonly name: string;
  readonly description: string;
  readonly min: number;
  readonly max: number;
  readonly binWidth?: number;
  /**
   * Every game's value is 0 or this (a rate in disguise, e.g. 100 when the first attack won, else 0): the report
   * shows its mean with a rate's interval. Needs min 0 and max equal to it.
   */
  readonly rateOf?: number;
}

/** A metric value that does not apply to this game (e.g. the turn of loss of a game that was won). */
export const METRIC_MISSING = -2147483648;

/** A game's metric as a log or message shows it: "—" when it does not apply. */
export function shownMetric(value: number): string {
  return value === METRIC_MISSING ? '—' : String(value);
}

/** How many cards of a content file come from each source ("printed", "rulebook", "estimated", ...). */
export interface Provenance {
  readonly cards: number;
  readonly bySource: Readonly<Record<string, number>>;
}

export interface ContentSpec<C> {
  readonly schema: ZodType<C>;
  /** Path of the shipped content file, relative to the repository root. */
  readonly defaultFile: string;
  /** How many cards of each source the content puts in play under any of these settings (each cell's). */
  provenance(content: C, cells: readonly Settings[]): Provenance;
}

/**
 * The small record a game writes: which outcome, and one whole number in the 32-bit range per declared metric (or
 * METRIC_MISSING). Held as doubles so that a value a game gets wrong (a fraction, one past the range) reaches the
 * accumulator as it was written and is refused there, instead of being cut to 32 bits in silence.
 */
export class OutcomeRecord {
  outcome = 0;
  readonly metrics: Float64Array;
  constructor(metricCount: number) {
    this.metrics = new Float64Array(metricCount);
  }
}

/** A readable log of one game. Engines call it only behind `if (log !== null)`, so it costs nothing when off. */
export interface GameLog {
  write(line: string): void;
}

export interface GameEngine<S extends Strategy> {
  /** Reset the engine's reusable state and play the game with this seed to the end. */
  playGame(seed: number, strategy: S, out: OutcomeRecord): void;
}

/**
 * One game, as every run, vetting and replay plays it: the strategy hears that a game starts, then the engine plays it.
 * The record is cleared first (outcome -1, every metric NaN), so that a field the engine leaves unwritten is refused
 * when the game is counted rather than taken from whichever game the worker played before, which would make results
 * depend on the worker count.
 */
export function playOneGame<S extends Strategy>(engine: GameEngine<S>, seed: number, strategy: S, out: OutcomeRecord): void {
  out.outcome = -1;
  out.metrics.fill(Number.NaN);
  strategy.startGame?.();
  engine.playGame(seed, strategy, out);
}

export interface GameModule<S extends Strategy = Strategy, C = unknown> {
  readonly id: string;
  readonly title: string;
  readonly settings: readonly SettingSpec[];
  readonly content: ContentSpec<C>;
  readonly strategies: readonly StrategyDefinition<S>[];
  /** The methods every strategy of the game has (its decisions; `a.b` for a member's method), checked when a strategy is created. */
  readonly strategyMethods: readonly string[];
  /** What is wrong with a combination of settings each allowed on its own (one line), or null. */
  settingsProblem?(settings: Settings): string | null;
  /** What is wrong with the optional members of a strategy the game reads besides its decisions, or null. */
  strategyProblem?(strategy: S): string | null;
  /**
   * The strategy's member (`a.b` for a member's) naming options it promises never to take, which the engine leaves
   * out of the decisions it asks it: vetting holds a strategy to the promise by playing its games offered everything.
   */
  readonly ignoresMember?: string;
  readonly defaultStrategy: string;
  /** Outcome names; OutcomeRecord.outcome indexes this list. */
  readonly outcomes: readonly string[];
  /** The name of a win: the outcome that counts as a win, or a name for the `winningOutcomes` together. */
  readonly winOutcome: string;
  /** The outcomes that count as a win when there are several (e.g. any seat winning an endgame); default [winOutcome]. */
  readonly winningOutcomes?: readonly string[];
  readonly metrics: readonly MetricSpec[];
  createEngine(settings: Settings, content: C, log: GameLog | null): GameEngine<S>;
}

/** The outcomes that count as the game's win. */
export function winningOutcomeNames(game: Pick<GameModule, 'winOutcome' | 'winningOutcomes'>): readonly string[] {
  return game.winningOutcomes ?? [game.winOutcome];
}

/** Per outcome index, 1 when that outcome counts as the game's win. */
export function winMask(game: Pick<GameModule, 'outcomes' | 'winOutcome' | 'winningOutcomes'>): Uint8Array {
  const winning = winningOutcomeNames(game);
  return Uint8Array.from(game.outcomes, (name) => (winning.includes(name) ? 1 : 0));
}

/** How many of the counted games were wins, from per-outcome counts. */
export function winCount(mask: Uint8Array, outcomeCounts: ArrayLike<number>): number {
  let wins = 0;
  for (let outcome = 0; outcome < mask.length; outcome++) if (mask[outcome] === 1) wins += outcomeCounts[outcome];
  return wins;
}
