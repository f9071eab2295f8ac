import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCipheriv } from 'node:crypto';
import { evalLine } from '../helpers/pact.ts';

const first = (line: string) => evalLine(line).split('\n')[0]!;
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

// RFC 7748 section 6.1 key pairs.
const ALICE_PUB = '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a';
const ALICE_SEC = '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a';
const BOB_PUB = 'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f';
const BOB_SEC = '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb';
const SHARED = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';

test('validate-keypair', () => {
  assert.equal(evalLine(`(validate-keypair "${ALICE_PUB}" "${ALICE_SEC}")`), 'true');
  assert.equal(evalLine(`(validate-keypair "${BOB_PUB.toUpperCase()}" "${BOB_SEC}")`), 'true');
  assert.equal(first(`(validate-keypair "${BOB_PUB}" "${ALICE_SEC}")`), '<interactive>:0:0:Error: validate-keypair: mismatch');
  assert.equal(first(`(validate-keypair "zz" "${ALICE_SEC}")`), '<interactive>:0:0:Error: Base16 decode failed: "zz"');
  // Haskell's `show`: decimal escapes, separated from a following digit by `\&`.
  assert.equal(first(`(validate-keypair "${ALICE_PUB}" "aé1")`), '<interactive>:0:0:Error: Base16 decode failed: "a\\233\\&1"');
  assert.equal(first(`(validate-keypair "abc" "${ALICE_SEC}")`), '<interactive>:0:0:Error: Base16 decode failed: "abc"');
  assert.equal(first(`(validate-keypair "${ALICE_PUB}00" "${ALICE_SEC}")`), '<interactive>:0:0:Error: public key must be bytestring of length 32');
  assert.equal(first(`(validate-keypair "${ALICE_PUB}" "")`), '<interactive>:0:0:Error: secret key must be bytestring of length 32');
  assert.equal(first('(validate-keypair 1 2)'),
    '<interactive>:0:0:Error: Invalid arguments, received [1 2] for public:string secret:string -> bool');
});

const decrypt = (c: string, n: string, a: string, m: string, p: string, s: string) =>
  `(decrypt-cc20p1305 "${c}" "${n}" "${a}" "${m}" "${p}" "${s}")`;

test('decrypt-cc20p1305', () => {
  // The vector of Pact's tests: "message" with aad "aad".
  assert.equal(evalLine(decrypt('Zi1REj5-iA', 'AAAAAAECAwQFBgcI', 'YWFk', 'FYP6lG7xq7aExvoaHIH8Jg', ALICE_PUB, BOB_SEC)), '"bWVzc2FnZQ"');
  // Round trip against node's AEAD with the RFC 7748 shared secret.
  const nonce = Buffer.from('000102030405060708090a0b', 'hex');
  const cipher = createCipheriv('chacha20-poly1305', Buffer.from(SHARED, 'hex'), nonce, { authTagLength: 16 });
  cipher.setAAD(Buffer.from('header'), { plaintextLength: 5 });
  const ct = Buffer.concat([cipher.update('hello'), cipher.final()]);
  const tag = cipher.getAuthTag();
  assert.equal(evalLine(decrypt(b64(ct), b64(nonce), b64('header'), b64(tag), BOB_PUB, ALICE_SEC)), `"${b64('hello')}"`);
  assert.equal(evalLine(decrypt('', b64(nonce), '', tagOf(SHARED, nonce, ''), ALICE_PUB, BOB_SEC)), '""');
});

/// The tag of encrypting nothing with `aad` under `keyHex`.
function tagOf(keyHex: string, nonce: Uint8Array, aad: string): string {
  const c = createCipheriv('chacha20-poly1305', Buffer.from(keyHex, 'hex'), nonce, { authTagLength: 16 });
  c.setAAD(Buffer.from(aad), { plaintextLength: 0 });
  c.final();
  return b64(c.getAuthTag());
}

test('decrypt-cc20p1305 failures', () => {
  const ok = ['Zi1REj5-iA', 'AAAAAAECAwQFBgcI', 'YWFk', 'FYP6lG7xq7aExvoaHIH8Jg', ALICE_PUB, BOB_SEC] as const;
  const err = (i: number, v: string) => first(decrypt(...(ok.map((x, j) => (j === i ? v : x)) as [string, string, string, string, string, string])));
  // A wrong tag: the message shows the tag computed from the ciphertext.
  assert.equal(err(3, 'AAAAAAAAAAAAAAAAAAAAAA'), '<interactive>:0:0:Error: AEAD Authentication failed: 1583fa946ef1abb684c6fa1a1c81fc26');
  assert.equal(err(2, 'YWFj'), '<interactive>:0:0:Error: AEAD Authentication failed: c7fe7e949b61a61bf11a86ecb87739af');
  assert.equal(err(0, 'Zi1REj5-i'), '<interactive>:0:0:Error: invalid padding at offset: 9');
  assert.equal(err(1, 'AAAAAAECAwQF'), '<interactive>:0:0:Error: nonce must be bytestring of length 12');
  assert.equal(err(3, 'FYP6lG7xq7aExvoaHIH8Jh'), '<interactive>:0:0:Error: non-canonical encoding detected at offset: 21');
  assert.equal(err(3, 'FYP6lG7xq7aExvoaHIH8'), '<interactive>:0:0:Error: auth prefix: CryptoError_AuthenticationTagSizeInvalid');
  assert.equal(err(4, ALICE_PUB.slice(2)), '<interactive>:0:0:Error: public key must be bytestring of length 32');
  assert.equal(err(5, 'x'), '<interactive>:0:0:Error: Base16 decode failed: "x"');
  assert.match(first('(decrypt-cc20p1305 "" "" "" "" "")'), /^<interactive>:0:0:Error: Invalid arguments, received \["" "" "" "" ""\] for ciphertext:string /);
});

test('a low-order public key gives the all-zero shared key', () => {
  const nonce = Buffer.alloc(12);
  const zeroKey = '00'.repeat(32);
  assert.equal(evalLine(decrypt('', b64(nonce), '', tagOf(zeroKey, nonce, ''), zeroKey, BOB_SEC)), '""');
});
