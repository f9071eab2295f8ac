/// The Z3 SMT solver (the `z3-solver` package: Z3 compiled to WebAssembly with emscripten), run
/// on a worker thread of its own and loaded at first use. Pact's analysis talks to Z3 in SMT-LIB 2
/// text, as Pact's does to a `z3` process; here the text goes to `Z3_eval_smtlib2_string`.
///
/// Two faces on one worker: `loadSolver()` for async callers, and `runSmtLibSync`/`checkSat` for
/// the synchronous evaluator (`verify` runs inside it), which block on `Atomics.wait` until the
/// worker answers. The caller's thread never holds Z3 (its 2 GB of shared memory, its threads), so
/// a runaway query can be stopped by ending the worker.
///
/// @example
/// checkSat('(declare-const x Int) (assert (> x 2)) (check-sat)')   // 'sat'
import { receiveMessageOnPort, MessageChannel, Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { createRequire } from 'node:module';

export type Verdict = 'sat' | 'unsat' | 'unknown';

/// The single executable's assets holding the emscripten build (scripts/release/executable.ts).
/// The 35 MB wasm is kept there compressed with brotli (4 MB) and decompressed in memory when the
/// solver loads (about a quarter of a second), so the executable is 30 MB smaller.
export const Z3_ASSETS = { js: 'z3-built.js', wasm: 'z3-built.wasm.br' } as const;

/// Where the worker finds the emscripten build: the executable's assets, or files.
type Source = { readonly sea: true } | { readonly js: string; readonly wasm: string };

/// A script to run, or null to ask Z3's version (which waits for the load). Ids start at 1.
type Request = { readonly id: number; readonly smtlib: string | null };
/// The answer to a request; the one numbered 0 tells why the worker ended.
type Reply = { readonly id: number; readonly out?: string; readonly error?: string; readonly version?: string };

// The worker's code, self-contained (it runs from a string: the single executable has no files
// to load a worker from). It evaluates the emscripten module from its source text with `Worker`
// bound to a maker of eval workers, so Z3's own threads (emscripten pthreads, which would load
// z3-built.js from a file) run the same text; the wasm comes as bytes (`wasmBinary`), never from
// a file. Requests run one at a time (z3-solver allows one async call at once), each in a fresh
// Z3 context. Each reply is posted on `port`, then counted in `signal[0]` so a blocked caller
// wakes; `signal[1]` is set when the worker ends, however it ends (see BOOT).
const HOST = `
const { parentPort, workerData, Worker } = require('node:worker_threads');
const vm = require('node:vm');
const { source } = workerData;
function read() {
  if (source.sea) {
    const sea = require('node:sea');
    const wasm = require('node:zlib').brotliDecompressSync(sea.getRawAsset(${JSON.stringify(Z3_ASSETS.wasm)}));
    return { js: sea.getAsset(${JSON.stringify(Z3_ASSETS.js)}, 'utf8'), wasm };
  }
  const fs = require('node:fs');
  return { js: fs.readFileSync(source.js, 'utf8'), wasm: fs.readFileSync(source.wasm) };
}
let log = [];
async function load() {
  const { js, wasm } = read();
  const wrapped = '(function (exports, require, module, __filename, __dirname, Worker) {' + js + '\\n})';
  const pthread = 'const m = { exports: {} }; ' + wrapped + '(m.exports, require, m, "z3-built.js", ".", undefined);';
  function PthreadWorker(_file, options) { return new Worker(pthread, { ...options, eval: true }); }
  const m = { exports: {} };
  vm.runInThisContext(wrapped, { filename: 'z3-built.js' })(m.exports, require, m, 'z3-built.js', '.', PthreadWorker);
  const keep = (...a) => { log.push(a.join(' ')); };
  const z3 = await m.exports({ wasmBinary: wasm, print: keep, printErr: keep });
  // Each query runs on a new Z3 thread, and the next one often starts before the last one's
  // worker is back in emscripten's pool: two workers, started together now, serve them.
  const started = [];
  for (let i = 0; i < 2; i++) {
    z3.PThread.allocateUnusedWorker();
    started.push(z3.PThread.loadWasmModuleToWorker(z3.PThread.unusedWorkers.at(-1)));
  }
  await Promise.all(started);
  return z3;
}
const message = (e) => String((e && e.message) || e);
// Settled either way: a load that failed is each request's answer, not an unhandled rejection.
const ready = load().then((z3) => ({ z3 }), (e) => ({ error: 'z3 did not load: ' + message(e) }));
async function run(z3, smtlib) {
  const cfg = z3._Z3_mk_config();
  const ctx = z3._Z3_mk_context(cfg);
  z3._Z3_del_config(cfg);
  z3._set_noop_error_handler(ctx);
  // The text goes on the heap, not on this thread's stack where ccall would put it: Z3 reads it
  // on a thread of its own while this one runs other calls (its printing proxied here among
  // them), which reuse that stack and garbled queries under load.
  // (Z3's memory is fixed in size, so its byte view never goes stale.)
  const bytes = new TextEncoder().encode(smtlib);
  const text = z3._malloc(bytes.length + 1);
  const heap = z3.HEAPU8;
  heap.set(bytes, text);
  heap[text + bytes.length] = 0;
  try {
    return await z3.async_call(() => z3._async_Z3_eval_smtlib2_string(ctx, text));
  } finally {
    z3._free(text);
    z3._Z3_del_context(ctx);
  }
}
async function answer(m) {
  const { z3, error } = await ready;
  if (error !== undefined) return reply({ id: m.id, error });
  log = [];
  try {
    if (m.smtlib === null) reply({ id: m.id, version: z3.ccall('Z3_get_full_version', 'string', [], []) });
    else reply({ id: m.id, out: await run(z3, m.smtlib) });
  } catch (e) {
    reply({ id: m.id, error: message(e) + (log.length ? '\\n' + log.join('\\n') : '') });
  }
}
let queue = Promise.resolve();
parentPort.on('message', (m) => { queue = queue.then(() => answer(m)); });
`;

// A blocked caller cannot see the worker's 'exit' event, so the worker says it ends through the
// shared counter; its 'exit' handler is set up before the rest is even compiled, so a worker
// that fails in any way (a syntax error included) still wakes the caller.
const BOOT = `
const counter = new Int32Array(require('node:worker_threads').workerData.signal);
function wake() { Atomics.add(counter, 0, 1); Atomics.notify(counter, 0); }
process.on('exit', () => { Atomics.store(counter, 1, 1); wake(); });
function reply(r) { require('node:worker_threads').workerData.port.postMessage(r); wake(); }
// What ends the worker is told as the answer numbered 0.
process.on('uncaughtException', (e) => { reply({ id: 0, error: 'z3 stopped: ' + String((e && e.stack) || e) }); process.exit(1); });
require('node:vm').runInThisContext('(function (require, reply) {' + ${JSON.stringify(HOST)} + '\\n})', { filename: 'z3-host.js' })(require, reply);
`;

/// Thrown when Z3 cannot answer: it did not load, rejected the text, or ran past a time limit.
export class SolverError extends Error {
  override name = 'SolverError';
}

/// The solver's worker, made at first use and kept for the process (unreferenced: it never
/// keeps the process alive on its own).
class Host {
  readonly #worker: Worker;
  readonly #port: MessagePort;
  readonly #signal = new Int32Array(new SharedArrayBuffer(8));
  readonly #waiting = new Map<number, { resolve: (r: Reply) => void }>();
  #id = 0;
  #dead: string | null = null;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#worker = new Worker(BOOT, {
      eval: true,
      workerData: { source: source(), port: port2, signal: this.#signal.buffer },
      transferList: [port2],
    });
    this.#worker.on('error', (e: Error) => this.#fail(`z3 stopped: ${e.message}`));
    this.#worker.on('exit', () => this.#fail('z3 stopped'));
    this.#port.on('message', (r: Reply) => this.#settle(r));
    this.#worker.unref();
    this.#port.unref();
  }

  get dead(): boolean {
    return this.#dead !== null;
  }

  /// Sends an SMT-LIB script (null: ask the version) and resolves with the reply.
  ask(smtlib: string | null): Promise<Reply> {
    const id = this.#send(smtlib);
    return new Promise((resolve) => {
      this.#waiting.set(id, { resolve });
      this.#port.ref();
    });
  }

  /// The same, blocking this thread until the reply (or the time limit: then the worker ends).
  askSync(smtlib: string | null, timeoutMs: number): Reply {
    const id = this.#send(smtlib);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Read the count before draining: a reply counted in `seen` is already in the port.
      const seen = Atomics.load(this.#signal, 0);
      for (let m = receiveMessageOnPort(this.#port); m !== undefined && this.#dead === null; m = receiveMessageOnPort(this.#port)) {
        const r = m.message as Reply;
        if (r.id === id) return r;
        this.#settle(r);
      }
      if (this.#dead !== null || Atomics.load(this.#signal, 1) === 1) {
        this.stop('z3 stopped');
        return { id, error: this.#dead! };
      }
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(this.#signal, 0, seen, left) === 'timed-out') {
        this.stop(`z3 gave no answer within ${timeoutMs} ms`);
        return { id, error: this.#dead! };
      }
    }
  }

  stop(why: string): void {
    this.#fail(why);
    void this.#worker.terminate();
  }

  #send(smtlib: string | null): number {
    if (this.#dead !== null) throw new SolverError(this.#dead);
    const id = ++this.#id;
    this.#worker.postMessage({ id, smtlib } satisfies Request);
    return id;
  }

  #settle(r: Reply): void {
    if (r.id === 0) return this.#fail(r.error!);
    this.#waiting.get(r.id)?.resolve(r);
    this.#waiting.delete(r.id);
    if (this.#waiting.size === 0) this.#port.unref();
  }

  #fail(why: string): void {
    if (this.#dead !== null) return;
    this.#dead = why;
    for (const [id, w] of this.#waiting) w.resolve({ id, error: why });
    this.#waiting.clear();
    this.#port.close();
  }
}

// In the single executable the build is among its assets; elsewhere (tests, `node src/...`) it
// is z3-solver's own files.
function source(): Source {
  const { isSea } = process.getBuiltinModule('node:sea');
  if (isSea()) return { sea: true };
  const require = createRequire(import.meta.url);
  return { js: require.resolve('z3-solver/build/z3-built.js'), wasm: require.resolve('z3-solver/build/z3-built.wasm') };
}

let host: Host | null = null;

function current(): Host {
  if (host === null || host.dead) host = new Host();
  return host;
}

function output(r: Reply): string {
  if (r.error !== undefined) throw new SolverError(r.error);
  return r.out ?? r.version ?? '';
}

/// The answer to the last `(check-sat)` in Z3's output for a script (an error Z3 reports in
/// its output, such as an undeclared name, is thrown).
export function verdictOf(out: string): Verdict {
  const lines = out.split('\n').map((l) => l.trim());
  const error = lines.find((l) => l.startsWith('(error '));
  if (error !== undefined) throw new SolverError(`z3: ${error}`);
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l === 'sat' || l === 'unsat' || l === 'unknown') return l;
  }
  throw new SolverError(`no answer to (check-sat) in z3's output: ${out.trim()}`);
}

/// No time limit unless given (a query may be long; Z3's own `:timeout` option answers unknown).
const FOREVER = 2 ** 31 - 1;

/// A loaded solver for async callers.
export interface Solver {
  /// Z3's version line, e.g. "Z3 5.1.0.0".
  readonly version: string;
  /// Runs an SMT-LIB 2 script; resolves with Z3's output (what `z3 -in` would print).
  run(smtlib: string): Promise<string>;
  /// The answer to the script's last `(check-sat)`.
  check(smtlib: string): Promise<Verdict>;
}

/// Loads Z3 (on its worker) and resolves once it answers.
export async function loadSolver(): Promise<Solver> {
  const h = current();
  const version = output(await h.ask(null));
  const run = async (smtlib: string): Promise<string> => output(await current().ask(smtlib));
  return { version, run, check: async (smtlib) => verdictOf(await run(smtlib)) };
}

/// Loads Z3 if it is not loaded, blocking; returns its version line.
export function solverVersionSync(timeoutMs = FOREVER): string {
  return output(current().askSync(null, timeoutMs));
}

/// Runs an SMT-LIB 2 script, blocking this thread until Z3 answers; returns Z3's output.
export function runSmtLibSync(smtlib: string, timeoutMs = FOREVER): string {
  return output(current().askSync(smtlib, timeoutMs));
}

/// The answer to a script's last `(check-sat)`, blocking this thread until Z3 answers.
export function checkSat(smtlib: string, timeoutMs = FOREVER): Verdict {
  return verdictOf(runSmtLibSync(smtlib, timeoutMs));
}

/// Ends the solver's worker (the next query loads Z3 again).
export function stopSolver(): void {
  host?.stop('z3 was stopped');
  host = null;
}
