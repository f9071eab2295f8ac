/// A Pact node without its HTTP edge: what `/send`, `/poll`, `/listen` and `/local` do, over the
/// inbox, the history store, the runner of commands and the `/listen` waiters. The HTTP
/// handlers only parse requests and call this; none of it waits for a command to run.
import type { DatabaseSync } from 'node:sqlite';
import type { Command } from '../api/command.ts';
import { encodeString, legacyKeyOrder } from '../values/json.ts';
import { HistoryStore, requestKey } from './history.ts';
import type { PendingCommand } from './history.ts';
import { Inbox } from './inbox.ts';
import { Listeners } from './listeners.ts';
import type { NodeLog } from './log.ts';
import type { CommandRunner, RunnerEvents } from './queue.ts';
import type { ApplyOptions, CommandResult } from './service.ts';

const INBOX_CLEANUP_MS = 1000;

/// How a node is opened.
export interface NodeOptions {
  readonly log: NodeLog;
  /// Seconds a `/listen` waits for a result.
  readonly listenTimeout: number;
  /// Running commands failed (storage, or the executor thread): the node has stopped executing.
  /// The error's message says what failed.
  readonly onFatal: (error: unknown) => void;
}

/// What a runner of commands learns from the node it runs them for.
export interface RunnerHost extends RunnerEvents {
  /// Whether a command's result is committed.
  readonly completed: (reqKey: string) => boolean;
}

/// The node: inbox, history, runner and listeners, behind the four API operations.
export class PactNode {
  /// The node's own connection to its database (it reads the history; the explorer reads it).
  readonly conn: DatabaseSync;
  readonly history: HistoryStore;
  readonly inbox: Inbox;
  readonly executor: CommandRunner;
  readonly #listeners = new Listeners();
  readonly #log: NodeLog;
  readonly #listenTimeoutMs: number;
  readonly #timeoutJson: string;
  /// Waiting for the next results of any command (the explorer's live list).
  #watchers: Array<() => void> = [];
  /// The request keys queued and not yet done (`/poll` need not look these up).
  readonly #queued = new Set<string>();
  /// The `/send` requests of this turn of the event loop, stored together at its end, and the
  /// `/local` requests that came after one of them (queued behind them then).
  #arriving: Array<{ readonly commands: readonly Command[] | null; readonly done: (error?: unknown) => void }> = [];
  /// The last batch done whose commands are still in the inbox (removed a little later).
  #doneInInbox = 0;
  #cleanup: NodeJS.Timeout | undefined;

  /// Opens the history in `conn` and the inbox in `inboxConn` (creating their tables if needed),
  /// makes the runner, and queues every acknowledged command not run yet, in acceptance order,
  /// ahead of anything new.
  constructor(conn: DatabaseSync, inboxConn: DatabaseSync, runner: (host: RunnerHost) => CommandRunner, options: NodeOptions) {
    this.#log = options.log;
    this.#listenTimeoutMs = options.listenTimeout * 1000;
    this.#timeoutJson = `{"status":"timeout","timeout-micros":${Math.round(options.listenTimeout * 1e6)}}`;
    this.conn = conn;
    this.history = new HistoryStore(conn);
    this.inbox = new Inbox(inboxConn, this.history);
    this.executor = runner({
      onBatchDone: (batch) => this.#announce(batch),
      onFatal: options.onFatal,
      completed: (reqKey) => this.history.done(reqKey),
    });
    this.#resume();
  }

  /// `/send`: stores the new commands durably, queues them, and resolves with every command's
  /// request key in submission order. A key seen before (pending or done), or earlier in the same
  /// batch, is not run again; Pact 4 would run an in-batch duplicate twice. The `/send` requests
  /// of one turn of the event loop are stored in one SQLite transaction (a commit costs more
  /// than storing a command), each as a batch of its own.
  send(commands: readonly Command[]): Promise<string[]> {
    const keys = commands.map(requestKey);
    if (this.#log.verbose) for (const k of keys) this.#log.debug(`[api]: Processing command with hash: "${k}"`);
    return new Promise((resolve, reject) => {
      if (this.#arriving.length === 0) setImmediate(() => this.#storeArrived());
      this.#arriving.push({ commands, done: (error) => (error === undefined ? resolve(keys) : reject(error)) });
    });
  }

  #storeArrived(): void {
    const arrived = this.#arriving;
    this.#arriving = [];
    let added: PendingCommand[][];
    try {
      added = this.inbox.accept(arrived.flatMap((a) => (a.commands === null ? [] : [a.commands])));
    } catch (e) {
      for (const a of arrived) a.done(e);
      return;
    }
    let next = 0;
    for (const a of arrived) {
      if (a.commands !== null) {
        const batch = added[next++]!;
        this.#logAdded(a.commands.length, batch.length);
        this.#enqueue(batch);
      }
      a.done();
    }
  }

  #enqueue(batch: readonly PendingCommand[]): void {
    for (const p of batch) this.#queued.add(p.reqKey);
    this.executor.enqueueBatch(batch);
  }

