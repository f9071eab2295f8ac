/// ANSI colouring of Pact text for the REPL, from the same grammar as the reader.

import { highlightTree, styleTags, tagHighlighter, tags as t } from '@lezer/highlight';
import { parser as plainParser } from './parser.ts';

const parser = plainParser.configure({
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

const NAME = 'name';

// Pact's reserved words plus `if`, shown as keywords; and the metadata markers.
const KEYWORDS = new Set([
  'module', 'interface', 'defun', 'defcap', 'defpact', 'defconst', 'defschema', 'deftable', 'let', 'let*',
  'lambda', 'cond', 'if', 'step', 'step-with-rollback', 'use', 'implements', 'bless', 'with-capability',
]);
const META = new Set(['@doc', '@model', '@managed', '@event']);

// The colour of a name: keywords and metadata markers only.
function nameClass(word: string): string | null {
  return KEYWORDS.has(word) ? '1;35' : META.has(word) ? '36' : null;
}

// Classes are SGR parameters; several on one range are joined with `;`.
const ansi = tagHighlighter([
  { tag: t.name, class: NAME },
  { tag: t.string, class: '32' },
  { tag: t.number, class: '33' },
  { tag: t.bool, class: '34' },
  { tag: t.comment, class: '2' },
  { tag: t.bracket, class: '1' },
]);

/// `text` with ANSI colour codes around keywords, metadata markers (`@doc`...), strings and
/// symbols, numbers, booleans, comments and brackets. Removing the codes gives back `text`
/// exactly; incomplete or invalid input is coloured as far as it can be read.
/// @example
/// highlight('(defun f () "x")') // '\x1b[1m(\x1b[0m\x1b[1;35mdefun\x1b[0m f ...'
export function highlight(text: string): string {
  let out = '';
  let pos = 0;
  highlightTree(parser.parse(text), ansi, (from, to, classes) => {
    const sgr = classes === NAME ? nameClass(text.slice(from, to)) : classes.replaceAll(' ', ';');
    if (sgr === null) return;
    out += `${text.slice(pos, from)}\x1b[${sgr}m${text.slice(from, to)}\x1b[0m`;
    pos = to;
  });
  return out + text.slice(pos);
}
