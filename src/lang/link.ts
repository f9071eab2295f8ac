/// The linker: turns terms into evaluable nodes, resolving every name once — locals to frame
/// slots, globals to the native, definition, constant, table or module they denote.
import type { Info } from '../syntax/exp.ts';
import type { Type } from '../values/type.ts';
import { primitiveEq } from '../values/equality.ts';
import { LiteralFields, ModRef, NotAValue, PList, PObject, SCANNED_KEYS } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import type { BinaryFn, Native } from '../natives/registry.ts';
import type { Ctx } from './context.ts';
import { PactError, engineLimitError, evalError } from './errors.ts';
import { apply, callDef, chargeUserApp, conditional, enterNative, notAValue, withStack } from './eval.ts';
import { GUSE } from './gas.ts';
import { TypeResolver, installInterface, installModule, resolveModuleName, useModule } from './module.ts';
import { Closure, ConstRef, Def, Env, NativeRef, Node, emptyEnv, evalNode } from './runtime.ts';
import { showValCompact } from './show.ts';
import type { ModuleData } from './runtime.ts';
import type { Binding, RArg, RStep, Val } from './runtime.ts';
import type { Arg, BindPair, Name, Step, Term } from './term.ts';
import { argChecks, checkArgs, checkedData, resultCheck, typeName } from './typecheck.ts';
import { refSite } from './refsite.ts';
import type { RefSite } from '../values/value.ts';

/// Slot layout of one call frame while it is being linked. A slot known to hold plain data
/// (see `Node.data`) says so.
class Layout {
  size = 0;
  readonly names: Array<{ readonly name: string; readonly slot: number; readonly data: boolean }> = [];
  readonly parent: Layout | null;
  constructor(parent: Layout | null) {
    this.parent = parent;
  }
  /// Binds one group of names (a function's arguments, a `let`'s, a binding form's) to new
  /// slots, in order, each known to hold plain data where `data` says so. A name repeated in
  /// the group resolves to its first binding, as Pact's `abstract` over the group's names finds
  /// the first (`elemIndex`).
  bindAll(names: readonly string[], data?: readonly boolean[]): number[] {
    const slots = names.map(() => this.size++);
    for (let i = names.length - 1; i >= 0; i--) {
      this.names.push({ name: names[i]!, slot: slots[i]!, data: data?.[i] ?? false });
    }
    return slots;
  }
}

/// What a module's code can see besides natives: its own members and its imports.
export interface ModuleScope {
  readonly module: ModuleData;
  readonly imports: Map<string, Val>;
  /// While a member is linked, the module's own members it names, in order (for recursion
  /// detection at install); null when not recording.
  references: string[] | null;
}

/// Notes a name resolved to one of the module's own members.
export function noteReference(scope: ModuleScope | null, name: string): void {
  scope?.references?.push(name);
}

export interface Linked {
  readonly node: Node;
  readonly slots: number;
}

export class Linker {
  private layout = new Layout(null);
  private readonly ctx: Ctx;
  private readonly scope: ModuleScope | null;
  private readonly types: TypeResolver;
  /// The site of the top-level form being linked (null in module code).
  private readonly topLevel: RefSite | null;

  constructor(ctx: Ctx, scope: ModuleScope | null, topLevel: Info | null = null) {
    this.ctx = ctx;
    this.scope = scope;
    this.types = new TypeResolver(ctx, scope);
    this.topLevel = topLevel === null ? null : refSite(topLevel);
  }

  /// A module reference made by `name`: at the top level Pact records the whole form it is in,
  /// in module code the name itself.
  private siteOf(name: Name): RefSite {
    return this.topLevel ?? refSite(name.info);
  }

  private rarg(a: Arg): RArg {
    return { name: a.name, type: this.types.resolve(a.type, a.info), info: a.info };
  }

