// Big inputs, run by `make stress` (minutes, gigabytes of scratch): each runs the built
// dist/pact and checks what it prints, its exit code and its peak memory (GNU time's %M).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';

const PACT = join(import.meta.dirname, '../../dist/pact');
const dir = mkdtempSync(join(tmpdir(), 'pact-stress-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/// Runs dist/pact under GNU time: output, exit code, peak resident megabytes, seconds.
function measured(args: string[], input?: string): { out: string; code: number; mb: number; seconds: number } {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'peak-kb %M', PACT, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  assert.equal(r.error, undefined, 'GNU time is needed (Debian package `time`)');
  const peak = /peak-kb (\d+)\s*$/.exec(r.stderr);
  assert.ok(peak, r.stderr.slice(-500));
  const out = r.stdout + r.stderr.slice(0, peak.index);
  return { out, code: r.status ?? -1, mb: Number(peak[1]) / 1024, seconds: (performance.now() - started) / 1000 };
}

test('50 MB of top-level forms run in bounded memory and linear time', async () => {
  const file = join(dir, 'big.repl');
  const out = createWriteStream(file);
  const line = '(+ 1 1)\n';
  const chunk = line.repeat(100000);
  for (let written = 0; written < 50e6; written += chunk.length) if (!out.write(chunk)) await once(out, 'drain');
  out.end('(expect "the last form runs" 3 (+ 1 2))\n');
  await once(out, 'finish');
  const r = measured([file]);
  console.log(`50 MB script: ${r.seconds.toFixed(1)} s, ${r.mb.toFixed(0)} MB peak`);
  assert.equal(r.code, 0, r.out.slice(-500));
  assert.match(r.out, /Load successful/);
  assert.ok(r.mb < 300, `peak ${r.mb} MB`);
});

test('a value 200,000 levels deep prints, hashes, compares and round-trips through a table', () => {
  const depth = 200000;
  const script = join(dir, 'deep.repl');
  writeFileSync(script, [
    '(begin-tx)',
    '(module m G (defcap G () true) (defschema s a:list) (deftable t:{s}))',
    '(create-table t)',
    `(let ((x (fold (lambda (acc y) [acc]) [] (enumerate 1 ${depth}))))`,
    '  (write t "k" {"a": x})',
    '  (expect "equal after the round trip" true (= x (at "a" (read t "k"))))',
    `  (expect "formats" ${2 * depth + 4} (length (format "{}" [[x]])))`,
    '  (expect "hashes" 43 (length (hash x))))',
  ].join('\n'));
  const r = measured([script]);
  console.log(`depth ${depth}: ${r.seconds.toFixed(1)} s, ${r.mb.toFixed(0)} MB peak`);
  assert.equal(r.code, 0, r.out.slice(-500));
});

test('a million lines piped into a reader that stops after one end in one line and exit 1', () => {
  const r = spawnSync('bash', ['-c', `set -o pipefail; yes '(+ 1 1)' | head -n 1000000 | ${PACT} | head -1`], { encoding: 'utf8' });
  assert.equal(r.stdout, '2\n');
  assert.doesNotMatch(r.stderr, /at |Error:/);
});

test('a list doubled until the heap is nearly full ends in a Pact error, not a V8 crash', () => {
  const r = measured([], '(length (fold (lambda (l x) (+ l l)) [1] (enumerate 1 40)))\n');
  console.log(`doubling: ${r.seconds.toFixed(1)} s, ${r.mb.toFixed(0)} MB peak`);
  // Which limit comes first depends on the machine's memory: the heap, or the most elements one
  // array holds (268,435,454), met with a heap of more than about 20 GB.
  assert.match(r.out, /^<interactive>:0:28:Error: (Out of memory: a list of \d+ elements does not fit in the \d+ MB left of the \d+ MB heap|List too long: more than 268435454 elements)$/m);
  assert.doesNotMatch(r.out, /FATAL|heap limit/);
});
