import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalLine } from '../helpers/pact.ts';

const cases: Array<[string, string]> = [
  ['(format "My {} has {}" ["dog" "fleas"])', '"My dog has fleas"'],
  ['(format "{} {} {}" [1.5 true (time "2016-07-22T12:00:00Z")])', '"1.5 true "2016-07-22T12:00:00Z""'],
  ['(format "none" [1])', '"none"'],
  ['(str-to-int 16 "abcdef123456")', '188900967593046'],
  ['(str-to-int "123456")', '123456'],
  ['(str-to-int 64 "q80")', '43981'],
  ['(int-to-str 16 65535)', '"ffff"'],
  ['(int-to-str 2 5)', '"101"'],
  ['(int-to-str 64 43981)', '"q80"'],
  ['(int-to-str 64 0)', '"AA"'],
  ['(base64-encode "hello world!")', '"aGVsbG8gd29ybGQh"'],
  ['(base64-decode "aGVsbG8gd29ybGQh")', '"hello world!"'],
  ['(is-charset CHARSET_ASCII "hello world")', 'true'],
  ['(is-charset CHARSET_LATIN1 "I am nÖt ascii")', 'true'],
  ['(is-charset CHARSET_ASCII "I am nÖt ascii")', 'false'],
  ['(hash "hello")', '"Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8"'],
  ["(hash { 'foo: 1 })", '"h9BZgylRf_M4HxcBXr15IcSXXXSz74ZC2IAViGle_z4"'],
];

for (const [input, expected] of cases) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

const errors: Array<[string, string]> = [
  ['(format "{} {}" [1])', 'format: not enough arguments for template'],
  ['(str-to-int 10 "1a")', "character 'a' is out of range for base 10: 1a"],
  ['(str-to-int 17 "1")', 'Base value must be >= 2 and <= 16, or 64'],
  ['(str-to-int "")', 'empty text: '],
  ['(int-to-str 64 -1)', 'Only positive values allowed for base64URL conversion.'],
  ['(int-to-str 20 1)', 'Invalid base, must be 2-16 or 64'],
  ['(base64-decode "ZE==")', 'Could not base64-decode string'],
  ['(is-charset 2 "a")', 'Unsupported character set: 2'],
];

for (const [input, message] of errors) {
  test(`${input} fails: ${message}`, () => {
    const out = evalLine(input);
    assert.ok(out.includes(`:Error: ${message}\n`), out);
  });
}
