/// Completion: the names that can be written where the cursor is — arguments and bindings in
/// scope, the module's own members and those it uses, the top-level names of the file, natives
/// and Pact's keywords, module names; `module.member` (and `namespace.module.member`) after a
/// dot; a schema's fields where an object of that schema is written (a row of `insert`, `write`,
/// `update`, the bindings of `with-read`, an argument typed `object{schema}`); file names inside
/// the string of a `load` (as the REPL's completion lists them).
import { dirname } from 'node:path';
import type { SyntaxNode } from '@lezer/common';
import { CompletionItemKind } from 'vscode-languageserver';
import type { CompletionItem, CompletionList, Range } from 'vscode-languageserver';
import { KEYWORDS, META } from '../syntax/highlight.ts';
import { ROW_ARGUMENTS, listFiles } from '../repl/completion.ts';
import { ConstRef, Def, NativeRef, SchemaRef, TableRef } from '../lang/runtime.ts';
import type { Val } from '../lang/runtime.ts';
import { showType } from '../values/type.ts';
import type { Type } from '../values/type.ts';
import type { FileAnalysis } from './analysis.ts';
import type { Definition, DefinitionKind } from './names.ts';
import { keyOf, memberKey, moduleKey, nativeKey } from './names.ts';
import { definitionOf, membersOf, occurrenceAt } from './query.ts';
import type { SourceFile } from './source.ts';
import type { Workspace } from './workspace.ts';

const KIND: Record<DefinitionKind, CompletionItemKind> = {
  module: CompletionItemKind.Module, interface: CompletionItemKind.Interface, defun: CompletionItemKind.Function,
  defpact: CompletionItemKind.Function, defcap: CompletionItemKind.Event, defconst: CompletionItemKind.Constant,
  defschema: CompletionItemKind.Struct, deftable: CompletionItemKind.Variable, argument: CompletionItemKind.Variable,
  binding: CompletionItemKind.Variable,
};

export function completion(ws: Workspace, file: SourceFile, a: FileAnalysis, offset: number): CompletionList {
  const text = file.text;
  const quote = openQuote(text, offset);
  if (quote !== null) return list(stringItems(ws, file, a, quote, offset));
  const start = wordStart(text, offset);
  const prefix = text.slice(start, offset);
  const range = file.range(start, offset);
  const fields = objectFields(ws, file, a, start);
  if (fields !== null) return list(fieldItems(fields, range, '"'));
  const items = prefix.includes('.') ? qualifiedItems(ws, a, prefix) : plainItems(ws, a, offset);
  return list(items.filter((i) => i.label.startsWith(prefix)).map((i) => ({ ...i, textEdit: { range, newText: i.label } })));
}

/// The details of an item (its documentation), asked for when it is shown.
export function resolveItem(item: CompletionItem, describe: (key: string) => string | null): CompletionItem {
  const key = typeof item.data === 'string' ? item.data : null;
  const doc = key === null ? null : describe(key);
  return doc === null ? item : { ...item, documentation: { kind: 'markdown', value: doc } };
}

function list(items: CompletionItem[]): CompletionList {
  return { isIncomplete: false, items };
}

const IDENT = /[^\s()[\]{}",:;']/;

function wordStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && IDENT.test(text[i - 1]!)) i--;
  return i;
}

/// The offset of the quote opening the string the cursor is in (on its line), or null.
function openQuote(text: string, offset: number): number | null {
  let q: number | null = null;
  for (let i = text.lastIndexOf('\n', offset - 1) + 1; i < offset; i++) {
    const c = text[i];
    if (c === '\\' && q !== null) i++;
    else if (c === '"') q = q === null ? i : null;
    else if (c === ';' && q === null) return null;
  }
  return q;
}

function stringItems(ws: Workspace, file: SourceFile, a: FileAnalysis, quote: number, offset: number): CompletionItem[] {
  const fields = objectFields(ws, file, a, quote);
  const typed = file.text.slice(quote + 1, offset);
  if (fields !== null) return fieldItems(fields.filter((f) => f[0].startsWith(typed)), file.range(quote + 1, offset), '');
  if (!/\(\s*load\s+$/.test(file.text.slice(file.text.lastIndexOf('\n', quote) + 1, quote))) return [];
  // The files the REPL's completion lists there, relative to the file's folder.
  const range = file.range(quote + 1, offset);
  return listFiles(typed, dirname(file.path)).map((c) => ({
    label: c.display, kind: c.finished ? CompletionItemKind.File : CompletionItemKind.Folder, textEdit: { range, newText: c.replacement },
  }));
}

function fieldItems(fields: ReadonlyArray<readonly [string, Type]>, range: Range, quote: string): CompletionItem[] {
  return fields.map(([name, type]) => ({
    label: name, kind: CompletionItemKind.Field, detail: showType(type), textEdit: { range, newText: `${quote}${name}${quote}` },
  }));
}

/// The fields of the schema of the object written at `at` when `at` is where a field's name
/// goes (after the `{` or a comma) and the object's schema is known; else null.
function objectFields(ws: Workspace, file: SourceFile, a: FileAnalysis, at: number): ReadonlyArray<readonly [string, Type]> | null {
  let before = at - 1;
  while (before >= 0 && /\s/.test(file.text[before]!)) before--;
  if (file.text[before] !== '{' && file.text[before] !== ',') return null;
  let braces: SyntaxNode | null = file.tree.resolveInner(at, -1);
  while (braces !== null && !(braces.name === 'Braces' && braces.from < at)) braces = braces.parent;
  const app = braces?.parent;
  if (braces == null || app?.name !== 'Parens') return null;
  // The application's items after its `(`: the head at 0, then the arguments.
  const items = children(app).slice(1);
  const position = items.findIndex((n) => n.from === braces!.from);
  const head = items[0];
  if (head?.name !== 'Atom' || position < 1) return null;
  const rows = ROW_ARGUMENTS.get(file.text.slice(head.from, head.to));
  if (rows !== undefined) {
    const table = items[1];
    if (!rows.includes(position) || table === undefined) return null;
    const v = memberAt(ws, a, table.to);
    return v instanceof TableRef ? typeFields(v.type) : null;
  }
  const f = memberAt(ws, a, head.to);
  return f instanceof Def ? typeFields(f.args[position - 1]?.type) : null;
}

function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c !== null; c = c.nextSibling) out.push(c);
  return out;
}

