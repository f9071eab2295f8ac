import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { evalLine, piped } from '../helpers/pact.ts';

const first = (line: string) => evalLine(line).split('\n')[0]!;
/// The error when `lines` are piped into one REPL, or else the last result printed.
const last = (...lines: string[]) => {
  const { out, err } = piped(lines.join('\n'));
  return err.split('\n').find((l) => l.includes(':Error: ')) ?? out.trimEnd().split('\n').pop()!;
};
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

const KEYSET_JSON = '{"pred": "keys-all", "keys":["da1a339bd82d2c2e9180626a00dc043275deb3ababb27b5738abf6b9dcee8db6"]}';
const TOKEN_MESSAGE =
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAHsABHsicHJlZCI6ICJrZXlzLWFsbCIsICJrZXlzIjpbImRhMWEzMzliZDgyZDJjMmU5MTgwNjI2YTAwZGMwNDMyNzVkZWIzYWJhYmIyN2I1NzM4YWJmNmI5ZGNlZThkYjYiXX0';
const SENDER = 'AAAAAAAAAAAAAAAAf6k4W-ECrD6sKXSD3WIz1is-FJY';
const RECIPIENT = 'AAAAAAAAAADpgrOqkM0BOY-FQnNzkDXuYlsVcf50GRU';
const KEYSET_DATA = `(env-data {"ks": ${KEYSET_JSON}})`;

function message(fields: Record<string, string | number>): string {
  return '{' + Object.entries(fields).map(([k, v]) => `"${k}": ${typeof v === 'string' ? `"${v}"` : v}`).join(', ') + '}';
}
const MESSAGE = { destinationDomain: 1, nonce: 325, originDomain: 626, recipient: RECIPIENT, sender: SENDER, messageBody: TOKEN_MESSAGE, version: 1 };

test('hyperlane-message-id', () => {
  assert.equal(evalLine(`(hyperlane-message-id ${message(MESSAGE)})`), '"9lxextceVw0b18kUdfwSze-3Iw7OE-Z5Kq9I8HTDKGE"');
  // Reference messages whose bodies are made by the encoder.
  const refs: Array<[string, string]> = [
    [b64('{"pred":"keys-all","keys":["e5db35973f544642cb8b1539cb8bdf039cfe11e5f7e1127a146bd2a6d13d28c4"]}'), 'E9W6As6Nqv0tW66uxgQjzKekSS23utRfWzwsIN7HEqw'],
    ['cSOeAK6UKzlLOpGrIp5SZK2Db28', 'kJGRc6EIp8d5c2jWYE87_X64P-MQGP8zrCLJ0GyjNE4'],
  ];
  for (const [recipient, id] of refs) {
    const body = evalLine(`(hyperlane-encode-token-message {"recipient": "${recipient}", "amount": 10.0, "chainId": "0"})`);
    const msg = { version: 3, nonce: 0, originDomain: 31337, sender: SENDER, destinationDomain: 626, recipient: RECIPIENT, messageBody: JSON.parse(body) as string };
    assert.equal(evalLine(`(hyperlane-message-id ${message(msg)})`), `"${id}"`);
  }
});

test('hyperlane-message-id failures', () => {
  const err = (fields: Record<string, string | number>) => first(`(hyperlane-message-id ${message(fields)})`);
  assert.equal(err({ ...MESSAGE, messageBody: 1 }), "<interactive>:0:0:Error: couldn't find message body");
  assert.equal(err({ ...MESSAGE, version: 256 }), '<interactive>:0:0:Error: Object key "version" was out of bounds');
  assert.equal(err({ ...MESSAGE, nonce: -1 }), '<interactive>:0:0:Error: Object key "nonce" was out of bounds');
  assert.equal(err({ ...MESSAGE, originDomain: '626' }), '<interactive>:0:0:Error: Failed to find key in object: "originDomain"');
  assert.equal(err({ ...MESSAGE, sender: 'AAAA' }), '<interactive>:0:0:Error: Incorrect binary data size "sender". Expected: 32, but got 3');
  assert.equal(err({ ...MESSAGE, recipient: 'A' }), '<interactive>:0:0:Error: Invalid base64 encoding on field "recipient"');
  assert.equal(err({ ...MESSAGE, messageBody: '%' }), '<interactive>:0:0:Error: Invalid base64 encoding on field "messageBody"');
  assert.match(first('(hyperlane-message-id "x")'), /^<interactive>:0:0:Error: Invalid arguments, received \["x"\] for x:object:\* -> string$/);
});

