import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  encodeJson, encodeString, JsonNumber, JsonObject, JsonParseError, legacyHash, legacyIntOrder, legacyKeyOrder, parseJson,
} from '../../src/values/json.ts';
import type { Json } from '../../src/values/json.ts';

function num(text: string): JsonNumber {
  const v = parseJson(text);
  assert.ok(v instanceof JsonNumber, text);
  return v;
}

/// Parsing then encoding, as a request's `data` travels into a `cmd`.
function reencode(text: string, legacyOrder = false): string {
  return encodeJson(parseJson(text), { legacyOrder });
}

test('numbers keep their literal coefficient and exponent', () => {
  assert.deepEqual(num('1.50'), new JsonNumber(150n, -2));
  assert.deepEqual(num('1e3'), new JsonNumber(1n, 3));
  assert.deepEqual(num('-2.5E-3'), new JsonNumber(-25n, -4));
  assert.deepEqual(num('12.0e+2'), new JsonNumber(120n, 1));
  assert.deepEqual(num('0'), new JsonNumber(0n, 0));
  assert.deepEqual(num('12345678901234567890123'), new JsonNumber(12345678901234567890123n, 0));
});

test('number encoding follows aeson and Haskell generic scientific format', () => {
  const cases: Array<[string, string]> = [
    ['100.0', '100.0'],
    ['1.50', '1.5'],
    ['0.01', '1.0e-2'],
    ['1e3', '1000'],
    ['5000', '5000'],
    ['12345678901234567890', '12345678901234567890'],
    ['0.1', '0.1'],
    ['1.75', '1.75'],
    ['1234567.5', '1234567.5'],
    ['9999999.0', '9999999.0'],
    ['10000000.0', '1.0e7'],
    ['123456789.5', '1.234567895e8'],
    ['0.05', '5.0e-2'],
    ['0.00000001', '1.0e-8'],
    ['-0.5', '-0.5'],
    ['-0.001', '-1.0e-3'],
    ['100e-2', '1.0'],
    ['0.0', '0.0'],
    ['-0', '0'],
    ['-0.0', '0.0'],
    ['1e1024', '1' + '0'.repeat(1024)],
    ['1e1025', '1.0e1025'],
    ['25e1030', '2.5e1031'],
    ['123.456e-1', '12.3456'],
  ];
  for (const [text, expected] of cases) assert.equal(reencode(text), expected, text);
});

