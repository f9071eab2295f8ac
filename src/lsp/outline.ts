/// Document symbols (a file's modules and interfaces with their members, and its other
/// definitions) and workspace symbols (every module-level definition whose name matches).
import { SymbolKind } from 'vscode-languageserver';
import type { DocumentSymbol, SymbolInformation } from 'vscode-languageserver';
import type { FileAnalysis } from './analysis.ts';
import type { Definition, DefinitionKind } from './names.ts';
import type { SourceFile } from './source.ts';
import type { Workspace } from './workspace.ts';

const KIND: Record<DefinitionKind, SymbolKind> = {
  module: SymbolKind.Module, interface: SymbolKind.Interface, defun: SymbolKind.Function, defpact: SymbolKind.Function,
  defcap: SymbolKind.Event, defconst: SymbolKind.Constant, defschema: SymbolKind.Struct, deftable: SymbolKind.Variable,
  argument: SymbolKind.Variable, binding: SymbolKind.Variable,
};

const isMember = (d: Definition): boolean => d.kind !== 'argument' && d.kind !== 'binding';

export function documentSymbols(file: SourceFile, a: FileAnalysis): DocumentSymbol[] {
  const symbol = (d: Definition): DocumentSymbol => ({
    name: d.name, detail: d.signature, kind: KIND[d.kind],
    range: file.range(d.formFrom, d.formTo), selectionRange: file.range(d.from, d.to),
  });
  const out: DocumentSymbol[] = [];
  for (const d of a.names.definitions.filter(isMember)) {
    if (d.module === null) out.push({ ...symbol(d), children: [] });
    else out.findLast((m) => m.name === d.module)?.children!.push(symbol(d));
  }
  return out;
}

/// Definitions whose name contains every character of `query` in order (case ignored), as
/// editors filter symbols; an empty query matches all.
export function workspaceSymbols(ws: Workspace, query: string): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  for (const f of ws.files) {
    if (!ws.shown(f)) continue;
    for (const d of ws.analysis(f.path)?.names.definitions ?? []) {
      if (!isMember(d) || !fuzzy(d.name, query)) continue;
      out.push({
        name: d.name, kind: KIND[d.kind], location: { uri: f.uri, range: f.range(d.from, d.to) },
        ...(d.module === null ? {} : { containerName: d.module }),
      });
    }
  }
  return out;
}

function fuzzy(name: string, query: string): boolean {
  const n = name.toLowerCase();
  let i = 0;
  for (const ch of query.toLowerCase()) {
    i = n.indexOf(ch, i);
    if (i < 0) return false;
    i++;
  }
  return true;
}
