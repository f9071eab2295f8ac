/// A compact text form of expressions, so that tests can compare whole trees at a glance:
/// integers bare, decimals `d:1.50`, strings as JSON, symbols `'x`, names `a.b` / `r::m`, lists
/// with their brackets.

import type { Exp, Literal } from '../../src/syntax/exp.ts';

export function show(e: Exp): string {
  switch (e.tag) {
    case 'lit':
      return showLit(e.lit);
    case 'atom':
      return e.parts.join(e.dynamic ? '::' : '.');
    case 'sep':
      return e.sep;
    case 'list': {
      const close = e.delim === '(' ? ')' : e.delim === '[' ? ']' : '}';
      return `${e.delim}${e.items.map(show).join(' ')}${close}`;
    }
  }
}

function showLit(lit: Literal): string {
  switch (lit.kind) {
    case 'integer':
      return String(lit.value);
    case 'decimal':
      return `d:${lit.text}`;
    case 'string':
      return lit.symbol ? `'${lit.value}` : JSON.stringify(lit.value);
    case 'bool':
      return String(lit.value);
  }
}

export function showAll(es: readonly Exp[]): string {
  return es.map(show).join(' ');
}
