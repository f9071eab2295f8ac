import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isIncomplete } from '../../src/syntax/index.ts';

// The REPL joins the lines typed so far with a newline after each, as Pact does.
const lines = (...ls: string[]): string => ls.map((l) => `${l}\n`).join('');

test('unclosed brackets of every kind need more input', () => {
  assert.equal(isIncomplete(lines('(defun f ()')), true);
  assert.equal(isIncomplete(lines('(module m g', '  (defcap g () true)')), true);
  assert.equal(isIncomplete(lines('[1 2')), true);
  assert.equal(isIncomplete(lines('{ "a": 1,')), true);
  assert.equal(isIncomplete(lines('(f ; a comment to the end')), true);
  assert.equal(isIncomplete('(a [b {c'), true);
});

test('complete input is not incomplete', () => {
  assert.equal(isIncomplete(lines('(+ 1 2)')), false);
  assert.equal(isIncomplete(lines('(module m g', '  (defcap g () true))')), false);
  assert.equal(isIncomplete(lines('1 "two" three')), false);
});

test('errors before the end are not incomplete', () => {
  assert.equal(isIncomplete(lines('(+ 1 2))')), false);
  assert.equal(isIncomplete(lines('(a ] (b')), false);
  assert.equal(isIncomplete(lines('(f 1.)')), false);
});

test('strings: cut short at the end of the text, or inside a gap', () => {
  assert.equal(isIncomplete('(print "abc'), true);
  assert.equal(isIncomplete(lines('(print "abc \\')), true);
  // A raw newline may not appear in a string, so a string open at the end of a line is an error.
  assert.equal(isIncomplete(lines('(print "abc')), false);
});

test('names and symbols cut short at the end', () => {
  assert.equal(isIncomplete(lines('(coin.')), true);
  assert.equal(isIncomplete(lines("(f '")), true);
});

test('input with no expression yet waits for one, as in Pact', () => {
  assert.equal(isIncomplete(lines('; just a comment')), true);
  assert.equal(isIncomplete(lines('   ')), true);
});
