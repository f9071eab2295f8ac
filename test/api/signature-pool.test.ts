/// Signatures checked on worker threads ahead of a command's turn.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { hexEncode } from '../../src/api/bytes.ts';
import { hashCmd, signHash } from '../../src/api/command.ts';
import type { Command } from '../../src/api/command.ts';
import { generateKeyPair } from '../../src/api/crypto.ts';
import { SignaturePool } from '../../src/api/signature-pool.ts';
import { verifyCommand } from '../../src/api/verify.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';

const pool = new SignaturePool(1);
after(() => pool.close());

function signed(signers: Array<{ pubKey: string; scheme?: string }>, sign: (hash: Uint8Array, i: number) => string): Command {
  const cmd = JSON.stringify({
    networkId: null, payload: { exec: { data: {}, code: '1' } }, signers,
    meta: { creationTime: 0, ttl: 600, gasLimit: 10, chainId: '0', gasPrice: 0, sender: '' }, nonce: String(Math.random()),
  });
  const hash = hashCmd(cmd);
  return { cmd, hash, sigs: signers.map((_, i) => ({ kind: 'ed25519' as const, sig: sign(hash, i) })) };
}

describe('SignaturePool', () => {
  it('judges each Ed25519 signature of a command, once', async () => {
    const a = generateKeyPair();
    const b = generateKeyPair();
    const cmd = signed([{ pubKey: hexEncode(a.publicKey) }, { pubKey: hexEncode(b.publicKey) }],
      (h, i) => signHash(h, i === 0 ? a.secretKey : a.secretKey));
    await pool.check(cmd);
    const h = base64UrlEncode(cmd.hash);
    assert.equal(pool.take(h, hexEncode(a.publicKey), cmd.sigs[0]!.sig as string), true);
    assert.equal(pool.take(h, hexEncode(b.publicKey), cmd.sigs[1]!.sig as string), false);
    assert.equal(pool.take(h, hexEncode(a.publicKey), cmd.sigs[0]!.sig as string), undefined);
  });

  it('leaves alone what is not an Ed25519 signature for an Ed25519 signer', async () => {
    const a = generateKeyPair();
    const cmd = signed([{ pubKey: hexEncode(a.publicKey), scheme: 'WebAuthn' }, { pubKey: 'abc' }], () => 'zz');
    await pool.check(cmd);
    assert.equal(pool.take(base64UrlEncode(cmd.hash), hexEncode(a.publicKey), 'zz'), undefined);
  });

  it('gives verifyCommand the same outcome as checking on the spot', async () => {
    const a = generateKeyPair();
    const good = signed([{ pubKey: hexEncode(a.publicKey) }], (h) => signHash(h, a.secretKey));
    const bad = { ...good, sigs: [{ kind: 'ed25519' as const, sig: signHash(hashCmd('x'), a.secretKey) }] };
    for (const cmd of [good, bad]) {
      const spot = verifyCommand(cmd);
      await pool.check(cmd);
      const ahead = verifyCommand(cmd, undefined, { knownVerdict: (h, p, s) => pool.take(h, p, s) });
      assert.deepEqual(ahead, spot);
    }
  });
});