  /// `/poll`: the completed results among `keys`, as the JSON object text Pact answers (keys in
  /// legacy order; `{}` when none). A result shows once its whole batch is done.
  poll(keys: readonly string[]): string {
    const visibleBelow = this.executor.visibleBelow();
    const found = new Map<string, string>();
    this.history.reading(() => {
      for (const k of keys) {
        if (this.#queued.has(k)) continue;
        const stored = this.history.result(k);
        if (stored !== undefined && stored.batch < visibleBelow) found.set(k, stored.json);
      }
    });
    this.#logPoll(keys, found.size);
    return '{' + legacyKeyOrder([...found.keys()]).map((k) => `${encodeString(k)}:${found.get(k)!}`).join(',') + '}';
  }

  /// `/listen`: the result JSON as soon as it is visible, or Pact's timeout object once the
  /// listen timeout passes. Aborting `signal` (the client left) releases the wait.
  async listen(key: string, signal?: AbortSignal): Promise<string> {
    const stored = this.history.result(key);
    if (stored !== undefined && stored.batch < this.executor.visibleBelow()) return stored.json;
    this.#log.debug(`[api]: Registered Listener for: "${key}"`);
    const json = await this.#listeners.wait(key, this.#listenTimeoutMs, signal);
    this.#log.debug(json === undefined ? `[api]: Listener released without a result for: "${key}"` : `[api]: Listener Serviced for: "${key}"`);
    return json ?? this.#timeoutJson;
  }

  /// `/local`: runs the command without committing, after everything sent before it.
  local(command: Command, options?: ApplyOptions): Promise<CommandResult> {
    this.#log.debug(`[api]: Local command with hash: "${requestKey(command)}"`);
    if (this.#arriving.length === 0) return this.executor.local(command, options);
    return new Promise((resolve) => this.#arriving.push({ commands: null, done: () => resolve(this.executor.local(command, options)) }));
  }

  /// How many `/listen` requests are waiting.
  get listenerCount(): number {
    return this.#listeners.size;
  }

  /// Stops executing (queued commands stay stored) and releases every `/listen`.
  async close(): Promise<void> {
    await this.executor.stop();
    this.#flushDone();
    this.#listeners.close();
    for (const w of this.#watchers.slice()) w();
  }

  #resume(): void {
    const pending = this.inbox.pending();
    this.#log.debug(pending.length === 0 ? '[disk replay]: No replay found'
      : `[history] Resuming ${pending.length} acknowledged command(s) not yet run`);
    let start = 0;
    for (let i = 1; i <= pending.length; i++) {
      if (i === pending.length || pending[i]!.batch !== pending[start]!.batch) {
        this.#enqueue(pending.slice(start, i));
        start = i;
      }
    }
  }

  /// Resolves when the next batch's results are visible, or after `ms` (or on `signal`).
  nextResults(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#watchers = this.#watchers.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      this.#watchers.push(done);
    });
  }

  #announce(batch: readonly PendingCommand[]): void {
    for (const { reqKey } of batch) {
      this.#queued.delete(reqKey);
      if (this.#listeners.waitingFor(reqKey)) this.#listeners.notify(reqKey, this.history.result(reqKey)!.json);
    }
    for (const w of this.#watchers.slice()) w();
    this.#log.debug(`[history] Updated ${batch.length} command(s)`);
    this.#forgetDone(batch[0]!.batch);
  }

  /// Removes done batches from the inbox, at most once a second (each removal is a write; what
  /// is left meanwhile is harmless: a restart runs only what has no result).
  #forgetDone(batch: number): void {
    this.#cleanup ??= setTimeout(() => this.#flushDone(), INBOX_CLEANUP_MS).unref();
    this.#doneInInbox = batch;
  }

  #flushDone(): void {
    clearTimeout(this.#cleanup);
    this.#cleanup = undefined;
    if (this.#doneInInbox === 0) return;
    this.inbox.done(this.#doneInInbox);
    this.#doneInInbox = 0;
  }

  #logAdded(total: number, added: number): void {
    const log = this.#log;
    if (added === 0) {
      log.debug(`[history] Each of the ${total} new command(s) had a previously seen hash/requestKey`);
      return;
    }
    log.debug(`[history] Added ${added} new command(s)`);
    if (added < total) log.debug(`[history] Some (${total - added}) new command(s) had a previously seen hash/requestKey`);
  }

  #logPoll(keys: readonly string[], found: number): void {
    if (!this.#log.verbose) return;
    // Haskell's `show` of a NonEmpty list of request keys.
    const shown = `"${keys[0]}" :| [${keys.slice(1).map((k) => `"${k}"`).join(',')}]`;
    this.#log.debug(`[api]: Polling for ${shown}`);
    this.#log.debug(`[history] Querying for ${keys.length} keys, found ${found}`);
    if (found === 0) this.#log.debug(`[api]: No results found for poll!${shown}`);
  }
}
