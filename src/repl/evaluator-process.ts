/// The terminal's side of the interactive REPL's evaluator (evaluator.ts): a child process that
/// runs the inputs. Ctrl-C during an evaluation ends that process and starts another, replaying
/// the earlier inputs without their output, so the session goes on in the state it had before
/// the interrupted input. (A flag the evaluator polls could not stop one long JavaScript
/// operation, such as `^` of a huge integer; ending the process stops anything at once.)
import type { ChildProcess } from 'node:child_process';
import type { CompletionScope } from './completion.ts';

/// Set in the child's environment: that process is an evaluator (src/cli/main.ts checks it).
export const EVALUATOR_ENV = 'PACT_TS_EVALUATOR';

/// What the terminal sends the evaluator.
export type ToEvaluator = { readonly eval: string } | { readonly scope: true };
/// What the evaluator sends back.
export type FromEvaluator =
  | { readonly out: string } | { readonly err: string } | { readonly done: true } | { readonly scope: CompletionScope };

/// Where an evaluation's output goes.
export interface Sink {
  stdout(text: string): void;
  stderr(text: string): void;
}

const SILENT: Sink = { stdout: () => {}, stderr: () => {} };
const NOTHING_LOADED: CompletionScope = { names: [], tables: [], schemas: [] };

export class EvaluatorProcess {
  readonly #command: readonly string[];
  readonly #sink: Sink;
  #child!: ChildProcess;
  /// Every input run so far, in order: what a new evaluator replays.
  readonly #inputs: string[] = [];
  /// The request in flight: its output goes to `sink`, `settle` ends it (false: the process died).
  #request: { readonly sink: Sink; readonly settle: (done: boolean, scope?: CompletionScope) => void } | null = null;
  /// What completion offers, as of the last input run (asked for once, at the first Tab).
  #scope: CompletionScope | null = null;
  #stderr = '';
  #interrupted = false;
  /// True while earlier inputs are replayed into a new evaluator (not to be interrupted).
  #replaying = false;

  /// `command`: the program and arguments that start this executable again (see `selfCommand`).
  constructor(command: readonly string[], sink: Sink) {
    this.#command = command;
    this.#sink = sink;
    this.#start();
  }

  get busy(): boolean {
    return this.#request !== null;
  }

  /// Runs one input; resolves once its output is out. If it was interrupted, or the evaluator
  /// died running it, the session is first restored to the state before it.
  async run(text: string): Promise<'done' | 'interrupted' | 'crashed'> {
    this.#interrupted = false;
    this.#scope = null;
    if (await this.#ask({ eval: text }, this.#sink)) {
      this.#inputs.push(text);
      return 'done';
    }
    const how = this.#interrupted ? 'interrupted' : 'crashed';
    await this.#restart();
    return how;
  }

  /// What the session has loaded, for completion. While an input runs, what it had before (if
  /// known, else nothing): the evaluator answers between inputs only.
  async scope(): Promise<CompletionScope> {
    if (this.#scope !== null || this.busy) return this.#scope ?? NOTHING_LOADED;
    let scope = NOTHING_LOADED;
    await this.#ask({ scope: true }, SILENT, (m) => { scope = m; });
    this.#scope = scope;
    return scope;
  }

  /// Stops the evaluation in flight (`run` then restores the state before it).
  interrupt(): void {
    if (!this.busy || this.#replaying) return;
    this.#interrupted = true;
    this.#child.kill('SIGKILL');
  }

  close(): void {
    this.#child.kill('SIGKILL');
  }

  #start(): void {
    const [program, ...args] = this.#command;
    this.#stderr = '';
    // Loaded here, not imported: every run of the command line imports this module (for
    // EVALUATOR_ENV), and node:child_process brings in the network modules.
    const { spawn } = process.getBuiltinModule('node:child_process');
    const child = spawn(program!, args, {
      env: { ...process.env, [EVALUATOR_ENV]: '1' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr!.on('data', (d: Buffer) => { this.#stderr = (this.#stderr + d.toString()).slice(-2000); });
    child.on('message', (m: FromEvaluator) => this.#receive(m));
    child.once('exit', () => {
      const r = this.#request;
      this.#request = null;
      r?.settle(false);
    });
    this.#child = child;
  }

  /// A fresh evaluator with every earlier input replayed, output discarded.
  async #restart(): Promise<void> {
    this.#start();
    this.#replaying = true;
    try {
      for (const input of this.#inputs) if (!(await this.#ask({ eval: input }, SILENT))) break;
    } finally {
      this.#replaying = false;
    }
  }

  #ask(m: ToEvaluator, sink: Sink, onScope?: (scope: CompletionScope) => void): Promise<boolean> {
    return new Promise((resolve) => {
      this.#request = {
        sink, settle: (done, scope) => {
          if (scope !== undefined) onScope?.(scope);
          resolve(done);
        },
      };
      this.#child.send(m);
    });
  }

  #receive(m: FromEvaluator): void {
    const r = this.#request;
    if (r === null) return;
    if ('out' in m) r.sink.stdout(m.out);
    else if ('err' in m) r.sink.stderr(m.err);
    else {
      this.#request = null;
      r.settle(true, 'scope' in m ? m.scope : undefined);
    }
  }

  /// The last lines the evaluator wrote on its stderr (why it died, if it did).
  get lastWords(): string {
    return this.#stderr;
  }
}

/// How to start this executable again, with the Node flags it runs with (the heap size, say):
/// the single executable itself, given them as it takes them (`--node-options`, see the README),
/// or Node with the script. (node:sea is got, not imported: the executable runs its bundle as a
/// script, whose `import()` would need an experimental loader that prints a warning.)
export function selfCommand(): string[] {
  const { isSea } = process.getBuiltinModule('node:sea');
  if (!isSea()) return [process.execPath, ...process.execArgv, process.argv[1]!];
  return [process.execPath, `--node-options=${process.execArgv.join(' ')}`];
}
