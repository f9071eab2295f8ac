// Depth and memory as the machine allows, run by `make stress` (minutes): code nested or
// calling 100,000 deep, a fold over 100,000,000 elements, a 200 MB unterminated string.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KINDS } from '../helpers/deep.ts';

const PACT = join(import.meta.dirname, '../../dist/pact');
const dir = mkdtempSync(join(tmpdir(), 'pact-depth-stress-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/// Runs a script through dist/pact under GNU time: output, exit code, peak resident MB, seconds.
/// The script is named relative to its folder, the working directory: a parse error's first line
/// wraps at 80 columns after the file name, whose length must not depend on the temp folder's.
/// (`-q`: GNU time says nothing of a non-zero exit status.)
function run(name: string, text: string): { out: string; code: number; mb: number; seconds: number } {
  writeFileSync(join(dir, name), text);
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-q', '-f', 'peak-kb %M', PACT, name], { cwd: dir, encoding: 'utf8', env: { ...process.env, PACT_CACHE_DIR: '' } });
  const peak = /peak-kb (\d+)\s*$/.exec(r.stderr) ?? assert.fail(r.stderr.slice(-500));
  return { out: r.stdout + r.stderr.slice(0, peak.index), code: r.status ?? -1, mb: Number(peak[1]) / 1024, seconds: (performance.now() - started) / 1000 };
}

for (const [kind, code] of Object.entries(KINDS)) {
  test(`${kind} 100,000 deep`, () => {
    const r = run(`${kind}.repl`, code(100000) + '\n');
    console.log(`${kind} 100,000 deep: ${r.seconds.toFixed(1)} s, ${r.mb.toFixed(0)} MB peak`);
    assert.deepEqual([r.out, r.code], ['Load successful\n', 0]);
  });
}

test('a fold over 100,000,000 elements', () => {
  const r = run('fold.repl', '(expect "the sum" 5000000050000000 (fold (+) 0 (enumerate 0 100000000)))\n');
  console.log(`fold of 100,000,000: ${r.seconds.toFixed(1)} s, ${r.mb.toFixed(0)} MB peak`);
  assert.deepEqual([r.out, r.code], ['Load successful\n', 0]);
});

test('a 200 MB unterminated string is Pact\'s end-of-string error', () => {
  const r = run('string.repl', '"' + 'a'.repeat(200_000_000));
  console.log(`200 MB string: ${r.seconds.toFixed(1)} s, ${r.mb.toFixed(0)} MB peak`);
  assert.equal(r.code, 1);
  assert.equal(r.out, [
    'string.repl:1:200000002: error: unexpected EOF, expected: end of string,',
    '    string character',
    `1 | <${'a'.repeat(68)}<EOF> `,
    `  | ${' '.repeat(69)}^     `,
    'Load failed',
    '',
  ].join('\n'));
});
