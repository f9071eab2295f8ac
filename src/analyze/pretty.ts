/// Pact's `Pretty Prop` (`Types/Languages.hs`) and prettyprinter's `layoutPretty` (80 columns),
/// which renders it. The one place Pact prints a typed property is the rejection of a schema
/// invariant that uses a property-only term (`propToInvariant`), where the term is shown.
///
/// Our properties are lowered in places where Pact's keep their surface form (`contains` of an
/// object, `typeof`, `take`/`drop` of an object, decimal arithmetic of an integer, objects of two
/// types compared): the parser records Pact's form of such a node here (`showAs`, `widened`), so
/// it prints, and is searched for property-only terms, as Pact's would be.
import type { DbProp, NameRef, Op, Prop, QTy } from './lang.ts';
import { isNameTy, showTy } from './lang.ts';

// ---------------------------------------------------------------------------------------------
// Documents (the subset of prettyprinter's `Doc` Pact's property printer builds)

export type Doc =
  | { readonly k: 'text'; readonly s: string }
  /// A line break, or `flat` when its group is laid out on one line (`line`: a space, `line'`:
  /// nothing).
  | { readonly k: 'line'; readonly flat: string }
  | { readonly k: 'cat'; readonly a: Doc; readonly b: Doc }
  /// `group`: the flattened document if it fits, else the document.
  | { readonly k: 'group'; readonly d: Doc };

const text = (s: string): Doc => ({ k: 'text', s });
const LINE: Doc = { k: 'line', flat: ' ' };
const LINE_: Doc = { k: 'line', flat: '' };
const cat = (a: Doc, b: Doc): Doc => ({ k: 'cat', a, b });
const cats = (ds: readonly Doc[]): Doc => (ds.length === 0 ? text('') : ds.reduce(cat));
const concatWith = (ds: readonly Doc[], sep: Doc): Doc => (ds.length === 0 ? text('') : ds.reduce((x, y) => cats([x, sep, y])));

/// `parens . sep`: the items separated by spaces, or each on its own line.
function parensSep(ds: readonly Doc[]): Doc {
  return cats([text('('), { k: 'group', d: concatWith(ds, LINE) }, text(')')]);
}

/// `encloseSep open close ","` (Pact's `commaBrackets`, `commaBraces`).
function commaEnclosed(open: string, close: string, ds: readonly Doc[]): Doc {
  if (ds.length === 0) return text(open + close);
  if (ds.length === 1) return cats([text(open), ds[0]!, text(close)]);
  const items = ds.map((d, i) => cat(text(i === 0 ? open : ','), d));
  return cat({ k: 'group', d: concatWith(items, LINE_) }, text(close));
}

/// The documents still to lay out, as a linked list; `flat` ones are inside a flattened group.
interface Pending {
  readonly d: Doc;
  readonly flat: boolean;
  readonly next: Pending | null;
}

/// A laid-out stream, its tail computed on demand (the fitting test reads only the first line).
interface Stream {
  readonly tok: string;
  readonly next: () => Stream | null;
}

const PAGE_WIDTH = 80;

/// prettyprinter's `layoutPretty` with its default options (80 columns, ribbon 1): a group is
/// flat when what follows up to the next line break still fits on the line.
export function renderPretty(d: Doc): string {
  let out = '';
  for (let s = best(0, { d, flat: false, next: null }); s !== null; s = s.next()) out += s.tok;
  return out;
}

function best(col: number, p: Pending | null): Stream | null {
  if (p === null) return null;
  const { d, flat, next } = p;
  switch (d.k) {
    case 'text': return { tok: d.s, next: lazy(() => best(col + d.s.length, next)) };
    case 'line': return flat ? { tok: d.flat, next: lazy(() => best(col + d.flat.length, next)) } : { tok: '\n', next: lazy(() => best(0, next)) };
    case 'cat': return best(col, { d: d.a, flat, next: { d: d.b, flat, next } });
    case 'group': {
      if (flat) return best(col, { d: d.d, flat, next });
      const flattened = best(col, { d: d.d, flat: true, next });
      return fits(PAGE_WIDTH - col, flattened) ? flattened : best(col, { d: d.d, flat: false, next });
    }
  }
}

function fits(width: number, s: Stream | null): boolean {
  for (let w = width; ; s = s.next()) {
    if (w < 0) return false;
    if (s === null || s.tok === '\n') return true;
    w -= s.tok.length;
  }
}

function lazy<T>(f: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = f();
      done = true;
    }
    return value;
  };
}

// ---------------------------------------------------------------------------------------------
// Pact's form of lowered nodes

interface Shown {
  readonly head: string;
  readonly args: readonly Prop[];
}

const SHOWN = new WeakMap<Prop, Shown>();
const WIDENED = new WeakSet<Prop>();

/// Records that `node` stands for Pact's `(head args...)`.
export function showAs<P extends Prop>(node: P, head: string, args: readonly Prop[]): P {
  SHOWN.set(node, { head, args });
  return node;
}

/// Records that `node` (an integer's `dec`) is the widening of an operand of decimal arithmetic,
/// which Pact's `DecIntArithOp`/`IntDecArithOp` does not show.
export function widened<P extends Prop>(node: P): P {
  WIDENED.add(node);
  return node;
}

// ---------------------------------------------------------------------------------------------
// Pact's `Pretty Prop`

