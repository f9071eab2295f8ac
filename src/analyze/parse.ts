/// `@model` expressions → typed properties (Pact's `Parse/Prop.hs`: `expToPreProp`, then
/// `inferPreProp`/`checkPreProp`), `defproperty` definitions, and the `property` /
/// `succeeds-when` / `fails-when` wrappers (`Check.hs`). Failures carry Pact's texts.
import type { Exp } from '../syntax/exp.ts';
import { Decimal } from '../values/decimal.ts';
import type { DbProp, ListTy, ObjTy, Op, Prop, Ty } from './lang.ts';
import { fieldTy, isObj, objectsCompared, objTy, showTy, termTy, tyEq } from './lang.ts';
import { scaleDecimal } from './translate.ts';

/// A property that could not be parsed: the expression and Pact's reason.
export class ParseFailure extends Error {
  readonly exp: Exp;
  constructor(exp: Exp, message: string) {
    super(message);
    this.exp = exp;
  }
}

export type CheckKind = 'property' | 'succeeds-when' | 'fails-when';

export interface DefinedProperty {
  readonly args: ReadonlyArray<{ readonly name: string; readonly ty: Ty }>;
  readonly body: Exp;
}

/// Pact's `PreProp`: names resolved to variables, not yet typed.
type PreProp =
  | { readonly k: 'int'; readonly value: bigint }
  | { readonly k: 'dec'; readonly value: bigint }
  | { readonly k: 'str'; readonly value: string }
  | { readonly k: 'bool'; readonly value: boolean }
  | { readonly k: 'result' | 'success' | 'abort' | 'governance-passes' }
  | { readonly k: 'var'; readonly vid: number; readonly name: string }
  | { readonly k: 'global'; readonly name: string }
  | { readonly k: 'quantified'; readonly q: 'forall' | 'exists'; readonly vid: number; readonly name: string; readonly ty: Ty; readonly body: PreProp }
  | { readonly k: 'app'; readonly fn: string; readonly args: readonly PreProp[] }
  | { readonly k: 'list'; readonly items: readonly PreProp[] }
  /// An object literal, its fields sorted by name (a repeated key keeps its first value).
  | { readonly k: 'object'; readonly fields: ReadonlyArray<readonly [string, PreProp]> };

/// What a property of one function sees: its variables (`result` is 0, arguments from 1), their
/// types, the module's `defproperty`s and constants.
export interface PropEnv {
  readonly names: ReadonlyMap<string, number>;
  readonly types: ReadonlyMap<number, Ty>;
  readonly nextVid: number;
  readonly defined: ReadonlyMap<string, DefinedProperty>;
  readonly consts: ReadonlyMap<string, Prop>;
  /// The module's tables and their rows' types.
  readonly tables: ReadonlyMap<string, ObjTy>;
}

/// Pact's text of an expression (`renderCompactText` of an `Exp`).
export function showExp(e: Exp): string {
  switch (e.tag) {
    case 'lit': {
      const l = e.lit;
      if (l.kind === 'string') return `"${l.value}"`;
      if (l.kind === 'decimal') return l.text;
      return `${l.value}`;
    }
    case 'atom': return e.parts.join(e.dynamic ? '::' : '.');
    case 'sep': return e.sep;
    case 'list': {
      const close = e.delim === '(' ? ')' : e.delim === '[' ? ']' : '}';
      return `${e.delim}${e.items.map(showExp).join(' ')}${close}`;
    }
  }
}

function atomName(e: Exp | undefined): string | null {
  return e?.tag === 'atom' && e.parts.length === 1 && !e.dynamic ? e.parts[0]! : null;
}

function isParen(e: Exp): e is Extract<Exp, { tag: 'list' }> {
  return e.tag === 'list' && e.delim === '(';
}

