/// The property language: what parses and type checks (Pact's `Parse/Prop.hs`), table and column
/// quantifiers, objects, and defined properties. Cases after tests/AnalyzeSpec.hs ("prop parse /
/// typecheck" to "user-defined properties can't be recursive", named after its `describe`s and
/// `it`s, in our own words): where Pact parses a property, a module makes its truth observable
/// through `verify`'s verdict; where Pact rejects one, `verify` fails with Pact's text.
import { describe, test } from 'node:test';
import { SPEC_PROPERTIES, fails, failsUnder, holds, unparsed } from './verify-helpers.ts';

const ACCOUNTS = '(defschema account balance:integer) (deftable accounts:{account})';

/// Moving one unit of balance from one account to another, and (`give`) only adding it.
const TRANSFER = `(defun f:string (from:string to:string) @model [MODEL]
  (enforce (!= from to) "sender and receiver must differ")
  (with-read accounts from { "balance" := from-bal }
    (with-read accounts to { "balance" := to-bal }
      (update accounts from { "balance": (- from-bal 1) })
      (update accounts to { "balance": (+ to-bal 1) }))))`;
const GIVE = `(defun f:string (from:string to:string) @model [MODEL]
  (enforce (!= from to) "sender and receiver must differ")
  (with-read accounts to { "balance" := to-bal } (update accounts to { "balance": (+ to-bal 1) })))`;

const withModel = (code: string, model: string): string => code.replace('MODEL', model);

