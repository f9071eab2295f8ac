import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PactEvent } from '../../src/lang/caps.ts';
import { PactError } from '../../src/lang/errors.ts';
import type { StackFrame } from '../../src/lang/errors.ts';
import type { PactExec } from '../../src/lang/pacts.ts';
import {
  commandResultJson, commandResultText, logsHash, pactErrorJson, pactEventJson, resultDataJson, txLogRecord, txLogsJson,
} from '../../src/lang/result-json.ts';
import type { TxOutcome } from '../../src/lang/result-json.ts';
import { PactRowCodec, pactExecJson } from '../../src/lang/rows.ts';
import { NativeRef } from '../../src/lang/runtime.ts';
import { showValCompact } from '../../src/lang/show.ts';
import { nativeTable } from '../../src/natives/index.ts';
import type { Info } from '../../src/syntax/exp.ts';
import { Decimal } from '../../src/values/decimal.ts';
import { hashText } from '../../src/values/hash.ts';
import { encodeJson, JsonNumber, JsonObject } from '../../src/values/json.ts';
import { tyAny } from '../../src/values/type.ts';
import { KeySet, ModRef, PList } from '../../src/values/value.ts';
import type { PactValue, RefSite } from '../../src/values/value.ts';
import { obj } from '../helpers/values.ts';

const LEGACY = { legacyOrder: true } as const;
// The hash of the empty string: GoldenSpec's command hash, hence every golden's reqKey.
const REQ_KEY = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';
const EMPTY_LOGS = 'wsATyGqckuIvlm89hhd2j4t6RMkCrcwJe_oeCYr7Th8';

const codec = new PactRowCodec({ encode: () => '{"module":1}', decode: () => null }, new Set());

function outcome(fields: Partial<TxOutcome>): TxOutcome {
  return { output: 1n, logs: [], exec: null, events: [], gas: 0n, txId: null, ...fields };
}

test('a write record is {"value":<row as stored>,"key":…,"table":…}', () => {
  assert.equal(txLogRecord('SYS_pacts', 'pid', 'null'), '{"value":null,"key":"pid","table":"SYS_pacts"}');
  assert.equal(txLogRecord('USER_m_t', 'a"b\u0008', '{"$d":{},"$v":1}'), '{"value":{"$d":{},"$v":1},"key":"a\\"b\\u0008","table":"USER_m_t"}');
});

test('the logs hash of no writes is the hash of "[]"', () => {
  assert.equal(logsHash([]), EMPTY_LOGS);
  assert.equal(hashText('[]'), EMPTY_LOGS);
});

test('write records are grouped by table in ascending order, each table\'s in write order (Pact\'s regression commits)', () => {
  // Commit 2 of PersistPactDb/Regression.hs: creating user table "user1" of module free.some-Module.
  assert.equal(txLogsJson([{ table: 'SYS_usertables', key: 'user1', value: { module: 'free.some-Module' } }], codec),
    '[{"value":{"utModule":{"namespace":"free","name":"some-Module"}},"key":"user1","table":"SYS_usertables"}]');
  // Commit 3, written in the order user insert, user update, keyset, module; reported by table.
  // A write the store already encoded is taken as it is.
  const rowV0 = '{"gah":123.454345}';
  const rowV1 = obj([['gah', false], ['fh', new Decimal(1n, 0)]]);
  const entries = [
    { table: 'USER_user1', key: 'key1', value: null, json: rowV0 },
    { table: 'USER_user1', key: 'key1', value: rowV1 },
    { table: 'SYS_keysets', key: 'ks1', value: new KeySet(['skdjhfskj'], 'predfun') },
    { table: 'SYS_modules', key: 'simple', value: 'the module', json: '{"simple":true}' },
  ];
  const json = txLogsJson(entries, codec);
  assert.equal(json, '[{"value":{"pred":"predfun","keys":["skdjhfskj"]},"key":"ks1","table":"SYS_keysets"},' +
    '{"value":{"simple":true},"key":"simple","table":"SYS_modules"},' +
    '{"value":{"gah":123.454345},"key":"key1","table":"USER_user1"},' +
    '{"value":{"$d":{"fh":1,"gah":false},"$v":1},"key":"key1","table":"USER_user1"}]');
  assert.equal(logsHash(entries, codec), hashText(json));
  assert.throws(() => logsHash([{ table: 'USER_t', key: 'k', value: rowV1 }]));
});

