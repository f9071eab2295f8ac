/// The analysis' languages (Pact's `Types/Languages.hs`, cut down to this slice): `Term` for a
/// function body after translation, `Prop` for a property, and the trace events that a
/// counterexample is rendered from. Values are integers, decimals (integers scaled by 10^255, as
/// Pact's `Types/Numerical.hs` models them), booleans, strings, guards (opaque integers, keysets
/// among them, as Pact's `Guard`), times (microseconds since the Modified Julian Day epoch, as
/// Pact's `Time`) and objects of those (a fixed set of fields, as a schema).
/// `any`: a value of no type the analysis knows (an object without a schema, a type variable):
/// Pact's `Any`, a type of one value.
export type Prim = 'integer' | 'decimal' | 'bool' | 'string' | 'time' | 'guard' | 'any';
export type Ty = Prim | ObjTy | ListTy;

/// A list of values of one type (not objects: Pact's analysis has lists of any type, this port
/// lists of single values, as Z3 sequences).
export interface ListTy {
  readonly k: 'list';
  readonly elem: Ty;
}

export function isObj(t: Ty): t is ObjTy {
  return typeof t !== 'string' && t.k === 'object';
}

/// An object type: its fields sorted by name (Pact's `SObject` schemas are sorted).
export interface ObjTy {
  readonly k: 'object';
  readonly fields: ReadonlyArray<readonly [string, Ty]>;
}

export function objTy(fields: Iterable<readonly [string, Ty]>): ObjTy {
  return { k: 'object', fields: [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
}

export function tyEq(a: Ty, b: Ty): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.k === 'list' || b.k === 'list') return a.k === 'list' && b.k === 'list' && tyEq(a.elem, b.elem);
  return a.fields.length === b.fields.length && a.fields.every(([n, t], i) => n === b.fields[i]![0] && tyEq(t, b.fields[i]![1]));
}

/// `=` (`eq`) or `!=` of two objects when their types alone decide it (Pact's `ObjectEqNeq`,
/// which then looks at neither value): an empty object differs from a non-empty one, two empty
/// ones are equal, and two non-empty ones of different types are neither equal nor unequal.
/// Null when the values decide.
export function objectsCompared(eq: boolean, a: ObjTy, b: ObjTy): boolean | null {
  const empty = [a, b].filter((t) => t.fields.length === 0).length;
  if (empty === 2) return eq;
  if (empty === 1) return !eq;
  return tyEq(a, b) ? null : false;
}

export function fieldTy(t: Ty, field: string): Ty | null {
  return isObj(t) ? t.fields.find(([n]) => n === field)?.[1] ?? null : null;
}

/// A type as Pact's analysis prints one (its `Pretty SingTy`): `*` for `any`, an object as its
/// fields between braces.
export function showTy(t: Ty): string {
  if (typeof t === 'string') return t === 'any' ? '*' : t;
  return t.k === 'list' ? `[${showTy(t.elem)}]` : `{${t.fields.map(([n, ft]) => `${n}: ${showTy(ft)}`).join(',')}}`;
}

/// A type as Haskell shows Pact's analysis type (`Show SingTy`), at precedence `prec`.
export function showTyHs(t: Ty, prec = 0): string {
  const paren = (x: string) => (prec > 10 ? `(${x})` : x);
  if (typeof t === 'string') return { integer: 'SInteger', bool: 'SBool', string: 'SStr', time: 'STime', decimal: 'SDecimal', guard: 'SGuard', any: 'SAny' }[t];
  if (t.k === 'list') return paren(`SList ${showTyHs(t.elem, 11)}`);
  const fields = t.fields.reduceRight((rest, [n, ft]) => `(SCons "${n}" ${showTyHs(ft)} ${rest})`, 'SNil');
  return paren(`SObjectUnsafe ${fields}`);
}

/// What a property's quantifier may range over (Pact's `QType`): values of a type, the tables,
/// or the columns of a table (`column-of`).
export type QTy = Ty | { readonly k: 'table' } | { readonly k: 'column-of'; readonly table: string };

