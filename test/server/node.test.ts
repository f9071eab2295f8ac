/// What /send, /poll, /listen and /local do, through the app, with a stub Pact service: order,
/// duplicates, batch visibility, listen timeouts, local flags, and what is stored when.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { legacyKeyOrder } from '../../src/values/json.ts';
import { command, envelope, harness, keyOf, StubService } from './stub.ts';
import { HistoryStore } from '../../src/server/history.ts';
import { Executor } from '../../src/server/queue.ts';
import type { Harness } from './stub.ts';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-node-');

const send = async (h: Harness, ...texts: string[]): Promise<string> =>
  (await h.post('/api/v1/send', { cmds: texts.map(envelope) })).text();
const poll = async (h: Harness, ...texts: string[]): Promise<string> =>
  (await h.post('/api/v1/poll', { requestKeys: texts.map(keyOf) })).text();
const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('/send and /poll', () => {
  it('returns request keys in submission order and polls completed results in legacy key order', async () => {
    const h = harness();
    const texts = ['a', 'b', 'c', 'd', 'e'];
    const res = await h.post('/api/v1/send', { cmds: texts.map(envelope) });
    assert.equal(res.headers.get('content-type'), 'application/json;charset=utf-8');
    assert.equal(await res.text(), `{"requestKeys":[${texts.map((t) => `"${keyOf(t)}"`).join(',')}]}`);
    await h.node.executor.idle();
    const polled = JSON.parse(await poll(h, ...texts)) as Record<string, { txId: number }>;
    assert.deepEqual(Object.keys(polled), legacyKeyOrder(texts.map(keyOf)));
    assert.deepEqual(texts.map((t) => polled[keyOf(t)]!.txId), [0, 1, 2, 3, 4]);
  });

  it('emits each stored result text as is', async () => {
    const h = harness();
    await send(h, 'one');
    await h.node.executor.idle();
    assert.equal(await poll(h, 'one'),
      `{"${keyOf('one')}":{"gas":0,"result":{"status":"success","data":1},"reqKey":"${keyOf('one')}","logs":null,"metaData":null,"continuation":null,"txId":0}}`);
  });

  it('answers {} for unknown and pending keys, and never blocks', async () => {
    const h = harness();
    assert.equal(await poll(h, 'nobody'), '{}');
    await send(h, 'later');
    assert.equal(await poll(h, 'later'), '{}');
    await h.node.executor.idle();
    assert.notEqual(await poll(h, 'later'), '{}');
  });

  it('stores the commands in the inbox before answering /send, and with their results once run', async () => {
    const h = harness();
    await send(h, 'p', 'q');
    // The executor starts on a later turn; the rows are already committed.
    const rows = h.conn.prepare('SELECT hash, command, userSigs, batch FROM inbox ORDER BY seq').all();
    assert.deepEqual(rows.map((r) => ({ ...r })), [
      { hash: keyOf('p'), command: 'p', userSigs: '[]', batch: 1 },
      { hash: keyOf('q'), command: 'q', userSigs: '[]', batch: 1 },
    ]);
    assert.equal(h.service.calls.length, 0);
    await h.node.executor.idle();
    const done = h.conn.prepare('SELECT hash, command, batch, txid, gas FROM pactCommands ORDER BY seq').all();
    assert.deepEqual(done.map((r) => ({ ...r })), [
      { hash: keyOf('p'), command: 'p', batch: 1, txid: 0, gas: 0 },
      { hash: keyOf('q'), command: 'q', batch: 1, txid: 1, gas: 0 },
    ]);
    // The inbox forgets them soon after (at the latest when the node closes).
    await h.node.close();
    assert.equal((h.conn.prepare('SELECT count(*) AS n FROM inbox').get() as { n: number }).n, 0);
  });

  it('takes over the pending commands an earlier version stored in the history', async () => {
    const conn = new DatabaseSync(':memory:');
    conn.exec(`CREATE TABLE pactCommands (seq integer primary key, hash text not null unique, command text not null,
      userSigs text not null, batch integer not null, txid integer, result text, gas integer)`);
    const insert = conn.prepare('INSERT INTO pactCommands (hash, command, userSigs, batch) VALUES (?, ?, ?, ?)');
    insert.run(keyOf('old1'), 'old1', '[]', 4);
    insert.run(keyOf('old2'), 'old2', '[]', 5);
    const h = harness({ conn });
    await h.node.executor.idle();
    assert.deepEqual(h.service.calls.map((c) => c.reqKey), [keyOf('old1'), keyOf('old2')]);
    assert.equal(Object.keys(JSON.parse(await poll(h, 'old1', 'old2'))).length, 2);
    await send(h, 'new');
    assert.equal((h.conn.prepare('SELECT batch FROM inbox WHERE hash = ?').get(keyOf('new')) as { batch: number }).batch, 6);
  });

  it('records a failure under txid -1 and does not consume a tx id', async () => {
    const h = harness();
    await send(h, 'ok1', 'fail here', 'ok2');
    await h.node.executor.idle();
    const rows = h.conn.prepare('SELECT command, txid FROM pactCommands ORDER BY seq').all();
    assert.deepEqual(rows.map((r) => ({ ...r })), [
      { command: 'ok1', txid: 0 }, { command: 'fail here', txid: -1 }, { command: 'ok2', txid: 1 },
    ]);
  });

  it('drops a key seen before, pending or done, and a duplicate within the batch, but returns its key', async () => {
    const h = harness();
    assert.equal(await send(h, 'x', 'x', 'y'), `{"requestKeys":["${keyOf('x')}","${keyOf('x')}","${keyOf('y')}"]}`);
    assert.equal(await send(h, 'y'), `{"requestKeys":["${keyOf('y')}"]}`);
    await h.node.executor.idle();
    assert.equal(await send(h, 'x', 'z'), `{"requestKeys":["${keyOf('x')}","${keyOf('z')}"]}`);
    await h.node.executor.idle();
    assert.deepEqual(h.service.calls.map((c) => c.reqKey), ['x', 'y', 'z'].map(keyOf));
    assert.equal(h.service.effects(), 3);
  });

  it('shows a batch only once its last command is done', async () => {
    const h = harness({ sliceMs: 0 });
    await send(h, 'b1', 'b2', 'b3');
    while (h.service.calls.length < 1) await turn();
    assert.ok(h.service.calls.length < 3);
    // b1 is committed, but its batch is not done.
    assert.ok(h.node.history.result(keyOf('b1')) !== undefined);
    assert.equal(await poll(h, 'b1', 'b2', 'b3'), '{}');
    await h.node.executor.idle();
    assert.equal(Object.keys(JSON.parse(await poll(h, 'b1', 'b2', 'b3'))).length, 3);
  });

  it('runs each command once the checks the service started ahead of it are done, in order', async () => {
    const h = harness();
    const checked: string[] = [];
    h.service.prepare = (cmd) => new Promise((resolve) => {
      // The first command's check takes longest: order must not change.
      setTimeout(() => { checked.push(cmd.cmd); resolve(); }, cmd.cmd === 'w1' ? 30 : 5);
    });
    const applied = h.service.calls;
    await send(h, 'w1', 'w2');
    await h.node.executor.idle();
    assert.deepEqual(checked, ['w2', 'w1']);
    assert.deepEqual(applied.map((c) => c.reqKey), [keyOf('w1'), keyOf('w2')]);
  });

  it('keeps a broken service from stopping the node: the command fails, its writes are dropped, its neighbours keep theirs', async () => {
    const h = harness();
    await send(h, 'before', 'throw now', 'after');
    await h.node.executor.idle();
    const polled = JSON.parse(await poll(h, 'before', 'throw now', 'after'));
    assert.equal(polled[keyOf('throw now')].result.error.message, 'internal error: stub exploded');
    assert.equal(polled[keyOf('throw now')].txId, null);
    assert.deepEqual([polled[keyOf('before')].txId, polled[keyOf('after')].txId], [0, 1]);
    assert.deepEqual(h.conn.prepare('SELECT reqKey FROM effects ORDER BY txid').all().map((r) => r.reqKey), [keyOf('before'), keyOf('after')]);
    assert.equal(h.service.resets, 1);
  });

  it('commits the commands of a slice together: a result shows, and its effects are stored, once its group commits', async () => {
    const path = join(tempDir(), 'pact.sqlite');
    const h = harness({ conn: new DatabaseSync(path), sliceMs: 1000 });
    // Another connection sees what is committed.
    const reader = new DatabaseSync(path);
    const committed = (): number => (reader.prepare('SELECT count(*) AS n FROM pactCommands').get() as { n: number }).n;
    const seen: Array<{ committed: number; effects: number; polled: number }> = [];
    h.service.onApply = () => seen.push({
      committed: committed(),
      effects: (reader.prepare('SELECT count(*) AS n FROM effects').get() as { n: number }).n,
      polled: Object.keys(JSON.parse(h.node.poll(['g1', 'g2', 'g3', 'g4'].map(keyOf)))).length,
    });
    // Three /send requests at once: stored together, queued together.
    await Promise.all([send(h, 'g1', 'g2'), send(h, 'g3'), send(h, 'g4')]);
    await h.node.executor.idle();
    // One group: while g4 runs, g1..g3 have run but nothing is committed or shown.
    assert.deepEqual(seen, [0, 0, 0, 0].map(() => ({ committed: 0, effects: 0, polled: 0 })));
    assert.equal(committed(), 4);
    assert.equal(Object.keys(JSON.parse(h.node.poll(['g1', 'g2', 'g3', 'g4'].map(keyOf)))).length, 4);
    await h.node.close();
    reader.close();
    h.conn.close();
  });

  it('runs a /local in the group: it sees the effects of the commands before it, whose results show at the commit', async () => {
    const h = harness({ sliceMs: 1000 });
    const polledDuringLocal: number[] = [];
    h.service.onApply = (_cmd, mode) => {
      if (mode === 'local') polledDuringLocal.push(Object.keys(JSON.parse(h.node.poll([keyOf('c1')]))).length);
    };
    const [, local] = await Promise.all([send(h, 'c1'), h.post('/api/v1/local', envelope('look'))]);
    assert.equal((await local.json() as { result: { data: number } }).result.data, 1);
    assert.deepEqual(polledDuringLocal, [0]);
    await h.node.executor.idle();
    assert.equal(Object.keys(JSON.parse(h.node.poll([keyOf('c1')]))).length, 1);
  });
});

