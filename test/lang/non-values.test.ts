import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printed } from '../helpers/pact.ts';
import { Repl } from '../../src/repl/repl.ts';

// A list or object literal may hold what is not data (a native, a table); it prints, and where
// only data can go it is Pact's "Only value-level terms permitted" with the reason its
// `toPactValue` gives for the innermost such term, never a JavaScript error.

const MOD_HELP = ['native `mod`', '  ', '  X modulo Y.', '  ', '  Type:', '  x:integer y:integer -> integer', '  ', '  Examples:', '  > (mod 13 8)'];
const MOD_COMPACT = 'native `mod`  X modulo Y.  Type: x:integer y:integer -> integer  Examples: > (mod 13 8)';

test('a native inside a list or object prints as the native, its help laid out as Pact lays it out', () => {
  const help = MOD_HELP.join('\n');
  assert.deepEqual(printed('[mod]', '{"a": mod}', '[mod 1]').join('\n').split('\n'), [
    ...`[${help}]`.split('\n'),
    ...`{"a": ${help}}`.split('\n'),
    // A list that does not fit one line has one element per line.
    ...`[${help}\n1]`.split('\n'),
  ]);
});

test('hashing, formatting or storing it is an error at the application', () => {
  assert.deepEqual(printed('(hash {"a": [mod]})').slice(0, 2), [
    `<interactive>:0:0:Error: Only value-level terms permitted: Unable to convert Term: ${MOD_COMPACT}`,
    ' at <interactive>:0:0: (hash {"a": [mod]})',
  ]);
  assert.deepEqual(printed('(hash mod)').slice(0, 2), [
    `<interactive>:0:0:Error: Only value-level terms permitted: Unable to convert Term: ${MOD_COMPACT}`,
    // A call's arguments are shown cut to 50 characters.
    ' at <interactive>:0:0: (hash native `mod`  X modulo Y.  Type: x:integer y:integ...)',
  ]);
  // A list written in the call shows its elements as Pact shows the terms.
  assert.equal(printed('(hash [mod])')[1], ' at <interactive>:0:0: (hash [native `mod`  X modulo Y.  Type: x:integer y:inte...)');
  assert.equal(printed('(format "{}" [[mod]])')[0], `<interactive>:0:0:Error: Only value-level terms permitted: Unable to convert Term: ${MOD_COMPACT}`);
  assert.equal(printed('(env-data [mod])')[0], `<interactive>:0:0:Error: Only value-level terms permitted: Unable to convert Term: ${MOD_COMPACT}`);
  const write = printed(
    '(env-gasmodel "table") (env-gaslimit 100000)',
    '(module m G (defcap G () true) (defschema s a:integer) (deftable t:{s}))',
    '(create-table t)',
    '(write t "k" {"a": {"b": t}})',
  );
  assert.ok(write.includes('<interactive>:0:0:Error: Only value-level terms permitted: Unable to convert Term: (deftable t:{s} )'), write.join('\n'));
});

test('a constant must have a type: a native is a `defun`', () => {
  assert.deepEqual(printed('(module m G (defcap G () true) (defconst C mod))').slice(0, 1), [
    '<interactive>:0:41:Error: Invalid type in value location: defun',
  ]);
});

test('a capability\'s arguments must be data', () => {
  const out = printed(
    '(module m G (defcap G () true) (defcap C (x) true) (defschema s a:integer) (deftable t:{s}) (defun f () (with-capability (C t) 1)))',
    '(m.f)',
  );
  assert.ok(out.includes('<interactive>:0:121:Error: Invalid capability argument: Unable to convert Term: (deftable t:{s} )'), out.join('\n'));
});

test('simulating a chain, a native or a definition cannot be shown (unless before Pact 4.7)', () => {
  let out = '';
  const repl = new Repl('script', { stdout: (t) => { out += t; }, stderr: (t) => { out += t; } });
  const run = (line: string): string => {
    out = '';
    repl.runSource(line, 's.repl');
    return out;
  };
  run('(env-simulate-onchain true) (module m G (defcap G () true) (defun f () 1))');
  assert.equal(run('mod'), 's.repl:1:0:Error: Cannot display native function details in non-repl context\n');
  assert.equal(run('m.f'), 's.repl:1:0:Error: Cannot display function details in non-repl context\n');
  // Inside a list it is only a value.
  assert.equal(run('(typeof [mod])'), '');
  assert.deepEqual(printed('(env-simulate-onchain true)', '(expect "shown" 1 mod)', '(env-exec-config ["DisablePact47"])', 'mod').slice(1), [
    '"FAILURE: shown: evaluation of actual failed:<interactive>:0:18: Cannot display native function details in non-repl context"',
    '["DisablePact47"]', ...MOD_HELP,
  ]);
});
