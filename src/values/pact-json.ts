/// The JSON encoding of Pact values (language spec §5.15), used by `hash`, principals, pact ids,
/// results sent to clients and anything else that writes a value as JSON.
import { Decimal } from './decimal.ts';
import { hashText } from './hash.ts';
import { encodeJson, JsonNumber, JsonObject } from './json.ts';
import type { Json } from './json.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, NotAValue, PactGuard, PactTime, PList, PObject, UserGuard, isGuard,
} from './value.ts';
import type { PactValue } from './value.ts';
import { foldValue } from './fold.ts';

// Integers and mantissas beyond ±(2^53 − 1) would lose digits in JavaScript clients, so Pact
// writes them as strings.
const MAX_SAFE = 9007199254740991n;

/// Whether an integer (or a decimal's mantissa) is written as a JSON number, not as text.
export function isSafe(i: bigint): boolean {
  return i <= MAX_SAFE && i >= -MAX_SAFE;
}

/// A Pact value as JSON, with Pact's own field names and order. Objects keep their print order;
/// `encodeJson(…, { legacyOrder: true })` gives the bytes Pact writes and hashes.
export function toJson(v: PactValue, refInfo = false): Json {
  return foldValue(v, refInfo ? jsonWithSites : jsonWithoutSites);
}

const jsonWithSites = (v: PactValue, parts: Json[]): Json => valueJson(v, parts, true);
const jsonWithoutSites = (v: PactValue, parts: Json[]): Json => valueJson(v, parts, false);

/// A value's JSON given the JSON of the values it holds.
function valueJson(v: PactValue, parts: Json[], refInfo: boolean): Json {
  switch (typeof v) {
    case 'bigint': return integerJson(v);
    case 'string':
    case 'boolean':
      return v;
  }
  if (v instanceof Decimal) return decimalJson(v);
  if (v instanceof PList) return parts;
  if (v instanceof PObject) {
    const entries: Array<[string, Json]> = [];
    let i = 0;
    for (const k of v.fields.keys()) entries.push([k, parts[i++]!]);
    return new JsonObject(entries);
  }
  if (v instanceof PactTime) return timeJson(v.micros);
  if (!isGuard(v) && !(v instanceof ModRef)) throw new NotAValue(v);
  return guardOrRefJson(v, parts, refInfo);
}

function integerJson(i: bigint): JsonObject {
  return new JsonObject([['int', isSafe(i) ? new JsonNumber(i, 0) : i.toString()]]);
}

/// Pact converts a decimal to an exact rational and then to a `Scientific`, so a whole value is
/// written as an integer (`1.0` → `1`) and any other in normalised generic form (`0.05` →
/// `5.0e-2`). Whether it fits is judged on the mantissa as stored, before normalising.
function decimalJson(d: Decimal): Json {
  if (!isSafe(d.mantissa)) return new JsonObject([['decimal', d.toString()]]);
  if (d.isInteger()) return new JsonNumber(d.floorToInteger(), 0);
  return new JsonNumber(d.mantissa, -d.scale);
}

/// `{"time": …}` when the microseconds are a whole number of milliseconds, else `{"timep": …}`.
/// Pact tests divisibility by 1000 where it meant 1000000 (a fork would be needed to fix it), so
/// whole-millisecond fractions are dropped.
function timeJson(micros: bigint): JsonObject {
  if (micros % 1000n === 0n) return new JsonObject([['time', formatIsoSeconds(micros)]]);
  return new JsonObject([['timep', formatIsoMicros(micros)]]);
}

/// `args`: the JSON of a user or capability guard's arguments. `refInfo`: module references keep
/// where they were made (`refInfo`), as before Pact 4.9.
function guardOrRefJson(v: KeySet | KeySetRef | ModuleGuard | PactGuard | UserGuard | CapabilityGuard | ModRef, args: Json[], refInfo: boolean): Json {
  if (v instanceof KeySet) return new JsonObject([['pred', v.pred], ['keys', v.keys.slice()]]);
  if (v instanceof KeySetRef) return new JsonObject([['keysetref', keySetNameJson(v.name)]]);
  if (v instanceof ModuleGuard) return new JsonObject([['moduleName', moduleNameJson(v.module)], ['name', v.name]]);
  if (v instanceof PactGuard) return new JsonObject([['pactId', v.pactId], ['name', v.name]]);
  if (v instanceof UserGuard) return new JsonObject([['args', args], ['fun', v.fun]]);
  if (v instanceof CapabilityGuard) {
    return new JsonObject([['cgPactId', v.pactId], ['cgArgs', args], ['cgName', v.name]]);
  }
  const spec: [string, Json] = ['refSpec', v.ifaces === null ? null : v.ifaces.map(moduleNameJson)];
  const name: [string, Json] = ['refName', moduleNameJson(v.name)];
  return new JsonObject(refInfo && v.site !== null ? [spec, ['refInfo', v.site.json()], name] : [spec, name]);
}

