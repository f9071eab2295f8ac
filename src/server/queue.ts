/// The one ordered executor of a node. `/send` batches and `/local` requests run strictly in
/// arrival order, one command at a time. Each command of a batch runs in a SQLite savepoint
/// that also stores it with its result, so its effects and its result commit together (or, if
/// the process dies first, neither does and a restart runs it again). A batch's results are
/// announced together once its last command is committed.
///
/// A node runs its executor on a thread of its own (executor-thread.ts). The evaluator is
/// synchronous, so the executor works in slices of a few milliseconds and yields to its event
/// loop between them, to take in the commands sent meanwhile. The commands run since the last
/// commit commit together (group commit: a SQLite commit costs more than a typical command) once
/// the executor runs out of work or waits for a check, or, while work keeps coming, once the
/// group has been open a few slices (the group stays open across those yields). A command that
/// fails inside the group is rolled back to its own savepoint, and its neighbours keep their
/// effects. A `/local` runs in the group too: it sees
/// the effects of every command sent before it, committed or about to be.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Command } from '../api/command.ts';
import { PactError } from '../lang/errors.ts';
import { commandResultJson } from '../lang/result-json.ts';
import { requestKey } from './history.ts';
import type { HistoryStore, PendingCommand } from './history.ts';
import type { NodeLog } from './log.ts';
import type { ApplyOptions, CommandResult, CommandService, ExecutionMode } from './service.ts';

/// What runs a node's commands, in order: the executor itself, or the same on another thread.
export interface CommandRunner {
  /// Queues the new commands of one `/send` (all of the same batch, in acceptance order).
  enqueueBatch(commands: readonly PendingCommand[]): void;
  /// Queues a `/local` request behind everything sent before it.
  local(command: Command, options?: ApplyOptions): Promise<CommandResult>;
  /// Results of batches numbered below this are all committed and may be shown; the batch
  /// running (or next to run) and later ones are not.
  visibleBelow(): number;
  /// Resolves once nothing is queued or running (tests, benchmarks).
  idle(): Promise<void>;
  /// Stops taking work; the rest stays queued (and stored, for a restart to run). Resolves
  /// when the runner no longer touches the database.
  stop(): Promise<void>;
}

/// What the node learns from its runner.
export interface RunnerEvents {
  /// A batch's results are all committed (called in batch order, after the commit).
  readonly onBatchDone: (batch: readonly PendingCommand[]) => void;
  /// Storage failed (disk full, I/O error), or the thread running commands did: the runner has
  /// stopped; the node cannot go on.
  readonly onFatal: (error: unknown) => void;
}

/// What the executor works with.
export interface ExecutorDeps extends RunnerEvents {
  readonly conn: DatabaseSync;
  readonly history: HistoryStore;
  readonly service: CommandService;
  readonly log: NodeLog;
  /// Milliseconds of work between two yields to the event loop.
  readonly sliceMs?: number;
  /// Milliseconds a group may stay open while work keeps coming (a commit costs more than a
  /// typical command); default 0: every slice commits. Only for a connection nothing else
  /// writes through, as the group stays open while the event loop has its turn.
  readonly groupMs?: number;
  /// Called with true before each command runs, with false after (the time-limit watchdog). A
  /// command that ran is committed later, with its group.
  readonly onCommand?: (running: boolean) => void;
}

interface Batch {
  readonly kind: 'batch';
  readonly id: number;
  readonly commands: readonly PendingCommand[];
  /// The checks started for each command ahead of its turn.
  readonly ready: readonly Readiness[];
  /// How many of its commands have run.
  ran: number;
}

interface Local {
  readonly kind: 'local';
  readonly command: Command;
  readonly options: ApplyOptions;
  /// See `PendingCommand.failure`.
  readonly failure: string | undefined;
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

// A group's transaction, and the savepoint of each command in it (the Pact service nests its
// own inside that).
const SQL = {
  begin: 'BEGIN', commit: 'COMMIT', rollback: 'ROLLBACK',
  savepoint: 'SAVEPOINT pact_cmd', release: 'RELEASE pact_cmd', rollbackTo: 'ROLLBACK TO pact_cmd',
};
type Statements = Record<keyof typeof SQL, StatementSync>;

/// The queue of batches and local requests, and the loop that runs them.
export class Executor implements CommandRunner {
  readonly #deps: ExecutorDeps;
  readonly #sliceMs: number;
  readonly #groupMs: number;
  readonly #sql: Statements;
  readonly #items: Array<Batch | Local> = [];
  /// The batches whose commands all ran in the open group (the SQLite transaction not yet
  /// committed); null when no group is open.
  #group: Batch[] | null = null;
  /// When the open group began.
  #groupStart = 0;
  #running: Promise<void> | undefined;
  #stopped = false;

  /// Sets the service's next tx id past the highest stored one.
  constructor(deps: ExecutorDeps) {
    this.#deps = deps;
    this.#sliceMs = deps.sliceMs ?? DEFAULT_SLICE_MS;
    this.#groupMs = deps.groupMs ?? 0;
    this.#sql = Object.fromEntries(Object.entries(SQL).map(([k, text]) => [k, deps.conn.prepare(text)])) as Statements;
    deps.service.nextTxId = deps.history.nextTxId();
  }

