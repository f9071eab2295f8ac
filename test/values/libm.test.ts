// How Pact 4.13.2 computes each case below (src/Pact/Native/Ops.hs and Native/Trans/TOps.hs):
//
// - `sqrt`, `ln`, `exp` (one argument): the domain check first (`sqrt` of a negative, `ln` of zero
//   or a negative); then an integer goes to a double by `fromIntegral` (our `integerToDouble`), a
//   decimal by `fromRational . toRational` (`Decimal#toNumber`); musl's function; the double back to
//   a decimal exactly (`Decimal.fromDouble`). The result is always a decimal, and there is no
//   infinity/NaN check on this path.
// - `log b x`: the domain check first (b >= 0 and x > 0). Two integers: both through
//   `fromIntegral`, `log x / log b` in doubles, infinity/NaN is an error, and the double is rounded
//   half-even to an integer. Otherwise the integer side first becomes an exact decimal, both decimals
//   go to doubles, `log x / log b`, the same check, the double to a decimal.
// - `^` with a decimal on either side: the integer side becomes an exact decimal, both go to
//   doubles, musl's `pow`, the same check, the double to a decimal. (`^` of two integers is exact
//   bigint arithmetic and not listed here.)
//
// The table holds every such expectation of Pact's tests/pact/ops.repl: `= RESULT` (compared as
// printed text, stricter than Pact's numeric `expect`), `!domain` for a domain error, `!infnan` for
// "Operation resulted in +- infinity or NaN".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decimal } from '../../src/values/decimal.ts';
import { exp, integerToDouble, log, pow, sqrt } from '../../src/values/libm.ts';

const INF_NAN = '!infnan';
const DOMAIN = '!domain';

type Num = bigint | Decimal;

function literal(text: string): Num {
  if (!text.includes('.')) return BigInt(text);
  const d = Decimal.parse(text);
  assert.ok(d !== undefined, text);
  return d;
}

function toDouble(n: Num): number {
  return typeof n === 'bigint' ? integerToDouble(n) : n.toNumber();
}

function signum(n: Num): number {
  return typeof n === 'bigint' ? (n > 0n ? 1 : n < 0n ? -1 : 0) : n.signum();
}

function decimalText(x: number): string {
  const d = Decimal.fromDouble(x);
  assert.ok(d !== undefined, `not finite: ${x}`);
  return d.toString();
}

function checked(x: number): number | undefined {
  return Number.isFinite(x) ? x : undefined;
}

/// Haskell's `round` on a double: to nearest, ties to even.
function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/// One Pact call on literals, following the paths described at the top: printed result or error code.
function pactMath(op: string, args: Num[]): string {
  const [a, b] = args as [Num, Num];
  switch (op) {
    case 'sqrt':
      return signum(a) < 0 ? DOMAIN : decimalText(sqrt(toDouble(a)));
    case 'ln':
      return signum(a) <= 0 ? DOMAIN : decimalText(log(toDouble(a)));
    case 'exp':
      return decimalText(exp(toDouble(a)));
    case 'log': {
      if (signum(a) < 0 || signum(b) <= 0) return DOMAIN;
      const r = checked(log(toDouble(b)) / log(toDouble(a)));
      if (r === undefined) return INF_NAN;
      return typeof a === 'bigint' && typeof b === 'bigint' ? String(roundHalfEven(r)) : decimalText(r);
    }
    case '^': {
      const r = checked(pow(toDouble(a), toDouble(b)));
      return r === undefined ? INF_NAN : decimalText(r);
    }
  }
  throw new Error(`unknown op ${op}`);
}

