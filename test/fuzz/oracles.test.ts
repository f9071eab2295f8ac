/// The fuzz suite's own checks: what counts as a JavaScript text, and the known-bug matching.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeException, jsIsm, whereThrown } from './oracles.ts';
import { knownBug, knownHang, KNOWN_BUGS } from './known-bugs.ts';
import { mutate, window } from './generators.ts';

test('engine texts are JavaScript-isms', () => {
  for (const out of [
    '<interactive>:1:0:Error: Cannot read properties of undefined (reading \'d\')',
    'pact: Maximum BigInt size exceeded',
    'x.repl:1:0:Error: foo.bar is not a function',
    '[object Object]',
    '1.5 NaN',
    'Infinity',
    'undefined',
    'TypeError: x',
    '    at Object.<anonymous> (file:///work/main/src/lang/eval.ts:10:5)',
    'Maximum call stack size exceeded',
  ]) {
    assert.notEqual(jsIsm(out, '(+ 1 2)'), null, out);
  }
});

test("Pact's own texts and echoed input are not", () => {
  for (const out of [
    '<interactive>:0:0:Error: Tried to call a value which is not a function, but a(n) integer',
    'x.repl:2:25: Operation resulted in +- infinity or NaN',
    '<interactive>:0:1:Error: Cannot resolve foo',
    'Load successful',
  ]) {
    assert.equal(jsIsm(out, ''), null, out);
  }
  // The program printed a string of its own.
  assert.equal(jsIsm('"undefined is not NaN"', '(+ "undefined is not NaN" "")'), null);
});

test('exceptions are described by class, message and where in src/ they were thrown', () => {
  const e = new TypeError("Cannot read properties of undefined (reading 'd')");
  e.stack = `TypeError: ${e.message}\n    at renderCompact (file:///work/main/src/values/doc.ts:95:16)\n    at x (file:///y.ts:1:1)`;
  assert.equal(describeException(e), "TypeError: Cannot read properties of undefined (reading 'd') @ renderCompact (src/values/doc.ts)");
  assert.equal(whereThrown('Error\n    at file:///work/main/src/repl/repl.ts:3:4'), ' @ <anonymous> (src/repl/repl.ts)');
});

test('KNOWN_BUGS entries match narrowly and each names its target', () => {
  const ids = new Set(KNOWN_BUGS.map((b) => b.id));
  assert.equal(ids.size, KNOWN_BUGS.length, 'ids are distinct');
  for (const b of KNOWN_BUGS) {
    assert.ok(b.summary !== undefined || b.input !== undefined, `${b.id} matches something`);
    // No entry excuses an arbitrary failure.
    assert.equal(knownBug(b.target, 'REPL threw TypeError: something else @ f (src/lang/eval.ts)', '(+ 1 2)'), undefined);
    assert.equal(knownHang(b.target, '(+ 1 2)'), undefined);
  }
});

test('mutations and windows stay within the text', () => {
  assert.equal(mutate('(+ 1 2)', { op: 'delete', at: 1, len: 2 }), '(1 2)');
  assert.equal(mutate('(+ 1 2)', { op: 'truncate', at: 3, len: 0 }), '(+ ');
  assert.equal(mutate('(+ 1 2)', { op: 'number', at: 0, text: '99' }), '(+ 99 2)');
  assert.equal(mutate('(+ 1 2)', { op: 'word', at: 0, text: 'foo' }), '(+ 1 2)');
  assert.equal(mutate('(map f l)', { op: 'word', at: 0, text: 'fold' }), '(fold f l)');
  assert.equal(mutate('abcdef', { op: 'swap', at: 0, len: 2, to: 4 }), 'efcdab');
  assert.equal(window('a\nbb\nccc', 1, 6), 'bb\nccc');
  assert.equal(window('a\nbb\nccc', 1, 3), 'bb');
});
