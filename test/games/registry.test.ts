import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_IDS, loadGame } from '../../src/games/registry.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

const COIN = resolve('test/fixtures/games/coin.ts');

/** A game module of one's own: the coin game with its metrics replaced. */
function coinWithMetrics(metrics: object[]): string {
  const file = join(tempDir('playsim-registry-'), 'game.ts');
  writeFileSync(file, `import coin from ${JSON.stringify(COIN)};\nexport default { ...coin, metrics: ${JSON.stringify(metrics)} };\n`);
  return file;
}

describe('a game of your own', () => {
  it('is refused in one line when a metric could not be counted or shown soundly', async () => {
    const metric = { name: 'best', description: 'best roll', min: 2, max: 12 };
    await expect(loadGame(coinWithMetrics([metric]))).resolves.toBeDefined();
    await expect(loadGame(coinWithMetrics([{ ...metric, binWidth: 0 }]))).rejects.toThrow(/field metrics\[0\] \(best\)\.binWidth: .*expected a game module/);
    await expect(loadGame(coinWithMetrics([{ ...metric, min: 13 }]))).rejects.toThrow(/field metrics\[0\].*min must not exceed max/);
    await expect(loadGame(coinWithMetrics([{ ...metric, rateOf: 12 }]))).rejects.toThrow(/a metric with rateOf c runs from min 0 to max c/);
    await expect(loadGame(coinWithMetrics([{ ...metric, min: 0, rateOf: 12 }]))).resolves.toBeDefined();
    await expect(loadGame(coinWithMetrics([{ ...metric, min: 0, rateOf: 12, binWidth: 5 }]))).rejects.toThrow(/a metric with rateOf c has a binWidth that divides c/);
    await expect(loadGame(coinWithMetrics([{ ...metric, min: 0, rateOf: 12, binWidth: 4 }]))).resolves.toBeDefined();
  });

  it('is held to what the shipped games are', async () => {
    for (const id of GAME_IDS) {
      const game = await loadGame(id);
      for (const metric of game.metrics) {
        expect(metric.min, `${id} ${metric.name}`).toBeLessThanOrEqual(metric.max);
        expect(Number.isInteger(metric.binWidth ?? 1) && (metric.binWidth ?? 1) > 0, `${id} ${metric.name}`).toBe(true);
        if (metric.rateOf !== undefined) expect([metric.min, metric.max], `${id} ${metric.name}`).toEqual([0, metric.rateOf]);
      }
    }
  });
});
