/// The node's executor on a worker thread of its own (executor-worker.ts runs there), so that
/// the HTTP edge, `/poll`, `/listen`, the explorer and the signals are answered on this thread
/// while a command runs, however long it runs.
///
/// Why a thread and not a process: messages between threads cost microseconds (structured
/// clones, no pipe, no serialisation to text), a thread can be given the stack deep programs
/// need (`resourceLimits.stackSizeMb`; a process's main stack is fixed by `ulimit -s`), and
/// ending it (`terminate`) stops any JavaScript at once and releases its SQLite connection with
/// its open transaction rolled back. Its heap limit is the process's own (it inherits V8's
/// flags, `--max-old-space-size-percentage` among them).
///
/// Time limits: a watchdog here reads a counter the executor bumps as each command starts (a
/// shared buffer; nothing is posted per command): the thread runs what it is sent in order, so
/// the count names the command running. A command still running past its limit
/// (`sendTimeLimit`, `localTimeLimit`) has its thread ended and a new one started, which gives
/// that command its failure instead of running it again and carries on with the rest (the
/// commands of its group that ran before it, rolled back with it, run again). Ending the
/// thread stops everything, even one long native operation no check inside the evaluator would
/// interrupt, and leaves no half-done evaluator state behind. A command that made the thread run
/// out of memory fails the same way.
import type { Worker, WorkerOptions } from 'node:worker_threads';
import type { Command } from '../api/command.ts';
import type { ServerConfig } from './config.ts';
import type { PendingCommand } from './history.ts';
import type { NodeLog } from './log.ts';
import type { RunnerHost } from './node.ts';
import type { CommandRunner } from './queue.ts';
import type { ApplyOptions, CommandResult } from './service.ts';

/// Starts this program again on a worker thread, where it runs `runExecutorWorker` with its
/// Pact service and `options.workerData` as the setup. (`pact --serve` gives it the deep stack
/// deep programs need: repl/deep-stack.ts.)
export type StartThread = (options: WorkerOptions) => Worker;

/// What the executor thread is given (its `workerData`).
export interface ExecutorSetup {
  /// The database file, and the pragmas to open it with.
  readonly dbPath: string;
  readonly pragmas: readonly string[];
  readonly config: ServerConfig;
  /// Two Int32 slots the executor writes: commands started so far, and 1 while one runs.
  readonly progress: SharedArrayBuffer;
}

/// What the node's thread sends the executor thread (a list of these per message).
export type ToExecutor =
  | { readonly batch: readonly PendingCommand[] }
  | { readonly local: { readonly id: number; readonly command: Command; readonly options: ApplyOptions; readonly failure?: string } }
  | { readonly stop: true };

/// What the executor thread sends back, a list of these per message, in the order things happen
/// (but a local's answer may follow the answers to batches queued behind it).
export type FromExecutor =
  | { readonly done: number }
  | { readonly local: number; readonly result: CommandResult }
  | { readonly log: string }
  | { readonly fatal: string };

/// How the executor thread is run.
export interface ThreadOptions {
  readonly start: StartThread;
  readonly setup: Omit<ExecutorSetup, 'progress'>;
  readonly log: NodeLog;
}

type Item = (
  | { readonly kind: 'batch'; readonly commands: readonly PendingCommand[] }
  | { readonly kind: 'local'; readonly id: number; readonly command: Command; readonly options: ApplyOptions;
    failure?: string; readonly resolve: (r: CommandResult) => void }
) & {
  /// Where it comes in what the current thread was sent: its first command is the thread's
  /// `first`-th; `sent` are the commands of a batch sent (those left of it, for a thread taking
  /// over), null for a local (one command).
  first: number;
  sent: readonly PendingCommand[] | null;
};

// How often the watchdog looks: a command may overrun its limit by this much.
const WATCH_MS = 100;
// How long a stopping executor may take to finish the command it runs before it is ended.
const STOP_GRACE_MS = 200;

