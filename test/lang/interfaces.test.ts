import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, newRepl, piped, printed } from '../helpers/pact.ts';
import { hashValue } from '../../src/values/pact-json.ts';
import { ModRef } from '../../src/values/value.ts';

test('an interface in a namespace naming itself in a module type means itself, namespace included', () => {
  const { out, code } = piped([
    '(env-data {"ks": []})',
    '(define-namespace "ns" (read-keyset "ks") (read-keyset "ks"))',
    '(namespace "ns")',
    '(interface policy (defschema info ps:[module{policy}]) (defun check:bool ()))',
    '(module p G (defcap G () true) (implements policy) (defun check:bool () true))',
    '(module user G (defcap G () true) (use ns.policy [info]) (defun first:module{policy} (i:object{info}) (at 0 (at "ps" i))))',
    '(user.first { "ps": [p] })',
  ].join('\n'));
  assert.equal(code, 0, out);
  assert.equal(out.trimEnd().split('\n').at(-1), 'ns.p');
});

test('expect-failure sees the failing code on one line, line breaks as spaces', () => {
  const { repl, rec } = newRepl();
  const ok = repl.runSource([
    '(module m G (defcap G () true)',
    '  (defun f () (enforce false "no")',
    '    ))',
    '(expect-failure "broken code" "(enforce false \\"no\\")     : Failure: Tx Failed: no" (m.f))',
  ].join('\n'), 'broken.repl');
  assert.ok(ok);
  assert.equal(repl.reportTestFailures(), false, rec.err);
});

test('a module keeps its interfaces in reverse order of its implements forms, as Pact does', () => {
  const lines = [
    '(interface ia (defun f:integer ()))',
    '(interface ib (defun g:integer ()))',
    '(module m G (defcap G () true) (implements ia) (implements ib) (defun f:integer () 1) (defun g:integer () 2))',
  ];
  assert.equal(printed(...lines, '(at "interfaces" (describe-module "m"))').at(-1), '["ib" "ia"]');
  // The order is part of a module reference's JSON, so of its hash.
  const hashed = printed(...lines, '(hash m)').at(-1);
  assert.equal(hashed, JSON.stringify(hashValue(new ModRef('m', ['ib', 'ia'], null))));
  assert.notEqual(hashed, JSON.stringify(hashValue(new ModRef('m', ['ia', 'ib'], null))));
});

test('an implemented interface that does not exist is reported at the module, after its definitions', () => {
  assert.deepEqual(printed('(interface ia (defun f:integer ()))',
    '(module n G (defcap G () true) (implements ia) (implements nope) (defun f:integer () 1))').slice(1, 2),
  ['<interactive>:0:0:Error: Interface not defined: nope']);
});

test('a module type naming no interface is an unresolved name, as every free name in module code', () => {
  assertError(['(module m G (defcap G () true) (defun f (x:module{nope}) 1))'], 'Cannot resolve "nope"');
  assertError(['(let ((x:module{nope} 1)) x)'], 'Cannot resolve nope');
});

test('loading or using an interface brings its constants and schemas into scope, not what it only declares', () => {
  const iface = '(interface payable (defun pay:bool ()) (defcap PAID:bool ()) (defconst FEE 1) (defschema receipt amount:decimal))';
  assert.deepEqual(printed(iface, 'FEE', '(pay)'), ['"Loaded interface payable"', '1', '<interactive>:0:1:Error: Cannot resolve pay', 'Aborting execution', 'Load failed']);
  assert.deepEqual(printed('(begin-tx)', iface, '(commit-tx)', '(use payable)', 'FEE', 'PAID').slice(-4), ['1', '<interactive>:0:0:Error: Cannot resolve PAID', 'Aborting execution', 'Load failed']);
  // Inside a module, `use` makes the same names known.
  assertError([iface, '(module m G (defcap G () true) (use payable) (defun f () (pay)))'], 'Cannot resolve "pay"');
  assert.equal(printed(iface, '(module m G (defcap G () true) (use payable) (defun f:object{receipt} () { "amount": 1.0 }))', '(m.f)').at(-1), '{"amount": 1.0}');
});
