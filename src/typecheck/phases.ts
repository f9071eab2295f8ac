/// The checker's phases over one top-level production, in Pact's order: inline user calls,
/// apply natives' signatures, check defpact yields and resumes, push schemas down, solve
/// overloaded natives, resolve every node's type.
import type { FunType, Type } from '../values/type.ts';
import type { AST, Fun, Named, TcId, TNode, Visitor } from './ast.ts';
import { prettyAst, prettyNode, showTcId, walkAST } from './ast.ts';
import { mangleFunType, mangleType } from './build.ts';
import type { TopLevel } from './build.ts';
import { die } from './state.ts';
import { showString } from '../values/haskell-show.ts';
import { compareCodePoints } from '../values/text.ts';
import type { Overload, TcState, VarRole } from './state.ts';
import { compareTy, isConcrete, isUnresolved, prettyFunType, prettyList, prettyTuple, prettyType, showFunTypeHs, showTypeHs, showTypeVarHs, tyEq, unifyTypes } from './types.ts';
import type { SchemaPartial, VarType } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Inlining user calls

/// Pact's `substAppDefun Nothing`: after its children, a user call's body becomes a binding of
/// its arguments around a copy of the body with the parameters replaced.
function substAppDefun(st: TcState): Visitor {
  return (visit, t) => {
    if (visit !== 'post' || t.k !== 'app' || t.fun.k !== 'defun') return t;
    const body = inlineAppArgs(st, t.node, t.fun.type, t.fun.args, t.fun.body, t.args);
    return { ...t, fun: { ...t.fun, body } };
  };
}

/// Replaces the parameters' variables (by id) with the binders' in one walk. Pact walks once
/// per parameter; the associations are made in that order (each parameter's occurrences in
/// walk order), which is all the walks' order can be seen in.
function substParams(st: TcState, body: AST, params: ReadonlyMap<number, readonly [TcId, AST]>): AST {
  const seen: Array<Array<readonly [TcId, AST]>> = [...params.keys()].map(() => []);
  const index = new Map([...params.keys()].map((k, i) => [k, i] as const));
  const out = walkAST((visit, t) => {
    if (visit !== 'pre' || t.k !== 'var') return t;
    const p = params.get(t.node.id.id);
    if (p === undefined || p[0].name !== t.node.id.name) return t;
    seen[index.get(t.node.id.id)!]!.push(p);
    return p[1];
  }, body);
  for (const occurrences of seen) for (const [id, v] of occurrences) st.assocAST(id, v);
  return out;
}

function inlineAppArgs(st: TcState, appNode: TNode, defunType: FunType, defunArgs: readonly Named[], defunBody: readonly AST[], args: readonly AST[]): AST[] {
  const ft = mangleFunType(appNode.id, defunType);
  st.assocAstTy(appNode, ft.ret);
  const letId = st.freshId(appNode.id.info, 'inlinedCallArgs');
  const letNode = st.trackIdNode(letId);
  st.assocAstTy(letNode, ft.ret);
  const n = Math.min(args.length, ft.args.length);
  const binders: Named[] = [];
  for (let i = 0; i < n; i++) {
    const a = defunType.args[i]!;
    const info = defunArgs[i]?.node.id.info ?? appNode.id.info;
    const varId = st.freshId(info, `${showTcId(letId)}_${a.name}`);
    const node = st.trackNode(mangleType(varId, ft.args[i]!.type), varId);
    st.assocAST(varId, args[i]!);
    binders.push({ name: a.name, node });
  }
  const params = new Map(defunArgs.slice(0, n).map((d, i) => [d.node.id.id, [d.node.id, { k: 'var', node: binders[i]!.node } as AST] as const]));
  const body = defunBody.map((b) => substParams(st, b, params));
  const bindings = binders.map((b, i) => [b, args[i]!] as const);
  return [{ k: 'binding', node: letNode, bindings, body, bindType: { k: 'inlined' } }];
}

// ---------------------------------------------------------------------------------------------
// Natives

