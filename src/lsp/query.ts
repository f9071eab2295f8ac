/// Names across the workspace: what a position names, where a key is defined, where it is used.
import type { ModuleData } from '../lang/runtime.ts';
import type { FileAnalysis } from './analysis.ts';
import type { Definition, Occurrence } from './names.ts';
import type { Workspace } from './workspace.ts';

/// The occurrence at `offset` (a cursor just after a name still names it), or null.
export function occurrenceAt(a: FileAnalysis, offset: number): Occurrence | null {
  const occ = a.names.occurrences;
  // The last occurrence starting at or before the offset, by binary search.
  let lo = 0;
  let hi = occ.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (occ[mid]!.from <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let i = found; i >= 0 && i > found - 4; i--) {
    const o = occ[i]!;
    if (o.from <= offset && offset <= o.to) return o;
  }
  return null;
}

/// The module a member or module key belongs to (`d:ns.mod.f` → `ns.mod`).
export function moduleOfKey(key: string): string | null {
  if (key.startsWith('m:')) return key.slice(2);
  if (key.startsWith('d:')) return key.slice(2, key.lastIndexOf('.'));
  return null;
}

/// Where a key is defined, or null (natives, and names whose file is unknown).
export function definitionOf(ws: Workspace, key: string): Definition | null {
  const local = /^l:(.*)#\d+$/.exec(key);
  if (local !== null) return ws.analysis(local[1]!)?.names.definitions.find((d) => d.key === key) ?? null;
  const module = moduleOfKey(key);
  if (module === null) return null;
  for (const path of ws.declarers(module)) {
    const d = ws.analysis(path)?.names.definitions.find((x) => x.key === key);
    if (d !== undefined) return d;
  }
  return null;
}

export interface Use {
  readonly path: string;
  readonly from: number;
  readonly to: number;
}

/// Every place the workspace's files name `key` (its definitions included).
export function usesOf(ws: Workspace, key: string): Use[] {
  const local = /^l:(.*)#\d+$/.exec(key);
  const paths = local !== null ? [local[1]!] : [...ws.files].filter((f) => ws.shown(f)).map((f) => f.path);
  const out: Use[] = [];
  for (const path of paths) {
    for (const o of ws.analysis(path)?.names.occurrences ?? []) if (o.key === key) out.push({ path, from: o.from, to: o.to });
  }
  return out;
}

/// A module as the file declaring it built it, or null.
export function moduleData(ws: Workspace, name: string): ModuleData | null {
  for (const path of ws.declarers(name)) {
    const m = ws.analysis(path)?.modules.get(name);
    if (m !== undefined) return m;
  }
  return null;
}

/// The definitions of a module's members, from the file declaring it.
export function membersOf(ws: Workspace, name: string): Definition[] {
  for (const path of ws.declarers(name)) {
    const defs = ws.analysis(path)?.names.definitions.filter((d) => d.module === name);
    if (defs !== undefined && defs.length > 0) return defs;
  }
  return [];
}
