/// The command history: every command a `/send` accepted, in acceptance order, and its result
/// once run. It lives in the node's one SQLite database, beside the Pact state, so that a
/// command's effects and its result commit together. The table follows Pact 4's `pactCommands`
/// (`hash`, `txid`, `command`, `result`, `userSigs`, `gas`), with three differences: `hash` is
/// the bare request key (Pact stores it JSON-quoted), a pending command has a row too (null
/// `txid`, `result`, `gas`; Pact keeps pending commands in memory only), and `seq` and `batch`
/// record the acceptance order and the `/send` a command came with.
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
  /// Acceptance order (the rowid).
  seq: Generated<number>;
  /// The request key: the command's claimed hash, unpadded base64url.
  hash: string;
  /// The `cmd` text, as signed.
  command: string;
  /// The signatures as a JSON array of `{"sig": …}`.
  userSigs: string;
  /// The `/send` the command came with; batches are numbered in acceptance order.
  batch: number;
  /// The tx id it committed under, −1 if it failed (as Pact's table), null while pending.
  txid: number | null;
  /// The CommandResult JSON, null while pending.
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
  // Restart reads the pending commands only; a partial index finds them without a scan.
  db.schema.createIndex('pactCommands_pending').ifNotExists().on('pactCommands').column('seq')
    .where(sql.ref('result'), 'is', null),
  db.schema.createIndex('pactCommands_txid').ifNotExists().on('pactCommands').column('txid'),
].map((q) => q.compile().sql);

// Compiled with placeholder values; the statements take their parameters positionally, in
// the order noted on each.
const SQL = {
  /// (hash, command, userSigs, batch); changes nothing for a key already stored.
  insert: db.insertInto('pactCommands').values({ hash: '', command: '', userSigs: '', batch: 0 })
    .onConflict((oc) => oc.column('hash').doNothing()).compile().sql,
  /// (txid, result, gas, hash)
  complete: db.updateTable('pactCommands').set({ txid: 0, result: '', gas: 0 }).where('hash', '=', '').compile().sql,
  /// (hash) → result, batch of a completed command
  result: db.selectFrom('pactCommands').select(['result', 'batch']).where('hash', '=', '')
    .where('result', 'is not', null).compile().sql,
  /// () → every pending command, in acceptance order
  pending: db.selectFrom('pactCommands').select(['hash', 'command', 'userSigs', 'batch'])
    .where('result', 'is', null).orderBy('seq').compile().sql,
  /// () → the highest tx id and the highest batch number
  highest: db.selectFrom('pactCommands')
    .select([sql<number | null>`max(${sql.ref('txid')})`.as('txid'), sql<number | null>`max(${sql.ref('batch')})`.as('batch')])
    .compile().sql,
};

/// The history table over an open connection. Calls do not open transactions of their own
/// except `accept`; `complete` is meant to run inside the caller's transaction.
export class HistoryStore {
  readonly #conn: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #complete: StatementSync;
  readonly #result: StatementSync;
  #lastBatch: number;

  /// Creates the table and its indexes if the database has none.
  constructor(conn: DatabaseSync) {
    this.#conn = conn;
    for (const ddl of SCHEMA) conn.exec(ddl);
    this.#insert = conn.prepare(SQL.insert);
    this.#complete = conn.prepare(SQL.complete);
    this.#result = conn.prepare(SQL.result);
    this.#lastBatch = this.#highest().batch;
  }

  /// Stores a `/send` batch durably (one SQLite transaction) and returns the commands that were
  /// new, under a fresh batch number. A command whose key is already stored, or appeared earlier
  /// in the same batch, is dropped.
  accept(commands: readonly Command[]): PendingCommand[] {
    const batch = ++this.#lastBatch;
    const added: PendingCommand[] = [];
    this.#conn.exec('BEGIN');
    try {
      for (const command of commands) {
        const reqKey = requestKey(command);
        const sigs = encodeJson(command.sigs.map(userSigJson));
        if (this.#insert.run(reqKey, command.cmd, sigs, batch).changes > 0) added.push({ reqKey, command, batch });
      }
      this.#conn.exec('COMMIT');
    } catch (e) {
      this.#conn.exec('ROLLBACK');
      throw e;
    }
    return added;
  }

  /// Records a command's result (inside the caller's transaction, with the command's effects).
  complete(result: CommandResult): void {
    this.#complete.run(result.txId ?? -1, result.json, result.gas, result.reqKey);
  }

  /// The stored result of a completed command.
  result(reqKey: string): StoredResult | undefined {
    const row = this.#result.get(reqKey) as { result: string; batch: number } | undefined;
    return row === undefined ? undefined : { json: row.result, batch: row.batch };
  }

  /// Every command accepted but not run, in acceptance order (a restart runs them first).
  pending(): PendingCommand[] {
    const rows = this.#conn.prepare(SQL.pending).all() as Array<{ hash: string; command: string; userSigs: string; batch: number }>;
    return rows.map((r) => ({
      reqKey: r.hash,
      batch: r.batch,
      command: { cmd: r.command, hash: base64UrlDecode(r.hash)!, sigs: storedSigs(r.userSigs) },
    }));
  }

  /// The tx id the next successful command takes: one past the highest stored, 0 if none.
  nextTxId(): number {
    const txid = this.#highest().txid;
    return txid < 0 ? 0 : txid + 1;
  }

  #highest(): { txid: number; batch: number } {
    const row = this.#conn.prepare(SQL.highest).get() as { txid: number | null; batch: number | null };
    return { txid: row.txid ?? -1, batch: row.batch ?? 0 };
  }
}

/// A command's request key: its claimed hash, re-encoded (as Pact's `cmdToRequestKey`).
export function requestKey(command: Command): string {
  return base64UrlEncode(command.hash);
}

function storedSigs(text: string): Command['sigs'] {
  return asArray(parseJson(text), []).map((s, i) => userSigOf(s, [i]));
}
