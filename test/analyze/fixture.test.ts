/// `verify` through the built executable: `.repl` files whose stderr must be Pact's rendered
/// lines exactly. `counterexample`: a property that holds, one with a counterexample (its values
/// pinned by the property, so any solver finds the same one) and a vacuous one. `modrefs`:
/// module references, nested pacts and shimmed natives.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const BIN = 'dist/pact';
const FIXTURES = 'test/fixtures/verify';
const skip = existsSync(BIN) ? false : 'dist/pact is not built (run make)';

for (const [name, what] of [
  ['counterexample', 'the counterexample trace and the vacuity failure at the properties'],
  ['modrefs', 'the shims\' warnings of a module verified through module references'],
]) {
  test(`verify prints ${what}`, { skip }, () => {
    const r = spawnSync(BIN, [`${FIXTURES}/${name}.repl`], { encoding: 'utf8' });
    assert.equal(r.stderr, readFileSync(`${FIXTURES}/${name}.expected`, 'utf8'));
    assert.equal(r.stdout, '');
    assert.equal(r.status, 0);
  });
}
