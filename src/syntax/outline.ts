/// An outline of Pact text as far as it is typed, for the REPL's completion: the bracket forms
/// with the expressions in them, read by the grammar's error-tolerant parse, so a form still open
/// at the end (the one being typed) is there with what it holds so far.
import { parser } from './parser.ts';

/// What an expression in the outline is (the grammar's node, by kind).
export type ItemKind = 'atom' | 'string' | 'symbol' | 'number' | 'bool' | 'colon' | 'bind' | 'comma' | 'form';

/// One expression: its text, and for a bracket form, what it holds.
export interface Item {
  readonly kind: ItemKind;
  readonly text: string;
  readonly form: Form | null;
}

/// A bracket form: `(...)`, `[...]` or `{...}`; `closed` is false for one still open at the end.
export interface Form {
  readonly bracket: '(' | '[' | '{';
  readonly items: Item[];
  closed: boolean;
}

const KINDS: Record<string, ItemKind> = {
  Atom: 'atom', String: 'string', Symbol: 'symbol', Integer: 'number', Decimal: 'number', Boolean: 'bool',
  Colon: 'colon', Bind: 'bind', Comma: 'comma', Parens: 'form', Brackets: 'form', Braces: 'form',
};
const OPENERS: Record<string, Form['bracket']> = { Parens: '(', Brackets: '[', Braces: '{' };
const CLOSERS = new Set([')', ']', '}']);

/// The top-level expressions of `text`, as a form that holds them (never closed). Text the
/// grammar cannot read is left out; a form missing its closing bracket is not `closed`.
/// @example outline('(insert t "k" {').items[0].form.items.map((i) => i.text) // ['insert', 't', '"k"', '{']
export function outline(text: string): Form {
  const top: Form = { bracket: '(', items: [], closed: false };
  const forms: Form[] = [top];
  const cursor = parser.parse(text).cursor();
  if (!cursor.firstChild()) return top;
  for (;;) {
    const name = cursor.name;
    const kind = KINDS[name];
    const form = forms.at(-1)!;
    let entered = false;
    if (CLOSERS.has(name)) form.closed = true;
    else if (kind !== undefined) {
      const inner: Form | null = kind === 'form' ? { bracket: OPENERS[name]!, items: [], closed: false } : null;
      form.items.push({ kind, text: text.slice(cursor.from, cursor.to), form: inner });
      if (inner !== null && cursor.firstChild()) {
        forms.push(inner);
        entered = true;
      }
    }
    if (entered) continue;
    while (!cursor.nextSibling()) {
      if (forms.length === 1 || !cursor.parent()) return top;
      forms.pop();
    }
  }
}

/// The forms still open at the end of the text, outermost first: the end is inside each of them.
/// (A form left open runs to the end of the text, so it is the last item of the form around it.)
/// @example openForms(outline('(a (b) {c')).map((f) => f.bracket) // ['(', '{']
export function openForms(top: Form): Form[] {
  const open: Form[] = [];
  for (let f = top.items.at(-1)?.form; f != null && !f.closed; f = f.items.at(-1)?.form) open.push(f);
  return open;
}
