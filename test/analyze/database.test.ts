/// `verify` over tables, objects, keysets and capabilities: Pact 4.13.2's verdicts for cases after
/// tests/AnalyzeSpec.hs (named after its `describe`s, in our own words) and the texts of its
/// counterexamples' database accesses, guard checks and invariant failures.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fails, holds, verify } from './verify-helpers.ts';
import { piped } from '../helpers/pact.ts';

const TOKENS = '(defschema token-row name:string balance:integer) (deftable tokens:{token-row})';
const ACCOUNTS = '(defschema account balance:integer) (deftable accounts:{account})';
const GUARDED = '(defschema account @model [(invariant (>= balance 0.0))] balance:decimal) (deftable accounts:{account})';

describe('database', () => {
  test('table-read / table-written: which tables a function touches', () => {
    holds(`${TOKENS} (defun f:integer () @model [(property (table-read tokens)) (property (not (table-written tokens)))]
      (with-read tokens "stu" { "balance" := bal } bal))`);
    holds(`${TOKENS} (defun f:string () @model [(property (when (table-written tokens) success))
        (property (not (row-exists tokens "stu" 'before))) (property (row-exists tokens "stu" 'after))]
      (insert tokens "stu" { "balance": 5, "name": "stu" }))`);
    holds(`${TOKENS} (defun f:string () @model [(property (table-written tokens)) (property (row-exists tokens "stu" 'before))]
      (update tokens "stu" { "balance": 5 }))`);
    holds(`${TOKENS} (defun f:string () @model [(property (table-written tokens))] (write tokens "stu" { "balance": 5, "name": "x" }))`);
  });

  test('table-written.conditional: a write on the path not taken does not count', () => {
    holds(`${TOKENS} (defun f:string (x:bool) @model [(property (not (table-written tokens)))]
      (enforce x "x must be true") (if x "didn't write" (insert tokens "stu" { "balance": 5, "name": "" })))`);
    fails(`${TOKENS} (defun f:string (x:bool) @model [(property (not (table-written tokens)))]
      (if x (insert tokens "stu" { "balance": 5, "name": "" }) "didn't write"))`, 'insert into tokens at key "stu" with { balance: 5, name: "" } succeeds');
  });

  test('table-read.multiple-read / one-read: a row inserted then read back', () => {
    holds(`${TOKENS} (defun f:bool () @model [(property (when (not (row-exists tokens "stu" 'before)) success))]
      (insert tokens "stu" { "balance": 5, "name": "stu" })
      (let ((stu-name (at 'name (read tokens "stu"))) (stu-balance (at 'balance (read tokens "stu"))))
        (enforce (= stu-name "stu") "name is stu") (enforce (= stu-balance 5) "balance is 5")))`);
  });

  test('with-read, nested; bind from a read and from a literal', () => {
    holds(`${ACCOUNTS} (defun f:bool (acct:string) @model [(property (when (row-exists accounts acct 'before) success))]
      (update accounts acct { "balance": 0 })
      (with-read accounts acct { "balance" := bal } (update accounts acct { "balance": 10 })
        (with-read accounts acct { "balance" := bal } (enforce (= bal 10) "Shadowing failed"))))`);
    holds(`${ACCOUNTS} (defun f:integer () @model [(property (when (row-exists accounts "bob" 'before) success))]
      (update accounts "bob" { "balance": 10 })
      (let ((obj:object{account} (read accounts "bob"))) (bind obj { "balance" := bal } (enforce (= bal 10) "Bind failed") bal)))`);
    holds(`${ACCOUNTS} (defun f:integer () @model [(succeeds-when true)]
      (let ((acct:object{account} { "balance": 10 })) (bind acct { "balance" := bal } (enforce (= bal 10) "Bind failed") bal)))`);
  });

  test('objects: an argument of a schema type, literals, at, equality', () => {
    holds(`${ACCOUNTS} (defun f:integer (o:object{account}) @model [(property (= result (+ 1 (at 'balance o))))] (+ 1 (at 'balance o)))`);
    holds(`${ACCOUNTS} (defun f:bool (o:object{account}) @model [(property (= result (= (at 'balance o) 1)))] (= o { "balance": 1 }))`);
    // An object value shows as Pact's analysis pretty-prints it: the nested pairs of SBV's tuple.
    fails(`${ACCOUNTS} (defun f:integer (o:object{account}) @model [(property (> result 0))] (at 'balance o))`, 'o = (0, ())');
  });

  test('an object without a schema is Pact\'s Any: translated, but not written to its column', () => {
    const NOTES = '(defschema note text:string data:object) (deftable notes:{note})';
    holds(`${NOTES} (defun f:string (k:string d:object) (update notes k { "data": d }))`);
    holds(`${NOTES} (defun f:string (k:string) @model [(property true)] (with-read notes k { "data" := d } (update notes k { "data": d })))`);
    assert.match(verify(`${NOTES} (defun f:string (k:string) @model [(property true)] (update notes k { "data": { "a": 1 } }))`).err,
      /OutputFailure: eVArrayAt: bad setter access: SObjectUnsafe \(SCons "a" SInteger SNil\) vs SAny\n$/);
  });

  test('chain-data: arbitrary but fixed, heights not negative', () => {
    holds('(defun f:integer () @model [(property (>= result 0))] (at "block-height" (chain-data)))');
    holds('(defun f:bool () @model [(property result)] (= (at "chain-id" (chain-data)) (at "chain-id" (chain-data))))');
    fails('(defun f:bool () @model [(property result)] (= (at "chain-id" (chain-data)) "0"))');
  });

  test('with-default-read: the default when the row is missing', () => {
    holds(`${ACCOUNTS} (defun f:integer (k:string) @model [(property (when (not (row-exists accounts k 'before)) (= result 7)))]
      (with-default-read accounts k { "balance": 7 } { "balance" := b } b))`);
  });

  test('enforce-keyset.row-level.write-count: row-write-count and row-read-count', () => {
    holds(`${ACCOUNTS} (defun f:string () @model [(property (= (row-write-count accounts "joel") 2))
        (property (not (row-written accounts "joel"))) (property (= (row-read-count accounts "joel") 0))]
      (write accounts 'joel { 'balance: 10 }) (write accounts 'joel { 'balance: 100 }))`);
  });

  test('conserves-mass: a transfer between distinct accounts keeps the column sum', () => {
    const transfer = (check: string) => `${ACCOUNTS} (defun f:string (from:string to:string amount:integer)
      @model [(property (= (column-delta accounts 'balance) 0))]
      (let ((from-bal (at 'balance (read accounts from))) (to-bal (at 'balance (read accounts to))))
        (enforce (> amount 0) "Non-positive amount") (enforce (>= from-bal amount) "Insufficient Funds") ${check}
        (update accounts from { "balance": (- from-bal amount) }) (update accounts to { "balance": (+ to-bal amount) })))`;
    holds(transfer('(enforce (!= from to) "Sender is the recipient")'));
    fails(transfer(''), 'Invalidating model found in t.f');
    holds(`${ACCOUNTS} (defun f:string () @model [(property (= (column-delta accounts 'balance) 0))] (insert accounts "stu" { "balance": 0 }))`);
  });

  test('cell-delta.integer: a cell written twice has the last write\'s delta', () => {
    holds(`${ACCOUNTS} (defun f:string () @model [(property (not (exists (row:string) (= (cell-delta accounts 'balance row) 2))))
        (property (forall (row:string) (when (!= row "bob") (= (cell-delta accounts 'balance row) 0))))
        (property (= (cell-delta accounts 'balance "bob") 3))]
      (with-read accounts "bob" { "balance" := old } (update accounts "bob" { "balance": (+ old 2) }) (update accounts "bob" { "balance": (+ old 3) })))`);
  });

  test('read in a property: a row before and after', () => {
    holds(`${ACCOUNTS} (defun f:string (k:string) @model [(property (= (at 'balance (read accounts k 'after)) (+ 1 (at 'balance (read accounts k 'before)))))]
      (with-read accounts k { "balance" := b } (update accounts k { "balance": (+ b 1) })))`);
  });

  test('enforce.purity: an enforce condition may not touch the database', () => {
    const cases: Array<[string, string]> = [
      ['(= 1 (at "balance" (read accounts "key")))', 'Encountered disallowed DB read from table TableName "accounts" in pure context'],
      ['(= "key" (write accounts "key" { "balance": 10 }))', 'Encountered disallowed DB write to table TableName "accounts" in pure context'],
      ['(= "key" (insert accounts "key" { "balance": 10 }))', 'Encountered disallowed DB insert to table TableName "accounts" in pure context'],
      ['(= "key" (update accounts "key" { "balance": 10 }))', 'Encountered disallowed DB update to table TableName "accounts" in pure context'],
    ];
    for (const [cond, text] of cases) {
      const r = verify(`${ACCOUNTS} (defun f:bool () @model [(property true)] (enforce ${cond} ""))`);
      assert.match(r.err, new RegExp(`^<interactive>:0:\\d+:OutputFailure: ${text.replace(/[()]/g, '\\$&')}\n$`));
    }
  });
});