test('strings are escaped the pact-json way', () => {
  assert.equal(encodeString('plain'), '"plain"');
  assert.equal(encodeString('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(encodeString('l1\nl2\r\t'), '"l1\\nl2\\r\\t"');
  assert.equal(encodeString('\b\f\u0000\u001f'), '"\\u0008\\u000c\\u0000\\u001f"');
  assert.equal(encodeString('/ \u007f é 😀'), '"/ \u007f é 😀"');
  assert.equal(encodeString('x\ud800y'), '"x\ufffdy"');
  assert.equal(encodeString('\udc00'), '"\ufffd"');
  assert.equal(encodeString(''), '""');
});

test('string parsing decodes every escape', () => {
  assert.equal(parseJson('"a\\"\\\\\\/\\b\\f\\n\\r\\t"'), 'a"\\/\b\f\n\r\t');
  assert.equal(parseJson('"\\u00e9\\u00E9"'), 'éé');
  assert.equal(parseJson('"\\ud83d\\ude00"'), '😀');
  assert.equal(parseJson('"\\ud800!"'), '\ufffd!');
  assert.equal(parseJson('"raw é 😀"'), 'raw é 😀');
});

test('encodes structures compactly', () => {
  const v: Json = new JsonObject([
    ['b', [1n, 2n].map((c) => new JsonNumber(c, 0))],
    ['a', new JsonObject([['x', null], ['y', true], ['z', false]])],
    ['c', []],
    ['d', new JsonObject([])],
  ]);
  assert.equal(encodeJson(v), '{"b":[1,2],"a":{"x":null,"y":true,"z":false},"c":[],"d":{}}');
  assert.equal(reencode(' { "k" : [ 1 , "s" , null ] , "e" : { } } '), '{"k":[1,"s",null],"e":{}}');
});

test('duplicate keys keep one entry with the last value', () => {
  assert.equal(reencode('{"a":1,"b":2,"a":3}'), '{"a":3,"b":2}');
  const many = '{' + Array.from({ length: 20 }, (_, i) => `"k${i}":${i}`).join(',') + ',"k3":"x"}';
  const parsed = parseJson(many);
  assert.ok(parsed instanceof JsonObject);
  assert.equal(parsed.entries.length, 20);
  assert.deepEqual(parsed.entries[3], ['k3', 'x']);
});

test('rejects malformed JSON', () => {
  const bad = [
    '', ' ', '{', '[1,]', '[1 2]', '{"a":1,}', '{"a" 1}', '{a:1}', "'a'", '01', '1.', '.5', '-', '+1',
    '1e', '1e+', 'tru', 'nul', 'NaN', 'Infinity', '"abc', '"a\nb"', '"\\x41"', '"\\u12"', '"\\u12G4"',
    '[1]]', '{} {}', '1 2', '0x1F', '[,]', '{"a":1 "b":2}',
  ];
  for (const text of bad) assert.throws(() => parseJson(text), JsonParseError, JSON.stringify(text));
});

test('very deep nesting is a parse error, not a crash', () => {
  assert.throws(() => parseJson('['.repeat(200000)), JsonParseError);
  const deep = '['.repeat(500) + ']'.repeat(500);
  assert.equal(encodeJson(parseJson(deep)), deep);
});

test('legacy hash vectors', () => {
  const signed = (s: string) => BigInt.asIntN(64, legacyHash(s));
  assert.equal(signed(''), -2578643520546668380n);
  assert.equal(signed('a'), -7234408896080994505n);
  assert.equal(signed('[]'), -6997694561424077354n);
  const list = '[' + Array.from({ length: 100 }, (_, i) => i + 1).join(',') + ']';
  assert.equal(signed(list), 4219119192155343941n);
});

test('legacy key order vectors', () => {
  const orders: string[][] = [
    ['hash', 'sigs', 'cmd'],
    ['networkId', 'payload', 'signers', 'meta', 'nonce'],
    ['verifiers', 'networkId', 'payload', 'signers', 'meta', 'nonce'],
    ['creationTime', 'ttl', 'gasLimit', 'chainId', 'gasPrice', 'sender'],
    ['gas', 'result', 'reqKey', 'logs', 'events', 'metaData', 'continuation', 'txId'],
    ['callStack', 'type', 'message', 'info'],
    ['pred', 'keys'],
    ['name', 'language'],
    ['proof', 'name', 'clist'],
  ];
  for (const order of orders) {
    const shuffled = order.slice().reverse();
    assert.deepEqual(legacyKeyOrder(shuffled), order);
  }
  assert.deepEqual(legacyKeyOrder(['a', 'b', 'c', 'd', 'e']), ['a', 'd', 'b', 'e', 'c']);
  assert.deepEqual(legacyKeyOrder(['x', 'y', 'z']), ['z', 'x', 'y']);
  assert.deepEqual(legacyKeyOrder(['keyset', 'amount', 'account', 'receiver']), ['amount', 'keyset', 'account', 'receiver']);
});

test('legacyOrder applies at every depth, including inside arrays', () => {
  const text = '{"x":1,"y":[{"e":1,"d":2,"c":3,"b":4,"a":5}],"z":{"y":0,"x":0,"z":0}}';
  assert.equal(reencode(text, true), '{"z":{"z":0,"x":0,"y":0},"x":1,"y":[{"a":5,"d":2,"b":4,"e":1,"c":3}]}');
  // Without the option the given order stands.
  assert.equal(reencode(text), text);
});

test('the unsigned exec vector of the CLI spec re-encodes byte for byte', () => {
  const cmd = '{"networkId":null,"payload":{"exec":{"data":null,"code":"(test.run-escrow \\"Alice\\" \\"Bob\\")"}},' +
    '"signers":[{"pubKey":"7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804","clist":[{"args":["Alice"],' +
    '"name":"accounts.USER_GUARD"}]}],"meta":{"creationTime":0,"ttl":0,"gasLimit":0,"chainId":"","gasPrice":0,' +
    '"sender":""},"nonce":"just-sign-exec"}';
  assert.equal(reencode(cmd, true), cmd);
});

test('legacy order of integer keys: by nibbles from the least significant', () => {
  assert.deepEqual(legacyIntOrder([15, 13, 10, 7, 5, 20, 3, 2, 17, 1]), [1, 17, 2, 3, 20, 5, 7, 10, 13, 15]);
  assert.deepEqual(legacyIntOrder([2, 4, 15, 16, 17, 18, 20, 25, 30, 34, 35, 37, 41, 42, 43, 47]),
    [16, 17, 2, 18, 34, 35, 4, 20, 37, 25, 41, 42, 43, 30, 15, 47]);
});
