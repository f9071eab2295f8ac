/// How Pact prints values: the document of each value kind, rendered compactly (`print`, messages,
/// traces) or laid out at 80 columns (REPL results). Follows Pact's `Pretty` instances.
import { Decimal } from './decimal.ts';
import { formatIsoSeconds } from './pact-json.ts';
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

function guardOrRefDoc(v: KeySet | KeySetRef | ModuleGuard | PactGuard | UserGuard | CapabilityGuard | ModRef): Doc {
  if (v instanceof KeySet) {
    return cat('KeySet ', commaBraces([cat('keys: ', prettyList(v.keys)), `pred: ${v.pred}`]));
  }
  if (v instanceof KeySetRef) return `'${v.name}`;
  if (v instanceof ModuleGuard) return cat('ModuleGuard ', commaBraces([`module: ${v.module}`, `name: ${v.name}`]));
  if (v instanceof PactGuard) return cat('PactGuard ', commaBraces([`pactId: ${v.pactId}`, `name: ${v.name}`]));
  if (v instanceof UserGuard) {
    return cat('UserGuard ', commaBraces([`fun: ${v.fun}`, cat('args: ', prettyList(v.args.map(valueDoc)))]));
  }
  if (v instanceof CapabilityGuard) {
    return cat('CapabilityGuard ', commaBraces([
      `name: ${v.name}`, cat('args: ', prettyList(v.args.map(valueDoc))), `pactId: ${v.pactId ?? ''}`,
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

/// Orders strings by Unicode code point (JavaScript's `<` compares UTF-16 code units).
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (D800–DFFF) encode code points above every BMP character.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
