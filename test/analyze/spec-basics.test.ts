/// `verify` cases after tests/AnalyzeSpec.hs, from "decimal arithmetic" to "let" (in our own
/// words, each test named after the Pact `describe` it follows), for the cases verify.test.ts and
/// database.test.ts do not already cover. Pact's checks map to properties: `Valid success` is
/// `(succeeds-when true)`, `Valid abort` is `(fails-when true)`, `Satisfiable abort` is a
/// falsified `(succeeds-when true)`, `Satisfiable success` a falsified `(fails-when true)`,
/// `Valid (success => P)` is `(property P)` and `Valid (P => success)` is `(succeeds-when P)`;
/// a `Valid P` of another shape is both `(succeeds-when (not P))` and `(fails-when (not P))`
/// (together: `(not P)` cannot happen).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fails, holds, verify } from './verify-helpers.ts';

const ACCOUNTS = '(defschema account balance:integer) (deftable accounts:{account})';
const TOKENS = '(defschema token-row name:string balance:integer ks:keyset) (deftable tokens:{token-row})';

/// `Valid P`, whatever P says of success (see the top of the file).
const valid = (p: string): string => `(succeeds-when (not ${p})) (fails-when (not ${p}))`;

/// The decimal with the digit `n` (negated when negative) in its 255th, last, place.
const lastPlace = (n: number): string => `${n < 0 ? '-' : ''}0.${'0'.repeat(254)}${Math.abs(n)}`;
/// 10^256 as a decimal literal.
const E256 = `1${'0'.repeat(256)}.0`;

describe('decimal arithmetic (AnalyzeSpec "decimal arithmetic", "decimal division")', () => {
  test('+, negate, and shifts by a power of ten', () => {
    holds('(defun f:decimal () @model [(property (= result 3.3))] (+ 1.1 2.2))');
    holds('(defun f:decimal () @model [(property (= result -2.25))] (* 1.5 -1.5))');
    holds('(defun f:decimal () @model [(property (= result -2.25))] (* -1.5 1.5))');
    holds('(defun f:decimal () @model [(property (= result 2.25))] (* -1.5 -1.5))');
    holds('(defun f:decimal () @model [(property (= result -1.5))] (- 1.5))');
    holds('(defun f:decimal () @model [(property (= result 1.5))] (- -1.5))');
    holds('(defun f:decimal () @model [(property (= result 15.0))] (* 1.5 10))');
    holds('(defun f:decimal () @model [(property (= result -15.0))] (* -1.5 10))');
    holds('(defun f:decimal () @model [(property (= result 1.0))] (dec (floor 1.5)))');
    holds('(defun f:integer () @model [(property (= result 0))] (floor 0.0))');
    holds('(defun f:integer () @model [(property (= result 1))] (floor 1.5))');
  });

  test('banker\'s method: halves round to the even neighbour', () => {
    holds('(defun f:integer () @model [(property (= result 2))] (round 1.5))');
    holds('(defun f:integer () @model [(property (= result -2))] (round -2.5))');
  });

  test('division handles the last decimal place', () => {
    holds(`(defun f:decimal () @model [(property (= result 1.000000000000121334316980759948431357013938975877803928214364623522650045615600621337146939720454311443026061056754776474139591383112306668111215913835129748371209820415844429729847990579481732664375546615468582277686924612859136684739968417878803629721864))]
      (/ 1581138830084.1918464 1581138830084.0))`);
  });

  test('division rounds the last digit half to even, away from zero otherwise', () => {
    const cases: Array<[string, string, number]> = [
      ['15.0', E256, 2], ['17.0', E256, 2], ['-17.0', `-${E256}`, 2],
      ['25.0', E256, 2], ['13.0', E256, 1], ['-13.0', `-${E256}`, 1],
      ['-15.0', E256, -2], ['-17.0', E256, -2], ['17.0', `-${E256}`, -2],
      ['-25.0', E256, -2], ['-13.0', E256, -1], ['13.0', `-${E256}`, -1],
    ];
    const funs = cases.map(([a, b, r], i) => `(defun f${i}:decimal () @model [(property (= result ${lastPlace(r)}))] (/ ${a} ${b}))`);
    holds(funs.join(' '));
  });

  test('handles division by a negative number', () => {
    holds(`(defun f:decimal () @model [(property (= result 0.0))] (/ 0.0 -1${'0'.repeat(240)}.0))`);
  });
});

