/// Seed texts for mutation: our own fixtures, plus Pact's own tests when a checkout of Pact is
/// at /tmp/pact-src (read at run time only; nothing of Pact's is copied into this repository).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface CorpusFile {
  /// Absolute path (relative `load`s in a mutated script resolve from its directory).
  readonly path: string;
  readonly text: string;
}

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const FIXTURES = join(ROOT, 'test', 'fixtures');
const PACT_TESTS = '/tmp/pact-src/tests/pact';

function walk(dir: string, keep: (name: string) => boolean, depth = 4): string[] {
  if (depth < 0 || !existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...walk(path, keep, depth - 1));
    else if (st.isFile() && keep(name)) out.push(path);
  }
  return out;
}

function read(paths: readonly string[]): CorpusFile[] {
  return paths.map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/// Pact source texts (`.repl`, `.pact`): ours always, Pact's when present.
export function pactCorpus(): CorpusFile[] {
  const isPact = (n: string): boolean => n.endsWith('.repl') || n.endsWith('.pact');
  return read([...walk(FIXTURES, isPact), ...walk(PACT_TESTS, isPact, 1)]);
}

/// Request tooling inputs: request YAML, SigData YAML, key files.
export function yamlCorpus(): { requests: CorpusFile[]; sigdata: CorpusFile[]; keys: CorpusFile[] } {
  const api = join(FIXTURES, 'api');
  const yaml = (n: string): boolean => n.endsWith('.yaml');
  return {
    requests: read(walk(join(api, 'requests'), yaml)),
    sigdata: read(walk(join(api, 'sigdata'), yaml)),
    keys: read(walk(join(api, 'keys'), yaml)),
  };
}

/// Every corpus path, for the evaluator's `load` allowlist.
export function corpusPaths(files: readonly CorpusFile[]): Set<string> {
  return new Set(files.map((f) => f.path));
}
