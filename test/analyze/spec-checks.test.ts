/// What Pact's `verify` checks beyond one property (tests/AnalyzeSpec.hs has no single case for
/// these; Pact 4.13.2's `Check.hs`, `Parse/Prop.hs`, `Parse/Invariant.hs` and
/// `Remote/Server.hs` give the facts): schema invariants that use a property-only term, the call
/// stacks Pact's type errors carry, failures of several readings run together, duplicated and
/// imported `defproperty`s, the query-success check of a property's own partial operations,
/// `(verify 'm true)`'s debug directory, and `/verify` on the server.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { piped } from '../helpers/pact.ts';
import { PACT, post, suiteNode } from '../e2e/harness.ts';
import { fails, holds, unparsed, verify } from './verify-helpers.ts';

/// A table of rows of `columns` whose schema has these invariants, and a function writing one.
const withInvariants = (invariants: string, columns = 'b:integer', row = '{ "b": 1 }') =>
  `(defschema s @model [${invariants}] ${columns}) (deftable tb:{s}) (defun f:string () (insert tb "k" ${row}))`;

/// GHC's call stack of a call in Pact's `Parse/Prop.hs`, as Pact's one-line rendering shows it.
const stack = (fn: string, at: string) =>
  `CallStack (from HasCallStack):   ${fn}, called at src-tool/Pact/Analyze/Parse/Prop.hs:${at} in pact-4.13.2-inplace:Pact.Analyze.Parse.Prop`;

const ONLY_IN_PROPERTIES = "encountered a term that's only valid in properties, and not invariants: ";

describe('schema invariants (Parse/Invariant.hs: expToInvariant, propToInvariant)', () => {
  test('a quantifier is only valid in properties: over values, and over tables (no JavaScript error)', () => {
    unparsed(withInvariants('(invariant (forall (x:integer) (> b x)))'), '(forall (x : integer) (> b x))',
      `${ONLY_IN_PROPERTIES}(forall (x:integer) (> b x))`);
    unparsed(withInvariants('(invariant (exists (t:table) (table-read t)))'), '(exists (t : table) (table-read t))',
      `${ONLY_IN_PROPERTIES}(exists (t:table) (table-read t))`);
  });

  test('the first property-only term met is the one shown: result (of the first column\'s type), success, authorized-by', () => {
    unparsed(withInvariants('(invariant (and (> a 0) (or (= result 1) abort)))', 'b:integer a:integer', '{ "b": 1, "a": 1 }'),
      '(and (> a 0) (or (= result 1) abort))', `${ONLY_IN_PROPERTIES}result`);
    unparsed(withInvariants('(invariant (= success (> b 0)))'), '(= success (> b 0))', `${ONLY_IN_PROPERTIES}success`);
    unparsed(withInvariants("(invariant (when (authorized-by 'ks) (> b 0)))"), '(when (authorized-by "ks") (> b 0))',
      `${ONLY_IN_PROPERTIES}(authorized-by 'ks)`);
  });

  test('no table is in scope in an invariant, nor any defined property', () => {
    unparsed(withInvariants('(invariant (table-written tb))'), '(table-written tb)', "expected table tb but it isn't in scope");
    unparsed(withInvariants('(invariant positive)'), 'positive', "couldn't find property variable positive", '(defproperty positive (> 1 0))');
  });

  test('the rejected term as Pact prints it: mod without its operator, widened integers, typeof, objects', () => {
    unparsed(withInvariants('(invariant (forall (x:integer) (= (mod b x) 0)))'), '(forall (x : integer) (= (mod b x) 0))',
      `${ONLY_IN_PROPERTIES}(forall (x:integer) (= (b x) 0))`);
    unparsed(withInvariants('(invariant (forall (x:integer) (> d (+ x 1.5))))', 'd:decimal', '{ "d": 1.0 }'),
      '(forall (x : integer) (> d (+ x 1.5)))', `${ONLY_IN_PROPERTIES}(forall (x:integer) (> d (+ x 1.5)))`);
    unparsed(withInvariants('(invariant (exists (k:string) (and (contains k { \'b: b }) (= (typeof k) "string"))))'),
      '(exists (k : string) (and (contains k {"b" : b}) (= (typeof k) "string")))',
      `${ONLY_IN_PROPERTIES}(exists (k:string) (and (contains k {'b: b}) (= (typeof k) "string")))`);
  });

  test('a term too long for 80 columns is broken as prettyprinter lays it out', () => {
    unparsed(withInvariants('(invariant (exists (some-long-variable-name:integer) (and (> some-long-variable-name 1000000) ' +
      '(< (+ some-long-variable-name balance) (* 2 (- balance 1.5))))))', 'balance:decimal', '{ "balance": 1.0 }'),
    '(exists (some-long-variable-name : integer) (and (> some-long-variable-name 1000000) (< (+ some-long-variable-name balance) (* 2 (- balance 1.5)))))',
    `${ONLY_IN_PROPERTIES}(exists\n(some-long-variable-name:integer)\n(and\n(> some-long-variable-name 1000000)\n` +
    '(< (+ some-long-variable-name balance) (* 2 (- balance 1.5)))))');
  });

  test('an invariant of columns and constants still verifies', () => {
    holds(`(defconst MIN 0) ${withInvariants('(invariant (>= b MIN))')}`);
    fails(withInvariants('(invariant (> b 1))'), 'Invalidating model found in t.f');
  });
});

