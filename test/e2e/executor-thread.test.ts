/// The real `dist/pact --serve` and its executor thread. While a command runs for a long time,
/// the HTTP edge, /poll and the explorer answer at once; a command past its time limit
/// (`sendTimeLimit`, `localTimeLimit`) fails with its effects rolled back and the commands
/// behind it run; a node killed mid-command answers at once after a restart and gives that
/// command the same failure; SIGTERM mid-command stops the node within a second. The thread's
/// stack holds deep programs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { postJson, startNode, tempDir, unsignedCommand as command } from './harness.ts';
import type { Node } from './harness.ts';
import { NESTINGS, chain } from '../helpers/deep.ts';

const COUNTER = '(module counter G (defcap G () true) (defschema c n:integer) (deftable t:{c}) ' +
  '(defun bump:integer () (with-default-read t "k" { "n": 0 } { "n" := n } (write t "k" { "n": (+ n 1) }) (+ n 1))) ' +
  '(defun value:integer () (with-default-read t "k" { "n": 0 } { "n" := n } n))) (create-table t)';
/// 10^12 additions: it never ends by itself.
const ENDLESS = '(fold (lambda (a x) (fold (+) a (enumerate 0 1000000))) 0 (enumerate 0 1000000))';

const timeLimit = (seconds: number, key: string): string =>
  `Execution time limit exceeded: the command ran for more than ${seconds} s (the node's ${key})`;

const send = async (node: Node, ...codes: string[]): Promise<string[]> =>
  (await postJson<{ requestKeys: string[] }>(`${node.url}/api/v1/send`, `{"cmds":[${codes.map(command).join(',')}]}`)).requestKeys;
const listen = (node: Node, key: string) => postJson(`${node.url}/api/v1/listen`, { listen: key });
const local = (node: Node, code: string) => postJson(`${node.url}/api/v1/local`, command(code));

/// Milliseconds `request` takes to answer 200.
async function timed(request: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await request();
  await res.text();
  assert.equal(res.status, 200);
  return performance.now() - t0;
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
}

describe('a node running a long command', () => {
  it('answers /version, /poll and the explorer at once while a 10 s loop runs (/send, then /local), and ends each loop at its limit', async (t) => {
    const { dir, cleanup } = tempDir();
    const node = await startNode(dir, 'persistDir: data\nsendTimeLimit: 10\nlocalTimeLimit: 10\n');
    try {
      assert.equal((await listen(node, (await send(node, COUNTER))[0]!)).result.status, 'success');
      const [runaway, behind] = await send(node, `(counter.bump) ${ENDLESS}`, '(counter.bump)');
      const t0 = performance.now();
      let localAnswer: any;
      const localDone = local(node, ENDLESS).then((r) => { localAnswer = r; });
      const probes = {
        '/version': () => fetch(`${node.url}/version`),
        '/poll': () => fetch(`${node.url}/api/v1/poll`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ requestKeys: [runaway] }),
        }),
        'explorer transactions': () => fetch(`${node.url}/explorer/api/v1/transactions`),
      };
      const times: Record<string, number[]> = { '/version': [], '/poll': [], 'explorer transactions': [] };
      while (localAnswer === undefined) {
        for (const [name, request] of Object.entries(probes)) times[name]!.push(await timed(request));
        await Promise.race([localDone, new Promise((r) => setTimeout(r, 250))]);
      }
      const took = performance.now() - t0;
      assert.ok(took >= 20_000, `both loops ended after ${took.toFixed(0)} ms`);
      for (const [name, ms] of Object.entries(times)) {
        t.diagnostic(`${name} during the loops: ${ms.length} answers, median ${median(ms).toFixed(1)} ms, slowest ${Math.max(...ms).toFixed(1)} ms`);
        assert.ok(median(ms) < 100, `${name}: median ${median(ms).toFixed(1)} ms`);
        // Never held up by the evaluation (which would take seconds), however loaded the machine.
        assert.ok(Math.max(...ms) < 500, `${name}: slowest ${Math.max(...ms).toFixed(1)} ms`);
      }
      assert.equal(localAnswer.result.error.message, timeLimit(10, 'localTimeLimit'));
      const polled = await postJson(`${node.url}/api/v1/poll`, { requestKeys: [runaway, behind] });
      assert.equal(polled[runaway!].result.error.message, timeLimit(10, 'sendTimeLimit'));
      assert.equal(polled[runaway!].txId, null);
      // The runaway's bump was rolled back; the command behind it ran.
      assert.equal(polled[behind!].result.data, 1);
      assert.equal((await local(node, '(counter.value)')).result.data, 1);
    } finally {
      await node.stop();
      cleanup();
    }
  });

  it('killed with SIGKILL mid-command, answers at once after a restart and gives that command the time-limit failure', async (t) => {
    const { dir, cleanup } = tempDir();
    const config = 'persistDir: data\nsendTimeLimit: 5\n';
    try {
      const first = await startNode(dir, config);
      const [runaway, behind] = await send(first, ENDLESS, '(+ 1 2)');
      await new Promise((r) => setTimeout(r, 500));
      await first.stop('SIGKILL');

      const second = await startNode(dir, config);
      try {
        // The command runs again, for 5 s: the node answers meanwhile (the first answers of a
        // process are slower, its code not compiled yet).
        const ms: number[] = [];
        for (let i = 0; i < 5; i++) ms.push(await timed(() => fetch(`${second.url}/version`)));
        t.diagnostic(`/version after the restart: ${ms.map((x) => x.toFixed(1)).join(', ')} ms`);
        assert.ok(median(ms) < 100 && Math.max(...ms) < 1000, ms.join(', '));
        assert.equal((await listen(second, runaway!)).result.error.message, timeLimit(5, 'sendTimeLimit'));
        assert.equal((await listen(second, behind!)).result.data, 3);
      } finally {
        await second.stop();
      }
    } finally {
      cleanup();
    }
  });

  it('stops within a second of SIGTERM mid-command, saying so', async (t) => {
    const { dir, cleanup } = tempDir();
    try {
      const node = await startNode(dir, 'persistDir: data\n');
      await send(node, ENDLESS);
      await new Promise((r) => setTimeout(r, 500));
      const t0 = performance.now();
      assert.equal(await node.stop('SIGTERM'), 0);
      const took = performance.now() - t0;
      t.diagnostic(`exited ${took.toFixed(0)} ms after SIGTERM`);
      assert.ok(took < 1000, `exited after ${took.toFixed(0)} ms`);
      assert.match(node.output(), /pact-ts node stopped\n$/);
    } finally {
      cleanup();
    }
  });
});

describe('the executor thread\'s stack', () => {
  it('runs a chain of 10,000 user calls, and code nested 10,000 deep', async () => {
    const { dir, cleanup } = tempDir();
    const node = await startNode(dir);
    try {
      assert.equal((await listen(node, (await send(node, chain(10000)))[0]!)).result.status, 'success');
      assert.equal((await local(node, '(chain.f0 0)')).result.data, 10000);
      for (const [kind, nested] of Object.entries(NESTINGS)) {
        const [code, value] = nested(10000);
        assert.deepEqual([kind, (await local(node, code)).result.data], [kind, value]);
      }
    } finally {
      await node.stop();
      cleanup();
    }
  });
});
