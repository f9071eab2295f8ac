/// Parse errors, worded and laid out like Pact's parser library (trifecta) prints them:
///
/// ```
/// tests/pact/bad/bad-parens.repl:4:20: error: expected: ",", ":", ":=", (list), [list], atom,
///     bool, dyn-atom, end of input, number, string, symbol, {list}
/// 4 |   (defun foo () 1))))))
///   |                    ^
/// ```
///
/// The "expected" items are the labels of the upstream parsers that could have continued at that
/// point (`number`, `"."`, `end of input`, ...), sorted as trifecta sorts them.

import { locate } from './positions.ts';

/// Where reading stopped, what could have come next, and (at the end of input, or for a few
/// lexical errors) what was found instead.
export interface Failure {
  readonly offset: number;
  readonly expected: readonly string[];
  readonly reason?: string;
}

/// The reason trifecta gives when input ends in the middle of something.
export const EOF_REASON = 'unexpected EOF';

/// What the token before an error was; some tokens could have gone on, which adds to "expected".
export type TokenKind = 'none' | 'atom' | 'dynamic' | 'symbol' | 'integer' | 'decimal' | 'other';

// The labels of the alternatives of one expression (upstream `expr`; the bracket labels really
// are crossed over there).
const EXPRESSION = ['number', 'string', 'symbol', 'bool', 'dyn-atom', 'atom', '(list)', '[list]', '{list}', '":="', '":"', '","'];

/// The failure for a position where an expression, or the end of the enclosing list, should start.
/// `closer` is the enclosing list's closing bracket (null at top level); `prev`/`prevEnd` describe
/// the token before.
export function slotFailure(text: string, offset: number, closer: string | null, prev: TokenKind, prevEnd: number): Failure {
  const expected = EXPRESSION.slice();
  if (closer !== null) expected.push(`"${closer}"`);
  else if (prev !== 'none') expected.push('end of input');
  // A token directly followed by the error could have been longer; a name could go on with `.`.
  const adjacent = prevEnd === offset;
  switch (prev) {
    case 'atom':
      expected.push('"."');
      if (adjacent) expected.push('letter', 'digit');
      break;
    case 'dynamic':
    case 'symbol':
      if (adjacent) expected.push('letter', 'digit');
      break;
    case 'integer':
      if (adjacent) expected.push('digit', '"."');
      break;
    case 'decimal':
      if (adjacent) expected.push('digit');
      break;
  }
  return { offset, expected, reason: offset >= text.length ? EOF_REASON : undefined };
}

/// The failure where an identifier must follow (after `.` in a name, or `'` of a symbol).
export function identFailure(text: string, offset: number): Failure {
  return { offset, expected: ['atom'], reason: offset >= text.length ? EOF_REASON : undefined };
}

/// The failure for `true`/`false` used as part of a name: upstream loses every label on that path
/// except the one of the skipped whitespace, which trifecta prints as "space".
export function reservedFailure(offset: number): Failure {
  return { offset, expected: [''] };
}

/// A Pact parse error: nothing of the text runs. `line` and `column` are 1-based, as printed.
export class ParseError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /// UTF-16 offset of the error in `source`; equals `source.length` when the input ended early.
  readonly offset: number;
  readonly source: string;
  /// What could have come next, as printed (sorted, without duplicates).
  readonly expected: readonly string[];
  readonly reason: string | undefined;

  constructor(source: string, file: string, failure: Failure) {
    const expected = displayed(failure.expected);
    super(chunks(failure.reason, expected).join(' '));
    this.name = 'ParseError';
    const { line, col } = locate(source, failure.offset);
    this.file = file;
    this.line = line + 1;
    this.column = col + 1;
    this.offset = failure.offset;
    this.source = source;
    this.expected = expected;
    this.reason = failure.reason;
  }

  /// The error as Pact prints it: location and message (wrapped at 80 columns), then the source
  /// line and a caret. Input read as `<interactive>` is named `(interactive)` there.
  /// @example
  /// new ParseError('(a', 'x.repl', { offset: 2, expected: ['")"'], reason: 'unexpected EOF' }).render()
  /// // 'x.repl:1:3: error: unexpected EOF, expected: ")"\n1 | (a<EOF> \n  |   ^     '
  render(): string {
    const name = this.file === '<interactive>' ? '(interactive)' : this.file;
    const head = fill(`${name}:${this.line}:${this.column}: error: `, chunks(this.reason, this.expected));
    return `${head}\n${caretLines(this.source, this.offset, this.line, this.column - 1)}`;
  }
}

