/// Test helpers for the node: a stub Pact service that writes one "effect" row per committed
/// command into the node's own database (so tests can see effects and results commit
/// together), commands built from any text, and a node plus app over an in-memory database.
import { DatabaseSync } from 'node:sqlite';
import { hashCmd } from '../../src/api/command.ts';
import type { Command } from '../../src/api/command.ts';
import { createApp } from '../../src/server/app.ts';
import type { AppOptions } from '../../src/server/app.ts';
import { silentLog } from '../../src/server/log.ts';
import type { NodeLog } from '../../src/server/log.ts';
import { PactNode } from '../../src/server/node.ts';
import type { ApplyOptions, CommandResult, CommandService, ExecutionMode } from '../../src/server/service.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';

/// Runs a command by counting: a committed command adds a row to `effects` and answers the
/// number of effects; a local one answers the current number. A `cmd` containing "fail" fails;
/// one containing "throw" throws (a broken service); one containing "slow" takes 2 ms.
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

  /// How many times the executor asked to forget cached state (after a rollback).
  resets = 0;

  reset(): void {
    this.resets++;
  }

  apply(cmd: Command, mode: ExecutionMode, options?: ApplyOptions): CommandResult {
    const reqKey = base64UrlEncode(cmd.hash);
    this.calls.push({ reqKey, mode, options });
    if (cmd.cmd.includes('slow')) for (const until = performance.now() + 2; performance.now() < until;);
    if (cmd.cmd.includes('throw')) {
      if (mode === 'transactional') this.#conn.prepare('INSERT INTO effects VALUES (?, ?)').run(reqKey, -99);
      throw new Error('stub exploded');
    }
    if (cmd.cmd.includes('fail')) return result(reqKey, null, false, 'boom');
    if (mode === 'local') return result(reqKey, null, true, String(this.effects()));
    const txId = this.nextTxId++;
    this.#conn.prepare('INSERT INTO effects VALUES (?, ?)').run(reqKey, txId);
    return result(reqKey, txId, true, String(this.effects()));
  }

  effects(): number {
    return (this.#conn.prepare('SELECT count(*) AS n FROM effects').get() as { n: number }).n;
  }
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

/// A node over `conn` (default: a fresh in-memory database) with the stub service, and its app.
export function harness(options: { conn?: DatabaseSync; listenTimeout?: number; sliceMs?: number; log?: NodeLog; app?: Partial<AppOptions> } = {}): Harness {
  const conn = options.conn ?? new DatabaseSync(':memory:');
  const service = new StubService(conn);
  const node = new PactNode(conn, service, {
    log: options.log ?? silentLog, listenTimeout: options.listenTimeout ?? 5, sliceMs: options.sliceMs,
    onFatal: (e) => { throw e; },
  });
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
