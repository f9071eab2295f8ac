/// ANSI colouring of Pact text for the REPL, from the same grammar as the reader.

import { highlightTree, styleTags, tagHighlighter, tags as t } from '@lezer/highlight';
import { parser as plainParser } from './parser.ts';

const parser = plainParser.configure({
  props: [
    styleTags({
      Keyword: t.keyword,
      Meta: t.meta,
      'String Symbol': t.string,
      'Integer Decimal': t.number,
      Boolean: t.bool,
      LineComment: t.lineComment,
      '( ) [ ] { }': t.bracket,
    }),
  ],
});

// Classes are SGR parameters; several on one range are joined with `;`.
const ansi = tagHighlighter([
  { tag: t.keyword, class: '1;35' },
  { tag: t.meta, class: '36' },
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
    out += `${text.slice(pos, from)}\x1b[${classes.replaceAll(' ', ';')}m${text.slice(from, to)}\x1b[0m`;
    pos = to;
  });
  return out + text.slice(pos);
}
