import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decimal } from '../../src/values/decimal.ts';
import { parseJson } from '../../src/values/json.ts';
import { parsePactValue } from '../../src/values/pact-value.ts';
import { codePointLength } from '../../src/values/text.ts';
import {
  sizeOfGuard, sizeOfInteger, sizeOfNamespace, sizeOfValue, sizeOfVersion,
} from '../../src/values/sizeof.ts';
import { tyAny } from '../../src/values/type.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, PList, PObject, UserGuard,
} from '../../src/values/value.ts';

const V0 = 'SizeOfV0';
const V1 = 'SizeOfV1';

test('the version follows DisablePact45', () => {
  assert.equal(sizeOfVersion(true), V0);
  assert.equal(sizeOfVersion(false), V1);
});

test('characters are code points', () => {
  assert.equal(codePointLength('abc'), 3);
  assert.equal(codePointLength('a𩓁b'), 3);
  assert.equal(codePointLength('늜'), 1);
});

test('literals', () => {
  // Literal wrapper 32 bytes, then the payload.
  assert.equal(sizeOfValue(true, V0), 32);
  assert.equal(sizeOfValue('0123456789', V0), 100);
  assert.equal(sizeOfValue('𩓁', V1), 32 + 48 + 2);
  assert.equal(sizeOfValue(new PactTime(0n), V1), 64);
  // A decimal: 24 + 16 for the places, then the mantissa as an integer.
  assert.equal(sizeOfValue(new Decimal(957n, 59), V0), 73);
  assert.equal(sizeOfValue(new Decimal(957n, 59), V1), 80);
});

test('integers: V0 counts base-100000 digits, V1 bytes with an eight-byte floor', () => {
  assert.equal(sizeOfInteger(0n, V0), 0);
  assert.equal(sizeOfInteger(-5n, V0), 0);
  assert.equal(sizeOfInteger(1n, V0), 0);
  assert.equal(sizeOfInteger(100000n, V0), 1);
  assert.equal(sizeOfInteger(100001n, V0), 2);
  assert.equal(sizeOfInteger(76708701818499967n, V0), 4);
  assert.equal(sizeOfInteger(0n, V1), 8);
  assert.equal(sizeOfInteger(-(2n ** 64n), V1), 8);
  assert.equal(sizeOfInteger(2n ** 100n, V1), 12);
  assert.equal(sizeOfValue(76708701818499967n, V0), 36);
  assert.equal(sizeOfValue(76708701818499967n, V1), 40);
});

test('guards', () => {
  const keys = ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => c.repeat(64));
  assert.equal(sizeOfValue(new KeySet(keys, 'keys-any'), V0), 1128);
  assert.equal(sizeOfValue(new KeySetRef('abcdefghijklmno'), V0), 110);
  // Module name of 14 characters (one astral) without namespace, guard name of 22.
  assert.equal(sizeOfValue(new ModuleGuard('lq𩓁zmbOR7Qpj0y', 'O_pJk13늜Ytdg_y4/4_Sm$W'), V0), 256);
  assert.equal(sizeOfValue(new PactGuard('x'.repeat(43), 'y'.repeat(22)), V0), 282);
  // Namespaced module: the namespace adds a one-field constructor and its text.
  assert.equal(sizeOfValue(new ModuleGuard('ns.m', 'g'), V0) - sizeOfValue(new ModuleGuard('m', 'g'), V0), 16 + 52 - 8);
  // A qualified predicate costs more than a bare one of the same letters.
  const bare = sizeOfValue(new KeySet([], 'keysall'), V0);
  assert.equal(sizeOfValue(new KeySet([], 'keys.all'), V0) - bare, (32 + 24 + 48 + 8 + 8 + 48 + 6) - (24 + 48 + 14));
  // User guard: 16 + 16 + 24, a qualified name `m.f` (16 + 32 + 82 + 50), an empty list (8).
  assert.equal(sizeOfValue(new UserGuard('m.f', []), V0), 16 + 16 + 24 + 16 + 32 + 82 + 50 + 8);
  // Capability guard with one integer argument and no pact id.
  assert.equal(sizeOfValue(new CapabilityGuard('m.C', [1n], null), V1), 16 + 16 + 24 + 32 + 82 + 50 + 32 + 40 + 8);
  assert.equal(sizeOfValue(new ModRef('m', null), V0), 16 + 16 + 82 + 8);
  assert.equal(sizeOfValue(new ModRef('m', ['i']), V0), 16 + 16 + 82 + 16 + 32 + 82);
});

test('lists and objects', () => {
  assert.equal(sizeOfValue(new PList([], tyAny), V0), 16 + 56);
  assert.equal(sizeOfValue(new PList([true, true], tyAny), V0), 16 + 72 + 64);
  const o = new PObject(new Map([['a', 'a']]), true);
  assert.equal(sizeOfValue(o, V0), 16 + 48 + 50 + 82);
});

test('namespaces hold bare guards', () => {
  const ref = new KeySetRef('a-key');
  assert.equal(sizeOfGuard(ref, V1), 16 + 58);
  assert.equal(sizeOfNamespace('a', ref, ref, V1), 32 + 50 + 2 * 74);
});

// Sizes Pact 4.13 gives these values (its size-of goldens, version-0 accounting).
const PACT_SIZES: ReadonlyArray<readonly [string, number, string]> = [
  ["guard-keySet", 1128, "{\"pred\":\"keys-any\",\"keys\":[\"InpVchx87TQcTQDiRB2BG9MiJCaKnd3qS6bIdkKswzq7KmH0pzxRrbhoDO3jQX1B\",\"KuMlhyIji4sUQijMRdANatpQWpC4TF0LV4D7Qrjd2IWwLltpboPMChRe3Sijv59r\",\"RNGIX97mg8MPfnqQbGk4jOuNEoLGHXBYQkJRj8QRgtRdD5Ty6vVLFZMhZHpjG710\",\"egHsMgpHyqNX6x8scOoICppKck3J1M8GGpqmVPRaJT1PtvFbb2VsXtrpUrUJqpgf\",\"fDmSkQrKq9rhE12LaPsH1Ta6h21nrYM6QzSxfh9kJgY49GGHyBbosRzllfs9HqGy\",\"mbEMjDl1okLePpUjOfsi5uH3QGcNeJ4nnZvPDVu0KnxPzAhGqVc0EfiMFoUXJ2nE\"]}"],
  ["guard-keySetRef", 110, "{\"keysetref\":\"Qi_EAu-g3K5amCO\"}"],
  ["guard-module", 256, "{\"moduleName\":{\"namespace\":null,\"name\":\"lq𩓁zmbOR7Qpj0y\"},\"name\":\"O_pJk13늜Ytdg_y4/4_Sm$W\"}"],
  ["guard-pact", 282, "{\"pactId\":\"N_6Du37-R8pnsCOIxQABgxt0o0QQhivFo_jh5CE5xTk\",\"name\":\"O_pJk13늜Ytdg_y4/4_Sm$W\"}"],
  ["literal-bool", 32, "true"],
  ["literal-decimal", 73, "9.57e-57"],
  ["literal-integer", 36, "{\"int\":\"76708701818499967\"}"],
  ["literal-string", 100, "\"Qi_EAu-g3K\""],
  ["literal-time", 64, "{\"time\":\"1188-12-12T03:28:13Z\"}"],
];

test('sizes of literals and guards as Pact computes them', () => {
  for (const [name, size, json] of PACT_SIZES) {
    assert.equal(sizeOfValue(parsePactValue(parseJson(json), []), V0), size, name);
  }
});
