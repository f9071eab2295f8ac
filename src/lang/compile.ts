/// The compiler: pattern-matches reader expressions into terms, checking Pact's grammar of forms
/// (top level, value level, module and interface bodies, definitions, types, metadata).
import type { Exp, Info } from '../syntax/exp.ts';
import { pactCodeText } from '../syntax/index.ts';
import { Decimal } from '../values/decimal.ts';
import { tyAny, tyBool, tyDecimal, tyGuard, tyInteger, tyKeySet, tyList, tyString, tyTime, tyVar } from '../values/type.ts';
import type { Type } from '../values/type.ts';
import type { PactValue } from '../values/value.ts';
import { syntaxError } from './errors.ts';
import type {
  Arg, BindPair, DefcapMeta, DefKind, DefTerm, InterfaceTerm, Meta, ModuleTerm, Name, Step, Term, UseTerm,
} from './term.ts';

const RESERVED = new Set([
  'bless', 'defconst', 'defpact', 'defschema', 'deftable', 'defun', 'defcap', 'false', 'implements', 'interface',
  'let', 'let*', 'lambda', 'module', 'step', 'step-with-rollback', 'true', 'use', 'with-capability', 'cond',
]);

const noMeta: Meta = { docs: null, model: [] };

/// How Pact measured the spans of the text being compiled: in UTF-8 bytes (files and REPL
/// input) or in UTF-16 units (code sent to a node). It decides the code text a module keeps.
export type CodeUnit = 'utf8' | 'utf16';

/// Compiles one top-level expression.
export function compileTopLevel(exp: Exp, unit: CodeUnit = 'utf8'): Term {
  return new Compiler(unit).topLevel(exp);
}

type ListExp = Extract<Exp, { tag: 'list' }>;

/// Walks the items of one list expression.
class Cursor {
  readonly items: readonly Exp[];
  readonly list: ListExp;
  i = 0;
  constructor(list: ListExp) {
    this.items = list.items;
    this.list = list;
  }
  get done(): boolean { return this.i >= this.items.length; }
  peek(): Exp | undefined { return this.items[this.i]; }
  next(): Exp {
    const e = this.items[this.i++];
    if (e === undefined) throw syntaxError(this.endInfo(), 'Unexpected end of input');
    return e;
  }
  /// Where "end of input" errors point: the closing delimiter of the list.
  endInfo(): Info {
    const last = this.items[this.items.length - 1];
    return last?.info ?? this.list.info;
  }
  rest(): Exp[] {
    const r = this.items.slice(this.i);
    this.i = this.items.length;
    return r;
  }
}

class Compiler {
  private fresh = 0;
  private readonly unit: CodeUnit;

  constructor(unit: CodeUnit) {
    this.unit = unit;
  }

  private freshTyVar(): Type {
    return tyVar(typeVarName(this.fresh++));
  }

  topLevel(e: Exp): Term {
    if (e.tag === 'list' && e.delim === '(') {
      const head = e.items[0];
      if (head?.tag === 'atom' && head.parts.length === 1 && !head.dynamic && RESERVED.has(head.parts[0]!)) {
        const c = new Cursor(e);
        c.next();
        switch (head.parts[0]) {
          case 'use': return this.useForm(c);
          case 'let': return this.letForm(c);
          case 'let*': return this.letStarForm(c);
          case 'module': return this.moduleForm(c);
          case 'interface': return this.interfaceForm(c);
          default: throw syntaxError(head.info, 'Expected: top-level form (use, let[*], module, interface)');
        }
      }
    }
    return this.valueLevel(e);
  }

  valueLevel(e: Exp): Term {
    switch (e.tag) {
      case 'lit': return { t: 'lit', value: literalValue(e), info: e.info };
      case 'atom': return this.varAtom(e);
      case 'sep': throw syntaxError(e.info, `Unexpected: ${e.sep}`);
      case 'list':
        if (e.delim === '[') return this.listLiteral(e);
        if (e.delim === '{') return this.objectLiteral(e);
        return this.sexp(e);
    }
  }