test('hyperlane-decode-token-message', () => {
  assert.equal(last(KEYSET_DATA,
    `(= (hyperlane-decode-token-message "${TOKEN_MESSAGE}") {"amount": 0.000000000000000123, "chainId": "4", "recipient": (read-keyset 'ks)})`), 'true');
  // Amounts are in units of 10^-18; the chain id is a uint16.
  const bytes = Buffer.concat([Buffer.alloc(24), Buffer.from('0de0b6b3a7640000', 'hex'), Buffer.from('ffff', 'hex'),
    Buffer.from('{"keysetref": {"ns": "free", "ksn": "ks"}}')]);
  assert.equal(evalLine(`(hyperlane-decode-token-message "${b64(bytes)}")`), '{"amount": 1.0,"chainId": "65535","recipient": \'free.ks}');
});

test('hyperlane-decode-token-message failures', () => {
  const err = (msg: string) => first(`(hyperlane-decode-token-message "${msg}")`);
  assert.equal(err('%%'), '<interactive>:0:0:Error: Failed to base64-decode token message');
  assert.equal(err(b64(Buffer.alloc(33))), '<interactive>:0:0:Error: Decoding error: binary decoding failed');
  assert.equal(err(b64(Buffer.concat([Buffer.alloc(34), Buffer.from('"k:abc"')]))), '<interactive>:0:0:Error: Could not parse recipient into a guard');
  assert.equal(err(b64(Buffer.concat([Buffer.alloc(34), Buffer.from('{"keys": ["a"]}')]))), '<interactive>:0:0:Error: Could not parse recipient into a guard');
});

test('hyperlane-encode-token-message', () => {
  assert.equal(evalLine(`(hyperlane-encode-token-message {"recipient": "${b64(KEYSET_JSON)}", "amount":123000000000000000.0, "chainId":"4"})`),
    '"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAbT72StfgAAABHsicHJlZCI6ICJrZXlzLWFsbCIsICJrZXlzIjpbImRhMWEzMzliZDgyZDJjMmU5MTgwNjI2YTAwZGMwNDMyNzVkZWIzYWJhYmIyN2I1NzM4YWJmNmI5ZGNlZThkYjYiXX0"');
  const encode = (amount: string, chainId: string) =>
    Buffer.from(JSON.parse(evalLine(`(hyperlane-encode-token-message {"recipient": "", "amount": ${amount}, "chainId": "${chainId}"})`)) as string, 'base64url').toString('hex');
  // Amounts round half to even and wrap modulo 2^256; chain ids take the leading digits modulo 2^16.
  assert.equal(encode('2.5', '7 and more'), '0'.repeat(63) + '2' + '0007');
  assert.equal(encode('3.5', '70000'), '0'.repeat(63) + '4' + '1170');
  assert.equal(encode('-1.0', '0'), 'f'.repeat(64) + '0000');
});

test('hyperlane-encode-token-message failures', () => {
  const err = (fields: string) => first(`(hyperlane-encode-token-message {${fields}})`);
  assert.equal(err('"amount": 1.0, "chainId": "0"'), "<interactive>:0:0:Error: couldn't find recipient");
  assert.equal(err('"recipient": "%", "amount": 1.0, "chainId": "0"'), '<interactive>:0:0:Error: Invalid base64 encoding on field "recipient"');
  assert.equal(err('"recipient": "", "amount": 1, "chainId": "0"'), '<interactive>:0:0:Error: Failed to find key in object: "amount"');
  assert.equal(err('"recipient": "", "amount": 1.0, "chainId": 0'), '<interactive>:0:0:Error: Failed to find key in object: "chainId"');
  assert.equal(err('"recipient": "", "amount": 1.0, "chainId": "x1"'),
    '<interactive>:0:0:Error: Failed to decode chainId: input does not start with a digit');
});

