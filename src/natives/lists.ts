/// List and object natives, including the higher-order ones that take a partial application
/// or a lambda (`map`, `filter`, `fold`, `zip`, `compose`, `where`, `and?`, `or?`, `not?`).
import { Decimal } from '../values/decimal.ts';
import { valueEq } from '../values/equality.ts';
import { codePointLength, compareCodePoints } from '../values/text.ts';
import { tyAny, tyInteger, tyString } from '../values/type.ts';
import { PactTime, PList, PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import type { Ctx } from '../lang/context.ts';
import { PactError, evalError, forkedError } from '../lang/errors.ts';
import { apply, badArgs, fnArg, isPactValue } from '../lang/eval.ts';
import { nodeText, nodeTextAbbrev } from '../lang/nodetext.ts';
import type { Env, Node, Val } from '../lang/runtime.ts';
import { showValAbbrev, showValCompact } from '../lang/show.ts';
import { typeName, typeOfVal } from '../lang/typecheck.ts';
import { natives } from './registry.ts';
import { intOpThreshold } from '../lang/meter.ts';
import type { GasArgs } from '../lang/gas.ts';
import type { Native } from './registry.ts';
import { ensureListFits } from '../lang/heap.ts';

function expectList(ctx: Ctx, node: Node, env: Env, what: string, app: Node): PList {
  const v = node.ev(ctx, env);
  if (v instanceof PList) return v;
  throw forkedError('EvalError', app.info, `${what}: expecting list: ${showValAbbrev(v)}`,
    `${what}: expecting list, received argument of type: ${typeName(v)}`);
}

function specialArgs(args: readonly Node[], n: number, self: Native, env: Env, app: Node): void {
  if (args.length !== n) throw unreducedArgs(self, args, env, app);
}

/// A literal node's value (literals need no context to evaluate).
function literalValue(n: Node): Val {
  return n.ev(null as never, null as never);
}

/// Argument error for a special native: its arguments shown unevaluated (as strings), typed by
/// what the expressions are.
export function unreducedArgs(self: Native, args: readonly Node[], env: Env | null, app: Node): PactError {
  const types = args.map((a) => (a.kind === 'lit' ? typeName(literalValue(a)) : a.kind));
  return badArgs(self, args.map((a) => nodeTextAbbrev(a, env)), app.info, types);
}

function boolResult(v: Val, what: string, fn: Node): boolean {
  if (typeof v !== 'boolean') throw evalError(fn.info, `${what}: Non-boolean result from delegate: ${showValCompact(v)}`);
  return v;
}

/// Pact clamps take/drop counts to ±(2^63−1); negative counts work from the end.
function takeOrDrop<T>(items: readonly T[], count: bigint, take: boolean): T[] {
  const n = items.length;
  const bound = 2n ** 63n - 1n;
  const c = count > bound ? bound : count < -bound ? -bound : count;
  const k = Number(c < 0n ? (-c > BigInt(n) ? BigInt(n) : -c) : (c > BigInt(n) ? BigInt(n) : c));
  if (c >= 0n) return take ? items.slice(0, k) : items.slice(k);
  return take ? items.slice(n - k) : items.slice(0, n - k);
}

function keyList(list: PList, app: Node): Set<string> {
  return new Set(list.items.map((k) => {
    if (typeof k !== 'string') throw evalError(app.info, 'String required');
    return k;
  }));
}

function selectKeys(o: PObject, keys: Set<string>, keep: boolean): PObject {
  const m = new Map<string, PactValue>();
  for (const [k, v] of o.fields) if (keys.has(k) === keep) m.set(k, v);
  return new PObject(m, false, o.schema);
}

/// Sort order of literals of different kinds, then within a kind (Pact's `Ord Literal`).
function literalRank(v: PactValue): number {
  if (typeof v === 'string') return 0;
  if (typeof v === 'bigint') return 1;
  if (v instanceof Decimal) return 2;
  if (typeof v === 'boolean') return 3;
  if (v instanceof PactTime) return 4;
  return -1;
}

function compareValues(a: PactValue, b: PactValue): number {
  const ra = literalRank(a);
  const rb = literalRank(b);
  if (ra < 0 || rb < 0) return 0;
  if (ra !== rb) return ra - rb;
  if (typeof a === 'string') return compareCodePoints(a, b as string);
  if (typeof a === 'bigint') return a < (b as bigint) ? -1 : a > (b as bigint) ? 1 : 0;
  if (a instanceof Decimal) return a.cmp(b as Decimal);
  if (typeof a === 'boolean') return Number(a) - Number(b as boolean);
  const x = (a as PactTime).micros;
  const y = (b as PactTime).micros;
  return x < y ? -1 : x > y ? 1 : 0;
}

export const listNatives: Native[] = natives({
  map: {
    special: (ctx, args, env, app, self) => {
      specialArgs(args, 2, self, env, app);
      const f = fnArg(ctx, args[0]!, env, self);
      const list = expectList(ctx, args[1]!, env, 'map', app);
      const out = new Array<PactValue>(list.items.length);
      for (let i = 0; i < out.length; i++) out[i] = apply(ctx, f, [list.items[i]!], app.info) as PactValue;
      return new PList(out, tyAny);
    },
  },
  filter: {
    special: (ctx, args, env, app, self) => {
      specialArgs(args, 2, self, env, app);
      const f = fnArg(ctx, args[0]!, env, self);
      const list = expectList(ctx, args[1]!, env, 'filter', app);
      const out = list.items.filter((x) => {
        const r = apply(ctx, f, [x], app.info);
        if (typeof r !== 'boolean') throw evalError(app.info, `filter: expected closure to return bool: ${nodeText(args[0]!, env)}`);
        return r;
      });
      return new PList(out, list.elemType);
    },
  },
  fold: {
    special: (ctx, args, env, app, self) => {
      specialArgs(args, 3, self, env, app);
      const f = fnArg(ctx, args[0]!, env, self);
      const list = expectList(ctx, args[2]!, env, 'fold', app);
      let acc = args[1]!.ev(ctx, env);
      const items = list.items;
      for (let i = 0; i < items.length; i++) acc = apply(ctx, f, [acc, items[i]!], app.info);
      return acc;
    },
  },
  zip: {
    special: (ctx, args, env, app, self) => {
      specialArgs(args, 3, self, env, app);
      const f = fnArg(ctx, args[0]!, env, self);
      const a = args[1]!.ev(ctx, env);
      const b = args[2]!.ev(ctx, env);
      if (!(a instanceof PList) || !(b instanceof PList)) throw badArgs(self, [a, b], app.info);
      const n = Math.min(a.items.length, b.items.length);
      const out: PactValue[] = [];
      for (let i = 0; i < n; i++) out.push(apply(ctx, f, [a.items[i]!, b.items[i]!], app.info) as PactValue);
      return new PList(out, tyAny);
    },
  },
  compose: {
    special: (ctx, args, env, app, self) => {
      specialArgs(args, 3, self, env, app);
      const f = fnArg(ctx, args[0]!, env, self);
      const g = fnArg(ctx, args[1]!, env, self);
      const v = args[2]!.ev(ctx, env);
      return apply(ctx, g, [apply(ctx, f, [v], app.info)], app.info);
    },
  },
  where: {
    special: (ctx, args, env, app, self) => {
      specialArgs(args, 3, self, env, app);
      const field = args[0]!.ev(ctx, env);
      const f = fnArg(ctx, args[1]!, env, self);
      const obj = args[2]!.ev(ctx, env);
      if (!(obj instanceof PObject) || typeof field !== 'string') throw unreducedArgs(self, args, env, app);
      const v = obj.fields.get(field);
      if (v === undefined) throw evalError(args[0]!.info, `key not found in object: ${field}`);
      return apply(ctx, f, [v], app.info);
    },
  },
  'and?': { special: logicLift('and?', false) },
  'or?': { special: logicLift('or?', true) },
  'not?': {
    special: (ctx, args, env, app, self) => {
      specialArgs(args, 2, self, env, app);
      const f = fnArg(ctx, args[0]!, env, self);
      const v = args[1]!.ev(ctx, env);
      return !boolResult(apply(ctx, f, [v], app.info), 'not?', args[0]!);
    },
  },
  length: {
    fn: (_ctx, args, app, self) => {
      const [x] = args;
      if (args.length === 1) {
        if (x instanceof PList) return BigInt(x.items.length);
        if (typeof x === 'string') return BigInt(codePointLength(x));
        if (x instanceof PObject) return BigInt(x.fields.size);
      }
      throw badArgs(self, args, app.info);
    },
  },
  take: { fn: takeDrop(true) },
  drop: { fn: takeDrop(false) },
  at: {
    binary: (_ctx, i, x, app, self) => {
      if (typeof i === 'bigint' && x instanceof PList) {
        const v = i >= 0n && i < BigInt(x.items.length) ? x.items[Number(i)] : undefined;
        if (v === undefined) throw evalError(app.args?.[0]?.info ?? app.info, `at: bad index ${i}, length ${x.items.length}`);
        return v;
      }
      if (x instanceof PObject) {
        const v = typeof i === 'string' ? x.fields.get(i) : undefined;
        if (v !== undefined) return v;
        const keyInfo = app.args?.[0]?.info ?? app.info;
        if (typeof i !== 'string') throw evalError(keyInfo, 'object lookup only supported with strings');
        throw evalError(keyInfo, `key not found in object: ${i}`);
      }
      throw badArgs(self, [i, x], app.info);
    },
  },
  remove: {
    fn: (_ctx, args, app, self) => {
      const [k, o] = args;
      if (args.length === 2 && typeof k === 'string' && o instanceof PObject) return selectKeys(o, new Set([k]), false);
      throw badArgs(self, args, app.info);
    },
  },
  'make-list': {
    fn: (ctx, args, app, self) => {
      const [n, v] = args;
      if (args.length !== 2 || typeof n !== 'bigint') throw badArgs(self, args, app.info);
      const ty = typeOfVal(v!);
      if (typeof ty === 'string') throw evalError(app.info, `make-list: invalid value type: ${ty}`);
      if (ctx.gas.active) chargeMakeList(ctx, self, n, null, app);
      ensureListFits(n, app.info);
      return new PList(n <= 0n ? [] : new Array<PactValue>(Number(n)).fill(v as PactValue), ty);
    },
  },
  enumerate: { fn: enumerate },
  reverse: {
    fn: (ctx, args, app, self) => {
      const [l] = args;
      if (args.length === 1 && l instanceof PList) {
        if (ctx.gas.active && !ctx.flag('DisablePact48')) ctx.gas.charge(self.name, { kind: 'GReverse', length: l.items.length }, app.info);
        return new PList([...l.items].reverse(), l.elemType);
      }
      throw badArgs(self, args, app.info);
    },
  },
  sort: {
    fn: (ctx, args, app, self) => {
      const [a, b] = args;
      if (args.length === 1 && a instanceof PList) {
        if (ctx.gas.active) chargeLength(ctx, self, 'GSort', a, app);
        return new PList([...a.items].sort(compareValues), a.elemType);
      }
      if (args.length === 2 && a instanceof PList && b instanceof PList) {
        if (a.items.length === 0) throw evalError(app.info, 'Empty fields list');
        const fields = a.items.map((f) => String(f));
        if (ctx.gas.active && b.items.length > 0) {
          chargeLength(ctx, self, 'GSort', b, app);
          ctx.gas.charge(self.name, { kind: 'GSortFieldLookup', fields: new Set(fields).size }, app.info);
        }
        const byFields = (x: PactValue, y: PactValue): number => {
          for (const f of fields) {
            const xv = x instanceof PObject ? x.fields.get(f) : undefined;
            const yv = y instanceof PObject ? y.fields.get(f) : undefined;
            if (xv === undefined || yv === undefined) continue;
            const c = compareValues(xv, yv);
            if (c !== 0) return c;
          }
          return 0;
        };
        return new PList([...b.items].sort(byFields), b.elemType);
      }
      throw badArgs(self, args, app.info);
    },
  },
  distinct: {
    fn: (ctx, args, app, self) => {
      const [l] = args;
      if (args.length !== 1 || !(l instanceof PList)) throw badArgs(self, args, app.info);
      if (ctx.gas.active) chargeLength(ctx, self, 'GDistinct', l, app);
      return new PList(distinctValues(l.items), l.elemType);
    },
  },
  contains: {
    fn: (_ctx, args, app, self) => {
      const [x, c] = args;
      if (args.length === 2) {
        if (c instanceof PList && isPactValue(x!)) return c.items.some((y) => valueEq(x, y));
        if (c instanceof PObject && typeof x === 'string') return c.fields.has(x);
        if (typeof c === 'string' && typeof x === 'string') return c.includes(x);
      }
      throw badArgs(self, args, app.info);
    },
  },
  list: { fn: (_ctx, args) => new PList(args as PactValue[], tyAny) },
  identity: {
    fn: (_ctx, args, app, self) => {
      if (args.length !== 1) throw badArgs(self, args, app.info);
      return args[0]!;
    },
  },
  constantly: {
    special: (ctx, args, env, app, self) => {
      // Pact checks only that there is a value; the rest is never evaluated.
      if (args.length === 0) throw unreducedArgs(self, args, env, app);
      return args[0]!.ev(ctx, env);
    },
  },
  'str-to-list': {
    fn: (ctx, args, app, self) => {
      const [s] = args;
      if (args.length === 1 && typeof s === 'string') {
        if (ctx.gas.active) chargeMakeList(ctx, self, BigInt(codePointLength(s)), null, app);
        return new PList([...s], tyString);
      }
      throw badArgs(self, args, app.info);
    },
  },
  concat: {
    fn: (ctx, args, app, self) => {
      const [l] = args;
      if (args.length === 1 && l instanceof PList) {
        if (ctx.gas.active) chargeConcat(ctx, self, l, app);
        return l.items.map((s) => {
          if (typeof s !== 'string') {
            throw forkedError('EvalError', app.info, `concat: expecting list of strings: ${showValCompact(s)}`,
              `concat: expected list of strings, received value of type: ${typeName(s)}`);
          }
          return s;
        }).join('');
      }
      throw badArgs(self, args, app.info);
    },
  },
});


function logicLift(name: string, shortCircuit: boolean) {
  return (ctx: Ctx, args: readonly Node[], env: Env, app: Node, self: Native): Val => {
    specialArgs(args, 3, self, env, app);
    const f = fnArg(ctx, args[0]!, env, self);
    const g = fnArg(ctx, args[1]!, env, self);
    const v = args[2]!.ev(ctx, env);
    const a = boolResult(apply(ctx, f, [v], app.info), name, args[0]!);
    if (a === shortCircuit) return shortCircuit;
    return boolResult(apply(ctx, g, [v], app.info), name, args[1]!);
  };
}

function takeDrop(take: boolean) {
  return (_ctx: Ctx, args: Val[], app: Node, self: Native): Val => {
    const [n, x] = args;
    if (args.length === 2) {
      if (typeof n === 'bigint' && x instanceof PList) return new PList(takeOrDrop(x.items, n, take), x.elemType);
      if (typeof n === 'bigint' && typeof x === 'string') return takeOrDrop([...x], n, take).join('');
      if (n instanceof PList && x instanceof PObject) return selectKeys(x, keyList(n, app), take);
    }
    throw badArgs(self, args, app.info);
  };
}

function enumerate(ctx: Ctx, args: Val[], app: Node, self: Native): Val {
  const [from, to, incArg] = args;
  if (typeof from !== 'bigint' || typeof to !== 'bigint' || (args.length === 3 && typeof incArg !== 'bigint') ||
    args.length < 2 || args.length > 3) {
    throw badArgs(self, args, app.info);
  }
  const inc = args.length === 3 ? incArg as bigint : from > to ? -1n : 1n;
  if (from === to) {
    if (ctx.gas.active) chargeMakeList(ctx, self, 1n, from, app);
    return new PList([from], tyInteger);
  }
  if (inc === 0n) {
    if (ctx.gas.active) chargeMakeList(ctx, self, 1n, 0n, app);
    return new PList([], tyInteger);
  }
  if (from < to && from + inc < from) throw evalError(app.info, 'enumerate: increment diverges below from interval bounds.');
  if (from > to && from + inc > from) throw evalError(app.info, 'enumerate: increment diverges above from interval bounds.');
  const count = abs(to - from) / abs(inc) + 1n;
  if (ctx.gas.active) chargeMakeList(ctx, self, count, bigMax(abs(from), abs(to)), app);
  ensureListFits(count, app.info);
  // `count` is exact, so the list is allocated once and filled without bound tests.
  const n = Number(count);
  const out = new Array<PactValue>(n);
  if (from >= 0n && to >= 0n && from < SMALL_COUNT && to < SMALL_COUNT) {
    const [start, step] = [Number(from), Number(inc)];
    for (let i = 0; i < n; i++) out[i] = SMALL_INTEGERS[start + i * step]!;
  } else {
    let x = from;
    for (let i = 0; i < n; i++, x += inc) out[i] = x;
  }
  return new PList(out, tyInteger);
}

/// The integers 0 to 1023, made once: the ranges `enumerate` makes are mostly of small
/// integers, and sharing them saves allocating (and collecting) a bigint per element.
const SMALL_COUNT = 1024n;
const SMALL_INTEGERS: readonly bigint[] = Array.from({ length: Number(SMALL_COUNT) }, (_, i) => BigInt(i));

/// The first of each group of equal values, in order. Literals are matched by a key (so long
/// lists stay fast); other values by comparison.
function distinctValues(items: readonly PactValue[]): PactValue[] {
  const seen = new Set<string>();
  const others: PactValue[] = [];
  const out: PactValue[] = [];
  for (const x of items) {
    const key = literalKey(x);
    if (key !== null ? seen.has(key) : others.some((y) => valueEq(x, y))) continue;
    if (key !== null) seen.add(key);
    else others.push(x);
    out.push(x);
  }
  return out;
}

/// A key equal for equal literals (decimals compare by value, so `1.0` and `1.00` share one).
function literalKey(v: PactValue): string | null {
  switch (typeof v) {
    case 'bigint': return `i${v}`;
    case 'string': return `s${v}`;
    case 'boolean': return `b${v}`;
  }
  return v instanceof Decimal ? `d${v.normalize().toString()}` : null;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);
const bigMax = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/// List creation: `GMakeList2` with the length and, for `enumerate`, the largest bound (plain
/// `GMakeList` before Pact 4.5).
function chargeMakeList(ctx: Ctx, self: Native, length: bigint, size: bigint | null, app: Node): void {
  const args: GasArgs = ctx.flag('DisablePact45')
    ? { kind: 'GMakeList', length }
    : { kind: 'GMakeList2', length, size, threshold: intOpThreshold(ctx) };
  ctx.gas.charge(self.name, args, app.info);
}

/// `sort` and `distinct` of a non-empty list, by its length.
function chargeLength(ctx: Ctx, self: Native, kind: 'GSort' | 'GDistinct', l: PList, app: Node): void {
  if (l.items.length > 0) ctx.gas.charge(self.name, { kind, length: l.items.length }, app.info);
}

/// `concat`: by total characters and number of strings (before 4.8, as making a list).
function chargeConcat(ctx: Ctx, self: Native, l: PList, app: Node): void {
  if (ctx.flag('DisablePact48')) {
    ctx.gas.charge(self.name, { kind: 'GMakeList', length: BigInt(l.items.length) }, app.info);
    return;
  }
  let chars = 0;
  for (const x of l.items) if (typeof x === 'string') chars += codePointLength(x);
  ctx.gas.charge(self.name, {
    kind: 'GTextConcatenation', chars, strings: l.items.length, fixupDivByZero: !ctx.flag('DisablePact410'),
  }, app.info);
}
