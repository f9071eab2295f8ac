/// The checker's typed AST of a function → an analysis `Term` and the events its runs can show
/// (Pact's `Translate.hs`, for the forms this slice models). Anything else fails with Pact's
/// `Analysis doesn't support this construct yet: <AST>` at the node.
import type { Info } from '../syntax/exp.ts';
import { pactCodeText } from '../syntax/code.ts';
import type { AST, Named, TNode } from '../typecheck/ast.ts';
import { prettyAst, showTcId, walkAST } from '../typecheck/ast.ts';
import { showTypeHs } from '../typecheck/types.ts';
import type { Type } from '../values/type.ts';
import { Decimal } from '../values/decimal.ts';
import { ISO_TIME_FORMAT } from '../values/time.ts';
import { PactTime } from '../values/value.ts';
import { DECIMAL_ONE, DECIMAL_PLACES, UNIX_EPOCH_MICROS, fieldTy, isObj, objectsCompared, objTy, showTy, showTyHs, termTy, tyEq } from './lang.ts';
import type { Binding, Event, GuardOrigin, Lit, ObjTy, Op, Scope, Term, Ty, WriteKind } from './lang.ts';
import { hasCase, SHIMMED_UNREAD, shimValue, shimWarning } from './shims.ts';
import { PACT_VERSION } from '../lang/version.ts';
import { HaskellException } from '../lang/errors.ts';
import { rdiv } from './concrete.ts';

/// A translation (or analysis) failure: where, and Pact's text.
export class AnalysisFailure extends Error {
  readonly info: Info | null;
  constructor(info: Info | null, message: string) {
    super(message);
    this.info = info;
  }
}

/// Pact's analysis stopping at an `error` call (its own, or SBV's): a Haskell exception, which
/// escapes `verify` and Pact reports as an error without a location, its text (with the call
/// stack of Pact's own calls run onto the same line).
export class InternalError extends HaskellException {}

export interface Translated {
  /// The function's own location (where analysis failures are reported).
  readonly info: Info | null;
  readonly args: readonly Binding[];
  readonly term: Term;
  readonly events: readonly Event[];
  /// The tag of the function's own `returning with`: its result.
  readonly resultTag: number;
  /// Every tag's type (asserts and branches are booleans).
  readonly tagTypes: ReadonlyMap<number, Ty>;
  /// What the analysis skipped, warned of at each check of the function (Pact's `tsWarnings`).
  readonly warnings: ReadonlyArray<{ readonly info: Info | null; readonly text: string }>;
}

/// The analysis type of a checker type (Pact's `maybeTranslateType`), or null where Pact's has
/// none (a table, a function). Keysets are guards, as in Pact's analysis; an object has its
/// schema's fields (a partial object, the named ones; one of any subset, all of them).
export function analysisType(t: Type): Ty | null {
  if (t.t === 'schema') {
    if (t.kind === 'table') return null;
    if (t.schema.t === 'any' || t.schema.t === 'var') return 'any';
    return t.schema.t === 'user' ? schemaType(t.schema.schema.fields, t.partial === 'any' ? null : t.partial) : null;
  }
  // Pact's analysis takes what it cannot type as its `Any`.
  // A table's schema variable is a table (none); any other variable, `Any`.
  if (t.t === 'any' || (t.t === 'var' && !(t.schemaVar && t.name === 'table'))) return 'any';
  if (t.t === 'list') {
    const elem = analysisType(t.elem);
    return elem === null ? null : { k: 'list', elem };
  }
  // Module references are their names (Pact coerces them to strings).
  if (t.t === 'module') return 'string';
  if (t.t === 'user') return schemaType(t.schema.fields, null);
  if (t.t !== 'prim') return null;
  switch (t.name) {
    case 'integer': case 'decimal': case 'bool': case 'string': case 'time': return t.name;
    case 'keyset': case 'guard': return 'guard';
    default: return null;
  }
}

function schemaType(fields: ReadonlyArray<{ readonly name: string; readonly type: Type }>, only: readonly string[] | null): ObjTy | null {
  const out: Array<readonly [string, Ty]> = [];
  for (const f of fields) {
    if (only !== null && !only.includes(f.name)) continue;
    const ty = analysisType(f.type);
    if (ty === null) return null;
    out.push([f.name, ty]);
  }
  return objTy(out);
}

/// Gives every node its resolved type, as Pact's checker leaves its AST (failure texts print it).
export function resolveTypes(body: readonly AST[], types: ReadonlyMap<number, Type>): AST[] {
  const fix = (n: TNode): TNode => {
    const ty = types.get(n.id.id);
    return ty === undefined || ty === n.ty ? n : { ...n, ty };
  };
  return body.map((b) => walkAST((visit, a) => {
    if (visit === 'pre') return a;
    const node = fix(a.node);
    if (a.k === 'binding') {
      const bindings = a.bindings.map(([n, v]) => [{ ...n, node: fix(n.node) }, v] as const);
      return { ...a, node, bindings };
    }
    return node === a.node ? a : { ...a, node };
  }, b));
}

const ARITH: ReadonlySet<string> = new Set(['+', '-', '*', '/']);
const COMPARISON: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=']);
const ROUNDING: ReadonlySet<string> = new Set(['round', 'ceiling', 'floor']);
/// Types `<`, `<=`, `>`, `>=` compare.
const ORDERED: ReadonlySet<string> = new Set(['integer', 'decimal', 'string', 'time']);

/// Translates a function (`module.name`, its arguments and inlined body; a defpact's steps when
/// `pact`); the first argument is variable 1 (0 is `result`), as Pact numbers them for
/// properties.
export function translateFunction(module: string, name: string, info: Info | null, args: readonly Named[], body: readonly AST[], scope: ModuleScope, pact = false): Translated {
  const kind: Scope = { k: pact ? 'pact' : 'function', module, name };
  const t = new Translator(scope);
  return t.top(info, args, kind, () => (pact ? t.pact(body, info) : t.body(body, info)));
}

/// Translates a defpact's step on its own, for the step's `@model` (Pact's `CheckPactStep`): its
/// code (not its entity nor its rollback) in a step scope that binds the pact's arguments.
export function translateStep(info: Info | null, args: readonly Named[], exec: AST, scope: ModuleScope): Translated {
  const t = new Translator(scope);
  return t.top(info, args, { k: 'step' }, () => t.node(exec));
}

/// What a function's translation needs of its module and the others loaded.
export interface ModuleScope {
  /// Whether a capability (`module.name`) is an event or managed (`emit-event` needs one).
  readonly emits: (cap: string) => boolean;
  /// The tables the analysis models, by name: every loaded module's.
  readonly tables: ReadonlyMap<string, ObjTy>;
}

