import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AesonError } from '../../src/values/aeson.ts';
import { Decimal } from '../../src/values/decimal.ts';
import { JsonNumber, JsonObject, parseJson } from '../../src/values/json.ts';
import { decodeRowData, encodeRowData, readBackRow, readGuard, readPactValue, readRowData } from '../../src/values/row-data.ts';
import type { RowDataVersion } from '../../src/values/row-data.ts';
import { tyAny } from '../../src/values/type.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, PList, PObject, UserGuard,
} from '../../src/values/value.ts';
import type { PactValue, RefSite } from '../../src/values/value.ts';
import { dec, list, obj } from '../helpers/values.ts';


/// A value as a row hands it back: objects read back are not literals and have no schema.
function asRead(v: PactValue): PactValue {
  if (v instanceof PList) return new PList(v.items.map(asRead), tyAny);
  if (v instanceof PObject) return new PObject(new Map([...v.fields].map(([k, x]) => [k, asRead(x)])), false);
  if (v instanceof UserGuard) return new UserGuard(v.fun, v.args.map(asRead));
  if (v instanceof CapabilityGuard) return new CapabilityGuard(v.name, v.args.map(asRead), v.pactId);
  if (v instanceof ModRef) return new ModRef(v.name, v.ifaces);
  return v;
}

function roundTrip(row: PObject, version: RowDataVersion): void {
  const text = encodeRowData(row, version);
  const back = readRowData(parseJson(text));
  assert.equal(back.version, version);
  assert.deepStrictEqual(back.row, asRead(row), text);
  assert.equal(encodeRowData(back.row, version), text);
}

// Every kind of value a row can hold, each in a value Pact reads back unchanged.
const EVERY_KIND: Array<[string, PactValue]> = [
  ['int', 42n],
  ['bigint', -123456789012345678901234567890n],
  ['dec', dec('1.5')],
  ['small', dec('0.00000001')],
  ['whole', new Decimal(3n, 0)],
  ['str', 'hello "world"\n'],
  ['bool', false],
  ['time', new PactTime(1469186795000000n)],
  ['timep', new PactTime(1469186795000001n)],
  ['list', list([1n, 'a', list([])])],
  ['obj', obj([['x', 1n], ['nested', obj([['y', true]])]])],
  ['keyset', new KeySet(['k1', 'k2'], 'keys-any')],
  ['ksref', new KeySetRef('ks')],
  ['nsksref', new KeySetRef('ns.ks')],
  ['mguard', new ModuleGuard('ns.m', 'g')],
  ['pguard', new PactGuard('pid', 'n')],
  ['uguard', new UserGuard('ns.m.f', [obj([['a', 1n]]), new ModRef('coin', ['fungible-v2']), new KeySet(['k'], 'keys-all')])],
  ['cguard', new CapabilityGuard('m.CAP', [list([1n]), 'x'], null)],
  ['cguardp', new CapabilityGuard('ns.m.CAP', [], 'pid')],
  ['iface', new ModRef('fungible-v2', null)],
  ['module', new ModRef('free.m', ['free.i', 'fungible-v2'])],
];

test('version 1: {"$d": columns, "$v": 1}, literals as Pact values, columns in legacy key order', () => {
  assert.equal(encodeRowData(obj([['a', 1n]]), 1), '{"$d":{"a":{"int":1}},"$v":1}');
  // Pact's own regression row: {gah: false, fh: 1.0} in version 1 (PersistPactDb/Regression.hs).
  assert.equal(encodeRowData(obj([['gah', false], ['fh', dec('1.0')]]), 1), '{"$d":{"fh":1,"gah":false},"$v":1}');
  assert.equal(
    encodeRowData(obj([['a', 1n], ['b', dec('1.50')], ['c', 'x'], ['d', true], ['e', new PactTime(1469186795000000n)]]), 1),
    '{"$d":{"a":{"int":1},"d":true,"b":1.5,"e":{"time":"2016-07-22T11:26:35Z"},"c":"x"},"$v":1}');
  assert.equal(encodeRowData(obj([['t', new PactTime(1469186795000001n)]]), 1), '{"$d":{"t":{"timep":"2016-07-22T11:26:35.000001Z"}},"$v":1}');
  assert.equal(encodeRowData(obj([['i', 9007199254740992n]]), 1), '{"$d":{"i":{"int":"9007199254740992"}},"$v":1}');
});

