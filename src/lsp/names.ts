/// What every name in a file denotes: its definitions (module members, modules, arguments and
/// bindings) and its occurrences, each tied to a key that every file naming the same thing shares.
/// Globals are taken as the linker resolved them (a module's `resolved` map, or the linker asked
/// at the top level); locals are bound here, by the same forms that bind them in the evaluator.
import type { Exp, Info } from '../syntax/exp.ts';
import type { Arg, BindPair, DefTerm, ModuleTerm, InterfaceTerm, Name, Term, UseTerm } from '../lang/term.ts';
import { ConstRef, Def, ModuleData, NativeRef, SchemaRef, TableRef } from '../lang/runtime.ts';
import type { Val } from '../lang/runtime.ts';
import { ModRef } from '../values/value.ts';
import { showType } from '../values/type.ts';
import type { SchemaDef, Type } from '../values/type.ts';
import type { Extents } from './ranges.ts';

export type DefinitionKind =
  | 'module' | 'interface' | 'defun' | 'defcap' | 'defpact' | 'defconst' | 'defschema' | 'deftable' | 'argument' | 'binding';

/// A place where a name is defined.
export interface Definition {
  /// What it defines: `d:module.member`, `m:module`, or `l:path#offset` for a local.
  readonly key: string;
  readonly name: string;
  readonly kind: DefinitionKind;
  readonly path: string;
  /// The name as written.
  readonly from: number;
  readonly to: number;
  /// The whole form.
  readonly formFrom: number;
  readonly formTo: number;
  /// The module it belongs to (full name), if any.
  readonly module: string | null;
  /// For an argument, the function (or `lambda`) it is an argument of.
  readonly owner: string | null;
  /// How it is declared, on one line: `(defun f:integer (x:integer))`, `x:integer`.
  readonly signature: string;
  readonly docs: string | null;
  /// The text of its `@model [...]`, if any.
  readonly model: string | null;
  /// What the evaluator made of it, when it was built.
  readonly val: Val | ModuleData | null;
}

/// A name used (or defined) at `from..to`.
export interface Occurrence {
  readonly from: number;
  readonly to: number;
  readonly key: string;
}

/// Names bound over a range (a function's arguments, a `let`'s bindings ...).
export interface Scope {
  readonly from: number;
  readonly to: number;
  readonly names: readonly Definition[];
}

/// A module or interface form: where it is, its full name, what it built (null when it failed)
/// and the modules it `use`s.
export interface ModuleForm {
  readonly from: number;
  readonly to: number;
  readonly name: string;
  readonly data: ModuleData | null;
  readonly uses: readonly string[];
}

/// Everything `names.ts` finds in one file.
export class FileNames {
  readonly definitions: Definition[] = [];
  readonly occurrences: Occurrence[] = [];
  readonly scopes: Scope[] = [];
  /// Each module or interface form: where it is and what it built (null when it failed).
  readonly modules: ModuleForm[] = [];
}

/// The key of what a resolved global is, or null for values (a native constant's value).
export function keyOf(v: Val | ModuleData): string | null {
  if (v instanceof Def || v instanceof TableRef) return memberKey(v.module.name, v.name);
  if (v instanceof ConstRef || v instanceof SchemaRef) return memberKey(v.module, v.name);
  if (v instanceof NativeRef) return nativeKey(v.native.name);
  if (v instanceof ModRef) return moduleKey(v.name);
  if (v instanceof ModuleData) return moduleKey(v.name);
  return null;
}

export const memberKey = (module: string, member: string): string => `d:${module}.${member}`;
export const moduleKey = (module: string): string => `m:${module}`;
export const nativeKey = (name: string): string => `n:${name}`;

/// How a walk resolves what it cannot bind itself.
export interface Resolver {
  /// A free name (not a native): what the linker resolved it to, or undefined.
  global(name: Name): Val | undefined;
  /// Is this a native's name (natives come before anything else)?
  native(name: string): boolean;
  /// The full name of the module `mod` or `ns.mod` names from here, or null.
  moduleName(name: string, ns: string | null): string | null;
  /// A built module by full name.
  module(name: string): ModuleData | undefined;
}

