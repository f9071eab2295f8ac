/// The explorer page in a real browser: Debian's Chromium, headless, driven by playwright-core,
/// against the real `dist/pact --serve`, with transactions submitted by `@kadena/client`; stored
/// commands that are not JSON or not command objects; and a page from another origin trying to
/// drive the node. Screenshots go to test-output/ (looked at by hand).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { createClient, Pact } from '@kadena/client';
import { hashCmd } from '../../src/api/command.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';
import { postJson, suiteNode } from './harness.ts';

const CHROMIUM = '/usr/bin/chromium';
const SHOTS = join(import.meta.dirname, '../../test-output');

const node = suiteNode('verbose: true\n');
let browser: Browser;
let page: Page;
let sent = 0;

const client = () => createClient(({ networkId, chainId }) => `${node().url}/chainweb/0.0/${networkId}/chain/${chainId}/pact`);

/// Submits exec commands (without signers) through `@kadena/client`, one after another, and
/// waits for each result; returns the request keys.
async function run(...codes: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const code of codes) {
    const t = Pact.builder.execution(code).setMeta({ chainId: '0', senderAccount: 'alice', gasLimit: 10000 })
      .setNonce(`b${sent++}`).setNetworkId('development').createTransaction();
    const c = client();
    const descriptor = await c.submitOne({ cmd: t.cmd, hash: t.hash, sigs: [] });
    await c.listen(descriptor);
    keys.push(descriptor.requestKey);
  }
  return keys;
}

const TOKEN = `(module coin G (defcap G () true)
  (defschema account balance:decimal) (deftable accounts:{account})
  (defcap TRANSFER (from:string to:string amount:decimal) @event true)
  (defun credit (id:string amount:decimal) (write accounts id { 'balance: amount }))
  (defun transfer (from:string to:string amount:decimal)
    (with-capability (TRANSFER from to amount) (credit to amount) "done")))
(create-table accounts)`;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});
after(async () => {
  await browser?.close();
});

