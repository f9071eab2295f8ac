import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { blake2b } from '@noble/hashes/blake2.js';
import { blake2b256, blake2b256Js, blake2b256Text } from '../../src/values/blake2b.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const utf8 = (s: string) => new TextEncoder().encode(s);
const noble = (b: Uint8Array) => hex(blake2b(b, { dkLen: 32 }));

/// Deterministic pseudo-random bytes (xorshift32), so a failure can be replayed.
function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}

const IMPLEMENTATIONS = [
  ['blake2b256', blake2b256],
  ['blake2b256Js', blake2b256Js],
] as const;

// Digests from Python's hashlib.blake2b(digest_size=32), the reference implementation's bindings.
const VECTORS: readonly [Uint8Array, string][] = [
  [new Uint8Array(0), '0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8'],
  [utf8('abc'), 'bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319'],
  [utf8('The quick brown fox jumps over the lazy dog'), '01718cec35cd3d796dd00020e0bfecb473ad23457d063b75eff29c0ffa2e58a9'],
  [Uint8Array.from({ length: 128 }, (_, i) => i), 'c3582f71ebb2be66fa5dd750f80baae97554f3b015663c8be377cfcb2488c1d1'],
  [Uint8Array.from({ length: 129 }, (_, i) => i), 'f7f3c46ba2564ff4c4c162da1f5b605f9f1c4aa6a20652a9f9a337c1a2f5b9c9'],
  [new Uint8Array(1000000).fill(0x61), '0741850f36cba4259628355d1073e24ddb9ca0e1bfac36fd39ae5dc2101e23a4'],
];

test('reference vectors', () => {
  for (const [name, hash] of IMPLEMENTATIONS) {
    for (const [input, digest] of VECTORS) assert.equal(hex(hash(input)), digest, `${name}, ${input.length} bytes`);
  }
  assert.equal(base64UrlEncode(blake2b256(new Uint8Array(0))), 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g');
  assert.equal(hex(blake2b256Text('abc')), VECTORS[1]![1]);
  assert.equal(hex(blake2b256Text('a'.repeat(1000000))), VECTORS[5]![1]);
});

test('agrees with noble on every length from 0 to 1000, three inputs each', () => {
  for (let n = 0; n <= 1000; n++) {
    for (let k = 0; k < 3; k++) {
      const input = randomBytes(n, 7919 * n + k + 1);
      const expected = noble(input);
      for (const [name, hash] of IMPLEMENTATIONS) assert.equal(hex(hash(input)), expected, `${name}, ${n} bytes`);
    }
  }
});

test('agrees with noble at block and window boundaries and on large inputs', () => {
  const lengths = [127, 128, 129, 255, 256, 257, 383, 384, 385, 4096, 65535, 65536, 65537, 65536 + 128,
    65536 + 129, 2 * 65536, 2 * 65536 + 1, 1 << 20, (1 << 20) + 77];
  for (const n of lengths) {
    const input = randomBytes(n, n);
    const expected = noble(input);
    for (const [name, hash] of IMPLEMENTATIONS) assert.equal(hex(hash(input)), expected, `${name}, ${n} bytes`);
  }
});

test('inputs at any offset, Buffers and views', () => {
  const backing = randomBytes(1200, 3);
  for (const offset of [0, 1, 2, 3, 5, 8]) {
    for (const n of [0, 1, 127, 128, 129, 1000]) {
      const view = backing.subarray(offset, offset + n);
      const expected = noble(view);
      for (const [name, hash] of IMPLEMENTATIONS) {
        assert.equal(hex(hash(view)), expected, `${name}, ${n} bytes at ${offset}`);
        assert.equal(hex(hash(Buffer.from(view))), expected, `${name}, Buffer of ${n}`);
      }
    }
  }
});

test('each digest is a fresh array, untouched by later hashes', () => {
  const first = blake2b256(utf8('abc'));
  const second = blake2b256Text('hello');
  blake2b256(randomBytes(200000, 9));
  assert.equal(hex(first), VECTORS[1]![1]);
  assert.equal(base64UrlEncode(second), 'Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8');
  assert.notEqual(first.buffer, second.buffer);
});

test('strings hash as their UTF-8 bytes', () => {
  const strings = [
    '', 'a', 'abc', 'é', 'ü'.repeat(64), '日本語のテキスト', '😀', 'x😀'.repeat(43),
    '\ud800', 'a\udc00b', '\ud83d', 'end\ud83d', // lone surrogates become U+FFFD
    '{"payload":{"exec":{"code":"(+ 1 2)","data":null}},"signers":[],"nonce":"2024"}',
  ];
  // Around the window's limit of 21,845 UTF-16 units, at 1, 2, 3 and 4 bytes a character.
  for (const n of [21844, 21845, 21846, 40000]) strings.push('a'.repeat(n), 'ü'.repeat(n), '€'.repeat(n));
  for (const n of [10922, 10923, 20000]) strings.push('😀'.repeat(n));
  for (let i = 0; i < 300; i++) {
    const codes = Array.from(randomBytes(3 * i, i + 11), (b, j) => (j % 3 === 0 ? b * 260 : b));
    strings.push(String.fromCharCode(...codes));
  }
  for (const s of strings) assert.equal(hex(blake2b256Text(s)), noble(utf8(s)), `${s.length} units`);
});

test('without WebAssembly the portable implementation answers', () => {
  // A child process: the module is loaded (Node's type stripping needs WebAssembly), then the
  // global removed before the first hash.
  const script = `
    const { blake2b256, blake2b256Text } = await import(${JSON.stringify(import.meta.resolve('../../src/values/blake2b.ts'))});
    delete globalThis.WebAssembly;
    const hex = (b) => Buffer.from(b).toString('hex');
    console.log(hex(blake2b256(new TextEncoder().encode('abc'))), hex(blake2b256Text('abc')), typeof WebAssembly);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.stderr, '');
  assert.equal(run.stdout.trim(), `${VECTORS[1]![1]} ${VECTORS[1]![1]} undefined`);
});