describe('schema invariants', () => {
  test('conserves-mass.decimal: a guarded transfer keeps the invariant and the column sum', () => {
    holds(`${GUARDED} (defun f:string (from:string to:string amount:decimal) @model [(property (= (column-delta accounts 'balance) 0.0))]
      (let ((from-bal (at 'balance (read accounts from))) (to-bal (at 'balance (read accounts to))))
        (enforce (> amount 0.0) "Non-positive amount") (enforce (>= from-bal amount) "Insufficient Funds")
        (enforce (!= from to) "Sender is the recipient")
        (update accounts from { "balance": (- from-bal amount) }) (update accounts to { "balance": (+ to-bal amount) })))`);
  });

  test('conserves-mass.decimal.failing-invariant: a negative amount breaks the invariant, reported at it', () => {
    const err = fails(`${GUARDED} (defun f:string (from:string to:string amount:decimal)
      (let ((from-bal (at 'balance (read accounts from))) (to-bal (at 'balance (read accounts to))))
        (enforce (>= from-bal amount) "Insufficient Funds") (enforce (!= from to) "Sender is the recipient")
        (update accounts from { "balance": (- from-bal amount) }) (update accounts to { "balance": (+ to-bal amount) })))`);
    const lines = err.split('\n');
    assert.match(lines[0]!, /^<interactive>:0:\d+:OutputFailure: Invalidating model found in t\.f$/);
    assert.match(err, /\n {6}read \{ balance: [\d.]+ \} from accounts at key "[^"]*" succeeds\n/);
    assert.match(err, /\n {8}update accounts at key "[^"]*" with \{ balance: -0\.0*1 \} succeeds\n/);
    // The invariant's location: the text after the schema's `@model [`.
    assert.equal(Number(/^<interactive>:0:(\d+)/.exec(lines[0]!)![1]), GUARDED.indexOf('(invariant') + 11 + '(module t G (defcap G () true) '.length);
  });

  test('an invariant holds of rows read, so a function that only reads keeps it', () => {
    holds(`${GUARDED} (defun f:decimal (k:string) @model [(property (>= result 0.0))] (at 'balance (read accounts k)))`);
  });
});

