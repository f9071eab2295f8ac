/// The reader: Pact source text to `Exp` trees with source spans, or a `ParseError`.
///
/// The lezer grammar does the structural work. The reader then checks what a regular grammar
/// cannot (Unicode letters in names, reserved words inside names, numeric escape ranges, decimal
/// precision) and, on any error, reports it where and as Pact's own parser would.

import type { Tree, TreeCursor } from '@lezer/common';
import type { Exp, Info, Literal } from './exp.ts';
import { isReserved, scanIdent, skipTrivia } from './chars.ts';
import { ParseError, identFailure, reservedFailure, slotFailure } from './errors.ts';
import type { Failure, TokenKind } from './errors.ts';
import { parser } from './parser.ts';
import * as T from './parser.terms.ts';
import { Positions } from './positions.ts';
import { pieces } from './pieces.ts';
import { decodeString } from './strings.ts';

type Delim = '(' | '[' | '{';
const CLOSER: Record<Delim, string> = { '(': ')', '[': ']', '{': '}' };

// The reader reads the grammar's flat `Tokens` form, where each bracket is a token: it builds
// the lists itself, with a stack of its own, so nesting is bounded by memory alone (the parser's
// own stack gives up past a few thousand levels).
const tokens = parser.configure({ top: 'Tokens' });

/// The parser of the flat form the reader reads (for `readTree`).
export const tokensParser = tokens;
const typeId = (name: string) => parser.nodeSet.types.find((t) => t.name === name)!.id;
// Opening brackets by node type, and the opener each closing bracket matches.
const OPENERS = new Map<number, Delim>([[typeId('('), '('], [typeId('['), '['], [typeId('{'), '{']]);
const CLOSES = new Map<number, Delim>([[typeId(')'), '('], [typeId(']'), '['], [typeId('}'), '{']]);

// A list being read: its expressions so far and where to resume when it closes.
interface OpenList {
  readonly delim: Delim;
  // Where it starts (its length is known when it closes).
  readonly info: Info;
  readonly items: Exp[];
  readonly outer: Exp[];
  readonly outerCloser: string | null;
}

// Upstream rejects decimals with more fractional digits (Data.Decimal stores the scale in a byte).
const MAX_SCALE = 255;

/// Reads a whole text: a file, or one input of the REPL. `file` names the source in spans and
/// errors (`<interactive>` for REPL input). Like Pact, text without any expression (empty, or
/// only whitespace and comments) is an error, at its end.
/// @example
/// parse('(+ 1 2)', 'x.repl')[0] // { tag: 'list', delim: '(', items: [...3 expressions], info: { line: 0, col: 0, ... } }
export function parse(source: string, file: string, options: ReadOptions = {}): Exp[] {
  return new Reader(source, file, options.columnBase ?? null, new Positions(source)).program(tokens.parse(source).cursor());
}

/// `parse` of a text already parsed by `tokensParser` into `tree` (an editor keeps each file's
/// tree and reparses only what an edit touched): the same expressions, the same errors.
/// `tolerant` reads on past what is wrong with the brackets (a list left open is closed at the
/// end, a bracket out of place skipped), so that an editor still knows the code around a slip;
/// other errors are still thrown.
export function readTree(tree: Tree, source: string, file: string, tolerant = false): Exp[] {
  const reader = new Reader(source, file, null, new Positions(source));
  reader.tolerant = tolerant;
  return reader.program(tree.cursor());
}

/// Reads a long text piece by piece (see pieces.ts), each piece's expressions as one array,
/// exactly as `parse` reads the whole: same spans, same errors (thrown when their piece is
/// reached). Memory stays at one piece however long the text.
export function* parsePieces(source: string, file: string, size = PIECE): Generator<Exp[]> {
  const positions = new Positions(source);
  let any = false;
  for (const [from, to] of pieces(source, size)) {
    const reader = new Reader(source, file, null, positions);
    // A piece after the first follows a closed expression, which shapes "expected" lists.
    reader.startAt(from);
    const exps = reader.piece(tokens.parse(source.slice(from, to)).cursor());
    any ||= exps.length > 0;
    if (exps.length > 0) yield exps;
  }
  // Like Pact, text without any expression is an error, at its end.
  if (!any) parse(source, file);
}

