// Builds one platform's single executable: Node's binary for that platform (base-node.ts),
// stripped of its symbols, with the CLI's bundle, its V8 code cache where one can be made for
// that platform, and the solver injected as assets by `node --build-sea`, which writes into
// an ELF, Mach-O or PE binary alike whatever machine it runs on.
// Usage: node scripts/release/executable.ts OUT [PLATFORM]   (this machine's platform by default;
// `make dist/pact` runs it once the bundle and the compressed solver are made)
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Z3_ASSETS } from '../../src/analyze/solver.ts';
import { GENESIS_ASSET } from '../../src/server/devnet/genesis-image.ts';
import { baseNode, NODE_VERSION } from './base-node.ts';
import { HOST, platform, runner, type Platform } from './platforms.ts';

/// Where fetched Node packages and each platform's intermediate files go.
export const WORK = join('dist', 'release', 'work');

/// V8 flags that make what a Node run generates (a code cache) the same bytes on every run; V8
/// leaves both out of the hash a code cache is checked against, so a run without them takes it.
export const DETERMINISTIC = ['--predictable', '--random-seed=1'];

export function buildExecutable(p: Platform, out: string): void {
  const work = join(WORK, p.name);
  mkdirSync(work, { recursive: true });
  const node = strip(p, baseNode(p, WORK), join(work, p.os === 'win32' ? 'node.exe' : 'node'));
  const cache = trainCodeCache(p, node, join(work, 'pact.cache'));
  const config = join(work, 'sea-config.json');
  // Its own code cache of sea-main (small) only where the Node building it is this platform's.
  const native = p.name === HOST && process.version === `v${NODE_VERSION}`;
  writeFileSync(config, JSON.stringify(seaConfig(node, out, cache, native), null, 2));
  mkdirSync(dirname(out), { recursive: true });
  execFileSync(process.execPath, [...DETERMINISTIC, '--build-sea', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Injecting removed Node's signature; macOS runs arm64 code only signed, ad hoc at least.
  // Elsewhere no maintained tool signs a Mach-O: see docs/release.md.
  if (p.os === 'darwin' && process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', '--force', out]);
}

function seaConfig(node: string, out: string, cache: string | null, native: boolean): object {
  return {
    main: 'dist/sea-main.cjs',
    output: out,
    executable: node,
    disableExperimentalSEAWarning: true,
    useCodeCache: native,
    // The young generation starts at 8 MB instead of 1: starting up allocates ~10 MB that lives
    // on, and loading a protocol far more, which V8 otherwise scavenges again and again while
    // growing it (-9 ms for an empty script, -14 ms loading a 6,000-line protocol).
    // The heap may take 75% of the machine's memory (V8's default is far less); `--node-options`
    // on the command line changes these (see the README's Limits).
    execArgv: ['--min-semi-space-size=8', '--max-old-space-size-percentage=75'],
    execArgvExtension: 'cli',
    assets: {
      'pact.cjs': 'dist/pact.cjs',
      ...(cache === null ? {} : { 'pact.cache': cache }),
      // Deep code runs on a worker with a deep stack, started from this same main script.
      'sea-main.cjs': 'dist/sea-main.cjs',
      [Z3_ASSETS.js]: 'node_modules/z3-solver/build/z3-built.js',
      [Z3_ASSETS.wasm]: 'dist/z3-built.wasm.br',
      // A fresh devnet's database (src/server/devnet/genesis-image.ts).
      [GENESIS_ASSET]: 'dist/devnet-genesis.sqlite.zst',
    },
  };
}

/// Node's binary without its symbol table and debug information (a third of its 150 MB on
/// Linux and macOS; Windows keeps them in a separate file already). Its exported symbols stay.
/// llvm-strip reads every platform's format, Mach-O included.
function strip(p: Platform, base: string, out: string): string {
  if (p.os === 'win32') copyFileSync(base, out);
  else execFileSync('llvm-strip', ['-o', out, base]);
  return out;
}

/// The code cache of the bundle made by this platform's Node, where this machine runs it
/// (natively, or linux-arm64 under qemu-user); null elsewhere: V8 rejects a cache made by
/// another platform's Node, so it would only weigh.
function trainCodeCache(p: Platform, node: string, out: string): string | null {
  rmSync(out, { force: true });
  const prefix = runner(p);
  if (prefix === null) return null;
  const [command, ...args] = [...prefix, node, ...DETERMINISTIC, 'scripts/train-code-cache.ts', out];
  // Its standard streams are pipes whatever make's are: what a run compiles depends on whether
  // they are a terminal, a file or a pipe, and so would the cache's bytes.
  const r = spawnSync(command!, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the code cache's training run failed: ${r.error?.message ?? ''}\n${r.stdout}${r.stderr}`);
  return out;
}

if (import.meta.main) {
  const [out, name = HOST] = process.argv.slice(2);
  if (out === undefined) throw new Error('usage: node scripts/release/executable.ts OUT [PLATFORM]');
  buildExecutable(platform(name), out);
}
