/// `@model` expressions → typed properties (Pact's `Parse/Prop.hs`: `expToPreProp`, then
/// `inferPreProp`/`checkPreProp`), `defproperty` definitions, and the `property` /
/// `succeeds-when` / `fails-when` wrappers (`Check.hs`). Failures carry Pact's texts.
import type { Exp } from '../syntax/exp.ts';
import { Decimal } from '../values/decimal.ts';
import type { DbProp, ListTy, NameRef, ObjTy, Op, Prop, QTy, Ty } from './lang.ts';
import { fieldTy, isNameTy, isObj, objectsCompared, objTy, showTy, termTy, tyEq } from './lang.ts';
import { InternalError, scaleDecimal } from './translate.ts';
import { propertyOnly, prettyProp, renderPretty, showAs, showQTy, showScaled, subterms, widened } from './pretty.ts';

/// A property that could not be parsed: the expression and Pact's reason.
export class ParseFailure extends Error {
  readonly exp: Exp;
  constructor(exp: Exp, message: string) {
    super(message);
    this.exp = exp;
  }
}


/// GHC's `prettyCallStack` of a call at this line and column of Pact 4.13.2's
/// `Parse/Prop.hs`, laid out on one line as Pact's compact rendering does (built by cabal, the
/// library's unit is `pact-4.13.2-inplace`).
function callStack(fn: 'typeError' | 'error', line: number, col: number): string {
  return `CallStack (from HasCallStack):   ${fn}, called at src-tool/Pact/Analyze/Parse/Prop.hs:${line}:${col} in pact-4.13.2-inplace:Pact.Analyze.Parse.Prop`;
}

/// Where Pact's `typeError` is called: comparing an object with another type, comparing other
/// types, checking a property against a type.
const TYPE_ERROR_SITES = { objectComparison: [496, 18], comparison: [497, 16], check: [768, 22] } as const;

/// Pact's `typeError`: the two types, and the call stack it asks for.
function typeError(cx: Cx, p: PreProp, a: QTy, b: QTy, site: keyof typeof TYPE_ERROR_SITES): never {
  const [line, col] = TYPE_ERROR_SITES[site];
  return failIn(cx, p, `type error: ${showQTy(a)} vs ${showQTy(b)} (${callStack('typeError', line, col)})`);
}

export type CheckKind = 'property' | 'succeeds-when' | 'fails-when';

