/// Ed25519 keys, signing and verification (RFC 8032, deterministic), plus SHA-256 for WebAuthn.
/// Signing uses @noble/curves; verification uses node:crypto, which is about ten times faster and
/// is what the server runs for every command.
import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';

/// A 32-byte seed and its 32-byte public key.
export interface Ed25519KeyPair {
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

/// A fresh random key pair (`pact -g`).
export function generateKeyPair(): Ed25519KeyPair {
  const secretKey = ed25519.utils.randomSecretKey();
  return { secretKey, publicKey: ed25519.getPublicKey(secretKey) };
}

/// The public key of a 32-byte seed.
export function publicKeyOf(secretKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(secretKey);
}

/// The 64-byte signature of `message` (for commands: the 32 raw hash bytes).
export function sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return ed25519.sign(message, secretKey);
}

// DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/// Whether `signature` (64 bytes) signs `message` under `publicKey` (32 bytes). A public key that
/// is not a curve point simply fails to verify.
export function verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    return nodeVerify(null, message, key, signature);
  } catch {
    return false;
  }
}

/// SHA-256 digest.
export function sha256(bytes: Uint8Array): Uint8Array {
  return createHash('sha256').update(bytes).digest();
}
