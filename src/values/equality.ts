/// Pact's `=` on values: structural, decimals by numeric value, objects ignoring key order,
/// an integer never equal to a decimal.
import { Decimal } from './decimal.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, PList, PObject, UserGuard,
} from './value.ts';
import type { PactValue } from './value.ts';

export function valueEq(a: PactValue, b: PactValue): boolean {
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (a instanceof Decimal) return b instanceof Decimal && a.eq(b);
  if (a instanceof PList) return b instanceof PList && listEq(a.items, b.items);
  if (a instanceof PObject) return b instanceof PObject && objectEq(a, b);
  if (a instanceof PactTime) return b instanceof PactTime && a.micros === b.micros;
  if (a instanceof KeySet) return b instanceof KeySet && a.pred === b.pred && listEq(a.keys, b.keys);
  if (a instanceof KeySetRef) return b instanceof KeySetRef && a.name === b.name;
  if (a instanceof ModuleGuard) return b instanceof ModuleGuard && a.module === b.module && a.name === b.name;
  if (a instanceof PactGuard) return b instanceof PactGuard && a.pactId === b.pactId && a.name === b.name;
  if (a instanceof UserGuard) return b instanceof UserGuard && a.fun === b.fun && listEq(a.args, b.args);
  if (a instanceof CapabilityGuard) {
    return b instanceof CapabilityGuard && a.name === b.name && a.pactId === b.pactId && listEq(a.args, b.args);
  }
  if (a instanceof ModRef) {
    return b instanceof ModRef && a.name === b.name && (a.ifaces === null) === (b.ifaces === null) &&
      listEq(a.ifaces ?? [], b.ifaces ?? []);
  }
  return false;
}

function listEq(a: readonly PactValue[], b: readonly PactValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!valueEq(a[i]!, b[i]!)) return false;
  return true;
}

function objectEq(a: PObject, b: PObject): boolean {
  if (a.fields.size !== b.fields.size) return false;
  for (const [k, v] of a.fields) {
    const w = b.fields.get(k);
    if (w === undefined || !valueEq(v, w)) return false;
  }
  return true;
}
