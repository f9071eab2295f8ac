import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addSig, apiReq, combineSigs, sign, unsignedReq } from '../../src/cli/requests.ts';
import { capture, FIXTURES } from './capture.ts';

const SIGDATA = join(FIXTURES, 'sigdata');
const KEYS = join(FIXTURES, 'keys');
const REQUESTS = join(FIXTURES, 'requests');
const key = (name: string): string => join(KEYS, `${name}.yaml`);
const sigdata = (name: string): string => readFileSync(join(SIGDATA, name), 'utf8');

const ESCROW_SIGNED = sigdata('escrow-signed.out');
// The two signatures Pact's partial-signature test makes on the two-signer hash.
const SIG1 = 'aafda373cbe726ca66d63820870944fc2d95a8a909b31341dee73e3bf424377e015f35458a59f0ca00bc5ef4ad46623a54967817affd349252056a358e9bd10d';
const SIG2 = '209c16208dd0fbd2558ea6a71f23e148078f65ae7546f9767439af2e29809a35dad36b032b93231c6094b19b522da7060e893b163026d0f6ae2ccf2506b4cc0d';
const TWO_SIGNERS_CMD = JSON.stringify(/^cmd: '(.*)'$/m.exec(sigdata('two-signers-unsigned.yaml'))![1]!);

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pact-sig-')), name);
  writeFileSync(path, text);
  return path;
}

test('sign: a bare hash, as Pact\'s scheme test signs it', () => {
  const r = capture((io) => sign([key('alice')], io), '  i1S2rUgEyfBl393oWEwts3DzuyCvraemXA9A1Bno6sg\n');
  assert.equal(r.out, '7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804: c72ac57ac1f03cd264b4e0db1ef681894e42b02b5ddcb115ee2f776ba8048c2afd15a4c1e46b20248bb015ba395689a90ac93b5193173f3af6e495b4ce09ce03\n\n');
  const both = capture((io) => sign([key('key2'), key('key1')], io), 'tTg1a9B8jWRM3KrAq2ITSZtL5yq1wQj30SpugHiLqiE');
  assert.equal(both.out, `1ba4d22bdcf499a8e27667b56e45222260a93806066ca5f82e79ef2f38cf8c0b: ${SIG2}\n87a4f2f179662829da6816b901ec1402b4baa30ce9d96048345aff9b346de6b7: ${SIG1}\n\n`);
  assert.equal(capture((io) => sign([], io), 'AA').out, '{}\n\n');
  const bad = capture((io) => sign([key('alice')], io), 'a+b');
  assert.equal(bad.code, 1);
  assert.equal(bad.out, '');
  assert.match(bad.err, /\nError message: stdin was not valid base64url: invalid character at offset: 1\)\n$/);
});

test('add-sig completes a one-signer command (Pact\'s addSigsExpected)', () => {
  const r = capture((io) => addSig([key('alice')], false, io), sigdata('escrow-unsigned.yaml'));
  assert.equal(r.err, '');
  assert.equal(r.out, ESCROW_SIGNED);
});

test('combine-sigs joins a command with a bare signature (Pact\'s combineSigsExpected)', () => {
  const r = capture((io) => combineSigs([join(SIGDATA, 'escrow-unsigned.yaml'), join(SIGDATA, 'escrow-bare-sig.yaml')], false, io));
  assert.equal(r.err, '');
  assert.equal(r.out, ESCROW_SIGNED);
});