/// `(property P)`, `(succeeds-when P)`, `(fails-when P)` → the kind and `P`.
export function collectCheck(e: Exp): { kind: CheckKind; body: Exp } {
  if (isParen(e) && e.items.length === 2) {
    const head = atomName(e.items[0]);
    if (head === 'property' || head === 'succeeds-when' || head === 'fails-when') return { kind: head, body: e.items[1]! };
  }
  throw new ParseFailure(e, 'expected an application of "property", "succeeds-when", or "fails-when"');
}

/// Pact's `parseBindings`: `name:type ...`, every name annotated.
export function parseBindings(items: readonly Exp[], whole: Exp): Array<{ name: string; ty: Ty }> {
  const out: Array<{ name: string; ty: Ty }> = [];
  for (let i = 0; i < items.length;) {
    const name = atomName(items[i]);
    if (name !== null && items[i + 1]?.tag === 'sep' && (items[i + 1] as { sep: string }).sep === ':' && items[i + 2] !== undefined) {
      const ty = parseType(items[i + 2]!);
      if (ty === null) throw new ParseFailure(whole, `in ${showExp(items[i]!)}, currently objects can't be quantified in properties (issue 139)`);
      out.push({ name, ty });
      i += 3;
    } else if (name !== null) {
      throw new ParseFailure(whole, `in ${showExp(items[i]!)}, type annotation required for all property bindings.`);
    } else {
      throw new ParseFailure(whole, `in [${items.slice(i).map(showExp).join(', ')}], unexpected binding form`);
    }
  }
  return out;
}

function parseType(e: Exp): Ty | null {
  const n = atomName(e);
  return n === 'integer' || n === 'decimal' || n === 'bool' || n === 'string' ? n : null;
}

/// Parses and types a property; `exp` is the whole property (failures are reported against it).
export function parseProp(exp: Exp, env: PropEnv): Prop {
  const gen = { next: env.nextVid };
  const pre = toPre(exp, env.names, gen, exp);
  const defined = new Map<string, { args: DefinedProperty['args']; body: PreProp }>();
  for (const [name, d] of env.defined) defined.set(name, { args: d.args, body: toPre(d.body, env.names, gen, exp) });
  const types = new Map(env.types);
  const cx: Cx = { types, defined, locals: new Map(env.consts), exp, tables: env.tables };
  return check(cx, 'bool', pre);
}

/// Parses a schema invariant: a property of the row's columns (column `i` is variable `i`).
export function parseInvariant(exp: Exp, row: ObjTy): Prop {
  const names = new Map(row.fields.map(([n], i) => [n, i] as const));
  const types = new Map(row.fields.map(([, t], i) => [i, t] as const));
  return parseProp(exp, { names, types, nextVid: row.fields.length, defined: new Map(), consts: new Map(), tables: new Map() });
}

// ---------------------------------------------------------------------------------------------
// Exp → PreProp

const QUANTIFIERS: ReadonlySet<string> = new Set(['forall', 'exists']);

function toPre(e: Exp, names: ReadonlyMap<string, number>, gen: { next: number }, whole: Exp): PreProp {
  switch (e.tag) {
    case 'lit': {
      const l = e.lit;
      if (l.kind === 'integer') return { k: 'int', value: l.value };
      if (l.kind === 'string') return { k: 'str', value: l.value };
      if (l.kind === 'bool') return { k: 'bool', value: l.value };
      const d = Decimal.parse(l.text)!;
      return { k: 'dec', value: scaleDecimal(d.mantissa, d.scale) };
    }
    case 'atom': {
      const name = atomName(e);
      if (name === 'result' || name === 'success' || name === 'abort' || name === 'governance-passes') return { k: name };
      if (name !== null) {
        const vid = names.get(name);
        return vid === undefined ? { k: 'global', name } : { k: 'var', vid, name };
      }
      break;
    }
    case 'list': {
      if (e.delim === '[') return { k: 'list', items: e.items.map((x) => toPre(x, names, gen, whole)) };
      if (e.delim === '{') return { k: 'object', fields: objectFields(e, e.items, (x) => toPre(x, names, gen, whole), whole) };
      const head = atomName(e.items[0]);
      if (e.delim !== '(' || head === null) break;
      const binds = e.items[1];
      if (QUANTIFIERS.has(head) && e.items.length === 3 && binds !== undefined && isParen(binds)) {
        const bs = parseBindings(binds.items, whole).map((b) => ({ ...b, vid: gen.next++ }));
        const inner = new Map(names);
        for (const b of bs) inner.set(b.name, b.vid);
        const body = toPre(e.items[2]!, inner, gen, whole);
        return bs.reduceRight<PreProp>((acc, b) => ({ k: 'quantified', q: head as 'forall' | 'exists', vid: b.vid, name: b.name, ty: b.ty, body: acc }), body);
      }
      return { k: 'app', fn: head, args: e.items.slice(1).map((x) => toPre(x, names, gen, whole)) };
    }
    default: break;
  }
  throw new ParseFailure(whole, `in ${showExp(e)}, expected property`);
}

