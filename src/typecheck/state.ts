/// The checker's state (Pact's `TcState`) and its substitution machinery: which type variable
/// tracks each AST node, what each variable stands for, and how new facts are associated.
import type { Info } from '../syntax/exp.ts';
import type { FunType, Type } from '../values/type.ts';
import type { AST, Fun, TcId, TNode, YieldResume } from './ast.ts';
import { showTcId } from './ast.ts';
import { showString } from '../values/haskell-show.ts';
import { compareCodePoints } from '../values/text.ts';
import type { SpecialForm } from './ast.ts';
import { VarMap, prettyTuple, prettyType, sameVar, showTypeHs, tyEq, tyVarNamed, unifyTypes } from './types.ts';
import type { Unified, VarType } from './types.ts';

/// A fatal checker error (Pact's `CheckerException`): `typecheck` fails with
/// `Typechecker Internal Error: <message>` at `info`.
export class CheckerError extends Error {
  readonly info: Info | null;
  constructor(info: Info | null, message: string) {
    super(message);
    this.info = info;
  }
}

export function die(info: Info | null, message: string): never {
  throw new CheckerError(info, message);
}

export interface Failure {
  readonly id: TcId;
  readonly message: string;
}

export type VarRole = number | 'ret';

/// A node and the type variable that tracks it.
interface AstVar {
  readonly id: TcId;
  v: VarType;
}

/// A native application with several candidate types, solved after the walk.
export interface Overload {
  readonly funName: string;
  /// Argument positions (and `ret`) to the ASTs that fill them, in role order.
  readonly roles: ReadonlyArray<readonly [VarRole, AST]>;
  readonly types: readonly FunType[];
  solved: FunType | null;
  readonly special: 'at' | 'select' | null;
}

export class TcState {
  supply: number;
  readonly overloads = new Map<number, Overload>();
  /// Newest first, as Pact conses them.
  readonly overloadOrder: TcId[] = [];
  private readonly failures = new Map<string, Failure>();
  readonly astToVar = new Map<number, AstVar>();
  /// The nodes tracked by each variable: re-pointing a variable's nodes is then
  /// proportional to their number, not to all nodes.
  private readonly varNodes = new VarMap<AstVar[]>();
  readonly varToTypes = new VarMap<Type>();
  yieldResume: YieldResume | null = null;
  readonly boundLambdas = new Map<number, Fun>();
  /// Interface name to the module that stands for it (`env-dynref`).
  readonly dynEnv: ReadonlyMap<string, string>;
  /// Where debug lines go (`(typecheck 'm true)`); null when not debugging.
  readonly log: string[] | null;

  constructor(supply: number, log: string[] | null, dynEnv: ReadonlyMap<string, string>) {
    this.supply = supply;
    this.log = log;
    this.dynEnv = dynEnv;
  }

  freshId(info: Info | null, name: string): TcId {
    return { info, name, id: this.supply++ };
  }

  addFailure(id: TcId, message: string): void {
    this.log?.push(`Failure: (${showTcId(id)},${showString(message)})`);
    this.failures.set(`${id.id}\u0000${id.name}\u0000${message}`, { id, message });
  }

  /// The failures in Pact's `Set` order: by node id, then name, then message.
  sortedFailures(): Failure[] {
    return [...this.failures.values()].sort((a, b) =>
      a.id.id - b.id.id || compareCodePoints(a.id.name, b.id.name) || compareCodePoints(a.message, b.message));
  }

  // -------------------------------------------------------------------------------------------
  // Tracking

  /// Tracks a node: its own type variable if its type is one, else a variable named after it.
  trackNode(ty: Type, id: TcId): TNode {
    this.log?.push(`trackAST: ${prettyTuple([showTcId(id), prettyType(ty)])}`);
    if (this.astToVar.has(id.id)) die(id.info, `trackAST: ast already tracked: (${showTcId(id)},${showTypeHs(ty)})`);
    const v = ty.t === 'var' ? ty : tyVarNamed(showTcId(id));
    const e = { id, v };
    this.astToVar.set(id.id, e);
    this.nodesOf(v).push(e);
    if (this.varToTypes.has(v)) die(id.info, `trackAST: var already tracked: (${showTcId(id)},${showTypeHs(ty)})`);
    this.varToTypes.set(v, ty);
    return { id, ty };
  }

  /// A node whose type is a variable of its own.
  trackIdNode(id: TcId): TNode {
    return this.trackNode(tyVarNamed(showTcId(id)), id);
  }

  private nodesOf(v: VarType): AstVar[] {
    let list = this.varNodes.get(v);
    if (list === undefined) this.varNodes.set(v, list = []);
    return list;
  }

  lookupAstVar(msg: string, id: TcId): VarType {
    const e = this.astToVar.get(id.id);
    if (e === undefined) die(id.info, `${msg}: ast not already tracked: ${showTcId(id)}`);
    return e.v;
  }

  lookupTypes(msg: string, id: TcId, v: VarType): Type {
    const t = this.varToTypes.get(v);
    if (t === undefined) die(id.info, `${msg}:  var not already tracked: ${prettyType(v)}`);
    return t;
  }

  lookupAst(msg: string, id: TcId): { v: VarType; ty: Type } {
    const v = this.lookupAstVar(msg, id);
    return { v, ty: this.lookupTypes(msg, id, v) };
  }

  lookupAndResolveTy(n: TNode): Type {
    return this.resolveTy(this.lookupAst('lookupTy', n.id).ty);
  }

  // -------------------------------------------------------------------------------------------
  // Association