  private sexp(e: ListExp): Term {
    const c = new Cursor(e);
    const head = c.next();
    if (head.tag === 'atom' && head.parts.length === 1 && !head.dynamic && RESERVED.has(head.parts[0]!)) {
      switch (head.parts[0]) {
        case 'let': return this.letForm(c);
        case 'let*': return this.letStarForm(c);
        case 'with-capability': return this.withCapability(c, head);
        case 'lambda': return this.lambda(c);
        case 'cond': return this.condForm(c);
        case 'module': case 'interface':
          throw syntaxError(head.info, 'Expected: value level form (let, let*, with-capability, cond)');
        default: throw syntaxError(head.info, 'Expected: value level form (let, let*, with-capability, cond)');
      }
    }
    return this.app(c, head);
  }

  private app(c: Cursor, head: Exp): Term {
    if (head.tag !== 'atom') throw syntaxError(head.info, 'Expected: bareword or qualified atom');
    const fn = this.varAtom(head);
    const args: Term[] = [];
    while (!c.done) {
      const e = c.peek()!;
      if (e.tag === 'list' && e.delim === '{' && isBindingList(e)) {
        c.next();
        args.push(this.bindingForm(e, c));
      } else args.push(this.valueLevel(c.next()));
    }
    return { t: 'app', fn, args, info: c.list.info };
  }

  /// `{ "col" := var, ... }` followed by the rest of the application as its body.
  private bindingForm(e: ListExp, c: Cursor): Term {
    const pairs: BindPair[] = [];
    const bc = new Cursor(e);
    for (;;) {
      const col = this.valueLevel(bc.next());
      expectSep(bc, ':=');
      pairs.push({ arg: this.arg(bc), value: col });
      // As in Pact, a pair without its comma ends the bindings; the rest is ignored.
      const s = bc.peek();
      if (s === undefined || s.tag !== 'sep' || s.sep !== ',') break;
      bc.next();
    }
    const body = c.rest().map((x) => this.valueLevel(x));
    if (body.length === 0) throw syntaxError(c.endInfo(), 'Unexpected end of input');
    return { t: 'binding', pairs, body, info: e.info };
  }

  private varAtom(e: Exp): Term {
    if (e.tag !== 'atom') throw syntaxError(e.info, 'Expected: bareword or qualified atom');
    for (const p of e.parts) checkReserved(p, e.info);
    const info = e.info;
    if (e.dynamic) return { t: 'dyn', ref: e.parts[0]!, member: e.parts[1]!, info };
    switch (e.parts.length) {
      case 1: return { t: 'var', name: { name: e.parts[0]!, module: null, ns: null, info }, info };
      case 2: return { t: 'var', name: { name: e.parts[1]!, module: e.parts[0]!, ns: null, info }, info };
      case 3: return { t: 'var', name: { name: e.parts[2]!, module: e.parts[1]!, ns: e.parts[0]!, info }, info };
      default: throw syntaxError(info, 'Expected: bareword or qualified atom');
    }
  }

  private listLiteral(e: ListExp): Term {
    const c = new Cursor(e);
    const items: Term[] = [];
    const commas = e.items[1]?.tag === 'sep' && e.items[1].sep === ',';
    // Pact's parser stops where the list stops looking like one (a separator between plain
    // items, an item without its comma) and silently drops the rest, as deployed code relies on.
    while (!c.done) {
      const next = c.peek()!;
      if (!commas && next.tag === 'sep') break;
      if ((!commas || items.length === 0) && notAnObject(next)) break;
      items.push(this.valueLevel(c.next()));
      if (commas && !c.done) {
        const s = c.peek()!;
        if (s.tag !== 'sep' || s.sep !== ',') break;
        c.next();
      }
    }
    return { t: 'list', items, type: tyList(this.freshTyVar()), info: e.info };
  }