/// The fields of an object literal, `"key": value` separated by commas (Pact's `BraceList`
/// case of `expToPreProp`, with its texts).
function objectFields(obj: Exp, items: readonly Exp[], value: (e: Exp) => PreProp, whole: Exp): Array<readonly [string, PreProp]> {
  const go = (rest: readonly Exp[]): Array<readonly [string, PreProp]> => {
    const [key, colon, val] = rest;
    if (key === undefined || colon?.tag !== 'sep' || colon.sep !== ':' || val === undefined) throw new ParseFailure(whole, `in ${showExp(obj)}, cannot parse as object`);
    if (key.tag !== 'lit' || key.lit.kind !== 'string') throw new ParseFailure(whole, `in ${showExp(key)}, static key required`);
    const field = [key.lit.value, value(val)] as const;
    const after = rest.slice(3);
    if (after.length === 0) return [field];
    if (after[0]!.tag !== 'sep' || after[0]!.sep !== ',') throw new ParseFailure(whole, `in ${showExp(key)}, unexpected token`);
    return [field, ...go(after.slice(1))];
  };
  const fields = new Map<string, PreProp>();
  for (const [k, v] of go(items)) if (!fields.has(k)) fields.set(k, v);
  return [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/// Pact's `Pretty PreProp`.
function showPre(p: PreProp): string {
  switch (p.k) {
    case 'int': return `${p.value}`;
    case 'dec': return showScaled(p.value);
    case 'str': return `"${p.value}"`;
    case 'bool': return `${p.value}`;
    case 'result': case 'success': case 'abort': case 'governance-passes': return p.k;
    case 'var': case 'global': return p.name;
    case 'quantified': return `(${p.q} (${p.name}:${p.ty}) ${showPre(p.body)})`;
    case 'app': return `(${p.fn} ${p.args.map(showPre).join(' ')})`;
    case 'list': return `[${p.items.map(showPre).join(', ')}]`;
    case 'object': return `{${p.fields.map(([k, v]) => `${k} := ${showPre(v)}`).join(',')}}`;
  }
}

/// A scaled decimal as Pact shows one (`Pretty Decimal` of the analysis): fewest places, at least one.
export function showScaled(v: bigint): string {
  const neg = v < 0n;
  let digits = (neg ? -v : v).toString().padStart(256, '0');
  let frac = digits.slice(-255).replace(/0+$/, '');
  digits = digits.slice(0, -255).replace(/^0+(?=.)/, '');
  if (frac === '') frac = '0';
  return `${neg ? '-' : ''}${digits}.${frac}`;
}

// ---------------------------------------------------------------------------------------------
// Typing: inference and checking, inlining defined properties

interface Cx {
  readonly types: Map<number, Ty>;
  readonly defined: ReadonlyMap<string, { args: DefinedProperty['args']; body: PreProp }>;
  readonly locals: ReadonlyMap<string, Prop>;
  readonly exp: Exp;
  readonly tables: ReadonlyMap<string, ObjTy>;
}

const ARITH: ReadonlySet<string> = new Set(['+', '-', '*', '/', '^', 'log']);
const COMPARISON: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=']);
const LOGICAL: ReadonlySet<string> = new Set(['and', 'or', 'not']);
const ROUNDING: ReadonlySet<string> = new Set(['round', 'ceiling', 'floor']);

function fail(cx: Cx, message: string): never {
  throw new ParseFailure(cx.exp, message);
}

function failIn(cx: Cx, p: PreProp, message: string): never {
  return fail(cx, `in ${showPre(p)}, ${message}`);
}

function inferrable(p: PreProp): boolean {
  return !(p.k === 'app' && (ARITH.has(p.fn) || p.fn === 'abs' || (p.fn === '-' && p.args.length === 1)));
}

function op(ty: Ty, o: Op, args: readonly Prop[]): Prop {
  return { k: 'op', ty, op: o, args };
}

function infer(cx: Cx, p: PreProp): Prop {
  switch (p.k) {
    case 'int': return { k: 'lit', lit: { ty: 'integer', value: p.value } };
    case 'dec': return { k: 'lit', lit: { ty: 'decimal', value: p.value } };
    case 'str': return { k: 'lit', lit: { ty: 'string', value: p.value } };
    case 'bool': return { k: 'lit', lit: { ty: 'bool', value: p.value } };
    case 'success': return { k: 'success' };
    case 'abort': return { k: 'abort' };
    case 'governance-passes': return { k: 'governance-passes' };
    case 'result': {
      const ty = cx.types.get(0);
      return ty === undefined ? fail(cx, "Analysis doesn't support this construct yet: the function's result type") : { k: 'result', ty };
    }
    case 'var': {
      const ty = cx.types.get(p.vid);
      return ty === undefined ? fail(cx, `couldn't find property variable ${p.name}`) : { k: 'var', ty, vid: p.vid };
    }
    case 'global': {
      const local = cx.locals.get(p.name);
      if (local !== undefined) return local;
      const d = cx.defined.get(p.name);
      if (d === undefined) return fail(cx, `couldn't find property variable ${p.name}`);
      if (d.args.length > 0) return fail(cx, `${p.name} expects arguments but wasn't provided any`);
      return infer(withoutDefinition(cx, p.name), d.body);
    }
    case 'quantified': {
      cx.types.set(p.vid, p.ty);
      return { k: 'quantified', q: p.q, vid: p.vid, ty: p.ty, body: check(cx, 'bool', p.body) };
    }
    case 'app': return inferApp(cx, p);
    case 'list': {
      const items = p.items.map((x) => infer(cx, x));
      const elem = items.length === 0 ? 'any' : termTy(items[0]!);
      if (!items.every((x) => tyEq(termTy(x), elem))) return fail(cx, `unable to make list of a single type from ${showPre(p)}`);
      // Our lists hold single values (Z3 sequences), not objects.
      if (isObj(elem)) return failIn(cx, p, "Analysis doesn't support this construct yet: lists of objects");
      return { k: 'list', ty: { k: 'list', elem }, items };
    }
    case 'object': {
      const fields = p.fields.map(([n, v]) => [n, infer(cx, v)] as const);
      return { k: 'object', ty: objTy(fields.map(([n, v]) => [n, termTy(v)] as const)), fields };
    }
  }
}

/// The list natives of properties (Pact's `inferPreProp` of `at` of an index, `reverse`,
/// `sort`, `distinct`, `make-list`, `take`, `drop`), or null.
function inferList(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop | null {
  const { fn, args } = p;
  const listTy = (x: Prop): ListTy | null => {
    const t = termTy(x);
    return typeof t !== 'string' && t.k === 'list' ? t : null;
  };
  if (fn === 'at' && args.length === 2 && args[0]!.k !== 'str') {
    const ix = infer(cx, args[0]!);
    const c = infer(cx, args[1]!);
    const lt = listTy(c);
    if (termTy(ix) === 'integer' && lt !== null) return op(lt.elem, 'at-index', [c, ix]);
    return failIn(cx, p, `expected object or list (with key ${showPre(args[0]!)}) but found type ${showTy(termTy(c))}`);
  }
  if ((fn === 'reverse' || fn === 'distinct' || fn === 'sort') && args.length === 1) {
    const l = infer(cx, args[0]!);
    const lt = listTy(l);
    // Sorting needs an ordered type (`sort` of other lists is not modelled).
    if (lt !== null && (fn !== 'sort' || ['integer', 'decimal', 'string', 'time'].includes(showTy(lt.elem)))) return op(lt, fn, [l]);
    return fn === 'distinct' ? failIn(cx, p, 'expected list argument') : null;
  }
  if (fn === 'make-list' && args.length === 2) {
    const n = check(cx, 'integer', args[0]!);
    const item = infer(cx, args[1]!);
    if (isObj(termTy(item))) return failIn(cx, p, "Analysis doesn't support this construct yet: lists of objects");
    return op({ k: 'list', elem: termTy(item) }, 'make-list', [n, item]);
  }
  if ((fn === 'take' || fn === 'drop') && args.length === 2) {
    const c = infer(cx, args[1]!);
    const ty = termTy(c);
    if (ty !== 'string' && listTy(c) === null) return failIn(cx, p, `\`${fn}\` works on only lists and objects`);
    return op(ty, fn, [c, check(cx, 'integer', args[0]!)]);
  }
  return null;
}

/// `+` of two lists, once the arithmetic readings of `+` have failed.
function concatLists(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop | null {
  if (p.fn !== '+' || p.args.length !== 2) return null;
  const [a, b] = p.args.map((x) => infer(cx, x)) as [Prop, Prop];
  const ta = termTy(a);
  if (typeof ta === 'string' || ta.k !== 'list') return null;
  return tyEq(ta, termTy(b)) ? op(ta, 'concat', [a, b]) : failIn(cx, p, 'can only concat lists of the same type');
}

function inferApp(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop {
  const { fn, args } = p;
  if (COMPARISON.has(fn) && args.length === 2) {
    const a = infer(cx, args[0]!);
    const b = infer(cx, args[1]!);
    const [ta, tb] = [termTy(a), termTy(b)];
    const eqNeq = fn === '=' || fn === '!=';
    const onlyEqNeq = (nouns: string) => failIn(cx, p, `${nouns} only support equality (=) / inequality (!=) checks`);
    if (isObj(ta) && isObj(tb)) {
      if (!eqNeq) return onlyEqNeq('objects');
      const known = objectsCompared(fn === '=', ta, tb);
      if (known !== null) return { k: 'lit', lit: { ty: 'bool', value: known } };
    }
    if (!tyEq(ta, tb)) return failIn(cx, p, `type error: ${showTy(ta)} vs ${showTy(tb)}`);
    if (ta === 'bool' && !eqNeq) return failIn(cx, p, "Analysis doesn't support this construct yet: ordering of booleans");
    const kind = ta === 'guard' ? 'guards' : typeof ta === 'string' ? null : ta.k === 'list' ? 'lists' : 'objects';
    if (kind !== null && !eqNeq) return onlyEqNeq(kind);
    return op('bool', fn as Op, [a, b]);
  }
  if (LOGICAL.has(fn)) {
    if (fn === 'not' && args.length === 1) return op('bool', 'not', [check(cx, 'bool', args[0]!)]);
    if (fn !== 'not' && args.length === 2) return op('bool', fn as Op, args.map((x) => check(cx, 'bool', x)));
    return failIn(cx, p, `${fn} applied to wrong number of arguments`);
  }
  const db = inferDb(cx, p);
  if (db !== null) return db;
  if (fn === 'at' && args.length === 2 && args[0]!.k === 'str') {
    const obj = infer(cx, args[1]!);
    const ty = fieldTy(termTy(obj), args[0]!.value);
    return ty === null ? failIn(cx, p, `could not find field ${args[0]!.value} in ${showTy(termTy(obj))}`) : { k: 'at', ty, field: args[0]!.value, obj };
  }
  if (fn === 'authorized-by' && args.length === 1) {
    // A constant names a keyset as well as a literal does.
    const name = infer(cx, args[0]!);
    return name.k === 'lit' && name.lit.ty === 'string' ? { k: 'authorized-by', name: name.lit.value } : failIn(cx, p, 'expected string literal');
  }
  if ((fn === 'when' || fn === '=>') && args.length === 2) {
    return op('bool', 'or', [op('bool', 'not', [check(cx, 'bool', args[0]!)]), check(cx, 'bool', args[1]!)]);
  }
  if (fn === 'mod' && args.length === 2) return op('integer', 'mod', args.map((x) => check(cx, 'integer', x)));
  if (ROUNDING.has(fn) && args.length === 1) return op('integer', fn as Op, [check(cx, 'decimal', args[0]!)]);
  if (ROUNDING.has(fn) && args.length === 2) {
    const places = args[1]!;
    if (places.k !== 'int' || places.value < 0n || places.value > 255n) return failIn(cx, p, "Analysis doesn't support this construct yet: rounding to a precision that is not a literal");
    return op('decimal', `${fn}-to` as Op, [check(cx, 'decimal', args[0]!), check(cx, 'integer', places)]);
  }
  if (fn === 'dec' && args.length === 1) return op('decimal', 'dec', [check(cx, 'integer', args[0]!)]);
  if (fn === 'length' && args.length === 1) {
    const a = infer(cx, args[0]!);
    const ty = termTy(a);
    return ty === 'string' || (typeof ty !== 'string' && ty.k === 'list') ? op('integer', 'length', [a]) : failIn(cx, p, 'expected string or list argument to length');
  }
  const list = inferList(cx, p);
  if (list !== null) return list;
  if (!inferrable(p)) {
    for (const ty of ['integer', 'decimal', 'string'] as const) {
      try {
        return checkApp(cx, ty, p);
      } catch (e) {
        if (!(e instanceof ParseFailure)) throw e;
      }
    }
    const concat = concatLists(cx, p);
    if (concat !== null) return concat;
    return failIn(cx, p, `can't infer the types of the arguments to ${fn}`);
  }
  const d = cx.defined.get(fn);
  if (d === undefined) return failIn(cx, p, `couldn't find property named ${fn}`);
  if (d.args.length !== args.length) return failIn(cx, p, 'wrong number of arguments');
  const locals = new Map(cx.locals);
  d.args.forEach((a, i) => locals.set(a.name, check(cx, a.ty, args[i]!)));
  return infer({ ...withoutDefinition(cx, fn), locals }, d.body);
}

const TABLE_PROPS: ReadonlySet<string> = new Set(['table-read', 'table-written']);
const COLUMN_PROPS: ReadonlySet<string> = new Set(['column-read', 'column-written']);
const ROW_PROPS: ReadonlySet<string> = new Set(['row-read', 'row-written', 'row-read-count', 'row-write-count']);

/// The database properties (Pact's `inferPreProp` of `table-written` ... `read`), or null.
function inferDb(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop | null {
  const { fn, args } = p;
  const n = args.length;
  const isDb = (TABLE_PROPS.has(fn) && n === 1) || (COLUMN_PROPS.has(fn) && n === 2) || (fn === 'column-delta' && n === 2) ||
    (fn === 'cell-delta' && n === 3) || (fn === 'row-enforced' && n === 3) || (ROW_PROPS.has(fn) && n === 2) || ((fn === 'row-exists' || fn === 'read') && n === 3);
  if (!isDb) return null;
  const tn = args[0]!;
  if (tn.k !== 'global') return fail(cx, `invalid table name: ${showPre(tn)}`);
  const table = tn.name;
  const row = cx.tables.get(table);
  if (row === undefined) return failIn(cx, p, `expected table ${table} but it isn't in scope`);
  const db = (d: DbProp): Prop => ({ k: 'db', ...d });
  const column = (): string => {
    const cn = args[1]!;
    return cn.k === 'str' ? cn.value : fail(cx, `invalid column name: ${showPre(cn)}`);
  };
  const key = (i: number): Prop => check(cx, 'string', args[i]!);
  const when = (): 'before' | 'after' => {
    const w = args[2]!;
    return w.k === 'str' && (w.value === 'before' || w.value === 'after') ? w.value : failIn(cx, w, "expected 'before / 'after");
  };
  if (TABLE_PROPS.has(fn)) return db({ what: fn as 'table-read' | 'table-written', table });
  if (COLUMN_PROPS.has(fn)) return db({ what: fn as 'column-read' | 'column-written', table, column: column() });
  if (fn === 'column-delta' || fn === 'cell-delta') {
    const c = column();
    const ty = fieldTy(row, c);
    if (ty !== 'integer' && ty !== 'decimal') return failIn(cx, p, "couldn't find column of appropriate (integer / decimal) type");
    return fn === 'column-delta' ? db({ what: fn, table, column: c, ty }) : db({ what: fn, table, column: c, ty, key: key(2) });
  }
  if (fn === 'row-enforced') {
    const c = column();
    const ty = fieldTy(row, c);
    if (ty === null) return fail(cx, `didn't find expected column ${c} in table ${table}`);
    if (ty !== 'guard') return fail(cx, `expected column ${c} in table ${table} to have type guard, instead found ${showTy(ty)}`);
    return db({ what: fn, table, column: c, key: key(2) });
  }
  if (ROW_PROPS.has(fn)) return db({ what: fn as 'row-read', table, key: key(1) });
  if (fn === 'row-exists') return db({ what: fn, table, key: key(1), when: when() });
  return db({ what: 'read', table, key: key(1), when: when(), ty: row });
}

/// A defined property is inlined without itself in scope, so it cannot call itself.
function withoutDefinition(cx: Cx, name: string): Cx {
  const defined = new Map(cx.defined);
  defined.delete(name);
  return { ...cx, defined };
}

function check(cx: Cx, ty: Ty, p: PreProp): Prop {
  if (inferrable(p)) {
    const r = infer(cx, p);
    if (!tyEq(termTy(r), ty)) return failIn(cx, p, `type error: ${showTy(ty)} vs ${showTy(termTy(r))}`);
    return r;
  }
  return checkApp(cx, ty, p as Extract<PreProp, { k: 'app' }>);
}

/// Pact's checking of the overloaded arithmetic against an expected type.
function checkApp(cx: Cx, ty: Ty, p: Extract<PreProp, { k: 'app' }>): Prop {
  const { fn, args } = p;
  if (ty === 'string' && fn === '+' && args.length === 2) return op('string', 'concat', args.map((x) => check(cx, 'string', x)));
  if ((fn === '^' || fn === 'log') && (ty === 'integer' || ty === 'decimal')) {
    return failIn(cx, p, `Analysis doesn't support this construct yet: ${fn}`);
  }
  if (ty === 'decimal' && ARITH.has(fn) && args.length === 2) {
    const xs = args.map((x) => infer(cx, x));
    if (xs.every((x) => termTy(x) === 'decimal' || termTy(x) === 'integer')) {
      return op('decimal', fn as Op, xs.map((x) => termTy(x) === 'integer' ? op('decimal', 'dec', [x]) : x));
    }
    return failIn(cx, p, `unexpected argument types for (${fn}): ${termTy(xs[0]!)} and ${termTy(xs[1]!)}`);
  }
  if (ty === 'integer' && ARITH.has(fn) && args.length === 2) return op('integer', fn as Op, args.map((x) => check(cx, 'integer', x)));
  if ((ty === 'integer' || ty === 'decimal') && args.length === 1 && (fn === '-' || fn === 'abs')) {
    return op(ty, fn === '-' ? 'neg' : 'abs', [check(cx, ty, args[0]!)]);
  }
  return failIn(cx, p, `type error: expected type ${ty}`);
}
