/// The wire JSON model and its codec, byte-compatible with the pact-json encoder Pact 4.13 uses
/// for everything that leaves a node or feeds a hash. Numbers never pass through IEEE doubles:
/// they keep the digits and exponent they were written with, because Pact re-encodes them by
/// their scale.
import { compareCodePoints } from './text.ts';
import { foldTree } from './fold.ts';

/// A JSON value. Objects keep their entries in the order given.
export type Json = null | boolean | string | JsonNumber | Json[] | JsonObject;

/// A JSON number `coefficient × 10^exponent`, as the literal was written: `1.50` is 150e-2, `1e3` is 1e3.
export class JsonNumber {
  readonly coefficient: bigint;
  readonly exponent: number;

  constructor(coefficient: bigint, exponent: number) {
    this.coefficient = coefficient;
    this.exponent = exponent;
  }
}

/// A JSON object as an ordered list of entries (keys are distinct).
export class JsonObject {
  readonly entries: Array<[string, Json]>;
  private legacy: Array<[string, Json]> | null = null;

  constructor(entries: Array<[string, Json]>) {
    this.entries = entries;
  }

  /// The entries in legacy HashMap order (computed once).
  legacyEntries(): Array<[string, Json]> {
    this.legacy ??= legacySorted(this.entries);
    return this.legacy;
  }
}

/// Malformed JSON text; `message` says what and where.
export class JsonParseError extends Error {
  override name = 'JsonParseError';
}