/// Pact's `processNatives`: a native with one signature has it associated with its arguments
/// and result; an overloaded one is recorded for the solver.
function processNatives(st: TcState): Visitor {
  return (visit, a) => {
    if (visit !== 'pre' || a.k !== 'app' || a.fun.k !== 'native') return a;
    const fun = a.fun;
    if (fun.types.length === 1) {
      const mangled = mangleFunType(a.node.id, fun.types[0]!);
      st.log?.push(`Mangled funtype: ${prettyFunType(fun.types[0]!)} -> ${prettyFunType(mangled)}`);
      singleNative(st, a, fun, mangled);
    }
    else {
      const roles: Array<readonly [VarRole, AST]> = a.args.map((x, i) => [i, x] as const);
      roles.push(['ret', a]);
      const special = fun.name === 'at' ? 'at' : fun.name === 'select' ? 'select' : null;
      st.overloads.set(a.node.id.id, { funName: fun.name, roles, types: fun.types.map((f) => mangleFunType(a.node.id, f)), solved: null, special });
      st.overloadOrder.unshift(a.node.id);
    }
    return a;
  };
}

function singleNative(st: TcState, a: Extract<AST, { k: 'app' }>, fun: Extract<Fun, { k: 'native' }>, ft: FunType): void {
  if (fun.special === null && ft.args.length !== a.args.length) {
    const few = ft.args.length < a.args.length;
    st.addFailure(a.node.id, `native function supplied ${few ? 'too few' : 'too many'} args: ${prettyList(a.args.map(prettyAst))}`);
  }
  const n = Math.min(ft.args.length, a.args.length);
  for (let i = 0; i < n; i++) {
    const argTy = ft.args[i]!.type;
    const arg = a.args[i]!;
    if (argTy.t === 'fun') {
      if (arg.k !== 'app') die(arg.node.id.info, `App required: ${showTypeHs(argTy)}`);
      // A partial application: its result is the function type's, its trailing arguments are
      // the function type's arguments.
      st.log?.push(`associating partial AST app with lambda return type: ${showFunTypeHs(argTy)}`);
      st.assocAstTy(arg.node, argTy.ret);
      st.log?.push('associating partial AST args with lambda arg types');
      const saturated = arg.args.length - argTy.args.length;
      if (saturated < 0) die(arg.node.id.info, `Invalid/unsaturated partial application: ${showTypeHs(argTy)}`);
      argTy.args.forEach((la, j) => st.assocAstTy(arg.args[saturated + j]!.node, la.type));
    } else st.assocAstTy(arg.node, argTy);
  }
  st.assocAstTy(a.node, ft.ret);
  if (fun.special !== null) {
    const b = fun.special.binding;
    if (b.k === 'binding' && b.bindType.k === 'schema') {
      st.assocAstTy(b.node, ft.ret);
      st.assocAstTy(b.bindType.node, ft.args[ft.args.length - 1]!.type);
    } else if (b.k === 'list') {
      st.assocAstTy(b.items[b.items.length - 1]!.node, ft.ret);
    } else die(fun.info, `Invalid special form, expected binding: ${prettyAst(b)}`);
  }
  // Pact's `(Where, ...)` case (Typechecker.hs:448) is never reached: `_fSpecial` only ever holds
  // an `SBinding`, whose case comes first. So `where` gets no field-type association, and a field
  // that is no literal string is no error.
}

function schemaField(u: Extract<Type, { t: 'user' }>, name: string): Type | null {
  // Pact folds from the first field keeping the last match.
  let r: Type | null = null;
  for (const f of u.schema.fields) if (f.name === name) r = f.type;
  return r;
}

// ---------------------------------------------------------------------------------------------
// Defpact steps

/// Pact's `assocStepYieldReturns`: every step has the defpact's return type; a yield must be
/// followed by a resume in the next step and the two share their object type.
function assocStepYieldReturns(st: TcState, tl: TopLevel, steps: readonly AST[]): void {
  if (tl.k !== 'fun' || tl.fun.defType !== 'defpact') return;
  const rty = tl.fun.retId;
  const yrs = steps.map((step) => {
    if (step.k !== 'step') return die(step.node.id.info, 'Non-step in defpact');
    st.assocNode(rty, step.node);
    if (step.yr !== null && step.rollback !== null && step.yr.crossChain) die(step.node.id.info, 'Illegal rollback with yield');
    return [step.node, step.yr] as const;
  });
  const last = steps.length - 1;
  let prev: (typeof yrs)[number][1] = null;
  yrs.forEach(([n, curr], idx) => {
    const py = prev?.yield ?? null;
    const cy = curr?.yield ?? null;
    const cr = curr?.resume ?? null;
    if (cr !== null && idx === 0) die(n.id.info, 'Illegal resume in first step');
    if (cy !== null && idx === last) die(n.id.info, 'Illegal yield in last step');
    if (py !== null && cr === null) die(n.id.info, 'Missing resume after yield');
    if (py === null && cr !== null) die(n.id.info, 'Missing yield before resume');
    if (py !== null && cr !== null) {
      const a = st.resolveTy(st.lookupAst('assocStepYieldReturns', py.id).ty);
      const b = st.resolveTy(st.lookupAst('assocStepYieldReturns', cr.id).ty);
      st.log?.push(`assocYRSchemas: ${prettyTuple([prettyTuple([prettyNode(py), prettyType(a)]), prettyTuple([prettyNode(cr), prettyType(b)])])}`);
      st.assocParams(py.id, a, b);
    }
    prev = curr;
  });
}

