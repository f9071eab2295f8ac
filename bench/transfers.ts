// `make bench`, transfers: K coin-style transfers (a managed capability, an event, two reads, two
// writes) in one transaction, in process and through dist/pact, at several K. The cost per
// transfer should not grow with K.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Repl } from '../src/repl/repl.ts';
import type { Output } from '../src/repl/repl.ts';

const quiet: Output = { stdout: () => {}, stderr: (t) => process.stderr.write(t) };
const ROOT = new URL('..', import.meta.url).pathname;

const TOKEN = `
(env-data { "a": { "keys": ["alice"], "pred": "keys-all" }, "b": { "keys": ["bob"], "pred": "keys-all" } })
(begin-tx)
(module token GOV
  (defcap GOV () true)
  (defschema account balance:decimal guard:guard)
  (deftable accounts:{account})
  (defcap TRANSFER:bool (sender:string receiver:string amount:decimal)
    @managed amount TRANSFER-mgr
    (enforce-guard (at 'guard (read accounts sender))))
  (defun TRANSFER-mgr:decimal (managed:decimal requested:decimal)
    (let ((rest (- managed requested))) (enforce (>= rest 0.0) "over the managed amount") rest))
  (defun create (id:string guard:guard) (insert accounts id { 'balance: 1000000.0, 'guard: guard }))
  (defun transfer:string (sender:string receiver:string amount:decimal)
    (enforce (> amount 0.0) "positive amount")
    (with-capability (TRANSFER sender receiver amount)
      (with-read accounts sender { 'balance := sb } (update accounts sender { 'balance: (- sb amount) }))
      (with-read accounts receiver { 'balance := rb } (update accounts receiver { 'balance: (+ rb amount) }))
      "transferred")))
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
