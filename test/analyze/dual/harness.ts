/// Dual evaluation (after Pact's `testDualEvaluation`, tests/AnalyzePropertiesSpec.hs): a term is
/// evaluated by the interpreter (in-process, as the REPL does) and analysed by `verify` (also
/// in-process, through the REPL's `verify`: the real code path, Z3 included). The term becomes
/// a function of a module, and its model says what the interpreter found:
///
/// - a value `v`: `(property (= result v))`, which needs the function to be able to succeed (a
///   property of a function that always fails is reported vacuous) and to return `v` whenever
///   it does;
/// - an error: `(fails-when true)`, the function always fails.
///
/// Either holds exactly when `verify` reports nothing for the function. Many terms share one
/// module; a failure that stops the whole module's verification (a construct the analysis cannot
/// translate) is pinned on its function, and the others are verified again without it.
import { Repl } from '../../../src/repl/repl.ts';
import type { Output } from '../../../src/repl/repl.ts';
import { parse } from '../../../src/syntax/reader.ts';
import { compileTopLevel } from '../../../src/lang/compile.ts';
import { evalTopLevel } from '../../../src/lang/link.ts';
import { HaskellException, PactError } from '../../../src/lang/errors.ts';
import { Decimal } from '../../../src/values/decimal.ts';
import { PList } from '../../../src/values/value.ts';
import type { Expr, Ty } from './gen.ts';
import { pactString, render, shrinks, showTy } from './gen.ts';

/// What the interpreter made of a term: a value (and it as a Pact literal), or its error.
export type Concrete = { readonly ok: true; readonly value: unknown; readonly literal: string } | { readonly ok: false; readonly error: string };

/// A term as the function body both sides evaluate: times become their distance in seconds from
/// the Unix epoch, as properties have no time literals.
export function body(e: Expr): { text: string; ty: Ty } {
  const epoch = '(time "1970-01-01T00:00:00Z")';
  if (e.ty === 'time') return { text: `(diff-time ${render(e)} ${epoch})`, ty: 'decimal' };
  if (typeof e.ty !== 'string' && e.ty.list === 'time') {
    return { text: `(map (lambda (t:time) (diff-time t ${epoch})) ${render(e)})`, ty: { list: 'decimal' } };
  }
  return { text: render(e), ty: e.ty };
}

const quiet: Output = { stdout() {}, stderr() {} };
let interpreter: Repl | null = null;

/// Evaluates Pact text with the interpreter.
export function interpret(text: string): Concrete {
  interpreter ??= new Repl('script', quiet);
  try {
    const [exp] = parse(text, 'term');
    const v = evalTopLevel(interpreter.ctx, compileTopLevel(exp!));
    return { ok: true, value: v, literal: literalOf(v) };
  } catch (e) {
    // The REPL reports Haskell's own exceptions as errors too (`mod` by zero), and the engine's
    // limits (an integer too large).
    if (e instanceof PactError || e instanceof HaskellException || e instanceof RangeError) return { ok: false, error: e.message };
    throw e;
  }
}

function literalOf(v: unknown): string {
  if (typeof v === 'bigint' || typeof v === 'boolean') return `${v}`;
  if (typeof v === 'string') return pactString(v);
  if (v instanceof Decimal) return v.toString();
  if (v instanceof PList) return `[${v.items.map(literalOf).join(' ')}]`;
  throw new Error(`no literal for ${String(v)}`);
}

/// What a function must satisfy for `value`, the interpreter's value of `result` there.
function agreement(value: string, result: string): string {
  return value === '[]' ? `(= (length ${result}) 0)` : `(= ${result} ${value})`;
}

/// What `verify` said of one function: nothing (it agrees with the interpreter), or its lines.
export interface Verdict {
  readonly term: Expr;
  readonly concrete: Concrete;
  /// The failures `verify` reported for the function (empty: the two sides agree).
  readonly failures: readonly string[];
  readonly warnings: readonly string[];
}

interface Case {
  readonly term: Expr;
  readonly concrete: Concrete;
}

/// How many terms the interpreter gave values for share a function: it returns an object of
/// them, and one pair of solver queries checks them all.
const BATCH = 8;

const FILE = 'dual.repl';
/// The line of the first function in a module's text (each function has a line of its own).
const FIRST_LINE = 3;

/// Function `i` of a module, with its schema when it returns several terms' values.
function functionText(group: readonly Case[], i: number): string {
  const [first] = group;
  if (group.length === 1) {
    const b = body(first!.term);
    const model = first!.concrete.ok ? `(property ${agreement(first!.concrete.literal, 'result')})` : '(fails-when true)';
    return `  (defun c${i}:${showTy(b.ty)} () @model [${model}] ${b.text})`;
  }
  const bodies = group.map((c) => body(c.term));
  const fields = bodies.map((b, j) => `f${j}:${showTy(b.ty)}`).join(' ');
  const agreements = group.map((c, j) => agreement((c.concrete as { literal: string }).literal, `(at 'f${j} result)`));
  const all = agreements.reduceRight((acc, a) => `(and ${a} ${acc})`);
  const obj = bodies.map((b, j) => `'f${j}: ${b.text}`).join(', ');
  return `  (defschema r${i} ${fields}) (defun c${i}:object{r${i}} () @model [(property ${all})] { ${obj} })`;
}

/// One rendered line of `verify`'s output, by the line it is located at (null: no location).
interface Entry {
  readonly line: number | null;
  readonly failure: boolean;
  readonly text: string;
}

