/// A small pretty-printing document algebra with the two layouts Pact uses: compact (every group
/// flat, one line) and "pretty" (Wadler-style groups that break when they do not fit 80 columns).
/// It mirrors the subset of Haskell's `prettyprinter` that Pact's `Pretty` instances use.

export type Doc =
  | string
  /// A line break that renders as `flat` ("" or " ") when its group is laid out flat.
  | { readonly d: 'line'; readonly flat: string }
  | { readonly d: 'cat'; readonly parts: readonly Doc[] }
  /// Lay out flat if the rest of the line fits, otherwise break the lines directly inside.
  | { readonly d: 'group'; readonly doc: Doc }
  | { readonly d: 'nest'; readonly indent: number; readonly doc: Doc }
  /// `broken` normally, `flat` when the enclosing group is laid out flat (prettyprinter's flatAlt).
  | { readonly d: 'alt'; readonly broken: Doc; readonly flat: Doc };

export const line: Doc = { d: 'line', flat: ' ' };
export const line_: Doc = { d: 'line', flat: '' };
/// A break that is a break even in flat layout (Pact's compact renderer still emits it).
export const hardline: Doc = { d: 'line', flat: '\n' };

export function cat(...parts: Doc[]): Doc {
  return { d: 'cat', parts };
}

/// `cat` of a list of any length (a spread of a long list would overflow the call stack).
function catList(parts: readonly Doc[]): Doc {
  return { d: 'cat', parts };
}

export function group(doc: Doc): Doc {
  return { d: 'group', doc };
}

export function nest(indent: number, doc: Doc): Doc {
  return { d: 'nest', indent, doc };
}

function joinWith(docs: readonly Doc[], separator: Doc): Doc[] {
  const out: Doc[] = [];
  docs.forEach((doc, i) => {
    if (i > 0) out.push(separator);
    out.push(doc);
  });
  return out;
}

/// `sep`: all on one line separated by spaces, or one per line.
export function sep(docs: readonly Doc[]): Doc {
  return group(catList(joinWith(docs, line)));
}

/// `vsep`: one per line (each break a space when an enclosing group is flat).
export function vsep(docs: readonly Doc[]): Doc {
  return catList(joinWith(docs, line));
}

/// `fillSep`: as many per line as fit, separated by spaces (each break its own group).
export function fillSep(docs: readonly Doc[]): Doc {
  return catList(joinWith(docs, group(line)));
}

/// A text that may hold newlines, as prettyprinter's `pretty` takes one: its lines joined by
/// `line` (so they follow the indentation, and become spaces where the layout is flat).
export function textLines(text: string): Doc {
  return text.includes('\n') ? vsep(text.split('\n')) : text;
}

/// `[a b c]` (Pact's `bracketsSep`).
export function bracketsSep(docs: readonly Doc[]): Doc {
  return cat('[', sep(docs), ']');
}

/// `(a b c)` (Pact's `parensSep`).
export function parensSep(docs: readonly Doc[]): Doc {
  return cat('(', sep(docs), ')');
}

/// prettyprinter's `encloseSep`: `{a,b,c}`, breaking before each separator.
export function encloseSep(open: Doc, close: Doc, separator: string, docs: readonly Doc[]): Doc {
  if (docs.length === 0) return cat(open, close);
  if (docs.length === 1) return cat(open, docs[0]!, close);
  const parts: Doc[] = [];
  docs.forEach((doc, i) => {
    if (i > 0) parts.push(line_);
    parts.push(cat(i === 0 ? open : separator, doc));
  });
  return cat(group(catList(parts)), close);
}

export function commaBraces(docs: readonly Doc[]): Doc {
  return encloseSep('{', '}', ',', docs);
}

export function flatAlt(broken: Doc, flat: Doc): Doc {
  return { d: 'alt', broken, flat };
}

/// prettyprinter's `list`: `[a, b, c]` flat, `[ a` / `, b` / `, c ]` when broken.
export function prettyList(docs: readonly Doc[]): Doc {
  return group(encloseSep(flatAlt('[ ', '['), flatAlt(' ]', ']'), ', ', docs));
}

/// Everything flat on one line: Pact's `renderCompactString`.
export function renderCompact(doc: Doc): string {
  const out: string[] = [];
  // Documents nest as deep as the values they show.
  const stack: Doc[] = [doc];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (typeof x === 'string') out.push(x);
    else if (x.d === 'line') out.push(x.flat);
    else if (x.d === 'cat') for (let i = x.parts.length - 1; i >= 0; i--) stack.push(x.parts[i]!);
    else if (x.d === 'alt') stack.push(x.flat);
    else stack.push(x.doc);
  }
  return out.join('');
}

interface Item {
  readonly indent: number;
  readonly flat: boolean;
  readonly doc: Doc;
}

/// Wadler/Leijen layout at `width` columns, as prettyprinter's `layoutPretty` with ribbon 1.0:
/// a group is flat when its flat text, plus what follows it up to the next break, fits.
export function renderPretty(doc: Doc, width = 80): string {
  const out: string[] = [];
  let col = 0;
  const stack: Item[] = [{ indent: 0, flat: false, doc }];
  while (stack.length > 0) {
    const { indent, flat, doc: x } = stack.pop()!;
    if (typeof x === 'string') {
      out.push(x);
      col += x.length;
    } else if (x.d === 'line') {
      if (flat && x !== hardline) {
        out.push(x.flat);
        col += x.flat.length;
      } else {
        out.push('\n' + ' '.repeat(indent));
        col = indent;
      }
    } else if (x.d === 'cat') {
      for (let i = x.parts.length - 1; i >= 0; i--) stack.push({ indent, flat, doc: x.parts[i]! });
    } else if (x.d === 'nest') {
      stack.push({ indent: indent + x.indent, flat, doc: x.doc });
    } else if (x.d === 'alt') {
      stack.push({ indent, flat, doc: flat ? x.flat : x.broken });
    } else if (flat) {
      stack.push({ indent, flat, doc: x.doc });
    } else {
      const fitsFlat = fits(width - col, [{ indent, flat: true, doc: x.doc }], stack);
      stack.push({ indent, flat: fitsFlat, doc: x.doc });
    }
  }
  return out.join('');
}

/// Does the text up to the first line break fit in `room` columns? `first` is laid out flat,
/// then the pending `rest` of the document in its own modes.
function fits(room: number, first: Item[], rest: readonly Item[]): boolean {
  const work = [...first];
  let restIndex = rest.length - 1;
  while (room >= 0) {
    let item = work.pop();
    if (item === undefined) {
      if (restIndex < 0) return true;
      item = rest[restIndex--]!;
    }
    const x = item.doc;
    if (typeof x === 'string') room -= x.length;
    else if (x.d === 'line') {
      if (!item.flat) return true;
      // A hard break cannot be flattened: the group does not fit.
      if (x === hardline) return false;
      room -= x.flat.length;
    } else if (x.d === 'cat') {
      for (let i = x.parts.length - 1; i >= 0; i--) work.push({ indent: item.indent, flat: item.flat, doc: x.parts[i]! });
    } else if (x.d === 'nest') work.push({ indent: item.indent + x.indent, flat: item.flat, doc: x.doc });
    else if (x.d === 'alt') work.push({ indent: item.indent, flat: item.flat, doc: item.flat ? x.flat : x.broken });
    else work.push({ indent: item.indent, flat: item.flat, doc: x.doc });
  }
  return false;
}