describe('type errors carry Pact\'s call stack (Parse/Prop.hs typeError)', () => {
  test('checking against a type (line 768), comparing two types (497), an object with another type (496)', () => {
    unparsed('(defun f:bool (x:bool) @model [(property (and x 1))] x)', '(and x 1)',
      `in 1, type error: bool vs integer (${stack('typeError', '768:22')})`);
    unparsed('(defun f:integer (x:integer) @model [(property (= x "a"))] x)', '(= x "a")',
      `in (= x "a"), type error: integer vs string (${stack('typeError', '497:16')})`);
    unparsed('(defschema o a:integer) (defun f:object{o} () @model [(property (= result 1))] { "a": 1 })', '(= result 1)',
      `in (= result 1), type error: {a: integer} vs integer (${stack('typeError', '496:18')})`);
  });

  test('arithmetic: every reading\'s failure, run together', () => {
    // As an integer, a decimal, a string, then neither number nor list.
    unparsed('(defun f:integer (x:integer) @model [(property (> (+ x "a") 0))] x)', '(> (+ x "a") 0)',
      `in "a", type error: integer vs string (${stack('typeError', '768:22')})` +
      'in (+ x "a"), unexpected argument types for (+): integer and string' +
      `in x, type error: string vs integer (${stack('typeError', '768:22')})` +
      'in (+ x "a"), can\'t infer the types of the arguments to +');
    // Lists of two types: the last reading is their concatenation.
    unparsed('(defun f:integer () @model [(property (= (+ [1] ["a"]) [1]))] 1)', '(= (+ [1] ["a"]) [1])',
      `in [1], type error: integer vs [integer] (${stack('typeError', '768:22')})` +
      'in (+ [1] ["a"]), unexpected argument types for (+): [integer] and [string]' +
      `in [1], type error: string vs [integer] (${stack('typeError', '768:22')})` +
      'in (+ [1] ["a"]), can only concat lists of the same type');
    // `-` is read as an integer, then as a decimal, only.
    unparsed('(defun f:integer (x:integer) @model [(property (> (- x "a") 0))] x)', '(> (- x "a") 0)',
      `in "a", type error: integer vs string (${stack('typeError', '768:22')})` +
      'in (- x "a"), unexpected argument types for (-): integer and string');
  });

  test('a table\'s name used as a value stops verify with Pact\'s internal error (Parse/Prop.hs inferVar)', () => {
    const r = piped('(module t G (defcap G () true) (defun f:integer () @model [(property (forall (tb:table) (= tb "x")))] 1))\n(verify "t")\n');
    assert.equal(r.err, `<interactive>:1:0:Error: Table names cannot be vars ${stack('error', '260:28')}\nAborting execution\nLoad failed\n`);
  });

  test('^ and log parse, and fail when analysed', () => {
    assert.match(verify('(defun f:integer (x:integer) @model [(property (= (^ x 2) 4))] x)').err, /:OutputFailure: unsupported decimal arithmetic op: Pow\n$/);
  });
});

/// Loads these modules (each `(module NAME G ...)` with its governing capability) and verifies
/// the last: what it printed on stderr and its verdict.
function verifyLast(...modules: Array<[name: string, model: string, members: string]>): { err: string; verdict: string } {
  const code = modules.map(([n, model, members]) => `(module ${n} G ${model === '' ? '' : `@model [${model}]`} (defcap G () true) ${members})`);
  const last = modules.at(-1)![0];
  const { out, err } = piped(`${code.join('\n')}\n(verify "${last}")\n`);
  return { err, verdict: /"(Verification of \S+ (?:succeeded|failed))"/.exec(out)?.[1] ?? out };
}

