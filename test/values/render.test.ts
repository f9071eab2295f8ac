import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decimal } from '../../src/values/decimal.ts';
import { showCompact, showPretty } from '../../src/values/render.ts';
import { tyAny, tyInteger } from '../../src/values/type.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, PList, PObject, UserGuard,
} from '../../src/values/value.ts';
import type { PactValue } from '../../src/values/value.ts';

const obj = (pairs: Array<[string, PactValue]>, literal: boolean) => new PObject(new Map(pairs), literal);

test('literals print as Pact prints them', () => {
  assert.equal(showCompact(42n), '42');
  assert.equal(showCompact(-7n), '-7');
  assert.equal(showCompact(Decimal.parse('1.50')!), '1.50');
  assert.equal(showCompact(Decimal.parse('5')!), '5.0');
  assert.equal(showCompact(Decimal.parse('-0.05')!), '-0.05');
  assert.equal(showCompact('say "hi"'), '"say "hi""');
  assert.equal(showCompact(true), 'true');
  assert.equal(showCompact(new PactTime(1469186795123456n)), '"2016-07-22T11:26:35Z"');
});

test('lists separate with spaces, objects with commas and no space', () => {
  assert.equal(showCompact(new PList([1n, 2n, new PList([], tyAny)], tyInteger)), '[1 2 []]');
  assert.equal(showCompact(obj([['foo', 3n], ['bar', 'baz']], true)), '{"foo": 3,"bar": "baz"}');
  assert.equal(showCompact(obj([['foo', 3n], ['bar', 'baz']], false)), '{"bar": "baz","foo": 3}');
  assert.equal(showCompact(obj([], false)), '{}');
});

test('guards and module references', () => {
  assert.equal(showCompact(new KeySet(['a1', 'b2'], 'keys-all')), 'KeySet {keys: [a1, b2],pred: keys-all}');
  assert.equal(showCompact(new KeySetRef('ns.ks')), "'ns.ks");
  assert.equal(showCompact(new ModuleGuard('tester', 'test')), 'ModuleGuard {module: tester,name: test}');
  assert.equal(showCompact(new PactGuard('abc', 'g')), 'PactGuard {pactId: abc,name: g}');
  assert.equal(showCompact(new UserGuard('mod.f', ['a', 1n])), 'UserGuard {fun: mod.f,args: ["a", 1]}');
  assert.equal(showCompact(new CapabilityGuard('mod.CAP', ['A'], null)), 'CapabilityGuard {name: mod.CAP,args: ["A"],pactId: }');
  assert.equal(showCompact(new ModRef('coin', ['fungible-v2'])), 'coin');
});

test('the interactive renderer breaks long lists one element per line', () => {
  const items = Array.from({ length: 40 }, (_, i) => BigInt(i + 1));
  const text = showPretty(new PList(items, tyInteger));
  assert.equal(text, '[' + items.join('\n') + ']');
  assert.equal(showPretty(new PList([1n, 2n], tyInteger)), '[1 2]');
});

test('the interactive renderer breaks long objects before each comma', () => {
  const o = obj(Array.from({ length: 8 }, (_, i) => [`key-number-${i}`, `value ${i}`] as [string, PactValue]), true);
  const lines = showPretty(o).split('\n');
  assert.equal(lines.length, 8);
  assert.equal(lines[0], '{"key-number-0": "value 0"');
  assert.equal(lines[1], ',"key-number-1": "value 1"');
  assert.equal(lines[7], ',"key-number-7": "value 7"}');
});
