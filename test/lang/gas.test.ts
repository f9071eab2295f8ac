import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addMilli, fixedGasModel, gasLimitExceededMessage, gasLogEntry, GasModelError, gasToMilli, GFOLDDB, GINTERFACEDECL,
  GMODULEDECL, GMODULEMEMBER, GUNREDUCED, GUSE, GUSERAPP_DEFCAP, GUSERAPP_DEFPACT, GUSERAPP_DEFUN, milliToGas,
  showGasArgs, tableGasModel,
} from '../../src/lang/gas.ts';
import type { GasArgs, GasModel, IntOpThreshold, WriteValue } from '../../src/lang/gas.ts';
import { Decimal } from '../../src/values/decimal.ts';
import type { SizeOfVersion } from '../../src/values/sizeof.ts';
import { tyAny } from '../../src/values/type.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, PactGuard, PactTime, PList, PObject, UserGuard,
} from '../../src/values/value.ts';
import type { PactValue } from '../../src/values/value.ts';

const table = tableGasModel();

/// Cost in whole gas under the table model.
function gas(args: GasArgs, name = '', model: GasModel = table): number {
  return Number(milliToGas(model.cost(name, args)));
}

function intOp(left: bigint, right: bigint, threshold: IntOpThreshold = 'Pact48IntThreshold'): GasArgs {
  return { kind: 'GIntegerOpCost', left, leftScale: null, right, rightScale: null, threshold };
}

function write(w: WriteValue, version: SizeOfVersion = 'SizeOfV1'): GasArgs {
  return { kind: 'GPreWrite', write: w, version };
}

function row(entries: Array<[string, PactValue]>): Map<string, PactValue> {
  return new Map(entries);
}

test("the env-gaslog example of Pact's documentation", () => {
  // (env-gasmodel "table") (env-gaslimit 10) (env-gaslog) (map (+ 1) [1 2 3]) (env-gaslog)
  const charges: Array<[string, GasArgs]> = [['map', GUNREDUCED]];
  for (const n of [1n, 2n, 3n]) charges.push(['+', GUNREDUCED], ['', intOp(1n, n)]);
  let total = 0n;
  let shown = 0n;
  const lines: string[] = [];
  for (const [name, args] of charges) {
    const cost = table.cost(name, args);
    total = addMilli(total, cost);
    shown += milliToGas(cost);
    lines.push(gasLogEntry(name, args, total, cost));
  }
  assert.deepEqual([`TOTAL: ${shown}`, ...lines], [
    'TOTAL: 7',
    'map:GUnreduced:currTotalGas=4: 4',
    '+:GUnreduced:currTotalGas=5: 1',
    ':GIntegerOpCost:(1, ):(1, ):Pact48IntThreshold:currTotalGas=5: 0',
    '+:GUnreduced:currTotalGas=6: 1',
    ':GIntegerOpCost:(1, ):(2, ):Pact48IntThreshold:currTotalGas=6: 0',
    '+:GUnreduced:currTotalGas=7: 1',
    ':GIntegerOpCost:(1, ):(3, ):Pact48IntThreshold:currTotalGas=7: 0',
  ]);
});

test('fixed model', () => {
  const zero = fixedGasModel(0n);
  assert.equal(zero.name, 'fixed 0');
  assert.equal(zero.description, 'constant rate gas model with fixed rate 0');
  assert.equal(zero.cost('map', GUNREDUCED), 0n);
  const one = fixedGasModel(1n);
  assert.equal(one.cost('anything', intOp(1n, 1n)), 1000n);
  assert.equal(one.cost('', GFOLDDB), 1000n);
  // Pact keeps the rate in a Word64.
  const minus = fixedGasModel(-1n);
  assert.equal(minus.name, 'fixed 18446744073709551615');
  assert.equal(minus.cost('x', GUNREDUCED), -1000n);
});

test('table model: natives by name', () => {
  assert.equal(table.name, 'table');
  assert.equal(table.description, 'table-based cost model');
  const cases: Array<[string, number]> = [
    ['+', 1], ['*', 3], ['^', 4], ['map', 4], ['fold', 3], ['read', 10], ['with-read', 13], ['insert', 100],
    ['create-table', 250], ['define-keyset', 25], ['txlog', 100000], ['hash', 5], ['enforce-keyset', 8],
    ['keys', 40000], ['select', 40000], ['fold-db', 40000], ['namespace', 12], ['hash-poseidon', 124],
    ['list', 1000000], ['env-gas', 1000000],
  ];
  for (const [name, cost] of cases) assert.equal(gas(GUNREDUCED, name), cost, name);
  // The original table, installed under DisableInlineMemCheck.
  const legacy = tableGasModel(true);
  assert.equal(gas(GUNREDUCED, 'keys', legacy), 200);
  assert.equal(gas(GUNREDUCED, 'map', legacy), 4);
  assert.throws(() => legacy.cost('list', GUNREDUCED),
    (e: unknown) => e instanceof GasModelError && e.message === 'Unknown primitive "list" in determining cost of GUnreduced');
});

