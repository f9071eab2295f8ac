/// A node with the stub Pact service on a real socket, for the process tests:
/// `node test/server/stub-node.ts CONFIG`. Prints the node's first line, runs until a signal.
/// On the node's executor thread (`stubThread` starts this file there) it runs the executor
/// with the stub service.
import { isMainThread } from 'node:worker_threads';
import { loadConfig } from '../../src/server/config.ts';
import { runExecutorWorker } from '../../src/server/executor-worker.ts';
import { startServer } from '../../src/server/server.ts';
import { StubService, stubThread } from './stub.ts';

const file = process.argv[2];
if (!isMainThread) runExecutorWorker((conn) => new StubService(conn));
else if (file !== undefined) {
  process.exitCode = await (await startServer(loadConfig(file), { startExecutor: stubThread, stopOnSignals: true })).stopped;
}
