/// Values the analysis knows while it evaluates (SBV's literals: Pact's analysis computes an
/// operator of known operands at once, and some natives — `hash`, `parse-time`,
/// `typeof-principal` ... — only of known operands). Integers, decimals (scaled by 10^255) and
/// times (microseconds) are bigints; lists are arrays.
import { DECIMAL_ONE } from './lang.ts';
import type { Op, Ty } from './lang.ts';
import { LIST_BOUND, smtLit } from './smt.ts';

export type Known = bigint | boolean | string | readonly Known[];

/// What is known of a run's SMT-LIB terms: literals by their text, named definitions by name.
export class KnownTerms {
  private readonly names = new Map<string, Known>();

  get(text: string): Known | undefined {
    return this.names.get(text) ?? literalValue(text);
  }

  /// A definition `name` of `expr` is known when `expr` is.
  alias(name: string, expr: string): void {
    const v = this.get(expr);
    if (v !== undefined) this.names.set(name, v);
  }

  set(name: string, v: Known): void {
    this.names.set(name, v);
  }

  /// A known value's term (a list's is remembered: it is not a literal `get` reads).
  text(ty: Ty, v: Known): string {
    const t = knownText(ty, v);
    if (Array.isArray(v)) this.names.set(t, v);
    return t;
  }
}

/// The value of an SMT-LIB literal as `smtLit` writes one (integers, booleans, strings).
function literalValue(text: string): Known | undefined {
  if (/^\d+$/.test(text)) return BigInt(text);
  const neg = /^\(- (\d+)\)$/.exec(text);
  if (neg !== null) return -BigInt(neg[1]!);
  if (text === 'true' || text === 'false') return text === 'true';
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return undefined;
  let out = '';
  for (let i = 1; i < text.length - 1; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      if (text[i + 1] !== '"') return undefined;
      out += '"';
      i++;
    } else if (ch === '\\') {
      const m = /^\\u\{([0-9a-f]+)\}/.exec(text.slice(i));
      if (m === null) return undefined;
      out += String.fromCodePoint(parseInt(m[1]!, 16));
      i += m[0].length - 1;
    } else {
      out += ch;
    }
  }
  return out;
}

/// A known value as an SMT-LIB term of type `ty`.
function knownText(ty: Ty, v: Known): string {
  if (Array.isArray(v)) {
    const elem = typeof ty !== 'string' && ty.k === 'list' ? ty.elem : 'any';
    if (v.length === 0) return smtLit({ ty: 'empty-list', elem });
    const units = v.map((x) => `(seq.unit ${knownText(elem, x)})`);
    return units.length === 1 ? units[0]! : `(seq.++ ${units.join(' ')})`;
  }
  if (typeof v === 'boolean') return smtLit({ ty: 'bool', value: v });
  if (typeof v === 'string') return smtLit({ ty: 'string', value: v });
  return smtLit({ ty: 'integer', value: v as bigint });
}

/// Haskell's `div` and `mod` (rounding toward negative infinity).
export function hdiv(x: bigint, y: bigint): bigint {
  const q = x / y;
  return (x % y !== 0n) && ((x < 0n) !== (y < 0n)) ? q - 1n : q;
}

function hmod(x: bigint, y: bigint): bigint {
  return x - y * hdiv(x, y);
}

/// Pact's banker's rounding division (`roundingDiv`).
export function rdiv(x: bigint, y: bigint): bigint {
  const w = hdiv(x, y);
  const f = hmod(x, y) < 0n ? -hmod(x, y) : hmod(x, y);
  const ay = y < 0n ? -y : y;
  return w + (2n * f > ay || (2n * f === ay && hmod(w, 2n) !== 0n) ? 1n : 0n);
}

/// A decimal rounded to an integer, as `floor`, `ceiling` and `round` do.
export function roundedWhole(kind: 'floor' | 'ceiling' | 'round', x: bigint): bigint {
  return kind === 'floor' ? hdiv(x, DECIMAL_ONE) : kind === 'ceiling' ? -hdiv(-x, DECIMAL_ONE) : rdiv(x, DECIMAL_ONE);
}

