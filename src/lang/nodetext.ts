/// Renders a linked expression for call-stack frames, as Pact prints unevaluated argument terms:
/// literals and variables by value, applications as `(f a b)`, lists as `[a b]`, anything else by
/// its source text.
import { spanText } from '../syntax/exp.ts';
import type { Ctx } from './context.ts';
import type { Env, Node, Val } from './runtime.ts';
import { abbrev } from './errors.ts';
import { showValCompact, shownHead } from './show.ts';

/// Reading a literal or a variable needs no context, so none is passed.
const noCtx = null as unknown as Ctx;

export function nodeText(node: Node, env: Env | null): string {
  return textOf(node, env, (v) => v);
}

/// Pact's `abbrev` of `nodeText`, rendering no more of a long list value than it shows.
export function nodeTextAbbrev(node: Node, env: Env | null): string {
  return abbrev(textOf(node, env, shownHead));
}

function textOf(node: Node, env: Env | null, shown: (v: Val) => Val): string {
  switch (node.kind) {
    case 'lit':
    case 'var':
      try {
        return showValCompact(shown(node.ev(noCtx, env!)));
      } catch {
        return spanText(node.info).trim();
      }
    case 'app':
      if (node.fn !== undefined) return `(${[node.fn, ...node.args!].map((n) => textOf(n, env, shown)).join(' ')})`;
      return spanText(node.info).trim();
    case 'list':
      if (node.items !== undefined) return `[${node.items.map((n) => textOf(n, env, shown)).join(' ')}]`;
      return spanText(node.info).trim();
    default:
      return spanText(node.info).trim();
  }
}