/// Options of `encodeJson`.
export interface EncodeOptions {
  /// Order every object's keys, at every depth, the way aeson-1's HashMap iterated them (§2.7 of
  /// the CLI spec); needed for byte-exact `cmd` payloads and for hashes of Pact values.
  readonly legacyOrder?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Parsing

/// Parses JSON text strictly (RFC 8259): one value, optional surrounding whitespace. Numbers keep
/// their literal coefficient and exponent. A duplicated key keeps its first position and its last
/// value (aeson builds a map, so only one entry survives). Escaped lone surrogates become U+FFFD,
/// as they would in a Haskell `Text`. With `maxDepth`, arrays and objects nested deeper than
/// that fail (`JSON nested deeper than N levels`), as soon as the parser reaches one.
///
/// @example parseJson('{"a":1.50}') // JsonObject [["a", JsonNumber(150n, -2)]]
export function parseJson(text: string, maxDepth = Infinity): Json {
  const p = new Parser(text, maxDepth);
  let value: Json;
  try {
    p.skipWs();
    value = p.value();
    p.skipWs();
  } catch (e) {
    // A number beyond BigInt's limit is bad input like any other.
    if (e instanceof RangeError) throw new JsonParseError('JSON number too large');
    throw e;
  }
  if (p.pos < text.length) p.fail('unexpected trailing characters');
  return value;
}

/// A container being read: an array (`entries` null) or an object (with the key whose value
/// comes next).
interface Open {
  readonly items: Json[];
  readonly entries: Array<[string, Json]> | null;
  index: Map<string, number> | undefined;
  key: string;
}

const OPENED = Symbol('opened');

const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?/y;

// The next character a string's reading stops at: its end, an escape, or a control character.
const STRING_STOP = /["\\\x00-\x1f]/g;

class Parser {
  readonly text: string;
  readonly maxDepth: number;
  pos = 0;

  constructor(text: string, maxDepth: number) {
    this.text = text;
    this.maxDepth = maxDepth;
  }

  fail(what: string): never {
    throw new JsonParseError(`Invalid JSON at offset ${this.pos}: ${what}`);
  }

  skipWs(): void {
    const t = this.text;
    let i = this.pos;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      i++;
    }
    this.pos = i;
  }

  /// A value; containers are kept on an explicit stack, as JSON may nest deeper than the call
  /// stack.
  value(): Json {
    const open: Open[] = [];
    for (;;) {
      let v = this.start(open);
      if (v === OPENED) continue;
      // Attach the finished value, closing every container it completes.
      for (;;) {
        const top = open[open.length - 1];
        if (top === undefined) return v;
        if (top.entries === null) top.items.push(v);
        else top.index = addEntry(top.entries, top.index, top.key, v);
        this.skipWs();
        const c = this.text.charCodeAt(this.pos++);
        if (c === 0x2c) {
          this.skipWs();
          if (top.entries !== null) top.key = this.key();
          break;
        }
        if (c === (top.entries === null ? 0x5d : 0x7d)) {
          open.pop();
          v = top.entries === null ? top.items : new JsonObject(top.entries);
          continue;
        }
        this.pos--;
        this.fail(top.entries === null ? "expected ',' or ']'" : "expected ',' or '}'");
      }
    }
  }

  /// Reads a scalar or an empty container, or opens a container (pushed on `open`, positioned
  /// at its first value) and returns OPENED.
  private start(open: Open[]): Json | typeof OPENED {
    const c = this.text.charCodeAt(this.pos);
    if ((c === 0x7b || c === 0x5b) && open.length >= this.maxDepth) {
      throw new JsonParseError(`JSON nested deeper than ${this.maxDepth} levels`);
    }
    switch (c) {
      case 0x7b: {
        this.pos++;
        this.skipWs();
        if (this.text.charCodeAt(this.pos) === 0x7d) {
          this.pos++;
          return new JsonObject([]);
        }
        this.skipWs();
        open.push({ items: [], entries: [], index: undefined, key: this.key() });
        return OPENED;
      }
      case 0x5b: {
        this.pos++;
        this.skipWs();
        if (this.text.charCodeAt(this.pos) === 0x5d) {
          this.pos++;
          return [];
        }
        this.skipWs();
        open.push({ items: [], entries: null, index: undefined, key: '' });
        return OPENED;
      }
      case 0x22: return this.string();
      case 0x74: return this.word('true', true);
      case 0x66: return this.word('false', false);
      case 0x6e: return this.word('null', null);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
        return this.fail(Number.isNaN(c) ? 'unexpected end of input' : 'unexpected character');
    }
  }

  /// An object key and its colon, leaving the position at the value.
  private key(): string {
    if (this.text.charCodeAt(this.pos) !== 0x22) this.fail('expected a key');
    const key = this.string();
    this.skipWs();
    if (this.text.charCodeAt(this.pos) !== 0x3a) this.fail("expected ':'");
    this.pos++;
    this.skipWs();
    return key;
  }

  word<T extends Json>(w: string, v: T): T {
    if (!this.text.startsWith(w, this.pos)) this.fail('unexpected character');
    this.pos += w.length;
    return v;
  }

  number(): JsonNumber {
    NUMBER_RE.lastIndex = this.pos;
    const m = NUMBER_RE.exec(this.text);
    if (m === null) return this.fail('bad number');
    const literal = m[0];
    const frac = m[1];
    const exp = m[2];
    let digits = literal;
    if (exp !== undefined) digits = digits.slice(0, digits.length - exp.length - 1);
    let exponent = exp === undefined ? 0 : Number(exp);
    if (frac !== undefined) {
      digits = digits.slice(0, digits.length - frac.length - 1) + frac;
      exponent -= frac.length;
    }
    if (!Number.isSafeInteger(exponent)) this.fail('number exponent out of range');
    this.pos += literal.length;
    return new JsonNumber(BigInt(digits), exponent);
  }

  string(): string {
    const t = this.text;
    let i = this.pos + 1;
    let out = '';
    let start = i;
    for (;;) {
      STRING_STOP.lastIndex = i;
      i = STRING_STOP.exec(t) === null ? t.length : STRING_STOP.lastIndex - 1;
      const c = t.charCodeAt(i);
      if (c === 0x22) break;
      if (c === 0x5c) {
        out += t.slice(start, i);
        this.pos = i;
        out += this.escape();
        i = this.pos;
        start = i;
      } else {
        this.pos = i;
        this.fail(Number.isNaN(c) ? 'unterminated string' : 'control character in string');
      }
    }
    this.pos = i + 1;
    out += t.slice(start, i);
    return out.isWellFormed() ? out : out.toWellFormed();
  }

  /// Decodes the escape at `pos` (a backslash) and moves past it.
  escape(): string {
    const c = this.text[this.pos + 1];
    this.pos += 2;
    switch (c) {
      case '"': return '"';
      case '\\': return '\\';
      case '/': return '/';
      case 'b': return '\b';
      case 'f': return '\f';
      case 'n': return '\n';
      case 'r': return '\r';
      case 't': return '\t';
      case 'u': {
        const hex = this.text.slice(this.pos, this.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
        this.pos += 4;
        return String.fromCharCode(parseInt(hex, 16));
      }
      default:
        this.pos -= 2;
        return this.fail('bad escape');
    }
  }
}

// Small objects are searched linearly; a key index is built only once an object grows.
const INDEX_THRESHOLD = 8;

/// Appends `key: value`, or replaces the value of an earlier entry with the same key.
function addEntry(entries: Array<[string, Json]>, index: Map<string, number> | undefined,
  key: string, value: Json): Map<string, number> | undefined {
  if (index === undefined && entries.length >= INDEX_THRESHOLD) {
    index = new Map();
    for (let i = 0; i < entries.length; i++) index.set(entries[i]![0], i);
  }
  const at = index !== undefined ? index.get(key) : entries.findIndex((e) => e[0] === key);
  if (at !== undefined && at >= 0) {
    entries[at]![1] = value;
  } else {
    index?.set(key, entries.length);
    entries.push([key, value]);
  }
  return index;
}

// ---------------------------------------------------------------------------------------------
// Encoding

/// Compact JSON text (no whitespace) as pact-json writes it: strings escaped per §2.8 of the CLI
/// spec, numbers in Haskell `Scientific` form, object keys in the given order or, with
/// `legacyOrder`, in legacy HashMap order at every depth.
///
/// @example encodeJson(new JsonObject([["gasPrice", new JsonNumber(1n, -8)]])) // '{"gasPrice":1.0e-8}'
export function encodeJson(v: Json, opts?: EncodeOptions): string {
  return encode(v, opts?.legacyOrder === true);
}

function encode(root: Json, legacy: boolean): string {
  return legacy ? foldTree(root, legacyChildren, legacyText) : foldTree(root, jsonChildren, plainText);
}

function legacyChildren(v: Json): readonly Json[] | null {
  if (Array.isArray(v)) return v;
  if (v instanceof JsonObject) return v.legacyEntries().map((e) => e[1]);
  return null;
}

function legacyText(v: Json, parts: string[]): string {
  return v instanceof JsonObject ? objectText(v.legacyEntries(), parts) : jsonText(v, parts);
}

function plainText(v: Json, parts: string[]): string {
  return v instanceof JsonObject ? objectText(v.entries, parts) : jsonText(v, parts);
}

/// An object's text from its entries (in the order written) and the texts of their values.
function objectText(entries: ReadonlyArray<[string, Json]>, parts: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < entries.length; i++) out += (i === 0 ? '' : ',') + encodeString(entries[i]![0]) + ':' + parts[i]!;
  return out + '}';
}

/// The text of anything but an object, given its items' texts.
function jsonText(v: Exclude<Json, JsonObject>, parts: readonly string[]): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string': return encodeString(v);
    case 'boolean': return v ? 'true' : 'false';
  }
  if (v instanceof JsonNumber) return encodeNumber(v);
  return `[${parts.join(',')}]`;
}

