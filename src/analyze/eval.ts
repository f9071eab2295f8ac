/// Symbolic evaluation into SMT-LIB text (Pact's `Eval/Term.hs`, `Eval/Prop.hs` and
/// `Eval/Numerical.hs`, emitting Z3's input where Pact builds SBV values). A function's run
/// becomes a list of definitions: its arguments are free constants, every value a trace shows is a
/// named definition (read back from the model), and the transaction's success is the conjunction
/// of each `enforce` (and each division's non-zero divisor) on the path that reaches it, which is
/// what Pact's merging of both branches' states amounts to.
import type { DbProp, ListTy, NameRef, ObjTy, Op, Prop, Term, Ty } from './lang.ts';
import { isNameTy, isObj, showTy, showTyHs, termTy, tyEq } from './lang.ts';
import type { Translated } from './translate.ts';
import { AnalysisFailure } from './translate.ts';
import { knownLength, LIST_BOUND, makeList, operandTy, PRELUDE, smtLit, sortList, sortOf } from './smt.ts';
import { KnownTerms, simplified } from './concrete.ts';
import { evalOp } from './natives.ts';
import type { OpCx } from './natives.ts';
import { Db, eqVal, field, fromTerm, makeVal, mapVal, term, toTerm, trivialPasses } from './state.ts';
import type { Cell, Slot, TableInfo, Val } from './state.ts';
import type { Known } from './concrete.ts';

/// A database access of a run, for the trace: the row's key, whether it succeeded, the fields.
export interface Access {
  readonly key: string;
  readonly ok: string;
  readonly obj: Val;
}

/// A function's run as SMT-LIB: its definitions, the values of its arguments, variables and tags
/// (for the model), database accesses and guards, and the database at the end.
export interface Run {
  readonly script: string[];
  readonly args: ReadonlyMap<number, Val>;
  readonly vars: ReadonlyMap<number, Val>;
  readonly tags: ReadonlyMap<number, Val>;
  readonly accesses: ReadonlyMap<number, Access>;
  /// An enforced guard's value, and the name it was looked up by (registry or data).
  readonly guards: ReadonlyMap<number, { readonly guard: string; readonly name: string | null; readonly cell: Cell | null }>;
  readonly result: Val;
  readonly tagTypes: ReadonlyMap<number, Ty>;
  readonly db: Db;
  /// Per table, per invariant: that every row written keeps it (Pact's `maintainsInvariants`).
  readonly maintains: ReadonlyMap<string, readonly string[]>;
  /// The module's governance guard.
  readonly moduleGuard: string;
  /// What the run knows of its terms' values.
  readonly known: KnownTerms;
  /// What its evaluation substituted (Pact's `VerificationWarning`s), in order.
  readonly warnings: readonly string[];
}

/// What a run sees beyond its function: the tables, and the module's governance (a keyset's
/// name, or null for a capability, which Pact does not analyse: its guard is arbitrary).
export interface World {
  readonly tables: ReadonlyMap<string, TableInfo>;
  readonly governanceKeyset: string | null;
}

export function evalFunction(tr: Translated, world: World): Run {
  const tables = world.tables;
  const ev = new TermEval(tables, world.governanceKeyset === null ? 'cap-gov-guard' : `(registry ${smtLit({ ty: 'string', value: world.governanceKeyset })})`);
  const env = new Map<number, Val>();
  for (const a of tr.args) {
    const v = makeVal(a.ty, (ty, path) => {
      const name = `a${a.vid}${path}`;
      ev.script.push(ty === 'any' ? `(define-fun ${name} () Int 0)` : `(declare-const ${name} ${sortOf(ty)})`);
      return name;
    });
    env.set(a.vid, v);
    ev.vars.set(a.vid, v);
  }
  ev.eval(tr.term, env, 'true');
  ev.script.push(`(define-fun success () Bool (and true ${ev.success.join(' ')}))`);
  for (const c of ev.constraints) ev.script.push(`(assert ${c})`);
  const maintains = new Map([...tables].map(([t, info]) => [t, info.invariants.map((_, i) => `(and true ${(ev.kept.get(t)?.[i] ?? []).join(' ')})`)] as const));
  return { script: ev.script, args: env, vars: ev.vars, tags: ev.tags, accesses: ev.accesses, guards: ev.guards, result: ev.tags.get(tr.resultTag)!,
    tagTypes: tr.tagTypes, db: ev.db, maintains, moduleGuard: ev.moduleGuard, known: ev.known, warnings: ev.warnings };
}

class TermEval {
  readonly script: string[] = [...PRELUDE];
  readonly vars = new Map<number, Val>();
  readonly tags = new Map<number, Val>();
  readonly accesses = new Map<number, Access>();
  readonly guards = new Map<number, { guard: string; name: string | null; cell: Cell | null }>();
  readonly known = new KnownTerms();
  readonly warnings: string[] = [];
  /// The cell each value read from the database came from, by the name it is defined as (Pact's
  /// provenance of a guard: enforcing it marks the cell enforced).
  private readonly cells = new Map<string, Cell>();
  success: string[] = [];
  /// Facts assumed along the way: invariants of the rows the function reads or overwrites.
  readonly constraints: string[] = [];
  /// Per table, per invariant, that each row written on a path keeps it.
  readonly kept = new Map<string, string[][]>();
  db: Db;
  /// Capabilities granted around the term being evaluated, and those a capability's body being
  /// evaluated grants (with the path that granted them).
  private active: Grant[] = [];
  private pending: Grant[] = [];
  /// Database access forbidden here: all of it in an `enforce`'s condition (Pact's
  /// `DisallowDb`), writes in an `enforce-one`'s cases (`DisallowWrites`).
  private restriction: 'pure' | 'read-only' | null = null;
  /// The block's data, once asked for.
  private chainData: Val | null = null;
  /// What the current and the previous step of a pact yielded (on which paths), if anything.
  private yielded: { current: Yielded | null; previous: Yielded | null } = { current: null, previous: null };
  /// Whether a pact's step is running here (`pact-id` needs one; elsewhere, maybe).
  private inPact = false;
  private n = 0;

