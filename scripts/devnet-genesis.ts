// Builds dist/devnet-genesis.sqlite.zst: the database of a fresh devnet on the default settings (20
// chains, genesis applied), which the executable carries (src/server/devnet/genesis-image.ts),
// compressed with zstd (5 MB of mostly empty pages become 70 KB: the executable stays in its
// size budget).
import { writeFileSync } from 'node:fs';
import { constants, zstdCompressSync } from 'node:zlib';
import { openSqlite } from '../src/db/sqlite.ts';
import { DEVNET_DEFAULTS } from '../src/server/devnet/config.ts';
import { Devnet } from '../src/server/devnet/network.ts';

const conn = openSqlite(':memory:', []);
new Devnet(conn, DEVNET_DEFAULTS);
const image = zstdCompressSync(conn.serialize(), { params: { [constants.ZSTD_c_compressionLevel]: 19 } });
writeFileSync('dist/devnet-genesis.sqlite.zst', image);
conn.close();
