/// Symbolic evaluation into SMT-LIB text (Pact's `Eval/Term.hs`, `Eval/Prop.hs` and
/// `Eval/Numerical.hs`, emitting Z3's input where Pact builds SBV values). A function's run
/// becomes a list of definitions: its arguments are free constants, every value a trace shows is a
/// named definition (read back from the model), and the transaction's success is the conjunction
/// of each `enforce` (and each division's non-zero divisor) on the path that reaches it, which is
/// what Pact's merging of both branches' states amounts to.
import { DECIMAL_ONE } from './lang.ts';
import type { Lit, Op, Prop, Term, Ty } from './lang.ts';
import { termTy } from './lang.ts';
import type { Translated } from './translate.ts';
import { AnalysisFailure } from './translate.ts';

export function sortOf(ty: Ty): string {
  return ty === 'bool' ? 'Bool' : ty === 'string' ? 'String' : 'Int';
}

/// Helpers every script starts with: Haskell's `div`/`mod` (rounding to -infinity; SMT-LIB's are
/// Euclidean) and Pact's banker's rounding division for decimals (`roundingDiv`).
const PRELUDE = [
  '(define-fun hdiv ((x Int) (y Int)) Int (ite (or (> y 0) (= (mod x y) 0)) (div x y) (- (div x y) 1)))',
  '(define-fun hmod ((x Int) (y Int)) Int (- x (* y (hdiv x y))))',
  '(define-fun rdiv ((x Int) (y Int)) Int (let ((w (hdiv x y)) (f (abs (hmod x y))))' +
    ' (+ w (ite (or (> (* 2 f) (abs y)) (and (= (* 2 f) (abs y)) (not (= (hmod w 2) 0)))) 1 0))))',
  `(define-fun one () Int ${DECIMAL_ONE})`,
];

export function smtLit(l: Lit): string {
  switch (l.ty) {
    case 'bool': return l.value ? 'true' : 'false';
    case 'string': return smtString(l.value);
    default: return l.value < 0n ? `(- ${-l.value})` : `${l.value}`;
  }
}

/// An SMT-LIB string literal: `"` doubled; characters outside printable ASCII as `\u{…}`.
function smtString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '""';
    else if (c >= 0x20 && c < 0x7f && ch !== '\\') out += ch;
    else out += `\\u{${c.toString(16)}}`;
  }
  return `${out}"`;
}

/// An operator applied to SMT-LIB operands of type `ty` (the operands' type for comparisons).
function applyOp(op: Op, ty: Ty, xs: readonly string[]): string {
  const [a, b] = xs;
  const str = ty === 'string';
  switch (op) {
    case '+': return `(+ ${a} ${b})`;
    case '-': return `(- ${a} ${b})`;
    case '*': return ty === 'decimal' ? `(rdiv (* ${a} ${b}) one)` : `(* ${a} ${b})`;
    case '/': return ty === 'decimal' ? `(rdiv (* ${a} one) ${b})` : `(hdiv ${a} ${b})`;
    case '^': case 'log': throw new AnalysisFailure(null, `unsupported decimal arithmetic op: ${op === '^' ? 'Pow' : 'Log'}`);
    case 'mod': return `(hmod ${a} ${b})`;
    case 'neg': return `(- ${a})`;
    case 'abs': return `(abs ${a})`;
    case '=': return `(= ${a} ${b})`;
    case '!=': return `(not (= ${a} ${b}))`;
    case '<': return str ? `(str.< ${a} ${b})` : `(< ${a} ${b})`;
    case '<=': return str ? `(str.<= ${a} ${b})` : `(<= ${a} ${b})`;
    case '>': return str ? `(str.< ${b} ${a})` : `(> ${a} ${b})`;
    case '>=': return str ? `(str.<= ${b} ${a})` : `(>= ${a} ${b})`;
    case 'and': return `(and ${a} ${b})`;
    case 'or': return `(or ${a} ${b})`;
    case 'not': return `(not ${a})`;
    case 'concat': return `(str.++ ${a} ${b})`;
    case 'length': return `(str.len ${a})`;
    case 'dec': return `(* ${a} one)`;
    case 'floor': return `(hdiv ${a} one)`;
    case 'ceiling': return `(- (hdiv (- ${a}) one))`;
    case 'round': return `(rdiv ${a} one)`;
  }
}

