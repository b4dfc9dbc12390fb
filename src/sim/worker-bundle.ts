import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { WORKER_BUNDLE_PREFIX } from '../core/user-module.ts';

/**
 * The worker code, bundled into one plain JavaScript file before a run. Worker threads then load it without a
 * TypeScript loader: Node 20 does not pass loaders to workers, and registering tsx in each worker costs a
 * loader thread and about 25 MB per worker.
 */
export interface WorkerBundle {
  /** URL of the bundled worker module. */
  readonly url: string;
  dispose(): void;
}

const WORKER_SOURCE = fileURLToPath(new URL('./worker.ts', import.meta.url));

export async function bundleWorker(): Promise<WorkerBundle> {
  const dir = mkdtempSync(join(tmpdir(), WORKER_BUNDLE_PREFIX));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // A second Ctrl-C quits with process.exit, past the run's own clean-up.
  process.once('exit', remove);
  const dispose = () => {
    process.off('exit', remove);
    remove();
  };
  const outfile = join(dir, 'worker.mjs');
  try {
    await build({
      entryPoints: [WORKER_SOURCE],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      // Bundled CommonJS dependencies (seedrandom) call require; give them Node's.
      banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
    });
  } catch (error) {
    dispose();
    throw error;
  }
  return { url: pathToFileURL(outfile).href, dispose };
}
