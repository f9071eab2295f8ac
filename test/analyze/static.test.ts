/// `verify` over the natives Pact's analysis computes only from known (concrete) arguments:
/// `hash`, `str-to-int` with a base, the bitwise operators, `format-time`/`parse-time`/`time`,
/// `add-time` of decimal seconds, rounding to a number of places, `make-list`. Known arguments
/// are computed as the interpreter does (test/analyze/dual-evaluation.test.ts checks that on
/// random terms); these cases are Pact's for unknown ones, and a few of tests/AnalyzeSpec.hs
/// ("hash", "str-to-int", "format-time / parse-time", the bitwise part of "decimal arithmetic"),
/// in our own words.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { holds, verify } from './verify-helpers.ts';

/// A function of no arguments that always succeeds (Pact's `expectPass ... Valid Success'`).
const succeeds = (body: string) => holds(`(defun f:bool () @model [(succeeds-when true)] ${body} true)`);

describe('hash', () => {
  test('of known values: the interpreter\'s hash (AnalyzeSpec "hash")', () => {
    succeeds([
      '(enforce (= (hash "hello") "Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8") "")',
      '(enforce (= (hash (- 2 1)) "A_fIcwIweiXXYXnKU59CNCAUoIXHXwQtB_D8xhEflLY") "")',
      '(enforce (= (hash (or true false)) "LCgKNFtF9rwWL0OuXGJUvt0vjzlTR1uOu-1mlTRsmag") "")',
      '(enforce (= (hash 3.14) "qxTS1KYJOd3G3jQq4zuKjaJVZHh1Rsvf1s8pFkhj7Uo") "")',
      '(enforce (= (hash [1.0 1.1]) "JwuRBUXWO1VXhJI3rWtNk--kTNY04F0iaOo0lWgdbK8") "")',
      '(enforce (= (hash [[true]]) "VYfNbE5tyE9Oj-1gSGzZo2bQUtcVmdLA3uSpS59CP1w") "")',
    ].join(' '));
  });

  test('of an unknown value: a fixed hash, with Pact\'s warning after the results', () => {
    const r = verify('(defun f:string (x:integer) @model [(property (= result "A_fIcwIweiXXYXnKU59CNCAUoIXHXwQtB_D8xhEflLY"))] (hash x))');
    assert.equal(r.verdict, 'Verification of t succeeded');
    assert.equal(r.err, ":OutputWarning: Shimmed native 'hash' (of type 'integer', substitute 'A_fIcwIweiXXYXnKU59CNCAUoIXHXwQtB_D8xhEflLY'))\n");
  });

  test('of a type Pact\'s analysis does not hash: the hash of "hello pact", with a warning', () => {
    const r = verify('(defun f:string () @model [(property (= result "HsVo-gcG-pk1BciGr2xovMyR7sVH0Kt9gTgqicXDXMM"))] (hash (time "2016-07-22T11:26:35Z")))');
    assert.equal(r.verdict, 'Verification of t succeeded');
    assert.match(r.err, /^<interactive>:0:\d+:OutputWarning: Call to `hash` is only implemented for string, bool, and integer, substituting hash of `hello pact`\n$/);
  });
});

describe('str-to-int with a base (AnalyzeSpec "str-to-int")', () => {
  test('known base and string', () => {
    succeeds('(enforce (= (str-to-int 10 "5") 5) "") (enforce (= (str-to-int 8 "10") 8) "")');
    for (const [call, why] of [['0 "23"', 'unsupported base: 0'], ['6 ""', 'empty text: '], ['6 "77"', "character '7' is out of range for base 6: 77"]]) {
      const r = verify(`(defun f:integer () @model [(succeeds-when true)] (str-to-int ${call}))`);
      assert.equal(r.verdict, 'Verification of t failed');
      assert.match(r.err, new RegExp(`OutputFailure: Failed to convert string to integer: ${why}\\n$`));
    }
  });

  test('an unknown base is tried in each base; an unknown string is read in base 10 only', () => {
    holds('(defun f:integer (base:integer) @model [(property (=> (= result 8) (= base 8)))] (str-to-int base "10"))');
    holds('(defun f:integer (s:string) @model [(property (=> (= s "123") (= result 123)))] (str-to-int 10 s))');
    const r = verify('(defun f:integer (s:string) @model [(property (= result 8))] (str-to-int 8 s))');
    assert.equal(r.err, ":OutputWarning: Shimmed native 'strToInt' (unsupported base=8, substitue 8)\n");
    assert.match(verify('(defun f:integer (b:integer s:string) @model [(property (> result 0))] (str-to-int b s))').err,
      /OutputFailure: Unable to convert string to integer for symbolic base and string\n$/);
  });
});

