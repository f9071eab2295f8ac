/// Test helpers for the node: a stub Pact service that writes one "effect" row per committed
/// command into the node's own database (so tests can see effects and results commit
/// together), commands built from any text, a node plus app over an in-memory database with
/// its executor on the same thread, and the executor thread of a node run with the stub.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';
import { hashCmd } from '../../src/api/command.ts';
import type { Command } from '../../src/api/command.ts';
import { createApp } from '../../src/server/app.ts';
import type { AppOptions } from '../../src/server/app.ts';
import { silentLog } from '../../src/server/log.ts';
import type { NodeLog } from '../../src/server/log.ts';
import { HistoryStore } from '../../src/server/history.ts';
import { PactNode } from '../../src/server/node.ts';
import { Executor } from '../../src/server/queue.ts';
import type { ApplyOptions, CommandResult, CommandService, ExecutionMode } from '../../src/server/service.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';

/// Runs a command by counting: a committed command adds a row to `effects` and answers the
/// number of effects; a local one answers the current number. A `cmd` containing "fail" fails;
/// one containing "throw" throws (a broken service); one containing "slow" takes 2 ms, one
/// containing "hang" a minute (after writing its effect), one containing "hog" takes memory
/// until there is none.
export class StubService implements CommandService {
  nextTxId = 0;
  readonly calls: Array<{ reqKey: string; mode: ExecutionMode; options: ApplyOptions | undefined }> = [];
  readonly #conn: DatabaseSync;

  constructor(conn: DatabaseSync) {
    this.#conn = conn;
    conn.exec('CREATE TABLE IF NOT EXISTS effects (reqKey TEXT, txid INTEGER)');
  }

  /// Checks started ahead of a command's turn (a test may set one).
  prepare?: (cmd: Command) => Promise<void>;

  /// Called as each command starts (a test may set it to look around meanwhile).
  onApply?: (cmd: Command, mode: ExecutionMode) => void;

  /// How many times the executor asked to forget cached state (after a rollback).
  resets = 0;

  reset(): void {
    this.resets++;
  }

  apply(cmd: Command, mode: ExecutionMode, options?: ApplyOptions): CommandResult {
    const reqKey = base64UrlEncode(cmd.hash);
    this.calls.push({ reqKey, mode, options });
    this.onApply?.(cmd, mode);
    if (cmd.cmd.includes('slow')) spin(2);
    if (cmd.cmd.includes('throw')) {
      if (mode === 'transactional') this.#conn.prepare('INSERT INTO effects VALUES (?, ?)').run(reqKey, -99);
      throw new Error('stub exploded');
    }
    if (cmd.cmd.includes('fail')) return result(reqKey, null, false, 'boom');
    const txId = mode === 'local' ? null : this.nextTxId++;
    if (txId !== null) this.#conn.prepare('INSERT INTO effects VALUES (?, ?)').run(reqKey, txId);
    if (cmd.cmd.includes('hang')) spin(60_000);
    if (cmd.cmd.includes('hog')) for (const kept = []; ;) kept.push(new Array(1_000_000).fill(0.5));
    return result(reqKey, txId, true, String(this.effects()));
  }

  effects(): number {
    return (this.#conn.prepare('SELECT count(*) AS n FROM effects').get() as { n: number }).n;
  }
}

function spin(ms: number): void {
  for (const until = performance.now() + ms; performance.now() < until;);
}

function result(reqKey: string, txId: number | null, success: boolean, data: string): CommandResult {
  const res = success ? `{"status":"success","data":${data}}` : `{"status":"failure","error":"${data}"}`;
  return {
    reqKey, txId, gas: 0n, success, summary: success ? 'success' : data,
    json: `{"gas":0,"result":${res},"reqKey":"${reqKey}","logs":null,"metaData":null,"continuation":null,"txId":${txId ?? 'null'}}`,
  };
}

/// A command whose `cmd` is `text` (hash right, no signatures).
export function command(text: string): Command {
  return { cmd: text, sigs: [], hash: hashCmd(text) };
}

/// The request key of `command(text)`.
export function keyOf(text: string): string {
  return base64UrlEncode(hashCmd(text));
}

/// The JSON envelope of `command(text)`.
export function envelope(text: string): Record<string, unknown> {
  return { hash: keyOf(text), sigs: [], cmd: text };
}

export const LIMITS: Omit<AppOptions, 'accessLog'> = { maxBodyBytes: 4096, maxJsonDepth: 16, maxCommandsPerSend: 5 };

export interface Harness {
  conn: DatabaseSync;
  service: StubService;
  node: PactNode;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  request(path: string, init?: RequestInit): Promise<Response>;
}

/// A node over `conn` (default: a fresh in-memory database, which also holds the inbox) with
/// the stub service run on this thread, and its app.
export function harness(options: { conn?: DatabaseSync; listenTimeout?: number; sliceMs?: number; log?: NodeLog; app?: Partial<AppOptions> } = {}): Harness {
  const conn = options.conn ?? new DatabaseSync(':memory:');
  const service = new StubService(conn);
  const log = options.log ?? silentLog;
  const node = new PactNode(conn, conn, (host) => new Executor({
    conn, history: new HistoryStore(conn), service, log, sliceMs: options.sliceMs, ...host,
  }), { log, listenTimeout: options.listenTimeout ?? 5, onFatal: (e) => { throw e; } });
  const app = createApp(node, { ...LIMITS, ...options.app });
  const request = async (path: string, init?: RequestInit): Promise<Response> => app.request(path, init);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { conn, service, node, post, request };
}

/// A node's executor thread running the stub service (test/server/stub-node.ts).
export function stubThread(options: WorkerOptions): Worker {
  return new Worker(new URL('./stub-node.ts', import.meta.url), options);
}

/// A node process started by a test: its URL, what it printed, and `stop`, which sends it
/// `signal` and resolves with its exit code once it has exited.
export interface StubNode {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/// A node process with the stub service (test/server/stub-node.ts) on `<dir>/data`, its config
/// being `port: 0`, the persistDir and `config`, Node given `nodeFlags`; resolves once it listens.
export async function startStubNode(dir: string, config = '', nodeFlags: string[] = []): Promise<StubNode> {
  const file = join(dir, 'node.yaml');
  writeFileSync(file, `port: 0\npersistDir: ${join(dir, 'data')}\n${config}`);
  const child = spawn('node_modules/.bin/node', [...nodeFlags, 'test/server/stub-node.ts', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m !== null) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`node exited with ${code}: ${out}`)));
  });
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.kill(signal);
    return exited;
  };
  return { child, url, output: () => out, stop };
}

/// POSTs a JSON body.
export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
