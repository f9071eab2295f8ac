/// Results too large for the JavaScript engine end in a Pact error where they were computed,
/// with the call stack, instead of the engine's own message at no location.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { printed } from '../helpers/pact.ts';

it('an integer past what the engine holds', () => {
  assert.deepEqual(printed('(+ 1 (shift 1 10000000000000))').slice(0, 3), [
    '<interactive>:0:5:Error: Integer too large: more than 1073741824 bits',
    ' at <interactive>:0:5: (shift 1 10000000000000)',
    ' at <interactive>:0:0: (+ 1 (native `shift`  Shift X Y bits left if Y is posit...)',
  ]);
});

it('a string past what the engine holds', () => {
  const lines = printed('(fold (lambda (s x) (+ s s)) "aaaaaaaaaaaaaaaa" (enumerate 1 40))');
  assert.equal(lines[0], '<interactive>:0:20:Error: String too long: more than 536870888 characters');
  assert.match(lines[1]!, /^ at <interactive>:0:20: \(\+ "a+\.\.\. "a+\.\.\.\)$/);
});

it('a list larger than the heap has room for is refused before it is built, naming the heap', () => {
  for (const [expr, col] of [['(make-list 1000000000 1)', 0], ['(enumerate 1 1000000000)', 0]] as const) {
    const lines = printed(expr);
    const shape = `^<interactive>:0:${col}:Error: Out of memory: a list of 100000000[01] elements does not fit in the (\\d+) MB left of the (\\d+) MB heap$`;
    const [, left, limit] = new RegExp(shape).exec(lines[0]!) ?? assert.fail(lines[0]);
    assert.ok(Number(left) <= Number(limit));
  }
});

it('a call stack through a list of millions of elements shows its first 50 characters', () => {
  assert.deepEqual(printed('(let ((l (make-list 3000000 [1]))) (at 5000000 l))').slice(0, 2), [
    '<interactive>:0:39:Error: at: bad index 5000000, length 3000000',
    ` at <interactive>:0:35: (at 5000000 [${'[1] '.repeat(12)}[...)`,
  ]);
});
