/// The SMT-LIB vocabulary the analysis writes: sorts, literals, the helper functions every
/// script starts with, and each operator of terms and properties as an SMT-LIB expression.
import { DECIMAL_ONE, DECIMAL_PLACES } from './lang.ts';
import type { ListTy, Lit, ObjTy, Op, Prop, Term, Ty } from './lang.ts';
import { isObj, showTy, termTy } from './lang.ts';
import { AnalysisFailure } from './translate.ts';
import type { Known } from './concrete.ts';

/// The sort of a value as one SMT-LIB term. Guards are opaque integers; `any` values are all the
/// integer 0 (Pact's `Any` has one value); an object is a datatype of its fields (Pact's objects
/// are SBV tuples), which the evaluator takes apart where it can (`state.ts` `Val`).
export function sortOf(ty: Ty): string {
  if (isObj(ty)) return objectSort(ty).name;
  if (typeof ty !== 'string') return `(Seq ${sortOf(ty.elem)})`;
  return ty === 'bool' ? 'Bool' : ty === 'string' ? 'String' : 'Int';
}

/// What a script may need declared before it, by name, in the order first needed (a datatype
/// after those of its fields, a list function after its elements' sort): the object datatypes
/// and the list functions of each element sort. Names end so that none is part of another.
const DECLARATIONS = new Map<string, string>();
const OBJECT_SORTS = new Map<string, { name: string; ctor: string; fields: readonly string[] }>();

/// An object type's datatype: `obj$N$`, made by `mk-obj$N$`, field `i` read by `obj$N$.i`.
function objectSort(ty: ObjTy): { name: string; ctor: string; fields: readonly string[] } {
  const key = tyKey(ty);
  const known = OBJECT_SORTS.get(key);
  if (known !== undefined) return known;
  const sorts = ty.fields.map(([, ft]) => sortOf(ft));
  const name = `obj$${OBJECT_SORTS.size}$`;
  const fields = sorts.map((_, i) => `${name}.${i}`);
  const sort = { name, ctor: `mk-${name}`, fields };
  OBJECT_SORTS.set(key, sort);
  DECLARATIONS.set(name, `(declare-datatypes ((${name} 0)) (((${sort.ctor}${sorts.map((s, i) => ` (${fields[i]} ${s})`).join('')}))))`);
  return sort;
}

/// A type's text, one for each type.
function tyKey(t: Ty): string {
  if (typeof t === 'string') return t;
  return t.k === 'list' ? `[${tyKey(t.elem)}]` : `{${t.fields.map(([n, ft]) => `${JSON.stringify(n)}:${tyKey(ft)}`).join(',')}}`;
}

/// An object as one term, from its fields' terms.
export function objectTerm(ty: ObjTy, fields: readonly string[]): string {
  const { ctor } = objectSort(ty);
  return fields.length === 0 ? ctor : `(${ctor} ${fields.join(' ')})`;
}

/// Each field of an object term (the accessors of its datatype).
export function objectFields(ty: ObjTy, x: string): string[] {
  return objectSort(ty).fields.map((f) => `(${f} ${x})`);
}

/// A sort as part of a name (no spaces or parentheses).
function sortName(ty: Ty): string {
  return typeof ty !== 'string' && ty.k === 'list' ? `seq<${sortName(ty.elem)}>` : sortOf(ty);
}

/// A recursive list function of lists of `elem`, declared on first use: `distinct` (the first `n`
/// elements' last occurrences, as Pact's bounded right fold keeps them) and `reverse`.
function listFunction(fn: 'distinct' | 'reverse', elem: Ty): string {
  const name = `list-${fn}<${sortName(elem)}>`;
  if (DECLARATIONS.has(name)) return name;
  const seq = sortOf({ k: 'list', elem });
  const rest = '(seq.extract l 1 (- (seq.len l) 1))';
  DECLARATIONS.set(name, fn === 'distinct'
    ? `(define-fun-rec ${name} ((l ${seq}) (n Int)) ${seq} (ite (or (= (seq.len l) 0) (<= n 0)) (as seq.empty ${seq})` +
      ` (let ((h (seq.nth l 0)) (r (${name} ${rest} (- n 1)))) (ite (seq.contains r (seq.unit h)) r (seq.++ (seq.unit h) r)))))`
    : `(define-fun-rec ${name} ((l ${seq})) ${seq} (ite (= (seq.len l) 0) l (seq.++ (${name} ${rest}) (seq.unit (seq.nth l 0)))))`);
  return name;
}

