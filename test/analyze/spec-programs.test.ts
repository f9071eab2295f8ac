/// `verify` on the programs of Pact 4.13.2's tests/AnalyzeSpec.hs from "execution trace" to
/// "Properties involving or? and and?", case by case in our own words: Pact's verdicts, and its
/// traces where Pact checks them. Every program sits in Pact's test module: an `accounts` table
/// of integer balances and the module-level `defproperty`s its cases use. All modules are
/// verified in one REPL (one solver start) when the first test asks for its outcome.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SPEC_PROPERTIES, verifyEach } from './verify-helpers.ts';
import type { Verified } from './verify-helpers.ts';

const inModule = (code: string, model: string): string =>
  `(module t G @model [${SPEC_PROPERTIES} ${model}] (defcap G () true)
    (defschema account balance:integer) (deftable accounts:{account}) ${code})`;

/// What verification must give: success, a counterexample, or failure output matching a pattern.
type Expect = 'holds' | 'fails' | RegExp;

const cases: { code: string; name: string }[] = [];
let results: Verified[] | null = null;

/// Registers a program of module `t`; the result reads what it printed once the batch has run.
function program(code: string, model = ''): () => Verified {
  return source(inModule(code, model), 't');
}

function source(code: string, name: string): () => Verified {
  const i = cases.push({ code, name }) - 1;
  // The first test to read an outcome runs the whole batch.
  return () => (results ??= verifyEach(cases))[i]!;
}

/// One test per registered program, named `what`, asserting its expectation.
function check(what: string, code: string, expect: Expect, model = ''): void {
  const outcome = program(code, model);
  test(what, () => judge(outcome(), expect));
}

function judge(r: Verified, expect: Expect): void {
  if (expect === 'holds') {
    // (Pact's warning of the duplicated definitions taken off: see `program`.)
    assert.equal(r.err, '');
    assert.equal(r.verdict, 'Verification of t succeeded');
  } else if (expect === 'fails') {
    assert.match(r.verdict, /^Verification of \S+ failed$/, r.err);
    assert.match(r.err, /OutputFailure: Invalidating model found in /);
  } else {
    assert.match(r.err, expect);
  }
}

/// A counterexample's whole text, from Pact's header on: `lines` are the trace's lines below
/// `Program trace:`, with `·` for a value the model chooses.
function trace(fn: string, lines: readonly string[], aborted = false): RegExp {
  return modelText(`Invalidating model found in ${fn}`, lines, aborted);
}

function modelText(header: string, lines: readonly string[], aborted = false): RegExp {
  const escape = (l: string) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/·/g, '[^\\n]*');
  const body = lines.map((l) => `    ${escape(l)}\n`).join('');
  return new RegExp(`OutputFailure: ${escape(header)}\n  Program trace:\n${body}  \n${aborted ? 'Transaction aborted\\.\n' : ''}$`);
}

/// The module did not load: the reader's error (Pact's own case has a bracket out of place).
const UNREADABLE = /^\(interactive\):1:\d+: error: expected: /;

