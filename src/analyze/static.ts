/// Natives Pact's analysis can only compute from known arguments: `hash`, `format-time`,
/// `parse-time` and `time`, `str-to-int` with a base, the bitwise operators, `shift`, `add-time`
/// of decimal seconds, rounding to a number of places (Pact's `Eval/Core.hs` and
/// `Eval/Numerical.hs`, where each asks SBV whether a value is concrete: SBV folds operations on
/// literals as it builds them). Here a value is known when Z3's simplifier, with the run's
/// definitions, reduces it to a literal. Without known arguments each native does what Pact's
/// does: a substitute and a warning, a symbolic formula, or a failure of the analysis.
import { runSmtLibSync } from './solver.ts';
import { AnalysisFailure } from './translate.ts';
import { DECIMAL_ONE, DECIMAL_PLACES, UNIX_EPOCH_MICROS } from './lang.ts';
import type { Ty } from './lang.ts';
import { applyOp, smtLit, unhandled } from './smt.ts';
import { Decimal } from '../values/decimal.ts';
import { PList } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import { hashValue } from '../values/pact-json.ts';
import { ISO_TIME_FORMAT, formatTime, parseTime } from '../values/time.ts';
import { tyAny } from '../values/type.ts';
import { baseStrToInt } from '../natives/general.ts';

/// The natives of this file (`time` is `parse-time` without a format; `round` and the others
/// with a number of places).
export type StaticFn = 'hash' | 'format-time' | 'parse-time' | 'time' | 'str-to-int' | '&' | '|' | 'xor' | '~' | 'shift'
  | 'add-time' | 'round' | 'ceiling' | 'floor';

/// A known value: integers, decimals (in 10^-255 units) and times as bigints; lists as arrays.
export type Known = bigint | boolean | string | readonly Known[];

/// What evaluating one of these natives needs of the evaluator.
export interface StaticCx {
  /// The value of an SMT-LIB expression of the run, if it is known.
  known(expr: string): Known | null;
  /// The transaction fails (on the current path) when this SMT-LIB condition holds.
  fails(cond: string): void;
  /// A warning for `verify`'s output (Pact's `VerificationWarning`).
  warn(text: string): void;
}

/// The native applied to its arguments' SMT-LIB values (of types `tys`): the result's value.
/// `code` is the call's text, for Pact's failure of a construct it cannot analyse.
export function evalStatic(fn: StaticFn, xs: readonly string[], tys: readonly Ty[], cx: StaticCx, code: string): string {
  const unsupported = (): never => {
    throw new AnalysisFailure(null, `Analysis doesn't support this construct yet: ${code}`);
  };
  const ks = xs.map((x) => cx.known(x));
  switch (fn) {
    case 'hash': return hash(ks[0]!, tys[0]!, cx);
    case 'format-time': {
      const [format, time] = ks;
      if (typeof format !== 'string') throw new AnalysisFailure(null, 'format-time: bad arguments');
      // A time not known: Pact's analysis gives the format itself.
      return smtString(typeof time === 'bigint' ? formatTime(format, time - UNIX_EPOCH_MICROS) : format);
    }
    case 'parse-time': case 'time': {
      const [format, text] = fn === 'time' ? [ISO_TIME_FORMAT, ks[0]] : ks;
      if (typeof format !== 'string' || typeof text !== 'string') {
        throw new AnalysisFailure(null, 'We can only analyze calls to `parse-time` with statically determined contents (both arguments)');
      }
      const micros = parseTime(format, text);
      if (micros === undefined) {
        cx.fails('true');
        return '0';
      }
      return smtInt(micros + UNIX_EPOCH_MICROS);
    }
    case 'str-to-int': return strToIntBase(xs, ks, cx);
    case '&': case '|': case 'xor': {
      const [a, b] = ks;
      if (typeof a !== 'bigint' || typeof b !== 'bigint') return unsupported();
      return smtInt(fn === '&' ? a & b : fn === '|' ? a | b : a ^ b);
    }
    case '~': return typeof ks[0] === 'bigint' ? smtInt(~ks[0]) : unsupported();
    case 'shift': {
      const n = ks[1];
      if (typeof n !== 'bigint') {
        throw new AnalysisFailure(null, unhandled('shift currently requires a statically determined shift size'));
      }
      return n >= 0n ? `(* ${xs[0]} ${smtInt(2n ** n)})` : `(hdiv ${xs[0]} ${smtInt(2n ** -n)})`;
    }
    case 'add-time': {
      const secs = ks[1];
      if (typeof secs !== 'bigint') {
        throw new AnalysisFailure(null, "A time being added is not concrete, so we can't guarantee that roundoff won't happen when it's converted to an integer.");
      }
      // Seconds to microseconds, rounded half to even (Pact's banker's method).
      return `(+ ${xs[0]} ${smtInt(roundHalfEven(secs * 1000000n, DECIMAL_ONE))})`;
    }
    case 'round': case 'ceiling': case 'floor': return roundTo(fn, xs[0]!, ks[1]!, cx, unsupported);
  }
}

