/// The `pact` command line: parse flags (citty), call a layer, print, set the exit code.
/// Subcommands (add-sig, combine-sigs, sign) are dispatched by hand because citty cannot mix
/// them with a positional FILE.
// Everything beyond flag parsing is imported when needed, so `--version` and `--help` start
// without evaluating the interpreter, the natives or the request tooling.
import { fstatSync, statSync } from 'node:fs';
import { defineCommand, runCommand } from 'citty';
import { HELP, USAGE } from './help.ts';
import { buildLine, processMode, VERSION_LINE } from './mode.ts';
import { guardStandardStreams } from './streams.ts';

const SUBCOMMANDS = new Set(['add-sig', 'combine-sigs', 'sign']);

const flags = {
  version: { type: 'boolean', alias: 'v' },
  builtins: { type: 'boolean', alias: 'b' },
  genkey: { type: 'boolean', alias: 'g' },
  serve: { type: 'string', alias: 's' },
  findscript: { type: 'boolean', alias: 'r' },
  trace: { type: 'boolean', alias: 't' },
  coverage: { type: 'boolean', alias: 'c' },
  apireq: { type: 'string', alias: 'a' },
  local: { type: 'boolean', alias: 'l' },
  unsigned: { type: 'string', alias: 'u' },
  help: { type: 'boolean', alias: 'h' },
  // Ours: JUnit XML of the test runner (several scripts, or a directory).
  junit: { type: 'string' },
  // Ours: `--serve --devnet`, a Kadena development network.
  devnet: { type: 'boolean' },
  // Ours: with --version, also our version, the commit built and the platform.
  verbose: { type: 'boolean' },
  // Ours: the language server on standard input and output (`--stdio`, which some editors add
  // to a server's command, changes nothing).
  lsp: { type: 'boolean' },
  stdio: { type: 'boolean' },
  file: { type: 'positional', required: false },
} as const;

const LONG = new Set(Object.keys(flags).filter((k) => k !== 'file').map((k) => `--${k}`));
const SHORT = new Set<string>(Object.values(flags).flatMap((f) => ('alias' in f ? [f.alias] : [])));
const TAKES_VALUE = new Set(['s', 'a', 'u', 'serve', 'apireq', 'unsigned', 'junit']);

/// Pact (optparse) rejects unknown options; citty ignores them. (Several files are ours: the
/// test runner.)
function validate(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return null;
    if (a.startsWith('--')) {
      const name = a.split('=')[0]!;
      if (!LONG.has(name)) return `Invalid option \`${name}'`;
      if (TAKES_VALUE.has(name.slice(2)) && !a.includes('=')) {
        if (i + 1 >= argv.length) return `The option \`${name}\` expects an argument.`;
        i++;
      }
    } else if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (!SHORT.has(c)) return `Invalid option \`-${c}'`;
        if (TAKES_VALUE.has(c)) {
          if (j === a.length - 1) {
            if (i + 1 >= argv.length) return `The option \`-${c}\` expects an argument.`;
            i++;
          }
          break;
        }
      }
    }
  }
  return null;
}

function usageError(message: string): number {
  process.stderr.write(`${message}\n\n${USAGE}`);
  return 1;
}

async function builtins(): Promise<string> {
  const { allNatives } = await import('../natives/index.ts');
  return allNatives.map((n) => n.name).sort(compareUtf16).map((n) => `"${n}"\n`).join('');
}

function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const main = defineCommand({
  meta: { name: 'pact' },
  args: flags,
  run: async ({ args }): Promise<number> => {
    if (args.help) {
      process.stdout.write(HELP);
      return 0;
    }
    if (args.version) {
      process.stdout.write(args.verbose === true ? VERSION_LINE + buildLine() : VERSION_LINE);
      return 0;
    }
    if (args.verbose) return usageError('`--verbose\' goes with --version');
    if (args.builtins) {
      process.stdout.write(await builtins());
      return 0;
    }
    if (args.genkey) return (await import('./requests.ts')).genKey();
    if (args.devnet === true) {
      if (args.serve === undefined) return usageError('--devnet is an option of --serve: pact --serve --devnet, or pact --serve CONFIG --devnet');
      return (await import('./serve.ts')).serve(args.serve === '' ? null : args.serve, true);
    }
    if (args.lsp) return languageServer();
    if (args.serve !== undefined) return (await import('./serve.ts')).serve(args.serve);
    if (args.apireq !== undefined) return (await import('./requests.ts')).apiReq(args.apireq, args.local === true);
    if (args.unsigned !== undefined) return (await import('./requests.ts')).unsignedReq(args.unsigned);
    const files = (args._ as string[] | undefined) ?? [];
    if (files.length > 1 || args.junit !== undefined || (files.length === 1 && isScriptFolder(files[0]!))) {
      const { runScripts, scriptsOf } = await import('../repl/runner.ts');
      if (await scriptsNeedDeepStack(scriptsOf(files))) return runDeep();
      return runScripts(files, args.junit ?? null, (await import('../repl/repl.ts')).processOutput);
    }
    const file = args.file;
    if (file !== undefined) return runFile(file, args.findscript === true, args.trace === true, args.coverage === true);
    if (process.stdin.isTTY) return (await import('../repl/editor.ts')).runInteractive();
    // A directory as standard input cannot be read; GHC says so when the REPL reads a line.
    if (fstatSync(0).isDirectory()) {
      process.stderr.write('pact: <stdin>: hGetLine: inappropriate type (is a directory)\n');
      return 1;
    }
    const input = await readStdin();
    if ((await import('../repl/deep-stack.ts')).needsDeepStack(input, null)) return runDeep(input);
    return (await import('../repl/modes.ts')).runPiped(input);
  },
});

