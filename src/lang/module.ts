/// Installing modules and interfaces, and `use`: definitions are created, linked against each
/// other and their imports (resolving names once), checked, and written to the module table.
import type { Info } from '../syntax/exp.ts';
import { hashText } from '../values/hash.ts';
import { showType } from '../values/type.ts';
import type { Type } from '../values/type.ts';
import type { Ctx } from './context.ts';
import { evalError } from './errors.ts';
import { enforceKeySetName, acquireModuleAdmin } from './guards.ts';
import { Linker, noteReference } from './link.ts';
import { enforceAcyclic } from './acyclic.ts';
import { cycleTermText } from './show.ts';
import { enforceNamespaceInstall, enforceRootPolicy } from './namespaces.ts';
import type { Linked, ModuleScope } from './link.ts';
import { ConstRef, Def, ModuleData, SchemaRef, TableRef, emptyEnv } from './runtime.ts';
import type { RArg, ScopeRef, Val } from './runtime.ts';
import type { Arg, DefTerm, InterfaceTerm, ModuleTerm, UseTerm } from './term.ts';
import { checkType, getType } from './typecheck.ts';
import { isPactValue, pactValue } from './eval.ts';
import { GINTERFACEDECL, GMODULEDECL, GMODULEMEMBER } from './gas.ts';
import { chargeWrite } from './meter.ts';
import { deferModuleMemory, moduleMemoryBytes } from './module-memory.ts';

/// Finds a module by name, trying the current namespace first for an unqualified name.
export function resolveModuleName(ctx: Ctx, name: string, ns: string | null): ModuleData | undefined {
  if (ns !== null) return restorable(ctx, ctx.lookupModule(`${ns}.${name}`));
  if (ctx.namespace !== null) {
    const inNs = ctx.lookupModule(`${ctx.namespace}.${name}`);
    if (inNs !== undefined) return restorable(ctx, inNs);
  }
  return restorable(ctx, ctx.lookupModule(name));
}

/// A committed module that names REPL natives cannot be restored unless they are enabled.
function restorable(ctx: Ctx, m: ModuleData | undefined): ModuleData | undefined {
  if (m === undefined || !m.committed || m.replNativeRefs.size === 0 || ctx.env.replNativesInModules) return m;
  const first = [...m.replNativeRefs][0]!;
  throw evalError(null, `module restore failed: Native lookup failed: "${first}"`);
}

function fullName(ctx: Ctx, name: string): string {
  return ctx.namespace === null ? name : `${ctx.namespace}.${name}`;
}

export function installModule(ctx: Ctx, m: ModuleTerm): string {
  if (ctx.gas.active) ctx.gas.charge('module', GMODULEDECL, m.info);
  if (ctx.coverage !== null) ctx.coverage.hit(m.info);
  checkAllowModule(ctx, m.info);
  legacyRootCheck(ctx, m.info);
  const name = fullName(ctx, m.name);
  const old = ctx.lookupModule(name);
  if (old?.isInterface) throw evalError(m.info, `Name overlap: module ${m.name} overlaps with interface  ${old.name}`);
  if (old !== undefined) acquireModuleAdmin(ctx, old, m.info);
  else enforceNamespaceInstall(ctx, m.info);
  if ('keyset' in m.governance) enforceKeySetName(ctx, m.governance.keyset, m.info);
  const data = withOrigin(ctx, m.info, () => buildModule(ctx, m, name));
  if (!('keyset' in m.governance)) {
    // Capability governance is granted on install; the bug Pact preserves granted the bare name.
    const granted = ctx.flag('PreserveNsModuleInstallBug') ? m.name : name;
    ctx.caps.moduleAdmin.add(granted);
  }
  chargeWrite(ctx, 'module', { kind: 'WriteModule', name: m.name, code: m.code }, m.info);
  ctx.db.write('SYS_modules', name, data);
  ctx.loadedModules.add(name);
  loadIntoScope(ctx, data);
  if (ctx.coverage !== null) ctx.coverage.moduleInstalled(data);
  return `Loaded module ${name}, hash ${data.hash}`;
}

