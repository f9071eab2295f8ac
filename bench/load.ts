// `make bench`, loading: a generated multi-file protocol (28 modules in 28 files, about 6,000
// lines: schemas, tables, managed capabilities, events, defuns calling the module before) loaded
// by a `.repl` script through dist/pact, minus the run of an empty script (process start).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const MODULES = 28;

/// One module of the protocol; module i calls module i−1.
function moduleText(i: number): string {
  const prev = i === 0 ? null : `proto${i - 1}`;
  const lines = [
    `(module proto${i} GOV`,
    `  @doc "Module ${i} of a generated protocol."`,
    '  (defcap GOV () true)',
    '  (defschema account',
    '    @doc "An account."',
    '    balance:decimal',
    '    guard:guard',
    '    note:string)',
    '  (deftable accounts:{account})',
    '  (defcap TRANSFER:bool (sender:string receiver:string amount:decimal)',
    '    @managed amount TRANSFER-mgr',
    '    (enforce (!= sender receiver) "same account")',
    '    (enforce-guard (at "guard" (read accounts sender))))',
    '  (defun TRANSFER-mgr:decimal (managed:decimal requested:decimal)',
    '    (let ((rest (- managed requested)))',
    '      (enforce (>= rest 0.0) "over the managed amount")',
    '      rest))',
    '  (defcap CREDITED:bool (account:string amount:decimal) @event true)',
  ];
  for (let f = 0; f < 31; f++) {
    lines.push(
      `  (defun helper-${f}:decimal (amount:decimal factor:integer)`,
      `    @doc "Helper ${f}: scales an amount."`,
      '    (let* ((scaled (* amount (dec factor)))',
      `           (capped (if (> scaled 1000000.0) 1000000.0 scaled)))`,
      `      (enforce (>= capped 0.0) "negative amount")`,
      prev === null ? '      capped))' : `      (+ capped (${prev}.helper-${f} 0.0 1))))`,
    );
  }
  lines.push(
    '  (defun transfer:string (sender:string receiver:string amount:decimal)',
    '    (with-capability (TRANSFER sender receiver amount)',
    '      (with-read accounts sender { "balance" := sb }',
    '        (update accounts sender { "balance": (- sb amount) }))',
    '      (with-read accounts receiver { "balance" := rb }',
    '        (update accounts receiver { "balance": (+ rb amount) }))',
    '      (emit-event (CREDITED receiver amount))',
    '      "transferred"))',
    ')',
    '(create-table accounts)',
  );
  return lines.join('\n') + '\n';
}

const dir = mkdtempSync(join(tmpdir(), 'pact-load-bench-'));
try {
  let lines = 0;
  const loads: string[] = [];
  for (let i = 0; i < MODULES; i++) {
    const text = moduleText(i);
    lines += text.split('\n').length - 1;
    writeFileSync(join(dir, `proto${i}.pact`), text);
    loads.push(`(load "proto${i}.pact")`);
  }
  writeFileSync(join(dir, 'protocol.repl'), `(begin-tx)\n${loads.join('\n')}\n(commit-tx)\n`);
  writeFileSync(join(dir, 'empty.repl'), '(+ 1 1)\n');
  const run = (script: string): number => {
    const t = performance.now();
    const r = spawnSync(join(ROOT, 'dist/pact'), [join(dir, script)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stdout + r.stderr);
    return performance.now() - t;
  };
  const best = (script: string): number => Math.min(...Array.from({ length: 5 }, () => run(script)));
  const empty = best('empty.repl');
  const protocol = best('protocol.repl');
  console.log(`loading a generated protocol of ${MODULES} files, ${lines} lines: ${(protocol - empty).toFixed(0)} ms ` +
    `(whole run ${protocol.toFixed(0)} ms, an empty script ${empty.toFixed(0)} ms)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