  private readonly tables: ReadonlyMap<string, TableInfo>;
  readonly moduleGuard: string;

  constructor(tables: ReadonlyMap<string, TableInfo>, moduleGuard: string) {
    this.tables = tables;
    this.moduleGuard = moduleGuard;
    this.db = new Db(tables, this.script);
  }

  /// Inside the unrolled steps of a `map`/`filter`/`fold`, appended to the names of what a step
  /// defines (its tags, its `let`s), which each step defines again.
  private step = '';

  private define(ty: Ty, expr: Val, named: string | null = null): Val {
    const name = named === null ? `d${this.n++}` : named + this.step;
    return mapVal(ty, expr, (t, x, path) => {
      this.script.push(`(define-fun ${name}${path} () ${sortOf(t)} ${x})`);
      this.known.alias(`${name}${path}`, x);
      const cell = this.cells.get(x);
      if (cell !== undefined) this.cells.set(`${name}${path}`, cell);
      return `${name}${path}`;
    });
  }

  /// A value of one term (an object's taken apart), defined under a name.
  private defineTerm(ty: Ty, expr: string): Val {
    return this.define(ty, isObj(ty) ? fromTerm(ty, this.named(ty, expr)) : expr);
  }

  /// A term of any type (an object's as its datatype), defined under a name.
  private named(ty: Ty, expr: string): string {
    const name = `d${this.n++}`;
    this.script.push(`(define-fun ${name} () ${sortOf(ty)} ${expr})`);
    this.known.alias(name, expr);
    return name;
  }

  private fails(path: string, cond: string): void {
    this.success.push(`(=> ${path} (not ${cond}))`);
  }

  /// An operator's failures are the transaction's on this path.
  private opCx(path: string): OpCx {
    return { known: this.known, warn: (w) => this.warnings.push(w), fail: (c) => this.fails(path, c), resolve: (x) => this.resolve(x) };
  }

  /// What an SMT-LIB term of the run is, if it is known (see `simplified`).
  private resolve(text: string): Known | undefined {
    return this.known.get(text) ?? simplified(this.script, text);
  }

  private set(k: string, expr: string): void {
    const name = `s${this.n++}`;
    this.script.push(`(define-fun ${name} () ${this.db.sort(k)} ${expr})`);
    this.db.current.set(k, name);
  }