class Translator {
  private readonly modules: ModuleScope;
  constructor(modules: ModuleScope) {
    this.modules = modules;
  }

  private nextVid = 1;
  /// Tag 0 is Pact's root path; tags count on from 1.
  private nextTag = 1;
  private readonly tagTypes = new Map<number, Ty>();
  private events: Event[] = [];
  /// Variables in scope by the id of their binding node.
  private vars = new Map<number, { vid: number; ty: Ty }>();
  /// While a function passed to `map`/`filter`/`fold`/`compose` is translated: the variables
  /// found free in it, in order, the placeholders the checker gave its missing arguments
  /// (Pact's `tsFoundVars`); null elsewhere, where a free variable is unsupported.
  private found: Array<{ vid: number; ty: Ty }> | null = null;

  /// The translation of what runs in `scope`, the arguments bound.
  top(info: Info | null, args: readonly Named[], scope: Scope, act: () => Term): Translated {
    const bindings = args.map((a) => this.binding(a, info));
    for (const b of bindings) this.argNames.set(b.vid, b.name);
    const { term, tag } = this.scope(scope, args, bindings, act);
    return { info, args: bindings, term, events: this.events, resultTag: tag, tagTypes: this.tagTypes, warnings: this.warnings.reverse() };
  }

  private readonly warnings: Array<{ info: Info | null; text: string }> = [];
  /// The number of the next user guard (Pact's `tsNextGuard`).
  private nextGuard = 0;
  /// Capabilities a `with-capability` or `compose-capability` has brought into scope so far
  /// (Pact's `tsStaticCapsInScope`): requiring any other one cannot succeed.
  private capsInScope = new Set<string>();

  /// The function's own arguments, by variable id (a guard from one is described by its name).
  private readonly argNames = new Map<number, string>();

  /// A variable a scope binds; one of a type the analysis has none for fails (Pact's
  /// `UnhandledType`) where the binding construct is.
  private binding(n: Named, at: Info | null): Binding {
    return { vid: this.nextVid++, name: n.name, ty: translatedType(n.node, at) };
  }

  private tag(ty: Ty): number {
    const t = this.nextTag++;
    this.tagTypes.set(t, ty);
    return t;
  }

  /// Pact's `withNewScope`: push (showing the bindings), the body, pop with its value.
  private scope(scope: Scope, named: readonly Named[], bindings: readonly Binding[], act: () => Term): { term: Term; tag: number } {
    const saved = this.vars;
    this.vars = new Map(saved);
    named.forEach((n, i) => this.vars.set(n.node.id.id, { vid: bindings[i]!.vid, ty: bindings[i]!.ty }));
    const tag = this.nextTag++;
    this.events.push({ k: 'push', scope, bindings });
    try {
      const body = act();
      const ty = termTy(body);
      this.tagTypes.set(tag, ty);
      this.events.push({ k: 'pop', scope, tag });
      return { term: { k: 'return', ty, tag, body }, tag };
    } finally {
      this.vars = saved;
    }
  }

  body(asts: readonly AST[], info: Info | null): Term {
    if (asts.length === 0) throw new AnalysisFailure(info, "can't translate an empty body");
    const [first, ...rest] = asts;
    const t = this.node(first!);
    if (rest.length === 0) return t;
    const r = this.body(rest, info);
    return { k: 'seq', ty: termTy(r), first: t, rest: r };
  }

  /// Bindings (a `let` or an inlined call's arguments): right-hand sides first, then the scope.
  /// `wrap`: what becomes of the scope's term inside the bindings (a capability grants itself).
  private bound(pairs: ReadonlyArray<readonly [Named, AST]>, scope: Scope, at: Info | null, act: () => Term, wrap = (t: Term, _: readonly Binding[]): Term => t): Term {
    const bindings = pairs.map(([n]) => this.binding(n, at));
    const rhs = pairs.map(([, v]) => this.node(v));
    const { term } = this.scope(scope, pairs.map(([n]) => n), bindings, act);
    return bindings.reduceRight<Term>((acc, b, i) => ({ k: 'let', ty: termTy(acc), vid: b.vid, rhs: rhs[i]!, body: acc }), wrap(term, bindings));
  }

  node(a: AST): Term {
    const info = a.node.id.info;
    const unsupported = (): never => {
      throw new AnalysisFailure(info, `Analysis doesn't support this construct yet: ${prettyAst(a)}`);
    };
    switch (a.k) {
      case 'binding':
        if (a.bindType.k !== 'let') return unsupported();
        return this.bound(a.bindings, { k: 'let' }, info, () => this.body(a.body, info));
      case 'var': {
        let v = this.vars.get(a.node.id.id);
        if (v === undefined && this.found !== null) {
          v = { vid: this.nextVid++, ty: translatedType(a.node, info) };
          this.vars.set(a.node.id.id, v);
          this.found.push(v);
        }
        return v === undefined ? unsupported() : { k: 'var', ty: v.ty, vid: v.vid };
      }
      case 'prim': {
        if (a.value.k !== 'lit') return unsupported();
        return literal(a.value.value) ?? unsupported();
      }
      case 'modref': return { k: 'lit', lit: { ty: 'string', value: `${a.name}${a.spec === null ? '' : `{${a.spec.join(',')}}`}` } };
      case 'list': {
        // A list's type is its elements' (the checker may leave it `[*]`); an empty one's, its node's.
        const items = a.items.map((x) => this.node(x));
        const ty = items.length > 0 ? { k: 'list' as const, elem: termTy(items[0]!) } : analysisType(a.node.ty);
        if (ty === null || typeof ty === 'string' || ty.k !== 'list') return typeError(a);
        return items.every((x) => tyEq(termTy(x), ty.elem)) ? { k: 'list', ty, items } : typeError(a);
      }
      case 'object': {
        const fields = a.fields.map(([k, v]) => [k, this.node(v)] as const);
        return { k: 'object', ty: objTy(fields.map(([k, t]) => [k, termTy(t)] as const)), fields };
      }
      case 'app': {
        const f = a.fun;
        if (f.k === 'defun') {
          const inlined = f.body[0];
          if (inlined?.k !== 'binding' || inlined.bindType.k !== 'inlined') return unsupported();
          // A defpact called (through a module reference) runs as a nested pact.
          const pact = f.defType === 'defpact';
          const scope: Scope = { k: pact ? 'pact' : 'function', module: f.module, name: f.name };
          return this.bound(inlined.bindings, scope, info, () => (pact ? this.pact(inlined.body, info) : this.body(inlined.body, info)));
        }
        if (f.special?.form === 'with-capability') return this.withCapability(a.args, f.special.binding, unsupported, info);
        if (f.special !== null) {
          const b = f.special.binding;
          if (b.k !== 'binding') return unsupported();
          return this.bindingForm(f.special.form, a.args, b.bindings, b.body, unsupported, info);
        }
        return this.native(f.name, a.args, a, unsupported);
      }
      default: return unsupported();
    }
  }

