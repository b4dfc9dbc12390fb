import { workerData } from 'node:worker_threads';
import { TaskRunner, type RunSetup, type Task, type TaskResult } from './task.ts';

/** The piscina worker: builds every cell's engine and strategy once, then plays tasks. */
const runner = await TaskRunner.create(workerData as RunSetup);

export default function playTask(task: Task): TaskResult {
  return runner.run(task);
}