  private objectLiteral(e: ListExp): Term {
    const c = new Cursor(e);
    const pairs: Array<readonly [string, Term]> = [];
    while (!c.done) {
      const k = c.next();
      if (k.tag !== 'lit' || k.lit.kind !== 'string') throw syntaxError(k.info, 'Expected: string literal');
      expectSep(c, ':');
      pairs.push([k.lit.value, this.valueLevel(c.next())]);
      if (!c.done) expectSep(c, ',');
    }
    return { t: 'object', pairs, info: e.info };
  }

  private withCapability(c: Cursor, head: Exp): Term {
    const capExp = c.next();
    if (capExp.tag !== 'list' || capExp.delim !== '(') throw syntaxError(capExp.info, 'Expected: (');
    const cc = new Cursor(capExp);
    const cap = this.app(cc, cc.next());
    const body = c.rest().map((x) => this.valueLevel(x));
    if (body.length === 0) throw syntaxError(c.endInfo(), 'Unexpected end of input');
    const fn: Term = { t: 'var', name: { name: 'with-capability', module: null, ns: null, info: head.info }, info: head.info };
    const bodyList: Term = { t: 'list', items: body, type: tyAny, info: body[0]!.info };
    return { t: 'app', fn, args: [cap, bodyList], info: c.list.info };
  }

  private lambda(c: Cursor): Term {
    // Pact's internal name (a backtick cannot appear in a Pact name); the checker shows it.
    const name = `\`af${this.fresh++}`;
    const ret = this.freshTyVar();
    const args = this.argList(c);
    const body = this.body(c);
    return { t: 'lambda', name, args, ret, body, info: c.list.info };
  }

  private condForm(c: Cursor): Term {
    const conds: Array<[Term, Term]> = [];
    while (c.items.length - c.i > 1) {
      const pair = c.next();
      if (pair.tag !== 'list' || pair.delim !== '(') throw syntaxError(pair.info, 'Expected: (');
      const pc = new Cursor(pair);
      // As in Pact, anything after the two expressions is ignored.
      conds.push([this.valueLevel(pc.next()), this.valueLevel(pc.next())]);
    }
    if (conds.length === 0) throw syntaxError(c.endInfo(), 'Unexpected end of input');
    const info = c.list.info;
    const ifVar: Term = { t: 'var', name: { name: 'if', module: null, ns: null, info }, info };
    return conds.reduceRight<Term>(
      (otherwise, [test, then]) => ({ t: 'app', fn: ifVar, args: [test, then, otherwise], info }),
      this.valueLevel(c.next()),
    );
  }

  private letBindings(c: Cursor): BindPair[] {
    const e = c.next();
    if (e.tag !== 'list' || e.delim !== '(') throw syntaxError(e.info, 'Expected: (');
    if (e.items.length === 0) throw syntaxError(e.info, 'Unexpected end of input');
    return e.items.map((b) => {
      if (b.tag !== 'list' || b.delim !== '(') throw syntaxError(b.info, 'Expected: (');
      const bc = new Cursor(b);
      const arg = this.arg(bc);
      // As in Pact, anything after the bound expression is ignored.
      const value = this.valueLevel(bc.next());
      return { arg, value };
    });
  }

  private letForm(c: Cursor): Term {
    const pairs = this.letBindings(c);
    return { t: 'let', pairs, body: this.body(c), info: c.list.info };
  }

  /// `let*` nests one single-binding `let` per binding.
  private letStarForm(c: Cursor): Term {
    const pairs = this.letBindings(c);
    const body = this.body(c);
    const info = c.list.info;
    return pairs.reduceRight<readonly Term[]>((inner, pair) => [{ t: 'let', pairs: [pair], body: inner, info }], body)[0]!;
  }

