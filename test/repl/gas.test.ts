import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScript } from '../../src/repl/modes.ts';
import { Recorder, piped } from '../helpers/pact.ts';

test('gas fixture: charges, log lines, limits and transaction resets', () => {
  const rec = new Recorder();
  const code = runScript('test/fixtures/repl/gas.repl', false, rec);
  assert.equal(rec.err, 'Load successful\n');
  assert.equal(code, 0);
});

test('env-gasmodel reports and switches models; unknown ones get a hint, not an error', () => {
  const { out } = piped([
    '(env-gasmodel)', "(env-gasmodel 'table)", '(env-gasmodel)', "(env-gasrate 3)", '(env-gasmodel "bogus")',
  ].join('\n'));
  assert.deepEqual(out.trimEnd().split('\n'), [
    `"Current gas model is 'fixed 0': constant rate gas model with fixed rate 0"`,
    '"Set gas model to table-based cost model"',
    `"Current gas model is 'table': table-based cost model"`,
    '"Set gas model to constant rate gas model with fixed rate 3"',
    '"Unrecognized model, perhaps try (env-gasmodel "table") or (env-gasmodel "fixed" 1)"',
  ]);
});

test('a caught failure keeps its gas but drops its log lines', () => {
  const { out } = piped([
    '(env-gasmodel "table")', '(env-gaslimit 100)', '(env-gaslog)', '(expect-failure "fails" (enforce false "no"))',
    '(length [1])', '(env-gaslog)', '(env-gas)',
  ].join('\n'));
  const lines = out.trimEnd().split('\n');
  assert.deepEqual(lines.slice(-2), ['["TOTAL: 1" "length:GUnreduced:currTotalGas=2: 1"]', '2']);
});

test('the gas limit error names the limit and the total reached', () => {
  const { err } = piped(['(env-gasmodel "table")', '(env-gaslimit 2)', '(map (+ 1) [1 2 3])'].join('\n'));
  assert.match(err, /Gas limit \(2\) exceeded: 4/);
});
