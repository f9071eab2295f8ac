/// The one ordered executor of a node. `/send` batches and `/local` requests run strictly in
/// arrival order, one command at a time. Each command of a batch runs in its own SQLite
/// transaction that also stores its result, so its effects and its result commit together (or,
/// if the process dies first, neither does and a restart runs it again). A batch's results are
/// announced together once its last command is done.
///
/// The evaluator is synchronous, so the executor works in slices of a few milliseconds and
/// yields to the event loop between them: HTTP requests keep being answered while a long queue
/// drains.
import type { DatabaseSync } from 'node:sqlite';
import type { Command } from '../api/command.ts';
import { PactError } from '../lang/errors.ts';
import { commandResultJson } from '../lang/result-json.ts';
import { requestKey } from './history.ts';
import type { HistoryStore, PendingCommand } from './history.ts';
import type { NodeLog } from './log.ts';
import type { ApplyOptions, CommandResult, CommandService, ExecutionMode } from './service.ts';

/// What the executor works with.
export interface ExecutorDeps {
  readonly conn: DatabaseSync;
  readonly history: HistoryStore;
  readonly service: CommandService;
  readonly log: NodeLog;
  /// Called with a batch's results once all of them are committed.
  readonly onBatchDone: (results: readonly CommandResult[]) => void;
  /// Storage failed (disk full, I/O error): the executor has stopped; the node cannot go on.
  readonly onFatal: (error: unknown) => void;
  /// Milliseconds of work between two yields to the event loop.
  readonly sliceMs?: number;
}

interface Batch {
  readonly kind: 'batch';
  readonly id: number;
  readonly commands: readonly PendingCommand[];
  /// The checks started for each command ahead of its turn.
  readonly ready: readonly Readiness[];
  readonly results: CommandResult[];
}

interface Local {
  readonly kind: 'local';
  readonly command: Command;
  readonly options: ApplyOptions;
  readonly ready: Readiness;
  readonly resolve: (r: CommandResult) => void;
}

/// A check the service started ahead of a command's turn (`CommandService.prepare`).
interface Readiness {
  done: boolean;
  readonly promise: Promise<void> | null;
}

const READY: Readiness = { done: true, promise: null };

// Long enough to amortise the yield, short enough that requests wait at most this long.
const DEFAULT_SLICE_MS = 5;

/// The queue of batches and local requests, and the loop that runs them.
export class Executor {
  readonly #deps: ExecutorDeps;
  readonly #sliceMs: number;
  readonly #items: Array<Batch | Local> = [];
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(deps: ExecutorDeps) {
    this.#deps = deps;
    this.#sliceMs = deps.sliceMs ?? DEFAULT_SLICE_MS;
  }