export function isNameTy(t: QTy): t is Exclude<QTy, Ty> {
  return typeof t !== 'string' && (t.k === 'table' || t.k === 'column-of');
}

/// A table's or a column's name in a property: literal, or a variable of a `table` /
/// `column-of` quantifier.
export type NameRef = string | { readonly vid: number; readonly name: string };

export type WriteKind = 'insert' | 'update' | 'write';

/// A database property of a table (and a column, and a row key): Pact's `PropSpecific` DB
/// constructors. `column-delta`/`cell-delta` have the column's type; they, `row-enforced` and
/// `read` name their table and column literally (Pact requires it), the others may name them by
/// a quantified variable.
export type DbProp =
  | { readonly what: 'table-read' | 'table-written'; readonly table: NameRef }
  | { readonly what: 'column-read' | 'column-written'; readonly table: NameRef; readonly column: NameRef }
  | { readonly what: 'column-delta'; readonly table: string; readonly column: string; readonly ty: Ty }
  | { readonly what: 'cell-delta'; readonly table: string; readonly column: string; readonly ty: Ty; readonly key: Prop }
  | { readonly what: 'row-read' | 'row-written' | 'row-read-count' | 'row-write-count'; readonly table: NameRef; readonly key: Prop }
  | { readonly what: 'row-exists'; readonly table: NameRef; readonly key: Prop; readonly when: 'before' | 'after' }
  /// `row-enforced`: the guard in this cell, as read before any write to it, was enforced.
  | { readonly what: 'row-enforced'; readonly table: string; readonly column: string; readonly key: Prop }
  | { readonly what: 'read'; readonly table: string; readonly key: Prop; readonly when: 'before' | 'after'; readonly ty: ObjTy };

/// Operators shared by terms and properties. Arithmetic on mixed integer/decimal operands has
/// been widened to decimal by the time it is built.
export type Op =
  | '+' | '-' | '*' | '/' | '^' | 'log' | 'mod' | 'neg' | 'abs'
  /// `add-time` of integer or decimal seconds (`add-time-dec`: rounded to microseconds, and only
  /// of known seconds, as Pact requires) and `diff-time` (decimal seconds).
  | 'add-time' | 'add-time-dec' | 'diff-time'
  | '=' | '!=' | '<' | '<=' | '>' | '>='
  | 'and' | 'or' | 'not' | 'concat' | 'length'
  | 'dec' | 'floor' | 'ceiling' | 'round'
  /// Two-argument rounding, to a literal number of places (the second operand).
  | 'floor-to' | 'ceiling-to' | 'round-to'
  /// Strings and lists: `length`, `+` (`concat`), `contains` (needle, then haystack), `take`,
  /// `drop` (count, then collection), `at` of an index (index, then list), `str-to-int`.
  | 'contains' | 'take' | 'drop' | 'at-index' | 'str-to-int'
  /// Whether a key (the first operand) is one of an object type's fields (the others).
  | 'has-key'
  /// `ln` and `exp`, which Pact translates but cannot evaluate.
  | 'ln' | 'exp'
  /// `enumerate` of from, to and step; `distinct` (Pact's analysis: of the first ten elements,
  /// the last occurrences, reversed); `create-principal` of a guard, `validate-principal` of a
  /// guard and a principal.
  | 'enumerate' | 'distinct' | 'create-principal' | 'validate-principal'
  /// `reverse` and `sort` (of the first ten elements, as Pact's bounded folds); `make-list` of a
  /// count and a value (the count must be a literal, as Pact's analysis requires).
  | 'reverse' | 'sort' | 'make-list'
  /// Natives Pact's analysis computes only of known operands, shimming or failing otherwise
  /// (`natives.ts`): `hash` (of a string, integer, decimal, boolean or list of those),
  /// `hash-keccak256`, `format-time`/`parse-time` (format first), `is-principal`,
  /// `typeof-principal`, `str-to-int` of a base and a string, the bitwise operators.
  | 'hash' | 'keccak256' | 'format-time' | 'parse-time' | 'is-principal' | 'typeof-principal' | 'str-to-int-base'
  | '&' | '|' | 'xor' | '~' | 'shift';

