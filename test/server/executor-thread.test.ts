/// The node's executor on its own thread, in a node process with the stub service: the HTTP
/// edge answers while a command runs, a command past its time limit fails (its effects rolled
/// back) and the ones behind it run, and SIGTERM/SIGINT stop the node at once, mid-command,
/// keeping what did not finish for the restart.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { openSqlite } from '../../src/db/sqlite.ts';
import { HistoryStore } from '../../src/server/history.ts';
import { Inbox } from '../../src/server/inbox.ts';
import { command, envelope, keyOf, postJson, startStubNode } from './stub.ts';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-thread-');

/// The results of `texts`, polled until all are there.
async function results(url: string, texts: string[]): Promise<Record<string, any>> {
  const keys = texts.map(keyOf);
  for (;;) {
    const polled = await (await postJson(`${url}/api/v1/poll`, { requestKeys: keys })).json() as Record<string, any>;
    if (Object.keys(polled).length === keys.length) return polled;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/// How long `request` takes to answer, in milliseconds.
async function timed(request: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  assert.equal((await request()).status, 200);
  return performance.now() - t0;
}

/// The request keys of the stub service's effects stored in the node's database, in txid order.
function storedEffects(dir: string): unknown[] {
  const db = new DatabaseSync(join(dir, 'data', 'pact.sqlite'));
  try {
    return db.prepare('SELECT reqKey FROM effects ORDER BY txid').all().map((r) => r.reqKey);
  } finally {
    db.close();
  }
}

const TIME_LIMIT = "Execution time limit exceeded: the command ran for more than 0.5 s (the node's sendTimeLimit)";

describe('a command past its time limit', () => {
  it('fails with its effects rolled back, the commands behind it run, and the node answers all along', async () => {
    const dir = tempDir();
    const node = await startStubNode(dir, 'sendTimeLimit: 0.5\nlocalTimeLimit: 0.3\n');
    try {
      const texts = ['before', 'hang here', 'after'];
      assert.equal((await postJson(`${node.url}/api/v1/send`, { cmds: texts.map(envelope) })).status, 200);
      await new Promise((r) => setTimeout(r, 100));
      // While it hangs: the edge, /poll and a second /send answer at once.
      for (const request of [
        () => fetch(`${node.url}/version`),
        () => postJson(`${node.url}/api/v1/poll`, { requestKeys: [keyOf('before')] }),
        () => postJson(`${node.url}/api/v1/send`, { cmds: [envelope('later')] }),
      ]) assert.ok(await timed(request) < 100);
      const polled = await results(node.url, [...texts, 'later']);
      assert.equal(polled[keyOf('hang here')].result.error.message, TIME_LIMIT);
      assert.equal(polled[keyOf('hang here')].txId, null);
      assert.deepEqual(['before', 'after', 'later'].map((t) => polled[keyOf(t)].txId), [0, 1, 2]);
      const localLimit = "Execution time limit exceeded: the command ran for more than 0.3 s (the node's localTimeLimit)";
      const local = await (await postJson(`${node.url}/api/v1/local`, envelope('hang locally'))).json() as any;
      assert.equal(local.result.error.message, localLimit);
      const playground = await (await postJson(`${node.url}/explorer/api/v1/local`, { code: 'hang in the playground' })).json() as any;
      assert.equal(playground.result.error.message, localLimit);
      assert.equal((await (await postJson(`${node.url}/api/v1/local`, envelope('peek'))).json() as any).result.data, 3);
    } finally {
      await node.stop();
    }
    assert.deepEqual(storedEffects(dir), ['before', 'after', 'later'].map(keyOf));
  });
});

describe('a command past its time limit in a group of several batches', () => {
  it('is the one that fails; the commands run before it in its group run again and keep their effects', async () => {
    const dir = tempDir();
    // Acknowledged before the node starts: it queues them all at once, so they run in one group.
    mkdirSync(join(dir, 'data'));
    const conn = openSqlite(join(dir, 'data', 'pact.sqlite'), []);
    const inboxConn = openSqlite(join(dir, 'data', 'inbox.sqlite'), []);
    const inbox = new Inbox(inboxConn, new HistoryStore(conn));
    inbox.accept([['g1', 'g2'], ['hang in g'], ['g3']].map((batch) => batch.map(command)));
    inboxConn.close();
    conn.close();
    const node = await startStubNode(dir, 'sendTimeLimit: 0.5\n');
    try {
      const polled = await results(node.url, ['g1', 'g2', 'hang in g', 'g3']);
      assert.equal(polled[keyOf('hang in g')].result.error.message, TIME_LIMIT);
      assert.deepEqual(['g1', 'g2', 'g3'].map((t) => polled[keyOf(t)].txId), [0, 1, 2]);
    } finally {
      await node.stop();
    }
    assert.deepEqual(storedEffects(dir), ['g1', 'g2', 'g3'].map(keyOf));
  });
});

describe('a command that takes all the memory', () => {
  it('fails, and the node carries on with the commands behind it', async () => {
    const dir = tempDir();
    // A small heap, which the executor thread inherits, runs out soon.
    const node = await startStubNode(dir, '', ['--max-old-space-size=64']);
    try {
      const texts = ['hog all', 'then this'];
      assert.equal((await postJson(`${node.url}/api/v1/send`, { cmds: texts.map(envelope) })).status, 200);
      const polled = await results(node.url, texts);
      assert.match(polled[keyOf('hog all')].result.error.message, /^Out of memory: the command needed more than the node's heap \(\d+ MB\)$/);
      assert.equal(polled[keyOf('then this')].txId, 0);
    } finally {
      await node.stop();
    }
  });
});

describe('SIGTERM and SIGINT', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} mid-command stops the node within a second; a restart runs that command and the rest`, async () => {
      const dir = tempDir();
      const node = await startStubNode(dir, 'sendTimeLimit: 0.5\n');
      assert.equal((await postJson(`${node.url}/api/v1/send`, { cmds: [envelope('done')] })).status, 200);
      await results(node.url, ['done']);
      const texts = [`hang ${signal}`, `next ${signal}`];
      assert.equal((await postJson(`${node.url}/api/v1/send`, { cmds: texts.map(envelope) })).status, 200);
      await new Promise((r) => setTimeout(r, 100));
      const t0 = performance.now();
      const code = await node.stop(signal);
      const took = performance.now() - t0;
      assert.equal(code, 0);
      assert.ok(took < 1000, `stopped after ${took.toFixed(0)} ms`);
      assert.match(node.output(), /pact-ts node stopped\n$/);

      const again = await startStubNode(dir, 'sendTimeLimit: 0.5\n');
      try {
        const polled = await results(again.url, texts);
        assert.equal(polled[keyOf(texts[0]!)].result.error.message, TIME_LIMIT);
        assert.equal(polled[keyOf(texts[1]!)].txId, 1);
      } finally {
        await again.stop();
      }
    });
  }
});