  private native(fn: string, args: readonly AST[], a: AST, unsupported: () => never): Term {
    if (SHIMMED_UNREAD.has(fn)) return this.shim(fn, a, unsupported);
    if (fn === 'read-msg' && args.length === 1) throw new AnalysisFailure(a.node.id.info, '`read-msg` is not yet supported');
    // `select` of literal columns Pact substitutes, translating none of its arguments.
    if (fn === 'select' && hasCase(fn, args)) {
      const ty = analysisType(a.node.ty);
      if (ty === null || typeof ty === 'string' || ty.k !== 'list') return unsupported();
      return this.shimmed(fn, a, { lit: { ty: 'empty-list', elem: ty.elem }, text: '[]' });
    }
    if (fn === 'pact-id' && args.length === 0) return { k: 'pact-id' };
    if (fn === 'continue' && args.length === 1) return this.node(args[0]!);
    if (fn === 'yield' && (args.length === 1 || args.length === 2)) {
      // The target chain of a cross-chain yield is not analysed.
      const obj = this.node(args[0]!);
      const ty = termTy(obj);
      if (!isObj(ty)) return unsupported();
      const tag = this.tag('bool');
      this.events.push({ k: 'yield', tag, ty });
      return { k: 'yield', tag, obj };
    }
    if ((fn === 'create-capability-guard' || fn === 'create-capability-pact-guard') && args.length === 1) {
      const app = capabilityApp(args[0]!) ?? unsupported();
      const capArgs = app.bindings.map(([, v]) => this.node(v));
      return { k: 'trivial-guard', cap: { name: app.cap, args: capArgs }, pact: fn === 'create-capability-pact-guard' };
    }
    if (fn === 'chain-data' && args.length === 0) {
      const ty = analysisType(a.node.ty);
      return ty !== null && isObj(ty) ? { k: 'chain-data', ty } : unsupported();
    }
    if (fn === 'create-module-guard' && args.length === 1) {
      this.stringNode(args[0]!, unsupported);
      return { k: 'module-guard' };
    }
    if (fn === 'create-pact-guard' && args.length === 1) {
      this.stringNode(args[0]!, unsupported);
      return { k: 'trivial-guard', cap: null, pact: true };
    }
    if (fn === 'create-user-guard' && args.length === 1) {
      const call = args[0]!;
      if (call.k !== 'app' || call.fun.k !== 'defun') return unsupported();
      return { k: 'user-guard', guard: this.nextGuard++, body: this.node(call) };
    }
    // The type is known statically; the argument is never evaluated (Pact's `Typeof`).
    if (fn === 'typeof' && args.length === 1) return { k: 'lit', lit: { ty: 'string', value: showTy(termTy(this.node(args[0]!))) } };
    if (fn === 'pact-version' && args.length === 0) return { k: 'lit', lit: { ty: 'string', value: PACT_VERSION } };
    if (fn === 'emit-event' && args.length === 1) {
      const app = capabilityApp(args[0]!) ?? unsupported();
      app.bindings.forEach(([, v]) => this.node(v));
      // Pact takes an event or a managed capability's emission to succeed.
      if (!this.modules.emits(app.cap)) throw new AnalysisFailure(a.node.id.info, `Capability ${app.cap} not managed or event`);
      return { k: 'lit', lit: { ty: 'bool', value: true } };
    }
    if (fn === 'enforce' && args.length >= 1) {
      const cond = this.node(args[0]!);
      if (termTy(cond) !== 'bool') return unsupported();
      return { k: 'enforce', tag: this.assertion(args[0]!.node.id.info), cond };
    }
    if (fn === 'enforce-one' && args.length === 2 && args[1]!.k === 'list') return this.enforceOne(args[1]!.items, a, unsupported);
    if (fn === 'if' && args.length === 3) return this.conditional(args[0]!, args[1]!, args[2]!, unsupported, a.node.id.info);
    if ((fn === 'require-capability' || fn === 'compose-capability') && args.length === 1) {
      const app = capabilityApp(args[0]!) ?? unsupported();
      if (fn === 'compose-capability') {
        const t = this.capability(app, info(args[0]!));
        this.capsInScope.add(app.cap);
        return t;
      }
      if (!this.capsInScope.has(app.cap)) {
        this.warnings.push({ info: a.node.id.info, text: `Direct execution restricted by capability ${app.cap}` });
        return { k: 'lit', lit: { ty: 'bool', value: true } };
      }
      const capArgs = app.bindings.map(([, v]) => this.node(v));
      const tag = this.tag('bool');
      this.events.push({ k: 'require', tag, cap: app.cap });
      return { k: 'require', tag, cap: app.cap, args: capArgs };
    }
    const db = this.database(fn, args, a, unsupported);
    if (db !== null) return db;
    if ((fn === 'enforce-keyset' || fn === 'enforce-guard') && args.length === 1) return this.enforceGuard(args[0]!, unsupported);
    if ((fn === 'read-keyset' || fn === 'keyset-ref-guard') && args.length === 1) {
      const name = this.node(args[0]!);
      if (termTy(name) !== 'string') return unsupported();
      return { k: 'keyset', from: fn === 'read-keyset' ? 'data' : 'registry', name };
    }
    if (fn === 'at' && args.length === 2) return this.at(args[0]!, args[1]!, a, unsupported);
    if (fn === 'format' && args.length === 2) {
      const template = this.stringNode(args[0]!, unsupported);
      const list = args[1]!;
      if (list.k === 'list') return { k: 'format', template, args: list.items.map((x) => this.node(x)) };
      // A list known only when the code runs: Pact substitutes the template.
      this.node(list);
      this.warnings.push({ info: a.node.id.info, text: 'Unsupported operation: format: substituting format string' });
      return template;
    }
    if (((fn === 'map' || fn === 'filter') && args.length === 2) || (fn === 'fold' && args.length === 3)) return this.listFold(fn, args, a, unsupported);
    if (fn === 'compose' && args.length === 3) return this.compose(args, unsupported);
    if ((fn === 'and?' || fn === 'or?') && args.length === 3) return this.logicalQ(fn, args, unsupported);
    if (fn === 'where' && args.length === 3) return this.where(args, unsupported);
    const mark = this.events.length;
    const ts = args.map((x) => this.node(x));
    const tys = ts.map(termTy);
    // What Pact decides from the arguments' types, without evaluating them: nothing they do shows.
    const decided = decidedByTypes(fn, tys);
    if (decided !== null) {
      this.events.length = mark;
      return { k: 'lit', lit: decided };
    }
    // `identity` of a value; `constantly` of a value and what it ignores.
    if ((fn === 'identity' && ts.length === 1) || (fn === 'constantly' && ts.length === 2)) return ts[0]!;
    const time = this.time(fn, ts, tys, unsupported);
    if (time !== null) return time;
    const op = (ty: Ty, o: Op, xs: readonly Term[] = ts): Term => ({ k: 'op', ty, op: o, args: xs });
    const numeric = tys.every((t) => t === 'integer' || t === 'decimal');
    if (ts.length === 1 && (fn === '-' || fn === 'abs') && numeric) return op(tys[0]!, fn === '-' ? 'neg' : 'abs');
    // Pact translates these and fails only when it analyses them (smt.ts).
    if (ts.length === 1 && (fn === 'ln' || fn === 'exp') && numeric) return op(tys[0]!, fn);
    const object = this.objectNative(fn, ts, tys, a, mark, unsupported);
    if (object !== null) return object;
    const list = this.listNative(fn, ts, tys);
    if (list !== null) return list;
    if (fn === '+' && ts.length === 2 && isObj(tys[0]!) && isObj(tys[1]!)) return this.merge(ts[0]!, ts[1]!, a, unsupported);
    if (ts.length === 2 && ARITH.has(fn)) {
      if (fn === '+' && tys[0] === 'string' && tys[1] === 'string') return op('string', 'concat');
      if (!numeric) return unsupported();
      if (tys[0] === 'integer' && tys[1] === 'integer') return op('integer', fn as Op);
      return op('decimal', fn as Op, ts.map(widen));
    }
    // Pact translates these and fails only when it analyses them (eval.ts).
    if ((fn === '^' || fn === 'log') && ts.length === 2 && numeric) {
      return tys[0] === 'integer' && tys[1] === 'integer' ? op('integer', fn) : op('decimal', fn, ts.map(widen));
    }
    if (fn === 'mod' && ts.length === 2 && tys[0] === 'integer' && tys[1] === 'integer') return op('integer', 'mod');
    if (COMPARISON.has(fn) && ts.length === 2 && tyEq(tys[0]!, tys[1]!)) {
      if (!ORDERED.has(showTy(tys[0]!)) && fn !== '=' && fn !== '!=') return unsupported();
      return op('bool', fn as Op);
    }
    if ((fn === 'and' || fn === 'or') && ts.length === 2 && tys.every((t) => t === 'bool')) return op('bool', fn);
    if (fn === 'not' && ts.length === 1 && tys[0] === 'bool') return op('bool', 'not');
    if (ROUNDING.has(fn) && ts.length === 1 && tys[0] === 'decimal') return op('integer', fn as Op);
    // Pact shifts by 10^places, which must be known when the function is analysed.
    if (ROUNDING.has(fn) && ts.length === 2 && tys[0] === 'decimal' && tys[1] === 'integer') return op('decimal', `${fn}-to` as Op);
    const known = this.knownOnly(fn, ts, tys, a.node.id.info);
    if (known !== null) return known;
    if (fn === 'dec' && ts.length === 1 && tys[0] === 'integer') return op('decimal', 'dec');
    if (fn === 'length' && ts.length === 1 && tys[0] === 'string') return op('integer', 'length');
    if (fn === 'sqrt' && ts.length === 1 && numeric) {
      this.warnings.push({ info: a.node.id.info, text: shimWarning(fn, 'original value') });
      return ts[0]!;
    }
    if ((fn === 'read-decimal' || fn === 'read-integer' || fn === 'read-string') && ts.length === 1 && tys[0] === 'string') {
      return { k: 'tx-data', ty: fn === 'read-decimal' ? 'decimal' : fn === 'read-integer' ? 'integer' : 'string', name: ts[0]! };
    }
    // The cases Pact's translation has for these fail on any other type with a type error.
    if (((fn === 'length' || fn === 'reverse' || fn === 'sort' || fn === 'distinct') && ts.length === 1) || (fn === 'contains' && ts.length === 2)) {
      return fn === 'length' || fn === 'contains' ? typeError(a) : unsupported();
    }
    if ((fn === 'take' || fn === 'drop') && ts.length === 2) return tys[1] === 'string' || listElem(tys[1]!) !== null ? unsupported() : typeError(a);
    return hasCase(fn, args) ? unsupported() : this.shim(fn, a, unsupported);
  }