/// Builds a module from its term — members, governance, interfaces, linked bodies, constants,
/// memory sizes — with its gas charges: the part of an install that restoring a stored module
/// repeats.
export function buildModule(ctx: Ctx, m: ModuleTerm, name: string): ModuleData {
  const data = new ModuleData(name, false, m.code, hashText(m.code), m.meta);
  data.blessed = [...m.blessed];
  const scope = buildScope(ctx, data, m.defs);
  chargeMembers(ctx, m.defs);
  data.governance = 'keyset' in m.governance ? { keyset: m.governance.keyset } : { cap: governanceCap(data, m.governance) };
  // Pact keeps the interfaces in reverse order of the `implements` forms, as written until the
  // constraints are solved (after the definitions are linked), then by their resolved names.
  const written = [...m.implements].reverse();
  data.interfaces = written.map((i) => (i.ns === null ? i.name : `${i.ns}.${i.name}`));
  linkDefs(ctx, scope, m.defs);
  chargeModuleMemory(ctx, scope, m);
  written.forEach((i, k) => {
    const iface = resolveModuleName(ctx, i.name, i.ns);
    if (iface === undefined || !iface.isInterface) throw evalError(m.info, `Interface not defined: ${data.interfaces[k]}`);
    solveConstraints(ctx, data, iface.name, m.info);
    // In place: references to the module made while linking share this list. The bug Pact
    // preserves kept the name as written.
    if (!ctx.flag('PreserveModuleIfacesBug')) data.interfaces[k] = iface.name;
  });
  return data;
}

export function installInterface(ctx: Ctx, t: InterfaceTerm): string {
  if (ctx.gas.active) ctx.gas.charge('interface', GINTERFACEDECL, t.info);
  if (ctx.coverage !== null) ctx.coverage.hit(t.info);
  checkAllowModule(ctx, t.info);
  enforceNamespaceInstall(ctx, t.info);
  legacyRootCheck(ctx, t.info);
  const name = fullName(ctx, t.name);
  if (ctx.lookupModule(name) !== undefined) throw evalError(t.info, 'Existing interface found (interfaces cannot be upgraded)');
  const data = withOrigin(ctx, t.info, () => buildInterface(ctx, t, name));
  chargeWrite(ctx, 'interface', { kind: 'WriteInterface', name: t.name, code: t.code }, t.info);
  ctx.db.write('SYS_modules', name, data);
  ctx.loadedModules.add(name);
  loadIntoScope(ctx, data);
  return `Loaded interface ${name}`;
}

/// The interface counterpart of `buildModule`.
export function buildInterface(ctx: Ctx, t: InterfaceTerm, name: string): ModuleData {
  const data = new ModuleData(name, true, t.code, hashText(t.code), t.meta);
  const scope = buildScope(ctx, data, t.defs);
  chargeMembers(ctx, t.defs);
  linkDefs(ctx, scope, t.defs);
  chargeModuleMemory(ctx, scope, t);
  return data;
}

/// A module or interface as an editor's analysis installs it: built and linked exactly as an
/// install builds it (the same errors), without the governance, namespace and gas checks of an
/// install and without storing it; its members join the top-level scope, as after a load.
export function buildForAnalysis(ctx: Ctx, t: ModuleTerm | InterfaceTerm): ModuleData {
  const name = fullName(ctx, t.name);
  const data = t.t === 'module' ? buildModule(ctx, t, name) : buildInterface(ctx, t, name);
  loadIntoScope(ctx, data);
  return data;
}

/// A top-level scope that remembers which of its names were read.
class RecordingScope extends Map<string, Val> {
  readonly hits = new Map<string, Val>();
  override get(name: string): Val | undefined {
    const v = super.get(name);
    if (v !== undefined) this.hits.set(name, v);
    return v;
  }
}

/// Runs a build, recording the module versions and top-level names it resolved, and keeps them
/// as the module's origin.
function withOrigin(ctx: Ctx, info: Info, build: () => ModuleData): ModuleData {
  const savedScope = ctx.scope;
  const lookups = new Map<string, ModuleData | undefined>();
  const scope = new RecordingScope(savedScope);
  ctx.moduleLookups = lookups;
  ctx.scope = scope;
  let data: ModuleData;
  try {
    data = build();
  } finally {
    ctx.moduleLookups = null;
    ctx.scope = savedScope;
  }
  data.origin = {
    info, namespace: ctx.namespace, flags: [...ctx.env.flags].sort(),
    modules: new Map([...lookups].map(([k, v]) => [k, v?.hash ?? null])),
    scope: new Map([...scope.hits].flatMap(([k, v]) => {
      const ref = scopeRef(ctx, v);
      return ref === null ? [] : [[k, ref] as const];
    })),
  };
  return data;
}

