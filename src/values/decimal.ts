/// Pact's decimal numbers, with the semantics of Haskell's `Data.Decimal` (the `Decimal` package):
/// a value is `mantissa / 10^scale` with `scale` in 0..255, and the scale is part of the value's
/// identity for printing (`1.50` prints `1.50`) but not for comparison (`1.50` = `1.5`).

/// The most decimal places a `Decimal` can hold (Haskell stores the scale in a `Word8`).
export const MAX_SCALE = 255;

const POW10: bigint[] = [1n];

/// 10^n as a bigint, cached: every scale change multiplies or divides by one of these.
export function pow10(n: number): bigint {
  for (let i = POW10.length; i <= n; i++) POW10.push(POW10[i - 1]! * 10n);
  return POW10[n]!;
}

/// How an inexact quotient picks its integer: Haskell's `round` (half to even), `floor`, `ceiling`.
type Rounding = 0 | 1 | 2;
const HALF_EVEN: Rounding = 0;
const FLOOR: Rounding = 1;
const CEILING: Rounding = 2;

/// `n / d` rounded to an integer; `d` must be positive.
function divRound(n: bigint, d: bigint, mode: Rounding): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  if (mode === FLOOR) return n < 0n ? q - 1n : q;
  if (mode === CEILING) return n > 0n ? q + 1n : q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d || (twice === d && (q & 1n) === 0n)) return q;
  return n < 0n ? q - 1n : q + 1n;
}

// Binary decomposition of 0..255: stripping trailing zeros tries each once, largest first, so
// normalising costs at most eight divisions however many zeros there are.
const STRIP_STEPS = [128, 64, 32, 16, 8, 4, 2, 1];

const DECIMAL_RE = /^-?[0-9]+(?:\.([0-9]+))?$/;

// Scratch buffers for reading a double's bits without allocating; each use reads them back at once.
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/// An exact decimal number `mantissa / 10^scale`. Immutable.
export class Decimal {
  readonly mantissa: bigint;
  /// Number of decimal places, 0..255. Callers constructing directly must respect the range.
  readonly scale: number;

  constructor(mantissa: bigint, scale: number) {
    this.mantissa = mantissa;
    this.scale = scale;
  }

  /// An integer as a decimal of scale 0 (`(dec 3)` → `3.0`).
  static fromInteger(i: bigint): Decimal {
    return new Decimal(i, 0);
  }

  /// Parses Pact's decimal literal syntax `-?[0-9]+(\.[0-9]+)?`, keeping the literal's scale
  /// (`1.50` has scale 2). Undefined for anything else, including more than 255 decimal places.
  static parse(text: string): Decimal | undefined {
    const m = DECIMAL_RE.exec(text);
    if (m === null) return undefined;
    const frac = m[1];
    if (frac === undefined) return new Decimal(BigInt(text), 0);
    if (frac.length > MAX_SCALE) return undefined;
    const point = text.length - frac.length - 1;
    return new Decimal(BigInt(text.slice(0, point) + frac), frac.length);
  }

  /// The exact value of a double (its binary fraction expanded in decimal), rounded half-even to
  /// 255 places and normalised, as Haskell's `fromRational . toRational` does. Undefined for NaN
  /// and ±Infinity, which callers report as Pact errors.
  static fromDouble(x: number): Decimal | undefined {
    if (!Number.isFinite(x)) return undefined;
    if (x === 0) return ZERO;
    F64[0] = x;
    const hi = U32[LITTLE_ENDIAN ? 1 : 0]!;
    const lo = U32[LITTLE_ENDIAN ? 0 : 1]!;
    const biased = (hi >>> 20) & 0x7ff;
    let frac = (hi & 0xfffff) * 0x100000000 + lo;
    let exp = biased === 0 ? -1074 : biased - 1075;
    if (biased !== 0) frac += 0x10000000000000;
    // An odd significand makes the expansion below free of trailing zeros.
    while (frac % 2 === 0) {
      frac /= 2;
      exp++;
    }
    const m = BigInt(x < 0 ? -frac : frac);
    if (exp >= 0) return new Decimal(m << BigInt(exp), 0);
    // m / 2^k = m * 5^k / 10^k
    const k = -exp;
    const scaled = m * 5n ** BigInt(k);
    if (k <= MAX_SCALE) return new Decimal(scaled, k);
    return new Decimal(divRound(scaled, pow10(k - MAX_SCALE), HALF_EVEN), MAX_SCALE).normalize();
  }

  /// Whether the value is zero (whatever the scale); callers check it before `div`.
  isZero(): boolean {
    return this.mantissa === 0n;
  }

  /// Whether the value is a whole number.
  isInteger(): boolean {
    return this.scale === 0 || this.mantissa % pow10(this.scale) === 0n;
  }

  /// -1, 0 or 1.
  signum(): number {
    return this.mantissa < 0n ? -1 : this.mantissa > 0n ? 1 : 0;
  }

  /// Exact sum; the scale is the larger of the two, except that a zero operand does not widen
  /// it (Haskell's `roundMax`: `(+ 0.000 1.5)` is `1.5`, and two zeros give `0.0`).
  add(other: Decimal): Decimal {
    if (other.mantissa === 0n) return this.mantissa === 0n ? ZERO : this;
    if (this.mantissa === 0n) return other;
    return combine(this, other, false);
  }

  /// Exact difference, scaled like `add`.
  sub(other: Decimal): Decimal {
    if (other.mantissa === 0n) return this.mantissa === 0n ? ZERO : this;
    if (this.mantissa === 0n) return other.neg();
    return combine(this, other, true);
  }

