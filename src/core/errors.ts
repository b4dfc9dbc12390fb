/** Exit codes of the CLI: 0 done, 1 failure while running, 2 bad usage or bad input. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

export const INPUT_ERROR_NAME = 'InputError';

/** Bad usage or bad input: reported as one line, exit code 2. */
export class InputError extends Error {
  override readonly name = INPUT_ERROR_NAME;
}

/** A strategy answered a decision illegally or threw: bad input (the strategy is the user's), exit code 2. */
export class StrategyError extends InputError {
  constructor(
    readonly strategy: string,
    readonly decision: string,
    readonly gameSeed: number,
    detail: string,
  ) {
    super(`strategy "${strategy}" answered decision "${decision}" illegally in game seed ${gameSeed}: ${detail}`);
  }
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
