/// The SQLite PactDb the server uses, on node:sqlite, with Pact 4's table layout: each logical
/// table `<id>` is a data table `[<id>_DATA]` (key → row JSON) and a tx-log table `[<id>_TX]`
/// (txid → JSON array of that transaction's writes), so `sqlite3` shows what Pact would have.
///
/// A transaction is a SAVEPOINT, so it nests inside a caller's `BEGIN`: the server can store a
/// command's result in the same SQLite transaction as its effects. Rows are written to SQLite as
/// they are written here (reads and `keys` then see them with no merging); the tx-log rows are
/// written at commit.
import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';
import type { PactDb, TxLogEntry } from './pactdb.ts';
import { StatementCache, tableNamesSql, tableSql, txTableName } from './sql.ts';
import type { DataRow, TxRow } from './sql.ts';
import { encodeTxRecords, parseTxRecords } from './txlog-json.ts';
import type { StoredRecord } from './txlog-json.ts';

/// How rows are stored: the lang layer supplies it (rows are opaque JS values to the db layer).
export interface RowCodec {
  /// The stored JSON text of a row written to `table`.
  encode(table: string, value: unknown): string;
  /// The value a stored row's text stands for.
  decode(table: string, key: string, json: string): unknown;
  /// Whether a value written to `table` may be kept in memory as that row's value (true where
  /// reading its text back gives the very same value; otherwise only values read are kept).
  cached(table: string): boolean;
  /// For a table that may not keep written values: what reading the text of `value` back gives,
  /// where that can be told without the text; undefined where it cannot (then the row is read
  /// again when next asked for). Optional.
  readBack?(table: string, value: unknown): unknown;
}

// Pragmas a file database gets unless the configuration sets them: WAL with synchronous=NORMAL
// keeps every committed transaction across a process kill at a fraction of FULL's fsyncs.
const FILE_DEFAULTS: ReadonlyArray<readonly [string, string]> = [
  ['journal_mode', 'WAL'],
  ['synchronous', 'NORMAL'],
  ['busy_timeout', '5000'],
];

/// Opens (creating if needed) a database file, or ':memory:', and runs each pragma as `PRAGMA <text>`.
/// With a file and no pragma overriding them, use WAL journal mode and synchronous=NORMAL (a command
/// survives a process kill once committed) and a busy timeout.
///
/// @example openSqlite('/var/pact/pact.sqlite', ['cache_size = -8000'])
export function openSqlite(path: string, pragmas: readonly string[]): DatabaseSync {
  const conn = new DatabaseSync(path);
  if (path !== ':memory:' && path !== '') {
    const named = new Set(pragmas.map(pragmaName));
    for (const [name, value] of FILE_DEFAULTS) if (!named.has(name)) conn.exec(`PRAGMA ${name} = ${value}`);
  }
  for (const p of pragmas) conn.exec(`PRAGMA ${p}`);
  return conn;
}

// `main.Journal_Mode = wal` → `journal_mode`.
function pragmaName(text: string): string {
  const name = /^\s*([\w.]+)/.exec(text)?.[1] ?? '';
  return name.slice(name.lastIndexOf('.') + 1).toLowerCase();
}

// One logical table: its statements, and the rows this connection holds for it.
interface TableState {
  readonly table: string;
  readonly read: StatementSync;
  readonly write: StatementSync;
  readonly keys: StatementSync;
  readonly txRead: StatementSync;
  readonly txWrite: StatementSync;
  readonly txids: StatementSync;
  /// Decoded committed rows (a transaction's own writes shadow them in `pending` until it
  /// commits). For a table whose written values the codec lets us keep, the values written too;
  /// for the others (a written value is not what reading its text back gives), the values read
  /// and the values written as the codec reads them back (`readBack`; a row it cannot tell is
  /// forgotten when written), at most `READ_ROWS_KEPT` of them.
  readonly committed: Map<string, unknown>;
  readonly keepsWritten: boolean;
  /// Rows written in the open transaction (null when it wrote none).
  pending: Map<string, unknown> | null;
  /// The open transaction's writes to this table, in order.
  entries: TxLogEntry[];
}

/// Rows read back kept per table (a transaction reads the same rows again and again: a coin
/// transfer reads the sender's account for its gas, its capabilities and the debit).
const READ_ROWS_KEPT = 4096;

