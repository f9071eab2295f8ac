/// The executor thread's side (the node's side is executor-thread.ts): its own connection to the
/// node's database, which it alone writes, the Pact service over it, and the executor, running
/// what the node's thread sends, in order.
import type { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from '../db/sqlite.ts';
import type { ServerConfig } from './config.ts';
import type { ExecutorSetup, FromExecutor, ToExecutor } from './executor-thread.ts';
import { HistoryStore } from './history.ts';
import { Executor } from './queue.ts';
import type { CommandService } from './service.ts';

/// How long a group of commands may stay open while work keeps coming (see queue.ts): the
/// connection is this thread's own, so nothing else writes through it between two slices.
const GROUP_MS = 25;

/// The Pact service the executor runs commands with, over its connection.
export type CreateService = (conn: DatabaseSync, config: ServerConfig) => CommandService;

/// Runs the executor on this thread (a worker started by `ExecutorThread`) until told to stop.
export function runExecutorWorker(createService: CreateService): void {
  const setup = workerData as ExecutorSetup;
  const port = parentPort!;
  // What happens in one run of the executor goes in one message.
  let outbox: FromExecutor[] = [];
  const post = (m: FromExecutor): void => {
    if (outbox.length === 0) {
      queueMicrotask(() => {
        port.postMessage(outbox);
        outbox = [];
      });
    }
    outbox.push(m);
  };
  const conn = openSqlite(setup.dbPath, setup.pragmas);
  const service = createService(conn, setup.config);
  const progress = new Int32Array(setup.progress);
  const executor = new Executor({
    conn, history: new HistoryStore(conn), service, groupMs: GROUP_MS,
    log: { verbose: setup.config.verbose, debug: (message) => post({ log: message }) },
    onBatchDone: (batch) => post({ done: batch[0]!.batch }),
    onFatal: (e) => post({ fatal: e instanceof Error ? e.message : String(e) }),
    onCommand: (running) => {
      if (running) Atomics.add(progress, 0, 1);
      Atomics.store(progress, 1, running ? 1 : 0);
    },
  });
  const stop = async (): Promise<void> => {
    await executor.stop();
    await service.close?.();
    conn.close();
    process.exit(0);
  };
  port.on('message', (messages: ToExecutor[]) => {
    for (const m of messages) {
      if ('batch' in m) executor.enqueueBatch(m.batch);
      else if ('local' in m) {
        const { id, command, options, failure } = m.local;
        void executor.local(command, options, failure).then((result) => post({ local: id, result }));
      } else void stop();
    }
  });
}
