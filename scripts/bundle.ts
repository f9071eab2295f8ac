// Bundles the CLI into one CommonJS file for Node's single-executable builder, and the
// executable's main script that runs it (sea-main.ts). CommonJS, not ESM: in an ESM bundle every
// Node built-in any module imports (sqlite, http, worker threads…) is loaded at startup, even for
// `--version`; in CommonJS each is required only when the module that needs it is first used.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

// Written into the bundle as PACT_BUILD_ID once the bundle is made, then replaced by the hash
// of the bundle: the build's identity, which keys its parse cache (src/repl/parse-cache.ts).
const BUILD_ID_PLACEHOLDER = '@@PACT_BUILD_ID@@';
const OUT = 'dist/pact.cjs';

const COMMON = {
  bundle: true, platform: 'node', target: 'node26', format: 'cjs', minify: true, legalComments: 'none',
} as const;

const { metafile } = await build({
  ...COMMON,
  entryPoints: ['src/cli/main.ts'],
  outfile: OUT,
  // Which packages are in the bundle: their licenses go with the release (release/notices.ts).
  metafile: true,
  // `import.meta.url` (a module finding its package's files when not in the single executable,
  // as src/analyze/solver.ts does) is the bundle's own file in CommonJS.
  banner: { js: '"use strict";var importMetaUrl=require("node:url").pathToFileURL(__filename).href;' },
  define: {
    'import.meta.url': 'importMetaUrl',
    PACT_BUILD_ID: JSON.stringify(BUILD_ID_PLACEHOLDER),
    PACT_TS_COMMIT: JSON.stringify(commit()),
  },
});
writeFileSync('dist/pact.meta.json', JSON.stringify(metafile));

/// The commit built (`pact --version --verbose`), marked when the work tree differs from it.
function commit(): string {
  const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' });
  const head = git('rev-parse', 'HEAD');
  if (head.status !== 0) return 'unknown';
  return head.stdout.trim() + (git('diff', '--quiet', 'HEAD', '--', '.').status === 0 ? '' : '-dirty');
}

const bundle = asciiOnly(readFileSync(OUT, 'utf8'));
const id = createHash('sha256').update(bundle).digest('hex').slice(0, 32);
writeFileSync(OUT, bundle.replaceAll(BUILD_ID_PLACEHOLDER, id));

/// The bundle with every non-ASCII character written as a `\u` escape. esbuild escapes them
/// everywhere but in regular expression literals (one in a dependency), and a single one makes V8
/// hold the whole megabyte of source as two-byte text: twice the memory, slower to scan and to
/// decode from the executable. The escape means the same in a string, a template and a regular
/// expression, with or without the `u` flag (a surrogate pair stays one code point there).
function asciiOnly(text: string): string {
  return text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

await build({ ...COMMON, entryPoints: ['scripts/sea-main.ts'], outfile: 'dist/sea-main.cjs' });