interface Local {
  readonly name: string;
  readonly key: string;
}

type ListExp = Extract<Exp, { tag: 'list' }>;

/// Records the names of one file's forms, in order.
export class NameWalker {
  readonly out = new FileNames();
  readonly #path: string;
  readonly #text: string;
  readonly #file: { readonly extents: Extents };

  /// `file.extents` are those of the text's syntax tree (made when first needed).
  constructor(path: string, text: string, file: { readonly extents: Extents }) {
    this.#path = path;
    this.#text = text;
    this.#file = file;
  }

  /// A top-level form other than a module or interface.
  topLevel(term: Term, r: Resolver): void {
    this.#walk(term, [], r, term.info);
  }

  /// A module or interface form: its definitions and every name in its code. `data` is the
  /// module as built (null when it could not be; its members are still defined).
  module(t: ModuleTerm | InterfaceTerm, exp: ListExp, data: ModuleData | null, r: Resolver, fullName: string): void {
    const [from, to] = this.#extent(t.info);
    const uses = t.defs.flatMap((d) => (d.t === 'use' ? [r.moduleName(d.module.name, d.module.ns)] : [])).filter((n) => n !== null);
    this.out.modules.push({ from, to, name: fullName, data, uses });
    const nameExp = exp.items[1]!;
    this.#define({
      key: moduleKey(fullName), name: fullName, kind: t.t, module: null, owner: null, docs: t.meta.docs, model: modelText(t.meta.model),
      signature: `(${t.t} ${fullName}${t.t === 'module' ? ` ${governanceText(t)}` : ''})`, val: data,
    }, nameExp.info, t.info);
    if (t.t === 'module') {
      if ('cap' in t.governance) this.#name(t.governance.info, memberKey(fullName, t.governance.cap));
      for (const i of t.implements) this.#moduleRef(i, r);
    }
    const forms = new Map(exp.items.map((e) => [e.info.offset, e]));
    for (const d of t.defs) {
      const e = forms.get(d.info.offset);
      if (e?.tag === 'list') this.#member(d, e, fullName, data, r);
    }
  }

  /// A top-level `use`.
  use(u: UseTerm, r: Resolver): void {
    this.#moduleRef(u.module, r);
  }

  /// A module name at `info` (`use`, `implements`).
  #moduleRef(n: Name, r: Resolver): void {
    const full = r.moduleName(n.name, n.ns);
    if (full !== null) this.#name(n.info, moduleKey(full));
  }

  #member(d: DefTerm, e: ListExp, module: string, data: ModuleData | null, r: Resolver): void {
    if (d.t === 'use') return this.use(d, r);
    const name = d.t === 'const' ? d.arg.name : d.name;
    const key = memberKey(module, name);
    const val = data?.members.get(name) ?? null;
    this.#define({
      key, name, kind: d.t === 'def' ? d.kind : KINDS[d.t], module, owner: null, docs: d.meta.docs, model: modelText(d.meta.model),
      signature: this.#signature(d, e), val,
    }, e.items[1]!.info, d.info);
    this.#schemaRefs(e, module, data, r);
    const resolver = data === null ? r : { ...r, global: (n: Name) => data.resolved.get(n) };
    switch (d.t) {
      case 'def': {
        const args = this.#bind(d.args, 'argument', this.#extent(d.info), `${module}.${name}`);
        this.#modelNames(d.meta.model, args);
        for (const t of d.body) this.#walk(t, args, resolver, d.info);
        for (const s of d.steps) {
          for (const t of [s.entity, s.exec, s.rollback]) if (t !== null) this.#walk(t, args, resolver, d.info);
        }
        const mgr = d.defcapMeta?.kind === 'managed' ? d.defcapMeta.manager : null;
        if (mgr !== null) this.#global(mgr, resolver);
        return;
      }
      case 'const': return this.#walk(d.value, [], resolver, d.info);
      case 'schema': case 'table': return;
    }
  }

  /// Schema names written in types (`{account}`, `object{m.account}`), which terms keep no
  /// position of.
  #schemaRefs(e: Exp, module: string, data: ModuleData | null, r: Resolver): void {
    if (e.tag !== 'list') return;
    const items = e.items;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (item.tag !== 'list') continue;
      const before = items[i - 1];
      const typed = before !== undefined && (before.tag === 'sep' && before.sep === ':' ||
        before.tag === 'atom' && (before.parts[0] === 'object' || before.parts[0] === 'table'));
      const only = item.delim === '{' && item.items.length === 1 ? item.items[0]! : null;
      if (typed && only?.tag === 'atom') {
        const key = schemaKey(only.parts, module, data, r);
        if (key !== null) this.#name(only.info, key);
      } else this.#schemaRefs(item, module, data, r);
    }
  }

  #signature(d: Exclude<DefTerm, UseTerm>, e: ListExp): string {
    switch (d.t) {
      case 'def': {
        const args = e.items.find((x, i) => i > 1 && x.tag === 'list' && x.delim === '(');
        return `${oneLine(this.#text.slice(e.info.offset, args === undefined ? e.info.offset : this.#end(args.info)))})`;
      }
      case 'schema':
        return `(defschema ${d.name}${d.fields.map((f) => ` ${f.name}:${showType(f.type)}`).join('')})`;
      case 'table':
        return `(deftable ${d.name}:${showType(d.type)})`;
      case 'const': {
        const text = oneLine(this.#text.slice(e.info.offset, this.#end(d.value.info)));
        return text.length > 100 ? `${text.slice(0, 99)}… )` : `${text})`;
      }
    }
  }

  /// Binds a group of names over `scope`; returns them as locals.
  #bind(args: readonly Arg[], kind: DefinitionKind, [from, to]: readonly [number, number], owner: string | null, outer: readonly Local[] = []): Local[] {
    const defs = args.map((a) => this.#define({
      key: `l:${this.#path}#${a.info.offset}`, name: a.name, kind, module: null, owner, docs: null, model: null,
      signature: `${a.name}${a.type.t === 'var' ? '' : `:${showType(a.type)}`}`, val: null,
    }, a.info, a.info));
    this.out.scopes.push({ from, to, names: defs });
    return [...outer, ...defs.map((d) => ({ name: d.name, key: d.key }))];
  }

  #walk(t: Term, locals: readonly Local[], r: Resolver, enclosing: Info): void {
    switch (t.t) {
      case 'lit': return;
      case 'var': {
        if (t.name.module === null) {
          const local = findLocal(locals, t.name.name);
          if (local !== undefined) return this.#name(t.info, local.key);
        }
        return this.#global(t.name, r);
      }
      case 'dyn': {
        const local = findLocal(locals, t.ref);
        if (local !== undefined) this.#nameAt(t.info.offset, t.info.offset + t.ref.length, local.key);
        return;
      }
      case 'list': return t.items.forEach((x) => this.#walk(x, locals, r, enclosing));
      case 'object': return t.pairs.forEach((p) => this.#walk(p[1], locals, r, enclosing));
      case 'app': {
        this.#walk(t.fn, locals, r, t.info);
        for (const a of t.args) this.#walk(a, locals, r, t.info);
        return;
      }
      case 'let': return this.#pairs(t.pairs, t.body, locals, r, t.info, this.#extent(t.info));
      // A binding form's names cover the rest of the application it is in.
      case 'binding': return this.#pairs(t.pairs, t.body, locals, r, enclosing, [t.info.offset, this.#end(enclosing)]);
      case 'lambda': {
        const inner = this.#bind(t.args, 'argument', this.#extent(t.info), 'lambda', locals);
        for (const b of t.body) this.#walk(b, inner, r, t.info);
        return;
      }
      case 'use': return this.use(t, r);
      case 'module': case 'interface': return;
    }
  }

  /// Arguments named in a function's `@model` properties.
  #modelNames(model: readonly Exp[], args: readonly Local[]): void {
    for (const e of model) {
      if (e.tag === 'list') this.#modelNames(e.items, args);
      else if (e.tag === 'atom' && e.parts.length === 1) {
        const local = findLocal(args, e.parts[0]!);
        if (local !== undefined) this.#name(e.info, local.key);
      }
    }
  }

  #pairs(pairs: readonly BindPair[], body: readonly Term[], locals: readonly Local[], r: Resolver, form: Info, scope: readonly [number, number]): void {
    for (const p of pairs) this.#walk(p.value, locals, r, form);
    const inner = this.#bind(pairs.map((p) => p.arg), 'binding', scope, null, locals);
    for (const b of body) this.#walk(b, inner, r, form);
  }

  /// A free name: a native, or what the resolver says; `mod.member` also names the module.
  #global(n: Name, r: Resolver): void {
    if (n.module === null && r.native(n.name)) return this.#name(n.info, nativeKey(n.name));
    const v = r.global(n);
    const key = v === undefined ? null : keyOf(v);
    if (key === null) return;
    const end = this.#file.extents.tokenEnd(n.info.offset);
    if (n.module === null || key.startsWith('m:')) return this.#nameAt(n.info.offset, end, key);
    this.#nameAt(end - n.name.length, end, key);
    const module = v instanceof Def || v instanceof TableRef ? v.module.name : (v as ConstRef | SchemaRef).module;
    this.#nameAt(n.info.offset, end - n.name.length - 1, moduleKey(module));
  }

  #name(info: Info, key: string): void {
    this.#nameAt(info.offset, this.#file.extents.tokenEnd(info.offset), key);
  }

  #nameAt(from: number, to: number, key: string): void {
    if (to > from) this.out.occurrences.push({ from, to, key });
  }

  #define(d: Omit<Definition, 'path' | 'from' | 'to' | 'formFrom' | 'formTo'>, name: Info, form: Info): Definition {
    const [formFrom, formTo] = this.#extent(form);
    const def: Definition = { ...d, path: this.#path, from: name.offset, to: this.#file.extents.tokenEnd(name.offset), formFrom, formTo };
    this.out.definitions.push(def);
    this.#nameAt(def.from, def.to, def.key);
    return def;
  }

  /// A span without the whitespace and comments after it.
  #extent(info: Info): [number, number] {
    return [info.offset, this.#end(info)];
  }

  #end(info: Info): number {
    const end = this.#file.extents.end(info.offset);
    return end > info.offset ? end : info.offset + info.length;
  }
}

