/// Pact's `=` on values: structural, decimals by numeric value, objects ignoring key order,
/// an integer never equal to a decimal.
import { Decimal } from './decimal.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, PList, PObject, UserGuard,
} from './value.ts';
import type { PactValue } from './value.ts';

/// `=` on two primitives (integers, strings, booleans), which are always comparable and equal
/// only when identical; undefined for any other pair.
export function primitiveEq(a: unknown, b: unknown): boolean | undefined {
  return typeof a !== 'object' && typeof b !== 'object' ? a === b : undefined;
}

export function valueEq(a: PactValue, b: PactValue): boolean {
  // Primitives and decimals, the common operands, need no work list.
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (a instanceof Decimal) return b instanceof Decimal && a.eq(b);
  // Pairs still to compare: values nest deeper than the call stack.
  const pending: PactValue[] = [a, b];
  while (pending.length > 0) {
    const y = pending.pop()!;
    const x = pending.pop()!;
    if (!shallowEq(x, y, pending)) return false;
  }
  return true;
}

/// Compares what `a` and `b` hold directly and pushes the pairs of parts they hold.
function shallowEq(a: PactValue, b: PactValue, pending: PactValue[]): boolean {
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (a instanceof Decimal) return b instanceof Decimal && a.eq(b);
  if (a instanceof PList) return b instanceof PList && listEq(a.items, b.items, pending);
  if (a instanceof PObject) return b instanceof PObject && objectEq(a, b, pending);
  if (a instanceof PactTime) return b instanceof PactTime && a.micros === b.micros;
  if (a instanceof KeySet) return b instanceof KeySet && a.pred === b.pred && listEq(a.keys, b.keys, pending);
  if (a instanceof KeySetRef) return b instanceof KeySetRef && a.name === b.name;
  if (a instanceof ModuleGuard) return b instanceof ModuleGuard && a.module === b.module && a.name === b.name;
  if (a instanceof PactGuard) return b instanceof PactGuard && a.pactId === b.pactId && a.name === b.name;
  if (a instanceof UserGuard) return b instanceof UserGuard && a.fun === b.fun && listEq(a.args, b.args, pending);
  if (a instanceof CapabilityGuard) {
    return b instanceof CapabilityGuard && a.name === b.name && a.pactId === b.pactId && listEq(a.args, b.args, pending);
  }
  if (a instanceof ModRef) {
    return b instanceof ModRef && a.name === b.name && (a.ifaces === null) === (b.ifaces === null) &&
      listEq(a.ifaces ?? [], b.ifaces ?? [], pending);
  }
  return false;
}

function listEq(a: readonly PactValue[], b: readonly PactValue[], pending: PactValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) pending.push(a[i]!, b[i]!);
  return true;
}

function objectEq(a: PObject, b: PObject, pending: PactValue[]): boolean {
  if (a.fields.size !== b.fields.size) return false;
  for (const [k, v] of a.fields) {
    const w = b.fields.get(k);
    if (w === undefined) return false;
    pending.push(v, w);
  }
  return true;
}