// ---------------------------------------------------------------------------------------------
// Schemas

/// Pact's `applySchemas`: objects and schema bindings whose type is a schema have their fields
/// checked and typed; lists of a declared type have their elements checked.
function applySchemas(st: TcState): Visitor {
  return (visit, ast) => {
    if (visit !== 'pre') return ast;
    if (ast.k === 'object') {
      const ty = st.lookupAndResolveTy(ast.node);
      if (ty.t !== 'schema' || ty.schema.t !== 'user') return ast;
      st.log?.push(`applySchemas [object]: ${prettyTuple([prettyNode(ast.node), prettyType(ty.schema), prettyPartial(ty.partial)])}`);
      const fields = ast.fields.map(([k, v]) => [k, v, v.node.id, st.lookupAndResolveTy(v.node)] as const);
      const pks = validateSchema(st, ty.schema, ty.partial, fields);
      if (pks !== null) {
        if (ty.partial === null) st.addFailure(ast.node.id, 'Invalid partial schema found');
        else {
          st.log?.push(`Specializing schema ty for sublist: ${showSetHs(pks)}`);
          st.assocAstTy(ast.node, { t: 'schema', kind: 'object', schema: ty.schema, partial: pks });
        }
      }
    } else if (ast.k === 'binding' && ast.bindType.k === 'schema') {
      const sn = ast.bindType.node;
      const ty = st.lookupAndResolveTy(sn);
      if (ty.t !== 'schema' || ty.schema.t !== 'user') return ast;
      st.log?.push(`applySchemas [binding]: ${prettyTuple([prettyNode(sn), prettyType(ty.schema)])}`);
      const fields: Array<readonly [string, AST, TcId, Type]> = [];
      let ok = true;
      for (const [named, bv] of ast.bindings) {
        if (bv.k === 'prim' && bv.value.k === 'lit' && typeof bv.value.value === 'string') {
          fields.push([bv.value.value, { k: 'var', node: named.node }, named.node.id, st.lookupAndResolveTy(named.node)]);
        } else {
          st.addFailure(named.node.id, `Found non-string key in schema binding: ${prettyAst(bv)}`);
          ok = false;
        }
      }
      if (!ok) return ast;
      // Pact keys the bindings by column: the last binding of a repeated column counts.
      const byKey = new Map<string, readonly [string, AST, TcId, Type]>();
      for (const f of fields) byKey.set(f[0], f);
      const pks = validateSchema(st, ty.schema, ty.partial, [...byKey.values()].sort((a, b) => compareCodePoints(a[0], b[0])));
      if (pks !== null && ty.partial !== null && ty.partial !== 'any') {
        st.log?.push(`Specializing schema ty for sublist: ${showSetHs(pks)}`);
        st.assocAstTy(sn, { t: 'schema', kind: 'object', schema: ty.schema, partial: pks });
      }
    } else if (ast.k === 'list') {
      const lty = st.lookupAndResolveTy(ast.node);
      if (lty.t !== 'list') return ast;
      if (lty.elem.t === 'any') {
        st.log?.push(`Skipping TC on specified heterogenous list for node: ${showTcId(ast.node.id)}::${showTypeHs(ast.node.ty)}`);
        return ast;
      }
      st.log?.push(`validateList: ${showTypeHs(lty.elem)}`);
      for (const item of ast.items) {
        const aty = st.lookupAndResolveTy(item.node);
        const u = unifyTypes(lty.elem, aty);
        if (u === null) {
          st.addFailure(item.node.id, `Unable to unify list member type: ${prettyTuple([prettyType(lty.elem), prettyType(aty), prettyAst(item)])}`);
        } else if (u.left) st.assocAstTy(item.node, u.ty);
        else st.assocAstTy(ast.node, { t: 'list', elem: u.ty });
      }
    }
    return ast;
  };
}