/// `hash` of a known value: the interpreter's hash of it (decimals as Pact's analysis turns
/// them back, normalised). Otherwise the hash of a fixed value of the type, with a warning.
function hash(k: Known | null, ty: Ty, cx: StaticCx): string {
  if (k !== null) return smtString(hashValue(pactValue(k, ty)));
  const kind = typeof ty === 'string' ? ty : 'list';
  const [h, how] = HASH_SUBSTITUTES[kind]!;
  cx.warn(`Shimmed native 'hash' (of type '${kind}', ${how.replace('%', h)})`);
  // Pact hashes a list holding the substitute's text, and takes the others as they are.
  return smtString(kind === 'list' ? hashValue(new PList([h], tyAny)) : h);
}

/// By type: the hash `hash` gives an unknown value (that of `hello pact`, `1`, `true`, `1.0`,
/// `[]`), and how the warning says so (Pact's texts, a misspelling and unbalanced brackets
/// included).
const HASH_SUBSTITUTES: Readonly<Record<string, readonly [string, string]>> = {
  string: ['HsVo-gcG-pk1BciGr2xovMyR7sVH0Kt9gTgqicXDXMM', `substitute '%')`],
  integer: ['A_fIcwIweiXXYXnKU59CNCAUoIXHXwQtB_D8xhEflLY', `substitute '%')`],
  bool: ['LCgKNFtF9rwWL0OuXGJUvt0vjzlTR1uOu-1mlTRsmag', `substitute '%'`],
  decimal: ['ks31eMRwhaWZIlbw3Pl9Cxnx8cneTV_jDDrOYZG25ds', `subsitute '%'`],
  list: ['wsATyGqckuIvlm89hhd2j4t6RMkCrcwJe_oeCYr7Th8', `substitute '%'`],
};

/// A known value of analysis type `ty` as an interpreter value.
function pactValue(k: Known, ty: Ty): PactValue {
  if (Array.isArray(k)) {
    const elem = typeof ty !== 'string' && 'elem' in ty ? ty.elem : 'any';
    return new PList(k.map((x) => pactValue(x, elem)), tyAny);
  }
  if (ty === 'decimal') return new Decimal(k as bigint, DECIMAL_PLACES).normalize();
  return k as PactValue;
}

/// `str-to-int` with a base (Pact's `evalStrToIntBase`): the string must not be empty nor over
/// 128 characters; known arguments are converted as the interpreter does (a bad digit fails the
/// analysis); a known string with an unknown base is tried in every base; an unknown string is
/// read in base 10 only (another base is shimmed).
function strToIntBase(xs: readonly string[], [base, str]: ReadonlyArray<Known | null>, cx: StaticCx): string {
  const s = xs[1]!;
  cx.fails(`(or (= ${s} "") (> (str.len ${s}) 128))`);
  if (typeof str === 'string') {
    if (typeof base === 'bigint') {
      const r = baseStrToInt(base, str);
      if (typeof r !== 'bigint') throw new AnalysisFailure(null, `Failed to convert string to integer: ${r}`);
      return smtInt(r);
    }
    let value = '0';
    const valid: string[] = [];
    for (let b = 16n; b >= 2n; b--) {
      const r = baseStrToInt(b, str);
      if (typeof r !== 'bigint') continue;
      value = `(ite (= ${xs[0]} ${b}) ${smtInt(r)} ${value})`;
      valid.push(`(= ${xs[0]} ${b})`);
    }
    cx.fails(`(not (or false ${valid.join(' ')}))`);
    return value;
  }
  if (base === null) throw new AnalysisFailure(null, 'Unable to convert string to integer for symbolic base and string');
  if (base !== 10n) {
    cx.warn(`Shimmed native 'strToInt' (unsupported base=${base}, substitue ${base})`);
    return smtInt(base as bigint);
  }
  cx.fails(`(< (str.to_int ${s}) 0)`);
  return `(str.to_int ${s})`;
}

