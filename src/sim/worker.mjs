// The piscina worker entry: loads the bundled task runner (see worker-bundle.ts). A game or strategy given as the
// path of a user's TypeScript module needs a TypeScript loader in the worker too; only then is tsx registered.
import { workerData } from 'node:worker_threads';

if (workerData.needsTypeScript) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { default: playTask } = await import(workerData.bundleUrl);

export default playTask;