  eval(t: Term, env: ReadonlyMap<number, Val>, path: string): Val {
    switch (t.k) {
      case 'lit': return smtLit(t.lit);
      case 'var': return env.get(t.vid)!;
      case 'op': {
        if (t.op === 'and' || t.op === 'or') return this.logical(t.op, t.args, env, path);
        const xs = t.args.map((a) => this.eval(a, env, path));
        const argTy = operandTy(t.args, t.ty);
        if (isObj(argTy)) {
          const eq = eqVal(argTy, xs[0]!, xs[1]!);
          return this.define('bool', t.op === '=' ? eq : `(not ${eq})`);
        }
        const ts = xs.map((x, i) => toTerm(termTy(t.args[i]!), x));
        if (t.op === 'make-list') return this.define(t.ty, makeList(this.resolve(ts[0]!), t.ty as ListTy, ts[1]!));
        if (t.op === 'sort') return this.define(t.ty, sortList(t.ty as ListTy, ts[0]!, knownLength(t.args[0]!), (ty, x) => this.named(ty, x)));
        const failure = failureOf(t.op, ts);
        if (failure !== null) this.fails(path, failure);
        return this.defineTerm(t.ty, evalOp(t.op, t.args.map(termTy), t.ty, ts, this.opCx(path)));
      }
      case 'if': {
        const c = term(this.define('bool', this.eval(t.cond, env, path), `t${t.tag}`));
        this.tags.set(t.tag, c);
        let a: Val = 'true';
        let b: Val = 'true';
        this.branches(c, () => (a = this.eval(t.then, env, `(and ${path} ${c})`)), () => (b = this.eval(t.else, env, `(and ${path} (not ${c}))`)));
        return this.define(t.ty, mapVal(t.ty, a, (_, x, p) => `(ite ${c} ${x} ${term(pathIn(b, p))})`));
      }
      case 'let': {
        const v = this.define(termTy(t.rhs), this.eval(t.rhs, env, path), `v${t.vid}`);
        this.vars.set(t.vid, v);
        return this.eval(t.body, new Map(env).set(t.vid, v), path);
      }
      case 'seq':
        this.eval(t.first, env, path);
        return this.eval(t.rest, env, path);
      case 'enforce': {
        // An `enforce`'s condition may not touch the database (Pact's `DisallowDb`).
        const outer = this.restriction;
        this.restriction = 'pure';
        let cond: Val;
        try {
          cond = this.eval(t.cond, env, path);
        } finally {
          this.restriction = outer;
        }
        const c = term(this.define('bool', cond, `t${t.tag}`));
        this.tags.set(t.tag, c);
        this.success.push(`(=> ${path} ${c})`);
        return 'true';
      }
      case 'return': {
        const r = this.define(t.ty, this.eval(t.body, env, path), `t${t.tag}`);
        this.tags.set(t.tag, r);
        return r;
      }
      case 'object': return { fields: new Map(t.fields.map(([k, v]) => [k, this.eval(v, env, path)] as const)) };
      case 'list': {
        const items = t.items.map((x) => toTerm(t.ty.elem, this.eval(x, env, path)));
        if (items.length === 0) return smtLit({ ty: 'empty-list', elem: t.ty.elem });
        return this.define(t.ty, listOf(items, this.known));
      }
      case 'at': return field(this.eval(t.obj, env, path), t.field);
      case 'at-key': return this.atKey(t, env, path);
      case 'keyset': {
        const name = term(this.eval(t.name, env, path));
        return `(${t.from === 'registry' ? 'registry' : 'tx-keyset'} ${name})`;
      }
      case 'enforce-guard': {
        const g = t.guard;
        // A keyset looked up by name keeps its name for the trace.
        const name = g.k === 'keyset' ? term(this.define('string', this.eval(g.name, env, path))) : null;
        const guard = term(this.define('guard', g.k === 'keyset' ? `(${g.from === 'registry' ? 'registry' : 'tx-keyset'} ${name})` : this.eval(g, env, path)));
        const passes = term(this.define('bool', `(select ${this.db.get(this.db.key('guard-passes', ''))} ${guard})`, `t${t.tag}`));
        this.tags.set(t.tag, passes);
        const cell = this.cells.get(guard) ?? null;
        if (cell !== null) {
          // Only a guard as it was before any write to its cell counts as the row's.
          const ce = this.db.key('cell-enforced', cell.table, cell.column);
          this.set(ce, `(store ${this.db.get(ce)} ${cell.key} (or (select ${this.db.get(ce)} ${cell.key}) (not ${cell.dirty})))`);
        }
        this.guards.set(t.tag, { guard, name, cell });
        this.success.push(`(=> ${path} ${passes})`);
        return passes;
      }
      case 'grant': {
        const r = this.eval(t.body, env, path);
        this.pending.push({ cap: t.cap, args: t.args.map((a) => ({ ty: termTy(a), v: this.eval(a, env, path) })), when: path });
        return r;
      }
      case 'with-capability': {
        const outer = this.pending;
        this.pending = [];
        this.eval(t.app, env, path);
        const granted = this.pending;
        this.pending = outer;
        const active = this.active;
        this.active = [...active, ...granted];
        try {
          return this.eval(t.body, env, path);
        } finally {
          this.active = active;
        }
      }
      case 'require': {
        const granted = term(this.define('bool', this.granted(t.cap, t.args.map((a) => this.eval(a, env, path))), `t${t.tag}`));
        this.tags.set(t.tag, granted);
        this.success.push(`(=> ${path} ${granted})`);
        return granted;
      }
      case 'format': return this.format(t, env, path);
      case 'list-fold': return this.listFold(t, env, path);
      case 'pact': return this.pact(t, env, path);
      case 'module-guard': return this.moduleGuard;
      case 'chain-data': {
        if (this.chainData === null) {
          this.chainData = makeVal(t.ty, (ty, p) => {
            const name = `chain-data${p}`;
            this.script.push(`(declare-const ${name} ${sortOf(ty)})`);
            return name;
          });
          for (const f of NOT_NEGATIVE) {
            const v = t.ty.fields.some(([n]) => n === f) ? term(field(this.chainData, f)) : null;
            if (v !== null) this.constraints.push(`(>= ${v} 0)`);
          }
        }
        return this.chainData;
      }
      case 'yield': {
        const ty = termTy(t.obj);
        const v = this.define(ty, this.eval(t.obj, env, path), `t${t.tag}`);
        this.tags.set(t.tag, v);
        // A later yield on another path replaces this one only on that path.
        const prev = this.yielded.current;
        this.yielded.current = prev === null || !tyEq(prev.ty, ty) ? { ty, val: v, present: path }
          : { ty, val: this.define(ty, mapVal(ty, v, (_, x, p) => `(ite ${path} ${x} ${term(pathIn(prev.val, p))})`)), present: `(or ${prev.present} ${path})` };
        return v;
      }
      case 'resume': {
        const prev = this.yielded.previous;
        if (prev === null) throw new AnalysisFailure(null, 'No previously yielded value for resume');
        if (!tyEq(prev.ty, t.ty)) throw new AnalysisFailure(null, 'Resume of unexpected type');
        this.success.push(`(=> ${path} ${prev.present})`);
        const v = this.define(t.ty, prev.val, `t${t.tag}`);
        this.tags.set(t.tag, v);
        return v;
      }
      case 'user-guard': {
        // The call runs now (it cannot touch the database); its success is whether the guard passes.
        const outer = this.success;
        const restriction = this.restriction;
        this.success = [];
        this.restriction = 'pure';
        try {
          this.eval(t.body, env, path);
          const gp = this.db.key('guard-passes', '');
          this.set(gp, `(store ${this.db.get(gp)} ${t.guard} (and true ${this.success.join(' ')}))`);
        } finally {
          this.success = outer;
          this.restriction = restriction;
        }
        return `${t.guard}`;
      }
      case 'pact-id':
        this.needsPact(path);
        return 'pact-id';
      case 'trivial-guard': {
        if (t.pact) this.needsPact(path);
        const cap = t.cap;
        if (cap !== null) this.success.push(`(=> ${path} ${this.granted(cap.name, cap.args.map((a) => this.eval(a, env, path)))})`);
        return 'trivial-guard';
      }
      case 'tx-data': return this.define(t.ty, `(tx-${t.ty} ${term(this.eval(t.name, env, path))})`);
      case 'enforce-one': return this.enforceOne(t, env, path);
      case 'read': return this.read(t, env, path);
      case 'write': return this.write(t, env, path);
    }
  }