const OPS_REPL = `
sqrt 0 = 0.0
sqrt 0.0 = 0.0
sqrt -0 = 0.0
sqrt -0.0 = 0.0
sqrt 1 = 1.0
sqrt 1.0 = 1.0
sqrt -1 !domain
sqrt -1.0 !domain
sqrt 16 = 4.0
sqrt 16.0 = 4.0
sqrt 15 = 3.87298334620741702138957407441921532154083251953125
sqrt 15.0 = 3.87298334620741702138957407441921532154083251953125
log 0 0 !domain
log 0 0.0 !domain
log 0 -0 !domain
log 0 -0.0 !domain
log 0 1 = 0
log 0 1.0 = 0.0
log 0 -1 !domain
log 0 -1.0 !domain
log 0 16 = 0
log 0 16.0 = 0.0
log 0 15 = 0
log 0 15.0 = 0.0
log 0.0 0 !domain
log 0.0 0.0 !domain
log 0.0 -0 !domain
log 0.0 -0.0 !domain
log 0.0 1 = 0.0
log 0.0 1.0 = 0.0
log 0.0 -1 !domain
log 0.0 -1.0 !domain
log 0.0 16 = 0.0
log 0.0 16.0 = 0.0
log 0.0 15 = 0.0
log 0.0 15.0 = 0.0
log -0 0 !domain
log -0 0.0 !domain
log -0 -0 !domain
log -0 -0.0 !domain
log -0 1 = 0
log -0 1.0 = 0.0
log -0 -1 !domain
log -0 -1.0 !domain
log -0 16 = 0
log -0 16.0 = 0.0
log -0 15 = 0
log -0 15.0 = 0.0
log -0.0 0 !domain
log -0.0 0.0 !domain
log -0.0 -0 !domain
log -0.0 -0.0 !domain
log -0.0 1 = 0.0
log -0.0 1.0 = 0.0
log -0.0 -1 !domain
log -0.0 -1.0 !domain
log -0.0 16 = 0.0
log -0.0 16.0 = 0.0
log -0.0 15 = 0.0
log -0.0 15.0 = 0.0
log 1 0 !domain
log 1 0.0 !domain
log 1 -0 !domain
log 1 -0.0 !domain
log 1 1 !infnan
log 1 1.0 !infnan
log 1 -1 !domain
log 1 -1.0 !domain
log 1 16 !infnan
log 1 16.0 !infnan
log 1 15 !infnan
log 1 15.0 !infnan
log 1.0 0 !domain
log 1.0 0.0 !domain
log 1.0 -0 !domain
log 1.0 -0.0 !domain
log 1.0 1 !infnan
log 1.0 1.0 !infnan
log 1.0 -1 !domain
log 1.0 -1.0 !domain
log 1.0 16 !infnan
log 1.0 16.0 !infnan
log 1.0 15 !infnan
log 1.0 15.0 !infnan
log -1 0 !domain
log -1 0.0 !domain
log -1 -0 !domain
log -1 -0.0 !domain
log -1 1 !domain
log -1 1.0 !domain
log -1 -1 !domain
log -1 -1.0 !domain
log -1 16 !domain
log -1 16.0 !domain
log -1 15 !domain
log -1 15.0 !domain
log -1.0 0 !domain
log -1.0 0.0 !domain
log -1.0 -0 !domain
log -1.0 -0.0 !domain
log -1.0 1 !domain
log -1.0 1.0 !domain
log -1.0 -1 !domain
log -1.0 -1.0 !domain
log -1.0 16 !domain
log -1.0 16.0 !domain
log -1.0 15 !domain
log -1.0 15.0 !domain
log 4.0 0 !domain
log 4.0 0.0 !domain
log 4.0 -0 !domain
log 4.0 -0.0 !domain
log 4.0 1 = 0.0
log 4.0 1.0 = 0.0
log 4.0 -1 !domain
log 4.0 -1.0 !domain
log 4.0 16 = 2.0
log 4.0 16.0 = 2.0
log 4.0 15 = 1.953445297804259350726852062507532536983489990234375
log 4.0 15.0 = 1.953445297804259350726852062507532536983489990234375
log -4.0 0 !domain
log -4.0 0.0 !domain
log -4.0 -0 !domain
log -4.0 -0.0 !domain
log -4.0 1 !domain
log -4.0 1.0 !domain
log -4.0 -1 !domain
log -4.0 -1.0 !domain
log -4.0 16 !domain
log -4.0 16.0 !domain
log -4.0 15 !domain
log -4.0 15.0 !domain
ln 0 !domain
ln 0.0 !domain
ln -0 !domain
ln -0.0 !domain
ln 1 = 0.0
ln 1.0 = 0.0
ln -1 !domain
ln -1.0 !domain
ln 16 = 2.772588722239781144907055931980721652507781982421875
ln 16.0 = 2.772588722239781144907055931980721652507781982421875
ln 15 = 2.708050201102210063908160009304992854595184326171875
ln 15.0 = 2.708050201102210063908160009304992854595184326171875
ln 60 = 4.09434456222210041431708305026404559612274169921875
exp 0 = 1.0
exp 0.0 = 1.0
exp -0 = 1.0
exp -0.0 = 1.0
exp 1 = 2.718281828459045090795598298427648842334747314453125
exp 1.0 = 2.718281828459045090795598298427648842334747314453125
exp -1 = 0.367879441171442334024277442949824035167694091796875
exp -1.0 = 0.367879441171442334024277442949824035167694091796875
exp 16 = 8886110.520507872104644775390625
exp 16.0 = 8886110.520507872104644775390625
exp 15 = 3269017.3724721106700599193572998046875
exp 15.0 = 3269017.3724721106700599193572998046875
^ 0 0.0 = 1.0
^ 0 -0.0 = 1.0
^ 0 1.0 = 0.0
^ 0 -1.0 !infnan
^ 0 16.0 = 0.0
^ 0 15.0 = 0.0
^ 0.0 0 = 1.0
^ 0.0 0.0 = 1.0
^ 0.0 -0 = 1.0
^ 0.0 -0.0 = 1.0
^ 0.0 1 = 0.0
^ 0.0 1.0 = 0.0
^ 0.0 -1 !infnan
^ 0.0 -1.0 !infnan
^ 0.0 16 = 0.0
^ 0.0 16.0 = 0.0
^ 0.0 15 = 0.0
^ 0.0 15.0 = 0.0
^ -0 0.0 = 1.0
^ -0 -0.0 = 1.0
^ -0 1.0 = 0.0
^ -0 -1.0 !infnan
^ -0 16.0 = 0.0
^ -0 15.0 = 0.0
^ -0.0 0 = 1.0
^ -0.0 0.0 = 1.0
^ -0.0 -0 = 1.0
^ -0.0 -0.0 = 1.0
^ -0.0 1 = 0.0
^ -0.0 1.0 = 0.0
^ -0.0 -1 !infnan
^ -0.0 -1.0 !infnan
^ -0.0 16 = 0.0
^ -0.0 16.0 = 0.0
^ -0.0 15 = 0.0
^ -0.0 15.0 = 0.0
^ 1 0.0 = 1.0
^ 1 -0.0 = 1.0
^ 1 1.0 = 1.0
^ 1 -1.0 = 1.0
^ 1 16.0 = 1.0
^ 1 15.0 = 1.0
^ 1.0 0 = 1.0
^ 1.0 0.0 = 1.0
^ 1.0 -0 = 1.0
^ 1.0 -0.0 = 1.0
^ 1.0 1 = 1.0
^ 1.0 1.0 = 1.0
^ 1.0 -1 = 1.0
^ 1.0 -1.0 = 1.0
^ 1.0 16 = 1.0
^ 1.0 16.0 = 1.0
^ 1.0 15 = 1.0
^ 1.0 15.0 = 1.0
^ -1 0.0 = 1.0
^ -1 -0.0 = 1.0
^ -1 1.0 = -1.0
^ -1 -1.0 = -1.0
^ -1 16.0 = 1.0
^ -1 15.0 = -1.0
^ -1.0 0 = 1.0
^ -1.0 0.0 = 1.0
^ -1.0 -0 = 1.0
^ -1.0 -0.0 = 1.0
^ -1.0 1 = -1.0
^ -1.0 1.0 = -1.0
^ -1.0 -1 = -1.0
^ -1.0 -1.0 = -1.0
^ -1.0 16 = 1.0
^ -1.0 16.0 = 1.0
^ -1.0 15 = -1.0
^ -1.0 15.0 = -1.0
^ 4.0 0 = 1.0
^ 4.0 0.0 = 1.0
^ 4.0 -0 = 1.0
^ 4.0 -0.0 = 1.0
^ 4.0 1 = 4.0
^ 4.0 1.0 = 4.0
^ 4.0 -1 = 0.25
^ 4.0 -1.0 = 0.25
^ 4.0 16 = 4294967296.0
^ 4.0 16.0 = 4294967296.0
^ 4.0 15 = 1073741824.0
^ 4.0 15.0 = 1073741824.0
^ -4.0 0 = 1.0
^ -4.0 0.0 = 1.0
^ -4.0 -0 = 1.0
^ -4.0 -0.0 = 1.0
^ -4.0 1 = -4.0
^ -4.0 1.0 = -4.0
^ -4.0 -1 = -0.25
^ -4.0 -1.0 = -0.25
^ -4.0 16 = 4294967296.0
^ -4.0 16.0 = 4294967296.0
^ -4.0 15 = -1073741824.0
^ -4.0 15.0 = -1073741824.0
^ 81.0 0.5 = 9.0
^ 81 0.5 = 9.0
^ 2.5 3 = 15.625
`;

