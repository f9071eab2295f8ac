import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalLine, printed } from '../helpers/pact.ts';
import { stronglyConnected } from '../../src/lang/acyclic.ts';

const G = '(defcap G () true)';

/// The error line a fresh REPL prints for this input.
function errorOf(line: string): string {
  return evalLine(line).split('\n')[0]!;
}

test('direct recursion is rejected at install, listed as Pact lists a cycle', () => {
  assert.equal(errorOf(`(module m G ${G} (defun f (x) (f x)))`),
    '<interactive>:0:31:Error: Recursion detected: [((defun m.f:<b> (x:<c>)), m.f, [m.f])]');
});

test('mutual recursion, through a qualified name and a partial application', () => {
  assert.equal(errorOf(`(module m G ${G} (defun f (x) (g x)) (defun g:integer (y:integer) (m.f y)))`),
    '<interactive>:0:31:Error: Recursion detected: [((defun m.f:<b> (x:<c>)), m.f, [m.g]), ((defun m.g:integer (y:integer)), m.g, [m.f])]');
  assert.match(errorOf(`(module m G ${G} (defun f (x) (map (g) x)) (defun g (y) (f y)))`), /Recursion detected: \[\(\(defun m\.f/);
});

test('a cycle between a constant and a function, and a schema naming itself', () => {
  assert.equal(errorOf(`(module m G ${G} (defconst C (f 1)) (defun f (x) C))`),
    '<interactive>:0:31:Error: Recursion detected: [(constant .mC:<b> , m.C, [m.f]), ((defun m.f:<c> (x:<d>)), m.f, [m.C])]');
  assert.equal(errorOf(`(module m G ${G} (defschema s a:{s}))`),
    '<interactive>:0:31:Error: Recursion detected: [((defschema s  [a:m.s]), m.s, [m.s])]');
});

test('interfaces and Pact before 4.3 key the graph by bare name', () => {
  assert.equal(errorOf('(interface i (defconst A B) (defconst B A))'),
    '<interactive>:0:13:Error: Recursion detected: [(constant .iA:<a> , A, [B]), (constant .iB:<b> , B, [A])]');
  assert.equal(printed('(env-exec-config ["DisablePact43"])', `(module m G ${G} (defun f (x) (f x)))`)[1],
    '<interactive>:0:31:Error: Recursion detected: [((defun m.f:<b> (x:<c>)), f, [f])]');
});

test('constants are evaluated in dependency order, not declaration order', () => {
  assert.equal(printed(`(module m G ${G} (defconst A (+ B 1)) (defconst B (f)) (defun f () 41))`, 'm.A').at(-1), '42');
});

test('components come in reverse post-order of the transposed graph (dependencies first); a cycle lists its members in depth-first order', () => {
  const v = (key: string, ...edges: string[]) => ({ key, item: key, edges });
  const scc = stronglyConnected([v('c', 'a'), v('a', 'b'), v('b', 'a'), v('d')]);
  assert.deepEqual(scc.map((c) => [c.cyclic, c.vertices.map((x) => x.key)]), [[false, ['d']], [true, ['a', 'b']], [false, ['c']]]);
});