  private body(c: Cursor): Term[] {
    if (c.done) throw syntaxError(c.endInfo(), 'Unexpected end of input');
    return c.rest().map((x) => this.valueLevel(x));
  }

  private useForm(c: Cursor): UseTerm {
    const module = this.moduleName(c.next());
    let hash: string | null = null;
    let imports: string[] | null = null;
    let e = c.peek();
    if (e?.tag === 'lit' && e.lit.kind === 'string') {
      hash = e.lit.value;
      c.next();
      e = c.peek();
    }
    if (e?.tag === 'list' && e.delim === '[') {
      c.next();
      imports = e.items.map((x) => {
        if (x.tag !== 'atom' || x.parts.length !== 1) throw syntaxError(x.info, 'Expected: bare atom');
        return x.parts[0]!;
      });
    }
    if (!c.done) throw syntaxError(c.peek()!.info, 'Expected: end of input');
    return { t: 'use', module, hash, imports, info: c.list.info };
  }

  /// `mod` or `ns.mod`.
  private moduleName(e: Exp): Name {
    if (e.tag !== 'atom' || e.dynamic) throw syntaxError(e.info, 'Expected: qualified module name reference');
    for (const p of e.parts) checkReserved(p, e.info);
    if (e.parts.length === 1) return { name: e.parts[0]!, module: null, ns: null, info: e.info };
    if (e.parts.length === 2) return { name: e.parts[1]!, module: null, ns: e.parts[0]!, info: e.info };
    throw syntaxError(e.info, 'Expected: qualified module name reference');
  }

  private moduleForm(c: Cursor): ModuleTerm {
    const name = this.bareName(c.next());
    const govExp = c.next();
    let governance: ModuleTerm['governance'];
    if (govExp.tag === 'lit' && govExp.lit.kind === 'string') governance = { keyset: govExp.lit.value };
    else if (govExp.tag === 'atom' && govExp.parts.length === 1 && !govExp.dynamic) {
      checkReserved(govExp.parts[0]!, govExp.info);
      governance = { cap: govExp.parts[0]!, info: govExp.info };
    } else throw syntaxError(govExp.info, 'Expected: keyset name or capability');
    const meta = this.meta(c, true);
    const defs: DefTerm[] = [];
    const blessed: string[] = [];
    const impls: Name[] = [];
    if (c.done) throw syntaxError(c.endInfo(), 'Unexpected end of input');
    while (!c.done) {
      const e = c.next();
      const form = formHead(e);
      if (form === null) throw syntaxError(e.info, 'Expected: module level form (use, def..., special form)');
      const fc = new Cursor(e as ListExp);
      fc.next();
      switch (form) {
        case 'bless': blessed.push(this.hashLiteral(fc)); break;
        case 'implements': impls.push(this.moduleName(fc.next())); break;
        case 'module': case 'interface': throw syntaxError(e.info, 'Invalid nested module or interface');
        default: defs.push(this.moduleDef(form, fc, e.info, false));
      }
    }
    return { t: 'module', name, governance, meta, code: pactCodeText(c.list.info, this.unit), defs, blessed, implements: impls, info: c.list.info };
  }

  private interfaceForm(c: Cursor): InterfaceTerm {
    const name = this.bareName(c.next());
    const meta = this.meta(c, true);
    const defs: DefTerm[] = [];
    if (c.done) throw syntaxError(c.endInfo(), 'Unexpected end of input');
    while (!c.done) {
      const e = c.next();
      const form = formHead(e);
      if (form === 'module' || form === 'interface') throw syntaxError(e.info, 'invalid nested interface or module');
      if (form === null || !['defun', 'defconst', 'use', 'defpact', 'defschema', 'defcap'].includes(form)) {
        throw syntaxError(e.info, `Invalid interface declaration: "${form ?? ''}"`);
      }
      const fc = new Cursor(e as ListExp);
      fc.next();
      defs.push(this.moduleDef(form, fc, e.info, true));
    }
    return { t: 'interface', name, meta, code: pactCodeText(c.list.info, this.unit), defs, info: c.list.info };
  }

