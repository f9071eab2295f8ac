/// Pact's "module memory" estimate: the bytes `GModuleMemory` charges for at the end of a module
/// install (cost 60000 + ceil(0.006 × bytes) in the table gas model).
///
/// Pact sizes its own compiled terms with its `SizeOf` rules (see ../values/sizeof.ts): every
/// Haskell constructor costs a header word plus a word per field, `Info` is free, a `Text` is six
/// words plus two bytes per character, lists are one word plus three per element, and so on.
/// So the figures only come out right if our terms are mapped onto Pact's constructors exactly:
/// a definition is `TDef (Def name module type funType body meta defMeta)`, a body is a `Scope`
/// (bound variables `B i`, free ones `F (TVar n)`) over a `TList` of the body forms, and a name is
/// sized as whatever Pact resolved it to (a native is its whole `TNative` record, docs and
/// examples included). The comments below give the Haskell shape behind each number.
///
/// Two accountings exist:
/// * Pact 4.3 and later (`fullyQualifyDefs`): the sum of the module's resolved definitions, where
///   a reference to one of its own functions is a fully qualified name, one to a constant is the
///   constant's value and one to a schema or table is that definition inlined; plus every export of
///   the modules whose functions it calls.
/// * Under `DisablePact43`, and for interfaces (`evaluateDefs`; skipped entirely under
///   `DisableInlineMemCheck`): each definition is sized before resolution (own names
///   are `Left name`, everything else `Right ref`), and every use of an own definition or of
///   another module's function adds the size of that (fully inlined) definition again.
import { Decimal } from '../values/decimal.ts';
import { foldValue } from '../values/fold.ts';
import { sizeOfInteger, sizeOfModuleName, sizeOfText, sizeOfVersion } from '../values/sizeof.ts';
import type { SizeOfVersion } from '../values/sizeof.ts';
import type { FunType, SchemaDef, Type } from '../values/type.ts';
import { ModRef, PactTime, PList } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import type { Native } from '../natives/registry.ts';
import type { Ctx } from './context.ts';
import { PactError } from './errors.ts';
import { Linker } from './link.ts';
import type { ModuleScope } from './link.ts';
import { ConstRef, Def, NativeRef, SchemaRef, TableRef } from './runtime.ts';
import type { ModuleData, Val } from './runtime.ts';
import type { Exp, Info, Literal } from '../syntax/exp.ts';
import type { Arg, DefTerm, InterfaceTerm, Meta, ModuleTerm, Name, Step, Term } from './term.ts';

const W = 8;
/// A constructor with `n` fields, all sizes added by the caller (Pact's `constructorCost`).
const ctor = (n: number): number => W + n * W;
/// A Haskell list of already-sized elements.
const list = (sizes: readonly number[]): number => W + 3 * W * sizes.length + sum(sizes);
/// A boxed `Vector`.
const vector = (sizes: readonly number[]): number => (7 + sizes.length) * W + sum(sizes);
const maybe = (x: number | null): number => (x === null ? ctor(0) : ctor(1) + x);
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
/// `TyAny`, a constructor without fields.
const TY_ANY = W;

/// Thrown for a shape whose Pact size we do not know (the caller then gets null, never a guess).
class Unsupported extends Error {}

// ---------------------------------------------------------------------------------------------
// Natives. `Direct (TNative name fun funTypes examples docs topLevel info)` is stored whole, so its
// docs and examples (Native.docs, Native.examples: Pact's own texts) count, with its typed
// signatures (Native.types).
const nativeSizes = new Map<string, number>();

/// `TNative`: seven fields; the function types are a `NonEmpty` (a two-field cons of the first
/// and a list of the rest); each example is a one-field constructor around its text.
function nativeSize(n: Native, schemaOf: SchemaLookup): number {
  const known = nativeSizes.get(n.name);
  if (known !== undefined) return known;
  if (n.types.length === 0) throw new Unsupported(n.name);
  const user = nativeUser(schemaOf);
  const [first, ...rest] = n.types.map((ft) => funTypeSize(ft, user)) as [number, ...number[]];
  const size = ctor(7) + sizeOfText(n.name) + ctor(2) + first + list(rest)
    + list(n.examples.map((e) => ctor(1) + sizeOfText(e.text))) + sizeOfText(n.docs) + W;
  nativeSizes.set(n.name, size);
  return size;
}

function nativeSchema(natives: ReadonlyMap<string, Native>, name: string): SchemaRef | undefined {
  const c = natives.get(name)?.constant;
  return c instanceof SchemaRef ? c : undefined;
}

/// Finds a native schema (`public-chain-data`) by name.
type SchemaLookup = (name: string) => SchemaRef | undefined;

