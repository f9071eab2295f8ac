/// `-s/--serve CONFIG`: read the config, start the node, run until SIGINT or SIGTERM. A bad
/// config prints Pact's config usage, then one line naming the file and the field, and exits 1.
/// `--serve --devnet` (no config needed) starts a Kadena development network on port 8080.
import { openSqlite } from '../db/sqlite.ts';
import { CONFIG_USAGE, ConfigError, DEFAULTS, loadConfig } from '../server/config.ts';
import type { ServerConfig } from '../server/config.ts';
import { DEVNET_DEFAULTS } from '../server/devnet/config.ts';
import { startServer, StartError, stopOnSignals } from '../server/server.ts';
import type { NodeDeps } from '../server/server.ts';

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
    const running = await startServer(config, await nodeDeps(config));
    stopOnSignals(running);
    return await running.stopped;
  } catch (e) {
    if (!(e instanceof StartError)) throw e;
    process.stderr.write(`pact: ${e.message}\n`);
    return 1;
  }
}

/// The service the config asks for. The interpreter loads only once the config is known to be good.
async function nodeDeps(config: ServerConfig): Promise<NodeDeps> {
  if (config.devnet === null) {
    const { createPactService } = await import('../server/pact-service.ts');
    return { open: openSqlite, createService: createPactService };
  }
  const { devnetDeps } = await import('../server/devnet/start.ts');
  return devnetDeps(config.devnet, config);
}
