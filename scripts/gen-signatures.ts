// Regenerates src/natives/signatures.ts — the type signatures of every native, one `FunType` per
// overload — from Pact's function reference (docs/en/pact-functions.md), where each overload is
// printed as Pact prints it in argument errors (`idx:integer list:[<l>] -> <a>`). Every parsed
// signature must print back to the exact text it came from, or nothing is written.
// Usage: node scripts/gen-signatures.ts PATH/TO/pact-functions.md
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { showNativeFunType } from '../src/values/type.ts';
import type { FunType, PrimName, SchemaKind, Type } from '../src/values/type.ts';

const OUT = 'src/natives/signatures.ts';

/// The overloads of each native in the reference, as printed, in the reference's order.
function docSignatures(doc: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string | null = null;
  for (const line of doc.split('\n')) {
    const head = /^### (\S+) \{#/.exec(line);
    if (head) {
      current = head[1]!.replace(/\\/g, '');
      out.set(current, []);
      continue;
    }
    if (current === null || !line.includes('*&rarr;*')) continue;
    // `*name*&nbsp;`type` ... *&rarr;*&nbsp;`ret`` → `name:type ... -> ret`
    const sig = line
      .replace(/\*&rarr;\*&nbsp;`([^`]*)`/, '-> $1')
      .replace(/\*([^*]+)\*&nbsp;`([^`]*)`/g, '$1:$2')
      .replace(/&nbsp;/g, ' ')
      .trim();
    // Pact joins the arguments and the arrow with spaces, so a nullary signature starts with one.
    out.get(current)!.push(sig.startsWith('->') ? ` ${sig}` : sig);
  }
  for (const [name, sigs] of out) if (sigs.length === 0) out.delete(name);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parsing a printed signature. Arguments and arrows are separated by spaces and types contain
// none, so a signature is a list of words: `name:type` arguments, `->`, the return type. An
// argument whose type starts with `name:` (not a schema kind) is function-typed and takes the words
// up to its own arrow and return type (`app:x:<b> -> <a>`); `capability:` (nothing after the colon)
// is a nullary function type (`capability: -> bool`).

const PRIMS: readonly string[] = ['integer', 'decimal', 'time', 'bool', 'string', 'keyset', 'guard'];
const KINDS: readonly string[] = ['object', 'table', 'binding'];
const IDENT = /^[^\s[\]<>{},:~*]+/;

class SigParser {
  private readonly sig: string;
  private readonly words: string[];
  private i = 0;
  constructor(sig: string) {
    this.sig = sig;
    this.words = sig.split(' ').filter((w) => w !== '');
  }

  parse(): FunType {
    const ft = this.funType(null);
    if (this.i !== this.words.length) this.fail('words left after the return type');
    return ft;
  }

  /// Arguments up to `->`, then the return type. `first` is an argument word already taken.
  private funType(first: string | null): FunType {
    const args: Array<{ name: string; type: Type }> = [];
    let word = first;
    for (;;) {
      word ??= this.next();
      if (word === '->') return { args, ret: typeOf(this.next(), this.sig) };
      const colon = word.indexOf(':');
      if (colon <= 0) this.fail(`\`${word}\` is not name:type`);
      const rest = word.slice(colon + 1);
      let type: Type;
      if (rest === '') type = { t: 'fun', ...this.funType(null) };
      else if (/^[a-z][\w-]*:/.test(rest) && !KINDS.includes(rest.slice(0, rest.indexOf(':')))) type = { t: 'fun', ...this.funType(rest) };
      else type = typeOf(rest, this.sig);
      args.push({ name: word.slice(0, colon), type });
      word = null;
    }
  }

  private next(): string {
    const w = this.words[this.i++];
    if (w === undefined) this.fail('unexpected end');
    return w;
  }

  private fail(why: string): never {
    throw new Error(`cannot parse signature "${this.sig}": ${why}`);
  }
}

/// One printed type, all of `text`.
function typeOf(text: string, sig: string): Type {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`cannot parse type "${text}" in "${sig}" at ${i}: ${why}`);
  };
  const eat = (s: string): boolean => {
    if (!text.startsWith(s, i)) return false;
    i += s.length;
    return true;
  };
  const expect = (s: string): void => {
    if (!eat(s)) fail(`expected ${s}`);
  };
  const ident = (): string => {
    const m = IDENT.exec(text.slice(i));
    if (m === null) return fail('expected a name');
    i += m[0].length;
    return m[0];
  };
  /// `a,b,c` up to `close` (which is consumed); empty when `close` comes first.
  const commaList = <T>(item: () => T, close: string): T[] => {
    const out: T[] = [];
    if (eat(close)) return out;
    do out.push(item()); while (eat(','));
    expect(close);
    return out;
  };
  const type = (): Type => {
    if (eat('*')) return { t: 'any' };
    if (eat('[')) {
      const elem = type();
      expect(']');
      return { t: 'list', elem };
    }
    if (eat('<{')) {
      const name = ident();
      expect('}>');
      return { t: 'var', name, constraint: [], schemaVar: true };
    }
    if (eat('<')) {
      const name = ident();
      const constraint = eat('[') ? commaList(type, ']') : [];
      expect('>');
      return { t: 'var', name, constraint, schemaVar: false };
    }
    if (eat('{')) {
      const name = ident();
      expect('}');
      return { t: 'user', schema: { name, fields: [] } };
    }
    const word = ident();
    if (PRIMS.includes(word)) return { t: 'prim', name: word as PrimName };
    if (word === 'module') return { t: 'module', ifaces: eat('{') ? commaList(ident, '}') : null };
    if (KINDS.includes(word)) {
      expect(':');
      let partial: null | 'any' | string[] = null;
      if (eat('~')) partial = eat('[') ? commaList(ident, ']') : 'any';
      return { t: 'schema', kind: word as SchemaKind, schema: type(), partial };
    }
    return fail(`unknown type ${word}`);
  };
  const t = type();
  if (i !== text.length) fail('text left over');
  return t;
}

