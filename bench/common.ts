// What the benchmarks share: a coin-style token module, signed or unsigned commands as clients
// send them, and starting a process that prints its URL first (dist/pact --serve, the echo server).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { hexEncode } from '../src/api/bytes.ts';
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

/// A command's JSON text, signed by `signer` when there is one; the payload is written in Pact's
/// field order.
export function command(code: string, data: string, signer: Ed25519KeyPair | null, clist = ''): string {
  const pub = signer === null ? '' : hexEncode(signer.publicKey);
  const signers = signer === null ? '[]' : `[{"pubKey":"${pub}"${clist === '' ? '' : `,"clist":${clist}`}}]`;
  const cmd = JSON.stringify({
    networkId: null,
    payload: { exec: { data: '§DATA§', code } },
    signers: '§SIGNERS§',
    meta: { creationTime: 0, ttl: 28800, gasLimit: 100000, chainId: '0', gasPrice: 1e-8, sender: 'alice' },
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