/// How much text `parsePieces` reads at a time.
export const PIECE = 4096;

/// How spans count positions.
export interface ReadOptions {
  /// Count as Pact's on-chain parser does: no lines (every span is on line 0) and the column is
  /// the UTF-16 offset from the start of the code, plus this base (non-zero when the text is a
  /// part cut from a larger code string, such as a stored module's code).
  readonly columnBase?: number;
}

class Reader {
  private readonly source: string;
  private readonly file: string;
  private readonly positions: Positions;
  // Where the tree's text starts in `source` (a piece of a long text is parsed on its own).
  private base = 0;
  // On-chain column counting (see ReadOptions), or null to count lines and columns.
  private readonly columnBase: number | null;
  /// Skip what is wrong with the brackets instead of failing (see `readTree`).
  tolerant = false;
  // The last token read and the one before it: what may follow a token adds to an error's
  // "expected" list, and an error right after a number makes upstream re-read from the number.
  private prev: TokenKind = 'none';
  private prevStart = 0;
  private prevEnd = 0;
  private prev2: TokenKind = 'none';
  private prev2End = 0;

  constructor(source: string, file: string, columnBase: number | null, positions: Positions) {
    this.source = source;
    this.file = file;
    this.positions = positions;
    this.columnBase = columnBase;
  }

  program(c: TreeCursor): Exp[] {
    const out = this.piece(c);
    if (out.length === 0) this.slot(skipTrivia(this.source, 0), null);
    return out;
  }

  /// The expressions of a tree (of the whole text, or of a range of it).
  piece(c: TreeCursor): Exp[] {
    const out: Exp[] = [];
    if (c.firstChild()) this.walk(c, out);
    return out;
  }

  /// The tree being read is of the text from `at` (just after a closing bracket, unless 0).
  startAt(at: number): void {
    this.base = at;
    if (at > 0) this.token('other', at - 1, at);
  }

  // Reads the token at the cursor and those after it into `out`, building lists as their
  // brackets open and close.
  private walk(c: TreeCursor, out: Exp[]): void {
    const open: OpenList[] = [];
    let items = out;
    let closer: string | null = null;
    do {
      const from = c.from + this.base;
      const delim = OPENERS.get(c.type.id);
      const closes = CLOSES.get(c.type.id);
      if (delim !== undefined) {
        open.push({ delim, info: this.info(from, from), items: [], outer: items, outerCloser: closer });
        this.token('other', from, from + 1);
        items = open[open.length - 1]!.items;
        closer = CLOSER[delim];
      } else if (closes !== undefined && open.length > 0 && open[open.length - 1]!.delim === closes) {
        const list = open.pop()!;
        this.token('other', from, from + 1);
        list.outer.push({ tag: 'list', delim: list.delim, items: list.items, info: this.extended(list.info, from + 1) });
        items = list.outer;
        closer = list.outerCloser;
      } else if (closes === undefined || !this.tolerant) {
        // A closing bracket out of place is an error there, as any other token would be.
        this.expression(c, items, closer);
      }
    } while (c.nextSibling());
    // A list left open: what upstream expected next is at the end of the text.
    if (open.length > 0 && !this.tolerant) this.slot(skipTrivia(this.source, this.prevEnd), closer);
    for (let list = open.pop(); list !== undefined; list = open.pop()) {
      list.outer.push({ tag: 'list', delim: list.delim, items: list.items, info: this.extended(list.info, this.source.length) });
    }
  }

