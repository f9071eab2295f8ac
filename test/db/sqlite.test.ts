import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { MemoryDb } from '../../src/db/memory.ts';
import type { PactDb, TxLogEntry } from '../../src/db/pactdb.ts';
import { SqlitePactDb, openSqlite } from '../../src/db/sqlite.ts';
import type { RowCodec } from '../../src/db/sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'pact-sqlite-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const tempFile = () => join(dir, `db${files++}.sqlite`);

/// Rows are plain JSON values; system tables are cached. Counts decodes.
function jsonCodec(): RowCodec & { decodes: number } {
  return {
    decodes: 0,
    encode: (_table, value) => JSON.stringify(value),
    decode(_table, _key, json) {
      this.decodes++;
      return JSON.parse(json);
    },
    cached: (table) => table.startsWith('SYS_'),
  };
}

/// Rows are their own JSON text, to see stored text come back byte for byte.
const rawCodec: RowCodec = {
  encode: (_table, value) => value as string,
  decode: (_table, _key, json) => json,
  cached: () => false,
};

function sqliteDb(path: string, codec: RowCodec = jsonCodec()): { db: SqlitePactDb; conn: DatabaseSync } {
  const conn = openSqlite(path, []);
  const db = new SqlitePactDb(conn, codec);
  db.initSchema();
  return { db, conn };
}

/// A log without the stored text, which only SQLite reports.
function plain(entries: readonly TxLogEntry[]): Array<{ table: string; key: string; value: unknown }> {
  return entries.map(({ table, key, value }) => ({ table, key, value }));
}

const backends: Array<[string, () => PactDb]> = [
  ['MemoryDb', () => new MemoryDb()],
  ['SqlitePactDb :memory:', () => sqliteDb(':memory:').db],
  ['SqlitePactDb file', () => sqliteDb(tempFile()).db],
];