describe('big multiplications (the second)', () => {
  test('rounds up the last digit when appropriate', () => {
    holds(`(defun f:bool () @model [(succeeds-when true)]
      (let ((x:decimal (* 1581138830084.192052937980207914179905763920823196984267407804357031202155885633105058076747359551154153957331638299995511193600000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
                          1581138830084.192220194412674817793768840142081644758814711734437239116786835916965025889939456340088832614965073903903044055232345709136743725518878029119488000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000))
            (y:decimal 2500000000000007812618040.433562734137684699135011741551181715981891159652849247733486729055338549963875582523604695139936764674737736206382376787827325735603006181405156090936148131370459148823374617217523084670407741689762536216481173675491045653179580074788284514172469055900877))
        (enforce (= x y) "x and y are not equal")))`);
  });
});

describe('describe-namespace', () => {
  test('ends verification: the analysis does not support it', () => {
    const r = verify("(defun f () (describe-namespace 'test))");
    assert.equal(r.verdict, 'Verification of t failed');
    assert.match(r.err, /OutputFailure: /);
  });
});

describe('keysets and guards', () => {
  test('enforce-keyset.value / enforce-guard: a keyset argument may pass or not', () => {
    for (const f of ['enforce-keyset', 'enforce-guard']) {
      fails(`(defun f:bool (ks:keyset) @model [(succeeds-when true)] (${f} ks))`);
      fails(`(defun f:bool (ks:keyset) @model [(fails-when true)] (${f} ks))`);
    }
  });

  test('enforce-keyset.purity / enforce-guard.purity: the guard may come from a read', () => {
    const KEYSETS = '(defschema row ks:keyset) (deftable keysets:{row})';
    for (const f of ['enforce-keyset', 'enforce-guard']) {
      fails(`${KEYSETS} (defun f:bool () @model [(succeeds-when true)] (${f} (at "ks" (read keysets "123"))))`);
      fails(`${KEYSETS} (defun f:bool () @model [(fails-when true)] (${f} (at "ks" (read keysets "123"))))`);
    }
  });

  test('enforce-keyset.row-level.at: a keyset taken from a row read is that row\'s', () => {
    holds(`${TOKENS} (defun f:integer (acct:string) @model [(property (row-enforced tokens 'ks acct))]
      (let* ((obj (read tokens acct)) (ks (at 'ks obj)) (bal (at 'balance obj))) (enforce-keyset ks) bal))`);
  });

  test('enforce-keyset.row-level.read: which rows are read and enforced', () => {
    const code = (model: string) => `${TOKENS} (defun f:integer (acct:string) @model [${model}]
      (with-read tokens acct { "ks" := ks, "balance" := bal } (enforce-keyset ks) bal))`;
    fails(code('(succeeds-when true)'));
    fails(code('(fails-when true)'));
    holds(code(`${valid('(not (exists (row:string) (row-written tokens row)))')}
      (property (exists (row:string) (row-read tokens row)))
      (property (exists (row:string) (= (row-read-count tokens row) 1)))`));
    // Some row is enforced, and some row is not.
    fails(code('(property (not (exists (row:string) (row-enforced tokens \'ks row))))'));
    fails(code('(property (not (exists (row:string) (not (row-enforced tokens \'ks row)))))'));
  });

  test('enforce-keyset.row-level.read.syntax: @doc and @model load; a table named by a string does not parse', () => {
    // Pact's case checks another property and so never parses this one; `verify` does.
    const err = fails(`${TOKENS} (defun f:integer (acct:string) @doc "test" @model [(property (forall (row:string) (row-enforced "tokens" "ks" row)))]
      (with-read tokens acct { "ks" := ks, "balance" := bal } (enforce-keyset ks) bal))`);
    assert.match(err, /^:OutputFailure: <interactive>:0:\d+: could not parse \(forall \(row : string\) \(row-enforced "tokens" "ks" row\)\): invalid table name: "tokens"\n$/);
  });

  test('enforce-keyset.row-level.write: an update, then the row\'s keyset enforced', () => {
    const code = (model: string) => `${TOKENS} (defun f:integer (acct:string) @model [${model}]
      (with-read tokens acct { "ks" := ks, "balance" := bal }
        (let ((new-bal (+ bal 1))) (update tokens acct { "balance": new-bal }) (enforce-keyset ks) new-bal)))`;
    fails(code('(succeeds-when true)'));
    fails(code('(fails-when true)'));
    holds(code(`(property (exists (row:string) (row-written tokens row)))
      (property (exists (row:string) (= (row-write-count tokens row) 1)))
      (property (exists (row:string) (row-read tokens row)))
      (property (exists (row:string) (= (row-read-count tokens row) 1)))
      (property (exists (row:string) (row-enforced tokens 'ks row)))
      ${valid('(forall (row:string) (when (row-read tokens row) (row-enforced tokens \'ks row)))')}
      ${valid('(forall (row:string) (when (row-written tokens row) (row-enforced tokens \'ks row)))')}
      ${valid('(when (row-written tokens acct) (row-enforced tokens \'ks acct))')}`));
    fails(code('(property (not (exists (row:string) (not (row-enforced tokens \'ks row)))))'));
  });

  test('enforce-keyset.row-level.write.invalidation: Pact\'s case declares bool and returns an integer', () => {
    // Its verdict (falsified) comes from the type checker; database.test.ts checks the invalidation.
    const r = verify(`${TOKENS} (defun f:bool (acct:string user:keyset) @model [(property (forall (row:string) (when (row-written tokens row) (row-enforced tokens 'ks row))))]
      (update tokens acct { "ks": user })
      (with-read tokens acct { "ks" := ks, "balance" := bal }
        (let ((new-bal (+ bal 1))) (update tokens acct { "balance": new-bal }) (enforce-keyset ks) new-bal)))`);
    assert.equal(r.verdict, 'Verification of t failed');
    assert.match(r.err, /OutputFailure: Unable to unify field type: \(balance, integer, \(bool, /);
  });

  test('enforce-guard.row-level: a guard column', () => {
    holds(`(defschema token-row name:string balance:integer g:guard) (deftable tokens:{token-row})
      (defun f:integer (acct:string) @model [(property (forall (row:string) (when (row-read tokens row) (row-enforced tokens "g" row))))]
        (with-read tokens acct { "g" := g, "balance" := bal } (enforce-guard g) bal))`);
  });

  test('read-decimal, read-integer, read-string: the transaction data, the same for one name', () => {
    fails('(defun f:decimal () @model [(property (!= result 0.0))] (read-decimal "foo"))');
    fails('(defun f:decimal () @model [(property (!= result 1.0))] (read-decimal "foo"))');
    const sum = (model: string) => `(defun f:integer () @model [${model}] (+ (read-integer "key") (read-integer (+ "ke" "y"))))`;
    fails(sum('(property (!= result 0))'));
    holds(sum(valid('(!= result 1)')));
    fails(sum('(property (!= result 2))'));
    const same = (lhs: string) => `(defun f:bool () @model [MODEL] (enforce (= ${lhs} (read-string "some-key")) ""))`;
    fails(same('"arbitrary string"').replace('MODEL', '(succeeds-when true)'));
    fails(same('"arbitrary string"').replace('MODEL', '(fails-when true)'));
    holds(same('(read-string "some-key")').replace('MODEL', '(succeeds-when true)'));
  });
});

describe('emit-event', () => {
  test('an event capability is emitted; another fails the check', () => {
    holds('(defcap CAP () @event true) (defun f () (emit-event (CAP)))');
    const r = verify('(defcap CAP () true) (defun f () @model [(fails-when true)] (emit-event (CAP)))');
    assert.equal(r.verdict, 'Verification of t failed');
  });
});

describe('capabilities', () => {
  test('call-by-value semantics for inlining: an argument is evaluated once', () => {
    holds(`${ACCOUNTS} (defun id:string (s:string) s s)
      (defun f:string () @model [(property (my-column-delta 1))]
        (id (write accounts "bob" { "balance": (+ 1 (at 'balance (read accounts "bob"))) })))`,
    "(defproperty my-column-delta (d:integer) (= (column-delta accounts 'balance) d))");
  });

  test('trivial capability which always fails / always succeeds / returns false', () => {
    holds('(defcap CAP (i:integer) (enforce false "tx always fails")) (defun f:bool () @model [(fails-when true)] (with-capability (CAP 1) true))');
    holds('(defcap CAP (i:integer) true) (defun f:bool () @model [(succeeds-when true)] (with-capability (CAP 1) true))');
    holds('(defcap CAP (i:integer) false) (defun f:bool () @model [(succeeds-when true)] (with-capability (CAP 1) true))');
  });

  test('requesting token that was never granted / requesting different capability: a warning', () => {
    const never = verify('(defcap CAP (i:integer) true) (defun f:bool () @model [(succeeds-when true)] (require-capability (CAP 100)))');
    assert.equal(never.verdict, 'Verification of t succeeded');
    assert.match(never.err, /OutputWarning: Direct execution restricted by capability t\.CAP\n$/);
    const other = verify(`(defcap FOO (i:integer) true) (defcap BAR (b:bool) true)
      (defun f:bool () @model [(succeeds-when true)] (with-capability (FOO 2) (require-capability (BAR false))))`);
    assert.equal(other.verdict, 'Verification of t succeeded');
    assert.match(other.err, /OutputWarning: Direct execution restricted by capability t\.BAR\n$/);
  });

  test('requesting token that was granted: the capability\'s keyset passed', () => {
    holds(`(defcap CAP (i:integer b:bool) (enforce-keyset "foo")) (defun do-require () (require-capability (CAP 100 false)))
      (defun f:bool () @model [(succeeds-when (authorized-by "foo"))] (with-capability (CAP 100 false) (do-require)))`);
  });

  test('require-capability does not execute the capability', () => {
    const both = '(and (not (row-exists accounts "bob" \'before)) (table-written accounts))';
    holds(`${ACCOUNTS} (defcap CAP (k:string) (insert accounts k { "balance": 0 }) true)
      (defun f:bool () @model [(property ${both}) (succeeds-when ${both})] (with-capability (CAP "bob") (require-capability (CAP "bob"))))`);
  });

  test('token caching works for expressions which perform computation', () => {
    holds('(defcap FOO (i:integer) true) (defun f:bool () @model [(succeeds-when true)] (with-capability (FOO (+ 3 0)) (require-capability (FOO (+ 2 1)))))');
  });

  test('compose-capability grants an additional capability (from a branch)', () => {
    holds(`(defcap FOO (i:integer) (if (> i 0) (compose-capability (BAR false)) false)) (defcap BAR (b:bool) true)
      (defun f:bool () @model [(succeeds-when true)] (with-capability (FOO 2) (require-capability (FOO 2)) (require-capability (BAR false))))`);
  });

  test('compose-capability can fail, only grants for specific arguments, not until the body', () => {
    holds(`(defcap FOO (i:integer) (compose-capability (BAR false))) (defcap BAR (b:bool) (enforce b "enforce failed"))
      (defun f:bool () @model [(fails-when true)] (with-capability (FOO 2) (require-capability (BAR false))))`);
    holds(`(defcap FOO (i:integer) (compose-capability (BAR i))) (defcap BAR (i:integer) true)
      (defun f:bool () @model [(fails-when true)] (with-capability (FOO 2) (require-capability (BAR 3))))`);
    holds(`(defcap BAR () true) (defcap FOO () (compose-capability (BAR)) (require-capability (BAR)))
      (defun f:bool () @model [(fails-when true)] (with-capability (FOO) true))`);
  });

  test('compose-capability calls produce return values', () => {
    holds(`(defcap BAR () false) (defcap FOO () (enforce (compose-capability (BAR)) "BAR returned false"))
      (defun f:bool () @model [(fails-when true)] (with-capability (FOO) true))`);
  });
});

describe('enforce-one', () => {
  test('enforce-one.1: either the creditor\'s keyset, or the debitor\'s after the timeout', () => {
    holds(`(defun f:bool (systime:time timeout:time)
      @model [(property (or (authorized-by 'ck) (and (>= systime timeout) (authorized-by 'dk))))]
      (enforce-one "Cancel can only be effected by creditor, or debitor after timeout"
        [(enforce-keyset 'ck) (and (enforce (>= systime timeout) "Timeout expired") (enforce-keyset 'dk))]))`);
  });

  test('enforce-one.2-4, 7, 8: the first case that does not fail gives the value', () => {
    const one = (cases: string, model: string) => holds(`(defun f:bool () @model [${model}] (enforce-one "" [${cases}]))`);
    one('(enforce false "") (enforce true "")', `(succeeds-when true) ${valid('result')}`);
    one('(enforce false "") (enforce false "")', '(fails-when true)');
    one('(enforce true "") (and (enforce true "") (enforce false ""))', `(succeeds-when true) ${valid('result')}`);
    one('(enforce false "") (enforce-one "" [(enforce false "") (enforce true "") (enforce false "")]) (enforce false "")', `(succeeds-when true) ${valid('result')}`);
    one('(enforce false "") false (enforce false "")', `(succeeds-when true) ${valid('(not result)')}`);
  });

  test('enforce-one.5-6: or short-circuits, but an enforce that ran and failed fails its case', () => {
    holds('(defun f:bool () @model [(fails-when true)] (enforce-one "" [(or (enforce false "") (enforce true ""))]))');
    holds(`(defun f:bool () @model [(succeeds-when true) ${valid('result')}] (enforce-one "" [(or (enforce true "") (enforce false ""))]))`);
  });

  test('enforce-one.9-10: no cases fail; a false case does not', () => {
    holds('(defun f:bool () @model [(fails-when true)] (enforce-one "" []))');
    holds('(defun f:bool () @model [(succeeds-when true)] (enforce-one "" [true]) (enforce-one "" [false]))');
  });

  test('enforce-one.purity-from-outer-enforce: inside an enforce, its cases may not read', () => {
    const r = verify(`(defschema row b:bool) (deftable bools:{row})
      (defun f:bool () @model [(property true)] (enforce (enforce-one "" [(enforce false "") (at "b" (read bools "foo"))]) ""))`);
    assert.match(r.err, /OutputFailure: Encountered disallowed DB read from table TableName "bools" in pure context\n$/);
  });

  test('enforce-one.single-case-regression', () => {
    const code = (model: string) => `(defun f:bool () @model [${model}] (enforce-one "regression" [true]))`;
    holds(code('(succeeds-when true)'));
    fails(code('(fails-when true)'));
  });
});

describe('length, short-circuiting', () => {
  test('string length / object length', () => {
    holds('(defun f:integer () @model [(property (= result 2))] (length "ab"))');
    holds('(defun f:integer () @model [(property (= result 3))] (length { "ab": 7, "cd": 8, "ef": 9 }))');
  });

  test('pact-id: any string, when in a pact', () => {
    fails('(defun f:string () @model [(property (!= result "Tug6q-wmaru1QqUMjm7RiwhnsQMTRcMHus65HwF7laE"))] (pact-id))');
  });

  test('logical short-circuiting: and, or', () => {
    holds('(defun f:bool (x:bool) @model [(fails-when x) (succeeds-when (not x))] (and x (enforce false "")))');
    holds('(defun f:bool (x:bool) @model [(succeeds-when x) (fails-when (not x))] (or x (enforce false "")))');
  });
});

describe('objects', () => {
  const TOKEN = '(defschema token-row name:string balance:integer)';

  test('table-read.multiple-read: a row inserted exists after', () => {
    holds(`${TOKEN} (deftable tokens:{token-row}) (defun f:bool () @model [(property (row-exists tokens "stu" 'after))]
      (insert tokens "stu" { "balance": 5, "name": "stu" })
      (let ((stu-name (at 'name (read tokens "stu"))) (stu-balance (at 'balance (read tokens "stu"))))
        (enforce (= stu-name "stu") "name is stu") (enforce (= stu-balance 5) "balance is 5")))`);
  });

  test('table-read.one-read: a row inserted, read back once', () => {
    holds(`${TOKEN} (deftable tokens:{token-row}) (defun f:bool ()
      @model [(succeeds-when (not (row-exists tokens "stu" 'before))) (property (row-exists tokens "stu" 'after))]
      (insert tokens "stu" { "balance": 5, "name": "stu" })
      (let ((stu (read tokens "stu"))) (enforce (= (at 'name stu) "stu") "name is stu") (enforce (= (at 'balance stu) 5) "balance is 5")))`);
  });

  test('at.dynamic-key: a field named by a computed string', () => {
    holds(`${TOKEN} (defun f:object{token-row} () @model [(succeeds-when true) (property (= (at 'name result) "stu"))]
      (let* ((stu:object{token-row} { "balance": 5, "name": "stu" }) (k-start "bal") (k-end "ance") (val:integer (at (+ k-start k-end) stu)))
        (enforce (= val 5) "balance is 5") stu))`);
  });

  test('at.object-in-object', () => {
    holds(`(defschema inner name:string) (defschema wrapper wrapped:object{inner})
      (defun f:object{inner} () @model [(succeeds-when true)] (let ((obj:object{wrapper} { "wrapped": { "name": "pact" } })) (at "wrapped" obj)))`);
  });

  test('object-equality / object-inequality', () => {
    holds(`${ACCOUNTS} (defun f:bool (a:object{account}) @doc "" @model [(property (and result (= a a)))] (= a a))`);
    holds(`${ACCOUNTS} (defun f:bool () @model [${valid('result')}]
      (let ((acct1:object{account} { "balance": 10 }) (acct2:object{account} { "balance": 5 })) (and (!= acct1 acct2) (!= acct2 acct1))))`);
  });

  test('merging-objects: + is left-biased', () => {
    holds(`(defschema person name:string age:integer) (defun f:object{person} () @doc "" @model [(property (= { "name": "brian", "age": 100 } result))]
      (+ { "age": 100 } { "age": 1, "name": "brian" }))`);
  });
});

describe('tables', () => {
  const TOKEN = '(defschema token-row balance:integer) (deftable tokens:{token-row})';

  test('table-written.insert / write / update: other tables untouched; insert needs a new row', () => {
    holds(`${TOKEN} ${ACCOUNTS} (defun f:string () @model [${valid('(not (table-written accounts))')}
        (property (not (row-exists tokens "stu" 'before)))] (insert tokens "stu" { "balance": 5 }))`);
    holds(`${TOKEN} (defun f:string () @model [${valid('(table-written tokens)')}] (write tokens "stu" { "balance": 5 }))`);
  });

  test('table-written.insert.partial / write.partial: a partial row fails type checking', () => {
    for (const f of ['insert', 'write']) {
      const r = verify(`${TOKEN} (defun f:string () @model [(property true)] (${f} tokens "stu" {}))`);
      assert.equal(r.verdict, 'Verification of t failed');
      assert.match(r.err, /OutputFailure: /);
    }
  });

  test('conserves-mass.decimal.insert', () => {
    holds(`(defschema account2 @doc "accounts schema" @model [(invariant (>= balance 0.0))] balance:decimal) (deftable accounts2:{account2})
      (defun f:string () @doc "create a new account with 0 balance" @model [(property (= (column-delta accounts2 'balance) 0.0))]
        (insert accounts2 "stu" { "balance": 0.0 }))`);
  });

  test('cell-delta.integer: some cell has delta 3, bob\'s', () => {
    const code = (model: string) => `${ACCOUNTS} (defun f:string () @model [${model}]
      (with-read accounts "bob" { "balance" := old } (update accounts "bob" { "balance": (+ old 2) }) (update accounts "bob" { "balance": (+ old 3) })))`;
    holds(code(`${valid('(forall (row:string) (when (!= row "bob") (= (cell-delta accounts \'balance row) 0)))')}
      (property (forall (row:string) (when (= row "bob") (= (cell-delta accounts 'balance row) 3))))
      (property (exists (row:string) (= (cell-delta accounts 'balance row) 3)))`));
  });

  test('with-read.overlapping-names: the first of two columns bound to one name', () => {
    holds(`(defschema owner "Pet owner" cats:integer dogs:integer) (deftable owners:{owner} "Table of pet owners")
      (defun f:integer () @model [(succeeds-when (not (row-exists owners "bob" 'before)))]
        (let ((o "bob") (cats 2) (dogs 3))
          (insert owners o { "dogs": dogs, "cats": cats })
          (with-read owners o { "cats" := num, "dogs" := num } (enforce (= num cats) "First binding wasn't used") num)))`);
  });
});

describe('let', () => {
  test('sanity: bindings see the function\'s arguments', () => {
    holds('(defun f:bool (x:integer) @model [(succeeds-when true)] (let ((y x) (z (+ 10 x))) (enforce (> z y) "z <= y") true))');
    holds('(defun f:bool (x:integer) @model [(fails-when true)] (let ((y x) (z (+ 10 x))) (enforce (< z y) "z >= y") true))');
  });

  test('let*.sanity: a binding shadows an argument for those after it', () => {
    holds('(defun f:bool (x:integer) @model [(succeeds-when true)] (let* ((x 2) (y (* x 10))) (enforce (= 22 (+ x y)) "x + y != 22")))');
  });

  test('nested: lets within bindings', () => {
    holds(`(defun f:bool (x:integer) @model [(succeeds-when true)]
      (let ((x (let ((y 2)) y)) (y (let ((x 3)) x))) (let ((z (let ((w 1)) (+ (+ x y) w)))) (enforce (= 6 z) "2 + 3 + 1 != 6"))))`);
  });
});

describe('objects beyond Pact\'s cases', () => {
  const TOKEN = '(defschema token-row name:string balance:integer)';

  test('at of a key only the run knows: each field\'s name compared, none matching aborts', () => {
    holds(`${ACCOUNTS} (defun f:integer (k:string o:object{account}) @model [(fails-when (!= k "balance")) (property (= result (at 'balance o)))] (at k o))`);
    holds(`${TOKEN} (defun f:integer (o:object{token-row}) @model [(fails-when true)] (at (+ "nam" "ex") o))`);
    assert.match(verify(`${TOKEN} (defun f:integer (k:string o:object{token-row}) @model [(property true)] (at k o))`).err,
      /^<interactive>:0:\d+:OutputFailure: evalObjAt mismatched field types\n$/);
  });

  test('objects of different types compare neither equal nor unequal', () => {
    holds(`${ACCOUNTS} (defun f:object{account} () @model [(property (not (= result { "b": 1 }))) (property (not (!= result { "b": 1 })))] { "balance": 1 })`);
  });

  test('object literals in properties: Pact\'s parse failures', () => {
    const parse = (lhs: string) => verify(`(defun f:integer () @model [(property (= ${lhs} { "a": 1 }))] 1)`).err.replace(/^.*could not parse /, '');
    assert.equal(parse('{}'), '(= {} {"a" : 1}): in {}, cannot parse as object\n');
    assert.equal(parse('{ a: 1 }'), '(= {a : 1} {"a" : 1}): in a, static key required\n');
    assert.equal(parse('{ "a": 1 "b": 2 }'), '(= {"a" : 1 "b" : 2} {"a" : 1}): in "a", unexpected token\n');
    assert.match(verify('(defun f:integer () @model [(property (< { "b": 1, "a": 1 } { "a": 1 }))] 1)').err,
      /in \(< \{a := 1,b := 1\} \{a := 1\}\), objects only support equality \(=\) \/ inequality \(!=\) checks\n$/);
  });
});
