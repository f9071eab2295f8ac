/// Runtime type checks of arguments, let bindings and return values, and `typeof`.
/// Follows Pact's runtime checker: concrete specs must unify with the value's type; lists and
/// objects are checked element by element when their recorded type does not already match;
/// a type variable must be given the same type everywhere in one call.
import type { Info } from '../syntax/exp.ts';
import { Decimal } from '../values/decimal.ts';
import { showType, tyAny, tyBool, tyDecimal, tyGuard, tyInteger, tyKeySet, tyString, tyTime } from '../values/type.ts';
import type { SchemaDef, Type } from '../values/type.ts';
import { KeySet, ModRef, PactTime, PList, PObject, isData, isGuard } from '../values/value.ts';
import { evalError } from './errors.ts';
import { Closure, ConstRef, Def, NativeRef, Partial, SchemaRef, TableRef } from './runtime.ts';
import type { RArg, Val } from './runtime.ts';

/// The type of a value, or a word for things that have none (Pact's `typeof` `Left`).
export function typeOfVal(v: Val): Type | string {
  switch (typeof v) {
    case 'bigint': return tyInteger;
    case 'string': return tyString;
    case 'boolean': return tyBool;
  }
  if (v instanceof Decimal) return tyDecimal;
  if (v instanceof PList) return { t: 'list', elem: v.elemType };
  if (v instanceof PObject) return { t: 'schema', kind: 'object', schema: v.schema ?? tyAny, partial: null };
  if (v instanceof PactTime) return tyTime;
  if (v instanceof KeySet) return tyKeySet;
  if (isGuard(v)) return tyGuard;
  if (v instanceof ModRef) return { t: 'module', ifaces: v.ifaces };
  if (v instanceof Def) return { t: 'fun', args: v.args, ret: v.ret };
  if (v instanceof Closure) return { t: 'fun', args: v.args, ret: v.ret };
  if (v instanceof TableRef) return { t: 'schema', kind: 'table', schema: v.type, partial: null };
  if (v instanceof SchemaRef) return `defobject:${v.name}`;
  if (v instanceof ConstRef) return `const:${v.name}`;
  if (v instanceof NativeRef) return 'defun';
  if (v instanceof Partial) return 'app';
  return 'unknown';
}

/// `typeof` text: the printed type, or the word for untyped things.
export function typeName(v: Val): string {
  const t = typeOfVal(v);
  return typeof t === 'string' ? t : showType(t);
}

function typeEq(a: Type, b: Type): boolean {
  if (a === b) return true;
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'any': return true;
    case 'prim': return a.name === (b as typeof a).name;
    case 'list': return typeEq(a.elem, (b as typeof a).elem);
    case 'schema': {
      const s = b as typeof a;
      return a.kind === s.kind && typeEq(a.schema, s.schema) && partialKey(a.partial) === partialKey(s.partial);
    }
    case 'var': return a.name === (b as typeof a).name && a.schemaVar === (b as typeof a).schemaVar;
    case 'user': return a.schema.name === (b as typeof a).schema.name;
    case 'module': return (a.ifaces ?? []).join() === ((b as typeof a).ifaces ?? []).join() && (a.ifaces === null) === ((b as typeof a).ifaces === null);
    case 'fun': return showType(a) === showType(b);
  }
}

function partialKey(p: null | 'any' | readonly string[]): string {
  return p === null ? '' : p === 'any' ? '~' : p.join(',');
}

/// Pact's `unifiesWith`: can a value of type `b` stand where `a` is specified?
function unifiesWith(a: Type, b: Type): boolean {
  if (typeEq(a, b)) return true;
  if (a.t === 'any') return true;
  if (b.t === 'any') return false;
  if (a.t === 'var') {
    if (a.schemaVar) return b.t === 'user' || (b.t === 'var' && b.schemaVar);
    if (b.t === 'var' && !b.schemaVar) return b.constraint.every((x) => a.constraint.some((y) => typeEq(x, y)));
    return a.constraint.length === 0 || a.constraint.some((c) => typeEq(c, b));
  }
  if (a.t === 'list' && b.t === 'list') return unifiesWith(a.elem, b.elem);
  if (a.t === 'schema' && b.t === 'schema') return unifiesWith(a.schema, b.schema) && isSubPartial(b.partial, a.partial);
  if (a.t === 'prim' && b.t === 'prim') {
    // `guard` and `keyset` unify; two different specific guard kinds do not.
    const g = (n: string) => n === 'guard' || n === 'keyset';
    return g(a.name) && g(b.name) && (a.name === 'guard' || b.name === 'guard');
  }
  if (a.t === 'module' && b.t === 'module') {
    if (a.ifaces === null || b.ifaces === null) return a.ifaces === b.ifaces;
    return a.ifaces.every((i) => b.ifaces!.includes(i));
  }
  return false;
}