describe('keysets and guards', () => {
  test('enforce-keyset.name.static: success means the named keyset passed', () => {
    holds('(defun f:bool () @model [(property (authorized-by \'ks))] (enforce-keyset \'ks))');
    const err = fails('(defun f:bool () @model [(property (authorized-by \'other))] (enforce-keyset \'ks))');
    assert.match(err, /\n {6}satisfied guard named 'ks\n/);
  });

  test('enforce-keyset.name.dynamic, keyset-ref-guard, and a failed guard in the trace', () => {
    holds('(defun f:bool () @model [(fails-when (not (authorized-by "ks")))] (enforce-keyset (+ "k" "s")))');
    holds('(defun f:bool () @model [(property (authorized-by "foo"))] (enforce-guard (keyset-ref-guard "foo")))');
    const err = fails('(defun f:bool () @model [(succeeds-when true)] (enforce-keyset \'ks))');
    assert.match(err, /\n {6}failed to satisfy guard named 'ks\n {2}\nTransaction aborted\.\n$/);
  });

  test('read-keyset.equality: one name read twice is one keyset; a guard argument is described by name', () => {
    holds('(defun f:bool () @model [(succeeds-when true)] (enforce (= (read-keyset "ks") (read-keyset (+ "k" "s"))) "keysets differ"))');
    assert.match(fails('(defun f:bool (ks:keyset) @model [(succeeds-when true)] (enforce-keyset ks))'), /failed to satisfy guard from argument ks\n/);
    assert.match(fails('(defun f:bool () @model [(succeeds-when true)] (enforce-guard (read-keyset "k")))'), /failed to satisfy guard from tx metadata attribute named "k"\n/);
  });
});

describe('capabilities', () => {
  const CAPS = `(defcap TRANSFER (a:string) (enforce (!= a "") "nonempty"))
    (defun inner:integer (a:string) (require-capability (TRANSFER a)) 1)`;

  test('requesting token that was granted / not granted for the same args', () => {
    holds(`${CAPS} (defun f:integer (a:string) @model [(property (= result 1)) (property (!= a ""))] (with-capability (TRANSFER a) (inner a)))`);
    const err = fails(`${CAPS} (defun f:integer (a:string) @model [(succeeds-when true)] (with-capability (TRANSFER "x") (inner a)))`);
    assert.match(err, /\n {6}entering capability t\.t\.TRANSFER with argument\n {8}a = "x"\n/);
    assert.match(err, /\n {8}failed to satisfy requirement of capability t\.TRANSFER\n/);
  });

  test('compose-capability grants an additional capability', () => {
    holds(`${CAPS} (defcap OUTER () (compose-capability (TRANSFER "x")))
      (defun f:integer () @model [(succeeds-when true)] (with-capability (OUTER) (inner "x")))`);
  });

  test('requesting a capability that is never in scope warns at each checked function', () => {
    const r = verify(`${CAPS} (defun g:integer () @model [(property true) (property (= result 1))] (inner "a"))`);
    assert.equal(r.verdict, 'Verification of t succeeded');
    assert.match(r.err, /^<interactive>:0:\d+:OutputWarning: Direct execution restricted by capability t\.TRANSFER\n$/);
  });
});

describe('time and format', () => {
  test('add-time and diff-time in seconds; time literals', () => {
    holds('(defun f:decimal (t1:time) @model [(property (= result 90.0))] (diff-time (add-time t1 (minutes 1)) (add-time t1 -30)))');
    holds('(defun f:bool () @model [(property result)] (< (time "2016-07-22T11:26:35Z") (add-time (time "2016-07-22T11:26:35Z") 0.5)))');
  });

  test('format of strings, integers and booleans', () => {
    holds('(defun f:string (s:string) @model [(property (= result (+ "k:" (+ s ":-12:true"))))] (format "k:{}:{}:{}" [s -12 true]))');
  });
});

describe('row-level guards', () => {
  const TOKENS_KS = '(defschema token-row name:string balance:integer ks:keyset ks2:keyset) (deftable tokens:{token-row})';

  test('enforce-keyset.row-level.read: the row read had its own keyset enforced', () => {
    holds(`${TOKENS_KS} (defun f:integer (acct:string) @model [(property (row-enforced tokens 'ks acct))
        (property (forall (row:string) (when (row-read tokens row) (row-enforced tokens 'ks row))))
        (property (forall (row:string) (= (row-write-count tokens row) 0)))]
      (with-read tokens acct { "ks" := ks, "balance" := bal } (enforce-keyset ks) bal))`);
    // The other keyset of the row was not enforced.
    fails(`${TOKENS_KS} (defun f:integer (acct:string) @model [(property (row-enforced tokens 'ks2 acct))]
      (with-read tokens acct { "ks" := ks, "balance" := bal } (enforce-keyset ks) bal))`, 'satisfied guard from database at ("tokens", \'"ks", S {_sProv = Nothing, _sSbv = <symbolic> :: SString})');
  });

  test('enforce-keyset.row-level.write.invalidation: a keyset the function wrote does not count', () => {
    fails(`${TOKENS_KS} (defun f:integer (acct:string user:keyset) @model [(property (forall (row:string) (when (row-read tokens row) (row-enforced tokens 'ks row))))]
      (update tokens acct { "ks": user })
      (with-read tokens acct { "ks" := ks, "balance" := bal } (enforce-keyset ks) bal))`);
  });

  test('row-enforced of a column that is not a guard fails to parse', () => {
    assert.match(verify(`${TOKENS_KS} (defun f:integer () @model [(property (row-enforced tokens 'balance "a"))] 1)`).err,
      /expected column balance in table tokens to have type guard, instead found integer\n$/);
  });
});

describe('enforce-one', () => {
  test('enforce-one.1-3: the first case that passes gives the value; one must pass', () => {
    holds('(defun f:bool (x:integer) @model [(succeeds-when (or (> x 0) (< x -10))) (property result)] (enforce-one "none" [(enforce (> x 0) "pos") (enforce (< x -10) "neg")]))');
    holds('(defun f:bool () @model [(fails-when true)] (enforce-one "none" []))');
  });

  test('a case that fails is recovered from in the trace; the last one is not', () => {
    const err = fails('(defun f:bool (x:integer) @model [(succeeds-when true)] (enforce-one "none" [(enforce (> x 0) "pos") (enforce (> x 5) "big")]))');
    assert.match(err, /\n {6}recovered from failure to satisfy assertion: \(> x 0\) \n {6}failed to satisfy assertion: \(> x 5\) \n {2}\nTransaction aborted\.\n$/);
  });

  test('enforce-one.disallow-writes: its cases may read but not write', () => {
    holds(`${ACCOUNTS} (defun f:bool () @model [(property true)] (enforce-one "" [(= 1 (at 'balance (read accounts "a")))]))`);
    assert.match(verify(`${ACCOUNTS} (defun f:bool () @model [(property true)] (enforce-one "" [(= "" (write accounts "a" { "balance": 1 }))]))`).err,
      /OutputFailure: Encountered disallowed DB write to table TableName "accounts" in read-only context\n$/);
  });
});

describe('natives Pact does not model', () => {
  test('are shimmed with a value of their type and a warning at the call', () => {
    const r = verify(`(defcap EV (a:string) @event true)
      (defun f:bool (s:string) @model [(property result)] (emit-event (EV s)) (is-charset CHARSET_ASCII s))
      (defun g:string (s:string) @model [(property (= result ""))] (install-capability (EV s)) (int-to-str 16 (length s)))`);
    assert.equal(r.verdict, 'Verification of t succeeded');
    const warnings = r.err.split('\n').filter((l) => l !== '').map((l) => l.replace(/^<interactive>:0:\d+:/, ''));
    assert.deepEqual(warnings.sort(), [
      'OutputWarning: Unsupported operation: install-capability: substituting empty string',
      'OutputWarning: Unsupported operation: int-to-str: substituting empty string',
      'OutputWarning: Unsupported operation: is-charset: substituting True',
    ]);
  });

  test('emit-event needs an event or managed capability; read-msg is not supported', () => {
    assert.match(verify('(defcap C () true) (defun f:bool () (emit-event (C)))').err, /OutputFailure: Capability t\.C not managed or event\n$/);
    assert.match(verify('(defun f:string () (read-msg "k"))').err, /OutputFailure: `read-msg` is not yet supported\n$/);
  });

  test('read-decimal, read-integer and read-string are the transaction data by name', () => {
    holds('(defun f:bool () @model [(property result)] (= (read-integer "n") (read-integer "n")))');
    fails('(defun f:decimal () @model [(property (>= result 0.0))] (read-decimal "amt"))', 'returning with -');
  });
});

describe('defpacts', () => {
  const STEPS = (rollback: string) => `${ACCOUNTS} (defpact p (a:string b:string amt:integer)
    @model [(property (= (column-delta accounts 'balance) 0))]
    (step${rollback === '' ? '' : '-with-rollback'}
      (with-read accounts a { "balance" := x } (update accounts a { "balance": (- x amt) })) ${rollback})
    (step (with-read accounts b { "balance" := y } (update accounts b { "balance": (+ y amt) }))))`;

  test('a later step may be cancelled instead; the rollbacks before it then run', () => {
    holds(STEPS('(with-read accounts a { "balance" := x } (update accounts a { "balance": (+ x amt) }))'));
    const err = fails(STEPS(''), 'Invalidating model found in t.p');
    assert.match(err, /\n {4}entering pact t\.p with arguments\n/);
    assert.match(err, /\n {6}entering step\n {8}read \{ balance: -?\d+ \} from accounts at key "[^"]*" succeeds\n/);
    assert.match(err, /\n {6}\n {6}time passes between steps \(arbitrary db updates can occur here\)\n {6}pact cancelled\n {2}\n$/);
  });

  test('yield and resume pass an object from one step to the next', () => {
    holds(`(defschema ny n:integer) (defpact p (n:integer) @model [(property true)]
      (step (let ((o:object{ny} { "n": (+ n 1) })) (yield o)))
      (step (resume { "n" := m } (enforce (= m (+ n 1)) "passed on"))))`);
    const err = fails(`(defschema ny n:integer) (defpact p (n:integer) @model [(succeeds-when true)]
      (step (let ((o:object{ny} { "n": n })) (yield o)))
      (step (resume { "n" := m } (enforce (> m 0) "positive"))))`);
    assert.match(err, /\n {10}yield \(-?\d+, \(\)\)\n {6}entering step\n/);
    assert.match(err, /\n {8}resume \(\(-?\d+, \(\)\)\)\n/);
  });

  test('pact-id: a function may or may not run in a pact; result is meaningless in a defpact\'s properties', () => {
    holds('(defun f:string () @model [(property true)] (pact-id))');
    fails('(defun f:string () @model [(succeeds-when true)] (pact-id))');
    holds('(defpact p () @model [(succeeds-when true)] (step (pact-id)))');
    assert.match(verify('(defpact p () @model [(property (= result ""))] (step "a"))').err, /^:OutputFailure: Invalid usage of `result` within a defpact model\n$/);
  });
});

describe('guards made by the module, principals', () => {
  test('create-user-guard passing / failing: the guard passes when the call succeeds', () => {
    holds(`(defun check:bool (n:integer) (enforce (> n 1) "more than one"))
      (defun f:bool (n:integer) @model [(property (> n 1)) (succeeds-when (> n 1)) (fails-when (<= n 1))] (enforce-guard (create-user-guard (check n))))`);
    holds(`(defun never:bool () (enforce false "")) (defun f:bool () @model [(fails-when true)] (enforce-guard (create-user-guard (never))))`);
  });

  test('create-capability-guard: success and failure; create-pact-guard passes in a pact', () => {
    holds('(defcap CAP (i:integer) true) (defun f:bool () @model [(succeeds-when true)] (with-capability (CAP 1) (enforce-guard (create-capability-guard (CAP 1)))))');
    holds('(defcap CAP (i:integer) true) (defun f:bool () @model [(fails-when true)] (with-capability (CAP 2) (enforce-guard (create-capability-guard (CAP 1)))))');
    holds('(defun f:bool () @model [(property true)] (enforce-guard (create-pact-guard "foo")))');
    fails('(defun f:bool () @model [(succeeds-when true)] (enforce-guard (create-pact-guard "foo")))');
  });

  test('user guards can\'t fail unless enforced', () => {
    holds('(defun never:bool () (enforce false "")) (defun f:guard () @model [(succeeds-when true)] (create-user-guard (never)))');
  });

  test('create-principal and validate-principal of a guard', () => {
    holds(`(defun check:bool () true)
      (defun f:bool () @model [(property result)] (let ((g (create-user-guard (check)))) (validate-principal g (create-principal g))))`);
  });

  test('enumerate and distinct', () => {
    holds('(defun f:integer () @model [(property (= result 4))] (length (enumerate 1 10 3)))');
    holds('(defun f:bool () @model [(property result)] (= (enumerate 10 1 -3) [10 7 4 1]))');
    holds('(defun f:integer () @model [(property (= result 3))] (length (distinct [1 2 2 3])))');
    holds('(defun f:integer () @model [(fails-when true)] (length (enumerate 1 10 -1)))');
  });
});

describe('governance', () => {
  test('keyset-based governance is connected to authorized-by and governance-passes', () => {
    const module = `(module g 'ks (defconst NAME:string 'ks)
        (defun f:bool () @model [(property (authorized-by 'ks)) (property governance-passes) (property (authorized-by NAME))]
          (enforce-guard (create-module-guard "governance"))))`.replace(/\s*\n\s*/g, ' ');
    const r = piped(`(env-exec-config ["DisablePact44"])\n(env-data { "ks": ["k"] })\n(env-keys ["k"])\n(define-keyset 'ks (read-keyset "ks"))\n${module}\n(verify "g")\n`);
    assert.match(r.out, /"Verification of g succeeded"/, r.err);
  });

  test('capability-based governance is not analysed: its guard may pass or not', () => {
    holds('(defun f:bool () @model [(property governance-passes)] (enforce-guard (create-module-guard "governance")))');
    fails('(defun f:bool () @model [(succeeds-when true)] (enforce-guard (create-module-guard "governance")))');
  });
});
