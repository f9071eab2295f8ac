/// Reading Pact values from JSON as Pact's `FromJSON PactValue` does (capability arguments,
/// verifier proofs): the first reading that fits wins, in Pact's order — literal, list, guard,
/// module reference, object — and a value that fits none reports the object reading's failure.
import { Decimal, MAX_SCALE } from './decimal.ts';
import { JsonNumber, JsonObject } from './json.ts';
import type { Json } from './json.ts';
import { parseTime } from './time.ts';
import { tyAny } from './type.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, PList, PObject, UserGuard,
} from './value.ts';
import type { Guard, PactValue } from './value.ts';
import {
  AesonError, asArray, digits, asObject, asText, fail, integralValue, lookup, optional, required,
} from './aeson.ts';
import type { JsonPath } from './aeson.ts';
import { showString } from './haskell-show.ts';
import { readingDeep } from './deep-read.ts';

/// Decodes a Pact value at `path`; throws `AesonError`.
export const parsePactValue: (v: Json, path: JsonPath) => PactValue =
  readingDeep((v, path) => firstOf(v, path, [literal, list, parseGuard, modRef, object]));

type Reader = (v: Json, path: JsonPath) => PactValue;

/// aeson's `<|>`: the first reader that succeeds; when all fail, the last one's failure.
function firstOf(v: Json, path: JsonPath, readers: readonly Reader[]): PactValue {
  let last: AesonError | undefined;
  for (const read of readers) {
    try {
      return read(v, path);
    } catch (e) {
      if (!(e instanceof AesonError)) throw e;
      last = e;
    }
  }
  throw last!;
}

function literal(v: Json, path: JsonPath): PactValue {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof JsonNumber) return decimalOfNumber(v);
  if (v instanceof JsonObject) {
    // The readers that need a key `v` lacks would fail: they are skipped (failures are
    // exceptions, too costly for every stored decimal); the last always runs, as its failure is
    // the one reported.
    const readers: Reader[] = [];
    if (lookup(v, 'int') !== undefined) readers.push(integerObject);
    if (lookup(v, 'time') !== undefined || lookup(v, 'timep') !== undefined) readers.push(timeObject);
    readers.push(decimalObject);
    return firstOf(v, path, readers);
  }
  return fail(path, 'Literal parse failed');
}

/// Haskell's `fromRational . toRational` from a JSON number to a `Decimal`: exact up to 255
/// places (then rounded half-even), trailing zeros dropped.
export function decimalOfNumber(n: JsonNumber): Decimal {
  if (n.exponent >= 0) return new Decimal(integralValue(n)!, 0);
  // Too small to show in 255 places: zero (without computing the exact value first).
  if (-n.exponent > digits(n.coefficient) + MAX_SCALE + 1) return new Decimal(0n, 0);
  // A scale beyond 255 is fine for the intermediate value: `round` brings it back in range.
  const exact = new Decimal(n.coefficient, -n.exponent);
  return (exact.scale > MAX_SCALE ? exact.round(MAX_SCALE) : exact).normalize();
}

/// Haskell's `round` (half to even) of a JSON number to an integer.
export function roundNumber(n: JsonNumber): bigint {
  const whole = integralValue(n);
  if (whole !== undefined) return whole;
  // Below one half in size: zero (without computing 10^places first).
  if (-n.exponent > digits(n.coefficient)) return 0n;
  return new Decimal(n.coefficient, -n.exponent).roundToInteger();
}

function integerObject(v: Json, path: JsonPath): PactValue {
  const o = asObject(v, path, 'Integer');
  const i = required(o, 'int', path);
  if (i instanceof JsonNumber) return roundNumber(i);
  if (typeof i === 'string' && /^\s*-?[0-9]+\s*$/.test(i)) return BigInt(i.trim());
  return fail(path, `Invalid integer value: ${showAesonValue(i)}`);
}

function decimalObject(v: Json, path: JsonPath): PactValue {
  const o = asObject(v, path, 'Decimal');
  const d = required(o, 'decimal', path);
  const parsed = typeof d === 'string' ? Decimal.parse(d.trim()) : undefined;
  if (parsed === undefined) {
    return fail(path, typeof d === 'string' ? `Invalid decimal value: ${showString(d)}` : 'Invalid decimal value');
  }
  return parsed;
}

