/// What a node needs to run a devnet: its service, its HTTP API, and the lines it prints when
/// ready (the funded accounts and their keys).
import { existsSync, writeFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { openSqlite } from '../../db/sqlite.ts';
import { StartError } from '../server.ts';
import type { NodeDeps } from '../server.ts';
import type { ServerConfig } from '../config.ts';
import { DEVNET_KEYS, GRANTS } from './accounts.ts';
import type { DevnetConfig } from './config.ts';
import { GenesisError } from './genesis.ts';
import { genesisImage } from './genesis-image.ts';
import { Devnet } from './network.ts';
import { devnetRoutes } from './routes.ts';
import { DevnetService } from './service.ts';
import { DevnetView } from './view.ts';

export function devnetDeps(devnet: DevnetConfig, config: ServerConfig): NodeDeps {
  return {
    open: (path, pragmas) => openWithGenesis(path, pragmas, genesisImage(devnet)),
    createService: (conn: DatabaseSync) => {
      try {
        return new DevnetService(new Devnet(conn, devnet), conn);
      } catch (e) {
        if (e instanceof GenesisError) throw new StartError(e.message);
        throw e;
      }
    },
    api: (app, node) => devnetRoutes(app, node, new DevnetView(node.conn, devnet), config),
    banner: () => fundedAccounts(devnet),
  };
}

/// Opens the node's database; a new one starts as a copy of the prebuilt genesis, if any.
function openWithGenesis(path: string, pragmas: readonly string[], image: Uint8Array | null): DatabaseSync {
  if (image !== null && path !== ':memory:' && !existsSync(path)) writeFileSync(path, image);
  const conn = openSqlite(path, pragmas);
  if (image !== null && path === ':memory:') conn.deserialize(image);
  return conn;
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