/// Which module member a top-level name stood for.
function scopeRef(ctx: Ctx, v: Val): ScopeRef | null {
  if (v instanceof Def || v instanceof TableRef) return { module: v.module.name, hash: v.module.hash, member: v.name };
  if (v instanceof ConstRef || v instanceof SchemaRef) {
    // These name their module only; the stored version holding this very member is the one.
    const m = ctx.db.read('SYS_modules', v.module) as ModuleData | undefined;
    return { module: v.module, hash: m?.members.get(v.name) === v ? m.hash : null, member: v.name };
  }
  return null;
}

/// Before Pact 4.4 the root policy was checked on every install and upgrade at the root.
function legacyRootCheck(ctx: Ctx, info: Info): void {
  if (ctx.namespace === null && ctx.flag('DisablePact44')) enforceRootPolicy(ctx, info);
}

/// An implemented interface's functions, pacts and capabilities must exist in the module with
/// the same kind, return type, arguments and (where the interface names one) manager.
function solveConstraints(ctx: Ctx, data: ModuleData, ifaceName: string, info: Info): void {
  const iface = ctx.lookupModule(ifaceName)!;
  for (const [name, member] of iface.members) {
    if (!(member instanceof Def)) continue;
    const impl = data.members.get(name);
    if (impl === undefined) throw evalError(info, `found unimplemented member while resolving model constraints: ${name}`);
    if (!(impl instanceof Def)) throw evalError(info, `found overlapping refs - please resolve: ${name}`);
    const mismatch = (what: string, found: string, expected: string) => {
      if (found !== expected) throw evalError(impl.info, `${what} with ${ifaceName}: found ${found}, expected ${expected}`);
    };
    mismatch('Def type mismatch', impl.kind, member.kind);
    mismatch('Return type mismatch', showType(impl.ret), showType(member.ret));
    mismatch('Arity mismatch', String(impl.args.length), String(member.args.length));
    if (!defMetaMatches(member, impl)) mismatch('Defmeta mismatch', defMetaText(impl), defMetaText(member));
    member.args.forEach((a, i) => {
      const b = impl.args[i]!;
      mismatch('Argument name mismatch', b.name, a.name);
      mismatch(`Argument type mismatch for ${a.name}`, showType(b.type), showType(a.type));
    });
  }
}

/// Only a manager function named by the interface must match the implementation's.
function defMetaMatches(iface: Def, impl: Def): boolean {
  const a = iface.rawDefcapMeta;
  const b = impl.rawDefcapMeta;
  if (a?.kind === 'managed') return b?.kind === 'managed' && a.manager.name === b.manager.name && a.param === b.param;
  if (a?.kind === 'auto') return b?.kind === 'auto' || b?.kind === 'managed';
  return (a?.kind ?? null) === (b?.kind ?? null);
}

function defMetaText(d: Def): string {
  const m = d.rawDefcapMeta;
  if (m === null) return '';
  if (m.kind === 'event') return '@event';
  return m.kind === 'auto' ? '@managed' : `@managed ${m.param} ${m.manager.name}`;
}

function checkAllowModule(ctx: Ctx, info: Info): void {
  if (ctx.flag('DisableModuleInstall')) throw evalError(info, 'Module/interface install not supported');
}

function governanceCap(data: ModuleData, gov: { readonly cap: string; readonly info: Info }): Def {
  const d = data.members.get(gov.cap);
  if (d === undefined) throw evalError(gov.info, 'Unknown module governance reference');
  if (!(d instanceof Def) || d.kind !== 'defcap') throw evalError(gov.info, 'Invalid module governance, must be defcap');
  return d;
}

/// Pact's estimate of the installed definitions' memory (none when Pact charges nothing or the
/// size is not known). Without gas there is no charge, but the module's sizes are still recorded
/// for the modules installed later that depend on it: when first needed.
function chargeModuleMemory(ctx: Ctx, scope: ModuleScope, t: ModuleTerm | InterfaceTerm): void {
  if (!ctx.gas.active) {
    deferModuleMemory(ctx, scope, t);
    return;
  }
  const bytes = moduleMemoryBytes(ctx, scope, t);
  if (bytes !== null) ctx.gas.charge('Module Memory cost', { kind: 'GModuleMemory', bytes }, t.info);
}

