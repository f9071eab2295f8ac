/// Printing of everything the evaluator can produce: plain values through values/render.ts, plus
/// definitions, natives, tables and schemas the way Pact's `Pretty Term` prints them.
import { cat, fillSep, line, nest, parensSep, renderCompact, renderPretty, textLines, vsep } from '../values/doc.ts';
import type { Doc } from '../values/doc.ts';
import { valueDoc } from '../values/render.ts';
import { funTypeDoc, showType } from '../values/type.ts';
import type { Type } from '../values/type.ts';
import { Closure, ConstRef, Def, NativeRef, Partial, SchemaRef, TableRef } from './runtime.ts';
import type { ModuleData } from './runtime.ts';
import type { Native, NativeExample } from '../natives/registry.ts';
import type { Val } from './runtime.ts';
import { PList } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import { abbrev } from './errors.ts';

/// Types inside definitions print a schema as `{name}`.
function typeText(t: Type): string {
  return showType(t);
}

function defDoc(d: Def, types: (t: Type) => string = typeText): Doc {
  const parts: Doc[] = [
    d.kind,
    `${d.module.name}.${d.name}:${types(d.ret)}`,
    parensSep(d.args.map((a) => `${a.name}:${types(a.type)}`)),
  ];
  if (d.meta.docs !== null) parts.push(d.meta.docs);
  const m = d.rawDefcapMeta;
  if (m !== null) {
    if (m.kind === 'event') parts.push('@event');
    else if (m.kind === 'auto') parts.push('@managed');
    else parts.push(`@managed ${m.param} ${m.manager.name}`);
  }
  return parensSep(parts);
}

/// A native's help, as Pact's `Pretty` shows a native: a header, then indented by two, its docs
/// filled into lines, its types one per line and its examples one per line, each part after a
/// blank line. (Pact aligns the types and the examples at the column where they start, which is
/// always the indentation: they follow a line break.)
function nativeDoc(n: Native): Doc {
  const blank = cat(line, line);
  const parts: Doc[] = [
    blank, fillSep(n.docs.split(/\s+/).filter((w) => w !== '')),
    blank, 'Type:', line, vsep(n.types.map((t) => funTypeDoc(t))),
  ];
  if (n.examples.length > 0) parts.push(blank, 'Examples:', line, vsep(n.examples.map(exampleDoc)));
  return cat(`native \`${n.name}\``, nest(2, cat(...parts)));
}

/// An example Pact runs is shown as typed at the prompt.
function exampleDoc(e: NativeExample): Doc {
  return e.kind === 'literal' ? textLines(e.text) : cat('> ', textLines(e.text));
}

export function valDoc(v: Val): Doc {
  if (v instanceof Def) return defDoc(v);
  if (v instanceof NativeRef) return nativeDoc(v.native);
  if (v instanceof Closure) return `${v.name}:${typeText(v.ret)} lambda${renderCompact(parensSep(v.args.map((a) => `${a.name}:${typeText(a.type)}`)))} ...`;
  if (v instanceof TableRef) return parensSep(['deftable', `${v.name}:${typeText(v.type)}`, v.meta.docs ?? '']);
  if (v instanceof SchemaRef) return parensSep(['defschema', v.name, v.meta.docs ?? '']);
  if (v instanceof ConstRef) return cat('constant ', v.module, '.', v.name);
  if (v instanceof Partial) return cat('(', valDoc(v.fn), ')');
  return valueDoc(v as PactValue, (x) => valDoc(x as Val));
}

export function showValCompact(v: Val): string {
  return renderCompact(valDoc(v));
}

/// Pact's `abbrev` of a value's compact text (its first 50 characters, then `...`), rendering no
/// more of a long list than those need: a call stack through a list of 100 million elements
/// prints at once instead of building its whole text (past V8's limits).
export function showValAbbrev(v: Val): string {
  return abbrev(showValCompact(shownHead(v)));
}

// Each element of a list takes at least two characters (itself and a space), so 26 of them
// reach past the 50 characters shown and what follows them in a text is never shown.
const SHOWN_ITEMS = 26;

/// `v` with every list in it cut to the elements whose text can be shown by `abbrev`; any text
/// containing the cut value starts with the same 50 characters as one containing `v`.
export function shownHead(v: Val): Val {
  if (!(v instanceof PList)) return v;
  return new PList(v.items.slice(0, SHOWN_ITEMS).map((x) => shownHead(x) as PactValue), v.elemType);
}

export function showValPretty(v: Val): string {
  return renderPretty(valDoc(v));
}

/// A module member as `Recursion detected:` lists it: Pact prints the definition's term with
/// the module's own schemas named `module.schema`, and a constant as its `Pretty Term` does.
export function cycleTermText(v: Val, module: ModuleData): string {
  const types = (t: Type) => showType(t, (s) => (module.members.get(s.name) instanceof SchemaRef ? `${module.name}.${s.name}` : `{${s.name}}`));
  const meta = (docs: string | null) => (docs === null ? '' : `"${docs}"\n`);
  if (v instanceof Def) return renderCompact(defDoc(v, types));
  if (v instanceof ConstRef) return `constant .${v.module}${v.name}:${types(v.type)} ${meta(v.meta.docs)}`;
  if (v instanceof SchemaRef && v.type.t === 'user') {
    const fields = v.type.schema.fields.map((f) => `${f.name}:${types(f.type)}`);
    return renderCompact(parensSep(['defschema', v.name, meta(v.meta.docs), `[${fields.join(', ')}]`]));
  }
  return showValCompact(v);
}
