/// Where Pact 4.13.2's own interpreter and analysis disagree, so that ours, faithful to both,
/// disagree too, or where both stop at a limit of ours: a disagreement matching one of these is
/// counted, not failed. Each is narrow.
import type { Expr } from './gen.ts';
import { render } from './gen.ts';
import { interpret } from './harness.ts';
import type { Verdict } from './harness.ts';
import { Decimal } from '../../../src/values/decimal.ts';

export interface KnownDifference {
  readonly name: string;
  readonly matches: (v: Verdict) => boolean;
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    // An integer past JavaScript's limit (a shift by billions of bits): the interpreter stops
    // with our `Integer too large` error, and so does `verify` as a whole, computing it.
    name: 'integers too large for the engine',
    matches: (v) => !v.concrete.ok && /Integer too large/.test(v.concrete.error) && v.failures.some((f) => /Error: Integer too large/.test(f)),
  },
  {
    // A decimal's JSON is a string of its digits when its mantissa passes 2^53, as stored: the
    // analysis turns its decimals back with the fewest places, the interpreter keeps its scale.
    name: '`hash` of a decimal with trailing zeros and a mantissa beyond 2^53',
    matches: (v) => some(v.term, (e) => e.head === 'hash' && e.args?.[0]?.ty === 'decimal' && paddedHugeDecimal(e.args[0])),
  },
  {
    // The interpreter takes the places as a Word8 (modulo 256, Haskell's `fromIntegral`); the
    // analysis shifts by 10^places, which leaves a decimal whole from 255 places on.
    name: 'rounding to more than 255 places',
    matches: (v) => some(v.term, (e) => ['round', 'ceiling', 'floor'].includes(e.head) && e.args?.length === 2 && placesOver255(e.args[1]!)),
  },
];

function paddedHugeDecimal(e: Expr): boolean {
  const c = interpret(render(e));
  if (!c.ok || !(c.value instanceof Decimal)) return false;
  const m = c.value.mantissa < 0n ? -c.value.mantissa : c.value.mantissa;
  return m > 9007199254740991n && c.value.normalize().mantissa !== c.value.mantissa;
}

function placesOver255(places: Expr): boolean {
  const c = interpret(render(places));
  return c.ok && BigInt(c.literal) > 255n;
}

function some(e: Expr, test: (e: Expr) => boolean): boolean {
  return test(e) || (e.args ?? []).some((a) => some(a, test));
}

/// The known difference a disagreement is, if any.
export function knownDifference(v: Verdict): string | null {
  return KNOWN_DIFFERENCES.find((k) => k.matches(v))?.name ?? null;
}
