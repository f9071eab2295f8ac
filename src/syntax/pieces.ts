/// Cutting a long text into pieces that read exactly as they do in the whole: each piece ends
/// right after a bracket that closes a top-level expression. A closing bracket ends every token
/// and the top level is a plain sequence of expressions, so what follows reads the same from
/// there. Reading piece by piece keeps memory to one piece (a file of millions of expressions
/// never becomes one syntax tree) and time linear.

/// The `[from, to)` pieces of `text`, each at least `size` characters long where the text allows
/// (the last one takes the rest). Strings and comments are skipped, so brackets in them do not
/// count; a text whose brackets do not balance simply ends in one long last piece, where the
/// reader finds the error.
///
/// @example [...pieces('(a) (b) (c)', 4)] // [[0, 7], [7, 11]]
export function* pieces(text: string, size: number): Generator<readonly [number, number]> {
  const end = text.length;
  let from = 0;
  let depth = 0;
  for (let i = nextBracket(text, 0); i < end; i = nextBracket(text, i + 1)) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) depth++;
    else {
      depth--;
      if (depth === 0 && i + 1 - from >= size) {
        yield [from, i + 1];
        from = i + 1;
      }
      // A stray closer: the reader reports it; from here the count starts afresh.
      if (depth < 0) depth = 0;
    }
  }
  if (from < end || from === 0) yield [from, end];
}

/// The position of the first bracket at or after `i` outside strings and comments (the text's
/// length if none).
/// @example nextBracket('a "(" ; (\n[', 0) // 10
export function nextBracket(text: string, i: number): number {
  const end = text.length;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 59 /* ; */) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? end : nl + 1;
    } else if (c === 34 /* " */) {
      i = stringEnd(text, i + 1);
    } else if (c === 40 || c === 91 || c === 123 || c === 41 || c === 93 || c === 125) {
      return i;
    } else {
      i++;
    }
  }
  return end;
}

// The position after the string whose text starts at `i`: an escape skips the character after
// the backslash, a gap (backslash, white space, backslash) all of it.
function stringEnd(text: string, i: number): number {
  const end = text.length;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) return i + 1;
    if (c !== 92 /* \ */) i++;
    else if (SPACE.test(text[i + 1] ?? '')) {
      i += 1;
      while (i < end && SPACE.test(text[i]!)) i++;
      i++;
    } else i += 2;
  }
  return end;
}

// The grammar's `spaceChar`: what a string gap may hold.
const SPACE = /^[ \t\n\r\u000b\u000c\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]$/;