/// Names of the variables a property binds (its quantifiers', the columns of an invariant).
type VarNames = ReadonlyMap<number, string>;

const OP_NAMES: Partial<Record<Op, string>> = {
  'neg': '-', 'concat': '+', 'add-time-dec': 'add-time', 'floor-to': 'floor', 'ceiling-to': 'ceiling', 'round-to': 'round',
  'str-to-int-base': 'str-to-int', 'keccak256': 'hash-keccak256',
};

/// A property's direct subterms in Pact's order (the order `propToInvariant` visits them).
export function subterms(p: Prop): readonly Prop[] {
  const shown = SHOWN.get(p);
  if (shown !== undefined) return shown.args;
  switch (p.k) {
    case 'op': {
      const args = p.args.map((a) => (WIDENED.has(a) && a.k === 'op' ? a.args[0]! : a));
      // Pact's take, drop and at name the count or index first.
      return p.op === 'take' || p.op === 'drop' || p.op === 'at-index' ? [args[1]!, args[0]!] : args;
    }
    case 'quantified': return [p.body];
    case 'at': return [p.obj];
    case 'list': return p.items;
    case 'object': return p.fields.map(([, v]) => v);
    case 'db': return 'key' in p ? [p.key] : [];
    default: return [];
  }
}

/// Whether a term is one of Pact's `PropSpecific` ones (only valid in properties).
export function propertyOnly(p: Prop): boolean {
  if (SHOWN.has(p)) return false;
  return p.k === 'result' || p.k === 'success' || p.k === 'abort' || p.k === 'quantified' || p.k === 'db' ||
    p.k === 'authorized-by' || p.k === 'governance-passes';
}

/// Pact's `prettyTm` of a property.
export function prettyProp(p: Prop, names: VarNames): Doc {
  const pp = (x: Prop) => prettyProp(x, names);
  const shown = SHOWN.get(p);
  if (shown !== undefined) return parensSep([text(shown.head), ...shown.args.map(pp)]);
  switch (p.k) {
    case 'lit': return text(showLit(p.lit));
    case 'var': return text(names.get(p.vid) ?? `v${p.vid}`);
    case 'result': return text('result');
    case 'success': return text('success');
    case 'abort': return text('abort');
    case 'governance-passes': return text('governance-passes');
    case 'authorized-by': return parensSep([text('authorized-by'), text(`'${p.name}`)]);
    case 'quantified': {
      const binding = `(${names.get(p.vid) ?? `v${p.vid}`}:${showQTy(p.ty)})`;
      return parensSep([text(p.q), text(binding), pp(p.body)]);
    }
    case 'at': return parensSep([text('at'), text(`"${p.field}"`), pp(p.obj)]);
    case 'list': return commaEnclosed('[', ']', p.items.map(pp));
    case 'object': return commaEnclosed('{', '}', p.fields.map(([n, v]) => cat(text(`'${n}: `), pp(v))));
    case 'db': return prettyDb(p, pp, names);
    case 'op': {
      const args = subterms(p).map(pp);
      // Pact's `ModOp` and `ListAt` show no operator.
      if (p.op === 'mod' || p.op === 'at-index') return parensSep(args);
      return parensSep([text(OP_NAMES[p.op] ?? p.op), ...args]);
    }
  }
}

function prettyDb(p: DbProp, pp: (x: Prop) => Doc, names: VarNames): Doc {
  const name = (n: NameRef): Doc => text(typeof n === 'string' ? `"${n}"` : names.get(n.vid) ?? n.name);
  const at = (...ds: Doc[]) => parensSep([text(p.what), ...ds]);
  switch (p.what) {
    case 'table-read': case 'table-written': return at(name(p.table));
    case 'column-read': case 'column-written': case 'column-delta': return at(name(p.table), name(p.column));
    case 'cell-delta': case 'row-enforced': return at(name(p.table), name(p.column), pp(p.key));
    case 'row-read': case 'row-written': case 'row-read-count': case 'row-write-count': return at(name(p.table), pp(p.key));
    case 'row-exists': case 'read': return at(name(p.table), pp(p.key), text(`'${p.when}`));
  }
}

/// A literal as Pact's analysis prints a concrete value.
function showLit(l: Extract<Prop, { k: 'lit' }>['lit']): string {
  switch (l.ty) {
    case 'integer': case 'time': return l.value.toString();
    case 'decimal': return showScaled(l.value);
    case 'bool': return l.value ? 'True' : 'False';
    case 'string': return `"${l.value}"`;
    case 'empty-list': return '[]';
  }
}

/// Pact's `Pretty QType` (a table's name quoted).
export function showQTy(t: QTy): string {
  if (!isNameTy(t)) return showTy(t);
  return t.k === 'table' ? 'table' : `(column-of "${t.table}")`;
}

/// A scaled decimal as Pact shows one (`Pretty Decimal` of the analysis): fewest places, at least one.
export function showScaled(v: bigint): string {
  const neg = v < 0n;
  let digits = (neg ? -v : v).toString().padStart(256, '0');
  let frac = digits.slice(-255).replace(/0+$/, '');
  digits = digits.slice(0, -255).replace(/^0+(?=.)/, '');
  if (frac === '') frac = '0';
  return `${neg ? '-' : ''}${digits}.${frac}`;
}
