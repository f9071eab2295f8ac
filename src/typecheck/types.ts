/// The checker's view of Pact types: Haskell's derived equality and order on `Type UserType`,
/// Pact's `unifyTypes`, and the two ways Pact prints a type in checker messages (its `Pretty`
/// instance and GHC's derived `Show`).
import { showString } from '../values/haskell-show.ts';
import { compareCodePoints } from '../values/text.ts';
import { showNativeFunType, showType } from '../values/type.ts';
import type { FunType, SchemaDef, Type } from '../values/type.ts';

export type SchemaPartial = null | 'any' | readonly string[];
export type VarType = Extract<Type, { t: 'var' }>;
export type SchemaType = Extract<Type, { t: 'schema' }>;

export const TY_ANY: Type = { t: 'any' };

export function tyVarNamed(name: string, constraint: readonly Type[] = []): VarType {
  return { t: 'var', name, constraint, schemaVar: false };
}

/// A map keyed by type variables. Pact's `Eq (TypeVar v)` compares names only (never
/// constraints), and a type variable never equals a schema variable of the same name.
export class VarMap<T> {
  private readonly typeVars = new Map<string, T>();
  private readonly schemaVars = new Map<string, T>();
  private of(v: VarType): Map<string, T> {
    return v.schemaVar ? this.schemaVars : this.typeVars;
  }
  get(v: VarType): T | undefined {
    return this.of(v).get(v.name);
  }
  has(v: VarType): boolean {
    return this.of(v).has(v.name);
  }
  set(v: VarType, x: T): void {
    this.of(v).set(v.name, x);
  }
  delete(v: VarType): void {
    this.of(v).delete(v.name);
  }
}

export function sameVar(a: VarType, b: VarType): boolean {
  return a.name === b.name && a.schemaVar === b.schemaVar;
}

export function isUnresolved(t: Type): boolean {
  switch (t.t) {
    case 'var': return true;
    case 'schema': return isUnresolved(t.schema);
    case 'list': return isUnresolved(t.elem);
    default: return false;
  }
}

export function isConcrete(t: Type): boolean {
  return t.t !== 'any' && t.t !== 'var';
}

// ---------------------------------------------------------------------------------------------
// Derived Eq and Ord

function partialEq(a: SchemaPartial, b: SchemaPartial): boolean {
  if (a === null || b === null || a === 'any' || b === 'any') return a === b;
  return a.length === b.length && a.every((k) => b.includes(k));
}

function userEq(a: SchemaDef, b: SchemaDef): boolean {
  return a === b || (a.name === b.name && (a.module ?? null) === (b.module ?? null));
}

export function tyEq(a: Type, b: Type): boolean {
  if (a === b) return true;
  switch (a.t) {
    case 'any': return b.t === 'any';
    case 'prim': return b.t === 'prim' && a.name === b.name;
    case 'list': return b.t === 'list' && tyEq(a.elem, b.elem);
    case 'schema': return b.t === 'schema' && a.kind === b.kind && tyEq(a.schema, b.schema) && partialEq(a.partial, b.partial);
    case 'var': return b.t === 'var' && a.schemaVar === b.schemaVar && a.name === b.name;
    case 'user': return b.t === 'user' && userEq(a.schema, b.schema);
    case 'fun':
      return b.t === 'fun' && a.args.length === b.args.length && tyEq(a.ret, b.ret) &&
        a.args.every((x, i) => x.name === b.args[i]!.name && tyEq(x.type, b.args[i]!.type));
    case 'module':
      if (b.t !== 'module') return false;
      if (a.ifaces === null || b.ifaces === null) return a.ifaces === b.ifaces;
      return a.ifaces.length === b.ifaces.length && a.ifaces.every((x, i) => x === b.ifaces![i]);
  }
}

const TAG_ORDER = { any: 0, var: 1, prim: 2, list: 3, schema: 4, fun: 5, user: 6, module: 7 } as const;
// PrimType's constructors in order; `guard` is `TyGuard Nothing`, `keyset` `TyGuard (Just GTyKeySet)`.
const PRIM_ORDER: Readonly<Record<string, number>> = { integer: 0, decimal: 1, time: 2, bool: 3, string: 4, guard: 5, keyset: 6 };
const KIND_ORDER = { table: 0, object: 1, binding: 2 } as const;

