import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bn254 } from '@noble/curves/bn254.js';
import { evalLine } from '../helpers/pact.ts';

const first = (line: string) => evalLine(line).split('\n')[0]!;

/// The base field and group orders of BN254.
const P = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;
const R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

type G1 = ReturnType<typeof bn254.G1.Point.BASE.multiply>;
type G2 = ReturnType<typeof bn254.G2.Point.BASE.multiply>;
const g1 = (k: bigint): G1 => bn254.G1.Point.BASE.multiply(k);
const g2 = (k: bigint): G2 => bn254.G2.Point.BASE.multiply(k);

/// Pact literals of points, from noble's (independent) arithmetic.
function g1Lit(p: G1): string {
  const a = p.toAffine();
  return `{'x: ${a.x}, 'y: ${a.y}}`;
}
function g2Lit(p: G2): string {
  const a = p.toAffine();
  return `{'x: [${a.x.c0} ${a.x.c1}], 'y: [${a.y.c0} ${a.y.c1}]}`;
}

test('documented examples', () => {
  const doubled = '{"x": 1368015179489954701390400359078579693043519447331113978918064868415326638035,' +
    '"y": 9918110051302171585080402603319702774565515993150576347155970296011118125764}';
  assert.equal(evalLine(`(= (point-add 'g1 {'x: 1, 'y: 2}  {'x: 1, 'y: 2}) ${doubled})`), 'true');
  assert.equal(evalLine(`(= (scalar-mult 'g1 {'x: 1, 'y: 2} 2) ${doubled})`), 'true');
});

test('G1 and G2 arithmetic agrees with an independent implementation', () => {
  for (const [a, b] of [[3n, 5n], [7n, 7n], [123456789n, R - 1n]] as const) {
    assert.equal(evalLine(`(= (point-add 'g1 ${g1Lit(g1(a))} ${g1Lit(g1(b))}) ${g1Lit(g1((a + b) % R))})`), 'true');
    assert.equal(evalLine(`(= (point-add 'g2 ${g2Lit(g2(a))} ${g2Lit(g2(b))}) ${g2Lit(g2((a + b) % R))})`), 'true');
    assert.equal(evalLine(`(= (scalar-mult 'g1 ${g1Lit(g1(a))} ${b}) ${g1Lit(g1((a * b) % R))})`), 'true');
    assert.equal(evalLine(`(= (scalar-mult 'G2 ${g2Lit(g2(a))} ${b}) ${g2Lit(g2((a * b) % R))})`), 'true');
  }
});

test('scalars are reduced modulo the group order; negative ones negate', () => {
  assert.equal(evalLine(`(= (scalar-mult 'g1 {'x: 1, 'y: 2} ${R + 2n}) (scalar-mult 'g1 {'x: 1, 'y: 2} 2))`), 'true');
  assert.equal(evalLine(`(= (scalar-mult 'g1 {'x: 1, 'y: 2} -1) {'x: 1, 'y: ${P - 2n}})`), 'true');
  assert.equal(evalLine(`(scalar-mult 'g1 {'x: 1, 'y: 2} ${R})`), '{"x": 0,"y": 0}');
  assert.equal(evalLine(`(scalar-mult 'g2 ${g2Lit(g2(1n))} 0)`), '{"x": [0],"y": [0]}');
});

test('the point at infinity is {x: 0, y: 0}', () => {
  assert.equal(evalLine("(point-add 'g1 {'x: 0, 'y: 0} {'x: 1, 'y: 2})"), '{"x": 1,"y": 2}');
  assert.equal(evalLine("(point-add 'g1 {'x: 1, 'y: 2} {'x: 1, 'y: -2})"), '{"x": 0,"y": 0}');
  assert.equal(evalLine("(scalar-mult 'g1 {'x: 0, 'y: 0} 5)"), '{"x": 0,"y": 0}');
  assert.equal(evalLine(`(point-add 'g2 ${g2Lit(g2(1n))} ${g2Lit(g2(R - 1n))})`), '{"x": [0],"y": [0]}');
});

