/// The zk natives over BN254 (`point-add`, `scalar-mult`, `pairing-check`; ./zk.ts registers
/// them, loading this module on first use), with Pact's point encodings: a G1 point is
/// `{'x: int, 'y: int}`, a G2 point `{'x: [c0 c1], 'y: [c0 c1]}`, and `{x: 0, y: 0}` (either
/// group) is the point at infinity.
///
/// Pact does this arithmetic in affine coordinates over its own field types; noble's tower
/// fields supply the field operations and the final exponentiation, while the curve formulas and
/// the Miller loop follow Pact's, so that inputs noble would reject (G2 points outside the
/// prime-order subgroup, unreduced coordinates) give Pact's answers.
import { bn254 } from '@noble/curves/bn254.js';
import type { Fp2, Fp12 } from '@noble/curves/abstract/tower.js';
import { tyAny } from '../values/type.ts';
import { PList, PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import type { Info } from '../syntax/exp.ts';
import { evalError } from '../lang/errors.ts';
import { badArgs } from '../lang/eval.ts';
import type { Ctx } from '../lang/context.ts';
import type { ZKArg } from '../lang/gas.ts';
import type { Native, StrictFn } from './registry.ts';

const { Fp, Fp2: F2, Fp12: F12 } = bn254.fields;
/// The order of G1 and G2; scalars are reduced modulo it.
const CURVE_ORDER = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

/// An element of Fq2 as Pact holds it: the coefficients of a polynomial in u, trailing zeros
/// dropped. Decoded points are not reduced modulo u^2 + 1, and sums keep them that way, so a
/// result can show more than two coefficients, exactly as Pact prints it.
type Poly = readonly bigint[];

/// The operations the curve formulas need, over Fq (bigint) or Fq2 (Poly).
interface CurveField<T> {
  readonly zero: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  div(a: T, b: T): T;
  eq(a: T, b: T): boolean;
}

/// An affine point, or null for the point at infinity.
type Point<T> = { readonly x: T; readonly y: T } | null;

const fq: CurveField<bigint> = {
  zero: 0n,
  add: (a, b) => Fp.add(a, b),
  sub: (a, b) => Fp.sub(a, b),
  mul: (a, b) => Fp.mul(a, b),
  div: (a, b) => Fp.div(a, b),
  eq: (a, b) => a === b,
};

function trim(cs: bigint[]): Poly {
  let n = cs.length;
  while (n > 0 && cs[n - 1] === 0n) n--;
  return n === cs.length ? cs : cs.slice(0, n);
}

function zipWith(a: Poly, b: Poly, f: (x: bigint, y: bigint) => bigint): Poly {
  const out: bigint[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) out.push(f(a[i] ?? 0n, b[i] ?? 0n));
  return trim(out);
}

/// The polynomial reduced modulo u^2 + 1, as noble's Fp2.
function toFp2(a: Poly): Fp2 {
  let c0 = 0n;
  let c1 = 0n;
  for (let i = 0; i < a.length; i++) {
    // u^2 = -1: coefficient i lands on u^(i mod 2) with sign (-1)^(i div 2).
    const c = (i & 2) === 0 ? a[i]! : Fp.neg(a[i]!);
    if ((i & 1) === 0) c0 = Fp.add(c0, c);
    else c1 = Fp.add(c1, c);
  }
  return { c0, c1 };
}

function fromFp2(a: Fp2): Poly {
  return trim([a.c0, a.c1]);
}

const fq2: CurveField<Poly> = {
  zero: [],
  add: (a, b) => zipWith(a, b, (x, y) => Fp.add(x, y)),
  sub: (a, b) => zipWith(a, b, (x, y) => Fp.sub(x, y)),
  // Products (and so quotients) come out reduced, as in Pact.
  mul: (a, b) => fromFp2(F2.mul(toFp2(a), toFp2(b))),
  div: (a, b) => {
    const d = toFp2(b);
    // Only reachable with unreduced coordinates that differ as polynomials but not as field
    // elements; Pact stops there too.
    if (F2.is0(d)) throw new Error('Division by zero: Extension');
    return fromFp2(F2.div(toFp2(a), d));
  },
  eq: (a, b) => a.length === b.length && a.every((c, i) => c === b[i]),
};

const B1 = 3n;
const B2: Poly = fromFp2(F2.div(F2.fromBigTuple([3n, 0n]), F2.fromBigTuple([9n, 1n])));

function isOnCurve<T>(f: CurveField<T>, p: Point<T>, b: T): boolean {
  if (p === null) return true;
  return f.eq(f.sub(f.mul(p.y, p.y), f.mul(f.mul(p.x, p.x), p.x)), b);
}

function double<T>(f: CurveField<T>, p: Point<T>): Point<T> {
  if (p === null || f.eq(p.y, f.zero)) return null;
  const xx = f.mul(p.x, p.x);
  const l = f.div(f.add(f.add(xx, xx), xx), f.add(p.y, p.y));
  const x = f.sub(f.mul(l, l), f.add(p.x, p.x));
  return { x, y: f.sub(f.mul(l, f.sub(p.x, x)), p.y) };
}

function add<T>(f: CurveField<T>, p: Point<T>, q: Point<T>): Point<T> {
  if (p === null) return q;
  if (q === null) return p;
  if (f.eq(p.x, q.x)) return f.eq(p.y, q.y) ? double(f, p) : null;
  const l = f.div(f.sub(q.y, p.y), f.sub(q.x, p.x));
  const x = f.sub(f.sub(f.mul(l, l), p.x), q.x);
  return { x, y: f.sub(f.mul(l, f.sub(p.x, x)), p.y) };
}

/// Pact's double-and-add from the top bit down (`n` is already reduced, so never negative).
function multiply<T>(f: CurveField<T>, p: Point<T>, n: bigint): Point<T> {
  if (n === 0n) return null;
  if (n === 1n) return p;
  const half = multiply(f, double(f, p), n >> 1n);
  return (n & 1n) === 0n ? half : add(f, half, p);
}

/// A G1 point from `{x: int, y: int}` (other fields ignored), coordinates reduced modulo q.
function toG1(v: PactValue, info: Info): Point<bigint> {
  const x = v instanceof PObject ? v.fields.get('x') : undefined;
  const y = v instanceof PObject ? v.fields.get('y') : undefined;
  if (typeof x !== 'bigint' || typeof y !== 'bigint') throw evalError(info, 'unable to decode point in g1');
  const p = { x: Fp.create(x), y: Fp.create(y) };
  return p.x === 0n && p.y === 0n ? null : p;
}

function polyOf(v: PactValue | undefined): Poly | undefined {
  if (!(v instanceof PList) || !v.items.every((c) => typeof c === 'bigint')) return undefined;
  return trim((v.items as bigint[]).map((c) => Fp.create(c)));
}

/// A G2 point from `{x: [ints], y: [ints]}`: each list is a polynomial in u, lowest term first.
function toG2(v: PactValue, info: Info): Point<Poly> {
  const x = polyOf(v instanceof PObject ? v.fields.get('x') : undefined);
  const y = polyOf(v instanceof PObject ? v.fields.get('y') : undefined);
  if (x === undefined || y === undefined) throw evalError(info, 'unable to decode point in g2');
  return x.length === 0 && y.length === 0 ? null : { x, y };
}

function pointObject(x: PactValue, y: PactValue): PObject {
  return new PObject(new Map([['x', x], ['y', y]]), false);
}

function fromG1(p: Point<bigint>): PObject {
  return p === null ? pointObject(0n, 0n) : pointObject(p.x, p.y);
}

function fromG2(p: Point<Poly>): PObject {
  if (p === null) return pointObject(new PList([0n], tyAny), new PList([0n], tyAny));
  return pointObject(new PList(p.x, tyAny), new PList(p.y, tyAny));
}

function notOnCurve(info: Info): never {
  throw evalError(info, 'Point not on curve');
}

/// Whether `type` names G1 or G2 (case-insensitively); anything else is an argument error.
function group(type: string): 'g1' | 'g2' | null {
  const t = type.toLowerCase();
  return t === 'g1' || t === 'g2' ? t : null;
}

export const pointAdd: StrictFn = (ctx, args, app, self) => {
  const [type, a, b] = args;
  const g = typeof type === 'string' ? group(type) : null;
  if (args.length !== 3 || g === null || !(a instanceof PObject) || !(b instanceof PObject)) {
    throw badArgs(self, args, app.info);
  }
  const info = app.info;
  if (g === 'g1') {
    const p = toG1(a, info);
    const q = toG1(b, info);
    if (!isOnCurve(fq, p, B1) || !isOnCurve(fq, q, B1)) notOnCurve(info);
    chargeZK(ctx, self, { op: 'PointAdd', group: 'G1' }, info);
    return fromG1(add(fq, p, q));
  }
  const p = toG2(a, info);
  const q = toG2(b, info);
  if (!isOnCurve(fq2, p, B2) || !isOnCurve(fq2, q, B2)) notOnCurve(info);
  chargeZK(ctx, self, { op: 'PointAdd', group: 'G2' }, info);
  return fromG2(add(fq2, p, q));
};

export const scalarMult: StrictFn = (ctx, args, app, self) => {
  const [type, a, n] = args;
  const g = typeof type === 'string' ? group(type) : null;
  if (args.length !== 3 || g === null || !(a instanceof PObject) || typeof n !== 'bigint') {
    throw badArgs(self, args, app.info);
  }
  const info = app.info;
  const k = ((n % CURVE_ORDER) + CURVE_ORDER) % CURVE_ORDER;
  if (g === 'g1') {
    const p = toG1(a, info);
    if (!isOnCurve(fq, p, B1)) notOnCurve(info);
    chargeZK(ctx, self, { op: 'ScalarMult', group: 'G1' }, info);
    return fromG1(multiply(fq, p, k));
  }
  const p = toG2(a, info);
  if (!isOnCurve(fq2, p, B2)) notOnCurve(info);
  chargeZK(ctx, self, { op: 'ScalarMult', group: 'G2' }, info);
  return fromG2(multiply(fq2, p, k));
};

// ---- The pairing: Pact's optimal ate Miller loop for BN curves, in noble's Fq12 tower
// (Fq2 = Fq[u]/(u^2+1), Fq6 = Fq2[v]/(v^3-(9+u)), Fq12 = Fq6[w]/(w^2-v), the same as Pact's).

type G2Affine = { readonly x: Fp2; readonly y: Fp2 } | null;

/// 6x+2 for the BN254 seed x, in signed binary from the second-highest digit down.
const ATE_LOOP = [
  1, 0, 1, 0, 0, -1, 0, 1, 1, 0, 0, 0, -1, 0, 0, 1, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 1,
  1, 1, 0, 0, 0, 0, -1, 0, 1, 0, 0, -1, 0, 1, 1, 0, 0, 1, 0, 0, -1, 1, 0, 0, -1, 0, 1, 0, 1, 0, 0, 0,
] as const;

const XI = F2.fromBigTuple([9n, 1n]);
const P_MOD = Fp.ORDER;
let frobConstants: { x: Fp2; y: Fp2 } | undefined;

/// The p-power Frobenius on the twist: conjugate both coordinates, then scale by powers of xi.
function frobTwisted(q: G2Affine): G2Affine {
  if (q === null) return null;
  frobConstants ??= { x: F2.pow(XI, (P_MOD - 1n) / 3n), y: F2.pow(XI, P_MOD >> 1n) };
  const conj = (a: Fp2): Fp2 => ({ c0: a.c0, c1: Fp.neg(a.c1) });
  return { x: F2.mul(conj(q.x), frobConstants.x), y: F2.mul(conj(q.y), frobConstants.y) };
}

function fq12(c0: [Fp2, Fp2, Fp2], c1: [Fp2, Fp2, Fp2]): Fp12 {
  return { c0: { c0: c0[0], c1: c0[1], c2: c0[2] }, c1: { c0: c1[0], c1: c1[1], c2: c1[2] } };
}

/// The line through T and Q (the tangent when they are equal) evaluated at P, and T + Q.
function lineFunction(px: bigint, py: bigint, t: G2Affine, q: G2Affine): [G2Affine, Fp12] {
  if (t === null || q === null) return [null, F12.ONE];
  const fromFp = (c: bigint): Fp2 => ({ c0: c, c1: 0n });
  const Z = F2.ZERO;
  let l: Fp2;
  if (!F2.eql(t.x, q.x)) {
    l = F2.div(F2.sub(q.y, t.y), F2.sub(q.x, t.x));
  } else if (F2.is0(F2.add(t.y, q.y))) {
    return [null, fq12([fromFp(px), Z, Z], [F2.neg(t.x), Z, Z])];
  } else {
    const xx = F2.sqr(t.x);
    l = F2.div(F2.add(F2.add(xx, xx), xx), F2.add(t.y, t.y));
  }
  const x = F2.sub(F2.sub(F2.sqr(l), t.x), q.x);
  const y = F2.sub(F2.mul(l, F2.sub(t.x, x)), t.y);
  const line = fq12([fromFp(Fp.neg(py)), Z, Z], [F2.mul(l, px), F2.sub(t.y, F2.mul(l, t.x)), Z]);
  return [{ x, y }, line];
}

function millerLoop(px: bigint, py: bigint, q: G2Affine): Fp12 {
  const negQ: G2Affine = q === null ? null : { x: q.x, y: F2.neg(q.y) };
  let t = q;
  let f = F12.ONE;
  for (const bit of ATE_LOOP) {
    const [t2, l2] = lineFunction(px, py, t, t);
    t = t2;
    f = F12.mul(f, F12.mul(f, l2));
    if (bit !== 0) {
      const [t3, l3] = lineFunction(px, py, bit === 1 ? q : negQ, t);
      t = t3;
      f = F12.mul(f, l3);
    }
  }
  const q1 = frobTwisted(q);
  const q1f = frobTwisted(q1);
  const q2: G2Affine = q1f === null ? null : { x: q1f.x, y: F2.neg(q1f.y) };
  const [t1, l1] = lineFunction(px, py, t, q1);
  const [, lq] = lineFunction(px, py, t1, q2);
  return F12.mul(F12.mul(f, l1), lq);
}

/// The BN254 operations are charged after their points are decoded and checked.
function chargeZK(ctx: Ctx, self: Native, zk: ZKArg, info: Info): void {
  if (ctx.gas.active) ctx.gas.charge(self.name, { kind: 'GZKArgs', zk }, info);
}

export const pairingCheck: StrictFn = (ctx, args, app, self) => {
  const [g1s, g2s] = args;
  if (args.length !== 2 || !(g1s instanceof PList) || !(g2s instanceof PList)) throw badArgs(self, args, app.info);
  const info = app.info;
  const notPoint = (v: PactValue): PObject => {
    if (!(v instanceof PObject)) throw evalError(info, 'not a point');
    return v;
  };
  const ps = g1s.items.map((v) => toG1(notPoint(v), info));
  const qs = g2s.items.map((v) => toG2(notPoint(v), info));
  if (!ps.every((p) => isOnCurve(fq, p, B1)) || !qs.every((q) => isOnCurve(fq2, q, B2))) notOnCurve(info);
  chargeZK(ctx, self, { op: 'Pairing', pairs: Math.min(ps.length, qs.length) }, info);
  let acc = F12.ONE;
  // Pairs are zipped, so the longer list's extra points only need to be on their curve.
  for (let i = 0; i < Math.min(ps.length, qs.length); i++) {
    const p = ps[i]!;
    const q = qs[i]!;
    if (p === null || q === null) continue;
    acc = F12.mul(acc, millerLoop(p.x, p.y, { x: toFp2(q.x), y: toFp2(q.y) }));
  }
  return F12.eql(F12.finalExponentiate(acc), F12.ONE);
};
