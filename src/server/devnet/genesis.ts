/// The genesis transactions of a devnet chain, in chainweb's order: the fungible interfaces, the
/// coin contract and the gas-payer interface, the namespace policy and its namespaces, chain 0's
/// keysets and allocations, the grants, and the `util` namespace with its guards module (which
/// Kadena's devnet image deploys right after genesis). `genesis: DIR` takes the contracts from a
/// copy of chainweb's `pact/` directory instead of ours.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonObject } from '../../values/json.ts';
import type { Json } from '../../values/json.ts';
import { ADMIN_KEY, ALLOCATIONS, GRANTS } from './accounts.ts';
import type { KeysetSpec } from './accounts.ts';
import { COIN } from './contracts/coin.ts';
import { FUNGIBLE_V1, FUNGIBLE_V2, FUNGIBLE_XCHAIN_V1, GAS_PAYER_V1 } from './contracts/interfaces.ts';
import { NS_INSTALL, UTIL_GUARDS, UTIL_NS } from './contracts/namespaces.ts';

/// One genesis transaction: code, its message data, and the keys that sign it.
export interface GenesisTx {
  readonly nonce: string;
  readonly code: string;
  readonly data: Json;
  readonly signers: readonly string[];
}

/// The contracts genesis installs, by what they are.
interface Contracts {
  readonly fungibleV1: string;
  readonly fungibleXChainV1: string;
  readonly fungibleV2: string;
  readonly coin: string;
  readonly gasPayer: string;
  readonly ns: string;
  readonly utilNs: string;
  readonly utilGuards: string;
}

const OURS: Contracts = {
  fungibleV1: FUNGIBLE_V1, fungibleXChainV1: FUNGIBLE_XCHAIN_V1, fungibleV2: FUNGIBLE_V2, coin: COIN,
  gasPayer: GAS_PAYER_V1, ns: NS_INSTALL, utilNs: UTIL_NS, utilGuards: UTIL_GUARDS,
};

/// Where each contract sits in chainweb's `pact/` directory.
const CHAINWEB_PATHS: Record<keyof Contracts, string> = {
  fungibleV1: 'coin-contract/v1/fungible-v1.pact',
  fungibleXChainV1: 'coin-contract/v4/fungible-xchain-v1.pact',
  fungibleV2: 'coin-contract/v2/fungible-v2.pact',
  coin: 'coin-contract/coin-install.pact',
  gasPayer: 'gas-payer/gas-payer-v1.pact',
  ns: 'namespaces/ns-install.pact',
  utilNs: 'util/util-ns.pact',
  utilGuards: 'util/guards.pact',
};

/// A contract file of `genesis: DIR` that cannot be read.
export class GenesisError extends Error {
  override name = 'GenesisError';
}

/// The contracts of `dir` (a copy of chainweb's `pact/` directory), or ours.
export function genesisContracts(dir: string | null): Contracts {
  if (dir === null) return OURS;
  const read = (path: string): string => {
    try {
      return readFileSync(join(dir, path), 'utf8');
    } catch (e) {
      throw new GenesisError(`genesis: cannot read ${join(dir, path)}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return Object.fromEntries(Object.entries(CHAINWEB_PATHS).map(([k, p]) => [k, read(p)])) as unknown as Contracts;
}

/// The genesis transactions of one chain.
export function genesisTxs(contracts: Contracts, chainId: string): GenesisTx[] {
  const first = chainId === '0';
  const tx = (nonce: string, code: string, data: Json = null, signers: readonly string[] = []): GenesisTx =>
    ({ nonce, code, data, signers });
  const txs = [
    tx('fungible-v1', contracts.fungibleV1),
    tx('fungible-xchain-v1', contracts.fungibleXChainV1),
    tx('fungible-v2', contracts.fungibleV2),
    tx('coin', contracts.coin),
    tx('gas-payer-v1', contracts.gasPayer),
    tx('namespaces', contracts.ns, object([
      ['ns-admin-keyset', keysetJson({ keys: [ADMIN_KEY], pred: 'keys-all' })],
      ['ns-operate-keyset', keysetJson({ keys: [ADMIN_KEY], pred: 'keys-all' })],
      ['ns-genesis-keyset', keysetJson({ keys: [], pred: '=' })],
    ])),
  ];
  if (first) {
    txs.push(tx('keysets', ALLOCATIONS.map((a) => `(define-keyset "${a.account}" (read-keyset "${a.account}"))`).join('\n'),
      object(ALLOCATIONS.map((a) => [a.account, keysetJson(a.keyset)]))));
    txs.push(tx('allocations', ALLOCATIONS.map((a) =>
      `(coin.create-allocation-account "${a.account}" (time "${a.date}") "${a.account}" ${a.amount})`).join('\n')));
  }
  const grants = GRANTS.map((g) => `(coin.coinbase "${g.account}" (read-keyset "${g.account}") ${g.amount})`);
  if (first) {
    for (const a of ALLOCATIONS) if (a.gasFund !== null) grants.push(`(coin.coinbase "${a.account}" (keyset-ref-guard "${a.account}") ${a.gasFund})`);
  }
  txs.push(tx('grants', grants.join('\n'), object(GRANTS.map((g) => [g.account, keysetJson(g.keyset)]))));
  const admin = keysetJson({ keys: [ADMIN_KEY], pred: 'keys-all' });
  txs.push(tx('util-ns', contracts.utilNs, object([['util-ns-users', admin], ['util-ns-admin', admin]]), [ADMIN_KEY]));
  txs.push(tx('util-guards', contracts.utilGuards, null, [ADMIN_KEY]));
  return txs;
}

function object(entries: Array<[string, Json]>): JsonObject {
  return new JsonObject(entries);
}

export function keysetJson(k: KeysetSpec): JsonObject {
  return new JsonObject([['keys', [...k.keys]], ['pred', k.pred]]);
}
