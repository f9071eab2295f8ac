/// The executable's code cache (scripts/train-code-cache.ts): its training runs a script and a
/// devnet restart, and makes the same bytes every time (the release is reproducible).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DETERMINISTIC } from '../../scripts/release/executable.ts';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-code-cache-');

/// The cache one training run makes (with pipes for its streams, as the build runs it).
function train(out: string): Buffer {
  const r = spawnSync(process.execPath, [...DETERMINISTIC, 'scripts/train-code-cache.ts', out], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  return readFileSync(out);
}

test('two training runs make the same code cache', () => {
  const dir = tempDir();
  const first = train(join(dir, 'first.cache'));
  const second = train(join(dir, 'second.cache'));
  assert.ok(first.length > 1_000_000, `${first.length} bytes`);
  assert.ok(first.equals(second));
});
