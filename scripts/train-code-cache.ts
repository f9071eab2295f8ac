// Makes dist/pact.cache, the V8 code cache the single executable compiles its bundle with (see
// code-cache.ts): runs the bundle, as the executable does, on what users start most, then keeps
// the code of every function those runs compiled. Two runs, one after the other in this process:
// scripts/train/train.repl, then a devnet restarted on its persistDir (`--serve`), up to its
// banner (what the node's thread does before it is ready: reading the config, opening the
// database, listening). The cache is made there, before the HTTP edge loads (server.ts): its
// code would weigh on every start, and the release's size budget, for little. Prints nothing
// unless a run fails.
// Usage: node --predictable --random-seed=1 scripts/train-code-cache.ts [OUT]
// The cache is V8's for the Node binary that runs this, so each platform's executable gets one
// made by that platform's Node (scripts/release/executable.ts). `--predictable` with a fixed seed
// makes it the same bytes on every run; V8 leaves both flags out of the hash a cache is checked
// against, so the executable, run without them, takes it.
import { createRequire } from 'node:module';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { bundleScript, runBundle } from './code-cache.ts';

const BUNDLE = resolve('dist/pact.cjs');
const GENESIS = 'dist/devnet-genesis.sqlite.zst';
const OUT = process.argv[2] ?? 'dist/pact.cache';

const dir = mkdtempSync(join(tmpdir(), 'pact-train-'));
cpSync(new URL('train', import.meta.url), dir, { recursive: true });
// A parse cache of its own, empty: the run reads token.pact both ways (train.repl).
process.env.PACT_CACHE_DIR = join(dir, 'cache');
// A devnet's persistDir as its first start leaves it (the executable's genesis image).
mkdirSync(join(dir, 'devnet'));
writeFileSync(join(dir, 'devnet', 'pact.sqlite'), zstdDecompressSync(readFileSync(GENESIS)));
writeFileSync(join(dir, 'devnet.yaml'), `port: 0\ndevnet: true\npersistDir: ${join(dir, 'devnet')}\n`);

const script = bundleScript(readFileSync(BUNDLE, 'utf8'));
let cache: Buffer | undefined;

/// A training run: its command line, and what shows that it went as planned.
const RUNS = [
  { args: [join(dir, 'train.repl')], succeeded: (out: string) => out.endsWith('Load successful\n') },
  { args: ['--serve', join(dir, 'devnet.yaml')], succeeded: (out: string) => out.includes('KDA') && out.endsWith('pact-ts node stopped\n') },
];
let run = -1;

let output = '';
const printError = process.stderr.write.bind(process.stderr);
for (const stream of [process.stdout, process.stderr]) {
  stream.write = ((chunk: string | Uint8Array) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    // The node is ready once it has printed its funded accounts: the cache is made, the node
    // stopped as SIGTERM stops it.
    if (run === 1 && cache === undefined && output.includes('KDA')) {
      cache = script.createCachedData();
      process.emit('SIGTERM', 'SIGTERM');
    }
    return true;
  }) as typeof stream.write;
}

/// Runs the bundle again, as a new process would, on the next run's command line. The executor
/// thread a node starts runs the bundle file itself (argv[1]: src/repl/deep-stack.ts).
function next(): void {
  run++;
  output = '';
  process.argv = [process.argv[0]!, BUNDLE, ...RUNS[run]!.args];
  runBundle(script, createRequire(BUNDLE), { exports: {} } as NodeJS.Module, BUNDLE);
}

/// Whether the run that just ended went as planned (if not, says so and sets the exit code).
function succeeded(): boolean {
  if ((process.exitCode ?? 0) === 0 && RUNS[run]!.succeeded(output)) return true;
  process.exitCode = 1;
  printError(`the training run \`pact ${RUNS[run]!.args.join(' ')}\` failed:\n${output}`);
  return false;
}

// A run has ended when nothing is left for the event loop to do.
process.on('beforeExit', () => {
  if (succeeded() && run + 1 < RUNS.length) next();
});
process.on('exit', () => {
  rmSync(dir, { recursive: true, force: true });
  if ((process.exitCode ?? 0) === 0 && cache !== undefined) writeFileSync(OUT, cache);
});
next();