test('partial signatures: each key alone, then combined (Pact\'s PactCLISpec)', () => {
  const unsigned = sigdata('two-signers-unsigned.yaml');
  const one = capture((io) => addSig([key('key1')], true, io), unsigned);
  const two = capture((io) => addSig([key('key2')], true, io), unsigned);
  const partial = (sig1: string, sig2: string): string =>
    `cmd: '${JSON.parse(TWO_SIGNERS_CMD).replace(/'/g, "''")}'\nhash: tTg1a9B8jWRM3KrAq2ITSZtL5yq1wQj30SpugHiLqiE\nsigs:\n` +
    `  1ba4d22bdcf499a8e27667b56e45222260a93806066ca5f82e79ef2f38cf8c0b: ${sig2}\n` +
    `  87a4f2f179662829da6816b901ec1402b4baa30ce9d96048345aff9b346de6b7: ${sig1}\n\n`;
  assert.equal(one.out, partial(SIG1, 'null'));
  assert.equal(two.out, partial('null', SIG2));
  const local = `{"hash":"tTg1a9B8jWRM3KrAq2ITSZtL5yq1wQj30SpugHiLqiE","sigs":[{"sig":"${SIG1}"},{"sig":"${SIG2}"}],"cmd":${TWO_SIGNERS_CMD}}\n`;
  const files = [tempFile('one.yaml', one.out), tempFile('two.yaml', two.out)];
  assert.equal(capture((io) => combineSigs(files, true, io)).out, local);
  assert.equal(capture((io) => combineSigs(files, false, io)).out, `{"cmds":[${local.trimEnd()}]}\n`);
  // Both keys at once finish the command directly.
  assert.equal(capture((io) => addSig([key('key2'), key('key1')], true, io), unsigned).out, local);
  // One signature is not a command.
  const short = capture((io) => combineSigs([files[0]!], true, io));
  assert.deepEqual([short.code, short.out], [1, '']);
  assert.equal(short.err, 'Command verification failed!\nInvalid command: Number of sig(s) does not match number of signer(s)\n\n');
});

test('partial signatures without the command', () => {
  const r = capture((io) => addSig([key('key1')], true, io), sigdata('two-signers-no-cmd.yaml'));
  assert.equal(r.out, 'hash: tTg1a9B8jWRM3KrAq2ITSZtL5yq1wQj30SpugHiLqiE\nsigs:\n' +
    '  1ba4d22bdcf499a8e27667b56e45222260a93806066ca5f82e79ef2f38cf8c0b: null\n' +
    `  87a4f2f179662829da6816b901ec1402b4baa30ce9d96048345aff9b346de6b7: ${SIG1}\n\n`);
  // Every slot filled but no command: the SigData comes back unverified.
  const full = capture((io) => addSig([key('key1'), key('key2')], true, io), sigdata('two-signers-no-cmd.yaml'));
  assert.match(full.out, /^hash: .*\nsigs:\n {2}1ba4.*: 209c.*\n {2}87a4.*: aafd.*\n\n$/);
  // A key with no slot changes nothing.
  assert.equal(capture((io) => addSig([key('alice')], true, io), sigdata('two-signers-no-cmd.yaml')).out,
    'hash: tTg1a9B8jWRM3KrAq2ITSZtL5yq1wQj30SpugHiLqiE\nsigs:\n' +
    '  1ba4d22bdcf499a8e27667b56e45222260a93806066ca5f82e79ef2f38cf8c0b: null\n' +
    '  87a4f2f179662829da6816b901ec1402b4baa30ce9d96048345aff9b346de6b7: null\n\n');
});

test('round trip: -u, add-sig by two keys, combine-sigs gives exactly what -a gives', () => {
  const unsigned = capture((io) => unsignedReq(join(REQUESTS, 'round-trip-unsigned.yaml'), io));
  assert.equal(unsigned.code, 0, unsigned.err);
  const one = capture((io) => addSig([key('key1')], false, io), unsigned.out);
  const two = capture((io) => addSig([key('key2')], false, io), unsigned.out);
  const combined = capture((io) => combineSigs([tempFile('a.yaml', one.out), tempFile('b.yaml', two.out)], false, io));
  const signed = capture((io) => apiReq(join(REQUESTS, 'round-trip-signed.yaml'), false, io));
  assert.equal(combined.err, '');
  assert.equal(combined.out, signed.out);
});