/// A literal: integers and scaled decimals as bigints.
export type Lit = { readonly ty: 'integer' | 'decimal' | 'time'; readonly value: bigint }
  | { readonly ty: 'bool'; readonly value: boolean }
  | { readonly ty: 'string'; readonly value: string }
  /// A shim's empty list (the only list literal; others are `list` terms).
  | { readonly ty: 'empty-list'; readonly elem: Ty };

export type Term =
  | { readonly k: 'lit'; readonly lit: Lit }
  | { readonly k: 'var'; readonly ty: Ty; readonly vid: number }
  | { readonly k: 'op'; readonly ty: Ty; readonly op: Op; readonly args: readonly Term[] }
  | { readonly k: 'if'; readonly ty: Ty; readonly tag: number; readonly cond: Term; readonly then: Term; readonly else: Term }
  | { readonly k: 'let'; readonly ty: Ty; readonly vid: number; readonly rhs: Term; readonly body: Term }
  | { readonly k: 'seq'; readonly ty: Ty; readonly first: Term; readonly rest: Term }
  /// `enforce`: adds its condition to the transaction's success; its value is `true`.
  | { readonly k: 'enforce'; readonly tag: number; readonly cond: Term }
  /// A scope's value, remembered under `tag` for the trace's `returning with`.
  | { readonly k: 'return'; readonly ty: Ty; readonly tag: number; readonly body: Term }
  | { readonly k: 'object'; readonly ty: ObjTy; readonly fields: ReadonlyArray<readonly [string, Term]> }
  | { readonly k: 'list'; readonly ty: ListTy; readonly items: readonly Term[] }
  | { readonly k: 'at'; readonly ty: Ty; readonly field: string; readonly obj: Term }
  /// `at` of an object with a key the code computes.
  | { readonly k: 'at-key'; readonly ty: Ty; readonly key: Term; readonly obj: Term }
  /// A row of `table` (of schema `row`), its fields `ty`; without a default, a missing row aborts.
  | { readonly k: 'read'; readonly ty: ObjTy; readonly tag: number; readonly table: string; readonly row: ObjTy; readonly key: Term; readonly default: Term | null }
  | { readonly k: 'write'; readonly tag: number; readonly kind: WriteKind; readonly table: string; readonly key: Term; readonly obj: Term }
  /// The guard a keyset name refers to (the registry's), or the one the transaction's data names.
  | { readonly k: 'keyset'; readonly from: 'registry' | 'data'; readonly name: Term }
  /// `enforce-guard`/`enforce-keyset`: like `enforce`, of whether the guard passes.
  | { readonly k: 'enforce-guard'; readonly tag: number; readonly guard: Term }
  /// A capability's body (its arguments bound): once it has run, the capability with those
  /// arguments is granted to the `with-capability` that brought it in (Pact's `Granting`).
  | { readonly k: 'grant'; readonly ty: Ty; readonly cap: string; readonly args: readonly Term[]; readonly body: Term }
  | { readonly k: 'with-capability'; readonly ty: Ty; readonly app: Term; readonly body: Term }
  /// `enforce-one`: the first case that succeeds gives the value; one must (no cases: fails).
  /// `tags`: each case's success, for the trace.
  | { readonly k: 'enforce-one'; readonly cases: readonly Term[]; readonly tags: readonly number[] }
  /// A defpact's steps (each with its entity, if any, and its rollback, if it has one and is not
  /// the last): step `i > 0` may instead be cancelled, which runs the rollbacks of the steps
  /// before it, latest first. `cancelTags[i - 1]`: whether step `i` is cancelled; `rollbackTags`:
  /// whether each rollback runs, in the order they run.
  | { readonly k: 'pact'; readonly steps: ReadonlyArray<{ readonly exec: Term; readonly entity: Term | null; readonly rollback: Term | null }>;
    readonly cancelTags: readonly number[]; readonly rollbackTags: readonly number[] }
  /// `create-user-guard`: guard number `guard`, which passes when the call (run now, without the
  /// database) would succeed.
  | { readonly k: 'user-guard'; readonly guard: number; readonly body: Term }
  /// `create-capability-guard` (or its pact variant, `create-capability-pact-guard`) and
  /// `create-pact-guard`: made only when the capability is granted (and in a pact); the guard
  /// made always passes (Pact's trivial guard).
  | { readonly k: 'trivial-guard'; readonly cap: { readonly name: string; readonly args: readonly Term[] } | null; readonly pact: boolean }
  /// `yield` of an object to the next step, which `resume` binds (failing when none was
  /// yielded); `tag` names the value for the trace.
  | { readonly k: 'yield'; readonly tag: number; readonly obj: Term }
  | { readonly k: 'resume'; readonly ty: ObjTy; readonly tag: number }
  /// `chain-data`: the block's data, arbitrary but the same all along (heights, gas limits and
  /// prices not negative).
  | { readonly k: 'chain-data'; readonly ty: ObjTy }
  /// `create-module-guard`: the module's governance guard.
  | { readonly k: 'module-guard' }
  /// `pact-id`: only a pact has one (a function may or may not run in one).
  | { readonly k: 'pact-id' }
  /// `read-decimal`/`read-integer`/`read-string`: the transaction data's value of that name.
  | { readonly k: 'tx-data'; readonly ty: 'decimal' | 'integer' | 'string'; readonly name: Term }
  /// `format` of a template and a literal list of strings, integers and booleans.
  | { readonly k: 'format'; readonly template: Term; readonly args: readonly Term[] }
  /// `map`, `filter` and `fold` of a function (its `body`, over the variables `vids`: the
  /// element, or for `fold` the accumulator then the element) over the first ten elements of a
  /// list, as Pact's analysis unrolls them (`fold` from the right: the last element first).
  | { readonly k: 'list-fold'; readonly ty: Ty; readonly how: 'map' | 'filter' | 'fold'; readonly vids: readonly number[]; readonly body: Term;
    readonly init: Term | null; readonly list: Term }
  /// `require-capability`: enforces that a `with-capability` around it granted this one.
  | { readonly k: 'require'; readonly tag: number; readonly cap: string; readonly args: readonly Term[] };

