/// The node's HTTP edge on h3: Pact 4's routes (`/api/v1/{send,poll,listen,local}`, `/verify`
/// and `/version` at the root), the same API under chainweb's path (where `@kadena/client`
/// sends it), and chainweb's `/health-check` and `/info`. Handlers only parse and answer; the
/// node does the work.
import { STATUS_CODES } from 'node:http';
import { getRequestIP, H3, serve } from 'h3';
import type { H3Event, HTTPError, Middleware } from 'h3';
import type { Server } from 'srvx';
import { commandOf } from '../api/verify.ts';
import { PACT_VERSION } from '../lang/version.ts';
import { encodeJson, JsonObject } from '../values/json.ts';
import { DEFAULTS } from './config.ts';
import { browserGuard } from './guard.ts';
import type { BrowserAccess } from './guard.ts';
import {
  accepts, badRequest, decoded, jsonReply, notAcceptable, readJsonBody, refusalReason, refuse, reply,
} from './http.ts';
import type { BodyLimits } from './http.ts';
import type { AccessLog, NodeLog } from './log.ts';
import type { PactNode } from './node.ts';
import { commandsOf, listenOf, localFlagsOf, pollOf, submitBatchOf, verifyRequestOf } from './requests.ts';
import type { LocalFlags } from './requests.ts';
import type { Command } from '../api/command.ts';
import { explorerRoutes } from './explorer.ts';

/// The explorer's read-only API (the page at `/` uses it).
const EXPLORER_API = '/explorer/api/v1';

/// The settings of the HTTP edge.
export interface AppOptions extends BodyLimits, Partial<BrowserAccess> {
  readonly maxCommandsPerSend: number;
  /// Where to record each request, if anywhere.
  readonly accessLog?: AccessLog | null;
  /// Where a verbose node says why it refused a request.
  readonly log?: NodeLog;
  /// Routes that answer instead of Pact's API and `/info` (a devnet's chainweb API).
  readonly api?: (app: H3) => void;
}

export type Handler = (event: H3Event) => Response | Promise<Response>;

/// Where the API lives: Pact's own prefix and chainweb's per-chain one (any network and chain
/// id is accepted: this node is one chain, whatever a client calls it).
const API_PREFIXES = ['/api/v1', '/chainweb/0.0/:networkId/chain/:chainId/pact/api/v1'];

/// Builds the app over a node.
///
/// @example const app = createApp(node, { maxBodyBytes: 1 << 20, maxJsonDepth: 64, maxCommandsPerSend: 100 });
///   await app.request('/version') // 200 "4.13.2"
export function createApp(node: PactNode, options: AppOptions): H3 {
  const app = new H3({ silent: true, onError: internalError });
  if (options.accessLog != null) app.use(accessLogger(options.accessLog));
  if (options.log?.verbose === true) app.use(refusalLogger(options.log));
  app.use(browserGuard({ ...DEFAULTS, ...options }));
  if (options.api === undefined) {
    const api = apiHandlers(node, options);
    for (const prefix of API_PREFIXES) {
      for (const [name, post] of Object.entries(api)) route(app, `${prefix}/${name}`, { POST: post });
    }
    route(app, '/info', { GET: infoHandler });
  } else {
    options.api(app);
  }
  route(app, '/verify', { POST: verifyHandler(options) });
  route(app, '/version', { GET: plainText(PACT_VERSION) });
  route(app, '/health-check', { GET: plainText('Health check OK.\n') });
  const explorer = explorerRoutes(node, node.conn, options);
  route(app, '/', { GET: explorer.page });
  for (const [name, get] of Object.entries(explorer.api)) route(app, `${EXPLORER_API}/${name}`, { GET: get });
  route(app, `${EXPLORER_API}/local`, { POST: explorer.playground });
  app.all('/**', () => reply(404));
  return app;
}

/// The app as srvx serves it, on the requests it is handed (`node.handler`; server.ts listens).
export function servedApp(node: PactNode, options: AppOptions): Server {
  // srvx's own signal handlers (`gracefulShutdown`) would keep the process up to a second longer.
  return serve(createApp(node, options), { manual: true, silent: true, gracefulShutdown: false });
}

/// Registers a path; other methods get 405 (HEAD is answered like GET, as Servant does).
export function route(app: H3, path: string, methods: { GET?: Handler; POST?: Handler; PUT?: Handler }): void {
  app.all(path, (event) => {
    const method = event.req.method;
    const handler = method === 'GET' || method === 'HEAD' ? methods.GET : method === 'POST' ? methods.POST : method === 'PUT' ? methods.PUT : undefined;
    return handler === undefined ? reply(405) : handler(event);
  });
}

