// `make bench`, transfers: K coin-style transfers (a managed capability, an event, two reads, two
// writes) in one transaction, in process and through dist/pact, at several K. The cost per
// transfer should not grow with K.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Repl } from '../src/repl/repl.ts';
import type { Output } from '../src/repl/repl.ts';
import { TOKEN_MODULE } from './common.ts';

const quiet: Output = { stdout: () => {}, stderr: (t) => process.stderr.write(t) };
const ROOT = new URL('..', import.meta.url).pathname;

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
for (const k of KS) {
  const repl = new Repl('script', quiet);
  if (!repl.runSource(TOKEN, 'bench')) throw new Error('setup failed');
  const t0 = performance.now();
  if (!repl.runSource(transfers(k), 'bench')) throw new Error('transfers failed');
  const inProcess = ((performance.now() - t0) * 1000) / k;

  const dir = mkdtempSync(join(tmpdir(), 'pact-transfers-'));
  const script = join(dir, 'transfers.repl');
  writeFileSync(script, `${TOKEN}\n${transfers(k)}\n`);
  const t1 = performance.now();
  const r = spawnSync(join(ROOT, 'dist/pact'), [script], { encoding: 'utf8' });
  const whole = ((performance.now() - t1) * 1000) / k;
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(r.stdout + r.stderr);
  console.log(`  K = ${String(k).padStart(6)}   in process ${inProcess.toFixed(1).padStart(6)}   dist/pact (whole run) ${whole.toFixed(1).padStart(6)}   (${Math.round(1e6 / whole)} transfers/s)`);
}