test('version 1 tags objects ("o"), guards ("g") and module references ("m"); lists stay arrays', () => {
  assert.equal(encodeRowData(obj([['z', list([obj([['a', 'b']])])]]), 1), '{"$d":{"z":[{"$t":"o","$v":{"a":"b"}}]},"$v":1}');
  assert.equal(encodeRowData(obj([['o', obj([['x', 1n], ['y', 2n], ['z', 3n]])]]), 1),
    '{"$d":{"o":{"$t":"o","$v":{"z":{"int":3},"x":{"int":1},"y":{"int":2}}}},"$v":1}');
  assert.equal(encodeRowData(obj([['g', new KeySet(['k1', 'k2'], 'keys-all')]]), 1),
    '{"$d":{"g":{"$t":"g","$v":{"pred":"keys-all","keys":["k1","k2"]}}},"$v":1}');
  assert.equal(encodeRowData(obj([['g', new KeySetRef('ns.ks')]]), 1), '{"$d":{"g":{"$t":"g","$v":{"keysetref":{"ns":"ns","ksn":"ks"}}}},"$v":1}');
  assert.equal(encodeRowData(obj([['g', new KeySetRef('ks')]]), 1), '{"$d":{"g":{"$t":"g","$v":{"keysetref":"ks"}}},"$v":1}');
  assert.equal(encodeRowData(obj([['g', new ModuleGuard('ns.m', 'g')]]), 1),
    '{"$d":{"g":{"$t":"g","$v":{"moduleName":{"namespace":"ns","name":"m"},"name":"g"}}},"$v":1}');
  assert.equal(encodeRowData(obj([['g', new PactGuard('pid', 'n')]]), 1), '{"$d":{"g":{"$t":"g","$v":{"pactId":"pid","name":"n"}}},"$v":1}');
  // A guard's arguments are row values too: objects and references inside are tagged.
  assert.equal(encodeRowData(obj([['g', new UserGuard('ns.m.f', [obj([['x', 1n]]), new ModRef('coin', ['fungible-v2'])])]]), 1),
    '{"$d":{"g":{"$t":"g","$v":{"args":[{"$t":"o","$v":{"x":{"int":1}}},{"$t":"m","$v":{"refSpec":[{"namespace":null,"name":"fungible-v2"}],' +
    '"refName":{"namespace":null,"name":"coin"}}}],"fun":"ns.m.f"}}},"$v":1}');
  assert.equal(encodeRowData(obj([['g', new CapabilityGuard('m.CAP', [list([1n])], null)]]), 1),
    '{"$d":{"g":{"$t":"g","$v":{"cgPactId":null,"cgArgs":[[{"int":1}]],"cgName":"m.CAP"}}},"$v":1}');
  assert.equal(encodeRowData(obj([['r', new ModRef('free.i', null)]]), 1),
    '{"$d":{"r":{"$t":"m","$v":{"refSpec":null,"refName":{"namespace":"free","name":"i"}}}},"$v":1}');
});

const SITE: RefSite = { json: () => new JsonObject([['d', [new JsonNumber(4n, 0), new JsonNumber(0n, 0), new JsonNumber(7n, 0)]], ['c', 'coin']]) };

test('a module reference never writes its site in version 1; version 0 writes it only when asked (DisablePact49)', () => {
  const row = obj([['r', new ModRef('coin', [], SITE)]]);
  assert.equal(encodeRowData(row, 1, true), '{"$d":{"r":{"$t":"m","$v":{"refSpec":[],"refName":{"namespace":null,"name":"coin"}}}},"$v":1}');
  assert.equal(encodeRowData(row, 0), '{"r":{"refSpec":[],"refName":{"namespace":null,"name":"coin"}}}');
  assert.equal(encodeRowData(row, 0, true), '{"r":{"refSpec":[],"refInfo":{"d":[4,0,7],"c":"coin"},"refName":{"namespace":null,"name":"coin"}}}');
});

