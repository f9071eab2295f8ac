/// Which text a diagnostic or a symbol covers, from the spans Pact's errors and terms carry
/// (which start where an expression starts and run on over the whitespace after it).
import type { Tree } from '@lezer/common';

const FORMS = new Set(['Parens', 'Brackets', 'Braces']);

/// Where each token and each bracketed form of a tree ends, by where it starts: made in one walk
/// of the tree, where a search from the root for every name would cost far more.
export class Extents {
  readonly #tokens = new Map<number, number>();
  readonly #forms = new Map<number, number>();

  constructor(tree: Tree) {
    tree.iterate({
      enter: (n) => {
        if (FORMS.has(n.name)) this.#forms.set(n.from, n.to);
        else if (!n.type.isTop && !n.type.isError) this.#tokens.set(n.from, n.to);
      },
    });
  }

  /// The end of the token starting at `offset` (`offset` itself when none does).
  tokenEnd(offset: number): number {
    return this.#tokens.get(offset) ?? offset;
  }

  /// The end of the bracketed form starting at `offset`, else of the token there.
  end(offset: number): number {
    return this.#forms.get(offset) ?? this.tokenEnd(offset);
  }

  /// The extent of what starts at `offset`: a token exactly; a bracketed form up to the end of
  /// its first line (a whole module underlined would hide every other mark); anything else (the
  /// end of the text, an error in the parse) one character.
  /// @example new Extents(tree).span('(defun f (x)\n  x)', 0) // [0, 12]: `(defun f (x)`
  span(text: string, offset: number): [number, number] {
    const form = this.#forms.get(offset);
    if (form !== undefined) {
      const eol = text.indexOf('\n', offset);
      return [offset, eol < 0 ? form : Math.min(form, trimEnd(text, offset, eol))];
    }
    const token = this.#tokens.get(offset);
    return token !== undefined && token > offset ? [offset, token] : [offset, Math.min(offset + 1, text.length)];
  }
}

// The end of the line's text before `eol`, without trailing spaces.
function trimEnd(text: string, from: number, eol: number): number {
  let e = eol;
  while (e > from && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9 || text.charCodeAt(e - 1) === 13)) e--;
  return e;
}

/// The offset of a 0-based line and column counted as Pact counts them (a code point is one
/// column, a TAB moves to the next multiple of 8), given the offset where the line starts.
export function pactColumnOffset(text: string, lineStart: number, col: number): number {
  let c = 0;
  let i = lineStart;
  while (i < text.length && c < col) {
    const ch = text.charCodeAt(i);
    if (ch === 10) break;
    c = ch === 9 ? (c >> 3 << 3) + 8 : c + 1;
    i += ch >= 0xd800 && ch <= 0xdbff ? 2 : 1;
  }
  return i;
}
