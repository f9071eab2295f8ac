// What the benchmarks share: a coin-style token module, signed or unsigned commands as clients
// send them, and starting a process that prints its URL first (dist/pact --serve, the echo server).
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { hexDecode, hexEncode } from '../src/api/bytes.ts';
import { hashCmd, signHash } from '../src/api/command.ts';
import type { Ed25519KeyPair } from '../src/api/crypto.ts';
import { base64UrlEncode } from '../src/values/base64.ts';

/// A token with a managed TRANSFER capability guarded by the sender's keyset, two reads and two
/// writes per transfer (its table still to be created).
export const TOKEN_MODULE = `
(module token GOV
  (defcap GOV () true)
  (defschema account balance:decimal guard:guard)
  (deftable accounts:{account})
  (defcap TRANSFER:bool (sender:string receiver:string amount:decimal)
    @managed amount TRANSFER-mgr
    (enforce-guard (at 'guard (read accounts sender))))
  (defun TRANSFER-mgr:decimal (managed:decimal requested:decimal)
    (let ((rest (- managed requested))) (enforce (>= rest 0.0) "over the managed amount") rest))
  (defun create (id:string guard:guard) (insert accounts id { 'balance: 1000000.0, 'guard: guard }))
  (defun transfer:string (sender:string receiver:string amount:decimal)
    (enforce (> amount 0.0) "positive amount")
    (with-capability (TRANSFER sender receiver amount)
      (with-read accounts sender { 'balance := sb } (update accounts sender { 'balance: (- sb amount) }))
      (with-read accounts receiver { 'balance := rb } (update accounts receiver { 'balance: (+ rb amount) }))
      "transferred")))`;

let nonce = 0;

/// Where a command runs: a plain node takes the defaults, a devnet needs its network, a chain,
/// a funded sender and a current creation time.
export interface CommandMeta {
  readonly networkId: string | null;
  readonly chainId: string;
  readonly sender: string;
  readonly creationTime: number;
}

const PLAIN_NODE: CommandMeta = { networkId: null, chainId: '0', sender: 'alice', creationTime: 0 };

/// A command's JSON text, signed by `signer` when there is one; the payload is written in Pact's
/// field order.
export function command(code: string, data: string, signer: Ed25519KeyPair | null, clist = '', where: CommandMeta = PLAIN_NODE): string {
  const pub = signer === null ? '' : hexEncode(signer.publicKey);
  const signers = signer === null ? '[]' : `[{"pubKey":"${pub}"${clist === '' ? '' : `,"clist":${clist}`}}]`;
  const cmd = JSON.stringify({
    networkId: where.networkId,
    payload: { exec: { data: '§DATA§', code } },
    signers: '§SIGNERS§',
    meta: { creationTime: where.creationTime, ttl: 28800, gasLimit: 100000, chainId: where.chainId, gasPrice: 1e-8, sender: where.sender },
    nonce: `bench-${process.pid}-${nonce++}`,
  }).replace('"§DATA§"', data).replace('"§SIGNERS§"', signers);
  const hash = hashCmd(cmd);
  const sigs = signer === null ? '[]' : `[{"sig":"${signHash(hash, signer.secretKey)}"}]`;
  return `{"hash":"${base64UrlEncode(hash)}","sigs":${sigs},"cmd":${JSON.stringify(cmd)}}`;
}

/// Starts a child that prints its URL on its first line; resolves with the URL.
export function start(cmd: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const url = /(http:\/\/[^\s]+)/.exec(line)?.[1];
      if (url === undefined) reject(new Error(`unexpected first line: ${line}`));
      else resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`${cmd} exited with ${code}`)));
  });
}

/// A devnet's funded `sender00` (chainweb's published devnet key).
const SENDER00: Ed25519KeyPair = {
  publicKey: hexDecode('368820f80c324bbc7c2b0610688a7da43e39f91d118732671cd9c7500ff43cca') as Uint8Array,
  secretKey: hexDecode('251a920c403ae8c8f65f59142316af3c82b631fba46ddea92ee8c95035bd2898') as Uint8Array,
};

/// The `i`th signed coin transfer from sender00 to sender01 on a devnet's `chain`, created at
/// `now` (seconds): each of a different amount, as a dApp's are (no two commands share their code).
export function devnetTransfer(i: number, chain: string, now: number): string {
  const amount = `0.${String(i + 1).padStart(12, '0')}`;
  return command(`(coin.transfer "sender00" "sender01" ${amount})`, '{}', SENDER00,
    `[{"args":[],"name":"coin.GAS"},{"args":["sender00","sender01",${amount}],"name":"coin.TRANSFER"}]`,
    { networkId: 'development', chainId: chain, sender: 'sender00', creationTime: now });
}

export const PROTOCOL_MODULES = 28;

