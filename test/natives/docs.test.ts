import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_DOCS } from '../../src/natives/docs.ts';
import { newRepl } from '../helpers/pact.ts';

/// Every native of a fresh REPL, the REPL-only ones included.
function allNatives() {
  const { repl } = newRepl();
  return [...repl.ctx.natives.values(), ...repl.ctx.replNatives.values()];
}

test('every native carries Pact\'s docs and examples, and the table names no other', () => {
  const natives = allNatives();
  for (const n of natives) {
    const d = NATIVE_DOCS[n.name];
    assert.ok(d !== undefined && d.docs !== '', `${n.name} has no docs`);
    assert.equal(n.docs, d.docs);
    assert.deepEqual(n.examples, d.examples);
  }
  const ours = new Set(natives.map((n) => n.name));
  // `bench` (REPL) is the one native of Pact's table we leave out.
  assert.deepEqual(Object.keys(NATIVE_DOCS).filter((name) => !ours.has(name)), ['bench']);
  assert.equal(Object.keys(NATIVE_DOCS).length, 181);
});

test('the natives Pact runs only at the top level are those its table marks', () => {
  const topLevel = allNatives().filter((n) => n.topLevelOnly).map((n) => n.name).sort();
  assert.deepEqual(topLevel, ['create-table', 'define-keyset', 'define-namespace', 'describe-keyset', 'describe-module',
    'describe-namespace', 'describe-table', 'enforce-pact-version', 'list-modules', 'namespace', 'pact-version']);
});

test('texts as Pact writes them: spaces, quotes and line breaks kept', () => {
  // `T.unwords` of lines that end in spaces.
  assert.match(NATIVE_DOCS['is-charset']!.docs, /CHARSET\. {7}Character sets/);
  // The execution flags, as Haskell shows the sorted list of their names.
  assert.match(NATIVE_DOCS['env-exec-config']!.docs, /Valid flags: \["AllowReadInLocal","DisableHistoryInTransactionalMode",.*,"PreserveShowDefs"\]$/);
  assert.equal(NATIVE_DOCS['time']!.docs, 'Construct time from UTCVAL using ISO8601 format (%Y-%m-%dT%H:%M:%SZ). ');
  assert.deepEqual(NATIVE_DOCS['expect-that']!.examples, [
    { kind: 'exec', text: '(expect-that "addition" (< 2) (+ 1 2))' },
    { kind: 'exec-error', text: '(expect-that "addition" (> 2) (+ 1 2))' },
  ]);
  assert.deepEqual(NATIVE_DOCS['round']!.examples, [{ kind: 'exec', text: '(round 3.5)' }, { kind: 'exec', text: '(round 100.15234 2)' }]);
  assert.equal(NATIVE_DOCS['where']!.docs, 'Utility for use in \'filter\' and \'select\' applying APP to FIELD in VALUE.');
  assert.equal(NATIVE_DOCS['fold-db']!.examples[0]!.text.split('\n')[0], '(let* ');
});
