// Builds dist/devnet-genesis.sqlite: the database of a fresh devnet on the default settings (20
// chains, genesis applied), which the executable carries (src/server/devnet/genesis-image.ts).
import { writeFileSync } from 'node:fs';
import { openSqlite } from '../src/db/sqlite.ts';
import { DEVNET_DEFAULTS } from '../src/server/devnet/config.ts';
import { Devnet } from '../src/server/devnet/network.ts';

const conn = openSqlite(':memory:', []);
new Devnet(conn, DEVNET_DEFAULTS);
writeFileSync('dist/devnet-genesis.sqlite', conn.serialize());
conn.close();