  /// The natives Pact's analysis computes of known operands (`natives.ts`): hashes, principals,
  /// `str-to-int` in a base, the bitwise operators; null for others.
  private knownOnly(fn: string, ts: readonly Term[], tys: readonly Ty[], at: Info | null): Term | null {
    const op = (ty: Ty, o: Op, args: readonly Term[] = ts): Term => ({ k: 'op', ty, op: o, args });
    const [a, b] = tys;
    if (fn === 'hash' && ts.length === 1) {
      if (hashable(a!)) return op('string', 'hash');
      this.warnings.push({ info: at, text: 'Unsupported operation: Call to `hash` is only implemented for string, bool, and integer, substituting hash of `hello pact`' });
      return op('string', 'hash', [{ k: 'lit', lit: { ty: 'string', value: 'hello pact' } }]);
    }
    if (fn === 'hash-keccak256' && ts.length === 1 && tyEq(a!, { k: 'list', elem: 'string' })) return op('string', 'keccak256');
    if (fn === 'is-principal' && ts.length === 1 && a === 'string') return op('bool', 'is-principal');
    if (fn === 'typeof-principal' && ts.length === 1 && a === 'string') return op('string', 'typeof-principal');
    if (fn === 'str-to-int' && ts.length === 2 && a === 'integer' && b === 'string') return op('integer', 'str-to-int-base');
    if (!tys.every((t) => t === 'integer')) return null;
    if ((fn === '&' || fn === '|' || fn === 'xor' || fn === 'shift') && ts.length === 2) return op('integer', fn);
    return fn === '~' && ts.length === 1 ? op('integer', '~') : null;
  }

  /// `at` of an object's field (a literal key, or one the code computes) or of a list's element
  /// (Pact's `AST_At`, which translates the container first).
  private at(key: AST, of: AST, a: AST, unsupported: () => never): Term {
    const obj = this.node(of);
    const k = this.node(key);
    const ty = termTy(obj);
    const keyTy = termTy(k);
    if (isObj(ty) && keyTy === 'string') {
      if (k.k !== 'lit' || k.lit.ty !== 'string') return { k: 'at-key', ty: analysisType(a.node.ty) ?? unsupported(), key: k, obj };
      const field = k.lit.value;
      return { k: 'at', ty: fieldTy(ty, field) ?? unsupported(), field, obj };
    }
    if (isObj(ty)) return unsupported();
    if (typeof ty === 'string' || ty.k !== 'list') return typeError(a);
    if (keyTy !== 'integer') return unsupported();
    return { k: 'op', ty: ty.elem, op: 'at-index', args: [obj, k] };
  }

