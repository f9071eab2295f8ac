// `make bench`, loading: a generated multi-file protocol (28 modules in 28 files, about 6,000
// lines: schemas, tables, managed capabilities, events, defuns calling the module before) loaded
// by a `.repl` script through dist/pact, minus the run of an empty script (process start).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_MODULES as MODULES, bestRun, writeProtocol } from './common.ts';

const dir = mkdtempSync(join(tmpdir(), 'pact-load-bench-'));
try {
  const lines = writeProtocol(dir);
  writeFileSync(join(dir, 'empty.repl'), '(+ 1 1)\n');
  const empty = bestRun(dir, 'empty.repl');
  const protocol = bestRun(dir, 'protocol.repl');
  console.log(`loading a generated protocol of ${MODULES} files, ${lines} lines: ${(protocol - empty).toFixed(0)} ms ` +
    `(whole run ${protocol.toFixed(0)} ms, an empty script ${empty.toFixed(0)} ms)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
