import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = 'dist/pact';
const skip = existsSync(BIN) ? false : 'dist/pact is not built (run make)';

function pact(args: string[], input = '', bin = BIN) {
  const r = spawnSync(bin, args, { input, encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('--version names the Pact version and ours', { skip }, () => {
  const r = pact(['--version']);
  assert.equal(r.code, 0);
  assert.match(r.out, /^pact version 4\.13\.2 \(pact-ts \d+\.\d+\.\d+\)\n$/);
});

test('--version --verbose also names our version, the commit built and the platform', { skip }, () => {
  const r = pact(['--version', '--verbose']);
  assert.equal(r.code, 0);
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const platform = `${process.platform}-${process.arch}`;
  assert.match(r.out, /^pact version 4\.13\.2 \(pact-ts (\d+\.\d+\.\d+)\)\npact-ts \1 \(commit [0-9a-f]{40}(-dirty)?, [a-z]+-[a-z0-9]+, Node\.js v26\.\d+\.\d+\)\n$/);
  assert.ok(r.out.includes(`(commit ${commit}`), r.out);
  assert.ok(r.out.includes(`, ${platform}, Node.js ${process.version})`), r.out);
});

test('--verbose alone is a usage error', { skip }, () => {
  const r = pact(['--verbose']);
  assert.equal(r.code, 1);
  assert.match(r.err, /^`--verbose' goes with --version\n\nUsage: pact /);
});

test('the executable compiles its bundle with the code cache the build trained', { skip }, () => {
  const r = spawnSync(BIN, [], { input: '(+ 1 2)\n', encoding: 'utf8', env: { PATH: '/usr/bin:/bin', PACT_TS_DEBUG: '1' } });
  assert.equal(r.stdout, '3\n');
  assert.equal(r.stderr, '');
});

test('the executable answers --version as the command line does', { skip }, () => {
  const bundled = spawnSync(process.execPath, ['dist/pact.cjs', '--version', '--local'], { encoding: 'utf8' });
  assert.equal(pact(['--version']).out, bundled.stdout);
  assert.equal(pact(['-v']).out, bundled.stdout);
});

test('the executable runs alone from another folder', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pact-'));
  copyFileSync(BIN, join(dir, 'pact'));
  const r = pact(['-v'], '', join(dir, 'pact'));
  assert.equal(r.code, 0);
  assert.match(r.out, /^pact version 4\.13\.2/);
});

test('--builtins lists quoted native names in code-point order, no REPL natives', { skip }, () => {
  const names = pact(['-b']).out.trimEnd().split('\n');
  assert.ok(names.every((n) => /^".+"$/.test(n)));
  assert.deepEqual(names, [...names].sort());
  assert.ok(names.includes('"+"') && names.includes('"map"'));
  assert.ok(!names.includes('"expect"') && !names.includes('"begin-tx"'));
});

test('an unknown flag is a usage error with exit 1', { skip }, () => {
  const r = pact(['--bogus']);
  assert.equal(r.code, 1);
  assert.match(r.err, /^Invalid option `--bogus'\n\nUsage: pact /);
});

test('--help prints usage on stdout', { skip }, () => {
  const r = pact(['-h']);
  assert.equal(r.code, 0);
  assert.match(r.out, /^The Pact Smart Contract Language Interpreter\n\nUsage: pact /);
});

test('piped input: one result per line, the first error aborts', { skip }, () => {
  const r = pact([], '(+ 1 2)\n\n"hi"\n(enforce false "no")\n(+ 3 4)\n');
  assert.equal(r.out, '3\n"hi"\n');
  assert.equal(r.err, '<interactive>:0:0:Error: no\n at <interactive>:0:0: (enforce false "no")\nAborting execution\nLoad failed\n');
  assert.equal(r.code, 1);
});

test('a script that passes exits 0 with Load successful on stderr', { skip }, () => {
  const r = pact(['test/fixtures/repl/basics.repl']);
  assert.equal(r.code, 0);
  assert.equal(r.err, 'Load successful\n');
});

test('a script with a failed test exits 1', { skip }, () => {
  const r = pact(['test/fixtures/repl/failing.repl']);
  assert.equal(r.code, 1);
  assert.match(r.err, /Load failed\n$/);
});

test('a .pact file is only compiled', { skip }, () => {
  const ok = pact(['test/fixtures/pact/ok.pact']);
  assert.equal(ok.code, 0);
  assert.equal(ok.err, 'Load successful\n');
  const bad = pact(['test/fixtures/pact/bad.pact']);
  assert.equal(bad.code, 1);
  assert.equal(bad.err, [
    'test/fixtures/pact/bad.pact:3:16: error: Unexpected end of input',
    'test/fixtures/pact/bad.pact:4:2: error: Expected: top-level form (use, let[*], module, interface)',
    'Load failed', ''].join('\n'));
});
