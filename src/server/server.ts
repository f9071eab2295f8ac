/// Starting and stopping a node: directories, the one SQLite database (Pact state and command
/// history side by side) and the inbox beside it, the node with its executor thread, the HTTP
/// listener, and the signals that stop it.
///
/// The port opens, and the first lines are printed, before the HTTP edge is loaded (app.ts: h3
/// on srvx, and Node's fetch classes under them, the largest part of starting); a request that
/// comes meanwhile waits for it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { H3 } from 'h3';
import type { Server as Edge } from 'srvx';
import { openSqlite } from '../db/sqlite.ts';
import type { AppOptions } from './app.ts';
import type { ServerConfig } from './config.ts';
import { ExecutorThread } from './executor-thread.ts';
import type { StartThread } from './executor-thread.ts';
import { AccessLog, nodeLog } from './log.ts';
import { exposureNote } from './loopback.ts';
import { PactNode } from './node.ts';

/// How a node runs its executor: this program again, on a worker thread (tests give a program
/// with a stub service).
export interface NodeDeps {
  readonly startExecutor: StartThread;
  /// Stop on SIGINT or SIGTERM (a process running one node).
  readonly stopOnSignals?: boolean;
  /// Readies a new database file before anything opens it (a devnet copies its prebuilt genesis).
  readonly prepareDatabase?: (dbPath: string) => void;
  /// The HTTP API of the service, when it is not Pact's own (a devnet's), loaded with the edge.
  readonly api?: () => Promise<ServiceApi>;
  /// Lines printed right after the first one (a devnet's funded accounts).
  readonly banner?: () => string;
}

/// Adds a service's routes to the app, over the node.
export type ServiceApi = (app: H3, node: PactNode) => void;

/// A node that is listening.
export interface RunningNode {
  /// `http://host:port`, with the port actually bound.
  readonly url: string;
  readonly port: number;
  readonly node: PactNode;
  /// Stops: no new requests, the command running is ended (a restart runs it again), the
  /// database closes cleanly. Resolves with the exit code (1 if the node stopped because its
  /// storage or its executor thread failed).
  stop(): Promise<number>;
  /// Resolves with the exit code once the node has stopped, whatever stopped it.
  readonly stopped: Promise<number>;
}

/// A node that could not start, with one line saying why.
export class StartError extends Error {
  override name = 'StartError';
}