/// A native's types name native schemas (`{public-chain-data}`), sized as Pact stores them:
/// `TyUser (TSchema ..)`, the schema whole.
function nativeUser(schemaOf: SchemaLookup): (s: SchemaDef) => number {
  const user = (def: SchemaDef): number => {
    const s = schemaOf(def.name);
    if (s === undefined || s.type.t !== 'user') throw new Unsupported(def.name);
    // TSchema name Nothing (Meta (Just doc) []) fields info
    const fields = s.type.schema.fields.map((f) => argSize(f.name, typeSize(f.type, user)));
    return ctor(5) + sizeOfText(s.name) + maybe(null) + metaSize(s.meta, 'SizeOfV1') + list(fields);
  };
  return user;
}

/// Pact's `Type`, where a user type (`TyUser`) holds what `user` sizes: a native schema, or in a
/// definition the schema's name as a term.
function typeSize(t: Type, user: (s: SchemaDef) => number): number {
  const sub = (u: Type): number => typeSize(u, user);
  switch (t.t) {
    case 'any': return W; // TyAny: a shared nullary constructor
    case 'prim': return ctor(1); // TyPrim: PrimType is free
    case 'list': return ctor(1) + sub(t.elem);
    case 'schema': {
      // TySchema kind type partial; FullSchema and AnySubschema are nullary
      const partial = t.partial === null || t.partial === 'any' ? W : partialSet([...new Set(t.partial)]);
      return ctor(3) + sub(t.schema) + partial;
    }
    case 'var': // TyVar (SchemaVar name) | TyVar (TypeVar name constraints)
      return t.schemaVar ? ctor(1) + ctor(1) + sizeOfText(t.name) : typeVar(t.name, t.constraint.map(sub));
    case 'user': return ctor(1) + user(t.schema);
    case 'fun': return ctor(1) + funTypeSize(t, user);
    case 'module': // TyModule (Maybe [ModuleName])
      return ctor(1) + maybe(t.ifaces === null ? null : list(t.ifaces.map(sizeOfModuleName)));
  }
}

/// `FunType args return`, each argument an `Arg name type info`.
function funTypeSize(ft: FunType, user: (s: SchemaDef) => number): number {
  return ctor(2) + list(ft.args.map((a) => argSize(a.name, typeSize(a.type, user)))) + typeSize(ft.ret, user);
}

/// `TyVar (TypeVar name constraints)`.
const typeVar = (name: string, constraints: readonly number[]): number =>
  ctor(1) + ctor(2) + sizeOfText(name) + list(constraints);
/// `PartialSchema (Set Text)`: a set is one word plus three per element.
const partialSet = (names: readonly string[]): number =>
  ctor(1) + (1 + 3 * names.length) * W + sum(names.map(sizeOfText));
/// `Arg name type info`.
const argSize = (name: string, type: number): number => ctor(3) + sizeOfText(name) + type;
/// `Meta docs model`, the model being the `@model` expressions as parsed.
function metaSize(m: Meta, ver: SizeOfVersion): number {
  return ctor(2) + maybe(m.docs === null ? null : sizeOfText(m.docs)) + list(m.model.map((e) => expSize(e, ver)));
}

/// A parsed expression (Pact's generically sized `Exp Info`; positions count 0):
/// `ELiteral (LiteralExp lit info)`, `EAtom (AtomExp name qualifiers dynamic info)`,
/// `EList (ListExp items delimiter info)`, `ESeparator (SeparatorExp sep info)`.
function expSize(e: Exp, ver: SizeOfVersion): number {
  switch (e.tag) {
    case 'lit': return ctor(1) + ctor(2) + literalSize(literalValue(e.lit), ver);
    case 'atom': {
      const names = e.parts;
      return ctor(1) + ctor(4) + sizeOfText(names[names.length - 1]!) + list(names.slice(0, -1).map(sizeOfText)) + W;
    }
    case 'list': return ctor(1) + ctor(3) + list(e.items.map((x) => expSize(x, ver)));
    case 'sep': return ctor(1) + ctor(2);
  }
}

function literalValue(l: Literal): PactValue {
  switch (l.kind) {
    case 'integer': return l.value;
    case 'decimal': return Decimal.parse(l.text)!;
    case 'string': return l.value;
    case 'bool': return l.value;
  }
}

// ---------------------------------------------------------------------------------------------
// Hashes. A module hash is a `ShortByteString` of 32 raw bytes, sized as a byte string whose
// length is counted by `Data.ByteString.UTF8.length`: decoded characters, where each malformed
// sequence counts once for the bytes the decoder consumed.
function hashSize(hash: string): number {
  let size = HASH_SIZES.get(hash);
  if (size === undefined) {
    // Sized once per module: every qualified reference to it carries its hash.
    if (HASH_SIZES.size >= 4096) HASH_SIZES.clear();
    size = 9 * W + utf8Length(Buffer.from(hash, 'base64url'));
    HASH_SIZES.set(hash, size);
  }
  return size;
}

const HASH_SIZES = new Map<string, number>();

