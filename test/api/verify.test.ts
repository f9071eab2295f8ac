import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { Pact, createSignWithKeypair } from '@kadena/client';
import { base64UrlDecode } from '../../src/values/base64.ts';
import { parseJson } from '../../src/values/json.ts';
import { apiReq } from '../../src/cli/requests.ts';
import { hashCmd } from '../../src/api/command.ts';
import type { Command, Signer } from '../../src/api/command.ts';
import { encodeCoseKey } from '../../src/api/cose.ts';
import { publicKeyOf, signWithPublicKey } from '../../src/api/crypto.ts';
import { commandOf, verifyCommand, verifyUserSig } from '../../src/api/verify.ts';
import { decodeWebAuthnSignature, parseWebAuthnPublicKey } from '../../src/api/webauthn.ts';
import { capture, FIXTURES } from './capture.ts';

const REQUESTS = join(FIXTURES, 'requests');

function signedCommand(name: string): { hash: string; sigs: Array<{ sig: string }>; cmd: string } {
  const r = capture((io) => apiReq(join(REQUESTS, `${name}.yaml`), true, io));
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out);
}

test('commands made by -a verify with independent Ed25519 implementations', () => {
  for (const name of ['setup-06-escrow', 'fail-both-price-down-01-cont-badcaps', 'round-trip-signed']) {
    const c = signedCommand(name);
    const hash = base64UrlDecode(c.hash)!;
    assert.deepEqual(hash, hashCmd(c.cmd));
    const signers = JSON.parse(c.cmd).signers as Array<{ pubKey: string }>;
    assert.equal(c.sigs.length, signers.length);
    c.sigs.forEach((s, i) => {
      const pub = Buffer.from(signers[i]!.pubKey, 'hex');
      const sig = Buffer.from(s.sig, 'hex');
      assert.ok(ed25519.verify(sig, hash, pub, { zip215: false }), `noble ${name}`);
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: pub.toString('base64url') }, format: 'jwk' });
      assert.ok(nodeVerify(null, hash, key, sig), `node:crypto ${name}`);
    });
  }
});

test('a command signed by @kadena/client verifies with ours', async () => {
  const tx = Pact.builder.execution('(coin.transfer "alice" "bob" 1.5)')
    .addSigner('7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804',
      (withCap) => [withCap('coin.TRANSFER', 'alice', 'bob', { decimal: '1.5' }), withCap('coin.GAS')])
    .addData('ks', { keys: ['7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804'], pred: 'keys-all' })
    .setMeta({ chainId: '0', senderAccount: 'alice', gasLimit: 1000, gasPrice: 1e-8, ttl: 600, creationTime: 1700000000 })
    .setNetworkId('testnet04')
    .setNonce('kadena-client')
    .createTransaction();
  const signed = await createSignWithKeypair({
    publicKey: '7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804',
    secretKey: '2e8c91521479537221576a7c3c80c46d0fa3fc663804117f0c7011366dec35de',
  })(tx);
  const command = commandOf(parseJson(JSON.stringify(signed)));
  const verified = verifyCommand(command);
  assert.ok(!('error' in verified), 'error' in verified ? verified.error : '');
  assert.equal(verified.signers[0]!.scheme, 'ED25519');
  assert.deepEqual(verified.signers[0]!.clist.map((c) => c.name), ['coin.TRANSFER', 'coin.GAS']);
  // The same command with a flipped signature bit does not.
  const sig = signed.sigs[0]!.sig!;
  const tampered = { ...command, sigs: [{ kind: 'ed25519' as const, sig: (sig[0] === '0' ? '1' : '0') + sig.slice(1) }] };
  assert.match((verifyCommand(tampered) as { error: string }).error, /^Invalid command: Invalid sig\(s\) found: .*invalid ed25519 signature/);
});

