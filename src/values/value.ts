/// Pact's plain data values. Primitives are JavaScript primitives where one fits exactly
/// (integer = bigint, string, bool = boolean) so the evaluator's hot paths test them with `typeof`;
/// everything else is a small class with a `kind` tag.
import { Decimal } from './decimal.ts';
import type { Type } from './type.ts';
import type { Json } from './json.ts';

/// A UTC instant with microsecond resolution (signed microseconds since the Unix epoch).
export class PactTime {
  readonly kind = 'time';
  readonly micros: bigint;
  constructor(micros: bigint) { this.micros = micros; }
}

/// A list. `elemType` is what `typeof` reports for its elements (`*` when unknown).
export class PList {
  readonly kind = 'list';
  readonly items: readonly PactValue[];
  readonly elemType: Type;
  constructor(items: readonly PactValue[], elemType: Type) {
    this.items = items;
    this.elemType = elemType;
  }
}

/// An object. `fields` iterates in insertion order; an object literal (`literal` = true) prints
/// in that order, objects made by natives or read back print with sorted keys.
export class PObject {
  readonly kind = 'object';
  readonly fields: ReadonlyMap<string, PactValue>;
  readonly literal: boolean;
  /// The schema type when the object was checked against one (for `typeof`), else null.
  readonly schema: Type | null;
  constructor(fields: ReadonlyMap<string, PactValue>, literal: boolean, schema: Type | null = null) {
    this.fields = fields;
    this.literal = literal;
    this.schema = schema;
  }
}

/// The fields of an object made by a literal with a few distinct keys: the literal's key list
/// (shared by every object it makes) and the values in that order. Building one costs an array
/// instead of a hash table (object literals are made in loops); lookups scan the few keys.
export class LiteralFields implements ReadonlyMap<string, PactValue> {
  private readonly keyList: readonly string[];
  private readonly valueList: readonly PactValue[];
  constructor(keys: readonly string[], values: readonly PactValue[]) {
    this.keyList = keys;
    this.valueList = values;
  }
  get size(): number { return this.keyList.length; }
  get(key: string): PactValue | undefined {
    const keys = this.keyList;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.valueList[i];
    return undefined;
  }
  has(key: string): boolean { return this.keyList.includes(key); }
  forEach(f: (value: PactValue, key: string, map: ReadonlyMap<string, PactValue>) => void, thisArg?: unknown): void {
    for (let i = 0; i < this.keyList.length; i++) f.call(thisArg, this.valueList[i]!, this.keyList[i]!, this);
  }
  * entries(): MapIterator<[string, PactValue]> {
    for (let i = 0; i < this.keyList.length; i++) yield [this.keyList[i]!, this.valueList[i]!];
  }
  keys(): MapIterator<string> { return this.keyList.values(); }
  values(): MapIterator<PactValue> { return this.valueList.values(); }
  [Symbol.iterator](): MapIterator<[string, PactValue]> { return this.entries(); }

  /// These fields with `update`'s written over them (see `overlayFields`).
  overlay(update: LiteralFields): ReadonlyMap<string, PactValue> {
    const values = this.valueList.slice();
    let added: string[] | null = null;
    let addedValues: PactValue[] | null = null;
    for (let j = 0; j < update.keyList.length; j++) {
      const k = update.keyList[j]!;
      const i = this.keyList.indexOf(k);
      if (i >= 0) values[i] = update.valueList[j]!;
      else {
        (added ??= []).push(k);
        (addedValues ??= []).push(update.valueList[j]!);
      }
    }
    if (added === null) return new LiteralFields(this.keyList, values);
    const keys = this.keyList.concat(added);
    const all = values.concat(addedValues!);
    return keys.length <= SCANNED_KEYS ? new LiteralFields(keys, all) : new Map(keys.map((k, i) => [k, all[i]!]));
  }
}

/// Up to this many keys, an object's fields are a LiteralFields (scanned) rather than a Map.
export const SCANNED_KEYS = 8;