for (const [name, make] of backends) {
  describe(`PactDb contract: ${name}`, () => {
    test('writes outside a transaction commit at once', () => {
      const db = make();
      db.createTable('USER_m_t');
      assert.equal(db.read('USER_m_t', 'a'), undefined);
      db.write('USER_m_t', 'a', { n: 1 });
      db.write('USER_m_t', 'a', { n: 2 });
      db.write('SYS_keysets', 'ks', { keys: ['k'] });
      assert.deepEqual(db.read('USER_m_t', 'a'), { n: 2 });
      assert.deepEqual(db.read('SYS_keysets', 'ks'), { keys: ['k'] });
      assert.equal(db.inTx(), false);
      assert.deepEqual(db.txids('USER_m_t', 0), []);
    });

    test('keys come in code-point order, non-ASCII included', () => {
      const db = make();
      db.createTable('USER_m_t');
      const keys = ['b', 'a', 'é', '😀', '\uff5e', 'A', '', 'ab', 'a b', '中文'];
      for (const k of keys.slice(0, 5)) db.write('USER_m_t', k, 1);
      db.begin();
      for (const k of keys.slice(5)) db.write('USER_m_t', k, 2);
      // U+FF5E sorts before 😀 in UTF-16 code units but after it by code point.
      const expected = ['', 'A', 'a', 'a b', 'ab', 'b', 'é', '中文', '\uff5e', '😀'];
      assert.deepEqual(db.keys('USER_m_t'), expected);
      db.rollback();
      assert.deepEqual(db.keys('USER_m_t'), ['a', 'b', 'é', '\uff5e', '😀']);
    });

    test('reads see the transaction\'s own writes; rollback forgets them', () => {
      const db = make();
      db.createTable('USER_m_t');
      db.write('USER_m_t', 'k', { v: 'old' });
      db.begin();
      assert.equal(db.inTx(), true);
      db.write('USER_m_t', 'k', { v: 'new' });
      db.write('SYS_modules', 'm', { name: 'm' });
      assert.deepEqual(db.read('USER_m_t', 'k'), { v: 'new' });
      assert.deepEqual(db.read('SYS_modules', 'm'), { name: 'm' });
      db.rollback();
      assert.equal(db.inTx(), false);
      assert.deepEqual(db.read('USER_m_t', 'k'), { v: 'old' });
      assert.equal(db.read('SYS_modules', 'm'), undefined);
      assert.deepEqual(db.log(), []);
    });

    test('createTable and hasTable in and out of transactions', () => {
      const db = make();
      assert.equal(db.hasTable('USER_m_t'), false);
      db.createTable('USER_m_t');
      assert.equal(db.hasTable('USER_m_t'), true);
      db.begin();
      db.createTable('USER_free.m_u');
      assert.equal(db.hasTable('USER_free.m_u'), true);
      db.write('USER_free.m_u', 'x', 1);
      assert.deepEqual(db.keys('USER_free.m_u'), ['x']);
      db.rollback();
      assert.equal(db.hasTable('USER_free.m_u'), false);
      assert.deepEqual(db.keys('USER_free.m_u'), []);
      assert.equal(db.read('USER_free.m_u', 'x'), undefined);
      db.begin();
      db.createTable('USER_free.m_u');
      db.write('USER_free.m_u', 'y', 2);
      db.commit(0);
      assert.equal(db.hasTable('USER_free.m_u'), true);
      assert.deepEqual(db.read('USER_free.m_u', 'y'), 2);
      assert.deepEqual(db.keys('USER_free.m_u'), ['y']);
    });

    test('commit returns the writes in order; log() reports them so far', () => {
      const db = make();
      db.createTable('USER_m_t');
      db.begin();
      db.write('USER_m_t', 'b', { x: 1 });
      const sofar = db.log();
      assert.deepEqual(plain(sofar), [{ table: 'USER_m_t', key: 'b', value: { x: 1 } }]);
      sofar.length = 0; // a copy: the transaction's log is untouched
      db.write('SYS_keysets', 'ks', 'g');
      db.write('USER_m_t', 'a', { x: 2 });
      db.write('USER_m_t', 'b', { x: 3 });
      const expected = [
        { table: 'USER_m_t', key: 'b', value: { x: 1 } },
        { table: 'SYS_keysets', key: 'ks', value: 'g' },
        { table: 'USER_m_t', key: 'a', value: { x: 2 } },
        { table: 'USER_m_t', key: 'b', value: { x: 3 } },
      ];
      assert.deepEqual(plain(db.log()), expected);
      assert.deepEqual(plain(db.commit(4)), expected);
      assert.equal(db.inTx(), false);
      assert.deepEqual(db.log(), []);
      assert.deepEqual(db.read('USER_m_t', 'b'), { x: 3 });
    });

    test('txids and txlog per table', () => {
      const db = make();
      db.createTable('USER_m_t');
      db.createTable('USER_m_u');
      for (const [txid, table, key] of [[0, 'USER_m_t', 'a'], [1, 'USER_m_u', 'b'], [2, 'USER_m_t', 'c'], [3, 'USER_m_t', 'a']] as const) {
        db.begin();
        db.write(table, key, { txid });
        if (txid === 2) db.write(table, 'd', { txid });
        db.commit(txid);
      }
      db.begin();
      db.write('USER_m_t', 'z', 0);
      db.rollback();
      assert.deepEqual(db.txids('USER_m_t', 0), [0, 2, 3]);
      assert.deepEqual(db.txids('USER_m_t', 1), [2, 3]);
      assert.deepEqual(db.txids('USER_m_t', 4), []);
      assert.deepEqual(db.txids('USER_m_u', 0), [1]);
      assert.deepEqual(plain(db.txlog('USER_m_t', 2)), [
        { table: 'USER_m_t', key: 'c', value: { txid: 2 } },
        { table: 'USER_m_t', key: 'd', value: { txid: 2 } },
      ]);
      assert.deepEqual(plain(db.txlog('USER_m_t', 1)), []);
      assert.deepEqual(plain(db.txlog('USER_m_u', 1)), [{ table: 'USER_m_u', key: 'b', value: { txid: 1 } }]);
    });

    test('a second commit under the same txid adds to its log', () => {
      const db = make();
      db.createTable('USER_m_t');
      for (const key of ['a', 'b']) {
        db.begin();
        db.write('USER_m_t', key, key);
        db.commit(5);
      }
      assert.deepEqual(db.txids('USER_m_t', 0), [5]);
      assert.deepEqual(plain(db.txlog('USER_m_t', 5)), [
        { table: 'USER_m_t', key: 'a', value: 'a' },
        { table: 'USER_m_t', key: 'b', value: 'b' },
      ]);
    });

    test('begin inside a transaction abandons it; commit outside one throws', () => {
      const db = make();
      db.createTable('USER_m_t');
      db.begin();
      db.write('USER_m_t', 'a', 1);
      db.begin();
      assert.deepEqual(db.log(), []);
      assert.equal(db.read('USER_m_t', 'a'), undefined);
      db.write('USER_m_t', 'b', 2);
      assert.deepEqual(plain(db.commit(0)), [{ table: 'USER_m_t', key: 'b', value: 2 }]);
      assert.throws(() => db.commit(1), /doCommit: Not in transaction/);
    });

    test('a missing table reads as empty', () => {
      const db = make();
      assert.equal(db.hasTable('USER_m_nope'), false);
      assert.equal(db.read('USER_m_nope', 'k'), undefined);
      assert.deepEqual(db.keys('USER_m_nope'), []);
      assert.deepEqual(db.txids('USER_m_nope', 0), []);
      assert.deepEqual(db.txlog('USER_m_nope', 0), []);
      db.rollback(); // no transaction: nothing to do
      assert.equal(db.inTx(), false);
    });
  });
}