describe('bitwise operators (AnalyzeSpec "decimal arithmetic")', () => {
  test('of known integers', () => {
    succeeds([
      '(enforce (= 1 (& 5 -7)) "")', '(enforce (= -3 (| 5 -7)) "")', '(enforce (= -4 (xor 5 -7)) "")',
      '(enforce (= -16 (~ 15)) "")', '(enforce (= 65280 (shift 255 8)) "")', '(enforce (= -128 (shift -255 -1)) "")',
    ].join(' '));
  });

  test('shift of an unknown integer by a known amount; an unknown amount is not analysed', () => {
    holds('(defun f:integer (x:integer) @model [(property (= result (* 8 x)))] (shift x 3))');
    assert.match(verify('(defun f:integer (n:integer) @model [(property (> result 0))] (shift 3 n))').err,
      /OutputFailure: You found a term we don't have analysis support for yet\. Please report this as a bug at https:\/\/github\.com\/kadena-io\/pact\/issues\n\nshift currently requires a statically determined shift size\n$/);
  });
});

describe('times', () => {
  test('format-time and parse-time of known values (AnalyzeSpec "format-time / parse-time")', () => {
    succeeds(['(let* ((in1 "2016-09-12") (out1 (format-time "%F" (parse-time "%F" in1)))',
      '(in2 "2016-07-22T11:26:35Z") (out2 (format-time "%Y-%m-%dT%H:%M:%SZ" (time in2))))',
      '(enforce (= in1 out1) "") (enforce (= in2 out2) ""))',
      '(enforce (= (format-time "%Y-%m-%dT%H:%M:%S%N" (time "2016-07-23T13:30:45Z")) "2016-07-23T13:30:45+00:00") "")',
      '(enforce (= (format-time "%a, %_d %b %Y %H:%M:%S %Z" (time "2016-07-23T13:30:45Z")) "Sat, 23 Jul 2016 13:30:45 UTC") "")',
      '(enforce (= (format-time "%Y-%m-%d %H:%M:%S.%v" (add-time (time "2016-07-23T13:30:45Z") 0.001002)) "2016-07-23 13:30:45.001002") "")',
    ].join(' '));
  });

  test('a text that does not parse fails the transaction', () => {
    holds('(defun f:time () @model [(fails-when true)] (parse-time "%Y" "year"))');
    holds('(defun f:time () @model [(fails-when true)] (time "2016-07-22"))');
  });

  test('format-time of an unknown time gives the format; parse-time of unknown text is not analysed', () => {
    holds('(defun f:string (t:time) @model [(property (= result "%Y"))] (format-time "%Y" t))');
    assert.match(verify('(defun f:time (s:string) @model [(property (= 1 1))] (parse-time "%Y" s))').err,
      /OutputFailure: We can only analyze calls to `parse-time` with statically determined contents \(both arguments\)\n$/);
  });

  test('add-time of known decimal seconds rounds to microseconds; of unknown ones, Pact\'s roundoff failure', () => {
    holds('(defun f:decimal () @model [(property (= result 0.000002))] (diff-time (add-time (time "2016-07-22T11:26:35Z") (* 0.0000025 1)) (time "2016-07-22T11:26:35Z")))');
    assert.match(verify('(defun f:time (d:decimal) @model [(property (= 1 1))] (add-time (time "2016-07-22T11:26:35Z") d))').err,
      /OutputFailure: A time being added is not concrete, so we can't guarantee that roundoff won't happen when it's converted to an integer\.\n$/);
  });
});

describe('known counts and places', () => {
  test('rounding to known places, and a negative number of them fails the transaction', () => {
    holds('(defun f:decimal () @model [(property (= result 1.23))] (round 1.2345 (+ 1 1)))');
    holds('(defun f:decimal () @model [(fails-when true)] (round 1.5 (- 1)))');
  });

  test('make-list of a known count', () => {
    holds('(defun f:integer () @model [(property (= result 3))] (length (make-list (+ 1 2) "a")))');
  });
});