/// The parts of a JSON value: array items, object values in entry order.
function jsonChildren(v: Json): readonly Json[] | null {
  if (Array.isArray(v)) return v;
  if (v instanceof JsonObject) return v.entries.map((e) => e[1]);
  return null;
}

/// `foldTree` over a JSON value's parts.
export function foldJson<R>(v: Json, f: (v: Json, results: R[]) => R): R {
  return foldTree(v, jsonChildren, f);
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/// A JSON string literal: `"` and `\` escaped, `\n` `\r` `\t`, other controls as `\u00xx`
/// (lowercase hex, never `\b`/`\f`), everything else raw; a lone surrogate becomes U+FFFD because
/// Haskell's `Text` cannot hold one.
export function encodeString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  if (!s.isWellFormed()) s = s.toWellFormed();
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(start, i) + escapeChar(c);
    start = i + 1;
  }
  return out + s.slice(start) + '"';
}

function escapeChar(c: number): string {
  switch (c) {
    case 0x22: return '\\"';
    case 0x5c: return '\\\\';
    case 0x0a: return '\\n';
    case 0x0d: return '\\r';
    case 0x09: return '\\t';
    default: return '\\u00' + (c < 0x10 ? '0' : '') + c.toString(16);
  }
}

/// aeson's number rule: a non-negative exponent up to 1024 prints the integer `c·10^e`; anything
/// else prints the normalised value in Haskell's "generic" scientific format.
function encodeNumber(n: JsonNumber): string {
  const e = n.exponent;
  if (e === 0) return n.coefficient.toString();
  if (e > 0 && e <= 1024) return (n.coefficient * 10n ** BigInt(e)).toString();
  return formatGeneric(n.coefficient, e);
}

