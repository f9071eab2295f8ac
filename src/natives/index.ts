/// The native table: every category's natives in one map by name, less those that execution
/// flags of the form `DisablePactXX` remove (they were introduced by that Pact version).
import { capabilityNatives } from './capabilities.ts';
import { commitmentNatives } from './commitments.ts';
import { databaseNatives } from './database.ts';
import { generalNatives } from './general.ts';
import { hashingNatives } from './hashing.ts';
import { hyperlaneNatives } from './hyperlane.ts';
import { keysetNatives } from './keysets.ts';
import { listNatives } from './lists.ts';
import { namespaceNatives } from './namespaces.ts';
import { operatorNatives } from './operators.ts';
import { principalNatives } from './principals.ts';
import { spvNatives } from './spv.ts';
import { pactNatives } from './pacts.ts';
import { timeNatives } from './time.ts';
import type { Native } from './registry.ts';
import { zkNatives } from './zk.ts';

export const allNatives: readonly Native[] = [...generalNatives, ...operatorNatives, ...listNatives, ...keysetNatives,
  ...timeNatives, ...capabilityNatives, ...databaseNatives, ...pactNatives, ...namespaceNatives, ...principalNatives, ...spvNatives, ...hashingNatives, ...zkNatives, ...hyperlaneNatives, ...commitmentNatives];

/// The natives each version flag removes.
const INTRODUCED: Readonly<Record<string, readonly string[]>> = {
  DisablePact40: ['enumerate', 'distinct', 'emit-event', 'concat', 'str-to-list'],
  DisablePact42: ['zip', 'fold-db'],
  DisablePact43: ['create-principal', 'validate-principal', 'continue'],
  DisablePact431: ['is-principal', 'typeof-principal'],
  DisablePact46: ['point-add', 'scalar-mult', 'pairing-check'],
  DisablePact47: ['dec'],
  DisablePact410: ['poseidon-hash-hack-a-chain'],
  DisablePact411: ['enforce-verifier', 'hyperlane-message-id', 'hyperlane-decode-token-message'],
  DisablePact412: ['hash-keccak256', 'hash-poseidon'],
  DisablePact413: ['hyperlane-encode-token-message'],
};

export function nativeTable(list: readonly Native[] = allNatives, flags: ReadonlySet<string> = new Set()): Map<string, Native> {
  const table = new Map(list.map((n) => [n.name, n]));
  for (const flag of flags) for (const name of INTRODUCED[flag] ?? []) table.delete(name);
  return table;
}
