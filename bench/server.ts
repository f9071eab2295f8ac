// `make bench`, server part: `dist/pact --serve` on loopback with durable storage (a persistDir),
// driven by autocannon. Reports `/local` requests per second and `/send`+`/poll` transactions
// per second for a token transfer (one signature, a managed capability, two reads, two writes,
// an event), each beside a bare h3 JSON echo route on the same machine, as a ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { hexEncode } from '../src/api/bytes.ts';
import { generateKeyPair } from '../src/api/crypto.ts';
import type { Ed25519KeyPair } from '../src/api/crypto.ts';
import { command, post, sendAndPoll, start, TOKEN_MODULE } from './common.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const CONNECTIONS = 32;
const SECONDS = 5;
const TRANSFERS = 6000;

const TOKEN = `${TOKEN_MODULE}
(create-table accounts)`;

// ---------------------------------------------------------------------------------------------
// Requests

/// Sends commands and waits for each result; fails unless every one succeeded.
async function run(base: string, cmds: string[]): Promise<void> {
  const { requestKeys } = JSON.parse(await post(`${base}/api/v1/send`, `{"cmds":[${cmds.join(',')}]}`)) as { requestKeys: string[] };
  for (const rk of requestKeys) {
    const result = await post(`${base}/api/v1/listen`, JSON.stringify({ listen: rk }));
    if (!result.includes('"status":"success"')) throw new Error(`setup failed: ${result}`);
  }
}

async function requestsPerSecond(url: string, body: string): Promise<number> {
  const r = await autocannon({
    url, method: 'POST', body, headers: { 'content-type': 'application/json' },
    connections: CONNECTIONS, duration: SECONDS,
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r.requests.average;
}

// ---------------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'pact-bench-'));
const config = join(dir, 'serve.yaml');
await import('node:fs').then((fs) => fs.writeFileSync(config, `port: 0\npersistDir: ${join(dir, 'data')}\n`));
const node = process.execPath;
const echo = await start(node, [join(ROOT, 'bench/echo-server.ts')]);
// PACT_URL points the benchmark at a node already running (to profile one, for instance).
const pact = process.env.PACT_URL !== undefined
  ? { child: null, url: process.env.PACT_URL }
  : await start(join(ROOT, 'dist/pact'), ['--serve', config]);
try {
  const alice = generateKeyPair();
  const bob = generateKeyPair();
  const ks = (k: Ed25519KeyPair) => `{"keys":["${hexEncode(k.publicKey)}"],"pred":"keys-all"}`;
  await run(pact.url, [command(TOKEN, '{}', null)]);
  await run(pact.url, [command('(token.create "alice" (read-keyset "a")) (token.create "bob" (read-keyset "b"))',
    `{"a":${ks(alice)},"b":${ks(bob)}}`, null)]);

  const transfer = (): string => command('(token.transfer "alice" "bob" 1.0)', '{}', alice,
    '[{"args":["alice","bob",1],"name":"token.TRANSFER"}]');
  const local = transfer();
  // BENCH_ONLY=local or =send runs one part (to profile it).
  const only = process.env.BENCH_ONLY;
  const echoRate = only === undefined ? await requestsPerSecond(`${echo.url}/echo`, local) : NaN;
  const localRate = only !== 'send' ? await requestsPerSecond(`${pact.url}/api/v1/local`, local) : NaN;

  const cmds = Array.from({ length: only !== 'local' ? TRANSFERS : 0 }, transfer);
  const keys = cmds.map((c) => (JSON.parse(c) as { hash: string }).hash);
  const txRate = only !== 'local' ? await sendAndPoll(`${pact.url}/api/v1`, cmds.map((c) => `{"cmds":[${c}]}`), keys, CONNECTIONS) : NaN;

  console.log(`server (loopback, ${CONNECTIONS} connections, durable storage):`);
  console.log(`  h3 JSON echo route              ${echoRate.toFixed(0).padStart(7)} req/s`);
  console.log(`  /local token transfer           ${localRate.toFixed(0).padStart(7)} req/s  (${(100 * localRate / echoRate).toFixed(0)}% of echo)`);
  console.log(`  /send+/poll token transfers     ${txRate.toFixed(0).padStart(7)} tx/s   (${(100 * txRate / echoRate).toFixed(0)}% of echo; ${TRANSFERS} transfers)`);
} finally {
  pact.child?.kill('SIGTERM');
  echo.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
