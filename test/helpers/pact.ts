/// Test helpers: run Pact text in-process through the REPL, capturing what it prints.
import { Repl } from '../../src/repl/repl.ts';
import type { Output } from '../../src/repl/repl.ts';
import { runPiped } from '../../src/repl/modes.ts';

/// An Output that records into strings.
export class Recorder implements Output {
  out = '';
  err = '';
  stdout(text: string): void { this.out += text; }
  stderr(text: string): void { this.err += text; }
}

/// Pipes lines into a fresh REPL, as `echo ... | pact` does.
export function piped(input: string): { out: string; err: string; code: number } {
  const r = new Recorder();
  const code = runPiped(input, r);
  return { out: r.out, err: r.err, code };
}

/// Evaluates one line in a fresh piped REPL and returns its printed result (or error line).
export function evalLine(line: string): string {
  const { out, err } = piped(line);
  return (out + err).trimEnd();
}

export function newRepl(): { repl: Repl; rec: Recorder } {
  const rec = new Recorder();
  return { repl: new Repl('script', rec), rec };
}
