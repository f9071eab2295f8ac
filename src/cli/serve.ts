/// `-s/--serve CONFIG`: read the config, start the node, run until SIGINT or SIGTERM. A bad
/// config prints Pact's config usage, then one line naming the file and the field, and exits 1.
/// `--serve --devnet` (no config needed) starts a Kadena development network on port 8080.
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { CONFIG_USAGE, ConfigError, DEFAULTS, loadConfig } from '../server/config.ts';
import type { ServerConfig } from '../server/config.ts';
import { DEVNET_DEFAULTS } from '../server/devnet/config.ts';
import { deepThread } from '../repl/deep-stack.ts';
import { startServer, StartError } from '../server/server.ts';
import type { NodeDeps } from '../server/server.ts';
import { EXECUTOR_ENV } from './mode.ts';

/// The node `--serve --devnet` runs without a config: chainweb's devnet port, in memory.
const DEVNET_NODE: ServerConfig = {
  ...DEFAULTS, port: 8080, persistDir: null, logDir: null, pragmas: [], verbose: false, entity: null,
  gasLimit: null, gasRate: 0n, execConfig: new Set(), devnet: DEVNET_DEFAULTS,
};

/// Runs a node (a devnet with `devnet`, on `configFile`'s settings if one is given); resolves
/// with the exit code once it has stopped.
export async function serve(configFile: string | null, devnet = false): Promise<number> {
  let config: ServerConfig;
  try {
    config = configFile === null ? DEVNET_NODE : loadConfig(configFile);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stdout.write(CONFIG_USAGE);
    process.stderr.write(`pact: user error (Error loading config file: ${e.message})\n`);
    return 1;
  }
  if (devnet && config.devnet === null) config = { ...config, devnet: DEVNET_DEFAULTS };
  try {
    return await (await startServer(config, await nodeDeps(config))).stopped;
  } catch (e) {
    if (!(e instanceof StartError)) throw e;
    process.stderr.write(`pact: ${e.message}\n`);
    return 1;
  }
}

/// How the node runs: a devnet adds its API, its banner and its prebuilt genesis.
async function nodeDeps(config: ServerConfig): Promise<NodeDeps> {
  const plain: NodeDeps = { startExecutor, stopOnSignals: true };
  if (config.devnet === null) return plain;
  const { devnetEdge } = await import('../server/devnet/start.ts');
  return { ...plain, ...devnetEdge(config.devnet, config) };
}

/// This executable again, on a deep thread, as the node's executor (EXECUTOR_ENV: see main.ts).
function startExecutor(options: WorkerOptions): Worker {
  return deepThread({ ...options, env: { ...process.env, [EXECUTOR_ENV]: '1' } });
}