  /// `+` of two objects (Pact's `ObjMerge`): each field of the result's type from the first
  /// object that has it with that type.
  private merge(left: Term, right: Term, a: AST, unsupported: () => never): Term {
    const ty = analysisType(a.node.ty);
    if (ty === null || !isObj(ty)) return unsupported();
    const sides = [left, right].map((t) => ({ vid: this.nextVid++, t }));
    const fields = ty.fields.map(([n, fty]) => {
      const from = sides.find((s) => { const f = fieldTy(termTy(s.t), n); return f !== null && tyEq(f, fty); }) ?? unsupported();
      return [n, { k: 'at', ty: fty, field: n, obj: { k: 'var', ty: termTy(from.t), vid: from.vid } }] as const;
    });
    const body: Term = { k: 'object', ty, fields };
    return sides.reduceRight<Term>((acc, s) => ({ k: 'let', ty, vid: s.vid, rhs: s.t, body: acc }), body);
  }

  /// A function argument, translated with its free variables (the last `n` found) captured.
  private open(fun: AST, n: number, unsupported: () => never): { body: Term; vars: Array<{ vid: number; ty: Ty }> } {
    const outer = this.found;
    this.found = [];
    try {
      const body = this.node(fun);
      if (this.found.length < n) return unsupported();
      return { body, vars: this.found.slice(-n) };
    } finally {
      this.found = outer;
    }
  }

  /// `map`/`filter`/`fold` of a function over a list of single values (Pact's `ListMap`,
  /// `ListFilter`, `ListFold`).
  private listFold(fn: 'map' | 'filter' | 'fold', args: readonly AST[], a: AST, unsupported: () => never): Term {
    const { body, vars } = this.open(args[0]!, fn === 'fold' ? 2 : 1, unsupported);
    const bty = termTy(body);
    if (fn === 'filter' && bty !== 'bool') return unsupported();
    const init = fn === 'fold' ? this.node(args[1]!) : null;
    const list = this.node(args[args.length - 1]!);
    const lty = termTy(list);
    if (typeof lty === 'string' || lty.k !== 'list') return unsupported();
    if (!tyEq(vars[vars.length - 1]!.ty, lty.elem)) return typeError(a);
    const vids = vars.map((v) => v.vid);
    switch (fn) {
      case 'map': return { k: 'list-fold', ty: { k: 'list', elem: bty }, how: fn, vids, body, init, list };
      case 'filter': return { k: 'list-fold', ty: lty, how: fn, vids, body, init, list };
      case 'fold':
        if (!tyEq(vars[0]!.ty, bty) || !tyEq(termTy(init!), bty)) return typeError(a);
        return { k: 'list-fold', ty: bty, how: fn, vids, body, init, list };
    }
  }

  /// `where` of a field, a function and an object: the function of the object's field (Pact's
  /// `Where`, the field read as `at` reads a computed key, of the function's argument's type).
  private where(args: readonly AST[], unsupported: () => never): Term {
    const key = this.stringNode(args[0]!, unsupported);
    const f = this.open(args[1]!, 1, unsupported);
    const obj = this.node(args[2]!);
    if (termTy(f.body) !== 'bool' || !isObj(termTy(obj))) return unsupported();
    const v = f.vars[0]!;
    return { k: 'let', ty: 'bool', vid: v.vid, rhs: { k: 'at-key', ty: v.ty, key, obj }, body: f.body };
  }

  /// `contains` of a key in an object (whether its type has that field: Pact's `ObjContains`,
  /// which does not evaluate the object, nor show what it does), `take`/`drop` of keys from an
  /// object (the fields of the call's type: Pact's `ObjTake`/`ObjDrop`, which do not evaluate
  /// the keys); null for other calls.
  private objectNative(fn: string, ts: readonly Term[], tys: readonly Ty[], a: AST, mark: number, unsupported: () => never): Term | null {
    if ((fn !== 'contains' && fn !== 'take' && fn !== 'drop') || ts.length !== 2) return null;
    const [key, obj] = ts as [Term, Term];
    const ty = tys[1]!;
    if (!isObj(ty)) return null;
    if (fn === 'contains') {
      if (tys[0] !== 'string') return typeError(a);
      this.events.length = mark;
      const names = ty.fields.map(([n]): Term => ({ k: 'lit', lit: { ty: 'string', value: n } }));
      return { k: 'op', ty: 'bool', op: 'has-key', args: [key, ...names] };
    }
    const sub = analysisType(a.node.ty);
    if (sub === null || !isObj(sub)) return fn === 'drop' ? typeError(a) : unsupported();
    if (!tyEq(tys[0]!, { k: 'list', elem: 'string' })) return unsupported();
    const vid = this.nextVid++;
    const from: Term = { k: 'var', ty, vid };
    const fields = sub.fields.map(([n, fty]) => (tyEq(fieldTy(ty, n) ?? 'any', fty) ? [n, { k: 'at', ty: fty, field: n, obj: from } as Term] as const : unsupported()));
    return { k: 'let', ty: sub, vid, rhs: obj, body: { k: 'object', ty: sub, fields } };
  }

  /// `compose` of two functions and a value: the first's result is the second's argument.
  private compose(args: readonly AST[], unsupported: () => never): Term {
    const value = this.node(args[2]!);
    const f = this.open(args[0]!, 1, unsupported);
    const g = this.open(args[1]!, 1, unsupported);
    return { k: 'let', ty: termTy(g.body), vid: f.vars[0]!.vid, rhs: value, body: { k: 'let', ty: termTy(g.body), vid: g.vars[0]!.vid, rhs: f.body, body: g.body } };
  }

  /// `and?`/`or?` of two predicates and a value: both applied to it (Pact's `AndQ`/`OrQ`).
  private logicalQ(fn: 'and?' | 'or?', args: readonly AST[], unsupported: () => never): Term {
    const preds = [this.open(args[0]!, 1, unsupported), this.open(args[1]!, 1, unsupported)];
    const value = this.node(args[2]!);
    if (preds.some((f) => termTy(f.body) !== 'bool')) return unsupported();
    const applied = preds.map((f): Term => ({ k: 'let', ty: 'bool', vid: f.vars[0]!.vid, rhs: value, body: f.body }));
    return { k: 'op', ty: 'bool', op: fn === 'and?' ? 'and' : 'or', args: applied };
  }

