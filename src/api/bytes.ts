/// Byte/text codecs with the exact acceptance rules and error texts of the Haskell libraries Pact
/// uses (base16-bytestring 1.0, base64-bytestring 1.2), because those texts reach the user.

/// Lowercase hex, as `toB16Text` writes it.
export function hexEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/// Strict hex decoding (either case); returns base16-bytestring's error text on failure.
/// `Buffer.from(s, 'hex')` is unusable here: it silently stops at the first bad character.
export function hexDecode(text: string): Uint8Array | string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length % 2 !== 0) return 'invalid bytestring size';
  const out = new Uint8Array(bytes.length / 2);
  for (let i = 0; i < bytes.length; i += 2) {
    const hi = hexDigit(bytes[i]!);
    if (hi < 0) return `invalid character at offset: ${i}`;
    const lo = hexDigit(bytes[i + 1]!);
    if (lo < 0) return `invalid character at offset: ${i + 1}`;
    out[i / 2] = hi * 16 + lo;
  }
  return out;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
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

/// Pact's `decodeBase64UrlUnpadded` (hashes, pact ids, `sign` input): `=` appended up to a
/// multiple of four, then `Data.ByteString.Base64.URL.decode`. Padding is thus optional, but
/// must be right where present, and unused bits must be zero.
export function base64UrlDecodePact(text: string): Uint8Array | string {
  const bytes = Buffer.from(text, 'utf8');
  const pad = (4 - (bytes.length % 4)) % 4;
  return decodeQuads(Buffer.concat([bytes, Buffer.alloc(pad, 0x3d)]), URL);
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
  const out: number[] = [];
  for (let i = 0; i < src.length; i += 4) {
    const a = t[src[i]!]!;
    const b = t[src[i + 1]!]!;
    const c = t[src[i + 2]!]!;
    const d = t[src[i + 3]!]!;
    const final = i + 4 >= src.length;
    if (a === PAD) return `invalid padding at offset: ${i}`;
    if (b === PAD) return `invalid padding at offset: ${i + 1}`;
    if (!final) {
      if (c === PAD) return `invalid padding at offset: ${i + 2}`;
      if (d === PAD) return `invalid padding at offset: ${i + 3}`;
    } else if (c === PAD && d !== PAD) {
      return `invalid character at offset: ${i + 3}`;
    }
    const bad = [a, b, c, d].indexOf(INVALID);
    if (bad >= 0) return `invalid character at offset: ${i + bad}`;
    if (c === PAD) {
      if ((b & 15) !== 0) return `non-canonical encoding detected at offset: ${i + 1}`;
      out.push((a << 2) | (b >> 4));
    } else if (d === PAD) {
      if ((c & 3) !== 0) return `non-canonical encoding detected at offset: ${i + 2}`;
      out.push((a << 2) | (b >> 4), ((b & 15) << 4) | (c >> 2));
    } else {
      out.push((a << 2) | (b >> 4), ((b & 15) << 4) | (c >> 2), ((c & 3) << 6) | d);
    }
  }
  return Uint8Array.from(out);
}
