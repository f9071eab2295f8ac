/// A language client for the tests: starts `dist/pact --lsp` (or `$PACT_LSP_BIN`, e.g.
/// `node src/cli/main.ts`) and talks to it over stdio with vscode-jsonrpc, as an editor would.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, InitializeResult, Position, PublishDiagnosticsParams, TextDocumentContentChangeEvent } from 'vscode-languageserver';

export const uri = (path: string): string => pathToFileURL(path).href;

export class LspClient {
  readonly child: ChildProcess;
  readonly conn: MessageConnection;
  readonly init: InitializeResult;
  /// Every diagnostics notification, by document URI, latest last.
  readonly published: Map<string, PublishDiagnosticsParams[]>;
  readonly #waiters: Array<() => void> = [];
  readonly #versions = new Map<string, number>();
  stderr = '';

  private constructor(child: ChildProcess, conn: MessageConnection, init: InitializeResult, published: Map<string, PublishDiagnosticsParams[]>) {
    this.published = published;
    this.child = child;
    this.conn = conn;
    this.init = init;
  }

  /// Starts a server on the workspace folder `root` and initializes it.
  static async start(root: string, options: Record<string, unknown> = {}): Promise<LspClient> {
    const [program, ...args] = (process.env.PACT_LSP_BIN ?? 'dist/pact').split(' ');
    const child = spawn(program!, [...args, '--lsp'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const published = new Map<string, PublishDiagnosticsParams[]>();
    let client: LspClient | null = null;
    conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const list = published.get(p.uri) ?? [];
      list.push(p);
      published.set(p.uri, list);
      client?.wake();
    });
    conn.listen();
    const init = await conn.sendRequest<InitializeResult>('initialize', {
      processId: process.pid, rootUri: uri(root), workspaceFolders: [{ uri: uri(root), name: 'test' }],
      capabilities: {}, initializationOptions: options,
    });
    client = new LspClient(child, conn, init, published);
    child.stderr!.on('data', (d: Buffer) => { client!.stderr += d.toString(); });
    conn.sendNotification('initialized', {});
    return client;
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.conn.sendRequest<R>(method, params);
  }

  open(path: string, text = readFileSync(path, 'utf8')): void {
    this.#versions.set(path, 1);
    void this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(path), languageId: 'pact', version: 1, text } });
  }

  /// Sends edits (ranges, or a whole text); returns the new version.
  change(path: string, changes: TextDocumentContentChangeEvent[]): number {
    const version = (this.#versions.get(path) ?? 0) + 1;
    this.#versions.set(path, version);
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri: uri(path), version }, contentChanges: changes });
    return version;
  }

  save(path: string): void {
    void this.conn.sendNotification('textDocument/didSave', { textDocument: { uri: uri(path) } });
  }

  close(path: string): void {
    void this.conn.sendNotification('textDocument/didClose', { textDocument: { uri: uri(path) } });
  }

  /// The diagnostics last published for a file.
  latest(path: string): Diagnostic[] | undefined {
    return this.published.get(uri(path))?.at(-1)?.diagnostics;
  }

  /// Waits for a publication for `path` that satisfies `ok` (from those already received too).
  async diagnostics(path: string, ok: (p: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 20_000): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.published.get(uri(path))?.findLast(ok);
      if (found !== undefined) return found.diagnostics;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching diagnostics for ${path}; got ${JSON.stringify(this.published.get(uri(path)) ?? null)}\n${this.stderr}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.#waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  /// Forgets the diagnostics received for a file (to wait for new ones).
  forget(path: string): void {
    this.published.delete(uri(path));
  }

  /// Wakes those waiting for diagnostics.
  wake(): void {
    for (const w of this.#waiters.splice(0)) w();
  }

  /// Shuts the server down as an editor does; resolves with its exit code.
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    await this.conn.sendRequest('shutdown');
    void this.conn.sendNotification('exit');
    const code = await exited;
    this.conn.dispose();
    return code;
  }
}

/// Where the `n`th (0-based) occurrence of `needle` starts in `text` (plus `delta` characters).
export function positionIn(text: string, needle: string, n = 0, delta = 0): Position {
  let i = -1;
  for (let k = 0; k <= n; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`${needle} #${n} not found`);
  }
  const before = text.slice(0, i + delta);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - before.lastIndexOf('\n') - 1 };
}
