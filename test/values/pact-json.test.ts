import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decimal } from '../../src/values/decimal.ts';
import { hashText } from '../../src/values/hash.ts';
import { encodeJson } from '../../src/values/json.ts';
import { formatIsoMicros, formatIsoSeconds, hashValue, toJson } from '../../src/values/pact-json.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, UserGuard,
} from '../../src/values/value.ts';
import type { PactValue } from '../../src/values/value.ts';
import { dec, list, obj } from '../helpers/values.ts';

/// The bytes Pact writes (and hashes) for a value.
function wire(v: PactValue): string {
  return encodeJson(toJson(v), { legacyOrder: true });
}


test('integers: a number inside ±(2^53 − 1), a string beyond', () => {
  assert.equal(wire(1n), '{"int":1}');
  assert.equal(wire(-42n), '{"int":-42}');
  assert.equal(wire(9007199254740991n), '{"int":9007199254740991}');
  assert.equal(wire(-9007199254740991n), '{"int":-9007199254740991}');
  assert.equal(wire(9007199254740992n), '{"int":"9007199254740992"}');
  assert.equal(wire(-123456789012345678901234567890n), '{"int":"-123456789012345678901234567890"}');
});

test('decimals are written as their exact value', () => {
  assert.equal(wire(dec('1.0')), '1');
  assert.equal(wire(dec('1000.0')), '1000');
  assert.equal(wire(dec('100000000.0')), '100000000');
  assert.equal(wire(dec('3.000')), '3');
  assert.equal(wire(dec('0.0')), '0');
  assert.equal(wire(dec('-7.00')), '-7');
  assert.equal(wire(dec('0.5')), '0.5');
  assert.equal(wire(dec('1.50')), '1.5');
  assert.equal(wire(dec('123.45')), '123.45');
  assert.equal(wire(dec('1234567.5')), '1234567.5');
  assert.equal(wire(dec('0.05')), '5.0e-2');
  assert.equal(wire(dec('0.00000001')), '1.0e-8');
  assert.equal(wire(dec('123456789.5')), '1.234567895e8');
  assert.equal(wire(dec('-0.050')), '-5.0e-2');
});

test('decimals with a mantissa beyond 2^53 − 1 (as stored) are printed strings', () => {
  assert.equal(wire(dec('0.' + '3'.repeat(30))), `{"decimal":"0.${'3'.repeat(30)}"}`);
  // Whole, but the stored mantissa is too big: judged before normalising.
  assert.equal(wire(new Decimal(10n ** 16n, 1)), '{"decimal":"1000000000000000.0"}');
  assert.equal(wire(new Decimal(9007199254740991n, 3)), '9.007199254740991e12');
  assert.equal(wire(new Decimal(-9007199254740992n, 3)), '{"decimal":"-9007199254740.992"}');
});

test('strings and booleans', () => {
  assert.equal(wire('a "quoted"\nline'), '"a \\"quoted\\"\\nline"');
  assert.equal(wire(true), 'true');
  assert.equal(wire(false), 'false');
});

test('times: whole milliseconds print to the second, other fractions as timep', () => {
  assert.equal(wire(new PactTime(1469186795000000n)), '{"time":"2016-07-22T11:26:35Z"}');
  assert.equal(wire(new PactTime(1469186795500000n)), '{"time":"2016-07-22T11:26:35Z"}');
  assert.equal(wire(new PactTime(1469186795000001n)), '{"timep":"2016-07-22T11:26:35.000001Z"}');
  assert.equal(wire(new PactTime(1469186795123456n)), '{"timep":"2016-07-22T11:26:35.123456Z"}');
  assert.equal(wire(new PactTime(0n)), '{"time":"1970-01-01T00:00:00Z"}');
});

test('time formatting across the calendar', () => {
  assert.equal(formatIsoSeconds(0n), '1970-01-01T00:00:00Z');
  assert.equal(formatIsoSeconds(951782400000000n), '2000-02-29T00:00:00Z');
  assert.equal(formatIsoSeconds(4107542399999999n), '2100-02-28T23:59:59Z');
  assert.equal(formatIsoSeconds(-1n), '1969-12-31T23:59:59Z');
  assert.equal(formatIsoMicros(-1n), '1969-12-31T23:59:59.999999Z');
  assert.equal(formatIsoSeconds(-62135596800000000n), '0001-01-01T00:00:00Z');
  assert.equal(formatIsoSeconds(253402300799000000n), '9999-12-31T23:59:59Z');
  assert.equal(formatIsoMicros(1000000n), '1970-01-01T00:00:01.000000Z');
});