/// The declarations a script's lines use (and those they use), to put before them.
export function declarationsFor(lines: readonly string[]): string[] {
  const needed = new Set<string>();
  const visit = (text: string): void => {
    for (const [name, decl] of DECLARATIONS) {
      if (!needed.has(name) && text.includes(name)) {
        needed.add(name);
        visit(decl);
      }
    }
  };
  visit(lines.join('\n'));
  return [...DECLARATIONS].filter(([name]) => needed.has(name)).map(([, decl]) => decl);
}

/// Keysets: the registry's (by name) and the transaction's data (by name); the transaction's
/// other data. (Which guards pass is a slot of the database state: it changes between a
/// pact's steps.)
const GUARDS = [
  '(declare-fun registry (String) Int)',
  '(declare-fun tx-keyset (String) Int)',
  // The transaction's data read by name (`read-decimal`, `read-integer`, `read-string`).
  '(declare-fun tx-decimal (String) Int)',
  '(declare-fun tx-integer (String) Int)',
  '(declare-fun tx-string (String) String)',
  // A pact's id, and the entity running a private pact's step.
  '(declare-const pact-id String)',
  '(declare-const in-pact Bool)',
  // The guard capability and pact guards are (Pact's `trivial_guard`), and that of a module
  // governed by a capability (Pact's `cap_gov_guard`).
  '(declare-const trivial-guard Int)',
  '(declare-const cap-gov-guard Int)',
  '(declare-const entity String)',
];

/// Helpers every script starts with: Haskell's `div`/`mod` (rounding to -infinity; SMT-LIB's are
/// Euclidean; by zero, 0 and the dividend, as SBV defines them where SMT-LIB leaves them open)
/// and Pact's banker's rounding division for decimals (`roundingDiv`).
export const PRELUDE = [
  '(define-fun hdiv ((x Int) (y Int)) Int (ite (= y 0) 0 (ite (or (> y 0) (= (mod x y) 0)) (div x y) (- (div x y) 1))))',
  '(define-fun hmod ((x Int) (y Int)) Int (- x (* y (hdiv x y))))',
  '(define-fun rdiv ((x Int) (y Int)) Int (let ((w (hdiv x y)) (f (abs (hmod x y))))' +
    ' (+ w (ite (or (> (* 2 f) (abs y)) (and (= (* 2 f) (abs y)) (not (= (hmod w 2) 0)))) 1 0))))',
  `(define-fun one () Int ${DECIMAL_ONE})`,
  // Pact's `enumerate` (from, to, step): counting up or down by the step; a zero step, or one
  // that overshoots at once, gives just the start. A step away from the end fails (eval.ts),
  // and would count for ever: its list is empty.
  '(define-fun-rec enum-up ((b Int) (e Int) (s Int)) (Seq Int) (ite (<= b e) (seq.++ (seq.unit b) (enum-up (+ b s) e s)) (as seq.empty (Seq Int))))',
  '(define-fun-rec enum-down ((b Int) (e Int) (s Int)) (Seq Int) (ite (>= b e) (seq.++ (seq.unit b) (enum-down (+ b s) e s)) (as seq.empty (Seq Int))))',
  '(define-fun enumerate ((f Int) (t Int) (s Int)) (Seq Int) (ite (<= f t)' +
    ' (ite (or (= f t) (= s 0) (> (+ f s) t)) (seq.unit f) (ite (< s 0) (as seq.empty (Seq Int)) (enum-up f t s)))' +
    ' (ite (or (= s 0) (< (+ f s) t)) (seq.unit f) (ite (> s 0) (as seq.empty (Seq Int)) (enum-down f t s)))))',
  ...GUARDS,
];

