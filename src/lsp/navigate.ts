/// Go to definition, find references and rename, across the workspace's files. Rename changes a
/// user definition or a local name everywhere the workspace names it, and refuses what it cannot
/// see every use of: natives, modules (whose names also live in strings and symbols), members
/// reachable through module references (`ref::member`), definitions outside the workspace, and
/// names in files whose syntax errors leave some of their code unread.
import { ResponseError } from 'vscode-languageserver';
import type { Location, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { parse } from '../syntax/index.ts';
import { compileTopLevel } from '../lang/compile.ts';
import { Def } from '../lang/runtime.ts';
import type { FileAnalysis } from './analysis.ts';
import type { Occurrence } from './names.ts';
import { definitionOf, moduleData, moduleOfKey, occurrenceAt, usesOf } from './query.ts';
import type { Workspace } from './workspace.ts';

export function definition(ws: Workspace, a: FileAnalysis, offset: number): Location | null {
  const load = a.loads.find((l) => l.from <= offset && offset <= l.to);
  const file = load !== undefined ? ws.file(load.path) : null;
  if (file !== null) return { uri: file.uri, range: file.range(0, 0) };
  const o = occurrenceAt(a, offset);
  const d = o === null ? null : definitionOf(ws, o.key);
  const at = d === null ? null : ws.file(d.path);
  return d === null || at === null ? null : { uri: at.uri, range: at.range(d.from, d.to) };
}

export function references(ws: Workspace, a: FileAnalysis, offset: number, withDeclaration: boolean): Location[] {
  const o = occurrenceAt(a, offset);
  if (o === null) return [];
  const d = withDeclaration ? null : definitionOf(ws, o.key);
  return usesOf(ws, o.key).filter((u) => d === null || u.path !== d.path || u.from !== d.from).flatMap((u) => {
    const f = ws.file(u.path);
    return f === null ? [] : [{ uri: f.uri, range: f.range(u.from, u.to) }];
  });
}

/// The name a rename at `offset` would change, or an error saying why it cannot be renamed.
export function prepareRename(ws: Workspace, a: FileAnalysis, offset: number): { range: Range; placeholder: string } {
  const o = renamable(ws, a, offset);
  const f = ws.file(a.path)!;
  return { range: f.range(o.from, o.to), placeholder: f.text.slice(o.from, o.to) };
}

export function rename(ws: Workspace, a: FileAnalysis, offset: number, newName: string): WorkspaceEdit {
  const o = renamable(ws, a, offset);
  checkNewName(ws, a, o, newName);
  const changes: Record<string, TextEdit[]> = {};
  for (const u of usesOf(ws, o.key)) {
    const f = ws.file(u.path)!;
    (changes[f.uri] ??= []).push({ range: f.range(u.from, u.to), newText: newName });
  }
  return { changes };
}

function refuse(message: string): never {
  throw new ResponseError(-32803 /* RequestFailed */, message);
}

function renamable(ws: Workspace, a: FileAnalysis, offset: number): Occurrence {
  const o = occurrenceAt(a, offset);
  if (o === null) refuse('There is no name here to rename.');
  const name = ws.file(a.path)!.text.slice(o.from, o.to);
  if (o.key.startsWith('n:')) refuse(`\`${name}\` is a native: natives cannot be renamed.`);
  if (o.key.startsWith('m:')) {
    refuse(`\`${name}\` is a module: its name is also written in strings and symbols (load, typecheck, keysets) that cannot all be followed.`);
  }
  const d = definitionOf(ws, o.key);
  const home = d === null ? null : ws.file(d.path);
  if (d === null || home === null || !ws.shown(home)) refuse(`\`${name}\` is defined outside the workspace: its uses elsewhere cannot be seen.`);
  if (d.module !== null && reachableByReference(ws, d.module, d.name)) {
    refuse(`\`${name}\` belongs to an interface or implements one: calls through module references (\`ref::${d.name}\`) cannot all be seen.`);
  }
  const local = o.key.startsWith('l:');
  for (const f of ws.files) {
    if (!ws.shown(f) || (local && f.path !== d.path)) continue;
    const fa = ws.analysis(f.path);
    if (fa !== null && !fa.whole && f.text.includes(d.name)) refuse(`\`${name}\` may be used in ${f.path}, whose syntax errors leave part of it unread.`);
  }
  return o;
}

/// Is a member of an interface, or of a module implementing an interface that declares it?
function reachableByReference(ws: Workspace, module: string, member: string): boolean {
  const m = moduleData(ws, module);
  if (m === null) return false;
  if (m.isInterface) return true;
  return m.interfaces.some((i) => moduleData(ws, i)?.members.get(member) instanceof Def);
}

/// A new name must read as one bare Pact name that is not reserved, nor a native's, nor another
/// member's of the same module.
function checkNewName(ws: Workspace, a: FileAnalysis, o: Occurrence, newName: string): void {
  let ok = false;
  try {
    const exps = parse(newName, '<rename>');
    const e = exps[0]!;
    ok = exps.length === 1 && e.tag === 'atom' && e.parts.length === 1 && !e.dynamic && e.parts[0] === newName;
    if (ok) compileTopLevel(e);
  } catch {
    ok = false;
  }
  if (!ok) refuse(`\`${newName}\` is not a name Pact can read as a definition's name.`);
  if (a.ctx.natives.has(newName)) refuse(`\`${newName}\` is the name of a native.`);
  const module = moduleOfKey(o.key);
  if (module !== null && moduleData(ws, module)?.members.has(newName)) refuse(`\`${newName}\` already names a member of ${module}.`);
}
