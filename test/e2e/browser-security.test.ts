/// The real `dist/pact --serve` against web pages: which Host names and CORS origins it answers
/// (a page elsewhere cannot drive a local node, DNS rebinding included), Pact 4's policy back with
/// `corsOrigins: ["*"]`, the start-up line of a node reachable from the network, error pages, and
/// the verbose lines for refused requests. Requests go through node:http, which sends the Host
/// and Origin given and shows the status line's reason phrase.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { hostname } from 'node:os';
import { describe, it } from 'node:test';
import { hashCmd } from '../../src/api/command.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';
import { startNode, suiteNode, tempDir } from './harness.ts';

interface Answer {
  readonly status: number;
  readonly reason: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/// One request to `url` with exactly these headers (Host included when given).
function send(url: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode!, reason: res.statusMessage!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const EVIL = 'https://evil.example';
const preflight = (origin: string) => ({
  origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type',
});

/// The envelope of one unsigned command whose code is `code` (a node stores any command, signed
/// or not), its request key, and a /send of it.
function unsigned(code: string, nonce: string): { envelope: string; key: string; body: string } {
  const cmd = JSON.stringify({ networkId: null, payload: { exec: { data: null, code } }, signers: [],
    meta: { creationTime: 0, ttl: 0, gasLimit: 0, chainId: '', gasPrice: 0, sender: '' }, nonce });
  const key = base64UrlEncode(hashCmd(cmd));
  const envelope = JSON.stringify({ hash: key, sigs: [], cmd });
  return { envelope, key, body: `{"cmds":[${envelope}]}` };
}

const node = suiteNode('verbose: true\nmaxBodyBytes: 2000\n');

describe('a local node and web pages', () => {
  it('refuses a page from another origin: preflight and simple request, which does not run', async () => {
    const pre = await send(`${node().url}/api/v1/send`, 'OPTIONS', preflight(EVIL));
    assert.equal(pre.status, 403);
    assert.equal(pre.reason, 'Forbidden');
    assert.equal(pre.headers['access-control-allow-origin'], undefined);
    assert.equal(pre.text, 'Origin not allowed: https://evil.example. This node answers pages on the loopback and from the config\'s corsOrigins.');
    const { envelope, body, key } = unsigned('(+ 1 2)', 'evil');
    const simple = await send(`${node().url}/api/v1/send`, 'POST', { ...JSON_HEADERS, origin: EVIL }, body);
    assert.equal(simple.status, 403);
    assert.equal(simple.headers['access-control-allow-origin'], undefined);
    // Not stored, not run: no result now or after the executor had time, nothing in the explorer.
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await send(`${node().url}/api/v1/poll`, 'POST', JSON_HEADERS, JSON.stringify({ requestKeys: [key] }))).text, '{}');
    assert.doesNotMatch((await send(`${node().url}/explorer/api/v1/transactions`, 'GET')).text, new RegExp(key));
    assert.equal((await send(`${node().url}/api/v1/local`, 'POST', { ...JSON_HEADERS, origin: EVIL }, envelope)).status, 403);
  });

  it('answers a page on the loopback (a dev server on localhost:5173), naming its origin', async () => {
    const origin = 'http://localhost:5173';
    const pre = await send(`${node().url}/api/v1/send`, 'OPTIONS', preflight(origin));
    assert.deepEqual([pre.status, pre.reason], [200, 'OK']);
    assert.equal(pre.headers['access-control-allow-origin'], origin);
    assert.equal(pre.headers.vary, 'Origin');
    assert.match(String(pre.headers['access-control-allow-headers']), /content-type/);
    const { body, key } = unsigned('(+ 40 2)', 'dev');
    const sent = await send(`${node().url}/api/v1/send`, 'POST', { ...JSON_HEADERS, origin }, body);
    assert.equal(sent.status, 200);
    assert.equal(sent.headers['access-control-allow-origin'], origin);
    const result = await send(`${node().url}/api/v1/listen`, 'POST', { ...JSON_HEADERS, origin }, JSON.stringify({ listen: key }));
    assert.deepEqual(JSON.parse(result.text).result, { status: 'success', data: 42 });
  });

  it('answers only Host names of this node: 403 for another name (DNS rebinding)', async () => {
    const port = new URL(node().url).port;
    const evil = await send(`${node().url}/version`, 'GET', { host: `evil.example.com:${port}` });
    assert.deepEqual([evil.status, evil.reason], [403, 'Forbidden']);
    assert.equal(evil.text, `Host not allowed: evil.example.com:${port}. This node answers its loopback names, its configured host and the config's allowedHosts.`);
    assert.equal((await send(`${node().url}/`, 'GET', { host: 'evil.example.com' })).status, 403);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      assert.equal((await send(`${node().url}/version`, 'GET', { host })).status, 200, host);
    }
  });

  it('answers errors in plain text, nosniff, with reason phrases in the status line', async () => {
    const missing = await send(`${node().url}/nope`, 'GET');
    assert.deepEqual([missing.status, missing.reason, missing.headers['content-type'], missing.headers['x-content-type-options']],
      [404, 'Not Found', 'text/plain;charset=utf-8', 'nosniff']);
    const bad = await send(`${node().url}/api/v1/send`, 'POST', JSON_HEADERS, '{"cmds": [');
    assert.deepEqual([bad.status, bad.reason, bad.headers['content-type'], bad.headers['x-content-type-options']],
      [400, 'Bad Request', 'text/plain;charset=utf-8', 'nosniff']);
    const ok = await send(`${node().url}/version`, 'GET');
    assert.deepEqual([ok.status, ok.reason], [200, 'OK']);
  });

