/// The command history: every command a node ran and its result, in the order they ran. It
/// lives in the node's one SQLite database, beside the Pact state, so that a command's effects
/// and its result commit together. The table follows Pact 4's `pactCommands` (`hash`, `txid`,
/// `command`, `result`, `userSigs`, `gas`), with two differences: `hash` is the bare request key
/// (Pact stores it JSON-quoted), and `seq` and `batch` record the order and the `/send` a
/// command came with. A command acknowledged but not run yet waits in the inbox (inbox.ts), not
/// here: the executor writes this database while a command runs, and `/send` must not wait
/// for that. (Rows with a null result are pending commands stored by earlier versions.)
///
/// The SQL is built with kysely once, compile-only, and runs synchronously as prepared
/// node:sqlite statements.
import { sql } from 'kysely';
import type { Generated } from 'kysely';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { compileOnly } from '../db/sql.ts';
import { userSigJson } from '../api/command.ts';
import type { Command } from '../api/command.ts';
import { userSigOf } from '../api/verify.ts';
import { base64UrlDecode, base64UrlEncode } from '../values/base64.ts';
import { encodeJson, parseJson } from '../values/json.ts';
import { asArray } from '../values/aeson.ts';
import type { CommandResult } from './service.ts';

/// A row of `pactCommands`.
export interface CommandRow {
  /// Execution order (the rowid); commands run in acceptance order.
  seq: Generated<number>;
  /// The request key: the command's claimed hash, unpadded base64url.
  hash: string;
  /// The `cmd` text, as signed.
  command: string;
  /// The signatures as a JSON array of `{"sig": …}`.
  userSigs: string;
  /// The `/send` the command came with; batches are numbered in acceptance order.
  batch: number;
  /// The tx id it committed under, −1 if it failed (as Pact's table); null: pending (see above).
  txid: number | null;
  /// The CommandResult JSON; null: pending (see above).
  result: string | null;
  gas: bigint | number | null;
}

interface HistoryTables {
  pactCommands: CommandRow;
}

/// A command accepted but not run yet, as the executor needs it.
export interface PendingCommand {
  readonly reqKey: string;
  readonly command: Command;
  readonly batch: number;
  /// Set when a run of this command was stopped (it ran past its time limit): it then fails
  /// with this message instead of running again.
  readonly failure?: string;
}

/// A stored result and the batch it belongs to (visible only once that batch is done).
export interface StoredResult {
  readonly json: string;
  readonly batch: number;
}

const db = compileOnly<HistoryTables>();

const SCHEMA = [
  db.schema.createTable('pactCommands').ifNotExists()
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('userSigs', 'text', (c) => c.notNull())
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('txid', 'integer')
    .addColumn('result', 'text')
    .addColumn('gas', 'integer'),
  // Finds the pending rows earlier versions stored (see `takeLegacyPending`) without a scan.
  db.schema.createIndex('pactCommands_pending').ifNotExists().on('pactCommands').column('seq')
    .where(sql.ref('result'), 'is', null),
  db.schema.createIndex('pactCommands_txid').ifNotExists().on('pactCommands').column('txid'),
].map((q) => q.compile().sql);

// Compiled with placeholder values; the statements take their parameters positionally, in
// the order noted on each.
const SQL = {
  /// (hash, command, userSigs, batch, txid, result, gas)
  insert: db.insertInto('pactCommands')
    .values({ hash: '', command: '', userSigs: '', batch: 0, txid: 0, result: '', gas: 0 }).compile().sql,
  /// (hash) → result, batch of a completed command
  result: db.selectFrom('pactCommands').select(['result', 'batch']).where('hash', '=', '')
    .where('result', 'is not', null).compile().sql,
  /// (hash) → a row if the command is completed
  done: db.selectFrom('pactCommands').select('seq').where('hash', '=', '').where('result', 'is not', null).compile().sql,
  /// () → every pending command, in acceptance order
  pending: db.selectFrom('pactCommands').select(['hash', 'command', 'userSigs', 'batch'])
    .where('result', 'is', null).orderBy('seq').compile().sql,
  /// () → removes the pending commands
  dropPending: db.deleteFrom('pactCommands').where('result', 'is', null).compile().sql,
  /// () → the highest tx id and the highest batch number
  highest: db.selectFrom('pactCommands')
    .select([sql<number | null>`max(${sql.ref('txid')})`.as('txid'), sql<number | null>`max(${sql.ref('batch')})`.as('batch')])
    .compile().sql,
};

