/// How deep running texts may go, judged from the texts: the deepest nesting plus the heaviest
/// chain through the definitions, each weighing the levels it spans and leading to the
/// definitions its body names (as Pact resolves names, or more).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StackDemand } from '../../src/syntax/stack-demand.ts';

/// The levels of these texts taken in together.
function levels(...texts: string[]): number {
  const demand = new StackDemand();
  for (const t of texts) demand.add(t);
  return demand.levels();
}

describe('the levels running texts may go', () => {
  it('are the deepest nesting, strings and comments skipped, where nothing is defined', () => {
    assert.equal(levels('(a [b {"c": 1}] "((((") ; ((((\n(d)'), 3);
    assert.equal(levels('(a)', '[[[]]]'), 3);
    assert.equal(levels(''), 0);
  });

  it('add the heaviest chain of definitions naming each other, each weighing the levels it spans', () => {
    // h spans 2 levels (its own, `(x)`), g 3 (`(+`, `(h`), f 4 (`(let`, `((y`, `(y 1)`...).
    const m = '(module m G (defun f (x) (let ((y 1)) (g y))) (defun g (x) (+ 1 (h x))) (defun h (x) x))';
    assert.equal(levels(m), 5 + 4 + 3 + 2);
    // Across modules and files, qualified or not; a namespace prefix names the same module.
    assert.equal(levels('(module a G (defun f () (b.g)))', '(module b G (defun g () (ns.c.h)))', '(module c G (defun h () 1))'), 3 + 2 + 2 + 2);
  });

  it('link a qualified name to that module\'s definition only, a plain or referenced name to any module\'s', () => {
    // Nested 8 deep; `a.g` weighs 7, `b.g` 2, each `f` 2 (its `()` and the call), 3 with `{i}`.
    const defs = '(module a G (defun g () [[[[[[1]]]]]])) (module b G (defun g () 1))';
    assert.equal(levels(defs, '(module c G (defun f () (b.g)))'), 8 + 7);
    assert.equal(levels(defs, '(module c G (defun f () (g)))'), 8 + 2 + 7);
    assert.equal(levels(defs, '(module c G (defun f (r:module{i}) (r::g)))'), 8 + 3 + 7);
  });

  it('weigh a cycle of names (which calls cannot run) as all its definitions', () => {
    // a.f names g, b.g names f: each module's name may be the other's. All weigh 2.
    assert.equal(levels('(module a G (defun f () (g)) (defun g () 1))', '(module b G (defun g () (f)) (defun f () 1))'), 3 + 2 + 2 + 2);
  });

  it('stay low for many definitions that call little', () => {
    const defs = Array.from({ length: 3000 }, (_, i) => `(defun f${i} (x) (+ x ${i}))`).join('\n');
    assert.equal(levels(`(module m G ${defs})`), 3 + 2);
  });
});

it('takes in any text, a broken one included', () => {
  for (const text of ['(defun )', '(module m G (defun', '(defun f () (f', '"(defun', '(load', ')))(((', '(defun (x) [[[1]]]) (defun f () ()']) {
    const demand = new StackDemand();
    demand.add(text);
    assert.equal(typeof demand.levels(), 'number');
  }
  assert.equal(levels('(defun (x) [[[1]]]) (defun f () ()'), 4 + 4);
});
