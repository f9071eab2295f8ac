/// Who may use the node from a browser. Any web page can send requests to 127.0.0.1, so a node
/// on the loopback is still within reach of every page its owner opens. Two checks keep those
/// pages out:
///
/// - **Host.** DNS rebinding points an attacker's name at 127.0.0.1, and the browser then sends
///   that name as `Host`. Only names of this node are answered: loopback names and addresses
///   (any port), the configured `host` (bound to every interface: the machine's name and
///   addresses too), and the config's `allowedHosts`. Any other name gets 403.
/// - **Origin.** A browser names the page behind every cross-origin request and every POST.
///   Pages on the loopback (any port: a dapp's dev server), the node's own page and the
///   config's `corsOrigins` are answered, with CORS headers for their origin; any other origin
///   gets 403 before the request runs, preflight or not. `corsOrigins: ["*"]` restores Pact 4's
///   policy (wai-cors answering every origin with `Access-Control-Allow-Origin: *`).
///
/// A request without `Origin` (curl, `@kadena/client` under Node, a page's own GETs) is no
/// cross-origin request: only the Host check applies to it.
import { hostname as machineName, networkInterfaces } from 'node:os';
import type { Middleware } from 'h3';
import { refuse } from './http.ts';
import { bare, isLoopbackName } from './loopback.ts';

/// What the guard lets in: the node's own address and the config's lists.
export interface BrowserAccess {
  /// The address the node listens on.
  readonly host: string;
  /// Further host names to answer: `name`, `.domain` (it and its subdomains), or `*` (any).
  readonly allowedHosts: readonly string[];
  /// Origins (`https://app.example.com`) whose pages may call the node, or `*` for any.
  readonly corsOrigins: readonly string[];
}

/// The guard as middleware, ahead of every route.
///
/// @example app.use(browserGuard({ host: '127.0.0.1', allowedHosts: [], corsOrigins: [] }))
export function browserGuard(access: BrowserAccess): Middleware {
  const namesNode = hostMatcher(access);
  const allowOrigin = originMatcher(access.corsOrigins);
  // The few `Host` values a node sees, read once each (parsing one as a URL costs more than
  // the rest of a small request's routing).
  const known = new Map<string, { name: string; host: string } | null>();
  const ownHost = (header: string): { name: string; host: string } | null => {
    let host = known.get(header);
    if (host === undefined) {
      const h = hostOf(header);
      host = h !== null && namesNode(h.name) ? h : null;
      if (known.size >= 64) known.clear();
      known.set(header, host);
    }
    return host;
  };
  return async (event, next) => {
    // The URL's host is the request's `Host` (or the address it came to, without one).
    const host = ownHost(event.url.host);
    if (host === null) {
      return refuse(403, `Host not allowed: ${event.req.headers.get('host') ?? event.url.host}. This node answers its loopback names, its configured host and the config's allowedHosts.`);
    }
    const headers = event.req.headers;
    const origin = headers.get('origin');
    if (origin === null) return next();
    const allowed = allowOrigin(origin, host.host);
    if (allowed === null) {
      return refuse(403, `Origin not allowed: ${origin}. This node answers pages on the loopback and from the config's corsOrigins.`);
    }
    if (event.req.method === 'OPTIONS') return preflight(headers, allowed);
    const res = await next();
    if (res instanceof Response) allowHeaders(res.headers, allowed);
    return res;
  };
}

// ---------------------------------------------------------------------------------------------
// Host

/// A host's name (lowercase, without brackets or port) and `host:port` as a URL writes them (so
/// `127.1` is 127.0.0.1); null if it is no host at all.
function hostOf(host: string): { name: string; host: string } | null {
  const url = parseUrl(`http://${host}`);
  if (url === null || url.username !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return null;
  return { name: bare(url.hostname).replace(/\.$/, ''), host: url.host };
}

function hostMatcher(access: BrowserAccess): (name: string) => boolean {
  if (access.allowedHosts.includes('*')) return () => true;
  const own = bare(access.host.toLowerCase());
  const listed = access.allowedHosts.map((h) => bare(h.toLowerCase()));
  const everyInterface = own === '0.0.0.0' || own === '::' || own === '';
  return (name) => isLoopbackName(name) || name === own ||
    listed.some((h) => (h.startsWith('.') ? name === h.slice(1) || name.endsWith(h) : name === h)) ||
    (everyInterface && machineNames().includes(name));
}

/// The names this machine answers to on its network: its host name and its addresses (read at
/// each use: addresses come and go).
function machineNames(): string[] {
  const names = [machineName().toLowerCase()];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) names.push(a.address.toLowerCase().replace(/%.*$/, ''));
  }
  return names;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// CORS

/// The `Access-Control-Allow-Origin` a page's origin gets (`*` under Pact 4's policy), or null
/// if it is refused. `host` is the request's `Host`, which names the node's own page.
function originMatcher(corsOrigins: readonly string[]): (origin: string, host: string) => string | null {
  if (corsOrigins.includes('*')) return () => '*';
  const listed = new Set(corsOrigins);
  return (origin, host) => {
    if (listed.has(origin)) return origin;
    const url = parseUrl(origin);
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
    if (isLoopbackName(bare(url.hostname))) return origin;
    return url.protocol === 'http:' && url.host === host ? origin : null;
  };
}

// Pact 4's policy: GET and POST (with wai-cors's simple methods), two request headers (with
// wai-cors's simple headers but content-type), a one-day max age.
const CORS_METHODS = ['GET', 'POST', 'HEAD'];
const CORS_HEADERS = ['authorization', 'content-type', 'Accept', 'Accept-Language', 'Content-Language'];
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/// A response's CORS headers for an allowed origin: wai-cors's, and `Vary: Origin` when the
/// answer names the origin.
function allowHeaders(headers: Headers, allowed: string): void {
  headers.set('access-control-allow-origin', allowed);
  if (allowed !== '*') headers.append('vary', 'Origin');
}

/// A preflight from an allowed origin, answered (or refused, for other methods or headers) as
/// wai-cors answers it.
function preflight(headers: Headers, allowed: string): Response {
  const method = headers.get('access-control-request-method');
  if (method === null) return corsFailure('Access-Control-Request-Method header is missing in CORS preflight request');
  if (!CORS_METHODS.includes(method)) {
    return corsFailure(`Method requested in Access-Control-Request-Method of CORS request is not supported; requested: ${method}; supported are ${CORS_METHODS.join(', ')}.`);
  }
  const res = new Response(null, { status: 200, statusText: 'OK', headers: { 'content-length': '0' } });
  allowHeaders(res.headers, allowed);
  res.headers.set('access-control-allow-methods', CORS_METHODS.join(', '));
  const requested = headers.get('access-control-request-headers');
  if (requested !== null) {
    const names = requested.split(',').map((s) => s.trim()).filter((s) => s !== '');
    const supported = new Set(CORS_HEADERS.map((h) => h.toLowerCase()));
    if (!names.every((n) => HEADER_NAME.test(n) && supported.has(n.toLowerCase()))) {
      return corsFailure(`HTTP header requested in Access-Control-Request-Headers of CORS request is not supported; requested: ${names.join(', ')}; supported are ${CORS_HEADERS.join(', ')}.`);
    }
    res.headers.set('access-control-allow-headers', CORS_HEADERS.join(', '));
  }
  res.headers.set('access-control-max-age', '86400');
  return res;
}

/// wai-cors's refusal: 400 with its message.
function corsFailure(message: string): Response {
  const res = refuse(400, message);
  res.headers.set('content-type', 'text/plain; charset=utf-8');
  return res;
}
