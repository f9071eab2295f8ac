/// How the single executable compiles its bundle (dist/pact.cjs, an asset) as a CommonJS module
/// function: on the main thread (scripts/code-cache.ts) and on a node's executor thread
/// (self-thread.ts) alike, since V8 takes the build's code cache only for the very same text.
/// Imports nothing: the executable's main script loads it before anything else.

/// The bundle's asset name, and the file name its code is compiled under.
export const BUNDLE_ASSET = 'pact.cjs';
/// The asset holding the V8 code cache of the bundle.
export const CODE_CACHE_ASSET = 'pact.cache';

/// The bundle as the source text of its CommonJS module function.
export function wrapBundle(bundle: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${bundle}\n})`;
}