/// Rounding a decimal at a known number of places (Pact's `evalRoundingLikeOp2`): shifted left
/// by the places, rounded to an integer, shifted back. Fewer than none fails the transaction.
function roundTo(fn: 'round' | 'ceiling' | 'floor', x: string, places: Known | null, cx: StaticCx, unsupported: () => never): string {
  if (typeof places !== 'bigint') return unsupported();
  if (places < 0n) {
    cx.fails('true');
    return x;
  }
  // At 255 places or more, every decimal is already whole.
  if (places >= BigInt(DECIMAL_PLACES)) return x;
  return applyOp(`${fn}-to`, 'decimal', [x, `${places}`]);
}

function roundHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice < d || (twice === d && q % 2n === 0n)) return q;
  return n < 0n ? q - 1n : q + 1n;
}

const smtInt = (i: bigint): string => smtLit({ ty: 'integer', value: i });
const smtString = (s: string): string => smtLit({ ty: 'string', value: s });

// ---------------------------------------------------------------------------------------------
// Known values

/// The value of an SMT-LIB expression over `script`'s definitions, if Z3's simplifier makes it a
/// literal (an expression that is a literal already needs no solver).
export function knownValue(script: readonly string[], expr: string): Known | null {
  const direct = readLiteral(expr);
  if (direct !== null) return direct;
  return readLiteral(runSmtLibSync([...script, `(simplify ${expr})`].join('\n')).trim());
}

/// A literal of Z3's output: an integer (`(- 5)` when negative), a Boolean, a string (`""` is a
/// quote, `\u{…}` a character), a sequence of them; null for anything else.
function readLiteral(text: string): Known | null {
  const r = new Reader(text.trim());
  try {
    const v = r.value();
    return r.done() ? v : null;
  } catch {
    return null;
  }
}

class Reader {
  private pos = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  done(): boolean {
    this.space();
    return this.pos === this.text.length;
  }

  value(): Known {
    this.space();
    const rest = this.text.slice(this.pos);
    const num = /^[0-9]+/.exec(rest);
    if (num !== null) {
      this.pos += num[0].length;
      return BigInt(num[0]);
    }
    for (const b of ['true', 'false']) {
      if (rest.startsWith(b)) {
        this.pos += b.length;
        return b === 'true';
      }
    }
    if (rest.startsWith('"')) return this.string();
    if (rest.startsWith('(- ')) {
      this.pos += 3;
      const v = this.value();
      this.close();
      if (typeof v !== 'bigint') throw new Error('not a literal');
      return -v;
    }
    const empty = /^\(as seq\.empty \(Seq [A-Za-z]+\)\)/.exec(rest);
    if (empty !== null) {
      this.pos += empty[0].length;
      return [];
    }
    if (rest.startsWith('(seq.unit ')) {
      this.pos += 10;
      const v = this.value();
      this.close();
      return [v];
    }
    if (rest.startsWith('(seq.++ ')) {
      this.pos += 8;
      const parts: Known[] = [];
      while (this.space(), this.text[this.pos] !== ')') {
        const p = this.value();
        if (!Array.isArray(p)) throw new Error('not a literal');
        parts.push(...p);
      }
      this.close();
      return parts;
    }
    throw new Error('not a literal');
  }

  private string(): string {
    let out = '';
    this.pos++;
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) throw new Error('unterminated string');
      if (c === '"') {
        if (this.text[this.pos + 1] !== '"') {
          this.pos++;
          return out;
        }
        out += '"';
        this.pos += 2;
        continue;
      }
      const esc = /^\\u\{([0-9a-fA-F]{1,5})\}/.exec(this.text.slice(this.pos, this.pos + 9));
      if (esc !== null) {
        out += String.fromCodePoint(parseInt(esc[1]!, 16));
        this.pos += esc[0].length;
        continue;
      }
      const cp = this.text.codePointAt(this.pos)!;
      out += String.fromCodePoint(cp);
      this.pos += cp > 0xffff ? 2 : 1;
    }
  }

  private space(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  private close(): void {
    this.space();
    if (this.text[this.pos] !== ')') throw new Error('not a literal');
    this.pos++;
  }
}