/// Keeps a decoded committed row; a table that keeps only rows read back keeps at most
/// `READ_ROWS_KEPT` (all are dropped when full: the ones needed again are read again).
function keep(s: TableState, key: string, value: unknown): void {
  if (!s.keepsWritten && s.committed.size >= READ_ROWS_KEPT) s.committed.clear();
  s.committed.set(key, value);
}

const SAVEPOINT = 'SAVEPOINT pact_tx';
const RELEASE = 'RELEASE pact_tx';
const ROLLBACK_TO = 'ROLLBACK TO pact_tx';

/// A PactDb over one node:sqlite connection. It assumes it is the only writer of its tables:
/// decoded system rows are cached across transactions. A `prefix` keeps several Pact states in
/// one database (a devnet's chains): logical table `T` is stored as `[<prefix>T_DATA]` and
/// `[<prefix>T_TX]`, and only tables carrying the prefix are seen.
export class SqlitePactDb implements PactDb {
  readonly #conn: DatabaseSync;
  readonly #codec: RowCodec;
  readonly #prefix: string;
  readonly #statements: StatementCache;
  /// Logical tables that exist outside the open transaction.
  readonly #tables = new Set<string>();
  /// Logical tables created in the open transaction.
  readonly #created = new Set<string>();
  readonly #states = new Map<string, TableState>();
  #inTx = false;
  #log: TxLogEntry[] = [];
  /// Tables written in the open transaction.
  #touched: TableState[] = [];

  constructor(conn: DatabaseSync, codec: RowCodec, prefix = '') {
    this.#conn = conn;
    this.#codec = codec;
    this.#prefix = prefix;
    this.#statements = new StatementCache(conn);
    this.#loadTables();
  }

  /// Creates Pact's system tables if they do not exist: SYS_usertables, SYS_keysets, SYS_modules,
  /// SYS_namespaces, SYS_pacts (each with its data and tx-log SQLite tables).
  initSchema(): void {
    for (const id of ['SYS_usertables', 'SYS_keysets', 'SYS_modules', 'SYS_namespaces', 'SYS_pacts']) this.createTable(id);
  }

  /// Drops every cached decoded row (after an outer SQLite transaction was rolled back), and
  /// what this object knew of the open transaction, which that rollback ended too.
  clearCache(): void {
    this.#states.clear();
    this.#forgetTx();
    this.#loadTables();
  }

  read(table: string, key: string): unknown {
    const s = this.#states.get(table) ?? this.#state(table);
    if (s === undefined) return undefined;
    if (s.pending !== null) {
      const v = s.pending.get(key);
      if (v !== undefined) return v;
    }
    const cached = s.committed.get(key);
    if (cached !== undefined) return cached;
    const row = s.read.get(key) as Pick<DataRow, 'value'> | undefined;
    if (row === undefined || row.value === null) return undefined;
    const v = this.#codec.decode(table, key, row.value);
    // A row this transaction did not write is committed state, so it may be cached even now.
    keep(s, key, v);
    return v;
  }

  write(table: string, key: string, value: unknown): void {
    let s = this.#states.get(table) ?? this.#state(table);
    if (s === undefined) {
      // As MemoryDb, writing to a table nobody created creates it.
      this.createTable(table);
      s = this.#state(table)!;
    }
    const json = this.#codec.encode(table, value);
    s.write.run(key, json);
    if (!this.#inTx) {
      this.#committedWrite(s, key, value);
      return;
    }
    if (s.pending === null) {
      s.pending = new Map();
      this.#touched.push(s);
    }
    s.pending.set(key, value);
    const entry: TxLogEntry = { table, key, value, json };
    s.entries.push(entry);
    this.#log.push(entry);
  }

  keys(table: string): string[] {
    const s = this.#states.get(table) ?? this.#state(table);
    if (s === undefined) return [];
    const rows = s.keys.all() as Array<Pick<DataRow, 'key'>>;
    const out = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = rows[i]!.key;
    return out;
  }

