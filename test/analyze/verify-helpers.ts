/// Verifying a one-module program: module `t` (governed by capability G) with the given members.
import assert from 'node:assert/strict';
import { piped } from '../helpers/pact.ts';

/// Loads module `t` (governed by capability G) with these members and verifies it: the result
/// line and the rendered failures.
export function verify(members: string, modelOfModule = ''): { verdict: string; err: string } {
  const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ');
  const model = modelOfModule === '' ? '' : `@model [${oneLine(modelOfModule)}] `;
  const { out, err } = piped(`(module t G ${model}(defcap G () true) ${oneLine(members)})\n(verify "t")\n`);
  const verdict = /"(Verification of t (?:succeeded|failed))"/.exec(out)?.[1] ?? out;
  return { verdict, err };
}

export function holds(members: string, modelOfModule = ''): void {
  const r = verify(members, modelOfModule);
  assert.equal(r.err, '');
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
