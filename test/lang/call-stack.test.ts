// The call stack printed with an error: every native and user application between the top
// level and the failure, innermost first. Natives push no frame while they run (they record one
// only when an error unwinds through them), so these pin that the printed stack is the same as
// with a frame per application, including after `try` caught an error. Each argument is shown as
// Pact shows the term, cut to 50 characters: a native heading an application is its whole help
// text (as in Pact's golden accounts-module-failureCR: `[(native \`with-read\`  Special form ...`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Repl } from '../../src/repl/repl.ts';

const MODULE = `(begin-tx)
(module m G (defcap G () true)
  (defun f (x) (+ 1 (* x "a")))
  (defun g (x) (at 'k (+ x (f 1))))
  (defun h (x:integer) (if (> x 0) (mod (f x) 2) (/ 1 0)))
  (defun j (xs) (fold (lambda (a x) (if (> x 2) (at 9 xs) (+ a x))) 0 xs)))
(commit-tx)
`;

/// The error lines `expr` prints after the module is loaded (as line 8 of `s.repl`).
function errorOf(expr: string): string {
  let err = '';
  const repl = new Repl('script', { stdout: () => {}, stderr: (t) => { err += t; } });
  assert.ok(repl.runSource(MODULE, 's.repl'));
  err = '';
  assert.equal(repl.runSource(`${'\n'.repeat(7)}${expr}`, 's.repl'), false);
  return err;
}

const TIMES_A = (n: number) =>
  `s.repl:3:20:Error: Invalid arguments, received [${n} "a"] for [x:<a[integer,decimal]> y:<a[integer,decimal]> -> <a[integer,decimal]>, x:<a[integer,decimal]> y:<b[integer,decimal]> -> decimal]\n` +
  ` at s.repl:3:20: (* ${n} "a")\n at s.repl:3:15: (+ 1 (native \`*\`  Multiply X by Y.  Type: x:<a[integer,...)\n`;

test('an error inside nested operators and user functions shows every application', () => {
  assert.equal(errorOf('(m.g 3)'), TIMES_A(1) +
    ' at s.repl:4:27: (f 1)\n at s.repl:4:22: (+ 3 (f 1))\n at s.repl:4:15: (at "k" (native `+`  Add numbers, concatenate strings/list...)\n at s.repl:8:0: (g 3)\n');
  assert.equal(errorOf('(m.h 1)'), TIMES_A(1) +
    ' at s.repl:5:40: (f 1)\n at s.repl:5:35: (mod (f 1) 2)\n' +
    ' at s.repl:5:23: (if (native `>`  True if X > Y.  Type: x:<a[integer,de... (native `mod`  X modulo Y.  Type: x:integer y:inte...' +
    ' (native `/`  Divide X by Y.  Type: x:<a[integer,de...)\n at s.repl:8:0: (h 1)\n');
  assert.equal(errorOf('(let ((x (+ 1 (m.f 1)))) x)'), TIMES_A(1) + ' at s.repl:8:14: (f 1)\n at s.repl:8:9: (+ 1 (m.f 1))\n');
});

test('an error raised by an operator itself, under try', () => {
  assert.equal(errorOf('(try 1 (+ 1 (* 2 (/ 3 0))))'),
    's.repl:8:17:Error: Division by 0: (3, 0)\n at s.repl:8:17: (/ 3 0)\n' +
    ' at s.repl:8:12: (* 2 (native `/`  Divide X by Y.  Type: x:<a[integer,de...)\n' +
    ' at s.repl:8:7: (+ 1 (native `*`  Multiply X by Y.  Type: x:<a[integer,...)\n' +
    ' at s.repl:8:0: (try 1 (native `+`  Add numbers, concatenate strings/list...)\n');
});

test('applications an error caught by try had unwound through are not shown for a later error', () => {
  assert.equal(errorOf('(+ (try 0 (+ 1 (enforce false "x"))) (* 2 "b"))'),
    's.repl:8:37:Error: Invalid arguments, received [2 "b"] for [x:<a[integer,decimal]> y:<a[integer,decimal]> -> <a[integer,decimal]>, x:<a[integer,decimal]> y:<b[integer,decimal]> -> decimal]\n' +
    ' at s.repl:8:37: (* 2 "b")\n at s.repl:8:0: (+ (native `try`  Attempt a pure ACTION, returning DE... (native `*`  Multiply X by Y.  Type: x:<a[integer,...)\n');
  assert.equal(errorOf('(+ (try 0 (* 1 (enforce false "y"))) (m.f 1))'), TIMES_A(1) +
    ' at s.repl:8:37: (f 1)\n at s.repl:8:0: (+ (native `try`  Attempt a pure ACTION, returning DE... (m.f 1))\n');
});

test('a native applied through a partial application shows its evaluated arguments', () => {
  assert.equal(errorOf('(fold (*) 1 [1 2 "x"])'),
    's.repl:8:6:Error: Invalid arguments, received [2 "x"] for [x:<a[integer,decimal]> y:<a[integer,decimal]> -> <a[integer,decimal]>, x:<a[integer,decimal]> y:<b[integer,decimal]> -> decimal]\n' +
    ' at s.repl:8:6: (* 2 "x")\n at s.repl:8:0: (fold (native `*`  Multiply X by Y.  Type: x:<a[integer,... 1 [1 2 "x"])\n');
});

test('a lambda shows as its application', () => {
  assert.equal(errorOf('(m.j [1 2 3])'),
    's.repl:6:52:Error: at: bad index 9, length 3\n at s.repl:6:48: (at 9 [1 2 3])\n' +
    ' at s.repl:6:36: (if (native `>`  True if X > Y.  Type: x:<a[integer,de... (native `at`  Index LIST at IDX, or get value with...' +
    ' (native `+`  Add numbers, concatenate strings/list...)\n at s.repl:6:16: (lambda 3 3)\n' +
    ' at s.repl:6:16: (fold (lambda (a x) (if (> x 2) (at 9 xs) (+ a x))) 0 [1 2 3])\n at s.repl:8:0: (j [1 2 3])\n');
});

test('an engine limit is reported at the innermost application', () => {
  assert.equal(errorOf('(+ 1 (shift 1 2000000000))'),
    's.repl:8:5:Error: Integer too large: more than 1073741824 bits\n at s.repl:8:5: (shift 1 2000000000)\n' +
    ' at s.repl:8:0: (+ 1 (native `shift`  Shift X Y bits left if Y is posit...)\n');
  assert.equal(errorOf('(= 1 (at "a" {"b": 1}))'),
    's.repl:8:9:Error: key not found in object: a\n at s.repl:8:5: (at "a" {"b": 1})\n at s.repl:8:0: (= 1 (native `at`  Index LIST at IDX, or get value with...)\n');
});

test('a user function applied through a partial application is applied where the partial is written', () => {
  assert.equal(errorOf('(map (m.f) [1])'), TIMES_A(1) + ' at s.repl:8:5: (f 1)\n at s.repl:8:0: (map (m.f) [1])\n');
  assert.equal(errorOf('(fold (m.g) 0 [1])'),
    's.repl:8:6:Error: g: Incorrect number of arguments (2) supplied; expected 1\n at s.repl:8:0: (fold (m.g) 0 [1])\n');
});