  /// Natives of strings and lists Pact models: `length`, `+` of lists, `contains`, `take`,
  /// `drop`, `str-to-int`; null for others (or other types).
  private listNative(fn: string, ts: readonly Term[], tys: readonly Ty[]): Term | null {
    const op = (ty: Ty, o: Op, args: readonly Term[]): Term => ({ k: 'op', ty, op: o, args });
    const [a, b] = tys;
    const collection = (t: Ty | undefined): t is Ty => t === 'string' || (t !== undefined && typeof t !== 'string' && t.k === 'list');
    const elem = (t: Ty | undefined): Ty | null => (t !== undefined && typeof t !== 'string' && t.k === 'list' ? t.elem : null);
    if (ts.length === 1 && fn === 'length' && elem(a) !== null) return op('integer', 'length', ts);
    if (ts.length === 1 && fn === 'str-to-int' && a === 'string') return op('integer', 'str-to-int', ts);
    if (fn === 'distinct' && ts.length === 1 && elem(a) !== null) return op(a!, 'distinct', ts);
    if (fn === 'reverse' && ts.length === 1 && elem(a) !== null) return op(a!, 'reverse', ts);
    if (fn === 'sort' && ts.length === 1 && elem(a) !== null) return op(a!, 'sort', ts);
    if (fn === 'make-list' && ts.length === 2 && a === 'integer') return op({ k: 'list', elem: b! }, 'make-list', ts);
    if (fn === 'create-principal' && ts.length === 1 && a === 'guard') return op('string', 'create-principal', ts);
    if (fn === 'validate-principal' && ts.length === 2 && a === 'guard' && b === 'string') return op('bool', 'validate-principal', ts);
    if (fn === 'enumerate' && (ts.length === 2 || ts.length === 3) && tys.every((t) => t === 'integer')) {
      return op({ k: 'list', elem: 'integer' }, 'enumerate', ts.length === 3 ? ts : [...ts, { k: 'lit', lit: { ty: 'integer', value: 1n } }]);
    }
    if (ts.length !== 2) return null;
    if (fn === '+' && elem(a) !== null && tyEq(a!, b!)) return op(a!, 'concat', ts);
    if (fn === 'contains' && collection(b) && (b === 'string' ? a === 'string' : tyEq(elem(b)!, a!))) return op('bool', 'contains', [ts[1]!, ts[0]!]);
    if ((fn === 'take' || fn === 'drop') && a === 'integer' && collection(b)) return op(b, fn, [ts[1]!, ts[0]!]);
    return null;
  }

  /// A native Pact does not model: a fixed value of its type, with a warning at the call.
  private shim(fn: string, a: AST, unsupported: () => never): Term {
    const ty = analysisType(a.node.ty);
    return this.shimmed(fn, a, (ty === null ? null : shimValue(ty)) ?? unsupported());
  }

  private shimmed(fn: string, a: AST, value: { lit: Lit; text: string }): Term {
    this.warnings.push({ info: a.node.id.info, text: shimWarning(fn, value.text) });
    return { k: 'lit', lit: value.lit };
  }

  /// A defpact's steps, then the rollbacks of all but the last, latest first (Pact's
  /// `translatePact`), each step and rollback in a scope of its own.
  pact(asts: readonly AST[], info: Info | null): Term {
    const before = this.events;
    const inScope = (k: 'step' | 'rollback', act: () => Term): { term: Term; events: Event[] } => {
      this.events = [{ k: 'push', scope: { k }, bindings: [] }];
      const term = act();
      this.events.push({ k: 'pop', scope: { k }, tag: this.tag('string') });
      return { term, events: this.events };
    };
    const steps = asts.map((a, i) => {
      if (a.k !== 'step') throw new AnalysisFailure(info, `Analysis doesn't support this construct yet: ${prettyAst(a)}`);
      const unsupported = (): never => {
        throw new AnalysisFailure(a.node.id.info, `Analysis doesn't support this construct yet: ${prettyAst(a)}`);
      };
      const step = inScope('step', () => this.node(a.exec));
      const entity = a.entity === null ? null : this.stringNode(a.entity, unsupported);
      return { ...step, entity, rollbackAst: i < asts.length - 1 ? a.rollback : null, cancel: i === 0 ? null : this.tag('bool') };
    });
    const rollbacks = new Map<number, { term: Term; events: Event[]; tag: number }>();
    for (let i = steps.length - 2; i >= 0; i--) {
      const r = steps[i]!.rollbackAst;
      if (r !== null) rollbacks.set(i, { ...inScope('rollback', () => this.node(r)), tag: this.tag('bool') });
    }
    this.events = before;
    this.events.push({ k: 'pact', steps: steps.map((s) => ({ events: s.events, cancel: s.cancel })), rollbacks: [...rollbacks.values()].map(({ events, tag }) => ({ events, tag })) });
    return {
      k: 'pact',
      steps: steps.map((s, i) => ({ exec: s.term, entity: s.entity, rollback: rollbacks.get(i)?.term ?? null })),
      cancelTags: steps.slice(1).map((s) => s.cancel!),
      rollbackTags: [...rollbacks.keys()].map((i) => rollbacks.get(i)!.tag),
    };
  }

  /// An assertion of the code at `where`, for the trace.
  private assertion(where: Info | null): number {
    const tag = this.tag('bool');
    this.events.push({ k: 'assert', tag, code: where === null ? null : pactCodeText(where, 'utf8') });
    return tag;
  }

  /// `enforce-one`: each case translated with its own events; no cases is `(enforce false)`.
  private enforceOne(items: readonly AST[], a: AST, unsupported: () => never): Term {
    if (items.length === 0) return { k: 'enforce', tag: this.assertion(a.node.id.info), cond: { k: 'lit', lit: { ty: 'bool', value: false } } };
    const before = this.events;
    const cases = items.map((item) => {
      this.events = [];
      const t = this.node(item);
      if (termTy(t) !== 'bool') unsupported();
      return { t, events: this.events, tag: this.tag('bool') };
    });
    this.events = before;
    this.events.push({ k: 'enforce-one', cases: cases.map(({ events, tag }) => ({ events, tag })) });
    return { k: 'enforce-one', cases: cases.map((c) => c.t), tags: cases.map((c) => c.tag) };
  }

  /// `with-capability`: the capability's body, which grants it, then the body under that grant.
  private withCapability(args: readonly AST[], body: AST, unsupported: () => never, at: Info | null): Term {
    const app = args.length === 1 ? capabilityApp(args[0]!) : null;
    if (app === null || body.k !== 'list') return unsupported();
    const granting = this.capability(app, at);
    const saved = this.capsInScope;
    this.capsInScope = new Set(saved).add(app.cap);
    try {
      const inner = this.body(body.items, at);
      return { k: 'with-capability', ty: termTy(inner), app: granting, body: inner };
    } finally {
      this.capsInScope = saved;
    }
  }

