/// The request tooling through the built executable `dist/pact` (made by `make`): exit codes,
/// streams, stdin handling. Skipped when the executable has not been built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACT = new URL('../../dist/pact', import.meta.url).pathname;
const FIXTURES = new URL('../fixtures/api/', import.meta.url).pathname;
const skip = existsSync(PACT) ? false : 'dist/pact is not built (run `make`)';

interface Result {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

function pact(args: string[], stdin = ''): Result {
  const r = spawnSync(PACT, args, { input: stdin, encoding: 'utf8', cwd: FIXTURES });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const expected = (name: string): string => readFileSync(join(FIXTURES, 'expected', `${name}.out`), 'utf8');

test('-g prints a key pair that signs', { skip }, () => {
  const g = pact(['-g']);
  assert.equal(g.code, 0);
  assert.match(g.out, /^public: [0-9a-f]{64}\nsecret: [0-9a-f]{64}\n$/);
  const dir = mkdtempSync(join(tmpdir(), 'pact-cli-'));
  writeFileSync(join(dir, 'k.yaml'), g.out);
  const s = pact(['sign', join(dir, 'k.yaml')], 'AAAA');
  assert.equal(s.code, 0, s.err);
  assert.match(s.out, /^[0-9a-f]{64}: [0-9a-f]{128}\n\n$/);
});

test('-a and -a -l', { skip }, () => {
  assert.deepEqual(pact(['-a', 'requests/setup-06-escrow.yaml']), { code: 0, out: expected('setup-06-escrow'), err: '' });
  const local = pact(['--apireq', 'requests/setup-06-escrow.yaml', '--local']);
  assert.equal(local.code, 0);
  assert.equal(`{"cmds":[${local.out.trimEnd()}]}\n`, expected('setup-06-escrow'));
  assert.deepEqual(pact(['-a', 'requests/code-file.yaml']), { code: 0, out: expected('code-file'), err: '' });
});

test('-u, add-sig, combine-sigs', { skip }, () => {
  const u = pact(['-u', 'requests/two-signers.yaml']);
  assert.deepEqual(u, { code: 0, out: expected('two-signers'), err: '' });
  const one = pact(['add-sig', 'keys/key1.yaml'], u.out);
  const two = pact(['add-sig', '-l', 'keys/key2.yaml'], u.out);
  assert.equal(one.code, 0, one.err);
  assert.equal(two.code, 0, two.err);
  const dir = mkdtempSync(join(tmpdir(), 'pact-cli-'));
  writeFileSync(join(dir, 'one.yaml'), one.out);
  writeFileSync(join(dir, 'two.yaml'), two.out);
  const combined = pact(['combine-sigs', join(dir, 'one.yaml'), join(dir, 'two.yaml')]);
  assert.equal(combined.code, 0, combined.err);
  assert.match(combined.out, /^\{"cmds":\[\{"hash":"tTg1a9B8jWRM3KrAq2ITSZtL5yq1wQj30SpugHiLqiE","sigs":\[\{"sig":"aafda373.*"\},\{"sig":"209c1620.*"\}\],"cmd":".*"\}\]\}\n$/);
  const both = pact(['add-sig', '-l', 'keys/key1.yaml', 'keys/key2.yaml'], u.out);
  assert.equal(`{"cmds":[${both.out.trimEnd()}]}\n`, combined.out);
});

test('failures: exit 1, message on stderr, nothing on stdout', { skip }, () => {
  const missing = pact(['-a', 'requests/nope.yaml']);
  assert.equal(missing.code, 1);
  assert.equal(missing.out, '');
  assert.match(missing.err, /^pact: user error \(Failure reading request yaml\. Valid fields are: \n[^]*Error message: InvalidYaml \(Just \(YamlException "Yaml file not found: requests\/nope\.yaml"\)\)\)\n$/);
  const short = pact(['combine-sigs', 'sigdata/two-signers-unsigned.yaml']);
  assert.deepEqual(short, { code: 1, out: '', err: 'Command verification failed!\nInvalid command: Number of sig(s) does not match number of signer(s)\n\n' });
  const none = pact(['combine-sigs']);
  assert.deepEqual([none.code, none.out, none.err], [1, '', 'pact: Nothing to combine\n']);
  const bad = pact(['sign', 'keys/key1.yaml'], '!!');
  assert.equal(bad.code, 1);
  assert.match(bad.err, /stdin was not valid base64url: invalid character at offset: 0\)\n$/);
});