/// `Data.ByteString.UTF8.length`.
export function utf8Length(b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < b.length; n++) i += utf8Step(b, i);
  return n;
}

/// Bytes the utf8-string decoder consumes at `i`: a well-formed character's length, else as many
/// bytes as it read before noticing (a bad continuation byte is not consumed).
function utf8Step(b: Uint8Array, i: number): number {
  const c = b[i]!;
  const follows = (k: number): boolean => i + k < b.length && (b[i + k]! & 0xc0) === 0x80;
  const cont = (acc: number, k: number): number => (acc << 6) | (b[i + k]! & 0x3f);
  if (c < 0x80 || c < 0xc0) return 1;
  if (c < 0xe0) return follows(1) && cont(c & 0x1f, 1) >= 0x80 ? 2 : 1;
  if (c < 0xf0) {
    if (!follows(1)) return 1;
    return follows(2) ? 3 : 2;
  }
  if (c < 0xf8) {
    if (!follows(1)) return 1;
    if (!follows(2)) return 2;
    return follows(3) ? 4 : 3;
  }
  return 1;
}

// ---------------------------------------------------------------------------------------------
// Values. A constant's evaluated value is a reduced `Term Name`; only literals are handled.
function literalSize(v: PactValue, ver: SizeOfVersion): number {
  // `Literal`: a one-field constructor around the payload.
  if (typeof v === 'string') return ctor(1) + sizeOfText(v);
  if (typeof v === 'bigint') return ctor(1) + sizeOfInteger(v, ver);
  if (typeof v === 'boolean') return ctor(1);
  if (v instanceof Decimal) return ctor(1) + ctor(2) + 2 * W + sizeOfInteger(v.mantissa, ver);
  if (v instanceof PactTime) return ctor(1) + ctor(1) + 2 * W;
  throw new Unsupported('non-literal value');
}
/// `TLiteral lit info`.
/// A constant's value as a term: `TLiteral lit info`, or for a list built without a known
/// element type (as `map` and `list` build them) `TList (Vector terms) TyAny info`.
function valueTermSize(v: PactValue, ver: SizeOfVersion): number {
  return foldValue(v, (x: PactValue, parts: number[]): number => {
    if (!(x instanceof PList)) return ctor(2) + literalSize(x, ver);
    if (x.elemType.t !== 'any') throw new Unsupported('typed list value');
    return ctor(3) + vector(parts) + TY_ANY;
  });
}

// ---------------------------------------------------------------------------------------------
// What we remember of installed modules: the size of each stored reference (`_mdRefMap`) and the
// exports a dependent module pays for (`allModuleExports`: own references by qualified name, then
// those of the modules whose functions it calls, the first of a name winning).
// They live on the module's stored data (`ModuleData.memory`), so they follow its transactions.
// The exports are not copied into each module's own map (a chain of modules would copy the
// chain's exports into every link); `exportsSize` adds them up as that map would.
export interface ModuleMemory {
  readonly module: string;
  readonly refs: ReadonlyMap<string, number>;
  /// The memories of the modules whose functions it calls, as recorded then, in the order met.
  readonly deps: readonly ModuleMemory[];
  /// Every module whose references are among its exports.
  readonly modules: ReadonlySet<string>;
  /// The sum of its exports.
  readonly exportsSize: number;
}

/// A module's memory, from its own reference sizes and its dependencies' memories.
function moduleMemory(module: string, refs: ReadonlyMap<string, number>, deps: readonly ModuleMemory[]): ModuleMemory {
  const modules = new Set([module]);
  for (const d of deps) for (const m of d.modules) modules.add(m);
  // A single dependency not naming this module again adds all its exports to the own ones.
  const exportsSize = deps.length === 1 && !deps[0]!.modules.has(module)
    ? sum([...refs.values()]) + deps[0]!.exportsSize
    : unionSize([{ module, refs, deps }]);
  return { module, refs, deps, modules, exportsSize };
}

/// The sum of the union of the exports of `memories`.
function exportsUnionSize(memories: readonly ModuleMemory[]): number {
  return memories.length === 1 ? memories[0]!.exportsSize : unionSize(memories);
}

/// The sum of the union of the exports of `roots`, in order, the first of a qualified name
/// winning: each module's own references, then its dependencies' exports.
function unionSize(roots: readonly Pick<ModuleMemory, 'module' | 'refs' | 'deps'>[]): number {
  // A memory met again adds nothing: every name it exports is in the union already.
  const visited = new Set<object>();
  const seen = new Map<string, Set<string>>();
  let total = 0;
  const stack = [...roots].reverse();
  for (let m = stack.pop(); m !== undefined; m = stack.pop()) {
    if (visited.has(m)) continue;
    visited.add(m);
    let names = seen.get(m.module);
    if (names === undefined) seen.set(m.module, (names = new Set()));
    for (const [name, size] of m.refs) {
      if (names.has(name)) continue;
      names.add(name);
      total += size;
    }
    for (let k = m.deps.length - 1; k >= 0; k--) stack.push(m.deps[k]!);
  }
  return total;
}

