import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blake2b256, hashText } from '../../src/values/hash.ts';
import { base64UrlDecode, base64UrlEncode } from '../../src/values/base64.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | undefined) => (b === undefined ? undefined : new TextDecoder().decode(b));

test('hash vectors', () => {
  assert.equal(hashText(''), 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g');
  assert.equal(hashText('hello'), 'Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8');
  assert.equal(hashText('[]'), 'wsATyGqckuIvlm89hhd2j4t6RMkCrcwJe_oeCYr7Th8');
  assert.equal(blake2b256(new Uint8Array(0)).length, 32);
});

test('hashText hashes UTF-8 bytes', () => {
  assert.equal(hashText('é'), base64UrlEncode(blake2b256(new Uint8Array([0xc3, 0xa9]))));
});

test('base64url encoding is unpadded and URL-safe', () => {
  assert.equal(base64UrlEncode(utf8('hello world!')), 'aGVsbG8gd29ybGQh');
  assert.equal(base64UrlEncode(utf8('d')), 'ZA');
  assert.equal(base64UrlEncode(utf8('de')), 'ZGU');
  assert.equal(base64UrlEncode(new Uint8Array([0xfb, 0xff, 0xbf])), '-_-_');
  assert.equal(base64UrlEncode(new Uint8Array(0)), '');
  const view = new Uint8Array([9, 0x68, 0x69, 9]).subarray(1, 3);
  assert.equal(base64UrlEncode(view), 'aGk');
});

test('base64url decoding accepts unpadded and correctly padded input', () => {
  assert.equal(text(base64UrlDecode('aGVsbG8gd29ybGQh')), 'hello world!');
  assert.equal(text(base64UrlDecode('ZA')), 'd');
  assert.equal(text(base64UrlDecode('ZA==')), 'd');
  assert.equal(text(base64UrlDecode('ZA=')), 'd');
  assert.equal(text(base64UrlDecode('ZGU')), 'de');
  assert.equal(text(base64UrlDecode('ZGU=')), 'de');
  assert.deepEqual(base64UrlDecode('-_-_'), new Uint8Array([0xfb, 0xff, 0xbf]));
  assert.deepEqual(base64UrlDecode(''), new Uint8Array(0));
});

test('base64url decoding rejects bad input', () => {
  const bad = [
    'aGVsbG8gd29ybGQh%', // invalid character
    '!@#$%&',
    '+/+/', // standard alphabet, not URL
    'a', // one digit cannot make a byte
    'aGVsb', // length 1 modulo 4
    'Z===',
    'ZA=A', // padding followed by a digit
    'Z=AA',
    'ZA==ZA==', // padding inside
    'ZE', // non-canonical: unused bits set
    'ZE==',
    'ZGV',
    'aGVsbG8gd29ybGQhé',
    'ZA ',
  ];
  for (const s of bad) assert.equal(base64UrlDecode(s), undefined, s);
});

test('the lenient decoder pads hashes and request keys, whatever their length', () => {
  const h = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';
  assert.deepEqual(base64UrlDecode(h), blake2b256(new Uint8Array(0)));
  assert.deepEqual(base64UrlDecode('aQ'), new Uint8Array([0x69]));
  // Non-canonical trailing bits fail, as with the base64-bytestring Pact 4.13 builds with.
  assert.equal(base64UrlDecode('aa'), undefined);
});
