/// How Pact 4 stores a user-table row (its `RowData`, Pact.Types.RowData) and reads stored Pact
/// values back. Version 1 (Pact 4.2 and later) wraps the columns as `{"$d":{…},"$v":1}` and tags
/// every object, guard and module reference inside (`{"$t":"o","$v":{…}}`, `"g"`, `"m"`), so a
/// column can never be mistaken for another kind of value; version 0 (`DisablePact42`) is the
/// row's plain Pact-value JSON. Reading accepts both, with the quirks of Pact's own readers: which
/// reading of an ambiguous object wins, and module references keeping where they were made.
import { AesonError, asArray, asObject, asText, fail, integralValue, lookup, optional, required } from './aeson.ts';
import type { JsonPath } from './aeson.ts';
import { Decimal } from './decimal.ts';
import { encodeJson, JsonNumber, JsonObject, parseJson } from './json.ts';
import type { Json } from './json.ts';
import { isSafe, toJson } from './pact-json.ts';
import { decimalOfNumber, keySetOf, parseGuard, parsePactValue, predicateName } from './pact-value.ts';
import { compareCodePoints } from './text.ts';
import { tyAny } from './type.ts';
import { CapabilityGuard, isGuard, KeySet, KeySetRef, ModRef, PactTime, PList, PObject, UserGuard } from './value.ts';
import type { Guard, PactValue, RefSite } from './value.ts';
import { foldValue } from './fold.ts';
import { readingDeep } from './deep-read.ts';

/// `RDV0` (plain Pact-value JSON, before Pact 4.2) or `RDV1` (tagged).
export type RowDataVersion = 0 | 1;

const LEGACY = { legacyOrder: true } as const;

// ---------------------------------------------------------------------------------------------
// Writing

/// A row's stored JSON text, as Pact writes it to the table and into the transaction's log.
/// `refInfo` (version 0 only): module references keep where they were made, as Pact does when
/// `DisablePact49` keeps that information in written values.
///
/// @example encodeRowData(new PObject(new Map([['a', 1n]]), false), 1) // '{"$d":{"a":{"int":1}},"$v":1}'
export function encodeRowData(row: PObject, version: RowDataVersion, refInfo = false): string {
  return encodeJson(rowDataJson(row, version, refInfo), LEGACY);
}

/// The JSON of `encodeRowData`, before it is written out in legacy key order.
export function rowDataJson(row: PObject, version: RowDataVersion, refInfo = false): Json {
  if (version === 0) return toJson(row, refInfo);
  return new JsonObject([['$d', objectMapJson(row.fields)], ['$v', new JsonNumber(1n, 0)]]);
}

function objectMapJson(fields: ReadonlyMap<string, PactValue>): JsonObject {
  const entries: Array<[string, Json]> = [];
  for (const [k, v] of fields) entries.push([k, rowValueJson(v)]);
  return new JsonObject(entries);
}

/// A `RowDataValue`: literals as Pact values, lists as arrays, everything else tagged. A
/// module reference never carries where it was made.
function rowValueJson(v: PactValue): Json {
  return foldValue(v, (x: PactValue, parts: Json[]): Json => {
    if (x instanceof PList) return parts;
    if (x instanceof PObject) {
      const keys = [...x.fields.keys()];
      return tagged('o', new JsonObject(keys.map((k, i) => [k, parts[i]!])));
    }
    if (x instanceof ModRef) return tagged('m', toJson(x, false));
    if (isGuard(x)) return tagged('g', guardJsonWith(x, parts));
    return toJson(x);
  });
}

function tagged(tag: string, v: Json): JsonObject {
  return new JsonObject([['$t', tag], ['$v', v]]);
}

/// A guard laid out as pact-json writes it, with `args` as the JSON of its arguments (user and
/// capability guards): Pact's guards are generic in what they hold, and each container encodes
/// its own.
export function guardJsonWith(g: Guard, args: Json[]): Json {
  // Encoded without its arguments, which are replaced anyway.
  if (g instanceof UserGuard) return withArgs(toJson(new UserGuard(g.fun, [])), 'args', args);
  if (g instanceof CapabilityGuard) return withArgs(toJson(new CapabilityGuard(g.name, [], g.pactId)), 'cgArgs', args);
  return toJson(g);
}

