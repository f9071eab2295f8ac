/// The evaluator target: Pact text run in-process by the REPL (script mode with trace, or piped
/// mode, whole or line by line) under the table gas model and a gas limit. Any failure must be a
/// Pact error, printed the Pact way; JavaScript exceptions that the REPL would turn into an
/// EvalError with the engine's message are caught where they are converted (PACT_TS_DEBUG makes
/// the REPL write their stack to stderr, which is captured here) and inside `expect-failure`.
import fc from 'fast-check';
import { resolve, dirname, join, isAbsolute } from 'node:path';
import { Repl } from '../../src/repl/repl.ts';
import type { Output } from '../../src/repl/repl.ts';
import type { Ctx } from '../../src/lang/context.ts';
import { HaskellException, PactError, engineLimitError } from '../../src/lang/errors.ts';
import { gasToMilli, tableGasModel } from '../../src/lang/gas.ts';
import type { ModuleData, Node } from '../../src/lang/runtime.ts';
import type { Native } from '../../src/natives/registry.ts';
import { pieces } from '../../src/syntax/pieces.ts';
import { pactCorpus, corpusPaths } from './corpus.ts';
import { describeException, jsIsm, problem } from './oracles.ts';
import type { Problem } from './oracles.ts';
import { mutant, pactProgram, tokenSoup } from './generators.ts';
import { typecheckModule } from '../../src/typecheck/module.ts';
import { CheckerError } from '../../src/typecheck/state.ts';

/// Gas limit of every case (Pact's mainnet block limit is 150000; modules cost ~120000 to install).
export const GAS_LIMIT = 1_000_000n;
/// Gas a case may get back (begin/commit/rollback-tx, env-gas, legacy `try`) before it is stopped:
/// without a cap, resetting the counter inside a loop would make the limit meaningless.
const GAS_REFUND_CAP = gasToMilli(10n * GAS_LIMIT);
/// A case may load at most this many corpus files.
const MAX_LOADS = 3;

/// `script`: a file (`pact x.repl`), results traced; `piped`: all the text at once as piped
/// input; `lines`: piped line by line, stopping at the first failure (`echo ... | pact`);
/// `interactive`: an interactive session, one top-level form per input, going on after errors.
export type EvalMode = 'script' | 'piped' | 'lines' | 'interactive';

export interface EvalCase {
  readonly text: string;
  /// The corpus file the text came from (relative `load`s resolve from it), or null.
  readonly path: string | null;
  readonly mode: EvalMode;
}

const corpus = pactCorpus();
const loadable = corpusPaths(corpus);

/// Names of every native, REPL-only ones included (from a REPL's own tables).
export function nativeNames(): string[] {
  const repl = new Repl('script', { stdout() {}, stderr() {} });
  return [...repl.ctx.env.natives.keys(), ...repl.ctx.replNatives.keys()];
}

