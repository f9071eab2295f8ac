/// Pact's estimate of the in-memory size of a value in bytes (`SizeOf`), the basis of the gas
/// charged for database writes (0.1 gas per byte) and yields. It models GHC heap objects on a
/// 64-bit machine: a constructor costs one header word plus one word per field, a `Text` six words
/// plus two bytes per character, and so on. `Info` (source positions) is free.
///
/// Two versions exist: `SizeOfV0` (with `DisablePact45`) and `SizeOfV1`; they differ only in the
/// size of an integer.
///
/// @example
/// sizeOfValue('a', 'SizeOfV1'); // 82: literal (16) + string literal (16) + text (48 + 2)
import { Decimal } from './decimal.ts';
import { codePointLength } from './text.ts';
import { CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, NotAValue, PactGuard, PactTime, PList, PObject, UserGuard, isGuard } from './value.ts';
import type { Guard, PactValue } from './value.ts';
import { foldValue } from './fold.ts';

/// Which integer size rule applies: `SizeOfV0` under `DisablePact45`, `SizeOfV1` otherwise.
export type SizeOfVersion = 'SizeOfV0' | 'SizeOfV1';

/// The version Pact picks from the execution flags.
export function sizeOfVersion(disablePact45: boolean): SizeOfVersion {
  return disablePact45 ? 'SizeOfV0' : 'SizeOfV1';
}

const WORD = 8;

/// A constructor with `fields` fields: one header word plus a word per field.
function ctor(fields: number): number {
  return WORD + fields * WORD;
}

// Sizes that do not depend on the value.
const CTOR1 = ctor(1);
const CTOR2 = ctor(2);
const CTOR3 = ctor(3);
const NOTHING = ctor(0);
/// `Int`, `Int64` and `Word8` are boxed: header plus payload.
const BOXED_WORD = 2 * WORD;


/// A `Text`: six words plus two bytes per character.
export function sizeOfText(s: string): number {
  return 6 * WORD + 2 * codePointLength(s);
}

/// A UTF-8 `ByteString` (public keys): nine words plus its length in characters.
function sizeOfUtf8Bytes(s: string): number {
  return 9 * WORD + codePointLength(s);
}

const INT64_MIN = -(2n ** 63n);
const LOG_100000 = Math.log(100000);

/// An `Integer`. V0 is `ceiling (logBase 100000 x)` in doubles (0 for x <= 0); V1 is the byte
/// length with a floor of eight bytes.
export function sizeOfInteger(i: bigint, version: SizeOfVersion): number {
  if (version === 'SizeOfV1') {
    const bits = i === 0n ? 0 : (i < 0n ? -i : i).toString(2).length;
    return Math.max(64, bits) >>> 3;
  }
  if (i <= 0n) return 0;
  return ceilingToInt64(Math.log(Number(i)) / LOG_100000);
}

/// GHC's `ceiling :: Double -> Int64` as compiled (via `double2Int`, i.e. x86 `cvttsd2si`, which
/// yields the minimum Int64 for values out of range): an integer beyond the doubles' range
/// (about 10^308) gets a huge negative size, as in Pact.
function ceilingToInt64(x: number): number {
  const n = Number.isFinite(x) && Math.abs(x) < 2 ** 63 ? Math.trunc(x) : Number(INT64_MIN);
  return x > n ? n + 1 : n;
}

/// A `Decimal`: constructor with two fields, the `Word8` places and the `Integer` mantissa.
function sizeOfDecimal(d: Decimal, version: SizeOfVersion): number {
  return CTOR2 + BOXED_WORD + sizeOfInteger(d.mantissa, version);
}

// Literal sizes: the `PLiteral` constructor plus the `Literal` constructor plus the payload.
const LITERAL = CTOR1 + CTOR1;
/// A time is a newtype over its 64-bit microsecond count, kept in a one-field constructor.
const TIME_SIZE = LITERAL + CTOR1 + BOXED_WORD;

/// Size of a Pact value.
///
/// @example
/// sizeOfValue(true, 'SizeOfV0'); // 32
export function sizeOfValue(v: PactValue, version: SizeOfVersion): number {
  return foldValue(v, (x: PactValue, parts: number[]): number => valueSize(x, sum(parts), version));
}

/// The size of `v` given the total size of the values it holds.
function valueSize(v: PactValue, parts: number, version: SizeOfVersion): number {
  switch (typeof v) {
    case 'string': return LITERAL + sizeOfText(v);
    case 'bigint': return LITERAL + sizeOfInteger(v, version);
    case 'boolean': return LITERAL;
  }
  if (v instanceof Decimal) return LITERAL + sizeOfDecimal(v, version);
  // A boxed `Vector`: seven words plus a word per element.
  if (v instanceof PList) return CTOR1 + (7 + v.items.length) * WORD + parts;
  if (v instanceof PObject) return CTOR1 + objectMapSize(v.fields) + parts;
  if (v instanceof PactTime) return TIME_SIZE;
  if (v instanceof ModRef) return CTOR1 + sizeOfModRef(v);
  if (!isGuard(v)) throw new NotAValue(v);
  return CTOR1 + guardSize(v, parts);
}

