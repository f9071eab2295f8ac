/// Durability of the real `dist/pact --serve` on a persistDir: killed with SIGKILL in the middle
/// of a stream of /send requests and restarted, it has a result for every acknowledged request
/// key and the state holds each acknowledged command's effect exactly once; a restart on 10,000
/// stored commands is ready in well under a second.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { postJson, startNode, tempDir, unsignedCommand as command } from './harness.ts';

const COUNTER = '(module counter G (defcap G () true) (defschema c n:integer) (deftable t:{c}) ' +
  '(defun bump:integer () (with-default-read t "k" { "n": 0 } { "n" := n } (write t "k" { "n": (+ n 1) }) (+ n 1))) ' +
  '(defun value:integer () (with-default-read t "k" { "n": 0 } { "n" := n } n))) (create-table t)';

const send = (url: string, cmds: string[]) => postJson<{ requestKeys: string[] }>(`${url}/api/v1/send`, `{"cmds":[${cmds.join(',')}]}`);
const local = (url: string, code: string) => postJson(`${url}/api/v1/local`, command(code));

describe('a node killed with SIGKILL', () => {
  it('loses no acknowledged command and applies none twice', async (t) => {
    const { dir, cleanup } = tempDir();
    try {
      const first = await startNode(dir, 'persistDir: data\n');
      const [deploy] = (await send(first.url, [command(COUNTER)])).requestKeys;
      assert.equal((await postJson(`${first.url}/api/v1/listen`, { listen: deploy })).result.status, 'success');
      // A stream of /send requests of a few bumps each; kill the node while they flow.
      const acknowledged: string[] = [];
      const stream = (async () => {
        for (let i = 0; ; i++) {
          try {
            acknowledged.push(...(await send(first.url, [1, 2, 3].map(() => command('(counter.bump)')))).requestKeys);
          } catch {
            return;
          }
        }
      })();
      await new Promise((r) => setTimeout(r, 400));
      first.child.kill('SIGKILL');
      await stream;
      await first.exited;
      assert.ok(acknowledged.length > 0);

      const second = await startNode(dir, 'persistDir: data\n');
      try {
        const results = new Map<string, any>();
        for (let i = 0; i < 200 && results.size < acknowledged.length; i++) {
          const polled = await postJson<Record<string, any>>(`${second.url}/api/v1/poll`, { requestKeys: acknowledged });
          for (const [k, v] of Object.entries(polled)) results.set(k, v);
          if (results.size < acknowledged.length) await new Promise((r) => setTimeout(r, 25));
        }
        assert.equal(results.size, acknowledged.length);
        t.diagnostic(`${acknowledged.length} commands acknowledged before the kill, all with results after the restart`);
        const values = [...results.values()].map((r) => r.result.data).sort((a, b) => a - b);
        // Each bump saw the count before it: 1..N, none missing, none repeated.
        assert.deepEqual(values, acknowledged.map((_, i) => i + 1));
        const count = (await local(second.url, '(counter.value)')).result.data;
        // Commands sent but not acknowledged before the kill may or may not have been stored.
        assert.ok(count >= acknowledged.length, `${count} < ${acknowledged.length}`);
        const txIds = [...results.values()].map((r) => r.txId).sort((a, b) => a - b);
        assert.equal(new Set(txIds).size, txIds.length);
      } finally {
        await second.stop();
      }
    } finally {
      cleanup();
    }
  });
});

describe('a restart on a persistDir holding 10,000 commands', () => {
  it('is ready in under a second and carries on from the stored state', async (t) => {
    const { dir, cleanup } = tempDir();
    try {
      const first = await startNode(dir, 'persistDir: data\n');
      await postJson(`${first.url}/api/v1/listen`, { listen: (await send(first.url, [command(COUNTER)])).requestKeys[0] });
      let last = '';
      for (let batch = 0; batch < 5; batch++) {
        const keys = (await send(first.url, Array.from({ length: 2000 }, () => command('(counter.bump)')))).requestKeys;
        last = keys.at(-1)!;
      }
      assert.equal((await postJson(`${first.url}/api/v1/listen`, { listen: last })).result.data, 10000);
      assert.equal(await first.stop(), 0);

      const t0 = performance.now();
      const second = await startNode(dir, 'persistDir: data\n');
      const ready = performance.now() - t0;
      try {
        assert.ok(ready < 1000, `ready after ${ready.toFixed(0)} ms`);
        t.diagnostic(`restart on 10,001 stored commands: listening after ${ready.toFixed(0)} ms (process start included)`);
        assert.equal((await local(second.url, '(counter.value)')).result.data, 10000);
        const next = await send(second.url, [command('(counter.bump)')]);
        const r = await postJson(`${second.url}/api/v1/listen`, { listen: next.requestKeys[0] });
        assert.deepEqual([r.result.data, r.txId], [10001, 10001]);
      } finally {
        await second.stop();
      }
    } finally {
      cleanup();
    }
  });
});
