/// The REPL: runs Pact text (typed, piped or from a script file) against one evaluation context,
/// printing results, traces, warnings and errors the way `pact` does, and keeping test results,
/// REPL transactions and the environment changes REPL natives request.
import { readFileSync } from 'node:fs';
import { nestingDepth } from '../syntax/exp.ts';
import type { Exp, Info } from '../syntax/exp.ts';
import { ParseError, parsePieces } from '../syntax/index.ts';
import { parseThrough } from '../syntax/cache.ts';
import type { ParseCache } from '../syntax/cache.ts';
import { MemoryDb } from '../db/memory.ts';
import { Ctx } from '../lang/context.ts';
import { compileTopLevel } from '../lang/compile.ts';
import { PactError, catchesPactError, isStackOverflow, renderFrame, renderInfo, tooDeepError } from '../lang/errors.ts';
import { evalTopLevel } from '../lang/link.ts';
import type { Val } from '../lang/runtime.ts';
import { showValCompact, showValPretty } from '../lang/show.ts';
import { nativeTable } from '../natives/index.ts';
import { replNatives } from './natives.ts';
import { envNatives } from './env.ts';
import { gasNatives } from './gas.ts';
import { Coverage } from '../lang/coverage.ts';
import { showIoError } from '../values/haskell-show.ts';
import { loadedPath } from './load-path.ts';

export type ReplMode = 'interactive' | 'piped' | 'script';

// Texts longer than this are read piece by piece (see `runLongSource`).
const LONG_TEXT = 1 << 20;

export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processOutput: Output = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
};

export interface TestResult {
  readonly name: string;
  /// Where the `expect` call is.
  readonly info: Info;
  /// The failure text, or null for a pass.
  readonly failure: string | null;
}

/// What REPL natives ask to happen once the current top-level expression has finished.
type Pending =
  | { readonly kind: 'none' }
  | { readonly kind: 'env'; readonly changes: Map<string, (ctx: Ctx) => void> }
  | { readonly kind: 'print'; readonly value: Val }
  | { readonly kind: 'load'; readonly path: string; readonly reset: boolean; readonly info: Info }
  /// Lines for stderr: the checker's findings (Pact's `Output`).
  | { readonly kind: 'output'; readonly lines: readonly string[] };

export class Repl {
  ctx: Ctx;
  readonly mode: ReplMode;
  readonly trace: boolean;
  readonly out: Output;
  /// The file being run, for `load` paths and for errors that have no location.
  file: string | null = null;
  tests: TestResult[] = [];
  txId = 0;
  tx: { readonly id: number; readonly name: string | null } | null = null;
  /// `env-dynref`: interface name to the module the checker substitutes for it.
  readonly dynRefs = new Map<string, string>();
  private pending: Pending = { kind: 'none' };
  /// Line coverage (`-c`), kept across `(load file true)` resets.
  private coverage: Coverage | null = null;
  /// Where files read before are found already read (the executable's), or null.
  parseCache: ParseCache | null = null;

  /// Makes the database of a fresh REPL state.
  private readonly newDb: () => MemoryDb;

  constructor(mode: ReplMode, out: Output = processOutput, trace = false, newDb: () => MemoryDb = () => new MemoryDb()) {
    this.mode = mode;
    this.out = out;
    this.trace = trace;
    this.newDb = newDb;
    this.ctx = this.freshContext();
  }

  private freshContext(): Ctx {
    const ctx = new Ctx(this.newDb(), nativeTable(), nativeTable([...replNatives(this), ...envNatives(this), ...gasNatives(this)]));
    ctx.coverage = this.coverage;
    return ctx;
  }

  /// Starts collecting line coverage for everything evaluated from now on.
  collectCoverage(): Coverage {
    this.coverage = new Coverage();
    this.ctx.coverage = this.coverage;
    return this.coverage;
  }

  /// Queues an environment change; for one setting the first request of an expression wins,
  /// and it replaces a pending `print` or `load`.
  deferEnv(setting: string, change: (ctx: Ctx) => void): void {
    if (this.pending.kind !== 'env') this.pending = { kind: 'env', changes: new Map() };
    if (!this.pending.changes.has(setting)) this.pending.changes.set(setting, change);
  }

  deferPrint(value: Val): void {
    this.pending = { kind: 'print', value };
  }

  deferOutput(lines: readonly string[]): void {
    this.pending = { kind: 'output', lines };
  }

  deferLoad(path: string, reset: boolean, info: Info): void {
    this.pending = { kind: 'load', path, reset, info };
  }

  /// Applies pending environment changes now (for `with-applied-env`), returning an undo.
  takePendingEnv(): Array<(ctx: Ctx) => void> {
    const p = this.pending;
    this.pending = { kind: 'none' };
    return p.kind === 'env' ? [...p.changes.values()] : [];
  }

  recordTest(result: TestResult): void {
    this.tests.push(result);
  }

  /// Runs a whole source text: parsed first, then each top-level expression in order until one
  /// fails. Returns false on the first parse, compile or runtime error.
  /// Files are read through `cache` when given.
  runSource(source: string, file: string, cache: ParseCache | null = null): boolean {
    if (source.length > LONG_TEXT) return this.runLongSource(source, file);
    let exps: Exp[];
    try {
      exps = parseThrough(cache, source, file);
    } catch (e) {
      return this.parseFailed(e);
    }
    for (const exp of exps) if (!this.runExp(exp)) return false;
    return true;
  }