  it('logs one line with the reason for each refused request, in verbose mode', async () => {
    await send(`${node().url}/api/v1/poll`, 'POST', { 'content-type': 'text/plain' }, '{}');
    await send(`${node().url}/api/v1/poll`, 'POST', { ...JSON_HEADERS, accept: 'text/html' }, '{}');
    await send(`${node().url}/api/v1/poll`, 'POST', JSON_HEADERS, `{"requestKeys":["${'A'.repeat(3000)}"]}`);
    await send(`${node().url}/api/v1/poll`, 'POST', JSON_HEADERS, '{"requestKeys":[]}');
    const lines = node().output().split('\n').filter((l) => l.includes('[api]: Refused'));
    const expected = [
      /^\d{4}\/\d\d\/\d\d-\d\d:\d\d:\d\d \[api\]: Refused POST \/api\/v1\/poll: 415 Unsupported Media Type: Content-Type "text\/plain", not application\/json$/,
      /\[api\]: Refused POST \/api\/v1\/poll: 406 Not Acceptable: Accept "text\/html" admits no application\/json$/,
      /\[api\]: Refused POST \/api\/v1\/poll: 413 Payload Too Large: Request body too large: the limit is 2000 bytes \(maxBodyBytes\)$/,
      /\[api\]: Refused POST \/api\/v1\/poll: 400 Bad Request: Error in \$\.requestKeys: parsing NonEmpty failed, unexpected empty list$/,
    ];
    for (const re of expected) assert.ok(lines.some((l) => re.test(l)), `${re} in:\n${lines.join('\n')}`);
    // The refusals of the tests above are there too.
    assert.ok(lines.some((l) => /Refused OPTIONS \/api\/v1\/send: 403 Forbidden: Origin not allowed: https:\/\/evil\.example/.test(l)));
    assert.ok(lines.some((l) => /Refused GET \/version: 403 Forbidden: Host not allowed: evil\.example\.com/.test(l)));
  });
});

describe('a client that leaves mid-request', () => {
  it('is refused in the verbose log, not reported as an internal error', async () => {
    const { port } = new URL(node().url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/v1/send HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"cmds":');
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('close', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 200));
    assert.match(node().output(), /\[api\]: Refused POST \/api\/v1\/send: 400 Bad Request: Error in \$: the request body was cut short/);
    assert.doesNotMatch(node().output(), /internal error/);
  });
});

describe('a node configured for other pages and names', () => {
  const wide = suiteNode('corsOrigins: ["*"]\nallowedHosts: [node.example.com]\nmistyped: 1\n');

  it('with corsOrigins ["*"], answers every origin with Pact 4\'s headers', async () => {
    const pre = await send(`${wide().url}/api/v1/send`, 'OPTIONS', preflight(EVIL));
    assert.equal(pre.status, 200);
    assert.deepEqual(
      Object.fromEntries(Object.entries(pre.headers).filter(([k]) => k.startsWith('access-control-') || k === 'vary')),
      {
        'access-control-allow-headers': 'authorization, content-type, Accept, Accept-Language, Content-Language',
        'access-control-allow-methods': 'GET, POST, HEAD',
        'access-control-allow-origin': '*',
        'access-control-max-age': '86400',
      },
    );
    const version = await send(`${wide().url}/version`, 'GET', { origin: EVIL });
    assert.deepEqual([version.status, version.headers['access-control-allow-origin'], version.headers.vary], [200, '*', undefined]);
  });

  it('answers the names in allowedHosts, and no others', async () => {
    const port = new URL(wide().url).port;
    assert.equal((await send(`${wide().url}/version`, 'GET', { host: `node.example.com:${port}` })).status, 200);
    assert.equal((await send(`${wide().url}/version`, 'GET', { host: `other.example.com:${port}` })).status, 403);
  });

  it('warned of the unknown config key, naming the known ones', () => {
    assert.match(wide().output(), /^pact: .*serve\.yaml: unknown key "mistyped" ignored \(known keys: port, host, .*allowedHosts, corsOrigins, devnet\)$/m);
  });
});

describe('a node bound to every interface', () => {
  it('says so on its first line, and answers the machine\'s own names', async () => {
    const t = tempDir();
    const all = await startNode(t.dir, 'host: 0.0.0.0\n');
    try {
      const port = new URL(all.url).port;
      assert.match(all.output(), /^pact-ts node listening on http:\/\/0\.0\.0\.0:\d+ \(data: in memory, reachable from other machines: 0\.0\.0\.0 is not a loopback address\)$/m);
      const local = `http://127.0.0.1:${port}`;
      assert.equal((await send(`${local}/version`, 'GET', { host: `${hostname()}:${port}` })).status, 200);
      assert.equal((await send(`${local}/version`, 'GET', { host: `0.0.0.0:${port}` })).status, 200);
      assert.equal((await send(`${local}/version`, 'GET', { host: `evil.example.com:${port}` })).status, 403);
    } finally {
      await all.stop();
      t.cleanup();
    }
  });
});

describe('no JavaScript on any output', () => {
  it('printed no stack trace', () => {
    assert.doesNotMatch(node().output(), /\n\s+at |Error:|\[h3\]/);
  });
});