describe('prop parse / typecheck', () => {
  test('infers column-delta: of an integer or a decimal column, named by a symbol or a string', () => {
    const bump = (ty: string, one: string) => `(defschema row b:${ty}) (deftable a:{row})
      (defun f:string (k:string) @model [MODEL] (with-read a k { "b" := b } (update a k { "b": (+ b ${one}) })))`;
    holds(withModel(bump('integer', '1'), "(property (> (column-delta a 'b) 0))"));
    holds(withModel(bump('decimal', '1.0'), "(property (> (column-delta a 'b) 0.0)) (property (> (column-delta a \"b\") 0.0))"));
    fails(withModel(bump('integer', '-1'), "(property (> (column-delta a 'b) 0))"), 'Invalidating model found in t.f');
    // Neither an integer nor a decimal column: each reading's failure, run together as Pact's are.
    unparsed(`${withModel(bump('integer', '1'), "(property (= (column-delta a 'k) 0))")}`.replace('b:integer', 'b:integer k:string'),
      '(= (column-delta a "k") 0)',
      'expected column k in table a to have type integer, instead found string' +
      'expected column k in table a to have type decimal, instead found string' +
      'in (column-delta a "k"), couldn\'t find column of appropriate (integer / decimal) type');
  });

  test('checks +: strings concatenate, integers and decimals add; two integers are no decimal', () => {
    holds('(defun f:string () @model [(property (= result (+ "a" "b")))] "ab")');
    holds('(defun f:integer () @model [(property (= result (+ 0 1)))] 1)');
    holds('(defun f:decimal () @model [(property (= result (+ 0.0 1.0)))] 1.0)');
    // `round` checks its argument against decimal.
    unparsed('(defun f:integer () @model [(property (= result (round (+ 0 1))))] 1)', '(= result (round (+ 0 1)))',
      'in (+ 0 1), unexpected argument types for (+): integer and integer');
  });

  test('checks abs: of an integer and of a decimal, checked or inferred', () => {
    holds('(defun f:decimal (x:integer) @model [(property (= result (dec (abs x))))] (dec (abs x)))');
    holds('(defun f:integer () @model [(property (= (abs -10) 10)) (property (= (abs -10.0) 10.0))] 1)');
  });

  test('check take/drop: of strings', () => {
    holds('(defun f:integer () @model [(property (= (take 2 "asdf") "as")) (property (= (drop 2 "asdf") "df"))] 1)');
  });

  test('infers prop objects: literals, at, nested objects, take, drop, typeof, contains', () => {
    const PAIR = '(defschema pair x:integer y:integer) (defun f:object{pair} () @model [MODEL] { "x": 0, "y": 1 })';
    holds(withModel(PAIR, "(property (= result { 'x: 0, 'y: 1 })) (property (= (at 'x { 'x: 0, 'y: 1 }) 0))" +
      " (property (= (at 'y (at 'foo { 'foo: { 'x: 0, 'y: 1 } })) 1))"));
    fails(withModel(PAIR, "(property (= result { 'x: 1, 'y: 1 }))"), 'Invalidating model found in t.f');
    holds(withModel(PAIR, "(property (= (take ['x] result) { 'x: 0 })) (property (= (drop ['y] result) { 'x: 0 }))"));
    holds(withModel(PAIR, "(property (= (typeof 1) \"integer\")) (property (contains 'x { 'x: 0, 'y: 1})) (property (not (contains 'z result)))"));
    unparsed(withModel(PAIR, "(property (= (at 'z result) 0))"), '(= (at "z" result) 0)', 'in (at "z" result), could not find expected key z');
    unparsed(withModel(PAIR, "(property (= result {}))"), '(= result {})', 'in {}, cannot parse as object');
  });

  test('infers forall / exists: over strings, around a cell-delta', () => {
    holds('(defun f:integer () @model [(property (not (forall (x:string y:string) (= x y))))] 1)');
    fails('(defun f:integer () @model [(property (forall (x:string y:string) (= x y)))] 1)', 'Invalidating model found in t.f');
    const NOT_TWO = "(property (not (exists (row:string) (= (cell-delta accounts 'balance row) 2))))";
    holds(`${ACCOUNTS} ${withModel(GIVE, NOT_TWO)}`);
    fails(`${ACCOUNTS} ${withModel(GIVE, NOT_TWO).replace('(+ to-bal 1)', '(+ to-bal 2)')}`, 'Invalidating model found in t.f');
  });

  test('parses row-enforced / vars: the guard in the row an argument names', () => {
    const ROWS = '(defschema row ks:guard) (deftable accounts:{row})';
    holds(`${ROWS} (defun f:bool (from:string) @model [(property (row-enforced accounts 'ks from))]
      (with-read accounts from { "ks" := ks } (enforce-guard ks)))`);
    fails(`${ROWS} (defun f:bool (from:string) @model [(property (row-enforced accounts 'ks from))]
      (with-read accounts from { "ks" := ks } true))`, 'Invalidating model found in t.f');
  });

  test('parses column properties: column-delta of a transfer', () => {
    holds(`${ACCOUNTS} ${withModel(TRANSFER, "(property (= (column-delta accounts 'balance) 0))")}`);
  });

  test('parses (when (not (authorized-by \'accounts-admin-keyset)) abort)', () => {
    const WHEN = "(property (when (not (authorized-by 'accounts-admin-keyset)) abort))";
    holds(`(defun f:bool () @model [${WHEN}] (enforce-keyset 'accounts-admin-keyset))`);
    fails(`(defun f:bool () @model [${WHEN}] true)`, 'Invalidating model found in t.f');
    // `when` is the implication; Pact has no `=>`.
    unparsed('(defun f:bool () @model [(property (=> true success))] true)', '(=> true success)', 'in (=> true success), couldn\'t find property named =>');
  });

  test('handles special identifiers: abort, success, result of any type', () => {
    holds('(defun f:bool () @model [(property success) (property (not abort)) (property result)] true)');
    holds('(defun f:integer () @model [(property (= result 1))] 1)');
    holds('(defun f:string () @model [(property (= result "a"))] "a")');
  });

  test('comparisons (our own): booleans are ordered; guards, lists and objects only compare for equality', () => {
    holds('(defun f:bool (b:bool) @model [(property (< false true)) (property (<= b true)) (property (not (> b true)))] b)');
    unparsed('(defun f:guard (g:guard) @model [(property (< result g))] g)', '(< result g)',
      'in (< result g), guards only support equality (=) / inequality (!=) checks');
    // Objects of two types: neither equal nor unequal, as Pact evaluates them.
    holds("(defun f:bool () @model [(property (not (= { 'a: 1 } { 'b: 1 }))) (property (not (!= { 'a: 1 } { 'b: 1 })))] true)");
  });

  test('parses quantified tables and (pending in Pact) quantified columns of a quantified table', () => {
    holds(`${ACCOUNTS} (defun f:integer () @model [(property (forall (table:table) (not (table-written table))))] 1)`);
    // `(column-of table)` names a table called `table`: there is none, so no column to range over.
    const COLUMNS = '(forall (table:table) (forall (column:(column-of table)) (column-written table column)))';
    holds(`${ACCOUNTS} (defun f:integer () @model [(property ${COLUMNS})] 1)`);
    fails(`${ACCOUNTS} (defun f:integer () @model [(property (not ${COLUMNS}))] 1)`, 'Invalidating model found in t.f');
  });
});

