// `make bench`, devnet part: `dist/pact --serve` with `devnet: true` on loopback with durable
// storage. Reports the time until a devnet is ready (listening, all 20 chains with genesis
// applied) on a fresh persistDir and on a restart, and until a restarted one has answered its
// first `/local` (a command sent as soon as it is ready, run by its executor thread), and signed
// coin transfers per second through `/send` (one command each, then `/poll`) on one chain and
// spread over all 20.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { command, devnetTransfer, sendAndPoll } from './common.ts';

const ROOT = new URL('..', import.meta.url).pathname;
// PACT names another executable to measure (comparing two builds, for instance).
const PACT = process.env.PACT ?? join(ROOT, 'dist/pact');
const RUNS = 5;
const CONNECTIONS = 32;
const TRANSFERS = 3000;

/// Starts the devnet on `config`; resolves once it printed its accounts (ready), with the time
/// that took.
function startDevnet(config: string): Promise<{ ms: number; url: string; stop: () => Promise<void> }> {
  const t0 = performance.now();
  const child = spawn(PACT, ['--serve', config], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      if (url !== undefined && out.includes('KDA')) {
        resolve({ ms: performance.now() - t0, url, stop: () => { child.kill('SIGTERM'); return exited; } });
      }
    });
    child.once('exit', (code) => reject(new Error(`devnet exited with ${code}: ${out}`)));
  });
}

/// How long a `/local` of `(+ 1 2)` on chain 0 takes to be answered, in ms.
async function firstLocal(url: string): Promise<number> {
  const t0 = performance.now();
  const body = command('(+ 1 2)', '{}', null, '', { networkId: 'development', chainId: '0', sender: 'sender00', creationTime: Math.floor(Date.now() / 1000) - 60 });
  const answer = await (await fetch(`${url}/chainweb/0.0/development/chain/0/pact/api/v1/local`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body,
  })).text();
  if (!answer.includes('"status":"success"')) throw new Error(`/local failed: ${answer}`);
  return performance.now() - t0;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/// Signed transfers on the given chains, in turn (see `devnetTransfer`).
function transfers(n: number, chains: readonly string[]): Array<{ chain: string; body: string; key: string }> {
  const now = Math.floor(Date.now() / 1000) - 60;
  return Array.from({ length: n }, (_, i) => {
    const chain = chains[i % chains.length]!;
    const cmd = devnetTransfer(i, chain, now);
    return { chain, body: `{"cmds":[${cmd}]}`, key: (JSON.parse(cmd) as { hash: string }).hash };
  });
}

const dir = mkdtempSync(join(tmpdir(), 'pact-bench-devnet-'));
try {
  const cold: number[] = [];
  const restart: number[] = [];
  const restartLocal: number[] = [];
  // DEVNET_URL points the transfers at a devnet already running (to profile one, for instance).
  const running = process.env.DEVNET_URL;
  for (let i = 0; i < (running === undefined ? RUNS : 0); i++) {
    const config = join(dir, `devnet-${i}.yaml`);
    writeFileSync(config, `port: 0\ndevnet: true\npersistDir: ${join(dir, `data-${i}`)}\n`);
    const first = await startDevnet(config);
    cold.push(first.ms);
    await first.stop();
    const again = await startDevnet(config);
    restart.push(again.ms);
    restartLocal.push(again.ms + await firstLocal(again.url));
    await again.stop();
  }
  const config = join(dir, 'devnet.yaml');
  writeFileSync(config, `port: 0\ndevnet: true\npersistDir: ${join(dir, 'data')}\n`);
  const devnet = running === undefined ? await startDevnet(config) : { url: running, ms: 0, stop: async () => {} };
  const api = (chain: string): string => `${devnet.url}/chainweb/0.0/development/chain/${chain}/pact/api/v1`;
  const rate = async (chains: readonly string[]): Promise<number> => {
    const txs = transfers(TRANSFERS, chains);
    // One chain's commands go to its own endpoint; spread over chains, each chain gets its share.
    const rates = await Promise.all(chains.map((c) => {
      const mine = txs.filter((t) => t.chain === c);
      return sendAndPoll(api(c), mine.map((t) => t.body), mine.map((t) => t.key), Math.max(1, Math.floor(CONNECTIONS / chains.length)))
        .then((r) => ({ n: mine.length, seconds: mine.length / r }));
    }));
    return TRANSFERS / Math.max(...rates.map((r) => r.seconds));
  };
  const one = await rate(['0']);
  const all = await rate(Array.from({ length: 20 }, (_, i) => String(i)));
  await devnet.stop();
  console.log(`devnet (dist/pact --serve, devnet: true, durable storage; medians of ${RUNS}):`);
  if (running === undefined) {
    console.log(`  ready from a cold start (fresh persistDir, 20 chains)  ${median(cold).toFixed(0).padStart(6)} ms`);
    console.log(`  ready on a restart                                     ${median(restart).toFixed(0).padStart(6)} ms`);
    console.log(`  first /local answered on a restart                     ${median(restartLocal).toFixed(0).padStart(6)} ms`);
  }
  console.log(`  signed transfers through /send, one chain              ${one.toFixed(0).padStart(6)} tx/s (${TRANSFERS} transfers)`);
  console.log(`  signed transfers through /send, across 20 chains       ${all.toFixed(0).padStart(6)} tx/s (${TRANSFERS} transfers)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
