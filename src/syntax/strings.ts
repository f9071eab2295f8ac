/// Pact string literals: Haskell's syntax, as the upstream `parsers` library reads it.

import { isSpace, isUpper } from './chars.ts';
import { EOF_REASON } from './errors.ts';
import type { Failure } from './errors.ts';

const SIMPLE: Record<string, string> = {
  a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'",
};

// Three-letter names first, so that `\SOH` is SOH and not SO followed by `H`.
const ASCII_NAMES: readonly (readonly [string, number])[] = [
  ['NUL', 0], ['SOH', 1], ['STX', 2], ['ETX', 3], ['EOT', 4], ['ENQ', 5], ['ACK', 6], ['BEL', 7],
  ['DLE', 16], ['DC1', 17], ['DC2', 18], ['DC3', 19], ['DC4', 20], ['NAK', 21], ['SYN', 22],
  ['ETB', 23], ['CAN', 24], ['SUB', 26], ['ESC', 27], ['DEL', 127],
  ['BS', 8], ['HT', 9], ['LF', 10], ['VT', 11], ['FF', 12], ['CR', 13], ['SO', 14], ['SI', 15],
  ['EM', 25], ['FS', 28], ['GS', 29], ['RS', 30], ['US', 31], ['SP', 32],
];

const STRING_END = ['end of string', 'string character'];
const ESCAPE = ['"&"', 'escape code', 'space'];
const GAP_END = ['end of string gap', 'space'];
const OCTAL = ['"0"', '"1"', '"2"', '"3"', '"4"', '"5"', '"6"', '"7"'];
// Only the decimal digits of the hexadecimal digit parsers carry a label upstream.
const HEX = [...OCTAL, '"8"', '"9"'];
const MAX_CHAR = 0x10ffff;

/// Reads the string literal whose opening quote is at `start`: its value, or why it is not one.
/// Escapes: `\n \t \r \\ \" \' \a \b \f \v`, `\65`, `\x41`, `\o101`, `\NUL`..`\DEL`, `\^A`, the
/// empty `\&`, and gaps (backslash, whitespace, backslash). Raw characters up to code 26 are errors.
/// @example
/// decodeString('"a\\x41\\  \\b"', 0) // 'aAb'
export function decodeString(text: string, start: number): string | Failure {
  const n = text.length;
  let out = '';
  let run = start + 1;
  let p = run;
  for (;;) {
    if (p >= n) return { offset: p, expected: STRING_END, reason: EOF_REASON };
    const c = text.charCodeAt(p);
    if (c === 34 /* " */) return out + text.slice(run, p);
    if (c <= 26) return { offset: p, expected: STRING_END };
    if (c !== 92 /* \ */) {
      p++;
      continue;
    }
    out += text.slice(run, p);
    p++;
    if (p >= n) return { offset: p, expected: ESCAPE, reason: EOF_REASON };
    const e = text[p]!;
    const simple = SIMPLE[e];
    if (simple !== undefined) {
      out += simple;
      p++;
    } else if (e === '&') {
      p++;
    } else if (isSpace(text.charCodeAt(p))) {
      while (p < n && isSpace(text.charCodeAt(p))) p++;
      if (p >= n) return { offset: p, expected: GAP_END, reason: EOF_REASON };
      if (text.charCodeAt(p) !== 92) return { offset: p, expected: GAP_END };
      p++;
    } else if (e >= '0' && e <= '9') {
      const r = numeric(text, p, 10);
      if (!Array.isArray(r)) return r;
      out += fromCode(r[1]);
      p = r[0];
    } else if (e === 'o' || e === 'x') {
      const base = e === 'o' ? 8 : 16;
      p++;
      if (p >= n || digitValue(text.charCodeAt(p)) >= base) {
        return { offset: p, expected: base === 8 ? OCTAL : HEX, reason: p >= n ? EOF_REASON : undefined };
      }
      const r = numeric(text, p, base);
      if (!Array.isArray(r)) return r;
      out += fromCode(r[1]);
      p = r[0];
    } else if (e === '^') {
      p++;
      const letter = text.codePointAt(p);
      if (letter === undefined || !(letter === 64 || isUpper(letter))) {
        return { offset: p, expected: ['"@"', 'uppercase letter'], reason: letter === undefined ? EOF_REASON : undefined };
      }
      out += fromCode(letter - 64);
      p += letter > 0xffff ? 2 : 1;
    } else {
      const name = ASCII_NAMES.find(([k]) => text.startsWith(k, p));
      if (name === undefined) return { offset: p, expected: ESCAPE };
      out += String.fromCharCode(name[1]);
      p += name[0].length;
    }
    run = p;
  }
}

// The end and value of the digits of a numeric escape starting at `p`, or the failure when the
// value passes the largest code point (reported at the first digit too many).
function numeric(text: string, p: number, base: number): [number, number] | Failure {
  let value = 0;
  for (; p < text.length; p++) {
    const d = digitValue(text.charCodeAt(p));
    if (d >= base) break;
    value = value * base + d;
    if (value > MAX_CHAR) return { offset: p, expected: [], reason: 'unexpected out-of-range numeric escape sequence' };
  }
  return [p, value];
}

// Haskell allows surrogate code points in a Char; Pact's Text turns them into U+FFFD.
function fromCode(cp: number): string {
  return cp >= 0xd800 && cp <= 0xdfff ? '\ufffd' : String.fromCodePoint(cp);
}

function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return 99;
}
