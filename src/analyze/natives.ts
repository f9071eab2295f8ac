/// An operator of terms and properties applied to SMT-LIB operands (Pact's `evalCore` and
/// `evalNumerical`): computed at once when its operands are known, as SBV computes literals.
/// Some natives Pact's analysis computes only of known operands — hashes, time formats,
/// principals' types, `str-to-int` in a base, the bitwise operators — substituting a fixed value
/// with a warning, or failing, otherwise.
import { Decimal } from '../values/decimal.ts';
import { hashValue } from '../values/pact-json.ts';
import { formatTime, parseTime } from '../values/time.ts';
import { PList } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import { tyAny } from '../values/type.ts';
import { keccak256Chunks } from '../natives/hashing.ts';
import { principalType } from '../natives/principals.ts';
import { DECIMAL_PLACES, UNIX_EPOCH_MICROS } from './lang.ts';
import type { Op, Ty } from './lang.ts';
import { foldOp } from './concrete.ts';
import type { Known, KnownTerms } from './concrete.ts';
import { applyOp, roundedAtTerm, shiftedTerm, smtLit, unhandled } from './smt.ts';
import { AnalysisFailure, InternalError } from './translate.ts';

/// What an operator's evaluation may do besides computing: a run's warnings (Pact's
/// `emitWarning`) and failures (`markFailure`, of an SMT-LIB condition); a property's
/// evaluation drops both.
export interface OpCx {
  readonly known: KnownTerms;
  warn(text: string): void;
  fail(cond: string): void;
  /// What an operand the run's operators did not compute is, if it is known after all (a run's
  /// evaluation asks Z3; a property's has nothing more to ask).
  resolve?(text: string): Known | undefined;
}

/// The operators computed only of known operands (`knownOnly`).
const KNOWN_ONLY: ReadonlySet<Op> = new Set<Op>(['hash', 'keccak256', 'format-time', 'parse-time', 'is-principal', 'typeof-principal',
  'str-to-int-base', 'add-time-dec', '&', '|', 'xor', 'shift', 'floor-to', 'ceiling-to', 'round-to']);

/// `op` of operands `xs` (of types `tys`), of result type `ty`.
export function evalOp(op: Op, tys: readonly Ty[], ty: Ty, xs: readonly string[], cx: OpCx): string {
  const needed = KNOWN_ONLY.has(op);
  const known = xs.map((x) => cx.known.get(x) ?? (needed ? cx.resolve?.(x) : undefined));
  const special = knownOnly(op, tys, xs, known, cx);
  if (special !== null) return special;
  if (known.every((v) => v !== undefined)) {
    const v = foldOp(op, tys[0] ?? ty, known as Known[]);
    if (v !== undefined) return cx.known.text(ty, v);
  }
  return applyOp(op, tys[0] ?? ty, xs);
}

/// The natives that need known operands, and operands that must be known; null for others.
function knownOnly(op: Op, tys: readonly Ty[], xs: readonly string[], known: ReadonlyArray<Known | undefined>, cx: OpCx): string | null {
  const [a, b] = known;
  switch (op) {
    case 'hash': return hash(tys[0]!, a, cx);
    case 'keccak256': return keccak256(a as readonly Known[] | undefined, cx);
    case 'format-time':
      if (typeof a !== 'string') throw new AnalysisFailure(null, 'format-time: bad arguments');
      // An unknown time gives the format itself.
      return str(cx, typeof b === 'bigint' ? formatTime(a, b - UNIX_EPOCH_MICROS) : a);
    case 'parse-time': {
      if (typeof a !== 'string' || typeof b !== 'string') {
        throw new AnalysisFailure(null, 'We can only analyze calls to `parse-time` with statically determined contents (both arguments)');
      }
      const micros = parseTime(a, b);
      if (micros === undefined) cx.fail('true');
      return smtLit({ ty: 'time', value: micros === undefined ? 0n : micros + UNIX_EPOCH_MICROS });
    }
    // `create-principal` makes `internal-principal-...`: an unknown string may be one of those.
    case 'is-principal': return typeof a === 'string' ? `${principalType(a) !== ''}` : `(str.prefixof "internal-principal-" ${xs[0]})`;
    case 'typeof-principal':
      if (typeof a !== 'string') throw new AnalysisFailure(null, '`typeof-principal` requires statically known content');
      return str(cx, principalType(a));
    case 'str-to-int-base': return strToIntBase(xs, a, b, cx);
    case 'add-time-dec':
      if (b === undefined) throw new AnalysisFailure(null, "A time being added is not concrete, so we can't guarantee that roundoff won't happen when it's converted to an integer.");
      return null;
    case '&': case '|': case 'xor':
      if (a === undefined || b === undefined) throw unhandled(`${op} currently requires statically determined arguments`);
      return null;
    // Of a known size and value, folded (`foldOp`).
    case 'shift':
      if (typeof b !== 'bigint') throw unhandled('shift currently requires a statically determined shift size');
      return a === undefined ? shiftedTerm(xs[0]!, b) : null;
    case 'floor-to': case 'ceiling-to': case 'round-to':
      // An unknown precision stops the analysis where SBV's `.^` does (its integer powers need a
      // known exponent, or an unsigned bounded one).
      if (typeof b !== 'bigint') throw new InternalError('(.^): exponentiation only works with unsigned bounded symbolic exponents, kind: SInteger');
      // A negative one fails the transaction (whose value then does not matter).
      if (b < 0n) {
        cx.fail('true');
        return xs[0]!;
      }
      return a === undefined ? roundedAtTerm(op.slice(0, -3) as 'floor' | 'ceiling' | 'round', xs[0]!, b) : null;
    default: return null;
  }
}

function str(cx: OpCx, s: string): string {
  return cx.known.text('string', s);
}

