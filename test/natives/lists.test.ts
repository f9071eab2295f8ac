import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalLine } from '../helpers/pact.ts';

const cases: Array<[string, string]> = [
  ['(enumerate 0 10 2)', '[0 2 4 6 8 10]'],
  ['(enumerate 10 0)', '[10 9 8 7 6 5 4 3 2 1 0]'],
  ['(enumerate 5 5)', '[5]'],
  ['(enumerate 0 10 0)', '[]'],
  ['(enumerate 0 1 5)', '[0]'],
  ['(take 2 [1 2 3])', '[1 2]'],
  ['(take -2 [1 2 3])', '[2 3]'],
  ['(drop 5 [1 2 3])', '[]'],
  ['(take 2 "abc")', '"ab"'],
  ["(take ['a] { 'a: 1, 'b: 2 })", '{"a": 1}'],
  ["(drop ['a] { 'b: 2, 'a: 1 })", '{"b": 2}'],
  ['(distinct [3 1 3 2 1])', '[3 1 2]'],
  ['(sort [3 1 2])', '[1 2 3]'],
  ["(sort ['age] [{'name: \"Lin\",'age: 30} {'name: \"Val\",'age: 25}])", '[{"name": "Val","age": 25} {"name": "Lin","age": 30}]'],
  ['(reverse [1 2 3])', '[3 2 1]'],
  ['(make-list 3 "a")', '["a" "a" "a"]'],
  ['(make-list 0 1)', '[]'],
  ['(zip (+) [1 2 3] [4 5])', '[5 7]'],
  ['(fold (-) 10 [1 2])', '7'],
  ['(filter (< 1) [1 2 3])', '[2 3]'],
  ['(map (lambda (x) (* x x)) [1 2 3])', '[1 4 9]'],
  ['(compose (+ 1) (* 2) 3)', '8'],
  ['(contains 2 [1 2])', 'true'],
  ["(contains 'a { 'a: 1 })", 'true'],
  ['(contains "ell" "hello")', 'true'],
  ['(at 1 [1 2 3])', '2'],
  ["(remove 'a { 'a: 1, 'b: 2 })", '{"b": 2}'],
  ['(length "héllo")', '5'],
  ['(str-to-list "ab")', '["a" "b"]'],
  ['(concat ["a" "b"])', '"ab"'],
  ['(typeof (make-list 1 1))', '"[integer]"'],
  ['(typeof (map (+ 1) [1]))', '"[*]"'],
];

for (const [input, expected] of cases) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

const errors: Array<[string, string]> = [
  ['(at 5 [1 2 3])', 'at: bad index 5, length 3'],
  ["(at 'c { 'a: 1 })", 'key not found in object: c'],
  ['(enumerate 0 10 -1)', 'enumerate: increment diverges below from interval bounds.'],
  ['(enumerate 10 0 1)', 'enumerate: increment diverges above from interval bounds.'],
  ['(map (+ 1) 1)', 'map: expecting list: 1'],
  // The application is shown as Pact shows the term: the native is its whole help text.
  ['(filter (mod 3) [1])', 'filter: expected closure to return bool: (native `mod`  X modulo Y.  Type: x:integer y:integer -> integer  Examples: > (mod 13 8) 3)'],
  ['(concat [1])', 'concat: expecting list of strings: 1'],
  ['(sort [] [{}])', 'Empty fields list'],
];

for (const [input, message] of errors) {
  test(`${input} fails: ${message}`, () => {
    const out = evalLine(input);
    assert.ok(out.includes(`:Error: ${message}\n`), out);
  });
}

test('long lists print and deduplicate without running out of stack or time', () => {
  assert.equal(evalLine('(length (distinct (enumerate 1 100000)))'), '100000');
  assert.equal(evalLine('(distinct [1 1.0 1.00 "a" "a" [1] [1] 2.50 2.5])'), '[1 1.0 "a" [1] 2.50]');
  assert.ok(evalLine('(make-list 100000 1)').startsWith('[1\n1\n'));
});
