/// Hash natives of Pact's "Hashes" section: `hash-keccak256` (Keccak-256 over base64url chunks)
/// and Poseidon over the BN254 scalar field (`hash-poseidon`, `poseidon-hash-hack-a-chain`).
/// Also the base64url decoder with base64-bytestring's error messages, which the crypto natives
/// show when their inputs do not decode.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { Field } from '@noble/curves/abstract/modular.js';
import { grainGenConstants, poseidon } from '@noble/curves/abstract/poseidon.js';
import type { PoseidonFn } from '@noble/curves/abstract/poseidon.js';
import { base64UrlEncode } from '../values/hash.ts';
import { PList } from '../values/value.ts';
import { evalError } from '../lang/errors.ts';
import { badArgs } from '../lang/eval.ts';
import { natives } from './registry.ts';
import type { Native, StrictFn } from './registry.ts';

const UTF8 = new TextEncoder();

/// Digit values of the base64url alphabet by byte; PAD marks `=`, BAD anything else.
const PAD = 0x63;
const BAD = 0xff;
const DIGITS = new Uint8Array(256).fill(BAD);
for (let i = 0; i < 64; i++) {
  DIGITS['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.charCodeAt(i)] = i;
}
DIGITS[0x3d] = PAD;

/// Pact's `decodeBase64UrlUnpadded`: pads the UTF-8 bytes with `=` to a multiple of 4 and runs
/// base64-bytestring 1.2's strict decoder. Returns the bytes, or that library's error message
/// (offsets count bytes of the padded input), e.g. `decodeBase64UrlVerbose('fooey')` is
/// `'invalid padding at offset: 5'`.
export function decodeBase64UrlVerbose(text: string): Uint8Array | string {
  const raw = UTF8.encode(text);
  const len = raw.length + ((4 - (raw.length % 4)) % 4);
  const src = new Uint8Array(len).fill(0x3d);
  src.set(raw);
  const out = new Uint8Array((len / 4) * 3);
  let n = 0;
  for (let i = 0; i < len; i += 4) {
    const a = DIGITS[src[i]!]!;
    const b = DIGITS[src[i + 1]!]!;
    const c = DIGITS[src[i + 2]!]!;
    const d = DIGITS[src[i + 3]!]!;
    const w = (a << 18) | (b << 12) | (c << 6) | d;
    if (i + 4 < len) {
      // Inner chunks: padding is reported before bad characters.
      const pad = [a, b, c, d].indexOf(PAD);
      if (pad >= 0) return `invalid padding at offset: ${i + pad}`;
      const bad = [a, b, c, d].indexOf(BAD);
      if (bad >= 0) return `invalid character at offset: ${i + bad}`;
      out[n++] = w >>> 16;
      out[n++] = (w >>> 8) & 0xff;
      out[n++] = w & 0xff;
      continue;
    }
    if (a === PAD) return `invalid padding at offset: ${i}`;
    if (b === PAD) return `invalid padding at offset: ${i + 1}`;
    if (c === PAD && d !== PAD) return `invalid character at offset: ${i + 3}`;
    const bad = [a, b, c, d].indexOf(BAD);
    if (bad >= 0) return `invalid character at offset: ${i + bad}`;
    out[n++] = (w >>> 16) & 0xff;
    if (c === PAD) {
      if ((b & 15) !== 0) return `non-canonical encoding detected at offset: ${i + 1}`;
    } else if (d === PAD) {
      if ((c & 3) !== 0) return `non-canonical encoding detected at offset: ${i + 2}`;
      out[n++] = (w >>> 8) & 0xff;
    } else {
      out[n++] = (w >>> 8) & 0xff;
      out[n++] = w & 0xff;
    }
  }
  return out.subarray(0, n);
}

const hashKeccak256: StrictFn = (_ctx, args, app, self) => {
  const [list] = args;
  if (args.length !== 1 || !(list instanceof PList)) throw badArgs(self, args, app.info);
  // Every element is checked to be a string before any is decoded.
  if (!list.items.every((s) => typeof s === 'string')) throw badArgs(self, args, app.info);
  const h = keccak_256.create();
  for (const chunk of list.items as readonly string[]) {
    const bytes = decodeBase64UrlVerbose(chunk);
    if (typeof bytes === 'string') throw evalError(app.info, `Base64URL decode failed: ${bytes}`);
    h.update(bytes);
  }
  return base64UrlEncode(h.digest());
};

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
const hashPoseidon: StrictFn = (_ctx, args, app, self) => {
  if (args.length === 0 || args.length > 8 || !args.every((a) => typeof a === 'bigint')) {
    throw badArgs(self, args, app.info);
  }
  const state = [0n, ...(args as bigint[]).map((a) => FR.create(a))];
  return poseidonFor(args.length)(state)[0]!;
};

export const hashingNatives: Native[] = natives({
  'hash-keccak256': { fn: hashKeccak256 },
  'hash-poseidon': { fn: hashPoseidon },
  'poseidon-hash-hack-a-chain': { fn: hashPoseidon },
});
