/// Hex codecs with the exact acceptance rules and error texts of base16-bytestring 1.0, which
/// reach the user. (Base64 lives in values/base64.ts.)

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
