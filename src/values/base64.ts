/// Base64 codecs with the exact acceptance rules and error texts of base64-bytestring 1.2, the
/// library Pact uses, because those texts reach the user.

/// Unpadded base64url (`-`, `_`), as Pact writes hashes and `base64-encode` results.
export function base64UrlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/// Pact's base64url decoding (see `base64UrlDecodeVerbose`), undefined on failure.
export function base64UrlDecode(text: string): Uint8Array | undefined {
  const r = base64UrlDecodeVerbose(text);
  return typeof r === 'string' ? undefined : r;
}

/// base64-bytestring's lenient decoding: characters outside the alphabet are skipped, decoding
/// stops at `=`, and whatever full bytes the digits make are returned.
export function base64UrlDecodeSkipping(text: string): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    const d = URL[byte]!;
    if (d === PAD) break;
    if (d === INVALID) continue;
    acc = ((acc << 6) | d) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >>> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/// Standard base64 with padding, as `Data.ByteString.Base64.encode`.
export function base64Encode(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/// Base64url with padding, as `Data.ByteString.Base64.URL.encode` (the WebAuthn mock writes this).
export function base64UrlEncodePadded(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url').padEnd(Math.ceil(bytes.length / 3) * 4, '=');
}

/// `Data.ByteString.Base64.decode`: standard alphabet, padding required.
export function base64DecodeStrict(text: string): Uint8Array | string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return new Uint8Array(0);
  if (bytes.length % 4 === 1) return 'Base64-encoded bytestring has invalid size';
  if (bytes.length % 4 !== 0) return 'Base64-encoded bytestring is unpadded or has invalid padding';
  return decodeQuads(bytes, STD);
}

/// Pact's `decodeBase64UrlUnpadded` (`base64-decode`, hashes, pact ids, `sign` input, crypto
/// natives): `=` appended up to a multiple of four, then `Data.ByteString.Base64.URL.decode`.
/// Padding is thus optional, but must be right where present, and unused bits must be zero.
/// Returns the bytes or base64-bytestring's error text (offsets count bytes of the padded
/// UTF-8 input).
export function base64UrlDecodeVerbose(text: string): Uint8Array | string {
  // What clients send (hashes as Pact writes them) decodes natively; anything else takes the
  // careful way, which finds the first error as base64-bytestring does.
  if (isCanonicalBase64Url(text)) return Uint8Array.from(Buffer.from(text, 'base64url'));
  const length = Buffer.byteLength(text, 'utf8');
  const padded = Buffer.alloc(length + ((4 - (length % 4)) % 4), 0x3d);
  padded.write(text, 'utf8');
  return decodeQuads(padded, URL);
}

/// Whether `text` is unpadded base64url as `base64UrlEncode` writes it: digits of the alphabet
/// only, a length a whole number of bytes can have, and the bits the last digit leaves over
/// zero. Such a text decodes without error, and encoding its bytes gives it back.
export function isCanonicalBase64Url(text: string): boolean {
  const n = text.length;
  if (n % 4 === 1) return false;
  let last = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    last = c < 128 ? URL[c]! : INVALID;
    if (last >= 64) return false;
  }
  const spare = n % 4 === 2 ? 15 : n % 4 === 3 ? 3 : 0;
  return (last & spare) === 0;
}

/// `Data.ByteString.Base64.URL.decode` as is (WebAuthn client data): unpadded input is padded,
/// but a length of 3 modulo 4 may not already end in `=`.
export function base64UrlDecodeLoose(text: string): Uint8Array | string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return new Uint8Array(0);
  switch (bytes.length % 4) {
    case 0: return decodeQuads(bytes, URL);
    case 2: return decodeQuads(Buffer.concat([bytes, Buffer.from('==')]), URL);
    case 3:
      if (bytes[bytes.length - 1] === 0x3d) return 'Base64-encoded bytestring has invalid padding';
      return decodeQuads(Buffer.concat([bytes, Buffer.from('=')]), URL);
    default: return 'Base64-encoded bytestring has invalid size';
  }
}

const PAD = 99;
const INVALID = 255;

function table(alphabet: string): Uint8Array {
  const t = new Uint8Array(256).fill(INVALID);
  for (let i = 0; i < 64; i++) t[alphabet.charCodeAt(i)] = i;
  t[0x3d] = PAD;
  return t;
}

const STD = table('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const URL = table('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_');

/// base64-bytestring's decode loop over a length that is a multiple of 4, with its error texts
/// (offsets are byte offsets into the padded input): padding is only allowed as the last one or
/// two characters, and the bits it leaves unused must be zero.
function decodeQuads(src: Uint8Array, t: Uint8Array): Uint8Array | string {
  // The output's length, if the padding is valid (else an error is returned before it matters).
  const n = src.length;
  const size = (n / 4) * 3 - (n > 0 && src[n - 1] === 0x3d ? (src[n - 2] === 0x3d ? 2 : 1) : 0);
  const out = new Uint8Array(Math.max(size, 0));
  let o = 0;
  for (let i = 0; i < n; i += 4) {
    const a = t[src[i]!]!;
    const b = t[src[i + 1]!]!;
    const c = t[src[i + 2]!]!;
    const d = t[src[i + 3]!]!;
    const final = i + 4 >= n;
    if (a === PAD) return `invalid padding at offset: ${i}`;
    if (b === PAD) return `invalid padding at offset: ${i + 1}`;
    if (!final) {
      if (c === PAD) return `invalid padding at offset: ${i + 2}`;
      if (d === PAD) return `invalid padding at offset: ${i + 3}`;
    } else if (c === PAD && d !== PAD) {
      return `invalid character at offset: ${i + 3}`;
    }
    const bad = a === INVALID ? 0 : b === INVALID ? 1 : c === INVALID ? 2 : d === INVALID ? 3 : -1;
    if (bad >= 0) return `invalid character at offset: ${i + bad}`;
    out[o++] = (a << 2) | (b >> 4);
    if (c === PAD) {
      if ((b & 15) !== 0) return `non-canonical encoding detected at offset: ${i + 1}`;
    } else if (d === PAD) {
      if ((c & 3) !== 0) return `non-canonical encoding detected at offset: ${i + 2}`;
      out[o++] = ((b & 15) << 4) | (c >> 2);
    } else {
      out[o++] = ((b & 15) << 4) | (c >> 2);
      out[o++] = ((c & 3) << 6) | d;
    }
  }
  return out;
}
