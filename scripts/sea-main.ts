// The single executable's main script (bundled by scripts/bundle.ts into dist/sea-main.cjs): runs
// the CLI's bundle, an asset, with the code cache the build trained where it has one (see
// code-cache.ts and release/executable.ts). Only `--version` alone is answered here, before the
// bundle is even compiled.
import { getAsset, getAssetKeys, getRawAsset } from 'node:sea';
import { processMode, VERSION_LINE } from '../src/cli/mode.ts';
import { guardStandardStreams } from '../src/cli/streams.ts';
import { bundleScript, runBundle } from './code-cache.ts';

if (processMode(process.argv.slice(2), process.env) === 'version') {
  guardStandardStreams();
  process.stdout.write(VERSION_LINE);
} else {
  // An executable built for another platform than the build machine's has no code cache.
  const cache = getAssetKeys().includes('pact.cache') ? new Uint8Array(getRawAsset('pact.cache')) : undefined;
  const script = bundleScript(getAsset('pact.cjs', 'utf8'), cache);
  // Harmless (the code is compiled as it is called) but slower; the tests look for this line.
  if (script.cachedDataRejected === true && process.env.PACT_TS_DEBUG) process.stderr.write('pact: code cache rejected\n');
  runBundle(script, require, module, __filename);
}
