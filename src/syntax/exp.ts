/// The reader's output: Pact source as a tree of expressions with source spans.
/// The compiler (`lang/`) pattern-matches these into terms; nothing here knows Pact's forms.

/// Where an expression came from. `offset`/`length` are UTF-16 offsets into the source text;
/// the span runs from the expression's first character to the next token, so it includes the
/// whitespace and comments after the expression (Pact keeps these in module code and hashes;
/// `pactCodeText` in `code.ts` reproduces how Pact cuts that code from non-ASCII text).
export interface Info {
  readonly file: string;
  /// 0-based line and column, counted as Pact does: a character (code point) is one column and a
  /// TAB advances the column to the next multiple of 8.
  readonly line: number;
  readonly col: number;
  readonly offset: number;
  readonly length: number;
  /// The whole source text the span points into (shared, never copied).
  readonly source: string;
}

/// Literal values as written. Numbers keep their digits: decimals as text so the scale survives.
export type Literal =
  | { readonly kind: 'integer'; readonly value: bigint }
  | { readonly kind: 'decimal'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string; readonly symbol: boolean }
  | { readonly kind: 'bool'; readonly value: boolean };

export type Exp =
  | { readonly tag: 'lit'; readonly lit: Literal; readonly info: Info }
  /// `name`, `mod.name`, `ns.mod.name` (parts in order), or `ref::member` (dynamic = true, parts = [ref, member]).
  | { readonly tag: 'atom'; readonly parts: readonly string[]; readonly dynamic: boolean; readonly info: Info }
  /// `( )` application/form, `[ ]` list literal, `{ }` object literal, binding or schema/modref type body.
  | { readonly tag: 'list'; readonly delim: '(' | '[' | '{'; readonly items: readonly Exp[]; readonly info: Info }
  /// `:` type annotation or object key separator, `:=` binding, `,` comma.
  | { readonly tag: 'sep'; readonly sep: ':' | ':=' | ','; readonly info: Info };

/// The text an expression's span covers, trailing whitespace and comments included.
export function spanText(info: Info): string {
  return info.source.slice(info.offset, info.offset + info.length);
}

/// How many lists deep an expression nests (an atom: 0), counted without recursion.
export function nestingDepth(exp: Exp): number {
  let max = 0;
  const open: [Exp, number][] = [[exp, 1]];
  for (let next = open.pop(); next !== undefined; next = open.pop()) {
    const [e, depth] = next;
    if (e.tag !== 'list') continue;
    if (depth > max) max = depth;
    for (const item of e.items) open.push([item, depth + 1]);
  }
  return max;
}
