import { InputError } from '../core/errors.ts';
import { checkRawState, readingCell } from './accumulator.ts';
import { GameWins } from './game-wins.ts';
import type { CellResult, ResultsFile } from './results.ts';

/**
 * A results file must agree with itself: each cell's raw state is one adding games gives over the file's outcomes and
 * metrics. Throws InputError naming the file and the field.
 */
export function checkResultsConsistent(file: string, results: ResultsFile): void {
  results.cells.forEach((cell, index) => {
    checkRaw(file, results, cell, index);
    checkGameWins(file, cell, index);
  });
}

function checkRaw(file: string, results: ResultsFile, cell: CellResult, index: number): void {
  readingCell(file, index, () => checkRawState(cell.raw, { outcomeCount: results.outcomeNames.length, metricNames: results.metricNames }));
}

/** A cell's game wins, when kept, must be well formed and agree with its games and win rate. */
function checkGameWins(file: string, cell: CellResult, index: number): void {
  if (cell.raw.wins === undefined) return;
  const field = `${file}: field cells[${index}].raw.wins`;
  let wins: GameWins;
  try {
    wins = GameWins.fromJSON(cell.raw.wins);
  } catch (error) {
    throw new InputError(`${field}: ${(error as Error).message}`);
  }
  if (wins.games !== cell.games || wins.wins !== Math.round(cell.win.rate * cell.games)) {
    throw new InputError(`${field}: holds ${wins.wins} wins in ${wins.games} games, but the cell has ${Math.round(cell.win.rate * cell.games)} in ${cell.games}`);
  }
}