export function smtLit(l: Lit): string {
  switch (l.ty) {
    case 'bool': return l.value ? 'true' : 'false';
    case 'string': return smtString(l.value);
    case 'empty-list': return `(as seq.empty (Seq ${sortOf(l.elem)}))`;
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
/// An ordering of two values: strings lexicographically, booleans false before true (SBV's
/// order), numbers and times numerically.
function ordered(op: '<' | '<=' | '>' | '>=', ty: Ty, a: string, b: string): string {
  const [lo, hi] = op === '<' || op === '<=' ? [a, b] : [b, a];
  const strict = !op.endsWith('=');
  if (ty === 'string') return `(str.${strict ? '<' : '<='} ${lo} ${hi})`;
  if (ty === 'bool') return `(${strict ? 'and' : 'or'} (not ${lo}) ${hi})`;
  if (isObj(ty)) return strict ? lexLess(ty, lo, hi) : `(or ${lexLess(ty, lo, hi)} (= ${lo} ${hi}))`;
  if (typeof ty !== 'string') throw unhandled(`ordering of lists (${showTy(ty)})`);
  return `(${strict ? '<' : '<='} ${lo} ${hi})`;
}

/// Objects (as terms) ordered as SBV orders tuples: field by field, the first differing decides.
function lexLess(ty: ObjTy, a: string, b: string): string {
  const xs = objectFields(ty, a);
  const ys = objectFields(ty, b);
  return ty.fields.reduceRight((rest, [, ft], i) =>
    `(or ${ordered('<', ft, xs[i]!, ys[i]!)} (and (= ${xs[i]} ${ys[i]}) ${rest}))`, 'false');
}

/// `=` of two values of type `ty`: lists as Pact's `ListEqNeq` compares them, by length and
/// their first ten elements.
function equal(ty: Ty, a: string, b: string): string {
  if (typeof ty === 'string' || ty.k !== 'list') return `(= ${a} ${b})`;
  return `(and (= (seq.len ${a}) (seq.len ${b})) (= ${firstOf(a)} ${firstOf(b)}))`;
}

/// The first `LIST_BOUND` elements of a list.
function firstOf(list: string): string {
  return `(seq.extract ${list} 0 ${LIST_BOUND})`;
}

function elemOf(ty: Ty): Ty {
  return typeof ty !== 'string' && ty.k === 'list' ? ty.elem : 'any';
}

export function applyOp(op: Op, ty: Ty, xs: readonly string[]): string {
  const [a, b] = xs;
  const str = ty === 'string';
  switch (op) {
    case '+': return `(+ ${a} ${b})`;
    case '-': return `(- ${a} ${b})`;
    case '*': return ty === 'decimal' ? `(rdiv (* ${a} ${b}) one)` : `(* ${a} ${b})`;
    case '/': return ty === 'decimal' ? `(rdiv (* ${a} one) ${b})` : `(hdiv ${a} ${b})`;
    case '^': case 'log': throw new AnalysisFailure(null, `unsupported decimal arithmetic op: ${op === '^' ? 'Pow' : 'Log'}`);
    case 'ln': case 'exp': throw new AnalysisFailure(null, `unsupported unary arithmetic op: ${op === 'ln' ? 'Ln' : 'Exp'}`);
    case 'has-key': return `(or false ${xs.slice(1).map((k) => `(= ${a} ${k})`).join(' ')})`;
    case 'mod': return `(hmod ${a} ${b})`;
    case 'add-time': return `(+ ${a} (* ${b} 1000000))`;
    case 'add-time-dec': return `(+ ${a} (rdiv (* ${b} 1000000) one))`;
    // Microseconds to decimal seconds: exact, as 10^255 is a multiple of 10^6.
    case 'diff-time': return `(* (- ${a} ${b}) ${DECIMAL_ONE / 1000000n})`;
    case 'neg': return `(- ${a})`;
    case 'abs': return `(abs ${a})`;
    case '=': return equal(ty, a!, b!);
    case '!=': return `(not ${equal(ty, a!, b!)})`;
    case '<': case '<=': case '>': case '>=': return ordered(op, ty, a!, b!);
    case 'and': return `(and ${a} ${b})`;
    case 'or': return `(or ${a} ${b})`;
    case 'not': return `(not ${a})`;
    case 'concat': return str ? `(str.++ ${a} ${b})` : `(seq.++ ${a} ${b})`;
    case 'length': return str ? `(str.len ${a})` : `(seq.len ${a})`;
    // Pact's `ListContains` looks at the first ten elements.
    case 'contains': return str ? `(str.contains ${a} ${b})` : `(seq.contains ${firstOf(a!)} (seq.unit ${b}))`;
    // Pact's `take`/`drop`: a negative count counts from the end.
    case 'take': return `(ite (>= ${b} 0) ${prefix(str, a!, b!)} ${suffix(str, a!, `(+ ${len(str, a!)} ${b})`)})`;
    case 'drop': return `(ite (>= ${b} 0) ${suffix(str, a!, b!)} ${prefix(str, a!, `(+ ${len(str, a!)} ${b})`)})`;
    case 'at-index': return `(seq.nth ${a} ${b})`;
    case 'str-to-int': return `(str.to_int ${a})`;
    case 'enumerate': return `(enumerate ${xs.join(' ')})`;
    case 'reverse': return `(${listFunction('reverse', elemOf(ty))} (seq.extract ${a} 0 ${LIST_BOUND}))`;
    // The evaluator unrolls these.
    case 'sort': case 'make-list': throw new AnalysisFailure(null, `${op} is evaluated by the evaluator`);
    case 'distinct': return `(${listFunction('reverse', elemOf(ty))} (${listFunction('distinct', elemOf(ty))} ${a} ${LIST_BOUND}))`;
    case 'create-principal': return principal(a!);
    case 'validate-principal': return `(= ${b} ${principal(a!)})`;
    case 'dec': return `(* ${a} one)`;
    case 'floor': case 'ceiling': case 'round': return rounded(op, a!);
    case '~': return `(- (- 1) ${a})`;
    // Computed of known operands only, or (these) of a known second one (`natives.ts`).
    case 'shift': case 'floor-to': case 'ceiling-to': case 'round-to':
    case '&': case '|': case 'xor': case 'hash': case 'keccak256': case 'format-time': case 'parse-time':
    case 'is-principal': case 'typeof-principal': case 'str-to-int-base':
      throw new AnalysisFailure(null, `${op} is evaluated by the evaluator`);
  }
}

/// Pact's `UnhandledTerm` failure: what the analysis cannot do yet.
export function unhandled(what: string): AnalysisFailure {
  return new AnalysisFailure(null, "You found a term we don't have analysis support for yet. Please report this as a bug at " +
    `https://github.com/kadena-io/pact/issues\n\n${what}`);
}

/// The longest list `make-list` is unrolled to: its terms are written out one by one (100,000
/// take Z3 some seconds), and Pact's analysis, which does the same, never answers for lengths
/// far beyond.
const MAKE_LIST_MAX = 100_000;

/// `make-list`: Pact's analysis needs its count to be known.
export function makeList(count: Known | undefined, ty: ListTy, item: string): string {
  if (typeof count !== 'bigint') throw unhandled('make-list currently requires a statically determined length');
  if (count > MAKE_LIST_MAX) {
    throw new AnalysisFailure(null, `make-list: a length of ${count} is more than the analysis unrolls (${MAKE_LIST_MAX} at most)`);
  }
  const n = Number(count);
  if (n <= 0) return smtLit({ ty: 'empty-list', elem: ty.elem });
  const unit = `(seq.unit ${item})`;
  return n === 1 ? unit : `(seq.++ ${Array<string>(n).fill(unit).join(' ')})`;
}

/// A list literal's length (which spares `sort` the slots past it), or null.
export function knownLength(list: Term | Prop): number | null {
  return list.k === 'list' ? list.items.length : null;
}

/// `sort` of the first `LIST_BOUND` elements (Pact's bounded insertion sort; for single values
/// any sort gives the same list): a sorting network over that many slots, a slot past the end
/// counting as greater than any element; the result is the slots holding elements. (A
/// recursive SMT function instead leaves Z3 without an answer.) `bind` names each step's value.
export function sortList(ty: ListTy, list: string, known: number | null, bind: (ty: Ty, expr: string) => string): string {
  const n = Math.min(known ?? LIST_BOUND, LIST_BOUND);
  if (n === 0) return list;
  const slots = Array.from({ length: n }, (_, i) => ({ x: bind(ty.elem, `(seq.nth ${list} ${i})`), has: known === null ? `(> (seq.len ${list}) ${i})` : 'true' }));
  for (let end = n - 1; end > 0; end--) {
    for (let i = 0; i < end; i++) {
      const [a, b] = [slots[i]!, slots[i + 1]!];
      const keep = bind('bool', `(and ${a.has} (or (not ${b.has}) (not ${applyOp('<', ty.elem, [b.x, a.x])})))`);
      slots[i] = { x: bind(ty.elem, `(ite ${keep} ${a.x} ${b.x})`), has: bind('bool', `(or ${a.has} ${b.has})`) };
      slots[i + 1] = { x: bind(ty.elem, `(ite ${keep} ${b.x} ${a.x})`), has: bind('bool', `(and ${a.has} ${b.has})`) };
    }
  }
  const all = n === 1 ? `(seq.unit ${slots[0]!.x})` : `(seq.++ ${slots.map((s) => `(seq.unit ${s.x})`).join(' ')})`;
  return `(seq.extract ${all} 0 (seq.len ${list}))`;
}

/// Pact's analysis' principal of a guard (its number).
export function principal(guard: string): string {
  return `(str.++ "internal-principal-" (str.from_int ${guard}))`;
}

/// How many elements of a list Pact's analysis folds over (its `listBound`): `distinct`,
/// `reverse`, `sort`, `map`, `filter` and `fold` see only the first ten.
export const LIST_BOUND = 10;

function len(str: boolean, x: string): string {
  return str ? `(str.len ${x})` : `(seq.len ${x})`;
}

/// The first `n` elements (none for a negative `n`), and all but them (all for a negative `n`).
function prefix(str: boolean, x: string, n: string): string {
  return `(${str ? 'str.substr' : 'seq.extract'} ${x} 0 ${n})`;
}

function suffix(str: boolean, x: string, n: string): string {
  return `(ite (<= ${n} 0) ${x} (${str ? 'str.substr' : 'seq.extract'} ${x} ${n} (- ${len(str, x)} ${n})))`;
}

/// An integer shifted by a known number of bits: left when positive, right (rounding down) when
/// negative.
export function shiftedTerm(x: string, size: bigint): string {
  return size >= 0n ? `(* ${x} ${2n ** size})` : `(hdiv ${x} ${2n ** -size})`;
}

/// A decimal rounded at a known, non-negative number of places: the value times 10^places
/// rounded to an integer, scaled back (exactly, within a decimal's places). At a decimal's
/// places or more, the value itself.
export function roundedAtTerm(kind: 'floor' | 'ceiling' | 'round', x: string, places: bigint): string {
  if (places >= BigInt(DECIMAL_PLACES)) return x;
  const whole = rounded(kind, `(* ${x} ${10n ** places})`);
  return `(* ${whole} ${10n ** (BigInt(DECIMAL_PLACES) - places)})`;
}

/// A decimal rounded to an integer: toward negative infinity, positive infinity, or even.
function rounded(kind: 'floor' | 'ceiling' | 'round', x: string): string {
  switch (kind) {
    case 'floor': return `(hdiv ${x} one)`;
    case 'ceiling': return `(- (hdiv (- ${x}) one))`;
    case 'round': return `(rdiv ${x} one)`;
  }
}

/// The operand type an operator works at: a comparison's is its operands', others their own.
export function operandTy(args: readonly (Term | Prop)[], ty: Ty): Ty {
  return args.length > 0 ? termTy(args[0]!) : ty;
}