/// The executor thread, seen from the node: what was sent to it and is not done yet, in order.
export class ExecutorThread implements CommandRunner {
  readonly #host: RunnerHost;
  readonly #options: ThreadOptions;
  readonly #limits: { readonly send: number; readonly local: number };
  readonly #progress = new Int32Array(new SharedArrayBuffer(8));
  /// Sent and not done, in order: the thread answers them in this order.
  readonly #items: Item[] = [];
  /// Batch commands a thread was ended on, and the failure each gets instead of running.
  readonly #failures = new Map<string, string>();
  /// Started with the first command sent: a node that is not sent any has nothing to watch (and
  /// its start runs the same code however long it takes, which its code cache is made from:
  /// scripts/train-code-cache.ts).
  #watchdog: NodeJS.Timeout | undefined;
  #worker: Worker;
  #outbox: ToExecutor[] = [];
  /// The commands sent to the current thread so far.
  #sentCommands = 0;
  #idle: Array<() => void> = [];
  #localIds = 0;
  /// The count of started commands last seen, and when it was first seen.
  #seen = -1;
  #seenAt = 0;
  #restarting = false;
  #stopping: Promise<void> | undefined;

  constructor(host: RunnerHost, options: ThreadOptions) {
    this.#host = host;
    this.#options = options;
    this.#limits = { send: options.setup.config.sendTimeLimit, local: options.setup.config.localTimeLimit };
    this.#worker = this.#spawn();
  }