describe('defined properties across modules (Check.hs verifyModule)', () => {
  test('a defproperty of the verified module alone is not warned of', () => {
    // The module is counted twice (it is among the loaded ones), but Pact's count of a name
    // starts at zero and it warns of counts above one: three definitions.
    holds('(defun f:integer () @model [(property positive)] 1)', '(defproperty positive (> result 0))');
  });

  test('another loaded module\'s defproperty is in scope; one the verified module also defines is shadowed', () => {
    const a: [string, string, string] = ['a', '(defproperty positive (> result 0)) (defproperty negative (< result 0))', ''];
    assert.deepEqual(verifyLast(a, ['t', '', '(defun f:integer () @model [(property positive)] 1)']),
      { err: '', verdict: 'Verification of t succeeded' });
    const r = verifyLast(a, ['t', '(defproperty positive (< result 0))', '(defun f:integer () @model [(property positive) (property negative)] -1)']);
    assert.equal(r.verdict, 'Verification of t succeeded');
    assert.equal(r.err, ':OutputWarning: Duplicated property definitions for positive\n');
  });

  test('a loaded module\'s malformed @model fails the verification of another', () => {
    const r = verifyLast(['a', '(defproperty)', ''], ['t', '', '(defun f:integer () 1)']);
    assert.equal(r.verdict, 'Verification of t failed');
    assert.match(r.err, /^:OutputFailure: <interactive>:0:\d+: could not parse \(defproperty\): Invalid property definition\n$/);
  });
});

describe('the query-success check of a property\'s own operations (Check.hs verifyFunctionProperty)', () => {
  test('a division the property makes by zero: Pact\'s "Invalid model failure" with the model', () => {
    const r = verify('(defun f:integer (x:integer) @model [(property (= (/ 10 x) 5))] (enforce (= x 2) "") 1)');
    assert.equal(r.verdict, 'Verification of t failed');
    assert.equal(r.err.replace(/^<interactive>:\d+:\d+:/, ''), ['OutputFailure: Invalid model failure:', '  Program trace:',
      '    entering function t.f with argument', '      x = 0', '    ', '      failed to satisfy assertion: (= x 2) ', '  ',
      'Transaction aborted.', ''].join('\n'));
    // Behind `when` (an `or`), the division is only reached where it is defined.
    holds('(defun f:integer (x:integer) @model [(property (when (!= x 0) (= (/ 10 x) (/ 10 x))))] 1)');
  });

  test('list at: an index a property reads past the end fails the query ("query fails"), one it guards does not', () => {
    fails('(defun test:integer (list:[integer]) @model [(property (= result (at 2 list)))] (at 2 list))', 'Invalid model failure:');
    holds('(defun test:integer (list:[integer]) @model [(property (when (> (length list) 2) (= result (at 2 list))))] (at 2 list))');
  });

  test('under forall, the property\'s operations fail only if they fail for every value', () => {
    holds('(defun f:integer (x:integer) @model [(property (forall (y:integer) (= (mod x y) (mod x y))))] 1)');
    fails('(defun f:integer (l:[integer]) @model [(property (forall (i:integer) (= (at i l) (at i l))))] 1)', 'Invalid model failure:', 'l = []');
  });
});

