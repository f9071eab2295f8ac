/// Hash natives of Pact's "Hashes" section: `hash-keccak256` (Keccak-256 over base64url chunks)
/// and Poseidon over the BN254 scalar field (`hash-poseidon`, `poseidon-hash-hack-a-chain`).
import { keccak_256 } from '@noble/hashes/sha3.js';
import { Field } from '@noble/curves/abstract/modular.js';
import { grainGenConstants, poseidon } from '@noble/curves/abstract/poseidon.js';
import type { PoseidonFn } from '@noble/curves/abstract/poseidon.js';
import { base64UrlDecodeVerbose, base64UrlEncode } from '../values/base64.ts';
import { PList } from '../values/value.ts';
import { evalError } from '../lang/errors.ts';
import { badArgs } from '../lang/eval.ts';
import { utf8Length } from '../values/text.ts';
import { natives } from './registry.ts';
import type { Native, StrictFn } from './registry.ts';

const hashKeccak256: StrictFn = (ctx, args, app, self) => {
  const [list] = args;
  if (args.length !== 1 || !(list instanceof PList)) throw badArgs(self, args, app.info);
  // Every element is checked to be a string before any is decoded.
  if (!list.items.every((s) => typeof s === 'string')) throw badArgs(self, args, app.info);
  if (ctx.gas.active) {
    ctx.gas.charge(self.name, { kind: 'GKeccak256', chunkBytes: (list.items as string[]).map(utf8Length) }, app.info);
  }
  const h = keccak256Chunks(list.items as readonly string[]);
  if (h.error !== undefined) throw evalError(app.info, h.error);
  return h.hash;
};

/// Keccak-256 of the bytes of base64url chunks, in unpadded base64url (or why a chunk does not
/// decode).
export function keccak256Chunks(chunks: readonly string[]): { hash: string; error?: undefined } | { hash?: undefined; error: string } {
  const h = keccak_256.create();
  for (const chunk of chunks) {
    const bytes = base64UrlDecodeVerbose(chunk);
    if (typeof bytes === 'string') return { error: `Base64URL decode failed: ${bytes}` };
    h.update(bytes);
  }
  return { hash: base64UrlEncode(h.digest()) };
}

/// The BN254 scalar field, Poseidon's field in circom and in Pact.
const FR = Field(21888242871839275222246405745257275088548364400416034343698204186575808495617n);
/// Partial rounds for 1..8 inputs (8 full rounds each), as circomlib chose them.
const PARTIAL_ROUNDS = [56, 57, 56, 60, 60, 63, 64, 63] as const;
const poseidonByArity: (PoseidonFn | undefined)[] = [];

/// circomlib's Poseidon for `inputs` elements (state width inputs + 1, x^5 S-box). Its round
/// constants and MDS matrices are the Grain LFSR ones of the Poseidon paper, which noble derives
/// (checked against every constant Pact embeds); derived once per arity, on first use.
function poseidonFor(inputs: number): PoseidonFn {
  let fn = poseidonByArity[inputs];
  if (fn === undefined) {
    const opts = { Fp: FR, t: inputs + 1, roundsFull: 8, roundsPartial: PARTIAL_ROUNDS[inputs - 1]!, sboxPower: 5 };
    fn = poseidon({ ...opts, ...grainGenConstants(opts) });
    poseidonByArity[inputs] = fn;
  }
  return fn;
}

/// 1 to 8 integers, each taken modulo the field order (negative ones too, as Haskell's `mod`).
const hashPoseidon: StrictFn = (ctx, args, app, self) => {
  if (args.length === 0 || args.length > 8 || !args.every((a) => typeof a === 'bigint')) {
    throw badArgs(self, args, app.info);
  }
  if (ctx.gas.active) ctx.gas.charge(self.name, { kind: 'GPoseidonHashHackAChain', inputs: args.length }, app.info);
  const state = [0n, ...(args as bigint[]).map((a) => FR.create(a))];
  return poseidonFor(args.length)(state)[0]!;
};

export const hashingNatives: Native[] = natives({
  'hash-keccak256': { fn: hashKeccak256 },
  'hash-poseidon': { fn: hashPoseidon },
  'poseidon-hash-hack-a-chain': { fn: hashPoseidon },
});
