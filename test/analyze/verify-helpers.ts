/// Verifying a one-module program: module `t` (governed by capability G) with the given members.
import assert from 'node:assert/strict';
import { piped } from '../helpers/pact.ts';
import { Repl } from '../../src/repl/repl.ts';

/// Loads module `t` (governed by capability G) with these members and verifies it: the result
/// line and the rendered failures.
export function verify(members: string, modelOfModule = ''): { verdict: string; err: string } {
  const { out, err } = piped(`${moduleT(members, modelOfModule)}\n(verify "t")\n`);
  return { verdict: verdictOf(out), err };
}

/// Module `t`'s source, one line.
export function moduleT(members: string, modelOfModule = ''): string {
  const model = modelOfModule === '' ? '' : `@model [${modelOfModule}] `;
  return oneLine(`(module t G ${model}(defcap G () true) ${members})`);
}

const oneLine = (code: string): string => code.replace(/\s*\n\s*/g, ' ');

const verdictOf = (out: string): string => /"(Verification of \S+ (?:succeeded|failed))"/.exec(out)?.[1] ?? out;

export interface Verified { readonly verdict: string; readonly err: string }

/// Verifies many modules in one REPL (one solver start): each module (or interface) source is
/// loaded in a transaction of its own, verified under `name`, and rolled back. A source that
/// fails to load gives its error, and the cases after it still run.
export function verifyEach(sources: readonly { readonly code: string; readonly name: string }[]): Verified[] {
  let current = { out: '', err: '' };
  const repl = new Repl('piped', { stdout: (t) => { current.out += t; }, stderr: (t) => { current.err += t; } });
  return sources.map((s) => {
    current = { out: '', err: '' };
    for (const line of ['(begin-tx)', oneLine(s.code), `(verify "${s.name}")`, '(rollback-tx)']) repl.runSource(line, '<interactive>');
    return { verdict: verdictOf(current.out), err: current.err };
  });
}

/// Verifies, its only output these warnings (none unless given).
export function holds(members: string, modelOfModule = '', ...warnings: string[]): void {
  const r = verify(members, modelOfModule);
  assert.equal(r.err, warnings.map((w) => `:OutputWarning: ${w}\n`).join(''));
  assert.equal(r.verdict, 'Verification of t succeeded');
}

/// Fails, its output including each of the given texts.
export function fails(members: string, ...starts: string[]): string {
  return failsUnder('', members, ...starts);
}

/// `fails`, the module's own `@model` being `modelOfModule`.
export function failsUnder(modelOfModule: string, members: string, ...starts: string[]): string {
  const r = verify(members, modelOfModule);
  assert.equal(r.verdict, 'Verification of t failed', r.err);
  for (const s of starts) assert.ok(r.err.includes(s), `${s} not in:\n${r.err}`);
  return r.err;
}

/// A property Pact cannot parse or type: verification fails with its one line, `could not
/// parse <the property>: <why>` (after the property's location).
export function unparsed(members: string, property: string, why: string, modelOfModule = ''): void {
  const r = verify(members, modelOfModule);
  assert.equal(r.verdict, 'Verification of t failed', r.err);
  assert.equal(r.err.replace(/^:OutputFailure: <interactive>:\d+:\d+: /, ''), `could not parse ${property}: ${why}\n`);
}

/// The `defproperty`s of AnalyzeSpec's test module (its `wrap`; two of them recursive, never used).
export const SPEC_PROPERTIES = `(defproperty my-column-delta (d:integer) (= (column-delta accounts 'balance) d))
  (defproperty conserves-balance (= (column-delta accounts 'balance) 0))
  (defproperty conserves-balance2 (my-column-delta 0))
  (defproperty balance (> 0 1))
  (defproperty bad-recursive-prop bad-recursive-prop)
  (defproperty bad-recursive-prop2 (d:integer) (bad-recursive-prop2 d))`;
