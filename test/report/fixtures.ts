import { readFileSync } from 'node:fs';
import type { ResultsFile } from '../../src/sim/results.ts';

/** The results fixtures written by test/fixtures/results/generate.ts. */
export type FixtureName = 'necreaux-speed' | 'necreaux-single';

export function loadResults(name: FixtureName): ResultsFile {
  return JSON.parse(readFileSync(new URL(`../fixtures/results/${name}.json`, import.meta.url), 'utf8')) as ResultsFile;
}

/** A copy of the results whose content has no estimated cards. */
export function withPrintedContentOnly(results: ResultsFile): ResultsFile {
  return { ...results, content: { ...results.content, provenance: { cards: 102, bySource: { printed: 102 } } } };
}
