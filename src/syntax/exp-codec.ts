/// A compact text form of a file's expressions, for the parse cache (cache.ts): what the reader
/// made of a text, without the text itself or its file name, both given back when decoding.
///
/// The form is JSON `[numbers, strings]`: the expressions in reading order as runs of numbers
/// (kind, offset from the expression before, length, then what the kind needs), and the distinct
/// names and literal texts they refer to by index. Lines and columns are not stored but counted
/// again from the offsets, exactly as the reader counts them. Decoding builds the same objects
/// the reader builds (same fields, same order), so what follows cannot tell a cached read from a
/// fresh one. Neither direction recurses: nesting is as deep as the reader allows.
import type { Exp, Info, Literal } from './exp.ts';
import { Positions } from './positions.ts';

// The kinds of expressions, each followed by: a string index (Integer, Decimal, String, Symbol);
// 0 or 1 (Bool); the number of parts and their string indexes (Atom, Dynamic); the delimiter's
// index in DELIMS and the number of items, which come next (List); the separator's index in SEPS.
const INTEGER = 0;
const DECIMAL = 1;
const STRING = 2;
const SYMBOL = 3;
const BOOL = 4;
const ATOM = 5;
const DYNAMIC = 6;
const LIST = 7;
const SEP = 8;
const DELIMS = ['(', '[', '{'] as const;
const SEPS = [':', ':=', ','] as const;

/// The expressions of a text as a string.
export function encodeExps(exps: readonly Exp[]): string {
  const nums: number[] = [exps.length];
  const strings: string[] = [];
  const index = new Map<string, number>();
  const str = (s: string): number => {
    let i = index.get(s);
    if (i === undefined) index.set(s, (i = strings.push(s) - 1));
    return i;
  };
  let last = 0;
  // Expressions still to write, the next on top.
  const todo = [...exps].reverse();
  for (let e = todo.pop(); e !== undefined; e = todo.pop()) {
    nums.push(kindOf(e), e.info.offset - last, e.info.length);
    last = e.info.offset;
    switch (e.tag) {
      case 'lit': nums.push(literalNum(e.lit, str)); break;
      case 'atom': nums.push(e.parts.length, ...e.parts.map(str)); break;
      case 'list':
        nums.push(DELIMS.indexOf(e.delim), e.items.length);
        for (let k = e.items.length - 1; k >= 0; k--) todo.push(e.items[k]!);
        break;
      case 'sep': nums.push(SEPS.indexOf(e.sep)); break;
    }
  }
  return JSON.stringify([nums, strings]);
}

function kindOf(e: Exp): number {
  switch (e.tag) {
    case 'lit': return literalKind(e.lit);
    case 'atom': return e.dynamic ? DYNAMIC : ATOM;
    case 'list': return LIST;
    case 'sep': return SEP;
  }
}

function literalKind(l: Literal): number {
  switch (l.kind) {
    case 'integer': return INTEGER;
    case 'decimal': return DECIMAL;
    case 'string': return l.symbol ? SYMBOL : STRING;
    case 'bool': return BOOL;
  }
}

function literalNum(l: Literal, str: (s: string) => number): number {
  switch (l.kind) {
    case 'integer': return str(l.value.toString());
    case 'decimal': return str(l.text);
    case 'string': return str(l.value);
    case 'bool': return l.value ? 1 : 0;
  }
}

/// The expressions `encodeExps` encoded, their spans pointing into `source` under the name
/// `file`. Throws on text that is not such an encoding.
export function decodeExps(text: string, source: string, file: string): Exp[] {
  const form = JSON.parse(text) as unknown;
  if (!Array.isArray(form) || !Array.isArray(form[0]) || !Array.isArray(form[1])) throw new Error('not an encoding');
  return new Decoder(form[0] as unknown[], form[1] as unknown[], source, file).read();
}

class Decoder {
  private readonly nums: unknown[];
  private readonly strings: unknown[];
  private readonly source: string;
  private readonly file: string;
  private readonly positions: Positions;
  private at = 0;
  private offset = 0;

  constructor(nums: unknown[], strings: unknown[], source: string, file: string) {
    this.nums = nums;
    this.strings = strings;
    this.source = source;
    this.file = file;
    this.positions = new Positions(source);
  }

  read(): Exp[] {
    const top = this.array<Exp>();
    // The lists open at each depth and the index of the next item of each to read.
    const lists = [top];
    const next = [0];
    for (let depth = 0; depth >= 0;) {
      const items = lists[depth]!;
      const k = next[depth]!;
      if (k === items.length) {
        depth--;
        continue;
      }
      next[depth] = k + 1;
      const e = this.exp();
      items[k] = e;
      if (e.tag === 'list') {
        lists[++depth] = e.items as Exp[];
        next[depth] = 0;
      }
    }
    if (this.at !== this.nums.length) throw new Error('trailing numbers');
    return top;
  }

  // One expression; a list's items (the expressions that follow) are left to `read`.
  private exp(): Exp {
    const kind = this.num();
    // The span first: positions are counted in the order the reader counts them.
    const info = this.info();
    switch (kind) {
      case INTEGER: return { tag: 'lit', lit: { kind: 'integer', value: BigInt(this.str()) }, info };
      case DECIMAL: return { tag: 'lit', lit: { kind: 'decimal', text: this.str() }, info };
      case STRING: return { tag: 'lit', lit: { kind: 'string', value: this.str(), symbol: false }, info };
      case SYMBOL: return { tag: 'lit', lit: { kind: 'string', value: this.str(), symbol: true }, info };
      case BOOL: return { tag: 'lit', lit: { kind: 'bool', value: this.num() === 1 }, info };
      case ATOM: return { tag: 'atom', parts: this.parts(), dynamic: false, info };
      case DYNAMIC: return { tag: 'atom', parts: this.parts(), dynamic: true, info };
      case LIST: return { tag: 'list', delim: this.pick(DELIMS), items: this.array(), info };
      case SEP: return { tag: 'sep', sep: this.pick(SEPS), info };
      default: throw new Error('unknown kind');
    }
  }

  private info(): Info {
    const offset = this.offset + this.num();
    const length = this.num();
    if (!(offset >= 0 && length >= 0 && offset + length <= this.source.length)) throw new Error('span out of range');
    this.offset = offset;
    const p = this.positions;
    p.moveTo(offset);
    return { file: this.file, line: p.currentLine, col: p.currentCol, offset, length, source: this.source };
  }

  private parts(): string[] {
    const parts = this.array<string>();
    for (let k = 0; k < parts.length; k++) parts[k] = this.str();
    return parts;
  }

  private pick<T>(choices: readonly T[]): T {
    const x = choices[this.num()];
    if (x === undefined) throw new Error('bad choice');
    return x;
  }

  /// An array of the length read next, to fill: made at its size, not grown item by item as the
  /// reader's are (half the memory for short lists, and each is filled entirely).
  private array<T>(): T[] {
    const n = this.num();
    // Every element takes at least one number more: no corrupt count makes a huge array.
    if (!(n >= 0 && n <= this.nums.length - this.at)) throw new Error('bad count');
    return new Array<T>(n);
  }

  private str(): string {
    const s = this.strings[this.num()];
    if (typeof s !== 'string') throw new Error('bad string index');
    return s;
  }

  private num(): number {
    const x = this.nums[this.at++];
    if (!Number.isInteger(x)) throw new Error('expected an integer');
    return x as number;
  }
}
