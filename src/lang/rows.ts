/// The rows of a Pact 4 database as the node stores them: each table's values as the JSON text
/// Pact 4.13 writes (into the table and into the transaction's log) and reads back. User tables
/// hold `RowData` (values/row-data.ts); the system tables hold keysets, namespaces, defpact
/// states and the owners of user tables. Compiled modules are encoded elsewhere and handed in.
import { AesonError, asArray, asBool, asInt, asObject, asText, optional, required } from '../values/aeson.ts';
import type { JsonPath } from '../values/aeson.ts';
import { encodeJson, JsonNumber, JsonObject, JsonParseError, parseJson } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { toJson } from '../values/pact-json.ts';
import { qualifiedName } from '../values/pact-value.ts';
import {
  decodeRowData, encodeRowData, guardJsonWith, moduleNameJson, readBackRow, readGuard, readModuleName, readPactValue,
} from '../values/row-data.ts';
import { compareCodePoints } from '../values/text.ts';
import { CapabilityGuard, elideSite, KeySet, UserGuard } from '../values/value.ts';
import type { Guard, PactValue, PObject } from '../values/value.ts';
import { PactError } from './errors.ts';
import { KEYSETS_TABLE } from './guards.ts';
import { NAMESPACES_TABLE } from './namespaces.ts';
import type { Namespace } from './namespaces.ts';
import { PACTS_TABLE } from './pacts.ts';
import type { PactContinuation, PactExec, Provenance, Yield } from './pacts.ts';
import { USER_TABLES_TABLE } from './tables.ts';
import type { UserTableInfo } from './tables.ts';

const MODULES_TABLE = 'SYS_modules';
const LEGACY = { legacyOrder: true } as const;

/// Encodes and decodes the rows of `SYS_modules` (compiled modules and interfaces).
export interface ModuleCodec {
  encode(value: unknown): string;
  decode(key: string, json: string): unknown;
}

/// The row codec of a Pact 4 database: what the SQLite store calls to turn the evaluator's row
/// values into stored JSON text and back. `flags` are the node's execution flags, which decide
/// the user-row version (`DisablePact42`: version 0) and whether written module references keep
/// where they were made (`DisablePact49`).
///
/// @example new PactRowCodec(modules, new Set()).encode('SYS_pacts', null) // 'null'
export class PactRowCodec {
  private readonly modules: ModuleCodec;
  private readonly flags: ReadonlySet<string>;

  constructor(modules: ModuleCodec, flags: ReadonlySet<string>) {
    this.modules = modules;
    this.flags = flags;
  }

  /// The stored JSON text of `value` in `table`.
  encode(table: string, value: unknown): string {
    switch (table) {
      case MODULES_TABLE: return this.modules.encode(value);
      case KEYSETS_TABLE: return encodeJson(toJson(value as KeySet), LEGACY);
      case NAMESPACES_TABLE: return encodeJson(namespaceJson(value as Namespace), LEGACY);
      case PACTS_TABLE: return encodeJson(storedPactJson(value as PactExec | null, this.refInfo()), LEGACY);
      case USER_TABLES_TABLE: return encodeJson(userTableInfoJson(value as UserTableInfo), LEGACY);
    }
    if (isUserTable(table)) return encodeRowData(value as PObject, this.flags.has('DisablePact42') ? 0 : 1, this.refInfo());
    throw new Error(`no row encoding for table ${table}`);
  }

  /// The evaluator's value of a stored row. Text Pact could not read is a database error.
  decode(table: string, key: string, json: string): unknown {
    if (table === MODULES_TABLE) return this.modules.decode(key, json);
    try {
      return decodeRow(table, json);
    } catch (e) {
      if (e instanceof AesonError || e instanceof JsonParseError) {
        throw new PactError('DbError', null, `Failed to reify DB value for ${table} ${key}: ${e.message}`);
      }
      throw e;
    }
  }

  /// Whether the store may keep a written value instead of decoding its text again: only where
  /// reading back gives the very same value. User rows, namespaces and defpact states do not
  /// (decimals lose their scale, times their milliseconds, objects their order), modules are
  /// rebuilt at great cost and are the same once rebuilt.
  cached(table: string): boolean {
    return table === MODULES_TABLE || table === KEYSETS_TABLE || table === USER_TABLES_TABLE;
  }

  /// A user row of plain values (version 1 rows, since Pact 4.2) as it reads back.
  readBack(table: string, value: unknown): unknown {
    return isUserTable(table) && !this.flags.has('DisablePact42') ? readBackRow(value as PObject) : undefined;
  }

  /// Written values keep module-reference sites only under `DisablePact49` (Pact's
  /// `enforcePactValue` strips them otherwise).
  private refInfo(): boolean {
    return this.flags.has('DisablePact49');
  }
}