/// The history table over an open connection. The executor's connection writes it; the node's
/// own connection only reads it (and, before the executor starts, takes the legacy pending rows).
export class HistoryStore {
  readonly #conn: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #result: StatementSync;
  readonly #done: StatementSync;

  /// Creates the table and its indexes if the database has none.
  constructor(conn: DatabaseSync) {
    this.#conn = conn;
    for (const ddl of SCHEMA) conn.exec(ddl);
    this.#insert = conn.prepare(SQL.insert);
    this.#result = conn.prepare(SQL.result);
    this.#done = conn.prepare(SQL.done);
  }

  /// Records a command and its result (inside the caller's transaction, with the command's effects).
  complete(p: PendingCommand, result: CommandResult): void {
    this.#insert.run(p.reqKey, p.command.cmd, sigsJson(p.command), p.batch, result.txId ?? -1, result.json, result.gas);
  }

  /// The stored result of a completed command.
  result(reqKey: string): StoredResult | undefined {
    const row = this.#result.get(reqKey) as { result: string; batch: number } | undefined;
    return row === undefined ? undefined : { json: row.result, batch: row.batch };
  }

  /// Whether a command is completed (its result stored).
  done(reqKey: string): boolean {
    return this.#done.get(reqKey) !== undefined;
  }

  /// Runs `read` (lookups) in one read transaction, unless one is open: each lookup on its own
  /// would take and release the database's read lock.
  reading<T>(read: () => T): T {
    if (this.#conn.isTransaction) return read();
    this.#conn.exec('BEGIN');
    try {
      return read();
    } finally {
      this.#conn.exec('COMMIT');
    }
  }

  /// The commands an earlier version stored as pending, in acceptance order, removed from this
  /// table (the caller keeps them in the inbox first).
  takeLegacyPending(keep: (pending: PendingCommand[]) => void): void {
    const rows = this.#conn.prepare(SQL.pending).all() as Array<{ hash: string; command: string; userSigs: string; batch: number }>;
    if (rows.length === 0) return;
    keep(rows.map((r) => storedCommand(r.hash, r.command, r.userSigs, r.batch)));
    this.#conn.prepare(SQL.dropPending).run();
  }

  /// The tx id the next successful command takes: one past the highest stored, 0 if none.
  nextTxId(): number {
    const txid = this.#highest().txid;
    return txid < 0 ? 0 : txid + 1;
  }

  /// The highest batch number stored, 0 if none.
  lastBatch(): number {
    return this.#highest().batch;
  }

  #highest(): { txid: number; batch: number } {
    const row = this.#conn.prepare(SQL.highest).get() as { txid: number | null; batch: number | null };
    return { txid: row.txid ?? -1, batch: row.batch ?? 0 };
  }
}

/// A command read back from storage (its `cmd` text, request key and signatures as stored).
export function storedCommand(reqKey: string, cmd: string, userSigs: string, batch: number): PendingCommand {
  return { reqKey, batch, command: { cmd, hash: base64UrlDecode(reqKey)!, sigs: storedSigs(userSigs) } };
}

/// A command's request key: its claimed hash, re-encoded (as Pact's `cmdToRequestKey`).
export function requestKey(command: Command): string {
  return base64UrlEncode(command.hash);
}

/// A command's signatures as stored: a JSON array of `{"sig": …}`.
export function sigsJson(command: Command): string {
  return encodeJson(command.sigs.map(userSigJson));
}

function storedSigs(text: string): Command['sigs'] {
  return asArray(parseJson(text), []).map((s, i) => userSigOf(s, [i]));
}