function withArgs(base: Json, key: string, args: Json[]): Json {
  return new JsonObject((base as JsonObject).entries.map(([k, x]): [string, Json] => [k, k === key ? args : x]));
}

/// `{"namespace": ns-or-null, "name": n}` of a module name `ns.n` or `n`.
export function moduleNameJson(name: string): JsonObject {
  const dot = name.indexOf('.');
  return new JsonObject([['namespace', dot < 0 ? null : name.slice(0, dot)], ['name', name.slice(dot + 1)]]);
}

// ---------------------------------------------------------------------------------------------
// Reading

type Reader = (v: Json, path: JsonPath) => PactValue;

/// One reading of a value, and a cheap test of the JSON it could possibly read: a reading that
/// cannot apply is skipped instead of failing (failures are exceptions, too costly per value).
interface Alternative {
  readonly accepts: (v: Json) => boolean;
  readonly read: (v: Json, path: JsonPath, read: Reader) => PactValue;
}

/// aeson's `<|>` over `alternatives`: the first reading that succeeds; when all fail, the last
/// failure. Nested values are read by the same reader.
function reader(alternatives: readonly Alternative[]): Reader {
  const lastIndex = alternatives.length - 1;
  const read: Reader = readingDeep((v, path) => {
    let last: AesonError | undefined;
    for (let i = 0; i <= lastIndex; i++) {
      const alt = alternatives[i]!;
      // The last reading always runs: its failure is the one reported.
      if (i < lastIndex && !alt.accepts(v)) continue;
      try {
        return alt.read(v, path, read);
      } catch (e) {
        if (!(e instanceof AesonError)) throw e;
        last = e;
      }
    }
    throw last!;
  });
  return read;
}

const isObject = (v: Json): boolean => v instanceof JsonObject;
const has = (key: string) => (v: Json): boolean => v instanceof JsonObject && lookup(v, key) !== undefined;
const GUARD_KEYS = ['keys', 'keysetref', 'moduleName', 'pactId', 'fun', 'cgName'];

const LITERAL: Alternative = {
  accepts: (v) => typeof v === 'string' || typeof v === 'boolean' || v instanceof JsonNumber ||
    (v instanceof JsonObject && LITERAL_KEYS.some((k) => lookup(v, k) !== undefined)),
  read: (v, path) => literal(v, path),
};
const LIST: Alternative = { accepts: Array.isArray, read: (v, path, read) => list(v, path, read) };
const GUARD: Alternative = {
  accepts: (v) => v instanceof JsonObject && GUARD_KEYS.some((k) => lookup(v, k) !== undefined),
  read: (v, path, read) => guard(v, path, read),
};
const MOD_REF: Alternative = { accepts: has('refName'), read: (v, path) => modRef(v, path, true) };
const OBJECT_MAP: Alternative = { accepts: isObject, read: (v, path, read) => objectMap(v, path, read) };
const TAGGED: Alternative = { accepts: has('$t'), read: (v, path, read) => taggedValue(v, path, read) };

const LITERAL_KEYS = ['int', 'time', 'timep', 'decimal'];

/// Pact's `Literal` reading: strings, booleans, numbers as decimals, and the `{"int":…}`,
/// `{"time":…}`, `{"timep":…}`, `{"decimal":…}` objects. `parsePactValue` tries exactly this
/// reading first, so a literal result from it means the literal reading succeeded.
function literal(v: Json, path: JsonPath): PactValue {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof JsonNumber) return decimalOfNumber(v);
  if (v instanceof JsonObject && LITERAL_KEYS.some((k) => lookup(v, k) !== undefined)) {
    const lit = parsePactValue(v, path);
    if (typeof lit === 'bigint' || lit instanceof Decimal || lit instanceof PactTime) return lit;
  }
  return fail(path, 'Literal parse failed');
}

function list(v: Json, path: JsonPath, read: Reader): PList {
  return new PList(asArray(v, path, 'Vector').map((x, i) => read(x, [...path, i])), tyAny);
}