  /// Links a top-level expression or a definition body with `args` in slots 0..n-1.
  linkBody(terms: readonly Term[], args: readonly Arg[]): Linked {
    this.layout = new Layout(null);
    this.layout.bindAll(args.map((a) => a.name));
    const node = this.seq(terms);
    return { node, slots: this.layout.size };
  }

  /// Links a defpact's steps; they share one frame layout with the defpact's arguments.
  linkSteps(steps: readonly Step[], args: readonly Arg[]): { steps: RStep[]; slots: number } {
    this.layout = new Layout(null);
    this.layout.bindAll(args.map((a) => a.name));
    const linked = steps.map((s) => ({
      entity: s.entity === null ? null : this.node(s.entity),
      exec: this.node(s.exec),
      rollback: s.rollback === null ? null : this.node(s.rollback),
      info: s.info,
    }));
    return { steps: linked, slots: this.layout.size };
  }

  node(t: Term): Node {
    switch (t.t) {
      case 'lit': {
        const v = t.value;
        return new Node('lit', t.info, () => v, { value: v, data: true });
      }
      case 'var': return this.varNode(t.name, t.info);
      case 'dyn': return this.dynNode(t.ref, t.member, t.info);
      case 'list': {
        const items = t.items.map((x) => this.node(x));
        const elemType = t.type.t === 'list' ? t.type.elem : t.type;
        return new Node('list', t.info, (ctx, env) => new PList(evalValues(ctx, env, items), elemType), { items, data: true });
      }
      case 'object': {
        const keys = t.pairs.map((p) => p[0]);
        const vals = t.pairs.map((p) => this.node(p[1]));
        return new Node('object', t.info, objectLiteral(keys, vals), { fields: keys.map((k, i) => [k, vals[i]!] as const), data: true });
      }
      case 'app': return this.appNode(t.fn, t.args, t.info);
      case 'let': return this.letNode(t.pairs, t.body, t.info);
      case 'lambda': return this.lambdaNode(t.args, t.ret, t.body, t.info, 'lambda');
      case 'binding': return this.bindingNode(t.pairs, t.body, t.info);
      case 'use': {
        const u = t;
        return new Node('other', t.info, (ctx) => {
          if (ctx.gas.active) ctx.gas.charge('use', GUSE, u.info);
          return useModule(ctx, u, null);
        });
      }
      case 'module': {
        const m = t;
        return new Node('other', t.info, (ctx) => installModule(ctx, m));
      }
      case 'interface': {
        const i = t;
        return new Node('other', t.info, (ctx) => installInterface(ctx, i));
      }
    }
  }

  private seq(terms: readonly Term[]): Node {
    const nodes = terms.map((x) => this.node(x));
    if (nodes.length === 1) return nodes[0]!;
    const last = nodes.length - 1;
    return new Node('other', nodes[last]!.info, (ctx, env) => {
      for (let i = 0; i < last; i++) nodes[i]!.ev(ctx, env);
      return nodes[last]!.ev(ctx, env);
    }, { children: nodes, data: nodes[last]!.data });
  }

  private lookupLocal(name: string): { depth: number; slot: number; data: boolean } | null {
    let depth = 0;
    for (let l: Layout | null = this.layout; l !== null; l = l.parent, depth++) {
      for (let i = l.names.length - 1; i >= 0; i--) {
        const b = l.names[i]!;
        if (b.name === name) return { depth, slot: b.slot, data: b.data };
      }
    }
    return null;
  }

  private varNode(name: Name, info: Info): Node {
    if (name.module === null) {
      const local = this.lookupLocal(name.name);
      if (local !== null) return localNode(local.depth, local.slot, local.data, info);
    }
    return globalNode(this.resolveGlobal(name), info);
  }

  /// Resolves a free name: natives, then the module's own members and imports (or, at the top
  /// level, the REPL's scope), then a module of that name as a module reference. In module code
  /// the result is kept for the type checker, which reads the code as written.
  resolveGlobal(name: Name): Val {
    const v = this.lookupGlobal(name);
    this.scope?.module.resolved.set(name, v);
    return v;
  }

