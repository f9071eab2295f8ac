/// `verify`'s entry point (Pact's `Check.hs`: `verifyModule`, `renderVerifiedModule`): every
/// member the analysis reads is type checked on its own, each function is translated, and each
/// of its properties is put to Z3: `property` must hold whenever the transaction succeeds (and
/// success must be possible), `succeeds-when`/`fails-when` must imply success/failure. The
/// outcome is Pact's rendered lines: none when everything holds.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ctx } from '../lang/context.ts';
import type { ModuleData } from '../lang/runtime.ts';
import { ConstRef, Def, SchemaRef, TableRef } from '../lang/runtime.ts';
import { renderInfo } from '../lang/errors.ts';
import type { Exp, Info } from '../syntax/exp.ts';
import type { Type } from '../values/type.ts';
import { pairHashOrder, stableHashOrder, stableModuleNameHash, typecheckMember } from '../typecheck/module.ts';
import { runSmtLibSync } from './solver.ts';
import { declarationsFor } from './smt.ts';
import type { Checked } from '../typecheck/phases.ts';
import { showTypeHs } from '../typecheck/types.ts';
import type { Prop, Ty } from './lang.ts';
import { isObj } from './lang.ts';
import { evalFunction, evalProp } from './eval.ts';
import { terms } from './state.ts';
import type { Run, World } from './eval.ts';
import type { TableInfo } from './state.ts';
import { parseValues, showModel } from './model.ts';
import { collectCheck, ParseFailure, parseBindings, parseInvariant, parseProp, propGlobals, showExp } from './parse.ts';
import type { CheckKind, DefinedProperty, PropEnv } from './parse.ts';
import { AnalysisFailure, analysisType, literal, resolveTypes, translateFunction, translateStep } from './translate.ts';
import type { Translated } from './translate.ts';

/// One line of `verify`'s output (Pact's `RenderedOutput`).
export interface Rendered {
  readonly info: string;
  readonly type: 'OutputFailure' | 'OutputWarning';
  readonly text: string;
}

export function renderedLine(r: Rendered): string {
  return `${r.info}:${r.type}: ${r.text}`;
}

/// The whole module failed before any property was checked: these lines say why.
class Fatal extends Error {
  readonly lines: readonly Rendered[];
  constructor(lines: readonly Rendered[]) {
    super(lines[0]?.text ?? '');
    this.lines = lines;
  }
}

const fatal = (info: Info | null, text: string): Rendered => ({ info: renderInfo(info, ''), type: 'OutputFailure', text });

/// Pact's `describeParseFailure`, a failure without a location of its own.
function parseFailureLine(f: ParseFailure): Rendered {
  return { info: '', type: 'OutputFailure', text: `${renderInfo(f.exp.info, '')}: could not parse ${showExp(f.exp)}: ${f.message}` };
}

interface ModuleCheck {
  readonly kind: CheckKind;
  readonly body: Exp;
  readonly scope: { readonly k: 'everywhere' } | { readonly k: 'except' | 'only'; readonly names: ReadonlySet<string> };
}

/// Verifies a loaded module; a `CheckerError` from the type checker escapes. With a debug
/// directory, the solver's input for the checks Pact keeps transcripts of is written there.
export function verifyModule(ctx: Ctx, mod: ModuleData, dynEnv: ReadonlyMap<string, string>, debugDir: string | null = null): Rendered[] {
  try {
    return mod.isInterface ? scopeCheckInterface(ctx, mod) : verifyConcrete(ctx, mod, dynEnv, debugDir);
  } catch (e) {
    if (e instanceof Fatal) return [...e.lines];
    if (e instanceof ParseFailure) return [parseFailureLine(e)];
    if (e instanceof AnalysisFailure) return [fatal(e.info, e.message)];
    throw e;
  }
}

