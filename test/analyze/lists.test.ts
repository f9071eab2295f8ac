/// `verify` over the list functions Pact's analysis unrolls: `map`, `filter`, `fold`, `reverse`,
/// `sort` (each over a list's first ten elements), `make-list`, and the function helpers
/// `identity`, `constantly`, `compose`, `and?` and `or?`; lists in properties. Variations on
/// tests/AnalyzeSpec.hs's list cases (whose programs as Pact writes them are in
/// spec-programs.test.ts), in our own words.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fails, holds, verify } from './verify-helpers.ts';

describe('map', () => {
  test('of partial applications, identity, constantly and compose', () => {
    holds('(defun f:integer () @model [(property (= result 3))] (at 2 (map (identity) [1 2 3])))');
    holds('(defun f:integer () @model [(property (= result 4))] (at 2 (map (+ 1) [1 2 3])))');
    holds('(defun f:integer () @model [(property (= result 3))] (length (map (+ 1) [1 2 3])))');
    holds('(defun f:integer () @model [(property (= result 1))] (at 1 (map (constantly 1) [1 2 3])))');
    holds('(defun f:integer () @model [(property (= result 2))] (at 2 (map (compose (constantly 1) (+ 1)) [1 2 3])))');
    holds('(defun f:integer () @model [(property (= result 1))] (at 2 (map (compose (+ 1) (constantly 1)) [1 2 3])))');
    fails('(defun f:[integer] () @model [(property (= (length result) 2))] (map (+ 1) [1 2 3]))', 'returning with [2, 3, 4]');
  });

  test('of a lambda over an argument keeps its length, up to ten elements', () => {
    holds('(defun f:[integer] (xs:[integer]) @model [(property (when (<= (length xs) 10) (= (length result) (length xs))))] (map (lambda (x:integer) (* 2 x)) xs))');
    // Pact's analysis sees only the first ten elements.
    fails('(defun f:integer () @model [(property (= result 11))] (length (map (+ 1) [1 2 3 4 5 6 7 8 9 10 11])))', 'returning with 10');
  });
});

describe('filter', () => {
  test('keeps the elements the function accepts', () => {
    holds('(defun f:[integer] () @model [(property (= (length result) 3))] (filter (> 5) [2 6 3 7 4 8]))');
    holds('(defun f:integer () @model [(property (= result 4))] (at 2 (filter (> 5) [2 6 3 7 4 8])))');
    holds('(defun f:string () @model [(property (= result "dog"))] (at 0 (filter (compose (length) (< 2)) ["my" "dog" "has" "fleas"])))');
  });
});

describe('fold', () => {
  test('of an operator and of a lambda', () => {
    holds('(defun f:integer () @model [(property (= result 115))] (fold (+) 0 [100 10 5]))');
    holds('(defun f:bool () @model [(property (= result false))] (fold (lambda (p:bool curr:string) false) false [""]))');
    fails('(defun f:integer () @model [(property (= result 116))] (fold (+) 0 [100 10 5]))', 'returning with 115');
  });

  test('folds from the right, as Pact\'s analysis does (the last element first)', () => {
    holds('(defun f:string () @model [(property (= result "cba"))] (fold (+) "" ["a" "b" "c"]))');
  });

  test('an enforce in the function holds for every element', () => {
    const body = '(fold (lambda (acc:integer x:integer) (enforce (> x 0) "positive") (+ acc x)) 0 xs)';
    holds(`(defun f:integer (xs:[integer]) @model [(property (when (> (length xs) 0) (> result 0)))] ${body})`);
    fails(`(defun f:integer (xs:[integer]) @model [(property (when (> (length xs) 0) (> result 1)))] ${body})`, 'satisfied assertion: (> x 0)');
  });

  test('nested higher-order functions (Pact\'s regression #1250)', () => {
    holds('(defun child:bool (acc-parent:bool l:[integer]) (fold (lambda (acc:bool x:integer) (and (= x 0) acc)) acc-parent l))' +
      ' (defun parent:bool () @model [(property (= result false))] (fold (child) true [[1]]))');
    holds('(defun child:[bool] (l:[integer]) (map (= 0) l)) (defun parent:[[bool]] () (map (child) [[1]]))');
  });
});

describe('reverse, sort, make-list', () => {
  test('reverse and sort', () => {
    holds('(defun f:integer (a:integer b:integer c:integer) @model [(property (= result a))] (at 2 (reverse [a b c])))');
    holds('(defun min:integer (x:integer y:integer) (if (< x y) x y))' +
      ' (defun f:bool (a:integer b:integer c:integer) @model [(property result)] (= (min a (min b c)) (at 0 (sort [a b c]))))');
    holds('(defun f:bool (a:string b:string c:string) @model [(property result)] (let ((s (sort [a b c]))) (<= (at 1 s) (at 2 s))))');
    // Booleans sort false first.
    holds('(defun f:[bool] () @model [(property (= result [false true]))] (sort [true false]))');
  });

  test('make-list of a known count; another count is not analysed', () => {
    holds('(defun f:[integer] (a:integer) @model [(property (= (length result) 5))] (make-list 5 a))');
    // Known as SBV knows it: computed of literals, here through a conditional.
    holds('(defun f:[integer] (a:integer) @model [(property (= (length result) 3))] (make-list (if (> 2 1) (+ 1 2) 0) a))');
    holds('(defun f:bool (a:integer i:integer) @model [(property (when (and (>= i 0) (< i 5)) result))] (= a (at i (make-list 5 a))))');
    const r = verify('(defun f:[integer] (n:integer a:integer) @model [(property (= (length result) n))] (make-list n a))');
    assert.equal(r.verdict, 'Verification of t failed');
    assert.match(r.err, /OutputFailure: You found a term we don't have analysis support for yet\. Please report this as a bug at https:\/\/github\.com\/kadena-io\/pact\/issues\n\nmake-list currently requires a statically determined length\n$/);
  });
});

describe('and?, or?', () => {
  test('both predicates applied to the value', () => {
    holds('(defun f:bool () @model [(property (= result false))] (and? (> 20) (> 10) 15))');
    holds('(defun f:bool () @model [(property (= result true))] (or? (> 20) (> 10) 15))');
    holds('(defun f:bool (x:integer) @model [(property (= result (and (> x 0) (< x 10))))] (and? (< 0) (> 10) x))');
  });
});

describe('lists in properties', () => {
  test('take and drop of an argument', () => {
    holds('(defun f:[integer] (xs:[integer]) @model [(property (= result (take 2 xs))) (property (when (>= (length xs) 2) (= (drop 1 result) (take -1 (take 2 xs)))))] (take 2 xs))');
  });

  test('type errors', () => {
    assert.match(fails('(defun f:integer () @model [(property (= result [1 2.0]))] 1)'), /could not parse \(= result \[1 2\.0\]\): unable to make list of a single type from \[1, 2\.0\]\n$/);
    assert.match(fails('(defun f:integer () @model [(property (= result (at 0 1)))] 1)'), /in \(at 0 1\), expected object or list \(with key 0\) but found type integer\n$/);
    assert.match(fails('(defun f:[integer] () @model [(property (= result (+ [1] ["a"])))] [1])'), /in \(\+ \[1\] \["a"\]\), can only concat lists of the same type\n$/);
  });
});