/// One charge per definition, named by it (imports are not members).
function chargeMembers(ctx: Ctx, defs: readonly DefTerm[]): void {
  if (!ctx.gas.active) return;
  for (const d of defs) if (d.t !== 'use') ctx.gas.charge(d.t === 'const' ? d.arg.name : d.name, GMODULEMEMBER, d.info);
}

/// Creates every member (bodies come later) and processes the module's own `use` forms.
function buildScope(ctx: Ctx, data: ModuleData, defs: readonly DefTerm[]): ModuleScope {
  const scope: ModuleScope = { module: data, imports: new Map(), references: null };
  for (const d of defs) {
    if (d.t === 'use') {
      useModule(ctx, d, scope.imports);
      continue;
    }
    const name = d.t === 'const' ? d.arg.name : d.name;
    const native = ctx.natives.has(name) || (ctx.env.replNativesInModules && ctx.replNatives.has(name));
    if (native) throw evalError(d.info, `definitions cannot overlap with native names: ${name}`);
    if (data.members.has(name)) throw evalError(d.info, `definition name conflict: ${name}`);
    data.members.set(name, shell(data, d));
    data.terms.set(name, d);
  }
  return scope;
}

function shell(data: ModuleData, d: Exclude<DefTerm, UseTerm>): Val {
  switch (d.t) {
    case 'def': return new Def(d.kind, d.name, data, d.args.map(rarg), d.ret, d.meta, d.defcapMeta, d.info);
    case 'const': return new ConstRef(data.name, d.arg.name, d.arg.type, d.meta);
    case 'schema': return new SchemaRef(data.name, d.name, { t: 'user', schema: { name: d.name, module: data.name, fields: d.fields.map(rarg) } }, d.meta);
    case 'table': return new TableRef(data, d.name, d.type, d.meta, d.info);
  }
}

function rarg(a: Arg): RArg {
  return { name: a.name, type: a.type, info: a.info };
}

/// Links definition bodies, resolves user types, checks for recursion, evaluates constants.
function linkDefs(ctx: Ctx, scope: ModuleScope, defs: readonly DefTerm[]): void {
  const types = new TypeResolver(ctx, scope);
  const members = defs.filter((d) => d.t !== 'use');
  const consts = new Map<string, Linked>();
  // Pact keys the graph by fully qualified name, by bare name in interfaces and before 4.3.
  const qualified = !scope.module.isInterface && !ctx.flag('DisablePact43');
  const key = (name: string) => (qualified ? `${scope.module.name}.${name}` : name);
  const vertices = members.map((d) => {
    scope.references = [];
    if (d.t === 'const') consts.set(d.arg.name, linkConst(ctx, scope, types, d));
    else linkMember(ctx, scope, types, d);
    const edges = scope.references.map(key);
    scope.references = null;
    return { key: key(memberName(d)), item: d, edges };
  });
  for (const c of enforceAcyclic(vertices, (v) => cycleTermText(scope.module.members.get(memberName(v.item))!, scope.module))) {
    for (const v of c.vertices) if (v.item.t === 'const') evalConst(ctx, scope, v.item, consts.get(v.item.arg.name)!, types);
  }
  for (const d of members) if (d.t === 'def' && d.defcapMeta !== null) resolveDefcapMeta(ctx, scope, d);
}

function memberName(d: Exclude<DefTerm, UseTerm>): string {
  return d.t === 'const' ? d.arg.name : d.name;
}

/// Resolves a member's types and links its body, naming (in `scope.references`) the members it
/// refers to in the order Pact's term traversal meets them: types first, then the body, then a
/// capability's manager.
function linkMember(ctx: Ctx, scope: ModuleScope, types: TypeResolver, d: Exclude<DefTerm, UseTerm | { t: 'const' }>): void {
  const member = scope.module.members.get(memberName(d))!;
  switch (d.t) {
    case 'schema':
      resolveSchema(types, member as SchemaRef);
      return;
    case 'table': {
      const table = member as TableRef;
      scope.module.members.set(d.name, new TableRef(table.module, table.name, types.resolve(table.type, d.info), table.meta, table.info));
      return;
    }
    case 'def':
      linkDef(ctx, scope, types, member as Def, d);
  }
}

