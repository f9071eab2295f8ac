import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDirs } from '../helpers/temp.ts';

const BIN = 'dist/pact';
const skip = existsSync(BIN) ? false : 'dist/pact is not built (run make)';
const tempDir = tempDirs('pact-cli-cache-');

function pact(args: string[], cache: string) {
  const r = spawnSync(BIN, args, { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', PACT_CACHE_DIR: cache } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function entries(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).flatMap((sub) => readdirSync(join(dir, sub)).map((f) => join(dir, sub, f))) : [];
}

// A script loading a module whose function fails: the error's location and call stack point
// into the loaded file.
function writeScript(dir: string): string {
  writeFileSync(join(dir, 'm.pact'), [
    '(module m G',
    '  (defcap G () true)',
    '  (defun f:integer (x:integer)',
    '\t(enforce (> x 0) "positive") ; tab before',
    '    (+ x 1)))',
  ].join('\n'));
  writeFileSync(join(dir, 't.repl'), '(begin-tx)\n(load "m.pact")\n(commit-tx)\n(m.f 1)\n(m.f -1)\n');
  return join(dir, 't.repl');
}

test('a run through the parse cache prints what a run without one prints', { skip }, () => {
  const dir = tempDir();
  const cache = join(dir, 'cache');
  const script = writeScript(dir);
  const plain = pact(['-t', script], '');
  assert.equal(plain.code, 1);
  assert.match(plain.err, /m\.pact:4:8:Error: positive/);
  assert.deepEqual(entries(cache), []);
  assert.deepEqual(pact(['-t', script], cache), plain); // writes the entries
  assert.equal(entries(cache).length, 2);
  assert.deepEqual(pact(['-t', script], cache), plain); // reads them
});

test('a corrupt cache entry is ignored', { skip }, () => {
  const dir = tempDir();
  const cache = join(dir, 'cache');
  const script = writeScript(dir);
  const plain = pact(['-t', script], '');
  pact([script], cache);
  for (const e of entries(cache)) writeFileSync(e, readFileSync(e, 'utf8').replace(/^(.*\n\[\[\d+,\d+),0,/, '$1,3,'));
  assert.deepEqual(pact(['-t', script], cache), plain);
  for (const e of entries(cache)) writeFileSync(e, 'garbage');
  assert.deepEqual(pact(['-t', script], cache), plain);
});

test('an unwritable cache is not used', { skip }, () => {
  const dir = tempDir();
  const script = writeScript(dir);
  writeFileSync(join(dir, 'file'), '');
  assert.deepEqual(pact(['-t', script], join(dir, 'file')), pact(['-t', script], ''));
});
