// `make bench`, server part: `dist/pact --serve` on loopback with durable storage (a persistDir),
// driven by autocannon. Reports `/local` requests per second and `/send`+`/poll` transactions
// per second for a token transfer (one signature, a managed capability, two reads, two writes,
// an event), each beside a bare h3 JSON echo route on the same machine, as a ratio; and the CPU
// time the node's threads spent per transfer, which other work on the machine does not skew.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/// CPU time (clock ticks) of each thread of a process, by thread id, with the thread's name
/// (Linux: /proc/PID/task/TID/stat, fields 14 and 15 after the name in parentheses).
function threadTicks(pid: number): Map<number, { name: string; ticks: number }> {
  const out = new Map<number, { name: string; ticks: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/// Microseconds of CPU per transfer, for the main thread, each worker thread (in the order
/// they started) and the rest (V8's and libuv's helper threads), between two readings.
function cpuPerTransfer(before: Map<number, { ticks: number }>, after: Map<number, { name: string; ticks: number }>, pid: number, n: number): string {
  const us = (ticks: number): number => Math.round((ticks * 10_000) / n);
  let main = 0;
  let rest = 0;
  const workers: number[] = [];
  for (const [tid, t] of [...after].sort((a, b) => a[0] - b[0])) {
    const spent = t.ticks - (before.get(tid)?.ticks ?? 0);
    if (tid === pid) main = spent;
    else if (t.name === 'WorkerThread') workers.push(spent);
    else rest += spent;
  }
  const total = main + rest + workers.reduce((a, b) => a + b, 0);
  return `main thread ${us(main)}, worker threads ${workers.map(us).join(' + ') || '-'}, other ${us(rest)}; total ${us(total)}`;
}

// ---------------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'pact-bench-'));
const config = join(dir, 'serve.yaml');
await import('node:fs').then((fs) => fs.writeFileSync(config, `port: 0\npersistDir: ${join(dir, 'data')}\n`));
const node = process.execPath;
const echo = await start(node, [join(ROOT, 'bench/echo-server.ts')]);
// PACT_URL points the benchmark at a node already running (to profile one, for instance);
// PACT_BIN runs another executable than dist/pact (to compare builds).
const pact = process.env.PACT_URL !== undefined
  ? { child: null, url: process.env.PACT_URL }
  : await start(process.env.PACT_BIN ?? join(ROOT, 'dist/pact'), ['--serve', config]);
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
  const pid = pact.child?.pid;
  const ticks0 = pid === undefined ? null : threadTicks(pid);
  const txRate = only !== 'local' ? await sendAndPoll(`${pact.url}/api/v1`, cmds.map((c) => `{"cmds":[${c}]}`), keys, CONNECTIONS) : NaN;
  const cpu = ticks0 === null || only === 'local' ? null : cpuPerTransfer(ticks0, threadTicks(pid!), pid!, TRANSFERS);

  console.log(`server (loopback, ${CONNECTIONS} connections, durable storage):`);
  console.log(`  h3 JSON echo route              ${echoRate.toFixed(0).padStart(7)} req/s`);
  console.log(`  /local token transfer           ${localRate.toFixed(0).padStart(7)} req/s  (${(100 * localRate / echoRate).toFixed(0)}% of echo)`);
  console.log(`  /send+/poll token transfers     ${txRate.toFixed(0).padStart(7)} tx/s   (${(100 * txRate / echoRate).toFixed(0)}% of echo; ${TRANSFERS} transfers)`);
  if (cpu !== null) console.log(`  CPU per transfer (µs)           ${cpu}`);
} finally {
  pact.child?.kill('SIGTERM');
  echo.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
