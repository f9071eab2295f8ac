/// `pact-lang-api` (the classic JavaScript client) against the real `dist/pact --serve`: local,
/// send, listen, poll, a module deployed then called, a failing transaction, a managed capability
/// signed for, a defpact continued by a cont command.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { genKey, suiteNode } from './harness.ts';

const Pact = createRequire(import.meta.url)('pact-lang-api');
const DEMO = readFileSync(new URL('../fixtures/serve/demo.pact', import.meta.url), 'utf8');

const node = suiteNode();
let nonce = 0;
const meta = () => Pact.lang.mkMeta('alice', '0', 0.00001, 10000, 0, 600);
const alice = genKey();
const bob = genKey();
const keyset = (k: { publicKey: string }) => ({ keys: [k.publicKey], pred: 'keys-all' });

/// Sends one command and waits for its result.
async function run(cmd: Record<string, unknown>): Promise<any> {
  const { requestKeys } = await Pact.fetch.send({ meta: meta(), nonce: `n-${nonce++}`, ...cmd }, node().url);
  assert.equal(requestKeys.length, 1);
  return Pact.fetch.listen({ listen: requestKeys[0] }, node().url);
}


describe('pact-lang-api', () => {
  it('runs code with /local: no transaction id, nothing kept', async () => {
    const r = await Pact.fetch.local({ pactCode: '(+ 1 2)', keyPairs: [], meta: meta() }, node().url);
    assert.deepEqual(r.result, { status: 'success', data: 3 });
    assert.equal(r.txId, null);
    assert.equal(r.logs, 'wsATyGqckuIvlm89hhd2j4t6RMkCrcwJe_oeCYr7Th8');
  });

  it('deploys a module, then calls it with /send, /listen and /poll', async () => {
    const deployed = await run({ pactCode: DEMO, keyPairs: [] });
    assert.equal(deployed.result.status, 'success', JSON.stringify(deployed));
    assert.equal(deployed.result.data, 'TableCreated');
    assert.equal(typeof deployed.txId, 'number');
    const first = await run({ pactCode: '(demo.bump "c")', keyPairs: [] });
    const second = await run({ pactCode: '(demo.bump "c")', keyPairs: [] });
    assert.deepEqual([first.result.data, second.result.data], [1, 2]);
    assert.equal(second.txId, first.txId + 1);
    const polled = await Pact.fetch.poll({ requestKeys: [first.reqKey, second.reqKey] }, node().url);
    assert.deepEqual(polled[first.reqKey], first);
    assert.deepEqual(polled[second.reqKey], second);
    const local = await Pact.fetch.local({ pactCode: '(demo.count "c")', keyPairs: [], meta: meta() }, node().url);
    assert.equal(local.result.data, 2);
  });

  it('reports a failing transaction with its error and keeps nothing of it', async () => {
    const r = await run({ pactCode: '(demo.bump "f") (enforce false "boom")', keyPairs: [] });
    assert.equal(r.result.status, 'failure');
    assert.deepEqual(r.result.error, { callStack: [], type: 'TxFailure', message: 'boom', info: '<interactive>:0:16' });
    assert.deepEqual([r.gas, r.logs, r.txId, r.continuation], [0, null, null, null]);
    const local = await Pact.fetch.local({ pactCode: '(demo.count "f")', keyPairs: [], meta: meta() }, node().url);
    assert.equal(local.result.data, 0);
  });

  it('transfers under a managed capability the sender signed for, and emits its event', async () => {
    const created = await run({
      pactCode: '(demo.create "alice" (read-keyset "a")) (demo.create "bob" (read-keyset "b"))',
      envData: { a: keyset(alice), b: keyset(bob) }, keyPairs: [],
    });
    assert.equal(created.result.status, 'success', JSON.stringify(created));
    const cap = (amount: number) => ({ name: 'demo.TRANSFER', args: ['alice', 'bob', amount] });
    const signed = await run({
      pactCode: '(demo.transfer "alice" "bob" 1.5)', keyPairs: [{ ...alice, clist: [cap(1.5)] }],
    });
    assert.deepEqual(signed.result, { status: 'success', data: 'transferred' });
    assert.equal(signed.events.length, 1);
    assert.deepEqual(signed.events[0].name, 'TRANSFER');
    assert.deepEqual(signed.events[0].params, ['alice', 'bob', 1.5]);
    assert.deepEqual(signed.events[0].module, { namespace: null, name: 'demo' });
    // Bob's signature, or Alice's scoped to a smaller amount, does not allow it.
    const wrongKey = await run({ pactCode: '(demo.transfer "alice" "bob" 1.0)', keyPairs: [{ ...bob, clist: [cap(1.0)] }] });
    assert.equal(wrongKey.result.status, 'failure');
    assert.match(wrongKey.result.error.message, /^Keyset failure \(keys-all\)/);
    const over = await run({ pactCode: '(demo.transfer "alice" "bob" 2.0)', keyPairs: [{ ...alice, clist: [cap(1.0)] }] });
    assert.equal(over.result.status, 'failure');
    const balance = await Pact.fetch.local({ pactCode: '(demo.balance "bob")', keyPairs: [], meta: meta() }, node().url);
    assert.equal(balance.result.data, 101.5);
  });

  it('continues a defpact with a cont command in a later request', async () => {
    const started = await run({ pactCode: '(demo.escrow 5.0)', keyPairs: [] });
    assert.equal(started.result.status, 'success', JSON.stringify(started));
    assert.deepEqual(started.continuation, {
      executed: null, pactId: started.reqKey, stepHasRollback: false, step: 0,
      yield: { data: { held: 5 }, provenance: null }, continuation: { args: [5], def: 'demo.escrow' }, stepCount: 2,
    });
    const next = await run({ type: 'cont', pactId: started.reqKey, step: 1, rollback: false, keyPairs: [] });
    assert.deepEqual(next.result, { status: 'success', data: 'released 5.0' });
    assert.equal(next.continuation.step, 1);
    const again = await run({ type: 'cont', pactId: started.reqKey, step: 1, rollback: false, keyPairs: [] });
    assert.equal(again.result.error.message, `resumePact: pact completed: ${started.reqKey}`);
  });
});