test('add-sig failures', () => {
  const bad = capture((io) => addSig([key('key1')], false, io), 'hash: AA\n');
  assert.deepEqual([bad.code, bad.out], [1, '']);
  assert.equal(bad.err, 'pact: AesonException "Error in $: key \\"sigs\\" not found"\n');
  const wrongSig = sigdata('two-signers-no-cmd.yaml').replace(': null\n  87a4', `: ${SIG1}\n  87a4`);
  const r = capture((io) => addSig([], false, io), wrongSig);
  assert.equal(r.code, 1);
  assert.equal(r.err, 'Command verification failed!\nInvalid sig(s) found: "{\\"Signer {_siScheme = Just ED25519, ' +
    '_siPubKey = \\\\\\"1ba4d22bdcf499a8e27667b56e45222260a93806066ca5f82e79ef2f38cf8c0b\\\\\\", _siAddress = Nothing, ' +
    '_siCapList = []}\\":\\"invalid ed25519 signature\\"}"\n\n');
  const extra = sigdata('two-signers-unsigned.yaml').replace('sigs:\n', 'sigs:\n  abcd: null\n');
  assert.equal(capture((io) => addSig([key('key1')], false, io), extra).err,
    'Command verification failed!\nNumber of signers in the payload does not match number of signers in the sigData\n\n');
  const renamed = sigdata('two-signers-unsigned.yaml').replace('  87a4f2f1', '  77a4f2f1');
  assert.equal(capture((io) => addSig([key('key2')], false, io), renamed).err,
    'Command verification failed!\nSigner in payload does not show up in signatures"87a4f2f179662829da6816b901ec1402b4baa30ce9d96048345aff9b346de6b7"\n\n');
  const missingKey = capture((io) => addSig(['/nonexistent/key.yaml'], false, io), sigdata('two-signers-unsigned.yaml'));
  assert.match(missingKey.err, /\nError message: InvalidYaml \(Just \(YamlException "Yaml file not found: \/nonexistent\/key.yaml"\)\)\)\n$/);
  const badKey = tempFile('k.yaml', 'public: 87a4f2f179662829da6816b901ec1402b4baa30ce9d96048345aff9b346de6b7\nsecret: 31f2554f16ca907073739a2441fcca4d2a54c6f773f61628c262f0f24ff776cb\n');
  assert.match(capture((io) => addSig([badKey], false, io), sigdata('two-signers-unsigned.yaml')).err,
    /\nError message: Could not parse key file .*k\.yaml: Expected PublicKey "87a4.*" but received "1ba4.*"\)\n$/);
  const noSecret = tempFile('k.yaml', 'public: 87a4\n');
  assert.match(capture((io) => sign([noSecret], io), 'AA').err, /Could not parse key file .*: Error parsing secret key\)\n$/);
});

test('combine-sigs failures', () => {
  const run = (...texts: string[]) => capture((io) => combineSigs(texts.map((t, i) => tempFile(`s${i}.yaml`, t)), true, io));
  assert.equal(capture((io) => combineSigs([], true, io)).err, 'pact: Nothing to combine\n');
  const unsigned = sigdata('two-signers-unsigned.yaml');
  assert.equal(run(sigdata('escrow-unsigned.yaml'), unsigned).err,
    'pact: SigData files must contain exactly one unique hash and command.  Aborting...\n');
  assert.equal(run(sigdata('two-signers-no-cmd.yaml')).err,
    'pact: SigData files must contain exactly one unique hash and command.  Aborting...\n');
  assert.equal(run(unsigned, unsigned.replace('sigs:\n', 'sigs:\n  abcd: null\n')).err, 'pact: Sig lists have different lengths\n');
  assert.equal(run(unsigned, unsigned.replace('  87a4f2f1', '  97a4f2f1')).err,
    'pact: Sig mismatch:\nPublicKeyHex {unPublicKeyHex = "1ba4d22bdcf499a8e27667b56e45222260a93806066ca5f82e79ef2f38cf8c0b"}\n' +
    'PublicKeyHex {unPublicKeyHex = "97a4f2f179662829da6816b901ec1402b4baa30ce9d96048345aff9b346de6b7"}\n' +
    'All signatures must be in the same order\n\n');
  const missing = capture((io) => combineSigs(['/nonexistent/a.yaml'], true, io));
  assert.equal(missing.err, 'pact: One or more files had errors:\n' +
    'Error loading SigData file /nonexistent/a.yaml: InvalidYaml (Just (YamlException "Yaml file not found: /nonexistent/a.yaml"))\n\n');
});
