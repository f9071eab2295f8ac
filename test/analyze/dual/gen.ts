/// Random well-typed Pact expressions over the natives Pact's analysis models, after the term
/// generator of Pact's property tests (tests/Analyze/Gen.hs): integers, decimals (up to 255
/// places), strings (Latin-1), booleans, times and lists of them, built from arithmetic,
/// rounding, bitwise operators, comparisons, string and list natives, `hash`, `format`,
/// `format-time`, `parse-time`, `str-to-int`, `add-time`, `make-list`, `if`. Each value kind has
/// a bound (Pact's `BoundedType`) that keeps numbers from growing without limit: a product's
/// operands get the square root of the product's bound.
///
/// Sizes work as Hedgehog's: a case has a size from 0 to 99, compound forms are possible only
/// above size 1, and each level down divides it (by the golden ratio, and by 2, 4 or 8 where
/// Pact's generator scales), so terms stay a few levels deep.
import type { Rng } from './rng.ts';
import { genFormat, genTimeOfFormat, showFormat, STANDARD_FORMAT } from './time-gen.ts';
import { formatTime } from '../../../src/values/time.ts';

export type Ty = 'integer' | 'decimal' | 'string' | 'bool' | 'time' | { readonly list: Ty };

/// A generated expression: a literal (its text, no arguments), an application of a native, or a
/// list literal (`head` `[`).
export interface Expr {
  readonly ty: Ty;
  readonly head: string;
  readonly args: readonly Expr[] | null;
  /// A string literal's value (shrinking shortens it).
  readonly raw?: string;
}

export function render(e: Expr): string {
  if (e.args === null) return e.head;
  const args = e.args.map(render).join(' ');
  return e.head === '[' ? `[${args}]` : `(${e.head}${args === '' ? '' : ' '}${args})`;
}

export function showTy(t: Ty): string {
  return typeof t === 'string' ? t : `[${showTy(t.list)}]`;
}

export function tyEq(a: Ty, b: Ty): boolean {
  return showTy(a) === showTy(b);
}

/// A closed interval bounding a number's value (Pact's `NumBound`).
interface Interval {
  readonly lo: number;
  readonly hi: number;
}

type Bound =
  | { readonly k: 'integer' | 'decimal'; readonly size: Interval }
  | { readonly k: 'string'; readonly len: number }
  | { readonly k: 'bool' | 'time' }
  | { readonly k: 'list'; readonly len: number; readonly elem: Bound };

const around = (x: number, r: number): Interval => ({ lo: x - r, hi: x + r });
const INT: Bound = { k: 'integer', size: around(0, 1e25) };
const DEC: Bound = { k: 'decimal', size: around(0, 1e25) };
const STR: Bound = { k: 'string', len: 1000 };
const BOOL: Bound = { k: 'bool' };
const TIME: Bound = { k: 'time' };
/// Seconds added to times (Pact's bound is exactly 1e9 seconds; a range varies them).
const SECONDS = around(0, 1e9);

const GOLDEN = 0.618;

function boundOf(ty: Ty): Bound {
  if (typeof ty !== 'string') return { k: 'list', len: 10, elem: boundOf(ty.list) };
  return { integer: INT, decimal: DEC, string: STR, bool: BOOL, time: TIME }[ty];
}

function tyOf(b: Bound): Ty {
  return b.k === 'list' ? { list: tyOf(b.elem) } : b.k;
}

const lit = (ty: Ty, text: string): Expr => ({ ty, head: text, args: null });
const str = (raw: string): Expr => ({ ty: 'string', head: pactString(raw), args: null, raw });
const app = (ty: Ty, head: string, ...args: Expr[]): Expr => ({ ty, head, args });

/// A Pact string literal of `s`: printable ASCII as it is, anything else as a numeric escape.
export function pactString(s: string): string {
  let out = '"';
  const chars = [...s];
  chars.forEach((ch, i) => {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (c >= 0x20 && c < 0x7f) out += ch;
    else out += `\\${c}${/[0-9]/.test(chars[i + 1] ?? '') ? '\\&' : ''}`;
  });
  return `${out}"`;
}