export type Prop =
  | { readonly k: 'lit'; readonly lit: Lit }
  | { readonly k: 'var'; readonly ty: Ty; readonly vid: number }
  | { readonly k: 'op'; readonly ty: Ty; readonly op: Op; readonly args: readonly Prop[] }
  | { readonly k: 'result'; readonly ty: Ty }
  | { readonly k: 'success' }
  | { readonly k: 'abort' }
  | { readonly k: 'quantified'; readonly q: 'forall' | 'exists'; readonly vid: number; readonly ty: QTy; readonly body: Prop }
  | { readonly k: 'at'; readonly ty: Ty; readonly field: string; readonly obj: Prop }
  /// A list literal of single values.
  | { readonly k: 'list'; readonly ty: ListTy; readonly items: readonly Prop[] }
  /// An object literal, its fields sorted by name.
  | { readonly k: 'object'; readonly ty: ObjTy; readonly fields: ReadonlyArray<readonly [string, Prop]> }
  | ({ readonly k: 'db' } & DbProp)
  /// `authorized-by`: the guard the registry names passes; `governance-passes`: the module's.
  | { readonly k: 'authorized-by'; readonly name: string }
  | { readonly k: 'governance-passes' };

export function termTy(t: Term | Prop): Ty {
  switch (t.k) {
    case 'lit': return t.lit.ty === 'empty-list' ? { k: 'list', elem: t.lit.elem } : t.lit.ty;
    case 'enforce': case 'enforce-guard': case 'require': case 'enforce-one': case 'success': case 'abort': case 'quantified': case 'authorized-by': case 'governance-passes': return 'bool';
    case 'write': case 'format': case 'pact': case 'pact-id': return 'string';
    case 'yield': return termTy(t.obj);
    case 'chain-data': return t.ty;
    case 'keyset': case 'user-guard': case 'trivial-guard': case 'module-guard': return 'guard';
    case 'db': return dbPropTy(t);
    default: return t.ty;
  }
}

