/// Deep code on a deep stack. Pact has no depth limit, but the evaluator, compiler and linker
/// recurse as the code nests and calls, and a process's main thread has the stack the OS gives it
/// (V8 uses under 1 MB of it: about 1,500 nested user calls). So what may need more runs on a
/// worker thread of this same program with a stack of `DEEP_STACK_MB` (address space, used only
/// as deep as the code goes): 100,000 levels of nesting or of user calls and more. Starting
/// a worker costs about as much CPU as starting the process, so only a text that may need it
/// runs there; an ordinary script stays on the main thread.

import type { Worker, WorkerOptions } from 'node:worker_threads';
import { nesting } from '../syntax/pieces.ts';

/// The stack of a deep thread, in MB.
export const DEEP_STACK_MB = 1024;

// What the main thread's stack holds with room to spare: code nested this deep (a `let` costs
// the most, about 1,200 levels fit), a chain of user calls through this many definitions (Pact
// has no recursion, so a chain needs as many definitions as it is deep: about 1,500 fit).
const MAIN_NESTING = 400;
const MAIN_DEFINITIONS = 1000;

/// Whether running `text` (a script, piped input) may need more stack than the main thread has.
/// False on a deep thread already.
export function needsDeepStack(text: string): boolean {
  const deep = nesting(text, MAIN_NESTING + 1) > MAIN_NESTING || definitions(text, MAIN_DEFINITIONS + 1) > MAIN_DEFINITIONS;
  // Asked only then: node:worker_threads is not loaded by an ordinary run.
  return deep && process.getBuiltinModule('node:worker_threads').isMainThread;
}

// How many times the text names a kind of function definition, counting to `limit` at most
// (mentions in strings and comments count too: erring on the deep side costs only time).
function definitions(text: string, limit: number): number {
  let n = 0;
  for (let i = text.indexOf('(def'); i >= 0 && n < limit; i = text.indexOf('(def', i + 4)) {
    if (text.startsWith('un', i + 4) || text.startsWith('cap', i + 4) || text.startsWith('pact', i + 4)) n++;
  }
  return n;
}

/// Starts this program again on a deep thread, with `options` (its command line, environment,
/// data...). A node's executor runs on one too (src/server/executor-thread.ts).
export function deepThread(options: WorkerOptions): Worker {
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const { isSea, getAsset } = process.getBuiltinModule('node:sea');
  // The single executable's main script is one of its assets (scripts/release/executable.ts):
  // the worker runs it as the process did, with the code cache; otherwise the script this
  // process runs.
  const [main, evalMain] = isSea() ? [getAsset('sea-main.cjs', 'utf8'), true] : [process.argv[1]!, false];
  return new Worker(main, { ...options, eval: evalMain, resourceLimits: { ...options.resourceLimits, stackSizeMb: DEEP_STACK_MB } });
}

/// Starts this program again on a deep thread with command line `argv`; `stdin`, if given, is
/// what it reads on its standard input. Its output is this process's, in order.
export function startDeep(argv: readonly string[], stdin?: string): Worker {
  const worker = deepThread({ argv: [...argv], stdin: stdin !== undefined });
  if (stdin !== undefined) worker.stdin!.end(stdin);
  return worker;
}

/// Runs this program's command line `argv` on a deep thread; resolves with its exit code.
export function runDeep(argv: readonly string[], stdin?: string): Promise<number> {
  return new Promise((resolve) => startDeep(argv, stdin).once('exit', resolve));
}
