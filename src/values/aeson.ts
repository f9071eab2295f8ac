/// Typed reading of `Json` with aeson 2's failure texts (`Error in $.keyPairs[0]: parsing Text
/// failed, expected String, but encountered Number`), which Pact shows verbatim when a request,
/// key file or payload has the wrong shape.
import { formatGeneric, JsonNumber, JsonObject } from './json.ts';
import { showString } from './haskell-show.ts';
import type { Json } from './json.ts';

/// Where a value sits in the document: object keys and array indices from the root.
export type JsonPath = readonly (string | number)[];

/// A decoding failure; `message` is aeson's full `Error in <path>: <why>` text.
export class AesonError extends Error {
  override name = 'AesonError';
  readonly path: JsonPath;
  readonly reason: string;
  constructor(path: JsonPath, reason: string) {
    // Without a stack trace: reading a value tries alternatives (aeson's `<|>`) that throw and
    // are caught, and capturing the stack for each is most of what decoding a guard costs.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super();
    Error.stackTraceLimit = limit;
    this.path = path;
    this.reason = reason;
    // Written out only when shown: reading a value tries alternatives that fail, at paths as
    // long as the value is deep.
    Object.defineProperty(this, 'message', { get: () => `Error in ${formatPath(path)}: ${reason}`, configurable: true });
  }
}

/// aeson's `formatPath`: `$`, then `.key` for identifier-like keys, `['k\'ey']` for others,
/// `[i]` for indices.
export function formatPath(path: JsonPath): string {
  let out = '$';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (/^\p{L}[\p{L}\p{N}]*$/u.test(p)) out += '.' + p;
    else out += `['${p.replace(/[\\']/g, (c) => '\\' + c)}']`;
  }
  return out;
}

/// Fails at `path` with `reason`.
export function fail(path: JsonPath, reason: string): never {
  throw new AesonError(path, reason);
}

/// aeson's name for the kind of a value, as used in "but encountered …".
export function kindOf(v: Json): string {
  if (v === null) return 'Null';
  if (typeof v === 'string') return 'String';
  if (typeof v === 'boolean') return 'Boolean';
  if (v instanceof JsonNumber) return 'Number';
  return Array.isArray(v) ? 'Array' : 'Object';
}

function mismatch(path: JsonPath, name: string, expected: string, v: Json): never {
  return fail(path, `parsing ${name} failed, expected ${expected}, but encountered ${kindOf(v)}`);
}

/// `withText name`: the string, else a type-mismatch failure naming `name`.
export function asText(v: Json, path: JsonPath, name = 'Text'): string {
  return typeof v === 'string' ? v : mismatch(path, name, 'String', v);
}

/// `withBool`.
export function asBool(v: Json, path: JsonPath, name = 'Bool'): boolean {
  return typeof v === 'boolean' ? v : mismatch(path, name, 'Boolean', v);
}

/// `withObject name`.
export function asObject(v: Json, path: JsonPath, name: string): JsonObject {
  return v instanceof JsonObject ? v : mismatch(path, name, 'Object', v);
}

/// `withArray name` (the list instance names itself `[]`).
export function asArray(v: Json, path: JsonPath, name = '[]'): Json[] {
  return Array.isArray(v) ? v : mismatch(path, name, 'Array', v);
}

/// `withScientific name`.
function asNumber(v: Json, path: JsonPath, name: string): JsonNumber {
  return v instanceof JsonNumber ? v : mismatch(path, name, 'Number', v);
}

/// aeson's `Int`: an integral number (`1.0` counts) within 64 bits.
export function asInt(v: Json, path: JsonPath): number {
  const n = asNumber(v, path, 'Int');
  // Told by its size alone, as aeson does, before 10^exponent is computed.
  if (n.coefficient !== 0n && n.exponent > 0 && digits(n.coefficient) + n.exponent > 20) {
    return fail(path, `parsing Int failed, value is either floating or will cause over or underflow ${showScientific(n)}`);
  }
  const i = integralValue(n);
  if (i === undefined) return fail(path, `parsing Int failed, unexpected floating number ${showScientific(n)}`);
  if (i !== BigInt.asIntN(64, i) || !Number.isSafeInteger(Number(i))) {
    return fail(path, `parsing Int failed, value is either floating or will cause over or underflow ${showScientific(n)}`);
  }
  return Number(i);
}

/// The integer a number denotes, if it is whole. One with more digits than the engine's largest
/// integer throws V8's own RangeError (an engine limit) before any work is done.
export function integralValue(n: JsonNumber): bigint | undefined {
  if (n.coefficient === 0n) return 0n;
  if (n.exponent >= 0) {
    if (n.exponent > MAX_DIGITS) throw new RangeError('Maximum BigInt size exceeded');
    return n.coefficient * 10n ** BigInt(n.exponent);
  }
  // More places than digits: a fraction is left.
  if (-n.exponent > digits(n.coefficient)) return undefined;
  const d = 10n ** BigInt(-n.exponent);
  return n.coefficient % d === 0n ? n.coefficient / d : undefined;
}

// Decimal digits of the largest integer V8 holds (2^30 bits).
const MAX_DIGITS = 323228497;

/// What is said when an integer would exceed what the engine holds.
export const INTEGER_TOO_LARGE = `Integer too large: more than ${2 ** 30} bits`;

/// Decimal digits of |i|.
export function digits(i: bigint): number {
  return (i < 0n ? -i : i).toString().length;
}

/// Haskell `show` of a `Scientific`: the normalised value in generic notation (`5.0`, `1.5e-2`).
export function showScientific(n: JsonNumber): string {
  return formatGeneric(n.coefficient, n.exponent);
}

/// The value under `key`, or undefined when absent.
export function lookup(o: JsonObject, key: string): Json | undefined {
  for (const [k, v] of o.entries) if (k === key) return v;
  return undefined;
}

/// `o .: key`: the value under `key`; `context` prefixes the "not found" failure the way aeson's
/// generic decoders do (`parsing Pact.ApiReq.ApiKeyPair(ApiKeyPair) failed, `).
export function required(o: JsonObject, key: string, path: JsonPath, context = ''): Json {
  const v = lookup(o, key);
  return v === undefined ? fail(path, `${context}key ${showString(key)} not found`) : v;
}

/// `o .:? key`: undefined when the key is absent or null.
export function optional(o: JsonObject, key: string): Json | undefined {
  const v = lookup(o, key);
  return v === null ? undefined : v;
}

/// Haskell `show` of an aeson `Value` (`Bool True`, `Array [Number 1.0]`, `Object (fromList
/// [("a",Null)])`), which some of Pact's parse failures quote. Object keys show in key order.
export function showAesonValue(v: Json): string {
  return showValueAt(v, false);
}

function showValueAt(v: Json, arg: boolean): string {
  const wrap = (s: string): string => (arg ? `(${s})` : s);
  if (v === null) return 'Null';
  if (typeof v === 'boolean') return wrap(`Bool ${v ? 'True' : 'False'}`);
  if (typeof v === 'string') return wrap(`String ${showString(v)}`);
  if (v instanceof JsonNumber) {
    const n = showScientific(v);
    return wrap(`Number ${n.startsWith('-') ? `(${n})` : n}`);
  }
  if (Array.isArray(v)) return wrap(`Array [${v.map((x) => showValueAt(x, false)).join(',')}]`);
  const entries = [...v.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return wrap(`Object (fromList [${entries.map(([k, x]) => `(${showString(k)},${showValueAt(x, false)})`).join(',')}])`);
}