/// An `ObjectMap`: fields in ascending key order, as Haskell's `Map` holds them.
function objectMap(v: Json, path: JsonPath, read: Reader): PObject {
  const entries = [...asObject(v, path, 'ObjectMap').entries].sort(([a], [b]) => compareCodePoints(a, b));
  return new PObject(new Map(entries.map(([k, x]) => [k, read(x, [...path, k])])), false);
}

/// A guard, told apart by its exact key set; the arguments of user and capability guards are
/// read by `read` (the shape and names are checked by `parseGuard`, with the arguments set aside).
function guard(v: Json, path: JsonPath, read: Reader): Guard {
  const argsKey = guardArgsKey(v);
  if (argsKey === null) return parseGuard(v, path);
  const o = v as JsonObject;
  const g = parseGuard(new JsonObject(o.entries.map(([k, x]): [string, Json] => [k, k === argsKey ? [] : x])), path);
  const argsPath = [...path, argsKey];
  const args = asArray(required(o, argsKey, path), argsPath).map((x, i) => read(x, [...argsPath, i]));
  if (g instanceof UserGuard) return new UserGuard(g.fun, args);
  if (g instanceof CapabilityGuard) return new CapabilityGuard(g.name, args, g.pactId);
  return g;
}

/// The key holding a user or capability guard's arguments, if `v` has one of those key sets.
function guardArgsKey(v: Json): string | null {
  if (!(v instanceof JsonObject)) return null;
  const keys = v.entries.map(([k]) => k).sort().join(',');
  return keys === 'args,fun' ? 'args' : keys === 'cgArgs,cgName,cgPactId' ? 'cgArgs' : null;
}

/// A `ModuleName` object as dotted text.
export function readModuleName(v: Json, path: JsonPath): string {
  const o = asObject(v, path, 'ModuleName');
  const name = asText(required(o, 'name', path), [...path, 'name']);
  const ns = optional(o, 'namespace');
  return ns === undefined ? name : `${asText(ns, [...path, 'namespace'])}.${name}`;
}

/// A module reference `{"refSpec":…,"refName":…}`; with `keepInfo`, an optional `refInfo`
/// (Pact's `Info`: null, or `{"c":code,"d":[delta…]}`) becomes the reference's site.
function modRef(v: Json, path: JsonPath, keepInfo: boolean): ModRef {
  const o = asObject(v, path, 'ModRef');
  const name = readModuleName(required(o, 'refName', path), [...path, 'refName']);
  const spec = required(o, 'refSpec', path);
  const specPath = [...path, 'refSpec'];
  const ifaces = spec === null ? null : asArray(spec, specPath).map((x, i) => readModuleName(x, [...specPath, i]));
  const info = keepInfo ? optional(o, 'refInfo') : undefined;
  return new ModRef(name, ifaces, info === undefined ? null : storedSite(info, [...path, 'refInfo']));
}

/// A stored `Info`: written back exactly as read.
function storedSite(info: Json, path: JsonPath): RefSite {
  const o = asObject(info, path, 'Info');
  asText(required(o, 'c', path), [...path, 'c']);
  const delta = asArray(required(o, 'd', path), [...path, 'd'], 'Delta');
  if (delta.length < 3 || delta.length > 6) fail(path, 'Delta: invalid JSON');
  return { json: () => info };
}

/// `{"$t": tag, "$v": value}`: an object (`o`), guard (`g`) or module reference (`m`).
function taggedValue(v: Json, path: JsonPath, read: Reader): PactValue {
  const o = asObject(v, path, 'tagged RowData');
  const tag = asText(required(o, '$t', path), [...path, '$t']);
  const value = required(o, '$v', path);
  const at = [...path, '$v'];
  switch (tag) {
    case 'o': return objectMap(value, at, read);
    case 'g': return guard(value, at, read);
    case 'm': return modRef(value, at, false);
    default: return fail(path, 'tagged RowData');
  }
}

/// Pact's `FromJSON PactValue`: literal, list, guard, module reference (keeping `refInfo`), object.
export const readPactValue: Reader = reader([LITERAL, LIST, GUARD, MOD_REF, OBJECT_MAP]);

/// `OldPactValue`, the reading of version-0 rows: as `readPactValue` but trying an object before
/// a module reference, so a reference whose names all have namespaces (nothing null inside)
/// reads back as a plain object.
const readOldPactValue: Reader = reader([LITERAL, LIST, GUARD, OBJECT_MAP, MOD_REF]);