  createTable(table: string): void {
    if (this.hasTable(table)) return;
    for (const ddl of tableSql(this.#prefix + table).create) this.#conn.exec(ddl);
    if (this.#inTx) this.#created.add(table);
    else this.#tables.add(table);
  }

  hasTable(table: string): boolean {
    return this.#tables.has(table) || this.#created.has(table);
  }

  inTx(): boolean {
    return this.#inTx;
  }

  begin(): void {
    // As Pact: beginning inside a transaction abandons it.
    if (this.#inTx) this.rollback();
    this.#statements.get(SAVEPOINT).run();
    this.#inTx = true;
  }

  commit(txid: number): TxLogEntry[] {
    if (!this.#inTx) throw new Error('doCommit: Not in transaction');
    const touched = this.#touched;
    for (const s of touched) s.txWrite.run(txid, encodeTxRecords(s.entries));
    this.#statements.get(RELEASE).run();
    for (const s of touched) for (const [k, v] of s.pending!) this.#committedWrite(s, k, v);
    for (const t of this.#created) this.#tables.add(t);
    const log = this.#log;
    this.#forgetTx();
    return log;
  }

  rollback(): void {
    // SQLite itself ends the transaction on some errors; then there is no savepoint left.
    if (this.#inTx && this.#conn.isTransaction) {
      this.#statements.get(ROLLBACK_TO).run();
      this.#statements.get(RELEASE).run();
    }
    // The tables created in the transaction are gone, and their statements with them.
    for (const t of this.#created) this.#states.delete(t);
    this.#forgetTx();
  }

  log(): TxLogEntry[] {
    return this.#log.slice();
  }

  txids(table: string, from: number): number[] {
    const s = this.#states.get(table) ?? this.#state(table);
    if (s === undefined) return [];
    const rows = s.txids.all(from) as Array<Pick<TxRow, 'key'>>;
    const out = new Array<number>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = Number(rows[i]!.key);
    return out;
  }

  txlog(table: string, txid: number): TxLogEntry[] {
    return this.txlogJson(table, txid).map((r) => ({
      table: r.table, key: r.key, value: this.#codec.decode(table, r.key, r.json), json: r.json,
    }));
  }

  /// The records of `txlog`, each row as its stored JSON text, undecoded.
  txlogJson(table: string, txid: number): StoredRecord[] {
    const s = this.#states.get(table) ?? this.#state(table);
    const row = s?.txRead.get(txid) as Pick<TxRow, 'value'> | undefined;
    return row === undefined || row.value === null ? [] : parseTxRecords(row.value);
  }

  // The state of an existing table, made on first use; undefined if there is no such table.
  #state(table: string): TableState | undefined {
    if (!this.hasTable(table)) return undefined;
    const q = tableSql(this.#prefix + table);
    const st = this.#statements;
    const s: TableState = {
      table, read: st.get(q.read), write: st.get(q.write), keys: st.get(q.keys),
      txRead: st.get(q.txRead), txWrite: st.get(q.txWrite), txids: st.get(q.txids),
      committed: new Map(),
      keepsWritten: this.#codec.cached(table),
      pending: null,
      entries: [],
    };
    this.#states.set(table, s);
    return s;
  }

  /// A committed write as the table keeps it: the value itself where the codec lets us keep it,
  /// else as it reads back where the codec can tell (a row written is usually read again soon: a
  /// coin account by the next step of the same transfer), else forgotten until read again.
  #committedWrite(s: TableState, key: string, value: unknown): void {
    const kept = s.keepsWritten ? value : this.#codec.readBack?.(s.table, value);
    if (kept === undefined) s.committed.delete(key);
    else keep(s, key, kept);
  }

  #forgetTx(): void {
    for (const s of this.#touched) {
      s.pending = null;
      s.entries = [];
    }
    this.#touched = [];
    this.#created.clear();
    this.#log = [];
    this.#inTx = false;
  }

  // A logical table exists when both its SQLite tables do.
  #loadTables(): void {
    const names = new Set((this.#statements.get(tableNamesSql).all() as Array<{ name: string }>).map((r) => r.name));
    this.#tables.clear();
    const prefix = this.#prefix;
    for (const name of names) {
      if (!name.endsWith('_DATA') || !name.startsWith(prefix)) continue;
      const id = name.slice(0, -'_DATA'.length);
      if (names.has(txTableName(id))) this.#tables.add(id.slice(prefix.length));
    }
  }
}