/// The fields (sorted by key) against the schema (restricted to a partial's keys): unknown
/// fields and field types that do not unify fail. Returns the keys given when they are fewer
/// than the schema's.
function validateSchema(st: TcState, u: Extract<Type, { t: 'user' }>, partial: SchemaPartial,
  fields: ReadonlyArray<readonly [string, AST, TcId, Type]>): string[] | null {
  let smap = u.schema.fields.map((f) => [f.name, f.type] as const);
  if (partial !== null && partial !== 'any') smap = smap.filter(([n]) => partial.includes(n));
  const byName = new Map(smap);
  const keys = [...byName.keys()].sort(compareCodePoints);
  const given: string[] = [];
  for (const [k, v, ki, vty] of fields) {
    const aty = byName.get(k);
    if (aty === undefined) {
      st.addFailure(ki, `Invalid field in schema object: ${k}, expected ${prettyList(keys)}`);
      continue;
    }
    const r = unifyTypes(aty, vty);
    if (r === null) {
      st.addFailure(v.node.id, `Unable to unify field type: ${prettyTuple([k, prettyType(aty), prettyTuple([prettyType(vty), prettyAst(v)])])}`);
    } else st.assocAstTy(v.node, r.ty);
    given.push(k);
  }
  const distinct = [...new Set(given)].sort(compareCodePoints);
  return distinct.length < byName.size ? distinct : null;
}

// ---------------------------------------------------------------------------------------------
// Overloads

interface RoleTys {
  readonly candArgTy: Type;
  readonly ast: AST;
  readonly tyVar: VarType;
  resolvedTy: Type;
}

/// Pact's `solveOverloads`: each unsolved overload tries its candidate types in order, newest
/// application first, until a round changes nothing; the unsolved ones fail.
function solveOverloads(st: TcState): void {
  // Pact's `rptSolve` (Typechecker.hs:167-175): each round walks tcOverloadOrder, which holds an
  // application once per visit (an inlined call's argument is visited twice), and tries every
  // entry whose overload was unsolved when the round began; the last entry of an id wins.
  for (;;) {
    const before = new Map([...st.overloads].map(([id, o]) => [id, o.solved] as const));
    const after = new Map<number, FunType | null>();
    for (const oid of st.overloadOrder) {
      const o = st.overloads.get(oid.id)!;
      let solved = before.get(oid.id)!;
      if (solved === null) {
        for (const cand of o.types) {
          if (tryFunType(st, o, cand)) {
            solved = cand;
            break;
          }
        }
      }
      after.set(oid.id, solved);
    }
    let changed = false;
    for (const [id, solved] of after) {
      if (solved !== before.get(id)) changed = true;
      st.overloads.get(id)!.solved = solved;
    }
    if (!changed) break;
  }
  // The unsolved ones fail in the order of Pact's Map: by node id.
  const ids = [...new Map(st.overloadOrder.map((i) => [i.id, i] as const)).values()].sort((a, b) => a.id - b.id);
  for (const oid of ids) {
    const o = st.overloads.get(oid.id)!;
    if (o.solved === null) {
      st.log?.push(`Unable to solve overload: (${showTcId(oid)},Overload {_oFunName = ${showString(o.funName)}})`);
      st.addFailure(oid, `Unable to solve overloaded function: ${o.funName}`);
    }
  }
}

