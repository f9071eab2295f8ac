import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newRepl, piped } from '../helpers/pact.ts';

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