describe('/local', () => {
  it('runs after everything sent before it, and sees its effects', async () => {
    const h = harness();
    const sent = send(h, 'l1', 'l2');
    const local = h.post('/api/v1/local', envelope('peek'));
    await sent;
    assert.equal(await (await local).text(),
      `{"gas":0,"result":{"status":"success","data":2},"reqKey":"${keyOf('peek')}","logs":null,"metaData":null,"continuation":null,"txId":null}`);
    assert.deepEqual(h.service.calls.map((c) => c.mode), ['transactional', 'transactional', 'local']);
  });

  it('is neither stored nor deduplicated', async () => {
    const h = harness();
    await h.post('/api/v1/local', envelope('again'));
    await h.post('/api/v1/local', envelope('again'));
    assert.equal(h.service.calls.length, 2);
    assert.equal((h.conn.prepare('SELECT count(*) AS n FROM pactCommands').get() as { n: number }).n, 0);
  });

  it('takes chainweb\'s preflight and signatureVerification flags', async () => {
    const h = harness();
    const pre = await (await h.post('/api/v1/local?preflight=true&signatureVerification=false', envelope('pf'))).text();
    assert.match(pre, /^\{"preflightResult":\{"gas":0,.*"txId":null\},"preflightWarnings":\[\]\}$/);
    assert.deepEqual(h.service.calls[0]!.options, { verifySignatures: false });
    await h.post('/chainweb/0.0/development/chain/0/pact/api/v1/local?preflight=false', envelope('plain'));
    assert.deepEqual(h.service.calls[1]!.options, { verifySignatures: true });
    const bad = await h.post('/api/v1/local?preflight=maybe', envelope('pf'));
    assert.equal(bad.status, 400);
    assert.equal(await bad.text(), "Error parsing query parameter preflight failed: expected true or false, found `maybe'");
  });
});