  // Reads the token (or error) at the cursor into `out`; nothing for a comment. `closer` is the
  // enclosing list's closing bracket, null at top level.
  private expression(c: TreeCursor, out: Exp[], closer: string | null): void {
    const from = c.from + this.base;
    const to = c.to + this.base;
    const s = this.source;
    switch (c.type.id) {
      case T.LineComment:
        return;
      case T.Integer:
        out.push(lit({ kind: 'integer', value: BigInt(s.slice(from, to)) }, this.info(from, to)));
        return this.token('integer', from, to);
      case T.Decimal:
        return this.decimal(from, to, out, closer);
      case T.String: {
        const value = decodeString(s, from);
        if (typeof value !== 'string') this.fail(value);
        out.push(lit({ kind: 'string', value, symbol: false }, this.info(from, to)));
        return this.token('other', from, to);
      }
      case T.Symbol:
        return this.symbol(from, to, out, closer);
      case T.Boolean:
        out.push(lit({ kind: 'bool', value: s.charCodeAt(from) === 116 /* t */ }, this.info(from, to)));
        return this.token('other', from, to);
      case T.Atom:
        return this.atom(from, to, out, closer);
      case T.Colon:
        out.push(sep(':', this.info(from, to)));
        return this.token('other', from, to);
      case T.Bind:
        out.push(sep(':=', this.info(from, to)));
        return this.token('other', from, to);
      case T.Comma:
        out.push(sep(',', this.info(from, to)));
        return this.token('other', from, to);
      default:
        // An error node, or a bracket out of place.
        if (this.tolerant) return;
        return this.error(from, closer);
    }
  }

  // `a`, `a.b.c` (whitespace and comments may surround the dots), `ref::member`.
  private atom(from: number, to: number, out: Exp[], closer: string | null): void {
    const s = this.source;
    let p = scanIdent(s, from, to);
    if (p === from) this.slot(from, closer); // not a letter: nothing upstream can read here
    const parts = [s.slice(from, p)];
    while (p < to) {
      const q = skipTrivia(s, p);
      const ch = s.charCodeAt(q);
      if (q === p && ch !== 46 /* . */ && ch !== 58 /* : */) {
        // A character that is no letter ends the name; the next expression cannot start with it.
        this.token('atom', from, p);
        this.slot(p, closer);
      }
      if (ch === 46) {
        const r = skipTrivia(s, q + 1);
        const e = scanIdent(s, r, to);
        if (e === r) this.fail(identFailure(s, r));
        const part = s.slice(r, e);
        if (isReserved(part)) this.fail(reservedFailure(r));
        parts.push(part);
        p = e;
        continue;
      }
      return this.dynamic(parts[0]!, from, p, q, to, out, closer);
    }
    out.push(atom(parts, false, this.info(from, to)));
    this.token('atom', from, to);
  }

  // `ref::member`; `ref` ends at `refEnd`, the first colon is at `colon`.
  private dynamic(ref: string, from: number, refEnd: number, colon: number, to: number, out: Exp[], closer: string | null): void {
    const s = this.source;
    const colon2 = skipTrivia(s, colon + 1);
    const r = skipTrivia(s, colon2 + 1);
    const e = scanIdent(s, r, to);
    const member = s.slice(r, e);
    if (e === r || isReserved(member)) {
      // Upstream gives up on the dynamic name and reads `ref`, `:`, `:` and what follows apart.
      out.push(atom([ref], false, this.info(from, refEnd)));
      out.push(sep(':', this.info(colon, colon + 1)));
      out.push(sep(':', this.info(colon2, colon2 + 1)));
      this.token('other', colon2, colon2 + 1);
      if (e === r) this.slot(r, closer);
      out.push(lit({ kind: 'bool', value: member === 'true' }, this.info(r, e)));
      this.token('other', r, e);
    } else {
      out.push(atom([ref, member], true, this.info(from, e)));
      this.token('dynamic', from, e);
    }
    if (e < to) this.slot(e, closer);
  }