/// A constant's value is linked with the other members and evaluated later, in dependency order.
function linkConst(ctx: Ctx, scope: ModuleScope, types: TypeResolver, d: Extract<DefTerm, { t: 'const' }>): Linked {
  types.resolve(d.arg.type, d.info);
  return new Linker(ctx, scope).linkBody([d.value], []);
}

function linkDef(ctx: Ctx, scope: ModuleScope, types: TypeResolver, def: Def, d: Extract<DefTerm, { t: 'def' }>): void {
  def.args.forEach((a, i) => { def.args[i] = { ...a, type: types.resolve(a.type, a.info) }; });
  def.ret = types.resolve(def.ret, d.info);
  const linker = new Linker(ctx, scope);
  if (d.kind === 'defpact' && d.steps.length > 0) {
    const linked = linker.linkSteps(d.steps, d.args);
    def.steps = linked.steps;
    def.slots = linked.slots;
  } else if (d.body.length > 0) {
    const linked = linker.linkBody(d.body, d.args);
    def.body = linked.node;
    def.slots = linked.slots;
  }
  const manager = d.defcapMeta?.kind === 'managed' ? d.defcapMeta.manager : null;
  if (manager !== null && manager.module === null && scope.module.members.has(manager.name)) noteReference(scope, manager.name);
}

/// `@managed param mgr`: the managed argument's position and the manager defun.
function resolveDefcapMeta(ctx: Ctx, scope: ModuleScope, d: Extract<DefTerm, { t: 'def' }>): void {
  const def = scope.module.members.get(d.name) as Def;
  const m = d.defcapMeta!;
  if (scope.module.isInterface) return;
  if (m.kind !== 'managed') {
    def.defcapMeta = m;
    return;
  }
  const paramIndex = d.args.findIndex((a) => a.name === m.param);
  if (paramIndex < 0) throw evalError(d.info, `Invalid managed argument name: ${m.param}`);
  const mgr = new Linker(ctx, scope).resolveGlobal(m.manager);
  if (!(mgr instanceof Def)) throw evalError(m.manager.info, 'Capability manager ref must be a function');
  if (mgr.kind !== 'defun') throw evalError(m.manager.info, 'Capability manager ref must be defun');
  def.defcapMeta = { kind: 'managed', param: m.param, paramIndex, manager: mgr };
}

function evalConst(ctx: Ctx, scope: ModuleScope, d: Extract<DefTerm, { t: 'const' }>, linked: Linked, types: TypeResolver): void {
  const c = scope.module.members.get(d.arg.name) as ConstRef;
  const raw = linked.node.ev(ctx, emptyEnv(linked.slots));
  // Pact types the value before anything else: a native has no type (`defun`).
  if (!isPactValue(raw)) getType(d.arg.info, raw);
  const v = pactValue(raw, d.info);
  checkType(d.arg.info, types.resolve(d.arg.type, d.info), v);
  c.value = v;
}

function resolveSchema(types: TypeResolver, s: SchemaRef): void {
  if (s.type.t !== 'user') return;
  const fields = s.type.schema.fields as RArg[];
  fields.forEach((f, i) => { fields[i] = { ...f, type: types.resolve(f.type, f.info) }; });
}

/// Replaces `{schema}` references written in types with the schema's definition.
export class TypeResolver {
  private readonly ctx: Ctx;
  private readonly scope: ModuleScope | null;
  constructor(ctx: Ctx, scope: ModuleScope | null) {
    this.ctx = ctx;
    this.scope = scope;
  }
  resolve(t: Type, info: Info): Type {
    const r = this.resolveType(t, info);
    if (r !== t) this.scope?.module.resolvedTypes.set(t, r);
    return r;
  }

