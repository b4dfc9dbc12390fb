import { statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { RESULTS_SCHEMA, RESULTS_SCHEMA_VERSION, type CellResult, type ResultsFile } from './results.ts';
import { parseJson } from './json.ts';
import { readTextFile } from './data-file.ts';
import { chartRequestSchema, runSizes } from './experiment.ts';
import { checkResultsConsistent } from './results-consistency.ts';
import { versionBefore } from './version.ts';
import { describeZodError } from './zod-errors.ts';

/** Reading a results.json a user hands in (to `playsim merge` or `playsim diff`): every field those commands use is checked. */

/** A number only whole values could have made: `allowed` says which, as the error message does. */
function whole(isAllowed: (value: number) => boolean, allowed: string) {
  return z.number().refine(isAllowed, { error: (issue) => `expected ${allowed}, got ${issue.input}` });
}
/** Games or values counted one by one: exact only below 2^53. */
const count = whole((value) => Number.isSafeInteger(value) && value >= 0, `a count: a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
const counts = z.array(count);
/** Sums of whole metric values and of their squares, of any size (past 2^53 they were rounded as they grew, see accumulator.ts). */
const sums = z.array(whole(Number.isInteger, 'a whole number (a sum of whole metric values)'));
const sumsOfSquares = z.array(whole((value) => Number.isInteger(value) && value >= 0, 'a whole number from 0 (a sum of squares of whole metric values)'));
const rate = z.object({ rate: z.number(), lo: z.number(), hi: z.number() });
const histogram = z.object({ min: z.number(), binWidth: z.number(), counts, below: count.optional(), above: count.optional() });
const mean = z.object({ mean: z.number(), lo: z.number(), hi: z.number(), sd: z.number(), n: count });
/**
 * Which slice of `--shard i/n` a file holds, as parseShard takes it: 0 <= i < n <= 2^53 - 1. An index past its count
 * names no slice; `merge` would say the real shards are missing, and `diff` would compare it as a part of a run.
 */
const shard = z
  .object({
    index: whole((value) => Number.isSafeInteger(value) && value >= 0, 'a shard index: a whole number from 0'),
    count: whole((value) => Number.isSafeInteger(value) && value >= 1, `a shard count: a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`),
  })
  .refine(({ index, count }) => index < count, {
    path: ['index'],
    error: (issue) => {
      const { index, count } = issue.input as { index: number; count: number };
      return `expected a whole number from 0 to ${count - 1} (0-based, below shard.count ${count}), got ${index}`;
    },
  });
const resultsFileSchema = z
  .object({
    schema: z.literal(RESULTS_SCHEMA),
    schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
    tool: z.object({ version: z.string() }).loose(),
    experiment: z
      .object({
        name: z.string(),
        title: z.string(),
        description: z.string(),
        game: z.string(),
        varied: z.array(z.string()),
        charts: z.array(chartRequestSchema),
        choose: z.array(z.string()).optional(),
      })
      .loose(),
    seed: z.number(),
    gamesPerCell: runSizes.games.nullable(),
    targetCi: runSizes.targetCi.nullable(),
    maxGames: runSizes.maxGames.nullable(),
    content: z.object({ file: z.string(), provenance: z.object({ cards: count, bySource: z.record(z.string(), count) }) }).loose(),
    outcomeNames: z.array(z.string()),
    winOutcome: z.string(),
    winningOutcomes: z.array(z.string()).optional(),
    metricNames: z.array(z.string()),
    shard: shard.nullable(),
    cells: z.array(
      z
        .object({
          id: z.number(),
          params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
          strategy: z.string(),
          games: count,
          win: rate,
          outcomes: z.record(z.string(), rate),
          metrics: z.record(z.string(), mean.extend({ histogram }).loose()),
          complete: z.boolean(),
          raw: z.object({
            games: count,
            outcomeCounts: counts,
            metricCounts: counts,
            metricSums: sums,
            metricSumSquares: sumsOfSquares,
            histograms: z.array(counts),
            belowRange: counts.optional(),
            aboveRange: counts.optional(),
            wins: z.object({ played: z.array(z.tuple([z.number().int(), z.number().int()])), won: z.string() }).optional(),
          }),
        })
        .loose(),
    ),
    comparisons: z.array(
      z
        .object({
          a: z.number(),
          b: z.number(),
          varied: z.string(),
          games: count,
          bothWon: count,
          onlyAWon: count,
          onlyBWon: count,
          metrics: z.record(z.string(), mean).optional(),
          raw: z.object({ metricCounts: counts, metricSums: sums, metricSumSquares: sumsOfSquares }).optional(),
        })
        .loose(),
    ),
    complete: z.boolean(),
  })
  .loose();

/** The results of a run: a results.json, or a report folder holding one. */
export function readResultsFile(path: string): ResultsFile {
  const file = isFolder(path) ? join(path, 'results.json') : path;
  let json: unknown;
  try {
    json = parseJson(readTextFile(file));
  } catch (error) {
    throw new InputError(`${file}: cannot read results file: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = resultsFileSchema.safeParse(json);
  if (!parsed.success) throw new InputError(`${file}: ${describeZodError(parsed.error, json)}`);
  const results = withRangeCounts(file, json as ResultsFile);
  checkResultsConsistent(file, results);
  return results;
}

/** The playsim version that first counted a metric's values outside its histogram's range apart. */
const RANGE_COUNTS_SINCE = '0.6.0';

/**
 * Results written before playsim 0.6.0 counted a metric's values outside its histogram's range in the end bins and
 * have no counts of them: read as none, which is what those histograms say. Later files must have them.
 */
function withRangeCounts(file: string, results: ResultsFile): ResultsFile {
  if (!versionBefore(results.tool.version, RANGE_COUNTS_SINCE)) {
    results.cells.forEach((cell, index) => requireRangeCounts(file, results.tool.version, cell, index));
    return results;
  }
  return { ...results, cells: results.cells.map(cellWithoutRangeCounts) };
}

function requireRangeCounts(file: string, version: string, cell: CellResult, index: number): void {
  const missing = [
    ...(['belowRange', 'aboveRange'] as const).filter((field) => cell.raw[field] === undefined).map((field) => `raw.${field}`),
    ...Object.entries(cell.metrics).flatMap(([name, { histogram }]) =>
      (['below', 'above'] as const).filter((field) => histogram[field] === undefined).map((field) => `metrics.${name}.histogram.${field}`),
    ),
  ];
  if (missing.length > 0) throw new InputError(`${file}: field cells[${index}].${missing[0]}: missing (playsim ${version} writes it)`);
}

function cellWithoutRangeCounts(cell: CellResult): CellResult {
  const none = cell.raw.metricCounts.map(() => 0);
  const metrics = Object.entries(cell.metrics).map(([name, metric]) => [name, { ...metric, histogram: { ...metric.histogram, below: 0, above: 0 } }]);
  return { ...cell, metrics: Object.fromEntries(metrics), raw: { ...cell.raw, belowRange: none, aboveRange: none } };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