function tryFunType(st: TcState, o: Overload, cand: FunType): boolean {
  const roleOf = (role: VarRole): AST | undefined => o.roles.find(([r]) => r === role)?.[1];
  const tryRole = (role: VarRole, candArgTy: Type): RoleTys | null => {
    const ast = roleOf(role);
    if (ast === undefined) return null;
    const tyVar = st.lookupAstVar('solveOverloads', ast.node.id);
    const found = st.varToTypes.get(tyVar);
    if (found === undefined) die(ast.node.id.info, `Bad var in overload solver: ${prettyType(tyVar)}`);
    const resolvedTy = st.resolveTy(found);
    st.log?.push(`tryFunType: unify role: role=${showRole(role)}, candTy=${prettyType(candArgTy)}, roleTy=${prettyType(resolvedTy)}`);
    return unifyTypes(candArgTy, resolvedTy) === null ? null : { candArgTy, ast, tyVar, resolvedTy };
  };
  const argRoles = cand.args.map((a, i) => tryRole(i, a.type));
  const ret = tryRole('ret', cand.ret);
  const all: Array<readonly [VarRole, RoleTys | null]> = [['ret', ret], ...argRoles.map((r, i) => [i, r] as const)];
  const shownRoles = () => prettyList(all.map(([r, t]) => (t === null ? '' : prettyTuple([showRole(r), prettyRoleTys(t)]))));
  if (ret === null || argRoles.some((r) => r === null)) {
    st.log?.push(`tryFunType: failed: ${prettyFunType(cand)}: roles=${shownRoles()}`);
    return false;
  }
  st.log?.push(`tryFunType: cand: ${prettyFunType(cand)}, roles=${shownRoles()}`);
  const byRole = new Map<VarRole, RoleTys>(argRoles.map((r, i) => [i, r!] as const));
  byRole.set('ret', ret);
  if (o.special === 'at') specialAt(byRole);
  // Roles grouped by their candidate type (a shared type variable is one group), in type order.
  const groups: Array<{ fty: Type; tvs: RoleTys[] }> = [];
  for (const r of byRole.values()) {
    const g = groups.find((x) => tyEq(x.fty, r.candArgTy));
    if (g === undefined) groups.push({ fty: r.candArgTy, tvs: [r] });
    else g.tvs.unshift(r);
  }
  groups.sort((a, b) => compareTy(a.fty, b.fty));
  st.log?.push(`tryFunType: trying ${prettyFunType(cand)} with ${prettyList(groups.map((g) => prettyTuple([prettyType(g.fty),
    prettyList(g.tvs.map((r) => prettyTuple([showTcId(r.ast.node.id), prettyType(r.tyVar), prettyType(r.resolvedTy)])))])))}`);
  const solved: Array<{ fty: Type; uty: Type; tvs: RoleTys[] }> = [];
  for (const g of groups) {
    let acc: Type | null = g.fty;
    for (const r of g.tvs) {
      if (acc === null) break;
      acc = unifyTypes(acc, r.resolvedTy)?.ty ?? null;
    }
    if (acc === null) return false;
    solved.push({ fty: g.fty, uty: acc, tvs: g.tvs });
  }
  if (!solved.every((x) => isConcrete(x.uty))) {
    st.log?.push(`tryFunType: not all concrete: [${solved.map((x) => `(${showTypeHs(x.fty)},(${showTypeHs(x.uty)},[${
      x.tvs.map((r) => `(${showTcId(r.ast.node.id)},${showTypeVarHs(r.tyVar)})`).join(',')}]))`).join(',')}]`);
    return false;
  }
  st.log?.push(`Solved overload with ${prettyFunType(cand)}: ${prettyList(solved.map((x) => prettyTuple([prettyType(x.fty),
    prettyTuple([prettyType(x.uty), prettyList(x.tvs.map((r) => prettyTuple([showTcId(r.ast.node.id), prettyType(r.tyVar)])))])])))}`);
  for (const x of solved) {
    for (const r of x.tvs) {
      st.log?.push(`Adjusting type for solution: ${prettyTuple([prettyTuple([showTcId(r.ast.node.id), prettyType(r.tyVar)]), prettyType(x.fty), prettyType(x.uty)])}`);
      st.assocTy(r.ast.node.id, r.tyVar, x.fty);
      st.assocTy(r.ast.node.id, r.tyVar, x.uty);
    }
  }
  return true;
}

function showRole(r: VarRole): string {
  return r === 'ret' ? 'RetVar' : `ArgVar ${r}`;
}

function prettyRoleTys(r: RoleTys): string {
  return `RoleTys { candArgTy=${prettyType(r.candArgTy)}, AST=${prettyNode(r.ast.node)}, tyVar=${prettyType(r.tyVar)}, resolvedTy=${prettyType(r.resolvedTy)}}`;
}

