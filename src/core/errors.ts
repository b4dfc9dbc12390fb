/** Exit codes of the CLI: 0 done, 1 failure while running, 2 bad usage or bad input. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

export const INPUT_ERROR_NAME = 'InputError';

/** Bad usage or bad input: reported as one line, exit code 2. */
export class InputError extends Error {
  override readonly name = INPUT_ERROR_NAME;
}

/**
 * A strategy answered a decision illegally or threw: bad input (the strategy is the user's), exit code 2. `thrown`
 * is what it threw; for a built-in strategy the run reports that as a crash instead (a bug of ours, with its stack).
 */
export class StrategyError extends InputError {
  constructor(
    readonly strategy: string,
    readonly decision: string,
    readonly gameSeed: number,
    detail: string,
    readonly thrown?: unknown,
  ) {
    super(`strategy "${strategy}" answered decision "${decision}" illegally in game seed ${gameSeed}: ${detail}`);
  }
}

const VIEW_CHANGED_NAME = 'ViewChanged';

/** A strategy changed the view it was given (found by src/sim/view-check.ts); the message names the first value changed. */
export class ViewChanged extends Error {
  override readonly name = VIEW_CHANGED_NAME;
}

/** Text on one line: a user's message with line breaks would otherwise break the one line an error is reported on. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

/** A strategy's own throw while it answered a decision, kept as `thrown` (a user's strategy: bad input; a built-in one: a crash). */
export function strategyThrew(strategy: string, decision: string, gameSeed: number, error: unknown): StrategyError {
  if (error instanceof StrategyError) return error;
  // By name: a user's game module brings its own copy of these classes.
  if (error instanceof Error && error.name === VIEW_CHANGED_NAME) return new StrategyError(strategy, decision, gameSeed, `changed its view, which it must only read: ${error.message}`);
  return new StrategyError(strategy, decision, gameSeed, `threw: ${oneLine(error instanceof Error ? error.message : String(error))}`, error);
}

/** An answer that must be the index of one of the `count` options offered. */
export function checkedOption(answer: unknown, count: number, strategy: string, decision: string, gameSeed: number): number {
  if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 0 || answer >= count) {
    throw new StrategyError(strategy, decision, gameSeed, `answered ${shownAnswer(answer)}; expected an option index from 0 to ${count - 1}`);
  }
  return answer;
}

/** An answer that must be true or false. */
export function checkedBoolean(answer: unknown, strategy: string, decision: string, gameSeed: number): boolean {
  if (typeof answer !== 'boolean') throw new StrategyError(strategy, decision, gameSeed, `answered ${shownAnswer(answer)}; expected true or false`);
  return answer;
}

/** An answer as a message shows it: a number or a boolean as itself, anything else with its type ("0" (a string), 0n (a bigint)). */
export function shownAnswer(answer: unknown): string {
  if (typeof answer === 'number' || typeof answer === 'boolean' || answer === undefined || answer === null) return String(answer);
  if (typeof answer === 'string') return `${JSON.stringify(answer)} (a string)`;
  if (typeof answer === 'bigint') return `${answer}n (a bigint)`;
  return `a value of type ${typeof answer}`;
}

/** The engine failed while playing a game: a bug, exit code 1, with the seed that reproduces it. */
export class GameCrash extends Error {
  override readonly name = 'GameCrash';
  constructor(
    readonly gameSeed: number,
    readonly replayCommand: string,
    cause: string,
  ) {
    super(`game seed ${gameSeed} crashed: ${cause}\n  reproduce with: ${replayCommand}`);
  }
}
