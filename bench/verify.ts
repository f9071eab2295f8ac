// `make bench`, formal verification: `(verify 'bank)` on an accounts contract (a schema
// invariant, a guarded transfer whose properties are conservation of the balance column and
// the sender's row guard, a deposit and a balance query) through dist/pact: the run with the
// verification minus the run that only loads the module. Z3's start is part of the figure.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bestRun } from './common.ts';

const BANK = `
(begin-tx)
(module bank GOV
  (defcap GOV () true)
  (defschema account
    @model [(invariant (>= balance 0.0))]
    balance:decimal
    guard:guard)
  (deftable accounts:{account})

  (defun open-account:string (id:string guard:guard)
    @model [(property (= (column-delta accounts 'balance) 0.0))]
    (insert accounts id { 'balance: 0.0, 'guard: guard }))

  (defun deposit:string (id:string amount:decimal)
    @model [(property (= (column-delta accounts 'balance) amount))
            (property (> amount 0.0))]
    (enforce (> amount 0.0) "deposits are positive")
    (with-read accounts id { 'balance := b }
      (update accounts id { 'balance: (+ b amount) })))

  (defun transfer:string (from:string to:string amount:decimal)
    @model [(property (= (column-delta accounts 'balance) 0.0))
            (property (row-enforced accounts 'guard from))
            (property (> amount 0.0))]
    (enforce (!= from to) "distinct accounts")
    (enforce (> amount 0.0) "transfers are positive")
    (with-read accounts from { 'balance := fb, 'guard := g }
      (enforce-guard g)
      (enforce (>= fb amount) "insufficient funds")
      (update accounts from { 'balance: (- fb amount) }))
    (with-read accounts to { 'balance := tb }
      (update accounts to { 'balance: (+ tb amount) })))

  (defun balance:decimal (id:string)
    @model [(property (>= result 0.0))]
    (at 'balance (read accounts id)))
)
(create-table accounts)
(commit-tx)
`;

const dir = mkdtempSync(join(tmpdir(), 'pact-verify-bench-'));
try {
  writeFileSync(join(dir, 'loaded.repl'), BANK);
  writeFileSync(join(dir, 'verified.repl'), `${BANK}(verify 'bank)\n`);
  const loaded = bestRun(dir, 'loaded.repl', 3);
  const verified = bestRun(dir, 'verified.repl', 3);
  console.log(`verify an accounts contract (4 functions, 8 properties, 1 invariant) through dist/pact: ${(verified - loaded).toFixed(0)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
