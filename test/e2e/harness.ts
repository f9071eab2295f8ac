/// End-to-end harness: the real `dist/pact --serve` on a loopback port, in a temporary directory.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { hexEncode } from '../../src/api/bytes.ts';
import { hashCmd } from '../../src/api/command.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';

export const PACT = fileURLToPath(new URL('../../dist/pact', import.meta.url));

/// A node started from a config; `config` lines are added to `port: 0`.
export interface Node {
  readonly url: string;
  readonly dir: string;
  readonly child: ChildProcess;
  /// Output seen so far (stdout and stderr).
  readonly output: () => string;
  /// Resolves with the exit code once the process has exited.
  readonly exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/// A fresh temporary directory, removed by `cleanup`.
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'pact-e2e-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/// A node for the tests of one file: started before them in a fresh temporary directory, stopped
/// and removed after them. Call the returned function for the node.
export function suiteNode(config = ''): () => Node {
  let node: Node | undefined;
  let cleanup = (): void => {};
  before(async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    node = await startNode(t.dir, config);
  });
  after(async () => {
    await node?.stop();
    cleanup();
  });
  return () => node!;
}

/// Starts `dist/pact --serve` in `dir` with `port: 0` plus `config`; resolves once it listens.
export function startNode(dir: string, config = ''): Promise<Node> {
  const file = join(dir, 'serve.yaml');
  writeFileSync(file, `port: 0\n${config}`);
  const child = spawn(PACT, ['--serve', file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let first = true;
    lines.on('line', (line) => {
      output += line + '\n';
      if (!first) return;
      first = false;
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (url === undefined) return reject(new Error(`unexpected first line: ${line}`));
      resolve({
        url, dir, child, exited, output: () => output,
        stop: (signal = 'SIGTERM') => {
          child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`pact --serve exited with ${code}: ${output}`)));
  });
}

/// POSTs JSON text; the status, content type and body text.
export async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; text: string }> {
  const r = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
}

/// POSTs and parses a 200 JSON answer.
export async function postJson<T = any>(url: string, body: unknown): Promise<T> {
  const r = await post(url, typeof body === 'string' ? body : JSON.stringify(body));
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${r.text}`);
  return JSON.parse(r.text) as T;
}

/// Runs `dist/pact` with arguments (and stdin); its stdout, failing on a non-zero exit.
export function pact(args: string[], input?: string): string {
  const r = spawnSync(PACT, args, { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pact ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/// A fresh key pair from `pact -g`, as hex.
export function genKey(): { publicKey: string; secretKey: string } {
  const out = pact(['-g']);
  return { publicKey: /public: (\w+)/.exec(out)![1]!, secretKey: /secret: (\w+)/.exec(out)![1]! };
}

let nonce = 0;

/// An unsigned command (no signers need no signatures) running `code`, as JSON text.
export function unsignedCommand(code: string): string {
  const cmd = JSON.stringify({
    networkId: null, payload: { exec: { data: {}, code } }, signers: [],
    meta: { creationTime: 0, ttl: 600, gasLimit: 1000, chainId: '0', gasPrice: 0, sender: '' },
    nonce: `${process.pid}-${nonce++}-${hexEncode(crypto.getRandomValues(new Uint8Array(4)))}`,
  });
  return JSON.stringify({ hash: base64UrlEncode(hashCmd(cmd)), sigs: [], cmd });
}
