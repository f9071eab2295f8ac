/// How many arguments a native accepts (the language server's arity check): one of its
/// signatures' counts, as the implementations match their arguments, except for the few that
/// take other counts than their signatures show. (test/natives/arity.test.ts applies every
/// native to each count rejected here; the binding forms' bodies are part of their binding
/// argument, and `with-capability`'s body is one list the compiler makes.)
import type { Native } from './registry.ts';

const OTHER_COUNTS: Readonly<Record<string, readonly [min: number, max: number]>> = {
  'list': [0, Infinity],
  // Its value, then anything, ignored.
  'constantly': [1, Infinity],
  'pact-version': [0, Infinity],
  'poseidon-hash-hack-a-chain': [1, 8],
  'verify': [1, 2],
  'env-gasmodel': [0, Infinity],
  'env-gaslog': [0, Infinity],
};

/// Whether `native` accepts `count` arguments; null when that is not known (a native constant).
/// @example acceptsArgs(plus, 2) // true
export function acceptsArgs(native: Native, count: number): boolean | null {
  const other = OTHER_COUNTS[native.name];
  if (other !== undefined) return other[0] <= count && count <= other[1];
  if (native.types.length === 0) return null;
  return native.types.some((t) => t.args.length === count);
}
