// THIRD-PARTY-NOTICES.txt, shipped beside every executable: the licenses of what the executable
// carries besides our code: Node.js (its license names V8, ICU, OpenSSL, libuv and the rest it
// builds in), the Z3 solver (z3-solver's emscripten build, an asset), and every npm package
// esbuild put in the bundle (dist/pact.meta.json, written by scripts/bundle.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Notice {
  readonly title: string;
  readonly text: string;
}

export function thirdPartyNotices(nodeLicense: string, nodeVersion: string): string {
  const notices: Notice[] = [
    { title: `Node.js ${nodeVersion}`, text: nodeLicense },
    packageNotice('node_modules/z3-solver', 'the Z3 theorem prover'),
    ...bundledPackages().map((dir) => packageNotice(dir)),
  ];
  const rule = '-'.repeat(78);
  const intro = 'The pact executable carries the following software, under these licenses.\n';
  return [intro, ...notices.map((n) => `${rule}\n${n.title}\n${rule}\n\n${n.text.trimEnd()}\n`)].join('\n');
}

/// The folders of the npm packages with a file in the bundle, in name order.
function bundledPackages(): string[] {
  const meta = JSON.parse(readFileSync('dist/pact.meta.json', 'utf8')) as { inputs: Record<string, unknown> };
  const dirs = new Set<string>();
  for (const input of Object.keys(meta.inputs)) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m !== null) dirs.add(m[1]!);
  }
  return [...dirs].sort();
}

function packageNotice(dir: string, what?: string): Notice {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const file = readdirSync(dir).sort().find((f) => /^(licen[cs]e|copying)/i.test(f));
  if (file === undefined && pkg.license === undefined) throw new Error(`${dir}: no license found`);
  const text = file !== undefined ? readFileSync(join(dir, file), 'utf8') : `License: ${pkg.license}`;
  return { title: `${pkg.name} ${pkg.version}${what === undefined ? '' : ` (${what})`}`, text };
}