test('golden accounts-module-successCR: `1` in local mode', () => {
  assert.equal(commandResultJson({ reqKey: REQ_KEY, flags: new Set(), result: outcome({ output: 1n }) }),
    '{"gas":0,"result":{"status":"success","data":1},"reqKey":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g",' +
    '"logs":"wsATyGqckuIvlm89hhd2j4t6RMkCrcwJe_oeCYr7Th8","metaData":null,"continuation":null,"txId":null}');
});

function at(file: string, line: number, col: number): Info {
  return { file, line, col, offset: 0, length: 0, source: '' };
}

const REPL_FILE = 'golden/golden.accounts.repl';

// The call stack of golden accounts-module-failureCR, innermost first, as the evaluator renders it.
const FRAMES: StackFrame[] = [
  {
    name: 'with-read', info: at(REPL_FILE, 44, 4), module: null,
    args: ['(deftable accounts:(defschema account "Row type fo...', '"a"', '({g:<c> "rowguard"} [(native `enforce-guard`  Exec...'],
  },
  { name: 'USER_GUARD', info: at(REPL_FILE, 150, 21), module: 'accounts', args: ['"a"'] },
  {
    name: 'with-capability', info: at(REPL_FILE, 150, 4), module: null,
    args: ['((defcap accounts.USER_GUARD:<a> (id:<b>)) "a")', '[(native `with-read`  Special form to read row fro...'],
  },
  { name: 'debit', info: at(REPL_FILE, 84, 6), module: 'accounts', args: ['"a"', '1.0', 'true', '{"transfer-to": "b"}'] },
  {
    name: 'with-capability', info: at(REPL_FILE, 83, 4), module: null,
    args: ['((defcap accounts.TRANSFER:<d> ()))', '[((defun accounts.debit:<as> (acct:<at> amount:<au...'],
  },
  { name: 'transfer', info: at('<interactive>', 0, 0), module: 'accounts', args: ['"a"', '"b"', '1.0', 'true'] },
];

test('golden accounts-module-failureCR: a failure under DisablePact47 carries its call stack', () => {
  const error = new PactError('TxFailure', at(REPL_FILE, 44, 4), 'with-read: row not found: a', FRAMES);
  assert.equal(commandResultJson({ reqKey: REQ_KEY, flags: new Set(['DisablePact44', 'DisablePact47']), error }),
    '{"gas":0,"result":{"status":"failure","error":{"callStack":["golden/golden.accounts.repl:45:4: (with-read (deftable accounts:(defschema account \\"Row type fo... \\"a\\" ({g:<c> \\"rowguard\\"} [(native `enforce-guard`  Exec...)",' +
    '"golden/golden.accounts.repl:151:21: (USER_GUARD \\"a\\")",' +
    '"golden/golden.accounts.repl:151:4: (with-capability ((defcap accounts.USER_GUARD:<a> (id:<b>)) \\"a\\") [(native `with-read`  Special form to read row fro...)",' +
    '"golden/golden.accounts.repl:85:6: (debit \\"a\\" 1.0 true {\\"transfer-to\\": \\"b\\"})",' +
    '"golden/golden.accounts.repl:84:4: (with-capability ((defcap accounts.TRANSFER:<d> ())) [((defun accounts.debit:<as> (acct:<at> amount:<au...)",' +
    '"<interactive>:0:0: (transfer \\"a\\" \\"b\\" 1.0 true)"],' +
    '"type":"TxFailure","message":"with-read: row not found: a","info":"golden/golden.accounts.repl:45:4"}},' +
    '"reqKey":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","logs":null,"metaData":null,"continuation":null,"txId":null}');
});

test('on chain (since Pact 4.7) an error has no call stack and its on-chain wording; no location is ""', () => {
  const error = new PactError('ArgsError', at('<interactive>', 0, 7), 'off-chain words', FRAMES, 'on-chain words');
  assert.equal(encodeJson(pactErrorJson(error, true), LEGACY),
    '{"callStack":[],"type":"ArgsError","message":"on-chain words","info":"<interactive>:0:7"}');
  assert.ok(encodeJson(pactErrorJson(error, false), LEGACY).startsWith('{"callStack":["golden/golden.accounts.repl:45:4: (with-read ('));
  assert.equal(encodeJson(pactErrorJson(new PactError('DbError', null, 'gone'), true), LEGACY),
    '{"callStack":[],"type":"DbError","message":"gone","info":""}');
  // A failure reports gas 0 and no logs, events, continuation or tx id, whatever ran before.
  assert.equal(commandResultJson({ reqKey: 'rk', flags: new Set(), error: new PactError('EvalError', null, 'x') }),
    '{"gas":0,"result":{"status":"failure","error":{"callStack":[],"type":"EvalError","message":"x","info":""}},' +
    '"reqKey":"rk","logs":null,"metaData":null,"continuation":null,"txId":null}');
});

