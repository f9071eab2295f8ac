/// ANSI colouring of Pact text for the REPL, from the same grammar as the reader.

import type { Tree } from '@lezer/common';
import { highlightTree, styleTags, tagHighlighter, tags as t } from '@lezer/highlight';
import { parser as plainParser } from './parser.ts';

/// The grammar's parser with the highlighting tags on its nodes: its trees can be highlighted
/// (`treeTokens`) and read (`readTree`) alike.
export const highlightingParser = plainParser.configure({
  props: [
    styleTags({
      // Names are told apart by their text below: keywords and metadata markers are plain atoms
      // to the grammar (keeping them out of it makes every parse markedly cheaper).
      Atom: t.name,
      'String Symbol': t.string,
      'Integer Decimal': t.number,
      Boolean: t.bool,
      LineComment: t.lineComment,
      '( ) [ ] { }': t.bracket,
    }),
  ],
});

/// What a highlighted range is.
export type TokenKind = 'keyword' | 'meta' | 'string' | 'number' | 'bool' | 'comment' | 'bracket';

/// Pact's reserved words plus `if`, shown as keywords; and the metadata markers.
export const KEYWORDS: ReadonlySet<string> = new Set([
  'module', 'interface', 'defun', 'defcap', 'defpact', 'defconst', 'defschema', 'deftable', 'let', 'let*',
  'lambda', 'cond', 'if', 'step', 'step-with-rollback', 'use', 'implements', 'bless', 'with-capability',
]);
export const META: ReadonlySet<string> = new Set(['@doc', '@model', '@managed', '@event']);

const kinds = tagHighlighter([
  { tag: t.name, class: 'name' },
  { tag: t.string, class: 'string' },
  { tag: t.number, class: 'number' },
  { tag: t.bool, class: 'bool' },
  { tag: t.comment, class: 'comment' },
  { tag: t.bracket, class: 'bracket' },
]);

/// The highlighted ranges of `text` in order, as far as it can be read: names only when they
/// are keywords or metadata markers (told apart by their text).
export function tokens(text: string, emit: (from: number, to: number, kind: TokenKind) => void): void {
  treeTokens(highlightingParser.parse(text), text, emit);
}

/// `tokens` of a text already parsed into `tree` by `highlightingParser`.
export function treeTokens(tree: Tree, text: string, emit: (from: number, to: number, kind: TokenKind) => void): void {
  highlightTree(tree, kinds, (from, to, kind) => {
    if (kind !== 'name') emit(from, to, kind as TokenKind);
    else {
      const word = text.slice(from, to);
      if (KEYWORDS.has(word)) emit(from, to, 'keyword');
      else if (META.has(word)) emit(from, to, 'meta');
    }
  });
}

// SGR parameters of each kind.
const SGR: Record<TokenKind, string> = {
  keyword: '1;35', meta: '36', string: '32', number: '33', bool: '34', comment: '2', bracket: '1',
};

/// `text` with ANSI colour codes around keywords, metadata markers (`@doc`...), strings and
/// symbols, numbers, booleans, comments and brackets. Removing the codes gives back `text`
/// exactly; incomplete or invalid input is coloured as far as it can be read.
/// @example
/// highlight('(defun f () "x")') // '\x1b[1m(\x1b[0m\x1b[1;35mdefun\x1b[0m f ...'
export function highlight(text: string): string {
  return wrapTokens(text, (kind, piece) => `\x1b[${SGR[kind]}m${piece}\x1b[0m`, (piece) => piece);
}

/// `text` as HTML: every character escaped, each highlighted range in a `<span class="tk-KIND">`.
/// @example highlightHtml('(+ 1 "<b>")') // '<span class="tk-bracket">(</span>+ <span class="tk-number">1</span> ...'
export function highlightHtml(text: string): string {
  return wrapTokens(text, (kind, piece) => `<span class="tk-${kind}">${escapeHtml(piece)}</span>`, escapeHtml);
}

function wrapTokens(text: string, wrap: (kind: TokenKind, piece: string) => string, plain: (piece: string) => string): string {
  let out = '';
  let pos = 0;
  tokens(text, (from, to, kind) => {
    out += plain(text.slice(pos, from)) + wrap(kind, text.slice(from, to));
    pos = to;
  });
  return out + plain(text.slice(pos));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/// Text made safe to place in HTML content or a quoted attribute.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
