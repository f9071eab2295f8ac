// `make bench`, transfers: K coin-style transfers (a managed capability, an event, two reads, two
// writes) in one transaction, in process and through dist/pact, at several K. The cost per
// transfer should not grow with K.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Repl } from '../src/repl/repl.ts';
import type { Output } from '../src/repl/repl.ts';
import { TOKEN_MODULE, bestRun } from './common.ts';

const quiet: Output = { stdout: () => {}, stderr: (t) => process.stderr.write(t) };

const TOKEN = `
(env-data { "a": { "keys": ["alice"], "pred": "keys-all" }, "b": { "keys": ["bob"], "pred": "keys-all" } })
(begin-tx)
${TOKEN_MODULE}
(create-table accounts)
(create "alice" (read-keyset "a"))
(create "bob" (read-keyset "b"))
(commit-tx)`;

/// K transfers of 1.0 from alice to bob in one transaction, signed for in full.
function transfers(k: number): string {
  return `(begin-tx)
(env-sigs [{ "key": "alice", "caps": [(token.TRANSFER "alice" "bob" ${k}.0)] }])
(map (lambda (i) (token.transfer "alice" "bob" 1.0)) (enumerate 1 ${k}))
(commit-tx)`;
}

const KS = [1000, 10000, 40000];

console.log('coin-style transfers in one transaction (µs per transfer):');
const dir = mkdtempSync(join(tmpdir(), 'pact-transfers-'));
try {
  // The same script without the transfers: process start, loading and the token's setup.
  writeFileSync(join(dir, 'setup.repl'), `${TOKEN}\n`);
  const setup = bestRun(dir, 'setup.repl');
  for (const k of KS) {
    const repl = new Repl('script', quiet);
    if (!repl.runSource(TOKEN, 'bench')) throw new Error('setup failed');
    const t0 = performance.now();
    if (!repl.runSource(transfers(k), 'bench')) throw new Error('transfers failed');
    const inProcess = ((performance.now() - t0) * 1000) / k;

    const script = `transfers-${k}.repl`;
    writeFileSync(join(dir, script), `${TOKEN}\n${transfers(k)}\n`);
    const whole = bestRun(dir, script, k > 10000 ? 1 : 3);
    const perTransfer = ((whole - setup) * 1000) / k;
    console.log(`  K = ${String(k).padStart(6)}   in process ${inProcess.toFixed(1).padStart(6)}   dist/pact ${perTransfer.toFixed(1).padStart(6)} ` +
      `beyond setup (${Math.round(1e6 / perTransfer)} transfers/s; whole run ${(whole * 1000 / k).toFixed(1)})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
