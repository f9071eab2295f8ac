/// The ways `pact` runs Pact text: a script file, piped standard input, compile-only `.pact`.
/// Each returns the process exit code; the interactive terminal lives in editor.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ParseError } from '../syntax/index.ts';
import { nestingDepth } from '../syntax/exp.ts';
import { parseThrough } from '../syntax/cache.ts';
import { compileTopLevel } from '../lang/compile.ts';
import { PactError, isStackOverflow, tooDeepError } from '../lang/errors.ts';
import { showIoError } from '../values/haskell-show.ts';
import { defaultParseCache } from './parse-cache.ts';
import { Repl, processOutput } from './repl.ts';
import type { Output } from './repl.ts';

/// `pact FILE.repl`: runs the script, lists failed tests, then `Load successful`/`Load failed`.
/// With `coverage`, writes `coverage/lcov.info` beside the script, whether it passed or not.
export function runScript(path: string, trace: boolean, out: Output = processOutput, coverage = false): number {
  const repl = new Repl('script', out, trace);
  repl.scriptPath = path;
  repl.parseCache = defaultParseCache();
  const lcov = coverage ? repl.collectCoverage() : null;
  const ok = repl.loadFile(path, null);
  const failures = repl.reportTestFailures();
  const written = lcov === null || writeCoverage(path, lcov.report(), out);
  return finish(ok && !failures && written, out);
}

function writeCoverage(script: string, report: string, out: Output): boolean {
  const file = join(dirname(script), 'coverage', 'lcov.info');
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, report);
    return true;
  } catch (e) {
    out.stderr(`pact: ${file}: ${(e as Error).message}\n`);
    return false;
  }
}

function finish(ok: boolean, out: Output): number {
  out.stderr(ok ? 'Load successful\n' : 'Load failed\n');
  return ok ? 0 : 1;
}

/// Piped standard input: each line on its own; the first error aborts.
export function runPiped(input: string, out: Output = processOutput): number {
  const repl = new Repl('piped', out);
  for (const raw of input.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (!repl.runSource(line, '<interactive>')) {
      out.stderr('Aborting execution\n');
      out.stderr('Load failed\n');
      return 1;
    }
  }
  return 0;
}

/// `pact FILE.pact`: parses and compiles every form without running anything.
export function compileOnly(path: string, out: Output = processOutput): number {
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (e) {
    out.stderr(`pact: ${path}: openBinaryFile: ${showIoError(e)}\n`);
    return 1;
  }
  const repl = new Repl('script', out);
  let ok = true;
  try {
    for (const exp of parseThrough(defaultParseCache(), source, path)) {
      try {
        compileTopLevel(exp);
      } catch (e) {
        const error = isStackOverflow(e) ? tooDeepError(exp.info, nestingDepth(exp), null) : e;
        if (!(error instanceof PactError)) throw e;
        repl.printCompileError(error);
        ok = false;
      }
    }
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    out.stderr(e.render() + '\n');
    ok = false;
  }
  return finish(ok, out);
}
