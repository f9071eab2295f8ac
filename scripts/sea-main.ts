// The single executable's main script (bundled by scripts/bundle.ts into dist/sea-main.cjs): runs
// the CLI's bundle, an asset, with the code cache the build trained (see code-cache.ts). Only
// `--version` alone is answered here, before the bundle is even compiled.
import { getAsset, getRawAsset } from 'node:sea';
import { processMode, VERSION_LINE } from '../src/cli/mode.ts';
import { guardStandardStreams } from '../src/cli/streams.ts';
import { bundleScript, runBundle } from './code-cache.ts';

if (processMode(process.argv.slice(2), process.env) === 'version') {
  guardStandardStreams();
  process.stdout.write(VERSION_LINE);
} else {
  const script = bundleScript(getAsset('pact.cjs', 'utf8'), new Uint8Array(getRawAsset('pact.cache')));
  // Harmless (the code is compiled as it is called) but slower; the tests look for this line.
  if (script.cachedDataRejected === true && process.env.PACT_TS_DEBUG) process.stderr.write('pact: code cache rejected\n');
  runBundle(script, require, module, __filename);
}
