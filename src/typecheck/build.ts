/// From a module's code to the checker's AST (Pact's `toAST`, `toFun`, `mkTop`): every node gets
/// an id and a tracked type, user calls get a fresh copy of the callee's body, lambdas become
/// applications, special forms move their bindings aside and note yields and resumes.
import type { Info } from '../syntax/exp.ts';
import type { FunType, Type } from '../values/type.ts';
import { Decimal } from '../values/decimal.ts';
import { CapabilityGuard, KeySet, ModRef, PList, PObject, UserGuard, isGuard } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import type { Ctx } from '../lang/context.ts';
import { ConstRef, Def, NativeRef, SchemaRef, TableRef } from '../lang/runtime.ts';
import { typeOfVal } from '../lang/typecheck.ts';
import type { ModuleData, Val } from '../lang/runtime.ts';
import type { BindPair, DefTerm, Step, Term, UseTerm } from '../lang/term.ts';
import type { AST, DefType, Fun, Named, TcId, TNode } from './ast.ts';
import { funName, prettyAst, prettyNode, showLiteral, showTcId, specialForm } from './ast.ts';
import { showString } from '../values/haskell-show.ts';
import { compareCodePoints } from '../values/text.ts';
import { die } from './state.ts';
import type { TcState } from './state.ts';
import { TY_ANY, prettyFunType, prettyType, showFunTypeHs, showTypeHs } from './types.ts';

/// Natives' signatures with their schemas resolved, made once per native (every application of
/// a native reads them).
const NATIVE_FUN_TYPES = new WeakMap<NativeRef['native'], readonly FunType[]>();

/// A module's top-level production (Pact's `TopLevel`).
export type TopLevel =
  | { readonly k: 'fun'; readonly fun: Extract<Fun, { k: 'defun' }> }
  | { readonly k: 'const'; readonly info: Info; readonly name: string; readonly type: Type; readonly value: AST }
  | { readonly k: 'table' | 'schema'; readonly info: Info; readonly name: string };

/// Local names in scope, innermost first.
interface Scope {
  readonly name: string;
  readonly ast: AST;
  readonly up: Scope | null;
}

function lookupLocal(s: Scope | null, name: string): AST | undefined {
  for (let x = s; x !== null; x = x.up) if (x.name === name) return x.ast;
  return undefined;
}

/// One group of names bound (a function's arguments, a `let`'s, a binding form's): a name
/// repeated in the group resolves to its first binding, as Pact's `abstract` finds the first.
function bindAll(s: Scope | null, names: readonly string[], asts: readonly AST[]): Scope | null {
  return names.reduceRight<Scope | null>((up, name, i) => ({ name, ast: asts[i]!, up }), s);
}

/// `name_rest`, Pact's prefixing of generated names.
function pfx(s: string, rest: string): string {
  return `${s}_${rest}`;
}

/// Renames the type variables of a type after a node, so each use of a signature gets its own.
export function mangleType(id: TcId, t: Type): Type {
  const prefix = showTcId(id);
  switch (t.t) {
    case 'var': return { ...t, name: pfx(prefix, t.name) };
    case 'list': return { t: 'list', elem: mangleType(id, t.elem) };
    case 'schema': return t.schema.t === 'var' ? { ...t, schema: { ...t.schema, name: pfx(prefix, t.schema.name) } } : t;
    case 'fun': return { t: 'fun', ...mangleFunType(id, t) };
    default: return t;
  }
}

export function mangleFunType(id: TcId, f: FunType): FunType {
  return { args: f.args.map((a) => ({ name: a.name, type: mangleType(id, a.type) })), ret: mangleType(id, f.ret) };
}

/// GHC's derived `Show` of an AST (Typechecker.hs:278 puts it in a message), for the shapes a
/// binding column can take in practice: a variable and a literal. Other shapes are printed with
/// Pact's `Pretty` instead (their derived Show, with functions and infos, is not reproduced).
function showAstHs(a: AST): string {
  const node = `${showTcId(a.node.id)}::${showTypeHs(a.node.ty)}`;
  if (a.k === 'var') return `Var {_aNode = ${node}}`;
  const v = a.k === 'prim' && a.value.k === 'lit' ? a.value.value : null;
  if (typeof v === 'bigint' || typeof v === 'boolean' || v instanceof Decimal) {
    return `Prim {_aNode = ${node}, _aPrimValue = PrimLit (${showLiteral(v)})}`;
  }
  return prettyAst(a);
}

