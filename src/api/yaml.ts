/// Reading YAML the way Pact's Data.Yaml (snoyberg/yaml over libyaml) does: YAML 1.1 plain
/// scalars (`yes`/`off`/`~`, hex `0x1F`), numbers kept exactly as written, merge keys, the last
/// of duplicate keys winning, and its `ParseException` shown as Haskell does when anything fails.
/// The `yaml` package supplies the syntax; every scalar is taken as raw text (failsafe schema)
/// and typed here.
import { readFileSync } from 'node:fs';
import { isAlias, isMap, isScalar, isSeq, parseAllDocuments } from 'yaml';
import type { Document, Node, Pair } from 'yaml';
import { JsonNumber, JsonObject } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { showString } from '../values/haskell-show.ts';

/// A YAML document that could not be read; `shown` is Haskell's `show` of the `ParseException`
/// (what Pact prints, e.g. `InvalidYaml (Just (YamlException "Yaml file not found: x.yaml"))`).
export class YamlError extends Error {
  override name = 'YamlError';
  readonly shown: string;
  /// The same in plain words (`file not found`, `could not find expected ':' at line 3, column 1`).
  readonly plain: string;
  constructor(shown: string, plain: string) {
    super(shown);
    this.shown = shown;
    this.plain = plain;
  }
}

/// Reads a YAML file as Data.Yaml's `decodeFileEither` would.
export function readYamlFile(path: string): Json {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    // libyaml's fopen fails alike for a missing file and an unreadable one.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') throw parseException('input error: Is a directory', '', 0, 0, 0);
    throw new YamlError(`InvalidYaml (Just (YamlException ${showString('Yaml file not found: ' + path)}))`, 'file not found');
  }
  return readYamlBytes(bytes);
}

/// Reads YAML from raw bytes (a file, stdin); libyaml rejects bytes that are not UTF-8.
export function readYamlBytes(bytes: Uint8Array): Json {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw parseException('invalid leading UTF-8 octet', '', at, 0, at);
  }
  return readYaml(text);
}

/// Reads one YAML document (none at all is `null`).
///
/// @example readYaml('a: 1.50\nb: yes') // JsonObject [["a", JsonNumber(150n, -2)], ["b", true]]
export function readYaml(text: string): Json {
  const docs = parseAllDocuments(text, { schema: 'failsafe', merge: false, uniqueKeys: false, strict: false });
  if (!Array.isArray(docs)) return null;
  for (const doc of docs) {
    const err = doc.errors[0];
    if (err !== undefined) {
      const [line, col] = err.linePos?.[0] !== undefined ? [err.linePos[0].line - 1, err.linePos[0].col - 1] : [0, 0];
      throw parseException(libyamlProblem(err.code, err.message), '', countChars(text, err.pos[0]), line, col);
    }
  }
  if (docs.length === 0) return null;
  if (docs.length > 1) throw new YamlError('MultipleDocuments', 'more than one YAML document');
  const doc = docs[0]!;
  return new Converter(doc).node(doc.contents, []);
}

function parseException(problem: string, context: string, index: number, line: number, column: number): YamlError {
  return new YamlError(
    `InvalidYaml (Just (YamlParseException {yamlProblem = ${showString(problem)}, yamlContext = ${showString(context)}, ` +
    `yamlProblemMark = YamlMark {yamlIndex = ${index}, yamlLine = ${line}, yamlColumn = ${column}}}))`,
    `${problem} at line ${line + 1}, column ${column + 1}`);
}

/// libyaml's wording for the syntax errors people actually make; others keep the `yaml`
/// package's first line (libyaml's own texts for them are not reproducible without libyaml).
function libyamlProblem(code: string, message: string): string {
  switch (code) {
    case 'BLOCK_AS_IMPLICIT_KEY': return 'mapping values are not allowed in this context';
    case 'TAB_AS_INDENT': return 'found character that cannot start any token';
    case 'MISSING_CHAR':
      if (message.startsWith('Missing closing')) return 'found unexpected end of stream';
      return "could not find expected ':'";
    default: return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  }
}

function countChars(text: string, utf16Offset: number): number {
  let n = 0;
  for (const _ of text.slice(0, utf16Offset)) n++;
  return n;
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, i + 1));
    } catch {
      // A prefix ending inside a valid multi-byte sequence also throws; only a lead byte
      // that can never start one is reported.
      const b = bytes[i]!;
      if (b >= 0x80 && (b < 0xc2 || b > 0xf4)) return i;
    }
  }
  return bytes.length;
}