test('verification failures carry Pact\'s texts', () => {
  const c = signedCommand('setup-06-escrow');
  const base: Command = { cmd: c.cmd, hash: base64UrlDecode(c.hash)!, sigs: [{ kind: 'ed25519', sig: c.sigs[0]!.sig }] };
  assert.ok(!('error' in verifyCommand(base)));
  const errorOf = (x: Command): string => (verifyCommand(x) as { error: string }).error;
  assert.equal(errorOf({ ...base, hash: new Uint8Array(32) }),
    'Invalid command: Hash Mismatch, received AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA but our hashing resulted in L2N2SgjdQAHNEu6WY82VAa4LyxmqfrAuaR6sB41DUMQ');
  assert.equal(errorOf({ ...base, sigs: [] }), 'Invalid command: Number of sig(s) does not match number of signer(s)');
  assert.equal(errorOf({ ...base, cmd: '{"payload":{}}', hash: hashCmd('{"payload":{}}') }),
    'Invalid command: Error in $.payload: key "cont" not found');
  assert.equal(errorOf({ ...base, cmd: '{"payload":{"exec":{"code":"1","data":null}}}', hash: hashCmd('{"payload":{"exec":{"code":"1","data":null}}}') }),
    'Invalid command: Error in $: parsing Pact.Types.Command.Payload(Payload) failed, key "nonce" not found');
  const flipped = c.sigs[0]!.sig.replace(/^./, (x) => (x === 'a' ? 'b' : 'a'));
  assert.equal(errorOf({ ...base, sigs: [{ kind: 'ed25519', sig: flipped }] }),
    'Invalid command: Invalid sig(s) found: "{\\"Signer {_siScheme = Nothing, _siPubKey = \\\\\\"7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804\\\\\\", ' +
    '_siAddress = Nothing, _siCapList = [SigCapability {_scName = QualifiedName {_qnQual = ModuleName {_mnName = \\\\\\"accounts\\\\\\", ' +
    '_mnNamespace = Nothing}, _qnName = \\\\\\"USER_GUARD\\\\\\", _qnInfo = }, _scArgs = [PLiteral (LString {_lString = \\\\\\"Alice\\\\\\"})]}]}\\":\\"invalid ed25519 signature\\"}"');
});

test('single signature checks', () => {
  const hash = new Uint8Array(32);
  const signer = (over: Partial<Signer>): Signer => ({ scheme: null, pubKey: 'ab'.repeat(32), addr: null, clist: [], ...over });
  const ed = { kind: 'ed25519' as const, sig: 'cd'.repeat(64) };
  assert.equal(verifyUserSig(hash, ed, signer({ addr: 'x' })), 'address does not match pubkey');
  assert.equal(verifyUserSig(hash, ed, signer({ pubKey: 'abc' })), 'failed to parse ed25519 pubkey: invalid bytestring size');
  assert.equal(verifyUserSig(hash, ed, signer({ pubKey: 'zz' })), 'failed to parse ed25519 pubkey: invalid character at offset: 0');
  assert.equal(verifyUserSig(hash, ed, signer({ pubKey: 'AB' })), 'failed to parse ed25519 pubkey: Invalid ED25519 Public Key: "ab"');
  assert.equal(verifyUserSig(hash, { kind: 'ed25519', sig: 'ab' }, signer({})), 'failed to parse ed25519 signature: Invalid ED25519 Signature: "ab"');
  assert.equal(verifyUserSig(hash, ed, signer({ scheme: 'WebAuthn' })), 'scheme of Just WebAuthn does not match signature type ED25519');
});

// A signature from a real browser session (Pact's SchemeSpec), over this hash, by this ES256 key.
const WEBAUTHN_KEY = 'a5010203262001215820025b213619e0cbeadf7a4c62784f865d61c4da9268c724fa133efcf90ca7e00222582062ab25b410da272d9f2505b509bf599ac04f34888fad7cbb107d368add79edf1';
const WEBAUTHN_SIG = '{"authenticatorData":"+cNxurbmvuKrkAKBTgIRX89NPS7FT5KydvqIN951zwoBAAAADQ==","clientDataJSON":"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiTkFDbG5makJiT2o3R2ZuRTg2YzJOZVZHaTBZUkRKcllidUF0cmhFUzJiYyIsIm9yaWdpbiI6Imh0dHBzOi8vZ3JlZy10ZXN0aW5nLTIwMjMtMDItMDcuZ2l0aHViLmlvIiwiY3Jvc3NPcmlnaW4iOmZhbHNlfQ","signature":"MEYCIQDwQF19+Wjxs0boANssWEKoUFKhwHgiaycIeU5kRlY+RwIhAIAfCOUDVHr5aCrVQ1pbvCEw1xkeF0s4yjD48sDe9uO7"}';
const WEBAUTHN_HASH = 'NAClnfjBbOj7GfnE86c2NeVGi0YRDJrYbuAtrhES2bc';