/// Whether running the scripts `files` may need a deeper stack than this thread's (see
/// repl/deep-stack.ts).
async function scriptsNeedDeepStack(files: readonly string[]): Promise<boolean> {
  return (await import('../repl/deep-stack.ts')).scriptsNeedDeepStack(files);
}

/// The language server, on a thread with a deep stack: analysing code recurses as deep as the code
/// nests and calls, as running it does.
async function languageServer(): Promise<number> {
  const { isMainThread } = process.getBuiltinModule('node:worker_threads');
  if (isMainThread) return (await import('../repl/deep-stack.ts')).serveDeep(process.argv.slice(2));
  return (await import('../lsp/server.ts')).runLanguageServer();
}

/// Runs this command line again on a thread with a deep stack, `stdin` as its standard input.
async function runDeep(stdin?: string): Promise<number> {
  return (await import('../repl/deep-stack.ts')).runDeep(process.argv.slice(2), stdin);
}

/// A directory to run the scripts of (one named like a file is a file that cannot be read).
function isScriptFolder(path: string): boolean {
  if (path.endsWith('.pact') || path.endsWith('.repl')) return false;
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

async function runFile(file: string, find: boolean, trace: boolean, coverage: boolean): Promise<number> {
  // A `.pact` file is compiled, unless -r finds the script that runs it.
  const script = !file.endsWith('.pact') ? file : find ? (await import('./findscript.ts')).findScript(file) : null;
  if (await scriptsNeedDeepStack([script ?? file])) return runDeep();
  const { compileOnly, runScript } = await import('../repl/modes.ts');
  return script === null ? compileOnly(file) : runScript(script, trace, undefined, coverage);
}

async function cli(argv: string[]): Promise<number> {
  argv = devnetArgs(argv);
  if (SUBCOMMANDS.has(argv[0] ?? '')) {
    const sub = (await import('./requests.ts')).requestSubCommands[argv[0]!]!;
    const { result } = await runCommand(sub, { rawArgs: argv.slice(1) });
    return typeof result === 'number' ? result : (process.exitCode as number | undefined) ?? 0;
  }
  const problem = validate(argv);
  if (problem !== null) return usageError(problem);
  const { result } = await runCommand(main, { rawArgs: argv });
  return result as number;
}

/// `--serve` takes a config file except before `--devnet` (or last with it): there it stands
/// alone, as an empty value.
function devnetArgs(argv: string[]): string[] {
  if (!argv.includes('--devnet')) return argv;
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    out.push(a);
    if ((a === '--serve' || a === '-s') && (next === undefined || next.startsWith('-'))) out.push('');
  }
  return out;
}

/// Runs the command line (or, in the REPL's child process, the evaluator; on a node's executor
/// thread, the executor).
async function start(): Promise<void> {
  guardStandardStreams();
  try {
    const argv = process.argv.slice(2);
    switch (processMode(argv, process.env)) {
      case 'evaluator': (await import('../repl/evaluator.ts')).runEvaluator(); break;
      case 'executor': await (await import('./executor.ts')).runExecutor(); break;
      case 'z3-selftest': process.exitCode = (await import('../analyze/selftest.ts')).z3SelfTest(); break;
      // `--version` alone (the single executable answers it before loading this module).
      case 'version': process.stdout.write(VERSION_LINE); break;
      case 'command-line': process.exitCode = await cli(argv); break;
    }
  } catch (e) {
    // A JavaScript exception reaching the user is a bug; still answer the Pact way.
    if (process.env.PACT_TS_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    process.stderr.write(`pact: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}

void start();