  /// `and`/`or` short-circuit (Pact's `evalLogicalOp`): the second operand runs only on the
  /// path where the first does not decide the value.
  private logical(op: 'and' | 'or', [a, b]: readonly Term[], env: ReadonlyMap<number, Val>, path: string): Val {
    const x = term(this.define('bool', this.eval(a!, env, path)));
    // A first operand known before the run decides at once, as SBV's `ite` of a literal does.
    const known = this.known.get(x);
    if (typeof known === 'boolean') return known === (op === 'or') ? x : this.eval(b!, env, path);
    const undecided = op === 'and' ? x : `(not ${x})`;
    let y = 'true';
    this.branches(undecided, () => (y = term(this.eval(b!, env, `(and ${path} ${undecided})`))), () => {});
    return this.define('bool', `(${op} ${x} ${y})`);
  }

  /// `at` of a key computed by the code (Pact's `evalObjAt`): a key known before the run picks its
  /// field; another is compared with each field's name, all of which must have the type asked
  /// for. A key naming no field fails the transaction.
  private atKey(t: Extract<Term, { k: 'at-key' }>, env: ReadonlyMap<number, Val>, path: string): Val {
    const key = term(this.eval(t.key, env, path));
    const obj = this.eval(t.obj, env, path);
    const fields = (termTy(t.obj) as ObjTy).fields;
    const k = this.known.get(key);
    const known = typeof k === 'string' ? k : undefined;
    const candidates = known === undefined ? fields : fields.filter(([n]) => n === known);
    if (candidates.some(([, ty]) => !tyEq(ty, t.ty))) throw new AnalysisFailure(null, 'evalObjAt mismatched field types');
    if (known !== undefined && candidates.length === 1) return field(obj, known);
    const is = (n: string) => `(= ${key} ${smtLit({ ty: 'string', value: n })})`;
    this.fails(path, `(and true ${candidates.map(([n]) => `(not ${is(n)})`).join(' ')})`);
    const notFound = makeVal(t.ty, (ty, p) => {
      const name = `notfound${this.n++}${p}`;
      this.script.push(`(declare-const ${name} ${sortOf(ty)})`);
      return name;
    });
    return this.define(t.ty, candidates.reduceRight((acc, [n]) => mapVal(t.ty, field(obj, n), (_, x, p) => `(ite ${is(n)} ${x} ${term(pathIn(acc, p))})`), notFound));
  }

  /// Whether an enclosing `with-capability` granted this capability with these arguments.
  private granted(cap: string, args: readonly Val[]): string {
    const matches = this.active.filter((g) => g.cap === cap).map((g) => `(and ${g.when} ${g.args.map((x, i) => eqVal(x.ty, x.v, args[i]!)).join(' ')})`);
    return `(or false ${matches.join(' ')})`;
  }

  /// Outside a pact's own steps, whether a pact is running is not known (Pact's `inPact`).
  private needsPact(path: string): void {
    if (!this.inPact) this.success.push(`(=> ${path} in-pact)`);
  }

  /// `map`/`filter`/`fold` as Pact's bounded right fold (`bfoldrM` over `LIST_BOUND` elements):
  /// the step of element `i` runs, from the last element to the first, only when the list has
  /// one (its effects merged as a branch's); past the end, the result is the base (the empty
  /// list, or `fold`'s initial value).
  private listFold(t: Extract<Term, { k: 'list-fold' }>, env: ReadonlyMap<number, Val>, path: string): Val {
    const lty = termTy(t.list) as ListTy;
    const list = term(this.define(lty, this.eval(t.list, env, path)));
    const base = t.init === null ? smtLit({ ty: 'empty-list', elem: (t.ty as ListTy).elem }) : this.eval(t.init, env, path);
    let acc = base;
    const outer = this.step;
    try {
      for (let i = LIST_BOUND - 1; i >= 0; i--) {
        const has = `(> (seq.len ${list}) ${i})`;
        const x = this.defineTerm(lty.elem, `(seq.nth ${list} ${i})`);
        const inner = new Map(env).set(t.vids[t.vids.length - 1]!, x);
        if (t.how === 'fold') inner.set(t.vids[0]!, acc);
        this.step = `${outer}_${i}`;
        let r: Val = 'true';
        this.branches(has, () => (r = this.eval(t.body, inner, `(and ${path} ${has})`)), () => {});
        // Past the end, `acc` is still the base.
        if (t.how === 'map') acc = this.define(t.ty, `(ite ${has} (seq.++ (seq.unit ${toTerm(termTy(t.body), r)}) ${term(acc)}) ${term(base)})`);
        else if (t.how === 'filter') acc = this.define(t.ty, `(ite (and ${has} ${term(r)}) (seq.++ (seq.unit ${toTerm(lty.elem, x)}) ${term(acc)}) ${term(acc)})`);
        else acc = this.define(t.ty, mapVal(t.ty, r, (_, v, p) => `(ite ${has} ${v} ${term(pathIn(base, p))})`));
      }
    } finally {
      this.step = outer;
    }
    return acc;
  }

