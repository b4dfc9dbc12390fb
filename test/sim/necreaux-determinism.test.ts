import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeExperiment } from '../../src/sim/execute.ts';
import { experimentSchema } from '../../src/sim/experiment.ts';
import { mergeShards } from '../../src/sim/merge.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

/** The platform's reproducibility promises, checked on the real Necreaux engine rather than a test game. */
const file = experimentSchema.parse({
  name: 'necreaux-determinism',
  title: 'determinism',
  game: 'necreaux',
  grid: { agents: [1, 3], level: ['7'] },
  strategies: ['adaptive', 'random'],
  games: 2500,
  seed: 99,
});

describe('Necreaux results', () => {
  it('are identical for 1 and 2 workers and for 3 shards merged', async () => {
    const one = await executeExperiment({ file, sourcePath: 'test', workers: 1, shard: null, keepGameWins: true });
    const two = await executeExperiment({ file, sourcePath: 'test', workers: 2, shard: null, keepGameWins: true });
    expect(two.results).toEqual(one.results);
    const dir = tempDir('playsim-necreaux-');
    const paths: string[] = [];
    for (let index = 0; index < 3; index++) {
      const { results } = await executeExperiment({ file, sourcePath: 'test', workers: 2, shard: { index, count: 3 }, keepGameWins: true });
      paths.push(join(dir, `${index}.json`));
      writeFileSync(paths[index], JSON.stringify(results));
    }
    expect(await mergeShards(paths)).toEqual(one.results);
  });
});