/// Two-argument rounding at `places` (Pact's `evalRoundingLikeOp2`: shifted left, rounded to an
/// integer, shifted back, any number of places).
export function roundedAt(kind: 'floor' | 'ceiling' | 'round', x: bigint, places: bigint): bigint {
  const shift = 10n ** places;
  return hdiv(roundedWhole(kind, x * shift) * DECIMAL_ONE, shift);
}

/// An operator of known operands (of type `argTy`; the result of type `ty`), as `applyOp`
/// writes it for Z3; undefined for the operators computed only symbolically.
export function foldOp(op: Op, argTy: Ty, xs: readonly Known[]): Known | undefined {
  const [a, b] = xs;
  const int = (v: Known | undefined): v is bigint => typeof v === 'bigint';
  const dec = argTy === 'decimal';
  switch (op) {
    case '+': return int(a) && int(b) ? a + b : undefined;
    case 'add-time': return int(a) && int(b) ? a + b * 1000000n : undefined;
    case 'add-time-dec': return int(a) && int(b) ? a + rdiv(b * 1000000n, DECIMAL_ONE) : undefined;
    case '-': return int(a) && int(b) ? a - b : undefined;
    case '*': return int(a) && int(b) ? (dec ? rdiv(a * b, DECIMAL_ONE) : a * b) : undefined;
    case '/':
      if (!int(a) || !int(b) || b === 0n) return undefined;
      return dec ? rdiv(a * DECIMAL_ONE, b) : hdiv(a, b);
    case 'mod': return int(a) && int(b) && b !== 0n ? hmod(a, b) : undefined;
    case 'diff-time': return int(a) && int(b) ? (a - b) * (DECIMAL_ONE / 1000000n) : undefined;
    case 'neg': return int(a) ? -a : undefined;
    case 'abs': return int(a) ? (a < 0n ? -a : a) : undefined;
    case '=': return listsEqual(a!, b!);
    case '!=': return !listsEqual(a!, b!);
    case '<': case '<=': case '>': case '>=': return compare(op, a!, b!);
    case 'and': return a === true && b === true;
    case 'or': return a === true || b === true;
    case 'not': return a === false;
    case 'concat':
      if (typeof a === 'string' && typeof b === 'string') return a + b;
      return Array.isArray(a) && Array.isArray(b) ? [...a, ...b] : undefined;
    case 'length': return typeof a === 'string' ? BigInt([...a].length) : Array.isArray(a) ? BigInt(a.length) : undefined;
    case 'has-key': return xs.slice(1).includes(a!);
    case 'contains':
      if (typeof a === 'string' && typeof b === 'string') return a.includes(b);
      return Array.isArray(a) ? a.slice(0, LIST_BOUND).some((x) => equal(x, b!)) : undefined;
    // `str.to_int`'s answer, -1 for anything but digits (the evaluator adds the failure).
    case 'str-to-int': return typeof a === 'string' ? (/^\d+$/.test(a) ? BigInt(a) : -1n) : undefined;
    case 'dec': return int(a) ? a * DECIMAL_ONE : undefined;
    case 'floor': case 'ceiling': case 'round': return int(a) ? roundedWhole(op, a) : undefined;
    case 'floor-to': case 'ceiling-to': case 'round-to':
      return int(a) && int(b) && b >= 0n ? roundedAt(op.slice(0, -3) as 'floor' | 'ceiling' | 'round', a, b) : undefined;
    case '&': return int(a) && int(b) ? a & b : undefined;
    case '|': return int(a) && int(b) ? a | b : undefined;
    case 'xor': return int(a) && int(b) ? a ^ b : undefined;
    case '~': return int(a) ? ~a : undefined;
    case 'shift': return int(a) && int(b) ? (b >= 0n ? a << b : a >> -b) : undefined;
    default: return undefined;
  }
}

/// `=` as Pact's `ListEqNeq` compares lists: their lengths and first ten elements.
function listsEqual(a: Known, b: Known): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return equal(a, b);
  return a.length === b.length && equal(a.slice(0, LIST_BOUND), b.slice(0, LIST_BOUND));
}

function equal(a: Known, b: Known): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]!));
  return a === b;
}

function compare(op: '<' | '<=' | '>' | '>=', a: Known, b: Known): boolean | undefined {
  if (Array.isArray(a) || Array.isArray(b) || typeof a === 'boolean') return undefined;
  const c = a < b ? -1 : a > b ? 1 : 0;
  return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
}