  /// Both branches run from the same database; the merge takes each slot's value by `c`.
  private branches(c: string, then: () => void, otherwise: () => void): void {
    const saved = new Map(this.db.current);
    then();
    const thenDb = this.db.current;
    this.db.current = saved;
    otherwise();
    for (const k of new Set([...thenDb.keys(), ...this.db.current.keys()])) {
      const x = thenDb.get(k) ?? this.db.initial(k);
      const y = this.db.get(k);
      if (x !== y) this.set(k, `(ite ${c} ${x} ${y})`);
    }
  }

  /// A defpact (Pact's `Pact` evaluation): each step after the first may instead be cancelled
  /// (a free choice), the database having changed arbitrarily since the step before; a
  /// cancellation runs the rollbacks of the steps before it, latest first.
  private pact(t: Extract<Term, { k: 'pact' }>, env: ReadonlyMap<number, Val>, path: string): Val {
    const outer = this.inPact;
    this.inPact = true;
    let reached = 'true';
    // Rollbacks registered so far, latest first, with the cancellations that trigger them.
    const pending: Array<{ term: Term; triggers: string[] }> = [];
    const outerYields = this.yielded;
    this.yielded = { current: null, previous: null };
    t.steps.forEach((s, i) => {
      this.yielded = { current: null, previous: this.yielded.current };
      let cancel = 'false';
      if (i > 0) {
        this.timePasses();
        const tag = t.cancelTags[i - 1]!;
        this.script.push(`(declare-const cancel${tag} Bool)`);
        cancel = term(this.define('bool', `(and ${reached} cancel${tag})`, `t${tag}`));
        this.tags.set(t.cancelTags[i - 1]!, cancel);
        pending[0]?.triggers.push(cancel);
      }
      if (s.rollback !== null) pending.unshift({ term: s.rollback, triggers: [] });
      const reaches = term(this.define('bool', `(and ${reached} (not ${cancel}))`));
      const stepPath = `(and ${path} ${reaches})`;
      this.branches(reaches, () => {
        if (s.entity !== null) this.success.push(`(=> ${stepPath} (= entity ${term(this.eval(s.entity, env, stepPath))}))`);
        this.eval(s.exec, env, stepPath);
      }, () => {});
      reached = reaches;
    });
    // Rollbacks resume nothing.
    this.yielded = { current: null, previous: null };
    let rolling = 'false';
    pending.forEach((r, i) => {
      rolling = term(this.define('bool', `(or ${rolling} ${r.triggers.join(' ')})`, `t${t.rollbackTags[i]}`));
      this.tags.set(t.rollbackTags[i]!, rolling);
      const now = rolling;
      this.branches(now, () => this.eval(r.term, env, `(and ${path} ${now})`), () => {});
    });
    this.inPact = outer;
    this.yielded = outerYields;
    return '"INTERNAL: pact done"';
  }

  /// Between two steps of a pact other transactions run: every cell may have changed, rows may
  /// have appeared, and which guards pass is new (Pact's `withReset`).
  private timePasses(): void {
    const db = this.db;
    const step = this.n++;
    for (const [table, info] of this.tables) {
      for (const [c] of info.row.fields) {
        const k = db.key('cells', table, c);
        db.current.set(k, db.fresh(k, ` ${step}`));
      }
      const ex = db.key('exists', table);
      this.set(ex, `((_ map or) ${db.get(ex)} ${db.fresh(ex, ` ${step}`)})`);
    }
    const gp = db.key('guard-passes', '');
    db.current.set(gp, trivialPasses(db.fresh(gp, ` ${step}`)));
  }

  /// `enforce-one`: every case runs (none may write); its success is its own enforcements'; the
  /// value is the first successful case's, and the transaction needs one to succeed.
  private enforceOne(t: Extract<Term, { k: 'enforce-one' }>, env: ReadonlyMap<number, Val>, path: string): Val {
    const outer = this.success;
    const restriction = this.restriction;
    if (restriction === null) this.restriction = 'read-only';
    let any = 'false';
    let result = 'true';
    try {
      t.cases.forEach((c, i) => {
        this.success = [];
        const v = term(this.eval(c, env, path));
        const ok = term(this.define('bool', `(and true ${this.success.join(' ')})`, `t${t.tags[i]}`));
        this.tags.set(t.tags[i]!, ok);
        result = term(this.define('bool', `(ite ${any} ${result} ${v})`));
        any = term(this.define('bool', `(or ${any} ${ok})`));
      });
    } finally {
      this.success = outer;
      this.restriction = restriction;
    }
    this.success.push(`(=> ${path} ${any})`);
    return result;
  }

  /// `format`: the template's `{}`s replaced in turn by the arguments (Pact's `format` of the
  /// analysis: strings as they are, integers in decimal, booleans as `true`/`false`). The
  /// template must be known, if only once computed (a constant a function returns, say).
  private format(t: Extract<Term, { k: 'format' }>, env: ReadonlyMap<number, Val>, path: string): Val {
    const template = this.resolve(term(this.eval(t.template, env, path)));
    const args = t.args.map((a) => {
      const ty = termTy(a);
      const v = term(this.eval(a, env, path));
      if (ty === 'string') return v;
      if (ty === 'integer') return `(str.++ (ite (< ${v} 0) "-" "") (str.from_int (abs ${v})))`;
      if (ty === 'bool') return `(ite ${v} "true" "false")`;
      throw new AnalysisFailure(null, `We can only analyze calls to \`format\` formatting {string,integer,bool} (not ${showTy(ty)})`);
    });
    if (typeof template !== 'string') {
      throw new AnalysisFailure(null, 'We can only analyze calls to `format` with statically determined contents (both arguments)');
    }
    const parts = template.split('{}');
    if (parts.length === 1) return smtLit({ ty: 'string', value: template });
    if (parts.length - args.length > 1) throw new AnalysisFailure(null, 'format: not enough arguments for template');
    const pieces = [smtLit({ ty: 'string', value: parts[0]! })];
    args.slice(0, parts.length - 1).forEach((a, i) => pieces.push(a, smtLit({ ty: 'string', value: parts[i + 1]! })));
    return this.define('string', `(str.++ ${pieces.join(' ')})`);
  }

