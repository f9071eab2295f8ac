/// The syntax layer's public API: reading Pact text into expressions, parse errors, the REPL's
/// completeness check. Highlighting (highlight.ts) is imported by the terminal editor itself: it
/// is not set up for every run of a script.

export type { Exp, Info, Literal } from './exp.ts';
export { spanText } from './exp.ts';
export { parse, parsePieces } from './reader.ts';
export type { ReadOptions } from './reader.ts';
export { ParseError } from './errors.ts';
export { isIncomplete } from './complete.ts';
export { pactCodeText } from './code.ts';
