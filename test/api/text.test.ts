import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonNumber } from '../../src/values/json.ts';
import { formatPath, showScientific } from '../../src/values/aeson.ts';
import { hexDecode } from '../../src/api/bytes.ts';
import { base64DecodeStrict, base64UrlDecodeLoose, base64UrlDecodeVerbose } from '../../src/values/base64.ts';
import { showString } from '../../src/values/haskell-show.ts';

test('Haskell show of strings', () => {
  assert.equal(showString('just-sign-cont'), '"just-sign-cont"');
  assert.equal(showString('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(showString('\n\t\r\x07\x08\x0c\x0b\x00\x1b\x7f'), '"\\n\\t\\r\\a\\b\\f\\v\\NUL\\ESC\\DEL"');
  assert.equal(showString('é1é'), '"\\233\\&1\\233"');
  assert.equal(showString('\x0eH\x0eI'), '"\\SO\\&H\\SOI"');
  assert.equal(showString('😀'), '"\\128512"');
});

test('aeson paths and Scientific show', () => {
  assert.equal(formatPath([]), '$');
  assert.equal(formatPath(['keyPairs', 0, 'caps', 'final-price', "it's"]), "$.keyPairs[0].caps['final-price']['it\\'s']");
  const show = (c: bigint, e: number): string => showScientific(new JsonNumber(c, e));
  assert.deepEqual([show(15n, -1), show(5n, 0), show(1n, 30), show(1n, -8), show(12345678n, 0), show(1234567n, 0), show(-25n, -3)],
    ['1.5', '5.0', '1.0e30', '1.0e-8', '1.2345678e7', '1234567.0', '-2.5e-2']);
});

test('base16 with base16-bytestring\'s texts', () => {
  assert.deepEqual(hexDecode('0aFf'), Uint8Array.from([10, 255]));
  assert.equal(hexDecode('abc'), 'invalid bytestring size');
  assert.equal(hexDecode('0g'), 'invalid character at offset: 1');
  assert.deepEqual(hexDecode(''), new Uint8Array(0));
});

test('base64 with base64-bytestring\'s texts', () => {
  assert.deepEqual(base64UrlDecodeVerbose('ZA'), Uint8Array.from([0x64]));
  assert.deepEqual(base64UrlDecodeVerbose('ZA=='), Uint8Array.from([0x64]));
  assert.deepEqual(base64UrlDecodeVerbose('ZA='), Uint8Array.from([0x64]));
  assert.equal(base64UrlDecodeVerbose('Z'), 'invalid padding at offset: 1');
  assert.equal(base64UrlDecodeVerbose('ZE'), 'non-canonical encoding detected at offset: 1');
  assert.equal(base64UrlDecodeVerbose('Zm9v+A'), 'invalid character at offset: 4');
  assert.equal(base64UrlDecodeVerbose('Z=Zm9v'), 'invalid padding at offset: 1');
  assert.equal(base64UrlDecodeVerbose('Zm=v'), 'invalid character at offset: 3');
  assert.deepEqual(base64DecodeStrict('+/8='), Uint8Array.from([0xfb, 0xff]));
  assert.equal(base64DecodeStrict('+/8'), 'Base64-encoded bytestring is unpadded or has invalid padding');
  assert.equal(base64DecodeStrict('+/8-'), 'invalid character at offset: 3');
  assert.equal(base64UrlDecodeLoose('ZA='), 'Base64-encoded bytestring has invalid padding');
  assert.equal(base64UrlDecodeLoose('ZAZAZ'), 'Base64-encoded bytestring has invalid size');
  assert.deepEqual(base64UrlDecodeLoose('_w'), Uint8Array.from([0xff]));
});
