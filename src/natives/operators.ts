/// Operators: arithmetic on integers and decimals (with Pact's integer/decimal coercion and its
/// deprecation warning), comparison, equality, boolean logic, bitwise operations, rounding.
import type { Info } from '../syntax/exp.ts';
import { exp, integerToDouble, log, pow, sqrt } from '../values/libm.ts';
import { Decimal } from '../values/decimal.ts';
import { primitiveEq, valueEq } from '../values/equality.ts';
import { codePointLength, compareCodePoints } from '../values/text.ts';
import { PactTime, PList, PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import type { Ctx } from '../lang/context.ts';
import { HaskellException, evalError } from '../lang/errors.ts';
import { badArgs, isPactValue } from '../lang/eval.ts';
import { intOpThreshold } from '../lang/meter.ts';
import type { Node, Val } from '../lang/runtime.ts';
import { typeName } from '../lang/typecheck.ts';
import { natives } from './registry.ts';
import type { BinaryFn, Native, NativeSpec, StrictFn } from './registry.ts';
import { ensureListFits } from '../lang/heap.ts';

type IntOp = (a: bigint, b: bigint, info: Info, ctx: Ctx) => bigint;
type DecOp = (a: Decimal, b: Decimal, info: Info, ctx: Ctx) => Decimal;

/// Since Pact 4.3 `+ - * /` (and each step of an integer `^`) are charged by the size of their
/// operands, decimals by their mantissas, before computing.
function chargeIntOp(ctx: Ctx, l: bigint, ls: number | null, r: bigint, rs: number | null, info: Info): void {
  if (!ctx.gas.active || ctx.flag('DisablePact43')) return;
  ctx.gas.charge('', {
    kind: 'GIntegerOpCost', left: l, leftScale: ls, right: r, rightScale: rs, threshold: intOpThreshold(ctx),
  }, info);
}

function meteredInt(op: (a: bigint, b: bigint) => bigint): IntOp {
  return (a, b, info, ctx) => {
    chargeIntOp(ctx, a, null, b, null, info);
    return op(a, b);
  };
}

function meteredDec(op: (a: Decimal, b: Decimal) => Decimal): DecOp {
  return (a, b, info, ctx) => {
    chargeIntOp(ctx, a.mantissa, a.scale, b.mantissa, b.scale, info);
    return op(a, b);
  };
}

/// `^` and `log` on decimals are charged (at no cost) with both operands.
function chargeDecimalOp(ctx: Ctx, a: Decimal, b: Decimal, info: Info): void {
  if (ctx.gas.active) ctx.gas.charge('', { kind: 'GDecimalOpCost', left: a, right: b }, info);
}

/// A binary numeric operator: integer op for two integers, decimal op otherwise (warning when mixed).
export function binop(name: string, intOp: IntOp, decOp: DecOp): BinaryFn {
  const warning = `Warning: using deprecated native overload for ${name}: decimal/integer operator overload is deprecated`;
  return (ctx, a, b, app, self) => {
    if (typeof a === 'bigint') {
      if (typeof b === 'bigint') return intOp(a, b, app.info, ctx);
      if (b instanceof Decimal) {
        ctx.warn(warning);
        return decOp(Decimal.fromInteger(a), b, app.info, ctx);
      }
    } else if (a instanceof Decimal) {
      if (b instanceof Decimal) return decOp(a, b, app.info, ctx);
      if (typeof b === 'bigint') {
        ctx.warn(warning);
        return decOp(a, Decimal.fromInteger(b), app.info, ctx);
      }
    }
    throw badArgs(self, [a, b], app.info);
  };
}

/// Floor division and modulo, as Haskell's `div`/`mod` (rounding toward negative infinity).
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n) && ((a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/// `mod` by zero is Haskell's arithmetic exception: Pact does not check for it.
function floorMod(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new HaskellException('divide by zero');
  const r = a % b;
  return r !== 0n && ((r < 0n) !== (b < 0n)) ? r + b : r;
}

function divByZero(a: PactValue, b: PactValue, info: Info): never {
  throw evalError(info, `Division by 0: (${show(a)}, ${show(b)})`);
}

function show(v: PactValue): string {
  return typeof v === 'bigint' ? v.toString() : String(v);
}

function intPow(a: bigint, b: bigint, info: Info, ctx: Ctx): bigint {
  if (b < 0n) throw evalError(info, `Integral power must be >= 0: (${a}, ${b})`);
  if (!ctx.gas.active || ctx.flag('DisablePact43') || b === 0n) return a ** b;
  return meteredPow(ctx, a, b, info);
}

/// Haskell's square-and-multiply `^`, charging each multiplication as it goes.
function meteredPow(ctx: Ctx, x: bigint, y: bigint, info: Info): bigint {
  let acc: bigint | null = null;
  for (;;) {
    if (y === 1n) {
      if (acc === null) return x;
      chargeIntOp(ctx, x, null, acc, null, info);
      return x * acc;
    }
    chargeIntOp(ctx, x, null, x, null, info);
    if (y % 2n !== 0n) acc = acc === null ? x : x * acc;
    x *= x;
    y /= 2n;
  }
}

const plusNum = binop('+', meteredInt((a, b) => a + b), meteredDec((a, b) => a.add(b)));
const minusNum = binop('-', meteredInt((a, b) => a - b), meteredDec((a, b) => a.sub(b)));

function plus(ctx: Ctx, a: Val, b: Val, app: Node, self: Native): Val {
  if (typeof a === 'string' && typeof b === 'string') {
    if (ctx.gas.active) chargeConcat(ctx, codePointLength(a), codePointLength(b), app);
    return a + b;
  }
  if (a instanceof PList && b instanceof PList) {
    if (ctx.gas.active) chargeConcat(ctx, a.items.length, b.items.length, app);
    ensureListFits(a.items.length + b.items.length, app.info);
    return new PList([...a.items, ...b.items], sameType(a, b) ? a.elemType : { t: 'any' });
  }
  if (a instanceof PObject && b instanceof PObject) {
    if (ctx.gas.active) chargeConcat(ctx, a.fields.size, b.fields.size, app);
    const m = new Map(b.fields);
    for (const [k, v] of a.fields) m.set(k, v);
    return new PObject(m, false);
  }
  return plusNum(ctx, a, b, app, self);
}

function chargeConcat(ctx: Ctx, left: number, right: number, app: Node): void {
  ctx.gas.charge('+', { kind: 'GConcatenation', left, right }, app.info);
}

function sameType(a: PList, b: PList): boolean {
  return JSON.stringify(a.elemType) === JSON.stringify(b.elemType);
}

/// `-` negates one argument and subtracts two.
function minus(ctx: Ctx, args: Val[], app: Node, self: Native): Val {
  const a = args[0];
  if (args.length === 1) {
    if (typeof a === 'bigint') return -a;
    if (a instanceof Decimal) return a.neg();
  }
  if (args.length === 2) return minusNum(ctx, a!, args[1]!, app, self);
  throw badArgs(self, args, app.info);
}

function compare(test: (c: number) => boolean): BinaryFn {
  return (_ctx, a, b, app, self) => {
    const c = compareLiterals(a, b);
    if (c !== null) return test(c);
    throw badArgs(self, [a, b], app.info);
  };
}

/// Orders two values of the same comparable kind, or null when they are not comparable.
function compareLiterals(a: Val, b: Val): number | null {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Decimal && b instanceof Decimal) return a.cmp(b);
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  if (a instanceof PactTime && b instanceof PactTime) return a.micros < b.micros ? -1 : a.micros > b.micros ? 1 : 0;
  return null;
}

function equality(negate: boolean): BinaryFn {
  return (_ctx, a, b, app) => {
    const primitive = primitiveEq(a, b);
    if (primitive !== undefined) return primitive !== negate;
    if (!isPactValue(a) || !isPactValue(b) || !comparableKinds(a, b)) {
      throw evalError(app.info, `cannot compare incompatible types: ${typeName(a)}, ${typeName(b)}`);
    }
    return valueEq(a, b) !== negate;
  };
}

/// Pact's `canEq`: both lists, both objects, both literals, both guards or both module refs.
function comparableKinds(a: PactValue, b: PactValue): boolean {
  return kindOf(a) === kindOf(b);
}

function kindOf(v: PactValue): string {
  if (typeof v !== 'object' || v instanceof Decimal || v instanceof PactTime) return 'literal';
  if (v instanceof PList) return 'list';
  if (v instanceof PObject) return 'object';
  if (v.kind === 'modref') return 'modref';
  return 'guard';
}

function integers(op: (a: bigint, b: bigint) => bigint): BinaryFn {
  return (_ctx, a, b, app, self) => {
    if (typeof a === 'bigint' && typeof b === 'bigint') return op(a, b);
    throw badArgs(self, [a, b], app.info);
  };
}

function rounding(toInt: (d: Decimal) => bigint, toPlaces: (d: Decimal, p: number) => Decimal) {
  return (_ctx: Ctx, args: Val[], app: Node, self: Native): Val => {
    const [d, p] = args;
    if (d instanceof Decimal) {
      if (args.length === 1) return toInt(d);
      if (args.length === 2 && typeof p === 'bigint') {
        if (p < 0n) throw evalError(app.info, 'Negative precision not allowed');
        // Pact narrows the precision to a byte.
        return toPlaces(d, Number(BigInt.asUintN(8, p)));
      }
    }
    throw badArgs(self, args, app.info);
  };
}

function isNumber(v: Val | undefined): v is bigint | Decimal {
  return typeof v === 'bigint' || v instanceof Decimal;
}

function signum(v: bigint | Decimal): number {
  return typeof v === 'bigint' ? (v > 0n ? 1 : v < 0n ? -1 : 0) : v.signum();
}

function toDouble(v: bigint | Decimal): number {
  return typeof v === 'bigint' ? integerToDouble(v) : v.toNumber();
}

/// A double result of `^`/`log` as a decimal; infinities and NaN are errors there.
function checkedDecimal(x: number, info: Info): Decimal {
  const d = Decimal.fromDouble(x);
  if (d === undefined) throw evalError(info, 'Operation resulted in +- infinity or NaN');
  return d;
}

/// Haskell's `toRational` of a double, as a decimal: its exact value, and for the non-finite
/// values the numbers GHC gives them (±2^1024, and -1.5 × 2^1024 for NaN).
function anyDoubleToDecimal(x: number): Decimal {
  const d = Decimal.fromDouble(x);
  if (d !== undefined) return d;
  const big = 2n ** 1024n;
  return Decimal.fromInteger(Number.isNaN(x) ? -(big + big / 2n) : x > 0 ? big : -big);
}

/// `round` on a double: to the nearest integer, ties to even.
function roundHalfEven(x: number): bigint {
  const f = Math.floor(x);
  const diff = x - f;
  const r = diff > 0.5 ? f + 1 : diff < 0.5 ? f : (f % 2 === 0 ? f : f + 1);
  return BigInt(r);
}

const logOp = binop('log',
  (b, x, info) => {
    const r = log(integerToDouble(x)) / log(integerToDouble(b));
    if (!Number.isFinite(r)) throw evalError(info, 'Operation resulted in +- infinity or NaN');
    return roundHalfEven(r);
  },
  (b, x, info, ctx) => {
    chargeDecimalOp(ctx, b, x, info);
    return checkedDecimal(log(x.toNumber()) / log(b.toNumber()), info);
  });

/// `sqrt`, `ln`, `exp`: the domain check, then musl's function in doubles; always a decimal.
function unaryTrans(outside: (x: number) => boolean, domainError: string, f: (x: number) => number): StrictFn {
  return (_ctx, args, app, self) => {
    const [x] = args;
    if (args.length !== 1 || !isNumber(x)) throw badArgs(self, args, app.info);
    if (outside(signum(x))) throw evalError(app.info, domainError);
    return anyDoubleToDecimal(f(toDouble(x)));
  };
}

const intDiv = meteredInt(floorDiv);
const decDiv = meteredDec((a, b) => a.div(b));

const shiftLeftOrRight = (x: bigint, y: bigint): bigint => (y > 0n ? x * 2n ** y : x >> -y);

const table: Record<string, NativeSpec> = {
  '+': { binary: plus },
  '-': { fn: minus },
  '*': { binary: binop('*', meteredInt((a, b) => a * b), meteredDec((a, b) => a.mul(b))) },
  '/': { binary: binop('/',
    (a, b, info, ctx) => (b === 0n ? divByZero(a, b, info) : intDiv(a, b, info, ctx)),
    (a, b, info, ctx) => (b.isZero() ? divByZero(a, b, info) : decDiv(a, b, info, ctx))) },
  '^': { binary: binop('^', intPow, (a, b, info, ctx) => {
    chargeDecimalOp(ctx, a, b, info);
    return checkedDecimal(pow(a.toNumber(), b.toNumber()), info);
  }) },
  'log': { binary: (ctx, b, x, app, self) => {
    if (isNumber(b) && isNumber(x) && (signum(b) < 0 || signum(x) <= 0)) {
      throw evalError(app.info, 'Illegal base or argument in log');
    }
    return logOp(ctx, b, x, app, self);
  } },
  'ln': { fn: unaryTrans((x) => x <= 0, 'Illegal argument for ln: must be greater than zero', log) },
  'exp': { fn: unaryTrans(() => false, '', exp) },
  'sqrt': { fn: unaryTrans((x) => x < 0, 'Sqrt must be non-negative', sqrt) },
  '<': { binary: compare((c) => c < 0) },
  '<=': { binary: compare((c) => c <= 0) },
  '>': { binary: compare((c) => c > 0) },
  '>=': { binary: compare((c) => c >= 0) },
  '=': { binary: equality(false) },
  '!=': { binary: equality(true) },
  'mod': { binary: integers((a, b) => floorMod(a, b)) },
  '&': { binary: integers((a, b) => a & b) },
  '|': { binary: integers((a, b) => a | b) },
  'xor': { binary: integers((a, b) => a ^ b) },
  'shift': { binary: integers(shiftLeftOrRight) },
  '~': { fn: (_ctx, args, app, self) => {
    if (args.length === 1 && typeof args[0] === 'bigint') return ~args[0];
    throw badArgs(self, args, app.info);
  } },
  'abs': { fn: (_ctx, args, app, self) => {
    const a = args[0];
    if (args.length === 1 && typeof a === 'bigint') return a < 0n ? -a : a;
    if (args.length === 1 && a instanceof Decimal) return a.abs();
    throw badArgs(self, args, app.info);
  } },
  'not': { fn: (_ctx, args, app, self) => {
    if (args.length === 1 && typeof args[0] === 'boolean') return !args[0];
    throw badArgs(self, args, app.info);
  } },
  'dec': { fn: (_ctx, args, app, self) => {
    if (args.length === 1 && typeof args[0] === 'bigint') return Decimal.fromInteger(args[0]);
    throw badArgs(self, args, app.info);
  } },
  'round': { fn: rounding((d) => d.roundToInteger(), (d, p) => d.round(p)) },
  'ceiling': { fn: rounding((d) => d.ceilingToInteger(), (d, p) => d.ceiling(p)) },
  'floor': { fn: rounding((d) => d.floorToInteger(), (d, p) => d.floor(p)) },
};

export const operatorNatives: Native[] = natives(table);
