/// Pact's lenient number fields in requests and payloads (`ParsedInteger`, `ParsedDecimal`,
/// `parseGT0`), with their failure texts, and the strict `PublicMeta` a node reads from a
/// command.
import { Decimal } from '../values/decimal.ts';
import { JsonNumber } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { asObject, asText, fail, required } from '../values/aeson.ts';
import type { JsonPath } from '../values/aeson.ts';
import { decimalOfNumber, parsePactValue, roundNumber } from '../values/pact-value.ts';
import { showString } from '../values/haskell-show.ts';
import type { PublicMeta } from './command.ts';

/// `PublicMeta` as a node decodes it: every field required, numbers lenient, gas limit and price
/// not negative.
export function publicMetaOf(v: Json, path: JsonPath): PublicMeta {
  const o = asObject(v, path, 'PublicMeta');
  const at = (k: string): [Json, JsonPath] => [required(o, k, path), [...path, k]];
  return {
    chainId: asText(...at('chainId')),
    sender: asText(...at('sender')),
    gasLimit: nonNegative(parsedInteger(...at('gasLimit')), [...path, 'gasLimit']),
    gasPrice: nonNegative(parsedDecimal(...at('gasPrice')), [...path, 'gasPrice']),
    ttl: parsedInteger(...at('ttl')),
    creationTime: parsedInteger(...at('creationTime')),
  };
}

export function nonNegative<T extends bigint | Decimal>(x: T, path: JsonPath): T {
  const negative = typeof x === 'bigint' ? x < 0n : x.signum() < 0;
  return negative ? fail(path, 'value must be greater than 0') : x;
}

// Pact's number literal, without requiring the end of input (Pact's parser stops after it).
const PACT_NUMBER = /^(-?[0-9]+)(?:\.([0-9]+))?/;

/// `ParsedInteger`: a number (rounded), integer text in Pact syntax, or `{"int": …}`.
export function parsedInteger(v: Json, path: JsonPath): bigint {
  if (v instanceof JsonNumber) return roundNumber(v);
  if (typeof v === 'string') {
    const m = PACT_NUMBER.exec(v);
    if (m === null || m[2] !== undefined) return fail(path, `Failure parsing integer string: ${showString(v)}`);
    return BigInt(m[1]!);
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const pv = parsePactValue(v, path);
    if (typeof pv === 'bigint') return pv;
    return fail(path, 'Failure parsing integer PactValue object');
  }
  return fail(path, `Failure parsing integer: ${showJsonValue(v)}`);
}

/// `ParsedDecimal`: a number (exactly) or decimal/integer text in Pact syntax.
export function parsedDecimal(v: Json, path: JsonPath): Decimal {
  if (v instanceof JsonNumber) return decimalOfNumber(v);
  if (typeof v === 'string') {
    const m = PACT_NUMBER.exec(v);
    const d = m === null || (m[2] ?? '').length > 255 ? undefined : Decimal.parse(m[0]);
    return d ?? fail(path, `Failure parsing decimal string: ${showString(v)}`);
  }
  return fail(path, `Failure parsing decimal: ${showJsonValue(v)}`);
}

/// aeson `Value`'s `show`, for the scalar cases these messages meet.
function showJsonValue(v: Json): string {
  if (v === null) return 'Null';
  if (typeof v === 'boolean') return `Bool ${v ? 'True' : 'False'}`;
  if (typeof v === 'string') return `String ${showString(v)}`;
  return Array.isArray(v) ? `Array [${v.map(showJsonValue).join(',')}]` : 'Object (fromList [...])';
}
