/// Modules at rest: a module stored by one process is rebuilt by the next from its code, against
/// the very versions of its dependencies it was installed with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, SqlitePactDb } from '../../src/db/sqlite.ts';
import type { RowCodec } from '../../src/db/sqlite.ts';
import { evalExec } from '../../src/lang/interpreter.ts';
import type { EvalEnv, EvalResult } from '../../src/lang/interpreter.ts';
import { ModuleStore } from '../../src/lang/module-store.ts';
import { PactError, renderInfo } from '../../src/lang/errors.ts';
import { fixedGasModel, tableGasModel } from '../../src/lang/gas.ts';
import { ModuleData } from '../../src/lang/runtime.ts';
import { nativeTable } from '../../src/natives/index.ts';
import { parse } from '../../src/syntax/index.ts';
import { JsonObject } from '../../src/values/json.ts';

const natives = nativeTable();

/// A store over one database file, as a fresh process would open it.
function open(path: string): SqlitePactDb {
  const conn = openSqlite(path, []);
  let db: SqlitePactDb;
  const modules = new ModuleStore(natives, function* history() {
    const ids = db.txids('SYS_modules', 0);
    for (let i = ids.length - 1; i >= 0; i--) for (const r of db.txlogJson('SYS_modules', ids[i]!)) yield r.json;
  });
  // Only modules are stored in these tests; other rows are kept as their JSON text.
  const codec: RowCodec = {
    encode: (table, v) => (table === 'SYS_modules' ? modules.encode(v) : JSON.stringify(String(v))),
    decode: (table, key, json) => (table === 'SYS_modules' ? modules.decode(key, json) : JSON.parse(json)),
    cached: (table) => table.startsWith('SYS_'),
  };
  db = new SqlitePactDb(conn, codec);
  db.initSchema();
  modules.attach(db);
  return db;
}

let txId = 0;
function exec(db: SqlitePactDb, code: string, gas: boolean): EvalResult {
  const env: EvalEnv = {
    natives, mode: 'transactional', txId: txId++, flags: new Set(), msgBody: new JsonObject([]), signers: [], verifiers: [],
    txHash: 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g',
    chainData: { chainId: '0', blockHeight: 0n, blockTime: 0n, prevBlockHash: '', sender: '', gasLimit: 0n, gasPrice: null },
    entity: null, gasModel: gas ? tableGasModel() : fixedGasModel(0n), gasLimit: gas ? 1_000_000n : 0n,
  };
  return evalExec(db, env, parse(code, '<interactive>', { columnBase: 0 }));
}

function run(db: SqlitePactDb, code: string): unknown {
  return exec(db, code, false).output;
}

function withFile<T>(f: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pact-modules-'));
  try {
    return f(join(dir, 'pact.sqlite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const A1 = '(module a G (defcap G () true) (defconst V "v1") (defun f () V))';
const A2 = '(module a G (defcap G () true) (defconst V "v2") (defun f () V))';
const B = '(module b G (defcap G () true) (defun g () (a.f)) (defun h () (enforce false "from b")))';

test('a module is rebuilt from storage with the same hash and behaviour', () => {
  withFile((path) => {
    const first = open(path);
    run(first, A1);
    const hash = (first.read('SYS_modules', 'a') as ModuleData).hash;
    const second = open(path);
    const a = second.read('SYS_modules', 'a') as ModuleData;
    assert.ok(a instanceof ModuleData);
    assert.equal(a.hash, hash);
    assert.equal(run(second, '(a.f)'), 'v1');
  });
});

test('a dependent keeps calling the version it was installed with, across restarts', () => {
  withFile((path) => {
    const first = open(path);
    run(first, A1);
    run(first, B);
    run(first, A2);
    assert.equal(run(first, '(b.g)'), 'v1');
    assert.equal(run(first, '(a.f)'), 'v2');
    const second = open(path);
    assert.equal(run(second, '(b.g)'), 'v1');
    assert.equal(run(second, '(a.f)'), 'v2');
  });
});

test('errors inside a rebuilt module point where the module was in its original command', () => {
  withFile((path) => {
    const first = open(path);
    run(first, `(+ 1 2) ${A1} ${B}`);
    const second = open(path);
    try {
      run(second, '(b.h)');
      assert.fail('expected an error');
    } catch (e) {
      assert.ok(e instanceof PactError);
      const offset = `(+ 1 2) ${A1} ${B}`.indexOf('(enforce false');
      assert.equal(renderInfo(e.info, ''), `<interactive>:0:${offset}`);
    }
  });
});

test('names loaded earlier in the installing transaction resolve the same way when rebuilt', () => {
  withFile((path) => {
    const first = open(path);
    run(first, `${A1} (module c G (defcap G () true) (defun k () (f)))`);
    const second = open(path);
    assert.equal(run(second, '(c.k)'), 'v1');
  });
});

// A dependent installed with gas pays for the exports of its dependencies (module memory) as
// recorded at their installs: a rebuilt `b` still carries the `a` it was installed with.
test('rebuilt modules cost their dependents what they cost before the restart', () => {
  const A3 = '(module a G (defcap G () true) (defconst V "a much longer third version") (defun f () V))';
  const C = '(module c G (defcap G () true) (defun k () [(b.g) (a.f)]))';
  const installs = (gas: boolean, restart: boolean) => withFile((path) => {
    let db = open(path);
    for (const m of [A1, B, A3]) exec(db, m, gas);
    if (restart) db = open(path);
    return exec(db, C, true).gas;
  });
  const installed = installs(true, false);
  assert.ok(installed > 60_000n, 'module memory is charged');
  assert.equal(installs(true, true), installed);
  assert.equal(installs(false, true), installed);
});

// An upgrade to identical code is built against the previous version, which has the same hash:
// the module's reference to itself then names the version being rebuilt.
test('a module upgraded to the code it had, naming itself, is rebuilt', () => {
  const SELF = '(module s G (defcap G () true) (implements i) (defun q:integer () 1) (defconst P (format "{}" [s])))';
  withFile((path) => {
    const first = open(path);
    run(first, '(interface i (defun q:integer ()))');
    run(first, SELF);
    run(first, SELF);
    const second = open(path);
    assert.equal(run(second, 's.P'), 's');
    assert.deepEqual(run(second, '(s.q)'), 1n);
  });
});
