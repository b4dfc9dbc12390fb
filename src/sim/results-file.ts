import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { RESULTS_SCHEMA, RESULTS_SCHEMA_VERSION, type ResultsFile } from './results.ts';
import { describeZodIssue } from './zod-errors.ts';

/** Reading a results.json a user hands in (to `playsim merge` or `playsim diff`): every field those commands use is checked. */

const numbers = z.array(z.number());
const rate = z.object({ rate: z.number(), lo: z.number(), hi: z.number() });
const mean = z.object({ mean: z.number(), lo: z.number(), hi: z.number(), sd: z.number(), n: z.number() });
const resultsFileSchema = z
  .object({
    schema: z.literal(RESULTS_SCHEMA),
    schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
    tool: z.object({ version: z.string() }).loose(),
    experiment: z.object({ name: z.string(), title: z.string(), game: z.string(), varied: z.array(z.string()) }).loose(),
    seed: z.number(),
    content: z.object({ file: z.string() }).loose(),
    winOutcome: z.string(),
    shard: z.object({ index: z.number().int(), count: z.number().int() }).nullable(),
    cells: z.array(
      z
        .object({
          params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
          strategy: z.string(),
          games: z.number().int(),
          win: rate,
          outcomes: z.record(z.string(), rate),
          metrics: z.record(z.string(), mean.loose()),
          complete: z.boolean(),
          raw: z.object({
            games: z.number(),
            outcomeCounts: numbers,
            metricCounts: numbers,
            metricSums: numbers,
            metricSumSquares: numbers,
            histograms: z.array(numbers),
          }),
        })
        .loose(),
    ),
    comparisons: z.array(
      z.object({ a: z.number(), b: z.number(), varied: z.string(), games: z.number(), bothWon: z.number(), onlyAWon: z.number(), onlyBWon: z.number() }).loose(),
    ),
  })
  .loose();

/** The results of a run: a results.json, or a report folder holding one. */
export function readResultsFile(path: string): ResultsFile {
  const file = isFolder(path) ? join(path, 'results.json') : path;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`${file}: cannot read results file: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = resultsFileSchema.safeParse(json);
  if (!parsed.success) throw new InputError(`${file}: ${describeZodIssue(parsed.error.issues[0])}`);
  return json as ResultsFile;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
