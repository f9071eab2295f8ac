/// Ed25519 keys, signing and verification (RFC 8032, deterministic), plus SHA-256 for WebAuthn.
/// Signing uses @noble/curves; verification uses node:crypto, which is about ten times faster and
/// is what the server runs for every command.
import type { KeyObject } from 'node:crypto';
import { lazyModule } from '../values/lazy-module.ts';

// Both loaded when first used: Node's crypto module costs more than 10 ms to load, and the curve
// library builds its tables (and probes Node's web crypto) as it loads; a node's start, and a
// script that neither signs nor verifies, have no use for them.
const curves = lazyModule(() => require('@noble/curves/ed25519.js') as typeof import('@noble/curves/ed25519.js'),
  '@noble/curves/ed25519.js', import.meta.url);
let loaded: typeof import('node:crypto') | undefined;

/// Node's crypto module (loaded on the first call).
export function nodeCrypto(): typeof import('node:crypto') {
  return (loaded ??= process.getBuiltinModule('node:crypto'));
}

/// A 32-byte seed and its 32-byte public key.
export interface Ed25519KeyPair {
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

/// A fresh random key pair (`pact -g`).
export function generateKeyPair(): Ed25519KeyPair {
  const { ed25519 } = curves();
  const secretKey = ed25519.utils.randomSecretKey();
  return { secretKey, publicKey: ed25519.getPublicKey(secretKey) };
}

/// The public key of a 32-byte seed.
export function publicKeyOf(secretKey: Uint8Array): Uint8Array {
  return curves().ed25519.getPublicKey(secretKey);
}

/// The 64-byte signature of `message` (for commands: the 32 raw hash bytes).
export function sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return curves().ed25519.sign(message, secretKey);
}

/// RFC 8032 signing with the public key `A` supplied rather than derived, as Haskell's crypton
/// `Ed25519.sign` takes it. With the matching key this is `sign`; with another it is the same
/// (unverifiable) signature Pact produces for a mismatched WebAuthn mock key pair.
export function signWithPublicKey(message: Uint8Array, secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const { ed25519 } = curves();
  const order = ed25519.Point.Fn.ORDER;
  const { prefix, scalar } = ed25519.utils.getExtendedPublicKey(secretKey);
  const r = littleEndian(sha512(prefix, message)) % order;
  const R = ed25519.Point.BASE.multiply(r).toBytes();
  const k = littleEndian(sha512(R, publicKey, message)) % order;
  const S = (r + k * scalar) % order;
  const out = new Uint8Array(64);
  out.set(R);
  for (let i = 0, v = S; i < 32; i++, v >>= 8n) out[32 + i] = Number(v & 0xffn);
  return out;
}

function sha512(...parts: Uint8Array[]): Uint8Array {
  const h = nodeCrypto().createHash('sha512');
  for (const p of parts) h.update(p);
  return h.digest();
}

function littleEndian(bytes: Uint8Array): bigint {
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i]!);
  return v;
}

// DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/// Whether `signature` (64 bytes) signs `message` under `publicKey` (32 bytes). A public key that
/// is not a curve point simply fails to verify.
export function verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  try {
    return nodeCrypto().verify(null, message, publicKeyObject(publicKey), signature);
  } catch {
    return false;
  }
}

// Importing a key costs about as much as a verification; a node sees the same signers again
// and again. Bounded: the oldest entry goes first.
const keyObjects = new Map<string, KeyObject>();
const KEY_CACHE_SIZE = 4096;

function publicKeyObject(publicKey: Uint8Array): KeyObject {
  const id = Buffer.from(publicKey).toString('hex');
  let key = keyObjects.get(id);
  if (key === undefined) {
    key = nodeCrypto().createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    if (keyObjects.size >= KEY_CACHE_SIZE) keyObjects.delete(keyObjects.keys().next().value!);
    keyObjects.set(id, key);
  }
  return key;
}

/// SHA-256 digest.
export function sha256(bytes: Uint8Array): Uint8Array {
  return nodeCrypto().createHash('sha256').update(bytes).digest();
}