  private resolveType(t: Type, info: Info): Type {
    switch (t.t) {
      case 'user': {
        if (t.schema.fields.length > 0) return t;
        const s = this.lookup(t.schema.name, info);
        return s.type;
      }
      case 'list': return { t: 'list', elem: this.resolve(t.elem, info) };
      case 'schema': return { ...t, schema: this.resolve(t.schema, info) };
      case 'module': return t.ifaces === null ? t : { t: 'module', ifaces: t.ifaces.map((i) => this.interfaceName(i, info)) };
      default: return t;
    }
  }
  /// `module{iface}` names an interface as `use` would find it (the current namespace first).
  /// Pact resolves the name like any other free name in the code: an unknown one is an error.
  private interfaceName(name: string, info: Info): string {
    // An interface naming itself (not stored yet) means itself, namespace included.
    const own = this.scope?.module.name;
    if (own !== undefined && (own === name || own.endsWith(`.${name}`))) return own;
    const parts = name.split('.');
    const m = parts.length === 1 ? resolveModuleName(this.ctx, name, null) : resolveModuleName(this.ctx, parts[1]!, parts[0]!);
    if (m === undefined) throw evalError(info, this.scope === null ? `Cannot resolve ${name}` : `Cannot resolve "${name}"`);
    return m.name;
  }

  private lookup(name: string, info: Info): SchemaRef {
    const parts = name.split('.');
    let v: Val | undefined;
    const own = this.scope?.module;
    if (parts.length === 1) {
      v = own?.members.get(name) ?? this.scope?.imports.get(name) ?? this.ctx.scope.get(name) ??
        this.ctx.natives.get(name)?.constant ?? undefined;
    }
    else {
      const member = parts.pop()!;
      const mod = parts.length === 1 ? resolveModuleName(this.ctx, parts[0]!, null) : resolveModuleName(this.ctx, parts[1]!, parts[0]!);
      v = parts.join('.') === own?.name ? own.members.get(member) : mod?.members.get(member);
    }
    if (!(v instanceof SchemaRef)) throw evalError(info, this.scope === null ? `Cannot resolve ${name}` : `Cannot resolve "${name}"`);
    if (own !== undefined && own.members.get(v.name) === v) noteReference(this.scope, v.name);
    return v;
  }
}

/// `use`: at the top level imports into the REPL scope (`into` = null); inside a module into
/// the module's imports.
export function useModule(ctx: Ctx, u: UseTerm, into: Map<string, Val> | null): string {
  const shown = u.module.ns === null ? u.module.name : `${u.module.ns}.${u.module.name}`;
  const mod = resolveModuleName(ctx, u.module.name, u.module.ns);
  if (mod === undefined) throw evalError(u.info, `Module ${shown} not found`);
  if (u.hash !== null) {
    if (mod.isInterface) throw evalError(u.info, `Interfaces should not have associated hashes: ${mod.name}`);
    if (u.hash !== mod.hash) throw evalError(u.info, `Module ${shown} does not match specified hash: ${u.hash}, ${mod.hash}`);
  }
  if (u.imports !== null) validateImports(mod, u, u.info);
  const target = into ?? ctx.scope;
  for (const [k, v] of scopeMembers(mod)) {
    if (u.imports === null || u.imports.includes(k)) target.set(k, v);
  }
  return `Using ${shown}`;
}

function validateImports(mod: ModuleData, u: UseTerm, info: Info): void {
  if (u.hash === null && u.imports!.length === 0) {
    throw evalError(info, 'empty imports are only allowed if a module hash is referenced');
  }
  for (const name of u.imports!) {
    const v = mod.members.get(name);
    if (v === undefined) throw evalError(info, `imported name not found: ${name}`);
    if (v instanceof Def && v.kind === 'defcap') throw evalError(info, `cannot import capabilities: ${name}`);
    if (!(v instanceof Def || v instanceof ConstRef || v instanceof SchemaRef)) {
      throw evalError(info, `invalid import - only function, schema, and constant symbols allowed: ${name}`);
    }
  }
}

/// After a load, the module's members are usable unqualified until the transaction ends.
export function loadIntoScope(ctx: Ctx, data: ModuleData): void {
  for (const [k, v] of scopeMembers(data)) ctx.scope.set(k, v);
}

/// The members a load or a `use` brings into scope: all of a module's; of an interface's, its
/// constants and schemas, not the functions, capabilities and pacts it only declares (Pact's
/// `installModule` leaves an interface's definitions out).
function* scopeMembers(mod: ModuleData): Iterable<[string, Val]> {
  for (const [k, v] of mod.members) if (!(mod.isInterface && v instanceof Def)) yield [k, v];
}
