// Bundles the CLI into one CommonJS file for Node's single-executable builder. CommonJS, not
// ESM: in an ESM bundle every Node built-in any module imports (sqlite, http, worker threads…)
// is loaded at startup, even for `--version`; in CommonJS each is required only when the
// module that needs it is first used.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node26',
  format: 'cjs',
  minify: true,
  legalComments: 'none',
  outfile: 'dist/pact.cjs',
  // `import.meta.url` (a module finding its package's files when not in the single executable,
  // as src/analyze/solver.ts does) is the bundle's own file in CommonJS.
  banner: { js: '"use strict";var importMetaUrl=require("node:url").pathToFileURL(__filename).href;' },
  define: { 'import.meta.url': 'importMetaUrl' },
});
