/// Pact 4's HTTP conventions on our edge: status codes, error bodies, content negotiation, CORS,
/// limits, the chainweb paths and the fixed routes; which hosts and origins it answers.
import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { describe, it } from 'node:test';
import { envelope, harness, keyOf } from './stub.ts';

const JSON_TYPE = 'application/json;charset=utf-8';

const TEXT_TYPE = 'text/plain;charset=utf-8';

/// A response's status (with its reason phrase), body and type; every answer is `nosniff`.
async function expectText(res: Response, status: number, body: string, type = TEXT_TYPE): Promise<void> {
  assert.equal(res.status, status);
  assert.equal(res.statusText, STATUS_CODES[status]);
  assert.equal(await res.text(), body);
  assert.equal(res.headers.get('content-type'), type);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
}

describe('routes and methods', () => {
  it('answers /version in plain text, 405 to other methods, 406 to a client that wants JSON', async () => {
    const h = harness();
    await expectText(await h.request('/version'), 200, '4.13.2', 'text/plain;charset=utf-8');
    await expectText(await h.request('/version', { method: 'POST' }), 405, '');
    await expectText(await h.request('/version', { headers: { accept: 'application/json' } }), 406, '');
    assert.equal((await h.request('/version', { headers: { accept: 'text/*;q=0.5, */*;q=0' } })).status, 200);
  });

  it('answers 404 with an empty body on an unknown path, 405 on a known one with a wrong method', async () => {
    const h = harness();
    await expectText(await h.request('/api/v1/nothing', { method: 'POST' }), 404, '');
    await expectText(await h.request('/api/v1'), 404, '');
    await expectText(await h.request('/api/v1/send'), 405, '');
    await expectText(await h.request('/api/v1/poll', { method: 'PUT' }), 405, '');
    await expectText(await h.request('/verify'), 405, '');
  });

  it('serves the API under the chainweb path for any network and chain', async () => {
    const h = harness();
    const base = '/chainweb/0.0/testnet04/chain/1/pact/api/v1';
    const sent = await h.post(`${base}/send`, { cmds: [envelope('cw')] });
    assert.equal(await sent.text(), `{"requestKeys":["${keyOf('cw')}"]}`);
    await h.node.executor.idle();
    const polled = await (await h.post(`${base}/poll`, { requestKeys: [keyOf('cw')] })).text();
    assert.match(polled, /"txId":0\}\}$/);
    await expectText(await h.request('/chainweb/0.0/testnet04/chain/1/pact/api/v1/send'), 405, '');
  });

  it('answers chainweb health checks and node info for one chain', async () => {
    const h = harness();
    await expectText(await h.request('/health-check'), 200, 'Health check OK.\n', 'text/plain;charset=utf-8');
    const info = await h.request('/info');
    assert.equal(info.headers.get('content-type'), JSON_TYPE);
    const body = JSON.parse(await info.text());
    assert.deepEqual(body.nodeChains, ['0']);
    assert.equal(body.nodeNumberOfChains, 1);
    assert.equal(body.nodeApiVersion, '0.0');
  });

  it('verifies posted modules as the REPL does, loading dependencies first', async () => {
    const h = harness();
    // Pact's JSON of a module definition (read as an interface: name, code, meta, imports).
    const def = (name: string, code: string) => ({ name: { name, namespace: null }, code, meta: { docs: null, model: [] }, imports: [] });
    await expectText(await h.post('/verify', { modules: [] }), 400, 'Error in $: key "verify" not found');
    await expectText(await h.post('/verify', { modules: [], verify: { name: 'm' } }), 400,
      'ModuleName {_mnName = "m", _mnNamespace = Nothing} not found in list of provided modules: []', 'text/plain;charset=utf-8');
    const a = '(module a G (defcap G () true) (defun f:integer () 1))';
    const b = '(module b G (defcap G () true) (use a) (defun g:integer () (a.f)))';
    await expectText(await h.post('/verify', { modules: [def('b', b), def('a', a)], verify: { name: 'b' } }), 200,
      '{"output":[]}', 'application/json;charset=utf-8');
    // A module the checker rejects: its failures, each with its location.
    await expectText(await h.post('/verify', { modules: [def('w', '(module w G (defcap G () true) (defun f:bool () 1))')], verify: { name: 'w' } }), 200,
      '{"output":[{"text":"assocAST: cannot unify: (bool, integer)","type":"OutputFailure","info":"<interactive>:0:58"}]}',
      'application/json;charset=utf-8');
    // A counterexample (its argument pinned by the property) is one output, its text multi-line.
    const pinned = '(module p G (defcap G () true) (defun f:integer (x:integer) @model [(property (when (= x 3) (= result 3)))] (+ x 1)))';
    const trace = ['Invalidating model found in p.f', '  Program trace:', '    entering function p.f with argument', '      x = 3', '    ',
      '      returning with 4', '      ', '  '].join('\n');
    await expectText(await h.post('/verify', { modules: [def('p', pinned)], verify: { name: 'p' } }), 200,
      `{"output":[{"text":${JSON.stringify(trace)},"type":"OutputFailure","info":"<interactive>:0:88"}]}`, 'application/json;charset=utf-8');
    await expectText(await h.post('/verify', { modules: [def('m', '(module m G (defcap G () true) (defun f () (nope)))')], verify: { name: 'm' } }), 400,
      '<interactive>:0:54:Error: Cannot resolve "nope"', 'text/plain;charset=utf-8');
  });
});

