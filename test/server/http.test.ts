/// Pact 4's HTTP conventions on our edge: status codes, error bodies, content negotiation, CORS,
/// limits, the chainweb paths and the fixed routes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envelope, harness, keyOf } from './stub.ts';

const JSON_TYPE = 'application/json;charset=utf-8';

async function expectText(res: Response, status: number, body: string, type: string | null = null): Promise<void> {
  assert.equal(res.status, status);
  assert.equal(await res.text(), body);
  assert.equal(res.headers.get('content-type'), type);
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
  it('answers a preflight on any path with the policy headers', async () => {
    const h = harness();
    const res = await h.request('/api/v1/send', {
      method: 'OPTIONS',
      headers: { origin: 'http://example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'Content-Type' },
    });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-methods'), 'GET, POST, HEAD');
    assert.equal(res.headers.get('access-control-allow-headers'), 'authorization, content-type, Accept, Accept-Language, Content-Language');
    assert.equal(res.headers.get('access-control-max-age'), '86400');
    assert.equal((await h.request('/anywhere', {
      method: 'OPTIONS', headers: { origin: 'x', 'access-control-request-method': 'GET' },
    })).status, 200);
  });

  it('refuses preflights for other methods or headers, as wai-cors does', async () => {
    const h = harness();
    const put = await h.request('/api/v1/send', { method: 'OPTIONS', headers: { origin: 'x', 'access-control-request-method': 'PUT' } });
    assert.equal(put.status, 400);
    assert.equal(await put.text(),
      'Method requested in Access-Control-Request-Method of CORS request is not supported; requested: PUT; supported are GET, POST, HEAD.');
    const hdr = await h.request('/api/v1/send', {
      method: 'OPTIONS', headers: { origin: 'x', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-custom' },
    });
    assert.equal(hdr.status, 400);
    const none = await h.request('/api/v1/send', { method: 'OPTIONS', headers: { origin: 'x' } });
    assert.equal(await none.text(), 'Access-Control-Request-Method header is missing in CORS preflight request');
  });

  it('adds Allow-Origin to every answer to a request with an Origin, and nothing without one', async () => {
    const h = harness();
    const withOrigin = await h.request('/version', { headers: { origin: 'http://example.com' } });
    assert.equal(withOrigin.headers.get('access-control-allow-origin'), '*');
    const notFound = await h.request('/nope', { headers: { origin: 'http://example.com' } });
    assert.equal(notFound.status, 404);
    assert.equal(notFound.headers.get('access-control-allow-origin'), '*');
    assert.equal((await h.request('/version')).headers.get('access-control-allow-origin'), null);
    // Without an Origin, OPTIONS is just another method.
    assert.equal((await h.request('/api/v1/send', { method: 'OPTIONS' })).status, 405);
  });
});
