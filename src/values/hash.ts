/// Pact's hash (BLAKE2b-256 in unpadded base64url) and the base64url codec it is written in.
import { blake2b } from '@noble/hashes/blake2.js';

const UTF8 = new TextEncoder();

/// BLAKE2b with a 32-byte digest, unkeyed.
export function blake2b256(bytes: Uint8Array): Uint8Array {
  return blake2b(bytes, { dkLen: 32 });
}

/// Unpadded base64url (`-`, `_`), as Pact writes hashes and `base64-encode` results.
export function base64UrlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/// base64url digit values by character code; -1 = not a digit, -2 = the padding `=`.
const DIGITS = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  DIGITS['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.charCodeAt(i)] = i;
}
DIGITS[0x3d] = -2;

function digit(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? DIGITS[c]! : -1;
}

/// Decodes base64url the way Pact 4.13 does everywhere (`base64-decode`, hashes, request keys,
/// pact ids): `=` is appended until the length is a multiple of 4, then base64-bytestring's
/// strict decoder runs. Hence padding is optional but, when present, must be correct (`ZA==`
/// and `ZA=` decode; `Z===` does not); `=` anywhere else, a character outside `A–Z a–z 0–9 - _`,
/// a length of 1 modulo 4, or non-zero unused bits in the last digit (a non-canonical encoding
/// such as `ZE`) all fail. The empty string decodes to no bytes. Undefined on failure.
export function base64UrlDecode(text: string): Uint8Array | undefined {
  const r = base64UrlDecodeDetailed(text);
  return typeof r === 'string' ? undefined : r;
}

/// As `base64UrlDecode`, but a failure is base64-bytestring's message (`invalid character at
/// offset: N`, `invalid padding at offset: N`, `non-canonical encoding detected at offset: N`),
/// which Pact's legacy `base64-decode` errors are made from.
export function base64UrlDecodeDetailed(input: string): Uint8Array | string {
  // The decoder sees UTF-8 bytes: a non-ASCII character is several invalid "digits".
  const text = /^[\x00-\x7f]*$/.test(input) ? input : Buffer.from(input, 'utf8').toString('latin1');
  const rem = text.length % 4;
  const padded = rem === 0 ? text : text + '='.repeat(4 - rem);
  const out = new Uint8Array((padded.length / 4) * 3);
  let n = 0;
  for (let i = 0; i < padded.length; i += 4) {
    const last = i + 4 === padded.length;
    const q = [digit(padded, i), digit(padded, i + 1), digit(padded, i + 2), digit(padded, i + 3)] as const;
    const bad = badPadding(q, last);
    if (bad >= 0) return `invalid padding at offset: ${i + bad}`;
    const invalid = q.findIndex((d) => d === -1);
    if (invalid >= 0) return `invalid character at offset: ${i + invalid}`;
    const [a, b, c, d] = q;
    if (d >= 0) {
      const w = (a << 18) | (b << 12) | (c << 6) | d;
      out[n++] = w >>> 16;
      out[n++] = (w >>> 8) & 0xff;
      out[n++] = w & 0xff;
    } else if (c >= 0) {
      // `xyz=`: two bytes; the low 2 bits of z must be zero.
      if ((c & 3) !== 0) return `non-canonical encoding detected at offset: ${i + 2}`;
      const w = (a << 18) | (b << 12) | (c << 6);
      out[n++] = w >>> 16;
      out[n++] = (w >>> 8) & 0xff;
    } else {
      // `xy==`: one byte; the low 4 bits of y must be zero.
      if ((b & 15) !== 0) return `non-canonical encoding detected at offset: ${i + 1}`;
      out[n++] = (a << 2) | (b >>> 4);
    }
  }
  return n === out.length ? out : out.subarray(0, n);
}

/// Where `=` stands wrongly in a quad (-1 if nowhere): only `xyz=` and `xy==` end a last quad.
function badPadding(q: readonly [number, number, number, number], last: boolean): number {
  const first = q.indexOf(-2);
  if (first < 0) return -1;
  if (!last || first < 2) return first;
  if (first === 2 && q[3] !== -2) return 2;
  return -1;
}

/// base64-bytestring's lenient decoding: characters outside the alphabet are skipped and
/// whatever full bytes the remaining digits make are returned.
export function base64UrlDecodeSkipping(text: string): Uint8Array {
  const digits: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const d = digit(text, i);
    if (d === -2) break;
    if (d >= 0) digits.push(d);
  }
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const d of digits) {
    acc = (acc << 6) | d;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >>> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/// The decoder for hashes, request keys and pact ids in JSON (CLI spec §3.1: pad with `=`, then
/// decode strictly). Pact uses one function for these and for `base64-decode`, so this is
/// `base64UrlDecode`; the name documents the call sites' intent.
export const base64UrlDecodeLenient: (text: string) => Uint8Array | undefined = base64UrlDecode;

/// Pact's text hash: unpadded base64url of BLAKE2b-256 over the UTF-8 bytes.
///
/// @example hashText('hello') // 'Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8'
export function hashText(s: string): string {
  return base64UrlEncode(blake2b256(UTF8.encode(s)));
}
