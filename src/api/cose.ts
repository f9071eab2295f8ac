/// COSE public keys (RFC 8152/9053) as WebAuthn authenticators produce them: a canonical CBOR map
/// `{1: kty, 3: alg, -1: crv, -2: x[, -3: y]}` (RSA: `{1: 3, 3: alg, -1: n, -2: e}`). Decoding
/// follows the strict decoder Pact embeds (fixed key order, exact parameter count, no trailing
/// bytes), because a key it rejects makes the whole signer invalid.
import type { KeyObject } from 'node:crypto';
import { nodeCrypto } from './crypto.ts';

/// The key types of COSE's registry that WebAuthn uses.
export type CoseKeyType = 'OKP' | 'EC2' | 'RSA';

/// A decoded public key; `x`/`y` are EC coordinates (or Ed25519's `x`), `n`/`e` RSA's.
export interface CosePublicKey {
  readonly kty: CoseKeyType;
  readonly alg: number;
  readonly crv: number | null;
  readonly x: Uint8Array;
  readonly y: Uint8Array | null;
}

const KTY_CODES: Record<number, CoseKeyType> = { 1: 'OKP', 2: 'EC2', 3: 'RSA' };
const KTY_NUMBERS: Record<CoseKeyType, number> = { OKP: 1, EC2: 2, RSA: 3 };
const PARAMETER_COUNT: Record<CoseKeyType, number> = { OKP: 4, EC2: 5, RSA: 4 };
/// Signature algorithms the decoder knows, with the key type each requires.
const ALG_KTY: Record<number, CoseKeyType> = {
  [-8]: 'OKP', [-7]: 'EC2', [-35]: 'EC2', [-36]: 'EC2',
  [-257]: 'RSA', [-258]: 'RSA', [-259]: 'RSA', [-65535]: 'RSA',
};
/// EC2 curves (P-256, P-384, P-521) and their coordinate sizes.
const EC2_SIZE: Record<number, number> = { 1: 32, 2: 48, 3: 66 };
const OKP_ED25519 = 6;

/// The COSE algorithm numbers of ES256 and EdDSA, the only ones Pact accepts for signing.
export const ALG_ES256 = -7;
export const ALG_EDDSA = -8;

/// Decodes a COSE key; the failure text mimics cborg's `DeserialiseFailure <offset> "<why>"`.
export function decodeCoseKey(bytes: Uint8Array): CosePublicKey | string {
  const r = new CborReader(bytes);
  try {
    const key = readKey(r);
    if (r.pos !== bytes.length) r.fail('end of input expected');
    return key;
  } catch (e) {
    if (e instanceof CborError) return `DeserialiseFailure ${e.offset} ${JSON.stringify(e.message)}`;
    throw e;
  }
}

function readKey(r: CborReader): CosePublicKey {
  const n = r.mapLength();
  r.expectKey(1, 'CoseKeyCommonParameterKty');
  const ktyCode = r.int();
  const kty = KTY_CODES[ktyCode];
  if (kty === undefined) r.fail(`Unknown COSE key type ${ktyCode}`);
  r.expectKey(3, 'CoseKeyCommonParameterAlg');
  const alg = r.int();
  const wanted = ALG_KTY[alg];
  if (wanted === undefined) r.fail(`Unknown COSE algorithm ${alg}`);
  if (wanted !== kty) {
    r.fail(`Expected COSE key type ${wanted} for COSE algorithm ${alg} but got COSE key type ${kty} instead`);
  }
  if (PARAMETER_COUNT[kty] !== n) {
    r.fail(`Expected CBOR map to contain ${PARAMETER_COUNT[kty]} parameters for COSE key type ${kty} ` +
      `but got ${n} parameters instead`);
  }
  switch (kty) {
    case 'OKP': {
      r.expectKey(-1, 'CoseKeyTypeParameterOKPCrv');
      const crv = r.int();
      if (crv !== OKP_ED25519) r.fail(`Unknown COSE OKP curve ${crv}`);
      r.expectKey(-2, 'CoseKeyTypeParameterOKPX');
      const x = r.bytes();
      if (x.length !== 32) {
        r.fail(`Key check failed: EdDSA public key for curve CoseCurveEd25519 didn't have the expected size ` +
          `of 32 bytes, it has ${x.length} bytes instead`);
      }
      return { kty, alg, crv, x, y: null };
    }
    case 'EC2': {
      r.expectKey(-1, 'CoseKeyTypeParameterEC2Crv');
      const crv = r.int();
      const size = EC2_SIZE[crv];
      if (size === undefined) r.fail(`Unknown COSE EC2 curve ${crv}`);
      r.expectKey(-2, 'CoseKeyTypeParameterEC2X');
      const x = r.sizedBytes(size);
      r.expectKey(-3, 'CoseKeyTypeParameterEC2Y');
      const y = r.sizedBytes(size);
      const key: CosePublicKey = { kty, alg, crv, x, y };
      if (ecPublicKeyObject(key) === null) r.fail(`Key check failed: ECDSA point is not on curve ${EC2_JWK_CURVE[crv]}`);
      return key;
    }
    case 'RSA': {
      r.expectKey(-1, 'CoseKeyTypeParameterRSAN');
      const x = r.bytes();
      r.expectKey(-2, 'CoseKeyTypeParameterRSAE');
      const y = r.bytes();
      return { kty, alg, crv: null, x, y };
    }
  }
}