describe('execution trace', () => {
  check('is a linearized trace of events', `(defun test:string (from:string to:string amount:integer)
      "Transfer money between accounts"
      (let ((from-bal (at 'balance (read accounts from))) (to-bal (at 'balance (read accounts to))))
        (enforce (> amount 0) "Non-positive amount")
        (enforce (>= from-bal amount) "Insufficient Funds")
        (update accounts from { "balance": (- from-bal amount) })
        (update accounts to { "balance": (+ to-bal amount) })))`, trace('t.test', [
    'entering function t.test with arguments',
    '  from = ·', '  to = ·', '  amount = ·',
    '',
    '  read { balance: · } from accounts at key · succeeds',
    '  read { balance: · } from accounts at key · succeeds',
    '  let',
    '    from-bal := ·', '    to-bal := ·',
    '    satisfied assertion: (> amount 0) ',
    '    satisfied assertion: (>= from-bal amount) ',
    '    update accounts at key · with { balance: · } succeeds',
    '    update accounts at key · with { balance: · } succeeds',
    '  returning with "Write succeeded"',
    '  ',
  ]), '(property (not success))');
  check('leaves out what a conditional skips', `(defun test:string () @model [(property false)]
      (if false (insert accounts "stu" {"balance": 5}) "didn't write"))`,
  trace('t.test', ['entering function t.test', '  returning with "didn\'t write"', '  ']));
  check('ends at a failed enforce', `(defun test:integer () @model [(succeeds-when true)]
      (write accounts "test" {"balance": 5}) (enforce false "") (at 'balance (read accounts "test")))`,
  trace('t.test', ['entering function t.test', '  write accounts at key "test" with { balance: 5 } succeeds', '  failed to satisfy assertion: false '], true));
  const recovered = trace('t.test', ['entering function t.test', '  recovered from failure to satisfy assertion: false ', '  returning with True', '  ']);
  check('leaves out the cases after a successful enforce-one case', `(defun test:bool () @model [(property (not success))]
      (enforce-one "" [(enforce false "") true (enforce false "")]))`, recovered);
  check('leaves out what follows the first failure in an enforce-one case', `(defun test:bool () @model [(property (not success))]
      (enforce-one "" [(let ((x (enforce false ""))) (enforce true "")) true]))`, recovered);
  check('of a pact: the first step, then a cancellation', `(defpact test (acct:string)
      @model [(property (= (at 'balance (read accounts acct 'after)) 1))]
      (step (let ((yield-me:object{account} { 'balance: 1 })) (write accounts acct { 'balance: 1 }) (yield yield-me)))
      (step (resume { 'balance:= yielded-balance } (write accounts acct { 'balance: yielded-balance }))))`, trace('t.test', [
    'entering pact t.test with argument', '  acct = ·', '',
    '  entering step',
    '    let',
    '      yield-me := (1, ())',
    '      write accounts at key · with { balance: 1 } succeeds',
    '      yield (1, ())',
    '  ',
    '  time passes between steps (arbitrary db updates can occur here)',
    '  pact cancelled',
  ]));
});

describe('module constants, module-scoped properties, read in properties', () => {
  check('references to module constants', '(defconst FOO "FOO") (defun test:string () @model [(property (= result FOO))] FOO)', 'holds');

  const okay = `(defun okay:string (from:string to:string)
      (enforce (!= from to) "sender and receive must not be the same")
      (with-read accounts from { "balance" := from-bal }
        (with-read accounts to { "balance" := to-bal }
          (update accounts from { "balance": (- from-bal 1) })
          (update accounts to { "balance": (+ to-bal 1) }))))`;
  const bad = `(defun bad:string ()
      (with-read accounts "joel" { "balance" := bal } (update accounts "joel" { "balance": (+ bal 1000000000) })))`;
  const conserves = '(property conserves-balance)';
  check('module-scoped properties verify: a transfer conserves the balance', okay, 'holds', conserves);
  check('module-scoped properties verify: a deposit does not', bad, 'fails', conserves);
  check('module-scoped properties verify: a deposit before a transfer', `${bad} ${okay}`, 'fails', conserves);
  check('module-scoped properties verify: a transfer before a deposit', `${okay} ${bad}`, 'fails', conserves);
  check('module-scoped properties verify: except the deposit', `${okay} ${bad}`, 'holds', "(property conserves-balance {'except: [bad]})");
  check('module-scoped properties verify: only a function not there', `${okay} ${bad}`, 'holds', "(property conserves-balance {'only: [good]})");
  check('module-scoped properties verify: except none, of the transfer', okay, 'holds', "(property conserves-balance {'except: []})");
  check('module-scoped properties verify: except none, of the deposit', bad, 'fails', "(property conserves-balance {'except: []})");
  check('module-scoped properties verify: only none', bad, 'holds', "(property conserves-balance {'only: []})");
  check('module-scoped properties verify: only the deposit', bad, 'fails', "(property conserves-balance {'only: [bad]})");

  const reads = (model: string, body: string, ret = 'string') =>
    `(defun test:${ret} (acct:string) @model [${model}] ${body})`;
  const before = "(property (= result (read accounts acct 'before)))";
  check('read (property): the row read', reads(before, '(read accounts acct)', 'object{account}'), 'holds');
  check('read (property): another row read', reads(before, "(read accounts 'brian)", 'object{account}'), 'fails');
  const after100 = "(property (= 100 (at 'balance (read accounts acct 'after))))";
  check('read (property): the row written', reads(after100, "(write accounts acct { 'balance: 100 })"), 'holds');
  check('read (property): another value written', reads(after100, "(write accounts acct { 'balance: 0 })"), 'fails');
  const plus100 = "(property (= (+ (at 'balance (read accounts acct 'before)) 100) (at 'balance (read accounts acct 'after))))";
  check('read (property): before and after', reads(plus100, "(with-read accounts acct { 'balance := bal } (write accounts acct { 'balance: (+ 100 bal) }))"), 'holds');
  check('read (property): another row written', reads(plus100, "(with-read accounts acct { 'balance := bal } (write accounts 'brian { 'balance: (+ 100 bal) }))"), 'fails');
  const code7 = `(write accounts acct { 'balance: 0 })
    (with-read accounts acct { 'balance := bal } (enforce (> bal 0) "") (write accounts acct { 'balance: 100 }))`;
  const exists = (when: string) => `(row-exists accounts acct '${when})`;
  // This function never succeeds, and Pact checks its statements as plain validity (no success
  // assumed, no vacuity check), which no @model check states directly: "success implies Q" is
  // `(fails-when (not Q))`, and, as nothing succeeds, "P" is `(succeeds-when (not P))`.
  check('read (property): success needs the row before and after',
    reads(`(fails-when (not (and ${exists('before')} ${exists('after')})))`, code7), 'holds');
  check('read (property): success writes 100',
    reads("(fails-when (not (= (at 'balance (read accounts acct 'after)) 100)))", code7), 'holds');
  check('read (property): a row there before is there after',
    reads(`(succeeds-when (not (when ${exists('before')} ${exists('after')})))`, code7), 'holds');
});