  /// Queues the new commands of one `/send` (all of the same batch, in acceptance order).
  enqueueBatch(commands: readonly PendingCommand[]): void {
    if (commands.length === 0) return;
    const ready = commands.map((c) => this.#prepare(c.command));
    this.#push({ kind: 'batch', id: commands[0]!.batch, commands, ready, results: [] });
  }

  /// Queues a `/local` request behind everything sent before it.
  local(command: Command, options: ApplyOptions = {}): Promise<CommandResult> {
    const ready = this.#prepare(command);
    return new Promise((resolve) => this.#push({ kind: 'local', command, options, ready, resolve }));
  }

  /// Results of batches numbered below this are all committed and may be shown; the batch
  /// running (or next to run) and later ones are not.
  visibleBelow(): number {
    for (const item of this.#items) if (item.kind === 'batch') return item.id;
    return Number.MAX_SAFE_INTEGER;
  }

  /// How many batches and local requests wait (the one running included).
  get queued(): number {
    return this.#items.length;
  }

  /// Resolves once nothing is queued or running (tests, benchmarks).
  async idle(): Promise<void> {
    while (this.#running !== undefined) await this.#running;
  }

  /// Stops taking work: the command running finishes, the rest stays queued (and stored, for
  /// a restart to run). Resolves when the executor no longer touches the database.
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running;
  }

  #push(item: Batch | Local): void {
    if (this.#stopped) return;
    this.#items.push(item);
    // Start on a later turn, so the request that queued this gets its answer out first.
    this.#running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#drain());
  }

  async #drain(): Promise<void> {
    try {
      let sliceStart = performance.now();
      while (!this.#stopped && this.#items.length > 0) {
        const waiting = this.#headWaiting();
        if (waiting !== null) {
          await waiting;
          sliceStart = performance.now();
          continue;
        }
        this.#step();
        if (performance.now() - sliceStart >= this.#sliceMs) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
      }
    } catch (e) {
      this.#stopped = true;
      this.#deps.onFatal(e);
    } finally {
      this.#running = undefined;
    }
  }

  /// Has the service start a command's own checks now, while earlier commands run.
  #prepare(command: Command): Readiness {
    const promise = this.#deps.service.prepare?.(command);
    if (promise === undefined) return READY;
    const r: Readiness = { done: false, promise };
    const done = (): void => { r.done = true; };
    void promise.then(done, done);
    return r;
  }

  /// The check the next command still waits for, if any.
  #headWaiting(): Promise<void> | null {
    const item = this.#items[0]!;
    const r = item.kind === 'local' ? item.ready : item.ready[item.results.length]!;
    return r.done ? null : r.promise!.catch(() => {});
  }

  /// Runs one command: the next of the head batch, or the head local request.
  #step(): void {
    const item = this.#items[0]!;
    if (item.kind === 'local') {
      this.#items.shift();
      item.resolve(this.#apply(item.command, requestKey(item.command), 'local', item.options).result);
      return;
    }
    if (item.results.length === 0) this.#deps.log.debug(`[cmd]: executing ${item.commands.length} command(s)`);
    item.results.push(this.#runCommitted(item.commands[item.results.length]!));
    if (item.results.length < item.commands.length) return;
    this.#items.shift();
    this.#deps.onBatchDone(item.results);
  }

  /// Runs a command and stores its result in one SQLite transaction.
  #runCommitted(p: PendingCommand): CommandResult {
    const { conn, history } = this.#deps;
    conn.exec('BEGIN');
    try {
      const { result, threw } = this.#apply(p.command, p.reqKey, 'transactional');
      if (threw) {
        // Drop whatever the broken run wrote; keep its failure.
        conn.exec('ROLLBACK');
        this.#deps.service.reset();
        conn.exec('BEGIN');
      }
      history.complete(result);
      conn.exec('COMMIT');
      return result;
    } catch (e) {
      if (conn.isTransaction) conn.exec('ROLLBACK');
      this.#deps.service.reset();
      throw e;
    }
  }

  /// The service's result. The service never throws for anything a client sent; if it throws
  /// anyway (a bug), the command fails with the exception's text and stderr gets one line.
  #apply(command: Command, reqKey: string, mode: ExecutionMode, options?: ApplyOptions): { result: CommandResult; threw: boolean } {
    try {
      const result = this.#deps.service.apply(command, mode, options);
      this.#logResult(mode, result);
      return { result, threw: false };
    } catch (e) {
      const message = `internal error: ${e instanceof Error ? e.message : String(e)}`;
      process.stderr.write(`pact: ${message} (request key ${reqKey})\n`);
      const json = commandResultJson({ reqKey, flags: new Set(), error: new PactError('EvalError', null, message) });
      const result = { reqKey, txId: null, gas: 0n, success: false, json, summary: message };
      this.#logResult(mode, result);
      return { result, threw: true };
    }
  }

  #logResult(mode: ExecutionMode, r: CommandResult): void {
    const { log } = this.#deps;
    if (!log.verbose) return;
    const what = mode === 'local' ? 'local ' : '';
    if (r.success) log.debug(`[PactService] DEBUG ${what}success for requestKey: "${r.reqKey}"${r.txId === null ? '' : ` (txId ${r.txId})`}`);
    else log.debug(`[PactService] ERROR ${what}tx failure for requestKey: "${r.reqKey}": ${r.summary}`);
  }
}
