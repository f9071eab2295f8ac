/// Database natives: tables, rows, keys, queries and history.
import { showType, tyAny, tyInteger, tyString } from '../values/type.ts';
import { PList, PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import type { Ctx } from '../lang/context.ts';
import { evalError, forkedError, txFailure } from '../lang/errors.ts';
import { typeName } from '../lang/typecheck.ts';
import { apply, badArgs, chargeNative, fnArg, pactValue } from '../lang/eval.ts';
import { GFOLDDB, GREAD_KEY, GREAD_TXID } from '../lang/gas.ts';
import { chargeRowRead, chargeWrite } from '../lang/meter.ts';
import { TableRef } from '../lang/runtime.ts';
import type { Env, Node, Val } from '../lang/runtime.ts';
import { showValCompact } from '../lang/show.ts';
import {
  checkNonLocalAllowed, createTable, guardTable, readRow, tableKeys, writeRow,
} from '../lang/tables.ts';
import type { WriteType } from '../lang/tables.ts';
import { runBinding } from './general.ts';
import { unreducedArgs } from './lists.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

/// A row as read back: keys sorted, typed by the table's schema.
function rowObject(table: TableRef, row: PObject): PObject {
  return table.type.t === 'user' ? new PObject(row.fields, false, table.type) : row;
}

function columnNames(v: Val | undefined, info: Node['info']): string[] {
  if (!(v instanceof PList)) throw evalError(info, 'Expected list of column names');
  return v.items.map((c) => {
    if (typeof c !== 'string') throw evalError(info, 'String required');
    return c;
  });
}

function selectColumns(table: TableRef, row: PObject, cols: string[], info: Node['info']): PObject {
  const m = new Map<string, PactValue>();
  for (const c of cols) {
    const v = row.fields.get(c);
    if (v === undefined) throw evalError(info, `read: invalid column: ${c}`);
    m.set(c, v);
  }
  return new PObject(new Map([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), false, table.type.t === 'user' ? table.type : null);
}

const WRITE_TYPES = { insert: 'Insert', update: 'Update', write: 'Write' } as const;

/// Reads one row and charges for it if found.
function readOne(ctx: Ctx, self: Native, table: TableRef, key: string, app: Node): PObject | undefined {
  const row = readRow(ctx, table, key, app.info);
  if (row !== undefined) chargeRowRead(ctx, self.name, row.fields.size, app.info);
  return row;
}

/// A row of a multi-row operation (`select`, `fold-db`), of a key just listed; charged row by row.
function readCharged(ctx: Ctx, self: Native, table: TableRef, key: string, app: Node): PObject {
  return rowObject(table, readOne(ctx, self, table, key, app)!);
}

function writeNative(type: WriteType) {
  return (ctx: Ctx, args: Val[], app: Node, self: Native): Val => {
    const table = args[0];
    const key = args[1];
    const obj = args[2];
    if (args.length !== 3 || !(table instanceof TableRef) || typeof key !== 'string' || !(obj instanceof PObject)) {
      throw badArgs(self, args, app.info);
    }
    obj.fields.forEach((v) => pactValue(v, app.info));
    if (ctx.gas.active) {
      chargeNative(ctx, self, app.info);
      chargeWrite(ctx, self.name, { kind: 'WriteData', writeType: WRITE_TYPES[type], key, row: obj.fields }, app.info);
    }
    guardTable(ctx, table, 'write', app.info);
    writeRow(ctx, table, type, key, obj, app.info);
    return 'Write succeeded';
  };
}

function tableArg(ctx: Ctx, node: Node | undefined, env: Env, self: Native, args: readonly Node[], app: Node): TableRef {
  const t = node?.ev(ctx, env);
  if (!(t instanceof TableRef)) throw unreducedArgs(self, args, env, app);
  return t;
}

export const databaseNatives: Native[] = natives({
  'create-table': {
    fn: (ctx, args, app, self) => {
      const [t] = args;
      if (args.length !== 1 || !(t instanceof TableRef)) throw badArgs(self, args, app.info);
      guardTable(ctx, t, 'create', app.info);
      chargeWrite(ctx, self.name, { kind: 'WriteTable', table: `${t.module.name}_${t.name}` }, app.info);
      createTable(ctx, t, app.info);
      return 'TableCreated';
    },
  },
  insert: { fn: writeNative('insert') },
  update: { fn: writeNative('update') },
  write: { fn: writeNative('write') },
  read: {
    fn: (ctx, args, app, self) => {
      const [table, key, cols] = args;
      if (args.length < 2 || args.length > 3 || !(table instanceof TableRef) || typeof key !== 'string') {
        throw badArgs(self, args, app.info);
      }
      const columns = args.length === 3 ? columnNames(cols, app.info) : null;
      guardTable(ctx, table, 'read', app.info);
      const row = readOne(ctx, self, table, key, app);
      if (row === undefined) throw txFailure(app.info, `read: row not found: ${key}`);
      return columns === null ? rowObject(table, row) : selectColumns(table, row, columns, app.info);
    },
  },
  keys: {
    fn: (ctx, args, app, self) => {
      const [table] = args;
      if (args.length !== 1 || !(table instanceof TableRef)) throw badArgs(self, args, app.info);
      guardTable(ctx, table, 'keys', app.info);
      const keys = tableKeys(ctx, table, app.info);
      if (ctx.gas.active) for (let i = 0; i < keys.length; i++) ctx.gas.charge(self.name, GREAD_KEY, app.info);
      return new PList(keys, tyString);
    },
  },
  'with-read': {
    special: (ctx, args, env, app, self) => {
      const b = args[2]?.binding;
      if (args.length !== 3 || b === undefined) throw unreducedArgs(self, args, env, app);
      const table = tableArg(ctx, args[0], env, self, args, app);
      const key = args[1]!.ev(ctx, env);
      if (typeof key !== 'string') throw unreducedArgs(self, args, env, app);
      guardTable(ctx, table, 'read', app.info);
      const row = readOne(ctx, self, table, key, app);
      if (row === undefined) throw txFailure(app.info, `with-read: row not found: ${key}`);
      return runBinding(ctx, b, env, row.fields, app.info);
    },
  },
  'with-default-read': {
    special: (ctx, args, env, app, self) => {
      const b = args[3]?.binding;
      if (args.length !== 4 || b === undefined) throw unreducedArgs(self, args, env, app);
      const table = tableArg(ctx, args[0], env, self, args, app);
      const key = args[1]!.ev(ctx, env);
      const defaults = args[2]!.ev(ctx, env);
      if (typeof key !== 'string' || !(defaults instanceof PObject)) throw unreducedArgs(self, args, env, app);
      guardTable(ctx, table, 'read', app.info);
      const row = readOne(ctx, self, table, key, app) ?? defaults;
      return runBinding(ctx, b, env, row.fields, app.info);
    },
  },
  select: {
    special: (ctx, args, env, app, self) => {
      if (args.length !== 2 && args.length !== 3) throw unreducedArgs(self, args, env, app);
      const columns = args.length === 3 ? columnNames(args[1]!.ev(ctx, env), app.info) : null;
      const table = tableArg(ctx, args[0], env, self, args, app);
      if (ctx.gas.active) {
        chargeNative(ctx, self, app.info);
        ctx.gas.charge(self.name, { kind: 'GSelect', columns: columns === null ? null : columns.length }, app.info);
      }
      const filterNode = args[args.length - 1]!;
      const filter = fnArg(ctx, filterNode, env, self);
      guardTable(ctx, table, 'keys', app.info);
      const out: PactValue[] = [];
      for (const key of tableKeys(ctx, table, app.info)) {
        const row = readCharged(ctx, self, table, key, app);
        const keep = apply(ctx, filter, [row], app.info);
        if (typeof keep !== 'boolean') {
          throw evalError(filterNode.info, `select: filter returned non-boolean value: ${showValCompact(keep)}`);
        }
        if (keep) out.push(columns === null ? row : selectColumns(table, row, columns, app.info));
      }
      return new PList(out, table.type.t === 'user' ? { t: 'schema', kind: 'object', schema: table.type, partial: null } : tyAny);
    },
  },
  'fold-db': {
    special: (ctx, args, env, app, self) => {
      if (args.length !== 3) throw unreducedArgs(self, args, env, app);
      const t = args[0]!.ev(ctx, env);
      if (!(t instanceof TableRef)) {
        throw forkedError('EvalError', app.info, `Expected table as first argument to foldDB, got: ${showValCompact(t)}`,
          `Expected table as first argument to foldDB, got argument of type: ${typeName(t)}`);
      }
      if (ctx.gas.active) {
        chargeNative(ctx, self, app.info);
        ctx.gas.charge(self.name, GFOLDDB, app.info);
      }
      const query = fnArg(ctx, args[1]!, env, self);
      const consumer = fnArg(ctx, args[2]!, env, self);
      guardTable(ctx, t, 'keys', app.info);
      const out: PactValue[] = [];
      for (const key of tableKeys(ctx, t, app.info)) {
        const row = readCharged(ctx, self, t, key, app);
        const ok = apply(ctx, query, [key, row], app.info);
        if (typeof ok !== 'boolean') {
          throw forkedError('EvalError', app.info, `Unexpected return value from fold-db query condition ${showValCompact(ok)}`,
            `Unexpected return value from fold-db query condition, received value of type: ${typeName(ok)}`);
        }
        if (ok) out.push(apply(ctx, consumer, [key, row], app.info) as PactValue);
      }
      return new PList(out, tyAny);
    },
  },
  txids: {
    fn: (ctx, args, app, self) => {
      const [table, tx] = args;
      if (args.length !== 2 || !(table instanceof TableRef) || typeof tx !== 'bigint') throw badArgs(self, args, app.info);
      checkNonLocalAllowed(ctx, app.info);
      guardTable(ctx, table, 'history', app.info);
      const ids = ctx.db.txids(table.tableId, Number(tx));
      if (ctx.gas.active) for (let i = 0; i < ids.length; i++) ctx.gas.charge(self.name, GREAD_TXID, app.info);
      return new PList(ids.map(BigInt), tyInteger);
    },
  },
  txlog: {
    fn: (ctx, args, app, self) => {
      const [table, tx] = args;
      if (args.length !== 2 || !(table instanceof TableRef) || typeof tx !== 'bigint') throw badArgs(self, args, app.info);
      checkNonLocalAllowed(ctx, app.info);
      guardTable(ctx, table, 'history', app.info);
      const entries = ctx.db.txlog(table.tableId, Number(tx));
      for (const e of entries) chargeRowRead(ctx, self.name, (e.value as PObject).fields.size, app.info);
      return new PList(entries.map((e) => new PObject(new Map<string, PactValue>([
        ['key', e.key], ['table', e.table], ['value', e.value as PObject],
      ]), false)), tyAny);
    },
  },
  keylog: {
    fn: (ctx, args, app, self) => {
      const [table, key, tx] = args;
      if (args.length !== 3 || !(table instanceof TableRef) || typeof key !== 'string' || typeof tx !== 'bigint') {
        throw badArgs(self, args, app.info);
      }
      checkNonLocalAllowed(ctx, app.info);
      guardTable(ctx, table, 'history', app.info);
      const out: PactValue[] = [];
      for (const id of ctx.db.txids(table.tableId, Number(tx))) {
        for (const e of ctx.db.txlog(table.tableId, id)) {
          if (e.key === key) {
            chargeRowRead(ctx, self.name, (e.value as PObject).fields.size, app.info);
            out.push(new PObject(new Map<string, PactValue>([['txid', BigInt(id)], ['value', rowObject(table, e.value as PObject)]]), false));
          }
        }
      }
      return new PList(out, tyAny);
    },
  },
  'describe-table': {
    fn: (_ctx, args, app, self) => {
      const [t] = args;
      if (args.length !== 1 || !(t instanceof TableRef)) throw badArgs(self, args, app.info);
      return new PObject(new Map<string, PactValue>([
        ['module', t.module.name], ['name', t.name], ['type', showType(t.type)],
      ]), false);
    },
  },
});