export function evaluatorArbitrary(): fc.Arbitrary<EvalCase> {
  const names = nativeNames();
  const mode = fc.constantFrom<EvalMode>('script', 'piped', 'lines', 'interactive');
  // Corpus texts have forms over several lines: not for `lines`.
  const multiline = fc.constantFrom<EvalMode>('script', 'interactive', 'interactive', 'piped');
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ text: pactProgram(names), path: fc.constant(null), mode }) },
    { weight: 4, arbitrary: fc.tuple(mutant(corpus, names, 3000, 3), multiline).map(([m, md]) => ({ text: m.text, path: m.path, mode: md })) },
    { weight: 1, arbitrary: fc.record({ text: tokenSoup(names), path: fc.constant(null), mode: multiline }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Capturing JavaScript exceptions the REPL converts into Pact errors

/// Stacks the REPL wrote (PACT_TS_DEBUG) for exceptions it turned into Pact errors, this case.
let converted: string[] = [];
/// Exceptions `expect-failure` swallowed, this case.
let swallowed: string[] = [];

let installed = false;
function installStderrCapture(): void {
  if (installed) return;
  installed = true;
  process.env.PACT_TS_DEBUG = '1';
  const write = process.stderr.write.bind(process.stderr);
  // Only the REPL's debug output reaches stderr while a case runs; anything else passes through.
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (running) {
      converted.push(text);
      return true;
    }
    return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
}
let running = false;

/// Engine limits (a BigInt or string too large) that the evaluator deliberately reports as Pact
/// errors, and the exceptions Pact's own host raises, are not escapes.
function isPactFailure(e: unknown): boolean {
  return e instanceof PactError || e instanceof HaskellException || engineLimitError(e, null) !== null;
}

// ---------------------------------------------------------------------------------------------
// The REPL under the harness's rules

class Recorder implements Output {
  text = '';
  stdout(t: string): void { this.text += t; }
  stderr(t: string): void { this.text += t; }
}

function harnessError(info: PactError['info'], message: string): PactError {
  return new PactError('EvalError', info, `fuzz harness: ${message}`);
}

/// Keeps a case within its bounds and makes swallowed exceptions visible:
/// - the table gas model and GAS_LIMIT, whatever the program asks for (env-gasmodel, -gaslimit);
/// - gas handed back (commit-tx, env-gas 0, ...) counted against GAS_REFUND_CAP;
/// - `load` only of corpus files, without reset (a reset would drop these rules), MAX_LOADS times;
/// - `expect-failure` reports a non-Pact exception of its expression here before swallowing it.
function harden(repl: Repl): void {
  const limit = gasToMilli(GAS_LIMIT);
  const clamp = (ctx: Ctx): void => {
    if (ctx.gas.model.name !== 'table') ctx.gas.setModel(tableGasModel(false));
    if (ctx.gas.limit > limit) ctx.gas.limit = limit;
  };
  repl.ctx.gas.setModel(tableGasModel(false));
  repl.ctx.gas.limit = limit;
  const deferEnv = repl.deferEnv.bind(repl);
  repl.deferEnv = (setting, change) => deferEnv(setting, (ctx) => { change(ctx); clamp(ctx); });

  const gas = repl.ctx.gas;
  let used = gas.used;
  let refunded = 0n;
  Object.defineProperty(gas, 'used', {
    get: () => used,
    set: (v: bigint) => {
      if (v < used) {
        refunded += used - v;
        if (refunded > GAS_REFUND_CAP) throw harnessError(null, 'gas refunded past the cap');
      }
      used = v;
    },
  });

  let loads = 0;
  const deferLoad = repl.deferLoad.bind(repl);
  repl.deferLoad = (path, reset, info) => {
    const current = repl.file;
    const resolved = resolve(current === null || isAbsolute(path) ? path : join(dirname(current), path));
    if (reset) throw harnessError(info, 'load with reset is not allowed');
    if (!loadable.has(resolved)) throw harnessError(info, `only corpus files may be loaded: ${path}`);
    if (++loads > MAX_LOADS) throw harnessError(info, 'too many loads');
    deferLoad(path, reset, info);
  };

  const natives = repl.ctx.replNatives;
  const expectFailure = natives.get('expect-failure')!;
  const watch = (node: Node): Node => Object.create(node, {
    ev: {
      value: (ctx: Ctx, env: Parameters<Node['ev']>[1]) => {
        try {
          return node.ev(ctx, env);
        } catch (e) {
          // Without a context it is nodeText probing whether the node is a plain value, which
          // catches whatever that throws on purpose: not an escape.
          if (ctx !== null && !isPactFailure(e)) swallowed.push(`${describeException(e)}\n${(e as Error)?.stack ?? ''}`);
          throw e;
        }
      },
    },
  }) as Node;
  const wrapped: Native = {
    ...expectFailure,
    special: (ctx, args, env, app, self) =>
      expectFailure.special!(ctx, args.map((a, i) => (i === args.length - 1 ? watch(a) : a)), env, app, self),
  };
  natives.set('expect-failure', wrapped);
}

export function runCase(c: EvalCase): { output: string; converted: string[]; swallowed: string[]; thrown: unknown } {
  installStderrCapture();
  converted = [];
  swallowed = [];
  const rec = new Recorder();
  const repl = new Repl(c.mode === 'script' || c.mode === 'interactive' ? c.mode : 'piped', rec, c.mode === 'script');
  if (c.mode === 'script') repl.scriptPath = 'fuzz.repl';
  repl.file = c.path;
  harden(repl);
  let thrown: unknown = null;
  running = true;
  try {
    if (c.mode === 'interactive') {
      // One input per top-level form (cut after each closing bracket at depth 0).
      for (const [from, to] of pieces(c.text, 1)) repl.runSource(c.text.slice(from, to), '<interactive>');
    } else if (c.mode === 'lines') {
      // As `echo ... | pact`: line by line, stopping at the first failure.
      for (const raw of c.text.split('\n')) {
        const line = raw.trim();
        if (line !== '' && !repl.runSource(line, '<interactive>')) break;
      }
    } else {
      repl.runSource(c.text, c.mode === 'script' ? 'fuzz.repl' : '<interactive>');
    }
    repl.reportTestFailures();
    typecheckAll(repl, rec);
  } catch (e) {
    thrown = e;
  } finally {
    running = false;
  }
  return { output: rec.text, converted, swallowed, thrown };
}

/// Runs the static checker (with its debug output) over every module the case left installed:
/// it may fail only with its own error; its findings join the output the oracles read.
function typecheckAll(repl: Repl, rec: Recorder): void {
  for (const name of repl.ctx.db.keys('SYS_modules')) {
    // Read as stored: looking a module up through the context would charge gas for it.
    const mod = repl.ctx.db.read('SYS_modules', name) as ModuleData | undefined;
    if (mod === undefined) continue;
    const log: string[] = [];
    try {
      const r = typecheckModule(repl.ctx, mod, log, repl.dynRefs);
      for (const f of r.failures) rec.text += `${f.message}\n`;
    } catch (e) {
      if (!(e instanceof CheckerError)) throw e;
      rec.text += `${e.message}\n`;
    }
    // The debug notation's arrows (`a => b`, `a <=> b`) are not JavaScript source.
    rec.text += log.join('\n').replaceAll('<=> {', '<=>{').replaceAll('=> {', '=>{');
  }
}

export function evaluatorCase(c: EvalCase): Problem | null {
  const r = runCase(c);
  if (r.thrown !== null) {
    return problem(`REPL threw ${describeException(r.thrown)}`, (r.thrown as Error)?.stack);
  }
  if (r.converted.length > 0) {
    const stack = r.converted.join('');
    const first = stack.split('\n')[0] ?? '';
    const where = /\n\s+at (?:(\S+) \()?.*?\/(src\/[^:)]+)/.exec(stack);
    return problem(`JS exception reported as a Pact error: ${first}${where === null ? '' : ` @ ${where[1] ?? '<anonymous>'} (${where[2]})`}`, stack);
  }
  if (r.swallowed.length > 0) {
    return problem(`JS exception swallowed by expect-failure: ${r.swallowed[0]!.split('\n')[0]}`, r.swallowed[0]);
  }
  const js = jsIsm(r.output, c.text);
  if (js !== null) return problem(`output: ${js}`, r.output.slice(0, 2000));
  return null;
}
