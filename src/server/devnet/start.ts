/// What a node needs to run a devnet: its service, its HTTP API, and the lines it prints when
/// ready (the funded accounts and their keys).
import type { DatabaseSync } from 'node:sqlite';
import { openSqlite } from '../../db/sqlite.ts';
import { StartError } from '../server.ts';
import type { NodeDeps } from '../server.ts';
import type { ServerConfig } from '../config.ts';
import { DEVNET_KEYS, GRANTS } from './accounts.ts';
import type { DevnetConfig } from './config.ts';
import { GenesisError } from './genesis.ts';
import { Devnet } from './network.ts';
import { devnetRoutes } from './routes.ts';
import { DevnetService } from './service.ts';

export function devnetDeps(devnet: DevnetConfig, config: ServerConfig): NodeDeps {
  let service: DevnetService | null = null;
  return {
    open: openSqlite,
    createService: (conn: DatabaseSync) => {
      try {
        service = new DevnetService(new Devnet(conn, devnet));
      } catch (e) {
        if (e instanceof GenesisError) throw new StartError(e.message);
        throw e;
      }
      return service;
    },
    api: (app, node) => devnetRoutes(app, node, service!.devnet, config),
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