describe('pretty (PreProp)', () => {
  // Pact shows the part of a property it rejects: here, something that is no 'before / 'after.
  const when = (w: string) => unparsed(`${ACCOUNTS} (defun f:bool () @model [(property (row-exists accounts "k" ${w}))] true)`,
    `(row-exists accounts "k" ${w.replace(/:/g, ' : ')})`, `in ${w}, expected 'before / 'after`);

  test('renders literals how you would expect', () => {
    for (const w of ['1', '"foo"', '1.0', 'true', 'false']) when(w);
  });

  test('renders quantifiers how you would expect', () => {
    when('(forall (foo:bool) foo)');
    when('(exists (bar:bool) (not bar))');
  });
});

describe('table quantification', () => {
  test('no table touched, one written, one read', () => {
    holds(`(defschema simple-schema balance:integer) (deftable simple-table:{simple-schema})
      (defschema additional-schema name:string) (deftable additional-table:{additional-schema})
      (defun test1:integer () @model [(property (forall (table:table) (not (table-written table))))
          (property (forall (table:table) (not (table-read table))))] 1)
      (defun test2:string () @model [(property (exists (table:table) (table-written table)))
          (property (forall (table:table) (not (table-read table))))]
        (insert simple-table "joel" { 'balance : 5 }))
      (defun test3:object{simple-schema} () @model [(property (forall (table:table) (not (table-written table))))
          (property (exists (table:table) (table-read table)))]
        (read simple-table "joel"))`);
    fails(`(defschema simple-schema balance:integer) (deftable simple-table:{simple-schema})
      (defun test2:string () @model [(property (forall (table:table) (not (table-written table))))]
        (insert simple-table "joel" { 'balance : 5 }))`, 'insert into simple-table at key "joel"');
  });
});

describe('column-read', () => {
  test('only the columns bound are read', () => {
    holds(`(defschema sch a:integer b:integer) (deftable tab:{sch})
      (defun test:integer () @model [(property (column-read tab 'a)) (property (not (column-read tab 'b)))]
        (with-read tab "key" { "a" := a } a))`);
  });
});

