// The piscina worker entry: loads the bundled task runner (see worker-bundle.ts). A game or strategy given as the
// path of a user's module (TypeScript, or JavaScript that may import TypeScript) needs the loader the main thread
// has; only then is tsx registered.
import { workerData } from 'node:worker_threads';

if (workerData.needsTypeScript) {
  // Both hook kinds, as in bin/playsim.mjs: a .ts module outside a "type": "module" package loads as CommonJS.
  const [{ register }, { register: registerCommonJs }] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
  register();
  registerCommonJs();
}
const { default: runTask } = await import(workerData.bundleUrl);

export default runTask;
