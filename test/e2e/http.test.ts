/// The real `dist/pact --serve` with plain HTTP: the seed's local flow with `pact -a` and curl,
/// CORS, bad JSON, a bad signature, a duplicate request key, a /listen timeout, paths and methods.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { genKey, PACT, pact, post, postJson, startNode, tempDir } from './harness.ts';
import type { Node } from './harness.ts';

let node: Node;
let dir: string;
let cleanup: () => void;
before(async () => {
  const t = tempDir();
  ({ dir, cleanup } = t);
  node = await startNode(dir, 'listenTimeout: 0.2\n');
});
after(async () => {
  await node.stop();
  cleanup();
});

/// A request YAML file signed by `key`; returns its path.
function request(name: string, code: string, key: { publicKey: string; secretKey: string }, nonce = name): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, [
    `code: ${JSON.stringify(code)}`,
    `nonce: ${JSON.stringify(nonce)}`,
    'publicMeta: { chainId: "0", sender: alice, gasLimit: 1000, gasPrice: 0.00001, ttl: 600, creationTime: 0 }',
    `keyPairs: [{ public: ${key.publicKey}, secret: ${key.secretKey} }]`,
  ].join('\n') + '\n');
  return file;
}

const sh = (script: string): string => execFileSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8' });

describe('the seed\'s local development flow', () => {
  it('formats a YAML request with pact -a -l and curls it to /local', () => {
    request('req', '(+ 1 2)', genKey());
    const out = sh(`${PACT} -a req.yaml -l | curl -s -d @- -H 'Content-Type: application/json' ${node.url}/api/v1/local`);
    const r = JSON.parse(out);
    assert.deepEqual(r.result, { status: 'success', data: 3 });
    assert.equal(r.txId, null);
  });

  it('sends with pact -a and curl, then polls for the result', () => {
    request('send', '(+ 40 2)', genKey());
    const sent = JSON.parse(sh(`${PACT} -a send.yaml | curl -s -d @- -H 'Content-Type: application/json' ${node.url}/api/v1/send`));
    assert.equal(sent.requestKeys.length, 1);
    const [rk] = sent.requestKeys;
    let polled: Record<string, any> = {};
    for (let i = 0; i < 100 && polled[rk] === undefined; i++) {
      polled = JSON.parse(sh(`curl -s -d '{"requestKeys":["${rk}"]}' -H 'Content-Type: application/json' ${node.url}/api/v1/poll`));
    }
    assert.deepEqual(polled[rk].result, { status: 'success', data: 42 });
    assert.equal(typeof polled[rk].txId, 'number');
  });
});