  private lookupGlobal(name: Name): Val {
    const ctx = this.ctx;
    if (name.module !== null) return this.resolveQualified(name);
    const native = ctx.natives.get(name.name);
    if (native !== undefined) return native.constant ?? new NativeRef(native);
    // REPL natives are in scope at the top level of a REPL script (so module code there may name
    // them) and, once `env-enable-repl-natives` puts them beside the natives, everywhere.
    const replNative = ctx.replNativesAtTop || ctx.env.replNativesInModules ? ctx.replNatives.get(name.name) : undefined;
    if (replNative !== undefined) {
      // A module naming one cannot be restored in a later transaction unless they are enabled
      // there (see resolveModuleName).
      if (this.scope !== null) this.scope.module.replNativeRefs.add(name.name);
      return new NativeRef(replNative);
    }
    // Names loaded or imported at the top level in this transaction are visible to modules too;
    // before Pact 4.3 they even shadowed the module's own definitions.
    const loaded = ctx.scope.get(name.name);
    if (loaded !== undefined && ctx.flag('DisablePact43')) return loaded;
    if (this.scope !== null) {
      const own = this.scope.module.members.get(name.name);
      if (own !== undefined) {
        noteReference(this.scope, name.name);
        return own;
      }
      const imported = this.scope.imports.get(name.name);
      if (imported !== undefined) return imported;
    }
    if (loaded !== undefined) return loaded;
    const mod = resolveModuleName(ctx, name.name, null);
    if (mod !== undefined) return new ModRef(mod.name, mod.isInterface ? null : mod.interfaces, this.siteOf(name));
    if (this.scope !== null && name.name === this.scope.module.name.split('.').pop()) {
      return new ModRef(this.scope.module.name, this.scope.module.interfaces, this.siteOf(name));
    }
    throw evalError(name.info, this.scope !== null ? `Cannot resolve "${name.name}"` : `Cannot resolve ${name.name}`);
  }

  private resolveQualified(name: Name): Val {
    const modName = name.ns === null ? name.module! : `${name.ns}.${name.module}`;
    // Before Pact 4.8 a qualified name always went to the stored module: in an upgrade, the
    // previous version's definition.
    const own = this.ctx.flag('DisablePact48') || this.ctx.flag('DisablePact43') ? undefined : this.scope?.module;
    if (own !== undefined && (own.name === modName || (name.ns === null && own.name.endsWith(`.${modName}`)))) {
      const v = own.members.get(name.name);
      if (v !== undefined) {
        noteReference(this.scope, name.name);
        return v;
      }
    }
    const mod = resolveModuleName(this.ctx, name.module!, name.ns);
    const v = mod?.members.get(name.name);
    if (v === undefined && name.ns === null) {
      // `ns.mod` names a module (as a module reference) when `ns` is not a module.
      const asModule = resolveModuleName(this.ctx, name.name, name.module);
      if (asModule !== undefined) return new ModRef(asModule.name, asModule.isInterface ? null : asModule.interfaces, this.siteOf(name));
    }
    if (v === undefined) {
      const shown = `${modName}.${name.name}`;
      throw evalError(name.info, this.scope !== null ? `Cannot resolve "${shown}"` : `Cannot resolve ${shown}`);
    }
    return v;
  }

  private dynNode(ref: string, member: string, info: Info): Node {
    const refNode = this.varNode({ name: ref, module: null, ns: null, info }, info);
    return new Node('var', info, (ctx, env) => {
      const v = dynamicMember(ctx, refNode.ev(ctx, env), member, info);
      return v instanceof ConstRef ? v.value! : v;
    });
  }