/// Pact's API over a node: `send`, `poll`, `listen`, `local`.
export function apiHandlers(node: PactNode, options: AppOptions): Record<string, Handler> {
  return {
    send: async (event) => {
      const body = await readJsonBody(event, options);
      if (body instanceof Response) return body;
      const cmds = decoded(() => submitBatchOf(body));
      if (cmds instanceof Response) return cmds;
      if (cmds.length > options.maxCommandsPerSend) {
        return refuse(413, `Too many commands in one /send: ${cmds.length}; the limit is ${options.maxCommandsPerSend} (maxCommandsPerSend)`);
      }
      const commands = decoded(() => commandsOf(cmds));
      if (commands instanceof Response) return commands;
      return jsonReply(encodeJson(new JsonObject([['requestKeys', await node.send(commands)]])));
    },
    poll: async (event) => {
      const body = await readJsonBody(event, options);
      if (body instanceof Response) return body;
      const keys = decoded(() => pollOf(body));
      return keys instanceof Response ? keys : jsonReply(node.poll(keys));
    },
    listen: async (event) => {
      const body = await readJsonBody(event, options);
      if (body instanceof Response) return body;
      const key = decoded(() => listenOf(body));
      return key instanceof Response ? key : jsonReply(await node.listen(key, event.req.signal));
    },
    local: async (event) => {
      const req = await readLocal(event, options);
      if (req instanceof Response) return req;
      const result = await node.local(req.command, { verifySignatures: req.flags.signatureVerification });
      return localReply(result.json, req.flags.preflight);
    },
  };
}

/// A `/local` request: chainweb's query flags and the command, or the 400 to answer.
export async function readLocal(event: H3Event, limits: BodyLimits): Promise<{ flags: LocalFlags; command: Command } | Response> {
  const body = await readJsonBody(event, limits);
  if (body instanceof Response) return body;
  const flags = localFlagsOf(event.url.searchParams);
  if (typeof flags === 'string') return badRequest(flags);
  const command = decoded(() => commandOf(body));
  return command instanceof Response ? command : { flags, command };
}

/// A `/local` result as answered: chainweb wraps a preflight's result (`@kadena/client` unwraps it).
export function localReply(json: string, preflight: boolean): Response {
  return jsonReply(preflight ? `{"preflightResult":${json},"preflightWarnings":[]}` : json);
}

/// `/verify`: the posted modules loaded into a fresh REPL and the named one checked as the
/// REPL's `verify` checks it (see verify.ts).
function verifyHandler(limits: BodyLimits): Handler {
  return async (event) => {
    const body = await readJsonBody(event, limits);
    if (body instanceof Response) return body;
    const req = decoded(() => verifyRequestOf(body));
    if (req instanceof Response) return req;
    // The REPL and the analyzer it needs are loaded with the first /verify, not with the node.
    const answer = (await import('./verify.ts')).verifyModules(req);
    if (answer.status === 500) {
      // Pact's analysis stopped with a Haskell exception: Warp's answer to one, and its report.
      process.stderr.write(`${answer.text}\n`);
      return reply(500, 'Something went wrong');
    }
    return answer.status === 200 ? jsonReply(answer.json) : refuse(400, answer.text);
  };
}

function plainText(text: string): Handler {
  return (event) => {
    const accept = event.req.headers.get('accept');
    return accepts(accept, 'text', 'plain') ? reply(200, text) : notAcceptable(accept, 'text/plain');
  };
}

/// chainweb's node information, for one chain `"0"` at height 0. Fields in chainweb's order.
const INFO = JSON.stringify({
  nodeVersion: 'development',
  nodePackageVersion: PACT_VERSION,
  nodeApiVersion: '0.0',
  nodeChains: ['0'],
  nodeNumberOfChains: 1,
  nodeGraphHistory: [[0, [[0, []]]]],
  nodeLatestBehaviorHeight: 0,
  nodeGenesisHeights: [['0', 0]],
  nodeHistoricalChains: [[0, [['0', []]]]],
  nodeServiceDate: null,
  nodeBlockDelay: 30000000,
});

const infoHandler: Handler = (event) => {
  const accept = event.req.headers.get('accept');
  return accepts(accept, 'application', 'json') ? jsonReply(INFO) : notAcceptable(accept, 'application/json');
};

/// Records every request (after CORS and routing have answered it) in the access log.
function accessLogger(log: AccessLog): Middleware {
  return async (event, next) => {
    const res = await next();
    const req = event.req;
    log.write({
      client: getRequestIP(event),
      method: req.method,
      target: event.url.pathname + event.url.search,
      status: res instanceof Response ? res.status : 200,
      bytes: res instanceof Response ? Number(res.headers.get('content-length') ?? 0) : 0,
      referer: req.headers.get('referer'),
      userAgent: req.headers.get('user-agent'),
    });
    return res;
  };
}

/// In verbose mode, one line for each request refused (400, 403, 406, 413, 415) with its reason.
function refusalLogger(log: NodeLog): Middleware {
  return async (event, next) => {
    const res = await next();
    const reason = res instanceof Response ? refusalReason(res) : undefined;
    if (reason === undefined) return res;
    const { status } = res as Response;
    const why = reason === '' ? '' : `: ${oneLine(reason).slice(0, 500)}`;
    log.debug(`[api]: Refused ${event.req.method} ${requestTarget(event)}: ${status} ${STATUS_CODES[status]}${why}`);
    return res;
  };
}

/// A JavaScript exception escaping a handler is a bug: one line on stderr naming the request, a
/// bare 500. h3's own refusals (a malformed URL) keep their status, without h3's JSON body.
function internalError(error: HTTPError, event: H3Event): Response {
  const status = error.status ?? 500;
  if (status >= 500) {
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    process.stderr.write(`pact: internal error answering ${event.req.method} ${requestTarget(event)}: ${oneLine(cause)}\n`);
  }
  return reply(status);
}

/// The path of a request (the whole URL if h3 could not read one).
function requestTarget(event: H3Event): string {
  try {
    return event.url.pathname;
  } catch {
    return event.req.url;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}
