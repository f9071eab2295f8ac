// `make bench`, static checking: `(typecheck ...)` over the token module and over the last module
// of the generated protocol (whose helpers each inline a chain of 28 calls), in process (the
// first check, with the checker's code still cold, and the best of ten) and through dist/pact
// (the run with the check minus the run without it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Repl } from '../src/repl/repl.ts';
import { typecheckModule } from '../src/typecheck/module.ts';
import { PROTOCOL_MODULES, TOKEN_MODULE, bestRun, writeProtocol } from './common.ts';

const LAST = `proto${PROTOCOL_MODULES - 1}`;

function inProcess(dir: string, name: string): void {
  const repl = new Repl('script', { stdout: () => {}, stderr: (t) => process.stderr.write(t) });
  if (!repl.loadFile(join(dir, 'protocol.repl'), null)) throw new Error('protocol failed to load');
  const mod = repl.ctx.lookupModule(name)!;
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    failures = typecheckModule(repl.ctx, mod, null, repl.dynRefs).failures.length;
    times.push(performance.now() - t);
  }
  console.log(`typecheck ${name} (${mod.terms.size} members, ${failures} failures) in process: first ${times[0]!.toFixed(1)} ms, ` +
    `then ${Math.min(...times).toFixed(1)} ms`);
}

function throughCli(dir: string, name: string): void {
  writeFileSync(join(dir, 'checked.repl'), `(load "protocol.repl")\n(typecheck "${name}")\n`);
  console.log(`typecheck ${name} through dist/pact: ${(bestRun(dir, 'checked.repl') - bestRun(dir, 'protocol.repl')).toFixed(0)} ms`);
}

const dir = mkdtempSync(join(tmpdir(), 'pact-tc-bench-'));
try {
  writeFileSync(join(dir, 'token.pact'), TOKEN_MODULE);
  writeProtocol(dir, ['token.pact']);
  inProcess(dir, 'token');
  inProcess(dir, LAST);
  throughCli(dir, LAST);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
