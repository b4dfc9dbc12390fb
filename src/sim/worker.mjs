// The piscina worker entry. Node 20 does not pass ESM loaders to worker threads (nodejs/node#47747), so each
// worker registers tsx itself before loading the TypeScript task runner.
import { register } from 'tsx/esm/api';

register();
const { default: playTask } = await import('./worker.ts');

export default playTask;