const NULLS = new Set(['null', 'Null', 'NULL', '~', '']);
const TRUES = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE']);
const FALSES = new Set(['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE']);
const DECIMAL = /^([+-]?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;
const STR_TAG = 'tag:yaml.org,2002:str';

/// Data.Yaml's `textToValue`: quoted scalars, `!!str` and folded blocks are strings; plain
/// scalars and (an oddity of the library) literal `|` blocks may be null, bool or a number.
function typeScalar(text: string, type: string | undefined, tag: string | undefined): Json {
  if (type === 'QUOTE_SINGLE' || type === 'QUOTE_DOUBLE' || type === 'BLOCK_FOLDED' || tag === STR_TAG) return text;
  if (NULLS.has(text)) return null;
  if (TRUES.has(text)) return true;
  if (FALSES.has(text)) return false;
  return parseNumber(text) ?? text;
}

/// attoparsec's `scientific` (and `0x`/`0o` integers) over the whole text, keeping the digits.
function parseNumber(text: string): JsonNumber | undefined {
  if (/^0x[0-9a-fA-F]+$/.test(text)) return new JsonNumber(BigInt(text), 0);
  if (/^0o[0-7]+$/.test(text)) return new JsonNumber(BigInt(text), 0);
  const m = DECIMAL.exec(text);
  if (m === null) return undefined;
  const [, sign, int, frac = '', exp = '0'] = m;
  const exponent = Number(exp) - frac.length;
  // Haskell's Int exponent would wrap; such a literal is absurd, so leave it a string.
  if (!Number.isSafeInteger(exponent)) return undefined;
  return new JsonNumber(BigInt(sign + int! + frac), exponent);
}

type Path = ReadonlyArray<string | number>;

/// Turns a parsed document into `Json`, resolving aliases to the value of their anchor.
class Converter {
  readonly doc: Document;
  // Values of nodes already converted: an alias reuses its anchor's value instead of rebuilding
  // it, so alias bombs stay linear.
  readonly done = new Map<Node, Json>();
  readonly inProgress = new Set<Node>();

  constructor(doc: Document) {
    this.doc = doc;
  }

  node(n: unknown, path: Path): Json {
    if (n === null || n === undefined) return null;
    if (isAlias(n)) {
      const target = n.resolve(this.doc);
      // libyaml defines an anchor only once its node is complete, so a self-reference is unknown.
      if (target === undefined || this.inProgress.has(target)) throw new YamlError(`UnknownAlias {_anchorName = ${showString(n.source)}}`, `unknown alias *${n.source}`);
      return this.node(target, path);
    }
    const cached = this.done.get(n as Node);
    if (cached !== undefined) return cached;
    this.inProgress.add(n as Node);
    let v: Json;
    if (isScalar(n)) v = typeScalar(String(n.value ?? ''), n.type, n.tag);
    else if (isSeq(n)) v = n.items.map((item, i) => this.node(item, [...path, i]));
    else if (isMap(n)) v = this.map(n.items as Pair[], path);
    else v = null;
    this.inProgress.delete(n as Node);
    this.done.set(n as Node, v);
    return v;
  }

  map(items: Pair[], path: Path): JsonObject {
    const entries = new Map<string, Json>();
    for (const pair of items) {
      const key = this.key(pair.key, path);
      const value = this.node(pair.value, [...path, key]);
      if (key === '<<' && (value instanceof JsonObject || Array.isArray(value))) {
        // Explicit keys seen so far win over merged ones; of several merged maps, the first wins.
        const sources = value instanceof JsonObject ? [value] : value.filter((x) => x instanceof JsonObject);
        for (const src of sources) {
          for (const [k, x] of src.entries) {
            if (!entries.has(k)) entries.set(k, x);
          }
        }
        continue;
      }
      entries.set(key, value);
    }
    return new JsonObject([...entries]);
  }

  /// A mapping key is the scalar's raw text whatever it looks like (`1.0`, `~`); an alias key
  /// must stand for a string.
  key(k: unknown, path: Path): string {
    if (isScalar(k)) return String(k.value ?? '');
    if (k === null || k === undefined) return '';
    if (isAlias(k)) {
      const v = this.node(k, path);
      if (typeof v === 'string') return v;
      throw new YamlError(`NonStringKeyAlias ${showString(k.source)} ${showValue(v)}`, `an alias (*${k.source}) used as a key`);
    }
    throw new YamlError(`NonStringKey ${showPath(path)}`, 'a key that is not a string');
  }
}

/// aeson's `JSONPath` as `show` prints it: `[Key "a",Index 0]`.
function showPath(path: Path): string {
  return '[' + path.map((p) => typeof p === 'number' ? `Index ${p}` : `Key ${showString(p)}`).join(',') + ']';
}

/// A rough `show` of an aeson `Value` (only reached for non-string alias keys).
function showValue(v: Json): string {
  if (v === null) return 'Null';
  if (typeof v === 'boolean') return `Bool ${v ? 'True' : 'False'}`;
  if (v instanceof JsonNumber) return `Number ${v.coefficient}e${v.exponent}`;
  return Array.isArray(v) ? 'Array [...]' : 'Object (fromList [...])';
}