test('version 0 (DisablePact42) is the plain Pact-value JSON of the columns', () => {
  // Pact's regression row: {gah: 123.454345} in version 0.
  assert.equal(encodeRowData(obj([['gah', dec('123.454345')]]), 0), '{"gah":123.454345}');
  assert.equal(encodeRowData(obj([['g', new KeySet(['k'], 'keys-all')], ['o', obj([['a', 1n]])]]), 0),
    '{"g":{"pred":"keys-all","keys":["k"]},"o":{"a":{"int":1}}}');
});

test('every kind of value round-trips through version 1 and version 0', () => {
  // (Each module reference here has a root name inside, so version 0 reads it back as one.)
  for (const [k, v] of EVERY_KIND) {
    roundTrip(obj([[k, v]]), 1);
    roundTrip(obj([[k, v]]), 0);
  }
  roundTrip(obj(EVERY_KIND), 1);
  roundTrip(obj(EVERY_KIND), 0);
});

test('reading gives columns in ascending key order, as a non-literal object', () => {
  const row = decodeRowData('{"$d":{"z":{"int":1},"a":{"int":2},"m":{"int":3}},"$v":1}');
  assert.deepEqual([...row.fields.keys()], ['a', 'm', 'z']);
  assert.equal(row.literal, false);
  assert.equal(row.schema, null);
});

test('reading loses what Pact loses: decimal scale, and the fraction of a whole-millisecond time', () => {
  const row = decodeRowData(encodeRowData(obj([['d', dec('1.50')], ['w', dec('2.0')]]), 1));
  assert.deepStrictEqual(row.fields.get('d'), new Decimal(15n, 1));
  assert.deepStrictEqual(row.fields.get('w'), new Decimal(2n, 0));
  // Pact tests divisibility by 1000 where it meant 1000000: 35.5 s is written as 35 s.
  const t = decodeRowData(encodeRowData(obj([['t', new PactTime(1469186795500000n)]]), 1));
  assert.deepStrictEqual(t.fields.get('t'), new PactTime(1469186795000000n));
  // Numbers are exact decimals, however written.
  assert.deepStrictEqual(decodeRowData('{"$d":{"n":1e3,"m":1.50},"$v":1}').fields.get('n'), new Decimal(1000n, 0));
  assert.deepStrictEqual(decodeRowData('{"$d":{"n":1e3,"m":1.50},"$v":1}').fields.get('m'), new Decimal(15n, 1));
});

test('version 1 reading: objects are never taken for other values', () => {
  const row = decodeRowData('{"$d":{"o":{"$t":"o","$v":{"keys":["k"],"pred":"keys-all"}}},"$v":1}');
  assert.deepStrictEqual(row.fields.get('o'), new PObject(new Map<string, PactValue>([
    ['keys', new PList(['k'], tyAny)], ['pred', 'keys-all'],
  ]), false));
  // A versioned row that fails to read is read again as a version-0 row: its columns are "$d"
  // and "$v" (Pact's `parseVersioned <|> …`).
  const fallback = readRowData(parseJson('{"$d":{"o":{"$t":"x","$v":{}}},"$v":1}'));
  assert.equal(fallback.version, 0);
  assert.deepStrictEqual([...fallback.row.fields.keys()], ['$d', '$v']);
  // A version-1 reference reads no site, even when one is present.
  const r = decodeRowData('{"$d":{"r":{"$t":"m","$v":{"refSpec":null,"refInfo":{"d":[1,0,0],"c":"x"},"refName":{"namespace":null,"name":"i"}}}},"$v":1}');
  assert.deepStrictEqual(r.fields.get('r'), new ModRef('i', null));
});