export class Builder {
  private readonly ctx: Ctx;
  private readonly st: TcState;
  /// The module whose code is being read (names resolve against its link-time record).
  private module: ModuleData;
  /// The user functions whose bodies are being built, innermost last.
  private readonly inlining = new Set<Def>();

  constructor(ctx: Ctx, st: TcState, module: ModuleData) {
    this.ctx = ctx;
    this.st = st;
    this.module = module;
  }

  /// Pact's `mkTop`.
  top(name: string, d: Exclude<DefTerm, UseTerm>): TopLevel {
    const member = this.module.members.get(name);
    switch (d.t) {
      case 'def': return { k: 'fun', fun: this.defFun(member as Def) };
      case 'const': {
        const c = member as ConstRef;
        return { k: 'const', info: d.info, name: `${this.module.name}.${name}`, type: c.type, value: this.constAst(c, d.info) };
      }
      default: return { k: d.t, info: d.info, name };
    }
  }

  /// A loaded module, read without charging gas: Pact's checker reads the REPL's state, and a
  /// first lookup in a transaction through `Ctx.lookupModule` is charged (and may run out).
  private peekModule(name: string): ModuleData | undefined {
    const pinned = this.ctx.pinnedModules;
    return pinned !== null ? pinned(name) : this.ctx.db.read('SYS_modules', name) as ModuleData | undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Functions

  /// A user definition as a function with a fresh body; an interface member stands for the
  /// module `env-dynref` names for its interface. Pact follows those substitutions without end
  /// when they form a cycle (`(env-dynref m m)` hangs it); here a chain stops at the first
  /// module it already passed through.
  private defFun(def: Def, passed: ReadonlySet<string> = new Set()): Extract<Fun, { k: 'defun' }> {
    const impl = this.st.dynEnv.get(def.module.name);
    if (impl !== undefined && impl !== def.module.name && !passed.has(impl)) {
      const m = this.peekModule(impl);
      const d = m?.members.get(def.name);
      // Typechecker.hs:814 shows both names with GHC's derived Show.
      if (!(d instanceof Def)) die(def.info, `Dynamic substitution failed, module does not have member: ${showModuleName(impl)}::DefName {_unDefName = ${showString(def.name)}}`);
      return this.defFun(d, new Set([...passed, def.module.name]));
    }
    const term = def.module.terms.get(def.name);
    if (term === undefined || term.t !== 'def') die(def.info, `Malformed def body`);
    // Installs reject recursion, but a call through a module reference can lead back into the
    // function being inlined (Pact inlines it forever).
    if (this.inlining.has(def)) die(def.info, `Recursive call through a module reference: ${def.qualifiedName}`);
    this.inlining.add(def);
    const saved = this.module;
    this.module = def.module;
    try {
      const body: readonly (Term | Step)[] = term.kind === 'defpact' ? term.steps : term.body;
      const type: FunType = { args: def.args.map((a) => ({ name: a.name, type: a.type })), ret: def.ret };
      return this.scopeFun(def.name, def.module.name, type, def.args, body, term.kind, def.info, null);
    } finally {
      this.module = saved;
      this.inlining.delete(def);
    }
  }

  /// Pact's `withScopeBodyToFun`: arguments tracked under mangled types, the body read with them
  /// in scope, the function's own id tracked as its return type.
  private scopeFun(name: string, module: string, type: FunType, args: readonly { readonly name: string; readonly info: Info }[],
    body: readonly (Term | Step)[], defType: DefType, info: Info, scope: Scope | null): Extract<Fun, { k: 'defun' }> {
    const named: Named[] = args.map((a, i) => {
      const id = this.st.freshId(a.info, pfx(name, a.name));
      return { name: a.name, node: this.st.trackNode(mangleType(id, type.args[i]!.type), id) };
    });
    const inner = bindAll(scope, named.map((n) => n.name), named.map((n) => ({ k: 'var', node: n.node })));
    const tcs = body.map((b) => ('exec' in b ? this.stepAst(b, inner) : this.ast(b, inner)));
    const retId = this.st.freshId(info, name);
    this.st.trackNode(type.ret, retId);
    if (tcs.length > 0) this.st.assocAST(retId, tcs[tcs.length - 1]!);
    return { k: 'defun', info, module, name, defType, type, args: named, body: tcs, retId };
  }

  private lambdaFun(t: Extract<Term, { t: 'lambda' }>, name: string, ret: Type, scope: Scope | null): Fun {
    const anon = this.st.freshId(t.info, '%anonlam');
    const type: FunType = { args: t.args.map((a) => ({ name: a.name, type: this.resolvedType(a.type) })), ret };
    return this.scopeFun(name, `%anonlam_${anon.id}`, type, t.args, t.body, 'defun', t.info, scope);
  }

  private nativeFun(n: NativeRef, info: Info): Fun {
    let types = NATIVE_FUN_TYPES.get(n.native);
    if (types === undefined) NATIVE_FUN_TYPES.set(n.native, types = n.native.types.map((f) => this.nativeFunType(f)));
    return { k: 'native', info, name: n.native.name, types, special: null };
  }

  /// Natives name their own schemas (`{public-chain-data}`) by name only.
  private nativeFunType(f: FunType): FunType {
    const fix = (t: Type): Type => {
      switch (t.t) {
        case 'user': {
          const c = t.schema.fields.length === 0 ? this.ctx.natives.get(t.schema.name)?.constant : undefined;
          return c instanceof SchemaRef ? c.type : t;
        }
        case 'list': return { t: 'list', elem: fix(t.elem) };
        case 'schema': return { ...t, schema: fix(t.schema) };
        case 'fun': return { t: 'fun', args: t.args.map((a) => ({ name: a.name, type: fix(a.type) })), ret: fix(t.ret) };
        default: return t;
      }
    };
    return { args: f.args.map((a) => ({ name: a.name, type: fix(a.type) })), ret: fix(f.ret) };
  }

  /// Pact's `toFun`: what stands in an application's function position.
  private toFun(t: Term, scope: Scope | null): Fun {
    switch (t.t) {
      case 'var': {
        const local = t.name.module === null ? lookupLocal(scope, t.name.name) : undefined;
        if (local !== undefined) {
          const lam = local.k === 'var' ? this.st.boundLambdas.get(local.node.id.id) : undefined;
          if (lam === undefined) die(t.info, local.k === 'var' ? 'Var in fun position' : 'Value in fun position');
          this.st.log?.push(`toFun: substituting lambda: ${showTcId(local.node.id)} -> ${funName(lam)}`);
          return lam;
        }
        const g = this.global(t);
        if (g instanceof NativeRef) return this.nativeFun(g, t.info);
        if (g instanceof Def) return this.defFun(g);
        return die(t.info, `Non-var in fun position`);
      }
      case 'lambda': return this.lambdaFun(t, t.name, this.resolvedType(t.ret), scope);
      case 'dyn': {
        const member = this.dynamicMember(t, scope);
        if (member === null) die(t.info, 'Malformed mod ref');
        // An interface constant reached through a reference is no function.
        if (!(member instanceof Def)) die(t.info, 'Non-var in fun position');
        return this.defFun(member);
      }
      default: return die(t.info, 'Non-var in fun position');
    }
  }

  /// `ref::member` with `ref` an argument typed `module{iface...}`: the interface's member.
  private dynamicMember(t: Extract<Term, { t: 'dyn' }>, scope: Scope | null): Val | null {
    const ref = lookupLocal(scope, t.ref);
    if (ref === undefined || ref.k !== 'var') return null;
    const ty = ref.node.ty;
    if (ty.t !== 'module' || ty.ifaces === null) return null;
    for (const i of [...ty.ifaces].sort()) {
      const d = this.peekModule(i)?.members.get(t.member);
      if (d !== undefined) return d;
    }
    return null;
  }

  /// A type as written in the module's code, with its schemas as the linker resolved them.
  private resolvedType(t: Type): Type {
    return this.module.resolvedTypes.get(t) ?? t;
  }

  private global(t: Extract<Term, { t: 'var' }>): Val {
    const v = this.module.resolved.get(t.name);
    if (v === undefined) die(t.info, `Cannot resolve ${t.name.name}`);
    return v;
  }

  // -------------------------------------------------------------------------------------------
  // Values

  /// Pact's `toAST`.
  ast(t: Term, scope: Scope | null): AST {
    switch (t.t) {
      case 'lit': return this.prim(t.info, t.value);
      case 'var': {
        const local = t.name.module === null ? lookupLocal(scope, t.name.name) : undefined;
        return local ?? this.globalAst(this.global(t), t.info);
      }
      case 'dyn': {
        const r = this.ast({ t: 'var', name: { name: t.ref, module: null, ns: null, info: t.info }, info: t.info }, scope);
        const member = this.toFun(t, scope);
        // Pact names the node after the reference's AST as printed (`Var <node>`).
        const node = this.st.trackIdNode(this.st.freshId(t.info, prettyAst(r)));
        return { k: 'dynamic', node, ref: r, member };
      }
      case 'list': {
        const elem = t.type.t === 'list' ? t.type.elem : t.type;
        const node = this.st.trackNode({ t: 'list', elem }, this.st.freshId(t.info, 'list'));
        return { k: 'list', node, items: t.items.map((x) => this.ast(x, scope)) };
      }
      case 'object': {
        this.st.log?.push('TObject: TyAny');
        const node = this.st.trackNode({ t: 'schema', kind: 'object', schema: TY_ANY, partial: null }, this.st.freshId(t.info, 'object'));
        return { k: 'object', node, fields: sortedFields(t.pairs).map(([k, v]) => [k, this.ast(v, scope)] as const) };
      }
      case 'app': return this.app(t, scope);
      case 'lambda': return this.appOf(this.lambdaFun(t, t.name, this.resolvedType(t.ret), scope), [], t.info);
      case 'let': return this.binding(t.pairs, t.body, t.info, scope, null);
      case 'binding': return this.binding(t.pairs, t.body, t.info, scope, TY_ANY);
      default: return die(t.info, t.t === 'use' ? 'Use not supported' : 'Modules not supported');
    }
  }

  private globalAst(v: Val, info: Info): AST {
    if (v instanceof NativeRef) die(info, 'Native in value position');
    if (v instanceof Def) die(info, 'Def in value position');
    if (v instanceof SchemaRef) die(info, 'User type in value position');
    if (v instanceof ConstRef) return this.constAst(v, info);
    if (v instanceof TableRef) {
      const ty: Type = { t: 'schema', kind: 'table', schema: v.type, partial: null };
      return { k: 'table', node: this.st.trackNode(ty, this.st.freshId(info, `${v.module.name}.${v.name}`)), name: v.name };
    }
    return this.valueAst(v as PactValue, info);
  }

  /// A constant is read as the value it evaluated to at install.
  private constAst(c: ConstRef, info: Info): AST {
    if (c.value === null) die(info, `Unexpected term in value context: ${c.name}`);
    // Pact's evaluated constant keeps the infos of the literals it was written as (reducing a
    // literal, list or object keeps its info), so its nodes point into the defconst.
    const d = this.peekModule(c.module)?.terms.get(c.name);
    return this.valueAst(c.value, info, d?.t === 'const' ? d.value : null);
  }

  /// `src` is the literal term the value was evaluated from, when it is one: its infos are used.
  private valueAst(v: PactValue, info0: Info, src: Term | null = null): AST {
    const info = src !== null && (src.t === 'lit' || src.t === 'list' || src.t === 'object') ? src.info : info0;
    if (v instanceof PList) {
      const items = src?.t === 'list' && src.items.length === v.items.length ? src.items : null;
      const node = this.st.trackNode({ t: 'list', elem: v.elemType }, this.st.freshId(info, 'list'));
      return { k: 'list', node, items: v.items.map((x, i) => this.valueAst(x, info, items?.[i] ?? null)) };
    }
    if (v instanceof PObject) {
      // Pact's `toAST TObject` notes the object's type first (TyAny for an object literal).
      this.st.log?.push(`TObject: ${showTypeHs(v.schema ?? TY_ANY)}`);
      const ty: Type = { t: 'schema', kind: 'object', schema: v.schema ?? TY_ANY, partial: null };
      const node = this.st.trackNode(ty, this.st.freshId(info, 'object'));
      const keys = [...v.fields.keys()].sort(compareCodePoints);
      const pairs = src?.t === 'object' ? new Map(src.pairs) : null;
      return { k: 'object', node, fields: keys.map((k) => [k, this.valueAst(v.fields.get(k)!, info, pairs?.get(k) ?? null)] as const) };
    }
    if (v instanceof ModRef) {
      const ty: Type = { t: 'module', ifaces: v.ifaces };
      return { k: 'modref', node: this.st.trackNode(ty, this.st.freshId(info, v.name)), name: v.name, spec: v.ifaces };
    }
    return this.prim(info, v);
  }

  /// Pact's `trackPrim`: a literal or a guard, its id named after its type.
  private prim(info: Info, v: PactValue): AST {
    if (isGuard(v)) {
      // A guard's own terms (a user guard's or capability guard's arguments) are read too.
      const args = v instanceof UserGuard || v instanceof CapabilityGuard ? v.args.map((a) => this.valueAst(a, info)) : [];
      const ty: Type = { t: 'prim', name: v instanceof KeySet ? 'keyset' : 'guard' };
      return { k: 'prim', node: this.st.trackNode(ty, this.st.freshId(info, prettyType(ty))), value: { k: 'guard', value: v, args } };
    }
    // A data value always has a type (typeOfVal's words are for functions, tables and the like).
    const ty = typeOfVal(v) as Type;
    return { k: 'prim', node: this.st.trackNode(ty, this.st.freshId(info, prettyType(ty))), value: { k: 'lit', value: v } };
  }

  private stepAst(s: Step, scope: Scope | null): AST {
    const entity = s.entity === null ? null : this.ast(s.entity, scope);
    if (entity !== null) this.st.assocAstTy(entity.node, { t: 'prim', name: 'string' });
    const node = this.st.trackIdNode(this.st.freshId(s.info, 'step'));
    this.st.yieldResume = null;
    const exec = this.ast(s.exec, scope);
    this.st.assocAST(node.id, exec);
    const yr = this.st.yieldResume;
    this.st.yieldResume = null;
    const rollback = s.rollback === null ? null : this.ast(s.rollback, scope);
    return { k: 'step', node, entity, exec, rollback, yr };
  }

  /// `let` (schema = null) or a schema binding (`{ "k" := v }`), Pact's `TBinding`.
  private binding(pairs: readonly BindPair[], body: readonly Term[], info: Info, scope: Scope | null, schema: Type | null): AST {
    const bi = this.st.freshId(info, schema === null ? 'BindLet' : 'BindSchema');
    const bn = this.st.trackIdNode(bi);
    const bindings = pairs.map((p) => this.bindPair(bi, p, scope, schema === null));
    const inner = bindAll(scope, bindings.map(([n]) => n.name), bindings.map(([n]) => ({ k: 'var', node: n.node })));
    const bb = body.map((b) => this.ast(b, inner));
    this.st.assocAST(bi, bb[bb.length - 1]!);
    if (schema === null) return { k: 'binding', node: bn, bindings, body: bb, bindType: { k: 'let' } };
    const sn = this.st.trackNode(mangleType(bi, schema), this.st.freshId(info, `${showTcId(bi)}schema`));
    return { k: 'binding', node: bn, bindings, body: bb, bindType: { k: 'schema', node: sn } };
  }

  private bindPair(bi: TcId, p: BindPair, scope: Scope | null, isLet: boolean): readonly [Named, AST] {
    const arg = p.arg;
    const id = this.st.freshId(arg.info, pfx(showTcId(bi), arg.name));
    const type = this.resolvedType(arg.type);
    const node = this.st.trackNode(mangleType(id, type), id);
    // A let-bound lambda takes the binder's name and declared type as its return type.
    const v = isLet && p.value.t === 'lambda'
      ? this.appOf(this.lambdaFun(p.value, arg.name, type, scope), [], p.value.info)
      : this.ast(p.value, scope);
    if (p.value.t === 'lambda' && v.k === 'app') {
      this.st.log?.push(`toAST: Tracking bound lambda ${showTcId(id)} -> ${funName(v.fun)}`);
      this.st.boundLambdas.set(id.id, v.fun);
    }
    if (isLet) this.st.assocAST(id, v);
    else if (v.k !== 'prim' || typeof v.value.value !== 'string') die(v.node.id.info, `Expected literal string: ${showAstHs(v)}`);
    return [{ name: arg.name, node }, v];
  }

  // -------------------------------------------------------------------------------------------
  // Applications

  private appOf(fun: Fun, args: readonly AST[], info: Info): AST {
    const node = this.st.trackIdNode(this.st.freshId(info, fun.name));
    return this.userApp(fun, node, args);
  }

  private userApp(fun: Fun, node: TNode, args: readonly AST[]): AST {
    if (fun.k === 'defun') {
      if (fun.body.length === 0) this.st.assocNode(fun.retId, node);
      else this.st.assocAST(node.id, fun.body[fun.body.length - 1]!);
    }
    return { k: 'app', node, fun, args };
  }

  /// Pact's `toAST (TApp ...)`.
  private app(t: Extract<Term, { t: 'app' }>, scope: Scope | null): AST {
    const fun0 = this.toFun(t.fn, scope);
    const node = this.st.trackIdNode(this.st.freshId(t.info, fun0.name));
    const args = t.args.map((a) => this.ast(a, scope));
    if (fun0.k === 'defun') return this.userApp(fun0, node, args);
    const sf = specialForm(fun0.name);
    let fun = fun0;
    if (sf !== null && fun.types.length > 1) {
      const fit = fun.types.filter((ft) => ft.args.length === args.length);
      if (fit.length !== 1) die(t.info, `${JSON.stringify(sf)} arg count mismatch, expected: ${showNonEmptyFunTypes(fun.types)}`);
      fun = { ...fun, types: fit };
    }
    const args2 = fun.types.length > 1 ? args : this.partialArgs(fun.types[0]!, args);
    if (sf === null) return { k: 'app', node, fun, args: args2 };
    switch (sf) {
      case 'bind': case 'with-read': case 'with-default-read': case 'with-capability':
        return this.specialBind(fun, node, args2, sf, t.info);
      case 'yield': {
        const app: AST = { k: 'app', node, fun, args: args2 };
        this.setOrAssocYR('yield', node);
        this.st.yieldResume!.crossChain = args.length >= 2;
        return app;
      }
      case 'resume': {
        const app = this.specialBind(fun, node, args2, sf, t.info);
        const b = args2[0]!;
        if (b.k !== 'binding' || b.bindType.k !== 'schema') die(b.node.id.info, 'Expected binding');
        this.setOrAssocYR('resume', b.bindType.node);
        return app;
      }
      default: return { k: 'app', node, fun, args: args2 };
    }
  }

  /// A binding form's last argument (its binding) moves into the function.
  private specialBind(fun: Extract<Fun, { k: 'native' }>, node: TNode, args: readonly AST[], form: NonNullable<ReturnType<typeof specialForm>>, info: Info): AST {
    if (args.length === 0) die(info, 'Invalid binding invocation');
    return { k: 'app', node, fun: { ...fun, special: { form, binding: args[args.length - 1]! } }, args: args.slice(0, -1) };
  }

  private setOrAssocYR(which: 'yield' | 'resume', target: TNode): void {
    const yr = this.st.yieldResume;
    if (yr === null) this.st.yieldResume = { yield: which === 'yield' ? target : null, resume: which === 'resume' ? target : null, crossChain: false };
    else if (yr[which] === null) yr[which] = target;
    else this.st.assocNode(yr[which].id, target);
  }

  /// A partial application passed where a function is expected gets a placeholder argument per
  /// argument of the expected function type.
  private partialArgs(ft: FunType, args: readonly AST[]): AST[] {
    // Arguments beyond the signature are dropped, as Pact's `zipWithM` does.
    return args.slice(0, ft.args.length).map((arg, i) => {
      const argTy = ft.args[i]!.type;
      if (argTy.t !== 'fun') return arg;
      if (arg.k !== 'app') die(arg.node.id.info, `App required for funtype argument: ${prettyFunType(argTy)}, found: ${prettyAst(arg)}`);
      const args = [...arg.args];
      for (const la of argTy.args) {
        const id = this.st.freshId(arg.node.id.info, `${arg.fun.name}_${la.name}_p`);
        const node = this.st.trackIdNode(id);
        this.st.log?.push(`Adding fresh arg to partial application: ${prettyNode(node)}`);
        args.push({ k: 'var', node });
      }
      return { ...arg, args };
    });
  }
}

/// GHC's `show` of a `ModuleName`.
export function showModuleName(name: string): string {
  const dot = name.indexOf('.');
  if (dot < 0) return `ModuleName {_mnName = ${showString(name)}, _mnNamespace = Nothing}`;
  const ns = `Just (NamespaceName {_namespaceName = ${showString(name.slice(0, dot))}})`;
  return `ModuleName {_mnName = ${showString(name.slice(dot + 1))}, _mnNamespace = ${ns}}`;
}

/// GHC's Show of a `NonEmpty (FunType ...)`: `a :| [b,c]`.
function showNonEmptyFunTypes(fts: readonly FunType[]): string {
  return `${showFunTypeHs(fts[0]!)} :| [${fts.slice(1).map(showFunTypeHs).join(',')}]`;
}

/// An object literal's fields as Pact's `Map` holds them: by key, the last of repeated keys.
function sortedFields(pairs: ReadonlyArray<readonly [string, Term]>): Array<readonly [string, Term]> {
  const m = new Map<string, Term>();
  for (const [k, v] of pairs) m.set(k, v);
  return [...m].sort((a, b) => compareCodePoints(a[0], b[0]));
}