/// A decimal literal `mantissa / 10^places`, always with a point (else it reads as an integer).
export function decimalText(mantissa: bigint, places: number): string {
  const neg = mantissa < 0n;
  let digits = (neg ? -mantissa : mantissa).toString();
  if (places === 0) return `${neg ? '-' : ''}${digits}.0`;
  digits = digits.padStart(places + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/// The time literal of `micros` since the Unix epoch (whole seconds).
export function timeLiteral(micros: bigint): Expr {
  return app('time', 'time', str(formatTime('%Y-%m-%dT%H:%M:%SZ', micros)));
}

/// The epoch of Pact's analysis times (the modified Julian day's, 1858-11-17), in Unix micros.
export const ANALYSIS_EPOCH_MICROS = -3506716800000000n;

export class TermGen {
  private readonly rng: Rng;

  constructor(rng: Rng) {
    this.rng = rng;
  }

  /// A term of any of the kinds Pact's `genAnyTerm` picks from (its keysets are left out there
  /// too), at a size from 0 to 99.
  anyTerm(size = this.rng.int(0, 99)): Expr {
    const kinds: Bound[] = [INT, DEC, STR, BOOL, TIME, ...[INT, DEC, STR, BOOL, TIME].map((elem): Bound => ({ k: 'list', len: 10, elem }))];
    return this.term(this.rng.pick(kinds), size);
  }

  /// `(format-time FORMAT t)` of a generated time (Pact's `genFormatTime`).
  formatTime(size = this.rng.int(0, 99)): Expr {
    return app('string', 'format-time', str(showFormat(genFormat(this.rng))), this.term(TIME, size));
  }

  /// `(parse-time FORMAT TEXT)`, the text made for the format (Pact's `genParseTime`).
  parseTime(): Expr {
    const format = genFormat(this.rng);
    return app('time', 'parse-time', str(showFormat(format)), str(genTimeOfFormat(this.rng, format)));
  }

  /// `(add-time t d)` of a generated time and a decimal of a few seconds (Pact's
  /// `genDecAddTime`, whose decimals are all zero at its bound of 0).
  decAddTime(size = this.rng.int(0, 99)): Expr {
    return app('time', 'add-time', this.term(TIME, size), this.term({ k: 'decimal', size: around(0, 1000) }, size));
  }

  /// A term of type `ty`, within the bounds of `anyTerm`'s.
  of(ty: Ty, size = this.rng.int(0, 99)): Expr {
    return this.term(boundOf(ty), size);
  }

  private term(b: Bound, size: number): Expr {
    const s = size / 2;
    if (b.k === 'list') return this.core(b, s);
    return this.rng.bool() ? this.core(b, s) : this.specific(b, s);
  }

  /// Hedgehog's `recursive`: only the first group at size 1 or less; children a size smaller.
  private recursive(size: number, leaves: ReadonlyArray<() => Expr>, nodes: ReadonlyArray<(s: number) => Expr>): Expr {
    if (size <= 1) return this.rng.pick(leaves)();
    const i = this.rng.int(0, leaves.length + nodes.length - 1);
    return i < leaves.length ? leaves[i]!() : nodes[i - leaves.length]!(size * GOLDEN);
  }

  private core(b: Bound, size: number): Expr {
    switch (b.k) {
      case 'integer': return this.integer(b.size, size);
      case 'decimal': return this.decimal(b.size, size);
      case 'string': return this.string(b.len, size);
      case 'bool': return this.bool(size);
      case 'time': return this.time(size);
      case 'list': return this.list(b, size);
    }
  }

  private integer(bound: Interval, size: number): Expr {
    const int = (b: Interval, s: number) => this.core({ k: 'integer', size: b }, s);
    const dec = (b: Interval, s: number) => this.core({ k: 'decimal', size: b }, s);
    return this.recursive(size, [() => lit('integer', `${this.genInteger(bound)}`)], [
      (s) => app('integer', 'mod', int(bound, s / 4), int({ lo: 1, hi: 1000 }, s / 4)),
      (s) => this.arith('integer', bound, s / 4, int, int),
      (s) => this.unary('integer', bound, s / 4, int),
      (s) => app('integer', this.rng.pick(['round', 'ceiling', 'floor']), dec(bound, s / 4)),
      (s) => app('integer', 'length', this.core(STR, s / 4)),
      (s) => app('integer', this.rng.pick(['&', '|', 'xor']), int(bound, s / 4), int(bound, s / 4)),
      (s) => app('integer', 'shift', int(bound, s / 4), int({ lo: 1, hi: 10 }, s / 4)),
      (s) => app('integer', '~', int(bound, s / 4)),
    ]);
  }

  private decimal(bound: Interval, size: number): Expr {
    const int = (b: Interval, s: number) => this.core({ k: 'integer', size: b }, s);
    const dec = (b: Interval, s: number) => this.core({ k: 'decimal', size: b }, s);
    return this.recursive(size, [() => lit('decimal', this.genDecimal(bound))], [
      (s) => this.arith('decimal', bound, s / 4, dec, dec),
      (s) => this.unary('decimal', bound, s / 4, dec),
      (s) => this.arith('decimal', bound, s / 4, dec, int),
      (s) => this.arith('decimal', bound, s / 4, int, dec),
      (s) => app('decimal', this.rng.pick(['round', 'ceiling', 'floor']), dec(bound, s / 4), int(around(0, 255), s / 4)),
      (s) => app('decimal', 'dec', int(bound, s / 4)),
    ]);
  }

  /// `+ - * /` of two operands, each bounded so the result stays within `bound` (Pact's
  /// `arithSize`: a product's operands get the bound's square root).
  private arith(ty: Ty, bound: Interval, s: number, x: (b: Interval, s: number) => Expr, y: (b: Interval, s: number) => Expr): Expr {
    const op = this.rng.pick(['+', '-', '*', '/']);
    const b = op === '*' ? sqrtInterval(bound) : bound;
    return app(ty, op, x(b, s), y(b, s));
  }

  /// Negation (of the negated bound) or `abs`.
  private unary(ty: Ty, bound: Interval, s: number, x: (b: Interval, s: number) => Expr): Expr {
    return this.rng.bool() ? app(ty, '-', x({ lo: -bound.hi, hi: -bound.lo }, s)) : app(ty, 'abs', x(bound, s));
  }

  private string(len: number, size: number): Expr {
    const half = Math.floor(len / 2);
    return this.recursive(size, [() => str(this.latin1(len))], [
      (s) => app('string', '+', this.core({ k: 'string', len: half }, s / 4), this.core({ k: 'string', len: half }, s / 4)),
      (s) => app('string', 'hash', this.core({ k: 'string', len: half }, s)),
      (s) => app('string', 'hash', this.core(INT, s)),
      (s) => app('string', 'hash', this.core(DEC, s)),
      (s) => app('string', 'hash', this.core(BOOL, s)),
    ]);
  }

  private bool(size: number): Expr {
    const ordered = [INT, DEC, TIME, STR];
    return this.recursive(size, [() => lit('bool', `${this.rng.bool()}`)], [
      (s) => {
        const b = this.rng.pick(ordered);
        return app('bool', this.rng.pick(['>', '<', '>=', '<=', '=', '!=']), this.core(b, s / 4), this.core(b, s / 4));
      },
      (s) => app('bool', this.rng.pick(['=', '!=']), this.core(BOOL, s / 4), this.core(BOOL, s / 4)),
      (s) => app('bool', this.rng.pick(['and', 'or']), this.core(BOOL, s / 4), this.core(BOOL, s / 4)),
      (s) => {
        const elem = this.rng.pick([INT, DEC, BOOL, STR, TIME]);
        const l: Bound = { k: 'list', len: 10, elem };
        return app('bool', this.rng.pick(['=', '!=']), this.core(l, s / 4), this.core(l, s / 4));
      },
      (s) => app('bool', 'not', this.core(BOOL, s / 4)),
    ]);
  }

  private time(size: number): Expr {
    return this.recursive(size, [() => this.timeLiteral()], [
      (s) => app('time', 'add-time', this.core(TIME, s / 4), this.core({ k: 'integer', size: SECONDS }, s / 4)),
      (s) => app('time', 'add-time', this.core(TIME, s / 4), this.core({ k: 'decimal', size: SECONDS }, s / 4)),
    ]);
  }

  /// Whole seconds between the years 1 and 9999, or the analysis' own epoch plus 1000 s (the
  /// literal Pact's generator always makes).
  private timeLiteral(): Expr {
    if (this.rng.int(0, 3) === 0) return timeLiteral(ANALYSIS_EPOCH_MICROS + 1_000_000_000n);
    return timeLiteral(this.rng.bigint(-62135596800n, 253402300799n) * 1_000_000n);
  }

  private list(b: Extract<Bound, { k: 'list' }>, size: number): Expr {
    const ty = tyOf(b);
    const half: Bound = { ...b, len: Math.floor(b.len / 2) };
    const count = (s: number) => this.core({ k: 'integer', size: around(0, 10) }, s);
    return this.recursive(size, [() => app(ty, 'make-list', lit('integer', `${this.genInteger({ lo: 0, hi: b.len })}`), this.core(b.elem, size))], [
      (s) => app(ty, 'reverse', this.core(b, s)),
      (s) => app(ty, 'sort', this.core(b, s)),
      (s) => app(ty, '+', this.core(half, s), this.core(half, s)),
      (s) => app(ty, 'drop', count(s), this.core(b, s)),
      (s) => app(ty, 'take', count(s), this.core(b, s)),
    ]);
  }

  /// The forms Pact's generator has for one kind only (its `genTermSpecific`); the reads of
  /// the transaction's data are left out (see dual-evaluation.test.ts).
  private specific(b: Exclude<Bound, { k: 'list' }>, size: number): Expr {
    switch (b.k) {
      case 'integer': return this.rng.pick([
        () => {
          const base = this.rng.int(2, 16);
          return app('integer', 'str-to-int', lit('integer', `${base}`), str(this.digits(base)));
        },
        () => app('integer', 'str-to-int', str(this.digits(10))),
        () => this.conditional(b, size),
      ])();
      case 'bool': return this.rng.pick([
        () => lit('bool', `${this.rng.bool()}`),
        () => lit('bool', `${this.rng.bool()}`),
        () => lit('bool', `${this.rng.bool()}`),
        () => this.conditional(b, size),
      ])();
      case 'string': return this.stringSpecific(b, size / 2);
      // Pact's one form for decimals reads the transaction's data (not ported).
      case 'decimal': return this.core(b, size / 2);
      case 'time': return this.timeSpecific();
    }
  }

  private stringSpecific(b: Bound, size: number): Expr {
    const formattable = (s: number) => this.term(this.rng.pick([INT, STR, BOOL]), s);
    const format = (template: string, n: number, s: number) =>
      // (The list literal's elements differ in type; shrinking never replaces it whole.)
      app('string', 'format', str(template), app({ list: 'string' }, '[', ...Array.from({ length: n }, () => formattable(s))));
    return this.rng.pick([
      () => app('string', 'pact-version'),
      () => this.rng.pick([
        () => format('{}', 1, size / 2),
        () => format(this.rng.pick(['{} {}', '{} / {}', '{} - {}']), 2, size / 4),
        () => format(this.rng.pick(['{} {} {}', '{} / {} / {}', '{} - {} - {}']), 3, size / 8),
      ])(),
      () => app('string', 'format-time', str(showFormat(genFormat(this.rng))), this.term(TIME, size / 4)),
      () => app('string', 'hash', this.term(INT, size)),
      () => app('string', 'hash', this.term(STR, size)),
      () => this.conditional(b, size),
    ])();
  }

  /// `parse-time` of a text of its format, or `time` of a text of Pact's standard format (which
  /// ends in an offset, not the `Z` `time` wants: it fails, on both sides).
  private timeSpecific(): Expr {
    if (this.rng.bool()) return this.parseTime();
    return app('time', 'time', str(genTimeOfFormat(this.rng, STANDARD_FORMAT)));
  }

  /// `(if c a b)` (Pact's `genTermSpecific'`).
  private conditional(b: Bound, size: number): Expr {
    const s = size / 8;
    return app(tyOf(b), 'if', this.term(BOOL, s), this.term(b, s), this.term(b, s));
  }

  /// Hedgehog's exponential range from the interval's midpoint to its ends.
  private genInteger(b: Interval): bigint {
    let lo = BigInt(Math.ceil(b.lo));
    let hi = BigInt(Math.floor(b.hi));
    const mid = BigInt(Math.round((b.lo + b.hi) / 2));
    if (lo > hi) [lo, hi] = [mid, mid];
    return this.rng.exponential(mid < lo ? lo : mid > hi ? hi : mid, lo, hi);
  }

  /// Any number of places up to 255, the mantissa bounded by the interval times 10^places.
  /// Trailing zeros are dropped, as Pact's generator's decimals lose them on their way from the
  /// analysis' representation (where `hash` of a decimal with a huge mantissa would otherwise
  /// differ: the interpreter's keeps the zeros, the analysis' drops them).
  private genDecimal(b: Interval): string {
    let places = this.rng.int(0, 255);
    const scale = (x: number) => (BigInt(Math.round(x * 1e6)) * 10n ** BigInt(places)) / 1_000_000n;
    const lo = scale(b.lo);
    const hi = scale(b.hi);
    let m = this.rng.exponential((lo + hi) / 2n, lo, hi);
    for (; places > 0 && m % 10n === 0n; places--) m /= 10n;
    return decimalText(m, places);
  }

  /// Latin-1 text of 1 to `max` characters (fewer more often).
  private latin1(max: number): string {
    const n = Number(this.rng.exponential(1n, 1n, BigInt(Math.max(1, max))));
    return Array.from({ length: n }, () => String.fromCharCode(this.rng.int(0, 255))).join('');
  }

  /// 1 to 128 digits of `base`, upper and lower case alike (Pact's `genBaseChar`).
  private digits(base: number): string {
    const alphabet = '00112233445566778899aAbBcCdDeEfF'.slice(0, 2 * base);
    const n = Number(this.rng.exponential(1n, 1n, 128n));
    return Array.from({ length: n }, () => alphabet[this.rng.int(0, alphabet.length - 1)]).join('');
  }
}

/// Interval square root: what is below zero is dropped.
function sqrtInterval(b: Interval): Interval {
  return b.hi <= 0 ? { lo: 0, hi: 0 } : { lo: Math.sqrt(Math.max(0, b.lo)), hi: Math.sqrt(b.hi) };
}

// ---------------------------------------------------------------------------------------------
// Shrinking

/// Smaller terms of the same type: each node replaced by one of its arguments of its type or by
/// a small literal, and literals made shorter. The largest cuts come first.
export function* shrinks(e: Expr): Generator<Expr> {
  if (e.args !== null && e.head !== '[') {
    for (const a of e.args) if (tyEq(a.ty, e.ty)) yield a;
  }
  const small = e.head === '[' ? null : smallLiteral(e.ty);
  if (small !== null && render(small) !== render(e)) yield small;
  if (e.args === null) {
    yield* shrinkLiteral(e);
    return;
  }
  for (let i = 0; i < e.args.length; i++) {
    for (const a of shrinks(e.args[i]!)) yield { ...e, args: e.args.map((x, j) => (j === i ? a : x)) };
  }
}

function smallLiteral(ty: Ty): Expr | null {
  switch (ty) {
    case 'integer': return lit(ty, '1');
    case 'decimal': return lit(ty, '1.5');
    case 'string': return lit(ty, '"a"');
    case 'bool': return lit(ty, 'true');
    case 'time': return timeLiteral(0n);
    default: {
      const elem = smallLiteral(ty.list);
      return elem === null ? null : app(ty, 'make-list', lit('integer', '1'), elem);
    }
  }
}

function* shrinkLiteral(e: Expr): Generator<Expr> {
  const t = e.head;
  if (e.ty === 'integer' && /^-?[0-9]{2,}$/.test(t)) yield lit(e.ty, t.slice(0, -1));
  if (e.ty === 'decimal') {
    const [whole, frac] = t.split('.');
    if (frac!.length > 1) yield lit(e.ty, `${whole}.${frac!.slice(0, Math.ceil(frac!.length / 2))}`);
    if (/[0-9]{2,}/.test(whole!)) yield lit(e.ty, `${whole!.slice(0, -1)}.${frac}`);
  }
  if (e.raw !== undefined && e.raw.length > 1) yield str([...e.raw].slice(0, Math.floor([...e.raw].length / 2)).join(''));
}
