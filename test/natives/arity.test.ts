/// The argument counts the language server holds natives to (`acceptsArgs`), against the
/// evaluator: every count it rejects, for every native and REPL native, gives the native's
/// argument error at run time whatever the arguments are (a count it wrongly rejected would be
/// reported in the editor for code that runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invalidArguments } from '../../src/lang/eval.ts';
import { acceptsArgs } from '../../src/natives/arity.ts';
import { errorLine, lastPrinted, newRepl } from '../helpers/pact.ts';

const ARGUMENTS = ['1', '"a"', '[1]', '{"a": 1}', 'true', '1.0', "'k"];
const { repl } = newRepl();
const everyNative = [...repl.ctx.natives.values(), ...repl.ctx.replNatives.values()]
  // Not an application: the compiler takes it apart (it cannot be called at the top level).
  .filter((n) => n.name !== 'with-capability');

test('every count the language server rejects is an argument error when run', () => {
  let checked = 0;
  for (const native of everyNative) {
    const signatures = invalidArguments(native, []).slice('Invalid arguments, received []'.length);
    for (let count = 0; count <= 5; count++) {
      if (acceptsArgs(native, count) !== false) continue;
      for (const arg of ARGUMENTS) {
        const call = `(${[native.name, ...Array<string>(count).fill(arg)].join(' ')})`;
        const line = errorLine(call);
        assert.match(line, /^<interactive>:0:0:Error: Invalid arguments, received \[/, call);
        assert.ok(line.endsWith(signatures), `${call}: ${line}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 5000, `${checked} calls`);
});

test('natives that take other counts than their signatures show are taken at those counts', () => {
  for (const [call, result] of [['(list)', '[]'], ['(constantly 1 2 3)', '1'], ['(pact-version 1)', '"4.13.2"'],
    ['(poseidon-hash-hack-a-chain 1)', '18586133768512220936620570745912940619677854269274689475585506675881198879027']]) {
    assert.equal(lastPrinted(call), result);
  }
  assert.equal(acceptsArgs(repl.ctx.natives.get('list')!, 9), true);
  assert.equal(acceptsArgs(repl.ctx.natives.get('poseidon-hash-hack-a-chain')!, 9), false);
  // A native constant is not applied: not known.
  assert.equal(acceptsArgs(repl.ctx.natives.get('CHARSET_ASCII')!, 0), null);
});