/// A module's recorded sizes, as stored at the install (sizing charges nothing itself).
function storedMemory(install: Install, module: string): ModuleMemory {
  if (!install.stored.has(module)) throw new Error(`module memory: ${module} was not read at install`);
  const m = install.stored.get(module)?.memory;
  if (m === undefined || m === null) throw new Unsupported(module);
  return m;
}

function storedRef(install: Install, module: string, name: string): number {
  const r = storedMemory(install, module).refs.get(name);
  if (r === undefined) throw new Unsupported(`${module}.${name}`);
  return r;
}

/// `FQName (FullyQualifiedName name module hash)` under `TVar` under `Direct`.
const fqVarRef = (name: string, module: string, hash: string): number =>
  ctor(1) + ctor(2) + ctor(1) + ctor(3) + sizeOfText(name) + sizeOfModuleName(module) + hashSize(hash);

/// `Ref (TModRef (ModRef name spec info) info)`; Pact counts one field for the three of `ModRef`.
const modRefRef = (name: string, ifaces: readonly string[] | null): number => ctor(1) + ctor(2) + ctor(1)
  + sizeOfModuleName(name) + maybe(ifaces === null ? null : list(ifaces.map(sizeOfModuleName)));

// ---------------------------------------------------------------------------------------------

// The install. Besides the module's own data, sizing reads the execution flags, the natives, how
// the names it makes up resolve, the stored versions of the modules the code names and the
// module's interfaces as written, all taken at the install. With gas, a module is sized as it is
// installed; without, when its memory is first read (by a dependent installed with gas):
// upgrades, rollbacks and scope changes since then do not reach it.

/// What sizing reads besides the module's own data, as it was at the install.
interface Install {
  readonly ver: SizeOfVersion;
  /// Pact 4.3 or later (not `DisablePact43`).
  readonly pact43: boolean;
  readonly natives: ReadonlyMap<string, Native>;
  /// What the names sizing makes up (`resolveMadeUp`) resolved to, or the error resolving gave.
  readonly madeUp: ReadonlyMap<string, Val | PactError>;
  /// The modules sizing may read the memory of, as stored (`storedModules`).
  readonly stored: ReadonlyMap<string, ModuleData | undefined>;
  /// The module's interfaces as written (sizing precedes their resolution, which rewrites the
  /// list that references to the module made while linking share).
  readonly interfaces: readonly string[];
}

/// The bytes Pact charges `GModuleMemory` for when installing module or interface `m` (whose
/// members are in `scope.module`, already linked and its constants evaluated). Null when there is
/// no charge to make: the pre-4.3 accounting (interfaces always use it) is skipped under
/// `DisableInlineMemCheck`; or when `m` uses a construct whose size we cannot reproduce (see
/// `Unsupported`). Also records the module's reference sizes for modules installed after it.
export function moduleMemoryBytes(ctx: Ctx, scope: ModuleScope, m: ModuleTerm | InterfaceTerm): number | null {
  // Skipped charges still record the sizes, which modules depending on this one pay for.
  const charged = !((m.t === 'interface' || ctx.flag('DisablePact43')) && ctx.flag('DisableInlineMemCheck'));
  const bytes = size(install(ctx, scope, m), scope, m);
  return charged ? bytes : null;
}

/// Installing without gas: the module's reference sizes are recorded when first read, as
/// `moduleMemoryBytes` would record them now.
export function deferModuleMemory(ctx: Ctx, scope: ModuleScope, m: ModuleTerm | InterfaceTerm): void {
  const taken = install(ctx, scope, m);
  // A name that failed to resolve fails the install if sizing meets it, so size now.
  for (const v of taken.madeUp.values()) {
    if (v instanceof PactError) {
      size(taken, scope, m);
      return;
    }
  }
  scope.module.pendingMemory = new PendingSizing(taken, scope, m);
}

function install(ctx: Ctx, scope: ModuleScope, m: ModuleTerm | InterfaceTerm): Install {
  const madeUp = resolveMadeUp(ctx, scope, m);
  return {
    ver: sizeOfVersion(ctx.flag('DisablePact45')), pact43: !ctx.flag('DisablePact43'), natives: ctx.natives, madeUp,
    stored: storedModules(ctx, scope.module, madeUp), interfaces: [...scope.module.interfaces],
  };
}

