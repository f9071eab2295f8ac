/// Modules installed without gas are sized only when a dependent installed with gas needs their
/// memory (Pact's `allModuleExports`), with the figures their install would have recorded: each
/// test runs a setup with gas off, then with gas on, and the gas log of what follows must be the
/// same, module-memory charges included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newRepl } from '../helpers/pact.ts';

const GAS = '(env-gasmodel "table") (env-gaslimit 1000000000000)';

/// The gas log of `measured`, run with gas on after `setup` ran with gas off (or on). A
/// transaction boundary ends the log: each part of `measured` is logged from its `(env-gaslog)`.
function logAfter(setup: string, measured: readonly string[], gasInSetup: boolean): string[] {
  const { repl, rec } = newRepl();
  const run = (source: string, file: string) => assert.ok(repl.runSource(source, file), rec.err);
  run(gasInSetup ? `${GAS} ${setup}` : setup, 'setup.repl');
  run(`${GAS} (env-gas 0)`, 'measured.repl');
  const log = measured.flatMap((part) => {
    run(part, 'measured.repl');
    return repl.ctx.gas.log ?? [];
  });
  assert.equal(repl.reportTestFailures(), false, rec.err);
  return log;
}

/// Asserts that `measured` is charged alike whether `setup` ran with gas or without; returns the
/// bytes of its module-memory charges. A single part is logged from its start.
function sameGas(setup: string, measured: string | readonly string[]): number[] {
  const parts = typeof measured === 'string' ? [`(env-gaslog) ${measured}`] : measured;
  const deferred = logAfter(setup, parts, false);
  assert.deepEqual(deferred, logAfter(setup, parts, true));
  return deferred.flatMap((l) => /GModuleMemory: (\d+)/.exec(l)?.[1] ?? []).map(Number);
}

const mod = (name: string, ...defs: string[]): string => `(module ${name} G (defcap G () true) ${defs.join(' ')})`;

const A1 = mod('a',
  '(defschema acct bal:decimal owner:string)',
  '(deftable accts:{acct})',
  '(defconst RATE:decimal 0.5)',
  '(defconst BIG:integer 1234567890123456789012345678901234567890)',
  '(defun rate:decimal () RATE)',
  '(defun open:string (id:string owner:string) (insert accts id { "bal": 0.0, "owner": owner }))');
const A2 = mod('a',
  '(defschema acct bal:decimal owner:string since:time)',
  '(defconst RATE:decimal 0.25)',
  '(defun rate:decimal () (* 2.0 RATE))',
  '(defun fresh:bool () true)');
const B1 = mod('b',
  '(defun pay:decimal (x:decimal) (* x (a.rate)))',
  '(defun owner:string (r:object{a.acct}) (at "owner" r))',
  '(defun big:integer () a.BIG)');
const B2 = mod('b', '(defun pay:decimal (x:decimal) (+ x (a.rate)))', '(defun extra:string () (+ "mo" "re"))');
const I = ['(interface i',
  '(defschema point x:integer y:integer)',
  '(defconst ORIGIN:integer 0)',
  '(defcap MOVE:bool (by:integer) @managed by MOVE-mgr)',
  '(defun MOVE-mgr:integer (m:integer r:integer)))'].join(' ');
const C = mod('c', '(implements i)',
  '(defcap MOVE:bool (by:integer) @managed by MOVE-mgr true)',
  '(defun MOVE-mgr:integer (m:integer r:integer) (- m r))',
  '(defun here:object{i.point} () { "x": i.ORIGIN, "y": 1 })');
const D = mod('d', '(defun go () [(b.pay 2.0) (c.here) (a.rate)])');

test('dependencies installed without gas cost a dependent what they cost with gas', () => {
  const { repl } = newRepl();
  assert.ok(repl.runSource(`${A1} ${B1} ${I} ${C}`, 'setup.repl'));
  assert.notEqual(repl.ctx.lookupModule('b')!.pendingMemory, null, 'b is not sized at its install');
  assert.equal(sameGas(`${A1} ${B1} ${I} ${C}`, D).length, 1);
});