function sum(xs: readonly number[]): number {
  let n = 0;
  for (const x of xs) n += x;
  return n;
}

/// A Haskell list: one word plus three per cons cell, plus the elements.
function listSize(length: number, elements: number): number {
  return (1 + 3 * length) * WORD + elements;
}

/// An object's field map (`Data.Map`): six words per entry plus keys and values.
export function sizeOfObjectMap(fields: ReadonlyMap<string, PactValue>, version: SizeOfVersion): number {
  let values = 0;
  for (const x of fields.values()) values += sizeOfValue(x, version);
  return objectMapSize(fields) + values;
}

/// A field map without its values.
function objectMapSize(fields: ReadonlyMap<string, PactValue>): number {
  let size = 6 * fields.size * WORD;
  for (const k of fields.keys()) size += sizeOfText(k);
  return size;
}

/// A `Maybe` of text: `Nothing` one word, `Just t` a one-field constructor plus the text.
function sizeOfMaybeText(t: string | null): number {
  return t === null ? NOTHING : CTOR1 + sizeOfText(t);
}

/// A module name written `mod` or `ns.mod`: name and optional namespace.
export function sizeOfModuleName(name: string): number {
  const dot = name.lastIndexOf('.');
  return dot < 0
    ? CTOR2 + sizeOfText(name) + NOTHING
    : CTOR2 + sizeOfText(name.slice(dot + 1)) + CTOR1 + sizeOfText(name.slice(0, dot));
}

/// A qualified name `mod.name` or `ns.mod.name` (its `Info` is free).
function sizeOfQualifiedName(name: string): number {
  const dot = name.lastIndexOf('.');
  return CTOR3 + sizeOfModuleName(name.slice(0, dot)) + sizeOfText(name.slice(dot + 1));
}

/// A `Name` as Pact parses one from text: qualified when it has dots, bare otherwise.
function sizeOfName(name: string): number {
  return name.includes('.') ? CTOR1 + sizeOfQualifiedName(name) : CTOR1 + CTOR2 + sizeOfText(name);
}

/// A keyset name is sized as its text (`ns.name` when namespaced).
export function sizeOfKeySetName(name: string): number {
  return sizeOfText(name);
}

/// A keyset: its key set (a `Data.Set` of UTF-8 byte strings) and its predicate name.
export function sizeOfKeySet(ks: KeySet): number {
  let keys = (1 + 3 * ks.keys.length) * WORD;
  for (const k of ks.keys) keys += sizeOfUtf8Bytes(k);
  return CTOR2 + keys + sizeOfName(ks.pred);
}

function sizeOfModRef(m: ModRef): number {
  let spec = NOTHING;
  if (m.ifaces !== null) {
    spec = CTOR1 + (1 + 3 * m.ifaces.length) * WORD;
    for (const i of m.ifaces) spec += sizeOfModuleName(i);
  }
  return CTOR1 + sizeOfModuleName(m.name) + spec;
}

/// A guard (without the `PGuard` wrapper a guard value adds; namespaces store bare guards).
export function sizeOfGuard(g: Guard, version: SizeOfVersion): number {
  const args = g instanceof UserGuard || g instanceof CapabilityGuard ? g.args : [];
  return guardSize(g, sum(args.map((x) => sizeOfValue(x, version))));
}

/// A guard's size given the total size of its arguments.
function guardSize(g: Guard, args: number): number {
  if (g instanceof KeySet) return CTOR1 + sizeOfKeySet(g);
  if (g instanceof KeySetRef) return CTOR1 + sizeOfKeySetName(g.name);
  if (g instanceof PactGuard) return CTOR1 + CTOR2 + sizeOfText(g.pactId) + sizeOfText(g.name);
  if (g instanceof ModuleGuard) return CTOR1 + CTOR2 + sizeOfModuleName(g.module) + sizeOfText(g.name);
  if (g instanceof UserGuard) return CTOR1 + CTOR2 + sizeOfName(g.fun) + listSize(g.args.length, args);
  // Pact counts two fields for a capability guard's three.
  const c: CapabilityGuard = g;
  return CTOR1 + CTOR2 + sizeOfQualifiedName(c.name) + listSize(c.args.length, args) + sizeOfMaybeText(c.pactId);
}

/// A namespace record: name, user guard and admin guard.
export function sizeOfNamespace(name: string, user: Guard, admin: Guard, version: SizeOfVersion): number {
  return CTOR3 + sizeOfText(name) + sizeOfGuard(user, version) + sizeOfGuard(admin, version);
}
