/// A small seeded random source (mulberry32) for the dual-evaluation generator: the same seed
/// gives the same terms on every machine, and each case has a seed of its own so that one case
/// can be replayed alone.

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /// The seed of case `index` of a run seeded with `seed` (distinct cases, independent streams).
  static caseSeed(seed: number, index: number): number {
    return new Rng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0).u32();
  }

  u32(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /// Uniform in [0, 1).
  float(): number {
    return this.u32() / 0x1_0000_0000;
  }

  /// Uniform in [lo, hi] (small integers).
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  bool(): boolean {
    return (this.u32() & 1) === 1;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length - 1)]!;
  }

  /// Uniform in [lo, hi] (any size).
  bigint(lo: bigint, hi: bigint): bigint {
    if (hi <= lo) return lo;
    const span = hi - lo + 1n;
    const bits = span.toString(2).length + 32;
    let r = 0n;
    for (let b = 0; b < bits; b += 32) r = (r << 32n) | BigInt(this.u32());
    return lo + (r % span);
  }

  /// Hedgehog's `Range.exponentialFrom origin lo hi` over all sizes: the bounds on either side
  /// of the origin grow exponentially with a uniform size, so small and huge magnitudes are
  /// both common.
  exponential(origin: bigint, lo: bigint, hi: bigint): bigint {
    const f = this.float();
    const toward = (end: bigint): bigint => {
      const d = end > origin ? end - origin : origin - end;
      const reach = scaleExp(d, f);
      return end > origin ? origin + reach : origin - reach;
    };
    const [a, b] = [toward(lo), toward(hi)];
    return this.bigint(a < lo ? lo : a, b > hi ? hi : b);
  }
}

/// `(d + 1)^f - 1` for a big `d`, computed from its digit count.
function scaleExp(d: bigint, f: number): bigint {
  if (d === 0n) return 0n;
  const digits = d.toString().length;
  const log10 = Math.log10(Number(d.toString().slice(0, 15))) + Math.max(0, digits - 15);
  const target = log10 * f;
  const whole = Math.floor(target);
  const lead = BigInt(Math.round(10 ** (target - whole) * 1e6));
  const v = whole >= 6 ? lead * 10n ** BigInt(whole - 6) : (lead * 10n ** BigInt(whole)) / 1_000_000n;
  return v > d ? d : v;
}
