// Bundles the CLI into one ESM file for Node's single-executable builder.
// The banner gives bundled CommonJS dependencies a real `require`.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node26',
  format: 'esm',
  minify: true,
  legalComments: 'none',
  outfile: 'dist/pact.mjs',
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
});