  enqueueBatch(commands: readonly PendingCommand[]): void {
    if (commands.length === 0) return;
    const ready = commands.map((c) => this.#prepare(c.command));
    this.#push({ kind: 'batch', id: commands[0]!.batch, commands, ready, ran: 0 });
  }

  /// `failure`: see `PendingCommand.failure`.
  local(command: Command, options: ApplyOptions = {}, failure?: string): Promise<CommandResult> {
    const ready = this.#prepare(command);
    return new Promise((resolve) => this.#push({ kind: 'local', command, options, failure, ready, resolve }));
  }

  visibleBelow(): number {
    if (this.#group !== null && this.#group.length > 0) return this.#group[0]!.id;
    for (const item of this.#items) if (item.kind === 'batch') return item.id;
    return Number.MAX_SAFE_INTEGER;
  }

  async idle(): Promise<void> {
    while (this.#running !== undefined) await this.#running;
  }

  /// The command running finishes first; the open group commits.
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
          this.#commit();
          await waiting;
          sliceStart = performance.now();
          continue;
        }
        this.#step();
        const now = performance.now();
        if (now - sliceStart >= this.#sliceMs) {
          if (now - this.#groupStart >= this.#groupMs) this.#commit();
          await new Promise<void>((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
      }
      this.#commit();
    } catch (e) {
      this.#abandon();
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
    const r = item.kind === 'local' ? item.ready : item.ready[item.ran]!;
    return r.done ? null : r.promise!.catch(() => {});
  }

  /// Runs one command: the next of the head batch, or the head local request.
  #step(): void {
    const item = this.#items[0]!;
    this.#deps.onCommand?.(true);
    if (item.kind === 'local') {
      this.#items.shift();
      const result = this.#apply(item.command, requestKey(item.command), 'local', item.options, item.failure).result;
      this.#deps.onCommand?.(false);
      item.resolve(result);
      return;
    }
    if (item.ran === 0) this.#deps.log.debug(`[cmd]: executing ${item.commands.length} command(s)`);
    const group = this.#group ??= this.#open();
    this.#runInGroup(item.commands[item.ran++]!);
    this.#deps.onCommand?.(false);
    if (item.ran < item.commands.length) return;
    this.#items.shift();
    group.push(item);
  }

  #open(): Batch[] {
    this.#sql.begin.run();
    this.#groupStart = performance.now();
    return [];
  }

  /// Commits the open group, then announces the batches it completed.
  #commit(): void {
    const group = this.#group;
    if (group === null) return;
    this.#deps.service.beforeCommit?.();
    this.#sql.commit.run();
    this.#group = null;
    for (const batch of group) this.#deps.onBatchDone(batch.commands);
  }

  /// Rolls back the open group after a storage failure (nothing of it is announced; a restart
  /// runs its commands again).
  #abandon(): void {
    this.#group = null;
    try {
      if (this.#deps.conn.isTransaction) this.#sql.rollback.run();
    } catch {
      // The failure being reported is the first one.
    }
    this.#deps.service.reset();
  }

  /// Runs a command in the open group and stores it with its result, in a savepoint of its own.
  #runInGroup(p: PendingCommand): void {
    const { conn, history } = this.#deps;
    this.#sql.savepoint.run();
    const { result, threw } = this.#apply(p.command, p.reqKey, 'transactional', undefined, p.failure);
    if (threw) {
      // Storage that failed may have ended the whole transaction: the group is lost (fatal).
      if (!conn.isTransaction) throw new Error('the database rolled back the transaction');
      // Drop whatever the broken run wrote; keep its failure.
      this.#sql.rollbackTo.run();
      this.#deps.service.reset();
    }
    history.complete(p, result);
    this.#sql.release.run();
  }

  /// The service's result, or the `failure` the command was given instead of running. The
  /// service never throws for anything a client sent; if it throws anyway (a bug), the command
  /// fails with the exception's text and stderr gets one line.
  #apply(command: Command, reqKey: string, mode: ExecutionMode, options: ApplyOptions | undefined, failure: string | undefined): { result: CommandResult; threw: boolean } {
    let outcome: { result: CommandResult; threw: boolean };
    try {
      outcome = { result: failure === undefined ? this.#deps.service.apply(command, mode, options) : failed(reqKey, failure), threw: false };
    } catch (e) {
      const message = `internal error: ${e instanceof Error ? e.message : String(e)}`;
      process.stderr.write(`pact: ${message} (request key ${reqKey})\n`);
      outcome = { result: failed(reqKey, message), threw: true };
    }
    this.#logResult(mode, outcome.result);
    return outcome;
  }

  #logResult(mode: ExecutionMode, r: CommandResult): void {
    const { log } = this.#deps;
    if (!log.verbose) return;
    const what = mode === 'local' ? 'local ' : '';
    if (r.success) log.debug(`[PactService] DEBUG ${what}success for requestKey: "${r.reqKey}"${r.txId === null ? '' : ` (txId ${r.txId})`}`);
    else log.debug(`[PactService] ERROR ${what}tx failure for requestKey: "${r.reqKey}": ${r.summary}`);
  }
}

/// A command's failure with `message` (an EvalError, as Pact reports one).
function failed(reqKey: string, message: string): CommandResult {
  const json = commandResultJson({ reqKey, flags: new Set(), error: new PactError('EvalError', null, message) });
  return { reqKey, txId: null, gas: 0n, success: false, json, summary: message };
}
