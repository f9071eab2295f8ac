import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastPrinted, newRepl } from '../helpers/pact.ts';

// Pact's parser drops what follows where a form stops matching (deployed contracts rely on it).

test('a list literal stops at a missing comma or a stray separator', () => {
  assert.equal(lastPrinted('[1, 2 3]'), '[1 2]');
  assert.equal(lastPrinted('[1 2 : 3]'), '[1 2]');
});

test('let and cond pairs ignore what follows their expressions', () => {
  assert.equal(lastPrinted('(let ((x 1 2)) x)'), '1');
  assert.equal(lastPrinted('(let ((x 1)) (cond ((= x 1) "a" "b") "c"))'), '"a"');
});

test('a binding stops at a pair without its comma', () => {
  assert.equal(lastPrinted('(bind { "a": 1, "b": 2 } { "a" := a "b" := b } a)'), '1');
});

test('a list type reads its element type only: [object:{s}] is a list of objects', () => {
  assert.equal(lastPrinted('(module m G (defcap G () true) (defschema s a:integer) (defun f:[object:{s}] (x:[object:{s}]) x))', '(m.f [{"b": 1}])'),
    '[{"b": 1}]');
});

test('a comment ending in a dot does not join the next line to a name', () => {
  const { repl, rec } = newRepl();
  assert.ok(repl.runSource('(module m G (defcap G () true) (defun f () ;; see g.\n  1))\n(m.f)', 'c.repl'), rec.err);
});

test('an object with bare keys ends a list literal (Pact backs out of it silently)', () => {
  assert.equal(lastPrinted('["a" { x: 1 } "b"]'), '["a"]');
  assert.equal(lastPrinted('[{ x: 1, y: 2 }]'), '[]');
});

test('an argument list ends at the first item that is not a name', () => {
  assert.equal(lastPrinted('(module m G (defcap G () true) (defun f (a:integer b:object(ignored)) a))', '(m.f 1 {})'), '1');
});

test('a symbol can be a docstring', () => {
  assert.match(lastPrinted("(module m G 'documented (defcap G () true))"), /^"Loaded module m, hash /);
});