const BITS = new Float64Array(1);
const BITS_U64 = new BigUint64Array(BITS.buffer);

/// A double's 64 bits in hex, to compare results exactly (sign of zero and NaN-ness included).
function hex(x: number): string {
  BITS[0] = x;
  return BITS_U64[0]!.toString(16).padStart(16, '0');
}

test('every transcendental expectation of ops.repl', () => {
  const rows = OPS_REPL.trim().split('\n');
  assert.equal(rows.length, 256);
  for (const row of rows) {
    const parts = row.split(' ');
    const want = parts.at(-1)!;
    const args = parts.slice(1, parts[parts.length - 2] === '=' ? -2 : -1).map(literal);
    assert.equal(pactMath(parts[0]!, args), want, row);
  }
});

test('results differ from V8 Math in the last bit here; musl bits are the truth', () => {
  const cases: [number, string][] = [
    [exp(0.255), '3ff4a5bb15a64681'],
    [exp(-15.029), '3e93f125207fb433'],
    [exp(-2.946), '3faae7c416d26663'],
    [exp(-5.764), '3f69b5fab682d823'],
    [log(22.448), '4008e3bd9fd0c6b9'],
    [log(81.086), '40119500a843a523'],
    [pow(46.335, -9.01), '3cd19c5af3ad82a6'],
    [pow(63.916, -7.86), '3cfcf02054bb4470'],
    [pow(50.54, -4.65), '3e49b49b793bc2ac'],
  ];
  for (const [got, want] of cases) assert.equal(hex(got), want);
});