function isUserTable(table: string): boolean {
  return table.startsWith('USER_');
}

function decodeRow(table: string, json: string): unknown {
  if (isUserTable(table)) return decodeRowData(json);
  const v = parseJson(json);
  switch (table) {
    case KEYSETS_TABLE: return readKeySet(v, []);
    case NAMESPACES_TABLE: return readNamespace(v, []);
    case PACTS_TABLE: return v === null ? null : readPactExec(v, []);
    case USER_TABLES_TABLE: return readUserTableInfo(v, []);
  }
  throw new Error(`no row decoding for table ${table}`);
}

// ---------------------------------------------------------------------------------------------
// Keysets

/// Pact's `FromJSON KeySet`: `{"keys":[…],"pred":…}` (the predicate defaulting to `keys-all`) or
/// a bare list of keys.
export function readKeySet(v: Json, path: JsonPath): KeySet {
  let keys: Json;
  let pred: Json = 'keys-all';
  if (Array.isArray(v)) keys = v;
  else {
    const o = asObject(v, path, 'KeySet');
    keys = required(o, 'keys', path);
    pred = optional(o, 'pred') ?? pred;
  }
  // The guard reader checks the keys and the predicate's name exactly as Pact's KeySet reader.
  return readGuard(new JsonObject([['keys', keys], ['pred', pred]]), path) as KeySet;
}

// ---------------------------------------------------------------------------------------------
// Namespaces

/// `{"admin":guard,"user":guard,"name":ns}`. The guards' arguments are written as Pact's
/// `toGuardPactValue` leaves them: without the site of a module reference given directly, with
/// the sites of references nested deeper.
export function namespaceJson(ns: Namespace): JsonObject {
  return new JsonObject([['admin', namespaceGuardJson(ns.admin)], ['user', namespaceGuardJson(ns.user)], ['name', ns.name]]);
}

function namespaceGuardJson(g: Guard): Json {
  const args = g instanceof UserGuard || g instanceof CapabilityGuard ? g.args : [];
  return guardJsonWith(g, args.map((a) => toJson(elideSite(a), true)));
}

/// Pact's `FromJSON (Namespace PactValue)`: the name and both guards.
export function readNamespace(v: Json, path: JsonPath): Namespace {
  const o = asObject(v, path, 'Namespace');
  return {
    name: asText(required(o, 'name', path), [...path, 'name']),
    user: readGuard(required(o, 'user', path), [...path, 'user']),
    admin: readGuard(required(o, 'admin', path), [...path, 'admin']),
  };
}

// ---------------------------------------------------------------------------------------------
// User tables

/// `{"utModule":{"namespace":…,"name":…}}`.
export function userTableInfoJson(info: UserTableInfo): JsonObject {
  return new JsonObject([['utModule', moduleNameJson(info.module)]]);
}

/// Pact's `FromJSON UserTableInfo`.
export function readUserTableInfo(v: Json, path: JsonPath): UserTableInfo {
  const o = asObject(v, path, 'UserTableInfo');
  return { module: readModuleName(required(o, 'utModule', path), [...path, 'utModule']) };
}

// ---------------------------------------------------------------------------------------------
// Defpact states

/// A `SYS_pacts` row: the state of a running defpact, or `null` once it has finished.
function storedPactJson(exec: PactExec | null, refInfo: boolean): Json {
  return exec === null ? null : pactExecJson(exec, refInfo);
}

/// Pact's `PactExec` JSON (stored in `SYS_pacts` and reported as a result's `continuation`):
/// `nested` (only when there are nested defpacts), `executed`, `pactId`, `stepHasRollback`,
/// `step`, `yield`, `continuation`, `stepCount`. The continuation's arguments and the yielded
/// values never keep the site of a module reference given directly; deeper ones keep theirs
/// only with `refInfo` (`DisablePact49`), as Pact's `enforcePactValue` leaves them.
export function pactExecJson(exec: PactExec, refInfo: boolean): JsonObject {
  return execJson(exec, refInfo, false);
}

/// A nested defpact (Pact's `NestedPactExec`) always writes `nested` and never `stepHasRollback`.
function execJson(e: PactExec, refInfo: boolean, nested: boolean): JsonObject {
  const entries: Array<[string, Json]> = [];
  if (nested || e.nested.size > 0) {
    const inner: Array<[string, Json]> = [...e.nested].map(([id, n]) => [id, execJson(n, refInfo, true)]);
    entries.push(['nested', new JsonObject(inner)]);
  }
  entries.push(['executed', e.executed], ['pactId', e.pactId]);
  if (!nested) entries.push(['stepHasRollback', e.stepHasRollback]);
  entries.push(
    ['step', int(e.step)],
    ['yield', e.yield === null ? null : yieldJson(e.yield, refInfo)],
    ['continuation', continuationJson(e.continuation, refInfo)],
    ['stepCount', int(e.stepCount)],
  );
  return new JsonObject(entries);
}