test('a dependency upgraded after its dependent was installed', () => {
  const d = mod('d', '(defun go () [(b.pay 2.0) (a.fresh)])');
  assert.equal(sameGas(`${A1} ${B1} ${A2}`, d).length, 1);
});

test('a module upgraded after it was installed without gas', () => {
  assert.equal(sameGas(`${A1} ${B1} ${I} ${C} ${B2}`, D).length, 1);
  assert.equal(sameGas(`${A1} ${B1} ${I} ${C} ${A2} ${B2}`, D).length, 1);
});

test('upgrades rolled back, before and after their memory was needed', () => {
  const committed = `(begin-tx) ${A1} ${B1} ${I} ${C} (commit-tx)`;
  assert.equal(sameGas(`${committed} (begin-tx) ${A2} ${B2} (rollback-tx)`, D).length, 1);
  const usesA2 = mod('e', '(defun go () [(a.fresh) (b.extra)])');
  assert.equal(sameGas(`${committed} (begin-tx) ${A2} ${B2}`,
    [`(env-gaslog) ${usesA2}`, `(rollback-tx) (begin-tx) (env-gaslog) ${D}`]).length, 2);
});

test('namespaces: names resolve as in the namespace the module was installed in', () => {
  const ns = '(env-data {"ks": []}) (define-namespace "ns" (read-keyset "ks") (read-keyset "ks")) (namespace "ns")';
  const local = mod('b', '(defun owner:string (r:object{a.acct}) (at "owner" r))', '(defun pay:decimal () (a.rate))');
  const d = mod('d', '(defun go () [(ns.b.pay) (ns.a.rate)])');
  assert.equal(sameGas(`(begin-tx) ${ns} ${A1} ${local} (commit-tx)`, d).length, 1);
});

// Before Pact 4.3 names loaded at the top level in the transaction shadow a module's own: `y`'s
// `{acct}` is `x`'s schema, which `z` pays for when it inlines `y.f`.
test("the REPL scope a module was installed in, gone when it is sized", () => {
  const x = mod('x', '(defschema acct a:integer b:integer c:integer)');
  const y = mod('y', '(defschema acct a:integer)', '(defun f:integer (r:object{acct}) (at "a" r))');
  const z = mod('z', '(defun g () (y.f { "a": 1 }))');
  const flags = '(env-exec-config ["DisablePact43"])';
  assert.equal(sameGas(`${flags} (begin-tx) ${x} ${y} (commit-tx)`, z).length, 1);
});

test('execution flags of the install, changed since', () => {
  for (const flags of ['DisablePact43', 'DisablePact45']) {
    const setup = `(env-exec-config ["${flags}"]) ${A1} ${B1} ${I} ${C} (env-exec-config [])`;
    assert.equal(sameGas(setup, D).length, 1, flags);
  }
});

// A module referring to itself while it is first installed shares its list of interfaces, which
// is resolved (`i2` → `ns.i2`) after the module was sized.
test('a module naming itself, implementing an interface of its namespace', () => {
  const setup = ['(env-data {"ks": []}) (define-namespace "ns" (read-keyset "ks") (read-keyset "ks")) (namespace "ns")',
    '(interface i2 (defun f:integer ()))',
    mod('m', '(implements i2)', '(defun f:integer () 1)', '(defun self:module{i2} () m)')].join(' ');
  assert.equal(sameGas(setup, mod('u', '(defun go () (ns.m.self))')).length, 1);
});

test('a module whose size is not known (a module reference call) makes its dependents uncharged', () => {
  const m = mod('m', '(defun call:integer (t:module{i}) (t::MOVE-mgr 1 2))');
  assert.deepEqual(sameGas(`${I} ${C} ${m}`, mod('u', '(defun go () (m.call c))')), []);
});

test('a long chain of dependencies installed without gas', () => {
  const chain = ['(module m0 G (defcap G () true) (defun f () 0))'];
  for (let i = 1; i < 1500; i++) chain.push(`(module m${i} G (defcap G () true) (defun f () (m${i - 1}.f)))`);
  assert.equal(sameGas(chain.join('\n'), mod('top', '(defun go () (m1499.f))')).length, 1);
});