test('edge ranges: overflow, subnormal results, inputs near 1, odd powers of negatives', () => {
  assert.equal(hex(exp(709.78)), '7fefe9ce5c4c52b4');
  assert.equal(hex(exp(-740.5)), '0000000000000033');
  assert.equal(hex(exp(-745.1)), '0000000000000001');
  assert.equal(hex(exp(1e-300)), '3ff0000000000000');
  assert.equal(exp(710), Infinity);
  assert.equal(exp(-746), 0);
  assert.equal(hex(log(5e-324)), 'c0874385446d71c3');
  assert.equal(hex(log(1e-310)), 'c0864e69394d9508');
  assert.equal(hex(log(1.01)), '3f8460d6ccca367c');
  assert.equal(hex(log(0.95)), 'bfaa431d5bcc193e');
  assert.equal(log(0), -Infinity);
  assert.ok(Number.isNaN(log(-1)));
  assert.equal(hex(pow(-2, -1073)), '8000000000000002');
  assert.equal(hex(pow(0.5, 1074.3)), '0000000000000001');
  assert.equal(hex(pow(1e-310, 0.5)), '1fc1297872d9cbae');
  assert.equal(hex(pow(-3, -600)), '0480406143142763');
  assert.equal(hex(pow(2, 1023.5)), '7fe6a09e667f3bcd');
  assert.equal(hex(pow(-2.5, 3)), 'c02f400000000000');
  assert.equal(hex(pow(1.0000001, 1e9)), '48f349445c228792');
  assert.equal(pow(0, -1), Infinity);
  assert.equal(pow(-0, -3), -Infinity);
  assert.ok(Number.isNaN(pow(-8, 1 / 3)));
  assert.equal(pow(NaN, 0), 1);
  assert.equal(pow(1, NaN), 1);
  assert.equal(pow(-1, Infinity), 1);
});

test('integerToDouble rounds within Int64 and truncates beyond, like GHC with GMP', () => {
  assert.equal(integerToDouble(15n), 15);
  assert.equal(integerToDouble(2n ** 53n + 1n), 2 ** 53);
  assert.equal(integerToDouble(2n ** 53n + 3n), 2 ** 53 + 4);
  assert.equal(integerToDouble(2n ** 63n - 1n), 2 ** 63);
  assert.equal(integerToDouble(2n ** 64n + 2n ** 11n + 1n), 2 ** 64);
  assert.equal(integerToDouble(-(2n ** 64n) - 2n ** 12n + 1n), -(2 ** 64));
  assert.equal(integerToDouble(2n ** 1024n), Infinity);
  assert.equal(integerToDouble(-(2n ** 2000n)), -Infinity);
});
