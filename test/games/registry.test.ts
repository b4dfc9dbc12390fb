import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_IDS, loadGame } from '../../src/games/registry.ts';
import { settingDefaultProblem } from '../../src/sim/settings.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

const COIN = resolve('test/fixtures/games/coin.ts');

/** A game module of one's own: the coin game with these members replaced. */
function coinWith(members: object): string {
  const file = join(tempDir('playsim-registry-'), 'game.ts');
  writeFileSync(file, `import coin from ${JSON.stringify(COIN)};\nexport default { ...coin, ...${JSON.stringify(members)} };\n`);
  return file;
}

function coinWithMetrics(metrics: object[]): string {
  return coinWith({ metrics });
}

const TARGET = { name: 'target', kind: 'int', min: 2, max: 12, default: 7, description: 'a roll must beat this' };

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

  it('is refused in one line when its win is not one of its outcomes, or its default strategy not one of its strategies', async () => {
    await expect(loadGame(coinWith({ winOutcome: 'victory' }))).rejects.toThrow(/field winOutcome: "victory" is not one of outcomes \(won, lost\); expected a game module/);
    await expect(loadGame(coinWith({ winOutcome: 'any', winningOutcomes: ['won', 'draw'] }))).rejects.toThrow(/field winningOutcomes: "draw" is not one of outcomes/);
    await expect(loadGame(coinWith({ winOutcome: 'any', winningOutcomes: ['won'] }))).resolves.toBeDefined();
    await expect(loadGame(coinWith({ defaultStrategy: 'bravo' }))).rejects.toThrow(/field defaultStrategy: "bravo" is not one of strategies \(always\)/);
  });

  it('is refused in one line when a setting is malformed or its default is one its own values refuse', async () => {
    const refused = async (setting: object, problem: RegExp) => expect(loadGame(coinWith({ settings: [setting] }))).rejects.toThrow(problem);
    await expect(loadGame(coinWith({ settings: [TARGET] }))).resolves.toBeDefined();
    await refused({ ...TARGET, default: 50 }, /field settings\[0\] \(target\)\.default: 50 is not allowed \(allowed: an integer from 2 to 12\)/);
    await refused({ ...TARGET, default: undefined }, /\.default: missing \(allowed: an integer from 2 to 12\)/);
    await refused({ ...TARGET, min: 'two' }, /field settings\[0\] \(target\)\.min: /);
    await refused({ name: 'mode', kind: 'enum', default: 'a', description: 'd' }, /field settings\[0\] \(mode\)\.values: /);
    await refused({ name: 'mode', kind: 'enum', values: ['a', 'b'], default: 'c', description: 'd' }, /\.default: "c" is not allowed \(allowed: a, b\)/);
    await refused({ name: 'team', kind: 'subset', values: ['a', 'b', 'c'], size: 2, default: 'b,a', description: 'd' }, /\.default: "b,a" must be written "a,b"/);
    await refused({ name: 'fast', kind: 'bool', default: 'yes', description: 'd' }, /\.default: "yes" is not allowed \(allowed: true, false\)/);
    await refused({ name: 'speed', kind: 'float', default: 1, description: 'd' }, /field settings\[0\] \(speed\)\.kind: /);
    await refused({ ...TARGET, min: 12, max: 2 }, /field settings\[0\] \(target\): min must not exceed max/);
    await refused({ name: 'mode', kind: 'enum', values: ['a'], spell: 'x', default: 'a', description: 'd' }, /field settings\[0\] \(mode\)\.spell: /);
  });

  it('refuses in one line an enum setting whose own spell throws on its default', async () => {
    const file = join(tempDir('playsim-registry-'), 'game.ts');
    const spell = "(text) => { throw new Error('no ' + text); }";
    writeFileSync(file, `import coin from ${JSON.stringify(COIN)};\nexport default { ...coin, settings: [{ name: 'mode', kind: 'enum', values: ['a'], default: 'a', description: 'd', spell: ${spell} }] };\n`);
    await expect(loadGame(file)).rejects.toThrow(/field settings\[0\] \(mode\)\.default: spell threw on it: no a; expected a game module/);
  });

  it('is held to what the shipped games are', async () => {
    for (const id of GAME_IDS) {
      const game = await loadGame(id);
      for (const setting of game.settings) expect(settingDefaultProblem(setting), `${id} ${setting.name}`).toBeNull();
      for (const metric of game.metrics) {
        expect(metric.min, `${id} ${metric.name}`).toBeLessThanOrEqual(metric.max);
        expect(Number.isInteger(metric.binWidth ?? 1) && (metric.binWidth ?? 1) > 0, `${id} ${metric.name}`).toBe(true);
        if (metric.rateOf !== undefined) expect([metric.min, metric.max], `${id} ${metric.name}`).toEqual([0, metric.rateOf]);
      }
    }
  });
});