const EC2_JWK_CURVE: Record<number, string> = { 1: 'P-256', 2: 'P-384', 3: 'P-521' };

/// A node:crypto key for an EC2 key, or null when its point is not on its curve.
export function ecPublicKeyObject(key: CosePublicKey): KeyObject | null {
  try {
    return nodeCrypto().createPublicKey({
      key: { kty: 'EC', crv: EC2_JWK_CURVE[key.crv!], x: Buffer.from(key.x).toString('base64url'),
        y: Buffer.from(key.y!).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}

/// The canonical CBOR encoding of a key (what Pact writes back as the signer's `pubKey`).
export function encodeCoseKey(key: CosePublicKey): Uint8Array {
  const out: number[] = [];
  writeHead(out, 5, PARAMETER_COUNT[key.kty]);
  writeInt(out, 1);
  writeInt(out, KTY_NUMBERS[key.kty]);
  writeInt(out, 3);
  writeInt(out, key.alg);
  if (key.crv !== null) {
    writeInt(out, -1);
    writeInt(out, key.crv);
    writeInt(out, -2);
  } else {
    writeInt(out, -1);
  }
  writeHead(out, 2, key.x.length);
  out.push(...key.x);
  if (key.y !== null) {
    writeInt(out, key.crv !== null ? -3 : -2);
    writeHead(out, 2, key.y.length);
    out.push(...key.y);
  }
  return Uint8Array.from(out);
}

function writeInt(out: number[], v: number): void {
  if (v >= 0) writeHead(out, 0, v);
  else writeHead(out, 1, -1 - v);
}

function writeHead(out: number[], major: number, v: number): void {
  const m = major << 5;
  if (v < 24) out.push(m | v);
  else if (v < 0x100) out.push(m | 24, v);
  else if (v < 0x10000) out.push(m | 25, v >> 8, v & 0xff);
  else out.push(m | 26, (v >>> 24) & 0xff, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
}

class CborError extends Error {
  readonly offset: number;
  constructor(offset: number, message: string) {
    super(message);
    this.offset = offset;
  }
}

/// Just enough canonical CBOR for COSE keys: small ints, byte strings, one map header.
class CborReader {
  readonly buf: Uint8Array;
  pos = 0;

  constructor(buf: Uint8Array) {
    this.buf = buf;
  }

  fail(message: string): never {
    throw new CborError(this.pos, message);
  }

  /// Reads a head of the given major type; canonical form means the shortest argument encoding.
  head(major: number, what: string): number {
    if (this.pos >= this.buf.length) this.fail('end of input');
    const b = this.buf[this.pos]!;
    if (b >> 5 !== major) this.fail(`expected ${what}`);
    const info = b & 0x1f;
    let v: number;
    let len = 0;
    if (info < 24) v = info;
    else if (info <= 26) {
      len = 1 << (info - 24);
      if (this.pos + 1 + len > this.buf.length) this.fail('end of input');
      v = 0;
      for (let i = 1; i <= len; i++) v = v * 256 + this.buf[this.pos + i]!;
      const min = info === 24 ? 24 : info === 25 ? 0x100 : 0x10000;
      if (v < min) this.fail(`non-canonical ${what}`);
    } else this.fail(`expected ${what}`);
    this.pos += 1 + len;
    return v;
  }

  mapLength(): number {
    return this.head(5, 'map len');
  }

  int(): number {
    if (this.pos >= this.buf.length) this.fail('end of input');
    const major = this.buf[this.pos]! >> 5;
    if (major === 0) return this.head(0, 'int');
    if (major === 1) return -1 - this.head(1, 'int');
    return this.fail('expected int');
  }

  bytes(): Uint8Array {
    const n = this.head(2, 'bytes');
    if (this.pos + n > this.buf.length) this.fail('end of input');
    const out = this.buf.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  sizedBytes(size: number): Uint8Array {
    const b = this.bytes();
    if (b.length !== size) this.fail(`bytes have length ${b.length} when length ${size} was expected`);
    return b;
  }

  /// A map key that must be `expected`; `name` is how the Haskell registry shows it.
  expectKey(expected: number, name: string): void {
    const start = this.pos;
    const k = this.int();
    if (k !== expected) {
      this.pos = start;
      this.fail(`Expected ${name} but got ${k}`);
    }
  }
}
