/// Character classes of Pact's reader, as the upstream Haskell parser defines them.

/// Haskell's `isSpace`: TAB, LF, VT, FF, CR, space, NBSP and the Unicode space separators (Zs).
/// (Not U+0085, U+2028, U+2029 or U+FEFF: those are errors between Pact tokens.)
export function isSpace(c: number): boolean {
  if (c <= 0xa0) return c === 32 || (c >= 9 && c <= 13) || c === 0xa0;
  return c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000;
}

/// The offset of the next token at or after `pos`: skips whitespace and `;` comments.
export function skipTrivia(text: string, pos: number): number {
  const end = text.length;
  while (pos < end) {
    const c = text.charCodeAt(pos);
    if (c === 59 /* ; */) {
      const nl = text.indexOf('\n', pos);
      if (nl < 0) return end;
      pos = nl + 1;
    } else if (isSpace(c)) {
      pos++;
    } else {
      break;
    }
  }
  return pos;
}

// 1: may start an identifier, 2: may only continue one (ASCII digits). Indexed by char code < 128.
const ASCII_IDENT = new Uint8Array(128);
for (let c = 65; c <= 90; c++) ASCII_IDENT[c] = ASCII_IDENT[c + 32] = 1;
for (const ch of '%#+-_&$@<>=^?*!|/~') ASCII_IDENT[ch.charCodeAt(0)] = 1;
for (let c = 48; c <= 57; c++) ASCII_IDENT[c] = 2;

const LETTER = /^\p{L}$/u;
const UPPER = /^[\p{Lu}\p{Lt}]$/u;

// Haskell's `isAlpha` (any Unicode letter), for code points beyond ASCII.
function isLetter(cp: number): boolean {
  return LETTER.test(String.fromCodePoint(cp));
}

/// Haskell's `isUpper` (upper- or title-case letter).
export function isUpper(cp: number): boolean {
  return UPPER.test(String.fromCodePoint(cp));
}

/// The end of the identifier that starts at `pos` (`pos` itself when none does), reading no
/// further than `end`. Identifiers start with a letter or one of `%#+-_&$@<>=^?*!|/~`; later
/// characters may also be ASCII digits.
export function scanIdent(text: string, pos: number, end: number): number {
  let p = pos;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (c < 128) {
      const k = ASCII_IDENT[c];
      if (k === 0 || (k === 2 && p === pos)) break;
      p++;
    } else {
      const cp = text.codePointAt(p)!;
      if (!isLetter(cp)) break;
      p += cp > 0xffff ? 2 : 1;
    }
  }
  return p;
}

/// Pact's reserved literal words: never identifiers, not even as parts of qualified names.
export function isReserved(word: string): boolean {
  return word === 'true' || word === 'false';
}
