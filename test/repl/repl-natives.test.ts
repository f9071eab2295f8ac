import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Recorder, printed } from '../helpers/pact.ts';
import { runScript } from '../../src/repl/modes.ts';

function run(script: string): { code: number; rec: Recorder } {
  const rec = new Recorder();
  const code = runScript(`test/fixtures/repl/repl-natives/${script}`, false, rec);
  return { code, rec };
}

test('env-enable-repl-natives puts the REPL natives beside the natives, for modules loaded from .pact files too', () => {
  const { code, rec } = run('enabled.repl');
  assert.equal(code, 0, rec.out + rec.err);
  assert.equal(rec.err, 'Load successful\n');
});

test('without it, module code in a .pact file cannot name them', () => {
  const { code, rec } = run('disabled.repl');
  assert.equal(code, 1);
  assert.match(rec.out + rec.err, /fixture\.pact:5:5:Error: Cannot resolve "env-data"/);
});

test('once enabled, a REPL native name cannot be defined in a module', () => {
  assert.equal(printed('(env-enable-repl-natives true)', '(module m G (defcap G () true) (defun env-data () 1))')[1],
    '<interactive>:0:31:Error: definitions cannot overlap with native names: env-data');
});