describe('(verify \'m true): the solver\'s input kept in pact-verify-m', () => {
  test('a transcript per check, named as Pact names them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-verify-debug-'));
    try {
      // Piped input is read a line at a time: the module is one line.
      const code = `(module t G (defcap G () true) ${withInvariants('(invariant (> b 0))')} ` +
        '(defun g:integer (x:integer) @model [(property (> result 0)) (succeeds-when (> x 0))] (enforce (> x 0) "") x))\n(verify "t" true)\n';
      const r = spawnSync(PACT, [], { cwd: dir, input: code, encoding: 'utf8' });
      assert.match(r.stdout, /Verification of t succeeded/);
      const files = readdirSync(join(dir, 'pact-verify-t')).sort();
      assert.deepEqual(files, ['invariant-f-CheckDefun.smt', 'invariant-g-CheckDefun.smt', 'property-g-CheckDefun-satisfaction.smt',
        'property-g-CheckDefun-validation.smt']);
      for (const f of files) assert.match(readFileSync(join(dir, 'pact-verify-t', f), 'utf8'), /\(check-sat\)/);
      // Without the flag, no directory.
      rmSync(join(dir, 'pact-verify-t'), { recursive: true });
      spawnSync(PACT, [], { cwd: dir, input: code.replace('"t" true', '"t"'), encoding: 'utf8' });
      assert.ok(!existsSync(join(dir, 'pact-verify-t')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('/verify on the server (Remote/Server.hs)', () => {
  const node = suiteNode();
  /// Pact's JSON of a module definition, as a client posts it.
  const def = (name: string, code: string) => ({ name: { name, namespace: null }, code, meta: { docs: null, model: [] }, imports: [],
    hash: 'x', blessed: [], interfaces: [], governance: { keyset: 'ks' } });
  const verifyRemote = (modules: unknown[], name: unknown) => post(`${node().url}/verify`, JSON.stringify({ modules, verify: name }));

  test('the same lines as the REPL\'s verify of the module loaded the same way', async () => {
    // Two counterexamples and a warning (module q defines `big` too).
    const other = '(module q G @model [(defproperty big (> result 0))] (defcap G () true))';
    const code = '(module p G @model [(defproperty big (> result 100))] (defcap G () true) ' +
      '(defun f:integer (x:integer) @model [(property (when (= x 3) (= result 3)))] (+ x 1)) ' +
      '(defun g:integer (x:integer) @model [(property big)] (enforce (< x 10) "") x))';
    const repl = piped(`(begin-tx)${other}(commit-tx)\n(begin-tx)${code}(commit-tx)\n(verify "p")\n`).err;
    assert.equal(repl.match(/OutputFailure: Invalidating model/g)?.length, 2);
    assert.match(repl, /OutputWarning: Duplicated property definitions for big\n$/);
    const r = await verifyRemote([def('q', other), def('p', code)], { name: 'p' });
    assert.equal(r.status, 200);
    const lines = (JSON.parse(r.text) as { output: Array<{ text: string; type: string; info: string }> }).output;
    assert.equal(lines.map((l) => `${l.info}:${l.type}: ${l.text}\n`).join(''), repl);
  });

  test('a module governed by a keyset loads without it (Pact stubs keyset reads); modules load in dependency order', async () => {
    const mod1 = "(module mod1 'ks (defun f:integer () @doc \"always returns 1\" @model [(property (= result 1))] 1))";
    const mod2 = "(module mod2 'ks2 (use mod1) (defun g:integer () @model [(property (= result 2))] 2))";
    assert.deepEqual(await verifyRemote([def('mod2', mod2), def('mod1', mod1)], { name: 'mod2', namespace: null }),
      { status: 200, type: 'application/json;charset=utf-8', text: '{"output":[]}' });
    // A module not posted: the dependency's own failure.
    assert.equal((await verifyRemote([def('mod2', mod2)], { name: 'mod2' })).text, '<interactive>:0:28:Error: Module mod1 not found');
  });

  test('Pact\'s texts for a module not found and a malformed request', async () => {
    const mod1 = "(module mod1 'ks (defun f:integer () 1))";
    assert.deepEqual(await verifyRemote([def('mod1', mod1)], { name: 'mod3' }), { status: 400, type: 'text/plain;charset=utf-8',
      text: 'ModuleName {_mnName = "mod3", _mnNamespace = Nothing} not found in list of provided modules: ' +
        '[ModuleName {_mnName = "mod1", _mnNamespace = Nothing}]' });
    assert.equal((await verifyRemote([def('mod1', mod1)], 'mod1')).text,
      'Error in $.verify: parsing Pact.Types.Names.ModuleName(ModuleName) failed, expected Object, but encountered String');
    assert.equal((await verifyRemote([{ name: { name: 'mod1' }, code: mod1 }], { name: 'mod1' })).text,
      'Error in $.modules[0]: parsing Pact.Types.Term.Internal.Interface(Interface) failed, key "meta" not found');
  });

  test('an internal error of the analysis: Warp\'s 500', async () => {
    const code = '(module z G (defcap G () true) (defun f:integer () @model [(property (forall (tb:table) (= tb "x")))] 1))';
    assert.deepEqual(await verifyRemote([def('z', code)], { name: 'z' }), { status: 500, type: 'text/plain;charset=utf-8', text: 'Something went wrong' });
  });
});
