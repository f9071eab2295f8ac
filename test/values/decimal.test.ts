import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decimal } from '../../src/values/decimal.ts';

function d(text: string): Decimal {
  const v = Decimal.parse(text);
  assert.ok(v !== undefined, `bad literal ${text}`);
  return v;
}

/// Printed form and scale, the two things a result must match.
function same(actual: Decimal, printed: string, scale?: number): void {
  assert.equal(actual.toString(), printed);
  if (scale !== undefined) assert.equal(actual.scale, scale);
}

test('parse keeps the literal scale', () => {
  same(d('1.50'), '1.50', 2);
  same(d('100.25'), '100.25', 2);
  same(d('-0.05'), '-0.05', 2);
  same(d('7'), '7.0', 0);
  same(d('0.000'), '0.000', 3);
  assert.equal(d('-12.340').mantissa, -12340n);
});

test('parse rejects what is not a Pact decimal literal', () => {
  for (const bad of ['', '-', '.5', '5.', '1.2.3', '+1.0', '1e3', ' 1.0', '1.0 ', '0x10', '1_000.0', '--1.0']) {
    assert.equal(Decimal.parse(bad), undefined, bad);
  }
  assert.equal(Decimal.parse('0.' + '1'.repeat(256)), undefined);
  same(d('0.' + '1'.repeat(255)), '0.' + '1'.repeat(255), 255);
});

test('printing of every shape', () => {
  same(new Decimal(5n, 0), '5.0');
  same(new Decimal(-1n, 0), '-1.0');
  same(new Decimal(0n, 0), '0.0');
  same(new Decimal(0n, 2), '0.00');
  same(new Decimal(123n, 18), '0.000000000000000123');
  same(new Decimal(-5n, 2), '-0.05');
  same(new Decimal(150n, 2), '1.50');
  same(new Decimal(10025n, 2), '100.25');
  same(new Decimal(-10025n, 2), '-100.25');
  same(new Decimal(12345678901234567890n, 0), '12345678901234567890.0');
  same(new Decimal(1n, 1), '0.1');
});

test('fromInteger has scale 0', () => {
  same(Decimal.fromInteger(3n), '3.0', 0);
  same(Decimal.fromInteger(-42n), '-42.0', 0);
});

test('add and sub are exact at the larger scale, not normalised', () => {
  same(d('1.50').add(d('1.0')), '2.50', 2);
  same(d('1.0').add(d('2')), '3.0', 1);
  same(d('0.1').add(d('0.2')), '0.3', 1);
  same(d('1.0').sub(d('1.0')), '0.0', 1);
  same(d('1.00').sub(d('1.00')), '0.00', 2);
  same(d('5.25').sub(d('10.5')), '-5.25', 2);
});

test('a zero operand does not widen the scale (Haskell roundMax)', () => {
  same(d('0.000').add(d('1.5')), '1.5', 1);
  same(d('1.5').add(d('0.000')), '1.5', 1);
  same(d('0.000').sub(d('1.5')), '-1.5', 1);
  same(d('0.00').add(d('0.0')), '0.0', 0);
  same(d('0.00').sub(d('0.000')), '0.0', 0);
});

test('mul is exact then normalised', () => {
  same(d('0.5').mul(d('10.0')), '5.0', 0);
  same(d('1.5').mul(d('1.5')), '2.25', 2);
  same(d('0.15').mul(d('0.15')), '0.0225', 4);
  same(d('2.50').mul(d('2.0')), '5.0', 0);
  same(d('-1.25').mul(d('4.0')), '-5.0', 0);
  same(d('0.0').mul(d('3.5')), '0.0', 0);
});

test('mul rounds half-even at 255 places', () => {
  const tiny = new Decimal(5n, 200); // 5e-200
  // 5e-200 * 5e-56 = 25e-256: exactly half of the last place, 2 is even so it stays.
  same(tiny.mul(new Decimal(5n, 56)), '0.' + '0'.repeat(254) + '2', 255);
  // 35e-256 rounds to 4e-255 (half, odd neighbour rounds up).
  same(tiny.mul(new Decimal(7n, 56)), '0.' + '0'.repeat(254) + '4', 255);
  // 5e-200 * 1e-100 = 5e-300 vanishes.
  same(tiny.mul(new Decimal(1n, 100)), '0.0', 0);
  same(tiny.neg().mul(new Decimal(7n, 56)), '-0.' + '0'.repeat(254) + '4', 255);
});

test('div rounds half-even at 255 places and normalises', () => {
  same(d('10.0').div(d('2.0')), '5.0', 0);
  same(d('7.0').div(d('2.0')), '3.5', 1);
  same(d('1.0').div(d('3.0')), '0.' + '3'.repeat(255), 255);
  same(d('2.0').div(d('3.0')), '0.' + '6'.repeat(254) + '7', 255);
  same(d('-2.0').div(d('3.0')), '-0.' + '6'.repeat(254) + '7', 255);
  same(d('2.0').div(d('-3.0')), '-0.' + '6'.repeat(254) + '7', 255);
  same(d('-1.0').div(d('-4')), '0.25', 2);
  same(d('1').div(d('0.001')), '1000.0', 0);
  // Exactly half of the 255th place: 1e-255 / 2 rounds to even (0), 3e-255 / 2 to 2e-255.
  same(new Decimal(1n, 255).div(d('2')), '0.0', 0);
  same(new Decimal(3n, 255).div(d('2')), '0.' + '0'.repeat(254) + '2', 255);
  assert.ok(d('0.00').isZero());
  assert.ok(!d('0.01').isZero());
});

