/// How Pact prints values: the document of each value kind, rendered compactly (`print`, messages,
/// traces) or laid out at 80 columns (REPL results). Follows Pact's `Pretty` instances.
import { Decimal } from './decimal.ts';
import { formatIsoSeconds } from './pact-json.ts';
import { compareCodePoints } from './text.ts';
import { JsonNumber, JsonObject, formatGeneric, legacyKeyOrder } from './json.ts';
import type { Json } from './json.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, PList, PObject, UserGuard,
} from './value.ts';
import type { PactValue } from './value.ts';
import { bracketsSep, cat, commaBraces, prettyList, renderCompact, renderPretty } from './doc.ts';
import type { Doc } from './doc.ts';

/// The document of a plain value.
export function valueDoc(v: PactValue): Doc {
  switch (typeof v) {
    case 'bigint': return v.toString();
    case 'string': return `"${v}"`;
    case 'boolean': return v ? 'true' : 'false';
  }
  if (v instanceof Decimal) return v.toString();
  if (v instanceof PList) return bracketsSep(v.items.map(valueDoc));
  if (v instanceof PObject) return objectDoc(v);
  if (v instanceof PactTime) return `"${formatIsoSeconds(v.micros)}"`;
  return guardOrRefDoc(v);
}

function objectDoc(o: PObject): Doc {
  const keys = [...o.fields.keys()];
  if (!o.literal) keys.sort(compareCodePoints);
  return commaBraces(keys.map((k) => cat(`"${k}": `, valueDoc(o.fields.get(k)!))));
}

/// Pact's `Pretty PactValue` (what `format` shows since Pact 4.8), which differs from term
/// printing in lists (`[1, 2]`) and in objects (always in key order).
export function pactValueDoc(v: PactValue): Doc {
  if (v instanceof PList) return prettyList(v.items.map(pactValueDoc));
  if (v instanceof PObject) {
    const keys = [...v.fields.keys()].sort(compareCodePoints);
    return commaBraces(keys.map((k) => cat(`"${k}": `, pactValueDoc(v.fields.get(k)!))));
  }
  if (v instanceof UserGuard || v instanceof CapabilityGuard) return guardOrRefDoc(v, pactValueDoc);
  return valueDoc(v);
}

/// A guard or module reference; `elem` renders the values inside guards.
function guardOrRefDoc(v: KeySet | KeySetRef | ModuleGuard | PactGuard | UserGuard | CapabilityGuard | ModRef, elem: (x: PactValue) => Doc = valueDoc): Doc {
  if (v instanceof KeySet) {
    return cat('KeySet ', commaBraces([cat('keys: ', prettyList(v.keys)), `pred: ${v.pred}`]));
  }
  if (v instanceof KeySetRef) return `'${v.name}`;
  if (v instanceof ModuleGuard) return cat('ModuleGuard ', commaBraces([`module: ${v.module}`, `name: ${v.name}`]));
  if (v instanceof PactGuard) return cat('PactGuard ', commaBraces([`pactId: ${v.pactId}`, `name: ${v.name}`]));
  if (v instanceof UserGuard) {
    return cat('UserGuard ', commaBraces([`fun: ${v.fun}`, cat('args: ', prettyList(v.args.map(elem)))]));
  }
  if (v instanceof CapabilityGuard) {
    return cat('CapabilityGuard ', commaBraces([
      `name: ${v.name}`, cat('args: ', prettyList(v.args.map(elem))), `pactId: ${v.pactId ?? ''}`,
    ]));
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
  if (j === null) return 'null';
  if (typeof j === 'boolean') return j ? 'true' : 'false';
  if (typeof j === 'string') return `"${j}"`;
  if (j instanceof JsonNumber) return formatGeneric(j.coefficient, j.exponent);
  if (Array.isArray(j)) return bracketsSep(j.map(jsonDoc));
  const o: JsonObject = j;
  const byKey = new Map(o.entries);
  return commaBraces(legacyKeyOrder([...byKey.keys()]).map((k) => cat(`"${k}": `, jsonDoc(byKey.get(k)!))));
}