/// Sizes the module, recording its memory; its bytes, or null for a construct we cannot size.
function size(install: Install, scope: ModuleScope, m: ModuleTerm | InterfaceTerm): number | null {
  try {
    return new Sizer(install, scope, m).total();
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}

/// The names sizing resolves that are not in the code as it was linked: the schema names of
/// user types (`{account}` is sized as the term the name resolves to), and the managers of an
/// interface's capabilities (interfaces do not resolve them). Keyed as `nameKey`.
function resolveMadeUp(ctx: Ctx, scope: ModuleScope, m: ModuleTerm | InterfaceTerm): Map<string, Val | PactError> {
  const names: Name[] = [];
  for (const t of scope.module.resolvedTypes.keys()) if (t.t === 'user') names.push(schemaName(t.schema));
  if (m.t === 'interface') {
    for (const d of m.defs) if (d.t === 'def' && d.defcapMeta?.kind === 'managed') names.push(d.defcapMeta.manager);
  }
  const linker = new Linker(ctx, scope);
  const resolved = new Map<string, Val | PactError>();
  for (const name of names) {
    const key = nameKey(name);
    if (resolved.has(key)) continue;
    try {
      resolved.set(key, linker.resolveGlobal(name));
    } catch (e) {
      if (!(e instanceof PactError)) throw e;
      resolved.set(key, e);
    }
  }
  return resolved;
}

const nameKey = (n: Name): string => [n.ns, n.module, n.name].filter((p) => p !== null).join('.');

/// A user type's schema name as a name to resolve (its position is never shown).
function schemaName(s: SchemaDef): Name {
  const parts = s.name.split('.');
  const name = parts[parts.length - 1]!;
  const module = parts.length > 1 ? parts[parts.length - 2]! : null;
  const ns = parts.length > 2 ? parts[0]! : null;
  return { name, module, ns, info: { file: '', line: 0, col: 0, offset: 0 } as Info };
}

/// The modules sizing may read the memory of, as stored now: those of the members the code names
/// that are not the module's own. (Pact's stored module holds the dependencies it was installed
/// with, so a stored module being rebuilt reads the versions it was built against.)
function storedModules(ctx: Ctx, data: ModuleData, madeUp: ReadonlyMap<string, Val | PactError>): Map<string, ModuleData | undefined> {
  const stored = new Map<string, ModuleData | undefined>();
  const note = (name: string, v: Val | PactError): void => {
    const module = memberModule(v);
    if (module === null || stored.has(module) || ownMember(data, name, v)) return;
    stored.set(module, ctx.storedModule(module));
  };
  for (const [name, v] of data.resolved) note(name.name, v);
  for (const [key, v] of madeUp) note(key.slice(key.lastIndexOf('.') + 1), v);
  return stored;
}

/// The module of a member (by name).
function memberModule(v: Val | PactError): string | null {
  if (v instanceof Def || v instanceof TableRef) return v.module.name;
  if (v instanceof ConstRef || v instanceof SchemaRef) return v.module;
  return null;
}

/// Does `name`, resolved to `v`, denote one of the module's own definitions? (An upgrade may
/// name the previous version's members.)
function ownMember(data: ModuleData, name: string, v: Val | PactError): boolean {
  return data.members.has(name) && memberModule(v) === data.name;
}

/// The sizing of a module installed without gas, done when its memory is first read.
class PendingSizing {
  private readonly install: Install;
  private readonly scope: ModuleScope;
  private readonly m: ModuleTerm | InterfaceTerm;
  constructor(install: Install, scope: ModuleScope, m: ModuleTerm | InterfaceTerm) {
    this.install = install;
    this.scope = scope;
    this.m = m;
  }

  /// Sizes the module, its pending dependencies first.
  settle(): void {
    for (const p of this.inDependencyOrder()) {
      p.scope.module.memory = null; // no longer pending
      size(p.install, p.scope, p.m);
    }
  }

  /// This sizing and the pending ones it reads, dependencies first: without recursion, as a
  /// chain of modules installed without gas can be long.
  private inDependencyOrder(): PendingSizing[] {
    const order: PendingSizing[] = [];
    const seen = new Set<PendingSizing>([this]);
    const stack: Array<{ p: PendingSizing; expanded: boolean }> = [{ p: this, expanded: false }];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      if (top.expanded) {
        order.push(top.p);
        continue;
      }
      stack.push({ p: top.p, expanded: true });
      for (const d of top.p.install.stored.values()) {
        const dep = d?.pendingMemory;
        if (dep instanceof PendingSizing && !seen.has(dep)) {
          seen.add(dep);
          stack.push({ p: dep, expanded: false });
        }
      }
    }
    return order;
  }
}

type OwnDef = Exclude<DefTerm, { t: 'use' }>;

class Sizer {
  private readonly install: Install;
  private readonly data: ModuleData;
  private readonly module: string;
  private readonly hash: string;
  readonly ver: SizeOfVersion;
  /// Pact 4.3+ accounting (`fullyQualifyDefs`) for modules, unless `DisablePact43`.
  private readonly fq: boolean;
  private readonly defs = new Map<string, OwnDef>();
  /// Stored (resolved) reference sizes of the module's own definitions.
  private readonly refs = new Map<string, number>();
  private readonly pending = new Set<string>();
  /// Modules whose functions are named (Pact 4.3+ only).
  private readonly deps = new Set<string>();
  /// Inlining surcharges of the definition being sized (`DisablePact43` only).
  private extra = 0;