function isSubPartial(a: null | 'any' | readonly string[], b: null | 'any' | readonly string[]): boolean {
  if (b === null) return true;
  if (a === null) return false;
  if (a === 'any') return true;
  if (b === 'any') return false;
  return a.every((k) => b.includes(k));
}

function typeFailed(info: Info | null, spec: Type, found: Type): never {
  throw evalError(info, `Type error: expected ${showType(spec)}, found ${showType(found)}`);
}

/// The type of a value, or Pact's error for one that has none (a native is a `defun`).
export function getType(info: Info | null, v: Val): Type {
  const t = typeOfVal(v);
  if (typeof t === 'string') throw evalError(info, `Invalid type in value location: ${t}`);
  return t;
}

// How a value is checked against a type without building the value's type (`quickOk`): any
// value, one kind of value, any data (an unconstrained variable no other argument shares), or
// not quickly (FULL: the full check decides).
const ANY = 0;
const INTEGER = 1;
const STRING = 2;
const BOOL = 3;
const DECIMAL = 4;
const TIME = 5;
const OBJECT = 6;
const LIST = 7;
const DATA = 8;
const FULL = 9;

/// The quick check of a type: a primitive, or an object or list whose spec says nothing about
/// its contents.
function quickCheck(spec: Type): number {
  switch (spec.t) {
    case 'prim':
      switch (spec.name) {
        case 'integer': return INTEGER;
        case 'string': return STRING;
        case 'bool': return BOOL;
        case 'decimal': return DECIMAL;
        case 'time': return TIME;
        default: return FULL;
      }
    case 'schema': return spec.kind === 'object' && spec.schema.t === 'any' && spec.partial === null ? OBJECT : FULL;
    case 'list': return spec.elem.t === 'any' ? LIST : FULL;
    default: return FULL;
  }
}

function quickOk(check: number, v: Val): boolean {
  switch (check) {
    case ANY: return true;
    case INTEGER: return typeof v === 'bigint';
    case STRING: return typeof v === 'string';
    case BOOL: return typeof v === 'boolean';
    case DECIMAL: return v instanceof Decimal;
    case TIME: return v instanceof PactTime;
    case OBJECT: return v instanceof PObject;
    case LIST: return v instanceof PList;
    case DATA: return isData(v);
    default: return false;
  }
}

/// The common cases decided without building the value's type.
function plainlyOk(spec: Type, v: Val): boolean {
  return quickOk(quickCheck(spec), v);
}

/// The quick checks of an argument list, made once per definition or lambda (see
/// `checkArgsQuickly`). A plain array: reading a typed array's elements on every call (its
/// length and detachment checked) measured slower.
export function argChecks(args: readonly RArg[]): number[] {
  return args.map((_, i) => argCheck(args, i));
}

/// The quick check of argument `i`: any value when untyped, any data for a variable no other
/// argument shares (nothing to unify), else its type's.
function argCheck(args: readonly RArg[], i: number): number {
  const t = args[i]!.type;
  return t.t === 'any' ? ANY : freeVariable(args, i) ? DATA : quickCheck(t);
}

/// `checkArgs` for a call whose arguments pass their quick checks without the per-call work of
/// finding them (the common call); any other goes through the full check.
export function checkArgsQuickly(args: readonly RArg[], checks: readonly number[], vals: readonly Val[]): void {
  for (let i = 0; i < checks.length; i++) {
    if (!quickOk(checks[i]!, vals[i]!)) {
      checkArgs(args, vals);
      return;
    }
  }
}

/// Does `v` pass as a value of type `spec` that binds nothing shared (a function's result, a
/// binding's column) without a full check?
export function resultOk(spec: Type, v: Val): boolean {
  return quickOk(resultCheck(spec, false), v);
}

/// The quick check of a value that binds nothing shared: an untyped one (a fresh variable
/// without constraints) takes any data, and nothing it binds is used, so a result known to be
/// data (`alwaysData`, see Node.data) needs none. Made once per definition or lambda for its
/// result (`resultPasses`).
export function resultCheck(spec: Type, alwaysData: boolean): number {
  return spec.t === 'any' ? ANY : unconstrained(spec) ? (alwaysData ? ANY : DATA) : quickCheck(spec);
}

/// Does a value passing this argument check (quickly or fully) always hold plain data? The
/// checks of a data type do: neither the quick nor the full check passes anything else.
export function checkedData(check: number): boolean {
  return check !== ANY && check !== DATA && check !== FULL;
}

/// Does `v` pass a check made by `resultCheck`?
export function resultPasses(check: number, v: Val): boolean {
  return quickOk(check, v);
}

