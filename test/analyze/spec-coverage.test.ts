/// `verify` over what Pact 4.13.2's analysis translates and evaluates beyond AnalyzeSpec's cases
/// (its `Translate.hs`, `Eval/Core.hs`, `Eval/Prop.hs`): lists of objects, objects in table
/// columns, `where`, the natives Pact substitutes (`select`, `keys`, any call its translation
/// has no case for), its failure texts, and `defproperty`s of other modules. Our own small
/// modules, all verified in one REPL (one solver start) when the first test asks for an outcome.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { verifyEach } from './verify-helpers.ts';
import type { Verified } from './verify-helpers.ts';

const PERSON = '(defschema person name:string age:integer)';

const cases: { code: string; name: string }[] = [];
let results: Verified[] | null = null;

/// Registers module `t` with these members (its `@model` holding `model`; `before` loaded first);
/// the result is read once the batch has run.
function register(members: string, before = '', model = ''): () => Verified {
  const i = cases.push({ code: moduleT(members, before, model), name: 't' }) - 1;
  return () => (results ??= verifyEach(cases))[i]!;
}

function moduleT(members: string, before = '', model = ''): string {
  return `${before} (module t G @model [${model}] (defcap G () true) ${PERSON} ${members})`;
}

/// Every property of the members holds, without any output.
function holds(what: string, members: string, before = ''): void {
  const outcome = register(members, before);
  test(what, () => {
    const r = outcome();
    assert.equal(r.err, '');
    assert.equal(r.verdict, 'Verification of t succeeded');
  });
}

/// Verification's output is `lines` (locations in the one-line module left out; a pattern for a
/// line whose values the model chooses).
function outputs(what: string, members: string, lines: ReadonlyArray<string | RegExp>, verdict: 'succeeded' | 'failed', before = ''): void {
  const outcome = register(members, before);
  test(what, () => {
    const r = outcome();
    assert.equal(r.verdict, `Verification of t ${verdict}`);
    const got = r.err.replace(/<interactive>:\d+:\d+:/g, '').split('\n').slice(0, -1);
    assert.equal(got.length, lines.length, r.err);
    lines.forEach((l, i) => (typeof l === 'string' ? assert.equal(got[i], l) : assert.match(got[i]!, l)));
  });
}

/// A counterexample's trace, from its `Program trace:` on (a pattern matches a whole line).
const trace = (fn: string, lines: ReadonlyArray<string | RegExp>): Array<string | RegExp> =>
  [`OutputFailure: Invalidating model found in ${fn}`, '  Program trace:', ...lines.map((l) => (typeof l === 'string' ? `    ${l}` : l)), '  '];