function verifyConcrete(ctx: Ctx, mod: ModuleData, dynEnv: ReadonlyMap<string, string>, debugDir: string | null): Rendered[] {
  const order = stableHashOrder([...mod.terms.keys()]);
  const typed = (name: string, of: ModuleData = mod) => {
    const { checked, failures } = typecheckMember(ctx, of, name, dynEnv);
    if (failures.length > 0) throw new Fatal(failures.map((f) => fatal(f.id.info, f.message)));
    return checked;
  };
  const members = order.map((name) => [name, mod.members.get(name)] as const);
  // Pact type checks a module's constants, and later its functions, with lens's `ifoldrM`,
  // whose effects run from the map's last entry to its first.
  const consts = new Map<string, Prop>();
  for (const [name, m] of [...members].reverse()) {
    if (!(m instanceof ConstRef)) continue;
    const value = typed(name).body[0];
    const lit = value?.k === 'prim' && value.value.k === 'lit' ? literal(value.value.value) : null;
    if (lit?.k === 'lit') consts.set(name, lit);
  }
  const loaded = loadedModules(ctx);
  const tables = loadedTables(mod, loaded, consts);
  const { defined, checks, duplicates } = modelsInScope(mod, loaded);
  const funs = members.filter((x): x is readonly [string, Def] => x[1] instanceof Def && x[1].kind !== 'defcap');
  // A defpact has no single result for a property to speak of.
  if (funs.some(([, def]) => def.kind === 'defpact' && def.meta.model.some(mentionsResult))) {
    throw new Fatal([{ info: '', type: 'OutputFailure', text: 'Invalid usage of `result` within a defpact model' }]);
  }
  const emits = capabilities(mod, loaded, typed);
  const rows = new Map([...tables].map(([t, info]) => [t, info.row] as const));
  const gov = mod.governance;
  const world: World = { tables, governanceKeyset: gov !== null && 'keyset' in gov ? gov.keyset : null };
  // Every function type checks, then each one's checks parse (its arguments and its result, of
  // the type its body has, in scope), then every function translates, then the checks of the
  // defpacts' steps parse.
  const checkedFuns = new Map([...funs].reverse().map(([name]) => [name, typed(name)] as const));
  const scope = { defined, consts, tables: rows };
  const parsed = funs.map(([name, def]) => {
    const checked = checkedFuns.get(name)!;
    if (checked.top.k !== 'fun') throw new AnalysisFailure(def.info, `Analysis doesn't support this construct yet: ${name}`);
    const env = functionEnv(def, checked);
    return { name, def, env, checked, fun: checked.top.fun, checks: functionChecks(def, env, checks, scope) };
  });
  const modules = { emits, tables: rows };
  const translated = parsed.map((p) => {
    const body = resolveTypes(p.checked.body, p.checked.types);
    const args = p.fun.args.map((a) => ({ ...a, node: { ...a.node, ty: p.checked.types.get(a.node.id.id) ?? a.node.ty } }));
    return { ...p, args, body, tr: translateFunction(mod.name, p.name, p.fun.info, args, body, modules, p.def.kind === 'defpact') };
  });
  const steps = stepChecks(mod, translated, scope);
  // Pact's transcripts of a function's checks: `property-f-CheckDefun-validation.smt` ...
  const transcript = (what: string, name: string, kind: string) => (): Transcript | null =>
    (debugDir === null ? null : new Transcript(join(debugDir, `${what}-${name}-${kind}`)));
  const kindOf = (def: Def) => (def.kind === 'defpact' ? 'CheckDefpact' : 'CheckDefun');
  // Every function's invariant checks come first (an analysis failure ends verification),
  // though Pact reports them last, tables by name (its `TableMap`).
  const withInvariants = [...tables].filter(([, info]) => info.invariants.length > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const invariants = (withInvariants.length === 0 ? [] : translated)
    .map((t) => invariantChecks(t.tr, world, withInvariants.map(([name]) => name), transcript('invariant', t.name, kindOf(t.def))()));
  const out: Rendered[] = [];
  // What evaluation substituted, said after everything else (Pact's `VerificationWarning`s):
  // once per check that holds, then once for all the invariant checks that hold, then the steps'.
  const substituted: string[] = [];
  for (const t of translated) out.push(...checkAll(() => t.tr, world, t.checks, substituted, transcript('property', t.name, kindOf(t.def))));
  const stepsSubstituted: string[] = [];
  for (const s of steps) {
    const step = s.pact.body[s.index];
    if (step?.k !== 'step') continue;
    const translate = () => translateStep(s.pact.tr.info, s.pact.args, step.exec, modules);
    out.push(...checkAll(translate, world, s.checks, stepsSubstituted, transcript('property', s.pact.name, 'CheckPactStep')));
  }
  const invariantWarnings = new Set<string>();
  for (const r of invariants) {
    out.push(...r.failures);
    for (const w of r.warnings) invariantWarnings.add(w);
  }
  return [...out, ...[...duplicatesWarning(duplicates), ...substituted, ...invariantWarnings, ...stepsSubstituted]
    .map((text): Rendered => ({ info: '', type: 'OutputWarning', text }))];
}

/// Pact's `moduleCapabilities`: every capability of every loaded module (the verified module
/// first, then all of them, it among them) must type check and have arguments of types the
/// analysis has. Whether a capability (`module.name`) is an event or managed (`emit-event`
/// needs one).
function capabilities(mod: ModuleData, loaded: readonly ModuleData[], typed: (name: string, of: ModuleData) => unknown): (cap: string) => boolean {
  for (const m of [mod, ...loaded]) {
    for (const name of stableHashOrder([...m.members.keys()])) {
      const def = m.members.get(name);
      if (!(def instanceof Def) || def.kind !== 'defcap') continue;
      typed(name, m);
      for (const a of def.args) translatable('argument', a.type);
    }
  }
  return (cap) => {
    const dot = cap.lastIndexOf('.');
    const def = loaded.find((m) => m.name === cap.slice(0, dot))?.members.get(cap.slice(dot + 1));
    const kind = def instanceof Def ? def.rawDefcapMeta?.kind : undefined;
    return kind === 'event' || kind === 'managed';
  };
}

/// A type the analysis must have (Pact's `TypeTranslationFailure` when it has none).
function translatable(what: string, ty: Type): Ty {
  const t = analysisType(ty);
  if (t === null) throw new Fatal([{ info: '', type: 'OutputFailure', text: `couldn't translate ${what} type: ${showTypeHs(ty)}` }]);
  return t;
}

/// What a function's properties see (Pact's `makeFunctionEnv`): its arguments, of their declared
/// types, and its result, of the type the checker gave the last expression of its body.
interface FunctionEnv {
  readonly args: readonly Ty[];
  readonly result: Ty;
}

function functionEnv(def: Def, checked: Checked): FunctionEnv {
  const args = def.args.map((a) => translatable('argument', a.type));
  const last = checked.body[checked.body.length - 1];
  const result = last === undefined ? def.ret : checked.types.get(last.node.id.id) ?? last.node.ty;
  return { args, result: translatable('result', result) };
}

/// Every loaded module (the verified one among them), in the order of Pact's map of them.
function loadedModules(ctx: Ctx): ModuleData[] {
  const names = stableHashOrder(ctx.db.keys('SYS_modules'), stableModuleNameHash);
  return names.map((n) => ctx.db.read('SYS_modules', n) as ModuleData);
}

/// The `defproperty`s and module-wide checks a module's functions see, as Pact's `verifyModule`
/// gathers them: every loaded module's `@model` is parsed (a malformed one fails verification),
/// the verified module's definitions shadow the others', and a name defined three times or more
/// among the verified module and the loaded ones is reported. Pact's count of a name starts at
/// zero (`maybe 0 succ`) and it keeps those above one; the verified module, being loaded too, is
/// counted twice, so its own definitions are reported only when another module has them too.
function modelsInScope(mod: ModuleData, loaded: readonly ModuleData[]): { defined: Map<string, DefinedProperty>; checks: ModuleCheck[]; duplicates: string[] } {
  const models = [mod, ...loaded].map((m) => moduleModel(m.meta.model));
  const defined = new Map<string, DefinedProperty>();
  const counts = new Map<string, number>();
  for (const m of models) {
    for (const [name, d] of m.defined) {
      if (!defined.has(name)) defined.set(name, d);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  const duplicates = stableHashOrder([...counts].filter(([, n]) => n > 2).map(([name]) => name));
  return { defined, checks: models[0]!.checks, duplicates };
}

/// Pact's `FVDuplicatedPropertyDef` warning of these names, if any.
function duplicatesWarning(names: readonly string[]): string[] {
  return names.length === 0 ? [] : [`Duplicated property definitions for ${names.join(', ')}`];
}

/// An interface has no code to analyse: its functions' properties may only name tables, defined
/// properties (of any loaded module) and the interface's own members (Pact's
/// `scopeCheckInterface`).
function scopeCheckInterface(ctx: Ctx, mod: ModuleData): Rendered[] {
  const loaded = loadedModules(ctx);
  const { defined, duplicates } = modelsInScope(mod, loaded);
  const inScope = new Set([...loadedTables(mod, loaded, new Map()).keys(), ...mod.members.keys(), ...defined.keys()]);
  const errors: string[] = [];
  for (const name of stableHashOrder([...mod.members.keys()])) {
    const def = mod.members.get(name);
    if (!(def instanceof Def)) continue;
    for (const { body } of normalizeList(def.meta.model, null).map(collectCheck)) {
      for (const g of propGlobals(body, def.args.map((a) => a.name))) if (!inScope.has(g)) errors.push(`Variable not in scope: ${g}`);
    }
  }
  if (errors.length > 0) return ['Scope checking errors', ...errors].map((text) => fatal(null, text));
  // Verified, with the warning of duplicated definitions (an interface's own count twice too).
  return duplicatesWarning(duplicates).map((text) => ({ info: '', type: 'OutputWarning', text }));
}

/// Each check of a translation (a function's, or a step's), then the translation's warnings (a
/// failure to translate is each check's); each line once, in order. What evaluation substituted
/// in the checks that hold goes to `substituted`.
function checkAll(translate: () => Translated, world: World, checks: readonly FunCheck[], substituted: string[], transcript: () => Transcript | null): Rendered[] {
  const lines = new Map<string, Rendered>();
  const add = (r: Rendered) => lines.set(renderedLine(r), r);
  for (const c of checks) {
    let tr: Translated;
    try {
      tr = translate();
    } catch (e) {
      if (!(e instanceof AnalysisFailure)) throw e;
      add(fatal(e.info, e.message));
      continue;
    }
    const r = analyse(tr, world, c, transcript());
    if (isWarnings(r)) substituted.push(...r);
    else add(r);
    for (const w of tr.warnings) add({ info: renderInfo(w.info, ''), type: 'OutputWarning', text: w.text });
  }
  return [...lines.values()];
}

/// The checks of the `@model`s of the defpacts' steps, in the order of Pact's map of them, each
/// parsed as a property of its pact (but only its own: the module's do not apply).
function stepChecks<P extends { readonly name: string; readonly def: Def; readonly env: FunctionEnv }>(mod: ModuleData, pacts: readonly P[], scope: Pick<PropEnv, 'defined' | 'consts' | 'tables'>): Array<{ pact: P; index: number; checks: FunCheck[] }> {
  const found = new Map<string, { pact: P; index: number; model: readonly Exp[] }>();
  for (const p of pacts) {
    const term = mod.terms.get(p.name);
    if (p.def.kind !== 'defpact' || term?.t !== 'def') continue;
    term.steps.forEach((s, index) => {
      if (s.model.length > 0) found.set(`${index} ${p.name}`, { pact: p, index, model: s.model });
    });
  }
  const order = pairHashOrder([...found.values()].map((f) => [f.pact.name, f.index] as const));
  return order.map(([name, index]) => {
    const f = found.get(`${index} ${name}`)!;
    return { pact: f.pact, index, checks: parseChecks(f.pact.def, f.pact.env, normalizeList(f.model, null).map(collectCheck), scope) };
  });
}

/// A `(property ...)` whose expression mentions `result` anywhere (Pact's `ResultInDefpact` test).
function mentionsResult(e: Exp): boolean {
  const has = (x: Exp): boolean => (x.tag === 'atom' && x.parts.length === 1 && x.parts[0] === 'result') || (x.tag === 'list' && x.items.some(has));
  return e.tag === 'list' && e.delim === '(' && e.items[0]?.tag === 'atom' && e.items[0].parts.join('.') === 'property' && e.items.slice(1).some(has);
}

/// The tables of every loaded module (as Pact's `moduleTables` takes them), by name, with their
/// schemas' invariants: those of the verified module's schema of that name (Pact looks the
/// schema up there, whichever module the table is in). A table without a schema, anywhere,
/// ends verification; one whose columns the analysis cannot model is left out (using it fails).
function loadedTables(mod: ModuleData, loaded: readonly ModuleData[], consts: ReadonlyMap<string, Prop>): Map<string, TableInfo> {
  const tables = new Map<string, TableInfo>();
  for (const m of [...loaded.filter((x) => x.name !== mod.name), mod]) {
    for (const [name, t] of m.members) {
      if (!(t instanceof TableRef)) continue;
      if (t.type.t !== 'user') throw new Fatal([{ info: '', type: 'OutputFailure', text: `${renderInfo(t.info, '')}Verification requires all tables to have schemas` }]);
      const info = tableInfo(mod, t.type, consts);
      if (info !== null) tables.set(name, info);
    }
  }
  return tables;
}

function tableInfo(mod: ModuleData, type: Extract<Type, { t: 'user' }>, consts: ReadonlyMap<string, Prop>): TableInfo | null {
  const row = analysisType({ t: 'schema', kind: 'object', schema: type, partial: null });
  if (row === null || !isObj(row)) return null;
  const schema = mod.members.get(type.schema.name);
  const model = schema instanceof SchemaRef ? normalizeList(schema.meta.model, null) : [];
  const invariants = model.map((e) => {
    const body = invariantBody(e);
    return { prop: parseInvariant(body, row, consts), info: body.info };
  });
  return { row, invariants };
}

/// `(invariant P)` → `P`.
function invariantBody(e: Exp): Exp {
  if (e.tag === 'list' && e.delim === '(' && e.items.length === 2 && e.items[0]?.tag === 'atom' && e.items[0].parts.join('.') === 'invariant') return e.items[1]!;
  throw new ParseFailure(e, 'expected an application of "invariant"');
}

/// The module's own `@model`: `defproperty`s and properties for (some of) its functions.
function moduleModel(model: readonly Exp[]): { defined: Map<string, DefinedProperty>; checks: ModuleCheck[] } {
  const defined = new Map<string, DefinedProperty>();
  const checks: ModuleCheck[] = [];
  for (const e of normalizeList(model, null)) {
    const items = e.tag === 'list' && e.delim === '(' ? e.items : [];
    const head = items[0]?.tag === 'atom' ? items[0].parts.join('.') : null;
    if (head === 'defproperty') {
      const [, name, a, b] = items;
      if (name?.tag === 'atom' && items.length === 4 && a?.tag === 'list' && a.delim === '(') {
        defined.set(name.parts.join('.'), { args: parseBindings(a.items, e), body: b! });
      } else if (name?.tag === 'atom' && items.length === 3) {
        defined.set(name.parts.join('.'), { args: [], body: a! });
      } else {
        throw new ParseFailure(e, 'Invalid property definition');
      }
      continue;
    }
    checks.push(moduleCheck(e, items, head));
  }
  return { defined, checks };
}

function moduleCheck(e: Exp, items: readonly Exp[], head: string | null): ModuleCheck {
  if (head !== 'property' && head !== 'succeeds-when' && head !== 'fails-when') throw new ParseFailure(e, 'expected a set of property / defproperty');
  if (items.length === 2) return { kind: head, body: items[1]!, scope: { k: 'everywhere' } };
  const opts = items[2];
  if (items.length === 3 && opts?.tag === 'list' && opts.delim === '{' && opts.items.length === 3) {
    const [key, sep, names] = opts.items;
    const k = key?.tag === 'lit' && key.lit.kind === 'string' ? key.lit.value : null;
    if ((k === 'except' || k === 'only') && sep?.tag === 'sep' && sep.sep === ':') {
      if (names?.tag !== 'list' || names.delim !== '[') throw new ParseFailure(names!, 'expected a list of names');
      const list = normalizeList(names.items, names);
      const set = new Set(list.map((n) => {
        if (n.tag !== 'atom') throw new ParseFailure(n, 'expected a bare word name');
        return n.parts.join('.');
      }));
      return { kind: head, body: items[1]!, scope: { k, names: set } };
    }
  }
  throw new ParseFailure(e, 'malformed property definition');
}

/// Pact's `normalizeListLit`: no commas, or a comma between every two items.
function normalizeList(items: readonly Exp[], whole: Exp | null): Exp[] {
  const isComma = (x: Exp | undefined) => x?.tag === 'sep' && x.sep === ',';
  if (!items.some(isComma)) return [...items];
  const out: Exp[] = [];
  for (let i = 0; i < items.length; i += 2) {
    if (isComma(items[i]) || (i + 1 < items.length && !isComma(items[i + 1])) || (i + 1 === items.length - 1)) {
      const info = whole?.info ?? items[0]!.info;
      throw new ParseFailure({ tag: 'list', delim: '[', items, info }, 'malformed list (inconsistent use of comma separators?)');
    }
    out.push(items[i]!);
  }
  return out;
}

interface FunCheck {
  readonly kind: CheckKind;
  readonly prop: Prop;
  readonly info: Info;
}

/// A function's checks: the module's that apply to it, then its own, each typed in its scope.
function functionChecks(def: Def, fenv: FunctionEnv, moduleChecks: readonly ModuleCheck[], scope: Pick<PropEnv, 'defined' | 'consts' | 'tables'>): FunCheck[] {
  const own = normalizeList(def.meta.model, null).map(collectCheck);
  const applicable = moduleChecks.filter((c) => c.scope.k === 'everywhere' || (c.scope.k === 'only') === c.scope.names.has(def.name));
  return parseChecks(def, fenv, [...applicable, ...own], scope);
}

/// Checks typed as properties of a function (`result` and its arguments in scope).
function parseChecks(def: Def, fenv: FunctionEnv, checks: ReadonlyArray<{ readonly kind: CheckKind; readonly body: Exp }>, scope: Pick<PropEnv, 'defined' | 'consts' | 'tables'>): FunCheck[] {
  const names = new Map<string, number>([['result', 0]]);
  const types = new Map<number, Ty>([[0, fenv.result]]);
  def.args.forEach((a, i) => {
    names.set(a.name, i + 1);
    types.set(i + 1, fenv.args[i]!);
  });
  const env: PropEnv = { names, types, nextVid: def.args.length + 1, ...scope };
  return checks.map((c) => {
    try {
      return { kind: c.kind, prop: parseProp(c.body, env), info: c.body.info };
    } catch (e) {
      if (e instanceof ParseFailure) throw new ParseFailure(c.body, e.message);
      throw e;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Queries

/// One check of a function: when it holds, what its evaluation substituted. Analysis failures
/// (Pact's `AnalyzeFailure`) are the check's, reported at the function.
function analyse(tr: Translated, world: World, c: FunCheck, transcript: Transcript | null): Rendered | readonly string[] {
  try {
    const run = evalFunction(tr, world);
    const r = runCheck(tr, run, c, transcript);
    return r === null ? run.warnings : { info: renderInfo(c.info, ''), type: 'OutputFailure', text: r };
  } catch (e) {
    if (e instanceof AnalysisFailure) return fatal(tr.info, e.message);
    throw e;
  }
}

function isWarnings(r: Rendered | readonly string[]): r is readonly string[] {
  return Array.isArray(r);
}

const TIMEOUT_MS = 20000;

const VACUOUS = 'Vacuous property encountered! There is no way for a transaction to succeed if this function is called from the top-level. Because all `property` expressions in Pact assume transaction success, in this case it would be possible to validate *any* `property`, even e.g. `false`.';

/// One check's failure text, or null when it holds.
function runCheck(tr: Translated, run: Run, { kind, prop }: FunCheck, transcript: Transcript | null): string | null {
  const { value: p, fails } = evalProp(prop, run, run.args);
  // First, the property must never fail to evaluate (Pact's query-success check; asked, when a
  // transcript is kept, of a property that cannot fail too, as Pact always asks it).
  if (fails.length > 0 || transcript !== null) {
    const valid = query(run, `(or false ${fails.join(' ')})`, true, transcript?.suffixed('validation'));
    if (valid.verdict === 'sat') return `Invalid model failure:\n${modelOf(tr, run, valid.out).text}`;
    if (valid.verdict === 'unknown') return unknownText(valid.out);
  }
  if (kind === 'property') {
    const r = query(run, 'success', false, transcript?.suffixed('satisfaction'));
    if (r.verdict === 'unsat') return VACUOUS;
    if (r.verdict === 'unknown') return unknownText(r.out);
  }
  const goal = kind === 'property' ? `(=> success ${p})` : kind === 'succeeds-when' ? `(=> ${p} success)` : `(=> ${p} (not success))`;
  const r = query(run, `(not ${goal})`, true);
  if (r.verdict === 'unsat') return null;
  if (r.verdict === 'unknown') return `The solver returned 'unknown':\n${unknownReason(r.out)}`;
  return counterexample(tr, run, r.out);
}

/// Each invariant of each table must hold of every row the function writes, when it succeeds
/// (Pact's `verifyFunctionInvariants`); a failure is reported at the invariant, a failure of the
/// analysis ends verification. What evaluation substituted is said when any holds.
function invariantChecks(tr: Translated, world: World, names: readonly string[], transcript: Transcript | null): { failures: Rendered[]; warnings: readonly string[] } {
  const tables = world.tables;
  let run: Run;
  try {
    run = evalFunction(tr, world);
  } catch (e) {
    // Pact's analysis failing here fails the whole verification.
    if (e instanceof AnalysisFailure) throw new Fatal([fatal(tr.info, e.message)]);
    throw e;
  }
  const failures: Rendered[] = [];
  let held = false;
  for (const table of names) {
    tables.get(table)!.invariants.forEach((inv, i) => {
      const r = query(run, `(not (=> success ${run.maintains.get(table)![i]}))`, true, transcript ?? undefined);
      const text = r.verdict === 'unsat' ? null : r.verdict === 'unknown' ? `The solver returned 'unknown':\n${unknownReason(r.out)}` : counterexample(tr, run, r.out);
      if (text !== null) failures.push({ info: renderInfo(inv.info, ''), type: 'OutputFailure', text });
      else held = true;
    });
  }
  return { failures, warnings: held ? run.warnings : [] };
}

function counterexample(tr: Translated, run: Run, out: string): string {
  const model = modelOf(tr, run, out);
  return `Invalidating model found${model.header === null ? '' : ` in ${model.header}`}\n${model.text}`;
}

/// The trace of the model of a satisfied query.
function modelOf(tr: Translated, run: Run, out: string): { text: string; header: string | null } {
  return showModel(tr.events, run, parseValues(out.slice(out.indexOf('\n') + 1)));
}

/// A file the solver's input is kept in (Pact's SBV transcripts, `.smt`), for one run of the
/// solver: its first query replaces what the file held, later ones are added.
class Transcript {
  private readonly path: string;
  private started = false;
  constructor(path: string) {
    this.path = path;
  }

  suffixed(suffix: string): Transcript {
    return new Transcript(`${this.path}-${suffix}`);
  }

  write(script: string): void {
    (this.started ? appendFileSync : writeFileSync)(`${this.path}.smt`, `${script}\n`);
    this.started = true;
  }
}

/// Asserts one more fact of the run and asks Z3: the verdict, then (when asked and there are
/// any) the values of the run's variables and tags, then why it did not know, if it did not.
function query(run: Run, assertion: string, withModel: boolean, transcript?: Transcript): { verdict: 'sat' | 'unsat' | 'unknown'; out: string } {
  const accessed = [...run.accesses.values()].flatMap((a) => [a.key, a.ok, ...terms(a.obj)]);
  const guards = [...run.guards.values()].flatMap((g) => (g.name === null ? [g.guard] : [g.guard, g.name]));
  const names = [...new Set([...[...run.vars.values(), ...run.tags.values()].flatMap(terms), ...accessed, ...guards])].filter((n) => /^[a-z]/.test(n) && !/^(true|false)$/.test(n));
  const body = [...run.script, `(assert ${assertion})`];
  const script = [`(set-option :timeout ${TIMEOUT_MS})`, ...declarationsFor(body), ...body, '(check-sat)',
    ...(withModel && names.length > 0 ? [`(get-value (${names.join(' ')}))`] : []), '(get-info :reason-unknown)'];
  transcript?.write(script.join('\n'));
  const out = runSmtLibSync(script.join('\n'));
  const verdict = out.startsWith('sat') ? 'sat' : out.startsWith('unsat') ? 'unsat' : 'unknown';
  return { verdict, out };
}

/// SBV's `SMTReasonUnknown` as Haskell shows it, from Z3's `:reason-unknown`.
function unknownReason(out: string): string {
  const reason = /:reason-unknown "([^"]*)"/.exec(out)?.[1] ?? '';
  if (reason === 'timeout' || reason === 'canceled') return 'UnknownTimeOut';
  if (reason === 'memout') return 'UnknownMemOut';
  if (reason.includes('incomplete')) return 'UnknownIncomplete';
  return `UnknownOther ${JSON.stringify(reason)}`;
}

/// Pact's text for an unknown answer to the vacuity check.
function unknownText(out: string): string {
  const r = unknownReason(out);
  return r === 'UnknownTimeOut' ? 'SMT solver timeout' : r === 'UnknownMemOut' ? 'SMT solver out of memory' : `SMT solver error: ${r}`;
}
