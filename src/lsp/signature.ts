/// Signature help: while the arguments of an application are typed, the signatures of what is
/// applied (each overload of a native, a user function's arguments) and which argument the
/// cursor is at.
import type { SyntaxNode } from '@lezer/common';
import type { SignatureHelp, SignatureInformation } from 'vscode-languageserver';
import { Def } from '../lang/runtime.ts';
import { showType } from '../values/type.ts';
import type { FileAnalysis } from './analysis.ts';
import { nativeOverloads } from './hover.ts';
import { definitionOf, occurrenceAt } from './query.ts';
import type { SourceFile } from './source.ts';
import type { Workspace } from './workspace.ts';

export function signatureHelp(ws: Workspace, file: SourceFile, a: FileAnalysis, offset: number): SignatureHelp | null {
  for (let n: SyntaxNode | null = file.tree.resolveInner(offset, -1); n !== null; n = n.parent) {
    if (n.name !== 'Parens' || n.from >= offset || (n.lastChild?.name === ')' && n.to <= offset)) continue;
    const head = n.firstChild?.nextSibling;
    if (head?.name !== 'Atom' || head.to >= offset) continue;
    const sigs = signatures(ws, a, head.to);
    if (sigs === null) continue;
    const index = argumentIndex(n, head, offset);
    const active = Math.max(0, sigs.findIndex((s) => (s.parameters?.length ?? 0) > index));
    return { signatures: sigs, activeSignature: active, activeParameter: index };
  }
  return null;
}

/// Which argument the cursor is at: the one it is in or just after, else the next.
function argumentIndex(app: SyntaxNode, head: SyntaxNode, offset: number): number {
  let i = 0;
  for (let c = head.nextSibling; c !== null && c.name !== ')'; c = c.nextSibling) {
    if (offset <= c.to) return i;
    i++;
  }
  return i;
}

/// The signatures of the native or function named at `offset`, each with its arguments' ranges.
function signatures(ws: Workspace, a: FileAnalysis, offset: number): SignatureInformation[] | null {
  const o = occurrenceAt(a, offset);
  if (o === null) return null;
  if (o.key.startsWith('n:')) {
    const n = a.ctx.natives.get(o.key.slice(2)) ?? a.ctx.replNatives.get(o.key.slice(2));
    if (n === undefined) return null;
    return nativeOverloads(n).map((s) => signature(n.name, s.args, s.ret, n.docs));
  }
  const d = definitionOf(ws, o.key);
  if (!(d?.val instanceof Def)) return null;
  const def = d.val;
  return [signature(def.name, def.args.map((x) => `${x.name}:${showType(x.type)}`), showType(def.ret), d.docs ?? '')];
}

function signature(name: string, args: readonly string[], ret: string, docs: string): SignatureInformation {
  let label = `(${name}`;
  const parameters = args.map((text) => {
    label += ' ';
    const range: [number, number] = [label.length, label.length + text.length];
    label += text;
    return { label: range };
  });
  label += `) -> ${ret}`;
  return { label, parameters, ...(docs === '' ? {} : { documentation: docs }) };
}
