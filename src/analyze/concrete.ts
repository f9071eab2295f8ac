/// Values the analysis knows while it evaluates (SBV's literals: Pact's analysis computes an
/// operator of known operands at once, and some natives — `hash`, `parse-time`,
/// `typeof-principal` ... — only of known operands). Integers, decimals (scaled by 10^255) and
/// times (microseconds) are bigints; lists are arrays.
import { DECIMAL_ONE, DECIMAL_PLACES } from './lang.ts';
import type { Op, Ty } from './lang.ts';
import { declarationsFor, LIST_BOUND, smtLit } from './smt.ts';
import { runSmtLibSync } from './solver.ts';

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

/// The value of an SMT-LIB literal as `smtLit` or Z3 writes one: an integer (`(- 5)` when
/// negative), a Boolean, a string (`""` a quote, `\u{…}` a character; Z3 leaves other
/// backslashes as they are), a sequence of them.
function literalValue(text: string): Known | undefined {
  const r = { text, pos: 0 };
  const v = readLiteral(r);
  return v !== undefined && r.pos === text.length ? v : undefined;
}

/// What a value that the run's operators did not compute (an `if` of a known condition, a list
/// native ...) is, if Z3's simplifier makes it a literal (over the run's `script` so far). SBV
/// computes all of these of literals as it builds them.
export function simplified(script: readonly string[], text: string): Known | undefined {
  const lines = [...script, `(simplify ${text})`];
  const out = runSmtLibSync([...declarationsFor(lines), ...lines].join('\n')).trim();
  return literalValue(out);
}

function readLiteral(r: { readonly text: string; pos: number }): Known | undefined {
  const rest = r.text.slice(r.pos);
  const token = /^(\d+|true|false|\(- (\d+)\)|\(as seq\.empty \(Seq [^()]+\)\))/.exec(rest);
  if (token !== null) {
    r.pos += token[0].length;
    if (token[2] !== undefined) return -BigInt(token[2]);
    if (token[0] === 'true' || token[0] === 'false') return token[0] === 'true';
    return token[0].startsWith('(as') ? [] : BigInt(token[0]);
  }
  if (rest.startsWith('"')) return readString(r);
  const seq = /^\(seq\.(unit|\+\+) /.exec(rest);
  if (seq === null) return undefined;
  r.pos += seq[0].length;
  const parts: Known[] = [];
  for (;;) {
    const v = readLiteral(r);
    if (v === undefined || (seq[1] === '++' && !Array.isArray(v))) return undefined;
    parts.push(...(seq[1] === 'unit' ? [v] : (v as Known[])));
    if (r.text[r.pos] === ')') break;
    if (seq[1] === 'unit' || r.text[r.pos] !== ' ') return undefined;
    r.pos++;
  }
  r.pos++;
  return parts;
}

function readString(r: { readonly text: string; pos: number }): string | undefined {
  let out = '';
  for (let i = r.pos + 1; i < r.text.length; i++) {
    const ch = r.text[i]!;
    if (ch === '"') {
      if (r.text[i + 1] !== '"') {
        r.pos = i + 1;
        return out;
      }
      out += '"';
      i++;
      continue;
    }
    const esc = ch === '\\' ? /^\\u\{([0-9a-fA-F]{1,5})\}/.exec(r.text.slice(i, i + 9)) : null;
    if (esc === null) {
      out += ch;
      continue;
    }
    out += String.fromCodePoint(parseInt(esc[1]!, 16));
    i += esc[0].length - 1;
  }
  return undefined;
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

/// Haskell's `div` and `mod` (rounding toward negative infinity); by zero, 0 and the dividend,
/// as SBV defines them.
export function hdiv(x: bigint, y: bigint): bigint {
  if (y === 0n) return 0n;
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
/// integer, shifted back, any number of places; at a decimal's places or more, nothing changes).
export function roundedAt(kind: 'floor' | 'ceiling' | 'round', x: bigint, places: bigint): bigint {
  if (places >= BigInt(DECIMAL_PLACES)) return x;
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
    // By zero too: the transaction fails, but the value is as known as SBV's.
    case '/':
      if (!int(a) || !int(b)) return undefined;
      return dec ? rdiv(a * DECIMAL_ONE, b) : hdiv(a, b);
    case 'mod': return int(a) && int(b) ? hmod(a, b) : undefined;
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