describe('column quantification', () => {
  test('no column touched, one written, one read (each also negated the other way round)', () => {
    const none = (what: string) => `(property (forall (column:(column-of simple-table)) (not (${what} simple-table column))))
      (property (not (exists (column:(column-of simple-table)) (${what} simple-table column))))`;
    const some = (what: string) => `(property (exists (column:(column-of simple-table)) (${what} simple-table column)))
      (property (not (forall (column:(column-of simple-table)) (not (${what} simple-table column)))))`;
    holds(`(defschema simple-schema balance:integer) (deftable simple-table:{simple-schema})
      (defun test1:integer () @model [${none('column-written')} ${none('column-read')}] 1)
      (defun test2:string () @model [${some('column-written')} ${none('column-read')}] (insert simple-table "joel" { 'balance : 5 }))
      (defun test3:object{simple-schema} () @model [${none('column-written')} ${some('column-read')}] (read simple-table "joel"))`);
    fails(`(defschema simple-schema balance:integer) (deftable simple-table:{simple-schema})
      (defun test1:integer () @model [${some('column-written')}] 1)`, 'Invalidating model found in t.test1');
  });

  test('a column name must be a literal or a column-of variable; delta needs literal names', () => {
    unparsed(`${ACCOUNTS} (defun f:integer (c:string) @model [(property (column-written accounts c))] 1)`,
      '(column-written accounts c)', 'invalid column name: c');
    unparsed(`${ACCOUNTS} (defun f:integer () @model [(property (forall (c:(column-of accounts)) (= (column-delta accounts c) 0)))] 1)`,
      '(forall (c : (column-of accounts)) (= (column-delta accounts c) 0))',
      'table and column names must be statically knowable' + 'table and column names must be statically knowable' +
      'in (column-delta accounts c), couldn\'t find column of appropriate (integer / decimal) type');
  });
});

describe('Pretty', () => {
  test('schema looks okay: as typeof names it, and as a type error shows it', () => {
    const USER = '(defschema user name:string balance:integer) (defun f:object{user} () @model [MODEL] { "name": "a", "balance": 1 })';
    holds(withModel(USER, '(property (= (typeof result) "{balance: integer,name: string}"))'));
    unparsed(withModel(USER, '(property (= (at 0 result) 1))'), '(= (at 0 result) 1)',
      'in (at 0 result), expected object or list (with key 0) but found type {balance: integer,name: string}');
  });
});

describe('at-properties verify', () => {
  test('each field of an object built from the arguments', () => {
    holds(`(defschema user @model [(invariant (>= (length first) 2)) (invariant (>= (length last) 2))
          (invariant (= (length ssn) 9)) (invariant (>= balance 0))]
        first:string last:string ssn:string balance:integer)
      (defun test:object{user} (first:string last:string ssn:string balance:integer)
        @model [(property (= (at 'first result) first)) (property (= (at 'last result) last))
          (property (= (at 'ssn result) ssn)) (property (= (at 'balance result) balance))]
        { 'first:first, 'last:last, 'ssn:ssn, 'balance:balance })`);
  });
});

describe('user-defined properties verify', () => {
  test('defined properties, with and without arguments, one through another', () => {
    holds(`${ACCOUNTS} ${withModel(TRANSFER, '(property (my-column-delta 0)) (property conserves-balance) (property conserves-balance2)')}`, SPEC_PROPERTIES);
    for (const p of ['conserves-balance', 'conserves-balance2', '(my-column-delta 0)']) {
      failsUnder(SPEC_PROPERTIES, `${ACCOUNTS} ${withModel(GIVE, `(property ${p})`)}`, 'Invalidating model found in t.f');
    }
    holds(`${ACCOUNTS} ${withModel(GIVE, '(property (my-column-delta 1))')}`, SPEC_PROPERTIES);
  });
});

describe('user-defined properties can\'t be recursive', () => {
  test('a definition does not see itself', () => {
    unparsed(`${ACCOUNTS} (defun test:string (from:string to:string) @model [(property bad-recursive-prop)] "foo")`,
      'bad-recursive-prop', 'couldn\'t find property variable bad-recursive-prop', SPEC_PROPERTIES);
    unparsed(`${ACCOUNTS} (defun test:string (from:string to:string) @model [(property (bad-recursive-prop2 0))] "foo")`,
      '(bad-recursive-prop2 0)', 'in (bad-recursive-prop2 d), couldn\'t find property named bad-recursive-prop2', SPEC_PROPERTIES);
  });
});