describe('lists of objects', () => {
  holds('literals, length, at and a field of an element', `
    (defun f:integer () @model [(property (= result 2))] (length [{'name: "a", 'age: 1} {'name: "b", 'age: 2}]))
    (defun g:object{person} () @model [(property (= (at 'age result) 2))] (at 1 [{'name: "a", 'age: 1} {'name: "b", 'age: 2}]))
    (defun h:integer (ps:[object{person}]) @model [(property (when (> (length ps) 0) (= result (at 'age (at 0 ps)))))]
      (if (> (length ps) 0) (at 'age (at 0 ps)) 0))`);

  holds('sort (field by field in the order of their names, as SBV orders tuples), distinct, reverse, contains, take, +, make-list', `
    (defun s:[object{person}] () @model [(property (= result [{'name: "b", 'age: 1} {'name: "a", 'age: 2}]))]
      (sort [{'name: "a", 'age: 2} {'name: "b", 'age: 1}]))
    (defun d:integer () @model [(property (= result 2))] (length (distinct [{'name: "b", 'age: 2} {'name: "b", 'age: 2} {'name: "a", 'age: 1}])))
    (defun r:[object{person}] (ps:[object{person}]) @model [(property (when (<= (length ps) 10) (= (length result) (length ps))))] (reverse ps))
    (defun c:bool (p:object{person}) @model [(property result)] (contains p [{'name: "x", 'age: 0} p]))
    (defun t:[object{person}] (ps:[object{person}]) @model [(property (= result (take 2 ps)))] (take 2 ps))
    (defun a:integer (ps:[object{person}]) @model [(property (= result (+ 1 (length ps))))] (length (+ [{'name: "q", 'age: 0}] ps)))
    (defun m:[object{person}] () @model [(property (= result [{'name: "x", 'age: 3} {'name: "x", 'age: 3}]))] (make-list 2 {'name: "x", 'age: 3}))`);

  holds('map to objects and from them, fold over them', `
    (defun m:[object{person}] (xs:[integer]) @model [(property (when (<= (length xs) 10) (= (length result) (length xs))))]
      (map (lambda (x:integer) {'name: "n", 'age: x}) xs))
    (defun n:[integer] () @model [(property (= result [1 2]))] (map (lambda (p:object{person}) (at 'age p)) [{'name: "a", 'age: 1} {'name: "b", 'age: 2}]))
    (defun f:integer (ps:[object{person}]) @model [(property (>= result 0))] (fold (lambda (acc:integer p:object{person}) (+ acc (abs (at 'age p)))) 0 ps))`);

  outputs('an argument shows as Pact prints the analysis\' values: each object the nested pairs of an SBV tuple',
    '(defun f:integer (ps:[object{person}]) @model [(property (!= result 7))] (at \'age (at 0 ps)))',
    trace('t.f', ['entering function t.f with argument', /^ {6}ps = \[\(7, \("[^"]*", \(\)\)\)(, .*)?\]$/, '', '  returning with 7', '  ']), 'failed');

  holds('in properties: literals, at, equality', `
    (defun f:[object{person}] () @model [(property (= result [{'name: "a", 'age: 1}])) (property (= (at 'age (at 0 result)) 1))]
      [{'name: "a", 'age: 1}])`);
});

describe('lists: contains and = look at the first ten elements, as Pact\'s ListContains and ListEqNeq', () => {
  holds('an eleventh element is not seen', `
    (defun c:bool () @model [(property (not result))] (contains 11 [1 2 3 4 5 6 7 8 9 10 11]))
    (defun e:bool () @model [(property result)] (= [1 2 3 4 5 6 7 8 9 10 11] [1 2 3 4 5 6 7 8 9 10 12]))
    (defun l:bool () @model [(property (not result))] (= [1 2 3 4 5 6 7 8 9 10] [1 2 3 4 5 6 7 8 9 10 11]))`);
});

describe('objects in tables', () => {
  holds('columns of objects and of lists of objects read, written and read in properties', `
    (defschema team lead:object{person} members:[object{person}] size:integer) (deftable teams:{team})
    (defun l:string (k:string) @model [(property (= result (at 'name (at 'lead (read teams k 'before)))))] (at 'name (at 'lead (read teams k))))
    (defun w:string (k:string) @model [(property (= (at 'age (at 'lead (read teams k 'after))) 1))]
      (write teams k {'lead: {'name: "z", 'age: 1}, 'members: [], 'size: 0}))
    (defun m:integer (k:string) @model [(property (= result (length (at 'members (read teams k 'before)))))] (length (at 'members (read teams k))))`);

  outputs('a read shows its columns by name, an object among them as its pairs', `
    (defschema team lead:object{person} size:integer) (deftable teams:{team})
    (defun f:integer (k:string) @model [(property (!= result 3))] (at 'size (read teams k)))`,
  trace('t.f', ['entering function t.f with argument', /^ {6}k = "[^"]*"$/, '',
    /^ {6}read \{ lead: \(-?\d+, \("[^"]*", \(\)\)\), size: 3 \} from teams at key "[^"]*" succeeds$/, '  returning with 3', '  ']), 'failed');
});

describe('where', () => {
  holds('the function of an object\'s field, in filter and on its own', `
    (defun f:[object{person}] (ps:[object{person}]) @model [(property (= (length result) 1))]
      (filter (where 'age (< 20)) [{'name: "a", 'age: 30} {'name: "b", 'age: 10}]))
    (defun g:bool (p:object{person}) @model [(property (= result (< 20 (at 'age p))))] (where 'age (< 20) p))`);
});

describe('natives Pact substitutes', () => {
  outputs('select of literal columns is an empty list, keys an empty string list, without their arguments', `
    (deftable people:{person})
    (defun s:[object{person}] () @model [(property (= result []))] (select people ['name] (where 'age (> 20))))
    (defun k:[string] () @model [(property (= result []))] (keys people))`,
  ['OutputWarning: Unsupported operation: select: substituting []', 'OutputWarning: Unsupported operation: keys: substituting empty string list'], 'succeeded');

  outputs('a call no case of Pact\'s translation matches is substituted: enforce-one of a list argument, constantly of two ignored values, sort by fields', `
    (defun e:bool (xs:[bool]) @model [(property result)] (enforce-one "one" xs))
    (defun c:integer () @model [(property (= result 0))] (constantly 1 2 3))
    (defun s:[object{person}] (ps:[object{person}]) @model [(property (= result []))] (sort ['age] ps))`,
  ['OutputWarning: Unsupported operation: sort: substituting empty list', 'OutputWarning: Unsupported operation: enforce-one: substituting True',
    'OutputWarning: Unsupported operation: constantly: substituting 0'], 'succeeded');

  outputs('select of a filter alone is translated, and fails at the table, as in Pact', `
    (deftable people:{person}) (defun s:[object{person}] () (select people (where 'age (> 20))))`,
  ['OutputFailure: Analysis doesn\'t support this construct yet: Table t.people1::table:{t.person}'], 'failed');
});

describe('objects: contains, take, drop', () => {
  holds('contains of a key is whether the object\'s type has that field; take and drop give the call\'s type', `
    (defun c:bool (p:object{person}) @model [(property result)] (contains 'age p))
    (defun d:bool (p:object{person}) @model [(property (not result))] (contains 'height p))
    (defun t:object{person} (p:object{person}) @model [(property (= result p))] (take ['name] p))`);
});

describe('Pact\'s failure texts', () => {
  outputs('ln and exp translate, and fail when analysed',
    '(defun f:decimal (x:decimal) @model [(property true)] (exp x))', ['OutputFailure: unsupported unary arithmetic op: Exp'], 'failed');
  outputs('the length of an object of no schema is a type error',
    '(defun f:integer (o:object) @model [(property true)] (length o))',
    ['OutputFailure: "impossible" post-typechecker type error in node: length1::TyPrim TyInteger'], 'failed');
  const table = 'TySchema {_tySchema = TyTable, _tySchemaType = TyUser {_tyUser = {t.person}}, _tySchemaPartial = FullSchema}';
  outputs('a table is no value the analysis has a type for: a function of one fails at its type', `(deftable people:{person})
    (defun g:[string] (tb:table{person}) (keys tb)) (defun f:[string] () (g people))`,
  [`:OutputFailure: couldn't translate argument type: ${table}`], 'failed');
  outputs('a table is no value the analysis has a type for: a variable bound to one fails where it is bound', `(deftable people:{person})
    (defun f:[string] () (let ((tb people)) (keys tb)))`,
  [`OutputFailure: Found a type we don't know how to translate yet: ${table} at node: BindLet0_tb1::${table}`], 'failed');
  holds('the result has the type of the function\'s last expression, declared or not', '(defun f () @model [(property (= result 1))] 1)');
});

describe('warnings at the call that causes them', () => {
  const members = '(defun f:bool () @model [(property result)] (require-capability (G)))';
  const r = register(members);
  test('require-capability of a capability never granted', () => {
    const column = moduleT(members).indexOf('(require-capability');
    assert.equal(r().err, `<interactive>:0:${column}:OutputWarning: Direct execution restricted by capability t.G\n`);
  });
});

describe('defproperty of other modules', () => {
  const other = (small: string) => `(module o G @model [(defproperty positive (x:integer) (> x 0)) (defproperty small (x:integer) ${small})] (defcap G () true))`;
  holds('a property another module defines', '(defun f:integer (x:integer) @model [(property (positive result))] (enforce (> x 0) "") x)', other('(< x 10)'));

  const shadowed = register('(defun f:integer (x:integer) @model [(property (small result))] (enforce (< x 100) "") x)', other('(< x 1000)'),
    '(defproperty small (x:integer) (< x 10))');
  test('the module\'s own definition shadows another module\'s, which Pact warns of', () => {
    const r = shadowed();
    assert.equal(r.verdict, 'Verification of t failed');
    assert.match(r.err, /OutputFailure: Invalidating model found in t\.f\n/);
    assert.match(r.err, /\n:OutputWarning: Duplicated property definitions for small\n$/);
  });
});