  constructor(install: Install, scope: ModuleScope, m: ModuleTerm | InterfaceTerm) {
    this.install = install;
    this.data = scope.module;
    this.module = scope.module.name;
    this.hash = scope.module.hash;
    this.ver = install.ver;
    this.fq = m.t === 'module' && install.pact43;
    for (const d of m.defs) if (d.t !== 'use') this.defs.set(d.t === 'const' ? d.arg.name : d.name, d);
  }

  total(): number {
    let total = 0;
    for (const [name, d] of this.defs) {
      const r = this.ref(name);
      if (this.fq) total += r;
      else {
        // `sizeOf defTerm` (no `Ref` wrapper, names as `Either`) plus its inlining surcharges.
        this.extra = 0;
        total += this.defSize(d, false) + this.extra;
      }
    }
    // `allModuleExports` of the dependencies, a union keyed by qualified name.
    const deps = [...this.deps].map((dep) => storedMemory(this.install, dep));
    total += exportsUnionSize(deps);
    this.data.memory = moduleMemory(this.module, this.refs, deps);
    return total;
  }

  /// The stored reference of an own definition: `Ref term` (16 bytes) around the resolved term.
  private ref(name: string): number {
    const known = this.refs.get(name);
    if (known !== undefined) return known;
    // Pact rejects recursive definitions before sizing them; we have no size for one.
    if (this.pending.has(name)) throw new Unsupported(`recursive ${name}`);
    this.pending.add(name);
    const saved = this.extra;
    const size = ctor(1) + this.defSize(this.defs.get(name)!, true);
    this.extra = saved;
    this.pending.delete(name);
    this.refs.set(name, size);
    return size;
  }

  /// A definition's term. `resolved`: names as Pact's stored references (`Term Ref`); otherwise,
  /// under `DisablePact43`, as the pre-resolution `Term (Either Text Ref)`.
  private defSize(d: OwnDef, resolved: boolean): number {
    const x = new Walk(this, resolved);
    const mod = sizeOfModuleName(this.module);
    switch (d.t) {
      case 'def': {
        // TDef (Def name module defType funType body meta defMeta info) info
        // The body first: sizing meets dependencies in Pact's order.
        const body = d.kind === 'defpact'
          ? x.bodyList(d.steps.map((s) => x.step(s, 1, [argNames(d.args)])))
          : x.bodyTerms(d.body, 1, [argNames(d.args)]);
        let defMeta: number | null = null;
        if (d.defcapMeta !== null) {
          // DMDefcap (DefcapManaged (Maybe (Text, n)) | DefcapEvent), both generic
          const dm = d.defcapMeta;
          const inner = dm.kind === 'event' ? W
            : ctor(1) + maybe(dm.kind === 'auto' ? null : ctor(3) + sizeOfText(dm.param) + x.varTerm(dm.manager, 0, []));
          defMeta = ctor(1) + inner;
        }
        return ctor(2) + ctor(8) + sizeOfText(d.name) + mod + x.funType(d.args, d.ret, 0, [])
          + body + metaSize(d.meta, this.ver) + maybe(defMeta);
      }
      case 'const': {
        // TConst arg (Just module) (CVRaw raw | CVEval raw (TVar (Direct value))) meta info
        const raw = x.term(d.value, 0, []);
        const value = this.constValue(d.arg.name);
        const cv = resolved ? ctor(2) + raw + ctor(2) + ctor(1) + valueTermSize(value, this.ver) : ctor(1) + raw;
        return ctor(5) + x.arg(d.arg, 0, []) + maybe(mod) + cv + metaSize(d.meta, this.ver);
      }
      case 'schema':
        // TSchema name (Just module) meta fields info
        return ctor(5) + sizeOfText(d.name) + maybe(mod) + metaSize(d.meta, this.ver) + list(d.fields.map((f) => x.arg(f, 0, [])));
      case 'table':
        // TTable name module hash type meta info
        return ctor(6) + sizeOfText(d.name) + mod + hashSize(this.hash) + x.type(d.type, 0, []) + metaSize(d.meta, this.ver);
    }
  }

  private constValue(name: string): PactValue {
    const c = this.data.members.get(name);
    if (!(c instanceof ConstRef) || c.value === null) throw new Unsupported(`constant ${name}`);
    return c.value;
  }

