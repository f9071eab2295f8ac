/// `verify` through the built executable: a `.repl` file whose module has a property that holds,
/// one with a counterexample (its values pinned by the property, so any solver finds the same
/// one) and a vacuous one; stderr must be Pact's rendered lines exactly.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const BIN = 'dist/pact';
const FIXTURES = 'test/fixtures/verify';
const skip = existsSync(BIN) ? false : 'dist/pact is not built (run make)';

test('verify prints the counterexample trace and the vacuity failure at the properties', { skip }, () => {
  const r = spawnSync(BIN, [`${FIXTURES}/counterexample.repl`], { encoding: 'utf8' });
  assert.equal(r.stderr, readFileSync(`${FIXTURES}/counterexample.expected`, 'utf8'));
  assert.equal(r.stdout, '');
  assert.equal(r.status, 0);
});

test('verify through module references, nested pacts and shimmed natives warns and succeeds', { skip }, () => {
  const r = spawnSync(BIN, [`${FIXTURES}/modrefs.repl`], { encoding: 'utf8' });
  assert.equal(r.stderr, readFileSync(`${FIXTURES}/modrefs.expected`, 'utf8'));
  assert.equal(r.status, 0);
});