// trifecta sorts the expected labels (a Haskell Set), drops empty ones (whitespace) unless
// nothing else is left, which it shows as "space".
function displayed(expected: readonly string[]): string[] {
  if (expected.length === 0) return [];
  const set = [...new Set(expected)].sort(compareCodePoints);
  if (set.length === 1 && set[0] === '') return ['space'];
  return set.filter((s) => s !== '');
}

function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    if (x.value !== y.value) return x.value.codePointAt(0)! - y.value.codePointAt(0)!;
  }
}

// The message as unbreakable chunks; trifecta may break lines only between them.
function chunks(reason: string | undefined, expected: readonly string[]): string[] {
  const words = (reason ?? (expected.length === 0 ? 'unspecified error' : '')).split(' ').filter((w) => w !== '');
  if (expected.length === 0) return words;
  const items = expected.map((s, i) => (i < expected.length - 1 ? `${s},` : s));
  const first = `expected: ${items[0]}`;
  if (words.length === 0) return [first, ...items.slice(1)];
  words[words.length - 1] += `, ${first}`;
  return [...words, ...items.slice(1)];
}

// prettyprinter's fillSep at 80 columns with continuation lines indented by 4.
function fill(prefix: string, parts: readonly string[]): string {
  let out = prefix;
  let col = width(prefix);
  parts.forEach((part, i) => {
    const w = width(part);
    if (i === 0) {
      out += part;
      col += w;
    } else if (col + 1 + w <= 80) {
      out += ` ${part}`;
      col += 1 + w;
    } else {
      out += `\n    ${part}`;
      col = 4 + w;
    }
  });
  return out;
}

function width(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

// trifecta's rendering of the error line: a gutter with the line number, the line (TABs
// expanded; `<EOF>` when it has no newline) cut to a window around the caret, then the caret.
// Both rows are padded with spaces to the window's end, as trifecta draws them. Only the
// window's cells are made: a line may be hundreds of megabytes long.
function caretLines(source: string, offset: number, line: number, col: number): string {
  const start = offset === 0 ? 0 : source.lastIndexOf('\n', offset - 1) + 1;
  const nl = source.indexOf('\n', start);
  const end = nl < 0 ? source.length : nl;
  const eof = nl < 0 ? '<EOF>' : '';
  const gutter = String(line);
  const width = lineWidth(source, start, end) + eof.length;
  const [lo, hi] = window(col, width, Math.min(Math.max(80 - 5 - gutter.length, 30), 200));
  const cells = lineCells(source, start, end, lo, hi);
  for (let i = 0; i < eof.length; i++) cells[width - eof.length + i - lo] = eof[i]!;
  const text: string[] = [];
  const caret: string[] = [];
  for (let i = lo; i <= hi; i++) {
    text.push(cells[i - lo] ?? ' ');
    caret.push(i === col ? '^' : ' ');
  }
  if (lo > 0) text[0] = '<';
  if (width - 1 > hi) text[text.length - 1] = '>';
  return `${gutter} | ${text.join('')}\n${' '.repeat(gutter.length)} | ${caret.join('')}`;
}

// How many columns `source[start, end)` takes: a character each (a surrogate pair is one), a
// TAB up to the next multiple of 8.
function lineWidth(source: string, start: number, end: number): number {
  let at = 0;
  for (let i = start; i < end; i++) {
    const c = source.charCodeAt(i);
    if (c === 9) at = (at >> 3 << 3) + 8;
    else if (!isPairEnd(source, i, start)) at++;
  }
  return at;
}

// The cells of columns `lo..hi` of `source[start, end)`, from index 0 (a TAB as spaces).
function lineCells(source: string, start: number, end: number, lo: number, hi: number): string[] {
  const cells: string[] = [];
  let at = 0;
  for (let i = start; i < end && at <= hi; i++) {
    const c = source.charCodeAt(i);
    if (c === 9) {
      do if (at >= lo) cells[at - lo] = ' ';
      while (++at % 8 !== 0);
    } else if (isPairEnd(source, i, start)) {
      if (at > lo) cells[at - 1 - lo] += source[i]!;
    } else {
      if (at >= lo) cells[at - lo] = source[i]!;
      at++;
    }
  }
  return cells;
}

// Whether the code unit at `i` ends a surrogate pair begun after `start`.
function isPairEnd(source: string, i: number, start: number): boolean {
  const c = source.charCodeAt(i);
  if (c < 0xdc00 || c > 0xdfff || i === start) return false;
  const p = source.charCodeAt(i - 1);
  return p >= 0xd800 && p <= 0xdbff;
}

function window(col: number, len: number, w: number): [number, number] {
  const half = w >> 1;
  if (col <= half) return [0, Math.min(w, len)];
  if (col + half >= len) return len > w ? [len - w, len] : [0, w];
  return [col - half, col + half];
}