  enqueueBatch(commands: readonly PendingCommand[]): void {
    if (commands.length === 0 || this.#stopping !== undefined) return;
    const item: Item = { kind: 'batch', commands, first: 0, sent: null };
    this.#items.push(item);
    this.#send(item, commands);
  }

  local(command: Command, options: ApplyOptions = {}): Promise<CommandResult> {
    return new Promise((resolve) => {
      if (this.#stopping !== undefined) return;
      const item: Item = { kind: 'local', id: ++this.#localIds, command, options, resolve, first: 0, sent: null };
      this.#items.push(item);
      this.#send(item, null);
    });
  }

  visibleBelow(): number {
    for (const item of this.#items) if (item.kind === 'batch') return item.commands[0]!.batch;
    return Number.MAX_SAFE_INTEGER;
  }

  idle(): Promise<void> {
    return this.#items.length === 0 ? Promise.resolve() : new Promise((resolve) => this.#idle.push(resolve));
  }

  /// The command running gets a moment to finish; then the thread is ended (its transaction
  /// rolled back: a restart runs that command again).
  stop(): Promise<void> {
    return this.#stopping ??= (async () => {
      clearInterval(this.#watchdog);
      const worker = this.#worker;
      let grace: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        grace = setTimeout(resolve, STOP_GRACE_MS);
        worker.postMessage([{ stop: true }] satisfies ToExecutor[]);
      });
      clearTimeout(grace);
      await worker.terminate();
    })();
  }

  #spawn(): Worker {
    Atomics.store(this.#progress, 0, 0);
    Atomics.store(this.#progress, 1, 0);
    this.#seen = -1;
    this.#sentCommands = 0;
    const worker = this.#options.start({
      workerData: { ...this.#options.setup, progress: this.#progress.buffer } satisfies ExecutorSetup,
    });
    // A thread being ended may still have something in the port; what it was doing is redone.
    worker.on('message', (ms: FromExecutor[]) => {
      if (worker !== this.#worker || this.#restarting) return;
      for (const m of ms) this.#receive(m);
    });
    worker.on('error', (e: Error) => this.#failed(worker, e));
    worker.on('exit', () => this.#failed(worker, new Error('the executor thread stopped')));
    return worker;
  }

  /// Sends an item to the current thread (for a batch, `commands`: all of it, or what is left
  /// of it), noting where it comes in the thread's order.
  #send(item: Item, commands: readonly PendingCommand[] | null): void {
    this.#watchdog ??= setInterval(() => this.#watch(), WATCH_MS).unref();
    item.first = this.#sentCommands + 1;
    item.sent = commands;
    this.#sentCommands += commands?.length ?? 1;
    this.#post(item.kind === 'local' ? localMessage(item) : { batch: commands! });
  }

  #post(m: ToExecutor): void {
    // Everything queued in one turn goes in one message.
    if (this.#outbox.length === 0) setImmediate(() => this.#flush());
    this.#outbox.push(m);
  }

  #flush(): void {
    if (this.#outbox.length === 0 || this.#stopping !== undefined) return;
    this.#worker.postMessage(this.#outbox);
    this.#outbox = [];
  }

  #receive(m: FromExecutor): void {
    if ('log' in m) this.#options.log.debug(m.log);
    else if ('fatal' in m) this.#host.onFatal(new Error(`storage failed, stopping: ${m.fatal}`));
    else if ('done' in m) {
      // A local result is posted once its promise settles, which can be after the batch queued
      // behind it is done: answers are matched to their items, not taken in turn.
      const batch = this.#take((item) => item.kind === 'batch') as Extract<Item, { kind: 'batch' }>;
      for (const p of batch.commands) this.#failures.delete(p.reqKey);
      this.#host.onBatchDone(batch.commands);
      this.#checkIdle();
    } else {
      const local = this.#take((item) => item.kind === 'local' && item.id === m.local) as Extract<Item, { kind: 'local' }>;
      local.resolve(m.result);
      this.#checkIdle();
    }
  }

  /// Removes and answers the first item that `matches`.
  #take(matches: (item: Item) => boolean): Item {
    return this.#items.splice(this.#items.findIndex(matches), 1)[0]!;
  }

  #checkIdle(): void {
    if (this.#items.length > 0) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  /// Ends the thread if the command it runs has passed its time limit.
  #watch(): void {
    const started = Atomics.load(this.#progress, 0);
    const now = performance.now();
    if (started !== this.#seen) {
      this.#seen = started;
      this.#seenAt = now;
      return;
    }
    if (Atomics.load(this.#progress, 1) === 0 || this.#restarting) return;
    const running = this.#running(started);
    if (running === undefined) return;
    const [limit, key] = running.kind === 'batch' ? [this.#limits.send, 'sendTimeLimit'] : [this.#limits.local, 'localTimeLimit'];
    if (now - this.#seenAt < limit * 1000) return;
    void this.#replace(`Execution time limit exceeded: the command ran for more than ${limit} s (the node's ${key})`, started);
  }

  /// The item whose command the current thread started as its `started`-th.
  #running(started: number): Item | undefined {
    return this.#items.find((item) => item.first <= started && started < item.first + (item.sent?.length ?? 1));
  }

  /// The thread ended by itself: out of memory (the command running fails), or a bug.
  #failed(worker: Worker, e: Error): void {
    if (worker !== this.#worker || this.#restarting || this.#stopping !== undefined) return;
    if ((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      const mb = Math.round(process.getBuiltinModule('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20);
      void this.#replace(`Out of memory: the command needed more than the node's heap (${mb} MB)`, Atomics.load(this.#progress, 0));
      return;
    }
    this.#host.onFatal(new Error(`the executor thread failed, stopping: ${e.message}`));
  }

  /// Ends the thread and starts a new one, which takes over everything not done (the commands of
  /// the running batch that committed left out). The command running when `started` commands
  /// had started fails with `failure`, if it was still running when the thread ended.
  async #replace(failure: string, started: number): Promise<void> {
    this.#restarting = true;
    await this.#worker.terminate();
    this.#restarting = false;
    if (this.#stopping !== undefined) return;
    const blamed = Atomics.load(this.#progress, 0) === started && Atomics.load(this.#progress, 1) === 1;
    const running = blamed ? this.#running(started) : undefined;
    if (running?.kind === 'local') running.failure = failure;
    else if (running !== undefined) this.#failures.set(running.sent![started - running.first]!.reqKey, failure);
    // Batches whose last commands committed just before the end are done.
    const completed = (p: PendingCommand): boolean => this.#host.completed(p.reqKey);
    const firstBatch = (): Item | undefined => this.#items.find((item) => item.kind === 'batch');
    for (let b = firstBatch(); b?.kind === 'batch' && b.commands.every(completed); b = firstBatch()) {
      this.#receive({ done: b.commands[0]!.batch });
    }
    this.#worker = this.#spawn();
    this.#outbox = [];
    for (const item of this.#items) this.#send(item, item.kind === 'local' ? null : this.#left(item.commands));
    this.#flush();
  }

  /// The commands of a batch still to run, each with the failure it is to get, if any.
  #left(commands: readonly PendingCommand[]): PendingCommand[] {
    return commands.filter((p) => !this.#host.completed(p.reqKey)).map((p) => {
      const failure = this.#failures.get(p.reqKey);
      return failure === undefined ? p : { ...p, failure };
    });
  }
}

function localMessage(item: Extract<Item, { kind: 'local' }>): ToExecutor {
  const { id, command, options, failure } = item;
  return { local: failure === undefined ? { id, command, options } : { id, command, options, failure } };
}
