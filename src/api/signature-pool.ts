/// Ed25519 signature checks on worker threads, ahead of a command's turn. Checking a signature
/// costs more than running a typical transaction, and it depends on nothing but the command, so
/// a node checks the signatures of queued commands on its other cores while it runs earlier
/// ones. The verdicts are only a shortcut: `verifyCommand` still does every other check itself,
/// and checks on the spot any signature no worker has judged.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Command } from './command.ts';
import { base64UrlEncode } from '../values/base64.ts';

// The worker's code, self-contained (it runs from a string: the single executable has no files
// to load a worker from). For each job it reads the signers from the payload with JSON.parse and
// checks each Ed25519 signature made for an Ed25519 signer; it judges nothing else.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { createPublicKey, verify } = require('node:crypto');
const SPKI = Buffer.from('302a300506032b6570032100', 'hex');
const HEX = /^[0-9a-fA-F]*$/;
const keys = new Map();
function key(hex) {
  let k = keys.get(hex);
  if (k === undefined) {
    if (keys.size > 4096) keys.clear();
    k = createPublicKey({ key: Buffer.concat([SPKI, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
    keys.set(hex, k);
  }
  return k;
}
function judge(job) {
  const out = [];
  let signers;
  try { signers = JSON.parse(job.cmd).signers; } catch { return out; }
  if (!Array.isArray(signers)) return out;
  const hash = Buffer.from(job.hash, 'base64url');
  for (let i = 0; i < job.sigs.length && i < signers.length; i++) {
    const s = signers[i], sig = job.sigs[i];
    if (s === null || typeof s !== 'object' || typeof s.pubKey !== 'string' || typeof sig !== 'string') continue;
    if ((s.scheme !== undefined && s.scheme !== null && s.scheme !== 'ED25519') || s.pubKey.length !== 64 || sig.length !== 128) continue;
    if (!HEX.test(s.pubKey) || !HEX.test(sig)) continue;
    let ok = false;
    try { ok = verify(null, hash, key(s.pubKey), Buffer.from(sig, 'hex')); } catch {}
    out.push([s.pubKey, sig, ok]);
  }
  return out;
}
parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, hash: m.job.hash, verdicts: judge(m.job) }));
`;

type Verdict = [pubKey: string, sig: string, valid: boolean];

// Verdicts not taken (a command that is never run) are dropped once this many accumulate.
const MAX_VERDICTS = 100000;

export class SignaturePool {
  readonly #workers: Worker[] = [];
  readonly #waiting = new Map<number, () => void>();
  readonly #verdicts = new Map<string, boolean>();
  #next = 0;
  #id = 0;

  /// One worker per core beyond the first (at least one).
  constructor(threads = Math.max(1, availableParallelism() - 1)) {
    for (let i = 0; i < threads; i++) {
      const w = new Worker(WORKER, { eval: true });
      w.on('message', (m: { id: number; hash: string; verdicts: Verdict[] }) => this.#settle(m.id, m.hash, m.verdicts));
      // A worker that fails leaves its jobs to be checked on the spot.
      w.on('error', () => this.#drop(w));
      // Idle workers must not keep a process alive (listening for messages would).
      w.unref();
      this.#workers.push(w);
    }
  }

  /// Has a worker check the command's Ed25519 signatures; resolves once it has (or has given up).
  check(cmd: Command): Promise<void> {
    const ed25519 = cmd.sigs.filter((s) => s.kind === 'ed25519').map((s) => s.sig);
    if (ed25519.length === 0 || this.#workers.length === 0) return Promise.resolve();
    const id = this.#id++;
    const hash = base64UrlEncode(cmd.hash);
    const worker = this.#workers[this.#next++ % this.#workers.length]!;
    return new Promise<void>((resolve) => {
      this.#waiting.set(id, resolve);
      worker.postMessage({ id, job: { hash, cmd: cmd.cmd, sigs: cmd.sigs.map((s) => (s.kind === 'ed25519' ? s.sig : null)) } });
    });
  }

  /// A worker's verdict on one signature, if one was made (each verdict is used once).
  take(hash: string, pubKey: string, sig: string): boolean | undefined {
    const k = `${hash}|${pubKey}|${sig}`;
    const v = this.#verdicts.get(k);
    if (v !== undefined) this.#verdicts.delete(k);
    return v;
  }

  /// Stops the workers; checks still waiting resolve without verdicts.
  async close(): Promise<void> {
    const workers = this.#workers.splice(0);
    this.#release();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  // Resolves every check still waiting (without verdicts: they are checked on the spot).
  #release(): void {
    for (const resolve of this.#waiting.values()) resolve();
    this.#waiting.clear();
  }

  #settle(id: number, hash: string, verdicts: Verdict[]): void {
    if (this.#verdicts.size + verdicts.length > MAX_VERDICTS) this.#verdicts.clear();
    for (const [pub, sig, ok] of verdicts) this.#verdicts.set(`${hash}|${pub}|${sig}`, ok);
    this.#waiting.get(id)?.();
    this.#waiting.delete(id);
  }

  #drop(w: Worker): void {
    const i = this.#workers.indexOf(w);
    if (i >= 0) this.#workers.splice(i, 1);
    this.#release();
  }
}
