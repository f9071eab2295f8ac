/// Pact's types, as far as the runtime needs them: argument checks, `typeof`, and the text of
/// signatures and messages. Printing follows Pact's `Pretty (Type o)` instance.
import { cat, encloseSep, renderCompact } from './doc.ts';
import type { Doc } from './doc.ts';

export type PrimName = 'integer' | 'decimal' | 'time' | 'bool' | 'string' | 'keyset' | 'guard';
export type SchemaKind = 'object' | 'table' | 'binding';

/// A schema's fields as a type sees them (name and field type, in declaration order).
export interface SchemaDef {
  readonly name: string;
  /// The module that defines it (none for the natives' own schemas).
  readonly module?: string;
  readonly fields: ReadonlyArray<{ readonly name: string; readonly type: Type }>;
}

/// A function's signature: named arguments and a return type (Pact's `FunType`). Natives have one
/// per overload (see ../natives/signatures.ts).
export interface FunType {
  readonly args: ReadonlyArray<{ readonly name: string; readonly type: Type }>;
  readonly ret: Type;
}

export type Type =
  | { readonly t: 'any' }
  | { readonly t: 'prim'; readonly name: PrimName }
  | { readonly t: 'list'; readonly elem: Type }
  /// `object:{s}`, `table:{s}`, `binding:{s}`; `schema` is a user type, a schema variable or `any`.
  /// `partial`: `null` = full, `'any'` = any subset (`~`), else the named subset (`~[a,b]`).
  | { readonly t: 'schema'; readonly kind: SchemaKind; readonly schema: Type; readonly partial: null | 'any' | readonly string[] }
  /// `<a>` or `<a[integer,decimal]>` (constrained), or a schema variable `<{o}>`.
  | { readonly t: 'var'; readonly name: string; readonly constraint: readonly Type[]; readonly schemaVar: boolean }
  | { readonly t: 'user'; readonly schema: SchemaDef }
  | ({ readonly t: 'fun' } & FunType)
  /// `module{i1,i2}` for a module reference; `ifaces` = null for an interface reference (`module`).
  | { readonly t: 'module'; readonly ifaces: readonly string[] | null };

export const tyAny: Type = { t: 'any' };
export const tyInteger: Type = { t: 'prim', name: 'integer' };
export const tyDecimal: Type = { t: 'prim', name: 'decimal' };
export const tyString: Type = { t: 'prim', name: 'string' };
export const tyBool: Type = { t: 'prim', name: 'bool' };
export const tyTime: Type = { t: 'prim', name: 'time' };
export const tyKeySet: Type = { t: 'prim', name: 'keyset' };
export const tyGuard: Type = { t: 'prim', name: 'guard' };
export const tyObjectAny: Type = { t: 'schema', kind: 'object', schema: tyAny, partial: null };

export function tyList(elem: Type): Type {
  return { t: 'list', elem };
}

export function tyVar(name: string, constraint: readonly Type[] = []): Type {
  return { t: 'var', name, constraint, schemaVar: false };
}

/// `user` prints a schema named in the type (Pact prints a resolved one as `{name}`).
export function showType(ty: Type, user: (schema: SchemaDef) => string = braced): string {
  return renderCompact(typeDoc(ty, user));
}

/// A type laid out as Pact's `Pretty` instance does: a list of constraints or of interfaces is
/// a group that breaks before each comma when it does not fit the line (only a native's help,
/// printed 80 columns wide, is ever that long).
export function typeDoc(ty: Type, user: (schema: SchemaDef) => string = braced): Doc {
  switch (ty.t) {
    case 'any': return '*';
    case 'prim': return ty.name;
    case 'list': return cat('[', typeDoc(ty.elem, user), ']');
    case 'schema': return cat(ty.kind, ':', showPartial(ty.partial), typeDoc(ty.schema, user));
    case 'var':
      if (ty.schemaVar) return `<{${ty.name}}>`;
      if (ty.constraint.length === 0) return `<${ty.name}>`;
      return cat('<', ty.name, encloseSep('[', ']', ',', ty.constraint.map((c) => typeDoc(c, user))), '>');
    case 'user': return user(ty.schema);
    case 'fun': return funTypeDoc(ty, user);
    case 'module': return ty.ifaces === null ? 'module' : cat('module', encloseSep('{', '}', ',', ty.ifaces));
  }
}

function braced(schema: SchemaDef): string {
  return `{${schema.name}}`;
}

function showPartial(p: null | 'any' | readonly string[]): string {
  if (p === null) return '';
  if (p === 'any') return '~';
  return `~[${[...p].sort().join(',')}]`;
}

/// `a:integer b:string -> bool`, as Pact prints a function signature (`hsep args <+> "->" <+> ret`,
/// so a nullary one starts with a space: ` -> string`). A function-typed argument prints its own
/// signature after the colon: `app:x:<b> -> <a>`.
export function showNativeFunType(ft: FunType, user: (schema: SchemaDef) => string = braced): string {
  return renderCompact(funTypeDoc(ft, user));
}

export function funTypeDoc(ft: FunType, user: (schema: SchemaDef) => string = braced): Doc {
  const parts: Doc[] = [];
  ft.args.forEach((a, i) => parts.push(i === 0 ? '' : ' ', a.name, ':', typeDoc(a.type, user)));
  parts.push(' -> ', typeDoc(ft.ret, user));
  return cat(...parts);
}
