import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalLine } from '../helpers/pact.ts';

const cases: Array<[string, string]> = [
  ['(/ 8 3)', '2'],
  ['(/ -7 2)', '-4'],
  ['(/ 7 -2)', '-4'],
  ['(mod -7 2)', '1'],
  ['(mod 7 -2)', '-1'],
  ['(mod 13 8)', '5'],
  ['(+ 1.50 1.0)', '2.50'],
  ['(- 3.000 1.5)', '1.500'],
  ['(* 0.5 10.0)', '5.0'],
  ['(* 1.5 1.5)', '2.25'],
  ['(/ 10.0 2.0)', '5.0'],
  ['(round 2.5)', '2'],
  ['(round 3.5)', '4'],
  ['(round 100.15234 2)', '100.15'],
  ['(round 3.0 3)', '3.000'],
  ['(floor -1.5)', '-2'],
  ['(ceiling 100.001)', '101'],
  ['(floor 100.15234 2)', '100.15'],
  ['(^ 2 10)', '1024'],
  ['(^ 0 0)', '1'],
  ['(shift -255 -1)', '-128'],
  ['(shift 255 8)', '65280'],
  ['(& 5 -7)', '1'],
  ['(xor 5 -7)', '-4'],
  ['(~ 15)', '-16'],
  ['(abs -3.10)', '3.10'],
  ['(- 1.0)', '-1.0'],
  ['(= 1 1.0)', 'false'],
  ['(= 1.50 1.5)', 'true'],
  ['(< "a" "b")', 'true'],
  ['(+ "every" "body")', '"everybody"'],
  ['(+ [1 2] [3 4])', '[1 2 3 4]'],
  ['(+ { "foo": 100 } { "foo": 1, "bar": 2 })', '{"bar": 2,"foo": 100}'],
  ['(+ {"a": 4} {"a": true})', '{"a": 4}'],
  ['12345678901234567890123', '12345678901234567890123'],
];

for (const [input, expected] of cases) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

test('mixing an integer and a decimal warns, then answers a decimal', () => {
  assert.equal(evalLine('(+ 1 3.0)'),
    'Warning: using deprecated native overload for +: decimal/integer operator overload is deprecated\n4.0');
});

test('division by zero is an error naming both operands', () => {
  assert.match(evalLine('(/ 11 0)'), /^<interactive>:0:0:Error: Division by 0: \(11, 0\)$/m);
});

test('a negative integral power is an error', () => {
  assert.match(evalLine('(^ 2 -1)'), /Integral power must be >= 0: \(2, -1\)/);
});

test('negative rounding precision is an error', () => {
  assert.match(evalLine('(round 1.5 -1)'), /Negative precision not allowed/);
});
