/// Deep code on a deep stack. Pact has no depth limit, but the evaluator, compiler and linker
/// recurse as the code nests and calls, and a process's main thread has the stack the OS gives it
/// (V8 uses under 1 MB of it: about 1,200 nested `let`s, 700 chained calls of functions that
/// each call the next within a `with-capability`). So what may need more runs on a
/// worker thread of this same program with a stack of `DEEP_STACK_MB` (address space, used only
/// as deep as the code goes): 100,000 levels of nesting or of user calls and more. Starting
/// a worker costs about as much CPU as starting the process, so only a script that may need it
/// runs there, judged from its text and the texts of the files it loads (syntax/stack-demand.ts);
/// an ordinary script stays on the main thread.

import type { Worker, WorkerOptions } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { StackDemand } from '../syntax/stack-demand.ts';
import { loadedPath } from './load-path.ts';

/// The stack of a deep thread, in MB.
export const DEEP_STACK_MB = 1024;

// What the main thread's stack holds with room to spare, in levels of brackets: code nested this
// deep, or calls down a chain of definitions whose bodies nest this deep in all (a level of a
// `let` costs the most: about 1,200 fit; a level of a chain of calls costs at most 60% of that,
// whatever its bodies do: `with-capability`, `map` over a lambda, `select`, `try`...).
const MAIN_LEVELS = 400;

/// Whether running `text` (a script named `file`, or piped input when null) and the files it
/// loads may need more stack than the main thread has. False on a deep thread already.
export function needsDeepStack(text: string, file: string | null): boolean {
  // Asked only then: node:worker_threads is not loaded by an ordinary run.
  return mayGoDeep(text, file) && process.getBuiltinModule('node:worker_threads').isMainThread;
}

/// Whether running any of the scripts `files`, each in a fresh REPL (one, or the test runner's),
/// may need more stack than the main thread has. False on a deep thread already.
export function scriptsNeedDeepStack(files: readonly string[]): boolean {
  return files.some((f) => needsDeepStack(readText(f) ?? '', f));
}

// Whether running `text` and the files it loads, as `load` finds them, may go deeper than the
// main thread holds. A load whose path is known only when run may load anything.
function mayGoDeep(text: string, file: string | null): boolean {
  const demand = new StackDemand();
  const todo: Array<[string, string | null]> = [[text, file]];
  const seen = new Set<string>(file === null ? [] : [file]);
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const [source, from] = next;
    for (const path of demand.add(source)) {
      if (path === null) return true;
      const loaded = loadedPath(from, path);
      if (seen.has(loaded)) continue;
      seen.add(loaded);
      // A file that cannot be read fails its load: nothing more runs from it.
      const t = readText(loaded);
      if (t !== null) todo.push([t, loaded]);
    }
    if (demand.nesting > MAIN_LEVELS) return true;
  }
  return demand.deeperThan(MAIN_LEVELS);
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
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

/// Runs this program's command line `argv` on a deep thread that reads this process's standard
/// input as it comes (a server talking over it); resolves with its exit code, when it stops.
export function serveDeep(argv: readonly string[]): Promise<number> {
  const worker = deepThread({ argv: [...argv], stdin: true });
  process.stdin.pipe(worker.stdin!);
  return new Promise((resolve) => worker.once('exit', (code: number) => {
    // What the client still sends goes nowhere: stop reading, so that this process ends.
    process.stdin.unpipe();
    process.stdin.destroy();
    resolve(code);
  }));
}