test('table model: fixed charges', () => {
  for (const args of [GMODULEDECL, GMODULEMEMBER, GINTERFACEDECL, GUSE, GUSERAPP_DEFUN, GUSERAPP_DEFPACT,
    GUSERAPP_DEFCAP, GFOLDDB]) {
    assert.equal(gas(args), 1, args.kind);
  }
  assert.equal(gas({ kind: 'GDecimalOpCost', left: new Decimal(15n, 1), right: new Decimal(2n, 0) }), 0);
  assert.equal(gas({ kind: 'GSelect', columns: null }), 1);
  assert.equal(gas({ kind: 'GSelect', columns: 0 }), 1);
  assert.equal(gas({ kind: 'GSelect', columns: 3 }), 3);
  assert.equal(gas({ kind: 'GSortFieldLookup', fields: 2 }), 2);
  assert.equal(gas({ kind: 'GPostRead', read: { kind: 'ReadData', columns: 2 } }), 2);
  assert.equal(gas({ kind: 'GPostRead', read: { kind: 'ReadYield', columns: 3 } }), 3);
  assert.equal(gas({ kind: 'GPostRead', read: { kind: 'ReadKeySet' } }), 1);
  assert.equal(gas({ kind: 'GPrincipal', amount: 3 }), 15);
});

test('table model: list lengths', () => {
  // 1 + floor((log_100 n)^10) in single precision.
  const penalty = (n: number): number => gas({ kind: 'GSort', length: n });
  assert.deepEqual([0, 1, 10, 99, 100, 1000, 5000, 10000].map(penalty), [1, 1, 1, 1, 2, 58, 469, 1025]);
  assert.equal(gas({ kind: 'GDistinct', length: 1000 }), 58);
  assert.equal(gas({ kind: 'GMakeList', length: 1000n }), 58);
  assert.equal(gas({ kind: 'GMakeList', length: -3n }), 1);
  // Pact 4.5+: one per element, plus the size of the largest bound for enumerate.
  assert.equal(gas({ kind: 'GMakeList2', length: 10n, size: null, threshold: 'Pact48IntThreshold' }), 10);
  assert.equal(gas({ kind: 'GMakeList2', length: 10n, size: 9n, threshold: 'Pact48IntThreshold' }), 10);
  assert.equal(gas({ kind: 'GMakeList2', length: 2n, size: 10n ** 40n, threshold: 'Pact43IntThreshold' }), 2 + 2 * 2);
  assert.equal(gas({ kind: 'GReverse', length: 1000 }), 10);
  assert.equal(gas({ kind: 'GReverse', length: 99 }), 0);
  assert.equal(gas({ kind: 'GConcatenation', left: 11, right: 5 }), 16);
});

test('table model: integer operands', () => {
  const i79 = 10n ** 79n + 1n;
  const i80 = 10n ** 80n + 1n;
  assert.equal(gas(intOp(i79, i79, 'Pact43IntThreshold')), 20);
  assert.equal(gas(intOp(i80, i80, 'Pact43IntThreshold')), 20);
  assert.equal(gas(intOp(i79, i79)), 0);
  assert.equal(gas(intOp(i80, -i80)), 20);
  assert.equal(gas(intOp(10n ** 29n, 1n, 'Pact43IntThreshold')), 0);
});