  /// The row's fields at `key` as they are now (Pact's `peekFields`).
  private peek(table: string, key: string): Map<string, Val> {
    const row = this.tables.get(table)!.row;
    return new Map(row.fields.map(([c, ty]) => [c, fromTerm(ty, `(select ${this.db.get(this.db.key('cells', table, c))} ${key})`)] as const));
  }

  /// Each invariant of `table` over these column values.
  private invariants(table: string, cols: ReadonlyMap<string, Val>): string[] {
    const info = this.tables.get(table)!;
    const env = new Map(info.row.fields.map(([c], i) => [i, cols.get(c)!] as const));
    // Pact ignores whether evaluating an invariant fails.
    return info.invariants.map((inv) => term(evalPropVal(inv.prop, null, env, newQuery())));
  }

  private read(t: Extract<Term, { k: 'read' }>, env: ReadonlyMap<number, Val>, path: string): Val {
    if (this.restriction === 'pure') throw new AnalysisFailure(null, `Encountered disallowed DB read from table TableName ${JSON.stringify(t.table)} in pure context`);
    const key = term(this.define('string', this.eval(t.key, env, path)));
    const db = this.db;
    this.set(db.key('table-read', t.table), 'true');
    const rc = db.key('read-count', t.table);
    this.set(rc, `(store ${db.get(rc)} ${key} (+ (select ${db.get(rc)} ${key}) 1))`);
    const existed = `(select ${db.get(db.key('exists', t.table))} ${key})`;
    const peeked = this.peek(t.table, key);
    const readPath = t.default === null ? path : `(and ${path} ${existed})`;
    for (const inv of this.invariants(t.table, peeked)) this.constraints.push(`(=> ${readPath} ${inv})`);
    for (const [c] of t.ty.fields) this.set(db.key('column-read', t.table, c), 'true');
    const row: Val = { fields: new Map(t.ty.fields.map(([c]) => [c, peeked.get(c)!] as const)) };
    const ok = term(this.define('bool', t.default === null ? existed : 'true'));
    const literalKey = t.key.k === 'lit' && t.key.lit.ty === 'string' ? t.key.lit.value : null;
    const shownKey = `S {_sProv = Nothing, _sSbv = ${literalKey === null ? '<symbolic> :: SString' : `${JSON.stringify(literalKey)} :: String`}}`;
    // Where a value came from (Pact's provenance of a cell; an object in a cell has none).
    for (const [c] of t.ty.fields.filter(([, ty]) => !isObj(ty))) {
      const dirty = term(this.define('bool', `(select ${db.get(db.key('cell-written', t.table, c))} ${key})`));
      this.cells.set(term(field(row, c)), { table: t.table, column: c, key, dirty, shownKey });
    }
    const obj = this.define(t.ty, row);
    this.accesses.set(t.tag, { key, ok, obj });
    if (t.default === null) {
      this.success.push(`(=> ${path} ${existed})`);
      return obj;
    }
    const def = this.eval(t.default, env, path);
    return this.define(t.ty, mapVal(t.ty, obj, (_, x, p) => `(ite ${existed} ${x} ${term(pathIn(def, p))})`));
  }

  private write(t: Extract<Term, { k: 'write' }>, env: ReadonlyMap<number, Val>, path: string): Val {
    if (this.restriction !== null) throw new AnalysisFailure(null, `Encountered disallowed DB ${t.kind} to table TableName ${JSON.stringify(t.table)} in ${this.restriction} context`);
    const obj = this.define(termTy(t.obj), this.eval(t.obj, env, path));
    const key = term(this.define('string', this.eval(t.key, env, path)));
    const db = this.db;
    const ex = db.key('exists', t.table);
    const existed = term(this.define('bool', `(select ${db.get(ex)} ${key})`));
    const ok = term(this.define('bool', t.kind === 'insert' ? `(not ${existed})` : t.kind === 'update' ? existed : 'true'));
    this.success.push(`(=> ${path} ${ok})`);
    this.set(ex, `(store ${db.get(ex)} ${key} true)`);
    this.set(db.key('table-written', t.table), ok);
    const wc = db.key('write-count', t.table);
    this.set(wc, `(store ${db.get(wc)} ${key} (+ (select ${db.get(wc)} ${key}) 1))`);
    this.accesses.set(t.tag, { key, ok, obj });
    const prev = this.peek(t.table, key);
    for (const inv of this.invariants(t.table, prev)) this.constraints.push(`(=> ${path} ${inv})`);
    const next = new Map(prev);
    const row = this.tables.get(t.table)!.row;
    for (const [c, ty] of (termTy(t.obj) as ObjTy).fields) {
      const colTy = row.fields.find(([n]) => n === c)?.[1];
      if (colTy === undefined) continue;
      // Pact's analysis stops (an internal error) at a value of another type than its column's.
      if (!tyEq(colTy, ty)) throw new AnalysisFailure(null, `eVArrayAt: bad setter access: ${showTyHs(ty)} vs ${showTyHs(colTy)}`);
      const v = toTerm(ty, field(obj, c));
      next.set(c, field(obj, c));
      this.set(db.key('column-written', t.table, c), 'true');
      const cells = db.key('cells', t.table, c);
      if (ty === 'integer' || ty === 'decimal') {
        const diff = `(- ${v} (ite ${existed} (select ${db.get(cells)} ${key}) 0))`;
        const cd = db.key('cell-delta', t.table, c);
        this.set(cd, `(store ${db.get(cd)} ${key} (+ (select ${db.get(cd)} ${key}) ${diff}))`);
        const delta = db.key('column-delta', t.table, c);
        this.set(delta, `(+ ${db.get(delta)} ${diff})`);
      }
      this.set(cells, `(store ${db.get(cells)} ${key} ${v})`);
      const written = db.key('cell-written', t.table, c);
      this.set(written, `(store ${db.get(written)} ${key} true)`);
    }
    const kept = this.kept.get(t.table) ?? [];
    this.invariants(t.table, next).forEach((inv, i) => (kept[i] ??= []).push(`(=> ${path} ${inv})`));
    this.kept.set(t.table, kept);
    return '"Write succeeded"';
  }
}