/// A generated multi-file protocol (28 modules in 28 files, about 6,000 lines: schemas, tables,
/// managed capabilities, events, defuns calling the module before).
/// One module of the protocol; module i calls module i−1.
function protocolModule(i: number): string {
  const prev = i === 0 ? null : `proto${i - 1}`;
  const lines = [
    `(module proto${i} GOV`,
    `  @doc "Module ${i} of a generated protocol."`,
    '  (defcap GOV () true)',
    '  (defschema account',
    '    @doc "An account."',
    '    balance:decimal',
    '    guard:guard',
    '    note:string)',
    '  (deftable accounts:{account})',
    '  (defcap TRANSFER:bool (sender:string receiver:string amount:decimal)',
    '    @managed amount TRANSFER-mgr',
    '    (enforce (!= sender receiver) "same account")',
    '    (enforce-guard (at "guard" (read accounts sender))))',
    '  (defun TRANSFER-mgr:decimal (managed:decimal requested:decimal)',
    '    (let ((rest (- managed requested)))',
    '      (enforce (>= rest 0.0) "over the managed amount")',
    '      rest))',
    '  (defcap CREDITED:bool (account:string amount:decimal) @event true)',
  ];
  for (let f = 0; f < 31; f++) {
    lines.push(
      `  (defun helper-${f}:decimal (amount:decimal factor:integer)`,
      `    @doc "Helper ${f}: scales an amount."`,
      '    (let* ((scaled (* amount (dec factor)))',
      `           (capped (if (> scaled 1000000.0) 1000000.0 scaled)))`,
      `      (enforce (>= capped 0.0) "negative amount")`,
      prev === null ? '      capped))' : `      (+ capped (${prev}.helper-${f} 0.0 1))))`,
    );
  }
  lines.push(
    '  (defun transfer:string (sender:string receiver:string amount:decimal)',
    '    (with-capability (TRANSFER sender receiver amount)',
    '      (with-read accounts sender { "balance" := sb }',
    '        (update accounts sender { "balance": (- sb amount) }))',
    '      (with-read accounts receiver { "balance" := rb }',
    '        (update accounts receiver { "balance": (+ rb amount) }))',
    '      (emit-event (CREDITED receiver amount))',
    '      "transferred"))',
    ')',
    '(create-table accounts)',
  );
  return lines.join('\n') + '\n';
}

/// Writes the protocol's files and `protocol.repl`, which loads them in one transaction (after the
/// files of `dir` named in `first`); returns the number of lines of the protocol.
export function writeProtocol(dir: string, first: readonly string[] = []): number {
  let lines = 0;
  const loads = first.map((f) => `(load "${f}")`);
  for (let i = 0; i < PROTOCOL_MODULES; i++) {
    const text = protocolModule(i);
    lines += text.split('\n').length - 1;
    writeFileSync(join(dir, `proto${i}.pact`), text);
    loads.push(`(load "proto${i}.pact")`);
  }
  writeFileSync(join(dir, 'protocol.repl'), `(begin-tx)\n${loads.join('\n')}\n(commit-tx)\n`);
  return lines;
}

/// The best of five runs of a script in `dir` through dist/pact, in milliseconds.
export function bestRun(dir: string, script: string, runs = 5): number {
  const run = (): number => {
    const t = performance.now();
    const r = spawnSync(new URL('../dist/pact', import.meta.url).pathname, [join(dir, script)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stdout + r.stderr);
    return performance.now() - t;
  };
  return Math.min(...Array.from({ length: runs }, run));
}

/// Sends each body once to `<api>/send` (one command each), then polls `<api>/poll` until every
/// result is in; answers transactions per second, failing unless every one succeeded.
export async function sendAndPoll(api: string, bodies: string[], keys: string[], connections: number): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  const r = await autocannon({
    url: `${api}/send`, method: 'POST', headers: { 'content-type': 'application/json' },
    connections, amount: bodies.length,
    requests: [{ setupRequest: (req) => ({ ...req, body: bodies[next++] }) }],
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`/send: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const pending = new Set(keys);
  let failures = 0;
  while (pending.size > 0) {
    const batch = [...pending].slice(0, 1000);
    const results = JSON.parse(await post(`${api}/poll`, JSON.stringify({ requestKeys: batch }))) as Record<string, { result: { status: string } }>;
    for (const [k, v] of Object.entries(results)) {
      pending.delete(k);
      if (v.result.status !== 'success') failures++;
    }
    if (Object.keys(results).length === 0) await new Promise((res) => setTimeout(res, 5));
  }
  const seconds = (performance.now() - t0) / 1000;
  if (failures > 0) throw new Error(`${failures} transfers failed`);
  return bodies.length / seconds;
}


/// POSTs JSON; the answer's text, failing on an error status.
export async function post(url: string, body: string): Promise<string> {
  const r = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${url}: ${r.status} ${text}`);
  return text;
}
