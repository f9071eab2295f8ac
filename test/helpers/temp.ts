/// Test helper: temporary directories for the tests of one file, removed after them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

/// A maker of fresh directories named `<prefix>XXXXXX`; all are removed once the file's tests end.
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
  return () => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
}