function int(n: number): JsonNumber {
  return new JsonNumber(BigInt(n), 0);
}

function storedValueJson(v: PactValue, refInfo: boolean): Json {
  return toJson(elideSite(v), refInfo);
}

/// `{"data":{…},"source":…,"provenance":…}`; `source` only when the yield names one.
function yieldJson(y: Yield, refInfo: boolean): JsonObject {
  const data: Array<[string, Json]> = [...y.data].map(([k, v]) => [k, storedValueJson(v, refInfo)]);
  const entries: Array<[string, Json]> = [['data', new JsonObject(data)]];
  if (y.source !== null) entries.push(['source', y.source]);
  entries.push(['provenance', y.provenance === null ? null : provenanceJson(y.provenance)]);
  return new JsonObject(entries);
}

function provenanceJson(p: Provenance): JsonObject {
  return new JsonObject([['targetChainId', p.targetChainId], ['moduleHash', p.moduleHash]]);
}

function continuationJson(c: PactContinuation, refInfo: boolean): JsonObject {
  return new JsonObject([['args', c.args.map((a) => storedValueJson(a, refInfo))], ['def', c.def]]);
}

/// Pact's `FromJSON PactExec`. A nested defpact does not store `stepHasRollback`; it always
/// equals its parent's (Pact refuses a nested defpact whose rollback differs), so it is taken
/// from there.
export function readPactExec(v: Json, path: JsonPath): PactExec {
  const o = asObject(v, path, 'PactExec');
  const stepHasRollback = asBool(required(o, 'stepHasRollback', path), [...path, 'stepHasRollback']);
  return readExec(o, path, stepHasRollback, optional(o, 'nested') ?? new JsonObject([]));
}

function readExec(o: JsonObject, path: JsonPath, stepHasRollback: boolean, nested: Json): PactExec {
  const at = (k: string): JsonPath => [...path, k];
  const y = required(o, 'yield', path);
  const executed = required(o, 'executed', path);
  return {
    stepCount: asInt(required(o, 'stepCount', path), at('stepCount')),
    yield: y === null ? null : readYield(y, at('yield')),
    executed: executed === null ? null : asBool(executed, at('executed')),
    step: asInt(required(o, 'step', path), at('step')),
    pactId: asText(required(o, 'pactId', path), at('pactId')),
    continuation: readContinuation(required(o, 'continuation', path), at('continuation')),
    stepHasRollback,
    nested: readNested(nested, at('nested'), stepHasRollback),
  };
}

function readNested(v: Json, path: JsonPath, stepHasRollback: boolean): ReadonlyMap<string, PactExec> {
  const entries = [...asObject(v, path, 'Map').entries].sort(([a], [b]) => compareCodePoints(a, b));
  return new Map(entries.map(([id, x]) => {
    const at = [...path, id];
    const o = asObject(x, at, 'NestedPactExec');
    return [id, readExec(o, at, stepHasRollback, required(o, 'nested', at))];
  }));
}

function readYield(v: Json, path: JsonPath): Yield {
  const o = asObject(v, path, 'Yield');
  const dataPath = [...path, 'data'];
  const fields = [...asObject(required(o, 'data', path), dataPath, 'ObjectMap').entries]
    .sort(([a], [b]) => compareCodePoints(a, b));
  const p = required(o, 'provenance', path);
  const source = optional(o, 'source');
  return {
    data: new Map(fields.map(([k, x]) => [k, readPactValue(x, [...dataPath, k])])),
    provenance: p === null ? null : readProvenance(p, [...path, 'provenance']),
    source: source === undefined ? null : asText(source, [...path, 'source']),
  };
}

function readProvenance(v: Json, path: JsonPath): Provenance {
  const o = asObject(v, path, 'Provenance');
  return {
    targetChainId: asText(required(o, 'targetChainId', path), [...path, 'targetChainId']),
    moduleHash: asText(required(o, 'moduleHash', path), [...path, 'moduleHash']),
  };
}

function readContinuation(v: Json, path: JsonPath): PactContinuation {
  const o = asObject(v, path, 'PactContinuation');
  const argsPath = [...path, 'args'];
  return {
    def: qualifiedName(required(o, 'def', path), [...path, 'def']),
    args: asArray(required(o, 'args', path), argsPath).map((x, i) => readPactValue(x, [...argsPath, i])),
  };
}
