/// The explorer on the real `dist/pact --serve`: the page at `/`, and the read-only API it uses
/// (transactions newest first, one transaction, live results, modules with highlighted code, the
/// playground as `/local`); what a contract wrote comes back as data, never as markup; whatever
/// a `/send` stored (not JSON, odd JSON, huge, deep) is shown as what it is, never a 500.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { hashCmd } from '../../src/api/command.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';
import { pact, post, postJson, suiteNode } from './harness.ts';

const node = suiteNode();
let sent = 0;
const api = (path: string) => `${node().url}/explorer/api/v1${path}`;
const getJson = async (path: string): Promise<any> => (await fetch(api(path))).json();

/// Sends unsigned exec commands in one /send and waits for their results.
async function run(...codes: string[]): Promise<string[]> {
  const cmds = codes.map((code, i) => {
    const file = join(node().dir, `req-${sent}-${i}.yaml`);
    writeFileSync(file, `code: ${JSON.stringify(code)}\nnonce: "n${sent}-${i}"\n`);
    return JSON.parse(pact(['-a', file])).cmds[0];
  });
  sent++;
  const { requestKeys } = await postJson<{ requestKeys: string[] }>(`${node().url}/api/v1/send`, { cmds });
  for (const k of requestKeys) await postJson(`${node().url}/api/v1/listen`, { listen: k });
  return requestKeys;
}

const MODULE = `(module notes G (defcap G () true)
  (defschema note text:string) (deftable notes:{note})
  (defun add (k:string text:string) (insert notes k { 'text: text })))
(create-table notes)`;