test('golden accounts-module-eventCR: events appear between logs and metaData', () => {
  const event: PactEvent = {
    name: 'CAP', module: 'events-test', params: ['Alice', new Decimal(101n, 1)], moduleHash: 'fBdyelQUFqIWDrvMFLe0_WJ6DpEpCsnAhBR2X7nd71U',
  };
  // The logs hash is the golden's: its writes (the module's row) are the module store's encoding.
  assert.equal(commandResultText({
    reqKey: REQ_KEY, txId: null, gas: 0n, result: { data: resultDataJson(1n) }, logs: 'cqZ-6rAE2TTv8ZXj8EbwsR_eUOp_RquGGnt4nnc4ck4',
    events: [pactEventJson(event)], continuation: null,
  }),
  '{"gas":0,"result":{"status":"success","data":1},"reqKey":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","logs":"cqZ-6rAE2TTv8ZXj8EbwsR_eUOp_RquGGnt4nnc4ck4",' +
  '"events":[{"params":["Alice",10.1],"name":"CAP","module":{"namespace":null,"name":"events-test"},"moduleHash":"fBdyelQUFqIWDrvMFLe0_WJ6DpEpCsnAhBR2X7nd71U"}],' +
  '"metaData":null,"continuation":null,"txId":null}');
});

const XCHAIN_HASH = 'AHE7loAN5c-ajfetxFoDkmVcixfwr0-tKfKh7mylSvo';

function xchainExec(source: string | null): PactExec {
  return {
    stepCount: 2, executed: null, step: 0, pactId: REQ_KEY, stepHasRollback: false, nested: new Map(),
    yield: { data: new Map([['a', 3n]]), provenance: { targetChainId: '1', moduleHash: XCHAIN_HASH }, source },
    continuation: { def: 'xchain.p', args: [3n] },
  };
}

test('golden accounts-module-crossChainSendCR: nested integers stay {"int":…}, the defpact state is the continuation', () => {
  const event: PactEvent = { name: 'X_YIELD', module: 'pact', params: ['1', 'xchain.p', new PList([3n], tyAny)], moduleHash: XCHAIN_HASH };
  assert.equal(commandResultText({
    reqKey: REQ_KEY, txId: null, gas: 0n, result: { data: resultDataJson(obj([['a', 3n]])) }, logs: '1mwhFumbCoQ2VpOJqEVD0IgAAOmY2RhDuW1PiVD1pGk',
    events: [pactEventJson(event)], continuation: pactExecJson(xchainExec(''), false),
  }),
  '{"gas":0,"result":{"status":"success","data":{"a":{"int":3}}},"reqKey":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","logs":"1mwhFumbCoQ2VpOJqEVD0IgAAOmY2RhDuW1PiVD1pGk",' +
  '"events":[{"params":["1","xchain.p",[{"int":3}]],"name":"X_YIELD","module":{"namespace":null,"name":"pact"},"moduleHash":"AHE7loAN5c-ajfetxFoDkmVcixfwr0-tKfKh7mylSvo"}],' +
  '"metaData":null,"continuation":{"executed":null,"pactId":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","stepHasRollback":false,"step":0,' +
  '"yield":{"data":{"a":{"int":3}},"source":"","provenance":{"targetChainId":"1","moduleHash":"AHE7loAN5c-ajfetxFoDkmVcixfwr0-tKfKh7mylSvo"}},' +
  '"continuation":{"args":[{"int":3}],"def":"xchain.p"},"stepCount":2},"txId":null}');
});

test('golden accounts-module-crossChainSendCRBackCompat: before Pact 4.0 no source and no events', () => {
  assert.equal(commandResultText({
    reqKey: REQ_KEY, txId: null, gas: 0n, result: { data: resultDataJson(obj([['a', 3n]])) }, logs: 'o4k6VwRSTWZnHAXGvzx-Q7yoUDRBtTYU9Uuv6W_6FmI',
    events: [], continuation: pactExecJson(xchainExec(null), false),
  }),
  '{"gas":0,"result":{"status":"success","data":{"a":{"int":3}}},"reqKey":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","logs":"o4k6VwRSTWZnHAXGvzx-Q7yoUDRBtTYU9Uuv6W_6FmI",' +
  '"metaData":null,"continuation":{"executed":null,"pactId":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","stepHasRollback":false,"step":0,' +
  '"yield":{"data":{"a":{"int":3}},"provenance":{"targetChainId":"1","moduleHash":"AHE7loAN5c-ajfetxFoDkmVcixfwr0-tKfKh7mylSvo"}},' +
  '"continuation":{"args":[{"int":3}],"def":"xchain.p"},"stepCount":2},"txId":null}');
});

