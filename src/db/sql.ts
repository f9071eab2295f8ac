/// Pact 4's SQLite schema as kysely types, and kysely in compile-only use: each query shape is
/// turned into SQL text once per table, then run synchronously as a cached node:sqlite statement.
import {
  DummyDriver, Kysely, OperationNodeTransformer, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, TableNode, sql,
} from 'kysely';
import type { CompiledQuery, KyselyPlugin } from 'kysely';
import type { DatabaseSync, StatementSync } from 'node:sqlite';

/// A row of a data table `[<id>_DATA]`: a row key and the row's JSON text.
export interface DataRow {
  key: string;
  value: string | null;
}

/// A row of a tx-log table `[<id>_TX]`: a transaction id and the JSON array of its records.
export interface TxRow {
  key: number;
  value: string | null;
}

/// One logical table as kysely sees it. `data` and `tx` stand for `<id>_DATA` and `<id>_TX`; a
/// plugin renames them, because kysely would read the dots of a namespaced id as a schema.
interface LogicalTable {
  data: DataRow;
  tx: TxRow;
}

// A type alias, not an interface: `withTables` wants an index signature.
type SqliteMaster = {
  sqlite_master: { type: string; name: string };
};

/// A kysely instance that only compiles SQLite queries (it has no driver): queries are built and
/// typed with it once, then run synchronously as cached `node:sqlite` statements.
export function compileOnly<DB>(): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}

const compiler = compileOnly<LogicalTable>();

/// The SQLite data table of a logical table id, as Pact 4 names it.
function dataTableName(id: string): string {
  return `${id}_DATA`;
}

/// The SQLite tx-log table of a logical table id, as Pact 4 names it.
export function txTableName(id: string): string {
  return `${id}_TX`;
}

class RenameTables extends OperationNodeTransformer {
  readonly #data: TableNode;
  readonly #tx: TableNode;

  constructor(id: string) {
    super();
    // `TableNode.create` keeps the whole name as one quoted identifier, dots included.
    this.#data = TableNode.create(dataTableName(id));
    this.#tx = TableNode.create(txTableName(id));
  }

  protected override transformTable(node: TableNode): TableNode {
    if (node.table.schema !== undefined) return node;
    const name = node.table.identifier.name;
    return name === 'data' ? this.#data : name === 'tx' ? this.#tx : node;
  }
}

function renameTables(id: string): KyselyPlugin {
  const t = new RenameTables(id);
  return {
    transformQuery: (args) => t.transformNode(args.node),
    transformResult: (args) => Promise.resolve(args.result),
  };
}

/// The SQL of one logical table. Queries are compiled with placeholder values; the statements
/// take their parameters positionally, in the order noted on each field.
export interface TableSql {
  /// `CREATE TABLE IF NOT EXISTS` of the data table, then of the tx-log table.
  readonly create: readonly string[];
  /// (key) → value
  readonly read: CompiledQuery<Pick<DataRow, 'value'>>;
  /// (key, value): insert or replace the row.
  readonly write: CompiledQuery;
  /// () → key, ascending.
  readonly keys: CompiledQuery<Pick<DataRow, 'key'>>;
  /// (txid) → value
  readonly txRead: CompiledQuery<Pick<TxRow, 'value'>>;
  /// (txid, JSON array): stores a transaction's records; a second write under the same txid
  /// appends its records to the stored array.
  readonly txWrite: CompiledQuery;
  /// (from) → key, ascending, ≥ from.
  readonly txids: CompiledQuery<Pick<TxRow, 'key'>>;
  /// (after, text, limit) → key, value of rows whose key follows `after` and contains `text`,
  /// ascending (a page of rows for browsing).
  readonly page: CompiledQuery<DataRow>;
}

/// Every query shape for the logical table `id`, compiled once per table.
export function tableSql(id: string): TableSql {
  let q = compiled.get(id);
  if (q === undefined) {
    q = compileTableSql(id);
    compiled.set(id, q);
  }
  return q;
}

const compiled = new Map<string, TableSql>();

function compileTableSql(id: string): TableSql {
  const db = compiler.withPlugin(renameTables(id));
  const appended = sql<string>`substr(${sql.ref('tx.value')}, 1, length(${sql.ref('tx.value')}) - 1) || ',' || substr(${sql.ref('excluded.value')}, 2)`;
  return {
    create: [
      // Column types as Pact declares them: a tx-log key is `int`, not `integer`, which is
      // also why it is no rowid alias.
      db.schema.createTable('data').ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey().notNull().unique())
        .addColumn('value', sql`TEXT`).compile().sql,
      db.schema.createTable('tx').ifNotExists()
        .addColumn('key', sql`int`, (c) => c.primaryKey().notNull().unique())
        .addColumn('value', sql`TEXT`).compile().sql,
    ],
    read: db.selectFrom('data').select('value').where('key', '=', '').compile(),
    write: db.insertInto('data').values({ key: '', value: '' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).compile(),
    keys: db.selectFrom('data').select('key').orderBy('key').compile(),
    txRead: db.selectFrom('tx').select('value').where('key', '=', 0).compile(),
    txWrite: db.insertInto('tx').values({ key: 0, value: '' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: appended })).compile(),
    txids: db.selectFrom('tx').select('key').where('key', '>=', 0).orderBy('key').compile(),
    page: db.selectFrom('data').select(['key', 'value']).where('key', '>', '')
      .where(sql<number>`instr(${sql.ref('key')}, ${''})`, '>', sql.lit(0)).orderBy('key').limit(0).compile(),
  };
}

/// Lists every table of the database (`sqlite_master`), to find the logical tables in a file.
export const tableNamesSql: CompiledQuery<{ name: string }> = compiler.withTables<SqliteMaster>()
  .selectFrom('sqlite_master').select('name').where('type', '=', sql.lit('table')).compile();

/// Prepared statements keyed by their SQL text, so a statement is prepared once per connection.
export class StatementCache {
  readonly #conn: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(conn: DatabaseSync) {
    this.#conn = conn;
  }

  /// The statement of `query` (SQL text or a compiled kysely query), prepared on first use.
  get(query: string | CompiledQuery): StatementSync {
    const text = typeof query === 'string' ? query : query.sql;
    let s = this.#statements.get(text);
    if (s === undefined) {
      s = this.#conn.prepare(text);
      this.#statements.set(text, s);
    }
    return s;
  }
}
