// `make bench`, explorer part: a node holding 10,000 transactions (and a table of 10,000 rows),
// then the time to answer the explorer's API pages and to render its first page in Chromium.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { command, start } from './common.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const TRANSACTIONS = 10000;
const post = async (url: string, body: string): Promise<any> =>
  (await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).json();

const dir = mkdtempSync(join(tmpdir(), 'pact-explorer-bench-'));
writeFileSync(join(dir, 'serve.yaml'), `port: 0\npersistDir: ${join(dir, 'data')}\n`);
const { child, url } = await start(join(ROOT, 'dist/pact'), ['--serve', join(dir, 'serve.yaml')]);
try {
  const deploy = '(module notes G (defcap G () true) (defschema note text:string) (deftable notes:{note}) (defun add (k:string t:string) (insert notes k { "text": t }))) (create-table notes)';
  let last = '';
  for (const batch of [[command(deploy, '{}', null)], ...Array.from({ length: TRANSACTIONS / 100 }, (_, b) =>
    Array.from({ length: 100 }, (_, i) => command(`(notes.add "note-${b * 100 + i}" "text ${b * 100 + i}")`, '{}', null)))]) {
    last = (await post(`${url}/api/v1/send`, `{"cmds":[${batch.join(',')}]}`)).requestKeys.at(-1);
  }
  await post(`${url}/api/v1/listen`, JSON.stringify({ listen: last }));

  const time = async (path: string): Promise<number> => {
    for (let i = 0; i < 5; i++) await (await fetch(`${url}${path}`)).text();
    const t = performance.now();
    for (let i = 0; i < 20; i++) await (await fetch(`${url}${path}`)).text();
    return (performance.now() - t) / 20;
  };
  console.log(`explorer with ${TRANSACTIONS + 1} transactions stored (ms per request, loopback):`);
  for (const path of ['/explorer/api/v1/transactions?limit=100', '/explorer/api/v1/transactions?before=500&limit=100',
    '/explorer/api/v1/tables/USER_notes_notes?limit=100', '/explorer/api/v1/tables/USER_notes_notes?key=note-99&limit=100',
    '/explorer/api/v1/modules']) {
    console.log(`  ${path.padEnd(72)} ${(await time(path)).toFixed(1).padStart(6)}`);
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage();
  await page.goto(`${url}/`);
  await page.close();
  const fresh = await browser.newPage();
  const t = performance.now();
  await fresh.goto(`${url}/`);
  await fresh.locator('#transactions tbody tr').first().waitFor();
  console.log(`  first page rendered with its transactions in Chromium               ${(performance.now() - t).toFixed(0).padStart(6)}`);
  await browser.close();
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
