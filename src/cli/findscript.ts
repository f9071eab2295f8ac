/// `-r/--findscript`: the `.repl` script belonging to a `.pact` file.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/// The same path with `.repl`, else the only `.repl` file in the directory, else null.
export function findScript(pactFile: string): string | null {
  const sibling = pactFile.slice(0, -'.pact'.length) + '.repl';
  if (existsSync(sibling)) return sibling;
  const dir = dirname(pactFile);
  const scripts = readdirSync(dir).filter((f) => f.endsWith('.repl'));
  return scripts.length === 1 ? join(dir, scripts[0]!) : null;
}