  /// A capability's body in its own scope (`entering capability ...`), granting it.
  private capability(app: CapabilityApp, at: Info | null): Term {
    const scope: Scope = { k: 'capability', module: app.module, name: app.cap };
    return this.bound(app.bindings, scope, at, () => this.body(app.body, at), (term, bindings) =>
      ({ k: 'grant', ty: termTy(term), cap: app.cap, args: bindings.map((b): Term => ({ k: 'var', ty: b.ty, vid: b.vid })), body: term }));
  }

  /// `add-time`, `diff-time`, `days`/`hours`/`minutes` (seconds, as numbers), `time`,
  /// `parse-time`, `format-time`; null for others.
  private time(fn: string, ts: readonly Term[], tys: readonly Ty[], unsupported: () => never): Term | null {
    const SECONDS: Record<string, bigint> = { days: 86400n, hours: 3600n, minutes: 60n };
    const per = SECONDS[fn];
    if (per !== undefined && ts.length === 1) {
      if (tys[0] !== 'integer' && tys[0] !== 'decimal') return unsupported();
      const factor: Term = { k: 'lit', lit: tys[0] === 'integer' ? { ty: 'integer', value: per } : { ty: 'decimal', value: per * DECIMAL_ONE } };
      return { k: 'op', ty: tys[0], op: '*', args: [factor, ts[0]!] };
    }
    if (fn === 'diff-time' && ts.length === 2 && tys[0] === 'time' && tys[1] === 'time') return { k: 'op', ty: 'decimal', op: 'diff-time', args: ts };
    if (fn === 'add-time' && ts.length === 2 && tys[0] === 'time') {
      if (tys[1] !== 'integer' && tys[1] !== 'decimal') return unsupported();
      return { k: 'op', ty: 'time', op: tys[1] === 'integer' ? 'add-time' : 'add-time-dec', args: ts };
    }
    // `time` is `parse-time` in ISO 8601.
    if (fn === 'time' && ts.length === 1 && tys[0] === 'string') return { k: 'op', ty: 'time', op: 'parse-time', args: [{ k: 'lit', lit: { ty: 'string', value: ISO_TIME_FORMAT } }, ts[0]!] };
    if (fn === 'parse-time' && ts.length === 2 && tys[0] === 'string' && tys[1] === 'string') return { k: 'op', ty: 'time', op: 'parse-time', args: ts };
    if (fn === 'format-time' && ts.length === 2 && tys[0] === 'string' && tys[1] === 'time') return { k: 'op', ty: 'string', op: 'format-time', args: ts };
    return null;
  }

  /// The row type of a table the analysis models.
  private rowOf(table: Extract<AST, { k: 'table' }>): ObjTy | null {
    return this.modules.tables.get(table.name) ?? null;
  }

  /// `read` (all columns, or a literal list of them), `insert`/`update`/`write`; null for
  /// anything else.
  private database(fn: string, args: readonly AST[], a: AST, unsupported: () => never): Term | null {
    const table = args[0];
    if (table?.k !== 'table') return null;
    const row = this.rowOf(table) ?? unsupported();
    if (fn === 'read' && (args.length === 2 || args.length === 3)) {
      const key = this.stringNode(args[1]!, unsupported);
      const tag = this.tag('bool');
      this.events.push({ k: 'read', tag, table: table.name, ty: row });
      const read: Term = { k: 'read', ty: row, tag, table: table.name, row, key, default: null };
      if (args.length === 2) return read;
      const cols = args[2]!;
      if (cols.k !== 'list') return unsupported();
      const names = cols.items.map((c) => (c.k === 'prim' && c.value.k === 'lit' && typeof c.value.value === 'string' ? c.value.value : unsupported()));
      const vid = this.nextVid++;
      const fields = row.fields.filter(([n]) => names.includes(n)).map(([n, ty]) => [n, { k: 'at', ty, field: n, obj: { k: 'var', ty: row, vid } } as Term] as const);
      const body: Term = { k: 'object', ty: objTy(fields.map(([n, t]) => [n, termTy(t)] as const)), fields };
      return { k: 'let', ty: body.ty, vid, rhs: read, body };
    }
    if ((fn === 'insert' || fn === 'update' || fn === 'write') && args.length === 3) {
      const key = this.stringNode(args[1]!, unsupported);
      const obj = this.node(args[2]!);
      const ty = termTy(obj);
      if (!isObj(ty)) return unsupported();
      const tag = this.tag('bool');
      this.events.push({ k: 'write', tag, kind: fn as WriteKind, table: table.name, ty });
      return { k: 'write', tag, kind: fn as WriteKind, table: table.name, key, obj };
    }
    return null;
  }

  private stringNode(a: AST, unsupported: () => never): Term {
    const t = this.node(a);
    return termTy(t) === 'string' ? t : unsupported();
  }

  /// `with-read`, `with-default-read` and `bind`: the object (a row read, or the one given),
  /// then its columns bound in a `destructuring object` scope (Pact's `translateObjBinding`).
  private bindingForm(form: string, args: readonly AST[], pairs: ReadonlyArray<readonly [Named, AST]>, body: readonly AST[], unsupported: () => never, info: Info | null): Term {
    const columns = pairs.map(([, c]) => (c.k === 'prim' && c.value.k === 'lit' && typeof c.value.value === 'string' ? c.value.value : unsupported()));
    let obj: Term;
    if (form === 'bind' && args.length === 1) {
      obj = this.node(args[0]!);
    } else if (form === 'resume' && args.length === 0) {
      // The object the step before yielded, of the type of the columns bound.
      const ty = objTy(pairs.map(([n], i) => [columns[i]!, analysisType(n.node.ty) ?? unsupported()] as const));
      const tag = this.tag('bool');
      this.events.push({ k: 'resume', tag, ty });
      obj = { k: 'resume', ty, tag };
    } else if ((form === 'with-read' && args.length === 2) || (form === 'with-default-read' && args.length === 3)) {
      const table = args[0]!;
      const row = (table.k === 'table' ? this.rowOf(table) : null) ?? unsupported();
      if (table.k !== 'table') return unsupported();
      const key = this.stringNode(args[1]!, unsupported);
      const ty = objTy(row.fields.filter(([n]) => columns.includes(n)));
      const def = args.length === 3 ? this.node(args[2]!) : null;
      if (def !== null && !tyEq(termTy(def), ty)) {
        throw new AnalysisFailure(info, `Bad type in a \`with-default-read\`: we expected ${showTyHs(termTy(def))} (the type of the provided default), but saw ${showTyHs(ty)} (based on the fields that were bound).`);
      }
      const tag = this.tag('bool');
      this.events.push({ k: 'read', tag, table: table.name, ty });
      obj = { k: 'read', ty, tag, table: table.name, row, key, default: def };
    } else {
      return unsupported();
    }
    const ty = termTy(obj);
    const objVid = this.nextVid++;
    const bindings = pairs.map(([n]) => this.binding(n, info));
    bindings.forEach((b, i) => {
      const col = fieldTy(ty, columns[i]!);
      if (col === null || !tyEq(col, b.ty)) unsupported();
    });
    const { term } = this.scope({ k: 'object' }, pairs.map(([n]) => n), bindings, () => this.body(body, info));
    const objVar: Term = { k: 'var', ty, vid: objVid };
    const inner = bindings.reduceRight<Term>((acc, b, i) => ({ k: 'let', ty: termTy(acc), vid: b.vid, rhs: { k: 'at', ty: b.ty, field: columns[i]!, obj: objVar }, body: acc }), term);
    return { k: 'let', ty: termTy(inner), vid: objVid, rhs: obj, body: inner };
  }