  private appNode(fnTerm: Term, argTerms: readonly Term[], info: Info): Node {
    // A global head is resolved once: resolving records references.
    const head = fnTerm.t === 'var' && (fnTerm.name.module !== null || this.lookupLocal(fnTerm.name.name) === null)
      ? this.resolveGlobal(fnTerm.name) : null;
    const fn = head !== null ? globalNode(head, fnTerm.info) : this.node(fnTerm);
    const args = argTerms.map((a) => this.node(a));
    if (head !== null) {
      if (head instanceof NativeRef) return nativeNode(head.native, fn, args, info);
      if (head instanceof Def) return defNode(head, fn, args, info);
    }
    return new Node('app', info, (ctx, env) => {
      const f = fn.ev(ctx, env);
      if (f instanceof ModRef) throw evalError(info, `Expected def: ${f.name}`);
      if (ctx.gas.active && (f instanceof Def || f instanceof Closure)) chargeUserApp(ctx, f, info);
      const vals = args.map((a) => a.ev(ctx, env));
      return apply(ctx, f, vals, info);
    }, { fn, args });
  }

  private letNode(pairs: readonly BindPair[], body: readonly Term[], info: Info): Node {
    const values = pairs.map((p) => p.value.t === 'lambda'
      ? this.lambdaNode(p.value.args, p.arg.type.t === 'var' ? p.value.ret : p.arg.type, p.value.body, p.value.info, p.arg.name)
      : this.node(p.value));
    const args: RArg[] = pairs.map((p) => this.rarg(p.arg));
    const saved = this.layout.names.length;
    const slots = this.layout.bindAll(pairs.map((p) => p.arg.name), values.map((v) => v.data));
    const bodyNode = this.seq(body);
    this.layout.names.length = saved;
    const n = values.length;
    const typed = args.some((a) => a.type.t !== 'var' && a.type.t !== 'any');
    return new Node('other', info, (ctx, env) => {
      // The bound slots are new, so no value expression can read them: bind as we go.
      for (let i = 0; i < n; i++) {
        const v = values[i]!;
        env.slots[slots[i]!] = v.kind === 'lambda' ? v.closure!(env) : v.ev(ctx, env);
      }
      if (typed) checkSlots(args, slots, env);
      return bodyNode.ev(ctx, env);
    }, { children: [...values, bodyNode], data: bodyNode.data });
  }

  private lambdaNode(args: readonly Arg[], ret: Type, body: readonly Term[], info: Info, name: string): Node {
    const rargs: RArg[] = args.map((a) => this.rarg(a));
    const checks = argChecks(rargs);
    const outer = this.layout;
    this.layout = new Layout(outer);
    this.layout.bindAll(args.map((a) => a.name), checks.map(checkedData));
    const bodyNode = this.seq(body);
    const size = this.layout.size;
    this.layout = outer;
    const resolvedRet = this.types.resolve(ret, info);
    const retCheck = resultCheck(resolvedRet, bodyNode.data);
    const closure = (env: Env) => new Closure(name, rargs, checks, retCheck, resolvedRet, bodyNode, size, env);
    return new Node('lambda', info, (_ctx, env) => closure(env), { closure, children: [bodyNode] });
  }

  private bindingNode(pairs: readonly BindPair[], body: readonly Term[], info: Info): Node {
    const columns = pairs.map((p) => this.node(p.value));
    const saved = this.layout.names.length;
    const slots = this.layout.bindAll(pairs.map((p) => p.arg.name));
    const bodyNode = this.seq(body);
    this.layout.names.length = saved;
    const binding: Binding = {
      columns, slots, types: pairs.map((p) => this.rarg(p.arg).type), names: pairs.map((p) => p.arg.name), body: bodyNode,
    };
    return new Node('binding', info, () => { throw evalError(info, 'Unexpected binding form'); }, { binding });
  }
}

/// Evaluates an object literal. A literal with a few distinct keys shares its key list among
/// the objects it makes; others (a repeated key keeps its first place and last value) get a Map.
function objectLiteral(keys: readonly string[], vals: readonly Node[]): Node['ev'] {
  const n = keys.length;
  if (n <= SCANNED_KEYS && new Set(keys).size === n) {
    return (ctx, env) => new PObject(new LiteralFields(keys, evalValues(ctx, env, vals)), true);
  }
  return (ctx, env) => {
    const m = new Map<string, PactValue>();
    for (let i = 0; i < n; i++) m.set(keys[i]!, evalNode(vals[i]!, ctx, env) as PactValue);
    return new PObject(m, true);
  };
}