// ---------------------------------------------------------------------------------------------
// Emitting TypeScript, with the constructors of src/natives/type-builders.ts.

/// A single-quoted string literal (names and types hold no quotes or backslashes).
function q(s: string): string {
  if (/['\\\n]/.test(s)) throw new Error(`unexpected character in ${JSON.stringify(s)}`);
  return `'${s}'`;
}

function emitType(t: Type): string {
  switch (t.t) {
    case 'any': return 'any';
    case 'prim': return t.name;
    case 'list': return `list(${emitType(t.elem)})`;
    case 'var':
      if (t.schemaVar) return `row(${q(t.name)})`;
      return `v(${[q(t.name), ...t.constraint.map(emitType)].join(', ')})`;
    case 'schema': {
      if (t.partial === null) return `${t.kind}(${emitType(t.schema)})`;
      const partial = t.partial === 'any' ? q('any') : `[${t.partial.map(q).join(', ')}]`;
      return `${t.kind}(${emitType(t.schema)}, ${partial})`;
    }
    case 'user': return `user(${q(t.schema.name)})`;
    case 'module': return `mod(${t.ifaces === null ? 'null' : `[${t.ifaces.map(q).join(', ')}]`})`;
    case 'fun': return `fun(${emitFun(t)})`;
  }
}

function emitFun(ft: FunType): string {
  return `[${ft.args.map((a) => `[${q(a.name)}, ${emitType(a.type)}]`).join(', ')}], ${emitType(ft.ret)}`;
}

const HEADER = `/// Native type signatures, one \`FunType\` per overload, in the order of Pact's function
/// reference; \`showNativeFunType\` prints each as Pact does in argument errors
/// (\`idx:integer list:[<l>] -> <a>\`). A native schema (\`{public-chain-data}\`) is named only:
/// resolve it by name through the natives table's schema constants.
/// Generated by scripts/gen-signatures.ts from Pact's function reference; do not edit by hand.
import type { FunType } from '../values/type.ts';
import { any, binding, bool, decimal, fun, guard, integer, keyset, list, mod, object, row, sig, string, table, time, user, v }
  from './type-builders.ts';
`;

const docs = docSignatures(readFileSync(process.argv[2]!, 'utf8'));
const lines: string[] = [];
for (const [name, sigs] of docs) {
  const types = sigs.map((s) => {
    const ft = new SigParser(s).parse();
    const back = showNativeFunType(ft);
    if (back !== s) throw new Error(`signature of ${name} prints back differently:\n  doc:    "${s}"\n  parsed: "${back}"`);
    return ft;
  });
  const body = types.map((ft) => `sig(${emitFun(ft)})`);
  lines.push(`  ${q(name)}: [${body.length === 1 ? body[0] : `\n    ${body.join(',\n    ')},\n  `}],`);
}
writeFileSync(OUT, `${HEADER}\nexport const NATIVE_TYPES: Readonly<Record<string, readonly FunType[]>> = {\n${lines.join('\n')}\n};\n`);

// The emitted module must give back the reference's text too.
const { NATIVE_TYPES } = await import(pathToFileURL(OUT).href) as { NATIVE_TYPES: Record<string, readonly FunType[]> };
for (const [name, sigs] of docs) {
  const printed = (NATIVE_TYPES[name] ?? []).map((ft) => showNativeFunType(ft));
  if (JSON.stringify(printed) !== JSON.stringify(sigs)) {
    throw new Error(`${OUT}: ${name} prints ${JSON.stringify(printed)}, the reference has ${JSON.stringify(sigs)}`);
  }
}
if (Object.keys(NATIVE_TYPES).join() !== [...docs.keys()].join()) throw new Error(`${OUT}: natives differ from the reference`);
console.log(`${OUT}: ${docs.size} natives, ${[...docs.values()].flat().length} signatures`);
