/// What the node writes besides HTTP answers: Pact-style debug lines on stdout when `verbose`
/// (`2025/03/14-09:26:53 [api]: Processing command with hash: "…"`), and an HTTP access log in
/// `logDir` (Pact 4 writes none; we do, in Apache's combined format).
import { createWriteStream, openSync } from 'node:fs';
import type { WriteStream } from 'node:fs';

/// Debug output. `verbose` lets a caller skip building a costly message.
export interface NodeLog {
  readonly verbose: boolean;
  debug(message: string): void;
}

/// A log writing `<timestamp> <message>` lines to `write` when enabled, nothing otherwise.
export function nodeLog(verbose: boolean, write: (line: string) => void, now: () => Date = () => new Date()): NodeLog {
  return {
    verbose,
    debug: verbose ? (message) => write(`${pactTimestamp(now())} ${message}\n`) : () => {},
  };
}

/// A log that writes nothing.
export const silentLog: NodeLog = nodeLog(false, () => {});

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/// `YYYY/MM/DD-HH:MM:SS` in local time, as Pact's fast-logger stamps its lines.
///
/// @example pactTimestamp(new Date(2025, 2, 14, 9, 26, 53)) // '2025/03/14-09:26:53'
export function pactTimestamp(d: Date): string {
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}-` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/// One request as the access log records it.
export interface AccessEntry {
  /// The client's address, if known.
  readonly client: string | undefined;
  readonly method: string;
  /// Path and query, as requested.
  readonly target: string;
  readonly status: number;
  /// Response body size in bytes.
  readonly bytes: number;
  readonly referer: string | null;
  readonly userAgent: string | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/// Apache's combined log format: `host - - [time] "request" status bytes "referer" "agent"`.
///
/// @example accessLine({ client: '127.0.0.1', method: 'GET', target: '/version', status: 200, bytes: 6,
///   referer: null, userAgent: 'curl/8.5.0' }, date)
///   // '127.0.0.1 - - [14/Mar/2025:09:26:53 +0100] "GET /version HTTP/1.1" 200 6 "-" "curl/8.5.0"'
export function accessLine(e: AccessEntry, at: Date): string {
  const offset = -at.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
  const time = `${pad(at.getDate())}/${MONTHS[at.getMonth()]}/${at.getFullYear()}:` +
    `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())} ${zone}`;
  return `${e.client ?? '-'} - - [${time}] "${quoted(`${e.method} ${e.target} HTTP/1.1`)}" ${e.status} ` +
    `${e.bytes === 0 ? '-' : e.bytes} "${quoted(e.referer ?? '-')}" "${quoted(e.userAgent ?? '-')}"\n`;
}

// A client controls the request line and headers; escaping keeps one request on one line.
function quoted(s: string): string {
  return s.replace(/[\\"\x00-\x1f\x7f]/g, (c) => (c === '"' || c === '\\' ? `\\${c}` : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/// The access log file, appended to through a buffered stream.
export class AccessLog {
  readonly #out: WriteStream;

  /// Opens (or creates) the file at once, so that an unusable path fails at startup.
  constructor(path: string) {
    this.#out = createWriteStream(path, { fd: openSync(path, 'a') });
    // A write failing later (disk full) must not take the node down.
    this.#out.on('error', (e) => process.stderr.write(`pact: access log ${path}: ${e.message}\n`));
  }

  write(entry: AccessEntry, at: Date = new Date()): void {
    this.#out.write(accessLine(entry, at));
  }

  /// Flushes and closes the file.
  close(): Promise<void> {
    return new Promise((resolve) => this.#out.end(resolve));
  }
}