test('table model: concat and format', () => {
  const text = (chars: number, strings: number, fixupDivByZero = true): GasArgs =>
    ({ kind: 'GTextConcatenation', chars, strings, fixupDivByZero });
  assert.equal(gas(text(1000 * 1000, 1000)), 110);
  assert.equal(gas(text(1000 * 2000, 1000)), 130);
  assert.equal(gas(text(2000 * 1000, 2000)), 150);
  assert.equal(table.cost('', text(0, 0)), 50000n);
  assert.throws(() => table.cost('', text(0, 0, false)), (e: unknown) => e instanceof GasModelError && e.message === 'divide by zero');
  // A list of 100 lists of 1000 zeros, interpolated into "{}".
  const inner = new PList(Array<PactValue>(1000).fill(0n), tyAny);
  const outer = new PList(Array<PactValue>(100).fill(inner), tyAny);
  assert.equal(gas({ kind: 'GFormatValues', template: '{}', values: [outer] }), 10010);
  // Digits minus one for numbers, 5 per bool, 100 per time, one more per element.
  const values: PactValue[] = ['abcdefgh', 123n, new Decimal(-15n, 1), true, new PactTime(0n)];
  assert.equal(gas({ kind: 'GFormatValues', template: '{}{}{}{}{}', values }), Math.trunc((10 + 5 + 8 + 2 + 0 + 5 + 100) / 10));
  const guards: PactValue[] = [new KeySet(['k'.repeat(40)], 'ns.keys'), new KeySetRef('ns.ks'), new PactGuard('p'.repeat(43), 'n'),
    new ModRef('ns.mod', null), new PObject(new Map([['ab', 1n]]), true)];
  // keyset 1+40+6, ref 4, pact guard 44, modref 5, object 1+2+0; plus 5 for the elements
  assert.equal(gas({ kind: 'GFormatValues', template: '', values: guards }), Math.trunc((47 + 4 + 44 + 5 + 3 + 5) / 10));
});

test('table model: writes, as in Pact gas tests', () => {
  const keyset = new KeySet(['s'], 'keys-all');
  assert.equal(gas(write({ kind: 'WriteTable', table: 'basic-module_accounts' })), 9);
  assert.equal(gas(write({ kind: 'WriteTable', table: 'basic-module_accounts-with-longname' })), 12);
  assert.equal(gas(write({ kind: 'WriteData', writeType: 'Insert', key: 'a',
    row: row([['balance', new Decimal(10n, 1)], ['nickname', 'a']]) }, 'SizeOfV0')), 5 + 38);
  assert.equal(gas(write({ kind: 'WriteData', writeType: 'Insert', key: 'a-longer-key',
    row: row([['balance', new Decimal(10n, 1)], ['nickname', 'b']]) }, 'SizeOfV0')), 8 + 38);
  const everything = new PObject(row([
    ['a', 1n], ['b', Decimal.parse('2.0090909999999999999999')!], ['d', 'a'.repeat(23)],
    ['f', new PList(Array<PactValue>(12).fill(1n), tyAny)], ['g', new PObject(row([['aa', 1n], ['bb', 2n], ['cc', 3n]]), true)],
    ['c', true], ['e', new PactTime(1469188800000000n)],
  ]), true);
  assert.equal(gas(write({ kind: 'WriteData', writeType: 'Insert', key: 'b', row: row([['name', everything]]) }, 'SizeOfV0')), 5 + 211);
  assert.equal(gas(write({ kind: 'WriteKeySet', name: 'a', keyset })), 5 + 24);
  // define-keyset (25) and read-keyset (1) make the 64 of Pact's test.
  assert.equal(gas(write({ kind: 'WriteKeySet', name: 'c', keyset: new KeySet(['a', 's'], 'keys-all') })), 64 - 26);
  const ref = new KeySetRef('a-key');
  assert.equal(gas(write({ kind: 'WriteNamespace', name: 'a', user: ref, admin: ref })), 23);
  assert.equal(gas(write({ kind: 'WriteYield', data: row([['r', 'a']]) })), 18);
  assert.equal(gas(write({ kind: 'WriteYield', data: row([['g', 'b'], ['y', 'b']]) })), 36);
  const code = '(module a G\n  (defcap G () true)\n)';
  assert.equal(gas(write({ kind: 'WriteModule', name: 'a', code }, 'SizeOfV0')), 9 + 12);
  assert.equal(gas(write({ kind: 'WriteInterface', name: 'i', code: '(interface i\n  (defconst G true)\n)' })), 9 + 12);
});

