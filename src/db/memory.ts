/// An in-memory PactDb: committed tables plus, during a transaction, an overlay of pending writes.
import type { PactDb, TxLogEntry } from './pactdb.ts';
import { compareCodePoints } from '../values/text.ts';

export class MemoryDb implements PactDb {
  private readonly tables = new Map<string, Map<string, unknown>>();
  private readonly logs = new Map<string, Map<number, TxLogEntry[]>>();
  /// Pending writes of the open transaction: table → (key → row); a table created in the
  /// transaction maps to a fresh Map and is marked in `pendingTables`.
  private pending: Map<string, Map<string, unknown>> | null = null;
  private pendingTables = new Set<string>();
  private pendingLog: TxLogEntry[] = [];

  read(table: string, key: string): unknown {
    const p = this.pending?.get(table)?.get(key);
    if (p !== undefined) return p;
    return this.tables.get(table)?.get(key);
  }

  write(table: string, key: string, value: unknown): void {
    if (this.pending === null) {
      this.tableOrCreate(this.tables, table).set(key, value);
      return;
    }
    this.tableOrCreate(this.pending, table).set(key, value);
    this.pendingLog.push({ table, key, value });
  }

  keys(table: string): string[] {
    const all = new Set<string>(this.tables.get(table)?.keys() ?? []);
    for (const k of this.pending?.get(table)?.keys() ?? []) all.add(k);
    return [...all].sort(compareCodePoints);
  }

  createTable(table: string): void {
    if (this.pending === null) this.tables.set(table, new Map());
    else {
      this.pending.set(table, new Map());
      this.pendingTables.add(table);
    }
  }

  hasTable(table: string): boolean {
    return this.tables.has(table) || this.pendingTables.has(table);
  }

  inTx(): boolean {
    return this.pending !== null;
  }

  begin(): void {
    this.pending = new Map();
    this.pendingTables = new Set();
    this.pendingLog = [];
  }

  commit(txid: number): TxLogEntry[] {
    const pending = this.pending;
    if (pending === null) throw new Error('doCommit: Not in transaction');
    for (const [table, rows] of pending) {
      const target = this.tableOrCreate(this.tables, table);
      for (const [k, v] of rows) target.set(k, v);
    }
    const log = this.pendingLog;
    // A transaction's log can hold a write per row touched by each of thousands of calls, and
    // this loop runs once per transaction (so rarely optimised): index it, and look a table's
    // list up only when the table changes.
    let table: string | null = null;
    let list: TxLogEntry[] = [];
    for (let i = 0; i < log.length; i++) {
      const entry = log[i]!;
      if (entry.table !== table) {
        table = entry.table;
        list = this.txList(table, txid);
      }
      list.push(entry);
    }
    this.pending = null;
    this.pendingLog = [];
    return log;
  }

  /// The log list of `table` for transaction `txid`, made when missing.
  private txList(table: string, txid: number): TxLogEntry[] {
    let byTx = this.logs.get(table);
    if (byTx === undefined) this.logs.set(table, (byTx = new Map()));
    let list = byTx.get(txid);
    if (list === undefined) byTx.set(txid, (list = []));
    return list;
  }

  rollback(): void {
    this.pending = null;
    this.pendingTables = new Set();
    this.pendingLog = [];
  }

  log(): TxLogEntry[] {
    return [...this.pendingLog];
  }

  txids(table: string, from: number): number[] {
    return [...(this.logs.get(table)?.keys() ?? [])].filter((t) => t >= from).sort((a, b) => a - b);
  }

  txlog(table: string, txid: number): TxLogEntry[] {
    return this.logs.get(table)?.get(txid) ?? [];
  }

  private tableOrCreate(where: Map<string, Map<string, unknown>>, table: string): Map<string, unknown> {
    let t = where.get(table);
    if (t === undefined) {
      t = new Map();
      where.set(table, t);
    }
    return t;
  }
}