  private moduleDef(form: string, c: Cursor, info: Info, signature: boolean): DefTerm {
    switch (form) {
      case 'use': return this.useForm(c);
      case 'defun': return this.defunOrCap('defun', c, signature);
      case 'defcap': return this.defunOrCap('defcap', c, signature);
      case 'defpact': return signature ? this.defunOrCap('defpact', c, true) : this.defpact(c);
      case 'defconst': {
        const arg = this.arg(c);
        const value = this.valueLevel(c.next());
        const meta = this.meta(c, false);
        this.expectEnd(c);
        return { t: 'const', arg, value, meta, info: c.list.info };
      }
      case 'defschema': {
        const name = this.bareName(c.next());
        const meta = this.meta(c, true);
        const fields: Arg[] = [];
        while (!c.done) fields.push(this.arg(c));
        return { t: 'schema', name, fields, meta, info: c.list.info };
      }
      case 'deftable': {
        const name = this.bareName(c.next());
        let type: Type = tyAny;
        if (c.peek()?.tag === 'sep') {
          type = this.typed(c);
          if (type.t !== 'user') throw syntaxError(c.list.info, 'Expected: user type');
        }
        const meta = this.meta(c, false);
        this.expectEnd(c);
        return { t: 'table', name, type, meta, info: c.list.info };
      }
      default: throw syntaxError(info, 'Expected: module level form (use, def..., special form)');
    }
  }

  private defunOrCap(kind: DefKind, c: Cursor, signature: boolean): DefTerm {
    const name = this.bareName(c.next());
    const ret = this.typedOrFresh(c);
    const args = this.argList(c);
    const meta = this.meta(c, true);
    const defcapMeta = kind === 'defcap' ? this.defcapMeta(c) : null;
    const body = signature ? [] : this.body(c);
    if (signature) this.expectEnd(c);
    return { t: 'def', kind, name, args, ret, body, steps: [], meta, defcapMeta, info: c.list.info };
  }

  private defpact(c: Cursor): DefTerm {
    const name = this.bareName(c.next());
    const ret = this.typedOrFresh(c);
    const args = this.argList(c);
    const meta = this.meta(c, true);
    if (c.done) throw syntaxError(c.endInfo(), 'Unexpected end of input');
    const steps = c.rest().map((e) => this.step(e));
    if (steps[steps.length - 1]!.rollback !== null) {
      throw syntaxError(c.list.info, "rollbacks aren't allowed on the last step (the last step can never roll back -- once it's executed the pact is complete)");
    }
    return { t: 'def', kind: 'defpact', name, args, ret, body: [], steps, meta, defcapMeta: null, info: c.list.info };
  }

  private step(e: Exp): Step {
    const form = formHead(e);
    if (form !== 'step' && form !== 'step-with-rollback') throw syntaxError(e.info, 'Expected: step or step-with-rollback');
    const c = new Cursor(e as ListExp);
    c.next();
    const first = c.peek();
    const model = first?.tag === 'atom' && first.parts.length === 1 && first.parts[0] === '@model' ? this.model(c) : [];
    const terms = c.rest().map((x) => this.valueLevel(x));
    const want = form === 'step' ? [1, 2] : [2, 3];
    if (!want.includes(terms.length)) throw syntaxError(e.info, terms.length < want[0]! ? 'Unexpected end of input' : 'Expected: end of input');
    const hasEntity = terms.length === want[1];
    const entity = hasEntity ? terms[0]! : null;
    const exec = terms[hasEntity ? 1 : 0]!;
    const rollback = form === 'step-with-rollback' ? terms[terms.length - 1]! : null;
    return { entity, exec, rollback, model, info: e.info };
  }

