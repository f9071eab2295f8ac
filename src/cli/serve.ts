/// `-s/--serve CONFIG`: read the config, start the node, run until SIGINT or SIGTERM. A bad
/// config prints Pact's config usage, then one line naming the file and the field, and exits 1.
import { CONFIG_USAGE, ConfigError, loadConfig } from '../server/config.ts';
import type { ServerConfig } from '../server/config.ts';
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { deepThread } from '../repl/deep-stack.ts';
import { startServer, StartError } from '../server/server.ts';
import { EXECUTOR_ENV } from './mode.ts';

/// Runs a node; resolves with the exit code once it has stopped.
export async function serve(configFile: string): Promise<number> {
  let config: ServerConfig;
  try {
    config = loadConfig(configFile);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stdout.write(CONFIG_USAGE);
    process.stderr.write(`pact: user error (Error loading config file: ${e.message})\n`);
    return 1;
  }
  try {
    return await (await startServer(config, { startExecutor, stopOnSignals: true })).stopped;
  } catch (e) {
    if (!(e instanceof StartError)) throw e;
    process.stderr.write(`pact: ${e.message}\n`);
    return 1;
  }
}

/// This executable again, on a deep thread, as the node's executor (EXECUTOR_ENV: see main.ts).
function startExecutor(options: WorkerOptions): Worker {
  return deepThread({ ...options, env: { ...process.env, [EXECUTOR_ENV]: '1' } });
}

/// A node's executor thread: the executor, with the Pact service (the interpreter is loaded
/// here only).
export async function runExecutor(): Promise<void> {
  const [{ runExecutorWorker }, { createPactService }] = await Promise.all([
    import('../server/executor-worker.ts'), import('../server/pact-service.ts'),
  ]);
  runExecutorWorker(createPactService);
}
