/// Verifying a one-module program: module `t` (governed by capability G) with the given members.
import assert from 'node:assert/strict';
import { piped } from '../helpers/pact.ts';

/// Loads module `t` (governed by capability G) with these members and verifies it: the result
/// line and the rendered failures.
export function verify(members: string, modelOfModule = ''): { verdict: string; err: string } {
  const model = modelOfModule === '' ? '' : `@model [${modelOfModule}] `;
  const { out, err } = piped(`(module t G ${model}(defcap G () true) ${members.replace(/\s*\n\s*/g, ' ')})\n(verify "t")\n`);
  const verdict = /"(Verification of t (?:succeeded|failed))"/.exec(out)?.[1] ?? out;
  return { verdict, err };
}

export function holds(members: string, modelOfModule = ''): void {
  const r = verify(members, modelOfModule);
  assert.equal(r.err, '');
  assert.equal(r.verdict, 'Verification of t succeeded');
}

/// Fails with one counterexample per entry of `count` (or the given texts' starts).
export function fails(members: string, ...starts: string[]): string {
  const r = verify(members);
  assert.equal(r.verdict, 'Verification of t failed', r.err);
  for (const s of starts) assert.ok(r.err.includes(s), `${s} not in:\n${r.err}`);
  return r.err;
}

