/// Test helpers: run Pact text in-process through the REPL, capturing what it prints.
import assert from 'node:assert/strict';
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

/// The non-empty lines a fresh piped REPL prints (stdout, then stderr) for these input lines.
export function printed(...lines: string[]): string[] {
  const { out, err } = piped(lines.join('\n') + '\n');
  return (out + err).split('\n').filter((l) => l !== '');
}

/// The last line printed for these input lines.
export function lastPrinted(...lines: string[]): string {
  return printed(...lines).at(-1) ?? '';
}

/// The first error line printed for these input lines, or all the output if there is none.
export function errorLine(...lines: string[]): string {
  const { out, err } = piped(lines.join('\n') + '\n');
  const all = out + err;
  return all.split('\n').find((l) => l.includes(':Error: ')) ?? all;
}

/// Fails unless the first error line printed ends with `:Error: MESSAGE`.
export function assertError(lines: string[], message: string): void {
  const line = errorLine(...lines);
  assert.ok(line.endsWith(`:Error: ${message}`), line);
}
