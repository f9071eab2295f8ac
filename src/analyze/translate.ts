/// The checker's typed AST of a function → an analysis `Term` and the events its runs can show
/// (Pact's `Translate.hs`, for the forms this slice models). Anything else fails with Pact's
/// `Analysis doesn't support this construct yet: <AST>` at the node.
import type { Info } from '../syntax/exp.ts';
import { pactCodeText } from '../syntax/code.ts';
import type { AST, Named, TNode } from '../typecheck/ast.ts';
import { prettyAst, walkAST } from '../typecheck/ast.ts';
import type { Type } from '../values/type.ts';
import { Decimal } from '../values/decimal.ts';
import { DECIMAL_PLACES, termTy } from './lang.ts';
import type { Binding, Event, Op, Scope, Term, Ty } from './lang.ts';

/// A translation (or analysis) failure: where, and Pact's text.
export class AnalysisFailure extends Error {
  readonly info: Info | null;
  constructor(info: Info | null, message: string) {
    super(message);
    this.info = info;
  }
}

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
}

/// The analysis type of a checker type, or null outside this slice.
export function analysisType(t: Type): Ty | null {
  if (t.t !== 'prim') return null;
  switch (t.name) {
    case 'integer': case 'decimal': case 'bool': return t.name;
    case 'string': return 'string';
    default: return null;
  }
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

/// Translates a function (`module.name`, its arguments and inlined body); the first argument is
/// variable 1 (0 is `result`), as Pact numbers them for properties.
export function translateFunction(module: string, name: string, info: Info | null, args: readonly Named[], body: readonly AST[]): Translated {
  return new Translator().fun(module, name, info, args, body);
}

class Translator {
  private nextVid = 1;
  /// Tag 0 is Pact's root path; tags count on from 1.
  private nextTag = 1;
  private readonly tagTypes = new Map<number, Ty>();
  private events: Event[] = [];
  /// Variables in scope by the id of their binding node.
  private vars = new Map<number, { vid: number; ty: Ty }>();

  fun(module: string, name: string, info: Info | null, args: readonly Named[], body: readonly AST[]): Translated {
    const bindings = args.map((a) => this.binding(a));
    const { term, tag } = this.scope({ k: 'function', module, name }, args, bindings, () => this.body(body, info));
    return { info, args: bindings, term, events: this.events, resultTag: tag, tagTypes: this.tagTypes };
  }

  private binding(n: Named): Binding {
    const ty = analysisType(n.node.ty);
    if (ty === null) throw new AnalysisFailure(n.node.id.info, `Analysis doesn't support this construct yet: argument ${n.name} of type ${showTy(n.node.ty)}`);
    return { vid: this.nextVid++, name: n.name, ty };
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

  private body(asts: readonly AST[], info: Info | null): Term {
    if (asts.length === 0) throw new AnalysisFailure(info, "can't translate an empty body");
    const [first, ...rest] = asts;
    const t = this.node(first!);
    if (rest.length === 0) return t;
    const r = this.body(rest, info);
    return { k: 'seq', ty: termTy(r), first: t, rest: r };
  }

  /// Bindings (a `let` or an inlined call's arguments): right-hand sides first, then the scope.
  private bound(pairs: ReadonlyArray<readonly [Named, AST]>, scope: Scope, body: readonly AST[], info: Info | null): Term {
    const bindings = pairs.map(([n]) => this.binding(n));
    const rhs = pairs.map(([, v]) => this.node(v));
    const { term } = this.scope(scope, pairs.map(([n]) => n), bindings, () => this.body(body, info));
    return bindings.reduceRight<Term>((acc, b, i) => ({ k: 'let', ty: termTy(acc), vid: b.vid, rhs: rhs[i]!, body: acc }), term);
  }

  private node(a: AST): Term {
    const info = a.node.id.info;
    const unsupported = (): never => {
      throw new AnalysisFailure(info, `Analysis doesn't support this construct yet: ${prettyAst(a)}`);
    };
    switch (a.k) {
      case 'binding':
        if (a.bindType.k !== 'let') return unsupported();
        return this.bound(a.bindings, { k: 'let' }, a.body, info);
      case 'var': {
        const v = this.vars.get(a.node.id.id);
        return v === undefined ? unsupported() : { k: 'var', ty: v.ty, vid: v.vid };
      }
      case 'prim': {
        if (a.value.k !== 'lit') return unsupported();
        return literal(a.value.value) ?? unsupported();
      }
      case 'app': {
        const f = a.fun;
        if (f.k === 'defun') {
          const inlined = f.body[0];
          if (f.defType !== 'defun' || inlined?.k !== 'binding' || inlined.bindType.k !== 'inlined') return unsupported();
          return this.bound(inlined.bindings, { k: 'function', module: f.module, name: f.name }, inlined.body, info);
        }
        if (f.special !== null) return unsupported();
        return this.native(f.name, a.args, a, unsupported);
      }
      default: return unsupported();
    }
  }

  private native(fn: string, args: readonly AST[], a: AST, unsupported: () => never): Term {
    if (fn === 'enforce' && args.length >= 1) {
      const cond = this.node(args[0]!);
      if (termTy(cond) !== 'bool') return unsupported();
      const tag = this.tag('bool');
      const where = args[0]!.node.id.info;
      this.events.push({ k: 'assert', tag, code: where === null ? null : pactCodeText(where, 'utf8') });
      return { k: 'enforce', tag, cond };
    }
    if (fn === 'if' && args.length === 3) return this.conditional(args[0]!, args[1]!, args[2]!, unsupported, a.node.id.info);
    const ts = args.map((x) => this.node(x));
    const tys = ts.map(termTy);
    const op = (ty: Ty, o: Op, xs: readonly Term[] = ts): Term => ({ k: 'op', ty, op: o, args: xs });
    const numeric = tys.every((t) => t === 'integer' || t === 'decimal');
    if (ts.length === 1 && (fn === '-' || fn === 'abs') && numeric) return op(tys[0]!, fn === '-' ? 'neg' : 'abs');
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
    if (COMPARISON.has(fn) && ts.length === 2 && tys[0] === tys[1]) {
      if (tys[0] === 'bool' && fn !== '=' && fn !== '!=') return unsupported();
      return op('bool', fn as Op);
    }
    if ((fn === 'and' || fn === 'or') && ts.length === 2 && tys.every((t) => t === 'bool')) return op('bool', fn);
    if (fn === 'not' && ts.length === 1 && tys[0] === 'bool') return op('bool', 'not');
    if (ROUNDING.has(fn) && ts.length === 1 && tys[0] === 'decimal') return op('integer', fn as Op);
    if (fn === 'dec' && ts.length === 1 && tys[0] === 'integer') return op('decimal', 'dec');
    if (fn === 'length' && ts.length === 1 && tys[0] === 'string') return op('integer', 'length');
    return unsupported();
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
    if (termTy(then) !== termTy(other)) {
      throw new AnalysisFailure(info, `two branches unexpectedly have different types: (${termTy(then)}) vs (${termTy(other)})`);
    }
    return { k: 'if', ty: termTy(then), tag, cond, then, else: other };
  }
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
  if (v instanceof Decimal) return { k: 'lit', lit: { ty: 'decimal', value: scaleDecimal(v.mantissa, v.scale) } };
  return null;
}

/// A decimal `mantissa * 10^-scale` as the analysis' integer of 10^-255 units.
export function scaleDecimal(mantissa: bigint, scale: number): bigint {
  return mantissa * 10n ** BigInt(DECIMAL_PLACES - scale);
}

function showTy(t: Type): string {
  return t.t === 'prim' ? t.name : t.t;
}