test('table model: module memory, principals, zk, hashes, hyperlane', () => {
  assert.equal(gas({ kind: 'GModuleMemory', bytes: 0 }), 60000);
  assert.equal(gas({ kind: 'GModuleMemory', bytes: 1 }), 60001);
  assert.equal(gas({ kind: 'GModuleMemory', bytes: 500 }), 60003);
  assert.equal(gas({ kind: 'GModuleMemory', bytes: 501 }), 60004);
  assert.equal(gas({ kind: 'GZKArgs', zk: { op: 'PointAdd', group: 'G1' } }), 5);
  assert.equal(gas({ kind: 'GZKArgs', zk: { op: 'PointAdd', group: 'G2' } }), 30);
  assert.equal(gas({ kind: 'GZKArgs', zk: { op: 'ScalarMult', group: 'G1' } }), 360);
  assert.equal(gas({ kind: 'GZKArgs', zk: { op: 'ScalarMult', group: 'G2' } }), 1450);
  assert.equal(gas({ kind: 'GZKArgs', zk: { op: 'Pairing', pairs: 2 } }), 2 * 3760 + 11600);
  assert.equal(gas({ kind: 'GZKArgs', zk: { op: 'Pairing', pairs: 0 } }), 100);
  assert.equal(gas({ kind: 'GPoseidonHashHackAChain', inputs: 2 }), 38 * 4 + 50 * 2);
  assert.equal(table.cost('', { kind: 'GKeccak256', chunkBytes: [] }), 0n);
  assert.equal(table.cost('', { kind: 'GKeccak256', chunkBytes: [0, 100, 101] }), 3n * 2120n + 146n * 3n);
  assert.equal(table.cost('', { kind: 'GHyperlaneMessageId', bodyBytes: 250 }), 94n);
  assert.equal(table.cost('', { kind: 'GHyperlaneEncodeDecodeTokenMessage', length: 2000 }), 1000n);
  assert.equal(table.cost('', { kind: 'GHyperlaneEncodeDecodeTokenMessage', length: 99 }), 0n);
});

test('gas log renderings', () => {
  const ks = new KeySet(['s'], 'keys-all');
  const cases: Array<[GasArgs, string]> = [
    [{ kind: 'GSelect', columns: 2 }, 'GSelect'],
    [{ kind: 'GDistinct', length: 3 }, 'GDistinct:3'],
    [{ kind: 'GSort', length: 3 }, 'GSort:3'],
    [{ kind: 'GSortFieldLookup', fields: 2 }, 'GSortFieldLookup:2'],
    [{ kind: 'GConcatenation', left: 14, right: 5 }, 'GConcatenation:14:5'],
    [{ kind: 'GTextConcatenation', chars: 6, strings: 2, fixupDivByZero: true }, 'GTextConcatenation:6:2:True'],
    [{ kind: 'GTextConcatenation', chars: 0, strings: 0, fixupDivByZero: false }, 'GTextConcatenation:0:0:False'],
    [GUNREDUCED, 'GUnreduced'],
    [{ kind: 'GPostRead', read: { kind: 'ReadData', columns: 1 } }, 'GPostRead:ReadData'],
    [{ kind: 'GPostRead', read: { kind: 'ReadKey' } }, 'GPostRead:ReadKey'],
    [{ kind: 'GPostRead', read: { kind: 'ReadTxId' } }, 'GPostRead:ReadTxId'],
    [{ kind: 'GPostRead', read: { kind: 'ReadModule' } }, 'GPostRead:ReadModule'],
    [{ kind: 'GPostRead', read: { kind: 'ReadInterface' } }, 'GPostRead:ReadInterface'],
    [{ kind: 'GPostRead', read: { kind: 'ReadNamespace' } }, 'GPostRead:ReadNamespace'],
    [{ kind: 'GPostRead', read: { kind: 'ReadKeySet' } }, 'GPostRead:ReadKeySet'],
    [{ kind: 'GPostRead', read: { kind: 'ReadYield', columns: 1 } }, 'GPostRead:ReadYield'],
    [write({ kind: 'WriteData', writeType: 'Insert', key: 'k', row: row([]) }), 'GWrite:WriteData:Insert:SizeOfV1'],
    [write({ kind: 'WriteData', writeType: 'Update', key: 'k', row: row([]) }, 'SizeOfV0'), 'GWrite:WriteData:Update:SizeOfV0'],
    [write({ kind: 'WriteData', writeType: 'Write', key: 'k', row: row([]) }), 'GWrite:WriteData:Write:SizeOfV1'],
    [write({ kind: 'WriteTable', table: 't' }), 'GWrite:WriteTable:SizeOfV1'],
    [write({ kind: 'WriteModule', name: 'm', code: '' }), 'GWrite:WriteModule:SizeOfV1'],
    [write({ kind: 'WriteInterface', name: 'm', code: '' }), 'GWrite:WriteInterface:SizeOfV1'],
    [write({ kind: 'WriteNamespace', name: 'n', user: ks, admin: ks }), 'GWrite:WriteNamespace:SizeOfV1'],
    [write({ kind: 'WriteKeySet', name: 'n', keyset: ks }), 'GWrite:WriteKeySet:SizeOfV1'],
    [write({ kind: 'WriteYield', data: row([]) }), 'GWrite:WriteYield:SizeOfV1'],
    [GMODULEMEMBER, 'GModuleMember'],
    [GMODULEDECL, 'GModuleDecl'],
    [GUSE, 'GUse'],
    [GINTERFACEDECL, 'GInterfaceDecl'],
    [GUSERAPP_DEFPACT, 'GUserApp'],
    [{ kind: 'GMakeList', length: 10n }, 'GMakeList:10'],
    [GFOLDDB, 'GFoldDB'],
    [{ kind: 'GModuleMemory', bytes: 1234 }, 'GModuleMemory: 1234'],
    [{ kind: 'GPrincipal', amount: 1 }, 'GPrincipal: 1'],
    [{ kind: 'GIntegerOpCost', left: 150n, leftScale: 2, right: -3n, rightScale: 0, threshold: 'Pact43IntThreshold' },
      'GIntegerOpCost:(150, 2):(-3, 0):Pact43IntThreshold'],
    [{ kind: 'GDecimalOpCost', left: new Decimal(150n, 2), right: new Decimal(-3n, 0) }, 'GDecimalOpCost:1.50:-3'],
    [{ kind: 'GMakeList2', length: 10n, size: null, threshold: 'Pact48IntThreshold' }, 'GMakeList2:10::Pact48IntThreshold'],
    [{ kind: 'GMakeList2', length: 10n, size: 9n, threshold: 'Pact48IntThreshold' }, 'GMakeList2:10:9:Pact48IntThreshold'],
    [{ kind: 'GZKArgs', zk: { op: 'PointAdd', group: 'G1' } }, 'GZKArgs:PointAdd(G1)'],
    [{ kind: 'GZKArgs', zk: { op: 'ScalarMult', group: 'G2' } }, 'GZKArgs:ScalarMult(G2)'],
    [{ kind: 'GZKArgs', zk: { op: 'Pairing', pairs: 3 } }, 'GZKArgs:Pairing(3)'],
    [{ kind: 'GReverse', length: 7 }, 'GReverse:7'],
    [{ kind: 'GPoseidonHashHackAChain', inputs: 2 }, 'GPoseidonHashHackAChain:2'],
    [{ kind: 'GHyperlaneMessageId', bodyBytes: 12 }, 'GHyperlaneMessageId:12'],
    [{ kind: 'GHyperlaneEncodeDecodeTokenMessage', length: 200 }, 'GHyperlaneEncodeDecodeTokenMessage:200'],
    [{ kind: 'GKeccak256', chunkBytes: [] }, 'GKeccak256:[]'],
    [{ kind: 'GKeccak256', chunkBytes: [43, 0] }, 'GKeccak256:[43, 0]'],
  ];
  for (const [args, text] of cases) assert.equal(showGasArgs(args), text);
});

