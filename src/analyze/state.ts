/// Values of a run and the database state (Pact's `AnalyzeState`, as SMT-LIB terms): a value is
/// one term or an object's fields; the database is a set of slots, each one term, declared
/// when first used.
import type { Info } from '../syntax/exp.ts';
import type { ObjTy, Prop, Ty } from './lang.ts';
import { isObj } from './lang.ts';
import { objectFields, objectTerm, sortOf } from './smt.ts';

/// A value: one SMT-LIB term, or an object's fields (Pact's objects are tuples of their fields).
export type Val = string | { readonly fields: ReadonlyMap<string, Val> };

/// The term of a value that is not an object.
export function term(v: Val): string {
  if (typeof v !== 'string') throw new Error('an object is not one term');
  return v;
}

export function field(v: Val, name: string): Val {
  if (typeof v === 'string') throw new Error('not an object');
  return v.fields.get(name)!;
}

/// A value as one term: an object as its datatype's (where it goes into a list or a column).
export function toTerm(ty: Ty, v: Val): string {
  if (!isObj(ty)) return term(v);
  return objectTerm(ty, ty.fields.map(([n, ft]) => toTerm(ft, field(v, n))));
}

/// The value of one term: an object's fields through its datatype's accessors.
export function fromTerm(ty: Ty, x: string): Val {
  if (!isObj(ty)) return x;
  const xs = objectFields(ty, x);
  return { fields: new Map(ty.fields.map(([n, ft], i) => [n, fromTerm(ft, xs[i]!)] as const)) };
}

/// Every term of a value, fields in order.
export function terms(v: Val): string[] {
  return typeof v === 'string' ? [v] : [...v.fields.values()].flatMap(terms);
}

export function mapVal(ty: Ty, v: Val, f: (ty: Ty, x: string, path: string) => string, path = ''): Val {
  if (!isObj(ty)) return f(ty, term(v), path);
  return { fields: new Map(ty.fields.map(([n, ft], i) => [n, mapVal(ft, field(v, n), f, `${path}_${i}`)] as const)) };
}

/// A value of this type made term by term (`path` as `mapVal` numbers the fields).
export function makeVal(ty: Ty, make: (ty: Ty, path: string) => string, path = ''): Val {
  if (!isObj(ty)) return make(ty, path);
  return { fields: new Map(ty.fields.map(([n, ft], i) => [n, makeVal(ft, make, `${path}_${i}`)] as const)) };
}

function zipVal(ty: Ty, a: Val, b: Val, f: (ty: Ty, x: string, y: string) => string): string[] {
  if (!isObj(ty)) return [f(ty, term(a), term(b))];
  return ty.fields.flatMap(([n, ft]) => zipVal(ft, field(a, n), field(b, n), f));
}

/// Object equality: every field equal (Pact's `ObjectEqNeq` of objects of one type).
export function eqVal(ty: Ty, a: Val, b: Val): string {
  return `(and true ${zipVal(ty, a, b, (_, x, y) => `(= ${x} ${y})`).join(' ')})`;
}

/// A table as the analysis sees it: its row's fields, and its schema's invariants (properties
/// over the columns, column `i` being variable `i`).
export interface TableInfo {
  readonly row: ObjTy;
  readonly invariants: ReadonlyArray<{ readonly prop: Prop; readonly info: Info }>;
}

/// What the database state tracks (Pact's `AnalyzeState`): per table, its rows' presence, reads
/// and writes counted per row, whether it was read or written; per column, its cells, which were
/// written and which (guards) were enforced, their deltas (numeric columns), whether it was read
/// or written.
export type Slot = 'cells' | 'cell-written' | 'cell-enforced' | 'exists' | 'guard-passes' | 'cell-delta' | 'column-delta' | 'read-count' | 'write-count' | 'table-read' | 'table-written' | 'column-read' | 'column-written';

const ZEROS = '((as const (Array String Int)) 0)';
const FALSES = '((as const (Array String Bool)) false)';

/// The database: every slot's current term, and the initial ones (declared when first used).
export class Db {
  current = new Map<string, string>();
  private readonly sorts = new Map<string, string>();
  private readonly inits = new Map<string, string>();
  readonly tables: ReadonlyMap<string, TableInfo>;
  private readonly script: string[];
  constructor(tables: ReadonlyMap<string, TableInfo>, script: string[]) {
    this.tables = tables;
    this.script = script;
  }

  key(slot: Slot, table: string, column = ''): string {
    const k = `${slot}|${table}|${column}`;
    if (!this.inits.has(k)) {
      const colTy = column === '' ? null : this.tables.get(table)?.row.fields.find(([n]) => n === column)?.[1];
      const sort = slotSort(slot, colTy === undefined || colTy === null ? 'integer' : colTy);
      this.sorts.set(k, sort);
      let init: string;
      if (slot === 'cells' || slot === 'exists' || slot === 'guard-passes') {
        init = slot === 'guard-passes' ? trivialPasses(this.fresh(k, '')) : this.fresh(k, '');
      } else {
        init = slot === 'cell-delta' || slot === 'read-count' || slot === 'write-count' ? ZEROS
          : slot === 'cell-written' || slot === 'cell-enforced' ? FALSES : slot === 'column-delta' ? '0' : 'false';
      }
      this.inits.set(k, init);
    }
    return k;
  }

  /// A new arbitrary value for a slot (its initial one, or the database after time passed).
  fresh(k: string, suffix: string): string {
    const name = `|${k.replaceAll('|', ' ')}${suffix}|`;
    this.script.push(`(declare-const ${name} ${this.sorts.get(k)!})`);
    return name;
  }

  initial(k: string): string {
    return this.inits.get(k)!;
  }

  get(k: string): string {
    return this.current.get(k) ?? this.inits.get(k)!;
  }

  sort(k: string): string {
    return this.sorts.get(k)!;
  }
}

function slotSort(slot: Slot, colTy: Ty): string {
  switch (slot) {
    case 'cells': return `(Array String ${sortOf(colTy)})`;
    case 'exists': case 'cell-written': case 'cell-enforced': return '(Array String Bool)';
    case 'guard-passes': return '(Array Int Bool)';
    case 'cell-delta': case 'read-count': case 'write-count': return '(Array String Int)';
    case 'column-delta': return 'Int';
    default: return 'Bool';
  }
}

/// Which guards pass: any, except that the trivial guard always does.
export function trivialPasses(passes: string): string {
  return `(store ${passes} trivial-guard true)`;
}

/// A database cell, and whether it had been written when it was read.
export interface Cell {
  readonly table: string;
  readonly column: string;
  readonly key: string;
  readonly dirty: string;
  /// The key as Pact's trace shows it: Haskell's `Show` of the analysis' symbolic key.
  readonly shownKey: string;
}