function tableNames(conn: DatabaseSync): string[] {
  return (conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);
}

describe('SqlitePactDb on SQLite', () => {
  test('Pact 4\'s table names and columns', () => {
    const { db, conn } = sqliteDb(':memory:');
    db.createTable('USER_free.my-mod_t');
    assert.deepEqual(tableNames(conn), [
      'SYS_keysets_DATA', 'SYS_keysets_TX', 'SYS_modules_DATA', 'SYS_modules_TX',
      'SYS_namespaces_DATA', 'SYS_namespaces_TX', 'SYS_pacts_DATA', 'SYS_pacts_TX',
      'SYS_usertables_DATA', 'SYS_usertables_TX', 'USER_free.my-mod_t_DATA', 'USER_free.my-mod_t_TX',
    ]);
    const columns = (name: string) => conn.prepare(`PRAGMA table_info([${name}])`).all()
      .map((c) => [c.name, c.type, c.notnull, c.pk]);
    assert.deepEqual(columns('USER_free.my-mod_t_DATA'), [['key', 'TEXT', 1, 1], ['value', 'TEXT', 0, 0]]);
    assert.deepEqual(columns('USER_free.my-mod_t_TX'), [['key', 'INT', 1, 1], ['value', 'TEXT', 0, 0]]);
    db.write('USER_free.my-mod_t', 'k', { a: 1 });
    assert.deepEqual({ ...conn.prepare("SELECT key, value FROM [USER_free.my-mod_t_DATA] WHERE key = 'k'").get() }, { key: 'k', value: '{"a":1}' });
  });

  test('a table name with a quote is quoted, not injected', () => {
    const { db, conn } = sqliteDb(':memory:');
    db.createTable('USER_m_"]\'x');
    db.write('USER_m_"]\'x', 'k', 1);
    assert.ok(tableNames(conn).includes('USER_m_"]\'x_DATA'));
    assert.deepEqual(db.keys('USER_m_"]\'x'), ['k']);
  });

  test('a tx-log row is the JSON array of the transaction\'s records', () => {
    const { db, conn } = sqliteDb(':memory:', rawCodec);
    db.createTable('USER_m_t');
    db.begin();
    db.write('USER_m_t', 'a"\n', '{"b":1.50,"c":[1e3,"x]\\"}"]}');
    db.write('SYS_keysets', 'ks', '{"pred":"keys-all"}');
    db.write('USER_m_t', 'é', 'null');
    const log = db.commit(7);
    assert.deepEqual(log.map((e) => e.json), ['{"b":1.50,"c":[1e3,"x]\\"}"]}', '{"pred":"keys-all"}', 'null']);
    const rows = conn.prepare('SELECT key, value FROM [USER_m_t_TX]').all().map((r) => ({ ...r }));
    assert.deepEqual(rows, [{
      key: 7,
      value: '[{"value":{"b":1.50,"c":[1e3,"x]\\"}"]},"key":"a\\"\\n","table":"USER_m_t"},{"value":null,"key":"é","table":"USER_m_t"}]',
    }]);
    assert.equal(conn.prepare('SELECT value FROM [SYS_keysets_TX] WHERE key = 7').get()?.value,
      '[{"value":{"pred":"keys-all"},"key":"ks","table":"SYS_keysets"}]');
    // Read back verbatim: numbers keep their literal digits.
    assert.deepEqual(db.txlog('USER_m_t', 7), [
      { table: 'USER_m_t', key: 'a"\n', value: '{"b":1.50,"c":[1e3,"x]\\"}"]}', json: '{"b":1.50,"c":[1e3,"x]\\"}"]}' },
      { table: 'USER_m_t', key: 'é', value: 'null', json: 'null' },
    ]);
  });

  test('txlog reads a stored array written with whitespace and another key order', () => {
    const { db, conn } = sqliteDb(':memory:', rawCodec);
    db.createTable('USER_m_t');
    conn.prepare('INSERT INTO [USER_m_t_TX] VALUES (?, ?)').run(1, ' [ { "table" : "USER_m_t" , "key" : "k\\u0041" , "value" : { "a" : [ true , -2.5e-3 ] } } ] ');
    assert.deepEqual(db.txlog('USER_m_t', 1), [
      { table: 'USER_m_t', key: 'kA', value: '{ "a" : [ true , -2.5e-3 ] }', json: '{ "a" : [ true , -2.5e-3 ] }' },
    ]);
  });

  test('the transaction is a savepoint inside an outer BEGIN … ROLLBACK: nothing persists', () => {
    const path = tempFile();
    const { db, conn } = sqliteDb(path);
    db.createTable('USER_m_t');
    conn.exec('BEGIN');
    db.begin();
    db.createTable('USER_m_u');
    db.write('USER_m_t', 'a', 1);
    db.write('SYS_modules', 'm', { name: 'm' });
    db.commit(0);
    assert.deepEqual(db.read('SYS_modules', 'm'), { name: 'm' });
    assert.equal(conn.isTransaction, true);
    conn.exec('ROLLBACK');
    db.clearCache();
    assert.equal(db.read('SYS_modules', 'm'), undefined);
    assert.equal(db.read('USER_m_t', 'a'), undefined);
    assert.equal(db.hasTable('USER_m_u'), false);
    assert.deepEqual(db.txids('USER_m_t', 0), []);
    conn.close();
    const again = sqliteDb(path);
    assert.equal(again.db.hasTable('USER_m_u'), false);
    assert.deepEqual(again.db.keys('USER_m_t'), []);
    again.conn.close();
  });

  test('inside an outer BEGIN … COMMIT, effects and the caller\'s own rows commit together', () => {
    const path = tempFile();
    const { db, conn } = sqliteDb(path);
    conn.exec('CREATE TABLE results (txid int, result TEXT)');
    db.createTable('USER_m_t');
    conn.exec('BEGIN');
    db.begin();
    db.write('USER_m_t', 'a', { ok: true });
    db.commit(0);
    conn.prepare('INSERT INTO results VALUES (?, ?)').run(0, 'done');
    conn.exec('COMMIT');
    conn.close();
    const again = sqliteDb(path);
    assert.deepEqual(again.db.read('USER_m_t', 'a'), { ok: true });
    assert.deepEqual(plain(again.db.txlog('USER_m_t', 0)), [{ table: 'USER_m_t', key: 'a', value: { ok: true } }]);
    assert.equal(again.conn.prepare('SELECT result FROM results').get()?.result, 'done');
    again.conn.close();
  });

  test('rollback after SQLite already ended the transaction does not throw', () => {
    const { db, conn } = sqliteDb(':memory:');
    db.createTable('USER_m_t');
    db.begin();
    db.write('USER_m_t', 'a', 1);
    conn.exec('ROLLBACK');
    db.rollback();
    assert.equal(db.inTx(), false);
    assert.equal(db.read('USER_m_t', 'a'), undefined);
    db.begin();
    db.write('USER_m_t', 'b', 2);
    db.commit(0);
    assert.deepEqual(db.keys('USER_m_t'), ['b']);
  });

  test('a cached table returns the very object written, and decodes a committed row once', () => {
    const codec = jsonCodec();
    const { db } = sqliteDb(':memory:', codec);
    db.createTable('USER_m_t');
    const mod = { name: 'm' };
    const row = { v: 1 };
    db.begin();
    db.write('SYS_modules', 'm', mod);
    db.write('USER_m_t', 'r', row);
    assert.equal(db.read('SYS_modules', 'm'), mod);
    assert.equal(db.read('USER_m_t', 'r'), row);
    db.commit(0);
    assert.equal(db.read('SYS_modules', 'm'), mod);
    // User tables are decoded from SQLite once committed.
    assert.notEqual(db.read('USER_m_t', 'r'), row);
    assert.deepEqual(db.read('USER_m_t', 'r'), row);
    db.clearCache();
    const before = codec.decodes;
    const decoded = db.read('SYS_modules', 'm');
    assert.deepEqual(decoded, mod);
    assert.equal(db.read('SYS_modules', 'm'), decoded);
    assert.equal(codec.decodes, before + 1);
    // A rolled-back write leaves the cached row alone.
    db.begin();
    db.write('SYS_modules', 'm', { name: 'other' });
    db.rollback();
    assert.equal(db.read('SYS_modules', 'm'), decoded);
  });

  test('a user table keeps the rows it read back, decoded once, until a committed write replaces them', () => {
    const codec = jsonCodec();
    const { db } = sqliteDb(':memory:', codec);
    db.createTable('USER_m_t');
    db.begin();
    db.write('USER_m_t', 'r', { v: 1 });
    db.commit(0);
    const before = codec.decodes;
    const read = db.read('USER_m_t', 'r');
    assert.equal(db.read('USER_m_t', 'r'), read);
    assert.equal(codec.decodes, before + 1);
    // Written in a transaction rolled back: kept as it was.
    db.begin();
    db.write('USER_m_t', 'r', { v: 2 });
    db.rollback();
    assert.equal(db.read('USER_m_t', 'r'), read);
    assert.equal(codec.decodes, before + 1);
    // Written and committed: the text written is read back, not the value.
    db.begin();
    db.write('USER_m_t', 'r', { v: 3 });
    db.commit(1);
    const after = db.read('USER_m_t', 'r');
    assert.deepEqual(after, { v: 3 });
    assert.equal(codec.decodes, before + 2);
    // A rolled back outer transaction: clearCache forgets every row.
    db.clearCache();
    assert.notEqual(db.read('USER_m_t', 'r'), after);
  });

  test('a user table keeps a committed write as the codec reads it back, where it can tell, not decoding its text', () => {
    const codec = {
      ...jsonCodec(),
      // Reading back drops the `scale` field; rows with `opaque` cannot be told.
      readBack: (_table: string, value: unknown) => {
        const { scale: _, ...rest } = value as Record<string, unknown>;
        return 'opaque' in rest ? undefined : rest;
      },
    };
    const { db } = sqliteDb(':memory:', codec);
    db.createTable('USER_m_t');
    db.begin();
    db.write('USER_m_t', 'r', { v: 1, scale: 2 });
    db.write('USER_m_t', 'o', { opaque: true });
    db.commit(0);
    const before = codec.decodes;
    assert.deepEqual(db.read('USER_m_t', 'r'), { v: 1 });
    assert.equal(codec.decodes, before);
    assert.deepEqual(db.read('USER_m_t', 'o'), { opaque: true });
    assert.equal(codec.decodes, before + 1);
    // Written again and rolled back: kept as it was.
    db.begin();
    db.write('USER_m_t', 'r', { v: 2 });
    db.rollback();
    assert.deepEqual(db.read('USER_m_t', 'r'), { v: 1 });
    assert.equal(codec.decodes, before + 1);
  });

  test('a reopened file database reads committed rows back', () => {
    const path = tempFile();
    const { db, conn } = sqliteDb(path);
    db.begin();
    db.createTable('USER_free.m_t');
    db.write('USER_free.m_t', 'k2', { n: 2 });
    db.write('USER_free.m_t', 'k1', { n: 1 });
    db.write('SYS_modules', 'free.m', { name: 'free.m' });
    db.commit(0);
    db.begin();
    db.write('USER_free.m_t', 'k3', { n: 3 });
    db.rollback();
    conn.close();
    const again = sqliteDb(path);
    assert.equal(again.db.hasTable('USER_free.m_t'), true);
    assert.deepEqual(again.db.keys('USER_free.m_t'), ['k1', 'k2']);
    assert.deepEqual(again.db.read('SYS_modules', 'free.m'), { name: 'free.m' });
    assert.deepEqual(again.db.txids('USER_free.m_t', 0), [0]);
    assert.deepEqual(plain(again.db.txlog('SYS_modules', 0)), [{ table: 'SYS_modules', key: 'free.m', value: { name: 'free.m' } }]);
    again.conn.close();
  });

  test('pragmas: WAL and synchronous=NORMAL by default on a file; a configured pragma wins', () => {
    const pragma = (conn: DatabaseSync, name: string) => Object.values(conn.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    const file = openSqlite(tempFile(), []);
    assert.equal(pragma(file, 'journal_mode'), 'wal');
    assert.equal(pragma(file, 'synchronous'), 1);
    assert.equal(pragma(file, 'busy_timeout'), 5000);
    file.close();
    const configured = openSqlite(tempFile(), ['main.Journal_Mode = DELETE', 'synchronous=FULL', 'cache_size = -1234']);
    assert.equal(pragma(configured, 'journal_mode'), 'delete');
    assert.equal(pragma(configured, 'synchronous'), 2);
    assert.equal(pragma(configured, 'cache_size'), -1234);
    assert.equal(pragma(configured, 'busy_timeout'), 5000);
    configured.close();
    const memory = openSqlite(':memory:', ['cache_size = -99']);
    assert.equal(pragma(memory, 'journal_mode'), 'memory');
    assert.equal(pragma(memory, 'cache_size'), -99);
    memory.close();
  });
});