test('neg and abs keep the scale', () => {
  same(d('1.50').neg(), '-1.50', 2);
  same(d('-1.50').abs(), '1.50', 2);
  same(d('2.0').abs(), '2.0', 1);
  same(d('0.00').neg(), '0.00', 2);
});

test('comparison and equality are numeric', () => {
  assert.ok(d('1.50').eq(d('1.5')));
  assert.ok(d('2').eq(d('2.000')));
  assert.ok(!d('1.51').eq(d('1.5')));
  assert.equal(d('1.50').cmp(d('1.5')), 0);
  assert.equal(d('1.49').cmp(d('1.5')), -1);
  assert.equal(d('-1.4').cmp(d('-1.45')), 1);
  assert.equal(d('10').cmp(d('9.999')), 1);
});

test('normalize, isInteger, signum', () => {
  same(d('1.500').normalize(), '1.5', 1);
  same(d('100.00').normalize(), '100.0', 0);
  same(d('0.000').normalize(), '0.0', 0);
  same(d('-2.50').normalize(), '-2.5', 1);
  const n = d('1.5');
  assert.equal(n.normalize(), n);
  assert.ok(d('3.000').isInteger());
  assert.ok(d('-7').isInteger());
  assert.ok(!d('3.001').isInteger());
  assert.equal(d('-0.1').signum(), -1);
  assert.equal(d('0.00').signum(), 0);
  assert.equal(d('4.2').signum(), 1);
});

test('round is half-even and gives exactly the requested places', () => {
  same(d('100.15234').round(2), '100.15', 2);
  same(d('3.0').round(3), '3.000', 3);
  same(d('2.5').round(0), '2.0', 0);
  same(d('3.5').round(0), '4.0', 0);
  same(d('-2.5').round(0), '-2.0', 0);
  same(d('-3.5').round(0), '-4.0', 0);
  same(d('0.125').round(2), '0.12', 2);
  same(d('0.135').round(2), '0.14', 2);
  same(d('0.1251').round(2), '0.13', 2);
  same(d('1.0').round(0), '1.0', 0);
});

test('ceiling and floor with precision, including negatives', () => {
  same(d('100.15234').ceiling(2), '100.16', 2);
  same(d('100.15234').floor(2), '100.15', 2);
  same(d('-1.5').floor(0), '-2.0', 0);
  same(d('-1.5').ceiling(0), '-1.0', 0);
  same(d('-1.234').floor(1), '-1.3', 1);
  same(d('-1.234').ceiling(1), '-1.2', 1);
  same(d('1.20').floor(4), '1.2000', 4);
  same(d('0.0').ceiling(2), '0.00', 2);
});

test('rounding to an integer', () => {
  assert.equal(d('2.5').roundToInteger(), 2n);
  assert.equal(d('3.5').roundToInteger(), 4n);
  assert.equal(d('-2.5').roundToInteger(), -2n);
  assert.equal(d('2.51').roundToInteger(), 3n);
  assert.equal(d('-1.5').floorToInteger(), -2n);
  assert.equal(d('-1.5').ceilingToInteger(), -1n);
  assert.equal(d('1.000001').ceilingToInteger(), 2n);
  assert.equal(d('1.999').floorToInteger(), 1n);
  assert.equal(d('7').roundToInteger(), 7n);
});

test('fromDouble expands the binary fraction exactly', () => {
  same(Decimal.fromDouble(Math.sqrt(15))!, '3.87298334620741702138957407441921532154083251953125');
  same(Decimal.fromDouble(Math.E)!, '2.718281828459045090795598298427648842334747314453125');
  same(Decimal.fromDouble(5)!, '5.0', 0);
  same(Decimal.fromDouble(0.5)!, '0.5', 1);
  same(Decimal.fromDouble(-0.25)!, '-0.25', 2);
  same(Decimal.fromDouble(0.1)!, '0.1000000000000000055511151231257827021181583404541015625');
  same(Decimal.fromDouble(-0)!, '0.0', 0);
  same(Decimal.fromDouble(2 ** 70)!, '1180591620717411303424.0', 0);
  assert.equal(Decimal.fromDouble(NaN), undefined);
  assert.equal(Decimal.fromDouble(Infinity), undefined);
  assert.equal(Decimal.fromDouble(-Infinity), undefined);
});

test('fromDouble rounds tiny values half-even at 255 places', () => {
  // 2^-1074 ≈ 4.94e-324: far below 10^-255.
  same(Decimal.fromDouble(Number.MIN_VALUE)!, '0.0', 0);
  // 2^-800 ≈ 1.5e-241 keeps 15 significant digits within 255 places, normalised.
  const v = Decimal.fromDouble(2 ** -800)!;
  assert.equal(v.scale, 255);
  assert.ok(v.toString().startsWith('0.' + '0'.repeat(240) + '14996968138'));
});

test('toNumber is the nearest double', () => {
  assert.equal(d('1.5').toNumber(), 1.5);
  assert.equal(d('-0.1').toNumber(), -0.1);
  assert.equal(d('123456789012345678901234567890.0').toNumber(), 1.2345678901234568e29);
  assert.equal(Decimal.fromDouble(Math.PI)!.toNumber(), Math.PI);
  assert.equal(new Decimal(1n, 255).toNumber(), 1e-255);
  assert.equal(d('0.30000000000000000000001').toNumber(), 0.3);
});
