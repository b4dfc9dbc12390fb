import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleWorker } from '../../src/sim/worker-bundle.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

vi.mock('esbuild', async (importOriginal) => {
  const original = await importOriginal<typeof import('esbuild')>();
  return { ...original, build: vi.fn(original.build) };
});

describe('the workers’ bundle', () => {
  let temp: string;
  const systemTemp = process.env.TMPDIR;

  beforeEach(() => {
    temp = tempDir('bundle-test-');
    process.env.TMPDIR = temp;
  });

  afterEach(() => {
    if (systemTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTemp;
  });

  it('is written to a folder of its own in the temporary folder, removed on dispose, with its exit hook', async () => {
    const exitHooks = process.listenerCount('exit');
    const bundle = await bundleWorker();
    const file = fileURLToPath(bundle.url);
    expect(file.startsWith(temp)).toBe(true);
    expect(existsSync(file)).toBe(true);
    expect(process.listenerCount('exit')).toBe(exitHooks + 1);
    bundle.dispose();
    expect(readdirSync(temp)).toEqual([]);
    expect(process.listenerCount('exit')).toBe(exitHooks);
  });

  it('leaves no folder and no exit hook behind when its build fails, and says why', async () => {
    const exitHooks = process.listenerCount('exit');
    vi.mocked(esbuild.build).mockRejectedValueOnce(new Error('Build failed with 1 error'));
    await expect(bundleWorker()).rejects.toThrow('Build failed with 1 error');
    expect(readdirSync(temp)).toEqual([]);
    expect(process.listenerCount('exit')).toBe(exitHooks);
  });
});
