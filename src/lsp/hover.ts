/// Hover: what a name is. A native shows its signatures (as Pact prints them in argument errors)
/// and what Pact says of it; a user definition its declaration, module, `@doc` and `@model`; an
/// argument or binding its type and owner.
import type { Hover } from 'vscode-languageserver';
import { ConstRef } from '../lang/runtime.ts';
import { ModuleData } from '../lang/runtime.ts';
import { showValCompact } from '../lang/show.ts';
import { showType } from '../values/type.ts';
import type { Native, NativeExample } from '../natives/registry.ts';
import type { FileAnalysis } from './analysis.ts';
import type { Definition } from './names.ts';
import { definitionOf, occurrenceAt } from './query.ts';
import type { SourceFile } from './source.ts';
import type { Workspace } from './workspace.ts';

export function hover(ws: Workspace, file: SourceFile, a: FileAnalysis, offset: number): Hover | null {
  const o = occurrenceAt(a, offset);
  if (o === null) return null;
  let value: string | null = null;
  if (o.key.startsWith('n:')) {
    const native = a.ctx.natives.get(o.key.slice(2)) ?? a.ctx.replNatives.get(o.key.slice(2));
    if (native !== undefined) value = nativeText(native);
  } else {
    const d = definitionOf(ws, o.key);
    if (d !== null) value = definitionText(d);
  }
  if (value === null) return null;
  return { contents: { kind: 'markdown', value }, range: file.range(o.from, o.to) };
}

/// A native's overloads as Pact prints them (`x:integer y:integer -> integer`), in parts: each
/// argument, and the result.
export function nativeOverloads(n: Native): Array<{ args: string[]; ret: string }> {
  return n.types.map((t) => ({ args: t.args.map((a) => `${a.name}:${showType(a.type)}`), ret: showType(t.ret) }));
}

/// A native's signatures, one per overload, then what Pact's function reference gives: its docs
/// (markdown, as the reference prints them), its examples (those Pact runs as typed at the
/// prompt) and whether it is top-level only.
export function nativeText(n: Native): string {
  const sigs = nativeOverloads(n).map((o) => `(${[n.name, ...o.args].join(' ')}) -> ${o.ret}`);
  const parts = [fenced((sigs.length > 0 ? sigs : [n.name]).join('\n')), `native${n.repl ? ' (REPL only)' : ''}`];
  if (n.docs !== '') parts.push(n.docs);
  if (n.examples.length > 0) parts.push(fenced(n.examples.map(exampleText).join('\n')));
  if (n.topLevelOnly) parts.push('Top level only: this function will fail if used in module code.');
  return parts.join('\n\n');
}

function exampleText(e: NativeExample): string {
  return e.kind === 'literal' ? e.text : `pact> ${e.text}`;
}

export function definitionText(d: Definition): string {
  const parts = [fenced(d.signature)];
  switch (d.kind) {
    case 'argument':
      parts.push(d.owner === 'lambda' ? 'argument of a `lambda`' : `argument of \`${d.owner}\``);
      break;
    case 'binding':
      parts.push('local binding');
      break;
    case 'module': case 'interface': {
      const ifaces = d.val instanceof ModuleData && d.val.interfaces.length > 0 ? `, implements ${d.val.interfaces.map((i) => `\`${i}\``).join(', ')}` : '';
      parts.push(`${d.kind}${ifaces}`);
      break;
    }
    default:
      parts.push(`${d.kind} in module \`${d.module}\``);
  }
  if (d.val instanceof ConstRef && d.val.value !== null) parts.push(`value \`${showValCompact(d.val.value)}\``);
  if (d.docs !== null) parts.push(d.docs);
  if (d.model !== null) parts.push(`@model \`${d.model}\``);
  return parts.join('\n\n');
}

function fenced(code: string): string {
  return `\`\`\`pact\n${code}\n\`\`\``;
}
