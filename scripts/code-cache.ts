// How the single executable runs the bundled CLI (dist/pact.cjs): not as its main script, which
// Node would compile with a code cache of the top level only, but as an asset compiled with a V8
// code cache made after a training run (scripts/train-code-cache.ts), so that the functions a
// typical run calls start compiled instead of being compiled on first call. The trainer and the
// executable's main (scripts/sea-main.ts) compile the bundle through this same function: V8 only
// takes a cache made for the very same source text (and rejects any other, compiling as usual).
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/// The bundle as a script whose result is its CommonJS module function.
export function bundleScript(bundle: string, cachedData?: Uint8Array): Script {
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${bundle}\n})`;
  return new Script(wrapped, { filename: 'pact.cjs', cachedData });
}

/// Runs the bundle as the CommonJS module `module`, requiring through `require`.
export function runBundle(script: Script, require: NodeJS.Require, module: NodeJS.Module, filename: string): void {
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, require, module, filename, dirname(filename));
}