  private defcapMeta(c: Cursor): DefcapMeta | null {
    const e = c.peek();
    if (e?.tag !== 'atom' || e.parts.length !== 1) return null;
    if (e.parts[0] === '@event') {
      c.next();
      return { kind: 'event' };
    }
    if (e.parts[0] !== '@managed') return null;
    c.next();
    const p = c.items[c.i];
    const m = c.items[c.i + 1];
    if (p?.tag === 'atom' && p.parts.length === 1 && !RESERVED.has(p.parts[0]!) && m?.tag === 'atom' && m.parts.length === 1) {
      c.i += 2;
      return { kind: 'managed', param: p.parts[0]!, manager: { name: m.parts[0]!, module: null, ns: null, info: m.info } };
    }
    return { kind: 'auto' };
  }

  /// A docstring, or `@doc "..."` and/or `@model [...]` in either order.
  private meta(c: Cursor, modelAllowed: boolean): Meta {
    const e = c.peek();
    if (e?.tag === 'lit' && e.lit.kind === 'string') {
      c.next();
      return { docs: e.lit.value, model: [] };
    }
    let docs: string | null = null;
    let model: readonly Exp[] | null = null;
    let seen = 0;
    for (;;) {
      const a = c.peek();
      if (a?.tag !== 'atom' || a.parts.length !== 1) break;
      if (a.parts[0] === '@doc' && docs === null) {
        c.next();
        const s = c.next();
        if (s.tag !== 'lit' || s.lit.kind !== 'string') throw syntaxError(s.info, 'Expected: string literal');
        docs = s.lit.value;
      } else if (a.parts[0] === '@model' && model === null) {
        if (!modelAllowed) throw syntaxError(a.info, 'Unexpected: @model not allowed in this declaration');
        model = this.model(c);
      } else break;
      seen++;
    }
    return seen === 0 ? noMeta : { docs, model: model ?? [] };
  }

  /// `@model [...]` (the cursor at `@model`): its expressions.
  private model(c: Cursor): readonly Exp[] {
    c.next();
    const l = c.next();
    if (l.tag !== 'list' || l.delim !== '[') throw syntaxError(l.info, 'Expected: [');
    return l.items;
  }

  private argList(c: Cursor): Arg[] {
    const e = c.next();
    if (e.tag !== 'list' || e.delim !== '(') throw syntaxError(e.info, 'Expected: (');
    const ac = new Cursor(e);
    const args: Arg[] = [];
    // As in Pact, the arguments end at the first item that is not a name; the rest is ignored.
    while (!ac.done && ac.peek()!.tag === 'atom') args.push(this.arg(ac));
    return args;
  }

  private arg(c: Cursor): Arg {
    const e = c.next();
    const name = this.bareName(e);
    return { name, type: this.typedOrFresh(c), info: e.info };
  }

  private bareName(e: Exp): string {
    if (e.tag !== 'atom' || e.parts.length !== 1 || e.dynamic) throw syntaxError(e.info, 'Expected: bare atom');
    checkReserved(e.parts[0]!, e.info);
    return e.parts[0]!;
  }

  private typedOrFresh(c: Cursor): Type {
    const e = c.peek();
    return e?.tag === 'sep' && e.sep === ':' ? this.typed(c) : this.freshTyVar();
  }

  private typed(c: Cursor): Type {
    expectSep(c, ':');
    return this.parseType(c);
  }