test('"$v": 0 with "$d" is a version-0 row written in tagged form; any other version is not a versioned row', () => {
  const v0 = readRowData(parseJson('{"$d":{"a":{"$t":"o","$v":{}}},"$v":0}'));
  assert.equal(v0.version, 0);
  assert.deepStrictEqual(v0.row.fields.get('a'), new PObject(new Map(), false));
  assert.equal(readRowData(parseJson('{"$d":{},"$v":1.0}')).version, 1);
  // Version 2 does not exist: the text is read as a version-0 row with columns "$d" and "$v".
  const other = readRowData(parseJson('{"$d":{"a":{"int":1}},"$v":2}'));
  assert.equal(other.version, 0);
  assert.deepStrictEqual([...other.row.fields.keys()], ['$d', '$v']);
  assert.deepStrictEqual(other.row.fields.get('$v'), new Decimal(2n, 0));
});

test('version 0 reading (OldPactValue): literal, list, guard, object, then module reference', () => {
  // An object column that looks like a literal reads as the literal.
  assert.deepStrictEqual(decodeRowData('{"a":{"int":"42"}}').fields.get('a'), 42n);
  assert.deepStrictEqual(decodeRowData('{"a":{"int":2.5}}').fields.get('a'), 2n);
  assert.deepStrictEqual(decodeRowData('{"a":{"time":"2016-07-22T11:26:35Z","x":1}}').fields.get('a'), new PactTime(1469186795000000n));
  // An object with exactly a guard's keys reads as the guard.
  assert.deepStrictEqual(decodeRowData('{"a":{"keys":["k"],"pred":"keys-all"}}').fields.get('a'), new KeySet(['k'], 'keys-all'));
  // A module reference whose names all have namespaces reads as an object: nothing in it fails
  // the object reading, which comes first.
  assert.deepStrictEqual(
    decodeRowData('{"r":{"refSpec":[{"namespace":"free","name":"i"}],"refName":{"namespace":"free","name":"m"}}}').fields.get('r'),
    new PObject(new Map<string, PactValue>([
      ['refName', new PObject(new Map([['name', 'm'], ['namespace', 'free']]), false)],
      ['refSpec', new PList([new PObject(new Map([['name', 'i'], ['namespace', 'free']]), false)], tyAny)],
    ]), false));
  // A null inside (a root module name, an interface's spec) makes it a module reference.
  assert.deepStrictEqual(decodeRowData('{"r":{"refSpec":null,"refName":{"namespace":"free","name":"i"}}}').fields.get('r'), new ModRef('free.i', null));
  assert.deepStrictEqual(decodeRowData('{"r":{"refSpec":[],"refName":{"namespace":null,"name":"coin"}}}').fields.get('r'), new ModRef('coin', []));
});

test('version 0 keeps a module reference\'s stored site and writes it back', () => {
  const text = '{"r":{"refSpec":[],"refInfo":{"d":[4,0,7],"c":"coin"},"refName":{"namespace":null,"name":"coin"}}}';
  const row = decodeRowData(text);
  const r = row.fields.get('r') as ModRef;
  assert.equal(r.name, 'coin');
  assert.notEqual(r.site, null);
  assert.equal(encodeRowData(row, 0, true), text);
  assert.equal(encodeRowData(row, 0, false), '{"r":{"refSpec":[],"refName":{"namespace":null,"name":"coin"}}}');
});

test('text Pact cannot read as a row fails', () => {
  assert.throws(() => decodeRowData('[]'), AesonError);
  assert.throws(() => decodeRowData('{"a":null}'), AesonError);
  assert.throws(() => decodeRowData('"row"'), AesonError);
  assert.throws(() => decodeRowData('{"$d":{"a":null},"$v":1}'), AesonError);
});

test('readPactValue reads as Pact\'s FromJSON PactValue: a module reference before an object, keeping its site', () => {
  const r = readPactValue(parseJson('{"refSpec":[{"namespace":"free","name":"i"}],"refName":{"namespace":"free","name":"m"}}'), []);
  assert.deepStrictEqual(r, new ModRef('free.m', ['free.i']));
  const withSite = readPactValue(parseJson('{"refSpec":null,"refInfo":{"d":[1,0,0],"c":"i"},"refName":{"namespace":null,"name":"i"}}'), []);
  assert.ok(withSite instanceof ModRef && withSite.site !== null);
  assert.deepStrictEqual(readPactValue(parseJson('{"b":1,"a":[true]}'), []),
    new PObject(new Map<string, PactValue>([['a', new PList([true], tyAny)], ['b', new Decimal(1n, 0)]]), false));
});