/// Evaluates the values of a list or object literal in order. Not `evalArgs`: values are often
/// kept (in a list, a row) where arguments are not, and for kept values its array literals
/// measured slower than an array made at its size.
function evalValues(ctx: Ctx, env: Env, nodes: readonly Node[]): PactValue[] {
  const values = new Array<PactValue>(nodes.length);
  for (let i = 0; i < nodes.length; i++) values[i] = evalNode(nodes[i]!, ctx, env) as PactValue;
  return values;
}

/// Checks let-bound values (in their slots) against the declared types.
function checkSlots(args: readonly RArg[], slots: readonly number[], env: Env): void {
  checkArgs(args, slots.map((s) => env.slots[s]!));
}

function localNode(depth: number, slot: number, data: boolean, info: Info): Node {
  if (depth === 0) return new Node('var', info, (_ctx, env) => env.slots[slot]!, { slot, data });
  if (depth === 1) return new Node('var', info, (_ctx, env) => env.up!.slots[slot]!, { data });
  return new Node('var', info, (_ctx, env) => {
    let e = env;
    for (let d = 0; d < depth; d++) e = e.up!;
    return e.slots[slot]!;
  }, { data });
}

function globalNode(v: Val, info: Info): Node {
  if (v instanceof ConstRef) return new Node('var', info, () => v.value!);
  if (v instanceof Def) return new Node('var', info, (ctx) => defAsValue(ctx, v, info), { global: v });
  return new Node('var', info, () => v, { global: v });
}

/// A definition used as a value (not called): since Pact 4.7 an error, before it its text.
function defAsValue(ctx: Ctx, d: Def, info: Info): Val {
  if (!ctx.flag('DisablePact47')) throw evalError(info, 'Cannot display function details in non-repl context');
  return showValCompact(d);
}

/// A native application. Strict natives get evaluated arguments; special ones the nodes.
/// No frame is pushed: an error unwinding through the application records its frame (see
/// CallStack), where Pact's frame is pushed before the arguments are evaluated.
function nativeNode(native: Native, fn: Node, args: readonly Node[], info: Info): Node {
  if (native.name === 'at' && args.length === 2 && typeof args[0]!.value === 'string') return fieldNode(native, fn, args, info);
  if ((native.name === '=' || native.name === '!=') && args.length === 2) return equalityNode(native, fn, args, info);
  if (native.binary !== null && args.length === 2) return binaryNode(native, native.binary, fn, args, info);
  if (native.name === 'if' && args.length === 3) return ifNode(native, fn, args, info);
  const special = native.special;
  const strict = native.strict!;
  const node: Node = new Node('app', info, special !== null
    ? (ctx, env) => {
      const depth = enterApp(ctx, native, node);
      try {
        return special(ctx, args, env, node, native);
      } catch (e) {
        throw unwound(ctx, depth, native, node, env, e);
      }
    }
    : (ctx, env) => {
      const depth = enterApp(ctx, native, node);
      try {
        return strict(ctx, evalArgs(ctx, env, args), node, native);
      } catch (e) {
        throw unwound(ctx, depth, native, node, env, e);
      }
    }, { fn, args });
  return node;
}

/// A strict native applied to two arguments, called through its two-argument entry (no array).
function binaryNode(native: Native, binary: BinaryFn, fn: Node, args: readonly Node[], info: Info): Node {
  const a = args[0]!;
  const b = args[1]!;
  const node: Node = new Node('app', info, (ctx, env) => {
    const depth = enterApp(ctx, native, node);
    try {
      return binary(ctx, evalNode(a, ctx, env), evalNode(b, ctx, env), node, native);
    } catch (e) {
      throw unwound(ctx, depth, native, node, env, e);
    }
  }, { fn, args });
  return node;
}

