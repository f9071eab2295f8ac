import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_TYPES } from '../../src/natives/signatures.ts';
import { showNativeFunType, showType } from '../../src/values/type.ts';
import type { FunType, Type } from '../../src/values/type.ts';
import { newRepl } from '../helpers/pact.ts';

/// Every native of a fresh REPL, the REPL-only ones included.
function allNatives() {
  const { repl } = newRepl();
  return [...repl.ctx.natives.values(), ...repl.ctx.replNatives.values()];
}

test('native signatures print as Pact prints them, byte for byte', () => {
  const printed = (name: string): string[] => NATIVE_TYPES[name]!.map((ft) => showNativeFunType(ft));
  assert.deepEqual(printed('at'), ['idx:integer list:[<l>] -> <a>', 'idx:string object:object:<{o}> -> <a>']);
  assert.deepEqual(printed('map'), ['app:x:<b> -> <a> list:[<b>] -> [<a>]']);
  assert.deepEqual(printed('fold'), ['app:x:<a> y:<b> -> <a> init:<a> list:[<b>] -> <a>']);
  assert.deepEqual(printed('zip'), ['f:x:<a> y:<b> -> <c> list1:[<a>] list2:[<b>] -> [<c>]']);
  assert.deepEqual(printed('chain-data'), [' -> object:{public-chain-data}']);
  assert.deepEqual(printed('read-msg'), [' -> <a>', 'key:string -> <a>']);
  assert.deepEqual(printed('length'), ['x:<a[[<l>],string,object:<{o}>]> -> integer']);
  assert.deepEqual(printed('drop'), ['count:integer list:<a[[<l>],string]> -> <a[[<l>],string]>',
    'keys:[string] object:object:<{o}> -> object:<{o}>']);
  assert.deepEqual(printed('where'), ['field:string app:x:<a> -> bool value:object:<{row}> -> bool']);
  assert.deepEqual(printed('fold-db'),
    ['table:table:<{row}> qry:a:string b:object:<{row}> -> bool consumer:a:string b:object:<{row}> -> <b> -> [<b>]']);
  assert.deepEqual(printed('typeof'), ['x:<a> -> string']);
  assert.deepEqual(printed('with-capability'), ['capability: -> bool body:[*] -> <a>']);
  assert.deepEqual(printed('env-chain-data'), ['new-data:object:~{public-chain-data} -> string']);
  assert.deepEqual(printed('env-dynref'), ['iface:module impl:module{} -> string', ' -> string']);
});

test('every native function has a typed signature, and its text is printed from it', () => {
  const natives = allNatives();
  assert.ok(natives.length > 140, `${natives.length} natives`);
  for (const n of natives) {
    if (n.constant !== null) {
      assert.deepEqual(n.types, [], n.name);
      continue;
    }
    assert.ok(n.types.length > 0, `${n.name} has no signature`);
    assert.equal(n.types, NATIVE_TYPES[n.name], n.name);
    assert.deepEqual(n.sigs, n.types.map((ft) => showNativeFunType(ft)), n.name);
  }
  for (const [name, types] of Object.entries(NATIVE_TYPES)) assert.ok(types.length > 0, name);
});

test('signatures are typed data: function-typed arguments, type variables, native schemas', () => {
  const [map] = NATIVE_TYPES['map']!;
  const app = map!.args[0]!;
  assert.equal(app.name, 'app');
  assert.deepEqual(app.type, { t: 'fun', args: [{ name: 'x', type: { t: 'var', name: 'b', constraint: [], schemaVar: false } }],
    ret: { t: 'var', name: 'a', constraint: [], schemaVar: false } });
  assert.deepEqual(map!.args[1]!.type, { t: 'list', elem: { t: 'var', name: 'b', constraint: [], schemaVar: false } });

  const [chainData] = NATIVE_TYPES['chain-data']!;
  assert.deepEqual(chainData, { args: [], ret: { t: 'schema', kind: 'object', partial: null,
    schema: { t: 'user', schema: { name: 'public-chain-data', fields: [] } } } } satisfies FunType);

  const length: Type = NATIVE_TYPES['length']![0]!.args[0]!.type;
  assert.equal(length.t, 'var');
  if (length.t === 'var') assert.deepEqual(length.constraint.map((c) => c.t), ['list', 'prim', 'schema']);

  const [update] = NATIVE_TYPES['update']!;
  assert.deepEqual(update!.args[2]!.type, { t: 'schema', kind: 'object', partial: 'any',
    schema: { t: 'var', name: 'row', constraint: [], schemaVar: true } });
});

test('a nullary function type prints with a space before its arrow, also nested', () => {
  const bool: Type = { t: 'prim', name: 'bool' };
  assert.equal(showNativeFunType({ args: [], ret: bool }), ' -> bool');
  assert.equal(showType({ t: 'fun', args: [], ret: bool }), ' -> bool');
  assert.equal(showNativeFunType({ args: [{ name: 'f', type: { t: 'fun', args: [], ret: bool } }], ret: bool }), 'f: -> bool -> bool');
});
