/// What Tab offers in the interactive REPL, as Pact's `completeFn` (Haskeline's word completion)
/// decides it: inside a string, file names; elsewhere the word before the cursor among the
/// natives, the names in scope, the loaded modules' and interfaces' names and each module's
/// `module.member` (`namespace.module.member`). One addition of ours: where an object of a known
/// schema is being written (a row for `insert`/`write`/`update`, the bindings of `with-read`,
/// a value typed `object{s}`), the schema's fields.
///
/// Candidates come in Haskeline's shape (`Completion`): the text that replaces the word, the text
/// a listing shows, and whether a space (after a string, its closing quote too) follows.
import { readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { openForms, outline } from '../syntax/outline.ts';
import type { Form, Item } from '../syntax/outline.ts';
import { compareCodePoints } from '../values/text.ts';

export interface Completion {
  readonly replacement: string;
  readonly display: string;
  readonly finished: boolean;
}

/// What the session has loaded, as completion needs it: made by the evaluator process
/// (completion-scope.ts) and sent as plain JSON (pairs, not an object keyed by Pact names, which
/// would meet `constructor` and `__proto__`).
export interface CompletionScope {
  /// Every name Pact's completion offers, sorted by code point, each once.
  readonly names: readonly string[];
  /// Tables with a schema, by every name that reaches them (`t`, `m.t`, `ns.m.t`), with its fields.
  readonly tables: ReadonlyArray<readonly [string, readonly string[]]>;
  /// Schemas the same way.
  readonly schemas: ReadonlyArray<readonly [string, readonly string[]]>;
}

/// The completions of the line left of the cursor: `rest` is what stays of it (the line without
/// the word being completed), `candidates` what may replace the word, in order.
export interface Completions {
  readonly rest: string;
  readonly candidates: readonly Completion[];
}

const ESCAPE = '\\';
const QUOTE = '"';
// Haskeline's `filenameWordBreakChars` plus both quotes: what ends a word Pact completes.
const WORD_BREAKS = new Set('"\' \t\n`@$><=;|&{(');

/// Completes `line` (the current line up to the cursor). `before` is the input's earlier lines
/// (a form may have started there); `cwd` where file names are looked up.
/// @example complete('(m.tr', '', scope).candidates // [{ replacement: 'm.transfer', ... }]
export function complete(line: string, before: string, scope: CompletionScope, cwd = process.cwd()): Completions {
  const quoted = quotedWord(line);
  if (quoted !== null) {
    const fields = objectFields(before + quoted.rest, scope);
    const found = fields !== null ? fieldCompletions(fields, quoted.word) : listFiles(quoted.word, cwd);
    return { rest: quoted.rest, candidates: found.map(quote) };
  }
  const { word, rest } = plainWord(line);
  const fields = objectFields(before + rest, scope);
  if (fields !== null) return { rest, candidates: fieldCompletions(fields, word).map(quote) };
  const candidates = scope.names.filter((n) => n.startsWith(word)).map((n) => escapeWord(finished(n)));
  return { rest, candidates };
}

const finished = (text: string): Completion => ({ replacement: text, display: text, finished: true });

// The word left of the cursor, unescaped, and what precedes it: a backslash escapes a break
// character or itself (Haskeline's `completeWord`).
function plainWord(line: string): { word: string; rest: string } {
  let word = '';
  let i = line.length - 1;
  while (i >= 0) {
    const c = line[i]!;
    if (i > 0 && line[i - 1] === ESCAPE && (c === ESCAPE || WORD_BREAKS.has(c))) i -= 2;
    else if (!WORD_BREAKS.has(c)) i -= 1;
    else break;
    word = c + word;
  }
  return { word, rest: line.slice(0, i + 1) };
}

function escapeWord(c: Completion): Completion {
  let r = '';
  for (const ch of c.replacement) r += ch === ESCAPE || WORD_BREAKS.has(ch) ? ESCAPE + ch : ch;
  return { ...c, replacement: r };
}

// The text after the last opening quote left of the cursor, unescaped, and what precedes that
// quote; null when the cursor is not inside a string (Haskeline's `completeQuotedWord`: a quote
// opens a string when an even number of quotes precede it).
function quotedWord(line: string): { word: string; rest: string } | null {
  const last = splitAtQuote(line);
  if (last === null) return null;
  let open = true;
  for (let s = splitAtQuote(last.rest); s !== null; s = splitAtQuote(s.rest)) open = !open;
  return open ? last : null;
}

function splitAtQuote(line: string): { word: string; rest: string } | null {
  let word = '';
  for (let i = line.length - 1; i >= 0; i--) {
    const c = line[i]!;
    if (i > 0 && line[i - 1] === ESCAPE && (c === ESCAPE || c === QUOTE)) i--;
    else if (c === QUOTE) return { word, rest: line.slice(0, i) };
    word = c + word;
  }
  return null;
}

// A completion inside a string: escaped, between quotes (the closing one when finished).
function quote(c: Completion): Completion {
  let r = '';
  for (const ch of c.replacement) r += ch === ESCAPE || ch === QUOTE ? ESCAPE + ch : ch;
  return { ...c, replacement: QUOTE + r + (c.finished ? QUOTE : '') };
}

function fieldCompletions(fields: readonly string[], word: string): Completion[] {
  return fields.filter((f) => f.startsWith(word)).sort(compareCodePoints).map(finished);
}

/// The files and directories whose path begins with `path` (relative to `cwd`, `~/` for the
/// home directory), sorted; a directory's replacement ends in `/` and is not finished, and a
/// listing shows each by its own name (Haskeline's `listFiles`).
export function listFiles(path: string, cwd: string): Completion[] {
  const cut = path.lastIndexOf('/') + 1;
  const dir = path.slice(0, cut);
  const prefix = path.slice(cut);
  const fixed = dir.startsWith('~/') ? join(homedir(), dir.slice(2)) : resolve(cwd, dir);
  let names: string[];
  try {
    names = readdirSync(fixed).filter((n) => n.startsWith(prefix)).sort(compareCodePoints);
  } catch {
    return [];
  }
  return names.map((n) => (isDirectory(join(fixed, n))
    ? { replacement: `${dir}${n}/`, display: n, finished: false }
    : { replacement: dir + n, display: n, finished: true }));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// The fields of the object being written at the end of `text`, when its schema is known and the
// end is where a field name goes; null otherwise.
function objectFields(text: string, scope: CompletionScope): readonly string[] | null {
  const top = outline(text);
  const open = openForms(top);
  const object = open.at(-1);
  const around = open.at(-2);
  if (object?.bracket !== '{' || around === undefined || !atKey(object)) return null;
  const local = definedInText(top);
  const at = around.items.length - 1;
  const table = tableArgument(around, at);
  if (table !== null) return local.tables.get(table) ?? fieldsOf(scope.tables, table);
  const schema = annotatedSchema(around.items, at);
  if (schema !== null) return local.schemas.get(schema) ?? fieldsOf(scope.schemas, schema);
  return null;
}

function fieldsOf(named: CompletionScope['tables'], name: string): readonly string[] | null {
  return named.find(([n]) => n === name)?.[1] ?? null;
}

// A field name goes first in an object, and after each comma.
function atKey(object: Form): boolean {
  const last = object.items.at(-1);
  return last === undefined || last.kind === 'comma';
}

/// Natives whose object argument at these positions (the native's name being 0) is a row of the
/// table named first (the language server's completion knows rows by it too).
export const ROW_ARGUMENTS: ReadonlyMap<string, readonly number[]> = new Map([
  ['insert', [3]], ['write', [3]], ['update', [3]], ['with-read', [3]], ['with-default-read', [3, 4]],
]);

// The table named by an application whose argument at `at` is a row of it.
function tableArgument(app: Form, at: number): string | null {
  const [head, table] = app.items;
  if (app.bracket !== '(' || head?.kind !== 'atom' || table?.kind !== 'atom') return null;
  return ROW_ARGUMENTS.get(head.text)?.includes(at) ? table.text : null;
}

// `s` when the items before `at` end in a type annotation `:object{s}` (a typed `let` binding
// or `defconst`).
function annotatedSchema(items: readonly Item[], at: number): string | null {
  const [colon, object, braces] = items.slice(at - 3, at);
  if (colon?.kind !== 'colon' || object?.text !== 'object' || braces?.form?.bracket !== '{') return null;
  const [name, more] = braces.form.items;
  return name?.kind === 'atom' && more === undefined ? name.text : null;
}

// Schemas and tables defined in the input being typed (the module around the cursor, say).
function definedInText(top: Form): { schemas: Map<string, string[]>; tables: Map<string, readonly string[]> } {
  const schemas = new Map<string, string[]>();
  const tableSchemas: Array<[string, string]> = [];
  const pending: Form[] = [top];
  for (let f = pending.pop(); f !== undefined; f = pending.pop()) {
    const [head, name, colon, type] = f.items;
    if (f.bracket === '(' && head?.kind === 'atom' && name?.kind === 'atom') {
      if (head.text === 'defschema') schemas.set(name.text, schemaFields(f.items.slice(2)));
      const schema = type?.form?.items[0];
      if (head.text === 'deftable' && colon?.kind === 'colon' && schema?.kind === 'atom') tableSchemas.push([name.text, schema.text]);
    }
    for (const i of f.items) if (i.form !== null) pending.push(i.form);
  }
  const tables = new Map<string, readonly string[]>();
  for (const [table, schema] of tableSchemas) {
    const fields = schemas.get(schema);
    if (fields !== undefined) tables.set(table, fields);
  }
  return { schemas, tables };
}

// The field names of a `defschema` body: each name, less its `:type`, docs and `@model`.
function schemaFields(items: readonly Item[]): string[] {
  const fields: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === 'colon') i += items[i + 1]?.kind === 'atom' && items[i + 2]?.form?.bracket === '{' ? 2 : 1;
    else if (item.text === '@doc' || item.text === '@model') i++;
    else if (item.kind === 'atom') fields.push(item.text);
  }
  return fields;
}