export interface DefinedProperty {
  readonly args: ReadonlyArray<{ readonly name: string; readonly ty: QTy }>;
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
  | { readonly k: 'quantified'; readonly q: 'forall' | 'exists'; readonly vid: number; readonly name: string; readonly ty: QTy; readonly body: PreProp }
  | { readonly k: 'app'; readonly fn: string; readonly args: readonly PreProp[] }
  | { readonly k: 'list'; readonly items: readonly PreProp[] }
  /// An object literal, its fields sorted by name.
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
export function parseBindings(items: readonly Exp[], whole: Exp): Array<{ name: string; ty: QTy }> {
  const out: Array<{ name: string; ty: QTy }> = [];
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

const BINDING_TYPES: ReadonlyMap<string, QTy> = new Map<string, QTy>([
  ['bool', 'bool'], ['decimal', 'decimal'], ['integer', 'integer'], ['string', 'string'], ['time', 'time'],
  ['keyset', 'guard'], ['guard', 'guard'], ['*', 'any'], ['table', { k: 'table' }],
]);

/// Pact's `parseType` of a binding: a value type (lists of them among them), `table`, or
/// `(column-of t)`; objects cannot be quantified.
function parseType(e: Exp): QTy | null {
  const n = atomName(e);
  if (n !== null) return BINDING_TYPES.get(n) ?? null;
  if (e.tag !== 'list') return null;
  const column = atomName(e.items[1]);
  if (e.delim === '(' && e.items.length === 2 && atomName(e.items[0]) === 'column-of' && column !== null) return { k: 'column-of', table: column };
  const elem = e.delim === '[' && e.items.length === 1 ? parseType(e.items[0]!) : null;
  return elem === null || isNameTy(elem) ? null : { k: 'list', elem };
}

/// Parses and types a property; `exp` is the whole property (failures are reported against it).
export function parseProp(exp: Exp, env: PropEnv): Prop {
  return prenex(typeProp(exp, env).prop);
}

/// The typed property, before prenex conversion, and the names of the variables it binds.
function typeProp(exp: Exp, env: PropEnv): { prop: Prop; names: Map<number, string> } {
  const gen: VidSupply = { next: env.nextVid, names: new Map() };
  const pre = toPre(exp, env.names, gen, exp);
  const defined = new Map<string, { args: DefinedProperty['args']; body: PreProp }>();
  for (const [name, d] of env.defined) defined.set(name, { args: d.args, body: toPre(d.body, env.names, gen, exp) });
  const types = new Map<number, QTy>(env.types);
  const cx: Cx = { types, defined, locals: new Map(env.consts), exp, tables: env.tables };
  return { prop: check(cx, 'bool', pre), names: gen.names };
}

/// Parses a schema invariant as Pact's `expToInvariant` does: a property of the row's columns
/// (numbered in the order of their names, from 0) and the module's constants, with no tables and
/// no defined properties in scope, not put in prenex form; then, as `propToInvariant`, the first
/// term only a property may use (a quantifier, `result`, a database property ...) is rejected.
export function parseInvariant(exp: Exp, row: ObjTy, consts: ReadonlyMap<string, Prop>): Prop {
  const names = new Map(row.fields.map(([n], i) => [n, i] as const));
  const types = new Map(row.fields.map(([, t], i) => [i, t] as const));
  const typed = typeProp(exp, { names, types, nextVid: row.fields.length, defined: new Map(), consts, tables: new Map() });
  const bad = firstPropertyOnly(typed.prop);
  if (bad === null) return typed.prop;
  const shown = new Map([...row.fields.map(([n], i) => [i, n] as const), ...typed.names]);
  throw new ParseFailure(exp, `encountered a term that's only valid in properties, and not invariants: ${renderPretty(prettyProp(bad, shown))}`);
}

function firstPropertyOnly(p: Prop): Prop | null {
  if (propertyOnly(p)) return p;
  for (const x of subterms(p)) {
    const found = firstPropertyOnly(x);
    if (found !== null) return found;
  }
  return null;
}

/// Pact's supply of variable ids (`genVarId`), and the names of the variables it gave.
interface VidSupply {
  next: number;
  readonly names: Map<number, string>;
}

// ---------------------------------------------------------------------------------------------
// Exp → PreProp

const QUANTIFIERS: ReadonlySet<string> = new Set(['forall', 'exists']);

function toPre(e: Exp, names: ReadonlyMap<string, number>, gen: VidSupply, whole: Exp): PreProp {
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
        for (const b of bs) gen.names.set(b.vid, b.name);
        const inner = new Map(names);
        for (const b of bs) inner.set(b.name, b.vid);
        const body = toPre(e.items[2]!, inner, gen, whole);
        return bs.reduceRight<PreProp>((acc, b) => ({ k: 'quantified', q: head as 'forall' | 'exists', vid: b.vid, name: b.name, ty: b.ty, body: acc }), body);
      }
      if (head === 'read' && e.items.length === 3) {
        throw new ParseFailure(whole, `in ${showExp(e)}, read must specify a time ('before or 'after). example: (= result (read accounts user 'before))`);
      }
      return { k: 'app', fn: head, args: e.items.slice(1).map((x) => toPre(x, names, gen, whole)) };
    }
    default: break;
  }
  throw new ParseFailure(whole, `in ${showExp(e)}, expected property`);
}