/// A type variable without constraints: any data is one.
function unconstrained(t: Type): t is Extract<Type, { t: 'var' }> {
  return t.t === 'var' && !t.schemaVar && t.constraint.length === 0;
}

/// Checks `v` against `spec`; returns the type bound to a type variable, if `spec` is one.
export function checkType(info: Info | null, spec: Type, v: Val): Type | null {
  if (spec.t === 'any' || plainlyOk(spec, v)) return null;
  const ty = getType(info, v);
  if (typeEq(spec, ty)) return null;
  if (spec.t === 'var') {
    if (unifiesWith(spec, ty)) return ty;
    typeFailed(info, spec, ty);
  }
  if (spec.t === 'list' && ty.t === 'list' && v instanceof PList) {
    if (spec.elem.t === 'any' || unifiesWith(spec.elem, ty.elem)) return null;
    for (const item of v.items) checkType(info, spec.elem, item);
    return null;
  }
  if (spec.t === 'schema' && spec.kind === 'object' && ty.t === 'schema' && ty.kind === 'object' && v instanceof PObject) {
    if (spec.schema.t === 'any' || unifiesWith(spec.schema, ty.schema)) return null;
    const checked = checkObject(info, spec, v);
    if (unifiesWith(spec, checked)) return null;
    typeFailed(info, spec.schema, checked);
  }
  if (unifiesWith(spec, ty)) return null;
  typeFailed(info, spec, ty);
}

/// Is argument `i`'s type a variable without constraints that no other argument names?
function freeVariable(args: readonly RArg[], i: number): boolean {
  const t = args[i]!.type;
  if (!unconstrained(t)) return false;
  for (let j = 0; j < args.length; j++) {
    const u = args[j]!.type;
    if (j !== i && u.t === 'var' && u.name === t.name) return false;
  }
  return true;
}

/// Checks an object's fields against a schema (`Invalid field`, `Missing fields`, field types);
/// the object's type is the spec itself. Every row written is checked, so the common case
/// (plain fields, none missing) allocates nothing.
export function checkObject(info: Info | null, spec: Extract<Type, { t: 'schema' }>, o: PObject): Type {
  const schemaTy = spec.schema;
  if (schemaTy.t !== 'user') throw evalError(info, `Invalid reference in user type: ${showType(schemaTy)}`);
  const fields = schemaTy.schema.fields;
  // Only fields that plainlyOk cannot pass are checked together (as checkArgs would skip the rest).
  let fieldArgs: RArg[] | null = null;
  let vals: Val[] | null = null;
  for (const k of o.fields.keys()) {
    const f = schemaField(fields, k);
    if (f === undefined) throw evalError(info, `Invalid field for {${schemaTy.schema.name}}: ${k}`);
    const v = o.fields.get(k)!;
    if (plainlyOk(f.type, v)) continue;
    (fieldArgs ??= []).push({ name: f.name, type: f.type, info: info! });
    (vals ??= []).push(v);
  }
  const partial = spec.partial;
  let missing: Array<SchemaDef['fields'][number]> | null = null;
  if (partial !== 'any') {
    for (const f of fields) if ((partial === null || partial.includes(f.name)) && !o.fields.has(f.name)) (missing ??= []).push(f);
  }
  if (missing !== null) {
    const sorted = [...missing].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    throw evalError(info, `Missing fields for {${schemaTy.schema.name}}: [${sorted.map((f) => `${f.name}:${showType(f.type)}`).join(', ')}]`);
  }
  if (fieldArgs !== null) checkArgs(fieldArgs, vals!);
  return spec;
}

/// The schema's field of that name (a loop: no closure per lookup).
function schemaField<F extends { readonly name: string }>(fields: readonly F[], name: string): F | undefined {
  for (let i = 0; i < fields.length; i++) if (fields[i]!.name === name) return fields[i];
  return undefined;
}

/// Checks each value against its declared argument type; a type variable must get one type.
export function checkArgs(args: readonly RArg[], vals: readonly Val[]): void {
  let bound: Map<string, Type> | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const v = vals[i]!;
    // Passing its quick check (an untyped argument, a primitive or unparameterised spec met as
    // it says, any data for a variable no other argument shares) binds nothing: decided
    // without building the value's type.
    if (quickOk(argCheck(args, i), v)) continue;
    const found = checkType(arg.info, arg.type, v);
    if (found === null || arg.type.t !== 'var') continue;
    bound ??= new Map();
    const prev = bound.get(arg.type.name);
    if (prev === undefined) bound.set(arg.type.name, found);
    else if (!typeEq(prev, found)) {
      throw evalError(arg.info, `Type error: values for variable ${showType(arg.type)} do not match: (${showType(prev)}, ${showType(found)})`);
    }
  }
}
