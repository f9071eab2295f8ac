/// Renders a linked expression for call-stack frames, as Pact prints unevaluated argument terms:
/// literals and variables by value, applications as `(f a b)`, lists as `[a b]`, anything else by
/// its source text.
import { spanText } from '../syntax/exp.ts';
import type { Ctx } from './context.ts';
import type { Env, Node } from './runtime.ts';
import { showValCompact } from './show.ts';

/// Reading a literal or a variable needs no context, so none is passed.
const noCtx = null as unknown as Ctx;

export function nodeText(node: Node, env: Env | null): string {
  switch (node.kind) {
    case 'lit':
    case 'var':
      try {
        return showValCompact(node.ev(noCtx, env!));
      } catch {
        return spanText(node.info).trim();
      }
    case 'app':
      if (node.fn !== undefined) return `(${[node.fn, ...node.args!].map((n) => nodeText(n, env)).join(' ')})`;
      return spanText(node.info).trim();
    case 'list':
      if (node.items !== undefined) return `[${node.items.map((n) => nodeText(n, env)).join(' ')}]`;
      return spanText(node.info).trim();
    default:
      return spanText(node.info).trim();
  }
}
