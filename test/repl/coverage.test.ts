import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript } from '../../src/repl/modes.ts';
import { Recorder } from '../helpers/pact.ts';

/// Runs the coverage fixture from a scratch copy (the report is written beside the script).
function coverageOf(): { code: number; lcov: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pact-cov-'));
  cpSync('test/fixtures/lcov', dir, { recursive: true });
  const code = runScript(join(dir, 'counter.repl'), false, new Recorder(), true);
  return { code, lcov: readFileSync(join(dir, 'coverage', 'lcov.info'), 'utf8'), dir };
}

test('-c writes coverage/lcov.info beside the script: call sites, functions, and unreached lines', () => {
  const { code, lcov, dir } = coverageOf();
  assert.equal(code, 0);
  assert.equal(lcov, [
    'TN:', `SF:${dir}/counter.repl`, 'FNF:0', 'FNH:0', 'BRF:0', 'BRH:0',
    'DA:1,1', 'DA:2,1', 'DA:3,1', 'DA:5,1', 'DA:6,1', 'DA:7,2', 'LF:6', 'LH:6', 'end_of_record',
    'TN:', `SF:${dir}/counter.pact`,
    // Function and line records come in Pact's legacy hash order.
    'FN:2,counter.GOV', 'FN:14,counter.unused', 'FN:11,counter.get', 'FN:7,counter.bump',
    'FNDA:0,counter.GOV', 'FNDA:0,counter.unused', 'FNDA:1,counter.get', 'FNDA:2,counter.bump',
    'FNF:4', 'FNH:2', 'BRF:0', 'BRH:0',
    'DA:1,1', 'DA:17,1', 'DA:2,0', 'DA:7,2', 'DA:8,2', 'DA:9,4', 'DA:11,1', 'DA:12,2', 'DA:14,0', 'DA:15,0',
    'LF:10', 'LH:7', 'end_of_record', ''].join('\n'));
});
