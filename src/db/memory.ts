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
    for (const entry of log) {
      const byTx = this.logs.get(entry.table) ?? new Map<number, TxLogEntry[]>();
      this.logs.set(entry.table, byTx);
      const list = byTx.get(txid) ?? [];
      byTx.set(txid, list);
      list.push(entry);
    }
    this.pending = null;
    this.pendingLog = [];
    return log;
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