  // `'name` (whitespace and comments may follow the quote): a string literal.
  private symbol(from: number, to: number, out: Exp[], closer: string | null): void {
    const s = this.source;
    const r = skipTrivia(s, from + 1);
    const e = scanIdent(s, r, to);
    if (e === r) this.fail(identFailure(s, r));
    const value = s.slice(r, e);
    if (isReserved(value)) this.fail(reservedFailure(r));
    this.token('symbol', from, e);
    if (e < to) this.slot(e, closer);
    out.push(lit({ kind: 'string', value, symbol: true }, this.info(from, to)));
  }

  // Whitespace and comments may follow the point (`1. 5` is 1.5); the text keeps the digits only.
  private decimal(from: number, to: number, out: Exp[], closer: string | null): void {
    const s = this.source;
    const dot = s.indexOf('.', from);
    const fraction = skipTrivia(s, dot + 1);
    if (to - fraction > MAX_SCALE) {
      // Upstream's overflow error is discarded when it backtracks out of the number; what it
      // reports is that nothing else can be read there either (after `-1.`, a name part).
      if (s.charCodeAt(from) === 45 /* - */) this.fail(identFailure(s, fraction));
      this.slot(from, closer);
    }
    const text = fraction === dot + 1 ? s.slice(from, to) : s.slice(from, dot + 1) + s.slice(fraction, to);
    out.push(lit({ kind: 'decimal', text }, this.info(from, to)));
    this.token('decimal', from, to);
  }

  // Reports the error at an error node the way upstream sees the text there.
  private error(from: number, closer: string | null): never {
    const s = this.source;
    const q = skipTrivia(s, from);
    const ch = s.charCodeAt(q);
    if (ch === 34 /* " */) {
      const r = decodeString(s, q);
      if (typeof r !== 'string') this.fail(r);
    } else if (ch === 39 /* ' */) {
      this.fail(identFailure(s, skipTrivia(s, q + 1)));
    } else if (ch === 46 /* . */) {
      // After a name a `.` is read as part of it, so a name part is missing. After digits it is
      // a decimal point; with no digits after it upstream backtracks to read the number as
      // something else: nothing, or for `-1.` a name (`-1.x` is a name upstream but an error here).
      const next = skipTrivia(s, q + 1);
      if (this.prev === 'atom') this.fail(identFailure(s, next));
      if (this.prev === 'integer' && this.prevEnd === q) {
        if (s.charCodeAt(this.prevStart) === 45 /* - */ && scanIdent(s, next, s.length) === next) this.fail(identFailure(s, next));
        this.fail(slotFailure(s, this.prevStart, closer, this.prev2, this.prev2End));
      }
    }
    this.slot(q, closer);
  }

  private slot(offset: number, closer: string | null): never {
    this.fail(slotFailure(this.source, offset, closer, this.prev, this.prevEnd));
  }

  private fail(failure: Failure): never {
    throw new ParseError(this.source, this.file, failure);
  }

  private token(kind: TokenKind, start: number, end: number): void {
    this.prev2 = this.prev;
    this.prev2End = this.prevEnd;
    this.prev = kind;
    this.prevStart = start;
    this.prevEnd = end;
  }

  // `info`, a span that started before, extended to the next token after `to`.
  private extended(info: Info, to: number): Info {
    const { file, line, col, offset, source } = info;
    return { file, line, col, offset, length: skipTrivia(this.source, to) - offset, source };
  }

  // The span from `from` to the next token after `to`.
  private info(from: number, to: number): Info {
    const length = skipTrivia(this.source, to) - from;
    if (this.columnBase !== null) {
      return { file: this.file, line: 0, col: this.columnBase + from, offset: from, length, source: this.source };
    }
    const p = this.positions;
    p.moveTo(from);
    return { file: this.file, line: p.currentLine, col: p.currentCol, offset: from, length, source: this.source };
  }
}

function lit(lit: Literal, info: Info): Exp {
  return { tag: 'lit', lit, info };
}

function atom(parts: readonly string[], dynamic: boolean, info: Info): Exp {
  return { tag: 'atom', parts, dynamic, info };
}

function sep(sep: ':' | ':=' | ',', info: Info): Exp {
  return { tag: 'sep', sep, info };
}
