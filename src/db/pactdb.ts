/// The synchronous store the evaluator talks to: named tables of key → row, with transactions
/// and a per-transaction write log. System tables (`SYS_modules`, `SYS_keysets`, ...) and user
/// tables (`USER_<module>_<table>`) live side by side. Rows are opaque to the store.

export interface TxLogEntry {
  readonly table: string;
  readonly key: string;
  readonly value: unknown;
  /// The row's stored JSON text, when the backend encoded it (SQLite does; memory does not).
  readonly json?: string;
}

export interface PactDb {
  read(table: string, key: string): unknown;
  /// Writes a row; with no transaction open the write is committed at once.
  write(table: string, key: string, value: unknown): void;
  /// Keys in ascending code-point order.
  keys(table: string): string[];
  createTable(table: string): void;
  hasTable(table: string): boolean;
  inTx(): boolean;
  begin(): void;
  /// Commits under `txid` and returns the writes made in the transaction, in order.
  commit(txid: number): TxLogEntry[];
  rollback(): void;
  /// The writes of the open transaction so far, in order (a local transaction reports them,
  /// then rolls back).
  log(): TxLogEntry[];
  /// Transaction ids ≥ `from` in which `table` was written, ascending.
  txids(table: string, from: number): number[];
  txlog(table: string, txid: number): TxLogEntry[];
}