// Pact's JSON time formats: whole seconds, and with microseconds (`timep`).
const TIME_FORMAT = '%Y-%m-%dT%H:%M:%SZ';
const TIMEP_FORMAT = '%Y-%m-%dT%H:%M:%S.%vZ';

/// `{"time": …}` or, failing that, `{"timep": …}`.
function timeObject(v: Json, path: JsonPath): PactValue {
  const o = asObject(v, path, 'time');
  const t = lookup(o, 'time');
  const micros = typeof t === 'string' ? parseTime(TIME_FORMAT, t) : undefined;
  if (micros !== undefined) return new PactTime(micros);
  const p = required(o, 'timep', path);
  const microsP = typeof p === 'string' ? parseTime(TIMEP_FORMAT, p) : undefined;
  if (microsP === undefined) return fail(path, `Invalid time value, expected ${TIMEP_FORMAT}`);
  return new PactTime(microsP);
}

function list(v: Json, path: JsonPath): PactValue {
  const items = asArray(v, path, 'Vector');
  return new PList(items.map((x, i) => parsePactValue(x, [...path, i])), tyAny);
}

const GUARD_PROPS = new Set([
  'args', 'cgArgs', 'cgName', 'cgPactId', 'fun', 'keys', 'keysetref', 'ksn', 'moduleName', 'name', 'ns', 'pactId', 'pred',
]);

/// Guards are told apart by their exact key set.
export function parseGuard(v: Json, path: JsonPath): Guard {
  const keys = v instanceof JsonObject ? v.entries.map(([k]) => k).sort() : [];
  const o = v as JsonObject;
  switch (keys.join(',')) {
    case 'keys,pred': return keySet(o, path);
    case 'keysetref': {
      const name = required(o, 'keysetref', path);
      return new KeySetRef(keySetName(name, [...path, 'keysetref']));
    }
    case 'name,pactId':
      return new PactGuard(asText(required(o, 'pactId', path), [...path, 'pactId']),
        asText(required(o, 'name', path), [...path, 'name']));
    case 'moduleName,name':
      return new ModuleGuard(moduleName(required(o, 'moduleName', path), [...path, 'moduleName']),
        asText(required(o, 'name', path), [...path, 'name']));
    case 'args,fun':
      return new UserGuard(name(required(o, 'fun', path), [...path, 'fun']), values(required(o, 'args', path), [...path, 'args']));
    case 'cgArgs,cgName,cgPactId': {
      const pactId = optional(o, 'cgPactId');
      return new CapabilityGuard(qualifiedName(required(o, 'cgName', path), [...path, 'cgName']),
        values(required(o, 'cgArgs', path), [...path, 'cgArgs']),
        pactId === undefined ? null : asText(pactId, [...path, 'cgPactId']));
    }
  }
  const props = keys.map((k) => GUARD_PROPS.has(k) ? 'Guard' + k[0]!.toUpperCase() + k.slice(1) : `GuardUnknown ${showString(k)}`);
  return fail(path, `unexpected properties for Guard: [${props.join(',')}]`);
}

function keySet(o: JsonObject, path: JsonPath): KeySet {
  const keys = asArray(required(o, 'keys', path), [...path, 'keys']).map((k, i) => asText(k, [...path, 'keys', i], 'PublicKey'));
  const pred = optional(o, 'pred');
  return keySetOf(keys, pred === undefined ? 'keys-all' : name(pred, [...path, 'pred']));
}

/// A keyset as Pact holds one: its keys a set (sorted by their UTF-8 bytes, without duplicates).
export function keySetOf(keys: readonly string[], pred: string): KeySet {
  const distinct = [...new Set(keys)].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return new KeySet(distinct, pred);
}

/// A keyset predicate's name as reading it gives it (spaces around its dots dropped), or
/// undefined where the text is not a name.
export function predicateName(text: string): string | undefined {
  try {
    return name(text, []);
  } catch (e) {
    if (e instanceof AesonError) return undefined;
    throw e;
  }
}