  /// Exact product rounded half-even to 255 places, then normalised (`(* 0.5 10.0)` is `5.0`).
  mul(other: Decimal): Decimal {
    let m = this.mantissa * other.mantissa;
    let scale = this.scale + other.scale;
    if (scale > MAX_SCALE) {
      m = divRound(m, pow10(scale - MAX_SCALE), HALF_EVEN);
      scale = MAX_SCALE;
    }
    return normalized(m, scale);
  }

  /// Exact quotient rounded half-even to 255 places, then normalised (`1/3` has 255 threes).
  /// The divisor must not be zero (see `isZero`).
  div(other: Decimal): Decimal {
    // (a / 10^sa) / (b / 10^sb) * 10^255 = a * 10^(sb + 255 - sa) / b, and sa <= 255.
    let n = this.mantissa * pow10(other.scale + MAX_SCALE - this.scale);
    let d = other.mantissa;
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    return normalized(divRound(n, d, HALF_EVEN), MAX_SCALE);
  }

  /// Negation, keeping the scale.
  neg(): Decimal {
    return new Decimal(-this.mantissa, this.scale);
  }

  /// Absolute value, keeping the scale.
  abs(): Decimal {
    return this.mantissa < 0n ? this.neg() : this;
  }

  /// Numeric comparison: -1, 0 or 1.
  cmp(other: Decimal): number {
    let a = this.mantissa;
    let b = other.mantissa;
    if (this.scale < other.scale) a *= pow10(other.scale - this.scale);
    else if (this.scale > other.scale) b *= pow10(this.scale - other.scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /// Numeric equality (`1.50` equals `1.5`).
  eq(other: Decimal): boolean {
    if (this.scale === other.scale) return this.mantissa === other.mantissa;
    return this.cmp(other) === 0;
  }

  /// The same value with the fewest decimal places (trailing zeros removed; whole numbers get scale 0).
  normalize(): Decimal {
    return normalized(this.mantissa, this.scale, this);
  }

  /// Banker's rounding to exactly `places` decimal places (`round 2.5` → 2, `round 3.0 3` → `3.000`).
  /// `places` must be 0..255: Pact converts its integer argument with Haskell's `fromIntegral`
  /// to a `Word8`, so a caller with a larger precision passes it modulo 256.
  round(places: number): Decimal {
    return new Decimal(this.scaledTo(places, HALF_EVEN), places);
  }

  /// Rounds toward +∞ to exactly `places` decimal places; `places` as for `round`.
  ceiling(places: number): Decimal {
    return new Decimal(this.scaledTo(places, CEILING), places);
  }

  /// Rounds toward −∞ to exactly `places` decimal places (`floor -1.5` → -2); `places` as for `round`.
  floor(places: number): Decimal {
    return new Decimal(this.scaledTo(places, FLOOR), places);
  }

  /// Banker's rounding to an integer.
  roundToInteger(): bigint {
    return this.scaledTo(0, HALF_EVEN);
  }

  /// The least integer not below the value.
  ceilingToInteger(): bigint {
    return this.scaledTo(0, CEILING);
  }

  /// The greatest integer not above the value.
  floorToInteger(): bigint {
    return this.scaledTo(0, FLOOR);
  }

  /// The nearest double (ties to even), as Haskell's `fromRational . toRational`.
  toNumber(): number {
    const m = this.mantissa;
    // Both operands exact and one IEEE division: correctly rounded.
    if (this.scale <= 22 && m <= 9007199254740992n && m >= -9007199254740992n) {
      return Number(m) / 10 ** this.scale;
    }
    // JavaScript's string-to-number conversion is correctly rounded for any length.
    return Number(this.toString());
  }

  /// Pact's printed form: `5.0`, `1.50`, `-0.05`, `0.000000000000000123`; never an exponent.
  toString(): string {
    const m = this.mantissa;
    if (this.scale === 0) return `${m}.0`;
    let digits = (m < 0n ? -m : m).toString();
    if (digits.length <= this.scale) digits = '0'.repeat(this.scale - digits.length + 1) + digits;
    const point = digits.length - this.scale;
    return `${m < 0n ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
  }

  /// The mantissa this value would have at `places` decimal places, rounded by `mode`.
  private scaledTo(places: number, mode: Rounding): bigint {
    if (places >= this.scale) return this.mantissa * pow10(places - this.scale);
    return divRound(this.mantissa, pow10(this.scale - places), mode);
  }
}

/// Zero at scale 0, what Haskell produces for a normalised or a zero-plus-zero result.
const ZERO = new Decimal(0n, 0);

/// `a ± b` at the larger scale; both are non-zero.
function combine(a: Decimal, b: Decimal, minus: boolean): Decimal {
  let x = a.mantissa;
  let y = b.mantissa;
  let scale = a.scale;
  if (a.scale < b.scale) {
    x *= pow10(b.scale - a.scale);
    scale = b.scale;
  } else if (a.scale > b.scale) {
    y *= pow10(a.scale - b.scale);
  }
  return new Decimal(minus ? x - y : x + y, scale);
}

/// `m / 10^scale` with trailing zeros stripped; returns `same` when nothing changes.
function normalized(m: bigint, scale: number, same?: Decimal): Decimal {
  if (m === 0n) return ZERO;
  // Most results have no trailing zero at all; one cheap test spares the eight below.
  if (scale === 0 || m % 10n !== 0n) return same ?? new Decimal(m, scale);
  const start = scale;
  for (const step of STRIP_STEPS) {
    if (scale >= step) {
      const p = pow10(step);
      if (m % p === 0n) {
        m /= p;
        scale -= step;
      }
    }
  }
  return same !== undefined && scale === start ? same : new Decimal(m, scale);
}