describe('/listen', () => {
  it('answers as soon as the result is there, and at once when it already is', async () => {
    const h = harness();
    const listening = h.post('/api/v1/listen', { listen: keyOf('w') });
    await turn();
    await send(h, 'w');
    const res = await listening;
    assert.equal(res.headers.get('content-type'), 'application/json;charset=utf-8');
    assert.match(await res.text(), new RegExp(`"reqKey":"${keyOf('w')}".*"txId":0}$`));
    assert.match(await (await h.post('/api/v1/listen', { listen: keyOf('w') })).text(), /"txId":0}$/);
  });

  it('answers Pact\'s timeout object once the listen timeout passes', async () => {
    const h = harness({ listenTimeout: 0.05 });
    const started = Date.now();
    const res = await h.post('/api/v1/listen', { listen: keyOf('never') });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '{"status":"timeout","timeout-micros":50000}');
    assert.ok(Date.now() - started >= 45);
  });

  it('releases the waiter when the client goes away', async () => {
    const h = harness();
    const client = new AbortController();
    const listening = h.request('/api/v1/listen', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listen: keyOf('gone') }), signal: client.signal,
    });
    await turn();
    assert.equal(h.node.listenerCount, 1);
    client.abort();
    await listening.catch(() => undefined);
    await turn();
    assert.equal(h.node.listenerCount, 0);
  });
});

