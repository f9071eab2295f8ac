/// A node's executor thread (`--serve` starts it: serve.ts): the executor, with the Pact service
/// or a devnet's. A module of its own so that the thread loads the interpreter and the database
/// only, not the node's HTTP edge (h3, and the fetch classes it builds on, cost the thread more
/// than a third of its start).
import { workerData } from 'node:worker_threads';
import type { ExecutorSetup } from '../server/executor-thread.ts';

export async function runExecutor(): Promise<void> {
  const { runExecutorWorker } = await import('../server/executor-worker.ts');
  if ((workerData as ExecutorSetup).config.devnet === null) {
    runExecutorWorker((await import('../server/pact-service.ts')).createPactService);
  } else {
    runExecutorWorker((await import('../server/devnet/service.ts')).createDevnetService);
  }
}