test('readGuard reads every guard kind, arguments as Pact values', () => {
  assert.deepStrictEqual(readGuard(parseJson('{"pred":"keys-2","keys":["b","a","a"]}'), []), new KeySet(['a', 'b'], 'keys-2'));
  assert.deepStrictEqual(readGuard(parseJson('{"keysetref":{"ns":"ns","ksn":"ks"}}'), []), new KeySetRef('ns.ks'));
  assert.deepStrictEqual(readGuard(parseJson('{"moduleName":{"namespace":null,"name":"m"},"name":"g"}'), []), new ModuleGuard('m', 'g'));
  assert.deepStrictEqual(readGuard(parseJson('{"pactId":"p","name":"n"}'), []), new PactGuard('p', 'n'));
  assert.deepStrictEqual(readGuard(parseJson('{"args":[{"int":1},{"refSpec":null,"refName":{"namespace":null,"name":"i"}}],"fun":"m.f"}'), []),
    new UserGuard('m.f', [1n, new ModRef('i', null)]));
  assert.deepStrictEqual(readGuard(parseJson('{"cgPactId":"p","cgArgs":["a"],"cgName":"ns.m.C"}'), []), new CapabilityGuard('ns.m.C', ['a'], 'p'));
  assert.throws(() => readGuard(parseJson('{"args":{},"fun":"m.f"}'), []), AesonError);
  assert.throws(() => readGuard(parseJson('{"fun":"m.f"}'), []), AesonError);
});

/// Every detail of a value that reading can change: kinds, field order, decimal scales, list
/// types, object flags.
function exactly(v: PactValue): string {
  if (v instanceof Decimal) return `dec(${v.mantissa},${v.scale})`;
  if (typeof v === 'bigint') return `int(${v})`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof PList) return `list<${JSON.stringify(v.elemType)}>[${v.items.map(exactly).join(',')}]`;
  if (v instanceof PObject) return `obj(${v.literal},${JSON.stringify(v.schema)}){${[...v.fields].map(([k, x]) => `${JSON.stringify(k)}:${exactly(x)}`).join(',')}}`;
  if (v instanceof KeySet) return `keyset(${JSON.stringify(v.keys)},${v.pred})`;
  if (v instanceof KeySetRef) return `ref(${v.name})`;
  return String(v);
}

test('a written row as it reads back, worked out without its text, is what decoding its text gives', () => {
  const values: PactValue[] = [
    1n, -5n, 2n ** 60n, 'text', 'é\u2028"\\\n', true,
    dec('1.50'), dec('-0.000000010'), dec('100.000'), dec('0.0'), new Decimal(123n, 0), dec('99999999.999999999999'),
    new Decimal(10n ** 20n, 0), new Decimal(-(10n ** 20n), 0), new Decimal(10n ** 30n, 30), new Decimal(5n, 255),
    new KeySet(['bb', 'aa', 'bb'], 'keys-any'), new KeySet([], '<'), new KeySet(['k'], 'my-ns . my-mod . pred'),
    new KeySetRef('ns.ks'), new KeySetRef('ks'),
    list([dec('2.50'), 'x']), obj([['z', 1n], ['a', dec('3.0')], ['é', true], ['B', list([obj([['y', 'y'], ['x', dec('0.10')]])])]]),
  ];
  for (const v of values) {
    const row = new PObject(new Map([['b', v], ['a', dec('1.10')]]), true);
    const decoded = decodeRowData(encodeRowData(row, 1));
    assert.equal(exactly(readBackRow(row)!), exactly(decoded), exactly(v));
  }
});

test('a row holding anything but plain values is left to be read back from its text', () => {
  for (const v of [new PactTime(1_000_123n), new UserGuard('m.f', []), new ModRef('m', null), 'lone \ud800', list([new PactTime(0n)])]) {
    assert.equal(readBackRow(new PObject(new Map([['v', v]]), false)), undefined);
  }
});