  /// A native integer constant, stored whole: `TConst (Arg name integer info) Nothing
  /// (CVEval lit lit) (Meta (Just doc) []) info`.
  private nativeConstSize(name: string, value: bigint, doc: string): number {
    const walk = new Walk(this, true);
    const lit = valueTermSize(value, this.ver);
    return ctor(5) + argSize(name, walk.type({ t: 'prim', name: 'integer' }, 0, [])) + maybe(null) + ctor(2) + 2 * lit
      + metaSize({ docs: doc, model: [] }, this.ver);
  }

  /// Size of the `n` a free name resolves to. `resolved` as in `defSize`.
  free(name: Name, resolved: boolean): number {
    // Names in the code were resolved when it was linked; made-up names just after.
    const v: Val = this.data.resolved.get(name) ?? this.madeUp(name);
    const own = ownMember(this.data, name.name, v) ? name.name : null;
    if (own !== null) {
      if (this.fq) {
        const d = this.defs.get(own)!;
        if (d.t === 'def') return fqVarRef(own, this.module, this.hash); // Direct (TVar (FQName ..))
        // Ref (TVar (Direct value))
        if (d.t === 'const') return ctor(1) + ctor(2) + ctor(1) + valueTermSize(this.constValue(own), this.ver);
        return this.ref(own); // schemas and tables are inlined
      }
      // DisablePact43: `Left name`, and every use pays for the inlined definition.
      const inlined = this.ref(own);
      if (resolved) return inlined;
      this.extra += inlined;
      return ctor(1) + sizeOfText(own);
    }
    const right = (r: number): number => (resolved || this.fq ? r : ctor(1) + r);
    if (v instanceof NativeRef) return right(ctor(1) + nativeSize(v.native, (n) => nativeSchema(this.install.natives, n))); // Direct (TNative ..)
    if (v instanceof ModRef) {
      // A reference to the module itself, made while it was linked, shares its interfaces' list.
      return right(modRefRef(v.name, v.ifaces === this.data.interfaces ? this.install.interfaces : v.ifaces));
    }
    if (v instanceof Def) {
      const mod = v.module.name;
      if (this.fq) {
        this.deps.add(mod);
        return fqVarRef(v.name, mod, v.module.hash);
      }
      const r = storedRef(this.install, mod, v.name);
      // A foreign `Ref (TDef ..)` is inlined too, charged as the `TDef` without its `Ref`.
      if (!resolved) this.extra += r - ctor(1);
      return right(r);
    }
    if (v instanceof ConstRef || v instanceof SchemaRef) return right(storedRef(this.install, v.module, v.name));
    if (v instanceof TableRef) return right(storedRef(this.install, v.module.name, v.name));
    const native = name.module === null ? this.install.natives.get(name.name) : undefined;
    if (typeof native?.constant === 'bigint') return right(ctor(1) + this.nativeConstSize(native.name, native.constant, native.docs));
    throw new Unsupported(name.name); // native schemas
  }

  private madeUp(name: Name): Val {
    const v = this.install.madeUp.get(nameKey(name));
    if (v === undefined) throw new Error(`module memory: ${nameKey(name)} was not resolved at install`);
    if (v instanceof PactError) throw v;
    return v;
  }
}

const argNames = (args: readonly Arg[]): string[] => args.map((a) => a.name);

/// Sizes terms inside a definition. `depth` counts the enclosing `Scope`s and `scopes` lists their
/// binders (outermost first): a bound variable is `B i` wrapped in `F (TVar ..)` once per scope
/// entered since, and a free one `F (TVar ..)` once per enclosing scope around the resolved `n`.
class Walk {
  private readonly sizer: Sizer;
  private readonly resolved: boolean;
  constructor(sizer: Sizer, resolved: boolean) {
    this.sizer = sizer;
    this.resolved = resolved;
  }

  /// `TVar v info` for a name at `depth`.
  varTerm(name: Name, depth: number, scopes: readonly (readonly string[])[]): number {
    if (name.module === null) {
      for (let level = scopes.length; level >= 1; level--) {
        if (scopes[level - 1]!.includes(name.name)) return ctor(2) + (depth - level) * (ctor(1) + ctor(2)) + ctor(1) + 2 * W;
      }
    }
    return ctor(2) + depth * (ctor(1) + ctor(2)) + this.sizer.free(name, this.resolved);
  }

  /// A `Scope` body: the forms in a `TList` typed `TyAny`.
  bodyList(items: readonly number[]): number {
    return ctor(3) + vector(items) + W;
  }

  /// The terms as a `Scope` body (`bodyList`), sized in order without an array of their sizes.
  bodyTerms(ts: readonly Term[], depth: number, scopes: readonly (readonly string[])[]): number {
    return ctor(3) + this.terms(ts, depth, scopes, 7 * W + ts.length * W) + W;
  }

  /// `base` plus the sizes of `ts`, in order (the sizer counts dependencies as it meets them).
  private terms(ts: readonly Term[], depth: number, scopes: readonly (readonly string[])[], base: number): number {
    let size = base;
    for (const u of ts) size += this.term(u, depth, scopes);
    return size;
  }