describe('the executor', () => {
  it('works in slices, giving the event loop a turn between them', async () => {
    const h = harness({ sliceMs: 5 });
    for (let i = 0; i < 10; i++) await send(h, ...[0, 1, 2, 3, 4].map((j) => `slow ${i}.${j}`));
    await turn();
    await turn();
    // 50 commands of 2 ms each: two turns have run a few of them, not all.
    const ran = h.service.calls.length;
    assert.ok(ran > 0 && ran < 50, `ran ${ran}`);
    assert.equal((await h.request('/version')).status, 200);
    await h.node.executor.idle();
    assert.equal(h.service.effects(), 50);
  });

  it('keeps its group open across slices while work keeps coming (groupMs), and commits it once out of work', async () => {
    const conn = new DatabaseSync(':memory:');
    const announced: number[] = [];
    const service = new StubService(conn);
    const executor = new Executor({
      conn, history: new HistoryStore(conn), service, log: { verbose: false, debug: () => {} },
      sliceMs: 0, groupMs: 60_000, onBatchDone: (b) => announced.push(b[0]!.batch), onFatal: (e) => { throw e; },
    });
    for (let batch = 1; batch <= 3; batch++) executor.enqueueBatch([{ reqKey: keyOf(`g${batch}`), command: command(`slow g${batch}`), batch }]);
    while (service.calls.length < 2) await turn();
    // Two batches ran, each slice giving the event loop its turn, and neither is committed.
    assert.equal(conn.isTransaction, true);
    assert.deepEqual(announced, []);
    await executor.idle();
    assert.equal(conn.isTransaction, false);
    assert.deepEqual(announced, [1, 2, 3]);
  });

  it('builds commands back from storage with their signatures', async () => {
    const h = harness();
    const c = { ...command('signed'), sigs: [{ kind: 'ed25519' as const, sig: 'ab'.repeat(64) }] };
    await h.node.send([c]);
    assert.deepEqual(h.node.inbox.pending(), [{ reqKey: keyOf('signed'), batch: 1, command: c }]);
  });
});
