import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalLine } from '../helpers/pact.ts';

// Transcendentals are computed in doubles with musl's libm and converted exactly to decimals.
const transcendental: Array<[string, string]> = [
  ['(sqrt 15)', '3.87298334620741702138957407441921532154083251953125'],
  ['(exp 1)', '2.718281828459045090795598298427648842334747314453125'],
  ['(sqrt 25)', '5.0'],
  ['(ln 60)', '4.09434456222210041431708305026404559612274169921875'],
  ['(round (exp 3) 6)', '20.085537'],
  ['(log 2 256)', '8'],
  ['(log 2.0 256.0)', '8.0'],
  ['(^ 2.0 0.5)', '1.4142135623730951454746218587388284504413604736328125'],
  ['(^ 2.5 3)', 'Warning: using deprecated native overload for ^: decimal/integer operator overload is deprecated\n15.625'],
];

for (const [input, expected] of transcendental) {
  test(`${input} at full precision`, () => assert.equal(evalLine(input), expected));
}

const errors: Array<[string, string]> = [
  ['(sqrt -1)', 'Sqrt must be non-negative'],
  ['(ln 0)', 'Illegal argument for ln: must be greater than zero'],
  ['(log -2 8)', 'Illegal base or argument in log'],
  ['(log 1 16)', 'Operation resulted in +- infinity or NaN'],
  ['(+ 1 "a")', 'Invalid arguments, received [1 "a"] for [x:<a[integer,decimal]> y:<a[integer,decimal]> -> <a[integer,decimal]>, x:<a[integer,decimal]> y:<b[integer,decimal]> -> decimal, x:<a[string,[<l>],object:<{o}>]> y:<a[string,[<l>],object:<{o}>]> -> <a[string,[<l>],object:<{o}>]>]'],
  ['(< 1 1.0)', 'Invalid arguments, received [1 1.0] for x:<a[integer,decimal,string,time]> y:<a[integer,decimal,string,time]> -> bool'],
  ['(= [1] 1)', 'cannot compare incompatible types: [<a>], integer'],
  ['(not 1)', 'Invalid arguments, received [1] for x:bool -> bool'],
];

for (const [input, message] of errors) {
  test(`${input} fails: ${message}`, () => {
    const out = evalLine(input);
    assert.ok(out.includes(`:Error: ${message}\n`), out);
  });
}

test('and/or short-circuit and insist on booleans', () => {
  assert.equal(evalLine('(or true (enforce false "not evaluated"))'), 'true');
  assert.equal(evalLine('(and false (enforce false "not evaluated"))'), 'false');
  assert.match(evalLine('(and 1 true)'), /Invalid arguments, received \["1" "true"\] for x:bool y:bool -> bool/);
});