test('format values render as Pact values: lists with commas, objects in key order', () => {
  const values: PactValue[] = [
    'a', 1n, new Decimal(5n, 0), true, new PactTime(0n),
    new PList([1n, new PList([2n, 3n], tyAny)], tyAny),
    new PObject(new Map<string, PactValue>([['b', 1n], ['a', new PList([], tyAny)]]), true),
    new UserGuard('m.f', [new PList([1n, 2n], tyAny)]),
    new CapabilityGuard('m.C', [], null),
    new KeySetRef('ks'),
    new ModRef('ns.m', null),
  ];
  assert.equal(showGasArgs({ kind: 'GFormatValues', template: '{} {}', values }),
    'GFormatValues:{} {}["a", 1, 5.0, true, "1970-01-01T00:00:00Z", [1, [2, 3]], {"a": [],"b": 1}, ' +
    'UserGuard {fun: m.f,args: [[1, 2]]}, CapabilityGuard {name: m.C,args: [],pactId: }, \'ks, ns.m]');
});

test('units and limits', () => {
  assert.equal(gasToMilli(7n), 7000n);
  // Int64 arithmetic: the argument is cut to 64 bits, the product wraps.
  assert.equal(gasToMilli(2n ** 64n + 3n), 3000n);
  assert.equal(gasToMilli(2n ** 62n), BigInt.asIntN(64, 2n ** 62n * 1000n));
  assert.equal(milliToGas(1999n), 1n);
  assert.equal(milliToGas(-1999n), -1n);
  assert.equal(addMilli(2n ** 63n - 1n, 1n), -(2n ** 63n));
  assert.equal(gasLimitExceededMessage(10000n, 11500n), 'Gas limit (10) exceeded: 11');
  assert.equal(gasLogEntry('GOV', GUSERAPP_DEFCAP, 251999n, 1000n), 'GOV:GUserApp:currTotalGas=251: 1');
});
