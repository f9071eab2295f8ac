/// Text helpers shared by the value codecs.

/// Orders strings by Unicode code point (JavaScript's `<` compares UTF-16 code units, which
/// differs above U+FFFF).
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

// A high surrogate: where a pair may start. Most texts have none, and the regex engine finds
// that several times faster than a loop over the characters.
const HIGH_SURROGATE = /[\ud800-\udbff]/;

/// Number of Unicode code points (what `Data.Text.length` counts): a surrogate pair is one.
export function codePointLength(s: string): number {
  if (!HIGH_SURROGATE.test(s)) return s.length;
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/// Length of the text's UTF-8 encoding in bytes.
export function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}
