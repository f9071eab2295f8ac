/// The HTTP conventions of Pact 4's server (Servant on Warp), as small pieces the routes compose:
/// responses, content negotiation (406, 415), and request bodies read within our limits (413,
/// 400). Who may send requests at all (Host, CORS) is guard.ts.
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { H3Event } from 'h3';
import { FastResponse } from 'srvx';
import { AesonError } from '../values/aeson.ts';
import { JsonParseError, parseJson } from '../values/json.ts';
import type { Json } from '../values/json.ts';

const JSON_TYPE = 'application/json;charset=utf-8';
/// Plain text, as Pact answers `/version`, and every error page.
export const TEXT_TYPE = 'text/plain;charset=utf-8';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/// A response with an exact body and length, its reason phrase in the status line (`200 OK`;
/// a bare Response would send an empty one), and `nosniff`, so that no browser reads an error
/// text that echoes a request as HTML. It is srvx's light Response, which Node's server writes
/// out directly (a web Response with a body costs a stream, more than the rest of a small
/// request's handling).
///
/// @example reply(404) // 404 Not Found, text/plain, empty body
export function reply(status: number, body: string | Uint8Array<ArrayBuffer> = '', type = TEXT_TYPE): Response {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const headers = { 'content-length': String(length), 'content-type': type, 'x-content-type-options': 'nosniff' };
  return new FastResponse(status === 204 || length === 0 ? null : body, { status, statusText: STATUS_CODES[status], headers });
}

/// 200 with a compact JSON text (no trailing newline).
export function jsonReply(json: string): Response {
  return reply(200, json, JSON_TYPE);
}

/// Why each refusal was made, for the verbose log (a 406 or 415 has no body to say it).
const REASONS = new WeakMap<Response, string>();

/// A request refused: `status` with `body` as its text; `reason` (the body unless given) is what
/// the verbose log says of it.
///
/// @example refuse(415, '', 'Content-Type text/plain is not application/json')
export function refuse(status: number, body: string, reason = body): Response {
  const res = reply(status, body);
  REASONS.set(res, reason);
  return res;
}

/// The reason a response was refused with, if it was.
export function refusalReason(res: Response): string | undefined {
  return REASONS.get(res);
}

/// 400 with the parser's message as plain text, as Servant answers a body it cannot decode.
export function badRequest(message: string): Response {
  return refuse(400, message);
}

/// The limits a request body must respect.
export interface BodyLimits {
  readonly maxBodyBytes: number;
  readonly maxJsonDepth: number;
}

/// The JSON body of a POST, after the checks Servant makes in its order: the client must accept
/// `application/json` (else 406), send it (else 415), within our size (else 413) and depth
/// limits, as valid JSON (else 400). A Response is the error to answer.
export async function readJsonBody(event: H3Event, limits: BodyLimits): Promise<Json | Response> {
  const accept = event.req.headers.get('accept');
  if (!accepts(accept, 'application', 'json')) return notAcceptable(accept, 'application/json');
  const type = event.req.headers.get('content-type');
  if (!isJsonContent(type)) return refuse(415, '', `Content-Type ${type === null ? 'missing' : JSON.stringify(type)}, not application/json`);
  const text = await readBody(event.req, limits.maxBodyBytes);
  if (text instanceof Response) return text;
  try {
    // The depth is checked as the body is read, so a hostile body is refused with a clear
    // message instead of exhausting memory.
    return parseJson(text, limits.maxJsonDepth);
  } catch (e) {
    if (e instanceof JsonParseError) return badRequest(`Error in $: ${e.message}`);
    throw e;
  }
}

/// Runs a reader of a request's shape; its aeson failure becomes a 400.
export function decoded<T>(read: () => T): T | Response {
  try {
    return read();
  } catch (e) {
    if (e instanceof AesonError) return badRequest(e.message);
    throw e;
  }
}

/// 406 to a client whose `Accept` admits no `type`; the body is empty, as Servant's.
export function notAcceptable(accept: string | null, type: string): Response {
  return refuse(406, '', `Accept ${JSON.stringify(accept)} admits no ${type}`);
}

/// Whether `Content-Type` is JSON. Servant matches the media type only: any parameters pass.
function isJsonContent(header: string | null): boolean {
  return header !== null && header.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

const MEDIA_RANGE = /^([\w!#$%&'*+.^`|~-]+)\/([\w!#$%&'*+.^`|~-]+)$/;

/// Whether an `Accept` header admits `type/subtype`: absent, or a range (`*/*`, `type/*`, the
/// type itself) with a non-zero quality. A header that does not parse admits nothing.
export function accepts(header: string | null, type: string, subtype: string): boolean {
  if (header === null || header.trim() === '') return true;
  let ok = false;
  for (const part of header.split(',')) {
    const [range, ...params] = part.split(';').map((s) => s.trim());
    const m = MEDIA_RANGE.exec(range!);
    if (m === null) return false;
    const q = params.find((p) => /^q\s*=/i.test(p));
    if (q !== undefined && Number(q.split('=')[1]) === 0) continue;
    const [t, s] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
    if ((t === '*' && s === '*') || (t === type && (s === '*' || s === subtype))) ok = true;
  }
  return ok;
}

/// The body as UTF-8 text, or a 413 once it grows past `max` bytes (checked against
/// Content-Length first, so an announced oversize body is refused without reading it).
async function readBody(req: Request, max: number): Promise<string | Response> {
  const tooLarge = (): Response => refuse(413, `Request body too large: the limit is ${max} bytes (maxBodyBytes)`);
  if (Number(req.headers.get('content-length') ?? 0) > max) return tooLarge();
  // On Node, straight from the socket's stream: a web stream over it costs a POST about as much
  // as the rest of its handling.
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  let bytes: Uint8Array | null;
  try {
    bytes = node !== undefined ? await nodeBody(node, max) : await webBody(req, max);
  } catch (e) {
    // The client went away mid-body: nobody reads the answer, but it is no fault of the node's.
    return badRequest(`Error in $: the request body was cut short (${e instanceof Error ? e.message : String(e)})`);
  }
  if (bytes === null) return tooLarge();
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return badRequest('Error in $: the request body is not valid UTF-8');
  }
}

/// The body of a Node request, or null once it grows past `max` bytes (the rest is discarded).
function nodeBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', reject);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= max) {
        chunks.push(chunk);
        return;
      }
      done();
      req.resume();
      resolve(null);
    };
    const onEnd = (): void => {
      done();
      resolve(Buffer.concat(chunks));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/// The body of any other request (the app driven in process), or null past `max` bytes.
async function webBody(req: Request, max: number): Promise<Uint8Array | null> {
  if (req.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/// Whether brackets nest deeper than `max` anywhere outside strings: checked before parsing, so
/// a hostile body is refused with a clear message instead of exhausting the parser's stack.
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
