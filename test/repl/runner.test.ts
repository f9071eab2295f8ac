/// The test runner: several scripts or a directory, one line per script, a closing count, the
/// exit code, JUnit XML with one case per expectation.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runScripts, scriptsOf } from '../../src/repl/runner.ts';
import { Recorder } from '../helpers/pact.ts';

const DIR = 'test/fixtures/runner';
const tmp = mkdtempSync(join(tmpdir(), 'pact-runner-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/// The printed lines with timings blanked.
const lines = (text: string) => text.split('\n').filter((l) => l !== '').map((l) => l.replace(/\d+\.\d\d s\)/, 'T s)'));

describe('the test runner', () => {
  it('finds the .repl scripts of a directory, sorted, recursively', () => {
    assert.deepEqual(scriptsOf([DIR]), [`${DIR}/fail.repl`, `${DIR}/more/error.repl`, `${DIR}/pass.repl`]);
  });

  it('prints one line per script, the failures of failing ones, and the count; exits 1 on any failure', () => {
    const r = new Recorder();
    assert.equal(runScripts([DIR], null, r), 1);
    assert.deepEqual(lines(r.out), [
      `FAIL ${DIR}/fail.repl (2 tests, 1 failed, T s)`,
      `    ${DIR}/fail.repl:3:0:ExecError: FAILURE: wrong: expected 2:integer, received 3:integer`,
      `FAIL ${DIR}/more/error.repl (1 test, T s)`,
      `    ${DIR}/more/error.repl:3:0:Error: stopped here`,
      `     at ${DIR}/more/error.repl:3:0: (enforce false "stopped here")`,
      `PASS ${DIR}/pass.repl (3 tests, T s)`,
      '1 passed, 2 failed',
    ]);
    assert.equal(r.err, '');
  });

  it('exits 0 when every script passes', () => {
    const r = new Recorder();
    assert.equal(runScripts([`${DIR}/pass.repl`, `${DIR}/pass.repl`], null, r), 0);
    assert.equal(lines(r.out).at(-1), '2 passed, 0 failed');
  });

  it('writes JUnit XML: a case per expectation, failures and load errors', () => {
    const file = join(tmp, 'junit.xml');
    runScripts([`${DIR}/fail.repl`, `${DIR}/more/error.repl`], file, new Recorder());
    const x = readFileSync(file, 'utf8').replace(/time="[0-9.]+"/g, 'time="T"');
    assert.equal(x, [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites tests="4" failures="1" errors="1" time="T">',
      `  <testsuite name="${DIR}/fail.repl" tests="2" failures="1" errors="0" time="T">`,
      `    <testcase name="right" classname="${DIR}/fail.repl" file="${DIR}/fail.repl" line="2"/>`,
      `    <testcase name="wrong" classname="${DIR}/fail.repl" file="${DIR}/fail.repl" line="3">`,
      `      <failure message="FAILURE: wrong: expected 2:integer, received 3:integer">${DIR}/fail.repl:3:0: FAILURE: wrong: expected 2:integer, received 3:integer</failure>`,
      '    </testcase>',
      '  </testsuite>',
      `  <testsuite name="${DIR}/more/error.repl" tests="2" failures="0" errors="1" time="T">`,
      `    <testcase name="before" classname="${DIR}/more/error.repl" file="${DIR}/more/error.repl" line="2"/>`,
      `    <testcase name="load" classname="${DIR}/more/error.repl" file="${DIR}/more/error.repl" line="1">`,
      `      <error message="${DIR}/more/error.repl:3:0:Error: stopped here">${DIR}/more/error.repl:3:0:Error: stopped here`,
      ` at ${DIR}/more/error.repl:3:0: (enforce false &quot;stopped here&quot;)`,
      '</error>',
      '    </testcase>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n'));
  });
});