  private parseType(c: Cursor): Type {
    const e = c.next();
    if (e.tag === 'list' && e.delim === '[') {
      // Pact reads the element type and ignores the rest (`[object:{s}]` is a list of objects).
      return tyList(this.parseType(new Cursor(e)));
    }
    if (e.tag === 'list' && e.delim === '{') return this.userType(e);
    if (e.tag !== 'atom' || e.parts.length !== 1) throw syntaxError(e.info, 'Expected: type');
    const prims: Record<string, Type> = {
      integer: tyInteger, decimal: tyDecimal, time: tyTime, bool: tyBool, string: tyString,
      list: tyList(tyAny), keyset: tyKeySet, guard: tyGuard,
    };
    const word = e.parts[0]!;
    if (word === 'object' || word === 'table') {
      const next = c.peek();
      const schema = next?.tag === 'list' && next.delim === '{' ? this.userType(c.next() as ListExp) : tyAny;
      return { t: 'schema', kind: word, schema, partial: null };
    }
    if (word === 'module') {
      const next = c.next();
      if (next.tag !== 'list' || next.delim !== '{') throw syntaxError(next.info, 'Expected: {');
      const mc = new Cursor(next);
      const ifaces: string[] = [];
      for (;;) {
        const n = this.moduleName(mc.next());
        ifaces.push(n.ns === null ? n.name : `${n.ns}.${n.name}`);
        if (mc.done) break;
        expectSep(mc, ',');
      }
      return { t: 'module', ifaces };
    }
    const prim = prims[word];
    if (prim === undefined) throw syntaxError(e.info, 'Expected: type');
    return prim;
  }

  /// `{schema}` / `{mod.schema}`: resolved to the schema's fields when linked.
  private userType(e: ListExp): Type {
    const c = new Cursor(e);
    const v = c.next();
    if (v.tag !== 'atom') throw syntaxError(v.info, 'Expected: bareword or qualified atom');
    return { t: 'user', schema: { name: v.parts.join('.'), fields: [] } };
  }

  private hashLiteral(c: Cursor): string {
    const e = c.next();
    if (e.tag !== 'lit' || e.lit.kind !== 'string') throw syntaxError(e.info, 'Expected: string literal');
    return e.lit.value;
  }

  private expectEnd(c: Cursor): void {
    if (!c.done) throw syntaxError(c.peek()!.info, 'Expected: end of input');
  }
}

function literalValue(e: Extract<Exp, { tag: 'lit' }>): PactValue {
  const lit = e.lit;
  switch (lit.kind) {
    case 'integer': return lit.value;
    case 'decimal': return Decimal.parse(lit.text)!;
    case 'string': return lit.value;
    case 'bool': return lit.value;
  }
}

function checkReserved(name: string, info: Info): void {
  if (RESERVED.has(name)) throw syntaxError(info, 'Unexpected: reserved word');
}

/// A `{...}` that is neither an object literal (string keys) nor a binding: Pact's parser
/// backs out of it without an error, so a list literal ends there.
function notAnObject(e: Exp): boolean {
  if (e.tag !== 'list' || e.delim !== '{' || e.items.length === 0 || isBindingList(e)) return false;
  const key = e.items[0]!;
  return key.tag !== 'lit' || key.lit.kind !== 'string';
}

function expectSep(c: Cursor, sep: ':' | ':=' | ','): void {
  const e = c.next();
  if (e.tag !== 'sep' || e.sep !== sep) throw syntaxError(e.info, `Expected: ${sep}`);
}

/// The reserved word heading a parenthesised form, or null.
function formHead(e: Exp): string | null {
  if (e.tag !== 'list' || e.delim !== '(') return null;
  const h = e.items[0];
  if (h?.tag !== 'atom' || h.parts.length !== 1 || h.dynamic || !RESERVED.has(h.parts[0]!)) return null;
  return h.parts[0]!;
}

/// A `{ ... }` whose second item is `:=` is a binding form, not an object literal.
function isBindingList(e: ListExp): boolean {
  return e.items.some((x) => x.tag === 'sep' && x.sep === ':=');
}

/// Pact's fresh type-variable names: a..z, then two letters, then a letter and a number.
export function typeVarName(n: number): string {
  const letter = (i: number) => String.fromCharCode(97 + i);
  if (n < 26) return letter(n);
  if (n <= 26 * 26) return letter(Math.floor(n / 26) - 1) + letter(n % 26);
  return letter(n % 26) + String(Math.floor((n - 26 * 26) / 26));
}
