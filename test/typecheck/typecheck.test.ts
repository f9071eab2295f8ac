import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { runScript } from '../../src/repl/modes.ts';
import { Builder } from '../../src/typecheck/build.ts';
import { typecheckTop } from '../../src/typecheck/phases.ts';
import { TcState } from '../../src/typecheck/state.ts';
import { isUnresolved, prettyType } from '../../src/typecheck/types.ts';
import { Recorder, assertError, newRepl, piped, printed } from '../helpers/pact.ts';

const FIXTURES = 'test/fixtures/typecheck';

test('typecheck reports success, or each failure as Pact prints it, after the trace line', () => {
  const rec = new Recorder();
  assert.equal(runScript(`${FIXTURES}/checks.repl`, true, rec), 0);
  assert.equal(rec.err, readFileSync(`${FIXTURES}/checks.expected`, 'utf8'));
});

test('dist/pact prints the same findings on stderr', () => {
  const r = spawnSync('dist/pact', ['-t', `${FIXTURES}/checks.repl`], { encoding: 'utf8' });
  assert.equal(r.status, 0);
  assert.equal(r.stderr, readFileSync(`${FIXTURES}/checks.expected`, 'utf8'));
});

test('a defpact whose yields and resumes do not pair up is a checker error at the step', () => {
  const rec = new Recorder();
  assert.equal(runScript(`${FIXTURES}/pact-shapes.repl`, false, rec), 1);
  assert.deepEqual(rec.err.trimEnd().split('\n').slice(-3), [
    `${FIXTURES}/pact-shapes.repl:7:4:Error: Typechecker Internal Error: Illegal resume in first step`,
    ` at ${FIXTURES}/pact-shapes.repl:57:0: (typecheck "first-resume")`,
    'Load failed',
  ]);
});

test('an unknown module, and an interface', () => {
  assertError(['(typecheck "nope")'], 'Unable to resolve module nope');
  assert.deepEqual(printed('(interface i (defun f:integer (x:integer)))', '(typecheck "i")'), ['"Loaded interface i"', '"Typecheck i: success"']);
});

test('env-dynref names the module the checker reads for an interface', () => {
  const out = execFileSync('dist/pact', [`${FIXTURES}/members.repl`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.equal(out, '');
});

/// Loads the members fixture and checks one member at a time, as Pact's own checker tests do.
function checkMembers(): Map<string, { failures: string[]; unresolved: number; types: ReadonlyMap<number, string> }> {
  const { repl, rec } = newRepl();
  assert.ok(repl.loadFile(`${FIXTURES}/members.repl`, null), rec.err);
  const mod = repl.ctx.lookupModule('tcmembers')!;
  const out = new Map<string, { failures: string[]; unresolved: number; types: ReadonlyMap<number, string> }>();
  for (const [name, term] of mod.terms) {
    const st = new TcState(0, null, repl.dynRefs);
    const checked = typecheckTop(st, new Builder(repl.ctx, st, mod).top(name, term));
    out.set(name, {
      failures: st.sortedFailures().map((f) => f.message),
      unresolved: [...checked.types.values()].filter(isUnresolved).length,
      types: new Map([...checked.types].map(([id, t]) => [id, prettyType(t)])),
    });
  }
  return out;
}

test('every tc- member checks clean; every fails- member fails with all types resolved', () => {
  const members = checkMembers();
  const tc = [...members].filter(([n]) => n.startsWith('tc-'));
  const fails = [...members].filter(([n]) => n.startsWith('fails-'));
  assert.ok(tc.length >= 40 && fails.length >= 14, `${tc.length} tc, ${fails.length} fails`);
  for (const [name, r] of tc) assert.deepEqual([name, r.failures, r.unresolved], [name, [], 0]);
  for (const [name, r] of fails) {
    assert.ok(r.failures.length > 0, `${name} should fail`);
    assert.equal(r.unresolved, 0, `${name}: ${r.failures.join('; ')}`);
  }
});

test('a partial object passed to update is inferred as a partial schema', () => {
  // The member's first node is its `let`.
  assert.equal(checkMembers().get('tc-update-partial')!.types.get(0), 'object:~[qty]{tcmembers.item}');
});

test('failures name what did not fit', () => {
  const m = checkMembers();
  assert.deepEqual(m.get('fails-return')!.failures, ['Cannot unify: (bool, integer)']);
  assert.deepEqual(m.get('fails-update-unknown')!.failures, ['Invalid field in schema object: colour, expected [added, qty, title]']);
  assert.deepEqual(m.get('fails-write-some')!.failures, ['Invalid partial schema found']);
  assert.deepEqual(m.get('fails-step-types')!.failures, ['assocAST: cannot unify: (integer, string)']);
  assert.deepEqual(m.get('fails-pass-wrong')!.failures, ['assocAST: cannot unify: (module{greeter}, module{counter})']);
  assert.deepEqual(m.get('fails-mixed-list')!.failures,
    ['Unable to unify list member type: (integer, string, Prim string2::string = LString {_lString = "two"})']);
});

test('(typecheck m true) prints the checker\'s progress as Pact does', () => {
  const { out } = piped('(module m G (defcap G () true) (defun one:integer () 1))\n(typecheck "m" true)\n');
  assert.equal(out, readFileSync(`${FIXTURES}/debug.expected`, 'utf8'));
});

test('contracts written as real Pact code is (capabilities, a cross-chain defpact, accounts) check clean', () => {
  const rec = new Recorder();
  assert.equal(runScript(`${FIXTURES}/contracts.repl`, true, rec), 0);
  const verdicts = rec.err.split('\n').filter((l) => l.includes('Typecheck') || l.includes('OutputFailure')).map((l) => l.replace(/^.*Trace: /, ''));
  assert.deepEqual(verdicts, ['Typecheck vault: success', 'Typecheck relay: success', 'Typecheck bank: success']);
});

test('env-dynref substitutions that come back to a module stop there instead of looping (Pact hangs)', () => {
  assert.deepEqual(printed(
    '(module m G (defcap G () true) (defun f:integer (x:integer) x) (defun g () (f 1)))',
    '(env-dynref m m)',
    '(typecheck "m")',
  ).at(-1), '"Typecheck m: success"');
});

test('a call through a module reference back into the function being inlined is a checker error (Pact loops)', () => {
  assertError([
    '(interface i (defun f:integer (m:module{i} x:integer)))',
    '(module a G (defcap G () true) (implements i) (defun f:integer (m:module{i} x:integer) (m::f m x)))',
    '(env-dynref i a)',
    '(typecheck "a")',
  ], 'Typechecker Internal Error: Recursive call through a module reference: a.f');
});