test('WebAuthn: a real browser signature verifies, and only for its scheme, key and hash', () => {
  const sig = { kind: 'webauthn' as const, sig: decodeWebAuthnSignature(WEBAUTHN_SIG)! };
  const hash = base64UrlDecode(WEBAUTHN_HASH)!;
  const signer: Signer = { scheme: 'WebAuthn', pubKey: WEBAUTHN_KEY, addr: null, clist: [] };
  assert.equal(verifyUserSig(hash, sig, signer), undefined);
  assert.equal(verifyUserSig(hash, sig, { ...signer, pubKey: `WEBAUTHN-${WEBAUTHN_KEY}` }), undefined);
  assert.equal(verifyUserSig(hash, sig, { ...signer, scheme: null }), 'scheme of Nothing does not match signature type WebAuthn');
  assert.match(verifyUserSig(hash, sig, { ...signer, pubKey: 'ba54b224d1924dd98403f5c751abdd10de6cd81b0121800bf7bdbdcfaec7388d' })!,
    /^failed to parse webauthn pubkey: WebAuthn public key parsing: DeserialiseFailure \d+ "/);
  assert.equal(verifyUserSig(hash, sig, { ...signer, pubKey: 'xyz' }), 'failed to parse webauthn pubkey: invalid bytestring size');
  const other = hash.slice();
  other[0] ^= 1;
  assert.equal(verifyUserSig(other, sig, signer), 'Hash mismatch, signature signs for the wrong transaction');
  // The COSE key round-trips through our canonical encoder.
  const key = parseWebAuthnPublicKey(Buffer.from(WEBAUTHN_KEY, 'hex'));
  assert.ok(typeof key !== 'string');
  assert.equal(Buffer.from(encodeCoseKey(key)).toString('hex'), WEBAUTHN_KEY);
});

test('WebAuthn key pairs in a request sign as Pact\'s mock authenticator', () => {
  const secret = Buffer.alloc(32, 7);
  const cose = Buffer.from(encodeCoseKey({ kty: 'OKP', alg: -8, crv: 6, x: publicKeyOf(secret), y: null })).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'pact-wa-'));
  const path = join(dir, 'req.yaml');
  writeFileSync(path, `code: "1"\nnonce: wa\nkeyPairs:\n  - {scheme: WebAuthn, public: ${cose}, secret: "${secret.toString('hex')}"}\n`);
  const r = capture((io) => apiReq(path, true, io));
  assert.equal(r.code, 0, r.err);
  const out = JSON.parse(r.out);
  assert.deepEqual(JSON.parse(out.cmd).signers, [{ scheme: 'WebAuthn', pubKey: cose }]);
  const sig = JSON.parse(out.sigs[0].sig);
  assert.deepEqual(Object.keys(sig), ['authenticatorData', 'clientDataJSON', 'signature']);
  assert.equal(sig.authenticatorData, '');
  assert.equal(Buffer.from(sig.clientDataJSON, 'base64url').toString(), `{"challenge":"${out.hash}"}`);
  assert.ok(!('error' in verifyCommand(commandOf(parseJson(r.out)))));
  // Pact reads any 32-byte secret as Ed25519 first, so a P-256 pair cannot sign.
  writeFileSync(path, `code: "1"\nnonce: wa\nkeyPairs:\n  - {scheme: WebAuthn, public: ${WEBAUTHN_KEY}, secret: "${secret.toString('hex')}"}\n`);
  assert.equal(capture((io) => apiReq(path, true, io)).err,
    'pact: Failed to sign with mock WebAuthn keypair: invalid pubkey/privkey pair or invalid key type\n');
});

test('signing with a supplied public key is standard Ed25519 when the key matches', () => {
  const secret = Buffer.alloc(32, 9);
  const message = new TextEncoder().encode('message');
  assert.deepEqual(signWithPublicKey(message, secret, publicKeyOf(secret)), ed25519.sign(message, secret));
  const other = signWithPublicKey(message, secret, Buffer.alloc(32, 1));
  assert.equal(other.length, 64);
  assert.notDeepEqual(other, ed25519.sign(message, secret));
});
