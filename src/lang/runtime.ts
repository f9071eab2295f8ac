/// The runtime model: evaluable nodes, environments, user definitions, modules and the other
/// non-data values the evaluator passes around.
import type { Info } from '../syntax/exp.ts';
import type { PactValue } from '../values/value.ts';
import type { Type } from '../values/type.ts';
import type { ModuleMemory } from './module-memory.ts';
import type { DefcapMeta, DefKind, DefTerm, Meta, Name, UseTerm } from './term.ts';
import type { Ctx } from './context.ts';

/// Anything an expression can evaluate to.
export type Val = PactValue | Def | Closure | Partial | NativeRef | TableRef | SchemaRef | ConstRef;

type SchemaType = Extract<Type, { t: 'schema' }>;

/// Local variables of one function call (or lambda call, or top-level expression).
/// Slots are assigned when the code is linked; `up` is the defining scope of a lambda.
/// The constructor only stores (a call makes one): the slot array is made by the caller, for
/// a call whose body binds nothing but its arguments the argument values themselves (nothing
/// writes to argument slots, so no copy is needed).
export class Env {
  readonly slots: Val[];
  readonly up: Env | null;
  constructor(slots: Val[], up: Env | null) {
    this.slots = slots;
    this.up = up;
  }
}

/// An environment of `size` empty slots.
export function emptyEnv(size: number, up: Env | null = null): Env {
  return new Env(new Array<Val>(size), up);
}

export type NodeKind = 'lit' | 'var' | 'app' | 'lambda' | 'list' | 'object' | 'binding' | 'other';

/// The parts of a node that only some kinds have (see `Node`).
export interface NodeParts {
  readonly fn?: Node;
  readonly args?: readonly Node[];
  readonly global?: Val;
  readonly children?: readonly Node[];
  readonly fields?: ReadonlyArray<readonly [string, Node]>;
  readonly items?: readonly Node[];
  readonly closure?: (env: Env) => Closure;
  readonly binding?: Binding;
  readonly value?: Val;
  readonly slot?: number;
  readonly data?: boolean;
}

const NO_PARTS: NodeParts = {};

/// A linked, evaluable expression. `ev` is a closure made once at link time.
/// Every node is of this one class, every field set in the same order: the evaluator reads
/// `ev` (and natives read `args`, `kind`, ...) of nodes of every kind at the same places,
/// and one hidden class keeps those reads monomorphic.
export class Node {
  readonly kind: NodeKind;
  readonly info: Info;
  readonly ev: (ctx: Ctx, env: Env) => Val;
  /// For `app` nodes: the callee and argument nodes, used by higher-order natives that take a
  /// partial application (`(map (+ 1) xs)`) and by natives that receive their arguments unevaluated.
  readonly fn: Node | undefined;
  readonly args: readonly Node[] | undefined;
  /// For `var` nodes naming a global (definition, native, table, ...): what it names.
  readonly global: Val | undefined;
  /// Sub-expressions of forms that keep no other record of them (`let`, bodies, lambdas), for
  /// static checks over linked code.
  readonly children: readonly Node[] | undefined;
  /// For `object` nodes: the fields' nodes in source order.
  readonly fields: ReadonlyArray<readonly [string, Node]> | undefined;
  /// For `list` nodes: the element nodes (`enforce-one` runs them one at a time).
  readonly items: readonly Node[] | undefined;
  /// For `lambda` nodes: make the closure in an environment.
  readonly closure: ((env: Env) => Closure) | undefined;
  /// For `binding` nodes (`{ "k" := v } body`).
  readonly binding: Binding | undefined;
  /// For `lit` nodes: the value (see `evalNode`).
  readonly value: Val | undefined;
  /// For `var` nodes naming a local of the current frame: its slot, else -1 (see `evalNode`).
  readonly slot: number;
  /// Evaluates to plain data whatever it is given: a literal, a list or object literal, an
  /// equality, a conditional or `let` whose results are, a local bound to such or to an argument
  /// checked as a data type. A function whose result type is unconstrained needs no check of
  /// such a result.
  readonly data: boolean;
  constructor(kind: NodeKind, info: Info, ev: (ctx: Ctx, env: Env) => Val, parts: NodeParts = NO_PARTS) {
    this.kind = kind;
    this.info = info;
    this.ev = ev;
    this.fn = parts.fn;
    this.args = parts.args;
    this.global = parts.global;
    this.children = parts.children;
    this.fields = parts.fields;
    this.items = parts.items;
    this.closure = parts.closure;
    this.binding = parts.binding;
    this.value = parts.value;
    this.slot = parts.slot ?? -1;
    this.data = parts.data ?? false;
  }
}