test('coordinates are read modulo p, and G2 ones as polynomials in u', () => {
  assert.equal(evalLine(`(scalar-mult 'g1 {'x: ${P + 1n}, 'y: 2, 'z: "ignored"} 1)`), '{"x": 1,"y": 2}');
  const a = g2(1n).toAffine();
  const inf = "{'x: [], 'y: [0 0]}";
  // Trailing zero coefficients are dropped; a passed-through point keeps its other terms.
  assert.equal(evalLine(`(= (point-add 'g2 {'x: [${a.x.c0} ${a.x.c1} 0], 'y: [${a.y.c0} ${a.y.c1}]} ${inf}) ${g2Lit(g2(1n))})`), 'true');
  // x + k*u^2 equals x - k: on the curve, and printed unreduced when nothing multiplies it.
  const x0 = (a.x.c0 + 5n) % P;
  assert.equal(evalLine(`(= (at 'x (point-add 'g2 {'x: [${x0} ${a.x.c1} 5], 'y: [${a.y.c0} ${a.y.c1}]} ${inf})) [${x0} ${a.x.c1} 5])`),
    'true');
});

test('pairing-check', () => {
  const a = 12345n;
  const b = 67890n;
  const base2 = g2Lit(g2(1n));
  // e(aG1, bG2) * e(-abG1, G2) = 1
  assert.equal(evalLine(`(pairing-check [${g1Lit(g1(a))} ${g1Lit(g1(a * b).negate())}] [${g2Lit(g2(b))} ${base2}])`), 'true');
  assert.equal(evalLine(`(pairing-check [${g1Lit(g1(a))} ${g1Lit(g1(a * b + 1n).negate())}] [${g2Lit(g2(b))} ${base2}])`), 'false');
  assert.equal(evalLine(`(pairing-check [${g1Lit(g1(a))}] [${g2Lit(g2(b))}])`), 'false');
  assert.equal(evalLine('(pairing-check [] [])'), 'true');
  // Pairs with the point at infinity count as 1; the lists are zipped, extra points only checked.
  assert.equal(evalLine(`(pairing-check [{'x: 0, 'y: 0} {'x: 1, 'y: 2}] [${g2Lit(g2(b))}])`), 'true');
  assert.equal(first(`(pairing-check [{'x: 0, 'y: 0} {'x: 1, 'y: 3}] [${g2Lit(g2(b))}])`),
    '<interactive>:0:0:Error: Point not on curve');
});

test('zk errors', () => {
  assert.equal(first("(point-add 'g1 {'x: 1, 'y: 3} {'x: 1, 'y: 2})"), '<interactive>:0:0:Error: Point not on curve');
  assert.equal(first("(point-add 'g1 {'x: 1.0, 'y: 2} {'x: 1, 'y: 2})"), '<interactive>:0:0:Error: unable to decode point in g1');
  assert.equal(first("(scalar-mult 'g2 {'x: 1, 'y: 2} 2)"), '<interactive>:0:0:Error: unable to decode point in g2');
  assert.equal(first("(scalar-mult 'g2 {'x: [1 2], 'y: [1.0]} 2)"), '<interactive>:0:0:Error: unable to decode point in g2');
  assert.equal(first('(pairing-check [1] [])'), '<interactive>:0:0:Error: not a point');
  assert.equal(first("(point-add 'g3 {'x: 1, 'y: 2} {'x: 1, 'y: 2})"),
    '<interactive>:0:0:Error: Invalid arguments, received ["g3" {"x": 1,"y": 2} {"x": 1,"y": 2}] for type:string point1:<a> point2:<a> -> <a>');
  assert.equal(first("(scalar-mult 'g1 {'x: 1, 'y: 2} 2.0)"),
    '<interactive>:0:0:Error: Invalid arguments, received ["g1" {"x": 1,"y": 2} 2.0] for type:string point1:<a> scalar:integer -> <a>');
  assert.equal(first('(pairing-check 1 [])'),
    '<interactive>:0:0:Error: Invalid arguments, received [1 []] for points-g1:[<a>] points-g2:[<b>] -> bool');
});