describe('requests a node refuses or fails', () => {
  it('fails a command whose signature does not match, with Pact\'s quoted reason', async () => {
    const signed = JSON.parse(pact(['-a', request('badsig', '(+ 1 2)', genKey()), '-l']));
    const other = JSON.parse(pact(['-a', request('other', '(+ 1 3)', genKey()), '-l']));
    const r = await postJson(`${node.url}/api/v1/local`, { ...signed, sigs: other.sigs });
    assert.equal(r.result.status, 'failure');
    assert.equal(r.result.error.type, 'TxFailure');
    assert.match(r.result.error.message, /^"Invalid command: Invalid sig\(s\) found: .*invalid ed25519 signature/);
  });

  it('answers bad JSON with 400 and aeson\'s message', async () => {
    const r = await post(`${node.url}/api/v1/send`, '{"cmds": [');
    assert.equal(r.status, 400);
    assert.match(r.text, /^Error in \$/);
    const shape = await post(`${node.url}/api/v1/send`, '{"commands": []}');
    assert.deepEqual([shape.status, shape.text], [400, 'Error in $: parsing Pact.Types.API.SubmitBatch(SubmitBatch) failed, key "cmds" not found']);
  });

  it('runs a command sent twice only once, and returns its key both times', async () => {
    const key = genKey();
    await postJson(`${node.url}/api/v1/send`, pact(['-a', request('deploy', '(module dup G (defcap G () true) (defschema c n:integer) (deftable t:{c}) (defun bump () (with-default-read t "k" { "n": 0 } { "n" := n } (write t "k" { "n": (+ n 1) }) (+ n 1)))) (create-table t)', key)]));
    const body = pact(['-a', request('bump', '(dup.bump)', key)]);
    const first = await postJson(`${node.url}/api/v1/send`, body);
    const second = await postJson(`${node.url}/api/v1/send`, body);
    assert.deepEqual(second, first);
    const result = await postJson(`${node.url}/api/v1/listen`, { listen: first.requestKeys[0] });
    assert.deepEqual(result.result, { status: 'success', data: 1 });
    const local = await postJson(`${node.url}/api/v1/local`, pact(['-a', request('peek', '(dup.bump)', key), '-l']));
    assert.deepEqual(local.result, { status: 'success', data: 2 });
  });

  it('answers /listen for a key that never completes with a timeout after the configured time', async () => {
    const t0 = performance.now();
    const r = await post(`${node.url}/api/v1/listen`, '{"listen":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}');
    assert.deepEqual([r.status, r.text], [200, '{"status":"timeout","timeout-micros":200000}']);
    assert.ok(performance.now() - t0 >= 190);
  });

  it('refuses a body past maxBodyBytes with 413, announced or streamed, and goes on serving', async () => {
    const t = tempDir();
    const small = await startNode(t.dir, 'maxBodyBytes: 1000\n');
    try {
      const big = '{"cmds":[' + '"x",'.repeat(400) + '"x"]}';
      const announced = await post(`${small.url}/api/v1/send`, big, { 'content-type': 'application/json' });
      assert.equal(announced.status, 413);
      // Chunked, so the size is only known while reading.
      const stream = new ReadableStream({ start(c) { for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode(big.slice(i * 500, (i + 1) * 500))); c.close(); } });
      const streamed = await fetch(`${small.url}/api/v1/send`, { method: 'POST', body: stream, duplex: 'half', headers: { 'content-type': 'application/json' } } as RequestInit);
      assert.equal(streamed.status, 413);
      assert.equal(await streamed.text(), 'Request body too large: the limit is 1000 bytes (maxBodyBytes)');
      const polled = await post(`${small.url}/api/v1/poll`, `{"requestKeys":["${'A'.repeat(43)}"]}`, { 'content-type': 'application/json' });
      assert.equal(polled.text, '{}');
    } finally {
      await small.stop();
      t.cleanup();
    }
  });

  it('answers unknown paths with 404, wrong methods with 405, other content types with 415', async () => {
    assert.equal((await fetch(`${node.url}/api/v1/nothing`, { method: 'POST' })).status, 404);
    assert.equal((await fetch(`${node.url}/api/v1/send`)).status, 405);
    assert.equal((await post(`${node.url}/api/v1/poll`, '{}', { 'content-type': 'text/plain' })).status, 415);
  });
});

describe('what browsers and chainweb clients need', () => {
  it('answers a CORS preflight from a page on the loopback', async () => {
    const r = await fetch(`${node.url}/api/v1/local`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    assert.match(r.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(r.headers.get('access-control-allow-headers') ?? '', /content-type/i);
  });

  it('serves the API under the chainweb path, /version, /health-check and /info', async () => {
    const body = pact(['-a', request('cw', '(+ 2 3)', genKey()), '-l']);
    const r = await postJson(`${node.url}/chainweb/0.0/development/chain/0/pact/api/v1/local`, body);
    assert.deepEqual(r.result, { status: 'success', data: 5 });
    const version = await fetch(`${node.url}/version`);
    assert.equal(await version.text(), '4.13.2');
    assert.equal((await fetch(`${node.url}/health-check`)).status, 200);
    const info = await (await fetch(`${node.url}/info`)).json() as { nodeChains: string[] };
    assert.deepEqual(info.nodeChains, ['0']);
  });
});