function runVerify(groups: ReadonlyArray<readonly Case[]>): Entry[] {
  const text = ['(module dual G', '  (defcap G () true)', ...groups.map(functionText), ')', '(verify "dual")'].join('\n');
  let err = '';
  const repl = new Repl('script', { stdout() {}, stderr: (t) => (err += t) });
  // `verify` itself failing (or the module not loading) names no function.
  if (!repl.runSource(text, FILE)) return [{ line: null, failure: true, text: err.trimEnd() }];
  const entries: Entry[] = [];
  // (A trace's values may hold line breaks: an entry starts only where a line says it does.)
  for (const piece of err.split(/^(?=(?:dual\.repl:\d+:\d+)?:Output(?:Failure|Warning): )/m).filter((p) => p !== '')) {
    const m = /^(?:dual\.repl:(\d+):\d+)?:Output(Failure|Warning): /.exec(piece);
    if (m === null) throw new Error(`unexpected verify output: ${piece}`);
    entries.push({ line: m[1] === undefined ? null : Number(m[1]), failure: m[2] === 'Failure', text: piece.slice(m[0].length).trimEnd() });
  }
  return entries;
}

/// A check's own verdict (the others stop the module or the function before any check).
const CHECK_VERDICT = /^(Invalidating model found|Vacuous property encountered|The solver returned)/;

/// What `verify` said of each function of a module made of `groups`. A failure that stops the
/// whole module is its function's, and the others are verified again without it; one that
/// names no function is found by verifying halves of the module apart.
function verifyGroups(groups: ReadonlyArray<readonly Case[]>): Entry[][] {
  const out: Array<Entry[] | undefined> = [];
  let pending = groups.map((_, i) => i);
  while (pending.length > 0) {
    const entries = runVerify(pending.map((i) => groups[i]!));
    const at = (e: Entry) => (e.line === null ? -1 : e.line - FIRST_LINE);
    if (pending.length > 1 && entries.some((e) => at(e) < 0 || at(e) >= pending.length)) {
      const half = Math.ceil(pending.length / 2);
      for (const part of [pending.slice(0, half), pending.slice(half)]) {
        verifyGroups(part.map((i) => groups[i]!)).forEach((es, j) => (out[part[j]!] = es));
      }
      break;
    }
    const stopped = entries.some((e) => e.failure && !CHECK_VERDICT.test(e.text));
    pending.forEach((g, j) => {
      const mine = pending.length === 1 ? entries : entries.filter((e) => at(e) === j);
      if (!stopped || mine.length > 0) out[g] = mine;
    });
    pending = pending.filter((g) => out[g] === undefined);
  }
  return out as Entry[][];
}

/// Verifies many terms at once: each term's verdict. Terms the interpreter evaluated share
/// functions `batch` at a time; a function that disagrees is verified again term by term.
export function dualEvaluate(terms: readonly Expr[], batch = BATCH): Verdict[] {
  const cases: Case[] = terms.map((term) => ({ term, concrete: interpret(body(term).text) }));
  const groups: number[][] = [];
  let open: number[] = [];
  cases.forEach((c, i) => {
    if (!c.concrete.ok) groups.push([i]);
    else if (open.push(i) === batch) [groups[groups.length], open] = [open, []];
  });
  if (open.length > 0) groups.push(open);
  const verdicts: Verdict[] = [];
  verifyGroups(groups.map((g) => g.map((i) => cases[i]!))).forEach((entries, k) => {
    const group = groups[k]!;
    const failures = entries.filter((e) => e.failure).map((e) => e.text);
    if (group.length === 1) {
      const c = cases[group[0]!]!;
      verdicts[group[0]!] = { ...c, failures, warnings: entries.filter((e) => !e.failure).map((e) => e.text) };
      return;
    }
    if (failures.length === 0) {
      for (const i of group) verdicts[i] = { ...cases[i]!, failures: [], warnings: [] };
      return;
    }
    const alone = dualEvaluate(group.map((i) => cases[i]!.term), 1);
    if (alone.every((v) => v.failures.length === 0)) {
      throw new Error(`terms that agree one by one disagree together:\n${functionText(group.map((i) => cases[i]!), 0)}\n${failures.join('\n')}`);
    }
    alone.forEach((v, j) => (verdicts[group[j]!] = v));
  });
  return verdicts;
}

/// The kind of a disagreement, kept while shrinking: the failure's first line up to its first
/// bracket's word (so a shrunk term fails for the same reason).
export function kind(v: Verdict): string {
  // (Without numbers: function names, node ids.)
  const first = (v.failures[0]?.split('\n')[0] ?? '').replace(/\d+/g, '');
  return `${v.concrete.ok}:${/^[^([]*[([]?[^\s()[\]]*/.exec(first)![0]}`;
}

/// The smallest term found that disagrees as `v` does (greedy: the first smaller term that
/// still disagrees the same way, until none does), within `budget` verifications.
export function shrink(v: Verdict, budget = 150): Verdict {
  const want = kind(v);
  let best = v;
  let tries = 0;
  for (let improved = true; improved && tries < budget;) {
    improved = false;
    for (const candidate of shrinks(best.term)) {
      if (++tries > budget) break;
      const [r] = dualEvaluate([candidate]);
      if (r!.failures.length > 0 && kind(r!) === want) {
        best = r!;
        improved = true;
        break;
      }
    }
  }
  return best;
}

/// A disagreement as text: the term, the interpreter's answer, verify's.
export function explain(v: Verdict): string {
  return [
    `term: ${render(v.term)}`,
    `interpreter: ${v.concrete.ok ? v.concrete.literal : `error: ${v.concrete.error}`}`,
    `verify: ${v.failures.join('\n')}`,
  ].join('\n');
}
