import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printed } from '../helpers/pact.ts';
import { hashText } from '../../src/values/hash.ts';

// Deeper than the call stack allows a recursive walk (it failed from about 5000 levels).
const DEPTH = 20000;
const nestedList = `(fold (lambda (acc y) [acc]) [] (enumerate 1 ${DEPTH}))`;
const nestedObject = `(fold (lambda (acc y) {"o": acc}) {} (enumerate 1 ${DEPTH}))`;
const listText = '['.repeat(DEPTH + 1) + ']'.repeat(DEPTH + 1);
const objectJson = '{"o":'.repeat(DEPTH) + '{}' + '}'.repeat(DEPTH);

function lastOf(...lines: string[]): string {
  return printed(...lines).at(-1)!;
}

test('a value nested deeper than the call stack prints, formats and compares', () => {
  assert.equal(lastOf(nestedList), listText);
  assert.equal(lastOf(`(format "{}" [${nestedList}])`), `"${listText}"`);
  assert.equal(lastOf(`(let ((x ${nestedList})) (= x (take 1 x)))`), 'true');
  assert.equal(lastOf(`(let ((x ${nestedObject})) (contains x [x]))`), 'true');
});

test('a deeply nested value hashes as its JSON text', () => {
  assert.equal(lastOf(`(hash ${nestedList})`), `"${hashText(listText)}"`);
  assert.equal(lastOf(`(hash ${nestedObject})`), `"${hashText(objectJson)}"`);
});

test('a deeply nested value goes through the database and message data and back', () => {
  const out = printed(
    '(begin-tx)',
    '(module m G (defcap G () true) (defschema s a:object) (deftable t:{s}))',
    '(create-table t)',
    '(env-gasmodel "table") (env-gaslimit 100000000)',
    `(write t "k" {"a": ${nestedObject}})`,
    `(= (at "a" (read t "k")) ${nestedObject})`,
    `(env-data {"d": ${nestedObject}})`,
    `(= (read-msg "d") ${nestedObject})`,
  );
  assert.deepEqual(out.slice(-4), ['"Write succeeded"', 'true', '"Setting transaction data"', 'true']);
});
