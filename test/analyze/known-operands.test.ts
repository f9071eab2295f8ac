/// Operands the analysis must know (a rounding's precision, a `shift`'s size, a `make-list`'s
/// length, a `format`'s template) stay known when they are known only once the code is inlined
/// or computed — a constant, a function returning one, a `let`, arithmetic of those — as SBV's
/// constant folding keeps them known to Pact's analysis. One truly unknown gets Pact's answer.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fails, holds, verify } from './verify-helpers.ts';

/// A token contract's shape: `precision` a function returning a constant.
const PRECISION = '(defconst MIN 12) (defun precision:integer (t:string) MIN)';

describe('known once inlined', () => {
  test('floor, round and ceiling at a precision a function returns (issue 19\'s reduced case)', () => {
    holds(`${PRECISION} (defun truncate:decimal (t:string a:decimal) @model [(property (<= result a))] (floor a (precision t)))`);
    holds(`${PRECISION} (defun up:decimal (t:string a:decimal) @model [(property (>= result a))] (ceiling a (precision t)))`);
    holds(`${PRECISION} (defun near:decimal (t:string a:decimal) @model [(property (= (round result 12) result))] (round a (precision t)))`);
    // ... a `let`, or arithmetic of constants.
    holds('(defun f:decimal (a:decimal) @model [(property (<= result a))] (let ((p 2)) (floor a (+ p 1))))');
    // ... and a property's own precision, computed.
    holds('(defun f:decimal (a:decimal) @model [(property (= (floor result (+ 1 1)) result))] (floor a 2))');
  });

  test('a value that proves wrong is still found: a counterexample, not an error', () => {
    fails(`${PRECISION} (defun f:decimal (t:string a:decimal) @model [(property (= result a))] (floor a (precision t)))`,
      'OutputFailure: Invalidating model found in t.f');
  });

  test('shift by a size known once inlined, negative sizes too', () => {
    holds('(defun k:integer () 3) (defun f:integer (x:integer) @model [(property (= result (* 8 x)))] (shift x (k)))');
    holds('(defun f:integer (x:integer) @model [(property (= result (/ x 8)))] (shift x -3))');
    holds('(defun f:integer (x:integer) @model [(property (= result (/ x 4)))] (shift x (- 0 2)))');
  });

  test('make-list of a length and format of a template known once inlined', () => {
    holds('(defun n:integer () 3) (defun f:[integer] (x:integer) @model [(property (= (length result) 3))] (make-list (n) x))');
    holds('(defun tpl:string () (+ "a " "{}")) (defun f:string () @model [(property (= result "a 3"))] (format (tpl) [3]))');
    holds('(defconst TPL "{}-{}") (defun f:string (x:integer) @model [(property (= result "1-2"))] (format TPL [1 2]))');
  });

  test('rounding at a decimal\'s places or more changes nothing, however many', () => {
    holds('(defun f:decimal (a:decimal) @model [(property (= result a))] (round a 1000000000000))');
  });
});

describe('truly unknown', () => {
  // SBV's `.^` (Pact's shift of a decimal by the precision) stops Pact's analysis with this
  // Haskell error, which Pact's REPL reports without a location.
  const unknownPrecision = '<interactive>:1:0:Error: (.^): exponentiation only works with unsigned bounded symbolic exponents, kind: SInteger\nAborting execution\nLoad failed\n';

  test('a precision that is an argument, in the code or in a property', () => {
    assert.equal(verify('(defun f:decimal (a:decimal p:integer) @model [(property (<= result a))] (floor a p))').err, unknownPrecision);
    assert.equal(verify('(defun f:decimal (a:decimal p:integer) @model [(property (= (round result p) result))] (round a 2))').err, unknownPrecision);
  });

  test('a shift size, a make-list length, a format template: Pact\'s failures', () => {
    fails('(defun f:integer (x:integer s:integer) @model [(property true)] (shift x s))', 'shift currently requires a statically determined shift size');
    fails('(defun f:[integer] (n:integer) @model [(property true)] (make-list n 1))', 'make-list currently requires a statically determined length');
    fails('(defun f:string (t:string) @model [(property true)] (format t [1]))',
      'We can only analyze calls to `format` with statically determined contents (both arguments)');
  });

  test('a make-list longer than the analysis unrolls fails plainly', () => {
    fails('(defun f:[integer] () @model [(property true)] (make-list 100000000 1))',
      'make-list: a length of 100000000 is more than the analysis unrolls (100000 at most)');
  });

  test('a negative precision fails the transaction', () => {
    fails('(defun f:decimal (a:decimal) @model [(property (<= result a))] (floor a -1))', 'Vacuous property encountered!');
  });
});