/// Evaluates a node. A literal's value and a local of the current frame are read here rather
/// than through `ev`: most operands are one or the other, and a call through `ev` (a different
/// closure at every node) costs more than the rest of reading them.
export function evalNode(n: Node, ctx: Ctx, env: Env): Val {
  return n.slot >= 0 ? env.slots[n.slot]! : n.value !== undefined ? n.value : n.ev(ctx, env);
}

/// A schema binding form: column expressions, the slots their values go to, and the body.
export interface Binding {
  readonly columns: readonly Node[];
  readonly slots: readonly number[];
  readonly types: readonly Type[];
  readonly names: readonly string[];
  readonly body: Node;
}

export interface RArg {
  readonly name: string;
  readonly type: Type;
  readonly info: Info;
}

/// A callable with a fixed argument list: user definitions and lambdas.
export interface Fn {
  readonly name: string;
  readonly args: readonly RArg[];
  readonly ret: Type;
}

/// A user definition (defun, defcap, defpact). Bodies are linked after all of a module's
/// definitions exist, so they can refer to each other.
export class Def implements Fn {
  readonly kind: DefKind;
  readonly name: string;
  readonly module: ModuleData;
  readonly args: RArg[];
  ret: Type;
  readonly meta: Meta;
  readonly info: Info;
  /// Set when linked. `slots` is the size of the call frame.
  /// `module.name`, made once: names of calls and capabilities are compared and hashed often.
  readonly qualifiedName: string;
  body: Node | null = null;
  slots = 0;
  /// The call-stack depth this definition was last entered at (see `guardRecursion`).
  activeAt = -1;
  /// The quick checks of its arguments and result (typecheck.ts `argChecks`, `resultCheck`),
  /// made at its first call.
  argChecks: readonly number[] | null = null;
  retCheck = 0;
  steps: RStep[] = [];
  defcapMeta: RDefcapMeta | null = null;
  readonly rawDefcapMeta: DefcapMeta | null;
  constructor(kind: DefKind, name: string, module: ModuleData, args: RArg[], ret: Type, meta: Meta,
    rawDefcapMeta: DefcapMeta | null, info: Info) {
    this.kind = kind;
    this.name = name;
    this.module = module;
    this.args = args;
    this.ret = ret;
    this.meta = meta;
    this.rawDefcapMeta = rawDefcapMeta;
    this.info = info;
    this.qualifiedName = `${module.name}.${name}`;
  }
}

export interface RStep {
  readonly entity: Node | null;
  readonly exec: Node;
  readonly rollback: Node | null;
  readonly info: Info;
}

export type RDefcapMeta =
  | { readonly kind: 'managed'; readonly param: string; readonly paramIndex: number; readonly manager: Def }
  | { readonly kind: 'auto' }
  | { readonly kind: 'event' };

/// A lambda together with the environment it was made in.
export class Closure implements Fn {
  readonly name: string;
  readonly args: readonly RArg[];
  readonly ret: Type;
  readonly body: Node;
  readonly slots: number;
  readonly env: Env;
  /// The quick checks of its arguments and result (typecheck.ts `argChecks`, `resultCheck`),
  /// made when it was linked.
  readonly argChecks: readonly number[];
  readonly retCheck: number;
  constructor(name: string, args: readonly RArg[], argChecks: readonly number[], retCheck: number, ret: Type, body: Node, slots: number, env: Env) {
    this.name = name;
    this.args = args;
    this.argChecks = argChecks;
    this.retCheck = retCheck;
    this.ret = ret;
    this.body = body;
    this.slots = slots;
    this.env = env;
  }
}

/// A function applied to some of its arguments; higher-order natives append the rest.
/// A special native (`compose`, `where`, ...) keeps its given arguments unevaluated, with the
/// environment to evaluate them in, as Pact appends to the application term itself.
export class Partial {
  readonly fn: Val;
  readonly args: readonly Val[];
  readonly node: Node;
  readonly env: Env | null;
  constructor(fn: Val, args: readonly Val[], node: Node, env: Env | null = null) {
    this.fn = fn;
    this.args = args;
    this.node = node;
    this.env = env;
  }
}

/// A native function as a value (e.g. `+` typed alone at the REPL).
export class NativeRef {
  readonly native: import('../natives/registry.ts').Native;
  constructor(native: import('../natives/registry.ts').Native) {
    this.native = native;
  }
}

