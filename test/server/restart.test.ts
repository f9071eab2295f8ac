/// Durability: what a restart on the same database finds and does. Acknowledged commands that
/// did not run are run (in acceptance order, tx ids continuing); nothing is run twice; a process
/// killed in the middle of a stream of /send requests loses nothing.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { envelope, harness, keyOf, postJson, startStubNode } from './stub.ts';
import type { Harness } from './stub.ts';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-node-');

const send = async (h: Harness, ...texts: string[]): Promise<Response> => h.post('/api/v1/send', { cmds: texts.map(envelope) });
const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('restart', () => {
  it('runs acknowledged commands that had not run, in order, with tx ids continuing', async () => {
    const path = join(tempDir(), 'pact.sqlite');
    const first = harness({ conn: new DatabaseSync(path) });
    await send(first, 'r1', 'r2');
    await first.node.executor.idle();
    await Promise.all([send(first, 'r3'), send(first, 'r4', 'r5')]);
    // Stopped before the executor's first turn: r3..r5 are stored, not run.
    await first.node.close();
    first.conn.close();

    const second = harness({ conn: new DatabaseSync(path) });
    assert.equal(second.service.nextTxId, 2);
    await second.node.executor.idle();
    assert.deepEqual(second.service.calls.map((c) => c.reqKey), ['r3', 'r4', 'r5'].map(keyOf));
    const polled = JSON.parse(await (await second.post('/api/v1/poll', { requestKeys: ['r1', 'r2', 'r3', 'r4', 'r5'].map(keyOf) })).text());
    assert.deepEqual(['r1', 'r2', 'r3', 'r4', 'r5'].map((t) => polled[keyOf(t)].txId), [0, 1, 2, 3, 4]);
    // Known keys stay known: nothing runs twice.
    await send(second, 'r1', 'r4', 'r6');
    await second.node.executor.idle();
    assert.deepEqual(second.service.calls.map((c) => c.reqKey).slice(3), [keyOf('r6')]);
    assert.equal(second.service.effects(), 6);
    await second.node.close();
    second.conn.close();
  });

  it('finishes a half-run batch and shows it only when it is whole', async () => {
    const path = join(tempDir(), 'pact.sqlite');
    const first = harness({ conn: new DatabaseSync(path), sliceMs: 0 });
    await send(first, 'h1', 'h2', 'h3');
    while (first.service.calls.length < 1) await turn();
    await first.node.close();
    first.conn.close();
    const done = first.service.calls.length;
    assert.ok(done < 3);

    const second = harness({ conn: new DatabaseSync(path) });
    assert.equal(second.node.poll([keyOf('h1')]), '{}');
    await second.node.executor.idle();
    assert.equal(second.service.calls.length, 3 - done);
    assert.equal(Object.keys(JSON.parse(second.node.poll(['h1', 'h2', 'h3'].map(keyOf)))).length, 3);
    assert.equal(second.service.effects(), 3);
    await second.node.close();
    second.conn.close();
  });
});

describe('SIGKILL', () => {
  it('loses no acknowledged command and applies none twice', async () => {
    const dir = tempDir();
    const { child, url } = await startStubNode(dir);
    const acknowledged: string[] = [];
    let n = 0;
    const stream = (async () => {
      for (;;) {
        const texts = [0, 1, 2].map(() => `kill-test ${n++}`);
        try {
          const res = await postJson(`${url}/api/v1/send`, { cmds: texts.map(envelope) });
          if (res.status === 200) acknowledged.push(...texts);
        } catch {
          return;
        }
      }
    })();
    // Killed once the stream is well under way (how soon depends on the machine's load).
    while (acknowledged.length <= 30) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    await stream;

    const again = await startStubNode(dir);
    const keys = acknowledged.map(keyOf);
    let results: Record<string, { txId: number }> = {};
    for (let tries = 0; Object.keys(results).length < keys.length && tries < 200; tries++) {
      results = await (await postJson(`${again.url}/api/v1/poll`, { requestKeys: keys })).json() as typeof results;
      if (Object.keys(results).length < keys.length) await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(await again.stop(), 0);
    assert.equal(Object.keys(results).length, keys.length, 'every acknowledged command has a result');

    const conn = new DatabaseSync(join(dir, 'data', 'pact.sqlite'));
    const effects = conn.prepare('SELECT reqKey, txid FROM effects ORDER BY txid').all() as Array<{ reqKey: string; txid: number }>;
    const stored = conn.prepare('SELECT hash FROM pactCommands WHERE result IS NOT NULL ORDER BY txid').all() as Array<{ hash: string }>;
    conn.close();
    assert.equal(new Set(effects.map((e) => e.reqKey)).size, effects.length, 'no command applied twice');
    // Commands commit in groups: a kill mid-group loses the group's effects and results alike.
    assert.deepEqual(effects.map((e) => e.reqKey), stored.map((r) => r.hash), 'an effect for each stored result, none for others');
    assert.deepEqual(effects.map((e) => e.txid), effects.map((_, i) => i), 'tx ids without gaps or repeats');
  });
});
