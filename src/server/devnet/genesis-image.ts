/// The devnet's genesis, prebuilt: `make` runs chainweb's default devnet genesis once
/// (scripts/devnet-genesis.ts) and the executable carries the resulting SQLite database, so a
/// devnet on the default settings starts from a copy of it instead of running 20 chains' genesis
/// (what makes a cold start take well under a second).
import type { DevnetConfig } from './config.ts';
import { DEVNET_DEFAULTS } from './config.ts';

/// The executable's asset holding the image, zstd-compressed (sea-config.json).
export const GENESIS_ASSET = 'devnet-genesis.sqlite.zst';

/// The prebuilt genesis database for `config`, when the executable has one that fits it (the
/// default network, chains and contracts); null otherwise (then genesis runs).
export function genesisImage(config: DevnetConfig): Uint8Array | null {
  const d = DEVNET_DEFAULTS;
  if (config.networkId !== d.networkId || config.graph.chains.length !== d.graph.chains.length || config.genesis !== null) return null;
  const sea = process.getBuiltinModule('node:sea');
  if (!sea.isSea()) return null;
  try {
    // node:zlib is loaded here only: a restart has no use for it.
    return new Uint8Array(process.getBuiltinModule('node:zlib').zstdDecompressSync(sea.getRawAsset(GENESIS_ASSET)));
  } catch {
    return null;
  }
}
