import { workerData } from 'node:worker_threads';
import { startFailure, TaskRunner, type RunSetup, type Task, type TaskFailure, type TaskResult } from './task.ts';
import { vetUserStrategies, type VetTask } from './vetting.ts';

/**
 * The piscina worker: builds every cell's engine and strategy once, then plays tasks (or vets users' strategies). A
 * worker that cannot build them answers every task with that failure, which the run reports in one line, instead of
 * the pool dying with a stack.
 */
const built = await TaskRunner.create(workerData as RunSetup).then(
  (runner) => ({ runner, failed: null }),
  (error: unknown) => ({ runner: null, failed: startFailure(error) }),
);

export default function runTask(task: Task | VetTask): TaskResult | TaskFailure | null | Promise<TaskFailure | null> {
  if ('vet' in task) return built.runner === null ? built.failed.failure : vetUserStrategies(built.runner, task.vet);
  return built.runner === null ? built.failed : built.runner.run(task);
}
