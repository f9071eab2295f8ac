// Makes dist/pact.cache, the V8 code cache the single executable compiles its bundle with (see
// code-cache.ts): runs the bundle, as the executable does, on scripts/train/train.repl, then keeps
// the code of every function that run compiled. Prints nothing unless the run fails.
// Usage: node --predictable --random-seed=1 scripts/train-code-cache.ts [OUT]
// The cache is V8's for the Node binary that runs this, so each platform's executable gets one
// made by that platform's Node (scripts/release/executable.ts). `--predictable` with a fixed seed
// makes it the same bytes on every run; V8 leaves both flags out of the hash a cache is checked
// against, so the executable, run without them, takes it.
import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleScript, runBundle } from './code-cache.ts';

const BUNDLE = resolve('dist/pact.cjs');
const OUT = process.argv[2] ?? 'dist/pact.cache';

const dir = mkdtempSync(join(tmpdir(), 'pact-train-'));
cpSync(new URL('train', import.meta.url), dir, { recursive: true });
// A parse cache of its own, empty: the run reads token.pact both ways (train.repl).
process.env.PACT_CACHE_DIR = join(dir, 'cache');
process.argv = [process.argv[0]!, 'pact', join(dir, 'train.repl')];

let output = '';
const printError = process.stderr.write.bind(process.stderr);
for (const stream of [process.stdout, process.stderr]) {
  stream.write = ((chunk: string | Uint8Array) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    return true;
  }) as typeof stream.write;
}

const script = bundleScript(readFileSync(BUNDLE, 'utf8'));
process.on('exit', (code) => {
  rmSync(dir, { recursive: true, force: true });
  if (code !== 0 || !output.endsWith('Load successful\n')) {
    process.exitCode = 1;
    printError(`the training run failed:\n${output}`);
    return;
  }
  writeFileSync(OUT, script.createCachedData());
});
const require = createRequire(BUNDLE);
runBundle(script, require, { exports: {} } as NodeJS.Module, BUNDLE);