/// Opens storage, resumes acknowledged commands, listens, and prints the first line
/// (`pact-ts node listening on http://127.0.0.1:8080 (data: in memory)`) to `out`, and a last
/// one when it stops.
export async function startServer(config: ServerConfig, deps: NodeDeps, out: (line: string) => void = (l) => process.stdout.write(l)): Promise<RunningNode> {
  // The first line says where the node listens, so debug lines wait until it is out.
  const early: string[] = [];
  let debugOut = (line: string): void => void early.push(line);
  const log = nodeLog(config.verbose, (line) => debugOut(line));
  const accessLog = config.logDir === null ? null : attempt(`cannot write the access log in ${config.logDir}`, () => {
    mkdirSync(config.logDir!, { recursive: true });
    return new AccessLog(join(config.logDir!, 'access.log'));
  });
  const store = openStore(config, deps.prepareDatabase);
  log.debug(config.persistDir === null ? '[history] Persistence Disabled' : `[history] Persistence Enabled: ${store.dbPath}`);
  // A failure before the node listens is acted on once it does.
  let failedEarly: unknown;
  let fatal = (e: unknown): void => void (failedEarly ??= e);
  const node = attempt(`cannot open the database ${store.dbPath}`, () => new PactNode(store.conn, store.inbox, (host) => new ExecutorThread(host, {
    start: deps.startExecutor, setup: { dbPath: store.dbPath, pragmas: store.pragmas, config }, log,
  }), { log, listenTimeout: config.listenTimeout, onFatal: (e) => fatal(e) }));
  const listener = new Listener();
  try {
    await listener.listen(config.port, config.host);
  } catch (e) {
    await node.close();
    await accessLog?.close();
    store.close();
    throw new StartError(`cannot listen on ${config.host}:${config.port}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const port = (listener.server.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  let edge: Edge | undefined;
  let stopping: Promise<number> | undefined;
  let resolveStopped: (code: number) => void = () => {};
  const stopped = new Promise<number>((r) => (resolveStopped = r));
  const stop = (code: number): Promise<number> => stopping ??= (async () => {
    await node.close();
    await listener.close();
    await edge?.close(true);
    await accessLog?.close();
    store.close();
    out('pact-ts node stopped\n');
    resolveStopped(code);
    return code;
  })();
  const running: RunningNode = { url, port, node, stop: () => stop(0), stopped };
  // From the first line on, a signal stops the node properly (a node in memory removes its file).
  if (deps.stopOnSignals === true) stopOnSignals(running);
  out(`pact-ts node listening on ${url} (data: ${config.persistDir === null ? 'in memory' : store.dbPath}${exposureNote(config.host)})\n`);
  if (deps.banner !== undefined) out(deps.banner());
  for (const line of early) out(line);
  debugOut = out;
  log.debug(`[api] starting on port ${port}`);
  fatal = (e) => {
    process.stderr.write(`pact: ${e instanceof Error ? e.message : String(e)}\n`);
    void stop(1);
  };
  if (failedEarly !== undefined) fatal(failedEarly);
  try {
    edge = await httpEdge(node, { ...config, accessLog, log }, deps.api);
    listener.handle(edge.node!.handler!);
  } catch (e) {
    fatal(e);
  }
  return running;
}

/// The node's HTTP edge: the app with its routes (the service's own, if it has some, instead of
/// Pact's API).
async function httpEdge(node: PactNode, options: AppOptions, api: NodeDeps['api']): Promise<Edge> {
  const [{ servedApp }, routes] = await Promise.all([import('./app.ts'), api?.()]);
  return servedApp(node, { ...options, api: routes === undefined ? undefined : (app) => routes(app, node) });
}

/// Node's HTTP server, listening before it has the handler of its requests: those that come
/// before are handed to it once it is there.
class Listener {
  readonly server: HttpServer = createServer();
  #handler: RequestListener | undefined;
  #waiting: Array<[IncomingMessage, ServerResponse]> = [];

  constructor() {
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.#handler === undefined) this.#waiting.push([req, res]);
      else void this.#handler(req, res);
    });
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port, host, exclusive: true }, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  handle(handler: RequestListener): void {
    this.#handler = handler;
    for (const [req, res] of this.#waiting.splice(0)) void handler(req, res);
  }

  /// Stops listening and ends every connection (a `/listen` waiting has been answered already).
  close(): Promise<void> {
    this.server.closeAllConnections();
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve, reject) => this.server.close((e) => (e === undefined ? resolve() : reject(e))));
  }
}

/// The node's storage, opened: its database (`<persistDir>/pact.sqlite`, or a file of its own
/// in a temporary directory, removed at the end, for a node in memory: the executor thread
/// cannot share a `:memory:` database) and the inbox (`inbox.sqlite` beside it, or in memory).
interface Store {
  readonly dbPath: string;
  readonly pragmas: readonly string[];
  /// The node's own connection to the database.
  readonly conn: DatabaseSync;
  readonly inbox: DatabaseSync;
  close(): void;
}

function openStore(config: ServerConfig, prepare?: (dbPath: string) => void): Store {
  const dir = config.persistDir === null ? mkdtempSync(join(tmpdir(), 'pact-node-')) : resolve(config.persistDir);
  const dbPath = join(dir, 'pact.sqlite');
  // Nothing of a node in memory outlives it: no write needs to reach the disk.
  const pragmas = config.persistDir === null ? ['synchronous = OFF', ...config.pragmas] : config.pragmas;
  const opened: DatabaseSync[] = [];
  const close = (): void => {
    for (const c of opened) c.close();
    if (config.persistDir === null) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const conn = attempt(`cannot open the database ${dbPath}`, () => {
      mkdirSync(dir, { recursive: true });
      prepare?.(dbPath);
      return openSqlite(dbPath, pragmas);
    });
    opened.push(conn);
    checkSharedAccess(conn);
    const inboxPath = config.persistDir === null ? ':memory:' : join(dir, 'inbox.sqlite');
    const inbox = attempt(`cannot open the inbox ${inboxPath}`, () => openSqlite(inboxPath, []));
    opened.push(inbox);
    return { dbPath, pragmas, conn, inbox, close };
  } catch (e) {
    close();
    throw e;
  }
}

/// The node reads its database while the executor thread writes it: that needs SQLite's WAL
/// journal and normal locking (the default unless `pragmas` says otherwise).
function checkSharedAccess(conn: DatabaseSync): void {
  const mode = (pragma: string): string => String(Object.values(conn.prepare(`PRAGMA ${pragma}`).get() ?? {})[0]).toLowerCase();
  const journal = mode('journal_mode');
  if (journal !== 'wal') throw new StartError(`pragmas: the node reads its database while a command runs, which needs journal_mode = WAL (not ${journal})`);
  const locking = mode('locking_mode');
  if (locking !== 'normal') throw new StartError(`pragmas: the node reads its database while a command runs, which needs locking_mode = NORMAL (not ${locking})`);
}

/// Stops the node on SIGINT or SIGTERM (once; the handlers go away when it has stopped).
function stopOnSignals(running: RunningNode): void {
  const onSignal = (): void => void running.stop();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  void running.stopped.then(() => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  });
}

function attempt<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    throw new StartError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
