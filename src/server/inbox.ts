/// The inbox: the commands a `/send` acknowledged that have not run yet, in acceptance order.
/// `/send` answers once its new commands are committed here. The inbox is a database of its own
/// (`inbox.sqlite` beside `pact.sqlite`), written only by the node's HTTP thread: the executor
/// holds `pact.sqlite`'s write lock while a command runs, however long, and `/send` must not
/// wait for it. A command leaves the inbox once its result is committed in the history
/// (history.ts); until then a restart finds it here and runs it.
///
/// The SQL is built with kysely once, compile-only, and runs synchronously as prepared
/// node:sqlite statements.
import { sql } from 'kysely';
import type { Generated } from 'kysely';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Command } from '../api/command.ts';
import { compileOnly } from '../db/sql.ts';
import { requestKey, sigsJson, storedCommand } from './history.ts';
import type { HistoryStore, PendingCommand } from './history.ts';

/// A row of `inbox`: a command as `pactCommands` stores it, without a result.
interface InboxRow {
  /// Acceptance order (the rowid).
  seq: Generated<number>;
  /// The request key.
  hash: string;
  /// The `cmd` text, as signed.
  command: string;
  /// The signatures as a JSON array of `{"sig": …}`.
  userSigs: string;
  /// The `/send` the command came with; batches are numbered in acceptance order.
  batch: number;
}

const db = compileOnly<{ inbox: InboxRow }>();

const SCHEMA = db.schema.createTable('inbox').ifNotExists()
  .addColumn('seq', 'integer', (c) => c.primaryKey())
  .addColumn('hash', 'text', (c) => c.notNull().unique())
  .addColumn('command', 'text', (c) => c.notNull())
  .addColumn('userSigs', 'text', (c) => c.notNull())
  .addColumn('batch', 'integer', (c) => c.notNull())
  .compile().sql;

// Compiled with placeholder values; the statements take their parameters positionally.
const SQL = {
  /// (hash, command, userSigs, batch); changes nothing for a key already waiting.
  insert: db.insertInto('inbox').values({ hash: '', command: '', userSigs: '', batch: 0 })
    .onConflict((oc) => oc.column('hash').doNothing()).compile().sql,
  /// () → every command, in acceptance order
  all: db.selectFrom('inbox').select(['hash', 'command', 'userSigs', 'batch']).orderBy('seq').compile().sql,
  /// (batch) → removes the commands of that batch and the earlier ones
  remove: db.deleteFrom('inbox').where('batch', '<=', 0).compile().sql,
  /// () → the highest batch number waiting
  lastBatch: db.selectFrom('inbox').select(sql<number | null>`max(${sql.ref('batch')})`.as('batch')).compile().sql,
};

/// The inbox over its own connection, beside the history it hands commands over to.
export class Inbox {
  readonly #conn: DatabaseSync;
  readonly #history: HistoryStore;
  readonly #insert: StatementSync;
  readonly #remove: StatementSync;
  #lastBatch: number;

  /// Creates the table if needed, and takes over the pending commands an earlier version kept
  /// in the history.
  constructor(conn: DatabaseSync, history: HistoryStore) {
    this.#conn = conn;
    this.#history = history;
    conn.exec(SCHEMA);
    this.#insert = conn.prepare(SQL.insert);
    this.#remove = conn.prepare(SQL.remove);
    history.takeLegacyPending((pending) => this.#store(pending.map((p) => [p.command, p.batch])));
    const row = conn.prepare(SQL.lastBatch).get() as { batch: number | null };
    this.#lastBatch = Math.max(row.batch ?? 0, history.lastBatch());
  }

  /// Stores `/send` batches durably (one SQLite transaction for all) and returns, for each, the
  /// commands that were new, under a fresh batch number. A command whose key is already known
  /// (waiting here, or done), or appeared earlier in the same batch or an earlier one, is dropped.
  accept(batches: ReadonlyArray<readonly Command[]>): PendingCommand[][] {
    const numbered = this.#history.reading(() => batches.map((commands) => {
      const batch = ++this.#lastBatch;
      return commands.filter((c) => !this.#history.done(requestKey(c))).map((c) => [c, batch] as const);
    }));
    const stored = this.#store(numbered.flat());
    let next = 0;
    return numbered.map((fresh) => stored.slice(next, next += fresh.length).filter((p) => p !== null));
  }

  /// Every command waiting whose result is not in the history yet, in acceptance order (a
  /// restart runs them first).
  pending(): PendingCommand[] {
    const rows = this.#conn.prepare(SQL.all).all() as Array<{ hash: string; command: string; userSigs: string; batch: number }>;
    return rows.filter((r) => !this.#history.done(r.hash))
      .map((r) => storedCommand(r.hash, r.command, r.userSigs, r.batch));
  }

  /// Forgets the commands of batch `batch` and before: their results are in the history.
  done(batch: number): void {
    this.#remove.run(batch);
  }

  /// Inserts commands (one transaction): for each, its pending form, or null if its key was
  /// waiting already.
  #store(commands: ReadonlyArray<readonly [Command, number]>): Array<PendingCommand | null> {
    const added: Array<PendingCommand | null> = [];
    this.#conn.exec('BEGIN');
    try {
      for (const [command, batch] of commands) {
        const reqKey = requestKey(command);
        const fresh = this.#insert.run(reqKey, command.cmd, sigsJson(command), batch).changes > 0;
        added.push(fresh ? { reqKey, command, batch } : null);
      }
      this.#conn.exec('COMMIT');
    } catch (e) {
      this.#conn.exec('ROLLBACK');
      throw e;
    }
    return added;
  }
}
