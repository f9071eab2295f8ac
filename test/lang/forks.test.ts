import { test } from 'node:test';
import assert from 'node:assert/strict';
import { piped } from '../helpers/pact.ts';

/// Runs lines in one piped REPL; returns stdout lines, or fails with what went wrong.
function run(...lines: string[]): string[] {
  const { out, err, code } = piped(lines.join('\n') + '\n');
  assert.equal(code, 0, err);
  return out.trimEnd().split('\n');
}

const MODULES = [
  '(interface i (defun f:bool ()))',
  '(module a G (defcap G () true) (implements i) (defun f:bool () true))',
  '(module c G (defcap G () true) (defcap USE (m:module{i}) true)' +
    ' (defun guard-for (m:module{i}) (create-capability-guard (USE m)))' +
    ' (defun run (m:module{i}) (with-capability (USE m) (enforce-guard (guard-for a)))))',
];

test('before Pact 4.9 a module reference in a capability guard keeps where it was made, unlike the acquired token', () => {
  const out = run(...MODULES,
    '(env-exec-config ["DisablePact49"])',
    '(expect-failure "the guard does not match the token" "Capability not acquired" (c.run a))',
    '(env-exec-config [])',
    '(c.run a)');
  assert.equal(out.at(-3), '"Expect failure: success: the guard does not match the token"');
  assert.equal(out.at(-1), 'true');
});

test('OldReadOnlyBehavior: a read-only section inside a system-only one fails', () => {
  const out = run(
    '(module m G (defcap G () true) (defun ok () true) (defun inner (g) (enforce-one "x" [(enforce-guard g)])))',
    '(enforce-guard (create-user-guard (m.inner (create-user-guard (m.ok)))))',
    '(env-exec-config ["OldReadOnlyBehavior"])',
    '(expect-failure "old" "internal error: attempting db read in sys-only context" (enforce-guard (create-user-guard (m.inner (create-user-guard (m.ok))))))');
  assert.equal(out[1], 'true');
  assert.equal(out.at(-1), '"Expect failure: success: old"');
});

test('before Pact 4.9 a module reference hashes with the form it was made in', () => {
  const out = run(...MODULES,
    '(env-exec-config ["DisablePact49"])', '(hash a)', '(let ((x a)) (hash x))',
    '(env-exec-config [])', '(hash a)', '(let ((x a)) (hash x))');
  const [pre1, pre2, , post1, post2] = out.slice(-5);
  assert.notEqual(pre1, pre2);
  assert.equal(post1, post2);
  assert.notEqual(pre1, post1);
});

test('before Pact 4.3 names loaded at the top level shadow a module\'s own definitions', () => {
  const out = run(
    '(begin-tx)',
    '(env-exec-config ["DisablePact43"])',
    '(module a G (defcap G () true) (defconst greeting "hi"))',
    '(module b G (defcap G () true) (defconst greeting "hello") (defun get () greeting))',
    '(b.get)',
    '(commit-tx)');
  assert.equal(out.at(-2), '"hi"');
});

test('before Pact 4.8 an upgrade\'s qualified self-reference runs the previous version', () => {
  const out = run(
    '(env-exec-config ["DisablePact48"])',
    '(begin-tx)', '(module m g (defcap g () true) (defcap test () (enforce false "old")) (defun f () 0))', '(commit-tx)',
    '(begin-tx)', '(module m g (defcap g () true) (defcap test () true) (defun f () (with-capability (m.test) 1)))',
    '(expect-failure "the old capability" "old" (f))', '(commit-tx)');
  assert.equal(out.at(-2), '"Expect failure: success: the old capability"');
});

test('before Pact 4.0 a cross-chain resume on the wrong chain names the expected provenance first', () => {
  const out = run(
    '(begin-tx)',
    '(module x G (defcap G () true) (defpact p () (step (yield { "a": 1 } "1")) (step (resume { "a" := a } a))))',
    '(p)',
    '(env-exec-config ["DisablePact40"])',
    '(expect-failure "wrong chain" "yield provenance (chain = \\"\\" hash=" (continue-pact 1))');
  assert.equal(out.at(-1), '"Expect failure: success: wrong chain"');
});
