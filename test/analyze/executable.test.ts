/// Z3 inside the single executable, copied alone to an empty folder: PACT_Z3_SELFTEST=1 loads
/// it from the executable's assets and answers a sat and an unsat query.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDirs } from '../helpers/temp.ts';

const BIN = 'dist/pact';
const skip = existsSync(BIN) ? false : 'dist/pact is not built (run make)';
const tempDir = tempDirs('pact-z3-');

test('the executable alone loads Z3 and answers sat and unsat', { skip }, () => {
  const dir = tempDir();
  copyFileSync(BIN, join(dir, 'pact'));
  const r = spawnSync('./pact', [], { cwd: dir, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', PACT_Z3_SELFTEST: '1' } });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^load: Z3 \d+\.\d+\.\d+\.\d+ \(\d+\.\d ms\)\n/);
  assert.match(r.stdout, /\(check-sat\) => sat \(\d+\.\d ms\)\n/);
  assert.match(r.stdout, /\(check-sat\) => unsat \(\d+\.\d ms\)\n$/);
});
