/// `verify` on modules whose functions carry `@model` properties over integers, decimals,
/// booleans and strings: Pact 4.13.2's verdicts (cases after tests/AnalyzeSpec.hs and
/// tests/AnalyzePropertiesSpec.hs, in our own words) and its output texts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fails, holds, verify } from './verify-helpers.ts';

describe('verdicts', () => {
  test('result: (* x -1) is the negation of x', () => {
    holds('(defun f:integer (x:integer) @model [(property (= result (* -1 x)))] (* x -1))');
    fails('(defun f:integer (x:integer) @model [(property (= result x))] (* x -1))', 'Invalidating model found in t.f');
  });

  test('inlining: a helper called from the function is analysed as part of it', () => {
    holds(`(defun helper:integer (b:integer) (if (< b 10) 10 b))
      (defun f:integer (a:integer) @model [(property (>= result 10))] (helper a))`);
  });

  test('success and abort: a function without enforce always succeeds', () => {
    holds('(defun f:bool (x:integer) @model [(succeeds-when true) (property (not abort)) (property success)] (if (< x 10) true false))');
  });

  test('enforce.trivial: a failing enforce always aborts, and any property of it is vacuous', () => {
    holds('(defun f:bool () @model [(fails-when true)] (enforce false "cannot pass"))');
    const err = fails('(defun f:bool () @model [(property false)] (enforce false "cannot pass"))', 'Vacuous property encountered!');
    assert.match(err, /^<interactive>:0:\d+:OutputFailure: Vacuous property encountered! There is no way for a transaction to succeed if this function is called from the top-level\. Because all `property` expressions in Pact assume transaction success, in this case it would be possible to validate \*any\* `property`, even e\.g\. `false`\.\n$/);
  });

  test('enforce.conditional: an enforce in one branch aborts only on that path', () => {
    const code = '(defun f:bool (x:integer) @model [MODEL] (if (< x 10) (enforce (< x 5) "abort sometimes") true))';
    holds(code.replace('MODEL', '(fails-when (and (>= x 5) (< x 10))) (succeeds-when (< x 5)) (succeeds-when (>= x 10))'));
    fails(code.replace('MODEL', '(fails-when true)'));
  });

  test('enforce.sequence: success requires every enforce', () => {
    const code = '(defun f:bool (x:integer) @model [MODEL] (enforce (> x 0) "positive") (if (< x 10) true false))';
    holds(code.replace('MODEL', '(succeeds-when (> x 0)) (fails-when (<= x 0)) (property (= result (< x 10)))'));
    holds('(defun f:bool (x:integer) @model [(fails-when true)] (enforce (> x 0) "positive") (enforce false "impossible") (< x 10))');
  });

  test('let and let*: bindings see the values bound before them', () => {
    holds('(defun f:integer (x:integer) @model [(property (= result (+ (* 2 x) 1)))] (let* ((y (* x 2)) (z (+ y 1))) z))');
    holds('(defun f:integer (x:integer) @model [(property (= result (* 3 x)))] (let ((y x) (z (* 2 x))) (+ y z)))');
  });

  test('integer division and mod round toward negative infinity; a zero divisor aborts', () => {
    holds('(defun f:integer () @model [(property (= result -4))] (/ -7 2))');
    holds('(defun f:integer () @model [(property (= result 1))] (mod -7 2))');
    holds('(defun f:integer (x:integer) @model [(fails-when (= x 0))] (/ 10 x))');
  });

  test('decimal arithmetic is fixed point with 255 places and banker\'s rounding', () => {
    holds('(defun f:decimal () @model [(property (= result 2.25))] (* 1.5 1.5))');
    holds('(defun f:decimal () @model [(property (= result 0.5))] (/ 1.0 2.0))');
    holds('(defun f:integer () @model [(property (= result 2))] (round 2.5))');
    holds('(defun f:integer () @model [(property (= result -2))] (round -1.5))');
    holds('(defun f:integer () @model [(property (= result -2))] (floor -1.5))');
    holds('(defun f:integer () @model [(property (= result 2))] (ceiling 1.5))');
    holds('(defun f:decimal (x:integer) @model [(property (= result (+ (dec x) 0.5)))] (+ x 0.5))');
    // One third, times three, is one unit of the 255th place short of one.
    fails('(defun f:bool () @model [(property result)] (= (* (/ 1.0 3.0) 3.0) 1.0))', 'Invalidating model found in t.f');
  });

  test('big multiplications round their last place (AnalyzeSpec "big multiplications")', () => {
    holds(`(defun f:bool () @model [(succeeds-when true)]
      (let ((x:decimal (* 1.58113883008419202353012810347474735209747288392336210205455502815728238592
          1.5811388300841925223288550988445549742724468531346309495428665472399639648496680411494875076793255338200521528740886266294574044913261377201695510306266771994578476399139180068539229254218727314228818363809792))
        (y:decimal 2.500000000000008243836642384325766770967352358818865769190857605784112966024663251834475644384046904403556387019539234091871481832161009920035987673979588455403008477585022252399854826133637675727060845285897044645837341219331160090749369830048441622744791))
      (enforce (= x y) "x and y are not equal")))`);
  });

  test('strings: concatenation, length and comparison', () => {
    holds('(defun f:string (s:string) @model [(property (= (length result) (+ 1 (length s))))] (+ s "!"))');
    holds('(defun f:bool (s:string) @model [(property (= result (= s "a")))] (= s "a"))');
    fails('(defun f:integer (s:string) @model [(property (> result 0))] (length s))', 's = ""');
  });

  test('quantifiers: forall and exists over integers', () => {
    holds('(defun f:integer (x:integer) @model [(property (forall (y:integer) (when (> y x) (> y result))))] (- x 1))');
    holds('(defun f:integer (x:integer) @model [(property (exists (y:integer) (= (* 2 y) (- result x))))] (* 3 x))');
    fails('(defun f:integer (x:integer) @model [(property (forall (y:integer) (> y result)))] x)');
  });

  test('defproperty, with and without arguments, and module constants', () => {
    holds(`(defconst LIMIT 100)
      (defun f:integer (x:integer) @model [(property bounded) (property (at-least 0))] (enforce (> x 0) "") (enforce (< x LIMIT) "") x)`,
    '(defproperty bounded (< result LIMIT)) (defproperty at-least (n:integer) (> result n))');
  });

  test('module-wide properties apply to the functions named by only/except', () => {
    holds('(defun f:integer () 1) (defun g:integer () -1)', '(property (> result 0) {"only": [f]})');
    holds('(defun f:integer () 1) (defun g:integer () -1)', '(property (> result 0) {"except": [g]})');
    const r = verify('(defun f:integer () 1) (defun g:integer () -1)', '(property (> result 0))');
    assert.equal(r.verdict, 'Verification of t failed');
    assert.match(r.err, /Invalidating model found in t\.g/);
  });
});