function compareLists<T>(a: readonly T[], b: readonly T[], cmp: (x: T, y: T) => number): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = cmp(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function partialRank(p: SchemaPartial): number {
  return p === null ? 0 : p === 'any' ? 2 : 1;
}

function comparePartial(a: SchemaPartial, b: SchemaPartial): number {
  const r = partialRank(a) - partialRank(b);
  if (r !== 0 || a === null || a === 'any') return r;
  return compareLists([...a].sort(compareCodePoints), [...(b as readonly string[])].sort(compareCodePoints), compareCodePoints);
}

/// GHC's derived `compare` on `Type UserType` (type variables by kind, then name).
export function compareTy(a: Type, b: Type): number {
  const tags = TAG_ORDER[a.t] - TAG_ORDER[b.t];
  if (tags !== 0) return tags;
  switch (a.t) {
    case 'any': return 0;
    case 'prim': return PRIM_ORDER[a.name]! - PRIM_ORDER[(b as typeof a).name]!;
    case 'list': return compareTy(a.elem, (b as typeof a).elem);
    case 'schema': {
      const s = b as typeof a;
      return KIND_ORDER[a.kind] - KIND_ORDER[s.kind] || compareTy(a.schema, s.schema) || comparePartial(a.partial, s.partial);
    }
    case 'var': {
      const v = b as typeof a;
      return Number(a.schemaVar) - Number(v.schemaVar) || compareCodePoints(a.name, v.name);
    }
    case 'user': {
      const u = b as typeof a;
      return compareCodePoints(a.schema.name, u.schema.name) || compareCodePoints(a.schema.module ?? '', u.schema.module ?? '');
    }
    case 'fun': {
      const f = b as typeof a;
      return compareLists(a.args, f.args, (x, y) => compareCodePoints(x.name, y.name) || compareTy(x.type, y.type)) || compareTy(a.ret, f.ret);
    }
    case 'module': {
      const m = b as typeof a;
      if (a.ifaces === null || m.ifaces === null) return Number(a.ifaces !== null) - Number(m.ifaces !== null);
      return compareLists(a.ifaces, m.ifaces, compareCodePoints);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Unification

/// Which side of a unification was the more specialised: `left` keeps the first type.
export interface Unified {
  readonly left: boolean;
  readonly ty: Type;
}

const L = (ty: Type): Unified => ({ left: true, ty });
const R = (ty: Type): Unified => ({ left: false, ty });

/// Pact's `unifyTypes`: null when the types cannot unify.
export function unifyTypes(l: Type, r: Type): Unified | null {
  if (tyEq(l, r)) return R(r);
  if (l.t === 'any') return R(r);
  if (r.t === 'any') return L(l);
  if (isGuard(l) && isGuard(r)) {
    // A specific guard type beats `guard`; anything else keeps the right one.
    return l.name === 'keyset' && r.name === 'guard' ? L(l) : R(r);
  }
  if (l.t === 'var') return unifyVar(true, l, r);
  if (r.t === 'var') return unifyVar(false, r, l);
  if (l.t === 'list' && r.t === 'list') return unifyParam(unifyTypes(l.elem, r.elem), () => l, () => r);
  if (l.t === 'schema' && r.t === 'schema' && l.kind === r.kind) {
    const spec = (u: SchemaType) => specializePartial(l.partial, r.partial, u);
    return unifyParam(unifyTypes(l.schema, r.schema), () => spec(l), () => spec(r));
  }
  if (l.t === 'module' && r.t === 'module') {
    if (l.ifaces === null || r.ifaces === null) return null;
    if (l.ifaces.every((x) => r.ifaces!.includes(x))) return L(l);
    if (r.ifaces.every((x) => l.ifaces!.includes(x))) return R(r);
    return null;
  }
  return null;
}

function isGuard(t: Type): t is Extract<Type, { t: 'prim' }> {
  return t.t === 'prim' && (t.name === 'guard' || t.name === 'keyset');
}

/// The parent type on the side the parameters' unification chose (Pact does not specialise the
/// parameter itself).
function unifyParam(inner: Unified | null, left: () => Type | null, right: () => Type | null): Unified | null {
  if (inner === null) return null;
  const t = inner.left ? left() : right();
  return t === null ? null : { left: inner.left, ty: t };
}

function isSubset(a: readonly string[], b: readonly string[]): boolean {
  return a.every((k) => b.includes(k));
}

function specializePartial(spa: SchemaPartial, spb: SchemaPartial, u: SchemaType): Type | null {
  const set = (p: SchemaPartial): Type => ({ ...u, partial: p });
  if (spa === null) return spb === null ? u : set(spb);
  if (spb === null) return set(spa);
  if (spa === 'any') return spb === 'any' ? u : set(spb);
  if (spb === 'any') return set(spa);
  if (partialEq(spa, spb)) return u;
  if (isSubset(spb, spa)) return set(spb);
  if (isSubset(spa, spb)) return set(spa);
  return null;
}

/// `v` is the variable; `varLeft` tells whether it was the left type.
function unifyVar(varLeft: boolean, v: VarType, s: Type): Unified | null {
  const vWrap = varLeft ? L : R;
  const sWrap = varLeft ? R : L;
  if (v.schemaVar) return s.t === 'user' || (s.t === 'var' && s.schemaVar) ? sWrap(s) : null;
  if (s.t === 'var' && s.schemaVar) return null;
  if (s.t === 'user') return null;
  if (s.t === 'var') {
    const u = unifyConstraints(v.constraint, s.constraint);
    if (u === null) return null;
    return u.left ? vWrap({ ...v, constraint: u.cs }) : sWrap({ ...s, constraint: u.cs });
  }
  return checkConstraints(s, v.constraint) ? sWrap(s) : null;
}

export function checkConstraints(ty: Type, constraints: readonly Type[]): boolean {
  return constraints.length === 0 || constraints.some((c) => unifyTypes(ty, c) !== null);
}

function elemTy(t: Type, ts: readonly Type[]): boolean {
  return ts.some((x) => tyEq(x, t));
}

function unifyConstraints(ac: readonly Type[], bc: readonly Type[]): { left: boolean; cs: readonly Type[] } | null {
  if (ac.length === 0) return { left: false, cs: bc };
  if (bc.length === 0) return { left: true, cs: ac };
  if (bc.every((b) => elemTy(b, ac))) return { left: false, cs: bc };
  if (ac.every((a) => elemTy(a, bc))) return { left: true, cs: ac };
  const both = ac.filter((a) => elemTy(a, bc));
  return both.length === 0 ? null : { left: true, cs: both };
}

// ---------------------------------------------------------------------------------------------
// Printing

/// Pact's `Pretty (Type UserType)`: the runtime's printing, but a schema shows as `{module.name}`.
export function prettyType(t: Type): string {
  return showType(t, prettyUser);
}

export function prettyFunType(f: FunType): string {
  return showNativeFunType(f, prettyUser);
}

function prettyUser(s: SchemaDef): string {
  return `{${s.module ?? ''}.${s.name}}`;
}

/// `[a, b]`, as Pact's `Pretty` prints a list.
export function prettyList(items: readonly string[]): string {
  return `[${items.join(', ')}]`;
}

/// `(a, b)`, as Pact's `Pretty` prints a tuple.
export function prettyTuple(items: readonly string[]): string {
  return `(${items.join(', ')})`;
}

const PRIM_SHOW: Readonly<Record<string, string>> = {
  integer: 'TyInteger', decimal: 'TyDecimal', time: 'TyTime', bool: 'TyBool', string: 'TyString',
  guard: '(TyGuard Nothing)', keyset: '(TyGuard (Just GTyKeySet))',
};
const KIND_SHOW = { table: 'TyTable', object: 'TyObject', binding: 'TyBinding' } as const;

function showPartialHs(p: SchemaPartial): string {
  if (p === null) return 'FullSchema';
  if (p === 'any') return 'AnySubschema';
  return `PartialSchema (fromList [${[...p].sort(compareCodePoints).map(showString).join(',')}])`;
}

export function showTypeVarHs(t: VarType): string {
  if (t.schemaVar) return `SchemaVar {_tvName = ${showString(t.name)}}`;
  return `TypeVar {_tvName = ${showString(t.name)}, _tvConstraint = [${t.constraint.map((c) => showTypeHs(c)).join(',')}]}`;
}

/// GHC's derived `Show` of a type (Pact puts it in `Unable to resolve type (...)`).
export function showTypeHs(t: Type, prec = 0): string {
  const paren = (s: string) => (prec >= 11 ? `(${s})` : s);
  switch (t.t) {
    case 'any': return 'TyAny';
    case 'prim': return paren(`TyPrim ${PRIM_SHOW[t.name]}`);
    case 'var': return paren(`TyVar {_tyVar = ${showTypeVarHs(t)}}`);
    case 'list': return paren(`TyList {_tyListType = ${showTypeHs(t.elem)}}`);
    case 'schema':
      return paren(`TySchema {_tySchema = ${KIND_SHOW[t.kind]}, _tySchemaType = ${showTypeHs(t.schema)}, _tySchemaPartial = ${showPartialHs(t.partial)}}`);
    case 'user': return paren(`TyUser {_tyUser = {${t.schema.module === undefined ? '' : `${t.schema.module}.`}${t.schema.name}}}`);
    case 'fun': return paren(`TyFun {_tyFunType = ${showFunTypeHs(t)}}`);
    case 'module':
      return paren(`TyModule {_tyModuleSpec = ${t.ifaces === null ? 'Nothing' : `Just [${t.ifaces.join(',')}]`}}`);
  }
}

/// GHC's derived `Show` of a `FunType`. Arguments show their info as nothing: GHC's Show of
/// `Info Nothing`, which is what natives' signatures carry.
export function showFunTypeHs(f: FunType): string {
  const args = f.args.map((a) => `Arg {_aName = ${showString(a.name)}, _aType = ${showTypeHs(a.type)}, _aInfo = }`);
  return `FunType {_ftArgs = [${args.join(',')}], _ftReturn = ${showTypeHs(f.ret)}}`;
}