/// Pact's substitutes for the hash of an unknown value, by type, and how its warning says so.
const HASH_SHIMS: Record<string, { hash: string; detail: string }> = {
  string: { hash: 'HsVo-gcG-pk1BciGr2xovMyR7sVH0Kt9gTgqicXDXMM', detail: "of type 'string', substitute '$')" },
  integer: { hash: 'A_fIcwIweiXXYXnKU59CNCAUoIXHXwQtB_D8xhEflLY', detail: "of type 'integer', substitute '$')" },
  bool: { hash: 'LCgKNFtF9rwWL0OuXGJUvt0vjzlTR1uOu-1mlTRsmag', detail: "of type 'bool', substitute '$'" },
  decimal: { hash: 'ks31eMRwhaWZIlbw3Pl9Cxnx8cneTV_jDDrOYZG25ds', detail: "of type 'decimal', subsitute '$'" },
  list: { hash: 'wsATyGqckuIvlm89hhd2j4t6RMkCrcwJe_oeCYr7Th8', detail: "of type 'list', substitute '$'" },
};

function shimmed(native: string, detail: string): string {
  return `Shimmed native '${native}' (${detail})`;
}

/// `hash` of a string, integer, decimal, boolean or list of those: the interpreter's hash of a
/// known value; of an unknown one, a fixed hash (for a list, the hash of a list of that hash).
function hash(ty: Ty, v: Known | undefined, cx: OpCx): string {
  if (v !== undefined) return str(cx, hashValue(pactValue(ty, v)));
  const kind = typeof ty === 'string' ? ty : 'list';
  const shim = HASH_SHIMS[kind]!;
  cx.warn(shimmed('hash', shim.detail.replace('$', shim.hash)));
  return str(cx, kind === 'list' ? hashValue(new PList([shim.hash], tyAny)) : shim.hash);
}

/// A known value of the analysis as the interpreter's value (a decimal as Pact's analysis
/// converts one back: the fewest places that are exact).
function pactValue(ty: Ty, v: Known): PactValue {
  if (Array.isArray(v)) {
    const elem = typeof ty !== 'string' && ty.k === 'list' ? ty.elem : 'any';
    return new PList(v.map((x) => pactValue(elem, x)), tyAny);
  }
  if (ty === 'decimal') return new Decimal(v as bigint, DECIMAL_PLACES).normalize();
  if (ty === 'integer' || ty === 'string' || ty === 'bool') return v as PactValue;
  throw new AnalysisFailure(null, 'Unsupported type, currently we support integer, decimal, string, and bool');
}

/// `hash-keccak256` of a known list of base64url chunks; of an unknown list, the hash of `[""]`.
function keccak256(v: readonly Known[] | undefined, cx: OpCx): string {
  if (v === undefined) {
    const empty = 'xdJGAYb3IzySfn2y3McDwOUAtlPKgic7e_rYBF2FpHA';
    cx.warn(shimmed('hash-keccak256', `of type '[string]', substitute '${empty}')`));
    return str(cx, empty);
  }
  const h = keccak256Chunks(v as string[]);
  if (h.error !== undefined) throw new AnalysisFailure(null, h.error);
  return str(cx, h.hash);
}

/// `str-to-int` of a base and a string (Pact's `evalStrToIntBase`): both known, Pact's
/// `baseStrToInt`; a known string in an unknown base, each base's answer (any other base
/// fails); an unknown string, only in base 10 (another base is substituted for the answer).
function strToIntBase(xs: readonly string[], base: Known | undefined, s: Known | undefined, cx: OpCx): string {
  const [b, text] = xs as [string, string];
  cx.fail(`(or (= ${text} "") (> (str.len ${text}) 128))`);
  if (typeof base === 'bigint' && typeof s === 'string') {
    const n = baseStrToInt(base, s);
    if (typeof n === 'string') throw new AnalysisFailure(null, `Failed to convert string to integer: ${n}`);
    return smtLit({ ty: 'integer', value: n });
  }
  if (typeof s === 'string') {
    const answers = Array.from({ length: 15 }, (_, i) => [BigInt(i + 2), baseStrToInt(BigInt(i + 2), s)] as const)
      .filter((x): x is readonly [bigint, bigint] => typeof x[1] === 'bigint');
    cx.fail(`(not (or false ${answers.map(([k]) => `(= ${b} ${k})`).join(' ')}))`);
    return answers.reduceRight((rest, [k, n]) => `(ite (= ${b} ${k}) ${smtLit({ ty: 'integer', value: n })} ${rest})`, '0');
  }
  if (typeof base !== 'bigint') throw new AnalysisFailure(null, 'Unable to convert string to integer for symbolic base and string');
  if (base === 10n) {
    cx.fail(`(< (str.to_int ${text}) 0)`);
    return `(str.to_int ${text})`;
  }
  cx.warn(shimmed('strToInt', `unsupported base=${base}, substitue ${base}`));
  return smtLit({ ty: 'integer', value: base });
}

/// Pact's `baseStrToInt` (bases 2 to 16), or its failure text.
function baseStrToInt(base: bigint, s: string): bigint | string {
  if (base <= 1n || base > 16n) return `unsupported base: ${base}`;
  if (s === '') return 'empty text: ';
  let n = 0n;
  for (const ch of s) {
    const d = /^[0-9a-fA-F]$/.test(ch) ? BigInt(parseInt(ch, 16)) : null;
    if (d === null) throw new AnalysisFailure(null, `Char.digitToInt: not a digit ${JSON.stringify(ch).replace(/^"|"$/g, "'")}`);
    if (d >= base) return `character '${ch}' is out of range for base ${base}: ${s}`;
    n = base * n + d;
  }
  return n;
}