/// Haskell `formatScientific Generic Nothing`: writing the value as 0.d1…dn × 10^E (d1 ≠ 0,
/// dn ≠ 0), fixed notation with at least one fractional digit when 0 ≤ E ≤ 7, else
/// `d1.d2…dn e(E−1)` with `.0` for a lone digit.
export function formatGeneric(c: bigint, e: number): string {
  if (c === 0n) return '0.0';
  const sign = c < 0n ? '-' : '';
  let digits = (c < 0n ? -c : c).toString();
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === 0x30) end--;
  const power = e + digits.length;
  digits = digits.slice(0, end);
  if (power >= 0 && power <= 7) {
    if (power === 0) return `${sign}0.${digits}`;
    if (digits.length <= power) return `${sign}${digits}${'0'.repeat(power - digits.length)}.0`;
    return `${sign}${digits.slice(0, power)}.${digits.slice(power)}`;
  }
  const rest = digits.length === 1 ? '0' : digits.slice(1);
  return `${sign}${digits[0]}.${rest}e${power - 1}`;
}

// ---------------------------------------------------------------------------------------------
// Legacy key order

const FNV_PRIME = 16777619n;
// −2578643520546668380 as an unsigned 64-bit value: hashable-1.3's default salt.
const FNV_SEED = BigInt.asUintN(64, -2578643520546668380n);

/// hashable-1.3's 64-bit hash of a `Text` key: FNV-1 style over its UTF-16LE bytes, unsigned.
export function legacyHash(key: string): bigint {
  let h = FNV_SEED;
  for (let i = 0; i < key.length; i++) {
    const u = key.charCodeAt(i);
    h = BigInt.asUintN(64, h * FNV_PRIME) ^ BigInt(u & 0xff);
    h = BigInt.asUintN(64, h * FNV_PRIME) ^ BigInt(u >>> 8);
  }
  return h;
}

/// The hash's 16 hex digits, least significant first. HashMap iterates by nibbles from the least
/// significant one, so comparing these fixed-width strings gives the iteration order.
function nibbleKey(h: bigint): string {
  const hex = h.toString(16).padStart(16, '0');
  let r = '';
  for (let i = 15; i >= 0; i--) r += hex[i];
  return r;
}

// Keys repeat endlessly (field names), so their sort keys are memoised; the cap keeps
// attacker-chosen keys from growing the cache without bound.
const SORT_KEYS = new Map<string, string>();
const SORT_KEYS_MAX = 1 << 16;

function sortKey(key: string): string {
  let k = SORT_KEYS.get(key);
  if (k === undefined) {
    if (SORT_KEYS.size >= SORT_KEYS_MAX) SORT_KEYS.clear();
    k = nibbleKey(legacyHash(key));
    SORT_KEYS.set(key, k);
  }
  return k;
}

function compareLegacy(a: string, b: string): number {
  const x = sortKey(a);
  const y = sortKey(b);
  if (x !== y) return x < y ? -1 : 1;
  return compareCodePoints(a, b);
}

/// Keys in legacy HashMap order (unordered-containers 0.2.15 with hashable 1.3, 64-bit): by
/// nibble-reversed `legacyHash`, full collisions by ascending key.
///
/// @example legacyKeyOrder(['x', 'y', 'z']) // ['z', 'x', 'y']
export function legacyKeyOrder(keys: readonly string[]): string[] {
  return keys.slice().sort(compareLegacy);
}

/// Non-negative integer keys in legacy HashMap order: an `Int` hashes to itself, so by its
/// nibbles from the least significant (1, 17, 2, 3, 20, ...).
export function legacyIntOrder(keys: readonly number[]): number[] {
  return keys.slice().sort((a, b) => {
    const x = nibbleKey(BigInt(a));
    const y = nibbleKey(BigInt(b));
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

function legacySorted(entries: Array<[string, Json]>): Array<[string, Json]> {
  if (entries.length < 2) return entries;
  return entries.slice().sort((a, b) => compareLegacy(a[0], b[0]));
}
