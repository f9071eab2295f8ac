/// User tables as the language sees them: access guarded by module (own module's code, or module
/// admin otherwise), purity of the current context, schema checks, and Pact's write semantics
/// (write and update merge into the existing row).
import type { Info } from '../syntax/exp.ts';
import { PObject, overlayFields } from '../values/value.ts';
import { callingModule, guardForModuleCall } from './caps.ts';
import type { Ctx } from './context.ts';
import { PactError, evalError, showPactError } from './errors.ts';
import type { TableRef } from './runtime.ts';
import { checkObject } from './typecheck.ts';

export type WriteType = 'insert' | 'update' | 'write';
export type TableOp = 'read' | 'write' | 'keys' | 'create' | 'history';

/// Runs a database operation; its failures become Pact's wrapped database errors.
export function dbMethod<T>(ctx: Ctx, info: Info, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof PactError) throw new PactError('DbError', info, showPactError(e, ctx.onChainErrors()));
    throw e;
  }
}

function dbError(message: string): PactError {
  return new PactError('DbError', null, message);
}

/// Where database writes, and where reads, are allowed.
const IMPURE: readonly Ctx['purity'][] = ['impure'];
const READING: readonly Ctx['purity'][] = ['impure', 'readonly'];

function disallowed(ctx: Ctx, op: string, allowedIn: readonly Ctx['purity'][]): void {
  if (!allowedIn.includes(ctx.purity)) throw new PactError('EvalError', null, `Illegal database access attempt (${op})`);
}

/// Pact's `guardTable`: the table's own module may use it (if the module version that defined
/// the table is current or blessed); other code needs module admin.
export function guardTable(ctx: Ctx, table: TableRef, op: TableOp, info: Info): void {
  if (op !== 'write' && op !== 'create' && ctx.flag('AllowReadInLocal')) return;
  const name = table.module.name;
  if (callingModule(ctx) === name) {
    const current = ctx.lookupModule(name);
    const h = table.module.hash;
    if (current !== undefined && current.hash !== h && !current.blessed.includes(h)) {
      throw evalError(info, `Execution aborted, hash not blessed for module ${name}: ${h}`);
    }
    return;
  }
  guardForModuleCall(ctx, name, info);
}

/// Where Pact records which module owns each user table, keyed by the table's name.
export const USER_TABLES_TABLE = 'SYS_usertables';

/// A row of `SYS_usertables` (Pact's `UserTableInfo`): the module that defined the table.
export interface UserTableInfo {
  readonly module: string;
}

/// The name Pact keys a user table by (`<module>_<table>`, the table id without `USER_`).
export function userTableName(table: TableRef): string {
  return `${table.module.name}_${table.name}`;
}

/// Creates the table, first recording its module in `SYS_usertables` as Pact's
/// `createUserTable'` does (that write is part of the transaction's log).
export function createTable(ctx: Ctx, table: TableRef, info: Info): void {
  dbMethod(ctx, info, () => {
    disallowed(ctx, 'createUserTable', IMPURE);
    if (ctx.db.hasTable(table.tableId)) throw dbError(`createTable: already exists: ${table.tableId}`);
    const owner: UserTableInfo = { module: table.module.name };
    ctx.db.write(USER_TABLES_TABLE, userTableName(table), owner);
    ctx.db.createTable(table.tableId);
  });
}

export function readRow(ctx: Ctx, table: TableRef, key: string, info: Info): PObject | undefined {
  return dbMethod(ctx, info, () => {
    disallowed(ctx, 'readRow', READING);
    if (!ctx.db.hasTable(table.tableId)) throw dbError(`query: no such table: ${table.tableId}`);
    return ctx.db.read(table.tableId, key) as PObject | undefined;
  });
}

export function tableKeys(ctx: Ctx, table: TableRef, info: Info): string[] {
  return dbMethod(ctx, info, () => {
    disallowed(ctx, 'keys', READING);
    if (!ctx.db.hasTable(table.tableId)) throw dbError(`query: no such table: ${table.tableId}`);
    return ctx.db.keys(table.tableId);
  });
}

/// Checks the object against the table's schema, then inserts, updates or upserts; an update
/// or an upsert over an existing row keeps the columns the object does not mention.
export function writeRow(ctx: Ctx, table: TableRef, type: WriteType, key: string, obj: PObject, info: Info): void {
  const rowType = type === 'update' ? table.updateType : table.rowType;
  if (rowType !== null) checkObject(info, rowType, obj);
  dbMethod(ctx, info, () => {
    disallowed(ctx, 'writeRow', IMPURE);
    if (!ctx.db.hasTable(table.tableId)) throw dbError(`writeValue: no such table: ${table.tableId}`);
    const old = ctx.db.read(table.tableId, key) as PObject | undefined;
    if (old !== undefined && type === 'insert') throw dbError(`Insert: row found for key ${key}`);
    if (old === undefined && type === 'update') throw dbError(`Update: no row found for key ${key}`);
    ctx.db.write(table.tableId, key, new PObject(overlayFields(old?.fields, obj.fields), false));
  });
}

/// Reads that Pact refuses in transactional mode when history is disabled.
export function checkNonLocalAllowed(ctx: Ctx, info: Info): void {
  if (ctx.env.mode === 'transactional' && ctx.flag('DisableHistoryInTransactionalMode')) throw evalError(info, 'Operation only permitted in local execution mode');
}
