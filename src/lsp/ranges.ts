/// Which text a diagnostic or a symbol covers, from the spans Pact's errors and terms carry.
import type { Tree } from '@lezer/common';

/// The extent of what starts at `offset`: a token exactly; a bracketed form up to the end of
/// its first line (a whole module underlined would hide every other mark); anything else (the
/// end of the text, an error in the parse) one character.
/// @example span(tree, '(defun f (x)\n  x)', 0) // [0, 12]: `(defun f (x)`
export function span(tree: Tree, text: string, offset: number): [number, number] {
  const node = tree.resolveInner(offset, 1);
  if (node.from !== offset || node.type.isError || node.type.isTop) return [offset, Math.min(offset + 1, text.length)];
  if (node.name === '(' || node.name === '[' || node.name === '{') {
    const form = node.parent!;
    const eol = text.indexOf('\n', offset);
    return [offset, eol < 0 ? form.to : Math.min(form.to, trimEnd(text, offset, eol))];
  }
  return [node.from, node.to];
}

/// The end of a token that starts at `offset` (an atom, a literal).
export function tokenEnd(tree: Tree, offset: number): number {
  const node = tree.resolveInner(offset, 1);
  return node.from === offset && !node.type.isTop ? node.to : offset;
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