/// Chain data fields that are never negative.
const NOT_NEGATIVE = ['block-height', 'gas-limit', 'gas-price'];

interface Yielded {
  readonly ty: Ty;
  readonly val: Val;
  /// On which paths something was yielded.
  readonly present: string;
}

interface Grant {
  readonly cap: string;
  readonly args: ReadonlyArray<{ readonly ty: Ty; readonly v: Val }>;
  readonly when: string;
}

/// The part of a value at a field path built by `mapVal` (`_0_2`: field 0, then its field 2).
function pathIn(v: Val, path: string): Val {
  let at = v;
  for (const i of path.split('_').slice(1)) {
    if (typeof at === 'string') break;
    at = [...at.fields.values()][Number(i)]!;
  }
  return at;
}

/// When an operation fails, in a program or a property alike (Pact's `markFailure`s), or null.
function failureOf(op: Op, ts: readonly string[]): string | null {
  switch (op) {
    case '/': case 'mod': return `(= ${ts[1]} 0)`;
    // A step away from the end never reaches it.
    case 'enumerate': return `(or (and (< ${ts[0]} ${ts[1]}) (< ${ts[2]} 0)) (and (> ${ts[0]} ${ts[1]}) (> ${ts[2]} 0)))`;
    case 'at-index': return `(or (< ${ts[1]} 0) (>= ${ts[1]} (seq.len ${ts[0]})))`;
    // Pact reads a natural number of at most 128 digits.
    case 'str-to-int': return `(or (= ${ts[0]} "") (> (str.len ${ts[0]}) 128) (< (str.to_int ${ts[0]}) 0))`;
    default: return null;
  }
}

/// A property as an SMT-LIB formula over a run (`result`, `success`, the arguments by id), and
/// when evaluating it fails (Pact's query success: an `at` out of range, a zero divisor ... on
/// the way `and`/`or` take).
export function evalProp(p: Prop, run: Run, env: ReadonlyMap<number, Val>): { value: string; fails: readonly string[] } {
  const query = newQuery();
  const value = term(evalPropVal(p, run, env, query));
  return { value, fails: query.fails };
}

/// Where a property's evaluation is: the condition of reaching it, the failures so far, and the
/// table or column each variable of a `table`/`column-of` quantifier stands for.
interface PropQuery {
  readonly path: string;
  readonly fails: string[];
  readonly names: ReadonlyMap<number, string>;
}

const newQuery = (): PropQuery => ({ path: 'true', fails: [], names: new Map() });

let sortSteps = 0;

/// What an invariant knows: its literals.
const LITERALS = new KnownTerms();

/// A list of these items (at least one); known when they all are.
function listOf(items: readonly string[], known: KnownTerms): string {
  const units = items.map((x) => `(seq.unit ${x})`);
  const text = units.length === 1 ? units[0]! : `(seq.++ ${units.join(' ')})`;
  const values = items.map((x) => known.get(x));
  if (values.every((v) => v !== undefined)) known.set(text, values as Known[]);
  return text;
}