describe('lists and strings', () => {
  const abc = (ret: string, model: string, body: string) => `(defun test:${ret} (a:integer b:integer c:integer) @model [${model}] ${body})`;
  check('list literals: equal to the same literal', abc('[integer]', '(property (= result [a b c]))', '[a b c]'), 'holds');
  check('list literals: not equal to a shorter one', abc('[integer]', '(property (= result [a b]))', '[a b c]'), 'fails');
  check('deprecated list literals: (list ...) is not analysed', '(defun test:[integer] (a:integer b:integer c:integer) (list a b c))',
    /OutputFailure: Analysis doesn't support this construct yet: /);
  check('make-list', `(defun test:[integer] (a:integer)
      @model [(property (= (length result) 5))
              (property (forall (i:integer) (when (and (>= i 0) (< i 5)) (= (at i result) a))))
              (property (not (!= (take 0 (make-list 2 0)) (take 0 (make-list 2 0)))))]
      (make-list 5 a))`, 'holds');

  const enumerate = (args: string, model: string) => `(defun test:[integer] () @model [${model}] (enumerate ${args}))`;
  check('enumeration positive', enumerate('0 10 1', '(property (= result (enumerate 0 10))) (property (= result (enumerate 0 10 1)))'), 'holds');
  check('enumeration positive (FROM = TO)', enumerate('10 10', '(property (= result [10]))'), 'holds');
  check('enumeration positive (INC = 0)', enumerate('10 10 0', '(property (= result [10]))'), 'holds');
  check('enumeration positive (FROM + INC > TO)', enumerate('10 15 10', '(property (= result [10]))'), 'holds');
  check('enumeration negative', enumerate('10 1 -1', '(property (= result (enumerate 10 1 -1))) (property (= result [10 9 8 7 6 5 4 3 2 1]))'), 'holds');
  // As Pact writes these two, a parenthesis is missing: the module does not load.
  check('enumeration negative should fail', enumerate('10 1 1', '(property (= result (enumerate 10 1 1))'), UNREADABLE);
  check('enumeration positive should fail', enumerate('1 10 -1', '(property (= result (enumerate 1 10 -1))'), UNREADABLE);
  check('enumeration positive with step', enumerate('0 10 2', '(property (= result [0 2 4 6 8 10]))'), 'holds');
  check('enumeration positive with step is not empty', enumerate('0 10 2', '(property (= result []))'), 'fails');

  const str = (model: string, body: string, ret = 'string') => `(defun test:${ret} () @model [${model}] ${body})`;
  check('string drop', str('(property (= result "c"))', '(drop 2 "abc")'), 'holds');
  check('string drop: not two characters', str('(property (= result "bc"))', '(drop 2 "abc")'), 'fails');
  check('string drop from the end', str('(property (= result "ab"))', '(drop -1 "abc")'), 'holds');
  check('string drop from the end: not one character', str('(property (= result "a"))', '(drop -1 "abc")'), 'fails');
  check('string drop of more than there is', str('(property (= result "")) (property (= (length result) 0))', '(drop 4 "abc")'), 'holds');
  check('string take', str('(property (= result "ab"))', '(take 2 "abc")'), 'holds');
  check('string take: not the last two', str('(property (= result "bc"))', '(take 2 "abc")'), 'fails');
  check('string take: not the last two, as Pact writes it (a bracket out of place)', str('(property (= result "bc"]))', '(take 2 "abc")'), UNREADABLE);
  check('string take from the end', str('(property (= result "bc"))', '(take -2 "abc")'), 'holds');
  check('string take from the end: not the first two', str('(property (= result "ab"))', '(take -2 "abc")'), 'fails');
  check('string take of more than there is', str('(property (= result "abc")) (property (= (length result) 3))', '(take 4 "abc")'), 'holds');
  check('string take of nothing', str('(property (= result true))', '(= "" (take 0 "abc"))', 'bool'), 'holds');

  check('list drop', abc('[integer]', '(property (= result [c]))', '(drop 2 [a b c])'), 'holds');
  check('list drop: not two elements', abc('[integer]', '(property (= result [b c]))', '(drop 2 [a b c])'), 'fails');
  check('list drop from the end', abc('[integer]', '(property (= result [a b]))', '(drop -1 [a b c])'), 'holds');
  check('list drop from the end: not one element', abc('[integer]', '(property (= result [a]))', '(drop -1 [a b c])'), 'fails');
  check('list drop of more than there is', abc('[integer]', '(property (= result [])) (property (= (length result) 0))', '(drop 4 [a b c])'), 'holds');
  check('list take', abc('[integer]', '(property (= result [a b]))', '(take 2 [a b c])'), 'holds');
  check('list take: not the last two', abc('[integer]', '(property (= result [b c]))', '(take 2 [a b c])'), 'fails');
  check('list take from the end', abc('[integer]', '(property (= result [b c]))', '(take -2 [a b c])'), 'holds');
  check('list take from the end: not the first two', abc('[integer]', '(property (= result [a b]))', '(take -2 [a b c])'), 'fails');
  check('list take of more than there is', abc('[integer]', '(property (= result [a b c])) (property (= (length result) 3))', '(take 4 [a b c])'), 'holds');
  check('list take of nothing', abc('bool', '(property (= result true))', '(= [] (take 0 [a b c]))'), 'holds');

  check('list at a literal index', abc('integer', '(property (= result a))', '(at 0 [a b c])'), 'holds');
  const atIx = '(defun test:integer (ix:integer) @model [MODEL] (at ix [0 1 2]))';
  check('list at an argument index', atIx.replace('MODEL', '(property (= result ix))'), 'holds');
  // Pact asks whether aborting is satisfiable: a counterexample to always succeeding is one.
  check('list at an argument index may abort', atIx.replace('MODEL', '(succeeds-when true)'), 'fails');
  const at2 = '(defun test:integer (list:[integer]) @model [MODEL] (at 2 list))';
  check('list at of an argument list, long enough', at2.replace('MODEL', '(property (when (> (length list) 2) (= result (at 2 list))))'), 'holds');
  // Pact's own case forgets to put the function in a module; this is what it means to check.
  check('list at of an argument list: the property\'s own at may fail', at2.replace('MODEL', '(property (= result (at 2 list)))'),
    modelText('Invalid model failure:', ['entering function t.test with argument', '  list = ·', '', '  returning with ·', '  ']));

  check('string contains', '(defun test:bool () @model [(property (= result true))] (contains "foo" "foobar"))', 'holds');
  check('list contains', abc('bool', '(property (= result true))', '(contains a [a b c])'), 'holds');
  check('list contains: not false', abc('bool', '(property (= result false))', '(contains a [a b c])'), 'fails');

  check('list concat: not the first part', abc('[integer]', '(property (= result [a b]))', '(+ [a b] [c])'), 'fails');
  check('list concat: another concatenation', abc('[integer]', '(property (= result (+ [a] [b c])))', '(+ [a b] [c])'), 'holds');
  check('list reverse', abc('[integer]', '(property (= result (reverse [a b c])))', '[c b a]'), 'holds');
  check('list sort', `(defun min:integer (x:integer y:integer) (if (< x y) x y))
    ${abc('integer', '(property (= result (at 0 (sort [a b c]))))', '(min a (min b c))')}`, 'holds');
  const distinct = '(defun test:[integer] (a:integer b:integer) @model [MODEL] (enforce (not (= a b)) "") (distinct [a b a]))';
  check('list distinct', distinct.replace('MODEL', '(property (= result [a b]))'), 'holds');
  check('list distinct: not the whole list', distinct.replace('MODEL', '(property (= result [a b a]))'), 'fails');
  check('list distinct property', '(defun test:[integer] (a:integer b:integer) @model [(property (= result (distinct [a b a])))] (distinct [a b a]))', 'holds');
});

describe('higher-order functions', () => {
  check('identity', '(defun test:integer () @model [] (identity 1))', 'holds');
  const mapped = (expected: string, body: string) => `(defun test:[integer] () @model [(property (= result ${expected}))] ${body})`;
  check('list map: identity', mapped('[1 2 3]', '(map (identity) [1 2 3])'), 'holds');
  check('list map: a partial application', mapped('[2 3 4]', '(map (+ 1) [1 2 3])'), 'holds');
  check('list map: constantly', mapped('[1 1 1]', '(map (constantly 1) [1 2 3])'), 'holds');
  check('constantly, composed before', mapped('[2 2 2]', '(map (compose (constantly 1) (+ 1)) [1 2 3])'), 'holds');
  check('constantly, composed after', mapped('[1 1 1]', '(map (compose (+ 1) (constantly 1)) [1 2 3])'), 'holds');
  check('list filter', mapped('[2 3 4]', '(filter (> 5) [2 6 3 7 4 8])'), 'holds');
  check('list filter of a composition', '(defun test:[string] () @model [(property (= result ["dog" "has" "fleas"]))] (filter (compose (length) (< 2)) ["my" "dog" "has" "fleas"]))', 'holds');
  check('list fold', '(defun test:integer () @model [(property (= result 115))] (fold (+) 0 [100 10 5]))', 'holds');
  check('list fold of a lambda', '(defun test:bool () @model [(property (= result false))] (fold (lambda (p:bool curr:string) false) false [""]))', 'holds');
  check('and?', '(defun test:bool () @model [(property (= result false))] (and? (> 20) (> 10) 15))', 'holds');
  check('or?', '(defun test:bool () @model [(property (= result true))] (or? (> 20) (> 10) 15))', 'holds');
  check('typeof', '(defun test:string () @model [(property (= result "string"))] (typeof "foo"))', 'holds');
  check('nested application of higher-order functions (regression #1250): fold of fold', `
    (defun child:bool (acc-parent:bool l:[integer]) (fold (lambda (acc:bool x:integer) (and (= x 0) acc)) acc-parent l))
    (defun parent:bool () @model [(property (= result false))] (fold (child) true [[1]]))`, 'holds');
  check('nested application of higher-order functions (regression #1250): map of map', `
    (defun child:[bool] (l:[integer]) (map (= 0) l))
    (defun parent:[[bool]] () (map (child) [[1]]))`, 'holds');
});

describe('properties of several calls', () => {
  check('associativity of addition', `(defun test:bool (a:integer b:integer c:integer) @model [(property result)]
    (= (+ a (+ b c)) (+ (+ a b) c)))`, 'holds');
  check('associativity of list concatenation', `(defun test:bool (a:[integer] b:[integer] c:[integer]) @model [(property result)]
    (= (+ a (+ b c)) (+ (+ a b) c)))`, 'holds');
  check('testing monotonicity of a function', `(defun f:integer (x:integer) (if (< x 0) (- x 5) (- x 3)))
    (defun test:bool (a:integer b:integer) @model [(property result)] (or (< a b) (not (< (f a) (f b)))))`, 'holds');
});

describe('checking pacts', () => {
  const doit = `(defun doit (amt:integer) (let ((acct "joel"))
    (with-read accounts acct { "balance" := bal } (update accounts acct { "balance": (+ bal amt) }))))`;
  check('working payment (step checking)', `(defpact payment (payer payer-entity payee payee-entity amount:integer)
      @model [(property (= (column-delta accounts 'balance) 0))]
      (step-with-rollback @model [(property (= (column-delta accounts 'balance) (- amount)))] payer-entity
        (debit payer amount) (credit payer amount))
      (step @model [(property (= (column-delta accounts 'balance) amount))] payee-entity (credit payee amount)))
    (defun debit (acct amount) (let ((bal (at 'balance (read accounts acct))))
      (enforce (> amount 0) "Non-positive amount") (enforce (>= bal amount) "Insufficient Funds")
      (update accounts acct { "balance": (- bal amount) })))
    (defun credit (acct amount) (let ((bal (at 'balance (read accounts acct))))
      (enforce (> amount 0) "Non-positive amount") (update accounts acct { "balance": (+ bal amount) })))`, 'holds');
  // As Pact writes it, each step's @model follows the step's entity, where the compiler wants the
  // step's code: the module does not load.
  const failingPayment = (debit: string, credit: string) => `(defpact payment (payer:string payer-entity:string payee:string payee-entity:string amount:integer payer-bal:integer payee-bal:integer)
      @model [(property (when (and (>= payer-bal amount) (and (= payer-bal (at 'balance (read accounts payer 'before)))
                (and (= payee-bal (at 'balance (read accounts payee 'before))) (!= payer payee))))
              (= (column-delta accounts 'balance) 0)))]
      (step-with-rollback ${debit} (update-bal payer (- payer-bal amount) "step 1") (update-bal payer payer-bal "rollback 1"))
      (step ${credit} (update-bal payee (+ payee-bal amount) "step 2")))
    (defun update-bal (acct balance msg:string) (enforce (>= balance 0) "Non-positive balance") (update accounts acct { "balance": balance }))`;
  const debits = "@model [(property (= (column-delta accounts 'balance) (- amount)))]";
  const credits = "@model [(property (= (column-delta accounts 'balance) amount))]";
  // As Pact writes it, each step's @model follows the step's entity, where the compiler wants the
  // step's code: the module does not load.
  check('failing payment (step checking)', failingPayment(`payer-entity ${debits}`, `payee-entity ${credits}`),
    /^\(interactive\):1:\d+: error: Expected: end of input\n/);
  // Our own: with each @model first, as steps take it, each step's property has a counterexample
  // of its own (the step alone, the pact's arguments bound in its scope).
  const stepChecked = program(failingPayment(`${debits} payer-entity`, `${credits} payee-entity`));
  test('failing payment, each step\'s @model where steps take it', () => {
    const { err } = stepChecked();
    const stepFailures = err.split('OutputFailure: Invalidating model found\n  Program trace:\n    entering step\n      payer := ').slice(1);
    assert.equal(stepFailures.length, 2, err);
    assert.match(stepFailures[0]!, /\n        msg = "step 1"\n/);
    assert.match(stepFailures[1]!, /\n        msg = "step 2"\n/);
  });
  check('single-step pact', `(defpact payment () @model [(property (= (column-delta accounts 'balance) 0))] (step (doit 0))) ${doit}`, 'holds');
  check('single-step pact of a constant', `(defpact payment () @model [(property (= (column-delta accounts 'balance) 0))] (step "foo"))`, 'holds');
  check('many-step pact', `(defpact payment () @model [(property (= (column-delta accounts 'balance) 0))]
    (step (doit 0)) (step (doit 0)) (step (doit 0)) (step (doit 0)) (step (doit 0)) (step (doit 0))) ${doit}`, 'holds');
  check('result in defpact property', "(defpact err () @model [(property (= result 1))] (step 1))", /Invalid usage of `result` within a defpact model/);
  check('nontrivial many step pact', `(defpact payment () @model [(property (= (column-delta accounts 'balance) 0))]
    (step-with-rollback (doit (- 1)) (doit 1)) (step-with-rollback (doit (- 2)) (doit 2)) (step (doit 0))
    (step-with-rollback (doit (- 3)) (doit 3)) (step (doit 0)) (step-with-rollback (doit (- 4)) (doit 4))
    (step (doit 0)) (step-with-rollback (doit (- 5)) (doit 5)) (step (doit 15))) ${doit}`, 'holds');
  check('yield / resume', `(defschema schema-pact-id pact-id:string)
    (defpact payment (acct amount) @model [(property (= (column-delta accounts 'balance) 0))]
      (step (let ((pid:object{schema-pact-id} { 'pact-id: (pact-id) })) (yield pid)))
      (step (resume { 'pact-id:= yielded-id }
        (if (= yielded-id (pact-id)) "noop"
          (with-default-read accounts acct { 'balance: 0 } { 'balance := bal } (write accounts acct { 'balance: (+ bal amount) }))))))`, 'holds');
  check('yield with chain-id specified', `(defschema yield-obj val:integer)
    (defpact foo () @model [(property (= 1 1))]
      (step (let ((obj:object{yield-obj} {"val": 5})) (yield obj "some-chain-id")))
      (step (resume { 'val := val } "bar")))`, 'holds');
});

describe('with-default-read, succeeds-when and fails-when', () => {
  const defaulted = (model: string) => `(defun test:integer (acct:string) @model [${model}]
    (with-default-read accounts acct { 'balance: 0 } { 'balance := balance } balance))`;
  check('with-default-read of a missing row', defaulted("(property (when (not (row-exists accounts acct 'before)) (= result 0)))"), 'holds');
  check('with-default-read of a present row', defaulted("(property (when (row-exists accounts acct 'before) (= result (at 'balance (read accounts acct 'before)))))"), 'holds');
  check('with-default-read in a transfer', `(defun test:string () @model [(property (= (column-delta accounts 'balance) 0))]
    (with-read accounts "sender" { "balance" := sender-balance }
      (enforce (= 10 sender-balance) "") (update accounts "sender" { "balance" : (- sender-balance 10) }))
    (with-default-read accounts "receiver" { "balance" : 0 } { "balance" := receiver-balance }
      (write accounts "receiver" { "balance" : (+ receiver-balance 10) })))`, 'holds');
  check('succeeds-when / fails-when, exact and weaker', `(defun test:bool (x:integer)
    @model [(succeeds-when (> x 0)) (fails-when (<= x 0)) (succeeds-when (> x 1000)) (fails-when (< x -1000))]
    (enforce (> x 0) ""))`, 'holds');
  check('succeeds-when / fails-when at the module level', '(defun test:bool (x:integer) (enforce (> x 0) ""))', 'holds',
    `(succeeds-when (> x 0)) (fails-when (<= x 0)) (succeeds-when (> x 0) { 'only: [test] }) (fails-when (<= x 0) { 'only: [test] })
     (succeeds-when (> x 1000) { 'except: [] }) (fails-when (<= x 0) { 'except: [] })`);
});

describe('interfaces and regressions', () => {
  const coinSig = (other: string) => `(interface coin-sig
    (defun transfer:string (sender:string receiver:string receiver-guard:guard amount:decimal)
      @model [(property (> amount 0.0)) (property (not (= sender ${other})))]))`;
  const misspelt = source(coinSig('reciever'), 'coin-sig');
  test('scope-checking interfaces: flags reciever != receiver', () => {
    assert.equal(misspelt().err, ':OutputFailure: Scope checking errors\n:OutputFailure: Variable not in scope: reciever\n');
    assert.equal(misspelt().verdict, 'Verification of coin-sig failed');
  });
  const spelt = source(coinSig('receiver'), 'coin-sig');
  test('scope-checking interfaces: checks when spelled correctly', () => {
    assert.equal(spelt().err, '');
    assert.equal(spelt().verdict, 'Verification of coin-sig succeeded');
  });
  check('vacuous property produces error', '(defun test:bool (x:integer) @model [(property false)] (enforce false ""))', /OutputFailure: Vacuous property encountered! /);
  check('regression #1182', '(defun test:[string] (x:[string]) @model [(property (= x x))] (let ((default-val:[string] [])) default-val) x)', 'holds');
  check('partial bind (regression #1173): a binding to _', `(defschema ty "" a:integer b:time)
    (defun test (x:object{ty}) @model [(property true)] (bind x {"b" := _} 1))`, 'holds');
  check('partial bind (regression #1173): chain-data', `(defun test (x:integer) @model [(property (>= x 0))]
    (enforce (> x 0) "x must be greater than 0")
    (bind (chain-data) { "block-height" := block-height, "block-time" := block-time } (* block-height x)))`, 'holds');
});

describe('Properties involving or? and and?', () => {
  const constant = (p: string) => `(defun test () @model [(property ${p})] true)`;
  check('or? of constants, true', constant('(or? (> 1) (> 2) 1)'), 'holds');
  check('or? of constants, false', constant('(or? (> 1) (> 2) 3)'), 'fails');
  check('and? of constants, true', constant('(and? (> 1) (> 2) 0)'), 'holds');
  check('and? of constants, false', constant('(and? (> 1) (> 2) 3)'), 'fails');
  const enforced = (q: string) => `(defun test (x:integer y:integer z:integer) @model [(property (${q} (> x) (> y) z))] (enforce (${q} (> x) (> y) z) "") true)`;
  check('or? of arguments, enforced', enforced('or?'), 'holds');
  check('and? of arguments, enforced', enforced('and?'), 'holds');
});