describe('the explorer page in Chromium', () => {
  it('lists transactions, shows one with its events, a module highlighted, and new ones live', async () => {
    const [, t1, , , failed] = await run(TOKEN, '(coin.transfer "alice" "bob" 1.0)', '(coin.transfer "bob" "carol" 0.5)',
      '(coin.credit "mallory" 2.0)', '(enforce false "boom")');
    await run('(coin.credit "<script>window.pwned = true</script>" 1.0)');
    await page.goto(`${node().url}/`);
    const rows = page.locator('#transactions tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 6);
    assert.match(await rows.nth(0).innerText(), /<script>window\.pwned = true<\/script>/);
    assert.match(await rows.nth(1).innerText(), /failure[\s\S]*boom/);
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned), undefined);
    await page.screenshot({ path: join(SHOTS, 'explorer-list.png') });

    await page.locator(`#transactions tr[data-key="${t1}"]`).click();
    await page.getByText('Events', { exact: true }).waitFor();
    const detail = await page.locator('#detail').innerText();
    assert.match(detail, /coin\.TRANSFER|"TRANSFER"/);
    assert.match(detail, /"alice"/);
    await page.screenshot({ path: join(SHOTS, 'explorer-transaction.png') });
    assert.ok(failed);

    await page.locator('li.module', { hasText: 'coin' }).click();
    await page.locator('#detail .tk-keyword').first().waitFor();
    assert.equal(await page.locator('#detail .tk-keyword', { hasText: 'defschema' }).count(), 1);
    await page.screenshot({ path: join(SHOTS, 'explorer-module.png') });

    await page.locator('li.table', { hasText: 'USER_coin_accounts' }).click();
    await page.locator('#detail tr.row').first().waitFor();
    assert.equal(await page.locator('#detail tr.row').count(), 4);
    assert.match(await page.locator('#detail').innerText(), /mallory\s+\{"balance": 2\.0\}/);
    await page.locator('#table-search').fill('mal');
    await page.locator('#table-search').press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#detail tr.row').length === 1);
    await page.screenshot({ path: join(SHOTS, 'explorer-table.png') });

    const [fresh] = await run('(+ 40 2)');
    await page.locator(`#transactions tr[data-key="${fresh}"]`).waitFor({ timeout: 10_000 });
    assert.equal(await rows.count(), 7);
  });

  it('answers the playground as /local', async () => {
    await page.locator('#code').fill('(+ 1 2)');
    await page.locator('#run').click();
    await page.locator('#output', { hasText: '3' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'explorer-playground.png') });
  });

  it('shows stored commands that are not JSON, or not command objects, as what they are', async () => {
    const cmds = ['not json {\n  (second line)', '[1, "two"]'];
    const envelopes = cmds.map((cmd) => ({ hash: base64UrlEncode(hashCmd(cmd)), sigs: [], cmd }));
    const { requestKeys } = await postJson<{ requestKeys: string[] }>(`${node().url}/api/v1/send`, { cmds: envelopes });
    for (const k of requestKeys) await postJson(`${node().url}/api/v1/listen`, { listen: k });
    const [text, array] = requestKeys as [string, string];
    await page.goto(`${node().url}/`);
    const row = page.locator(`#transactions tr[data-key="${text}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /failure[\s\S]*not json \{[\s\S]*Invalid command/);
    assert.match(await page.locator(`#transactions tr[data-key="${array}"]`).innerText(), /\[1, "two"\]/);
    await row.click();
    await page.getByText('Command (as sent; not JSON)').waitFor();
    const detail = await page.locator('#detail').innerText();
    assert.match(detail, /not json \{\n {2}\(second line\)/);
    assert.match(detail, /Invalid command: Error in \$: Invalid JSON at offset 0/);
    await page.screenshot({ path: join(SHOTS, 'explorer-not-json.png') });
    await page.locator(`#transactions tr[data-key="${array}"]`).click();
    await page.getByText('Command (not a command object)').waitFor();
    assert.match(await page.locator('#detail').innerText(), /\[\s*1,\s*"two"\s*\]/);
  });

  it('cannot be driven by a page from another origin', async () => {
    const cmd = JSON.stringify({ networkId: null, payload: { exec: { data: null, code: '(+ 6 7)' } }, signers: [],
      meta: { creationTime: 0, ttl: 0, gasLimit: 0, chainId: '', gasPrice: 0, sender: '' }, nonce: 'evil' });
    const key = base64UrlEncode(hashCmd(cmd));
    const body = JSON.stringify({ cmds: [{ hash: key, sigs: [], cmd }] });
    // Chromium itself keeps public pages off local addresses (Local Network Access); without those
    // checks, as in other browsers, the request reaches the node, which must refuse it.
    const unchecked = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests'],
    });
    try {
      for (const b of [browser, unchecked]) assert.match(await postFromEvilPage(b, body), /^refused: TypeError: Failed to fetch/);
    } finally {
      await unchecked.close();
    }
    assert.match(node().output(), /\[api\]: Refused (OPTIONS|POST) \/api\/v1\/send: 403 Forbidden: Origin not allowed: http:\/\/evil\.example\./);
    assert.equal(JSON.stringify(await postJson(`${node().url}/api/v1/poll`, { requestKeys: [key] })), '{}');
  });
});

/// What a page at http://evil.example (served by the browser itself) gets when it posts `body`
/// to the node's /send.
async function postFromEvilPage(b: Browser, body: string): Promise<string> {
  const evil = await b.newPage();
  try {
    await evil.route('http://evil.example/', (route) => route.fulfill({ contentType: 'text/html', body: '<title>evil</title>' }));
    await evil.goto('http://evil.example/');
    return await evil.evaluate(async ({ url, body }) => {
      try {
        const r = await fetch(`${url}/api/v1/send`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
        return `answered ${r.status}`;
      } catch (e) {
        return `refused: ${String(e)}`;
      }
    }, { url: node().url, body });
  } finally {
    await evil.close();
  }
}
