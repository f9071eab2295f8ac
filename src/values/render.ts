/// How Pact prints values: the document of each value kind, rendered compactly (`print`, messages,
/// traces) or laid out at 80 columns (REPL results). Follows Pact's `Pretty` instances.
import { Decimal } from './decimal.ts';
import { formatIsoSeconds } from './pact-json.ts';
import { compareCodePoints } from './text.ts';
import { JsonNumber, foldJson, formatGeneric, legacyKeyOrder } from './json.ts';
import { foldValue } from './fold.ts';
import type { Json } from './json.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, NotAValue, PactGuard, isData, PactTime, PList, PObject, UserGuard,
} from './value.ts';
import type { PactValue } from './value.ts';
import { bracketsSep, cat, commaBraces, prettyList, renderCompact, renderPretty } from './doc.ts';
import type { Doc } from './doc.ts';

/// The document of a plain value; `other` shows what a list or object may hold that is not data
/// (a native, a table: the language layer knows how).
export function valueDoc(v: PactValue, other: (v: unknown) => Doc = notData): Doc {
  return foldValue(v, (x: PactValue, parts: Doc[]): Doc => (isData(x) ? termDoc(x, parts) : other(x)));
}

function notData(v: unknown): never {
  throw new NotAValue(v);
}

/// A value's document from the documents of its parts.
function termDoc(v: PactValue, parts: Doc[]): Doc {
  switch (typeof v) {
    case 'bigint': return v.toString();
    case 'string': return `"${v}"`;
    case 'boolean': return v ? 'true' : 'false';
  }
  if (v instanceof Decimal) return v.toString();
  if (v instanceof PList) return bracketsSep(parts);
  if (v instanceof PObject) return commaBraces(fieldDocs(v, parts, !v.literal));
  if (v instanceof PactTime) return `"${formatIsoSeconds(v.micros)}"`;
  return guardOrRefDoc(v, parts);
}

/// `"k": doc` per field, in key order when `sorted`, else as the object holds them.
function fieldDocs(o: PObject, parts: readonly Doc[], sorted: boolean): Doc[] {
  const keys = [...o.fields.keys()];
  const order = keys.map((_, i) => i);
  if (sorted) order.sort((a, b) => compareCodePoints(keys[a]!, keys[b]!));
  return order.map((i) => cat(`"${keys[i]}": `, parts[i]!));
}

/// Pact's `Pretty PactValue` (what `format` shows since Pact 4.8), which differs from term
/// printing in lists (`[1, 2]`) and in objects (always in key order).
export function pactValueDoc(v: PactValue): Doc {
  return foldValue(v, (x: PactValue, parts: Doc[]): Doc => {
    if (x instanceof PList) return prettyList(parts);
    if (x instanceof PObject) return commaBraces(fieldDocs(x, parts, true));
    return isData(x) ? termDoc(x, parts) : notData(x);
  });
}

/// A guard or module reference; `args` are the documents of a user or capability guard's
/// arguments.
function guardOrRefDoc(v: KeySet | KeySetRef | ModuleGuard | PactGuard | UserGuard | CapabilityGuard | ModRef, args: readonly Doc[]): Doc {
  if (v instanceof KeySet) {
    return cat('KeySet ', commaBraces([cat('keys: ', prettyList(v.keys)), `pred: ${v.pred}`]));
  }
  if (v instanceof KeySetRef) return `'${v.name}`;
  if (v instanceof ModuleGuard) return cat('ModuleGuard ', commaBraces([`module: ${v.module}`, `name: ${v.name}`]));
  if (v instanceof PactGuard) return cat('PactGuard ', commaBraces([`pactId: ${v.pactId}`, `name: ${v.name}`]));
  if (v instanceof UserGuard) return cat('UserGuard ', commaBraces([`fun: ${v.fun}`, cat('args: ', prettyList(args))]));
  if (v instanceof CapabilityGuard) {
    return cat('CapabilityGuard ', commaBraces([`name: ${v.name}`, cat('args: ', prettyList(args)), `pactId: ${v.pactId ?? ''}`]));
  }
  return v.name;
}

/// One-line rendering (Pact's `renderCompactString`).
export function showCompact(v: PactValue): string {
  return renderCompact(valueDoc(v));
}

/// 80-column rendering used for REPL results.
export function showPretty(v: PactValue): string {
  return renderPretty(valueDoc(v));
}

/// Pact's rendering of a JSON value in messages: objects in legacy key order, lists with spaces,
/// numbers as Haskell shows a `Scientific`.
export function showJson(j: Json): string {
  return renderCompact(jsonDoc(j));
}

function jsonDoc(j: Json): Doc {
  return foldJson(j, (x: Json, parts: Doc[]): Doc => {
    if (x === null) return 'null';
    if (typeof x === 'boolean') return x ? 'true' : 'false';
    if (typeof x === 'string') return `"${x}"`;
    if (x instanceof JsonNumber) return formatGeneric(x.coefficient, x.exponent);
    if (Array.isArray(x)) return bracketsSep(parts);
    // A key's last value wins (aeson's object); keys in legacy order.
    const byKey = new Map<string, Doc>();
    x.entries.forEach(([k], i) => byKey.set(k, parts[i]!));
    return commaBraces(legacyKeyOrder([...byKey.keys()]).map((k) => cat(`"${k}": `, byKey.get(k)!)));
  });
}
