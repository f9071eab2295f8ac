/// A compact text form of a file's expressions, for the parse cache (cache.ts): what the reader
/// made of a text, without the text itself or its file name, both given back when decoding.
///
/// Each expression is a JSON array `[kind, offset, length, ...]`; lines and columns are not
/// stored but counted again from the offsets, exactly as the reader counts them. Decoding builds
/// the same objects the reader builds (same fields, same order), so what follows cannot tell a
/// cached read from a fresh one.
import type { Exp, Info, Literal } from './exp.ts';
import { Positions } from './positions.ts';

// The kinds of encoded expressions (the first element of each array).
const Kind = { Integer: 0, Decimal: 1, String: 2, Symbol: 3, Bool: 4, Atom: 5, Dynamic: 6, List: 7, Sep: 8 } as const;

type Encoded = readonly [number, number, number, ...unknown[]];

/// The expressions of a text as a string.
export function encodeExps(exps: readonly Exp[]): string {
  return JSON.stringify(exps.map(encode));
}

function encode(e: Exp): Encoded {
  const { offset, length } = e.info;
  switch (e.tag) {
    case 'lit': return encodeLiteral(e.lit, offset, length);
    case 'atom': return [e.dynamic ? Kind.Dynamic : Kind.Atom, offset, length, ...e.parts];
    case 'list': return [Kind.List, offset, length, e.delim, e.items.map(encode)];
    case 'sep': return [Kind.Sep, offset, length, e.sep];
  }
}

function encodeLiteral(l: Literal, offset: number, length: number): Encoded {
  switch (l.kind) {
    case 'integer': return [Kind.Integer, offset, length, l.value.toString()];
    case 'decimal': return [Kind.Decimal, offset, length, l.text];
    case 'string': return [l.symbol ? Kind.Symbol : Kind.String, offset, length, l.value];
    case 'bool': return [Kind.Bool, offset, length, l.value];
  }
}

/// The expressions `encodeExps` encoded, their spans pointing into `source` under the name
/// `file`. Throws on text that is not such an encoding.
export function decodeExps(text: string, source: string, file: string): Exp[] {
  const items = JSON.parse(text) as unknown;
  return new Decoder(source, file).list(items);
}

class Decoder {
  private readonly source: string;
  private readonly file: string;
  private readonly positions: Positions;

  constructor(source: string, file: string) {
    this.source = source;
    this.file = file;
    this.positions = new Positions(source);
  }

  list(items: unknown): Exp[] {
    if (!Array.isArray(items)) throw new Error('expected a list');
    const out: Exp[] = new Array(items.length);
    for (let k = 0; k < items.length; k++) out[k] = this.exp(items[k]);
    return out;
  }

  private exp(x: unknown): Exp {
    if (!Array.isArray(x)) throw new Error('expected an expression');
    // The span first: positions are counted in the order the reader counts them.
    const info = this.info(x[1], x[2]);
    switch (x[0]) {
      case Kind.Integer: return { tag: 'lit', lit: { kind: 'integer', value: BigInt(str(x[3])) }, info };
      case Kind.Decimal: return { tag: 'lit', lit: { kind: 'decimal', text: str(x[3]) }, info };
      case Kind.String: return { tag: 'lit', lit: { kind: 'string', value: str(x[3]), symbol: false }, info };
      case Kind.Symbol: return { tag: 'lit', lit: { kind: 'string', value: str(x[3]), symbol: true }, info };
      case Kind.Bool: return { tag: 'lit', lit: { kind: 'bool', value: x[3] === true }, info };
      case Kind.Atom: return { tag: 'atom', parts: parts(x), dynamic: false, info };
      case Kind.Dynamic: return { tag: 'atom', parts: parts(x), dynamic: true, info };
      case Kind.List: return { tag: 'list', delim: delim(x[3]), items: this.list(x[4]), info };
      case Kind.Sep: return { tag: 'sep', sep: sep(x[3]), info };
      default: throw new Error('unknown kind');
    }
  }

  private info(offset: unknown, length: unknown): Info {
    if (typeof offset !== 'number' || typeof length !== 'number' || !(offset >= 0 && length >= 0 && offset + length <= this.source.length)) {
      throw new Error('bad span');
    }
    const p = this.positions;
    p.moveTo(offset);
    return { file: this.file, line: p.currentLine, col: p.currentCol, offset, length, source: this.source };
  }
}

function parts(x: unknown[]): string[] {
  const out: string[] = [];
  for (let k = 3; k < x.length; k++) out.push(str(x[k]));
  return out;
}

function str(x: unknown): string {
  if (typeof x !== 'string') throw new Error('expected a string');
  return x;
}

function delim(x: unknown): '(' | '[' | '{' {
  if (x !== '(' && x !== '[' && x !== '{') throw new Error('bad delimiter');
  return x;
}

function sep(x: unknown): ':' | ':=' | ',' {
  if (x !== ':' && x !== ':=' && x !== ',') throw new Error('bad separator');
  return x;
}