/// `(at 'key object)`: a field read with a literal key, the commonest use of `at`. The lookup is
/// made here (not through the native's entry every two-argument native shares, a call to a
/// different function at every native); anything else (no such field, not an object) goes to
/// the native, which answers or reports it as ever.
function fieldNode(native: Native, fn: Node, args: readonly Node[], info: Info): Node {
  const key = args[0]!.value as string;
  const object = args[1]!;
  const at = native.binary!;
  const node: Node = new Node('app', info, (ctx, env) => {
    const depth = enterApp(ctx, native, node);
    try {
      const o = evalNode(object, ctx, env);
      const v = o instanceof PObject ? o.fields.get(key) : undefined;
      return v !== undefined ? v : at(ctx, key, o, node, native);
    } catch (e) {
      throw unwound(ctx, depth, native, node, env, e);
    }
  }, { fn, args });
  return node;
}

/// `(= a b)`, `(!= a b)`: two primitives are compared here (see `fieldNode`); any other pair
/// goes to the native.
function equalityNode(native: Native, fn: Node, args: readonly Node[], info: Info): Node {
  const a = args[0]!;
  const b = args[1]!;
  const equals = native.name === '=';
  const compare = native.binary!;
  const node: Node = new Node('app', info, (ctx, env) => {
    const depth = enterApp(ctx, native, node);
    try {
      const x = evalNode(a, ctx, env);
      const y = evalNode(b, ctx, env);
      const primitive = primitiveEq(x, y);
      return primitive !== undefined ? primitive === equals : compare(ctx, x, y, node, native);
    } catch (e) {
      throw unwound(ctx, depth, native, node, env, e);
    }
  }, { fn, args, data: true });
  return node;
}

/// `(if test then else)`: the native's evaluation, made here for its argument nodes. A
/// conditional is evaluated as often as any application, and this saves the call through the
/// native's entry point every special native shares (a call to a different function at every
/// native).
function ifNode(native: Native, fn: Node, args: readonly Node[], info: Info): Node {
  const [test, then, otherwise] = args as [Node, Node, Node];
  const node: Node = new Node('app', info, (ctx, env) => {
    const depth = enterApp(ctx, native, node);
    try {
      return evalNode(conditional(evalNode(test, ctx, env), node) ? then : otherwise, ctx, env);
    } catch (e) {
      throw unwound(ctx, depth, native, node, env, e);
    }
  }, { fn, args, data: then.data && otherwise.data });
  return node;
}

/// An error unwinding through a native application entered at `depth`: its frame is recorded
/// (see CallStack), and the error goes on.
function unwound(ctx: Ctx, depth: number, native: Native, node: Node, env: Env, e: unknown): unknown {
  ctx.stack.unwinding(depth, native.name, node, env);
  return e;
}

/// Entering a native application: the top-level-only check, coverage and the entry charge.
/// Returns the call-stack depth the application runs at. Usually there is none of the three:
/// one test decides that, and the work is out of line (inlined, it slowed every application).
function enterApp(ctx: Ctx, native: Native, node: Node): number {
  if (ctx.coverage !== null || ctx.gas.active || native.topLevelOnly) enterWatchedApp(ctx, native, node);
  return ctx.stack.depth;
}

function enterWatchedApp(ctx: Ctx, native: Native, node: Node): void {
  if (native.topLevelOnly) enforceTopLevel(ctx, native, node.info);
  enterNative(ctx, native, native.chargedOnEntry, node.info);
}