/// A row written over `base` (the row before, if any) with `update`'s fields: base's columns in
/// their order with updated values, then the new ones. A transaction's written rows stay alive
/// in its log until it commits, so a row of few columns stays two arrays, its key list shared
/// with the row before when no column is added.
export function overlayFields(base: ReadonlyMap<string, PactValue> | undefined, update: ReadonlyMap<string, PactValue>): ReadonlyMap<string, PactValue> {
  if (update instanceof LiteralFields) {
    // Objects are immutable: a new row can be its literal's fields.
    if (base === undefined) return update;
    if (base instanceof LiteralFields) return base.overlay(update);
  }
  const m = new Map(base ?? []);
  update.forEach((v, k) => m.set(k, v));
  return m;
}

/// A set of public keys plus the name of the predicate that decides how many must sign.
export class KeySet {
  readonly kind = 'keyset';
  /// Distinct and sorted ascending.
  readonly keys: readonly string[];
  readonly pred: string;
  constructor(keys: readonly string[], pred: string) {
    this.keys = keys;
    this.pred = pred;
  }
}

/// A guard naming a keyset stored under `name` (`ns.ks` or a legacy root name).
export class KeySetRef {
  readonly kind = 'keysetref';
  readonly name: string;
  constructor(name: string) { this.name = name; }
}

export class ModuleGuard {
  readonly kind = 'moduleguard';
  readonly module: string;
  readonly name: string;
  constructor(module: string, name: string) {
    this.module = module;
    this.name = name;
  }
}

export class PactGuard {
  readonly kind = 'pactguard';
  readonly pactId: string;
  readonly name: string;
  constructor(pactId: string, name: string) {
    this.pactId = pactId;
    this.name = name;
  }
}

/// A guard that calls `fun` (a fully qualified defun name) with `args` when enforced.
export class UserGuard {
  readonly kind = 'userguard';
  readonly fun: string;
  readonly args: readonly PactValue[];
  constructor(fun: string, args: readonly PactValue[]) {
    this.fun = fun;
    this.args = args;
  }
}

export class CapabilityGuard {
  readonly kind = 'capguard';
  readonly name: string;
  readonly args: readonly PactValue[];
  readonly pactId: string | null;
  constructor(name: string, args: readonly PactValue[], pactId: string | null) {
    this.name = name;
    this.args = args;
    this.pactId = pactId;
  }
}

export type Guard = KeySet | KeySetRef | ModuleGuard | PactGuard | UserGuard | CapabilityGuard;

/// A reference to a module (with the interfaces it implements) or to an interface (`ifaces` = null).
/// Where a module reference was made, as Pact kept it until 4.9 (its `refInfo`): compared with
/// the reference in capability tokens and hashed with it. `json` builds Pact's encoding of it.
export interface RefSite {
  json(): Json;
}

export class ModRef {
  readonly kind = 'modref';
  readonly name: string;
  readonly ifaces: readonly string[] | null;
  /// Null when the reference came from data or had its site elided.
  readonly site: RefSite | null;
  constructor(name: string, ifaces: readonly string[] | null, site: RefSite | null = null) {
    this.name = name;
    this.ifaces = ifaces;
    this.site = site;
  }
}

/// Pact's `elideModRefInfo`: a module reference without its site (other values as they are).
export function elideSite(v: PactValue): PactValue {
  return v instanceof ModRef && v.site !== null ? new ModRef(v.name, v.ifaces) : v;
}

export type PactValue = bigint | Decimal | string | boolean | PactTime | PList | PObject | Guard | ModRef;

/// Is `v` plain data? (Lists and objects may also hold natives, tables and functions.)
/// Every data class but Decimal has a `kind`; that test comes first, as a failed `instanceof`
/// walks the whole prototype chain.
export function isData(v: unknown): v is PactValue {
  return typeof v !== 'object' || 'kind' in (v as object) || v instanceof Decimal;
}

/// Something other than plain data (a native, a table, a function) held in a list or object,
/// met where only data can go (JSON, sizes); the language layer reports it as Pact does.
export class NotAValue extends Error {
  readonly value: unknown;
  constructor(value: unknown) {
    super('Only value-level terms permitted');
    this.value = value;
  }
}

export function isGuard(v: unknown): v is Guard {
  return v instanceof KeySet || v instanceof KeySetRef || v instanceof ModuleGuard || v instanceof PactGuard ||
    v instanceof UserGuard || v instanceof CapabilityGuard;
}
