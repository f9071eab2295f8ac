/// `pact --lsp`: the language server, speaking the Language Server Protocol (3.17) over standard
/// input and output through `vscode-languageserver`. This module wires the protocol's messages
/// to the workspace and the features; each feature lives in a module of its own.
import { fileURLToPath } from 'node:url';
import { createConnection, DidChangeWatchedFilesNotification, FileChangeType, TextDocumentSyncKind } from 'vscode-languageserver/node';
import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver/node';
import { PACT_VERSION } from '../lang/version.ts';
import type { FileAnalysis } from './analysis.ts';
import { Diagnostics } from './diagnostics.ts';
import type { DiagnosticsOptions } from './diagnostics.ts';
import { completion, resolveItem } from './complete.ts';
import { definitionText, hover, nativeText } from './hover.ts';
import { definitionOf } from './query.ts';
import { signatureHelp } from './signature.ts';
import { LEGEND, semanticTokens } from './tokens.ts';
import { definition, prepareRename, references, rename } from './navigate.ts';
import { documentSymbols, workspaceSymbols } from './outline.ts';
import type { SourceFile } from './source.ts';
import { Workspace } from './workspace.ts';

/// Options a client may pass as `initializationOptions`.
interface Options {
  /// Quiet time after an edit before diagnostics are made, in ms (default 10).
  diagnosticsDelay?: number;
  /// Time limit of a script run on save, in ms (default 10,000).
  scriptTimeout?: number;
}

/// Serves one client over standard input and output. The protocol library ends the process
/// when the client says `exit` or closes the input; scripts still running are stopped then.
export function runLanguageServer(): Promise<number> {
  const conn = createConnection(process.stdin, process.stdout);
  const server = new Server(conn);
  process.on('exit', () => server.stop());
  server.listen();
  return new Promise(() => {});
}

/// The workspace and what serves it, made when the client initializes.
interface Session {
  readonly ws: Workspace;
  readonly diagnostics: Diagnostics;
}

class Server {
  readonly #conn: Connection;
  #session: Session | null = null;
  /// Can the client watch files for us (`workspace/didChangeWatchedFiles`, registered)?
  #watchable = false;

  constructor(conn: Connection) {
    this.#conn = conn;
  }

  stop(): void {
    this.#session?.diagnostics.close();
  }

