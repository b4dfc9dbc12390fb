import { workerData } from 'node:worker_threads';
import { startFailure, TaskRunner, type RunSetup, type Task, type TaskResult } from './task.ts';

/**
 * The piscina worker: builds every cell's engine and strategy once, then plays tasks. A worker that cannot build them
 * answers every task with that failure, which the run reports in one line, instead of the pool dying with a stack.
 */
const built = await TaskRunner.create(workerData as RunSetup).then(
  (runner) => ({ runner, failed: null }),
  (error: unknown) => ({ runner: null, failed: startFailure(error) }),
);

export default function playTask(task: Task): TaskResult {
  return built.runner === null ? built.failed : built.runner.run(task);
}