/// `{"namespace": ns-or-null, "name": n}` for `ns.n` or `n`.
function moduleNameJson(name: string): JsonObject {
  const dot = name.indexOf('.');
  const ns = dot < 0 ? null : name.slice(0, dot);
  return new JsonObject([['namespace', ns], ['name', dot < 0 ? name : name.slice(dot + 1)]]);
}

/// A plain keyset name is a string; a namespaced one `{"ns": ns, "ksn": name}`.
function keySetNameJson(name: string): Json {
  const dot = name.indexOf('.');
  if (dot < 0) return name;
  return new JsonObject([['ns', name.slice(0, dot)], ['ksn', name.slice(dot + 1)]]);
}

/// The `hash` native: a string hashes its UTF-8 bytes, any other value its compact JSON in
/// legacy key order.
///
/// @example hashValue(new PObject(new Map([['foo', 1n]]), true)) // 'h9BZgylRf_M4HxcBXr15IcSXXXSz74ZC2IAViGle_z4'
export function hashValue(v: PactValue, refInfo = false): string {
  return hashText(typeof v === 'string' ? v : encodeJson(toJson(v, refInfo), { legacyOrder: true }));
}

// ---------------------------------------------------------------------------------------------
// Time text

const MICROS_PER_SECOND = 1000000n;
const SECONDS_PER_DAY = 86400;

/// `%Y-%m-%dT%H:%M:%SZ` of a time in microseconds since the epoch; the fraction is dropped
/// (rounding toward −∞, so the second shown is the one the instant lies in).
///
/// @example formatIsoSeconds(1469186795000000n) // '2016-07-22T11:26:35Z'
export function formatIsoSeconds(micros: bigint): string {
  return formatDateTime(floorDiv(micros, MICROS_PER_SECOND)) + 'Z';
}

/// `%Y-%m-%dT%H:%M:%S.%vZ`: as `formatIsoSeconds` plus six digits of microseconds.
///
/// @example formatIsoMicros(1469186795000001n) // '2016-07-22T11:26:35.000001Z'
export function formatIsoMicros(micros: bigint): string {
  const seconds = floorDiv(micros, MICROS_PER_SECOND);
  const fraction = micros - seconds * MICROS_PER_SECOND;
  return `${formatDateTime(seconds)}.${fraction.toString().padStart(6, '0')}Z`;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b < 0n ? q - 1n : q;
}

/// `%Y-%m-%dT%H:%M:%S` of whole seconds since the epoch (proleptic Gregorian, UTC).
function formatDateTime(seconds: bigint): string {
  // Signed 64-bit microseconds span under 2^38 seconds, so these are exact doubles.
  const s = Number(seconds);
  const days = Math.floor(s / SECONDS_PER_DAY);
  const secOfDay = s - days * SECONDS_PER_DAY;
  const [y, m, d] = civilFromDays(days);
  const hh = Math.floor(secOfDay / 3600);
  const mm = Math.floor((secOfDay % 3600) / 60);
  const ss = secOfDay % 60;
  return `${formatYear(y)}-${pad2(m)}-${pad2(d)}T${pad2(hh)}:${pad2(mm)}:${pad2(ss)}`;
}

/// Year, month (1–12) and day (1–31) of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, which works on 400-year eras).
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return [y, m, d];
}

/// `%Y`: at least four digits, with a leading `-` for negative (astronomical) years.
function formatYear(y: number): string {
  const digits = Math.abs(y).toString().padStart(4, '0');
  return y < 0 ? `-${digits}` : digits;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}