/// A property's value; without a run (an invariant), only its variables and literals. Failures
/// go to `query`.
function evalPropVal(p: Prop, run: Run | null, env: ReadonlyMap<number, Val>, query: PropQuery): Val {
  const sub = (x: Prop): Val => evalPropVal(x, run, env, query);
  const ofRun = (): Run => {
    if (run === null) throw new Error('not a property of a run');
    return run;
  };
  switch (p.k) {
    case 'lit': return smtLit(p.lit);
    case 'var': return env.get(p.vid)!;
    case 'result': return ofRun().result;
    case 'success': return 'success';
    case 'abort': return '(not success)';
    case 'op': {
      const xs = propOperands(p, run, env, query);
      const known = run?.known ?? LITERALS;
      const argTy = operandTy(p.args, p.ty);
      if (isObj(argTy)) return p.op === '=' ? eqVal(argTy, xs[0]!, xs[1]!) : `(not ${eqVal(argTy, xs[0]!, xs[1]!)})`;
      if (p.op === 'make-list') return makeList(known.get(term(xs[0]!)), p.ty as ListTy, toTerm(termTy(p.args[1]!), xs[1]!));
      if (p.op === 'sort') {
        // A property has no definitions: the network's steps are `let`s around its result.
        const lets: string[] = [];
        const sorted = sortList(p.ty as ListTy, term(xs[0]!), knownLength(p.args[0]!), (_, x) => {
          const name = `sorting${sortSteps++}`;
          lets.push(`(${name} ${x})`);
          return name;
        });
        return lets.reduceRight((acc, l) => `(let (${l}) ${acc})`, sorted);
      }
      const ts = xs.map((x, i) => toTerm(termTy(p.args[i]!), x));
      // A property's failures are its query's (the transaction's stay as they are); its
      // warnings, Pact drops.
      const fail = (c: string) => query.fails.push(`(and ${query.path} ${c})`);
      const failure = failureOf(p.op, ts);
      if (failure !== null) fail(failure);
      return fromTerm(p.ty, evalOp(p.op, p.args.map(termTy), p.ty, ts, { known, warn: () => {}, fail }));
    }
    case 'quantified': {
      if (isNameTy(p.ty)) {
        // Pact's quantifiers over names: the body for each table, or each column of the table.
        const tables = ofRun().db.tables;
        const over = p.ty.k === 'table' ? [...tables.keys()].sort() : tables.get(p.ty.table)?.row.fields.map(([c]) => c) ?? [];
        const each = over.map((n) => term(evalPropVal(p.body, run, env, { ...query, names: new Map(query.names).set(p.vid, n) })));
        return p.q === 'forall' ? `(and true ${each.join(' ')})` : `(or false ${each.join(' ')})`;
      }
      // Pact's `Any` has one value.
      if (p.ty === 'any') return evalPropVal(p.body, run, new Map(env).set(p.vid, '0'), query);
      const name = `q${p.vid}`;
      const bound = `((${name} ${sortOf(p.ty)}))`;
      // A failure for some (every) value of an `exists` (a `forall`) is the property's, as its
      // quantifiers are in front (parse.ts `prenex`).
      const inner: PropQuery = { ...query, path: 'true', fails: [] };
      const body = term(evalPropVal(p.body, run, new Map(env).set(p.vid, fromTerm(p.ty, name)), inner));
      if (inner.fails.length > 0) query.fails.push(`(and ${query.path} (${p.q} ${bound} (or ${inner.fails.join(' ')})))`);
      return `(${p.q} ${bound} ${body})`;
    }
    case 'at': return field(sub(p.obj), p.field);
    case 'object': return { fields: new Map(p.fields.map(([n, v]) => [n, sub(v)] as const)) };
    case 'list': {
      const items = p.items.map((x) => toTerm(p.ty.elem, sub(x)));
      return items.length === 0 ? smtLit({ ty: 'empty-list', elem: p.ty.elem }) : listOf(items, run?.known ?? LITERALS);
    }
    case 'authorized-by': return guardPassed(ofRun(), `(registry ${smtLit({ ty: 'string', value: p.name })})`);
    case 'governance-passes': return guardPassed(ofRun(), ofRun().moduleGuard);
    case 'db': return dbProp(p, ofRun(), (k) => term(sub(k)), (n) => (typeof n === 'string' ? n : query.names.get(n.vid)!));
  }
}

/// An operation's operands: the second of `and` (`or`) is reached only when the first holds
/// (does not).
function propOperands(p: Extract<Prop, { k: 'op' }>, run: Run | null, env: ReadonlyMap<number, Val>, query: PropQuery): Val[] {
  if (p.op !== 'and' && p.op !== 'or') return p.args.map((a) => evalPropVal(a, run, env, query));
  const first = term(evalPropVal(p.args[0]!, run, env, query));
  const path = `(and ${query.path} ${p.op === 'and' ? first : `(not ${first})`})`;
  return [first, evalPropVal(p.args[1]!, run, env, { ...query, path })];
}

/// Whether a guard passes, as the run leaves the database.
function guardPassed(run: Run, guard: string): string {
  return `(select ${run.db.get(run.db.key('guard-passes', ''))} ${guard})`;
}

function dbProp(p: DbProp, run: Run, key: (k: Prop) => string, name: (n: NameRef) => string): Val {
  const db = run.db;
  const table = name(p.table);
  const now = (slot: Slot, column: NameRef = ''): string => db.get(db.key(slot, table, name(column)));
  switch (p.what) {
    case 'table-read': return now('table-read');
    case 'table-written': return now('table-written');
    case 'column-read': return now('column-read', p.column);
    case 'column-written': return now('column-written', p.column);
    case 'column-delta': return now('column-delta', p.column);
    case 'cell-delta': return `(select ${now('cell-delta', p.column)} ${key(p.key)})`;
    case 'row-read': return `(= (select ${now('read-count')} ${key(p.key)}) 1)`;
    case 'row-written': return `(= (select ${now('write-count')} ${key(p.key)}) 1)`;
    case 'row-read-count': return `(select ${now('read-count')} ${key(p.key)})`;
    case 'row-write-count': return `(select ${now('write-count')} ${key(p.key)})`;
    case 'row-enforced': return `(select ${now('cell-enforced', p.column)} ${key(p.key)})`;
    case 'row-exists': {
      const k = db.key('exists', table);
      return `(select ${p.when === 'before' ? db.initial(k) : db.get(k)} ${key(p.key)})`;
    }
    case 'read': {
      const k = key(p.key);
      return { fields: new Map(p.ty.fields.map(([c, ty]) => {
        const cells = db.key('cells', table, c);
        return [c, fromTerm(ty, `(select ${p.when === 'before' ? db.initial(cells) : db.get(cells)} ${k})`)] as const;
      })) };
    }
  }
}