function dbPropTy(p: DbProp): Ty {
  switch (p.what) {
    case 'column-delta': case 'cell-delta': case 'read': return p.ty;
    case 'row-read-count': case 'row-write-count': return 'integer';
    default: return 'bool';
  }
}

/// A variable a scope binds, as the trace shows it.
export interface Binding {
  readonly vid: number;
  readonly name: string;
  readonly ty: Ty;
}

/// What happens along a run, in program order (Pact's `TraceEvent`s over its execution graph; a
/// conditional keeps both branches and the model picks one).
export type Event =
  | { readonly k: 'push'; readonly scope: Scope; readonly bindings: readonly Binding[] }
  | { readonly k: 'pop'; readonly scope: Scope; readonly tag: number }
  /// `code`: the condition's source text, which the trace quotes.
  | { readonly k: 'assert'; readonly tag: number; readonly code: string | null }
  | { readonly k: 'branch'; readonly tag: number; readonly then: readonly Event[]; readonly else: readonly Event[] }
  /// A database access: the row's key, the fields read or written (`ty`), whether it succeeded.
  | { readonly k: 'read'; readonly tag: number; readonly table: string; readonly ty: ObjTy }
  | { readonly k: 'write'; readonly tag: number; readonly kind: WriteKind; readonly table: string; readonly ty: ObjTy }
  /// A guard enforced; `origin` says where the guard came from, as the trace describes it.
  | { readonly k: 'guard'; readonly tag: number; readonly origin: GuardOrigin }
  | { readonly k: 'require'; readonly tag: number; readonly cap: string }
  | { readonly k: 'yield' | 'resume'; readonly tag: number; readonly ty: ObjTy }
  /// `enforce-one`: each case's events and success tag; a failure in any case but the last is
  /// recovered from, and the first case to succeed ends it.
  | { readonly k: 'enforce-one'; readonly cases: ReadonlyArray<{ readonly events: readonly Event[]; readonly tag: number }> }
  /// A defpact's run: each step's events and, after the first, its cancellation tag; the
  /// rollbacks' events and tags, in the order they run.
  | { readonly k: 'pact'; readonly steps: ReadonlyArray<{ readonly events: readonly Event[]; readonly cancel: number | null }>;
    readonly rollbacks: ReadonlyArray<{ readonly events: readonly Event[]; readonly tag: number }> };

/// Where an enforced guard came from (Pact's `Provenance` of a guard).
/// (A keyset's name is the run's: see `Run.guards`.)
export type GuardOrigin = { readonly k: 'registry' | 'data' | 'unknown' } | { readonly k: 'argument'; readonly name: string };

/// A `let`, an inlined call, or the bindings of `with-read`/`bind` (`destructuring object`).
export type Scope = { readonly k: 'let' | 'object' | 'step' | 'rollback' }
  | { readonly k: 'function' | 'capability' | 'pact'; readonly module: string; readonly name: string };

/// Decimals carry 255 places (Pact's `decimalPrecision`).
export const DECIMAL_PLACES = 255;
export const DECIMAL_ONE = 10n ** BigInt(DECIMAL_PLACES);

/// Unix time 0 in Pact's analysis time, microseconds from 1858-11-17 (40,587 days earlier).
export const UNIX_EPOCH_MICROS = 40587n * 86400n * 1000000n;
