/// Starting this executable again on a worker thread, for a node's executor: the single
/// executable has no files to start a worker from, so the thread compiles the bundle from the
/// executable's assets (with the build's code cache, as the main thread does); run from source
/// or from the bundle file, it loads the same script the process started with. Either way the
/// program sees EXECUTOR_ENV and runs the executor (src/cli/main.ts).
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { BUNDLE_ASSET, CODE_CACHE_ASSET, wrapBundle } from './bundle-wrapper.ts';
import { EXECUTOR_ENV } from './mode.ts';

// The thread's script in the single executable: `require` is the thread's own (built-ins only,
// all the bundle needs).
const SEA_BOOT = `
const sea = require('node:sea');
const { Script } = require('node:vm');
const source = (${wrapBundle.toString()})(sea.getAsset(${JSON.stringify(BUNDLE_ASSET)}, 'utf8'));
const script = new Script(source, { filename: ${JSON.stringify(BUNDLE_ASSET)}, cachedData: new Uint8Array(sea.getRawAsset(${JSON.stringify(CODE_CACHE_ASSET)})) });
if (script.cachedDataRejected === true && process.env.PACT_TS_DEBUG) process.stderr.write('pact: code cache rejected (executor thread)\\n');
const m = { exports: {} };
script.runInThisContext()(m.exports, require, m, __filename, '.');
`;

/// A worker thread running this executable as a node's executor.
export function selfThread(options: WorkerOptions): Worker {
  const env = { ...process.env, [EXECUTOR_ENV]: '1' };
  const { isSea } = process.getBuiltinModule('node:sea');
  if (isSea()) return new Worker(SEA_BOOT, { ...options, env, eval: true });
  return new Worker(pathToFileURL(process.argv[1]!), { ...options, env });
}