function values(v: Json, path: JsonPath): PactValue[] {
  return asArray(v, path).map((x, i) => parsePactValue(x, [...path, i]));
}

function keySetName(v: Json, path: JsonPath): string {
  if (typeof v === 'string') return v;
  const o = asObject(v, path, 'KeySetName');
  const ksn = asText(required(o, 'ksn', path), [...path, 'ksn']);
  const ns = optional(o, 'ns');
  return ns === undefined ? ksn : `${asText(ns, [...path, 'ns'])}.${ksn}`;
}

/// A `ModuleName` object `{"name": …, "namespace": …}` as its dotted text.
function moduleName(v: Json, path: JsonPath): string {
  const o = asObject(v, path, 'Pact.Types.Names.ModuleName(ModuleName)');
  const n = asText(required(o, 'name', path, 'parsing Pact.Types.Names.ModuleName(ModuleName) failed, '), [...path, 'name']);
  const ns = optional(o, 'namespace');
  return ns === undefined ? n : `${asText(ns, [...path, 'namespace'])}.${n}`;
}

function modRef(v: Json, path: JsonPath): PactValue {
  const o = asObject(v, path, 'ModRef');
  const refName = moduleName(required(o, 'refName', path), [...path, 'refName']);
  const spec = required(o, 'refSpec', path);
  const ifaces = spec === null ? null : asArray(spec, [...path, 'refSpec']).map((x, i) => moduleName(x, [...path, 'refSpec', i]));
  return new ModRef(refName, ifaces);
}

function object(v: Json, path: JsonPath): PactValue {
  const o = asObject(v, path, 'ObjectMap');
  const fields = new Map<string, PactValue>();
  for (const [k, x] of o.entries) fields.set(k, parsePactValue(x, [...path, k]));
  return new PObject(fields, false);
}

// Pact identifiers: a letter or symbol, then letters, digits and symbols (Pact.Types.Parser).
// The patterns are compiled when first needed: their Unicode classes take most of a millisecond
// of every start otherwise.
const IDENT = String.raw`[\p{L}%#+\-_&$@<>=^?*!|/~][\p{L}0-9%#+\-_&$@<>=^?*!|/~]*`;
let qualifiedPattern: RegExp | null = null;
let namePattern: RegExp | null = null;
const RESERVED = new Set(['true', 'false']);

/// A capability name `module.NAME` or `ns.module.NAME`, written back without the spaces Pact's
/// token parser tolerates after each part.
export function qualifiedName(v: Json, path: JsonPath): string {
  qualifiedPattern ??= new RegExp(String.raw`^(${IDENT})\s*\.\s*(${IDENT})\s*(?:\.\s*(${IDENT})\s*)?$`, 'u');
  return dotted(asText(v, path, 'QualifiedName'), qualifiedPattern, true, path);
}

/// A possibly qualified name (`keys-all`, `ns.mod.fun`).
function name(v: Json, path: JsonPath): string {
  namePattern ??= new RegExp(String.raw`^(${IDENT})\s*(?:\.\s*(${IDENT})\s*(?:\.\s*(${IDENT})\s*)?)?$`, 'u');
  return dotted(asText(v, path, 'Name'), namePattern, false, path);
}

/// `qualified`: the name must have a module part.
function dotted(text: string, re: RegExp, qualified: boolean, path: JsonPath): string {
  const m = re.exec(text);
  const parts = m === null ? [] : m.slice(1).filter((p): p is string => p !== undefined);
  if (m === null || parts.some((p) => RESERVED.has(p))) {
    return fail(path, qualified && !text.includes('.') ? 'not enough input' : 'Failed reading: satisfy');
  }
  return parts.join('.');
}

/// A short `show` of an aeson value for messages that embed one.
function showAesonValue(v: Json): string {
  if (v === null) return 'Null';
  if (typeof v === 'string') return `String ${showString(v)}`;
  if (typeof v === 'boolean') return `Bool ${v ? 'True' : 'False'}`;
  return Array.isArray(v) ? 'Array [...]' : v instanceof JsonObject ? 'Object (fromList [...])' : 'Number';
}