describe('request bodies', () => {
  it('needs a JSON content type (415) and a client accepting JSON (406)', async () => {
    const h = harness();
    const body = JSON.stringify({ requestKeys: [keyOf('x')] });
    await expectText(await h.request('/api/v1/poll', { method: 'POST', body }), 415, '');
    await expectText(await h.post('/api/v1/poll', body, { 'content-type': 'text/plain' }), 415, '');
    assert.equal((await h.post('/api/v1/poll', body, { 'content-type': 'application/json;charset=utf-8' })).status, 200);
    assert.equal((await h.post('/api/v1/poll', body, { 'content-type': 'Application/JSON; charset=UTF-8' })).status, 200);
    await expectText(await h.post('/api/v1/poll', body, { accept: 'text/html' }), 406, '');
    assert.equal((await h.post('/api/v1/poll', body, { accept: 'application/*' })).status, 200);
  });

  it('answers malformed JSON and wrong shapes with 400 and aeson-style plain text', async () => {
    const h = harness();
    await expectText(await h.post('/api/v1/send', '{"cmds":'), 400, 'Error in $: Invalid JSON at offset 8: unexpected end of input');
    await expectText(await h.post('/api/v1/send', '{} x'), 400, 'Error in $: Invalid JSON at offset 3: unexpected trailing characters');
    await expectText(await h.post('/api/v1/send', {}), 400,
      'Error in $: parsing Pact.Types.API.SubmitBatch(SubmitBatch) failed, key "cmds" not found');
    await expectText(await h.post('/api/v1/send', []), 400,
      'Error in $: parsing Pact.Types.API.SubmitBatch(SubmitBatch) failed, expected Object, but encountered Array');
    await expectText(await h.post('/api/v1/send', { cmds: [] }), 400, 'Error in $.cmds: parsing NonEmpty failed, unexpected empty list');
    await expectText(await h.post('/api/v1/send', { cmds: [{ hash: 'a*', sigs: [], cmd: 'x' }] }), 400,
      'Error in $.cmds[0].hash: Base64URL decode failed: invalid character at offset: 1');
    await expectText(await h.post('/api/v1/send', { cmds: [envelope('ok'), { hash: keyOf('x'), cmd: 'x' }] }), 400,
      'Error in $.cmds[1]: key "sigs" not found');
    await expectText(await h.post('/api/v1/poll', { requestKeys: [] }), 400, 'Error in $.requestKeys: parsing NonEmpty failed, unexpected empty list');
    await expectText(await h.post('/api/v1/poll', { requestKeys: [1] }), 400,
      'Error in $.requestKeys[0]: parsing Hash failed, expected String, but encountered Number');
    await expectText(await h.post('/api/v1/listen', { listn: 'x' }), 400, 'Error in $: key "listen" not found');
    await expectText(await h.post('/api/v1/local', { cmd: 'x', sigs: [] }), 400, 'Error in $: key "hash" not found');
  });

  it('keeps to the limits: 413 for a large body or too many commands, 400 for deep nesting', async () => {
    const h = harness();
    const big = JSON.stringify({ cmds: [envelope('x'.repeat(5000))] });
    const tooLarge = await h.post('/api/v1/send', big);
    assert.equal(tooLarge.status, 413);
    assert.equal(await tooLarge.text(), 'Request body too large: the limit is 4096 bytes (maxBodyBytes)');
    // The same without Content-Length: the body is counted as it streams in.
    const streamed = await h.request('/api/v1/send', {
      method: 'POST', headers: { 'content-type': 'application/json' }, duplex: 'half',
      body: new Blob([big]).stream(),
    } as RequestInit);
    assert.equal(streamed.status, 413);
    const six = { cmds: ['a', 'b', 'c', 'd', 'e', 'f'].map(envelope) };
    await expectText(await h.post('/api/v1/send', six), 413,
      'Too many commands in one /send: 6; the limit is 5 (maxCommandsPerSend)', 'text/plain;charset=utf-8');
    const deep = '['.repeat(17) + ']'.repeat(17);
    await expectText(await h.post('/api/v1/poll', deep), 400, 'Error in $: JSON nested deeper than 16 levels');
    // Brackets inside strings do not count.
    assert.equal((await h.post('/api/v1/poll', { requestKeys: [keyOf('x')], pad: '['.repeat(100) })).status, 200);
  });

  it('rejects a body that is not UTF-8', async () => {
    const h = harness();
    const res = await h.request('/api/v1/poll', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    await expectText(res, 400, 'Error in $: the request body is not valid UTF-8');
  });
});

describe('CORS', () => {
  const preflightFrom = (h: ReturnType<typeof harness>, origin: string, path = '/api/v1/send', headers: Record<string, string> = {}) =>
    h.request(path, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'Content-Type', ...headers },
    });

  it('answers preflights from pages on the loopback, any port, naming their origin', async () => {
    const h = harness();
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'https://localhost', 'http://app.localhost:5173']) {
      const res = await preflightFrom(h, origin);
      assert.equal(res.status, 200, origin);
      assert.equal(await res.text(), '');
      assert.equal(res.headers.get('access-control-allow-origin'), origin);
      assert.equal(res.headers.get('vary'), 'Origin');
      assert.equal(res.headers.get('access-control-allow-methods'), 'GET, POST, HEAD');
      assert.equal(res.headers.get('access-control-allow-headers'), 'authorization, content-type, Accept, Accept-Language, Content-Language');
      assert.equal(res.headers.get('access-control-max-age'), '86400');
    }
  });

  it('refuses any other origin with 403, preflight or not, without running the request', async () => {
    const h = harness();
    const refusal = 'Origin not allowed: https://evil.example. This node answers pages on the loopback and from the config\'s corsOrigins.';
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example', 'file://']) {
      assert.equal((await preflightFrom(h, origin)).status, 403, origin);
    }
    await expectText(await preflightFrom(h, 'https://evil.example'), 403, refusal);
    const sent = await h.post('/api/v1/send', { cmds: [envelope('evil')] }, { origin: 'https://evil.example' });
    await expectText(sent, 403, refusal);
    assert.equal(h.service.calls.length, 0);
    await h.node.executor.idle();
    assert.equal(await (await h.post('/api/v1/poll', { requestKeys: [keyOf('evil')] })).text(), '{}');
    assert.equal((await h.request('/version', { headers: { origin: 'https://evil.example' } })).status, 403);
  });

  it('answers the node\'s own page, whatever name it is reached by', async () => {
    const h = harness({ app: { allowedHosts: ['node.example.com'] } });
    const res = await h.request('http://node.example.com:8080/explorer/api/v1/tables', { headers: { origin: 'http://node.example.com:8080' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://node.example.com:8080');
    const other = await h.request('http://node.example.com:8080/explorer/api/v1/tables', { headers: { origin: 'http://node.example.com:9090' } });
    assert.equal(other.status, 403);
  });

  it('answers the origins listed in corsOrigins, and only those', async () => {
    const h = harness({ app: { corsOrigins: ['https://app.example.com'] } });
    assert.equal((await preflightFrom(h, 'https://app.example.com')).headers.get('access-control-allow-origin'), 'https://app.example.com');
    const res = await h.request('/version', { headers: { origin: 'https://app.example.com' } });
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example.com');
    assert.equal(res.headers.get('vary'), 'Origin');
    assert.equal((await preflightFrom(h, 'https://app.example.com:8443')).status, 403);
    assert.equal((await preflightFrom(h, 'https://evil.example')).status, 403);
  });

  it('with corsOrigins ["*"], answers every origin with Pact 4\'s headers', async () => {
    const h = harness({ app: { corsOrigins: ['*'] } });
    const res = await preflightFrom(h, 'http://example.com');
    assert.equal(res.status, 200);
    assert.deepEqual([...res.headers], [
      ['access-control-allow-headers', 'authorization, content-type, Accept, Accept-Language, Content-Language'],
      ['access-control-allow-methods', 'GET, POST, HEAD'],
      ['access-control-allow-origin', '*'],
      ['access-control-max-age', '86400'],
      ['content-length', '0'],
    ]);
    assert.equal((await preflightFrom(h, 'x', '/anywhere', { 'access-control-request-method': 'GET' })).status, 200);
    const withOrigin = await h.request('/version', { headers: { origin: 'http://example.com' } });
    assert.equal(withOrigin.headers.get('access-control-allow-origin'), '*');
    assert.equal(withOrigin.headers.get('vary'), null);
    const notFound = await h.request('/nope', { headers: { origin: 'http://example.com' } });
    assert.equal(notFound.status, 404);
    assert.equal(notFound.headers.get('access-control-allow-origin'), '*');
  });

  it('refuses preflights for other methods or headers, as wai-cors does', async () => {
    const h = harness();
    const origin = 'http://localhost:3000';
    const put = await preflightFrom(h, origin, '/api/v1/send', { 'access-control-request-method': 'PUT' });
    assert.equal(put.status, 400);
    assert.equal(await put.text(),
      'Method requested in Access-Control-Request-Method of CORS request is not supported; requested: PUT; supported are GET, POST, HEAD.');
    const hdr = await preflightFrom(h, origin, '/api/v1/send', { 'access-control-request-headers': 'x-custom' });
    assert.equal(hdr.status, 400);
    const none = await h.request('/api/v1/send', { method: 'OPTIONS', headers: { origin } });
    assert.equal(await none.text(), 'Access-Control-Request-Method header is missing in CORS preflight request');
  });

  it('adds nothing to a request without an Origin, for which OPTIONS is just another method', async () => {
    const h = harness();
    assert.equal((await h.request('/version')).headers.get('access-control-allow-origin'), null);
    assert.equal((await h.request('/api/v1/send', { method: 'OPTIONS' })).status, 405);
  });
});

describe('Host', () => {
  const get = (h: ReturnType<typeof harness>, host: string) => h.request(`http://${host}/version`);

  it('answers loopback names and addresses on any port', async () => {
    const h = harness();
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:1', '127.1.2.3', '[::1]:8080', 'app.localhost:5173', 'LOCALHOST.:80']) {
      assert.equal((await get(h, host)).status, 200, host);
    }
  });

  it('refuses any other name with 403 (DNS rebinding)', async () => {
    const h = harness();
    await expectText(await get(h, 'evil.example.com'), 403,
      'Host not allowed: evil.example.com. This node answers its loopback names, its configured host and the config\'s allowedHosts.');
    for (const host of ['evil.example.com:8080', '127.0.0.1.evil.example', 'localhost.evil.example', '192.168.1.20']) {
      assert.equal((await get(h, host)).status, 403, host);
    }
    assert.equal((await h.request('http://evil.example.com/', {})).status, 403);
  });

  it('answers the configured host and the names in allowedHosts', async () => {
    const h = harness({ app: { host: '192.168.1.20', allowedHosts: ['node.example.com', '.dev.example'] } });
    for (const host of ['192.168.1.20:8080', 'node.example.com', 'dev.example:1', 'a.b.dev.example']) {
      assert.equal((await get(h, host)).status, 200, host);
    }
    for (const host of ['other.example.com', 'xdev.example', '192.168.1.21']) assert.equal((await get(h, host)).status, 403, host);
    assert.equal((await get(harness({ app: { allowedHosts: ['*'] } }), 'anything.example')).status, 200);
  });
});