export class TableRef {
  readonly module: ModuleData;
  readonly name: string;
  readonly type: Type;
  readonly meta: Meta;
  readonly info: Info;
  /// The storage name, e.g. `USER_accounts_accounts` (made once: every read and write uses it).
  readonly tableId: string;
  /// What a written row is checked against when the table has a schema: a whole row, or (an
  /// update) any of its columns. Made once: every write uses one.
  readonly rowType: SchemaType | null;
  readonly updateType: SchemaType | null;
  constructor(module: ModuleData, name: string, type: Type, meta: Meta, info: Info) {
    this.module = module;
    this.name = name;
    this.type = type;
    this.meta = meta;
    this.info = info;
    this.tableId = `USER_${module.name}_${name}`;
    const typed = type.t === 'user';
    this.rowType = typed ? { t: 'schema', kind: 'object', schema: type, partial: null } : null;
    this.updateType = typed ? { t: 'schema', kind: 'object', schema: type, partial: 'any' } : null;
  }
}

export class SchemaRef {
  readonly module: string;
  readonly name: string;
  readonly type: Type;
  readonly meta: Meta;
  constructor(module: string, name: string, type: Type, meta: Meta) {
    this.module = module;
    this.name = name;
    this.type = type;
    this.meta = meta;
  }
}

/// A module constant; its value is computed when the module is installed.
export class ConstRef {
  readonly module: string;
  readonly name: string;
  readonly type: Type;
  readonly meta: Meta;
  value: PactValue | null = null;
  constructor(module: string, name: string, type: Type, meta: Meta) {
    this.module = module;
    this.name = name;
    this.type = type;
    this.meta = meta;
  }
}

/// A top-level name a module's code resolved while it was built: a member of a module loaded (or
/// `use`d) earlier in the same transaction.
export interface ScopeRef {
  readonly module: string;
  /// The version's hash, or null when it could not be told (resolved against the current one).
  readonly hash: string | null;
  readonly member: string;
}

/// Everything outside its own code that a module's definitions were resolved against when it was
/// installed, so the module can be rebuilt exactly from its code later (`restore.ts`): Pact keeps
/// installed modules with their dependencies inlined; we keep the versions they named.
export interface ModuleOrigin {
  /// The module form's span in the code it was installed from.
  readonly info: Info;
  /// The namespace in effect at install.
  readonly namespace: string | null;
  readonly flags: readonly string[];
  /// Module names looked up while building, with the hash of the version found (null: none).
  readonly modules: ReadonlyMap<string, string | null>;
  readonly scope: ReadonlyMap<string, ScopeRef>;
}

/// An installed module or interface and its members.
export class ModuleData {
  readonly name: string;
  readonly isInterface: boolean;
  readonly code: string;
  readonly hash: string;
  readonly meta: Meta;
  /// Keyset name or governance defcap; null for interfaces.
  governance: { readonly keyset: string } | { readonly cap: Def } | null = null;
  readonly members = new Map<string, Val>();
  interfaces: string[] = [];
  blessed: string[] = [];
  /// REPL natives the module's code names; restoring such a module needs them enabled.
  readonly replNativeRefs = new Set<string>();
  /// Set once the module was committed: later transactions "restore" it from storage.
  committed = false;
  private sizedMemory: ModuleMemory | null = null;
  /// The sizing of a module installed without gas, still to do (see module-memory.ts).
  pendingMemory: { settle(): void } | null = null;
  /// What it was built against (set at install).
  origin: ModuleOrigin | null = null;
  /// The static type checker reads the code as written: each member's term, and what each free
  /// name in the members' code was resolved to when they were linked.
  readonly terms = new Map<string, Exclude<DefTerm, UseTerm>>();
  readonly resolved = new Map<Name, Val>();
  /// Types written in the members' code (by identity) to their resolved form, where they differ.
  readonly resolvedTypes = new Map<Type, Type>();
  constructor(name: string, isInterface: boolean, code: string, hash: string, meta: Meta) {
    this.name = name;
    this.isInterface = isInterface;
    this.code = code;
    this.hash = hash;
    this.meta = meta;
  }

  /// Sizes of its definitions for the module-memory gas of modules that depend on it; null when
  /// not known. A module installed without gas is sized when this is first read.
  get memory(): ModuleMemory | null {
    this.pendingMemory?.settle();
    return this.sizedMemory;
  }

  set memory(m: ModuleMemory | null) {
    this.pendingMemory = null;
    this.sizedMemory = m;
  }
}
