/// What a node's thread needs to run a devnet: its HTTP API, the lines it prints when ready (the
/// funded accounts and their keys) and its prebuilt genesis (the executor thread's side is the
/// service, service.ts). The interpreter is not loaded here, and the HTTP API only once the node
/// listens (server.ts).
import { existsSync, writeFileSync } from 'node:fs';
import { StartError } from '../server.ts';
import type { NodeDeps } from '../server.ts';
import type { ServerConfig } from '../config.ts';
import { DEVNET_KEYS, GRANTS } from './accounts.ts';
import type { DevnetConfig } from './config.ts';
import { GenesisError, genesisContracts } from './genesis.ts';
import { genesisImage } from './genesis-image.ts';

/// The node's side of a devnet. A `genesis: DIR` that cannot be read stops it here.
export function devnetEdge(devnet: DevnetConfig, config: ServerConfig): Pick<NodeDeps, 'api' | 'banner' | 'prepareDatabase'> {
  try {
    genesisContracts(devnet.genesis);
  } catch (e) {
    if (e instanceof GenesisError) throw new StartError(e.message);
    throw e;
  }
  return {
    // Decompressed only for a new database: a restart has no use for it.
    prepareDatabase: (path) => {
      if (existsSync(path)) return;
      const image = genesisImage(devnet);
      if (image !== null) writeFileSync(path, image);
    },
    api: async () => {
      const [{ devnetRoutes }, { DevnetView }] = await Promise.all([import('./routes.ts'), import('./view.ts')]);
      return (app, node) => devnetRoutes(app, node, new DevnetView(node.conn, devnet), config);
    },
    banner: () => fundedAccounts(devnet),
  };
}

/// The accounts every chain funds, with their keys (chainweb's published test keys).
function fundedAccounts(devnet: DevnetConfig): string {
  const lines = [`devnet "${devnet.networkId}": ${devnet.graph.chains.length} chains, each funding:`];
  for (const g of GRANTS) {
    const keys = g.keyset.keys.map((k) => {
      const pair = DEVNET_KEYS.find((d) => d.public === k);
      return pair === undefined ? `public ${k}` : `public ${k} secret ${pair.secret}`;
    });
    lines.push(`  ${g.account.padEnd(20)} ${g.amount.padStart(12)} KDA  ${g.keyset.pred}: ${keys.join('; ')}`);
  }
  return lines.join('\n') + '\n';
}
