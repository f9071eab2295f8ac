/// Test helpers: Pact values written briefly.
import { Decimal } from '../../src/values/decimal.ts';
import { tyAny } from '../../src/values/type.ts';
import { PList, PObject } from '../../src/values/value.ts';
import type { PactValue } from '../../src/values/value.ts';

export function dec(text: string): Decimal {
  return Decimal.parse(text)!;
}

/// An object with its fields in this order (a literal's, unless `literal` is false).
export function obj(entries: Array<[string, PactValue]>, literal = true): PObject {
  return new PObject(new Map(entries), literal);
}

export function list(items: PactValue[]): PList {
  return new PList(items, tyAny);
}