/// An object literal's `key: value` pairs, commas between them; a key is a string literal. The
/// fields sorted by name, the first of two with one name kept.
function objectFields(obj: Exp, items: readonly Exp[], value: (e: Exp) => PreProp, whole: Exp): Array<[string, PreProp]> {
  const [key, colon, val] = items;
  if (key === undefined || colon?.tag !== 'sep' || colon.sep !== ':' || val === undefined) throw new ParseFailure(whole, `in ${showExp(obj)}, cannot parse as object`);
  if (key.tag !== 'lit' || key.lit.kind !== 'string') throw new ParseFailure(whole, `in ${showExp(key)}, static key required`);
  const name = key.lit.value;
  const v = value(val);
  const rest = items.slice(3);
  const sep = rest[0];
  if (sep !== undefined && (sep.tag !== 'sep' || sep.sep !== ',')) throw new ParseFailure(whole, `in ${showExp(key)}, unexpected token`);
  const fields = sep === undefined ? [] : objectFields(obj, rest.slice(1), value, whole).filter(([n]) => n !== name);
  return [...fields, [name, v] as [string, PreProp]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/// The global names a property of a function with these arguments mentions (Pact's
/// `prePropGlobals`): neither `result`, an argument nor a quantified variable; sorted.
export function propGlobals(exp: Exp, args: readonly string[]): string[] {
  const names = new Map<string, number>([['result', 0], ...args.map((a, i) => [a, i + 1] as const)]);
  const found = new Set<string>();
  const visit = (p: PreProp): void => {
    if (p.k === 'global') found.add(p.name);
    else if (p.k === 'quantified') visit(p.body);
    else if (p.k === 'app') p.args.forEach(visit);
    else if (p.k === 'list') p.items.forEach(visit);
    else if (p.k === 'object') p.fields.forEach(([, v]) => visit(v));
  };
  visit(toPre(exp, names, { next: names.size, names: new Map() }, exp));
  return [...found].sort();
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
    case 'quantified': return `(${p.q} (${p.name}:${showQTy(p.ty)}) ${showPre(p.body)})`;
    // Pact's `read` of a row quotes the table's name.
    case 'app': return p.fn === 'read' && p.args.length === 3 ? `(read '${p.args.map(showPre).join(' ')})` : `(${p.fn} ${p.args.map(showPre).join(' ')})`;
    case 'list': return `[${p.items.map(showPre).join(',')}]`;
    case 'object': return `{${p.fields.map(([n, v]) => `${n} := ${showPre(v)}`).join(',')}}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Typing: inference and checking, inlining defined properties

interface Cx {
  readonly types: Map<number, QTy>;
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

/// Pact's `<|>` in the property checker: the first alternative that succeeds; when none does,
/// their failures' texts run together (its errors are a monoid, joined without a separator).
function firstOf<T>(cx: Cx, alternatives: ReadonlyArray<() => T>): T {
  let message = '';
  for (const alternative of alternatives) {
    try {
      return alternative();
    } catch (e) {
      if (!(e instanceof ParseFailure)) throw e;
      message += e.message;
    }
  }
  return fail(cx, message);
}

function inferrable(p: PreProp): boolean {
  return !(p.k === 'app' && (ARITH.has(p.fn) || p.fn === 'abs' || (p.fn === '-' && p.args.length === 1)));
}

function op(ty: Ty, o: Op, args: readonly Prop[]): Prop {
  return { k: 'op', ty, op: o, args };
}

const str = (value: string): Prop => ({ k: 'lit', lit: { ty: 'string', value } });

function infer(cx: Cx, p: PreProp): Prop {
  switch (p.k) {
    case 'int': return { k: 'lit', lit: { ty: 'integer', value: p.value } };
    case 'dec': return { k: 'lit', lit: { ty: 'decimal', value: p.value } };
    case 'str': return str(p.value);
    case 'bool': return { k: 'lit', lit: { ty: 'bool', value: p.value } };
    case 'success': return { k: 'success' };
    case 'abort': return { k: 'abort' };
    case 'governance-passes': return { k: 'governance-passes' };
    case 'result': {
      const ty = cx.types.get(0);
      return ty === undefined || isNameTy(ty) ? fail(cx, "Analysis doesn't support this construct yet: the function's result type") : { k: 'result', ty };
    }
    case 'var': {
      const ty = cx.types.get(p.vid);
      if (ty === undefined) return fail(cx, `couldn't find property variable ${p.name}`);
      // A table's or a column's name is no value: Pact's `inferVar` calls `error`.
      if (isNameTy(ty)) {
        const [what, line] = ty.k === 'table' ? ['Table', 260] : ['Column', 261];
        throw new InternalError(`${what} names cannot be vars ${callStack('error', line, 28)}`);
      }
      return { k: 'var', ty, vid: p.vid };
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
      // Pact lists the typed items (`prettyList`: comma and space).
      if (!items.every((x) => tyEq(termTy(x), elem))) return fail(cx, `unable to make list of a single type from [${p.items.map(showPre).join(', ')}]`);
      return { k: 'list', ty: { k: 'list', elem }, items };
    }
    case 'object': {
      const fields = p.fields.map(([n, v]) => [n, infer(cx, v)] as const);
      return { k: 'object', ty: objTy(fields.map(([n, v]) => [n, termTy(v)] as const)), fields };
    }
  }
}