/// The operand type an operator works at: a comparison's is its operands', others their own.
function operandTy(args: readonly (Term | Prop)[], ty: Ty): Ty {
  return args.length > 0 ? termTy(args[0]!) : ty;
}

/// A function's run as SMT-LIB: its definitions, the names of its arguments, variables and tags
/// (for the model) and the transaction's success.
export interface Run {
  readonly script: string[];
  readonly args: ReadonlyMap<number, string>;
  readonly vars: ReadonlyMap<number, string>;
  readonly tags: ReadonlyMap<number, string>;
  readonly result: string;
  readonly tagTypes: ReadonlyMap<number, Ty>;
}

export function evalFunction(tr: Translated): Run {
  const ev = new TermEval();
  const env = new Map<number, string>();
  for (const a of tr.args) {
    const name = `a${a.vid}`;
    ev.script.push(`(declare-const ${name} ${sortOf(a.ty)})`);
    env.set(a.vid, name);
    ev.vars.set(a.vid, name);
  }
  ev.eval(tr.term, env, 'true');
  ev.script.push(`(define-fun success () Bool (and true ${ev.success.join(' ')}))`);
  return { script: ev.script, args: env, vars: ev.vars, tags: ev.tags, result: ev.tags.get(tr.resultTag)!, tagTypes: tr.tagTypes };
}

class TermEval {
  readonly script: string[] = [...PRELUDE];
  readonly vars = new Map<number, string>();
  readonly tags = new Map<number, string>();
  readonly success: string[] = [];
  private n = 0;

  private define(ty: Ty, expr: string, name = `d${this.n++}`): string {
    this.script.push(`(define-fun ${name} () ${sortOf(ty)} ${expr})`);
    return name;
  }

  private fails(path: string, cond: string): void {
    this.success.push(`(=> ${path} (not ${cond}))`);
  }

  eval(t: Term, env: ReadonlyMap<number, string>, path: string): string {
    switch (t.k) {
      case 'lit': return smtLit(t.lit);
      case 'var': return env.get(t.vid)!;
      case 'op': {
        const xs = t.args.map((a) => this.eval(a, env, path));
        if (t.op === '/' || t.op === 'mod') this.fails(path, `(= ${xs[1]} 0)`);
        return this.define(t.ty, applyOp(t.op, operandTy(t.args, t.ty), xs));
      }
      case 'if': {
        const c = this.define('bool', this.eval(t.cond, env, path), `t${t.tag}`);
        this.tags.set(t.tag, c);
        const a = this.eval(t.then, env, `(and ${path} ${c})`);
        const b = this.eval(t.else, env, `(and ${path} (not ${c}))`);
        return this.define(t.ty, `(ite ${c} ${a} ${b})`);
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
        const c = this.define('bool', this.eval(t.cond, env, path), `t${t.tag}`);
        this.tags.set(t.tag, c);
        this.success.push(`(=> ${path} ${c})`);
        return 'true';
      }
      case 'return': {
        const r = this.define(t.ty, this.eval(t.body, env, path), `t${t.tag}`);
        this.tags.set(t.tag, r);
        return r;
      }
    }
  }
}

/// A property as an SMT-LIB formula over a run (`result`, `success`, the arguments by id).
export function evalProp(p: Prop, run: Run, env: ReadonlyMap<number, string>): string {
  switch (p.k) {
    case 'lit': return smtLit(p.lit);
    case 'var': return env.get(p.vid)!;
    case 'result': return run.result;
    case 'success': return 'success';
    case 'abort': return '(not success)';
    case 'op': return applyOp(p.op, operandTy(p.args, p.ty), p.args.map((a) => evalProp(a, run, env)));
    case 'quantified': {
      const name = `q${p.vid}`;
      return `(${p.q} ((${name} ${sortOf(p.ty)})) ${evalProp(p.body, run, new Map(env).set(p.vid, name))})`;
    }
  }
}
