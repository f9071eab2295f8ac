/// Pact's hash: BLAKE2b-256, written in unpadded base64url.
import { blake2b } from '@noble/hashes/blake2.js';
import { base64UrlEncode } from './base64.ts';

const UTF8 = new TextEncoder();

/// BLAKE2b with a 32-byte digest, unkeyed.
export function blake2b256(bytes: Uint8Array): Uint8Array {
  return blake2b(bytes, { dkLen: 32 });
}

/// Pact's text hash: unpadded base64url of BLAKE2b-256 over the UTF-8 bytes.
///
/// @example hashText('hello') // 'Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8'
export function hashText(s: string): string {
  return base64UrlEncode(blake2b256(UTF8.encode(s)));
}
