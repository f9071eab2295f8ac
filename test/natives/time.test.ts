import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalLine } from '../helpers/pact.ts';

const cases: Array<[string, string]> = [
  ['(add-time (time "2016-07-22T12:00:00Z") 15)', '"2016-07-22T12:00:15Z"'],
  ['(add-time (time "2016-07-22T12:00:00Z") (days 1))', '"2016-07-23T12:00:00Z"'],
  ['(diff-time (parse-time "%T" "16:00:00") (parse-time "%T" "09:30:00"))', '23400.0'],
  ['(diff-time (time "2016-07-22T12:00:01Z") (time "2016-07-22T12:00:00Z"))', '1.0'],
  ['(minutes 1)', '60.0'],
  ['(hours 1.5)', '5400.0'],
  ['(format-time "%F" (time "2016-07-22T12:00:00Z"))', '"2016-07-22"'],
  ['(format-time "%Y-%m-%dT%H:%M:%S%Q" (add-time (time "2016-07-22T12:00:00Z") 0.5))', '"2016-07-22T12:00:00.5"'],
  ['(format-time "%v" (add-time (time "2016-07-22T12:00:00Z") 0.0000015))', '"000002"'],
  ['(parse-time "%F" "2016-09-12")', '"2016-09-12T00:00:00Z"'],
];

for (const [input, expected] of cases) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

test('time parse failures', () => {
  assert.match(evalLine('(time "2016-07-22")'), /:Error: Invalid time, expecting '%Y-%m-%dT%H:%M:%SZ': 2016-07-22\n/);
  assert.match(evalLine('(parse-time "%F" "x")'), /:Error: Failed to parse time 'x' with format: %F\n/);
});