/// `at` with a literal field name on a schema object, or an index into a typed list, returns
/// that field's or element's type.
function specialAt(m: Map<VarRole, RoleTys>): void {
  const key = m.get(0);
  const src = m.get(1);
  const ret = m.get('ret');
  if (key === undefined || src === undefined || ret === undefined) return;
  let t: Type | null = null;
  const kt = key.resolvedTy;
  const st = src.resolvedTy;
  if (kt.t === 'prim' && kt.name === 'string' && key.ast.k === 'prim' && key.ast.value.k === 'lit' &&
    typeof key.ast.value.value === 'string' && st.t === 'schema' && st.kind === 'object' && st.schema.t === 'user') {
    t = schemaField(st.schema, key.ast.value.value);
  } else if (kt.t === 'prim' && kt.name === 'integer' && st.t === 'list') t = st.elem;
  if (t === null) return;
  const u = unifyTypes(ret.resolvedTy, t);
  if (u !== null) ret.resolvedTy = u.ty;
}

// ---------------------------------------------------------------------------------------------
// Resolution

/// Pact's `resolveAllTypes`: every node's final type; a node left with a variable fails.
function resolveAllTypes(st: TcState): Map<number, Type> {
  const out = new Map<number, Type>();
  let resolved = true;
  const ids = [...st.astToVar.values()].sort((a, b) => a.id.id - b.id.id || compareCodePoints(a.id.name, b.id.name));
  for (const { id, v } of ids) {
    const tys = st.varToTypes.get(v);
    if (tys === undefined) die(null, `resolveAllTypes: untracked type var: (${showTcId(id)},${prettyType(v)})`);
    const t = st.resolveTy(tys);
    out.set(id.id, t);
    if (!isUnresolved(t)) continue;
    resolved = false;
    let detail = '';
    if (t.t === 'var') detail = t.constraint.length === 0 ? '' : ` ${prettyList(t.constraint.map(prettyType))}`;
    else detail = ` (${showTypeHs(t)})`;
    st.addFailure(id, `Unable to resolve type${detail}`);
  }
  if (resolved) st.log?.push('Successfully resolved all types');
  return out;
}

/// Runs the phases over a body; returns the nodes' resolved types and the rewritten body.
function typecheckBody(st: TcState, tl: TopLevel, body: readonly AST[]): { body: AST[]; types: Map<number, Type> } {
  const phase = (name: string) => st.log?.push(`--------------------------------\n${name}:\n`);
  phase(' Substitute defuns');
  const appSub = body.map((b) => walkAST(substAppDefun(st), b));
  phase('Substitute natives');
  const natives = appSub.map((b) => walkAST(processNatives(st), b));
  phase('Assoc Yield/Resume');
  assocStepYieldReturns(st, tl, natives);
  phase('Apply Schemas');
  const schemas = natives.map((b) => walkAST(applySchemas(st), b));
  phase('Solve Overloads');
  solveOverloads(st);
  phase('Resolve types');
  const types = resolveAllTypes(st);
  const fails = st.sortedFailures();
  if (fails.length > 0) st.log?.push(['Failures:', ...fails.map((f) => `  Failure ${showTcId(f.id)} ${showString(f.message)}`)].join('\n'));
  return { body: schemas, types };
}

export interface Checked {
  readonly top: TopLevel;
  readonly body: readonly AST[];
  readonly types: ReadonlyMap<number, Type>;
}

/// Pact's `typecheck` of one top-level production.
export function typecheckTop(st: TcState, tl: TopLevel): Checked {
  if (tl.k === 'fun') {
    const r = typecheckBody(st, tl, tl.fun.body);
    return { top: tl, body: r.body, types: r.types };
  }
  if (tl.k === 'const') {
    st.assocAstTy(tl.value.node, tl.type);
    const r = typecheckBody(st, tl, [tl.value]);
    return { top: tl, body: r.body, types: r.types };
  }
  return { top: tl, body: [], types: new Map() };
}

// ---------------------------------------------------------------------------------------------
// Debug output (`(typecheck 'm true)`) in Pact's notation

function prettyPartial(p: SchemaPartial): string {
  if (p === null) return 'FullSchema';
  if (p === 'any') return 'AnySubschema';
  return `PartialSchema ${prettyList([...p].sort(compareCodePoints))}`;
}

function showSetHs(keys: readonly string[]): string {
  return `fromList [${[...keys].sort(compareCodePoints).map(showString).join(',')}]`;
}