describe('the explorer', () => {
  it('serves its page at /', async () => {
    const r = await fetch(`${node().url}/`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    const html = await r.text();
    assert.match(html, /<title>Pact node explorer<\/title>/);
    assert.match(html, /\/explorer\/api\/v1/);
  });

  it('lists transactions newest first, with status, code and result, and shows one in full', async () => {
    const [deploy, add, fail] = await run(MODULE, '(notes.add "k" "<script>alert(1)</script>")', '(enforce false "no")');
    const { items } = await getJson('/transactions?limit=3');
    assert.deepEqual(items.map((t: any) => t.requestKey), [fail, add, deploy]);
    assert.deepEqual(items.map((t: any) => t.status), ['failure', 'success', 'success']);
    assert.equal(items[0].result, 'no');
    assert.ok(items.every((t: any) => typeof t.time === 'number'));
    assert.equal(items[1].code, '(notes.add "k" "<script>alert(1)</script>")');
    assert.equal(items[2].code, '(module notes G (defcap G () true)');
    const one = await getJson(`/transactions/${add}`);
    assert.equal(one.command.payload.exec.code, '(notes.add "k" "<script>alert(1)</script>")');
    assert.equal(one.result.result.data, 'Write succeeded');
    assert.deepEqual(one.writes.map((w: any) => [w.table, w.record.key]), [['USER_notes_notes', 'k']]);
    assert.equal((await fetch(api('/transactions/nope'))).status, 404);
    const older = await getJson(`/transactions?before=${items[1].seq}&limit=5`);
    assert.equal(older.items[0].requestKey, deploy);
  });

  it('answers a live request as soon as new results are in', async () => {
    const { items } = await getJson('/transactions?limit=1');
    const waiting = getJson(`/transactions?after=${items[0].seq}&wait=1`);
    const [key] = await run('(+ 40 2)');
    const fresh = await waiting;
    assert.deepEqual(fresh.items.map((t: any) => [t.requestKey, t.result]), [[key, 42]]);
  });

  it('shows modules with their code highlighted as escaped HTML', async () => {
    const modules = await getJson('/modules');
    assert.ok(modules.some((m: any) => m.name === 'notes' && m.interface === false && typeof m.hash === 'string'));
    const m = await getJson('/modules/notes');
    assert.match(m.code, /^\(module notes G/);
    assert.deepEqual([m.governance, m.interfaces], ['G', []]);
    await run('(interface shows (defun show:string ()))', '(module shower G (defcap G () true) (implements shows) (defun show:string () (+ "x" "")))');
    const shower = await getJson('/modules/shower');
    assert.deepEqual([shower.governance, shower.interfaces], ['G', ['shows']]);
    assert.ok((await getJson('/modules')).some((x: any) => x.name === 'shows' && x.interface === true));
    assert.match(m.html, /<span class="tk-keyword">module<\/span> notes/);
    assert.match(m.html, /<span class="tk-keyword">defschema<\/span>/);
  });

  it('lists the tables and pages a table\'s rows, searched by key, as Pact prints them', async () => {
    const tables: string[] = await getJson('/tables');
    for (const t of ['SYS_keysets', 'SYS_modules', 'SYS_namespaces', 'SYS_pacts', 'USER_notes_notes']) assert.ok(tables.includes(t), t);
    await run('(notes.add "k2" "two") (notes.add "other" "three")');
    const { items } = await getJson('/tables/USER_notes_notes?limit=2');
    assert.deepEqual(items.map((r: any) => [r.key, r.shown]), [['k', '{"text": "<script>alert(1)</script>"}'], ['k2', '{"text": "two"}']]);
    const next = await getJson('/tables/USER_notes_notes?after=k2');
    assert.deepEqual(next.items.map((r: any) => r.key), ['other']);
    const found = await getJson('/tables/USER_notes_notes?key=th');
    assert.deepEqual(found.items.map((r: any) => r.key), ['other']);
    assert.equal((await fetch(api('/tables/USER_nope'))).status, 404);
  });

  it('runs the playground as /local: answered, never committed', async () => {
    const r = await post(api('/local'), JSON.stringify({ code: '(notes.add "pg" "x") (+ 1 2)' }), { 'content-type': 'application/json' });
    assert.equal(r.status, 200);
    const result = JSON.parse(r.text);
    assert.deepEqual([result.result.status, result.result.data, result.txId], ['success', 3, null]);
    const check = JSON.parse((await post(api('/local'), JSON.stringify({ code: '(notes.add "pg" "again")' }), { 'content-type': 'application/json' })).text);
    assert.equal(check.result.status, 'success');
    assert.equal((await post(api('/local'), '{"nope": 1}', { 'content-type': 'application/json' })).status, 400);
  });
});

/// Sends commands whose `cmd` is any text (their hash right, unsigned) and waits for their results.
async function sendRaw(...cmds: string[]): Promise<string[]> {
  const envelopes = cmds.map((cmd) => ({ hash: base64UrlEncode(hashCmd(cmd)), sigs: [], cmd }));
  const { requestKeys } = await postJson<{ requestKeys: string[] }>(`${node().url}/api/v1/send`, { cmds: envelopes });
  for (const k of requestKeys) await postJson(`${node().url}/api/v1/listen`, { listen: k });
  return requestKeys;
}

/// Every reading endpoint of the explorer, each answering 200 with JSON; the list's items.
async function readEverything(): Promise<any[]> {
  const paths = ['/transactions', '/transactions?after=0', '/transactions?limit=1&before=999999', '/modules', '/tables'];
  const answers = new Map<string, any>();
  for (const path of paths) answers.set(path, await okJson(path));
  for (const t of answers.get('/transactions').items) await okJson(`/transactions/${encodeURIComponent(t.requestKey)}`);
  for (const m of answers.get('/modules')) await okJson(`/modules/${encodeURIComponent(m.name)}`);
  for (const id of answers.get('/tables')) await okJson(`/tables/${encodeURIComponent(id)}`);
  assert.equal((await fetch(`${node().url}/`)).status, 200);
  return answers.get('/transactions').items;
}

async function okJson(path: string): Promise<any> {
  const r = await fetch(api(path));
  const text = await r.text();
  assert.equal(r.status, 200, `${path}: ${r.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

describe('stored data never breaks a reader', () => {
  it('shows a cmd that is not JSON as its text, on every endpoint', async () => {
    const [key] = await sendRaw('not json {\nsecond line');
    const items = await readEverything();
    const listed = items.find((t: any) => t.requestKey === key);
    assert.deepEqual([listed.status, listed.code, listed.time, listed.txId], ['failure', 'not json {', null, null]);
    assert.match(listed.result, /^"Invalid command: Error in \$: Invalid JSON at offset 0/);
    const one = await okJson(`/transactions/${key}`);
    assert.deepEqual([one.command, one.commandText, one.writes], [null, 'not json {\nsecond line', []]);
    assert.equal(one.result.result.status, 'failure');
    const polled = await postJson(`${node().url}/api/v1/poll`, { requestKeys: [key] });
    assert.equal(polled[key].result.status, 'failure');
  });

  it('shows JSON of any type, wrong fields, and huge or deep commands as what they are', async () => {
    const huge = JSON.stringify({ payload: { exec: { code: `  (+ 1 2) ;${'x'.repeat(3_000_000)}`, data: null } }, meta: { creationTime: 12 }, nonce: 'h', signers: [] });
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const odd = ['[1,2]', '"a string"', '42', 'null', '{"payload":5}', '{"payload":{"exec":{"code":5}},"meta":{"creationTime":"soon"}}',
      '{"payload":{"cont":{"pactId":{"a":1},"step":"x"}}}', '{"payload":{"exec":{"code":"\\u0000\\ud800 é 🎉"}}}'];
    const keys = await sendRaw(...odd, huge, deep);
    const items = await readEverything();
    const code = (k: string) => items.find((t: any) => t.requestKey === k)?.code;
    assert.deepEqual(keys.slice(0, 7).map(code), [
      '[1,2]', '"a string"', '42', 'null', '{"payload":5}', '{"payload":{"exec":{"code":5}},"meta":{"creationTime":"soon"}}',
      'cont {"a":1} step x',
    ]);
    // A NUL and a lone surrogate (SQLite reads it as three replacement characters).
    assert.match(code(keys[7]!), /^\u0000\ufffd+ é 🎉$/);
    assert.equal(code(keys[odd.length]!), `(+ 1 2) ;${'x'.repeat(191)}`);
    assert.equal(items.find((t: any) => t.requestKey === keys[odd.length])!.time, 12);
    assert.equal(code(keys[odd.length + 1]!), '['.repeat(200));
    const array = await okJson(`/transactions/${keys[0]}`);
    assert.deepEqual([array.command, array.commandText], [[1, 2], undefined]);
    const text = await okJson(`/transactions/${keys[1]}`);
    assert.equal(text.command, 'a string');
    const big = await okJson(`/transactions/${keys[odd.length]}`);
    assert.equal(big.command.payload.exec.code.length, huge.length - 96);
    // A command nested 20,000 deep is JSON, passed through as stored.
    const r = await fetch(api(`/transactions/${keys[odd.length + 1]}`));
    assert.equal(r.status, 200);
    assert.ok((await r.text()).includes(`"command":${deep},`));
  });

  it('shows a row nested 20,000 deep that a command wrote, and the transaction that wrote it', async () => {
    const [deploy] = await run(`(module deep G (defcap G () true) (defschema s v:object) (deftable t:{s})
      (defun nest (n:integer) (write t "k" { "v": (fold (lambda (acc x) { "a": acc }) {} (enumerate 1 n)) })))
      (create-table t)`);
    const [write] = await run('(deep.nest 20000)');
    assert.ok(deploy);
    await readEverything();
    const { items } = await okJson('/tables/USER_deep_t');
    assert.equal(items[0].key, 'k');
    const one = await okJson(`/transactions/${write}`);
    assert.deepEqual(one.writes.map((w: any) => [w.table, w.record.key]), [['USER_deep_t', 'k']]);
  });

  it('printed no JavaScript stack trace', () => {
    assert.doesNotMatch(node().output(), /\n\s+at |Error:|\[h3\]|internal error/);
  });
});
