/// Starting and stopping a node: directories, the one SQLite database (Pact state and command
/// history side by side), the node, the HTTP listener, and the signals that stop it.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { serve } from 'h3';
import type { H3 } from 'h3';
import { createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { AccessLog, nodeLog } from './log.ts';
import { PactNode } from './node.ts';
import type { CommandService } from './service.ts';

/// How a node gets its database and its Pact service (tests give a stub service).
export interface NodeDeps {
  /// Opens the database at `path` (`:memory:` without a persistDir), applying `pragmas`.
  readonly open: (path: string, pragmas: readonly string[]) => DatabaseSync;
  /// The Pact service over that database, its tables created if missing.
  readonly createService: (conn: DatabaseSync, config: ServerConfig) => CommandService;
  /// The HTTP API of the service, when it is not Pact's own (a devnet's).
  readonly api?: (app: H3, node: PactNode) => void;
  /// Lines printed right after the first one (a devnet's funded accounts).
  readonly banner?: () => string;
}

/// A node that is listening.
export interface RunningNode {
  /// `http://host:port`, with the port actually bound.
  readonly url: string;
  readonly port: number;
  readonly node: PactNode;
  /// Stops: no new requests, the command running finishes, the database closes cleanly.
  /// Resolves with the exit code (1 if the node stopped on a storage failure).
  stop(): Promise<number>;
  /// Resolves with the exit code once the node has stopped, whatever stopped it.
  readonly stopped: Promise<number>;
}

/// A node that could not start, with one line saying why.
export class StartError extends Error {
  override name = 'StartError';
}

/// Opens storage, resumes acknowledged commands, listens, and prints the first line
/// (`pact-ts node listening on http://127.0.0.1:8080 (data: in memory)`) to `out`.
export async function startServer(config: ServerConfig, deps: NodeDeps, out: (line: string) => void = (l) => process.stdout.write(l)): Promise<RunningNode> {
  // The first line says where the node listens, so debug lines wait until it is out.
  const early: string[] = [];
  let debugOut = (line: string): void => void early.push(line);
  const log = nodeLog(config.verbose, (line) => debugOut(line));
  const accessLog = config.logDir === null ? null : attempt(`cannot write the access log in ${config.logDir}`, () => {
    mkdirSync(config.logDir!, { recursive: true });
    return new AccessLog(join(config.logDir!, 'access.log'));
  });
  const dbPath = config.persistDir === null ? ':memory:' : join(resolve(config.persistDir), 'pact.sqlite');
  const conn = attempt(`cannot open the database ${dbPath}`, () => {
    if (config.persistDir !== null) mkdirSync(config.persistDir, { recursive: true });
    return deps.open(dbPath, config.pragmas);
  });
  log.debug(config.persistDir === null ? '[history] Persistence Disabled' : `[history] Persistence Enabled: ${dbPath}`);
  let fatal: (e: unknown) => void = () => {};
  const node = attempt(`cannot open the database ${dbPath}`, () => new PactNode(conn, deps.createService(conn, config), {
    log, listenTimeout: config.listenTimeout, onFatal: (e) => fatal(e),
  }));
  const api = deps.api === undefined ? undefined : (app: H3): void => deps.api!(app, node);
  const server = serve(createApp(node, { ...config, accessLog, api }), { port: config.port, hostname: config.host, silent: true });
  try {
    await server.ready();
  } catch (e) {
    await node.close();
    await accessLog?.close();
    conn.close();
    throw new StartError(`cannot listen on ${config.host}:${config.port}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const port = (server.node!.server!.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  out(`pact-ts node listening on ${url} (data: ${config.persistDir === null ? 'in memory' : dbPath})\n`);
  if (deps.banner !== undefined) out(deps.banner());
  for (const line of early) out(line);
  debugOut = out;
  log.debug(`[api] starting on port ${port}`);

  let stopping: Promise<number> | undefined;
  let resolveStopped: (code: number) => void = () => {};
  const stopped = new Promise<number>((r) => (resolveStopped = r));
  const stop = (code: number): Promise<number> => stopping ??= (async () => {
    await node.close();
    await server.close(true);
    await accessLog?.close();
    conn.close();
    resolveStopped(code);
    return code;
  })();
  fatal = (e) => {
    process.stderr.write(`pact: storage failed, stopping: ${e instanceof Error ? e.message : String(e)}\n`);
    void stop(1);
  };
  return { url, port, node, stop: () => stop(0), stopped };
}

/// Stops the node on SIGINT or SIGTERM (once; the handlers go away when it has stopped).
export function stopOnSignals(running: RunningNode): void {
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
    // A service that cannot start says why itself.
    if (e instanceof StartError) throw e;
    throw new StartError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