  term(t: Term, depth: number, scopes: readonly (readonly string[])[]): number {
    switch (t.t) {
      case 'lit': return ctor(2) + literalSize(t.value, this.sizer.ver);
      case 'var': return this.varTerm(t.name, depth, scopes);
      case 'list': {
        // TList items type info: a list literal's type is its fresh element variable.
        const ty = t.type.t === 'list' ? t.type.elem : t.type;
        // A boxed vector of the items.
        return ctor(3) + this.terms(t.items, depth, scopes, (7 + t.items.length) * W) + this.type(ty, depth, scopes);
      }
      case 'object': {
        // TObject (Object (Map key term) TyAny (Just keyOrder) info) info
        const fields = new Map<string, Term>();
        for (const [k, v] of t.pairs) fields.set(k, v);
        let map = 6 * W * fields.size;
        for (const [k, v] of fields) map += sizeOfText(k) + this.term(v, depth, scopes);
        return ctor(2) + ctor(4) + map + W + maybe(list(t.pairs.map(([k]) => sizeOfText(k))));
      }
      case 'app': {
        const fn = this.term(t.fn, depth, scopes);
        // A Haskell list of the arguments.
        return ctor(2) + ctor(3) + fn + this.terms(t.args, depth, scopes, W + 3 * W * t.args.length);
      }
      case 'binding': case 'let': {
        // TBinding pairs body (BindSchema TyAny | BindLet) info
        const pairs = t.pairs.map((p) => {
          const lam = t.t === 'let' && p.value.t === 'lambda' ? p.value : null;
          const val = lam !== null ? this.lambda(lam, depth, scopes, p.arg.name, p.arg.type) : this.term(p.value, depth, scopes);
          return ctor(2) + this.arg(p.arg, depth, scopes) + val; // BindPair arg val
        });
        const inner = [...scopes, t.pairs.map((p) => p.arg.name)];
        const body = this.bodyTerms(t.body, depth + 1, inner);
        return ctor(4) + list(pairs) + body + (t.t === 'let' ? W : ctor(1) + W);
      }
      case 'lambda': return this.lambda(t, depth, scopes, null, null);
      case 'dyn': case 'use': case 'module': case 'interface':
        throw new Unsupported(t.t);
    }
  }

  /// `TLam (Lam name funType body info) info`. A lambda bound by `let` takes the binding's name and
  /// type as its name and return type; otherwise its name is Pact's fresh "`afN", N being the
  /// fresh counter just before the return type's variable.
  private lambda(t: Extract<Term, { t: 'lambda' }>, depth: number, scopes: readonly (readonly string[])[],
    boundName: string | null, boundType: Type | null): number {
    let name = boundName;
    if (name === null) {
      if (t.ret.t !== 'var') throw new Unsupported('lambda type');
      name = `\`af${freshIndex(t.ret.name) - 1}`;
    }
    const body = this.bodyTerms(t.body, depth + 1, [...scopes, argNames(t.args)]);
    return ctor(2) + ctor(4) + sizeOfText(name) + this.funType(t.args, boundType ?? t.ret, depth, scopes) + body;
  }

  /// `TStep (Step entity exec rollback info) meta info`.
  step(s: Step, depth: number, scopes: readonly (readonly string[])[]): number {
    const sub = (u: Term | null): number | null => (u === null ? null : this.term(u, depth, scopes));
    return ctor(3) + ctor(4) + maybe(sub(s.entity)) + sub(s.exec)! + maybe(sub(s.rollback)) + metaSize({ docs: null, model: s.model }, this.sizer.ver);
  }

  /// `FunType args return`.
  funType(args: readonly Arg[], ret: Type, depth: number, scopes: readonly (readonly string[])[]): number {
    return funTypeSize({ args, ret }, this.userTerm(depth, scopes));
  }

  arg(a: Arg | { readonly name: string; readonly type: Type }, depth: number, scopes: readonly (readonly string[])[]): number {
    return argSize(a.name, this.type(a.type, depth, scopes));
  }

  /// `Type (Term n)`; a user type holds the schema's name as a term.
  type(t: Type, depth: number, scopes: readonly (readonly string[])[]): number {
    return typeSize(t, this.userTerm(depth, scopes));
  }

  private userTerm(depth: number, scopes: readonly (readonly string[])[]): (s: SchemaDef) => number {
    return (s) => this.varTerm(schemaName(s), depth, scopes);
  }
}

/// Inverse of the compiler's fresh type-variable naming (a..z, two letters, letter and number).
function freshIndex(name: string): number {
  const l = (i: number) => name.charCodeAt(i) - 97;
  if (name.length === 1) return l(0);
  if (/^[a-z][a-z]$/.test(name)) return (l(0) + 1) * 26 + l(1);
  return Number(name.slice(1)) * 26 + 26 * 26 + l(0);
}
