import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printed } from '../helpers/pact.ts';

// A list or object literal may hold what is not data (a native, a table); it prints, and where
// only data can go it is Pact's "Only value-level terms permitted", never a JavaScript error.

test('a native inside a list or object prints as the native', () => {
  assert.deepEqual(printed('[+]', '{"a": +}'), ['[native `+`]', '{"a": native `+`}']);
});

test('hashing, formatting or storing it is an error at the application', () => {
  assert.deepEqual(printed('(hash {"a": [map]})').slice(0, 2), [
    '<interactive>:0:0:Error: Only value-level terms permitted: native `map`',
    ' at <interactive>:0:0: (hash {"a": [map]})',
  ]);
  assert.equal(printed('(format "{}" [[+]])')[0], '<interactive>:0:0:Error: Only value-level terms permitted: native `+`');
  assert.equal(printed('(env-data [+])')[0], '<interactive>:0:0:Error: Only value-level terms permitted: native `+`');
  const write = printed(
    '(env-gasmodel "table") (env-gaslimit 100000)',
    '(module m G (defcap G () true) (defschema s a:integer) (deftable t:{s}))',
    '(create-table t)',
    '(write t "k" {"a": {"b": t}})',
  );
  assert.ok(write.includes('<interactive>:0:0:Error: Only value-level terms permitted: (deftable t:{s} )'), write.join('\n'));
});
