/// Runs a request tool in-process with captured streams.
import type { Io } from '../../src/cli/requests.ts';

/// What a tool wrote and returned.
export interface Captured {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/// Calls `tool` with an `Io` whose stdin is `stdin` and whose output is collected.
export function capture(tool: (io: Io) => number, stdin: string | Uint8Array = ''): Captured {
  let out = '';
  let err = '';
  const io: Io = {
    stdin: () => (typeof stdin === 'string' ? new TextEncoder().encode(stdin) : stdin),
    out: (t) => { out += t; },
    err: (t) => { err += t; },
  };
  const code = tool(io);
  return { code, out, err };
}

/// The fixture directory of the request tooling.
export const FIXTURES = new URL('../fixtures/api/', import.meta.url).pathname;