/// Evaluates argument nodes in order into a new array. The common arities get an array
/// literal: packed, where `new Array(n)` filled in a loop is holey, which natives then read more
/// slowly.
function evalArgs(ctx: Ctx, env: Env, args: readonly Node[]): Val[] {
  switch (args.length) {
    case 1: return [evalNode(args[0]!, ctx, env)];
    case 2: return [evalNode(args[0]!, ctx, env), evalNode(args[1]!, ctx, env)];
    case 3: return [evalNode(args[0]!, ctx, env), evalNode(args[1]!, ctx, env), evalNode(args[2]!, ctx, env)];
  }
  const vals = new Array<Val>(args.length);
  for (let i = 0; i < args.length; i++) vals[i] = evalNode(args[i]!, ctx, env);
  return vals;
}

function enforceTopLevel(ctx: Ctx, native: Native, info: Info): void {
  const module = ctx.stack.innermostModule();
  if (module !== null) throw evalError(info, `Top-level call used in module ${module}: ${native.name}`);
}

function defNode(def: Def, fn: Node, args: readonly Node[], info: Info): Node {
  return new Node('app', info, (ctx, env) => {
    if (ctx.gas.active) chargeUserApp(ctx, def, info);
    return callDef(ctx, def, evalArgs(ctx, env, args), info);
  }, { fn, args });
}

/// `ref::member`: looks the member up in the current version of the referenced module.
export function dynamicMember(ctx: Ctx, ref: Val, member: string, info: Info): Val {
  if (!(ref instanceof ModRef)) throw evalError(info, `reduceDynamic: expected module reference: ${typeName(ref)}`);
  const mod = ctx.lookupModule(ref.name);
  if (mod === undefined) throw evalError(info, `reduceDynamic: unable to resolve dynamic module reference: ${ref.name}`);
  // Constants of the interfaces a module implements are reachable through it too.
  const v = mod.members.get(member) ??
    mod.interfaces.map((i) => ctx.lookupModule(i)?.members.get(member)).find((c) => c instanceof ConstRef);
  if (v === undefined) throw evalError(info, `reduceDynamic: unknown module ref: ${ref.name}`);
  return v;
}

/// A bare definition or native name typed at the REPL shows it (off chain).
function topLevelShown(ctx: Ctx, term: Term): Val | null {
  if (term.t !== 'var') return null;
  const v = new Linker(ctx, null).resolveGlobal(term.name);
  return v instanceof Def || v instanceof NativeRef ? shown(ctx, v, term.info) : null;
}

/// On chain (`env-simulate-onchain`) since Pact 4.7, a definition or a native cannot be shown.
function shown(ctx: Ctx, v: Def | NativeRef, info: Info): Val {
  if (ctx.onChainErrors()) {
    throw evalError(info, `Cannot display ${v instanceof Def ? '' : 'native '}function details in non-repl context`);
  }
  return v instanceof Def ? showValCompact(v) : v;
}

/// Evaluates a REPL test's expression as a top-level one (Pact's `reduceEnscoped`): a bare
/// definition or native name shows it.
export function evalEnscoped(ctx: Ctx, node: Node, env: Env): Val {
  const g = node.global;
  return g instanceof Def || g instanceof NativeRef ? shown(ctx, g, node.info) : node.ev(ctx, env);
}

/// Evaluates one top-level term: links it, runs it, and turns a thrown Pact error's stack into text.
export function evalTopLevel(ctx: Ctx, term: Term): Val {
  const shownValue = topLevelShown(ctx, term);
  if (shownValue !== null) return shownValue;
  const linked = new Linker(ctx, null, term.info).linkBody([term], []);
  const env = emptyEnv(linked.slots);
  const depth = ctx.stack.depth;
  try {
    return linked.node.ev(ctx, env);
  } catch (e) {
    if (e instanceof PactError) withStack(ctx, e);
    // An engine limit, or a native or table inside a value where only data goes, is reported
    // where it was met: the innermost application.
    const at = ctx.stack.all()[0]?.info ?? term.info;
    const limit = e instanceof NotAValue ? notAValue(at, e.value as Val) : engineLimitError(e, at);
    if (limit !== null) throw withStack(ctx, limit);
    throw e;
  } finally {
    ctx.stack.reset(depth);
  }
}

