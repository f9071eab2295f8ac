/// The code text Pact 4 keeps for a span, quirk included.

import type { Info } from './exp.ts';

/// The text Pact 4 stores as the code of a span: what it hashes for a module or interface and
/// returns from `describe-module`. Upstream measures spans in UTF-8 bytes when reading files and
/// REPL input (`'utf8'`) and in UTF-16 units when reading API requests (`'utf16'`), but cuts the
/// text in characters; so after non-ASCII text (astral text for `'utf16'`) the stored code starts
/// late, and with non-ASCII text inside it runs on past the span. For other text it is exactly
/// `spanText(info)`.
/// @example
/// // source '"é" (module m g)', module span at offset 4: in UTF-8 it starts at byte 5
/// pactCodeText(info, 'utf8') // 'module m g)'
export function pactCodeText(info: Info, unit: 'utf8' | 'utf16'): string {
  const { source, offset, length } = info;
  // ASCII up to the span's end (most code) counts alike in every unit: the span's own text. A
  // module's span is its whole file, which the counting below walks three times over.
  if (!NON_ASCII.test(source.slice(0, offset + length))) return source.slice(offset, offset + length);
  const start = measure(source, 0, offset, unit);
  const size = measure(source, offset, offset + length, unit);
  const from = advance(source, 0, start);
  return source.slice(from, advance(source, from, size));
}

const NON_ASCII = /[^\x00-\x7f]/;

// The size of text[from, to) in the given unit.
function measure(text: string, from: number, to: number, unit: 'utf8' | 'utf16'): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (unit === 'utf16' || c < 0x80) n++;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdfff) n += 2; // each half of a pair: 4 bytes for both
    else n += 3;
  }
  return n;
}

// The offset `count` characters (code points) after `from`, or the end of the text.
function advance(text: string, from: number, count: number): number {
  let i = from;
  for (let k = 0; k < count && i < text.length; k++) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 2 : 1;
  }
  return i;
}