  /// A long text is read twice, piece by piece: once to find any syntax error (Pact reads the
  /// whole text before running any of it), then to run it. No syntax tree of the whole is ever
  /// held, so memory stays small and time linear however long the file.
  private runLongSource(source: string, file: string): boolean {
    try {
      for (const _ of parsePieces(source, file));
    } catch (e) {
      return this.parseFailed(e);
    }
    for (const exps of parsePieces(source, file)) {
      for (const exp of exps) if (!this.runExp(exp)) return false;
    }
    return true;
  }

  private parseFailed(e: unknown): false {
    if (!(e instanceof ParseError)) throw e;
    // The interactive REPL prints parse errors on stdout, as Pact's does.
    if (this.mode === 'interactive') this.out.stdout(e.render() + '\n');
    else this.out.stderr(e.render() + '\n');
    return false;
  }

  private runExp(exp: Exp): boolean {
    let term;
    try {
      term = compileTopLevel(exp);
    } catch (e) {
      if (isStackOverflow(e)) return this.tooDeep(exp, null);
      if (!(e instanceof PactError)) throw e;
      this.printCompileError(e);
      return false;
    }
    let result: Val;
    const gasLog = this.ctx.gas.mark();
    try {
      result = evalTopLevel(this.ctx, term);
    } catch (e) {
      this.ctx.gas.forgetSince(gasLog);
      this.pending = { kind: 'none' };
      this.ctx.warnings = [];
      if (isStackOverflow(e)) return this.tooDeep(exp, this.ctx.stack.depth);
      this.printRuntimeError(catchesPactError(e));
      return false;
    }
    for (const w of this.ctx.warnings) this.out.stdout(w + '\n');
    this.ctx.warnings = [];
    this.showResult(exp.info, result);
    return this.applyPending();
  }

  // Code nested or calling deeper than this thread's stack: the depths it reached.
  private tooDeep(exp: Exp, calls: number | null): false {
    this.printRuntimeError(tooDeepError(exp.info, nestingDepth(exp), calls));
    return false;
  }

  private showResult(info: Info, result: Val): void {
    if (this.mode === 'interactive' || this.mode === 'piped') this.out.stdout(showValPretty(result) + '\n');
    else if (this.trace) {
      const text = typeof result === 'string' ? result : showValCompact(result);
      this.out.stderr(`${renderInfo(info, this.fallbackLocation())}:Trace: ${text}\n`);
    }
  }

  private applyPending(): boolean {
    const p = this.pending;
    this.pending = { kind: 'none' };
    switch (p.kind) {
      case 'none': return true;
      case 'env':
        for (const change of p.changes.values()) change(this.ctx);
        return true;
      case 'print':
        this.out.stdout((typeof p.value === 'string' ? p.value : showValCompact(p.value)) + '\n');
        return true;
      case 'output':
        for (const line of p.lines) this.out.stderr(`${line}\n`);
        return true;
      case 'load':
        if (p.reset) this.reset();
        return this.loadFile(p.path, p.info);
    }
  }

  /// Re-initialises the REPL (`load` with reset).
  private reset(): void {
    this.ctx = this.freshContext();
    this.tests = [];
    this.txId = 0;
    this.tx = null;
  }

  /// Runs a file; a relative path is taken from the directory of the file now running.
  loadFile(path: string, info: Info | null): boolean {
    const current = this.file;
    const resolved = loadedPath(current, path);
    let source: string;
    try {
      source = readFileSync(resolved, 'utf8');
    } catch (e) {
      const reason = `${resolved}: openBinaryFile: ${showIoError(e)}`;
      this.printRuntimeError(new PactError('EvalError', info, `load: file load failed: ${path}, ${reason}`));
      return false;
    }
    this.file = resolved;
    const pactFile = resolved.endsWith('.pact');
    if (pactFile) {
      this.ctx.scope.clear();
      this.ctx.replNativesAtTop = false;
    }
    try {
      return this.runSource(source, resolved, this.parseCache);
    } finally {
      if (pactFile) this.ctx.replNativesAtTop = true;
      this.file = current;
    }
  }

  /// The location shown for errors without one: the script, or `<interactive>:1:0`.
  fallbackLocation(): string {
    return this.mode === 'script' && this.scriptPath !== null ? `${this.scriptPath}:1:0` : '<interactive>:1:0';
  }

  scriptPath: string | null = null;

  private printRuntimeError(e: PactError): void {
    const fallback = this.fallbackLocation();
    const onChain = this.ctx.onChainErrors();
    this.out.stderr(`${renderInfo(e.info, fallback)}:Error: ${e.messageFor(onChain)}\n`);
    // On chain (since Pact 4.7) errors carry no call stack.
    if (!onChain) for (const f of e.callStack) this.out.stderr(` at ${renderFrame(f, fallback)}\n`);
  }

  printCompileError(e: PactError): void {
    const i = e.info;
    if (i === null) {
      this.out.stderr(`[No location]: ${e.message}\n`);
      return;
    }
    const file = i.file === '<interactive>' ? '(interactive)' : i.file;
    this.out.stderr(`${file}:${i.line + 1}:${i.col + 1}: error: ${e.message}\n`);
  }

  /// Failed tests as `LOCATION:ExecError: MESSAGE` lines; returns whether there were any.
  reportTestFailures(): boolean {
    let failed = false;
    for (const t of this.tests) {
      if (t.failure === null) continue;
      failed = true;
      this.out.stderr(`${renderInfo(t.info, this.fallbackLocation())}:ExecError: ${t.failure}\n`);
    }
    return failed;
  }
}
