/// Where `load` finds a file. One rule for running a script, for deciding beforehand whether it
/// needs a deep stack (deep-stack.ts) and for the language server's view of a workspace.
import { dirname, isAbsolute, join } from 'node:path';

/// The file `(load path)` reads when run from the file `current` (null: piped input, or the
/// script named on the command line itself): a relative path is taken from the directory of
/// `current`, or from the working directory.
/// @example loadedPath('tests/a.repl', 'b.pact') // 'tests/b.pact'
export function loadedPath(current: string | null, path: string): string {
  // From a file named without a directory the path stays as written (`./b.pact`, not `b.pact`):
  // a failed load names it so.
  return current === null || isAbsolute(path) || (dirname(current) === '.' && !current.includes('/'))
    ? path : join(dirname(current), path);
}