test('lists and objects', () => {
  assert.equal(wire(list([1n, 'a', list([])])), '[{"int":1},"a",[]]');
  assert.equal(wire(obj([])), '{}');
  assert.equal(wire(obj([['x', 1n], ['y', 2n], ['z', 3n]])), '{"z":{"int":3},"x":{"int":1},"y":{"int":2}}');
  assert.equal(encodeJson(toJson(obj([['x', 1n], ['y', dec('2.5')]]))), '{"x":{"int":1},"y":2.5}');
});

test('guards and module references', () => {
  assert.equal(wire(new KeySet(['k1', 'k2'], 'keys-all')), '{"pred":"keys-all","keys":["k1","k2"]}');
  assert.equal(wire(new KeySetRef('admin')), '{"keysetref":"admin"}');
  assert.equal(wire(new KeySetRef('ns.ks3')), '{"keysetref":{"ns":"ns","ksn":"ks3"}}');
  assert.equal(wire(new ModuleGuard('m', 'g')), '{"moduleName":{"namespace":null,"name":"m"},"name":"g"}');
  assert.equal(wire(new ModuleGuard('ns.m', 'g')), '{"moduleName":{"namespace":"ns","name":"m"},"name":"g"}');
  assert.equal(wire(new PactGuard('pid', 'pg')), '{"pactId":"pid","name":"pg"}');
  assert.equal(wire(new UserGuard('mod.f', ['a', 1n])), '{"args":["a",{"int":1}],"fun":"mod.f"}');
  assert.equal(wire(new CapabilityGuard('mod.CAP', ['A'], null)), '{"cgPactId":null,"cgArgs":["A"],"cgName":"mod.CAP"}');
  assert.equal(wire(new CapabilityGuard('mod.CAP', [], 'pid')), '{"cgPactId":"pid","cgArgs":[],"cgName":"mod.CAP"}');
  assert.equal(wire(new ModRef('my-mod', ['iface', 'ns.other'])),
    '{"refSpec":[{"namespace":null,"name":"iface"},{"namespace":"ns","name":"other"}],' +
    '"refName":{"namespace":null,"name":"my-mod"}}');
  assert.equal(wire(new ModRef('iface', null)), '{"refSpec":null,"refName":{"namespace":null,"name":"iface"}}');
});

test('hash of strings is of their UTF-8 bytes', () => {
  assert.equal(hashValue(''), 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g');
  assert.equal(hashValue('hello'), 'Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8');
});

test('hash vectors from the reference tests', () => {
  assert.equal(hashValue(obj([['foo', 1n]])), 'h9BZgylRf_M4HxcBXr15IcSXXXSz74ZC2IAViGle_z4');
  // tests/pact/hash.repl, post-fork: a module implementing `iface`, alone and nested.
  const myMod = new ModRef('my-mod', ['iface']);
  assert.equal(hashValue(myMod), 'vediBPdnKkzahPDZY2UF_hkS8i7pIXqwsCj925gLng8');
  const nested = list([myMod, obj([['a', myMod]]), new UserGuard('my-mod.f', [myMod])]);
  assert.equal(hashValue(nested), '_c98nMfdnxKUdjoE7EQR9RUHfqJDJjlljL2JGGwUqiA');
});

test('user-guard principals hash the concatenated JSON of the arguments', () => {
  // tests/pact/principals.repl: u:test-ns.tester.both-guard:<hash> for two keysets.
  const ks1 = new KeySet(['584deb6f81d8efe67767309d1732019cf6ad14f9f0007cff50c730ef62521c68'], 'keys-all');
  const ks2 = new KeySet([
    '2f625f20a1a6fffb60455bf957779a82e3d811d350f2b9bc8d3d5549bfd4a953',
    '4440249a122879f2060814e1c4348cdfe0cbf971017ab1f43a0eaf9799583271',
  ], 'keys-all');
  assert.equal(hashText(wire(ks1) + wire(ks2)), 'aqukm-5Jj6ITLeQfhNYydmtDccinqdJylD9CMlLKQDI');
});
