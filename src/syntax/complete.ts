/// Whether REPL input needs more lines.

import { ParseError } from './errors.ts';
import { parse } from './reader.ts';

/// True when `text` fails to parse only because it ends too early: an unclosed `(`, `[` or `{`, a
/// string, name or escape cut short, or no expression yet. This is Pact's test for showing the
/// `....> ` prompt: it joins the lines typed so far with a newline after each and asks whether
/// the parse failed exactly at the end. (So a string left open at the end of a line is an error
/// there, not a continuation, unless the line ends inside a `\` gap.)
/// @example
/// isIncomplete('(defun f ()\n') // true
/// isIncomplete('(+ 1 2))\n')    // false: an error, but not at the end
export function isIncomplete(text: string): boolean {
  try {
    parse(text, '<interactive>');
    return false;
  } catch (e) {
    if (e instanceof ParseError) return e.offset === text.length;
    throw e;
  }
}