  /// `enforce-guard`/`enforce-keyset` of a guard, or of a keyset's name in the registry.
  private enforceGuard(arg: AST, unsupported: () => never): Term {
    const t = this.node(arg);
    const guard: Term = termTy(t) === 'string' ? { k: 'keyset', from: 'registry', name: t } : t;
    if (termTy(guard) !== 'guard') return unsupported();
    const tag = this.tag('bool');
    this.events.push({ k: 'guard', tag, origin: this.origin(guard) });
    return { k: 'enforce-guard', tag, guard };
  }

  private origin(g: Term): GuardOrigin {
    if (g.k === 'keyset') return { k: g.from };
    const arg = g.k === 'var' ? this.argNames.get(g.vid) : undefined;
    return arg === undefined ? { k: 'unknown' } : { k: 'argument', name: arg };
  }

  /// `if`: the condition's events, then each branch's own (the model shows the one taken).
  private conditional(c: AST, t: AST, e: AST, unsupported: () => never, info: Info | null): Term {
    const cond = this.node(c);
    if (termTy(cond) !== 'bool') return unsupported();
    const before = this.events;
    const tag = this.tag('bool');
    this.events = [];
    const then = this.node(t);
    const thenEvents = this.events;
    this.events = [];
    const other = this.node(e);
    const elseEvents = this.events;
    this.events = before;
    this.events.push({ k: 'branch', tag, then: thenEvents, else: elseEvents });
    if (!tyEq(termTy(then), termTy(other))) {
      // Pact shows each as Haskell shows its `EType`.
      throw new AnalysisFailure(info, `two branches unexpectedly have different types: (EType ${showTyHs(termTy(then), 11)}) vs (EType ${showTyHs(termTy(other), 11)})`);
    }
    return { k: 'if', ty: termTy(then), tag, cond, then, else: other };
  }
}

interface CapabilityApp {
  readonly module: string;
  /// Pact's capability name, `module.name`.
  readonly cap: string;
  readonly bindings: ReadonlyArray<readonly [Named, AST]>;
  readonly body: readonly AST[];
}

/// A call of a defcap, its arguments bound by the checker's inlining.
function capabilityApp(a: AST): CapabilityApp | null {
  if (a.k !== 'app' || a.fun.k !== 'defun' || a.fun.defType !== 'defcap') return null;
  const inlined = a.fun.body[0];
  if (inlined?.k !== 'binding' || inlined.bindType.k !== 'inlined') return null;
  return { module: a.fun.module, cap: `${a.fun.module}.${a.fun.name}`, bindings: inlined.bindings, body: inlined.body };
}

/// A native's value when its arguments' types decide it: an object's `length`, its number of
/// fields (Pact's `ObjLength`), and `=`/`!=` of objects of different types or of empty ones
/// (`ObjectEqNeq`); null otherwise.
function decidedByTypes(fn: string, tys: readonly Ty[]): Lit | null {
  const [a, b] = tys;
  if (fn === 'length' && tys.length === 1 && isObj(a!)) return { ty: 'integer', value: BigInt(a.fields.length) };
  if ((fn !== '=' && fn !== '!=') || tys.length !== 2 || !isObj(a!) || !isObj(b!)) return null;
  const known = objectsCompared(fn === '=', a, b);
  return known === null ? null : { ty: 'bool', value: known };
}

function info(a: AST): Info | null {
  return a.node.id.info;
}

/// Pact's `TypeError`: a node of a type the checker allowed but the analysis cannot take.
function typeError(a: AST): never {
  throw new AnalysisFailure(a.node.id.info, `"impossible" post-typechecker type error in node: ${showTcId(a.node.id)}::${showTypeHs(a.node.ty)}`);
}

function listElem(t: Ty): Ty | null {
  return typeof t !== 'string' && t.k === 'list' ? t.elem : null;
}

/// What `hash` is implemented for: strings, integers, decimals, booleans and lists of those.
function hashable(t: Ty): boolean {
  if (t === 'string' || t === 'integer' || t === 'decimal' || t === 'bool') return true;
  return typeof t !== 'string' && t.k === 'list' && (hashable(t.elem) || (typeof t.elem !== 'string' && t.elem.k === 'list'));
}

/// An integer term widened to a decimal, as Pact's mixed arithmetic does.
function widen(t: Term): Term {
  return termTy(t) === 'integer' ? { k: 'op', ty: 'decimal', op: 'dec', args: [t] } : t;
}

/// A checker literal as an analysis literal term, or null (times, guards…).
export function literal(v: unknown): Term | null {
  if (typeof v === 'bigint') return { k: 'lit', lit: { ty: 'integer', value: v } };
  if (typeof v === 'boolean') return { k: 'lit', lit: { ty: 'bool', value: v } };
  if (typeof v === 'string') return { k: 'lit', lit: { ty: 'string', value: v } };
  if (v instanceof PactTime) return { k: 'lit', lit: { ty: 'time', value: v.micros + UNIX_EPOCH_MICROS } };
  if (v instanceof Decimal) return { k: 'lit', lit: { ty: 'decimal', value: scaleDecimal(v.mantissa, v.scale) } };
  return null;
}

/// A decimal `mantissa * 10^-scale` as the analysis' integer of 10^-255 units.
/// More places than that are rounded half to even.
export function scaleDecimal(mantissa: bigint, scale: number): bigint {
  if (scale > DECIMAL_PLACES) return rdiv(mantissa, 10n ** BigInt(scale - DECIMAL_PLACES));
  return mantissa * 10n ** BigInt(DECIMAL_PLACES - scale);
}

/// A node's analysis type, or Pact's `UnhandledType` failure.
function translatedType(n: TNode, at: Info | null): Ty {
  const ty = analysisType(n.ty);
  if (ty === null) throw new AnalysisFailure(at, `Found a type we don't know how to translate yet: ${showTypeHs(n.ty)} at node: ${showTcId(n.id)}::${showTypeHs(n.ty)}`);
  return ty;
}