  listen(): void {
    const c = this.#conn;
    c.onInitialize((p) => this.#initialize(p));
    c.onInitialized(() => {
      this.#session?.diagnostics.all();
      // Files changed on disk behind the editor's back (a checkout, a generator), when the client
      // can watch them for us.
      if (this.#watchable) {
        void c.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{pact,repl}' }] });
      }
    });
    c.onDidChangeWatchedFiles(({ changes }) => {
      const s = this.#session;
      if (s === null) return;
      for (const ch of changes) {
        if (!ch.uri.startsWith('file:')) continue;
        const path = fileURLToPath(ch.uri);
        s.diagnostics.changed([path], s.ws.reread(path));
        if (ch.type === FileChangeType.Deleted) void c.sendDiagnostics({ uri: ch.uri, diagnostics: [] });
      }
    });
    c.onShutdown(() => this.stop());
    c.onDidOpenTextDocument(({ textDocument: d }) => void this.#with(d.uri, (s, path) => {
      s.diagnostics.changed([path], s.ws.open(path, d.uri, d.text, d.version));
    }));
    c.onDidChangeTextDocument(({ textDocument: d, contentChanges }) => void this.#with(d.uri, (s, path) => {
      s.diagnostics.changed([path], s.ws.edit(path, contentChanges, d.version));
    }));
    c.onDidCloseTextDocument(({ textDocument: d }) => void this.#with(d.uri, (s, path) => {
      s.diagnostics.changed([path], s.ws.close(path));
    }));
    c.onDidSaveTextDocument(({ textDocument: d }) => void this.#with(d.uri, (s, path) => s.diagnostics.saved(path)));
    c.onHover((p) => this.#at(p, (s, f, a, offset) => hover(s.ws, f, a, offset)));
    c.onDefinition((p) => this.#at(p, (s, _f, a, offset) => definition(s.ws, a, offset)));
    c.onReferences((p) => this.#at(p, (s, _f, a, offset) => references(s.ws, a, offset, p.context.includeDeclaration)) ?? []);
    c.onPrepareRename((p) => this.#at(p, (s, _f, a, offset) => prepareRename(s.ws, a, offset)));
    c.onRenameRequest((p) => this.#at(p, (s, _f, a, offset) => rename(s.ws, a, offset, p.newName)));
    c.onDocumentSymbol((p) => this.#with(p.textDocument.uri, (s, path) => {
      const f = s.ws.file(path);
      const a = s.ws.analysis(path);
      return f === null || a === null ? [] : documentSymbols(f, a);
    }) ?? []);
    c.onWorkspaceSymbol((p) => (this.#session === null ? [] : workspaceSymbols(this.#session.ws, p.query)));
    c.onCompletion((p) => this.#at(p, (s, f, a, offset) => completion(s.ws, f, a, offset)));
    c.onCompletionResolve((item) => resolveItem(item, (key) => this.#describe(key)));
    c.onSignatureHelp((p) => this.#at(p, (s, f, a, offset) => signatureHelp(s.ws, f, a, offset)));
    c.languages.semanticTokens.on((p) => this.#with(p.textDocument.uri, (s, path) => {
      const f = s.ws.file(path);
      const a = s.ws.analysis(path);
      return f === null || a === null ? { data: [] } : semanticTokens(s.ws, f, a);
    }) ?? { data: [] });
    c.listen();
  }

  /// The hover text of a key (a completion item's documentation).
  #describe(key: string): string | null {
    const ws = this.#session?.ws;
    if (ws === undefined) return null;
    if (key.startsWith('n:')) {
      const n = ws.natives.get(key.slice(2)) ?? ws.replNatives.get(key.slice(2));
      return n === undefined ? null : nativeText(n);
    }
    const d = definitionOf(ws, key);
    return d === null ? null : definitionText(d);
  }

  /// Runs `f` on the analysis of a document at a position.
  #at<T>(p: { textDocument: { uri: string }; position: { line: number; character: number } },
    f: (s: Session, file: SourceFile, a: FileAnalysis, offset: number) => T): T | null {
    return this.#with(p.textDocument.uri, (s, path) => {
      const file = s.ws.file(path);
      // A file too large to analyse has no names to ask about.
      const a = file === null || file.tooLarge ? null : s.ws.analysis(path);
      if (file === null || a === null) return null;
      return f(s, file, a, file.offsetAt(p.position.line, p.position.character));
    });
  }

  /// Runs `f` for a document of the session (only `file:` documents are served).
  #with<T>(uri: string, f: (s: Session, path: string) => T): T | null {
    if (this.#session === null || !uri.startsWith('file:')) return null;
    return f(this.#session, fileURLToPath(uri));
  }

  #initialize(p: InitializeParams): InitializeResult {
    const folders = p.workspaceFolders?.map((f) => f.uri) ?? (p.rootUri !== null ? [p.rootUri] : []);
    const ws = new Workspace(folders.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u)));
    this.#watchable = p.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const o = (p.initializationOptions ?? {}) as Options;
    const options: DiagnosticsOptions = { delay: o.diagnosticsDelay ?? 10, scriptTimeout: o.scriptTimeout ?? 10_000 };
    this.#session = { ws, diagnostics: new Diagnostics(ws, this.#conn, options) };
    return {
      capabilities: {
        positionEncoding: 'utf-16',
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        completionProvider: { triggerCharacters: ['.', '"', '/'], resolveProvider: true },
        signatureHelpProvider: { triggerCharacters: [' ', '('], retriggerCharacters: [' '] },
        semanticTokensProvider: { legend: LEGEND, full: true },
      },
      serverInfo: { name: 'pact-ts', version: PACT_VERSION },
    };
  }
}