/// The module member the name ending at `offset` was resolved to, if any.
function memberAt(ws: Workspace, a: FileAnalysis, offset: number): Val | null {
  const o = occurrenceAt(a, offset);
  const v = o === null ? null : definitionOf(ws, o.key)?.val;
  return v instanceof Def || v instanceof TableRef ? v : null;
}

/// The fields of a schema type (`{s}`, `object{s}`), with their types.
function typeFields(t: Type | undefined): ReadonlyArray<readonly [string, Type]> | null {
  if (t?.t === 'user') return t.schema.fields.map((f) => [f.name, f.type] as const);
  return t?.t === 'schema' ? typeFields(t.schema) : null;
}

/// `mod.` `ns.mod.` `ns.`: members of the module so named, or modules of the namespace.
function qualifiedItems(ws: Workspace, a: FileAnalysis, prefix: string): CompletionItem[] {
  const qualifier = prefix.slice(0, prefix.lastIndexOf('.'));
  const ns = a.ctx.namespace;
  const names = ws.moduleNames();
  const items: CompletionItem[] = [];
  for (const full of [qualifier, ...(ns === null ? [] : [`${ns}.${qualifier}`])]) {
    if (names.includes(full)) items.push(...membersOf(ws, full).map((d) => memberItem(d, `${qualifier}.${d.name}`)));
  }
  for (const m of names) {
    if (m.startsWith(`${qualifier}.`) && !m.slice(qualifier.length + 1).includes('.')) items.push(moduleItem(m, m));
  }
  return items;
}

/// Everything a bare name can be at `offset`.
function plainItems(ws: Workspace, a: FileAnalysis, offset: number): CompletionItem[] {
  const items = new Map<string, CompletionItem>();
  const add = (i: CompletionItem) => {
    if (!items.has(i.label)) items.set(i.label, i);
  };
  for (const s of a.names.scopes) if (s.from <= offset && offset <= s.to) s.names.forEach((d) => add(memberItem(d, d.name)));
  const module = a.names.modules.find((m) => m.from <= offset && offset <= m.to);
  if (module !== undefined) {
    for (const d of a.names.definitions) if (d.module === module.name) add(memberItem(d, d.name));
    for (const used of module.uses) membersOf(ws, used).forEach((d) => add(memberItem(d, d.name)));
  } else {
    for (const [name, v] of a.ctx.scope) add(valItem(name, v));
  }
  const replNatives = a.ctx.replNativesAtTop && module === undefined ? [...a.ctx.replNatives.values()] : [];
  for (const n of [...a.ctx.natives.values(), ...replNatives]) {
    add({ label: n.name, kind: CompletionItemKind.Function, detail: n.sigs[0] ?? '', data: nativeKey(n.name) });
  }
  for (const k of [...KEYWORDS, ...META]) add({ label: k, kind: CompletionItemKind.Keyword });
  for (const m of ws.moduleNames()) {
    add(moduleItem(m.slice(m.lastIndexOf('.') + 1), m));
    add(moduleItem(m, m));
  }
  return [...items.values()];
}

function memberItem(d: Definition, label: string): CompletionItem {
  return { label, kind: KIND[d.kind], detail: d.signature, data: d.key };
}

function moduleItem(label: string, full: string): CompletionItem {
  return { label, kind: CompletionItemKind.Module, detail: full, data: moduleKey(full) };
}

/// A name of the top-level scope (a loaded module's member, an import).
function valItem(name: string, v: Val): CompletionItem {
  const key = keyOf(v);
  const kind = v instanceof Def ? (v.kind === 'defcap' ? CompletionItemKind.Event : CompletionItemKind.Function)
    : v instanceof ConstRef ? CompletionItemKind.Constant : v instanceof SchemaRef ? CompletionItemKind.Struct
    : v instanceof NativeRef ? CompletionItemKind.Function : CompletionItemKind.Variable;
  const detail = v instanceof Def ? `${v.module.name}.${v.name}` : v instanceof ConstRef || v instanceof SchemaRef ? memberKey(v.module, v.name).slice(2) : undefined;
  return { label: name, kind, ...(detail === undefined ? {} : { detail }), ...(key === null ? {} : { data: key }) };
}