/// `RowDataValue`: literal, list, or tagged value.
const readRowDataValue: Reader = reader([LITERAL, LIST, TAGGED]);

/// A guard whose arguments are Pact values (`FromJSON (Guard PactValue)`), as stored keysets,
/// namespaces and defpact states hold them.
export function readGuard(v: Json, path: JsonPath): Guard {
  return guard(v, path, readPactValue);
}

/// A row read back: its columns, and the version it was written in.
export interface StoredRow {
  readonly version: RowDataVersion;
  readonly row: PObject;
}

/// Pact's `FromJSON RowData`: `{"$v":0|1,"$d":{…}}` with tagged values, else a version-0 row of
/// plain values. Throws `AesonError` when neither reading fits.
export function readRowData(v: Json, path: JsonPath = []): StoredRow {
  try {
    return versioned(v, path);
  } catch (e) {
    if (!(e instanceof AesonError)) throw e;
  }
  return { version: 0, row: objectMap(v, path, readOldPactValue) };
}

function versioned(v: Json, path: JsonPath): StoredRow {
  const o = asObject(v, path, 'RowData');
  const version = rowDataVersion(required(o, '$v', path), [...path, '$v']);
  return { version, row: objectMap(required(o, '$d', path), [...path, '$d'], readRowDataValue) };
}

/// `RowDataVersion`: the number 0 or 1 (any spelling of it, `1.0` included).
function rowDataVersion(v: Json, path: JsonPath): RowDataVersion {
  const n = v instanceof JsonNumber ? integralValue(v) : undefined;
  if (n === 0n || n === 1n) return Number(n) as RowDataVersion;
  return fail(path, 'RowDataVersion');
}

/// The columns of a stored row's JSON text (either version). Throws `JsonParseError` or
/// `AesonError` on text Pact could not read.
///
/// @example decodeRowData('{"$d":{"a":{"int":1}},"$v":1}').fields.get('a') // 1n
export function decodeRowData(text: string): PObject {
  return readRowData(parseJson(text)).row;
}

// ---------------------------------------------------------------------------------------------
// Reading back what was written

/// What reading `encodeRowData(row, 1)` back gives (`decodeRowData`), worked out on the values
/// themselves: objects with their keys in code-point order, decimals normalised, lists untyped.
/// Only for rows of plain values (strings, booleans, integers, decimals, lists, objects,
/// keysets and keyset references), which is what most tables hold; undefined for any other row, whose text must be
/// read.
///
/// @example readBackRow(new PObject(new Map([['b', Decimal.parse('1.50')!], ['a', 1n]]), true)) // {a: 1n, b: 1.5}
export function readBackRow(row: PObject): PObject | undefined {
  return readBackObject(row);
}

function readBackObject(o: PObject): PObject | undefined {
  const entries: Array<[string, PactValue]> = [];
  for (const [k, v] of o.fields) {
    const back = readBackValue(v);
    if (back === undefined) return undefined;
    entries.push([k, back]);
  }
  entries.sort(([a], [b]) => compareCodePoints(a, b));
  return new PObject(new Map(entries), false);
}

function readBackValue(v: PactValue): PactValue | undefined {
  switch (typeof v) {
    case 'bigint':
    case 'boolean':
      return v;
    // A lone surrogate is not kept by the text (it reads back as U+FFFD).
    case 'string': return v.isWellFormed() ? v : undefined;
  }
  // A decimal too long for a JSON number is written as its text.
  if (v instanceof Decimal) return isSafe(v.mantissa) ? v.normalize() : Decimal.parse(v.toString());
  if (v instanceof PObject) return readBackObject(v);
  if (v instanceof PList) {
    const items: PactValue[] = [];
    for (const x of v.items) {
      const back = readBackValue(x);
      if (back === undefined) return undefined;
      items.push(back);
    }
    return new PList(items, tyAny);
  }
  if (v instanceof KeySetRef) return v;
  if (v instanceof KeySet) {
    const pred = predicateName(v.pred);
    return pred === undefined ? undefined : keySetOf(v.keys, pred);
  }
  return undefined;
}