/// A token message in the ABI layout Pact used before 4.13.
function abiTokenMessage(amount: bigint, chainId: bigint, recipient: string, offset = 96n): Uint8Array {
  const word = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');
  const r = Buffer.from(recipient);
  return Buffer.concat([word(offset), word(amount), word(chainId), word(BigInt(r.length)), r, Buffer.alloc((32 - (r.length % 32)) % 32)]);
}

test('before 4.13 (DisablePact413): the ABI token message and the hex message id', () => {
  const old = '(env-exec-config ["DisablePact413"])';
  const msg = abiTokenMessage(123n, 4n, KEYSET_JSON);
  assert.equal(last(old, KEYSET_DATA,
    `(= (hyperlane-decode-token-message "${b64(msg)}") {"amount": 0.000000000000000123, "chainId": "4", "recipient": (read-keyset 'ks)})`), 'true');
  assert.equal(last(old, `(hyperlane-decode-token-message "${b64(abiTokenMessage(1n, 0n, KEYSET_JSON, 64n))}")`),
    '<interactive>:0:0:Error: Decoding error: TokenMessage firstOffset expected 96, found 64');
  assert.equal(last(old, `(hyperlane-decode-token-message "${b64(Buffer.concat([msg, Buffer.alloc(1)]))}")`),
    '<interactive>:0:0:Error: Decoding error: binary decoding failed');
  assert.equal(last(old, `(hyperlane-decode-token-message "${b64(abiTokenMessage(1n, 0n, 'k:462e97a0'))}")`),
    '<interactive>:0:0:Error: Could not parse recipient into a guard');
  // The 4.13 layout does not decode under the old rules.
  assert.equal(last(old, `(hyperlane-decode-token-message "${TOKEN_MESSAGE}")`),
    '<interactive>:0:0:Error: Decoding error: TokenMessage firstOffset expected 96, found 123');

  const sender = 'sender';
  const recipientHex = 'e9' + '82b3aa90cd01398f8542737390';
  const tokenRecipient = KEYSET_JSON;
  const fields = `"version": 1, "nonce": 325, "originDomain": 626, "destinationDomain": 1, "sender": "${sender}", "recipient": "0x${recipientHex}", "messageBody": "", "tokenMessage": {"recipient": ${JSON.stringify(tokenRecipient)}, "amount": 1.5}`;
  const word = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');
  const packed = Buffer.concat([
    Buffer.from([1]), Buffer.from('00000145', 'hex'), Buffer.from('00000272', 'hex'),
    Buffer.concat([Buffer.alloc(32 - sender.length), Buffer.from(sender)]), Buffer.from('00000001', 'hex'),
    Buffer.concat([Buffer.alloc(32 - recipientHex.length / 2), Buffer.from(recipientHex, 'hex')]),
    abiTokenMessage(1500000000000000000n, 0n, tokenRecipient, 64n).subarray(0, 64),
    word(BigInt(tokenRecipient.length)), Buffer.from(tokenRecipient), Buffer.alloc((32 - (tokenRecipient.length % 32)) % 32),
  ]);
  assert.equal(last(old, `(hyperlane-message-id {${fields}})`), `"0x${Buffer.from(keccak_256(packed)).toString('hex')}"`);
  assert.equal(last(old, `(hyperlane-message-id {${fields.replace('"0x', '"')}})`), "<interactive>:0:0:Error: Couldn't decode HyperlaneMessage");
  assert.equal(last(old, `(hyperlane-message-id {"version": 1})`), "<interactive>:0:0:Error: couldn't find message body");
});
