/// Which runs move to a deep thread (repl/deep-stack.ts), decided from the text before running
/// it: code nested past what the main thread holds, or calling down a chain of functions deeper
/// than it holds, in the script or in any file it loads as `load` finds it; and code deeper than
/// the thread it runs on stops with a plain error naming the depth.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needsDeepStack, scriptsNeedDeepStack } from '../../src/repl/deep-stack.ts';
import { StackDemand } from '../../src/syntax/stack-demand.ts';
import { newRepl } from '../helpers/pact.ts';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-deep-stack-');

/// Writes `files` (relative path to text) under a new directory; its path.
function tree(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}\n`;
const defuns = (n: number) => Array.from({ length: n }, (_, i) => `(defun f${i} () ${i})`).join('\n');

describe('the files a text loads', () => {
  it('are the string literals of `(load ...)` outside strings and comments, null where only running tells', () => {
    const text = '(load "a.repl") ; (load "b.repl")\n"(load \\"c.repl\\")" (load-x "d") ( load"e.pact" true)\n' +
      '(load (+ "f" ".repl")) (load "g\\x41.repl") [(load "h.repl")] (load x) (module m G (defun f () (load "i.repl")))';
    assert.deepEqual(new StackDemand().add(text), ['a.repl', 'e.pact', null, 'gA.repl', 'h.repl', null, 'i.repl']);
    assert.deepEqual(new StackDemand().add('(+ 1 2)'), []);
  });
});

describe('a script on a deep thread', () => {
  it('when it nests deep itself, or loads a file that does, however indirectly', () => {
    const dir = tree({
      'small.repl': '(+ 1 2)\n(load "small.repl")\n(load "missing.repl")\n',
      'deep.repl': nested(500),
      'top.repl': '(load "sub/middle.repl")\n',
      'sub/middle.repl': '(load "deep.repl")\n',
      'sub/deep.repl': nested(500),
      // Loaded from the working directory: the top's `deep.repl` is not sub's.
      'shallow-top.repl': '(load "sub/shallow.repl")\n',
      'sub/shallow.repl': '(load "../small.repl")\n',
    });
    const deep = (name: string) => scriptsNeedDeepStack([join(dir, name)]);
    assert.deepEqual(['small.repl', 'deep.repl', 'top.repl', 'shallow-top.repl'].map(deep), [false, true, true, false]);
    assert.equal(scriptsNeedDeepStack(['small.repl', 'shallow-top.repl', 'top.repl'].map((f) => join(dir, f))), true);
  });

  it('when it and the files it loads define a chain of calls deeper than the main thread holds, not merely many functions', () => {
    // 150 functions each calling the next within a `with-capability`: 5 levels each.
    const chained = Array.from({ length: 150 }, (_, i) => `(defun f${i} () (with-capability (C) (+ 1 (b.f${i + 1}))))`);
    const dir = tree({
      'a.pact': `(module a G (defcap G () true) (defcap C () true) ${defuns(900)})\n`,
      'b.pact': `(module b G (defcap G () true) (defcap C () true) ${chained.join('\n')} (defun f150 () 0))\n`,
      'many.repl': '(load "a.pact")\n',
      'chain.repl': '(load "b.pact")\n',
    });
    assert.deepEqual(['many.repl', 'chain.repl'].map((f) => scriptsNeedDeepStack([join(dir, f)])), [false, true]);
  });

  it('when it loads a file named only when it runs', () => {
    assert.equal(needsDeepStack('(load (+ "a" ".repl"))\n', null), true);
    assert.equal(needsDeepStack('(+ 1 2)\n', null), false);
  });
});

it('code deeper than the stack stops with a plain error naming the depth', () => {
  // This test runs on a main thread, whose stack holds far less.
  const dir = tree({ 'nested.repl': `${'(+ 1 '.repeat(20000)}1${')'.repeat(20000)}\n` });
  const { repl, rec } = newRepl();
  assert.equal(repl.loadFile(join(dir, 'nested.repl'), null), false);
  // Compiling it or (if that fits) evaluating it runs out.
  assert.match(rec.err.replace(dir + '/', ''), /^nested\.repl:1:0:Error: Too deep for the stack: code nested 20000 levels(, 0 function calls)?\n$/);
});
