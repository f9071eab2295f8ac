/// The transaction interpreter: exec and cont commands as one Pact transaction each, on chain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryDb } from '../../src/db/memory.ts';
import { evalContinuation, evalExec } from '../../src/lang/interpreter.ts';
import type { EvalEnv } from '../../src/lang/interpreter.ts';
import { PactError, renderInfo } from '../../src/lang/errors.ts';
import { fixedGasModel } from '../../src/lang/gas.ts';
import { nativeTable } from '../../src/natives/index.ts';
import { parse } from '../../src/syntax/index.ts';
import { JsonObject } from '../../src/values/json.ts';
import { showValCompact } from '../../src/lang/show.ts';
import type { PactExec } from '../../src/lang/pacts.ts';

const natives = nativeTable();

function env(over: Partial<EvalEnv> = {}): EvalEnv {
  return {
    natives, mode: 'transactional', txId: 0, flags: new Set(), msgBody: new JsonObject([]), signers: [], verifiers: [],
    txHash: 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g',
    chainData: { chainId: '0', blockHeight: 0n, blockTime: 0n, prevBlockHash: '', sender: '', gasLimit: 1000n, gasPrice: null },
    entity: null, gasModel: fixedGasModel(0n), gasLimit: 1000n, ...over,
  };
}

const code = (text: string) => parse(text, '<interactive>', { columnBase: 0 });

function failure(f: () => unknown): PactError {
  try {
    f();
  } catch (e) {
    if (e instanceof PactError) return e;
    throw e;
  }
  assert.fail('expected a Pact error');
}

const MODULE = `(module counter G
  (defcap G () true)
  (defschema row n:integer)
  (deftable counts:{row})
  (defun bump (k:string) (with-default-read counts k { 'n: 0 } { 'n := n } (write counts k { 'n: (+ n 1) }) (+ n 1)))
  (defpact two () (step (yield { 'a: 1 })) (step (resume { 'a := a } (+ a 1)))))
(create-table counts)`;

function deploy(db: MemoryDb): void {
  evalExec(db, env(), code(MODULE));
}

test('the value of the last expression, committed under the given tx id', () => {
  const db = new MemoryDb();
  const r = evalExec(db, env({ txId: 7 }), code('(+ 1 2) (+ 2 3)'));
  assert.equal(r.output, 5n);
  assert.equal(r.txId, 7);
  assert.deepEqual(r.logs, []);
  assert.equal(r.exec, null);
});

test('writes are committed in transactional mode and rolled back in local mode', () => {
  const db = new MemoryDb();
  deploy(db);
  const local = evalExec(db, env({ mode: 'local' }), code('(counter.bump "a")'));
  assert.equal(local.txId, null);
  assert.deepEqual(local.logs.map((l) => [l.table, l.key]), [['USER_counter_counts', 'a']]);
  assert.equal(evalExec(db, env({ txId: 1 }), code('(counter.bump "a")')).output, 1n);
  assert.equal(evalExec(db, env({ txId: 2 }), code('(counter.bump "a")')).output, 2n);
});

test('a failing expression rolls back everything before it', () => {
  const db = new MemoryDb();
  deploy(db);
  const e = failure(() => evalExec(db, env(), code('(counter.bump "a") (enforce false "no")')));
  assert.equal(e.message, 'no');
  assert.equal(db.inTx(), false);
  assert.equal(evalExec(db, env(), code('(counter.bump "a")')).output, 1n);
});

test('errors are located by the offset from the start of the code (no lines on chain)', () => {
  const e = failure(() => evalExec(new MemoryDb(), env(), code('(+ 1 2)\n  (enforce false "no")')));
  assert.equal(renderInfo(e.info, ''), '<interactive>:0:10');
});

test('every expression is compiled before any runs', () => {
  const db = new MemoryDb();
  deploy(db);
  failure(() => evalExec(db, env(), code('(counter.bump "a") (let)')));
  assert.equal(evalExec(db, env(), code('(counter.bump "a")')).output, 1n);
});

test('a defpact started by exec is continued by cont', () => {
  const db = new MemoryDb();
  deploy(db);
  const start = evalExec(db, env({ txHash: 'pact-1' }), code('(counter.two)'));
  const exec = start.exec as PactExec;
  assert.equal(exec.pactId, 'pact-1');
  assert.equal(exec.step, 0);
  assert.equal(exec.stepCount, 2);
  const next = evalContinuation(db, env(), { pactId: 'pact-1', step: 1, rollback: false }, null);
  assert.equal(next.output, 2n);
  assert.equal((next.exec as PactExec).step, 1);
  const done = failure(() => evalContinuation(db, env(), { pactId: 'pact-1', step: 1, rollback: false }, null));
  assert.equal(done.message, 'resumePact: pact completed: pact-1');
});

test('a continuation with a proof is refused', () => {
  const e = failure(() => evalContinuation(new MemoryDb(), env(), { pactId: 'x', step: 1, rollback: false }, 'proof'));
  assert.deepEqual([e.type, e.message], ['ContinuationError', 'Cross-chain continuations not supported']);
});

test('gas: the constant rate per charge, limited by the gas limit', () => {
  const r = evalExec(new MemoryDb(), env({ gasModel: fixedGasModel(1n) }), code('(+ 1 2)'));
  assert.ok(r.gas > 0n);
  const e = failure(() => evalExec(new MemoryDb(), env({ gasModel: fixedGasModel(1n), gasLimit: 0n }), code('(+ 1 2)')));
  assert.equal(e.type, 'GasError');
});

test('on chain, a bare function or native name does not show the definition', () => {
  const db = new MemoryDb();
  deploy(db);
  const e = failure(() => evalExec(db, env(), code('counter.bump')));
  assert.equal(e.message, 'Cannot display function details in non-repl context');
  assert.equal(showValCompact(evalExec(db, env(), code('(counter.bump "b")')).output), '1');
  assert.equal(failure(() => evalExec(db, env(), code('map'))).message, 'Cannot display native function details in non-repl context');
});