  private unify(id: TcId, a: Type, b: Type, act: (r: Unified) => void): void {
    const r = unifyTypes(a, b);
    if (r === null) this.addFailure(id, `Cannot unify: ${prettyTuple([prettyType(a), prettyType(b)])}`);
    else act(r);
  }

  /// Substitution between a type from outside the AST (a native's, a schema's) and a node's.
  assocAstTy(n: TNode, ty: Type): void {
    this.assocTy(n.id, this.lookupAstVar('assocAstTy', n.id), ty);
  }

  assocTy(ai: TcId, av: VarType, ty0: Type): void {
    const aty = this.resolveTy(this.lookupTypes('assocTy', ai, av));
    const ty = this.resolveTy(ty0);
    this.log?.push(`assocTy: ${prettyTuple([prettyType(av), prettyType(aty)])} <=> ${prettyType(ty)}`);
    this.unify(ai, aty, ty, (r) => {
      if (r.left) {
        // The node's type is the more specialised: a variable on the other side now points at it.
        this.assocParams(ai, ty, aty);
        if (ty.t === 'var') {
          const tracked = this.varToTypes.get(ty);
          if (tracked === undefined) {
            this.log?.push(`assocTy: ${prettyType(aty)} => ${prettyType(ty)}`);
            this.varToTypes.set(ty, aty);
          } else this.unify(ai, aty, tracked, (r2) => this.varToTypes.set(ty, r2.ty));
        } else if (ty.t === 'list' && ty.elem.t === 'any') {
          // A list declared heterogeneous stays so.
          this.log?.push(`assocTy: specified heterogenous list, ${prettyType(aty)} <= ${prettyType(ty)}`);
          this.varToTypes.set(av, ty);
        } else this.log?.push(`assocTy: noop: ${prettyTuple([prettyType(aty), prettyType(ty)])}`);
        return;
      }
      this.log?.push(`assocTy: ${prettyTuple([prettyType(av), prettyType(aty)])} <= ${prettyType(r.ty)}`);
      this.varToTypes.set(av, r.ty);
      this.assocParams(ai, r.ty, aty);
      if (aty.t === 'var' && !tyEq(r.ty, aty)) {
        this.log?.push(`assocTy: tracking/updating type variable ${prettyType(aty)} <= ${prettyType(r.ty)}`);
        this.alterTypes(aty, r.ty, () => r.ty);
      }
    });
  }

  private alterTypes(v: VarType, value: Type, update: (old: Type) => Type): void {
    const old = this.varToTypes.get(v);
    this.varToTypes.set(v, old === undefined ? value : update(old));
  }

  /// Looks inside lists and schemas for variables to associate.
  assocParams(i: TcId, x: Type, y: Type): void {
    if (tyEq(x, y)) return;
    const assoc = (a: Type, b: Type) => {
      if (a.t === 'var' && b.t !== 'any') {
        this.alterTypes(a, a, (o) => o);
        this.assocTy(i, a, b);
      } else if (b.t === 'var' && a.t !== 'any') {
        this.alterTypes(b, b, (o) => o);
        this.assocTy(i, b, a);
      }
    };
    if (x.t === 'schema' && y.t === 'schema') assoc(x.schema, y.schema);
    else if (x.t === 'list' && y.t === 'list') assoc(x.elem, y.elem);
  }

  assocAST(ai: TcId, b: AST): void {
    this.assocNode(ai, b.node);
  }

  /// Makes two nodes share the variable of the more specialised one.
  assocNode(ai: TcId, bn: TNode): void {
    const bi = bn.id;
    const a = this.lookupAst('assocAST', ai);
    const b = this.lookupAst('assocAST', bi);
    const sub = (si: TcId, sv: VarType, sty: Type, fi: TcId, fv: VarType, fty: Type) => {
      this.log?.push(`assocAST: ${prettyTuple([showTcId(si), prettyType(sv), prettyType(sty)])} => ${prettyTuple([showTcId(fi), prettyType(fv), prettyType(fty)])}`);
      const from = this.nodesOf(fv);
      for (const e of from) e.v = sv;
      if (sameVar(sv, fv)) return;
      this.nodesOf(sv).push(...from);
      this.varNodes.delete(fv);
      this.varToTypes.delete(fv);
    };
    const r = unifyTypes(a.ty, b.ty);
    if (r === null) this.addFailure(bi, `assocAST: cannot unify: ${prettyTuple([prettyType(a.ty), prettyType(b.ty)])}`);
    else if (r.left) sub(ai, a.v, a.ty, bi, b.v, b.ty);
    else sub(bi, b.v, b.ty, ai, a.v, a.ty);
  }

  // -------------------------------------------------------------------------------------------
  // Resolution

  /// A type with its variables followed to what they stand for, inside lists and schemas too.
  resolveTy(rt: Type): Type {
    const seen: Type[] = [];
    const go = (t: Type): Type | null => {
      if (seen.some((s) => tyEq(s, t))) return null;
      seen.push(t);
      switch (t.t) {
        case 'var': {
          const found = this.varToTypes.get(t);
          return found !== undefined && !tyEq(found, t) ? go(found) : t;
        }
        case 'schema': {
          const s = go(t.schema);
          return s === null ? null : { ...t, schema: s };
        }
        case 'list': {
          const e = go(t.elem);
          return e === null ? null : { t: 'list', elem: e };
        }
        default: return t;
      }
    };
    const r = go(rt);
    if (r === null) die(null, `Error: recursive type vars: [${seen.reverse().map((s) => showTypeHs(s)).join(',')}]`);
    return r;
  }
}

export type { SpecialForm };