const KINDS = { const: 'defconst', schema: 'defschema', table: 'deftable' } as const;

function findLocal(locals: readonly Local[], name: string): Local | undefined {
  for (let i = locals.length - 1; i >= 0; i--) if (locals[i]!.name === name) return locals[i];
  return undefined;
}

/// A schema named in a type, from module code: a member of the module, of a module it uses, or
/// `mod.schema`.
function schemaKey(parts: readonly string[], module: string, data: ModuleData | null, r: Resolver): string | null {
  const name = parts[parts.length - 1]!;
  if (parts.length === 1) {
    if (data === null || data.members.get(name) instanceof SchemaRef) return memberKey(module, name);
    for (const t of data.resolvedTypes.values()) {
      const s = schemaOf(t);
      if (s?.name === name && s.module !== undefined) return memberKey(s.module, name);
    }
    return null;
  }
  const full = r.moduleName(parts[parts.length - 2]!, parts.length > 2 ? parts[0]! : null);
  return full === null ? null : memberKey(full, name);
}

/// The schema a resolved type is or holds (`{s}`, `object{s}`, `[object{s}]`).
function schemaOf(t: Type): SchemaDef | null {
  if (t.t === 'user') return t.schema;
  if (t.t === 'schema' || t.t === 'list') return schemaOf(t.t === 'list' ? t.elem : t.schema);
  return null;
}

function governanceText(t: ModuleTerm): string {
  return 'keyset' in t.governance ? `'${t.governance.keyset}` : t.governance.cap;
}

function modelText(model: readonly Exp[]): string | null {
  if (model.length === 0) return null;
  return `[${model.map((e) => oneLine(e.info.source.slice(e.info.offset, e.info.offset + e.info.length))).join(' ')}]`;
}

/// Code on one line: runs of whitespace and comments outside strings become one space.
export function oneLine(code: string): string {
  return code.replace(/"(?:[^"\\]|\\.)*"|(?:\s|;[^\n]*)+/g, (m) => (m.startsWith('"') ? m : ' ')).trim();
}