function listTy(x: Prop): ListTy | null {
  const t = termTy(x);
  return typeof t !== 'string' && t.k === 'list' ? t : null;
}

/// `(at i list)` or `(at 'field object)` (Pact's `PreAt`): the key is inferred first.
function inferAt(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop {
  const ix = infer(cx, p.args[0]!);
  const c = infer(cx, p.args[1]!);
  const ct = termTy(c);
  const lt = listTy(c);
  if (termTy(ix) === 'integer' && lt !== null) return op(lt.elem, 'at-index', [c, ix]);
  if (ix.k === 'lit' && ix.lit.ty === 'string' && isObj(ct)) {
    const ty = fieldTy(ct, ix.lit.value);
    return ty === null ? failIn(cx, p, `could not find expected key ${ix.lit.value}`) : { k: 'at', ty, field: ix.lit.value, obj: c };
  }
  return failIn(cx, p, `expected object or list (with key ${showPre(p.args[0]!)}) but found type ${showTy(ct)}`);
}

/// The list natives of properties (Pact's `inferPreProp` of `reverse`, `sort`, `distinct`,
/// `make-list`, `take`, `drop`), or null.
function inferList(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop | null {
  const { fn, args } = p;
  if ((fn === 'reverse' || fn === 'distinct' || fn === 'sort') && args.length === 1) {
    const l = infer(cx, args[0]!);
    const lt = listTy(l);
    if (lt !== null) return op(lt, fn, [l]);
    return fn === 'distinct' ? failIn(cx, p, 'expected list argument') : null;
  }
  if (fn === 'make-list' && args.length === 2) {
    const n = check(cx, 'integer', args[0]!);
    const item = infer(cx, args[1]!);
    return op({ k: 'list', elem: termTy(item) }, 'make-list', [n, item]);
  }
  if ((fn === 'take' || fn === 'drop') && args.length === 2) {
    const c = infer(cx, args[1]!);
    const ty = termTy(c);
    if (isObj(ty)) return subObject(cx, p, ty, c);
    if (ty !== 'string' && listTy(c) === null) return failIn(cx, p, `\`${fn}\` works on only lists and objects`);
    return op(ty, fn, [c, check(cx, 'integer', args[0]!)]);
  }
  return null;
}

/// `take`/`drop` of an object: the fields a literal list of keys keeps, or those it does not.
function subObject(cx: Cx, p: Extract<PreProp, { k: 'app' }>, ty: ObjTy, obj: Prop): Prop {
  const keys = check(cx, { k: 'list', elem: 'string' }, p.args[0]!);
  const names = keys.k === 'list' ? keys.items.map((x) => (x.k === 'lit' && x.lit.ty === 'string' ? x.lit.value : null)) : [null];
  if (names.includes(null)) return failIn(cx, p, `In properties, \`${p.fn}\` on objects requires a list of literal keys`);
  const kept = ty.fields.filter(([n]) => names.includes(n) === (p.fn === 'take'));
  const fields = kept.map(([n, t]): readonly [string, Prop] => [n, { k: 'at', ty: t, field: n, obj }]);
  return showAs({ k: 'object', ty: objTy(kept), fields }, p.fn, [keys, obj]);
}

/// `contains` of a string in a string, or of a key in an object (whether the object's type has
/// that field).
function inferContains(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop {
  const needle = check(cx, 'string', p.args[0]!);
  return firstOf(cx, [
    () => op('bool', 'contains', [check(cx, 'string', p.args[1]!), needle]),
    (): Prop => {
      const obj = infer(cx, p.args[1]!);
      const ty = termTy(obj);
      if (!isObj(ty)) return fail(cx, '');
      const no: Prop = { k: 'lit', lit: { ty: 'bool', value: false } };
      return showAs(ty.fields.reduce<Prop>((acc, [n]) => op('bool', 'or', [acc, op('bool', '=', [needle, str(n)])]), no), 'contains', [needle, obj]);
    },
  ]);
}

/// A comparison (Pact's `inferPreProp` of a comparison operator): of two values of one type,
/// guards, lists and objects by `=`/`!=` only; objects of two types are never equal, nor unequal
/// (Pact's `ObjectEqNeq` of two types is false).
function inferComparison(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop {
  let a = infer(cx, p.args[0]!);
  let b = infer(cx, p.args[1]!);
  const eqNeq = p.fn === '=' || p.fn === '!=';
  // `[]` (a list of `*`) is equal or not to a list of any type.
  if (eqNeq && isEmptyList(a) && listOf(b)) a = { ...a, ty: termTy(b) as ListTy };
  else if (eqNeq && isEmptyList(b) && listOf(a)) b = { ...b, ty: termTy(a) as ListTy };
  const [ta, tb] = [termTy(a), termTy(b)];
  const only = (nouns: string) => failIn(cx, p, `${nouns} only support equality (=) / inequality (!=) checks`);
  if (!tyEq(ta, tb)) {
    if (!isObj(ta)) return typeError(cx, p, ta, tb, 'comparison');
    if (!isObj(tb)) return typeError(cx, p, ta, tb, 'objectComparison');
    return eqNeq ? showAs({ k: 'lit', lit: { ty: 'bool', value: objectsCompared(p.fn === '=', ta, tb)! } }, p.fn, [a, b]) : only('objects');
  }
  if (!eqNeq && ta === 'guard') return only('guards');
  if (!eqNeq && typeof ta !== 'string') return only(ta.k === 'list' ? 'lists' : 'objects');
  return op('bool', p.fn as Op, [a, b]);
}

function isEmptyList(x: Prop): x is Extract<Prop, { k: 'list' }> {
  return x.k === 'list' && x.items.length === 0 && x.ty.elem === 'any';
}

function listOf(x: Prop): boolean {
  const t = termTy(x);
  return typeof t !== 'string' && t.k === 'list';
}

/// Hashes, principals, `str-to-int` and times (Pact's `inferPreProp` of
/// them), or null.
function inferValueNative(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop | null {
  const { fn, args } = p;
  if (fn === 'hash' && args.length === 1) {
    const a = infer(cx, args[0]!);
    const ty = termTy(a);
    if (ty === 'string' || ty === 'integer' || ty === 'decimal' || ty === 'bool' || (typeof ty !== 'string' && ty.k === 'list')) return op('string', 'hash', [a]);
    return failIn(cx, p, '`hash` works only with integer, decimals, strings, bools, and list of those');
  }
  if ((fn === 'is-principal' || fn === 'typeof-principal') && args.length === 1) {
    const a = infer(cx, args[0]!);
    if (termTy(a) !== 'string') return failIn(cx, p, 'expected string argument');
    return fn === 'is-principal' ? op('bool', fn, [a]) : op('string', fn, [a]);
  }
  if (fn === 'str-to-int' && args.length === 1) return op('integer', 'str-to-int', [check(cx, 'string', args[0]!)]);
  if (fn === 'str-to-int' && args.length === 2) return op('integer', 'str-to-int-base', [check(cx, 'integer', args[0]!), check(cx, 'string', args[1]!)]);
  if (fn === 'diff-time' && args.length === 2) return op('decimal', 'diff-time', args.map((x) => check(cx, 'time', x)));
  if (fn === 'add-time' && args.length === 2) {
    const t = check(cx, 'time', args[0]!);
    const secs = infer(cx, args[1]!);
    const ty = termTy(secs);
    if (ty === 'integer' || ty === 'decimal') return op('time', ty === 'integer' ? 'add-time' : 'add-time-dec', [t, secs]);
    return failIn(cx, args[1]!, `expected integer or decimal, found ${showTy(ty)}`);
  }
  return null;
}

/// Arithmetic, inferred by checking it against each type it may have (Pact's `asum` of
/// `checkPreProp`s): `-` (of one or two operands) and `abs` as an integer or a decimal; the other
/// operators also as a string, then `+` as the concatenation of two lists. When no reading
/// fits, the failures of all of them are run together.
function inferArith(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop {
  const as = (ty: Ty) => (): Prop => checkApp(cx, ty, p);
  if (p.fn === '-' || p.fn === 'abs') return firstOf(cx, [as('integer'), as('decimal')]);
  return firstOf(cx, [as('integer'), as('decimal'), as('string'), () => concatLists(cx, p) ?? failIn(cx, p, `can't infer the types of the arguments to ${p.fn}`)]);
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
  if (fn === 'at' && args.length === 2) return inferAt(cx, p);
  if (COMPARISON.has(fn) && args.length === 2) return inferComparison(cx, p);
  // `(and? (f x..) (g y..) v)`: both predicates applied to `v` (Pact's `SAndQ`/`SOrQ`).
  const [f, g, v] = args;
  if ((fn === 'and?' || fn === 'or?') && args.length === 3 && f!.k === 'app' && g!.k === 'app') {
    const applied = [f!, g!].map((h): PreProp => ({ k: 'app', fn: h.fn, args: [...h.args, v!] }));
    return inferApp(cx, { k: 'app', fn: fn === 'and?' ? 'and' : 'or', args: applied });
  }
  if (LOGICAL.has(fn)) {
    if (fn === 'not' && args.length === 1) return op('bool', 'not', [check(cx, 'bool', args[0]!)]);
    if (fn !== 'not' && args.length === 2) return op('bool', fn as Op, args.map((x) => check(cx, 'bool', x)));
    return failIn(cx, p, `${fn} applied to wrong number of arguments`);
  }
  const db = inferDb(cx, p);
  if (db !== null) return db;
  if (fn === 'authorized-by' && args.length === 1) {
    // A constant names a keyset as well as a literal does.
    const name = infer(cx, args[0]!);
    return name.k === 'lit' && name.lit.ty === 'string' ? { k: 'authorized-by', name: name.lit.value } : failIn(cx, p, 'expected string literal');
  }
  // Pact's logical implication.
  if (fn === 'when' && args.length === 2) {
    return op('bool', 'or', [op('bool', 'not', [check(cx, 'bool', args[0]!)]), check(cx, 'bool', args[1]!)]);
  }
  if (fn === 'mod' && args.length === 2) return op('integer', 'mod', args.map((x) => check(cx, 'integer', x)));
  if (ROUNDING.has(fn) && args.length === 1) return op('integer', fn as Op, [check(cx, 'decimal', args[0]!)]);
  // Any integer places; the evaluation needs them known (natives.ts).
  if (ROUNDING.has(fn) && args.length === 2) return op('decimal', `${fn}-to` as Op, [check(cx, 'decimal', args[0]!), check(cx, 'integer', args[1]!)]);
  if (fn === 'dec' && args.length === 1) return op('decimal', 'dec', [check(cx, 'integer', args[0]!)]);
  if (fn === 'length' && args.length === 1) {
    const a = infer(cx, args[0]!);
    const ty = termTy(a);
    return ty === 'string' || (typeof ty !== 'string' && ty.k === 'list') ? op('integer', 'length', [a]) : failIn(cx, p, 'expected string or list argument to length');
  }
  if (fn === 'contains' && args.length === 2) return inferContains(cx, p);
  if (fn === 'enumerate') {
    const xs = args.map((x) => infer(cx, x));
    if (xs.some((x) => termTy(x) !== 'integer')) return failIn(cx, p, 'expected integer arguments');
    if (xs.length !== 2 && xs.length !== 3) return failIn(cx, p, 'expected 2 or 3 integer arguments');
    return op({ k: 'list', elem: 'integer' }, 'enumerate', xs.length === 3 ? xs : [...xs, { k: 'lit', lit: { ty: 'integer', value: 1n } }]);
  }
  // The analysis knows every property's type: `typeof` is its name (Pact's `Pretty SingTy`).
  if (fn === 'typeof' && args.length === 1) {
    const x = infer(cx, args[0]!);
    return showAs(str(showTy(termTy(x))), 'typeof', [x]);
  }
  const list = inferList(cx, p);
  if (list !== null) return list;
  const value = inferValueNative(cx, p);
  if (value !== null) return value;
  if (!inferrable(p)) return inferArith(cx, p);
  const d = cx.defined.get(fn);
  if (d === undefined) return failIn(cx, p, `couldn't find property named ${fn}`);
  if (d.args.length !== args.length) return failIn(cx, p, 'wrong number of arguments');
  const locals = new Map(cx.locals);
  d.args.forEach((a, i) => {
    // An argument must be a value (Pact has no table or column arguments either).
    if (isNameTy(a.ty)) failIn(cx, p, 'Internal pattern match failure.');
    locals.set(a.name, check(cx, a.ty, args[i]!));
  });
  return infer({ ...withoutDefinition(cx, fn), locals }, d.body);
}

const TABLE_PROPS: ReadonlySet<string> = new Set(['table-read', 'table-written']);
const COLUMN_PROPS: ReadonlySet<string> = new Set(['column-read', 'column-written']);
const ROW_PROPS: ReadonlySet<string> = new Set(['row-read', 'row-written', 'row-read-count', 'row-write-count']);

/// Pact's `parseTableName`: a table's name, or a variable of a `table` quantifier.
function tableName(cx: Cx, p: PreProp): NameRef {
  if (p.k === 'global') return p.name;
  if (p.k !== 'var') return fail(cx, `invalid table name: ${showPre(p)}`);
  const ty = cx.types.get(p.vid);
  return ty !== undefined && isNameTy(ty) && ty.k === 'table' ? { vid: p.vid, name: p.name } : fail(cx, `invalid table name: ${p.name}`);
}

/// Pact's `parseColumnName`: a string literal, or a variable of a `column-of` quantifier.
function columnName(cx: Cx, p: PreProp): NameRef {
  if (p.k === 'str') return p.value;
  if (p.k !== 'var') return fail(cx, `invalid column name: ${showPre(p)}`);
  const ty = cx.types.get(p.vid);
  return ty !== undefined && isNameTy(ty) && ty.k === 'column-of' ? { vid: p.vid, name: p.name } : fail(cx, `invalid column name: ${p.name}`);
}

/// Pact's `expectTableExists`: a table named literally must be in scope (a quantified one is).
function expectTable(cx: Cx, table: NameRef): void {
  if (typeof table === 'string' && !cx.tables.has(table)) fail(cx, `expected table ${table} but it isn't in scope`);
}

/// Pact's `expectColumnType`: both names literal, the column of this type.
function expectColumn(cx: Cx, table: NameRef, column: NameRef, ty: Ty): { table: string; column: string } {
  if (typeof table !== 'string' || typeof column !== 'string') return fail(cx, 'table and column names must be statically knowable');
  const found = fieldTy(cx.tables.get(table) ?? objTy([]), column);
  if (found === null) return fail(cx, `didn't find expected column ${column} in table ${table}`);
  if (!tyEq(found, ty)) return fail(cx, `expected column ${column} in table ${table} to have type ${showTy(ty)}, instead found ${showTy(found)}`);
  return { table, column };
}

function beforeOrAfter(cx: Cx, w: PreProp): 'before' | 'after' {
  return w.k === 'str' && (w.value === 'before' || w.value === 'after') ? w.value : failIn(cx, w, "expected 'before / 'after");
}

/// The database properties (Pact's `inferPreProp` of `table-written` ... `read`, each checking
/// its arguments in Pact's order), or null.
function inferDb(cx: Cx, p: Extract<PreProp, { k: 'app' }>): Prop | null {
  const { fn, args } = p;
  const n = args.length;
  const db = (d: DbProp): Prop => ({ k: 'db', ...d });
  const key = (i: number): Prop => check(cx, 'string', args[i]!);
  const table = (): NameRef => {
    const t = tableName(cx, args[0]!);
    expectTable(cx, t);
    return t;
  };
  // Tables and columns: the column's name is read before the table is looked up.
  const tableAndColumn = (): [NameRef, NameRef] => {
    const t = tableName(cx, args[0]!);
    const c = columnName(cx, args[1]!);
    expectTable(cx, t);
    return [t, c];
  };
  if (TABLE_PROPS.has(fn) && n === 1) return db({ what: fn as 'table-read' | 'table-written', table: table() });
  if (COLUMN_PROPS.has(fn) && n === 2) {
    const [t, column] = tableAndColumn();
    return db({ what: fn as 'column-read' | 'column-written', table: t, column });
  }
  if ((fn === 'column-delta' && n === 2) || (fn === 'cell-delta' && n === 3)) {
    const [t, c] = tableAndColumn();
    const numeric = (ty: 'integer' | 'decimal') => (): Prop => {
      const named = expectColumn(cx, t, c, ty);
      return fn === 'column-delta' ? db({ what: fn, ...named, ty }) : db({ what: 'cell-delta', ...named, ty, key: key(2) });
    };
    return firstOf(cx, [numeric('integer'), numeric('decimal'), () => failIn(cx, p, "couldn't find column of appropriate (integer / decimal) type")]);
  }
  if (ROW_PROPS.has(fn) && n === 2) return db({ what: fn as 'row-read', table: table(), key: key(1) });
  if (fn === 'row-exists' && n === 3) {
    const t = table();
    const k = key(1);
    return db({ what: fn, table: t, key: k, when: beforeOrAfter(cx, args[2]!) });
  }
  if (fn === 'row-enforced' && n === 3) {
    const [t, c] = tableAndColumn();
    return db({ what: fn, ...expectColumn(cx, t, c, 'guard'), key: key(2) });
  }
  if (fn === 'read' && n === 3) {
    const t = tableName(cx, args[0]!);
    if (typeof t !== 'string') return fail(cx, `table name (${showPre(args[0]!)}) must be a literal`);
    const k = key(1);
    const when = beforeOrAfter(cx, args[2]!);
    const row = cx.tables.get(t);
    return row === undefined ? fail(cx, `couldn't find table ${JSON.stringify(t)}`) : db({ what: 'read', table: t, key: k, when, ty: row });
  }
  return null;
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
    if (!tyEq(termTy(r), ty)) return typeError(cx, p, ty, termTy(r), 'check');
    return r;
  }
  return checkApp(cx, ty, p as Extract<PreProp, { k: 'app' }>);
}

/// Pact's checking of the overloaded arithmetic against an expected type.
function checkApp(cx: Cx, ty: Ty, p: Extract<PreProp, { k: 'app' }>): Prop {
  const { fn, args } = p;
  if (ty === 'string' && fn === '+' && args.length === 2) return op('string', 'concat', args.map((x) => check(cx, 'string', x)));
  if (ty === 'decimal' && ARITH.has(fn) && args.length === 2) {
    // Decimal arithmetic takes a decimal and a decimal or an integer, in either order.
    const xs = args.map((x) => infer(cx, x));
    const tys = xs.map(termTy);
    if (tys.includes('decimal') && tys.every((t) => t === 'decimal' || t === 'integer')) {
      return op('decimal', fn as Op, xs.map((x) => termTy(x) === 'integer' ? widened(op('decimal', 'dec', [x])) : x));
    }
    return failIn(cx, p, `unexpected argument types for (${fn}): ${showTy(tys[0]!)} and ${showTy(tys[1]!)}`);
  }
  if (ty === 'integer' && ARITH.has(fn) && args.length === 2) return op('integer', fn as Op, args.map((x) => check(cx, 'integer', x)));
  if ((ty === 'integer' || ty === 'decimal') && args.length === 1 && (fn === '-' || fn === 'abs')) {
    return op(ty, fn === '-' ? 'neg' : 'abs', [check(cx, ty, args[0]!)]);
  }
  return failIn(cx, p, `type error: expected type ${ty}`);
}

// ---------------------------------------------------------------------------------------------
// Prenex normal form

type Quantifier = Pick<Extract<Prop, { k: 'quantified' }>, 'q' | 'vid' | 'ty'>;

/// Pact's `prenexConvert`: every quantifier floated to the front, in the order met, those under
/// a `not` flipped. (Z3 would take them anywhere; floating them gives Pact's reading of one
/// under a comparison, e.g. `(= (forall ...) false)`.) Quantifiers are only ever booleans, so
/// only operators, lists and projections can hold one.
export function prenex(p: Prop): Prop {
  const qs: Quantifier[] = [];
  const body = float(p, qs, false);
  return qs.reduceRight<Prop>((acc, q) => ({ k: 'quantified', ...q, body: acc }), body);
}

function float(p: Prop, qs: Quantifier[], negated: boolean): Prop {
  switch (p.k) {
    case 'quantified': {
      const q = negated ? (p.q === 'forall' ? 'exists' : 'forall') : p.q;
      qs.push({ q, vid: p.vid, ty: p.ty });
      return float(p.body, qs, negated);
    }
    case 'op': return { ...p, args: p.args.map((a) => float(a, qs, negated !== (p.op === 'not'))) };
    case 'list': return { ...p, items: p.items.map((x) => float(x, qs, negated)) };
    case 'at': return { ...p, obj: float(p.obj, qs, negated) };
    default: return p;
  }
}