describe('output', () => {
  test('a counterexample shows the trace up to the failed enforce, then "Transaction aborted."', () => {
    const err = fails('(defun f:integer (x:integer) @model [(succeeds-when (> x -5))] (enforce (> x 0) "positive") x)');
    assert.match(err, /^<interactive>:0:\d+:OutputFailure: Invalidating model found in t\.f\n {2}Program trace:\n {4}entering function t\.f with argument\n {6}x = -?\d+\n {4}\n {6}failed to satisfy assertion: \(> x 0\) \n {2}\nTransaction aborted\.\n$/);
  });

  test('a counterexample through a let and a call shows bindings, arguments and returns', () => {
    const err = fails(`(defun g:integer (a:integer) (+ a 1))
      (defun f:bool (b:bool) @model [(property (= result b))] (let ((n (g 1))) (and b (= n 3))))`);
    assert.equal(err, [
      '<interactive>:0:110:OutputFailure: Invalidating model found in t.f',
      '  Program trace:',
      '    entering function t.f with argument',
      '      b = True',
      '    ',
      '      entering function t.g with argument',
      '        a = 1',
      '      ',
      '        returning with 2',
      '        ',
      '      let',
      '        n := 2',
      '      returning with False',
      '      ',
      '  ',
      '',
    ].join('\n'));
  });

  test('property parse failures are Pact\'s "could not parse" texts', () => {
    const err = fails('(defun f:integer (x:integer) @model [(property (> result "a"))] x)');
    assert.match(err, /^:OutputFailure: <interactive>:0:\d+: could not parse \(> result "a"\): in \(> result "a"\), type error: integer vs string/);
    assert.match(fails('(defun f:integer () @model [(property (> result nope))] 1)'), /could not parse \(> result nope\): couldn't find property variable nope\n$/);
    assert.match(fails('(defun f:integer () @model [(propertee true)] 1)'), /could not parse \(propertee true\): expected an application of "property", "succeeds-when", or "fails-when"\n$/);
    assert.match(fails('(defun f:integer () @model [(property (forall (y) true))] 1)'), /in y, type annotation required for all property bindings\.\n$/);
    assert.match(fails('(defun f:integer () @model [(property (p 1 2))] 1)'), /in \(p 1 2\), couldn't find property named p\n$/);
  });

  test('type-check failures end verification with the checker\'s lines', () => {
    const r = verify('(defun f:bool () 1)');
    assert.equal(r.verdict, 'Verification of t failed');
    assert.match(r.err, /^<interactive>:0:\d+:OutputFailure: assocAST: cannot unify: \(bool, integer\)\n$/);
  });

  test('what the analysis does not model yet fails clearly, with Pact\'s texts where it has one', () => {
    // Pact translates ^ and fails only when a property makes it analyse the function.
    holds('(defun f:integer (x:integer) (^ x 2))');
    assert.match(verify('(defun f:integer (x:integer) @model [(property true)] (^ x 2))').err, /OutputFailure: unsupported decimal arithmetic op: Pow\n$/);
    assert.match(verify('(deftable tbl)').err, /^:OutputFailure: <interactive>:0:\d+Verification requires all tables to have schemas\n$/);
  });
});

describe('two-argument rounding', () => {
  test('round, floor and ceiling at a number of places', () => {
    holds('(defun f:decimal () @model [(property (= result 100.16))] (round 100.155 2))');
    holds('(defun f:decimal () @model [(property (= result 100.15))] (floor 100.159 2))');
    holds('(defun f:decimal () @model [(property (= result -100.15))] (ceiling -100.159 2))');
    holds('(defun f:decimal (x:decimal) @model [(property (<= result x)) (property (= result (floor x 3)))] (floor x 3))');
  });
});

describe('lists and strings', () => {
  test('list literals, length, concatenation, contains and at (AnalyzeSpec "list length")', () => {
    holds('(defun f:integer (xs:[integer]) @model [(property (= result (+ 1 (length xs))))] (length (+ [0] xs)))');
    holds('(defun f:bool (xs:[string]) @model [(property (when (> (length xs) 0) result))] (contains (at 0 xs) xs))');
    holds('(defun f:integer () @model [(property (= result 3))] (length [1 2 3]))');
  });

  test('at out of range aborts; take and drop count from the end when negative', () => {
    holds('(defun f:integer (xs:[integer]) @model [(fails-when (>= 2 (length xs)))] (at 2 xs))');
    holds('(defun f:string () @model [(property (= result "cd"))] (take -2 "abcd"))');
    holds('(defun f:string () @model [(property (= result "ab"))] (drop -2 "abcd"))');
    holds('(defun f:string () @model [(property (= result "abcd"))] (take 9 "abcd"))');
    const err = fails('(defun f:[integer] (xs:[integer]) @model [(property (= (length result) 0))] (take -1 xs))');
    assert.match(err, /\n {6}xs = \[-?\d+(, -?\d+)*\]\n/);
  });

  test('str-to-int reads a natural number and aborts on anything else', () => {
    holds('(defun f:integer () @model [(property (= result 42))] (str-to-int "42"))');
    holds('(defun f:integer (s:string) @model [(property (>= result 0)) (fails-when (= s ""))] (str-to-int s))');
  });

  test('a shimmed list-valued native is an empty list', () => {
    const r = verify('(defun f:[string] () @model [(property (= (length result) 0))] (str-to-list "abc"))');
    assert.equal(r.verdict, 'Verification of t succeeded');
    assert.match(r.err, /OutputWarning: Unsupported operation: str-to-list: substituting empty string list\n$/);
  });
});
