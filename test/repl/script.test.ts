import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScript } from '../../src/repl/modes.ts';
import { Recorder } from '../helpers/pact.ts';

const dir = 'test/fixtures/repl';

function script(name: string, trace = false): { code: number; out: string; err: string } {
  const rec = new Recorder();
  const code = runScript(`${dir}/${name}`, trace, rec);
  return { code, out: rec.out, err: rec.err };
}

test('a passing script prints only its print output and Load successful', () => {
  const r = script('basics.repl');
  assert.equal(r.code, 0);
  assert.equal(r.out, 'Hello, Ann!\n');
  assert.equal(r.err, 'Load successful\n');
});

test('failed expectations are listed with their locations, then Load failed', () => {
  const r = script('failing.repl');
  assert.equal(r.code, 1);
  assert.equal(r.err, [
    `${dir}/failing.repl:1:0:ExecError: FAILURE: a failing expectation: expected 1:integer, received 2:integer`,
    `${dir}/failing.repl:3:0:ExecError: FAILURE: an expression that does not fail: expected failure, got result = 3`,
    'Load failed', ''].join('\n'));
});

test('a runtime error stops the script and shows the call stack', () => {
  const r = script('error.repl');
  assert.equal(r.code, 1);
  assert.equal(r.out, '');
  const lines = r.err.split('\n');
  assert.equal(lines[0], `${dir}/error.repl:1:44:Error: must be positive`);
  assert.match(lines[1]!, /^ at test\/fixtures\/repl\/error\.repl:1:44: \(enforce /);
  assert.equal(lines[2], ` at ${dir}/error.repl:3:0: (f -1)`);
  assert.equal(lines[3], 'Load failed');
});

test('trace mode prints each top-level result on stderr', () => {
  const r = script('failing.repl', true);
  const traces = r.err.split('\n').filter((l) => l.includes(':Trace: '));
  assert.deepEqual(traces, [
    `${dir}/failing.repl:1:0:Trace: FAILURE: a failing expectation: expected 1:integer, received 2:integer`,
    `${dir}/failing.repl:2:0:Trace: Expect: success: a passing expectation`,
    `${dir}/failing.repl:3:0:Trace: FAILURE: an expression that does not fail: expected failure, got result = 3`,
  ]);
});

test('a missing script is a load failure', () => {
  const r = script('no-such-file.repl');
  assert.equal(r.code, 1);
  assert.equal(r.err, `${dir}/no-such-file.repl:1:0:Error: load: file load failed: ${dir}/no-such-file.repl, ` +
    `${dir}/no-such-file.repl: openBinaryFile: does not exist (No such file or directory)\nLoad failed\n`);
});

test('the language end to end: namespaces, tables, managed capabilities, events, principals, pacts', () => {
  const r = script('language.repl');
  assert.equal(r.err, 'Load successful\n');
  assert.equal(r.code, 0);
});