test('result data: a top-level integer is a decimal, nested ones stay {"int":…}', () => {
  const data = (v: Parameters<typeof resultDataJson>[0]): string => encodeJson(resultDataJson(v), LEGACY);
  assert.equal(data(3n), '3');
  assert.equal(data(-7n), '-7');
  assert.equal(data(-9007199254740991n), '-9007199254740991');
  // Beyond ±(2^53 − 1) the decimal is a string, as Haskell shows a decimal without places.
  assert.equal(data(9007199254740992n), '{"decimal":"9007199254740992"}');
  assert.equal(data(-9007199254740992n), '{"decimal":"-9007199254740992"}');
  assert.equal(data(new PList([3n], tyAny)), '[{"int":3}]');
  assert.equal(data(new Decimal(30n, 1)), '3');
  assert.equal(data(new Decimal(5n, 2)), '5.0e-2');
  assert.equal(data('s'), '"s"');
  assert.equal(data(obj([['x', 1n], ['y', 2n], ['z', 3n]])), '{"z":{"int":3},"x":{"int":1},"y":{"int":2}}');
});

const SITE: RefSite = { json: () => new JsonObject([['d', [new JsonNumber(4n, 0), new JsonNumber(0n, 0), new JsonNumber(7n, 0)]], ['c', 'coin']]) };

test('result data: a module reference loses its site at the top level only', () => {
  const coin = new ModRef('coin', [], SITE);
  const plain = '{"refSpec":[],"refName":{"namespace":null,"name":"coin"}}';
  assert.equal(encodeJson(resultDataJson(coin), LEGACY), plain);
  assert.equal(encodeJson(resultDataJson(new PList([coin], tyAny)), LEGACY),
    '[{"refSpec":[],"refInfo":{"d":[4,0,7],"c":"coin"},"refName":{"namespace":null,"name":"coin"}}]');
  // Events hold their parameters as the evaluator made them (the top level already elided).
  assert.equal(encodeJson(pactEventJson({ name: 'E', module: 'ns.m', params: [new ModRef('coin', [])], moduleHash: 'h' }), LEGACY),
    `{"params":[${plain}],"name":"E","module":{"namespace":"ns","name":"m"},"moduleHash":"h"}`);
});

test('result data: what is not plain data, even inside a list, is the whole term\'s compact rendering, as a string', () => {
  const plus = new NativeRef(nativeTable().get('+')!);
  assert.deepStrictEqual(resultDataJson(plus), showValCompact(plus));
  const mod = new NativeRef(nativeTable().get('mod')!);
  const help = 'native `mod`  X modulo Y.  Type: x:integer y:integer -> integer  Examples: > (mod 13 8)';
  assert.equal(resultDataJson(mod), help);
  assert.equal(resultDataJson(new PList([1n, mod as unknown as PactValue], tyAny)), `[1 ${help}]`);
});

test('a transactional success: gas, logs of the writes, events, continuation and tx id', () => {
  const exec = xchainExec('0');
  const text = commandResultJson({
    reqKey: 'rk', flags: new Set(), codec,
    result: outcome({
      output: 'Write succeeded', gas: 12n, txId: 5,
      logs: [{ table: 'SYS_pacts', key: REQ_KEY, value: exec }],
      events: [{ name: 'E', module: 'm', params: [1n], moduleHash: 'h' }],
      exec,
    }),
  });
  const execJson = encodeJson(pactExecJson(exec, false), LEGACY);
  assert.equal(text, `{"gas":12,"result":{"status":"success","data":"Write succeeded"},"reqKey":"rk",` +
    `"logs":"${hashText(`[{"value":${execJson},"key":"${REQ_KEY}","table":"SYS_pacts"}]`)}",` +
    `"events":[{"params":[{"int":1}],"name":"E","module":{"namespace":null,"name":"m"},"moduleHash":"h"}],` +
    `"metaData":null,"continuation":${execJson},"txId":5}`);
});
